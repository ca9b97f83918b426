"""Issue 35's findings, one test each: student code that cannot hang or kill the grader's
process, hand-offs to the package seen, seeds that differ by sign, players that do not
alternate. Each of these failed (or hung, or killed the process) with the grader before
the sandbox."""

from __future__ import annotations

import math
import os
import sys
import time
from typing import Any

import pytest

import gametheory
from gametheory.core import GameError
from gametheory.practice.grader import grade


def right_minimax(game: Any, state: Any) -> Any:
    if game.is_terminal(state):
        return game.utility(state, 0)
    values = [right_minimax(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def one_line_loop(game: Any, state: Any, alpha: float, beta: float) -> float:
    while True: pass  # fmt: skip  # noqa: E701 - one line: no line events on 3.10/3.11


def bare_except_recursion(game: Any, state: Any) -> float:
    try:
        return bare_except_recursion(game, state)
    except:  # noqa: E722 - the hostile pattern under test: it catches the time limit too
        return bare_except_recursion(game, state)


def sleeper(game: Any, state: Any) -> float:
    time.sleep(60)
    return 0.0


def c_level(game: Any, state: Any) -> float:
    return float(sum(range(10**11)))


def untrace(game: Any, state: Any) -> float:
    sys.settrace(None)
    while True:
        pass


def calls_exit(game: Any, state: Any) -> float:
    exit()


def os_exit(game: Any, state: Any) -> float:
    os._exit(0)


def recursion_trick(game: Any, state: Any) -> float:
    sys.setrecursionlimit(10**6)
    return recursion_trick(game, state)


class Mine(BaseException):
    pass


class BadStr(Exception):
    def __str__(self) -> str:
        raise ValueError("no")


def raises(error: BaseException) -> Any:
    def function(game: Any, state: Any) -> float:
        raise error

    return function


def grade_inside(game: Any, state: Any) -> float:
    grade(grade_inside, "minimax")
    return 0.0


def tamper(game: Any, state: Any) -> Any:
    node = state
    while not game.is_terminal(node):
        node = game.result(node, 0)
    object.__setattr__(state, "_node", node._node)  # the root now "is" a leaf
    return game.utility(state, 0)


def patch_grader(game: Any, state: Any) -> float:
    import gametheory.practice.grader as grader

    grader._first_difference = lambda *args: None
    return 0.0


def constant(game: Any, state: Any) -> float:
    return 3.0


def flood(game: Any, state: Any) -> float:
    while True:
        print("x" * 10_000)


def package_alphabeta(game: Any, state: Any, alpha: float, beta: float) -> float:
    return float(gametheory.alphabeta(game, state).value)


def package_import(game: Any, state: Any) -> float:
    from gametheory.search import minimax

    return float(minimax(game, state).value)


def flag_minimax(game: Any, state: Any, maximizing: bool = True) -> Any:
    if game.is_terminal(state):
        return game.utility(state, 0)
    values = [
        flag_minimax(game, game.result(state, m), not maximizing) for m in game.legal_moves(state)
    ]
    return max(values) if maximizing else min(values)


def aima_alternating(game: Any, state: Any) -> float:
    def max_value(s: Any) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        return max(min_value(game.result(s, m)) for m in game.legal_moves(s))

    def min_value(s: Any) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        return min(max_value(game.result(s, m)) for m in game.legal_moves(s))

    return max_value(state)


def _failed(function: Any, kind: str = "minimax", **options: Any) -> str:
    start = time.perf_counter()
    report = grade(function, kind, time_limit=1.0, **options)
    assert time.perf_counter() - start < 4.0
    assert not report.passed
    return report.message


@pytest.mark.parametrize(
    ("function", "kind"),
    [
        (one_line_loop, "alphabeta"),
        (bare_except_recursion, "minimax"),
        (sleeper, "minimax"),
        (c_level, "minimax"),
        (untrace, "minimax"),
    ],  # fmt: skip
)
def test_a_function_that_runs_on_is_stopped_at_the_limit(function: Any, kind: str) -> None:
    message = _failed(function, kind)
    assert "ran for more than 1 s" in message or "calls itself without end" in message, message


def test_exit_is_named_and_the_grader_lives_on() -> None:
    message = _failed(calls_exit)
    assert "called exit()" in message
    assert "return` missing" not in message
    assert "ended its process" in _failed(os_exit)


def test_a_recursion_trick_does_not_crash_the_grader() -> None:
    message = _failed(recursion_trick)
    assert any(w in message for w in ("segmentation fault", "RecursionError", "ran for more",
                                      "without end", "memory")), message  # fmt: skip
    assert sys.getrecursionlimit() < 10**6


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (SystemExit(), "called exit()"),
        (GeneratorExit(), "raised GeneratorExit"),
        (Mine("x"), "raised Mine"),
        (KeyboardInterrupt(), "raised KeyboardInterrupt"),
        (BadStr(), "its message could not be shown"),
    ],  # fmt: skip
)
def test_every_base_exception_is_said_in_words(error: BaseException, words: str) -> None:
    assert words in _failed(raises(error))


def test_grade_inside_the_graded_function_is_told_not_deadlocked() -> None:
    assert "called from inside the function being graded" in _failed(grade_inside)


def test_tampering_and_patching_the_grader_are_not_graded_right() -> None:
    assert "cannot change" in _failed(tamper)
    _failed(patch_grader)
    assert grade(right_minimax, "minimax").passed  # the grader of this process is untouched


def test_a_constant_is_not_called_stopped() -> None:
    message = _failed(constant)
    assert "without looking at a single leaf" in message
    assert "stopped" not in message


def test_printing_is_capped() -> None:
    assert "printed more than" in _failed(flood)


@pytest.mark.parametrize(
    ("function", "kind"), [(package_alphabeta, "alphabeta"), (package_import, "minimax")]
)
def test_handing_the_work_to_the_package_is_seen(function: Any, kind: str) -> None:
    report = grade(function, kind)
    assert not report.passed
    assert report.bug is not None and report.bug.name == "handed-off"
    assert "hands the work to the package" in report.message


def test_seeds_n_and_minus_n_give_different_trees() -> None:
    for n in (1, 5, 12):
        plus, minus = grade(constant, "minimax", seed=n), grade(constant, "minimax", seed=-n)
        assert [repr(t) for t in plus.trees] != [repr(t) for t in minus.trees]


@pytest.mark.parametrize("seed", [1.5, "3", True])
def test_a_bad_seed_is_refused_by_name(seed: Any) -> None:
    with pytest.raises(GameError, match="seed"):
        grade(right_minimax, "minimax", seed=seed)


@pytest.mark.parametrize("level", [0, 4, 2.0, True])
def test_a_bad_level_is_refused_by_name(level: Any) -> None:
    with pytest.raises(GameError, match="level"):
        grade(right_minimax, "minimax", level=level)


@pytest.mark.parametrize("function", [flag_minimax, aima_alternating])
@pytest.mark.parametrize("seed", range(6))
def test_a_search_that_assumes_alternation_is_named_from_level_2(function: Any, seed: int) -> None:
    assert grade(function, "minimax", seed=seed, level=1).passed
    report = grade(function, "minimax", seed=seed, level=2)
    assert not report.passed
    assert report.bug is not None and report.bug.name == "alternation", report.message
    assert any(
        node.player == child.player
        for t in report.trees
        for node in t
        for child in node.children
        if not child.is_leaf
    )


def test_right_code_still_passes_on_trees_that_do_not_alternate() -> None:
    for seed in range(5):
        assert grade(right_minimax, "minimax", seed=seed, level=3).passed
    assert math.isfinite(grade(right_minimax, "minimax").tests)


def notes_alfabeta(game: Any, state: Any, alpha: float, beta: float) -> Any:
    """The notes' Procedura AlfaBeta as a student types it: α at MAX, β at MIN."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        value = notes_alfabeta(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if game.to_move(state) == 0 else beta


@pytest.mark.parametrize("seed", [None, 1, 2, 3])
def test_the_notes_procedure_is_named_fail_hard_as_lesson_07_names_it(seed: Any) -> None:
    report = grade(notes_alfabeta, "alphabeta", seed=seed)
    assert report.passed and report.convention == "notes", report.message
    assert "fail-hard as lesson 07 calls it" in report.message
    assert "fail-soft" not in report.message


def ucb1_total_over_visits(
    child_mean: float, child_visits: int, parent_visits: int, c: float
) -> float:
    """The textbook's W/n written with the mean: divided by the visits once too often."""
    if child_visits == 0:
        return math.inf
    return child_mean / child_visits + c * math.sqrt(math.log(parent_visits) / child_visits)


def test_ucb1_takes_the_mean_and_dividing_it_again_is_named() -> None:
    report = grade(ucb1_total_over_visits, "ucb1")
    assert not report.passed
    assert report.bug is not None and report.bug.title == "the mean divided by the visits again"
    assert "child_mean" in report.message
    import gametheory.practice.grader as grader

    assert "ucb1(child_mean, child_visits, parent_visits, c)" in (grader.__doc__ or "")


def test_without_a_child_process_the_report_says_so_and_a_loop_is_still_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gametheory.practice import sandbox

    monkeypatch.setattr(sandbox, "isolation_available", lambda: False)
    report = grade(right_minimax, "minimax")
    assert report.passed and "Graded in this process" in report.message
    start = time.perf_counter()
    report = grade(one_line_loop, "alphabeta", time_limit=0.5)
    assert not report.passed and "ran for more than" in report.message
    assert time.perf_counter() - start < 3
