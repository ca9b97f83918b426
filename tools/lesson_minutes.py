"""How long each lesson takes in class: an estimate from its Jupytext source.

    .venv/bin/python tools/lesson_minutes.py            # every notebook
    .venv/bin/python tools/lesson_minutes.py 07 12      # those whose names start so

The rule of thumb of the curriculum review, at the slow end of its ranges so that a lesson
that fits here fits in class: prose is read at 120 words a minute; a code cell that a student
runs and looks at takes 30 seconds (the review: 20–30); an exercise (a cell the student fills
in and checks: ``# your answer``, a ``check_…`` call, a drill's ``widget()``, ``grade(...)``)
takes 5 minutes (the review: 3–5). What the cells show counts too, read from the stored
``.ipynb``: printed text at the same 120 words a minute, 30 seconds for each picture, and 3
minutes for each live widget (an explorer or a game to try, instead of the cell's 30 s). Hidden solutions (``<details>``
blocks) are not read in class and do not count; nor do code blocks inside markdown. The result
is rounded up to whole minutes.
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
PICTURE_SECONDS = 30
WIDGET_MINUTES = 3
_EXERCISE = re.compile(r"#\s*your (answer|turn|code)|\bcheck_\w+\(|\.widget\(\)|\bgrade\(", re.I)
_WORD = re.compile(r"[\w′'’−-]+")
_LIVE = re.compile(r"\b\w*(Explorer|Widget)\(")  # a widget to try (a drill's is an exercise)


@dataclass(frozen=True)
class Estimate:
    """The parts of a lesson's time."""

    name: str
    words: int  # prose and printed text
    code_cells: int
    exercises: int
    pictures: int
    widgets: int

    @property
    def minutes(self) -> int:
        reading = self.words / WORDS_A_MINUTE
        looking = (self.code_cells * CODE_CELL_SECONDS + self.pictures * PICTURE_SECONDS) / 60
        doing = self.exercises * EXERCISE_MINUTES + self.widgets * WIDGET_MINUTES
        return math.ceil(reading + looking + doing)


def _prose(markdown: str) -> str:
    text = re.sub(r"<details>.*?</details>", " ", markdown, flags=re.S)
    return re.sub(r"```.*?```", " ", text, flags=re.S)


_VISUAL = re.compile(r"<(img|svg|table|canvas)\b", re.I)
"""An HTML output is a picture if it draws or tabulates something; a paragraph (a check's
verdict) is read as its words."""


def estimate(path: Path) -> Estimate:
    """The estimate for one lesson, from its stored ``.ipynb`` (cells and outputs)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    words = code = exercises = pictures = widgets = 0
    for cell in notebook["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            words += len(_WORD.findall(_prose(text)))
            continue
        if not text.strip():
            continue
        if _EXERCISE.search(text):
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
    return Estimate(path.stem, words, code, exercises, pictures, widgets)


def main(prefixes: list[str]) -> None:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if prefixes and not any(path.name.startswith(p) for p in prefixes):
            continue
        e = estimate(path)
        print(
            f"{e.name:40} {e.minutes:3} min  ({e.words} words, {e.code_cells} code cells, "
            f"{e.exercises} exercises, {e.pictures} pictures, {e.widgets} widgets)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
