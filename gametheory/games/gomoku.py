"""Gomoku (five in a row), the game of the Greek course's MinMax assignment.

Two players take turns putting a stone on an empty cell of a ``size``×``size`` board;
whoever first has ``k`` stones in a row — across, down or along a diagonal — wins. Black
(player 0, A) moves first. Freestyle (the default): ``k`` *or more* in a row wins. With
``exact=True`` only exactly ``k`` wins (an overline of ``k + 1`` or more does not). A full
board without a winner is a draw.

A move is a cell ``(row, col)``, row 0 at the top, as the assignment's ``(x, y)``;
:meth:`Gomoku.notation` writes it the usual way, column letter and row number counted from
the bottom (``h8`` is the centre of 15×15).

The players of the assignment (a random, a heuristic and a MinMax player) are in
:mod:`gametheory.players`; the heuristic they play by is :meth:`Gomoku.heuristic`, the
threat counting.

>>> game = Gomoku(size=7, k=4)
>>> state = game.initial_state()
>>> for cell in [(3, 3), (2, 2), (3, 4), (2, 3), (3, 2), (2, 4)]:
...     state = game.result(state, cell)
>>> print(game.text(state))
7 . . . . . . .
6 . . . . . . .
5 . . O O O . .
4 . . X X X . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
X (A) to move
>>> state = game.result(state, (3, 1))
>>> game.winner(state), game.is_terminal(state)
(0, True)
"""

from __future__ import annotations

from functools import cached_property
from numbers import Integral
from string import ascii_lowercase
from typing import NamedTuple, TypeAlias

from gametheory.checks import foreign_state, whole_number
from gametheory.core import GameError, IllegalMoveError, Player, check_player, player_name
from gametheory.games.marks import EMPTY, MARKS, check_marks, read_marks, turn
from gametheory.games.tictactoe import k_in_a_row

__all__ = [
    "Gomoku",
    "GomokuState",
    "Cell",
    "EMPTY",
    "THREAT_WEIGHTS",
]

Cell: TypeAlias = tuple[int, int]
"""A cell ``(row, col)``; row 0 is the top row."""

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # across, down, both diagonals
_LETTERS = ascii_lowercase  # the columns' names


class GomokuState(NamedTuple):
    """The board row by row (``EMPTY``, 0 for X/Black, 1 for O/White), whose turn it is,
    and the winner once somebody has a line (None before)."""

    board: tuple[int, ...]
    to_move: Player
    winner: Player | None = None

    def _repr_svg_(self) -> str:
        from gametheory.draw.gomoku_board import draw_gomoku

        size = int(round(len(self.board) ** 0.5))
        return str(draw_gomoku(Gomoku(size, min(5, size)), self))


class Gomoku:
    """Gomoku on a ``size``×``size`` board, ``k`` in a row wins.

    Parameters
    ----------
    size
        Cells on a side (15 in the assignment).
    k
        Stones in a row that win (5).
    exact
        False (freestyle): ``k`` or more in a row wins. True: exactly ``k``; a longer line
        (an overline) does not win.
    candidates_radius
        None: every empty cell is a legal move. A number ``r``: only empty cells within
        ``r`` steps (in any of the eight directions) of a stone already on the board, and on
        an empty board only the centre. This variant keeps the branching factor small —
        about 8 to 40 moves instead of 225 — so the textbook searches reach depth 3–4 on
        15×15. Far-away cells are seldom good moves, but it *is* a different game:
        ``legal_moves`` and ``result`` both apply the restriction.

    Notes
    -----
    ``legal_moves`` lists cells in reading order (row by row, left to right). Utilities are
    +1 for the winner, −1 for the loser and 0 for a draw.

    Examples
    --------
    >>> Gomoku(candidates_radius=1).legal_moves(Gomoku().initial_state())
    ((7, 7),)
    """

    max_play_depth = 2
    """The deepest search a play widget offers: the assignment's depth (on 15×15 a depth-2
    alpha-beta takes seconds in the middle game, depth 3 up to a minute)."""

    def __init__(
        self,
        size: int = 15,
        k: int = 5,
        *,
        exact: bool = False,
        candidates_radius: int | None = None,
    ) -> None:
        self.size = whole_number(size, "size", minimum=1)
        if size > len(_LETTERS):
            raise GameError(
                f"size must be at most {len(_LETTERS)} (one letter per column), got {size}"
            )
        self.k = whole_number(k, "k (stones in a row to win)", minimum=1)
        if k > size:
            raise GameError(
                f"k (stones in a row to win) must be between 1 and size={size}, got {k!r}"
            )
        if not isinstance(exact, bool):
            raise GameError(f"exact must be True or False, got {exact!r}")
        self.exact = exact
        self.candidates_radius = None
        if candidates_radius is not None:  # None: every empty cell
            self.candidates_radius = whole_number(
                candidates_radius, "candidates_radius", minimum=1, or_none=True
            )

    def __repr__(self) -> str:
        extra = ", exact=True" if self.exact else ""
        if self.candidates_radius is not None:
            extra += f", candidates_radius={self.candidates_radius}"
        return f"Gomoku(size={self.size}, k={self.k}{extra})"

    # -- positions ---------------------------------------------------------------------
    def initial_state(self) -> GomokuState:
        return GomokuState((EMPTY,) * (self.size * self.size), 0, None)

    def state(self, diagram: str, to_move: Player | None = None) -> GomokuState:
        """A position from rows of ``X``, ``O`` and ``.``, top row first, one a line or
        separated by ``/`` (spaces, row numbers and the column line of :meth:`text` are
        ignored).

        The player to move follows from the counts (X moves first) unless given.

        >>> game = Gomoku(size=5, k=4)
        >>> s = game.state('''
        ... . . . . .
        ... . X X X .
        ... . O O . .
        ... . . . . .
        ... . . . . .''')
        >>> s.to_move, game.state(game.text(s)) == s
        (1, True)
        """
        board = read_marks(diagram, self.size)
        if to_move is None:
            try:
                to_move = turn(board)
            except GameError as error:
                raise GameError(f"diagram: {error}; pass to_move= for other positions") from None
        check_player(to_move, "to_move")
        winners = {p for p in (0, 1) if self._has_line(board, p)}
        if len(winners) == 2:
            raise GameError("diagram: both players have a winning line; one of them won first")
        return GomokuState(board, to_move, winners.pop() if winners else None)

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is a position on this board: a
        :class:`GomokuState` of ``size × size`` cells, each empty, X or O, a player 0 or 1
        to move and a winner None, 0 or 1."""
        if not isinstance(state, GomokuState):
            raise foreign_state(
                self, state, "expected a GomokuState (from initial_state, result or state())"
            )
        check_marks(self, state, self.size * self.size)
        if state.winner not in (None, 0, 1) or isinstance(state.winner, bool):
            raise foreign_state(self, state, "winner must be None, 0 or 1")

    # -- the Game protocol -------------------------------------------------------------
    def to_move(self, state: GomokuState) -> Player:
        return state.to_move

    def legal_moves(self, state: GomokuState) -> tuple[Cell, ...]:
        if self.is_terminal(state):
            return ()
        n, board = self.size, state.board
        if self.candidates_radius is None:
            return tuple(divmod(i, n) for i, v in enumerate(board) if v == EMPTY)
        return tuple(divmod(i, n) for i in self._candidates(board))

    def result(self, state: GomokuState, move: Cell) -> GomokuState:
        n = self.size
        if not (
            isinstance(move, tuple)
            and len(move) == 2
            and all(
                isinstance(x, Integral) and not isinstance(x, bool) and 0 <= x < n for x in move
            )
        ):
            raise IllegalMoveError(f"move {move!r}: a move is a cell (row, col), each 0..{n - 1}")
        move = (int(move[0]), int(move[1]))  # numpy integers too
        index = move[0] * n + move[1]
        where = f"{self.notation(move)} {move}"
        if self.is_terminal(state):
            raise IllegalMoveError(f"move {where}: the game is over")
        if state.board[index] != EMPTY:
            raise IllegalMoveError(
                f"move {where}: the cell is taken by {MARKS[state.board[index]]}"
            )
        if self.candidates_radius is not None and index not in self._candidates(state.board):
            raise IllegalMoveError(
                f"move {where}: with candidates_radius={self.candidates_radius} a stone must go "
                "within that distance of a stone on the board (the centre when it is empty)"
            )
        player = state.to_move
        board = state.board[:index] + (player,) + state.board[index + 1 :]
        won = any(self._wins(self._run(board, move, d), player) for d in _DIRECTIONS)
        return GomokuState(board, 1 - player, player if won else None)

    def is_terminal(self, state: GomokuState) -> bool:
        return state.winner is not None or EMPTY not in state.board

    def utility(self, state: GomokuState, player: Player) -> float:
        if state.winner is None:
            if EMPTY in state.board:
                raise GameError("utility: the game is not over")
            return 0.0
        return 1.0 if state.winner == player else -1.0

    def chance_outcomes(self, state: GomokuState) -> tuple[()]:
        raise GameError("Gomoku has no chance moves")

    def winner(self, state: GomokuState) -> Player | None:
        """0 or 1 once a player has a winning line, else None."""
        return state.winner

    # -- lines -------------------------------------------------------------------------
    def _run(self, board: tuple[int, ...], cell: Cell, direction: tuple[int, int]) -> int:
        """How many stones of the colour on ``cell`` are in a row through it."""
        n = self.size
        colour = board[cell[0] * n + cell[1]]
        length = 1
        for sign in (1, -1):
            dr, dc = direction[0] * sign, direction[1] * sign
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < n and 0 <= c < n and board[r * n + c] == colour:
                length += 1
                r, c = r + dr, c + dc
        return length

    def _wins(self, run: int, player: Player) -> bool:
        return run == self.k if self.exact else run >= self.k

    def _has_line(self, board: tuple[int, ...], player: Player) -> bool:
        n = self.size
        return any(
            board[i] == player and self._wins(self._run(board, divmod(i, n), d), player)
            for i in range(n * n)
            for d in _DIRECTIONS
        )

    @cached_property
    def windows(self) -> tuple[tuple[int, ...], ...]:
        """Every run of ``k`` cells in a row (as cell indices): the places a line can be."""
        return k_in_a_row(self.size, self.k)

    @cached_property
    def _windows_of(self) -> tuple[tuple[int, ...], ...]:
        """For every cell, the windows it lies in."""
        of: list[list[int]] = [[] for _ in range(self.size * self.size)]
        for w, cells in enumerate(self.windows):
            for i in cells:
                of[i].append(w)
        return tuple(tuple(ws) for ws in of)

    def _candidates(self, board: tuple[int, ...]) -> list[int]:
        n, r0 = self.size, self.candidates_radius
        assert r0 is not None
        stones = [i for i, v in enumerate(board) if v != EMPTY]
        if not stones:
            return [(n // 2) * n + n // 2]
        near: set[int] = set()
        for i in stones:
            row, col = divmod(i, n)
            for r in range(max(0, row - r0), min(n, row + r0 + 1)):
                for c in range(max(0, col - r0), min(n, col + r0 + 1)):
                    if board[r * n + c] == EMPTY:
                        near.add(r * n + c)
        return sorted(near)

    # -- the heuristic of the assignment -----------------------------------------------
    def threats(self, state: GomokuState, player: Player) -> dict[int, int]:
        """Count ``player``'s threats: windows of ``k`` cells holding ``n`` of its stones
        and none of the opponent's, by ``n``.

        >>> game = Gomoku(size=7, k=4)
        >>> s = game.state("......./......./..XX.../......./......./......./.......", to_move=0)
        >>> game.threats(s, 0)
        {1: 18, 2: 3}
        """
        check_player(player)
        counts: dict[int, int] = {}
        for own, other in self._window_counts(state.board):
            mine, theirs = (own, other) if player == 0 else (other, own)
            if mine and not theirs:
                counts[mine] = counts.get(mine, 0) + 1
        return dict(sorted(counts.items()))

    def _window_counts(self, board: tuple[int, ...]) -> list[tuple[int, int]]:
        """(X stones, O stones) in every window that holds a stone."""
        touched: set[int] = set()
        for i, v in enumerate(board):
            if v != EMPTY:
                touched.update(self._windows_of[i])
        windows = self.windows
        counts = []
        for w in touched:
            cells = [board[i] for i in windows[w]]
            counts.append((cells.count(0), cells.count(1)))
        return counts

    def threat_score(self, state: GomokuState, player: Player) -> float:
        """``player``'s threats weighed by :data:`THREAT_WEIGHTS`: Σ weight(n) · count(n)."""
        return float(sum(_weight(n) * c for n, c in self.threats(state, player).items()))

    def evaluate(self, state: GomokuState, player: Player) -> float:
        """The game's own evaluation (the players' default): :meth:`heuristic`."""
        return self.heuristic(state, player)

    def heuristic(self, state: GomokuState, player: Player) -> float:
        """The threat-counting evaluation, between −1 and +1 (exclusive), good for ``player``.

        Every window of ``k`` cells in a row that holds ``n`` stones of one colour and none
        of the other is a threat of that colour, worth ``THREAT_WEIGHTS[n]`` (1, 8, 64,
        512 for one to four stones: each stone more is eight times as dangerous). With
        ``mine`` and ``theirs`` the two sums, the evaluation is
        ``(mine − theirs) / (mine + theirs + 1)``. It stays strictly between −1 and +1, so a
        real win (+1) or loss (−1) found by a search always counts for more. A finished
        game is scored by its utility.

        >>> game = Gomoku(size=7, k=4)
        >>> s = game.state("......./......./..XX.../......./......./....O../.......")
        >>> round(game.heuristic(s, 0), 3), round(game.heuristic(s, 1), 3)
        (0.667, -0.667)
        """
        if self.is_terminal(state):
            return self.utility(state, player)
        score = [0.0, 0.0]
        for x, o in self._window_counts(state.board):
            if x and not o:
                score[0] += _weight(x)
            elif o and not x:
                score[1] += _weight(o)
        mine, theirs = score[player], score[1 - player]
        return (mine - theirs) / (mine + theirs + 1)

    # -- notation and text -------------------------------------------------------------
    def notation(self, move: Cell) -> str:
        """``h8`` for the centre of 15×15: column letter, row counted from the bottom.

        >>> Gomoku().notation((7, 7)), Gomoku().notation((0, 0))
        ('h8', 'a15')
        """
        return f"{_LETTERS[move[1]]}{self.size - move[0]}"

    def move_label(self, move: Cell, state: GomokuState | None = None) -> str:
        """The move as :meth:`notation` writes it (the :class:`~gametheory.core.MoveNotation`
        protocol, which pictures and widgets use)."""
        return self.notation(move)

    def cell(self, name: str) -> Cell:
        """The cell written ``h8`` (the inverse of :meth:`notation`).

        >>> Gomoku().cell("h8")
        (7, 7)
        """
        text = str(name).strip().lower()
        digits = text[1:]
        if (
            len(text) < 2
            or text[0] not in _LETTERS[: self.size]
            or not (digits.isascii() and digits.isdigit())  # not "²" or other digits
        ):
            raise GameError(
                f"cell {name!r}: write a column a-{_LETTERS[self.size - 1]} and a row 1-{self.size}"
            )
        row = self.size - int(text[1:])
        if not 0 <= row < self.size:
            raise GameError(f"cell {name!r}: rows run from 1 to {self.size}")
        return row, _LETTERS.index(text[0])

    def text(self, state: GomokuState) -> str:
        """The board with row numbers and column letters, then the status."""
        n = self.size
        width = len(str(n))
        lines = [
            f"{n - r:>{width}} " + " ".join(MARKS[v] for v in state.board[r * n : (r + 1) * n])
            for r in range(n)
        ]
        lines.append(" " * (width + 1) + " ".join(_LETTERS[:n]))
        if state.winner is not None:
            lines.append(f"{MARKS[state.winner]} ({player_name(state.winner)}) wins")
        elif EMPTY not in state.board:
            lines.append("draw")
        else:
            lines.append(f"{MARKS[state.to_move]} ({player_name(state.to_move)}) to move")
        return "\n".join(lines)


THREAT_WEIGHTS = (0, 1, 8, 64, 512, 4096, 32768)
"""The worth of a threat (a window with ``n`` stones of one colour only), by ``n``."""


def _weight(n: int) -> int:
    return THREAT_WEIGHTS[n] if n < len(THREAT_WEIGHTS) else 8 ** (n - 1)
