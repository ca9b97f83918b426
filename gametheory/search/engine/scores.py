"""Scores, the windows between them, and the score of a position where the search stops.

Inside the engine a score is a number, the textbook's value for the player to move, with
one addition (see "Quicker wins, slower losses" in :mod:`gametheory.search.engine`): the
score of a finished game is a :class:`Timed` number, which also carries a *tempo*, larger
for a win reached sooner or a loss reached later. Two scores compare by value first, then
by tempo (0 for every other score), so the tempo only breaks ties between equal values.

>>> from gametheory import tree
>>> leaf = Scorer(tree([[1, -2]]), lambda state, player: 0.0, 0).leaf
>>> win = leaf(tree([[1, -2]]).node((0, 0)), 0, 2, True)  # a win of 1 for A, two plies down
>>> win, win == 1.0, float(win) == 1.0
(Timed(1.0, 1073741822), False, True)
>>> leaf(tree([[1, -2]]).node((0, 0)), 0, 3, True) < win  # later: worse
True
>>> 1.0 < win, -win < -1.0  # a win beats the same value without a tempo; a loss is below it
(True, True)
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol, TypeAlias, runtime_checkable

from gametheory.checks import checked_evaluation
from gametheory.core import CHANCE, Evaluation, Game, UnsupportedGameError

__all__ = [
    "Score",
    "Timed",
    "Window",
    "FULL_WINDOW",
    "LeafValue",
    "MoveValues",
    "Scorer",
    "around",
    "timed",
    "with_tempo",
    "just_above",
    "chance_error",
]


class Timed(float):
    """A score with a tempo: its value (the float itself), and ``tempo``, which breaks ties
    between equal values. Comparisons, ``==`` and negation take the tempo along; any other
    arithmetic gives a plain float (``float(score)`` is the value).

    >>> Timed(1.0, 5) > Timed(1.0, 4) > 1.0 > Timed(1.0, -4), -Timed(1.0, 5)
    (True, Timed(-1.0, -5))
    """

    __slots__ = ("tempo", "pair")
    tempo: int
    pair: tuple[float, int]
    """``(value, tempo)``: what the comparisons compare (a plain number ``v`` is ``(v, 0)``)."""

    def __new__(cls, value: float, tempo: int) -> Timed:
        score = float.__new__(cls, value)
        score.tempo, score.pair = tempo, (value + 0.0, tempo)
        return score

    def __repr__(self) -> str:
        return f"Timed({float(self)!r}, {self.tempo})"

    def __neg__(self) -> Timed:
        return with_tempo(-float(self), -self.tempo)

    def __hash__(self) -> int:  # equal scores, equal hashes (a tempo of 0 equals the float)
        return hash(self.pair) if self.tempo else hash(float(self))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Timed:
            return self.pair == other.pair
        return isinstance(other, (int, float)) and self.pair == (other, 0)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __lt__(self, other: float) -> bool:
        return self.pair < (other.pair if other.__class__ is Timed else (other, 0))

    def __le__(self, other: float) -> bool:
        return self.pair <= (other.pair if other.__class__ is Timed else (other, 0))

    def __gt__(self, other: float) -> bool:
        return self.pair > (other.pair if other.__class__ is Timed else (other, 0))

    def __ge__(self, other: float) -> bool:
        return self.pair >= (other.pair if other.__class__ is Timed else (other, 0))


Score: TypeAlias = float
"""A number: the value for the player to move (a :class:`Timed` one also has a tempo)."""

LeafValue: TypeAlias = Callable[[Any, int], "float | None"]
"""``leaf_value(state, player)``: the exact value of ``state`` for ``player`` (a utility, as
if the game were over there with perfect play), or None where it is not known; an endgame
database answers it (:meth:`~gametheory.games.abapa.endgame.EndgameDatabase.leaf_value`)."""

Window: TypeAlias = tuple[Score, Score]
"""``(alpha, beta)``: the scores a search may answer between (outside them, a bound)."""

WIN_TEMPO = 1 << 30
"""Tempo of a win at ply 0; a win at ply p has tempo ``WIN_TEMPO - p``, a loss the opposite."""

TEMPO_INF = 1 << 40
"""Beyond every real tempo: window bounds ``Timed(v, ±TEMPO_INF)`` sit just outside value v."""

FULL_WINDOW: Window = (Timed(-math.inf, -TEMPO_INF), Timed(math.inf, TEMPO_INF))
"""The window that holds every score, infinite values included (a win worth ``+inf`` found
at once scores ``Timed(inf, WIN_TEMPO)``, which ``inf`` would not hold)."""

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

    >>> around(1.0, 0.5)[0] < 0.5 < 1.5 < around(1.0, 0.5)[1] < Timed(1.5, 1)
    False
    >>> around(1.0, 0.5)[0] < 0.5 < 1.5 < around(1.0, 0.5)[1] < 1.6
    True
    """
    return (Timed(value - width, -TEMPO_INF), Timed(value + width, TEMPO_INF))


@lru_cache(maxsize=1 << 14)
def with_tempo(value: float, tempo: int) -> Timed:
    """``Timed(value, tempo)``, made once and then shared (a score is never changed): a
    search meets the same few scores of finished games over and over.

    >>> with_tempo(1.0, 5) is with_tempo(1.0, 5)
    True
    """
    return Timed(value, tempo)


def timed(value: float, ply: int) -> Score:
    """The score of a finished game worth ``value`` (for the player to move) at ``ply``:
    sooner is better for a win, later for a loss; a draw has no tempo.

    >>> timed(1.0, 3).tempo == WIN_TEMPO - 3, timed(-1.0, 3).tempo == 3 - WIN_TEMPO, timed(0, 3)
    (True, True, 0)
    """
    if value > 0:
        return with_tempo(value, WIN_TEMPO - ply)
    return with_tempo(value, ply - WIN_TEMPO) if value < 0 else value


def just_above(score: Score) -> Score:
    """A score just above ``score``, the top of a null window: above a plain value the next
    float, above a score with a tempo (or infinity) the same value with one more unit of
    tempo. Only a finished game's score at a plain ``score``'s own value lies between the
    two; a search that finds one searches again with its full window, as for any score
    inside the window.

    >>> just_above(0.5) > Timed(0.5, 7), just_above(Timed(1.0, 5)), just_above(math.inf)
    (True, Timed(1.0, 6), Timed(inf, 1))
    """
    tempo = score.tempo if score.__class__ is Timed else 0
    if tempo or score == math.inf:  # no float above: a tempo above
        return with_tempo(float(score), tempo + 1)
    return math.nextafter(score, math.inf)


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
        return timed(value if player == self.root_player else -value, ply)

    def leaf(self, state: Any, player: int, ply: int, over: bool) -> Score:
        """The score of ``state``, met at ``ply``, for ``player``; ``over``: the game is."""
        if self.to_move(state) == CHANCE:
            raise chance_error(state)
        root_player = self.root_player
        if over:
            value = self.utility(state, root_player)
            return timed(value if player == root_player else -value, ply)
        if self.leaf_value is not None and (known := self.known(state, player, ply)) is not None:
            return known
        value = self.evaluate(state, root_player)
        # a quick test first: NaN, infinities and ints beyond a float fail it (and are checked)
        if value.__class__ not in _NUMBERS or not _SMALLEST <= value <= _LARGEST:
            value = checked_evaluation(self.evaluate, state, root_player)
        return value if player == root_player else -value
