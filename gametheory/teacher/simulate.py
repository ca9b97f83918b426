"""A simulated class: students with different error habits do an assignment, through the
same :class:`~gametheory.teacher.records.Workbook` a real student's notebook uses.

A habit changes a drill's right answer the way a student with that habit gets it wrong (the
cutoffs left unmarked, a deep cutoff missed, minimax values where alpha-beta returns a bound,
negamax's sign forgotten, one value off by one), and picks the function the student hands
in for a code exercise: a right one, or one with a mistake of the grader's catalogue. Some
students ask for a hint and then get it right; some stop before the end. Everything is drawn
from one seed, so the class is the same every time: for the docs and the tests.

>>> students = roster_of(30)
>>> len(students), students[3].name
(30, 'Zoë Dubois')
>>> len(roster_of(40))
40
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gametheory.core import GameError
from gametheory.practice import Drill
from gametheory.search.trace import Cutoff
from gametheory.teacher.assign import Assignment, Student, exercises_of
from gametheory.teacher.models import MODELS
from gametheory.teacher.records import Workbook, deep_cutoff
from gametheory.teacher.sheets import drill_of

__all__ = ["HABITS", "Habit", "roster_of", "simulate_class"]

Answer = tuple[dict[str, Any], list[str]]

_NAMES = (
    "Ada Lovelace", "Alan Turing", "Grace Hopper", "Zoë Dubois", "Łukasz Nowak", "Nguyễn Văn An",
    "Søren Kierkegaard", "José Martí", "Ángela Ruiz", "Björk Guðmundsdóttir", "Jiří Novák",
    "François Côté", "Chidi Okafor", "Mei Chen", "Olga Ivanova", "Priya Sharma", "Kwame Mensah",
    "Emma Müller", "Liam O'Brien", "Aiko Tanaka", "Mateo Rossi", "Fatima Zahra", "Noah Smith",
    "Sven Larsson", "Ines Gonçalves", "Tomás Horváth", "Yara Haddad", "Omar Farouk",
    "Hana Kovářová", "Ravi Patel", "Kovács Anna", "Eleni Papadopoulou", "Juraj Kováč",
    "Amara Nwosu", "Lucía Fernández", "Mikko Virtanen", "Daniela Popescu", "Thabo Nkosi",
    "Ingrid Berg", "Yusuf Demir",
)  # fmt: skip


def roster_of(size: int) -> list[Student]:
    """A roster of ``size`` (at most 40) students, ids ``s01``, ``s02``, …, names from many
    languages."""
    if not 1 <= size <= len(_NAMES):
        raise GameError(f"a simulated class has 1 to {len(_NAMES)} students, got {size!r}")
    return [Student(f"s{k + 1:02d}", name) for k, name in enumerate(_NAMES[:size])]


# -- how a habit answers a drill ---------------------------------------------------------------
def _right(drill: Drill, rng: random.Random) -> Answer:
    values, pruned = drill.solution()
    return dict(values), list(pruned)


def _no_cuts(drill: Drill, rng: random.Random) -> Answer:
    values, _ = drill.solution()
    return dict(values), []


def _missesdeep_cutoff(drill: Drill, rng: random.Random) -> Answer:
    """The children of deep cutoffs not marked: the student only looks one level up."""
    values, pruned = _right(drill, rng)
    deep = {
        drill.key.names[e.path + (c,)]
        for e in drill.trace.events
        if isinstance(e, Cutoff) and deep_cutoff(drill.trace, e.path)
        for c in e.pruned_children
    }
    return values, [p for p in pruned if p not in deep]


def _exact(drill: Drill, rng: random.Random) -> Answer:
    """Minimax values everywhere, where alpha-beta returns a bound."""
    _, pruned = drill.solution()
    exact = Drill("minimax", drill.tree).solution()[0]
    return {k: v for k, v in exact.items() if k in drill.solution()[0]}, list(pruned)


def _sign(drill: Drill, rng: random.Random) -> Answer:
    """Negamax values all for MAX, the player at the root (the sign forgotten)."""
    if drill.kind != "negamax":
        return _right(drill, rng)
    return dict(Drill("minimax", drill.tree).solution()[0]), []


def _off_by_one(drill: Drill, rng: random.Random) -> Answer:
    values, pruned = _right(drill, rng)
    numbers = [k for k, v in values.items() if isinstance(v, (int, float))]
    if numbers:
        name = rng.choice(numbers)
        values[name] = values[name] + rng.choice((-1, 1))
    return values, pruned


# -- what a habit hands in for code -------------------------------------------------------------
def _cell(source: str, name: str) -> Callable[..., float]:
    """The function ``name`` of a notebook cell's ``source``, as a student's kernel has it:
    Python keeps the cell's text (as IPython does), so the record carries the whole cell."""
    import linecache

    filename = f"<simulated cell {name}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    scope: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), scope)  # noqa: S102 - the package's own text
    function: Callable[..., float] = scope["alphabeta"]
    return function


_ALPHABETA = "import math\n\n\n" + MODELS["alphabeta"]
"""A student's cell: an import, and the answer key's alpha-beta (minimax form, fail-hard, as
the textbook's)."""

alphabeta_right = _cell(_ALPHABETA, "right")
alphabeta_strict = _cell(_ALPHABETA.replace("alpha >= beta", "alpha > beta"), "strict")
_FULL_WINDOW = _ALPHABETA.replace("alpha, beta)\n", "-math.inf, math.inf)\n")
alphabeta_full_window = _cell(_FULL_WINDOW, "full window")
alphabeta_handed_off = _cell(
    "import gametheory\n\n\ndef alphabeta(game, state, alpha, beta):\n"
    "    return gametheory.alphabeta(game, state).value\n",
    "handed off",
)


@dataclass(frozen=True)
class Habit:
    """How a simulated student works: how they answer a drill, the alpha-beta they hand
    in, and how likely a hint makes them get it right."""

    name: str
    answer: Callable[[Drill, random.Random], Answer]
    code: Callable[..., float]
    learns: float


HABITS: tuple[Habit, ...] = (
    Habit("careful", _right, alphabeta_right, 1.0),
    Habit("forgets to mark cutoffs", _no_cuts, alphabeta_strict, 0.5),
    Habit("looks one level up", _missesdeep_cutoff, alphabeta_full_window, 0.3),
    Habit("writes minimax values", _exact, alphabeta_right, 0.6),
    Habit("forgets the sign", _sign, alphabeta_strict, 0.4),
    Habit("careless", _off_by_one, alphabeta_right, 0.8),
)
"""The error habits of a simulated class."""

DEMO = ("minimax:1", "alphabeta:2", "alphabeta:3", "negamax:2", "code:alphabeta:1")
"""The exercises of the demo assignment."""


def simulate_class(
    folder: str | os.PathLike[str],
    *,
    size: int = 30,
    exercises: tuple[str, ...] = DEMO,
    assignment: str = "demo",
    seed: int = 0,
) -> Assignment:
    """Make a class of ``size`` students, each with a habit, do ``exercises``; their
    records go to ``folder/ID/`` (one folder per student, as they hand them in).

    Returns the assignment, to collect the records with.
    """
    work = Assignment(assignment, exercises_of(exercises), roster_of(size))
    rng = random.Random(seed)
    for k, student in enumerate(work.roster):
        habit = HABITS[k % len(HABITS)]
        clock = _Clock()
        book = Workbook(work.id, student.id, exercises, Path(folder) / student.id, clock)
        stops = len(exercises) if rng.random() < 0.8 else rng.randrange(len(exercises))
        for number in range(1, stops + 1):
            book.open(number)
            clock.now += rng.uniform(60, 600)
            _do(book, number, habit, rng, clock)
    return work


@dataclass
class _Clock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


def _do(book: Workbook, number: int, habit: Habit, rng: random.Random, clock: _Clock) -> None:
    """One exercise as a student with ``habit`` does it: an answer, maybe a hint and a
    better answer."""
    if book.exercise(number).code:
        book.grade(number, habit.code)
        if habit.code is not alphabeta_right and rng.random() < habit.learns / 2:
            clock.now += rng.uniform(120, 900)
            book.grade(number, alphabeta_right)
        return
    book.drill(number)  # shown; the simulation reads the right answer from its own copy
    drill = drill_of(Assignment(book.assignment, book._work.exercises, []), book.student, number)
    values, pruned = habit.answer(drill, rng)
    feedback = book.check(number, values, pruned)
    if not feedback.correct and rng.random() < habit.learns:
        clock.now += rng.uniform(30, 300)
        book.hint(number, values, pruned)
        book.check(number, *_right(drill, rng))
