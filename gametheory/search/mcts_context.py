"""The bookkeeping of a Monte Carlo tree search, kept out of the algorithm's way.

:class:`MCTSNode` is a node of the search tree: a position with its visit count and the
sum of the results of the playouts that went through it. :class:`MCTSSearch` checks the
arguments, makes the nodes, rolls the dice, plays the playouts, watches the clock, records
the trace and builds the :class:`~gametheory.search.result.SearchResult`, so that
:func:`~gametheory.search.mcts.mcts` itself reads like the four phases of the textbook.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, Protocol, runtime_checkable

from gametheory.checks import checked_state, whole_number
from gametheory.core import CHANCE, Game, GameError, MayCycle, MoveNotation, NodeNames, Player
from gametheory.moves import sample_outcome, successor_of
from gametheory.repetitions import Repetitions
from gametheory.search.engine.driver import Deadline
from gametheory.search.mcts_trace import (
    Backpropagate,
    Expand,
    MCTSTrace,
    Outcome,
    Select,
    Simulate,
)
from gametheory.search.paths import Path
from gametheory.search.result import ChildStats, SearchResult, SearchStats

__all__ = ["MCTSNode", "MCTSSearch", "PlayoutPolicy", "check_arguments"]


class PlayoutPolicy(Protocol):
    """Any player can play the playouts: an object with ``choose(game, state) -> move``."""

    def choose(self, game: Any, state: Any) -> Any:
        """A legal move for the player to move at the unfinished ``state``."""
        ...


@runtime_checkable
class Playouts(Protocol):
    """What a game without chance moves may add to play MCTS's random playouts faster
    (Abapa does): ``playout(state, choose)`` is the finished position reached from
    ``state`` (not finished) when ``choose(legal moves)`` picks every move, the same as
    making those moves one by one."""

    def playout(self, state: Any, choose: Callable[[Sequence[Any]], Any]) -> Any:
        """The finished position after playing on from ``state`` with ``choose``."""
        ...


@dataclass(slots=True, eq=False)
class MCTSNode:
    """A node of the search tree.

    Attributes
    ----------
    state
        The position.
    parent : MCTSNode or None
    path : tuple of int
        The move indices from the root.
    player : int
        Who moves here: 0, 1 or CHANCE.
    view : int
        Whose point of view :attr:`q` takes: the player to move here; at a chance node (or
        a finished game without a player to move) the player who moved into it.
    terminal : bool
        Whether the game is over here.
    moves : tuple
        The legal moves (the dice's outcomes at a chance node), in the game's order.
    probabilities : tuple of float
        At a chance node, the probability of each outcome (empty elsewhere).
    children : dict int -> MCTSNode
        The children added so far, by move index.
    visits : int
        N: how many iterations went through this node.
    totals : list of two floats
        The sum of those iterations' results, for A and for B.
    """

    state: Any
    parent: MCTSNode | None
    path: Path
    player: Player
    terminal: bool
    moves: Sequence[Any]
    probabilities: Sequence[float] = ()
    view: Player = field(init=False)
    children: dict[int, MCTSNode] = field(init=False, default_factory=dict)
    visits: int = field(init=False, default=0)
    totals: list[float] = field(init=False, default_factory=lambda: [0.0, 0.0])

    def __post_init__(self) -> None:
        self.moves, self.probabilities = tuple(self.moves), tuple(self.probabilities)
        inherited = self.parent.view if self.parent is not None else 0
        self.view = self.player if self.player in (0, 1) else inherited

    def value(self, player: Player) -> float:
        """The mean result of the iterations through this node, for ``player`` (0 if none)."""
        return self.totals[player] / self.visits if self.visits else 0.0

    @property
    def q(self) -> float:
        """Q: the mean result for the player to move here (see :attr:`view`)."""
        return self.value(self.view)

    def __repr__(self) -> str:
        return f"<MCTSNode {self.path}: N = {self.visits}, Q = {self.q:.3g}>"


class MCTSSearch:
    """One run of Monte Carlo tree search: arguments, nodes, playouts, clock, trace, result.

    The algorithm (:func:`~gametheory.search.mcts.mcts`) calls it where a textbook says
    "roll the dice", "add a node", "play out", "back up" and "return".
    """

    def __init__(
        self,
        game: Game[Any, Any],
        state: Any = None,
        *,
        iterations: int | None,
        time_limit: float | None,
        c: float,
        playout: PlayoutPolicy | None,
        seed: int | None,
        trace: bool,
    ) -> None:
        check_arguments(iterations, time_limit, c, playout, seed)
        self.game, self.iterations, self.c, self.policy = game, iterations, float(c), playout
        self.rng = random.Random(seed)
        self.deadline = Deadline(time_limit)
        self.iteration = 0
        self._size = self._deepest = 0
        self._scores: list[tuple[float, ...] | None] = []
        self._make = successor_of(game)  # the game's fast way, if it has one
        # the guard against cycles, for a game that can cycle (asked once: a Protocol check
        # is slow); it would count positions that never come back
        self._guarded = not isinstance(game, MayCycle) or game.can_cycle()
        # the game's own playouts, for random ones that need no guard and no trace
        self._playout = game.playout if isinstance(game, Playouts) else None
        root = checked_state(game, state)  # a position of another game is refused by name
        name = getattr(playout, "name", type(playout).__name__) if playout else "random"
        self.trace = MCTSTrace(0, self.c, str(name), game=game) if trace else None
        self.root = self._node(root, None, Path(), game.is_terminal(root))
        if self.trace is not None:
            self.trace.root_player = self.root.view

    # -- the calls the algorithm makes -------------------------------------------------
    def another_iteration(self) -> bool:
        """True while iterations and time are left (checked before each iteration)."""
        if self.root.terminal:
            return False  # nothing to search: the game is over
        if self.iterations is not None and self.iteration >= self.iterations:
            return False
        if self.iteration > 0 and self.deadline.passed():  # at least one iteration runs
            return False
        self.iteration += 1
        self._scores = []
        return True

    def roll(self, node: MCTSNode) -> int:
        """At a chance node: the index of the outcome the dice choose, by its probability."""
        if self.trace is not None:
            self._scores.append(None)
        return node.moves.index(sample_outcome(self.game, node.state, self.rng))

    def scored(self, scores: list[float]) -> None:
        """Selection passed a decision node whose children have these UCB1 scores."""
        if self.trace is not None:
            self._scores.append(tuple(scores))

    def expand(self, node: MCTSNode, move: int | None) -> MCTSNode:
        """Add the child for move index ``move``; at a finished game (None) add nothing."""
        if self.trace is not None:
            scores = tuple(self._scores[: len(node.path)])
            self.trace.events.append(Select(self.iteration, node.path, scores))
        if move is None:
            if self.trace is not None:
                self.trace.events.append(Expand(self.iteration, node.path, False))
            return node
        state, over = self._make(node.state, node.moves[move])
        child = self._node(state, node, node.path + (move,), over)
        node.children[move] = child
        if self.trace is not None:
            self.trace.events.append(Expand(self.iteration, child.path, True))
        return child

    def simulate(self, node: MCTSNode) -> Outcome:
        """Play from ``node`` to the end of the game: the result for A and for B. A playout
        caught in a cycle (a position for the third time: :class:`~gametheory.repetitions.Repetitions`)
        ends as the game's rules end a cycle, or else counts as a draw (0 for both); a game
        that cannot cycle (:class:`~gametheory.core.MayCycle`) is not watched."""
        game, rng, make, policy = self.game, self.rng, self._make, self.policy
        state, over = node.state, node.terminal
        played: list[Any] | None = [] if self.trace is not None else None
        fast = self._playout if not self._guarded and policy is None else None
        if fast is not None and not over and played is None:  # the game plays it out itself
            state = fast(state, rng.choice)
            return (_finite(game.utility(state, 0)), _finite(game.utility(state, 1)))
        guard = Repetitions(game) if self._guarded else None
        to_move, legal_moves, choice = game.to_move, game.legal_moves, rng.choice
        while not over:
            if guard is not None and guard.cycle(state):
                state = guard.ended(state)
                if state is None:
                    return self._simulated(node, played, (0.0, 0.0))
                break
            if to_move(state) == CHANCE:
                move = sample_outcome(game, state, rng)
            elif policy is None:
                move = choice(legal_moves(state))
            else:
                move = _checked_choice(game, state, policy)
            if played is not None:
                played.append(move)
            state, over = make(state, move)
        outcome = (_finite(game.utility(state, 0)), _finite(game.utility(state, 1)))
        return self._simulated(node, played, outcome)

    def _simulated(self, node: MCTSNode, played: list[Any] | None, outcome: Outcome) -> Outcome:
        """Record the playout from ``node`` in the trace; its outcome."""
        if self.trace is not None and played is not None:
            self.trace.events.append(Simulate(self.iteration, node.path, tuple(played), outcome))
        return outcome

    def backpropagate(self, node: MCTSNode, outcome: Outcome) -> None:
        """Every node from ``node`` up to the root counts the visit and adds the result."""
        if self.trace is not None:
            self.trace.events.append(Backpropagate(self.iteration, node.path, outcome))
        current: MCTSNode | None = node
        while current is not None:
            current.visits += 1
            current.totals[0] += outcome[0]
            current.totals[1] += outcome[1]
            current = current.parent

    def result(self) -> SearchResult:
        """The answer: the most visited move, its line, and every root child's statistics."""
        root = self.root
        view = root.view
        children = tuple(
            ChildStats(root.moves[i], child.visits, child.value(view))
            for i, child in sorted(root.children.items())
        )
        line: list[Any] = []
        node = root
        while node.children and node.player != CHANCE:  # beyond the dice, no line
            i = _most_visited(node)
            line.append(node.moves[i])
            node = node.children[i]
        over = root.terminal  # nothing was searched: the rules give the value
        value = float(self.game.utility(root.state, view)) if over else root.value(view)
        # nodes: the size of the tree; leaves: the playouts; no cutoffs
        stats = SearchStats(self._size, self.iteration, 0, self._deepest, self.deadline.elapsed())
        move = line[0] if line else None
        return SearchResult(value, move, tuple(line), stats, self.trace, children=children)

    # -- making nodes ------------------------------------------------------------------
    def _node(self, state: Any, parent: MCTSNode | None, path: Path, over: bool) -> MCTSNode:
        game = self.game
        player = game.to_move(state)
        moves: Sequence[Any] = () if over or player == CHANCE else game.legal_moves(state)
        probabilities: Sequence[float] = ()
        if player == CHANCE and not over:  # the dice's outcomes, and their probabilities
            moves, probabilities = zip(*game.chance_outcomes(state), strict=True)
        node = MCTSNode(state, parent, path, player, over, moves, probabilities)
        self._size += 1
        self._deepest = max(self._deepest, len(path))
        if self.trace is not None:
            self._record(node)
        return node

    def _record(self, node: MCTSNode) -> None:
        """Names, roles and positions of a new node, for the trace's pictures and sentences."""
        trace = self.trace
        assert trace is not None
        path, parent = node.path, node.parent
        trace.players[path] = node.player
        trace.views[path] = node.view
        trace.states[path] = node.state
        if node.terminal:
            trace.terminal.add(path)
        game = self.game
        # an explicit tree has names for everything
        own = game.node_name(node.state) if isinstance(game, NodeNames) else None
        if parent is None:
            trace.names[path] = own or "root"
            return
        index = path[-1]
        move = parent.moves[index]
        trace.moves[path] = move
        label = game.move_label(move, parent.state) if isinstance(game, MoveNotation) else str(move)
        trace.labels[path] = label
        if own:
            trace.names[path] = own
        else:  # the moves from the root, spelt out when asked ("3·9")
            trace.names.below(path, label)
        if parent.player == CHANCE:
            trace.probabilities[path] = parent.probabilities[index]


CERTAIN = 1e300
"""What an infinite utility (a certain win or loss) counts for in the sums of the results:
infinitely many would make the mean of a node that saw both NaN, and one ``inf`` would keep
the mean of a node that leads to ``-inf`` just as likely at ``inf`` for ever."""


def _finite(utility: float) -> float:
    """A playout's result for the sums: ±inf as ±:data:`CERTAIN`; + 0.0 turns a zero-sum
    game's −0.0 into 0.0, which reads better in the trace."""
    return max(-CERTAIN, min(CERTAIN, float(utility))) + 0.0


def _most_visited(node: MCTSNode) -> int:
    """The index of the child with the most visits; ties go to the first in move order."""
    return max(sorted(node.children), key=lambda i: node.children[i].visits)


def _checked_choice(game: Game[Any, Any], state: Any, policy: PlayoutPolicy) -> Any:
    moves = game.legal_moves(state)
    move = policy.choose(game, state)
    if move not in moves:
        raise GameError(
            f"the playout policy {policy!r} chose {move!r} in {state!r}, which is not one of "
            f"the legal moves {list(moves)!r}; a playout policy must return a legal move"
        )
    return move


def check_arguments(
    iterations: object, time_limit: object, c: object, playout: object, seed: object
) -> None:
    """Refuse bad arguments of :func:`~gametheory.search.mcts.mcts` up front, saying what to do.

    >>> check_arguments(None, None, 1.4, None, 0)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: mcts needs a budget: give iterations= (a number of playouts), time_limit= (seconds), or both
    """
    if iterations is not None:
        whole_number(iterations, "iterations", minimum=1, or_none=True)
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, Real)
        or not 0 < float(time_limit) < math.inf
    ):
        raise GameError(f"time_limit must be a number of seconds > 0 or None, got {time_limit!r}")
    if iterations is None and time_limit is None:
        raise GameError(
            "mcts needs a budget: give iterations= (a number of playouts), time_limit= (seconds), "
            "or both"
        )
    if isinstance(c, bool) or not isinstance(c, Real) or not 0 <= float(c) < math.inf:
        raise GameError(
            f"c (the exploration constant) must be a finite number >= 0, got {c!r}; "
            "√2 ≈ 1.41 is the usual choice"
        )
    if playout is not None and not callable(getattr(playout, "choose", None)):
        raise GameError(
            f"playout must be a player (an object with choose(game, state) -> move) or None "
            f"for random moves, got {playout!r}"
        )
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise GameError(f"seed must be a whole number or None, got {seed!r}")
