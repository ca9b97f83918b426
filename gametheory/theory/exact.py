"""Exact numbers for game theory: payoffs are read as fractions and compared without tolerance.

Every finite number the theory modules accept is a rational number, so ties, best responses,
dominance and equilibria are decided exactly, with :class:`fractions.Fraction`:

- ints and :class:`~fractions.Fraction` values are taken as they are;
- a **float is read as the decimal it prints as** (its ``repr``), the number that was typed:
  ``0.1`` is 1/10 and ``1e-300`` is 10⁻³⁰⁰, not the binary fraction nearest to them. Two floats
  are equal exactly when they print the same, and converting the result back to a float gives
  the same float again.

Only the mixed strategies and allocations a user hands in as floats are trusted less: ``2/3``
typed as a float is not two thirds, so those comparisons allow a tolerance of
:data:`TOLERANCE` relative to the size of the numbers compared (see
:func:`gametheory.theory.normal_form.best_responses`).

>>> exact(0.1, "a payoff"), exact(3, "a payoff"), exact(1e-300, "a payoff") == Fraction(1, 10**300)
(Fraction(1, 10), Fraction(3, 1), True)
>>> exact(10**400, "row_payoffs[0][0]")
Traceback (most recent call last):
...
gametheory.core.GameError: row_payoffs[0][0] is too large: about 1e+400 is beyond what a float ...
>>> exact(float("inf"), "row_payoffs[0][1]")
Traceback (most recent call last):
...
gametheory.core.GameError: row_payoffs[0][1] must be a finite real number, got inf
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from fractions import Fraction
from numbers import Rational, Real
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from gametheory.core import GameError

__all__ = ["exact", "exact_table", "TOLERANCE"]

ExactMatrix: TypeAlias = npt.NDArray[np.object_]
"""A read-only 2-d numpy array of :class:`~fractions.Fraction` values."""

LARGEST = int(sys.float_info.max)
"""The largest payoff in size the theory accepts: a float's largest, so that every table can
also be shown in floats."""

TOLERANCE = 1e-9
"""How far apart two numbers computed from floats given as probabilities or allocations may be
and still count as equal, relative to their size; probabilities closer than this to 0 count
as 0."""


def exact(value: object, what: str) -> Fraction:
    """``value`` as an exact fraction (a float as the decimal it prints as), or a
    :class:`~gametheory.core.GameError` naming ``what`` it is if it is not a finite real."""
    if type(value) is int and -LARGEST <= value <= LARGEST:  # the common cases first: a
        return Fraction(value)  # game may have a million values
    if type(value) is float and value.is_integer():
        return Fraction(int(value))
    if isinstance(value, bool) or not isinstance(value, Real):
        raise GameError(f"{what} must be a finite real number, got {value!r}")
    if isinstance(value, Rational):  # int, Fraction, numpy integers
        number = Fraction(int(value.numerator), int(value.denominator))
        if abs(number) > LARGEST:
            raise GameError(
                f"{what} is too large: {_short(number)} is beyond what a float can hold "
                f"(about {LARGEST:.3g}), and the tables are shown in floats; scale the payoffs "
                "down (dividing every payoff of a player by the same positive number changes "
                "no best response)"
            )
        return number
    if not math.isfinite(value):
        raise GameError(f"{what} must be a finite real number, got {value!r}")
    return Fraction(repr(float(value)))


def _short(number: Fraction) -> str:
    """A huge number in a few characters: ``10**400`` as ``1e+400``."""
    digits = len(str(abs(number.numerator) // number.denominator)) - 1
    return f"about {'-' if number < 0 else ''}1e+{digits}"


def exact_table(data: object, name: str) -> ExactMatrix:
    """``data`` (a non-empty rectangular table of numbers) as a read-only matrix of fractions,
    or a :class:`~gametheory.core.GameError` saying exactly what is wrong.

    >>> exact_table([[1, 0.5], [2, 3]], "payoffs").tolist()
    [[Fraction(1, 1), Fraction(1, 2)], [Fraction(2, 1), Fraction(3, 1)]]
    """
    rows = _rows(data, name)
    table = np.empty((len(rows), len(rows[0])), dtype=object)
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            table[i, j] = exact(value, f"{name}[{i}][{j}]")
    table.setflags(write=False)
    return table


def _rows(data: object, name: str) -> list[list[Any]]:
    """The rows of a table, checked to be a non-empty rectangle (not yet their numbers)."""
    if isinstance(data, np.ndarray):
        if data.ndim != 2 or data.size == 0:
            raise GameError(f"{name} must be a non-empty 2-d table, got shape {data.shape}")
        if np.iscomplexobj(data) or not (
            np.issubdtype(data.dtype, np.number) or data.dtype == object
        ):
            raise GameError(f"{name} must hold real numbers, got dtype {data.dtype}")
        rows: list[list[Any]] = data.tolist()
        return rows
    if isinstance(data, str) or not isinstance(data, Sequence) or len(data) == 0:
        raise GameError(f"{name} must be a non-empty list of rows of numbers, got {data!r}")
    rows = []
    for i, row in enumerate(data):
        if isinstance(row, str) or not isinstance(row, Sequence | np.ndarray):
            raise GameError(f"{name}: row {i} must be a list of numbers, got {row!r}")
        rows.append(list(row))
    widths = {len(row) for row in rows}
    if len(widths) != 1 or 0 in widths:
        raise GameError(
            f"{name} is ragged or empty: its rows have lengths {[len(row) for row in rows]}; "
            "every row needs one payoff per column strategy"
        )
    return rows


def is_exact(values: Iterable[object]) -> bool:
    """Whether every value is an exact rational (an int or a fraction, not a float).

    >>> is_exact([1, Fraction(1, 2)]), is_exact([0.5, 0.5])
    (True, False)
    """
    return all(isinstance(x, Rational) and not isinstance(x, bool) for x in values)
