"""The test trees: seeded random trees, chosen until every catalogued mistake (and, for
alpha-beta, every right way of returning) behaves differently from the right search on one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import chain
from typing import Any

from gametheory.practice.grader.compare import _signature
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.mistakes import ways
from gametheory.practice.grader.reference import RETURNS, Reference
from gametheory.practice.levels import LEVELS, trees
from gametheory.trees import GameTree

_CANDIDATES = 150


_PATIENCE = 40


def _candidates(kind: str, level: int, seed: int | None) -> Iterator[GameTree]:
    """The random trees ``seed`` offers a search of ``kind`` at ``level`` (the practice trees'
    generator, :func:`~gametheory.practice.levels.trees`): from level 2 one player may move
    twice in a row, unless the search assumes they alternate."""
    shape = LEVELS["grader"][level]
    shape = replace(shape, repeats=shape.repeats and KIND[kind].repeats)
    return trees(0 if seed is None else seed, shape, level, chance=KIND[kind].chance)


def _choose_trees(
    kind: str, level: int, seed: int | None, given: Sequence[GameTree], depth_limited: bool
) -> list[GameTree]:
    """The given trees, then seeded random trees until the right search and every mistake of
    the catalogue behave differently from each other on at least one of them (so a mistake is
    always caught, and named as itself); at least three trees."""
    names = ["right"] + sorted({str(w.mistake) for w in ways(kind, depth_limited, level)})
    if KIND[kind].windowed:
        names += [f"~{returns}" for returns in RETURNS]
    apart = {(a, b) for a in names for b in names if a < b}
    together = set(apart)
    chosen: list[GameTree] = []
    candidates = chain(given, _candidates(kind, level, seed))
    fruitless = 0  # candidates in a row that split nothing: some pairs may never split
    for _ in range(len(given) + _CANDIDATES):
        enough = len(chosen) >= 3 + len(given)
        if enough and (not together or fruitless >= _PATIENCE):
            break
        t = next(candidates, None)
        if t is None:
            break
        split = _told_apart(kind, t, level, depth_limited) & together
        fruitless = 0 if split else fruitless + 1
        if split or not enough or len(chosen) < len(given):
            chosen.append(t)
            together -= split
    return chosen


def _depth_for(t: GameTree, depth_limited: bool) -> int | None:
    return max(1, t.height - 1) if depth_limited else None


def _told_apart(kind: str, t: GameTree, level: int, depth_limited: bool) -> set[tuple[str, str]]:
    """The pairs of behaviours (``"right"`` and the catalogue's mistakes, by name) that
    ``t`` tells apart: none of the ways of the one looks like any way of the other."""
    depth = _depth_for(t, depth_limited)
    windowed = KIND[kind].windowed
    looks: dict[str, set[Any]] = {}
    unseen: dict[str, set[Any]] = {}  # as a search whose recursion is not seen looks
    searches: list[type[Reference]] = [Reference, *ways(kind, depth_limited, level)]
    for way in searches:
        name = way.mistake or "right"
        for returns in RETURNS if windowed else RETURNS[:1]:
            outcome = way(kind, returns).run(t, depth)
            looks.setdefault(name, set()).add(_signature(outcome, True, windowed))
            unseen.setdefault(name, set()).add(_signature(outcome, False, windowed))
            if windowed and way is Reference:  # the right ways of returning, told apart
                looks[f"~{returns}"] = {_signature(outcome, True, False)}  # so one is named
    apart = {(a, b) for a in looks for b in looks if a < b and not looks[a] & looks[b]}
    for way in searches:  # a mistake must show in the leaves and the answer too: AIMA's
        name = way.mistake or "right"  # max_value/min_value pair is seen by those only
        if level >= way.leaf_level and unseen[name] & unseen["right"]:
            apart.discard((min(name, "right"), max(name, "right")))
    return apart
