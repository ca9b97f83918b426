"""Tic-tac-toe (games/tictactoe.py): boards read from text, whose turn it is, the winner,
and the symmetry that AND/OR graphs merge positions by (their use of it is test_andor's)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.games.gomoku import Gomoku
from gametheory.games.marks import EMPTY, read_marks, turn
from gametheory.games.tictactoe import TicTacToe, board_image, tictactoe_symmetry


def test_a_board_is_read_from_any_of_its_texts() -> None:
    game = TicTacToe()
    state = game.state("XO./.X./...")
    assert state.board == (0, 1, EMPTY, EMPTY, 0, EMPTY, EMPTY, EMPTY, EMPTY)
    assert state.to_move == 1
    assert game.state(game.text(state)) == state  # rows one a line, marks spaced
    assert game.state(game.describe(state)) == state  # with the status line
    assert game.state("xo./.x./...") == state
    gomoku = Gomoku(size=5, k=4)
    position = gomoku.state("...../.XX../.O.../...../.....")
    assert gomoku.state(gomoku.text(position)) == position  # row numbers, column letters


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XO./.X.", "expected 3 rows, got 2"),
        ("XO./.X./..", r"diagram line '..': expected 3 cells of X, O and \."),
        ("XQ./.X./...", "expected 3 cells of X, O and"),
        ("XX./.X./...", r"X moves first, so X has as many marks as O or one more \(got 3 X"),
        ("OO./.X./...", r"\(got 1 X and 2 O\)"),
    ],
)
def test_a_bad_board_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        TicTacToe().state(text)


@given(st.lists(st.sampled_from([EMPTY, 0, 1]), min_size=9, max_size=9))
def test_whose_turn_follows_from_the_counts(cells: list[int]) -> None:
    board = tuple(cells)
    xs, os = board.count(0), board.count(1)
    if xs - os in (0, 1):
        assert turn(board) == xs - os
        text = "/".join("".join(".XO"[c + 1] for c in board[r * 3 : r * 3 + 3]) for r in range(3))
        assert read_marks(text, 3) == board
    else:
        with pytest.raises(GameError, match="X moves first"):
            turn(board)


def test_the_winner_is_found_on_every_line() -> None:
    game = TicTacToe(4, 3)
    for line in game.lines:  # X's three marks on the line, O's elsewhere: X has won
        board = tuple(0 if i in line else EMPTY for i in range(16))
        state = game.initial_state()._replace(board=board, to_move=1)
        assert game.winner(state) == 0 and game.is_terminal(state)
        assert game.utility(state, 0) == 1.0 and game.legal_moves(state) == ()
    assert game.winner(game.initial_state()) is None


def test_symmetry_images_are_the_dihedral_group() -> None:
    board = tuple(range(9))
    images = {board_image(board, 3, t) for t in range(8)}
    assert len(images) == 8 and board_image(board, 3, 0) == board
    assert board_image(board, 3, 4) == (2, 1, 0, 5, 4, 3, 8, 7, 6)  # mirror
    # four quarter turns are the identity
    turned = board
    for _ in range(4):
        turned = board_image(turned, 3, 1)
    assert turned == board


def test_symmetry_merges_the_eight_images_of_a_position() -> None:
    game = TicTacToe()
    corners = [game.result(game.initial_state(), cell) for cell in (0, 2, 6, 8)]
    assert len({tictactoe_symmetry(s) for s in corners}) == 1
    edge = game.result(game.initial_state(), 1)
    assert tictactoe_symmetry(edge) != tictactoe_symmetry(corners[0])
    assert tictactoe_symmetry(edge).to_move == edge.to_move
    with pytest.raises(GameError, match="needs a square board, got 8 cells"):
        tictactoe_symmetry(edge._replace(board=edge.board[:8]))


def test_successor_is_result_then_is_terminal_everywhere() -> None:
    # the fast way searches make moves (core.Successor), on every reachable position
    from gametheory.core import Successor
    from gametheory.moves import successor_of

    for game in (TicTacToe(), TicTacToe(4, 3)):
        assert isinstance(game, Successor) and successor_of(game) == game.successor
        todo, seen = [game.initial_state()], set()
        while todo and len(seen) < 20_000:
            state = todo.pop()
            for move in game.legal_moves(state):
                child = game.result(state, move)
                assert game.successor(state, move) == (child, game.is_terminal(child))
                if child not in seen:
                    seen.add(child)
                    todo.append(child)


def test_a_playout_is_the_game_played_move_by_move() -> None:
    import random

    for game in (TicTacToe(), TicTacToe(4, 3)):
        for seed in range(200):
            rng, state = random.Random(seed), game.initial_state()
            for _ in range(seed % 5):  # from the start and from later positions
                if not game.is_terminal(state):
                    state = game.result(state, rng.choice(game.legal_moves(state)))
            if game.is_terminal(state):
                continue
            plain, choose = state, random.Random(seed).choice
            while not game.is_terminal(plain):
                plain = game.result(plain, choose(game.legal_moves(plain)))
            assert game.playout(state, random.Random(seed).choice) == plain
