"""Minimax: MAX takes the largest value among the moves, MIN the smallest."""

from __future__ import annotations

from typing import Any

from gametheory.core import Evaluation, Game
from gametheory.search.context import Order, Search
from gametheory.search.paths import Path
from gametheory.search.result import SearchResult
from gametheory.search.trace import Algorithm

__all__ = ["MINIMAX", "minimax"]


def minimax(
    game: Game[Any, Any],
    state: Any = None,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    *,
    trace: bool = False,
    order: Order | None = None,
) -> SearchResult:
    """The minimax value of ``state`` for the player to move there (MAX).

    A leaf is worth its utility, or, at the depth limit, its evaluation — both for MAX.
    MAX's node is worth the largest of its children's values, MIN's node the smallest.
    Every node of the tree is visited.

    Parameters
    ----------
    game, state
        The game and the position to search (its initial position by default).
    depth
        Plies to look ahead; None searches to the end of the game.
    evaluate
        ``evaluate(state, player) -> float``, needed with a depth limit.
    trace
        Record every step, for pictures and the step-by-step explorer.
    order
        ``order(state, moves) -> moves``: the order to search moves in (the value does not
        change, only which of several equal moves comes first).

    Examples
    --------
    >>> from gametheory import tree
    >>> result = minimax(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.value, result.move, result.stats.nodes
    (3.0, 0, 13)
    """
    with Search(MINIMAX, game, state, depth, evaluate, trace=trace, order=order) as s:

        def value(state: Any, path: Path, depth: float) -> float:
            s.enter(state, path)
            if s.stops_at(state, depth):
                return s.leaf(state, path)
            if s.is_max(state):
                best = -float("inf")
                for i, move in s.moves(state, path):
                    best = max(best, value(game.result(state, move), path + (i,), depth - 1))
                    s.backup(path, i, best)
            else:
                best = float("inf")
                for i, move in s.moves(state, path):
                    best = min(best, value(game.result(state, move), path + (i,), depth - 1))
                    s.backup(path, i, best)
            return s.exit(path, best)

        return s.result(value(s.root, s.root_path, s.depth))


MINIMAX = Algorithm("minimax", "minimax")
