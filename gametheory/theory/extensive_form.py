"""Games in extensive form: a tree of decisions, chance events and payoffs.

Vocabulary, each with its Python representation:

- a **node** is addressed by its *path*, the tuple of move labels from the root (``()`` is the
  root, ``("U", "A")`` the node reached by U then A);
- a **decision node** belongs to a player (0 = player 1, 1 = player 2, ...) who picks a move;
- a **chance node** picks a move at random with given probabilities;
- a **terminal node** holds a payoff for every player, a tuple such as ``(8, 2)``;
- an **information set** groups decision nodes of one player that the player cannot tell
  apart (drawn joined by a dashed line); by default every node is alone in its set (perfect
  information);
- a **pure strategy** (a *plan*) names a move for every information set of a player, even
  those that the player's own earlier moves make unreachable.

The thesis' example in one statement: player 1 makes a fair (F) or unfair (U) offer, player 2
sees it and accepts (A) or rejects (R).

>>> game = ExtensiveFormGame({"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (8, 2), "R": (0, 0)}})
>>> [str(e) for e in game.backward_induction()]
['U, F→A, U→A  pays (8, 2)']
>>> game.to_normal_form().row_labels, game.to_normal_form().col_labels
(('F', 'U'), ('AA', 'AR', 'RA', 'RR'))
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeAlias

from gametheory.checks import (
    checked_state,
    foreign_state,
    whole_number,
)
from gametheory.core import (
    CHANCE,
    Game,
    GameError,
    IllegalMoveError,
    Player,
    UnsupportedGameError,
)
from gametheory.theory.checks import (
    grouped_information_sets,
    is_real,
    items_of,
    labelled,
    limit,
    many,
    move_labels,
    plan_label,
    probabilities_of,
    too_many_cells,
)
from gametheory.theory.equilibrium_count import average, count_equilibria
from gametheory.theory.exact import exact
from gametheory.theory.normal_form import NormalFormGame

__all__ = [
    "Decision",
    "ChanceNode",
    "ExtensiveFormGame",
    "backward_induction",
    "to_normal_form",
    "ultimatum_game",
]

Path: TypeAlias = tuple[str, ...]
"""A node's address: the move labels from the root."""

Plan: TypeAlias = tuple[str, ...]
"""A pure strategy: one move per information set of the player, in the game's order (in a
reduced plan, ``"*"`` at the sets the plan's own moves exclude)."""

Payoffs: TypeAlias = tuple[Fraction, ...]
"""Exact payoffs, one per player."""

UNREACHED = "*"
"""The move a reduced plan names at an information set its own earlier moves exclude."""

MAX_PLANS = 1_000_000
"""The most plans :meth:`ExtensiveFormGame.pure_strategies` lists for one player."""

MAX_EQUILIBRIA = 1000
"""The most equilibria ``backward_induction(game, every=True)`` lists before it refuses."""


# --------------------------------------------------------------------------- building blocks


@dataclass(frozen=True)
class Decision:
    """A decision node of a given player, for a game spec: ``Decision(1, {"A": ..., "R": ...})``.

    A plain ``dict`` in a spec is a decision node too; its player alternates 0, 1, 0, ... with
    the number of decision nodes above it. Use ``Decision`` to say the player explicitly.

    >>> ExtensiveFormGame(Decision(1, {"x": (1, 2), "y": (0, 3)})).backward_induction()[0].payoffs
    (0.0, 3.0)
    """

    player: Player
    moves: Mapping[str, Any]


@dataclass(frozen=True)
class ChanceNode:
    """A chance node, for a game spec: ``ChanceNode({"heads": (0.5, subtree), ...})``.

    >>> coin = ChanceNode({"heads": (0.5, (2, 0)), "tails": (0.5, (0, 2))})
    >>> ExtensiveFormGame(coin).expected_payoffs(((), ()))
    (1.0, 1.0)
    """

    outcomes: Mapping[str, tuple[float, Any]]


@dataclass(frozen=True)
class Node:
    """One node of an :class:`ExtensiveFormGame`.

    ``player`` is the player to move, :data:`~gametheory.core.CHANCE` for a chance node and
    ``None`` for a terminal node; ``probabilities`` is filled only for chance nodes and
    ``payoffs`` only for terminal nodes.
    """

    path: Path
    player: Player | None
    moves: tuple[str, ...] = ()
    probabilities: tuple[float, ...] = ()
    payoffs: tuple[float, ...] = ()
    exact_probabilities: tuple[Fraction, ...] = field(default=(), compare=False, repr=False)
    """The probabilities as fractions (read as :mod:`gametheory.theory.exact` reads numbers,
    then scaled to sum to exactly 1)."""
    exact_payoffs: Payoffs = field(default=(), compare=False, repr=False)
    """The payoffs as fractions: what backward induction and the normal form compute with."""

    @property
    def is_terminal(self) -> bool:
        """Whether the game ends here."""
        return self.player is None

    @property
    def is_chance(self) -> bool:
        """Whether chance moves here."""
        return self.player == CHANCE

    def children(self) -> list[Path]:
        """The paths of the children, in move order."""
        return [(*self.path, move) for move in self.moves]


@dataclass(frozen=True)
class InformationSet:
    """Decision nodes of one ``player`` that the player cannot tell apart; they have the same
    ``moves``. ``members`` are the nodes' paths in the order they appear in the tree."""

    player: Player
    moves: tuple[str, ...]
    members: tuple[Path, ...]


@dataclass(frozen=True)
class SubgamePerfectEquilibrium:
    """A subgame-perfect equilibrium: a move at every decision node, and the payoffs.

    ``choices`` pairs every decision node (by path, in tree order) with its move, including
    nodes the equilibrium play never reaches: what a player *would* do there is what makes
    the threats credible.
    """

    choices: tuple[tuple[Path, str], ...]
    payoffs: tuple[float, ...]
    exact_payoffs: Payoffs = field(default=(), compare=False, repr=False)

    def move_at(self, path: Path) -> str:
        """The move chosen at the decision node ``path``.

        >>> ultimatum_game().backward_induction()[0].move_at(("F",))
        'A'
        """
        return dict(self.choices)[path]

    def __str__(self) -> str:
        moves = ", ".join(
            "".join(f"{step}→" for step in path) + move for path, move in self.choices
        )
        return f"{moves}  pays ({', '.join(f'{x:g}' for x in self.payoffs)})"


# --------------------------------------------------------------------------- the game


class ExtensiveFormGame:
    """A finite game in extensive form, built from a nested spec.

    Parameters
    ----------
    spec
        The root of the tree. A ``dict`` ``{move: subtree}`` is a decision node whose player
        alternates 0, 1, 0, ... with the number of decision nodes above it; a
        :class:`Decision` names the player explicitly; a :class:`ChanceNode` gives each
        outcome a probability; a tuple of numbers is a terminal node with one payoff per
        player.
    infosets : sequence of sequences of paths
        Groups of decision nodes the mover cannot tell apart, e.g. ``[[("F",), ("U",)]]`` if
        player 2 does not see player 1's move. Nodes not listed are alone in their set.
    players : sequence of str, optional
        Names for display (default ``"Player 1"``, ``"Player 2"``, ...).
    name : str
        A title, for display.

    Raises
    ------
    GameError
        For a spec that is not a tree of the kinds above, payoffs of different lengths,
        probabilities outside [0, 1] or not summing to 1, and information sets that name
        missing nodes, mix players or have different moves.

    Examples
    --------
    Without seeing player 1's move, player 2 cannot make the threat of rejecting depend on it:

    >>> blind = ExtensiveFormGame(
    ...     {"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (8, 2), "R": (0, 0)}},
    ...     infosets=[[("F",), ("U",)]],
    ... )
    >>> blind.is_perfect_information(), blind.to_normal_form().col_labels
    (False, ('A', 'R'))
    >>> ExtensiveFormGame({"a": (1, 2), "b": (1, 2, 3)})
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: terminal node ('b',) has 3 payoffs but terminal node ('a',) has 2; give every terminal node one payoff per player
    """

    def __init__(
        self,
        spec: Any,
        *,
        infosets: Sequence[Sequence[Path]] = (),
        players: Sequence[str] | None = None,
        name: str = "",
    ) -> None:
        self.nodes: dict[Path, Node] = _parse(spec)
        first = next(node for node in self.nodes.values() if node.is_terminal)
        self.n_players = len(first.payoffs)
        for node in self.nodes.values():
            if node.is_terminal and len(node.payoffs) != self.n_players:
                raise GameError(
                    f"terminal node {node.path} has {len(node.payoffs)} payoffs but terminal "
                    f"node {first.path} has {self.n_players}; give every terminal node one "
                    "payoff per player"
                )
            if node.player is not None and node.player >= self.n_players:
                raise GameError(
                    f"node {node.path} belongs to player {node.player} but payoffs are given "
                    f"for {self.n_players} players (0..{self.n_players - 1})"
                )
        self.infosets: tuple[InformationSet, ...] = tuple(
            InformationSet(*s) for s in grouped_information_sets(self.nodes, infosets)
        )
        names = items_of(players, "players", "names") if players is not None else []
        names = names or [f"Player {k + 1}" for k in range(self.n_players)]
        if len(names) != self.n_players:
            raise GameError(f"players has {len(names)} names but the game has {self.n_players}")
        self.players: tuple[str, ...] = tuple(names)
        self.name = name

    def __repr__(self) -> str:
        return (
            f"<ExtensiveFormGame {self.name or ''}{' ' if self.name else ''}"
            f"{len(self.nodes)} nodes, {len(self.infosets)} information sets>"
        )

    @classmethod
    def from_game(
        cls, game: Game[Any, Any], state: Any = None, *, max_nodes: int = 10_000
    ) -> ExtensiveFormGame:
        """The whole tree of any two-player :class:`~gametheory.core.Game` from ``state``.

        Moves are labelled with ``str(move)``; terminal payoffs are ``(utility for 0,
        utility for 1)``. Every position is its own information set (the protocol's games have
        perfect information).

        Raises
        ------
        GameError
            If the tree has more than ``max_nodes`` nodes, or two moves print the same.

        Examples
        --------
        >>> from gametheory.trees import tree
        >>> g = ExtensiveFormGame.from_game(tree([[3, 12], [2, 4]]))
        >>> g.backward_induction()[0].payoffs
        (3.0, -3.0)
        """
        made = itertools.count(1)
        root: dict[str, Any] = {}
        todo = [(checked_state(game, state), _slot(root, "root", None))]
        while todo:  # depth first, with a stack of its own: a deep game needs no recursion
            s, place = todo.pop()
            if next(made) > max_nodes:
                raise GameError(
                    f"the game tree has more than max_nodes={max_nodes} nodes; start from a "
                    "later position or raise max_nodes"
                )
            if game.is_terminal(s):
                place((game.utility(s, 0), game.utility(s, 1)))
                continue
            if game.to_move(s) == CHANCE:
                pairs = list(game.chance_outcomes(s))
                table = labelled([(m, (p, None)) for m, p in pairs], s)
                place(ChanceNode(table))
                children = [(m, _slot(table, str(m), p)) for m, p in pairs]
            else:
                moves = list(game.legal_moves(s))
                table = labelled([(m, None) for m in moves], s)
                place(Decision(game.to_move(s), table))
                children = [(m, _slot(table, str(m), None)) for m in moves]
            todo += [(game.result(s, m), slot) for m, slot in reversed(children)]
        return cls(root["root"])

    # the Game protocol: a state is a path ------------------------------------------------

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is the path of one of this game's
        nodes."""
        try:
            known = isinstance(state, tuple) and state in self.nodes
        except TypeError:  # a tuple holding something unhashable
            known = False
        if not known:
            raise foreign_state(self, state, "expected the path (a tuple of move labels) of a node")

    def initial_state(self) -> Path:
        """The root, ``()``."""
        return ()

    def to_move(self, state: Path) -> Player:
        """The player at a decision node, CHANCE at a chance node (0 at a terminal node)."""
        player = self.node(state).player
        return 0 if player is None else player

    def legal_moves(self, state: Path) -> tuple[str, ...]:
        """The move labels at ``state``, in the order of the spec."""
        return self.node(state).moves

    def result(self, state: Path, move: str) -> Path:
        """The child reached by ``move``.

        >>> ultimatum_game().result(("U",), "A")
        ('U', 'A')
        >>> ultimatum_game().result(("U",), "X")
        Traceback (most recent call last):
        ...
        gametheory.core.IllegalMoveError: move 'X' is not available at ('U',); the moves are ('A', 'R')
        """
        node = self.node(state)
        if move not in node.moves:
            raise IllegalMoveError(
                f"move {move!r} is not available at {state}; the moves are {node.moves}"
            )
        return (*state, move)

    def is_terminal(self, state: Path) -> bool:
        """Whether ``state`` is a terminal node."""
        return self.node(state).is_terminal

    def utility(self, state: Path, player: Player) -> float:
        """The payoff of ``player`` at a terminal node."""
        return self.node(state).payoffs[player]

    def chance_outcomes(self, state: Path) -> tuple[tuple[str, float], ...]:
        """Each move of a chance node with its probability."""
        node = self.node(state)
        return tuple(zip(node.moves, node.probabilities, strict=True))

    def node(self, path: Sequence[str]) -> Node:
        """The node at ``path``, or a :class:`GameError` naming the path."""
        try:
            return self.nodes[tuple(items_of(path, "path", "move labels"))]
        except KeyError:
            raise GameError(f"there is no node at path {tuple(path)!r}") from None

    # structure ---------------------------------------------------------------------------

    def is_perfect_information(self) -> bool:
        """Whether every information set holds a single node.

        >>> ultimatum_game().is_perfect_information()
        True
        """
        return all(len(s.members) == 1 for s in self.infosets)

    def information_sets(self, player: Player) -> list[InformationSet]:
        """The information sets of ``player``, in tree order.

        >>> [s.members for s in ultimatum_game().information_sets(1)]
        [(('F',),), (('U',),)]
        """
        if isinstance(player, bool) or player not in range(self.n_players):
            raise GameError(f"player must be one of 0..{self.n_players - 1}, got {player!r}")
        return [s for s in self.infosets if s.player == player]

    def subgames(self) -> dict[Path, ExtensiveFormGame]:
        """Every subgame, by the path of its root (the whole game is the subgame at ``()``).

        A non-terminal node roots a subgame when it is alone in its information set and every
        information set that meets its subtree lies wholly inside it (Selten 1965).

        >>> list(ultimatum_game().subgames())
        [(), ('F',), ('U',)]
        """
        alone = {s.members[0] for s in self.infosets if len(s.members) == 1}
        result = {}
        for path, node in self.nodes.items():
            if node.is_terminal or not (node.is_chance or path in alone):
                continue
            inside = {p for p in self.nodes if p[: len(path)] == path}
            sets = [s for s in self.infosets if any(m in inside for m in s.members)]
            if all(set(s.members) <= inside for s in sets):
                result[path] = self._subgame(path, sets)
        return result

    def _subgame(self, root: Path, sets: list[InformationSet]) -> ExtensiveFormGame:
        sub = object.__new__(ExtensiveFormGame)
        cut = len(root)
        sub.nodes = {
            p[cut:]: dataclasses.replace(n, path=p[cut:])
            for p, n in self.nodes.items()
            if p[:cut] == root
        }
        sub.n_players, sub.players, sub.name = self.n_players, self.players, self.name
        sub.infosets = tuple(
            InformationSet(s.player, s.moves, tuple(m[cut:] for m in s.members)) for s in sets
        )
        return sub

    # strategies and payoffs -------------------------------------------------------------

    def pure_strategies(self, player: Player, *, max_plans: int = MAX_PLANS) -> list[Plan]:
        """Every plan of ``player``: one move per information set, in tree order.

        Their number is the product of the numbers of moves, which grows exponentially with
        the information sets; more than ``max_plans`` is refused with a
        :class:`~gametheory.core.GameError` before any is listed.

        >>> ultimatum_game().pure_strategies(1)
        [('A', 'A'), ('A', 'R'), ('R', 'A'), ('R', 'R')]
        """
        plans = self.plan_count(player)
        if plans > limit(max_plans, "max_plans"):
            raise GameError(
                f"player {player} has {many(plans)} plans (a move for each of their "
                f"{len(self.information_sets(player))} information sets), more than "
                f"max_plans={max_plans:,}; use a smaller game or raise max_plans"
            )
        return list(itertools.product(*(s.moves for s in self.information_sets(player))))

    def reduced_strategies(self, player: Player, *, max_plans: int = MAX_PLANS) -> list[Plan]:
        """Every reduced plan of ``player``: plans that differ only at information sets the
        plan's own moves exclude are one, with :data:`UNREACHED` (``"*"``) at those sets.

        These are the strategies of the **reduced** strategic form (Gambit's, and the
        textbooks'): a plan that moves out at the first decision never needs a move at the
        second, and two plans that play the same way wherever they are followed give every
        opponent plan the same payoffs. Listed in the order of :meth:`pure_strategies`, whose
        ``max_plans`` bounds the work.

        Examples
        --------
        Player 1 decides twice; after ``Out`` the second decision is never reached:

        >>> g = ExtensiveFormGame(
        ...     {"Out": (1, 1), "In": {"l": Decision(0, {"a": (3, 0), "b": (0, 2)}), "r": (2, 2)}}
        ... )
        >>> g.pure_strategies(0)
        [('Out', 'a'), ('Out', 'b'), ('In', 'a'), ('In', 'b')]
        >>> g.reduced_strategies(0)
        [('Out', '*'), ('In', 'a'), ('In', 'b')]
        """
        sets = self.information_sets(player)
        where = {member: k for k, s in enumerate(sets) for member in s.members}
        found: dict[Plan, None] = {}
        for plan in self.pure_strategies(player, max_plans=max_plans):
            reached = self._reached(player, plan, where)
            reduced = tuple(move if k in reached else UNREACHED for k, move in enumerate(plan))
            found.setdefault(reduced, None)
        return list(found)

    def _reached(self, player: Player, plan: Plan, where: Mapping[Path, int]) -> set[int]:
        """The information sets of ``player`` that play can reach when the player follows
        ``plan`` (``where`` gives each node's set) and everyone else may move anyhow."""
        reached: set[int] = set()
        todo: list[Path] = [()]
        while todo:  # with a stack of its own: a deep tree needs no recursion
            path = todo.pop()
            node = self.nodes[path]
            if node.player == player:
                reached.add(where[path])
                todo.append((*path, plan[where[path]]))
            else:
                todo += node.children()
        return reached

    def plan_count(self, player: Player) -> int:
        """How many plans :meth:`pure_strategies` would list for ``player``.

        >>> ultimatum_game().plan_count(1)
        4
        """
        return math.prod(len(s.moves) for s in self.information_sets(player))

    def expected_payoffs(self, plans: Sequence[Plan]) -> tuple[float, ...]:
        """The expected payoffs when each player follows their plan.

        A reduced plan (see :meth:`reduced_strategies`) may name :data:`UNREACHED` at the sets
        its own moves exclude.

        >>> ultimatum_game().expected_payoffs([("U",), ("R", "R")])
        (0.0, 0.0)
        """
        return tuple(float(x) for x in self._expected_exactly(plans))

    def _expected_exactly(self, plans: Sequence[Plan]) -> Payoffs:
        """The expected payoffs of the plans (checked), exactly."""
        if len(items_of(plans, "plans", "plans")) != self.n_players:
            raise GameError(f"give one plan per player ({self.n_players}), got {plans!r}")
        where = {}
        for player, plan in enumerate(plans):
            sets = self.information_sets(player)
            if len(items_of(plan, f"player {player}'s plan", "moves")) != len(sets):
                raise GameError(
                    f"player {player}'s plan {plan!r} needs one move for each of their "
                    f"{len(sets)} information sets"
                )
            for s, move in zip(sets, plan, strict=True):
                if move == UNREACHED:  # a reduced plan: play must never come here
                    continue
                if move not in s.moves:
                    raise GameError(f"plan move {move!r} is not one of {s.moves} at {s.members}")
                where.update(dict.fromkeys(s.members, move))
        return self._expected(where)

    def _expected(self, choice: Mapping[Path, str]) -> Payoffs:
        """The exact expected payoffs when the move at each decision node is ``choice``'s:
        every terminal node reached, weighted by the chance of reaching it."""
        total = [Fraction(0)] * self.n_players
        todo: list[tuple[Path, Fraction]] = [((), Fraction(1))]
        while todo:  # with a stack of its own: a deep tree needs no recursion
            path, reach = todo.pop()
            node = self.nodes[path]
            if node.is_terminal:
                total = [t + reach * x for t, x in zip(total, node.exact_payoffs, strict=True)]
            elif node.is_chance:
                todo += [
                    ((*path, m), reach * q)
                    for m, q in zip(node.moves, node.exact_probabilities, strict=True)
                ]
            elif path in choice:
                todo.append(((*path, choice[path]), reach))
            else:
                raise GameError(
                    f"the plans reach the decision node {path} but name no move there "
                    f"({UNREACHED!r} is only for information sets the player's own moves exclude)"
                )
        return tuple(total)

    def plans_of(self, equilibrium: SubgamePerfectEquilibrium) -> tuple[Plan, ...]:
        """Each player's plan in a subgame-perfect equilibrium (rows/columns of the normal
        form).

        >>> g = ultimatum_game()
        >>> g.plans_of(g.backward_induction()[0])
        (('U',), ('A', 'A'))
        """
        choices = dict(equilibrium.choices)
        return tuple(
            tuple(choices[s.members[0]] for s in self.information_sets(player))
            for player in range(self.n_players)
        )

    # solutions ---------------------------------------------------------------------------

    def backward_induction(
        self, *, every: bool = False, max_equilibria: int = MAX_EQUILIBRIA
    ) -> Equilibria:
        """A subgame-perfect equilibrium and their number (all of them with ``every=True``);
        see :func:`backward_induction`."""
        return backward_induction(self, every=every, max_equilibria=max_equilibria)

    def to_normal_form(self, *, max_cells: int = 100_000, reduced: bool = False) -> NormalFormGame:
        """The strategic form, or with ``reduced=True`` the reduced one; see
        :func:`to_normal_form`."""
        return to_normal_form(self, max_cells=max_cells, reduced=reduced)

    # pictures (gametheory.draw.theory draws them, imported only when one is asked for) ----

    def draw(
        self, *, equilibrium: SubgamePerfectEquilibrium | None | bool = True, unit: float = 60
    ) -> str:
        """The game tree as an SVG picture (an :class:`~gametheory.draw.svg.Svg`, a ``str``
        that Jupyter shows); see :func:`gametheory.draw.theory.draw_extensive_form`.

        >>> ultimatum_game().draw(equilibrium=None).startswith("<svg")
        True
        """
        from gametheory.draw.theory import draw_extensive_form

        return draw_extensive_form(self, equilibrium=equilibrium, unit=unit)

    def _repr_svg_(self) -> str:
        return str(self.draw())


# --------------------------------------------------------------------------- spec parsing


def _parse(spec: Any) -> dict[Path, Node]:
    """Every node that ``spec`` describes, by path, parents before children and children in
    move order (depth first, with a stack of its own: a deep tree needs no recursion)."""
    nodes: dict[Path, Node] = {}
    todo: list[tuple[Any, Path, int]] = [(spec, (), 0)]
    while todo:
        node, children = _read_node(*todo.pop())
        nodes[node.path] = node
        todo += reversed(children)
    return nodes


def _read_node(
    spec: Any, path: Path, deciders_above: int
) -> tuple[Node, list[tuple[Any, Path, int]]]:
    """The node ``spec`` describes at ``path``, and the specs of its children."""
    if isinstance(spec, Mapping):
        spec = Decision(deciders_above % 2, spec)
    if isinstance(spec, Decision):
        if isinstance(spec.player, bool) or not isinstance(spec.player, int) or spec.player < 0:
            raise GameError(f"the player at {path} must be 0, 1, ..., got {spec.player!r}")
        moves = move_labels(spec.moves, path)
        below = [(spec.moves[m], (*path, m), deciders_above + 1) for m in moves]
        return Node(path, spec.player, moves), below
    if isinstance(spec, ChanceNode):
        moves = move_labels(spec.outcomes, path)
        chances = probabilities_of([spec.outcomes[m] for m in moves], [(*path, m) for m in moves])
        below = [(spec.outcomes[m][1], (*path, m), deciders_above) for m in moves]
        floats = tuple(float(q) for q in chances)
        return Node(path, CHANCE, moves, floats, exact_probabilities=chances), below
    if isinstance(spec, tuple | list) and spec and all(is_real(x) for x in spec):
        payoffs = tuple(exact(x, f"the payoff at {path}") for x in spec)
        floats = tuple(float(x) for x in payoffs)
        return Node(path, None, payoffs=floats, exact_payoffs=payoffs), []
    raise GameError(
        f"cannot read the node at {path}: {spec!r}; use a dict of moves, Decision, "
        "ChanceNode, or a tuple of payoffs (one per player)"
    )


def _slot(table: dict[str, Any], label: str, chance: float | None) -> Callable[[Any], None]:
    """Where the spec of a child goes once it is built: ``table[label]``, with its
    probability at a chance node."""

    def place(spec: Any) -> None:
        table[label] = spec if chance is None else (chance, spec)

    return place


# --------------------------------------------------------------------------- algorithms


class Equilibria(list[SubgamePerfectEquilibrium]):
    """The subgame-perfect equilibria :func:`backward_induction` returns, and how many there
    are in all.

    A list: by default of one equilibrium, with ``every=True`` of all of them. ``total`` is
    the number of pure subgame-perfect equilibria of the game (the listed ones included), or
    None when too many different payoffs are in play to count them.

    >>> tie = ExtensiveFormGame({"L": {"a": (1, 0), "b": (3, 0)}, "R": (2, 5)})
    >>> found = backward_induction(tie)
    >>> [str(e) for e in found], found.total
    (['R, L→a  pays (2, 5)'], 2)
    """

    def __init__(self, found: list[SubgamePerfectEquilibrium], total: int | None) -> None:
        super().__init__(found)
        self.total = total


def backward_induction(
    game: ExtensiveFormGame, *, every: bool = False, max_equilibria: int = MAX_EQUILIBRIA
) -> Equilibria:
    """A pure subgame-perfect equilibrium of a perfect-information game (Zermelo 1913, Kuhn
    1953), the number of them, and on request all of them.

    Work from the leaves up. At a terminal node there is nothing to choose. A chance node
    averages the payoffs of its children; a player picks a child that pays them most. **Tie
    rule:** when several moves pay the mover the most, the equilibrium returned takes the
    first of them in the order of the moves (the spec's order; for
    :meth:`ExtensiveFormGame.from_game`, the game's ``legal_moves`` order, as the searches
    do).

    Every best move, with every combination of equilibria below it, gives an equilibrium of
    its own, so a tie for a player who does not care can still matter to the others, and
    their number can grow exponentially with the ties (an all-zero binary tree of depth 5
    has 2³¹). So they are counted, not listed (``total``): listing them all needs
    ``every=True``, and is refused when there are more than ``max_equilibria``.

    Payoffs are compared exactly (see :mod:`gametheory.theory.exact`): a tie is a tie of the
    numbers given, whatever their size, from 10⁻³⁰⁰ to 10³⁰⁸.

    Returns
    -------
    Equilibria
        A list of one equilibrium (all of them with ``every=True``), with ``total``.

    Raises
    ------
    UnsupportedGameError
        If some information set holds more than one node: use :func:`to_normal_form`.
    GameError
        With ``every=True``, when there are more than ``max_equilibria`` equilibria (or too
        many to count).

    Examples
    --------
    >>> tie = ExtensiveFormGame({"L": {"a": (1, 0), "b": (3, 0)}, "R": (2, 5)})
    >>> [str(e) for e in backward_induction(tie, every=True)]
    ['R, L→a  pays (2, 5)', 'L, L→b  pays (3, 0)']
    """
    if not game.is_perfect_information():
        raise UnsupportedGameError(
            "backward induction needs perfect information, but some information set holds "
            "several nodes; solve game.to_normal_form() instead"
        )
    max_equilibria = whole_number(max_equilibria, "max_equilibria")
    total = count_equilibria(_bottom_up(game), game.n_players)
    if not every:
        found = _equilibria(game, first=True)
    elif total is None or total > max_equilibria:
        many = "too many to count" if total is None else f"{total:,}"
        raise GameError(
            f"the game has {many} subgame-perfect equilibria, more than "
            f"max_equilibria={max_equilibria}: leave out every=True for one of them (and their "
            "number in .total), or raise max_equilibria"
        )
    else:
        found = _equilibria(game)
    return Equilibria(
        [
            SubgamePerfectEquilibrium(
                tuple((p, c[p]) for p in game.nodes if p in c),
                tuple(float(x) for x in payoffs),
                payoffs,
            )
            for payoffs, c in found  # the choices in tree order
        ],
        total,
    )


Solution: TypeAlias = tuple[Payoffs, dict[Path, str]]
"""Payoffs of an equilibrium of a subgame, and its move at each decision node there."""


def _bottom_up(game: ExtensiveFormGame) -> list[Node]:
    """Every node, each after all of its children (the spec lists parents first)."""
    return list(reversed(game.nodes.values()))


def _equilibria(game: ExtensiveFormGame, *, first: bool = False) -> list[Solution]:
    """Every equilibrium, in the order: the tie rule's first, then the others; with
    ``first``, the tie rule's alone (each mover takes its first best move).

    Bottom-up, each node keeps the equilibria of its subgame: a chance node one for every
    combination of its children's, a decision node, for every combination, one for each
    move that pays the mover the most.
    """
    found: dict[Path, list[Solution]] = {}
    for node in _bottom_up(game):
        if node.is_terminal:
            found[node.path] = [(node.exact_payoffs, {})]
            continue
        here = []
        children = [found.pop(child) for child in node.children()]
        for below in itertools.product(*children):
            choices = {p: m for _, c in below for p, m in c.items()}
            if node.is_chance:
                payoffs = average(node.exact_probabilities, [b[0] for b in below])
                here.append((payoffs, choices))
                continue
            mover = node.player or 0
            best = max(p[mover] for p, _ in below)
            for move, (payoffs, _) in zip(node.moves, below, strict=True):
                if payoffs[mover] == best:
                    here.append((payoffs, {node.path: move, **choices}))
        found[node.path] = here[:1] if first else here
    return found[()]


def to_normal_form(
    game: ExtensiveFormGame, *, max_cells: int = 100_000, reduced: bool = False
) -> NormalFormGame:
    """The normal (strategic) form of a two-player game: one row per plan of player 1, one
    column per plan of player 2, expected payoffs in the cells.

    A plan names a move for *every* information set of the player, so a player with ``k``
    binary decisions has ``2^k`` plans. Plans are labelled by their moves in tree order,
    run together when every move is one character (``"AR"``: A at the first set, R at the
    second) and joined by ``/`` otherwise.

    With ``reduced=True`` it is the **reduced** strategic form: plans that differ only at
    information sets their own moves exclude are one row (or column), labelled with ``*``
    at those sets (see :meth:`ExtensiveFormGame.reduced_strategies`). The rows it merges
    were equal for both players, so the equilibria are the same up to how a merged row's
    probability is split; Gambit's strategic form of an extensive game is this one.

    Raises
    ------
    GameError
        If the game does not have exactly two players, or the table would have more than
        ``max_cells`` cells.

    Examples
    --------
    >>> nf = to_normal_form(ultimatum_game())
    >>> nf.payoff(1, 0), nf.pure_nash_equilibria()
    ((8.0, 2.0), [(0, 1), (1, 0), (1, 2)])

    (F, AR) is a Nash equilibrium but not subgame perfect: the threat to reject U is not
    credible. Player 1 of the ultimatum game decides once, so nothing is reduced there; a
    player who decides again after their own first move has fewer reduced plans:

    >>> g = ExtensiveFormGame({"O": (1, 1), "I": {"l": Decision(0, {"a": (3, 0), "b": (0, 2)}),
    ...                                             "r": (2, 2)}})
    >>> g.to_normal_form().row_labels, g.to_normal_form(reduced=True).row_labels
    (('Oa', 'Ob', 'Ia', 'Ib'), ('O*', 'Ia', 'Ib'))
    """
    if game.n_players != 2:
        raise GameError(f"the normal form here is for two players, the game has {game.n_players}")
    plans = game.plan_count(0), game.plan_count(1)
    if (
        plans[0] * plans[1] > limit(max_cells, "max_cells") and not reduced
    ):  # counted before any plan is listed
        raise GameError(too_many_cells(plans, max_cells))
    if reduced:
        rows, cols = game.reduced_strategies(0), game.reduced_strategies(1)
        if len(rows) * len(cols) > max_cells:
            raise GameError(too_many_cells((len(rows), len(cols)), max_cells))
    else:
        rows, cols = game.pure_strategies(0), game.pure_strategies(1)
    cells = [[game._expected_exactly((r, c)) for c in cols] for r in rows]
    return NormalFormGame(
        [[cell[0] for cell in row] for row in cells],
        [[cell[1] for cell in row] for row in cells],
        row_labels=[plan_label(plan) for plan in rows],
        col_labels=[plan_label(plan) for plan in cols],
        players=(game.players[0], game.players[1]),
        name=game.name,
    )


# --------------------------------------------------------------------------- examples


def ultimatum_game() -> ExtensiveFormGame:
    """The thesis' extensive-form example (its figure 1), read as an ultimatum game.

    Player 1 chooses F or U, player 2 sees the choice and answers A or R; U then A pays
    (8, 2). That is all the thesis' text gives (the figure is not in it). The rest is ours:
    the reading as a fair (F) or an unfair (U) offer that player 2 accepts (A) or rejects (R),
    (5, 5) for the fair offer accepted, and (0, 0) for a rejection.

    >>> ultimatum_game().backward_induction()[0].payoffs
    (8.0, 2.0)
    """
    return ExtensiveFormGame(
        {"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (8, 2), "R": (0, 0)}}, name="Ultimatum game"
    )
