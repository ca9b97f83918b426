"""The course in the browser with nothing installed: the JupyterLite site in headless Chromium.

``make test-lite`` builds the site (``tools/build_lite.py``, into ``build/lite``) and runs
this file. The site is served on 127.0.0.1 and every request for any other host is refused,
both by the browser's own resolver and by a route that aborts it and writes it down: a page
that needs the network fails here. Each lesson in ``RUNS_IN_BROWSER`` is opened as a student
opens it, all its cells run from the Run menu in the browser's Python (Pyodide), and no cell
may fail. Lesson 07 is then used as in class: the explorer stepped, a drill answered; the
times are measured (a drill's check within 200 ms, the "good" responsiveness threshold), and
axe-core checks the page. Screenshots and the figures go to ``/tmp/browser-shots/lite``.
"""

from __future__ import annotations

import functools
import http.server
import json
import statistics
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Route

from tests.browser.lab import SHOTS, NotebookPage, chromium
from tests.browser.test_axe_widgets import OUTPUTS, axe, keep, severe, split_known

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
LITE_SHOTS = SHOTS / "lite"
# the lessons that run top to bottom in the browser's kernel (the README lists them)
RUNS_IN_BROWSER = (
    "00_start_here",
    "01a_graphs",
    "01b_graph_algorithms",
    "01x_hamilton_and_flows",
    "02_games_and_strategies",
    "03a_nash_equilibrium",
    "03b_mixed_strategies_and_coalitions",
    "03x_mixed_further",
    "04_game_trees",
    "04x_game_trees_further",
    "05_and_or_graphs",
    "05x_and_or_further",
    "06_minimax_negamax",
    "06x_minimax_further",
    "07_alpha_beta",
    "07x_alpha_beta_further",
    "08a_abapa_rules",
    "08ax_abapa_state_space",
    "08b_evaluation_functions",
    "08c_perfect_play",
    "09_chance_expectiminimax",
    "09x_chance_further",
    "10_engine",
    "11a_checkers",
    "11b_gomoku",
    "12_monte_carlo_tree_search",
    "12x_mcts_further",
)
FIGURES: dict[str, object] = {}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        self.server.log.append(format % args)  # type: ignore[attr-defined]


class LiteSite:
    """The built site on a free port of 127.0.0.1 (what ``NotebookPage`` calls a lab)."""

    token = ""

    def __init__(self, folder: Path, home: Path) -> None:
        handler = functools.partial(_Quiet, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.log = []  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.home = home
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def write_log(self) -> None:
        """The server's log where ``NotebookPage`` looks for it on a failure."""
        (self.home / "jupyterlab.log").write_text("\n".join(self.server.log[-200:]))  # type: ignore[attr-defined]

    def close(self) -> None:
        self.server.shutdown()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiteSite]:
    if not (SITE / "jupyter-lite.json").exists():
        pytest.fail(f"{SITE} is not built: run `make test-lite` (it runs `make lite` first)")
    served = LiteSite(SITE, tmp_path_factory.mktemp("lite"))
    served.write_log()
    yield served
    served.close()
    LITE_SHOTS.mkdir(parents=True, exist_ok=True)
    (LITE_SHOTS / "figures.json").write_text(json.dumps(FIGURES, indent=2))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


class Offline:
    """A browser context that lets through only requests to 127.0.0.1 and lists the others."""

    def __init__(self, browser: Browser) -> None:
        self.refused: list[str] = []
        self.context: BrowserContext = browser.new_context(viewport={"width": 1366, "height": 900})
        self.context.route("**/*", self._route)

    def _route(self, route: Route) -> None:
        if urllib.parse.urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort()


class _Browser:
    """What ``NotebookPage`` asks of a browser: a new page, here in the offline context."""

    def __init__(self, offline: Offline) -> None:
        self.offline = offline

    def new_page(self, viewport: dict[str, int]) -> object:
        page = self.offline.context.new_page()
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        return page


def open_lesson(site: LiteSite, browser: Browser, name: str) -> tuple[NotebookPage, Offline]:
    offline = Offline(browser)
    start = time.monotonic()
    page = NotebookPage(site, _Browser(offline), f"{name}.ipynb", ui="lite", size=(1366, 900))  # type: ignore[arg-type]
    FIGURES.setdefault("open_seconds", {})[name] = round(time.monotonic() - start, 1)  # type: ignore[index]
    return page, offline


def cell_errors(page: NotebookPage) -> list[str]:
    """Every error output in the notebook's model (the page draws only what is in view)."""
    return list(
        page.page.evaluate(
            r"""() => {
            const model = window.jupyterapp.shell.currentWidget.content.model;
            const found = [];
            for (let i = 0; i < model.cells.length; i++) {
                const cell = model.cells.get(i);
                if (cell.type !== 'code') continue;
                for (let k = 0; k < cell.outputs.length; k++) {
                    const out = cell.outputs.get(k).toJSON();
                    if (out.output_type === 'error')
                        found.push(`cell ${i}: ${out.ename}: ${out.evalue}\n` +
                            (out.traceback || []).slice(-3).join('\n').replace(/\x1b\[[0-9;]*m/g, ''));
                }
            }
            return found;
        }"""
        )
    )


@pytest.mark.parametrize("name", RUNS_IN_BROWSER)
def test_the_lesson_runs_top_to_bottom_in_the_browser(
    name: str, site: LiteSite, browser: Browser
) -> None:
    page, offline = open_lesson(site, browser, name)
    try:
        seconds = page.run_all()
        FIGURES.setdefault("run_all_seconds", {})[name] = round(seconds, 1)  # type: ignore[index]
        site.write_log()
        page.screenshot(f"lite/{name}")
        assert cell_errors(page) == []
        assert offline.refused == [], "the page asked another host for something"
        if name == "00_start_here":
            _play_lesson_00(page)
        if name == "07_alpha_beta":
            _use_lesson_07(page)
            _axe(page, name)
    finally:
        offline.context.close()


def _timed_click(page: NotebookPage, button: str) -> float:
    """Click the control with CSS class ``button``; the milliseconds until the kernel has
    answered the click (it is idle again after the widget's message) and the browser has
    painted the answer (at most 30 s)."""
    return float(
        page.page.evaluate(
            """async (button) => {
                const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
                let sent = false;
                const answered = new Promise((resolve, reject) => {
                    const seen = (_, message) => {
                        const type = message.msg.header.msg_type;
                        if (message.direction === 'send' && type === 'comm_msg') sent = true;
                        if (sent && message.direction === 'recv' && type === 'status'
                            && message.msg.content.execution_state === 'idle') {
                            kernel.anyMessage.disconnect(seen); resolve();
                        }
                    };
                    kernel.anyMessage.connect(seen);
                    setTimeout(() => reject(new Error(`${button}: no answer after 30 s`)), 30000);
                });
                const start = performance.now();
                document.querySelector(button).click();
                await answered;
                await new Promise(painted => requestAnimationFrame(() => setTimeout(painted)));
                return performance.now() - start;
            }""",
            f".{button}",
        )
    )


def _play_lesson_00(page: NotebookPage) -> None:
    """Take a match in lesson 00's game: the machine answers, thinking without a thread."""
    page.click("gt-play-move", "1")
    status = page.wait_for_text("gt-play-status", r"The machine \(B\) plays")
    assert "could not answer" not in status, status
    page.screenshot("lite/00-play", page.control("gt-play"))


def _use_lesson_07(page: NotebookPage) -> None:
    """Step the explorer and check a drill's answer as a student does, timing both."""
    page.wait_for_text("gt-explorer-narration", r"^Step 0 of 40\.")
    steps = [_timed_click(page, "gt-explorer-next") for _ in range(5)]
    page.wait_for_text("gt-explorer-narration", r"^Step 5 of 40\. ")
    page.screenshot("lite/07-explorer", page.control("gt-explorer"))
    # play: no thread can start in the browser, so the explorer steps on the kernel's event
    # loop, one step every 800 ms (the whole rest at once would take far less than 35 of them)
    start = time.monotonic()
    page.click("gt-explorer-play")
    page.wait_for_text("gt-explorer-narration", r"^Step 40 of 40\.")
    played = time.monotonic() - start
    FIGURES["explorer_play_seconds"] = round(played, 1)
    assert played >= 35 * 0.8 * 0.9, f"play reached the end in {played:.1f} s, not step by step"
    box = page.page.locator(".gt-practice-inputs input").first
    box.fill("7")
    box.press("Enter")  # the widget's text box sends its value on Enter
    checks = [_timed_click(page, "gt-practice-check") for _ in range(6)]
    page.wait_for_text("gt-practice-feedback", r"steps right")
    page.screenshot("lite/07-drill", page.control("gt-practice"))
    FIGURES["explorer_step_ms"] = [round(s) for s in steps]
    FIGURES["drill_check_ms"] = [round(c) for c in checks]
    assert statistics.median(checks) <= 200, f"a drill's check took {checks} ms"


def _axe(page: NotebookPage, name: str) -> None:
    """axe-core on the lesson's output areas, as in JupyterLab (tests/browser's rules and
    its known findings, which are JupyterLab's and ipywidgets' own)."""
    report = axe(page.page, {"include": [[OUTPUTS]]})
    keep(report, f"lite-{name}.output")
    rest, _known = split_known(report)
    assert severe(rest) == []


def test_the_site_needs_nothing_from_another_host() -> None:
    """The kernel is pointed at the site's own interpreter, the PyPI fallback is off, and the
    interpreter's lock lists only wheels that lie beside it, with their own hashes."""
    import hashlib

    config = json.loads((SITE / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    lock = json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text())
    preloaded = kernel["loadPyodideOptions"]["packages"]
    assert any("gametheory" in lock["packages"][key]["imports"] for key in preloaded)
    for entry in lock["packages"].values():
        wheel = SITE / "static" / "pyodide" / entry["file_name"]
        assert wheel.exists(), f"the lock lists {entry['file_name']}, which the site lacks"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    FIGURES["site_megabytes"] = round(size / 1e6)
