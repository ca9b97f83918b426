"""Pictures of AND/OR graphs: shapes, hyperedge arcs, labels, strategies, legend."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from gametheory.andor import (
    AND,
    LEAF,
    OR,
    AndOrGraph,
    Label,
    label,
    non_losing_strategy,
    winning_strategy,
)
from gametheory.core import GameError
from gametheory.draw.andor import LABEL_FILL, draw_andor
from gametheory.draw.svg import Svg
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.trees import tree

from .strategies import specs
from .test_andor import CHASE

SVG = "{http://www.w3.org/2000/svg}"


def elements(picture: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(picture)
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def test_draws_shapes_arcs_and_labels_for_nim() -> None:
    graph = AndOrGraph.from_game(Nim(6))
    labels = label(graph)
    picture = draw_andor(graph, labels)
    assert isinstance(picture, Svg) and picture.startswith("<svg")
    kinds = [graph.kind(s) for s in graph]
    assert len(elements(picture, OR)) == kinds.count(OR)
    assert len(elements(picture, AND)) == kinds.count(AND)
    assert len(elements(picture, LEAF)) == kinds.count(LEAF)
    assert all(e.tag == SVG + "rect" for e in elements(picture, OR))
    assert all(e.tag == SVG + "circle" for e in elements(picture, AND))
    # one arc per AND node with more than one reply, none at OR nodes
    bundles = sum(1 for s in graph if graph.kind(s) == AND and len(graph.children(s)) > 1)
    assert len(elements(picture, "hyperedge")) == bundles > 0
    # every node is filled by its label, and carries it as a letter
    for lab in Label:
        marked = elements(picture, lab.value)
        assert len(marked) == labels.counts()[lab]
        assert all(e.get("fill") == LABEL_FILL[lab] for e in marked)
    letters = re.findall(r'font-weight="bold">([WDL])</text>', picture)
    inner = sum(1 for s in graph if graph.kind(s) != LEAF)
    assert len(letters) == inner + 3  # + the legend's W, D and L


def test_grey_scale_fills_are_far_apart() -> None:
    def luminance(colour: str) -> float:
        r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    win, draw, loss = (luminance(LABEL_FILL[lab]) for lab in (Label.WIN, Label.DRAW, Label.LOSS))
    assert win + 0.2 < draw and draw + 0.1 < loss


def test_the_strategy_is_highlighted() -> None:
    graph = AndOrGraph.from_game(Nim(7))
    strategy = winning_strategy(graph)
    assert strategy is not None
    picture = draw_andor(graph, label(graph), strategy)
    root = ET.fromstring(picture)
    bold = [e for e in root.iter() if e.get("stroke-width") == "3.2"]
    assert len(bold) == len(set(strategy.edges())) + 1  # + the legend's sample line
    heavy = [
        e
        for e in root.iter()
        if "node" in (e.get("class") or "") and e.get("stroke-width") == "3.0"
    ]
    assert len(heavy) == len(strategy)
    assert "strategy" in picture and "winning strategy" in picture


def test_textbook_tree_has_names_edge_labels_and_a_legend() -> None:
    t = tree([[1, -1], [0, 1]])
    graph = AndOrGraph.from_game(t)
    picture = draw_andor(graph, label(graph), non_losing_strategy(graph), whole_graph=True)
    for text in ("a1", "b2", ">A<", ">G<", "OR: A moves", "AND: B moves", "draw for A"):
        assert text in picture, text
    words = " ".join(t.text or "" for t in ET.fromstring(picture).iter(SVG + "text"))
    assert "the start is a DRAW" in words  # the caption, perhaps on two lines
    bare = draw_andor(graph, legend=False, caption=False, edge_labels=False)
    assert "OR: A moves" not in bare and "a1" not in bare and "DRAW" not in bare
    assert len(elements(bare, "hyperedge")) == 2


def test_graph_for_player_b_names_b_in_the_legend() -> None:
    graph = AndOrGraph.from_game(Nim(4), player=1)
    picture = draw_andor(graph, label(graph))
    assert "OR: B moves" in picture and "AND: A moves" in picture and "for B" in picture


def test_cycles_draw_with_arrows_and_a_self_loop() -> None:
    graph = AndOrGraph.from_game(CHASE)
    picture = draw_andor(
        graph, label(graph), non_losing_strategy(graph), names=str, whole_graph=True
    )
    ET.fromstring(picture)
    assert picture.count('marker-end="url(#andor-arrow') >= 4  # back edges, loop, legend
    assert "a move back to an earlier position" in picture
    # the moves back are exactly the edges that close a cycle: x → start, z → y, u → u, v → w
    back = {
        (graph.nodes[int(e.get("data-from", ""))], graph.nodes[int(e.get("data-to", ""))])
        for e in elements(picture, "edge")
        if e.get("marker-end")
    }
    assert back == {("x", "start"), ("z", "y"), ("u", "u"), ("v", "w")}


def test_symmetric_tictactoe_graph_draws(tmp_path: Path) -> None:
    from gametheory.games.tictactoe import tictactoe_symmetry

    game = TicTacToe()
    graph = AndOrGraph.from_game(game, game.state("XO./.X./O.."), canonical=tictactoe_symmetry)
    picture = draw_andor(graph, label(graph), winning_strategy(graph))
    picture.save(tmp_path / "ttt.svg")
    assert (tmp_path / "ttt.svg").read_text(encoding="utf-8") == picture
    pytest.importorskip("cairosvg")
    picture.save(tmp_path / "ttt.png")
    assert (tmp_path / "ttt.png").read_bytes().startswith(b"\x89PNG")


def drawn(picture: str) -> tuple[set[int], set[tuple[int, int]]]:
    """The graph's node numbers drawn, and its edges drawn (from, to)."""
    nodes = {int(e.get("data-node", "")) for e in elements(picture, "node")}
    edges = {
        (int(e.get("data-from", "")), int(e.get("data-to", ""))) for e in elements(picture, "edge")
    }
    return nodes, edges


@given(specs(max_leaves=20, values=(-1, 1)))
def test_random_trees_draw_valid_svg(spec: Any) -> None:
    graph = AndOrGraph.from_game(tree(spec))
    labels = label(graph)
    picture = draw_andor(graph, labels, non_losing_strategy(graph), whole_graph=True)
    ET.fromstring(picture)
    assert drawn(picture) == (
        set(range(len(graph))),
        {(i, j) for i in range(len(graph)) for j in graph._succ[i]},
    )


def _strategy_alone(graph: AndOrGraph) -> None:
    labels = label(graph)
    strategy = winning_strategy(graph, labels) or non_losing_strategy(graph, labels)
    if strategy is None:
        return
    nodes, edges = drawn(draw_andor(graph, labels, strategy))
    index = graph.index
    assert nodes == {index(s) for s in strategy.nodes}
    assert edges == {(index(a), index(b)) for a, b in strategy.edges()}
    for i in nodes:  # one edge where the player chooses, every edge where the opponent does
        out = {j for k, j in edges if k == i}
        if graph._kind[i] == OR:
            assert len(out) == 1
        else:
            assert out == set(graph._succ[i])


@given(specs(max_leaves=20, values=(-1, 1)))
def test_a_strategy_is_drawn_alone_as_a_subgraph(spec: Any) -> None:
    _strategy_alone(AndOrGraph.from_game(tree(spec)))


@pytest.mark.parametrize("n", [5, 8, 13])
def test_a_strategy_in_a_graph_with_transpositions_is_drawn_alone(n: int) -> None:
    _strategy_alone(AndOrGraph.from_game(Nim(n), player=int(n % 4 == 0)))
    _strategy_alone(AndOrGraph.from_game(CHASE))


def test_bad_input() -> None:
    graph = AndOrGraph.from_game(Nim(6))
    with pytest.raises(GameError, match=r"12 nodes, more than max_nodes=5.*larger max_nodes="):
        draw_andor(graph, max_nodes=5)
    other = AndOrGraph.from_game(Nim(6))
    with pytest.raises(GameError, match="another graph"):
        draw_andor(graph, label(other))
    with pytest.raises(GameError, match="another graph"):
        draw_andor(graph, strategy=winning_strategy(other))


def test_notebook_display_hooks() -> None:
    small = AndOrGraph.from_game(Nim(5))
    svg = small._repr_svg_()
    assert svg is not None and svg.startswith("<svg")
    strategy = winning_strategy(small)
    assert strategy is not None and (strategy._repr_svg_() or "").startswith("<svg")
    assert AndOrGraph.from_game(Nim(150))._repr_svg_() is None  # too big to look at


def _centres(picture: str) -> dict[int, tuple[float, float]]:
    """The centre of every drawn node, by the graph's node number."""
    out = {}
    for e in elements(picture, "node"):
        if e.tag == SVG + "circle":
            x, y = float(e.get("cx", "")), float(e.get("cy", ""))
        else:
            x = float(e.get("x", "")) + float(e.get("width", "")) / 2
            y = float(e.get("y", "")) + float(e.get("height", "")) / 2
        out[int(e.get("data-node", ""))] = (x, y)
    return out


def test_the_matches_game_is_drawn_in_rows_by_count_and_a_column_per_player() -> None:
    graph = AndOrGraph.from_game(Nim(13))
    labels = label(graph)
    centres = _centres(draw_andor(graph, labels))
    xs = {graph.kind(s): set() for s in graph}  # type: dict[str, set[float]]
    for i, state in enumerate(graph.nodes):
        x, y = centres[i]
        if not graph.is_leaf(state):
            xs[graph.kind(state)].add(x)
        # one row per count, 13 at the top, every row the same distance below the last
        assert y == pytest.approx(centres[0][1] + (13 - state.matches) * 74)
    (left,), (right,) = xs[OR], xs[AND]
    assert left < right  # A's squares in the left column, B's circles in the right one
    # on the rows of the multiples of 4 the player to move loses: A's squares are L (A never
    # faces 12, she moves first from 13) and B's circles are W for A
    losses = {s.matches for s in graph if graph.kind(s) == OR and labels[s] is Label.LOSS}
    wins = {s.matches for s in graph if graph.kind(s) == AND and labels[s] is Label.WIN}
    assert losses == {8, 4} and wins == {12, 8, 4}
    assert Nim(13).state(12, 0) not in graph


def test_every_row_of_the_matches_game_starts_with_its_matches_in_bundles_of_four() -> None:
    picture = draw_andor(AndOrGraph.from_game(Nim(9)))
    glyphs = elements(picture, "glyph")
    assert len(glyphs) == 10  # one per count, 9 … 0, not one per position
    words = [t.text for g in glyphs for t in g.iter(SVG + "text")]
    assert words == [str(n) for n in range(9, -1, -1)]


def test_tictactoe_positions_carry_their_boards_and_moves() -> None:
    from gametheory.games.tictactoe import tictactoe_symmetry

    game = TicTacToe()
    graph = AndOrGraph.from_game(game, game.state("XOX/OO./X.."), canonical=tictactoe_symmetry)
    picture = draw_andor(graph, label(graph))
    assert len(elements(picture, "glyph")) == len(graph) + sum(
        len(graph.parents(s)) - 1 for s in graph if graph.is_leaf(s) and len(graph.parents(s)) > 1
    )  # a board beside every node drawn, shared endings drawn under each parent


def test_a_rank_of_your_own_sets_the_rows() -> None:
    graph = AndOrGraph.from_game(Nim(6))

    def rank(state: Any) -> int:  # A's positions on the upper rows, B's below
        return 6 - state.matches + 10 * state.to_move

    centres = _centres(draw_andor(graph, rank=rank))
    for i, a in enumerate(graph.nodes):  # the rows go down as the rank grows
        for j, b in enumerate(graph.nodes):
            assert (centres[i][1] < centres[j][1]) == (rank(a) < rank(b))


# -- the first graph of lesson 05: rows by ply, few crossings, arcs that are seen ------------
def _unit_steps(layout: Any, edges: list[tuple[int, int]]) -> list[tuple[int, Any, Any]]:
    """Every edge of a layered layout cut into straight steps from one row to the next."""
    steps = []
    for a, b in dict.fromkeys(edges):
        top, bottom = layout.row[a], layout.row[b]
        xs = [layout.x[a], *layout.bends.get((a, b), []), layout.x[b]]
        for k in range(bottom - top):
            steps.append((top + k, (xs[k], top + k), (xs[k + 1], top + k + 1)))
    return steps


def _cross(p: Any, q: Any, r: Any, s: Any) -> bool:
    """Whether the segments pq and rs cross at a point inside both (an oracle by geometry)."""

    def turn(a: Any, b: Any, c: Any) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return turn(p, q, r) * turn(p, q, s) < 0 and turn(r, s, p) * turn(r, s, q) < 0


def test_by_ply_the_matches_graph_of_five_crosses_twice_where_barycenters_alone_cross_six(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import networkx as nx

    from gametheory.draw import andor
    from gametheory.draw.layout import layered_layout

    laid: list[tuple[Any, list[tuple[int, int]], dict[int, int]]] = []
    search = andor._fewest_crossings

    def spy(nodes: Any, edges: Any, rows: Any, size: Any) -> Any:
        layout = search(nodes, edges, rows, size)
        laid.append((layout, edges, dict(rows)))
        return layout

    monkeypatch.setattr(andor, "_fewest_crossings", spy)
    graph = AndOrGraph.from_game(Nim(5))
    picture = draw_andor(graph, rank="ply")
    ((layout, edges, rows),) = laid

    def crossings(layout: Any) -> int:
        steps = _unit_steps(layout, edges)
        return sum(
            1
            for i, (r, p, q) in enumerate(steps)
            for (t, u, v) in steps[i + 1 :]
            if r == t and _cross(p, q, u, v)
        )

    assert crossings(layout) == andor._crossings(layout, edges) == 2
    plain = layered_layout(list(layout.x), edges, rows, separation=andor.GAP)
    assert crossings(plain) == 6  # the barycenter sweeps alone, from the moves' own order
    # no drawing does without a crossing: the graph is not planar
    assert not nx.is_planar(nx.Graph((a, b) for a in graph for _, b in graph.moves(a)))
    # every position on the row of the longest line of play to it
    g = nx.DiGraph((a, b) for a in graph for _, b in graph.moves(a))
    longest = {graph.root: 0}
    for a in nx.topological_sort(g):
        for b in g.successors(a):
            longest[b] = max(longest.get(b, 0), longest[a] + 1)
    centres = _centres(picture)
    tops = {longest[s]: centres[i][1] for i, s in enumerate(graph.nodes) if not graph.is_leaf(s)}
    for i, s in enumerate(graph.nodes):
        if not graph.is_leaf(s):
            assert centres[i][1] == tops[longest[s]]
    assert sorted(tops) == [0, 1, 2, 3, 4]
    assert [tops[k] for k in sorted(tops)] == sorted(tops.values())  # going down


def test_a_rank_is_a_function_or_ply() -> None:
    with pytest.raises(GameError, match="rank must be a function of the position or 'ply'"):
        draw_andor(AndOrGraph.from_game(Nim(5)), rank="plies")  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [5, 13])
@pytest.mark.parametrize("rank", [None, "ply"])
def test_every_hyperedge_arc_is_at_least_a_radian_wide(n: int, rank: Any) -> None:
    from gametheory.draw.andor import ARC_SPAN, RADIUS

    graph = AndOrGraph.from_game(Nim(n))
    picture = draw_andor(graph, rank=rank)
    centres = _centres(picture)
    arcs = elements(picture, "hyperedge")
    ands = [
        centres[i]
        for i, s in enumerate(graph.nodes)
        if graph.kind(s) == AND and len({b for _, b in graph.moves(s)}) > 1
    ]  # an arc ties two edges or more
    assert len(arcs) == len(ands) > 0
    for arc in arcs:
        numbers = [float(x) for x in re.findall(r"-?[\d.]+", arc.get("d", ""))]
        (sx, sy, r), (ex, ey) = numbers[:3], numbers[-2:]  # M sx,sy A r,r 0 large 1 ex,ey
        assert r == RADIUS + 7
        assert any(abs(math.dist((sx, sy), c) - r) < 0.2 for c in ands)  # round an AND node
        chord = math.dist((sx, sy), (ex, ey))
        assert chord >= 2 * r * math.sin(ARC_SPAN / 2) - 0.3  # at least ARC_SPAN radians
        assert arc.get("stroke-width") == "2.2"


def test_the_thesis_palette_paints_black_grey_and_white_and_keeps_the_letters() -> None:
    from gametheory.draw.andor import THESIS_FILL

    graph = AndOrGraph.from_game(tree([[[1, 0], [-1, 1]], [[0, -1], [1, 1]]]))
    labels = label(graph)
    picture = draw_andor(graph, labels, palette="thesis", names=lambda s: "")  # letters only
    assert {THESIS_FILL[lab] for lab in Label} == {"#000000", "#9a9a9a", "#ffffff"}
    for lab in Label:
        inner = [
            e for e in elements(picture, lab.value) if "node" in (e.get("class") or "").split()
        ]
        assert inner and all(e.get("fill") == THESIS_FILL[lab] for e in inner)
    letters = [t.text for t in ET.fromstring(picture).iter(SVG + "text") if t.text in "WDL"]
    inner = [labels[s].value[0] for s in graph if not graph.is_leaf(s)]
    assert sorted(letters) == sorted([*inner, "W", "D", "L"])  # each node's, and the legend's
    assert draw_andor(graph, labels) != picture  # the package's own fills by default
    with pytest.raises(GameError, match="palette must be 'package' or 'thesis', got 'slovak'"):
        draw_andor(graph, labels, palette="slovak")  # type: ignore[arg-type]


@pytest.mark.parametrize("matches", [4, 5, 6])
def test_a_move_label_keeps_off_the_cards(matches: int) -> None:
    """Issue 37: in lesson 05's first graph an edge's "2" stood beside a "+1" card, so which
    edge it labelled was unclear. Every label keeps at least 10 px from every card."""
    from gametheory.draw.labels import text_box

    s = str(draw_andor(AndOrGraph.from_game(Nim(matches)), rank="ply"))
    number = r"([\d.]+)"
    cards = re.findall(
        rf'<rect x="{number}" y="{number}" width="{number}" height="{number}"[^>]*'
        r'class="node leaf"',
        s,
    )
    labels = re.findall(
        rf'<text x="{number}" y="{number}" font-size="10.0" fill="#555555" '
        r'text-anchor="(\w+)">([^<]*)</text>',
        s,
    )
    assert cards and labels
    for x, y, anchor, text in labels:
        box = text_box(float(x), float(y), text, 10.0, anchor)
        for cx, cy, w, h in (tuple(map(float, card)) for card in cards):
            apart = max(cx - box.x1, box.x0 - (cx + w), cy - box.y1, box.y0 - (cy + h))
            assert apart >= 10, (text, x, y, cx, cy)
