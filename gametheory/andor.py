"""AND/OR graphs, winning strategies and solving a game exactly by labelling.

Seen from one player (call her A), a game is an **AND/OR graph**: where A moves she needs
*one* good move (an OR node), where her opponent moves she must be ready for *every* reply
(an AND node; the bundle of replies is one *hyperedge*, drawn as an arc across its edges).
A **winning strategy** is a hyperpath from the start in which every leaf is a win for A.

The vocabulary, and its Python form:

=====================  ==========================================================
position               any hashable state of the game; equal states are one node
:class:`AndOrGraph`    every position reachable from a start, transpositions merged
OR / AND / leaf        ``graph.kind(state)``: the player moves / the opponent moves / over
:class:`Label`         ``WIN``, ``LOSS`` or ``DRAW``
:func:`label`          retrograde analysis: labels (and distances) for every node, all
                       for the graph's player
:class:`Strategy`      one move at every OR node it reaches, every reply at AND nodes
:func:`solve`          the game-theoretic value of every reachable position, each for
                       the player to move there
=====================  ==========================================================

Whose point of view? ``label(graph)[s]`` is for the graph's player (A unless you chose B)
at every node; ``solve(game)[s]`` is for the player to move at ``s``. The two differ
exactly where the other player moves, and every repr and count says which it is.

>>> from gametheory.games.nim import Nim
>>> graph = AndOrGraph.from_game(Nim(5))
>>> labels = label(graph)
>>> labels.root, labels.distance(graph.root)
(<Label.WIN: 'WIN'>, 3)
>>> winning_strategy(graph).move(graph.root)  # leave a multiple of 4
1
"""

from __future__ import annotations

import enum
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from gametheory.checks import (
    checked_state,
    whole_number,
)
from gametheory.core import (
    CHANCE,
    Game,
    GameError,
    Player,
    UnsupportedGameError,
    check_player,
    player_name,
)

__all__ = [
    "Label",
    "WIN",
    "LOSS",
    "DRAW",
    "OR",
    "AND",
    "LEAF",
    "MAX_NODES",
    "GraphTooLargeError",
    "AndOrGraph",
    "Labelling",
    "LabelCounts",
    "label",
    "Strategy",
    "winning_strategy",
    "non_losing_strategy",
    "is_winning_strategy",
    "is_non_losing_strategy",
    "Solution",
    "solve",
]

Position: TypeAlias = Any
"""A game state; it must be hashable, because equal positions become one node."""

Canonical: TypeAlias = Callable[[Any], Any]
"""``canonical(state) -> state``: one representative for every group of equivalent states."""

MAX_NODES = 1_000_000
"""The default size guard of :meth:`AndOrGraph.from_game` (about a few hundred MB)."""

OR, AND, LEAF = "OR", "AND", "leaf"


class Label(enum.Enum):
    """The outcome of a position under perfect play by both sides, for one player.

    A label alone does not say for whom: a :class:`Labelling` holds labels for the graph's
    player, a :class:`Solution` for the player to move in each position.
    """

    WIN = "WIN"
    LOSS = "LOSS"
    DRAW = "DRAW"

    def flipped(self) -> Label:
        """The same outcome seen by the opponent.

        >>> WIN.flipped(), DRAW.flipped()
        (<Label.LOSS: 'LOSS'>, <Label.DRAW: 'DRAW'>)
        """
        return {Label.WIN: Label.LOSS, Label.LOSS: Label.WIN, Label.DRAW: Label.DRAW}[self]

    @classmethod
    def of(cls, utility: float) -> Label:
        """The label of a finished game worth ``utility``: > 0 WIN, < 0 LOSS, 0 DRAW.

        >>> Label.of(0.5), Label.of(0)
        (<Label.WIN: 'WIN'>, <Label.DRAW: 'DRAW'>)
        """
        return cls.WIN if utility > 0 else cls.LOSS if utility < 0 else cls.DRAW


WIN, LOSS, DRAW = Label.WIN, Label.LOSS, Label.DRAW


class GraphTooLargeError(GameError):
    """Building an AND/OR graph would pass its size guard (``max_nodes``)."""


def _kind(game: Game[Any, Any], position: Position, player: Player) -> str:
    """LEAF, OR (``player`` moves) or AND (the opponent moves) — never a chance node."""
    if game.is_terminal(position):
        return LEAF
    mover = game.to_move(position)
    if mover == CHANCE:
        raise UnsupportedGameError(
            f"AND/OR graphs have no chance nodes, but {position!r} is one; "
            "use expectiminimax for games with dice or cards"
        )
    return OR if mover == player else AND


def _check_size(game: Game[Any, Any], size: int, max_nodes: int) -> None:
    """Refuse to grow a graph of ``size`` nodes beyond ``max_nodes``."""
    if size < max_nodes:
        return
    raise GraphTooLargeError(
        f"the AND/OR graph of {game!r} has more than max_nodes={max_nodes} positions; pass a "
        "larger max_nodes= to AndOrGraph.from_game (or solve) if you have the memory, or start "
        "from a later position"
    )


class AndOrGraph:
    """Every position reachable from a start, seen from ``player``.

    Build one with :meth:`from_game`. Nodes are positions (equal states are one node, so
    transpositions merge and cycles are kept). A node is

    * ``OR`` where ``player`` moves: she chooses one edge;
    * ``AND`` where the opponent moves: all its edges together form one hyperedge;
    * ``leaf`` where the game is over; it carries ``utility(state, player)``.

    Nodes are numbered in breadth-first order from the root, so ``graph.ply(state)`` (the
    fewest plies from the start) grows along ``graph.nodes``.

    Examples
    --------
    >>> from gametheory import tree
    >>> t = tree([[1, -1], [0, 1]])
    >>> graph = AndOrGraph.from_game(t)
    >>> len(graph), graph.edge_count, graph.kind(t.root), graph.kind(t.node((0,)))
    (7, 6, 'OR', 'AND')
    >>> [c.name for c in graph.children(t.root)], graph.utility(t.node((0, 1)))
    (['B', 'C'], -1.0)
    """

    def __init__(
        self,
        game: Game[Any, Any],
        player: Player,
        nodes: list[Position],
        kinds: list[str],
        edges: list[tuple[tuple[Any, int], ...]],
        utilities: dict[int, float],
        plies: list[int],
        canonical: Canonical | None,
    ) -> None:
        self.game = game
        self.player = player
        self.canonical = canonical
        self.nodes: tuple[Position, ...] = tuple(nodes)
        self._index = {state: i for i, state in enumerate(nodes)}
        self._kind = kinds
        self._edges = edges
        # distinct successors and predecessors: with symmetry two moves may reach one node
        self._succ = [tuple(dict.fromkeys(c for _, c in moves)) for moves in edges]
        self._pred: list[list[int]] = [[] for _ in nodes]
        for i, succ in enumerate(self._succ):
            for c in succ:
                self._pred[c].append(i)
        self._utility = utilities
        self._ply = plies

    @classmethod
    def from_game(
        cls,
        game: Game[Any, Any],
        state: Position = None,
        player: Player = 0,
        *,
        canonical: Canonical | None = None,
        max_nodes: int = MAX_NODES,
    ) -> AndOrGraph:
        """Build the AND/OR graph of ``game`` from ``state`` (default: the start), for ``player``.

        Parameters
        ----------
        game
            Any two-player game without chance moves.
        state
            The root position; ``None`` means ``game.initial_state()``.
        player
            0 (A) or 1 (B): the player whose moves are the OR edges and for whom the leaves
            are labelled.
        canonical
            Optional ``canonical(state) -> state`` that maps equivalent positions (e.g.
            rotations and reflections of a board, see
            :func:`~gametheory.games.tictactoe.tictactoe_symmetry`) to one
            representative. Every node is then a representative, and a node's children are
            the representatives of the positions its moves reach. The function must map
            equivalent positions to the same state and keep whose turn it is.
        max_nodes
            The size guard: building more nodes than this raises
            :class:`GraphTooLargeError` instead of exhausting memory.

        Raises
        ------
        UnsupportedGameError
            A reachable position is a chance node (dice, cards).
        GameError
            ``player`` is not 0 or 1.
        GraphTooLargeError
            More than ``max_nodes`` positions are reachable.

        Notes
        -----
        The walk is breadth-first with an explicit queue (no recursion), so graphs of long
        games such as Abapa are fine.

        Examples
        --------
        >>> from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
        >>> len(AndOrGraph.from_game(TicTacToe(), canonical=tictactoe_symmetry))
        765
        >>> AndOrGraph.from_game(TicTacToe(), max_nodes=100)
        Traceback (most recent call last):
        ...
        gametheory.andor.GraphTooLargeError: the AND/OR graph of TicTacToe(size=3, k=3) has more than max_nodes=100 positions; pass a larger max_nodes= to AndOrGraph.from_game (or solve) if you have the memory, or start from a later position
        """
        check_player(player)
        max_nodes = whole_number(max_nodes, "max_nodes", minimum=1)
        same: Canonical = canonical if canonical is not None else _identity
        root = same(checked_state(game, state))
        nodes: list[Position] = [root]
        index: dict[Position, int] = {root: 0}
        kinds: list[str] = []
        edges: list[tuple[tuple[Any, int], ...]] = []
        utilities: dict[int, float] = {}
        plies = [0]
        queue: deque[int] = deque([0])  # nodes are numbered in the order they are queued
        while queue:
            i = queue.popleft()
            kinds.append(_kind(game, nodes[i], player))
            if kinds[-1] == LEAF:
                edges.append(())
                utilities[i] = float(game.utility(nodes[i], player))
                continue
            out = []
            for move in game.legal_moves(nodes[i]):
                child = same(game.result(nodes[i], move))
                j = index.get(child)
                if j is None:
                    _check_size(game, len(nodes), max_nodes)
                    j = index[child] = len(nodes)
                    nodes.append(child)
                    plies.append(plies[i] + 1)
                    queue.append(j)
                out.append((move, j))
            edges.append(tuple(out))
        return cls(game, player, nodes, kinds, edges, utilities, plies, canonical)

    # -- looking at the graph ----------------------------------------------------------
    @property
    def root(self) -> Position:
        """The start position (node 0)."""
        return self.nodes[0]

    def __len__(self) -> int:
        return len(self.nodes)

    def __iter__(self) -> Iterator[Position]:
        return iter(self.nodes)

    def __contains__(self, state: object) -> bool:
        try:
            self.index(state)
        except GameError:
            return False
        return True

    def __repr__(self) -> str:
        return (
            f"<AndOrGraph of {self.game!r} {_for_player(self.player)}: {len(self)} nodes, "
            f"{self.edge_count} edges>"
        )

    def index(self, state: Position) -> int:
        """The node number of ``state`` (0 for the root, breadth-first order)."""
        key = state if self.canonical is None else self.canonical(state)
        try:
            return self._index[key]
        except (KeyError, TypeError):
            raise GameError(f"{state!r} is not a position of this AND/OR graph") from None

    @property
    def edge_count(self) -> int:
        """The number of edges between distinct nodes (what labelling is linear in)."""
        return sum(len(s) for s in self._succ)

    def kind(self, state: Position) -> str:
        """``'OR'`` (the player moves), ``'AND'`` (the opponent moves) or ``'leaf'``."""
        return self._kind[self.index(state)]

    def is_leaf(self, state: Position) -> bool:
        """True where the game is over."""
        return self.kind(state) == LEAF

    def moves(self, state: Position) -> tuple[tuple[Any, Position], ...]:
        """``(move, child)`` for every legal move, in the game's order."""
        return tuple((move, self.nodes[j]) for move, j in self._edges[self.index(state)])

    def children(self, state: Position) -> tuple[Position, ...]:
        """The distinct positions one move away; for an AND node, its hyperedge."""
        return tuple(self.nodes[j] for j in self._succ[self.index(state)])

    def parents(self, state: Position) -> tuple[Position, ...]:
        """The positions from which one move reaches ``state``."""
        return tuple(self.nodes[j] for j in self._pred[self.index(state)])

    def utility(self, state: Position) -> float:
        """The payoff of a leaf for the graph's player."""
        i = self.index(state)
        if i not in self._utility:
            raise GameError(f"{state!r} is not a leaf; only finished games have a utility")
        return self._utility[i]

    def ply(self, state: Position) -> int:
        """The fewest plies from the root to ``state`` (the layer it is drawn in)."""
        return self._ply[self.index(state)]

    def to_networkx(self) -> Any:
        """The graph as a ``networkx.DiGraph`` on node numbers.

        Node attributes: ``state``, ``kind``, ``ply`` and, for leaves, ``utility``; edge
        attribute ``moves`` (the moves that lead along it).

        >>> from gametheory.games.nim import Nim
        >>> g = AndOrGraph.from_game(Nim(3)).to_networkx()
        >>> g.number_of_nodes(), g.nodes[0]["kind"], g.edges[0, 1]["moves"]
        (6, 'OR', [1])
        """
        import networkx as nx

        g = nx.DiGraph()
        for i, state in enumerate(self.nodes):
            g.add_node(i, state=state, kind=self._kind[i], ply=self._ply[i])
            if i in self._utility:
                g.nodes[i]["utility"] = self._utility[i]
        for i, moves in enumerate(self._edges):
            for move, j in moves:
                if g.has_edge(i, j):
                    g.edges[i, j]["moves"].append(move)
                else:
                    g.add_edge(i, j, moves=[move])
        return g

    def _repr_svg_(self) -> str | None:
        if len(self) > 200:
            return None  # too big to look at; Jupyter falls back to the repr
        from gametheory.draw.andor import draw_andor

        return str(draw_andor(self))


def _identity(state: Position) -> Position:
    return state


# -- labelling --------------------------------------------------------------------------
class Labelling(Mapping[Position, Label]):
    """The label of every node of an :class:`AndOrGraph`, and its distance to the end.

    A mapping ``state -> Label`` (for the graph's player). ``distance(state)`` is the
    number of plies to the end of the game under perfect play: the winner hurries, the
    loser delays. It is 0 at leaves and ``None`` at drawn positions that are not leaves
    (a draw has no such race).
    """

    def __init__(self, graph: AndOrGraph, labels: list[Label], distances: list[int | None]) -> None:
        self.graph = graph
        self._labels = labels
        self._distances = distances

    def __getitem__(self, state: Position) -> Label:
        return self._labels[self.graph.index(state)]

    def __iter__(self) -> Iterator[Position]:
        return iter(self.graph.nodes)

    def __len__(self) -> int:
        return len(self._labels)

    def distance(self, state: Position) -> int | None:
        """Plies to the end under perfect play; ``None`` for a draw that is not a leaf."""
        return self._distances[self.graph.index(state)]

    @property
    def root(self) -> Label:
        """The label of the start: who has a winning strategy."""
        return self._labels[0]

    def counts(self) -> LabelCounts:
        """How many nodes have each label, for the graph's player.

        >>> from gametheory.games.nim import Nim
        >>> label(AndOrGraph.from_game(Nim(4))).counts()
        <label counts for player 0 (A): WIN 3, LOSS 5, DRAW 0>
        """
        return LabelCounts(Counter(self._labels), _for_player(self.graph.player))

    def __repr__(self) -> str:
        counts = ", ".join(f"{lab.value} {n}" for lab, n in self.counts().items())
        return f"<Labelling {_for_player(self.graph.player)}: root {self.root.value}; {counts}>"


class LabelCounts(dict[Label, int]):
    """How many positions carry each label, and whose point of view the labels are.

    A plain ``{WIN: n, LOSS: n, DRAW: n}`` dictionary (every label present, in that
    order) with one more attribute, ``view``: ``"for player 0 (A)"`` or ``"for the player
    to move"``. The repr says it, so a count is never read from the wrong side.

    >>> from gametheory.games.nim import Nim
    >>> counts = label(AndOrGraph.from_game(Nim(4))).counts()
    >>> counts[WIN], counts.view, counts == {WIN: 3, LOSS: 5, DRAW: 0}
    (3, 'for player 0 (A)', True)
    """

    def __init__(self, counts: Mapping[Label, int], view: str) -> None:
        super().__init__((lab, counts.get(lab, 0)) for lab in Label)
        self.view = view

    def __repr__(self) -> str:
        body = ", ".join(f"{lab.value} {n}" for lab, n in self.items())
        return f"<label counts {self.view}: {body}>"


def _for_player(player: Player) -> str:
    return f"for player {player} ({player_name(player)})"


_FOR_MOVER = "for the player to move"


def label(graph: AndOrGraph) -> Labelling:
    """Label every node WIN / LOSS / DRAW for the graph's player, by retrograde analysis.

    The "colouring" of a game tree, done backwards from the ends so that it also works on
    graphs with transpositions and cycles:

    1. Every leaf gets the sign of its utility (> 0 WIN, < 0 LOSS, 0 DRAW) and goes into a
       queue. Every other node counts its children not yet decided.
    2. Take a decided node from the queue; for each parent still open, one child fewer is
       waiting. The parent is decided as soon as

       * the mover there finds a child good for them (WIN at an OR node, LOSS at an AND
         node): the parent gets that label; or
       * its last child is decided: every child was bad for the mover (the parent gets that
         label) or at least one was a draw (DRAW).

       A decided parent joins the queue.
    3. Nodes never decided lie on cycles that neither side can force a way out of: endless
       play, so DRAW.

    Each edge is looked at once, so the work is linear in the number of edges. Because the
    queue is first-in first-out, a node is decided by its *nearest* good child or by its
    *farthest* bad one, so the distances are those of perfect play: quick wins, slow losses.

    Examples
    --------
    >>> from gametheory import tree
    >>> labels = label(AndOrGraph.from_game(tree([[1, -1], [0, 1]])))
    >>> labels.root, labels.counts()[WIN]
    (<Label.DRAW: 'DRAW'>, 2)
    """
    n = len(graph)
    labels: list[Label | None] = [None] * n
    distances: list[int | None] = [None] * n
    waiting = [len(succ) for succ in graph._succ]
    saw_draw = [False] * n
    queue: deque[int] = deque()
    for i, utility in graph._utility.items():
        labels[i], distances[i] = Label.of(utility), 0
        queue.append(i)
    while queue:
        child = queue.popleft()
        value, distance = labels[child], distances[child]
        for parent in graph._pred[child]:
            if labels[parent] is not None:
                continue
            waiting[parent] -= 1
            good = WIN if graph._kind[parent] == OR else LOSS  # what the mover there wants
            if value is good:
                assert distance is not None
                labels[parent], distances[parent] = good, distance + 1
            elif waiting[parent] == 0:
                if saw_draw[parent] or value is DRAW:
                    labels[parent] = DRAW
                else:  # every child is bad for the mover; this one is the farthest
                    assert distance is not None
                    labels[parent], distances[parent] = good.flipped(), distance + 1
            else:
                saw_draw[parent] = saw_draw[parent] or value is DRAW
                continue
            queue.append(parent)
    return Labelling(graph, [DRAW if lab is None else lab for lab in labels], distances)


# -- strategies -------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Strategy:
    """A solution subgraph: one move at every OR node it reaches, every reply at AND nodes.

    Attributes
    ----------
    graph : AndOrGraph
    guarantees : Label
        ``WIN`` for a winning strategy, ``DRAW`` for a non-losing one (at least a draw).
    choices : Mapping
        The chosen move at every OR position the strategy can reach.
    nodes : frozenset
        Every position the strategy can reach (OR, AND and leaves).
    """

    graph: AndOrGraph
    guarantees: Label
    choices: Mapping[Position, Any]
    nodes: frozenset[Position]

    def move(self, state: Position) -> Any:
        """The move the strategy makes at the OR position ``state``."""
        try:
            return self.choices[state]
        except KeyError:
            raise GameError(
                f"{state!r} is not an OR position this strategy reaches; it only plans "
                "moves for positions that can arise when you follow it"
            ) from None

    def edges(self) -> list[tuple[Position, Position]]:
        """The edges of the solution subgraph: the chosen one at OR nodes, all at AND nodes."""
        out = []
        for state in self.nodes:
            if state in self.choices:
                out.append((state, _successor(self.graph, state, self.choices[state])))
            else:
                out.extend((state, child) for child in self.graph.children(state))
        return out

    def __len__(self) -> int:
        return len(self.nodes)

    def __repr__(self) -> str:
        kind = "winning" if self.guarantees is WIN else "non-losing"
        return f"<Strategy ({kind}) {_for_player(self.graph.player)}: {len(self.nodes)} positions>"

    def _repr_svg_(self) -> str | None:
        return None if len(self.graph) > 200 else _draw(self)


def _draw(strategy: Strategy) -> str:
    from gametheory.draw.andor import draw_andor

    return str(draw_andor(strategy.graph, strategy=strategy))


def winning_strategy(graph: AndOrGraph, labels: Labelling | None = None) -> Strategy | None:
    """A winning strategy for the graph's player, or ``None`` if the root is not a WIN.

    At every OR node the strategy takes the quickest winning move (ties: the first in the
    game's move order); at every AND node it must answer every reply. Distances fall by
    at least one along every edge, so the solution subgraph has no cycles and every one of
    its leaves is a win: the thesis' *hyperpath whose leaves are all wins*.

    Examples
    --------
    >>> from gametheory.games.nim import Nim
    >>> strategy = winning_strategy(AndOrGraph.from_game(Nim(6)))
    >>> strategy.move(strategy.graph.root), len(strategy)
    (2, 6)
    >>> winning_strategy(AndOrGraph.from_game(Nim(8))) is None
    True
    """
    labels = label(graph) if labels is None else labels
    return _strategy(graph, labels, WIN) if labels.root is WIN else None


def non_losing_strategy(graph: AndOrGraph, labels: Labelling | None = None) -> Strategy | None:
    """A strategy that never loses: winning where the root is a WIN, drawing where a DRAW.

    ``None`` when the root is a LOSS. At a drawn OR node the strategy keeps to a drawn
    child (the first in move order); in a game with cycles that may mean endless play,
    which is a draw.

    Examples
    --------
    >>> from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
    >>> graph = AndOrGraph.from_game(TicTacToe(), canonical=tictactoe_symmetry)
    >>> non_losing_strategy(graph).guarantees
    <Label.DRAW: 'DRAW'>
    """
    labels = label(graph) if labels is None else labels
    return None if labels.root is LOSS else _strategy(graph, labels, labels.root)


def _strategy(graph: AndOrGraph, labels: Labelling, guarantees: Label) -> Strategy:
    def rank(item: tuple[int, tuple[Any, int]]) -> tuple[int, int, int]:
        k, (_, j) = item  # wins first, the quickest first; then draws; then the move order
        lab, d = labels._labels[j], labels._distances[j]
        return (0 if lab is WIN else 1 if lab is DRAW else 2, d if lab is WIN and d else 0, k)

    choices: dict[Position, Any] = {}
    seen = {0}
    stack = [0]
    while stack:
        i = stack.pop()
        if graph._kind[i] == OR:
            _, (move, j) = min(enumerate(graph._edges[i]), key=rank)
            choices[graph.nodes[i]] = move
            nexts: Sequence[int] = (j,)
        else:
            nexts = graph._succ[i]
        for j in nexts:
            if j not in seen:
                seen.add(j)
                stack.append(j)
    nodes = frozenset(graph.nodes[i] for i in seen)
    return Strategy(graph, guarantees, choices, nodes)


def _successor(graph: AndOrGraph, state: Position, move: Any) -> Position:
    child = graph.game.result(state, move)
    return child if graph.canonical is None else graph.canonical(child)


def is_winning_strategy(graph: AndOrGraph, strategy: Strategy | Mapping[Position, Any]) -> bool:
    """Check a strategy from the rules alone: does it win against every defence?

    ``strategy`` is a :class:`Strategy` or a plain mapping ``{OR position: move}``. Play
    is followed from the root with the game's own ``legal_moves`` and ``result``: the
    strategy's move at OR positions, every reply at AND positions. It wins if it has a
    legal move at every OR position it reaches, every finished game it reaches has a
    positive utility for the player, and it never goes round in a circle (endless play is
    not a win). Labels are not consulted, so this is an independent check.

    Examples
    --------
    >>> from gametheory.games.nim import Nim
    >>> game = Nim(5)
    >>> graph = AndOrGraph.from_game(game)
    >>> is_winning_strategy(graph, winning_strategy(graph))
    True
    >>> is_winning_strategy(graph, {game.state(5, 0): 2})  # leaves 3: B takes them all
    False
    """
    return _verify(graph, strategy, winning=True)


def is_non_losing_strategy(graph: AndOrGraph, strategy: Strategy | Mapping[Position, Any]) -> bool:
    """Check a strategy from the rules alone: does it avoid losing against every defence?

    As :func:`is_winning_strategy`, but finished games may be draws (utility 0) and endless
    play is allowed (it is a draw).

    >>> from gametheory import tree
    >>> graph = AndOrGraph.from_game(tree([[0, 1], [-1, 5]]))
    >>> strategy = non_losing_strategy(graph)
    >>> strategy.guarantees, is_non_losing_strategy(graph, strategy)
    (<Label.DRAW: 'DRAW'>, True)
    >>> is_winning_strategy(graph, strategy)
    False
    """
    return _verify(graph, strategy, winning=False)


def _verify(
    graph: AndOrGraph, strategy: Strategy | Mapping[Position, Any], *, winning: bool
) -> bool:
    import networkx as nx

    if not isinstance(strategy, Strategy | Mapping):
        raise GameError(
            f"strategy must be a Strategy or a mapping {{OR position: move}}, got {strategy!r}"
        )
    choices = strategy.choices if isinstance(strategy, Strategy) else strategy
    game, player = graph.game, graph.player
    reached = {graph.root}
    stack = [graph.root]
    followed = nx.DiGraph()
    followed.add_node(graph.root)
    while stack:
        state = stack.pop()
        if game.is_terminal(state):
            utility = game.utility(state, player)
            if utility < 0 or (winning and utility == 0):
                return False
            continue
        if game.to_move(state) == player:
            if state not in choices or choices[state] not in list(game.legal_moves(state)):
                return False
            moves: Sequence[Any] = [choices[state]]
        else:
            moves = game.legal_moves(state)
        for move in moves:
            child = _successor(graph, state, move)
            followed.add_edge(state, child)
            if child not in reached:
                reached.add(child)
                stack.append(child)
    return not winning or bool(nx.is_directed_acyclic_graph(followed))


# -- solving a whole game ---------------------------------------------------------------
class Solution(Mapping[Position, Label]):
    """The game-theoretic value of every reachable position, for the player to move there.

    ``solution[state]`` is WIN, LOSS or DRAW *for the player whose turn it is* (at a
    finished position: the player who would move next): the sign of its negamax value.
    ``solution.value`` is the start's. The underlying :class:`AndOrGraph` and
    :class:`Labelling` are ``solution.graph`` and ``solution.labels``; those labels are all
    for one player, ``solution.graph.player`` (whoever moves at the start): the sign of the
    minimax value with that player as MAX. ``solution.for_player(state, p)`` reads a
    position for either player.

    >>> from gametheory.games.nim import Nim
    >>> solution = solve(Nim(5))
    >>> after = Nim(5).state(4, 1)  # A took 1: B to move, 4 left
    >>> solution[after], solution.labels[after], solution.for_player(after, 0)
    (<Label.LOSS: 'LOSS'>, <Label.WIN: 'WIN'>, <Label.WIN: 'WIN'>)
    """

    def __init__(self, graph: AndOrGraph, labels: Labelling) -> None:
        self.graph = graph
        self.labels = labels
        game = graph.game
        self._movers = []
        for state in graph.nodes:
            mover = game.to_move(state)
            self._movers.append(mover if mover in (0, 1) else graph.player)

    def __getitem__(self, state: Position) -> Label:
        i = self.graph.index(state)
        lab = self.labels._labels[i]
        return lab if self._movers[i] == self.graph.player else lab.flipped()

    def __iter__(self) -> Iterator[Position]:
        return iter(self.graph.nodes)

    def __len__(self) -> int:
        return len(self.graph)

    @property
    def value(self) -> Label:
        """The value of the start for the player to move there."""
        return self[self.graph.root]

    def for_player(self, state: Position, player: Player) -> Label:
        """The value of ``state`` for ``player`` (0 or 1)."""
        check_player(player)
        lab = self.labels[state]
        return lab if player == self.graph.player else lab.flipped()

    def distance(self, state: Position) -> int | None:
        """Plies to the end under perfect play (``None`` for a draw that is not over)."""
        return self.labels.distance(state)

    def counts(self, player: Player | None = None) -> LabelCounts:
        """How many positions are wins, losses and draws: for the player to move in each
        position (the default), or all for one ``player`` (0 or 1).

        >>> from gametheory.games.nim import Nim
        >>> solution = solve(Nim(8))
        >>> solution.counts()
        <label counts for the player to move: WIN 11, LOSS 5, DRAW 0>
        >>> solution.counts(player=0)
        <label counts for player 0 (A): WIN 7, LOSS 9, DRAW 0>
        """
        if player is None:
            return LabelCounts(Counter(self[state] for state in self.graph.nodes), _FOR_MOVER)
        check_player(player)
        tally = Counter(self.for_player(state, player) for state in self.graph.nodes)
        return LabelCounts(tally, _for_player(player))

    def __repr__(self) -> str:
        counts = ", ".join(f"{lab.value} {n}" for lab, n in self.counts().items())
        return (
            f"<Solution of {self.graph.game!r}: the start is a {self.value.value} "
            f"{_FOR_MOVER}; {len(self)} positions, {_FOR_MOVER} in each: {counts}>"
        )


def solve(
    game: Game[Any, Any],
    state: Position = None,
    *,
    canonical: Canonical | None = None,
    max_nodes: int = MAX_NODES,
) -> Solution:
    """Solve a game exactly: the value of every position reachable from ``state``.

    Builds the :class:`AndOrGraph` (for the player to move at ``state``) and labels it;
    ``canonical`` and ``max_nodes`` are passed to :meth:`AndOrGraph.from_game`.

    Examples
    --------
    >>> from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
    >>> solution = solve(TicTacToe())
    >>> solution.value, len(solution)
    (<Label.DRAW: 'DRAW'>, 5478)
    >>> len(solve(TicTacToe(), canonical=tictactoe_symmetry))
    765
    """
    start = game.initial_state() if state is None else state
    mover = game.to_move(start)
    player = mover if mover in (0, 1) else 0
    graph = AndOrGraph.from_game(game, start, player, canonical=canonical, max_nodes=max_nodes)
    return Solution(graph, label(graph))
