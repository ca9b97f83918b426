"""Run every notebook top to bottom and store it with its outputs, readable anywhere.

Each notebook is a pair (see ``notebooks/jupytext.toml``): the percent-format ``.py`` source
and the executed ``.ipynb``. Edit either one, in JupyterLab (Jupytext keeps the pair in
sync on save) or the ``.py`` in any editor, then run::

    .venv/bin/python tools/execute_notebooks.py 07

which first brings the ``.ipynb`` up to date with the newer of the two files (``jupytext
--sync``), then executes it and stores it with its outputs. With no argument every notebook
is done. The notebooks are stored executed so that they can be read with their pictures
where no kernel runs (on GitHub, in nbviewer, offline, in JupyterLab before *Run all*).

How the outputs are stored
--------------------------
A notebook fresh from the repository is *untrusted* in JupyterLab (its signature is not in
the reader's database), and JupyterLab 4 then renders only the output forms it calls safe:
PNG, plain text, Markdown, and HTML after sanitizing, which removes ``<svg>`` elements. An
``image/svg+xml`` output would show as its raw text, an HTML output with inline pictures as
stray labels, and a widget as ``VBox(children=…)``. So :func:`storable` gives every output a
form that shows untrusted:

* an ``image/svg+xml`` picture gets an ``image/png`` twin of the same size (trusted
  JupyterLab still prefers the SVG), and its plain text, which is the SVG source, is
  replaced by a short description;
* an SVG inside HTML becomes an ``<img>`` of the same SVG as a ``data:`` URL, which the
  sanitizer keeps and which shows exactly the same picture;
* a widget output keeps only its still picture (the package's widgets offer one: their
  first frame) — the live widget view is dropped with the widget state, which belongs to
  the kernel that ran the notebook and would make a reopened notebook say "Error displaying
  widget: model not found". Running the cell brings the live widget back.
"""

from __future__ import annotations

import base64
import os
import re
import sys
from pathlib import Path
from typing import Any

import jupytext
import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(
    os.environ.get("GAMETHEORY_NOTEBOOKS") or Path(__file__).resolve().parent.parent / "notebooks"
)
"""The lessons: the repository's, or a copy (tools/check_wheel.sh checks the installed ones)."""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "widgets"  # the notebook metadata key of the stored widget state
NO_PICTURE = "(an interactive widget: run this cell to use it)"
_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)(px|pt)?"[^>]*?\sheight="([\d.]+)(px|pt)?"')


def sync(path: Path) -> None:
    """Bring the pair up to date from whichever of ``.py`` and ``.ipynb`` is newer."""
    from jupytext.cli import jupytext as jupytext_cli

    jupytext_cli(["--sync", "--quiet", str(path)])


def svg_size(svg: str) -> tuple[float, float]:
    """The ``width`` and ``height`` of an SVG document's outer element, in pixels (a size in
    points, as matplotlib writes it, is converted: 72 points to the inch, 96 pixels)."""
    found = _SIZE.search(svg)
    if found is None:
        raise ValueError(f"an SVG output without width and height: {svg[:80]!r}…")
    width, width_unit, height, height_unit = found.groups()
    to_px = {"pt": 96 / 72}
    return float(width) * to_px.get(width_unit, 1), float(height) * to_px.get(height_unit, 1)


def png_of(svg: str) -> str:
    """The SVG drawn as a PNG of the same size, base64-encoded as notebooks store it."""
    import cairosvg

    png: bytes = cairosvg.svg2png(bytestring=svg.encode(), scale=1)
    return base64.b64encode(png).decode("ascii")


def svg_elements(html: str) -> list[tuple[int, int]]:
    """The (start, end) of every outermost ``<svg>…</svg>`` element in ``html``."""
    spans, depth, start = [], 0, 0
    for tag in re.finditer(r"<svg\b|</svg\s*>", html):
        if tag.group().startswith("<svg"):
            if depth == 0:
                start = tag.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                spans.append((start, tag.end()))
    return spans


def as_image(svg: str) -> str:
    """An ``<img>`` showing ``svg``: the form of a picture that sanitized HTML keeps."""
    width, height = svg_size(svg)
    data = base64.b64encode(svg.encode()).decode("ascii")
    return (
        f'<img src="data:image/svg+xml;base64,{data}" width="{width:g}" height="{height:g}" '
        'style="max-width:100%;height:auto" alt="a picture">'
    )


def storable(notebook: Any) -> None:
    """Rewrite ``notebook``'s outputs into forms an untrusted notebook shows (see above)."""
    notebook.metadata.pop(WIDGET_STATE, None)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data is None:
                continue
            if WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                if set(data) <= {"text/plain"}:
                    data["text/plain"] = NO_PICTURE
            svg = data.get("image/svg+xml")
            if svg is not None:
                width, height = svg_size(svg)
                if "image/png" not in data:
                    data["image/png"] = png_of(svg)
                    output.setdefault("metadata", {})["image/png"] = {
                        "width": round(width),
                        "height": round(height),
                    }
                if str(data.get("text/plain", "")).lstrip("'\"").startswith("<svg"):
                    data["text/plain"] = f"<a picture, {width:g}×{height:g} px>"
            html = data.get("text/html")
            if html is not None and "<svg" in html:
                pieces, at = [], 0
                for start, end in svg_elements(html):
                    pieces += [html[at:start], as_image(html[start:end])]
                    at = end
                data["text/html"] = "".join([*pieces, html[at:]])


def run(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Execute ``notebook`` in memory, in the notebooks folder as JupyterLab would, and
    return it with its outputs in the form they are stored. Nothing is written, so
    ``tools/check_notebooks.py`` compares what this returns with the stored notebook.

    The kernel runs with ``PYTHONHASHSEED=0``: Python otherwise salts the hashes of strings
    afresh in every process, so the order of a set of names (and whatever is built from
    one, such as the edges a graph algorithm meets first) would change from run to run.

    Raises ``nbclient.exceptions.CellExecutionError`` at the first cell that fails."""
    NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        record_timing=False,  # no per-cell timestamps: a re-run changes only what changed
        store_widget_state=False,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    ).execute(env={**os.environ, "PYTHONHASHSEED": "0"})
    storable(notebook)
    return notebook


def execute(path: Path) -> None:
    """Sync the pair, execute it and store it with its outputs."""
    sync(path)
    notebook = run(nbformat.read(path, as_version=4))
    nbformat.write(notebook, path)
    jupytext.write(notebook, path.with_suffix(".py"), fmt="py:percent")


def main(prefixes: list[str]) -> None:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if not prefixes or any(path.name.startswith(p) for p in prefixes):
            print(f"executing {path.name}", flush=True)
            execute(path)


if __name__ == "__main__":
    main(sys.argv[1:])
