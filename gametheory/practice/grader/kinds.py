"""The exercises the grader knows, and what grading each needs to know of it.

This is the one place where the name of an exercise is looked at: the rest of the grader
asks its :class:`Kind` (``KIND[name].negamax``, ``KIND[name].step``, …), never the name. The
graders of the two steps of MCTS register here from ``grader/mcts.py`` (:func:`grades_step`),
as the mistakes register in ``grader/mistakes.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

# passed, the first divergence (a report.Divergence), the mistake (a catalogue.Bug), tests:
# this module imports none of the grader's, which all look exercises up here
Graded = tuple[bool, Any, Any, int]
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


KIND: dict[str, Kind] = {
    "minimax": Kind(repeats=True),
    "negamax": Kind(negamax=True),  # negamax assumes the players alternate, as the package's
    "alphabeta": Kind(windowed=True, repeats=True),
    "alphabeta_negamax": Kind(windowed=True, negamax=True),
    "expectiminimax": Kind(chance=True),
    # the steps of MCTS: their graders (in grader/mcts.py) register with grades_step
    "ucb1": Kind(names_its_case=True, tested_on="cases", model="UCB1"),
    "backup": Kind(tested_on="playouts", model="the right backup"),
}


def grades_step(name: str) -> Callable[[StepGrader], StepGrader]:
    """Register the function below as the grader of the step of MCTS ``name``."""

    def register(grader: StepGrader) -> StepGrader:
        KIND[name] = replace(KIND[name], step=grader)
        return grader

    return register
