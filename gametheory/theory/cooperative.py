"""Coalitional games in characteristic-function form: who can achieve what together.

Vocabulary, each with its Python representation:

- the **players** are any hashable names (``"A"``, ``"B"``, ``1``, ...);
- a **coalition** is a set of players, a ``frozenset``;
- the **characteristic function** ``v`` gives the value each coalition can secure on its own,
  with ``v(∅) = 0``;
- an **allocation** shares ``v(N)`` out among the players, a ``dict`` player → amount.

Values are compared exactly, as fractions (a float as the decimal it prints as; see
:mod:`gametheory.theory.exact`), so a game means the same in any unit: scaled by 10⁻¹², a
game that is not superadditive still is not.

>>> g = glove_game(left=("L",), right=("R1", "R2"))
>>> g.v({"L", "R1"}), g.v({"R1", "R2"})
(1.0, 0.0)
>>> {player: round(share, 4) for player, share in g.shapley_value().items()}
{'L': 0.6667, 'R1': 0.1667, 'R2': 0.1667}
>>> g.in_core({"L": 1, "R1": 0, "R2": 0})
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import partial
from math import factorial
from typing import TypeAlias

from gametheory.core import GameError
from gametheory.theory.checks import (
    characteristic_table,
    checked_allocation,
    checked_players,
    items_of,
    limit,
)
from gametheory.theory.exact import TOLERANCE, exact_named, is_exact

__all__ = [
    "CoalitionalGame",
    "shapley_value",
    "shapley_value_by_permutations",
    "core_violations",
    "is_superadditive",
    "glove_game",
    "majority_game",
]

Coalition: TypeAlias = frozenset[Hashable]
"""A set of players acting together."""


MAX_SPLITS = 10_000_000
"""The most ways of splitting a coalition in two that :func:`is_superadditive` compares:
``(3^n - 2^(n+1) + 1) / 2`` for ``n`` players, so 15 players (7.2 million, about 1.5 seconds
here; 16 players take 7 seconds, 13 players 0.2) is the most it checks."""

_PARTS = round(1 / TOLERANCE)
"""One over the relative tolerance for amounts typed as floats: 10⁹."""

MAX_ORDERS = 1_000_000
"""The most orders :func:`shapley_value_by_permutations` averages over (9! = 362,880)."""


def _coalitions(players: Sequence[Hashable]) -> Iterator[Coalition]:
    """Every subset of ``players``, smallest first."""
    for size in range(len(players) + 1):
        for members in itertools.combinations(players, size):
            yield frozenset(members)


class CoalitionalGame:
    """A cooperative game ``(N, v)``: players and the value of every coalition.

    Parameters
    ----------
    players : iterable of hashable
        The players, in the order results are reported. A string such as ``"ABC"`` is read as
        the players ``"A"``, ``"B"``, ``"C"``.
    v : mapping or callable
        Either a mapping from coalitions to values, with every non-empty coalition present (the
        empty one may be left out: its value is 0), or a function ``v(coalition) -> number``
        called once for each coalition (a ``frozenset``). A coalition in a mapping can be any
        iterable of players, e.g. ``("A", "B")``, or a string of one-letter player names.

    Raises
    ------
    GameError
        If a coalition is missing or given twice (``"AB"`` and ``"BA"`` are one coalition),
        names someone who is not a player, has a value that is not a finite number, or
        ``v(∅) != 0``; or if there are more than :data:`MAX_PLAYERS` (20) players.

    Examples
    --------
    >>> g = CoalitionalGame("AB", {"A": 1, "B": 2, "AB": 6})
    >>> g.v("AB"), g.shapley_value()
    (6.0, {'A': 2.5, 'B': 3.5})
    >>> CoalitionalGame("AB", {"A": 1, "AB": 6})
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: the characteristic function has no value for coalition {'B'}; give one for every non-empty coalition (4 in all with the empty one)
    """

    def __init__(
        self,
        players: Iterable[Hashable],
        v: Mapping[Iterable[Hashable], float] | Callable[[Coalition], float],
    ) -> None:
        self.players: tuple[Hashable, ...] = checked_players(players)
        values = {s: v(s) for s in _coalitions(self.players)} if callable(v) else self._read(v)
        self._v: dict[Coalition, float] = {}
        self._exact: dict[Coalition, Fraction] = {}
        for s in _coalitions(self.players):
            if s not in values:
                raise GameError(
                    "the characteristic function has no value for coalition "
                    f"{self.coalition_text(s)}; give one for every non-empty coalition "
                    f"({2 ** len(self.players)} in all with the empty one)"
                )
            self._exact[s] = exact_named(values[s], partial(self._value_name, s))
            self._v[s] = float(self._exact[s])
        if self._v[frozenset()] != 0:
            raise GameError(
                f"v(∅) must be 0 (the empty coalition earns nothing), got {values[frozenset()]!r}"
            )

    def _read(self, table: Mapping[Iterable[Hashable], float]) -> dict[Coalition, object]:
        """A characteristic function given as a table, by coalition (v(∅) = 0 if left out)."""
        values: dict[Coalition, object] = {}
        for key, value in characteristic_table(table).items():
            coalition = self.coalition(key)
            if coalition in values:
                raise GameError(
                    f"coalition {self.coalition_text(coalition)} is given twice (as "
                    f"{key!r} and before): the order of the players does not matter; give "
                    "each coalition once"
                )
            values[coalition] = value
        values.setdefault(frozenset(), 0.0)
        return values

    def coalition(self, members: Iterable[Hashable]) -> Coalition:
        """The coalition of ``members``, checked to be players.

        >>> sorted(CoalitionalGame("ABC", lambda s: len(s)).coalition("AC"))
        ['A', 'C']
        """
        if isinstance(members, str) and members in self.players:
            members = (members,)
        result = frozenset(items_of(members, "a coalition", "players", letters=True))
        strangers = result - set(self.players)
        if strangers:
            raise GameError(
                f"coalition {members!r} names {sorted(map(repr, strangers))} who are not "
                f"players; the players are {self.players!r}"
            )
        return result

    def coalition_text(self, coalition: Coalition) -> str:
        """A coalition as messages and tables write it: its members in the players' order.

        >>> majority_game(3).coalition_text(frozenset({3, 1}))
        '{1, 3}'
        """
        return "{" + ", ".join(repr(p) for p in self.players if p in coalition) + "}"

    def _value_name(self, coalition: Coalition) -> str:
        return f"v({self.coalition_text(coalition)})"

    def v(self, coalition: Iterable[Hashable]) -> float:
        """The value of a coalition.

        >>> majority_game(3).v((1, 2))
        1.0
        """
        return self._v[self.coalition(coalition)]

    @property
    def coalitions(self) -> list[Coalition]:
        """Every coalition, smallest first."""
        return list(self._v)

    def __repr__(self) -> str:
        table = {tuple(p for p in self.players if p in s): v for s, v in self._v.items()}
        return f"CoalitionalGame({self.players!r}, {table!r})"

    def shapley_value(self) -> dict[Hashable, float]:
        """Each player's Shapley value; see :func:`shapley_value`."""
        return shapley_value(self)

    def core_violations(self, allocation: Mapping[Hashable, float]) -> list[Coalition]:
        """The coalitions that would rather leave; see :func:`core_violations`."""
        return core_violations(self, allocation)

    def in_core(self, allocation: Mapping[Hashable, float]) -> bool:
        """Whether ``allocation`` shares out exactly ``v(N)`` and no coalition gets less than
        it could earn alone (see :func:`core_violations` for how amounts are compared).

        >>> g = majority_game(3)
        >>> g.in_core({1: 1 / 3, 2: 1 / 3, 3: 1 / 3})
        False
        >>> glove_game().in_core({"L": 1, "R1": 0, "R2": 0})
        True
        """
        x, tolerant = self._checked(allocation)
        total, value = sum(x.values(), Fraction(0)), self._exact[frozenset(self.players)]
        size = abs(value) + sum((abs(a) for a in x.values()), Fraction(0))
        slack = size / _PARTS if tolerant else 0
        return abs(total - value) <= slack and not self.core_violations(allocation)

    def is_superadditive(self, *, max_splits: int = MAX_SPLITS) -> bool:
        """Whether two disjoint coalitions never lose by merging; see :func:`is_superadditive`.

        >>> glove_game().is_superadditive()
        True
        """
        return is_superadditive(self, max_splits=max_splits)

    def _checked(
        self, allocation: Mapping[Hashable, float]
    ) -> tuple[dict[Hashable, Fraction], bool]:
        """The allocation's amounts, exactly (a float as the decimal it prints as), and
        whether any was a float (then compared within a relative tolerance)."""
        allocation = checked_allocation(allocation, self.players)
        x = {
            p: exact_named(allocation[p], partial("the allocation to {!r}".format, p))
            for p in self.players
        }
        return x, not is_exact(allocation.values())

    def _repr_html_(self) -> str:
        """A table of coalitions and their values, with the Shapley value underneath (see
        :func:`gametheory.draw.theory.coalition_table_html`)."""
        from gametheory.draw.theory import coalition_table_html

        return coalition_table_html(self)


def shapley_value(game: CoalitionalGame) -> dict[Hashable, float]:
    """The Shapley value (Shapley 1953), exactly, by the subset formula.

    Player ``i`` receives their marginal contribution ``v(S ∪ {i}) - v(S)`` averaged over all
    orders in which the players could arrive, ``S`` being those who came before ``i``. A
    coalition ``S`` of size ``s`` precedes ``i`` in ``s! (n - s - 1)!`` of the ``n!`` orders, so

        φ_i = Σ_{S ⊆ N \\ {i}}  s! (n - s - 1)! / n!  ·  (v(S ∪ {i}) - v(S)).

    This takes ``2^(n-1)`` terms per player; :func:`shapley_value_by_permutations` computes
    the same numbers from the definition with ``n!`` orders.

    Examples
    --------
    >>> shapley_value(majority_game(3))
    {1: 0.3333333333333333, 2: 0.3333333333333333, 3: 0.3333333333333333}
    """
    n = len(game.players)
    value: dict[Hashable, float] = {}
    for i in game.players:
        others = [p for p in game.players if p != i]
        value[i] = sum(
            factorial(len(s))
            * factorial(n - len(s) - 1)
            / factorial(n)
            * (game.v(s | {i}) - game.v(s))
            for s in _coalitions(others)
        )
    return value


def shapley_value_by_permutations(game: CoalitionalGame) -> dict[Hashable, float]:
    """The Shapley value from its definition: average marginal contributions over all ``n!``
    orders in which the players can join the grand coalition.

    Fine for up to about 8 players, and refused past 9 (:data:`MAX_ORDERS`); use
    :func:`shapley_value` beyond that.

    Examples
    --------
    >>> shapley_value_by_permutations(CoalitionalGame("AB", {"A": 1, "B": 2, "AB": 6}))
    {'A': 2.5, 'B': 3.5}
    """
    n = len(game.players)
    if factorial(n) > MAX_ORDERS:
        raise GameError(
            f"{n} players can arrive in {factorial(n):,} orders, more than "
            f"{MAX_ORDERS:,}: use shapley_value, which needs {2 ** (n - 1):,} coalitions a "
            "player"
        )
    total = dict.fromkeys(game.players, 0.0)
    orders = list(itertools.permutations(game.players))
    for order in orders:
        before: Coalition = frozenset()
        for player in order:
            total[player] += game.v(before | {player}) - game.v(before)
            before = before | {player}
    return {player: amount / len(orders) for player, amount in total.items()}


def core_violations(game: CoalitionalGame, allocation: Mapping[Hashable, float]) -> list[Coalition]:
    """The coalitions ``S`` that get less than they could earn alone: ``Σ_{i∈S} x_i < v(S)``.

    An allocation is in the **core** (Gillies 1959) when it shares out exactly ``v(N)`` and
    this list is empty.

    Values and amounts are compared exactly (see :mod:`gametheory.theory.exact`) when the
    amounts are ints or fractions. Amounts typed as floats, such as ``1 / 3``, are only close
    to the numbers meant, so they may fall short by :data:`~gametheory.theory.exact.TOLERANCE`
    times the size of the numbers compared: a relative tolerance, the same in any unit.

    Examples
    --------
    >>> g = glove_game(left=("L",), right=("R1", "R2"))
    >>> [sorted(s) for s in core_violations(g, {"L": 0.5, "R1": 0.5, "R2": 0})]
    [['L', 'R2']]
    """
    x, tolerant = game._checked(allocation)
    scale = math.lcm(*(q.denominator for q in (*x.values(), *game._exact.values())))
    amounts = [x[p].numerator * (scale // x[p].denominator) for p in game.players]
    total, size = [0] * (1 << len(amounts)), [0] * (1 << len(amounts))
    for mask in range(1, len(total)):  # from the same coalition less its first player
        first = mask & -mask
        amount = amounts[first.bit_length() - 1]
        total[mask], size[mask] = total[mask ^ first] + amount, size[mask ^ first] + abs(amount)
    value = _by_mask(game, scale)
    short = []
    for s, mask in _masks(game):
        shortfall = value[mask] - total[mask]  # and the slack: a part in 10⁹ of the sizes
        if shortfall > 0 and (not tolerant or shortfall * _PARTS > abs(value[mask]) + size[mask]):
            short.append(s)
    return short


def is_superadditive(game: CoalitionalGame, *, max_splits: int = MAX_SPLITS) -> bool:
    """Whether ``v(S ∪ T) >= v(S) + v(T)`` for every pair of disjoint coalitions, exactly.

    Each coalition ``U`` is split into every pair ``S``, ``U \\ S`` once, with coalitions as
    bit masks and the values as integers over a common denominator: ``(3^n - 2^(n+1) + 1) / 2``
    comparisons for ``n`` players, in constant memory. Past ``max_splits``
    (:data:`MAX_SPLITS`, 16 players) the check is refused with a
    :class:`~gametheory.core.GameError` before it starts.

    Examples
    --------
    >>> is_superadditive(CoalitionalGame("AB", {"A": 2, "B": 2, "AB": 3}))
    False
    >>> is_superadditive(CoalitionalGame("AB", {"A": 2e-12, "B": 2e-12, "AB": 3e-12}))
    False
    """
    n = len(game.players)
    splits = (3**n - 2 ** (n + 1) + 1) // 2
    if splits > limit(max_splits, "max_splits"):
        raise GameError(
            f"checking superadditivity of a game with {n} players compares {splits:,} pairs "
            f"of disjoint coalitions, more than max_splits={max_splits:,} (the number grows "
            "as 3^n): check the pairs you need with v, or raise max_splits"
        )
    v = _by_mask(game, math.lcm(*(x.denominator for x in game._exact.values())))
    for union in range(1, 1 << n):
        first = union & -union  # S holds U's first player, so each split is met once
        rest = other = union ^ first
        while other:  # every non-empty T ⊆ U less its first player, and S = U \ T
            if v[union ^ other] + v[other] > v[union]:
                return False
            other = (other - 1) & rest
    return True


def _masks(game: CoalitionalGame) -> Iterator[tuple[Coalition, int]]:
    """Each coalition, in the game's order, with its bit mask (player ``k`` is bit ``k``)."""
    bit = {p: 1 << k for k, p in enumerate(game.players)}
    for s in game.coalitions:
        yield s, sum(map(bit.__getitem__, s))


def _by_mask(game: CoalitionalGame, scale: int) -> list[int]:
    """The values of the coalitions by bit mask, times ``scale`` (a common denominator)."""
    v = [0] * (1 << len(game.players))
    for s, mask in _masks(game):
        x = game._exact[s]
        v[mask] = x.numerator * (scale // x.denominator)
    return v


def glove_game(
    left: Sequence[str] = ("L",), right: Sequence[str] = ("R1", "R2")
) -> CoalitionalGame:
    """The glove game: a pair of gloves (one left, one right) is worth 1.

    ``v(S)`` is the number of complete pairs ``S`` can form: ``min(left gloves, right
    gloves)``. With one left glove and two right ones the scarce left glove gets 2/3 of the
    Shapley value, and the core gives it everything.

    >>> glove_game().v(("L", "R1", "R2"))
    1.0
    """

    def pairs(s: Coalition) -> float:
        return float(min(len(s & set(left)), len(s & set(right))))

    return CoalitionalGame((*left, *right), pairs)


def majority_game(n: int = 3) -> CoalitionalGame:
    """Players ``1..n``; a coalition with a strict majority wins 1, others get 0.

    >>> majority_game(3).v((1,)), majority_game(3).v((1, 3))
    (0.0, 1.0)
    """
    if n < 1:
        raise GameError(f"a majority game needs at least one player, got n={n}")
    return CoalitionalGame(range(1, n + 1), lambda s: 1.0 if 2 * len(s) > n else 0.0)
