"""The catalogue's mistakes in a search, each as the reference search with the one step it
gets wrong: :data:`WAYS`, the one registry. A mistake made in two ways has two entries under
one name of :data:`~gametheory.practice.grader.catalogue.BUGS`."""

from __future__ import annotations

import math
from collections.abc import Callable

from gametheory.practice.grader.reference import Reference, Window
from gametheory.practice.grader.watched import inf
from gametheory.trees import Node

WAYS: list[type[Reference]] = []
"""Every way of making a catalogued mistake, in the order they are tried when naming one."""

_MINIMAX_FORM = ("minimax", "alphabeta", "expectiminimax")
_ALL = ("minimax", "negamax", "alphabeta", "alphabeta_negamax", "expectiminimax")


def way(mistake: str, *kinds: str) -> Callable[[type[Reference]], type[Reference]]:
    """Register the class below as a way of making ``mistake`` in the searches ``kinds``.

    >>> WrongNode.mistake, WrongNode.kinds
    ('wrong-node', ('alphabeta', 'alphabeta_negamax'))
    """

    def register(cls: type[Reference]) -> type[Reference]:
        cls.mistake, cls.kinds = mistake, kinds
        WAYS.append(cls)
        return cls

    return register


@way("alternation", "minimax", "alphabeta")
class ByDepth(Reference):
    level = 2  # the players alternate in the trees of level 1

    def maximizing(self, node: Node) -> bool:
        return node.depth % 2 == 0  # MAX on even plies, whoever moves


@way("best-zero", *_ALL[:4])
class BestZero(Reference):
    def first_best(self, maximizing: bool) -> float:
        return 0.0


# In negamax form every node is MAX for its mover, and MIN raising α is MAX lowering β seen
# from the other side of (−β, −α): both directions are the one step β = min(β, value).
@way("wrong-node", "alphabeta", "alphabeta_negamax")
class WrongNode(Reference):
    def bounds(self, up: bool, alpha: float, beta: float, best: float, value: float) -> Window:
        return (alpha, min(beta, value)) if up else (max(alpha, value), beta)  # MAX lowers β


@way("wrong-node", "alphabeta", "alphabeta_negamax")
class WrongNodeBest(Reference):
    def bounds(self, up: bool, alpha: float, beta: float, best: float, value: float) -> Window:
        return (alpha, min(beta, best)) if up else (max(alpha, best), beta)


@way("swapped", "alphabeta")
class MaxRaisesBeta(Reference):
    def bounds(self, up: bool, alpha: float, beta: float, best: float, value: float) -> Window:
        return (alpha, max(beta, best)) if up else (alpha, min(beta, best))


@way("swapped", "alphabeta")
class MinLowersAlpha(Reference):
    def bounds(self, up: bool, alpha: float, beta: float, best: float, value: float) -> Window:
        return (max(alpha, best), beta) if up else (min(alpha, best), beta)


@way("swapped", "alphabeta")
class BetaAlphaPassed(Reference):
    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        return beta, alpha


@way("cut-before-update", "alphabeta", "alphabeta_negamax")
class CutBeforeUpdate(Reference):
    def cuts_first(self, value: float, alpha: float, beta: float, maximizing: bool) -> bool:
        return value >= beta if maximizing else value <= alpha


@way("returns-swapped", "alphabeta", "alphabeta_negamax")
class ReturnsSwapped(Reference):
    def returned(
        self, maximizing: bool, best: float, alpha: float, beta: float, cut: bool
    ) -> float:
        return beta if maximizing else alpha


@way("cut-test-turned", "alphabeta", "alphabeta_negamax")
class CutTestTurned(Reference):
    def cuts(self, alpha: float, beta: float) -> bool:
        return alpha <= beta


@way("strict", "alphabeta", "alphabeta_negamax")
class Strict(Reference):
    def cuts(self, alpha: float, beta: float) -> bool:
        return alpha > beta


@way("not-passed-down", "alphabeta", "alphabeta_negamax")
class OwnBoundOnly(Reference):
    leaf_level = 2  # a deep cutoff needs four plies

    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        if self.negamax:
            return -inf, -alpha
        return (alpha, inf) if maximizing else (-inf, beta)


@way("full-window", "alphabeta", "alphabeta_negamax")
class FullWindow(Reference):
    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        return -inf, inf


@way("full-window", "alphabeta", "alphabeta_negamax")
class OriginalWindow(Reference):
    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        return super().child_window(*start, maximizing, start)


@way("sign-value", "negamax", "alphabeta_negamax")
class SignForgotten(Reference):
    def counted(self, value: float) -> float:
        return value


@way("sign-window", "alphabeta_negamax")
class WindowUnnegated(Reference):
    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        return beta, alpha


@way("sign-window", "alphabeta_negamax")
class WindowKept(Reference):
    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        return alpha, beta


@way("window-not-swapped", "alphabeta_negamax")
class WindowNegatedOnly(Reference):
    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        return -alpha, -beta


@way("max-min-swapped", *_MINIMAX_FORM)
class MaxMinSwapped(Reference):
    def maximizing(self, node: Node) -> bool:
        return node.player != 0


@way("max-everywhere", "minimax", "expectiminimax")
class MaxEverywhere(Reference):
    def maximizing(self, node: Node) -> bool:
        return True


@way("terminal-player", *_ALL)
class LeafForWrongPlayer(Reference):
    def leaf_player(self, leaf: Node) -> int:
        return 0 if self.negamax else leaf.player


@way("no-probabilities", "expectiminimax")
class PlainMean(Reference):
    def expected(self, probabilities: tuple[float, ...], values: list[float]) -> float:
        return sum(values) / len(values)


@way("weighted-twice", "expectiminimax")
class WeightedTwice(Reference):
    def expected(self, probabilities: tuple[float, ...], values: list[float]) -> float:
        return super().expected(probabilities, values) / len(values)


@way("depth-late", *_ALL)
class DepthLate(Reference):
    limited = True

    def at_limit(self, depth: int | None) -> bool:
        return depth == -1


UCB_WAYS: dict[str, Callable[[float, int, int, float], float]] = {
    "ucb-log-child": lambda q, n, big_n, c: inf if n == 0 else q + c * math.sqrt(math.log(n) / n),
    "ucb-no-sqrt": lambda q, n, big_n, c: inf if n == 0 else q + c * math.log(big_n) / n,
    "ucb-mean-divided": lambda q, n, big_n, c: (
        inf if n == 0 else q / n + c * math.sqrt(math.log(big_n) / n)
    ),
}
"""UCB1 written wrong, by the catalogue's name: ``(child_mean, child_visits, parent_visits,
c)`` to the score."""


BACKUP_WAYS: dict[str, Callable[[int, int], float]] = {
    "backup-no-flip": lambda player, k: 1.0,
    "backup-flip-by-level": lambda player, k: (1.0 if player == 0 else -1.0) * (-1) ** k,
}
"""An MCTS backup written wrong, by the catalogue's name: what it adds, for a playout won by
player 0 that ended below a node of ``player``, to the total ``k`` levels above that node."""


def ways(kind: str, limited: bool = True, level: int = 3) -> list[type[Reference]]:
    """The ways of making a mistake in the search ``kind`` that can show (with or without a
    depth limit, on the trees of ``level``).

    >>> sorted({w.mistake for w in ways("negamax", limited=False)})
    ['best-zero', 'sign-value', 'terminal-player']
    """
    return [w for w in WAYS if kind in w.kinds and (limited or not w.limited) and w.level <= level]
