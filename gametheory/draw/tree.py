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
import textwrap
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from gametheory.core import CHANCE, number_text
from gametheory.draw.boards import Glyph, board_glyph, move_label
from gametheory.draw.labels import Box, Placer, text_box
from gametheory.draw.layout import tidy_layout
from gametheory.draw.svg import MAX_WIDTH, Svg, document, text_width
from gametheory.draw.svg import text as svg_text
from gametheory.search.result import SearchResult
from gametheory.search.trace import (
    Backup,
    Cutoff,
    Enter,
    Exit,
    Leaf,
    Path,
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
FAINT = "#b8b8b8"
PRUNED_INK = "#8c8c8c"
FILL_STACK = "#ffe9a8"
FILL_DONE = "#d6e4f5"
FILL_PRUNED = "#f0f0f0"
CURRENT = "#e8590c"
DASH = "4 3"


@dataclass(frozen=True)
class Style:
    """Sizes of a tree picture, in pixels; ``draw_tree`` picks one to suit the tree's width."""

    unit: float = 46.0  # distance between neighbouring nodes on a row
    level: float = 72.0  # distance between rows
    radius: float = 14.0  # half the width of a node's shape
    font: float = 12.0
    small: float = 10.0


@dataclass
class _Scene:
    """What is drawn, independent of the step: nodes, their kinds, names and places."""

    root: Path
    order: list[Path]  # pre-order: parents before children
    kids: dict[Path, list[Path]]
    role: dict[Path, str]
    name: dict[Path, str]
    label: dict[Path, str]  # the edge label into each node
    payoff: dict[Path, float]  # leaf payoffs known from a tree, in the picture's view
    xy: dict[Path, tuple[float, int]] = field(default_factory=dict)
    states: dict[Path, Any] = field(default_factory=dict)  # game positions, where known
    moves: dict[Path, Any] = field(default_factory=dict)  # the game move into each node
    frames: dict[tuple[object, ...], _Frame] = field(default_factory=dict)


# -- building scenes -------------------------------------------------------------------
def _children(node: Node, path: Path) -> Iterator[tuple[Path, Node]]:
    for i, child in enumerate(node.children):
        yield path + (i,), child


def _tree_scene(root: Node, *, negamax: bool = False) -> _Scene:
    """The scene of an explicit tree; ``negamax`` shows each leaf for the player to move."""
    max_player = root.player if root.player != CHANCE else 0
    scene = _Scene((), [], {}, {}, {}, {}, {})
    stack: list[tuple[Path, Node]] = [((), root)]
    while stack:
        path, node = stack.pop()
        scene.order.append(path)
        scene.name[path] = node.name
        if node.state is not None:
            scene.states[path] = node.state
        if node.move is not None:
            scene.moves[path] = node.move
        kids = list(_children(node, path))
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
    paths = set(trace.names) | set(trace.players) | {()}
    for path in list(paths):  # make sure every ancestor is there
        for k in range(len(path)):
            paths.add(path[:k])
    leaves = {e.path for e in trace.events if isinstance(e, Leaf)}
    kids: dict[Path, list[Path]] = {p: [] for p in paths}
    for path in paths:
        if path:
            kids[path[:-1]].append(path)
    for children in kids.values():
        children.sort()
    scene = _Scene((), [], kids, {}, {}, {}, {}, states=dict(trace.states))
    stack: list[Path] = [()]
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
            scene.role[path] = _role(trace.role(path))
        else:  # a pruned child never entered: the opponent of its parent, as far as we know
            parent = scene.role.get(path[:-1], MAX)
            scene.role[path] = MIN if parent == MAX else MAX
    return scene


def _role(role: str) -> str:
    return {"MAX": MAX, "MIN": MIN}.get(role, CHANCE_ROLE)


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
    scene.xy = tidy_layout(scene.root, lambda p: scene.kids[p])
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
        raise ValueError(
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
    trace = _trace_of(tree_or_trace)
    if trace is not None:
        return draw_trace(
            trace,
            snapshot,
            names=names,
            edge_labels=edge_labels,
            windows=windows,
            caption=caption,
            narration=narration,
            style=style,
            game=game,
            boards=boards,
        )
    t = _as_tree(tree_or_trace)
    if snapshot is not None and not isinstance(snapshot, Snapshot):
        raise TypeError(
            f"snapshot must be a Snapshot of a search on this tree, got {snapshot!r}; to draw "
            "step k of a search use draw_trace(result.trace, k, tree=...)"
        )
    scene = _scene_of_tree(t)
    text = caption if isinstance(caption, str) else ""
    return _render(
        scene,
        snapshot,
        names=True if names is None else names,
        edge_labels=edge_labels,
        windows=windows,
        caption_lines=[text] if text else [],
        style=style,
        game=game,
        boards=boards,
    )


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
    fills: Mapping[Path, str] | None = None,
    texts: Mapping[Path, str] | None = None,
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
        raise TypeError(f"draw_trace needs a Trace or a SearchResult with one, got {trace!r}")
    scene = _scene_of_trace(found, tree)
    snap = step if isinstance(step, Snapshot) else found.snapshot(step)
    explicit = tree is not None or isinstance(found.states.get(()), Node)
    return _render(
        scene,
        snap,
        names=explicit if names is None else names,
        edge_labels=edge_labels,
        windows=windows and found.algorithm.windowed,
        caption_lines=_caption(found, snap, caption, narration),
        style=style,
        trace=found,
        game=game,
        boards=boards,
        fills=fills or {},
        texts=texts or {},
    )


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

    trace = _trace_of(tree_or_trace)
    snap: Snapshot | None
    if trace is not None:
        scene = _scene_of_trace(trace, tree)
        step = snapshot.step if isinstance(snapshot, Snapshot) else snapshot
        snap = trace.snapshot(step)
        explicit = tree is not None or isinstance(trace.states.get(()), Node)
        show_names = explicit if names is None else names
        show_windows = windows and trace.algorithm.windowed
        lines = _caption(trace, snap, caption, False)
    else:
        if snapshot is not None and not isinstance(snapshot, Snapshot):
            raise TypeError(
                f"snapshot must be a Snapshot of a search on this tree, got {snapshot!r}"
            )
        scene = _scene_of_tree(_as_tree(tree_or_trace))
        snap = snapshot
        show_names = True if names is None else names
        show_windows = windows
        lines = [caption] if isinstance(caption, str) else []
    dot = graphviz.Digraph(graph_attr={"ordering": "out", "fontname": "Helvetica"})
    dot.attr("node", fontname="Helvetica", fontsize="11")
    dot.attr("edge", fontname="Helvetica", fontsize="9", arrowhead="none")
    if lines:
        dot.attr(label="\n".join(lines), labelloc="b")
    pv = _pv(scene, snap)
    for path in scene.order:
        look = _look(scene, snap, path)
        shape = {MAX: "box", MIN: "circle", CHANCE_ROLE: "diamond", LEAF: "box"}[scene.role[path]]
        styles = ["filled"] + (["dashed"] if look.dashed else [])
        if scene.role[path] == LEAF:
            styles.append("rounded")
        extra = []
        if show_names:
            extra.append(scene.name[path])
        if show_windows and look.window:
            extra.append(look.window)
        dot.node(
            _id(path),
            label=look.value,
            shape=shape,
            style=",".join(styles),
            color=CURRENT if look.current else look.stroke,
            fontcolor=look.ink,
            fillcolor=look.fill,
            penwidth="3" if look.current else "1.2",
            xlabel=" ".join(extra),
            width="0.4",
            height="0.4",
            fixedsize="true" if scene.role[path] != LEAF else "false",
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


# -- helpers shared by the SVG and the DOT picture ------------------------------------
def _trace_of(obj: object) -> Trace | None:
    if isinstance(obj, Trace):
        return obj
    if isinstance(obj, SearchResult):
        if obj.trace is None:
            raise ValueError(
                "this search result has no trace: run the search with trace=True to draw it"
            )
        if not isinstance(obj.trace, Trace):
            raise TypeError(
                "this is a Monte Carlo tree search: draw it with gametheory.draw.mcts.draw_mcts"
            )
        return obj.trace
    return None


def _as_tree(obj: object) -> GameTree | Node:
    if isinstance(obj, (GameTree, Node)):
        return obj
    if isinstance(obj, (list, tuple, dict)):
        return tree(obj)
    raise TypeError(
        f"draw_tree needs a GameTree, a tree spec (nested lists), a Trace or a SearchResult, "
        f"got {type(obj).__name__}"
    )


def _caption(trace: Trace, snap: Snapshot, caption: bool | str, narration: bool) -> list[str]:
    if isinstance(caption, str):
        lines = [caption]
    elif caption:
        lines = [
            f"{trace.algorithm} · step {snap.step} of {len(trace)} · nodes {snap.nodes} · "
            f"leaves {snap.leaves} · cutoffs {snap.cutoffs}"
        ]
        if trace.negamax:
            lines.append("negamax: every value is for the player to move at that node")
    else:
        lines = []
    if narration:
        lines.append(snap.narration)
    return lines


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


def _pv(scene: _Scene, snap: Snapshot | None) -> set[Path]:
    """The nodes on the best line so far (its edges are drawn bold); it stops at chance."""
    if snap is None:
        return set()
    line: set[Path] = set()
    path: Path = ()
    while path in snap.best_child and scene.role.get(path) != CHANCE_ROLE:
        path = path + (snap.best_child[path],)
        line.add(path)
    return line


def _look(scene: _Scene, snap: Snapshot | None, path: Path) -> _Look:
    payoff = scene.payoff.get(path)
    if snap is None:
        value = number_text(payoff) if payoff is not None else ""
        return _Look(value, INK, "#ffffff", INK, False, False, False, "")
    status = snap.status_of(path)
    known = snap.values.get(path)
    if known is not None and status is not Status.PRUNED:
        value = number_text(known)
    elif payoff is not None:
        value = number_text(payoff)
    else:
        value = ""
    window = ""
    if status is Status.ON_STACK and path in snap.windows:
        alpha, beta = snap.windows[path]
        window = f"[{number_text(alpha)}, {number_text(beta)}]"
    current = path == snap.current
    if status is Status.PRUNED:
        return _Look(value, PRUNED_INK, FILL_PRUNED, PRUNED_INK, True, current, False, "")
    if status is Status.UNSEEN:
        return _Look(value, FAINT, "#ffffff", FAINT, False, current, False, "")
    fill = FILL_STACK if status is Status.ON_STACK else FILL_DONE
    return _Look(value, INK, fill, INK, False, current, known is not None, window)


def _edge_look(scene: _Scene, snap: Snapshot | None, path: Path, pv: set[Path]) -> _EdgeLook:
    if snap is None:
        return _EdgeLook(INK, 1.2, False, False)
    status = snap.status_of(path)
    if status is Status.PRUNED:
        return _EdgeLook(PRUNED_INK, 1.2, True, path in snap.pruned)
    if status is Status.UNSEEN:
        return _EdgeLook(FAINT, 1.0, False, False)
    return _EdgeLook(INK, 3.4 if path in pv else 1.2, False, False)


def _id(path: Path) -> str:
    return "n" + "".join(f"-{i}" for i in path)


# -- SVG --------------------------------------------------------------------------------
def _auto_style(width_units: float) -> Style:
    """Full size up to about 40 nodes across; beyond that everything shrinks, to a limit.

    A tree still too wide for the page is scaled down as a whole by :func:`document`.
    """
    if width_units <= 40:
        return Style()
    k = max(0.6, math.sqrt(40 / width_units))
    return Style(unit=46 * k, level=72 * max(k, 0.8), radius=14 * k, font=12 * k, small=10 * k)


RING = 5.0  # the current node's ring stands this far outside the node's outline
CLEAR = RING + 3.5  # names and windows keep this far from the outline, so the ring never hides them


@dataclass
class _Frame:
    """Where everything of a tree picture goes: the same at every step of a search."""

    style: Style
    xy: dict[Path, tuple[float, float]]
    half: dict[str, tuple[float, float]]  # half width and half height of each kind of node
    routes: dict[Path, list[tuple[float, float]]]  # the points each edge passes through
    labels: dict[Path, tuple[float, float, str, str]]  # x, y, anchor, text of each edge label
    glyphs: dict[Path, Glyph]
    window_width: float
    width: float
    height: float  # without the caption


def _frame(
    scene: _Scene,
    style: Style | None,
    *,
    names: bool,
    edge_labels: bool,
    windows: Sequence[str],
    values: Sequence[str],
    game: Any,
    boards: bool,
) -> _Frame:
    """Lay the picture out (cached: a stepping widget asks for the same frame each step)."""
    key = (style, names, edge_labels, tuple(windows), tuple(values), id(game), boards)
    if key not in scene.frames:
        scene.frames[key] = _lay_out(
            scene, style, names, edge_labels, windows, values, game, boards
        )
    return scene.frames[key]


def _lay_out(
    scene: _Scene,
    style: Style | None,
    names: bool,
    edge_labels: bool,
    windows: Sequence[str],
    values: Sequence[str],
    game: Any,
    boards: bool,
) -> _Frame:
    columns = max(x for x, _ in scene.xy.values()) + 1
    s = style or _auto_style(columns)
    r = s.radius
    # every node of a kind has one size, big enough for any value it may show; long values
    # (−0.0584) are set a size smaller
    widest = max((text_width(v, s.font, bold=True) for v in values), default=0.0)
    if widest > 4 * r:
        s = replace(s, font=s.font * 11 / 12)
        widest *= 11 / 12
    half = {
        MAX: (max(r, widest / 2 + 5), r),
        MIN: (max(r, widest / 2 + 5), r),
        CHANCE_ROLE: (max(r * 1.25, widest / 2 + s.font * 0.6),) * 2,
        LEAF: (max(r * 0.9, widest / 2 + 4), r * 0.8),
    }
    window_width = max((text_width(w, s.small) + 6 for w in windows), default=0.0)
    glyphs: dict[Path, Glyph] = {}
    if game is not None and boards:
        for path in scene.order:
            state = _state_of(scene, game, path)
            glyph = None if state is None else board_glyph(game, state)
            if glyph is not None:
                glyphs[path] = glyph

    def reach(path: Path) -> tuple[float, float]:
        """How far a node with its name and picture reaches to the left and to the right."""
        role = scene.role[path]
        hw = half[role][0]
        left = right = hw
        name = scene.name[path] if names else ""
        if name and role == LEAF:
            left = right = max(hw, text_width(name, s.small) / 2)
        elif name:
            left = hw + CLEAR + text_width(name, s.small)
        if path in glyphs:
            right = max(right, hw + CLEAR + glyphs[path].width)
        return left, right

    reaches = {path: reach(path) for path in scene.order}
    rows: dict[int, list[Path]] = {}
    for path in scene.order:
        rows.setdefault(scene.xy[path][1], []).append(path)
    for row in rows.values():
        row.sort(key=lambda p: scene.xy[p][0])
    deepest = max(rows)
    leaf_row = [p for p in rows[deepest] if scene.role[p] == LEAF]
    drop = 2 * half[LEAF][1] + s.small + 16  # how far a staggered card sits below its row

    def unit_for(stagger: bool) -> float:
        """The least distance between neighbouring columns that keeps every row clear.

        In a staggered row the cards alternate between two heights, so a card needs room
        only from the next card but one; its neighbour just needs the edge to pass.
        """
        unit = s.unit * (0.6 if stagger else 1.0)
        for d, row in rows.items():
            staggered = stagger and d == deepest
            for k, a in enumerate(row):
                for b in row[k + 1 : k + (3 if staggered else 2)]:
                    if staggered and b is row[k + 1]:
                        need = half[LEAF][0] + 6
                    else:  # in a staggered row, wide enough for an edge to pass between
                        need = reaches[a][1] + reaches[b][0] + (22 if staggered else 10)
                    unit = max(unit, need / (scene.xy[b][0] - scene.xy[a][0]))
        return unit

    stagger = False
    unit = unit_for(False)
    crowded = (columns - 1) * unit > MAX_WIDTH - 80
    if crowded and not windows and len(leaf_row) == len(rows[deepest]) > 2:
        stagger = True
        unit = unit_for(True)
    lowered = _stagger(rows[deepest]) if stagger else set()
    level = max(s.level, max((g.height for g in glyphs.values()), default=0) + 2 * r + 16)
    if stagger:  # room for the labels of the edges that fan out to the two heights
        level *= 1.2
    margin = 8.0
    left = min(scene.xy[p][0] * unit - reaches[p][0] for p in scene.order)
    right = max(scene.xy[p][0] * unit + reaches[p][1] for p in scene.order)
    right = max(
        right,
        max(
            (
                scene.xy[p][0] * unit + half[scene.role[p]][0] + CLEAR + window_width
                for p in scene.order
            ),
            default=right,
        )
        if windows
        else right,
    )
    top = r + (s.small + 8 if windows else 6) + RING
    xy = {
        p: (
            margin - left + scene.xy[p][0] * unit,
            top + scene.xy[p][1] * level + (drop if p in lowered else 0.0),
        )
        for p in scene.order
    }
    bottom = max(xy[p][1] + half[scene.role[p]][1] for p in scene.order)
    bottom += s.small + 12 if names else RING + 4
    width = max(right - left + 2 * margin, 360.0)

    # the words: first reserve what stays where it is, then place the edge labels
    placer = Placer()
    for p in scene.order:
        x, y = xy[p]
        hw, hh = half[scene.role[p]]
        placer.block(Box(x - hw - CLEAR, y - hh - CLEAR, x + hw + CLEAR, y + hh + CLEAR))
        if names and scene.name[p]:
            placer.block(
                text_box(
                    *_name_spot(scene.role[p], x, y, hw, hh, s),
                    scene.name[p],
                    s.small,
                    "end" if scene.role[p] != LEAF else "middle",
                )
            )
        if windows:
            placer.block(_window_box(x, y, hw, hh, window_width, s))
        if p in glyphs:
            g = glyphs[p]
            placer.block(
                Box(x + hw + CLEAR, y - g.height / 2, x + hw + CLEAR + g.width, y + g.height / 2)
            )
    routes = {
        p: _edge_route(scene, p, xy, half, drop if p in lowered else 0.0) for p in scene.order if p
    }
    for route in routes.values():
        placer.line(route)
    labels: dict[Path, tuple[float, float, str, str]] = {}
    if edge_labels:
        for p in scene.order:
            text = _edge_text(scene, game, p) if p else ""
            if text:
                x, y, anchor = placer.place(routes[p], text, s.small, prefer=0.58, span=(0.15, 0.9))
                labels[p] = (x, y, anchor, text)
    return _Frame(s, xy, half, routes, labels, glyphs, window_width, width, bottom)


def _stagger(row: list[Path]) -> set[Path]:
    """Every other card of a crowded last row drops below the others."""
    return set(row[1::2])


def _name_spot(
    role: str, x: float, y: float, hw: float, hh: float, s: Style
) -> tuple[float, float]:
    """Where a node's name stands: left of the node, or under a leaf; clear of the ring."""
    if role == LEAF:
        return x, y + hh + RING + 2 + s.small * 0.8
    return x - hw - CLEAR, y + s.small * 0.35


def _window_box(x: float, y: float, hw: float, hh: float, width: float, s: Style) -> Box:
    """The ``[α, β]`` window's place: above the node's right shoulder, clear of its ring."""
    return Box(x + hw + CLEAR - 4, y - hh - s.small - 6, x + hw + CLEAR - 4 + width, y - hh - 2)


def _state_of(scene: _Scene, game: Any, path: Path) -> Any:
    """The game position at ``path``: stored, or one move on from its parent's."""
    if path in scene.states:
        return scene.states[path]
    if not path or path[:-1] not in scene.states:
        return None
    move = _move_of(scene, game, path)
    return None if move is None else game.result(scene.states[path[:-1]], move)


def _move_of(scene: _Scene, game: Any, path: Path) -> Any:
    """The game move into ``path``: stored by the tree, or the parent's move number ``path[-1]``."""
    if path in scene.moves:
        return scene.moves[path]
    parent = scene.states.get(path[:-1])
    if parent is None or scene.role.get(path[:-1]) == CHANCE_ROLE:
        return None
    moves = list(game.legal_moves(parent))
    return moves[path[-1]] if path[-1] < len(moves) else None


def _edge_text(scene: _Scene, game: Any, path: Path) -> str:
    """An edge's label: the move as the game writes it, or the tree's own label."""
    if game is not None and scene.role.get(path[:-1]) != CHANCE_ROLE:
        move = _move_of(scene, game, path)
        if move is not None:
            return move_label(game, move, scene.states.get(path[:-1]))
    return scene.label.get(path, "")


def _edge_route(
    scene: _Scene,
    path: Path,
    xy: dict[Path, tuple[float, float]],
    half: dict[str, tuple[float, float]],
    drop: float,
) -> list[tuple[float, float]]:
    """An edge from the bottom of the parent to the top of the child.

    The edge to a card that a staggered row drops below the others comes straight down the
    last stretch, through the gap between the cards beside it.
    """
    (x1, y1), (x2, y2) = xy[path[:-1]], xy[path]
    start = (x1, y1 + half[scene.role[path[:-1]]][1])
    hh = half[scene.role[path]][1]
    end = (x2, y2 - hh)
    if not drop:
        return [start, end]
    return [start, (x2, y2 - drop - hh - CLEAR), end]


def _values(scene: _Scene, snap: Snapshot | None, trace: Trace | None) -> list[str]:
    """Every value the picture may show in a node, at any step."""
    shown = {number_text(v) for v in scene.payoff.values()}
    if snap is not None:
        shown |= {number_text(v) for v in snap.values.values()}
    if trace is not None:
        for event in trace.events:
            if isinstance(event, (Leaf, Backup, Exit)):
                shown.add(number_text(event.value))
    return sorted(shown, key=lambda v: (len(v), v))[-3:]  # the longest few decide the size


def _windows(trace: Trace | None, snap: Snapshot | None) -> list[str]:
    """Every ``[α, β]`` window the picture may show, at any step."""
    shown: set[str] = set()
    if trace is not None:
        for event in trace.events:
            if isinstance(event, (Enter, Backup, Cutoff)):
                shown.add(f"[{number_text(event.alpha)}, {number_text(event.beta)}]")
    if snap is not None:
        shown |= {f"[{number_text(a)}, {number_text(b)}]" for a, b in snap.windows.values()}
    return sorted(shown, key=lambda w: (len(w), w))[-3:]


def _render(
    scene: _Scene,
    snap: Snapshot | None,
    *,
    names: bool,
    edge_labels: bool,
    windows: bool,
    caption_lines: list[str],
    style: Style | None,
    trace: Trace | None = None,
    game: Any = None,
    boards: bool = True,
    fills: Mapping[Path, str] | None = None,
    texts: Mapping[Path, str] | None = None,
) -> Svg:
    fills, texts = fills or {}, texts or {}
    frame = _frame(
        scene,
        style,
        names=names,
        edge_labels=edge_labels,
        windows=_windows(trace, snap) if windows else [],
        values=_values(scene, snap, trace),
        game=game,
        boards=boards,
    )
    s, xy, half = frame.style, frame.xy, frame.half
    width, height = frame.width, frame.height
    per_line = max(20, int((width - 16) / ((s.small + 1) * 0.62)))
    caption_lines = [part for line in caption_lines for part in textwrap.wrap(line, per_line)]
    height += len(caption_lines) * (s.small + 6) + (6 if caption_lines else 0)

    pv = _pv(scene, snap)
    out: list[str] = []
    # right to left and bottom up: a node's window is drawn over the edges to its right
    for path in reversed(scene.order):
        look = _look(scene, snap, path)
        if fills.get(path):
            look = replace(look, fill=fills[path])
        if path in texts:
            look = replace(look, value=texts[path])
        role = scene.role[path]
        x, y = xy[path]
        hw, hh = half[role]
        out.append(f'<g id="{_id(path)}">')
        if path:
            route = frame.routes[path]
            out.extend(_svg_edge(scene, snap, path, pv, route, s, frame.labels.get(path)))
        out.extend(_svg_node(role, look, x, y, hw, hh, s))
        if names and scene.name[path]:
            nx, ny = _name_spot(role, x, y, hw, hh, s)
            anchor = "middle" if role == LEAF else "end"
            out.append(svg_text(nx, ny, scene.name[path], s.small, "#555555", anchor))
        glyph = frame.glyphs.get(path)
        if glyph is not None:
            gx, gy = x + hw + CLEAR, y - glyph.height / 2
            out.append(f'<g transform="translate({gx:.1f},{gy:.1f})">{glyph.svg}</g>')
        if windows and look.window:
            out.extend(
                _svg_window(look.window, _window_box(x, y, hw, hh, frame.window_width, s), s)
            )
        out.append("</g>")
    if caption_lines:
        out.append('<g id="caption">')
        y0 = height - (len(caption_lines) - 1) * (s.small + 6) - 8
        for i, line in enumerate(caption_lines):
            out.append(svg_text(8, y0 + i * (s.small + 6), line, s.small + 1, "#333333", "start"))
        out.append("</g>")
    return document(width, height, out)


def _svg_node(
    role: str, look: _Look, x: float, y: float, hw: float, hh: float, s: Style
) -> list[str]:
    """A node's shape, grown to its value when needed, with the ring when it is current."""
    dash = f' stroke-dasharray="{DASH}"' if look.dashed else ""
    paint = f'fill="{look.fill}" stroke="{look.stroke}" stroke-width="1.4"{dash}'
    cls = f'class="node {role}"'
    parts: list[str] = []
    if look.current:
        ring = f'class="ring" fill="none" stroke="{CURRENT}" stroke-width="3" opacity="0.85"'
        if role == MIN and hw == hh or role == CHANCE_ROLE:
            parts.append(f'<circle {ring} cx="{x:.1f}" cy="{y:.1f}" r="{hw + RING:.1f}"/>')
        else:
            rx = hh + RING if role == MIN else 4 + RING * 0.6
            parts.append(
                f'<rect {ring} x="{x - hw - RING:.1f}" y="{y - hh - RING:.1f}" '
                f'width="{2 * (hw + RING):.1f}" height="{2 * (hh + RING):.1f}" rx="{rx:.1f}"/>'
            )
    if role == MAX:
        parts.append(
            f'<rect {cls} x="{x - hw:.1f}" y="{y - hh:.1f}" width="{2 * hw:.1f}" '
            f'height="{2 * hh:.1f}" {paint}/>'
        )
    elif role == MIN and hw == hh:
        parts.append(f'<circle {cls} cx="{x:.1f}" cy="{y:.1f}" r="{hw:.1f}" {paint}/>')
    elif role == MIN:  # a circle stretched to hold a long value
        parts.append(
            f'<rect {cls} x="{x - hw:.1f}" y="{y - hh:.1f}" width="{2 * hw:.1f}" '
            f'height="{2 * hh:.1f}" rx="{hh:.1f}" {paint}/>'
        )
    elif role == CHANCE_ROLE:
        parts.append(
            f'<polygon {cls} points="{x:.1f},{y - hh:.1f} {x + hw:.1f},{y:.1f} {x:.1f},{y + hh:.1f} '
            f'{x - hw:.1f},{y:.1f}" {paint}/>'
        )
    else:
        parts.append(
            f'<rect {cls} x="{x - hw:.1f}" y="{y - hh:.1f}" width="{2 * hw:.1f}" '
            f'height="{2 * hh:.1f}" rx="{s.radius * 0.3:.1f}" {paint}/>'
        )
    if look.value:
        parts.append(svg_text(x, y + s.font * 0.36, look.value, s.font, look.ink, bold=look.bold))
    return parts


def _svg_edge(
    scene: _Scene,
    snap: Snapshot | None,
    path: Path,
    pv: set[Path],
    route: list[tuple[float, float]],
    s: Style,
    label: tuple[float, float, str, str] | None,
) -> list[str]:
    edge = _edge_look(scene, snap, path, pv)
    (x1, y1), (x2, y2) = route[0], route[1]  # the cut marks go on the first stretch
    dash = f' stroke-dasharray="{DASH}"' if edge.dashed else ""
    paint = f'stroke="{edge.stroke}" stroke-width="{edge.width:g}"{dash}'
    if len(route) == 2:
        parts = [f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {paint}/>']
    else:
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in route)
        parts = [f'<polyline points="{points}" fill="none" stroke-linejoin="round" {paint}/>']
    if edge.cut:  # two short strokes across the edge, where the search cut it
        mx, my = x1 + (x2 - x1) * 0.75, y1 + (y2 - y1) * 0.75
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        nx, ny = -uy * s.radius * 0.55, ux * s.radius * 0.55
        for k in (-2.5, 2.5):
            cx, cy = mx + ux * k, my + uy * k
            parts.append(
                f'<line x1="{cx - nx:.1f}" y1="{cy - ny:.1f}" x2="{cx + nx:.1f}" '
                f'y2="{cy + ny:.1f}" stroke="{PRUNED_INK}" stroke-width="1.6"/>'
            )
    if label is not None:
        x, y, anchor, text = label
        colour = edge.stroke if edge.stroke != INK else "#444444"
        parts.append(svg_text(x, y, text, s.small, colour, anchor))
    return parts


def _svg_window(window: str, box: Box, s: Style) -> list[str]:
    return [
        f'<rect x="{box.x0:.1f}" y="{box.y0:.1f}" width="{box.x1 - box.x0:.1f}" '
        f'height="{box.y1 - box.y0:.1f}" rx="2" fill="#fff8dc" stroke="#c9a227" stroke-width="0.8"/>',
        svg_text(box.x0 + 3, box.y1 - 4, window, s.small, "#6b4e00", "start"),
    ]
