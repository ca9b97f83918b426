"""axe-core on what the package shows in JupyterLab: the output areas of the widget notebooks.

Every lesson notebook that shows a widget (its stored outputs hold a widget view) is opened in
JupyterLab 4 in headless Chromium and run (the ``notebooks`` fixture of ``conftest.py``,
which the other browser tests share); then axe-core (the copy vendored in
``axe-playwright-python``, as ``test_site.py`` uses on the site's pages) checks the page
restricted to the notebook's output areas (axe's ``include`` context): the widgets, their
pictures, the tables and the text the lessons print. No serious or critical violation of WCAG
2.1 A/AA or of axe's best practices may be found there.

JupyterLab's own chrome (menus, side bar, tool bars, the cells' editors) is not the package's:
axe is run on the rest of the page too (``exclude`` the output areas), and what it finds is
printed and kept, never asserted. Both reports go to ``/tmp/browser-shots/axe/``
(``BROWSER_SHOTS`` moves it), beside the other browser tests' screenshots:
``<notebook>.output.axe.json`` and ``<notebook>.jupyterlab.axe.json``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gametheory.widgets.front import WidgetFront
from tests.browser.conftest import Notebooks
from tests.browser.lab import NOTEBOOKS, SHOTS, WAIT

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
SEVERE = {"serious", "critical"}
OUTPUTS = ".jp-OutputArea"


def _widget_kinds() -> set[str]:
    """The names of the package's widgets (every kind of :class:`WidgetFront`)."""
    from gametheory.widgets import explorer, mcts, play, practice  # noqa: F401  (the kinds)

    kinds, todo = set(), [WidgetFront]
    while todo:
        for kind in todo.pop().__subclasses__():
            kinds.add(kind.__name__)
            todo.append(kind)
    return kinds


def _shows_a_widget(path: Path) -> bool:
    """Whether a stored notebook shows one of the package's widgets: its still picture's
    output says ``PlayWidget: Run this cell…`` in its plain text."""
    book = json.loads(path.read_text(encoding="utf-8"))
    kinds = _widget_kinds()
    return any(
        "".join(output.get("data", {}).get("text/plain", "")).split(":")[0] in kinds
        for cell in book["cells"]
        for output in cell.get("outputs", [])
    )


WIDGET_NOTEBOOKS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if _shows_a_widget(p))


def axe(page: Any, context: dict[str, list[str]]) -> dict[str, Any]:
    """axe-core's report on ``page`` within ``context`` (violations only)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]}
    report: dict[str, Any] = Axe().run(page, context=context, options=options).response
    return report


def severe(report: dict[str, Any]) -> list[str]:
    """The serious and critical violations, one line each with up to five of their nodes."""
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:5]}"
        for v in report["violations"]
        if v["impact"] in SEVERE
    ]


KNOWN = {
    "image-alt": (
        r"\.jp-Rendered(SVG|Image)\b[^>]*> img$",
        "JupyterLab draws an output's image/svg+xml or image/png as an <img> of its own without "
        "alt (its renderSVG and renderImage take no text alternative), so the SVG's <title> "
        "and <desc> are hidden; a text/html form with the SVG inline, which JupyterLab ranks "
        "first, would show them",
    ),
    "aria-input-field-name": (
        r'^<div class="noUi-handle',
        "ipywidgets' slider handle (role=slider) has no accessible name although the "
        "explorers' step slider has the description 'step'",
    ),
    "scrollable-region-focusable": (
        r"\.jp-RenderedSVG\b[^>]*\]$",
        "JupyterLab's box round a picture wider than the output area scrolls but cannot take "
        "the focus (06's largest tree)",
    ),
}
"""Serious or critical findings in the output areas that are known, each with where it is
(a pattern on the node's target or its HTML) and why: not counted as new, printed and kept,
and each must still be found (``test_the_known_findings_are_still_found``), so that a fixed
one is taken off this list."""

REPORTS: dict[str, dict[str, Any]] = {}
"""The output areas' axe report of each notebook checked in this run."""


def split_known(report: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The report without the :data:`KNOWN` findings, and those apart (their nodes' targets
    by rule)."""
    rest, known = dict(report), {}
    violations = []
    for violation in report["violations"]:
        nodes = violation["nodes"]
        if violation["id"] in KNOWN:
            where = re.compile(KNOWN[violation["id"]][0])
            found = [n for n in nodes if where.search(n["target"][-1]) or where.search(n["html"])]
            if found:
                known[violation["id"]] = [n["target"][-1] for n in found]
            nodes = [n for n in nodes if n not in found]
        if nodes:
            violations.append(dict(violation, nodes=nodes))
    rest["violations"] = violations
    return rest, known


def keep(report: dict[str, Any], name: str) -> Path:
    folder = SHOTS / "axe"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.axe.json"
    path.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return path


def test_the_widget_notebooks_are_found() -> None:
    assert {"00_start_here.ipynb", "07_alpha_beta.ipynb", "08a_abapa_rules.ipynb"} <= set(
        WIDGET_NOTEBOOKS
    )


@pytest.mark.parametrize("name", WIDGET_NOTEBOOKS)
def test_axe_finds_no_serious_violation_in_the_output_areas(
    notebooks: Notebooks, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    page = notebooks.ran(name)
    page.page.locator(f"{OUTPUTS} .jupyter-widgets").first.wait_for(timeout=WAIT)
    ours = axe(page.page, {"include": [OUTPUTS]})
    lab = axe(page.page, {"exclude": [OUTPUTS]})
    stem = Path(name).stem
    keep(ours, f"{stem}.output")
    keep(lab, f"{stem}.jupyterlab")
    checked = {rule["id"] for rule in ours["passes"]} | {v["id"] for v in ours["violations"]}
    assert len(checked) >= 5, f"axe checked almost nothing in the output areas: {checked}"
    with capsys.disabled():
        print(
            f"\naxe, {name}: output areas {len(ours['violations'])} violations "
            f"({len(checked)} rules applied); JupyterLab's own page (not asserted):"
        )
        for v in lab["violations"]:
            print(f"  {v['impact']:>8}  {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
    REPORTS[name] = ours
    rest, known = split_known(ours)
    with capsys.disabled():
        for rule, targets in known.items():
            print(f"  known in the output areas: {rule} ({len(targets)} nodes): {KNOWN[rule][1]}")
    found = severe(rest)
    assert found == [], f"{name}: axe-core found in the output areas\n" + "\n".join(found)


def test_the_known_findings_are_still_found(notebooks: Notebooks) -> None:
    """Each :data:`KNOWN` finding is still there in some widget notebook (a fixed one must
    leave the list, so the list cannot hide a new finding of the same rule)."""
    seen: set[str] = set()
    for name in WIDGET_NOTEBOOKS:
        if name not in REPORTS:  # not checked in this run (a -k selection): check it now
            REPORTS[name] = axe(notebooks.ran(name).page, {"include": [OUTPUTS]})
        seen |= set(split_known(REPORTS[name])[1])
    assert seen == set(KNOWN), f"no longer found, take off KNOWN: {set(KNOWN) - seen}"


def test_axe_in_an_output_area_finds_a_picture_without_words(notebooks: Notebooks) -> None:
    """The check can fail: a picture without a text alternative put into an output area is
    found (and one outside the output areas is not counted as ours)."""
    page = notebooks.ran(WIDGET_NOTEBOOKS[0])
    page.page.evaluate(
        """() => {
            for (const [where, id] of [['.jp-OutputArea-output', 'gt-bad-in'],
                                       ['#jp-top-panel', 'gt-bad-out']]) {
                const img = document.createElement('img');
                img.id = id;
                img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
                document.querySelector(where).appendChild(img);
            }
        }"""
    )
    try:
        report = axe(page.page, {"include": [OUTPUTS]})
    finally:
        page.page.evaluate(
            "() => ['gt-bad-in', 'gt-bad-out'].forEach(i => document.getElementById(i).remove())"
        )
    rest, _ = split_known(report)
    targets = [
        n["target"] for v in rest["violations"] if v["id"] == "image-alt" for n in v["nodes"]
    ]
    assert targets == [["#gt-bad-in"]], targets  # the one in an output area, not the other
    assert any("image-alt (critical)" in line for line in severe(rest))
