"""Self-checks for notebook 04 (game trees).

>>> from lesson_checks.trees import check_positions_after_two_plies
>>> check_positions_after_two_plies(12)
✓ Right: 12 positions after X and O have each played once, up to rotation and reflection.
True
"""

from __future__ import annotations

from gametheory.andor import solve
from gametheory.games.nim import Nim
from gametheory.search.minimax import minimax
from gametheory.trees import GameTree, tree
from lesson_checks import Verdict, feedback

__all__ = [
    "COLOURS",
    "colouring_tree",
    "check_positions_after_two_plies",
    "check_root_colour",
    "check_tree_nodes",
]

COLOURS = {1: "black", 0: "grey", -1: "white"}
"""The thesis' colours: black = the first player wins, white = the second wins, grey = draw."""


def colouring_tree() -> GameTree:
    """The tree of the colouring exercise: leaves are +1 (black), 0 (grey) or −1 (white).

    >>> len(colouring_tree().leaves())
    12
    """
    return tree(
        [
            [[1, 1], [-1, -1]],
            [[1, 1], [0, -1]],
            [[1, -1], [-1, 1]],
        ]
    )


def check_positions_after_two_plies(n: int) -> Verdict:
    """Exercise: how many tic-tac-toe positions are there after two plies (X, then O),
    counting a position and its rotations and reflections once?

    >>> check_positions_after_two_plies(72)
    ✗ Not yet: 72 counts every position; many of them are rotations or reflections of each other, count each group once.
    False
    """
    if isinstance(n, bool) or not isinstance(n, int):
        return feedback(False, f"answer with a whole number, not {n!r}")
    if n == 12:
        return feedback(
            True, "12 positions after X and O have each played once, up to rotation and reflection"
        )
    if n == 72:
        return feedback(
            False,
            "72 counts every position; many of them are rotations or reflections of each other, "
            "count each group once",
        )
    if n == 3:
        return feedback(
            False,
            "3 is the count after one ply (corner, edge, centre); now let O answer each of them",
        )
    if n == 81:
        return feedback(False, "O cannot play on the cell X took: 9 × 8 = 72 before symmetry")
    if n < 12:
        return feedback(
            False,
            f"{n} is too few: after X in the centre alone, O has two different answers "
            "(corner, edge); after a corner or an edge there are more",
        )
    return feedback(
        False,
        f"{n} is too many: after X in a corner, O's answers on the two edges next to it are "
        "mirror images, and so are many others; the game's symmetry function helps",
    )


def check_root_colour(colour: str) -> Verdict:
    """Exercise: colour :func:`colouring_tree` from the leaves up; what colour is the root?

    Answer ``"black"`` (the first player wins), ``"white"`` (the second wins) or ``"grey"``
    (a draw).

    >>> check_root_colour("grey")
    ✗ Not yet: grey means the first player can at best draw; look at every move at the root: one of them leads to a black node.
    False
    """
    answer = _colour_of(minimax(colouring_tree()).value)
    given = str(colour).strip().lower().replace("gray", "grey")
    if given not in COLOURS.values():
        return feedback(False, f"answer 'black', 'white' or 'grey', not {colour!r}")
    if given == answer:
        return feedback(
            True,
            "black: at D (move a3) every white answer leaves black a winning reply",
        )
    if given == "white":
        return feedback(
            False,
            "white would need every child of the root to be white; the first player moves "
            "at the root and picks the best child, so one black child is enough for black",
        )
    return feedback(
        False,
        "grey means the first player can at best draw; look at every move at the root: "
        "one of them leads to a black node",
    )


def check_tree_nodes(n: int) -> Verdict:
    """Exercise: how many nodes has the complete game tree of the matches game with 5
    matches (take 1 to 3), the root and the leaves included?

    >>> check_tree_nodes(28)
    ✓ Right: 28 nodes: a tree repeats a position once for every way of reaching it.
    True
    """
    if isinstance(n, bool) or not isinstance(n, int):
        return feedback(False, f"answer with a whole number, not {n!r}")
    if n == 28:
        return feedback(
            True, "28 nodes: a tree repeats a position once for every way of reaching it"
        )
    if n == 13:
        return feedback(
            False, "13 is the number of leaves (complete games); count the inner nodes too"
        )
    if n == 15:
        return feedback(False, "15 are the inner nodes; the 13 leaves are nodes too")
    if n == 27:
        return feedback(False, "27 forgets the root, the position before any move")
    if n == len(solve(Nim(5))):
        return feedback(
            False,
            f"{n} counts positions; in a tree the same position appears again for every move "
            "order that reaches it (5 → 4 → 2 and 5 → 3 → 2)",
        )
    return feedback(
        False,
        "count level by level: 1 root, 3 children (4, 3, 2 left), then their children … "
        "or let expand(Nim(5), depth=5) count for you",
    )


def _colour_of(value: float) -> str:
    return COLOURS[int(value)]
