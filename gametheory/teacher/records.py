"""Records: one small JSON file per exercise, written by the student's notebook, read by
the teacher's side — and never trusted.

A record holds the student's answer and what the exercise needs to be found again: the
assignment, the roster id, the exercise's number, kind, level and seed, the answer (the
values and the nodes marked never looked at, or the code's source), attempts, hints, whether
the solution was shown, the kinds of mistake made on the way (with the answer where each
first showed, for the class report's example) and the seconds spent. No score, no checksum,
no key: the teacher's side (:mod:`gametheory.teacher.collection`) derives the exercise
itself and grades the answer again; nothing a student's notebook holds is secret.

>>> from gametheory.teacher.assign import Assignment, Exercise, Student
>>> work = Assignment("hw1", (Exercise("minimax"),), [Student("s01", "Ada")])
>>> problem_of({"assignment": "hw1", "student": "s01", "exercise": 1}, work)
'not a record (missing answer, attempts, examples, hints, kind, level, mistakes, seconds, seed, solution_shown, type, version)'
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path
from typing import Any

from gametheory.practice import Drill, Feedback, Report
from gametheory.practice import grade as grade_code
from gametheory.practice.grading import read
from gametheory.search.paths import Address
from gametheory.search.trace import Trace
from gametheory.teacher import nbgrader
from gametheory.teacher.assign import Assignment, Exercise, RosterError

__all__ = ["FIELDS", "VERSION", "Workbook", "deep_cutoff", "mistakes_of", "problem_of", "source_of"]

VERSION = 2
"""The version of the records this package writes; the teacher's side reports any other."""

FIELDS = (
    "version", "assignment", "student", "exercise", "type", "kind", "level", "seed",
    "answer", "attempts", "hints", "solution_shown", "mistakes", "examples", "seconds",
)  # fmt: skip
"""The fields of a record, each one always present."""


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
        names.append(name)
    return list(dict.fromkeys(names))  # each kind once, in the order of the search


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
    folder
        Where the records go: by default a folder named after the assignment.
    clock
        Seconds, for the time spent (``time.monotonic``; a simulated class passes its own).

    >>> book = Workbook("hw1", "s01", ["minimax:1"], folder="/proc/hw1")  # a folder no one may write
    >>> print(book.check(1, book.drill(1).solution()[0]))  # doctest: +ELLIPSIS
    ✓ All right: ... (Your record could not be saved: ... then check again.) (4 of 4 steps right)
    >>> book.drill(1).solution_shown  # asking for the solution is seeing it
    True
    """

    assignment: str
    student: str
    exercises: Sequence[str]
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
        """The drill of exercise ``number``: the same tree every time (the seed is yours).
        Its ``solution()`` counts as the solution shown, as ``show_solution()`` does."""
        from gametheory.teacher.sheets import drill_of

        if self.exercise(number).code:
            raise RosterError(f"exercise {number} is a code exercise: use book.grade({number}, f)")
        if number not in self._drills:
            drill = self._drills[number] = drill_of(self._work, self.student, number)
            drill.solution = drill.show_solution = _shown(drill)  # type: ignore[method-assign]
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
        """Check an answer to drill ``number`` (as :meth:`Drill.check`), save the record
        (with the best answer so far). If the record cannot be saved, the feedback says so.

        ``strict=True`` raises an ``AssertionError`` with the message unless it is right
        (a one-line autograder cell for nbgrader)."""
        drill = self.drill(number)
        feedback = drill.check(values, pruned)
        state = self._state[number]
        for name in mistakes_of(drill, values, pruned):
            if name not in state["mistakes"]:
                state["mistakes"].append(name)
                state["examples"][name] = _example(values, pruned)
        if feedback.score >= state.get("best", -1.0):
            state["best"], state["answer"] = feedback.score, _example(values, pruned)
        feedback = _told(feedback, self._save(number, drill.record()))
        return nbgrader.strict(feedback) if strict else feedback

    def hint(self, number: int, values: Any = None, pruned: Any = ()) -> str:
        """The next step only (as :meth:`Drill.hint`); counted in the record."""
        text = self.drill(number).hint(values, pruned)
        failed = self._save(number, self.drill(number).record())
        return text + (f" ({failed})" if failed else "")

    def grade(self, number: int, function: Callable[..., Any], *, strict: bool = False) -> Report:
        """Grade your function for code exercise ``number`` (as
        :func:`~gametheory.practice.grade`, on trees of your own seed), save the record
        with the function's source (the teacher grades it again: see :func:`source_of`)."""
        exercise = self.exercise(number)
        if not exercise.code:
            raise RosterError(f"exercise {number} is a drill: use book.check({number}, values)")
        seed = self._work.seed(self.student, number)
        report = grade_code(function, exercise.kind, seed=seed, level=exercise.level)
        state = self._started(number)
        state["attempts"] += 1
        score = code_score(report)
        name = None if report.passed else (report.bug.name if report.bug else "diverges")
        if name is not None and name not in state["mistakes"]:
            state["mistakes"].append(name)
        if score >= state.get("best", -1.0):
            state["best"], state["answer"] = score, {"source": source_of(function)}
        record = {"kind": exercise.kind, "seed": seed, "level": exercise.level,
                  "attempts": state["attempts"], "hints": 0, "solution_shown": False}  # fmt: skip
        failed = self._save(number, record)
        if failed:
            print(failed)
        return nbgrader.strict(report) if strict else report

    def _save(self, number: int, summary: Mapping[str, Any]) -> str:
        """Write the record of exercise ``number`` whole (a new file, then renamed); ""
        or, if it could not be written, a sentence that says so."""
        state = self._started(number)
        exercise = self.exercise(number)
        record = {k: summary[k] for k in ("kind", "seed", "level", "attempts", "hints",
                                          "solution_shown")}  # fmt: skip
        record |= {
            "version": VERSION, "assignment": self.assignment, "student": self.student,
            "exercise": number, "type": "code" if exercise.code else "drill",
            "answer": state.get("answer", {"source": ""} if exercise.code else _example({}, ())),
            "mistakes": list(state["mistakes"]), "examples": dict(state["examples"]),
            "seconds": round(self.clock() - state["start"], 1),
        }  # fmt: skip
        assert isinstance(self.folder, Path)
        path = self.folder / f"{self.student}-{number}.json"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            part = path.with_name(path.name + ".part")
            part.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", "utf-8")
            os.replace(part, path)
        except (OSError, ValueError) as error:
            return (f"Your record could not be saved: {error}. Save the notebook's folder "
                    "somewhere you may write, then check again.")  # fmt: skip
        return ""


def source_of(function: Callable[..., Any]) -> str:
    """The code the teacher grades again: the whole notebook cell the function was defined
    in (its imports and helpers with it), or the function's own source from a file; "" if
    Python cannot find it.

    >>> print(source_of(source_of).splitlines()[0])
    def source_of(function: Callable[..., Any]) -> str:
    """
    import inspect
    import linecache

    code = getattr(function, "__code__", None)
    filename = code.co_filename if code is not None else ""
    lines = linecache.getlines(filename) if filename else []
    if lines and not os.path.isfile(filename):  # a notebook cell (IPython keeps its text)
        return "".join(lines)
    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return ""


def _shown(drill: Drill) -> Callable[[], tuple[dict[str, float | str], tuple[str, ...]]]:
    """``drill.show_solution`` that marks the solution shown, whichever name asks."""
    plain = type(drill).solution

    def show_solution() -> tuple[dict[str, float | str], tuple[str, ...]]:
        drill.solution_shown = True
        return plain(drill)

    return show_solution


def _told(feedback: Feedback, failed: str) -> Feedback:
    if not failed:
        return feedback
    return dataclasses.replace(feedback, message=f"{feedback.message} ({failed})")


def code_score(report: Report) -> float:
    """A code exercise's score: 1 when it passed, else the share of the tests it passed
    before the first one where it departs from the search (the grader stops there)."""
    divergence = report.first_divergence
    if report.passed or divergence is None or not report.tests:
        return 1.0 if report.passed else 0.0
    return round(divergence.tree / report.tests, 4)


def _example(values: Any, pruned: Any) -> dict[str, Any]:
    """An answer as plain JSON data (node names and what was written)."""
    answers = dict(values) if isinstance(values, Mapping) else {}
    given = {str(k): _plain(v) for k, v in answers.items() if isinstance(v, (int, float, str))}
    cut = [pruned] if isinstance(pruned, str) else [str(p) for p in pruned or ()]
    return {"values": {k: v for k, v in given.items() if v != ""}, "pruned": cut}


def _plain(value: float | str) -> float | str:
    """A value JSON keeps as it is: ``inf`` and ``nan`` as the words a student types."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


# -- what a record may hold ---------------------------------------------------------------------
def problem_of(record: Any, assignment: Assignment) -> str | None:
    """Why ``record`` cannot be read as a record of ``assignment`` (None if it can): every
    field is checked for its type and its range, and the exercise for being the student's."""
    if not isinstance(record, dict) or not set(FIELDS) <= set(record):
        missing = sorted(set(FIELDS) - set(record)) if isinstance(record, dict) else FIELDS
        return f"not a record (missing {', '.join(missing)})"
    if record["version"] != VERSION:
        return (f"a record of version {str(record['version'])[:20]}; this package reads "
                f"version {VERSION}: ask the student to run the notebook again with this "
                "package")  # fmt: skip
    if record["assignment"] != assignment.id:
        return f"a record of assignment {str(record['assignment'])[:40]!r}, not {assignment.id!r}"
    sid, number = record["student"], record["exercise"]
    if not isinstance(sid, str) or assignment.student(sid) is None:
        return f"student {str(sid)[:40]!r} is not on the roster"
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not 1 <= number <= len(assignment.exercises)
    ):
        return f"there is no exercise {str(number)[:20]!r} in {assignment.id!r}"
    exercise = assignment.exercises[number - 1]
    expected = ("code" if exercise.code else "drill", exercise.kind, exercise.level,
                assignment.seed(sid, number))  # fmt: skip
    if (record["type"], record["kind"], record["level"], record["seed"]) != expected:
        return f"exercise {number} of {sid} is not this type, kind, level or seed"
    return _bad_field(record, exercise.code)


def _bad_field(record: dict[str, Any], code: bool) -> str | None:
    """The first field whose value is not of its kind, said as such (None if all are)."""

    def count(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0

    checks: list[tuple[str, bool]] = [
        ("attempts", count(record["attempts"])),
        ("hints", count(record["hints"])),
        ("seconds", isinstance(record["seconds"], Real) and not isinstance(record["seconds"], bool)
         and 0 <= float(record["seconds"]) < math.inf),
        ("solution_shown", isinstance(record["solution_shown"], bool)),
        ("mistakes", isinstance(record["mistakes"], list)
         and all(isinstance(m, str) and len(m) < 80 for m in record["mistakes"])),
        ("examples", isinstance(record["examples"], dict)
         and all(isinstance(k, str) and _answer_ok(v) for k, v in record["examples"].items())),
        ("answer", _source_ok(record["answer"]) if code else _answer_ok(record["answer"])),
    ]  # fmt: skip
    bad = next((name for name, ok in checks if not ok), None)
    return None if bad is None else f"not a record (its {bad} is not what a notebook writes)"


def _answer_ok(answer: Any) -> bool:
    return (isinstance(answer, dict) and set(answer) == {"values", "pruned"}
            and isinstance(answer["values"], dict) and isinstance(answer["pruned"], list)
            and all(isinstance(k, str) and isinstance(v, (int, float, str))
                    and not isinstance(v, bool) for k, v in answer["values"].items())
            and all(isinstance(p, str) for p in answer["pruned"]))  # fmt: skip


def _source_ok(answer: Any) -> bool:
    return (
        isinstance(answer, dict) and set(answer) == {"source"} and isinstance(answer["source"], str)
    )
