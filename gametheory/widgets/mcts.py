"""Step through Monte Carlo tree search: one phase of one iteration at a time.

:class:`MCTSExplorer` runs :func:`~gametheory.search.mcts.mcts` with ``trace=True`` and shows
one step of its trace at a time: the tree with N and Q on every node, the UCB1 scores the
selection compared, the playout and its result, the nodes backpropagation updates
(:func:`~gametheory.draw.mcts.draw_mcts`), the sentence of the step, and a table of the
root's moves. Everything is replayed in Python from the trace, so the explorer works in any
front end that shows ipywidgets 8, and tests drive it with ``button.click()``. Displayed, it
also offers a still picture of the step shown
(:class:`~gametheory.widgets.front.TraceStepper`), which a notebook stored without a kernel
shows instead.

**Nothing keeps the kernel busy for long.** A search runs at most :data:`MAX_ITERATIONS`
iterations and stops after :data:`TIME_LIMIT` seconds, whichever comes first (500
iterations of tic-tac-toe take about 0.03 s, of a 7×7 Gomoku about 0.15 s); a step is a
replay of the trace and a drawing of at most ``max_nodes`` nodes, a few milliseconds.

**The settings say whether they are shown.** A setting takes effect when *search again* is
pressed; until then the button is orange and a note beside it says "settings changed: press
search again" (setting the boxes back takes both away). A value out of range is brought
into it, and the note says so ("at most 500 iterations: 500 used"): the boxes are not
bounded in the page, so that Python sees what was typed.

**Clicks on two threads.** JupyterLab 4.6 with ipykernel 7 may handle a widget's click on a
kernel subshell, a thread beside the main one, so a step could be drawn from a trace that
*search again* is replacing. Each action holds the explorer's lock from start to end: a
click waits its turn and is done on the new search (as the explorer of
:mod:`gametheory.widgets.explorer` does).

>>> from gametheory.trees import tree
>>> explorer = MCTSExplorer(tree([[1, -1], [0, 0, 1], [-1, 1]]), iterations=10, seed=0)
>>> explorer.next_button.click()               # to the selection of iteration 1
>>> explorer.snapshot.phase, explorer.snapshot.iteration
('selection', 1)
"""

from __future__ import annotations

import math
import threading
from html import escape
from numbers import Real
from typing import Any

import ipywidgets as widgets

from gametheory.checks import whole_number
from gametheory.core import Game, GameError
from gametheory.draw.boards import move_label
from gametheory.draw.mcts import draw_mcts
from gametheory.draw.svg import Svg
from gametheory.formatting import number_text
from gametheory.search.mcts import mcts
from gametheory.search.mcts_trace import PHASES, MCTSSnapshot, MCTSTrace, q_text, ucb_text
from gametheory.search.result import SearchResult
from gametheory.trees import GameTree, tree
from gametheory.widgets.front import (
    TraceStepper,
    checked_game,
    html_table,
    icon_button,
    integer,
    labelled,
    picture_box,
    row,
)

__all__ = ["MCTSExplorer", "MAX_ITERATIONS", "MAX_C", "TIME_LIMIT", "EXAMPLE"]

MAX_ITERATIONS = 500
"""The most iterations the explorer runs, so that a search never keeps the kernel busy long."""

MAX_C = 100.0
"""The largest exploration constant the explorer takes (0 is the smallest)."""

TIME_LIMIT = 2.0
"""Seconds after which the explorer's search stops, whatever the number of iterations."""

EXAMPLE = [[[1, -1], [0, 1]], [[-1, 0], [1, -1]]]
"""The tree shown when no game is given (our own): MAX, MIN, MAX, then payoffs for MAX.
MAX wins by a1 (under it MIN cannot avoid a 1), only draws by a2."""


class MCTSExplorer(TraceStepper):
    """Step through a Monte Carlo tree search, phase by phase, forwards and backwards.

    Parameters
    ----------
    game
        The game to search (a :class:`~gametheory.trees.GameTree` such as
        ``tree([[1, -1], [0, 0]])``, or any game); by default the small tree :data:`EXAMPLE`.
    state
        The position to search from (the game's initial position by default).
    iterations
        Iterations to run, 1 to :data:`MAX_ITERATIONS`.
    c
        The exploration constant of UCB1, 0 to :data:`MAX_C`.
    seed
        The seed of the dice and the random playouts.
    max_nodes
        The most nodes of the search tree to draw (the most visited ones).

    Attributes
    ----------
    step : int
        The step shown: 0 before the search, then four steps per iteration (selection,
        expansion, simulation, backpropagation).
    result : SearchResult
        The search being shown; ``result.trace`` is its trace.
    widget : ipywidgets.VBox
        The whole explorer; a notebook displays the explorer itself.

    Notes
    -----
    Stable CSS classes, for styling and for browser tests: ``gt-mcts`` (the whole explorer),
    ``gt-mcts-settings`` (iterations, c, seed, search again), ``gt-mcts-iterations``,
    ``gt-mcts-c``, ``gt-mcts-seed`` (the boxes of those settings), ``gt-mcts-note`` (what
    the boxes' values mean: a value brought into range, settings not searched yet; the
    *search again* button then has ``button_style="warning"``), ``gt-mcts-controls`` (the
    stepping buttons and slider), ``gt-mcts-first``, ``gt-mcts-back``, ``gt-mcts-forward``,
    ``gt-mcts-next``, ``gt-mcts-last``, ``gt-mcts-run`` (the buttons), ``gt-mcts-step`` (the
    slider), ``gt-mcts-size`` (pressed: the picture at a readable size, scrolling; as it
    starts: all of it, scaled to the width), ``gt-mcts-narration``, ``gt-mcts-picture``, ``gt-mcts-table`` (the root's moves).

    Examples
    --------
    >>> explorer = MCTSExplorer(iterations=8, seed=1)
    >>> explorer.last_button.click()
    >>> explorer.step, explorer.snapshot.visits[()]
    (32, 8)
    >>> explorer.back_button.click(); explorer.snapshot.phase
    'simulation'
    """

    note = "Run this cell to step through the search."

    def __init__(
        self,
        game: Game[Any, Any] | None = None,
        state: Any = None,
        *,
        iterations: int = 20,
        c: float = math.sqrt(2),
        seed: int = 0,
        max_nodes: int = 40,
    ) -> None:
        if game is not None:
            checked_game(game, "MCTSExplorer")
        if isinstance(c, bool) or not isinstance(c, Real) or math.isnan(c):
            raise GameError(f"c must be a number between 0 and {number_text(MAX_C)}, got {c!r}")
        seed = integer(seed, "seed")
        if whole_number(iterations, "iterations", minimum=1) > MAX_ITERATIONS:
            raise GameError(
                f"iterations must be between 1 and {MAX_ITERATIONS} in the explorer (it "
                f"replays every step), got {iterations}; call mcts() directly for more"
            )
        if not 0 <= c <= MAX_C:
            raise GameError(
                f"c must be between 0 and {number_text(MAX_C)} in the explorer, got {c!r}"
            )
        self.game: Game[Any, Any] = tree(EXAMPLE) if game is None else game
        self.state: Any = state
        self.max_nodes: int = max_nodes
        self.step = 0
        self.message = ""
        self._result: SearchResult | None = None
        self._searched: tuple[int, float, int] | None = None  # the settings shown searched
        self._clamped: dict[widgets.Widget, tuple[float, str]] = {}  # box: value used, why
        # a click may come on a kernel subshell's thread: one action at a time
        self._lock = threading.RLock()
        settings = row(self._settings_controls(iterations, c, seed), "gt-mcts-settings")
        controls = row(self._stepping(), "gt-mcts-controls")
        self.narration_box = widgets.HTML().add_class("gt-mcts-narration")
        self.picture = picture_box("gt-mcts-picture")
        self.table: widgets.HTML = widgets.HTML().add_class("gt-mcts-table")
        self.widget = widgets.VBox(
            [settings, controls, self.narration_box, self.picture, self.table]
        ).add_class("gt-mcts")
        self.run()

    def _stepping(self) -> list[widgets.Widget]:
        """The stepping buttons and the slider, each moving the step shown."""
        onwards = "on to the next iteration's selection"
        buttons = self._step_buttons(
            ("gt-mcts-first", "fast-backward", "start", "to the start (step 0)", self.first),
            ("gt-mcts-back", "step-backward", "back", "back one phase", self.back),
            ("gt-mcts-forward", "step-forward", "phase", "on one phase", self.forward),
            ("gt-mcts-next", "forward", "iteration", onwards, self.next_iteration),
            ("gt-mcts-last", "fast-forward", "end", "to the finished search", self.last),
        )
        self.first_button, self.back_button, self.forward_button = buttons[:3]
        self.next_button, self.last_button = buttons[3:]
        self.slider = self._step_slider("gt-mcts-step")
        return [*buttons, self.slider, self._size_toggle("gt-mcts-size")]

    def _settings_controls(self, iterations: int, c: float, seed: int) -> list[widgets.Widget]:
        """The boxes of the settings, *search again* and the note on what the boxes mean.

        The boxes are not bounded in the page: a value out of range reaches Python, which
        says what it used.
        """
        self.iterations_box = labelled(
            widgets.IntText, "gt-mcts-iterations", "iterations", "11em", value=iterations
        )
        self.c_box = labelled(
            widgets.FloatText, "gt-mcts-c", "c", "7.5em", value=round(float(c), 4), step=0.1
        )
        self.seed_box = labelled(widgets.IntText, "gt-mcts-seed", "seed", "8em", value=seed)
        tip = "run the search with these settings"
        self.run_button = icon_button("gt-mcts-run", "refresh", tip, "search again", width="auto")
        self.settings_note = widgets.HTML().add_class("gt-mcts-note")
        most = f"at most {MAX_ITERATIONS} iterations"
        self._limits: dict[widgets.Widget, tuple[float, float, str, str]] = {
            self.iterations_box: (1, MAX_ITERATIONS, "at least 1 iteration", most),
            self.c_box: (0.0, MAX_C, "c at least 0", f"c at most {number_text(MAX_C)}"),
        }
        boxes = [self.iterations_box, self.c_box, self.seed_box]
        for box in boxes:
            box.observe(self._setting_changed, names="value")
        self.run_button.on_click(lambda _: self.run())
        return [*boxes, self.run_button, self.settings_note]

    # -- what the controls do -----------------------------------------------------------
    @property
    def result(self) -> SearchResult:
        """The search being shown."""
        assert self._result is not None  # run() in __init__ sets it or raises
        return self._result

    @property
    def trace(self) -> MCTSTrace:
        """The trace being stepped through."""
        found = self.result.trace
        assert isinstance(found, MCTSTrace)
        return found

    @property
    def snapshot(self) -> MCTSSnapshot:
        """The replay of the step shown."""
        return self._snapshot

    def _settings(self) -> tuple[int, float, int]:
        """What the boxes say: iterations, c, seed."""
        return int(self.iterations_box.value), float(self.c_box.value), int(self.seed_box.value)

    def _run(self) -> None:
        """Search again (bounded by :data:`MAX_ITERATIONS` and :data:`TIME_LIMIT`)."""
        self.narration_box.value = "<i>searching…</i>"
        iterations, c, seed = settings = self._settings()
        try:
            self._result = mcts(
                self.game,
                self.state,
                iterations=iterations,
                c=c,
                seed=seed,
                time_limit=TIME_LIMIT,
                trace=True,
            )
            self.message = ""
            self._searched = settings
            self._clamped.clear()
        except GameError as error:  # a bad setting: say so and keep the previous search
            if self._result is None:
                raise
            self.message = str(error)
        if not isinstance(self.game, GameTree):  # the sentences name moves as the board does
            game = self.game
            self.trace.relabel(lambda move, state: move_label(game, move, state))
        self._show_settings()
        n = len(self.trace)
        if self.trace.iterations < iterations and not self.message:
            self.message = (
                f"The search stopped after {number_text(TIME_LIMIT)} s, at iteration "
                f"{self.trace.iterations}."
            )
        self.step = -1  # so that go(0) redraws even if the slider already shows 0
        self.slider.value = 0  # before the maximum, which would move a value above it
        self.slider.max = n
        self.go(0)

    def _setting_changed(self, change: dict[str, Any]) -> None:
        """A box changed: bring its value into range, saying so; say if it is not searched."""
        with self._lock:
            box, value = change["owner"], change["new"]
            if box in self._limits:
                low, high, too_low, too_high = self._limits[box]
                used = low if math.isnan(value) else min(max(value, low), high)
                if used != value:
                    why = too_low if value < low else too_high
                    self._clamped[box] = (used, f"{why}: {number_text(used)} used")
                    box.value = used  # observed again, in range; the note stays
                    return
                if box in self._clamped and self._clamped[box][0] != value:
                    del self._clamped[box]  # set again since: its note is out of date
            self._show_settings()

    def _show_settings(self) -> None:
        """The note beside the settings: values brought into range, settings not searched."""
        notes = [why for _, why in self._clamped.values()]
        changed = self._settings() != self._searched
        if changed:
            notes.append("settings changed: press search again")
        self.run_button.button_style = "warning" if changed else ""
        self.settings_note.value = (
            f'<span style="color:#b35c00">{escape("; ".join(notes))}</span>' if notes else ""
        )

    def next_iteration(self) -> None:
        """Jump to the selection step of the next iteration (or to the end)."""
        with self._lock:
            phases = len(PHASES)
            begun = (self.step - 1) // phases + 1  # iterations begun at this step (0 at step 0)
            self.go(begun * phases + 1)

    # -- what is shown ------------------------------------------------------------------
    @property
    def svg(self) -> Svg:
        """The picture of the step shown."""
        with self._lock:
            return draw_mcts(self.trace, self.snapshot, max_nodes=self.max_nodes)

    def _redraw(self) -> None:
        snap = self.trace.snapshot(self.step)
        self._snapshot = snap
        self._show_step(self.svg, snap.narration)
        self.table.value = self._table(snap)

    def _table(self, snap: MCTSSnapshot) -> str:
        """The root's moves: visits, Q as the picture writes it (for the player to move at
        the node the move leads to: one sign convention, which the picture's caption says),
        UCB1 score, and every move of the most visits marked (a tie says so)."""
        trace = self.trace
        moves = [p for p in sorted(p for p in trace.names if len(p) == 1) if p in snap.nodes]
        most = max((snap.visits.get(p, 0) for p in moves), default=0)
        tops = [p for p in moves if most and snap.visits.get(p, 0) == most]
        mark = " ◀ most visited" + (" (a tie)" if len(tops) > 1 else "")
        rows = []
        for path in moves:
            q = snap.values.get(path)
            ucb = ucb_text(snap.ucb[path]) if path in snap.ucb else ""
            shown = "" if q is None else q_text(q)
            rows.append(
                (trace.label(path), snap.visits.get(path, 0), shown, ucb, mark * (path in tops))
            )
        return html_table(["move", "N", "Q", "UCB1", ""], rows)
