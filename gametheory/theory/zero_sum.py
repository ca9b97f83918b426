"""Zero-sum games exactly: the value and optimal strategies by one linear program, and which
cells keep a game from being constant-sum (the machinery behind
:meth:`gametheory.theory.normal_form.NormalFormGame.zero_sum_solution`).

>>> from fractions import Fraction
>>> table = ((Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1)))
>>> zero_sum_exactly(table)
(Fraction(0, 1), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))
"""

from __future__ import annotations

from fractions import Fraction

from gametheory.theory.exact import TOLERANCE, ExactMatrix, largest, transpose
from gametheory.theory.polytopes import maximise_sum

__all__ = ["zero_sum_exactly", "constant_sum_break"]


def zero_sum_exactly(
    payoffs: ExactMatrix,
) -> tuple[Fraction, tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The value of the zero-sum game with the row player's ``payoffs``, an optimal mix for
    the row player and one for the column player, exactly.

    With the payoffs shifted to be at least 1 (value ``v > 0``), the column player's program
    is: maximise ``Σ w`` subject to ``payoffs · w ≤ 1``, ``w ≥ 0``; its optimum is ``1 / v``,
    ``w · v`` is an optimal column mix, and the dual solution ``u`` (minimise ``Σ u`` subject
    to ``payoffsᵀ u ≥ 1``) gives the row player's, ``u · v``.
    """
    low = min(min(row) for row in payoffs)
    shifted = transpose([[x - low + 1 for x in row] for row in payoffs])
    total, w, u = maximise_sum(shifted)
    return 1 / total + low - 1, tuple(p / total for p in u), tuple(q / total for q in w)


def constant_sum_break(row_payoffs: ExactMatrix, col_payoffs: ExactMatrix) -> str:
    """What keeps the game from being constant-sum, or ``""`` when it is one: exactly, or up
    to float rounding (sums that differ by at most :data:`~gametheory.theory.exact.TOLERANCE`
    times the largest payoff, as ``B = 1 - A`` computed in floats).

    >>> a = ((Fraction(1), Fraction(2)),)
    >>> constant_sum_break(a, ((Fraction(2), Fraction(1)),)), constant_sum_break(a, a)
    ('', 'cell (0, 0) sums to 2 but cell (0, 1) to 4')
    """
    first = row_payoffs[0][0] + col_payoffs[0][0]
    size = max(largest(row_payoffs, col_payoffs), Fraction(1))
    for i, (r, s) in enumerate(zip(row_payoffs, col_payoffs, strict=True)):
        for j, sum_ in enumerate(x + y for x, y in zip(r, s, strict=True)):
            if abs(sum_ - first) > TOLERANCE * size:
                return (
                    f"cell (0, 0) sums to {float(first):g} but cell ({i}, {j}) to {float(sum_):g}"
                )
    return ""
