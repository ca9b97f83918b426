"""Evaluations too large for a float, and infinite leaves: clear errors or right answers,
never NaN."""

from __future__ import annotations

import math
from typing import Any

import pytest

from gametheory.core import GameError
from gametheory.games.abapa import Abapa
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import iterative_deepening
from gametheory.search.mcts import mcts
from gametheory.search.minimax import minimax
from gametheory.trees import tree


# -- the engine and the searches ------------------------------------------------------------
@pytest.mark.parametrize("name", ["minimax", "alphabeta", "iterative_deepening"])
def test_an_evaluation_returning_10_to_the_400_is_a_clear_error(name: str) -> None:
    def huge(state: Any, player: int) -> int:
        return 10**400

    search = {"minimax": minimax, "alphabeta": alphabeta}.get(name)
    with pytest.raises(GameError, match=r"evaluation function huge returned a number too large"):
        if search is None:
            iterative_deepening(Abapa(), None, 2, huge)
        else:
            search(Abapa(), None, 2, huge)


@pytest.mark.parametrize("seed", range(5))
def test_mcts_on_infinite_leaves_returns_no_nan_and_avoids_the_minus_infinite_move(
    seed: int,
) -> None:
    inf = math.inf
    game = tree([[inf, -inf], [1, 2], [-inf, 3]])
    assert minimax(game).move == 1  # the other two let MIN reach -inf
    result = mcts(game, iterations=300, seed=seed)
    assert not math.isnan(result.value) and result.move == 1
    assert not any(math.isnan(c.value) for c in result.children)
