"""Run every benchmark script: ``python -m benchmarks [name ...] [--against REF]``.

Each ``benchmarks/bench_*.py`` exposes ``main()``; they run in turn, in name order. Names on
the command line (``engine``, ``andor``, …) pick the scripts whose name contains them.

``--against REF`` (a git ref: a commit, a branch, ``HEAD~3``) compares this tree with REF
instead, for the chosen scripts that have an ``against(ref, rounds)`` function: REF is
checked out into a temporary git worktree and both sides run interleaved, each in its own
processes (:mod:`benchmarks.refs`). ``python -m benchmarks check --against REF`` compares
the engine, MCTS, the endgame build, a drill check and ``import gametheory`` and fails
(exit status 1) when any is more than 10 % slower. ``--rounds N`` sets the rounds (5).
"""

from __future__ import annotations

import argparse
import importlib
import time
from pathlib import Path


def scripts(wanted: list[str]) -> list[str]:
    """The benchmark modules to run, ``bench_`` names in order, filtered by ``wanted``."""
    names = sorted(path.stem for path in Path(__file__).parent.glob("bench_*.py"))
    return [n for n in names if not wanted or any(w in n for w in wanted)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all), or check")
    parser.add_argument("--against", metavar="REF", help="compare with this git ref")
    parser.add_argument("--rounds", type=int, default=5, help="rounds against REF (5)")
    args = parser.parse_args(argv)
    if args.names == ["check"]:
        if not args.against:
            parser.error("check needs --against REF")
        from benchmarks import refs

        return refs.check(args.against, args.rounds)
    chosen = scripts(args.names)
    if not chosen:
        print(f"no benchmark matches {args.names}; known: {', '.join(scripts([]))}")
        return 2
    for name in chosen:
        module = importlib.import_module(f"benchmarks.{name}")
        if args.against and not hasattr(module, "against"):
            print(f"\n=== {name}: no comparison against a git ref; skipped ===")
            continue
        print(f"\n=== {name} ===", flush=True)
        start = time.perf_counter()
        if args.against:
            module.against(args.against, args.rounds)
        else:
            module.main()
        print(f"--- {name}: {time.perf_counter() - start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
