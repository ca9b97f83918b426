"""The test trees: seeded random trees, chosen until every catalogued mistake (and, for
alpha-beta, every right way of returning) behaves differently from the right search on one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gametheory.core import CHANCE
from gametheory.practice.grader.compare import _signature
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.mistakes import ways
from gametheory.practice.grader.reference import RETURNS, Reference
from gametheory.practice.levels import stream
from gametheory.trees import Chance, GameTree, tree

_SHAPES = {  # (branching range, depth, leaf values) per level: ours, as small as the drills'
    1: ((2, 3), 3, tuple(range(1, 10))),
    2: ((2, 3), 4, tuple(range(-9, 10))),
    3: ((2, 4), 4, tuple(range(-9, 10))),
}


_UNEVEN = ((0.25, 0.75), (0.75, 0.25), (0.2, 0.8), (0.6, 0.4), (0.2, 0.3, 0.5), (0.6, 0.2, 0.2))
"""Chance nodes get unequal probabilities (ours), so that forgetting them shows."""


_MAX_LEAVES = 24


_CANDIDATES = 150


_PATIENCE = 40


def _random_tree(rng: random.Random, level: int, chance: bool, repeat: bool) -> GameTree:
    """A random tree of ``level``; with ``repeat``, one player moves twice in a row
    somewhere below the root (as in CS188's trees with several MIN layers)."""
    (lo, hi), depth, values = _SHAPES[level]

    def build(ply: int) -> Any:
        # a few games end early, so that finished positions are met by both players
        if ply == depth or (ply >= 2 and rng.random() < 0.15):
            return rng.choice(values)
        if chance and ply % 2 == 1:
            return Chance([(p, build(ply + 1)) for p in rng.choice(_UNEVEN)])
        return [build(ply + 1) for _ in range(rng.randint(lo, hi))]

    while True:
        spec = build(0)
        if _leaf_count(spec) <= _MAX_LEAVES:
            t = tree(spec)
            return _repeat_a_player(t, rng) if repeat else t


def _repeat_a_player(t: GameTree, rng: random.Random) -> GameTree:
    """``t`` with one inner node below the root given its parent's player (the players
    alternate again below it)."""
    inner = [
        n
        for n in t
        if not n.is_leaf and n.parent is not None and CHANCE not in (n.player, n.parent.player)
    ]
    if not inner:
        return t
    start = rng.choice(inner)
    todo = [(start, start.parent.player)]  # type: ignore[union-attr]
    while todo:
        node, player = todo.pop()
        object.__setattr__(node, "player", player)  # nodes are frozen: the tree is ours, new
        todo.extend((child, 1 - player) for child in node.children)
    return t


def _leaf_count(spec: Any) -> int:
    if isinstance(spec, Chance):
        return sum(_leaf_count(sub) for _, sub in spec.outcomes)
    return sum(_leaf_count(sub) for sub in spec) if isinstance(spec, list) else 1


def _choose_trees(
    kind: str, level: int, seed: int | None, given: Sequence[GameTree], depth_limited: bool
) -> list[GameTree]:
    """The given trees, then seeded random trees until the right search and every mistake of
    the catalogue behave differently from each other on at least one of them (so a mistake is
    always caught, and named as itself); at least three trees."""
    rng = stream(0 if seed is None else seed)
    names = ["right"] + sorted({str(w.mistake) for w in ways(kind, depth_limited, level)})
    if KIND[kind].windowed:
        names += [f"~{returns}" for returns in RETURNS]
    apart = {(a, b) for a in names for b in names if a < b}
    together = set(apart)
    chosen: list[GameTree] = []
    candidates = iter(given)
    fruitless = 0  # candidates in a row that split nothing: some pairs may never split
    for _ in range(len(given) + _CANDIDATES):
        enough = len(chosen) >= 3 + len(given)
        if enough and (not together or fruitless >= _PATIENCE):
            break
        t = next(candidates, None) or _random_tree(
            rng, level, chance=KIND[kind].chance, repeat=level >= 2 and KIND[kind].repeats
        )
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
