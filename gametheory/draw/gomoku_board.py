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

from gametheory.draw.boards import draw_board, listed
from gametheory.draw.svg import Svg, document, element, text
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
    game = Gomoku() if game is None else game
    state = game.initial_state() if state is None else state
    margin = cell * (1.3 if coordinates else 0.8)
    side = (game.size - 1) * cell
    body = _board(game.size, cell, margin, coordinates) + _stones(game, state, cell, margin)
    if last_move is not None:
        x, y = margin + last_move[1] * cell, margin + last_move[0] * cell
        body.append(element("circle", 'class="last" fill="#d62828"', cx=x, cy=y, r=cell * 0.13))
    status = game.text(state).splitlines()[-1]
    if last_move is not None:
        status += f" (last move {game.notation(last_move)})"
    width, height = side + 2 * margin, side + 2 * margin + 28.0
    body.append(text(width / 2, height - 9, status, 14, "#333"))
    title = f"Gomoku board, {game.size}×{game.size}: {status}"
    return document(width, height, body, title=title, desc=_position_words(game, state, status))


def _position_words(game: Gomoku, state: GomokuState, status: str) -> str:
    """The stones for a screen reader, by their cells in the moves' notation (``h8``), each
    colour in the order of the board's rows, and the status line.

    >>> game = Gomoku(size=9)
    >>> state = game.result(game.result(game.initial_state(), (4, 4)), (3, 4))
    >>> print(_position_words(game, state, "X (A) to move"))
    Black stones, X (A): e5; white stones, O (B): e6; X (A) to move.
    """
    stones = [
        listed(game.notation(divmod(i, game.size)) for i, v in enumerate(state.board) if v == p)
        for p in (0, 1)
    ]
    return f"Black stones, X (A): {stones[0]}; white stones, O (B): {stones[1]}; {status}."


draw_board.register(Gomoku, draw_gomoku)  # draw_board(game, state) draws it


def _board(n: int, cell: float, margin: float, coordinates: bool) -> list[str]:
    """The wooden board: its grid, the star points, and the letters and numbers round it."""
    side, edge = (n - 1) * cell, margin - cell * 0.6
    wood = f'rx="4" fill="{_WOOD}"'
    body = [
        element("rect", wood, x=edge, y=edge, width=side + cell * 1.2, height=side + cell * 1.2)
    ]
    ink = f'stroke="{_GRID}" stroke-width="1"'
    for i in range(n):
        at = margin + i * cell
        body.append(element("line", ink, x1=margin, y1=at, x2=margin + side, y2=at))
        body.append(element("line", ink, x1=at, y1=margin, x2=at, y2=margin + side))
    if n >= 9:  # the star points: centre and the points three in from the corners
        k, far = (3 if n >= 13 else 2), n - 1 - (3 if n >= 13 else 2)
        for r, c in sorted({(n // 2, n // 2), (k, k), (k, far), (far, k), (far, far)}):
            x, y = margin + c * cell, margin + r * cell
            body.append(element("circle", f'fill="{_GRID}"', cx=x, cy=y, r=cell * 0.1))
    for i in range(n if coordinates else 0):
        at, letter = margin + i * cell, "abcdefghijklmnopqrstuvwxyz"[i]
        body.append(text(at, margin + side + cell * 1.05, letter, cell * 0.42, "#444"))
        body.append(text(margin - cell * 0.9, at + cell * 0.15, n - i, cell * 0.42, "#444", "end"))
    return body


def _stones(game: Gomoku, state: GomokuState, cell: float, margin: float) -> list[str]:
    """The stones on the intersections, those of a winning line ringed in red."""
    winning, body = winning_cells(game, state), []
    for i, v in enumerate(state.board):
        if v == EMPTY:
            continue
        r, c = divmod(i, game.size)
        x, y = margin + c * cell, margin + r * cell
        colour, fill, rim = (
            ("black", "#1d1d1d", "#000000") if v == 0 else ("white", "#fafafa", "#777777")
        )
        look = f'class="stone {colour}" fill="{fill}" stroke="{rim}" stroke-width="1"'
        body.append(element("circle", look, cx=x, cy=y, r=cell * 0.44))
        if (r, c) in winning:
            look = f'class="win" fill="none" stroke="#d62828" stroke-width="{cell * 0.09:.1f}"'
            body.append(element("circle", look, cx=x, cy=y, r=cell * 0.48))
    return body
