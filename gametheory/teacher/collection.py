"""The teacher's side of the records: read what was handed in, grade every answer again.

:func:`collect` reads a folder or an LMS's zip (:mod:`~gametheory.teacher.handin`) and uses
nothing of a record as it stands: each record's exercise is derived from the assignment
(the student's own seed), and its answer is graded again — a drill's values and marked
nodes by the drill's checker, a code answer's source by the code grader in this process,
the answer itself defined and run only in the grader's child processes (its sandbox,
:mod:`gametheory.practice.sandbox`: killed at its time limit, memory and output capped, only
plain data back), so that it can neither reach the teacher's machine nor forge its verdict. The grade is the teacher's; attempts, hints,
time and the mistakes made on the way are the notebook's word, shown as such.

Every file that is not used is a :class:`Problem`, with its reason; nothing stops the rest
of the class. A record that sits in one student's hand-in but names another is a
:class:`Conflict`: shown to the teacher, never used, and never costing the named student
their own record.

>>> from gametheory.teacher.assign import Assignment, Exercise, Student
>>> work = Assignment("hw1", (Exercise("minimax"),), [Student("s01", "Ada")])
>>> str(Collection(work, {}, ()))
'0 records of hw1 used'
"""

from __future__ import annotations

import ast
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gametheory.core import GameError
from gametheory.practice.grader import grade
from gametheory.practice.grader.answer import SourceAnswer
from gametheory.practice.sandbox import isolation_available, shown
from gametheory.teacher.assign import Assignment, RosterError
from gametheory.teacher.handin import HandedIn, handed_in
from gametheory.teacher.records import VERSION, code_score, mistakes_of, problem_of

__all__ = ["Collection", "Conflict", "Problem", "collect", "known_mistakes", "regrade"]

CODE_SECONDS = 10.0
"""The most one code answer may run on one test tree (the grader's ``time_limit``): a loop
costs its own grade and this much time, never the class's."""

HANDED_OFF = "package-search"
"""The mistake of a code answer that hands the work to the package's own searches."""


@dataclass(frozen=True)
class Problem:
    """A file that is not used, and why."""

    file: str
    reason: str


@dataclass(frozen=True)
class Conflict:
    """A record in ``holder``'s hand-in that names another student (``named``)."""

    file: str
    holder: str
    named: str
    exercise: int

    def __str__(self) -> str:
        return (f"{self.holder}'s hand-in holds a record of {self.named} (exercise "
                f"{self.exercise}): {self.file}; not used")  # fmt: skip


@dataclass(frozen=True)
class Collection:
    """The graded records of an assignment by ``(student, exercise)``, the problems with
    every other file, and the conflicts (records handed in for someone else)."""

    assignment: Assignment
    records: dict[tuple[str, int], dict[str, Any]]
    problems: tuple[Problem, ...]
    conflicts: tuple[Conflict, ...] = ()

    def __str__(self) -> str:
        lines = [f"{len(self.records)} records of {self.assignment.id} used"]
        lines += [f"  conflict: {shown(c, 300)}" for c in self.conflicts]
        lines += [
            f"  not used: {shown(p.file, 160)}: {shown(p.reason, 200)}" for p in self.problems
        ]
        return "\n".join(lines)


def collect(source: str | os.PathLike[str], assignment: Assignment) -> Collection:
    """Read every file under ``source`` (a folder, students' folders and zips inside it, or
    a zip) as a record of ``assignment``, and grade each answer again (see the module
    docstring).

    Two records of one exercise of one student: a record in the student's own hand-in comes
    before one whose owner is unknown; an identical copy is reported and one kept; of two
    different ones, the better graded is used and the other reported, when both are the
    student's own, and neither when no one's hand-in says whose they are.
    """
    root = Path(source)
    if not root.is_dir() and not (root.is_file() and root.suffix.lower() == ".zip"):
        raise RosterError(f"{str(source)!r} is not a folder (or a .zip) of records")
    problems: list[Problem] = []
    conflicts: list[Conflict] = []
    found: list[tuple[HandedIn, dict[str, Any]]] = []
    for item in handed_in(root, assignment.roster):
        record, reason = _record(item, assignment)
        if record is None:
            problems.append(Problem(item.name, reason))
        elif item.owner is not None and item.owner != record["student"]:
            conflicts.append(Conflict(item.name, item.owner, record["student"], record["exercise"]))
        else:
            found.append((item, record))
    graded = [(item, record, regrade(record, assignment)) for item, record in found]
    records = _chosen(graded, problems)  # code graded in the sandbox: one process each, in turn
    return Collection(assignment, records, tuple(problems), tuple(conflicts))


def _record(item: HandedIn, assignment: Assignment) -> tuple[dict[str, Any] | None, str]:
    if item.data is None:
        return None, item.problem or "not read"
    if not item.name.lower().endswith(".json"):
        return None, "not a record (records are .json files)"
    try:
        record = json.loads(item.data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        return None, f"not a record (not JSON: {shown(error, 120)})"
    except RecursionError:
        return None, "not a record (nested too deep to be one)"
    reason = problem_of(record, assignment)
    return (None, reason) if reason else (record, "")


def _chosen(
    graded: Iterable[tuple[HandedIn, dict[str, Any], dict[str, Any]]], problems: list[Problem]
) -> dict[tuple[str, int], dict[str, Any]]:
    """One graded record per student and exercise (the rules of :func:`collect`)."""
    slots: dict[tuple[str, int], list[tuple[HandedIn, dict[str, Any], dict[str, Any]]]] = {}
    for entry in graded:
        slots.setdefault((entry[1]["student"], entry[1]["exercise"]), []).append(entry)
    chosen: dict[tuple[str, int], dict[str, Any]] = {}
    for slot, entries in sorted(slots.items()):
        own = [e for e in entries if e[0].owner == slot[0]]
        pool = own or entries
        for item, _, _ in entries:
            if pool is own and item.owner != slot[0]:
                problems.append(
                    Problem(item.name, f"{slot[0]}'s own hand-in has this record: not used")
                )
        best = max(pool, key=lambda e: e[2]["score"])
        for item, record, _ in pool:
            if item is best[0]:
                continue
            if record == best[1]:
                why = f"a duplicate of {best[0].name}"
            elif pool is own:
                why = f"another record of this exercise; the better graded, {best[0].name}, is used"
            else:
                why = f"differs from {best[0].name}, and no hand-in says whose: neither used"
            problems.append(Problem(item.name, why))
        if pool is own or all(e[1] == best[1] for e in pool):
            chosen[slot] = best[2] | {"file": best[0].name}
        else:
            why = "has a different record beside it, and no hand-in says whose: not used"
            problems.append(Problem(best[0].name, why))
    return chosen


def regrade(record: dict[str, Any], assignment: Assignment) -> dict[str, Any]:
    """The teacher's grade of a (well-formed) record: ``score`` (0 to 1), ``solved``,
    ``message`` (the checker's or the grader's words on the answer), ``mistakes`` (those of
    the answer, then those the notebook noted on the way), and the record's own ``attempts``,
    ``hints``, ``seconds``, ``solution_shown``, ``examples`` and ``answer``."""
    from gametheory.teacher.sheets import drill_of

    sid, number = record["student"], record["exercise"]
    exercise = assignment.exercises[number - 1]
    if exercise.code:
        score, message, now = _grade_code(record["answer"]["source"], exercise.kind,
                                          record["seed"], exercise.level)  # fmt: skip
    else:
        drill = drill_of(assignment, sid, number)
        values, pruned = record["answer"]["values"], record["answer"]["pruned"]
        feedback = drill.check(values, pruned)
        score, message = feedback.score, feedback.message
        now = mistakes_of(drill, values, pruned) if not feedback.correct else []
    noted = [m for m in record["mistakes"] if m in known_mistakes()]  # the notebook's word
    mistakes = list(dict.fromkeys([*now, *noted]))
    kept = {k: record[k] for k in ("student", "exercise", "attempts", "hints", "seconds",
                                   "solution_shown", "answer")}  # fmt: skip
    kept["examples"] = {k: v for k, v in record["examples"].items() if k in mistakes}
    for name in now if not exercise.code else ():
        kept["examples"].setdefault(name, record["answer"])
    return kept | {"score": round(float(score), 4), "solved": score == 1.0, "message": message,
                   "mistakes": mistakes, "version": VERSION}  # fmt: skip


def known_mistakes() -> frozenset[str]:
    """The names of mistakes the package gives (the checker's, the grader's, the kit's):
    a name a record gives that is not one of them is not carried into the report.

    >>> {"missed-cutoff", "strict", "package-search"} <= known_mistakes()
    True
    """
    from gametheory.practice.grader import BUGS
    from gametheory.practice.grading import Slip

    slips = {slip.name.lower().replace("_", "-") for slip in Slip}
    return frozenset({*BUGS, *slips, "deep-cutoff-missed", "diverges", HANDED_OFF, "no-code"})


def _grade_code(source: str, kind: str, seed: int, level: int) -> tuple[float, str, list[str]]:
    """A code answer graded again, run only in the grader's child processes: the score, the
    words, the mistakes."""
    from gametheory.teacher.sheets import SIGNATURES

    if not source.strip():
        return (
            0.0,
            "no code was handed in (the notebook could not read the function's source)",
            ["no-code"],
        )
    if _hands_off(source):
        return (
            0.0,
            "hands the work to the package's own searches (imports gametheory)",
            [HANDED_OFF],
        )
    name = SIGNATURES[kind].split("(")[0]
    if not isolation_available():
        return (
            0.0,
            "not graded: code answers are graded where a child process can run them (macOS "
            "or Linux); this machine has none, and a student's code never runs in the teacher's",
            ["no-code"],
        )
    try:
        answer = SourceAnswer(source, name)
    except GameError as error:
        return 0.0, f"the code {shown(str(error))}", ["diverges"]
    # graded here, every run of the answer in a child process of its own (the grader's
    # sandbox): only what the function did comes back, and the verdict is this process's
    report = grade(answer, kind, seed=seed, level=level, time_limit=CODE_SECONDS)
    mistakes = [] if report.passed else [shown(report.bug.name if report.bug else "diverges", 60)]
    return code_score(report), shown(report.message, 2000), mistakes


def _hands_off(source: str) -> bool:
    """Whether a code answer imports the package (or names it): its searches do the work."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(
            a.name.split(".")[0] == "gametheory" for a in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "gametheory":
            return True
        if isinstance(node, ast.Name) and node.id == "gametheory":
            return True
    return False
