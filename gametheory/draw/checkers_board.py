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

from gametheory.draw.boards import draw_board, listed, move_origin
from gametheory.draw.svg import Svg, document, element, text
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
    game = Checkers() if game is None else game
    state = game.initial_state() if state is None else state
    margin = square * 0.5 if coordinates else 4.0
    side = 8 * square

    def corner(sq: int) -> tuple[float, float]:
        row, col = divmod(sq, 8)
        if flipped:
            row, col = 7 - row, 7 - col
        return margin + col * square, margin + (7 - row) * square

    path = set(last_move or ())
    body = []
    for sq in range(64):
        dark = (sq // 8 + sq % 8) % 2 == 0
        fill = _LAST if sq in path else (_DARK if dark else _LIGHT)
        x, y = corner(sq)
        body.append(element("rect", f'fill="{fill}"', x=x, y=y, width=square, height=square))
    rim = 'fill="none" stroke="#4a3020" stroke-width="2"'
    body.append(element("rect", rim, x=margin, y=margin, width=side, height=side))
    for i in range(8 if coordinates else 0):
        col, row = (7 - i, i) if flipped else (i, 7 - i)
        size, at = square * 0.28, margin + (i + 0.5) * square
        body.append(text(at, margin + side + square * 0.36, FILES[col], size, "#444"))
        body.append(text(margin * 0.5, margin + (i + 0.62) * square, row + 1, size, "#444"))
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
    body.append(text(margin + side / 2, 2 * margin + side + 16, status, 14, "#333"))
    desc = _position_words(game, state, status, last_move)
    title = f"Checkers board: {status}"
    return document(side + 2 * margin, side + 2 * margin + 28.0, body, title=title, desc=desc)


def _position_words(
    game: Checkers, state: CheckersState, status: str, last_move: tuple[int, ...] | None
) -> str:
    """The position for a screen reader: each side's men and kings by square, whose turn,
    the last move, and the whole position as the FEN that :meth:`Checkers.from_fen` reads.

    >>> game = Checkers()
    >>> print(_position_words(game, game.from_fen("B:WKc3,e1:Bd4"), "Black (B) to move", None))
    White men e1, kings c3; Black men d4, kings none; Black (B) to move; FEN B:We1,Kc3:Bd4:Q0.
    """
    sides = []
    for colour, sign in (("White", 1), ("Black", -1)):
        men, kings = (
            listed(square_name(sq) for sq, p in enumerate(state.board) if p == sign * kind)
            for kind in (1, 2)
        )
        sides.append(f"{colour} men {men}, kings {kings}")
    words = f"{'; '.join(sides)}; {status}"
    if last_move:
        words += f"; last move {game.move_label(last_move)}"
    return f"{words}; FEN {game.fen(state)}."


draw_board.register(Checkers, draw_checkers)  # draw_board(game, state) draws it


def _piece(piece: int, x: float, y: float, square: float) -> list[str]:
    fill, rim = _INK[1 if piece > 0 else -1]
    cx, cy, r = x + square / 2, y + square / 2, square * 0.38
    kind = "king" if abs(piece) == 2 else "man"
    inner = f'fill="none" stroke="{rim}" stroke-width="1" opacity="0.6"'
    parts = [
        f'<g class="{kind}">',
        element("circle", f'fill="{rim}"', cx=cx, cy=cy + square * 0.04, r=r),
        element("circle", f'fill="{fill}" stroke="{rim}" stroke-width="1.5"', cx=cx, cy=cy, r=r),
        element("circle", inner, cx=cx, cy=cy, r=r * 0.68),
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


@move_origin.register
def _checkers_move_origin(game: Checkers, move: Any) -> str:
    return square_name(move[0])
