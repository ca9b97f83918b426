"""Gomoku: lines in every direction and at the edges, overlines, the threat counting
(the assignment's players are tested in test_players.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError, IllegalMoveError
from gametheory.games.gomoku import EMPTY, Gomoku, GomokuState
from gametheory.search import alphabeta, minimax
from gametheory.trees import perft


def play(game: Gomoku, cells: list[tuple[int, int]]) -> GomokuState:
    state = game.initial_state()
    for cell in cells:
        state = game.result(state, cell)
    return state


def brute_winner(game: Gomoku, board: tuple[int, ...]) -> set[int]:
    """Players with a winning line, by reading every maximal run on the board."""
    n, winners = game.size, set()
    for r in range(n):
        for c in range(n):
            colour = board[r * n + c]
            if colour == EMPTY:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                pr, pc = r - dr, c - dc
                if 0 <= pr < n and 0 <= pc < n and board[pr * n + pc] == colour:
                    continue  # not the start of the run
                length, rr, cc = 0, r, c
                while 0 <= rr < n and 0 <= cc < n and board[rr * n + cc] == colour:
                    length, rr, cc = length + 1, rr + dr, cc + dc
                if length == game.k or (length > game.k and not game.exact):
                    winners.add(colour)
    return winners


# -- winning lines --------------------------------------------------------------------------
LINES = {
    "across": [(0, c) for c in range(10, 15)],  # the top edge, right corner
    "down": [(r, 0) for r in range(10, 15)],  # the left edge, bottom corner
    "diagonal": [(i, i) for i in range(5)],  # from the top-left corner
    "anti-diagonal": [(10 + i, 14 - i) for i in range(5)],  # from the bottom-right corner
}


@pytest.mark.parametrize("direction", LINES)
def test_five_in_a_row_wins_in_every_direction_and_at_the_edges(direction: str) -> None:
    game = Gomoku()
    ours = LINES[direction]
    theirs = [(7, 2 + 2 * i) for i in range(4)]  # scattered O stones
    middle_last = ours[:2] + ours[3:] + [ours[2]]
    for line in (ours, middle_last):  # the last stone at an end or in the middle
        order = [m for pair in zip(line, theirs + [(0, 0)], strict=True) for m in pair][:-1]
        state = game.initial_state()
        for i, cell in enumerate(order):
            assert state.winner is None, f"won early after {order[:i]}"
            state = game.result(state, cell)
        assert state.winner == 0 and game.is_terminal(state)
        assert game.utility(state, 0) == 1.0 and game.utility(state, 1) == -1.0
        assert game.legal_moves(state) == ()


def test_four_is_not_enough_and_a_broken_line_does_not_count() -> None:
    game = Gomoku()
    state = play(game, [(7, 3), (0, 0), (7, 4), (0, 2), (7, 5), (0, 4), (7, 7), (0, 6), (7, 8)])
    assert state.winner is None  # d, e, f, _, h, i: a gap at g
    state = game.result(state, (0, 8))
    assert game.result(state, (7, 6)).winner == 0  # filling the gap makes six: freestyle wins


def test_an_overline_wins_in_freestyle_but_not_with_exact_five() -> None:
    x = [(7, 2), (7, 3), (7, 5), (7, 6), (7, 7)]
    o = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8)]
    cells = [m for pair in zip(x, o, strict=True) for m in pair] + [(7, 4)]  # six in a row
    assert play(Gomoku(), cells).winner == 0
    exact = Gomoku(exact=True)
    state = play(exact, cells)
    assert state.winner is None and not exact.is_terminal(state)
    # exactly five still wins under the exact rule
    five = [(7, 3), (0, 0), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6), (0, 6), (7, 7)]
    assert play(exact, five).winner == 0


def test_a_full_board_without_a_line_is_a_draw() -> None:
    game = Gomoku(size=4, k=4)
    # columns alternate XXOO / OOXX so no row, column or diagonal is one colour
    diagram = "XOXO/XOXO/OXOX/OXOX"
    state = game.state(diagram)
    assert state.winner is None and game.is_terminal(state)
    assert game.utility(state, 0) == game.utility(state, 1) == 0.0
    assert game.text(state).endswith("draw")


@st.composite
def random_games(draw: st.DrawFn) -> tuple[Gomoku, GomokuState]:
    size = draw(st.integers(5, 8))
    game = Gomoku(size=size, k=draw(st.integers(3, 5)), exact=draw(st.booleans()))
    state = game.initial_state()
    for _ in range(draw(st.integers(0, size * size))):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.result(state, draw(st.sampled_from(moves)))
    return game, state


@given(random_games())
def test_win_detection_agrees_with_reading_the_whole_board(
    pair: tuple[Gomoku, GomokuState],
) -> None:
    game, state = pair
    winners = brute_winner(game, state.board)
    assert winners == ({state.winner} if state.winner is not None else set())
    assert game.state(game.text(state), state.to_move) == state
    assert game.is_terminal(state) == (not game.legal_moves(state))


@given(random_games(), st.integers(1, 3))
def test_candidate_moves_are_the_empty_cells_near_stones(
    pair: tuple[Gomoku, GomokuState], radius: int
) -> None:
    full, state = pair
    game = Gomoku(full.size, full.k, exact=full.exact, candidates_radius=radius)
    near = game.legal_moves(state)
    every = full.legal_moves(state)
    stones = [divmod(i, game.size) for i, v in enumerate(state.board) if v != EMPTY]
    expected = [
        m for m in every if any(max(abs(m[0] - r), abs(m[1] - c)) <= radius for r, c in stones)
    ]
    if not stones:
        expected = [(game.size // 2, game.size // 2)]
    assert list(near) == expected
    assert set(near) <= set(every)


def test_the_candidate_restriction_is_enforced_and_explained() -> None:
    game = Gomoku(candidates_radius=1)
    with pytest.raises(IllegalMoveError, match="centre when it is empty"):
        game.result(game.initial_state(), (0, 0))
    state = game.result(game.initial_state(), (7, 7))
    assert len(game.legal_moves(state)) == 8


def test_moves_are_checked_and_the_reasons_given() -> None:
    game = Gomoku()
    state = game.result(game.initial_state(), (7, 7))
    with pytest.raises(IllegalMoveError, match=r"h8 \(7, 7\): the cell is taken by X"):
        game.result(state, (7, 7))
    with pytest.raises(IllegalMoveError, match="a move is a cell"):
        game.result(state, (15, 0))
    with pytest.raises(GameError, match="k .* between 1 and size=15"):
        Gomoku(k=16)
    assert game.cell(game.notation((3, 11))) == (3, 11)


def test_perft_counts_the_cells() -> None:
    game = Gomoku(size=5, k=4)
    assert [perft(game, depth=d) for d in range(4)] == [1, 25, 25 * 24, 25 * 24 * 23]


# -- the heuristic --------------------------------------------------------------------------
def brute_threats(game: Gomoku, state: GomokuState, player: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    n, k = game.size, game.k
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if not all(0 <= a < n and 0 <= b < n for a, b in cells):
                    continue
                values = [state.board[a * n + b] for a, b in cells]
                if values.count(player) and not values.count(1 - player):
                    counts[values.count(player)] = counts.get(values.count(player), 0) + 1
    return dict(sorted(counts.items()))


@given(random_games())
def test_threat_counts_agree_with_a_window_by_window_count(
    pair: tuple[Gomoku, GomokuState],
) -> None:
    game, state = pair
    for player in (0, 1):
        assert game.threats(state, player) == brute_threats(game, state, player)
    if not game.is_terminal(state):
        h = game.heuristic(state, 0)
        assert -1 < h < 1 and h == -game.heuristic(state, 1)


def position(game: Gomoku, xs: list[str], os: list[str], to_move: int) -> GomokuState:
    """A position from the cells of each colour, written like ``h8``."""
    board = [EMPTY] * (game.size * game.size)
    for colour, names in ((0, xs), (1, os)):
        for name in names:
            r, c = game.cell(name)
            board[r * game.size + c] = colour
    return GomokuState(tuple(board), to_move, None)


def test_alphabeta_reaches_depth_three_with_candidates() -> None:
    game = Gomoku(candidates_radius=1)
    state = play(game, [(7, 7), (6, 6)])
    a = alphabeta(game, state, 3, game.heuristic)
    m = minimax(game, state, 3, game.heuristic)
    assert (a.value, a.move, a.stats.max_depth) == (m.value, m.move, 3)
    assert a.stats.nodes < m.stats.nodes


def test_the_board_picture_shows_the_stones_and_the_winning_line() -> None:
    from gametheory.draw.boards import draw_board
    from gametheory.draw.gomoku_board import draw_gomoku, winning_cells

    game = Gomoku()
    cells = [(7, c) for c in range(3, 8)]
    state = play(
        game,
        [m for pair in zip(cells, [(0, 2 * i) for i in range(5)], strict=False) for m in pair][:-1],
    )
    picture = draw_board(game, state, last_move=(7, 7))
    assert picture == draw_gomoku(game, state, last_move=(7, 7))
    assert picture.count('class="stone black"') == 5 and picture.count('class="stone white"') == 4
    assert picture.count('class="win"') == 5 and "X (A) wins (last move h8)" in picture
    assert winning_cells(game, state) == set(cells)
    # with exact five, a six elsewhere on the board is not part of the winning line
    exact = Gomoku(exact=True)
    six = ["a15", "b15", "c15", "d15", "e15", "f15"]
    five = ["c8", "d8", "e8", "f8", "g8"]
    won = position(exact, six + five, [], 1)._replace(winner=0)
    assert winning_cells(exact, won) == {exact.cell(name) for name in five}


def test_moves_are_labelled_in_the_games_notation() -> None:
    from gametheory.draw.boards import move_label

    game = Gomoku()
    assert move_label(game, (7, 7)) == game.move_label((7, 7)) == "h8"
    assert move_label(game, (0, 0), game.initial_state()) == "a15"
