"""Self-checks for notebook 07 (alpha-beta pruning).

>>> from gametheory.exercises.alphabeta import check_pruned
>>> check_pruned({"Q", "R", "U", "V"})
✓ Right: alpha-beta never looks at Q, R, U, V.
True
"""

from __future__ import annotations

from collections.abc import Iterable

from gametheory.exercises import feedback
from gametheory.search.alphabeta import alphabeta
from gametheory.search.trace import Trace
from gametheory.trees import GameTree, tree

__all__ = ["exercise_tree", "pruned_leaves", "check_pruned"]

_SPEC = [[[5, 7], [2, 9]], [[6, 1], [8, 3]], [[4, 4], [0, 2]]]


def exercise_tree() -> GameTree:
    """The tree of the "your turn" exercise: MAX, MIN, MAX, then twelve leaves K … V.

    >>> [leaf.name for leaf in exercise_tree().leaves()][:3]
    ['K', 'L', 'M']
    """
    return tree(_SPEC)


def pruned_leaves(t: GameTree) -> set[str]:
    """The names of the leaves alpha-beta (moves in the given order) never looks at.

    >>> sorted(pruned_leaves(exercise_tree()))
    ['Q', 'R', 'U', 'V']
    """
    cut = alphabeta(t, trace=True).trace
    assert isinstance(cut, Trace)
    pruned = cut.snapshot().pruned
    return {leaf.name for leaf in t.leaves() if any(leaf.path[: len(p)] == p for p in pruned)}


def check_pruned(names: Iterable[str]) -> bool:
    """Exercise: which leaves of :func:`exercise_tree` does alpha-beta never look at?

    >>> check_pruned({"B"})
    ✗ Not yet: B is not a leaf: the leaves are K to V (draw_tree(exercise) shows their names).
    False
    >>> check_pruned({"Q", "R", "K"})
    ✗ Not yet: K must be looked at: step to it in the explorer and watch the window [α, β].
    False
    >>> check_pruned({"Q", "R"})
    ✗ Not yet: alpha-beta skips 2 more leaves: look for the moment a node's value leaves the window [α, β].
    False
    """
    if isinstance(names, str):
        names = [names]
    t = exercise_tree()
    leaves = [leaf.name for leaf in t.leaves()]
    given = {str(name).strip().upper() for name in names}
    strangers = sorted(given - set(leaves))
    if strangers:
        what = ", ".join(strangers)
        verb = "is not a leaf" if len(strangers) == 1 else "are not leaves"
        return feedback(
            False,
            f"{what} {verb}: the leaves are {leaves[0]} to {leaves[-1]} "
            "(draw_tree(exercise) shows their names)",
        )
    truth = pruned_leaves(t)
    if given == truth:
        return feedback(True, f"alpha-beta never looks at {', '.join(sorted(truth))}")
    wrong = sorted(given - truth)
    if wrong:
        it = "it" if len(wrong) == 1 else "them"
        return feedback(
            False,
            f"{', '.join(wrong)} must be looked at: step to {it} in the explorer and watch "
            "the window [α, β]",
        )
    return feedback(
        False,
        f"alpha-beta skips {len(truth - given)} more leaves: look for the moment a node's "
        "value leaves the window [α, β]",
    )
