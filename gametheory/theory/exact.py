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
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any, TypeAlias, TypeVar

from gametheory.core import GameError

__all__ = ["exact", "exact_table", "TOLERANCE", "transpose"]

ExactMatrix: TypeAlias = tuple[tuple[Fraction, ...], ...]
"""A table of :class:`~fractions.Fraction` values, row by row (plain tuples: the theory
needs no numpy, so it runs in the browser's Python too)."""

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

    >>> exact_table([[1, 0.5], [2, 3]], "payoffs")
    ((Fraction(1, 1), Fraction(1, 2)), (Fraction(2, 1), Fraction(3, 1)))
    """
    return tuple(
        tuple(exact(value, f"{name}[{i}][{j}]") for j, value in enumerate(row))
        for i, row in enumerate(_rows(data, name))
    )


def _is_array(data: object) -> bool:
    """Whether ``data`` is a numpy array (told by its attributes: numpy is not imported)."""
    return all(hasattr(data, name) for name in ("ndim", "dtype", "tolist"))


def _rows(data: object, name: str) -> list[list[Any]]:
    """The rows of a table, checked to be a non-empty rectangle (not yet their numbers)."""
    if _is_array(data):
        shape = getattr(data, "shape", ())
        if len(shape) != 2 or 0 in shape:
            raise GameError(f"{name} must be a non-empty 2-d table, got shape {shape}")
        dtype = getattr(data, "dtype", None)
        if getattr(dtype, "kind", "") not in ("i", "u", "f", "O"):
            raise GameError(f"{name} must hold real numbers, got dtype {dtype}")
        rows: list[list[Any]] = data.tolist()  # type: ignore[attr-defined]
        return rows
    if isinstance(data, str) or not isinstance(data, Sequence) or len(data) == 0:
        raise GameError(f"{name} must be a non-empty list of rows of numbers, got {data!r}")
    rows = []
    for i, row in enumerate(data):
        if isinstance(row, str) or not (isinstance(row, Sequence) or _is_array(row)):
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


def exact_named(value: object, what: Callable[[], str]) -> Fraction:
    """``value`` exactly (see :func:`gametheory.theory.exact.exact`) if it is a finite
    number that a float can hold, else a :class:`GameError` naming ``what()`` it is (the
    name is only worked out then: a game has up to a million values)."""
    try:
        fraction = exact(value, "a value")
        if abs(fraction) <= LARGEST:
            return fraction
    except GameError:
        pass
    raise GameError(f"{what()} must be a finite number, got {value!r}")


# --------------------------------------------------------------------------- checked input of the normal form


Matrix: TypeAlias = tuple[tuple[float, ...], ...]
"""A payoff matrix: rows are the strategies of the player it belongs to (see each function).
The functions take any table of numbers (lists, numpy arrays, fractions) and read it exactly
(see :mod:`gametheory.theory.exact`)."""


Vector: TypeAlias = tuple[Fraction, ...] | tuple[float, ...]
"""A mixed strategy as the functions compute with it: exact fractions, or floats."""

_Number = TypeVar("_Number")


def transpose(table: Sequence[Sequence[_Number]]) -> tuple[tuple[_Number, ...], ...]:
    """The table turned: its columns as rows (the column player's view of its payoffs).

    >>> transpose([[1, 2, 3], [4, 5, 6]])
    ((1, 4), (2, 5), (3, 6))
    """
    return tuple(zip(*table, strict=True))


def shape(table: Sequence[Sequence[object]]) -> tuple[int, int]:
    """``(rows, columns)`` of a non-empty table."""
    return len(table), len(table[0])


def largest(*tables: ExactMatrix) -> Fraction:
    """The largest payoff in size in the tables."""
    return max(abs(x) for table in tables for row in table for x in row)


def dot(x: Sequence[Any], y: Sequence[Any]) -> Any:
    """``x · y``: the sum of the products, in order (fractions stay exact).

    >>> dot([Fraction(1, 2), Fraction(1, 2)], [3, 1]), dot([0.5, 0.5], [3.0, 1.0])
    (Fraction(2, 1), 2.0)
    """
    return sum(p * q for p, q in zip(x, y, strict=True))


def times(table: Sequence[Sequence[Any]], mix: Sequence[Any]) -> tuple[Any, ...]:
    """Each row of ``table`` times ``mix``: every strategy's expected payoff."""
    return tuple(dot(row, mix) for row in table)


def as_matrix(data: object, name: str) -> Matrix:
    """``data`` as a float matrix (checked exactly as :func:`~gametheory.theory.exact.exact_table`
    checks it)."""
    return tuple(tuple(float(x) for x in row) for row in exact_table(data, name))


def as_bimatrix(row_payoffs: object, col_payoffs: object | None) -> tuple[ExactMatrix, ExactMatrix]:
    """Both players' payoff tables, exactly, checked to have one shape; ``col_payoffs=None``
    stands for the negated ``row_payoffs`` (a zero-sum game)."""
    a = exact_table(row_payoffs, "row_payoffs")
    if col_payoffs is None:
        b = tuple(tuple(-x for x in row) for row in a)
    else:
        b = exact_table(col_payoffs, "col_payoffs")
    if shape(a) != shape(b):
        raise GameError(
            f"row_payoffs has shape {shape(a)} but col_payoffs has shape {shape(b)}; both "
            "players need a payoff in every cell"
        )
    return a, b


def as_mixed(strategy: int | Sequence[float], count: int, name: str) -> Vector:
    """A pure strategy index or a probability vector, as a probability vector of ``count``:
    exact fractions for an index or for ints and fractions summing to exactly 1, else floats
    (which may sum to 1 within :data:`~gametheory.theory.exact.TOLERANCE`)."""
    if isinstance(strategy, Integral) and not isinstance(strategy, bool):
        index = int(strategy)
        if not 0 <= index < count:
            raise GameError(f"{name} must be a strategy index in 0..{count - 1}, got {strategy}")
        return tuple(Fraction(int(k == index)) for k in range(count))
    items = strategy.tolist() if _is_array(strategy) else strategy  # type: ignore[union-attr]
    if isinstance(items, str) or not isinstance(items, Sequence):
        raise GameError(
            f"{name} must be a strategy index or {count} probabilities, got {strategy!r}"
        )
    if len(items) != count or any(isinstance(p, Sequence | str) for p in items):
        raise GameError(f"{name} needs {count} probabilities, got {strategy!r}")
    try:
        probabilities = tuple(float(p) for p in items)
    except (TypeError, ValueError):
        raise GameError(
            f"{name} must be a strategy index or {count} probabilities, got {strategy!r}"
        ) from None
    if (
        not all(math.isfinite(p) for p in probabilities)
        or any(p < -TOLERANCE for p in probabilities)
        or abs(math.fsum(probabilities) - 1) > TOLERANCE
    ):
        raise GameError(f"{name} must be non-negative probabilities summing to 1, got {strategy!r}")
    if is_exact(items):
        mix = tuple(exact(p, name) for p in items)
        if sum(mix) == 1 and all(p >= 0 for p in mix):
            return mix
    return probabilities


def checked_index(value: object, count: int, what: str) -> int:
    """A strategy index checked to be one of ``count`` (negative ones do not wrap around)."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise GameError(f"a {what} is a whole number 0..{count - 1}, got {value!r}")
    if not 0 <= int(value) < count:
        raise GameError(f"{what} {value} does not exist: {what}s are 0..{count - 1}")
    return int(value)


def _floats(values: Iterable[object]) -> tuple[float, ...]:
    return tuple(float(x) for x in values)  # type: ignore[arg-type]


def expected_with_slack(payoffs: ExactMatrix, mix: Vector) -> tuple[Vector, Vector]:
    """Each row's expected payoff against ``mix``, and how far rounding may have moved it:
    nothing for an exact mix, else :data:`TOLERANCE` times the size of the terms summed.

    >>> expected_with_slack(((Fraction(1), Fraction(0)),), (Fraction(1, 2), Fraction(1, 2)))
    ((Fraction(1, 2),), (Fraction(0, 1),))
    """
    if is_exact(mix):
        return times(payoffs, mix), tuple(Fraction(0) for _ in payoffs)
    floats = tuple(_floats(row) for row in payoffs)
    sizes = _floats(abs(p) for p in mix)
    return times(floats, _floats(mix)), tuple(
        TOLERANCE * dot(_floats(abs(x) for x in row), sizes) for row in floats
    )


def is_best_response(payoffs: ExactMatrix | Matrix, mix: Vector, opponent_mix: Vector) -> bool:
    """Whether ``mix`` pays as much as the best pure reply to ``opponent_mix``: exactly when
    both mixes are exact, else within the rounding slack of :func:`expected_with_slack`."""
    if not (is_exact(mix) and is_exact(opponent_mix)):
        mix, opponent_mix = _floats(mix), _floats(opponent_mix)
    expected, slack = expected_with_slack(payoffs, opponent_mix)  # type: ignore[arg-type]
    best = max(range(len(expected)), key=expected.__getitem__)
    return bool(dot(mix, expected) >= expected[best] - slack[best] - dot(mix, slack))
