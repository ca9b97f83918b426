"""Self-checks for notebook 01 (graphs).

>>> from lesson_checks.graphs import check_sudoku_neighbours
>>> check_sudoku_neighbours(20)
✓ Right: 20 neighbours: 8 in the row, 8 in the column and the 4 cells of the box in neither.
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise

import networkx as nx

from lesson_checks import Verdict, feedback

__all__ = [
    "KINDS",
    "WALKS",
    "konigsberg",
    "house",
    "network",
    "dodecahedron",
    "central_europe",
    "walk_kind",
    "check_new_bridges",
    "check_walks",
    "check_sudoku_neighbours",
    "check_spanning_tree_weight",
]

LANDS = ("A", "B", "C", "D")


def konigsberg() -> nx.MultiGraph:
    """The seven bridges: A is the island Kneiphof (degree 5), B, C, D have degree 3.

    >>> sorted(konigsberg().degree)
    [('A', 5), ('B', 3), ('C', 3), ('D', 3)]
    """
    g = nx.MultiGraph()
    g.add_edges_from([("A", "B"), ("A", "B"), ("A", "C"), ("A", "C"), ("A", "D")])
    g.add_edges_from([("B", "D"), ("C", "D")])
    return g


def house() -> nx.Graph:
    """The graph of the walks exercise: a square A, B, C, D with a roof E over A and B.

    >>> sorted(house().edges)
    [('A', 'B'), ('A', 'C'), ('A', 'E'), ('B', 'D'), ('B', 'E'), ('C', 'D')]
    """
    return nx.Graph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("A", "E"), ("B", "E")])


def dodecahedron() -> tuple[nx.Graph, dict[int, tuple[float, float]]]:
    """The graph of Hamilton's Icosian game, the dodecahedron, and a flat drawing of it:
    a pentagon (0–4), round it a ring of ten (5–14), round that a pentagon (15–19).

    >>> g, flat = dodecahedron()
    >>> nx.is_isomorphic(g, nx.dodecahedral_graph()), sorted(set(dict(g.degree).values()))
    (True, [3])
    """
    g = nx.Graph()
    for ring in range(0, 5), range(5, 15), range(15, 20):
        nx.add_cycle(g, ring)
    g.add_edges_from((15 + i, 5 + 2 * i) for i in range(5))  # outer pentagon to the ring
    g.add_edges_from((i, 6 + 2 * i) for i in range(5))  # the ring to the inner pentagon

    def at(k: float, n: int, r: float) -> tuple[float, float]:
        return r * math.sin(2 * math.pi * k / n), r * math.cos(2 * math.pi * k / n)

    flat = {i: at(i + 0.5, 5, 1) for i in range(5)}
    flat |= {5 + k: at(k, 10, 2) for k in range(10)}
    flat |= {15 + i: at(i, 5, 3) for i in range(5)}
    return g, flat


_BORDERS = """
DE-CZ DE-PL DE-AT DE-CH CZ-PL CZ-SK CZ-AT PL-SK PL-UA SK-UA SK-HU SK-AT AT-HU AT-SI
AT-IT AT-CH HU-UA HU-RO HU-RS HU-HR HU-SI SI-HR SI-IT HR-RS UA-RO RO-RS CH-IT
"""


def central_europe() -> tuple[nx.Graph, dict[str, tuple[float, float]]]:
    """Thirteen countries of central Europe, joined when they share a border, and where to
    draw them (roughly their longitude and latitude).

    >>> borders, where = central_europe()
    >>> borders.number_of_nodes(), borders.number_of_edges(), sorted(borders["SK"])
    (13, 27, ['AT', 'CZ', 'HU', 'PL', 'UA'])
    """
    borders = nx.Graph(pair.split("-") for pair in _BORDERS.split())
    where = {"DE": (10, 51), "CZ": (15, 50), "PL": (19, 52), "SK": (19.5, 48.7)}
    where |= {"AT": (14, 47.5), "HU": (19.5, 47), "SI": (14.8, 46), "HR": (16.5, 45)}
    where |= {"UA": (25, 49), "RO": (25, 45.8), "RS": (20.8, 44), "CH": (8.2, 46.8)}
    where |= {"IT": (11.5, 44)}
    return borders, where


KINDS = ("path", "trail", "walk", "none")
"""The answers :func:`walk_kind` gives, from the most special to not a walk at all."""

WALKS = ("CABD", "CDBD", "AEBAC", "EBC")
"""The four sequences of vertices of the walks exercise, on :func:`house`."""


def walk_kind(g: nx.Graph, vertices: Sequence[object]) -> str:
    """The thesis' name for a sequence of vertices of a (simple) graph: the most special of
    ``"path"`` (*cesta*: no vertex twice), ``"trail"`` (*ťah*: no edge twice) and ``"walk"``
    (*sled*: consecutive vertices joined by edges), or ``"none"`` if it is not a walk.

    Parameters
    ----------
    g
        A graph without parallel edges, so that consecutive vertices name the edge used.
    vertices
        The vertices in the order visited (a string of one-letter names will do).

    Raises
    ------
    ValueError
        If the sequence is empty or names a vertex that is not in ``g``.

    Examples
    --------
    >>> g = house()
    >>> [walk_kind(g, w) for w in ("CABD", "AEBAC", "CDBD", "EBC")]
    ['path', 'trail', 'walk', 'none']
    """
    if g.is_multigraph():
        raise ValueError("walk_kind needs a graph without parallel edges; give the edges too")
    if not vertices:
        raise ValueError("a walk visits at least one vertex")
    unknown = [v for v in vertices if v not in g]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a vertex of the graph (it has {sorted(g)})")
    steps = list(pairwise(vertices))
    if not all(g.has_edge(u, v) for u, v in steps):
        return "none"
    if len(set(vertices)) == len(vertices):
        return "path"
    edges = [frozenset(step) for step in steps]
    return "trail" if len(set(edges)) == len(edges) else "walk"


def check_walks(answers: Sequence[str]) -> Verdict:
    """Exercise: name each sequence of :data:`WALKS` on :func:`house` as ``"path"``,
    ``"trail"``, ``"walk"`` or ``"none"`` (the most special name that fits).

    >>> check_walks(["path", "walk", "walk", "none"])
    ✗ Not yet: AEBAC visits A twice, so it is no path, but it never uses an edge twice: the most special name is trail.
    False
    """
    if isinstance(answers, str) or not isinstance(answers, Sequence):
        return _no(f"answer with a list of four names, such as {list(KINDS)}")
    if len(answers) != len(WALKS):
        return _no(f"give one name for each of the {len(WALKS)} sequences {', '.join(WALKS)}")
    bad = [a for a in answers if a not in KINDS]
    if bad:
        return _no(f"{bad[0]!r} is not one of the names {', '.join(map(repr, KINDS))}")
    g = house()
    for walk, answer in zip(WALKS, answers, strict=True):
        right = walk_kind(g, walk)
        if answer == right:
            continue
        return _no(_why(g, walk, right))
    return _yes("CABD is a path, CDBD a walk, AEBAC a trail, and EBC no walk at all")


def _why(g: nx.Graph, walk: str, right: str) -> str:
    """Why ``walk`` is a ``right`` and nothing more special."""
    if right == "none":
        u, v = next((u, v) for u, v in pairwise(walk) if not g.has_edge(u, v))
        return f"{walk} is no walk: no edge joins {u} and {v}"
    if right == "path":
        return f"{walk} visits every vertex once at most, so it is a path (the most special name)"
    twice = next(v for v in walk if walk.count(v) > 1)
    if right == "trail":
        return (
            f"{walk} visits {twice} twice, so it is no path, but it never uses an edge twice: "
            "the most special name is trail"
        )
    steps = [frozenset(s) for s in pairwise(walk)]
    u, v = sorted(next(s for s in steps if steps.count(s) > 1))
    return f"{walk} uses the edge {u}–{v} twice, so it is no trail (and no path): a walk"


def check_sudoku_neighbours(n: int) -> Verdict:
    """Exercise: in the graph of a 9 × 9 sudoku (``nx.sudoku_graph()``), how many
    neighbours has a cell (the cells that must not hold its digit)?

    >>> check_sudoku_neighbours(24)
    ✗ Not yet: 24 counts 4 cells twice: the box shares 2 cells with the row and 2 with the column (besides the cell itself), so the box adds only 4 new ones.
    False
    """
    if isinstance(n, bool) or not isinstance(n, int):
        return _no(f"answer with a whole number, not {n!r}")
    right = nx.sudoku_graph(3).degree[0]
    if n == right:
        return _yes(
            f"{right} neighbours: 8 in the row, 8 in the column and the 4 cells of the box in neither"
        )
    hints = {
        8: "8 is the rest of the row; the column and the box must differ from the cell too",
        16: "16 is the row and the column; the box holds 4 more cells that are in neither",
        24: "24 counts 4 cells twice: the box shares 2 cells with the row and 2 with the column "
        "(besides the cell itself), so the box adds only 4 new ones",
        21: "21 counts the cell itself; a cell is not its own neighbour (the graph has no loops)",
        27: "27 counts the cell three times and 4 others twice: 8 + 8 + 4 others",
    }
    return _no(
        hints.get(
            n,
            "count the cells that share the row (8), the column (8), and the box but neither "
            "of those",
        )
    )


def network() -> nx.Graph:
    """The weighted network of the spanning-tree exercise (towns and road lengths).

    >>> network().number_of_nodes(), network().number_of_edges()
    (6, 9)
    """
    g = nx.Graph()
    g.add_weighted_edges_from(
        [
            ("P", "Q", 4),
            ("P", "R", 3),
            ("Q", "R", 2),
            ("Q", "S", 5),
            ("R", "S", 7),
            ("R", "T", 6),
            ("S", "T", 1),
            ("S", "U", 8),
            ("T", "U", 9),
        ]
    )
    return g


def check_new_bridges(bridges: Iterable[tuple[str, str]]) -> Verdict:
    """Exercise: build the fewest new bridges so that a *closed* walk crosses every bridge
    exactly once (an Euler circuit). ``bridges`` is a list of pairs of land masses.

    >>> check_new_bridges([("A", "B")])
    ✗ Not yet: after these bridges the lands C and D still have an odd degree; a closed walk needs every degree even.
    False
    """
    try:
        pairs = [tuple(pair) for pair in bridges]
    except TypeError:
        return _no("give a list of pairs such as [('A', 'B')]")
    if any(len(pair) != 2 for pair in pairs):
        return _no("each bridge is a pair of two land masses, such as ('A', 'B')")
    # str() first: an answer may hold anything, lists and None included
    unknown = sorted({str(land) for pair in pairs for land in pair if str(land) not in LANDS})
    if unknown:
        return _no(f"{', '.join(unknown)}: the land masses are called A, B, C and D")
    if not all(isinstance(land, str) for pair in pairs for land in pair):
        return _no("name each land with its letter, such as ('A', 'B')")
    g = konigsberg()
    g.add_edges_from(pairs)
    odd = sorted(str(v) for v, d in g.degree if d % 2)
    if odd:
        hint = (
            "; a bridge from a land to itself adds 2 to its degree, so the parity stays"
            if any(u == v for u, v in pairs)
            else ""
        )
        return _no(
            f"after these bridges the lands {' and '.join(odd) if len(odd) == 2 else ', '.join(odd)}"
            f" still have an odd degree; a closed walk needs every degree even{hint}"
        )
    if len(pairs) > 2:
        return _no(
            f"every degree is even now, but {len(pairs)} bridges is more than needed: "
            "one new bridge fixes two odd lands, and there are four"
        )
    return _yes("two bridges pair up the four odd lands, and every degree becomes even")


def check_spanning_tree_weight(weight: float) -> Verdict:
    """Exercise: the total length of a minimum spanning tree of :func:`network`.

    >>> check_spanning_tree_weight(19)
    ✓ Right: 19 is the least total length that connects all six towns.
    True
    """
    g = network()
    # every spanning tree's length (126 sets of 5 roads, so listing them all is cheap)
    lengths = {t.size(weight="weight") for t in nx.algorithms.tree.mst.SpanningTreeIterator(g)}
    best, worst = min(lengths), max(lengths)
    total = g.size(weight="weight")
    if not isinstance(weight, (int, float)) or isinstance(weight, bool):
        return _no(f"answer with a number (the sum of the tree's edge weights), not {weight!r}")
    if weight == best:
        return _yes(f"{best:g} is the least total length that connects all six towns")
    if weight == total:
        return _no("that is every road; a spanning tree of 6 towns has only 5 edges")
    if weight == worst:
        return _no("that is the heaviest spanning tree: Prim adds the *cheapest* edge each time")
    if weight < best:
        return _no(
            f"{weight:g} is too little: no spanning tree is that short, since 5 roads must "
            "connect all six towns (check that your 5 roads reach every town)"
        )
    if weight not in lengths:
        return _no(
            f"no spanning tree has length {weight:g}: add up the lengths of 5 roads that "
            "connect all six towns without a cycle"
        )
    return _no(
        f"{weight:g} connects the towns, but not as cheaply as possible: start at any town "
        "and add the cheapest road to a new town, again and again (Prim)"
    )


def _yes(message: str) -> Verdict:
    return feedback(True, message)


def _no(message: str) -> Verdict:
    return feedback(False, message)
