"""Tournaments survive players that fail, hang or kill their worker, and say what happened."""

from __future__ import annotations

import os
import signal
import sys
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from gametheory.core import GameError
from gametheory.games.nim import Nim
from gametheory.players import PlayerError, RandomPlayer, play
from gametheory.tournament import play_match, round_robin

GAME = Nim(9)


class First:
    """Takes the first legal move (module level, so worker processes can load it)."""

    def __init__(self, name: str = "first") -> None:
        self.name = name

    def choose(self, game: Any, state: Any) -> Any:
        return game.legal_moves(state)[0]


class Crasher(First):
    """Fails with an error of its own on its second move."""

    def __init__(self) -> None:
        super().__init__("crasher")
        self.moves = 0

    def choose(self, game: Any, state: Any) -> Any:
        self.moves += 1
        if self.moves == 2:
            raise ZeroDivisionError("my evaluation divided by zero")
        return super().choose(game, state)


class Cheater(First):
    """Takes 4 matches, which Nim(9) with max_take=3 does not allow."""

    def __init__(self) -> None:
        super().__init__("cheater")

    def choose(self, game: Any, state: Any) -> Any:
        return 4


class Sleeper(First):
    """Never answers: it loops forever (or sleeps, which a signal also interrupts)."""

    def __init__(self, busy: bool = True) -> None:
        super().__init__("sleeper")
        self.busy = busy

    def choose(self, game: Any, state: Any) -> Any:
        if self.busy:
            while True:
                pass
        time.sleep(3600)
        return None


class Killer(First):
    """Kills its own process on its first move, once (or every time) per marker file."""

    def __init__(self, marker: str, always: bool = False) -> None:
        super().__init__("killer")
        self.marker = marker
        self.always = always

    def choose(self, game: Any, state: Any) -> Any:
        if self.always or not os.path.exists(self.marker):
            Path(self.marker).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(game, state)


# -- play names the player at fault ----------------------------------------------------------
def test_play_names_the_player_that_fails_and_keeps_the_moves() -> None:
    with pytest.raises(PlayerError) as caught:
        play(GAME, [Crasher(), First("other")])
    fault = caught.value
    assert fault.player == 0 and fault.name == "crasher"
    assert fault.moves == [1, 1]  # A's first move and B's reply were played
    assert "A (crasher) failed at move 3: ZeroDivisionError: my evaluation divided by zero" in str(
        fault
    )
    with pytest.raises(PlayerError, match=r"B \(cheater\) chose an illegal move at move 2: take 4"):
        play(GAME, [First(), Cheater()])


def test_a_failed_match_is_a_forfeit_of_the_player_at_fault() -> None:
    record = play_match(GAME, First("a"), Crasher())
    assert record.forfeit == 1 and record.winner == 0 and record.score == 1.0
    assert not record.finished and record.moves == (1, 1, 1)
    assert "B (crasher) failed at move 4: ZeroDivisionError" in record.error
    record = play_match(GAME, Cheater(), First("b"))
    assert record.forfeit == 0 and record.score == 0.0 and "chose an illegal move" in record.error


# -- a time limit per move -------------------------------------------------------------------
@pytest.mark.parametrize("busy", [True, False])
def test_a_move_over_the_time_limit_forfeits(busy: bool) -> None:
    record = play_match(GAME, First("a"), Sleeper(busy), time_per_move=0.3)
    assert record.forfeit == 1 and record.score == 1.0
    assert "took longer than time_per_move=0.3 s" in record.error
    assert "B (sleeper)" in record.error


def test_time_per_move_is_checked() -> None:
    for bad in (0, -1, "1", float("nan")):
        with pytest.raises(GameError, match="time_per_move must be a number of seconds > 0"):
            round_robin(GAME, [First("a"), First("b")], time_per_move=bad, progress=False)


# -- round robins keep every finished game ------------------------------------------------------
PLAYERS: list[Any] = [First("first"), Crasher(), RandomPlayer(seed=1)]


def check_crasher_table(result: Any) -> None:
    assert len(result.records) == 6  # 3 pairs x 2 games: nothing thrown away
    lost = [r for r in result.records if "crasher" in r.players]
    assert len(lost) == 4 and all(r.forfeit is not None for r in lost)
    assert all(r.players[r.forfeit] == "crasher" and "ZeroDivisionError" in r.error for r in lost)
    crasher = next(row for row in result.standings() if row.name == "crasher")
    assert (crasher.losses, crasher.forfeits) == (4, 4)
    text = str(result)
    assert "forfeits" in text and "crasher lost 4 games by forfeit" in text
    assert "ZeroDivisionError: my evaluation divided by zero" in text
    assert "forfeit" in result._repr_html_()


def test_a_player_that_raises_forfeits_and_the_rest_is_kept() -> None:
    check_crasher_table(round_robin(GAME, PLAYERS, openings=0, progress=False))


def test_the_same_in_worker_processes() -> None:
    with ProcessPoolExecutor(2) as pool:
        check_crasher_table(round_robin(GAME, PLAYERS, openings=0, progress=False, executor=pool))


def test_a_hanging_player_forfeits_in_a_worker_too() -> None:
    players = [First("first"), Sleeper()]
    with ProcessPoolExecutor(2) as pool:
        result = round_robin(
            GAME, players, openings=0, progress=False, executor=pool, time_per_move=0.3
        )
    assert [r.players[r.forfeit] for r in result.records if r.forfeit is not None] == [
        "sleeper",
        "sleeper",
    ]


def test_the_progress_bar_counts_what_failed(capsys: pytest.CaptureFixture[str]) -> None:
    round_robin(GAME, PLAYERS, openings=0, progress=True)
    assert "4 forfeits" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_worker_is_replaced_and_its_games_played_again(tmp_path: Path) -> None:
    players = [First("first"), Killer(str(tmp_path / "killed-once"))]
    with ProcessPoolExecutor(2) as pool:
        result = round_robin(GAME, players, openings=0, progress=False, executor=pool)
    assert len(result.records) == 2 and not result.failures
    assert all(r.forfeit is None and r.finished for r in result.records)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_game_that_kills_its_worker_twice_is_reported_as_failed(tmp_path: Path) -> None:
    players = [First("first"), Killer(str(tmp_path / "marker"), always=True), First("other")]
    with ProcessPoolExecutor(2) as pool:
        result = round_robin(GAME, players, openings=0, progress=False, executor=pool)
    # the killer's four games failed twice; the two games without it are kept
    assert len(result.records) + len(result.failures) == 6
    assert all("killer" not in r.players for r in result.records)
    assert len(result.records) == 2
    assert all("killer" in f.players and "played again" in f.error for f in result.failures)
    assert "4 games failed" in str(result)


class Refusing(Executor):
    """An executor whose every game fails before it starts (like a cluster going away)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(OSError("the cluster went away"))
        return future


def test_games_an_executor_cannot_run_are_failed_not_lost() -> None:
    result = round_robin(GAME, [First("a"), First("b")], openings=0, progress=False,
                         executor=Refusing())  # fmt: skip
    assert not result.records and len(result.failures) == 2
    assert all("OSError: the cluster went away" in f.error for f in result.failures)


def test_off_the_main_thread_a_slow_move_forfeits_too() -> None:
    import threading

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
