"""Duplicate strategies, solved once: the machinery behind
:meth:`gametheory.theory.normal_form.NormalFormGame.nash_equilibria`, which solves a game
without its strictly dominated strategies and with one of each group of duplicates (equal
for both players, as the plans of a tree that differ only where they are never followed),
then lifts each answer back to the whole game.

>>> from fractions import Fraction
>>> a = ((Fraction(1),), (Fraction(1),), (Fraction(0),))
>>> duplicate_groups(a, a, [0, 1, 2])
((0, 1), (2,))
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gametheory.core import GameError
from gametheory.theory.equilibria import (
    Component,
    Equilibrium,
    NashSubset,
    _key,
    exact_equilibrium,
)
from gametheory.theory.exact import ExactMatrix

__all__ = [
    "Lift",
    "MAX_EXTREME",
    "duplicate_groups",
    "check_lifts",
    "lift_equilibrium",
    "lift_component",
    "first_key",
]


def first_key(found: Equilibrium | Component) -> tuple[object, ...]:
    """The order of equilibria (support enumeration's), and of components by their first."""
    return _key(found if isinstance(found, Equilibrium) else found.equilibria[0])


@dataclass(frozen=True)
class Lift:
    """How a smaller game stands for a game of ``shape`` with these payoffs: each of its
    strategies is a group of this game's, the same for both players (duplicates), the first
    of them kept; the strategies in no group were strictly dominated."""

    groups: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    shape: tuple[int, int]
    payoffs: tuple[ExactMatrix, ExactMatrix]

    def mixes(self, mix: Sequence[Fraction], player: int) -> list[tuple[Fraction, ...]]:
        """The extreme mixes of this game a mix of the smaller one stands for: each
        probability on one strategy of its group (moving it within a group keeps every
        payoff, so only those are corners)."""
        used = [(group, p) for group, p in zip(self.groups[player], mix, strict=True) if p]
        found = []
        for choice in itertools.product(*(group for group, _ in used)):
            full = [Fraction(0)] * self.shape[player]
            for k, (_, p) in zip(choice, used, strict=True):
                full[k] = p
            found.append(tuple(full))
        return found


def duplicate_groups(
    a: ExactMatrix, b: ExactMatrix, kept: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """The kept rows in groups of duplicates (rows equal in both tables), in order."""
    groups: dict[tuple[object, ...], list[int]] = {}
    for i in kept:
        groups.setdefault((*a[i], *b[i]), []).append(i)
    return tuple(tuple(group) for group in groups.values())


MAX_EXTREME = 10_000
"""The most extreme equilibria :meth:`NormalFormGame.nash_equilibria` lists for a game with
duplicate strategies: each corner of the game without them may put its weight on any copy,
so their number multiplies (138,240 for the 32 × 32 strategic form of a 10-stage centipede)."""


def check_lifts(
    found: Sequence[Equilibrium | Component],
    groups: tuple[tuple[tuple[int, ...], ...], ...],
    shape: tuple[int, int],
    max_equilibria: int,
) -> None:
    """Refuse before listing them when the answers would stand for too many equilibria."""
    count = 0
    for one in found:
        for e in (one,) if isinstance(one, Equilibrium) else one.equilibria:
            rows, cols = e.supports
            count += math.prod(len(groups[0][i]) for i in rows) * math.prod(
                len(groups[1][j]) for j in cols
            )
    if count > max_equilibria:
        raise GameError(
            f"this game has {count:,} extreme equilibria, more than "
            f"max_equilibria={max_equilibria:,}: without its duplicate strategies (equal for "
            f"both players) it is a {shape[0]} × {shape[1]} game, and each of its equilibria "
            "may put its weight on any copy. Solve it without the copies (restrict), or, for "
            "the strategic form of a tree, its reduced form (to_normal_form(reduced=True))"
        )


def lift_equilibrium(e: Equilibrium, lift: Lift) -> list[Equilibrium]:
    assert e.exact_row is not None and e.exact_col is not None  # computed exactly
    return [
        exact_equilibrium(x, y, *lift.payoffs)
        for x in lift.mixes(e.exact_row, 0)
        for y in lift.mixes(e.exact_col, 1)
    ]


def lift_component(c: Component, lift: Lift) -> list[Component]:
    subsets = (
        NashSubset(
            tuple(sorted(x for mix in s.rows for x in lift.mixes(mix, 0))),
            tuple(sorted(y for mix in s.cols for y in lift.mixes(mix, 1))),
        )
        for s in c.nash_subsets
    )
    found = [e for small in c.equilibria for e in lift_equilibrium(small, lift)]
    return [Component(tuple(sorted(found, key=_key)), tuple(sorted(subsets, key=str)))]
