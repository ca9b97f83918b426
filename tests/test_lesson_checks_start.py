"""The self-checks of notebook 00 (``lesson_checks.start``): right answers pass however they
are typed, typical wrong answers get their own hint, and no hint gives the answer away."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lesson_checks import start

import gametheory as gt
from tests.lesson_check_helpers import assert_read_alike, verdict


def losing_piles() -> list[int]:
    """The oracle: minimax (the checks use negamax), on every pile of the exercise."""
    piles = range(1, start.LARGEST_PILE + 1)
    return [n for n in piles if gt.minimax(gt.Nim(n)).value == -1]


# -- exercise 1: losing piles ----------------------------------------------------------------
def test_losing_piles(capsys: pytest.CaptureFixture[str]) -> None:
    right = losing_piles()
    assert right == [4, 8]
    assert start.check_losing_piles(right)
    assert "the rest of 4" in verdict(capsys, True)
    for wrong, hint in [
        ([2, 4, 8], "with 2 matches the mover takes them all"),
        ([4, 6, 8], "with 6 matches the mover wins: one of the moves"),
        ([4], "a losing pile is missing"),
        ([], "a losing pile is missing"),
        ([4, 8, 12], "12 is not a pile of 1 to 8"),
        ("four", "list of whole numbers"),
        ([4, 8.5], "list of whole numbers"),
    ]:
        assert not start.check_losing_piles(wrong), wrong
        assert hint in verdict(capsys, False)


@given(st.sets(st.integers(1, start.LARGEST_PILE)))
def test_a_wrong_list_of_piles_is_never_told_the_winning_move(piles: set[int]) -> None:
    # the hint names the first wrong pile, but never the move that wins from it
    from contextlib import redirect_stdout
    from io import StringIO

    out = StringIO()
    with redirect_stdout(out):
        ok = start.check_losing_piles(sorted(piles))
    assert bool(ok) == (sorted(piles) == losing_piles())
    assert "take 1 and" not in out.getvalue() and "leave 4" not in out.getvalue()


@pytest.mark.parametrize("typed", ["4, 8", "4 8", [4.0, "8"], np.array([4, 8]), (np.int64(4), 8)])
def test_losing_piles_are_read_however_they_are_typed(
    capsys: pytest.CaptureFixture[str], typed: object
) -> None:
    assert start.check_losing_piles(typed)
    verdict(capsys, True)


# -- exercise 2: the first move --------------------------------------------------------------
def test_first_move(capsys: pytest.CaptureFixture[str]) -> None:
    game = gt.Nim(start.MATCHES)
    winning = [
        m
        for m in game.legal_moves(game.initial_state())
        if gt.minimax(game, game.result(game.initial_state(), m)).value == -1  # B, to move, loses
    ]
    assert winning == [1]  # minimax (not the negamax the check uses) as the oracle
    assert start.check_first_move(1)
    assert "leaves 12" in verdict(capsys, True)
    for take, reply in [(2, "B takes 3 and leaves 8"), (3, "B takes 2 and leaves 8")]:
        assert not start.check_first_move(take)
        assert reply in verdict(capsys, False)
    for bad, hint in [(0, "1, 2 or 3"), (4, "1, 2 or 3"), ("1.5", "'1.5' is not a whole number")]:
        assert not start.check_first_move(bad)
        assert hint in verdict(capsys, False)
    for bad in (True, None, "one"):
        assert not start.check_first_move(bad)
        assert "is not a number" in verdict(capsys, False)


# -- exercise 3: the first tree --------------------------------------------------------------
def test_the_first_tree_is_the_textbook_one() -> None:
    t = start.first_tree()
    assert [[leaf.payoff for leaf in b.children] for b in t.root.children] == start.FIRST_TREE
    assert start.FIRST_TREE == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 3rd ed., fig. 5.2


def test_tree_value(capsys: pytest.CaptureFixture[str]) -> None:
    t = start.first_tree()
    # the oracle by hand: the best for A of B's best answers
    right = max(min(row) for row in start.FIRST_TREE)
    assert right == gt.minimax(t).value == 3
    assert start.check_tree_value(right)
    assert "3, 2, 2" in verdict(capsys, True)
    for wrong, hint in [
        (14, "B chooses after A"),
        (2, "as if B chose everything"),
        (12, "under each branch find B's answer"),
        (7, "7 is not a leaf"),
        (3.5, "3.5 is not a whole number"),
    ]:
        assert not start.check_tree_value(wrong)
        out = verdict(capsys, False)
        assert hint in out and "3" not in out.replace("3.5", ""), out  # the answer is not given


# -- every check reads "20", 20.0 and numpy's 20 alike ------------------------------------------
@pytest.mark.parametrize(
    "check, right",
    [(start.check_first_move, 1), (start.check_tree_value, 3)],
    ids=["first move", "tree value"],
)
def test_a_number_is_read_alike_however_it_is_typed(
    capsys: pytest.CaptureFixture[str], check: object, right: int
) -> None:
    assert_read_alike(capsys, check, right)
