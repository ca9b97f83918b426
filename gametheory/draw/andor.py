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
matches taken, so each row is one count; ``rank="ply"`` asks for the ply even there);
crossings reduced by the barycenter heuristic and, in a small graph, by trying the orders
of each node's moves (:func:`_fewest_crossings`).
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
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, permutations
from typing import Any, Literal

from gametheory.andor import AND, LEAF, OR, AndOrGraph, Label, Labelling, Strategy
from gametheory.core import GameError, player_name
from gametheory.draw.boards import Glyph, board_glyph, move_label, position_rank
from gametheory.draw.labels import Box, Placer, text_box
from gametheory.draw.layout import Layered, layered_layout, tidy_layout
from gametheory.draw.shapes import outline
from gametheory.draw.svg import Svg, caption_block, caption_lines, document, element, text_width
from gametheory.draw.svg import text as svg_text
from gametheory.formatting import number_text
from gametheory.trees import Node

__all__ = ["draw_andor", "LABEL_FILL", "THESIS_FILL"]

LABEL_FILL = {Label.WIN: "#1f6f3a", Label.DRAW: "#a9a9a9", Label.LOSS: "#f6c4c4"}
"""Fill colours for WIN, DRAW and LOSS: dark, mid and light, so they survive grey-scale."""
LABEL_INK = {Label.WIN: "#ffffff", Label.DRAW: "#111111", Label.LOSS: "#7a1010"}
THESIS_FILL = {Label.WIN: "#000000", Label.DRAW: "#9a9a9a", Label.LOSS: "#ffffff"}
"""The Slovak thesis' colouring: black a win for the first player, grey a draw, white a loss."""
THESIS_INK = {Label.WIN: "#ffffff", Label.DRAW: "#000000", Label.LOSS: "#000000"}
Palette = tuple[Mapping[Label, str], Mapping[Label, str]]  # the fills and the letters' ink
PALETTES: Mapping[str, Palette] = {
    "package": (LABEL_FILL, LABEL_INK),
    "thesis": (THESIS_FILL, THESIS_INK),
}
LETTER = {Label.WIN: "W", Label.DRAW: "D", Label.LOSS: "L"}
INK = "#333333"
FADED = "#c4c4c4"
STRATEGY = "#111111"
PLAIN_FILL = "#ffffff"

LEVEL, RADIUS, FONT, SMALL = 74.0, 14.0, 12.0, 10.0
COLUMNS_APART = 210.0  # between the two players' columns, room for the edges' labels
LOOP = 2.6  # how far a loop reaches right of its node's centre, in radii
GAP = 24.0  # the least room between two nodes of a row (their names and pictures included)
ARC_PAST, ARC_SPAN = 0.22, 1.0  # a hyperedge arc's reach past its outer edges, least span

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
    rank: Callable[[Any], int] | Literal["ply"] | None = None,
    boards: bool = True,
    palette: Literal["package", "thesis"] = "package",
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
        :func:`~gametheory.draw.boards.position_rank`, else the ply; ``"ply"`` for the ply
        (of the longest line of play to the position) even where the game has a rank.
    boards
        Draw the game's small picture of each position (``board_glyph``) where it has one.
    palette
        The fills of W, D and L: ``"package"`` dark green, grey and light red, or
        ``"thesis"`` the Slovak thesis' black, grey and white (:data:`THESIS_FILL`).

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
    if palette not in PALETTES:
        raise GameError(f"draw_andor: palette must be 'package' or 'thesis', got {palette!r}")
    only = strategy is not None and not whole_graph
    drawn = _Drawn(graph, labels, strategy, only, PALETTES[palette])
    scene = _Scene(drawn, names or _tree_name, boards)
    scene.lay_out(*_rows(scene.drawn, rank))
    lines, arcs, words = _edges_svg(scene, edge_labels, faded=strategy is not None and not only)
    body = lines + arcs + _nodes_svg(scene) + words
    lines = caption_lines(caption, lambda: [_caption(graph, labels, strategy, only)])
    footer, height = caption_block(lines, scene.width, scene.height, SMALL, lead=4)
    if legend:
        back_edges = any(scene.row[b] <= scene.row[a] for a, b, _ in scene.edges)
        key = (graph, labels, strategy, back_edges, drawn.palette)
        items, legend_height = _legend(*key, scene.width, height)
        footer, height = footer + items, height + legend_height
    defs = _marker("andor-arrow", INK) + _marker("andor-arrow-faded", FADED)
    return document(scene.width, height + 6, body + footer, defs=defs)


# -- what is drawn ----------------------------------------------------------------------------
Edges = list[tuple[int, int, list[Any]]]


class _Drawn:
    """The graph as the picture reads it, by node number (through the graph's public API):
    each node's kind, label and payoff, the strategy's nodes and edges, and what is shown.

    ``edges`` holds ``(from, to, moves)``: the moves from one position to another.
    """

    def __init__(
        self,
        graph: AndOrGraph,
        labels: Labelling | None,
        strategy: Strategy | None,
        only: bool,
        palette: Palette,
    ) -> None:
        self.graph, self.states, self.palette = graph, graph.nodes, palette
        number = {state: i for i, state in enumerate(graph.nodes)}
        self.kind = [graph.kind(state) for state in graph.nodes]
        self.label = [None if labels is None else labels[state] for state in graph.nodes]
        self.utility = {i: graph.utility(s) for i, s in enumerate(graph.nodes) if graph.is_leaf(s)}
        self.in_strategy: set[int] = set()
        self.chosen: set[tuple[int, int]] = set()
        if strategy is not None:
            self.in_strategy = {number[state] for state in strategy.nodes}
            self.chosen = {(number[a], number[b]) for a, b in strategy.edges()}
        self.shown = sorted(self.in_strategy) if only else list(range(len(graph)))
        self.edges: Edges = []
        for i in self.shown:
            moves = [(move, number[child]) for move, child in graph.moves(graph.nodes[i])]
            for j in dict.fromkeys(k for _, k in moves):  # the distinct positions, in order
                if not only or (i, j) in self.chosen:
                    self.edges.append((i, j, [move for move, k in moves if k == j]))

    def mover(self, i: int) -> int:
        """Who moves at node ``i``; at a finished game, who would move next."""
        if self.kind[i] != LEAF:
            return self.graph.player if self.kind[i] == OR else 1 - self.graph.player
        return int(self.graph.game.to_move(self.states[i]))


def _rows(
    drawn: _Drawn, rank: Callable[[Any], int] | Literal["ply"] | None
) -> tuple[dict[int, int], bool]:
    """The row of every shown node, and whether the rank is the caller's or the game's.

    Without either, the row is the ply of the longest line of play to the node (moves back
    to a position on the line, which close a cycle, do not count).
    """
    states = drawn.states
    if rank == "ply":
        return _longest_plies(drawn.shown, drawn.edges), False
    if isinstance(rank, str):
        raise GameError(
            f"draw_andor: rank must be a function of the position or 'ply', got {rank!r}"
        )
    if rank is not None:
        return {i: int(rank(states[i])) for i in drawn.shown}, True
    given = {i: position_rank(drawn.graph.game, states[i]) for i in drawn.shown}
    if all(r is not None for r in given.values()):
        return {i: int(r) for i, r in given.items() if r is not None}, True
    return _longest_plies(drawn.shown, drawn.edges), False


def _longest_plies(shown: list[int], edges: Edges) -> dict[int, int]:
    """The longest line of play from the start to every node, the moves back left out.

    A depth-first search from the start finds the moves back (to a position on the line
    being searched); without them the graph has no cycle, and networkx's topological
    generations are the rows: each node one below the lowest of the nodes that reach it.
    """
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(shown)
    g.add_edges_from((i, j) for i, j, _ in edges if i != j)
    on_line: set[int] = set()
    back = []
    for u, v, kind in nx.dfs_labeled_edges(g, shown[0]):
        if kind == "forward":
            on_line.add(v)
        elif kind == "reverse":
            on_line.discard(v)
        elif kind == "nontree" and v in on_line:
            back.append((u, v))
    g.remove_edges_from(back)
    return {i: k for k, layer in enumerate(nx.topological_generations(g)) for i in layer}


# -- where everything goes ------------------------------------------------------------------
class _Scene:
    """The nodes to draw, with their sizes, names and glyphs, and where they go.

    Drawn nodes have ids of their own (``orig`` maps them to the graph's node numbers):
    in a layered picture a finished game reached from several positions is drawn once under
    each of them, so that no edge runs across the picture just to reach an ending.
    """

    def __init__(self, drawn: _Drawn, names: Callable[[Any], str], boards: bool) -> None:
        self.drawn = drawn
        self.names = {i: names(drawn.states[i]) for i in drawn.shown}
        game = drawn.graph.game
        glyphs = {i: board_glyph(game, drawn.states[i]) for i in drawn.shown} if boards else {}
        self.glyphs = {i: glyph for i, glyph in glyphs.items() if glyph is not None}
        self.glyph_per_row = False  # every row's positions look the same: one glyph a row
        self.row_glyphs: dict[int, Glyph] = {}
        self.nodes: list[int] = list(drawn.shown)
        self.orig: dict[int, int] = {i: i for i in drawn.shown}
        self.copied: dict[int, int] = {}  # a copy of a shared ending -> the node above it
        self.edges: Edges = list(drawn.edges)
        self.loops = {i for i, j, _ in drawn.edges if i == j}  # a move back to itself
        self.xy: dict[int, Point] = {}
        self.row: dict[int, int] = {}
        self.bends: dict[tuple[int, int], list[float]] = {}
        self.label_spot: dict[str, Any] = {"prefer": 0.5}
        self.top = RADIUS + 16
        self.width = self.height = 0.0

    # -- sizes ------------------------------------------------------------------------
    def kind(self, a: int) -> str:
        return self.drawn.kind[self.orig[a]]

    def radius(self, a: int) -> float:
        return RADIUS * 0.8 if self.kind(a) == LEAF else RADIUS

    def half(self, a: int) -> float:
        """Half the width of the drawn node's shape."""
        if self.kind(a) != LEAF:
            return RADIUS
        text = number_text(self.drawn.utility[self.orig[a]], sign=True)
        return max(0.9 * RADIUS, text_width(text, FONT, bold=True) / 2 + 4)

    def footprint(self, a: int) -> tuple[float, float]:
        """How far the node with its name and picture reaches left and right of its centre."""
        i = self.orig[a]
        left = right = self.half(a)
        name = self.names[i]
        if name and self.kind(a) != LEAF:
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
    def lay_out(self, rows: dict[int, int], given: bool) -> None:
        """Place the nodes: a textbook tree, two columns, or layered rows (see the module)."""
        drawn, shown = self.drawn, self.drawn.shown
        parents: dict[int, list[int]] = {i: [] for i in shown}
        for i, j, _ in drawn.edges:
            if i != j:
                parents[j].append(i)
        movers = {i: drawn.mover(i) for i in shown}
        # a game ranked by a count of its own (the matches left) may hold one position per
        # player on a row: then each player's positions make a column, A's on the left
        columns = given and all(
            len({movers[i] for i in row}) == len(row) for row in _by_row(shown, rows).values()
        )
        tree = (
            not given
            and all(len(parents[i]) == (0 if i == shown[0] else 1) for i in shown)
            and all(rows[j] == rows[i] + 1 for i, j, _ in drawn.edges)
        )
        rows = dict(rows)
        if not tree and not columns:
            self._copy_shared_endings(parents, rows)
        by_row = _by_row(self.nodes, rows)
        self._one_glyph_a_row(by_row, crowded=columns or any(len(r) > 1 for r in by_row.values()))
        extents = {a: self.footprint(a) for a in self.nodes}
        if tree:
            xs, self.row = self._tree(extents)
        elif columns:
            xs = self._columns(extents, rows, movers)
        else:
            size = lambda a: 2 * max(extents[a])  # noqa: E731
            layout = _fewest_crossings(self.nodes, [(a, b) for a, b, _ in self.edges], rows, size)
            xs, self.row, self.bends = layout.x, layout.row, layout.bends
        if self.glyph_per_row:
            self.row_glyphs = {
                self.row[r[0]]: self.glyphs[self.orig[r[0]]] for r in by_row.values()
            }
        self._place(xs, extents)

    def _copy_shared_endings(self, parents: dict[int, list[int]], rows: dict[int, int]) -> None:
        """Draw an ending reached from several positions once under each, one row down."""
        drawn = self.drawn
        shared = {j for j in drawn.shown if drawn.kind[j] == LEAF and len(parents[j]) > 1}
        self.nodes = [i for i in drawn.shown if i not in shared]
        self.edges = []
        for i, j, moves in drawn.edges:
            if j in shared:
                copy = len(drawn.states) + len(self.copied)
                self.nodes.append(copy)
                self.orig[copy], self.copied[copy] = j, i
                rows[copy] = rows[i] + 1
                j = copy
            self.edges.append((i, j, moves))

    def _one_glyph_a_row(self, by_row: dict[int, list[int]], crowded: bool) -> None:
        """A glyph shared by every position of every row is drawn once, at the row's start
        (when rows are counts of the game's own, or some row really has several positions)."""
        self.glyph_per_row = (
            bool(self.glyphs)
            and crowded
            and all(
                all(self.orig[a] in self.glyphs for a in members)
                and len({self.glyphs[self.orig[a]].svg for a in members}) == 1
                for members in by_row.values()
            )
        )

    def _place(self, xs: dict[int, float], extents: dict[int, tuple[float, float]]) -> None:
        """Turn layout units into pixels, with room for the glyphs at the rows' starts."""
        left_margin = 8.0
        if self.row_glyphs:
            left_margin += max(g.width for g in self.row_glyphs.values()) + 14
        # a curve through an edge's bends swings out a little beyond them
        bends = [x for bend in self.bends.values() for x in bend]
        low = min([xs[a] - extents[a][0] for a in self.nodes] + [x - GAP for x in bends])
        high = max([xs[a] + extents[a][1] for a in self.nodes] + [x + GAP for x in bends])
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
        player = self.drawn.graph.player
        xs = {a: apart * (movers[a] != player) for a in self.nodes}
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
            # a card keeps labels a little further off: a move beside it reads as its own
            side, end = (9.0, 9.0) if self.kind(a) == LEAF else (0.0, 3.0)
            placer.block(Box(x - left - side, y - r - end, x + right + side, y + r + end))
            if self.kind(a) == LEAF and self.names[i]:
                placer.block(text_box(x, y + r + SMALL + 2, self.names[i], SMALL, "middle"))
            if self.kind(a) == AND:  # the hyperedge arc just below
                placer.block(Box(x - RADIUS - 8, y, x + RADIUS + 8, y + RADIUS + 9))
        for r, glyph in self.row_glyphs.items():
            y = self.top + r * LEVEL
            placer.block(Box(8, y - glyph.height / 2, 8 + glyph.width, y + glyph.height / 2))


SEARCHED, TRIES = 40, 400  # the most nodes whose moves' orders are searched; layouts tried


def _fewest_crossings(
    nodes: list[int],
    edges: list[tuple[int, int]],
    rows: dict[int, int],
    size: Callable[[int], float],
) -> Layered[int]:
    """The layered layout with the fewest crossings found by trying the orders of the moves.

    :func:`~gametheory.draw.layout.layered_layout` starts from the depth-first order of the
    edges it is given, then sorts by barycenters. In a small graph (at most
    :data:`SEARCHED` nodes) every order of each node's moves is tried in turn, and an order
    is kept when the layout it leads to has fewer crossings, until no node's order helps
    (or :data:`TRIES` layouts were tried, which bounds the time a picture takes).
    """

    def lay(order: list[tuple[int, int]]) -> tuple[int, Layered[int]]:
        layout = layered_layout(nodes, order, rows, size=size, separation=GAP)
        return _crossings(layout, order), layout

    best = list(edges)
    fewest, layout = lay(best)
    better, tries = len(nodes) <= SEARCHED, 1
    while better and fewest > 0:
        better = False
        for a in nodes:
            mine = [e for e in best if e[0] == a]
            if not 1 < len(mine) <= 4:
                continue
            rest = [e for e in best if e[0] != a]
            for moves in permutations(mine):
                if tries == TRIES:
                    return layout
                count, tried = lay([*rest, *moves])
                tries += 1
                if count < fewest:
                    best, fewest, layout, better = [*rest, *moves], count, tried, True
    return layout


def _crossings(layout: Layered[int], edges: list[tuple[int, int]]) -> int:
    """How many times two edges of the layout cross between two neighbouring rows."""
    steps: dict[int, list[tuple[float, float]]] = {}  # the top row -> (x at top, x below)
    for a, b in dict.fromkeys(edges):
        top, bottom = layout.row[a], layout.row[b]
        if top >= bottom:
            continue  # a move back: drawn beside the rows
        xs = [layout.x[a], *layout.bends.get((a, b), []), layout.x[b]]
        for r, pair in zip(range(top, bottom), zip(xs, xs[1:], strict=False), strict=True):
            steps.setdefault(r, []).append(pair)
    return sum(
        1
        for pairs in steps.values()
        for (p, q), (s, t) in combinations(pairs, 2)
        if (p - s) * (q - t) < 0
    )


def _by_row(nodes: list[int], rows: dict[int, int]) -> dict[int, list[int]]:
    by_row: dict[int, list[int]] = {}
    for a in nodes:
        by_row.setdefault(rows[a], []).append(a)
    return by_row


# -- pieces -------------------------------------------------------------------------------
def _edges_svg(
    scene: _Scene, edge_labels: bool, faded: bool
) -> tuple[list[str], list[str], list[str]]:
    """Every edge, the arc that ties each AND node's edges into one hyperedge, and the
    edges' labels, placed where they collide with nothing."""
    drawn = scene.drawn
    routes = {(a, b): scene.route(a, b) for a, b, _ in scene.edges}
    texts = {
        (a, b): ",".join(_move_name(drawn.graph, drawn.states[scene.orig[a]], m) for m in moves)
        for a, b, moves in scene.edges
    }
    placer = Placer()
    scene.reserve(placer)
    spots = placer.place_all(routes, texts if edge_labels else {}, SMALL, **scene.label_spot)
    lines: list[str] = []
    arcs: list[str] = []
    words: list[str] = []
    for a in scene.nodes:
        i = scene.orig[a]
        angles = []
        for b in (b for s, b, _ in scene.edges if s == a):
            bold = (i, scene.orig[b]) in drawn.chosen
            colour = STRATEGY if bold else (FADED if faded else INK)
            back = scene.row[b] <= scene.row[a]
            tag = f'class="edge" data-from="{i}" data-to="{scene.orig[b]}"'
            svg, angle = _edge(routes[a, b], back, a == b, scene.radius(b), colour, bold, tag)
            lines.extend(svg)
            angles.append(angle)
            if (a, b) in spots:
                x, y, anchor = spots[a, b]
                ink = "#555555" if colour in (INK, STRATEGY) else "#767676"
                words.append(svg_text(x, y, texts[a, b], SMALL, ink, anchor))
        if drawn.kind[i] == AND and len(angles) > 1:
            dim = faded and i not in drawn.in_strategy
            arcs.append(_hyperedge_arc(scene.xy[a], angles, RADIUS + 7, FADED if dim else INK))
    return lines, arcs, words


def _nodes_svg(scene: _Scene) -> list[str]:
    """Every node with its letter or payoff, its name and its picture; the rows' pictures."""
    drawn, out = scene.drawn, []
    for a in scene.nodes:
        i = scene.orig[a]
        x, y = scene.xy[a]
        above = scene.copied.get(a)
        heavy = i in drawn.in_strategy if above is None else (above, i) in drawn.chosen
        paint = drawn.kind[i], drawn.label[i], drawn.palette
        out.extend(_node(*paint, drawn.utility.get(i), x, y, heavy, i))
        name = scene.names[i]
        if name and drawn.kind[i] == LEAF:
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
    return out


def _tree_name(state: Any) -> str:
    return state.name if isinstance(state, Node) else ""


def _move_name(graph: AndOrGraph, state: Any, move: Any) -> str:
    if isinstance(state, Node) and isinstance(move, int) and 0 <= move < len(state.labels):
        return state.labels[move]
    return move_label(graph.game, move, state)


def _node(
    kind: str,
    lab: Label | None,
    palette: Palette,
    utility: float | None,
    x: float,
    y: float,
    heavy: bool,
    number: int,
) -> list[str]:
    """A node's shape, filled by its label, with the label's letter (or a leaf's payoff)."""
    fill = PLAIN_FILL if lab is None else palette[0][lab]
    ink = INK if lab is None else palette[1][lab]
    stroke, width = (STRATEGY, 3.0) if heavy else ("#333333", 1.3)
    cls = f'class="node {kind}{"" if lab is None else " " + lab.value}" data-node="{number}"'
    paint = f'{cls} fill="{fill}" stroke="{stroke}" stroke-width="{width}"'
    if kind != LEAF:
        text = "" if lab is None else LETTER[lab]
        shape = outline(kind, x, y, RADIUS, RADIUS, paint)
    else:
        text = number_text(utility or 0.0, sign=True)
        hw = max(0.9 * RADIUS, len(text) * FONT * 0.31 + 3)
        shape = outline(kind, x, y, hw, 0.8 * RADIUS, paint, corner=RADIUS * 0.3)
    return [shape, svg_text(x, y + FONT * 0.36, text, FONT, ink, bold=True)] if text else [shape]


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
    arrow = f'marker-end="url(#andor-arrow{"-faded" if colour == FADED else ""})"'
    if loop:  # a move that leads back to the same position: a small loop on the right
        return [f'<path d="{_smooth(route)}" {paint} {arrow}/>'], math.atan2(2.4 * r, 2.5 * r)
    angle = math.atan2(route[1][1] - y1, route[1][0] - x1)
    if not back and len(route) == 2:  # the ordinary case: a straight line down
        return [element("line", paint, x1=x1, y1=y1, x2=x2, y2=y2)], angle
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
    offsets = sorted(math.atan2(-math.cos(a), math.sin(a)) for a in angles)  # a − π/2, in (−π, π]
    # past the outer edges on both sides, and at least ARC_SPAN wide, so that it is seen
    # to cross every edge even where they leave nearly side by side
    pad = max(ARC_PAST, (ARC_SPAN - (offsets[-1] - offsets[0])) / 2)
    lo, hi = offsets[0] - pad, offsets[-1] + pad
    look = f'fill="none" stroke="{colour}" stroke-width="2.2"'
    if hi - lo >= 1.9 * math.pi:  # edges all round: a full ring
        return element("circle", f'class="{cls}" {look}', cx=x, cy=y, r=radius)
    start, end = lo + math.pi / 2, hi + math.pi / 2
    sx, sy = x + radius * math.cos(start), y + radius * math.sin(start)
    ex, ey = x + radius * math.cos(end), y + radius * math.sin(end)
    large = 1 if hi - lo > math.pi else 0
    arc = f"M{sx:.1f},{sy:.1f} A{radius:.1f},{radius:.1f} 0 {large} 1 {ex:.1f},{ey:.1f}"
    return f'<path class="{cls}" d="{arc}" {look}/>'


def _caption(
    graph: AndOrGraph, labels: Labelling | None, strategy: Strategy | None, only: bool
) -> str:
    who = player_name(graph.player)
    text = f"AND/OR graph for {who}: {len(graph)} positions, {graph.edge_count} edges"
    if labels is not None:
        root = labels.root
        d = labels.distance(graph.root)
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
    palette: Palette,
    width: float,
    y0: float,
) -> tuple[list[str], float]:
    """The key, laid out left to right and wrapped to the picture's width."""
    me, you = player_name(graph.player), player_name(1 - graph.player)
    plain = f'fill="#fff" stroke="{INK}"'
    arc = _hyperedge_arc((0.0, 0.0), [math.pi / 2 - 0.9, math.pi / 2 + 0.9], 13, INK, "sample")
    spokes = "".join(
        element("line", f'stroke="{INK}"', x1=0, y1=0, x2=22 * math.cos(a), y2=22 * math.sin(a))
        for a in (math.pi / 2 - 0.9, math.pi / 2 + 0.9)
    )
    card = outline(LEAF, 0, 0, 11, 7, plain, corner=3) + svg_text(0, 3.5, "+1", 9, INK, bold=True)
    entries = [  # (the sample, drawn round (0, 0), and what it means)
        (outline(OR, 0, 0, 8, 8, plain), f"OR: {me} moves (one edge)"),
        (spokes + outline(AND, 0, 0, 8, 8, plain) + arc, f"AND: {you} moves (all edges, one arc)"),
        (card, f"game over: payoff for {me}"),
    ]
    if labels is not None:
        for lab, meaning in ((Label.WIN, "win"), (Label.DRAW, "draw"), (Label.LOSS, "loss")):
            square = outline(OR, 0, 0, 8, 8, f'fill="{palette[0][lab]}" stroke="{INK}"')
            letter = svg_text(0, 3.5, LETTER[lab], 9, palette[1][lab], bold=True)
            entries.append((square + letter, f"{meaning} for {me}"))
    if strategy is not None:
        bold = f'stroke="{STRATEGY}" stroke-width="3.2"'
        entries.append((element("line", bold, x1=-14, y1=0, x2=14, y2=0), "strategy"))
    if back_edges:
        back = (
            f'<path d="M-14,4 Q0,-8 12,2" fill="none" stroke="{INK}" stroke-dasharray="6 3" '
            'marker-end="url(#andor-arrow)"/>'
        )
        entries.append((back, "a move back to an earlier position"))
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
