"""Explicit game trees: the textbook pictures, as games every algorithm can search.

A :class:`GameTree` is a :class:`~gametheory.core.Game` whose states are its
:class:`Node` objects. Build one from nested lists with :func:`tree`: a list is a decision
node, a number is a leaf (the payoff for MAX, the player at the root), and
:class:`Chance` marks a chance node. MAX and MIN alternate level by level.

>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> t
tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> print(t)
A (MAX)
├─ a1 → B (MIN)
│  ├─ b1 → E = 3
│  ├─ b2 → F = 12
│  └─ b3 → G = 8
├─ a2 → C (MIN)
│  ├─ c1 → H = 2
│  ├─ c2 → I = 4
│  └─ c3 → J = 6
└─ a3 → D (MIN)
   ├─ d1 → K = 14
   ├─ d2 → L = 5
   └─ d3 → M = 2
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from numbers import Integral, Real
from typing import Any

from gametheory.checks import (
    checked_evaluation,
    checked_state,
    foreign_state,
    whole_number,
)
from gametheory.core import (
    CHANCE,
    Evaluation,
    Game,
    GameError,
    IllegalMoveError,
    Player,
)
from gametheory.formatting import number_text
from gametheory.tree_specs import (
    Chance,
    SpecCheck,
    bad_subtree,
    chance_items,
    random_spec,
)

__all__ = [
    "Chance",
    "Node",
    "GameTree",
    "tree",
    "random_tree",
    "expand",
    "perft",
    "textbook_names",
]

MAX: Player = 0
MIN: Player = 1


class Node:
    """One node of a :class:`GameTree`. Nodes are immutable and compare by identity.

    Attributes
    ----------
    name : str
        The textbook name (A, B, C, … in breadth-first order) or the given label.
    player : int
        0 (MAX), 1 (MIN) or CHANCE (-1). Leaves carry the player who would move next.
    children : tuple of Node
        In move order; empty for a leaf.
    labels : tuple of str
        The name of the move to each child ("a1", "a2", … unless given).
    probabilities : tuple of float or None
        For a chance node, the probability of each child.
    payoff : float or None
        For a leaf, the payoff for MAX (the player at the root).
    path, depth, parent
        Where the node is: move indices from the root, their number, the node above.
    state, move, evaluation
        For trees made by :func:`expand`: the game position, the game move that led here,
        and the evaluation (or utility) of the position, for the root player.
    """

    __slots__ = (
        "name",
        "player",
        "children",
        "labels",
        "probabilities",
        "payoff",
        "_index",
        "depth",
        "parent",
        "state",
        "move",
        "evaluation",
    )

    name: str
    player: Player
    children: tuple[Node, ...]
    labels: tuple[str, ...]
    probabilities: tuple[float, ...] | None
    payoff: float | None
    _index: int  # which child of its parent this node is (-1 at the root)
    depth: int
    parent: Node | None
    state: Any
    move: Any
    evaluation: float | None

    def __init__(self, *, player: Player, path: tuple[int, ...], parent: Node | None) -> None:
        set_ = object.__setattr__
        set_(self, "name", "")
        set_(self, "player", player)
        set_(self, "children", ())
        set_(self, "labels", ())
        set_(self, "probabilities", None)
        set_(self, "payoff", None)
        set_(self, "_index", path[-1] if path else -1)
        set_(self, "depth", len(path))
        set_(self, "parent", parent)
        set_(self, "state", None)
        set_(self, "move", None)
        set_(self, "evaluation", None)

    @classmethod
    def _child(cls, parent: Node, index: int, player: Player) -> Node:
        """Child ``index`` of ``parent`` (without spelling out the path from the root)."""
        child = cls(player=player, path=(), parent=parent)
        object.__setattr__(child, "_index", index)
        object.__setattr__(child, "depth", parent.depth + 1)
        return child

    @property
    def path(self) -> tuple[int, ...]:
        """The move indices from the root to this node, read off the parents.

        Not stored: a node holds only its own index, so a tree ``d`` plies deep needs memory
        in proportion to its nodes, not to ``d`` times them.
        """
        indices: list[int] = []
        node: Node = self
        while node.parent is not None:
            indices.append(node._index)
            node = node.parent
        return tuple(reversed(indices))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"tree nodes are immutable; cannot set {name!r}")

    # immutable, so a copy is the node itself (as for tuples); pickling restores the slots
    def __copy__(self) -> Node:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Node:
        return self

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        fields = dict(state[1])
        if "path" in fields:  # pickled before nodes kept only their index
            path = fields.pop("path")
            fields["_index"] = path[-1] if path else -1
        for key, value in fields.items():
            object.__setattr__(self, key, value)

    @property
    def is_leaf(self) -> bool:
        """True for a node without children."""
        return not self.children

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"<Node {self.name} = {_number(self.payoff)}>"
        kind = {MAX: "MAX", MIN: "MIN", CHANCE: "chance"}[self.player]
        return f"<Node {self.name} ({kind}), {len(self.children)} children>"


def _number(x: float | None) -> str:
    return "?" if x is None else number_text(x)


def textbook_names() -> Iterator[str]:
    """A, B, …, Z, AA, AB, …: the names textbooks give tree nodes.

    >>> from itertools import islice
    >>> list(islice(textbook_names(), 25, 29))
    ['Z', 'AA', 'AB', 'AC']
    """
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    width = 1
    while True:
        for k in range(len(letters) ** width):
            name = ""
            for _ in range(width):
                k, r = divmod(k, len(letters))
                name = letters[r] + name
            yield name
        width += 1


class GameTree:
    """An explicit game tree; it is itself a game whose states are its nodes.

    Moves are child indices ``0, 1, …`` (the edge labels such as ``"a1"`` are only for
    display). Leaves are the terminal states; ``utility(leaf, 0)`` is the leaf's payoff and
    ``utility(leaf, 1)`` its negation (a zero-sum game between MAX and MIN).

    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> t.legal_moves(t.root), t.result(t.root, 1).name, t.node((2, 0)).payoff
    ((0, 1, 2), 'C', 14.0)
    >>> len(t), t.height
    (13, 2)
    """

    def __init__(self, root: Node) -> None:
        self.root = root
        self._nodes = list(_breadth_first(root))
        self._ids = {id(node) for node in self._nodes}  # the nodes are alive while the tree is

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is one of this tree's nodes (a node of
        another tree, even one built from the same spec, is not)."""
        if not isinstance(state, Node):
            raise foreign_state(self, state, "expected a node of this tree (t.root, t.node(path))")
        if id(state) not in self._ids:
            raise GameError(
                f"node {state.name} is not a position of this tree: it belongs to another tree "
                "(built separately); use this tree's nodes (t.root, t.node(path))"
            )

    # -- the Game protocol -------------------------------------------------------------
    def initial_state(self) -> Node:
        return self.root

    def to_move(self, state: Node) -> Player:
        return state.player

    def legal_moves(self, state: Node) -> tuple[int, ...]:
        return tuple(range(len(state.children)))

    def result(self, state: Node, move: int) -> Node:
        if isinstance(move, bool) or not isinstance(move, Integral):
            raise IllegalMoveError(
                f"move {move!r} at node {state.name}: moves in a tree are child indices 0..."
            )
        if not 0 <= move < len(state.children):
            reason = (
                "it is a leaf and has no moves"
                if state.is_leaf
                else f"it has moves 0..{len(state.children) - 1}"
            )
            raise IllegalMoveError(f"move {move!r} at node {state.name}: {reason}")
        return state.children[int(move)]

    def is_terminal(self, state: Node) -> bool:
        return state.is_leaf

    def utility(self, state: Node, player: Player) -> float:
        if state.payoff is None:
            raise GameError(f"node {state.name} is not a leaf; only leaves have a utility")
        return state.payoff if player == MAX else -state.payoff

    def chance_outcomes(self, state: Node) -> tuple[tuple[int, float], ...]:
        if state.probabilities is None:
            raise GameError(f"node {state.name} is not a chance node")
        return tuple(enumerate(state.probabilities))

    # -- looking at the tree -----------------------------------------------------------
    def node_name(self, state: Node) -> str:
        """The node's textbook name (the :class:`~gametheory.core.NodeNames` protocol)."""
        return state.name

    def move_label(self, move: int, state: Node | None = None) -> str:
        """The edge's label, as the tree was written (the
        :class:`~gametheory.core.MoveNotation` protocol): ``"a1"``, or the key of a dict."""
        if state is not None and isinstance(move, int) and 0 <= move < len(state.labels):
            return state.labels[move]
        return str(move)

    def node(self, path: Sequence[int]) -> Node:
        """The node at ``path`` (a tuple of child indices)."""
        node = self.root
        for i in path:
            if (
                isinstance(i, bool)
                or not isinstance(i, Integral)
                or not 0 <= i < len(node.children)
            ):
                raise GameError(f"no node at path {tuple(path)!r} in this tree")
            node = node.children[i]
        return node

    def nodes(self) -> list[Node]:
        """Every node in breadth-first order (the order of the textbook names)."""
        return list(self._nodes)

    def leaves(self) -> list[Node]:
        """The leaves, left to right."""
        return [n for n in _depth_first(self.root) if n.is_leaf]

    def __len__(self) -> int:
        return len(self._nodes)

    def __iter__(self) -> Iterator[Node]:
        return iter(self._nodes)

    @property
    def height(self) -> int:
        """The number of plies on the longest path from the root to a leaf."""
        return max(node.depth for node in self._nodes)

    def spec(self) -> Any:
        """The nested-list spec that builds this tree (labels and names aside)."""
        return _spec(self.root)

    def text(self, *, max_nodes: int = 200) -> str:
        """An indented picture of the tree, one node a line (at most ``max_nodes`` lines)."""
        lines: list[str] = [_describe(self.root)]
        # iterative depth-first walk, so a 2000-level chain prints without recursion
        todo: list[tuple[Node, int, str]] = [
            (child, i, "") for i, child in reversed(list(enumerate(self.root.children)))
        ]
        while todo:
            node, index, prefix = todo.pop()
            if len(lines) >= max_nodes:
                lines.append(f"… ({len(self) - len(lines)} more nodes)")
                break
            parent = node.parent
            assert parent is not None
            last = index == len(parent.children) - 1
            edge = parent.labels[index]
            if parent.probabilities is not None:
                edge = f"{edge} (p={parent.probabilities[index]:g})"
            lines.append(f"{prefix}{'└─' if last else '├─'} {edge} → {_describe(node)}")
            child_prefix = prefix + ("   " if last else "│  ")
            todo.extend(
                (child, i, child_prefix) for i, child in reversed(list(enumerate(node.children)))
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        if len(self) <= 60 and all(n.probabilities is None for n in self._nodes):
            return f"tree({self.spec()!r})"
        return f"<GameTree {self.root.name}: {len(self)} nodes, height {self.height}>"

    def _repr_svg_(self) -> str:
        from gametheory.draw import draw_tree

        return str(draw_tree(self))


def _describe(node: Node) -> str:
    if node.is_leaf:
        return f"{node.name} = {_number(node.payoff)}"
    kind = {MAX: "MAX", MIN: "MIN", CHANCE: "chance"}[node.player]
    return f"{node.name} ({kind})"


def _spec(node: Node) -> Any:
    if node.is_leaf:
        value = node.payoff
        return int(value) if value is not None and float(value).is_integer() else value
    return [_spec(child) for child in node.children]


def _breadth_first(root: Node) -> Iterator[Node]:
    queue = deque([root])
    while queue:
        node = queue.popleft()
        yield node
        queue.extend(node.children)


def _depth_first(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _set(node: Node, **fields: Any) -> None:
    for key, value in fields.items():
        object.__setattr__(node, key, value)


def tree(spec: Any, *, names: Sequence[str] | None = None) -> GameTree:
    """Build a :class:`GameTree` from nested lists, dicts and :class:`Chance` nodes.

    Parameters
    ----------
    spec
        A number is a leaf (the payoff for MAX; ``±math.inf`` is allowed, NaN is not). A
        list is a decision node whose items are
        its subtrees; a dict ``{move_label: subtree}`` is the same with named moves.
        ``Chance([(p, subtree), ...])`` is a chance node. MAX moves at the root, and the
        players alternate at every decision level (chance nodes do not count).
    names
        Node names in breadth-first order; by default A, B, C, ….

    Returns
    -------
    GameTree

    Raises
    ------
    GameError
        A malformed spec (a ``ValueError``): the message names the path of the offending
        subtree. A list that contains itself is refused too.

    Examples
    --------
    >>> t = tree({"left": [3, 5], "right": {"x": 2, "y": 9}})
    >>> [t.root.labels, t.node((1,)).labels]
    [('left', 'right'), ('x', 'y')]
    >>> tree([[1, 2], "three"])
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: tree spec at path (1,): expected a number, a list, a dict or Chance(...), got 'three'
    """
    root = Node(player=MAX, path=(), parent=None)
    queue: deque[tuple[Node, Any, tuple[int, ...]]] = deque([(root, spec, ())])
    built: list[Node] = []
    spec_check = SpecCheck()  # refuses a malformed subtree, naming its path
    while queue:  # breadth first, so the textbook names come out in order
        node, sub, path = queue.popleft()
        built.append(node)
        spec_check.subtree(sub, path)
        if isinstance(sub, Real):
            _set(node, payoff=float(sub))
            continue
        items: list[tuple[str | None, Any]]
        probabilities: tuple[float, ...] | None = None
        if isinstance(sub, Chance):
            items, probabilities = chance_items(sub, path)
            _set(node, player=CHANCE, probabilities=probabilities)
        elif isinstance(sub, Mapping):
            items = [(str(label), child) for label, child in sub.items()]
        elif isinstance(sub, (list, tuple)):
            items = [(None, child) for child in sub]
        else:
            raise GameError(bad_subtree(path, sub))
        if not items:
            raise GameError(
                f"tree spec at path {path}: an inner node needs at least one child "
                "(write a number for a leaf)"
            )
        # MAX and MIN alternate on decision levels; a chance node passes its decider's
        # turn to the level below it unchanged.
        child_player = _next_player(node)
        children = tuple(Node._child(node, i, child_player) for i in range(len(items)))
        _set(node, children=children, labels=tuple(label or "" for label, _ in items))
        queue.extend(
            (child, item, path + (i,))
            for i, (child, (_, item)) in enumerate(zip(children, items, strict=True))
        )
    _name_nodes(built, names)
    return GameTree(root)


def _next_player(node: Node) -> Player:
    """Who decides below ``node``: the opponent of the last player to decide above it.

    Chance nodes pass the turn through unchanged; below a chance node at the root, MAX
    moves first.
    """
    current: Node | None = node
    while current is not None and current.probabilities is not None:
        current = current.parent
    if current is None:
        return MAX
    return MIN if current.player == MAX else MAX


def _name_nodes(nodes: list[Node], names: Sequence[str] | None) -> None:
    if names is not None and len(names) != len(nodes):
        raise GameError(f"names: the tree has {len(nodes)} nodes but {len(names)} names were given")
    source = iter(names) if names is not None else textbook_names()
    for node in nodes:  # breadth-first order
        _set(node, name=next(source))
    for node in nodes:
        if node.children:
            given = node.labels
            stem = node.name.lower()
            _set(
                node,
                labels=tuple(label or f"{stem}{i + 1}" for i, label in enumerate(given)),
            )


def random_tree(
    branching: int | tuple[int, int] = 3,
    depth: int = 3,
    values: tuple[int, int] = (-9, 9),
    *,
    seed: int | None = None,
) -> GameTree:
    """A random tree for exercises; the same seed gives the same tree.

    Parameters
    ----------
    branching
        Children per inner node, or a range ``(lo, hi)`` to draw each count from.
    depth
        Plies from the root to every leaf.
    values
        Leaf payoffs are integers drawn uniformly from this closed range.
    seed
        Seed for reproducible trees.

    Examples
    --------
    >>> random_tree(2, 2, seed=1) == random_tree(2, 2, seed=1), len(random_tree(2, 2, seed=1))
    (False, 7)
    >>> repr(random_tree(2, 2, seed=1)) == repr(random_tree(2, 2, seed=1))
    True
    """
    if isinstance(branching, tuple) and len(branching) == 2:
        lo, hi = (whole_number(b, "branching", minimum=1) for b in branching)
    else:
        lo = hi = whole_number(branching, "branching (or a range (lo, hi))", minimum=1)
    if hi < lo:
        raise GameError(f"branching must be a range lo <= hi, got {branching!r}")
    depth = whole_number(depth, "depth")
    if (
        not isinstance(values, tuple)
        or len(values) != 2
        or not all(isinstance(v, Integral) and not isinstance(v, bool) for v in values)
        or values[0] > values[1]
    ):
        raise GameError(f"values must be two whole numbers lo <= hi, got {values!r}")
    rng = random.Random(seed)
    return tree(random_spec(rng, (lo, hi), depth, lambda: rng.randint(*values)))


def _leaf_value(
    game: Game[Any, Any], position: Any, player: int, depth: int, evaluate: Evaluation | None
) -> float:
    """A leaf's value for ``player``: the utility if the game is over, else ``evaluate``."""
    if game.is_terminal(position):
        return float(game.utility(position, player))
    if evaluate is None:
        raise GameError(
            f"expand: position at depth {depth} is not finished; pass evaluate= to score it, "
            "or expand deeper"
        )
    return checked_evaluation(evaluate, position, player)


def expand(
    game: Game[Any, Any],
    state: Any = None,
    *,
    depth: int,
    evaluate: Evaluation | None = None,
) -> GameTree:
    """The explicit tree of a real game, ``depth`` plies deep from ``state``.

    Each node keeps the position (``state``), the game ``move`` that led to it, its
    ``parent``, ``children`` and ``depth``, and its ``evaluation`` for the player to move at
    the root: the utility at finished positions, ``evaluate`` at the depth limit. The tree's
    leaves carry that number as their payoff, so every search runs on the result.

    Examples
    --------
    >>> from gametheory.games.nim import Nim
    >>> t = expand(Nim(5), depth=2, evaluate=lambda state, player: 0)
    >>> len(t.root.children), [c.move for c in t.root.children]
    (3, [1, 2, 3])
    >>> t.root.children[0].children[0].state
    NimState(matches=3, to_move=0)
    """
    depth = whole_number(depth, "depth")
    state = checked_state(game, state)
    player = game.to_move(state)
    if player == CHANCE:
        raise GameError("expand: start from a position where a player moves, not a chance node")
    root = Node(player=MAX, path=(), parent=None)
    queue: deque[Node] = deque()
    _set(root, state=state)
    queue.append(root)
    built: list[Node] = []
    while queue:
        node = queue.popleft()
        built.append(node)
        position = node.state
        if game.is_terminal(position) or node.depth == depth:
            value = _leaf_value(game, position, player, depth, evaluate)
            _set(node, payoff=value, evaluation=value)
            continue
        queue.extend(_expand_node(game, node, player))
    _name_nodes(built, None)
    # the move names of a real game are more useful than a1, b2, …
    for node in built:
        _set(node, labels=tuple(str(child.move) for child in node.children))
    for node in built:  # leaves keep the player who would move next, for drawing
        if node.is_leaf and node.parent is not None:
            _set(node, player=_next_player(node.parent))
    return GameTree(root)


def _expand_node(game: Game[Any, Any], node: Node, player: Player) -> tuple[Node, ...]:
    """Give ``node`` (an unfinished position, ``player`` at the root) its children."""
    position = node.state
    mover = game.to_move(position)
    moves = list(game.legal_moves(position))
    if mover == CHANCE:
        outcomes = list(game.chance_outcomes(position))
        moves = [move for move, _ in outcomes]
        _set(node, player=CHANCE, probabilities=tuple(p for _, p in outcomes))
    else:
        _set(node, player=MAX if mover == player else MIN)
    children = []
    for i, move in enumerate(moves):
        child = Node._child(node, i, MIN)
        _set(child, state=game.result(position, move), move=move)
        children.append(child)
    _set(node, children=tuple(children), labels=tuple(str(m) for m in moves))
    return tuple(children)


def perft(game: Game[Any, Any], state: Any = None, *, depth: int) -> int:
    """Count the move sequences of exactly ``depth`` plies from ``state``.

    A finished game has no moves, so a game that ends early counts only at its own
    depth. Chance outcomes count as plies. This is the classic check of a move generator:
    known counts catch missing or extra moves.

    Examples
    --------
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> [perft(TicTacToe(), depth=d) for d in range(5)]
    [1, 9, 72, 504, 3024]
    """
    return _perft(game, checked_state(game, state), whole_number(depth, "depth"))


def _perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(_perft(game, game.result(state, move), depth - 1) for move in moves)
