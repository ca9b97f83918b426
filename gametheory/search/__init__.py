"""Searching game trees: one algorithm per module, all with the same contract.

``algo(game, state=None, depth=None, evaluate=None, *, trace=False, order=None)`` returns a
:class:`SearchResult` whose value is for the player to move at ``state``.
"""

from gametheory.search.alphabeta import alphabeta, alphabeta_negamax
from gametheory.search.engine import Iteration, MoveOrdering, Successor, iterative_deepening
from gametheory.search.expectiminimax import expectiminimax
from gametheory.search.mcts import mcts
from gametheory.search.mcts_trace import MCTSSnapshot, MCTSTrace
from gametheory.search.minimax import minimax
from gametheory.search.negamax import negamax
from gametheory.search.result import ChildStats, SearchResult, SearchStats
from gametheory.search.trace import Snapshot, Status, Trace

ALGORITHMS = {
    "minimax": minimax,
    "negamax": negamax,
    "alphabeta": alphabeta,
    "alphabeta_negamax": alphabeta_negamax,
    "expectiminimax": expectiminimax,
}
"""The textbook searches by name (the engine, :func:`iterative_deepening`, and Monte Carlo
tree search, :func:`mcts`, are separate: they take other arguments)."""

__all__ = [
    "ALGORITHMS",
    "ChildStats",
    "MCTSSnapshot",
    "MCTSTrace",
    "Iteration",
    "Successor",
    "MoveOrdering",
    "iterative_deepening",
    "SearchResult",
    "SearchStats",
    "Snapshot",
    "Status",
    "Trace",
    "alphabeta",
    "alphabeta_negamax",
    "expectiminimax",
    "mcts",
    "minimax",
    "negamax",
]
