"""How long each lesson takes in class: an estimate from its Jupytext source.

    .venv/bin/python tools/lesson_minutes.py            # every notebook
    .venv/bin/python tools/lesson_minutes.py 07 12      # those whose names start so
    .venv/bin/python tools/lesson_minutes.py --readme   # write them into README.md's table

The rule of thumb of the curriculum review, at the slow end of its ranges so that a lesson
that fits here fits in class: prose is read at 120 words a minute; a code cell that a student
runs and looks at takes 30 seconds (the review: 20–30); an exercise (a cell the student fills
in and checks: ``# your answer``, ``# your labels``, a ``check_…`` call, a drill's
``.check(…)``, a drill's ``widget()``) takes 5 minutes (the review: 3–5). A **coding
exercise** (a cell with ``# your code``: the student writes a function that a grader runs)
takes 10 to 15 minutes by its size: 10 for a solution of up to 5 lines, a minute more for
every 2 lines beyond, at most 15; the size is that of the hidden solution after the cell
(a code cell tagged ``solution``, or a ``<details>`` block's first code; 15 minutes when
there is none). A cell introduced by a paragraph
that says "For homework" is homework: it is counted apart and not in class minutes. What the
cells show counts too, read from the stored ``.ipynb``: printed text at the same 120 words a
minute, 30 seconds for each picture, and 3 minutes for each live widget (an explorer or a
game to try, instead of the cell's 30 s). Hidden solutions (``<details>`` blocks and code
cells tagged ``solution``) are not read in class and do not count; nor do code blocks inside markdown. The result is rounded up
to whole minutes. ``prose`` is the markdown's words alone (a core lesson has at most 1,800).
"""

from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
WORDS_A_MINUTE = 120
CODE_CELL_SECONDS = 30
EXERCISE_MINUTES = 5
CODING_MINUTES = (10, 15)  # the fewest and the most for a coding exercise
CODING_BASE_LINES = 5  # a solution this long or shorter takes the fewest minutes
PICTURE_SECONDS = 30
WIDGET_MINUTES = 3
MAX_PROSE_WORDS = 1800
_CODING = re.compile(r"#\s*your code\b", re.I)
_EXERCISE = re.compile(
    r"#\s*your (answer|turn|labels?|values?)\b|\bcheck_\w+\(|\.check\(|\.widget\(\)|\bgrade\(",
    re.I,
)
_HOMEWORK = re.compile(r"\bfor homework\b", re.I)
_WORD = re.compile(r"[\w′'’−-]+")
_LIVE = re.compile(r"\b\w*(Explorer|Widget)\(")  # a widget to try (a drill's is an exercise)
_SOLUTION_CODE = re.compile(r"<details>.*?```python\n(.*?)```", re.S)


@dataclass(frozen=True)
class Estimate:
    """The parts of a lesson's time."""

    name: str
    words: int  # prose and printed text
    code_cells: int
    exercises: int
    pictures: int
    widgets: int
    coding: tuple[int, ...] = ()  # the minutes of each coding exercise
    homework: int = 0  # cells left for homework (not in class minutes)
    prose: int = 0  # the markdown's words alone

    @property
    def minutes(self) -> int:
        reading = self.words / WORDS_A_MINUTE
        looking = (self.code_cells * CODE_CELL_SECONDS + self.pictures * PICTURE_SECONDS) / 60
        doing = self.exercises * EXERCISE_MINUTES + self.widgets * WIDGET_MINUTES
        return math.ceil(reading + looking + doing + sum(self.coding))


def _prose(markdown: str) -> str:
    text = re.sub(r"<details>.*?</details>", " ", markdown, flags=re.S)
    return re.sub(r"```.*?```", " ", text, flags=re.S)


def coding_minutes(solution_lines: int | None) -> int:
    """A coding exercise's minutes from its solution's lines (None: no solution found).

    >>> [coding_minutes(n) for n in (3, 5, 7, 10, 30, None)]
    [10, 10, 11, 13, 15, 15]
    """
    low, high = CODING_MINUTES
    if solution_lines is None:
        return high
    return min(high, low + math.ceil(max(0, solution_lines - CODING_BASE_LINES) / 2))


def _is_solution(cell: dict[str, object]) -> bool:
    """A hidden code cell with an exercise's solution (tagged ``solution``)."""
    tags = cell.get("metadata", {}).get("tags", [])  # type: ignore[attr-defined]
    return cell["cell_type"] == "code" and "solution" in tags


def _lines(code: str) -> int:
    """Lines of code: not blank, not a comment, not a docstring's opening line."""
    return sum(1 for line in code.splitlines() if line.strip() and line.strip()[0] not in "#\"'")


def _solution_lines(cells: list[dict[str, object]], start: int) -> int | None:
    """The lines of the exercise's solution after cell ``start``: a hidden code cell tagged
    ``solution``, or the first code block of a ``<details>`` block, before the next code
    cell that is not a solution."""
    for cell in cells[start + 1 :]:
        text = "".join(cell["source"])  # type: ignore[arg-type]
        if _is_solution(cell):
            return _lines(text)
        if cell["cell_type"] == "code":
            return None
        if found := _SOLUTION_CODE.search(text):
            return _lines(found[1])
    return None


_VISUAL = re.compile(r"<(img|svg|table|canvas)\b", re.I)
"""An HTML output is a picture if it draws or tabulates something; a paragraph (a check's
verdict) is read as its words."""


def estimate(path: Path) -> Estimate:
    """The estimate for one lesson, from its stored ``.ipynb`` (cells and outputs)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    words = prose = code = exercises = pictures = widgets = homework = 0
    coding: list[int] = []
    for at, cell in enumerate(cells):
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            n = len(_WORD.findall(_prose(text)))
            words, prose = words + n, prose + n
            continue
        if not text.strip() or _is_solution(cell):
            continue  # a hidden solution is not read in class
        before = "".join(cells[at - 1]["source"]) if at else ""
        if at and cells[at - 1]["cell_type"] == "markdown" and _HOMEWORK.search(before):
            homework += 1
            continue
        if _CODING.search(text):
            coding.append(coding_minutes(_solution_lines(cells, at)))
        elif _EXERCISE.search(text):
            exercises += 1
        elif _LIVE.search(text):
            widgets += 1
        else:
            code += 1
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if any(k.startswith("image/") for k in data) or _VISUAL.search(
                "".join(data.get("text/html", ""))
            ):
                pictures += 1
            elif output.get("output_type") == "stream" or "text/plain" in data:
                shown = "".join(output.get("text", data.get("text/plain", "")))
                words += len(_WORD.findall(shown))
    return Estimate(
        path.stem, words, code, exercises, pictures, widgets, tuple(coding), homework, prose
    )


README = NOTEBOOKS.parent / "README.md"
_ROW = re.compile(r"^(\| `(\w+)` \|.*\| )(\d+)( \|\s*)$")


def readme_with_minutes(text: str, minutes: dict[str, int]) -> str:
    """The README's text with the minutes column of its table of lessons set to ``minutes``
    (a row whose notebook is not in ``minutes`` is left as it is).

    >>> readme_with_minutes("| `07_ab` | alpha-beta | 60 |", {"07_ab": 44})
    '| `07_ab` | alpha-beta | 44 |'
    """
    rows = []
    for line in text.split("\n"):
        row = _ROW.match(line)
        if row and row[2] in minutes:
            line = f"{row[1]}{minutes[row[2]]}{row[4]}"
        rows.append(line)
    return "\n".join(rows)


def main(prefixes: list[str]) -> None:
    if prefixes == ["--readme"]:  # write every notebook's minutes into the README's table
        found = {p.stem: estimate(p).minutes for p in NOTEBOOKS.glob("[0-9][0-9]*.ipynb")}
        README.write_text(readme_with_minutes(README.read_text("utf-8"), found), "utf-8")
        return
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if prefixes and not any(path.name.startswith(p) for p in prefixes):
            continue
        e = estimate(path)
        coding = f", coding {'+'.join(map(str, e.coding))} min" if e.coding else ""
        extra = f", {e.homework} for homework" if e.homework else ""
        print(
            f"{e.name:40} {e.minutes:3} min  ({e.prose} words of prose, {e.words} read in all, "
            f"{e.code_cells} code cells, {e.exercises} exercises{coding}, {e.pictures} pictures, "
            f"{e.widgets} widgets{extra})"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
