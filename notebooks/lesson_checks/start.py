"""Self-checks for notebook 00 (start here).

Every verdict comes from a search of the game or the tree, not from an answer typed in.

>>> from lesson_checks.start import check_first_move
>>> check_first_move(1)
✓ Right: taking 1 leaves 12, a multiple of 4: whatever B takes, A takes the rest of 4, and A takes the last match.
True
"""

from __future__ import annotations

from functools import cache

from gametheory.games.nim import Nim
from gametheory.search.minimax import minimax
from gametheory.search.negamax import negamax
from gametheory.trees import GameTree, Node, tree
from lesson_checks import Verdict, feedback, whole_numbers
from lesson_checks._reading import whole_number

__all__ = [
    "FIRST_TREE",
    "LARGEST_PILE",
    "MATCHES",
    "check_first_move",
    "check_losing_piles",
    "check_tree_value",
    "first_tree",
]

MATCHES = 13
"""The matches on the table in the first-move exercise (the notes leave the number open;
13 is ours)."""

LARGEST_PILE = 8
"""The losing-piles exercise asks about piles of 1 to this many matches."""

FIRST_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""The first tree of the course: figure 5.2 of Russell and Norvig's *Artificial
Intelligence: A Modern Approach* (3rd edition). MAX (A) chooses a branch, MIN (B) a leaf."""


@cache
def _mover_wins(matches: int) -> bool:
    """Whether the player to move with ``matches`` on the table can force a win."""
    return negamax(Nim(matches)).value > 0


def check_losing_piles(piles: object) -> Verdict:
    """Exercise: in the matches game (take 1, 2 or 3; whoever takes the last match wins),
    with which piles of 1 to :data:`LARGEST_PILE` matches does the player to move lose
    against best play?

    The answer is a list (``[5, 6]``, ``"5, 6"``); the verdict names the first pile that is
    wrong and says why, without saying which move wins.

    >>> check_losing_piles([2, 4])
    ✗ Not yet: with 2 matches the mover takes them all, the last one with them, and wins.
    False
    >>> check_losing_piles([4])
    ✗ Not yet: a losing pile is missing: look for a pile up to 8 from which every move (take 1, 2 or 3) leaves the other player a pile they win from.
    False
    """
    given = whole_numbers(piles)
    if given is None:
        return feedback(False, "answer with a list of whole numbers of matches, such as [5, 6]")
    outside = [n for n in given if not 1 <= n <= LARGEST_PILE]
    if outside:
        return feedback(
            False, f"{outside[0]} is not a pile of 1 to {LARGEST_PILE}: the question is about those"
        )
    losing = [n for n in range(1, LARGEST_PILE + 1) if not _mover_wins(n)]
    if given == losing:
        listed = " and ".join(map(str, losing))
        return feedback(
            True, f"{listed}: whatever the mover takes, the other player takes the rest of 4"
        )
    wins = [n for n in given if n not in losing]
    if wins:
        n = wins[0]
        if n <= 3:
            return feedback(
                False,
                f"with {n} matches the mover takes them all, the last one with them, and wins",
            )
        return feedback(
            False,
            f"with {n} matches the mover wins: one of the moves (take 1, 2 or 3) leaves the "
            "other player a losing pile; which one?",
        )
    return feedback(
        False,
        f"a losing pile is missing: look for a pile up to {LARGEST_PILE} from which every "
        "move (take 1, 2 or 3) leaves the other player a pile they win from",
    )


def check_first_move(take: object) -> Verdict:
    """Exercise: 13 matches, A to move, each move takes 1, 2 or 3, and whoever takes the last
    match wins. How many must A take now to be sure to win?

    The verdict comes from a search of the whole game: a move is right when the player who
    must answer it loses against best play.

    >>> check_first_move(3)
    ✗ Not yet: taking 3 leaves 10, and then B takes 2 and leaves 8, a multiple of 4: now B can answer every move of A so that together they take 4, and B takes the last match.
    False
    """
    count = whole_number(take, "matches to take")
    if isinstance(count, str):
        return feedback(False, count)
    game = Nim(MATCHES)
    start = game.initial_state()
    if count not in game.legal_moves(start):
        return feedback(False, f"a move takes 1, 2 or 3 matches, not {count}")
    after = game.result(start, count)
    left = after.matches
    reply = negamax(game, after)  # for B, who moves next
    if reply.value < 0:
        return feedback(
            True,
            f"taking {count} leaves {left}, a multiple of 4: whatever B takes, A takes the rest "
            "of 4, and A takes the last match",
        )
    rest = left - reply.move
    return feedback(
        False,
        f"taking {count} leaves {left}, and then B takes {reply.move} and leaves {rest}, a "
        "multiple of 4: now B can answer every move of A so that together they take 4, and B "
        "takes the last match",
    )


def first_tree() -> GameTree:
    """The tree of :data:`FIRST_TREE`, nodes named A (the root), B, C, D, then E to M.

    >>> [node.name for node in first_tree().root.children]
    ['B', 'C', 'D']
    """
    return tree(FIRST_TREE)


def check_tree_value(value: object) -> Verdict:
    """Exercise: in :func:`first_tree` A (MAX) chooses a branch, then B (MIN) a leaf; the
    leaves are payoffs for A. What does A get when both choose as well as they can?

    >>> check_tree_value(14)
    ✗ Not yet: 14 is the best leaf for A, but B chooses after A: under that branch B answers with a leaf that is worse for A.
    False
    """
    given = whole_number(value, "points A gets")
    if isinstance(given, str):
        return feedback(False, given)
    t = first_tree()
    right = minimax(t).value
    answers = [min(_payoffs(branch)) for branch in t.root.children]
    leaves = sorted({payoff for branch in t.root.children for payoff in _payoffs(branch)})
    if given == right:
        return feedback(
            True,
            f"A gets {given:g}: B answers each branch with its least leaf "
            f"({', '.join(f'{a:g}' for a in answers)}), and A picks the branch where that is "
            "largest",
        )
    if given not in leaves:
        return feedback(False, f"{given} is not a leaf: what A gets is one of the payoffs")
    if given == max(leaves):
        return feedback(
            False,
            f"{given} is the best leaf for A, but B chooses after A: under that branch B "
            "answers with a leaf that is worse for A",
        )
    if given == min(leaves):
        return feedback(
            False,
            f"{given} is the worst leaf, as if B chose everything; A chooses first: compare "
            "what B answers under each of A's three branches",
        )
    return feedback(
        False,
        "B chooses the leaf, and B wants it small: under each branch find B's answer, then "
        "let A pick the branch whose answer is best for A",
    )


def _payoffs(node: Node) -> list[float]:
    """The payoffs of the leaves just below ``node``."""
    return [leaf.payoff for leaf in node.children if leaf.payoff is not None]
