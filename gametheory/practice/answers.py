"""The one reader of what students type: numbers, counts, pairs, labels, windows, yes or no,
names among choices, node names.

Every drill, the step-by-step mode and the lessons' own checks (``lesson_checks.number``)
read answers here, so that ``20``, ``"20"``, ``20.0``, ``numpy.int64(20)``, ``"2,5"`` (a
decimal comma), ``"5/2"`` and ``"−3"`` (a typographic minus) mean the same everywhere; a
count is a whole number however it is typed (:func:`parse_whole`), a pair is ``(8, 2)`` or
``"8,2"`` (:func:`parse_pair`, and :func:`is_swapped` tells the pair the other way round),
a name is read in any case and either spelling (:func:`parse_choice`: ``center``,
``gray``). What
cannot be read raises :class:`AnswerError`, whose message says what was expected; an input
far longer than any number is refused at once, without being converted.

>>> parse_number("−2,5"), parse_label(" win "), parse_window("[3; +∞]"), parse_yes_no("no")
(-2.5, <Label.WIN: 'WIN'>, (3.0, inf), False)
>>> parse_number("1" * 10_000)
Traceback (most recent call last):
...
gametheory.practice.answers.AnswerError: '111111111111...1111111111111' is too long for a number: write a whole number like 3, a decimal like 2.5, a fraction like 7/3, or -inf / ∞
"""

from __future__ import annotations

import math
import re
import reprlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from numbers import Real
from typing import TypeAlias

from gametheory.andor import Label
from gametheory.core import GameError
from gametheory.search.paths import Address
from gametheory.trees import GameTree

Answer: TypeAlias = "float | Label"
"""What a node is worth in a drill: a number, or a :class:`~gametheory.andor.Label`."""


class AnswerError(GameError):
    """A student's answer that cannot be read; the message says how to write it."""


_HOW = "write a whole number like 3, a decimal like 2.5, a fraction like 7/3, or -inf / ∞"
_LONGEST = 40  # characters: longer than any number a node of a drawn tree can have
_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d{1,3})?")  # an exponent of 3 digits
_LONG_EXPONENT = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)e(?P<sign>[+-]?)\d{4,}")
_FRACTION = re.compile(r"([+-]?\d+)/(\d+)")
_INFINITY = {"inf", "infinity", "∞", "oo"}
_LABELS = {
    **dict.fromkeys(["w", "win", "wins", "won"], Label.WIN),
    **dict.fromkeys(["l", "loss", "lose", "loses", "lost"], Label.LOSS),
    **dict.fromkeys(["d", "draw", "drawn", "tie"], Label.DRAW),
}
_YES = {"y", "yes", "true", "cut", "1", "t", "ja", "áno", "igen", "ano"}
_NO = {"n", "no", "false", "0", "f", "not cut", "no cut", "nein", "nie", "nem", "ne"}
_short = reprlib.Repr()
_short.maxstring = _short.maxother = _short.maxlong = 30


def shown(x: object) -> str:
    """``repr(x)``, shortened to about 30 characters: what a message quotes of an input."""
    return _short.repr(x)


def parse_number(x: object) -> float:
    """Read a number as a student may type it: ``3``, ``"3"``, ``"2.5"``, ``"2,5"``,
    ``"7/3"``, ``"-inf"``, ``"∞"``, ``"−2"`` (with a typographic minus).

    Raises an :class:`AnswerError` (a :class:`ValueError`) whose message says how to write
    a number: also for NaN, for a number too large for a float, and at once for a text
    longer than 40 characters.

    >>> [parse_number(x) for x in (3, "3.0", "2,5", "7/2", "−∞", "+inf")]
    [3.0, 3.0, 2.5, 3.5, -inf, inf]
    """
    if isinstance(x, Real) and not isinstance(x, bool):
        try:
            value = float(x)
        except OverflowError:
            raise AnswerError(f"{shown(x)} is too large: {_HOW}") from None
        if math.isnan(value):
            raise AnswerError("NaN is not a value a node can have")
        return value
    if not isinstance(x, str):
        raise AnswerError(f"{shown(x)} is not a number")
    if len(x) > 3 * _LONGEST or len(text := _squeezed(x)) > _LONGEST:
        raise AnswerError(f"{shown(x)} is too long for a number: {_HOW}")
    if text.lstrip("+-") in _INFINITY:
        return -math.inf if text.startswith("-") else math.inf
    if text.count(",") == 1 and "." not in text:
        text = text.replace(",", ".")  # a decimal comma, as in much of Europe
    fraction = _FRACTION.fullmatch(text)
    if _DECIMAL.fullmatch(text):
        value = float(text)
    elif fraction and int(fraction[2]):
        value = int(fraction[1]) / int(fraction[2])  # rounded once, as Fraction would
    elif long := _LONG_EXPONENT.fullmatch(text):  # never read: 10**-1000 is 0 as a float
        size = "small to tell from 0" if long["sign"] == "-" else "large"
        raise AnswerError(f"{shown(x)} is too {size}: {_HOW}")
    else:
        raise AnswerError(f"{shown(x)} is not a number: {_HOW}")
    if math.isinf(value):
        raise AnswerError(f"{shown(x)} is too large: {_HOW}")
    return value


def _squeezed(text: str) -> str:
    """Lower case, true minus signs and dashes as ``-``, no spaces."""
    return text.strip().lower().replace("−", "-").replace("–", "-").replace(" ", "")


def parse_label(x: object) -> Label:
    """Read a label: ``"W"``, ``"win"``, ``"L"``, ``"loss"``, ``"D"``, ``"draw"`` or a
    :class:`~gametheory.andor.Label`.

    >>> [parse_label(x).value for x in ("W", " win ", "l", "Draw")]
    ['WIN', 'WIN', 'LOSS', 'DRAW']
    """
    if isinstance(x, Label):
        return x
    if isinstance(x, str) and x.strip().lower() in _LABELS:
        return _LABELS[x.strip().lower()]
    raise AnswerError(f"{shown(x)} is not a label: write W (win), L (loss) or D (draw)")


def parse_list(x: object) -> list[object]:
    """The items of a list as a student may type it: ``"I, J"``, ``"I J"``, or, when a
    semicolon separates the items, with decimal commas inside them (``"2,5; 3"``); any
    other collection as it is.

    >>> parse_list("I, J K"), parse_list("2,5; 3"), parse_list(("I", "J"))
    (['I', 'J', 'K'], ['2,5', '3'], ['I', 'J'])
    """
    if isinstance(x, str):
        return [part for part in re.split(r"[;\s]+" if ";" in x else r"[,\s]+", x) if part]
    if isinstance(x, Iterable):
        return list(x)
    raise AnswerError(f"{shown(x)} is not a list: write the items apart, e.g. I, J")


def parse_pair(x: object, how: str = "write two numbers, e.g. 8, 2") -> tuple[float, float]:
    """Read two numbers: ``(8, 2)``, ``[8, 2]``, ``"8,2"``, ``"(8, 2)"``, ``"8 2"``,
    ``"8; 2"``; an :class:`AnswerError` ending with ``how`` for anything else.

    >>> parse_pair("8,2"), parse_pair(" (8; 2) "), parse_pair((8.0, "2"))
    ((8.0, 2.0), (8.0, 2.0), (8.0, 2.0))
    """
    parts: list[object] = []
    if isinstance(x, str):
        parts = parse_list(x.strip().strip("[]()"))
    elif isinstance(x, Iterable) and not isinstance(x, Mapping):
        parts = list(x)
    if len(parts) != 2:
        raise AnswerError(f"{shown(x)} is not a pair: {how}")
    return parse_number(parts[0]), parse_number(parts[1])


def parse_window(x: object) -> tuple[float, float]:
    """Read an ``α, β`` pair: ``"3, ∞"``, ``"[3, +inf]"``, ``"(−∞; 2)"``, ``(3, 5)``.

    >>> parse_window("[3, +∞]"), parse_window((-math.inf, 2))
    ((3.0, inf), (-inf, 2.0))
    """
    try:
        return parse_pair(x)
    except AnswerError as error:
        if "is not a pair" not in str(error):
            raise
    raise AnswerError(f"{shown(x)} is not a window: write two numbers, α and β, e.g. 3, ∞")


WHOLE_TOLERANCE = 1e-6
"""How far from a whole number a float may be and still be read as it (``3.0000001`` is 3:
a value computed with floats, not a different answer)."""


def parse_whole(x: object, what: str = "things") -> int:
    """Read a count: ``9``, ``"9"``, ``9.0``, ``numpy.int64(9)``, ``3.0000001`` (a float a
    hair from 3); ``what`` names what is counted, for the message of an
    :class:`AnswerError`, which quotes the answer as it was given.

    >>> [parse_whole(x) for x in (9, "9", 9.0, " 9 ", 3.0000001)]
    [9, 9, 9, 9, 3]
    >>> parse_whole(3.5, "nodes")
    Traceback (most recent call last):
    ...
    gametheory.practice.answers.AnswerError: 3.5 is not a whole number: count the nodes
    """
    try:
        value = parse_number(x)
    except AnswerError:
        raise AnswerError(f"{shown(x)} is not a number: answer with the number of {what}") from None
    if math.isinf(value):
        raise AnswerError(f"{shown(x)} is not a count: answer with the number of {what}")
    if abs(value - round(value)) > WHOLE_TOLERANCE:
        raise AnswerError(f"{shown(x)} is not a whole number: count the {what}")
    return round(value)


def parse_wholes(x: object, what: str = "things") -> list[int]:
    """Read whole numbers given as a collection or as text (``{1, 5}``, ``[5.0, "1"]``,
    ``"1, 5"``): sorted, without repeats.

    >>> parse_wholes("9, 1 5"), parse_wholes({1.0, 5, "9"}), parse_wholes(4)
    ([1, 5, 9], [1, 5, 9], [4])
    """
    items = [x] if isinstance(x, Real) else parse_list(x)
    return sorted({parse_whole(item, what) for item in items})


_SPELLINGS = {"center": "centre", "gray": "grey", "color": "colour", "neighbor": "neighbour"}
"""American spellings a student may use, and the course's (British) ones."""


def folded(text: str) -> str:
    """A name as the course compares names: lower case, single spaces, British spellings.

    >>> folded("  Top  Center "), folded("GRAY")
    ('top centre', 'grey')
    """
    words = text.strip().lower().replace("_", " ").split()
    return " ".join(_SPELLINGS.get(word, word) for word in words)


def parse_choice(x: object, choices: Iterable[str], what: str = "one of the names") -> str:
    """Read one of ``choices`` as a student may type it: any case, spaces around,
    ``center`` for ``centre``, ``gray`` for ``grey``; the choice itself comes back.

    >>> parse_choice(" Center ", ["top", "centre", "bottom"])
    'centre'
    >>> parse_choice("middle", ["top", "centre"], "a row")
    Traceback (most recent call last):
    ...
    gametheory.practice.answers.AnswerError: 'middle' is not a row: write one of top, centre
    """
    options = list(choices)
    if isinstance(x, str):
        for option in options:
            if folded(option) == folded(x):
                return option
    raise AnswerError(f"{shown(x)} is not {what}: write one of {', '.join(options)}")


def is_swapped(given: Iterable[object], expected: Iterable[object]) -> bool:
    """Whether ``given`` is the two parts of ``expected`` the other way round.

    >>> is_swapped((2, 8), (8, 2)), is_swapped((8, 2), (8, 2)), is_swapped((3, 3), (3, 3))
    (True, False, False)
    """
    first, second = tuple(given), tuple(expected)
    return first != second and first[::-1] == second


def parse_yes_no(x: object) -> bool:
    """Read yes or no: ``True``, ``"yes"``, ``"y"``, ``"cut"``, ``"no"``, ``"n"``, ….

    >>> parse_yes_no("Yes"), parse_yes_no("no cut"), parse_yes_no(False)
    (True, False, False)
    """
    if isinstance(x, bool):
        return x
    text = str(x).strip().lower()
    if text in _YES or text in _NO:
        return text in _YES
    raise AnswerError(f"{shown(x)}: answer yes or no")


class Names:
    """A tree's nodes by name, as students write them: ``"B"``, or ``"b"`` when no other
    node is called so.

    >>> from gametheory import tree
    >>> names = Names(tree([[1, 2], [3]]))
    >>> names.find(" c "), names[(1,)]
    ((1,), 'C')
    """

    def __init__(self, tree: GameTree) -> None:
        self.of: dict[Address, str] = {n.path: n.name for n in tree}
        self._paths = {name: path for path, name in self.of.items()}
        self._folded: dict[str, list[Address]] = {}
        for path, name in self.of.items():
            self._folded.setdefault(name.upper(), []).append(path)

    def __getitem__(self, path: Address) -> str:
        return self.of[path]

    def find(self, key: object) -> Address:
        """The path of the node ``key`` names; an :class:`AnswerError` naming the nodes
        there are if there is none."""
        if isinstance(key, str):
            name = key.strip()
            if name in self._paths:
                return self._paths[name]
            same = self._folded.get(name.upper(), [])
            if len(same) == 1:
                return same[0]
        names = list(self.of.values())
        listed = ", ".join(names) if len(names) <= 30 else f"{names[0]} to {names[-1]}"
        raise AnswerError(f"There is no node {shown(key)} in this tree: its nodes are {listed}.")


@dataclass(frozen=True)
class Reading:
    """An answer read into paths: ``values`` of the nodes, the nodes ``claimed`` as never
    looked at, and the first thing that could not be read, if any: ``(node name or None,
    message)``."""

    values: dict[Address, Answer]
    claimed: frozenset[Address]
    problem: tuple[str | None, str] | None = None


def read_answer(
    values: object, pruned: object, names: Names, parse: Callable[[object], Answer]
) -> Reading:
    """Read a drill's answer: ``{node name: value}`` with each value read by ``parse``
    (a blank one counts as not given), and the names of the nodes never looked at.

    Never raises for what a student types: what cannot be read is the ``problem``.

    >>> from gametheory import tree
    >>> names = Names(tree([[1, 2], [3]]))
    >>> read_answer({"b": "1", "C": " "}, "E", names, parse_number)
    Reading(values={(0,): 1.0}, claimed=frozenset({(0, 1)}), problem=None)
    >>> read_answer({"B": "one"}, (), names, parse_number).problem
    ('B', "B: 'one' is not a number: write a whole number like 3, a decimal like 2.5, a fraction like 7/3, or -inf / ∞.")
    """
    if not isinstance(values, (Mapping, type(None))):
        kind = type(values).__name__
        problem = f"values must be a dict of node names and values, like {{'B': 3}}; got a {kind}."
        return Reading({}, frozenset(), (None, problem))
    problems: list[tuple[str | None, str]] = []  # (the node it is about, or None; what to do)

    def find(key: object) -> Address | None:
        try:
            return names.find(key)
        except AnswerError as error:
            problems.append((None, str(error)))
            return None

    given: dict[Address, Answer] = {}
    for key, raw in (values or {}).items():
        path = find(key)
        if path is None or raw is None or (isinstance(raw, str) and not raw.strip()):
            continue  # a blank value is not given
        try:
            given[path] = parse(raw)
        except AnswerError as error:
            problems.append((names[path], f"{names[path]}: {error}."))
    if not isinstance(pruned, (str, Iterable, type(None))):
        problems.append((None, f"pruned must be a list of node names, got {shown(pruned)}."))
        pruned = None
    keys = [] if pruned is None else parse_list(pruned)
    claimed = frozenset(path for key in keys if (path := find(key)) is not None)
    return Reading(given, claimed, problems[0] if problems else None)
