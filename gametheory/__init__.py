"""gametheory: learn how computers reason about games.

>>> from gametheory import tree, alphabeta
>>> alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
3.0
"""

from gametheory.cooperative import CoalitionalGame, glove_game, majority_game
from gametheory.core import (
    CHANCE,
    Evaluation,
    Game,
    GameError,
    IllegalMoveError,
    UnsupportedGameError,
)
from gametheory.extensive_form import ExtensiveFormGame, backward_induction, ultimatum_game
from gametheory.games import DiceRace, Nim, TicTacToe
from gametheory.normal_form import (
    NormalFormGame,
    battle_of_the_sexes,
    chicken,
    matching_pennies,
    prisoners_dilemma,
    rock_paper_scissors,
    stag_hunt,
)
from gametheory.search import (
    SearchResult,
    SearchStats,
    Trace,
    alphabeta,
    alphabeta_negamax,
    expectiminimax,
    minimax,
    negamax,
)
from gametheory.trees import Chance, GameTree, expand, perft, random_tree, tree

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Chance",
    "CoalitionalGame",
    "ExtensiveFormGame",
    "NormalFormGame",
    "backward_induction",
    "battle_of_the_sexes",
    "chicken",
    "glove_game",
    "majority_game",
    "matching_pennies",
    "prisoners_dilemma",
    "rock_paper_scissors",
    "stag_hunt",
    "ultimatum_game",
    "DiceRace",
    "Evaluation",
    "Game",
    "GameError",
    "GameTree",
    "IllegalMoveError",
    "Nim",
    "SearchResult",
    "SearchStats",
    "TicTacToe",
    "Trace",
    "UnsupportedGameError",
    "__version__",
    "alphabeta",
    "alphabeta_negamax",
    "expand",
    "expectiminimax",
    "minimax",
    "negamax",
    "perft",
    "random_tree",
    "tree",
]
