"""Self-checks and graphs for notebook 01a (graphs: parts, kinds, degree, walks).

The graphs the lesson and its exercises share live here, so that a check grades the very
graph the lesson drew; the verdicts come from the graphs themselves (their degrees, their
edges), not from answers typed in.

>>> from lesson_checks.graphs import check_new_bridges
>>> check_new_bridges([("A", "B"), ("C", "D")])
✓ Right: two bridges pair up the four odd lands, and every degree becomes even.
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import networkx as nx

from lesson_checks import Verdict, feedback

__all__ = [
    "GRAPH_KINDS",
    "KINDS",
    "LANDS",
    "WALKS",
    "check_graph_kinds",
    "check_new_bridges",
    "check_walks",
    "graph_kind",
    "house",
    "konigsberg",
    "mystery_graphs",
    "roads",
    "walk_kind",
]

LANDS = ("A", "B", "C", "D")
"""Königsberg's four parts: the islands A (Kneiphof) and D (Lomse), the banks B and C."""


def konigsberg() -> nx.MultiGraph:
    """The seven bridges. The river makes two islands (the thesis: *dva ostrovy*): A, the
    Kneiphof, with five bridges, and D, the Lomse, with three; B and C are the north and
    south banks, with three each.

    >>> sorted(konigsberg().degree)
    [('A', 5), ('B', 3), ('C', 3), ('D', 3)]
    """
    g = nx.MultiGraph()
    g.add_edges_from([("A", "B"), ("A", "B"), ("A", "C"), ("A", "C"), ("A", "D")])
    g.add_edges_from([("B", "D"), ("C", "D")])
    return g


def check_new_bridges(bridges: object) -> Verdict:
    """Exercise: build the fewest new bridges so that a *closed* walk crosses every bridge
    exactly once (an Euler circuit). ``bridges`` is a list of pairs of land masses.

    >>> check_new_bridges([("A", "B")])
    ✗ Not yet: after this bridge the lands C and D still have an odd degree; a closed walk needs every degree even.
    False
    >>> check_new_bridges([])
    ✗ Not yet: with no new bridge all four lands have an odd degree; a closed walk needs every degree even.
    False
    """
    pairs = _pairs(bridges)
    if isinstance(pairs, str):
        return feedback(False, pairs)
    g = konigsberg()
    g.add_edges_from(pairs)
    odd = sorted(str(v) for v, d in g.degree if d % 2)
    if odd:
        if not pairs:
            return feedback(
                False,
                "with no new bridge all four lands have an odd degree; a closed walk needs "
                "every degree even",
            )
        these = "this bridge" if len(pairs) == 1 else "these bridges"
        lands = " and ".join(odd) if len(odd) == 2 else ", ".join(odd)
        loop = any(u == v for u, v in pairs)
        hint = "; a bridge from a land to itself adds 2 to its degree, so the parity stays"
        return feedback(
            False,
            f"after {these} the lands {lands} still have an odd degree; a closed walk needs "
            f"every degree even{hint if loop else ''}",
        )
    if len(pairs) > 2:
        return feedback(
            False,
            f"every degree is even now, but {len(pairs)} bridges is more than needed: "
            "one new bridge fixes two odd lands, and there are four",
        )
    return feedback(True, "two bridges pair up the four odd lands, and every degree becomes even")


def _pairs(bridges: object) -> list[tuple[str, str]] | str:
    """The bridges of an answer as pairs of land names, or what is wrong with it."""
    try:
        pairs = [tuple(pair) for pair in bridges]  # type: ignore[attr-defined]
    except TypeError:
        return "give a list of pairs such as [('A', 'B')]"
    if any(len(pair) != 2 for pair in pairs):
        return "each bridge is a pair of two land masses, such as ('A', 'B')"
    # str() first: an answer may hold anything, lists and None included
    unknown = sorted({str(land) for pair in pairs for land in pair if str(land) not in LANDS})
    if unknown:
        return f"{', '.join(unknown)}: the land masses are called A, B, C and D"
    if not all(isinstance(land, str) for pair in pairs for land in pair):
        return "name each land with its letter, such as ('A', 'B')"
    return [(str(u), str(v)) for u, v in pairs]


# -- the kinds of graphs ---------------------------------------------------------------------
GRAPH_KINDS = (
    "graph",
    "multigraph",
    "pseudograph",
    "digraph",
    "multidigraph",
    "pseudodigraph",
    "mixed graph",
    "multi-mixed graph",
    "pseudo-mixed graph",
)
"""The thesis' nine graph structures (figure 5), in the order of its table."""

_SLOVAK = {"migraf": "mixed graph", "multimigraf": "multi-mixed graph"}
_SLOVAK |= {"pseudomigraf": "pseudo-mixed graph", "jednoduchygraf": "graph"}


def graph_kind(g: nx.Graph) -> str:
    """The thesis' name for a graph structure: the most special of its nine kinds.

    Edges are directed in a ``DiGraph``; in a ``MultiDiGraph`` an edge with ``directed=False``
    is undirected (a mixed graph). Parallel edges are *multiple* when they are all undirected
    or all directed the same way: two opposite arrows are allowed in a digraph.

    >>> graph_kind(nx.DiGraph([(1, 2), (2, 1)])), graph_kind(nx.MultiGraph([(1, 1)]))
    ('digraph', 'pseudograph')
    """
    edges = list(g.edges(data="directed", default=g.is_directed()))
    directed = any(d for _, _, d in edges)
    undirected = any(not d for _, _, d in edges)
    family = "mixed graph" if directed and undirected else "digraph" if directed else "graph"
    dash = "-" if family == "mixed graph" else ""
    if nx.number_of_selfloops(g):
        return "pseudo" + dash + family
    ends = [(u, v) if d else frozenset((u, v)) for u, v, d in edges]
    if len(set(ends)) < len(ends):
        return "multi" + dash + family
    return family


def mystery_graphs() -> list[nx.Graph]:
    """The four graphs of the naming exercise (drawn in the lesson as graphs 1 to 4).

    >>> [g.number_of_edges() for g in mystery_graphs()]
    [3, 3, 3, 3]
    """
    opposite = nx.DiGraph([(1, 2), (2, 1), (2, 3)])
    looped = nx.MultiGraph([(1, 1), (1, 2), (2, 3)])
    mixed = nx.MultiDiGraph()
    mixed.add_edges_from([(1, 2), (1, 2)], directed=False)
    mixed.add_edge(3, 2)
    same_way = nx.MultiDiGraph([(1, 2), (1, 2), (3, 2)])
    return [opposite, looped, mixed, same_way]


def check_graph_kinds(answers: object) -> Verdict:
    """Exercise: give the most special of the nine names to each of :func:`mystery_graphs`.

    Names are read without regard to case, spaces and hyphens (``"multi-mixed graph"``,
    ``"Multimixed graph"``), in English or the thesis' Slovak (``"multimigraf"``). The
    verdict says what in the first wrongly named graph rules the name out, not its name.

    >>> check_graph_kinds(["multidigraph", "pseudograph", "mixed graph", "multidigraph"])
    ✗ Not yet: graph 1 is no multidigraph: it has no multiple edges (1→2 and 2→1 point opposite ways: the thesis calls them parallel, but not multiple); a more special name fits.
    False
    """
    graphs = mystery_graphs()
    names = _kind_names(answers, len(graphs))
    if isinstance(names, str):
        return feedback(False, names)
    for number, (g, name) in enumerate(zip(graphs, names, strict=True), 1):
        right = graph_kind(g)
        if name != right:
            return feedback(False, f"graph {number} is no {name}: {_why_not(g, name, right)}")
    return feedback(True, "; ".join(f"{i} is a {graph_kind(g)}" for i, g in enumerate(graphs, 1)))


def _kind_names(answers: object, count: int) -> list[str] | str:
    """The names of an answer in the form of :data:`GRAPH_KINDS`, or what is wrong with it."""
    if isinstance(answers, str) or not isinstance(answers, Sequence):
        return f"answer with a list of {count} names, one for each graph, such as ['graph', …]"
    if len(answers) != count:
        return f"give one name for each of the {count} graphs"
    folded = {name.replace("-", "").replace(" ", ""): name for name in GRAPH_KINDS}
    names = []
    for answer in answers:
        key = str(answer).lower().replace("-", "").replace(" ", "").replace("ý", "y")
        name = folded.get(key) or _SLOVAK.get(key)
        if name is None:
            return f"{answer!r} is not one of the nine names: {', '.join(GRAPH_KINDS)}"
        names.append(name)
    return names


def _family_and_level(name: str) -> tuple[str, str]:
    """``"multi-mixed graph"`` → ``("mixed", "multi")``: which edges, and what is allowed."""
    level = next((p for p in ("pseudo", "multi") if name.startswith(p)), "simple")
    rest = name.removeprefix(level).lstrip("-")
    return ("mixed" if "mixed" in rest else "directed" if "di" in rest else "undirected"), level


def _why_not(g: nx.Graph, name: str, right: str) -> str:
    """What in ``g`` rules out ``name`` (its right name being ``right``), not naming it."""
    said, truth = _family_and_level(name), _family_and_level(right)
    edges = list(g.edges(data="directed", default=g.is_directed()))
    if said[0] != truth[0]:
        plain = [f"{u}–{v}" for u, v, d in edges if not d]
        arrows = [f"{u}→{v}" for u, v, d in edges if d]
        if said[0] == "mixed":
            kind = "every edge has an arrow" if arrows else "no edge has an arrow"
            return f"{kind}, and a mixed graph has edges of both kinds"
        if said[0] == "directed":
            return f"the edge {plain[0]} has no arrow"
        return f"the edge {arrows[0]} has an arrow"
    loop = next((u for u, v, _ in edges if u == v), None)
    if said[1] != "pseudo" and loop is not None:
        return f"it has a loop at {loop}, and only the pseudo- names allow loops"
    if said[1] == "pseudo":
        return "it has no loop; a more special name fits"
    ends = [(u, v) if d else frozenset((u, v)) for u, v, d in edges]
    if said[1] == "simple":
        twice = next(e for e in ends if ends.count(e) > 1)
        how = "directed the same way" if isinstance(twice, tuple) else "both undirected"
        u, v = sorted(twice)
        return f"its two edges between {u} and {v} are multiple (parallel and {how})"
    opposite = [(u, v) for u, v, d in edges if d and (v, u) in ends]
    why = (
        f" ({opposite[0][0]}→{opposite[0][1]} and {opposite[0][1]}→{opposite[0][0]} point "
        "opposite ways: the thesis calls them parallel, but not multiple)"
        if opposite
        else ""
    )
    return f"it has no multiple edges{why}; a more special name fits"


# -- degrees, walks, trails and paths --------------------------------------------------------
def roads() -> tuple[nx.Graph, dict[str, tuple[float, float]]]:
    """Six towns and the roads between them, with their lengths (ours), and where to draw
    each town.

    >>> g, where = roads()
    >>> g.number_of_nodes(), g.number_of_edges(), g.size(weight="weight")
    (6, 9, 30.0)
    """
    g = nx.Graph()
    g.add_weighted_edges_from(
        [("A", "B", 2), ("A", "C", 3), ("B", "C", 1), ("B", "D", 4), ("C", "D", 5)]
        + [("C", "E", 6), ("D", "E", 2), ("D", "F", 3), ("E", "F", 4)]
    )
    where = {"A": (0.0, 1.0), "B": (1.0, 2.0), "C": (1.0, 0.0), "D": (2.0, 1.0)}
    return g, where | {"E": (3.0, 0.0), "F": (3.0, 2.0)}


def house() -> nx.Graph:
    """The graph of the walks exercise: a square A, B, C, D with a roof E over A and B.

    >>> sorted(house().edges)
    [('A', 'B'), ('A', 'C'), ('A', 'E'), ('B', 'D'), ('B', 'E'), ('C', 'D')]
    """
    return nx.Graph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("A", "E"), ("B", "E")])


KINDS = ("path", "trail", "walk", "none")
"""The answers :func:`walk_kind` gives, from the most special to not a walk at all."""

WALKS = ("CABD", "CDBD", "AEBAC", "EBC")
"""The four sequences of vertices of the walks exercise, on :func:`house`."""


def walk_kind(g: nx.Graph, vertices: Sequence[Any]) -> str:
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


def check_walks(answers: object) -> Verdict:
    """Exercise: name each sequence of :data:`WALKS` on :func:`house` as ``"path"``,
    ``"trail"``, ``"walk"`` or ``"none"`` (the most special name that fits).

    >>> check_walks(["path", "walk", "walk", "none"])
    ✗ Not yet: AEBAC never uses an edge twice: a more special name fits.
    False
    """
    if isinstance(answers, str) or not isinstance(answers, Sequence):
        return feedback(False, f"answer with a list of four names, such as {list(KINDS)}")
    if len(answers) != len(WALKS):
        return feedback(
            False, f"give one name for each of the {len(WALKS)} sequences {', '.join(WALKS)}"
        )
    given = [str(a).strip().lower() for a in answers]
    bad = [a for a, g in zip(answers, given, strict=True) if g not in KINDS]
    if bad:
        return feedback(False, f"{bad[0]!r} is not one of the names {', '.join(map(repr, KINDS))}")
    g = house()
    for walk, answer in zip(WALKS, given, strict=True):
        right = walk_kind(g, walk)
        if answer != right:
            return feedback(False, _why(g, walk, right, answer))
    return feedback(True, "CABD is a path, CDBD a walk, AEBAC a trail, and EBC no walk at all")


def _why(g: nx.Graph, walk: str, right: str, answer: str) -> str:
    """What in ``walk`` rules out ``answer`` (its right name being ``right``), in words that
    point at the evidence rather than at the name."""
    if right == "none":
        u, v = next((u, v) for u, v in pairwise(walk) if not g.has_edge(u, v))
        return f"{walk} is no walk at all: no edge joins {u} and {v}"
    if answer == "none":
        return f"{walk} is a walk: every vertex in it is joined to the next by an edge"
    if right == "path":
        return f"{walk} visits no vertex twice: a more special name fits"
    if right == "trail":
        if answer == "path":
            twice = next(v for v in walk if walk.count(v) > 1)
            return f"{walk} visits {twice} twice, so it is no path"
        return f"{walk} never uses an edge twice: a more special name fits"
    steps = [frozenset(s) for s in pairwise(walk)]
    u, v = sorted(next(s for s in steps if steps.count(s) > 1))
    return f"{walk} uses the edge {u}–{v} twice, so it is no {answer}"
