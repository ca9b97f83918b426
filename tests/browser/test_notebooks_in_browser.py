"""The notebooks and their widgets in a real browser: JupyterLab 4 in headless Chromium.

What a reader sees is what is tested: each notebook is opened as it comes from the
repository (untrusted), its stored pictures must be drawn, then *Run All Cells* from the
menu must give no error output and no widget error. The explorer and the play widgets are
clicked as a student would, and after every click the test reads what the page shows. A
notebook run, saved and reopened must show its widgets again, not "Error displaying
widget".

Run it with ``make test-browser`` (it needs Debian's ``chromium``; ``.ci/run`` installs it).
Screenshots go to ``/tmp/browser-shots/`` (``BROWSER_SHOTS`` changes that), with the
measured times in ``timings.txt`` there.

Adding a widget's test: find its controls by the CSS classes its module documents, e.g.
for a practice widget in notebook 05::

    def test_practice_right_and_wrong(notebooks):
        page = notebooks.ran("05_and_or_graphs.ipynb")
        page.click("gt-practice-check")
        page.wait_for_text("gt-practice-feedback", "…")
"""

from __future__ import annotations

import re
import statistics
import time
from typing import Any

import pytest

from gametheory.widgets.explorer import deepest, tree_size
from tests.browser.conftest import Notebooks
from tests.browser.lab import NOTEBOOKS, SHOTS, JupyterLab, NotebookPage

NAMES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
WIDGET_NOTEBOOKS = {"06_minimax_negamax.ipynb", "07_alpha_beta.ipynb", "08_evaluation_abapa.ipynb"}


def _record(line: str) -> None:
    """Keep a measured time for the report (never asserted: the machine's speed varies)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with (SHOTS / "timings.txt").open("a", encoding="utf-8") as file:
        file.write(line + "\n")
    print(line)


def _stored_pictures(notebook: dict[str, Any]) -> int:
    """How many pictures the stored outputs hold in a form an untrusted notebook shows."""
    count = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/png" in data:
                count += 1
            elif "text/html" in data:
                count += "".join(data["text/html"]).count("<img")
    return count


def _widgets_in_code(name: str) -> dict[str, int]:
    source = (NOTEBOOKS / name).with_suffix(".py").read_text(encoding="utf-8")
    code = "\n".join(line for line in source.splitlines() if not line.startswith("#"))
    return {
        "gt-explorer": len(re.findall(r"^PruningExplorer\(", code, re.M)),
        "gt-play": len(re.findall(r"^(?:\w+ = )?PlayWidget\(", code, re.M)),
    }


@pytest.mark.parametrize("name", NAMES)
def test_a_notebook_shows_its_pictures_before_running_and_runs_without_errors(
    name: str, lab: JupyterLab, notebooks: Notebooks
) -> None:
    stored = lab.stored(name)
    page = NotebookPage(lab, notebooks.browser, name)
    try:
        # before running: what the repository holds, untrusted
        pictures = page.pictures()
        assert all(p["drawn"] for p in pictures), f"{name}: a stored picture is not drawn"
        assert len(pictures) == _stored_pictures(stored), f"{name}: pictures missing"
        outputs = page.outputs()
        for shown in ("<svg", "VBox(children", "interactive(children", "HBox(children"):
            assert outputs.get_by_text(shown).count() == 0, f"{name}: an output shows {shown}"
        if pictures:
            first = page.page.locator(".jp-OutputArea-output img").first
            page.screenshot(f"fresh-{name[:2]}", first.locator("xpath=ancestor::div[2]"))
        seconds = page.run_all()
        _record(f"{name}: Run All Cells in {seconds:.1f} s")
        assert page.error_outputs() == [], f"{name} shows errors"
        assert page.widget_errors() == 0
        for css, count in _widgets_in_code(name).items():
            assert page.page.locator(f".{css}").count() == count, f"{name}: {css} widgets"
    finally:
        if name in WIDGET_NOTEBOOKS:
            notebooks.keep(page)
        else:
            page.close()
            lab.shut_down(name)


# -- the explorer ---------------------------------------------------------------------------
def _counters(page: NotebookPage) -> dict[str, list[int]]:
    rows = page.page.locator(".gt-explorer-counters tr")
    table: dict[str, list[int]] = {}
    for i in range(1, rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        table[cells[0]] = [int(c) for c in cells[1:]]
    return table


def test_the_explorer_steps_forward_back_first_last_and_reorders(notebooks: Notebooks) -> None:
    page = notebooks.ran("07_alpha_beta.ipynb")
    assert "Step 0 of 40." in page.wait_for_text("gt-explorer-narration", r"^Step 0 of 40\.")
    start = page.control("gt-explorer-picture").inner_html()
    page.click("gt-explorer-next")
    page.wait_for_text("gt-explorer-narration", r"^Step 1 of 40\. ")
    assert page.control("gt-explorer-picture").inner_html() != start
    page.click("gt-explorer-back")
    page.wait_for_text("gt-explorer-narration", r"^Step 0 of 40\.")
    assert page.control("gt-explorer-picture").inner_html() == start
    page.click("gt-explorer-last")
    page.wait_for_text("gt-explorer-narration", r"^Step 40 of 40\. A is done: value 3\.")
    assert _counters(page)["alphabeta, whole search"] == [11, 7, 1]
    assert _counters(page)["minimax, whole search"] == [13, 9, 0]
    page.screenshot("explorer-last-step", page.control("gt-explorer"))
    page.click("gt-explorer-first")
    page.wait_for_text("gt-explorer-narration", r"^Step 0 of 40\.")
    page.choose("gt-explorer-order", "best first")
    page.wait_for_text("gt-explorer-counters", r"alphabeta, whole search\s+\d+\s+5\s")
    page.choose("gt-explorer-order", "worst first")
    page.wait_for_text("gt-explorer-counters", r"alphabeta, whole search\s+\d+\s+9\s")
    page.choose("gt-explorer-order", "as given")
    page.wait_for_text("gt-explorer-counters", r"alphabeta, whole search\s+11\s+7\s+1")

    _record_frames(page, "the textbook tree, 13 nodes")
    page.wait_for_text("gt-explorer-narration", r"^Step 12 of 40\. ")
    page.screenshot("explorer-step-12", page.control("gt-explorer"))


def _record_frames(page: NotebookPage, tree: str) -> None:
    """Twelve steps on: how long from the click until the new step is painted."""
    frames = [page.frame("gt-explorer-next", "gt-explorer-narration") for _ in range(12)]
    _record(
        f"explorer, {tree}: a step is painted {statistics.median(frames):.0f} ms after the "
        f"click (median of 12; slowest {max(frames):.0f} ms)"
    )


def _new_random_tree(page: NotebookPage, branching: int, depth: int) -> None:
    for css, value in (("gt-explorer-branching", branching), ("gt-explorer-depth", depth)):
        field = page.control(css).locator("input")
        field.fill(str(value))
        field.press("Enter")
        if css == "gt-explorer-branching":  # the depths offered follow the branching
            page.page.wait_for_function(
                "m => document.querySelector('.gt-explorer-depth input').max === m",
                arg=str(deepest(branching)),
            )
    page.click("gt-explorer-new-tree")
    nodes, leaves = tree_size(branching, depth), branching**depth
    page.wait_for_text("gt-explorer-counters", rf"minimax, whole search\s+{nodes}\s+{leaves}\s")


def test_the_explorers_largest_trees_step_quickly_and_fit(notebooks: Notebooks) -> None:
    page = notebooks.ran("07_alpha_beta.ipynb")
    for branching in (5, 2):  # the widest tree offered, then the deepest
        depth = deepest(branching)
        _new_random_tree(page, branching, depth)
        _record_frames(
            page, f"branching {branching}, depth {depth}, {tree_size(branching, depth)} nodes"
        )
        area = page.control("gt-explorer-picture")
        box, picture = area.bounding_box(), area.locator("svg").first.bounding_box()
        assert box is not None and picture is not None
        if picture["width"] > box["width"] + 1:  # wider than the area even at 60%: it scrolls
            assert area.evaluate("e => e.scrollWidth > e.clientWidth")
            assert area.evaluate("e => getComputedStyle(e).overflowX") == "auto"
        page.screenshot(f"explorer-{branching}-{depth}", page.control("gt-explorer"))
    # the depth offered shrinks with a larger branching, and the value with it
    field = page.control("gt-explorer-branching").locator("input")
    field.fill("5")
    field.press("Enter")
    depth = page.control("gt-explorer-depth").locator("input")
    page.page.wait_for_function("e => e.value === '3' && e.max === '3'", arg=depth.element_handle())


def test_buttons_show_their_icons_and_labels_that_fit(notebooks: Notebooks) -> None:
    page = notebooks.ran("07_alpha_beta.ipynb")
    for css in ("gt-explorer-first", "gt-explorer-back", "gt-explorer-next", "gt-explorer-last"):
        icon = page.control(css).locator("i")
        glyph = icon.evaluate("i => getComputedStyle(i, '::before').content")
        assert glyph not in ("", "none", "normal"), f"{css} has no icon glyph"
        assert icon.evaluate("i => i.getBoundingClientRect().width") > 4
    assert page.page.evaluate("() => document.fonts.check('14px FontAwesome')")
    cut = page.page.evaluate(
        """() => [...document.querySelectorAll(`.gt-explorer button, .gt-play button,
                 .gt-explorer select, .gt-play select, .gt-explorer label, .gt-play label`)]
            .filter(e => e.scrollWidth > e.clientWidth + 1)
            .map(e => e.innerText || e.value)"""
    )
    assert cut == [], f"labels cut off: {cut}"
    assert page.control("gt-play-evaluation").locator("select").input_value() != ""


# -- the play widget ------------------------------------------------------------------------
def test_the_play_widget_moves_replies_refuses_hints_undoes_and_changes_depth(
    notebooks: Notebooks,
) -> None:
    page = notebooks.ran("07_alpha_beta.ipynb")
    board = page.control("gt-play-board")
    start = board.inner_html()
    page.click("gt-play-move", "4")
    reply = page.wait_for_text("gt-play-status", r"The machine \(B\) plays \d")
    assert board.inner_html() != start
    page.screenshot("play-tictactoe-reply", page.control("gt-play"))
    page.click("gt-play-move", "4")  # taken
    page.wait_for_text("gt-play-status", r"cell 4 in[\s\S]*is taken by X")
    page.click("gt-play-hint")
    page.wait_for_text("gt-play-status", r"Hint: play \d \(value 0 for you; line ")
    page.click("gt-play-undo")
    page.wait_for_text("gt-play-status", r"Move taken back\.")
    assert board.inner_html() == start and reply
    evaluation = page.control("gt-play-evaluation").locator("select")
    assert evaluation.is_disabled()  # to the end, the evaluation changes nothing
    page.choose("gt-play-depth", "1")
    page.page.wait_for_function("e => !e.disabled", arg=evaluation.element_handle())
    page.click("gt-play-move", "0")
    page.wait_for_text("gt-play-status", r"The machine \(B\) plays \d: value 0 for it")
    page.click("gt-play-new")
    page.page.wait_for_function(
        "start => document.querySelector('.gt-play-board').innerHTML === start", arg=start
    )


def test_clicks_while_the_machine_thinks_are_refused_and_an_interrupt_harms_nothing(
    notebooks: Notebooks,
) -> None:
    page = notebooks.ran("08_evaluation_abapa.ipynb")
    page.choose("gt-play-search", "minimax")
    page.choose("gt-play-depth", "7")
    legal = page.page.locator(".gt-play-move.mod-info")
    first, second = legal.nth(0).inner_text(), legal.nth(1).inner_text()
    page.click("gt-play-move", first)
    page.wait_for_text("gt-play-status", r"thinking… \(depth \d\)")
    clicked = time.monotonic()
    page.click("gt-play-move", second)
    page.wait_for_text("gt-play-status", r"Please wait: the machine is thinking\. Your click was")
    refused = time.monotonic() - clicked
    page.screenshot("play-abapa-thinking", page.control("gt-play"))
    page.page.locator(
        '.jp-NotebookPanel-toolbar [data-command="notebook:interrupt-kernel"]'
    ).click()
    reply = page.wait_for_text("gt-play-status", r"The machine \(B\) plays \d+")
    assert "Please wait" not in reply
    board = page.control("gt-play-board").inner_html()
    time.sleep(2)  # a queued click would now be played, with a second reply
    assert page.control("gt-play-board").inner_html() == board
    assert page.text(".gt-play-status") == reply
    page.screenshot("play-abapa-reply", page.control("gt-play"))
    _record(f"play widget, a click while the machine thinks is answered in {refused:.2f} s")
    page.choose("gt-play-depth", "2")
    page.page.locator(".gt-play-move.mod-info").first.click()
    page.wait_for_text("gt-play-status", r"The machine \(B\) plays \d+.*\(\d+ positions")


# -- saved and reopened -----------------------------------------------------------------------
def test_a_notebook_run_saved_and_reopened_shows_its_widgets_again(
    lab: JupyterLab, notebooks: Notebooks
) -> None:
    name = "07_alpha_beta.ipynb"
    page = notebooks.ran(name)
    page.save()
    saved = lab.stored(name)
    assert "widgets" in saved["metadata"], "the widgets' state was not saved with the notebook"
    notebooks.forget(name)  # closes the tab and ends the kernel
    reopened = NotebookPage(lab, notebooks.browser, name)
    try:
        reopened.page.wait_for_selector(".gt-explorer", timeout=60_000)
        assert reopened.widget_errors() == 0
        assert reopened.page.locator(".gt-play").count() == 1
        reopened.screenshot("reopened-07", reopened.control("gt-explorer"))
    finally:
        reopened.close()
        lab.shut_down(name)
