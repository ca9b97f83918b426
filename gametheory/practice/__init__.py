"""Practice: the student does the search by hand, and the search's own trace grades it.

One home per job:

===================  ==================================================================
module               what it does
===================  ==================================================================
``drill``            :class:`Drill` and its kinds (one class each): the exercise, its
                     record, its picture and its widget
``answers``          the one reader of what students type (:func:`parse_number`, …)
``grading``          the grader, a pure function: a trace and an answer in, mistakes out
``messages``         the wording of every verdict, hint and explanation
``steps``            the step-by-step mode: the search's questions one at a time
``levels``           random trees by level, and what each level promises
``grader``           the code grader: the student's own search run on seeded trees
                     and compared step by step (:func:`grade`)
``exercises``        a short function to write, run on cases against a reference, the
                     first wrong case and the mistake named (:class:`exercises.Exercise`)
``perfect_play``     perfect play in Abapa endgames: a perfect opponent, each move's
                     verdict, the report card of evaluation functions (imported from
                     ``gametheory.practice.perfect_play``)
===================  ==================================================================

>>> drill = Drill("minimax", seed=2024)
>>> drill.check(*drill.solution()).correct
True
"""

from gametheory.practice.answers import (
    Answer,
    AnswerError,
    is_swapped,
    parse_choice,
    parse_label,
    parse_list,
    parse_number,
    parse_pair,
    parse_whole,
    parse_wholes,
    parse_window,
    parse_yes_no,
)
from gametheory.practice.drill import KINDS, Drill
from gametheory.practice.grader import BackupNode, Report, grade
from gametheory.practice.levels import LEVELS, MAX_NODES, Level, cutoff_kinds
from gametheory.practice.messages import Feedback
from gametheory.practice.steps import Step

__all__ = [
    "KINDS",
    "LEVELS",
    "MAX_NODES",
    "Answer",
    "AnswerError",
    "BackupNode",
    "Drill",
    "Feedback",
    "Level",
    "Report",
    "Step",
    "cutoff_kinds",
    "grade",
    "is_swapped",
    "parse_choice",
    "parse_label",
    "parse_list",
    "parse_number",
    "parse_pair",
    "parse_whole",
    "parse_wholes",
    "parse_window",
    "parse_yes_no",
]
