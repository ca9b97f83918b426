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
* a strategy is drawn on its own: only its subgraph, one edge at every OR node and every
  edge at AND nodes, bold, so that *a strategy is a subgraph* is seen; with
  ``whole_graph=True`` it is drawn bold inside the whole graph, the rest faded to grey;
* a legend at the bottom says all this.

Layout: in rows. A tree is drawn as a textbook tree (:func:`~gametheory.draw.layout.tidy_layout`).
Any other graph gets the layered layout (:func:`~gametheory.draw.layout.layered_layout`):
every position on the row of its *rank*, which is the ply of the longest line of play
that reaches it (the ply, whenever every line to a position is equally long), or the
game's own rank (:func:`~gametheory.draw.boards.position_rank`: the matches game ranks by
matches taken, so each row is one count); crossings reduced by the barycenter heuristic.
A transposition is an ordinary edge down the rows, routed between the nodes when it skips
rows; only a move back to an earlier position (a cycle) goes up, dashed, with an arrow.

Moves are written as the game writes them (:func:`~gametheory.draw.boards.move_label`) and
labels are placed where they collide with nothing (:mod:`gametheory.draw.labels`).
Positions of games with a small picture (:func:`~gametheory.draw.boards.board_glyph`:
tic-tac-toe, the matches game) show it beside their node, or once at the left of their row
when every position of the row looks the same.

>>> from gametheory.andor import AndOrGraph, label, winning_strategy
>>> from gametheory.games.nim import Nim
>>> graph = AndOrGraph.from_game(Nim(5))
>>> picture = draw_andor(graph, label(graph))
>>> picture.startswith("<svg"), picture.count('class="hyperedge"')  # B's three choices
(True, 3)
>>> draw_andor(graph, label(graph), winning_strategy(graph)).count('class="hyperedge"')
1
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from gametheory.andor import AND, LEAF, OR, AndOrGraph, Label, Labelling, Strategy
from gametheory.core import GameError, number_text, player_name
from gametheory.draw.boards import Glyph, board_glyph, move_label, position_rank
from gametheory.draw.labels import Box, Placer, text_box
from gametheory.draw.layout import layered_layout, tidy_layout
from gametheory.draw.svg import Svg, document, text_width
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

LEVEL, RADIUS, FONT, SMALL = 74.0, 14.0, 12.0, 10.0
COLUMNS_APART = 210.0  # between the two players' columns, room for the edges' labels
LOOP = 2.6  # how far a loop reaches right of its node's centre, in radii
GAP = 24.0  # the least room between two nodes of a row (their names and pictures included)

Point = tuple[float, float]


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
    whole_graph: bool = False,
    rank: Callable[[Any], int] | None = None,
    boards: bool = True,
) -> Svg:
    """Draw an AND/OR graph, optionally labelled, or a strategy in it.

    Parameters
    ----------
    graph
        The graph to draw (see :meth:`~gametheory.andor.AndOrGraph.from_game`).
    labels
        The result of :func:`~gametheory.andor.label`: fills and letters W / D / L.
    strategy
        A :class:`~gametheory.andor.Strategy`: only its subgraph is drawn (one edge at
        every OR node it reaches, every edge at its AND nodes), bold.
    names
        ``names(state) -> str``: a short name written beside each node. By default the
        node names of an explicit tree (A, B, …), and nothing for other games.
    edge_labels
        Write the move(s) along every edge, as the game writes them (``move_label``).
    legend
        Draw the key to shapes, fills and lines at the bottom.
    caption
        ``True`` for a one-line summary (nodes, edges, the root's label), ``False`` for none,
        or your own text.
    max_nodes
        Refuse graphs larger than this: a picture with more nodes cannot be read.
    whole_graph
        With a strategy: draw the whole graph, the strategy bold and the rest faded.
    rank
        ``rank(state) -> int``: the row of each position (downwards). By default the game's
        :func:`~gametheory.draw.boards.position_rank`, else the ply.
    boards
        Draw the game's small picture of each position (``board_glyph``) where it has one.

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

    A winning strategy is a subgraph: one move where A chooses, every reply of B.

    >>> from gametheory.andor import winning_strategy
    >>> from gametheory.games.nim import Nim
    >>> nim = AndOrGraph.from_game(Nim(5))
    >>> plan = winning_strategy(nim)
    >>> draw_andor(nim, strategy=plan).count('class="node '), len(plan), len(nim)
    (6, 6, 10)
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
    only = strategy is not None and not whole_graph
    chosen: set[tuple[int, int]] = set()
    in_strategy: set[int] = set()
    if strategy is not None:
        index = graph._index
        in_strategy = {index[state] for state in strategy.nodes}
        chosen = {(index[a], index[b]) for a, b in strategy.edges()}
    shown = sorted(in_strategy) if only else list(range(len(graph)))
    edges = [
        (i, j, [m for m, k in graph._edges[i] if k == j])
        for i in shown
        for j in graph._succ[i]
        if not only or (i, j) in chosen
    ]
    scene = _Scene(graph, names, boards)
    scene.lay_out(shown, edges, *_rows(graph, shown, edges, rank))

    kinds = graph._kind
    faded = strategy is not None and not only
    placer = Placer()
    scene.reserve(placer)
    routes = {(a, b): scene.route(a, b) for a, b, _ in scene.edges}
    for route in routes.values():
        placer.line(route)
    out: list[str] = []
    arcs: list[str] = []
    words: list[str] = []
    for a in scene.nodes:
        i = scene.orig[a]
        angles = []
        for b, moves in ((b, m) for s, b, m in scene.edges if s == a):
            bold = (i, scene.orig[b]) in chosen
            colour = STRATEGY if bold else (FADED if faded else INK)
            back = scene.row[b] <= scene.row[a]
            tag = f'class="edge" data-from="{i}" data-to="{scene.orig[b]}"'
            svg, angle = _edge(routes[a, b], back, a == b, scene.radius(b), colour, bold, tag)
            out.extend(svg)
            angles.append(angle)
            text = ",".join(_move_name(graph, graph.nodes[i], m) for m in moves)
            if edge_labels and text:
                x, y, anchor = placer.place(routes[a, b], text, SMALL, **scene.label_spot)
                ink = "#555555" if colour in (INK, STRATEGY) else "#9a9a9a"
                words.append(svg_text(x, y, text, SMALL, ink, anchor))
        if kinds[i] == AND and len(angles) > 1:
            dim = faded and i not in in_strategy
            arcs.append(_hyperedge_arc(scene.xy[a], angles, RADIUS + 7, FADED if dim else INK))
    out.extend(arcs)
    for a in scene.nodes:
        i = scene.orig[a]
        lab = None if labels is None else labels._labels[i]
        x, y = scene.xy[a]
        above = scene.copied.get(a)
        heavy = i in in_strategy if above is None else (above, i) in chosen
        out.extend(_node(kinds[i], lab, graph._utility.get(i), x, y, RADIUS, FONT, heavy, i))
        name = scene.names[i]
        if name and kinds[i] == LEAF:
            out.append(svg_text(x, y + RADIUS * 0.8 + SMALL + 2, name, SMALL, "#555555"))
        elif name:
            out.append(
                svg_text(x - scene.half(a) - 5, y + SMALL * 0.35, name, SMALL, "#555555", "end")
            )
        glyph = scene.glyphs.get(i)
        if glyph is not None and not scene.glyph_per_row:
            gx, gy = x + scene.half(a) + 6, y - glyph.height / 2
            out.append(f'<g transform="translate({gx:.1f},{gy:.1f})">{glyph.svg}</g>')
    for r, glyph in scene.row_glyphs.items():
        gy = scene.top + r * LEVEL - glyph.height / 2
        out.append(f'<g transform="translate(8,{gy:.1f})">{glyph.svg}</g>')
    out.extend(words)

    width, height = scene.width, scene.height
    footer: list[str] = []
    if caption:
        text = caption if isinstance(caption, str) else _caption(graph, labels, strategy, only)
        for line in textwrap.wrap(text, max(20, int((width - 16) / ((SMALL + 1) * 0.62)))):
            footer.append(svg_text(8, height + 4, line, SMALL + 1, "#333333", "start"))
            height += SMALL + 6
        height += 6
    if legend:
        back_edges = any(scene.row[b] <= scene.row[a] for a, b, _ in scene.edges)
        items, legend_height = _legend(graph, labels, strategy, back_edges, width, height)
        footer.extend(items)
        height += legend_height
    defs = _marker("andor-arrow", INK) + _marker("andor-arrow-faded", FADED)
    return document(width, height + 6, out + footer, defs=defs)


# -- where everything goes ------------------------------------------------------------------
Edges = list[tuple[int, int, list[Any]]]


def _rows(
    graph: AndOrGraph, shown: list[int], edges: Edges, rank: Callable[[Any], int] | None
) -> tuple[dict[int, int], bool]:
    """The row of every shown node, and whether the rank is the caller's or the game's.

    Without either, the row is the ply of the longest line of play to the node (moves back
    to a position on the line, which close a cycle, do not count).
    """
    if rank is not None:
        return {i: int(rank(graph.nodes[i])) for i in shown}, True
    given = {i: position_rank(graph.game, graph.nodes[i]) for i in shown}
    if all(r is not None for r in given.values()):
        return {i: int(r) for i, r in given.items() if r is not None}, True
    succ: dict[int, list[int]] = {i: [] for i in shown}
    for i, j, _ in edges:
        succ[i].append(j)
    state = dict.fromkeys(shown, 0)  # 0 new, 1 on the current line, 2 finished
    back: set[tuple[int, int]] = set()
    finished: list[int] = []
    stack: list[tuple[int, int]] = [(shown[0], 0)]
    state[shown[0]] = 1
    while stack:
        i, k = stack.pop()
        if k < len(succ[i]):
            stack.append((i, k + 1))
            j = succ[i][k]
            if state[j] == 1:
                back.add((i, j))
            elif state[j] == 0:
                state[j] = 1
                stack.append((j, 0))
        else:
            state[i] = 2
            finished.append(i)
    ply = dict.fromkeys(shown, 0)
    for i in reversed(finished):  # a topological order of what is left without the cycles
        for j in succ[i]:
            if (i, j) not in back and i != j:
                ply[j] = max(ply[j], ply[i] + 1)
    return ply, False


class _Scene:
    """The nodes to draw, with their sizes, names and glyphs, and where they go.

    Drawn nodes have ids of their own (``orig`` maps them to the graph's node numbers):
    in a layered picture a finished game reached from several positions is drawn once under
    each of them, so that no edge runs across the picture just to reach an ending.
    """

    def __init__(self, graph: AndOrGraph, names: Callable[[Any], str], boards: bool) -> None:
        self.graph = graph
        self.names: dict[int, str] = {}
        self.name_of = names
        self.boards = boards
        self.glyphs: dict[int, Glyph] = {}
        self.glyph_per_row = False  # every row's positions look the same: one glyph a row
        self.row_glyphs: dict[int, Glyph] = {}
        self.nodes: list[int] = []
        self.orig: dict[int, int] = {}
        self.copied: dict[int, int] = {}
        self.loops: set[int] = (
            set()
        )  # nodes with a move back to themselves  # a copy of a shared ending -> the node above it
        self.edges: Edges = []
        self.xy: dict[int, Point] = {}
        self.row: dict[int, int] = {}
        self.bends: dict[tuple[int, int], list[float]] = {}
        self.label_spot: dict[str, Any] = {"prefer": 0.5}
        self.top = RADIUS + 16
        self.width = self.height = 0.0

    # -- sizes ------------------------------------------------------------------------
    def mover(self, i: int) -> int:
        """Who moves at graph node ``i``; at a finished game, who would move next."""
        kind = self.graph._kind[i]
        if kind != LEAF:
            return self.graph.player if kind == OR else 1 - self.graph.player
        return int(self.graph.game.to_move(self.graph.nodes[i]))

    def radius(self, a: int) -> float:
        return RADIUS * 0.8 if self.graph._kind[self.orig[a]] == LEAF else RADIUS

    def half(self, a: int) -> float:
        """Half the width of the drawn node's shape."""
        i = self.orig[a]
        if self.graph._kind[i] != LEAF:
            return RADIUS
        text = _number(self.graph._utility.get(i) or 0.0)
        return max(0.9 * RADIUS, text_width(text, FONT, bold=True) / 2 + 4)

    def footprint(self, a: int) -> tuple[float, float]:
        """How far the node with its name and picture reaches left and right of its centre."""
        i = self.orig[a]
        left = right = self.half(a)
        name = self.names[i]
        if name and self.graph._kind[i] != LEAF:
            left += 5 + text_width(name, SMALL)
        elif name:
            left = right = max(left, text_width(name, SMALL) / 2)
        glyph = self.glyphs.get(i)
        if glyph is not None and not self.glyph_per_row:
            right += 6 + glyph.width
        if a in self.loops:
            right = max(right, LOOP * RADIUS + 4)
        return left, right

    # -- places -----------------------------------------------------------------------
    def lay_out(self, shown: list[int], edges: Edges, rows: dict[int, int], given: bool) -> None:
        """Place the nodes: a textbook tree, two columns, or layered rows (see the module)."""
        graph = self.graph
        self.names = {i: self.name_of(graph.nodes[i]) for i in shown}
        if self.boards:
            for i in shown:
                glyph = board_glyph(graph.game, graph.nodes[i])
                if glyph is not None:
                    self.glyphs[i] = glyph
        by_row: dict[int, list[int]] = {}
        for i in shown:
            by_row.setdefault(rows[i], []).append(i)
        parents: dict[int, list[int]] = {i: [] for i in shown}
        for i, j, _ in edges:
            if i != j:
                parents[j].append(i)
        movers = {i: self.mover(i) for i in shown}
        # a game ranked by a count of its own (the matches left) may hold one position per
        # player on a row: then each player's positions make a column, A's on the left
        columns = given and all(
            len({movers[i] for i in members}) == len(members) for members in by_row.values()
        )
        tree = (
            not given
            and all(len(parents[i]) == (0 if i == shown[0] else 1) for i in shown)
            and all(rows[j] == rows[i] + 1 for i, j, _ in edges)
        )
        # drawn ids: the graph's numbers, and new ones for the copies of shared endings
        self.nodes, self.orig = list(shown), {i: i for i in shown}
        self.edges = list(edges)
        self.loops = {i for i, j, _ in edges if i == j}
        rows = dict(rows)
        if not tree and not columns:
            shared = {j for j in shown if graph._kind[j] == LEAF and len(parents[j]) > 1}
            self.nodes = [i for i in shown if i not in shared]
            self.edges = []
            for i, j, moves in edges:
                if j in shared:  # a copy of the ending of its own, one row down
                    copy = len(graph) + len(self.copied)
                    self.nodes.append(copy)
                    self.orig[copy], self.copied[copy] = j, i
                    rows[copy] = rows[i] + 1
                    j = copy
                self.edges.append((i, j, moves))
        # a glyph shared by every position of every row is drawn once, at the row's start
        # (when rows are counts of the game's own, or some row really has several positions)
        by_rank: dict[int, list[int]] = {}
        for a in self.nodes:
            by_rank.setdefault(rows[a], []).append(a)
        crowded = columns or any(len(members) > 1 for members in by_rank.values())
        self.glyph_per_row = (
            bool(self.glyphs)
            and crowded
            and all(
                all(self.orig[a] in self.glyphs for a in members)
                and len({self.glyphs[self.orig[a]].svg for a in members}) == 1
                for members in by_rank.values()
            )
        )
        extents = {a: self.footprint(a) for a in self.nodes}
        if tree:
            xs, self.row = self._tree(extents)
        elif columns:
            xs = self._columns(extents, rows, movers)
        else:
            layout = layered_layout(
                self.nodes,
                [(a, b) for a, b, _ in self.edges],
                rows,
                size=lambda a: 2 * max(extents[a]),
                separation=GAP,
            )
            xs, self.row, self.bends = layout.x, layout.row, layout.bends
        if self.glyph_per_row:
            self.row_glyphs = {
                self.row[members[0]]: self.glyphs[self.orig[members[0]]]
                for members in by_rank.values()
            }
        left_margin = 8.0
        if self.row_glyphs:
            left_margin += max(g.width for g in self.row_glyphs.values()) + 14
        low = min(xs[a] - extents[a][0] for a in self.nodes)
        high = max(xs[a] + extents[a][1] for a in self.nodes)
        shift = left_margin - low + 10
        self.xy = {a: (xs[a] + shift, self.top + self.row[a] * LEVEL) for a in self.nodes}
        self.bends = {e: [x + shift for x in bend] for e, bend in self.bends.items()}
        self.width = max(high + shift + 18, 430.0)
        self.height = self.top + max(self.row.values()) * LEVEL + RADIUS + SMALL + 12

    def _tree(
        self, extents: dict[int, tuple[float, float]]
    ) -> tuple[dict[int, float], dict[int, int]]:
        kids: dict[int, list[int]] = {a: [] for a in self.nodes}
        for a, b, _ in self.edges:
            kids[a].append(b)
        unit = max(left + right for left, right in extents.values()) + GAP
        place = tidy_layout(self.nodes[0], lambda a: kids[a])
        return {a: x * unit for a, (x, _) in place.items()}, {a: d for a, (_, d) in place.items()}

    def _columns(
        self, extents: dict[int, tuple[float, float]], rows: dict[int, int], movers: dict[int, int]
    ) -> dict[int, float]:
        apart = max(r for _, r in extents.values()) + max(left for left, _ in extents.values())
        apart = max(apart + GAP, COLUMNS_APART)
        first = min(rows.values())
        xs = {a: apart * (movers[a] != self.graph.player) for a in self.nodes}
        self.row = {a: rows[a] - first for a in self.nodes}
        for a, b, _ in self.edges:  # a move within a column skips its rows on the outside
            steps = abs(self.row[b] - self.row[a]) - 1
            if movers[a] == movers[b] and steps > 0:
                side = -1.0 if xs[a] == 0 else 1.0
                self.bends[a, b] = [xs[a] + side * (extents[a][0] + GAP)] * steps
        # edges cross in the middle: a label stays near its start, where a fan spreads
        self.label_spot = {"prefer": 0.3, "span": (0.15, 0.42)}
        return xs

    def route(self, a: int, b: int) -> list[Point]:
        """The points an edge passes through: its ends and a bend on every row it crosses.

        A move back that skips no row bows out to the right of the straight line (clear of
        the edge the other way), one along a row bows upwards, and a loop circles out on
        the node's right.
        """
        (x1, y1), (x2, y2) = self.xy[a], self.xy[b]
        if a == b:
            r = RADIUS
            return [
                (x1 + 0.6 * r, y1 + 0.8 * r),
                (x1 + 2.0 * r, y1 + 1.1 * r),
                (x1 + LOOP * r, y1),
                (x1 + 2.0 * r, y1 - 1.1 * r),
                (x1 + 0.6 * r, y1 - 0.8 * r),
            ]
        bends = self.bends.get((a, b), [])
        if bends or y2 > y1:
            step = LEVEL if y2 > y1 else -LEVEL
            middle = [(x, y1 + (k + 1) * step) for k, x in enumerate(bends)]
            return [(x1, y1), *middle, (x2, y2)]
        if y1 == y2:
            return [(x1, y1), ((x1 + x2) / 2, y1 - 0.45 * LEVEL), (x2, y2)]
        length = math.hypot(x2 - x1, y2 - y1)
        bow = 0.3 * length  # to the right of the line, whichever way it runs
        nx, ny = (y1 - y2) / length, (x2 - x1) / length
        if nx < 0:
            nx, ny = -nx, -ny
        return [(x1, y1), ((x1 + x2) / 2 + nx * bow, (y1 + y2) / 2 + ny * bow), (x2, y2)]

    def reserve(self, placer: Placer) -> None:
        """Tell the placer where the nodes, their names and their pictures are."""
        for a in self.nodes:
            x, y = self.xy[a]
            i = self.orig[a]
            left, right = self.footprint(a)
            r = self.radius(a)
            placer.block(Box(x - left, y - r - 3, x + right, y + r + 3))
            if self.graph._kind[i] == LEAF and self.names[i]:
                placer.block(text_box(x, y + r + SMALL + 2, self.names[i], SMALL, "middle"))
            if self.graph._kind[i] == AND:  # the hyperedge arc just below
                placer.block(Box(x - RADIUS - 8, y, x + RADIUS + 8, y + RADIUS + 9))
        for r, glyph in self.row_glyphs.items():
            y = self.top + r * LEVEL
            placer.block(Box(8, y - glyph.height / 2, 8 + glyph.width, y + glyph.height / 2))


# -- pieces -------------------------------------------------------------------------------
def _tree_name(state: Any) -> str:
    return state.name if isinstance(state, Node) else ""


def _move_name(graph: AndOrGraph, state: Any, move: Any) -> str:
    if isinstance(state, Node) and isinstance(move, int) and 0 <= move < len(state.labels):
        return state.labels[move]
    return move_label(graph.game, move, state)


def _number(x: float) -> str:
    return number_text(x, sign=True)


def _node(
    kind: str,
    lab: Label | None,
    utility: float | None,
    x: float,
    y: float,
    r: float,
    font: float,
    heavy: bool,
    number: int,
) -> list[str]:
    fill = PLAIN_FILL if lab is None else LABEL_FILL[lab]
    ink = INK if lab is None else LABEL_INK[lab]
    stroke, width = (STRATEGY, 3.0) if heavy else ("#333333", 1.3)
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"'
    cls = f'class="node {kind}{"" if lab is None else " " + lab.value}" data-node="{number}"'
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
    route: Sequence[Point],
    back: bool,
    loop: bool,
    r: float,
    colour: str,
    bold: bool,
    tag: str,
) -> tuple[list[str], float]:
    """An edge along ``route`` and the angle at which it leaves its start (for the arc).

    An edge down the rows is a line (a smooth curve through its bends when it skips rows);
    an edge up the rows or along one (a move back to an earlier position) is dashed, with
    an arrowhead that stops at the target's edge.
    """
    (x1, y1), (x2, y2) = route[0], route[-1]
    width = 3.2 if bold else 1.2
    paint = f'{tag} fill="none" stroke="{colour}" stroke-width="{width}"'
    arrow = f'marker-end="url(#{_arrow(colour)})"'
    if loop:  # a move that leads back to the same position: a small loop on the right
        return [f'<path d="{_smooth(route)}" {paint} {arrow}/>'], math.atan2(2.4 * r, 2.5 * r)
    angle = math.atan2(route[1][1] - y1, route[1][0] - x1)
    if not back and len(route) == 2:  # the ordinary case: a straight line down
        return [f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {paint}/>'], angle
    points = list(route)
    if back:  # stop the arrowhead at the target's edge
        (px, py), (tx, ty) = points[-2], points[-1]
        length = math.hypot(tx - px, ty - py) or 1.0
        points[-1] = (tx - (tx - px) / length * (r + 3), ty - (ty - py) / length * (r + 3))
    dash = "" if bold or not back else ' stroke-dasharray="6 3"'
    tail = arrow if back else ""
    return [f'<path d="{_smooth(points)}" {paint}{dash} {tail}/>'], angle


def _smooth(points: Sequence[Point]) -> str:
    """A path through ``points``: straight for two, a Catmull–Rom curve for more."""
    (x0, y0) = points[0]
    parts = [f"M{x0:.1f},{y0:.1f}"]
    if len(points) == 2:
        return parts[0] + f" L{points[1][0]:.1f},{points[1][1]:.1f}"
    padded = [points[0], *points, points[-1]]
    for k in range(1, len(padded) - 2):
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = padded[k - 1 : k + 3]
        c1 = (bx + (cx - ax) / 6, by + (cy - ay) / 6)
        c2 = (cx - (dx - bx) / 6, cy - (dy - by) / 6)
        parts.append(f"C{c1[0]:.1f},{c1[1]:.1f} {c2[0]:.1f},{c2[1]:.1f} {cx:.1f},{cy:.1f}")
    return " ".join(parts)


def _marker(name: str, colour: str) -> str:
    # fixed size in user units, so a bold strategy edge does not get a huge arrowhead
    return (
        f'<marker id="{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" '
        f'markerHeight="9" markerUnits="userSpaceOnUse" orient="auto">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
    )


def _arrow(colour: str) -> str:
    return "andor-arrow-faded" if colour == FADED else "andor-arrow"


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


def _caption(
    graph: AndOrGraph, labels: Labelling | None, strategy: Strategy | None, only: bool
) -> str:
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
        if only:
            text = (
                f"A {kind} strategy for {who}: {len(strategy)} of the graph's {len(graph)} "
                f"positions; one move where {who} chooses, every reply of "
                f"{player_name(1 - graph.player)}"
            )
        else:
            text += f"; bold: a {kind} strategy ({len(strategy)} positions)"
    return text


def _legend(
    graph: AndOrGraph,
    labels: Labelling | None,
    strategy: Strategy | None,
    back_edges: bool,
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
    if back_edges:
        entries.append(
            (
                f'<path d="M-14,4 Q0,-8 12,2" fill="none" stroke="{INK}" stroke-dasharray="6 3" '
                'marker-end="url(#andor-arrow)"/>',
                "a move back to an earlier position",
            )
        )
    out = ['<g class="legend">']
    x, y, line = 8.0, y0 + 14, 26.0
    for sample, text in entries:
        w = 34 + text_width(text, SMALL) + 14
        if x + w > width - 4 and x > 8:
            x, y = 8.0, y + line
        out.append(f'<g transform="translate({x + 14:.1f},{y:.1f})">{sample}</g>')
        out.append(svg_text(x + 34, y + 3.5, text, SMALL, "#333333", "start"))
        x += w
    out.append("</g>")
    return out, y - y0 + 18
