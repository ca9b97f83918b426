"""gametheory: learn how computers reason about games.

>>> from gametheory import tree, alphabeta
>>> alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
3.0
"""

from gametheory.andor import (
    DRAW,
    LOSS,
    WIN,
    AndOrGraph,
    GraphTooLargeError,
    is_non_losing_strategy,
    is_winning_strategy,
    label,
    non_losing_strategy,
    solve,
    winning_strategy,
)
from gametheory.core import (
    CHANCE,
    Evaluation,
    Game,
    GameError,
    IllegalMoveError,
    UnsupportedGameError,
)
from gametheory.evaluation import LinearEvaluator
from gametheory.games import (
    Abapa,
    AbapaRules,
    Checkers,
    CheckersRules,
    DiceRace,
    Gomoku,
    Nim,
    TicTacToe,
)
from gametheory.games.tictactoe import tictactoe_symmetry
from gametheory.players import (
    GreedyPlayer,
    HumanPlayer,
    MCTSPlayer,
    RandomPlayer,
    SearchPlayer,
    play,
)
from gametheory.practice import Drill, Feedback, Step
from gametheory.search import (
    SearchResult,
    SearchStats,
    Trace,
    alphabeta,
    alphabeta_negamax,
    expectiminimax,
    iterative_deepening,
    mcts,
    minimax,
    negamax,
)
from gametheory.theory.cooperative import CoalitionalGame, glove_game, majority_game
from gametheory.theory.extensive_form import ExtensiveFormGame, backward_induction, ultimatum_game
from gametheory.theory.normal_form import (
    NormalFormGame,
    battle_of_the_sexes,
    chicken,
    matching_pennies,
    prisoners_dilemma,
    rock_paper_scissors,
    stag_hunt,
)
from gametheory.tournament import TournamentResult, play_match, round_robin
from gametheory.trees import Chance, GameTree, expand, perft, random_tree, tree

__version__ = "0.1.0"

__all__ = [
    "Abapa",
    "AbapaRules",
    "alphabeta",
    "alphabeta_negamax",
    "AndOrGraph",
    "backward_induction",
    "battle_of_the_sexes",
    "Chance",
    "CHANCE",
    "Checkers",
    "CheckersRules",
    "chicken",
    "CoalitionalGame",
    "DiceRace",
    "Drill",
    "DRAW",
    "Evaluation",
    "expand",
    "expectiminimax",
    "ExtensiveFormGame",
    "Game",
    "GameError",
    "GameTree",
    "glove_game",
    "Feedback",
    "Gomoku",
    "GraphTooLargeError",
    "GreedyPlayer",
    "HumanPlayer",
    "IllegalMoveError",
    "is_non_losing_strategy",
    "is_winning_strategy",
    "iterative_deepening",
    "label",
    "LinearEvaluator",
    "LOSS",
    "majority_game",
    "mcts",
    "MCTSPlayer",
    "matching_pennies",
    "minimax",
    "negamax",
    "Nim",
    "non_losing_strategy",
    "NormalFormGame",
    "perft",
    "play",
    "play_match",
    "prisoners_dilemma",
    "random_tree",
    "RandomPlayer",
    "rock_paper_scissors",
    "round_robin",
    "SearchPlayer",
    "SearchResult",
    "SearchStats",
    "solve",
    "stag_hunt",
    "Step",
    "TicTacToe",
    "tictactoe_symmetry",
    "TournamentResult",
    "Trace",
    "tree",
    "ultimatum_game",
    "UnsupportedGameError",
    "WIN",
    "winning_strategy",
    "__version__",
]
