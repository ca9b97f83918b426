"""A board of X and O marks, as tic-tac-toe and Gomoku share it: how a cell is written, how a
board is read from its diagram, whose turn a board shows, and the check of a position's board
(for the games' ``check_state``).

>>> board = read_marks("XO./.X./...", 3)
>>> board, turn(board)
((0, 1, -1, -1, 0, -1, -1, -1, -1), 1)
"""

from __future__ import annotations

from string import ascii_lowercase
from typing import Any

from gametheory.checks import foreign_state
from gametheory.core import GameError, Player

__all__ = ["EMPTY", "MARKS", "read_marks", "turn", "check_marks"]

EMPTY = -1
MARKS = {EMPTY: ".", 0: "X", 1: "O"}
"""How a cell is written: empty, X (player 0, A) or O (player 1, B)."""


def read_marks(diagram: str, size: int) -> tuple[int, ...]:
    """The cells of a ``size``×``size`` board written as rows of ``X``, ``O`` and ``.``, top
    row first, one a line or separated by ``/``.

    Spaces, row numbers, the line of column letters and a status line (ending in "move",
    "wins" or "draw"), as :meth:`Gomoku.text <gametheory.games.gomoku.Gomoku.text>` writes
    them, are skipped; x and o may be small letters.

    >>> read_marks("XO./.x./...", 3)
    (0, 1, -1, -1, 0, -1, -1, -1, -1)
    >>> read_marks("XO./...", 3)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: diagram: expected 3 rows, got 2
    """
    cell = {mark: code for code, mark in MARKS.items()}
    rows = []
    for line in diagram.replace("/", "\n").splitlines():
        tokens = line.upper().split()
        if tokens and tokens[0].isdigit():
            tokens = tokens[1:]
        cells = "".join(tokens)
        if not cells or cells.lower() == ascii_lowercase[:size] or tokens[-1] in _STATUS:
            continue
        if len(cells) != size or any(c not in cell for c in cells):
            raise GameError(f"diagram line {line!r}: expected {size} cells of X, O and .")
        rows.append(cells)
    if len(rows) != size:
        raise GameError(f"diagram: expected {size} rows, got {len(rows)}")
    return tuple(cell[c] for row in rows for c in row)


_STATUS = ("MOVE", "WINS", "DRAW")  # the last word of a status line


def turn(board: tuple[int, ...]) -> Player:
    """Whose turn it is on a board of X and O, X moving first: X's (0) when both have as
    many marks, O's (1) when X has one more.

    >>> turn(read_marks("XO./X../...", 3))
    1
    """
    xs, os = board.count(0), board.count(1)
    if xs - os not in (0, 1):
        raise GameError(
            f"X moves first, so X has as many marks as O or one more (got {xs} X and {os} O)"
        )
    return xs - os


def check_marks(game: object, state: Any, cells: int) -> None:
    """Raise :class:`GameError` unless ``state.board`` is a tuple of ``cells`` cells, each
    ``EMPTY``, 0 (X) or 1 (O), and ``state.to_move`` is 0 or 1 (for ``check_state``)."""
    if not isinstance(state.board, tuple) or len(state.board) != cells:
        raise foreign_state(game, state, f"the board must be a tuple of {cells} cells")
    if any(c not in MARKS or isinstance(c, bool) for c in state.board):
        raise foreign_state(game, state, f"cells must be {EMPTY} (empty), 0 (X) or 1 (O)")
    if state.to_move not in (0, 1) or isinstance(state.to_move, bool):
        raise foreign_state(game, state, "to_move must be 0 or 1")
