"""Searching game trees: one algorithm per module, all with the same contract.

``algo(game, state=None, depth=None, evaluate=None, *, trace=False, order=None)`` returns a
:class:`SearchResult` whose value is for the player to move at ``state``.

:data:`ALGORITHMS` is the one registry of searches: every menu, player and console option
that offers a search by name finds it here.

>>> algorithm("alphabeta_negamax").title
'alpha-beta (negamax form)'
>>> [a.name for a in ALGORITHMS.values() if a.kind == "textbook"]
['minimax', 'negamax', 'alphabeta', 'alphabeta_negamax', 'expectiminimax']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from gametheory.core import GameError
from gametheory.search.alphabeta import ALPHABETA, ALPHABETA_NEGAMAX, alphabeta, alphabeta_negamax
from gametheory.search.engine import ENGINE, Iteration, iterative_deepening
from gametheory.search.expectiminimax import EXPECTIMINIMAX, expectiminimax
from gametheory.search.mcts import MCTS, mcts
from gametheory.search.mcts_trace import MCTSSnapshot, MCTSTrace
from gametheory.search.minimax import MINIMAX, minimax
from gametheory.search.negamax import NEGAMAX, negamax
from gametheory.search.result import ChildStats, SearchResult, SearchStats
from gametheory.search.trace import Algorithm, Snapshot, Status, Trace


@dataclass(frozen=True)
class Registered:
    """A search in the registry: what it is (:class:`Algorithm`), its function, and how it
    is called.

    ``kind`` is ``"textbook"`` (``search(game, state, depth, evaluate, *, trace, order)``),
    ``"engine"`` (:func:`iterative_deepening`) or ``"mcts"`` (:func:`mcts`).
    """

    algorithm: Algorithm
    search: Callable[..., SearchResult]
    kind: Literal["textbook", "engine", "mcts"]

    @property
    def name(self) -> str:
        return self.algorithm.name

    @property
    def title(self) -> str:
        return self.algorithm.title


def _registry(*entries: Registered) -> Mapping[str, Registered]:
    return MappingProxyType({entry.name: entry for entry in entries})


ALGORITHMS: Mapping[str, Registered] = _registry(
    Registered(MINIMAX, minimax, "textbook"),
    Registered(NEGAMAX, negamax, "textbook"),
    Registered(ALPHABETA, alphabeta, "textbook"),
    Registered(ALPHABETA_NEGAMAX, alphabeta_negamax, "textbook"),
    Registered(EXPECTIMINIMAX, expectiminimax, "textbook"),
    Registered(ENGINE, iterative_deepening, "engine"),
    Registered(MCTS, mcts, "mcts"),
)
"""Every search by its one name, in the order menus offer them."""


def algorithm(name: object) -> Registered:
    """The registered search called ``name``, or a :class:`GameError` that lists the names.

    >>> algorithm("minimax").search is minimax
    True
    >>> algorithm("alpha-beta")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: unknown search 'alpha-beta'; choose one of minimax, negamax, \
alphabeta, alphabeta_negamax, expectiminimax, engine, mcts
    """
    found = ALGORITHMS.get(name) if isinstance(name, str) else None
    if found is None:
        raise GameError(f"unknown search {name!r}; choose one of {', '.join(ALGORITHMS)}")
    return found


def searches(*, chance: bool | None = None, kinds: tuple[str, ...] = ("textbook",)) -> list[str]:
    """The names of the registered searches of the given ``kinds``; ``chance=False`` leaves
    out those made for chance nodes, ``chance=True`` keeps only those that handle them.

    >>> searches(chance=False)
    ['minimax', 'negamax', 'alphabeta', 'alphabeta_negamax']
    """
    return [
        name
        for name, entry in ALGORITHMS.items()
        if entry.kind in kinds and (chance is None or entry.algorithm.chance == chance)
    ]


__all__ = [
    "ALGORITHMS",
    "Algorithm",
    "ChildStats",
    "Iteration",
    "MCTSSnapshot",
    "MCTSTrace",
    "Registered",
    "SearchResult",
    "SearchStats",
    "Snapshot",
    "Status",
    "Trace",
    "algorithm",
    "alphabeta",
    "alphabeta_negamax",
    "expectiminimax",
    "iterative_deepening",
    "mcts",
    "minimax",
    "negamax",
    "searches",
]
