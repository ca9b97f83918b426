"""Benchmark: the textbook searches on linked paths (search.paths.Path) against tuple paths.

Run: ``.venv/bin/python -m benchmarks paths``

A node's path used to be a tuple of its whole line, so a search ``d`` plies deep held
memory in proportion to ``d`` times its nodes; a :class:`~gametheory.search.paths.Path` links to
its parent's, and an untraced search records no path at all (``paths.UNRECORDED``). The
baseline is the same searches, in this process, started at the tuple ``()`` instead of
``Search.root_path`` (every path below is then a tuple, as before). Times are CPU
seconds (``time.process_time``), the best of several rounds that alternate the two; memory
is the peak that ``tracemalloc`` sees.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.search.alphabeta import alphabeta
from gametheory.search.context import Search
from gametheory.search.minimax import minimax
from gametheory.trees import random_tree

ROUNDS = 5


@contextmanager
def tuple_paths() -> Iterator[None]:
    """The baseline: the searches start at ``()``, so their paths are tuples."""
    init = Search.__init__

    def at_a_tuple(self: Search, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.root_path = ()  # type: ignore[assignment]

    Search.__init__ = at_a_tuple  # type: ignore[method-assign]
    try:
        yield
    finally:
        Search.__init__ = init  # type: ignore[method-assign]


def cpu(work: Callable[[], Any]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def peak(work: Callable[[], Any]) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    with tuple_paths():
        first = minimax(Nim(3, max_take=1), trace=True).trace
        assert first is not None and type(first.events[-1].path) is tuple  # the baseline holds
    shallow = random_tree(3, 8, seed=1)
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("minimax, tic-tac-toe (549,946 nodes)", lambda: minimax(TicTacToe())),
        ("alphabeta, random tree 3^8, traced", lambda: alphabeta(shallow, trace=True)),
        ("minimax, Nim(1500) line, traced", lambda: minimax(Nim(1500, max_take=1), trace=True)),
    ]
    print(f"CPU seconds, best of {ROUNDS} alternating rounds; ratio = linked / tuple")
    for title, work in cases:
        linked, tuples = [], []
        for _ in range(ROUNDS):
            linked.append(cpu(work))
            with tuple_paths():
                tuples.append(cpu(work))
        print(
            f"  {title:38} linked {min(linked):7.3f}  tuple {min(tuples):7.3f}  "
            f"ratio {min(linked) / min(tuples):5.2f}"
        )
    print("peak memory of a traced minimax down a Nim line (one match a turn)")
    for depth in (1000, 2000, 4000):
        work = lambda depth=depth: minimax(Nim(depth, max_take=1), trace=True)  # noqa: E731
        linked_bytes = peak(work)
        with tuple_paths():
            tuple_bytes = peak(work)
        print(
            f"  depth {depth:5}: linked {linked_bytes / 1e6:6.1f} MB  "
            f"tuple {tuple_bytes / 1e6:6.1f} MB"
        )


if __name__ == "__main__":
    main()
