"""Self-checks for notebook 04 (game trees).

The verdicts come from the package's own counts and searches (``solve``, ``expand``,
``minimax``), never from an answer typed in.

>>> from lesson_checks.trees import check_positions_after_two_plies
>>> check_positions_after_two_plies("12")
✓ Right: 12 positions after X and O have each played once, up to rotation and reflection.
True
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping

from gametheory.andor import solve
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
from gametheory.search.minimax import minimax
from gametheory.trees import GameTree, Node, expand, tree
from lesson_checks import Verdict, feedback
from lesson_checks._reading import whole_number

__all__ = [
    "COLOURS",
    "check_colouring",
    "check_positions_after_two_plies",
    "check_tree_nodes",
    "colouring_tree",
    "enlarged",
]

COLOURS = {1: "black", 0: "grey", -1: "white"}
"""The thesis' colours: black = the first player wins, white = the second wins, grey = draw."""


class Html(str):
    """A piece of HTML that a notebook shows as such (``_repr_html_``)."""

    def _repr_html_(self) -> str:
        return str(self)


def enlarged(picture: str, times: float = 1.6) -> Html:
    """Show an SVG picture ``times`` its size, so that the small boards beside the nodes
    of a :func:`~gametheory.draw.tree.draw_tree` picture can be read (they are drawn 27
    pixels wide). Its text alternative goes along.

    >>> from gametheory.draw.tree import draw_tree
    >>> enlarged(draw_tree([[1, 2]]), 2).startswith('<img width="')
    True
    """
    head = re.search(r'<svg[^>]*\swidth="([\d.]+)"', picture)
    width = float(head[1]) * times if head else 800.0
    title = re.search(r"<title>(.*?)</title>", picture, flags=re.S)
    alt = title[1] if title else "a game tree"
    data = base64.b64encode(picture.encode()).decode()
    return Html(f'<img width="{width:.0f}" alt="{alt}" src="data:image/svg+xml;base64,{data}">')


# -- positions after two plies ---------------------------------------------------------------
def check_positions_after_two_plies(n: object) -> Verdict:
    """Exercise: how many tic-tac-toe positions are there after two plies (X, then O),
    counting a position and its rotations and reflections once?

    >>> check_positions_after_two_plies(72)
    ✗ Not yet: 72 counts every position; many of them are rotations or reflections of each other, count each group once.
    False
    """
    given = whole_number(n, "positions")
    if isinstance(given, str):
        return feedback(False, given)
    game = TicTacToe()
    after_one = {game.result(game.initial_state(), a) for a in range(9)}
    after_two = {game.result(s, b) for s in after_one for b in game.legal_moves(s)}
    right = len({tictactoe_symmetry(s) for s in after_two})
    if given == right:
        return feedback(
            True,
            f"{right} positions after X and O have each played once, up to rotation and reflection",
        )
    hints = {
        len(after_two): f"{len(after_two)} counts every position; many of them are rotations "
        "or reflections of each other, count each group once",
        len({tictactoe_symmetry(s) for s in after_one}): f"{given} is the count after one ply "
        "(corner, edge, centre); now let O answer each of them",
        81: "O cannot play on the cell X took: 9 × 8 = 72 before symmetry",
    }
    if given in hints:
        return feedback(False, hints[given])
    if given < right:
        return feedback(
            False,
            f"{given} is too few: after X in the centre alone, O has two different answers "
            "(corner, edge); after a corner or an edge there are more",
        )
    return feedback(
        False,
        f"{given} is too many: after X in a corner, O's answers on the two edges next to it "
        "are mirror images, and so are many others; the game's symmetry function helps",
    )


# -- colouring -------------------------------------------------------------------------------
def colouring_tree() -> GameTree:
    """The tree of the colouring exercise (ours): the first player moves at the root A, the
    second at B, C, D, the first again at E to J; the leaves are +1 (black), 0 (grey) or
    −1 (white).

    >>> t = colouring_tree()
    >>> len(t.leaves()), [n.name for n in t.root.children]
    (12, ['B', 'C', 'D'])
    """
    return tree(
        [
            [[1, 1], [-1, -1]],
            [[1, 1], [0, -1]],
            [[1, -1], [-1, 1]],
        ]
    )


_COLOUR_WORDS = {"black": "black", "white": "white", "grey": "grey", "gray": "grey"}


def check_colouring(colours: object) -> Verdict:
    """Exercise: colour :func:`colouring_tree` from the leaves up. Answer with the colours
    of the root A and its children B, C, D (the nodes E to J may be given too), as
    ``{"A": "black", …}``.

    The verdict names the first wrong node from the bottom up and the rule that colours it,
    not its colour; it never calls a right node wrong.

    >>> check_colouring({"A": "grey", "B": "white", "C": "grey", "D": "white"})
    ✗ Not yet: D: the second player moves at D, so D is white if one of its children is white, black only if all of them are black, and grey otherwise; work out I and J first.
    False
    >>> check_colouring({"A": "grey", "B": "white", "C": "grey", "D": "black"})
    ✗ Not yet: A: the first player moves at A, so A is black if one of its children is black, white only if all of them are white, and grey otherwise; your B, C and D are right: apply the rule to them.
    False
    """
    t = colouring_tree()
    given = _colours_of(colours, t)
    if isinstance(given, str):
        return feedback(False, given)
    value = {n: minimax(t, n).value * (1 if n.player == 0 else -1) for n in t if n.children}
    for node in sorted(given, key=lambda n: (-n.depth, n.path)):
        if given[node] != COLOURS[int(value[node])]:
            return feedback(False, _rule(node, given))
    return feedback(
        True,
        "A is black: B is white, C grey and D black, and the first player picks D at the root",
    )


def _colours_of(colours: object, t: GameTree) -> dict[Node, str] | str:
    """The colours of an answer by node, or what is wrong with its form."""
    if not isinstance(colours, Mapping):
        return 'answer with a dict of node names and colours, such as {"A": "white", …}'
    inner = {n.name: n for n in t if n.children}
    given = {}
    for name, colour in colours.items():
        node = inner.get(str(name).strip().upper())
        if node is None:
            return f"{name!r} is not a node above the leaves: they are A to J"
        word = _COLOUR_WORDS.get(str(colour).strip().lower())
        if word is None:
            return f"{name}: answer 'black', 'white' or 'grey', not {colour!r}"
        given[node] = word
    missing = [name for name in "ABCD" if inner[name] not in given]
    if missing:
        return f"give the colours of A (the root), B, C and D; {', '.join(missing)} missing"
    return given


def _rule(node: Node, given: Mapping[Node, str]) -> str:
    """The thesis' rule at ``node``, in the words of its player, and where to look: its
    leaves, or the children not answered yet (the ones answered are right, since the check
    goes from the bottom up)."""
    first = node.player == 0
    mine, theirs = ("black", "white") if first else ("white", "black")
    who = "first" if first else "second"
    if all(not c.children for c in node.children):
        look = "look at its leaves"
    else:
        unsure = [c.name for c in node.children if c not in given]
        names = [c.name for c in node.children]
        look = (
            f"work out {_and(unsure)} first"
            if unsure
            else f"your {_and(names)} are right: apply the rule to them"
        )
    return (
        f"{node.name}: the {who} player moves at {node.name}, so {node.name} is {mine} if one "
        f"of its children is {mine}, {theirs} only if all of them are {theirs}, and grey "
        f"otherwise; {look}"
    )


def _and(names: list[str]) -> str:
    """``"B, C and D"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- nodes or positions? ---------------------------------------------------------------------
def check_tree_nodes(n: object) -> Verdict:
    """Exercise: how many nodes has the complete game tree of the matches game with 5
    matches (take 1 to 3), the root and the leaves included?

    >>> check_tree_nodes(28)
    ✓ Right: 28 nodes: a tree repeats a position once for every way of reaching it.
    True
    """
    given = whole_number(n, "nodes")
    if isinstance(given, str):
        return feedback(False, given)
    t = expand(Nim(5), depth=5)
    leaves = len(t.leaves())
    if given == len(t):
        return feedback(
            True, f"{given} nodes: a tree repeats a position once for every way of reaching it"
        )
    hints = {
        leaves: f"{leaves} is the number of leaves (complete games): the tree's size as the "
        "thesis measures it; the question asks for every node, the inner ones too",
        len(t) - leaves: f"{given} are the inner nodes; the {leaves} leaves are nodes too",
        len(t) - 1: f"{given} forgets the root, the position before any move",
        len(solve(Nim(5))): f"{given} counts positions; in a tree the same position appears "
        "again for every move order that reaches it (5 → 4 → 2 and 5 → 3 → 2)",
    }
    default = (
        "count level by level: 1 root, 3 children (4, 3 and 2 matches left), then the "
        "children of each of them, down to the games that are over"
    )
    return feedback(False, hints.get(given, default))
