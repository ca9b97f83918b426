"""Bar and line charts in plain SVG: the lessons' simple charts without matplotlib.

Every chart is an image to a screen reader with a ``<title>`` and a ``<desc>`` that states
its data in words. Colour is never the only carrier of meaning: each series of a line chart
has its own marker and dash, named in the legend, and each bar carries its value.

>>> picture = bar_chart([1, 2, 3, 4], [1, 1, 1, -1], title="the mover loses at 4")
>>> 'role="img"' in picture and "<title>the mover loses at 4</title>" in picture
True
>>> walk = Series("WALK", [0, 1, 2], [0.0, 0.5, 1.0])
>>> "WALK: 0 → 0, 1 → 0.5, 2 → 1" in line_chart([walk], title="a walk")
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from gametheory.core import GameError
from gametheory.draw.svg import Svg, document, element, text, text_width

__all__ = [
    "Chart",
    "Points",
    "Series",
    "bar_chart",
    "interval_bars",
    "letter_grid",
    "line_chart",
    "point_chart",
    "side_by_side",
]

_INK = "#333333"
_GRID = "#e6e6e6"
_COLOURS = ("#1f77b4", "#e8590c", "#2f9e44", "#7048e8", "#c2255c")
_TINTS = ("#a6c8e6", "#f5c09a", "#b0dbb8", "#c9bcf4", "#eab3c8")  # fills under dark text
_DASHES = ("", "6 3", "2 3", "9 3 2 3", "1 2")
_MARKERS = ("circle", "square", "triangle", "diamond", "cross")
_FONT = 12.0
_SMALL = 10.5
_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
_DOTTED = 'stroke="#777777" stroke-dasharray="2 3" stroke-width="1.5"'  # lines that mark a place
_MARKS_ALONG = 9  # how many markers a long series carries (evenly spread along it)


@dataclass(frozen=True)
class Series:
    """One line of a line chart: its ``label`` (in the legend) and its points.

    ``step=True`` draws it as a staircase: each value holds until the next point. ``lift``
    draws it that much higher, so that lines with equal values do not hide each other (its
    words still state the values themselves). ``intervals``, one ``(low, high)`` a point,
    draws each point's interval as a bar with caps (a confidence interval, say).

    >>> Series("ROLL", [0, 1], [2, 3]).points()
    [(0.0, 2.0), (1.0, 3.0)]
    """

    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    step: bool = False
    lift: float = 0.0
    intervals: Sequence[tuple[float, float]] | None = None

    def points(self) -> list[tuple[float, float]]:
        """The series' points as floats; a :class:`GameError` when the lists do not pair up."""
        if len(self.xs) != len(self.ys):
            raise GameError(
                f"Series {self.label!r}: {len(self.xs)} x values but {len(self.ys)} y values; "
                "give one y for each x"
            )
        if not self.xs:
            raise GameError(f"Series {self.label!r} has no points; give at least one")
        if self.intervals is not None and len(self.intervals) != len(self.xs):
            raise GameError(
                f"Series {self.label!r}: {len(self.xs)} points but {len(self.intervals)} "
                "intervals; give one (low, high) for each point"
            )
        return [(float(x), float(y)) for x, y in zip(self.xs, self.ys, strict=True)]


@dataclass(frozen=True)
class Chart:
    """One panel of line charts: its series and its axes.

    ``marker_line`` is a vertical line at ``(x, label)``, named in the legend; each of
    ``levels`` a horizontal one at ``(y, label)``;
    ``log_x`` and ``log_y`` put x or y on a logarithmic scale; ``y_limits`` and the ``x_ticks``/``y_ticks``
    replace the chosen ones.

    >>> Chart([Series("a", [1, 2], [3, 4])], xlabel="n").xlabel
    'n'
    """

    series: Sequence[Series]
    title: str = ""
    xlabel: str = ""
    ylabel: str = ""
    marker_line: tuple[float, str] | None = None
    log_x: bool = False
    y_limits: tuple[float, float] | None = None
    x_ticks: Sequence[float] | None = None
    y_ticks: Sequence[float] | None = None
    width: float = 520.0
    height: float = 300.0
    log_y: bool = False
    levels: Sequence[tuple[float, str]] = ()


def bar_chart(
    xs: Sequence[float],
    values: Sequence[float],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    log_y: bool = False,
    width: float = 620.0,
    height: float = 240.0,
) -> Svg:
    """Bars of ``values`` at the categories ``xs``, each bar with its value written by it.

    Where some values are below zero, a bar above zero is green and one below is red and
    hangs down: the direction and the written value carry the meaning, the colour only
    repeats it (with no value below zero every bar is blue). ``log_y`` puts the values on a
    logarithmic scale (they must then be above zero).

    >>> picture = bar_chart([1, 2, 3, 4], [1, 1, 1, -1], xlabel="matches", ylabel="value")
    >>> print(picture.split("<desc>")[1].split("</desc>")[0])
    Bar chart of value by matches: 1 → 1, 2 → 1, 3 → 1, 4 → −1.
    """
    if len(xs) != len(values) or not xs:
        raise GameError(
            f"bar_chart: {len(xs)} categories and {len(values)} values; give one value "
            "per category, at least one"
        )
    heights = [float(v) for v in values]
    if log_y:
        if min(heights) <= 0:
            raise GameError(
                f"bar_chart: log_y needs values above 0; the smallest is {_number(min(heights))}"
            )
        span = math.log10(max(heights)) - math.log10(min(heights)) or 1.0
        low = base = 10.0 ** math.floor(math.log10(min(heights)))
        high = max(heights) * 10 ** (span * 0.15)  # room for the values written above
        y_ticks = _log_ticks(low, high)
    else:
        low, high = min(0.0, *heights), max(0.0, *heights)
        if low == high:
            high = 1.0
        y_ticks = _nice_ticks(low, high)
        low, high = min(low, y_ticks[0]), max(high, y_ticks[-1])
        room = (high - low) * 0.15  # for the values written beyond the bars' ends
        low, high = low - (room if low < 0 else 0), high + (room if high > 0 else 0)
        base = 0.0
    signed = min(heights) < 0
    left = 14 + (_FONT + 4 if ylabel else 0) + max(text_width(_number(t), _SMALL) for t in y_ticks)
    top = 14 + (_FONT + 10 if title else 0)
    bottom = 12 + _SMALL + (_FONT + 10 if xlabel else 0)
    plot = _Frame(
        left, top, width - left - 12, height - top - bottom, 0, len(xs), low, high, log_y=log_y
    )
    body = _axes(plot, title, xlabel, ylabel, width)
    body += _y_grid(plot, y_ticks)
    slot = plot.w / len(xs)
    for i, (x, v) in enumerate(zip(xs, heights, strict=True)):
        cx = plot.x + (i + 0.5) * slot
        y0, y1 = plot.py(base), plot.py(v)
        colour = ("#2f9e44" if v >= 0 else "#e03131") if signed else _COLOURS[0]
        body.append(
            element("rect", f'fill="{colour}"', x=cx - slot * 0.35, y=min(y0, y1),
                    width=slot * 0.7, height=abs(y1 - y0))
        )  # fmt: skip
        label_y = y1 - 4 if v >= 0 else y1 + _SMALL + 2
        body.append(text(cx, label_y, _number(v), _SMALL, _INK))
        body.append(text(cx, plot.y + plot.h + _SMALL + 5, _number(x), _SMALL, _INK))
    body.append(element("line", f'stroke="{_INK}"', x1=plot.x, y1=plot.py(base),
                        x2=plot.x + plot.w, y2=plot.py(base)))  # fmt: skip
    words = ", ".join(f"{_number(x)} → {_number(v)}" for x, v in zip(xs, heights, strict=True))
    about = f" of {ylabel or 'values'} by {xlabel or 'category'}" + (
        " (on a log scale)" if log_y else ""
    )
    return document(
        width, height, body, title=title or f"Bar chart{about}", desc=f"Bar chart{about}: {words}."
    )


def line_chart(
    series: Sequence[Series],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    marker_line: tuple[float, str] | None = None,
    log_x: bool = False,
    log_y: bool = False,
    y_limits: tuple[float, float] | None = None,
    x_ticks: Sequence[float] | None = None,
    y_ticks: Sequence[float] | None = None,
    width: float = 620.0,
    height: float = 320.0,
    levels: Sequence[tuple[float, str]] = (),
) -> Svg:
    """Lines through each of ``series``, with markers, a legend and optionally a vertical
    ``marker_line`` at ``(x, label)``; see :class:`Chart` for the other options.

    >>> walk = Series("WALK", [0, 1, 2], [-1, 0, 1])
    >>> roll = Series("ROLL", [0, 1, 2], [-1, 0.5, 0.25])
    >>> picture = line_chart([walk, roll], xlabel="square", marker_line=(1, "B there"))
    >>> "B there at x = 1" in picture and picture.count("<polyline") == 2
    True
    """
    chart = Chart(series, title, xlabel, ylabel, marker_line, log_x, y_limits, x_ticks, y_ticks,
                  width, height, log_y, levels)  # fmt: skip
    return side_by_side([chart])


def side_by_side(charts: Sequence[Chart], *, title: str = "") -> Svg:
    """Several line charts in a row, under one ``title``; each keeps its own axes and legend.

    >>> a = Chart([Series("up", [1, 2, 3], [1, 2, 3])], title="left")
    >>> b = Chart([Series("down", [1, 2, 3], [3, 2, 1])], title="right")
    >>> picture = side_by_side([a, b], title="two panels")
    >>> picture.count("<polyline"), "<title>two panels</title>" in picture
    (2, True)
    """
    if not charts:
        raise GameError("side_by_side needs at least one Chart")
    head = _FONT + 16 if title and len(charts) > 1 else 0.0
    body: list[str] = []
    if head:
        body.append(text(sum(c.width for c in charts) / 2, _FONT + 8, title, _FONT + 1, _INK,
                         bold=True))  # fmt: skip
    words: list[str] = []
    left = 0.0
    for chart in charts:
        panel, said = _line_panel(chart)
        body += [f'<g transform="translate({left:.1f},{head:.1f})">', *panel, "</g>"]
        words.append(said)
        left += chart.width
    height = head + max(c.height + 8 + 18 * len(_legend_rows(c)) for c in charts)  # and legends
    name = title or charts[0].title or "Line chart"
    return document(left, height, body, title=name, desc=" ".join(words))


def interval_bars(
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    *,
    title: str = "",
    xlabel: str = "",
    reference: tuple[float, str] | None = None,
    limits: tuple[float, float] = (0.0, 1.0),
    width: float = 620.0,
) -> Svg:
    """A horizontal bar a label, from ``limits[0]`` to its value, each with its interval (a
    line with caps) and its value written beside it; the first label at the top.
    ``reference`` is a dotted vertical line at ``(x, name)``.

    >>> picture = interval_bars(["x", "y"], [0.75, 0.25], [(0.3, 0.95), (0.05, 0.7)])
    >>> print(picture.split("<desc>")[1].split("</desc>")[0])
    Bars with intervals: x 0.75 [0.3, 0.95]; y 0.25 [0.05, 0.7].
    """
    if not labels or not len(labels) == len(values) == len(intervals):
        raise GameError(
            f"interval_bars: {len(labels)} labels, {len(values)} values and {len(intervals)} "
            "intervals; give one value and one (low, high) per label, at least one label"
        )
    left = 14 + max(text_width(label, _SMALL) for label in labels)
    top = 14 + (_FONT + 10 if title else 0)
    row = 26.0
    height = top + row * len(labels) + 12 + _SMALL + (_FONT + 10 if xlabel else 0)
    plot = _Frame(left, top, width - left - 40, row * len(labels), *limits, 0, 1)
    body = _axes(plot, title, xlabel, "", width)
    for t in _nice_ticks(*limits):
        x = plot.px(t)
        body.append(element("line", f'stroke="{_GRID}"', x1=x, y1=plot.y, x2=x, y2=plot.y + plot.h))
        body.append(text(x, plot.y + plot.h + _SMALL + 5, _number(t), _SMALL, _INK))
    words = []
    for k, (label, value, (low, high)) in enumerate(zip(labels, values, intervals, strict=True)):
        y = plot.y + row * (k + 0.5)
        x0, x1 = plot.px(limits[0]), plot.px(float(value))
        body.append(element("rect", f'fill="{_COLOURS[0]}" fill-opacity="0.8"', x=x0, y=y - 8,
                            width=x1 - x0, height=16))  # fmt: skip
        a, b = plot.px(float(low)), plot.px(float(high))
        whisker = f"M{a:.1f},{y:.1f}H{b:.1f}M{a:.1f},{y - 5:.1f}v10M{b:.1f},{y - 5:.1f}v10"
        body.append(f'<path d="{whisker}" stroke="{_INK}" stroke-width="1.5" fill="none"/>')
        body.append(text(plot.x - 5, y + _SMALL * 0.35, label, _SMALL, _INK, "end"))
        body.append(text(max(b, x1) + 4, y + _SMALL * 0.35, _number(value), _SMALL, _INK, "start"))
        words.append(f"{label} {_number(value)} [{_number(low)}, {_number(high)}]")
    said = ""
    if reference is not None:
        x = plot.px(float(reference[0]))
        body.append(element("line", _DOTTED,
                            x1=x, y1=plot.y, x2=x, y2=plot.y + plot.h))  # fmt: skip
        said = f" A dotted line marks {reference[1]} at {_number(reference[0])}."
    about = f"Bars with intervals{f' of {xlabel}' if xlabel else ''}"
    return document(width, height, body, title=title or about,
                    desc=f"{about}: {'; '.join(words)}.{said}")  # fmt: skip


def letter_grid(
    letters: Sequence[Sequence[str]],
    meanings: dict[str, str],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    cell: float = 30.0,
) -> Svg:
    """A grid of letters, ``letters[row][column]``, row 0 at the bottom (as on a chart's
    axes), each cell coloured by its letter; ``meanings`` says what each letter stands
    for, in the legend and in the words, which list where each letter stands row by row.

    >>> picture = letter_grid(["WR", "RW"], {"W": "walk", "R": "roll"}, xlabel="a", ylabel="b")
    >>> print(picture.split("<desc>")[1].split("</desc>")[0])
    A grid of 2 rows (b 0 to 1, from the bottom) and 2 columns (a 0 to 1); W: walk, R: roll. b 0: W at a 0; R at a 1. b 1: R at a 0; W at a 1.
    """
    columns = {len(r) for r in letters}
    if not letters or len(columns) != 1 or not set().union(*letters) <= set(meanings):
        raise GameError(
            "letter_grid: give rows of equal length, at least one, whose letters all have a "
            f"meaning; got rows of lengths {sorted(columns)} and meanings for {sorted(meanings)}"
        )
    colour = {letter: _TINTS[k % len(_TINTS)] for k, letter in enumerate(meanings)}
    n, m = len(letters), columns.pop()
    left, top = 20 + (_FONT + 6 if ylabel else 0), 14 + (_FONT + 10 if title else 0)
    width = max(left + cell * m + 16, 240.0)
    body = _axes(_Frame(left, top, cell * m, cell * n, 0, m, 0, n), title, xlabel, ylabel, width)
    rows = []
    for r, line in enumerate(letters):
        y = top + cell * (n - 1 - r)
        body.append(text(left - 5, y + cell / 2 + _SMALL * 0.35, r, _SMALL, _INK, "end"))
        for c, letter in enumerate(line):
            body.append(element("rect", f'fill="{colour[letter]}" stroke="#ffffff"',
                                x=left + c * cell, y=y, width=cell, height=cell))  # fmt: skip
            body.append(text(left + (c + 0.5) * cell, y + cell / 2 + _FONT * 0.35, letter,
                             _FONT, _INK, bold=True))  # fmt: skip
        by = {k: [c for c, v in enumerate(line) if v == k] for k in dict.fromkeys(line)}
        places = "; ".join(f"{k} at {xlabel or 'column'} {_spans(cs)}" for k, cs in by.items())
        rows.append(f"{ylabel or 'row'} {r}: {places}.")
    for c in range(m):
        body.append(text(left + (c + 0.5) * cell, top + cell * n + _SMALL + 5, c, _SMALL, _INK))
    legend_y = top + cell * n + 12 + _SMALL + (_FONT + 10 if xlabel else 0)
    for k, (letter, meaning) in enumerate(meanings.items()):
        y = legend_y + 18 * k + 9
        body.append(element("rect", f'fill="{colour[letter]}"', x=left, y=y - 8, width=16,
                            height=16))  # fmt: skip
        body.append(text(left + 8, y + 4, letter, _SMALL, _INK, bold=True))
        body.append(text(left + 22, y + 4, f"= {meaning}", _SMALL, _INK, "start"))
    legend = ", ".join(f"{letter}: {meaning}" for letter, meaning in meanings.items())
    about = (
        f"A grid of {n} rows ({ylabel or 'row'} 0 to {n - 1}, from the bottom) and {m} columns "
        f"({xlabel or 'column'} 0 to {m - 1}); {legend}."
    )
    return document(width, legend_y + 18 * len(meanings) + 6, body, title=title or about,
                    desc=" ".join([about, *rows]))  # fmt: skip


def _spans(numbers: list[int]) -> str:
    """Whole numbers in order, a run of them written as its ends.

    >>> _spans([0, 1, 2, 4, 6, 7])
    '0–2, 4, 6–7'
    """
    runs: list[list[int]] = []
    for k in numbers:
        if runs and k == runs[-1][-1] + 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs)


@dataclass(frozen=True)
class _Frame:
    """The plotting area in pixels and the data range it shows."""

    x: float
    y: float
    w: float
    h: float
    x_low: float
    x_high: float
    y_low: float
    y_high: float
    log_x: bool = False
    log_y: bool = False

    def px(self, value: float) -> float:
        lo, hi, v = self.x_low, self.x_high, value
        if self.log_x:
            lo, hi, v = math.log10(lo), math.log10(hi), math.log10(value)
        return self.x + (v - lo) / ((hi - lo) or 1.0) * self.w

    def py(self, value: float) -> float:
        lo, hi, v = self.y_low, self.y_high, value
        if self.log_y:
            lo, hi, v = math.log10(lo), math.log10(hi), math.log10(value)
        return self.y + self.h - (v - lo) / ((hi - lo) or 1.0) * self.h


def _line_panel(chart: Chart) -> tuple[list[str], str]:
    """One chart's SVG (origin at its top left) and its data in words."""
    if not chart.series:
        raise GameError("a line chart needs at least one Series")
    lines = [s.points() for s in chart.series]
    xs = [x for pts in lines for x, _ in pts]
    ys = [y + s.lift for s, pts in zip(chart.series, lines, strict=True) for _, y in pts]
    ys += [float(v) for s in chart.series for v in itertools.chain(*s.intervals or [])]
    ys += [float(y) for y, _ in chart.levels]
    if chart.marker_line is not None:
        xs.append(float(chart.marker_line[0]))
    if chart.log_x and min(xs) <= 0:
        raise GameError(f"log_x needs x values above 0; the smallest is {_number(min(xs))}")
    if chart.log_y and min(ys) <= 0:
        raise GameError(f"log_y needs y values above 0; the smallest is {_number(min(ys))}")
    x_low, x_high = min(xs), max(xs)
    if chart.y_limits is not None:
        y_low, y_high = (float(v) for v in chart.y_limits)
        if y_low >= y_high:
            raise GameError(f"y_limits {chart.y_limits!r}: the first must be below the second")
        if chart.log_y and y_low <= 0:
            raise GameError(f"log_y needs y_limits above 0, got {chart.y_limits!r}")
    elif chart.log_y:  # a twentieth of the span more at each end, in powers of ten
        span = math.log10(max(ys)) - math.log10(min(ys)) or 1.0
        y_low, y_high = min(ys) / 10 ** (span / 20), max(ys) * 10 ** (span / 20)
    else:
        y_low, y_high = min(ys), max(ys)
        if y_low == y_high:
            y_low, y_high = y_low - 1, y_high + 1
        pad = (y_high - y_low) * 0.06
        y_low, y_high = y_low - pad, y_high + pad
    if chart.log_x:
        x_ticks = list(chart.x_ticks or _log_ticks(x_low, x_high))
    else:
        x_ticks = list(chart.x_ticks or _nice_ticks(x_low, x_high))
        if x_low == x_high:
            x_low, x_high = x_low - 1, x_high + 1
        pad = (x_high - x_low) * 0.03
        x_low, x_high = x_low - pad, x_high + pad
    chosen = _log_ticks(y_low, y_high) if chart.log_y else _nice_ticks(y_low, y_high)
    y_ticks = [t for t in (chart.y_ticks or chosen) if y_low <= t <= y_high]
    ylabel_room = _FONT + 6 if chart.ylabel else 0
    left = 14 + ylabel_room + max(text_width(_number(t), _SMALL) for t in y_ticks or [0])
    top = 12 + (_FONT + 10 if chart.title else 0)
    bottom = 12 + _SMALL + (_FONT + 10 if chart.xlabel else 0)
    frame = _Frame(left, top, chart.width - left - 16, chart.height - top - bottom,
                   x_low, x_high, y_low, y_high, chart.log_x, chart.log_y)  # fmt: skip
    body = _axes(frame, chart.title, chart.xlabel, chart.ylabel, chart.width)
    body += _y_grid(frame, y_ticks)
    for t in x_ticks:
        if frame.x_low <= t <= frame.x_high:
            body.append(text(frame.px(t), frame.y + frame.h + _SMALL + 5, _number(t), _SMALL, _INK))
    said = []
    if chart.marker_line is not None:
        where, name = chart.marker_line
        x = frame.px(float(where))
        body.append(element("line", _DOTTED,
                            x1=x, y1=frame.y, x2=x, y2=frame.y + frame.h))  # fmt: skip
        said.append(f"{name} at x = {_number(where)}.")
    for where, name in chart.levels:
        y = frame.py(float(where))
        body.append(element("line", _DOTTED,
                            x1=frame.x, y1=y, x2=frame.x + frame.w, y2=y))  # fmt: skip
        said.append(f"{name} at y = {_number(where)}.")
    for i, (s, pts) in enumerate(zip(chart.series, lines, strict=True)):
        body += _whiskers(frame, i, [x for x, _ in pts], s.intervals or [])
        body += _series_svg(frame, i, s.step, [(x, y + s.lift) for x, y in pts])
        said.insert(i, _series_words(s.label, pts, s.intervals))
    body += _legend(chart, frame.y + frame.h + bottom + 4)
    heading = f"{chart.title}: " if chart.title else ""
    logs = [a for a, log in (("x", chart.log_x), ("y", chart.log_y)) if log]
    axes = f"{chart.ylabel or 'y'} by {chart.xlabel or 'x'}" + (
        f" ({' and '.join(logs)} on a log scale)" if logs else ""
    )
    kind = "line chart" if heading else "Line chart"
    return body, f"{heading}{kind} of {axes}. " + " ".join(said)


def _axes(frame: _Frame, title: str, xlabel: str, ylabel: str, width: float) -> list[str]:
    body = []
    if title:
        body.append(text(width / 2, _FONT + 6, title, _FONT + 1, _INK, bold=True))
    if xlabel:
        body.append(text(frame.x + frame.w / 2, frame.y + frame.h + _SMALL + _FONT + 14, xlabel,
                         _FONT, _INK))  # fmt: skip
    if ylabel:
        x, y = _FONT + 2, frame.y + frame.h / 2
        body.append(
            f'<g transform="rotate(-90 {x:.1f} {y:.1f})">{text(x, y, ylabel, _FONT, _INK)}</g>'
        )
    body.append(element("rect", f'fill="none" stroke="{_INK}"', x=frame.x, y=frame.y,
                        width=frame.w, height=frame.h))  # fmt: skip
    return body


def _y_grid(frame: _Frame, ticks: Sequence[float]) -> list[str]:
    body = []
    for t in ticks:
        y = frame.py(t)
        body.append(
            element("line", f'stroke="{_GRID}"', x1=frame.x, y1=y, x2=frame.x + frame.w, y2=y)
        )
        body.append(text(frame.x - 4, y + _SMALL * 0.35, _number(t), _SMALL, _INK, "end"))
    return body


def _series_svg(frame: _Frame, i: int, step: bool, pts: list[tuple[float, float]]) -> list[str]:
    colour = _COLOURS[i % len(_COLOURS)]
    pixels = [(frame.px(x), frame.py(y)) for x, y in pts]
    drawn = _thin(_staircase(pixels) if step else pixels)
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in drawn)
    body = [f'<polyline points="{coords}" fill="none" {_pen(i)}/>']
    if len(pixels) <= 2 * _MARKS_ALONG:
        marked = pixels
    else:  # evenly spread along the x axis, each on the nearest point
        spots = [frame.x + frame.w * (k + 0.5) / _MARKS_ALONG for k in range(_MARKS_ALONG)]
        marked = [min(pixels, key=lambda p, s=s: abs(p[0] - s)) for s in spots]  # type: ignore[misc]
    kind, r = _MARKERS[i % len(_MARKERS)], _marker_size(i)
    body += [_marker(kind, x, y, colour, r) for x, y in marked]
    return body


def _pen(i: int) -> str:
    """The stroke of series ``i``: its colour, and its dash (none for the first)."""
    dash = _DASHES[i % len(_DASHES)]
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    return f'stroke="{_COLOURS[i % len(_COLOURS)]}" stroke-width="2"{dashing}'


def _whiskers(
    frame: _Frame, i: int, xs: list[float], spans: Sequence[tuple[float, float]]
) -> list[str]:
    """Each point's interval (if the series has them): a bar from low to high, with caps."""
    colour, body = _COLOURS[i % len(_COLOURS)], []
    for x, (low, high) in zip(xs, spans):  # noqa: B905 (no spans: nothing to draw)
        px, y0, y1 = frame.px(x), frame.py(low), frame.py(high)
        path = f"M{px:.1f},{y0:.1f}V{y1:.1f}M{px - 5:.1f},{y0:.1f}h10M{px - 5:.1f},{y1:.1f}h10"
        body.append(f'<path d="{path}" stroke="{colour}" stroke-width="1.5" fill="none"/>')
    return body


def _staircase(pixels: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Each value held until the next point (matplotlib's ``where="post"``)."""
    out = pixels[:1]
    for x, y in pixels[1:]:
        out += [(x, out[-1][1]), (x, y)]
    return out


def _thin(pixels: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points that change the drawn line by half a pixel or more (and the last)."""
    kept = pixels[:1]
    for x, y in pixels[1:-1]:
        if abs(x - kept[-1][0]) >= 0.5 or abs(y - kept[-1][1]) >= 0.5:
            kept.append((x, y))
    return kept + pixels[-1:] if len(pixels) > 1 else kept


def _marker_size(i: int) -> float:
    """Each series' markers a little smaller than the one's before, drawn over them: where
    two series share a point, both markers show."""
    return 5.5 - 0.6 * (i % len(_MARKERS))


def _marker(kind: str, x: float, y: float, colour: str, r: float = 4.0) -> str:
    attrs = f'fill="{colour}" stroke="#ffffff" stroke-width="0.8"'
    if kind == "circle":
        return element("circle", attrs, cx=x, cy=y, r=r)
    if kind == "square":
        return element("rect", attrs, x=x - r, y=y - r, width=2 * r, height=2 * r)
    if kind == "cross":
        d = f"M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}M{x - r:.1f},{y + r:.1f}L{x + r:.1f},{y - r:.1f}"
        return f'<path d="{d}" stroke="{colour}" stroke-width="2.2"/>'
    corners = {
        "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        "diamond": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)],
    }[kind]
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in corners)
    return f'<polygon points="{points}" {attrs}/>'


def _legend_entries(chart: Chart) -> list[tuple[str, str]]:
    entries = [(s.label, "series") for s in chart.series]
    if chart.marker_line is not None:
        entries.append((chart.marker_line[1], "line"))
    return entries + [(name, "level") for _, name in chart.levels]


def _legend_rows(chart: Chart) -> list[list[int]]:
    """The legend's entries (by index) in rows that fit the chart's width."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, (label, _) in enumerate(_legend_entries(chart)):
        need = 42 + text_width(label, _SMALL) + 16
        if rows[-1] and used + need > chart.width - 20:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += need
    return rows


def _legend(chart: Chart, top: float) -> list[str]:
    entries = _legend_entries(chart)
    body = ['<g class="legend">']
    for r, row in enumerate(_legend_rows(chart)):
        widths = [42 + text_width(entries[i][0], _SMALL) + 16 for i in row]
        x = (chart.width - sum(widths)) / 2
        y = top + 9 + 18 * r
        for i, w in zip(row, widths, strict=True):
            label, kind = entries[i]
            if kind == "line":
                body.append(element("line", _DOTTED,
                                    x1=x + 18, y1=y - 8, x2=x + 18, y2=y + 8))  # fmt: skip
            elif kind == "level":
                body.append(element("line", _DOTTED,
                                    x1=x, y1=y, x2=x + 36, y2=y))  # fmt: skip
            else:
                colour = _COLOURS[i % len(_COLOURS)]
                body.append(element("line", _pen(i), x1=x, y1=y, x2=x + 36, y2=y))
                body.append(
                    _marker(_MARKERS[i % len(_MARKERS)], x + 18, y, colour, _marker_size(i))
                )
            body.append(text(x + 42, y + _SMALL * 0.35, label, _SMALL, _INK, "start"))
            x += w
    return [*body, "</g>"]


def _series_words(
    label: str, pts: list[tuple[float, float]], intervals: Sequence[tuple[float, float]] | None
) -> str:
    """A series in words: every point (and its interval) when there are few, else its
    course in brief."""
    if len(pts) <= 20:
        spans = [f" [{_number(lo)}, {_number(hi)}]" for lo, hi in intervals or []]
        words = [f"{_number(x)} → {_number(y)}" for x, y in pts]
        return (
            f"{label}: "
            + ", ".join(w + s for w, s in itertools.zip_longest(words, spans, fillvalue=""))
            + "."
        )
    ys = [y for _, y in pts]
    return (
        f"{label}: {len(pts)} points from x = {_number(pts[0][0])} to {_number(pts[-1][0])}; "
        f"it starts at {_number(ys[0])} and ends at {_number(ys[-1])}, "
        f"lowest {_number(min(ys))}, highest {_number(max(ys))}."
    )


def _number(value: float) -> str:
    """A value as a reader wants it: whole numbers without a point, the rest to 3 digits.

    >>> _number(4.0), _number(-1), _number(1 / 3), _number(0.15000000000000002), _number(1e6)
    ('4', '−1', '0.333', '0.15', '10⁶')
    """
    v = float(value)
    power = round(math.log10(abs(v))) if v else 0
    if abs(v) >= 1e4 and v == 10.0**power:
        return "10" + str(power).translate(_SUPERSCRIPTS)
    words = f"{v:.0f}" if v == round(v) and abs(v) < 1e15 else f"{v:.3g}"
    return words.replace("-", "−")


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round values covering ``low`` … ``high``.

    >>> _nice_ticks(-1, 1)
    [-1.0, -0.5, 0.0, 0.5, 1.0]
    >>> _nice_ticks(0, 9)
    [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
    """
    if high <= low:
        return [low]
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9) * step
    ticks = []
    k = 0
    while first + k * step <= high + step * 0.999:
        ticks.append(round(first + k * step, 10))
        k += 1
        if ticks[-1] >= high - 1e-9:
            break
    return [t + 0.0 for t in ticks]


def _log_ticks(low: float, high: float) -> list[float]:
    """The powers of ten from ``low`` to ``high``.

    >>> _log_ticks(1, 3000)
    [1.0, 10.0, 100.0, 1000.0]
    >>> _log_ticks(3, 729)  # fewer than three powers: 2 and 5 times them as well
    [5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
    """
    first, last = math.floor(math.log10(low)), math.floor(math.log10(high))
    steps = (1, 2, 5) if last - first < 3 else (1,)  # few powers: 2 and 5 times them too
    ticks = [m * 10.0**k for k in range(first, last + 1) for m in steps]
    return [t for t in ticks if low <= t <= high] or [10.0**first]


# -- points in the plane (lessons 03a and 03b) ------------------------------------------------


@dataclass(frozen=True)
class Points:
    """One group of a :func:`point_chart`: its ``label`` (in the legend), its points
    ``(x, y)``, the ``names`` written by them (one per point, or none), and whether a line
    joins them in order (``joined``: a frontier, a best-response line).

    >>> Points("front", [(0, 1), (1, 0)], joined=True).label
    'front'
    """

    label: str
    points: Sequence[tuple[float, float]]
    names: Sequence[str] = ()
    joined: bool = False


def point_chart(
    groups: Sequence[Points],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    x_limits: tuple[float, float] | None = None,
    y_limits: tuple[float, float] | None = None,
    width: float = 440.0,
    height: float = 380.0,
) -> Svg:
    """Points in the plane, a marker and a colour for each group (named in the legend, a
    joined group with its own dash too), each point's name written by it; the limits, when
    given, replace the points' own range.

    >>> outcomes = Points("outcomes", [(0, 1), (1, 0)], names=["A", "B"], joined=True)
    >>> picture = point_chart([outcomes, Points("best", [(0.5, 0.5)])], xlabel="x", ylabel="y")
    >>> print(picture.split("<desc>")[1].split("</desc>")[0])
    Point chart of y by x. outcomes: (0, 1) A, (1, 0) B. best: (0.5, 0.5).
    """
    for g in groups:
        if not g.points or len(g.names) not in (0, len(g.points)):
            raise GameError(
                f"Points {g.label!r}: {len(g.points)} points and {len(g.names)} names; give "
                "at least one point, and one name for each or none"
            )
    if not groups:
        raise GameError("point_chart needs at least one group of Points")
    spans = []
    for k, limits in ((0, x_limits), (1, y_limits)):
        values = [float(p[k]) for g in groups for p in g.points]
        low, high = (float(v) for v in limits) if limits else (min(values), max(values))
        if limits and (not low <= min(values) <= max(values) <= high or low == high):
            raise GameError(
                f"point_chart: {'xy'[k]}_limits {limits!r} leave out points from "
                f"{_number(min(values))} to {_number(max(values))}; widen them"
            )
        pad = 0.0 if limits else (high - low or 1.0) * 0.08
        spans.append((low - pad, high + pad))
    (x_low, x_high), (y_low, y_high) = spans
    y_ticks = [t for t in _nice_ticks(y_low, y_high) if y_low <= t <= y_high]
    left = 14 + (_FONT + 6 if ylabel else 0) + max(text_width(_number(t), _SMALL) for t in y_ticks)
    top = 12 + (_FONT + 10 if title else 0)
    bottom = 12 + _SMALL + (_FONT + 10 if xlabel else 0)
    frame = _Frame(left, top, width - left - 16, height - top - bottom,
                   x_low, x_high, y_low, y_high)  # fmt: skip
    body = _axes(frame, title, xlabel, ylabel, width) + _y_grid(frame, y_ticks)
    for t in _nice_ticks(x_low, x_high):
        if x_low <= t <= x_high:
            body.append(text(frame.px(t), frame.y + frame.h + _SMALL + 5, _number(t), _SMALL, _INK))
    said = []
    for i, g in enumerate(groups):
        pts = [(float(x), float(y)) for x, y in g.points]
        if g.joined:
            body += _series_svg(frame, i, False, pts)
        else:
            colour, r = _COLOURS[i % len(_COLOURS)], _marker_size(i) + 2
            body += [_marker(_MARKERS[i % len(_MARKERS)], frame.px(x), frame.py(y), colour, r)
                     for x, y in pts]  # fmt: skip
        for (x, y), name in zip(pts, g.names, strict=False):
            body.append(text(frame.px(x) + 8, frame.py(y) - 7, name, _SMALL, _INK, "start"))
        if len(pts) > 20:
            said.append(_series_words(g.label, pts, None))
        else:
            words = [f"({_number(x)}, {_number(y)})" for x, y in pts]
            named = [f"{w} {n}" for w, n in zip(words, g.names, strict=True)] if g.names else words
            said.append(f"{g.label}: {', '.join(named)}.")
    legend_top = frame.y + frame.h + bottom + 4
    for i, g in enumerate(groups):
        x, y, colour = width / 2 - 90, legend_top + 9 + 18 * i, _COLOURS[i % len(_COLOURS)]
        if g.joined:
            body.append(element("line", _pen(i), x1=x, y1=y, x2=x + 36, y2=y))
        body.append(_marker(_MARKERS[i % len(_MARKERS)], x + 18, y, colour, _marker_size(i)))
        body.append(text(x + 42, y + _SMALL * 0.35, g.label, _SMALL, _INK, "start"))
    about = f"Point chart of {ylabel or 'y'} by {xlabel or 'x'}."
    return document(width, legend_top + 8 + 18 * len(groups), body, title=title or about,
                    desc=" ".join([about, *said]))  # fmt: skip
