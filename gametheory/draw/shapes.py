"""The shapes of nodes, one home for every picture of a tree or a graph of positions.

The textbook's conventions, by the role of a node:

========================  ==========================================================
``MAX``, ``OR``           a square: the player the picture is about chooses here
``MIN``, ``AND``          a circle (stretched to a pill when it must hold a long value)
``chance``                a diamond
``leaf``, ``end``         a card with rounded corners: the game is over
========================  ==========================================================

The node a step is about wears a *ring*: its outline again, :data:`RING` pixels outside it.
Names and other words keep :data:`CLEAR` pixels from the outline, so a ring never hides
them; :func:`name_spot` says where a node's name goes.

>>> outline("MIN", 50, 40, 14, 14, 'class="node MIN"')
'<circle cx="50.0" cy="40.0" r="14.0" class="node MIN"/>'
>>> ring("MAX", 50, 40, 14, 14, "#e8590c").startswith('<rect x="31.0" y="21.0"')
True
"""

from __future__ import annotations

from dataclasses import dataclass

from gametheory.draw.labels import Box
from gametheory.draw.svg import element, text

__all__ = ["CLEAR", "RING", "Style", "name_spot", "outline", "ring", "tag"]

RING = 5.0
"""The current node's ring stands this far outside the node's outline."""
CLEAR = RING + 3.5
"""Names and windows keep this far from the outline, so the ring never hides them."""


@dataclass(frozen=True)
class Style:
    """Sizes of a picture of a tree, in pixels; each picture picks one to suit the tree's width."""

    unit: float = 46.0  # distance between neighbouring nodes on a row
    level: float = 72.0  # distance between rows
    radius: float = 14.0  # half the width of a node's shape
    font: float = 12.0
    small: float = 10.0


_FORM = {
    "MAX": "square",
    "OR": "square",
    "MIN": "round",
    "AND": "round",
    "chance": "diamond",
    "leaf": "card",
    "end": "card",
}


def outline(
    role: str, x: float, y: float, hw: float, hh: float, attrs: str, corner: float = 4.2
) -> str:
    """The outline of a node of ``role`` centred at ``(x, y)``, ``2 hw`` wide, ``2 hh`` high.

    ``attrs`` (class, fill, stroke, …) are written as given; ``corner`` rounds a card.
    """
    form = _FORM[role]
    if form == "round" and hw == hh:
        return element("circle", attrs, cx=x, cy=y, r=hw)
    if form == "diamond":
        points = (
            f"{x:.1f},{y - hh:.1f} {x + hw:.1f},{y:.1f} {x:.1f},{y + hh:.1f} {x - hw:.1f},{y:.1f}"
        )
        return f'<polygon points="{points}" {attrs}/>'
    box = {"x": x - hw, "y": y - hh, "width": 2 * hw, "height": 2 * hh}
    if form == "square":
        return element("rect", attrs, **box)
    return element("rect", attrs, **box, rx=hh if form == "round" else corner)


def ring(
    role: str, x: float, y: float, hw: float, hh: float, colour: str, opacity: float = 0.85
) -> str:
    """The ring round the node the step is about: its outline, :data:`RING` pixels out."""
    look = f'class="ring" fill="none" stroke="{colour}" stroke-width="3" opacity="{opacity:g}"'
    form = _FORM[role]
    if form == "diamond" or (form == "round" and hw == hh):
        return element("circle", look, cx=x, cy=y, r=hw + RING)
    w, h = hw + RING, hh + RING  # half the ring's width and height
    corner = h if form == "round" else 4 + RING * 0.6
    return element("rect", look, x=x - w, y=y - h, width=2 * w, height=2 * h, rx=corner)


def name_spot(
    role: str, x: float, y: float, hw: float, hh: float, size: float
) -> tuple[float, float, str]:
    """Where a node's name stands, clear of its ring: left of it, or under a finished game.

    Returns ``(x, baseline y, text-anchor)`` for a name set at font ``size``.

    >>> name_spot("MAX", 100, 50, 14, 14, 10)
    (77.5, 53.5, 'end')
    """
    if _FORM[role] == "card":
        return x, y + hh + RING + 2 + size * 0.8, "middle"
    return x - hw - CLEAR, y + size * 0.35, "end"


def tag(
    box: Box, words: str, size: float, *, centred: bool = False, emphasis: str | None = None
) -> list[str]:
    """A small note in a light frame by a node: an ``[α, β]`` window, a UCB1 score.

    ``emphasis`` draws the frame thicker and the words bold, in that colour (the score of
    the move chosen).

    >>> frame, words = tag(Box(10, 10, 60, 24), "[3, +∞]", 10)
    >>> words
    '<text x="13.0" y="20.5" font-size="10.0" fill="#6b4e00" text-anchor="start">[3, +∞]</text>'
    """
    stroke, width, ink = (
        ("#c9a227", 0.8, "#6b4e00") if emphasis is None else (emphasis, 1.6, emphasis)
    )
    look = f'rx="2" fill="#fff8dc" stroke="{stroke}" stroke-width="{width:g}"'
    frame = element("rect", look, x=box.x0, y=box.y0, width=box.x1 - box.x0, height=box.y1 - box.y0)
    x, anchor = ((box.x0 + box.x1) / 2, "middle") if centred else (box.x0 + 3, "start")
    return [frame, text(x, box.y1 - 3.5, words, size, ink, anchor, bold=emphasis is not None)]
