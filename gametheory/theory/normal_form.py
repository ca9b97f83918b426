"""Two-player games in normal (strategic) form: a payoff table and what can be read from it.

Vocabulary, each with its Python representation:

- a **pure strategy** is a row (for the row player) or a column, named by its index ``int``;
- a **mixed strategy** is a probability for each pure strategy, a ``tuple[float, ...]``;
- a **payoff matrix** has one row per row-player strategy and one column per column-player
  strategy; a game has two of them (``row_payoffs`` and ``col_payoffs``);
- a **best response** to the opponent's strategy is a strategy with the highest expected payoff;
- a **Nash equilibrium** is a pair of strategies that are best responses to each other
  (:class:`Equilibrium`).

>>> pd = prisoners_dilemma()
>>> pd.pure_nash_equilibria()
[(1, 1)]
>>> pd.row_labels[1], pd.payoff(1, 1)
('betray', (-5.0, -5.0))
>>> pd.pareto_optimal()
[(0, 0), (0, 1), (1, 0)]

Mutual betrayal is the only equilibrium, yet mutual cooperation gives both players more: the
dilemma of the prisoner's dilemma.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from gametheory.core import GameError
from gametheory.theory.checks import as_labels, items_of, pair_of_names
from gametheory.theory.equilibria import (
    MAX_VERTICES,
    Component,
    Equilibrium,
    MixedStrategy,
    equilibrium_components,
    extreme_equilibria,
    rounded,
    support_enumeration,
    too_many_labels,
)
from gametheory.theory.exact import (
    ExactMatrix,
    Matrix,
    as_bimatrix,
    as_matrix,
    as_mixed,
    checked_index,
    dot,
    exact_table,
    expected_with_slack,
    is_best_response,
    is_exact,
    largest,
    shape,
    times,
    transpose,
)
from gametheory.theory.reduction import (
    MAX_EXTREME,
    Lift,
    check_lifts,
    duplicate_groups,
    first_key,
    lift_component,
    lift_equilibrium,
)
from gametheory.theory.zero_sum import constant_sum_break, zero_sum_exactly

__all__ = [
    "NormalFormGame",
    "Equilibrium",
    "best_responses",
    "dominates",
    "iterated_elimination",
    "pure_nash_equilibria",
    "support_enumeration",
    "extreme_equilibria",
    "equilibrium_components",
    "is_degenerate",
    "maximin",
    "saddle_points",
    "pareto_optimal",
    "prisoners_dilemma",
    "matching_pennies",
    "battle_of_the_sexes",
    "stag_hunt",
    "chicken",
    "rock_paper_scissors",
]


Table: TypeAlias = Sequence[Sequence[object]]
"""A table of payoffs as the functions take it: lists (or numpy arrays) of ints, floats or
fractions."""


Profile: TypeAlias = tuple[int, int]
"""A pure strategy profile ``(row, column)``: one cell of the payoff table."""


# --------------------------------------------------------------------------- input checking


# --------------------------------------------------------------------------- best responses


def best_responses(payoffs: Table, opponent: int | Sequence[float]) -> tuple[int, ...]:
    """The pure strategies that do best against ``opponent``'s pure or mixed strategy.

    Parameters
    ----------
    payoffs : Matrix
        The responding player's payoffs, one **row per own strategy** and one column per
        opponent strategy. For the column player pass ``transpose(col_payoffs)``.
    opponent : int or sequence of float
        A pure strategy (column index) or a mixed strategy (probability per column).

    Returns
    -------
    tuple of int
        Every row whose expected payoff is maximal (ties are all reported), in order.

    Notes
    -----
    Payoffs are compared exactly (see :mod:`gametheory.theory.exact`), and so is a pure
    strategy or a mix of ints and fractions: with a payoff of 10¹² in the table, a row that
    pays 1 still beats one that pays 0. A mix of floats such as ``(1/3, 2/3)`` is only close
    to the mix meant, so two rows tie against it when their expected payoffs differ by at most
    :data:`~gametheory.theory.exact.TOLERANCE` times the size of the terms summed.

    Examples
    --------
    >>> best_responses([[3.0, 0.0], [0.0, 2.0]], 1)
    (1,)
    >>> best_responses([[3.0, 0.0], [0.0, 2.0]], (0.4, 0.6))
    (0, 1)
    """
    matrix = exact_table(payoffs, "payoffs")
    mix = as_mixed(opponent, shape(matrix)[1], "opponent strategy")
    expected, slack = expected_with_slack(matrix, mix)
    best = max(range(len(expected)), key=expected.__getitem__)
    return tuple(
        i for i in range(len(expected)) if expected[i] >= expected[best] - slack[i] - slack[best]
    )


def pure_nash_equilibria(row_payoffs: Table, col_payoffs: Table) -> list[Profile]:
    """Every cell ``(i, j)`` in which row ``i`` and column ``j`` are best responses to each other.

    This is the textbook method: underline the row player's best payoff in each column and the
    column player's best payoff in each row; the cells with both underlined are the pure
    equilibria. It is exact for every game, degenerate or not.

    Examples
    --------
    >>> pure_nash_equilibria([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    [(0, 0), (1, 1)]
    """
    a, b = as_bimatrix(row_payoffs, col_payoffs)
    best_in_column = [max(column) for column in transpose(a)]
    best_in_row = [max(row) for row in b]
    m, n = shape(a)
    return [
        (i, j)
        for i in range(m)
        for j in range(n)
        if a[i][j] == best_in_column[j] and b[i][j] == best_in_row[i]
    ]


# --------------------------------------------------------------------------- dominance


def dominates(payoffs: Matrix, better: int, worse: int, *, strict: bool = True) -> bool:
    """Whether row ``better`` dominates row ``worse`` in the owner's ``payoffs``.

    Strict dominance: better in every column. Weak dominance: at least as good in every column
    and better in at least one.

    Examples
    --------
    >>> m = [[1, 1], [1, 0]]
    >>> dominates(m, 0, 1), dominates(m, 0, 1, strict=False)
    (False, True)
    """
    matrix = exact_table(payoffs, "payoffs")
    rows = len(matrix)
    better, worse = checked_index(better, rows, "row"), checked_index(worse, rows, "row")
    return _dominates(matrix, better, worse, strict)


def _dominates(payoffs: ExactMatrix, better: int, worse: int, strict: bool) -> bool:
    difference = [x - y for x, y in zip(payoffs[better], payoffs[worse], strict=True)]
    if strict:
        return all(d > 0 for d in difference)
    return all(d >= 0 for d in difference) and any(d > 0 for d in difference)


@dataclass(frozen=True)
class EliminationStep:
    """One step of iterated elimination: ``player`` (0 = row, 1 = column) drops ``strategy``
    because ``dominated_by`` is better against everything the opponent still plays.

    >>> print(EliminationStep(0, "cooperate", "betray"))
    row player drops cooperate (dominated by betray)
    """

    player: int
    strategy: str
    dominated_by: str

    def __str__(self) -> str:
        who = ("row", "column")[self.player]
        return f"{who} player drops {self.strategy} (dominated by {self.dominated_by})"


@dataclass(frozen=True)
class Elimination:
    """What survives iterated elimination of dominated strategies, and in which order the others
    went.

    ``rows`` and ``cols`` are the indices (in the original game) of the surviving strategies.
    """

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    steps: tuple[EliminationStep, ...]


def iterated_elimination(
    row_payoffs: Table,
    col_payoffs: Table,
    row_labels: Sequence[str] | None = None,
    col_labels: Sequence[str] | None = None,
    *,
    strict: bool = True,
) -> Elimination:
    """Remove dominated pure strategies one at a time until none is left.

    Each step looks for a dominated row first, then a dominated column, and removes the first
    one it finds (dominated by the first strategy that dominates it), so the order of
    elimination is reproducible. With strict dominance the survivors do not depend on the
    order; with weak dominance (``strict=False``) they can, and a Nash equilibrium may be
    eliminated. Only domination by *pure* strategies is checked.

    Examples
    --------
    >>> pd = prisoners_dilemma()
    >>> result = iterated_elimination(pd.row_payoffs, pd.col_payoffs, pd.row_labels, pd.col_labels)
    >>> result.rows, result.cols
    ((1,), (1,))
    >>> for step in result.steps:
    ...     print(step)
    row player drops cooperate (dominated by betray)
    column player drops cooperate (dominated by betray)
    """
    a, b = as_bimatrix(row_payoffs, col_payoffs)
    m, n = shape(a)
    labels = (
        as_labels(row_labels, m, "R", "row_labels"),
        as_labels(col_labels, n, "C", "col_labels"),
    )
    alive = [list(range(m)), list(range(n))]
    steps: list[EliminationStep] = []
    while (step := _one_elimination(a, b, alive, strict)) is not None:
        player, worse, better = step
        alive[player].remove(worse)
        steps.append(EliminationStep(player, labels[player][worse], labels[player][better]))
    return Elimination(tuple(alive[0]), tuple(alive[1]), tuple(steps))


def _one_elimination(
    a: ExactMatrix, b: ExactMatrix, alive: list[list[int]], strict: bool
) -> tuple[int, int, int] | None:
    """``(player, dominated, dominating)`` for the first dominated strategy still alive."""
    rows, cols = alive
    own_views = (_part(a, rows, cols), transpose(_part(b, rows, cols)))
    for player, view in enumerate(own_views):
        for worse, better in itertools.permutations(range(len(alive[player])), 2):
            if _dominates(view, better, worse, strict):
                return player, alive[player][worse], alive[player][better]
    return None


def _part(table: ExactMatrix, rows: Sequence[int], cols: Sequence[int]) -> ExactMatrix:
    """The table with only these rows and columns, in this order."""
    return tuple(tuple(table[i][j] for j in cols) for i in rows)


# --------------------------------------------------------------------------- mixed equilibria


def is_degenerate(
    row_payoffs: Matrix, col_payoffs: Matrix, *, max_vertices: int = MAX_VERTICES
) -> bool:
    """Whether some mixed strategy with support size ``k`` has more than ``k`` best responses.

    This is the definition of degeneracy in von Stengel (2007), Definition 3.5, checked
    exactly on the best-response polytopes of :mod:`gametheory.theory.equilibria`: a mix on
    ``k`` rows with ``k + 1`` best replies is a point of P with more than ``m`` labels, and
    then so is a vertex of the face it lies on. So the game is degenerate exactly when some
    vertex of P carries more than ``m`` labels or some vertex of Q more than ``n``. A game
    with a payoff tie in some row or column against a pure strategy is already degenerate
    (``k = 1``).

    Raises :class:`~gametheory.core.GameError` where
    :func:`~gametheory.theory.equilibria.extreme_equilibria` does: a polytope that may have
    more than ``max_vertices`` vertices, or one too large for pure Python without pycddlib.

    Examples
    --------
    >>> g = prisoners_dilemma()
    >>> is_degenerate(g.row_payoffs, g.col_payoffs)
    False
    >>> is_degenerate([[1, 1], [0, 2]], [[1, 1], [2, 0]])
    True
    """
    a, b = as_bimatrix(row_payoffs, col_payoffs)
    return too_many_labels(a, b, max_vertices)


# --------------------------------------------------------------------------- zero-sum games


@dataclass(frozen=True)
class ZeroSumSolution:
    """The value of a zero-sum game and an optimal (maximin) strategy for each player.

    ``value`` is what the row player can guarantee on average and the column player can hold
    them to (von Neumann's minimax theorem).
    """

    value: float
    row: MixedStrategy
    col: MixedStrategy


def maximin(payoffs: Matrix) -> tuple[float, MixedStrategy]:
    """The best guaranteed expected payoff of the row player, and a mix that guarantees it.

    Solves the linear program: maximise ``v`` subject to ``sum_i x_i payoffs[i, j] >= v`` for
    every column ``j``, ``sum_i x_i = 1`` and ``x >= 0`` (von Neumann 1928; see e.g.
    Maschler, Solan and Zamir, *Game Theory*, 2013, section 5.2.5), exactly, by the simplex
    method (:func:`~gametheory.theory.polytopes.maximise_sum`). For the column player of a
    zero-sum game, call ``maximin`` on its payoffs negated and turned (``transpose``).

    Examples
    --------
    >>> maximin([[1, -1], [-1, 1]])
    (0.0, (0.5, 0.5))
    """
    matrix = exact_table(payoffs, "payoffs")
    value, row, _ = zero_sum_exactly(matrix)
    size = float(largest(matrix))
    return rounded([value], size)[0], rounded(row)


def saddle_points(payoffs: Table) -> list[Profile]:
    """Cells that are the smallest in their row and the largest in their column.

    In a zero-sum game these are exactly the pure equilibria, and the entry is the value.

    Examples
    --------
    >>> saddle_points([[4, 2, 3], [1, 0, 5]])
    [(0, 1)]
    """
    matrix = exact_table(payoffs, "payoffs")
    col_max = [max(column) for column in transpose(matrix)]
    return [
        (i, j)
        for i, row in enumerate(matrix)
        for j, x in enumerate(row)
        if x == min(row) and x == col_max[j]
    ]


def pareto_optimal(row_payoffs: Table, col_payoffs: Table) -> list[Profile]:
    """The cells no other cell Pareto-dominates (better for one player, worse for neither).

    Examples
    --------
    >>> pareto_optimal([[-1, -10], [0, -5]], [[-1, 0], [-10, -5]])
    [(0, 0), (0, 1), (1, 0)]
    """
    a, b = as_bimatrix(row_payoffs, col_payoffs)
    m, n = shape(a)
    cells = [(i, j) for i in range(m) for j in range(n)]

    def dominated(i: int, j: int) -> bool:
        return any(
            a[k][l] >= a[i][j] and b[k][l] >= b[i][j] and (a[k][l], b[k][l]) != (a[i][j], b[i][j])
            for k, l in cells
        )

    return [(i, j) for i, j in cells if not dominated(i, j)]


# --------------------------------------------------------------------------- the game

_Found = TypeVar("_Found", Equilibrium, Component)


class NormalFormGame:
    """A two-player game in normal form: one payoff matrix per player.

    Parameters
    ----------
    row_payoffs : 2-d table of numbers
        ``row_payoffs[i][j]`` is the row player's payoff when they play ``i`` and the column
        player plays ``j``.
    col_payoffs : 2-d table of numbers, optional
        The column player's payoffs, same shape. Omit it for a zero-sum game:
        ``col_payoffs = -row_payoffs``.
    row_labels, col_labels : sequence of str, optional
        Names of the strategies (default ``R1, R2, ...`` and ``C1, C2, ...``).
    players : pair of str
        Names of the two players, for display.
    name : str
        A title, for display.

    Raises
    ------
    GameError
        For ragged or non-numeric tables, shapes that differ, or labels of the wrong number.

    Examples
    --------
    >>> g = NormalFormGame([[3, 0], [5, 1]], [[3, 5], [0, 1]], row_labels=("C", "D"),
    ...                    col_labels=("C", "D"))
    >>> g.pure_nash_equilibria(), g.is_symmetric(), g.is_zero_sum()
    ([(1, 1)], True, False)
    >>> NormalFormGame([[1, 2], [3]])
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: row_payoffs is ragged or empty: its rows have lengths [2, 1]; ...
    """

    def __init__(
        self,
        row_payoffs: object,
        col_payoffs: object | None = None,
        *,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        players: tuple[str, str] = ("Row", "Column"),
        name: str = "",
    ) -> None:
        a, b = as_bimatrix(row_payoffs, col_payoffs)
        self.exact_payoffs: tuple[ExactMatrix, ExactMatrix] = (a, b)
        """The two payoff tables as fractions: what every comparison uses."""
        self.row_payoffs: Matrix = as_matrix(a, "row_payoffs")
        self.col_payoffs: Matrix = as_matrix(b, "col_payoffs")
        m, n = self.shape
        self.row_labels = as_labels(row_labels, m, "R", "row_labels")
        self.col_labels = as_labels(col_labels, n, "C", "col_labels")
        self.players = pair_of_names(players)
        self.name = name

    def __repr__(self) -> str:
        return (
            f"NormalFormGame({_lists(self.row_payoffs)}, {_lists(self.col_payoffs)}, "
            f"row_labels={self.row_labels!r}, col_labels={self.col_labels!r}, "
            f"players={self.players!r}, name={self.name!r})"
        )

    @property
    def shape(self) -> tuple[int, int]:
        """``(number of row strategies, number of column strategies)``."""
        return shape(self.row_payoffs)

    def payoff(self, row: int, col: int) -> tuple[float, float]:
        """The payoffs ``(row player, column player)`` in one cell.

        >>> prisoners_dilemma().payoff(0, 1)
        (-10.0, 0.0)
        >>> prisoners_dilemma().payoff(-1, 0)
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: row -1 does not exist: rows are 0..1
        """
        m, n = self.shape
        i, j = checked_index(row, m, "row"), checked_index(col, n, "column")
        return self.row_payoffs[i][j], self.col_payoffs[i][j]

    def expected_payoffs(
        self, row: int | Sequence[float], col: int | Sequence[float]
    ) -> tuple[float, float]:
        """Expected payoffs when the players use these pure or mixed strategies.

        >>> matching_pennies().expected_payoffs((0.5, 0.5), 0)
        (0.0, 0.0)
        """
        m, n = self.shape
        x, y = as_mixed(row, m, "row strategy"), as_mixed(col, n, "column strategy")
        if is_exact(x) and is_exact(y):
            tables: tuple[Table, Table] = self.exact_payoffs
        else:
            x, y = tuple(map(float, x)), tuple(map(float, y))
            tables = self.row_payoffs, self.col_payoffs
        return float(dot(x, times(tables[0], y))), float(dot(x, times(tables[1], y)))

    def restrict(self, rows: Sequence[int], cols: Sequence[int]) -> NormalFormGame:
        """The game in which only these rows and columns may be played.

        >>> g = prisoners_dilemma()
        >>> e = g.iterated_elimination()
        >>> g.restrict(e.rows, e.cols).row_labels
        ('betray',)
        """
        m, n = self.shape
        kept = (
            [checked_index(i, m, "row") for i in items_of(rows, "rows", "row indices")],
            [checked_index(j, n, "column") for j in items_of(cols, "cols", "column indices")],
        )
        for what, indices in zip(("row", "column"), kept, strict=True):
            if not indices:
                raise GameError(f"restrict needs at least one {what} to keep")
        return NormalFormGame(
            _part(self.exact_payoffs[0], *kept),
            _part(self.exact_payoffs[1], *kept),
            row_labels=[self.row_labels[i] for i in kept[0]],
            col_labels=[self.col_labels[j] for j in kept[1]],
            players=self.players,
            name=self.name,
        )

    # best responses and dominance --------------------------------------------------------

    def row_best_responses(self, col: int | Sequence[float]) -> tuple[int, ...]:
        """The row player's best responses to a pure or mixed column strategy.

        >>> prisoners_dilemma().row_best_responses(0)
        (1,)
        """
        return best_responses(self.exact_payoffs[0], col)

    def col_best_responses(self, row: int | Sequence[float]) -> tuple[int, ...]:
        """The column player's best responses to a pure or mixed row strategy.

        >>> battle_of_the_sexes().col_best_responses((0.6, 0.4))
        (0, 1)
        """
        return best_responses(transpose(self.exact_payoffs[1]), row)

    def iterated_elimination(self, *, strict: bool = True) -> Elimination:
        """Iterated elimination of dominated strategies; see :func:`iterated_elimination`.

        >>> [str(step) for step in prisoners_dilemma().iterated_elimination().steps][0]
        'row player drops cooperate (dominated by betray)'
        """
        return iterated_elimination(
            *self.exact_payoffs, self.row_labels, self.col_labels, strict=strict
        )

    # equilibria ---------------------------------------------------------------------------

    def pure_nash_equilibria(self) -> list[Profile]:
        """Cells where both strategies are best responses; see :func:`pure_nash_equilibria`.

        >>> battle_of_the_sexes().pure_nash_equilibria()
        [(0, 0), (1, 1)]
        """
        return pure_nash_equilibria(*self.exact_payoffs)

    def is_degenerate(self) -> bool:
        """See :func:`is_degenerate`.

        >>> rock_paper_scissors().is_degenerate()
        False
        """
        return is_degenerate(self.row_payoffs, self.col_payoffs)

    def nash_equilibria(
        self, *, max_vertices: int = MAX_VERTICES, max_equilibria: int = MAX_EXTREME
    ) -> list[Equilibrium]:
        """Every extreme Nash equilibrium, pure and mixed, exactly and each once.

        Strictly dominated strategies are removed first (no equilibrium plays them, so the
        equilibria do not change; see :meth:`iterated_elimination`), and of each group of
        duplicate strategies (equal for both players, as the plans of a tree that differ
        only where they are never followed) one is kept. Then
        :func:`~gametheory.theory.equilibria.extreme_equilibria` enumerates the vertices of
        the best-response polytopes, and each corner found is lifted back with its weight on
        any one copy of each duplicate. In a non-degenerate game these are all the
        equilibria, the ones support enumeration finds; in a degenerate game the equilibria
        can form segments and larger sets, whose corners are listed here (see
        :meth:`equilibrium_components` for the sets).

        Raises :class:`~gametheory.core.GameError` for a game whose polytopes, after the
        elimination, may have more than ``max_vertices`` vertices (a 12 × 12 game), and
        for one whose duplicates make more than ``max_equilibria`` corners
        (:data:`MAX_EXTREME`).

        Examples
        --------
        >>> [e.payoffs for e in stag_hunt().nash_equilibria()]
        [(4.0, 4.0), (2.0, 2.0), (2.666666666667, 2.666666666667)]
        >>> stag_hunt().nash_equilibria()[2].exact_row
        (Fraction(2, 3), Fraction(1, 3))
        """
        return self._undominated(extreme_equilibria, max_vertices, max_equilibria, lift_equilibrium)

    def equilibrium_components(
        self, *, max_vertices: int = MAX_VERTICES, max_equilibria: int = MAX_EXTREME
    ) -> list[Component]:
        """The components of the set of Nash equilibria and their maximal Nash subsets; see
        :func:`~gametheory.theory.equilibria.equilibrium_components`.

        >>> g = NormalFormGame([[1, 1], [0, 2]], [[1, 1], [2, 0]])
        >>> [len(c.equilibria) for c in g.equilibrium_components()]
        [2]
        """
        return self._undominated(
            equilibrium_components, max_vertices, max_equilibria, lift_component
        )

    def _undominated(
        self,
        solve: Callable[..., list[_Found]],
        max_vertices: int,
        max_equilibria: int,
        lift: Callable[[_Found, Lift], list[_Found]],
    ) -> list[_Found]:
        """``solve`` run on the game without its strictly dominated strategies and with one
        of each group of duplicate strategies, its answers lifted back to this game by
        ``lift``."""
        kept = self.iterated_elimination()
        a, b = self.exact_payoffs
        groups = (
            duplicate_groups(a, b, kept.rows),
            duplicate_groups(transpose(a), transpose(b), kept.cols),
        )
        if (len(groups[0]), len(groups[1])) == self.shape:
            return solve(a, b, max_vertices=max_vertices)
        small = self.restrict([g[0] for g in groups[0]], [g[0] for g in groups[1]])
        found = solve(*small.exact_payoffs, max_vertices=max_vertices)
        check_lifts(found, groups, small.shape, max_equilibria)
        lifted = [big for one in found for big in lift(one, Lift(groups, self.shape, (a, b)))]
        return sorted(set(lifted), key=first_key)

    def is_nash_equilibrium(self, row: int | Sequence[float], col: int | Sequence[float]) -> bool:
        """Whether the two (pure or mixed) strategies are best responses to each other.

        >>> prisoners_dilemma().is_nash_equilibrium(1, 1)
        True
        >>> prisoners_dilemma().is_nash_equilibrium(0, 0)
        False
        """
        m, n = self.shape
        x, y = as_mixed(row, m, "row strategy"), as_mixed(col, n, "column strategy")
        a, b = self.exact_payoffs
        return is_best_response(a, x, y) and is_best_response(transpose(b), y, x)

    # zero-sum games -----------------------------------------------------------------------

    def _constant_sum_table(self, what: str) -> ExactMatrix:
        """The row player's payoffs, once the game is known to be constant-sum (see
        :func:`~gametheory.theory.zero_sum.constant_sum_break`)."""
        a, b = self.exact_payoffs
        broken = constant_sum_break(a, b)
        if broken:
            raise GameError(
                f"{what} needs a zero-sum (or constant-sum) game but "
                f"{self.name or 'this game'} is not one: {broken}; use nash_equilibria() for "
                "general games"
            )
        return a

    def zero_sum_solution(self) -> ZeroSumSolution:
        """The value and optimal mixed strategies of a zero-sum (or constant-sum) game, by
        linear programming (see :func:`maximin`), exactly.

        The value is the row player's payoff; in a constant-sum game the column player gets the
        constant minus it. The cells' sums may differ by float rounding (``1 - 0.7`` is
        ``0.30000000000000004``): within :data:`~gametheory.theory.exact.TOLERANCE` of the
        largest payoff the game counts as constant-sum here (and the row player's payoffs
        decide), though :meth:`is_constant_sum` answers exactly.

        >>> solution = rock_paper_scissors().zero_sum_solution()
        >>> solution.value, solution.row
        (0.0, (0.333333333333, 0.333333333333, 0.333333333333))
        """
        a = self._constant_sum_table("zero_sum_solution()")
        value, row, col = zero_sum_exactly(a)
        size = float(largest(a))
        return ZeroSumSolution(rounded([value], size)[0], rounded(row), rounded(col))

    def saddle_points(self) -> list[Profile]:
        """Pure equilibria of a zero-sum game; see :func:`saddle_points`.

        >>> matching_pennies().saddle_points()
        []
        """
        return saddle_points(self._constant_sum_table("saddle_points()"))

    # kinds of games -----------------------------------------------------------------------

    def is_zero_sum(self) -> bool:
        """Whether the payoffs in every cell add up to 0.

        >>> matching_pennies().is_zero_sum(), prisoners_dilemma().is_zero_sum()
        (True, False)
        """
        a, b = self.exact_payoffs
        return all(x + y == 0 for r, s in zip(a, b, strict=True) for x, y in zip(r, s, strict=True))

    def is_constant_sum(self) -> bool:
        """Whether the payoffs in every cell add up to the same number.

        >>> NormalFormGame([[3, 1], [2, 4]], [[1, 3], [2, 0]]).is_constant_sum()
        True
        """
        a, b = self.exact_payoffs
        totals = {x + y for r, s in zip(a, b, strict=True) for x, y in zip(r, s, strict=True)}
        return len(totals) == 1

    def is_symmetric(self) -> bool:
        """Whether swapping the players changes nothing: square, and ``col_payoffs`` is the
        transpose of ``row_payoffs``.

        >>> prisoners_dilemma().is_symmetric(), battle_of_the_sexes().is_symmetric()
        (True, False)
        """
        a, b = self.exact_payoffs
        return len(a) == len(a[0]) and a == transpose(b)

    def pareto_optimal(self) -> list[Profile]:
        """Pure outcomes no other outcome Pareto-dominates; see :func:`pareto_optimal`.

        >>> prisoners_dilemma().pareto_optimal()
        [(0, 0), (0, 1), (1, 0)]
        """
        return pareto_optimal(*self.exact_payoffs)

    # display (gametheory.draw.theory builds it, imported only when Jupyter asks) ---------

    def _repr_html_(self) -> str:
        """The payoff table: best responses underlined, pure equilibria shaded and starred,
        every equilibrium listed underneath (see
        :func:`gametheory.draw.theory.payoff_table_html`)."""
        from gametheory.draw.theory import payoff_table_html

        return payoff_table_html(self)


def _lists(table: Matrix) -> list[list[float]]:
    return [list(row) for row in table]


# --------------------------------------------------------------------------- the catalogue


def prisoners_dilemma() -> NormalFormGame:
    """The prisoner's dilemma with the thesis' numbers: years in prison, as negative payoffs.

    Both cooperate (stay silent): 1 year each. One betrays: the traitor goes free, the other
    gets 10 years. Both betray: 5 years each.

    >>> g = prisoners_dilemma()
    >>> g.payoff(0, 0), g.payoff(0, 1), g.payoff(1, 1)
    ((-1.0, -1.0), (-10.0, 0.0), (-5.0, -5.0))
    """
    return NormalFormGame(
        [[-1, -10], [0, -5]],
        [[-1, 0], [-10, -5]],
        row_labels=("cooperate", "betray"),
        col_labels=("cooperate", "betray"),
        players=("Prisoner 1", "Prisoner 2"),
        name="Prisoner's dilemma",
    )


def matching_pennies() -> NormalFormGame:
    """Matching pennies: the row player wins 1 if the coins match, loses 1 otherwise.

    >>> matching_pennies().zero_sum_solution().value
    0.0
    """
    return NormalFormGame(
        [[1, -1], [-1, 1]],
        row_labels=("heads", "tails"),
        col_labels=("heads", "tails"),
        players=("Matcher", "Mismatcher"),
        name="Matching pennies",
    )


def battle_of_the_sexes() -> NormalFormGame:
    """Battle of the sexes: both want to be together but prefer different evenings.

    >>> battle_of_the_sexes().pure_nash_equilibria()
    [(0, 0), (1, 1)]
    """
    return NormalFormGame(
        [[3, 0], [0, 2]],
        [[2, 0], [0, 3]],
        row_labels=("opera", "football"),
        col_labels=("opera", "football"),
        players=("Alice", "Bob"),
        name="Battle of the sexes",
    )


def stag_hunt() -> NormalFormGame:
    """The stag hunt: a stag needs both hunters; a hare can be caught alone.

    >>> stag_hunt().pure_nash_equilibria()
    [(0, 0), (1, 1)]
    """
    return NormalFormGame(
        [[4, 0], [3, 2]],
        [[4, 3], [0, 2]],
        row_labels=("stag", "hare"),
        col_labels=("stag", "hare"),
        players=("Hunter 1", "Hunter 2"),
        name="Stag hunt",
    )


def chicken() -> NormalFormGame:
    """Chicken: whoever swerves loses face, but if nobody swerves both crash.

    >>> chicken().pure_nash_equilibria()
    [(0, 1), (1, 0)]
    """
    return NormalFormGame(
        [[0, -1], [1, -10]],
        [[0, 1], [-1, -10]],
        row_labels=("swerve", "straight"),
        col_labels=("swerve", "straight"),
        players=("Driver 1", "Driver 2"),
        name="Chicken",
    )


def rock_paper_scissors() -> NormalFormGame:
    """Rock–paper–scissors: rock beats scissors, scissors beat paper, paper beats rock.

    >>> rock_paper_scissors().payoff(0, 2)
    (1.0, -1.0)
    """
    moves = ("rock", "paper", "scissors")
    return NormalFormGame(
        [[0, -1, 1], [1, 0, -1], [-1, 1, 0]],
        row_labels=moves,
        col_labels=moves,
        players=("Player 1", "Player 2"),
        name="Rock–paper–scissors",
    )
