"""The theory in pure Python: vertex enumeration and the zero-sum program against pycddlib
and scipy (the optional extras), and the input the theory refuses by name."""

from __future__ import annotations

import math
import random
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from gametheory.core import GameError
from gametheory.theory import polytopes
from gametheory.theory.equilibria import equilibrium_components, extreme_equilibria
from gametheory.theory.extensive_form import ExtensiveFormGame
from gametheory.theory.normal_form import (
    NormalFormGame,
    is_degenerate,
    maximin,
    pure_nash_equilibria,
)
from tests.test_equilibria import _read, _two_player_catalog

Tables = tuple[list[list[int]], list[list[int]]]


@st.composite
def bimatrix(draw: st.DrawFn, most: int = 6) -> Tables:
    """Games up to ``most`` × ``most``; payoffs from a few values (mostly degenerate) or many."""
    m, n = draw(st.integers(1, most)), draw(st.integers(1, most))
    values = draw(st.sampled_from([st.integers(-1, 2), st.integers(-100, 100)]))
    table = st.lists(st.lists(values, min_size=n, max_size=n), min_size=m, max_size=m)
    return draw(table), draw(table)


def both_ways(a: object, b: object) -> None:
    """The pure-Python path and pycddlib's give the same extreme equilibria and components."""
    mine = extreme_equilibria(a, b, method="python")
    theirs = extreme_equilibria(a, b, method="cdd")
    assert [(e.exact_row, e.exact_col) for e in mine] == [
        (e.exact_row, e.exact_col) for e in theirs
    ]
    assert equilibrium_components(a, b, method="python") == equilibrium_components(
        a, b, method="cdd"
    )


@settings(max_examples=300, deadline=None)
@given(bimatrix())
def test_pure_python_vertex_enumeration_gives_pycddlibs_answers(game: Tables) -> None:
    both_ways(*game)


@pytest.mark.parametrize("path", _two_player_catalog(), ids=lambda p: p.name)
def test_pure_python_gives_pycddlibs_answers_on_gambits_games(path: object) -> None:
    tables = _read(path).to_arrays()  # type: ignore[attr-defined]
    a, b = ([[Fraction(str(x)) for x in row] for row in table.tolist()] for table in tables)
    m, n = len(a), len(a[0])
    if polytopes.vertex_bound(max(m, n), m + n) > polytopes.PURE_MAX_VERTICES:
        pytest.skip(f"{m} × {n}: beyond the pure path")  # pragma: no cover - none is
    both_ways(a, b)


def test_the_pure_path_is_the_default_for_classroom_games_without_pycddlib(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "cdd", None)  # import cdd now fails
    assert not polytopes.has_cdd()
    rng = random.Random(6)
    a, b = ([[rng.randint(-1, 2) for _ in range(6)] for _ in range(6)] for _ in range(2))
    assert extreme_equilibria(a, b) == extreme_equilibria(a, b, method="python")
    big = [[rng.randint(-9, 9) for _ in range(11)] for _ in range(11)]
    with pytest.raises(GameError, match=r"too large for the pure-Python.*gametheory-course\[cdd\]"):
        extreme_equilibria(big, big)
    with pytest.raises(GameError, match=r"method='cdd' needs pycddlib.*gametheory-course\[cdd\]"):
        extreme_equilibria(a, b, method="cdd")
    with pytest.raises(GameError, match="method must be"):
        extreme_equilibria(a, b, method="lrs")


def _scipy_maximin(a: list[list[int]]) -> float:
    m, n = len(a), len(a[0])
    matrix = np.array(a, dtype=float)
    lp = linprog(
        c=np.append(np.zeros(m), -1.0),
        A_ub=np.hstack([-matrix.T, np.ones((n, 1))]),
        b_ub=np.zeros(n),
        A_eq=np.append(np.ones(m), 0.0).reshape(1, -1),
        b_eq=[1.0],
        bounds=[(0, None)] * m + [(None, None)],
        method="highs",
    )
    return float(-lp.fun)


@settings(max_examples=200, deadline=None)
@given(bimatrix(most=8))
def test_the_zero_sum_value_is_scipys_and_both_strategies_guarantee_it(game: Tables) -> None:
    a = game[0]
    solution = NormalFormGame(a).zero_sum_solution()
    assert math.isclose(solution.value, _scipy_maximin(a), rel_tol=1e-9, abs_tol=1e-9)
    assert maximin(a)[0] == solution.value
    table = np.array(a, dtype=float)
    worst_for_row = (np.array(solution.row) @ table).min()
    worst_for_col = (table @ np.array(solution.col)).max()
    assert math.isclose(worst_for_row, solution.value, abs_tol=1e-9)
    assert math.isclose(worst_for_col, solution.value, abs_tol=1e-9)


@settings(max_examples=200, deadline=None)
@given(bimatrix(most=5))
def test_a_game_is_degenerate_when_a_pure_strategy_has_two_best_replies_or_supports_differ(
    game: Tables,
) -> None:
    a, b = (np.array(t) for t in game)
    tie = any((row == row.max()).sum() > 1 for row in b) or any(
        (col == col.max()).sum() > 1 for col in a.T
    )
    found = extreme_equilibria(a, b)
    unequal = any(len(rows) != len(cols) for rows, cols in (e.supports for e in found))
    if tie or unequal:
        assert is_degenerate(a, b)
    if not is_degenerate(a, b):  # then the equilibria are isolated, with supports of one size
        assert all(c.is_isolated for c in equilibrium_components(a, b))


def test_a_constant_sum_game_computed_in_floats_is_solved() -> None:
    a = [[0.1, 0.2], [0.3, 0.7]]
    b = [[1 - x for x in row] for row in a]  # 1 - 0.7 == 0.30000000000000004
    game = NormalFormGame(a, b)
    assert not game.is_constant_sum()  # exactly, it is not
    assert game.zero_sum_solution().value == 0.3 and game.saddle_points() == [(1, 0)]
    with pytest.raises(GameError, match=r"cell \(0, 0\) sums to 1 but cell \(0, 1\) to 1.1"):
        NormalFormGame(a, [[0.9, 0.9], [0.7, 0.3]]).zero_sum_solution()


def test_huge_payoffs_and_a_nan_leaf_are_refused_by_name() -> None:
    with pytest.raises(GameError, match=r"row_payoffs\[0\]\[1\] is too large: about 1e\+400"):
        NormalFormGame([[0, 10**400]])
    with pytest.raises(GameError, match=r"col_payoffs\[0\]\[0\] is too large: about -1e\+400"):
        pure_nash_equilibria([[0]], [[-(10**400)]])
    with pytest.raises(GameError, match=r"the payoff at \('L',\) is too large"):
        ExtensiveFormGame({"L": (10**400, 1), "R": (0, 0)})
    with pytest.raises(
        GameError, match=r"the payoff at \('R',\) must be a finite real number, got nan"
    ):
        ExtensiveFormGame({"L": (1, 1), "R": (0, math.nan)})
