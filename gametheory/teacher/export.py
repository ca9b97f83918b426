"""Grades and feedback into the school's systems: a gradebook CSV, a feedback page per
student, and Gradescope's ``results.json`` per student.

* :func:`write_csv` — a row per student of the roster: ``id``, ``name``, one column per
  exercise (the teacher's score in percent), ``total``, ``mistakes`` (named in words):
  what Moodle's and Canvas's gradebook imports take.
* :func:`write_feedback` — ``ID.html`` per student: each exercise's score, the checker's or
  the grader's words on the answer handed in, the mistakes named, and (for a drill) the
  student's own answer drawn with the mistakes marked.
* :func:`write_gradescope` — ``ID/results.json`` per student in the format of Gradescope's
  autograder specification (a test per exercise with ``name``, ``number``, ``score``,
  ``max_score``, ``status``, ``output``, ``visibility``; the total ``score``).

Everything comes from the :class:`~gametheory.teacher.collection.Collection`, whose scores
are the teacher's own grading; what a student wrote (a mistake's name noted by their
notebook) is escaped on the way out, and a CSV cell never starts a formula.

>>> import io
>>> from gametheory.teacher.assign import Assignment, Exercise, Student
>>> from gametheory.teacher.collection import Collection
>>> work = Assignment("hw1", (Exercise("minimax"),), [Student("s01", "=Ada")])
>>> out = io.StringIO()
>>> rows_csv(Collection(work, {}, ()), out)
>>> print(out.getvalue().strip())
id,name,ex1,total,mistakes
s01,'=Ada,,0.0,
"""

from __future__ import annotations

import csv
import html
import json
import os
from pathlib import Path
from typing import Any, TextIO

from gametheory.core import GameError
from gametheory.teacher.collection import Collection
from gametheory.teacher.report import ClassReport, mistake_title

__all__ = ["rows_csv", "write_csv", "write_feedback", "write_gradescope"]


def _cell(value: Any) -> str:
    """A CSV cell a spreadsheet will not read as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def rows_csv(collection: Collection, out: TextIO) -> None:
    """The gradebook (see the module docstring) as CSV text into ``out``."""
    count = len(collection.assignment.exercises)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "name", *(f"ex{n}" for n in range(1, count + 1)), "total", "mistakes"])
    for row in ClassReport(collection).rows():
        scores = [row[str(n)] for n in range(1, count + 1)]
        percents = ["" if s is None else round(100 * s, 1) for s in scores]
        mistakes = "; ".join(mistake_title(m) for m in row["mistakes"])
        cells = [row["id"], row["name"], *percents, round(100 * row["total"], 1), mistakes]
        writer.writerow([_cell(c) for c in cells])


def write_csv(collection: Collection, path: str | os.PathLike[str]) -> Path:
    """Write :func:`rows_csv` to ``path`` (UTF-8 with a byte-order mark, which Excel needs)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8-sig", newline="") as out:
        rows_csv(collection, out)
    return target


def _exercises(collection: Collection, sid: str) -> list[dict[str, Any]]:
    """Each exercise of ``sid``: number, title, score (None: not handed in), message,
    mistakes, picture."""
    work = collection.assignment
    report = ClassReport(collection)
    found = []
    for number, exercise in enumerate(work.exercises, start=1):
        record = collection.records.get((sid, number))
        entry: dict[str, Any] = {"number": number, "title": exercise.title, "score": None,
                                 "message": "nothing handed in", "mistakes": [], "picture": ""}  # fmt: skip
        if record is not None:
            entry |= {"score": record["score"], "message": record["message"],
                      "mistakes": [mistake_title(m) for m in record["mistakes"]],
                      "picture": report.answer_picture(sid, number)}  # fmt: skip
        found.append(entry)
    return found


def write_feedback(collection: Collection, folder: str | os.PathLike[str]) -> list[Path]:
    """Write ``folder/ID.html`` for every student of the roster; returns the files."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for student in collection.assignment.roster:
        parts = [f"<h1>{html.escape(collection.assignment.id)}: {html.escape(student.name)} "
                 f"({html.escape(student.id)})</h1>"]  # fmt: skip
        for ex in _exercises(collection, student.id):
            score = "not handed in" if ex["score"] is None else f"{100 * ex['score']:.0f}%"
            named = "".join(f"<li>{html.escape(m)}</li>" for m in ex["mistakes"])
            parts.append(
                f"<section><h2>Exercise {ex['number']}: {html.escape(ex['title'])} — {score}</h2>"
                f"<p>{html.escape(ex['message'])}</p>"
                + (f"<p>Mistakes made:</p><ul>{named}</ul>" if named else "")
                + ex["picture"]
                + "</section>"
            )
        page = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>'
                f"{html.escape(collection.assignment.id)}: feedback for {html.escape(student.id)}"
                "</title><style>body { font-family: sans-serif; max-width: 900px; margin: 1em auto; }"
                " svg { max-width: 100%; height: auto; }</style></head><body>\n"
                + "\n".join(parts) + "\n</body></html>\n")  # fmt: skip
        path = out / f"{student.id}.html"
        path.write_text(page, encoding="utf-8")
        files.append(path)
    return files


def write_gradescope(
    collection: Collection, folder: str | os.PathLike[str], *, visibility: str = "visible"
) -> list[Path]:
    """Write ``folder/ID/results.json`` (Gradescope's autograder format) for every student
    of the roster: one test per exercise worth one point; returns the files."""
    if visibility not in ("visible", "hidden", "after_due_date", "after_published"):
        raise GameError(
            "visibility must be visible, hidden, after_due_date or after_published, got "
            f"{visibility!r}"
        )
    out = Path(folder)
    files = []
    for student in collection.assignment.roster:
        tests = []
        for ex in _exercises(collection, student.id):
            score = 0.0 if ex["score"] is None else float(ex["score"])
            words = ex["message"] + "".join(f"\n- {m}" for m in ex["mistakes"])
            tests.append({"name": f"Exercise {ex['number']}: {ex['title']}",
                          "number": str(ex["number"]), "score": score, "max_score": 1.0,
                          "status": "passed" if score == 1.0 else "failed",
                          "output": words, "visibility": visibility})  # fmt: skip
        results = {"score": round(sum(t["score"] for t in tests), 4),
                   "output": f"{collection.assignment.id}: graded again by the teacher's kit",
                   "visibility": visibility, "tests": tests}  # fmt: skip
        path = out / student.id / "results.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", "utf-8")
        files.append(path)
    return files
