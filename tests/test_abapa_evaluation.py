"""Abapa's evaluation functions (games/abapa/evaluation.py): each feature on a hand-made
position, and every estimate antisymmetric and strictly between a loss and a win."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import A, B, GameError
from gametheory.evaluation import LinearEvaluator, move_count
from gametheory.games.abapa import (
    EVALUATIONS,
    Abapa,
    mobility,
    seeds_on_side,
    store_difference,
    thesis_scale,
    vulnerability,
)

from .strategies import abapa_positions

GAME = Abapa()


def test_store_difference_is_the_lead_over_all_seeds() -> None:
    state = GAME.state([4] * 6 + [4, 4, 4, 0, 0, 0], stores=(10, 2))
    assert store_difference(state, A) == 8 / 48
    assert store_difference(state, B) == -8 / 48


@pytest.mark.parametrize(
    ("stores", "step"),
    [((0, 0), 0), ((3, 0), 1), ((5, 0), 1), ((8, 0), 2), ((0, 13), -3), ((24, 0), 5)],
)
def test_thesis_scale_bands_of_five_seeds(stores: tuple[int, int], step: int) -> None:
    seeds = 48 - sum(stores)
    houses = [seeds // 12] * 12
    houses[0] += seeds - sum(houses)
    state = GAME.state(houses, stores)
    assert thesis_scale(state, A) * 6 == pytest.approx(step)


def test_thesis_scale_is_six_for_a_decided_game() -> None:
    state = GAME.state([0] * 11 + [3], stores=(25, 20))
    assert thesis_scale(state, A) == 1.0 and thesis_scale(state, B) == -1.0


def test_mobility_counts_non_empty_houses() -> None:
    state = GAME.state([1, 0, 0, 0, 0, 0] + [9, 9, 9, 9, 0, 0], stores=(6, 5))
    assert mobility(state, A) == (1 - 4) / 7  # over one more than the 6 houses a side


def test_seeds_on_side_counts_seeds_in_hand() -> None:
    state = GAME.state([1, 0, 0, 0, 0, 0] + [9, 9, 9, 9, 0, 0], stores=(6, 5))
    assert seeds_on_side(state, B) == (36 - 1) / 49  # over one more than the 48 seeds


def test_vulnerability_counts_weak_houses_within_reach() -> None:
    # A's houses 1 (1 seed) and 2 (2 seeds) are weak; B's house 12 (5 seeds) reaches 1-5
    # B's house 7 (1 seed) is weak and A's house 6 (1 seed) reaches it
    state = GAME.state([1, 2, 0, 0, 0, 1] + [1, 0, 0, 0, 0, 5], stores=(19, 19))
    assert vulnerability(state, A) == (1 - 2) / 7
    # out of reach: nothing on B's side can reach A's houses
    far = GAME.state([1, 2, 0, 0, 0, 1] + [1, 0, 0, 0, 0, 0], stores=(22, 21))
    assert vulnerability(far, A) == 1 / 7


def abapa_evaluations(game: Abapa, weights: list[int]) -> dict[str, object]:
    """Every Abapa evaluation the package offers, the generic ones, and a weighted mix."""
    mix = LinearEvaluator(EVALUATIONS, weights) if any(weights) else store_difference
    return {**EVALUATIONS, "game": game.evaluate, "move_count": move_count(game), "mix": mix}


@settings(max_examples=300, deadline=None)
@given(
    case=abapa_positions(),
    weights=st.lists(st.integers(-5, 5), min_size=len(EVALUATIONS), max_size=len(EVALUATIONS)),
)
def test_estimates_are_strictly_inside_minus_one_one(case, weights) -> None:  # type: ignore[no-untyped-def]
    """In any unfinished position (any rules, any board, one side often empty) every
    evaluation is antisymmetric and strictly between −1 and +1, so a win found by search
    (+1) beats it and a loss (−1) is worse."""
    game, state = case
    if game.is_terminal(state):
        return
    for name, evaluate in abapa_evaluations(game, weights).items():
        mine, theirs = evaluate(state, A), evaluate(state, B)  # type: ignore[operator]
        assert -1 < mine < 1, (name, state)
        assert mine == pytest.approx(-theirs, abs=1e-12), (name, state)


@pytest.mark.parametrize(
    ("houses", "stores", "feature", "most"),
    [
        # A to move must feed B's empty side; every house of A's is non-empty: 6 - 0 houses
        ([1, 1, 1, 1, 1, 7] + [0] * 6, (18, 18), mobility, 6 / 7),
        # every seed on A's side, none captured yet: 48 - 0 seeds
        ([8] * 6 + [0] * 6, (0, 0), seeds_on_side, 48 / 49),
        # all six of B's houses hold 1 seed and A's house 6 (12 seeds) reaches them all
        ([3, 3, 3, 3, 3, 12] + [1] * 6, (8, 7), vulnerability, 6 / 7),
    ],
)
def test_the_most_lopsided_unfinished_positions_stay_below_a_win(
    houses, stores, feature, most
) -> None:  # type: ignore[no-untyped-def]
    state = GAME.state(houses, stores)
    assert not GAME.is_terminal(state)
    assert feature(state, A) == most and feature(state, B) == -most


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_evaluations_are_antisymmetric_and_bounded(seed: int, pick: int) -> None:
    game, rng = Abapa(), random.Random(seed)
    states = [game.initial_state()]
    while not game.is_terminal(states[-1]):
        states.append(game.result(states[-1], rng.choice(game.legal_moves(states[-1]))))
    state = states[pick % len(states)]
    for name, evaluate in EVALUATIONS.items():
        mine, theirs = evaluate(state, A), evaluate(state, B)
        assert mine == -theirs, name
        assert -1 <= mine <= 1, name


def test_store_difference_still_refuses_a_bad_player() -> None:
    state = Abapa().initial_state()
    for player in (2, -1, True, None, "0", 0.5):
        with pytest.raises(GameError, match=f"player must be 0 .A. or 1 .B., got {player!r}"):
            store_difference(state, player)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(case=abapa_positions())
def test_store_difference_is_the_plain_formula(case) -> None:  # type: ignore[no-untyped-def]
    """store_difference skips the player check for a plain 0 or 1 (a search calls it a lot):
    it still gives the formula written plainly."""
    _, state = case
    for player in (A, B):
        own, opp = state.stores[player], state.stores[1 - player]
        assert store_difference(state, player) == (own - opp) / (sum(state.houses) + own + opp)
