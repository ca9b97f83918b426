"""What the tests of the lessons' self-checks share: reading a verdict, and the ways a
student may type a number."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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


def assert_read_alike(capsys: pytest.CaptureFixture[str], check: Any, right: int) -> None:
    """``check`` accepts ``right`` however it is typed, with the same words each time."""
    said = set()
    for typed in typed_as_students_type(right):
        assert check(typed), typed
        said.add(verdict(capsys, True))
    assert len(said) == 1, said


def assert_hints(
    capsys: pytest.CaptureFixture[str],
    check: Any,
    cases: Iterable[tuple[object, str]],
    *,
    hidden: str | None = None,
) -> None:
    """Each wrong answer is refused with its hint, and the hint never says ``hidden`` (the
    right answer)."""
    for wrong, hint in cases:
        assert not check(wrong), wrong
        out = verdict(capsys, False)
        assert hint in out, out
        assert hidden is None or hidden not in out, out
