"""Measure SVG pictures as a reader sees them: where their words are, and how wide they are.

Every ``<text>`` element becomes a box: its width and height come from the real glyph
advances of DejaVu Sans (the font every picture asks for first; matplotlib ships it), its
place from ``x``, ``y``, ``text-anchor`` and the ``translate`` of the groups around it. Two
boxes that share more than a sliver of area are words printed over each other.

The measurements are independent of the drawing code: the pictures estimate text widths
their own way (by character classes), this module with the font itself, so a picture that
underestimates its words is caught.
"""

from __future__ import annotations

import base64
import functools
import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath

MAX_WIDTH = 900.0
"""No picture may be wider than this many pixels (a notebook column at 100 % zoom)."""

SLIVER = 0.75
"""Boxes may touch or overlap by less than this many pixels in either direction."""

_SVG = "{http://www.w3.org/2000/svg}"
_ROTATE = re.compile(r"rotate\(\s*([-\d.e]+)(?:[\s,]+([-\d.e]+)[\s,]+([-\d.e]+))?\s*\)")
_TRANSLATE = re.compile(r"translate\(\s*([-\d.e]+)(?:[\s,]+([-\d.e]+))?\s*\)")
_ENGINE = TextToPath()


@dataclass(frozen=True)
class Box:
    """The ink box of one text, in picture coordinates (y grows downwards)."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    def overlap(self, other: Box) -> tuple[float, float]:
        """How far the two boxes overlap horizontally and vertically (negative: a gap)."""
        return (
            min(self.x1, other.x1) - max(self.x0, other.x0),
            min(self.y1, other.y1) - max(self.y0, other.y0),
        )


@functools.lru_cache(maxsize=4096)
def _extent(text: str, size: float, mono: bool) -> tuple[float, float, float]:
    """Width, height above the baseline and depth below it, from DejaVu Sans's glyphs."""
    family = "DejaVu Sans Mono" if mono else "DejaVu Sans"
    props = FontProperties(family=family, size=size)
    width, height, descent = _ENGINE.get_text_width_height_descent(text, props, ismath=False)
    return width, height - descent, descent


def picture(*parts: str, width: float = 300, height: float = 100) -> str:
    """A bare SVG document holding ``parts``: a picture to measure in a test."""
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}">'
    return head + "".join(parts) + "</svg>"


def _moved(node: ET.Element, dx: float, dy: float) -> tuple[float, float]:
    """The offset of ``node``'s contents: a group's ``translate``, or a nested ``<svg>``'s
    ``x`` and ``y`` (a picture placed inside another, as a widget's still picture does)."""
    match = _TRANSLATE.search(node.get("transform", ""))
    if match:
        dx += float(match.group(1))
        dy += float(match.group(2) or 0.0)
    if node.tag == _SVG + "svg":
        dx += float(node.get("x", "0"))
        dy += float(node.get("y", "0"))
    return dx, dy


def text_boxes(svg: str) -> list[Box]:
    """Every non-empty text of an SVG document as a :class:`Box`."""
    root = ET.fromstring(svg)
    boxes: list[Box] = []

    def walk(
        node: ET.Element,
        dx: float,
        dy: float,
        inherited: dict[str, str],
        turns: tuple[tuple[float, float, float], ...] = (),
    ) -> None:
        attrs = {**inherited, **{k: v for k, v in node.attrib.items() if k in _INHERITED}}
        for declaration in node.get("style", "").split(";"):  # matplotlib styles its texts
            key, _, value = (part.strip() for part in declaration.partition(":"))
            if key in _INHERITED:
                attrs[key] = value
        dx, dy = _moved(node, dx, dy)
        turn = _ROTATE.search(node.get("transform", ""))
        if turn:  # a rotation about a point (an axis's label written upwards)
            angle, cx, cy = (float(v) if v else 0.0 for v in turn.groups())
            turns = ((angle, cx + dx, cy + dy), *turns)
        if node.tag == _SVG + "text":
            content = "".join(node.itertext())
            if content.strip():
                boxes.append(_turned(_box(node, content, dx, dy, attrs), turns))
            return
        for child in node:
            walk(child, dx, dy, attrs, turns)

    walk(root, 0.0, 0.0, {})
    return boxes


def _turned(box: Box, turns: tuple[tuple[float, float, float], ...]) -> Box:
    """The box around ``box`` turned by each rotation ``(degrees, cx, cy)``, innermost first."""
    for angle, cx, cy in turns:
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        corners = [
            (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
            for x in (box.x0, box.x1)
            for y in (box.y0, box.y1)
        ]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        box = Box(box.text, min(xs), min(ys), max(xs), max(ys))
    return box


_INHERITED = ("font-size", "text-anchor", "font-family", "font-weight")


def _box(node: ET.Element, content: str, dx: float, dy: float, attrs: dict[str, str]) -> Box:
    size = float(attrs.get("font-size", "16").removesuffix("px"))
    mono = "mono" in attrs.get("font-family", "").lower()
    if node.get("xml:space") != "preserve":
        content = " ".join(content.split())
    width, above, below = _extent(content, size, mono)
    if attrs.get("font-weight") == "bold":
        width *= 1.1  # DejaVu Sans Bold is about a tenth wider
    x = float(node.get("x", "0")) + dx
    y = float(node.get("y", "0")) + dy
    anchor = attrs.get("text-anchor", "start")
    left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
    return Box(content, left, y - above, left + width, y + below)


@dataclass(frozen=True)
class Shape:
    """A node's outline (class ``node``) or the ring around the current node (class ``ring``)."""

    kind: str  # "node" or "ring"
    box: Box  # the bounding box of the outline (for a ring: of the middle of its stroke)
    round: bool  # a circle (else a rectangle, possibly with rounded corners, or a diamond)
    stroke: float


def shapes(svg: str) -> list[Shape]:
    """The nodes' outlines and the current node's ring, in picture coordinates."""
    found: list[Shape] = []

    def walk(node: ET.Element, dx: float, dy: float) -> None:
        dx, dy = _moved(node, dx, dy)
        classes = (node.get("class") or "").split()
        kind = "ring" if "ring" in classes else "node" if "node" in classes else ""
        if kind:
            stroke = float(node.get("stroke-width", "1"))
            tag = node.tag.removeprefix(_SVG)
            if tag == "circle":
                cx, cy, r = (float(node.get(k, "0")) for k in ("cx", "cy", "r"))
                box = Box(kind, cx - r + dx, cy - r + dy, cx + r + dx, cy + r + dy)
                found.append(Shape(kind, box, True, stroke))
            elif tag == "rect":
                x, y, w, h = (float(node.get(k, "0")) for k in ("x", "y", "width", "height"))
                found.append(
                    Shape(kind, Box(kind, x + dx, y + dy, x + w + dx, y + h + dy), False, stroke)
                )
            elif tag == "polygon":
                xs = [float(v) for v in re.split(r"[ ,]+", node.get("points", "").strip())]
                px, py = xs[0::2], xs[1::2]
                box = Box(kind, min(px) + dx, min(py) + dy, max(px) + dx, max(py) + dy)
                found.append(Shape(kind, box, False, stroke))
        for child in node:
            walk(child, dx, dy)

    walk(ET.fromstring(svg), 0.0, 0.0)
    return found


def _inside(inner: Box, outer: Box, slack: float = SLIVER) -> bool:
    return (
        inner.x0 >= outer.x0 - slack
        and inner.x1 <= outer.x1 + slack
        and inner.y0 >= outer.y0 - slack
        and inner.y1 <= outer.y1 + slack
    )


def _apart(a: Box, b: Box) -> bool:
    across, down = a.overlap(b)
    return across <= SLIVER or down <= SLIVER


def hidden(boxes: list[Box], outlines: list[Shape]) -> list[tuple[Box, Shape]]:
    """Texts that a node's outline or the ring cuts through.

    A text may sit inside a node (its value) or outside it, but not across its outline; no
    text may touch the ring's stroke.
    """
    found = []
    for shape in outlines:
        pad = shape.stroke / 2 if shape.kind == "ring" else 0.0
        outer = Box(
            "", shape.box.x0 - pad, shape.box.y0 - pad, shape.box.x1 + pad, shape.box.y1 + pad
        )
        inner = Box(
            "", shape.box.x0 + pad, shape.box.y0 + pad, shape.box.x1 - pad, shape.box.y1 - pad
        )
        for box in boxes:
            if _apart(box, outer):
                continue
            if shape.round:  # a circle: the text's farthest corner must stay inside it
                r = (inner.x1 - inner.x0) / 2
                cx, cy = (inner.x0 + inner.x1) / 2, (inner.y0 + inner.y1) / 2
                far = max(
                    ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
                    for x in (box.x0, box.x1)
                    for y in (box.y0, box.y1)
                )
                if far <= r + SLIVER or _round_apart(box, cx, cy, r + 2 * pad):
                    continue
            elif _inside(box, inner):
                continue
            found.append((box, shape))
    return found


def _round_apart(box: Box, cx: float, cy: float, r: float) -> bool:
    """True when the box stays outside the circle."""
    nx, ny = min(max(cx, box.x0), box.x1), min(max(cy, box.y0), box.y1)
    return ((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5 >= r - SLIVER


def overlapping(boxes: list[Box]) -> list[tuple[Box, Box]]:
    """The pairs of boxes that overlap by more than :data:`SLIVER` both ways."""
    pairs = []
    ordered = sorted(boxes, key=lambda b: b.x0)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.x0 >= a.x1 - SLIVER:
                break
            across, down = a.overlap(b)
            if across > SLIVER and down > SLIVER:
                pairs.append((a, b))
    return pairs


def width(svg: str) -> float:
    """The width the picture asks for, in pixels."""
    root = ET.fromstring(svg)
    size = root.get("width", "0")
    if size.endswith("pt"):  # matplotlib's SVGs measure in points: 72 to the inch, CSS has 96 px
        return float(size.removesuffix("pt")) * 96 / 72
    return float(size.removesuffix("px"))


def notebook_pictures(path: Path) -> Iterator[tuple[str, str]]:
    """``(where, svg)`` for every SVG stored in a notebook's outputs.

    A picture output (``image/svg+xml``) is one picture; an HTML output may hold several
    (boards shown side by side), and each counts on its own.
    """
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/svg+xml" in data:
                yield f"{path.stem} cell {number}", _joined(data["image/svg+xml"])
            elif "text/html" in data:
                html = _joined(data["text/html"])
                # inline, or stored as <img> of a data: URL (the form untrusted notebooks show)
                inline = re.findall(r"<svg\b.*?</svg>", html, flags=re.S)
                images = [
                    base64.b64decode(encoded).decode("utf-8")
                    for encoded in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
                ]
                for k, svg in enumerate(inline + images):
                    yield f"{path.stem} cell {number} (html picture {k})", svg


def _joined(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Report:
    """What is wrong with one picture: overlapping words and an excess of width."""

    where: str
    width: float
    pairs: list[tuple[Box, Box]]
    cut: list[tuple[Box, Shape]]

    @property
    def too_wide(self) -> bool:
        return self.width > MAX_WIDTH

    @property
    def fits(self) -> bool:
        return not self.pairs and not self.cut and not self.too_wide

    def __str__(self) -> str:
        parts = [f"{self.where}: {self.width:.0f} px wide"]
        parts += [f"  {a.text!r} overlaps {b.text!r}" for a, b in self.pairs]
        parts += [f"  {a.text!r} is cut by a {s.kind} at {s.box}" for a, s in self.cut]
        return "\n".join(parts)


def measure(where: str, svg: str) -> Report:
    """Measure one picture."""
    boxes = text_boxes(svg)
    return Report(where, width(svg), overlapping(boxes), hidden(boxes, shapes(svg)))
