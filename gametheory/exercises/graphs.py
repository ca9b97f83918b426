"""Self-checks for notebook 01 (graphs).

>>> from gametheory.exercises.graphs import check_chromatic_number
>>> check_chromatic_number(3)
✓ Right: the Petersen graph needs 3 colours: it has 5-cycles (odd), and 3 are enough.
True
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from gametheory.exercises import feedback

__all__ = [
    "konigsberg",
    "network",
    "check_new_bridges",
    "check_chromatic_number",
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


def check_new_bridges(bridges: Iterable[tuple[str, str]]) -> bool:
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
    unknown = sorted({land for pair in pairs for land in pair if land not in LANDS})
    if unknown:
        return _no(f"{', '.join(map(str, unknown))}: the land masses are called A, B, C and D")
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


def check_chromatic_number(k: int) -> bool:
    """Exercise: the fewest colours for the vertices of the Petersen graph
    (``nx.petersen_graph()``) so that neighbours never share a colour.

    >>> check_chromatic_number(2)
    ✗ Not yet: two colours must alternate around a cycle, and the Petersen graph has cycles of length 5 (odd): the fifth vertex meets both colours.
    False
    """
    if isinstance(k, bool) or not isinstance(k, int):
        return _no(f"answer with a whole number of colours, not {k!r}")
    if k == 3:
        return _yes("the Petersen graph needs 3 colours: it has 5-cycles (odd), and 3 are enough")
    if k < 2:
        return _no("with one colour every edge joins two vertices of the same colour")
    if k == 2:
        return _no(
            "two colours must alternate around a cycle, and the Petersen graph has cycles of "
            "length 5 (odd): the fifth vertex meets both colours"
        )
    return _no(
        f"{k} colours work, but fewer do too: try nx.greedy_color(g, strategy='DSATUR') and "
        "check that no edge joins two equal colours"
    )


def check_spanning_tree_weight(weight: float) -> bool:
    """Exercise: the total length of a minimum spanning tree of :func:`network`.

    >>> check_spanning_tree_weight(19)
    ✓ Right: 19 is the least total length that connects all six towns.
    True
    """
    g = network()
    best = nx.minimum_spanning_tree(g).size(weight="weight")
    worst = nx.maximum_spanning_tree(g).size(weight="weight")
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
            f"{weight:g} is too little: 5 roads must connect all six towns, and no 5 do it "
            f"so cheaply (check that your edges reach U)"
        )
    return _no(
        f"{weight:g} connects the towns, but not as cheaply as possible: start at any town "
        "and add the cheapest road to a new town, again and again (Prim)"
    )


def _yes(message: str) -> bool:
    return feedback(True, message)


def _no(message: str) -> bool:
    return feedback(False, message)
