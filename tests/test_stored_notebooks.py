"""The stored notebooks show their pictures where JupyterLab does not trust them yet.

``tools/execute_notebooks.py`` stores every output in a form an untrusted notebook shows
(see its docstring); these tests check the function that does it, and that every stored
notebook was stored by it.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import nbformat
import pytest

from gametheory.draw.svg import document
from tools.execute_notebooks import NO_PICTURE, WIDGET_VIEW, storable

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
SVG = str(document(120, 40, ['<circle cx="20" cy="20" r="10"/>']))


def _notebook(*outputs: dict[str, Any]) -> Any:
    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data) for data in outputs]
    notebook.cells = [cell]
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    return notebook


def test_a_widget_keeps_its_still_picture_and_loses_the_live_view_and_state() -> None:
    view = {"version_major": 2, "version_minor": 0, "model_id": "abc"}
    notebook = _notebook(
        {WIDGET_VIEW: view, "image/svg+xml": SVG, "text/plain": "PlayWidget: run it"},
        {WIDGET_VIEW: view, "text/plain": "VBox(children=(...))"},
    )
    storable(notebook)
    still, bare = notebook.cells[0].outputs
    assert "widgets" not in notebook.metadata
    assert set(still.data) == {"image/svg+xml", "image/png", "text/plain"}
    assert base64.b64decode(still.data["image/png"]).startswith(b"\x89PNG")
    assert still.metadata["image/png"] == {"width": 120, "height": 40}
    assert still.data["text/plain"] == "PlayWidget: run it"
    assert bare.data == {"text/plain": NO_PICTURE}


def test_an_svg_gets_a_png_twin_and_a_short_text() -> None:
    notebook = _notebook({"image/svg+xml": SVG, "text/plain": repr(SVG)})
    storable(notebook)
    data = notebook.cells[0].outputs[0].data
    assert data["text/plain"] == "<a picture, 120×40 px>" and "image/png" in data


def test_pictures_inside_html_become_images_of_the_same_svg() -> None:
    nested = SVG.replace("</svg>", f"{SVG}</svg>")  # a picture holding a picture: one image
    html = f"<div><b>a</b>{nested}<i>b</i>{SVG}</div>"
    notebook = _notebook({"text/html": html, "text/plain": "<HTML>"})
    storable(notebook)
    stored = notebook.cells[0].outputs[0].data["text/html"]
    assert "<svg" not in stored and stored.count("<img ") == 2
    assert stored.startswith("<div><b>a</b><img ") and "<i>b</i>" in stored
    sources = [part.split('"')[0] for part in stored.split("base64,")[1:]]
    assert [base64.b64decode(s).decode() for s in sources] == [nested, SVG]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stored_notebook_shows_its_pictures_untrusted(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in notebook["metadata"], "stale widget state is stored"
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            assert WIDGET_VIEW not in data, "a live widget view is stored"
            assert "image/svg+xml" not in data or "image/png" in data, "an SVG without a PNG"
            assert "<svg" not in "".join(data.get("text/html", "")), "an SVG inside HTML"
            assert not text.lstrip("'\"").startswith("<svg"), "an SVG shown as its source"
            assert not text.startswith(("VBox(", "HBox(", "interactive(")), "a bare widget"
