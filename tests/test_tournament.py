"""Matches and round robins: records, reproducibility, statistics, executors."""

from __future__ import annotations

import math
import random
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import matplotlib
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest

from gametheory.core import GameError
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import GreedyPlayer, RandomPlayer, SearchPlayer
from gametheory.tournament import (
    MatchRecord,
    TournamentResult,
    play_match,
    round_robin,
    wilson_interval,
)

matplotlib.use("Agg")


class FirstMove:
    """Always the first legal move (module level, so worker processes can load it)."""

    def __init__(self, name: str = "first") -> None:
        self.name = name

    def choose(self, game: Any, state: Any) -> Any:
        return game.legal_moves(state)[0]


class LastMove:
    def __init__(self, name: str = "last") -> None:
        self.name = name

    def choose(self, game: Any, state: Any) -> Any:
        return game.legal_moves(state)[-1]


class Locked(FirstMove):
    """A player holding something that cannot be pickled."""

    def __init__(self) -> None:
        super().__init__("locked")
        self.lock = threading.Lock()


def zero(state: Any, player: int) -> float:
    return 0.0


def perfect() -> SearchPlayer:
    return SearchPlayer("engine", None, name="perfect")


def record(score: float, a: str = "x", b: str = "y") -> MatchRecord:
    return MatchRecord((a, b), (), (), None, score, True, 0.0)


# -- one match ---------------------------------------------------------------------------
def test_play_match_replays_to_its_final_position() -> None:
    game = TicTacToe()
    rec = play_match(game, FirstMove(), LastMove(), opening=(4,))
    state = game.initial_state()
    for move in rec.moves:
        state = game.result(state, move)
    assert state == rec.final and rec.finished
    assert rec.moves[0] == 4 and rec.opening == (4,)
    utility = game.utility(state, 0)
    assert rec.score == {1.0: 1.0, 0.0: 0.5, -1.0: 0.0}[utility]
    assert rec.players == ("first", "last")


def test_play_match_cut_short_is_a_draw() -> None:
    rec = play_match(Nim(30), FirstMove(), FirstMove("other"), max_plies=5)
    assert len(rec.moves) == 5 and not rec.finished and rec.score == 0.5 and rec.winner is None


def test_a_non_player_is_named() -> None:
    with pytest.raises(GameError, match="player_b .* is not a player"):
        play_match(Nim(5), FirstMove(), object())  # type: ignore[arg-type]


# -- the round robin ---------------------------------------------------------------------
def test_schedule_openings_and_colours() -> None:
    players = [FirstMove(), LastMove(), RandomPlayer(seed=5)]
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
    players = [RandomPlayer(seed=1), GreedyPlayer(zero), FirstMove()]
    one = round_robin(TicTacToe(), players, 2, seed=11, progress=False)
    two = round_robin(TicTacToe(), players, 2, seed=11, progress=False)
    assert one == two
    other = round_robin(TicTacToe(), players, 2, seed=12, progress=False)
    assert {r.opening for r in other.records} != {r.opening for r in one.records}


def test_players_start_every_game_fresh() -> None:
    # a random player is copied for each game: its choices do not depend on earlier games
    players = [RandomPlayer(seed=2), FirstMove()]
    lines = [(4, 0)]
    alone = round_robin(TicTacToe(), players, 2, openings=lines, progress=False)
    longer = round_robin(TicTacToe(), players, 6, openings=lines, progress=False)
    assert longer.records[:2] == alone.records


def test_the_perfect_player_never_loses() -> None:
    players = [perfect(), RandomPlayer(seed=9), FirstMove()]
    result = round_robin(Nim(11), players, 4, openings=1, seed=2, progress=False)
    top = result.standings()[0]
    assert top.name == "perfect" and top.losses == 0
    elo = result.ratings()
    assert elo["perfect"] > max(elo["random"], elo["first"])
    assert math.isclose(sum(elo.values()) / 3, 1500)


def test_explicit_openings_and_no_swap() -> None:
    players = [FirstMove(), LastMove()]
    result = round_robin(
        Nim(9), players, 3, swap_sides=False, openings=[(1,), (2,)], progress=False
    )
    assert [r.opening for r in result.records] == [(1,), (2,), (1,)]
    assert [r.players[0] for r in result.records] == ["first", "last", "first"]


def test_round_robin_errors() -> None:
    with pytest.raises(GameError, match="at least two players"):
        round_robin(Nim(5), [FirstMove()], progress=False)
    with pytest.raises(GameError, match="different names"):
        round_robin(Nim(5), [FirstMove(), FirstMove()], progress=False)
    with pytest.raises(GameError, match="even number"):
        round_robin(Nim(5), [FirstMove(), LastMove()], 3, progress=False)
    with pytest.raises(GameError, match="openings must be"):
        round_robin(Nim(5), [FirstMove(), LastMove()], openings=-1, progress=False)


# -- statistics --------------------------------------------------------------------------
@given(st.integers(1, 400), st.data())
def test_wilson_matches_scipy(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    expected = binomtest(k, n).proportion_ci(method="wilson")
    low, high = wilson_interval(k, n)
    assert math.isclose(low, expected.low, abs_tol=1e-9)
    assert math.isclose(high, expected.high, abs_tol=1e-9)


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))
def test_two_player_rating_has_the_closed_form(wins: int, draws: int, losses: int) -> None:
    records = [record(1.0)] * wins + [record(0.5)] * draws + [record(0.0)] * losses
    elo = TournamentResult(("x", "y"), tuple(records)).ratings()
    if not records:
        assert elo == {"x": 1500.0, "y": 1500.0}
        return
    x_points = wins + draws / 2 + 0.5  # with the virtual draw
    y_points = losses + draws / 2 + 0.5
    assert math.isclose(elo["x"] - elo["y"], 400 * math.log10(x_points / y_points), abs_tol=1e-6)
    assert math.isclose(elo["x"] + elo["y"], 3000)


def test_html_table_and_plot() -> None:
    records = [record(1.0), record(0.5), record(1.0, "y", "x"), record(0.0, "z", "x")]
    result = TournamentResult(("x", "y", "z"), tuple(records))
    page = result._repr_html_()
    assert page.count("<tr>") == 4 and "Wilson" in page and "x" in page
    first = result.standings()[0]
    assert first.name == "x" and (first.wins, first.draws, first.losses) == (2, 1, 1)
    ax = result.plot()
    assert [t.get_text().split()[0] for t in ax.get_yticklabels()] == ["z", "y", "x"]
    ax.figure.savefig("/tmp/tournament_plot.png")


# -- executors ---------------------------------------------------------------------------
def test_process_pool_gives_the_same_table() -> None:
    players = [RandomPlayer(seed=4), GreedyPlayer(zero), FirstMove()]
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
    players = [GreedyPlayer(lambda s, p: 0.0, name="lam"), FirstMove()]
    with ProcessPoolExecutor(1) as pool:
        result = round_robin(Nim(6), players, 2, executor=pool, progress=False)
    assert len(result.records) == 2


def test_unpicklable_player_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(GameError, match="player 'locked'.*cannot be sent.*executor=None"):
            round_robin(Nim(5), [Locked(), LastMove()], executor=pool, progress=False)
        monkeypatch.setitem(sys.modules, "cloudpickle", None)  # as if it were not installed
        with pytest.raises(GameError, match="lambda or a function defined in a notebook"):
            round_robin(
                Nim(5), [GreedyPlayer(lambda s, p: 0.0), LastMove()], executor=pool, progress=False
            )
    # in this process nothing needs pickling
    assert len(round_robin(Nim(5), [Locked(), LastMove()], progress=False).records) == 2


def test_random_openings_are_all_different_where_the_game_has_enough() -> None:
    """Seeded, deterministic players from one opening play one game twice; each opening
    is drawn anew until it is new (a seed that repeats an opening with plain draws)."""
    import random as random_module

    from gametheory.tournament import distinct_openings, random_opening

    game = TicTacToe()
    plain = [random_opening(game, 1, random_module.Random(0)) for _ in range(1)]
    rng = random_module.Random(0)
    drawn = [random_opening(game, 1, rng) for _ in range(5)]
    assert len(set(drawn)) < 5, "the seed must repeat an opening for this test to mean anything"
    lines = distinct_openings(game, 1, 5, random_module.Random(0))
    assert len(set(lines)) == 5 and lines[0] == plain[0]
    players = [SearchPlayer(name="ab"), GreedyPlayer(name="greedy")]
    result = round_robin(game, players, 10, openings=1, seed=0, progress=False)
    starts = [record.opening for record in result.records]
    assert len(set(starts)) == 5  # each of the five openings, once with each colouring


def test_a_game_with_too_few_openings_says_so() -> None:
    from gametheory.tournament import distinct_openings

    with pytest.warns(UserWarning, match="only 3 of the 4 openings of 1 plies are different"):
        lines = distinct_openings(Nim(13), 1, 4, random.Random(0))
    assert sorted(set(lines)) == [(1,), (2,), (3,)]
