"""Abapa (Oware): the rules, the engine's fast path, the game record, evaluation functions.

* :mod:`~gametheory.games.abapa.rules` — the readable rules: the rule variants, the game,
  and the one function that makes a move (``Abapa._play``, which ``result`` and ``explain``
  call);
* :mod:`~gametheory.games.abapa.state` — a position (:class:`AbapaState`) and its text;
* :mod:`~gametheory.games.abapa.fast` — the search engine's faster way to the same
  positions, proven equal to the rules by the tests;
* :mod:`~gametheory.games.abapa.record` — a game as it was played, and its JSON text;
* :mod:`~gametheory.games.abapa.evaluation` — five evaluation functions.

>>> from gametheory.games.abapa import Abapa, replay
>>> replay(Abapa(), [1, 9]).final.houses
(1, 5, 5, 5, 5, 4, 4, 4, 0, 5, 5, 5)
"""

from gametheory.games.abapa import evaluation, record, rules
from gametheory.games.abapa.evaluation import *  # noqa: F403
from gametheory.games.abapa.record import *  # noqa: F403
from gametheory.games.abapa.rules import *  # noqa: F403

__all__ = [*rules.__all__, *record.__all__, *evaluation.__all__]
