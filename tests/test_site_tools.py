"""The course website's tools without building it: staging (``tools/build_site.py``) and
the link and offline check (``tools/check_site.py``), on small inputs made here.

``make site-check`` runs both on the real site, then opens every page in Chromium
(``tests/browser/test_site.py``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))

import build_site  # noqa: E402
import check_site  # noqa: E402

PNG = base64.b64encode(b"\x89PNG not really").decode()


def _output(plain: str, svg: str = "") -> dict[str, Any]:
    data = {"image/png": PNG, "text/plain": plain}
    if svg:
        data["image/svg+xml"] = svg
    return {"output_type": "display_data", "data": data, "metadata": {}}


def test_the_lessons_are_the_numbered_notebooks_in_order() -> None:
    names = [path.stem for path in build_site.lessons()]
    assert names == sorted(names) and names[0] == "00_start_here"
    assert all(name[:2].isdigit() for name in names)
    assert "08a_abapa_rules" in names and "08b_evaluation_functions" in names


def test_a_widget_still_gets_the_line_saying_how_to_use_it(tmp_path: Path) -> None:
    still = _output("PracticeWidget: Run this cell to practise: type your answers.")
    book = {
        "cells": [
            {"cell_type": "code", "id": "w", "metadata": {}, "source": "", "outputs": [still]},
            {"cell_type": "code", "id": "p", "metadata": {}, "source": "", "outputs": []},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    source = tmp_path / "05_x.ipynb"
    source.write_text(json.dumps(book), encoding="utf-8")
    alts: dict[str, str] = {}
    build_site.stage_notebook(source, tmp_path / "staged.ipynb", alts)
    cells = json.loads((tmp_path / "staged.ipynb").read_text(encoding="utf-8"))["cells"]
    assert [c["cell_type"] for c in cells] == ["code", "markdown", "code"]
    assert "make lab" in cells[1]["source"] and cells[1]["id"] == "w-widget-note"
    name = hashlib.sha256(base64.b64decode(PNG)).hexdigest() + ".png"
    assert alts == {
        name: "The PracticeWidget widget, as a still picture. Run this cell to "
        "practise: type your answers."
    }


def test_a_picture_is_described_by_its_own_title_first() -> None:
    svg = "<svg><title>alphabeta search tree</title><desc>value 3; cut off: I, J.</desc></svg>"
    assert build_site.alternative(_output("<a picture, 10×10 px>", svg)) == (
        "alphabeta search tree: value 3; cut off: I, J."
    )
    caption = '<svg><g id="caption"><text x="8" y="9">minimax · step 3</text></g></svg>'
    assert build_site.alternative(_output("<a picture, 10×10 px>", caption)) == (
        "A picture: minimax · step 3"
    )
    assert build_site.alternative(_output("<a picture, 10×10 px>")) == (
        "A picture drawn by the code cell above."
    )


def test_the_home_page_links_each_lesson_of_the_readme_table() -> None:
    readme = (TOOLS.parent / "README.md").read_text(encoding="utf-8")
    names = [path.stem for path in build_site.lessons()]
    home = build_site.home_page(readme, names)
    for name in names:
        assert f"| [{name}]({name}.ipynb) |" in home, f"{name} is not a row of the README's table"


def _site(root: Path, pages: dict[str, str]) -> Path:
    for name, body in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    return root


def test_the_check_finds_broken_links_missing_ids_and_remote_scripts(tmp_path: Path) -> None:
    root = _site(
        tmp_path,
        {
            "intro.html": '<a href="a.html#there">ok</a><a href="gone.html">broken</a>'
            '<a href="a.html#nowhere">no id</a><a href="https://mybinder.org/">fine</a>'
            '<script src="https://cdn.example/x.js"></script>'
            '<link rel="stylesheet" href="//cdn.example/x.css">'
            '<img src="_images/p.png" alt="p">',
            "a.html": '<h1 id="there">A</h1><a href="intro.html">home</a>',
            "_images/p.png": "",
        },
    )
    found, counts = check_site.problems(root)
    assert "intro.html: gone.html names no file of the site" in found
    assert "intro.html: a.html#nowhere: no id 'nowhere' there" in found
    assert "intro.html: fetches https://cdn.example/x.js from another host" in found
    assert "intro.html: fetches //cdn.example/x.css from another host" in found
    assert not any("a.html#there" in problem or "mybinder" in problem for problem in found)
    assert counts["pages"] == 2 and counts["resources"] == 3


def test_the_check_wants_every_lesson_in_the_navigation_in_order(tmp_path: Path) -> None:
    names = [path.stem for path in build_site.lessons()]
    nav = "".join(f'<a href="{n}.html">{n}</a>' for n in reversed(names))
    pages = {"intro.html": f'<nav class="bd-docs-nav">{nav}</nav>'}
    pages.update({f"{n}.html": "<h1>lesson</h1>" for n in names[1:]})
    found, _ = check_site.problems(_site(tmp_path, pages))
    assert f"no page for lesson {names[0]}" in found
    assert any(problem.startswith("the navigation lists") for problem in found)


@pytest.mark.parametrize("name", ["00_start_here", "12_monte_carlo_tree_search"])
def test_the_table_of_contents_names_each_lesson_once(name: str) -> None:
    names = [path.stem for path in build_site.lessons()]
    assert build_site.table_of_contents(names).count(f"- file: {name}\n") == 1
