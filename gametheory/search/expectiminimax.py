"""Expectiminimax: minimax for games with dice, where chance nodes average."""

from __future__ import annotations

from typing import Any

from gametheory.core import CHANCE, Evaluation, Game
from gametheory.search.context import Order, Search
from gametheory.search.paths import Path
from gametheory.search.result import SearchResult
from gametheory.search.trace import Algorithm

__all__ = ["EXPECTIMINIMAX", "expectiminimax"]


def expectiminimax(
    game: Game[Any, Any],
    state: Any = None,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    *,
    trace: bool = False,
    order: Order | None = None,
) -> SearchResult:
    """Minimax where a chance node is worth the expected value of its outcomes.

    MAX nodes take the largest child value, MIN nodes the smallest, and a chance node the
    probability-weighted average ``Σ p · value(child)``. Without chance nodes it is
    minimax. A roll of the dice counts as a ply of ``depth``.

    Parameters are those of :func:`~gametheory.search.minimax.minimax`.

    Examples
    --------
    >>> from gametheory import tree, Chance
    >>> t = tree([Chance([(0.5, 2), (0.5, 6)]), Chance([(0.9, 3), (0.1, 9)])])
    >>> result = expectiminimax(t)
    >>> result.value, result.move
    (4.0, 0)
    """
    with Search(EXPECTIMINIMAX, game, state, depth, evaluate, trace=trace, order=order) as s:

        def value(state: Any, path: Path, depth: float) -> float:
            s.enter(state, path)
            if s.stops_at(state, depth):
                return s.leaf(state, path)
            if game.to_move(state) == CHANCE:
                expected = 0.0
                for i, outcome, p in s.outcomes(state, path):
                    expected += p * value(game.result(state, outcome), path + (i,), depth - 1)
                    s.backup(path, i, expected)
                return s.exit(path, expected)
            maximizing = s.is_max(state)
            best = -float("inf") if maximizing else float("inf")
            for i, move in s.moves(state, path):
                v = value(game.result(state, move), path + (i,), depth - 1)
                best = max(best, v) if maximizing else min(best, v)
                s.backup(path, i, best)
            return s.exit(path, best)

        return s.result(value(s.root, s.root_path, s.depth))


EXPECTIMINIMAX = Algorithm("expectiminimax", "expectiminimax", chance=True)
