"""The trace of a Monte Carlo tree search, and its replay: one event per phase per iteration.

Every iteration of :func:`~gametheory.search.mcts.mcts` records four events, in order.
Nodes are identified by their *path*, the tuple of move indices (in ``legal_moves`` order,
or outcome indices at a chance node) from the root, as in :mod:`gametheory.search.trace`.

``Select(iteration, path, scores)``
    the walk down the tree stopped at the node ``path``: a node with a move not tried yet,
    a chance node whose dice chose an outcome not seen yet, or a finished game.
    ``scores[k]`` holds the UCB1 score of every child of the ``k``-th node on the way
    (``path[:k]``), in move order; it is None where the dice chose (a chance node);
``Expand(iteration, path, added)``
    the node ``path`` was added to the tree (``added``), or nothing was added because the
    selected node is a finished game (then ``path`` is that node);
``Simulate(iteration, path, moves, outcome)``
    from the node ``path`` the playout policy played ``moves`` to the end of the game, whose
    result is ``outcome``: the utility for A and for B;
``Backpropagate(iteration, path, outcome)``
    every node from ``path`` up to the root counted one more visit and added the outcome.

``trace.snapshot(k)`` replays the first ``k`` events into what a picture needs: the tree so
far with the visits N and the mean value Q of every node (for the player to move there),
and what the last event did, told in one sentence.

>>> from gametheory import tree
>>> from gametheory.search.mcts import mcts
>>> trace = mcts(tree([[1, -1], [0, 0]]), iterations=3, seed=0, trace=True).trace
>>> len(trace), [type(e).__name__ for e in trace.events[:4]]
(12, ['Select', 'Expand', 'Simulate', 'Backpropagate'])
>>> trace.snapshot(2).narration
'Iteration 1, expansion: A gets a node for its move a1: B.'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeAlias

from gametheory.core import CHANCE, GameError, NodeNames, Player, player_name
from gametheory.formatting import number_text
from gametheory.search.trace import Address, Algorithm, Names, StepError, checked_step

__all__ = ["Select", "Expand", "Simulate", "Backpropagate", "MCTSSnapshot", "MCTSTrace", "PHASES"]

PHASES = ("selection", "expansion", "simulation", "backpropagation")
"""The four phases of an iteration, in order."""

Outcome: TypeAlias = tuple[float, float]
"""A finished game's result: ``(utility for A, utility for B)``."""


def ucb_text(score: float) -> str:
    """A UCB1 score as every sentence, picture and table writes it: two decimals.

    >>> ucb_text(1.1), ucb_text(-0.5234)
    ('1.10', '−0.52')
    """
    return number_text(score, places=2)


def q_text(q: float) -> str:
    """A mean result Q as every sentence, picture and table writes it: signed, two decimals.

    >>> q_text(0.4375), q_text(-1), q_text(0), q_text(-0.001)
    ('+0.44', '−1.00', '0.00', '0.00')
    """
    return number_text(q, places=2, sign=True)


MCTS = Algorithm("mcts", "Monte Carlo tree search", chance=True)
"""Monte Carlo tree search in the registry of searches."""


@dataclass(frozen=True)
class Select:
    iteration: int
    path: Address
    scores: tuple[tuple[float, ...] | None, ...]


@dataclass(frozen=True)
class Expand:
    iteration: int
    path: Address
    added: bool


@dataclass(frozen=True)
class Simulate:
    iteration: int
    path: Address
    moves: tuple[Any, ...]
    outcome: Outcome


@dataclass(frozen=True)
class Backpropagate:
    iteration: int
    path: Address
    outcome: Outcome


MCTSEvent: TypeAlias = Select | Expand | Simulate | Backpropagate


@dataclass(frozen=True)
class MCTSSnapshot:
    """The search tree after the first ``step`` events.

    Attributes
    ----------
    step : int
    iteration : int
        The iteration the last event belongs to (0 before the first).
    phase : str or None
        The phase of the last event, one of :data:`PHASES` (None at step 0).
    nodes : tuple of paths
        The nodes of the tree so far, in the order they were added (the root first).
    visits : mapping path -> int
        N: how many iterations passed through each node.
    values : mapping path -> float
        Q: the mean result of those iterations for the player to move at the node (for a
        chance node, the player who moved into it). Nodes not visited yet are left out.
    totals : mapping path -> (float, float)
        The sum of those results, for A and for B (see :meth:`value`).
    path : path
        The node the last event was about: where selection stopped, the new node, where the
        playout started, where backpropagation started.
    ucb : mapping path -> float
        At a selection step: the UCB1 score of every child of each decision node on the way
        down, by the child's path (empty at the other steps).
    playout : tuple
        At a simulation step: the moves the playout policy played.
    outcome : (float, float) or None
        At a simulation or backpropagation step: the utility for A and for B.
    narration : str
        One sentence saying what the last event did.
    """

    step: int
    iteration: int
    phase: str | None
    nodes: tuple[Address, ...]
    visits: Mapping[Address, int]
    values: Mapping[Address, float]
    totals: Mapping[Address, tuple[float, float]]
    path: Address
    ucb: Mapping[Address, float]
    playout: tuple[Any, ...]
    outcome: Outcome | None
    narration: str

    def value(self, path: Address, player: Player) -> float | None:
        """The mean result at the node ``path`` for ``player`` (None before its first visit)."""
        if path not in self.visits:
            return None
        return self.totals[path][player] / self.visits[path]

    @property
    def line(self) -> tuple[Address, ...]:
        """The nodes from the root down to :attr:`path`, the root first."""
        return tuple(self.path[:k] for k in range(len(self.path) + 1))

    def most_visited(self, path: Address = ()) -> Address | None:
        """The most visited child of the node at ``path`` (ties: the first in move order)."""
        children = sorted(p for p in self.visits if len(p) == len(path) + 1 and p[:-1] == path)
        if not children:
            return None
        return max(children, key=lambda p: self.visits[p])


@dataclass
class MCTSTrace:
    """The events of one Monte Carlo tree search, with what is needed to tell them.

    Attributes
    ----------
    root_player : int
        The player to move at the root (A at a chance root): the point of view of the
        search's value.
    c : float
        The exploration constant the search used.
    policy : str
        The name of the playout policy (``"random"`` by default).
    events : list of events
        :class:`Select`, :class:`Expand`, :class:`Simulate`, :class:`Backpropagate`, four
        per iteration.
    names : Names (a mapping path -> str)
        A readable name for every node of the tree (the tree's own names, or the moves).
    labels : dict path -> str
        The name of the move (or the dice's outcome) leading to every node but the root.
    moves : dict path -> move
        The move itself (the game's value, e.g. a Gomoku cell ``(7, 7)``).
    players : dict path -> int
        Who moves at every node: 0, 1 or CHANCE.
    views : dict path -> int
        Whose point of view each node's value Q takes: the player to move there; at a
        chance node (or a finished game without a player to move) the one who moved into it.
    probabilities : dict path -> float
        For the children of chance nodes, the probability of their outcome.
    terminal : set of paths
        The nodes that are finished games.
    states : dict path -> state
        The position at every node.
    game
        The game searched.

    Examples
    --------
    >>> from gametheory import tree
    >>> from gametheory.search.mcts import mcts
    >>> trace = mcts(tree([[1, -1], [0, 0]]), iterations=8, seed=1, trace=True).trace
    >>> final = trace.snapshot()
    >>> final.visits[()], final.nodes[:3]
    (8, ((), (0,), (1,)))
    >>> trace.name((1, 0)), trace.role((1,)), trace.label((1, 0))
    ('F', 'MIN', 'c1')
    """

    root_player: Player
    c: float
    policy: str = "random"
    events: list[MCTSEvent] = field(default_factory=list)
    names: Names = field(default_factory=Names)
    labels: dict[Address, str] = field(default_factory=dict)
    moves: dict[Address, Any] = field(default_factory=dict)
    players: dict[Address, Player] = field(default_factory=dict)
    views: dict[Address, Player] = field(default_factory=dict)
    probabilities: dict[Address, float] = field(default_factory=dict)
    terminal: set[Address] = field(default_factory=set)
    states: dict[Address, Any] = field(default_factory=dict, repr=False)
    game: Any = field(default=None, repr=False)

    algorithm: ClassVar[Algorithm] = MCTS

    def __len__(self) -> int:
        return len(self.events)

    @property
    def iterations(self) -> int:
        """How many iterations the trace holds."""
        return len(self.events) // len(PHASES)

    def name(self, path: Address) -> str:
        """The node's name, e.g. ``"C"``, or its moves from the root (``"3·9"``)."""
        return self.names.get(path, "·".join(map(str, path)) or "root")

    def label(self, path: Address) -> str:
        """The name of the move leading to the node at ``path``."""
        return self.labels.get(path, str(path[-1]) if path else "")

    def role(self, path: Address) -> str:
        """``"MAX"`` (the root player moves), ``"MIN"``, ``"chance"`` or ``"end"``."""
        if path in self.terminal:
            return "end"
        player = self.players.get(path, self.root_player)
        if player == CHANCE:
            return "chance"
        return "MAX" if player == self.root_player else "MIN"

    def relabel(self, label: Callable[[Any, Any], str]) -> None:
        """Name every move ``label(move, state)`` (e.g. the board's notation, ``h8``).

        The nodes of a real game are named after the moves from the root, so they change
        too; the nodes of an explicit tree keep their own names.

        >>> from gametheory import Nim
        >>> from gametheory.search.mcts import mcts
        >>> trace = mcts(Nim(5), iterations=9, seed=0, trace=True).trace
        >>> trace.relabel(lambda move, state: f"take {move}")
        >>> trace.name((0, 1))
        'take 1·take 2'
        """
        for path in sorted(self.moves, key=len):  # parents before their children
            self.labels[path] = label(self.moves[path], self.states.get(path[:-1]))
            if not isinstance(self.game, NodeNames):
                self.names.below(path, self.labels[path])

    def who(self, player: Player) -> str:
        """How the sentences name a player: MAX and MIN in an explicit tree, else A and B.

        >>> MCTSTrace(0, 1.0).who(1)
        'B'
        """
        if isinstance(self.game, NodeNames):
            return "MAX" if player == 0 else "MIN"
        return player_name(player)

    def step_of(self, iteration: int, phase: str = "selection") -> int:
        """The step that shows ``phase`` of ``iteration`` (1-based), for :meth:`snapshot`.

        >>> from gametheory import tree
        >>> from gametheory.search.mcts import mcts
        >>> trace = mcts(tree([[1, -1], [0, 0]]), iterations=3, seed=0, trace=True).trace
        >>> trace.step_of(2, "expansion"), trace.snapshot(6).phase
        (6, 'expansion')
        """
        if phase not in PHASES:
            raise GameError(f"phase {phase!r} is unknown: choose one of {', '.join(PHASES)}")
        if not 1 <= iteration <= self.iterations:
            raise StepError(
                f"iteration {iteration} is outside this trace: choose 1..{self.iterations}"
            )
        return (iteration - 1) * len(PHASES) + PHASES.index(phase) + 1

    def snapshot(self, k: int | None = None) -> MCTSSnapshot:
        """Replay the first ``k`` events (all of them by default).

        Raises
        ------
        StepError
            If ``k`` is not a whole number between 0 and ``len(trace)`` (a
            :class:`~gametheory.core.GameError` and an :class:`IndexError`).
        """
        k = checked_step(k, len(self.events))
        nodes: list[Address] = [()]
        visits: dict[Address, int] = {}
        totals: dict[Address, list[float]] = {}
        for event in self.events[:k]:
            if isinstance(event, Expand) and event.added:
                nodes.append(event.path)
            elif isinstance(event, Backpropagate):
                for depth in range(len(event.path) + 1):
                    node = event.path[:depth]
                    visits[node] = visits.get(node, 0) + 1
                    total = totals.setdefault(node, [0.0, 0.0])
                    total[0] += event.outcome[0]
                    total[1] += event.outcome[1]
        values = {p: totals[p][self.views.get(p, self.root_player)] / n for p, n in visits.items()}
        last = self.events[k - 1] if k else None
        ucb: dict[Address, float] = {}
        if isinstance(last, Select):
            for depth, scores in enumerate(last.scores):
                for i, score in enumerate(scores or ()):
                    ucb[last.path[:depth] + (i,)] = score
        return MCTSSnapshot(
            step=k,
            iteration=last.iteration if last else 0,
            phase=PHASES[(k - 1) % len(PHASES)] if last else None,
            nodes=tuple(nodes),
            visits=visits,
            values=values,
            totals={p: (t[0], t[1]) for p, t in totals.items()},
            path=last.path if last else (),
            ucb=ucb,
            playout=last.moves if isinstance(last, Simulate) else (),
            outcome=last.outcome if isinstance(last, (Simulate, Backpropagate)) else None,
            narration=self.narrate(k, values, visits),
        )

    # -- telling it ---------------------------------------------------------------------
    def narrate(
        self,
        k: int,
        values: Mapping[Address, float] | None = None,
        visits: Mapping[Address, int] | None = None,
    ) -> str:
        """One sentence about event ``k - 1`` (what the ``k``-th step did)."""
        if k == 0:
            return (
                f"Start: Monte Carlo tree search from {self.name(())}, with only the root in "
                "the tree."
            )
        event = self.events[k - 1]
        head = f"Iteration {event.iteration}, {PHASES[(k - 1) % len(PHASES)]}: "
        name = self.name(event.path)
        if isinstance(event, Select):
            return head + self._narrate_selection(event)
        if isinstance(event, Expand):
            if not event.added:
                return head + f"nothing to add, {name} is a finished game."
            parent = self.name(event.path[:-1])
            if self.players.get(event.path[:-1]) == CHANCE:
                p = self.probabilities.get(event.path, math.nan)
                return (
                    head + f"the dice at {parent} chose {self.label(event.path)} "
                    f"(p = {number_text(p)}), seen for the first time: it gets a node, {name}."
                )
            return head + f"{parent} gets a node for its move {self.label(event.path)}: {name}."
        if isinstance(event, Simulate):
            result = self._result(event.outcome)
            if not event.moves:
                return head + f"{name} is a finished game: {result}."
            plies = len(event.moves)
            return (
                head + f"the {self.policy} playout plays {plies} move{'s' * (plies != 1)} "
                f"from {name} to the end of the game: {result}."
            )
        if values is None or visits is None:
            return self.snapshot(k).narration
        line = [self.name(event.path[:d]) for d in range(len(event.path), -1, -1)]
        who = line[0] if len(line) == 1 else ", ".join(line[:-1]) + " and " + line[-1]
        root = (
            f"{self.name(())} now has N = {visits[()]}, Q = {q_text(values[()])} "
            f"for {self.who(self.views.get((), self.root_player))}"
        )
        each = "each count" if len(line) > 1 else "counts"
        return head + f"{who} {each} one more visit and add the result; {root}."

    def _narrate_selection(self, event: Select) -> str:
        path = event.path
        if not event.scores:
            return self._stop(path)
        steps = []
        for depth, scores in enumerate(event.scores):
            node, child = path[:depth], path[: depth + 1]
            if scores is None:
                p = self.probabilities.get(child, math.nan)
                steps.append(
                    f"at {self.name(node)} the dice choose {self.label(child)} (p = {number_text(p)})"
                )
            else:
                listed = ", ".join(
                    f"{self.label(node + (i,))} {ucb_text(s)}" for i, s in enumerate(scores)
                )
                steps.append(
                    f"at {self.name(node)} UCB1 scores {listed}, so go to {self.name(child)}"
                )
        return "; ".join(steps) + "; " + self._stop(path)

    def _stop(self, path: Address) -> str:
        """Why selection stops at ``path``."""
        start = f"{self.name(path)} is"
        if path in self.terminal:
            return f"{start} a finished game."
        if self.players.get(path) == CHANCE:
            return f"{start} a chance node whose dice chose an outcome not seen yet."
        return f"{start} the first node on the way with a move not tried yet."

    def _result(self, outcome: Outcome) -> str:
        a, b = outcome
        first, second = self.who(0), self.who(1)
        if a == -b and abs(a) == 1:
            winner, loser = (first, second) if a > 0 else (second, first)
            return f"{winner} wins (+1 for {winner}, −1 for {loser})"
        if a == 0 and b == 0:
            return "a draw (0 for both)"
        return f"{number_text(a)} for {first}, {number_text(b)} for {second}"
