"""Extreme equilibria and components by vertex enumeration, against pygambit's enummixed."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pygambit as gbt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.theory.equilibria import (
    equilibrium_components,
    extreme_equilibria,
    vertex_bound,
)

Profile = tuple[tuple[Fraction, ...], tuple[Fraction, ...]]


def _profile(found: object) -> Profile:
    return tuple(tuple(Fraction(str(p)) for _, p in found[name]) for name in ("1", "2"))  # type: ignore[index]


def gambit(a: object, b: object) -> tuple[set[Profile], set[frozenset[Profile]]]:
    """pygambit's extreme equilibria and maximal Nash subsets ("cliques"), exactly."""
    game = gbt.StrategicGame.from_arrays(np.array(a, dtype=object), np.array(b, dtype=object))
    result = gbt.nash.enummixed_solve(game, rational=True, cliques=True)
    cliques = {frozenset(_profile(p) for p in clique) for clique in result.cliques}
    return {_profile(p) for p in result.equilibria}, cliques


def ours(a: object, b: object) -> tuple[set[Profile], set[frozenset[Profile]]]:
    found = {(e.exact_row, e.exact_col) for e in extreme_equilibria(a, b)}
    subsets = {
        frozenset((x, y) for x in subset.rows for y in subset.cols)
        for component in equilibrium_components(a, b)
        for subset in component.nash_subsets
    }
    return found, subsets  # type: ignore[return-value]


@st.composite
def degenerate_bimatrix(draw: st.DrawFn) -> tuple[list[list[int]], list[list[int]]]:
    """Small games with payoffs from a few values: ties everywhere, mostly degenerate."""
    m, n = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    values = st.integers(-1, 2)
    table = st.lists(st.lists(values, min_size=n, max_size=n), min_size=m, max_size=m)
    return draw(table), draw(table)


@settings(max_examples=300, deadline=None)
@given(degenerate_bimatrix())
def test_extreme_equilibria_and_nash_subsets_equal_gambits(
    game: tuple[list[list[int]], list[list[int]]],
) -> None:
    assert ours(*game) == gambit(*game)
