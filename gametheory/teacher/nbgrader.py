"""For nbgrader users: a check that raises ``AssertionError`` with its message when wrong.

nbgrader's autograder marks a test cell as failed when it raises, and shows the error's
message: so an autograder cell is one line, with no dependency on nbgrader here::

    strict(drill.check(values, pruned))          # a drill, graded by the search's trace
    grade(alphabeta, "alphabeta", strict=True)   # the code grader does it itself
    book.check(1, values, pruned, strict=True)   # an assignment's workbook, record saved

>>> from gametheory import tree
>>> from gametheory.practice import Drill
>>> drill = Drill("minimax", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> strict(drill.check({"A": 3, "B": 3, "C": 2, "D": 2})).correct
True
>>> strict(drill.check({"A": 3, "B": 4, "C": 2, "D": 2}))
Traceback (most recent call last):
...
AssertionError: B is not 4: B (MIN) takes the smallest of its children's values: E 3, F 12, G 8.
"""

from __future__ import annotations

from typing import TypeVar

from gametheory.practice import Feedback, Report

__all__ = ["strict"]

Checked = TypeVar("Checked", Feedback, Report)


def strict(result: Checked) -> Checked:
    """``result`` (a drill's :class:`Feedback` or the grader's :class:`Report`) if it is
    right, else an ``AssertionError`` carrying its message."""
    right = result.correct if isinstance(result, Feedback) else result.passed
    if not right:
        raise AssertionError(result.message)
    return result
