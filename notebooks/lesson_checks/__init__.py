"""Self-checks for the notebooks' exercises.

Each chapter has a submodule (``lesson_checks.graphs``, ``…trees``, …) with
``check_…(answer)`` functions. A check never just says "wrong": it says what is off and
gives a hint, and it returns whether the answer was right so a notebook can ``assert`` it.
Answers are read as the drills read them: ``7``, ``"7"``, ``7.0``, ``"2,5"`` and ``"5/2"``
are all numbers.

>>> from lesson_checks import feedback
>>> feedback(True, "the root is worth 3")
✓ Right: the root is worth 3.
True
>>> feedback(False, "look at the second child again")
✗ Not yet: look at the second child again.
False
>>> feedback(False, "what does the rule say about it?")
✗ Not yet: what does the rule say about it?
False
"""

from __future__ import annotations

from html import escape
from numbers import Real

from gametheory.practice import parse_number
from gametheory.practice.answers import parse_wholes

__all__ = ["Verdict", "feedback", "number", "whole_numbers"]


class Verdict(int):
    """What a check returns: true for a right answer, so a notebook can ``assert`` it.

    It reads as ``True`` or ``False``, and a notebook shows nothing for it when a check is a
    cell's last line: the line the check printed has said it already.

    >>> verdict = Verdict(False)
    >>> verdict, bool(verdict), f"{verdict}"
    (False, False, 'False')
    """

    def __repr__(self) -> str:
        return repr(bool(self))

    __str__ = __repr__

    def _ipython_display_(self) -> None:
        """Show nothing (IPython calls this instead of printing the value)."""


def feedback(ok: bool, message: str) -> Verdict:
    """Print a one-line verdict with a reason or a hint, and return ``ok`` as a
    :class:`Verdict`.

    The line ends with a full stop, unless the message ends with a question mark. In a
    notebook it is shown as a paragraph too, which wraps between words (JupyterLab breaks a
    printed line anywhere, in the middle of a word); elsewhere it is printed."""
    text = message.rstrip(".")
    end = "" if text.endswith("?") else "."
    line = f"{'✓ Right' if ok else '✗ Not yet'}: {text}{end}"
    if not _in_a_kernel():
        print(line)
        return Verdict(ok)
    from IPython.display import display

    html = f'<p style="margin:0;white-space:normal">{escape(line)}</p>'
    display({"text/plain": line, "text/html": html}, raw=True)  # type: ignore[no-untyped-call]
    return Verdict(ok)


def _in_a_kernel() -> bool:
    """Whether this runs in a notebook's kernel (not a script, a test or a terminal)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebooks extra
        return False
    return type(get_ipython()).__name__ == "ZMQInteractiveShell"


def number(answer: object) -> float | None:
    """The number a student typed (``7``, ``"7"``, ``"2,5"``, ``"5/2"``), read by the drills'
    own reader (:func:`gametheory.practice.parse_number`), or None if the answer is not a
    finite number.

    >>> number("2,5"), number(" 7 "), number("seven"), number(True)
    (2.5, 7.0, None, None)
    """
    try:
        value = parse_number(answer)
    except ValueError:
        return None
    return value if abs(value) != float("inf") else None


def whole_numbers(answer: object) -> list[int] | None:
    """The whole numbers of an answer given as a collection (``{7, 11}``, ``["7", 11.0]``)
    or as text (``"7, 11"``, read as the drills read a list), sorted and without repeats;
    None if any item is not a whole number (``7.5``, ``True``, ``"x"``).

    >>> whole_numbers("11, 7"), whole_numbers([5.0, "10"]), whole_numbers({7.9, 11})
    ([7, 11], [5, 10], None)
    """
    try:
        return parse_wholes(answer)
    except ValueError:
        return None
