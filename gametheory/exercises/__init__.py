"""Self-checks for the notebooks' exercises.

Each chapter has a submodule (``gametheory.exercises.graphs``, ``…trees``, …) with
``check_…(answer)`` functions. A check never just says "wrong": it says what is off and
gives a hint, and it returns whether the answer was right so a notebook can ``assert`` it.

>>> from gametheory.exercises import feedback
>>> feedback(True, "the root is worth 3")
✓ Right: the root is worth 3.
True
>>> feedback(False, "look at the second child again")
✗ Not yet: look at the second child again.
False
>>> feedback(False, "what does the rule say about it?")
✗ Not yet: what does the rule say about it?
False
"""

from __future__ import annotations

__all__ = ["feedback"]


def feedback(ok: bool, message: str) -> bool:
    """Print a one-line verdict with a reason or a hint, and return ``ok``.

    The line ends with a full stop, unless the message ends with a question mark."""
    text = message.rstrip(".")
    end = "" if text.endswith("?") else "."
    print(f"{'✓ Right' if ok else '✗ Not yet'}: {text}{end}")
    return ok
