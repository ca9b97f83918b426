"""Round robins: the schedule, reproducibility, executors, and games that fail."""

from __future__ import annotations

import math
import sys
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from gametheory.core import GameError
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import GreedyPlayer, RandomPlayer, SearchPlayer
from gametheory.tournament import TournamentResult, round_robin
from tests.faulty_players import Crasher, First, Killer, Last, Locked, Sleeper

GAME = Nim(9)


def zero(state: Any, player: int) -> float:
    return 0.0


def perfect() -> SearchPlayer:
    return SearchPlayer("engine", None, name="perfect")


# -- the schedule ------------------------------------------------------------------------
def test_schedule_openings_and_colours() -> None:
    players = [First(), Last(), RandomPlayer(seed=5)]
    result = round_robin(TicTacToe(), players, 4, openings=2, seed=3, progress=False)
    assert len(result.records) == 3 * 4
    openings = {rec.opening for rec in result.records}
    assert len(openings) == 2 and all(len(line) == 2 for line in openings)
    for line in openings:  # every pair plays every opening once with each colour
        pairs = [rec.players for rec in result.records if rec.opening == line]
        assert sorted(pairs) == sorted(
            [("first", "last"), ("last", "first"), ("first", "random"), ("random", "first")]
            + [("last", "random"), ("random", "last")]
        )
    for row in result.standings():
        assert row.games == 8 and row.wins + row.draws + row.losses == 8


def test_same_seed_same_table_other_seed_other_openings() -> None:
    players = [RandomPlayer(seed=1), GreedyPlayer(zero), First()]
    one = round_robin(TicTacToe(), players, 2, seed=11, progress=False)
    two = round_robin(TicTacToe(), players, 2, seed=11, progress=False)
    assert one == two
    other = round_robin(TicTacToe(), players, 2, seed=12, progress=False)
    assert {r.opening for r in other.records} != {r.opening for r in one.records}


def test_players_start_every_game_fresh() -> None:
    # a random player is copied for each game: its choices do not depend on earlier games
    players = [RandomPlayer(seed=2), First()]
    lines = [(4, 0)]
    alone = round_robin(TicTacToe(), players, 2, openings=lines, progress=False)
    longer = round_robin(TicTacToe(), players, 6, openings=lines, progress=False)
    assert longer.records[:2] == alone.records


def test_the_perfect_player_never_loses() -> None:
    players = [perfect(), RandomPlayer(seed=9), First()]
    result = round_robin(Nim(11), players, 4, openings=1, seed=2, progress=False)
    top = result.standings()[0]
    assert top.name == "perfect" and top.losses == 0
    elo = result.ratings()
    assert elo["perfect"] > max(elo["random"], elo["first"])
    assert math.isclose(sum(elo.values()) / 3, 1500)


def test_explicit_openings_and_no_swap() -> None:
    players = [First(), Last()]
    result = round_robin(
        Nim(9), players, 3, swap_sides=False, openings=[(1,), (2,)], progress=False
    )
    assert [r.opening for r in result.records] == [(1,), (2,), (1,)]
    assert [r.players[0] for r in result.records] == ["first", "last", "first"]


def test_every_game_of_a_pair_starts_from_its_own_opening() -> None:
    players = [SearchPlayer(name="ab"), GreedyPlayer(name="greedy")]
    result = round_robin(TicTacToe(), players, 10, openings=1, seed=0, progress=False)
    starts = [record.opening for record in result.records]
    assert len(set(starts)) == 5  # each of the five openings, once with each colouring


def test_round_robin_errors() -> None:
    with pytest.raises(GameError, match="at least two players"):
        round_robin(Nim(5), [First()], progress=False)
    with pytest.raises(GameError, match="different names"):
        round_robin(Nim(5), [First(), First()], progress=False)
    with pytest.raises(GameError, match="even number"):
        round_robin(Nim(5), [First(), Last()], 3, progress=False)
    with pytest.raises(GameError, match="openings must be"):
        round_robin(Nim(5), [First(), Last()], openings=-1, progress=False)
    with pytest.raises(GameError, match=r"players\[1\] .* is not a player"):
        round_robin(Nim(5), [First(), "Last"], progress=False)  # type: ignore[list-item]
    for bad in (0, -1, "1", float("nan")):
        with pytest.raises(GameError, match="time_per_move must be a number of seconds > 0"):
            round_robin(GAME, [First("a"), First("b")], time_per_move=bad, progress=False)


# -- executors ---------------------------------------------------------------------------
def test_process_pool_gives_the_same_table() -> None:
    players = [RandomPlayer(seed=4), GreedyPlayer(zero), First()]
    here = round_robin(TicTacToe(), players, 2, seed=5, progress=False)
    with ProcessPoolExecutor(2) as pool:
        there = round_robin(TicTacToe(), players, 2, seed=5, executor=pool, progress=False)
    assert there == here


def test_dask_cluster_gives_the_same_table() -> None:
    distributed = pytest.importorskip("distributed")
    players = [RandomPlayer(seed=4), perfect()]
    here = round_robin(Nim(7), players, 2, seed=5, progress=False)
    with distributed.Client(
        processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None
    ) as client:
        there = round_robin(
            Nim(7), players, 2, seed=5, executor=client.get_executor(), progress=False
        )
    assert there == here


def test_lambda_evaluations_travel_with_cloudpickle() -> None:
    players = [GreedyPlayer(lambda s, p: 0.0, name="lam"), First()]
    with ProcessPoolExecutor(1) as pool:
        result = round_robin(Nim(6), players, 2, executor=pool, progress=False)
    assert len(result.records) == 2


def test_unpicklable_player_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(GameError, match="player 'locked'.*cannot be sent.*executor=None"):
            round_robin(Nim(5), [Locked(), Last()], executor=pool, progress=False)
        monkeypatch.setitem(sys.modules, "cloudpickle", None)  # as if it were not installed
        with pytest.raises(GameError, match="lambda or a function defined in a notebook"):
            round_robin(
                Nim(5), [GreedyPlayer(lambda s, p: 0.0), Last()], executor=pool, progress=False
            )
    # in this process nothing needs pickling
    assert len(round_robin(Nim(5), [Locked(), Last()], progress=False).records) == 2


# -- every finished game is kept ---------------------------------------------------------
PLAYERS: list[Any] = [First("first"), Crasher(), RandomPlayer(seed=1)]


def check_crasher_table(result: TournamentResult) -> None:
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


def test_the_same_under_a_time_limit() -> None:
    check_crasher_table(round_robin(GAME, PLAYERS, openings=0, progress=False, time_per_move=30))


def test_a_hanging_player_forfeits_in_a_worker_too() -> None:
    players = [First("first"), Sleeper()]
    with ProcessPoolExecutor(2) as pool:
        result = round_robin(
            GAME, players, openings=0, progress=False, executor=pool, time_per_move=0.3
        )
    forfeits = [r for r in result.records if r.forfeit is not None]
    assert [r.players[r.forfeit] for r in forfeits] == ["sleeper", "sleeper"]
    assert all("took longer than time_per_move=0.3 s" in r.error for r in forfeits)
    assert "sleeper lost 2 games by forfeit" in str(result)


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


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_player_that_kills_its_own_process_under_a_time_limit(tmp_path: Path) -> None:
    """Under a time limit the players move in a process of their own; one that dies fails
    the game (played again, and reported if it dies again), not the tournament."""
    once = [First("first"), Killer(str(tmp_path / "once"))]
    result = round_robin(GAME, once, openings=0, progress=False, time_per_move=30)
    assert len(result.records) == 2 and not result.failures
    always = [First("first"), Killer(str(tmp_path / "always"), always=True)]
    result = round_robin(GAME, always, openings=0, progress=False, time_per_move=30)
    assert not result.records and len(result.failures) == 2
    for failure in result.failures:
        assert failure.error.count("the players' process died") == 2
        assert "played again here" in failure.error and "(killer) failed" in failure.error


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
    assert all("played again on the executor" in f.error for f in result.failures)
