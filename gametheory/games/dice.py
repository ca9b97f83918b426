"""Dice race: a small game with dice, for expectiminimax.

Rules
-----
Two tokens start at square 0 of a track; the first to reach ``goal`` (default 10) wins.
Each player has ``turns`` turns (default 3), and players alternate, A first. On your turn
you either

* ``WALK``: advance ``walk`` squares (default 2) for sure, or
* ``ROLL``: roll a die whose faces are ``faces`` (default 0, 2, 5, each equally likely) and
  advance that many squares.

If neither player has reached the goal when all turns are used, the one further along the
track wins; level tokens are a draw. Utilities are +1 / −1 / 0.

Rolling moves 2⅓ squares on average against walking's 2, but may move nothing. The rule of
thumb says: gamble when behind, walk when ahead. Expectiminimax shows where it holds and where
it fails: with one turn each left, A on square 6 and B on 4, rolling is worth 4/9 to A and
walking only 1/3 (chapter 09 works it out).

A position where the die is about to be rolled belongs to CHANCE; its moves are the die's
faces.

>>> game = DiceRace()
>>> state = game.result(game.initial_state(), ROLL)
>>> game.to_move(state), game.chance_outcomes(state)
(-1, ((0, 0.3333333333333333), (2, 0.3333333333333333), (5, 0.3333333333333333)))
>>> print(game.text(game.result(state, 5)))
A: 5/10  B: 0/10  (turns left: A 2, B 3; B to move)

Two ahead on the last turns, A rolls:

>>> from gametheory.search import expectiminimax
>>> two_ahead = DiceRaceState((6, 4), (1, 1), 0)
>>> expectiminimax(game, two_ahead).move == ROLL
True
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import NamedTuple

from gametheory.checks import foreign_state
from gametheory.core import CHANCE, GameError, IllegalMoveError, Player, player_name

__all__ = ["DiceRace", "DiceRaceState", "WALK", "ROLL", "Action"]


class Action(IntEnum):
    """The two decisions of a turn."""

    WALK = 0
    ROLL = 1


WALK = Action.WALK
ROLL = Action.ROLL


class DiceRaceState(NamedTuple):
    """Token positions, turns left for each player, and the player whose turn it is.

    ``rolling`` is True while that player's die is in the air (a CHANCE position).
    """

    positions: tuple[int, int]
    turns_left: tuple[int, int]
    player: Player
    rolling: bool = False


class DiceRace:
    """The dice race described in this module's docstring.

    >>> game = DiceRace(goal=4, turns=1)
    >>> state = game.result(game.result(game.initial_state(), WALK), ROLL)
    >>> game.to_move(state), [game.text(game.result(state, face)) for face in (0, 5)]
    (-1, ['A: 2/4  B: 0/4  (turns left: A 0, B 0; game over, A wins)', 'A: 2/4  B: 5/4  (turns left: A 0, B 0; game over, B wins)'])
    """

    def __init__(
        self, goal: int = 10, turns: int = 3, walk: int = 2, faces: Sequence[int] = (0, 2, 5)
    ) -> None:
        if goal < 1 or turns < 1 or walk < 0:
            raise GameError(
                f"goal and turns must be >= 1 and walk >= 0, got goal={goal}, turns={turns}, "
                f"walk={walk}"
            )
        if not faces or any(f < 0 for f in faces) or len(set(faces)) != len(faces):
            raise GameError(f"faces must be distinct numbers >= 0, got {tuple(faces)!r}")
        self.goal, self.turns, self.walk = goal, turns, walk
        self.faces = tuple(sorted(faces))

    def __repr__(self) -> str:
        return (
            f"DiceRace(goal={self.goal}, turns={self.turns}, walk={self.walk}, faces={self.faces})"
        )

    def initial_state(self) -> DiceRaceState:
        return DiceRaceState((0, 0), (self.turns, self.turns), 0)

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is a position of this race: a
        :class:`DiceRaceState` with two positions >= 0, turns left within ``turns``, a player
        0 or 1 and a flag for a die in the air."""
        if not isinstance(state, DiceRaceState):
            raise foreign_state(
                self, state, "expected a DiceRaceState (from initial_state or result)"
            )
        if not _counts(state.positions, most=None):
            raise foreign_state(self, state, "positions must be two whole numbers >= 0")
        if not _counts(state.turns_left, most=self.turns):
            raise foreign_state(self, state, f"turns_left must be two numbers 0..{self.turns}")
        if state.player not in (0, 1) or isinstance(state.player, bool):
            raise foreign_state(self, state, "player must be 0 or 1")
        if not isinstance(state.rolling, bool):
            raise foreign_state(self, state, "rolling must be True or False")

    def to_move(self, state: DiceRaceState) -> Player:
        return CHANCE if state.rolling else state.player

    def is_terminal(self, state: DiceRaceState) -> bool:
        return max(state.positions) >= self.goal or state.turns_left == (0, 0)

    def legal_moves(self, state: DiceRaceState) -> tuple[int, ...]:
        if self.is_terminal(state):
            return ()
        if state.rolling:
            return self.faces
        return (WALK, ROLL)

    def chance_outcomes(self, state: DiceRaceState) -> tuple[tuple[int, float], ...]:
        if not state.rolling:
            raise GameError(f"{state}: no die is being rolled here")
        p = 1 / len(self.faces)
        return tuple((face, p) for face in self.faces)

    def result(self, state: DiceRaceState, move: int) -> DiceRaceState:
        if self.is_terminal(state):
            raise IllegalMoveError(f"move {move!r} in {self.text(state)}: the game is over")
        legal = self.legal_moves(state)
        if isinstance(move, bool) or move not in legal:
            what = "a die face" if state.rolling else "WALK (0) or ROLL (1)"
            raise IllegalMoveError(f"move {move!r} in {self.text(state)}: expected {what}")
        move = legal[legal.index(move)]  # the game's own value, whatever number type was given
        if not state.rolling and move == ROLL:
            return state._replace(rolling=True)
        steps = move if state.rolling else self.walk
        me = state.player
        positions = list(state.positions)
        positions[me] += steps
        turns = list(state.turns_left)
        turns[me] -= 1
        return DiceRaceState(
            (positions[0], positions[1]), (turns[0], turns[1]), 1 - me, rolling=False
        )

    def utility(self, state: DiceRaceState, player: Player) -> float:
        if not self.is_terminal(state):
            raise GameError(f"utility of {state}: the game is not over")
        mine, theirs = state.positions[player], state.positions[1 - player]
        return float((mine > theirs) - (mine < theirs))

    def text(self, state: DiceRaceState) -> str:
        """Both tokens, the turns left, and what happens next."""
        a, b = state.positions
        ta, tb = state.turns_left
        if self.is_terminal(state):
            outcome = "draw" if a == b else f"{'A' if a > b else 'B'} wins"
            nxt = f"game over, {outcome}"
        elif state.rolling:
            nxt = f"{player_name(state.player)} is rolling"
        else:
            nxt = f"{player_name(state.player)} to move"
        return f"A: {a}/{self.goal}  B: {b}/{self.goal}  (turns left: A {ta}, B {tb}; {nxt})"


def _counts(pair: object, most: int | None) -> bool:
    """Whether ``pair`` is two whole numbers from 0 to ``most`` (None: no limit)."""
    if not isinstance(pair, tuple) or len(pair) != 2:
        return False
    return all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 and (most is None or x <= most)
        for x in pair
    )
