"""Self-checks for notebook 05 (AND/OR graphs and winning strategies).

>>> from lesson_checks.andor import check_first_take
>>> check_first_take(1)
✓ Right: take 1 and leave 12, a multiple of 4; then answer every k with 4 − k.
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gametheory.andor import LOSS, WIN, AndOrGraph, label, solve, winning_strategy
from gametheory.games.nim import Nim, NimState
from gametheory.games.tictactoe import TicTacToe
from gametheory.practice.answers import AnswerError, parse_choice, parse_whole, parse_wholes
from gametheory.trees import GameTree, tree
from lesson_checks import Verdict, feedback

__all__ = [
    "exercise_tree",
    "check_first_take",
    "check_misere_losses",
    "check_nim_strategy",
    "check_winning_move",
    "check_drawn_first_moves",
]


def _whole(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def exercise_tree() -> GameTree:
    """The tree of the winning-move exercise: A (MAX) moves first, leaves are +1 / −1 for A.

    >>> len(exercise_tree().leaves())
    8
    """
    return tree([[1, -1], [1, 1, -1], [[1, -1], 1]])


def check_first_take(k: int) -> Verdict:
    """Exercise: with 13 matches (take 1–3, taking the last one wins), how many should A
    take first?

    >>> check_first_take(3)
    ✗ Not yet: taking 3 leaves 10; B takes 2 and leaves you 8, a multiple of 4, and from there B answers every move of yours with 4 − k.
    False
    """
    if not _whole(k) or not 1 <= k <= 3:
        return feedback(False, f"you may take 1, 2 or 3 matches, not {k!r}")
    if k == 1:
        return feedback(
            True, "take 1 and leave 12, a multiple of 4; then answer every k with 4 − k"
        )
    left = 13 - k
    reply = left % 4
    return feedback(
        False,
        f"taking {k} leaves {left}; B takes {reply} and leaves you {left - reply}, a multiple "
        "of 4, and from there B answers every move of yours with 4 − k",
    )


def check_misere_losses(counts: Iterable[int]) -> Verdict:
    """Exercise: in the misère matches game (whoever takes the last match *loses*), for which
    numbers of matches 1..13 does the player to move lose?

    >>> check_misere_losses({4, 8, 12})
    ✗ Not yet: those are the losses of the normal game; in misère play the last match is poison: with 1 match left, your only move takes it.
    False
    >>> check_misere_losses({1.0, 5.0, 9.0, "13"})
    ✓ Right: 1, 5, 9, 13: leave your opponent one more than a multiple of 4.
    True
    """
    try:
        given = set(parse_wholes(counts, "matches"))
    except AnswerError as error:
        return feedback(False, f"answer with a set of numbers of matches: {error}")
    outside = sorted(n for n in given if not 1 <= n <= 13)
    if outside:
        return feedback(
            False, f"the question asks about counts from 1 to 13, so leave out {outside[0]}"
        )
    solution = solve(Nim(13, misere=True))
    right = {s.matches for s in solution if solution[s] is LOSS and 1 <= s.matches <= 13}
    if given == right:
        return feedback(True, "1, 5, 9, 13: leave your opponent one more than a multiple of 4")
    if given == {4, 8, 12}:
        return feedback(
            False,
            "those are the losses of the normal game; in misère play the last match is poison: "
            "with 1 match left, your only move takes it",
        )
    missing, extra = sorted(right - given), sorted(given - right)
    if extra:
        n = extra[0]
        take = next(t for t in (1, 2, 3) if n - t in right)
        return feedback(
            False,
            f"with {n} matches the mover wins by taking {take}: the opponent is left with "
            f"{n - take}, a losing count",
        )
    n = missing[0]
    if n == 1:
        return feedback(False, "1 is a loss too: from 1 your only move takes the last match")
    return feedback(
        False,
        f"{n} is a loss too: every move from {n} leaves the opponent a count from which "
        "they win (try each of them)",
    )


def check_nim_strategy(strategy: Mapping[int, int], n: int = 10) -> Verdict:
    """Exercise: write a winning strategy for A in the matches game with ``n`` matches, as
    ``{matches on the table when A moves: matches A takes}``.

    It is checked against every defence of B (with
    :func:`~gametheory.andor.is_winning_strategy`'s rules: a legal move at every position
    A can meet, and every game won).

    >>> check_nim_strategy({10: 2, 7: 3, 6: 2, 5: 1, 3: 3, 2: 2, 1: 1})
    ✓ Right: it wins against every defence: A always leaves a multiple of 4.
    True
    >>> check_nim_strategy({10: 2, 7: 3, 6: 2, 5: 1})
    ✗ Not yet: your strategy has no move for 3 matches, which B can leave you (10 → 8 → 7 → 4 → 3); every position B can leave you needs a move.
    False
    """
    if not isinstance(strategy, Mapping):
        return feedback(False, f"answer with a dict {{matches: take}}, not {strategy!r}")
    try:
        strategy = {
            parse_whole(k, "matches"): parse_whole(v, "matches") for k, v in strategy.items()
        }
    except AnswerError as error:
        return feedback(False, f"both sides of {{matches: take}} are whole numbers: {error}")
    game = Nim(n)
    graph = AndOrGraph.from_game(game)
    labels = label(graph)
    # walk every game B can force against the strategy, depth first, keeping the line
    stack: list[tuple[NimState, tuple[int, ...]]] = [(game.initial_state(), (n,))]
    seen = set()
    while stack:
        state, line = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if game.is_terminal(state):
            if game.utility(state, 0) <= 0:  # pragma: no cover - caught by the label test
                return feedback(False, f"B takes the last match after {_line(line)}")
            continue
        if state.to_move == 0:
            m = state.matches
            if m not in strategy:
                where = (
                    "at the start" if len(line) == 1 else f"which B can leave you ({_line(line)})"
                )
                return feedback(
                    False,
                    f"your strategy has no move for {_matches(m)}, {where}; every position "
                    "B can leave you needs a move",
                )
            take = strategy[m]
            if take not in game.legal_moves(state):
                allowed = "only 1" if m == 1 else f"1 to {min(3, m)}"
                return feedback(False, f"with {_matches(m)} you may take {allowed}, not {take!r}")
            child = game.result(state, take)
            if labels[child] is not WIN:
                left = child.matches
                if left <= 3:
                    last = "the last match" if left == 1 else f"the last {left} matches"
                    where = f"B takes {last} and wins"
                else:
                    where = f"B takes {left % 4} and leaves you {left - left % 4}, a multiple of 4"
                return feedback(
                    False,
                    f"with {_matches(m)} your strategy takes {take} and leaves {left}: {where}",
                )
            stack.append((child, (*line, child.matches)))
        else:
            for take in reversed(game.legal_moves(state)):  # B's smallest reply first
                child = game.result(state, take)
                stack.append((child, (*line, child.matches)))
    return feedback(True, "it wins against every defence: A always leaves a multiple of 4")


def _matches(m: int) -> str:
    return f"{m} match" if m == 1 else f"{m} matches"


def _line(line: tuple[int, ...]) -> str:
    return " → ".join(map(str, line))


def check_winning_move(move: str | None) -> Verdict:
    """Exercise: in :func:`exercise_tree`, which move at the root starts A's winning
    strategy? Answer with the edge label (``"a1"``, ``"a2"``, ``"a3"``) or ``None`` if A
    has no winning strategy.

    >>> check_winning_move("a2")
    ✗ Not yet: a2 leads to an AND node: B chooses there, and B picks c3, worth −1 for A.
    False
    >>> check_winning_move("A3"), check_winning_move(3)  # doctest: +ELLIPSIS
    ✓ Right: ...
    (True, True)
    """
    t = exercise_tree()
    labels = [t.root.labels[k] for k in range(len(t.root.children))]
    if isinstance(move, str) and move.strip().lower() in ("none", ""):
        move = None
    if move is not None:
        typed = str(move).strip().lower()
        typed = f"a{typed}" if typed.isdigit() else typed  # "3" for a3
        try:
            move = parse_choice(typed, labels, "a root move")
        except AnswerError:
            return feedback(False, f"answer with one of {labels} or None, not {move!r}")
    strategy = winning_strategy(AndOrGraph.from_game(t))
    assert strategy is not None
    right = labels[strategy.move(t.root)]
    if move == right:
        return feedback(
            True,
            "a3: B's replies d1 and d2 both lose for B (at J, A answers j1), so the whole AND "
            "bundle is won",
        )
    if move is None:
        return feedback(
            False,
            "one root move is enough at an OR node: look for an AND child all of whose "
            "replies are wins for A",
        )
    node = t.root.children[labels.index(move)]
    bad = next(c for c in node.children if c.payoff is not None and c.payoff < 0)
    return feedback(
        False,
        f"{move} leads to an AND node: B chooses there, and B picks "
        f"{node.labels[node.children.index(bad)]}, worth −1 for A",
    )


def check_drawn_first_moves(n: int) -> Verdict:
    """Exercise: how many of X's nine first moves in tic-tac-toe keep the game a draw
    (do not lose against perfect play)?

    >>> check_drawn_first_moves(9)
    ✓ Right: all 9: tic-tac-toe is so small that no first move loses; the mistakes come later.
    True
    """
    try:
        n = parse_whole(n, "first moves")
    except AnswerError as error:
        return feedback(False, str(error))
    if not 0 <= n <= 9:
        return feedback(False, f"X has 9 first moves: answer with a number from 0 to 9, not {n}")
    game = TicTacToe()
    solution = solve(game)
    start = game.initial_state()
    right = sum(solution.for_player(game.result(start, c), 0) is not LOSS for c in range(9))
    if n == right:
        return feedback(
            True,
            "all 9: tic-tac-toe is so small that no first move loses; the mistakes come later",
        )
    if n == 1:
        return feedback(
            False,
            "the centre is a good start, but not the only one: solve the position after each "
            "first move and look at its label",
        )
    if n in (3, 5):
        return feedback(
            False,
            "the corners and the centre keep the draw; before you leave the other moves out, "
            "solve the position after one of them",
        )
    return feedback(
        False,
        "check each of the nine positions after X's first move with solve(): its value for "
        "X is DRAW or LOSS",
    )
