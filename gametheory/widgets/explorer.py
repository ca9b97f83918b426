"""Step through a search on a game tree and watch why each branch is cut.

:class:`PruningExplorer` runs a textbook search with ``trace=True`` and shows one step of
its trace at a time: the tree with values, windows and cut branches
(:func:`~gametheory.draw.tree.draw_trace`), the narration of the step, and the work done so
far next to what plain minimax needs. Every control re-runs or replays in Python, so the
explorer works in any front end that shows ipywidgets 8 (JupyterLab, Notebook 7, VS Code,
Colab), and tests drive it by pressing its buttons with ``button.click()``.

**What it draws, and how fast.** Every step redraws the whole tree, and a student must be
able to read it, so the explorer takes trees of at most :data:`MAX_NODES` nodes (63:
branching 2 to depth 5, 3 to depth 3, 4 or 5 to depth 2). Larger ones are drawn wider than
twice a notebook's width (1534 px for the largest offered): shrunk to fit, their names and
values would be 4–5 px high; at a readable size the step's node would be out of sight. A
step takes under 4 ms to draw in Python; in JupyterLab in headless Chromium a step — the
click, the kernel, the new picture painted — took a median of 60–90 ms for trees of 13 to
156 nodes (the round trip dominates) on a busy 2-core machine; the browser test measures it
again each run. The random-tree controls offer only sizes within the limit. A picture wider
than the output area is scaled down to fit, as far as its words stay 9 px high
(:func:`~gametheory.widgets.front.fitted`); a wider one scrolls sideways instead of being
cut off. The controls wrap onto more lines when the area is narrow.

**CSS classes**, for styles and for the browser test: ``gt-explorer`` (the whole explorer),
``gt-explorer-first``, ``gt-explorer-back``, ``gt-explorer-next``, ``gt-explorer-last`` (the
step buttons), ``gt-explorer-play`` (play and pause), ``gt-explorer-step`` (the slider),
``gt-explorer-size`` (pressed, as it starts: the tree at a readable size, scrolling; not
pressed: all of it, scaled to the width),
``gt-explorer-search``, ``gt-explorer-order``, ``gt-explorer-order-seed``,
``gt-explorer-branching``, ``gt-explorer-depth``, ``gt-explorer-tree-seed``,
``gt-explorer-new-tree``, ``gt-explorer-tree-note`` (what the size boxes mean: the size of
a tree given, or a size brought into range), ``gt-explorer-narration``,
``gt-explorer-picture`` and ``gt-explorer-counters``.

**A new random tree.** Each press of "new random tree" draws the tree that the branching,
depth and tree seed boxes describe; when that is the tree already shown, the seed moves on
by one first (and the box shows it), so every press gives a new tree and a seed typed into
the box is drawn as typed. Enter in the tree seed box draws nothing: the box also sends
its value when it loses focus, that is when the student clicks "new random tree" right
after typing, and a tree drawn then would make the press move past the typed seed. The
boxes take what is typed, and Python brings it into range with a word: branching 0 becomes
1 and says so, a depth too deep for the branching becomes the deepest offered and says so.
With a tree of your own the boxes start at its size (its most children, its depth) and the
note says that they describe it.

**Searching again keeps the place.** Another move order (or order seed) searches the same
tree again and stays at the step shown (the last one, if the new search is shorter), so two
orders can be compared at one point of the search; another search or another tree starts
at step 0. The menu offers expectiminimax only for a tree with chance nodes.

**Every button says what it does**, in words: first, back, next, last, and play, which
steps on every ``interval`` milliseconds until the end or until it is pressed again
(pause); it plays in a thread of the kernel, so the kernel stays free. Where no thread can
start (the course in a browser), it steps on the kernel's event loop instead, which leaves
the kernel free too; with no event loop running either, it plays to the end at once.

:func:`move_order` builds the ``order=`` callables that show how much the order of the
moves matters to alpha-beta. Its best and worst orders, and the counters' plain minimax,
come from the package's own searches (:func:`exact_search`: minimax, or expectiminimax for
a tree with chance nodes, taken from the registry :data:`gametheory.search.ALGORITHMS`),
and the menu offers the registry's textbook searches (:func:`gametheory.search.searches`).

>>> from gametheory.trees import tree
>>> explorer = PruningExplorer(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> explorer.go(22)
>>> explorer.narration
'α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at.'
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from gametheory.core import CHANCE, ArgumentTypeError, GameError
from gametheory.draw.svg import Svg
from gametheory.draw.tree import draw_trace
from gametheory.formatting import number_text
from gametheory.practice.answers import shown
from gametheory.search import ALGORITHMS
from gametheory.search.context import Order
from gametheory.search.paths import Address
from gametheory.search.result import SearchResult
from gametheory.search.trace import Exit, Trace
from gametheory.trees import MAX, GameTree, Node, random_tree
from gametheory.widgets.front import (
    TraceStepper,
    html_table,
    icon_button,
    integer,
    labelled,
    offered,
    offered_searches,
    picture_box,
    row,
    running_loop,
    textbook_search,
)

__all__ = ["PruningExplorer", "move_order", "ORDERS", "MAX_NODES"]

ORDERS = ("as given", "best first", "worst first", "random")
"""The move orderings :func:`move_order` builds."""

MAX_NODES = 63
"""The largest tree the explorer steps through (each step redraws all of it, readably)."""

MAX_BRANCHING = 5
MAX_DEPTH = 7


def tree_size(branching: int, depth: int) -> int:
    """The number of nodes of a full tree: ``1 + b + b² + … + b^depth``.

    >>> tree_size(3, 2), tree_size(2, 7)
    (13, 255)
    """
    return sum(branching**level for level in range(depth + 1))


def deepest(branching: int) -> int:
    """The deepest random tree with ``branching`` that the explorer offers.

    >>> [deepest(b) for b in range(1, 6)]
    [7, 5, 3, 2, 2]
    """
    return max(d for d in range(1, MAX_DEPTH + 1) if tree_size(branching, d) <= MAX_NODES)


def exact_search(t: GameTree, order: Order | None = None) -> SearchResult:
    """Plain minimax on ``t`` — expectiminimax if it has chance nodes — with its trace: it
    backs up the exact value of every node, and its counts are the work to beat.

    >>> from gametheory.trees import Chance, tree
    >>> exact_search(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).stats.leaves
    9
    >>> exact_search(tree([Chance([(0.5, 2), (0.5, 6)]), 3])).trace.algorithm.name
    'expectiminimax'
    """
    chance = any(node.player == CHANCE and not node.is_leaf for node in t)
    search = ALGORITHMS["expectiminimax" if chance else "minimax"].search
    return search(t, trace=True, order=order)


def exact_values(t: GameTree) -> dict[Address, float]:
    """The exact minimax (expectiminimax) value of every node, for MAX, by path: the values
    that :func:`exact_search` backs up.

    >>> from gametheory.trees import tree
    >>> exact_values(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))[(1,)]
    2.0
    """
    trace = _trace(exact_search(t))
    return {event.path: event.value for event in trace if isinstance(event, Exit)}


def _trace(result: SearchResult) -> Trace:
    assert isinstance(result.trace, Trace)  # a textbook search run with trace=True
    return result.trace


def move_order(t: GameTree, how: str = "as given", *, seed: int = 0) -> Order | None:
    """An ``order(state, moves)`` callable for searches on the tree ``t``.

    Parameters
    ----------
    t
        The tree the search will run on.
    how
        ``"as given"`` (None: the tree's own order), ``"best first"`` (each node tries the
        child with the best exact minimax value for the player to move first — the best
        case of alpha-beta), ``"worst first"`` (the reverse), or ``"random"``.
    seed
        For ``"random"``: the same seed shuffles every node the same way each time.

    Returns
    -------
    callable or None

    Raises
    ------
    ValueError
        For an unknown ``how``.

    Examples
    --------
    >>> from gametheory.trees import tree
    >>> from gametheory.search.alphabeta import alphabeta
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [alphabeta(t, order=move_order(t, how)).stats.leaves for how in ORDERS[:3]]
    [7, 5, 9]
    """
    if how not in ORDERS:
        raise GameError(f"move order {how!r} is unknown: choose one of {', '.join(ORDERS)}")
    if how == "as given":
        return None
    if how == "random":

        def shuffled(state: Node, moves: Sequence[Any]) -> list[Any]:
            moves = list(moves)
            random.Random(f"{seed}:{state.path}").shuffle(moves)
            return moves

        return shuffled
    value = exact_values(t)
    first = -1.0 if how == "best first" else 1.0  # sorted by first * value: MAX's best first

    def by_value(state: Node, moves: Sequence[Any]) -> list[Any]:
        sign = first if state.player == MAX else -first
        # a stable sort: equal children keep their given order
        return sorted(moves, key=lambda m: sign * value[state.children[m].path])

    return by_value


def _number_box(kind: Any, css: str, description: str, value: int, **options: Any) -> Any:
    """A box of ``kind`` (``IntText``) for a whole number, labelled."""
    return labelled(kind, css, description, "8.5em", value=value, **options)


def _whole(value: float, name: str, notes: list[str]) -> int:
    """A box's number as a whole number; if it is not one, say so in ``notes``.

    >>> notes = []; _whole(2.5, "depth", notes), notes
    (2, ['depth 2.5 is not a whole number: 2'])
    """
    whole = int(value) if math.isfinite(value) else 1
    if whole != value:
        notes.append(f"{name} {number_text(value)} is not a whole number: {whole}")
    return whole


def _checked_settings(
    tree: object, algorithm: object, order: object, branching: object, depth: object
) -> None:
    """Raise an error naming the first argument of an explorer that is not a choice."""
    textbook_search(algorithm)
    if order not in ORDERS:
        raise GameError(f"move order {order!r} is unknown: choose one of {', '.join(ORDERS)}")
    if tree is not None and not isinstance(tree, GameTree):
        raise ArgumentTypeError(
            f"PruningExplorer needs a GameTree (e.g. tree([[3, 12, 8], ...])), got {shown(tree)}"
        )
    if tree is not None and len(tree) > MAX_NODES:
        raise GameError(
            f"this tree has {len(tree)} nodes; the explorer steps through trees of at most "
            f"{MAX_NODES}, so that every step draws at once: take a smaller tree, or draw "
            "the finished search with draw_trace(alphabeta(tree, trace=True))"
        )
    b, d = integer(branching, "branching"), integer(depth, "depth")
    if not (1 <= b <= MAX_BRANCHING and 1 <= d <= deepest(min(max(b, 1), MAX_BRANCHING))):
        limit = deepest(min(max(b, 1), MAX_BRANCHING))
        raise GameError(
            f"a random tree with branching {b} and depth {d} is not offered: "
            f"branching 1..{MAX_BRANCHING}, and depth 1..{limit} for that branching (at "
            f"most {MAX_NODES} nodes)"
        )


def tree_shape(t: GameTree) -> tuple[int, int, int]:
    """The fewest and the most children of an inner node of ``t``, and its depth.

    >>> from gametheory.trees import tree
    >>> tree_shape(tree([[1, 2, 3, 4, 5], [6, 7, 8], [9, 10, 11]]))
    (3, 5, 2)
    """
    counts = [len(node.children) for node in t if not node.is_leaf]
    return min(counts), max(counts), t.height


class PruningExplorer(TraceStepper):
    """Step through a textbook search on a game tree, forwards and backwards.

    Parameters
    ----------
    tree
        The tree to search (at most :data:`MAX_NODES` nodes); a random tree
        (``branching``, ``depth``, ``tree_seed``) if None.
    algorithm
        The name of a textbook search of the registry (:func:`gametheory.search.searches`):
        ``"minimax"``, ``"alphabeta"``, ``"negamax"``, ``"alphabeta_negamax"``
        (``"expectiminimax"`` for trees with chance nodes).
    order
        One of :data:`ORDERS`.
    seed
        The seed of the random move order.
    branching, depth, tree_seed
        The settings of the "new random tree" control (and of the first tree if ``tree``
        is None; with a tree given, the boxes start at its size).
    interval
        Milliseconds between steps when the play button runs.

    Attributes
    ----------
    step : int
        The step shown (0 = before the search starts, ``len(trace)`` = finished).
    result : SearchResult
        The search being shown; ``result.trace`` is its trace.
    widget : ipywidgets.VBox
        The whole explorer; a notebook displays the explorer itself.

    Raises
    ------
    TypeError
        If ``tree`` is not a :class:`~gametheory.trees.GameTree`, or a seed, a size or the
        interval is not a whole number.
    ValueError
        For an unknown algorithm or order (or expectiminimax for a tree without chance
        nodes), or a tree too large to step through.

    Examples
    --------
    >>> from gametheory.trees import tree
    >>> explorer = PruningExplorer(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> explorer.last_button.click()
    >>> explorer.step, explorer.narration
    (40, 'A is done: value 3.')
    >>> explorer.back_button.click(); explorer.step
    39
    """

    note = "Run this cell to step through the search."

    def __init__(
        self,
        tree: GameTree | None = None,
        algorithm: str = "alphabeta",
        *,
        order: str = "as given",
        seed: int = 0,
        branching: int = 3,
        depth: int = 3,
        tree_seed: int = 0,
        interval: int = 800,
    ) -> None:
        _checked_settings(tree, algorithm, order, branching, depth)
        seed, tree_seed = integer(seed, "seed"), integer(tree_seed, "tree_seed")
        if integer(interval, "interval") < 1:
            raise GameError(f"interval must be at least 1 millisecond, got {interval!r}")
        self.tree = tree if tree is not None else random_tree(branching, depth, seed=tree_seed)
        offered(algorithm, offered_searches(self.tree))
        # the settings (branching, depth, seed) of the random tree shown; None for a tree given
        self._drawn = None if tree is not None else (branching, depth, tree_seed)
        if tree is not None:  # the boxes start at the size of the tree given
            _, most, height = tree_shape(tree)
            branching = min(most, MAX_BRANCHING)
            depth = min(height, deepest(branching))
        self.step = 0
        self.message = ""
        self.interval = int(interval)
        # JupyterLab may handle two clicks at once on two threads (a kernel subshell beside
        # the main thread): one change of step or search at a time
        self._lock = threading.RLock()
        self._stop = threading.Event()  # set: the play button's thread stops
        self._search_menus(algorithm, order, seed)
        self._tree_controls(branching, depth, tree_seed)
        self.narration_box = widgets.HTML().add_class("gt-explorer-narration")
        self.picture = picture_box("gt-explorer-picture")
        self.counters = widgets.HTML().add_class("gt-explorer-counters")
        searching = [self.algorithm_menu, self.order_menu, self.order_seed]
        drawing = [self.branching_box, self.depth_box, self.tree_seed_box, self.new_tree_button]
        rows = [row(self._stepping()), row(searching), row([*drawing, self.tree_note])]
        shown_ = [self.narration_box, self.picture, self.counters]
        self.widget = widgets.VBox(rows + shown_).add_class("gt-explorer")
        self._say_size()
        self.run()

    def _stepping(self) -> list[widgets.Widget]:
        """The step buttons, the play button and the slider, each moving the step shown."""
        steps = self._step_buttons(
            ("gt-explorer-first", "fast-backward", "first", "to the start (step 0)", self.first),
            ("gt-explorer-back", "step-backward", "back", "one step back", self.back),
            ("gt-explorer-next", "step-forward", "next", "one step on", self.forward),
            ("gt-explorer-last", "fast-forward", "last", "to the end of the search", self.last),
        )
        self.first_button, self.back_button, self.forward_button, self.last_button = steps
        self.slider = self._step_slider("gt-explorer-step")
        every = number_text(self.interval / 1000)
        self.play_button = widgets.ToggleButton(
            value=False,
            description="play",
            icon="play",
            tooltip=f"play: a step every {every} s until the end; press again to pause",
            layout=widgets.Layout(width="auto"),
        ).add_class("gt-explorer-play")
        self.play_button.observe(lambda change: self._play_pressed(change["new"]), names="value")
        # its trees may be 1500 px wide and more: they start at a readable size
        size = self._size_toggle("gt-explorer-size", pressed=True)
        return [*steps, self.play_button, self.slider, size]

    def _search_menus(self, algorithm: str, order: str, seed: int) -> None:
        """The search and move-order menus and the order's seed: each change searches again
        (another order keeps the step shown: it is the same search, ordered otherwise)."""
        menu = widgets.Dropdown
        searches = offered_searches(self.tree)
        self.algorithm_menu = labelled(
            menu, "gt-explorer-search", "search", "16em", options=searches, value=algorithm
        )
        self.order_menu = labelled(
            menu, "gt-explorer-order", "order", "13em", options=ORDERS, value=order
        )
        self.order_seed = _number_box(widgets.IntText, "gt-explorer-order-seed", "order seed", seed)
        self._choosing = False  # True while the explorer itself sets the search menu
        self.algorithm_menu.observe(lambda _: self._chosen(), names="value")
        for control in (self.order_menu, self.order_seed):
            control.observe(lambda _: self._reordered(), names="value")

    def _tree_controls(self, branching: int, depth: int, tree_seed: int) -> None:
        """The random tree's settings, its button, and the note on what the boxes mean."""
        # FloatText: a box for whole numbers (IntText) shows "25" for "2.5" typed; this one
        # takes 2.5 and the explorer says what it uses instead
        self.branching_box = _number_box(
            widgets.FloatText, "gt-explorer-branching", "branching", branching
        )
        self.depth_box = _number_box(widgets.FloatText, "gt-explorer-depth", "depth", depth)
        tip = "the seed of the random tree; type one and press new random tree"
        self.tree_seed_box = _number_box(
            widgets.IntText, "gt-explorer-tree-seed", "tree seed", tree_seed, tooltip=tip
        )
        tip = (
            f"a random tree with these settings (at most {MAX_NODES} nodes); the next seed's "
            "if these settings give the tree shown"
        )
        self.new_tree_button = icon_button(
            "gt-explorer-new-tree", "random", tip, "new random tree", width="auto"
        )
        self.tree_note = widgets.HTML().add_class("gt-explorer-tree-note")
        self._settling = False  # True while the explorer itself sets the boxes
        for box in (self.branching_box, self.depth_box):
            box.observe(self._size_typed, names="value")
        self.new_tree_button.on_click(lambda _: self.new_tree())

    # -- what the controls do -----------------------------------------------------------
    @property
    def algorithm(self) -> str:
        """The search shown, e.g. ``"alphabeta"``."""
        return str(self.algorithm_menu.value)

    @property
    def order(self) -> str:
        """The move order in use, one of :data:`ORDERS`."""
        return str(self.order_menu.value)

    @property
    def trace(self) -> Any:
        """The trace being stepped through."""
        return self.result.trace

    def _run(self, keep: bool = False) -> None:
        """Search with the settings shown; step 0, or (``keep``) the step shown, as far as
        the new search goes."""
        order = move_order(self.tree, self.order, seed=int(self.order_seed.value))
        self.order_seed.disabled = self.order != "random"
        self.baseline = exact_search(self.tree, order)  # the work to beat
        try:
            self.result = textbook_search(self.algorithm)(self.tree, trace=True, order=order)
            self.message = ""
        except GameError as error:  # e.g. minimax on a tree with chance nodes
            self.message = str(error)
            self.result = self.baseline
        self.step = min(self.step, len(self.trace)) if keep else 0
        # the value first: a maximum below the slider's value would move it (and the step
        # shown) to the new search's last step
        self.slider.value = self.step  # its observer finds the step shown already
        self.slider.max = len(self.trace)
        self._redraw()

    def _chosen(self) -> None:
        """Another search chosen in the menu (not by the explorer itself): step 0 of it."""
        if not self._choosing:
            self.run()

    def _reordered(self) -> None:
        """Another move order: the same search again, at the step shown."""
        with self._lock:
            self._run(keep=True)

    def _size_typed(self, change: dict[str, Any]) -> None:
        """A size box changed: bring the size into range, saying so."""
        with self._lock:
            if not self._settling:
                self._say_size(typed=True)

    def _say_size(self, typed: bool = False) -> None:
        """Bring the boxes into the sizes offered and say what they mean: a size brought
        into range (``typed``: just now), or the size of the tree given."""
        notes: list[str] = []
        branching, depth = (
            _whole(box.value, name, notes)
            for box, name in ((self.branching_box, "branching"), (self.depth_box, "depth"))
        )
        b = min(max(branching, 1), MAX_BRANCHING)
        d = min(max(depth, 1), deepest(b))
        if b != branching:
            notes.append(f"branching {branching} is not offered: {b} (1 to {MAX_BRANCHING})")
        if d != depth:
            notes.append(
                f"depth {depth} is not offered with branching {b}: depth {d} (1 to "
                f"{deepest(b)}, at most {MAX_NODES} nodes)"
            )
        self._settling = True
        try:
            self.branching_box.value, self.depth_box.value = b, d
        finally:
            self._settling = False
        if not notes and self._drawn is None and not typed:
            low, high, height = tree_shape(self.tree)
            children = str(high) if low == high else f"{low} to {high}"
            notes.append(
                f"the tree shown is the one given: {children} children a node, depth {height}; "
                "new random tree draws one of the size in the boxes"
            )
        self.tree_note.value = f"<i>{escape('; '.join(notes))}</i>" if notes else ""

    def _play_pressed(self, playing: bool) -> None:
        """Play pressed (step on in a thread of the kernel until the end), or pause."""
        with self._lock:
            self.play_button.description = self.play_button.icon = "pause" if playing else "play"
            self._stop.set()  # the thread playing, if any, stops
            if not playing:
                return
            if self.step >= len(self.trace):  # played to the end before: from the start
                self.go(0)
            self._stop = threading.Event()
            player = threading.Thread(
                target=self._playing, args=(self._stop,), name="gametheory-explorer", daemon=True
            )
            try:
                player.start()
            except RuntimeError:  # no threads here (the browser's Python)
                self._play_on_loop(self._stop)

    def _playing(self, stop: threading.Event) -> None:
        while not stop.wait(self.interval / 1000) and self.tick(stop):
            pass

    def _play_on_loop(self, stop: threading.Event) -> None:
        """Play without a thread: a step every ``interval`` on the running event loop, or,
        with none running, every step now."""
        loop = running_loop()
        if loop is None:
            while self.tick(stop):
                pass
            return

        def step() -> None:
            if self.tick(stop):
                loop.call_later(self.interval / 1000, step)

        loop.call_later(self.interval / 1000, step)

    def tick(self, stop: threading.Event | None = None) -> bool:
        """One step of play: on by a step, and at the end the play button is released.
        Returns whether play goes on (False once it is paused or at the end)."""
        with self._lock:
            if (stop is not None and stop.is_set()) or not self.play_button.value:
                return False
            self.go(self.step + 1)
            if self.step >= len(self.trace):
                self.play_button.value = False  # its observer stops the thread
                return False
            return True

    def new_tree(self) -> None:
        """Draw the random tree that the branching, depth and tree seed boxes describe.

        If that is the tree shown, the seed moves on by one first, and the box shows it:
        each press gives a new tree, and a seed typed into the box is drawn as typed.

        >>> explorer = PruningExplorer(tree_seed=4)
        >>> explorer.new_tree(); explorer.tree_seed_box.value
        5
        >>> explorer.tree_seed_box.value = 42
        >>> explorer.new_tree(); explorer.tree_seed_box.value
        42
        """
        with self._lock:
            branching = int(self.branching_box.value)
            depth = min(int(self.depth_box.value), deepest(branching))
            if (branching, depth, int(self.tree_seed_box.value)) == self._drawn:
                self.tree_seed_box.value = int(self.tree_seed_box.value) + 1
            seed = int(self.tree_seed_box.value)
            self.tree = random_tree(branching, depth, seed=seed)
            self._drawn = (branching, depth, seed)
            if self.tree_note.value.startswith("<i>the tree shown is the one given"):
                self.tree_note.value = ""
            choices = offered_searches(self.tree)  # a random tree has no chance nodes
            if list(self.algorithm_menu.options) != choices:
                chosen = self.algorithm if self.algorithm in choices else "alphabeta"
                self._choosing = True  # the menu set by the explorer: no search yet
                try:
                    self.algorithm_menu.options = choices
                    self.algorithm_menu.value = chosen
                finally:
                    self._choosing = False
            self._run()

    # -- what is shown ------------------------------------------------------------------
    @property
    def svg(self) -> Svg:
        """The picture of the current step."""
        return draw_trace(self.trace, self.step)

    @property
    def narration(self) -> str:
        """The sentence about the current step."""
        return str(self.trace.narrate(self.step))

    def _redraw(self) -> None:
        snap = self.trace.snapshot(self.step)
        self._show_step(draw_trace(self.trace, snap), snap.narration)
        shown, plain = self.trace.algorithm, _trace(self.baseline).algorithm
        rows = [(f"{shown}, so far", snap), (f"{shown}, whole search", self.result.stats)]
        if plain != shown:  # expectiminimax is shown where minimax cannot search the tree
            rows.append((f"{plain}, whole search", self.baseline.stats))
        head = ["", "nodes visited", "leaves evaluated", "cutoffs"]
        cells = [(label, row.nodes, row.leaves, row.cutoffs) for label, row in rows]
        self.counters.value = html_table(head, cells)
