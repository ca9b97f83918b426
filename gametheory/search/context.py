"""The bookkeeping every textbook search shares, kept out of the algorithms' way.

A :class:`Search` checks the arguments, scores leaves, counts nodes, records the trace,
follows the principal variation and builds the :class:`SearchResult`. The algorithms
call it at the points where a textbook would say "visit", "evaluate", "back up", "cut"
and "return", so their own bodies read like the pseudocode.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any

from gametheory.checks import (
    checked_evaluation,
    checked_order,
    checked_state,
    whole_number,
)
from gametheory.core import (
    CHANCE,
    Evaluation,
    Game,
    GameError,
    NodeNames,
    UnsupportedGameError,
)
from gametheory.search.paths import UNRECORDED, Path
from gametheory.search.result import SearchResult, SearchStats
from gametheory.search.trace import Algorithm, Backup, Cutoff, Enter, Exit, Leaf, Trace

__all__ = ["Search", "Order", "RECURSION_LIMIT"]

Order = Callable[[Any, Sequence[Any]], Sequence[Any]]
"""``order(state, moves) -> moves``: the order in which to search a node's moves."""

RECURSION_LIMIT = 12_000
"""How deep (in plies) a textbook search may go before it asks you to set a depth."""

inf = math.inf


def _checked_depth(algorithm: Algorithm, depth: object, evaluate: object) -> float:
    """The depth limit (``inf`` for None), checked: a whole number, with an evaluation
    function to score the positions where the search stops."""
    if depth is None:
        return inf
    depth = whole_number(depth, "depth", or_none=True)
    if evaluate is None:
        raise GameError(
            f"{algorithm} with depth={depth} needs an evaluation function to score the "
            "positions where it stops: pass evaluate=, or depth=None to search to the end "
            "of the game"
        )
    return depth


class Search:
    """One run of a textbook search: arguments, counters, trace and result.

    Use it as a context manager around the recursion (see any algorithm in this package).
    """

    def __init__(
        self,
        algorithm: Algorithm,
        game: Game[Any, Any],
        state: Any = None,
        depth: int | None = None,
        evaluate: Evaluation | None = None,
        *,
        trace: bool = False,
        order: Order | None = None,
    ) -> None:
        self.algorithm = algorithm
        self.game = game
        self.root = checked_state(game, state)
        mover = game.to_move(self.root)
        # at a chance position nobody is to move; values are then for player 0 (A)
        self.player = 0 if mover == CHANCE else mover
        self.negamax = algorithm.negamax
        self.chance = algorithm.chance
        self.depth = _checked_depth(algorithm, depth, evaluate)
        if mover == CHANCE and not self.chance:
            raise UnsupportedGameError(
                f"{algorithm} cannot start at a chance position; use expectiminimax"
            )
        self.evaluate = evaluate
        self.order = order
        self.trace = Trace(algorithm, self.player) if trace else None
        # where the search starts: an untraced search names no node, so records no path
        self.root_path = Path() if trace else UNRECORDED
        # the game's own node names, if it has them (asked once: a Protocol check is slow)
        self._namer: NodeNames | None = game if isinstance(game, NodeNames) else None
        self._nodes = self._leaves = self._cutoffs = self._max_depth = 0
        # the nodes on the stack, one a depth, by their depth (len(path)):
        self._moves: dict[int, list[Any]] = {}  # the legal moves there
        self._best: dict[int, float] = {}  # the best value so far
        self._line: dict[int, tuple[Any, ...]] = {}  # the best line below
        self._chance: dict[int, Any] = {}  # which are chance nodes: their states
        self._movers: dict[int, int] = {}  # who moves there
        # the depth of the node the search is at (enter steps down, exit up):
        self._at = -1
        self._done: dict[int, tuple[Any, ...]] = {}  # the best line of a finished child
        self._start = time.perf_counter()
        self._old_limit = sys.getrecursionlimit()

    # -- the context manager guards the recursion --------------------------------------
    def __enter__(self) -> Search:
        sys.setrecursionlimit(max(self._old_limit, RECURSION_LIMIT + 200))
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        sys.setrecursionlimit(self._old_limit)
        if isinstance(error, RecursionError):
            raise GameError(
                f"{self.algorithm}: the game goes deeper than this textbook search can follow "
                f"(about {RECURSION_LIMIT} plies); pass depth= with an evaluation function, or "
                "use iterative_deepening"
            ) from error

    # -- the calls the algorithms make -------------------------------------------------
    def enter(self, state: Any, path: Path, alpha: float = -inf, beta: float = inf) -> None:
        """Arrive at a node."""
        # one below the node the search was at:
        self._at = depth = self._at + 1
        if depth > RECURSION_LIMIT:
            raise RecursionError
        self._nodes += 1
        self._max_depth = max(self._max_depth, depth)
        mover = self.game.to_move(state)
        if mover == CHANCE and not self.chance:
            raise UnsupportedGameError(
                f"{self.algorithm} cannot handle the chance position at {self._label(path, state)}; "
                "use expectiminimax for games with dice or cards"
            )
        if mover == CHANCE:
            self._chance[depth] = state
        if self.negamax and depth and self._movers.get(depth - 1) == mover:
            # negamax negates a child's value because the child belongs to the opponent
            raise UnsupportedGameError(
                f"{self.algorithm} needs players to take turns, but player {mover} moves twice "
                f"in a row, at {self._label(path, state)}; use minimax or alphabeta for this game"
            )
        self._movers[depth] = mover
        if self.trace is not None:
            self.trace.players[path] = mover
            self.trace.states[path] = state
            self._name(path)
            self.trace.events.append(Enter(path, alpha, beta))

    def stops_at(self, state: Any, depth: float) -> bool:
        """True at a finished position or at the depth limit."""
        return depth <= 0 or self.game.is_terminal(state)

    def leaf(self, state: Any, path: Path) -> float:
        """Score a leaf: by the rules if the game is over, else by the evaluation function.

        Negamax scores for the player to move there; the minimax forms for the root player.
        """
        view = self.game.to_move(state) if self.negamax else self.player
        terminal = self.game.is_terminal(state)
        if terminal:
            value = float(self.game.utility(state, view))
        else:
            assert self.evaluate is not None  # checked in __init__
            value = checked_evaluation(self.evaluate, state, view)
        self._leaves += 1
        if self.trace is not None:
            self.trace.events.append(Leaf(path, value, terminal))
        return self.exit(path, value)

    def is_max(self, state: Any) -> bool:
        """True where the root player (MAX) moves."""
        return bool(self.game.to_move(state) == self.player)

    def moves(self, state: Any, path: Path) -> list[tuple[int, Any]]:
        """The moves to search, as ``(index, move)`` pairs in search order.

        The index is the move's place in ``legal_moves``, so paths do not depend on the order.
        """
        legal = list(self.game.legal_moves(state))
        self._moves[self._at] = legal
        if self.order is None:
            return list(enumerate(legal))
        ordered = checked_order(self.order, state, legal)
        return [(legal.index(move), move) for move in ordered]

    def outcomes(self, state: Any, path: Path) -> list[tuple[int, Any, float]]:
        """At a chance node: ``(index, outcome, probability)`` for every outcome."""
        pairs = list(self.game.chance_outcomes(state))
        self._moves[self._at] = [outcome for outcome, _ in pairs]
        return [(i, outcome, p) for i, (outcome, p) in enumerate(pairs)]

    def backup(
        self, path: Path, child: int, value: float, alpha: float = -inf, beta: float = inf
    ) -> None:
        """A child has answered; ``value`` is the node's best so far."""
        if value != value:  # only a chance node's average can be NaN: inf - inf, or 0 * inf
            raise GameError(
                f"{self.algorithm}: the chance node {self._label(path, self._chance[self._at])} "
                "has no expected value: "
                "its outcomes mix +inf and -inf, or give an infinite value probability 0; "
                "make those values finite"
            )
        # the node's depth: its child's exit has stepped back up to it
        depth = self._at
        line = self._done.pop(depth + 1, ())
        if depth not in self._best or value != self._best[depth]:
            self._best[depth] = value
            # beyond a chance node the line depends on the dice, so it stops there
            chance = depth in self._chance
            self._line[depth] = () if chance else (self._moves[depth][child],) + line
        if self.trace is not None:
            self.trace.events.append(Backup(path, child, value, alpha, beta))

    def cutoff(self, path: Path, alpha: float, beta: float, pruned: Sequence[int]) -> None:
        """The node stops early; the ``pruned`` children are never looked at.

        A window that closes at the last child prunes nothing and is not counted.
        """
        if not pruned:
            return
        self._cutoffs += 1
        if self.trace is not None:
            for child in pruned:
                self._name(path + (child,))
            self.trace.events.append(Cutoff(path, alpha, beta, tuple(pruned)))

    def exit(self, path: Path, value: float) -> float:
        """The node is finished; returns ``value`` so ``return s.exit(...)`` reads well."""
        depth = self._at
        self._at = depth - 1
        self._done[depth] = self._line.pop(depth, ())
        self._best.pop(depth, None)
        self._moves.pop(depth, None)
        self._chance.pop(depth, None)
        self._movers.pop(depth, None)
        if self.trace is not None:
            self.trace.events.append(Exit(path, value))
        return value

    def result(self, value: float) -> SearchResult:
        """The search's answer, from the value of the root."""
        pv = self._done.pop(0, ())
        stats = SearchStats(
            nodes=self._nodes,
            leaves=self._leaves,
            cutoffs=self._cutoffs,
            max_depth=self._max_depth,
            seconds=time.perf_counter() - self._start,
        )
        return SearchResult(
            value=value, move=pv[0] if pv else None, pv=pv, stats=stats, trace=self.trace
        )

    # -- names for the narration -------------------------------------------------------
    def _label(self, path: Path, state: Any) -> str:
        """The node at ``path`` for an error message: its name in the trace or the game's,
        else its path (an untraced search records none: then its state)."""
        name = self.trace.names.get(path) if self.trace is not None else None
        name = name or (self._namer.node_name(state) if self._namer is not None else None)
        if name:
            return name
        return f"path {path}" if self.trace is not None else repr(state)

    def _name(self, path: Path) -> None:
        """Name a node in the trace, once: the game's own name for it
        (:class:`~gametheory.core.NodeNames`), else the move that leads to it ("3·9")."""
        assert self.trace is not None
        game, names, namer = self.game, self.trace.names, self._namer
        if path in names:
            return
        if not path:
            own = namer.node_name(self.root) if namer is not None else None
            names[path] = own or "root"
            return
        move = self._moves[len(path) - 1][path[-1]]
        if namer is not None:
            state = self.trace.states.get(path)
            if state is None:  # a pruned child: never entered
                state = game.result(self.trace.states[path[:-1]], move)
            name = namer.node_name(state)
            if name:
                names[path] = name
                return
        names.below(path, str(move))
