"""Game trees as pictures: the tree, and a search stepping through it.

Every picture of a search is drawn from its trace (:mod:`gametheory.search.trace`): the
picture of step ``k`` is the replay of the first ``k`` events, and a static picture of a
finished search is the replay of all of them. The conventions are the textbook's:

* MAX nodes are squares, MIN nodes circles, chance nodes diamonds; leaves are small cards
  carrying their payoff;
* a node's value appears inside it as soon as the search knows it (the best so far while
  the node is still on the stack);
* the ``[α, β]`` window of alpha-beta stands beside every node on the stack;
* the node the last step was about has an orange ring;
* a pruned child and its whole subtree are dashed and grey, and the cut edge is crossed;
* the principal variation (the best line found so far) is bold.

Negamax keeps every value from the point of view of the player to move at that node; the
picture shows those values as they are and says so in its caption.

>>> from gametheory.trees import tree
>>> from gametheory.search.alphabeta import alphabeta
>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> picture = draw_trace(alphabeta(t, trace=True).trace)
>>> picture.startswith("<svg"), picture.count('stroke-dasharray="4 3"')
(True, 4)
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from gametheory.core import CHANCE, ArgumentTypeError, GameError
from gametheory.draw.boards import Glyph, board_glyph, draw_board, move_label
from gametheory.draw.labels import Box, Placer, text_box
from gametheory.draw.layout import path_children, tidy_layout
from gametheory.draw.shapes import CLEAR, RING, Style, name_spot, outline, ring, tag
from gametheory.draw.svg import (
    MAX_WIDTH,
    Svg,
    caption_block,
    caption_lines,
    document,
    element,
    text_width,
)
from gametheory.draw.svg import text as svg_text
from gametheory.formatting import number_text
from gametheory.search.result import SearchResult
from gametheory.search.trace import (
    Address,
    Backup,
    Cutoff,
    Enter,
    Exit,
    Leaf,
    Snapshot,
    Status,
    Trace,
)
from gametheory.trees import GameTree, Node, tree

if TYPE_CHECKING:
    import graphviz

__all__ = ["draw_tree", "draw_trace", "to_graphviz", "Style"]

MAX, MIN, CHANCE_ROLE, LEAF = "MAX", "MIN", "chance", "leaf"

# colours chosen to stay distinct in grey-scale print: fills get lighter from "on the stack"
# to "done" to "unseen"; pruned is the only dashed style
INK = "#222222"
FAINT = "#767676"
PRUNED_INK = "#595959"
FILL_STACK = "#ffe9a8"
FILL_DONE = "#d6e4f5"
FILL_PRUNED = "#dcdcdc"
CURRENT = "#e8590c"
DASH = "4 3"


@dataclass
class _Scene:
    """What is drawn, independent of the step: nodes, their kinds, names and places."""

    order: list[Address]  # pre-order: parents before children
    kids: dict[Address, list[Address]]
    role: dict[Address, str]
    name: dict[Address, str]
    label: dict[Address, str]  # the edge label into each node
    payoff: dict[Address, float]  # leaf payoffs known from a tree, in the picture's view
    xy: dict[Address, tuple[float, int]] = field(default_factory=dict)
    states: dict[Address, Any] = field(default_factory=dict)  # game positions, where known
    moves: dict[Address, Any] = field(default_factory=dict)  # the game move into each node
    frames: dict[tuple[object, ...], _Frame] = field(default_factory=dict)


# -- building scenes -------------------------------------------------------------------
def _tree_scene(root: Node, *, negamax: bool = False) -> _Scene:
    """The scene of an explicit tree; ``negamax`` shows each leaf for the player to move."""
    max_player = root.player if root.player != CHANCE else 0
    scene = _Scene([], {}, {}, {}, {}, {})
    stack: list[tuple[Address, Node]] = [((), root)]
    while stack:
        path, node = stack.pop()
        scene.order.append(path)
        scene.name[path] = node.name
        if node.state is not None:
            scene.states[path] = node.state
        if node.move is not None:
            scene.moves[path] = node.move
        kids = [(path + (i,), child) for i, child in enumerate(node.children)]
        scene.kids[path] = [p for p, _ in kids]
        for i, (p, _) in enumerate(kids):
            label = node.labels[i] if i < len(node.labels) else ""
            if node.probabilities is not None:
                label = f"{node.probabilities[i]:g}"
            scene.label[p] = label
        if node.is_leaf:
            scene.role[path] = LEAF
            if node.payoff is not None:
                view = 1 if not negamax or node.player in (max_player, CHANCE) else -1
                scene.payoff[path] = view * node.payoff
        elif node.player == CHANCE:
            scene.role[path] = CHANCE_ROLE
        else:
            scene.role[path] = MAX if node.player == max_player else MIN
        stack.extend(reversed(kids))
    return scene


def _trace_scene(trace: Trace) -> _Scene:
    """The scene of a search in a real game: every node the trace names, in move order."""
    kids = path_children([*trace.names, *trace.players])
    leaves = {e.path for e in trace.events if isinstance(e, Leaf)}
    scene = _Scene([], kids, {}, {}, {}, {}, states=dict(trace.states))
    stack: list[Address] = [()]
    while stack:
        path = stack.pop()
        scene.order.append(path)
        stack.extend(reversed(kids[path]))
        name = trace.name(path)
        scene.name[path] = name
        if path:
            scene.label[path] = name.rsplit("·", 1)[-1]
        if path in leaves:
            scene.role[path] = LEAF
        elif path in trace.players:
            scene.role[path] = {"MAX": MAX, "MIN": MIN}.get(trace.role(path), CHANCE_ROLE)
        else:  # a pruned child never entered: the opponent of its parent, as far as we know
            parent = scene.role.get(path[:-1], MAX)
            scene.role[path] = MIN if parent == MAX else MAX
    return scene


_SCENES: OrderedDict[tuple[int, int, bool], tuple[object, _Scene]] = OrderedDict()
_SCENES_KEPT = 16  # a stepping widget draws one tree again and again: keep its layout


def _scene_for(owner: object, build: Callable[[], _Scene], key: int, negamax: bool) -> _Scene:
    """Build the laid-out scene of ``owner``, or reuse the one built for it lately."""
    slot = (id(owner), key, negamax)
    hit = _SCENES.get(slot)
    if hit is not None and hit[0] is owner:
        _SCENES.move_to_end(slot)
        return hit[1]
    scene = build()
    scene.xy = tidy_layout((), lambda p: scene.kids[p])
    _SCENES[slot] = (owner, scene)
    while len(_SCENES) > _SCENES_KEPT:
        _SCENES.popitem(last=False)
    return scene


def _scene_of_tree(t: GameTree | Node, negamax: bool = False) -> _Scene:
    root = t.root if isinstance(t, GameTree) else t
    return _scene_for(root, lambda: _tree_scene(root, negamax=negamax), 0, negamax)


def _scene_of_trace(trace: Trace, t: GameTree | Node | None) -> _Scene:
    if t is None:
        root = trace.states.get(())
        if isinstance(root, Node):
            t = root
    if t is None:
        return _scene_for(trace, lambda: _trace_scene(trace), len(trace), trace.negamax)
    scene = _scene_of_tree(t, trace.negamax)
    missing = next((p for p in trace.players if p not in scene.role), None)
    if missing is not None:
        raise GameError(
            f"the trace visits the node at path {missing}, which this tree does not have: "
            "pass the tree the search ran on (or tree=None to draw the nodes the trace saw)"
        )
    return scene


# -- the public functions --------------------------------------------------------------
def draw_tree(
    tree_or_trace: GameTree | Node | Trace | SearchResult | Sequence[Any],
    snapshot: Snapshot | int | None = None,
    *,
    names: bool | None = None,
    edge_labels: bool = True,
    windows: bool = True,
    caption: bool | str = True,
    narration: bool = False,
    style: Style | None = None,
    game: Any = None,
    boards: bool = True,
) -> Svg:
    """Draw a game tree, or one step of a search through it, as SVG.

    Parameters
    ----------
    tree_or_trace
        A :class:`~gametheory.trees.GameTree` (or its root node, or a nested-list spec for
        :func:`~gametheory.trees.tree`), a :class:`~gametheory.search.trace.Trace`, or a
        :class:`~gametheory.search.result.SearchResult` that has one.
    snapshot
        For a tree: a :class:`~gametheory.search.trace.Snapshot` of a search on it (values
        for MAX). For a trace or result: the step to draw (an int or a snapshot); the
        last step by default.
    names
        Write node names beside the nodes (default: for explicit trees, not for the nodes of
        a real game, whose edges already carry the moves).
    edge_labels
        Write move names (probabilities below chance nodes) on the edges.
    windows
        Write the ``[α, β]`` window beside the nodes on the stack (alpha-beta only).
    caption
        True for the default caption (algorithm, step, counters), a string for your own,
        False for none.
    narration
        Add the step's narration to the caption.
    style
        Sizes in pixels (see :class:`Style`); by default they shrink for wide trees. Nodes
        grow to hold their values and columns move apart to keep every word clear; a tree
        still wider than the page (``MAX_WIDTH``) staggers its last row of leaves or is
        scaled down as a whole.
    game
        The game of a tree made by :func:`~gametheory.trees.expand` (or searched): its
        edges then carry the moves as the game writes them
        (:func:`~gametheory.draw.boards.move_label`: ``e4`` in Gomoku) and its positions
        their small pictures (:func:`~gametheory.draw.boards.board_glyph`).
    boards
        With ``game``: draw each position's small picture beside its node, where the game
        has one (tic-tac-toe, the matches game).

    Returns
    -------
    Svg
        The picture; it shows itself in a notebook and has ``.save(path)``.

    Examples
    --------
    >>> picture = draw_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> picture.count("<rect"), picture.count("<circle")  # background, MAX, 9 leaves
    (11, 3)

    A real game's tree, with its moves and boards:

    >>> from gametheory.games.tictactoe import TicTacToe
    >>> from gametheory.trees import expand
    >>> game = TicTacToe()
    >>> picture = draw_tree(expand(game, game.state("XOX/.O./OX."), depth=3), game=game)
    >>> picture.count('class="glyph"')  # a board beside every one of the 16 positions
    16
    """
    view = _view(tree_or_trace, snapshot, None, names, windows, caption, narration)
    return _render(view, _Options(style, edge_labels, game, boards))


def draw_trace(
    trace: Trace | SearchResult,
    step: int | Snapshot | None = None,
    *,
    tree: GameTree | Node | None = None,
    names: bool | None = None,
    edge_labels: bool = True,
    windows: bool = True,
    caption: bool | str = True,
    narration: bool = False,
    style: Style | None = None,
    game: Any = None,
    boards: bool = True,
    fills: Mapping[Address, str] | None = None,
    texts: Mapping[Address, str] | None = None,
    marks: Mapping[Address, str] | None = None,
) -> Svg:
    """Draw step ``step`` of a search (the finished search by default).

    Parameters
    ----------
    trace
        The search's :class:`~gametheory.search.trace.Trace` (or a result that has one).
    step
        How many events to replay, ``0 .. len(trace)``; ``None`` for all of them; or a
        snapshot of this trace already replayed (a widget replays once per step).
    tree
        The explicit tree the search ran on, to draw the nodes it never reached as well.
        A search on a :class:`~gametheory.trees.GameTree` finds its tree by itself; for a
        real game the picture shows the nodes the trace saw.
    names, edge_labels, windows, caption, narration, style, game, boards
        As for :func:`draw_tree`. For a search in a real game, ``game`` names its moves
        and draws its positions.
    fills, texts
        A colour to paint a node in, and a text to write in it instead of its value, by
        path (the practice drills mark answers right or wrong and write labels this way).
    marks
        ``"right"`` or ``"wrong"`` by path: a ✓ or a ✗ drawn on the node's shoulder (a
        drawn tick or cross, not a letter of a font), so that right and wrong differ in
        shape, not in colour alone.

    Returns
    -------
    Svg

    Raises
    ------
    IndexError
        If ``step`` is outside ``0 .. len(trace)``.
    ValueError
        If ``tree`` does not contain a node the trace visits.

    Examples
    --------
    >>> from gametheory.games.nim import Nim
    >>> from gametheory.search.negamax import negamax
    >>> picture = draw_trace(negamax(Nim(3), trace=True).trace, 5)
    >>> "for the player to move" in picture
    True
    """
    found = _trace_of(trace)
    if found is None:
        raise ArgumentTypeError(
            f"draw_trace needs a Trace or a SearchResult with one, got {trace!r}"
        )
    view = _view(found, step, tree, names, windows, caption, narration)
    options = _Options(style, edge_labels, game, boards, fills or {}, texts or {}, marks or {})
    return _render(view, options)


@draw_board.register
def _(game: GameTree, state: Node | None = None, *, last_move: Any = None, **options: Any) -> Svg:
    """An explicit tree as a board (the play widget's): the tree, the moves made so far
    bold, and the position reached ringed."""
    if state is not None:
        game.check_state(state)  # a node of another tree is refused, with its reason
    at = game.root if state is None else state
    line = [at.path[:k] for k in range(len(at.path) + 1)]
    snap = Snapshot(
        step=0,
        status={p: Status.DONE for p in line},
        values={},
        windows={},
        current=at.path,
        pruned=frozenset(),
        best_child={p[:-1]: p[-1] for p in line if p},
        narration="",
        nodes=0,
        leaves=0,
        cutoffs=0,
    )
    return draw_tree(game, snap, caption=f"the position: {at.name}")


def to_graphviz(
    tree_or_trace: GameTree | Node | Trace | SearchResult | Sequence[Any],
    snapshot: Snapshot | int | None = None,
    *,
    tree: GameTree | Node | None = None,
    names: bool | None = None,
    edge_labels: bool = True,
    windows: bool = True,
    caption: bool | str = True,
    game: Any = None,
) -> graphviz.Digraph:
    """The same picture as :func:`draw_tree` / :func:`draw_trace`, as a ``graphviz.Digraph``.

    Use it for DOT export (``.source``) or to render with the Graphviz programs when they
    are installed; the package never needs them.

    Examples
    --------
    >>> dot = to_graphviz([[3, 12], [2, 4]])
    >>> print(dot.source.splitlines()[0])
    digraph {
    >>> 'shape=box' in dot.source and 'shape=circle' in dot.source
    True
    """
    import graphviz

    view = _view(tree_or_trace, snapshot, tree, names, windows, caption, False)
    scene, snap = view.scene, view.snap
    dot = graphviz.Digraph(graph_attr={"ordering": "out", "fontname": "Helvetica"})
    dot.attr("node", fontname="Helvetica", fontsize="11", width="0.4", height="0.4")
    dot.attr("edge", fontname="Helvetica", fontsize="9", arrowhead="none")
    if view.caption:
        dot.attr(label="\n".join(view.caption), labelloc="b")
    pv = _pv(scene, snap)
    for path in scene.order:
        look, role = _look(scene, snap, path), scene.role[path]
        styles = ["filled"] + ["dashed"] * look.dashed + ["rounded"] * (role == LEAF)
        words = [scene.name[path]] * view.names + [look.window] * (
            view.windows and bool(look.window)
        )
        dot.node(
            _id(path),
            label=look.value,
            shape={MAX: "box", MIN: "circle", CHANCE_ROLE: "diamond", LEAF: "box"}[role],
            style=",".join(styles),
            color=CURRENT if look.current else look.stroke,
            fontcolor=look.ink,
            fillcolor=look.fill,
            penwidth="3" if look.current else "1.2",
            xlabel=" ".join(words),
            fixedsize="true" if role != LEAF else "false",
        )
        if path:
            edge = _edge_look(scene, snap, path, pv)
            dot.edge(
                _id(path[:-1]),
                _id(path),
                label=_edge_text(scene, game, path) if edge_labels else "",
                color=edge.stroke,
                style="dashed" if edge.dashed else ("bold" if edge.width > 2 else "solid"),
                penwidth=f"{edge.width:g}",
            )
    return dot


# -- what a picture shows: the same for the SVG and the DOT picture ---------------------
@dataclass(frozen=True)
class _View:
    """One picture's scene and step, and the options that follow from what is drawn."""

    scene: _Scene
    snap: Snapshot | None
    trace: Trace | None
    names: bool
    windows: bool
    caption: list[str]


def _view(
    obj: object,
    step: Snapshot | int | None,
    tree: GameTree | Node | None,
    names: bool | None,
    windows: bool,
    caption: bool | str,
    narration: bool,
) -> _View:
    """A tree and a snapshot of a search on it, or a trace and one of its steps.

    Node names show by default for explicit trees (a real game's edges carry its moves);
    windows only for a search that keeps them; the caption of a search says what ran.
    """
    trace = _trace_of(obj)
    if trace is None:
        if step is not None and not isinstance(step, Snapshot):
            raise ArgumentTypeError(
                f"snapshot must be a Snapshot of a search on this tree, got {step!r}; to draw "
                "step k of a search use draw_trace(result.trace, k, tree=...)"
            )
        lines = [caption] if isinstance(caption, str) and caption else []
        shown = True if names is None else names
        return _View(_scene_of_tree(_as_tree(obj)), step, None, shown, windows, lines)
    snap = step if isinstance(step, Snapshot) else trace.snapshot(step)
    explicit = tree is not None or isinstance(trace.states.get(()), Node)
    scene = _scene_of_trace(trace, tree)
    shown = explicit if names is None else names
    lines = _caption(trace, snap, caption, narration)
    return _View(scene, snap, trace, shown, windows and trace.algorithm.windowed, lines)


def _trace_of(obj: object) -> Trace | None:
    if isinstance(obj, Trace):
        return obj
    if isinstance(obj, SearchResult):
        if obj.trace is None:
            raise GameError(
                "this search result has no trace: run the search with trace=True to draw it"
            )
        if not isinstance(obj.trace, Trace):
            raise ArgumentTypeError(
                "this is a Monte Carlo tree search: draw it with gametheory.draw.mcts.draw_mcts"
            )
        return obj.trace
    return None


def _as_tree(obj: object) -> GameTree | Node:
    if isinstance(obj, (GameTree, Node)):
        return obj
    if isinstance(obj, (list, tuple, dict)):
        return tree(obj)
    raise ArgumentTypeError(
        f"draw_tree needs a GameTree, a tree spec (nested lists), a Trace or a SearchResult, "
        f"got {type(obj).__name__}"
    )


def _caption(trace: Trace, snap: Snapshot, caption: bool | str, narration: bool) -> list[str]:
    def default() -> list[str]:
        lines = [
            f"{trace.algorithm} · step {snap.step} of {len(trace)} · nodes {snap.nodes} · "
            f"leaves {snap.leaves} · cutoffs {snap.cutoffs}"
        ]
        if trace.negamax:
            lines.append("negamax: every value is for the player to move at that node")
        return lines

    return caption_lines(caption, default, snap.narration if narration else "")


@dataclass(frozen=True)
class _Look:
    value: str
    stroke: str
    fill: str
    ink: str
    dashed: bool
    current: bool
    bold: bool
    window: str


@dataclass(frozen=True)
class _EdgeLook:
    stroke: str
    width: float
    dashed: bool
    cut: bool


def _pv(scene: _Scene, snap: Snapshot | None) -> set[Address]:
    """The nodes on the best line so far (its edges are drawn bold); it stops at chance."""
    if snap is None:
        return set()
    line: set[Address] = set()
    path: Address = ()
    while path in snap.best_child and scene.role.get(path) != CHANCE_ROLE:
        path = path + (snap.best_child[path],)
        line.add(path)
    return line


def _look(scene: _Scene, snap: Snapshot | None, path: Address) -> _Look:
    payoff = scene.payoff.get(path)
    if snap is None:
        value = number_text(payoff) if payoff is not None else ""
        return _Look(value, INK, "#ffffff", INK, False, False, False, "")
    status, known = snap.status_of(path), snap.values.get(path)
    shown = known if known is not None and status is not Status.PRUNED else payoff
    value = "" if shown is None else number_text(shown)
    window = ""
    if status is Status.ON_STACK and path in snap.windows:
        window = _window_text(*snap.windows[path])
    current = path == snap.current
    if status is Status.PRUNED:
        return _Look(value, PRUNED_INK, FILL_PRUNED, PRUNED_INK, True, current, False, "")
    if status is Status.UNSEEN:
        return _Look(value, FAINT, "#ffffff", FAINT, False, current, False, "")
    fill = FILL_STACK if status is Status.ON_STACK else FILL_DONE
    return _Look(value, INK, fill, INK, False, current, known is not None, window)


def _edge_look(scene: _Scene, snap: Snapshot | None, path: Address, pv: set[Address]) -> _EdgeLook:
    if snap is None:
        return _EdgeLook(INK, 1.2, False, False)
    status = snap.status_of(path)
    if status is Status.PRUNED:
        return _EdgeLook(PRUNED_INK, 1.2, True, path in snap.pruned)
    if status is Status.UNSEEN:
        return _EdgeLook(FAINT, 1.0, False, False)
    return _EdgeLook(INK, 3.4 if path in pv else 1.2, False, False)


def _window_text(alpha: float, beta: float) -> str:
    return f"[{number_text(alpha)}, {number_text(beta)}]"


def _id(path: Address) -> str:
    return "n" + "".join(f"-{i}" for i in path)


def _state_of(scene: _Scene, game: Any, path: Address) -> Any:
    """The game position at ``path``: stored, or one move on from its parent's."""
    if path in scene.states:
        return scene.states[path]
    if not path or path[:-1] not in scene.states:
        return None
    move = _move_of(scene, game, path)
    return None if move is None else game.result(scene.states[path[:-1]], move)


def _move_of(scene: _Scene, game: Any, path: Address) -> Any:
    """The game move into ``path``: stored by the tree, or the parent's move number ``path[-1]``."""
    if path in scene.moves:
        return scene.moves[path]
    parent = scene.states.get(path[:-1])
    if parent is None or scene.role.get(path[:-1]) == CHANCE_ROLE:
        return None
    moves = list(game.legal_moves(parent))
    return moves[path[-1]] if path[-1] < len(moves) else None


def _edge_text(scene: _Scene, game: Any, path: Address) -> str:
    """An edge's label: the move as the game writes it, or the tree's own label."""
    if game is not None and scene.role.get(path[:-1]) != CHANCE_ROLE:
        move = _move_of(scene, game, path)
        if move is not None:
            return move_label(game, move, scene.states.get(path[:-1]))
    return scene.label.get(path, "")


def _values(scene: _Scene, snap: Snapshot | None, trace: Trace | None) -> list[str]:
    """Every value the picture may show in a node, at any step."""
    shown = {number_text(v) for v in scene.payoff.values()}
    if snap is not None:
        shown |= {number_text(v) for v in snap.values.values()}
    if trace is not None:
        shown |= {number_text(e.value) for e in trace.events if isinstance(e, (Leaf, Backup, Exit))}
    return sorted(shown, key=lambda v: (len(v), v))[-3:]  # the longest few decide the size


def _windows(trace: Trace | None, snap: Snapshot | None) -> list[str]:
    """Every ``[α, β]`` window the picture may show, at any step."""
    shown: set[str] = set()
    if trace is not None:
        for event in trace.events:
            if isinstance(event, (Enter, Backup, Cutoff)):
                shown.add(_window_text(event.alpha, event.beta))
    if snap is not None:
        shown |= {_window_text(a, b) for a, b in snap.windows.values()}
    return sorted(shown, key=lambda w: (len(w), w))[-3:]


# -- where everything goes -----------------------------------------------------------------
@dataclass(frozen=True)
class _Options:
    """The options of a picture that do not come from its tree or its step."""

    style: Style | None
    edge_labels: bool
    game: Any
    boards: bool
    fills: Mapping[Address, str] = field(default_factory=dict)
    texts: Mapping[Address, str] = field(default_factory=dict)
    marks: Mapping[Address, str] = field(default_factory=dict)


def _auto_style(width_units: float) -> Style:
    """Full size up to about 40 nodes across; beyond that everything shrinks, to a limit.

    A tree still too wide for the page is scaled down as a whole by :func:`document`.
    """
    if width_units <= 40:
        return Style()
    k = max(0.6, math.sqrt(40 / width_units))
    return Style(unit=46 * k, level=72 * max(k, 0.8), radius=14 * k, font=12 * k, small=10 * k)


def _node_sizes(
    columns: float, style: Style | None, values: Sequence[str]
) -> tuple[Style, dict[str, tuple[float, float]]]:
    """The sizes of the picture, and the half width and height of each kind of node.

    Every node of a kind has one size, big enough for any value it may show; long values
    (−0.0584) are set a size smaller.
    """
    s = style or _auto_style(columns)
    r = s.radius
    widest = max((text_width(v, s.font, bold=True) for v in values), default=0.0)
    if widest > 4 * r:
        s = replace(s, font=s.font * 11 / 12)
        widest *= 11 / 12
    round_ = max(r, widest / 2 + 5)  # a MIN node is a circle, whatever it holds
    return s, {
        MAX: (max(r, widest / 2 + 5), r),
        MIN: (round_, round_),
        CHANCE_ROLE: (max(r * 1.25, widest / 2 + s.font * 0.6),) * 2,
        LEAF: (max(r * 0.9, widest / 2 + 4), r * 0.8),
    }


def _glyphs(scene: _Scene, game: Any) -> dict[Address, Glyph]:
    """The small picture of every position the game has one for."""
    states = {path: _state_of(scene, game, path) for path in scene.order}
    glyphs = {path: board_glyph(game, state) for path, state in states.items() if state is not None}
    return {path: glyph for path, glyph in glyphs.items() if glyph is not None}


class _Frame:
    """Where everything of a tree picture goes: the same at every step of a search.

    Nodes sit on the rows of the tidy layout; columns move apart until every row's names,
    values and pictures are clear of each other. A last row of leaves too crowded for the
    page is *staggered*: every other card drops below the others.
    """

    def __init__(
        self,
        scene: _Scene,
        style: Style | None,
        names: bool,
        windows: Sequence[str],
        values: Sequence[str],
        glyphs: dict[Address, Glyph],
    ) -> None:
        self.scene, self.names, self.glyphs = scene, names, glyphs
        columns = max(x for x, _ in scene.xy.values()) + 1
        self.style, self.half = _node_sizes(columns, style, values)
        s = self.style
        self.window_width = max((text_width(w, s.small) + 6 for w in windows), default=0.0)
        reaches = {path: self._reach(path) for path in scene.order}
        unit, lowered = self._columns(reaches, columns, stagger=not windows)
        level = max(
            s.level, max((g.height for g in glyphs.values()), default=0) + 2 * s.radius + 16
        )
        if lowered:  # room for the labels of the edges that fan out to the two heights
            level *= 1.2
        # a wide value makes its MIN node a large circle: the rows stand far enough apart
        # for an edge label between two of the tallest nodes, clear of the current one's ring
        tallest = max(self.half[role][1] for role in set(scene.role.values()))
        level = max(level, 2 * (tallest + CLEAR) + s.small + 8)
        margin = 8.0
        window = (CLEAR + self.window_width) if windows else -math.inf  # beside the node
        left = min(
            scene.xy[p][0] * unit
            - max(reaches[p][0], self._hw(p) + window if _window_left(scene, p) else 0.0)
            for p in scene.order
        )
        right = max(
            x * unit
            + max(reaches[p][1], self._hw(p) + (-math.inf if _window_left(scene, p) else window))
            for p, (x, _) in scene.xy.items()
        )
        top = s.radius + (s.small + 8 if windows else 6) + RING
        self.drop = 2 * self.half[LEAF][1] + s.small + 16  # how far a staggered card sits lower
        self.xy = {
            p: (
                margin - left + scene.xy[p][0] * unit,
                top + scene.xy[p][1] * level + (self.drop if p in lowered else 0.0),
            )
            for p in scene.order
        }
        self.lowered = lowered
        bottom = max(y + self.half[scene.role[p]][1] for p, (_, y) in self.xy.items())
        self.height = bottom + (s.small + 12 if names else RING + 4)  # without the caption
        self.width = max(right - left + 2 * margin, 360.0)
        self.routes = {p: self._route(p) for p in scene.order if p}
        self.labels: dict[Address, tuple[float, float, str, str]] = {}

    def _hw(self, path: Address) -> float:
        return self.half[self.scene.role[path]][0]

    def window_hh(self, path: Address) -> float:
        """How far above the node its window stands: above its own top, or above the top of
        a large MIN circle in its row (a wide value's), so that no neighbour reaches it."""
        scene, hh = self.scene, self.half[self.scene.role[path]][1]
        row = scene.xy[path][1]
        taller = [self.half[scene.role[p]][1] for p in scene.order if scene.xy[p][1] == row]
        return max([hh] + [h for h in taller if h > self.style.radius])

    def _reach(self, path: Address) -> tuple[float, float]:
        """How far a node with its name and picture reaches to the left and to the right."""
        role, s = self.scene.role[path], self.style
        left = right = hw = self._hw(path)
        name = self.scene.name[path] if self.names else ""
        if name and role == LEAF:
            left = right = max(hw, text_width(name, s.small) / 2)
        elif name:
            left = hw + CLEAR + text_width(name, s.small)
        if path in self.glyphs:
            right = max(right, hw + CLEAR + self.glyphs[path].width)
        return left, right

    def _columns(
        self, reaches: dict[Address, tuple[float, float]], columns: float, stagger: bool
    ) -> tuple[float, set[Address]]:
        """The distance between neighbouring columns, and the cards a staggered row drops."""
        scene = self.scene
        rows: dict[int, list[Address]] = {}
        for path in sorted(scene.order, key=lambda p: scene.xy[p][0]):
            rows.setdefault(scene.xy[path][1], []).append(path)
        last = rows[max(rows)]
        unit = self._unit(rows, reaches, None)
        crowded = (columns - 1) * unit > MAX_WIDTH - 80
        if not (stagger and crowded and len(last) > 2 and all(scene.role[p] == LEAF for p in last)):
            return unit, set()
        return self._unit(rows, reaches, max(rows)), set(last[1::2])

    def _unit(
        self,
        rows: dict[int, list[Address]],
        reaches: dict[Address, tuple[float, float]],
        staggered: int | None,
    ) -> float:
        """The least distance between neighbouring columns that keeps every row clear.

        In a staggered row the cards alternate between two heights, so a card needs room
        only from the next card but one; its neighbour just needs the edge to pass.
        """
        xy = self.scene.xy
        unit = self.style.unit * (0.6 if staggered is not None else 1.0)
        for d, row in rows.items():
            apart = d == staggered
            for k, a in enumerate(row):
                for b in row[k + 1 : k + (3 if apart else 2)]:
                    if apart and b is row[k + 1]:
                        need = self.half[LEAF][0] + 6
                    else:  # in a staggered row, wide enough for an edge to pass between
                        need = reaches[a][1] + reaches[b][0] + (22 if apart else 10)
                    unit = max(unit, need / (xy[b][0] - xy[a][0]))
        return unit

    def _route(self, path: Address) -> list[tuple[float, float]]:
        """An edge from the bottom of the parent to the top of the child.

        The edge to a card that a staggered row drops below the others comes straight down the
        last stretch, through the gap between the cards beside it.
        """
        (x1, y1), (x2, y2) = self.xy[path[:-1]], self.xy[path]
        start = (x1, y1 + self.half[self.scene.role[path[:-1]]][1])
        hh = self.half[self.scene.role[path]][1]
        if path not in self.lowered:
            return [start, (x2, y2 - hh)]
        return [start, (x2, y2 - self.drop - hh - CLEAR), (x2, y2 - hh)]

    def place_labels(self, texts: dict[Address, str], windows: bool) -> None:
        """Reserve what stays where it is (nodes with their names, windows and pictures),
        then place the edge labels where they collide with none of it."""
        s, scene, placer = self.style, self.scene, Placer()
        for p in scene.order:
            x, y = self.xy[p]
            hw, hh = self.half[scene.role[p]]
            placer.block(Box(x - hw - CLEAR, y - hh - CLEAR, x + hw + CLEAR, y + hh + CLEAR))
            if self.names and scene.name[p]:
                nx, ny, anchor = name_spot(scene.role[p], x, y, hw, hh, s.small)
                placer.block(text_box(nx, ny, scene.name[p], s.small, anchor))
            if windows:
                side = _window_left(scene, p)
                placer.block(_window_box(x, y, hw, self.window_hh(p), self.window_width, s, side))
            if p in self.glyphs:
                g, gx = self.glyphs[p], x + hw + CLEAR  # the picture beside the node
                placer.block(Box(gx, y - g.height / 2, gx + g.width, y + g.height / 2))
        spots = placer.place_all(self.routes, texts, s.small, prefer=0.58, span=(0.15, 0.9))
        self.labels = {p: (*spot, texts[p]) for p, spot in spots.items()}


def _frame(scene: _Scene, view: _View, opts: _Options) -> _Frame:
    """Lay the picture out (cached: a stepping widget asks for the same frame each step)."""
    windows = _windows(view.trace, view.snap) if view.windows else []
    values = _values(scene, view.snap, view.trace)
    key = (
        opts.style,
        view.names,
        opts.edge_labels,
        tuple(windows),
        tuple(values),
        id(opts.game),
        opts.boards,
    )
    if key not in scene.frames:
        glyphs = _glyphs(scene, opts.game) if opts.game is not None and opts.boards else {}
        frame = _Frame(scene, opts.style, view.names, windows, values, glyphs)
        texts = (
            {p: _edge_text(scene, opts.game, p) for p in scene.order if p}
            if opts.edge_labels
            else {}
        )
        frame.place_labels(texts, bool(windows))
        scene.frames[key] = frame
    return scene.frames[key]


def _window_box(
    x: float, y: float, hw: float, hh: float, width: float, s: Style, left: bool = False
) -> Box:
    """The ``[α, β]`` window's place: above the node's right shoulder, clear of its ring;
    above its left shoulder (``left``) when its parent stands to its right, so that the
    window never lies over the edge coming down to the node."""
    top, bottom = y - hh - s.small - 6, y - hh - 2
    if left:
        return Box(x - hw - CLEAR + 4 - width, top, x - hw - CLEAR + 4, bottom)
    return Box(x + hw + CLEAR - 4, top, x + hw + CLEAR - 4 + width, bottom)


def _window_left(scene: _Scene, path: Address) -> bool:
    """Whether the node's window goes on its left: its parent stands to its right."""
    return bool(path) and scene.xy[path[:-1]][0] > scene.xy[path][0]


# -- SVG --------------------------------------------------------------------------------
def _render(view: _View, opts: _Options) -> Svg:
    scene, snap = view.scene, view.snap
    frame = _frame(scene, view, opts)
    pv = _pv(scene, snap)
    out: list[str] = []
    # right to left and bottom up: a node's window is drawn over the edges to its right
    for path in reversed(scene.order):
        look = _look(scene, snap, path)
        if opts.fills.get(path):
            look = replace(look, fill=opts.fills[path])
        if path in opts.texts:
            look = replace(look, value=opts.texts[path])
        out.append(f'<g id="{_id(path)}">')
        if path:
            out.extend(_svg_edge(frame, path, _edge_look(scene, snap, path, pv)))
        out.extend(_svg_node(frame, path, look, view.windows))
        if path in opts.marks:
            out.extend(_svg_mark(frame, path, opts.marks[path]))
        out.append("</g>")
    words, height = caption_block(view.caption, frame.width, frame.height, frame.style.small)
    title, desc = _alternative(view)
    return document(frame.width, height, out + words, title=title, desc=desc)


def _alternative(view: _View) -> tuple[str, str]:
    """The picture's text alternative: the search, its step, value and cutoffs, in words."""
    scene, snap, trace = view.scene, view.snap, view.trace
    if snap is None or trace is None:
        leaves = [number_text(scene.payoff[p]) for p in scene.order if p in scene.payoff]
        shown = f"; its leaves' payoffs, left to right: {', '.join(leaves)}" if leaves else ""
        return "A game tree", f"A game tree of {len(scene.order)} nodes{shown}."
    value = snap.values.get(())
    line = [scene.label.get(p) or scene.name.get(p, "") for p in sorted(_pv(scene, snap), key=len)]
    pruned = ", ".join(scene.name.get(p) or "a node" for p in sorted(snap.pruned))
    parts = [
        f"The value at the root is {number_text(value)}" if value is not None else "",
        f"the best line so far: {' '.join(line)}" if line else "",
        f"nodes {snap.nodes}, leaves {snap.leaves}, cutoffs {snap.cutoffs}",
        f"cut off: {pruned}" if pruned else "",
    ]
    desc = "; ".join(part for part in parts if part) + "."
    return f"{trace.algorithm} search tree, step {snap.step} of {len(trace)}", desc


def _svg_node(frame: _Frame, path: Address, look: _Look, windows: bool) -> list[str]:
    """A node's shape (the ring round it when it is current), value, name, picture, window."""
    s, role = frame.style, frame.scene.role[path]
    x, y = frame.xy[path]
    hw, hh = frame.half[role]
    dash = f' stroke-dasharray="{DASH}"' if look.dashed else ""
    paint = (
        f'class="node {role}" fill="{look.fill}" stroke="{look.stroke}" stroke-width="1.4"{dash}'
    )
    parts = [ring(role, x, y, hw, hh, CURRENT)] if look.current else []
    parts.append(outline(role, x, y, hw, hh, paint, corner=s.radius * 0.3))
    if look.value:
        parts.append(svg_text(x, y + s.font * 0.36, look.value, s.font, look.ink, bold=look.bold))
    name = frame.scene.name[path] if frame.names else ""
    if name:
        nx, ny, anchor = name_spot(role, x, y, hw, hh, s.small)
        parts.append(svg_text(nx, ny, name, s.small, "#555555", anchor))
    glyph = frame.glyphs.get(path)
    if glyph is not None:
        gx, gy = x + hw + CLEAR, y - glyph.height / 2
        parts.append(f'<g transform="translate({gx:.1f},{gy:.1f})">{glyph.svg}</g>')
    if windows and look.window:
        high = frame.window_hh(path)
        box = _window_box(x, y, hw, high, frame.window_width, s, _window_left(frame.scene, path))
        parts += tag(box, look.window, s.small)
    return parts


RIGHT_INK, WRONG_INK = "#0f7a55", "#b02525"
"""The inks of a ✓ and a ✗: each at least 5:1 against white, and at least 14 apart in
CAM02-UCS for every colour vision (``tests/test_accessibility.py``; the green ``#1e7b34``
was only 5.7 from this red for a deuteranope)."""


def _svg_mark(frame: _Frame, path: Address, mark: str) -> list[str]:
    """A ✓ (``"right"``) or a ✗ (``"wrong"``) in a small white disc on the node's upper
    right shoulder, within the room kept clear round every node."""
    if mark not in ("right", "wrong"):
        raise GameError(f"a node's mark is 'right' or 'wrong', got {mark!r}")
    role = frame.scene.role[path]
    x, y = frame.xy[path]
    hw, hh = frame.half[role]
    k = {MIN: 0.71, CHANCE_ROLE: 0.5}.get(role, 1.0)  # on the outline of a circle, a diamond
    cx, cy = x + hw * k, y - hh * k
    ink = RIGHT_INK if mark == "right" else WRONG_INK
    white = f'fill="#ffffff" stroke="{ink}" stroke-width="1.4"'
    disc = element("circle", white, cx=cx, cy=cy, r=6.5)
    pen = f'fill="none" stroke="{ink}" stroke-width="2" stroke-linecap="round"'
    if mark == "right":
        points = f"{cx - 3.2:.1f},{cy + 0.2:.1f} {cx - 0.9:.1f},{cy + 2.6:.1f} {cx + 3.3:.1f},{cy - 2.7:.1f}"
        strokes = [f'<polyline points="{points}" stroke-linejoin="round" {pen}/>']
    else:
        strokes = [
            element("line", pen, x1=cx - 2.6, y1=cy - 2.6, x2=cx + 2.6, y2=cy + 2.6),
            element("line", pen, x1=cx - 2.6, y1=cy + 2.6, x2=cx + 2.6, y2=cy - 2.6),
        ]
    return [f'<g class="mark {mark}">', disc, *strokes, "</g>"]


def _svg_edge(frame: _Frame, path: Address, edge: _EdgeLook) -> list[str]:
    """The edge into ``path``, its label, and two strokes across it where the search cut it."""
    s, route = frame.style, frame.routes[path]
    dash = f' stroke-dasharray="{DASH}"' if edge.dashed else ""
    paint = f'stroke="{edge.stroke}" stroke-width="{edge.width:g}"{dash}'
    (x1, y1), (x2, y2) = route[0], route[1]  # the cut marks go on the first stretch
    if len(route) == 2:
        parts = [element("line", paint, x1=x1, y1=y1, x2=x2, y2=y2)]
    else:
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in route)
        parts = [f'<polyline points="{points}" fill="none" stroke-linejoin="round" {paint}/>']
    if edge.cut:
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        nx, ny = -uy * s.radius * 0.55, ux * s.radius * 0.55
        label = frame.labels.get(path)
        word = text_box(label[0], label[1], label[3], s.small, label[2]) if label else None

        def strokes(at: float) -> list[tuple[float, float, float, float]]:
            mx, my = x1 + (x2 - x1) * at, y1 + (y2 - y1) * at
            return [
                (mx + ux * k - nx, my + uy * k - ny, mx + ux * k + nx, my + uy * k + ny)
                for k in (-2.5, 2.5)
            ]

        def clear(at: float) -> bool:  # the two strokes keep off the edge's label
            if word is None:
                return True
            xs = [v for line in strokes(at) for v in (line[0], line[2])]
            ys = [v for line in strokes(at) for v in (line[1], line[3])]
            return not Box(min(xs), min(ys), max(xs), max(ys)).grown(1).overlaps(word)

        at = next((f for f in (0.75, 0.85, 0.35, 0.25) if clear(f)), 0.75)
        mark = f'stroke="{PRUNED_INK}" stroke-width="1.6"'
        for ax, ay, bx, by in strokes(at):
            parts.append(element("line", mark, x1=ax, y1=ay, x2=bx, y2=by))
    if path in frame.labels:
        x, y, anchor, text = frame.labels[path]
        colour = edge.stroke if edge.stroke != INK else "#444444"
        parts.append(svg_text(x, y, text, s.small, colour, anchor))
    return parts
