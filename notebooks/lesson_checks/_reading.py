"""How the checks of lessons 00, 01 and 04 read an answer that is one count.

Through :func:`lesson_checks.number`, which delegates to the package's one parser of what
students type (:mod:`gametheory.practice.answers`), so that ``20``, ``"20"``, ``20.0`` and
``numpy.int64(20)`` are read alike by every check; only the message for what is not a
whole number lives here, so that each check says it the same way.

>>> whole_number("20"), whole_number(20.0), whole_number(" 20 ")
(20, 20, 20)
>>> whole_number(20.5, "neighbours")
'20.5 is not a whole number: count the neighbours'
>>> whole_number("twenty", "neighbours")
"'twenty' is not a number: answer with the number of neighbours"
"""

from __future__ import annotations

from gametheory.practice.answers import shown
from lesson_checks import number

__all__ = ["whole_number"]


def whole_number(answer: object, what: str = "things") -> int | str:
    """The whole number ``answer`` means, or the message that says why it means none.

    ``what`` names what is counted (``"matches"``, ``"nodes"``), for the message.
    """
    value = number(answer)
    if value is None:
        return f"{shown(answer)} is not a number: answer with the number of {what}"
    if not value.is_integer():
        return f"{value:g} is not a whole number: count the {what}"
    return int(value)
