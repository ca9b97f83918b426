"""Lost games at the move that lost them, for the explorer (issue 26)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import RandomPlayer, SearchPlayer
from gametheory.search import alphabeta
from gametheory.teacher import League, lost_games
from gametheory.teacher.replay import judge_game
from gametheory.tournament import TournamentResult, play_match


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
