"""One game between two players: records, forfeits, a time limit kept by a process, openings."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from gametheory.core import GameError
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import GreedyPlayer, RandomPlayer
from gametheory.tournament import distinct_openings, play_match, random_opening
from tests.faulty_players import Cheater, Crasher, First, Last, Locked, Sleeper

GAME = Nim(9)


def test_play_match_replays_to_its_final_position() -> None:
    game = TicTacToe()
    rec = play_match(game, First(), Last(), opening=(4,))
    state = game.initial_state()
    for move in rec.moves:
        state = game.result(state, move)
    assert state == rec.final and rec.finished
    assert rec.moves[0] == 4 and rec.opening == (4,)
    utility = game.utility(state, 0)
    assert rec.score == {1.0: 1.0, 0.0: 0.5, -1.0: 0.0}[utility]
    assert rec.players == ("first", "last")


def test_play_match_cut_short_is_a_draw() -> None:
    rec = play_match(Nim(30), First(), First("other"), max_plies=5)
    assert len(rec.moves) == 5 and not rec.finished and rec.score == 0.5 and rec.winner is None
    for bad in (-1, 2.5, "3"):  # named, not a TypeError from the arithmetic
        with pytest.raises(GameError, match="max_plies must be a whole number >= 0 or None"):
            play_match(Nim(30), First(), First("other"), opening=(1,), max_plies=bad)  # type: ignore[arg-type]


def test_a_non_player_is_named() -> None:
    with pytest.raises(GameError, match="player_b .* is not a player"):
        play_match(Nim(5), First(), object())  # type: ignore[arg-type]


def test_a_failed_match_is_a_forfeit_of_the_player_at_fault() -> None:
    record = play_match(GAME, First("a"), Crasher())
    assert record.forfeit == 1 and record.winner == 0 and record.score == 1.0
    assert not record.finished and record.moves == (1, 1, 1)
    assert "B (crasher) failed at move 4: ZeroDivisionError" in record.error
    record = play_match(GAME, Cheater(), First("b"))
    assert record.forfeit == 0 and record.score == 0.0 and "chose an illegal move" in record.error


# -- a time limit per move -------------------------------------------------------------------
@pytest.mark.parametrize("busy", [True, False])
def test_a_hanging_player_forfeits_with_the_reason_within_the_limit(busy: bool) -> None:
    start = time.perf_counter()
    record = play_match(GAME, First("a"), Sleeper(busy), time_per_move=0.3)
    took = time.perf_counter() - start
    assert record.forfeit == 1 and record.score == 1.0 and record.moves == (1,)
    assert "B (sleeper) failed at move 2: took longer than time_per_move=0.3 s" in record.error
    assert 0.3 <= took < 0.3 + 2.0  # the limit, and the start of the players' process


def test_a_time_limit_changes_nothing_for_players_within_it() -> None:
    # the players keep their state from move to move in their process: the crasher
    # still fails on its second move, the random player draws the same moves
    for players in ([First("a"), Crasher()], [RandomPlayer(seed=4), GreedyPlayer()]):
        timed = play_match(TicTacToe(), *players, time_per_move=30)
        untimed = play_match(TicTacToe(), *players)
        assert timed == untimed and timed.error == untimed.error


def test_off_the_main_thread_a_slow_move_forfeits_too() -> None:
    found: list[Any] = []
    worker = threading.Thread(
        target=lambda: found.append(
            play_match(GAME, First("a"), Sleeper(busy=False), time_per_move=0.3)
        )
    )
    worker.start()
    worker.join(60)
    [record] = found
    assert record.forfeit == 1 and "took longer than time_per_move=0.3 s" in record.error


def test_a_timed_player_must_travel_to_its_process() -> None:
    with pytest.raises(GameError, match="player 'locked'.*cannot be sent.*time_per_move=None"):
        play_match(GAME, Locked(), First(), time_per_move=1)
    for bad in (0, -1, "1", float("nan"), float("inf"), True):
        with pytest.raises(GameError, match="time_per_move must be a number of seconds > 0"):
            play_match(GAME, First("a"), First("b"), time_per_move=bad)  # type: ignore[arg-type]


# -- openings --------------------------------------------------------------------------------
def test_random_openings_are_all_different_where_the_game_has_enough() -> None:
    """Seeded, deterministic players from one opening play one game twice; each opening
    is drawn anew until it is new (a seed that repeats an opening with plain draws)."""
    game = TicTacToe()
    rng = random.Random(0)
    drawn = [random_opening(game, 1, rng) for _ in range(5)]
    assert len(set(drawn)) < 5, "the seed must repeat an opening for this test to mean anything"
    lines = distinct_openings(game, 1, 5, random.Random(0))
    assert len(set(lines)) == 5 and lines[0] == random_opening(game, 1, random.Random(0))


def test_a_game_with_too_few_openings_says_so() -> None:
    with pytest.warns(UserWarning, match="only 3 of the 4 openings of 1 plies are different"):
        lines = distinct_openings(Nim(13), 1, 4, random.Random(0))
    assert sorted(set(lines)) == [(1,), (2,), (3,)]


def test_an_opening_is_played_by_the_dice_too() -> None:
    from gametheory.games.dice import DiceRace

    game = DiceRace()
    line = random_opening(game, 6, random.Random(2))
    state = game.initial_state()
    for move in line:  # every move is legal, the rolls included
        state = game.result(state, move)
    assert len(line) == 6 or game.is_terminal(state)
    record = play_match(game, First(), Last(), opening=line, seed=3)
    assert record.moves[: len(line)] == line and record.forfeit is None
