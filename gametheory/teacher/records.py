"""Records: one small JSON file per exercise, written by the student's notebook, collected
and checked by the teacher.

A record holds what the exercise needs and no more: the assignment, the roster id, the
exercise's number, kind, level and seed, attempts, hints, the best score, whether it was
solved, the mistakes named by the checker or the grader (with the answer where each first
showed, for the class report's example), and the seconds spent. No paths, no user names.
Every record carries :data:`VERSION` and a checksum (HMAC-SHA256) keyed to its assignment.

:func:`collect` reads a folder of them and reports, never merges silently: files that are
not records, records of an older or newer version, of another assignment, of a student not
on the roster, records whose checksum or seed does not match (tampered), and duplicates.

>>> from gametheory.teacher.assign import Assignment, Exercise, Student
>>> work = Assignment("hw1", (Exercise("minimax"),), [Student("s01", "Ada")])
>>> record = seal(work.key, {"assignment": "hw1", "student": "s01", "exercise": 1})
>>> problem_of(record, work) is None
False
>>> record["version"] == VERSION
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametheory.practice import Drill, Feedback, Report
from gametheory.practice import grade as grade_code
from gametheory.practice.grading import read
from gametheory.search.paths import Address
from gametheory.search.trace import Trace
from gametheory.teacher import nbgrader
from gametheory.teacher.assign import Assignment, Exercise, RosterError

__all__ = [
    "VERSION",
    "Collection",
    "Problem",
    "Workbook",
    "collect",
    "deep_cutoff",
    "mistakes_of",
    "seal",
]

VERSION = 1
"""The version of the records this package writes; :func:`collect` reports any other."""

FIELDS = (
    "version", "assignment", "student", "exercise", "type", "kind", "level", "seed",
    "attempts", "hints", "score", "solved", "solution_shown", "mistakes", "examples",
    "seconds", "checksum",
)  # fmt: skip
"""The fields of a record, each one always present."""


def _canonical(record: Mapping[str, Any]) -> bytes:
    body = {k: v for k, v in record.items() if k != "checksum"}
    return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def seal(key: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` with this package's version and its checksum under ``key``."""
    sealed = dict(record) | {"version": VERSION}
    digest = hmac.new(key.encode(), _canonical(sealed), hashlib.sha256).hexdigest()
    return sealed | {"checksum": digest}


def _intact(key: str, record: Mapping[str, Any]) -> bool:
    digest = hmac.new(key.encode(), _canonical(record), hashlib.sha256).hexdigest()
    return hmac.compare_digest(digest, str(record.get("checksum", "")))


# -- what a mistake is called --------------------------------------------------------------
def mistakes_of(drill: Drill, values: Any, pruned: Any = ()) -> list[str]:
    """The kinds of mistake in an answer to ``drill``, by the grader's names, in the order
    of the search: ``"wrong-value"``, ``"missed-cutoff"``, ``"deep-cutoff-missed"``, …

    >>> from gametheory import tree
    >>> drill = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> mistakes_of(drill, {"A": 3, "B": 3, "C": 2, "D": 2})
    ['missed-cutoff']
    """
    # Feedback carries only the first mistake's words; Drill.mistakes has every one's kind.
    names: list[str] = []
    for mistake in drill.mistakes(values, pruned):
        name = mistake.slip.name.lower().replace("_", "-")
        if name == "missed-cutoff" and deep_cutoff(drill.trace, mistake.path):
            name = "deep-cutoff-missed"
        if name not in names:
            names.append(name)
    return names


def deep_cutoff(trace: Trace, path: Address) -> bool:
    """Whether the cutoff at ``path`` is deep: its parent's best so far alone would not
    justify it (the rule of :func:`~gametheory.practice.levels.cutoff_kinds`, for one node)."""
    node = read(trace)[0].get(path)
    if node is None or not path:
        return False
    parent = node.parent_best
    mine = node.best <= parent if trace.role(path) == "MIN" else node.best >= parent
    return math.isnan(parent) or not mine


# -- the student's side ----------------------------------------------------------------------
@dataclass
class Workbook:
    """The student's side of an assignment, as their notebook makes it: the drills of their
    own seeds, and each check saving that exercise's record.

    Parameters
    ----------
    assignment, student
        The ids, as the roster and the teacher's notebook give them.
    exercises
        The exercises' texts (``"alphabeta:2"``, ``"code:minimax:1"``).
    key
        The assignment's key (:attr:`Assignment.key`), for the checksums.
    folder
        Where the records go: by default a folder named after the assignment.
    clock
        Seconds, for the time spent (``time.monotonic``; a simulated class passes its own).
    """

    assignment: str
    student: str
    exercises: Sequence[str]
    key: str
    folder: str | os.PathLike[str] | None = None
    clock: Callable[[], float] = time.monotonic
    _work: Assignment = field(init=False, repr=False)
    _drills: dict[int, Drill] = field(default_factory=dict, init=False, repr=False)
    _state: dict[int, dict[str, Any]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        from gametheory.teacher.assign import Student, exercises_of

        self._work = Assignment(
            self.assignment, exercises_of(self.exercises), [Student(self.student, "")]
        )
        self.folder = Path(self.assignment if self.folder is None else self.folder)

    def exercise(self, number: int) -> Exercise:
        """Exercise ``number`` (from 1), or a clear error."""
        count = len(self._work.exercises)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise RosterError(f"there is no exercise {number!r}: this assignment has 1 to {count}")
        return self._work.exercises[number - 1]

    def drill(self, number: int) -> Drill:
        """The drill of exercise ``number``: the same tree every time (the seed is yours)."""
        from gametheory.teacher.sheets import drill_of

        if self.exercise(number).code:
            raise RosterError(f"exercise {number} is a code exercise: use book.grade({number}, f)")
        if number not in self._drills:
            self._drills[number] = drill_of(self._work, self.student, number)
            self.open(number)
        return self._drills[number]

    def open(self, number: int) -> None:
        """Start exercise ``number``: its time spent counts from the first time it is
        opened (a drill opens when it is first shown) to its last check."""
        self.exercise(number)
        self._started(number)

    def _started(self, number: int) -> dict[str, Any]:
        return self._state.setdefault(
            number, {"start": self.clock(), "attempts": 0, "mistakes": [], "examples": {}}
        )

    def check(
        self, number: int, values: Any, pruned: Any = (), *, strict: bool = False
    ) -> Feedback:
        """Check an answer to drill ``number`` (as :meth:`Drill.check`), save the record.

        ``strict=True`` raises an ``AssertionError`` with the message unless it is right
        (a one-line autograder cell for nbgrader)."""
        drill = self.drill(number)
        feedback = drill.check(values, pruned)
        state = self._state[number]
        for name in mistakes_of(drill, values, pruned):
            if name not in state["mistakes"]:
                state["mistakes"].append(name)
                state["examples"][name] = _example(drill, values, pruned)
        self._save(number, drill.record())
        return nbgrader.strict(feedback) if strict else feedback

    def hint(self, number: int, values: Any = None, pruned: Any = ()) -> str:
        """The next step only (as :meth:`Drill.hint`); counted in the record."""
        text = self.drill(number).hint(values, pruned)
        self._save(number, self.drill(number).record())
        return text

    def grade(self, number: int, function: Callable[..., Any], *, strict: bool = False) -> Report:
        """Grade your function for code exercise ``number`` (as
        :func:`~gametheory.practice.grade`, on trees of your own seed), save the record."""
        exercise = self.exercise(number)
        if not exercise.code:
            raise RosterError(f"exercise {number} is a drill: use book.check({number}, values)")
        seed = self._work.seed(self.student, number)
        report = grade_code(function, exercise.kind, seed=seed, level=exercise.level)
        state = self._started(number)
        state["attempts"] += 1
        state["best"] = max(state.get("best", 0.0), code_score(report))
        name = None if report.passed else (report.bug.name if report.bug else "diverges")
        if name is not None and name not in state["mistakes"]:
            state["mistakes"].append(name)
        record = {"kind": exercise.kind, "seed": seed, "level": exercise.level,
                  "attempts": state["attempts"], "hints": 0, "score": state["best"],
                  "solved": state["best"] == 1.0, "solution_shown": False}  # fmt: skip
        self._save(number, record)
        return nbgrader.strict(report) if strict else report

    def _save(self, number: int, summary: Mapping[str, Any]) -> Path:
        """Write the record of exercise ``number`` whole (a new file, then renamed)."""
        state = self._started(number)
        exercise = self.exercise(number)
        record = {k: summary[k] for k in ("kind", "seed", "level", "attempts", "hints", "score",
                                          "solved", "solution_shown")}  # fmt: skip
        record |= {
            "assignment": self.assignment, "student": self.student, "exercise": number,
            "type": "code" if exercise.code else "drill", "mistakes": list(state["mistakes"]),
            "examples": dict(state["examples"]),
            "seconds": round(self.clock() - state["start"], 1),
        }  # fmt: skip
        assert isinstance(self.folder, Path)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{self.student}-{number}.json"
        part = path.with_name(path.name + ".part")
        part.write_text(
            json.dumps(seal(self.key, record), indent=1, ensure_ascii=False) + "\n", "utf-8"
        )
        os.replace(part, path)
        return path


def code_score(report: Report) -> float:
    """A code exercise's score: 1 when it passed, else the share of the tests it passed
    before the first one where it departs from the search (the grader stops there)."""
    divergence = report.first_divergence
    if report.passed or divergence is None or not report.tests:
        return 1.0 if report.passed else 0.0
    return round(divergence.tree / report.tests, 4)


def _example(drill: Drill, values: Any, pruned: Any) -> dict[str, Any]:
    """The answer, as plain data (node names and what was written): the report draws it."""
    answers = dict(values) if isinstance(values, Mapping) else {}
    given = {str(k): v for k, v in answers.items() if isinstance(v, (int, float, str)) and v != ""}
    cut = [pruned] if isinstance(pruned, str) else [str(p) for p in pruned or ()]
    return {"values": given, "pruned": cut}


# -- the teacher's side ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    """A file of the folder that is not used, and why."""

    file: str
    reason: str


@dataclass(frozen=True)
class Collection:
    """The records of an assignment: the good ones by ``(student, exercise)``, and the
    problems with every other file."""

    assignment: Assignment
    records: dict[tuple[str, int], dict[str, Any]]
    problems: tuple[Problem, ...]

    def __str__(self) -> str:
        lines = [f"{len(self.records)} records of {self.assignment.id} used"]
        lines += [f"  not used: {p.file}: {p.reason}" for p in self.problems]
        return "\n".join(lines)


def problem_of(record: Any, assignment: Assignment) -> str | None:
    """Why ``record`` cannot be used for ``assignment`` (None if it can)."""
    if not isinstance(record, dict) or not set(FIELDS) <= set(record):
        missing = sorted(set(FIELDS) - set(record)) if isinstance(record, dict) else FIELDS
        return f"not a record (missing {', '.join(missing)})"
    if record["version"] != VERSION:
        return (f"a record of version {record['version']!r}; this package reads version "
                f"{VERSION}: ask the student to run the notebook again with this package")  # fmt: skip
    if record["assignment"] != assignment.id:
        return f"a record of assignment {record['assignment']!r}, not {assignment.id!r}"
    if not _intact(assignment.key, record):
        return "tampered: the checksum does not match its contents (edited by hand, or copied from another assignment)"
    sid, number = record["student"], record["exercise"]
    if assignment.student(sid) is None:
        return f"student {sid!r} is not on the roster"
    if not isinstance(number, int) or not 1 <= number <= len(assignment.exercises):
        return f"there is no exercise {number!r} in {assignment.id!r}"
    exercise = assignment.exercises[number - 1]
    if (record["seed"], record["kind"], record["level"]) != (
        assignment.seed(sid, number),
        exercise.kind,
        exercise.level,
    ):
        return f"tampered: exercise {number} of {sid} is not this seed, kind or level"
    return None


def collect(folder: str | os.PathLike[str], assignment: Assignment) -> Collection:
    """Read every file under ``folder`` (students' folders inside it too) as a record of
    ``assignment``; every file not used is a :class:`Problem`, with its reason.

    Two files with the same student and exercise: an identical copy is reported and one
    kept; two different records are both reported and neither is used (which one the
    student meant is for the teacher to ask).
    """
    root = Path(folder)
    if not root.is_dir():
        raise RosterError(f"{str(folder)!r} is not a folder of records")
    seen: dict[tuple[str, int], tuple[str, dict[str, Any]]] = {}
    problems: list[Problem] = []
    clash: set[tuple[str, int]] = set()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        name = path.relative_to(root).as_posix()
        record, reason = _read(path, assignment)
        if reason is not None or record is None:
            problems.append(Problem(name, reason or "unreadable"))
            continue
        slot = (record["student"], record["exercise"])
        if slot in seen:
            first, kept = seen[slot]
            same = kept == record
            problems.append(Problem(name, f"a duplicate of {first}" + ("" if same else
                            ", with other contents: neither is used")))  # fmt: skip
            if not same:
                clash.add(slot)
            continue
        seen[slot] = (name, record)
    for slot in sorted(clash):
        problems.append(Problem(seen[slot][0], "has a different duplicate: not used"))
    records = {slot: r for slot, (_, r) in sorted(seen.items()) if slot not in clash}
    return Collection(assignment, records, tuple(problems))


def _read(path: Path, assignment: Assignment) -> tuple[dict[str, Any] | None, str | None]:
    if path.suffix != ".json":
        return None, "not a record (records are .json files)"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        return None, f"not a record (not JSON: {error})"
    reason = problem_of(record, assignment)
    return (None, reason) if reason else (record, None)
