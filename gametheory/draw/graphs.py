"""Pictures of networkx graphs, drawn in the package's own SVG: the figures of the graph chapter.

One call makes one picture, so a lesson shows graphs rather than plotting code. networkx
holds the graph and lays it out when no positions are given; the picture is drawn here, as
every picture of the package is (:mod:`gametheory.draw.svg`):

* every edge shows, even in a multigraph: parallel edges bend apart and two opposite arrows
  of a digraph curve past each other (each edge its own bend), and a loop is a circle sized
  in points above its vertex, so it shows in any layout; loops at one vertex round each other;
* a *mixed* graph (directed and undirected edges together) is a ``MultiDiGraph`` whose
  undirected edges carry ``directed=False``; they are drawn without an arrowhead;
* ``highlight`` draws chosen edges bold (a cycle, a spanning tree), ``edge_colour`` and
  ``node_colour`` show a colouring (a palette index, ``#rrggbb``, a CSS colour
  name or a ``tab:`` colour), and ``edge_labels`` writes weights, capacities or names on the edges;
* without positions, a tree is laid out like a textbook tree (:func:`tree_layout`) and any
  other graph by the Kamada–Kawai spring layout.

The result is an :class:`~gametheory.draw.svg.Svg` like every other picture of the package:
Jupyter shows it, ``.save("x.png")`` writes it, and a screen reader reads it as one image
(``role="img"``) with a title (the panels' titles) and a description in words: each graph's
vertices and edges, which of them are bold, and the words written on the edges. Each edge is
a group with its own id (``edge-u-v``, ``edge-u-v-key`` in a multigraph, ``-bold`` when
highlighted, ``-panelN`` beside others); the vertices are the group ``vertices``. The SVG
keeps text as text and is byte-for-byte the same on every run.

>>> import networkx as nx
>>> bridges = nx.MultiGraph([("A", "B"), ("A", "B"), ("A", "C"), ("A", "C"), ("A", "D"),
...                          ("B", "D"), ("C", "D")])
>>> picture = draw_graph(bridges, title="Königsberg")
>>> picture.startswith("<svg"), picture.count('id="edge-')     # seven bridges, seven curves
(True, 7)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametheory.core import GameError
from gametheory.draw.layout import tidy_layout
from gametheory.draw.svg import Svg, document, element, esc, text, text_width

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
        the plain fill). A colour is ``#rrggbb``, a CSS or ``tab:`` colour name
        (:data:`TABLEAU`) or an index into :data:`PALETTE`,
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
    faces: Mapping[str, tuple[Sequence[Node], Colour]] | None = None,
) -> Svg:
    """Draw several graphs side by side, one panel each, with the same options.

    ``pos`` is one layout for every panel (``{vertex: (x, y)}``) or a list with one layout
    (or ``None``) per graph; ``size`` is the size of one panel. A colour, label or highlight
    applies in every panel that has that vertex or edge, and must name something in at
    least one of them. The other options are those of :func:`draw_graph`.

    ``faces`` colours the faces of a plane graph (a map's countries): ``{name: (corners,
    colour)}``, the corners in order round the face; the face is filled under the edges in
    the panel that has all its corners, with its name in its middle. A face with no corners
    is the outer one (the sea round a map): it fills the first panel's background and its
    name is written below.

    Examples
    --------
    >>> import networkx as nx
    >>> triangle = {1: (0, 0), 2: (1, 0), 3: (0.5, 0.8)}
    >>> simple, loop = nx.Graph([(1, 2), (2, 3)]), nx.MultiGraph([(1, 1), (1, 2), (2, 3)])
    >>> picture = draw_graphs([simple, loop], triangle, titles=["graph", "pseudograph"])
    >>> picture.count('id="edge-')
    5
    >>> painted = draw_graphs([simple], triangle, faces={"in": ((1, 2, 3), 0), "out": ((), 1)})
    >>> painted.count("<polygon"), "faces: in round 1, 2, 3; out outside" in painted
    (1, True)
    """
    if not graphs:
        raise GameError("draw_graphs needs at least one graph")
    where = _face_panels(graphs, faces or {})
    layouts = _layouts(graphs, pos)
    edges = [_edges(g) for g in graphs]  # lists: the order of the graph, every run
    bold = set(_resolve(graphs, edges, highlight, "highlight"))
    tints = {
        hit: _hex(_colour(c, "edge_colour"))
        for name, c in (edge_colour or {}).items()
        for hit in _resolve(graphs, edges, [name], "edge_colour")
    }
    written = _edge_texts(graphs, edges, edge_labels)
    fill = _vertex_fills(graphs, node_colour, labels)
    sizes = _Sizes(node_size, font_size)
    shared = _extent(pos) if len(graphs) > 1 else None
    shown_names = [{v: (labels or {}).get(v, v) for v in g.nodes} for g in graphs]
    width, height = size[0] * 72, size[1] * 72  # one panel, in points
    panels = []
    for i, g in enumerate(graphs):
        panel = f"-panel{i}" if len(graphs) > 1 else ""
        looks = {
            e: _Look(
                *_stroke((i, e), bold, tints, _hex(highlight_colour)),
                _gid(e, (i, e) in bold, panel),
            )
            for e in edges[i]
        }
        texts = {e: written[i, e] for e in edges[i] if (i, e) in written}
        place = _placer(shared or _extent(layouts[i]), width, height, sizes)
        spots = {v: place(layouts[i][v]) for v in g.nodes}
        top, parts = _panel(g, spots, edges[i], looks, texts, sizes, shown_names[i], fill, panel)
        painted = {name: face for name, face in (faces or {}).items() if where[name] == i}
        panels.append((top, _faces(painted, spots, width, height, sizes) + parts))
    # the titles above every panel, clear of the loops that reach above their panel
    reach = max([0.0, *(-top for top, _ in panels)])
    title_room = (font_size + 9) if any(titles) else 4.0
    body: list[str] = []
    for i, (_, parts) in enumerate(panels):
        title = titles[i] if i < len(titles) else ""
        if title:
            body.append(text(i * width + width / 2, font_size + 3, title, font_size + 1, INK))
        body.append(f'<g transform="translate({i * width:.1f},{title_room + reach:.1f})">')
        body += [*parts, "</g>"]
    words = [
        _description(g, shown_names[i], edges[i], {e for j, e in bold if j == i}, written, i)
        + _face_words({n: f for n, f in (faces or {}).items() if where[n] == i}, shown_names[i])
        for i, g in enumerate(graphs)
    ]
    shown = [t for t in titles if t]
    title = "; ".join(shown) if shown else ("A graph" if len(graphs) == 1 else "Graphs")
    if len(graphs) > 1:
        title = f"{len(graphs)} graphs side by side: {title}"
        named = [*titles[: len(graphs)], *[""] * len(graphs)]
        words = [f"{named[i] or f'graph {i + 1}'}: {w}" for i, w in enumerate(words)]
    wide, high = width * len(graphs), height + title_room + reach
    return document(wide, high, body, max_width=None, title=title, desc=" ".join(words))


def _face_panels(
    graphs: Sequence[Any], faces: Mapping[str, tuple[Sequence[Node], Colour]]
) -> dict[str, int]:
    """The panel each face is drawn in: the first whose graph has all its corners;
    a :class:`GameError` for a face that fits no panel."""
    where = {}
    for name, (corners, _) in faces.items():
        fits = [i for i, g in enumerate(graphs) if all(c in g for c in corners)]
        if not fits:
            raise GameError(
                f"faces: {name!r} has corners {list(corners)!r}, which no graph has all of; "
                "name a face by the vertices round it"
            )
        where[name] = fits[0]
    return where


def _faces(
    faces: Mapping[str, tuple[Sequence[Node], Colour]],
    spots: Mapping[Node, Point],
    width: float,
    height: float,
    sizes: _Sizes,
) -> list[str]:
    """The filled faces of one panel, each with its name in its middle (the outer face as
    the panel's background, its name at the bottom)."""
    parts: list[str] = []
    for name, (corners, colour) in faces.items():
        fill = f'fill="{_hex(_colour(colour, "faces"))}"'
        if not corners:
            parts.insert(0, element("rect", fill, x=0, y=0, width=width, height=height))
            parts.append(text(width / 2, height - sizes.font * 0.6, name, sizes.font, "#222222"))
            continue
        points = [spots[c] for c in corners]
        outline = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        x, y = (sum(p[k] for p in points) / len(points) for k in (0, 1))
        parts.append(f'<polygon points="{outline}" {fill}/>')
        parts.append(text(x, y + sizes.font * 0.35, name, sizes.font, "#222222"))
    return parts


def _face_words(
    faces: Mapping[str, tuple[Sequence[Node], Colour]], names: Mapping[Node, object]
) -> str:
    """The faces of one panel in words: each face's name and the vertices round it."""
    said = [
        f"{name} round {', '.join(str(names[c]) for c in corners)}"
        if corners
        else f"{name} outside"
        for name, (corners, _) in faces.items()
    ]
    return f" {len(said)} face{'s' * (len(said) > 1)}: {'; '.join(said)}." if said else ""


def _description(
    g: Any,
    names: Mapping[Node, object],
    edges: list[tuple[Any, ...]],
    bold: set[tuple[Any, ...]],
    written: Mapping[tuple[int, tuple[Any, ...]], object],
    panel: int,
) -> str:
    """One graph in words: its vertices, its edges (an arrow for a directed one, the words
    on it in brackets), the bold ones named again.

    >>> import networkx as nx
    >>> _description(nx.DiGraph([("A", "B")]), {"A": "A", "B": "B"}, [("A", "B")], set(), {}, 0)
    '2 vertices: A, B; 1 edge: A → B.'
    """

    def edge(e: tuple[Any, ...]) -> str:
        link = " → " if _directed(g, e) else " – "
        words = written.get((panel, e))
        return f"{names[e[0]]}{link}{names[e[1]]}" + (f" ({words})" if words else "")

    vertices = ", ".join(str(names[v]) for v in g.nodes)
    said = f"{len(g)} {'vertex' if len(g) == 1 else 'vertices'}: {vertices}; "
    said += f"{len(edges)} {'edge' if len(edges) == 1 else 'edges'}"
    said += (": " + ", ".join(edge(e) for e in edges)) if edges else ""
    if bold:
        said += "; drawn bold: " + ", ".join(edge(e) for e in edges if e in bold)
    return said + "."


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


Point = tuple[float, float]


def _placer(
    frame: Frame | None, width: float, height: float, sizes: _Sizes
) -> Callable[..., Point]:
    """Layout units to the points of a panel ``width`` by ``height``: the vertices' extent
    (``frame``) with 18 % of room on every side, ``y`` upwards in the layout and downwards on
    the page, and never closer to the edge than a vertex's radius."""
    (left, right), (low, high) = frame or ((0.0, 1.0), (0.0, 1.0))
    dx, dy = 0.18 * (right - left or 1), 0.18 * (high - low or 1)
    left, right, low, high = left - dx, right + dx, low - dy, high + dy
    inset = math.sqrt(sizes.node) / 2 + 2

    def place(p: Sequence[float]) -> Point:
        x = inset + (float(p[0]) - left) / (right - left) * (width - 2 * inset)
        y = inset + (high - float(p[1])) / (high - low) * (height - 2 * inset)
        return x, y

    return place


def _panel(
    g: Any,
    spots: Mapping[Node, Point],
    edges: list[tuple[Any, ...]],
    looks: Mapping[tuple[Any, ...], _Look],
    written: Mapping[tuple[Any, ...], object],
    sizes: _Sizes,
    names: Mapping[Node, object],
    fill: Callable[[Node], str],
    panel: str,
) -> tuple[float, list[str]]:
    """One panel's SVG: every edge (a group with its id, its curve and, if directed, its
    head), the words on the edges, then the vertices and their names; and how far above the
    panel's top it reaches (a loop on the top row may)."""
    bends, loops = _bends(g, edges), _loop_numbers(edges)
    node = math.sqrt(sizes.node) / 2
    parts: list[str] = []
    labels: list[str] = []
    top = 0.0
    for e in edges:
        look = looks[e]
        if e in loops:
            line, head, at, reach = _loop(spots[e[0]], loops[e], sizes)
            top = min(top, reach - ((_LABEL_GAP + 0.5) * sizes.font if e in written else 0))
        else:
            line, head, at = _curve(spots[e[0]], spots[e[1]], bends[e], node)
        style = f"fill: none; stroke: {look.colour}; stroke-width: {look.width:g}"
        group = [f'<g id="{esc(look.gid)}">', f'<path d="{line}" style="{style}"/>']
        if _directed(g, e):
            group.append(f'<path d="{head}" style="fill: {look.colour}; stroke: none"/>')
        parts += [*group, "</g>"]
        if e in written:
            labels.append(_edge_label(at, written[e], sizes))
    parts += labels
    parts.append(f'<g id="vertices{panel}">')
    for v in g.nodes:
        x, y = spots[v]
        paint = f'fill="{_hex(fill(v))}" stroke="{RIM}" stroke-width="0.8"'
        parts.append(element("circle", paint, cx=x, cy=y, r=node))
    parts.append("</g>")
    for v in g.nodes:
        x, y = spots[v]
        parts.append(text(x, y + sizes.font * 0.35, names[v], sizes.font, "#222222"))
    return top, parts


def _curve(start: Point, end: Point, bend: float, node: float) -> tuple[str, str, Point]:
    """An edge from vertex to vertex, bent by ``bend`` (matplotlib's ``arc3``: the control
    point ``bend`` times the edge's length off its middle), from outline to outline; its
    arrowhead at the end; and the middle of the curve, for its words."""
    (x0, y0), (x2, y2) = start, end
    dx, dy = x2 - x0, y2 - y0
    cx, cy = (x0 + x2) / 2 + bend * dy, (y0 + y2) / 2 - bend * dx
    a = _towards((x0, y0), (cx, cy), node)
    b = _towards((x2, y2), (cx, cy), node)
    middle = (0.25 * a[0] + 0.5 * cx + 0.25 * b[0], 0.25 * a[1] + 0.5 * cy + 0.25 * b[1])
    line = f"M{a[0]:.1f},{a[1]:.1f} Q{cx:.1f},{cy:.1f} {b[0]:.1f},{b[1]:.1f}"
    return line, _head(b, (cx, cy) if bend else a), middle


def _towards(p: Point, q: Point, distance: float) -> Point:
    """The point ``distance`` from ``p`` on the way to ``q``."""
    length = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    return p[0] + (q[0] - p[0]) * distance / length, p[1] + (q[1] - p[1]) * distance / length


def _head(tip: Point, behind: Point, size: float = 9.0) -> str:
    """A filled arrowhead at ``tip``, pointing away from ``behind``."""
    length = math.hypot(tip[0] - behind[0], tip[1] - behind[1]) or 1.0
    ux, uy = (tip[0] - behind[0]) / length, (tip[1] - behind[1]) / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    wing = size * 0.4
    return (
        f"M{tip[0]:.1f},{tip[1]:.1f} L{bx - uy * wing:.1f},{by + ux * wing:.1f} "
        f"L{bx + uy * wing:.1f},{by - ux * wing:.1f} z"
    )


def _loop(at: Point, nth: int, sizes: _Sizes) -> tuple[str, str, Point, float]:
    """A loop: a circle above the vertex, from where it leaves the vertex's outline on the
    left, over the top, back to the outline on the right (where a directed loop has its
    head); where its words go (above its top); and how high it reaches."""
    node, radius, centre = _loop_geometry(nth, sizes)
    lift = (centre**2 + node**2 - radius**2) / (2 * centre)  # where the two circles cross
    across = math.sqrt(max(node**2 - lift**2, 0.0))
    x, y = at
    left, right = (x - across, y - lift), (x + across, y - lift)
    line = (
        f"M{left[0]:.1f},{left[1]:.1f} A{radius:.1f},{radius:.1f} 0 1 1 "
        f"{right[0]:.1f},{right[1]:.1f}"
    )
    # the head comes in along the circle's tangent at the right crossing
    tx, ty = right[0] - x, right[1] - (y - centre)  # from the loop's centre to the crossing
    behind = (right[0] + ty, right[1] - tx)  # a step back along the clockwise tangent
    words = (x, y - centre - radius - _LABEL_GAP * sizes.font)
    return line, _head(right, behind, 7.0), words, y - centre - radius


def _edge_label(at: Point, words: object, sizes: _Sizes) -> str:
    """The words of an edge on a white patch at ``at``, so that they read over the lines."""
    size = sizes.font - 1
    wide = text_width(words, size) + 4
    patch = element("rect", 'fill="#ffffff"', x=at[0] - wide / 2, y=at[1] - size * 0.65,
                    width=wide, height=size * 1.3)  # fmt: skip
    return patch + text(at[0], at[1] + size * 0.35, words, size, "#222222")


TABLEAU = {
    "tab:blue": "#1f77b4",
    "tab:orange": "#ff7f0e",
    "tab:green": "#2ca02c",
    "tab:red": "#d62728",
    "tab:purple": "#9467bd",
    "tab:brown": "#8c564b",
    "tab:pink": "#e377c2",
    "tab:gray": "#7f7f7f",
    "tab:olive": "#bcbd22",
    "tab:cyan": "#17becf",
}
"""matplotlib's ten ``tab:`` colours (its default cycle), which the lessons name."""


def _hex(colour: str) -> str:
    """A colour as SVG writes it: ``#rrggbb`` as it is, a ``tab:`` colour as its ``#rrggbb``,
    a CSS colour name (``"gold"``) as it is, since SVG reads those itself.

    >>> _hex("tab:red"), _hex("gold"), _hex("#f6b26b")
    ('#d62728', 'gold', '#f6b26b')
    """
    if colour in TABLEAU:
        return TABLEAU[colour]
    if re.fullmatch(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]+", colour):
        return colour
    raise GameError(
        f"{colour!r} is not a colour the pictures know: give #rrggbb, a CSS colour name "
        f"(e.g. 'gold') or one of {', '.join(TABLEAU)}"
    )


Frame = tuple[tuple[float, float], tuple[float, float]]


def _extent(pos: Any) -> Frame | None:
    """How far a layout's vertices reach across and up (None for no layout, or no vertex)."""
    if not isinstance(pos, Mapping) or not pos:
        return None
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    return (min(xs), max(xs)), (min(ys), max(ys))


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
        pos |= {v: (left + x - low, y) for v, (x, y) in placed.items()}
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
                "give a colour name or #rrggbb instead"
            )
        return PALETTE[c]
    return c
