"""The reference searches: the package's right search, and each catalogued mistake as a
variant of it, run on the watched game so that both leave the same kind of record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gametheory.core import CHANCE
from gametheory.practice.grader.catalogue import BUGS, Bug
from gametheory.practice.grader.watched import WatchedState, _WatchedGame, inf

_VARIANTS: dict[str, tuple[str, ...]] = {
    "minimax": ("terminal-player", "max-min-swapped", "max-everywhere", "alternation", "best-zero"),
    "negamax": ("sign-value", "terminal-player"),
    "alphabeta": (
        "swapped-call",
        "swapped-min",
        "swapped-max",
        "strict",
        "not-passed-down",
        "full-window",
        "terminal-player",
        "max-min-swapped",
        "alternation",
        "best-zero",
        "wrong-node",
        "cut-before-update",
        "returns-swapped",
        "cut-test-turned",
    ),
    "alphabeta_negamax": (
        "sign-value",
        "sign-window",
        "sign-window-unswapped",
        "window-not-swapped",
        "strict",
        "not-passed-down",
        "full-window",
        "terminal-player",
    ),
    "expectiminimax": (
        "no-probabilities",
        "weighted-twice",
        "terminal-player",
        "max-min-swapped",
        "max-everywhere",
    ),
}
"""The mistakes each search is compared with, as the reference search's variants (a variant
named ``swapped-…`` or ``sign-window-…`` is one more way of making that mistake)."""


def _bug_of(variant: str) -> Bug:
    if variant.startswith("swapped"):
        return BUGS["swapped"]
    return BUGS["sign-window" if variant.startswith("sign-window") else variant]


RETURNS = ("best", "bound", "raised")
"""What an alpha-beta node may return, all three right: its best value so far (fail-soft);
the bound of its window where the value falls outside it (fail-hard); or α at MAX and β at
MIN as they stand when the node is done (the Czech notes' AlfaBeta read literally: the bound
where every move fails low, the value that caused the cut where one cuts)."""


@dataclass(frozen=True)
class _Search:
    """How to run one variant of the reference search (``bug`` None: the right one)."""

    kind: str
    bug: str | None = None
    returns: str = "best"  # what a node returns: one of RETURNS

    def __call__(
        self, game: _WatchedGame, state: WatchedState, depth: int | None, alpha: float, beta: float
    ) -> float:
        path = state._node.path
        windowed = self.kind.startswith("alphabeta")
        game.run.events.append(("enter", path, alpha, beta) if windowed else ("enter", path))
        value = self.value(game, state, depth, alpha, beta)
        game.run.events.append(("exit", path, value))
        return value

    def value(
        self, game: _WatchedGame, state: WatchedState, depth: int | None, alpha: float, beta: float
    ) -> float:
        negamax = self.kind in ("negamax", "alphabeta_negamax")
        mover = game.to_move(state)
        view = mover if negamax else 0
        if game.is_terminal(state):
            return game.utility(
                state, (0 if negamax else mover) if self.bug == "terminal-player" else view
            )
        if depth is not None and depth <= (-1 if self.bug == "depth-late" else 0):
            return game.evaluate(state, view)
        below = None if depth is None else depth - 1
        moves = game.legal_moves(state)
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            values = [self(game, game.result(state, m), below, alpha, beta) for m, _ in outcomes]
            if self.bug == "no-probabilities":
                return sum(values) / len(values)
            total = sum(p * v for (_, p), v in zip(outcomes, values, strict=True))
            return total / len(values) if self.bug == "weighted-twice" else total
        if self.kind.startswith("alphabeta"):
            return self.alphabeta(game, state, moves, below, alpha, beta)
        values = [self(game, game.result(state, m), below, alpha, beta) for m in moves]
        if negamax:
            return max(values if self.bug == "sign-value" else [-v for v in values])
        maximizing = (mover == 0) != (self.bug == "max-min-swapped") or self.bug == "max-everywhere"
        if self.bug == "alternation":
            maximizing = state._node.depth % 2 == 0
        if self.bug == "best-zero":
            values.append(0.0)
        return max(values) if maximizing else min(values)

    def window(self, alpha: float, beta: float, maximizing: bool) -> tuple[float, float]:
        """The window a child gets."""
        bug = self.bug
        if bug == "full-window":
            return -inf, inf
        if self.kind == "alphabeta":
            if bug == "not-passed-down":
                return (alpha, inf) if maximizing else (-inf, beta)
            return (beta, alpha) if bug == "swapped-call" else (alpha, beta)
        return {
            "not-passed-down": (-inf, -alpha),
            "sign-window": (beta, alpha),
            "sign-window-unswapped": (alpha, beta),
            "window-not-swapped": (-alpha, -beta),
        }.get(bug or "", (-beta, -alpha))

    def alphabeta(
        self,
        game: _WatchedGame,
        state: WatchedState,
        moves: Sequence[int],
        below: int | None,
        alpha: float,
        beta: float,
    ) -> float:
        negamax = self.kind == "alphabeta_negamax"
        maximizing = negamax or (game.to_move(state) == 0) != (self.bug == "max-min-swapped")
        if self.bug == "alternation":
            maximizing = state._node.depth % 2 == 0
        best = 0.0 if self.bug == "best-zero" else -inf if maximizing else inf
        for move in moves:
            window = self.window(alpha, beta, maximizing)
            value = self(game, game.result(state, move), below, *window)
            if negamax and self.bug != "sign-value":
                value = -value
            if self.bug == "cut-before-update" and (
                value >= beta if maximizing else value <= alpha
            ):
                return best  # the value that cuts is never counted
            if maximizing:
                best = max(best, value)
                if self.bug == "swapped-max":
                    beta = max(beta, best)
                elif self.bug == "wrong-node":
                    beta = min(beta, value)
                else:
                    alpha = max(alpha, best)
            else:
                best = min(best, value)
                if self.bug == "swapped-min":
                    alpha = min(alpha, best)
                elif self.bug == "wrong-node":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, best)
            if self.bug == "cut-test-turned" and alpha <= beta:
                return best if self.returns == "best" else alpha if maximizing else beta
            if alpha > beta or (alpha == beta and self.bug != "strict"):
                if self.bug == "returns-swapped":
                    return beta if maximizing else alpha
                return {"best": best, "bound": beta if maximizing else alpha}.get(
                    self.returns, alpha if maximizing else beta
                )
        if self.bug == "returns-swapped":
            return beta if maximizing else alpha
        return best if self.returns == "best" else alpha if maximizing else beta
