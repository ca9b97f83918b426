"""The rules of the games: each module implements the :class:`~gametheory.core.Game` protocol."""

from gametheory.games.dice import DiceRace
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe

__all__ = ["DiceRace", "Nim", "TicTacToe"]
