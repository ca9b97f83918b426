"""The checks of what comes in: numbers, positions, evaluations and move orderings.

Every entry point of the package checks its arguments with these, so that a wrong one is a
:class:`~gametheory.core.GameError` naming it where it comes in, not a strange result later.
Games may import this module (besides :mod:`gametheory.core`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from numbers import Integral, Real
from typing import Any

from gametheory.core import ChecksStates, Evaluation, Game, GameError, Player

__all__ = [
    "whole_number",
    "checked_evaluation",
    "checked_state",
    "foreign_state",
    "checked_order",
]


def whole_number(value: object, name: str, *, minimum: int = 0, or_none: bool = False) -> int:
    """``value`` as an ``int`` if it is a whole number ``>= minimum``, else a
    :class:`~gametheory.core.GameError` naming it (``or_none``: the message says None is allowed too, for a
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

    Raises :class:`~gametheory.core.GameError` naming the state when the function returns NaN or something
    that is not a number, so a bug in a student's evaluation function is caught where it
    happens rather than as a strange move later. Infinite values are allowed (a won or
    lost position).

    >>> checked_evaluation(lambda s, p: 2, "some state", 0)
    2.0
    >>> checked_evaluation(lambda s, p: float("nan"), "some state", 0)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: evaluation function <lambda> returned nan for player 0 in state 'some state'; it must return a real number (positive = good for the player)
    >>> checked_evaluation(lambda s, p: 10**400, "some state", 0)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: evaluation function <lambda> returned a number too large for a float (about 10**400) for player 0 in state 'some state'; return at most about 1e308, or float('inf') for a won position
    """
    value = evaluate(state, player)
    name = getattr(evaluate, "__name__", repr(evaluate))
    number = math.nan
    if not isinstance(value, bool) and isinstance(value, Real):
        try:
            number = float(value)
        except OverflowError:  # an int such as 10**400: no float holds it
            raise GameError(
                f"evaluation function {name} returned a number too large for a float "
                f"(about 10**{int(abs(int(value)).bit_length() * math.log10(2))}) for player {player} in state "
                f"{state!r}; return at most about 1e308, or float('inf') for a won position"
            ) from None
    if math.isnan(number):
        raise GameError(
            f"evaluation function {name} returned {value!r} for player {player} in state "
            f"{state!r}; it must return a real number (positive = good for the player)"
        )
    return number


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


def checked_order(
    order: Callable[[Any, Sequence[Any]], Sequence[Any]],
    state: Any,
    moves: Sequence[Any],
) -> list[Any]:
    """``order(state, moves)``, checked to return the same moves (by ``==``), each once.

    The one check every search makes of a move ordering (an ``order=`` function or a game's
    :class:`~gametheory.core.MoveOrdering`), so that an ordering that loses, adds or repeats a move is an
    error instead of a silently wrong value.

    >>> checked_order(lambda s, ms: ms[::-1], None, [1, 2, 3])
    [3, 2, 1]
    >>> checked_order(lambda s, ms: [1, 1, 1], "the position", [1, 2, 3])
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: the move ordering <lambda> returned [1, 1, 1] for the moves [1, 2, 3] of 'the position': it must return the same moves, each once, only in another order
    """
    ordered = list(order(state, moves))
    if ordered is not moves and not _same_moves(ordered, moves):
        name = getattr(order, "__qualname__", repr(order))
        raise GameError(
            f"the move ordering {name} returned {ordered!r} for the moves {list(moves)!r} of "
            f"{state!r}: it must return the same moves, each once, only in another order"
        )
    return ordered


def _same_moves(ordered: Sequence[Any], moves: Sequence[Any]) -> bool:
    """Whether ``ordered`` is a permutation of ``moves``, comparing moves with ``==``."""
    if len(ordered) != len(moves):
        return False
    try:
        distinct = set(moves)
        if len(distinct) == len(moves):  # no move twice, the usual case: the sets decide
            return set(ordered) == distinct
        return Counter(ordered) == Counter(moves)
    except TypeError:  # unhashable moves: compare one by one
        rest = list(moves)
        for move in ordered:
            if move not in rest:
                return False
            rest.remove(move)
        return True
