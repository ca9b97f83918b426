"""Normal-form games: the classic games, random games against nashpy, and bad input."""

from __future__ import annotations

import warnings
from fractions import Fraction

import nashpy
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from gametheory.core import GameError
from gametheory.theory.normal_form import (
    Equilibrium,
    NormalFormGame,
    battle_of_the_sexes,
    best_responses,
    chicken,
    is_degenerate,
    iterated_elimination,
    matching_pennies,
    pareto_optimal,
    prisoners_dilemma,
    pure_nash_equilibria,
    rock_paper_scissors,
    stag_hunt,
    support_enumeration,
)

CATALOGUE = [
    prisoners_dilemma,
    matching_pennies,
    battle_of_the_sexes,
    stag_hunt,
    chicken,
    rock_paper_scissors,
]

# --------------------------------------------------------------------------- the classics


def test_prisoners_dilemma_has_the_thesis_numbers() -> None:
    g = prisoners_dilemma()
    silent, betray = 0, 1
    assert g.payoff(silent, silent) == (-1, -1)  # a year each
    assert g.payoff(betray, silent) == (0, -10)  # the traitor walks free
    assert g.payoff(silent, betray) == (-10, 0)
    assert g.payoff(betray, betray) == (-5, -5)  # they share the ten years


def test_prisoners_dilemma_only_equilibrium_is_mutual_betrayal() -> None:
    g = prisoners_dilemma()
    assert g.nash_equilibria() == [Equilibrium((0.0, 1.0), (0.0, 1.0), (-5.0, -5.0))]
    assert g.pure_nash_equilibria() == [(1, 1)]
    elimination = g.iterated_elimination()
    assert (elimination.rows, elimination.cols) == ((1,), (1,))
    assert [(s.player, s.strategy, s.dominated_by) for s in elimination.steps] == [
        (0, "cooperate", "betray"),
        (1, "cooperate", "betray"),
    ]


def test_prisoners_dilemma_equilibrium_is_pareto_dominated_by_cooperation() -> None:
    g = prisoners_dilemma()
    assert (1, 1) not in g.pareto_optimal()
    assert (0, 0) in g.pareto_optimal()
    assert all(c > b for c, b in zip(g.payoff(0, 0), g.payoff(1, 1), strict=True))


def test_prisoners_dilemma_is_symmetric_and_not_zero_sum() -> None:
    g = prisoners_dilemma()
    assert g.is_symmetric()
    assert not g.is_zero_sum()
    assert not g.is_constant_sum()
    with pytest.raises(GameError, match="zero-sum"):
        g.zero_sum_solution()


@pytest.mark.parametrize("make", [matching_pennies, rock_paper_scissors])
def test_matching_pennies_and_rps_have_a_unique_uniform_equilibrium(make: object) -> None:
    g = make()  # type: ignore[operator]
    n = g.shape[0]
    uniform = pytest.approx([1 / n] * n)
    [equilibrium] = g.nash_equilibria()
    assert equilibrium.row == uniform and equilibrium.col == uniform
    assert equilibrium.payoffs == pytest.approx((0, 0))
    solution = g.zero_sum_solution()
    assert solution.value == pytest.approx(0)
    assert solution.row == uniform and solution.col == uniform
    assert g.saddle_points() == []
    assert g.is_zero_sum() and g.is_symmetric() is (make is rock_paper_scissors)


def test_coordination_games_have_two_pure_and_one_mixed_equilibrium() -> None:
    for g in (battle_of_the_sexes(), stag_hunt(), chicken()):
        equilibria = g.nash_equilibria()
        assert [e.is_pure for e in equilibria] == [True, True, False], g.name
    mixed = battle_of_the_sexes().nash_equilibria()[2]
    assert mixed.row == pytest.approx((0.6, 0.4)) and mixed.col == pytest.approx((0.4, 0.6))


@pytest.mark.parametrize("make", CATALOGUE)
def test_catalogue_games_are_non_degenerate(make: object) -> None:
    assert not make().is_degenerate()  # type: ignore[operator]


def test_saddle_point_of_a_zero_sum_game() -> None:
    g = NormalFormGame([[4, 2, 3], [1, 0, 5]])
    assert g.saddle_points() == [(0, 1)] == g.pure_nash_equilibria()
    assert g.zero_sum_solution().value == pytest.approx(2)


def test_a_degenerate_game_lists_both_ends_of_its_segment_of_equilibria() -> None:
    # the column player is indifferent against the first row: the row player keeps row 0
    # as long as column 0 has probability at least 1/2, so (row 0, (q, 1 - q)) for q >= 1/2
    # is a segment of equilibria, whose two ends have supports of sizes 1 and 2
    g = NormalFormGame([[1, 1], [0, 2]], [[1, 1], [2, 0]])
    assert g.is_degenerate()
    assert g.nash_equilibria() == [
        Equilibrium((1.0, 0.0), (1.0, 0.0), (1.0, 1.0)),
        Equilibrium((1.0, 0.0), (0.5, 0.5), (1.0, 1.0)),
    ]
    [segment] = g.equilibrium_components()
    assert not segment.is_isolated and len(segment.nash_subsets) == 1
    pure = {(e.supports[0][0], e.supports[1][0]) for e in g.nash_equilibria() if e.is_pure}
    assert pure == set(g.pure_nash_equilibria())


def test_weak_dominance_can_remove_an_equilibrium() -> None:
    g = NormalFormGame([[1, 0], [1, 1]], [[1, 0], [0, 0]])
    assert (0, 0) in g.pure_nash_equilibria()
    strict, weak = g.iterated_elimination(), g.iterated_elimination(strict=False)
    assert strict.steps == ()
    assert [str(step) for step in weak.steps] == ["row player drops R1 (dominated by R2)"]
    assert 0 not in weak.rows  # the equilibrium (R1, C1) is gone


def test_best_responses_to_a_mixed_strategy() -> None:
    g = battle_of_the_sexes()
    assert g.row_best_responses((0.4, 0.6)) == (0, 1)  # indifferent: both are best
    assert g.row_best_responses((0.5, 0.5)) == (0,)
    assert g.col_best_responses(1) == (1,)


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("row", "col", "message"),
    [
        ([[1, 2], [3]], None, "ragged"),
        ([[1, "x"], [3, 4]], None, r"row_payoffs\[0\]\[1\] must be a finite real number"),
        ([[1, 2], [3, float("nan")]], None, "finite"),
        ([], None, "non-empty"),
        ("12", None, "non-empty list of rows"),
        ([[1, 2], [3, 4]], [[1, 2, 3], [4, 5, 6]], "shape"),
        ([[1, 2], [3, 4]], [[1, 2], [True, 4]], r"col_payoffs\[1\]\[0\]"),
    ],
)
def test_bad_payoff_tables_are_named(row: object, col: object, message: str) -> None:
    with pytest.raises(GameError, match=message):
        NormalFormGame(row, col)


@pytest.mark.parametrize(
    "function", [pure_nash_equilibria, iterated_elimination, is_degenerate, pareto_optimal]
)
def test_the_functions_on_two_tables_refuse_tables_of_different_shapes(function: object) -> None:
    # a 1 × 2 table and a 2 × 1 one: pure_nash_equilibria used to broadcast them into four
    # "equilibria" of a 2 × 2 game, the others failed with an IndexError
    with pytest.raises(GameError, match=r"shape \(1, 2\) but col_payoffs has shape \(2, 1\)"):
        function([[1, 2]], [[1], [2]])  # type: ignore[operator]


def test_bad_labels_and_strategies_are_named() -> None:
    with pytest.raises(GameError, match="row_labels has 3 labels but the game has 2"):
        NormalFormGame([[1, 2], [3, 4]], row_labels=("a", "b", "c"))
    with pytest.raises(GameError, match="distinct"):
        NormalFormGame([[1, 2], [3, 4]], col_labels=("a", "a"))
    g = matching_pennies()
    with pytest.raises(GameError, match="summing to 1"):
        g.row_best_responses((0.5, 0.6))
    with pytest.raises(GameError, match="needs 2 probabilities"):
        g.row_best_responses((1.0,))
    with pytest.raises(GameError, match="strategy index in 0..1"):
        g.col_best_responses(2)


# --------------------------------------------------------------------------- random games

small = st.integers(-6, 6)


@st.composite
def bimatrix(draw: st.DrawFn, *, floats: bool = False) -> tuple[np.ndarray, np.ndarray]:
    m, n = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    elements = st.floats(-10, 10, allow_nan=False).map(lambda x: round(x, 3)) if floats else small
    return (
        draw(arrays(np.float64, (m, n), elements=elements)),
        draw(arrays(np.float64, (m, n), elements=elements)),
    )


def _key(row: object, col: object) -> tuple[tuple[float, ...], tuple[float, ...]]:
    return tuple(np.round(row, 6) + 0.0), tuple(np.round(col, 6) + 0.0)  # type: ignore[call-overload]


@settings(max_examples=60, deadline=None)
@given(bimatrix())
def test_every_equilibrium_found_is_a_pair_of_mutual_best_responses(
    game: tuple[np.ndarray, np.ndarray],
) -> None:
    g = NormalFormGame(*game)
    equilibria = g.nash_equilibria()
    assert equilibria, "every finite game has an equilibrium (Nash 1950)"
    assert len(set(equilibria)) == len(equilibria), "each equilibrium once"
    # the mixes are rounded to 12 decimals, which moves each payoff by up to this much
    rounding = 1e-12 * sum(g.shape) * max(1.0, float(np.abs(game).max()))
    for e in equilibria:
        assert e.exact_row is not None and e.exact_col is not None
        assert g.is_nash_equilibrium(e.exact_row, e.exact_col)  # exactly
        assert g.is_nash_equilibrium(e.row, e.col)  # and the rounded floats, within rounding
        assert e.payoffs == pytest.approx(g.expected_payoffs(e.row, e.col), abs=rounding)


def test_a_degenerate_game_whose_equilibria_all_have_supports_of_different_sizes() -> None:
    # columns 2 and 3 are the same for both players: no pure equilibrium, and support
    # enumeration (supports of equal size) finds none of the mixed ones (found by hypothesis)
    g = NormalFormGame([[0, 1, 1, 1], [1, 0, 1, 1]], [[2, 0, 1, 1], [-2, 1, 0, 0]])
    assert list(support_enumeration(*g.exact_payoffs)) == []
    found = g.nash_equilibria()
    assert found, "every finite game has an equilibrium (Nash 1950)"
    assert all(len(e.supports[0]) != len(e.supports[1]) for e in found)


def test_the_payoffs_of_an_equilibrium_are_those_of_its_unrounded_mixes() -> None:
    # the column mix (5/6, 1/6, 0) makes row 1 pay exactly 0; rounded to 12 decimals it pays
    # -2e-12 (found by hypothesis): the payoffs reported are the exact ones
    g = NormalFormGame([[0, 0, 0], [1, -5, 0]], [[0, -1, -1], [-1, 0, -1]])
    e = next(e for e in g.nash_equilibria() if e.row == (0.5, 0.5))
    assert e.col == pytest.approx((5 / 6, 1 / 6, 0)) and e.payoffs == (0.0, -0.5)


@settings(max_examples=80, deadline=None)
@given(st.one_of(bimatrix(), bimatrix(floats=True)))
def test_equilibria_equal_nashpy_on_non_degenerate_games(
    game: tuple[np.ndarray, np.ndarray],
) -> None:
    g = NormalFormGame(*game)
    if g.is_degenerate():
        return
    ours = {_key(e.row, e.col) for e in g.nash_equilibria()}
    oracle = nashpy.Game(*game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        by_supports = {_key(r, c) for r, c in oracle.support_enumeration()}
        by_vertices = {_key(r, c) for r, c in oracle.vertex_enumeration()}
    # nashpy's support enumeration drops an equilibrium when rounding makes a zero
    # probability -1e-16 (see the regression test below); its vertex enumeration does not.
    assert by_supports <= ours == by_vertices


def test_equilibrium_that_nashpy_support_enumeration_misses_by_rounding() -> None:
    a = [[0, -2, 1, 0], [-2, -2, -2, -2], [-2, 0, -2, -2]]
    b = [[-1, -1, 0, -1], [0, -1, -1, -1], [-1, 0, -1, -1]]
    g = NormalFormGame(a, b)
    assert not g.is_degenerate()
    mixed = [e for e in g.nash_equilibria() if not e.is_pure]
    assert mixed == [Equilibrium((0.5, 0.0, 0.5), (0.0, 0.6, 0.4, 0.0), (-0.8, -0.5))]
    # checked by hand: rows 0 and 2 both pay -0.8 against y, columns 1 and 2 both pay -0.5
    assert g.is_nash_equilibrium(mixed[0].row, mixed[0].col)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        vertices = {
            _key(r, c) for r, c in nashpy.Game(np.array(a), np.array(b)).vertex_enumeration()
        }
    assert _key(mixed[0].row, mixed[0].col) in vertices


@settings(max_examples=60, deadline=None)
@given(bimatrix())
def test_pure_equilibria_are_exactly_the_pure_members_of_the_full_list(
    game: tuple[np.ndarray, np.ndarray],
) -> None:
    g = NormalFormGame(*game)
    found = [e for e in g.nash_equilibria() if e.is_pure]
    assert sorted((e.supports[0][0], e.supports[1][0]) for e in found) == sorted(
        g.pure_nash_equilibria()
    )


@settings(max_examples=60, deadline=None)
@given(bimatrix())
def test_strict_elimination_never_removes_an_equilibrium(
    game: tuple[np.ndarray, np.ndarray],
) -> None:
    g = NormalFormGame(*game)
    elimination = g.iterated_elimination()
    for i, j in g.pure_nash_equilibria():
        assert i in elimination.rows and j in elimination.cols
    reduced = g.restrict(elimination.rows, elimination.cols)
    assert len(reduced.pure_nash_equilibria()) == len(g.pure_nash_equilibria())


@settings(max_examples=60, deadline=None)
@given(bimatrix(floats=True))
def test_zero_sum_value_agrees_with_nashpy_linear_program(
    game: tuple[np.ndarray, np.ndarray],
) -> None:
    a = game[0]
    solution = NormalFormGame(a).zero_sum_solution()
    row, col = nashpy.Game(a).linear_program()
    assert solution.value == pytest.approx(row @ a @ col, abs=1e-6)
    # each optimal strategy guarantees the value whatever the opponent does
    x, y = np.array(solution.row), np.array(solution.col)
    assert (x @ a).min() == pytest.approx(solution.value, abs=1e-6)
    assert (a @ y).max() == pytest.approx(solution.value, abs=1e-6)


@settings(max_examples=60, deadline=None)
@given(bimatrix())
def test_saddle_points_are_the_pure_equilibria_of_a_zero_sum_game(
    game: tuple[np.ndarray, np.ndarray],
) -> None:
    g = NormalFormGame(game[0])
    assert g.saddle_points() == g.pure_nash_equilibria()
    if g.saddle_points():
        i, j = g.saddle_points()[0]
        assert g.zero_sum_solution().value == pytest.approx(g.payoff(i, j)[0])


@settings(max_examples=60, deadline=None)
@given(bimatrix(), st.data())
def test_best_responses_pay_at_least_as_much_as_any_strategy(
    game: tuple[np.ndarray, np.ndarray], data: st.DataObject
) -> None:
    a = game[0]
    weights = data.draw(st.lists(st.integers(0, 5), min_size=a.shape[1], max_size=a.shape[1]))
    if sum(weights) == 0:
        weights[0] = 1
    mix = tuple(w / sum(weights) for w in weights)
    expected = a @ np.array(mix)
    best = best_responses(a, mix)
    assert best and all(expected[i] == pytest.approx(expected.max()) for i in best)
    assert all(expected[i] < expected.max() - 1e-9 for i in range(a.shape[0]) if i not in best)


@settings(max_examples=60, deadline=None)
@given(bimatrix())
def test_game_kinds_are_consistent(game: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = game
    assert NormalFormGame(a).is_zero_sum()
    assert NormalFormGame(a, 7 - a).is_constant_sum()
    assert NormalFormGame(a, b).is_zero_sum() == bool((a + b == 0).all())
    if a.shape[0] == a.shape[1]:
        assert NormalFormGame(a, a.T).is_symmetric()
    # nothing in the Pareto set is dominated, everything outside it is
    g = NormalFormGame(a, b)
    front = g.pareto_optimal()
    assert front
    cells = [(i, j) for i in range(a.shape[0]) for j in range(a.shape[1])]
    for i, j in cells:
        dominated = any(
            a[k, l] >= a[i, j] and b[k, l] >= b[i, j] and (a[k, l] > a[i, j] or b[k, l] > b[i, j])
            for k, l in cells
        )
        assert dominated == ((i, j) not in front)


# --------------------------------------------------------------------------- exactly (issue 28)


def test_a_pure_equilibrium_is_listed_once_whatever_its_payoffs() -> None:
    # the pure profile kept raw payoffs and support enumeration rounded ones: 4 entries
    g = NormalFormGame([[1 / 3, 1 / 3], [0, 0]], [[0, 0], [0, 0]])
    found = g.nash_equilibria()
    assert found == [
        Equilibrium((1.0, 0.0), (1.0, 0.0), (0.3333333333333, 0.0)),
        Equilibrium((1.0, 0.0), (0.0, 1.0), (0.3333333333333, 0.0)),
    ]
    assert len({(e.exact_row, e.exact_col) for e in found}) == 2
    [segment] = g.equilibrium_components()  # row 0 against any column mix
    assert len(segment.equilibria) == 2 and not segment.is_isolated


def test_a_large_payoff_elsewhere_does_not_make_a_tie() -> None:
    # ties were decided within 1e-9 times the payoff spread (here 1000): row 0 pays 1 and
    # row 1 pays 0 against column 0, which is no tie
    g = NormalFormGame([[1, 1e12], [0, 0]], [[0, 0], [0, 0]])
    assert g.row_best_responses(0) == (0,)
    assert best_responses([[1, 1e12], [0, 0]], 0) == (0,)
    assert g.row_best_responses((0.5, 0.5)) == (0,)
    # row 1 is strictly dominated; the column player ties everywhere: a segment of equilibria
    assert [e.supports for e in g.nash_equilibria()] == [((0,), (0,)), ((0,), (1,))]


def test_floats_are_read_as_the_decimals_they_print_as() -> None:
    g = NormalFormGame([[0.1, 0.3], [0.2, 0.3]], [[0.1 + 0.2, 0.3], [0.3, 0.3]])
    assert g.exact_payoffs[0][0][0] == Fraction(1, 10)
    assert g.col_best_responses(1) == (0, 1)  # 0.3 and 0.3: a tie
    assert g.col_best_responses(0) == (0,)  # 0.30000000000000004 > 0.3, as printed
    assert g.row_best_responses(1) == (0, 1)


def test_mixes_of_floats_tie_within_a_tolerance_and_exact_mixes_exactly() -> None:
    g = stag_hunt()  # the mixed equilibrium is (2/3, 1/3) for both
    assert g.row_best_responses((2 / 3, 1 / 3)) == (0, 1)
    assert g.row_best_responses((Fraction(2, 3), Fraction(1, 3))) == (0, 1)
    assert g.row_best_responses((0.666666666667, 0.333333333333)) == (0, 1)  # rounded
    assert g.row_best_responses(
        (Fraction(2, 3) + Fraction(1, 10**15), Fraction(1, 3) - Fraction(1, 10**15))
    ) == (0,)
    e = g.nash_equilibria()[2]
    assert e.exact_row == (Fraction(2, 3), Fraction(1, 3))
    assert e.exact_payoffs == (Fraction(8, 3), Fraction(8, 3))
    assert g.is_nash_equilibrium(e.row, e.col) and g.is_nash_equilibrium(e.exact_row, e.exact_col)


def test_exact_results_at_the_ends_of_the_float_range() -> None:
    big = NormalFormGame([[1e308, -1e308], [-1e308, 1e308]])
    [e] = big.nash_equilibria()
    assert e.exact_row == (Fraction(1, 2), Fraction(1, 2)) and e.payoffs == (0.0, 0.0)
    small = NormalFormGame([[3e-300, 0], [0, 1e-300]], [[1e-300, 0], [0, 3e-300]])
    assert [x.exact_row for x in small.nash_equilibria()] == [
        (Fraction(1), Fraction(0)),
        (Fraction(0), Fraction(1)),
        (Fraction(3, 4), Fraction(1, 4)),
    ]
