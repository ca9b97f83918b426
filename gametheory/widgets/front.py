"""What every widget of the package shares: how it shows itself, with or without a kernel.

A widget's controls live in the running kernel. A notebook stored with its outputs, opened
where no kernel has drawn them (on GitHub, in a fresh JupyterLab before *Run all*, in a
viewer), can show only a picture. So each widget of the package offers, beside the live
widget, a still picture of its first frame with a line saying how to bring it to life;
JupyterLab and the other front ends show the live widget when they can and the picture
otherwise, and the stored notebooks keep only the picture (``tools/execute_notebooks.py``).

>>> from gametheory.draw.svg import document
>>> picture = still(document(100, 40, []), "Run this cell to play.")
>>> picture.count("<svg"), "Run this cell to play." in picture
(2, True)
>>> still(document(100, 40, [], title="A board", desc="A to move"), "Run it.").split("\\n")[1]
'<title>A board</title><desc>A to move</desc>'

"""

from __future__ import annotations

import asyncio
import html
import math
import re
import sys
import threading
from collections.abc import Callable, Iterable, Sequence, Sized
from html import escape
from numbers import Integral
from typing import Any

import ipywidgets as widgets

from gametheory.core import CHANCE, ArgumentTypeError, GameError
from gametheory.draw.svg import Svg, document, text
from gametheory.practice.answers import shown
from gametheory.search import ALGORITHMS, searches
from gametheory.search.result import SearchResult
from gametheory.trees import GameTree

# what a notebook may use; the helpers below them build the package's own widgets
__all__ = ["WidgetFront", "still", "fitted", "running_loop", "TABLE", "SAVED_NOTE"]

TABLE = '<table style="border-collapse:separate;border-spacing:14px 2px;margin-left:-14px">'
"""The opening tag of a widget's table: its columns apart (front ends' styles set no gap)."""

_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')
_VIEWBOX = re.compile(r'<svg[^>]*?\sviewBox="0 0 ([\d.]+) ([\d.]+)"')


def picture_size(picture: str) -> tuple[float, float]:
    """A picture's width and height, as its ``<svg>`` element says.

    >>> picture_size('<svg width="40" height="30.5">')
    (40.0, 30.5)
    """
    found = _SIZE.search(picture)
    if found is None:
        raise GameError("the picture has no width and height on its <svg> element")
    return float(found.group(1)), float(found.group(2))


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this code (a kernel's, or the browser's in Pyodide), or None.

    A widget that cannot start a thread (the browser's Python cannot) schedules its work
    on this loop instead; with no loop running it does the work at once.

    >>> running_loop() is None  # a doctest runs outside any event loop
    True
    >>> async def inside() -> bool:
    ...     return running_loop() is asyncio.get_running_loop()
    >>> asyncio.run(inside())
    True
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":  # Pyodide's WebLoop always runs, whoever calls
        loop = asyncio.get_event_loop()
        return loop if loop.is_running() else None
    return None


def still(picture: Svg, note: str) -> Svg:
    """``picture`` with ``note`` written under it: a widget's first frame, as a still.

    Parameters
    ----------
    picture
        An SVG document with ``width`` and ``height`` on its ``<svg>`` element.
    note
        One short line, e.g. "Run this cell to play."
    """
    width, height = picture_size(picture)
    line = text(8, height + 17, note, 13, "#555555", "start")
    # the still says what its picture says (its own title and description), not its longest word
    title, desc = picture_words(picture)
    return document(
        max(width, 8 + 7.5 * len(note)), height + 26, [picture, line], title=title, desc=desc
    )


_OWN = {tag: re.compile(f"<{tag}>(.*?)</{tag}>", re.S) for tag in ("title", "desc")}


def picture_words(picture: str) -> tuple[str, str]:
    """A picture's own title and description, as text ("" where it has none).

    >>> picture_words("<svg><title>A tree</title><desc>3 &lt; 4</desc></svg>")
    ('A tree', '3 < 4')
    """
    title, desc = (_OWN[tag].search(picture) for tag in ("title", "desc"))
    return (
        html.unescape(title.group(1)) if title else "",
        html.unescape(desc.group(1)) if desc else "",
    )


READABLE = 9.0
"""The smallest a word of a widget's picture may be shown, in pixels: rather than shrink
below it, the picture scrolls sideways."""

_FONT_SIZE = re.compile(r'font-size="([\d.]+)"')


def fitted(
    picture: Svg, *, shrink: float = 0.6, readable: float = READABLE, whole: bool = False
) -> str:
    """``picture`` styled to shrink to the width of the output area, down to ``shrink``,
    and never so far that its smallest word is less than ``readable`` pixels high; with
    ``whole``, as far as the width asks, so that all of it is in view whatever size its
    words become (:func:`size_toggle` lets a student choose).

    Below that its labels would become unreadable: a widget showing it lets its area
    scroll sideways instead (``Layout(overflow="auto")``), so nothing is cut off. The scale
    is that of the drawing itself (its ``viewBox``): a picture that asks to be shown
    smaller than it is drawn (:func:`~gametheory.draw.svg.document` shrinks wide ones to
    fit a page) gets its own size back first, so that a widget never shows it smaller
    than it may be.

    >>> from gametheory.draw.svg import document
    >>> html = fitted(document(2000, 100, [], max_width=None))
    >>> "max-width:100%" in html and "min-width:1200px" in html
    True
    >>> fitted(document(2000, 100, [])).split(">")[0]  # drawn 2000 wide, shown 900 wide
    '<svg style="max-width:100%;height:auto;min-width:1200px" xmlns="http://www.w3.org/2000/svg" role="img" width="2000" height="100" viewBox="0 0 2000 100" font-family="DejaVu Sans, Helvetica, Arial, sans-serif"'
    >>> small_print = document(1000, 100, ['<text font-size="10">a</text>'], max_width=None)
    >>> "min-width:900px" in fitted(small_print)  # 10 px words shrink to 9 px at most
    True
    >>> "min-width:0px" in fitted(small_print, whole=True)  # the whole picture in view
    True
    """
    width, height = picture_size(picture)
    box = _VIEWBOX.search(picture)
    if box is not None and float(box.group(1)) > width:  # shown shrunk: its own size back
        width, height = float(box.group(1)), float(box.group(2))
        end = picture.index(">")
        head = re.sub(r'\swidth="[\d.]+"', f' width="{width:g}"', picture[:end], count=1)
        head = re.sub(r'\sheight="[\d.]+"', f' height="{height:g}"', head, count=1)
        picture = Svg(head + picture[end:])
    smallest = min((float(size) for size in _FONT_SIZE.findall(picture)), default=math.inf)
    least = 0.0 if whole else min(1.0, max(shrink, readable / smallest))
    style = f"max-width:100%;height:auto;min-width:{least * width:.0f}px"
    return picture.replace("<svg ", f'<svg style="{style}" ', 1)


def icon_button(
    css: str, icon: str, tooltip: str, description: str = "", *, width: str = ""
) -> Any:
    """A button with an icon of the front end's own icon set (no emoji a font may lack), a
    tooltip that says what it does, and its CSS class ``css``.

    >>> b = icon_button("gt-demo-next", "step-forward", "one step on", width="2.6em")
    >>> b.icon, b.tooltip, b._dom_classes, b.layout.width
    ('step-forward', 'one step on', ('gt-demo-next',), '2.6em')
    """
    layout = widgets.Layout(width=width or None)
    return widgets.Button(
        description=description, icon=icon, tooltip=tooltip, layout=layout
    ).add_class(css)


def labelled(kind: Any, css: str, description: str, width: str = "", **options: Any) -> Any:
    """A control of ``kind`` (``Dropdown``, ``IntText``, …) labelled ``description``, the
    label as wide as its words, with its CSS class ``css``; ``options`` are the control's.

    >>> box = labelled(widgets.IntText, "gt-demo-seed", "seed", "8em", value=3)
    >>> box.value, box.description, box.layout.width, box._dom_classes
    (3, 'seed', '8em', ('gt-demo-seed',))
    """
    style = {"description_width": "initial"}
    layout = widgets.Layout(width=width or None)
    return kind(description=description, style=style, layout=layout, **options).add_class(css)


def html_table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A widget's table: a row of column titles ``head``, then ``rows``, every cell escaped.

    >>> html_table(["move", "N"], [("a1", 3)])[len(TABLE):]
    '<tr><th>move</th><th>N</th></tr><tr><td>a1</td><td>3</td></tr></table>'
    """

    def cells(tag: str, values: Sequence[object]) -> str:
        return "<tr>" + "".join(f"<{tag}>{escape(str(v))}</{tag}>" for v in values) + "</tr>"

    return TABLE + cells("th", head) + "".join(cells("td", row) for row in rows) + "</table>"


def textbook_search(name: object) -> Callable[..., SearchResult]:
    """The textbook search of the registry called ``name``: what the widgets' search menus
    offer (:func:`gametheory.search.searches`); a TypeError if ``name`` is not a string.

    >>> textbook_search("negamax").__name__
    'negamax'
    >>> textbook_search("mcts")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: algorithm 'mcts' is unknown: choose one of minimax, negamax, alphabeta, alphabeta_negamax, expectiminimax
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(f"algorithm must be the name of a search, got {name!r}")
    if name not in searches():
        raise GameError(f"algorithm {name!r} is unknown: choose one of {', '.join(searches())}")
    return ALGORITHMS[name].search


def integer(value: object, name: str) -> int:
    """``value`` as an int if it is a whole number (a seed may be negative), else a
    TypeError naming it.

    >>> integer(-3, "seed")
    -3
    >>> integer("3", "seed")
    Traceback (most recent call last):
    ...
    gametheory.core.ArgumentTypeError: seed must be a whole number, got '3'
    """
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ArgumentTypeError(f"{name} must be a whole number, got {shown(value)}")
    return int(value)


GAME_METHODS = ("initial_state", "to_move", "legal_moves", "result", "is_terminal", "utility")
"""What a widget needs of a game: the methods of the :class:`~gametheory.core.Game` protocol."""


def checked_game(game: object, who: str) -> None:
    """Raise a TypeError naming ``game`` if it is not a game a widget can use.

    >>> checked_game("x", "PlayWidget")
    Traceback (most recent call last):
    ...
    gametheory.core.ArgumentTypeError: PlayWidget needs a game, such as Nim(5), TicTacToe() or tree([[3, 12], [2, 4]]); got 'x', which has no initial_state()
    """
    missing = next((m for m in GAME_METHODS if not callable(getattr(game, m, None))), None)
    if missing is not None:
        raise ArgumentTypeError(
            f"{who} needs a game, such as Nim(5), TicTacToe() or tree([[3, 12], [2, 4]]); got "
            f"{shown(game)}, which has no {missing}()"
        )


def has_chance(game: Any, state: Any = None, *, look: int = 400) -> bool:
    """Whether ``game`` has chance positions (dice, cards): an explicit tree says it of its
    nodes; another game is looked at breadth first from ``state`` (its initial position by
    default), through at most ``look`` positions — the dice of a game show early.

    >>> from gametheory.games.dice import DiceRace
    >>> from gametheory.games.nim import Nim
    >>> from gametheory.trees import Chance, tree
    >>> has_chance(DiceRace()), has_chance(Nim(5)), has_chance(tree([Chance([(1, 2)])]))
    (True, False, True)
    """
    if isinstance(game, GameTree):
        return any(node.player == CHANCE and not node.is_leaf for node in game)
    todo = [game.initial_state() if state is None else state]
    for _ in range(look):
        if not todo:
            return False
        position = todo.pop(0)
        if game.is_terminal(position):
            continue
        if game.to_move(position) == CHANCE:
            return True
        todo.extend(game.result(position, move) for move in game.legal_moves(position))
    return False


def offered_searches(game: Any, state: Any = None) -> list[str]:
    """The textbook searches a widget's menu offers for ``game``: expectiminimax only where
    the game has chance positions (:func:`has_chance`).

    >>> from gametheory.games.nim import Nim
    >>> offered_searches(Nim(5))
    ['minimax', 'negamax', 'alphabeta', 'alphabeta_negamax']
    """
    return searches() if has_chance(game, state) else searches(chance=False)


def offered(algorithm: str, choices: Sequence[str]) -> None:
    """Raise a ValueError if ``algorithm`` (a textbook search's name, checked already) is
    not among ``choices`` (a widget's menu)."""
    if algorithm not in choices:
        raise GameError(
            f"{algorithm} is for games with chance positions, and this one has none: choose "
            f"one of {', '.join(choices)}"
        )


def size_toggle(css: str, redraw: Callable[[], None], *, pressed: bool = False) -> Any:
    """The toggle of a widget's picture: not pressed, the picture is scaled to the width of
    the output area, all of it in view (in a narrow window its words get small); pressed,
    its words stay readable (:data:`READABLE` px) and a wider picture scrolls sideways.
    ``redraw`` shows the picture again when it is pressed."""
    toggle = widgets.ToggleButton(
        value=pressed,
        description="actual size",
        icon="search-plus",
        tooltip="pressed: the picture at a readable size (a wide one scrolls sideways); "
        "not pressed: all of it, scaled to the width",
        layout=widgets.Layout(width="auto"),
    )
    toggle.observe(lambda _: redraw(), names="value")
    return toggle.add_class(css)


def picture_box(css: str) -> Any:
    """The box a widget shows a :func:`fitted` picture in: it scrolls sideways when the
    picture, shrunk as far as it may be, is still wider than the output area."""
    return widgets.HTML(layout=widgets.Layout(overflow="auto")).add_class(css)


def row(children: list[Any], css: str = "") -> Any:
    """Controls side by side, wrapping onto more lines when the output area is narrow."""
    box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
    return box.add_class(css) if css else box


SAVED_NOTE = (
    "No kernel runs this widget any more (the kernel was restarted or shut down, or the "
    "notebook was closed and opened again), so it does not answer clicks. Run its cell (or "
    "Run ▸ Run All Cells) to use it again."
)
"""What a widget says above itself when no kernel runs it any more: true after a restart as
after a notebook reopened (it says nothing of a save)."""

# A widget whose kernel is gone (a notebook saved with its widgets and reopened, a restarted
# kernel) is still drawn from its saved state, and ipywidgets marks each of its controls
# with a red broken-link sign (the class ``jupyter-widgets-disconnected``): a dozen signs and
# no word of what they mean. In the package's widgets those signs are hidden and one line
# says what happened and what to do. The rules travel with the widget (an HTML control of
# it), so every front end that draws the widget applies them.
FOCUS_INK = "#1c5fa8"
"""The ring round the control that has the keyboard's focus: 6.5:1 on white (WCAG 2.1 asks
3:1 of a state's indicator; ipywidgets' own 1 px ``#64b5f6`` is 2.2:1)."""

_SAVED_STYLE = f"""<style>
.gt-widget :focus-visible, .gt-widget input:focus, .gt-widget select:focus {{
  outline: 2px solid {FOCUS_INK} !important; outline-offset: 1px !important; }}
.gt-widget .jupyter-widgets-disconnected::before,
.gt-widget.jupyter-widgets-disconnected::before {{ display: none !important; }}
.gt-widget > .gt-widget-saved {{ display: none !important; }}
.gt-widget.jupyter-widgets-disconnected > .gt-widget-saved {{ display: block !important; }}
</style><div style="margin:2px 0 6px;padding:4px 10px;border-left:4px solid #e8590c;\
background:#fff4e6;color:#333;line-height:1.4">{SAVED_NOTE}</div>"""


class WidgetFront:
    """The base of the package's widgets: ``widget`` is the ipywidgets tree to display.

    A subclass sets :attr:`widget` and :attr:`note` and defines :meth:`still_picture`.
    Displaying the object shows the live widget where a kernel runs it, and the still
    picture (``image/svg+xml``) everywhere else. What is displayed is :attr:`widget` in a
    box (CSS class ``gt-widget``) that adds one thing: when no kernel runs the widget any
    more, the line :data:`SAVED_NOTE` above it (CSS class ``gt-widget-saved``) instead of
    ipywidgets' broken-link signs on every control.
    """

    widget: widgets.Widget
    note = "Run this cell to use the widget."
    """The line under the still picture: what to do to get the live widget."""

    @property
    def svg(self) -> Svg:
        """The picture of what the widget shows now."""
        raise NotImplementedError

    def still_picture(self) -> Svg:
        """The still shown where no kernel runs the widget: by default :attr:`svg`."""
        return self.svg

    @property
    def shown(self) -> widgets.Box:
        """The box that is displayed: :attr:`widget` and the note for when it is saved."""
        framed: widgets.Box | None = self.__dict__.get("_shown")
        if framed is None or framed.children[-1] is not self.widget:
            saved = widgets.HTML(_SAVED_STYLE).add_class("gt-widget-saved")
            framed = widgets.VBox([saved, self.widget]).add_class("gt-widget")
            self.__dict__["_shown"] = framed
        return framed

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.shown._repr_mimebundle_(**kwargs)
        data: dict[str, Any] = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
        data["image/svg+xml"] = str(still(self.still_picture(), self.note))
        data["text/plain"] = f"{type(self).__name__}: {self.note}"
        return data


class TraceStepper(WidgetFront):
    """A widget that steps through a trace: the buttons' moves, shared by the explorers.

    A subclass sets ``trace`` (anything with a length: its steps), ``step`` (the step
    shown), ``slider`` (an ``IntSlider`` whose observer calls :meth:`go`), ``_lock`` (a
    ``threading.RLock``) and defines ``_redraw()``. Each move reads the step shown and goes
    on from it under the lock, so two clicks at once (JupyterLab may deliver them on two
    threads) move two steps, not one, and a click during a new search moves on in the new
    one.
    """

    step: int
    slider: widgets.IntSlider
    size_button: widgets.ToggleButton  # from size_toggle(): pressed = the readable size
    narration_box: widgets.HTML
    picture: widgets.HTML
    message: str
    _lock: threading.RLock

    @property
    def trace(self) -> Sized:
        """The trace being stepped through: its length is the number of steps."""
        raise NotImplementedError

    def _redraw(self) -> None:
        raise NotImplementedError

    def _run(self) -> None:
        raise NotImplementedError

    def run(self) -> None:
        """Search again with the settings the controls show; show step 0."""
        with self._lock:
            self._run()

    def _show_step(self, picture: Svg, sentence: str) -> None:
        """Show the step's ``picture`` and its ``sentence`` after its number, and the
        explorer's message if there is one."""
        self.picture.value = fitted(picture, whole=not self.size_button.value)
        note = f"<br><i>{escape(self.message)}</i>" if self.message else ""
        step = f"<b>Step {self.step} of {len(self.trace)}.</b>"
        self.narration_box.value = f"{step} {escape(sentence)}{note}"

    def _step_buttons(
        self, *buttons: tuple[str, str, str, str, Callable[[], None]]
    ) -> list[widgets.Button]:
        """Buttons, each ``(css, icon, words, tooltip, move)``, that move the step shown:
        each says in words what it does (look-alike glyphs side by side do not)."""
        made = []
        for css, icon, words, tooltip, move in buttons:
            made.append(icon_button(css, icon, tooltip, words, width="auto"))
            made[-1].on_click(lambda _, move=move: move())
        return made

    def _size_toggle(self, css: str, *, pressed: bool = False) -> widgets.ToggleButton:
        """The picture's :func:`size_toggle`: a press shows the step again at that size."""

        def redraw() -> None:
            with self._lock:
                self._redraw()

        self.size_button = size_toggle(css, redraw, pressed=pressed)
        return self.size_button

    def _step_slider(self, css: str) -> widgets.IntSlider:
        """The slider of the step shown (its range set by each new search)."""
        slider = labelled(widgets.IntSlider, css, "step", value=0, min=0, max=0)
        slider.observe(lambda change: self.go(change["new"]), names="value")
        return slider

    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the trace)."""
        with self._lock:
            step = max(0, min(int(step), len(self.trace)))
            if step == self.step:
                return
            self.step = step
            if self.slider.value != step:
                self.slider.value = step  # its observer calls go(step) again, which returns
            self._redraw()

    def first(self) -> None:
        """Go to the start, before the first step."""
        self.go(0)

    def back(self) -> None:
        """One step back."""
        with self._lock:
            self.go(self.step - 1)

    def forward(self) -> None:
        """One step on."""
        with self._lock:
            self.go(self.step + 1)

    def last(self) -> None:
        """Go to the end of the search."""
        with self._lock:
            self.go(len(self.trace))
