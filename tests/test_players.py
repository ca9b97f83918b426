"""Players: random, greedy, search and human, on Abapa and on other games; the Gomoku
assignment's heuristic and MinMax players."""

from __future__ import annotations

import io

import pytest
from hypothesis import given

from gametheory.core import A, GameError
from gametheory.evaluation import LinearEvaluator
from gametheory.games.abapa import Abapa, replay, seeds_on_side, store_difference
from gametheory.games.gomoku import Gomoku
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import (
    Command,
    GreedyPlayer,
    HeuristicPlayer,
    HumanPlayer,
    MinMaxPlayer,
    PlayerError,
    RandomPlayer,
    SearchPlayer,
    backed_up,
    max_min_move,
    minmax_tree,
    play,
    search_algorithm,
)
from gametheory.search import alphabeta, minimax
from gametheory.trees import MAX, GameTree, Node
from tests.faulty_players import Cheater, Crasher, First
from tests.strategies import trees
from tests.test_gomoku import position

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


def test_play_names_the_player_that_fails_and_keeps_the_moves() -> None:
    with pytest.raises(PlayerError) as caught:
        play(Nim(9), [Crasher(), First("other")])
    fault = caught.value
    assert fault.player == 0 and fault.name == "crasher"
    assert fault.moves == [1, 1]  # A's first move and B's reply were played
    assert "A (crasher) failed at move 3: ZeroDivisionError: my evaluation divided by zero" in str(
        fault
    )
    with pytest.raises(PlayerError, match=r"B \(cheater\) chose an illegal move at move 2: take 4"):
        play(Nim(9), [First(), Cheater()])


def test_play_needs_two_players() -> None:
    with pytest.raises(GameError, match="two players"):
        play(GAME, [RandomPlayer()])
    moves, state = play(GAME, [RandomPlayer(1), RandomPlayer(2)], max_plies=5)
    assert len(moves) == 5 and not GAME.is_terminal(state)


# -- the Gomoku assignment's players ---------------------------------------------------------
def test_the_depth_two_tree_has_the_assignments_nodes() -> None:
    game = Gomoku(candidates_radius=1)
    state = game.result(game.initial_state(), (7, 7))
    tree = minmax_tree(game, state)
    root = tree.root
    assert root.depth == 0 and root.state == state and root.parent is None
    assert [child.move for child in root.children] == list(game.legal_moves(state))
    leaf = root.children[0].children[0]
    assert leaf.depth == 2 and leaf.parent is root.children[0]
    assert leaf.evaluation == game.heuristic(leaf.state, 1)  # for the player at the root
    assert tree.height == 2


def test_max_min_picks_the_move_whose_worst_reply_is_best() -> None:
    from gametheory.trees import tree

    t = tree({"a": [-1, 3], "b": [-2, 5], "c": [1, 4]})
    values = [backed_up(child) for child in t.root.children]
    assert values == [-1.0, -2.0, 1.0]
    assert max_min_move(t) is None  # hand-built trees carry no game moves
    game = Gomoku(size=7, k=4, candidates_radius=1)
    state = game.state("......./......./.XXX.../OOO..../......./......./.......")
    expanded = minmax_tree(game, state)
    best = max_min_move(expanded)
    assert best == game.legal_moves(state)[minimax(expanded).move]


def test_the_depth_two_player_completes_its_own_five_before_blocking() -> None:
    game = Gomoku(candidates_radius=1)
    # both have four: X's d8..g8 (c8 blocked) and O's f5..i5; X to move must win at h8
    state = position(game, ["d8", "e8", "f8", "g8"], ["c8", "f5", "g5", "h5", "i5"], 0)
    move = MinMaxPlayer().choose(game, state)
    assert game.notation(move) == "h8" and game.result(state, move).winner == 0


def test_the_depth_two_player_blocks_a_four() -> None:
    # O's d5..g5 is blocked at c5 by X, so h5 is the only way to stop five. (A four open at
    # both ends cannot be stopped at all: every move then loses, and the tree shows it.)
    game = Gomoku(candidates_radius=1)
    state = position(game, ["c5", "d12", "f12", "m3"], ["d5", "e5", "f5", "g5"], 0)
    assert game.notation(MinMaxPlayer().choose(game, state)) == "h5"
    open_four = position(game, ["c9", "d12", "f12", "m3"], ["d5", "e5", "f5", "g5"], 0)
    tree = minmax_tree(game, open_four)
    assert {backed_up(child) for child in tree.root.children} == {-1.0}


def test_the_depth_two_player_blocks_a_broken_four() -> None:
    game = Gomoku(candidates_radius=1)
    state = position(game, ["j6", "l6", "j4", "l4"], ["f10", "g10", "i10", "j10"], 0)
    assert game.notation(MinMaxPlayer().choose(game, state)) == "h10"


def test_the_depth_two_player_beats_the_random_player() -> None:
    game = Gomoku(size=9, k=5, candidates_radius=1)
    smart, rand = MinMaxPlayer(), RandomPlayer(seed=3)
    state = game.initial_state()
    players = [smart, rand]
    while not game.is_terminal(state):
        state = game.result(state, players[state.to_move].choose(game, state))
    assert game.utility(state, 0) == 1.0


def test_the_heuristic_player_takes_a_win() -> None:
    game = Gomoku(size=7, k=4)
    state = game.state("......./......./.XXX.../OOO..../......./......./.......")
    assert game.notation(HeuristicPlayer().choose(game, state)) == "a5"


def definition(node: Node) -> float:
    """The assignment's backed-up value, as its text defines it: a leaf is worth its
    payoff, MAX takes the largest value of the children, MIN the smallest."""
    if node.is_leaf:
        assert node.payoff is not None
        return node.payoff
    values = [definition(child) for child in node.children]
    return max(values) if node.player == MAX else min(values)


@given(trees())
def test_backed_up_is_minimax_by_its_definition_at_every_node(t: GameTree) -> None:
    for node in t.nodes():
        assert backed_up(node) == definition(node)
    if not t.root.is_leaf:
        values = [definition(child) for child in t.root.children]
        assert t.root.children[minimax(t).move] is t.root.children[values.index(max(values))]


def test_the_minmax_player_plays_what_a_depth_two_minimax_plays() -> None:
    game = Gomoku(size=7, k=4, candidates_radius=1)
    state = game.initial_state()
    while not game.is_terminal(state):  # a whole game, checked at every move
        searched = SearchPlayer("minimax", depth=2, evaluate=game.heuristic).choose(game, state)
        assert MinMaxPlayer().choose(game, state) == searched
        state = game.result(state, searched)
    with pytest.raises(GameError, match="depth must be a whole number >= 1, got 0"):
        MinMaxPlayer(depth=0)
