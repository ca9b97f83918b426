"""The label placer: the spots it picks, and how much work a wide fan costs (issue 28)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.draw import labels
from gametheory.draw.labels import Box, Placer, Segment
from gametheory.draw.tree import draw_tree
from gametheory.trees import random_tree


class EveryLine(Placer):
    """The placer's cost, read off its definition: every reserved box and every line, no
    grid, no early stop."""

    def _cost(self, box: Box, base: float, own: list[Segment], bound: float) -> float:
        mine = min(box.distance(a, b) for a, b in own)
        covered = sum(box.overlaps(other) for other in self.boxes)
        crossed = sum(box.crosses(a, b) for a, b in self.lines)
        near = sum((a, b) not in own and box.distance(a, b) < mine + 4 for a, b in self.lines)
        if crossed + 0.6 * near >= self.CROWDED:
            return base + 1000.0 * covered + self.CROWDED
        return base + 1000.0 * covered + crossed + 0.6 * near


points = st.tuples(st.floats(0, 400), st.floats(0, 300))
routes = st.lists(points, min_size=2, max_size=3)
boxes = st.tuples(points, st.floats(1, 40), st.floats(1, 20)).map(
    lambda t: Box(t[0][0], t[0][1], t[0][0] + t[1], t[0][1] + t[2])
)


@settings(max_examples=60, deadline=None)
@given(
    blocks=st.lists(boxes, max_size=6),
    edges=st.lists(routes, min_size=1, max_size=25),
    labelled=st.lists(st.integers(0, 24), min_size=1, max_size=8),
)
def test_the_grid_and_the_early_stops_pick_the_spots_every_line_would(
    blocks: list[Box], edges: list[list[tuple[float, float]]], labelled: list[int]
) -> None:
    fast, slow = Placer(), EveryLine()
    for placer in (fast, slow):
        for box in blocks:
            placer.block(box)
        for route in edges:
            placer.line(route)
    for k in labelled:
        route = edges[k % len(edges)]
        assert fast.place(route, f"a{k}", 10) == slow.place(route, f"a{k}", 10)


def test_a_long_slanting_edge_is_filed_only_in_the_cells_it_passes_through() -> None:
    placer = Placer()
    c = placer.CELL
    a, b = (0.0, 0.0), (20 * c, 2 * c)  # 20 cells across, 2 down
    placer.line([a, b])
    cells = set(placer._line_cells)
    assert len(cells) <= 23  # the rectangle around it has 21 × 3 = 63
    for i, j in cells:  # each filed cell is one the segment meets
        assert Box(i * c, j * c, (i + 1) * c, (j + 1) * c).grown(1e-9).crosses(a, b)
    for k in range(200):  # and every cell it meets is filed
        x, y = b[0] * k / 200, b[1] * k / 200
        assert (math.floor(x / c), math.floor(y / c)) in cells


def test_a_label_in_a_crowd_of_edges_costs_at_most_crowded() -> None:
    placer = EveryLine()
    fan = [[(200.0, 0.0), (float(x), 100.0)] for x in range(0, 400, 4)]
    for route in fan:
        placer.line(route)
    box = labels.text_box(200, 20, "a1", 10, "start")
    assert placer._cost(box, 0.5, [(fan[0][0], fan[0][1])], math.inf) == 0.5 + placer.CROWDED


@pytest.fixture
def box_tests() -> Iterator[Counter[str]]:
    """Count the placer's tests of a box against boxes and lines."""
    counts: Counter[str] = Counter()
    saved = {name: getattr(Box, name) for name in ("overlaps", "crosses", "distance")}

    def counted(name: str):  # type: ignore[no-untyped-def]
        def run(self: Box, *args):  # type: ignore[no-untyped-def]
            counts[name] += 1
            return saved[name](self, *args)

        return run

    for name in saved:
        setattr(Box, name, counted(name))
    yield counts
    for name, test in saved.items():
        setattr(Box, name, test)


def test_the_labels_of_a_wide_fan_cost_near_linear_work(box_tests: Counter[str]) -> None:
    work = {}
    for n in (100, 200):
        box_tests.clear()
        draw_tree(random_tree(n, 1, seed=1))
        work[n] = sum(box_tests.values())
    # before issue 28: 1,366,690 and 4,999,714 (x 3.66); now 231,556 and 571,903 (x 2.47)
    assert work[200] < 2.8 * work[100]
    assert work[200] < 4000 * 200
