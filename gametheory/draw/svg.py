"""The :class:`Svg` value every drawing function returns."""

from __future__ import annotations

import os
from collections.abc import Iterable
from html import escape

__all__ = ["FONT", "Svg", "document", "esc", "text"]

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
"""The font every picture asks for (DejaVu Sans ships with most systems and matplotlib)."""


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


def document(width: float, height: float, body: Iterable[str], *, defs: str = "") -> Svg:
    """A whole picture: the ``<svg>`` header, a white background, then ``body``.

    >>> document(20, 10, ['<circle cx="5" cy="5" r="4"/>']).count("<rect")
    1
    """
    w, h = f"{width:.0f}", f"{height:.0f}"
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{FONT}">'
    ]
    if defs:
        head.append(f"<defs>{defs}</defs>")
    head.append(f'<rect width="{w}" height="{h}" fill="#ffffff"/>')
    return Svg("\n".join([*head, *body, "</svg>"]))
