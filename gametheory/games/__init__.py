"""The rules of the games: each module implements the :class:`~gametheory.core.Game` protocol."""

from gametheory.games.abapa import Abapa, AbapaRecord, AbapaRules, AbapaState
from gametheory.games.checkers import Checkers, CheckersRules, CheckersState
from gametheory.games.dice import DiceRace
from gametheory.games.gomoku import Gomoku, GomokuState
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe

__all__ = [
    "Abapa",
    "AbapaRecord",
    "AbapaRules",
    "AbapaState",
    "Checkers",
    "CheckersRules",
    "CheckersState",
    "DiceRace",
    "Gomoku",
    "GomokuState",
    "Nim",
    "TicTacToe",
]
