"""Extreme equilibria and components by vertex enumeration, against pygambit's enummixed."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

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
from gametheory.theory.normal_form import NormalFormGame

Profile = tuple[tuple[Fraction, ...], tuple[Fraction, ...]]


def _profile(found: object, players: tuple[str, ...] = ("1", "2")) -> Profile:
    return tuple(tuple(Fraction(str(p)) for _, p in found[name]) for name in players)  # type: ignore[index]


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


# --------------------------------------------------------------------------- Gambit's games

CATALOG = Path(gbt.__file__).parent / "catalog_data"
"""The example games pygambit ships (40 of them; Gambit's repository has more, not packaged)."""


def _two_player_catalog() -> list[Path]:
    files = sorted([*CATALOG.rglob("*.efg"), *CATALOG.rglob("*.nfg")])
    return [f for f in files if len(list(_read(f).players)) == 2]


def _read(path: Path) -> object:
    return gbt.read_efg(str(path)) if path.suffix == ".efg" else gbt.read_nfg(str(path))


@pytest.mark.parametrize("path", _two_player_catalog(), ids=lambda p: str(p.relative_to(CATALOG)))
def test_gambits_example_games_give_gambits_extreme_equilibria(path: Path) -> None:
    # the strategic forms of the trees are Gambit's reduced ones, most of them degenerate;
    # enummixed solves them as bimatrix games (three trees have imperfect recall)
    tables = _read(path).to_arrays()  # type: ignore[attr-defined]
    a, b = ([[Fraction(str(x)) for x in row] for row in table.tolist()] for table in tables)
    assert ours(a, b) == gambit(a, b)


def test_the_catalog_is_there() -> None:
    # 32 two-player games: 8 of the 40 have one, three or four players
    assert len(_two_player_catalog()) == 32


def test_the_size_limit_is_the_upper_bound_theorem() -> None:
    # cyclic polytopes reach the bound; a d-simplex (d + 1 facets) has d + 1 vertices
    assert [vertex_bound(d, d + 1) for d in range(1, 6)] == [2, 3, 4, 5, 6]
    assert vertex_bound(12, 24) == 24_752 and vertex_bound(32, 64) > 10**9
    eye = np.eye(4, dtype=int).tolist()
    assert len(extreme_equilibria(eye, eye)) == 15  # every non-empty set of the 4 strategies
    with pytest.raises(GameError, match=r"4 × 4 game may meet up to 20 vertices.*max_vertices=19"):
        extreme_equilibria(eye, eye, max_vertices=19)


def ours_after_reduction(a: object, b: object) -> tuple[set[Profile], set[frozenset[Profile]]]:
    """As :func:`ours`, through NormalFormGame: dominated strategies removed and duplicates
    merged before the enumeration, the answers lifted back."""
    game = NormalFormGame(a, b)
    found = {(e.exact_row, e.exact_col) for e in game.nash_equilibria()}
    subsets = {
        frozenset((x, y) for x in subset.rows for y in subset.cols)
        for component in game.equilibrium_components()
        for subset in component.nash_subsets
    }
    return found, subsets  # type: ignore[return-value]


@settings(max_examples=200, deadline=None)
@given(degenerate_bimatrix(), st.data())
def test_games_with_duplicate_and_dominated_strategies_give_gambits_answers(
    game: tuple[list[list[int]], list[list[int]]], data: st.DataObject
) -> None:
    a, b = game
    rows = data.draw(st.lists(st.integers(0, len(a) - 1), max_size=2))  # copies of rows
    cols = data.draw(st.lists(st.integers(0, len(a[0]) - 1), max_size=2))  # and of columns
    a, b = [*a, *(a[i] for i in rows)], [*b, *(b[i] for i in rows)]
    a, b = ([[*row, *(row[j] for j in cols)] for row in t] for t in (a, b))
    assert ours_after_reduction(a, b) == gambit(a, b)


def test_the_full_strategic_form_of_a_tree_is_solved_through_its_duplicates() -> None:
    # the rows and columns fall into groups of duplicates, one per reduced plan; at 32 × 32
    # (refused before: up to 3 * 10^12 vertices) the 6 × 6 game left has 32 extreme
    # equilibria, which stand for 138,240 of the full table: too many to list
    from gametheory.theory.extensive_form import ExtensiveFormGame
    from tests.test_extensive_form import centipede

    tree = ExtensiveFormGame(centipede(6))
    full, reduced = tree.to_normal_form(), tree.to_normal_form(reduced=True)
    assert full.shape == (8, 8) and reduced.shape == (4, 4)
    found, corners = full.nash_equilibria(), reduced.nash_equilibria()
    assert {e.payoffs for e in found} == {e.payoffs for e in corners} == {(2.0, 0.0)}
    assert all(full.is_nash_equilibrium(e.exact_row, e.exact_col) for e in found)
    a, b = ([list(row) for row in table] for table in full.exact_payoffs)
    assert ours_after_reduction(a, b) == gambit(a, b)
    long = ExtensiveFormGame(centipede(10)).to_normal_form()
    assert long.shape == (32, 32)
    with pytest.raises(GameError, match=r"138,240 extreme equilibria.*a 6 × 6 game.*reduced=True"):
        long.nash_equilibria()
    assert (
        len(ExtensiveFormGame(centipede(10)).to_normal_form(reduced=True).nash_equilibria()) == 32
    )


def _numpy_indifference(
    payoffs: list[list[int]], own: tuple[int, ...], other: tuple[int, ...]
) -> np.ndarray | None:
    """The indifference system solved by numpy (LAPACK's gesv), as support enumeration did."""
    k = len(other)
    system = np.zeros((k + 1, k + 1))
    system[:k, :k] = np.asarray(payoffs, float)[np.ix_(own, other)]
    system[:k, k], system[k, :k] = -1.0, 1.0
    target = np.zeros(k + 1)
    target[k] = 1.0
    try:
        solution = np.linalg.solve(system, target)
    except np.linalg.LinAlgError:
        return None
    return None if (solution[:k] <= 1e-9).any() else solution[:k]


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4).flatmap(lambda k: st.tuples(
    st.lists(st.lists(st.integers(-3, 3), min_size=k, max_size=k), min_size=k, max_size=k),
    st.just(k))))  # fmt: skip
def test_support_enumerations_solver_in_python_agrees_with_numpys(
    case: tuple[list[list[int]], int],
) -> None:
    """The pure-Python elimination finds the mixes numpy's solver finds, and fails where it fails."""
    from gametheory.theory.equilibria import _indifference

    payoffs, k = case
    support = tuple(range(k))
    ours = _indifference(tuple(tuple(map(float, row)) for row in payoffs), support, support)
    theirs = _numpy_indifference(payoffs, support, support)
    assert (ours is None) == (theirs is None)
    if ours is not None and theirs is not None:
        assert np.allclose(ours, theirs, rtol=1e-12, atol=1e-12)
