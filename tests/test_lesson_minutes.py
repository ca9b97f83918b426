"""The README's table of lessons gives each notebook's minutes as tools/lesson_minutes.py
estimates them, and no core lesson is over 45 minutes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from lesson_minutes import estimate  # noqa: E402

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
