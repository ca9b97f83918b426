"""Pictures of networkx graphs: every edge drawn once and told apart, options that reach the
picture, errors that name the bad input, and nothing left on pyplot."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.draw import draw_graph, draw_graphs, tree_layout
from gametheory.draw.graphs import FADED, NODE_FILL, PALETTE, TABLEAU

SVG = "{http://www.w3.org/2000/svg}"


def groups(picture: str) -> dict[str, ET.Element]:
    """Every named group of the SVG, by id."""
    root = ET.fromstring(picture.encode())
    return {g.get("id", ""): g for g in root.iter(f"{SVG}g")}


def edge_groups(picture: str) -> dict[str, ET.Element]:
    return {k: g for k, g in groups(picture).items() if k.startswith("edge-")}


def styles(group: ET.Element) -> list[str]:
    return [p.get("style", "") for p in group.iter() if p.tag in (f"{SVG}path", f"{SVG}use")]


def stroke(group: ET.Element) -> str:
    return re.search(r"stroke: (#[0-9a-f]{6})", styles(group)[0]).group(1)  # type: ignore[union-attr]


def vertex_fills(picture: str) -> list[str]:
    return [c.get("fill", "") for c in groups(picture)["vertices"].iter(f"{SVG}circle")]


def centres(group: ET.Element) -> list[tuple[float, float]]:
    return [
        (float(c.get("cx", "nan")), float(c.get("cy", "nan"))) for c in group.iter(f"{SVG}circle")
    ]


def texts(picture: str) -> list[str]:
    root = ET.fromstring(picture.encode())
    return [t.text or "" for t in root.iter(f"{SVG}text")]


@st.composite
def multigraphs(draw: st.DrawFn) -> Any:
    """Small graphs of every networkx kind, with loops, parallel and opposite edges."""
    n = draw(st.integers(1, 5))
    kind = draw(st.sampled_from([nx.Graph, nx.DiGraph, nx.MultiGraph, nx.MultiDiGraph]))
    g = kind()
    g.add_nodes_from(range(n))
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    for u, v in draw(st.lists(pairs, max_size=9)):
        g.add_edge(u, v)
    return g


CIRCLE = {i: (i % 3, i // 3) for i in range(5)}


@given(multigraphs())
def test_every_edge_is_drawn_once_and_parallel_edges_apart(g: Any) -> None:
    picture = draw_graph(g, CIRCLE)
    drawn = edge_groups(picture)
    assert len(drawn) == g.number_of_edges()
    shapes: dict[frozenset[Any], list[str]] = {}
    for e in g.edges(keys=True) if g.is_multigraph() else g.edges:
        group = drawn["edge-" + "-".join(map(str, e))]
        if e[0] != e[1]:
            shapes.setdefault(frozenset(e[:2]), []).append(group.find(f"{SVG}path").get("d"))  # type: ignore[union-attr]
        # an arrow, a loop's too, has its head (a second path) in its own group; an
        # undirected edge has none
        assert len(styles(group)) == (2 if g.is_directed() else 1)
    for between in shapes.values():
        assert len(set(between)) == len(between), "two edges between the same vertices overlap"


def test_a_mixed_graph_draws_its_undirected_edges_without_a_head() -> None:
    mixed = nx.MultiDiGraph()
    mixed.add_edge(1, 2, directed=False)
    mixed.add_edge(2, 3)
    mixed.add_edge(3, 3, directed=False)
    mixed.add_edge(2, 2)
    drawn = edge_groups(draw_graph(mixed))
    assert len(styles(drawn["edge-1-2-0"])) == 1
    assert len(styles(drawn["edge-2-3-0"])) == 2
    assert len(styles(drawn["edge-3-3-0"])) == 1  # an undirected loop: no head
    assert len(styles(drawn["edge-2-2-0"])) == 2  # a directed one: a head


def test_highlight_is_bold_and_the_rest_fades() -> None:
    g = nx.cycle_graph(4)
    picture = draw_graph(g, highlight=[(1, 0), (2, 1)], highlight_colour="#123456")
    drawn = edge_groups(picture)
    assert set(drawn) == {"edge-0-1-bold", "edge-1-2-bold", "edge-2-3", "edge-0-3"}
    assert (
        stroke(drawn["edge-0-1-bold"]) == "#123456"
        and "stroke-width: 3" in styles(drawn["edge-0-1-bold"])[0]
    )
    assert stroke(drawn["edge-2-3"]) == FADED


def test_a_directed_edge_is_not_named_backwards() -> None:
    with pytest.raises(ValueError, match=r"highlight names \(2, 1\), which is not an edge"):
        draw_graph(nx.DiGraph([(1, 2)]), highlight=[(2, 1)])


def test_colourings_fill_vertices_and_colour_edges() -> None:
    g = nx.path_graph(3)
    picture = draw_graph(g, node_colour={0: 0, 1: 1, 2: "#202020"}, edge_colour={(0, 1): 2})
    assert vertex_fills(picture) == [PALETTE[0], PALETTE[1], "#202020"]
    assert stroke(edge_groups(picture)["edge-0-1"]) == PALETTE[2]
    assert vertex_fills(draw_graph(g, node_colour="#ffffff")) == ["#ffffff"] * 3


def test_faces_are_filled_under_the_edges_and_named_in_words() -> None:
    square = nx.cycle_graph(4)
    where: dict[Any, tuple[float, float]] = {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (0, 1)}
    picture = draw_graphs(
        [square, nx.path_graph(2)],
        [where, None],
        faces={"in": ((0, 1, 2, 3), 2), "out": ((), "gold")},
    )
    root = ET.fromstring(picture)
    first = root.find(f"{SVG}g")
    assert first is not None
    shapes = [child.tag.split("}")[1] for child in first]
    assert shapes[:2] == ["rect", "polygon"] and shapes.index("polygon") < shapes.index("g")
    assert [first[0].get("fill"), first[1].get("fill")] == ["gold", PALETTE[2]]
    assert len(first[1].get("points", "").split()) == 4
    assert "2 faces: in round 0, 1, 2, 3; out outside." in picture  # in the first panel's words
    with pytest.raises(GameError, match=r"'x' has corners \[0, 9\]"):
        draw_graphs([square], [where], faces={"x": ((0, 9), 1)})


def test_colour_names_are_read_without_matplotlib_as_matplotlib_reads_them() -> None:
    g = nx.path_graph(3)
    picture = draw_graph(
        g, node_colour={0: "tab:green", 1: "gold"}, edge_colour={(0, 1): "tab:blue"}
    )
    assert vertex_fills(picture) == ["#2ca02c", "gold", NODE_FILL]
    assert stroke(edge_groups(picture)["edge-0-1"]) == "#1f77b4"
    colors = pytest.importorskip("matplotlib.colors")  # the oracle, where it is installed
    assert {name: colors.to_hex(name) for name in colors.TABLEAU_COLORS} == TABLEAU


def test_edge_labels_and_vertex_labels_are_written() -> None:
    g = nx.MultiGraph()
    g.add_edge("A", "B", name="b")
    g.add_edge("A", "B", name="c")
    g.add_edge("A", "A", name="a")
    words = texts(draw_graph(g, edge_labels="name", labels={"A": "one"}))
    assert {"a", "b", "c", "one", "B"} <= set(words)
    assert "x" in texts(draw_graph(g, edge_labels={("B", "A", 1): "x"}))


def test_panels_side_by_side_share_options() -> None:
    a, b = nx.path_graph(3), nx.cycle_graph(3)
    picture = draw_graphs([a, b], titles=["path", "cycle"], highlight=[(0, 1)])
    assert {"path", "cycle"} <= set(texts(picture))
    drawn = edge_groups(picture)
    assert len(drawn) == 2 + 3  # every edge of both panels, each with an id of its own
    assert sorted(k for k in drawn if "-bold" in k) == [
        "edge-0-1-bold-panel0",
        "edge-0-1-bold-panel1",
    ]


def test_the_same_picture_every_time_and_nothing_on_pyplot() -> None:
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    g = nx.petersen_graph()
    assert draw_graph(g) == draw_graph(g)
    assert plt.get_fignums() == before


def test_an_isolated_vertex_gets_a_place_of_its_own() -> None:
    g = nx.Graph([(1, 2), (2, 3)])
    g.add_nodes_from([4, 5])
    picture = draw_graph(g)
    assert len(set(centres(groups(picture)["vertices"]))) == 5


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: draw_graph(nx.path_graph(3), {0: (0, 0)}), r"no place for the vertices \[1, 2\]"),
        (lambda: draw_graph(nx.path_graph(2), node_colour={7: 0}), r"node_colour names \['7'\]"),
        (lambda: draw_graph(nx.path_graph(2), node_colour={0: 10}), "outside the palette"),
        (lambda: draw_graph(nx.path_graph(2), node_colour="C0"), "'C0' is not a colour"),
        (lambda: draw_graph(nx.path_graph(2), edge_labels={(0, 5): "x"}), r"\(0, 5\)"),
        (lambda: draw_graph(nx.path_graph(2), highlight=[(0,)]), r"is \(u, v\) or \(u, v, key\)"),
        (lambda: draw_graphs([]), "at least one graph"),
        (lambda: draw_graphs([nx.path_graph(2)], [None, None]), "2 layouts for 1 graphs"),
    ],
)
def test_bad_input_is_named(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


@st.composite
def arborescences(draw: st.DrawFn) -> Any:
    """Random rooted trees: each new vertex hangs below an earlier one."""
    n = draw(st.integers(1, 25))
    t = nx.DiGraph()
    t.add_node(0)
    for v in range(1, n):
        t.add_edge(draw(st.integers(0, v - 1)), v)
    return t


@given(arborescences())
def test_tree_layout_rows_by_depth_parents_over_their_children(t: Any) -> None:
    pos = tree_layout(t)
    depth = nx.shortest_path_length(t, 0)
    assert all(pos[v][1] == -depth[v] for v in t)
    for v in t:
        kids = list(t.successors(v))
        if kids:
            assert pos[v][0] == pytest.approx((pos[kids[0]][0] + pos[kids[-1]][0]) / 2)
    rows: dict[float, list[float]] = {}
    for x, y in pos.values():
        rows.setdefault(y, []).append(x)
    assert all(
        min(b - a for a, b in zip(sorted(r), sorted(r)[1:], strict=False)) >= 1 - 1e-9
        for r in rows.values()
        if len(r) > 1
    )


def test_tree_layout_of_an_undirected_tree_and_its_errors() -> None:
    path = nx.path_graph(3)
    assert tree_layout(path, root=1) == {1: (0.5, 0), 0: (0.0, -1), 2: (1.0, -1)}
    with pytest.raises(ValueError, match="give the root"):
        tree_layout(path)
    with pytest.raises(ValueError, match="needs a tree"):
        tree_layout(nx.cycle_graph(3), root=0)
    with pytest.raises(ValueError, match="point away from one root"):
        tree_layout(nx.DiGraph([(1, 2), (3, 2)]))
    with pytest.raises(ValueError, match="has an edge into it"):
        tree_layout(nx.DiGraph([(1, 2)]), root=2)


def test_a_tree_is_drawn_as_a_tree_by_default() -> None:
    t = nx.DiGraph([("r", "a"), ("r", "b")])
    rows = {y for _, y in centres(groups(draw_graph(t))["vertices"])}
    assert len(rows) == 2  # the root on one row, both children on the next


def test_the_same_bytes_whatever_the_hash_seed() -> None:
    # string hashing changes from one Python process to the next; the picture must not
    import subprocess
    import sys

    script = (
        "import networkx as nx\n"
        "from gametheory.draw import draw_graph\n"
        "g = nx.MultiGraph([('A', 'B'), ('A', 'B'), ('B', 'C'), ('C', 'C')])\n"
        "print(draw_graph(g, edge_labels={('A', 'B'): 'x', ('B', 'C'): 'y'},"
        " highlight=[('C', 'B')], node_colour={'A': 1}))\n"
    )
    pictures = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={"PYTHONHASHSEED": seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(pictures) == 1 and next(iter(pictures)).startswith("<svg")


def test_panels_that_share_a_layout_line_up() -> None:
    triangle = {1: (0, 0), 2: (1, 0), 3: (0.5, 0.8)}
    picture = draw_graphs([nx.Graph([(1, 2), (2, 3)]), nx.MultiGraph([(1, 1), (1, 2)])], triangle)
    rows = [[y for _, y in centres(groups(picture)[f"vertices-panel{i}"])] for i in range(2)]
    # vertex 1 and 2 sit on the same row in both panels, though the second lacks vertex 3
    assert rows[0][:2] == pytest.approx(rows[1][:2])


def placed_texts(picture: str) -> dict[str, tuple[float, float, float]]:
    """Every text of the SVG: ``{text: (x, baseline y, font size)}`` (y grows downwards),
    on the page: a panel's texts moved by its group's ``translate``."""
    root = ET.fromstring(picture.encode())
    found = {}

    def visit(element: ET.Element, dx: float, dy: float) -> None:
        moved = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
        if moved:
            dx, dy = dx + float(moved[1]), dy + float(moved[2])
        if element.tag == f"{SVG}text":
            size = element.get("font-size")
            assert size is not None, "every text of the package's pictures has a font size"
            x, y = float(element.get("x", "nan")) + dx, float(element.get("y", "nan")) + dy
            found[element.text or ""] = (x, y, float(size))
        for child in element:
            visit(child, dx, dy)

    visit(root, 0.0, 0.0)
    return found


def test_a_loop_and_its_label_stay_below_the_title() -> None:
    # the thesis' figure 4: the loop E sits on the top row, right under the panel's title
    g = nx.MultiDiGraph()
    for name, u, v in [
        ("E", 1, 1),
        ("a", 1, 2),
        ("b", 2, 1),
        ("c", 2, 3),
        ("d", 2, 3),
        ("f", 2, 4),
    ]:
        g.add_edge(u, v, name=name)
    picture = draw_graph(
        g,
        {1: (0, 1), 2: (2, 1), 3: (4, 1), 4: (2, 0)},
        title="figure 4: a directed graph",
        edge_labels="name",
        size=(3.6, 2.6),
        node_size=380,
        font_size=10,
    )
    at = placed_texts(picture)
    _, title_baseline, title_size = at["figure 4: a directed graph"]
    _, label_baseline, label_size = at["E"]
    # a capital's top is some 0.73 of the font size above its baseline, a descender 0.24 below
    assert label_baseline - 0.75 * label_size > title_baseline + 0.25 * title_size


def test_two_labelled_loops_at_one_vertex_keep_their_labels_apart() -> None:
    g = nx.MultiGraph()
    g.add_edge(1, 1, name="x")
    g.add_edge(1, 1, name="y")
    g.add_edge(1, 2, name="z")
    at = placed_texts(draw_graph(g, {1: (0, 1), 2: (1, 0)}, edge_labels="name"))
    (_, y1, size), (_, y2, _) = at["x"], at["y"]
    assert abs(y1 - y2) >= 1.2 * size  # one line of text between the two baselines at least


def test_many_parallel_edges_each_bend_their_own_way() -> None:
    g = nx.MultiGraph()
    g.add_edges_from([(0, 1)] * 9)  # more than the bends once listed (7): they repeated
    drawn = edge_groups(draw_graph(g, CIRCLE))
    shapes = [drawn[f"edge-0-1-{k}"].find(f"{SVG}path").get("d") for k in range(9)]  # type: ignore[union-attr]
    assert len(set(shapes)) == 9


def test_a_graph_picture_is_an_image_that_says_its_vertices_and_edges() -> None:
    import xml.etree.ElementTree as ET

    svg = "{http://www.w3.org/2000/svg}"
    roads = nx.Graph()
    roads.add_weighted_edges_from([("A", "B", 2), ("B", "C", 1), ("A", "C", 3)])
    picture = draw_graph(roads, edge_labels="weight", highlight=[("B", "C")], title="roads")
    root = ET.fromstring(picture)
    assert root.get("role") == "img" and root.findtext(svg + "title") == "roads"
    assert root.findtext(svg + "desc") == (
        "3 vertices: A, B, C; 3 edges: A – B (2), A – C (3), B – C (1); drawn bold: B – C (1)."
    )
    two = draw_graphs([nx.DiGraph([(1, 2)]), nx.Graph([(1, 2)])], titles=["", "plain"])
    root = ET.fromstring(two)
    assert root.findtext(svg + "title") == "2 graphs side by side: plain"
    assert root.findtext(svg + "desc") == (
        "graph 1: 2 vertices: 1, 2; 1 edge: 1 → 2. plain: 2 vertices: 1, 2; 1 edge: 1 – 2."
    )
