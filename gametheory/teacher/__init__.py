"""The teacher's kit: hand out seeded work, collect it, see what the class gets wrong, and
run a class tournament. Files in, files out: no server.

===================  ==========================================================================
module               what it does
===================  ==========================================================================
``assign``           the roster, the exercises, the seeds; :func:`write_assignment` writes each
                     student's notebook, printable sheet and answer key
``sheets``           those three files, made from the assignment and the student alone
``records``          the student's :class:`Workbook` (each check saves a record of the answer)
``handin``           what was handed in: folders and LMS zips, whose hand-in each file is
``collection``       :func:`collect`: every answer graded again; every file not used, and why
``report``           :class:`ClassReport`: who did what, the scores, what the class gets wrong
``export``           the gradebook CSV, a feedback page per student, Gradescope's results.json
``models``           what a code exercise is given, and a model solution of each kind
``league``           :func:`league`: a round robin of the students' files, each in its own
                     process with limits; balanced openings, openskill ratings
``replay``           :func:`lost_games`: each lost game at the move that lost it (judged by
                     the perfect-play database where it holds the position), for the
                     pruning explorer
``simulate``         a simulated class with error habits, for the docs and the tests
``nbgrader``         :func:`strict`: a check that raises ``AssertionError`` when wrong
``command``          ``python -m gametheory class ...``
===================  ==========================================================================

>>> from gametheory.teacher import Assignment, Exercise, read_roster
>>> work = Assignment("hw1", (Exercise.parse("alphabeta:2"),), read_roster("s01,Ada\\n"))
>>> work.exercises[0].title
'alpha-beta by hand, level 2'
"""

from gametheory.teacher.assign import (
    Assignment,
    Exercise,
    RosterError,
    Student,
    read_roster,
    seed_for,
)
from gametheory.teacher.collection import Collection, Conflict, Problem, collect
from gametheory.teacher.league import ALLOWED, League, StudentPlayer, league, screen
from gametheory.teacher.nbgrader import strict
from gametheory.teacher.records import VERSION, Workbook
from gametheory.teacher.replay import Judgement, LostGame, judge_moves, lost_games
from gametheory.teacher.report import ClassReport
from gametheory.teacher.sheets import write_assignment
from gametheory.teacher.simulate import simulate_class

__all__ = [
    "ALLOWED",
    "VERSION",
    "Assignment",
    "ClassReport",
    "Collection",
    "Conflict",
    "Exercise",
    "Judgement",
    "League",
    "LostGame",
    "Problem",
    "RosterError",
    "Student",
    "StudentPlayer",
    "Workbook",
    "collect",
    "judge_moves",
    "league",
    "lost_games",
    "read_roster",
    "screen",
    "seed_for",
    "simulate_class",
    "strict",
    "write_assignment",
]
