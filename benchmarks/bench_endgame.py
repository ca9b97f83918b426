"""Benchmark: building the Abapa endgame database (issue 25).

Run: ``.venv/bin/python -m benchmarks endgame`` (``BENCH_ENDGAME_SEEDS=15`` for the big one;
the default is ``8,10,12``).

Prints, for each largest seed count:

* the boards, the wall-clock and CPU seconds of :meth:`EndgameDatabase.build` and the boards
  a CPU second (the issue asks for at least 100,000 a second per core, and for 12 seeds in
  at most 60 s, 15 seeds in at most 15 minutes);
* the peak memory of the process that built it (each seed count is built in a fresh
  process) and that peak over the boards;
* the file's bytes a board (at most one) and the seconds to read and check it;
* the boards whose value depends on the cycle rule (``lo < hi``, :func:`cycle_bounds`);
* first, a ratio in one process: the numpy build against the same board-only game solved
  by the package's AND/OR labelling (``tests/endgame_oracles.andor_values``, pure Python),
  on every board with at most 5 seeds, where both give the same values.
"""

from __future__ import annotations

import os
import resource
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from gametheory.games.abapa import Abapa
from gametheory.games.abapa.endgame import EndgameDatabase, board_index, positions

T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[float, float, T]:
    """Wall-clock and CPU seconds of ``work()``, and its result."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def against_labelling(seeds: int = 5) -> None:
    from tests.endgame_oracles import andor_values

    game = Abapa()
    _, fast, database = timed(lambda: EndgameDatabase.build(game, seeds))
    _, slow, values = timed(lambda: andor_values(game, seeds))
    assert all(database.values[board_index(b)] == 2 * v for b, v in values.items())
    print(
        f"{positions(6, seeds):,} boards (<= {seeds} seeds): numpy build {fast:.2f} s CPU, "
        f"AND/OR labelling {slow:.1f} s CPU, ratio {slow / fast:.0f}x, the same values"
    )


def build(seeds: int) -> None:
    """Build ``seeds`` in a fresh process (so that its peak memory is its own) and print it."""
    import subprocess
    import sys

    code = f"from benchmarks.bench_endgame import measure; measure({seeds})"
    subprocess.run([sys.executable, "-c", code], check=True)


def measure(seeds: int) -> None:
    game = Abapa()
    wall, cpu, database = timed(lambda: EndgameDatabase.build(game, seeds, progress=False))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    boards = len(database.values)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "database.bin"
        path.write_bytes(database.to_bytes())
        size = path.stat().st_size
        read, _, again = timed(lambda: EndgameDatabase.from_bytes(game, seeds, path.read_bytes()))
        assert (again.values, again.distances) == (database.values, database.distances)
    print(
        f"<= {seeds:2} seeds: {boards:>11,} boards  build {wall:6.1f} s wall, {cpu:6.1f} s CPU "
        f"({boards / cpu:,.0f} boards a CPU second)  peak memory {peak:,.0f} MB "
        f"({peak * 2**20 / boards:.0f} bytes a board)  file {size / boards:.4f} bytes a board, "
        f"read and checked in {read:.2f} s  (load average {os.getloadavg()[0]:.1f})",
        flush=True,
    )


def against(ref: str, rounds: int) -> None:
    """The build of this tree against REF's, for 8 and 10 seeds (each side in its own
    processes, interleaved: :mod:`benchmarks.refs`)."""
    from benchmarks import refs

    tasks = {f"endgame, {n} seeds": ["endgame", str(n)] for n in (8, 10)}
    with refs.checkout(ref) as tree:
        refs.compare(tree, tasks, rounds)


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    against_labelling()
    for seeds in os.environ.get("BENCH_ENDGAME_SEEDS", "8,10,12").split(","):
        build(int(seeds))


if __name__ == "__main__":
    main()
