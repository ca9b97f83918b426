# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 01a · Graphs: parts, kinds, degree, walks
#
# **What you will learn**
# * why Königsberg's seven bridges cannot be crossed once each (Euler's degree argument);
# * the parts of a graph, and the nine kinds of graphs (graph, multigraph, pseudograph,
#   digraph, …), and how networkx stores them;
# * the degree of a vertex, and where we count it differently from the thesis;
# * walks, trails and paths, and to write `is_trail` yourself;
# * weighted graphs (the thesis' *ohodnotený graf*).
#
# Game trees (lesson 04) are graphs, so this is the ground floor of the course. We follow
# chapter 2 of the Slovak thesis (*Teória grafov*): its words are in brackets, its sentences
# are quoted in Slovak with our translation. Its history in two dates: the field starts with
# Euler's paper on the bridges, dated 1736, and *„Prvú knihu o teórii grafov však
# napísal až v roku 1936 Dénes König.“* (The first book on graph theory, though, was written
# only in 1936, by Dénes König.) **Every other graph and number in this lesson is ours**, made
# up to show the idea. Lesson 01b goes on with trees, tours and colourings.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in networkx |
# | --- | --- | --- |
# | **vertex** (*vrchol*, *uzol*) | a point | `g.add_node("A")` |
# | **edge** (*hrana*) | a line joining two vertices, its **end vertices** (*krajné vrcholy*) | `g.add_edge("A", "B")` |
# | **directed edge** (*orientovaná hrana*) | an arrow, from its **start** (*počiatočný*) to its **end** (*koncový*) vertex | an edge of `nx.DiGraph` |
# | **loop** (*slučka*) | an edge from a vertex to itself | `g.add_edge("A", "A")` |
# | **parallel edges** (*rovnobežné hrany*) | different edges with the same end vertices | `nx.MultiGraph` |
# | **adjacent edges** (*priľahlé hrany*) | edges with an end vertex in common | `g.edges("A")` |
# | **isolated vertex** (*izolovaný vrchol*) | a vertex on no edge | `g.degree("D") == 0` |
# | **degree** (*stupeň vrcholu*) | how many edge ends touch a vertex (a loop counts twice) | `g.degree` |
# | **walk** (*sled*) | a sequence of vertices, each joined to the next by an edge | `nx.is_path(g, seq)` |
# | **trail** (*ťah*) | a walk that uses no edge twice | |
# | **path** (*cesta*) | a walk that visits no vertex twice | `nx.is_simple_path(g, seq)` |
# | **connected** graph | every two vertices are joined by a walk | `nx.is_connected(g)` |
#
# (*Ťah* is also the thesis' word for a *move* in a game: one word, two meanings.)

# %%
import networkx as nx
from IPython.display import display

from gametheory.draw import draw_graph, draw_graphs
import lesson_checks.graphs as ex
import lesson_checks.functions as fn

# %% [markdown]
# ## The answer first: Königsberg
#
# *„Cez Kaliningrad tečie rieka Pregoľa (vtedajšia Pregel), ktorá vytvára dva ostrovy a tým
# rozdeľuje mesto na štyri časti.“* (The river Pregolya, then the Pregel, flows through
# Kaliningrad and forms two islands, dividing the city into four parts.) Seven bridges joined
# them. Can a walk cross every bridge exactly once? Euler (1736): **no**. The thesis puts his
# reason in one sentence: *„Keďže všetky vrcholy v danej úlohe sú nepárneho stupňa (stupeň
# vrchola a je 5, ostatné majú stupeň 3), úloha je neriešiteľná.“* (Since every vertex has an
# odd degree — vertex a has degree 5, the others 3 — the problem has no solution.)
#
# The city as a map (ours, schematic), and below it as a graph: each land a vertex, each
# bridge an edge.
#
# <img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0MjAgMjIwIiB3aWR0aD0iNDIwIiBoZWlnaHQ9IjIyMCIgcm9sZT0iaW1nIiBmb250LWZhbWlseT0iRGVqYVZ1IFNhbnMsIEhlbHZldGljYSwgQXJpYWwsIHNhbnMtc2VyaWYiPjx0aXRsZT5Lw7ZuaWdzYmVyZywgYSBzY2hlbWF0aWMgbWFwOiB0aGUgcml2ZXIgUHJlZ2VsIHdpdGggdGhlIGlzbGFuZHMgQSAoS25laXBob2YpIGFuZCBEIChMb21zZSkgYmV0d2VlbiB0aGUgYmFua3MgQiBhbmQgQywgYW5kIHNldmVuIGJyaWRnZXM6IHR3byBmcm9tIEEgdG8gQiwgdHdvIGZyb20gQSB0byBDLCBvbmUgZnJvbSBBIHRvIEQsIG9uZSBmcm9tIEQgdG8gQiwgb25lIGZyb20gRCB0byBDPC90aXRsZT48cmVjdCB3aWR0aD0iNDIwIiBoZWlnaHQ9IjIyMCIgZmlsbD0iI2YzZWFkNyIvPjxyZWN0IHk9IjYwIiB3aWR0aD0iNDIwIiBoZWlnaHQ9IjEwMCIgZmlsbD0iIzljYzNlNiIvPjxlbGxpcHNlIGN4PSIxMjUiIGN5PSIxMTAiIHJ4PSI2NSIgcnk9IjI0IiBmaWxsPSIjZjNlYWQ3IiBzdHJva2U9IiM1YTRhMmEiLz48cmVjdCB4PSIyNTUiIHk9Ijg1IiB3aWR0aD0iMTQwIiBoZWlnaHQ9IjUwIiByeD0iMjIiIGZpbGw9IiNmM2VhZDciIHN0cm9rZT0iIzVhNGEyYSIvPjxnIGZpbGw9IiM4YjVhMmIiPjxyZWN0IHg9Ijg5IiB5PSI1OCIgd2lkdGg9IjEyIiBoZWlnaHQ9IjMwIi8+PHJlY3QgeD0iMTQ5IiB5PSI1OCIgd2lkdGg9IjEyIiBoZWlnaHQ9IjMwIi8+PHJlY3QgeD0iODkiIHk9IjEzMiIgd2lkdGg9IjEyIiBoZWlnaHQ9IjMwIi8+PHJlY3QgeD0iMTQ5IiB5PSIxMzIiIHdpZHRoPSIxMiIgaGVpZ2h0PSIzMCIvPjxyZWN0IHg9IjE4OCIgeT0iMTA0IiB3aWR0aD0iNjkiIGhlaWdodD0iMTIiLz48cmVjdCB4PSIzMTkiIHk9IjU4IiB3aWR0aD0iMTIiIGhlaWdodD0iMjkiLz48cmVjdCB4PSIzMTkiIHk9IjEzMyIgd2lkdGg9IjEyIiBoZWlnaHQ9IjI5Ii8+PC9nPjxnIGZvbnQtc2l6ZT0iMTgiIGZvbnQtd2VpZ2h0PSJib2xkIiB0ZXh0LWFuY2hvcj0ibWlkZGxlIiBmaWxsPSIjMjIyIj48dGV4dCB4PSIxMjUiIHk9IjEyNyI+QTwvdGV4dD48dGV4dCB4PSIyOTUiIHk9IjEyMiI+RDwvdGV4dD48dGV4dCB4PSIyMTAiIHk9IjQ0Ij5CPC90ZXh0Pjx0ZXh0IHg9IjIxMCIgeT0iMTkwIj5DPC90ZXh0PjwvZz48ZyBmb250LXNpemU9IjExIiB0ZXh0LWFuY2hvcj0ibWlkZGxlIiBmaWxsPSIjMzMzIj48dGV4dCB4PSIxMjUiIHk9IjEwNCI+S25laXBob2Y8L3RleHQ+PHRleHQgeD0iMzYzIiB5PSIxMTQiPkxvbXNlPC90ZXh0Pjx0ZXh0IHg9IjIxMCIgeT0iMjQiPm5vcnRoIGJhbms8L3RleHQ+PHRleHQgeD0iMjEwIiB5PSIyMDkiPnNvdXRoIGJhbms8L3RleHQ+PHRleHQgeD0iNDUiIHk9Ijc1Ij5yaXZlciBQcmVnZWw8L3RleHQ+PC9nPjwvc3ZnPgo=" width="420" style="max-width:100%" alt="Königsberg, a schematic map: the river Pregel with the islands A (Kneiphof) and D (Lomse) between the banks B and C; seven bridges, two from A to B, two from A to C, one from A to D, one from D to B and one from D to C">

# %%
bridges = ex.konigsberg()     # islands A (Kneiphof) and D (Lomse); B, C the river banks
assert dict(bridges.degree) == {"A": 5, "B": 3, "C": 3, "D": 3}   # as in the thesis
assert not nx.has_eulerian_path(bridges)                          # networkx agrees with Euler
draw_graph(bridges, {"A": (0, 0), "B": (0, 1), "C": (0, -1), "D": (1.5, 0)},
           title="Königsberg: islands A and D, banks B and C")

# %% [markdown]
# **Euler's argument.** Every time a walk passes through a part of town it uses two bridges:
# one in, one out. So every part except the start and the end must touch an *even* number of
# bridges. Here all four are odd, so no walk works. A walk over every edge exactly once is an
# **Euler trail** (*Eulerovský ťah*); a closed one, back at its start, needs every degree even.
# For a connected graph the converse holds too: every degree even gives a closed Euler trail,
# exactly two odd vertices an open one (Euler stated it; Hierholzer's proof appeared in 1873).
# networkx's `has_eulerian_path` tests these conditions.
#
# **Exercise 1. New bridges.** Build the fewest new bridges in Königsberg so that a *closed*
# walk crosses every bridge exactly once. Answer with a list of pairs of lands.

# %%
ex.check_new_bridges([("A", "B")])          # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# A closed walk needs every degree even. All four lands are odd, and a new bridge changes the
# parity of both its ends, so two bridges that pair the four lands up are enough, and one is
# not: for example `[("A", "B"), ("C", "D")]` (degrees 6, 4, 4, 4).
#
# ```python
# ex.check_new_bridges([("A", "B"), ("C", "D")])
# ```
# </details>

# %% [markdown]
# ## The parts of a graph: the thesis' figures 3 and 4
#
# The thesis names the parts of a graph on two figures. We have only their captions, so the
# drawings below are ours, built to have every part the captions name:
#
# * figure 3, an undirected graph: *„a je slučka, b a c sú rovnobežné hrany, 4 je izolovaný
#   vrchol, d a e sú susedné (priľahlé) hrany; uzol 1 leží na hranách a, b, c, hrana c spája
#   uzly 1 a 2.“* (a is a loop, b and c are parallel edges, 4 is an isolated vertex, d and e
#   are adjacent edges; vertex 1 lies on the edges a, b, c; edge c joins vertices 1 and 2.)
# * figure 4, a directed graph: *„E je slučka, a a b sú nesúhlasne rovnobežné hrany, c a d sú
#   súhlasne rovnobežné hrany. 2 je počiatočný a 4 koncový uzol hrany f.“* (E is a loop, a and
#   b are parallel edges of opposite directions, c and d parallel edges of the same direction;
#   2 is the start and 4 the end vertex of edge f.)
#
# Where the vertices sit, and vertex 5, are ours: adjacent edges d and e that are not parallel
# need three ends, and 1 lies only on a, b, c, while 4 lies on nothing.

# %%
figure3 = nx.MultiGraph()
figure3.add_nodes_from([1, 2, 3, 4, 5])
for name, u, v in [("a", 1, 1), ("b", 1, 2), ("c", 1, 2), ("d", 2, 3), ("e", 3, 5)]:
    figure3.add_edge(u, v, name=name)

figure4 = nx.MultiDiGraph()
for name, u, v in [("E", 1, 1), ("a", 1, 2), ("b", 2, 1), ("c", 2, 3), ("d", 2, 3), ("f", 2, 4)]:
    figure4.add_edge(u, v, name=name)

draw_graphs([figure3, figure4],
            [{1: (0, 1), 2: (2, 1), 3: (2, 0), 4: (0, 0), 5: (4, 0)},
             {1: (0, 1), 2: (2, 1), 3: (4, 1), 4: (2, 0)}],
            titles=["figure 3: an undirected graph", "figure 4: a directed graph"],
            edge_labels="name", size=(3.6, 2.6), node_size=380, font_size=10)

# %% [markdown]
# Check the captions against the drawings yourself: find the loop, the parallel edges, the
# isolated vertex. The code checks every word of them:

# %%
def ends(g, name):
    """The ends (start, end) of the edge called name."""
    return next((u, v) for u, v, n in g.edges(data="name") if n == name)

assert ends(figure3, "a") == (1, 1)                                   # a loop
assert set(ends(figure3, "b")) == set(ends(figure3, "c")) == {1, 2}   # parallel; c joins 1, 2
assert figure3.degree(4) == 0                                         # isolated
assert set(ends(figure3, "d")) & set(ends(figure3, "e"))              # adjacent: a common end
assert {n for _, _, n in figure3.edges(1, data="name")} == {"a", "b", "c"}   # 1 lies on a, b, c
assert ends(figure4, "E") == (1, 1)
assert ends(figure4, "a") == ends(figure4, "b")[::-1]                 # opposite directions
assert ends(figure4, "c") == ends(figure4, "d")                       # the same direction
assert ends(figure4, "f") == (2, 4)                                   # 2 its start, 4 its end

# %% [markdown]
# ## Kinds of graphs (the thesis' figure 5)
#
# Three questions decide the name: are the edges directed, undirected or both (a **mixed**
# graph, *zmiešaný graf*)? Are there **loops**? Are there **multiple** edges? *„Rovnobežné
# hrany sa nazývajú násobné ak sú všetky neorientované alebo ak sú všetky orientované a majú
# rovnakú orientáciu.“* (Parallel edges are called multiple if they are all undirected, or all
# directed the same way.) So two opposite arrows between the same vertices are parallel but
# not multiple, and a digraph may have them. Loops make a *pseudo*-graph (multiple edges
# allowed too), multiple edges without loops a *multi*-graph; the name is the most special
# that fits.
#
# | | no loops, no multiple edges | multiple edges | loops allowed |
# | --- | --- | --- | --- |
# | undirected | graph (`nx.Graph`) | multigraph (`nx.MultiGraph`) | pseudograph (`nx.MultiGraph`) |
# | directed | digraph (`nx.DiGraph`) | multidigraph (`nx.MultiDiGraph`) | pseudodigraph (`nx.MultiDiGraph`) |
# | mixed | mixed graph (*migraf*) | multi-mixed graph (*multimigraf*) | pseudo-mixed graph (*pseudomigraf*) |
#
# networkx has no mixed class: we store a mixed graph as an `nx.MultiDiGraph` whose
# undirected edges carry `directed=False`. `ex.graph_kind??` shows the three questions as
# code (about twenty lines, worth reading once).

# %%
def mixed(directed, undirected):
    """A mixed graph: a MultiDiGraph whose undirected edges say so."""
    g = nx.MultiDiGraph(directed)
    g.add_edges_from(undirected, directed=False)
    return g

rows = {
    "undirected": [nx.Graph([(1, 2), (2, 3), (3, 1)]), nx.MultiGraph([(1, 2), (1, 2), (2, 3)]),
                   nx.MultiGraph([(1, 1), (1, 2), (1, 2)])],
    "directed": [nx.DiGraph([(1, 2), (2, 3), (1, 3)]), nx.MultiDiGraph([(1, 2), (1, 2), (2, 3)]),
                 nx.MultiDiGraph([(1, 1), (1, 2)])],
    "mixed": [mixed([(2, 3)], [(1, 2)]), mixed([(2, 3), (2, 3)], [(1, 2)]),
              mixed([(1, 1), (2, 3)], [(1, 2)])],
}
triangle = {1: (0, 0), 2: (1, 0), 3: (0.5, 0.8)}
names = [[ex.graph_kind(g) for g in row] for row in rows.values()]
assert sum(names, []) == list(ex.GRAPH_KINDS)             # the nine kinds, in the table's order
for row, titles in zip(rows.values(), names):
    display(draw_graphs(row, triangle, titles=titles, size=(1.9, 1.9)))

# %% [markdown]
# **Exercise 2. Name them.** Give each of these four graphs the most special of the nine
# names. Decide with the three questions, on paper, before you run the check.

# %%
draw_graphs(ex.mystery_graphs(), triangle, titles=["graph 1", "graph 2", "graph 3", "graph 4"],
            size=(1.9, 1.9))

# %%
ex.check_graph_kinds(["multidigraph", "multigraph", "mixed graph", "digraph"])   # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# 1: **digraph** (the two arrows between 1 and 2 point opposite ways: parallel, not
# multiple); 2: **pseudograph** (a loop); 3: **multi-mixed graph** (two undirected edges
# 1–2 and an arrow); 4: **multidigraph** (two arrows 1→2).
#
# ```python
# ex.check_graph_kinds(["digraph", "pseudograph", "multi-mixed graph", "multidigraph"])
# ```
# </details>

# %% [markdown]
# ## Degree
#
# The thesis: *„Počet hrán, ktoré vychádzajú z jedného vrcholu sa označuje aj ako stupeň
# vrcholu.“* (The number of edges that go out of a vertex is also called its degree.) **We
# count differently**, as networkx and most books do: the degree is the number of edge *ends*
# at a vertex, so a loop counts **twice**. (In a directed graph the thesis' words, edges that
# *go out*, describe the out-degree, `g.out_degree`.) The two counts differ only at loops; in
# figure 3 vertex 1 lies on three edges, a, b and c, but has degree 4.
#
# **Predict, then run:** figure 3 has 5 edges. What do the thesis' counts of its five
# vertices add up to, and what do our degrees add up to?

# %%
edges_on = {v: len(figure3.edges(v)) for v in figure3}     # the thesis' count: a loop once
assert edges_on[1] == 3 and figure3.degree(1) == 4
sum(edges_on.values()), sum(d for _, d in figure3.degree), 2 * figure3.number_of_edges()

# %% [markdown]
# Why count ends: every edge has two ends, so the degrees add up to twice the number of
# edges, 10 here; counting the loop once gives 9. And since the sum is even, **the number of
# odd vertices is always even** (Königsberg has four):

# %%
for g in [*sum(rows.values(), []), bridges, figure3]:
    assert sum(d for _, d in g.degree) == 2 * g.number_of_edges()
    assert sum(d % 2 for _, d in g.degree) % 2 == 0

# %% [markdown]
# ## Walks, trails and paths
#
# *„Postupnosť vrcholov a hrán, ktorými prechádzame v grafe sa nazýva sled.“* (A sequence of
# vertices and edges we pass through in a graph is called a walk.) *„Cesta je sled, v ktorom
# sa vrcholmi v slede prechádza iba raz. Pri ťahu sa zase v slede neprechádza viackrát po
# hranách.“* (A path is a walk that passes each vertex only once. A trail, in turn, does not
# pass along an edge more than once.) So every path is a trail and every trail a walk. *„Počet
# hrán, ktorými v danom slede prejdeme označujeme ako dĺžka sledu.“* (The number of edges a
# walk passes along is its length.)
#
# A graph may carry a number on its edges or vertices: *„Takýto graf potom nazývame ohodnotený
# alebo vážený graf. Rozoznávame hranovo ohodnotený graf a vrcholovo ohodnotený graf.“* (Such
# a graph is called valued or weighted. We tell apart edge-weighted and vertex-weighted
# graphs.) Six towns and their roads (ours) make an edge-weighted graph: the weight of an edge
# is the road's length, for lesson 01b.

# %%
roads, towns = ex.roads()
kinds = {walk: ex.walk_kind(roads, walk) for walk in ["ABDF", "ABCDB", "ABCBD", "ABF"]}
assert list(kinds.values()) == ["path", "trail", "walk", "none"]     # as the text says below
draw_graph(roads, towns, edge_labels="weight", title="six towns and their roads")

# %% [markdown]
# ABDF is a path. ABCDB visits B twice but uses each road once: a trail. ABCBD goes B–C and back C–B, the same
# road twice: only a walk. There is no road from B to F, so ABF is no walk at all. Königsberg
# asks for a *trail* through every edge; lesson 01b asks for a *cycle* through every vertex.
#
# **Exercise 3 (for homework). Walk, trail or path?** Name each of the sequences `ex.WALKS`
# in the house drawn by the cell with the most special word that fits: `"path"`, `"trail"`,
# `"walk"`, or `"none"` if it is not a walk.

# %%
print(ex.WALKS)
display(draw_graph(ex.house(), {"E": (0.5, 2), "A": (0, 1), "B": (1, 1), "C": (0, 0), "D": (1, 0)},
                   size=(2.2, 2.4), title="the house"))
ex.check_walks(["path", "path", "walk", "none"])      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# CABD visits four vertices once each: a **path**. CDBD uses the edge B–D twice: a **walk**.
# AEBAC visits A twice but no edge twice: a **trail**. EBC is **none**: no edge joins B and C.
#
# ```python
# ex.check_walks(["path", "walk", "trail", "none"])
# ```
# </details>

# %% [markdown]
# **Exercise 4. Write `is_trail`.** Write `is_trail(g, walk)`: whether the sequence of
# vertices `walk` is a trail of the undirected graph `g`: every step along an edge, and no
# edge used twice. `g` may be a multigraph, like Königsberg: `g.number_of_edges(u, v)` says
# how many edges join `u` and `v` (0 if none). The check runs it on the roads and on
# Königsberg.

# %%
def is_trail(g, walk):
    """Whether walk (a sequence of vertices) is a trail of g."""
    ...                              # your code: replace the ...


fn.IS_TRAIL.check(is_trail)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * Keep a count of the edges used so far; an edge between `u` and `v` is the same edge
#   whichever way you cross it (`frozenset((u, v))` is one key for both).
# * A step is allowed while that edge has been used fewer times than `g` has such edges.
# </details>
#
# One solution is in the next cell, collapsed (⋯): look after you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
from collections import Counter


def solution_is_trail(g, walk):
    """Count each edge's crossings; a trail crosses no edge more often than g has it."""
    used = Counter()
    for u, v in zip(walk, walk[1:]):
        used[frozenset((u, v))] += 1
        if used[frozenset((u, v))] > g.number_of_edges(u, v):
            return False
    return True


assert fn.IS_TRAIL.check(solution_is_trail)
