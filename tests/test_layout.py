"""The tidy tree layout: rows, order, centring, separation, and no recursion limits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.draw.layout import tidy_layout
from gametheory.trees import GameTree, random_tree
from tests.strategies import trees


def _kids(t: GameTree):  # type: ignore[no-untyped-def]
    return lambda path: [child.path for child in t.node(path).children]


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
