"""The vertices of a polytope ``{z ≥ 0, C z ≤ 1}`` and a linear program over it, exactly, in
pure Python: the machinery behind :mod:`gametheory.theory.equilibria` and
:func:`gametheory.theory.normal_form.maximin`.

Both walk from vertex to vertex of the polytope by **pivoting**, the step of the simplex
method, on a tableau of whole numbers (integer pivoting, as in von Stengel's Lemke–Howson
code): the constraints are scaled to integers, and after each pivot every entry is divided
exactly by the previous pivot element, so the numbers stay determinants of the basis and no
fraction is ever reduced. A float is never involved, so ties are decided exactly.

- :func:`vertices` visits every feasible basis reachable by pivots from the origin (all of
  them: the graph of feasible bases of a polytope is connected), and lists each vertex once
  with the set of constraints tight at it;
- :func:`maximise_sum` is the simplex method with Bland's rule (no cycling), and reads the
  optimal dual solution off the final tableau.

pycddlib (cddlib, the ``cdd`` extra) lists vertices too, faster for large polytopes;
:func:`vertices` uses it only where the pure-Python walk would be too slow
(:data:`PURE_MAX_VERTICES`), so the answer never depends on whether it is installed.

>>> from fractions import Fraction
>>> sorted(vertices([[Fraction(1), Fraction(2)], [Fraction(3), Fraction(1)]], [0, 1, 2, 3]))
[((Fraction(0, 1), Fraction(1, 1)), 5), ((Fraction(2, 3), Fraction(1, 3)), 12), ((Fraction(1, 1), Fraction(0, 1)), 10)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from gametheory.core import GameError

__all__ = ["vertices", "maximise_sum", "PURE_MAX_VERTICES", "EXTRA"]

PURE_MAX_VERTICES = 5_000
"""The largest upper bound on the number of vertices (the upper bound theorem) for which the
vertices are found in pure Python: a 10 × 10 game (bound 4,004). Larger polytopes need
pycddlib."""

EXTRA = "pip install 'gametheory-course[cdd]'"
"""How to install pycddlib, which large games need (it builds from C on macOS and Linux)."""

Row = list[int]


def _integer_rows(payoffs: Sequence[Sequence[Fraction]]) -> tuple[list[Row], int]:
    """The constraints ``C z ≤ 1`` with ``C[c][t] = payoffs[t][c]``, scaled by the common
    denominator ``scale`` to whole numbers: row ``c`` is ``[C[c]·scale, unit vector c, scale]``."""
    d, e = len(payoffs), len(payoffs[0])
    scale = math.lcm(*(p.denominator for row in payoffs for p in row))
    rows = []
    for c in range(e):
        coefficients = [int(payoffs[t][c] * scale) for t in range(d)]
        rows.append(coefficients + [int(c == k) for k in range(e)] + [scale])
    return rows, scale


def _pivot(rows: Sequence[Row], r: int, c: int, previous: int) -> list[Row]:
    """The tableau after variable ``c`` enters the basis in row ``r`` (integer pivoting: each
    new entry is a determinant, the division by the previous pivot exact)."""
    p, pivot_row = rows[r], rows[r][c]
    return [
        row
        if i == r
        else [(x * pivot_row - row[c] * y) // previous for x, y in zip(row, p, strict=True)]
        for i, row in enumerate(rows)
    ]


def _leaving(rows: Sequence[Row], c: int) -> list[int]:
    """The rows that may leave when variable ``c`` enters: the minimum ratio, every tie."""
    best: list[int] = []
    for r, row in enumerate(rows):
        if row[c] > 0:
            if not best:
                best = [r]
                continue
            here, there = row[-1] * rows[best[0]][c], rows[best[0]][-1] * row[c]
            if here < there:
                best = [r]
            elif here == there:
                best.append(r)
    return best


def _pure_vertices(
    payoffs: Sequence[Sequence[Fraction]], labels: Sequence[int]
) -> list[tuple[tuple[Fraction, ...], int]]:
    """:func:`vertices` by a walk over every feasible basis, from the origin."""
    d = len(payoffs)
    start_rows, _ = _integer_rows(payoffs)
    start = tuple(range(d, d + len(start_rows)))
    seen, stack = {frozenset(start)}, [(start_rows, start, 1)]
    found: dict[tuple[Fraction, ...], int] = {}
    while stack:
        rows, basis, determinant = stack.pop()
        _record(rows, basis, d, labels, found)
        for c in sorted(set(range(d + len(rows))) - set(basis)):
            for r in _leaving(rows, c):
                after = basis[:r] + (c,) + basis[r + 1 :]
                if frozenset(after) not in seen:
                    seen.add(frozenset(after))
                    stack.append((_pivot(rows, r, c, determinant), after, rows[r][c]))
    return list(found.items())


def _record(
    rows: Sequence[Row],
    basis: Sequence[int],
    d: int,
    labels: Sequence[int],
    found: dict[tuple[Fraction, ...], int],
) -> None:
    """Note the vertex of this basis (unless it is the origin), with its tight constraints."""
    values = [0] * d
    for row, variable in zip(rows, basis, strict=True):
        if variable < d:
            values[variable] = row[-1]
    total = sum(values)
    if total == 0:  # the origin is the one vertex that is no strategy
        return
    point = tuple(Fraction(v, total) for v in values)
    if point not in found:
        nonzero = {variable for row, variable in zip(rows, basis, strict=True) if row[-1]}
        zero = set(range(d + len(rows))) - nonzero
        found[point] = sum(1 << labels[v] for v in zero)


def _cdd_vertices(
    payoffs: Sequence[Sequence[Fraction]], labels: Sequence[int]
) -> list[tuple[tuple[Fraction, ...], int]]:
    """:func:`vertices` by pycddlib (cddlib's double description method, in exact rationals)."""
    import cdd
    import cdd.gmp

    d, e = len(payoffs), len(payoffs[0])
    rows: list[list[Fraction]] = [
        [Fraction(0)] + [Fraction(k == t) for k in range(d)] for t in range(d)
    ]
    rows += [[Fraction(1)] + [-payoffs[t][c] for t in range(d)] for c in range(e)]
    matrix = cdd.gmp.matrix_from_array(rows, rep_type=cdd.RepType.INEQUALITY)
    polytope = cdd.gmp.polyhedron_from_matrix(matrix)
    found = []
    for vertex, tight in zip(
        cdd.gmp.copy_generators(polytope).array, cdd.gmp.copy_incidence(polytope), strict=True
    ):
        total = sum(vertex[1:])
        if total:
            mask = sum(1 << labels[r] for r in tight)
            found.append((tuple(Fraction(x / total) for x in vertex[1:]), mask))
    return found


def has_cdd() -> bool:
    """Whether pycddlib can be imported (the optional ``cdd`` extra)."""
    try:
        import cdd.gmp  # noqa: F401
    except ImportError:
        return False
    return True


def vertices(
    payoffs: Sequence[Sequence[Fraction]], labels: Sequence[int], *, method: str = "auto"
) -> list[tuple[tuple[Fraction, ...], int]]:
    """The vertices ``z ≠ 0`` of ``{z ≥ 0, C z ≤ 1}`` with ``C[c][t] = payoffs[t][c]``
    (``payoffs`` positive), each scaled to sum to 1, with the bit mask of its labels.

    The constraints are ``z_t ≥ 0`` for each row ``t`` of ``payoffs`` and then one per
    column; ``labels[k]`` is the label of constraint ``k``, set in a vertex's mask when the
    constraint is tight there. ``method`` is ``"python"`` (the walk over bases), ``"cdd"``
    (pycddlib) or ``"auto"``: Python up to :data:`PURE_MAX_VERTICES` possible vertices, else
    pycddlib, else a :class:`~gametheory.core.GameError` saying how to install it. The
    vertices come in no particular order.

    >>> one = [[Fraction(1), Fraction(1)]]
    >>> vertices(one, [0, 1, 2])
    [((Fraction(1, 1),), 6)]
    >>> vertices(one, [0, 1, 2], method="simplex")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: method must be 'auto', 'python' or 'cdd', got 'simplex'
    """
    if method not in ("auto", "python", "cdd"):
        raise GameError(f"method must be 'auto', 'python' or 'cdd', got {method!r}")
    if method == "auto":
        d, e = len(payoffs), len(payoffs[0])
        method = "python" if vertex_bound(d, d + e) <= PURE_MAX_VERTICES else "cdd"
        if method == "cdd" and not has_cdd():
            raise GameError(
                f"this game is too large for the pure-Python vertex enumeration (its polytope "
                f"may have {vertex_bound(d, d + e):,} vertices, more than "
                f"{PURE_MAX_VERTICES:,}): install pycddlib, which does it in C ({EXTRA}; on "
                "macOS and Linux it needs a C compiler and the cddlib and GMP headers), or "
                "remove dominated strategies first (iterated_elimination)"
            )
    if method == "cdd":
        if not has_cdd():
            raise GameError(f"method='cdd' needs pycddlib, which is not installed: {EXTRA}")
        return _cdd_vertices(payoffs, labels)
    return _pure_vertices(payoffs, labels)


def vertex_bound(dimension: int, inequalities: int) -> int:
    """The most vertices a polytope of this dimension with this many facets can have: the
    upper bound theorem (McMullen 1970), reached by the cyclic polytopes.

    >>> vertex_bound(2, 5), vertex_bound(3, 6), vertex_bound(12, 24)
    (5, 8, 24752)
    """
    d, f = dimension, inequalities
    return math.comb(f - (d + 1) // 2, d // 2) + math.comb(f - d // 2 - 1, (d - 1) // 2)


def maximise_sum(
    payoffs: Sequence[Sequence[Fraction]],
) -> tuple[Fraction, tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The linear program: maximise ``Σ z_t`` over ``{z ≥ 0, C z ≤ 1}``,
    ``C[c][t] = payoffs[t][c]`` (``payoffs`` positive), by the simplex method with Bland's
    rule: the optimal value, an optimal ``z`` and an optimal solution ``u`` of the dual
    (minimise ``Σ u_c`` subject to ``u ≥ 0``, ``Cᵀ u ≥ 1``), exactly.

    >>> maximise_sum([[Fraction(2)], [Fraction(4)]])  # 2 z0 + 4 z1 ≤ 1
    (Fraction(1, 2), (Fraction(1, 2), Fraction(0, 1)), (Fraction(1, 2),))
    """
    d = len(payoffs)
    rows, scale = _integer_rows(payoffs)
    e = len(rows)
    objective = [-scale] * d + [0] * (e + 1)  # the row of -Σ z, scaled like the others
    tableau, basis, determinant = [*rows, objective], list(range(d, d + e)), 1
    while (entering := next((c for c in range(d + e) if tableau[-1][c] < 0), None)) is not None:
        ties = _leaving(tableau[:-1], entering)
        r = min(ties, key=lambda k: basis[k])  # Bland's rule: the smallest variable leaves
        tableau, determinant = _pivot(tableau, r, entering, determinant), tableau[r][entering]
        basis[r] = entering
    z = [Fraction(0)] * d
    for row, variable in zip(tableau, basis, strict=False):
        if variable < d:
            z[variable] = Fraction(row[-1], determinant)
    final = tableau[-1]
    dual = tuple(Fraction(final[d + c], determinant) for c in range(e))
    return Fraction(final[-1], determinant * scale), tuple(z), dual
