"""Issue 35's new catalogue entries, each named whatever shape the student's code has: a loop
with a test of whose turn it is, AIMA's max_value/min_value pair, a while loop, an early
return at the cutoff."""

from __future__ import annotations

import math
from typing import Any

import pytest

from gametheory.practice.grader import grade

inf = math.inf


# -- best started at 0 -------------------------------------------------------------------------
def zero_loop(game: Any, state: Any) -> Any:
    if game.is_terminal(state):
        return game.utility(state, 0)
    best = 0
    for move in game.legal_moves(state):
        value = zero_loop(game, game.result(state, move))
        if game.to_move(state) == 0 and value > best or game.to_move(state) == 1 and value < best:
            best = value
    return best


def zero_aima(game: Any, state: Any) -> Any:
    def value(s: Any) -> Any:
        return max_value(s) if game.to_move(s) == 0 else min_value(s)

    def max_value(s: Any) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v = 0
        for m in game.legal_moves(s):
            v = max(v, value(game.result(s, m)))
        return v

    def min_value(s: Any) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v = 0
        for m in game.legal_moves(s):
            v = min(v, value(game.result(s, m)))
        return v

    return value(state)


def zero_alphabeta_while(game: Any, state: Any, alpha: float, beta: float) -> Any:
    if game.is_terminal(state):
        return game.utility(state, 0)
    moves, i = list(game.legal_moves(state)), 0
    maximizing = game.to_move(state) == 0
    best = 0
    while i < len(moves):
        value = zero_alphabeta_while(game, game.result(state, moves[i]), alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            return best
        i += 1
    return best


# -- alpha-beta shapes with one mistake each -------------------------------------------------------
def alphabeta_for(mistake: str) -> Any:
    """A for loop that tests whose turn it is; ``mistake`` picks the one thing done wrong."""

    def search(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, 0)
        maximizing = game.to_move(state) == 0
        alpha0, beta0 = alpha, beta
        best = -inf if maximizing else inf
        for move in game.legal_moves(state):
            window = (alpha0, beta0) if mistake == "original-window" else (alpha, beta)
            value = search(game, game.result(state, move), *window)
            if mistake == "cut-before-update" and (value >= beta if maximizing else value <= alpha):
                return best
            if maximizing:
                best = max(best, value)
                if mistake == "wrong-node":
                    beta = min(beta, value)
                else:
                    alpha = max(alpha, value)
            else:
                best = min(best, value)
                if mistake == "wrong-node":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
            if (alpha <= beta) if mistake == "cut-test-turned" else (alpha >= beta):
                break
        if mistake == "returns-swapped":
            return beta if maximizing else alpha
        return best

    return search


def alphabeta_while(mistake: str) -> Any:
    """A while loop over the moves, an early return at the cutoff, α and β returned."""

    def search(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, 0)
        moves = list(game.legal_moves(state))
        start = (alpha, beta)
        k = 0
        while k < len(moves):
            child = game.result(state, moves[k])
            value = search(game, child, *(start if mistake == "original-window" else (alpha, beta)))
            if game.to_move(state) == 0:
                if mistake == "cut-before-update" and value >= beta:
                    return alpha
                if mistake == "wrong-node":
                    beta = min(beta, value)
                else:
                    alpha = max(alpha, value)
            else:
                if mistake == "cut-before-update" and value <= alpha:
                    return beta
                if mistake == "wrong-node":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
            if (
                mistake == "cut-test-turned"
                and alpha <= beta
                or mistake != "cut-test-turned"
                and alpha >= beta
            ):
                break
            k += 1
        if mistake == "returns-swapped":
            return beta if game.to_move(state) == 0 else alpha
        return alpha if game.to_move(state) == 0 else beta

    return search


MISTAKES = [
    "wrong-node",
    "cut-before-update",
    "returns-swapped",
    "cut-test-turned",
    "original-window",
]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(
    ("function", "kind"),
    [(zero_loop, "minimax"), (zero_aima, "minimax"), (zero_alphabeta_while, "alphabeta")],
    ids=["loop", "aima", "alphabeta-while"],
)
def test_best_started_at_0_is_named_in_every_shape(function: Any, kind: str, seed: int) -> None:
    report = grade(function, kind, seed=seed, level=2)
    assert not report.passed
    assert report.bug is not None and report.bug.name == "best-zero", report.message


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("shape", [alphabeta_for, alphabeta_while], ids=["for", "while"])
@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_alphabeta_mistake_is_named_in_every_shape(
    mistake: str, shape: Any, seed: int
) -> None:
    report = grade(shape(mistake), "alphabeta", seed=seed)
    assert not report.passed
    named = "full-window" if mistake == "original-window" else mistake  # the same behaviour
    assert report.bug is not None and report.bug.name == named, report.message


@pytest.mark.parametrize("shape", [alphabeta_for, alphabeta_while], ids=["for", "while"])
def test_the_shapes_without_a_mistake_pass(shape: Any) -> None:
    for seed in (0, 1, 2):
        assert grade(shape("none"), "alphabeta", seed=seed).passed


def test_one_mistake_gets_one_verdict_on_every_seed() -> None:
    """Four students' identical files with > for ≥ were graded differently by seed."""
    strict = alphabeta_while("none")

    def with_strict_test(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, 0)
        for move in game.legal_moves(state):
            value = with_strict_test(game, game.result(state, move), alpha, beta)
            if game.to_move(state) == 0:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha > beta:
                break
        return alpha if game.to_move(state) == 0 else beta

    assert grade(strict, "alphabeta").passed
    names = {grade(with_strict_test, "alphabeta", seed=seed).bug for seed in range(-6, 7)}
    assert {bug.name if bug else None for bug in names} == {"strict"}
