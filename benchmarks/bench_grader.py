"""The code grader's speed: the median time to grade one function, with the student's code in
the sandbox's child process (issue 35 asks ≤ 100 ms), and the sandbox's own cost.

``python -m benchmarks grader`` prints, per kind, the median and the slowest of the grades
over several seeds (right and wrong functions alike), and the median of an empty sandboxed
call (one fork, one pipe, one wait) in the same run.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from gametheory.practice import sandbox
from gametheory.practice.grader import grade

SEEDS = range(6)


def minimax(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return float(game.utility(state, 0))
    values = [minimax(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def alphabeta(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return float(game.utility(state, 0))
    maximizing = game.to_move(state) == 0
    best = -math.inf if maximizing else math.inf
    for move in game.legal_moves(state):
        value = alphabeta(game, game.result(state, move), alpha, beta)
        if maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def alphabeta_strict(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return float(game.utility(state, 0))
    for move in game.legal_moves(state):
        value = alphabeta_strict(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha > beta:
            break
    return alpha if game.to_move(state) == 0 else beta


def negamax(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return float(game.utility(state, game.to_move(state)))
    return max(-negamax(game, game.result(state, m)) for m in game.legal_moves(state))


def ucb1(child_mean: float, child_visits: int, parent_visits: int, c: float) -> float:
    if child_visits == 0:
        return math.inf
    return child_mean + c * math.sqrt(math.log(parent_visits) / child_visits)


CASES: list[tuple[str, Callable[..., Any], str]] = [
    ("minimax (right)", minimax, "minimax"),
    ("alphabeta (right)", alphabeta, "alphabeta"),
    ("alphabeta (> for ≥)", alphabeta_strict, "alphabeta"),
    ("negamax (right)", negamax, "negamax"),
    ("ucb1 (right)", ucb1, "ucb1"),
]


def _times(call: Callable[[], Any], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(1000 * (time.perf_counter() - start))
    return times


def main() -> None:
    empty = _times(lambda: sandbox.run(int), 20)
    print(f"sandbox.run(int), one child process: median {statistics.median(empty):.1f} ms")
    every: list[float] = []
    for label, function, kind in CASES:
        times = []
        for seed in SEEDS:
            for level in (1, 2):
                start = time.perf_counter()
                grade(function, kind, seed=seed, level=level)
                times.append(1000 * (time.perf_counter() - start))
        every += times
        print(
            f"grade {label:<22} median {statistics.median(times):6.1f} ms, "
            f"slowest {max(times):6.1f} ms over {len(times)} grades"
        )
    print(f"all grades: median {statistics.median(every):.1f} ms per function (target ≤ 100)")


if __name__ == "__main__":
    main()
