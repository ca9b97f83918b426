"""What the tests of the lessons' self-checks share: reading a verdict, and the ways a
student may type a number."""

from __future__ import annotations

import numpy as np
import pytest


def verdict(capsys: pytest.CaptureFixture[str], ok: bool) -> str:
    """The line the check just printed, after asserting it says right (``ok``) or not yet."""
    out = capsys.readouterr().out
    assert out.startswith("✓ Right" if ok else "✗ Not yet"), out
    return out


def typed_as_students_type(n: int) -> tuple[object, ...]:
    """``n`` as a student may give it: the int, its text (bare and with spaces), a float, and
    numpy's integer and float (what a computed answer often is)."""
    return (n, str(n), f" {n} ", float(n), np.int64(n), np.float64(n))
