"""Coalitional games: the Shapley axioms as properties, hand-computed values, bad input."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.theory.cooperative import (
    CoalitionalGame,
    glove_game,
    is_superadditive,
    majority_game,
    shapley_value,
    shapley_value_by_permutations,
)


def test_glove_game_by_hand() -> None:
    # L is needed for every pair: in the orders L R1 R2 / L R2 R1 / R1 R2 L / R2 R1 L ... the
    # left glove adds 1 in four of the six orders, so φ_L = 4/6 and each right glove gets 1/6
    phi = glove_game(left=("L",), right=("R1", "R2")).shapley_value()
    assert phi == pytest.approx({"L": 2 / 3, "R1": 1 / 6, "R2": 1 / 6})


def test_glove_game_core_gives_the_scarce_glove_everything() -> None:
    g = glove_game(left=("L",), right=("R1", "R2"))
    assert g.in_core({"L": 1, "R1": 0, "R2": 0})
    assert not g.in_core({"L": 2 / 3, "R1": 1 / 6, "R2": 1 / 6})  # the Shapley value is not
    assert [sorted(s) for s in g.core_violations({"L": 2 / 3, "R1": 1 / 6, "R2": 1 / 6})] == [
        ["L", "R1"],
        ["L", "R2"],
    ]
    assert not g.in_core({"L": 0.5, "R1": 0, "R2": 0})  # shares out less than v(N)


def test_three_party_majority_game_by_hand() -> None:
    g = majority_game(3)
    assert g.shapley_value() == pytest.approx({1: 1 / 3, 2: 1 / 3, 3: 1 / 3})
    assert g.is_superadditive()
    # any two can outvote the third, so no allocation is stable: the core is empty
    assert not any(
        g.in_core({1: a / 6, 2: b / 6, 3: (6 - a - b) / 6})
        for a, b in itertools.product(range(7), repeat=2)
        if a + b <= 6
    )


def test_weighted_voting_by_hand() -> None:
    # weights 3, 2, 1 and quota 4: A is in every winning coalition ({A,B}, {A,C}, {A,B,C})
    weight = {"A": 3, "B": 2, "C": 1}
    g = CoalitionalGame("ABC", lambda s: float(sum(weight[p] for p in s) >= 4))
    assert g.shapley_value() == pytest.approx({"A": 2 / 3, "B": 1 / 6, "C": 1 / 6})


def test_superadditivity_fails_when_merging_loses() -> None:
    g = CoalitionalGame("AB", {"A": 2, "B": 2, "AB": 3})
    assert not is_superadditive(g)


@pytest.mark.parametrize(
    ("players", "v", "message"),
    [
        ("AB", {"A": 1, "AB": 2}, r"no value for coalition \{'B'\}"),
        ("AB", {"": 1, "A": 1, "B": 1, "AB": 2}, "v\\(∅\\) must be 0"),
        ("AB", {"A": 1, "B": 1, "AB": 2, "AC": 3}, "not players"),
        ("AB", {"A": 1, "B": "x", "AB": 2}, r"v\(\{'B'\}\) must be a finite number"),
        ("AA", {"A": 1}, "distinct"),
        ("", {}, "at least one player"),
    ],
)
def test_bad_characteristic_functions_are_named(players: str, v: object, message: str) -> None:
    with pytest.raises(GameError, match=message):
        CoalitionalGame(players, v)  # type: ignore[arg-type]


def test_bad_allocations_are_named() -> None:
    with pytest.raises(GameError, match="one amount per player"):
        majority_game(3).in_core({1: 1.0})


# --------------------------------------------------------------------------- the axioms


@st.composite
def games(draw: st.DrawFn) -> CoalitionalGame:
    n = draw(st.integers(1, 5))
    players = "ABCDE"[:n]
    values = {
        s: draw(st.integers(-5, 10))
        for size in range(1, n + 1)
        for s in itertools.combinations(players, size)
    }
    return CoalitionalGame(players, values)


@settings(max_examples=80, deadline=None)
@given(games())
def test_shapley_value_is_efficient(g: CoalitionalGame) -> None:
    assert sum(g.shapley_value().values()) == pytest.approx(g.v(g.players))


@settings(max_examples=80, deadline=None)
@given(games())
def test_subset_formula_equals_the_permutation_definition(g: CoalitionalGame) -> None:
    assert shapley_value(g) == pytest.approx(shapley_value_by_permutations(g))


@settings(max_examples=80, deadline=None)
@given(games(), st.data())
def test_symmetric_players_get_equal_shares(g: CoalitionalGame, data: st.DataObject) -> None:
    if len(g.players) < 2:
        return
    i, j = data.draw(st.lists(st.sampled_from(g.players), min_size=2, max_size=2, unique=True))

    def swapped(s: frozenset[object]) -> frozenset[object]:
        return frozenset({i: j, j: i}.get(p, p) for p in s)

    # make i and j interchangeable: v(S) := v(S) + v(S with i and j swapped)
    sym = CoalitionalGame(g.players, lambda s: g.v(s) + g.v(swapped(s)))
    phi = sym.shapley_value()
    assert phi[i] == pytest.approx(phi[j])


@settings(max_examples=80, deadline=None)
@given(games(), st.data())
def test_null_players_get_nothing(g: CoalitionalGame, data: st.DataObject) -> None:
    null = data.draw(st.sampled_from(g.players))
    # a null player adds nothing to any coalition: v(S) := v(S without them)
    dummy = CoalitionalGame(g.players, lambda s: g.v(s - {null}))
    assert dummy.shapley_value()[null] == pytest.approx(0)


@settings(max_examples=80, deadline=None)
@given(games(), games())
def test_shapley_value_is_additive(g: CoalitionalGame, h: CoalitionalGame) -> None:
    if g.players != h.players:
        return
    both = CoalitionalGame(g.players, lambda s: g.v(s) + h.v(s))
    phi, psi = g.shapley_value(), h.shapley_value()
    assert both.shapley_value() == pytest.approx({p: phi[p] + psi[p] for p in g.players})


@settings(max_examples=80, deadline=None)
@given(games())
def test_core_allocations_are_individually_rational(g: CoalitionalGame) -> None:
    phi = g.shapley_value()
    if g.in_core(phi):
        assert all(phi[p] >= g.v((p,)) - 1e-9 for p in g.players)
    assert g.in_core(phi) == (
        not g.core_violations(phi) and sum(phi.values()) == pytest.approx(g.v(g.players))
    )
