"""The self-checks of notebook 04 (``lesson_checks.trees``): counts and colours computed
independently here are the oracles; answers are read however they are typed; no hint gives
the answer away."""

from __future__ import annotations

import contextlib
import io
import itertools
from contextlib import redirect_stdout
from io import StringIO

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lesson_checks import trees

import gametheory as gt
from gametheory.andor import DRAW, LOSS, WIN, AndOrGraph, label
from gametheory.trees import Node
from tests.lesson_check_helpers import assert_hints, assert_read_alike, verdict


# -- positions after two plies ---------------------------------------------------------------
def canonical(board: tuple[int, ...]) -> tuple[int, ...]:
    """The smallest of the eight symmetric images of a 3 × 3 board (an oracle of our own)."""
    cells = [board[3 * r : 3 * r + 3] for r in range(3)]
    images = []
    for _ in range(4):
        cells = [list(row) for row in zip(*cells[::-1], strict=True)]  # a quarter turn
        images += [tuple(sum(cells, [])), tuple(sum((row[::-1] for row in cells), []))]
    return min(images)


def test_positions_after_two_plies(capsys: pytest.CaptureFixture[str]) -> None:
    boards = set()
    for x, o in itertools.permutations(range(9), 2):
        board = [0] * 9
        board[x], board[o] = 1, 2
        boards.add(canonical(tuple(board)))
    assert len(boards) == 12
    assert trees.check_positions_after_two_plies(len(boards))
    verdict(capsys, True)
    cases = [
        (72, "rotations or reflections"),
        (3, "after one ply"),
        (81, "9 × 8 = 72"),
        (5, "too few"),
        (20, "too many"),
        (12.5, "12.5 is not a whole number"),
    ]
    assert_hints(capsys, trees.check_positions_after_two_plies, cases, hidden="12 ")


# -- colouring -------------------------------------------------------------------------------
def colour_by_hand(node: Node) -> str:
    """The thesis' rule, written again: the oracle of the check (which uses minimax)."""
    if not node.children:
        return trees.COLOURS[int(node.payoff or 0)]
    below = {colour_by_hand(c) for c in node.children}
    mine, theirs = ("black", "white") if node.player == 0 else ("white", "black")
    return mine if mine in below else theirs if below == {theirs} else "grey"


def right_colours() -> dict[str, str]:
    t = trees.colouring_tree()
    return {n.name: colour_by_hand(n) for n in t if n.children}


def test_the_colouring_by_hand_agrees_with_the_package_labels() -> None:
    t = trees.colouring_tree()
    graph = AndOrGraph.from_game(t)
    letters = label(graph)
    word = {WIN: "black", DRAW: "grey", LOSS: "white"}
    assert all(word[letters[n]] == colour_by_hand(n) for n in t)


def test_colouring(capsys: pytest.CaptureFixture[str]) -> None:
    right = right_colours()
    assert {k: right[k] for k in "ABCD"} == {
        "A": "black",
        "B": "white",
        "C": "grey",
        "D": "black",
    }
    assert trees.check_colouring({k: right[k] for k in "ABCD"})
    verdict(capsys, True)
    assert trees.check_colouring(right)  # E to J as well
    verdict(capsys, True)
    assert trees.check_colouring({"a": "Black", " b ": "WHITE", "C": "gray", "D": "black"})
    verdict(capsys, True)


def test_a_wrong_colour_is_named_bottom_up_with_its_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    right = right_colours()
    for wrong, first, rule in [
        ({"H": "white"}, "H:", "the first player moves at H"),
        ({"D": "white", "A": "grey"}, "D:", "the second player moves at D"),
        ({"A": "white"}, "A:", "your B, C and D are right"),
        ({"B": "grey", "F": "grey"}, "F:", "look at its leaves"),
    ]:
        answer = {**{k: right[k] for k in "ABCD"}, **wrong}
        assert not trees.check_colouring(answer)
        out = verdict(capsys, False)
        assert out.startswith(f"✗ Not yet: {first}") and rule in out, out
    # only A, B, C, D given and D wrong: its children I and J were not answered
    assert not trees.check_colouring({**{k: right[k] for k in "ABC"}, "D": "white"})
    assert "work out I and J first" in verdict(capsys, False)


@given(st.fixed_dictionaries({k: st.sampled_from(["black", "white", "grey"]) for k in "ABCD"}))
def test_a_right_node_is_never_called_wrong(answer: dict[str, str]) -> None:
    right = right_colours()
    if answer == {k: right[k] for k in "ABCD"}:
        return
    wrong = {k for k in "ABCD" if answer[k] != right[k]}
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert not trees.check_colouring(answer)
    said = out.getvalue()
    named = said.split(": ")[1].split(" ")[0] if ": " in said else ""
    assert named in wrong, said  # the node blamed is a wrong one
    for right_one in set("ABCD") - wrong:
        assert f"colour {right_one}" not in said and f"{right_one} again" not in said


@given(st.fixed_dictionaries({k: st.sampled_from(["black", "white", "grey"]) for k in "ABCD"}))
def test_a_colouring_is_accepted_exactly_when_it_is_right(answer: dict[str, str]) -> None:
    with redirect_stdout(StringIO()) as out:
        ok = trees.check_colouring(answer)
    right = right_colours()
    assert bool(ok) == all(answer[k] == right[k] for k in "ABCD")
    if not ok:  # the rule of the node, never its colour
        node = out.getvalue().split(":")[1].strip()
        assert f"{node} is {right[node]}." not in out.getvalue()


def test_a_colouring_in_the_wrong_form(capsys: pytest.CaptureFixture[str]) -> None:
    for bad, hint in [
        ("black", "a dict of node names and colours"),
        ({"A": "black"}, "B, C, D missing"),
        ({"A": "red", "B": "white", "C": "grey", "D": "black"}, "not 'red'"),
        ({"K": "black"}, "'K' is not a node above the leaves"),
    ]:
        assert not trees.check_colouring(bad)
        assert hint in verdict(capsys, False)


# -- nodes or positions ----------------------------------------------------------------------
def tree_size(matches: int) -> int:
    """Nodes of the matches game's complete tree, by the recurrence (an oracle of our own)."""
    return 1 + sum(tree_size(matches - k) for k in (1, 2, 3) if k <= matches)


def leaves(matches: int) -> int:
    return 1 if matches == 0 else sum(leaves(matches - k) for k in (1, 2, 3) if k <= matches)


def test_tree_nodes(capsys: pytest.CaptureFixture[str]) -> None:
    assert (tree_size(5), leaves(5)) == (28, 13)
    t = gt.expand(gt.Nim(5), depth=5)
    assert (len(t), len(t.leaves())) == (28, 13)
    assert trees.check_tree_nodes(28)
    verdict(capsys, True)
    cases = [
        (13, "the tree's size as the thesis measures it"),
        (15, "the inner nodes"),
        (27, "forgets the root"),
        (10, "counts positions"),
        (30, "count level by level"),
        ("many", "is not a number"),
    ]
    assert_hints(capsys, trees.check_tree_nodes, cases, hidden="28")


# -- the enlarged picture --------------------------------------------------------------------
def test_an_enlarged_picture_is_the_same_svg_shown_wider() -> None:
    import base64

    from gametheory.draw.tree import draw_tree

    picture = draw_tree([[1, 2], [3]])
    html = str(trees.enlarged(picture, 2))
    width = float(picture.split('width="')[1].split('"')[0])
    assert f'width="{2 * width:.0f}"' in html
    assert base64.b64decode(html.split("base64,")[1].split('"')[0]).decode() == picture


# -- every check reads "20", 20.0 and numpy's 20 alike ------------------------------------------
@pytest.mark.parametrize(
    "check, right",
    [(trees.check_positions_after_two_plies, 12), (trees.check_tree_nodes, 28)],
    ids=["positions after two plies", "tree nodes"],
)
def test_a_number_is_read_alike_however_it_is_typed(
    capsys: pytest.CaptureFixture[str], check: object, right: int
) -> None:
    assert_read_alike(capsys, check, right)
