"""Benchmark: every extreme equilibrium of an n × n game in pure Python against pycddlib.

Run: ``.venv/bin/python -m benchmarks equilibria``

:func:`~gametheory.theory.equilibria.extreme_equilibria` with ``method="python"`` (the walk
over the feasible bases of :mod:`gametheory.theory.polytopes`) and ``method="cdd"``
(pycddlib, the ``cdd`` extra) on the same seeded games, 3 × 3 to 8 × 8: generic ones
(payoffs drawn from -100..100) and degenerate ones (from -1..2: ties everywhere). The figure
is the mean CPU time a game (``time.process_time``), the better of two rounds that alternate
the two methods, and the ratio python / cdd from the same run; the answers are checked equal.
The targets (issue 34): 6 × 6 at most 100 ms, 8 × 8 at most 1 s.
"""

from __future__ import annotations

import random
import time

from gametheory.theory.equilibria import Equilibrium, extreme_equilibria
from gametheory.theory.polytopes import has_cdd

GAMES = 5
ROUNDS = 2
Tables = tuple[list[list[int]], list[list[int]]]


def games(n: int, low: int, high: int) -> list[Tables]:
    rng = random.Random(n * 1000 + high)

    def table() -> list[list[int]]:
        return [[rng.randint(low, high) for _ in range(n)] for _ in range(n)]

    return [(table(), table()) for _ in range(GAMES)]


def per_game(tables: list[Tables], method: str) -> tuple[float, list[list[Equilibrium]]]:
    """The mean CPU seconds a game, and the answers."""
    start = time.process_time()
    found = [extreme_equilibria(a, b, method=method) for a, b in tables]
    return (time.process_time() - start) / GAMES, found


def main() -> None:
    methods = ["python", "cdd"] if has_cdd() else ["python"]
    if len(methods) == 1:
        print("pycddlib is not installed: the pure-Python times only")
    print(f"{'game':>10} {'kind':>10} {'python':>10} {'pycddlib':>10} {'ratio':>7}")
    for n in range(3, 9):
        for kind, (low, high) in (("generic", (-100, 100)), ("degenerate", (-1, 2))):
            tables = games(n, low, high)
            best: dict[str, float] = {}
            answers: dict[str, list[list[Equilibrium]]] = {}
            for _ in range(ROUNDS):
                for method in methods:
                    seconds, answers[method] = per_game(tables, method)
                    best[method] = min(best.get(method, seconds), seconds)
            if "cdd" in answers:
                assert answers["python"] == answers["cdd"], f"{n} × {n} {kind}: answers differ"
            cdd = f"{best['cdd'] * 1000:8.1f}ms" if "cdd" in best else "-"
            ratio = f"{best['python'] / best['cdd']:7.2f}" if "cdd" in best else "-"
            print(
                f"{f'{n} × {n}':>10} {kind:>10} {best['python'] * 1000:8.1f}ms {cdd:>10} {ratio:>7}"
            )


if __name__ == "__main__":
    main()
