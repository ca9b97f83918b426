"""How long each lesson takes in class: an estimate from its Jupytext source.

    .venv/bin/python tools/lesson_minutes.py            # every notebook
    .venv/bin/python tools/lesson_minutes.py 07 12      # those whose names start so

The rule of thumb of the curriculum review, at the slow end of its ranges so that a lesson
that fits here fits in class: prose is read at 120 words a minute; a code cell that a student
runs and looks at takes 30 seconds (the review: 20–30); an exercise (a cell the student fills
in and checks: ``# your answer``, a ``check_…`` call, a drill's ``widget()``, ``grade(...)``)
takes 5 minutes (the review: 3–5). Hidden solutions (``<details>`` blocks) are not read in class and do not count;
nor do code blocks inside markdown. The result is rounded up to whole minutes.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
WORDS_A_MINUTE = 120
CODE_CELL_SECONDS = 30
EXERCISE_MINUTES = 5
_EXERCISE = re.compile(r"#\s*your (answer|turn|code)|\bcheck_\w+\(|\.widget\(\)|\bgrade\(", re.I)


@dataclass(frozen=True)
class Estimate:
    """The parts of a lesson's time, in minutes."""

    name: str
    words: int
    code_cells: int
    exercises: int

    @property
    def minutes(self) -> int:
        reading = self.words / WORDS_A_MINUTE
        running = self.code_cells * CODE_CELL_SECONDS / 60
        return math.ceil(reading + running + self.exercises * EXERCISE_MINUTES)


def cells(source: str) -> list[tuple[str, str]]:
    """The ``(kind, text)`` of every cell of a percent-format source (front matter skipped)."""
    found: list[tuple[str, str]] = []
    kind, lines = None, []
    for line in source.splitlines():
        if line.startswith("# %%"):
            if kind is not None:
                found.append((kind, "\n".join(lines)))
            kind, lines = ("markdown" if "[markdown]" in line else "code"), []
        elif kind is not None:
            lines.append(line)
    if kind is not None:
        found.append((kind, "\n".join(lines)))
    return found


def _prose(markdown: str) -> str:
    text = "\n".join(
        line[2:] if line.startswith("# ") else line.lstrip("#") for line in markdown.splitlines()
    )
    text = re.sub(r"<details>.*?</details>", " ", text, flags=re.S)
    return re.sub(r"```.*?```", " ", text, flags=re.S)


def estimate(path: Path) -> Estimate:
    """The estimate for one lesson (its ``.py`` source)."""
    words = code = exercises = 0
    for kind, text in cells(path.read_text(encoding="utf-8")):
        if kind == "markdown":
            words += len(re.findall(r"[\w′'’−-]+", _prose(text)))
        elif text.strip():
            if _EXERCISE.search(text):
                exercises += 1
            else:
                code += 1
    return Estimate(path.stem, words, code, exercises)


def main(prefixes: list[str]) -> None:
    for path in sorted(NOTEBOOKS.glob("*.py")):
        if prefixes and not any(path.name.startswith(p) for p in prefixes):
            continue
        e = estimate(path)
        print(
            f"{e.name:45} {e.minutes:3} min  ({e.words} words, {e.code_cells} code cells, "
            f"{e.exercises} exercises)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
