"""The vocabulary every game and every algorithm shares.

A *game* is any object with the seven methods of :class:`Game`. Nothing has to inherit
from it: the protocol is checked by type checkers, not at run time.

Players are small integers: ``0`` is the first player (called A, and MAX at the root of a
search), ``1`` the second (B), and :data:`CHANCE` (``-1``) marks positions where dice or cards
decide the next move.

>>> from gametheory.core import A, B, CHANCE, other, player_name
>>> other(A), player_name(B), player_name(CHANCE)
(1, 'B', 'chance')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from numbers import Integral, Real
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

__all__ = [
    "A",
    "B",
    "CHANCE",
    "PLAYERS",
    "Player",
    "Game",
    "Evaluation",
    "GameError",
    "IllegalMoveError",
    "UnsupportedGameError",
    "other",
    "player_name",
    "check_player",
    "checked_evaluation",
    "whole_number",
    "ChecksStates",
    "checked_state",
    "foreign_state",
]

Player: TypeAlias = int
"""A player id: ``0`` (A), ``1`` (B) or :data:`CHANCE` (``-1``)."""

A: Player = 0
B: Player = 1
CHANCE: Player = -1
PLAYERS: tuple[Player, Player] = (A, B)

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


class GameError(ValueError):
    """Something about a game, a position or a request for it is wrong.

    The message always names the offending input and says what to do instead.
    """


class IllegalMoveError(GameError):
    """A move that the rules do not allow in this position.

    ``reason``, where the game gives one, says why in a few words for a player ("house 3 is
    empty"); the message itself names the move and the position as well.
    """

    reason: str | None = None


class UnsupportedGameError(GameError):
    """An algorithm was given a game it cannot handle (e.g. chance nodes to minimax)."""


class Game(Protocol[S, M]):
    """The rules of a game, as the algorithms see them.

    States are immutable and hashable; moves are small values (ints or tuples).
    ``legal_moves`` lists moves in a fixed, documented order (searches break ties in
    favour of the first), and is empty exactly when ``is_terminal`` is true. At a
    :data:`CHANCE` state ``legal_moves`` lists the outcomes and ``chance_outcomes`` pairs
    each with its probability.
    """

    def initial_state(self) -> S:
        """The position the game starts from."""
        ...

    def to_move(self, state: S) -> Player:
        """Whose turn it is: 0, 1 or CHANCE."""
        ...

    def legal_moves(self, state: S) -> Sequence[M]:
        """The moves allowed in ``state``, in the game's fixed order."""
        ...

    def result(self, state: S, move: M) -> S:
        """The position after ``move``; never mutates ``state``.

        Raises :class:`IllegalMoveError` for a move the rules do not allow.
        """
        ...

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        ...

    def utility(self, state: S, player: Player) -> float:
        """The payoff of a finished game for ``player``."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, float]]:
        """For a CHANCE state: each outcome with its probability (they sum to 1)."""
        ...


@runtime_checkable
class ChecksStates(Protocol):
    """What a game may add so that a position of another game is caught where it comes in.

    ``check_state(state)`` raises :class:`GameError` unless ``state`` is a position of this
    game (of its rules and board size), saying what is wrong. Every game of the package has
    it; :func:`checked_state` calls it at the entry points (the searches, the players,
    ``expand``, ``perft``, AND/OR graphs), once per call, not at every move.
    """

    def check_state(self, state: Any) -> None:
        """Raise :class:`GameError` unless ``state`` is a position of this game."""
        ...


def checked_state(game: Game[Any, Any], state: Any) -> Any:
    """``game.initial_state()`` if ``state`` is None, else ``state`` checked to be the game's
    own (by the game's ``check_state``, if it has one).

    >>> from gametheory.games.nim import Nim
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> checked_state(Nim(3), None)
    NimState(matches=3, to_move=0)
    >>> checked_state(Nim(3), TicTacToe().initial_state())
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: TicTacToeState(board=(-1, -1, -1, -1, -1, -1, -1, -1, -1), to_move=0) is not a position of Nim(3, max_take=3): expected a NimState (from initial_state, result or state())
    """
    if state is None:
        return game.initial_state()
    if isinstance(game, ChecksStates):
        game.check_state(state)
    return state


def foreign_state(game: object, state: object, reason: str) -> GameError:
    """The error for a ``state`` that is not a position of ``game``."""
    shown = repr(state)
    if len(shown) > 200:
        shown = shown[:200] + "…"
    return GameError(f"{shown} is not a position of {game!r}: {reason}")


Evaluation: TypeAlias = Callable[[Any, Player], float]
"""``evaluate(state, player) -> float``: an estimate of ``utility(state, player)``
for a position that is not finished; positive is good for ``player``. It may return
``math.inf`` for a position it knows is won (``-math.inf`` for a lost one): every search
handles infinite values (a chance node that would average ``+inf`` with ``-inf`` is an
error). NaN is always an error."""


def other(player: Player) -> Player:
    """The opponent of player 0 or 1.

    >>> other(0)
    1
    """
    check_player(player)
    return 1 - player


def player_name(player: Player) -> str:
    """``'A'``, ``'B'`` or ``'chance'``.

    >>> player_name(0)
    'A'
    """
    if player == CHANCE:
        return "chance"
    check_player(player)
    return "AB"[player]


def check_player(player: object, name: str = "player") -> Player:
    """Return ``player`` if it is 0 or 1, else raise a :class:`GameError` naming it.

    >>> check_player(1)
    1
    >>> check_player(2)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: player must be 0 (A) or 1 (B), got 2
    """
    if isinstance(player, bool) or player not in PLAYERS:
        raise GameError(f"{name} must be 0 (A) or 1 (B), got {player!r}")
    return player


def whole_number(value: object, name: str, *, minimum: int = 0, or_none: bool = False) -> int:
    """``value`` as an ``int`` if it is a whole number ``>= minimum``, else a
    :class:`GameError` naming it (``or_none``: the message says None is allowed too, for a
    caller that has already let None through).

    Python and numpy integers count; ``True``, ``2.5``, ``"2"`` and NaN do not (a depth of
    2.5 would otherwise search the whole game).

    >>> import numpy as np
    >>> whole_number(np.int64(3), "depth")
    3
    >>> whole_number(2.5, "depth")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: depth must be a whole number >= 0, got 2.5
    """
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        alternative = " or None" if or_none else ""
        raise GameError(f"{name} must be a whole number >= {minimum}{alternative}, got {value!r}")
    return int(value)


def checked_evaluation(evaluate: Evaluation, state: object, player: Player) -> float:
    """Call ``evaluate(state, player)`` and insist on a real number.

    Raises :class:`GameError` naming the state when the function returns NaN or something
    that is not a number, so a bug in a student's evaluation function is caught where it
    happens rather than as a strange move later. Infinite values are allowed (a won or
    lost position).

    >>> checked_evaluation(lambda s, p: 2, "some state", 0)
    2.0
    >>> checked_evaluation(lambda s, p: float("nan"), "some state", 0)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: evaluation function <lambda> returned nan for player 0 in state 'some state'; it must return a real number (positive = good for the player)
    """
    value = evaluate(state, player)
    name = getattr(evaluate, "__name__", repr(evaluate))
    if isinstance(value, bool) or not isinstance(value, Real) or math.isnan(value):
        raise GameError(
            f"evaluation function {name} returned {value!r} for player {player} in state "
            f"{state!r}; it must return a real number (positive = good for the player)"
        )
    return float(value)
