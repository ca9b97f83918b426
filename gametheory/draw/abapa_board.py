"""The Abapa board as an SVG picture, in the thesis' orientation.

Houses 7–12 run along the top from right to left, 1–6 along the bottom from left to
right; B's store is on the left, A's on the right. Each house shows its count and, in small
print, its number. The house just played is ringed in blue; captured houses are shaded; the
store of the player to move is outlined in cream (blue means only the house just played).

>>> from gametheory.games.abapa import Abapa
>>> game = Abapa()
>>> picture = board_svg(game.result(game.initial_state(), 3), last_move=3)
>>> picture.count('class="house'), 'class="house last"' in picture
(12, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gametheory.core import A, B, player_name
from gametheory.draw.boards import draw_board
from gametheory.draw.svg import Svg, document, esc
from gametheory.games.abapa import Abapa, AbapaState

__all__ = ["board_svg"]

_WOOD = "#c89b5e"
_PIT = "#7a5230"
_SEED = "#fff7e6"
_LAST = "#1c5fa8"
_CAPTURED = "#e8a33d"


def board_svg(
    state: AbapaState,
    *,
    last_move: int | None = None,
    captured: Iterable[int] = (),
    house: float = 56,
    caption: str | None = None,
) -> Svg:
    """Draw an Abapa position.

    Parameters
    ----------
    state
        The position (any board size: the number of houses is read from it).
    last_move
        The house just played, ringed in blue.
    captured
        Houses captured by the last move, shaded orange (their counts are 0 by now).
    house
        The diameter of a house in pixels.
    caption
        The text under the board; by default whose turn it is and the stores.

    Returns
    -------
    Svg

    Examples
    --------
    >>> from gametheory.games.abapa import Abapa
    >>> svg = board_svg(Abapa().initial_state(), caption="the opening")
    >>> "the opening" in svg and svg.startswith("<svg")
    True
    """
    n = len(state.houses) // 2
    taken = set(captured)
    gap = house * 0.18
    store_w = house * 0.9
    margin = house * 0.25
    label = house * 0.3
    width = 2 * margin + 2 * (store_w + gap) + n * house + (n - 1) * gap
    board_h = 2 * house + 3 * gap
    top = margin + label
    height = top + board_h + label + house * 0.55
    x0 = margin + store_w + gap  # left edge of the first column of houses
    total = sum(state.houses) + sum(state.stores)
    over = 2 * max(state.stores) > total or not any(state.houses)
    body = [
        f'<rect x="{margin:.1f}" y="{top:.1f}" width="{width - 2 * margin:.1f}" '
        f'height="{board_h:.1f}" rx="{house * 0.35:.1f}" fill="{_WOOD}"/>'
    ]

    def pit(number: int, column: int, row: int) -> None:
        cx = x0 + column * (house + gap) + house / 2
        cy = top + gap + row * (house + gap) + house / 2
        classes = "house" + (" last" if number == last_move else "")
        classes += " captured" if number in taken else ""
        fill = _CAPTURED if number in taken else _PIT
        ring = f' stroke="{_LAST}" stroke-width="{house * 0.09:.1f}"' if number == last_move else ""
        count = state.houses[number - 1]
        body.append(
            f'<g class="{classes}"><title>house {number}: {count} seeds</title>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{house * 0.44:.1f}" fill="{fill}"{ring}/>'
            f'<text x="{cx:.1f}" y="{cy + house * 0.13:.1f}" font-size="{house * 0.38:.1f}" '
            f'text-anchor="middle" fill="{_SEED}" font-weight="bold">{count}</text></g>'
        )
        ly = top - label * 0.3 if row == 0 else top + board_h + label * 0.85
        body.append(
            f'<text x="{cx:.1f}" y="{ly:.1f}" font-size="{label * 0.8:.1f}" '
            f'text-anchor="middle" fill="#555555">{number}</text>'
        )

    for column in range(n):
        pit(2 * n - column, column, 0)  # B's row: 2n … n+1 from left to right
        pit(column + 1, column, 1)  # A's row: 1 … n from left to right

    def store(player: int, x: float) -> None:
        y = top + gap
        h = board_h - 2 * gap
        mover = state.to_move == player and not over
        body.append(
            f'<g class="store {player_name(player)}"><rect x="{x:.1f}" y="{y:.1f}" '
            f'width="{store_w:.1f}" height="{h:.1f}" rx="{store_w * 0.45:.1f}" fill="{_PIT}"'
            + (f' stroke="{_SEED}" stroke-width="{house * 0.05:.1f}"' if mover else "")
            + "/>"
            f'<text x="{x + store_w / 2:.1f}" y="{y + h / 2 + house * 0.13:.1f}" '
            f'font-size="{house * 0.38:.1f}" text-anchor="middle" fill="{_SEED}" '
            f'font-weight="bold">{state.stores[player]}</text>'
            f'<text x="{x + store_w / 2:.1f}" y="{y + h - house * 0.12:.1f}" '
            f'font-size="{label * 0.8:.1f}" text-anchor="middle" fill="{_SEED}">'
            f"{player_name(player)}</text></g>"
        )

    store(B, margin + gap / 2)
    store(A, width - margin - gap / 2 - store_w)
    if caption is None:
        turn = "game over" if over else f"{player_name(state.to_move)} to move"
        caption = f"{turn} · stores A {state.stores[A]}, B {state.stores[B]}"
    body.append(
        f'<text x="{width / 2:.1f}" y="{height - house * 0.18:.1f}" font-size="{label:.1f}" '
        f'text-anchor="middle" fill="#222222">{esc(caption)}</text>'
    )
    return document(width, height, body)


@draw_board.register
def _draw_abapa(
    game: Abapa,
    state: Any = None,
    *,
    last_move: Any = None,
    previous: AbapaState | None = None,
    captured: Iterable[int] = (),
    **options: Any,
) -> Svg:
    """``draw_board(game, state, last_move=3, previous=before)`` shades the captured houses."""
    if state is None:
        state = game.initial_state()
    if previous is not None and last_move is not None:
        captured = game.explain(previous, last_move).captured
    known = {k: v for k, v in options.items() if k in ("house", "caption")}
    return board_svg(state, last_move=last_move, captured=captured, **known)
