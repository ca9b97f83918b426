"""Every game honours the Game protocol: the same checks, run on each of them."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory import (
    CHANCE,
    Abapa,
    Checkers,
    DiceRace,
    Gomoku,
    Nim,
    TicTacToe,
    random_tree,
)
from gametheory.core import IllegalMoveError
from gametheory.games.abapa import AbapaRules
from gametheory.games.checkers import CheckersRules

GAMES: dict[str, Any] = {
    "nim": Nim(13),
    "nim-misere": Nim(9, max_take=4, misere=True),
    "tictactoe": TicTacToe(),
    "tictactoe-4x4-k3": TicTacToe(4, 3),
    "dice-race": DiceRace(),
    "abapa": Abapa(),
    "abapa-below-four": Abapa(AbapaRules(cycle="below_four", grand_slam="capture")),
    "abapa-3x3": Abapa(AbapaRules(houses_per_side=3, seeds_per_house=3)),
    "checkers": Checkers(),
    "checkers-czech": Checkers(CheckersRules.czech()),
    "gomoku-7x7": Gomoku(size=7, k=4),
    "random-tree": random_tree((1, 3), 5, seed=4),
}
MAX_PLIES = 3000


def playout(game: Any, seed: int) -> list[tuple[Any, Any]]:
    """A random game: the (state, move) pairs, ending with (final state, None)."""
    rng = random.Random(seed)
    state = game.initial_state()
    history = []
    for _ in range(MAX_PLIES):
        moves = list(game.legal_moves(state))
        assert bool(moves) != game.is_terminal(state), "legal_moves empty exactly at the end"
        if not moves:
            history.append((state, None))
            return history
        if game.to_move(state) == CHANCE:
            outcomes = list(game.chance_outcomes(state))
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            assert [m for m, _ in outcomes] == moves
            move = rng.choices(moves, weights=[p for _, p in outcomes])[0]
        else:
            assert game.to_move(state) in (0, 1)
            move = rng.choice(moves)
        history.append((state, move))
        state = game.result(state, move)
    raise AssertionError(f"no end after {MAX_PLIES} random plies")


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 10_000))
def test_random_playouts_end_and_pay_zero_sum(name: str, seed: int) -> None:
    game = GAMES[name]
    final, _ = playout(game, seed)[-1]
    assert game.utility(final, 0) == -game.utility(final, 1)


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 10_000))
def test_result_never_mutates_and_states_are_hashable(name: str, seed: int) -> None:
    game = GAMES[name]
    for state, move in playout(game, seed)[:60]:
        hash(state)
        before = copy.deepcopy(state)
        if move is not None:
            after = game.result(state, move)
            hash(after)
        assert state == before


@pytest.mark.parametrize("name", [n for n in GAMES if n != "random-tree"])
def test_a_finished_game_rejects_every_move(name: str) -> None:
    game = GAMES[name]
    final, _ = playout(game, 1)[-1]
    some_move = playout(game, 2)[0][1]
    with pytest.raises(IllegalMoveError):
        game.result(final, some_move)
