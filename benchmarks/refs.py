"""Benchmarks against a git ref: this tree and REF, each in its own processes, interleaved.

``python -m benchmarks NAME --against REF`` (for a benchmark whose module has an
``against(ref, rounds)`` function) and ``python -m benchmarks check --against REF`` come
here. :func:`checkout` checks REF out into a temporary git worktree (removed afterwards);
:func:`compare` runs each task of :mod:`benchmarks.side` on both sides, ``rounds`` times,
every run a fresh process whose ``PYTHONPATH`` is its side's tree, the side that goes first
alternating from round to round. Times are the CPU seconds of the task inside its process
(not the start of Python or the import of the package, except for the ``import`` task);
the ratio is this tree's best round over REF's best round (below 1: this tree is faster),
with the median and range of the rounds' own ratios beside it. Both sides must answer the
same (values, nodes, moves, checksums); a difference is printed.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent  # this tree: the package as it is in the working directory
SIDE = HERE / "side.py"
SLOWER = 1.10
"""``check`` fails when a task takes more than this times REF's time."""


@contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """REF checked out (detached) in a temporary git worktree, removed on the way out."""
    commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}").strip()
    folder = Path(tempfile.mkdtemp(prefix="bench-ref-"))
    tree = folder / "tree"
    _git("worktree", "add", "--detach", "--quiet", str(tree), commit)
    try:
        print(f"REF {ref} = {commit[:10]}, checked out in {tree}", flush=True)
        yield tree
    finally:
        _git("worktree", "remove", "--force", str(tree))
        shutil.rmtree(folder, ignore_errors=True)


def _git(*args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(TREE), *args], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def run_side(tree: Path, task: Sequence[str]) -> tuple[float, object]:
    """One run of ``task`` in a fresh process on ``tree``'s package: CPU seconds, answer."""
    env = {**os.environ, "PYTHONPATH": str(tree), "OMP_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, str(SIDE), *task], capture_output=True, text=True, env=env, cwd=tree
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(task)} failed on {tree}:\n{done.stderr[-3000:]}")
    reply = json.loads(done.stdout.strip().splitlines()[-1])
    return float(reply["seconds"]), reply["answer"]


@dataclass(frozen=True)
class Row:
    """One task compared: each side's best round, the ratio of the best rounds, the
    median and range of the rounds' ratios, and whether both answered the same."""

    name: str
    ours: float
    theirs: float
    ratios: tuple[float, ...]
    same: bool

    @property
    def ratio(self) -> float:
        return self.ours / self.theirs

    def line(self) -> str:
        spread = (
            f"{statistics.median(self.ratios):.3f} ({min(self.ratios):.3f}–{max(self.ratios):.3f})"
        )
        same = "the same answers" if self.same else "ANSWERS DIFFER"
        return (
            f"  {self.name:<22} REF {self.theirs:8.3f} s  this tree {self.ours:8.3f} s  "
            f"ratio {self.ratio:6.3f}  rounds {spread}  {same}"
        )


def compare(
    ref_tree: Path, tasks: dict[str, list[str]], rounds: int, *, tree: Path = TREE
) -> list[Row]:
    """Every task on both sides, ``rounds`` rounds, interleaved; a row printed per task."""
    print(
        f"load average {os.getloadavg()[0]:.1f}; {rounds} rounds, each side in its own "
        "process, alternating which goes first; CPU seconds of the best round; ratio = this "
        "tree / REF (below 1: faster), then the median (range) of the rounds' ratios",
        flush=True,
    )
    rows = []
    for name, task in tasks.items():
        times: dict[str, list[float]] = {"ours": [], "theirs": []}
        answers: dict[str, object] = {}
        for round_ in range(rounds):
            order = ("theirs", "ours") if round_ % 2 == 0 else ("ours", "theirs")
            for side in order:
                seconds, answers[side] = run_side(ref_tree if side == "theirs" else tree, task)
                times[side].append(seconds)
        ratios = tuple(o / t for o, t in zip(times["ours"], times["theirs"], strict=True))
        same = answers["ours"] == answers["theirs"]
        row = Row(name, min(times["ours"]), min(times["theirs"]), ratios, same)
        print(row.line(), flush=True)
        rows.append(row)
    print(f"load average {os.getloadavg()[0]:.1f} at the end", flush=True)
    return rows


CHECKED = {
    "engine, depth 8": ["engine", "8"],
    "MCTS, Abapa": ["mcts", "abapa"],
    "MCTS, tic-tac-toe": ["mcts", "tictactoe"],
    "endgame, 10 seeds": ["endgame", "10"],
    "drill check": ["drill", "100"],
    "import gametheory": ["import"],
}
"""What ``check`` compares (see :mod:`benchmarks.side`)."""


def check(ref: str, rounds: int = 5) -> int:
    """Exit status 1 when any task of :data:`CHECKED` is more than 10 % slower than REF."""
    with checkout(ref) as ref_tree:
        rows = compare(ref_tree, CHECKED, rounds)
    slower = [row.name for row in rows if row.ratio > SLOWER]
    if slower:
        print(f"FAILED: more than {SLOWER - 1:.0%} slower than {ref}: {', '.join(slower)}")
        return 1
    print(f"passed: nothing more than {SLOWER - 1:.0%} slower than {ref}")
    return 0
