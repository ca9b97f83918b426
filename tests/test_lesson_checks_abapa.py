"""The self-checks that lesson 08b adds to ``lesson_checks.abapa``: reading the features off
a board, and predicting what depth 1 scores against the greedy player. (The checks of 08a
and 08b's older two are tested in ``test_lesson_checks_hints.py``.)"""

from __future__ import annotations

import numpy as np
import pytest
from lesson_checks import abapa

from gametheory.evaluation import LinearEvaluator
from gametheory.games.abapa import Abapa, mobility, seeds_on_side, store_difference
from gametheory.players import GreedyPlayer, SearchPlayer

from .lesson_check_helpers import assert_hints, verdict

BOARD = Abapa().state([3, 1, 3, 5, 4, 12, 1, 1, 1, 1, 0, 10], stores=(4, 2))
"""08b's position after 20 plies: stores 4 and 2, A's houses all full, B's house 11 empty."""


def _typed(value: float, text: str) -> tuple[object, ...]:
    """``value`` as a student may give it: a fraction as text, a float, numpy's float, and
    the decimal to three places (as text, with a comma too)."""
    return (text, value, np.float64(value), f"{value:.3f}", f"{value:.3f}".replace(".", ","))


def test_reading_agrees_with_the_package() -> None:
    assert (store_difference(BOARD, 0), mobility(BOARD, 0), seeds_on_side(BOARD, 0)) == (
        2 / 48,
        1 / 7,
        14 / 49,
    )


def test_reading_reads_every_way_of_typing_alike(capsys: pytest.CaptureFixture[str]) -> None:
    said = set()
    forms = zip(_typed(2 / 48, "2/48"), _typed(1 / 7, "1/7"), _typed(14 / 49, "14/49"), strict=True)
    for store, moves, seeds in forms:
        assert abapa.check_reading(BOARD, {"store": store, "mobility": moves, "seeds": seeds})
        said.add(verdict(capsys, True))
    assert len(said) == 1, said
    assert abapa.check_reading(BOARD, {"store": "1/24", "mobility": 1 / 7, "seeds": "2/7"})
    verdict(capsys, True)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ({"store": 2, "mobility": "1/7", "seeds": "2/7"}, "store: 2 is the difference, not yet"),
        ({"store": "2/48", "mobility": "-1/7", "seeds": "2/7"}, "mobility: that is B's view"),
        (
            {"store": "2/48", "mobility": "1/6", "seeds": "2/7"},
            "mobility: the difference is right, the divisor",
        ),
        ({"store": "2/49", "mobility": "1/7", "seeds": "2/7"}, "store: the difference is right"),
        ({"store": "2/48", "mobility": "1/7", "seeds": "14/48"}, "seeds: the difference is right"),
        (
            {"store": "2/48", "mobility": "2/7", "seeds": "2/7"},
            "mobility: count again: A's non-empty",
        ),
        (
            {"store": "2/48", "mobility": "1/7", "seeds": "12/49"},
            "seeds: count again: the seeds in A's",
        ),
        ({"store": "two", "mobility": "1/7", "seeds": "2/7"}, "store: 'two' is not a number"),
        ({"store": "2/48", "mobility": "1/7"}, "a dict of the three"),
        ("2/48, 1/7, 2/7", "a dict of the three"),
    ],
)
def test_reading_says_what_is_off(
    capsys: pytest.CaptureFixture[str], answer: object, hint: str
) -> None:
    assert_hints(capsys, lambda a: abapa.check_reading(BOARD, a), [(answer, hint)], hidden="14/49")


def test_depth_one_plays_as_greedy_does() -> None:
    """The oracle of the prediction: the two choose alike, so with the sides swapped on each
    opening they score exactly ½."""
    game, depth_one, greedy = (
        Abapa(),
        SearchPlayer("alphabeta", 1, store_difference),
        GreedyPlayer(),
    )
    positions = abapa.sample_positions(120, seed=3)
    assert all(depth_one.choose(game, s) == greedy.choose(game, s) for s in positions)


def test_depth_one_reads_every_way_of_typing_alike(capsys: pytest.CaptureFixture[str]) -> None:
    said = set()
    for typed in (0.5, "0.5", " 0,5 ", "1/2", np.float64(0.5), "2/4"):
        assert abapa.check_depth_one(typed), typed
        said.add(verdict(capsys, True))
    assert len(said) == 1, said


def test_depth_one_hints_without_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert_hints(
        capsys,
        abapa.check_depth_one,
        [
            (1, "would depth 1 be stronger than greedy?"),
            (np.int64(1), "would depth 1 be stronger than greedy?"),
            (0.25, "would depth 1 be weaker than greedy?"),
            ("0", "would depth 1 be weaker than greedy?"),
            (1.5, "1.5 is no score"),
            ("-1", "-1 is no score"),
            ("half", "'half' is not a score"),
        ],
        hidden="0.5",
    )


def test_the_weights_exercise_comes_out_as_its_solution_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """08b's solution: store and mobility tie at 2 : 1 and 3 : 1, and win at 4 : 1."""
    for weights, ok, said in (
        ([2, 1], False, "8 of 16"),
        ([3, 1], False, "8 of 16"),
        ([4, 1], True, ""),
    ):
        mix = LinearEvaluator({"store": store_difference, "mobility": mobility}, weights)
        assert bool(abapa.check_mix(mix)) is ok, weights
        assert said in verdict(capsys, ok)
