"""The guard against a game going round in a cycle its rules do not end."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gametheory.core import EndsCycles, Game

__all__ = ["REPEATS", "Repetitions"]

REPEATS = 3
"""How often a position may occur in one game before :class:`Repetitions` calls it a cycle."""


class Repetitions:
    """The one guard of every way of playing a game to its end against a cycle that the
    rules do not end (:func:`~gametheory.players.play`, tournaments, the console program,
    MCTS playouts): it counts the positions of one game, and the :data:`REPEATS`-th
    occurrence of one is a cycle. Deterministic players caught in a cycle would repeat it
    forever; players who were not caught rarely come back to one position three times.

    :meth:`ended` is then the game's :meth:`~gametheory.core.EndsCycles.cycle_end` position if it has one
    (finished), else None: the caller stops the game unfinished (scored as a draw).
    Positions that cannot be hashed are not counted.

    >>> from gametheory.games.abapa import Abapa, AbapaRules
    >>> game = Abapa(AbapaRules(cycle="below_four"))
    >>> guard, start = Repetitions(game), game.initial_state()
    >>> [guard.cycle(start) for _ in range(3)]
    [False, False, True]
    >>> game.is_terminal(guard.ended(start))
    True
    """

    def __init__(self, game: Game[Any, Any], limit: int = REPEATS) -> None:
        self.game, self.limit = game, limit
        self.counts: Counter[Any] = Counter()

    def cycle(self, state: Any) -> bool:
        """Count one occurrence of ``state``; True when that makes it a cycle."""
        try:
            self.counts[state] += 1
        except TypeError:  # an unhashable position: the game cannot be watched
            return False
        return self.counts[state] >= self.limit

    def ended(self, state: Any) -> Any:
        """The finished position the game's rules give a cycle at ``state``, or None."""
        return self.game.cycle_end(state) if isinstance(self.game, EndsCycles) else None
