"""gametheory: learn how computers reason about games.

The thirty names here are the course's vocabulary; everything else lives in its module
(``gametheory.search``, ``gametheory.andor``, ``gametheory.players``, …, see ARCHITECTURE.md).
``import gametheory`` loads the kernel and the practice layer, no picture and no widget.

>>> from gametheory import tree, alphabeta
>>> alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
3.0
"""

from gametheory.andor import AndOrGraph, label, solve, winning_strategy
from gametheory.core import CHANCE, GameError, IllegalMoveError
from gametheory.games import Abapa, Checkers, DiceRace, Gomoku, Nim, TicTacToe
from gametheory.practice import Drill, grade
from gametheory.search import (
    alphabeta,
    alphabeta_negamax,
    expectiminimax,
    iterative_deepening,
    mcts,
    minimax,
    negamax,
)
from gametheory.trees import Chance, expand, perft, random_tree, tree

__version__ = "0.1.0"

# the game theory's classes are imported when first named: they take half as long again as
# the rest of the package to import, and most lessons never name them
_THEORY = {
    "NormalFormGame": "gametheory.theory.normal_form",
    "ExtensiveFormGame": "gametheory.theory.extensive_form",
    "CoalitionalGame": "gametheory.theory.cooperative",
}


def __getattr__(name: str) -> object:
    if name in _THEORY:
        import importlib

        return getattr(importlib.import_module(_THEORY[name]), name)
    raise AttributeError(f"module 'gametheory' has no attribute {name!r}")


__all__ = [
    # the game protocol's errors and the chance marker
    "GameError",
    "IllegalMoveError",
    "CHANCE",
    # explicit trees
    "tree",
    "Chance",
    "random_tree",
    "expand",
    "perft",
    # the searches
    "minimax",
    "negamax",
    "alphabeta",
    "alphabeta_negamax",
    "expectiminimax",
    "iterative_deepening",
    "mcts",
    # AND/OR graphs and winning strategies
    "AndOrGraph",
    "label",
    "winning_strategy",
    "solve",
    # game theory
    "NormalFormGame",
    "ExtensiveFormGame",
    "CoalitionalGame",
    # the games
    "Nim",
    "TicTacToe",
    "DiceRace",
    "Abapa",
    "Checkers",
    "Gomoku",
    # practice: drills by hand, and the grader of one's own code
    "Drill",
    "grade",
]
