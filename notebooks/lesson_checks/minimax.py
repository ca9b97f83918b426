"""Self-checks for notebook 06 (minimax and negamax).

>>> from lesson_checks.minimax import check_minimax_value
>>> check_minimax_value(7)
✓ Right: the root is worth 7: MAX plays a1, and MIN's best answer there still leaves 7.
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from numbers import Real
from typing import Any

from gametheory.andor import AndOrGraph
from gametheory.games.tictactoe import TicTacToe
from gametheory.search.minimax import minimax
from gametheory.trees import GameTree, tree
from lesson_checks import Verdict, feedback, number, whole_numbers

__all__ = [
    "exercise_tree",
    "check_minimax_value",
    "check_best_move",
    "LARGEST",
    "check_losing_positions",
    "check_symmetric_evaluation",
]

_SPEC = [[[3, 7], [2, 9]], [[6, 1], [8, 4]], [[5, 5], [0, 10]]]


def exercise_tree() -> GameTree:
    """The three-ply tree of the minimax exercises (MAX, MIN, MAX, then leaves).

    >>> exercise_tree().height
    3
    """
    return tree(_SPEC)


def check_minimax_value(value: object) -> Verdict:
    """Exercise: the minimax value of :func:`exercise_tree` (MAX moves at the root).

    >>> check_minimax_value(3)
    ✗ Not yet: 3 is what you get with MIN at the root; here MAX moves first, then MIN, then MAX.
    False
    """
    answer = number(value)
    if answer is None:
        return feedback(False, f"{value!r} is not a number: answer with one, such as 4")
    value = answer
    t = exercise_tree()
    right = minimax(t).value
    leaves = [leaf.payoff for leaf in t.leaves()]
    if value == right:
        return feedback(
            True,
            f"the root is worth {right:g}: MAX plays a1, and MIN's best answer there still "
            f"leaves {right:g}",
        )
    if value == _min_first(_SPEC):
        return feedback(
            False,
            f"{value:g} is what you get with MIN at the root; here MAX moves first, then MIN, "
            "then MAX",
        )
    if value == max(leaf for leaf in leaves if leaf is not None):
        return feedback(
            False,
            f"{value:g} is the best leaf, but MIN moves on the second level and will not let "
            "MAX reach it",
        )
    if value == max(min(_leaves(child)) for child in _SPEC):
        return feedback(
            False,
            f"{value:g} takes the smaller leaf at the third level too; there it is MAX's turn: "
            "take the larger leaf",
        )
    if value == min(_min_first(child) for child in _SPEC):
        return feedback(
            False,
            f"{value:g} is the smallest of B, C and D; the root is MAX and takes the largest",
        )
    return feedback(
        False,
        "work from the bottom: the third level (MAX) takes the larger leaf, the second (MIN) "
        "the smaller of those, the root (MAX) the largest",
    )


def _leaves(spec: Any) -> list[float]:
    if isinstance(spec, (int, float)):
        return [float(spec)]
    return [leaf for child in spec for leaf in _leaves(child)]


def _min_first(spec: Any, maximize: bool = False) -> float:
    if isinstance(spec, (int, float)):
        return float(spec)
    values = [_min_first(child, not maximize) for child in spec]
    return max(values) if maximize else min(values)


def check_best_move(label: object) -> Verdict:
    """Exercise: MAX's best first move in :func:`exercise_tree`: ``"a1"``, ``"a2"`` or ``"a3"``.

    >>> check_best_move("a3")
    ✗ Not yet: a3 holds the 10, but MIN answers d1 there, and then MAX gets only 5; compare the values of B, C and D.
    False
    """
    t = exercise_tree()
    labels = t.root.labels
    typed = label
    label = str(label).strip().lower()
    if label not in labels:
        return feedback(False, f"answer one of {', '.join(labels)}, not {typed!r}")
    result = minimax(t)
    best = labels[result.move]
    if label == best:
        return feedback(True, f"{best}: its MIN node is worth 7, more than the others (6 and 5)")
    i = labels.index(label)
    child = t.root.children[i]
    worth = minimax(t, child).value  # for MIN, the player to move there
    reply = child.labels[minimax(t, child).move]
    biggest = max(leaf.payoff or 0 for leaf in t.leaves() if leaf.path[0] == i)
    return feedback(
        False,
        f"{label} holds the {biggest:g}, but MIN answers {reply} there, and then MAX gets only "
        f"{-worth:g}; compare the values of B, C and D",
    )


LARGEST = 15
"""The exercise asks about 1 to this many matches (negamax on 15 takes a fraction of a
second; each match more multiplies the time by about two)."""


def check_losing_positions(numbers: Iterable[int] | str) -> Verdict:
    """Exercise: in the matches game where you may take 1 to **4** matches, for which
    numbers of matches from 1 to :data:`LARGEST` does the player to move lose (against best
    play)?

    >>> check_losing_positions([4, 8, 12])
    ✗ Not yet: multiples of 4 lose when you may take 1 to 3; with 1 to 4 the opponent can always make the sum of a round 5.
    False
    """
    given = whole_numbers(numbers)
    if given is None:
        return feedback(False, "answer with a list of whole numbers, such as [3, 6, 9]")
    outside = [n for n in given if not 1 <= n <= LARGEST]
    if outside:
        return feedback(
            False,
            f"{outside[0]} is not between 1 and {LARGEST}: the question is about 1 to "
            f"{LARGEST} matches",
        )
    right = [n for n in range(1, LARGEST + 1) if n % 5 == 0]
    if given == right:
        listed = ", ".join(map(str, right))
        return feedback(True, f"{listed}: whatever you take, the opponent makes it 5 a round")
    if given == [n for n in range(1, LARGEST + 1) if n % 4 == 0]:
        return feedback(
            False,
            "multiples of 4 lose when you may take 1 to 3; with 1 to 4 the opponent can always "
            "make the sum of a round 5",
        )
    wrong = [n for n in given if n not in right]
    missing = [n for n in right if n not in given]
    if wrong:
        n = wrong[0]
        if n < 5:
            take = "it, the last match" if n == 1 else f"all {n}, the last one with them"
            return feedback(False, f"with {n} match{'es' * (n > 1)} the mover wins: take {take}")
        return feedback(
            False, f"with {n} matches the mover wins: take {n % 5} and leave {n - n % 5}"
        )
    return feedback(
        False,
        f"you missed {', '.join(map(str, missing))}: from there every move (take 1 to 4) "
        "leaves the opponent a winning number",
    )


def check_symmetric_evaluation(evaluate: Callable[[Any, int], float]) -> Verdict:
    """Exercise: write an evaluation function for tic-tac-toe that negamax can use:
    ``evaluate(state, 0) == -evaluate(state, 1)`` in every position.

    >>> check_symmetric_evaluation(lambda state, player: 1.0)
    ✗ Not yet: in the position
    . . .
    . . .
    . . .
    (X to move) evaluate(state, 0) = 1 but evaluate(state, 1) = 1; scored for the other player the value must change sign.
    False
    >>> check_symmetric_evaluation(lambda state, player: 0.0)
    ✓ Right: symmetric in all 5478 positions (0 everywhere is symmetric, but says nothing: try counting open lines).
    True
    """
    game = TicTacToe()
    positions = list(AndOrGraph.from_game(game))
    values = set()
    for state in positions:
        try:
            mine, theirs = evaluate(state, 0), evaluate(state, 1)
        except Exception as error:  # a student's function: report any failure where it happens
            return feedback(
                False,
                f"your function raised {type(error).__name__}: {error} in the position\n"
                f"{game.text(state)}",
            )
        if not all(
            isinstance(v, Real) and not isinstance(v, bool) and not math.isnan(v)
            for v in (mine, theirs)
        ):
            return feedback(
                False,
                f"return a number; your function returned {mine!r} and {theirs!r} in\n"
                f"{game.text(state)}",
            )
        if mine != -theirs:
            return feedback(
                False,
                f"in the position\n{game.text(state)}\n({'XO'[state.to_move]} to move) "
                f"evaluate(state, 0) = {mine:g} but evaluate(state, 1) = {theirs:g}; scored for "
                "the other player the value must change sign",
            )
        values.add(mine)
    note = (
        " (0 everywhere is symmetric, but says nothing: try counting open lines)"
        if values == {0}
        else ""
    )
    return feedback(True, f"symmetric in all {len(positions)} positions{note}")
