"""AND/OR graphs as pictures: who chooses where, who wins where, and a strategy to follow.

The conventions are the thesis' figure of an ÉS/VAGY graph, with the colouring of the
Slovak chapter on solving game trees:

* OR nodes (the graph's player moves, one edge is enough) are squares, AND nodes (the
  opponent moves, every edge counts) are circles, and the bundle of an AND node's edges,
  its *hyperedge*, is tied together by an arc just below the node; finished games are
  small cards showing their payoff for the player;
* with labels, every node is filled by its outcome for the player and carries a letter, so
  the picture reads in grey-scale print too: **W** win (dark fill), **D** draw (mid grey),
  **L** loss (light fill);
* a strategy is drawn bold and dark (its nodes with a heavy outline); the rest of the graph
  fades to grey;
* a legend at the bottom says all this.

Layout: layered by ply. Every position sits on the row of the fewest plies that reach it
from the root. The rows are arranged by the tidy tree layout
(:func:`~gametheory.draw.layout.tidy_layout`) of the breadth-first spanning tree, so a
tree is drawn exactly as a textbook tree. Every other edge (a transposition, or a move back
up in a game with cycles) is drawn as a curve with an arrowhead.

>>> from gametheory.andor import AndOrGraph, label, winning_strategy
>>> from gametheory.games.nim import Nim
>>> graph = AndOrGraph.from_game(Nim(5))
>>> picture = draw_andor(graph, label(graph), winning_strategy(graph))
>>> picture.startswith("<svg"), picture.count('class="hyperedge"')  # B's three choices
(True, 3)
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from typing import Any

from gametheory.andor import AND, LEAF, OR, AndOrGraph, Label, Labelling, Strategy
from gametheory.core import GameError, player_name
from gametheory.draw.layout import tidy_layout
from gametheory.draw.svg import Svg, document
from gametheory.draw.svg import text as svg_text
from gametheory.trees import Node

__all__ = ["draw_andor", "LABEL_FILL"]

LABEL_FILL = {Label.WIN: "#1f6f3a", Label.DRAW: "#a9a9a9", Label.LOSS: "#f6c4c4"}
"""Fill colours for WIN, DRAW and LOSS: dark, mid and light, so they survive grey-scale."""
LABEL_INK = {Label.WIN: "#ffffff", Label.DRAW: "#111111", Label.LOSS: "#7a1010"}
LETTER = {Label.WIN: "W", Label.DRAW: "D", Label.LOSS: "L"}
INK = "#333333"
FADED = "#c4c4c4"
STRATEGY = "#111111"
PLAIN_FILL = "#ffffff"

UNIT, LEVEL, RADIUS, FONT, SMALL = 50.0, 74.0, 14.0, 12.0, 10.0


def draw_andor(
    graph: AndOrGraph,
    labels: Labelling | None = None,
    strategy: Strategy | None = None,
    *,
    names: Callable[[Any], str] | None = None,
    edge_labels: bool = True,
    legend: bool = True,
    caption: bool | str = True,
    max_nodes: int = 200,
) -> Svg:
    """Draw an AND/OR graph, optionally labelled and with a strategy highlighted.

    Parameters
    ----------
    graph
        The graph to draw (see :meth:`~gametheory.andor.AndOrGraph.from_game`).
    labels
        The result of :func:`~gametheory.andor.label`: fills and letters W / D / L.
    strategy
        A :class:`~gametheory.andor.Strategy` to highlight (bold edges, heavy outlines).
    names
        ``names(state) -> str``: a short name written beside each node. By default the
        node names of an explicit tree (A, B, …), and nothing for other games.
    edge_labels
        Write the move(s) along every edge (a tree's own edge labels such as ``a1``).
    legend
        Draw the key to shapes, fills and lines at the bottom.
    caption
        ``True`` for a one-line summary (nodes, edges, the root's label), ``False`` for none,
        or your own text.
    max_nodes
        Refuse graphs larger than this: a picture with more nodes cannot be read.

    Returns
    -------
    Svg

    Raises
    ------
    GameError
        The graph is larger than ``max_nodes``, or ``labels`` / ``strategy`` belong to
        another graph.

    Examples
    --------
    >>> from gametheory.andor import AndOrGraph, label
    >>> from gametheory.trees import tree
    >>> graph = AndOrGraph.from_game(tree([[1, -1], [0, 1]]))
    >>> picture = draw_andor(graph, label(graph))
    >>> picture.count('class="hyperedge"'), picture.count('class="node AND LOSS"')
    (2, 1)
    """
    if len(graph) > max_nodes:
        raise GameError(
            f"draw_andor: the graph has {len(graph)} nodes, more than max_nodes={max_nodes}; "
            "draw a smaller game or start from a later position, or pass a larger max_nodes="
        )
    if labels is not None and labels.graph is not graph:
        raise GameError("draw_andor: labels were computed for another graph; use label(graph)")
    if strategy is not None and strategy.graph is not graph:
        raise GameError("draw_andor: the strategy belongs to another graph")
    if names is None:
        names = _tree_name
    n = len(graph)
    kinds = graph._kind
    plies = graph._ply

    # the breadth-first spanning tree: each node hangs below the first node that found it
    tree_parent = [-1] * n
    for j in range(1, n):
        tree_parent[j] = next(i for i in graph._pred[j] if plies[i] == plies[j] - 1)
    tree_kids: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        tree_kids[i] = [j for j in graph._succ[i] if tree_parent[j] == i]
    place = tidy_layout(0, lambda i: tree_kids[i])

    columns = max(x for x, _ in place.values()) + 1
    rows = max(d for _, d in place.values()) + 1
    s = min(1.0, max(0.5, math.sqrt(24 / columns)))  # shrink wide graphs, to a limit
    unit, level, r, font, small = UNIT * s, LEVEL * max(s, 0.75), RADIUS * s, FONT * s, SMALL
    margin_x = max(unit, 40.0)
    top = r + 14
    width = max((columns - 1) * unit + 2 * margin_x, 430.0)
    body = top + (rows - 1) * level + r + 18

    def xy(i: int) -> tuple[float, float]:
        x, d = place[i]
        return margin_x + x * unit, top + d * level

    chosen: set[tuple[int, int]] = set()
    in_strategy: set[int] = set()
    if strategy is not None:
        index = graph._index
        in_strategy = {index[state] for state in strategy.nodes}
        chosen = {(index[a], index[b]) for a, b in strategy.edges()}

    out: list[str] = []
    # edges first, so the filled nodes cover their ends
    arcs: list[str] = []
    for i in range(n):
        angles = []
        for j in graph._succ[i]:
            bold = (i, j) in chosen
            colour = STRATEGY if bold else (FADED if strategy is not None else INK)
            moves = [m for m, k in graph._edges[i] if k == j]
            text = ",".join(_move_name(graph.nodes[i], m) for m in moves) if edge_labels else ""
            svg, angle = _edge(xy(i), xy(j), plies[j] == plies[i] + 1, i == j, r, colour, bold)
            out.extend(svg)
            angles.append(angle)
            if text:
                out.append(_edge_label(xy(i), xy(j), plies[j] == plies[i] + 1, text, colour))
        if kinds[i] == AND and len(angles) > 1:
            faded = strategy is not None and i not in in_strategy
            arcs.append(_hyperedge_arc(xy(i), angles, r + 7, FADED if faded else INK))
    out.extend(arcs)
    for i, state in enumerate(graph.nodes):
        lab = None if labels is None else labels._labels[i]
        x, y = xy(i)
        heavy = i in in_strategy
        out.extend(_node(kinds[i], lab, graph._utility.get(i), x, y, r, font, heavy))
        name = names(state)
        if name:
            if kinds[i] == LEAF:
                out.append(svg_text(x, y + r + small + 1, name, small, "#555555"))
            else:
                out.append(svg_text(x - r - 4, y - r * 0.55, name, small, "#555555", "end"))

    footer: list[str] = []
    height = body
    if caption:
        text = caption if isinstance(caption, str) else _caption(graph, labels, strategy)
        for line in textwrap.wrap(text, max(20, int((width - 16) / ((small + 1) * 0.58)))):
            footer.append(svg_text(8, height + 4, line, small + 1, "#333333", "start"))
            height += small + 6
        height += 6
    if legend:
        items, legend_height = _legend(graph, labels, strategy, width, height)
        footer.extend(items)
        height += legend_height
    defs = _marker("andor-arrow", INK) + _marker("andor-arrow-faded", FADED)
    return document(width, height + 6, out + footer, defs=defs)


# -- pieces -------------------------------------------------------------------------------
def _tree_name(state: Any) -> str:
    return state.name if isinstance(state, Node) else ""


def _move_name(state: Any, move: Any) -> str:
    if isinstance(state, Node) and isinstance(move, int) and 0 <= move < len(state.labels):
        return state.labels[move]
    return str(move)


def _number(x: float) -> str:
    return f"{x:+g}" if x else "0"


def _node(
    kind: str,
    lab: Label | None,
    utility: float | None,
    x: float,
    y: float,
    r: float,
    font: float,
    heavy: bool,
) -> list[str]:
    fill = PLAIN_FILL if lab is None else LABEL_FILL[lab]
    ink = INK if lab is None else LABEL_INK[lab]
    stroke, width = (STRATEGY, 3.0) if heavy else ("#333333", 1.3)
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"'
    cls = f'class="node {kind}{"" if lab is None else " " + lab.value}"'
    if kind == OR:
        shape = f'<rect {cls} x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {paint}/>'
        text = "" if lab is None else LETTER[lab]
    elif kind == AND:
        shape = f'<circle {cls} cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}/>'
        text = "" if lab is None else LETTER[lab]
    else:
        text = _number(utility or 0.0)
        w, h = max(1.8 * r, len(text) * font * 0.62 + 6), 1.6 * r
        shape = (
            f'<rect {cls} x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" '
            f'height="{h:.1f}" rx="{r * 0.3:.1f}" {paint}/>'
        )
    return [shape, svg_text(x, y + font * 0.36, text, font, ink, bold=True)] if text else [shape]


def _edge(
    a: tuple[float, float],
    b: tuple[float, float],
    next_row: bool,
    loop: bool,
    r: float,
    colour: str,
    bold: bool,
) -> tuple[list[str], float]:
    """An edge and the angle at which it leaves ``a`` (for the hyperedge arc)."""
    (x1, y1), (x2, y2) = a, b
    width = 3.2 if bold else 1.2
    paint = f'fill="none" stroke="{colour}" stroke-width="{width}"'
    if loop:  # a move that leads back to the same position: a small loop on the right
        d = (
            f"M{x1 + r * 0.7:.1f},{y1 + r * 0.7:.1f} C{x1 + 3.2 * r:.1f},{y1 + 2.4 * r:.1f} "
            f"{x1 + 3.2 * r:.1f},{y1 - 2.4 * r:.1f} {x1 + r * 1.05:.1f},{y1 - r * 0.6:.1f}"
        )
        return [f'<path d="{d}" {paint} marker-end="url(#{_arrow(colour)})"/>'], math.atan2(
            2.4 * r, 2.5 * r
        )
    if next_row:  # the ordinary case: a straight line one row down
        return [
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {paint}/>'
        ], math.atan2(y2 - y1, x2 - x1)
    # a transposition further down, or a move back up: a curve bowing to the side, with an
    # arrowhead that stops at the target's edge
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    bow = min(0.35 * length, 60.0) * (1 if y2 <= y1 else -1)
    cx, cy = mx + (y2 - y1) / length * bow, my - (x2 - x1) / length * bow
    ex, ey = x2 - cx, y2 - cy
    e = math.hypot(ex, ey) or 1.0
    tx, ty = x2 - ex / e * (r + 3), y2 - ey / e * (r + 3)
    d = f"M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {tx:.1f},{ty:.1f}"
    dash = "" if bold else ' stroke-dasharray="6 3"'
    return [f'<path d="{d}" {paint}{dash} marker-end="url(#{_arrow(colour)})"/>'], math.atan2(
        cy - y1, cx - x1
    )


def _marker(name: str, colour: str) -> str:
    # fixed size in user units, so a bold strategy edge does not get a huge arrowhead
    return (
        f'<marker id="{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" '
        f'markerHeight="9" markerUnits="userSpaceOnUse" orient="auto">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
    )


def _arrow(colour: str) -> str:
    return "andor-arrow-faded" if colour == FADED else "andor-arrow"


def _edge_label(
    a: tuple[float, float], b: tuple[float, float], next_row: bool, text: str, colour: str
) -> str:
    (x1, y1), (x2, y2) = a, b
    t = 0.55 if next_row else 0.5
    mx, my = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
    side = -1 if x2 < x1 - 0.5 else 1
    anchor = "end" if side < 0 else "start"
    ink = "#555555" if colour in (INK, STRATEGY) else "#9a9a9a"
    return svg_text(mx + side * 4, my, text, SMALL, ink, anchor)


def _hyperedge_arc(
    centre: tuple[float, float],
    angles: list[float],
    radius: float,
    colour: str,
    cls: str = "hyperedge",
) -> str:
    """The arc that ties an AND node's edges into one hyperedge (the thesis' ÉS-él)."""
    x, y = centre
    # the edges' directions, measured from straight down; the arc spans from the leftmost
    # to the rightmost, going through "down"
    offsets = sorted(_wrap(a - math.pi / 2) for a in angles)
    lo, hi = offsets[0], offsets[-1]
    if hi - lo >= 1.9 * math.pi:  # edges all round: a full ring
        return (
            f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="none" '
            f'stroke="{colour}" stroke-width="1.6"/>'
        )
    start, end = lo + math.pi / 2, hi + math.pi / 2
    sx, sy = x + radius * math.cos(start), y + radius * math.sin(start)
    ex, ey = x + radius * math.cos(end), y + radius * math.sin(end)
    large = 1 if hi - lo > math.pi else 0
    return (
        f'<path class="{cls}" d="M{sx:.1f},{sy:.1f} A{radius:.1f},{radius:.1f} 0 {large} 1 '
        f'{ex:.1f},{ey:.1f}" fill="none" stroke="{colour}" stroke-width="1.6"/>'
    )


def _wrap(angle: float) -> float:
    """An angle in (-π, π]."""
    return math.atan2(math.sin(angle), math.cos(angle))


def _caption(graph: AndOrGraph, labels: Labelling | None, strategy: Strategy | None) -> str:
    who = player_name(graph.player)
    text = f"AND/OR graph for {who}: {len(graph)} positions, {graph.edge_count} edges"
    if labels is not None:
        root = labels.root
        d = labels._distances[0]
        text += f"; the start is a {root.value} for {who}"
        if d is not None and root is not Label.DRAW:
            text += f" in {d} plies"
    if strategy is not None:
        kind = "winning" if strategy.guarantees is Label.WIN else "non-losing"
        text += f"; bold: a {kind} strategy ({len(strategy)} positions)"
    return text


def _legend(
    graph: AndOrGraph,
    labels: Labelling | None,
    strategy: Strategy | None,
    width: float,
    y0: float,
) -> tuple[list[str], float]:
    """The key, laid out left to right and wrapped to the picture's width."""
    me, you = player_name(graph.player), player_name(1 - graph.player)
    r = 8.0
    entries: list[tuple[str, str]] = []  # (svg of the sample at (0, 0), text)
    entries.append(
        (
            f'<rect x="{-r}" y="{-r}" width="{2 * r}" height="{2 * r}" fill="#fff" stroke="{INK}"/>',
            f"OR: {me} moves (one edge)",
        )
    )
    arc = _hyperedge_arc((0.0, 0.0), [math.pi / 2 - 0.9, math.pi / 2 + 0.9], r + 5, INK, "sample")
    spokes = "".join(
        f'<line x1="0" y1="0" x2="{22 * math.cos(a):.1f}" y2="{22 * math.sin(a):.1f}" stroke="{INK}"/>'
        for a in (math.pi / 2 - 0.9, math.pi / 2 + 0.9)
    )
    entries.append(
        (
            spokes + f'<circle cx="0" cy="0" r="{r}" fill="#fff" stroke="{INK}"/>' + arc,
            f"AND: {you} moves (all edges, one arc)",
        )
    )
    entries.append(
        (
            f'<rect x="-11" y="-7" width="22" height="14" rx="3" fill="#fff" stroke="{INK}"/>'
            + svg_text(0, 3.5, "+1", 9, INK, bold=True),
            f"game over: payoff for {me}",
        )
    )
    if labels is not None:
        for lab, meaning in ((Label.WIN, "win"), (Label.DRAW, "draw"), (Label.LOSS, "loss")):
            entries.append(
                (
                    f'<rect x="{-r}" y="{-r}" width="{2 * r}" height="{2 * r}" '
                    f'fill="{LABEL_FILL[lab]}" stroke="{INK}"/>'
                    + svg_text(0, 3.5, LETTER[lab], 9, LABEL_INK[lab], bold=True),
                    f"{meaning} for {me}",
                )
            )
    if strategy is not None:
        entries.append(
            (
                f'<line x1="-14" y1="0" x2="14" y2="0" stroke="{STRATEGY}" stroke-width="3.2"/>',
                "strategy",
            )
        )
    if any(not row_next for row_next in _straight(graph)):
        entries.append(
            (
                f'<path d="M-14,4 Q0,-8 12,2" fill="none" stroke="{INK}" stroke-dasharray="6 3" '
                'marker-end="url(#andor-arrow)"/>',
                "transposition or move back",
            )
        )
    out = ['<g class="legend">']
    x, y, line = 8.0, y0 + 14, 26.0
    for sample, text in entries:
        w = 34 + len(text) * SMALL * 0.56 + 14
        if x + w > width - 4 and x > 8:
            x, y = 8.0, y + line
        out.append(f'<g transform="translate({x + 14:.1f},{y:.1f})">{sample}</g>')
        out.append(svg_text(x + 34, y + 3.5, text, SMALL, "#333333", "start"))
        x += w
    out.append("</g>")
    return out, y - y0 + 18


def _straight(graph: AndOrGraph) -> list[bool]:
    """For every edge: does it go exactly one row down (drawn straight)?"""
    plies = graph._ply
    return [plies[j] == plies[i] + 1 and i != j for i, succ in enumerate(graph._succ) for j in succ]
