"""The exercises the grader knows, and what grading each needs to know of it.

This is the one place where the name of an exercise is looked at: the rest of the grader
asks its :class:`Kind` (``KIND[name].negamax``, ``KIND[name].step``, …), never the name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the graders of a step import this module's users: read at call time
    from gametheory.practice.grader.catalogue import Bug
    from gametheory.practice.grader.report import Divergence

Graded = tuple[bool, "Divergence | None", "Bug | None", int]  # passed, where, what, tests
#: grades one step of MCTS: (function, rng, level, seconds) -> passed, divergence, bug, tests
StepGrader = Callable[[Callable[..., Any], random.Random, int, float], Graded]


@dataclass(frozen=True)
class Kind:
    """What the grader needs to know of one exercise.

    >>> kind = KIND["alphabeta_negamax"]
    >>> kind.windowed, kind.negamax, kind.repeats, kind.parameters
    (True, True, False, ('game', 'state', 'alpha', 'beta'))
    >>> KIND["ucb1"].step is not None, KIND["minimax"].step is None
    (True, True)
    """

    windowed: bool = False  # it passes a window (α, β) down: alpha-beta
    negamax: bool = False  # its values are for the player to move (the negamax form)
    chance: bool = False  # its trees have chance nodes
    repeats: bool = False  # its trees may let a player move twice in a row
    step: StepGrader | None = None  # a step of MCTS graded on its own cases, not a search
    names_its_case: bool = False  # a divergence names the case itself (no tree to point at)
    tested_on: str = "trees"  # what its tests are, in the report's words
    model: str = "the search"  # what its answers are compared with, in the report's words

    @property
    def parameters(self) -> tuple[str, ...]:
        """A search's parameters (a depth-limited one adds ``depth`` and ``evaluate``)."""
        return ("game", "state", "alpha", "beta") if self.windowed else ("game", "state")


def _ucb1(function: Callable[..., Any], rng: random.Random, level: int, seconds: float) -> Graded:
    from gametheory.practice.grader.mcts import _grade_ucb1

    return _grade_ucb1(function, rng, seconds)  # UCB1's cases are the same at every level


def _backup(function: Callable[..., Any], rng: random.Random, level: int, seconds: float) -> Graded:
    from gametheory.practice.grader.mcts import _backup_isolated

    return _backup_isolated(function, rng, level, seconds)


KIND: dict[str, Kind] = {
    "minimax": Kind(repeats=True),
    "negamax": Kind(negamax=True),  # negamax assumes the players alternate, as the package's
    "alphabeta": Kind(windowed=True, repeats=True),
    "alphabeta_negamax": Kind(windowed=True, negamax=True),
    "expectiminimax": Kind(chance=True),
    "ucb1": Kind(step=_ucb1, names_its_case=True, tested_on="cases", model="UCB1"),
    "backup": Kind(step=_backup, tested_on="playouts", model="the right backup"),
}
