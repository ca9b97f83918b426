"""The stale-output check (``tools/check_notebooks.py``): what it compares and what it masks.

The check itself runs every notebook (``make notebooks``); here its comparison is tried on
small notebooks built in memory, so no kernel is needed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

TOOLS = Path(__file__).resolve().parent.parent / "tools"


@pytest.fixture(scope="module")
def check() -> Any:
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location(
            "check_notebooks", TOOLS / "check_notebooks.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOLS))


def notebook(*outputs: list[Any], tags: tuple[str, ...] = ()) -> Any:
    """A notebook with one code cell per list of outputs."""
    cells = []
    for i, outs in enumerate(outputs):
        cell = new_code_cell(f"cell_{i}()", outputs=outs)
        if tags:
            cell.metadata["tags"] = list(tags)
        cells.append(cell)
    return new_notebook(cells=cells)


def text(s: str, name: str = "stdout") -> Any:
    return new_output("stream", name=name, text=s)


def result(data: dict[str, Any]) -> Any:
    return new_output("execute_result", data=data, execution_count=1)


def test_the_same_outputs_pass(check: Any) -> None:
    nb = notebook([text("5478 positions\n")], [result({"text/plain": "(26, 66)"})])
    assert check.compare(nb, nbformat.from_dict(nb)) == []


def test_a_stale_number_is_caught_with_its_cell_and_line(check: Any) -> None:
    stored = notebook([text("a\n")], [text("WIN 2836, LOSS 1574\n")])
    fresh = notebook([text("a\n")], [text("WIN 2936, LOSS 1474\n")])
    (problem,) = check.compare(stored, fresh)
    assert "code cell 2 (cell_1())" in problem
    assert "-WIN 2836, LOSS 1574" in problem and "+WIN 2936, LOSS 1474" in problem


def test_a_stale_docstring_in_a_result_is_caught(check: Any) -> None:
    stored = notebook([result({"text/plain": "'proven to give the textbook answer'"})])
    fresh = notebook([result({"text/plain": "'checked to give the textbook answer'"})])
    assert check.compare(stored, fresh)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("solved in 4.5 s", "solved in 3.3 s"),
        ("took 120 ms, 0.5 seconds in all", "took 95 ms, 0.61 seconds in all"),
        ("<function f at 0x7f3a2c1b0d>", "<function f at 0x7f99aa001234>"),
        ("MatchRecord(score=1.0, seconds=0.0051)", "MatchRecord(score=1.0, seconds=7.2e-05)"),
        ("elapsed 00:03", "elapsed 00:04"),
    ],
)
def test_run_dependent_text_is_masked(check: Any, before: str, after: str) -> None:
    assert check.compare(notebook([text(before)]), notebook([text(after)])) == []


def test_numbers_that_are_not_timings_are_compared(check: Any) -> None:
    for before, after in [("3 seeds", "4 seeds"), ("c3:e5", "c3:e7"), ("depth 9", "depth 10")]:
        assert check.compare(notebook([text(before)]), notebook([text(after)])), before


def test_temporary_paths_are_masked(check: Any) -> None:
    import tempfile

    base = tempfile.gettempdir()
    stored = notebook([text(f"{base}/tmpab12cd/broken.json: bad entry")])
    fresh = notebook([text(f"{base}/tmpzz99yy/broken.json: bad entry")])
    assert check.compare(stored, fresh) == []


def test_a_cell_tagged_varies_is_compared_by_kind_only(check: Any) -> None:
    stored = notebook([text("finished 10 depths")], tags=("varies",))
    fresh = notebook([text("finished 9 depths")], tags=("varies",))
    assert check.compare(stored, fresh) == []
    missing = notebook([], tags=("varies",))
    assert check.compare(stored, missing)  # an output that disappears still counts
    other = notebook([text("finished 9 depths", name="stderr")], tags=("varies",))
    assert check.compare(stored, other)  # and so does its kind


def test_pictures_compare_by_kind_whatever_their_form(check: Any) -> None:
    svg = result({"text/plain": "<Figure>", "image/svg+xml": "<svg/>"})
    both = result({"text/plain": "<Figure>", "image/svg+xml": "<svg/>", "image/png": "iVBO"})
    png = result({"text/plain": "<Figure>", "image/png": "AAAA"})
    assert check.compare(notebook([svg]), notebook([both])) == []
    assert (
        check.compare(notebook([png]), notebook([result({**png["data"], "image/png": "BBBB"})]))
        == []
    )
    assert check.compare(notebook([svg]), notebook([result({"text/plain": "<Figure>"})]))


def test_a_widget_may_be_stored_with_a_static_picture(check: Any) -> None:
    view = {"model_id": "abc", "version_major": 2, "version_minor": 0}
    fresh = result({"text/plain": "VBox()", "application/vnd.jupyter.widget-view+json": view})
    stored = result(
        {
            "text/plain": "VBox()",
            "application/vnd.jupyter.widget-view+json": {**view, "model_id": "xyz"},
            "image/png": "iVBO",
        }
    )
    assert check.compare(notebook([stored]), notebook([fresh])) == []


def test_error_outputs_are_reported(check: Any) -> None:
    error = new_output("error", ename="AssertionError", evalue="boom", traceback=[])
    (problem,) = check.errors(notebook([text("ok")], [error]))
    assert "code cell 2" in problem and "AssertionError: boom" in problem
    assert check.compare(notebook([text("ok")]), notebook([error]))


def test_changed_code_is_reported_not_compared(check: Any) -> None:
    stored, fresh = notebook([text("a")]), notebook([text("a")])
    fresh.cells[0].source = "something_else()"
    assert check.compare(stored, fresh) == ["the code cells of the run differ from the stored ones"]


def test_every_stored_notebook_is_free_of_errors(check: Any) -> None:
    for path in check.notebooks():
        assert check.errors(nbformat.read(path, as_version=4)) == [], path.name


def test_the_examples_in_the_check_run(check: Any) -> None:
    import doctest

    assert doctest.testmod(check).failed == 0


def test_printed_text_sent_in_pieces_is_joined(check: Any) -> None:
    stored = notebook([text("depth 1\ndepth 2\n")])
    fresh = notebook([text("depth 1\n"), text("depth 2\n")])
    assert check.compare(stored, fresh) == []
    assert check.compare(stored, notebook([text("depth 1\n"), text("depth 2\n", "stderr")]))
