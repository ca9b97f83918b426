"""The course website in headless Chromium: every page loads offline, shows, and passes axe.

``make site`` builds the site in ``build/site/_build/html``; ``make site-check`` runs
``tools/check_site.py`` (links, no resource from another host) and then this test, which
serves the site on 127.0.0.1 and opens every page in Debian's Chromium (the ``browser``
fixture of ``conftest.py``) with every request to another host refused and counted, so a
page that would need the network fails here. On each page: no console error and no
uncaught exception, every picture shown (``naturalWidth > 0``) with its text, every formula
typeset by the vendored MathJax (none left as raw ``$…$``), and on every page axe-core
(``axe-playwright-python``) with every one of its rules, the experimental ones included,
finds no serious or critical violation. At a phone's 375 px no page scrolls sideways and the
lesson list opens from its button; served, the search shows excerpts. A screenshot and the axe report of each page go to
``/tmp/browser-shots/site/`` (``BROWSER_SHOTS`` moves it), beside the notebook test's.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from build_site import HTML, lessons, page_names, serve  # noqa: E402

SHOTS = Path(os.environ.get("BROWSER_SHOTS", "/tmp/browser-shots")) / "site"
LESSONS = page_names(lessons())
PAGES = ["intro", "teacher", *LESSONS, "search", "genindex"]
PHONE = {"width": 375, "height": 812}
SEVERE = {"serious", "critical"}
_PICTURES = """() => [...document.images].map(img => ({
    src: img.getAttribute('src'), alt: img.getAttribute('alt'),
    shown: img.complete && img.naturalWidth > 0}))"""


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site served on a free port of 127.0.0.1."""
    if not (HTML / "intro.html").is_file():
        pytest.fail(f"{HTML} has no site: run `make site` first (make site-check does)")
    with serve(HTML) as url:
        yield url


class Visit:
    """One page opened offline: what it logged, what it tried to fetch elsewhere."""

    def __init__(
        self, browser: Browser, site: str, name: str, viewport: dict[str, int] | None = None
    ) -> None:
        self.context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.elsewhere: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.route("**/*", self._local_only)
        self.page.goto(f"{site}/{name}.html", wait_until="networkidle")

    def _local_only(self, route: Route) -> None:
        if urlsplit(route.request.url).hostname in ("127.0.0.1", None):
            route.continue_()
        else:
            self.elsewhere.append(route.request.url)
            route.abort()

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def visits(browser: Browser, site: str) -> Iterator[dict[str, Visit]]:
    """Every page opened once and kept open for the tests that read it (a lesson page is
    large: loading it once for the load, picture and axe tests saves minutes)."""
    opened: dict[str, Visit] = {}
    yield opened
    for page in opened.values():
        page.close()


@pytest.fixture
def visit(browser: Browser, site: str, visits: dict[str, Visit]) -> Any:
    """``visit(name)``: the page ``name`` as first loaded; ``visit(name, fresh=True)``: a new
    tab on it, for a test that changes the page."""

    def open_page(name: str, fresh: bool = False) -> Visit:
        if fresh:
            visits[f"{name} {len(visits)}"] = Visit(browser, site, name)
            return visits[f"{name} {len(visits) - 1}"]
        if name not in visits:
            visits[name] = Visit(browser, site, name)
        return visits[name]

    return open_page


@pytest.mark.parametrize("name", PAGES)
def test_page_loads_offline_and_shows_its_pictures(visit: Any, name: str) -> None:
    seen = visit(name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    seen.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    pictures = seen.page.evaluate(_PICTURES)
    assert seen.errors == [], f"{name}: console errors {seen.errors}"
    assert seen.elsewhere == [], f"{name}: asked another host for {seen.elsewhere}"
    assert [p["src"] for p in pictures if not p["shown"]] == [], f"{name}: pictures not shown"
    assert all(p["alt"] for p in pictures), f"{name}: a picture without alt text"
    if name in LESSONS:
        title = seen.page.locator("main h1").first.inner_text()
        assert title.startswith(name.split("_")[0]), f"{name}: its page is titled {title!r}"


def test_every_stored_picture_of_a_lesson_is_on_its_page(visit: Any) -> None:
    import json as _json

    for path, name in zip(lessons(), LESSONS, strict=True):
        book = _json.loads(path.read_text(encoding="utf-8"))
        stored = sum(
            "image/png" in output.get("data", {})
            for cell in book["cells"]
            for output in cell.get("outputs", [])
        )
        shown = visit(name).page.locator("main img[src*='_images/']").count()
        assert shown == stored, f"{name}: {stored} pictures stored, {shown} on the page"


def test_widgets_show_as_stills_with_how_to_run_them(visit: Any) -> None:
    seen = visit("07_alpha_beta")
    still = seen.page.locator("img[alt*='PruningExplorer widget']")
    assert still.count() == 1
    note = seen.page.locator("main p", has_text="shown here as its still picture").first
    assert "run this lesson in JupyterLab" in note.inner_text()
    assert "make lab" not in note.inner_text()


def test_home_page_lists_every_lesson_in_order_and_the_teachers_guide(visit: Any) -> None:
    seen = visit("intro")
    rows = seen.page.locator("main table tr", has=seen.page.locator("a[href$='.html']"))
    linked = [rows.nth(i).locator("a").first.get_attribute("href") for i in range(rows.count())]
    assert linked == [f"{name}.html" for name in LESSONS]
    assert seen.page.locator("main a[href='teacher.html']").count() >= 1
    main = seen.page.locator("main").inner_text()
    assert "make test" not in main and "repository is public" not in main


def test_search_shows_excerpts_when_served(visit: Any) -> None:
    seen = visit("search", fresh=True)
    seen.page.goto(seen.page.url + "?q=cutoff", wait_until="networkidle")
    results = seen.page.locator("#search-results li a")
    results.first.wait_for(timeout=15_000)
    found = {results.nth(i).get_attribute("href") for i in range(results.count())}
    assert any(str(href).startswith("07_alpha_beta.html") for href in found), found
    excerpts = seen.page.locator("#search-results li p.context")
    excerpts.first.wait_for(timeout=15_000)
    assert "cutoff" in excerpts.first.inner_text().lower()
    assert seen.errors == []


# the text of a page outside code and typeset formulas: a "$…$" left there is raw LaTeX
_RAW_MATH = r"""() => {
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  const raw = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('pre, code, mjx-container, script, style, .math')) continue;
    const found = node.textContent.match(/\$[^$\s][^$]*\$|\\\(|\\\[/);
    if (found) raw.push(found[0]);
  }
  return {raw, math: document.querySelectorAll('main .math').length,
          typeset: document.querySelectorAll('main .math mjx-container').length};
}"""


@pytest.mark.parametrize("name", ["intro", *LESSONS])
def test_every_formula_is_typeset(visit: Any, name: str) -> None:
    seen = visit(name)
    if seen.page.locator("main .math").count():
        seen.page.wait_for_function(
            "document.querySelectorAll('main .math').length === "
            "document.querySelectorAll('main .math mjx-container').length",
            timeout=20_000,
        )
    found = seen.page.evaluate(_RAW_MATH)
    assert found["raw"] == [], f"{name}: raw LaTeX on the page: {found['raw'][:5]}"
    assert found["typeset"] == found["math"], f"{name}: {found}"


@pytest.mark.parametrize("name", ["intro", "teacher", *LESSONS])
def test_a_phone_never_scrolls_a_page_sideways(browser: Browser, site: str, name: str) -> None:
    seen = Visit(browser, site, name, PHONE)
    try:
        width = seen.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name}: {width} px wide at {PHONE['width']} px"
        if name in ("intro", "07_alpha_beta", "03b_mixed_strategies_and_coalitions"):
            SHOTS.mkdir(parents=True, exist_ok=True)
            seen.page.screenshot(path=str(SHOTS / f"{name}-375.png"), full_page=True)
    finally:
        seen.close()


def test_a_phone_opens_the_lesson_list(browser: Browser, site: str) -> None:
    seen = Visit(browser, site, "07_alpha_beta", PHONE)
    try:
        sidebar = seen.page.locator(".bd-sidebar-primary")
        assert not sidebar.is_visible() or (sidebar.bounding_box() or {"x": -1})["x"] < 0
        seen.page.locator(".primary-toggle:visible").first.click()
        seen.page.wait_for_timeout(600)  # the sidebar slides in
        box = sidebar.bounding_box()
        assert box is not None and box["x"] >= 0 and sidebar.is_visible()
        listed = sidebar.locator("a[href$='.html']")
        assert listed.filter(has_text="Alpha-beta").count() >= 1
    finally:
        seen.close()


@pytest.mark.parametrize("name", ["intro", "teacher", *LESSONS, "search"])
def test_axe_finds_no_serious_violation(visit: Any, name: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    seen = visit(name)
    axe = Axe()
    seen.page.evaluate(axe.axe_script)
    every_rule = seen.page.evaluate("axe.getRules().map(rule => rule.ruleId)")
    rules = {rule: {"enabled": True} for rule in every_rule}
    options = {"rules": rules, "resultTypes": ["violations"]}
    report = axe.run(seen.page, options=options).response
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{name}.axe.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    severe = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:5]}"
        for v in report["violations"]
        if v["impact"] in SEVERE
    ]
    assert severe == [], f"{name}: axe-core found\n" + "\n".join(severe)


def test_a_lesson_prints_as_a_handout_with_its_pictures(browser: Browser, site: str) -> None:
    import handouts

    (written,) = handouts.print_handouts(browser, site, ["00"])
    pdf = written.read_bytes()
    assert written.name == "00_start_here.pdf" and pdf.startswith(b"%PDF")
    assert handouts.pages_of(pdf) >= 2
    assert pdf.count(b"/Subtype /Image") >= 1  # the pictures are in it


@pytest.mark.parametrize("solutions", [False, True])
def test_a_handout_leaves_out_or_opens_the_hints_and_solutions(
    browser: Browser, site: str, solutions: bool
) -> None:
    import handouts

    seen = Visit(browser, site, "07_alpha_beta")
    try:
        page = seen.page
        before = page.locator("main details").count()
        lesson = json.loads((ROOT / "notebooks" / "07_alpha_beta.ipynb").read_text("utf-8"))
        tagged = sum("solution" in c["metadata"].get("tags", []) for c in lesson["cells"])
        assert before >= 3 and page.locator("main .cell.tag_solution").count() == tagged >= 1
        handouts.prepare(page, solutions)
        closed = page.locator("main details:not([open])").count()
        if solutions:  # the teacher's: every one there and open, its code shown
            assert page.locator("main details").count() == before and closed == 0
            solution = page.locator("main .cell.tag_solution pre").first
            assert solution.is_visible() and "def solution_alphabeta" in solution.inner_text()
        else:  # the students': none left, nor the solutions' cells
            assert page.locator("main details").count() == 0
            assert page.locator("main .cell.tag_solution").count() == 0
    finally:
        seen.close()
