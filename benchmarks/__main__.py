"""Run every benchmark script: ``python -m benchmarks [name ...]``.

Each ``benchmarks/bench_*.py`` exposes ``main()``; they run in turn, in name order. Names on
the command line (``engine``, ``andor``, …) pick the scripts whose name contains them.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path


def scripts(wanted: list[str]) -> list[str]:
    """The benchmark modules to run, ``bench_`` names in order, filtered by ``wanted``."""
    names = sorted(path.stem for path in Path(__file__).parent.glob("bench_*.py"))
    return [n for n in names if not wanted or any(w in n for w in wanted)]


def main(argv: list[str] | None = None) -> int:
    wanted = sys.argv[1:] if argv is None else argv
    chosen = scripts(wanted)
    if not chosen:
        print(f"no benchmark matches {wanted}; known: {', '.join(scripts([]))}")
        return 2
    for name in chosen:
        print(f"\n=== {name} ===", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"benchmarks.{name}").main()
        print(f"--- {name}: {time.perf_counter() - start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
