"""Reading a tree spec: what :func:`~gametheory.trees.tree` accepts, and the errors, each
naming the path of the offending subtree, for what it does not; and drawing a random one
(:func:`random_spec`)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

from gametheory.core import GameError

__all__ = ["Chance", "SpecCheck", "chance_items", "bad_subtree", "random_spec"]


@dataclass(frozen=True)
class Chance:
    """A chance node in a tree spec: ``Chance([(probability, subtree), ...])``.

    >>> from gametheory.trees import tree
    >>> tree(Chance([(0.5, 4), (0.5, [1, 7])])).root.player
    -1
    """

    outcomes: Sequence[tuple[float, Any]]


class SpecCheck:
    """The checks :func:`~gametheory.trees.tree` makes of each subtree as it meets it
    (breadth first): a number, a list, a dict or :class:`Chance`, no NaN payoff, and no
    list inside itself (the same list twice side by side is fine)."""

    def __init__(self) -> None:
        # the id of the list, dict or Chance each inner node came from
        self.inner: dict[tuple[int, ...], int] = {}
        self.inner_ids: set[int] = set()

    def subtree(self, sub: object, path: tuple[int, ...]) -> None:
        """Refuse ``sub``, met at ``path``, unless it is a well-formed subtree."""
        if isinstance(sub, (list, tuple, Mapping, Chance)):
            if id(sub) in self.inner_ids:  # met before: beside itself (fine) or inside itself?
                _check_not_inside_itself(sub, path, self.inner)
            self.inner[path] = id(sub)
            self.inner_ids.add(id(sub))
        if isinstance(sub, bool) or sub is None:
            raise GameError(bad_subtree(path, sub))
        if isinstance(sub, Real) and math.isnan(sub):
            raise GameError(f"tree spec at path {path}: a leaf payoff is NaN")


def _check_not_inside_itself(
    sub: object, path: tuple[int, ...], inner: Mapping[tuple[int, ...], int]
) -> None:
    """Refuse a subtree that is one of its own ancestors (a list that contains itself would
    make an endless tree); the same list used twice side by side is fine."""
    key = id(sub)
    for depth in range(len(path)):
        if inner.get(path[:depth]) == key:
            raise GameError(
                f"tree spec at path {path}: the spec contains itself (the list or dict at path "
                f"{path[:depth]} is one of its own subtrees); build each subtree as a new list"
            )


def chance_items(
    sub: Chance, path: tuple[int, ...]
) -> tuple[list[tuple[str | None, Any]], tuple[float, ...]]:
    """The subtrees of the chance node ``sub`` (at ``path``) and their probabilities,
    checked: pairs, numbers in [0, 1], summing to 1.

    >>> chance_items(Chance([(0.5, 4), (0.5, [1, 7])]), ())
    ([(None, 4), (None, [1, 7])], (0.5, 0.5))
    >>> chance_items(Chance([(0.5, 4)]), (1,))
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: tree spec at path (1,): chance probabilities sum to 0.5, not 1
    """
    items: list[tuple[str | None, Any]] = []
    probabilities: list[float] = []
    for i, outcome in enumerate(sub.outcomes):
        if not (isinstance(outcome, tuple) and len(outcome) == 2):
            raise GameError(
                f"tree spec at path {path + (i,)}: a chance outcome must be a pair "
                f"(probability, subtree), got {outcome!r}"
            )
        p, child = outcome
        if isinstance(p, bool) or not isinstance(p, Real) or not 0 <= p <= 1:
            raise GameError(
                f"tree spec at path {path + (i,)}: probability must be a number in [0, 1], "
                f"got {p!r}"
            )
        probabilities.append(float(p))
        items.append((None, child))
    if not math.isclose(sum(probabilities), 1.0, abs_tol=1e-9):
        raise GameError(
            f"tree spec at path {path}: chance probabilities sum to {sum(probabilities):g}, not 1"
        )
    return items, tuple(probabilities)


def bad_subtree(path: tuple[int, ...], sub: object) -> str:
    """The message for a subtree that is none of the kinds a spec may hold.

    >>> bad_subtree((0, 2), "x")
    "tree spec at path (0, 2): expected a number, a list, a dict or Chance(...), got 'x'"
    """
    return (
        f"tree spec at path {path}: expected a number, a list, a dict or Chance(...), got {sub!r}"
    )


def random_spec(
    rng: random.Random,
    branching: tuple[int, int],
    depth: int,
    leaf: Callable[[], Any],
    *,
    chance: Sequence[tuple[float, ...]] = (),
    ends_early: float = 0.0,
    most: int | None = None,
) -> Any:
    """A random tree spec, drawn from ``rng`` depth first without recursion (so that any
    depth is built): each node's own draw as it is made (its number of children, from
    ``branching``'s range; a leaf's value, ``leaf()``; a chance node's probabilities, one of
    ``chance``), then its subtrees in order. With ``chance`` the odd plies are chance nodes;
    from ply 2 a node is a leaf (a game that ended early) with probability ``ends_early``;
    a tree that grows past ``most`` nodes is given up there (None).

    The drills' and the code grader's trees are drawn here (``gametheory.practice.levels``),
    and :func:`~gametheory.trees.random_tree`'s.

    >>> rng = random.Random(4)
    >>> random_spec(rng, (2, 3), 2, lambda: rng.randint(1, 9))
    [[2, 7, 8], [2, 2]]
    >>> random_spec(rng, (2, 2), 2, lambda: 0, chance=[(0.5, 0.5)])
    [Chance(outcomes=[(0.5, 0), (0.5, 0)]), Chance(outcomes=[(0.5, 0), (0.5, 0)])]
    """
    # a node's subtrees still to draw: the list they go into, their ply, how many, and the
    # probabilities of a chance node's outcomes
    todo: list[tuple[list[Any], int, int, tuple[float, ...] | None]] = []
    count = 0

    def made(ply: int) -> Any:
        nonlocal count
        count += 1
        if ply == depth or (ends_early and ply >= 2 and rng.random() < ends_early):
            return leaf()
        kids: list[Any] = []
        if chance and ply % 2 == 1:
            probabilities = rng.choice(chance)
            todo.append((kids, ply + 1, len(probabilities), probabilities))
            return Chance(kids)
        todo.append((kids, ply + 1, rng.randint(*branching), None))
        return kids

    root = made(0)
    while todo:
        kids, ply, size, probabilities = todo[-1]
        if len(kids) == size:
            todo.pop()
            continue
        child = made(ply)  # its own subtrees are drawn next, before its next sibling
        kids.append(child if probabilities is None else (probabilities[len(kids)], child))
        if most is not None and count > most:
            return None
    return root
