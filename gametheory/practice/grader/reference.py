"""The reference search, one method a step, and the catalogue's mistakes as the one step
each gets wrong: a registry (:data:`WAYS`) of small classes, one a way of making a mistake."""

from __future__ import annotations

from collections.abc import Callable

from gametheory.core import CHANCE
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.running import _Outcome
from gametheory.practice.grader.watched import _estimate, _Run, inf
from gametheory.trees import GameTree, Node

Window = tuple[float, float]

Child = Callable[[int, float, float], float]
"""``child(i, alpha, beta)``: the value of a node's ``i``-th child searched with that window."""


RETURNS = ("best", "bound", "raised")
"""What an alpha-beta node may return, all three right: its best value so far (fail-soft);
the bound of its window where the value falls outside it (fail-hard); or α at MAX and β at
MIN as they stand when the node is done (the Czech notes' AlfaBeta read literally: the bound
where every move fails low, the value that caused the cut where one cuts)."""


class Reference:
    """The right search of ``kind`` (returning as ``returns`` says), a step a method.

    >>> from gametheory.trees import tree
    >>> Reference("minimax").run(tree([[3, 5], [2, 9]]), None).run.value
    3.0
    """

    mistake: str | None = None  # a way of making a mistake: its name in BUGS
    kinds: tuple[str, ...] = ()  # the searches that mistake can be made in
    limited = False  # a mistake only a depth-limited search can make
    level = 1  # the lowest level whose trees can show the mistake
    leaf_level = 1  # the lowest level whose trees show it in the leaves and the answer

    def __init__(self, kind: str, returns: str = "best") -> None:
        self.kind, self.returns = kind, returns
        self.negamax = KIND[kind].negamax
        self.windowed = KIND[kind].windowed

    def run(self, t: GameTree, depth: int | None) -> _Outcome:
        """Search ``t`` from its root, writing down what a watched student's search would."""
        run = _Run(observed=True)
        run.value = self.search(t.root, depth, -inf, inf, run)
        return _Outcome(run)

    def search(self, node: Node, depth: int | None, alpha: float, beta: float, run: _Run) -> float:
        run.events.append(
            ("enter", node.path, alpha, beta) if self.windowed else ("enter", node.path)
        )
        below = None if depth is None else depth - 1

        def child(i: int, a: float, b: float) -> float:
            return self.search(node.children[i], below, a, b, run)

        value = self.node_value(node, depth, alpha, beta, child, run)
        run.events.append(("exit", node.path, value))
        return value

    def node_value(
        self, node: Node, depth: int | None, alpha: float, beta: float, child: Child, run: _Run
    ) -> float:
        """One node's value, from its children's (``child``) or, at the end, its score."""
        if node.is_leaf or self.at_limit(depth):
            run.leaf(node.path)
            if node.is_leaf:
                payoff = float(node.payoff)  # type: ignore[arg-type]  # a leaf has one
                return payoff if self.leaf_player(node) == 0 else -payoff
            return -_estimate(node) if self.negamax and node.player == 1 else _estimate(node)
        if node.player == CHANCE:
            values = [child(i, alpha, beta) for i in range(len(node.children))]
            return self.expected(node.probabilities or (), values)
        if self.windowed:
            return self.alphabeta(node, alpha, beta, child)
        return self.backed_up(node, [child(i, alpha, beta) for i in range(len(node.children))])

    def backed_up(self, node: Node, values: list[float]) -> float:
        maximizing = self.maximizing(node)
        best = self.first_best(maximizing)
        for value in values:
            value = self.counted(value)
            best = max(best, value) if maximizing else min(best, value)
        return best

    def alphabeta(self, node: Node, alpha: float, beta: float, child: Child) -> float:
        maximizing = self.maximizing(node)
        start = (alpha, beta)
        best = self.first_best(maximizing)
        for i in range(len(node.children)):
            value = self.counted(child(i, *self.child_window(alpha, beta, maximizing, start)))
            if self.cuts_first(value, alpha, beta, maximizing):
                return self.returned(maximizing, best, alpha, beta, cut=False)
            best = max(best, value) if maximizing else min(best, value)
            alpha, beta = self.bounds(maximizing, alpha, beta, best, value)
            if self.cuts(alpha, beta):
                return self.returned(maximizing, best, alpha, beta, cut=True)
        return self.returned(maximizing, best, alpha, beta, cut=False)

    # -- the steps a mistake may get wrong
    def at_limit(self, depth: int | None) -> bool:
        """Whether a node with ``depth`` plies left is evaluated (None: no limit)."""
        return depth == 0

    def leaf_player(self, leaf: Node) -> int:
        """The player a leaf is scored for: MAX (minimax form), the mover (negamax form)."""
        return leaf.player if self.negamax else 0

    def expected(self, probabilities: tuple[float, ...], values: list[float]) -> float:
        return sum(p * v for p, v in zip(probabilities, values, strict=True))

    def maximizing(self, node: Node) -> bool:
        return self.negamax or node.player == 0

    def first_best(self, maximizing: bool) -> float:
        return -inf if maximizing else inf

    def counted(self, value: float) -> float:
        """A child's value as the node counts it (negamax: for the node's mover)."""
        return -value if self.negamax else value

    def child_window(self, alpha: float, beta: float, maximizing: bool, start: Window) -> Window:
        return (-beta, -alpha) if self.negamax else (alpha, beta)

    def cuts_first(self, value: float, alpha: float, beta: float, maximizing: bool) -> bool:
        """Whether the node stops before it counts ``value`` (never, in the right search)."""
        return False

    def bounds(self, up: bool, alpha: float, beta: float, best: float, value: float) -> Window:
        """The window once a child's value is counted (``up``: at MAX): MAX raises α, MIN
        lowers β."""
        return (max(alpha, best), beta) if up else (alpha, min(beta, best))

    def cuts(self, alpha: float, beta: float) -> bool:
        return alpha >= beta

    def returned(
        self, maximizing: bool, best: float, alpha: float, beta: float, cut: bool
    ) -> float:
        if self.returns == "best":
            return best
        if self.returns == "bound" and cut:
            return beta if maximizing else alpha
        return alpha if maximizing else beta
