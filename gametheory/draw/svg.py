"""The :class:`Svg` value every drawing function returns."""

from __future__ import annotations

import os
from html import escape

__all__ = ["Svg", "esc"]


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
