"""Negamax: minimax written once, because my best is the negative of your best."""

from __future__ import annotations

from typing import Any

from gametheory.core import Evaluation, Game
from gametheory.search.context import Order, Search
from gametheory.search.paths import Path
from gametheory.search.result import SearchResult
from gametheory.search.trace import Algorithm

__all__ = ["NEGAMAX", "negamax"]


def negamax(
    game: Game[Any, Any],
    state: Any = None,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    *,
    trace: bool = False,
    order: Order | None = None,
) -> SearchResult:
    """Minimax in one line of recursion: ``value(s) = max over moves of −value(child)``.

    Every value is from the point of view of the player to move *at that node*, so a leaf
    is scored for the player to move there: the evaluation function must be symmetric,
    ``evaluate(s, 0) == -evaluate(s, 1)``, as every zero-sum evaluation is. The result
    equals :func:`~gametheory.search.minimax.minimax`'s.

    Parameters are those of :func:`~gametheory.search.minimax.minimax`.

    Examples
    --------
    >>> from gametheory import tree
    >>> result = negamax(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.value, result.move
    (3.0, 0)
    """
    with Search(NEGAMAX, game, state, depth, evaluate, trace=trace, order=order) as s:

        def value(state: Any, path: Path, depth: float) -> float:
            s.enter(state, path)
            if s.stops_at(state, depth):
                return s.leaf(state, path)  # for the player to move here
            best = -float("inf")
            for i, move in s.moves(state, path):
                best = max(best, -value(game.result(state, move), path + (i,), depth - 1))
                s.backup(path, i, best)
            return s.exit(path, best)

        return s.result(value(s.root, s.root_path, s.depth))


NEGAMAX = Algorithm("negamax", "negamax", negamax=True)
