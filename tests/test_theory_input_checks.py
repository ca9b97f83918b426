"""Game theory on hostile input: no hang, no silent wrong answer, every bad input named."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.games.dice import DiceRace
from gametheory.games.tictactoe import TicTacToe
from gametheory.theory.cooperative import (
    CoalitionalGame,
    is_superadditive,
    shapley_value,
    shapley_value_by_permutations,
)
from gametheory.theory.extensive_form import ChanceNode, ExtensiveFormGame, backward_induction
from gametheory.theory.normal_form import (
    NormalFormGame,
    dominates,
    prisoners_dilemma,
    pure_nash_equilibria,
    support_enumeration,
)
from gametheory.trees import tree


# -- backward induction: one equilibrium, counted, listed only on request --------------------
def zeros(depth: int) -> Any:
    return 0 if depth == 0 else [zeros(depth - 1), zeros(depth - 1)]


def test_all_ties_are_counted_not_listed() -> None:
    game = ExtensiveFormGame.from_game(tree(zeros(5)))
    found = game.backward_induction()
    assert len(found) == 1 and found.total == 2**31  # a free choice at each of 31 nodes
    assert all(move == "0" for _, move in found[0].choices)  # the tie rule: the first move
    with pytest.raises(GameError, match=r"2,147,483,648 subgame-perfect equilibria, more than"):
        game.backward_induction(every=True)


def test_tictactoe_and_the_dice_race_are_quick() -> None:
    game = TicTacToe()
    state = game.initial_state()
    for cell in (4, 0, 8):
        state = game.result(state, cell)
    found = ExtensiveFormGame.from_game(game, state).backward_induction()
    assert found[0].payoffs == (0, 0) and found.total is not None and found.total > 1
    dice = ExtensiveFormGame.from_game(DiceRace())
    spe = dice.backward_induction()[0]
    assert spe.payoffs[0] == pytest.approx(-spe.payoffs[1])


@st.composite
def general_sum_specs(draw: st.DrawFn, depth: int = 3) -> Any:
    """Small trees with two players, chance nodes and many payoff ties."""
    payoff = st.tuples(st.integers(0, 2), st.integers(0, 2)).map(lambda p: (p[0], p[1]))
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(payoff)
    if draw(st.integers(0, 4)) == 0:
        return ChanceNode({"h": (0.5, draw(general_sum_specs(depth - 1))),
                           "t": (0.5, draw(general_sum_specs(depth - 1)))})  # fmt: skip
    moves = "abc"[: draw(st.integers(1, 3))]
    return {m: draw(general_sum_specs(depth - 1)) for m in moves}


@settings(max_examples=80, deadline=None)
@given(general_sum_specs())
def test_the_count_is_the_number_listed_and_the_first_is_the_tie_rules(spec: Any) -> None:
    game = ExtensiveFormGame(spec)
    every = game.backward_induction(every=True, max_equilibria=10**6)
    one = game.backward_induction()
    assert every.total == one.total == len(every)
    assert len(set(map(str, every))) == len(every)  # no equilibrium twice
    assert one == every[:1]


def tie_rule(game: ExtensiveFormGame, path: tuple[str, ...] = ()) -> tuple[Any, dict[Any, str]]:
    """Backward induction as the textbook writes it, recursively: a chance node averages its
    children, a mover takes the first move that pays them most. The payoffs and the moves."""
    node = game.node(path)
    if node.is_terminal:
        return node.payoffs, {}
    below = [tie_rule(game, child) for child in node.children()]
    choices = {p: m for _, c in below for p, m in c.items()}
    if node.is_chance:
        payoffs = tuple(
            sum(q * b[0][k] for q, b in zip(node.probabilities, below, strict=True))
            for k in range(game.n_players)
        )
        return payoffs, choices
    mover = node.player or 0
    k = max(range(len(below)), key=lambda k: (below[k][0][mover], -k))
    return below[k][0], {path: node.moves[k], **choices}


@settings(max_examples=80, deadline=None)
@given(general_sum_specs())
def test_the_equilibrium_returned_is_the_textbook_tie_rules(spec: Any) -> None:
    game = ExtensiveFormGame(spec)
    [spe] = game.backward_induction()
    payoffs, choices = tie_rule(game)
    assert spe.payoffs == pytest.approx(payoffs) and dict(spe.choices) == choices


def test_max_equilibria_is_checked() -> None:
    game = ExtensiveFormGame({"L": {"a": (1, 0), "b": (3, 0)}, "R": (2, 5)})
    assert len(game.backward_induction(every=True, max_equilibria=2)) == 2
    with pytest.raises(GameError, match="more than max_equilibria=1"):
        game.backward_induction(every=True, max_equilibria=1)
    with pytest.raises(GameError, match="max_equilibria must be a whole number"):
        backward_induction(game, every=True, max_equilibria=2.5)  # type: ignore[arg-type]


def test_ties_are_exact_at_every_scale() -> None:
    tiny = ExtensiveFormGame({"L": (1e-12, 0), "R": (2e-12, 0)})
    assert tiny.backward_induction()[0].move_at(()) == "R"  # not a tie: R pays twice as much
    assert tiny.backward_induction().total == 1
    # payoffs are read as the decimals they print as: 1.000000000001 is more than 1, and
    # only equal numbers tie (0.1 + 0.2 prints as 0.30000000000000004, not as 0.3)
    near = ExtensiveFormGame({"L": (1.0, 0), "R": (1.0 + 1e-12, 0)})
    assert near.backward_induction().total == 1
    assert near.backward_induction()[0].move_at(()) == "R"
    same = ExtensiveFormGame({"L": (0.3, 0), "R": (Fraction(3, 10), 0)})
    assert same.backward_induction().total == 2


def test_backward_induction_at_the_ends_of_the_float_range() -> None:
    # issue 28: with payoffs of ±1e308 the tolerance (a billionth of the spread, infinite)
    # made every move a tie and the first one, -1e308, was chosen
    huge = ExtensiveFormGame({"L": (-1e308, 1e308), "R": (1e308, -1e308)})
    [best] = huge.backward_induction()
    assert best.move_at(()) == "R" and best.payoffs == (1e308, -1e308)
    assert huge.backward_induction().total == 1
    chance = ChanceNode({"h": (0.5, (1e308, -1e308)), "t": (0.5, (1e308, -1e308))})
    averaged = ExtensiveFormGame({"L": (-1e308, 1e308), "R": chance})
    assert averaged.backward_induction()[0].payoffs == (1e308, -1e308)  # no overflow to inf
    # payoffs near 1e-300 gave NaN equilibrium payoffs
    small = ExtensiveFormGame(
        {"L": {"a": (1e-300, 3e-300), "b": (2e-300, 1e-300)}, "R": (1.5e-300, 0)}
    )
    [spe] = small.backward_induction()
    assert spe.payoffs == (1.5e-300, 0.0) and not any(map(math.isnan, spe.payoffs))
    # and the strategic form of the ±1e308 game is solved exactly (a raw LinAlgError before)
    table = huge.to_normal_form()
    assert [e.payoffs for e in table.nash_equilibria()] == [(1e308, -1e308)]


# -- normal form: tolerances relative to the payoffs, bad input named ----------------------------
def scaled(game: NormalFormGame, factor: float, shift: float = 0.0) -> NormalFormGame:
    return NormalFormGame(
        np.asarray(game.row_payoffs) * factor + shift,
        np.asarray(game.col_payoffs) * factor + shift,
        row_labels=game.row_labels,
        col_labels=game.col_labels,
    )


@pytest.mark.parametrize("factor", [1e-9, 1e-15, 1e9, 1e15])
def test_the_prisoners_dilemma_means_the_same_in_any_unit(factor: float) -> None:
    pd = prisoners_dilemma()
    small = scaled(pd, factor)
    assert small.pure_nash_equilibria() == [(1, 1)]
    assert not small.is_nash_equilibrium(0, 0)
    assert small.row_best_responses(0) == (1,)
    assert small.iterated_elimination().rows == (1,)
    assert [e.supports for e in small.nash_equilibria()] == [((1,), (1,))]
    assert not small.is_degenerate()
    assert small.pareto_optimal() == pd.pareto_optimal()


@st.composite
def integer_games(draw: st.DrawFn) -> NormalFormGame:
    m, n = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    table = st.lists(st.lists(st.integers(-4, 4), min_size=n, max_size=n), min_size=m, max_size=m)
    return NormalFormGame(draw(table), draw(table))


@settings(max_examples=60, deadline=None)
@given(integer_games(), st.sampled_from([1e-12, 1e-6, 1e6, 1e12]), st.sampled_from([0.0, 7.0]))
def test_equilibria_do_not_depend_on_the_unit_of_the_payoffs(
    game: NormalFormGame, factor: float, shift: float
) -> None:
    other = scaled(game, factor, shift * factor)
    assert other.pure_nash_equilibria() == game.pure_nash_equilibria()
    assert (
        other.iterated_elimination(strict=False).steps
        == game.iterated_elimination(strict=False).steps
    )
    assert other.is_degenerate() == game.is_degenerate()
    for j in range(game.shape[1]):
        assert other.row_best_responses(j) == game.row_best_responses(j)


@pytest.mark.parametrize(
    "strategy", [(math.nan, 1.0), (0.5, math.nan), (math.inf, -math.inf), (0.5, 0.5, 0.0)]
)
def test_probabilities_that_are_not_numbers_are_refused(strategy: tuple[float, ...]) -> None:
    game = prisoners_dilemma()
    with pytest.raises(GameError, match="row strategy"):
        game.is_nash_equilibrium(strategy, 1)
    with pytest.raises(GameError, match="column strategy"):
        game.expected_payoffs(0, strategy)


def test_bad_strategy_indices_are_named_not_wrapped() -> None:
    game = prisoners_dilemma()
    with pytest.raises(GameError, match=r"row -1 does not exist: rows are 0\.\.1"):
        game.payoff(-1, -1)
    with pytest.raises(GameError, match=r"column 2 does not exist: columns are 0\.\.1"):
        game.payoff(0, 2)
    with pytest.raises(GameError, match=r"row 5 does not exist: rows are 0\.\.1"):
        game.restrict([5], [0])
    with pytest.raises(GameError, match=r"column -1 does not exist"):
        game.restrict([0], [-1])
    with pytest.raises(GameError, match=r"row 1.0 does not exist|a row is a whole number"):
        game.payoff(1.0, 0)  # type: ignore[arg-type]
    with pytest.raises(GameError, match=r"row 3 does not exist"):
        dominates(game.row_payoffs, 3, 0)
    assert game.payoff(np.int64(1), np.int64(1)) == (-5.0, -5.0)  # numpy indices are fine
    with pytest.raises(GameError, match="restrict needs at least one row"):
        game.restrict([], [0])


# -- size guards --------------------------------------------------------------------------------------
def random_game(size: int) -> NormalFormGame:
    rng = np.random.default_rng(size)
    return NormalFormGame(rng.integers(-9, 10, (size, size)), rng.integers(-9, 10, (size, size)))


def test_support_enumeration_refuses_a_game_too_large_and_says_what_to_do() -> None:
    big = random_game(12)
    with pytest.raises(GameError, match=r"2,704,155 pairs of supports.*Lemke.Howson"):
        next(support_enumeration(big.row_payoffs, big.col_payoffs))
    with pytest.raises(GameError, match=r"is_degenerate.*20 × 20.*too large"):
        random_game(20).is_degenerate()
    assert big.pure_nash_equilibria() == pure_nash_equilibria(big.row_payoffs, big.col_payoffs)


def test_vertex_enumeration_refuses_a_game_too_large_and_says_what_to_do() -> None:
    # a 13 × 13 coordination game: nothing dominated, 2^13 - 1 equilibria, and polytopes that
    # may have up to 54,264 vertices by the upper bound theorem
    coordination = NormalFormGame(np.eye(13, dtype=int), np.eye(13, dtype=int))
    with pytest.raises(GameError, match=r"13 × 13 game may meet up to 54,264 vertices.*Lemke"):
        coordination.nash_equilibria()
    with pytest.raises(GameError, match=r"54,264 vertices"):
        coordination.equilibrium_components()
    assert "too large to list its equilibria" in coordination._repr_html_()
    assert len(random_game(6).nash_equilibria()) >= 1


def test_a_32_by_32_game_is_solved_once_its_dominated_strategies_are_gone() -> None:
    # support enumeration refused it (about 1.8 * 10^18 pairs of supports); the row player's
    # last row beats every other, so after the elimination one row is left against 32 columns
    rng = np.random.default_rng(32)
    a = rng.integers(0, 10, (32, 32)) + 100 * np.arange(32)[:, None]
    b = rng.integers(0, 10, (32, 32))
    g = NormalFormGame(a, b)
    best = set(np.flatnonzero(b[31] == b[31].max()))
    found = g.nash_equilibria()
    assert {e.supports for e in found if e.is_pure} == {((31,), (j,)) for j in best}
    assert all(g.is_nash_equilibrium(e.exact_row, e.exact_col) for e in found)


def test_coalitional_games_are_bounded() -> None:
    with pytest.raises(GameError, match=r"25 players.*33,554,432 coalitions.*at most 20"):
        CoalitionalGame(range(25), lambda s: len(s))
    game = CoalitionalGame(range(11), lambda s: len(s) ** 2)
    with pytest.raises(GameError, match=r"39,916,800 orders.*use shapley_value"):
        shapley_value_by_permutations(game)
    assert shapley_value(game)[0] == pytest.approx(11.0)


@pytest.mark.parametrize("factor", [1, 1e-12, 1e-300, 1e12, 1e300])
def test_a_coalitional_game_means_the_same_in_any_unit(factor: float) -> None:
    # scaled by 1e-12, merging losing 1e-12 was within the absolute tolerance of 1e-9: the
    # game was called superadditive and an allocation short by half of v(N) was in the core
    losing = CoalitionalGame("AB", {"A": 2 * factor, "B": 2 * factor, "AB": 3 * factor})
    assert not losing.is_superadditive()
    gaining = CoalitionalGame("ABC", lambda s: factor * len(s) ** 2)
    assert gaining.is_superadditive()
    assert not gaining.in_core({"A": factor, "B": factor, "C": factor})  # 3 of 9
    assert gaining.in_core({"A": 3 * factor, "B": 3 * factor, "C": 3 * factor})
    third = CoalitionalGame("ABC", lambda s: factor * (len(s) == 3))
    assert third.in_core(dict.fromkeys("ABC", factor / 3))  # floats: 1/3 within the tolerance
    assert not third.in_core(dict.fromkeys("ABC", factor / 6))  # half of v(N) shared out
    assert third.core_violations(dict.fromkeys("ABC", factor / 6)) == [frozenset("ABC")]


def test_an_allocation_of_ints_and_fractions_is_compared_exactly() -> None:
    third = CoalitionalGame("ABC", {"ABC": 1, "A": 0, "B": 0, "C": 0, "AB": 0, "AC": 0, "BC": 0})
    assert third.in_core(dict.fromkeys("ABC", Fraction(1, 3)))
    short = {"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(1, 3) - Fraction(1, 10**15)}
    assert not third.in_core(short)
    assert third.core_violations(short) == [frozenset("ABC")]
    # floats typed are trusted to a part in 10⁹ of the numbers compared, no further
    assert third.in_core({"A": 0.333333333333, "B": 1 / 3, "C": 1 / 3})  # 3e-13 short
    assert not third.in_core({"A": 0.333333, "B": 1 / 3, "C": 1 / 3})  # 3e-7 short


def test_superadditivity_is_quick_and_refused_past_its_limit() -> None:
    # every pair of disjoint coalitions was listed: 6.6 s at 13 players, ~30 h at 20
    game = CoalitionalGame(range(13), lambda s: len(s) ** 2)
    assert game.is_superadditive()  # 797,161 splits, well under a second
    worse = CoalitionalGame(range(13), lambda s: len(s) ** 2 if len(s) < 13 else 144)
    assert not is_superadditive(worse)  # only the last merge loses: 144 < 12² + 1²
    with pytest.raises(GameError, match=r"16 players compares 21,457,825 pairs.*max_splits"):
        CoalitionalGame(range(16), lambda s: 0).is_superadditive()


def test_the_normal_form_of_a_large_tree_is_refused_before_listing_plans() -> None:
    game = TicTacToe()
    state = game.initial_state()
    for cell in (4, 0, 8):
        state = game.result(state, cell)
    tree_game = ExtensiveFormGame.from_game(game, state)
    with pytest.raises(GameError, match=r"plans.*more than"):
        tree_game.to_normal_form()
    with pytest.raises(GameError, match=r"plans.*more than max_plans"):
        tree_game.pure_strategies(0)
