"""The event trace of a search, and its replay: the single source for every picture.

Every node is identified by its *path*, the move indices (in ``legal_moves`` order) from
the root: a :class:`~gametheory.search.paths.Address`, which reads, compares and hashes like the tuple
of those indices. A search with ``trace=True`` records five kinds of event:

``Enter(path, alpha, beta)``
    the search arrives at a node (with its window; minimax has the window (−∞, +∞));
``Leaf(path, value, terminal)``
    the node is scored: by the rules if ``terminal``, else by the evaluation function;
``Backup(path, child, value, alpha, beta)``
    a child's answer has come back: ``value`` is the node's best so far, and the window
    after the update;
``Cutoff(path, alpha, beta, pruned_children)``
    the node stops early; the listed children are never looked at;
``Exit(path, value)``
    the node is finished with this value.

``trace.snapshot(k)`` replays the first ``k`` events into what a picture needs.

>>> from gametheory import tree, alphabeta
>>> trace = alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True).trace
>>> len(trace), trace.snapshot(len(trace)).pruned
(40, frozenset({(1, 1), (1, 2)}))
>>> trace.snapshot(22).narration
'α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at.'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from enum import Enum
from numbers import Integral
from typing import Any, TypeAlias

from gametheory.core import CHANCE, GameError, Player, player_name
from gametheory.formatting import number_text
from gametheory.search.paths import Address

__all__ = [
    "Algorithm",
    "Address",
    "Enter",
    "Leaf",
    "Backup",
    "Cutoff",
    "Exit",
    "Event",
    "Status",
    "Snapshot",
    "Trace",
    "Names",
    "StepError",
]


@dataclass(frozen=True)
class Algorithm:
    """What a search is, for the traces, pictures and menus that show it.

    Each search module defines its own (``MINIMAX``, ``ALPHABETA``, …), the search's
    :class:`~gametheory.search.trace.Trace` records it, and
    :data:`gametheory.search.ALGORITHMS` lists them by name: the one registry.

    Attributes
    ----------
    name : str
        The one spelling a program uses: the search function's name (``"alphabeta_negamax"``;
        the engine is ``"engine"``).
    title : str
        How a sentence names it: ``"alpha-beta (negamax form)"``.
    negamax : bool
        Values are for the player to move at each node (else for the root player, MAX).
    windowed : bool
        It keeps an alpha-beta window, which narration and pictures show.
    chance : bool
        It searches chance nodes.
    """

    name: str
    title: str
    negamax: bool = False
    windowed: bool = False
    chance: bool = False

    def __str__(self) -> str:
        return self.name


class StepError(GameError, IndexError):
    """A step that is not one of a trace's: not a whole number, or out of range."""


def checked_step(k: object, events: int) -> int:
    """``k`` checked as a step of a trace of ``events`` events (None: the last);
    :class:`StepError` if it is none."""
    if k is None:
        return events
    if isinstance(k, bool) or not isinstance(k, Integral):
        raise StepError(
            f"step must be a whole number from 0 to {events} (the events of the trace), got {k!r}"
        )
    if not 0 <= int(k) <= events:
        raise StepError(f"step {k} is outside this trace: choose 0..{events}")
    return int(k)


@dataclass(frozen=True)
class Enter:
    path: Address
    alpha: float
    beta: float


@dataclass(frozen=True)
class Leaf:
    path: Address
    value: float
    terminal: bool


@dataclass(frozen=True)
class Backup:
    path: Address
    child: int
    value: float
    alpha: float
    beta: float


@dataclass(frozen=True)
class Cutoff:
    path: Address
    alpha: float
    beta: float
    pruned_children: tuple[int, ...]


@dataclass(frozen=True)
class Exit:
    path: Address
    value: float


Event: TypeAlias = Enter | Leaf | Backup | Cutoff | Exit


class Status(Enum):
    """Where a node stands at one step of the replay."""

    UNSEEN = "unseen"
    ON_STACK = "on the stack"
    DONE = "done"
    PRUNED = "pruned"


@dataclass(frozen=True)
class Snapshot:
    """The state of a search after its first ``step`` events.

    Attributes
    ----------
    step : int
    status : mapping path -> Status
        Every node seen so far, and every pruned child (nodes not listed are unseen).
    values : mapping path -> float
        The value known at each node: a leaf's score, an inner node's best so far.
    windows : mapping path -> (alpha, beta)
        The current window of each node on the stack.
    current : path or None
        The node the last event was about.
    pruned : frozenset of paths
        Children cut off so far (their whole subtrees are never looked at).
    best_child : mapping path -> int
        The child that gave each node its current value.
    narration : str
        One sentence saying what the last event did.
    nodes, leaves, cutoffs : int
        Counters so far.
    """

    step: int
    status: Mapping[Address, Status]
    values: Mapping[Address, float]
    windows: Mapping[Address, tuple[float, float]]
    current: Address | None
    pruned: frozenset[Address]
    best_child: Mapping[Address, int]
    narration: str
    nodes: int
    leaves: int
    cutoffs: int

    def status_of(self, path: Address) -> Status:
        """The status of any node, pruned subtrees included."""
        node = path
        while node and self.pruned:
            if node in self.pruned:
                return Status.PRUNED
            node = node[:-1]  # a Path's parent, at once
        return self.status.get(path, Status.UNSEEN)

    def principal_variation(self) -> Address:
        """The path followed by best children from the root, as far as it is known."""
        path: Address = ()
        while path in self.best_child:
            path = path + (self.best_child[path],)
        return path


class Names(MutableMapping[Address, str]):
    """The names of a trace's nodes, each spelt out when it is asked for.

    A node has its own name (the tree's "C", or "root"), or is named by the move into it
    below its parent's name: ``"3·9"`` is move 9 after move 3. Only that last move is kept,
    so a line ``d`` plies deep holds ``d`` short labels, not ``d`` names ``d`` moves long.

    >>> names = Names()
    >>> names[()] = "root"
    >>> names.below((0,), "3"); names.below((0, 1), "9")
    >>> names[(0, 1)], len(names), (0, 2) in names
    ('3·9', 3, False)
    """

    def __init__(self) -> None:
        self._own: dict[Address, str] = {}
        self._moves: dict[Address, str] = {}  # the label of the move into each other node

    def below(self, path: Address, move: str) -> None:
        """Name the node at ``path`` by the move into it, ``move`` (a label)."""
        self._own.pop(path, None)
        self._moves[path] = move

    def __getitem__(self, path: Address) -> str:
        labels: list[str] = []
        node = path
        while node not in self._own:
            labels.append(self._moves[node])  # a KeyError for a node never named
            node = node[:-1]
        base = self._own[node]
        labels.reverse()
        return "·".join(labels if base == "root" and labels else [base, *labels])

    def __setitem__(self, path: Address, name: str) -> None:
        self._moves.pop(path, None)
        self._own[path] = name

    def __delitem__(self, path: Address) -> None:
        if self._own.pop(path, None) is None and self._moves.pop(path, None) is None:
            raise KeyError(path)

    def __contains__(self, path: object) -> bool:
        return path in self._own or path in self._moves

    def __iter__(self) -> Iterator[Address]:
        yield from self._own
        yield from self._moves

    def __len__(self) -> int:
        return len(self._own) + len(self._moves)

    def __repr__(self) -> str:
        return f"Names({dict(self)!r})"


@dataclass
class Trace:
    """The events of one search, with what is needed to tell them as a story.

    Attributes
    ----------
    algorithm : Algorithm
        The search that ran (:data:`~gametheory.search.MINIMAX`, …): its name, and whether
        its values are for the player to move (``negamax``) and it keeps a window.
    events : list of Event
    names : Names (a mapping path -> str)
        A readable name for every node seen (the tree's own names, or the moves played).
    players : dict path -> int
        Who moves at each node seen (0, 1 or CHANCE).
    root_player : int

    Examples
    --------
    >>> from gametheory import tree, minimax
    >>> trace = minimax(tree([[1, 2], [3]]), trace=True).trace
    >>> trace.name((1, 0)), trace.role((1,)), trace.narrate(len(trace))
    ('F', 'MIN', 'A is done: value 3.')
    """

    algorithm: Algorithm
    root_player: Player
    events: list[Event] = field(default_factory=list)
    names: Names = field(default_factory=Names)
    players: dict[Address, Player] = field(default_factory=dict)
    states: dict[Address, Any] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.events)

    @property
    def negamax(self) -> bool:
        """Whether values are for the player to move at each node (negamax), rather than for
        the root player (minimax form)."""
        return self.algorithm.negamax

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def name(self, path: Address) -> str:
        """The node's name, e.g. ``"C"``, or its path when it has none."""
        return self.names.get(path, "·".join(map(str, path)) or "root")

    def role(self, path: Address) -> str:
        """``"MAX"``, ``"MIN"`` or ``"chance"`` for the node at ``path``."""
        player = self.players.get(path, self.root_player)
        if player == CHANCE:
            return "chance"
        return "MAX" if player == self.root_player else "MIN"

    def snapshot(self, k: int | None = None) -> Snapshot:
        """Replay the first ``k`` events (all of them by default).

        Raises
        ------
        StepError
            If ``k`` is not a whole number between 0 and ``len(trace)`` (a
            :class:`~gametheory.core.GameError` and an :class:`IndexError`).
        """
        k = checked_step(k, len(self.events))
        status: dict[Address, Status] = {}
        values: dict[Address, float] = {}
        windows: dict[Address, tuple[float, float]] = {}
        best_child: dict[Address, int] = {}
        pruned: set[Address] = set()
        nodes = leaves = cutoffs = 0
        for event in self.events[:k]:
            path = event.path
            if isinstance(event, Enter):
                nodes += 1
                status[path] = Status.ON_STACK
                windows[path] = (event.alpha, event.beta)
            elif isinstance(event, Leaf):
                leaves += 1
                values[path] = event.value
            elif isinstance(event, Backup):
                if values.get(path) != event.value or path not in best_child:
                    best_child[path] = event.child
                values[path] = event.value
                windows[path] = (event.alpha, event.beta)
            elif isinstance(event, Cutoff):
                cutoffs += 1
                for child in event.pruned_children:
                    pruned.add(path + (child,))
                    status[path + (child,)] = Status.PRUNED
            else:
                status[path] = Status.DONE
                values[path] = event.value
                windows.pop(path, None)
        current = self.events[k - 1].path if k else None
        return Snapshot(
            step=k,
            status=status,
            values=values,
            windows=windows,
            current=current,
            pruned=frozenset(pruned),
            best_child=best_child,
            narration=self.narrate(k),
            nodes=nodes,
            leaves=leaves,
            cutoffs=cutoffs,
        )

    def narrate(self, k: int) -> str:
        """One sentence about event ``k - 1`` (what the ``k``-th step did).

        A node named by a number is called "node 4", so that its name does not read as a
        value.

        >>> from gametheory import tree, minimax
        >>> trace = minimax(tree([1, 3], names=["0", "1", "2"]), trace=True).trace
        >>> trace.narrate(3), trace.narrate(len(trace))
        ('Node 1 is a leaf (the game is over): value 1 for MAX (player A).', 'Node 0 is done: value 3.')
        """
        if k == 0:
            return f"Start: {self.algorithm} is about to search from {self._called(())}."
        event = self.events[k - 1]
        name, subject = self._called(event.path), self._called(event.path, first=True)
        role = self.role(event.path)
        windowed = self.algorithm.windowed
        if isinstance(event, Enter):
            window = f" with window [α = {number_text(event.alpha)}, β = {number_text(event.beta)}]"
            return f"Enter {name} ({role}){window if windowed else ''}."
        if isinstance(event, Leaf):
            how = "the game is over" if event.terminal else "depth limit, evaluation"
            view = "for the player to move" if self.negamax else f"for {self._max_name()}"
            return f"{subject} is a leaf ({how}): value {number_text(event.value)} {view}."
        if isinstance(event, Backup):
            child = self._called(event.path + (event.child,))
            text = f"{subject} ({role}) gets the value of {child}: best so far {number_text(event.value)}"
            if windowed:
                text += (
                    f", window now [α = {number_text(event.alpha)}, β = {number_text(event.beta)}]"
                )
            return text + "."
        if isinstance(event, Cutoff):
            return self._narrate_cutoff(k, event)
        return f"{subject} is done: value {number_text(event.value)}."

    def _called(self, path: Address, *, first: bool = False) -> str:
        """The node's name in a sentence: "node 4" (or, ``first`` in it, "Node 4") when the
        name is a number, so that it does not read as a value."""
        name = self.name(path)
        if not name.isdigit():
            return name
        return f"{'Node' if first else 'node'} {name}"

    def _max_name(self) -> str:
        return f"MAX (player {player_name(self.root_player)})"

    def _narrate_cutoff(self, k: int, event: Cutoff) -> str:
        path = event.path
        value = next(
            e.value
            for e in reversed(self.events[: k - 1])
            if isinstance(e, Backup) and e.path == path
        )
        name = self._called(path)
        children = ", ".join(self._called(path + (c,)) for c in event.pruned_children)
        rest = f"so the rest of its children ({children}) are never looked at."
        # The thesis' terms: an α-cutoff happens below a MIN node, a β-cutoff below MAX.
        if self.negamax:
            kind = "β" if self.role(path) == "MAX" else "α"
            return (
                f"{kind}-cutoff at {name}: {number_text(value)} ≥ β = {number_text(event.beta)} "
                f"(seen by the player to move there), {rest}"
            )
        if self.role(path) == "MIN":
            return (
                f"α-cutoff at {name}: {number_text(value)} ≤ α = {number_text(event.alpha)}, {rest}"
            )
        return f"β-cutoff at {name}: {number_text(value)} ≥ β = {number_text(event.beta)}, {rest}"
