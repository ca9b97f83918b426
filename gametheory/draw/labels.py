"""Where the words of a picture go: edge labels placed where nothing else is.

A picture first reserves what must stay where it is (nodes with their names and rings,
values, windows) with :meth:`Placer.block`, and the lines of its edges with
:meth:`Placer.line`. Then each edge label is placed in turn: :meth:`Placer.place` tries
spots along the edge, beside it and at each corner, and takes the one that covers no
reserved box and no placed label, crosses the fewest lines, and stays nearest the spot the
picture prefers (where every spot is crowded with edges, nearest the favourite spot). A
placed label is reserved in its turn, so no two labels collide.

>>> placer = Placer()
>>> placer.block(Box(40, 40, 60, 60))        # a node where the edge ends
>>> x, y, anchor = placer.place([(50, 0), (50, 50)], "a1", 10)
>>> anchor, y < 40                            # beside the edge, above the node
('start', True)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from gametheory.draw.svg import text_width

__all__ = ["Box", "Placer", "text_box"]

K = TypeVar("K", bound=Hashable)
Point: TypeAlias = tuple[float, float]
Segment: TypeAlias = tuple[Point, Point]

ASCENT, DESCENT = 0.78, 0.24
"""How far a line of text reaches above and below its baseline, in ems (DejaVu Sans)."""


@dataclass(frozen=True)
class Box:
    """A rectangle ``x0 ≤ x ≤ x1``, ``y0 ≤ y ≤ y1`` (y grows downwards)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def grown(self, by: float) -> Box:
        """The box with ``by`` pixels more on every side."""
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def overlaps(self, other: Box) -> bool:
        """True when the two boxes share some area."""
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def distance(self, a: tuple[float, float], b: tuple[float, float]) -> float:
        """How far the segment from ``a`` to ``b`` passes from the box (0 if through it)."""
        if self.crosses(a, b):
            return 0.0
        corners = [(x, y) for x in (self.x0, self.x1) for y in (self.y0, self.y1)]
        nearest = [  # the points of the box nearest to the two ends
            (min(max(x, self.x0), self.x1), min(max(y, self.y0), self.y1)) for x, y in (a, b)
        ]
        to_ends = [math.dist(end, near) for end, near in zip((a, b), nearest, strict=True)]
        return min([_to_segment(c, a, b) for c in corners] + to_ends)

    def crosses(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """True when the segment from ``a`` to ``b`` passes through the box (Liang–Barsky)."""
        (x, y), dx, dy = a, b[0] - a[0], b[1] - a[1]
        low, high = 0.0, 1.0
        for p, q in ((-dx, x - self.x0), (dx, self.x1 - x), (-dy, y - self.y0), (dy, self.y1 - y)):
            if p == 0:
                if q < 0:
                    return False
                continue
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
            if low > high:
                return False
        return True


def text_box(x: float, y: float, content: str, size: float, anchor: str, bold: bool = False) -> Box:
    """The box a ``<text>`` at ``(x, y)`` (its baseline) covers, estimated from the font.

    >>> text_box(100, 50, "ab", 10, "end").x1
    100.0
    """
    w = text_width(content, size, bold=bold)
    left = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
    return Box(left, y - ASCENT * size, left + w, y + DESCENT * size)


class Placer:
    """Reserved boxes and lines, and the labels placed among them so far.

    Both are filed in a grid of square cells, so a candidate spot is checked only against
    what lies near it: placing every label of a tree of hundreds of nodes stays quick.
    """

    CELL = 16.0
    CROWDED = 10.0
    """Edges crossing a spot or near it, weighed as in :meth:`place`, beyond which more
    make it no worse: the spot is crowded."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []
        self.lines: list[Segment] = []
        self._box_cells: dict[tuple[int, int], list[int]] = {}
        self._line_cells: dict[tuple[int, int], list[int]] = {}

    def _cells(self, box: Box) -> Iterator[tuple[int, int]]:
        c = self.CELL
        for i in range(math.floor(box.x0 / c), math.floor(box.x1 / c) + 1):
            for j in range(math.floor(box.y0 / c), math.floor(box.y1 / c) + 1):
                yield i, j

    def block(self, box: Box) -> None:
        """Reserve ``box``: no label may cover it."""
        self.boxes.append(box)
        for cell in self._cells(box):
            self._box_cells.setdefault(cell, []).append(len(self.boxes) - 1)

    def line(self, points: Sequence[Point]) -> None:
        """An edge drawn through ``points``: labels avoid crossing it where they can."""
        for a, b in zip(points, points[1:], strict=False):
            self.lines.append((a, b))
            for cell in self._segment_cells(a, b):
                self._line_cells.setdefault(cell, []).append(len(self.lines) - 1)

    def _segment_cells(self, a: Point, b: Point) -> Iterator[tuple[int, int]]:
        """The cells the segment from ``a`` to ``b`` passes through, column by column.

        Only those: a long slanting edge (the root's to its hundredth child) is not filed in
        every cell of the rectangle around it, or each label would be checked against
        nearly every edge of a wide fan.
        """
        (ax, ay), (bx, by) = sorted((a, b))
        c = self.CELL
        for i in range(math.floor(ax / c), math.floor(bx / c) + 1):
            if ax == bx:
                y0, y1 = ay, by
            else:  # where the segment enters and leaves column i
                x0, x1 = max(ax, i * c), min(bx, (i + 1) * c)
                y0 = ay + (by - ay) * (x0 - ax) / (bx - ax)
                y1 = ay + (by - ay) * (x1 - ax) / (bx - ax)
            yield from self._cells(Box(i * c, min(y0, y1), i * c, max(y0, y1)))

    def _near(self, box: Box) -> tuple[list[Box], Iterator[Segment]]:
        """The reserved boxes, and (one by one) the lines, filed in the cells ``box`` touches."""
        boxes: set[int] = set()
        for cell in self._cells(box):
            boxes.update(self._box_cells.get(cell, ()))
        # the cells at the middle of the box first: their lines are the likeliest to count
        cx, cy, c = (box.x0 + box.x1) / 2 / self.CELL, (box.y0 + box.y1) / 2 / self.CELL, 0.5
        cells = sorted(self._cells(box), key=lambda ij: abs(ij[0] + c - cx) + abs(ij[1] + c - cy))
        return [self.boxes[k] for k in boxes], self._lines_in(cells)

    def _lines_in(self, cells: list[tuple[int, int]]) -> Iterator[Segment]:
        seen: set[int] = set()
        for cell in cells:
            for k in self._line_cells.get(cell, ()):
                if k not in seen:
                    seen.add(k)
                    yield self.lines[k]

    def place(
        self,
        route: Sequence[Point],
        content: str,
        size: float,
        *,
        prefer: float = 0.55,
        span: tuple[float, float] = (0.2, 0.85),
    ) -> tuple[float, float, str]:
        """Place ``content`` along the polyline ``route``: ``(x, baseline y, anchor)``.

        ``prefer`` is the favourite spot as a fraction of the route's length, ``span`` the
        stretch of the route allowed. The label is reserved, so later labels avoid it.
        """
        own = list(zip(route, route[1:], strict=False))
        length = sum(math.dist(a, b) for a, b in own) or 1.0
        lo, hi = span
        spots = {min(hi, max(lo, prefer + k * 0.05)) for k in range(-14, 15)}
        fractions = sorted(spots, key=lambda f: abs(f - prefer))
        gap = 3.0
        best: tuple[float, tuple[float, float, str], Box] | None = None
        for f in fractions:
            if best is not None and (best[0] < 0.35 or best[0] <= 3.0 * abs(f - prefer)):
                break  # clear and near the favourite spot, or no farther spot can do better
            px, py = _along(route, f * length)
            middle = py + (ASCENT - DESCENT) / 2 * size  # the baseline that centres the text
            for x, y, anchor in (
                (px + gap, middle, "start"),
                (px - gap, middle, "end"),
                (px + gap, py - DESCENT * size - gap, "start"),
                (px - gap, py - DESCENT * size - gap, "end"),
                (px + gap, py + ASCENT * size + gap, "start"),
                (px - gap, py + ASCENT * size + gap, "end"),
            ):
                box = text_box(x, y, content, size, anchor)
                bound = math.inf if best is None else best[0]
                away = 3.0 * abs(f - prefer) + (0.1 if anchor == "end" else 0.0)
                cost = self._cost(box, away, own, bound)
                if cost < bound:
                    best = (cost, (x, y, anchor), box)
        assert best is not None
        self.block(best[2].grown(1.0))
        return best[1]

    def _cost(self, box: Box, base: float, own: list[Segment], bound: float) -> float:
        """What a label at ``box`` costs: ``base`` (how far from the favourite spot), 1000 for
        each reserved box it covers, and for the edges around it 1 for each it crosses and
        0.6 for each other edge as near to it as its own (it may be read as that edge's
        label), at most :attr:`CROWDED` in all.

        The edges are counted only until the cost reaches ``bound`` (the best spot so far:
        this one cannot win) or :attr:`CROWDED`, so in a wide fan of edges a label is not
        checked against every edge of the fan.
        """
        mine = min(box.distance(a, b) for a, b in own)
        boxes, lines = self._near(box.grown(mine + 4))
        covered = sum(box.overlaps(other) for other in boxes)
        crossed = near = 0
        cost = base + 1000.0 * covered
        for a, b in lines:
            if cost >= bound or crossed + 0.6 * near >= self.CROWDED:
                break
            crossed += box.crosses(a, b)
            near += (a, b) not in own and box.distance(a, b) < mine + 4
            cost = base + 1000.0 * covered + crossed + 0.6 * near
        if crossed + 0.6 * near >= self.CROWDED:
            return base + 1000.0 * covered + self.CROWDED
        return cost

    def place_all(
        self,
        routes: Mapping[K, Sequence[Point]],
        texts: Mapping[K, str],
        size: float,
        *,
        prefer: float = 0.55,
        span: tuple[float, float] = (0.2, 0.85),
    ) -> dict[K, tuple[float, float, str]]:
        """Reserve every edge's line, then place the label of each edge that has one.

        ``routes`` are the edges' polylines and ``texts`` their labels, by the same keys;
        the labels are placed in the order of ``texts`` (see :meth:`place`).

        >>> placer = Placer()
        >>> spots = placer.place_all({"a": [(0, 0), (0, 60)], "b": [(40, 0), (40, 60)]}, {"a": "x"}, 10)
        >>> list(spots)
        ['a']
        """
        for route in routes.values():
            self.line(route)
        return {
            key: self.place(routes[key], text, size, prefer=prefer, span=span)
            for key, text in texts.items()
            if text
        }


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from ``p`` to the segment from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length if length else 0.0
    t = max(0.0, min(1.0, t))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _along(route: Sequence[tuple[float, float]], distance: float) -> tuple[float, float]:
    """The point ``distance`` pixels along the polyline ``route``."""
    for a, b in zip(route, route[1:], strict=False):
        step = math.dist(a, b)
        if distance <= step or b == route[-1]:
            t = 0.0 if step == 0 else min(1.0, distance / step)
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        distance -= step
    return route[-1]
