"""The self-checks of notebook 07: right answers accepted, typical slips get their own hint."""

from __future__ import annotations

import pytest
from lesson_checks.alphabeta import (
    CHECKERS_ALFABETA,
    best_case_leaves,
    check_best_case_leaves,
    check_checkers_bugs,
    checkers_pseudocode,
)

from gametheory import alphabeta, random_tree
from gametheory.widgets.explorer import move_order


@pytest.mark.parametrize(("b", "d"), [(2, 1), (2, 6), (3, 3), (3, 5), (4, 4), (5, 2)])
def test_the_best_case_formula_is_what_alpha_beta_does_with_the_best_order(b: int, d: int) -> None:
    for seed in range(3):
        t = random_tree(b, d, seed=seed)
        leaves = alphabeta(t, order=move_order(t, "best first")).stats.leaves
        assert leaves == best_case_leaves(b, d)


def test_best_case_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_best_case_leaves(31) and check_best_case_leaves("31")
    assert check_best_case_leaves(19, branching=4, depth=3)
    for wrong, hint in [
        (256, "every leaf"),
        (16, "rough size"),
        (32, "counts one leaf twice"),
        ("x", "not a whole number"),
        (7, "put in b = 4, d = 4"),
    ]:
        assert not check_best_case_leaves(wrong)
        assert hint in capsys.readouterr().out


def test_the_pseudocode_is_the_thesis_listing() -> None:
    lines = CHECKERS_ALFABETA.splitlines()
    assert len(lines) == 23 and lines[0] == "alfabeta(Pozicia, HlbkaPrehladavania, alfa, beta)"
    assert lines[6] == "for(IndexTahu=1, IndexTahu<pocet, IndexTahu++)"
    assert lines[10] == "Hodnota=-minimax(Pozicia, HlbkaPrehladavania-1, -beta, -alfa);"
    assert checkers_pseudocode().splitlines()[10].startswith("11  Hodnota=-minimax")


def test_spot_the_bug_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_checkers_bugs({7, 11}) and check_checkers_bugs(["7", "11"])
    for wrong, hint in [
        ({7}, "look at the function the loop calls"),
        ({11}, "look at the moves the loop tries"),
        ({7, 11, 17}, "lines 17–18 are right"),
        ({9}, "line 9 is fine"),
        ({7, 15}, "right at the opponent's nodes only"),
        ({0, 7}, "numbered 1 to 23"),
        ("seven", "whole numbers"),
        (set(), "two lines are wrong"),
    ]:
        assert not check_checkers_bugs(wrong)
        assert hint in capsys.readouterr().out


def test_answers_typed_as_students_type_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_best_case_leaves(31.0) and check_best_case_leaves(" 31 ")
    assert check_checkers_bugs("7, 11") and check_checkers_bugs("11 7")
    for wrong in ({7.9, 11}, {7, 11.5}, {True, 11}):
        capsys.readouterr()
        assert not check_checkers_bugs(wrong)
        assert "whole numbers" in capsys.readouterr().out
    assert not check_best_case_leaves(31.5)
    assert "not a whole number" in capsys.readouterr().out
