"""The palette measured: distinct under colour blindness, and every text readable on its fill.

Two measurements, both printed (``pytest -q tests/test_accessibility.py`` shows them):

* **Colour distance.** Every pair of colours that carries a meaning in one picture (a tree's
  node fills: on the stack, done, pruned, unseen; its inks; WIN/DRAW/LOSS; X and O; the
  four phases of MCTS) is simulated as a reader with protanopia, deuteranopia or tritanopia
  sees it (colorspacious's CVD model, severity 100) and compared in CAM02-UCS, a space
  where distance is perceived difference. No pair may come closer than :data:`MIN_DISTANCE`.
  Colour is never the only sign (pruned is dashed, WIN/DRAW/LOSS carry W/D/L, phases are
  named in the caption); the distance makes it a help for every reader too.
* **Text contrast.** Every ``<text>`` of the package's representative pictures (those
  ``test_picture_fit`` measures: trees, every step of alpha-beta, AND/OR graphs, boards)
  is found on the shape painted under it, and the WCAG 2.1 contrast ratio of its colour on
  that fill must be at least 4.5:1 (AA for normal text).
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.draw import andor, boards
from gametheory.draw import mcts as mcts_drawing
from gametheory.draw import tree as tree_drawing
from gametheory.draw.boards import draw_board
from gametheory.draw.charts import interval_bars, letter_grid
from gametheory.draw.mcts import draw_mcts
from gametheory.draw.theory import draw_extensive_form
from gametheory.games.abapa import Abapa, AbapaState
from gametheory.games.checkers import Checkers, square
from gametheory.games.gomoku import Gomoku
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import EMPTY, TicTacToe
from gametheory.search.mcts import mcts
from gametheory.search.mcts_trace import PHASES
from gametheory.theory.extensive_form import ultimatum_game
from gametheory.widgets import practice
from tests.picture_metrics import text_boxes
from tests.strategies import abapa_positions
from tests.test_picture_fit import package_pictures


def pictures() -> Iterator[tuple[str, Callable[[], object]]]:
    """``test_picture_fit``'s representative pictures, with MCTS steps and a game in
    extensive form."""
    yield from package_pictures()
    run = mcts(Nim(5), iterations=30, seed=2, trace=True)
    for k, phase in itertools.product((1, 5), PHASES):
        yield f"MCTS {phase} {k}", lambda k=k, p=phase: draw_mcts(run, run.trace.step_of(k, p))
    yield "MCTS whole", lambda: draw_mcts(run, max_nodes=12)
    yield "ultimatum game", lambda: draw_extensive_form(ultimatum_game())
    yield "letter grid", lambda: letter_grid(["RW", "WR"], {"R": "roll", "W": "walk"})
    yield "interval bars", lambda: interval_bars(["a", "b"], [0.5, 1], [(0.2, 0.8), (0.6, 1)])


MIN_DISTANCE = 8.0
"""The least CAM02-UCS distance between two meaningful colours, for every kind of vision
(about 1 is a just-noticeable difference; 8 is plainly different at a glance)."""

MIN_CONTRAST = 4.5
"""WCAG 2.1 AA contrast for text (1.4.3)."""

VISIONS = {"normal": None, "protanopia": "protanomaly", "deuteranopia": "deuteranomaly"}
VISIONS["tritanopia"] = "tritanomaly"

PALETTES = {
    "tree node fills": {
        "on the stack": tree_drawing.FILL_STACK,
        "done": tree_drawing.FILL_DONE,
        "pruned": tree_drawing.FILL_PRUNED,
        "unseen": "#ffffff",
    },
    "tree inks": {
        "ink": tree_drawing.INK,
        "unseen": tree_drawing.FAINT,
        "pruned": tree_drawing.PRUNED_INK,
        "current": tree_drawing.CURRENT,
    },
    "AND/OR labels": {label.name: andor.LABEL_FILL[label] for label in andor.LABEL_FILL},
    "X and O": {"X": boards._X_INK, "O": boards._O_INK},
    "practice widget's feedback": {"right": practice._RIGHT_INK, "wrong": practice._WRONG_INK},
    "MCTS phases": {
        "selection": mcts_drawing.SELECT,
        "expansion": mcts_drawing.EXPAND,
        "simulation": mcts_drawing.SIMULATE,
        "backup": mcts_drawing.BACKUP,
    },
}


def srgb(colour: str) -> np.ndarray:
    """``#rrggbb`` or ``#rgb`` as sRGB in 0..1."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if not re.fullmatch(r"[0-9a-fA-F]{6}", digits):
        raise ValueError(f"{colour!r} is not a #rrggbb colour")
    return np.array([int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)])


def seen(colour: str, vision: str | None) -> np.ndarray:
    rgb = srgb(colour)
    if vision is None:
        return rgb
    space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)


def distance(a: str, b: str, vision: str | None) -> float:
    pair = seen(a, vision), seen(b, vision)
    return float(deltaE(*pair, input_space="sRGB1", uniform_space="CAM02-UCS"))


def luminance(colour: str) -> float:
    c = srgb(colour)
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(linear @ np.array([0.2126, 0.7152, 0.0722]))


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)


def closest(palette: dict[str, str], vision: str | None) -> tuple[float, str, str]:
    return min(
        (distance(palette[a], palette[b], vision), a, b)
        for a, b in itertools.combinations(palette, 2)
    )


# -- the measures themselves -----------------------------------------------------------------
def test_the_measures_agree_with_known_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # WCAG's AA grey
    assert distance("#ff0000", "#ff0000", None) == 0.0
    # red and green, far apart for most readers, come close for a deuteranope
    assert distance("#d62728", "#2ca02c", None) > 3 * distance(
        "#d62728", "#2ca02c", "deuteranomaly"
    )
    with pytest.raises(ValueError, match="'red' is not"):
        srgb("red")


@pytest.mark.parametrize("name", PALETTES)
def test_meaningful_colours_stay_apart_for_every_vision(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    palette = PALETTES[name]
    figures = {vision: closest(palette, kind) for vision, kind in VISIONS.items()}
    with capsys.disabled():
        shown = ", ".join(f"{v} {d:.1f} ({a}/{b})" for v, (d, a, b) in figures.items())
        print(f"\ncolour distance, {name}: closest pair {shown}")
    too_close = {v: f for v, f in figures.items() if f[0] < MIN_DISTANCE}
    assert too_close == {}, f"{name}: colours closer than {MIN_DISTANCE}: {too_close}"


# -- text on fills ---------------------------------------------------------------------------
_SVG = "{http://www.w3.org/2000/svg}"
_TRANSLATE = re.compile(r"translate\(\s*([-\d.e]+)(?:[\s,]+([-\d.e]+))?\s*\)")
_NAMED = {"white": "#ffffff", "black": "#000000"}


def _colour(value: str | None) -> str | None:
    if value is None or value in ("none", "transparent") or value.startswith("url("):
        return None
    return _NAMED.get(value, value)


def _inside(node: ET.Element, x: float, y: float) -> bool:
    tag = node.tag.removeprefix(_SVG)
    get = lambda k: float(node.get(k, "0"))  # noqa: E731
    if tag == "rect":
        return get("x") <= x <= get("x") + get("width") and get("y") <= y <= get("y") + get(
            "height"
        )
    if tag == "circle":
        return (x - get("cx")) ** 2 + (y - get("cy")) ** 2 <= get("r") ** 2
    if tag == "ellipse":
        return ((x - get("cx")) / get("rx")) ** 2 + ((y - get("cy")) / get("ry")) ** 2 <= 1
    if tag == "polygon":
        values = [float(v) for v in re.split(r"[ ,]+", node.get("points", "").strip())]
        xs, ys = values[0::2], values[1::2]
        return min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)
    return False


def text_on_fills(svg: str) -> list[tuple[str, str, str]]:
    """``(words, text colour, fill under the words' middle)`` for every text of ``svg``."""
    boxes = iter(text_boxes(svg))
    shapes: list[tuple[ET.Element, float, float, str]] = []  # painted so far, with offsets
    found: list[tuple[str, str, str]] = []

    def walk(node: ET.Element, dx: float, dy: float, fill: str | None) -> None:
        match = _TRANSLATE.search(node.get("transform", ""))
        if match:
            dx, dy = dx + float(match.group(1)), dy + float(match.group(2) or 0.0)
        own = _colour(node.get("fill")) if "fill" in node.attrib else fill
        if node.tag == _SVG + "text":
            if "".join(node.itertext()).strip():
                box = next(boxes)
                mx, my = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
                under = [c for s, sx, sy, c in shapes if _inside(s, mx - sx, my - sy)]
                found.append((box.text, own or "#000000", under[-1] if under else "#ffffff"))
            return
        solid = float(node.get("opacity", "1")) >= 0.5
        if (
            node.tag.removeprefix(_SVG) in ("rect", "circle", "ellipse", "polygon")
            and own
            and solid
        ):
            shapes.append((node, dx, dy, own))
        for child in node:
            walk(child, dx, dy, own if node.tag != _SVG + "svg" else None)

    walk(ET.fromstring(svg), 0.0, 0.0, None)
    return found


def test_text_on_fills_finds_the_shape_under_the_words() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">'
        '<rect width="200" height="60" fill="#ffffff"/>'
        '<circle cx="30" cy="30" r="20" fill="#1f6f3a"/>'
        '<text x="30" y="34" font-size="12" fill="#ffffff" text-anchor="middle">W</text>'
        '<g transform="translate(100,0)"><rect x="0" y="10" width="80" height="40" fill="#f0f0f0"/>'
        '<text x="40" y="34" font-size="12" fill="#8c8c8c" text-anchor="middle">pruned</text></g>'
        '<text x="190" y="10" font-size="10" fill="#222222" text-anchor="end">a</text></svg>'
    )
    assert text_on_fills(svg) == [
        ("W", "#ffffff", "#1f6f3a"),
        ("pruned", "#8c8c8c", "#f0f0f0"),
        ("a", "#222222", "#ffffff"),
    ]
    assert contrast("#8c8c8c", "#f0f0f0") < MIN_CONTRAST  # the check can fail


def test_every_text_the_package_draws_meets_aa_contrast(capsys: pytest.CaptureFixture[str]) -> None:
    pairs: dict[tuple[str, str], tuple[float, str, str]] = {}
    for name, draw in pictures():
        for words, ink, fill in text_on_fills(str(draw())):
            pairs.setdefault((ink.lower(), fill.lower()), (contrast(ink, fill), name, words))
    with capsys.disabled():
        print(f"\ntext contrast: {len(pairs)} colour pairs of text on a fill")
        for (ink, fill), (ratio, name, words) in sorted(pairs.items(), key=lambda p: p[1][0]):
            print(f"  {ratio:5.2f}:1  {ink} on {fill}  e.g. {words!r} in {name}")
    low = {pair: figures for pair, figures in pairs.items() if figures[0] < MIN_CONTRAST}
    assert low == {}, f"text below {MIN_CONTRAST}:1 on its fill: {low}"


WIDGET_INKS = {"practice: right": practice._RIGHT_INK, "practice: wrong": practice._WRONG_INK}
"""The colours the widgets give their own text (the rest is JupyterLab's theme), shown on
the output area's white."""


def test_the_widgets_text_meets_aa_contrast_on_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    ratios = {name: contrast(ink, "#ffffff") for name, ink in WIDGET_INKS.items()}
    with capsys.disabled():
        print("\nwidget text contrast on white:")
        for name, ratio in ratios.items():
            print(f"  {ratio:5.2f}:1  {WIDGET_INKS[name]}  {name}")
    assert {n: r for n, r in ratios.items() if r < MIN_CONTRAST} == {}
    assert contrast("#2b8a3e", "#ffffff") < MIN_CONTRAST  # the old green, which failed


def test_the_practice_feedback_shows_its_verdict_in_words_and_marks_too() -> None:
    """Colour is not the only sign: the verdict's text starts with ✓ or ✗."""
    from gametheory.practice import Drill

    widget = practice.PracticeWidget(Drill("minimax", seed=3, level=1))
    widget.check_button.click()
    assert widget.feedback.value.startswith("✗ ")
    assert widget.feedback.style.text_color == practice._WRONG_INK
    widget.solution_button.click()
    widget.check_button.click()
    assert widget.feedback.value.startswith("✓ ")
    assert widget.feedback.style.text_color == practice._RIGHT_INK


def test_the_inks_of_a_trees_right_and_wrong_marks_stay_apart() -> None:
    marks = {"right": tree_drawing.RIGHT_INK, "wrong": tree_drawing.WRONG_INK}
    assert all(closest(marks, kind)[0] >= MIN_DISTANCE for kind in VISIONS.values())


# -- text alternatives -----------------------------------------------------------------------
def _alternative(svg: str) -> tuple[str, str, str]:
    root = ET.fromstring(svg)
    title, desc = root.find(_SVG + "title"), root.find(_SVG + "desc")
    return (
        root.get("role", ""),
        "" if title is None else (title.text or ""),
        "" if desc is None else (desc.text or ""),
    )


def test_every_picture_is_an_image_with_a_title_and_a_description() -> None:
    missing = []
    for name, draw in pictures():
        role, title, desc = _alternative(str(draw()))
        if role != "img" or not title.strip() or not desc.strip():
            missing.append((name, role, title, desc))
    assert missing == []


def test_a_search_tree_says_its_algorithm_value_and_cutoffs() -> None:
    from gametheory.draw.tree import draw_trace
    from gametheory.search.alphabeta import alphabeta
    from gametheory.trees import tree

    result = alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
    role, title, desc = _alternative(draw_trace(result))
    assert (role, title) == ("img", "alphabeta search tree, step 40 of 40")
    assert desc.startswith("The value at the root is 3; the best line so far: a1 b1;")
    assert "cutoffs 1; cut off: I, J." in desc
    _, title, desc = _alternative(draw_trace(result, 3))
    assert title == "alphabeta search tree, step 3 of 40" and "cut off" not in desc


def test_a_caption_gives_the_title() -> None:
    run = mcts(Nim(5), iterations=30, seed=2, trace=True)
    _, title, _ = _alternative(draw_mcts(run, run.trace.step_of(5, "selection")))
    assert "5" in title  # the MCTS caption's first line: the iteration and phase


# -- a board's text alternative reads back as its position ------------------------------------
def _played(game: Any, picks: list[int]) -> tuple[Any, Any]:
    """The position after playing ``picks`` (each an index into the legal moves, taken
    modulo their number) from the start, stopping at the end; and the last move."""
    state, last = game.initial_state(), None
    for pick in picks:
        if game.is_terminal(state):
            break
        moves = game.legal_moves(state)
        last = moves[pick % len(moves)]
        state = game.result(state, last)
    return state, last


def _fields(desc: str, pattern: str) -> re.Match[str]:
    found = re.fullmatch(pattern, desc)
    assert found is not None, f"{desc!r} does not read as {pattern!r}"
    return found


def _squares(words: str) -> list[str]:
    return [] if words == "none" else words.split(", ")


@settings(max_examples=60, deadline=None)
@given(abapa_positions(), st.data())
def test_an_abapa_board_says_its_houses_stores_and_mover(
    drawn: tuple[Abapa, AbapaState], data: st.DataObject
) -> None:
    game, state = drawn
    n = game.rules.houses_per_side
    last = data.draw(st.none() | st.integers(1, 2 * n))
    role, title, desc = _alternative(draw_board(game, state, last_move=last))
    found = _fields(
        desc,
        rf"Houses 1–{n} \(A's row\): ([\d ]+); houses {n + 1}–{2 * n} \(B's row\): ([\d ]+); "
        r"stores A (\d+), B (\d+); (?:(A|B) to move|game over \(it was (A|B)'s turn\))"
        r"(?:; house (\d+) just played)?\.",
    )
    houses = [int(c) for c in f"{found[1]} {found[2]}".split()]
    mover = "AB".index(found[5] or found[6])
    assert game.state(houses, (int(found[3]), int(found[4])), mover) == state
    assert found[7] == (None if last is None else str(last))
    turn = "game over" if found[6] else f"{found[5]} to move"
    assert (role, title) == ("img", f"Abapa board: {turn} · stores A {found[3]}, B {found[4]}")


def test_an_abapa_board_names_the_captured_houses() -> None:
    game = Abapa()
    before = game.state([0, 0, 0, 0, 0, 1, 1, 5, 5, 5, 5, 5], stores=(10, 11), to_move=0)
    after = game.result(before, 6)  # the seed makes house 7 hold 2: captured
    assert game.explain(before, 6).captured == (7,) and after.stores == (12, 11)
    _, _, desc = _alternative(draw_board(game, after, last_move=6, previous=before))
    assert desc.endswith("; house 6 just played; captured: houses 7.")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 50), max_size=60))
def test_a_checkers_board_says_its_pieces_and_its_fen(picks: list[int]) -> None:
    game = Checkers()
    state, last = _played(game, picks)
    role, title, desc = _alternative(draw_board(game, state, last_move=last))
    found = _fields(
        desc,
        r"White men ([^;]+), kings ([^;]+); Black men ([^;]+), kings ([^;]+); ([^;]+)"
        r"(?:; last move (\S+))?; FEN (\S+)\.",
    )
    assert game.from_fen(found[7]) == state
    board = [0] * 64
    for group, piece in zip(range(1, 5), (1, 2, -1, -2), strict=True):
        for name in _squares(found[group]):
            board[square(name)] = piece
    assert tuple(board) == state.board
    assert found[6] == (None if last is None else game.move_label(last))
    assert (role, title) == ("img", f"Checkers board: {found[5]}")
    assert found[5] == game.text(state).splitlines()[-1]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(9, 5), (15, 5), (5, 3)]), st.lists(st.integers(0, 300), max_size=40))
def test_a_gomoku_board_says_its_stones_by_their_cells(
    shape: tuple[int, int], picks: list[int]
) -> None:
    game = Gomoku(size=shape[0], k=shape[1])
    state, last = _played(game, picks)
    role, title, desc = _alternative(draw_board(game, state, last_move=last))
    found = _fields(
        desc, r"Black stones, X \(A\): ([^;]+); white stones, O \(B\): ([^;]+); ([^;]+)\."
    )
    board = [EMPTY] * (game.size * game.size)
    for player in (0, 1):
        for name in _squares(found[player + 1]):
            row, col = game.cell(name)
            board[row * game.size + col] = player
    assert tuple(board) == state.board
    status = game.text(state).splitlines()[-1]
    assert found[3] == status + ("" if last is None else f" (last move {game.notation(last)})")
    assert role == "img" and title == f"Gomoku board, {game.size}×{game.size}: {found[3]}"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([3, 4]), st.lists(st.integers(0, 20), max_size=16))
def test_a_tictactoe_board_says_its_cells_and_rows(size: int, picks: list[int]) -> None:
    game = TicTacToe(size)
    state, last = _played(game, picks)
    role, title, desc = _alternative(draw_board(game, state, last_move=last))
    found = _fields(
        desc, r"X \(A\) on ([^;]+); O \(B\) on ([^;]+); rows (\S+); ([^;]+)(?:; last move (\d+))?\."
    )
    assert game.state(found[3]) == state
    for player in (0, 1):
        cells = [int(c) for c in _squares(found[player + 1])]
        assert cells == [i for i, mark in enumerate(state.board) if mark == player]
    assert found[5] == (None if last is None else str(last))
    assert (role, title) == ("img", f"Tic-tac-toe board: {found[4]}")
