"""Seeded assignments: a roster and a choice of exercises in; notebooks, sheets and keys out.

Vocabulary, with its Python representation:

* **roster** — the class: a CSV file of lines ``student id, name`` (a header line
  ``id,name`` is allowed), read by :func:`read_roster` into :class:`Student` values.
* **exercise** — :class:`Exercise`: a drill (``"alphabeta:2"``: the kind and the level) or a
  code exercise for the grader (``"code:minimax:1"``).
* **seed** — each student's tree for each exercise comes from :func:`seed_for`, a stable hash
  (SHA-256) of the assignment id, the student id and the exercise's number: the same on every
  machine and every run, different for every student, so answers cannot be copied.
* **assignment** — :class:`Assignment`: its id, its exercises and its roster;
  :func:`~gametheory.teacher.sheets.write_assignment` writes, for every student, a notebook, a printable sheet and the
  teacher's answer key. The same inputs give byte-identical files.

>>> roster = read_roster("s01,Ada\\ns02,Zoë\\n")
>>> work = Assignment("hw1", (Exercise.parse("alphabeta:1"),), roster)
>>> work.seed("s01", 1) == seed_for("hw1", "s01", 1)
True
>>> work.seed("s01", 1) != work.seed("s02", 1)
True
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gametheory.core import GameError
from gametheory.practice import KINDS as DRILL_KINDS
from gametheory.practice.grader import KINDS as CODE_KINDS

__all__ = [
    "Assignment",
    "Exercise",
    "RosterError",
    "Student",
    "read_roster",
    "seed_for",
]

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
"""A student or assignment id: it becomes part of a file name, so letters, digits, . _ -."""


class RosterError(GameError):
    """A roster or an assignment that cannot be used as it is; the message says where."""


@dataclass(frozen=True)
class Student:
    """One line of the roster: the id (used in file names and records) and the name (shown
    on the student's own notebook and sheet only, never in a record)."""

    id: str
    name: str


def read_roster(source: str | os.PathLike[str]) -> list[Student]:
    """Read a roster: a CSV file (or its text) with a student id and a name on each line.

    Empty lines are skipped, a first line ``id,name`` is a header, names may have any
    letters (UTF-8, with or without a byte-order mark) and commas inside quotes.

    Raises
    ------
    RosterError
        For a line without a name, an id that cannot be a file name, a repeated id (both
        lines named), or an empty roster. Nothing is read half: one bad line, no roster.

    >>> read_roster("id,name\\n\\ns1,Łukasz Nowak\\n")
    [Student(id='s1', name='Łukasz Nowak')]
    >>> read_roster("s1,Ada\\ns1,Bob\\n")
    Traceback (most recent call last):
    ...
    gametheory.teacher.assign.RosterError: roster line 2: the id 's1' is already on line 1 (Ada); every student needs an id of their own
    """
    text = _roster_text(source)
    students: list[Student] = []
    first: dict[str, tuple[int, str]] = {}
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells) or (not students and _is_header(cells)):
            continue
        if len(cells) < 2 or not cells[0] or not cells[1]:
            raise RosterError(
                f"roster line {number}: {','.join(row)!r} needs two columns, a student id and "
                "a name (e.g. s01,Ada Lovelace)"
            )
        sid, name = cells[0], cells[1]
        if not _ID.fullmatch(sid):
            raise RosterError(
                f"roster line {number}: the id {sid!r} cannot be part of a file name: use "
                "letters, digits, '.', '_' and '-' (at most 64), starting with a letter or digit"
            )
        if sid in first:
            line, other = first[sid]
            raise RosterError(
                f"roster line {number}: the id {sid!r} is already on line {line} ({other}); "
                "every student needs an id of their own"
            )
        first[sid] = (number, name)
        students.append(Student(sid, name))
    if not students:
        raise RosterError("the roster has no students: write one 'id,name' line per student")
    return students


def _roster_text(source: str | os.PathLike[str]) -> str:
    """The roster's text: ``source`` itself if it has a line break, else the file it names."""
    if isinstance(source, str) and "\n" in source:
        return source.removeprefix("\ufeff")
    try:
        return Path(source).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise RosterError(f"the roster {str(source)!r} is not UTF-8 text: {error}") from error
    except OSError as error:
        raise RosterError(f"cannot read the roster {str(source)!r}: {error}") from error


def _is_header(cells: list[str]) -> bool:
    return cells[0].lower() in {"id", "student", "student id", "student_id"}


@dataclass(frozen=True)
class Exercise:
    """One exercise of an assignment: a drill of a kind at a level, or (``code=True``) a
    function the student writes, graded by :func:`~gametheory.practice.grader.grade`.

    >>> Exercise.parse("code:alphabeta:2")
    Exercise(kind='alphabeta', level=2, code=True)
    >>> str(Exercise("minimax"))
    'minimax:1'
    """

    kind: str
    level: int = 1
    code: bool = False

    def __post_init__(self) -> None:
        kinds = CODE_KINDS if self.code else DRILL_KINDS
        what = "a code exercise" if self.code else "a drill"
        if self.kind not in kinds:
            raise RosterError(f"{what} kind must be one of {', '.join(kinds)}, got {self.kind!r}")
        if isinstance(self.level, bool) or self.level not in (1, 2, 3):
            raise RosterError(f"the level of {self.kind!r} must be 1, 2 or 3, got {self.level!r}")

    @classmethod
    def parse(cls, text: str) -> Exercise:
        """``"kind"``, ``"kind:level"``, ``"code:kind"`` or ``"code:kind:level"``."""
        parts = [p.strip() for p in str(text).split(":")]
        code = parts[0] == "code"
        parts = parts[1:] if code else parts
        if not 1 <= len(parts) <= 2 or (len(parts) == 2 and not parts[1].isdigit()):
            raise RosterError(
                f"an exercise is written kind:level or code:kind:level (e.g. alphabeta:2, "
                f"code:minimax:1), got {text!r}"
            )
        return cls(parts[0], int(parts[1]) if len(parts) == 2 else 1, code)

    def __str__(self) -> str:
        return f"{'code:' if self.code else ''}{self.kind}:{self.level}"

    @property
    def title(self) -> str:
        """How a sheet names it: ``"alpha-beta by hand, level 2"``."""
        name = {"alphabeta": "alpha-beta", "alphabeta_negamax": "alpha-beta (negamax form)"}
        kind = name.get(self.kind, self.kind)
        return f"{kind} in code" if self.code else f"{kind} by hand, level {self.level}"


def seed_for(assignment: str, student: str, number: int) -> int:
    """The seed of exercise ``number`` (from 1) of ``student`` in ``assignment``: the first
    six bytes of a SHA-256, stable across runs and machines (Python's ``hash()`` is not).

    >>> seed_for("hw1", "s01", 1)
    56411836105824
    """
    text = "\x1f".join(["gametheory.teacher", assignment, student, str(number)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


@dataclass(frozen=True)
class Assignment:
    """An assignment: its id, its exercises (numbered from 1) and the class.

    Nothing of it is secret: the seeds are hashes of public ids, and the teacher's side
    grades every answer again against the exercise it derives itself (a record's word is
    never a grade). :meth:`load` reads back the ``assignment.json`` that
    :func:`~gametheory.teacher.sheets.write_assignment` wrote:

    >>> import tempfile, pathlib
    >>> from gametheory.teacher.sheets import write_assignment
    >>> work = Assignment("hw1", (Exercise("minimax"),), [Student("s01", "Ada")])
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "hw1"
    >>> _ = write_assignment(work, folder, progress=False)
    >>> Assignment.load(folder / "assignment.json") == work
    True
    """

    id: str
    exercises: tuple[Exercise, ...]
    roster: tuple[Student, ...] | list[Student]

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.id):
            raise RosterError(
                f"the assignment id {self.id!r} cannot be part of a file name: use letters, "
                "digits, '.', '_' and '-'"
            )
        if not self.exercises:
            raise RosterError("an assignment needs at least one exercise (e.g. alphabeta:2)")
        object.__setattr__(self, "roster", tuple(self.roster))

    def seed(self, student: str, number: int) -> int:
        """The seed of exercise ``number`` (from 1) for ``student``."""
        return seed_for(self.id, student, number)

    def student(self, sid: str) -> Student | None:
        """The student with id ``sid``, or None."""
        return next((s for s in self.roster if s.id == sid), None)

    def manifest(self) -> dict[str, Any]:
        """What the teacher keeps to collect the records later (``assignment.json``)."""
        return {
            "assignment": self.id,
            "exercises": [str(e) for e in self.exercises],
            "students": [{"id": s.id, "name": s.name} for s in self.roster],
        }

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Assignment:
        """Read the ``assignment.json`` that :func:`write_assignment` wrote."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            students = [Student(s["id"], s["name"]) for s in data["students"]]
            exercises = exercises_of(data["exercises"])
            return cls(data["assignment"], exercises, students)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise RosterError(
                f"{str(path)!r} is not an assignment.json written by write_assignment: {error}"
            ) from error


def exercises_of(texts: Sequence[str]) -> tuple[Exercise, ...]:
    """Exercises from their texts (``["alphabeta:2", "code:minimax"]``)."""
    return tuple(Exercise.parse(t) for t in texts)
