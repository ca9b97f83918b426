"""The self-checks of notebook 12: right answers pass, each typical mistake gets its hint."""

from __future__ import annotations

import math

import pytest
from lesson_checks.mcts import (
    before_iteration,
    check_backup,
    check_next_child,
    check_ucb1,
    exercise_search,
)


def test_the_numbers_the_exercises_state_are_those_of_the_search() -> None:
    snap = before_iteration(10)
    assert (snap.visits[()], snap.visits[(0,)]) == (9, 7)
    assert snap.value((0,), 0) == pytest.approx(2 / 7)
    assert [(snap.visits[(i,)], snap.value((i,), 0)) for i in (1, 2)] == [(1, -1.0), (1, -1.0)]
    before = before_iteration(11)
    assert (before.visits[(1,)], before.values[(1,)]) == (2, 0.0)
    trace = exercise_search().trace
    back = trace.events[trace.step_of(11, "backpropagation") - 1]
    assert back.path == (1, 1) and back.outcome == (-1.0, 1.0)  # C's second child; MIN wins


def test_ucb1_right_and_each_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    c, q, big_n, n = math.sqrt(2), 2 / 7, 9, 7
    right = q + c * math.sqrt(math.log(big_n) / n)
    assert check_ucb1(right) and check_ucb1(round(right, 3))
    mistakes = {
        q: "only Q",
        c * math.sqrt(math.log(big_n) / n): "only the exploration bonus",
        q + math.sqrt(math.log(big_n) / n): "without c",
        q + c * math.sqrt(math.log(n) / big_n): "swapped",
        -q + c * math.sqrt(math.log(big_n) / n): "Q for MIN",
        q + c * math.sqrt(math.log10(big_n) / n): "log base 10",
        -1 + c * math.sqrt(math.log(big_n) / 1): "the score of C and D",
        q + c * math.sqrt(math.log(big_n + 1) / n): "or what N = 10 would give",
        5.0: "use Q + c·√(ln N / n)",
        "1.07": "use Q + c·√(ln N / n)",  # read as a number, as the drills read it
        "one": "answer with a number",
    }
    for answer, hint in mistakes.items():
        capsys.readouterr()
        assert not check_ucb1(answer)  # type: ignore[arg-type]
        assert hint in capsys.readouterr().out


def test_next_child_right_and_each_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_next_child("C") and check_next_child("a2") and check_next_child(" c ")
    for answer, hint in {
        "D": "ties for the best score",
        "a3": "ties for the best score",
        "B": "B has the best mean",
        "E": "is not a child of the root",
    }.items():
        capsys.readouterr()
        assert not check_next_child(answer)
        assert hint in capsys.readouterr().out
    trace = exercise_search().trace
    assert trace.snapshot(trace.step_of(10)).path[:1] == (1,)  # selection did go to C


def test_backup_right_and_each_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_backup(3, 1 / 3) and check_backup(3, 0.333)
    for (visits, q), hint in {
        (3, -1 / 3): "that is Q for MAX",
        (2, 1 / 3): "the visit counts too",
        (4, 1 / 3): "C had N = 2",
        (3, 1.0): "Q is a mean",
        (3.5, 1 / 3): "answer with a whole number",
        ("three", 1 / 3): "answer with a whole number",
    }.items():
        capsys.readouterr()
        assert not check_backup(visits, q)  # type: ignore[arg-type]
        assert hint in capsys.readouterr().out


def test_answers_typed_as_text_or_as_floats_are_read_as_the_drills_read_them() -> None:
    """Issue 24: "3", 3.0 and a numpy integer alike, "1,078" and "1/3" as the one parser
    reads them (lesson 09 promises decimal commas and fractions everywhere)."""
    np = pytest.importorskip("numpy")
    for visits in (3, "3", 3.0, np.int64(3)):
        assert check_backup(visits, "1/3") and check_backup(visits, "0,333")
    assert check_ucb1("1,078") and check_ucb1("1.078") and check_ucb1(" 1.078 ")


def test_answers_computed_with_numpy_are_numbers_too(capsys: pytest.CaptureFixture[str]) -> None:
    np = pytest.importorskip("numpy")
    assert check_backup(np.int64(3), np.float64(1 / 3))
    assert check_ucb1(np.float64(2 / 7 + math.sqrt(2) * math.sqrt(np.log(9) / 7)))
    capsys.readouterr()
    assert not check_backup(np.float64(3.5), 1 / 3)
    assert "answer with a whole number" in capsys.readouterr().out


def test_lesson_12s_story_of_the_first_three_iterations() -> None:
    """What lesson 12 says of its small tree's search (moved here from the lesson's cells):
    iterations 1 and 2 try the root's two moves; in iteration 3 selection goes to B,
    expansion adds D, and the playout plays one move to a leaf; 16 iterations pick a1."""
    from gametheory import mcts, tree

    small = tree([[[1, -1], [0, 1]], [[-1, 0], [1, -1]]])
    run = mcts(small, iterations=16, seed=0, trace=True)
    trace = run.trace
    assert trace is not None and len(trace) == 4 * 16 and run.move == 0
    assert [trace.snapshot(trace.step_of(i, "expansion")).path for i in (1, 2)] == [(0,), (1,)]
    phases = [
        trace.events[trace.step_of(3, phase) - 1]
        for phase in ("selection", "expansion", "simulation")
    ]
    assert phases[0].path == (0,) and phases[1].path == (0, 0) and len(phases[2].moves) == 1
