"""The self-checks of notebook 07: right answers accepted, typical slips get their own hint."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_checks.alphabeta import (
    CHECKERS_ALFABETA,
    best_case_leaves,
    check_best_case_leaves,
    check_checkers_bugs,
    checkers_pseudocode,
)

from gametheory import Drill, alphabeta, random_tree
from gametheory.practice import cutoff_kinds
from gametheory.widgets.explorer import move_order

LESSON = Path(__file__).parents[1] / "notebooks" / "07_alpha_beta.py"


def test_the_lessons_drills_have_the_cutoffs_its_text_promises() -> None:
    # "Level 2 trees always have both kinds of cut …; level 3 trees also have a deep cutoff",
    # said of the drills the lesson makes from its own seed
    found = re.search(r"^SEED = (\d+)", LESSON.read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None
    seed = int(found.group(1))
    assert {"α", "β"} <= cutoff_kinds(Drill("alphabeta", seed=seed, level=2).trace)
    assert "deep" in cutoff_kinds(Drill("alphabeta", seed=seed, level=3).trace)


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


def test_the_rebuilt_figures_of_lesson_07x_fit_the_theses_text() -> None:
    """07x rebuilds two figures from the theses' text (moved here from the lesson's cells).
    Slovak figure 14: value 2, the second move's first reply −2, α-cutoffs at C and D.
    Hungarian figure 8: α = 5 at the start, the sibling gets 7 then 4, three cuts below MIN."""
    from gametheory import tree
    from gametheory.practice import cutoff_kinds
    from gametheory.search.trace import Backup, Cutoff

    figure_14 = tree([[4, 2], [-2, 5], [1, 3]])
    fig14 = alphabeta(figure_14, trace=True)
    assert fig14.trace is not None and fig14.value == 2
    cuts = [e for e in fig14.trace if isinstance(e, Cutoff)]
    assert [figure_14.node(e.path).name for e in cuts] == ["C", "D"]
    assert figure_14.node((1, 0)).payoff == -2 and cutoff_kinds(fig14.trace) == {"α"}
    fig8 = alphabeta(tree([[5, 6], [7, 4, 8], [3, 9], [6, 2, 1]]), trace=True)
    assert fig8.trace is not None
    backups = [e for e in fig8.trace if isinstance(e, Backup)]
    assert [(e.path, e.alpha) for e in backups if e.path == ()][0] == ((), 5)
    assert [e.value for e in backups if e.path == (1,)] == [7, 4]
    assert [fig8.trace.role(e.path) for e in fig8.trace if isinstance(e, Cutoff)] == ["MIN"] * 3
    source = Path(__file__).resolve().parent.parent / "notebooks" / "07x_alpha_beta_further.py"
    text = source.read_text(encoding="utf-8")
    assert "gt.tree([[4, 2], [-2, 5], [1, 3]])" in text
    assert "gt.tree([[5, 6], [7, 4, 8], [3, 9], [6, 2, 1]])" in text
