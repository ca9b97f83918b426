"""The matches game (one-heap Nim): take 1 to k matches, whoever takes the last one wins.

The Slovak/Czech lecture notes' first example of a game small enough to search
completely: *N* matches lie on the table; the players take turns removing 1, 2 or 3 of them.
In normal play the player who takes the last match wins; in misère play that player loses.

>>> game = Nim(7)
>>> state = game.result(game.initial_state(), 3)
>>> print(game.text(state))
||||  (4 matches, B to move)
>>> game.legal_moves(state)
(1, 2, 3)
"""

from __future__ import annotations

from typing import NamedTuple

from gametheory.checks import (
    foreign_state,
    whole_number,
)
from gametheory.core import (
    GameError,
    IllegalMoveError,
    Player,
    check_player,
    player_name,
)

__all__ = ["Nim", "NimState"]


class NimState(NamedTuple):
    """Matches left on the table and whose turn it is."""

    matches: int
    to_move: Player

    def _repr_svg_(self) -> str:
        from gametheory.draw import draw_board

        return str(draw_board(Nim(self.matches), self))


class Nim:
    """The matches game: ``n`` matches, take 1..``max_take`` per move.

    Parameters
    ----------
    n
        Matches at the start.
    max_take
        The most matches a player may take in one move (at least 1).
    misere
        False (default): taking the last match wins. True: taking it loses.

    Notes
    -----
    Moves are the number of matches taken, in increasing order. Utilities are +1 for the
    winner and −1 for the loser.

    Examples
    --------
    >>> game = Nim(2)
    >>> end = game.result(game.initial_state(), 2)   # A takes both matches
    >>> game.is_terminal(end), game.utility(end, 0), Nim(2, misere=True).utility(end, 0)
    (True, 1.0, -1.0)
    """

    def __init__(self, n: int = 13, max_take: int = 3, *, misere: bool = False) -> None:
        self.n = whole_number(n, "n (the number of matches)")
        self.max_take = whole_number(max_take, "max_take", minimum=1)
        self.misere = misere

    def __repr__(self) -> str:
        extra = ", misere=True" if self.misere else ""
        return f"Nim({self.n}, max_take={self.max_take}{extra})"

    def state(self, matches: int, to_move: Player = 0) -> NimState:
        """Any position: ``matches`` on the table, ``to_move`` (0 or 1) to play."""
        return NimState(whole_number(matches, "matches"), check_player(to_move, "to_move"))

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is a :class:`NimState`."""
        if not isinstance(state, NimState):
            raise foreign_state(
                self, state, "expected a NimState (from initial_state, result or state())"
            )
        try:
            self.state(state.matches, state.to_move)
        except GameError as error:
            raise foreign_state(self, state, str(error)) from None

    def initial_state(self) -> NimState:
        return NimState(self.n, 0)

    def to_move(self, state: NimState) -> Player:
        return state.to_move

    def legal_moves(self, state: NimState) -> tuple[int, ...]:
        return tuple(range(1, min(self.max_take, state.matches) + 1))

    def can_cycle(self) -> bool:
        """No: every move takes matches (:class:`~gametheory.core.MayCycle`)."""
        return False

    def result(self, state: NimState, move: int) -> NimState:
        if state.matches == 0:
            raise IllegalMoveError(f"take {move!r} with {state.matches} matches: the game is over")
        legal = self.legal_moves(state)
        if isinstance(move, bool) or move not in legal:
            raise IllegalMoveError(
                f"take {move!r} with {state.matches} matches left: you may take "
                f"1 to {min(self.max_take, state.matches)}"
            )
        taken = legal[legal.index(move)]  # a plain int, whatever number type was given
        return NimState(state.matches - taken, 1 - state.to_move)

    def is_terminal(self, state: NimState) -> bool:
        return state.matches == 0

    def utility(self, state: NimState, player: Player) -> float:
        if state.matches:
            raise GameError(f"utility of {state}: the game is not over")
        # the player to move did not take the last match
        winner = state.to_move if self.misere else 1 - state.to_move
        return 1.0 if player == winner else -1.0

    def chance_outcomes(self, state: NimState) -> tuple[()]:
        raise GameError("Nim has no chance moves")

    def text(self, state: NimState) -> str:
        """The matches as strokes."""
        if state.matches == 0:
            return f"(no matches left, {player_name(state.to_move)} to move: game over)"
        return f"{'|' * state.matches}  ({state.matches} matches, {player_name(state.to_move)} to move)"
