"""Self-checks and graphs for notebook 01b (trees, tours and colourings) and its going-further
notebook 01x (Hamilton's game and flows).

Every verdict is computed from the graph the lesson drew: networkx's algorithms (spanning
trees, planarity, flows) or a search, never an answer typed in.

>>> from lesson_checks.graph_algorithms import check_sudoku_neighbours
>>> check_sudoku_neighbours(20)
✓ Right: 20 neighbours: 8 in the row, 8 in the column and the 4 cells of the box in neither.
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import networkx as nx

from gametheory.practice import parse_list
from lesson_checks import Verdict, feedback, number
from lesson_checks._reading import whole_number

__all__ = [
    "SHIDOKU",
    "TOWNS",
    "central_europe",
    "check_hamiltonian_cycle",
    "check_max_flow",
    "check_shidoku",
    "check_spanning_tree_weight",
    "check_sudoku_neighbours",
    "check_tour_count",
    "dodecahedron",
    "faces",
    "four_towns",
    "network",
    "pie_map",
    "pipes",
    "prism",
]

Position = dict[Any, tuple[float, float]]


# -- spanning trees ------------------------------------------------------------------------------
def network() -> nx.Graph:
    """The weighted network of the spanning-tree exercise (towns and road lengths, ours).

    >>> network().number_of_nodes(), network().number_of_edges()
    (6, 9)
    """
    g = nx.Graph()
    g.add_weighted_edges_from(
        [("P", "Q", 4), ("P", "R", 3), ("Q", "R", 2), ("Q", "S", 5), ("R", "S", 7)]
        + [("R", "T", 6), ("S", "T", 1), ("S", "U", 8), ("T", "U", 9)]
    )
    return g


def check_spanning_tree_weight(weight: object) -> Verdict:
    """Exercise: the total length of a minimum spanning tree of :func:`network`.

    >>> check_spanning_tree_weight("19")
    ✓ Right: 19 is the least total length that connects all six towns.
    True
    """
    given = number(weight)
    if given is None:
        return feedback(False, "answer with a number (the sum of the tree's edge lengths)")
    g = network()
    # every spanning tree's length (126 sets of 5 roads, so listing them all is cheap)
    lengths = {t.size(weight="weight") for t in nx.algorithms.tree.mst.SpanningTreeIterator(g)}
    best, worst = min(lengths), max(lengths)
    if given == best:
        return feedback(True, f"{best:g} is the least total length that connects all six towns")
    if given == g.size(weight="weight"):
        return feedback(False, "that is every road; a spanning tree of 6 towns has only 5 edges")
    if given == worst:
        return feedback(False, "that is the heaviest spanning tree: Prim adds the *cheapest* edge")
    if given < best:
        return feedback(
            False,
            f"{given:g} is too little: no spanning tree is that short, since 5 roads must "
            "connect all six towns (check that your 5 roads reach every town)",
        )
    if given not in lengths:
        return feedback(
            False,
            f"no spanning tree has length {given:g}: add up the lengths of 5 roads that "
            "connect all six towns without a cycle",
        )
    return feedback(
        False,
        f"{given:g} connects the towns, but not as cheaply as possible: start at any town "
        "and add the cheapest road to a new town, again and again (Prim)",
    )


# -- tours ---------------------------------------------------------------------------------------
def four_towns() -> tuple[nx.Graph, Position]:
    """Four towns, every two joined, with distances (ours) that give the thesis' answer: the
    shortest tour has length 32 and is found twice, once in each direction.

    >>> g, where = four_towns()
    >>> sorted(nx.path_weight(g, [*p, "A"], "weight") for p in
    ...        [("A", "B", "C", "D"), ("A", "B", "D", "C"), ("A", "C", "B", "D")])
    [32, 39, 39]
    """
    g = nx.Graph()
    g.add_weighted_edges_from(
        [("A", "B", 7), ("B", "C", 8), ("C", "D", 9), ("D", "A", 8), ("A", "C", 12), ("B", "D", 11)]
    )
    return g, {"A": (0.0, 1.2), "B": (2.0, 1.2), "C": (1.0, -0.5), "D": (1.0, 0.5)}


TOWNS = 5
"""The towns of the tour-counting exercise (every two joined, the tour from a fixed town)."""


def check_tour_count(leaves: object) -> Verdict:
    """Exercise: how big is the decision tree of every tour from A through :data:`TOWNS`
    towns, every two joined by a road? (Its size is its number of leaves: one per tour.)

    >>> check_tour_count(120)
    ✗ Not yet: 120 counts every order of all 5 towns, but every tour starts at A: only the order of the other 4 is chosen.
    False
    """
    n = whole_number(leaves, "leaves")
    if isinstance(n, str):
        return feedback(False, n)
    others = TOWNS - 1
    right = math.factorial(others)
    if n == right:
        return feedback(
            True,
            f"{right} leaves: {' × '.join(map(str, range(others, 0, -1)))}, a choice of the "
            "next town at every level",
        )
    if n == math.factorial(TOWNS):
        return feedback(
            False,
            f"{n} counts every order of all {TOWNS} towns, but every tour starts at A: only "
            f"the order of the other {others} is chosen",
        )
    if n == right // 2:
        return feedback(
            False,
            f"{n} counts each round trip once, but the tree holds both directions of it, as "
            "the 32 appeared twice above",
        )
    return feedback(
        False,
        f"from A there are {others} towns to choose, then one fewer at every level: multiply "
        "the choices",
    )


# -- colouring -----------------------------------------------------------------------------------
_BORDERS = """
DE-CZ DE-PL DE-AT DE-CH CZ-PL CZ-SK CZ-AT PL-SK PL-UA SK-UA SK-HU SK-AT AT-HU AT-SI
AT-IT AT-CH HU-UA HU-RO HU-RS HU-HR HU-SI SI-HR SI-IT HR-RS UA-RO RO-RS CH-IT
"""


def central_europe() -> tuple[nx.Graph, Position]:
    """Thirteen countries of central Europe, joined when they share a border, and where to
    draw them (roughly their longitude and latitude).

    >>> borders, where = central_europe()
    >>> borders.number_of_nodes(), borders.number_of_edges(), sorted(borders["SK"])
    (13, 27, ['AT', 'CZ', 'HU', 'PL', 'UA'])
    """
    borders = nx.Graph(pair.split("-") for pair in _BORDERS.split())
    where = {"DE": (10.0, 51.0), "CZ": (15.0, 50.0), "PL": (19.0, 52.0), "SK": (19.5, 48.7)}
    where |= {"AT": (14.0, 47.5), "HU": (19.5, 47.0), "SI": (14.8, 46.0), "HR": (16.5, 45.0)}
    where |= {"UA": (25.0, 49.0), "RO": (25.0, 45.8), "RS": (20.8, 44.0), "CH": (8.2, 46.8)}
    return borders, where | {"IT": (11.5, 44.0)}


def pie_map() -> tuple[nx.Graph, Position]:
    """A map of five countries round a centre, like the slices of a pie, in the sea: the
    plane graph of its borders (a wheel: the centre 0, the coast 1 to 5) and where to draw
    its corners.

    >>> g, where = pie_map()
    >>> g.number_of_nodes(), g.number_of_edges(), nx.is_planar(g)
    (6, 10, True)
    """
    g = nx.wheel_graph(6)
    where = {0: (0.0, 0.0)}
    for k in range(1, 6):
        angle = math.pi / 2 + 2 * math.pi * (k - 1) / 5
        where[k] = (math.cos(angle), math.sin(angle))
    return g, where


def faces(g: nx.Graph) -> list[frozenset[Any]]:
    """The faces of a planar graph: the regions of a drawing without crossings, each as the
    set of vertices round it (the outer face too), from networkx's planar embedding.

    For a graph that is connected and stays so after removing any two vertices (a wheel,
    the dodecahedron) every drawing without crossings has the same faces (Whitney, 1932).

    >>> sorted(len(face) for face in faces(pie_map()[0]))
    [3, 3, 3, 3, 3, 5]
    """
    planar, embedding = nx.check_planarity(g)
    if not planar:
        raise ValueError("the graph is not planar: it has no drawing without crossings")
    seen: set[tuple[Any, Any]] = set()
    found = []
    for u, v in embedding.edges:
        if (u, v) not in seen:
            found.append(frozenset(embedding.traverse_face(u, v, mark_half_edges=seen)))
    return found


def check_sudoku_neighbours(n: object) -> Verdict:
    """Exercise: in the graph of a 9 × 9 sudoku (``nx.sudoku_graph()``), how many
    neighbours has a cell (the cells that must not hold its digit)?

    >>> check_sudoku_neighbours(24)
    ✗ Not yet: 24 counts 4 cells twice: the box shares 2 cells with the row and 2 with the column (besides the cell itself), so the box adds only 4 new ones.
    False
    """
    given = whole_number(n, "neighbours")
    if isinstance(given, str):
        return feedback(False, given)
    right = nx.sudoku_graph(3).degree[0]
    if given == right:
        return feedback(
            True,
            f"{right} neighbours: 8 in the row, 8 in the column and the 4 cells of the box in "
            "neither",
        )
    hints = {
        8: "8 is the rest of the row; the column and the box must differ from the cell too",
        16: "16 is the row and the column; the box holds 4 more cells that are in neither",
        24: "24 counts 4 cells twice: the box shares 2 cells with the row and 2 with the column "
        "(besides the cell itself), so the box adds only 4 new ones",
        21: "21 counts the cell itself; a cell is not its own neighbour (the graph has no loops)",
        27: "27 counts the cell three times and 4 others twice",
    }
    default = (
        "count the cells that share the row, those that share the column, and those that "
        "share the box but neither of the others"
    )
    return feedback(False, hints.get(given, default))


SHIDOKU = (
    (0, 2, 0, 4),
    (0, 0, 1, 0),
    (2, 0, 0, 0),
    (4, 0, 0, 1),
)
"""The 4 × 4 sudoku of the exercise (ours): 0 is an empty cell. It has one solution."""

_SIDE = 4


def check_shidoku(grid: object) -> Verdict:
    """Exercise: fill in :data:`SHIDOKU`: every row, column and 2 × 2 box holds 1, 2, 3, 4.

    ``grid`` is four rows, each a list of four digits or a text such as ``"1 2 3 4"``. The
    verdict names the first rule broken: a given changed, or two neighbours (in the sudoku
    graph ``nx.sudoku_graph(2)``) with one digit.

    >>> check_shidoku(["1 2 3 4", "3 4 1 2", "2 1 4 3", "4 3 2 1"])
    ✓ Right: every row, column and box holds 1 to 4, and the givens are kept: a colouring of the sudoku graph with 4 colours.
    True
    """
    cells = _shidoku_cells(grid)
    if isinstance(cells, str):
        return feedback(False, cells)
    for (r, c), digit in cells.items():
        if SHIDOKU[r][c] and digit != SHIDOKU[r][c]:
            return feedback(False, f"row {r + 1}, column {c + 1} is given as {SHIDOKU[r][c]}")
    graph = nx.sudoku_graph(2)  # vertex 4 * row + column
    for u, v in graph.edges:
        (r1, c1), (r2, c2) = divmod(u, _SIDE), divmod(v, _SIDE)
        if cells[r1, c1] == cells[r2, c2]:
            where = (
                f"row {r1 + 1}"
                if r1 == r2
                else f"column {c1 + 1}"
                if c1 == c2
                else f"the box of row {r1 + 1}, column {c1 + 1}"
            )
            return feedback(False, f"{where} holds {cells[r1, c1]} twice")
    return feedback(
        True,
        "every row, column and box holds 1 to 4, and the givens are kept: a colouring of the "
        "sudoku graph with 4 colours",
    )


def _shidoku_cells(grid: object) -> dict[tuple[int, int], int] | str:
    """The digits of an answer by (row, column), or what is wrong with its form."""
    shape = "answer with 4 rows of 4 digits: the grid above with every 0 filled in"
    try:
        rows = [] if isinstance(grid, str) else parse_list(grid)
    except ValueError:
        return shape
    if len(rows) != _SIDE:
        return shape
    cells = {}
    for r, row in enumerate(rows):
        if isinstance(row, str) and row.strip().isdigit():
            items: list[object] = list(row.strip())  # "1234": a row written as its digits
        else:
            try:
                items = parse_list(row)
            except ValueError:
                return shape
        if len(items) != _SIDE:
            entries = "1 entry" if len(items) == 1 else f"{len(items)} entries"
            return f"row {r + 1} has {entries}; a row has 4 digits"
        for c, item in enumerate(items):
            digit = number(item)
            if digit == 0:
                return f"row {r + 1}, column {c + 1} is still empty (0): fill in every cell"
            if digit not in (1, 2, 3, 4):
                return f"row {r + 1}, column {c + 1} holds {item!r}; the digits are 1 to 4"
            cells[r, c] = int(digit)
    return cells


# -- going further: Hamilton's game and flows --------------------------------------------------
def dodecahedron() -> tuple[nx.Graph, Position]:
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
    return g, flat | {15 + i: at(i, 5, 3) for i in range(5)}


def prism() -> tuple[nx.Graph, Position]:
    """The graph of the Hamiltonian-cycle exercise: a triangular prism, two triangles A B C
    and D E F joined A–D, B–E, C–F, and where to draw it.

    >>> sorted(dict(prism()[0].degree).values())
    [3, 3, 3, 3, 3, 3]
    """
    g = nx.Graph([("A", "B"), ("B", "C"), ("C", "A"), ("D", "E"), ("E", "F"), ("F", "D")])
    g.add_edges_from([("A", "D"), ("B", "E"), ("C", "F")])
    where = {"A": (0.0, 2.0), "B": (-1.7, -1.0), "C": (1.7, -1.0)}
    return g, where | {"D": (0.0, 0.8), "E": (-0.7, -0.4), "F": (0.7, -0.4)}


def check_hamiltonian_cycle(cycle: object) -> Verdict:
    """Exercise: a Hamiltonian cycle of :func:`prism`, as the vertices in order, the first
    again at the end (``"ABCFEDA"`` or ``["A", "B", …]``).

    >>> check_hamiltonian_cycle("ABCDEFA")
    ✗ Not yet: no edge joins C and D.
    False
    """
    g, _ = prism()
    if isinstance(cycle, str):
        cycle = [letter for letter in cycle if letter.strip(" ,–-")]
    if not isinstance(cycle, Sequence) or len(cycle) < 2:
        return feedback(False, "answer with the vertices in order, such as 'ABC…A'")
    names = [str(v).strip().upper() for v in cycle]
    unknown = [v for v in names if v not in g]
    if unknown:
        return feedback(False, f"{unknown[0]!r} is not a vertex: they are A to F")
    twice = next((v for v in names[:-1] if names[:-1].count(v) > 1), None)
    if twice is not None:
        return feedback(
            False,
            f"{twice} is visited twice before the end: a Hamiltonian cycle visits each vertex "
            "once, then comes back to the first",
        )
    if names[0] != names[-1]:
        return feedback(False, f"a cycle ends where it starts: add {names[0]} at the end")
    missing = sorted(set(g) - set(names))
    if missing:
        listed = ", ".join(missing[:-1]) + " and " + missing[-1] if len(missing) > 1 else missing[0]
        verb = "are" if len(missing) > 1 else "is"
        return feedback(
            False, f"{listed} {verb} not visited: a Hamiltonian cycle visits every vertex"
        )
    gap = next(((u, v) for u, v in pairwise(names) if not g.has_edge(u, v)), None)
    if gap is not None:
        return feedback(False, f"no edge joins {gap[0]} and {gap[1]}")
    return feedback(True, f"{'–'.join(names)} visits all six vertices once and comes back")


def pipes() -> tuple[nx.DiGraph, Position]:
    """The flow network of the exercise (ours): capacities on the arrows from ``s`` to ``t``.

    >>> g, where = pipes()
    >>> g.number_of_edges(), nx.maximum_flow_value(g, "s", "t") > 0
    (7, True)
    """
    g = nx.DiGraph()
    for u, v, capacity in [("s", "a", 5), ("s", "b", 6), ("a", "b", 3), ("a", "t", 4)] + [
        ("b", "c", 3),
        ("c", "t", 6),
        ("b", "t", 2),
    ]:
        g.add_edge(u, v, capacity=capacity)
    where = {"s": (0.0, 0.0), "a": (1.0, 1.0), "b": (1.0, -1.0), "c": (2.0, -1.0)}
    return g, where | {"t": (3.0, 0.0)}


def check_max_flow(value: object) -> Verdict:
    """Exercise: the largest flow from ``s`` to ``t`` in :func:`pipes`.

    >>> check_max_flow(11)
    ✗ Not yet: 11 is what leaves s, but not all of it can reach t: find a cut whose arrows carry less.
    False
    """
    given = number(value)
    if given is None:
        return feedback(False, "answer with a number: how much flows from s to t")
    g, _ = pipes()
    best, (near, far) = nx.minimum_cut(g, "s", "t")
    cut = sorted((u, v) for u, v in g.edges if u in near and v in far)
    if given == best:
        arrows = ", ".join(f"{u}→{v}" for u, v in cut)
        return feedback(True, f"{best:g}: no more can cross the cut {arrows}, and {best:g} does")
    out_of_s = sum(c for _, _, c in g.out_edges("s", data="capacity"))
    if given == out_of_s:
        return feedback(
            False,
            f"{given:g} is what leaves s, but not all of it can reach t: find a cut whose "
            "arrows carry less",
        )
    if given > best:
        return feedback(
            False,
            f"{given:g} is more than can get through: split the vertices into a side with s "
            "and a side with t, and add the capacities of the arrows across",
        )
    return feedback(
        False,
        f"more than {given:g} gets through: look for a path from s to t whose arrows are not "
        "yet full, and send more along it",
    )
