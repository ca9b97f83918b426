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
    assert {"08a_abapa_rules", "08ax_abapa_state_space", "08b_evaluation_functions"} <= set(names)
    on_disk = {p.stem for p in build_site.NOTEBOOKS.iterdir() if p.suffix.lower() == ".ipynb"}
    assert set(names) == on_disk


def _notebook(cells: list[dict[str, Any]]) -> str:
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _markdown(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": "m", "metadata": {}, "source": text}


def _code(text: str, tags: tuple[str, ...] = (), outputs: tuple[Any, ...] = ()) -> dict[str, Any]:
    metadata = {"tags": list(tags)} if tags else {}
    return {"cell_type": "code", "id": "c", "metadata": metadata, "source": text,
            "outputs": list(outputs), "execution_count": None}  # fmt: skip


ODD_NAMES = ["00_start.ipynb", "08ax_state_space.ipynb", "13_my lesson.ipynb",
             "13_tic-tac-toe.ipynb", "14_LOUD.IPYNB"]  # fmt: skip


def test_every_notebook_gets_its_page_whatever_its_name(tmp_path: Path) -> None:
    folder, source = tmp_path / "notebooks", tmp_path / "src"
    folder.mkdir()
    for name in ODD_NAMES:
        (folder / name).write_text(_notebook([_markdown(f"# {name[:2]} · a lesson")]), "utf-8")
    (folder / "13_my lesson.py").write_text("# the paired source: not a page", encoding="utf-8")
    build_site.stage(folder, source)
    staged = {p.stem for p in source.glob("*.ipynb")}
    toc = build_site.table_of_contents(build_site.page_names(build_site.lessons(folder)))
    listed = {line.removeprefix("- file: ") for line in toc.splitlines() if "- file: " in line}
    expected = {"00_start", "08ax_state_space", "13_my-lesson", "13_tic-tac-toe", "14_LOUD"}
    assert staged == expected and listed == expected | {"teacher"}
    home = (source / "intro.md").read_text(encoding="utf-8")
    assert all(f"]({name}.ipynb)" in home for name in expected)
    assert (source / "teacher.md").read_text(encoding="utf-8") == (
        build_site.TEACHER.read_text(encoding="utf-8")
    )


def test_two_notebooks_that_would_share_a_page_are_refused() -> None:
    with pytest.raises(SystemExit, match="13_a b.ipynb and 13_a-b.ipynb"):
        build_site.page_names([Path("13_a b.ipynb"), Path("13_a-b.ipynb")])
    with pytest.raises(SystemExit, match="intro.ipynb cannot be the page intro.html"):
        build_site.page_names([Path("intro.ipynb")])


def test_self_tests_are_left_out_of_the_code_shown_unless_they_teach(tmp_path: Path) -> None:
    checks = "assert x == 1\nfor v in (1, 2):\n    assert v\nif x:\n    assert (\n        x)"
    cells = [
        _code("x = 1\n" + checks + "\nx"),
        _code(checks),  # nothing else: the cell goes
        _code(checks, tags=("show-asserts",)),
        _code("for v in (1, 2):\n    y = v\n    assert y"),  # a loop that computes stays
        _code("if x:\n    assert x\nelse:\n    y = 2"),  # a body of checks alone stays
    ]
    (tmp_path / "01_a.ipynb").write_text(_notebook(cells), encoding="utf-8")
    build_site.stage_notebook(tmp_path / "01_a.ipynb", tmp_path / "out.ipynb", {})
    staged = json.loads((tmp_path / "out.ipynb").read_text(encoding="utf-8"))["cells"]
    assert [c["source"] for c in staged if c["cell_type"] == "code"] == [
        "x = 1\nx",
        checks,
        "for v in (1, 2):\n    y = v",  # without its check
        "if x:\n    assert x\nelse:\n    y = 2",
    ]
    assert build_site.without_self_tests("%%time\nassert x") == "%%time\nassert x"


def test_no_lesson_shows_a_self_test_on_the_site(tmp_path: Path) -> None:
    import ast

    for path in build_site.lessons():
        build_site.stage_notebook(path, tmp_path / "out.ipynb", {})
        for cell in json.loads((tmp_path / "out.ipynb").read_text(encoding="utf-8"))["cells"]:
            tags = cell["metadata"].get("tags", [])
            if cell["cell_type"] != "code" or build_site.SHOW_ASSERTS in tags:
                continue
            try:
                tree = ast.parse(cell["source"])
            except SyntaxError:
                continue
            shown = [s.lineno for s in tree.body if isinstance(s, ast.Assert)]
            assert shown == [], (
                f"{path.name}: a self-test shown at line {shown} of {cell['source']!r}"
            )


def test_no_page_speaks_of_an_unpublished_repository(tmp_path: Path) -> None:
    words = [build_site.WIDGET_NOTE, build_site.HOME.read_text(encoding="utf-8"),
             build_site.CONFIG.read_text(encoding="utf-8")]  # fmt: skip
    for path in build_site.lessons():
        words.append(path.read_text(encoding="utf-8"))
    assert not [w for w in words if "once the repository is public" in w.lower()]
    assert "mybinder" not in build_site.home_page("{lessons}\n{binder}", [], "", "")
    with_repository = build_site.home_page("{binder}", [], "", "https://github.com/o/course")
    assert "https://mybinder.org/v2/gh/o/course/HEAD?urlpath=lab/tree/notebooks/" in with_repository


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
    assert [c["cell_type"] for c in cells] == ["code", "markdown", "markdown", "code"]
    assert "run this lesson in JupyterLab" in cells[1]["source"]
    assert cells[1]["id"] == "w-widget-note"
    assert cells[2]["id"] == "in-the-browser"  # under the first cell and its widget's note
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


def test_the_home_page_lists_every_lesson_in_order_with_its_minutes() -> None:
    readme = (TOOLS.parent / "README.md").read_text(encoding="utf-8")
    paths = build_site.lessons()
    home = build_site.home_page(build_site.HOME.read_text(encoding="utf-8"), paths, readme)
    rows = [line for line in home.splitlines() if line.startswith("| [")]
    assert [row.split("](")[1].split(".ipynb)")[0] for row in rows] == build_site.page_names(paths)
    alpha_beta = next(row for row in rows if "07_alpha_beta.ipynb" in row)
    minutes = sys.modules["lesson_minutes"].estimate(build_site.NOTEBOOKS / "07_alpha_beta.ipynb")
    assert alpha_beta.startswith("| [07 · Alpha-beta pruning](")
    assert alpha_beta.endswith(f"| {minutes.minutes} |") and "why a cut is safe" in alpha_beta
    assert "make test" not in home and "cddlib" not in home  # the developer's README stays


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
    names = build_site.page_names(build_site.lessons())
    nav = "".join(f'<a href="{n}.html">{n}</a>' for n in reversed(names))
    pages = {"intro.html": f'<nav class="bd-docs-nav">{nav}</nav>'}
    pages.update({f"{n}.html": "<h1>lesson</h1>" for n in [*names[1:], "99_gone"]})
    found, _ = check_site.problems(_site(tmp_path, pages))
    assert f"no page for lesson {names[0]}" in found
    assert "99_gone.html is the page of no notebook" in found
    assert any(problem.startswith("the navigation lists") for problem in found)


def test_each_lesson_page_opens_it_in_the_browser_course_or_says_why_not(tmp_path: Path) -> None:
    """In a built tree (the browser course in the site's lite/), the links resolve to the
    lessons' notebooks there; a notebook missing from it, or a lesson page without its link
    (or with one where the lesson cannot run), is found."""
    paths = build_site.lessons()
    names = build_site.page_names(paths)
    pages = {"intro.html": "<h1>home</h1>", "lite/lab/index.html": "<p>JupyterLite</p>"}
    for path, name in zip(paths, names, strict=True):
        build_site.stage_notebook(path, tmp_path / "staged.ipynb", {})
        note = json.loads((tmp_path / "staged.ipynb").read_text(encoding="utf-8"))["cells"][1]
        assert note["id"] == "in-the-browser"
        if path.stem in build_site.NOT_IN_BROWSER:
            assert build_site.NOT_IN_BROWSER[path.stem] in note["source"]
            assert "lite/" not in note["source"]
        pages[f"{name}.html"] = note["source"]
        pages[f"lite/files/{path.name}"] = "{}"
    root = _site(tmp_path / "html", pages)
    found, _ = check_site.problems(root)
    assert [p for p in found if "browser" in p or "names no file" in p] == []
    (root / "lite" / "files" / "07_alpha_beta.ipynb").unlink()
    (root / "05_and_or_graphs.html").write_text("<h1>no link</h1>", encoding="utf-8")
    found, _ = check_site.problems(root)
    assert (
        "07_alpha_beta.html: lite/lab/index.html?path=07_alpha_beta.ipynb opens "
        "07_alpha_beta.ipynb, not in the browser course" in found
    )
    assert (
        "05_and_or_graphs.html links to [] in the browser course, "
        "not ['lite/lab/index.html?path=05_and_or_graphs.ipynb']" in found
    )


@pytest.mark.parametrize("name", ["00_start_here", "12_monte_carlo_tree_search"])
def test_the_table_of_contents_names_each_lesson_once(name: str) -> None:
    names = [path.stem for path in build_site.lessons()]
    assert build_site.table_of_contents(names).count(f"- file: {name}\n") == 1


def test_every_picture_output_of_every_notebook_has_a_text_alternative() -> None:
    import xml.etree.ElementTree as ET

    svg_ns = "{http://www.w3.org/2000/svg}"
    missing = []
    for path in build_site.lessons():
        book = json.loads(path.read_text(encoding="utf-8"))
        for number, cell in enumerate(book["cells"]):
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                where = f"{path.name} cell {number}"
                if "image/svg+xml" in data:
                    text = "".join(data["image/svg+xml"])
                    root = ET.fromstring(text[text.index("<svg") :])
                    title, desc = root.findtext(svg_ns + "title"), root.findtext(svg_ns + "desc")
                    if root.get("role") != "img" or not title or not desc:
                        missing.append(f"{where}: an SVG without role, title and description")
                if "image/png" in data:
                    words = build_site.alternative(output, "".join(cell["source"]))
                    if words.endswith("drawn by the code cell above."):
                        missing.append(f"{where}: a PNG said only to be {words!r}")
    assert missing == []
