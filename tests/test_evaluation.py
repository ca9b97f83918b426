"""gametheory/evaluation.py: the LinearEvaluator (on Abapa's features) and the generic
evaluations every game falls back on."""

from __future__ import annotations

import pytest

from gametheory.core import A, B, GameError
from gametheory.evaluation import (
    LinearEvaluator,
    default_evaluation,
    move_count,
    terminal_only,
)
from gametheory.games.abapa import (
    Abapa,
    mobility,
    replay,
    seeds_on_side,
    store_difference,
    vulnerability,
)
from gametheory.games.nim import Nim

GAME = Abapa()


def test_linear_evaluator_weights_are_relative() -> None:
    state = GAME.state([4] * 6 + [4, 4, 4, 0, 0, 0], stores=(10, 2))
    evaluate = LinearEvaluator({"store": store_difference, "mobility": mobility}, [3, 1])
    expected = (3 * store_difference(state, A) + 1 * mobility(state, A)) / 4
    assert evaluate(state, A) == pytest.approx(expected)
    assert evaluate(state, B) == pytest.approx(-expected)
    same = LinearEvaluator({"store": store_difference, "mobility": mobility}, [6, 2])
    assert same(state, A) == pytest.approx(expected)
    raw = LinearEvaluator([store_difference, mobility], [3, 1], normalise=False)
    assert raw(state, A) == pytest.approx(4 * expected)
    assert set(evaluate.terms(state, A)) == {"store", "mobility"}


def test_linear_evaluator_accepts_named_weights() -> None:
    evaluate = LinearEvaluator(
        {"store": store_difference, "seeds": seeds_on_side}, {"seeds": 1, "store": 2}
    )
    assert evaluate.weights == {"store": 2.0, "seeds": 1.0}


@pytest.mark.parametrize(
    ("features", "weights", "message"),
    [
        ([store_difference], [1, 2], "2 weights for 1 features"),
        ({"s": store_difference}, {"t": 1}, r"missing \['s'\], unknown \['t'\]"),
        ([store_difference], [float("nan")], "must be a finite number"),
        ([store_difference], ["1"], "must be a finite number"),
        ([store_difference, mobility], [0, 0], "every weight is 0"),
        ({"s": 3}, [1], "not a function"),
        ([store_difference, store_difference], [1, 1], "same name"),
    ],
)
def test_linear_evaluator_rejects_bad_input(features, weights, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(GameError, match=message):
        LinearEvaluator(features, weights)


def test_defaults_and_generic_helpers() -> None:
    assert default_evaluation(GAME) == GAME.evaluate
    nim = Nim(5)
    fallback = default_evaluation(nim)
    assert fallback(nim.initial_state(), A) == 0.0
    finished = nim.result(nim.result(nim.state(4), 3), 1)
    assert terminal_only(nim)(finished, B) == nim.utility(finished, B) == 1.0
    assert move_count(nim)(nim.initial_state(), A) == 3 / 4
    assert move_count(nim)(nim.initial_state(), B) == -3 / 4


def test_a_linear_evaluator_drives_a_search() -> None:
    from gametheory.search import alphabeta, minimax

    evaluate = LinearEvaluator([store_difference, vulnerability], [4, 1])
    state = replay(GAME, [3, 9, 1]).final
    fast = alphabeta(GAME, state, 3, evaluate)
    slow = minimax(GAME, state, 3, evaluate)
    assert fast.value == pytest.approx(slow.value) and fast.move == slow.move
    assert -1 <= fast.value <= 1


# -- every estimate strictly between a loss and a win ----------------------------------------
