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
than the output area is scaled down to fit, to no less than 60% (labels stay readable); a
wider one scrolls sideways instead of being cut off. The controls wrap onto more lines when
the area is narrow.

**CSS classes**, for styles and for the browser test: ``gt-explorer`` (the whole explorer),
``gt-explorer-first``, ``gt-explorer-back``, ``gt-explorer-next``, ``gt-explorer-last`` (the
step buttons), ``gt-explorer-play``, ``gt-explorer-step`` (the slider), ``gt-explorer-search``,
``gt-explorer-order``, ``gt-explorer-order-seed``, ``gt-explorer-branching``,
``gt-explorer-depth``, ``gt-explorer-tree-seed``, ``gt-explorer-new-tree``,
``gt-explorer-tree-note`` (what the random-tree controls changed by themselves),
``gt-explorer-narration``, ``gt-explorer-picture`` and ``gt-explorer-counters``.

**A new random tree.** Each press of "new random tree" draws the tree that the branching,
depth and tree seed boxes describe; when that is the tree already shown, the seed moves on
by one first (and the box shows it), so every press gives a new tree and a seed typed into
the box is drawn as typed. Enter in the tree seed box draws nothing: the box also sends
its value when it loses focus, that is when the student clicks "new random tree" right
after typing, and a tree drawn then would make the press move past the typed seed. A
branching too large for the depth chosen lowers the depth, and a note beside the controls
says so.

**The play control** (ipywidgets' ``Play``: play or pause, stop, repeat) has one tooltip for
its three buttons. Its stop button sends it back to its start; the explorer stays at the
step shown instead, so that stop pauses like pause (the first-step button goes back to the
start).

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

import random
import threading
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from gametheory.core import CHANCE, GameError, number_text
from gametheory.draw.svg import Svg
from gametheory.draw.tree import draw_trace
from gametheory.search import ALGORITHMS, searches
from gametheory.search.context import Order
from gametheory.search.result import SearchResult
from gametheory.search.trace import Exit, Trace
from gametheory.trees import MAX, GameTree, Node, Path, random_tree
from gametheory.widgets.front import (
    TraceStepper,
    html_table,
    icon_button,
    labelled,
    picture_box,
    row,
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


def exact_values(t: GameTree) -> dict[Path, float]:
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
        raise ValueError(f"move order {how!r} is unknown: choose one of {', '.join(ORDERS)}")
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
    """A box of ``kind`` (``IntText``, ``BoundedIntText``) for a whole number, labelled."""
    return labelled(kind, css, description, "8.5em", value=value, **options)


def _checked_settings(
    tree: GameTree | None, algorithm: str, order: str, branching: int, depth: int
) -> None:
    """Raise an error naming the first argument of an explorer that is not a choice."""
    textbook_search(algorithm)
    if order not in ORDERS:
        raise ValueError(f"move order {order!r} is unknown: choose one of {', '.join(ORDERS)}")
    if tree is not None and not isinstance(tree, GameTree):
        raise TypeError(
            f"PruningExplorer needs a GameTree (e.g. tree([[3, 12, 8], ...])), got "
            f"{type(tree).__name__}"
        )
    if tree is not None and len(tree) > MAX_NODES:
        raise ValueError(
            f"this tree has {len(tree)} nodes; the explorer steps through trees of at most "
            f"{MAX_NODES}, so that every step draws at once: take a smaller tree, or draw "
            "the finished search with draw_trace(alphabeta(tree, trace=True))"
        )
    if not (1 <= branching <= MAX_BRANCHING and 1 <= depth <= deepest(branching)):
        limit = deepest(min(max(branching, 1), MAX_BRANCHING))
        raise ValueError(
            f"a random tree with branching {branching} and depth {depth} is not offered: "
            f"branching 1..{MAX_BRANCHING}, and depth 1..{limit} for that branching (at "
            f"most {MAX_NODES} nodes)"
        )


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
        is None).
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
        If ``tree`` is not a :class:`~gametheory.trees.GameTree`.
    ValueError
        For an unknown algorithm or order, or a tree too large to step through.

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
        self.tree = tree if tree is not None else random_tree(branching, depth, seed=tree_seed)
        # the settings (branching, depth, seed) of the random tree shown; None for a tree given
        self._drawn = None if tree is not None else (branching, depth, tree_seed)
        self.step = 0
        self.message = ""
        # JupyterLab may handle two clicks at once on two threads (a kernel subshell beside
        # the main thread): one change of step or search at a time
        self._lock = threading.RLock()
        self._search_menus(algorithm, order, seed)
        self._tree_controls(branching, depth, tree_seed)
        self.narration_box = widgets.HTML().add_class("gt-explorer-narration")
        self.picture = picture_box("gt-explorer-picture")
        self.counters = widgets.HTML().add_class("gt-explorer-counters")
        searching = [self.algorithm_menu, self.order_menu, self.order_seed]
        drawing = [self.branching_box, self.depth_box, self.tree_seed_box, self.new_tree_button]
        rows = [row(self._stepping(interval)), row(searching), row([*drawing, self.tree_note])]
        shown = [self.narration_box, self.picture, self.counters]
        self.widget = widgets.VBox(rows + shown).add_class("gt-explorer")
        self.run()

    def _stepping(self, interval: int) -> list[widgets.Widget]:
        """The step buttons, the play control and the slider, each moving the step shown."""
        self.first_button, self.back_button, self.forward_button, self.last_button = (
            self._step_buttons(
                "2.6em",
                ("gt-explorer-first", "fast-backward", "first step", self.first),
                ("gt-explorer-back", "step-backward", "one step back", self.back),
                ("gt-explorer-next", "step-forward", "one step on", self.forward),
                ("gt-explorer-last", "fast-forward", "last step", self.last),
            )
        )
        self.slider = self._step_slider("gt-explorer-step")
        tooltip = (
            f"play or pause: a step every {number_text(interval / 1000)} s; stop: pause here; "
            "repeat: start again after the last step"
        )
        self.play = widgets.Play(0, min=0, max=0, interval=interval, tooltip=tooltip)
        self.play.add_class("gt-explorer-play")
        self.play.observe(lambda change: self._played(change["new"]), names="value")
        steps = [self.first_button, self.back_button, self.forward_button, self.last_button]
        return [*steps, self.play, self.slider]

    def _search_menus(self, algorithm: str, order: str, seed: int) -> None:
        """The search and move-order menus and the order's seed: each change searches again."""
        menu = widgets.Dropdown
        self.algorithm_menu = labelled(
            menu, "gt-explorer-search", "search", "16em", options=searches(), value=algorithm
        )
        self.order_menu = labelled(
            menu, "gt-explorer-order", "order", "13em", options=ORDERS, value=order
        )
        self.order_seed = _number_box(widgets.IntText, "gt-explorer-order-seed", "order seed", seed)
        for control in (self.algorithm_menu, self.order_menu, self.order_seed):
            control.observe(lambda _: self.run(), names="value")

    def _tree_controls(self, branching: int, depth: int, tree_seed: int) -> None:
        """The random tree's settings, its button, and the note on a depth lowered."""
        bounded = widgets.BoundedIntText
        self.branching_box = _number_box(
            bounded, "gt-explorer-branching", "branching", branching, min=1, max=MAX_BRANCHING
        )
        self.depth_box = _number_box(
            bounded, "gt-explorer-depth", "depth", depth, min=1, max=deepest(branching)
        )
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
        self.branching_box.observe(lambda _: self._limit_depth(), names="value")
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

    def _run(self) -> None:
        order = move_order(self.tree, self.order, seed=int(self.order_seed.value))
        self.order_seed.disabled = self.order != "random"
        self.baseline = exact_search(self.tree, order)  # the work to beat
        try:
            self.result = textbook_search(self.algorithm)(self.tree, trace=True, order=order)
            self.message = ""
        except GameError as error:  # e.g. minimax on a tree with chance nodes
            self.message = str(error)
            self.result = self.baseline
        self.step = 0
        self.slider.value = self.play.value = 0  # their observers find step 0 shown already
        self.play.max = self.slider.max = len(self.trace)
        self._redraw()

    def _played(self, value: int) -> None:
        """The play control moved. While it plays, the explorer follows it. Not playing, it
        was sent back to its start by its stop button (which pauses, then resets it): the
        explorer keeps the step shown, and puts the control back there to play on from."""
        with self._lock:
            if self.play.playing:
                self.go(value)
            else:
                self.play.value = self.step

    def _limit_depth(self) -> None:
        """Offer only the depths that keep a tree of this branching drawable; say so when
        the depth chosen is lowered."""
        branching, depth = int(self.branching_box.value), int(self.depth_box.value)
        self.depth_box.max = deepest(branching)  # lowers the depth if it is larger
        self.tree_note.value = (
            ""
            if depth <= self.depth_box.max
            else f"<i>depth {depth} is not offered with branching {branching}: depth "
            f"{self.depth_box.max} (at most {MAX_NODES} nodes)</i>"
        )

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
        self.play.value = self.step  # so that play goes on from the step shown
        shown, plain = self.trace.algorithm, _trace(self.baseline).algorithm
        rows = [(f"{shown}, so far", snap), (f"{shown}, whole search", self.result.stats)]
        if plain != shown:  # expectiminimax is shown where minimax cannot search the tree
            rows.append((f"{plain}, whole search", self.baseline.stats))
        head = ["", "nodes visited", "leaves evaluated", "cutoffs"]
        cells = [(label, row.nodes, row.leaves, row.cutoffs) for label, row in rows]
        self.counters.value = html_table(head, cells)
