"""How long the edge labels of a wide fan take to place, before and after issue 28.

Run: ``.venv/bin/python -m benchmarks labels``. It draws trees whose root has many children
(and Gomoku's first ply: 225 moves on 15×15) with ``draw_tree``, once with the label
placer as it was (``benchmarks/labels_before.py``, a frozen copy) and once with the package's,
interleaved in one process, checks that both give the same SVG, and prints the CPU seconds
of the best of three rounds and their ratio. It also counts the box tests (``Box.overlaps``,
``crosses``, ``distance``) each placer makes: quadratic in the number of children before,
near-linear after.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import gametheory.draw.tree as draw
from benchmarks import labels_before
from gametheory.draw import labels
from gametheory.games.gomoku import Gomoku
from gametheory.trees import GameTree, expand, random_tree


@contextmanager
def placer(module: object) -> Iterator[Counter[str]]:
    """Draw with ``module``'s ``Placer``, counting its box tests."""
    counts: Counter[str] = Counter()
    box = module.Box  # type: ignore[attr-defined]
    saved = {name: getattr(box, name) for name in ("overlaps", "crosses", "distance")}

    def counted(name: str, test: Callable[..., bool | float]) -> Callable[..., bool | float]:
        def run(self: object, *args: object) -> bool | float:
            counts[name] += 1
            return test(self, *args)

        return run

    old = draw.Placer
    draw.Placer = module.Placer  # type: ignore[attr-defined]
    for name, test in saved.items():
        setattr(box, name, counted(name, test))
    try:
        yield counts
    finally:
        draw.Placer = old
        for name, test in saved.items():
            setattr(box, name, test)


def best_cpu(module: object, make: Callable[[], GameTree], rounds: int) -> tuple[float, int, str]:
    """The CPU seconds of the best round, the box tests and the SVG (a new tree each round:
    a tree keeps the frames it has drawn)."""
    times, svg, tests = [], "", 0
    for _ in range(rounds):
        t = make()
        with placer(module) as counts:
            start = time.process_time()
            svg = draw.draw_tree(t)
            times.append(time.process_time() - start)
        tests = sum(counts.values())
    return min(times), tests, svg


def main() -> None:
    trees: dict[str, Callable[[], GameTree]] = {
        f"{n} children": partial(random_tree, n, 1, seed=1) for n in (30, 60, 120, 240)
    }
    trees["Gomoku, first ply"] = partial(expand, Gomoku(), depth=1, evaluate=lambda s, p: 0)
    print(
        f"{'tree':24} {'before s':>9} {'after s':>8} {'after/before':>12} {'box tests before':>17} {'after':>9}"
    )
    for name, make in trees.items():
        rounds = 1 if len(make()) > 100 else 3
        before, tests_before, svg_before = best_cpu(labels_before, make, rounds)
        after, tests_after, svg_after = best_cpu(labels, make, rounds)
        same = "the same SVG" if svg_before == svg_after else "DIFFERENT SVG"
        print(
            f"{name:24} {before:>9.2f} {after:>8.2f} {after / before:>12.3f} "
            f"{tests_before:>17,} {tests_after:>9,}  {same}",
            flush=True,
        )


if __name__ == "__main__":
    main()
