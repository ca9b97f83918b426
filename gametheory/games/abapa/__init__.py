"""Abapa (Oware): the rules, the engine's fast path, the game record, evaluation functions.

* :mod:`~gametheory.games.abapa.rules` — the readable rules: the state, the rule variants,
  the game, and the one function that makes a move (:meth:`Abapa.explain`);
* :mod:`~gametheory.games.abapa.fast` — the search engine's faster way to the same
  positions, proven equal to the rules by the tests;
* :mod:`~gametheory.games.abapa.record` — a game as it was played, and its JSON text;
* :mod:`~gametheory.games.abapa.evaluation` — five evaluation functions.

>>> from gametheory.games.abapa import Abapa, replay
>>> replay(Abapa(), [1, 9]).final.houses
(1, 5, 5, 5, 5, 4, 4, 4, 0, 5, 5, 5)
"""

from gametheory.games.abapa.evaluation import (
    EVALUATIONS,
    mobility,
    seeds_on_side,
    store_difference,
    thesis_scale,
    vulnerability,
)
from gametheory.games.abapa.record import AbapaRecord, replay
from gametheory.games.abapa.rules import (
    MAX_HOUSES_PER_SIDE,
    MAX_SEEDS_PER_HOUSE,
    Abapa,
    AbapaRules,
    AbapaState,
    CycleRule,
    GrandSlamRule,
    House,
    MoveReport,
    Outcome,
)

__all__ = [
    "Abapa",
    "AbapaRules",
    "AbapaState",
    "AbapaRecord",
    "MoveReport",
    "Outcome",
    "House",
    "GrandSlamRule",
    "CycleRule",
    "MAX_HOUSES_PER_SIDE",
    "MAX_SEEDS_PER_HOUSE",
    "EVALUATIONS",
    "replay",
    "store_difference",
    "thesis_scale",
    "mobility",
    "seeds_on_side",
    "vulnerability",
]
