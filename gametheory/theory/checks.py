"""The checks of the theory's input and the labels of a tree's plans: the validators behind
:class:`gametheory.theory.extensive_form.ExtensiveFormGame` (a node's moves, a chance node's
probabilities, the information sets), the messages of
:func:`gametheory.theory.extensive_form.to_normal_form`, and the players of a
:class:`gametheory.theory.cooperative.CoalitionalGame`. (A normal-form game's tables are read
by :mod:`gametheory.theory.exact`.)

>>> plan_label(("A", "R")), plan_label(("left", "up")), many(10**20)
('AR', 'left/up', 'about 10^20')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from math import isfinite
from numbers import Real
from typing import Any, TypeAlias

from gametheory.checks import whole_number
from gametheory.core import GameError, Player
from gametheory.theory.exact import TOLERANCE, exact

__all__ = [
    "probabilities_of",
    "is_real",
    "is_number",
    "move_labels",
    "probability_of",
    "labelled",
    "grouped_information_sets",
    "too_many_cells",
    "many",
    "plan_label",
    "checked_players",
    "as_labels",
    "items_of",
    "pair_of_names",
    "checked_allocation",
    "characteristic_table",
    "limit",
    "MAX_PLAYERS",
]

Path: TypeAlias = tuple[str, ...]
"""A node's address: the move labels from the root."""

Plan: TypeAlias = tuple[str, ...]
"""A pure strategy: one move per information set of the player."""


def probabilities_of(outcomes: Sequence[Any], paths: Sequence[Path]) -> tuple[Fraction, ...]:
    """The probabilities of a chance node's outcomes, exactly, scaled to sum to exactly 1:
    floats that sum to 1 only within :data:`~gametheory.theory.exact.TOLERANCE`, such as
    three times ``1/3``, become exact thirds."""
    given = [
        exact(probability_of(o, p), f"the probability of {p}")
        for o, p in zip(outcomes, paths, strict=True)
    ]
    total = sum(given, Fraction(0))
    if abs(total - 1) > TOLERANCE:
        shown = {p[-1]: float(q) for p, q in zip(paths, given, strict=True)}
        raise GameError(
            f"the probabilities at chance node {paths[0][:-1]} sum to {float(total):g}, not 1: "
            f"{shown}"
        )
    return tuple(q / total for q in given)


def is_real(x: object) -> bool:
    """A real number, finite or not (:func:`~gametheory.theory.exact.exact` names the
    payoff that is not finite)."""
    return isinstance(x, Real) and not isinstance(x, bool)


def is_number(x: object) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool) and isfinite(x)


def move_labels(moves: Mapping[str, Any], path: Path) -> tuple[str, ...]:
    if not isinstance(moves, Mapping) or not moves:
        raise GameError(f"the node at {path} needs a non-empty dict of moves, got {moves!r}")
    bad = [m for m in moves if not isinstance(m, str)]
    if bad:
        raise GameError(f"move labels must be strings; at {path} got {bad[0]!r}")
    return tuple(moves)


def probability_of(outcome: Any, path: Path) -> float:
    if not (isinstance(outcome, tuple) and len(outcome) == 2 and is_number(outcome[0])):
        raise GameError(f"chance outcome {path} must be (probability, subtree), got {outcome!r}")
    if not 0 <= outcome[0] <= 1:
        raise GameError(f"the probability of {path} must be between 0 and 1, got {outcome[0]}")
    return float(outcome[0])


def labelled(items: list[tuple[Any, Any]], state: Any) -> dict[str, Any]:
    labelled = {str(move): value for move, value in items}
    if len(labelled) != len(items):
        raise GameError(f"two moves in state {state!r} print the same; moves need distinct str()")
    return labelled


def grouped_information_sets(
    nodes: Mapping[Path, Any], groups: Sequence[Sequence[Path]]
) -> tuple[tuple[Player, tuple[str, ...], tuple[Path, ...]], ...]:
    """Check the given groups and add a singleton set for every other decision node: each
    set as ``(player, moves, members)``."""
    grouped: dict[Path, int] = {}
    for k, group in enumerate(items_of(groups, "infosets", "lists of paths")):
        if not group:
            raise GameError(f"information set {k} is empty; list the paths of its nodes")
        for member in items_of(group, f"information set {k}", "paths"):
            path = tuple(items_of(member, f"a path of information set {k}", "move labels"))
            node = nodes.get(path)
            if node is None or node.is_terminal or node.is_chance:
                raise GameError(f"information set {k} names {path}, which is not a decision node")
            if path in grouped:
                raise GameError(f"node {path} is in information sets {grouped[path]} and {k}")
            grouped[path] = k
            first = nodes[tuple(group[0])]  # checked first: every member is compared with it
            if node.player != first.player:
                raise GameError(
                    f"information set {k} mixes players: {first.path} belongs to player "
                    f"{first.player} but {node.path} to player {node.player}"
                )
            if set(node.moves) != set(first.moves):
                raise GameError(
                    f"information set {k} mixes move sets: {first.moves} at {first.path} but "
                    f"{node.moves} at {node.path}; a player must not tell the nodes apart by "
                    "their moves"
                )
    members: dict[int | Path, list[Path]] = {}  # by group, or by path for a node alone
    for path, node in nodes.items():  # tree order
        if not (node.is_terminal or node.is_chance):
            members.setdefault(grouped.get(path, path), []).append(path)
    return tuple((nodes[m[0]].player or 0, nodes[m[0]].moves, tuple(m)) for m in members.values())


def too_many_cells(plans: tuple[int, int], max_cells: int) -> str:
    return (
        f"the normal form would have {many(plans[0])} × {many(plans[1])} cells (one per "
        f"pair of plans), more than max_cells={max_cells:,}; use a smaller game or raise "
        "max_cells"
    )


def many(count: int) -> str:
    """A count for a message: with thousands separators, or as a power of ten if huge."""
    return f"{count:,}" if count < 10**15 else f"about 10^{len(str(count)) - 1}"


def plan_label(plan: Plan) -> str:
    if not plan:
        return "(no move)"
    return "".join(plan) if all(len(move) == 1 for move in plan) else "/".join(plan)


MAX_PLAYERS = 20
"""The most players a coalitional game may have: 2^20, about a million, coalitions."""


def checked_players(players: Iterable[Hashable]) -> tuple[Hashable, ...]:
    """The players as a tuple, checked to be distinct and neither none nor too many."""
    result = tuple(items_of(players, "players", "players", letters=True))
    if not result:
        raise GameError("a coalitional game needs at least one player")
    if len(set(result)) != len(result):
        raise GameError(f"players must be distinct, got {result!r}")
    if len(result) > MAX_PLAYERS:
        raise GameError(
            f"a coalitional game with {len(result)} players has {2 ** len(result):,} "
            f"coalitions, too many to list (at most {MAX_PLAYERS} players, "
            f"{2**MAX_PLAYERS:,} coalitions): group the players into fewer, or compute what "
            "you need from v directly"
        )
    return result


def items_of(value: object, name: str, what: str, *, letters: bool = False) -> list[Any]:
    """The items of a list (any iterable but a dict, and but a string unless ``letters``: a
    string's letters are the items), or a :class:`~gametheory.core.GameError` saying that
    ``name`` must be a list of ``what``.

    >>> items_of((1, 2), "rows", "row indices")
    [1, 2]
    >>> items_of(5, "rows", "row indices")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: rows must be a list of row indices, got 5
    """
    text = isinstance(value, str | bytes) and not letters
    if text or isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise GameError(f"{name} must be a list of {what}, got {value!r}")
    return list(value)


def limit(value: object, name: str) -> int:
    """A limit on the work (``max_vertices``, ``max_cells``, ...): a whole number, at least 1.

    >>> limit("x", "max_cells")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: max_cells must be a whole number >= 1, got 'x'
    """
    return whole_number(value, name, minimum=1)


def as_labels(labels: Sequence[str] | None, count: int, prefix: str, name: str) -> tuple[str, ...]:
    """The strategies' names: ``prefix`` and a number each when ``labels`` is None."""
    if labels is None:
        return tuple(f"{prefix}{k + 1}" for k in range(count))
    result = tuple(str(label) for label in items_of(labels, name, "names, one per strategy"))
    if len(result) != count:
        raise GameError(f"{name} has {len(result)} labels but the game has {count} strategies")
    if len(set(result)) != count:
        raise GameError(f"{name} must be distinct, got {result!r}")
    return result


def pair_of_names(players: object) -> tuple[str, str]:
    """The two players' names of a two-player game, or a
    :class:`~gametheory.core.GameError` naming ``players``.

    >>> pair_of_names(("Alice", "Bob"))
    ('Alice', 'Bob')
    """
    names = items_of(players, "players", "two names")
    if len(names) != 2:
        raise GameError(f"players must be two names, got {players!r}")
    return str(names[0]), str(names[1])


def checked_allocation(allocation: object, players: tuple[Hashable, ...]) -> Mapping[Hashable, Any]:
    """An allocation of a coalitional game, checked to give an amount to each of the
    ``players`` and to no one else (the amounts are read by
    :func:`~gametheory.theory.exact.exact_named`).

    >>> checked_allocation({"A": 1}, ("A", "B"))
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: an allocation needs one amount per player ('A', 'B'), got {'A': 1}
    """
    if not isinstance(allocation, Mapping) or set(allocation) != set(players):
        raise GameError(
            f"an allocation needs one amount per player {players!r}, got "
            f"{dict(allocation) if isinstance(allocation, Mapping) else allocation!r}"
        )
    return allocation


def characteristic_table(table: object) -> Mapping[Any, Any]:
    """A characteristic function given as a table, checked to be a dict (by coalition)."""
    if not isinstance(table, Mapping):
        raise GameError(f"v must be a dict from coalitions to values, or a function, got {table!r}")
    return table
