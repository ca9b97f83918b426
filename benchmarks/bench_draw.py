"""How long one step of the pruning explorer takes to draw.

Run: ``.venv/bin/python benchmarks/bench_draw.py``. For a 3-level tree with branching 3
and for the largest tree the explorer takes (``explorer.MAX_NODES``, 63 nodes: branching 2,
depth 5), it times

* ``step``: one explorer step (replay the trace, draw the SVG, fill the widgets);
* ``draw``: the SVG alone, from an already replayed snapshot;
* ``baseline``: serialising the whole trace to JSON, measured in the same process, so the
  figures can be compared across machines as a ratio.

Each figure is the median over every step of the search (three rounds).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict

from gametheory.draw.tree import draw_trace
from gametheory.trees import GameTree, random_tree
from gametheory.widgets.explorer import PruningExplorer


def median_ms(work: Callable[[int], object], steps: list[int], rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        for k in steps:
            start = time.perf_counter()
            work(k)
            times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def bench(name: str, t: GameTree) -> dict[str, float | str | int]:
    explorer = PruningExplorer(t, "alphabeta")
    trace = explorer.trace
    steps = list(range(len(trace) + 1))

    def step(k: int) -> None:
        explorer.step = -1  # force a redraw even when k is the step shown
        explorer.go(k)

    snapshots = [trace.snapshot(k) for k in steps]
    return {
        "tree": name,
        "nodes": len(t),
        "steps": len(trace),
        "step_ms": round(median_ms(step, steps), 2),
        "draw_ms": round(median_ms(lambda k: draw_trace(trace, snapshots[k]), steps), 2),
        "baseline_ms": round(
            median_ms(lambda k: json.dumps([asdict(e) for e in trace.events]), steps), 3
        ),
    }


def main() -> None:
    trees = {
        "branching 3, depth 3": random_tree(3, 3, seed=1),
        "branching 2, depth 5": random_tree(2, 5, seed=9),  # the explorer's largest
    }
    print(
        f"{'tree':24} {'nodes':>5} {'steps':>5} {'step ms':>8} {'draw ms':>8} {'json ms':>8} {'ratio':>6}"
    )
    for name, t in trees.items():
        row = bench(name, t)
        ratio = float(row["step_ms"]) / float(row["baseline_ms"])
        print(
            f"{name:24} {row['nodes']:>5} {row['steps']:>5} {row['step_ms']:>8} "
            f"{row['draw_ms']:>8} {row['baseline_ms']:>8} {ratio:>6.1f}"
        )


if __name__ == "__main__":
    main()
