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

from dataclasses import dataclass
from functools import singledispatch
from typing import Any

from gametheory.core import MoveNotation, player_name
from gametheory.draw.svg import Svg, document, esc, text, text_width
from gametheory.games.dice import DiceRace, DiceRaceState
from gametheory.games.nim import Nim, NimState
from gametheory.games.tictactoe import EMPTY, TicTacToe, TicTacToeState

__all__ = ["Glyph", "board_glyph", "draw_board", "move_label", "move_origin", "position_rank"]

_X_INK = "#1c5fa8"
_O_INK = "#c2361b"
_HIGHLIGHT = "#ffe9a8"


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
    if state is None:
        state = game.initial_state()
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
    if state is None:
        state = game.initial_state()
    n = game.size
    pad = 10.0
    side = n * cell
    status_h = 26.0
    body: list[str] = []
    winner = game.winner(state)
    winning: set[int] = set()
    if winner is not None:
        for line in game.lines:
            if all(state.board[i] == winner for i in line):
                winning.update(line)
    for i, mark in enumerate(state.board):
        r, c = divmod(i, n)
        x, y = pad + c * cell, pad + r * cell
        if i == last_move or i in winning:
            fill = "#cfe8cf" if i in winning else _HIGHLIGHT
            body.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell:.1f}" height="{cell:.1f}" fill="{fill}"/>'
            )
        cx, cy, k = x + cell / 2, y + cell / 2, cell * 0.3
        if mark == 0:
            body.append(
                f'<g class="mark-x" stroke="{_X_INK}" stroke-width="{cell * 0.09:.1f}" '
                f'stroke-linecap="round">'
                f'<line x1="{cx - k:.1f}" y1="{cy - k:.1f}" x2="{cx + k:.1f}" y2="{cy + k:.1f}"/>'
                f'<line x1="{cx - k:.1f}" y1="{cy + k:.1f}" x2="{cx + k:.1f}" y2="{cy - k:.1f}"/>'
                "</g>"
            )
        elif mark == 1:
            body.append(
                f'<circle class="mark-o" cx="{cx:.1f}" cy="{cy:.1f}" r="{k:.1f}" fill="none" '
                f'stroke="{_O_INK}" stroke-width="{cell * 0.09:.1f}"/>'
            )
        elif mark == EMPTY:
            body.append(
                f'<text x="{cx:.1f}" y="{cy + cell * 0.08:.1f}" font-size="{cell * 0.22:.1f}" '
                f'fill="#b0b0b0" text-anchor="middle">{i}</text>'
            )
    for k in range(1, n):  # the grid, drawn over the highlights
        at = pad + k * cell
        body.append(
            f'<line x1="{at:.1f}" y1="{pad:.1f}" x2="{at:.1f}" y2="{pad + side:.1f}" '
            'stroke="#333333" stroke-width="2"/>'
        )
        body.append(
            f'<line x1="{pad:.1f}" y1="{at:.1f}" x2="{pad + side:.1f}" y2="{at:.1f}" '
            'stroke="#333333" stroke-width="2"/>'
        )
    if game.is_terminal(state):
        status = "draw" if winner is None else f"{'XO'[winner]} ({player_name(winner)}) wins"
    else:
        who = state.to_move
        status = f"{'XO'[who]} ({player_name(who)}) to move"
    body.append(
        f'<text x="{pad + side / 2:.1f}" y="{pad + side + 19:.1f}" font-size="13" '
        f'fill="#333333" text-anchor="middle">{esc(status)}</text>'
    )
    return document(side + 2 * pad, side + 2 * pad + status_h, body)


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
    if state is None:
        state = game.initial_state()
    total = max(game.n, state.matches)
    just_taken = last_move if isinstance(last_move, int) and not isinstance(last_move, bool) else 0
    gap, stick = 18.0, 46.0
    rows = max(1, -(-total // per_row))
    across = min(total, per_row) if total else 1
    width = max(across * gap + 24, 240.0)
    body: list[str] = []
    for i in range(total):
        r, c = divmod(i, per_row)
        x, y = 16 + c * gap, 14 + r * (stick + 16)
        if i < state.matches:
            wood, head, opacity = "#c8a165", "#c2361b", "1"
        elif i < state.matches + just_taken:
            wood, head, opacity = "#f0b37a", "#e8590c", "0.8"
        else:
            wood, head, opacity = "#c8a165", "#c2361b", "0.18"
        body.append(
            f'<g class="match" opacity="{opacity}">'
            f'<line x1="{x:.1f}" y1="{y + 7:.1f}" x2="{x:.1f}" y2="{y + stick:.1f}" '
            f'stroke="{wood}" stroke-width="4" stroke-linecap="round"/>'
            f'<ellipse cx="{x:.1f}" cy="{y + 5:.1f}" rx="3.6" ry="5" fill="{head}"/></g>'
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
    y_text = 14 + rows * (stick + 16) + 6
    body.append(f'<text x="12" y="{y_text:.1f}" font-size="13" fill="#333333">{esc(status)}</text>')
    return document(max(width, len(status) * 7.6 + 24), y_text + 12, body)


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
    if state is None:
        state = game.initial_state()
    left, top = 14.0, 30.0
    body: list[str] = []
    for k in range(game.goal + 1):
        x = left + k * square
        fill = "#ffe8a3" if k == game.goal else "#f4f4f4"
        body.append(
            f'<rect x="{x:.1f}" y="{top:.1f}" width="{square - 2:.1f}" height="{square - 2:.1f}" '
            f'fill="{fill}" stroke="#999999"/>'
        )
        body.append(text(x + square / 2 - 1, top + square / 2 + 3, k, 10, "#777777"))
    for player, dy, ink in ((0, -12.0, _X_INK), (1, square + 10, _O_INK)):
        spot = min(state.positions[player], game.goal)
        cx = left + spot * square + square / 2 - 1
        body.append(f'<circle cx="{cx:.1f}" cy="{top + dy:.1f}" r="8" fill="{ink}"/>')
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
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{k:.1f}" fill="none" '
                f'stroke="{_O_INK}" stroke-width="1.3"/>'
            )
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
        parts.append(
            f'<rect x="{x:.1f}" y="2" width="{stick:g}" height="{height - 4:g}" fill="#c8a165"/>'
            f'<rect x="{x - 0.2:.1f}" y="0.5" width="{stick + 0.4:g}" height="2.6" rx="1" '
            'fill="#c2361b"/>'
        )
        x += gap
    number = str(state.matches)
    parts.append(text(x + 2, height - 3, number, 10, "#333333", "start"))
    return Glyph(f'<g class="glyph">{"".join(parts)}</g>', x + 2 + text_width(number, 10), height)


@position_rank.register
def _nim_rank(game: Nim, state: NimState) -> int:
    return game.n - state.matches
