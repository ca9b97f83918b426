"""What each student gets: a notebook of their own seeded exercises, a sheet to print, and
the teacher's answer key.

Every file is made from the assignment and the student alone (no clock, no random state,
fixed cell ids), so the same inputs give the same bytes.

>>> from gametheory.teacher.assign import Assignment, Exercise, Student
>>> work = Assignment("hw1", (Exercise("minimax"),), [Student("s01", "Ada")])
>>> notebook(work, work.roster[0]) == notebook(work, work.roster[0])
True
>>> "page-break-after" in sheet(work, work.roster[0])
True
"""

from __future__ import annotations

import html
import json
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from gametheory.practice import Drill
from gametheory.practice.grader import KINDS as CODE_KINDS
from gametheory.practice.messages import TASK
from gametheory.teacher.assign import Assignment, Exercise, RosterError, Student
from gametheory.teacher.models import INTERFACE, MODELS

__all__ = ["answer_key", "drill_of", "notebook", "sheet", "write_assignment"]

SIGNATURES = {kind: model.split("def ", 1)[1].split(":\n", 1)[0] for kind, model in MODELS.items()}
"""The function a code exercise asks for, as the grader calls it: the line that defines the
answer key's model solution (``"minimax(game, state)"``)."""
assert set(SIGNATURES) == set(CODE_KINDS)


def drill_of(assignment: Assignment, student: str, number: int) -> Drill:
    """The drill of exercise ``number`` (from 1) for ``student``: its seed is the student's."""
    exercise = assignment.exercises[number - 1]
    return Drill(exercise.kind, seed=assignment.seed(student, number), level=exercise.level)


# -- the notebook ---------------------------------------------------------------------------
def notebook(assignment: Assignment, student: Student) -> str:
    """The student's notebook (nbformat 4, JSON text): one section per exercise, each
    check saving that exercise's record into the folder named after the assignment."""
    opening = (
        f"# {assignment.id}: {html.escape(student.name)} ({student.id})\n\n"
        "Your exercises are your own: their trees come from your student id. Run the cells "
        "in order; every check saves a small record (your answers' score and the kind of "
        f"mistake, no more) into the folder `{assignment.id}/` next to this notebook. Hand "
        "that folder in."
    )
    setup = (
        "import gametheory\nfrom gametheory.teacher import Workbook\n\n"
        f"book = Workbook({assignment.id!r}, {student.id!r}, "
        f"{[str(e) for e in assignment.exercises]!r})"
    )
    cells = [_markdown(opening), _code(setup)]
    for number, exercise in enumerate(assignment.exercises, start=1):
        cells += _exercise_cells(number, exercise)
    for k, cell in enumerate(cells):
        cell["id"] = f"cell-{k:03d}"  # fixed ids: nbformat would draw random ones
        cell["metadata"]["nbgrader"] = _nbgrader(cell, k)
    document = {"cells": cells, "metadata": {"kernelspec": _KERNEL}, "nbformat": 4,
                "nbformat_minor": 5}  # fmt: skip
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def _markdown(source: str) -> dict[str, Any]:
    """A markdown cell of nbformat 4.5 (written as JSON directly: nbformat's own writer
    validates every notebook against its schema, which a class of thousands waits for;
    the tests validate)."""
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def _code(source: str) -> dict[str, Any]:
    """A code cell of nbformat 4.5, never run."""
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": source}  # fmt: skip


_KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}


def _nbgrader(cell: Any, k: int) -> dict[str, Any]:
    """nbgrader's cell metadata (schema 3): the cells a student fills in are answers, the
    strict checks are autograded tests worth a point each, every other cell is locked."""
    source = str(cell["source"])
    answer = cell["cell_type"] == "code" and source.startswith(("values = ", "def "))
    test = "strict=True" in source
    return {"schema_version": 3, "grade_id": f"cell-{k:03d}", "solution": answer,
            "grade": test, "locked": not answer, "task": False} | ({"points": 1} if test else {})  # fmt: skip


def _exercise_cells(number: int, exercise: Exercise) -> list[dict[str, Any]]:
    """The cells of one exercise: what to do, the tree, the answer to fill in, the check."""
    head = f"## Exercise {number}: {exercise.title}\n\n"
    if exercise.code:
        signature = SIGNATURES[exercise.kind]
        name = signature.split("(")[0]
        return [
            _markdown(
                head + f"Write `{signature}`. {INTERFACE[exercise.kind]} (More in "
                "`help(gametheory.practice.grade)`.) The check runs it on trees of your own "
                "and names the first step where it departs from the search. Keep everything "
                "the function needs (imports, helpers) in its cell: the teacher grades that "
                "cell again."
            ),  # fmt: skip
            _code(f"book.open({number})  # starts this exercise's clock"),
            _code(f"def {signature}:\n    ...  # your code here"),
            _code(f"book.grade({number}, {name})"),
            _code(f"book.grade({number}, {name}, strict=True)  # the autograder's test"),
        ]
    kind = Drill._kinds[exercise.kind]
    pruned = "\npruned = []" if kind.marks_pruned else ""
    check = "values, pruned" if kind.marks_pruned else "values"
    how = 'Write your answer in the cell below: `values`, a value for every inner node of the tree (e.g. `{"A": 3, "B": 5}`)'
    if kind.marks_pruned:
        how += ', and `pruned`, the nodes never looked at (e.g. `["I", "J"]`)'
    how += "."
    return [
        _markdown(f"{head}{TASK[exercise.kind]} {how}"),
        _code(f"book.drill({number})"),
        _code(f"values = {{}}{pruned}"),
        _code(f"book.check({number}, {check})"),
        _code(f"book.hint({number}, {check})  # one step only; counts as a hint"),
        _code(f"book.check({number}, {check}, strict=True)  # the autograder's test"),
    ]


# -- the printed sheet and the answer key --------------------------------------------------------
_PAGE_STYLE = """<style>
body { font-family: sans-serif; margin: 0; }
section.page { page-break-after: always; break-after: page; padding: 1.5cm; }
section.page svg { width: 100%; max-width: 17cm; max-height: 11cm; height: auto; }
table.boxes { border-collapse: collapse; margin-top: 0.6cm; }
table.boxes th, table.boxes td { border: 1px solid #000; padding: 0.15cm 0.4cm; min-width: 2.2cm; }
div.lines { border-top: 1px solid #000; height: 14cm;
  background: repeating-linear-gradient(#fff 0 0.9cm, #888 0.9cm calc(0.9cm + 1px)); }
@page { size: A4; margin: 0; }
</style>"""


def sheet(assignment: Assignment, student: Student) -> str:
    """The printable sheet (HTML with the trees in SVG): one page per exercise, the tree to
    work on and a box for every answer."""
    return _document(assignment, student, key=False)


def answer_key(assignment: Assignment, student: Student) -> str:
    """The teacher's key to :func:`sheet`: every box filled in, the tree with the answers."""
    return _document(assignment, student, key=True)


def _document(
    assignment: Assignment, student: Student, *, key: bool, drills: dict[int, Drill] | None = None
) -> str:
    drills = _drills(assignment, student) if drills is None else drills
    pages = [
        _page(assignment, student, number, exercise, key, drills.get(number))
        for number, exercise in enumerate(assignment.exercises, start=1)
    ]
    what = "answer key" if key else "sheet"
    title = html.escape(f"{assignment.id}: {what} of {student.name} ({student.id})")
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"{_PAGE_STYLE}</head><body>\n" + "\n".join(pages) + "\n</body></html>\n"
    )


def _drills(assignment: Assignment, student: Student) -> dict[int, Drill]:
    """The student's drills by number (made once for the sheet and the key)."""
    return {n: drill_of(assignment, student.id, n)
            for n, e in enumerate(assignment.exercises, start=1) if not e.code}  # fmt: skip


def _page(
    assignment: Assignment,
    student: Student,
    number: int,
    exercise: Exercise,
    key: bool,
    drill: Drill | None,
) -> str:
    who = html.escape(f"{student.name} ({student.id})")
    head = (
        f'<section class="page"><h2>{html.escape(assignment.id)} · exercise {number}: '
        f"{html.escape(exercise.title)}</h2><p>{who}{' · ANSWER KEY' if key else ''}</p>"
    )
    if exercise.code:
        seed = assignment.seed(student.id, number)
        body = (
            f"<p>Write <code>{html.escape(SIGNATURES[exercise.kind])}</code> below. "
            f"{html.escape(INTERFACE[exercise.kind])}</p>"
            + (
                f"<p>A model solution:</p><pre>{html.escape(MODELS[exercise.kind])}</pre>"
                f"<p>Graded by <code>grade(f, {exercise.kind!r}, seed={seed}, level="
                f"{exercise.level})</code>.</p>"
                if key
                else '<div class="lines"></div>'
            )  # fmt: skip
        )
        return head + body + "</section>"
    assert drill is not None
    values, pruned = drill.solution()
    picture = drill.picture((values, pruned) if key else None, caption=False)
    rows = "".join(
        f"<tr><th>{name}</th><td>{_answer(values.get(name), key)}</td></tr>" for name in drill.inner
    )
    if drill.marks_pruned:
        cut = ", ".join(pruned) if key else ""
        rows += f"<tr><th>never looked at</th><td>{html.escape(cut) or '&#160;'}</td></tr>"
    return (
        head + f"<p>{html.escape(drill.task)}</p>{picture}"
        f'<table class="boxes"><tr><th>node</th><th>answer</th></tr>{rows}</table></section>'
    )


def _answer(value: Any, key: bool) -> str:
    if not key:
        return "&#160;"
    return "—" if value is None else html.escape(str(value))


POOL_FROM = 100
"""The smallest class whose files are written by a pool of processes (a smaller one is
written in this process: starting the pool would cost more than it saves)."""


def write_assignment(
    assignment: Assignment,
    folder: str | os.PathLike[str],
    *,
    progress: bool = True,
    sheets: bool = True,
    workers: int | None = None,
) -> list[Path]:
    """Write everything for the class into ``folder``; returns the files written.

    ``assignment.json`` (for collecting), and for each student ``notebooks/ID.ipynb``,
    ``sheets/ID.html`` (to print: one page per exercise) and ``keys/ID.html`` (the answer
    key, for the teacher); ``sheets=False`` writes the notebooks only (a notebook takes a
    millisecond or two, a sheet and its key with their pictures some 40 ms of one core).
    The students of a class of :data:`POOL_FROM` or more are shared out among ``workers``
    processes (None: one for each core; 1: this process alone), which write the same bytes
    as one would. Everything is written into a temporary folder beside ``folder`` (with a
    progress bar, tqdm, unless ``progress=False``) and renamed to ``folder`` when complete:
    an interruption (Ctrl-C) leaves no half-written assignment, and says so.

    Raises
    ------
    RosterError
        If ``folder`` exists and is not empty (nothing is overwritten).
    """
    import shutil
    import tempfile

    from tqdm.auto import tqdm

    out = Path(folder)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise RosterError(
            f"{str(out)!r} exists and is not empty: choose a new folder for the assignment"
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    part = Path(tempfile.mkdtemp(prefix=f".{out.name}-", suffix=".part", dir=out.parent))
    try:
        names = ["assignment.json"]
        _write(part / "assignment.json", json.dumps(assignment.manifest(), indent=1) + "\n")
        for sub in ("notebooks", "sheets", "keys") if sheets else ("notebooks",):
            (part / sub).mkdir()
        roster = list(assignment.roster)
        size = max(1, min(50, len(roster) // (4 * (workers or os.cpu_count() or 1))))
        groups = [roster[k : k + size] for k in range(0, len(roster), size)]
        # each group goes to a worker with the assignment but not the whole class
        write = partial(_write_students, replace(assignment, roster=()), part, sheets)
        pool = None if workers == 1 or len(roster) < POOL_FROM else ProcessPoolExecutor(workers)
        try:
            done = pool.map(write, groups) if pool else map(write, groups)
            with tqdm(total=len(roster), desc="students", disable=not progress, leave=False) as bar:
                for group, written in zip(groups, done, strict=True):
                    names += written
                    bar.update(len(group))
        finally:  # after Ctrl-C too: the groups not started never are
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        if out.exists():
            out.rmdir()
        part.rename(out)
    except BaseException as error:
        shutil.rmtree(part, ignore_errors=True)
        if isinstance(error, KeyboardInterrupt):
            raise RosterError(f"interrupted: nothing was written into {str(out)!r}") from error
        raise
    return [out / name for name in names]


def _write_students(
    assignment: Assignment, part: Path, sheets: bool, students: list[Student]
) -> list[str]:
    """Write the files of ``students`` into ``part``; their names, in order."""
    names = []
    for student in students:
        files = [(f"notebooks/{student.id}.ipynb", notebook(assignment, student))]
        drills = _drills(assignment, student) if sheets else {}
        for sub, key in (("sheets", False), ("keys", True)) if sheets else ():
            text = _document(assignment, student, key=key, drills=drills)
            files.append((f"{sub}/{student.id}.html", text))
        for name, text in files:
            _write(part / name, text)
            names.append(name)
    return names


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", newline="\n")
