"""Checkers ("dáma"): the game of the Slovak thesis' program, on the shared game protocol.

The board is 8×8 and play is on the dark squares; ``a1`` (White's left corner) is dark.
White (player 0, A) starts at ranks 1–2 and moves first, Black (player 1, B) starts at
ranks 7–8. Men move one square diagonally forward and capture forward by jumping; a man
that ends its move on the far rank becomes a king ("dáma"). Kings fly: they move any
distance along a diagonal and capture a piece at any distance, landing on any empty square
beyond it. The captured pieces come off the board only when the sequence is over and no
piece may be jumped twice (a captured piece still blocks the diagonal).

Whose rules? The thesis gives the board, the eight men a side, men and kings that move
more freely, and multiple jumps; its program asked the player at each further jump whether
to go on (``CheckersRules.thesis_program()``). It names no other rule. Where it is silent
the defaults follow the common traditions of the game (English, Czech, international):
capturing is compulsory and a capture sequence must be followed to the end, and a player
with no legal move loses. The draw after 60 plies without a capture or a promotion is
ours, so that games between programs always end.

A square is a number ``row * 8 + col`` (``row`` 0 is rank 1, ``col`` 0 is file a); a move
is the tuple of squares the piece visits, and :meth:`Checkers.notation` writes it the
usual way: ``c3-d4`` for a step, ``c3:e5:c7`` for a capture.

>>> game = Checkers()
>>> state = game.initial_state()
>>> print(game.text(state))
8 . b . b . b . b
7 b . b . b . b .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . w . w . w . w
1 w . w . w . w .
  a b c d e f g h
White (A) to move
>>> [game.notation(m) for m in game.legal_moves(state)]
['b2-a3', 'b2-c3', 'd2-c3', 'd2-e3', 'f2-e3', 'f2-g3', 'h2-g3']
>>> game.result(state, game.move("d2-e3")).to_move
1
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, NamedTuple, TypeAlias, cast

from gametheory.checks import foreign_state, whole_number
from gametheory.core import GameError, IllegalMoveError, Player, check_player

__all__ = [
    "Checkers",
    "CheckersRules",
    "CheckersState",
    "CheckersEvaluation",
    "Square",
    "CheckersMove",
    "EMPTY",
    "WHITE_MAN",
    "WHITE_KING",
    "BLACK_MAN",
    "BLACK_KING",
    "square",
    "square_name",
]

Square: TypeAlias = int
"""A square ``row * 8 + col``: ``0`` is a1, ``7`` is h1, ``63`` is h8."""

CheckersMove: TypeAlias = tuple[Square, ...]
"""The squares a piece visits: start, then every landing square."""

# piece codes as in the thesis' matrix (0 empty, 1 a man, 2 a king), with the sign turned: the
# thesis writes White's pieces (the human's, who minimises) negative; here + is White/A, - Black/B
EMPTY = 0
WHITE_MAN = 1
WHITE_KING = 2
BLACK_MAN = -1
BLACK_KING = -2

_SYMBOL = {EMPTY: ".", WHITE_MAN: "w", WHITE_KING: "W", BLACK_MAN: "b", BLACK_KING: "B"}
_PIECE = {symbol: code for code, symbol in _SYMBOL.items()}
_COLOUR = ("White", "Black")
_DIAGONALS = ((1, -1), (1, 1), (-1, -1), (-1, 1))  # (drow, dcol); forward for White first
FILES = "abcdefgh"


def square(name: str) -> Square:
    """The square called ``name`` (``"a1"`` … ``"h8"``).

    >>> square("a1"), square("h8"), square("c3")
    (0, 63, 18)
    >>> square("a2")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: square 'a2' is a light square; pieces stand on the dark squares (a1, c1, b2, …)
    """
    text = str(name).strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise GameError(f"square {name!r}: write a file a-h and a rank 1-8, such as 'c3'")
    col, row = FILES.index(text[0]), int(text[1]) - 1
    if (row + col) % 2:
        raise GameError(
            f"square {name!r} is a light square; pieces stand on the dark squares (a1, c1, b2, …)"
        )
    return row * 8 + col


def square_name(sq: Square) -> str:
    """The name of square ``sq``: ``square_name(18) == 'c3'``.

    >>> square_name(18)
    'c3'
    """
    return f"{FILES[sq % 8]}{sq // 8 + 1}"


def _owner(piece: int) -> Player:
    return 0 if piece > 0 else 1


def _on_board(row: int, col: int) -> bool:
    return 0 <= row < 8 and 0 <= col < 8


class CheckersState(NamedTuple):
    """A position: 64 squares (row by row from a1; codes ``EMPTY``, ``WHITE_MAN`` …), the
    player to move, and the plies played since the last capture or promotion."""

    board: tuple[int, ...]
    to_move: Player
    quiet: int = 0

    def _repr_svg_(self) -> str:
        from gametheory.draw.checkers_board import draw_checkers

        return str(draw_checkers(None, self))


@dataclass(frozen=True)
class CheckersRules:
    """The rule choices; the defaults are the thesis' board and pieces, with the common
    traditions' rules where the thesis is silent (see the module's docstring).

    Parameters
    ----------
    rows
        Ranks of men each side starts with: 2 (the thesis: eight men each) or 3 (the Czech
        and English setup: twelve men each).
    flying_kings
        True: kings move and capture along a whole diagonal. False: one square, like men
        but also backwards (English checkers).
    promote_mid_capture
        A man whose capture sequence reaches the far rank: False (Czech rule) — the move
        ends there and the man is crowned; True (Russian rule) — it is crowned at once and
        goes on capturing as a king in the same move.
    king_priority
        True (Czech rule): when a king can capture, a capture by a man is not allowed.
        False: any capturing piece may be chosen.
    majority_capture
        True (international rule): only the sequences that take the most pieces are legal.
    draw_plies
        The game is drawn after this many plies (moves of either player) in a row without a
        capture or a promotion (our rule: the thesis names none).
    full_capture
        True (the English, Czech and international rule): a capture sequence must go on
        while the piece can jump. False (the thesis' program, which asked the player
        whether to keep jumping): it may stop after any jump. Capturing at all stays
        compulsory either way.

    Examples
    --------
    >>> CheckersRules.czech()
    CheckersRules(rows=3, flying_kings=True, promote_mid_capture=False, king_priority=True, majority_capture=False, draw_plies=60, full_capture=True)
    """

    rows: int = 2
    flying_kings: bool = True
    promote_mid_capture: bool = False
    king_priority: bool = False
    majority_capture: bool = False
    draw_plies: int = 60
    full_capture: bool = True

    def __post_init__(self) -> None:
        for name in ("flying_kings", "promote_mid_capture", "king_priority", "majority_capture"):
            if not isinstance(getattr(self, name), bool):
                raise GameError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.rows not in (1, 2, 3):
            raise GameError(
                f"rows must be 1, 2 or 3 (ranks of men at the start), got {self.rows!r}"
            )
        whole_number(self.draw_plies, "draw_plies", minimum=1)
        if self.majority_capture and not self.full_capture:
            raise GameError(
                "majority_capture=True needs full_capture=True: the rule compares whole "
                "capture sequences, so a sequence cannot stop early"
            )

    @classmethod
    def czech(cls) -> CheckersRules:
        """Czech dáma: twelve men on three ranks, flying kings, king priority."""
        return cls(rows=3, king_priority=True)

    @classmethod
    def thesis_program(cls) -> CheckersRules:
        """The thesis' program: a capture sequence may stop after any jump.

        >>> game = Checkers(CheckersRules.thesis_program())
        >>> s = game.from_fen("W:Wc3:Bd4,d6")
        >>> [game.notation(m, s) for m in game.legal_moves(s)]
        ['c3:e5', 'c3:e5:c7']
        """
        return cls(full_capture=False)


class Checkers:
    """Checkers on the shared game protocol.

    Parameters
    ----------
    rules
        A :class:`CheckersRules`; the thesis' game by default.

    Notes
    -----
    ``legal_moves`` lists the moves in increasing order of their square tuples (reading the
    board rank by rank from a1). When a capture is possible only captures are listed.
    Utilities are +1 for the winner, −1 for the loser and 0 for a draw.
    """

    max_play_depth = 10
    """The deepest search a play widget offers: 1 to 10, the thesis' program's menu. Alpha-beta
    in pure Python answers at depth 6 in about a second, at 7 in about 5 s, at 8 in about
    15 s, at 9 in about a minute and at 10 in more than 13 minutes (measured on a loaded
    machine after the opening d2-e3): the widget deepens within its time limit and says
    which depth answered."""

    def __init__(self, rules: CheckersRules | None = None) -> None:
        if rules is None:
            rules = CheckersRules()
        if not isinstance(rules, CheckersRules):
            raise GameError(f"rules must be a CheckersRules, got {rules!r}")
        self.rules = rules

    def __repr__(self) -> str:
        return "Checkers()" if self.rules == CheckersRules() else f"Checkers({self.rules!r})"

    # -- positions -----------------------------------------------------------------------
    def initial_state(self) -> CheckersState:
        board = [EMPTY] * 64
        for row in range(8):
            for col in range(row % 2, 8, 2):
                if row < self.rules.rows:
                    board[row * 8 + col] = WHITE_MAN
                elif row >= 8 - self.rules.rows:
                    board[row * 8 + col] = BLACK_MAN
        return CheckersState(tuple(board), 0, 0)

    def state(self, diagram: str, to_move: Player = 0, quiet: int = 0) -> CheckersState:
        """A position from a diagram: eight ranks from 8 down to 1, eight cells each.

        Cells are ``.`` (empty), ``w``/``W`` (White man/king), ``b``/``B`` (Black
        man/king); spaces, rank numbers and a file line are ignored, as in :meth:`text`.

        >>> game = Checkers()
        >>> s = game.state('''
        ... . . . . . . . .
        ... . . . . . . . .
        ... . . . . . . . .
        ... . . . . b . . .
        ... . . . . . . . .
        ... . . w . . . . .
        ... . . . . . . . .
        ... . . . . . . . .''')
        >>> [game.notation(m) for m in game.legal_moves(s)]
        ['c3-b4', 'c3-d4']
        >>> game.state(game.text(s)) == s
        True
        """
        rows = []
        for line in diagram.strip("\n").splitlines():
            tokens = line.split()
            if not tokens or "".join(tokens) == FILES or tokens[-1] in ("move", "wins", "draw"):
                continue  # the file letters and the status line of text()
            if tokens[0].isdigit():
                tokens = tokens[1:]
            cells = list("".join(tokens))
            if len(cells) != 8 or any(c not in _PIECE for c in cells):
                raise GameError(f"diagram line {line!r}: expected 8 cells of . w W b B")
            rows.append(cells)
        if len(rows) != 8:
            raise GameError(f"diagram: expected 8 ranks (8 down to 1), got {len(rows)}")
        board = [EMPTY] * 64
        for i, cells in enumerate(rows):
            row = 7 - i
            for col, cell in enumerate(cells):
                if cell != "." and (row + col) % 2:
                    raise GameError(
                        f"diagram: a piece on the light square {FILES[col]}{row + 1}; "
                        "pieces stand on dark squares"
                    )
                board[row * 8 + col] = _PIECE[cell]
        return self._checked(tuple(board), to_move, quiet)

    def _checked(self, board: tuple[int, ...], to_move: Player, quiet: int) -> CheckersState:
        check_player(to_move, "to_move")
        quiet = whole_number(quiet, "quiet (plies without capture or promotion)")
        for sq, piece in enumerate(board):
            row = sq // 8
            if (piece == WHITE_MAN and row == 7) or (piece == BLACK_MAN and row == 0):
                raise GameError(
                    f"a man on {square_name(sq)}, its far rank: it would have been crowned; "
                    "write a king (W or B) there"
                )
        return CheckersState(board, to_move, quiet)

    def fen(self, state: CheckersState) -> str:
        """The position as one line, for saving: ``W:Wa1,c1,Kd4:Bb8:Q0``.

        The side to move (``W`` or ``B``), White's pieces, Black's pieces (``K`` marks a
        king), and the plies since the last capture or promotion; :meth:`from_fen` reads
        it back.

        >>> game = Checkers()
        >>> line = game.fen(game.initial_state())
        >>> line
        'W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8:Q0'
        >>> game.from_fen(line) == game.initial_state()
        True
        """
        parts = ["WB"[state.to_move]]
        for colour, sign in (("W", 1), ("B", -1)):
            pieces = [
                ("K" if abs(p) == 2 else "") + square_name(sq)
                for sq, p in enumerate(state.board)
                if p * sign > 0
            ]
            parts.append(colour + ",".join(pieces))
        parts.append(f"Q{state.quiet}")
        return ":".join(parts)

    def from_fen(self, text: str) -> CheckersState:
        """The position written by :meth:`fen`.

        >>> Checkers().from_fen("B:WKa1:Bh8").to_move
        1
        >>> Checkers().from_fen("W:Wa2:B")
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: position 'W:Wa2:B': square 'a2' is a light square; pieces stand on the dark squares (a1, c1, b2, …)
        """
        fields = text.strip().split(":")
        if len(fields) not in (3, 4) or fields[0] not in ("W", "B"):
            raise GameError(
                f"position {text!r}: expected 'W:W<white squares>:B<black squares>[:Q<n>]', "
                "e.g. 'W:Wa1,Kc3:Bh8'"
            )
        board = [EMPTY] * 64
        given: set[Square] = set()
        for fld, colour, man in ((fields[1], "W", WHITE_MAN), (fields[2], "B", BLACK_MAN)):
            if not fld.startswith(colour):
                raise GameError(f"position {text!r}: field {fld!r} must start with {colour}")
            for item in filter(None, fld[1:].split(",")):
                king = item.startswith("K")
                try:
                    sq = square(item[1:] if king else item)
                except GameError as error:
                    raise GameError(f"position {text!r}: {error}") from None
                if sq in given:
                    raise GameError(
                        f"position {text!r}: square {square_name(sq)} is given twice; a square "
                        "holds one piece"
                    )
                given.add(sq)
                board[sq] = man * (2 if king else 1)
        quiet = 0
        if len(fields) == 4:
            digits = fields[3][1:]  # isdigit() alone would take "²" and other digits
            if not (fields[3].startswith("Q") and digits.isascii() and digits.isdigit()):
                raise GameError(
                    f"position {text[:80]!r}: the last field must be Q and a count of quiet "
                    f"plies in the digits 0-9 (such as Q12), got {fields[3][:20]!r}"
                )
            if len(digits) > MAX_QUIET_DIGITS:
                raise GameError(
                    f"position {text[:80]!r}: the count of quiet plies has {len(digits)} digits; "
                    f"at most {MAX_QUIET_DIGITS} (a game is far shorter)"
                )
            quiet = int(digits)
        return self._checked(tuple(board), "WB".index(fields[0]), quiet)

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is a checkers position: a
        :class:`CheckersState` of 64 squares holding piece codes, pieces only on dark
        squares, no uncrowned man on its far rank, a player 0 or 1 and a count >= 0."""
        if not isinstance(state, CheckersState):
            raise foreign_state(
                self,
                state,
                "expected a CheckersState (from initial_state, result, state() or from_fen())",
            )
        board = state.board
        if not isinstance(board, tuple) or len(board) != 64:
            raise foreign_state(self, state, "the board must be a tuple of 64 squares")
        for sq, piece in enumerate(board):
            if piece not in _SYMBOL or isinstance(piece, bool):
                raise foreign_state(self, state, f"square {sq} holds {piece!r}, not a piece code")
            if piece != EMPTY and (sq // 8 + sq % 8) % 2:
                raise foreign_state(self, state, f"a piece on the light square {square_name(sq)}")
        try:
            self._checked(board, state.to_move, state.quiet)
        except GameError as error:
            raise foreign_state(self, state, str(error)) from None

    # -- the Game protocol ----------------------------------------------------------------
    def to_move(self, state: CheckersState) -> Player:
        return state.to_move

    def legal_moves(self, state: CheckersState) -> tuple[CheckersMove, ...]:
        if state.quiet >= self.rules.draw_plies:
            return ()
        captures = [m for sq in self._own_squares(state) for m in self._captures(state, sq)]
        if captures:
            if self.rules.king_priority and any(abs(state.board[m[0]]) == 2 for m in captures):
                captures = [m for m in captures if abs(state.board[m[0]]) == 2]
            if self.rules.majority_capture:
                most = max(len(m) for m in captures)
                captures = [m for m in captures if len(m) == most]
            if not self.rules.full_capture:  # stop after any jump: every beginning of one
                captures = [m[:k] for m in captures for k in range(2, len(m) + 1)]
            return tuple(sorted(set(captures)))
        return tuple(m for sq in self._own_squares(state) for m in self._steps(state, sq))

    def result(self, state: CheckersState, move: CheckersMove) -> CheckersState:
        legal = self.legal_moves(state)
        if move not in legal:
            raise IllegalMoveError(self._why_illegal(state, move, legal))
        move = legal[legal.index(move)]  # plain ints, whatever number type was given
        board = list(state.board)
        piece = board[move[0]]
        captured = self.captured(state, move)
        for sq in captured:
            board[sq] = EMPTY
        board[move[0]] = EMPTY
        far = 7 if piece > 0 else 0
        crowned = abs(piece) == 1 and any(sq // 8 == far for sq in move[1:])
        board[move[-1]] = piece * 2 if crowned else piece
        quiet = 0 if captured or crowned else state.quiet + 1
        return CheckersState(tuple(board), 1 - state.to_move, quiet)

    def is_terminal(self, state: CheckersState) -> bool:
        return not self.legal_moves(state)

    def utility(self, state: CheckersState, player: Player) -> float:
        winner = self.winner(state)
        if winner is None:
            if state.quiet < self.rules.draw_plies:
                raise GameError(f"utility: the game is not over in {self.fen(state)}")
            return 0.0
        return 1.0 if winner == player else -1.0

    def chance_outcomes(self, state: CheckersState) -> tuple[()]:
        raise GameError("checkers has no chance moves")

    def winner(self, state: CheckersState) -> Player | None:
        """The winner of a finished game (the player who cannot move loses), else None."""
        if state.quiet >= self.rules.draw_plies or self.legal_moves(state):
            return None
        return 1 - state.to_move

    # -- move generation -----------------------------------------------------------------
    def _own_squares(self, state: CheckersState) -> Iterator[Square]:
        sign = 1 if state.to_move == 0 else -1
        return (sq for sq, p in enumerate(state.board) if p * sign > 0)

    def _reach(self, piece: int) -> int:
        return 7 if abs(piece) == 2 and self.rules.flying_kings else 1

    def _directions(self, piece: int) -> tuple[tuple[int, int], ...]:
        if abs(piece) == 2:
            return _DIAGONALS
        return _DIAGONALS[:2] if piece > 0 else _DIAGONALS[2:]

    def _steps(self, state: CheckersState, start: Square) -> Iterator[CheckersMove]:
        piece = state.board[start]
        row, col = divmod(start, 8)
        for dr, dc in self._directions(piece):
            for distance in range(1, self._reach(piece) + 1):
                r, c = row + dr * distance, col + dc * distance
                if not _on_board(r, c) or state.board[r * 8 + c] != EMPTY:
                    break
                yield (start, r * 8 + c)

    def _captures(self, state: CheckersState, start: Square) -> list[CheckersMove]:
        """Every complete capture sequence of the piece on ``start``."""
        piece = state.board[start]
        board = list(state.board)
        board[start] = EMPTY  # the moving piece has left its square
        found: list[CheckersMove] = []

        def extend(path: CheckersMove, taken: frozenset[Square], piece: int) -> None:
            more = False
            for jump, landing in self._jumps(board, path[-1], piece, taken):
                more = True
                promote = (
                    self.rules.promote_mid_capture
                    and abs(piece) == 1
                    and landing // 8 == (7 if piece > 0 else 0)
                )
                extend(path + (landing,), taken | {jump}, piece * 2 if promote else piece)
            if not more and len(path) > 1:
                found.append(path)

        extend((start,), frozenset(), piece)
        return found

    def _jumps(
        self, board: list[int], at: Square, piece: int, taken: frozenset[Square]
    ) -> Iterator[tuple[Square, Square]]:
        """``(captured square, landing square)`` for every single jump from ``at``."""
        row, col = divmod(at, 8)
        reach = self._reach(piece)
        for dr, dc in self._directions(piece):
            distance = 1
            r, c = row + dr, col + dc
            while _on_board(r, c) and board[r * 8 + c] == EMPTY and distance < reach:
                r, c, distance = r + dr, c + dc, distance + 1
            if not _on_board(r, c):
                continue
            victim = r * 8 + c
            # a piece already jumped stays on the board until the end and blocks the way
            if board[victim] * piece >= 0 or victim in taken:
                continue
            for step in range(1, reach + 1):
                lr, lc = r + dr * step, c + dc * step
                if not _on_board(lr, lc) or board[lr * 8 + lc] != EMPTY:
                    break
                yield victim, lr * 8 + lc

    def captured(self, state: CheckersState, move: CheckersMove) -> tuple[Square, ...]:
        """The squares of the pieces ``move`` takes (empty for a step).

        >>> game = Checkers()
        >>> s = game.from_fen("W:Wc3:Bd4,d6")
        >>> [game.notation(m) for m in game.legal_moves(s)]
        ['c3:e5:c7']
        >>> [square_name(sq) for sq in game.captured(s, game.move("c3:e5:c7"))]
        ['d4', 'd6']
        """
        taken = []
        for a, b in itertools.pairwise(move):
            (ra, ca), (rb, cb) = divmod(a, 8), divmod(b, 8)
            dr, dc = (rb > ra) - (rb < ra), (cb > ca) - (cb < ca)
            for k in range(1, abs(rb - ra)):
                sq = (ra + dr * k) * 8 + ca + dc * k
                if state.board[sq] != EMPTY and sq != move[0]:
                    taken.append(sq)
        return tuple(taken)

    def _why_illegal(
        self, state: CheckersState, move: object, legal: tuple[CheckersMove, ...]
    ) -> str:
        if not (
            isinstance(move, tuple)
            and len(move) >= 2
            and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 64 for s in move)
        ):
            return f"move {move!r}: a move is a tuple of at least two squares 0..63 (use game.move('c3-d4'))"
        where = f"in {self.fen(state)}"
        name = self.notation(move)
        if not legal:
            return f"move {name} {where}: the game is over"
        piece = state.board[move[0]]
        mover = _COLOUR[state.to_move]
        if piece == EMPTY or _owner(piece) != state.to_move:
            return f"move {name} {where}: {square_name(move[0])} holds no {mover} piece"
        if self._captures_exist(legal, state) and not self.captured(state, move):
            return f"move {name} {where}: capturing is compulsory; capture with " + ", ".join(
                self.notation(m, state) for m in legal
            )
        same_start = [self.notation(m, state) for m in legal if m[0] == move[0]]
        if any(m[: len(move)] == move and len(m) > len(move) for m in legal):
            return (
                f"move {name} {where}: the capture sequence is not finished; go on to "
                + ", ".join(same_start)
            )
        hint = ", ".join(same_start) if same_start else "none with this piece"
        return f"move {name} {where}: not a legal move for {mover}; legal from here: {hint}"

    def _captures_exist(self, legal: tuple[CheckersMove, ...], state: CheckersState) -> bool:
        return bool(legal) and bool(self.captured(state, legal[0]))

    # -- notation and text ---------------------------------------------------------------
    def notation(self, move: CheckersMove, state: CheckersState | None = None) -> str:
        """``c3-d4`` for a step, ``c3:e5:c7`` for a capture (squares joined by ``:``).

        Pass the ``state`` the move is played in to tell a long king step from a king's
        single capture; without it a two-square move is written as a capture only when it
        can be nothing else (a jump over one square without flying kings).

        >>> game = Checkers()
        >>> game.notation((18, 27)), game.notation((18, 36, 50))
        ('c3-d4', 'c3:e5:c7')
        >>> s = game.from_fen("W:WKa1:Bd4")
        >>> [game.notation(m, s) for m in game.legal_moves(s)]
        ['a1:e5', 'a1:f6', 'a1:g7', 'a1:h8']
        """
        names = [square_name(sq) for sq in move]
        if state is not None:
            capture = bool(self.captured(state, move))
        else:
            distance = abs(move[1] // 8 - move[0] // 8) if len(move) > 1 else 0
            capture = len(move) > 2 or (distance == 2 and not self.rules.flying_kings)
        return (":" if capture else "-").join(names)

    def move_label(self, move: CheckersMove, state: CheckersState | None = None) -> str:
        """The move as :meth:`notation` writes it (the :class:`~gametheory.core.MoveNotation`
        protocol, which pictures and widgets use)."""
        return self.notation(move, state)

    def move(self, text: str) -> CheckersMove:
        """The move written ``c3-d4`` or ``c3:e5:c7`` (``x`` also separates).

        >>> Checkers().move("c3:e5:c7")
        (18, 36, 50)
        """
        names = text.replace("x", ":").replace("-", ":").split(":")
        if len(names) < 2:
            raise GameError(f"move {text!r}: write squares joined by - or :, such as 'c3-d4'")
        return tuple(square(n) for n in names)

    def text(self, state: CheckersState) -> str:
        """The board with rank numbers and files, then whose turn it is (or the result)."""
        lines = []
        for row in range(7, -1, -1):
            cells = " ".join(_SYMBOL[state.board[row * 8 + c]] for c in range(8))
            lines.append(f"{row + 1} {cells}")
        lines.append("  " + " ".join(FILES))
        if self.is_terminal(state):
            winner = self.winner(state)
            status = "draw" if winner is None else f"{_COLOUR[winner]} wins"
        else:
            status = f"{_COLOUR[state.to_move]} ({'AB'[state.to_move]}) to move"
        lines.append(status)
        return "\n".join(lines)


# -- the thesis' evaluation, read from a dictionary (files.load_checkers_evaluation) ----------
_KINDS = {"man": 1, "king": 2}


@dataclass(frozen=True)
class CheckersEvaluation:
    """The thesis' evaluation: material plus a bonus per square and kind of piece.

    :meth:`score` is the thesis' number: for each of ``player``'s pieces, its material value
    (``man`` or ``king``) and its square's bonus, minus the same for the opponent. Bonuses are
    written from White's side (rank 1 is the owner's back rank); a Black piece gets the bonus
    of the square turned half round (``a1`` ↔ ``h8``), so both players are valued alike.

    Called as ``evaluate(state, player)``, for a search, it returns that score divided by
    :attr:`scale`, a number larger than any score can be (32 dark squares, each holding the
    most valuable piece with the largest bonus), so that every estimate lies strictly
    between a loss (−1) and a win (+1): a search never prefers a material lead to a win it
    has found. The division keeps the order of the scores, so the moves a search chooses
    among unfinished positions are the ones the thesis' numbers choose.

    Examples
    --------
    >>> game = Checkers()
    >>> evaluate = CheckersEvaluation(man=3, king=10)
    >>> position = game.from_fen("W:WKc3,e3:Bb8")
    >>> evaluate.score(position, 0), evaluate.scale
    (10.0, 321.0)
    >>> evaluate(position, 0) == 10 / 321
    True
    """

    man: float = 3.0
    king: float = 10.0
    bonus: Mapping[tuple[Square, int], float] = field(default_factory=dict)
    source: str = ""

    @property
    def scale(self) -> float:
        """One more than the largest score any position can have (see the class docstring)."""
        most = max(abs(self.man), abs(self.king)) + max(map(abs, self.bonus.values()), default=0)
        return 32.0 * most + 1

    def __call__(self, state: CheckersState, player: Player) -> float:
        return self.score(state, player) / self.scale

    def score(self, state: CheckersState, player: Player) -> float:
        """The thesis' number for ``player``: material plus bonuses, minus the opponent's."""
        total = 0.0
        for sq, piece in enumerate(state.board):
            if piece == EMPTY:
                continue
            kind = abs(piece)
            own_view = sq if piece > 0 else 63 - sq  # Black's squares turned half round
            value = (self.man if kind == 1 else self.king) + self.bonus.get((own_view, kind), 0.0)
            total += value if _owner(piece) == player else -value
        return total

    @classmethod
    def from_dict(cls, data: Any, source: str = "evaluation") -> CheckersEvaluation:
        """Build from parsed JSON: ``{"material": {...}, "positional": [...]}``.

        Raises :class:`GameError` naming the bad entry.

        >>> CheckersEvaluation.from_dict({"material": {"man": 3, "king": 10},
        ...     "positional": [{"square": "a1", "piece": "man", "bonus": 1}]}).bonus
        {(0, 1): 1.0}
        >>> CheckersEvaluation.from_dict({"material": {"man": 3, "king": 10},
        ...     "positional": [{"square": "b1", "piece": "man", "bonus": 1}]})
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: evaluation: positional[0].square: square 'b1' is a light square; pieces stand on the dark squares (a1, c1, b2, …)
        """
        if not isinstance(data, Mapping):
            raise GameError(f"{source}: expected a JSON object with 'material' and 'positional'")
        unknown = set(data) - {"material", "positional", "comment"}
        if unknown:
            raise GameError(
                f"{source}: unknown key(s) {sorted(unknown)}; use 'material', 'positional', 'comment'"
            )
        material = data.get("material")
        if not isinstance(material, Mapping) or set(material) != {"man", "king"}:
            raise GameError(
                f"{source}: material must be an object with exactly 'man' and 'king', got {material!r}"
            )
        values = {k: _number(material[k], f"{source}: material.{k}") for k in ("man", "king")}
        entries = data.get("positional", [])
        if not isinstance(entries, list):
            raise GameError(f"{source}: positional must be a list of entries, got {entries!r}")
        bonus: dict[tuple[Square, int], float] = {}
        for i, entry in enumerate(entries):
            where = f"{source}: positional[{i}]"
            if not isinstance(entry, Mapping) or set(entry) != {"square", "piece", "bonus"}:
                raise GameError(
                    f'{where}: expected {{"square": "a1", "piece": "man", "bonus": 1}}, got {entry!r}'
                )
            try:
                sq = square(entry["square"])
            except GameError as error:
                raise GameError(f"{where}.square: {error}") from None
            if not isinstance(entry["piece"], str) or entry["piece"] not in _KINDS:
                raise GameError(f"{where}.piece: expected 'man' or 'king', got {entry['piece']!r}")
            key = (sq, _KINDS[entry["piece"]])
            if key in bonus:
                raise GameError(
                    f"{where}: a second bonus for a {entry['piece']} on {entry['square']}; "
                    "give each square and piece once"
                )
            bonus[key] = _number(entry["bonus"], f"{where}.bonus")
        return cls(values["man"], values["king"], bonus, source)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form that :meth:`from_dict` reads."""
        kinds = {v: k for k, v in _KINDS.items()}
        return {
            "material": {"man": self.man, "king": self.king},
            "positional": [
                {"square": square_name(sq), "piece": kinds[kind], "bonus": value}
                for (sq, kind), value in sorted(self.bonus.items())
            ],
        }


MAX_WEIGHT = 1e9
"""The largest weight or bonus an evaluation file may give (larger ones would make the sums
of a position overflow to infinity, and inf − inf is NaN)."""

MAX_QUIET_DIGITS = 6
"""The most digits of the count of quiet plies in a position's text."""


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise GameError(f"{where}: expected a number, got {value!r}")
    # the comparison is exact for huge ints (10**400) and false for NaN
    if not -MAX_WEIGHT <= cast(float, value) <= MAX_WEIGHT:
        raise GameError(
            f"{where}: expected a number from {-MAX_WEIGHT:g} to {MAX_WEIGHT:g} (larger ones "
            f"overflow the sums), got {_short(value)}"
        )
    return float(value)


def _short(value: object) -> str:
    """``repr(value)``, cut to a readable length (a number may have thousands of digits)."""
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 1000 else "a huge int"
    return text if len(text) <= 60 else text[:57] + "..."
