"""Short functions that students write, checked case by case with the mistake named.

An :class:`Exercise` is a reference function, the cases to run it on (smallest first) and a
list of :class:`Symptom`\\ s: a mistake students make, written as the wrong function that
makes it, with a hint that points at the mistake without giving the answer. ``check(f)``
runs the student's ``f`` on every case (each call through :func:`run`, the one replaceable
call that runs student code), finds the first case where it departs from the reference and
names the symptom whose wrong function answers *every* case as the student's does; when no
symptom fits, the verdict names only the first case that differs and what came back.

>>> def double(x):
...     return 2 * x
>>> ex = Exercise(
...     "double", double, [(0,), (1,), (3,)],
...     [Symptom("added, not multiplied", lambda x: x + 2, "what does doubling do to 0?")],
... )
>>> print(ex.check(double))
✓ Right: double gives the right answer in all 3 cases.
>>> print(ex.check(lambda x: x + 2))
✗ Not yet: double(0) returned 2, not 0. That is the mistake “added, not multiplied”: what does doubling do to 0?
>>> print(ex.check(lambda x: x * x))
✗ Not yet: double(1) returned 1, not 2.
"""

from __future__ import annotations

import base64
import copy
import math
import pickle
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from gametheory.practice import sandbox
from gametheory.practice.answers import shown

SECONDS = 2.0
"""How long one call of a student's function may run (a right answer takes milliseconds)."""


@dataclass(frozen=True)
class Ran:
    """What one call of a student's function gave: its ``value``, or the ``problem`` (an
    exception it raised, a loop that did not end) as a sentence."""

    value: Any = None
    problem: str | None = None


def run(function: Callable[..., Any], args: Sequence[Any], seconds: float = SECONDS) -> Ran:
    """Call a student's ``function(*args)`` on copies of ``args``, at most ``seconds``.

    >>> run(lambda n: n + 1, (2,))
    Ran(value=3, problem=None)
    >>> run(lambda n: 1 // n, (0,)).problem
    'raised ZeroDivisionError: integer division or modulo by zero'
    """
    return run_cases(function, [tuple(args)], seconds)[0]


def run_cases(
    function: Callable[..., Any], cases: Sequence[tuple[Any, ...]], seconds: float = SECONDS
) -> list[Ran]:
    """The student's ``function`` called on each case in turn (copies of it), up to the
    first that raises, loops or ends the process: every call in one child process of the
    grader's sandbox (:func:`gametheory.practice.sandbox.run`), killed after ``seconds``, so
    that no loop, ``exit()`` or crash can stop the notebook's kernel.

    The answers come back pickled: they are the student's own, read in the student's own
    notebook (the teacher's side never runs this).

    >>> [r.value for r in run_cases(abs, [(-2,), (3,)])]
    [2, 3]
    >>> run_cases(lambda n: exit(), [(1,)])[0].problem
    'ended its process (exit() or the like): a check needs the function to return'
    """
    outcome = sandbox.run(
        _answers, (function, [tuple(c) for c in cases]), limits=sandbox.Limits(seconds=seconds)
    )
    ran = [pickle.loads(base64.b64decode(note)) for note in outcome.notes]  # noqa: S301
    if len(ran) < len(cases) and (not ran or ran[-1].problem is None):
        ran.append(Ran(problem=_ended(outcome, seconds)))
    return ran


def _answers(function: Callable[..., Any], cases: list[tuple[Any, ...]]) -> None:
    """In the sandbox's child: each case's :class:`Ran`, sent as soon as it is known."""
    for case in cases:
        try:
            got = Ran(function(*copy.deepcopy(case)))
        except RecursionError:
            got = Ran(problem="calls itself without end (a RecursionError): where does it stop?")
        except Exception as error:  # the student's code raised: say what and where
            got = Ran(problem=f"raised {type(error).__name__}: {error}{_where(error)}")
        try:
            sent = pickle.dumps(got)
        except Exception:  # a generator, a lambda: nothing a check can compare
            sent = pickle.dumps(
                Ran(problem=f"returned {shown(got.value)}, which cannot be compared")
            )
        sandbox.note(base64.b64encode(sent).decode("ascii"))
        if got.problem is not None:
            return


def _ended(outcome: sandbox.Outcome, seconds: float) -> str:
    """Why the child stopped before every case was answered, in the exercise's words."""
    if outcome.status == "timeout":
        return f"ran for more than {seconds:g} s: does it loop for ever?"
    if outcome.status == "exited":
        return "ended its process (exit() or the like): a check needs the function to return"
    return f"stopped: {outcome.message}"


def _where(error: BaseException) -> str:
    """`` (line 4: `return max(values)`)`` for the last line of the student's own code."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename != __file__]
    own = [f for f in frames if "gametheory" not in f.filename.replace("\\", "/")]
    if not own or not own[-1].line:
        return ""
    return f" (line {own[-1].lineno}: `{own[-1].line.strip()}`)"


@dataclass(frozen=True)
class Symptom:
    """A mistake: its ``name``, the ``wrong`` function that makes it, and a ``hint`` that
    says where to look without saying what the right code is."""

    name: str
    wrong: Callable[..., Any]
    hint: str


def same(a: Any, b: Any) -> bool:
    """Equal answers: floats within 1e-9, sequences and dicts item by item.

    >>> same(0.1 + 0.2, 0.3), same([1, (2.0, 3)], [1, (2, 3)]), same({1: 2}, {1: 3})
    (True, True, False)
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (type(a) is type(b) and a == b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _difference(got: Any, right: Any) -> str:
    """What is wrong with ``got``: for a dict, its first missing, extra or wrong entry; for
    something that is not even a collection where one is due, only that; otherwise the
    whole answer against the right one.

    >>> _difference({1: 2, 3: 4}, {1: 2, 3: 5}), _difference(7, 8), _difference(None, {1: 2})
    ('gives 3 the value 4, not 5', 'returned 7, not 8', 'returned None, not a dict')
    """
    if isinstance(right, (dict, list)) and not isinstance(got, (dict, list, tuple, set)):
        return f"returned {shown(got)}, not a {type(right).__name__}"  # not the whole answer
    if isinstance(got, dict) and isinstance(right, dict):
        for key, value in right.items():
            if key not in got:
                return f"has no entry for {shown(key)}"
            if not same(got[key], value):
                return f"gives {shown(key)} the value {shown(got[key])}, not {shown(value)}"
        extra = next(key for key in got if key not in right)
        return f"has an entry for {shown(extra)}, which is not one of the answer's"
    return f"returned {shown(got)}, not {shown(right)}"


@dataclass(frozen=True)
class Verdict:
    """What :meth:`Exercise.check` says: whether the function is right, the line that says
    so, and the symptom named (if any). True when right, so a notebook can ``assert`` it."""

    correct: bool
    message: str
    symptom: str | None = None

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return f"{'✓ Right' if self.correct else '✗ Not yet'}: {self.message}"

    def _repr_html_(self) -> str:  # a paragraph wraps between words in a notebook
        return f'<p style="margin:0;white-space:normal">{escape(str(self))}</p>'

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Exercise:
    """A function to write: its ``name`` (as the student's function is called), the
    ``reference``, the ``cases`` (tuples of arguments, smallest first), the ``symptoms`` to
    recognise, how to ``compare`` two answers, and how to ``describe`` a case's arguments
    in a message (their reprs, by default)."""

    name: str
    reference: Callable[..., Any]
    cases: Sequence[tuple[Any, ...]]
    symptoms: Sequence[Symptom] = ()
    compare: Callable[[Any, Any], bool] = same
    describe: Callable[[tuple[Any, ...]], str] | None = None
    _expected: list[Any] = field(default_factory=list, init=False, repr=False, compare=False)

    def expected(self) -> list[Any]:
        """The reference's answer for every case (worked out once)."""
        if not self._expected:
            self._expected.extend(self.reference(*copy.deepcopy(c)) for c in self.cases)
        return self._expected

    def call(self, case: tuple[Any, ...]) -> str:
        """How a message writes the call on ``case``: ``winner(5)``."""
        inside = self.describe(case) if self.describe else ", ".join(map(shown, case))
        return f"{self.name}({inside})"

    def check(self, function: object) -> Verdict:
        """Run ``function`` on every case and say whether it is right, or where it first
        departs from the reference and, if a symptom fits all its answers, which mistake
        that is."""
        if not callable(function):
            return Verdict(
                False,
                f"{shown(function)} is not a function: pass your function itself, {self.name}, without calling it",
            )
        expected = self.expected()
        answers = run_cases(function, [tuple(c) for c in self.cases])
        for case, ran in zip(self.cases, answers, strict=False):
            if ran.problem is not None:
                end = "" if ran.problem.endswith("?") else "."
                return Verdict(False, f"{self.call(case)} {ran.problem}{end}")
        wrong = [
            i
            for i, (ran, right) in enumerate(zip(answers, expected, strict=True))
            if not self.compare(ran.value, right)
        ]
        if not wrong:
            return Verdict(
                True, f"{self.name} gives the right answer in all {len(self.cases)} cases."
            )
        first = wrong[0]
        case, got, right = self.cases[first], answers[first].value, expected[first]
        line = f"{self.call(case)} {_difference(got, right)}."
        for symptom in self.symptoms:
            if self._fits(symptom, answers):
                return Verdict(
                    False,
                    f"{line} That is the mistake “{symptom.name}”: {symptom.hint}",
                    symptom.name,
                )
        return Verdict(False, line)

    def _fits(self, symptom: Symptom, answers: list[Ran]) -> bool:
        """Whether the symptom's wrong function answers every case as the student did."""
        for case, ran in zip(self.cases, answers, strict=True):
            try:
                theirs = symptom.wrong(*copy.deepcopy(case))
            except Exception:  # a symptom may fail where the student's function does not
                return False
            if not self.compare(ran.value, theirs):
                return False
        return True
