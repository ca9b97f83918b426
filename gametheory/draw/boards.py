"""Game positions as pictures: one :func:`draw_board` for every game.

:func:`draw_board` is a :func:`functools.singledispatch` function on the *game's* type, so
each game brings its own picture and the widgets draw any game the same way::

    draw_board(game, state, last_move=move)

Tic-tac-toe and the matches game (Nim) are drawn here. A game without a registered
renderer is drawn from its ``game.text(state)`` as monospaced lines (or from ``repr(state)``
when it has no ``text`` method), so every game has a picture from the first day.

Adding the picture of a new game
--------------------------------
Write the renderer next to the game's other drawing code (for Abapa,
``gametheory/draw/abapa_board.py``) and register it for the game's class::

    from gametheory.draw.boards import draw_board
    from gametheory.draw.svg import Svg
    from gametheory.games.abapa import Abapa

    @draw_board.register
    def _(game: Abapa, state=None, *, last_move=None, **options) -> Svg:
        state = game.initial_state() if state is None else state
        ...
        return Svg(svg_text)

The contract: take ``(game, state=None)``, draw the initial position when ``state`` is
None, accept the keyword ``last_move`` (the move that led to ``state``, to highlight; None
at the start) and ignore keywords you do not know, and return an
:class:`~gametheory.draw.svg.Svg`. The registration runs when the module is imported, so the
``gametheory.draw`` package imports every board module.

What else a game can tell the pictures
--------------------------------------
How a move is written is the game's own business: :func:`move_label` ``(game, move, state)``
asks the game's ``move_label(move, state)`` (the :class:`~gametheory.core.MoveNotation`
protocol: ``e4`` in Gomoku, ``c3:e5`` in checkers), else writes ``str(move)``. Edges of trees
and AND/OR graphs carry it.

Two more hooks are registered like :func:`draw_board`; each has a default, so a game needs
none:

* :func:`board_glyph` ``(game, state) -> Glyph | None``: a small picture of the position
  (about 24 pixels high) drawn beside its node in trees and AND/OR graphs. Default: none.
  Tic-tac-toe draws a tiny board, the matches game its matches in bundles of four.
* :func:`position_rank` ``(game, state) -> int | None``: the row of the position in a
  layered picture of a graph, counted downwards. Default (None): by ply. The matches game
  ranks by the matches taken, so each row holds one count, 13 at the top and 0 at the
  bottom, and a pattern by count shows down the rows.

>>> from gametheory.games.tictactoe import TicTacToe
>>> game = TicTacToe()
>>> picture = draw_board(game, game.state("XO./.X./..."))
>>> picture.count("<line"), picture.count('class="mark-o"')  # grid 4 + two X of 2 strokes
(8, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import singledispatch
from typing import Any

from gametheory.core import MoveNotation, player_name
from gametheory.draw.svg import Svg, document, element, esc, text, text_width
from gametheory.games.dice import DiceRace, DiceRaceState
from gametheory.games.nim import Nim, NimState
from gametheory.games.tictactoe import EMPTY, MARKS, TicTacToe, TicTacToeState

__all__ = [
    "Glyph",
    "board_glyph",
    "draw_board",
    "listed",
    "move_label",
    "move_origin",
    "position_rank",
]

_X_INK = "#1c5fa8"
_O_INK = "#c2361b"
_HIGHLIGHT = "#ffe9a8"


def listed(items: Iterable[object]) -> str:
    """Items joined by commas for a picture's description, or ``none``.

    >>> listed(["h8", "g7"]), listed([])
    ('h8, g7', 'none')
    """
    return ", ".join(str(item) for item in items) or "none"


def move_label(game: Any, move: Any, state: Any = None) -> str:
    """How a move is written for people: the game's own notation, else ``str(move)``.

    A game with a ``move_label(move, state)`` method (the
    :class:`~gametheory.core.MoveNotation` protocol) writes its moves itself: checkers
    ``c3:e5``, Gomoku ``h8``. ``state`` is the position the move is played in.

    >>> from gametheory.games.checkers import Checkers
    >>> from gametheory.games.nim import Nim
    >>> move_label(Checkers(), (18, 27)), move_label(Nim(5), 2)
    ('c3-d4', '2')
    """
    if issubclass(type(game), MoveNotation):  # a method of the game's class, as protocols say
        label: str = game.move_label(move, state)
        return label
    return str(move)


@singledispatch
def move_origin(game: Any, move: Any) -> str | None:
    """Where a move starts, for games where you first pick a piece (None: no such thing).

    Checkers registers the square the piece stands on, so the play widget asks for a piece
    first and then for its target.

    >>> from gametheory.games.nim import Nim
    >>> move_origin(Nim(5), 2) is None
    True
    """
    return None


@dataclass(frozen=True)
class Glyph:
    """A small picture of a position: SVG drawn with its top-left corner at (0, 0)."""

    svg: str
    width: float
    height: float


@singledispatch
def board_glyph(game: Any, state: Any) -> Glyph | None:
    """A small picture of ``state`` to draw beside its node, or None (the default).

    >>> from gametheory.games.dice import DiceRace
    >>> board_glyph(DiceRace(), DiceRace().initial_state()) is None
    True
    """
    return None


@singledispatch
def position_rank(game: Any, state: Any) -> int | None:
    """The row of ``state`` in a layered picture of ``game`` (downwards), or None: by ply.

    >>> from gametheory.games.tictactoe import TicTacToe
    >>> position_rank(TicTacToe(), TicTacToe().initial_state()) is None
    True
    """
    return None


@singledispatch
def draw_board(game: Any, state: Any = None, *, last_move: Any = None, **options: Any) -> Svg:
    """Draw a position of ``game`` (its initial position when ``state`` is None).

    Parameters
    ----------
    game
        Any game following the protocol. Games with a registered renderer get their own
        picture; others are drawn from ``game.text(state)``, or ``repr(state)``.
    state
        The position to draw; ``None`` for the initial position.
    last_move
        The move that led to ``state``, highlighted where the renderer can.
    **options
        Renderer options (e.g. ``cell=`` for tic-tac-toe); unknown ones are ignored.

    Returns
    -------
    Svg

    Examples
    --------
    >>> class Counter:  # a game with no picture of its own and no text()
    ...     def initial_state(self):
    ...         return 0
    >>> "<text" in draw_board(Counter())
    True
    """
    state = game.initial_state() if state is None else state
    text_of = getattr(game, "text", None)
    text = text_of(state) if callable(text_of) else repr(state)
    lines = str(text).splitlines() or [""]
    size = float(options.get("font", 16))
    width = max(len(line) for line in lines) * size * 0.62 + 24
    height = len(lines) * size * 1.3 + 20
    body = [
        f'<text x="12" y="{12 + (i + 1) * size * 1.3 - size * 0.3:.1f}" font-size="{size:g}" '
        f'font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" xml:space="preserve" '
        f'fill="#222222">{esc(line)}</text>'
        for i, line in enumerate(lines)
    ]
    return document(width, height, body)


@draw_board.register
def _draw_tictactoe(
    game: TicTacToe,
    state: TicTacToeState | None = None,
    *,
    last_move: Any = None,
    cell: float = 56.0,
    **options: Any,
) -> Svg:
    """Tic-tac-toe: X in blue strokes, O in red rings, empty cells show their move number."""
    state = game.initial_state() if state is None else state
    n, pad = game.size, 10.0
    side = n * cell
    winner = game.winner(state)
    winning = {
        i for line in game.lines if all(state.board[i] == winner for i in line) for i in line
    }
    body: list[str] = []
    for i, mark in enumerate(state.board):
        x, y = pad + (i % n) * cell, pad + (i // n) * cell
        if i == last_move or i in winning:
            fill = "#cfe8cf" if i in winning else _HIGHLIGHT
            body.append(element("rect", f'fill="{fill}"', x=x, y=y, width=cell, height=cell))
        body.append(_mark(mark, i, x + cell / 2, y + cell / 2, cell))
    grid = 'stroke="#333333" stroke-width="2"'
    for k in range(1, n):  # the grid, drawn over the highlights
        at = pad + k * cell
        body.append(element("line", grid, x1=at, y1=pad, x2=at, y2=pad + side))
        body.append(element("line", grid, x1=pad, y1=at, x2=pad + side, y2=at))
    if game.is_terminal(state):
        status = "draw" if winner is None else f"{'XO'[winner]} ({player_name(winner)}) wins"
    else:
        status = f"{'XO'[state.to_move]} ({player_name(state.to_move)}) to move"
    body.append(text(pad + side / 2, pad + side + 19, status, 13, "#333333"))
    title, desc = _tictactoe_alternative(game, state, status, last_move)
    return document(side + 2 * pad, side + 2 * pad + 26.0, body, title=title, desc=desc)


def _tictactoe_alternative(
    game: TicTacToe, state: TicTacToeState, status: str, last_move: Any
) -> tuple[str, str]:
    """The board's text alternative: the cells of X and of O by number (the moves'
    notation), the rows as :meth:`TicTacToe.state` reads them, whose turn, the last move."""
    n = game.size
    cells = [listed(i for i, mark in enumerate(state.board) if mark == p) for p in (0, 1)]
    rows = "/".join("".join(MARKS[c] for c in state.board[r * n : (r + 1) * n]) for r in range(n))
    desc = f"X (A) on {cells[0]}; O (B) on {cells[1]}; rows {rows}; {status}"
    if last_move is not None:
        desc += f"; last move {last_move}"
    return f"Tic-tac-toe board: {status}", desc + "."


def _mark(mark: int, i: int, cx: float, cy: float, cell: float) -> str:
    """An X (two blue strokes), an O (a red ring), or the move number of an empty cell."""
    if mark == EMPTY:
        return text(cx, cy + cell * 0.08, i, cell * 0.22, "#767676")
    k, width = cell * 0.3, f"{cell * 0.09:.1f}"
    if mark == 1:
        look = f'class="mark-o" fill="none" stroke="{_O_INK}" stroke-width="{width}"'
        return element("circle", look, cx=cx, cy=cy, r=k)
    strokes = element("line", "", x1=cx - k, y1=cy - k, x2=cx + k, y2=cy + k) + element(
        "line", "", x1=cx - k, y1=cy + k, x2=cx + k, y2=cy - k
    )
    look = f'class="mark-x" stroke="{_X_INK}" stroke-width="{width}" stroke-linecap="round"'
    return f"<g {look}>{strokes}</g>"


@draw_board.register
def _draw_nim(
    game: Nim,
    state: NimState | None = None,
    *,
    last_move: Any = None,
    per_row: int = 15,
    **options: Any,
) -> Svg:
    """The matches game: the matches still on the table, the ones taken faint.

    The matches taken by the last move are drawn in orange.
    """
    state = game.initial_state() if state is None else state
    total = max(game.n, state.matches)
    just_taken = last_move if isinstance(last_move, int) and not isinstance(last_move, bool) else 0
    gap, stick = 18.0, 46.0
    body: list[str] = []
    for i in range(total):
        x, y = 16 + (i % per_row) * gap, 14 + (i // per_row) * (stick + 16)
        if i < state.matches:
            wood, head, opacity = "#c8a165", "#c2361b", "1"
        elif i < state.matches + just_taken:
            wood, head, opacity = "#f0b37a", "#e8590c", "0.8"
        else:
            wood, head, opacity = "#c8a165", "#c2361b", "0.18"
        wooden = f'stroke="{wood}" stroke-width="4" stroke-linecap="round"'
        body.append(
            f'<g class="match" opacity="{opacity}">'
            + element("line", wooden, x1=x, y1=y + 7, x2=x, y2=y + stick)
            + element("ellipse", f'fill="{head}"', cx=x, cy=y + 5, rx=3.6, ry=5)
            + "</g>"
        )
    if game.is_terminal(state):
        winner = game.utility(state, 0) > 0
        status = f"no matches left: {player_name(0 if winner else 1)} wins"
    else:
        left = "match" if state.matches == 1 else "matches"
        status = (
            f"{state.matches} {left} left, {player_name(state.to_move)} to move "
            f"(take 1–{min(game.max_take, state.matches)})"
        )
    if just_taken:
        status += f"; {just_taken} just taken"
    y_text = 14 + max(1, -(-total // per_row)) * (stick + 16) + 6
    body.append(text(12, y_text, status, 13, "#333333", "start"))
    width = max(min(total, per_row) * gap + 24, 240.0, len(status) * 7.6 + 24)
    return document(width, y_text + 12, body)


@draw_board.register
def _draw_dice_race(
    game: DiceRace,
    state: DiceRaceState | None = None,
    *,
    last_move: Any = None,
    square: float = 30.0,
    **options: Any,
) -> Svg:
    """The dice race: a track of squares 0 … goal with A's token above and B's below."""
    state = game.initial_state() if state is None else state
    left, top = 14.0, 30.0
    body: list[str] = []
    for k in range(game.goal + 1):
        x = left + k * square
        look = f'fill="{"#ffe8a3" if k == game.goal else "#f4f4f4"}" stroke="#999999"'
        body.append(element("rect", look, x=x, y=top, width=square - 2, height=square - 2))
        body.append(text(x + square / 2 - 1, top + square / 2 + 3, k, 10, "#595959"))
    for player, dy, ink in ((0, -12.0, _X_INK), (1, square + 10, _O_INK)):
        spot = min(state.positions[player], game.goal)
        cx = left + spot * square + square / 2 - 1
        body.append(element("circle", f'fill="{ink}"', cx=cx, cy=top + dy, r=8))
        body.append(text(cx, top + dy + 4, player_name(player), 10, "#ffffff", bold=True))
    status = game.text(state).split("(", 1)[-1].rstrip(")")  # turns left and who is next
    y_text = top + square + 36
    body.append(text(left, y_text, status, 12, "#333333", "start"))
    width = max(left * 2 + (game.goal + 1) * square, len(status) * 7.0 + 2 * left)
    return document(width, y_text + 10, body)


@board_glyph.register
def _tictactoe_glyph(game: TicTacToe, state: TicTacToeState) -> Glyph:
    """A board 8 pixels a cell: X in blue, O in red, on a light grid."""
    n, cell = game.size, 9.0
    side = n * cell
    parts = [f'<rect width="{side:g}" height="{side:g}" fill="#ffffff" stroke="#9a9a9a"/>']
    for line in range(1, n):
        at = line * cell
        parts.append(f'<path d="M{at:g},0V{side:g}M0,{at:g}H{side:g}" stroke="#c8c8c8"/>')
    k = cell * 0.28
    for i, mark in enumerate(state.board):
        r, c = divmod(i, n)
        cx, cy = c * cell + cell / 2, r * cell + cell / 2
        if mark == 0:
            parts.append(
                f'<path d="M{cx - k:.1f},{cy - k:.1f}L{cx + k:.1f},{cy + k:.1f}M{cx - k:.1f},'
                f'{cy + k:.1f}L{cx + k:.1f},{cy - k:.1f}" stroke="{_X_INK}" stroke-width="1.5"/>'
            )
        elif mark == 1:
            ring = f'fill="none" stroke="{_O_INK}" stroke-width="1.3"'
            parts.append(element("circle", ring, cx=cx, cy=cy, r=k))
    return Glyph(f'<g class="glyph">{"".join(parts)}</g>', side, side)


@board_glyph.register
def _nim_glyph(game: Nim, state: NimState) -> Glyph:
    """The matches left in bundles of four (so a multiple of 4 is whole bundles), and their count."""
    stick, gap, bundle, height = 1.8, 3.0, 4.0, 14.0
    parts: list[str] = []
    x = 0.0
    for i in range(state.matches):
        if i and i % 4 == 0:
            x += bundle
        parts.append(element("rect", 'fill="#c8a165"', x=x, y=2, width=stick, height=height - 4))
        head = 'rx="1" fill="#c2361b"'
        parts.append(element("rect", head, x=x - 0.2, y=0.5, width=stick + 0.4, height=2.6))
        x += gap
    number = str(state.matches)
    parts.append(text(x + 2, height - 3, number, 10, "#333333", "start"))
    return Glyph(f'<g class="glyph">{"".join(parts)}</g>', x + 2 + text_width(number, 10), height)


@position_rank.register
def _nim_rank(game: Nim, state: NimState) -> int:
    return game.n - state.matches
