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


Matrix: TypeAlias = npt.NDArray[np.float64]
"""A payoff matrix: rows are the strategies of the player it belongs to (see each function).
The functions take any table of numbers (lists, numpy arrays, fractions) and read it exactly
(see :mod:`gametheory.theory.exact`)."""


Vector: TypeAlias = npt.NDArray[np.object_] | npt.NDArray[np.float64]
"""A mixed strategy as the functions compute with it: exact fractions, or floats."""


def as_matrix(data: object, name: str) -> Matrix:
    """``data`` as a float matrix (checked exactly as :func:`~gametheory.theory.exact.exact_table`
    checks it)."""
    matrix = np.asarray(exact_table(data, name), dtype=np.float64)
    matrix.setflags(write=False)
    return matrix


def as_bimatrix(row_payoffs: object, col_payoffs: object | None) -> tuple[ExactMatrix, ExactMatrix]:
    """Both players' payoff tables, exactly, checked to have one shape; ``col_payoffs=None``
    stands for the negated ``row_payoffs`` (a zero-sum game)."""
    a = exact_table(row_payoffs, "row_payoffs")
    if col_payoffs is None:
        b: ExactMatrix = -a
        b.setflags(write=False)
    else:
        b = exact_table(col_payoffs, "col_payoffs")
    if a.shape != b.shape:
        raise GameError(
            f"row_payoffs has shape {a.shape} but col_payoffs has shape {b.shape}; both "
            "players need a payoff in every cell"
        )
    return a, b


def as_mixed(strategy: int | Sequence[float], count: int, name: str) -> Vector:
    """A pure strategy index or a probability vector, as a probability vector of ``count``:
    exact fractions for an index or for ints and fractions summing to exactly 1, else floats
    (which may sum to 1 within :data:`~gametheory.theory.exact.TOLERANCE`)."""
    if isinstance(strategy, int | np.integer) and not isinstance(strategy, bool):
        if not 0 <= strategy < count:
            raise GameError(f"{name} must be a strategy index in 0..{count - 1}, got {strategy}")
        return np.array([Fraction(int(k == strategy)) for k in range(count)], dtype=object)
    try:
        probabilities = np.asarray(strategy, dtype=np.float64)
    except (TypeError, ValueError):
        raise GameError(
            f"{name} must be a strategy index or {count} probabilities, got {strategy!r}"
        ) from None
    if probabilities.shape != (count,):
        raise GameError(f"{name} needs {count} probabilities, got {strategy!r}")
    if (
        not np.isfinite(probabilities).all()
        or (probabilities < -TOLERANCE).any()
        or abs(probabilities.sum() - 1) > TOLERANCE
    ):
        raise GameError(f"{name} must be non-negative probabilities summing to 1, got {strategy!r}")
    if is_exact(strategy):  # type: ignore[arg-type]
        mix: Vector = np.array([exact(p, name) for p in strategy], dtype=np.object_)  # type: ignore[union-attr]
        if mix.sum() == 1 and (mix >= 0).all():
            return mix
    return probabilities


def checked_index(value: object, count: int, what: str) -> int:
    """A strategy index checked to be one of ``count`` (negative ones do not wrap around)."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise GameError(f"a {what} is a whole number 0..{count - 1}, got {value!r}")
    if not 0 <= value < count:
        raise GameError(f"{what} {value} does not exist: {what}s are 0..{count - 1}")
    return int(value)


def expected_with_slack(payoffs: ExactMatrix, mix: Vector) -> tuple[Vector, Vector]:
    """Each row's expected payoff against ``mix``, and how far rounding may have moved it:
    nothing for an exact mix, else :data:`TOLERANCE` times the size of the terms summed."""
    if mix.dtype == object:
        expected = payoffs @ mix
        return expected, np.zeros(len(expected), dtype=object)
    floats = np.asarray(payoffs, dtype=np.float64)
    return floats @ mix, TOLERANCE * (np.abs(floats) @ np.abs(mix))


def is_best_response(payoffs: ExactMatrix | Matrix, mix: Vector, opponent_mix: Vector) -> bool:
    """Whether ``mix`` pays as much as the best pure reply to ``opponent_mix``: exactly when
    both mixes are exact, else within the rounding slack of :func:`expected_with_slack`."""
    if mix.dtype != object or opponent_mix.dtype != object:
        mix, opponent_mix = np.asarray(mix, np.float64), np.asarray(opponent_mix, np.float64)
    expected, slack = expected_with_slack(np.asarray(payoffs), opponent_mix)
    best = int(np.argmax(expected))
    return bool(mix @ expected >= expected[best] - slack[best] - mix @ slack)
