"""Players: random, greedy, search and human, on Abapa and on other games."""

from __future__ import annotations

import io

import pytest

from gametheory.core import A, GameError
from gametheory.evaluation import LinearEvaluator
from gametheory.games.abapa import Abapa, replay, seeds_on_side, store_difference
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import (
    Command,
    GreedyPlayer,
    HumanPlayer,
    RandomPlayer,
    SearchPlayer,
    play,
    search_algorithm,
)
from gametheory.search import alphabeta

GAME = Abapa()


def test_random_player_is_reproducible_and_legal() -> None:
    one, final_one = play(GAME, [RandomPlayer(seed=5), RandomPlayer(seed=6)])
    two, final_two = play(GAME, [RandomPlayer(seed=5), RandomPlayer(seed=6)])
    assert one == two and final_one == final_two
    assert replay(GAME, one).final == final_one


def test_greedy_takes_the_biggest_capture() -> None:
    # house 5 captures nothing, house 4 captures 2 (house 7), house 6 captures 4 (7 and 8)
    state = GAME.state([0, 0, 0, 3, 1, 2] + [1, 1, 0, 0, 0, 5], stores=(17, 18))
    greedy = GreedyPlayer()
    scores = greedy.scores(GAME, state)
    assert scores[6] > scores[4] > scores[5]
    assert greedy.choose(GAME, state) == 6


def test_greedy_prefers_a_win_and_breaks_ties_by_order() -> None:
    state = GAME.state([0, 0, 0, 0, 1, 2] + [4, 1, 0, 0, 0, 5], stores=(23, 12))
    assert GreedyPlayer(seeds_on_side).choose(GAME, state) == 6  # the capture wins outright
    assert GreedyPlayer().choose(GAME, GAME.initial_state()) == 1  # all equal: the first


def test_greedy_on_a_game_without_an_evaluation() -> None:
    assert GreedyPlayer().choose(Nim(3), Nim(3).initial_state()) == 3  # taking all wins


def test_search_player_agrees_with_its_algorithm() -> None:
    state = replay(GAME, [3, 9, 1, 12]).final
    player = SearchPlayer("alphabeta", depth=4, evaluate=store_difference)
    expected = alphabeta(GAME, state, 4, store_difference)
    assert player.choose(GAME, state) == expected.move
    assert player.last_result is not None and player.last_result.pv == expected.pv
    assert "alphabeta" in player.name


@pytest.mark.parametrize("name", ["minimax", "negamax", "alphabeta", "alphabeta_negamax"])
def test_every_textbook_search_finds_the_same_value(name: str) -> None:
    state = replay(GAME, [3, 9, 1]).final
    evaluate = LinearEvaluator([store_difference, seeds_on_side], [3, 1])
    result = SearchPlayer(name, depth=3, evaluate=evaluate).search(GAME, state)
    assert result.value == pytest.approx(alphabeta(GAME, state, 3, evaluate).value)


def test_the_engine_is_offered_by_name() -> None:
    try:
        engine = search_algorithm("engine")
    except GameError as error:  # not written yet: the message says what to use instead
        assert "choose minimax" in str(error)
        return
    state = replay(GAME, [3, 9]).final
    result = SearchPlayer(engine, depth=4, evaluate=store_difference).search(GAME, state)
    assert result.value == pytest.approx(alphabeta(GAME, state, 4, store_difference).value)


def test_search_player_rejects_bad_settings() -> None:
    with pytest.raises(GameError, match="unknown search algorithm 'best'"):
        SearchPlayer("best")
    with pytest.raises(GameError, match="depth must be a whole number >= 1 or None, got 0"):
        SearchPlayer("minimax", depth=0)
    with pytest.raises(GameError, match="the game is over"):
        SearchPlayer().choose(GAME, GAME.state([0] * 12, (24, 24)))


def test_perfect_play_in_small_games() -> None:
    perfect = SearchPlayer("alphabeta", depth=None)
    game = TicTacToe()
    start = game.result(game.result(game.initial_state(), 4), 0)  # centre, then a corner
    moves, final = play(game, [perfect, perfect], start)
    assert game.utility(final, A) == 0.0  # perfect players draw
    moves, final = play(Nim(7), [perfect, RandomPlayer(seed=2)])
    assert Nim(7).utility(final, A) == 1.0  # 7 is not a multiple of 4: the first player wins


def test_search_beats_random_at_abapa() -> None:
    small = Abapa(houses_per_side=3, seeds_per_house=3)
    wins = 0
    for seed in range(4):
        _, final = play(small, [SearchPlayer(depth=4), RandomPlayer(seed=seed)])
        wins += small.utility(final, A) == 1.0
    assert wins >= 3


def test_human_player_asks_again_until_a_legal_move() -> None:
    out = io.StringIO()
    person = HumanPlayer(io.StringIO("\nseven\n0\n7\n3\n"), out)
    assert person.choose(GAME, GAME.initial_state()) == 3
    text = out.getvalue()
    assert "'seven' is not a move" in text
    assert "house 0 does not exist" in text
    assert "house 7 belongs to B" in text


def test_human_player_reports_commands_and_end_of_input() -> None:
    person = HumanPlayer(
        io.StringIO("hint\nsave my game.json\n"), io.StringIO(), commands=["hint", "save"]
    )
    assert person.ask(GAME, GAME.initial_state()) == Command("hint")
    assert person.ask(GAME, GAME.initial_state()) == Command("save", "my game.json")
    with pytest.raises(EOFError):
        person.ask(GAME, GAME.initial_state())


def test_human_player_help_lists_moves_and_commands() -> None:
    out = io.StringIO()
    person = HumanPlayer(io.StringIO("help\n1\n"), out, commands=["undo"])
    assert person.choose(GAME, GAME.initial_state()) == 1
    assert "type a move (1, 2, 3, 4, 5, 6) or a command: undo, help" in out.getvalue()


def test_human_player_plays_tuple_moves_of_other_games() -> None:
    game = TicTacToe()
    out = io.StringIO()
    person = HumanPlayer(io.StringIO("(9, 9)\n4\n"), out)
    assert person.choose(game, game.initial_state()) == 4


def test_play_needs_two_players() -> None:
    with pytest.raises(GameError, match="two players"):
        play(GAME, [RandomPlayer()])
    moves, state = play(GAME, [RandomPlayer(1), RandomPlayer(2)], max_plies=5)
    assert len(moves) == 5 and not GAME.is_terminal(state)
