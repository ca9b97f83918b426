"""Lost games at the move that lost them, for the explorer (issue 26)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.games.abapa import Abapa, AbapaState
from gametheory.games.abapa.endgame import EndgameDatabase, board_index, cycle_bounds
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import RandomPlayer, SearchPlayer
from gametheory.practice.perfect_play import verdicts
from gametheory.search import alphabeta
from gametheory.teacher import League, lost_games
from gametheory.teacher.replay import DATABASE, judge_game, judge_moves
from gametheory.tournament import TournamentResult, play_match
from gametheory.tournament.match import MatchRecord


def exact(game: Nim, state: object) -> float:
    return alphabeta(game, state).value  # for the player to move


@settings(max_examples=30, deadline=None)
@given(st.integers(5, 14), st.integers(0, 10_000))
def test_the_losing_move_is_the_last_one_from_a_won_position(matches: int, seed: int) -> None:
    game = Nim(matches)
    record = play_match(
        game, RandomPlayer(seed=seed), SearchPlayer("alphabeta", None, name="perfect")
    )
    lost = judge_game(game, record, depth=None)
    if record.score == 1.0:
        assert lost is None or lost.loser == "perfect"
        return
    assert lost is not None and lost.loser == "random"
    if exact(game, game.initial_state()) == -1.0:  # lost from the start: shown at move 1
        assert (lost.ply, lost.before, lost.after) == (0, -1.0, -1.0)
        assert "no move of theirs gave anything away" in str(lost)
        return
    assert exact(game, lost.state) == 1.0 and lost.before == 1.0  # they could still win here
    assert lost.after == -1.0 and lost.best != lost.move
    state = game.initial_state()
    for ply, move in enumerate(record.moves):  # and never again afterwards
        if ply > lost.ply and game.to_move(state) == 0:
            assert exact(game, state) == -1.0
        state = game.result(state, move)


def test_a_league_gives_its_lost_games_and_each_opens_in_the_explorer() -> None:
    game = TicTacToe()
    players = [SearchPlayer("alphabeta", None, name="solver"), RandomPlayer(seed=3)]
    records = tuple(play_match(game, players[k % 2], players[1 - k % 2], seed=k) for k in range(4))
    played = League(TournamentResult(("solver", "random"), records), ())
    lost = lost_games(played, game, depth=None)
    assert len(lost) == sum(r.winner is not None for r in records) > 0
    assert all(g.loser == "random" and g.before > g.after for g in lost)
    explorer = lost[0].explorer(game, depth=2)
    assert explorer.tree.root.state == lost[0].state
    explorer.last_button.click()
    assert explorer.narration.startswith("A is done")


def test_a_draw_or_a_forfeit_has_no_losing_move() -> None:
    game = Nim(7)
    draw = play_match(game, RandomPlayer(seed=1), RandomPlayer(seed=2), max_plies=1)
    assert judge_game(game, draw) is None


# -- judged against the perfect-play database (Abapa) -----------------------------------------
SMALL = Abapa(houses_per_side=2, seeds_per_house=2)  # 8 seeds: an exhaustive search is quick


@cache
def database(seeds: int) -> EndgameDatabase:
    return EndgameDatabase.build(SMALL, seeds=seeds)


@cache
def bounds() -> tuple[Any, Any]:
    return cycle_bounds(SMALL, 8)


def exact_for(state: AbapaState, player: int) -> float:
    """The result for ``player`` by a search to the end, history and repetition rule and all."""
    if SMALL.is_terminal(state):
        return SMALL.utility(state, player)
    value = alphabeta(SMALL, state, None).value
    return value if SMALL.to_move(state) == player else -value


def settled(state: AbapaState, move: int | None = None) -> bool:
    """Whether no cycle rule can change the result of ``state`` (after ``move``): the
    database follows its own rule, the package the repetition rule. So: not a game the
    repetition rule ended, and the seeds the mover is sure of and the most the opponent can
    hold them to, whatever the rule, give the same result."""
    if move is not None:
        if SMALL.explain(state, move).ending == "repetition":
            return False
        state = SMALL.result(state, move)
    if SMALL.is_terminal(state):
        return True
    houses, mover = state.houses, state.to_move
    board = houses if mover == 0 else houses[2:] + houses[:2]
    lo, hi = (float(side[board_index(board)]) for side in bounds())
    mine, theirs = state.stores[mover], state.stores[1 - mover]
    results = {(mine + v > theirs + sum(houses) - v) - (mine + v < theirs + sum(houses) - v)
               for v in (lo, hi)}  # fmt: skip
    return len(results) == 1


def small_games(count: int = 40) -> list[MatchRecord]:
    games = []
    for seed in range(count):
        players: list[Any] = [RandomPlayer(seed=seed), RandomPlayer(seed=seed + 100)]
        if seed % 4 == 3:
            players[seed % 2] = SearchPlayer("alphabeta", None, name="perfect")
        games.append(play_match(SMALL, *players, seed=seed))
    return [record for record in games if record.winner is not None]


def test_the_database_judges_every_position_it_holds_and_the_search_the_others() -> None:
    few = database(5)
    judged = [j for record in small_games() for j in judge_moves(SMALL, record, 2, few)]
    assert {j.judge for j in judged} == {DATABASE, "a search 2 plies deep"}
    for j in judged:
        in_it = sum(j.state.houses) <= few.seeds
        assert (j.judge == DATABASE) == in_it == j.exact == bool(j.verdict), j
        if in_it:  # the values say what the words say
            assert j.before == few.leaf_value(j.state, j.state.to_move)
            assert (j.drop > 0) == ("instead" in j.verdict) and j.drop >= 0
            assert j.verdict.startswith("keeps") == (j.move in few.best_moves(j.state))
            assert j.verdict == verdicts(few, j.state)[j.move]


def test_the_databases_verdict_is_used_where_it_has_one_over_a_bigger_drop_of_the_search() -> None:
    few = database(5)
    overruled = 0
    for record in small_games():
        judged = judge_moves(SMALL, record, 1, few)
        lost = judge_game(SMALL, record, 1, few)
        assert lost is not None
        dropped = [j for j in judged if j.judge == DATABASE and j.drop > 0]
        if dropped:  # the database saw the result given away: its last such move lost it
            assert (lost.ply, lost.judge, lost.before, lost.after) == (
                dropped[-1].ply, DATABASE, dropped[-1].before, dropped[-1].after,
            )  # fmt: skip
            assert dropped[-1].verdict in str(lost) and DATABASE in str(lost)
            searched = [j.drop for j in judged if j.judge != DATABASE]
            overruled += max(searched, default=0.0) > 0  # the search alone would pick another
        else:
            assert lost.judge != DATABASE or lost.before <= lost.after
    assert overruled > 0


def test_the_database_agrees_with_an_exhaustive_search_on_the_judged_move() -> None:
    full = database(8)  # every position of the game
    games = small_games()
    differed, dropped = [], 0
    for record in games:
        lost = judge_game(SMALL, record, 2, full)
        assert lost is not None and lost.judge == DATABASE
        loser = lost.state.to_move
        after = SMALL.result(lost.state, lost.move)
        exact = (exact_for(lost.state, loser), exact_for(after, loser))
        if exact != (lost.before, lost.after):
            # Only the cycle rule can make them differ (the database's shares an endless
            # game, the package's ends it at a repetition); where no rule can change the
            # results, they must agree.
            assert not (settled(lost.state) and settled(lost.state, lost.move)), lost
            differed.append(lost)
        elif lost.before > lost.after:
            dropped += 1
            best = SMALL.result(lost.state, lost.best)  # the database's best keeps it
            assert exact_for(best, loser) == lost.before or not settled(lost.state, lost.best)
    assert len(games) >= 35 and dropped >= 10 and len(differed) <= 2, (dropped, differed)


def test_the_database_must_be_the_games_own() -> None:
    record = small_games(4)[0]
    with pytest.raises(GameError, match="the database is of .* but the games are of"):
        judge_game(Abapa(), record, database=database(5))
    with pytest.raises(GameError, match="database must be an EndgameDatabase"):
        judge_game(SMALL, record, database="endgame.bin")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="the database is of"):
        lost_games(
            League(TournamentResult(("a", "b"), (record,)), ()), Nim(7), database=database(5)
        )


def test_a_league_on_abapa_gives_its_lost_games_judged_by_the_database() -> None:
    records = tuple(small_games(8))
    played = League(TournamentResult(records[0].players, records), ())
    lost = lost_games(played, SMALL, depth=2, database=database(8))
    assert [g.moves for g in lost] == [r.moves for r in records]
    assert all(g.judge == DATABASE for g in lost)


def test_a_verdict_reads_in_words_a_teacher_reads_once() -> None:
    """Issue 36: "worth 1 with 3" read as three seeds; the best move and the worth in words."""
    from gametheory.games.nim import Nim
    from gametheory.teacher.replay import judge_game
    from gametheory.tournament.match import MatchRecord

    lost = judge_game(Nim(7), MatchRecord(("a", "b"), (), (1, 2, 3, 1), None, 0.0, True), None)
    assert lost is not None
    assert str(lost).endswith(
        "turned a win into a loss, by a search to the end (the best move was 3)"
    )
    assert lost.worth(-0.4375) == "-0.44 (slightly worse)"
