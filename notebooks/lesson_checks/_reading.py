"""How the checks of lessons 00, 01 and 04 read an answer that is one count.

Through the package's one reader of what students type
(:func:`gametheory.practice.answers.parse_whole`), so that ``20``, ``"20"``, ``20.0``,
``numpy.int64(20)`` and ``20.0000001`` are read alike by every check, and what is not a
whole number is quoted as it was typed.

>>> whole_number("20"), whole_number(20.0), whole_number(" 20 ")
(20, 20, 20)
>>> whole_number(20.5, "neighbours"), whole_number(3.0000001)
('20.5 is not a whole number: count the neighbours', 3)
>>> whole_number("twenty", "neighbours")
"'twenty' is not a number: answer with the number of neighbours"
"""

from __future__ import annotations

from gametheory.practice.answers import AnswerError, parse_whole

__all__ = ["whole_number"]


def whole_number(answer: object, what: str = "things") -> int | str:
    """The whole number ``answer`` means, or the message that says why it means none.

    ``what`` names what is counted (``"matches"``, ``"nodes"``), for the message.
    """
    try:
        return parse_whole(answer, what)
    except AnswerError as error:
        return str(error)
