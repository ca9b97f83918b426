"""Self-checks for notebook 10 (the engine: iterative deepening, tables, move ordering).

>>> from lesson_checks.engine import check_overhead
>>> check_overhead(1.2)
✓ Right: about 6/5 = 1.2: the last depth dominates, the shallower ones add a fifth.
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from gametheory.core import GameError
from gametheory.games.abapa import Abapa, AbapaState
from gametheory.practice.exercises import Exercise, Symptom
from gametheory.search.alphabeta import alphabeta
from lesson_checks import Verdict, feedback, number

__all__ = [
    "ORDERING_DEPTH",
    "position",
    "check_overhead",
    "check_best_case_leaves",
    "check_ordering",
    "check_researches",
    "PVS_FIRST",
    "PVS_OTHERS",
    "TT_NEGAMAX",
    "tt_negamax",
]

PVS_FIRST = 5
"""The value of the first move in the PVS exercise of notebook 10 (our numbers)."""

PVS_OTHERS = (3, 7, 4, 6)
"""The values of the other moves, in the order they are tried (our numbers)."""

ORDERING_DEPTH = 6
"""The depth at which :func:`check_ordering` compares move orders."""


def position(plies: int = 12, seed: int = 3) -> tuple[Abapa, AbapaState]:
    """The Abapa middle game of notebook 10: ``plies`` random moves from the start, seeded.

    >>> game, state = position()
    >>> state.houses, state.to_move
    ((1, 5, 3, 9, 2, 10, 8, 0, 7, 0, 1, 0), 0)
    """
    game = Abapa()
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        state = game.result(state, rng.choice(game.legal_moves(state)))
    return game, state


def check_overhead(ratio: float) -> Verdict:
    """Exercise: a game tree with branching factor 6 and no pruning. Searching depths
    1, 2, …, d one after the other visits about how many times the nodes of depth d alone?

    >>> check_overhead(6)
    ✗ Not yet: 6 is the branching factor: it says how much bigger depth d is than depth d − 1, not what all the depths cost together; add 1 + 1/6 + 1/36 and so on.
    False
    """
    read = number(ratio)
    if read is None:
        return feedback(False, f'answer with a number (1.2, "6/5"), not {ratio!r}')
    ratio = read
    if abs(ratio - 1.2) <= 0.02:
        return feedback(
            True, "about 6/5 = 1.2: the last depth dominates, the shallower ones add a fifth"
        )
    if abs(ratio - 1) < 1e-9:
        return feedback(
            False,
            "the shallower depths are not free: depth d − 1 alone costs 1/6 of depth d",
        )
    if abs(ratio - 2) < 1e-9:
        return feedback(
            False,
            "2 is the answer for a binary tree (b = 2: 1 + 1/2 + 1/4 + … = 2); here b = 6",
        )
    if abs(ratio - 6) < 1e-9:
        return feedback(
            False,
            "6 is the branching factor: it says how much bigger depth d is than depth d − 1, "
            "not what all the depths cost together; add 1 + 1/6 + 1/36 and so on",
        )
    if ratio >= 3:
        return feedback(
            False,
            f"{ratio:g} is far too much: depth d − 1 costs only 1/6 of depth d, depth d − 2 "
            "only 1/36, and so on; add 1 + 1/6 + 1/36 + …",
        )
    return feedback(
        False,
        "add up the geometric series 1 + 1/b + 1/b² + … = b / (b − 1) with b = 6",
    )


def check_best_case_leaves(answer: object) -> Verdict:
    """Exercise: with perfect move ordering, how many leaves does alpha-beta look at in a
    uniform tree with branching factor 6 and depth 4? (Knuth and Moore, 1975.)

    >>> check_best_case_leaves(1296)
    ✗ Not yet: 1296 = 6⁴ is every leaf, what minimax looks at; perfect ordering prunes most of them.
    False
    """
    read = number(answer)
    if read is None or read != int(read):
        return feedback(False, f"answer with a whole number of leaves, not {answer!r}")
    n = int(read)
    if n == 71:
        return feedback(
            True, "6² + 6² − 1 = 71 instead of 6⁴ = 1296: the depth is in effect halved"
        )
    if n == 1296:
        return feedback(
            False,
            "1296 = 6⁴ is every leaf, what minimax looks at; perfect ordering prunes most of them",
        )
    if n == 36:
        return feedback(
            False,
            "36 = 6² proves only one side of the value (that MAX gets at least it, or that MIN "
            "holds MAX to it); the best case needs both proofs, sharing one leaf",
        )
    if n == 72:
        return feedback(False, "close: the two proofs share one leaf, the principal variation's")
    return feedback(
        False,
        "the formula is b^⌈d/2⌉ + b^⌊d/2⌋ − 1: one tree proving MAX's bound, one proving MIN's",
    )


def check_ordering(
    order: Callable[[Any, Sequence[Any]], Sequence[Any]],
    *,
    depth: int = ORDERING_DEPTH,
) -> Verdict:
    """Exercise: write ``order(state, moves) -> moves`` so that alpha-beta, at ``depth`` on
    :func:`position` with the game's own evaluation, visits fewer nodes than with the moves
    in their given order.

    >>> game, _ = position()
    >>> check_ordering(lambda state, moves: list(moves))
    ✗ Not yet: 1553 nodes, the same as the moves in house order (1553); try the moves that capture first (game.explain(state, m).seeds_captured says how much a move takes), or the houses nearest the opponent first.
    False
    """
    if not callable(order):
        return feedback(False, f"pass a function order(state, moves) -> moves, not {order!r}")
    game, state = position()
    plain = alphabeta(game, state, depth, game.evaluate)
    try:
        mine = alphabeta(game, state, depth, game.evaluate, order=order)
    except GameError as error:
        return feedback(False, f"{error}")
    except Exception as error:  # a student's function may fail in any way
        return feedback(False, f"your order function raised {type(error).__name__}: {error}")
    assert mine.value == plain.value  # ordering never changes the value
    n, base = mine.stats.nodes, plain.stats.nodes
    if n < base:
        return feedback(
            True,
            f"{n} nodes instead of {base} ({100 * (base - n) / base:.0f}% fewer), and the "
            "same value",
        )
    comparison = "the same as" if n == base else "more than"
    return feedback(
        False,
        f"{n} nodes, {comparison} the moves in house order ({base}); try the moves that "
        "capture first (game.explain(state, m).seeds_captured says how much a move takes), "
        "or the houses nearest the opponent first",
    )


def researches(first: float, others: Sequence[float]) -> int:
    """How many of ``others`` principal-variation search searches a second time at a MAX
    node whose first move is worth ``first``: each move that is better than the best so far.

    >>> researches(5, (3, 7, 4, 6))
    1
    """
    best, count = first, 0
    for value in others:
        if value > best:
            best, count = value, count + 1
    return count


def check_researches(answer: object) -> Verdict:
    """Exercise: the first move is worth :data:`PVS_FIRST`, the others :data:`PVS_OTHERS` in
    the order they are tried; how many does principal-variation search search again?

    >>> check_researches("2")
    ✗ Not yet: α does not stay at 5: after a move that is better, the question for the next ones is "better than that move?".
    False
    """
    read = number(answer)
    if read is None or read != int(read):
        return feedback(False, f"answer with a whole number of moves, not {answer!r}")
    n, right = int(read), researches(PVS_FIRST, PVS_OTHERS)
    above_first = sum(value > PVS_FIRST for value in PVS_OTHERS)
    if n == right:
        return feedback(
            True, "only the move worth 7 is better than α when it is tried; it raises α to 7"
        )
    if n == above_first:
        return feedback(
            False,
            f"α does not stay at {PVS_FIRST}: after a move that is better, the question for "
            'the next ones is "better than that move?"',
        )
    if n == len(PVS_OTHERS):
        return feedback(
            False,
            'the null window answers most moves at once ("not better"); only a move that '
            "turns out better than α is searched again",
        )
    if n == 0:
        return feedback(
            False,
            f"one of the moves is better than α = {PVS_FIRST} when it is tried; the null "
            'window says only "better", so its value needs a second search',
        )
    return feedback(
        False,
        f"go through the moves in order, keeping α (it starts at {PVS_FIRST}); count the "
        "moves that are better than α when they are tried",
    )


# -- the exercise to write: negamax with a dictionary transposition table -------------------
def tt_negamax(game: Any, state: Any, depth: int, table: dict[Any, Any]) -> float:
    """The reference: the negamax value of ``state`` for the player to move, ``depth`` plies
    deep (a position not over at depth 0 is worth 0); ``table`` maps ``(state, depth)`` to
    a value found before, and every value found is stored there.

    >>> from gametheory.games.tictactoe import TicTacToe
    >>> game, table = TicTacToe(), {}
    >>> tt_negamax(game, game.state("XO./.X./O.."), 9, table), len(table) > 1
    (1.0, True)
    """
    key = (state, depth)
    if key in table:
        return table[key]  # type: ignore[no-any-return]
    if game.is_terminal(state):
        value = game.utility(state, game.to_move(state))
    elif depth == 0:
        value = 0
    else:
        value = max(
            -tt_negamax(game, game.result(state, move), depth - 1, table)
            for move in game.legal_moves(state)
        )
    table[key] = value
    return value  # type: ignore[no-any-return]


def _without_table(game: Any, state: Any, depth: int, table: dict[Any, Any]) -> float:
    return tt_negamax(game, state, depth, {})


def _keyed_by_state(game: Any, state: Any, depth: int, table: dict[Any, Any]) -> float:
    if state in table:
        return table[state]  # type: ignore[no-any-return]
    if game.is_terminal(state):
        value = game.utility(state, game.to_move(state))
    elif depth == 0:
        value = 0
    else:
        value = max(
            -_keyed_by_state(game, game.result(state, m), depth - 1, table)
            for m in game.legal_moves(state)
        )
    table[state] = value
    return value  # type: ignore[no-any-return]


def _no_sign(game: Any, state: Any, depth: int, table: dict[Any, Any]) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))  # type: ignore[no-any-return]
    if depth == 0:
        return 0
    return max(
        _no_sign(game, game.result(state, m), depth - 1, table) for m in game.legal_moves(state)
    )


def _max_scored(game: Any, state: Any, depth: int, table: dict[Any, Any]) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)  # type: ignore[no-any-return]
    if depth == 0:
        return 0
    return max(
        -_max_scored(game, game.result(state, m), depth - 1, table) for m in game.legal_moves(state)
    )


def _tt_cases() -> list[tuple[Any, ...]]:
    """Tic-tac-toe positions from the end backwards, at depths that reach the end or not,
    each with an empty table; then tables already holding a value (7, which no position of
    tic-tac-toe is worth) for the position at that depth, or for the position alone."""
    from gametheory.games.tictactoe import TicTacToe

    game = TicTacToe()
    boards = ["XXX/OO./...", "XO./.X./O..", "XOX/.O./...", "XO./.XO/..."]
    cases: list[tuple[Any, ...]] = []
    for board in boards:  # depth 9 reaches every end; the others stop short of some
        state = game.state(board)
        cases += [(game, state, depth, {}) for depth in (0, 1, 2, 9)]
    state = game.state("XO./.X./O..")
    cases.append((game, state, 3, {(state, 3): 7}))  # a value found before: taken, not searched
    cases.append((game, state, 3, {state: 7}))  # keyed by the position alone: not this table's
    return cases


def _tt_call(case: tuple[Any, ...]) -> str:
    game, state, depth, table = case
    held = (
        ", table holding "
        + ", ".join(
            f"{'(position, ' + str(k[1]) + ')' if isinstance(k, tuple) else 'position'}: {v}"
            for k, v in table.items()
        )
        if table
        else ", {}"
    )
    return f"game, {game.text(state).replace(chr(10), '/').replace(' ', '')!r}, {depth}{held}"


TT_NEGAMAX = Exercise(
    "tt_negamax",
    tt_negamax,
    _tt_cases(),
    [
        Symptom(
            "the sign forgotten",
            _no_sign,
            "a child's value is for the opponent, who moves there: what is it worth to you?",
        ),
        Symptom(
            "a finished game scored for MAX",
            _max_scored,
            "a finished game is worth something to someone: to whom, in negamax?",
        ),
        Symptom(
            "the table never read",
            _without_table,
            "when the table already holds this position at this depth, the search is done: "
            "what should happen before searching?",
        ),
        Symptom(
            "the table keyed by the position alone",
            _keyed_by_state,
            "a value found 3 plies deep is not the value 5 plies deep: what else must the key say?",
        ),
    ],
    describe=_tt_call,
)
"""Lesson 10's exercise: negamax with a dictionary transposition table on tic-tac-toe."""
