"""Scores, the windows between them, and the score of a position where the search stops.

Inside the engine a score is the pair ``(value, tempo)``, compared value first (see "Quicker
wins, slower losses" in :mod:`gametheory.search.engine`): ``value`` is the textbook's, for
the player to move; ``tempo`` is larger for a win reached sooner or a loss reached later,
and 0 otherwise, so it only breaks ties between equal values.

>>> from gametheory import tree
>>> t = tree([[1, -2]])
>>> leaf = Scorer(t, lambda state, player: 0.0, 0).leaf
>>> leaf(t.node((0, 0)), 0, 2, True)  # a win of 1 for A, two plies down
(1.0, 1073741822)
>>> leaf(t.node((0, 0)), 0, 3, True) < leaf(t.node((0, 0)), 0, 2, True)  # later: worse
True
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any, Protocol, TypeAlias, runtime_checkable

from gametheory.checks import checked_evaluation
from gametheory.core import CHANCE, Evaluation, Game, UnsupportedGameError

__all__ = [
    "Score",
    "Window",
    "FULL_WINDOW",
    "LeafValue",
    "MoveValues",
    "Scorer",
    "around",
    "tempo_at",
    "chance_error",
]

Score: TypeAlias = tuple[float, int]
"""``(value, tempo)``: the value for the player to move, then the tie-break on speed."""

LeafValue: TypeAlias = Callable[[Any, int], "float | None"]
"""``leaf_value(state, player)``: the exact value of ``state`` for ``player`` (a utility, as
if the game were over there with perfect play), or None where it is not known; an endgame
database answers it (:meth:`~gametheory.games.abapa.endgame.EndgameDatabase.leaf_value`)."""

Window: TypeAlias = tuple[Score, Score]
"""``(alpha, beta)``: the scores a search may answer between (outside them, a bound)."""

WIN_TEMPO = 1 << 30
"""Tempo of a win at ply 0; a win at ply p has tempo ``WIN_TEMPO - p``, a loss the opposite."""

TEMPO_INF = 1 << 40
"""Beyond every real tempo: window bounds ``(v, ±TEMPO_INF)`` sit just outside value v."""

FULL_WINDOW: Window = ((-math.inf, -TEMPO_INF), (math.inf, TEMPO_INF))
"""The window that holds every score, infinite values included (a win worth ``+inf`` found
at once scores ``(inf, WIN_TEMPO)``, which ``(inf, 0)`` would not hold)."""

_NUMBERS = (int, float)
_LARGEST = sys.float_info.max
_SMALLEST = -_LARGEST


@runtime_checkable
class MoveValues(Protocol):
    """What a game may add to score the engine's last ply without making its positions
    (Abapa does, for :func:`~gametheory.games.abapa.store_difference`).

    ``move_value(evaluate)`` is None, or a function ``(state, move) -> (value, over)`` that
    gives, for every legal ``move``, what making it and scoring the position would: ``over``
    as ``successor`` says, ``value`` the utility (``over``) or ``evaluate``'s value of the
    position for the player who moved (an evaluation with ``f(s, A) == -f(s, B)``).

    >>> from gametheory.games.abapa import Abapa, store_difference
    >>> game = Abapa()
    >>> isinstance(game, MoveValues), game.move_value(lambda state, player: 0.0) is None
    (True, True)
    >>> game.move_value(store_difference)(game.state([0] * 5 + [1, 2, 4] + [0] * 4, (22, 19)), 6)
    (1.0, True)
    >>> game.move_value(store_difference)(game.initial_state(), 1)  # quiet: the stores as they are
    (0.0, False)
    """

    def move_value(self, evaluate: Evaluation) -> Callable[[Any, Any], tuple[float, bool]] | None:
        """The function for ``evaluate``, or None if the game has none."""
        ...


def around(value: float, width: float) -> Window:
    """The window of every score whose value is within ``width`` of ``value`` (an
    aspiration window).

    >>> around(1.0, 0.5)[0] < (0.5, 0) < (1.5, 0) < around(1.0, 0.5)[1] < (1.5, 1)
    False
    >>> around(1.0, 0.5)[0] < (0.5, 0) < (1.5, 0) < around(1.0, 0.5)[1] < (1.6, 0)
    True
    """
    return ((value - width, -TEMPO_INF), (value + width, TEMPO_INF))


def tempo_at(value: float, ply: int) -> int:
    """The tempo of a finished game worth ``value`` (for the player to move) at ``ply``:
    sooner is better for a win, later for a loss.

    >>> tempo_at(1.0, 3) == WIN_TEMPO - 3, tempo_at(-1.0, 3) == 3 - WIN_TEMPO, tempo_at(0.0, 3)
    (True, True, 0)
    """
    return WIN_TEMPO - ply if value > 0 else ply - WIN_TEMPO if value < 0 else 0


def chance_error(state: Any) -> UnsupportedGameError:
    """The error for a chance position met by the engine."""
    return UnsupportedGameError(
        f"iterative_deepening reached the chance position {state!r}; use expectiminimax for "
        "games with dice or cards"
    )


class Scorer:
    """Scores a position where the search stops, for a player: by the rules if the game is
    over (with the tempo of a win or a loss), else by the evaluation.

    Evaluations and utilities are asked for the root player and negated for the other
    one, as :func:`~gametheory.search.alphabeta.alphabeta` does, so the engine gives its
    value even for an evaluation function that is not symmetric. A position whose exact
    value ``leaf_value`` knows is scored by it, like a finished game (with its tempo).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        evaluate: Evaluation,
        root_player: int,
        leaf_value: LeafValue | None = None,
    ) -> None:
        self.to_move, self.utility = game.to_move, game.utility
        self.evaluate, self.root_player = evaluate, root_player
        self.leaf_value = leaf_value
        # the game's own way to score a move's position without making it, if it has one
        self.move_value = None
        if isinstance(game, MoveValues) and leaf_value is None:
            self.move_value = game.move_value(evaluate)

    def known(self, state: Any, player: int, ply: int) -> Score | None:
        """The score of ``state`` for ``player`` if ``leaf_value`` knows it, else None."""
        value = None if self.leaf_value is None else self.leaf_value(state, self.root_player)
        if value is None:
            return None
        value = value if player == self.root_player else -value
        return (value, tempo_at(value, ply))

    def leaf(self, state: Any, player: int, ply: int, over: bool) -> Score:
        """The score of ``state``, met at ``ply``, for ``player``; ``over``: the game is."""
        if self.to_move(state) == CHANCE:
            raise chance_error(state)
        root_player = self.root_player
        if over:
            value = self.utility(state, root_player)
            value = value if player == root_player else -value
            return (value, tempo_at(value, ply))
        if self.leaf_value is not None and (known := self.known(state, player, ply)):
            return known
        value = self.evaluate(state, root_player)
        # a quick test first: NaN, infinities and ints beyond a float fail it (and are checked)
        if value.__class__ not in _NUMBERS or not _SMALLEST <= value <= _LARGEST:
            value = checked_evaluation(self.evaluate, state, root_player)
        return (value if player == root_player else -value, 0)
