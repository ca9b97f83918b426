"""Game theory on hostile input: no hang, no silent wrong answer, every bad input named."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.extensive_form import ChanceNode, ExtensiveFormGame, backward_induction
from gametheory.games.dice import DiceRace
from gametheory.games.tictactoe import TicTacToe
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


def test_max_equilibria_is_checked() -> None:
    game = ExtensiveFormGame({"L": {"a": (1, 0), "b": (3, 0)}, "R": (2, 5)})
    assert len(game.backward_induction(every=True, max_equilibria=2)) == 2
    with pytest.raises(GameError, match="more than max_equilibria=1"):
        game.backward_induction(every=True, max_equilibria=1)
    with pytest.raises(GameError, match="max_equilibria must be a whole number"):
        backward_induction(game, every=True, max_equilibria=2.5)  # type: ignore[arg-type]


def test_ties_are_judged_relative_to_the_payoff_scale() -> None:
    tiny = ExtensiveFormGame({"L": (1e-12, 0), "R": (2e-12, 0)})
    assert tiny.backward_induction()[0].move_at(()) == "R"  # not a tie: R pays twice as much
    assert tiny.backward_induction().total == 1
    near = ExtensiveFormGame({"L": (1.0, 0), "R": (1.0 + 1e-12, 0)})
    assert near.backward_induction().total == 2  # rounding noise: a tie
    assert not math.isnan(near.backward_induction()[0].payoffs[0])
