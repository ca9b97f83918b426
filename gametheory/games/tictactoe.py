"""Tic-tac-toe, and its generalisation to an n×n board with k in a row.

X (player 0, A) moves first. A move is a cell index ``row * size + col``, and
``legal_moves`` lists the empty cells in increasing order.

>>> game = TicTacToe()
>>> state = game.initial_state()
>>> for cell in (4, 0, 8):
...     state = game.result(state, cell)
>>> print(game.text(state))
O . .
. X .
. . X
>>> game.legal_moves(state)
(1, 2, 3, 5, 6, 7)

Gomoku (:mod:`gametheory.games.gomoku`) is played on the same kind of board: it shares this
module's lines of ``k`` cells (:func:`k_in_a_row`) and its way of reading and checking a
board of X and O (:mod:`gametheory.games.marks`: :func:`~gametheory.games.marks.read_marks`,
:func:`~gametheory.games.marks.turn`, :func:`~gametheory.games.marks.check_marks`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from numbers import Integral
from typing import Any, NamedTuple

from gametheory.checks import (
    foreign_state,
    whole_number,
)
from gametheory.core import (
    GameError,
    IllegalMoveError,
    Player,
    player_name,
)
from gametheory.games.marks import EMPTY, MARKS, check_marks, read_marks, turn

__all__ = [
    "TicTacToe",
    "TicTacToeState",
    "EMPTY",
    "MARKS",
    "k_in_a_row",
    "tictactoe_symmetry",
    "board_image",
]


@cache
def k_in_a_row(size: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``k`` cells in a row, column or diagonal of a ``size``×``size`` board.

    Cells are numbered ``row * size + col``. Tic-tac-toe and Gomoku both win on these.

    >>> len(k_in_a_row(3, 3)), k_in_a_row(3, 3)[:2]
    (8, ((0, 1, 2), (0, 3, 6)))
    """
    runs = []
    for r in range(size):
        for c in range(size):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):  # across, down, both diagonals
                if 0 <= r + (k - 1) * dr < size and 0 <= c + (k - 1) * dc < size:
                    runs.append(tuple((r + i * dr) * size + c + i * dc for i in range(k)))
    return tuple(runs)


class TicTacToeState(NamedTuple):
    """The board, row by row (``EMPTY``, 0 for X, 1 for O), and whose turn it is."""

    board: tuple[int, ...]
    to_move: Player

    def _repr_svg_(self) -> str:
        from math import isqrt

        from gametheory.draw import draw_board

        return str(draw_board(TicTacToe(isqrt(len(self.board))), self))


class TicTacToe:
    """Tic-tac-toe on a ``size``×``size`` board; ``k`` in a row wins (3×3, 3 by default).

    Utilities are +1 for the winner, −1 for the loser, 0 for a draw (a full board).

    >>> game = TicTacToe()
    >>> won = game.state("XXX/OO./...")
    >>> game.is_terminal(won), game.winner(won), game.utility(won, 1)
    (True, 0, -1.0)
    >>> len(TicTacToe(4, 3).lines)
    24
    """

    def __init__(self, size: int = 3, k: int | None = None) -> None:
        self.size = whole_number(size, "size", minimum=1)
        self.k = whole_number(size if k is None else k, "k (the line length)", minimum=1)
        if self.k > size:
            raise GameError(f"k (the line length) must be between 1 and size={size}, got {k!r}")
        self.lines = k_in_a_row(self.size, self.k)
        """Every run of ``k`` cells in a row, column or diagonal."""

    def __repr__(self) -> str:
        return f"TicTacToe(size={self.size}, k={self.k})"

    def initial_state(self) -> TicTacToeState:
        return TicTacToeState((EMPTY,) * (self.size * self.size), 0)

    def state(self, text: str) -> TicTacToeState:
        """A position from text such as ``"X.O/.X./..."`` (rows separated by ``/`` or one a
        line, as :meth:`text` writes them; see :func:`~gametheory.games.marks.read_marks`).

        The player to move follows from the counts (X moves first).

        >>> game = TicTacToe()
        >>> game.state("XO./.X./...").to_move
        1
        >>> game.state(game.text(game.state("XO./.X./..."))) == game.state("XO./.X./...")
        True
        """
        board = read_marks(text, self.size)
        return TicTacToeState(board, turn(board))

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is a position on this board: a
        :class:`TicTacToeState` of ``size × size`` cells, each empty, X or O, with X having as
        many marks as O or one more, and the right player to move."""
        if not isinstance(state, TicTacToeState):
            raise foreign_state(
                self, state, "expected a TicTacToeState (from initial_state, result or state())"
            )
        check_marks(self, state, self.size * self.size)
        xs, os = state.board.count(0), state.board.count(1)
        if xs - os not in (0, 1) or state.to_move != xs - os:
            raise foreign_state(
                self,
                state,
                f"with {xs} X and {os} O it is {'XO'[xs - os] if xs - os in (0, 1) else 'nobody'}'s turn",
            )

    def to_move(self, state: TicTacToeState) -> Player:
        return state.to_move

    def winner(self, state: TicTacToeState) -> Player | None:
        """0 or 1 if that player has ``k`` in a row, else None."""
        return _winner(state.board, self.size, self.k)

    def legal_moves(self, state: TicTacToeState) -> tuple[int, ...]:
        if self.winner(state) is not None:
            return ()
        return tuple([i for i, cell in enumerate(state.board) if cell == EMPTY])

    def can_cycle(self) -> bool:
        """No: every move fills a square (:class:`~gametheory.core.MayCycle`)."""
        return False

    def result(self, state: TicTacToeState, move: int) -> TicTacToeState:
        cells = len(state.board)
        if isinstance(move, bool) or not isinstance(move, Integral) or not 0 <= move < cells:
            raise IllegalMoveError(f"cell {move!r}: cells are numbered 0..{cells - 1}")
        move = int(move)  # numpy integers too
        if self.is_terminal(state):
            raise IllegalMoveError(f"cell {move} in\n{self.text(state)}\nthe game is over")
        if state.board[move] != EMPTY:
            raise IllegalMoveError(
                f"cell {move} in\n{self.text(state)}\nis taken by {MARKS[state.board[move]]}"
            )
        board = state.board[:move] + (state.to_move,) + state.board[move + 1 :]
        return TicTacToeState(board, 1 - state.to_move)

    def successor(self, state: TicTacToeState, move: int) -> tuple[TicTacToeState, bool]:
        """The position after the legal ``move``, and whether the game is over there, without
        the checks of :meth:`result` (:class:`~gametheory.core.Successor`: searches make only
        legal moves)."""
        board = state.board[:move] + (state.to_move,) + state.board[move + 1 :]
        over = _winner(board, self.size, self.k) is not None or EMPTY not in board
        return TicTacToeState(board, 1 - state.to_move), over

    def playout(
        self, state: TicTacToeState, choose: Callable[[Sequence[int]], int]
    ) -> TicTacToeState:
        """The finished position of a game played on from ``state`` (not finished), every
        move ``choose(legal_moves(position))``: the moves of :meth:`successor`, made on a
        list of the empty cells (in increasing order, as ``legal_moves`` lists them) and on
        one whole number per player, bit ``i`` set for a mark on cell ``i``; a move wins if
        it completes one of the lines through its cell (an MCTS playout)."""
        board, mover = state
        empty = [i for i, cell in enumerate(board) if cell == EMPTY]
        marks = [0, 0]
        for i, cell in enumerate(board):
            if cell != EMPTY:
                marks[cell] |= 1 << i
        through = _lines_through(self.size, self.k)
        cells = list(board)
        while True:
            move = choose(empty)
            empty.remove(move)
            cells[move] = mover
            mine = marks[mover] = marks[mover] | 1 << move
            if not empty or any(mine & line == line for line in through[move]):
                return TicTacToeState(tuple(cells), 1 - mover)
            mover = 1 - mover

    def is_terminal(self, state: TicTacToeState) -> bool:
        return self.winner(state) is not None or EMPTY not in state.board

    def utility(self, state: TicTacToeState, player: Player) -> float:
        winner = self.winner(state)
        if winner is None:
            if EMPTY in state.board:
                raise GameError("utility: the game is not over")
            return 0.0
        return 1.0 if winner == player else -1.0

    def chance_outcomes(self, state: TicTacToeState) -> tuple[()]:
        raise GameError("tic-tac-toe has no chance moves")

    def text(self, state: TicTacToeState) -> str:
        """The board as rows of X, O and ``.``."""
        n = self.size
        return "\n".join(
            " ".join(MARKS[c] for c in state.board[r * n : (r + 1) * n]) for r in range(n)
        )

    def describe(self, state: TicTacToeState) -> str:
        """The board and whose turn it is (or who won)."""
        if self.is_terminal(state):
            winner = self.winner(state)
            status = "draw" if winner is None else f"{MARKS[winner]} wins"
        else:
            status = f"{MARKS[state.to_move]} ({player_name(state.to_move)}) to move"
        return f"{self.text(state)}\n{status}"


@lru_cache(maxsize=1 << 18)  # a pure function of the board: searches ask about each often
def _winner(board: tuple[int, ...], size: int, k: int) -> Player | None:
    for line in k_in_a_row(size, k):
        first = board[line[0]]
        if first != EMPTY and all(board[i] == first for i in line):
            return first
    return None


@cache
def _lines_through(size: int, k: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the lines of ``k`` cells through it, each as a whole number with bit
    ``i`` set for cell ``i`` (the playouts' lines)."""
    masks = [sum(1 << i for i in line) for line in k_in_a_row(size, k)]
    return tuple(tuple(mask for mask in masks if mask >> cell & 1) for cell in range(size * size))


# -- symmetry: AND/OR graphs and solve() take it as canonical= --------------------------
def tictactoe_symmetry(state: Any) -> Any:
    """The representative of a tic-tac-toe position up to rotation and reflection.

    Of the eight symmetric images of the board (four rotations, each also mirrored), the
    one whose cell tuple is smallest; whose turn it is does not change. Works for any
    square board with a ``board`` tuple and ``_replace`` (:class:`TicTacToeState`). Pass it
    as ``canonical=`` to :func:`~gametheory.andor.solve` or
    :meth:`~gametheory.andor.AndOrGraph.from_game`.

    >>> game = TicTacToe()
    >>> corners = [game.result(game.initial_state(), cell) for cell in (0, 2, 6, 8)]
    >>> len({tictactoe_symmetry(s) for s in corners})
    1
    """
    board = state.board
    n = round(len(board) ** 0.5)
    if n * n != len(board):
        raise GameError(f"tictactoe_symmetry needs a square board, got {len(board)} cells")
    return state._replace(board=min(tuple(board[i] for i in p) for p in _symmetries(n)))


@cache
def _symmetries(n: int) -> tuple[tuple[int, ...], ...]:
    # where each cell of the image comes from, for the eight symmetries of an n×n board
    return tuple(board_image(tuple(range(n * n)), n, t) for t in range(8))


def board_image(board: tuple[int, ...], n: int, t: int) -> tuple[int, ...]:
    """Symmetry ``t`` (0..7) of an ``n``×``n`` board: ``t % 4`` quarter turns, mirrored if ``t >= 4``.

    >>> board_image((0, 1, 2, 3), 2, 1)  # a quarter turn of  0 1 / 2 3
    (2, 0, 3, 1)
    """
    cells = range(n)
    grid = [[board[r * n + c] for c in cells] for r in cells]
    for _ in range(t % 4):
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]
    if t >= 4:
        grid = [row[::-1] for row in grid]
    return tuple(cell for row in grid for cell in row)
