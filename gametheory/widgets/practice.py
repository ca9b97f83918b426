"""Practise a search by hand: fill in the tree, check, ask for a hint, try a new tree.

:class:`PracticeWidget` shows a :class:`~gametheory.practice.Drill`: the tree, one box per
inner node (named as in the picture, in the order the search visits the nodes), for
alpha-beta a box per inner node for the window ``α, β`` it is entered with and a toggle per
leaf to mark it as never looked at, and the buttons **check**,
**hint**, **new tree** and **solution**; the verdict and the score stand beside the buttons,
so that a check is answered where the student looks. Enter in a box checks too. Every
control answers at once in Python (a drill is a search on a tree of at most a hundred
nodes: checking an answer takes under a millisecond, a new tree with its picture about
20 ms), so the widget works wherever ipywidgets 8 does: JupyterLab 4, Notebook 7, VS Code.
Displayed, it also offers a still picture of the tree with its task
(:class:`~gametheory.widgets.front.WidgetFront`), which a notebook stored without a kernel
shows instead.

**What the picture shows.** Under the tree stands, from the start, the key to what a check
marks: ✓ right, ✗ wrong (and the first thing left out), the ring on the first mistake
(:meth:`Drill.picture`). The tree is scaled to the width of the output area, all of it in
view; with **actual size** pressed it shrinks only as far as its words stay readable
(:func:`~gametheory.widgets.front.fitted`), then scrolls sideways.

**Double clicks.** A second press of the same button within :attr:`PracticeWidget.double_click`
seconds, on the same answers, is the second click of a double click and does nothing: a
check is counted once, **new tree** moves one seed on, not two.

**Clicks on two threads.** JupyterLab 4.6 with ipykernel 7 may handle a widget's click on a
kernel subshell, a thread beside the main one, so two clicks (or a click and a cell calling
the widget) can run at once. Each action holds the widget's lock from start to end: a
second click waits its turn, a few milliseconds, and is then done on what the first one
left — never a check of the old tree's boxes against the new tree.

Every control carries a stable CSS class, for tests that drive the widget in a browser. The
class sits on the widget's own element; an ``<input>`` or ``<button>`` is that element or
inside it (``.gt-practice-input-B input``).

==============================  ==========================================================
CSS class                       control
==============================  ==========================================================
``gt-practice``                 the whole widget
``gt-practice-task``            the sentence saying what to do
``gt-practice-picture``         the tree (an SVG inside an HTML widget)
``gt-practice-inputs``          the row of boxes for the inner nodes
``gt-practice-input-B``         the text box for node B (one per inner node, by name)
``gt-practice-windows``         the row of α, β boxes (alpha-beta only)
``gt-practice-window-B``        the α, β box for node B; after a check it also has
                                ``gt-practice-window-right`` or ``-wrong`` if typed
``gt-practice-pruned``          the row of leaf toggles (alpha-beta only)
``gt-practice-pruned-I``        the toggle for leaf I: pressed = never looked at
``gt-practice-controls``        the buttons and the level menu, with the verdict beside
``gt-practice-check``           button: grade the answer
``gt-practice-hint``            button: the next step of the search
``gt-practice-new``             button: a new tree (the next seed)
``gt-practice-solution``        button: fill in the solution
``gt-practice-level``           drop-down: level 1, 2 or 3 (the same seed's tree at that level)
``gt-practice-size``            toggle: pressed = the tree at a readable size (it may scroll)
``gt-practice-said``            the verdict and the score, beside the buttons
``gt-practice-feedback``        the verdict, hint or note; it also has
                                ``gt-practice-correct`` after a right answer (and
                                is green, with a ✓) and ``gt-practice-wrong`` after
                                a wrong one (and is red, with a ✗)
``gt-practice-score``           the best check ("3 of 4 steps right"), checks and hints
==============================  ==========================================================

>>> from gametheory.trees import tree
>>> practice = PracticeWidget(Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
>>> for name, value in {"A": "3", "B": "3", "C": "2", "D": "2"}.items():
...     practice.inputs[name].value = value
>>> practice.toggles["I"].value = practice.toggles["J"].value = True
>>> practice.check_button.click()
>>> practice.feedback.value
'✓ All right: A 3, B 3, C 2, D 2; never looked at: I and J. (5 of 5 steps right)'

The windows are checked too, where typed (the first wrong one is named):

>>> practice.windows["A"].value, practice.windows["C"].value = "-inf, inf", "-inf, 3"
>>> practice.check_button.click()
>>> print(practice.feedback.value.split(")", 1)[1].strip())
✗ Window at C: Not quite: Enter C (MIN) with window [α = 3, β = +∞]: C starts with the window A has at that moment — you said [−∞, 3].
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from gametheory.core import ArgumentTypeError
from gametheory.draw.svg import Svg
from gametheory.draw.tree import RIGHT_INK, WRONG_INK
from gametheory.formatting import number_text
from gametheory.practice import Drill, Feedback
from gametheory.practice.answers import shown
from gametheory.widgets.front import WidgetFront, fitted, size_toggle

__all__ = ["PracticeWidget"]


_RIGHT_INK, _WRONG_INK = RIGHT_INK, WRONG_INK
"""The colours of the feedback after a right and a wrong answer: the inks of the trees' ✓
and ✗ (5.3:1 and 6.7:1 on the page's white, and at least 14 apart in CAM02-UCS for every
colour vision; ``tests/test_accessibility.py`` measures them). The feedback also starts with
✓ or ✗, so colour is never the only sign."""


def _css(name: str) -> str:
    """A node name as a piece of a CSS class (names are letters; anything else becomes _)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)


def _row() -> widgets.Layout:
    return widgets.Layout(flex_flow="row wrap")


def _box(name: str, placeholder: str, what: str = "input") -> widgets.Text:
    """The text box of the inner node ``name``: its value, or (``what="window"``) its
    window."""
    box = widgets.Text(
        description=name,
        placeholder=placeholder,
        layout=widgets.Layout(width="8.5em" if what == "input" else "9.5em"),
        style={"description_width": "2.2em" if what == "input" else "3.2em"},
    )
    return box.add_class(f"gt-practice-{what}-{_css(name)}")


def _mark(box: widgets.Text, right: bool | None) -> None:
    """Mark a window box right (✓ in its name, a green frame), wrong (✗, red) or not at
    all (None): so colour is never the only sign."""
    name = box.description.rstrip(" ✓✗")
    box.description = name + {True: " ✓", False: " ✗", None: ""}[right]
    box.layout.border = (
        None if right is None else f"2px solid {_RIGHT_INK if right else _WRONG_INK}"
    )
    for word, on in [("right", right is True), ("wrong", right is False)]:
        (box.add_class if on else box.remove_class)(f"gt-practice-window-{word}")


def _toggle(name: str) -> widgets.ToggleButton:
    """The toggle of the leaf ``name``: pressed = never looked at, and it stands out."""
    toggle = widgets.ToggleButton(
        description=name,
        icon="cut",
        tooltip=f"pressed: {name} is never looked at",
        layout=widgets.Layout(width="auto"),
    )
    toggle.observe(_pressed_look, names="value")
    return toggle.add_class(f"gt-practice-pruned-{_css(name)}")


def _pressed_look(change: dict[str, Any]) -> None:
    """A pressed leaf toggle stands out (pressed = never looked at)."""
    change["owner"].button_style = "warning" if change["new"] else ""


_BUTTONS = {  # CSS class gt-practice-…: description, icon, tooltip
    "check": ("check", "check", "grade your answer: the first mistake, in the order of the search"),
    "hint": ("hint", "lightbulb-o", "the next step of the search, and only that"),
    "new": ("new tree", "random", "a new tree of the same kind and level (the next seed)"),
    "solution": (
        "solution",
        "eye",
        "fill in the right answer (the drill then no longer counts as solved)",
    ),
}


class PracticeWidget(WidgetFront):
    """A drill to do by hand, checked by the search.

    Parameters
    ----------
    drill
        The drill to show; a random alpha-beta drill of level 1 if None.

    Attributes
    ----------
    drill : Drill
        The drill being done (a new one after **new tree** or a change of level).
    records : list of dict
        :meth:`Drill.record` of every drill done in this widget, the current one last: what
        a teacher collects.
    inputs : dict name -> ipywidgets.Text
        The box of each inner node, in the order the search visits the nodes.
    windows : dict name -> ipywidgets.Text
        For alpha-beta, the box of each inner node's window ``α, β`` on entering it.
    toggles : dict name -> ipywidgets.ToggleButton
        For alpha-beta, the toggle of each leaf (pressed = never looked at).
    widget : ipywidgets.VBox
        The whole widget; a notebook displays the PracticeWidget itself.

    Raises
    ------
    TypeError
        If ``drill`` is not a :class:`~gametheory.practice.Drill`.

    Examples
    --------
    >>> practice = PracticeWidget(Drill("minimax", seed=3))
    >>> practice.hint_button.click()
    >>> practice.feedback.value.startswith("Hint: ")
    True
    >>> practice.new_button.click(); practice.drill.seed
    4
    """

    note = "Run this cell to practise: type your answers, then press check."
    double_click = 0.5
    """Seconds within which a second press of a button, on the same answers, is the second
    click of a double click: it does nothing (a check is counted once, a seed not skipped)."""

    def __init__(self, drill: Drill | None = None) -> None:
        if drill is not None and not isinstance(drill, Drill):
            raise ArgumentTypeError(
                f"PracticeWidget needs a Drill, e.g. PracticeWidget(Drill('alphabeta', "
                f"seed=7)) or Drill(...).widget(); got {shown(drill)}"
            )
        self.drill = drill if drill is not None else Drill("alphabeta", level=1)
        self._done: list[dict[str, Any]] = []
        self._answers: Any = None  # the answers marked in the picture (None: none yet)
        # one action at a time, whichever thread its click comes on (see the module's text)
        self._lock = threading.RLock()
        self._clock: Callable[[], float] = time.monotonic
        self._last: tuple[object, float] | None = None  # the last press: what, and when done
        self.inputs: dict[str, widgets.Text] = {}
        self.windows: dict[str, widgets.Text] = {}
        self.toggles: dict[str, widgets.ToggleButton] = {}
        self.task = widgets.HTML().add_class("gt-practice-task")
        self.picture = widgets.HTML(layout=widgets.Layout(overflow="auto"))  # see fitted()
        self.picture.add_class("gt-practice-picture")
        self.input_box = widgets.HBox(layout=_row()).add_class("gt-practice-inputs")
        self.window_box = widgets.HBox(layout=_row()).add_class("gt-practice-windows")
        self.toggle_box = widgets.HBox(layout=_row()).add_class("gt-practice-pruned")
        actions = [self.check, self.hint, self.new_tree, self.show_solution]
        buttons = [self._button(css, act) for css, act in zip(_BUTTONS, actions, strict=True)]
        self.check_button, self.hint_button, self.new_button, self.solution_button = buttons
        self.check_button.button_style = "primary"
        self.level_menu = widgets.Dropdown(
            options=[("level 1", 1), ("level 2", 2), ("level 3", 3)],
            value=self.drill.level or 1,
            description="tree at",  # its visible name, which a screen reader reads out too
            style={"description_width": "initial"},
            layout=widgets.Layout(width="11.5em"),
            tooltip="the tree of this seed at this level",
        ).add_class("gt-practice-level")
        self.level_menu.observe(self._level_chosen, names="value")
        self._showing = False  # True while the widget itself sets the level menu
        self.feedback = widgets.HTML().add_class("gt-practice-feedback")
        self.score = widgets.HTML().add_class("gt-practice-score")
        parts = [self.task, self.picture, self.input_box, self.window_box, self.toggle_box]
        self.widget = widgets.VBox([*parts, self._controls(buttons)]).add_class("gt-practice")
        self._show_drill()

    def _controls(self, buttons: list[widgets.Button]) -> widgets.Box:
        """The buttons and the level menu, with the verdict and the score beside them (under
        them when the area is narrow): what a check says is where the student looks."""
        self.size_button = size_toggle("gt-practice-size", lambda: self._draw(self._answers))
        pressed = widgets.HBox([*buttons, self.level_menu, self.size_button], layout=_row())
        said = widgets.VBox(
            [self.feedback, self.score],
            layout=widgets.Layout(flex="1 1 24em", min_width="16em", margin="0 0 0 8px"),
        ).add_class("gt-practice-said")
        return widgets.HBox(
            [pressed, said], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")
        ).add_class("gt-practice-controls")

    def _button(self, css: str, action: Callable[[], object]) -> widgets.Button:
        """The button ``gt-practice-<css>`` of :data:`_BUTTONS`: a press does ``action``,
        the second click of a double click nothing."""
        description, icon, tooltip = _BUTTONS[css]
        layout = widgets.Layout(width="auto")
        button = widgets.Button(description=description, icon=icon, tooltip=tooltip, layout=layout)
        button.on_click(lambda _: self.press(css, action))
        return button.add_class(f"gt-practice-{css}")

    def press(self, what: str, action: Callable[[], object]) -> bool:
        """Do ``action`` for a press of button ``what`` (or Enter in a box), unless it is
        the second click of a double click: the same button, the same answers, within
        :attr:`double_click` seconds of the first one's end. Returns whether it was done.

        >>> practice = PracticeWidget(Drill("minimax", seed=3))
        >>> practice.press("new", practice.new_tree), practice.press("new", practice.new_tree)
        (True, False)
        >>> practice.drill.seed  # one new tree, not two
        4
        """
        with self._lock:
            fingerprint = (what, self._answers_key() if what in ("check", "hint") else None)
            last = self._last
            soon = last is not None and self._clock() - last[1] < self.double_click
            if soon and last is not None and last[0] == fingerprint:  # a double click's second
                return False
            action()
            self._last = (fingerprint, self._clock())
            return True

    def _answers_key(self) -> object:
        values, pruned = self.answers()
        windows = tuple(box.value for box in self.windows.values())
        return id(self.drill), tuple(values.items()), tuple(pruned), windows

    # -- what the controls do ---------------------------------------------------------------
    def answers(self) -> tuple[dict[str, str], list[str]]:
        """What the student has entered: ``(values, pruned)`` as :meth:`Drill.check` takes."""
        with self._lock:
            values = {name: box.value for name, box in self.inputs.items()}
            pruned = [name for name, toggle in self.toggles.items() if toggle.value]
            return values, pruned

    def check(self) -> Feedback:
        """Grade the answer; show the verdict and the answers marked in the picture."""
        with self._lock:
            values, pruned = self.answers()
            verdict = self.drill.check(values, pruned)
            self._draw((values, pruned))
            windows = self._check_windows()
            self._say(f"{verdict} {windows}".strip(), verdict.correct and "✗" not in windows)
            return verdict

    def _check_windows(self) -> str:
        """Grade the windows typed (an empty box is not graded), mark each box right or
        wrong, and say the first wrong one in the order of the search ("" if none typed)."""
        typed = 0
        wrong: list[str] = []
        for name, box in self.windows.items():
            _mark(box, None)
            if box.value.strip():
                right, text = self.drill.check_window(name, box.value)
                typed += 1
                _mark(box, right)
                if not right:
                    wrong.append(f"✗ Window at {name}: {text}")
        if wrong:
            return wrong[0]
        return f"✓ The {typed} windows typed are right." if typed else ""

    def hint(self) -> str:
        """Show the next step of the search that the answer does not get right."""
        with self._lock:
            text = self.drill.hint(*self.answers())
            step = text.removeprefix("Next step: ")
            self._say(f"Hint: {step}" if step != text else text, None)
            return text

    def show_solution(self) -> None:
        """Fill in the right answer (noted in the record: the drill no longer counts)."""
        with self._lock:
            values, pruned = self.drill.show_solution()
            for name, box in self.inputs.items():
                box.value = str(values.get(name, ""))
            for name, toggle in self.toggles.items():
                toggle.value = self._under(name, pruned)
            entered = {s.node: s.expected for s in self.drill.steps() if s.ask == "window"}
            for name, box in self.windows.items():
                _mark(box, None)
                box.value = ", ".join(map(number_text, entered[name])) if name in entered else ""
            self._draw((values, pruned))
            self._say("The solution is filled in: check it step by step with the picture.", None)

    def new_tree(self, level: int | None = None) -> None:
        """A new drill of the same kind: the next seed's tree, or with ``level`` the same
        seed's tree at that level (so that a seed handed out by the teacher names one tree
        per level for everyone).

        If no drill can be made (a size of your own that the next seed makes too large),
        the feedback says why and the drill shown stays.
        """
        with self._lock:
            try:
                same_seed = level is not None and self.drill.seed is not None
                following = self.drill if same_seed else self.drill.next()
                if level is not None:
                    following = Drill(following.kind, seed=following.seed, level=level)
            except ValueError as error:
                self._say(f"No new tree: {error}", None)
                return
            self._done.append(self.drill.record())
            self.drill = following
            self._show_drill()

    @property
    def records(self) -> list[dict[str, Any]]:
        """The record of every drill done here, the current one last."""
        with self._lock:
            return [*self._done, self.drill.record()]

    # -- what is shown ----------------------------------------------------------------------
    def _show_drill(self) -> None:
        drill = self.drill
        self.task.value = f"<b>{escape(drill.task)}</b>"
        self._draw(None)
        self.inputs = {name: _box(name, drill.placeholder) for name in drill.inner}
        self.input_box.children = tuple(self.inputs.values())
        windowed = drill.marks_pruned  # alpha-beta
        self.windows = {n: _box(n, "α, β", "window") for n in drill.inner} if windowed else {}
        for box in [*self.inputs.values(), *self.windows.values()]:  # Enter checks, as "check"
            box.on_msg(self._submitted)
        ask = widgets.HTML("α, β on entering:", layout=widgets.Layout(margin="0 6px 0 4px"))
        self.window_box.children = (ask, *self.windows.values()) if self.windows else ()
        self.window_box.layout.display = "flex" if self.windows else "none"
        self.toggles = {name: _toggle(name) for name in drill.leaves} if drill.marks_pruned else {}
        title = widgets.HTML("never looked at:", layout=widgets.Layout(margin="0 6px 0 4px"))
        self.toggle_box.children = (title, *self.toggles.values()) if self.toggles else ()
        self.toggle_box.layout.display = "flex" if self.toggles else "none"
        self._showing = True
        try:
            self.level_menu.value = drill.level or 1
        finally:
            self._showing = False
        self._say("", None)

    def _submitted(self, box: widgets.Text, content: Any, buffers: Any) -> None:
        """A box's message from the page: Enter pressed in it (ipywidgets' "submit")."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self.press("check", self.check)

    def _level_chosen(self, change: dict[str, Any]) -> None:
        with self._lock:  # the widget sets the menu itself only while it holds the lock
            if not self._showing:
                self.new_tree(level=change["new"])

    def _draw(self, answers: Any) -> None:
        with self._lock:
            self._answers = answers
            # the task stands above the tree already; under it, from the start, the key to
            # the marks a check draws (so that nothing moves when they come); the tree is
            # scaled to the notebook's width, or (actual size) shrinks only as far as its
            # words stay readable, then scrolls
            picture = self.drill.picture(answers, caption=self.drill.key_text)
            self.picture.value = fitted(picture, whole=not self.size_button.value)

    def still_picture(self) -> Svg:
        """The tree as shown now, with the task under it (the still shown where no kernel
        runs the widget); once answers are checked, with them marked and the colours' key."""
        with self._lock:
            return self.drill.picture(self._answers)

    def _under(self, leaf: str, pruned: tuple[str, ...]) -> bool:
        """Whether ``leaf`` is one of the pruned nodes or below one."""
        key = self.drill.key
        return key.names.find(leaf) in key.cover(key.names.find(name) for name in pruned)

    def _say(self, text: str, correct: bool | None) -> None:
        self.feedback.value = escape(text, quote=False)
        self.feedback.style.text_color = {True: _RIGHT_INK, False: _WRONG_INK, None: None}[correct]
        for name, on in [("correct", correct is True), ("wrong", correct is False)]:
            (self.feedback.add_class if on else self.feedback.remove_class)(f"gt-practice-{name}")
        drill = self.drill
        if drill.best is None:
            best = "no check yet" if not drill.solution_shown else "no check before the solution"
        else:
            own = " on your own" if drill.hints else ""
            best = f"best check: {drill.best[0]} of {drill.best[1]} steps right{own}"
        origin = f"seed {drill.seed}" if drill.seed is not None else "a given tree"
        solution = " · solution shown" if drill.solution_shown else ""
        self.score.value = escape(
            f"{best} · checks {drill.attempts} · hints {drill.hints}{solution} · "
            f"{drill.kind}, {origin}"
        )
