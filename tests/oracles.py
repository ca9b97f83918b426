"""Independent oracles for the practice tests: alpha-beta written again, in its other forms."""

from __future__ import annotations

import math

from gametheory.search.paths import Address
from gametheory.trees import GameTree, Node


def alphabeta_values(t: GameTree, form: str) -> dict[Address, float]:
    """The value alpha-beta (minimax form, moves left to right) returns at every inner node
    it searches, in one of its textbook forms:

    * ``"soft"`` (fail-soft): the best value found so far, as the package returns it;
    * ``"hard"`` (fail-hard): that value clamped to the window the node was entered with;
    * ``"czech"``: the Czech lecture notes' *Procedura AlfaBeta*, which returns the current α
      at an OR (MAX) node and β at an AND (MIN) node.
    """
    out: dict[Address, float] = {}

    def value(node: Node, alpha: float, beta: float) -> float:
        if node.is_leaf:
            assert node.payoff is not None
            return node.payoff
        maximizing = node.player == t.root.player
        low, high = alpha, beta
        best = -math.inf if maximizing else math.inf
        for child in node.children:
            v = value(child, alpha, beta)
            if maximizing:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        if form == "hard":
            best = max(low, min(high, best))
        elif form == "czech":
            best = alpha if maximizing else beta
        out[node.path] = best
        return best

    value(t.root, -math.inf, math.inf)
    return out
