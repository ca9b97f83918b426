"""The checkers board as SVG: dark squares, men as discs, kings with a crown.

:func:`draw_checkers` is registered with :func:`~gametheory.draw.boards.draw_board` for
:class:`~gametheory.games.checkers.Checkers`, so ``draw_board(game, state)`` draws it.

>>> from gametheory.games.checkers import Checkers
>>> game = Checkers()
>>> picture = draw_checkers(game)
>>> picture.count('class="man"'), picture.count('class="king"')
(16, 0)
"""

from __future__ import annotations

from typing import Any

from gametheory.draw.boards import draw_board, move_origin
from gametheory.draw.svg import Svg, document, esc
from gametheory.games.checkers import FILES, Checkers, CheckersState, square_name

__all__ = ["draw_checkers"]

_LIGHT = "#f3e3c3"
_DARK = "#9c6b43"
_LAST = "#d9b44a"
_INK = {1: ("#fbf7ee", "#8a7f6a"), -1: ("#2a2522", "#000000")}  # fill, rim


def draw_checkers(
    game: Checkers | None = None,
    state: CheckersState | None = None,
    *,
    last_move: tuple[int, ...] | None = None,
    square: float = 46.0,
    coordinates: bool = True,
    flipped: bool = False,
    **options: Any,
) -> Svg:
    """Draw a checkers position (the start when ``state`` is None).

    Parameters
    ----------
    game, state
        The game (default rules when None) and the position.
    last_move
        A move (tuple of squares) to show: its squares tinted, its path drawn as a line.
    square
        The side of one square in pixels.
    coordinates
        Write the files a–h and ranks 1–8 around the board.
    flipped
        Draw from Black's side (h8 bottom left).

    Returns
    -------
    Svg

    Examples
    --------
    >>> from gametheory.games.checkers import Checkers
    >>> game = Checkers()
    >>> s = game.from_fen("W:WKc3:Bd4")
    >>> draw_checkers(game, s, last_move=(18, 36)).count('class="king"')
    1
    """
    if game is None:
        game = Checkers()
    if state is None:
        state = game.initial_state()
    margin = square * 0.5 if coordinates else 4.0
    side = 8 * square
    status_h = 28.0

    def corner(sq: int) -> tuple[float, float]:
        row, col = divmod(sq, 8)
        if flipped:
            row, col = 7 - row, 7 - col
        return margin + col * square, margin + (7 - row) * square

    body: list[str] = []
    path = set(last_move or ())
    for sq in range(64):
        x, y = corner(sq)
        dark = (sq // 8 + sq % 8) % 2 == 0
        fill = _LAST if sq in path else (_DARK if dark else _LIGHT)
        body.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{square:.1f}" height="{square:.1f}" fill="{fill}"/>'
        )
    body.append(
        f'<rect x="{margin:.1f}" y="{margin:.1f}" width="{side:.1f}" height="{side:.1f}" '
        'fill="none" stroke="#4a3020" stroke-width="2"/>'
    )
    if coordinates:
        for i in range(8):
            col = 7 - i if flipped else i
            row = i if flipped else 7 - i
            body.append(
                f'<text x="{margin + (i + 0.5) * square:.1f}" y="{margin + side + square * 0.36:.1f}" '
                f'font-size="{square * 0.28:.1f}" fill="#444" text-anchor="middle">{FILES[col]}</text>'
            )
            body.append(
                f'<text x="{margin * 0.5:.1f}" y="{margin + (i + 0.62) * square:.1f}" '
                f'font-size="{square * 0.28:.1f}" fill="#444" text-anchor="middle">{row + 1}</text>'
            )
    for sq, piece in enumerate(state.board):
        if piece:
            body.extend(_piece(piece, *corner(sq), square))
    if last_move and len(last_move) > 1:
        points = " ".join(
            f"{corner(sq)[0] + square / 2:.1f},{corner(sq)[1] + square / 2:.1f}" for sq in last_move
        )
        body.append(
            f'<polyline points="{points}" fill="none" stroke="#c2361b" stroke-width="{square * 0.07:.1f}" '
            'stroke-linecap="round" stroke-linejoin="round" opacity="0.75"/>'
        )
    status = game.text(state).splitlines()[-1]
    body.append(
        f'<text x="{margin + side / 2:.1f}" y="{2 * margin + side + 16:.1f}" font-size="14" '
        f'fill="#333" text-anchor="middle">{esc(status)}</text>'
    )
    width, height = side + 2 * margin, side + 2 * margin + status_h
    return document(width, height, body)


def _piece(piece: int, x: float, y: float, square: float) -> list[str]:
    fill, rim = _INK[1 if piece > 0 else -1]
    cx, cy, r = x + square / 2, y + square / 2, square * 0.38
    kind = "king" if abs(piece) == 2 else "man"
    parts = [
        f'<g class="{kind}">',
        f'<circle cx="{cx:.1f}" cy="{cy + square * 0.04:.1f}" r="{r:.1f}" fill="{rim}"/>',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="{rim}" stroke-width="1.5"/>',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.68:.1f}" fill="none" stroke="{rim}" '
        'stroke-width="1" opacity="0.6"/>',
    ]
    if kind == "king":  # a small crown
        w, h = r * 0.9, r * 0.55
        left, base, top = cx - w / 2, cy + h / 2, cy - h / 2
        crown = [
            (left, base),
            (left, top),
            (left + w * 0.25, cy),
            (cx, top - h * 0.15),
            (left + w * 0.75, cy),
            (left + w, top),
            (left + w, base),
        ]
        pts = " ".join(f"{px:.1f},{py:.1f}" for px, py in crown)
        parts.append(f'<polygon points="{pts}" fill="#d4a017" stroke="#7a5a00" stroke-width="1"/>')
    parts.append("</g>")
    return parts


@draw_board.register
def _draw_board_checkers(
    game: Checkers,
    state: CheckersState | None = None,
    *,
    last_move: Any = None,
    **options: Any,
) -> Svg:
    return draw_checkers(game, state, last_move=last_move, **options)


@move_origin.register
def _checkers_move_origin(game: Checkers, move: Any) -> str:
    return square_name(move[0])
