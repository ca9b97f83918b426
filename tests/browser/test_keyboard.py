"""The widgets from the keyboard alone, in JupyterLab 4 in headless Chromium (issue 27).

A small notebook with the three kinds of widget a lesson shows — a practice drill, a play
widget and the pruning explorer — is opened in JupyterLab; from then on the test only
presses keys, as a student who cannot use a mouse does: the command palette
(Ctrl+Shift+C) runs all cells, Tab and Shift+Tab move between the controls, Enter and Space
press buttons, arrow keys move a slider and choose in a menu, and answers are typed into the
boxes. After each key the test reads which control has the focus (``document.activeElement``)
and what the page shows, and compares it with the same widget built in this process.

Focus must be visible: each control, when it has the focus, must look different from how
it looks without it (an outline, a border or a shadow), and a screenshot of each widget with
a control focused is kept in ``/tmp/browser-shots/keyboard/`` (``BROWSER_SHOTS`` moves it).
How strongly the focus shows (the contrast of the focus ring with the page's white) is
printed for every control; WCAG 2.1's 3:1 for a state's indicator (1.4.11) is the last
test's measure.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Browser
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from gametheory.games.nim import Nim
from gametheory.practice import Drill
from gametheory.trees import tree
from gametheory.widgets.explorer import PruningExplorer
from gametheory.widgets.play import PlayWidget
from gametheory.widgets.practice import PracticeWidget
from tests.browser.lab import KERNEL_IDLE, SHOTS, WAIT, JupyterLab, NotebookPage

NAME = "keyboard_walk.ipynb"
DRILL = ("minimax", 3, 1)  # kind, seed, level
TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
CELLS = [
    'from gametheory.practice import Drill\nDrill("minimax", seed=3, level=1).widget()',
    "from gametheory.games.nim import Nim\nfrom gametheory.widgets.play import PlayWidget\n"
    "PlayWidget(Nim(7), depth=None)",
    "from gametheory.trees import tree\nfrom gametheory.widgets.explorer import PruningExplorer\n"
    f"PruningExplorer(tree({TREE}))",
]
KEYS_TO_REACH = 120
"""At most this many Tab presses from anywhere to a control (JupyterLab's menus, side
bar and tool bars come first)."""
TIMEOUT = 30_000
"""Milliseconds for the page to show what a key press did (each answers in Python at once)."""
FOCUS_KEYS = ["outlineStyle", "outlineWidth", "outlineColor", "borderColor", "boxShadow"]
FOCUS_KEYS += ["backgroundColor"]  # a slider's handle turns blue

_FOCUSED = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    const own = [...e.classList, ...(e.closest('.jupyter-widgets')?.classList ?? [])];
    const style = getComputedStyle(e);
    return {tag: e.tagName.toLowerCase(), classes: own.filter(c => c.startsWith('gt-')),
            look: Object.fromEntries(KEYS.map(k => [k, style[k]]))};
}""".replace("KEYS", json.dumps(FOCUS_KEYS))
_LEFT = """() => Object.fromEntries(
    [...document.querySelectorAll('[data-gt-walk]')]
        .filter(e => e !== document.activeElement)
        .map(e => {
            const style = getComputedStyle(e);
            return [e.dataset.gtWalk, Object.fromEntries(KEYS.map(k => [k, style[k]]))];
        }))""".replace("KEYS", json.dumps(FOCUS_KEYS))


@pytest.fixture(scope="module")
def walk(lab: JupyterLab, browser: Browser) -> Iterator[Walk]:
    """The small notebook written into the server's folder, opened, and run by keys."""
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell(code) for code in CELLS]
    book.cells.append(nbformat.v4.new_markdown_cell("The end of the keyboard walk."))
    book.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(book, lab.root / NAME)
    page = NotebookPage(lab, browser, NAME)
    walk = Walk(page)
    walk.run_all_by_keys()
    yield walk
    page.close()
    lab.shut_down(NAME)


class Walk:
    """The notebook's tab, driven by keys only, with what the walk has seen."""

    def __init__(self, page: NotebookPage) -> None:
        self.notebook, self.page = page, page.page
        self.looks: dict[str, dict[str, str]] = {}  # control class -> its look with focus
        self.resting: dict[str, dict[str, str]] = {}  # ... and just after the focus left

    def run_all_by_keys(self) -> None:
        """Run ▸ Run All Cells from the command palette, and wait for the three widgets."""
        self.page.evaluate(
            """() => {
            const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            window.gtReplies = 0;
            kernel.anyMessage.connect((_, m) => {
                if (m.direction === 'recv' && m.msg.header.msg_type === 'execute_reply')
                    window.gtReplies += 1;
            });
        }"""
        )
        self.page.keyboard.press("Control+Shift+C")
        self.page.locator(".lm-CommandPalette-input").wait_for(timeout=WAIT)
        self.page.keyboard.type("Run All Cells")
        self.page.keyboard.press("Enter")
        self.page.wait_for_function(
            f"() => window.gtReplies >= {len(CELLS)}", polling=100, timeout=WAIT * 2
        )
        self.page.wait_for_function(KERNEL_IDLE, polling=100, timeout=WAIT)
        for css in ("gt-practice", "gt-play", "gt-explorer"):
            self.page.locator(f".{css}").wait_for(timeout=WAIT)
        assert self.notebook.error_outputs() == [] and self.notebook.widget_errors() == 0

    def focused(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.page.evaluate(_FOCUSED)
        return found

    def on(self, css: str) -> bool:
        seen = self.focused()
        return seen is not None and css in seen["classes"]

    def press(self, key: str) -> dict[str, Any] | None:
        """Press ``key``; then note how the controls the focus has left look without it."""
        self.page.keyboard.press(key)
        self.resting.update(self.page.evaluate(_LEFT))
        return self.focused()

    def tab_to(self, css: str, key: str = "Tab") -> int:
        """Press ``key`` (Tab or Shift+Tab) until the control ``css`` has the focus; the
        number of presses. Fails if it is not reached within :data:`KEYS_TO_REACH`."""
        path: list[Any] = []
        for count in range(1, KEYS_TO_REACH + 1):
            seen = self.press(key)
            path.append(seen and seen["classes"])
            if self.on(css):
                self.keep_look(css)
                return count
        raise AssertionError(f"{key} never reached .{css}; the focus went {path[-30:]}")

    def keep_look(self, css: str) -> None:
        seen = self.focused()
        assert seen is not None
        self.looks[css] = seen["look"]
        self.page.evaluate("css => document.activeElement.dataset.gtWalk = css", css)

    def sequence(self, key: str, count: int) -> list[str]:
        """The widget controls the focus passes through in ``count`` presses of ``key``."""
        passed = []
        for _ in range(count):
            seen = self.press(key)
            named = [c for c in (seen or {}).get("classes", []) if c.count("-") >= 2]
            passed.append(named[0] if named else "(not a widget control)")
            if named:
                self.keep_look(named[0])
        return passed

    def text(self, css: str) -> str:
        return " ".join(self.page.locator(f".{css}").first.inner_text().split())

    def wait_text(self, css: str, wanted: str) -> str:
        """Wait until the control shows ``wanted`` (whitespace aside); return what it shows."""
        try:
            self.page.wait_for_function(
                """([css, wanted]) => {
                    const e = document.querySelector(css);
                    return e && e.innerText.split(/\\s+/).join(' ').trim() === wanted;
                }""",
                arg=[f".{css}", " ".join(wanted.split())],
                timeout=TIMEOUT,
            )
        except PlaywrightTimeoutError:
            raise AssertionError(f".{css} shows {self.text(css)!r}, not {wanted!r}") from None
        return self.text(css)

    def shot(self, name: str, css: str) -> None:
        (SHOTS / "keyboard").mkdir(parents=True, exist_ok=True)
        self.notebook.screenshot(f"keyboard/{name}", self.page.locator(f".{css}").first)


def _plain(value: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(value)).split())


def _typed_answers(practice: PracticeWidget) -> dict[str, str]:
    values, _ = practice.drill.solution()
    return {name: str(int(v) if float(v).is_integer() else v) for name, v in values.items()}


# -- the practice widget: a wrong answer, then the right one, all typed ---------------------
def test_a_drill_is_answered_and_checked_with_the_keyboard_alone(
    walk: Walk, capsys: pytest.CaptureFixture[str]
) -> None:
    kind, seed, level = DRILL
    oracle = PracticeWidget(Drill(kind, seed=seed, level=level))
    inner = oracle.drill.inner
    presses = walk.tab_to(f"gt-practice-input-{inner[0]}")
    with capsys.disabled():  # JupyterLab's tool bars, tabs and status bar come first
        print(f"\nTab pressed {presses} times from the notebook to the drill's first box")
    controls = [f"gt-practice-input-{n}" for n in inner[1:]]
    controls += ["gt-practice-check", "gt-practice-hint", "gt-practice-new"]
    controls += ["gt-practice-solution", "gt-practice-level"]
    assert walk.sequence("Tab", len(controls)) == controls  # boxes in search order, buttons
    assert walk.sequence("Shift+Tab", len(controls)) == [
        *controls[-2::-1],
        f"gt-practice-input-{inner[0]}",
    ]

    # a wrong answer: every box typed, the second one wrong, and Space on check
    answers = _typed_answers(oracle)
    wrong = dict(answers, **{inner[1]: str(float(answers[inner[1]]) + 1).removesuffix(".0")})
    for i, name in enumerate(inner):
        if i:
            walk.press("Tab")
        assert walk.on(f"gt-practice-input-{name}")
        walk.page.keyboard.type(wrong[name])
        oracle.inputs[name].value = wrong[name]
    walk.press("Tab")
    assert walk.on("gt-practice-check")
    walk.shot("practice-check-focused", "gt-practice")
    walk.press("Space")
    oracle.check_button.click()
    shown = walk.wait_text("gt-practice-feedback", _plain(oracle.feedback.value))
    assert shown.startswith(f"✗ {inner[1]} ")
    walk.shot("practice-wrong", "gt-practice")

    # back to the wrong box with Shift+Tab, the right value, Enter in the box checks
    walk.tab_to(f"gt-practice-input-{inner[1]}", "Shift+Tab")
    walk.press("Control+A")
    walk.page.keyboard.type(answers[inner[1]])
    oracle.inputs[inner[1]].value = answers[inner[1]]
    walk.press("Enter")
    oracle.check_button.click()
    shown = walk.wait_text("gt-practice-feedback", _plain(oracle.feedback.value))
    assert shown.startswith("✓ All right")
    walk.shot("practice-right", "gt-practice")

    # the level menu: Space opens it, an arrow key and Enter choose level 2 (the same seed's
    # tree at level 2). A plain arrow key on the closed menu is JupyterLab's: it moves to the
    # next cell (ipywidgets issue 3912), so the menu is opened first.
    walk.tab_to("gt-practice-level")
    for key in ("Space", "ArrowDown", "Enter"):
        walk.press(key)
    assert walk.on("gt-practice-level")
    oracle.level_menu.value = level + 1
    walk.wait_text("gt-practice-score", _plain(oracle.score.value))
    assert f"seed {seed}" in walk.text("gt-practice-score")


# -- the play widget: one move of Nim, and the machine's reply ------------------------------
def test_a_move_is_played_with_the_keyboard_alone(walk: Walk) -> None:
    oracle = PlayWidget(Nim(7), depth=None, background=False)
    first = oracle.move_buttons[0]
    walk.tab_to("gt-play-move")
    assert walk.text("gt-play-moves").startswith(first.description)
    walk.shot("play-move-focused", "gt-play")
    walk.press("Enter")
    first.click()
    status = " ".join(
        part for part in (oracle.reply, oracle.message, oracle._outcome(), oracle.prompt) if part
    )
    shown = walk.wait_text("gt-play-status", _plain(status))
    # the move said first (issue 37), then the machine's reply to it
    assert shown.startswith(f"You play {first.description}. The machine (B) plays "), shown
    left = oracle.state.matches
    assert left < 7 - 1 and f"{left} matches left" in walk.text("gt-play-board")
    walk.shot("play-replied", "gt-play")


# -- the explorer: a step with Enter, another with an arrow key on the slider ---------------
def test_the_explorer_steps_with_the_keyboard_alone(walk: Walk) -> None:
    oracle = PruningExplorer(tree(TREE))
    walk.tab_to("gt-explorer-next")
    walk.press("Enter")
    oracle.forward()
    walk.wait_text("gt-explorer-counters", _plain(oracle.counters.value))
    walk.shot("explorer-next-focused", "gt-explorer")
    walk.tab_to("gt-explorer-step", "Shift+Tab" if _after(walk, "gt-explorer-step") else "Tab")
    walk.press("ArrowRight")
    oracle.forward()
    walk.wait_text("gt-explorer-counters", _plain(oracle.counters.value))
    assert oracle.slider.value == 2
    walk.shot("explorer-slider-focused", "gt-explorer")


def _after(walk: Walk, css: str) -> bool:
    """Whether control ``css`` comes before the focused element in the page (so Shift+Tab
    reaches it first)."""
    return bool(
        walk.page.evaluate(
            """css => {
                const target = document.querySelector(css);
                return !!(document.activeElement.compareDocumentPosition(target)
                          & Node.DOCUMENT_POSITION_PRECEDING);
            }""",
            f".{css}",
        )
    )


# -- focus shows ------------------------------------------------------------------------------
def _differs(focused: dict[str, str], resting: dict[str, str]) -> bool:
    ring = focused["outlineStyle"] != "none" and not focused["outlineWidth"].startswith("0")
    changed = ("borderColor", "boxShadow", "backgroundColor")
    return ring or any(focused[k] != resting[k] for k in changed)


def test_every_control_reached_shows_that_it_has_the_focus(walk: Walk) -> None:
    walk.press("Tab")  # off the last control reached, so that its look without the focus shows
    reached = sorted(walk.looks)
    assert len(reached) >= 12, reached  # the walks above came this way
    assert set(reached) <= set(walk.resting), set(reached) - set(walk.resting)
    unseen = {
        css: (focused, walk.resting[css])
        for css, focused in walk.looks.items()
        if not _differs(focused, walk.resting[css])
    }
    assert unseen == {}, f"controls that look the same with and without the focus: {unseen}"


_RGB = re.compile(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)")


def _ink(css_colour: str) -> str | None:
    """``rgb(r, g, b)`` as ``#rrggbb`` (None if transparent)."""
    found = _RGB.match(css_colour)
    if found is None or (found[4] is not None and float(found[4]) == 0):
        return None
    return "#" + "".join(f"{int(found[i]):02x}" for i in (1, 2, 3))


def _ring(focused: dict[str, str], resting: dict[str, str]) -> tuple[str, str]:
    """What marks the focus, and its colour: the outline if drawn, else the border."""
    if focused["outlineStyle"] != "none" and not focused["outlineWidth"].startswith("0"):
        return f"outline {focused['outlineWidth']}", focused["outlineColor"]
    if focused["borderColor"] != resting["borderColor"]:
        return "border colour", focused["borderColor"]
    if focused["backgroundColor"] != resting["backgroundColor"]:
        return "fill", focused["backgroundColor"]
    return "shadow", focused["boxShadow"]


def test_the_focus_ring_stands_out_from_the_page(walk: Walk, capsys: Any) -> None:
    from tests.test_accessibility import contrast

    figures = {}
    for css, focused in sorted(walk.looks.items()):
        kind, colour = _ring(focused, walk.resting.get(css, focused))
        ink = _ink(colour)
        figures[css] = (kind, colour, contrast(ink, "#ffffff") if ink else 0.0)
    with capsys.disabled():
        print("\nthe focus, control by control (contrast of its mark on white):")
        for css, (kind, colour, ratio) in figures.items():
            print(f"  {ratio:5.2f}:1  {kind} {colour}  .{css}")
    assert {css: f for css, f in figures.items() if f[2] < 3.0} == {}
