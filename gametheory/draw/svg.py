"""The :class:`Svg` value every drawing function returns."""

from __future__ import annotations

import html
import os
import re
import textwrap
from collections.abc import Callable, Iterable
from html import escape

__all__ = [
    "FONT",
    "MAX_WIDTH",
    "Svg",
    "alternative",
    "caption_block",
    "caption_lines",
    "document",
    "element",
    "esc",
    "text",
    "text_width",
]

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
"""The font every picture asks for (DejaVu Sans ships with most systems and matplotlib)."""

MAX_WIDTH = 900.0
"""The widest a picture is shown, in pixels: a notebook column at 100 % zoom. A picture
drawn wider is scaled down to this width as a whole (see :func:`document`)."""

# Advance widths of DejaVu Sans in ems, rounded up and grouped: what a text needs to fit.
# Helvetica and Arial, the fallbacks, are narrower, so the estimate is safe for them too.
_ADVANCE: dict[str, float] = {}
for _chars, _em in (
    ("ijlIJ',.:;|/\\· ", 0.35),
    ("ftr()[]!-", 0.41),
    ('sczo?"*_`–', 0.56),
    ("0123456789abdeghknpquvxyLFPTYESβ$", 0.65),
    ("KαAVBRXZCUHNDGOQ&", 0.8),
    ("−+<=>≤≥×→←∞#^~", 0.85),
    ("mwMW%@…—", 1.0),
):
    _ADVANCE.update(dict.fromkeys(_chars, _em))


class Svg(str):
    """An SVG document: a ``str`` that Jupyter shows as a picture.

    >>> picture = Svg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    >>> picture.startswith("<svg")
    True
    """

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the picture to ``path`` (``.svg``; ``.png`` needs the optional cairosvg)."""
        target = os.fspath(path)
        if target.lower().endswith(".png"):
            try:
                import cairosvg
            except ImportError as error:  # pragma: no cover - depends on the environment
                raise ImportError(
                    f"saving {target!r} as PNG needs cairosvg: pip install cairosvg, "
                    "or save as .svg instead"
                ) from error
            cairosvg.svg2png(bytestring=self.encode(), write_to=target)
            return
        with open(target, "w", encoding="utf-8") as file:
            file.write(self)


def esc(text: object) -> str:
    """Escape text for use inside SVG elements and attributes.

    >>> esc("α < β")
    'α &lt; β'
    """
    return escape(str(text), quote=True)


def text(
    x: float,
    y: float,
    content: object,
    size: float,
    colour: str,
    anchor: str = "middle",
    bold: bool = False,
) -> str:
    """One ``<text>`` element, escaped.

    >>> text(10, 20, "α ≤ 3", 12, "#333333")
    '<text x="10.0" y="20.0" font-size="12.0" fill="#333333" text-anchor="middle">α ≤ 3</text>'
    """
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" fill="{colour}" '
        f'text-anchor="{anchor}"{weight}>{esc(content)}</text>'
    )


def element(tag: str, attrs: str = "", **geometry: float) -> str:
    """One empty SVG element: its ``geometry`` in pixels to a tenth, then ``attrs`` as given.

    A keyword's underscores become hyphens (``stroke_width``), so any attribute that takes
    a number can be passed as one.

    >>> element("rect", 'fill="#fff"', x=1, y=2.25, width=10, height=4)
    '<rect x="1.0" y="2.2" width="10.0" height="4.0" fill="#fff"/>'
    """
    parts = [f'{k.replace("_", "-")}="{v:.1f}"' for k, v in geometry.items()]
    return f"<{tag} {' '.join([*parts, attrs] if attrs else parts)}/>"


def caption_lines(
    caption: bool | str, default: Callable[[], list[str]], narration: str = ""
) -> list[str]:
    """What a picture's caption says: your own text (a string), the picture's own
    (``True``: ``default()``) or nothing (``False``); then the step's ``narration``, if any.

    >>> caption_lines(True, lambda: ["step 3 of 9"], "B is done.")
    ['step 3 of 9', 'B is done.']
    >>> caption_lines("my tree", lambda: ["step 3 of 9"]), caption_lines(False, list)
    (['my tree'], [])
    """
    lines = [caption] if isinstance(caption, str) else default() if caption else []
    return [*lines, narration] if narration else lines


def caption_block(
    lines: Iterable[str], width: float, top: float, size: float, *, lead: float | None = None
) -> tuple[list[str], float]:
    """The caption under a picture: ``lines`` wrapped to ``width``, starting at ``top``.

    Returns the SVG (a group with the id ``caption``, nothing when there are no lines) and
    where the picture now ends. ``size`` is the font size of the picture's small print; the
    caption is set a size larger. Each line takes a line of room below ``top``; the first
    line's baseline stands ``lead`` below ``top`` (by default at the foot of its room).

    >>> parts, bottom = caption_block(["a short line"], 300, 100, 10)
    >>> parts[0], bottom
    ('<g id="caption">', 122)
    """
    per_line = max(20, int((width - 16) / ((size + 1) * 0.62)))
    wrapped = [part for line in lines for part in textwrap.wrap(line, per_line)]
    if not wrapped:
        return [], top
    step = size + 6
    first = top + (size + 4 if lead is None else lead)
    words = [
        text(8, first + i * step, w, size + 1, "#333333", "start") for i, w in enumerate(wrapped)
    ]
    return ['<g id="caption">', *words, "</g>"], top + len(wrapped) * step + 6


def text_width(content: object, size: float, *, bold: bool = False) -> float:
    """How wide ``content`` is at font ``size``, in pixels, rounded up (DejaVu Sans).

    Letters missing from the table count as wide as an ``m``.

    >>> text_width("−0.0584", 10) > text_width("0.058", 10)
    True
    """
    em = sum(_ADVANCE.get(ch, 0.62 if ch.islower() else 1.0) for ch in str(content))
    return em * size * (1.12 if bold else 1.0)


_WORDS = re.compile(r"<text\b[^>]*>([^<]*)</text>")
_CAPTION = re.compile(r'<g id="caption">(.*?)</g>', re.S)


def alternative(body: Iterable[str]) -> tuple[str, str]:
    """A picture's text alternative from its own words: ``(title, desc)``.

    The title is the caption's first line, or else the picture's longest text (such as a
    board's "A to move"); the description is the rest of the caption, or else says how
    many labels the picture has (it does not repeat them: a screen reader reads the title,
    and the words stay the picture's own).

    >>> alternative(['<text x="1" y="2">4</text>', '<text x="1" y="9">A to move</text>'])
    ('A picture: A to move', 'A picture drawn by gametheory, with 2 labels.')
    >>> words = caption_block(["alphabeta · step 3", "B is done."], 300, 100, 10)[0]
    >>> alternative(['<text x="1" y="2">3</text>', *words])
    ('alphabeta · step 3', 'B is done.')
    """
    source = "\n".join(body)
    caption = _CAPTION.search(source)
    if caption:
        lines = [html.unescape(w) for w in _WORDS.findall(caption.group(1))]
        if lines:
            return lines[0], " ".join(lines[1:]) or "A picture drawn by gametheory."
    words = [w for w in (html.unescape(w).strip() for w in _WORDS.findall(source)) if w]
    if not words:
        return "A picture", "A picture drawn by gametheory, without words."
    return f"A picture: {max(words, key=len)}", (
        f"A picture drawn by gametheory, with {len(words)} labels."
    )


def document(
    width: float,
    height: float,
    body: Iterable[str],
    *,
    defs: str = "",
    max_width: float | None = MAX_WIDTH,
    title: str = "",
    desc: str = "",
) -> Svg:
    """A whole picture: the ``<svg>`` header, its text alternative, a white background,
    then ``body``.

    A picture drawn wider than ``max_width`` keeps its drawing (the ``viewBox``) but asks
    to be shown ``max_width`` pixels wide, so it is scaled down as a whole rather than
    cut or scrolled; ``max_width=None`` shows it at its own size.

    Every picture is an image to a screen reader (``role="img"``) with a ``<title>`` and
    a ``<desc>`` saying what it shows: ``title`` and ``desc`` when given; otherwise taken
    from the picture's caption or its words (see :func:`alternative`).

    >>> document(20, 10, ['<circle cx="5" cy="5" r="4"/>']).count("<rect")
    1
    >>> document(1800, 100, []).split(">")[0]
    '<svg xmlns="http://www.w3.org/2000/svg" role="img" width="900" height="50" viewBox="0 0 1800 100" font-family="DejaVu Sans, Helvetica, Arial, sans-serif"'
    >>> print(document(20, 10, [], title="A tree", desc="minimax, value 3").splitlines()[1])
    <title>A tree</title><desc>minimax, value 3</desc>
    """
    w, h = f"{width:.0f}", f"{height:.0f}"
    shown_w, shown_h = w, h
    if max_width is not None and width > max_width:
        shown_w, shown_h = f"{max_width:.0f}", f"{height * max_width / width:.0f}"
    body = list(body)
    default_title, default_desc = alternative(body)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{shown_w}" '
        f'height="{shown_h}" viewBox="0 0 {w} {h}" font-family="{FONT}">',
        f"<title>{esc(title or default_title)}</title><desc>{esc(desc or default_desc)}</desc>",
    ]
    if defs:
        head.append(f"<defs>{defs}</defs>")
    head.append(f'<rect width="{w}" height="{h}" fill="#ffffff"/>')
    return Svg("\n".join([*head, *body, "</svg>"]))
