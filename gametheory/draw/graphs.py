"""Pictures of networkx graphs, drawn with matplotlib: the figures of the graph chapter.

One call makes one picture, so a lesson shows graphs rather than plotting code:

* every edge shows, even in a multigraph: parallel edges bend apart, a loop is drawn as a
  loop, and two opposite arrows of a digraph curve past each other;
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
from typing import Any

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
INK = "#444444"
FADED = "#b8b8b8"
BOLD = "tab:red"

Node = Hashable
Position = Mapping[Node, Sequence[float]]
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
    pos: Position | None = None,
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
    ValueError: highlight names ('A', 'D'), which is not an edge of the graph
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
    pos: Position | Sequence[Position | None] | None = None,
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
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    if not graphs:
        raise ValueError("draw_graphs needs at least one graph")
    layouts = _layouts(graphs, pos)
    edge_sets = [_edges(g) for g in graphs]  # lists: the order of the graph, every run
    bold = _resolve_edges(graphs, edge_sets, list(highlight), "highlight")
    edge_fill = {
        e: _colour(c, "edge_colour")
        for name, c in (edge_colour or {}).items()
        for e in _resolve_edges(graphs, edge_sets, [name], "edge_colour")
    }
    written: dict[tuple[int, tuple[Any, ...]], object] = {}
    if isinstance(edge_labels, str):
        for i, g in enumerate(graphs):
            for e in edge_sets[i]:
                data = _edge_data(g, e)
                if edge_labels in data:
                    written[i, e] = data[edge_labels]
    elif edge_labels is not None:
        for name, text in edge_labels.items():
            for e in _resolve_edges(graphs, edge_sets, [name], "edge_labels"):
                written[e] = text
    vertices = set().union(*(g.nodes for g in graphs))
    for option, mapping in (("node_colour", node_colour), ("labels", labels)):
        if isinstance(mapping, Mapping) and (unknown := set(mapping) - vertices):
            raise ValueError(
                f"{option} names {sorted(map(repr, unknown))}, not vertices of the graph"
            )
    if isinstance(node_colour, Mapping):
        fills = {v: _colour(c, "node_colour") for v, c in node_colour.items()}
        plain = NODE_FILL
    else:
        fills, plain = {}, _colour(node_colour, "node_colour")

    frame = None
    if isinstance(pos, Mapping) and len(graphs) > 1 and pos:
        xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
        frame = (min(xs), max(xs)), (min(ys), max(ys))
    width, height = size
    sizes = {"node_size": node_size, "font_size": font_size}
    figure = Figure(figsize=(width * len(graphs), height))
    axes = figure.subplots(1, len(graphs), squeeze=False)[0]
    for i, (g, ax) in enumerate(zip(graphs, axes, strict=True)):
        _panel(
            ax,
            g,
            layouts[i],
            title=titles[i] if i < len(titles) else "",
            labels=labels or {},
            fill=[fills.get(v, plain) for v in g.nodes],
            edge_fill={e: c for (j, e), c in edge_fill.items() if j == i},
            written={e: t for (j, e), t in written.items() if j == i},
            bold={e for j, e in bold if j == i},
            bold_colour=highlight_colour,
            faded=bool(bold),
            panel=f"-panel{i}" if len(graphs) > 1 else "",
            frame=frame,
            node_size=node_size,
            font_size=font_size,
        )
    _make_room_for_loops(axes, graphs, layouts, written, shared=frame is not None, **sizes)
    buffer = io.StringIO()
    # text stays text, in the fonts every picture of the package asks for; ids are stable
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
            raise ValueError(
                "tree_layout needs a tree whose edges point away from one root "
                "(nx.is_arborescence); give positions for other graphs"
            )
        if root is None:
            (root,) = [v for v, d in tree.in_degree if d == 0]
        elif tree.in_degree(root) != 0:
            raise ValueError(f"root {root!r} has an edge into it; the root is where none enters")
        children: Callable[[Node], list[Node]] = lambda v: list(tree.successors(v))  # noqa: E731
    else:
        if root is None or root not in tree:
            raise ValueError(f"give the root of an undirected tree (root={root!r} is not a vertex)")
        if not nx.is_tree(tree):
            raise ValueError("tree_layout needs a tree (connected, no cycles)")
        parents = {root: None, **dict(nx.bfs_predecessors(tree, root))}
        children = lambda v: [u for u in tree[v] if u != parents[v]]  # noqa: E731
    return {v: (x, -depth) for v, (x, depth) in tidy_layout(root, children).items()}


# --------------------------------------------------------------------------- the work


def _panel(
    ax: Any,
    g: Any,
    pos: Position,
    *,
    title: str,
    labels: Mapping[Node, object],
    fill: list[str],
    edge_fill: Mapping[tuple[Any, ...], str],
    written: Mapping[tuple[Any, ...], object],
    bold: set[tuple[Any, ...]],
    bold_colour: str,
    faded: bool,
    panel: str,
    frame: tuple[tuple[float, float], tuple[float, float]] | None,
    node_size: float,
    font_size: float,
) -> None:
    """Draw ``g`` on ``ax``: every edge by itself, so that each one gets its own curve."""
    import networkx as nx

    nodes = nx.draw_networkx_nodes(
        g, pos, ax=ax, node_color=fill, node_size=node_size, edgecolors="#667788", linewidths=0.8
    )
    nodes.set_gid("vertices" + panel)
    nodes.set_zorder(2)
    bends = _bends(g)
    loops: dict[Node, int] = {}
    for e in _edges(g):
        u, v = e[0], e[1]
        directed = _directed(g, e)
        colour, width = (INK, 1.3)
        if e in edge_fill:
            colour, width = edge_fill[e], 3.0
        elif e in bold:
            colour, width = bold_colour, 3.0
        elif faded:
            colour = FADED
        # named in the SVG so that a reader (or a test) can find every edge
        gid = "edge-" + "-".join(map(str, e)) + ("-bold" if e in bold else "") + panel
        if u == v:
            loops[u] = loops.get(u, 0) + 1
            _loop(
                ax,
                pos[u],
                loops[u],
                directed,
                colour,
                width,
                gid,
                written.get(e),
                node_size,
                font_size,
            )
            continue
        one = nx.DiGraph([(u, v)])  # draws exactly this edge
        style = f"arc3,rad={bends[e]}"
        (patch,) = nx.draw_networkx_edges(
            one,
            pos,
            ax=ax,
            arrows=True,
            arrowstyle="-|>" if directed else "-",
            arrowsize=14,
            connectionstyle=style,
            edge_color=colour,
            width=width,
            node_size=node_size,
        )
        patch.set_gid(gid)
        patch.set_zorder(1)
        if e in written:
            texts = nx.draw_networkx_edge_labels(
                one,
                pos,
                ax=ax,
                edge_labels={(u, v): written[e]},
                connectionstyle=style,
                rotate=False,
                font_size=font_size - 1,
                node_size=node_size,
            )
            for text in texts.values():
                text.set_zorder(3)
    nx.draw_networkx_labels(
        g, pos, ax=ax, labels={v: labels.get(v, v) for v in g.nodes}, font_size=font_size
    )
    ax.set_title(title, fontsize=font_size + 1)
    ax.margins(0.18)
    if frame is not None:  # panels that share a layout share its frame, so they line up
        (left, right), (low, high) = frame
        dx, dy = 0.18 * (right - left or 1), 0.18 * (high - low or 1)
        ax.set_xlim(left - dx, right + dx)
        ax.set_ylim(low - dy, high + dy)
    ax.set_axis_off()


def _loop(
    ax: Any,
    at: Sequence[float],
    nth: int,
    directed: bool,
    colour: str,
    width: float,
    gid: str,
    label: object,
    node_size: float,
    font_size: float,
) -> None:
    """A loop above a vertex, sized in points so that it looks the same in any layout.

    The loop is a marker: a circle resting on the vertex (the vertex hides its lower part),
    with an arrowhead where it comes back if the edge is directed. A second loop at the
    same vertex is drawn larger, round the first, with room for the first one's label.
    """
    import numpy as np
    from matplotlib.path import Path

    node, radius, centre = _loop_geometry(nth, node_size, font_size)
    reach = centre + radius + 2  # marker paths are scaled by their largest coordinate
    angles = np.linspace(0, 2 * np.pi, 60)
    circle = np.column_stack([radius * np.cos(angles), centre + radius * np.sin(angles)])
    frame = np.array([[reach, reach], [-reach, -reach]])  # invisible: fixes the scale
    vertices = np.vstack([frame, circle])
    codes = [Path.MOVETO, Path.MOVETO, Path.MOVETO] + [Path.LINETO] * (len(circle) - 1)
    drawn = ax.scatter(
        [at[0]],
        [at[1]],
        s=(2 * reach) ** 2,
        marker=Path(vertices, codes),
        facecolors="none",
        edgecolors=colour,
        linewidths=width,
        zorder=1,
    )
    drawn.set_gid(gid)
    if directed:
        # the head ends where the loop meets the vertex on the right; it follows the chord
        # from a point one head-length back along the loop, so it bends with the loop
        y = (centre**2 + node**2 - radius**2) / (2 * centre)
        x = math.sqrt(max(node**2 - y**2, 0.0))
        end = math.atan2(y - centre, x)
        back = end + 8 / radius  # going round clockwise, "back" is anticlockwise
        tip = np.array([x, y])
        base = np.array([radius * math.cos(back), centre + radius * math.sin(back)])
        along = (tip - base) / np.linalg.norm(tip - base)
        side = np.array([along[1], -along[0]])
        head = [tip, base + 3.2 * side, base - 3.2 * side, tip]
        arrow = np.vstack([frame, head])
        codes = [Path.MOVETO, Path.MOVETO, Path.MOVETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY]
        drawn = ax.scatter(
            [at[0]],
            [at[1]],
            s=(2 * reach) ** 2,
            marker=Path(arrow, codes),
            facecolors=colour,
            edgecolors=colour,
            linewidths=0.5,
            zorder=1,
        )
        drawn.set_gid("head" + gid.removeprefix("edge"))
    if label is not None:
        ax.annotate(
            str(label),
            at,
            xytext=(0, centre + radius + _LABEL_GAP * font_size),
            textcoords="offset points",
            ha="center",
            va="center",
            fontsize=font_size - 1,
            zorder=3,
        )


# a loop's label is centred this many font sizes above the loop's top
_LABEL_GAP = 0.75


def _loop_geometry(nth: int, node_size: float, font_size: float) -> tuple[float, float, float]:
    """The vertex's radius, the ``nth`` loop's radius and its centre's height above the
    vertex's centre, all in points. Loops at one vertex grow by at least a line of text, so
    a label fits between one loop's top and the next one's."""
    node = math.sqrt(node_size) / 2
    step = max(0.45 * node, 0.95 * font_size)
    radius = 0.85 * node + step * (nth - 1)
    return node, radius, node + radius * 0.45


def _loop_height(nth: int, labelled: bool, node_size: float, font_size: float) -> float:
    """How far (in points) the ``nth`` loop of a vertex, and its label, reach above the
    vertex's centre."""
    _, radius, centre = _loop_geometry(nth, node_size, font_size)
    # a label centred _LABEL_GAP font sizes up reaches half a line higher
    return centre + radius + ((_LABEL_GAP + 0.5) * font_size if labelled else 0.0) + 2


def _make_room_for_loops(
    axes: Sequence[Any],
    graphs: Sequence[Any],
    layouts: Sequence[Position],
    written: Mapping[tuple[int, tuple[Any, ...]], object],
    *,
    shared: bool,
    node_size: float,
    font_size: float,
) -> None:
    """Raise the top of each panel so that its loops and their labels fit inside it.

    A loop is sized in points, not in the layout's units, so the margins that make room
    for the vertices do not make room for it: a loop on the top row would reach past the
    panel into its title. Panels that share one frame keep sharing it."""
    tops = []
    for i, (ax, g) in enumerate(zip(axes, graphs, strict=True)):
        low, high = ax.get_ylim()
        position = ax.get_position()
        points = position.height * ax.figure.get_figheight() * 72  # the panel's height
        count: dict[Any, int] = {}
        for e in _edges(g):
            if e[0] != e[1]:
                continue
            count[e[0]] = count.get(e[0], 0) + 1
            reach = _loop_height(count[e[0]], (i, e) in written, node_size, font_size)
            if reach < 0.9 * points:  # else no top is high enough: leave the panel as it is
                # the vertex at y needs (top - y) / (top - low) of the panel above it
                y, share = float(layouts[i][e[0]][1]), reach / points
                high = max(high, (y - low * share) / (1 - share))
        tops.append(high)
    for ax, top in zip(axes, [max(tops)] * len(tops) if shared else tops, strict=True):
        ax.set_ylim(ax.get_ylim()[0], top)


def _layouts(graphs: Sequence[Any], pos: Any) -> list[Position]:
    """One complete layout per graph (the given one, or a computed one)."""
    if pos is None or isinstance(pos, Mapping):
        given: list[Position | None] = [pos] * len(graphs)
    else:
        given = list(pos)
        if len(given) != len(graphs):
            raise ValueError(f"pos has {len(given)} layouts for {len(graphs)} graphs")
    layouts: list[Position] = []
    for g, p in zip(graphs, given, strict=True):
        if p is None:
            p = _default_layout(g)
        missing = [v for v in g if v not in p]
        if missing:
            raise ValueError(f"pos gives no place for the vertices {missing!r}")
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


def _edge_data(g: Any, e: tuple[Any, ...]) -> Mapping[str, Any]:
    return g.edges[e]  # type: ignore[no-any-return]


def _directed(g: Any, e: tuple[Any, ...]) -> bool:
    return bool(_edge_data(g, e).get("directed", g.is_directed()))


def _matches(g: Any, name: tuple[Any, ...], e: tuple[Any, ...]) -> bool:
    """Whether the edge ``name`` given by the user means the edge ``e`` of ``g``."""
    ends = [tuple(name[:2])]
    if not _directed(g, e):
        ends.append(tuple(reversed(name[:2])))
    if (e[0], e[1]) not in ends:
        return False
    return len(name) == 2 or (len(e) == 3 and name[2] == e[2])


def _resolve_edges(
    graphs: Sequence[Any], edge_sets: Sequence[list[tuple[Any, ...]]], names: list[Any], option: str
) -> list[tuple[int, tuple[Any, ...]]]:
    """The edges, panel by panel, that the names given in ``option`` mean."""
    found: list[tuple[int, tuple[Any, ...]]] = []
    for name in names:
        name = tuple(name)
        if len(name) not in (2, 3):
            raise ValueError(f"{option}: an edge is (u, v) or (u, v, key), not {name!r}")
        hits = [(i, e) for i, g in enumerate(graphs) for e in edge_sets[i] if _matches(g, name, e)]
        if not hits:
            raise ValueError(f"{option} names {name!r}, which is not an edge of the graph")
        found += hits
    return found


def _bends(g: Any) -> dict[tuple[Any, ...], float]:
    """How much each edge curves: parallel and opposite edges each get their own bend."""
    order = {w: i for i, w in enumerate(g.nodes)}
    between: dict[tuple[Any, Any], list[tuple[Any, ...]]] = {}
    for e in _edges(g):
        u, v = e[0], e[1]
        between.setdefault((u, v) if order[u] <= order[v] else (v, u), []).append(e)
    rads: dict[tuple[Any, ...], float] = {}
    for (low, high), edges in between.items():
        bends = _bend_sequence(len(edges))  # an even number: none straight
        for k, e in enumerate(edges):
            rad = bends[k] if len(edges) > 1 and low != high else 0.0
            # the same curve drawn from the other end needs the opposite sign
            rads[e] = rad if (e[0], e[1]) == (low, high) else -rad
    return rads


def _colour(c: Colour, option: str) -> str:
    if isinstance(c, bool):
        raise ValueError(f"{option}: {c!r} is not a colour")
    if isinstance(c, int):
        if not 0 <= c < len(PALETTE):
            raise ValueError(
                f"{option}: colour number {c} is outside the palette (0 to {len(PALETTE) - 1}); "
                "give a matplotlib colour name instead"
            )
        return PALETTE[c]
    return c
