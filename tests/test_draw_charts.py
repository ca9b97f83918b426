"""The pure-SVG charts (draw.charts): their data in words, their geometry, their errors."""

from __future__ import annotations

import html
import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.draw.charts import (
    Chart,
    Points,
    Series,
    bar_chart,
    interval_bars,
    letter_grid,
    line_chart,
    point_chart,
    side_by_side,
)

NS = {"s": "http://www.w3.org/2000/svg"}


def desc(picture: str) -> str:
    return ET.fromstring(picture).find("s:desc", NS).text or ""  # type: ignore[union-attr]


def test_a_bar_chart_states_every_bar_and_draws_one_rect_per_bar() -> None:
    picture = bar_chart([1, 2, 3, 4, 5], [1, 1, 1, -1, 1], xlabel="matches", ylabel="value")
    root = ET.fromstring(picture)
    assert root.get("role") == "img"
    assert desc(picture) == "Bar chart of value by matches: 1 → 1, 2 → 1, 3 → 1, 4 → −1, 5 → 1."
    bars = root.findall("s:rect", NS)[2:]  # the background, the frame, then the bars
    assert len(bars) == 5
    # the losing bar hangs below the zero line, the others stand on it: same height, other side
    tops = [float(b.get("y", 0)) for b in bars]
    assert tops[3] > tops[0] == tops[1] == tops[2] == tops[4]
    heights = {round(float(b.get("height", 0)), 1) for b in bars}
    assert len(heights) == 1
    # each bar's value is written by it (colour is not the only carrier)
    words = [html.unescape(t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert words.count("−1") >= 1 and words.count("1") >= 4


def test_a_line_chart_tells_its_series_apart_without_colour() -> None:
    walk = Series("WALK", [0, 1, 2, 3], [-1, 0, 0.5, 1])
    roll = Series("ROLL", [0, 1, 2, 3], [-1, 0.25, 0.5, 0.75])
    picture = line_chart([walk, roll], marker_line=(2, "B"), xlabel="square", ylabel="result")
    root = ET.fromstring(picture)
    lines = root.findall(".//s:polyline", NS)
    assert len(lines) == 2
    assert lines[0].get("stroke-dasharray") != lines[1].get("stroke-dasharray")
    # different marker shapes: circles for the first series, squares for the second
    assert len(root.findall(".//s:circle", NS)) == 4 + 1  # four points and the legend's
    text = desc(picture)
    assert "WALK: 0 → −1, 1 → 0, 2 → 0.5, 3 → 1." in text
    assert "ROLL: 0 → −1, 1 → 0.25, 2 → 0.5, 3 → 0.75." in text
    assert "B at x = 2." in text
    legend = root.find(".//s:g[@class='legend']", NS)
    assert legend is not None
    assert [t.text for t in legend.iter("{http://www.w3.org/2000/svg}text")] == [
        "WALK",
        "ROLL",
        "B",
    ]


@given(st.lists(st.tuples(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6)), min_size=1, max_size=60))
def test_every_drawn_point_lies_inside_the_frame(points: list[tuple[float, float]]) -> None:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    root = ET.fromstring(line_chart([Series("s", xs, ys)]))
    frame = root.findall(".//s:rect", NS)[1]
    x0, y0 = float(frame.get("x", 0)), float(frame.get("y", 0))
    x1, y1 = x0 + float(frame.get("width", 0)), y0 + float(frame.get("height", 0))
    line = root.find(".//s:polyline", NS)
    assert line is not None
    for pair in (line.get("points") or "").split():
        x, y = map(float, pair.split(","))
        assert x0 - 0.1 <= x <= x1 + 0.1 and y0 - 0.1 <= y <= y1 + 0.1


def test_a_long_series_is_thinned_but_keeps_its_ends_and_nine_markers() -> None:
    xs = list(range(1, 3001))
    picture = line_chart([Series("share", xs, [i / 3000 for i in xs])], log_x=True)
    points = ET.fromstring(picture).find(".//s:polyline", NS).get("points").split()  # type: ignore[union-attr]
    assert len(points) < 1000
    assert "share: 3000 points from x = 1 to 3000; it starts at 0.000333 and ends at 1" in desc(
        picture
    )
    assert len(ET.fromstring(picture).findall(".//s:circle", NS)) == 9 + 1  # and the legend's


def test_a_step_series_holds_each_value_until_the_next_point() -> None:
    picture = line_chart([Series("move", [1, 2, 3], [4, 2, 2], step=True)])
    pairs = ET.fromstring(picture).find(".//s:polyline", NS).get("points").split()  # type: ignore[union-attr]
    coords = [tuple(map(float, p.split(","))) for p in pairs]
    # 1 → 4 held to x = 2, then down to 2: a vertical drop at x = 2
    assert coords[1][1] == coords[0][1] and coords[1][0] == coords[2][0]


def test_side_by_side_panels_sit_next_to_each_other() -> None:
    a = Chart([Series("a", [1, 2], [1, 2])], width=300)
    b = Chart([Series("b", [1, 2], [2, 1])], width=400)
    picture = side_by_side([a, b], title="both")
    root = ET.fromstring(picture)
    assert root.get("viewBox", "").split()[2] == "700"
    moves = re.findall(r"translate\(([\d.]+),", picture)
    assert moves == ["0.0", "300.0"]
    assert root.find("s:title", NS).text == "both"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("draw", "words"),
    [
        (lambda: bar_chart([1, 2], [1]), "2 categories and 1 values"),
        (lambda: bar_chart([], []), "at least one"),
        (lambda: line_chart([Series("s", [1, 2], [1])]), "Series 's': 2 x values but 1 y values"),
        (lambda: line_chart([Series("s", [], [])]), "has no points"),
        (lambda: line_chart([Series("s", [0, 1], [1, 2])], log_x=True), "log_x needs x values"),
        (lambda: line_chart([Series("s", [1], [1])], y_limits=(1, 0)), "y_limits"),
        (lambda: line_chart([]), "at least one Series"),
        (lambda: side_by_side([]), "at least one Chart"),
        (
            lambda: line_chart([Series("s", [1, 2], [1, 2], intervals=[(0, 1)])]),
            "2 points but 1 intervals",
        ),
        (lambda: interval_bars(["a"], [1, 2], [(0, 1)]), "1 labels, 2 values and 1 intervals"),
        (lambda: letter_grid(["ab", "a"], {"a": "x", "b": "y"}), "rows of lengths [1, 2]"),
        (lambda: letter_grid(["ab"], {"a": "x"}), "meanings for ['a']"),
    ],
)
def test_bad_input_is_named(draw: object, words: str) -> None:
    with pytest.raises(GameError, match=re.escape(words)):
        draw()  # type: ignore[operator]


def test_a_lifted_series_is_drawn_higher_but_stated_as_it_is() -> None:
    flat = Series("flat", [1, 2], [2, 2])
    lifted = Series("lifted", [1, 2], [2, 2], lift=0.5)
    picture = line_chart([flat, lifted], y_limits=(0, 4))
    lines = ET.fromstring(picture).findall(".//s:polyline", NS)
    y_flat, y_lifted = (float((ln.get("points") or "").split()[0].split(",")[1]) for ln in lines)
    assert y_lifted < y_flat  # higher on the page
    assert "lifted: 1 → 2, 2 → 2." in desc(picture)


def test_on_a_log_y_scale_equal_ratios_are_equal_steps() -> None:
    picture = line_chart([Series("powers", [0, 1, 2, 3], [1, 10, 100, 1000])], log_y=True)
    pairs = ET.fromstring(picture).find(".//s:polyline", NS).get("points").split()  # type: ignore[union-attr]
    ys = [float(p.split(",")[1]) for p in pairs]
    steps = {round(a - b, 0) for a, b in itertools.pairwise(ys)}
    assert len(steps) == 1 and steps.pop() > 0  # each power of ten one step up the page
    assert "(y on a log scale)" in desc(picture)
    with pytest.raises(GameError, match="log_y needs y values above 0"):
        line_chart([Series("s", [1, 2], [0, 1])], log_y=True)


def test_a_log_scale_bar_chart_stands_its_bars_on_the_lowest_power_of_ten() -> None:
    picture = bar_chart([1, 2, 3], [3, 30, 300], log_y=True, xlabel="depth", ylabel="nodes")
    root = ET.fromstring(picture)
    bars = root.findall("s:rect", NS)[2:]
    bottoms = {round(float(b.get("y", 0)) + float(b.get("height", 0)), 1) for b in bars}
    assert len(bottoms) == 1  # one baseline
    heights = [float(b.get("height", 0)) for b in bars]
    assert heights[2] - heights[1] == pytest.approx(heights[1] - heights[0], abs=0.2)
    assert {b.get("fill") for b in bars} == {"#1f77b4"}  # no value below zero: no red or green
    assert desc(picture) == "Bar chart of nodes by depth (on a log scale): 1 → 3, 2 → 30, 3 → 300."
    with pytest.raises(GameError, match="log_y needs values above 0"):
        bar_chart([1], [0], log_y=True)


def test_a_point_chart_marks_and_names_every_point_and_joins_only_a_joined_group() -> None:
    front = Points("front", [(-10, 0), (-1, -1), (0, -10)], ["a", "b", "c"], joined=True)
    alone = Points("alone", [(-5, -5)], ["d"])
    picture = point_chart([front, alone], xlabel="x", ylabel="y", x_limits=(-12, 7))
    root = ET.fromstring(picture)
    assert root.get("role") == "img"
    assert len(root.findall(".//s:polyline", NS)) == 1  # the joined group only
    assert len(root.findall(".//s:circle", NS)) == 3 + 1  # its points and its legend entry
    assert len(root.findall(".//s:rect", NS)) == 2 + 1 + 1  # background, frame; alone, legend
    words = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"a", "b", "c", "d", "front", "alone"} <= set(words)
    assert desc(picture) == (
        "Point chart of y by x. front: (−10, 0) a, (−1, −1) b, (0, −10) c. alone: (−5, −5) d."
    )
    frame = root.findall(".//s:rect", NS)[1]
    x0, width = float(frame.get("x", 0)), float(frame.get("width", 0))
    # x from −12 to 7: the point at x = 0 sits 12/19 of the way across
    line = root.find(".//s:polyline", NS)
    assert line is not None
    last = float((line.get("points") or "").split()[-1].split(",")[0])
    assert abs(last - (x0 + width * 12 / 19)) < 0.1


@pytest.mark.parametrize(
    ("draw", "words"),
    [
        (lambda: point_chart([]), "at least one group"),
        (lambda: point_chart([Points("p", [])]), "Points 'p': 0 points"),
        (lambda: point_chart([Points("p", [(0, 0)], ["a", "b"])]), "1 points and 2 names"),
        (
            lambda: point_chart([Points("p", [(0, 5)])], y_limits=(0, 1)),
            "y_limits (0, 1) leave out",
        ),
    ],
)
def test_bad_points_are_named(draw: object, words: str) -> None:
    with pytest.raises(GameError, match=re.escape(words)):
        draw()  # type: ignore[operator]


def test_an_interval_is_drawn_from_its_low_to_its_high_and_stated() -> None:
    scores = Series("score", [1, 2], [0.5, 0.75], intervals=[(0.25, 0.75), (0.5, 0.875)])
    picture = line_chart([scores], y_limits=(0, 1), levels=[(0.5, "even")])
    root = ET.fromstring(picture)
    whiskers = [p.get("d", "") for p in root.iter("{http://www.w3.org/2000/svg}path")]
    level = [
        ln
        for ln in root.iter("{http://www.w3.org/2000/svg}line")
        if ln.get("stroke-dasharray") == "2 3" and ln.get("y1") == ln.get("y2")
    ][0]  # the level: the first horizontal dotted line (the legend's comes last)
    ends = [[float(v) for v in re.findall(r"[\d.]+", d)] for d in whiskers[:2]]
    y_half = float(level.get("y1", 0))
    # the first point's interval runs from 0.25 to 0.75, so it spans the level at 0.5 halfway
    low, high = ends[0][1], ends[0][2]
    assert low > y_half > high and low - y_half == pytest.approx(y_half - high, abs=0.2)
    assert desc(picture).endswith(
        "score: 1 → 0.5 [0.25, 0.75], 2 → 0.75 [0.5, 0.875]. even at y = 0.5."
    )


def test_interval_bars_put_the_first_label_on_top_and_state_each() -> None:
    picture = interval_bars(["best", "worst"], [0.75, 0.25], [(0.5, 0.9), (0.1, 0.5)],
                            xlabel="score", reference=(0.5, "an even score"))  # fmt: skip
    bars = ET.fromstring(picture).findall("s:rect", NS)[2:]
    assert [float(b.get("width", 0)) for b in bars][0] == pytest.approx(
        3 * float(bars[1].get("width", 0)), abs=0.2
    )
    assert float(bars[0].get("y", 0)) < float(bars[1].get("y", 0))
    assert desc(picture) == (
        "Bars with intervals of score: best 0.75 [0.5, 0.9]; worst 0.25 [0.1, 0.5]. "
        "A dotted line marks an even score at 0.5."
    )


def test_a_letter_grid_has_row_zero_at_the_bottom_and_tells_every_cell() -> None:
    letters = ["RWW", "WWR"]
    picture = letter_grid(letters, {"W": "walk", "R": "roll"}, xlabel="a", ylabel="b")
    cells = ET.fromstring(picture).findall("s:rect", NS)[2:8]  # after background and frame
    ys = [float(c.get("y", 0)) for c in cells]
    assert ys[0] > ys[3]  # row 0 drawn below row 1
    assert cells[0].get("fill") != cells[1].get("fill") == cells[3].get("fill")
    assert desc(picture).endswith("b 0: R at a 0; W at a 1–2. b 1: W at a 0–1; R at a 2.")


def test_a_point_chart_of_many_points_tells_their_course_in_brief() -> None:
    many = Points("many", [(x, x * x) for x in range(25)])
    assert desc(point_chart([many], xlabel="x", ylabel="y")).endswith(
        "many: 25 points from x = 0 to 24; it starts at 0 and ends at 576, lowest 0, highest 576."
    )
