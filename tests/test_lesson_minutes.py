"""The README's table of lessons gives each notebook's minutes as tools/lesson_minutes.py
estimates them, and no core lesson is over 45 minutes."""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from lesson_minutes import (  # noqa: E402
    CODING_MINUTES,
    EXERCISE_MINUTES,
    MAX_PROSE_WORDS,
    WORDS_A_MINUTE,
    estimate,
    readme_with_minutes,
)

ROW = re.compile(r"^\| `(\w+)` \|.*\| (\d+) \|\s*$")


def _readme_minutes() -> dict[str, int]:
    rows = (ROW.match(line) for line in (ROOT / "README.md").read_text().splitlines())
    return {m[1]: int(m[2]) for m in rows if m}


def test_the_readme_gives_every_notebook_its_estimated_minutes() -> None:
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]*.ipynb"))
    estimated = {path.stem: estimate(path).minutes for path in notebooks}
    assert _readme_minutes() == estimated


def test_no_core_lesson_is_over_45_minutes() -> None:
    further = re.compile(r"\d\d[a-z]?x_")  # going-further notebooks are not lessons of their own
    core = {name: m for name, m in _readme_minutes().items() if not further.match(name)}
    assert len(core) >= 15
    assert {name: m for name, m in core.items() if m > 45} == {}


def test_no_core_lesson_has_over_1800_words_of_prose() -> None:
    further = re.compile(r"\d\d[a-z]?x_")
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]*.ipynb"))
    prose = {p.stem: estimate(p).prose for p in notebooks if not further.match(p.name)}
    assert {name: words for name, words in prose.items() if words > MAX_PROSE_WORDS} == {}


def _notebook(tmp_path: Path, cells: list[tuple[str, str, list[str]]]) -> Path:
    """A stored notebook of (cell type, source, tags) cells, with no outputs."""
    made = [
        {"cell_type": kind, "source": source, "metadata": {"tags": tags}, "outputs": []}
        if kind == "code"
        else {"cell_type": kind, "source": source, "metadata": {}}
        for kind, source, tags in cells
    ]
    path = tmp_path / "99_made.ipynb"
    path.write_text(json.dumps({"cells": made}))
    return path


def test_a_coding_exercise_takes_10_to_15_minutes_by_its_solutions_size(tmp_path: Path) -> None:
    short = "def f(n):\n    return n % 4 != 0\n"
    long = "def f(n):\n" + "".join(f"    x{i} = {i}\n" for i in range(14)) + "    return x1\n"
    for solution, minutes in ((short, 10), (long, 15)):
        path = _notebook(
            tmp_path,
            [
                ("code", "def f(n):\n    ...  # your code\n\nexercise.check(f)", []),
                ("code", solution, ["solution"]),
            ],
        )
        e = estimate(path)
        assert (e.coding, e.exercises, e.code_cells) == ((minutes,), 0, 0)
        assert e.minutes == minutes
    no_solution = _notebook(tmp_path, [("code", "def f(n):\n    ...  # your code", [])])
    assert estimate(no_solution).coding == (CODING_MINUTES[1],)


def test_homework_is_counted_apart_and_a_class_drill_as_an_exercise(tmp_path: Path) -> None:
    path = _notebook(
        tmp_path,
        [
            ("code", '# your labels\nlabelling.check({"A": "W"})', []),
            ("markdown", "For homework: random trees from a seed.", []),
            ("code", "drill.widget()", []),
        ],
    )
    e = estimate(path)
    assert (e.exercises, e.homework, e.widgets, e.code_cells) == (1, 1, 0, 0)
    assert e.minutes == math.ceil(EXERCISE_MINUTES + 7 / WORDS_A_MINUTE)
    assert e.prose == 7


def test_the_readme_table_is_written_from_the_estimates() -> None:
    row = "| `05_and_or` | labels | 39 |"
    assert readme_with_minutes(f"intro 39\n{row}\n", {"05_and_or": 41}) == (
        "intro 39\n| `05_and_or` | labels | 41 |\n"
    )
