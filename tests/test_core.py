"""The shared vocabulary of core: the checked move ordering, the dice, the number format."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.checks import checked_order
from gametheory.core import GameError
from gametheory.formatting import number_text
from gametheory.games.dice import ROLL, DiceRace
from gametheory.moves import sample_outcome

moves = st.lists(st.integers(-5, 5), max_size=8)


@given(moves, st.randoms())
def test_every_permutation_of_the_moves_is_accepted_as_it_comes(given_moves, rng) -> None:
    shuffled = list(given_moves)
    rng.shuffle(shuffled)
    assert checked_order(lambda s, ms: shuffled, None, given_moves) == shuffled


@given(moves, moves)
def test_anything_but_a_permutation_is_refused(given_moves, returned) -> None:
    if Counter(returned) == Counter(given_moves):
        return
    with pytest.raises(GameError, match="it must return the same moves, each once"):
        checked_order(lambda s, ms: returned, "the position", given_moves)


def test_unhashable_moves_are_compared_with_equality() -> None:
    given_moves = [[1], [2], [2]]
    assert checked_order(lambda s, ms: ms[::-1], None, given_moves) == [[2], [2], [1]]
    with pytest.raises(GameError):
        checked_order(lambda s, ms: [[1], [1], [2]], None, given_moves)


def test_sample_outcome_draws_with_the_probabilities() -> None:
    game = DiceRace()
    rolling = game.result(game.initial_state(), ROLL)
    rng = random.Random(7)
    counts = Counter(sample_outcome(game, rolling, rng) for _ in range(3000))
    assert set(counts) == {0, 2, 5}
    assert all(abs(n / 3000 - 1 / 3) < 0.04 for n in counts.values())
    assert [sample_outcome(game, rolling, random.Random(3)) for _ in range(5)] == [
        sample_outcome(game, rolling, random.Random(3)) for _ in range(5)
    ]


def test_sample_outcome_refuses_a_position_without_dice() -> None:
    game = DiceRace()
    with pytest.raises(GameError):
        sample_outcome(game, game.initial_state(), random.Random(0))


@pytest.mark.parametrize(
    ("x", "options", "text"),
    [
        (3.0, {}, "3"),
        (-3, {}, "−3"),
        (0.25, {}, "0.25"),
        (1 / 3, {}, "0.333"),
        (math.inf, {}, "+∞"),
        (-math.inf, {}, "−∞"),
        (2, {"sign": True}, "+2"),
        (0, {"sign": True}, "0"),
        (-0.001, {"places": 2, "sign": True}, "0.00"),
        (-0.5234, {"places": 2}, "−0.52"),
        (1e20, {}, "100000000000000000000"),
    ],
)
def test_number_text(x: float, options: dict[str, object], text: str) -> None:
    assert number_text(x, **options) == text  # type: ignore[arg-type]
