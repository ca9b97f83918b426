"""How the package writes numbers for people: one home, so every sentence, picture and
table agrees."""

from __future__ import annotations

import math

__all__ = ["number_text"]


def number_text(x: float, *, places: int | None = None, sign: bool = False) -> str:
    """A number as every sentence, picture and table of the package writes it.

    Whole numbers without a point, others with three significant digits (or exactly
    ``places`` decimals), a true minus sign and ±∞; ``sign=True`` writes ``+`` before a
    positive number (0 stays unsigned, also when it was rounded to 0).

    >>> number_text(3.0), number_text(-math.inf), number_text(0.25), number_text(-2.5)
    ('3', '−∞', '0.25', '−2.5')
    >>> number_text(1.1, places=2), number_text(0.4375, places=2, sign=True), number_text(-0.001, places=2, sign=True)
    ('1.10', '+0.44', '0.00')
    """
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    if places is not None:
        text = f"{x:.{places}f}"
        if float(text) == 0:
            return text.lstrip("-")
    elif float(x).is_integer():
        text = str(int(x))
    else:
        text = f"{x:.3g}"
    if sign and x > 0 and float(text) != 0:
        text = "+" + text
    return text.replace("-", "−")
