"""The tidy tree layout: rows, order, centring, separation, and no recursion limits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.draw.layout import layered_layout, path_children, tidy_layout
from gametheory.trees import GameTree, random_tree
from tests.strategies import trees


def _kids(t: GameTree):  # type: ignore[no-untyped-def]
    return lambda path: [child.path for child in t.node(path).children]


@given(trees(max_leaves=40), st.data())
def test_the_paths_a_trace_names_spell_the_tree_they_come_from(
    t: GameTree, data: st.DataObject
) -> None:
    # a search names some nodes (by path); the picture needs them, their ancestors, in order
    named = data.draw(st.lists(st.sampled_from([node.path for node in t]), max_size=12))
    kids = path_children(named)
    ancestors = {path[:k] for path in named for k in range(len(path) + 1)} | {()}
    assert set(kids) == ancestors
    for path, children in kids.items():
        expected = [child.path for child in t.node(path).children if child.path in ancestors]
        assert children == expected  # in move order, as the tree has them
    assert set(tidy_layout((), lambda p: kids[p])) == ancestors


@given(trees(max_leaves=60), st.sampled_from([1.0, 0.5, 2.5]))
def test_layout_is_tidy(t: GameTree, separation: float) -> None:
    pos = tidy_layout((), _kids(t), separation=separation)
    assert set(pos) == {node.path for node in t}
    assert min(x for x, _ in pos.values()) == 0
    rows: dict[int, list[tuple[float, tuple[int, ...]]]] = {}
    for node in t:
        x, depth = pos[node.path]
        assert depth == node.depth
        rows.setdefault(depth, []).append((x, node.path))
        if node.children:
            first, last = pos[node.children[0].path][0], pos[node.children[-1].path][0]
            assert x == pytest.approx((first + last) / 2)  # centred over its children
    for row in rows.values():
        # left to right in the order of the paths, i.e. children in move order and subtrees
        # never interleaved, and no two nodes on a row closer than the separation
        row.sort(key=lambda item: item[1])
        xs = [x for x, _ in row]
        assert all(b - a >= separation - 1e-9 for a, b in zip(xs, xs[1:], strict=False))


def test_identical_subtrees_look_the_same() -> None:
    t = random_tree(2, 3, seed=3)
    spec = [[t.spec()[0], [1, 2]], [[5, 5], t.spec()[0]]]
    from gametheory.trees import tree

    u = tree(spec)
    pos = tidy_layout((), _kids(u))

    def shape(root: tuple[int, ...]) -> list[tuple[float, int]]:
        x0 = pos[root][0]
        return sorted((pos[p][0] - x0, pos[p][1]) for p in pos if p[: len(root)] == root)

    assert shape((0, 0)) == shape((1, 1))


def test_a_chain_of_thousands_of_plies_lays_out_without_recursion() -> None:
    pos = tidy_layout(0, lambda n: [n + 1] if n < 5000 else [])
    assert pos[5000] == (0.0, 5000) and len(pos) == 5001


def test_textbook_tree_places() -> None:
    t = random_tree(3, 2, seed=0)
    pos = tidy_layout((), _kids(t))
    assert [pos[(i, j)][0] for i in range(3) for j in range(3)] == list(map(float, range(9)))
    assert [pos[(i,)][0] for i in range(3)] == [1.0, 4.0, 7.0] and pos[()][0] == 4.0


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="separation must be a positive"):
        tidy_layout(0, lambda n: [], separation=0)
    with pytest.raises(ValueError, match="reached twice"):
        tidy_layout("a", lambda n: ["b", "c"] if n == "a" else (["c"] if n == "b" else []))


# -- the layered layout of graphs ----------------------------------------------------------
@st.composite
def layered_graphs(draw: st.DrawFn) -> tuple[list[int], list[tuple[int, int]], dict[int, int]]:
    """Random graphs with ranks: edges mostly down the rows, some up (cycles), some flat."""
    n = draw(st.integers(1, 18))
    rank = {i: draw(st.integers(0, 5)) for i in range(n)}
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    edges = draw(st.lists(pairs, max_size=3 * n))
    return list(range(n)), edges, rank


@given(layered_graphs(), st.sampled_from([1.0, 0.5, 3.0]))
def test_layered_layout_keeps_rows_order_and_room(
    graph: tuple[list[int], list[tuple[int, int]], dict[int, int]], separation: float
) -> None:
    nodes, edges, rank = graph
    size = {v: (v % 3) * 0.5 for v in nodes}
    layout = layered_layout(nodes, edges, rank, size=size.__getitem__, separation=separation)
    # rows keep the order of the ranks, numbered from 0 without gaps
    used = sorted(set(rank.values()))
    assert {v: used[layout.row[v]] for v in nodes} == rank
    bends = [x for xs in layout.bends.values() for x in xs]
    assert min([*layout.x.values(), *bends]) == pytest.approx(0)  # the leftmost at 0
    rows: dict[int, list[int]] = {}
    for v in nodes:
        rows.setdefault(layout.row[v], []).append(v)
    for row in rows.values():  # two nodes of a row never closer than their sizes and the room
        row.sort(key=layout.x.__getitem__)
        for a, b in zip(row, row[1:], strict=False):
            assert layout.x[b] - layout.x[a] >= (size[a] + size[b]) / 2 + separation - 1e-6
    for u, v in set(edges):
        if u == v:
            continue
        up = layout.row[v] <= layout.row[u]
        assert ((u, v) in layout.back) == up
        span = abs(layout.row[v] - layout.row[u])
        assert len(layout.bends.get((u, v), [])) == max(0, span - 1)


def test_barycenters_untangle_a_crossing() -> None:
    # depth-first order puts C's child before B's: the barycenter sweep swaps them back
    edges = [("A", "B"), ("A", "C"), ("B", "E"), ("C", "D"), ("B", "X"), ("C", "X")]
    rank = {"A": 0, "B": 1, "C": 1, "D": 2, "E": 2, "X": 2}
    layout = layered_layout(["A", "C", "B", "D", "E", "X"], edges, rank)
    x = layout.x
    crossings = [
        (p, q)
        for p in edges
        for q in edges
        if rank[p[0]] == rank[q[0]] == 1 and (x[p[0]] - x[q[0]]) * (x[p[1]] - x[q[1]]) < 0
    ]
    assert crossings == []


def test_a_long_edge_bends_between_the_nodes_of_the_rows_it_crosses() -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("A", "D"), ("A", "E"), ("E", "F")]
    rank = {"A": 0, "B": 1, "E": 1, "C": 2, "F": 2, "D": 3}
    layout = layered_layout("ABCDEF", edges, rank)
    bends = layout.bends["A", "D"]
    assert len(bends) == 2
    for row, bend in zip((1, 2), bends, strict=True):  # the bend keeps clear of the row's nodes
        assert all(abs(layout.x[v] - bend) >= 0.5 - 1e-9 for v in "ABCDEF" if layout.row[v] == row)


def test_layered_layout_names_bad_input() -> None:
    with pytest.raises(ValueError, match="has no rank"):
        layered_layout("AB", [("A", "B")], {"A": 0})
    with pytest.raises(ValueError, match="not in nodes"):
        layered_layout("AB", [("A", "Z")], {"A": 0, "B": 1})
    with pytest.raises(ValueError, match="separation"):
        layered_layout("AB", [], {"A": 0, "B": 1}, separation=0)
