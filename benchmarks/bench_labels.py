"""How long the edge labels of a wide fan take to place (issue 28).

Run: ``.venv/bin/python -m benchmarks labels``. It draws trees whose root has many children
(and Gomoku's first ply: 225 moves on 15×15) with ``draw_tree`` and prints the CPU seconds
of the best of three rounds and the box tests (``Box.overlaps``, ``crosses``, ``distance``)
the placer made: near-linear in the number of children.

``python -m benchmarks labels --against REF`` draws the fans of 30, 60 and 120 children
with this tree's placer and REF's (each side in its own processes, interleaved:
:mod:`benchmarks.refs`) and says whether the SVG is the same.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import gametheory.draw.tree as draw
from gametheory.draw import labels
from gametheory.games.gomoku import Gomoku
from gametheory.trees import GameTree, expand, random_tree


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """Count the placer's box tests while the block runs."""
    counts: Counter[str] = Counter()
    box = labels.Box
    saved = {name: getattr(box, name) for name in ("overlaps", "crosses", "distance")}

    def counted(name: str, test: Callable[..., bool | float]) -> Callable[..., bool | float]:
        def run(self: object, *args: object) -> bool | float:
            counts[name] += 1
            return test(self, *args)

        return run

    for name, test in saved.items():
        setattr(box, name, counted(name, test))
    try:
        yield counts
    finally:
        for name, test in saved.items():
            setattr(box, name, test)


def best_cpu(make: Callable[[], GameTree], rounds: int) -> tuple[float, int]:
    """The CPU seconds of the best round and the box tests (a new tree each round: a tree
    keeps the frames it has drawn)."""
    times = []
    for _ in range(rounds):
        t = make()
        start = time.process_time()
        draw.draw_tree(t)
        times.append(time.process_time() - start)
    with counting() as counts:
        draw.draw_tree(make())
    return min(times), sum(counts.values())


def against(ref: str, rounds: int) -> None:
    """The label placer of this tree against REF's."""
    from benchmarks import refs

    tasks = {f"{n} children": ["labels", str(n)] for n in (30, 60, 120)}
    with refs.checkout(ref) as tree:
        refs.compare(tree, tasks, rounds)


def main() -> None:
    trees: dict[str, Callable[[], GameTree]] = {
        f"{n} children": partial(random_tree, n, 1, seed=1) for n in (30, 60, 120, 240)
    }
    trees["Gomoku, first ply"] = partial(expand, Gomoku(), depth=1, evaluate=lambda s, p: 0)
    print(f"{'tree':24} {'CPU s':>8} {'box tests':>10}")
    for name, make in trees.items():
        seconds, tests = best_cpu(make, 1 if len(make()) > 100 else 3)
        print(f"{name:24} {seconds:>8.2f} {tests:>10,}", flush=True)


if __name__ == "__main__":
    main()
