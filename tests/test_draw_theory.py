"""The pictures of the three forms of a game (gametheory/draw/theory.py): the tree of an
extensive-form game, the payoff table of a normal-form game, the table of a coalitional game;
and the display hooks that reach them without loading any drawing code before."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from gametheory.draw.theory import (
    CELL,
    CHOSEN,
    coalition_table_html,
    draw_extensive_form,
    payoff_table_html,
)
from gametheory.theory.cooperative import CoalitionalGame, glove_game
from gametheory.theory.extensive_form import ChanceNode, Decision, ExtensiveFormGame, ultimatum_game
from gametheory.theory.normal_form import NormalFormGame, battle_of_the_sexes, prisoners_dilemma
from tests.test_normal_form import CATALOGUE

THESIS = {"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (8, 2), "R": (0, 0)}}


# --------------------------------------------------------------------------- display hooks


def test_the_theory_modules_load_no_drawing_until_a_picture_is_asked_for() -> None:
    # gametheory/__init__.py imports the whole package (tests/test_architecture.py checks
    # that it loads no drawing either); here the package is a bare namespace, so that only
    # what the theory modules import themselves is loaded
    code = textwrap.dedent(
        f"""
        import sys, types
        package = types.ModuleType("gametheory")
        package.__path__ = [{str(Path(__file__).parents[1] / "gametheory")!r}]
        sys.modules["gametheory"] = package
        import gametheory.theory.normal_form as nf
        import gametheory.theory.extensive_form as ef
        import gametheory.theory.cooperative as co
        def drawing():
            return sorted(m for m in sys.modules if m.startswith("gametheory.draw"))
        print(drawing())
        nf.prisoners_dilemma()._repr_html_()
        print("gametheory.draw.theory" in drawing())
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert out[:2] == ["[]", "True"]


def test_the_hooks_show_the_draw_modules_pictures() -> None:
    game = ultimatum_game()
    assert game._repr_svg_() == str(draw_extensive_form(game)) == str(game.draw())
    assert prisoners_dilemma()._repr_html_() == payoff_table_html(prisoners_dilemma())
    assert glove_game()._repr_html_() == coalition_table_html(glove_game())


# --------------------------------------------------------------------------- extensive form


def test_drawing_shows_payoffs_infosets_and_the_equilibrium() -> None:
    picture = ultimatum_game().draw()
    assert picture.startswith("<svg") and picture.count("(0, 0)") == 2
    assert f'stroke="{CHOSEN}" stroke-width="3.5"' in picture  # U and then A, in bold red
    blind = ExtensiveFormGame(THESIS, infosets=[[("F",), ("U",)]]).draw()
    assert blind.count("stroke-dasharray") == 1 and CHOSEN not in blind
    assert CHOSEN not in ultimatum_game().draw(equilibrium=None)
    assert ultimatum_game()._repr_svg_() == str(picture)


def test_a_given_equilibrium_is_the_one_marked() -> None:
    tie = ExtensiveFormGame({"L": {"a": (1, 0), "b": (3, 0)}, "R": (2, 5)})
    first, second = tie.backward_induction(every=True)  # R (and a below L), then L then b
    bold = f'stroke="{CHOSEN}" stroke-width="3.5"'
    assert draw_extensive_form(tie).count(bold) == 1  # R: a leaf, play ends there
    assert draw_extensive_form(tie, equilibrium=second).count(bold) == 2  # L, then b
    assert draw_extensive_form(tie, equilibrium=first) == draw_extensive_form(tie)


def test_chance_nodes_a_third_player_and_escaped_names() -> None:
    game = ExtensiveFormGame(
        ChanceNode({"h": (0.25, {"x": (1, 2, 3), "y": (0, 0, 1)}),
                    "t": (0.75, Decision(2, {"<a>": (1, 1, 1), "b": (2, 2, 2)}))}),
        name="three & more",
    )  # fmt: skip
    picture = game.draw()
    assert picture.count("<polygon") == 1 and ">C</text>" in picture  # the chance node
    assert ">3</text>" in picture  # player 3's node
    assert "h (0.25)" in picture and "t (0.75)" in picture  # each outcome's probability
    assert "&lt;a&gt;" in picture and "three &amp; more" in picture
    assert 'stroke-width="3.5"' in picture  # both outcomes are played
    assert CHOSEN in picture  # and player 1 (at h) and 3 (at t) choose


# --------------------------------------------------------------------------- normal form


def cells(html: str) -> list[tuple[str, str]]:
    """Every payoff cell of a table, row by row: its style and its text."""
    return re.findall(r"<td style='([^']*)'>(.*?)</td>", html)


@pytest.mark.parametrize("make", CATALOGUE)
def test_catalogue_games_render(make: object) -> None:
    g = make()  # type: ignore[operator]
    html = payoff_table_html(g)
    assert html.count("★</td>") == len(g.pure_nash_equilibria())
    for label in g.row_labels + g.col_labels:
        assert label in html
    assert html.count("<li>") == len(g.nash_equilibria())


def test_html_underlines_best_responses() -> None:
    html = prisoners_dilemma()._repr_html_()
    # betraying is the best response to everything: two underlines per player
    assert html.count("<u>") == 4
    assert "<u><b>-5</b></u>, <u><b>-5</b></u> ★" in html


def test_mixed_equilibria_are_listed_by_their_weights() -> None:
    html = battle_of_the_sexes()._repr_html_()
    assert "<li>(opera; opera) → 3, 2</li>" in html
    assert "<li>(0.6 opera + 0.4 football; 0.4 opera + 0.6 football) → 1.2, 1.2</li>" in html


def test_a_degenerate_game_names_the_corners_of_its_set_of_equilibria() -> None:
    g = NormalFormGame([[1, 1], [0, 2]], [[1, 1], [2, 0]])
    html = g._repr_html_()
    assert "every mixture of the corners of one set is an equilibrium too" in html
    assert html.count("(a corner of set 1)") == 2  # the two ends of the segment
    assert "corner" not in battle_of_the_sexes()._repr_html_()  # isolated equilibria only


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_marks_are_the_kernels_best_responses(data: st.DataObject) -> None:
    m, n = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    payoffs = arrays(np.int64, (m, n), elements=st.integers(-3, 3))
    g = NormalFormGame(data.draw(payoffs), data.draw(payoffs))
    marked, bare = cells(payoff_table_html(g)), cells(payoff_table_html(g, marks=False))
    assert len(marked) == len(bare) == m * n
    rows = {(i, j) for j in range(n) for i in g.row_best_responses(j)}
    cols = {(i, j) for i in range(m) for j in g.col_best_responses(i)}
    for k, ((style, text), (bare_style, bare_text)) in enumerate(zip(marked, bare, strict=True)):
        cell = divmod(k, n)
        a, b = (f"{x:g}" for x in g.payoff(*cell))
        assert bare_style == CELL and bare_text == f"{a}, {b}"
        first, second = text.removesuffix(" ★").split(", ")
        assert (first == f"<u><b>{a}</b></u>") == (cell in rows) and first in (
            a,
            f"<u><b>{a}</b></u>",
        )
        assert (second == f"<u><b>{b}</b></u>") == (cell in cols) and second in (
            b,
            f"<u><b>{b}</b></u>",
        )
        pure = cell in g.pure_nash_equilibria()
        assert text.endswith(" ★") == pure and (style != CELL) == pure


# --------------------------------------------------------------------------- coalitional form


def test_the_coalition_table_lists_every_coalition() -> None:
    html = glove_game()._repr_html_()
    assert html.count("<tr>") == 1 + 8 and "Shapley value" in html
    assert "<td style='padding:2px 8px'>∅</td>" in html
    assert "{&#x27;L&#x27;, &#x27;R1&#x27;}" in html  # the players in their order, escaped


def test_the_coalition_table_shows_the_values() -> None:
    html = coalition_table_html(CoalitionalGame("AB", {"A": 1, "B": 2, "AB": 6.5}))
    assert "text-align:right'>6.5</td>" in html
    assert "Shapley value: &#x27;A&#x27;: 2.75, &#x27;B&#x27;: 3.75" in html


@pytest.mark.parametrize("matches", [3, 4, 5])
def test_a_move_label_stands_beside_its_edge_and_apart_from_its_neighbours(matches: int) -> None:
    """Issue 37: in the matches game a move's label sat on a vertical edge, and the root's
    labels 2 and 3 crowded each other."""
    from gametheory.games.nim import Nim

    picture = str(draw_extensive_form(ExtensiveFormGame.from_game(Nim(matches))))
    number = r"(-?[\d.]+)"
    lines = re.findall(rf'<line x1="{number}" y1="{number}" x2="{number}" y2="{number}"', picture)
    labels = re.findall(
        rf'<text x="{number}" y="{number}" text-anchor="(\w+)" font-style="italic">', picture
    )
    assert len(lines) == len(labels) > 0
    spots = []
    for (x1, y1, x2, y2), (tx, ty, anchor) in zip(lines, labels, strict=True):
        x1, y1, x2, y2, tx, ty = map(float, (x1, y1, x2, y2, tx, ty))
        # the label's near edge is its anchor point; it must face away from the line
        my = ty - 4  # the middle of the text's height
        t = (my - y1) / (y2 - y1)
        line_x = x1 + t * (x2 - x1)
        assert anchor in ("start", "end")
        assert (tx - line_x >= 5) if anchor == "start" else (line_x - tx >= 5), (tx, line_x)
        spots.append((tx, ty, anchor))
    for a, b in itertools.pairwise(spots):  # siblings in the order drawn
        if a[1] == b[1] and a[2] == "end" and b[2] == "start":
            continue  # facing away from each other
        if a[1] == b[1]:
            assert abs(a[0] - b[0]) >= 20, (a, b)
