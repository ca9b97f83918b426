"""Every error raised for a user's bad input belongs to the package's family: GameError or a
documented subclass (ArgumentTypeError is also a TypeError), so one ``except GameError``
catches them all, and ``except ValueError`` / ``except TypeError`` keep working."""

from __future__ import annotations

import ast
import pathlib

import pytest

import gametheory
from gametheory.core import ArgumentTypeError, GameError

PACKAGE = pathlib.Path(gametheory.__file__).parent
OUTSIDE_THE_FAMILY = {"ValueError", "TypeError"}
# Files other engineers of this round change (issue 36's teacher/, issue 38's MCTS): the
# integrator empties this after merging their branches and fixing what is left.
NOT_YET: set[str] = set()


def raised_outside_the_family(source: str) -> list[int]:
    """The lines of ``source`` that raise a bare ValueError or TypeError."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and node.exc is not None:
            made = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(made, ast.Name) and made.id in OUTSIDE_THE_FAMILY:
                lines.append(node.lineno)
    return lines


def test_the_count_sees_a_bare_value_error() -> None:
    source = "def f(x):\n    if x:\n        raise ValueError(x)\n    raise GameError(x)\n"
    assert raised_outside_the_family(source) == [3]


def test_no_module_raises_outside_the_family() -> None:
    found = {
        f"{path.relative_to(PACKAGE).as_posix()}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).as_posix() not in NOT_YET
        for line in raised_outside_the_family(path.read_text(encoding="utf-8"))
    }
    assert not found, sorted(found)


def test_a_wrong_type_is_a_game_error_and_a_type_error() -> None:
    from gametheory.search.paths import Path

    with pytest.raises(ArgumentTypeError, match="got 5"):
        Path(5)  # type: ignore[arg-type]
    assert issubclass(ArgumentTypeError, GameError) and issubclass(ArgumentTypeError, TypeError)


def test_bad_input_to_a_picture_or_a_drill_is_a_game_error_naming_it() -> None:
    from gametheory.draw.layout import tidy_layout
    from gametheory.practice.drill import Drill

    with pytest.raises(GameError, match="separation"):
        tidy_layout(0, lambda node: [], separation=-1)
    with pytest.raises(GameError, match="nonsense"):
        Drill(kind="nonsense")
