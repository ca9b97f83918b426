"""Benchmark: solving tic-tac-toe completely with the AND/OR graph, against a naive baseline.

Run: ``.venv/bin/python benchmarks/bench_andor.py``

Prints, for the whole 3×3 game (5478 positions):

* ``solve``: build the AND/OR graph, then label it by retrograde analysis;
* the baseline in the same process: a plain memoised negamax over every position;
* the ratio of the two (best of several runs each);
* labelling alone on Nim graphs of growing size, to show it is linear in the edges.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from gametheory.andor import AndOrGraph, label, solve
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry


def best_of(runs: int, work: Callable[[], Any]) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def memoised_negamax(game: Any) -> dict[Any, float]:
    """The naive baseline: the value of every position for the player to move, by recursion."""
    memo: dict[Any, float] = {}

    def value(state: Any) -> float:
        if state in memo:
            return memo[state]
        if game.is_terminal(state):
            v = game.utility(state, game.to_move(state))
        else:
            v = max(-value(game.result(state, m)) for m in game.legal_moves(state))
        memo[state] = v
        return v

    value(game.initial_state())
    return memo


def main() -> None:
    runs = 5
    # a fresh game each run, so no run profits from the winner cache the last one filled
    t_solve, solution = best_of(runs, lambda: solve(TicTacToe()))
    t_naive, memo = best_of(runs, lambda: memoised_negamax(TicTacToe()))
    assert len(solution) == len(memo) == 5478
    assert all(solution[s].value == ("WIN", "DRAW", "LOSS")[1 - int(v)] for s, v in memo.items())
    t_sym, symmetric = best_of(runs, lambda: solve(TicTacToe(), canonical=tictactoe_symmetry))
    graph = solution.graph
    t_build, _ = best_of(runs, lambda: AndOrGraph.from_game(TicTacToe()))
    t_label, _ = best_of(runs, lambda: label(graph))
    print(f"python {sys.version.split()[0]}; best of {runs} runs")
    print(
        f"tic-tac-toe solve():           {t_solve * 1000:8.1f} ms  ({len(solution)} positions, "
        f"{graph.edge_count} edges, value {solution.value.value})"
    )
    print(f"  of which building the graph: {t_build * 1000:8.1f} ms")
    print(f"  of which labelling:          {t_label * 1000:8.1f} ms")
    print(f"memoised negamax (baseline):   {t_naive * 1000:8.1f} ms  ({len(memo)} positions)")
    print(f"ratio solve / baseline:        {t_solve / t_naive:8.2f}")
    print(f"with symmetry (765 positions): {t_sym * 1000:8.1f} ms  ({len(symmetric)} positions)")
    print("labelling alone is linear in the edges (Nim, take 1..3):")
    for n in (25_000, 50_000, 100_000, 200_000):
        g = AndOrGraph.from_game(Nim(n))
        t, _ = best_of(3, lambda g=g: label(g))
        print(
            f"  Nim({n:>7}): {g.edge_count:>8} edges  {t * 1000:8.1f} ms  "
            f"{t / g.edge_count * 1e9:6.0f} ns/edge"
        )


if __name__ == "__main__":
    main()
