"""Alpha-beta pruning, in minimax form and in negamax form."""

from __future__ import annotations

from typing import Any

from gametheory.core import Evaluation, Game
from gametheory.search.context import Order, Search
from gametheory.search.paths import Path
from gametheory.search.result import SearchResult
from gametheory.search.trace import Algorithm

__all__ = ["ALPHABETA", "ALPHABETA_NEGAMAX", "alphabeta", "alphabeta_negamax"]

inf = float("inf")


def alphabeta(
    game: Game[Any, Any],
    state: Any = None,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    *,
    trace: bool = False,
    order: Order | None = None,
) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, fewer nodes.

    α is the value MAX is already sure of, β the value MIN is already sure of (both for
    MAX). Once a node's value can no longer fall inside the window (α, β), its other
    children cannot change the answer and are skipped: below a MIN node that is an
    *α-cutoff* (value ≤ α), below a MAX node a *β-cutoff* (value ≥ β).

    Parameters are those of :func:`~gametheory.search.minimax.minimax`.

    Examples
    --------
    >>> from gametheory import tree
    >>> result = alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.value, result.move, result.stats.nodes, result.stats.cutoffs
    (3.0, 0, 11, 1)
    """
    with Search(ALPHABETA, game, state, depth, evaluate, trace=trace, order=order) as s:

        def value(state: Any, path: Path, depth: float, alpha: float, beta: float) -> float:
            s.enter(state, path, alpha, beta)
            if s.stops_at(state, depth):
                return s.leaf(state, path)
            maximizing = s.is_max(state)
            best = -inf if maximizing else inf
            moves = s.moves(state, path)
            for n, (i, move) in enumerate(moves):
                v = value(game.result(state, move), path + (i,), depth - 1, alpha, beta)
                if maximizing:
                    best = max(best, v)
                    alpha = max(alpha, best)
                else:
                    best = min(best, v)
                    beta = min(beta, best)
                s.backup(path, i, best, alpha, beta)
                if alpha >= beta:
                    s.cutoff(path, alpha, beta, [j for j, _ in moves[n + 1 :]])
                    break
            return s.exit(path, best)

        return s.result(value(s.root, s.root_path, s.depth, -inf, inf))


def alphabeta_negamax(
    game: Game[Any, Any],
    state: Any = None,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    *,
    trace: bool = False,
    order: Order | None = None,
) -> SearchResult:
    """Alpha-beta in negamax form: one branch of code for both players.

    Values are for the player to move at each node; a child is searched with the window
    (−β, −α), the parent's window seen from the other side, and a node stops as soon as
    its value reaches β.

    Parameters are those of :func:`~gametheory.search.minimax.minimax`.

    Examples
    --------
    >>> from gametheory import tree
    >>> result = alphabeta_negamax(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.value, result.move, result.stats.nodes
    (3.0, 0, 11)
    """
    with Search(ALPHABETA_NEGAMAX, game, state, depth, evaluate, trace=trace, order=order) as s:

        def value(state: Any, path: Path, depth: float, alpha: float, beta: float) -> float:
            s.enter(state, path, alpha, beta)
            if s.stops_at(state, depth):
                return s.leaf(state, path)  # for the player to move here
            best = -inf
            moves = s.moves(state, path)
            for n, (i, move) in enumerate(moves):
                v = -value(game.result(state, move), path + (i,), depth - 1, -beta, -alpha)
                best = max(best, v)
                alpha = max(alpha, best)
                s.backup(path, i, best, alpha, beta)
                if alpha >= beta:
                    s.cutoff(path, alpha, beta, [j for j, _ in moves[n + 1 :]])
                    break
            return s.exit(path, best)

        return s.result(value(s.root, s.root_path, s.depth, -inf, inf))


ALPHABETA = Algorithm("alphabeta", "alpha-beta", windowed=True)
ALPHABETA_NEGAMAX = Algorithm(
    "alphabeta_negamax", "alpha-beta (negamax form)", negamax=True, windowed=True
)
