"""Pictures of networkx graphs, drawn by networkx itself: the figures of the graph chapter.

One call makes one picture, so a lesson shows graphs rather than plotting code. networkx
draws the vertices, the edges and the labels (``draw_networkx_nodes``, ``_edges``,
``_labels`` and ``_edge_labels``); this module only chooses what networkx cannot know:

* every edge shows, even in a multigraph: parallel edges bend apart and two opposite arrows
  of a digraph curve past each other (a ``connectionstyle`` for each edge), and a loop is a
  circle sized in points, so it shows in any layout (networkx's own loops are sized in the
  layout's units and hide under a vertex in a wide one), loops at one vertex round each other;
* a *mixed* graph (directed and undirected edges together) is a ``MultiDiGraph`` whose
  undirected edges carry ``directed=False``; they are drawn without an arrowhead;
* ``highlight`` draws chosen edges bold (a cycle, a spanning tree), ``edge_colour`` and
  ``node_colour`` show a colouring (a palette index or any matplotlib colour), and
  ``edge_labels`` writes weights, capacities or names on the edges;
* without positions, a tree is laid out like a textbook tree (:func:`tree_layout`) and any
  other graph by the Kamada–Kawai spring layout.

The result is an :class:`~gametheory.draw.svg.Svg` like every other picture of the package:
Jupyter shows it, ``.save("x.png")`` writes it. The figure is made without pyplot, so
nothing is left on pyplot's current figure and the picture never shows twice. The SVG
keeps text as text and is byte-for-byte the same on every run.

>>> import networkx as nx
>>> bridges = nx.MultiGraph([("A", "B"), ("A", "B"), ("A", "C"), ("A", "C"), ("A", "D"),
...                          ("B", "D"), ("C", "D")])
>>> picture = draw_graph(bridges, title="Königsberg")
>>> picture.startswith("<?xml"), picture.count('id="edge-')     # seven bridges, seven curves
(True, 7)
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametheory.core import GameError
from gametheory.draw.layout import tidy_layout
from gametheory.draw.svg import Svg

__all__ = ["PALETTE", "draw_graph", "draw_graphs", "tree_layout"]

PALETTE = (
    "#f4a6a6",
    "#a6c8f4",
    "#b6e3a8",
    "#f4e0a6",
    "#d4b8ef",
    "#a6e6df",
    "#f6c69a",
    "#c9c9c9",
    "#f2b6dc",
    "#d9e8a0",
)
"""Light fills for colourings: colour number *i* of a colouring is ``PALETTE[i]``."""

NODE_FILL = "#dde6f0"
RIM = "#667788"
INK = "#444444"
FADED = "#b8b8b8"
BOLD = "tab:red"

Node = Hashable
Layout = Mapping[Node, Sequence[float]]
Colour = str | int


def _bend_sequence(n: int) -> list[float]:
    """``n`` different bends for ``n`` parallel edges: straight first when ``n`` is odd, then
    ±0.3, ±0.55, ±0.8, … (0.25 apart, as many as needed).

    >>> _bend_sequence(3), _bend_sequence(4)
    ([0.0, 0.3, -0.3], [0.3, -0.3, 0.55, -0.55])
    """
    bends = [0.0] if n % 2 else []
    step = 0
    while len(bends) < n:
        bends += [0.3 + 0.25 * step, -(0.3 + 0.25 * step)]
        step += 1
    return bends[:n]


def draw_graph(
    g: Any,
    pos: Layout | None = None,
    *,
    title: str = "",
    labels: Mapping[Node, object] | None = None,
    node_colour: Colour | Mapping[Node, Colour] = NODE_FILL,
    edge_colour: Mapping[tuple[Node, ...], Colour] | None = None,
    edge_labels: str | Mapping[tuple[Node, ...], object] | None = None,
    highlight: Iterable[tuple[Node, ...]] = (),
    highlight_colour: str = BOLD,
    size: tuple[float, float] = (4.0, 3.0),
    node_size: float = 420,
    font_size: float = 10,
) -> Svg:
    """Draw one graph (any networkx graph, multigraphs and mixed graphs included).

    Parameters
    ----------
    g
        A ``Graph``, ``DiGraph``, ``MultiGraph`` or ``MultiDiGraph``. An edge whose data has
        ``directed=False`` is drawn without an arrowhead (the edges of a mixed graph).
    pos
        ``{vertex: (x, y)}`` for every vertex; by default :func:`tree_layout` for a tree
        drawn from its root, else ``networkx.kamada_kawai_layout``.
    title
        A line above the picture.
    labels
        Text for some vertices (the rest show their own name).
    node_colour
        One fill for every vertex, or ``{vertex: colour}`` for some of them (the rest keep
        the plain fill). A colour is a matplotlib colour or an index into :data:`PALETTE`,
        so a colouring ``{vertex: 0, 1, 2, …}`` can be passed as it is.
    edge_colour
        ``{edge: colour}``, the same way, for an edge colouring; those edges are drawn
        thicker.
    edge_labels
        The name of an edge attribute to write on every edge that has it (``"weight"``), or
        ``{edge: text}``.
    highlight
        Edges to draw bold in ``highlight_colour``; the others are then drawn in grey.
    size
        Width and height in inches (at 72 points an inch).
    node_size, font_size
        Area of a vertex in points², and the size of its label.

    An edge is named ``(u, v)`` or, in a multigraph, ``(u, v, key)``; ``(u, v)`` then means
    every edge between ``u`` and ``v``. In an undirected edge ``(v, u)`` is the same edge.

    Returns
    -------
    Svg
        The picture.

    Raises
    ------
    ValueError
        If ``pos`` misses a vertex, or a colour, label or highlight names an edge or a
        vertex that is not in the graph, or a palette index is out of range.

    Examples
    --------
    >>> import networkx as nx
    >>> roads = nx.Graph()
    >>> roads.add_weighted_edges_from([("A", "B", 2), ("B", "C", 1), ("A", "C", 3)])
    >>> tree = nx.minimum_spanning_tree(roads)
    >>> picture = draw_graph(roads, edge_labels="weight", highlight=tree.edges)
    >>> picture.count('id="edge-'), picture.count('-bold"')
    (3, 2)
    >>> draw_graph(roads, highlight=[("A", "D")])
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: highlight names ('A', 'D'), which is not an edge of the graph
    """
    return draw_graphs(
        [g],
        None if pos is None else [pos],
        titles=[title],
        labels=labels,
        node_colour=node_colour,
        edge_colour=edge_colour,
        edge_labels=edge_labels,
        highlight=highlight,
        highlight_colour=highlight_colour,
        size=size,
        node_size=node_size,
        font_size=font_size,
    )


def draw_graphs(
    graphs: Sequence[Any],
    pos: Layout | Sequence[Layout | None] | None = None,
    *,
    titles: Sequence[str] = (),
    labels: Mapping[Node, object] | None = None,
    node_colour: Colour | Mapping[Node, Colour] = NODE_FILL,
    edge_colour: Mapping[tuple[Node, ...], Colour] | None = None,
    edge_labels: str | Mapping[tuple[Node, ...], object] | None = None,
    highlight: Iterable[tuple[Node, ...]] = (),
    highlight_colour: str = BOLD,
    size: tuple[float, float] = (2.2, 2.2),
    node_size: float = 300,
    font_size: float = 9,
) -> Svg:
    """Draw several graphs side by side, one panel each, with the same options.

    ``pos`` is one layout for every panel (``{vertex: (x, y)}``) or a list with one layout
    (or ``None``) per graph; ``size`` is the size of one panel. A colour, label or highlight
    applies in every panel that has that vertex or edge, and must name something in at
    least one of them. The other options are those of :func:`draw_graph`.

    Examples
    --------
    >>> import networkx as nx
    >>> triangle = {1: (0, 0), 2: (1, 0), 3: (0.5, 0.8)}
    >>> simple, loop = nx.Graph([(1, 2), (2, 3)]), nx.MultiGraph([(1, 1), (1, 2), (2, 3)])
    >>> picture = draw_graphs([simple, loop], triangle, titles=["graph", "pseudograph"])
    >>> picture.count('id="edge-')
    5
    """
    import networkx as nx
    from matplotlib.figure import Figure

    if not graphs:
        raise GameError("draw_graphs needs at least one graph")
    layouts = _layouts(graphs, pos)
    edges = [_edges(g) for g in graphs]  # lists: the order of the graph, every run
    bold = set(_resolve(graphs, edges, highlight, "highlight"))
    tints = {
        hit: _colour(c, "edge_colour")
        for name, c in (edge_colour or {}).items()
        for hit in _resolve(graphs, edges, [name], "edge_colour")
    }
    written = _edge_texts(graphs, edges, edge_labels)
    fill = _vertex_fills(graphs, node_colour, labels)
    sizes = _Sizes(node_size, font_size)
    shared = _extent(pos) if len(graphs) > 1 else None
    figure = Figure(figsize=(size[0] * len(graphs), size[1]))
    axes = figure.subplots(1, len(graphs), squeeze=False)[0]
    for i, (g, ax) in enumerate(zip(graphs, axes, strict=True)):
        panel = f"-panel{i}" if len(graphs) > 1 else ""
        looks = {
            e: _Look(
                *_stroke((i, e), bold, tints, highlight_colour), _gid(e, (i, e) in bold, panel)
            )
            for e in edges[i]
        }
        texts = {e: written[i, e] for e in edges[i] if (i, e) in written}
        layout, fills = layouts[i], [fill(v) for v in g.nodes]
        vertices = nx.draw_networkx_nodes(
            g, layout, ax=ax, node_color=fills, node_size=node_size, edgecolors=RIM, linewidths=0.8
        )
        vertices.set_gid("vertices" + panel)
        names = {v: (labels or {}).get(v, v) for v in g.nodes}
        nx.draw_networkx_labels(g, layout, ax=ax, labels=names, font_size=font_size)
        _draw_panel(ax, g, layout, edges[i], looks, texts, sizes)
        _frame(ax, shared or _extent(layout))
    pad = _title_pad(axes, graphs, layouts, written, sizes)
    for i, ax in enumerate(axes):
        ax.set_title(titles[i] if i < len(titles) else "", fontsize=font_size + 1, pad=pad)
    return _svg(figure)


def tree_layout(tree: Any, root: Node | None = None) -> dict[Node, tuple[float, float]]:
    """Positions for a tree drawn from its root downwards: ``{vertex: (x, -depth)}``.

    The children of a vertex keep the order in which their edges were added, a parent sits
    over the middle of its children, and equal subtrees look the same: the package's
    :func:`~gametheory.draw.layout.tidy_layout`.

    Parameters
    ----------
    tree
        A networkx ``DiGraph`` whose edges point away from the root (an arborescence), or an
        undirected tree with ``root`` given.
    root
        Where to start; by default the one vertex that no edge enters.

    Raises
    ------
    ValueError
        If ``tree`` is not a tree, or ``root`` is not one of its vertices.

    Examples
    --------
    >>> import networkx as nx
    >>> tree_layout(nx.DiGraph([("r", "a"), ("r", "b"), ("a", "c")]))
    {'r': (0.5, 0), 'a': (0.0, -1), 'c': (0.0, -2), 'b': (1.0, -1)}
    """
    import networkx as nx

    if tree.is_directed():
        if not nx.is_arborescence(tree):
            raise GameError(
                "tree_layout needs a tree whose edges point away from one root "
                "(nx.is_arborescence); give positions for other graphs"
            )
        if root is None:
            (root,) = [v for v, d in tree.in_degree if d == 0]
        elif tree.in_degree(root) != 0:
            raise GameError(f"root {root!r} has an edge into it; the root is where none enters")
        children: Callable[[Node], list[Node]] = lambda v: list(tree.successors(v))  # noqa: E731
    else:
        if root is None or root not in tree:
            raise GameError(f"give the root of an undirected tree (root={root!r} is not a vertex)")
        if not nx.is_tree(tree):
            raise GameError("tree_layout needs a tree (connected, no cycles)")
        parents = {root: None, **dict(nx.bfs_predecessors(tree, root))}
        children = lambda v: [u for u in tree[v] if u != parents[v]]  # noqa: E731
    return {v: (x, -depth) for v, (x, depth) in tidy_layout(root, children).items()}


# --------------------------------------------------------------------------- the work
@dataclass(frozen=True)
class _Sizes:
    """The area of a vertex (points²) and the size of its label (points)."""

    node: float
    font: float


@dataclass(frozen=True)
class _Look:
    """How one edge is drawn: its colour, its width, and its id in the SVG."""

    colour: str
    width: float
    gid: str


def _draw_panel(
    ax: Any,
    g: Any,
    pos: Layout,
    edges: list[tuple[Any, ...]],
    looks: Mapping[tuple[Any, ...], _Look],
    written: Mapping[tuple[Any, ...], object],
    sizes: _Sizes,
) -> None:
    """Draw every edge of ``g`` with networkx, each on its own curve, then their labels.

    networkx draws the arrows; what it cannot know is chosen here: the bend of each edge
    (parallel and opposite edges apart) and the shape of a loop (sized in points, so it
    shows in any layout, and nested round the loops before it).
    """
    import networkx as nx

    if not edges:
        return
    patches = nx.draw_networkx_edges(
        g,
        pos,
        ax=ax,
        edgelist=edges,
        arrows=True,
        arrowstyle="-|>",
        arrowsize=14,
        edge_color=[looks[e].colour for e in edges],
        width=[looks[e].width for e in edges],
        node_size=sizes.node,
    )
    bends, loops = _bends(g, edges), _loop_numbers(edges)
    for e, patch in zip(edges, patches, strict=True):
        patch.set_gid(looks[e].gid)  # so that a reader (or a test) finds every edge
        if not _directed(g, e):  # the undirected edges of a mixed graph, or of any graph
            patch.set_arrowstyle("-")
        if e in loops:
            patch.set_connectionstyle(_loop_connection(ax, loops[e], sizes))
            patch.set_mutation_scale(10)  # a loop is small: so is its arrowhead
            patch.set_clip_on(False)  # it may reach above its panel (see _title_pad)
        else:
            patch.set_connectionstyle(f"arc3,rad={bends[e]}")
    _edge_labels(ax, g, pos, written, bends, loops, sizes)


def _edge_labels(
    ax: Any,
    g: Any,
    pos: Layout,
    written: Mapping[tuple[Any, ...], object],
    bends: Mapping[tuple[Any, ...], float],
    loops: Mapping[tuple[Any, ...], int],
    sizes: _Sizes,
) -> None:
    """Each edge's label on its own curve (networkx places it there), a loop's above it."""
    import networkx as nx

    for rad in sorted({bends[e] for e in written if e not in loops}):
        texts = nx.draw_networkx_edge_labels(
            g,
            pos,
            ax=ax,
            edge_labels={e: t for e, t in written.items() if e not in loops and bends[e] == rad},
            connectionstyle=f"arc3,rad={rad}",  # the label rides on its own edge's curve
            rotate=False,
            font_size=sizes.font - 1,
            node_size=sizes.node,
        )
        for text in texts.values():
            text.set_zorder(3)
    for e, nth in loops.items():
        if e in written:
            _, radius, centre = _loop_geometry(nth, sizes)
            ax.annotate(
                str(written[e]),
                pos[e[0]],
                xytext=(0, centre + radius + _LABEL_GAP * sizes.font),
                textcoords="offset points",
                ha="center",
                va="center",
                fontsize=sizes.font - 1,
                zorder=3,
            )


def _svg(figure: Any) -> Svg:
    """The figure as SVG: text stays text, in the package's fonts; the same bytes every run."""
    from matplotlib import rc_context

    buffer = io.StringIO()
    with rc_context(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "gametheory",
            "font.family": ["sans-serif"],
            "font.sans-serif": ["DejaVu Sans", "Helvetica", "Arial"],
        }
    ):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    return Svg(buffer.getvalue())


Frame = tuple[tuple[float, float], tuple[float, float]]


def _extent(pos: Any) -> Frame | None:
    """How far a layout's vertices reach across and up (None for no layout, or no vertex)."""
    if not isinstance(pos, Mapping) or not pos:
        return None
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    return (min(xs), max(xs)), (min(ys), max(ys))


def _frame(ax: Any, frame: Frame | None) -> None:
    """Room round the vertices, 18 % of their extent on every side: the panel's own
    vertices', or those of the layout all panels share (so that they line up)."""
    if frame is not None:
        (left, right), (low, high) = frame
        dx, dy = 0.18 * (right - left or 1), 0.18 * (high - low or 1)
        ax.set_xlim(left - dx, right + dx)
        ax.set_ylim(low - dy, high + dy)
    ax.set_axis_off()


# -- loops ------------------------------------------------------------------------------
# a loop's label is centred this many font sizes above the loop's top
_LABEL_GAP = 0.75


def _loop_numbers(edges: list[tuple[Any, ...]]) -> dict[tuple[Any, ...], int]:
    """Each loop's number at its vertex: 1 for the first, 2 for the one round it, …"""
    count: dict[Any, int] = {}
    numbers = {}
    for e in edges:
        if e[0] == e[1]:
            count[e[0]] = numbers[e] = count.get(e[0], 0) + 1
    return numbers


def _loop_geometry(nth: int, sizes: _Sizes) -> tuple[float, float, float]:
    """The vertex's radius, the ``nth`` loop's radius and its centre's height above the
    vertex's centre, all in points. Loops at one vertex grow by at least a line of text, so
    a label fits between one loop's top and the next one's."""
    node = math.sqrt(sizes.node) / 2
    step = max(0.45 * node, 0.95 * sizes.font)
    radius = 0.85 * node + step * (nth - 1)
    return node, radius, node + radius * 0.45


def _loop_connection(ax: Any, nth: int, sizes: _Sizes) -> Callable[..., Any]:
    """The path of a loop, for a ``FancyArrowPatch``: a circle above the vertex, from where
    it leaves the vertex's outline on the left, over the top, back to the outline on the
    right (where a directed loop has its arrowhead)."""
    import numpy as np
    from matplotlib.path import Path as CurvePath

    node, radius, centre = _loop_geometry(nth, sizes)
    lift = (centre**2 + node**2 - radius**2) / (2 * centre)  # where the two circles cross
    meet = math.degrees(math.atan2(lift - centre, math.sqrt(max(node**2 - lift**2, 0.0))))
    arc = CurvePath.arc(meet, 180 - meet)  # anticlockwise from the right crossing to the left one
    clockwise = np.asarray(arc.vertices)[::-1] * radius

    def connect(start: Sequence[float], end: Sequence[float], **_: Any) -> Any:
        scale = ax.figure.dpi / 72  # points to the pixels of the picture being drawn
        at = (start[0], start[1] + centre * scale)
        return CurvePath(clockwise * scale + at, arc.codes)

    return connect


def _title_pad(
    axes: Sequence[Any],
    graphs: Sequence[Any],
    layouts: Sequence[Layout],
    written: Mapping[tuple[int, tuple[Any, ...]], object],
    sizes: _Sizes,
) -> float:
    """How far (in points) the titles stand above their panels: clear of the loops.

    A loop is sized in points, not in the layout's units, so the margins that make room
    for the vertices do not make room for it: a loop on the top row reaches above its
    panel, and the titles move up to leave it room (the same for every panel, so they
    stay in line)."""
    pad = 6.0  # matplotlib's own
    for i, (ax, g) in enumerate(zip(axes, graphs, strict=True)):
        ax.get_ylim()  # settles the limits, so that positions on the page are final
        points = ax.figure.dpi / 72
        for e, nth in _loop_numbers(_edges(g)).items():
            _, radius, centre = _loop_geometry(nth, sizes)
            label = (_LABEL_GAP + 0.5) * sizes.font if (i, e) in written else 0.0
            below_top = (ax.bbox.y1 - ax.transData.transform(layouts[i][e[0]])[1]) / points
            pad = max(pad, centre + radius + label + 4 - below_top)
    return pad


# -- options ----------------------------------------------------------------------------
def _layouts(graphs: Sequence[Any], pos: Any) -> list[Layout]:
    """One complete layout per graph (the given one, or a computed one)."""
    if pos is None or isinstance(pos, Mapping):
        given: list[Layout | None] = [pos] * len(graphs)
    else:
        given = list(pos)
        if len(given) != len(graphs):
            raise GameError(f"pos has {len(given)} layouts for {len(graphs)} graphs")
    layouts: list[Layout] = []
    for g, p in zip(graphs, given, strict=True):
        p = _default_layout(g) if p is None else p
        missing = [v for v in g if v not in p]
        if missing:
            raise GameError(f"pos gives no place for the vertices {missing!r}")
        layouts.append(p)
    return layouts


def _default_layout(g: Any) -> dict[Node, tuple[float, float]]:
    """A tree from its root; anything else by Kamada–Kawai, one component after another
    from left to right (so that an isolated vertex never lands on another)."""
    import networkx as nx

    if g.is_directed() and len(g) and nx.is_arborescence(g):
        return tree_layout(g)
    simple = nx.Graph(g)  # the layout ignores directions, loops and parallel edges
    simple.remove_edges_from(list(nx.selfloop_edges(simple)))
    first = {v: i for i, v in enumerate(g.nodes)}
    parts = sorted(
        nx.connected_components(simple), key=lambda c: (-len(c), min(first[v] for v in c))
    )
    pos: dict[Node, tuple[float, float]] = {}
    left = 0.0
    for part in parts:
        placed = nx.kamada_kawai_layout(simple.subgraph(part)) if len(part) > 1 else {}
        placed = {v: (float(x), float(y)) for v, (x, y) in placed.items()} or {
            v: (0.0, 0.0) for v in part
        }
        low = min(x for x, _ in placed.values())
        for v, (x, y) in placed.items():
            pos[v] = (left + x - low, y)
        left = max(x for x, _ in pos.values()) + 1.0
    return pos


def _edges(g: Any) -> list[tuple[Any, ...]]:
    """Every edge once: ``(u, v)``, or ``(u, v, key)`` in a multigraph."""
    return [tuple(e) for e in (g.edges(keys=True) if g.is_multigraph() else g.edges)]


def _directed(g: Any, e: tuple[Any, ...]) -> bool:
    return bool(g.edges[e].get("directed", g.is_directed()))


def _gid(e: tuple[Any, ...], bold: bool, panel: str) -> str:
    return "edge-" + "-".join(map(str, e)) + ("-bold" if bold else "") + panel


def _stroke(
    key: tuple[int, tuple[Any, ...]],
    bold: set[tuple[int, tuple[Any, ...]]],
    tints: Mapping[tuple[int, tuple[Any, ...]], str],
    highlight_colour: str,
) -> tuple[str, float]:
    """An edge's colour and width: its colouring's, bold, faded beside bold ones, or plain."""
    if key in tints:
        return tints[key], 3.0
    if key in bold:
        return highlight_colour, 3.0
    return (FADED if bold else INK), 1.3


def _edge_texts(
    graphs: Sequence[Any],
    edges: Sequence[list[tuple[Any, ...]]],
    edge_labels: str | Mapping[tuple[Node, ...], object] | None,
) -> dict[tuple[int, tuple[Any, ...]], object]:
    """What to write on each edge, panel by panel: an attribute's value or the text given."""
    if isinstance(edge_labels, str):
        return {
            (i, e): g.edges[e][edge_labels]
            for i, g in enumerate(graphs)
            for e in edges[i]
            if edge_labels in g.edges[e]
        }
    return {
        hit: text
        for name, text in (edge_labels or {}).items()
        for hit in _resolve(graphs, edges, [name], "edge_labels")
    }


def _vertex_fills(
    graphs: Sequence[Any],
    node_colour: Colour | Mapping[Node, Colour],
    labels: Mapping[Node, object] | None,
) -> Callable[[Node], str]:
    """The fill of every vertex; the vertices named in options must be in some graph."""
    vertices = set().union(*(g.nodes for g in graphs))
    for option, mapping in (("node_colour", node_colour), ("labels", labels)):
        if isinstance(mapping, Mapping) and (unknown := set(mapping) - vertices):
            raise GameError(
                f"{option} names {sorted(map(repr, unknown))}, not vertices of the graph"
            )
    if isinstance(node_colour, Mapping):
        fills = {v: _colour(c, "node_colour") for v, c in node_colour.items()}
        return lambda v: fills.get(v, NODE_FILL)
    plain = _colour(node_colour, "node_colour")
    return lambda v: plain


def _matches(g: Any, name: tuple[Any, ...], e: tuple[Any, ...]) -> bool:
    """Whether the edge ``name`` given by the user means the edge ``e`` of ``g``."""
    ends = {tuple(name[:2]), tuple(name[1::-1]) if not _directed(g, e) else tuple(name[:2])}
    return (e[0], e[1]) in ends and (len(name) == 2 or (len(e) == 3 and name[2] == e[2]))


def _resolve(
    graphs: Sequence[Any], edges: Sequence[list[tuple[Any, ...]]], names: Iterable[Any], option: str
) -> list[tuple[int, tuple[Any, ...]]]:
    """The edges, panel by panel, that the names given in ``option`` mean."""
    found: list[tuple[int, tuple[Any, ...]]] = []
    for name in map(tuple, names):
        if len(name) not in (2, 3):
            raise GameError(f"{option}: an edge is (u, v) or (u, v, key), not {name!r}")
        hits = [(i, e) for i, g in enumerate(graphs) for e in edges[i] if _matches(g, name, e)]
        if not hits:
            raise GameError(f"{option} names {name!r}, which is not an edge of the graph")
        found += hits
    return found


def _bends(g: Any, edges: list[tuple[Any, ...]]) -> dict[tuple[Any, ...], float]:
    """How much each edge curves: parallel and opposite edges each get their own bend."""
    order = {w: i for i, w in enumerate(g.nodes)}
    between: dict[tuple[Any, Any], list[tuple[Any, ...]]] = {}
    for e in edges:
        u, v = e[0], e[1]
        between.setdefault((u, v) if order[u] <= order[v] else (v, u), []).append(e)
    rads: dict[tuple[Any, ...], float] = {}
    for (low, high), together in between.items():
        bends = _bend_sequence(len(together))  # an even number: none straight
        for k, e in enumerate(together):
            rad = bends[k] if len(together) > 1 and low != high else 0.0
            # the same curve drawn from the other end needs the opposite sign
            rads[e] = rad if (e[0], e[1]) == (low, high) else -rad
    return rads


def _colour(c: Colour, option: str) -> str:
    if isinstance(c, bool):
        raise GameError(f"{option}: {c!r} is not a colour")
    if isinstance(c, int):
        if not 0 <= c < len(PALETTE):
            raise GameError(
                f"{option}: colour number {c} is outside the palette (0 to {len(PALETTE) - 1}); "
                "give a matplotlib colour name instead"
            )
        return PALETTE[c]
    return c
