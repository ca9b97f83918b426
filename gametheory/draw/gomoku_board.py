"""The Gomoku board as SVG: stones on the intersections of a wooden grid.

:func:`draw_gomoku` is registered with :func:`~gametheory.draw.boards.draw_board` for
:class:`~gametheory.games.gomoku.Gomoku`, so ``draw_board(game, state)`` draws it.

>>> from gametheory.games.gomoku import Gomoku
>>> game = Gomoku()
>>> state = game.result(game.initial_state(), (7, 7))
>>> picture = draw_gomoku(game, state, last_move=(7, 7))
>>> picture.count('class="stone black"'), picture.count('class="last"')
(1, 1)
"""

from __future__ import annotations

from typing import Any

from gametheory.draw.boards import draw_board
from gametheory.draw.svg import Svg, document, esc
from gametheory.games.gomoku import EMPTY, Cell, Gomoku, GomokuState

__all__ = ["draw_gomoku", "winning_cells"]

_WOOD = "#e3b96b"
_GRID = "#5b4326"


def winning_cells(game: Gomoku, state: GomokuState) -> set[Cell]:
    """The cells of the winner's line(s); empty while nobody has won.

    >>> from gametheory.games.gomoku import Gomoku
    >>> game = Gomoku(size=5, k=3)
    >>> sorted(winning_cells(game, game.state("XXX../OO.../...../...../.....")))
    [(0, 0), (0, 1), (0, 2)]
    """
    if state.winner is None:
        return set()
    n, cells = game.size, set()
    for w in game.windows:
        if all(state.board[i] == state.winner for i in w):
            line = {divmod(i, n) for i in w}
            if game.exact:  # only runs of exactly k; a window inside an overline does not win
                r0, c0 = divmod(w[0], n)
                r1, c1 = divmod(w[1], n)
                dr, dc = r1 - r0, c1 - c0
                before, after = (r0 - dr, c0 - dc), divmod(w[-1], n)
                after = (after[0] + dr, after[1] + dc)
                if any(
                    0 <= r < n and 0 <= c < n and state.board[r * n + c] == state.winner
                    for r, c in (before, after)
                ):
                    continue
            cells |= line
    return cells


def draw_gomoku(
    game: Gomoku | None = None,
    state: GomokuState | None = None,
    *,
    last_move: Cell | None = None,
    cell: float = 28.0,
    coordinates: bool = True,
    **options: Any,
) -> Svg:
    """Draw a Gomoku position (the empty board when ``state`` is None).

    Black (X, player A) and white (O, player B) stones sit on the grid's intersections;
    the last move has a red dot and a winning line a red outline.

    Parameters
    ----------
    game, state
        The game (15×15, five in a row when None) and the position.
    last_move
        The cell ``(row, col)`` just played.
    cell
        The distance between grid lines in pixels.
    coordinates
        Write the column letters and row numbers.

    Returns
    -------
    Svg

    Examples
    --------
    >>> from gametheory.games.gomoku import Gomoku
    >>> draw_gomoku(Gomoku(size=9)).count("<line")
    18
    """
    if game is None:
        game = Gomoku()
    if state is None:
        state = game.initial_state()
    n = game.size
    margin = cell * (1.3 if coordinates else 0.8)
    side = (n - 1) * cell
    status_h = 28.0

    def centre(r: int, c: int) -> tuple[float, float]:
        return margin + c * cell, margin + r * cell

    width, height = side + 2 * margin, side + 2 * margin + status_h
    body = [
        f'<rect x="{margin - cell * 0.6:.1f}" y="{margin - cell * 0.6:.1f}" '
        f'width="{side + cell * 1.2:.1f}" height="{side + cell * 1.2:.1f}" rx="4" fill="{_WOOD}"/>'
    ]
    for i in range(n):
        at = margin + i * cell
        body.append(
            f'<line x1="{margin:.1f}" y1="{at:.1f}" x2="{margin + side:.1f}" y2="{at:.1f}" '
            f'stroke="{_GRID}" stroke-width="1"/>'
        )
        body.append(
            f'<line x1="{at:.1f}" y1="{margin:.1f}" x2="{at:.1f}" y2="{margin + side:.1f}" '
            f'stroke="{_GRID}" stroke-width="1"/>'
        )
    if n >= 9:  # the star points: centre and the points three in from the corners
        k = 3 if n >= 13 else 2
        for r, c in {
            (n // 2, n // 2),
            (k, k),
            (k, n - 1 - k),
            (n - 1 - k, k),
            (n - 1 - k, n - 1 - k),
        }:
            x, y = centre(r, c)
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.1:.1f}" fill="{_GRID}"/>')
    if coordinates:
        letters = "abcdefghijklmnopqrstuvwxyz"
        for i in range(n):
            x, y = centre(i, i)
            body.append(
                f'<text x="{x:.1f}" y="{margin + side + cell * 1.05:.1f}" font-size="{cell * 0.42:.1f}" '
                f'fill="#444" text-anchor="middle">{letters[i]}</text>'
            )
            body.append(
                f'<text x="{margin - cell * 0.9:.1f}" y="{y + cell * 0.15:.1f}" font-size="{cell * 0.42:.1f}" '
                f'fill="#444" text-anchor="end">{n - i}</text>'
            )
    winning = winning_cells(game, state)
    for i, v in enumerate(state.board):
        if v == EMPTY:
            continue
        r, c = divmod(i, n)
        x, y = centre(r, c)
        colour = "black" if v == 0 else "white"
        fill, rim = ("#1d1d1d", "#000000") if v == 0 else ("#fafafa", "#777777")
        body.append(
            f'<circle class="stone {colour}" cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.44:.1f}" '
            f'fill="{fill}" stroke="{rim}" stroke-width="1"/>'
        )
        if (r, c) in winning:
            body.append(
                f'<circle class="win" cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.48:.1f}" fill="none" '
                f'stroke="#d62828" stroke-width="{cell * 0.09:.1f}"/>'
            )
    if last_move is not None:
        x, y = centre(*last_move)
        body.append(
            f'<circle class="last" cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.13:.1f}" fill="#d62828"/>'
        )
    status = game.text(state).splitlines()[-1]
    if last_move is not None:
        status += f" (last move {game.notation(last_move)})"
    body.append(
        f'<text x="{width / 2:.1f}" y="{height - 9:.1f}" font-size="14" fill="#333" '
        f'text-anchor="middle">{esc(status)}</text>'
    )
    return document(width, height, body)


@draw_board.register
def _draw_board_gomoku(
    game: Gomoku,
    state: GomokuState | None = None,
    *,
    last_move: Any = None,
    **options: Any,
) -> Svg:
    return draw_gomoku(game, state, last_move=last_move, **options)
