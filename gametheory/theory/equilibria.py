"""Every extreme Nash equilibrium of a two-player game, exactly, and the sets they span.

Vocabulary, each with its Python representation:

- a **Nash equilibrium** is a pair of mixed strategies, each a best response to the other
  (:class:`Equilibrium`);
- a game is **degenerate** when some mixed strategy that uses ``k`` pure strategies has more
  than ``k`` pure best responses (a tie: two replies that pay the same against it). Then the
  equilibria need not be isolated points: they can fill whole segments, and their supports
  can differ in size;
- an **extreme equilibrium** is a corner of those sets: a pair of vertices of the players'
  best-response polytopes (below). There are finitely many, and every equilibrium is a
  mixture of them;
- a **maximal Nash subset** (:class:`NashSubset`) is a largest set of row strategies ``X`` and
  column strategies ``Y`` such that every pair in ``X × Y`` is an extreme equilibrium: then
  every mixture of ``X`` against every mixture of ``Y`` is an equilibrium too;
- a **component** (:class:`Component`) is a connected set of equilibria: extreme equilibria
  joined through the maximal Nash subsets they share. A non-degenerate game has only isolated
  equilibria, each a component of its own.

The method is vertex enumeration, as in Gambit's ``enummixed`` (Avis, Rosenberg, Savani and
von Stengel, "Enumeration of Nash equilibria for two-player games", *Economic Theory* 42,
2010): with all payoffs made positive, the best-response polytopes are

    P = {x ∈ Rᵐ : x ≥ 0, Bᵀx ≤ 1}  and  Q = {y ∈ Rⁿ : Ay ≤ 1, y ≥ 0}.

A point of P has the **label** ``i`` when ``x_i = 0`` and the label ``m + j`` when column ``j``
is a best response to it (``(Bᵀx)_j = 1``); a point of Q has the label ``m + j`` when
``y_j = 0`` and ``i`` when row ``i`` is a best response to it. A pair of vertices that carries
every label between them (``x ≠ 0``, ``y ≠ 0``), rescaled to probabilities, is an extreme
equilibrium. The vertices are listed exactly, in pure Python for classroom sizes
(:mod:`gametheory.theory.polytopes`), by pycddlib (cddlib's double description method, the
``cdd`` extra) for large games; the two give the same answer.

>>> from fractions import Fraction
>>> [e.row for e in extreme_equilibria([[3, 0], [0, 2]], [[2, 0], [0, 3]])]
[(1.0, 0.0), (0.0, 1.0), (0.6, 0.4)]
>>> [(c.is_isolated, len(c.equilibria)) for c in equilibrium_components([[1, 1], [0, 2]],
...                                                                   [[1, 1], [2, 0]])]
[(False, 2)]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias

from gametheory.core import GameError
from gametheory.theory.checks import limit
from gametheory.theory.exact import (
    TOLERANCE,
    ExactMatrix,
    Matrix,
    as_bimatrix,
    as_matrix,
    dot,
    exact_table,
    is_best_response,
    largest,
    shape,
    times,
    transpose,
)
from gametheory.theory.polytopes import vertex_bound, vertices

__all__ = [
    "Equilibrium",
    "NashSubset",
    "Component",
    "extreme_equilibria",
    "equilibrium_components",
    "vertex_bound",
    "too_many_labels",
    "support_enumeration",
    "MAX_SUPPORTS",
]

MixedStrategy: TypeAlias = tuple[float, ...]
"""A probability for each pure strategy, in order; they sum to 1."""

ExactStrategy: TypeAlias = tuple[Fraction, ...]
"""A mixed strategy in exact probabilities."""

MAX_VERTICES = 30_000
"""The most vertices a best-response polytope may have, by the upper bound theorem, before
:func:`extreme_equilibria` refuses: a 12 × 12 game (at most 24,752; a random one has about
8,000 and takes 3 to 5 seconds here, a random 14 × 14 one 40,000 and two minutes)."""


@dataclass(frozen=True)
class Equilibrium:
    """A Nash equilibrium: a mixed strategy for each player and the expected payoffs.

    ``row``, ``col`` and ``payoffs`` are floats rounded to 12 decimals, for reading;
    ``exact_row``, ``exact_col`` and ``exact_payoffs`` hold the exact fractions when the
    equilibrium was computed exactly (by :func:`extreme_equilibria`), else None. Two
    equilibria are equal when their rounded floats are.

    >>> e = extreme_equilibria([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])[0]
    >>> e
    Equilibrium(row=(0.5, 0.5), col=(0.5, 0.5), payoffs=(0.0, 0.0))
    >>> e.is_pure, e.supports, e.exact_row
    (False, ((0, 1), (0, 1)), (Fraction(1, 2), Fraction(1, 2)))
    """

    row: MixedStrategy
    col: MixedStrategy
    payoffs: tuple[float, float]
    exact_row: ExactStrategy | None = field(default=None, compare=False, repr=False)
    exact_col: ExactStrategy | None = field(default=None, compare=False, repr=False)
    exact_payoffs: tuple[Fraction, Fraction] | None = field(default=None, compare=False, repr=False)

    @property
    def supports(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The pure strategies each player uses with positive probability."""
        if self.exact_row is not None and self.exact_col is not None:
            return _support(self.exact_row, 0), _support(self.exact_col, 0)
        return _support(self.row, TOLERANCE), _support(self.col, TOLERANCE)

    @property
    def is_pure(self) -> bool:
        """Whether both players play a single pure strategy."""
        return all(len(support) == 1 for support in self.supports)


def _support(mix: Sequence[float | Fraction], above: float) -> tuple[int, ...]:
    return tuple(i for i, p in enumerate(mix) if p > above)


def rounded(vector: Iterable[float | Fraction], size: float = 1.0) -> MixedStrategy:
    """Round away floating-point dust (``0.49999999999`` → ``0.5``, ``-0.0`` → ``0.0``):
    to 12 decimals, or to 12 significant digits of ``size`` for numbers smaller than 1.

    >>> rounded([Fraction(2, 3), -0.0])
    (0.666666666667, 0.0)
    """
    decimals = 12 + max(0, -math.floor(math.log10(size))) if size > 0 else 12
    return tuple(float(round(float(x), decimals)) + 0.0 for x in vector)


def exact_equilibrium(
    x: ExactStrategy, y: ExactStrategy, a: ExactMatrix, b: ExactMatrix
) -> Equilibrium:
    """The equilibrium ``(x, y)`` of the game ``(a, b)``, with its exact payoffs."""
    payoffs = (dot(x, times(a, y)), dot(x, times(b, y)))
    size = float(largest(a, b))
    row, col, shown = rounded(x), rounded(y), rounded(payoffs, size)
    return Equilibrium(row, col, (shown[0], shown[1]), x, y, payoffs)


@dataclass(frozen=True)
class NashSubset:
    """A maximal Nash subset: every mixture of the ``rows`` strategies against every mixture
    of the ``cols`` strategies is a Nash equilibrium, and no extreme equilibrium can be added
    on either side. ``rows`` and ``cols`` are extreme strategies, exactly.

    >>> [subset] = equilibrium_components([[1, 1]], [[0, 0]])[0].nash_subsets
    >>> subset.rows, subset.cols
    (((Fraction(1, 1),),), ((Fraction(0, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(0, 1))))
    """

    rows: tuple[ExactStrategy, ...]
    cols: tuple[ExactStrategy, ...]


@dataclass(frozen=True)
class Component:
    """A connected set of Nash equilibria: its extreme equilibria (in the order of
    :func:`extreme_equilibria`) and the maximal Nash subsets that join them."""

    equilibria: tuple[Equilibrium, ...]
    nash_subsets: tuple[NashSubset, ...]

    @property
    def is_isolated(self) -> bool:
        """Whether the component is a single equilibrium (as in every non-degenerate game)."""
        return len(self.equilibria) == 1


# --------------------------------------------------------------------------- vertices


def _vertices(
    payoffs: ExactMatrix, labels: Sequence[int], method: str
) -> list[tuple[ExactStrategy, int]]:
    """The vertices ``x ≠ 0`` of ``{x ≥ 0, payoffsᵀ x ≤ 1}`` (positive payoffs), each as a
    probability vector with the bit mask of its labels (see
    :func:`gametheory.theory.polytopes.vertices`)."""
    return vertices(payoffs, labels, method=method)


def _positive(table: ExactMatrix) -> ExactMatrix:
    """The payoffs shifted so that the smallest is 1 (the same best responses)."""
    low = min(min(row) for row in table)
    return tuple(tuple(x - low + 1 for x in row) for row in table)


def _vertex_pairs(
    a: ExactMatrix, b: ExactMatrix, max_vertices: int, method: str = "auto"
) -> tuple[list[ExactStrategy], list[ExactStrategy], list[tuple[int, int]]]:
    """The vertices of P and of Q (as strategies) and the pairs of them that carry every
    label: the extreme equilibria, as pairs of indices."""
    m, n = shape(a)
    bound = max(vertex_bound(m, m + n), vertex_bound(n, m + n))
    if bound > limit(max_vertices, "max_vertices"):
        raise GameError(
            f"vertex enumeration of this {m} × {n} game may meet up to {bound:,} vertices of "
            f"a best-response polytope, more than max_vertices={max_vertices:,} (the number "
            "grows exponentially with the smaller side): remove dominated strategies first "
            "(iterated_elimination), or find one equilibrium with the Lemke–Howson algorithm "
            "(for example nashpy.Game(A, B).lemke_howson(0))"
        )
    p = _vertices(_positive(b), range(m + n), method)
    q = _vertices(_positive(transpose(a)), [m + j for j in range(n)] + list(range(m)), method)
    having = [0] * (m + n)  # label -> bit mask of the Q vertices that carry it
    for k, (_, mask) in enumerate(q):
        for label in range(m + n):
            if mask >> label & 1:
                having[label] |= 1 << k
    everything, pairs = (1 << (m + n)) - 1, []
    for i, (_, mask) in enumerate(p):
        partners = (1 << len(q)) - 1  # the Q vertices that carry every label x lacks
        missing = everything & ~mask
        for label in range(m + n):
            if missing >> label & 1:
                partners &= having[label]
        while partners:
            k = (partners & -partners).bit_length() - 1
            pairs.append((i, k))
            partners &= partners - 1
    return [x for x, _ in p], [y for y, _ in q], pairs


# --------------------------------------------------------------------------- equilibria


def _key(e: Equilibrium) -> tuple[object, ...]:
    """Support enumeration's order: by support size, then the supports, then the mixes."""
    rows, cols = e.supports
    return (max(len(rows), len(cols)), len(rows) + len(cols), rows, cols, e.exact_row, e.exact_col)


def extreme_equilibria(
    row_payoffs: object,
    col_payoffs: object,
    *,
    max_vertices: int = MAX_VERTICES,
    method: str = "auto",
) -> list[Equilibrium]:
    """Every extreme Nash equilibrium of a bimatrix game, exactly, each once.

    The algorithm (vertex enumeration, Avis et al. 2010, as Gambit's ``enummixed``):

    1. shift each player's payoffs so that all are positive (no best response changes);
    2. list the vertices of the best-response polytopes P and Q, with their labels, exactly
       (``method``: ``"python"``, ``"cdd"`` for pycddlib, or ``"auto"``: Python up to a
       10 × 10 game, pycddlib beyond; see :func:`gametheory.theory.polytopes.vertices`);
    3. keep every pair of vertices ``x ≠ 0``, ``y ≠ 0`` that carries all ``m + n`` labels
       between them, and rescale it to probabilities.

    In a non-degenerate game these are all the equilibria (support enumeration finds the same
    ones); in a degenerate game every equilibrium is a mixture of them (see
    :func:`equilibrium_components`). They are listed in support enumeration's order: by
    support size, then by supports.

    Raises
    ------
    GameError
        For tables that are not payoff tables of one shape, and when a polytope may have more
        than ``max_vertices`` vertices (:data:`MAX_VERTICES`, a 12 × 12 game; the bound is
        the upper bound theorem, :func:`vertex_bound`), or when the game is too large for
        pure Python and pycddlib is not installed (the message says how to install it).

    Examples
    --------
    The column player does not care what it plays against the first row, so the equilibria
    with the first row fill a segment; its two ends are extreme equilibria with supports of
    different sizes, which support enumeration misses:

    >>> for e in extreme_equilibria([[1, 1], [0, 2]], [[1, 1], [2, 0]]):
    ...     print(e.row, e.col, e.payoffs)
    (1.0, 0.0) (1.0, 0.0) (1.0, 1.0)
    (1.0, 0.0) (0.5, 0.5) (1.0, 1.0)
    """
    a, b = _bimatrix(row_payoffs, col_payoffs)
    xs, ys, pairs = _vertex_pairs(a, b, max_vertices, method)
    found = {exact_equilibrium(xs[i], ys[k], a, b) for i, k in pairs}
    return sorted(found, key=_key)


def _bimatrix(row_payoffs: object, col_payoffs: object) -> tuple[ExactMatrix, ExactMatrix]:
    a, b = exact_table(row_payoffs, "row_payoffs"), exact_table(col_payoffs, "col_payoffs")
    if shape(a) != shape(b):
        raise GameError(
            f"row_payoffs has shape {shape(a)} but col_payoffs has shape {shape(b)}; both "
            "players need a payoff in every cell"
        )
    return a, b


def equilibrium_components(
    row_payoffs: object,
    col_payoffs: object,
    *,
    max_vertices: int = MAX_VERTICES,
    method: str = "auto",
) -> list[Component]:
    """The components of the set of Nash equilibria, and the maximal Nash subsets in each.

    From :func:`extreme_equilibria`: draw a graph whose nodes are the extreme strategies of
    both players, with an edge for each extreme equilibrium. Its connected pieces are the
    components; its maximal complete bipartite subgraphs are the maximal Nash subsets
    (Gambit's "cliques"). Components are listed by their first extreme equilibrium.

    Examples
    --------
    Both players are indifferent everywhere: one component, every profile an equilibrium.

    >>> [whole] = equilibrium_components([[0, 0], [0, 0]], [[0, 0], [0, 0]])
    >>> len(whole.equilibria), len(whole.nash_subsets), whole.nash_subsets[0].rows
    (4, 1, ((Fraction(0, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(0, 1))))
    """
    import networkx as nx

    a, b = _bimatrix(row_payoffs, col_payoffs)
    xs, ys, pairs = _vertex_pairs(a, b, max_vertices, method)
    graph = nx.Graph([(("row", i), ("col", k)) for i, k in pairs])
    components = []
    for nodes in nx.connected_components(graph):
        edges = [(i, k) for i, k in pairs if ("row", i) in nodes]
        equilibria = sorted({exact_equilibrium(xs[i], ys[k], a, b) for i, k in edges}, key=_key)
        subsets = [_subset(clique, xs, ys) for clique in _bicliques(nodes, edges)]
        components.append(Component(tuple(equilibria), tuple(sorted(subsets, key=str))))
    return sorted(components, key=lambda c: _key(c.equilibria[0]))


def _bicliques(
    nodes: Iterable[tuple[str, int]], edges: Sequence[tuple[int, int]]
) -> list[list[tuple[str, int]]]:
    """The maximal complete bipartite subgraphs of the bipartite graph ``edges``: the maximal
    cliques, with a node on each side, of the graph that also joins each side within itself."""
    import networkx as nx

    side = {"row": [v for v in nodes if v[0] == "row"], "col": [v for v in nodes if v[0] == "col"]}
    joined = nx.Graph([(("row", i), ("col", k)) for i, k in edges])
    for members in side.values():
        joined.add_edges_from((u, v) for u in members for v in members if u < v)
    return [
        clique for clique in nx.find_cliques(joined) if {v[0] for v in clique} == {"row", "col"}
    ]


def _subset(
    clique: Sequence[tuple[str, int]], xs: Sequence[ExactStrategy], ys: Sequence[ExactStrategy]
) -> NashSubset:
    rows = sorted(xs[i] for kind, i in clique if kind == "row")
    cols = sorted(ys[k] for kind, k in clique if kind == "col")
    return NashSubset(tuple(rows), tuple(cols))


def too_many_labels(a: ExactMatrix, b: ExactMatrix, max_vertices: int = MAX_VERTICES) -> bool:
    """Whether a vertex of P carries more than ``m`` labels or one of Q more than ``n``: the
    game is degenerate (see :func:`gametheory.theory.normal_form.is_degenerate`).

    >>> table = ((Fraction(1), Fraction(1)),)
    >>> too_many_labels(table, table)
    True
    """
    m, n = shape(a)
    bound = max(vertex_bound(m, m + n), vertex_bound(n, m + n))
    if bound > limit(max_vertices, "max_vertices"):
        raise GameError(
            f"is_degenerate would meet up to {bound:,} vertices of a best-response polytope of "
            f"this {m} × {n} game, too large (more than max_vertices={max_vertices:,}; the "
            "number grows exponentially with the size): use a smaller game, or remove "
            "dominated strategies first (iterated_elimination)"
        )
    p = _vertices(_positive(b), range(m + n), "auto")
    q = _vertices(_positive(transpose(a)), [m + j for j in range(n)] + list(range(m)), "auto")
    return any(mask.bit_count() > m for _, mask in p) or any(mask.bit_count() > n for _, mask in q)


# --------------------------------------------------------------------------- support enumeration


MAX_SUPPORTS = 200_000
"""The most pairs of supports :func:`support_enumeration` tries (about 10 seconds; a 10 × 10
game has 184,755)."""


def _indifference(
    payoffs: Matrix, own: Sequence[int], other: Sequence[int]
) -> tuple[float, ...] | None:
    """The opponent's mix on ``other`` that makes every strategy in ``own`` pay the same.

    ``payoffs`` belongs to the player who must be indifferent (own strategies are rows).
    Solves  payoffs[i, other] · y = u  for i in own,  sum(y) = 1  (k + 1 equations and
    unknowns) in floats, by Gaussian elimination with partial pivoting (as LAPACK's
    ``gesv`` does); returns the full-length mix, or None if the system is singular or y is
    not strictly positive on ``other``.

    >>> rounded(_indifference(((3.0, 0.0), (0.0, 2.0)), (0, 1), (0, 1)) or ())
    (0.4, 0.6)
    """
    k = len(other)
    system = [[payoffs[i][j] for j in other] + [-1.0, 0.0] for i in own]
    system.append([1.0] * k + [0.0, 1.0])
    for c in range(k + 1):
        pivot = max(range(c, k + 1), key=lambda r: abs(system[r][c]))
        if system[pivot][c] == 0.0:
            return None  # singular: no single mix
        system[c], system[pivot] = system[pivot], system[c]
        for r in range(c + 1, k + 1):
            factor = system[r][c] / system[c][c]
            if factor:
                system[r] = [x - factor * y for x, y in zip(system[r], system[c], strict=True)]
    solution = [0.0] * (k + 1)
    for r in range(k, -1, -1):
        known = sum(system[r][j] * solution[j] for j in range(r + 1, k + 1))
        solution[r] = (system[r][k + 1] - known) / system[r][r]
    if any(p <= TOLERANCE for p in solution[:k]):
        return None
    mix = [0.0] * len(payoffs[0])
    for r, j in enumerate(other):
        mix[j] = solution[r]
    return tuple(mix)


def support_enumeration(
    row_payoffs: Matrix, col_payoffs: Matrix, *, max_supports: int = MAX_SUPPORTS
) -> Iterator[Equilibrium]:
    """All Nash equilibria of a non-degenerate bimatrix game, by support enumeration.

    Algorithm 3.4 of von Stengel, "Equilibrium computation for two-player games in strategic
    and extensive form", in Nisan et al., *Algorithmic Game Theory* (2007):

    1. For each size ``k`` and each pair of supports ``I`` (rows) and ``J`` (columns) of size
       ``k``:
    2. find the column mix ``y`` on ``J`` that makes the row player indifferent between the
       rows in ``I``, and the row mix ``x`` on ``I`` that makes the column player indifferent
       between the columns in ``J``;
    3. keep ``(x, y)`` if both are probability vectors and each is a best response to the other
       (no strategy outside the support pays more).

    In a non-degenerate game every equilibrium has supports of equal size, so this finds them
    all. In a degenerate game (see
    :func:`gametheory.theory.normal_form.is_degenerate`) it can miss some; use
    :meth:`gametheory.theory.normal_form.NormalFormGame.nash_equilibria`.

    An ``m × n`` game has ``C(m + n, m) - 1`` pairs of supports of equal size: the work grows
    exponentially with the game (12 × 12: 2.7 million pairs). Past ``max_supports`` pairs
    the enumeration is refused with a :class:`~gametheory.core.GameError` (raised at the
    first ``next``).

    Examples
    --------
    Battle of the sexes:

    >>> for e in support_enumeration([[3, 0], [0, 2]], [[2, 0], [0, 3]]):
    ...     print(e.row, e.col)
    (1.0, 0.0) (1.0, 0.0)
    (0.0, 1.0) (0.0, 1.0)
    (0.6, 0.4) (0.4, 0.6)
    """
    a, b = as_bimatrix(row_payoffs, col_payoffs)
    m, n = shape(a)
    pairs = math.comb(m + n, m) - 1
    if pairs > limit(max_supports, "max_supports"):
        raise GameError(
            f"support enumeration would try {pairs:,} pairs of supports for this {m} × {n} "
            f"game (their number grows exponentially with its size), more than "
            f"max_supports={max_supports:,}: remove dominated strategies first "
            "(iterated_elimination), use a smaller game, or find one equilibrium with the "
            "Lemke–Howson algorithm (for example nashpy.Game(A, B).lemke_howson(0))"
        )
    size = float(largest(a, b))
    rows_own, cols_own = as_matrix(a, "row_payoffs"), transpose(as_matrix(b, "col_payoffs"))
    for k in range(1, min(m, n) + 1):
        for rows in itertools.combinations(range(m), k):
            for cols in itertools.combinations(range(n), k):
                y = _indifference(rows_own, rows, cols)
                x = _indifference(cols_own, cols, rows)
                if x is None or y is None:
                    continue
                if is_best_response(a, x, y) and is_best_response(transpose(b), y, x):
                    payoffs = rounded((dot(x, times(a, y)), dot(x, times(b, y))), size)
                    yield Equilibrium(rounded(x), rounded(y), (payoffs[0], payoffs[1]))
