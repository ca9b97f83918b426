"""Making moves as every search and player makes them: a legal move by the fastest way the
game has, a chance outcome by its probability."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gametheory.core import Game, GameError, Successor

__all__ = ["successor_of", "sample_outcome"]


def successor_of(game: Game[Any, Any]) -> Callable[[Any, Any], tuple[Any, bool]]:
    """``make(state, move) -> (position after move, whether the game is over there)``: the
    game's :class:`~gametheory.core.Successor` method if it has one, else ``result`` then ``is_terminal``.

    The one way every search that makes only legal moves makes them.

    >>> from gametheory.games.nim import Nim
    >>> make = successor_of(Nim(3))
    >>> make(Nim(3).initial_state(), 3)[1]
    True
    """
    if isinstance(game, Successor):
        return game.successor

    def make(state: Any, move: Any) -> tuple[Any, bool]:
        child = game.result(state, move)
        return child, game.is_terminal(child)

    return make


def sample_outcome(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """One outcome of the chance position ``state``, drawn with its probability.

    The one place where the package rolls the dice (players, playouts, tournaments and
    widgets all call it), so that a seeded ``rng`` replays the same game everywhere.

    >>> from gametheory.games.dice import ROLL, DiceRace
    >>> game = DiceRace()
    >>> rolling = game.result(game.initial_state(), ROLL)
    >>> sample_outcome(game, rolling, random.Random(1)) in (0, 2, 5)
    True
    """
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise GameError(f"{state!r} is not a chance position: it has no outcomes to draw")
    moves = [outcome for outcome, _ in outcomes]
    return rng.choices(moves, weights=[p for _, p in outcomes])[0]
