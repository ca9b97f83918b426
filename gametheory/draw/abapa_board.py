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
from gametheory.draw.boards import draw_board, listed
from gametheory.draw.svg import Svg, document, element, text
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
    gap, store_w, margin, label = house * 0.18, house * 0.9, house * 0.25, house * 0.3
    width = 2 * margin + 2 * (store_w + gap) + n * house + (n - 1) * gap
    board_h = 2 * house + 3 * gap
    top = margin + label
    height = top + board_h + label + house * 0.55
    x0 = margin + store_w + gap  # left edge of the first column of houses
    total = sum(state.houses) + sum(state.stores)
    over = 2 * max(state.stores) > total or not any(state.houses)
    wood = f'rx="{house * 0.35:.1f}" fill="{_WOOD}"'
    body = [element("rect", wood, x=margin, y=top, width=width - 2 * margin, height=board_h)]

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
            + element("circle", f'fill="{fill}"{ring}', cx=cx, cy=cy, r=house * 0.44)
            + text(cx, cy + house * 0.13, count, house * 0.38, _SEED, bold=True)
            + "</g>"
        )
        ly = top - label * 0.3 if row == 0 else top + board_h + label * 0.85
        body.append(text(cx, ly, number, label * 0.8, "#555555"))

    for column in range(n):
        pit(2 * n - column, column, 0)  # B's row: 2n … n+1 from left to right
        pit(column + 1, column, 1)  # A's row: 1 … n from left to right

    def store(player: int, x: float) -> None:
        y, h = top + gap, board_h - 2 * gap
        mover = state.to_move == player and not over
        outlined = f' stroke="{_SEED}" stroke-width="{house * 0.05:.1f}"' if mover else ""
        look = f'rx="{store_w * 0.45:.1f}" fill="{_PIT}"{outlined}'
        cx, seeds = x + store_w / 2, state.stores[player]
        body.append(
            f'<g class="store {player_name(player)}">'
            + element("rect", look, x=x, y=y, width=store_w, height=h)
            + text(cx, y + h / 2 + house * 0.13, seeds, house * 0.38, _SEED, bold=True)
            + text(cx, y + h - house * 0.12, player_name(player), label * 0.8, _SEED)
            + "</g>"
        )

    store(B, margin + gap / 2)
    store(A, width - margin - gap / 2 - store_w)
    if caption is None:
        turn = "game over" if over else f"{player_name(state.to_move)} to move"
        caption = f"{turn} · stores A {state.stores[A]}, B {state.stores[B]}"
    body.append(text(width / 2, height - house * 0.18, caption, label, "#222222"))
    title, desc = f"Abapa board: {caption}", _position_words(state, over, last_move, taken)
    return document(width, height, body, title=title, desc=desc)


def _position_words(state: AbapaState, over: bool, last_move: int | None, taken: set[int]) -> str:
    """The position in words for a screen reader: each row's houses by number, the stores,
    whose move (or the end), the house just played and the houses captured.

    >>> from gametheory.games.abapa import Abapa
    >>> print(_position_words(Abapa().initial_state(), False, None, set()))
    Houses 1–6 (A's row): 4 4 4 4 4 4; houses 7–12 (B's row): 4 4 4 4 4 4; stores A 0, B 0; A to move.
    """
    n = len(state.houses) // 2
    rows = [
        f"{'h' if p else 'H'}ouses {p * n + 1}–{(p + 1) * n} ({player_name(p)}'s row): "
        + " ".join(str(c) for c in state.houses[p * n : (p + 1) * n])
        for p in (A, B)
    ]
    mover = player_name(state.to_move)
    turn = f"game over (it was {mover}'s turn)" if over else f"{mover} to move"
    words = f"{'; '.join(rows)}; stores A {state.stores[A]}, B {state.stores[B]}; {turn}"
    if last_move is not None:
        words += f"; house {last_move} just played"
    if taken:
        words += f"; captured: houses {listed(sorted(taken))}"
    return words + "."


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
    state = game.initial_state() if state is None else state
    if previous is not None and last_move is not None:
        captured = game.explain(previous, last_move).captured
    known = {k: v for k, v in options.items() if k in ("house", "caption")}
    return board_svg(state, last_move=last_move, captured=captured, **known)
