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
# # 01 · Graphs
#
# **What you will learn**
# * the parts of a graph and the kinds of graphs (graph, multigraph, pseudograph, digraph, …),
#   and how networkx stores them;
# * the degree of a vertex, and Euler's argument that Königsberg's bridges cannot be crossed
#   once each;
# * walks, trails and paths; Hamiltonian cycles and a tiny travelling salesman;
# * subgraphs, factors and spanning trees (Prim's algorithm);
# * colouring vertices, edges and faces: maps, a tournament, sudoku; and a flow network.
#
# Game trees (chapter 04) are graphs too, so this is the ground floor of the course. We follow
# chapter 2 of the Slovak thesis (*Teória grafov*): its words are in brackets, its sentences
# are quoted in Slovak with our translation. **Every other graph and number in this lesson is
# ours**, made up to show the idea.

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
# | **weighted graph** (*ohodnotený graf*) | numbers on edges or vertices | `g.add_edge("A", "B", weight=3)` |
#
# | word | meaning | in networkx |
# | --- | --- | --- |
# | **walk** (*sled*) | a sequence of vertices, each joined to the next by an edge | `nx.is_path(g, seq)` |
# | **trail** (*ťah*) | a walk that uses no edge twice | |
# | **path** (*cesta*) | a walk that visits no vertex twice | `nx.is_simple_path(g, seq)` |
# | **cycle** (*kružnica*) | a closed trail that repeats no vertex but the first | `nx.find_cycle(g)` |
# | **subgraph** (*podgraf*) | some of the vertices and some of the edges between them | `nx.restricted_view(g, vertices, edges)` hides some |
# | **induced subgraph** (*indukovaný podgraf*) | some vertices and *all* the edges between them | `g.subgraph(vertices)` |
# | **factor** (*faktor*) | a subgraph with every vertex | `nx.restricted_view(g, [], edges)` |
# | **spanning tree** (*kostra*) | a factor that is a tree | `nx.minimum_spanning_tree(g)` |
#
# (*Ťah* is also the thesis' word for a *move* in a game: one word, two meanings.)

# %%
import math

import networkx as nx

from gametheory.draw import draw_graph, draw_graphs
import lesson_checks.graphs as ex

# %% [markdown]
# ## The answer first: Königsberg
#
# Seven bridges joined four parts of Königsberg (the thesis' *Kaliningradské mosty*). Can a
# walk cross every bridge exactly once? Euler (1736): **no**. The thesis puts his reason in
# one sentence: *„Keďže všetky vrcholy v danej úlohe sú nepárneho stupňa (stupeň vrchola a je
# 5, ostatné majú stupeň 3), úloha je neriešiteľná.“* (Since every vertex has an odd degree —
# vertex a has degree 5, the others 3 — the problem has no solution.)

# %%
bridges = ex.konigsberg()           # a multigraph: A is the island, B, C, D the other parts
odd = [land for land, degree in bridges.degree if degree % 2 == 1]
assert dict(bridges.degree) == {"A": 5, "B": 3, "C": 3, "D": 3}   # as in the thesis
assert len(odd) == 4
assert not nx.has_eulerian_path(bridges)        # networkx agrees with Euler
draw_graph(bridges, {"A": (0, 0), "B": (0, 1), "C": (0, -1), "D": (1.5, 0)},
           title="Königsberg: degrees 5, 3, 3, 3")

# %% [markdown]
# **Euler's argument.** Every time a walk passes through a part of town it uses two bridges:
# one in, one out. So every part except the start and the end must touch an *even* number of
# bridges. Here all four are odd, so no walk works. A walk over every edge exactly once is an
# **Euler trail** (*Eulerovský ťah*).
#
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

def edge(g, name):
    """The ends (start, end) of the edge called name."""
    return next((u, v) for u, v, n in g.edges(data="name") if n == name)

# every word of the captions, checked
assert edge(figure3, "a") == (1, 1)                                  # a loop
assert set(edge(figure3, "b")) == set(edge(figure3, "c")) == {1, 2}  # parallel; c joins 1 and 2
assert figure3.degree(4) == 0                                        # isolated
assert set(edge(figure3, "d")) & set(edge(figure3, "e"))             # adjacent: a common end
assert {n for _, _, n in figure3.edges(1, data="name")} == {"a", "b", "c"}   # 1 lies on a, b, c
assert edge(figure4, "E") == (1, 1)
assert edge(figure4, "a") == edge(figure4, "b")[::-1]               # opposite directions
assert edge(figure4, "c") == edge(figure4, "d")                     # the same direction
assert edge(figure4, "f") == (2, 4)                                  # 2 its start, 4 its end

draw_graphs([figure3, figure4],
            [{1: (0, 1), 2: (2, 1), 3: (2, 0), 4: (0, 0), 5: (4, 0)},
             {1: (0, 1), 2: (2, 1), 3: (4, 1), 4: (2, 0)}],
            titles=["figure 3: an undirected graph", "figure 4: a directed graph"],
            edge_labels="name", size=(3.6, 2.6), node_size=380, font_size=10)

# %% [markdown]
# ## Kinds of graphs (the thesis' figure 5)
#
# Three questions decide the name: are the edges directed, undirected or both (a **mixed**
# graph, *zmiešaný graf*)? Are there **loops**? Are there **multiple** edges (*násobné*:
# parallel, and in the same direction if directed)? Loops make a *pseudo*-graph (multiple
# edges allowed too), multiple edges without loops a *multi*-graph.
#
# | | no loops, no multiple edges | multiple edges | loops allowed |
# | --- | --- | --- | --- |
# | undirected | graph (`nx.Graph`) | multigraph (`nx.MultiGraph`) | pseudograph (`nx.MultiGraph`) |
# | directed | digraph (`nx.DiGraph`) | multidigraph (`nx.MultiDiGraph`) | pseudodigraph (`nx.MultiDiGraph`) |
# | mixed | mixed graph (*migraf*) | multi-mixed graph (*multimigraf*) | pseudo-mixed graph (*pseudomigraf*) |
#
# networkx has no mixed class: we store a mixed graph as an `nx.MultiDiGraph` whose
# undirected edges carry `directed=False`.

# %%
def kind(g):
    """The thesis' name for a graph structure."""
    edges = list(g.edges(data="directed", default=g.is_directed()))
    directed = any(d for _, _, d in edges)
    undirected = any(not d for _, _, d in edges)
    ends = [(u, v) if d else frozenset((u, v)) for u, v, d in edges]
    family = "mixed graph" if directed and undirected else "digraph" if directed else "graph"
    dash = "-" if directed and undirected else ""
    if nx.number_of_selfloops(g):
        return "pseudo" + dash + family
    if len(set(ends)) < len(ends):
        return "multi" + dash + family
    return family


# %%
simple = nx.Graph([(1, 2), (2, 3), (3, 1)])
multi = nx.MultiGraph([(1, 2), (1, 2), (2, 3)])
pseudo = nx.MultiGraph([(1, 1), (1, 2), (1, 2)])
di = nx.DiGraph([(1, 2), (2, 1), (2, 3)])          # opposite arrows are allowed in a digraph
multidi = nx.MultiDiGraph([(1, 2), (1, 2), (2, 3)])
pseudodi = nx.MultiDiGraph([(1, 1), (1, 2)])
mixed = nx.MultiDiGraph()
mixed.add_edge(1, 2, directed=False)
mixed.add_edge(2, 3)

examples = [simple, multi, pseudo, di, multidi, pseudodi, mixed]
names = [kind(g) for g in examples]
assert names == ["graph", "multigraph", "pseudograph", "digraph",
                 "multidigraph", "pseudodigraph", "mixed graph"]
draw_graphs(examples, {1: (0, 0), 2: (1, 0), 3: (0.5, 0.8)}, titles=names, size=(1.6, 1.9))

# %% [markdown]
# ## Degree
#
# Every edge has two ends, so the degrees add up to twice the number of edges (a loop counts
# twice, the usual convention and networkx's). That is why the number of odd vertices is
# always even.

# %%
for g in [simple, multi, pseudo, bridges, figure3]:
    assert sum(d for _, d in g.degree) == 2 * g.number_of_edges()
    assert sum(d % 2 for _, d in g.degree) % 2 == 0
assert figure3.degree(1) == 4        # the loop a adds 2 to vertex 1: a, b, c give 2 + 1 + 1
dict(figure3.degree)

# %% [markdown]
# ## Walks, trails and paths
#
# *„Postupnosť vrcholov a hrán, ktorými prechádzame v grafe sa nazýva sled.“* (A sequence of
# vertices and edges we pass through in a graph is called a walk.) *„Cesta je sled, v ktorom
# sa vrcholmi v slede prechádza iba raz. Pri ťahu sa zase v slede neprechádza viackrát po
# hranách.“* (A path is a walk that passes each vertex only once. A trail, in turn, does not
# pass along an edge more than once.) So every path is a trail and every trail a walk.
# `ex.walk_kind` gives the most special name:

# %%
roads = nx.Graph()
roads.add_weighted_edges_from([("A", "B", 2), ("A", "C", 3), ("B", "C", 1), ("B", "D", 4),
                               ("C", "D", 5), ("C", "E", 6), ("D", "E", 2), ("D", "F", 3),
                               ("E", "F", 4)])
towns = {"A": (0, 1), "B": (1, 2), "C": (1, 0), "D": (2, 1), "E": (3, 0), "F": (3, 2)}
kinds = {walk: ex.walk_kind(roads, walk) for walk in ["ABDF", "ABCDB", "ABCBD", "ABF"]}
assert list(kinds.values()) == ["path", "trail", "walk", "none"]
kinds

# %% [markdown]
# ABCDB visits B twice but uses each edge once: a trail. ABCBD goes B–C and back C–B, the same
# edge twice: only a walk. There is no road from B to F, so ABF is no walk at all. Königsberg
# asks for a *trail* through every edge; Hamilton asked for a *cycle* through every vertex.
#
# ## Hamiltonian cycles: Hamilton's Icosian game
#
# A **Hamiltonian cycle** visits every *vertex* exactly once and comes back (Euler's trail:
# every *edge*). Hamilton invented the *Icosian game* (*Icosianská hra*): find one along the
# edges of a dodecahedron. No test as simple as Euler's degree count is known (the problem is
# NP-complete), so we search: extend the path by an unvisited neighbour, undo on a dead end.

# %%
def hamiltonian_cycle(g, start):
    path = [start]

    def extend():
        if len(path) == len(g):
            return g.has_edge(path[-1], start)
        for v in g[path[-1]]:
            if v not in path:
                path.append(v)
                if extend():
                    return True
                path.pop()
        return False

    return path + [start] if extend() else None

dodecahedron, flat = ex.dodecahedron()          # and a flat drawing of it
assert nx.is_isomorphic(dodecahedron, nx.dodecahedral_graph())
cycle = hamiltonian_cycle(dodecahedron, 0)
assert len(set(cycle)) == 20 and cycle[0] == cycle[-1]
assert ex.walk_kind(dodecahedron, cycle[:-1]) == "path"          # every vertex once ...
assert dodecahedron.has_edge(cycle[-2], cycle[-1])              # ... and back to the start
draw_graph(dodecahedron, flat, highlight=list(zip(cycle, cycle[1:])), size=(4, 4), node_size=260,
           font_size=8, title="a Hamiltonian cycle of the dodecahedron")

# %% [markdown]
# ## A tiny travelling salesman, as a decision tree
#
# Give the edges lengths and ask for the *shortest* Hamiltonian cycle: the **travelling
# salesman problem** (*problém obchodného cestujúceho*). A **decision tree** (*rozhodovací
# strom*) lists every tour: from A choose the next town, then the next, and so on. The thesis
# draws one in its figure 10 (an image we do not have) and says: *„V danom prípade má úloha
# dve riešenia, kde cesta obchodného cestujúceho bude mať dĺžku 32.“* (Here the problem has two
# solutions, where the salesman's tour has length 32.) Our four towns and their distances are
# made up to match: the best tour, 32, appears twice, once in each direction. A decision tree
# is a directed graph without cycles, and *„V počiatočnom vrchole takéhoto grafu nekončí žiadna
# hrana a v ostatných vrcholoch končí vždy práve jedna hrana.“* (No edge ends in its first
# vertex, and exactly one in every other.) networkx calls that an *arborescence*.

# %%
four = nx.Graph()
four.add_weighted_edges_from([("A", "B", 7), ("B", "C", 8), ("C", "D", 9), ("D", "A", 8),
                              ("A", "C", 12), ("B", "D", 11)])

def decision_tree(graph, start):
    """Every tour from start: a vertex is the route so far, an edge the next town."""
    tree = nx.DiGraph()
    def grow(route):
        back_home = [start] if len(route) == len(graph) else []
        for town in [v for v in graph if v not in route] or back_home:
            tree.add_edge(route, route + (town,), weight=graph[route[-1]][town]["weight"])
            grow(route + (town,))
    grow((start,))
    return tree

tours = decision_tree(four, "A")
length = {leaf: nx.path_weight(four, list(leaf), "weight")
          for leaf in tours if tours.out_degree(leaf) == 0}
best = min(length.values())
assert best == 32 and sorted(length.values()) == [32, 32, 39, 39, 39, 39]
assert [leaf for leaf in length if length[leaf] == best] == [("A", "B", "C", "D", "A"),
                                                             ("A", "D", "C", "B", "A")]
# the thesis' definition: no edge ends in the first vertex, exactly one in every other
assert nx.is_arborescence(tours)
labels = {route: route[-1] + (f"\n{length[route]}" if route in length else "") for route in tours}
draw_graph(tours, labels=labels, edge_labels="weight", size=(8, 6), node_size=520, font_size=9,
           node_colour={leaf: "#f6b26b" for leaf in length if length[leaf] == best},
           title="every tour from A; the best (32) is found in both directions")

# %% [markdown]
# With n towns the tree has (n − 1)! leaves, one for every order of the other towns: 6 here
# (`math.factorial(3)`), but `math.factorial(19)`, about 1.2 × 10^17, for twenty towns.

# %%
assert math.factorial(4 - 1) == len(length) == 6 and f"{math.factorial(20 - 1):.1e}" == "1.2e+17"

# %% [markdown]
# ## Subgraphs, factors and spanning trees
#
# Remove some vertices and every edge on them: an **induced subgraph**. Remove some more edges
# if you like: a **subgraph**. A subgraph that keeps every vertex is a **factor**: *„Ak
# množina vrcholov podgrafu H je zhodná s množinou vrcholov grafu G, V(H)=V(G), potom hovoríme,
# že podgraf H je faktorom grafu G.“* (If the vertex set of a subgraph H equals that of the
# graph G, we say H is a factor of G.) And *„Kostrou grafu nazývame taký faktor grafu, ktorý
# neobsahuje tzv. kružnice.“* (A spanning tree is a factor without cycles.) To be exact, it
# must also be connected: a factor with no edges at all has no cycles either.

# %%
induced = roads.subgraph("ABCD")                         # A, B, C, D and every road between them
sub = nx.Graph(induced)
sub.remove_edge("B", "C")                                # ... and one road fewer
factor = nx.Graph(roads)
factor.remove_edges_from([("B", "C"), ("C", "D"), ("E", "F")])
spanning = nx.minimum_spanning_tree(roads)
assert set(induced.edges) == {e for e in roads.edges if set(e) <= set("ABCD")}
assert set(factor) == set(spanning) == set(roads)        # factors keep every vertex
assert nx.is_tree(spanning) and not nx.is_tree(factor)   # the factor still has a cycle
no_edges = nx.empty_graph(roads.nodes)
assert nx.is_forest(no_edges) and not nx.is_tree(no_edges)    # no cycles, yet no spanning tree
draw_graphs([roads, induced, sub, factor, spanning], towns,
            titles=["a graph G", "induced by A, B, C, D", "a subgraph", "a factor",
                    "a spanning tree"], size=(1.9, 1.7))

# %% [markdown]
# **Prim's algorithm** (the thesis names it among the best-known algorithms for finding subgraphs)
# finds a *minimum* spanning tree, the cheapest way to connect every town: start anywhere;
# again and again add the cheapest edge that reaches a new vertex.

# %%
def prim(g, start):
    """Grow a tree from start: again and again add the cheapest edge to a new vertex."""
    inside, tree = [start], []
    while len(inside) < len(g):
        leaving = [(g[u][v]["weight"], u, v) for u in inside for v in g[u] if v not in inside]
        weight, u, v = min(leaving)                # ties: the first in alphabetical order
        print(f"Prim adds {u}–{v} (length {weight})")
        tree.append((u, v))
        inside.append(v)
    return tree

mst = prim(roads, "A")
total = sum(roads[u][v]["weight"] for u, v in mst)
assert len(mst) == len(roads) - 1 and nx.is_tree(roads.edge_subgraph(mst))
assert total == nx.minimum_spanning_tree(roads).size(weight="weight") == 12   # networkx agrees

# %%
draw_graph(roads, towns, edge_labels="weight", highlight=mst, highlight_colour="tab:green",
           title=f"minimum spanning tree (green), total length {total:g}")

# %% [markdown]
# ## Colouring vertices, edges and faces
#
# The thesis knows three colourings: **vertices** (joined vertices differ), **edges** (*„Pri
# farbení hrán nesmú mať rovnakú farbu zase hrany, ktoré spájajú rovnaký vrchol.“*: edges that
# meet at a vertex differ) and **faces** (the regions a plane drawing cuts out). And: *„Oba
# problémy farbenia hrán a plôch môžu byť prevedené na farbenie vrcholov.“* (Both edge and face
# colouring can be turned into vertex colouring.)
#
# **Faces: a map.** The countries of a map are the faces; make each a vertex and each border
# an edge, and colouring the map is colouring these vertices. A map whose countries are each
# one piece never needs more than **four** colours (the four colour theorem).

# %%
borders, where = ex.central_europe()           # a vertex per country, an edge per border
colours = nx.greedy_color(borders, strategy="largest_first")
assert all(colours[u] != colours[v] for u, v in borders.edges)
assert nx.is_planar(borders) and max(colours.values()) + 1 == 4
draw_graph(borders, where, node_colour=colours, size=(6, 4.2), node_size=650,
           title="Central Europe in four colours")

# %% [markdown]
# **Edges: a tournament.** Four players, each plays each: six games. Games that share a
# player cannot be in the same round, so the rounds are an edge colouring. Turned into vertex
# colouring: the **line graph** has a vertex for every edge, joined when the edges meet.

# %%
players = nx.complete_graph(["Ann", "Ben", "Cat", "Dan"])
games = nx.line_graph(players)                             # a vertex for every game
rounds = nx.greedy_color(games, strategy=lambda g, _: sorted(g))   # colour them in A–Z order
for r in sorted(set(rounds.values())):
    print(f"round {r + 1}:", ", ".join(f"{u}–{v}" for (u, v), c in rounds.items() if c == r))
assert max(rounds.values()) + 1 == 3 == max(d for _, d in players.degree)   # fewer is impossible
draw_graph(players, {"Ann": (0, 1), "Ben": (1, 1), "Cat": (1, 0), "Dan": (0, 0)},
           edge_colour={e: ["tab:red", "tab:blue", "tab:green"][c] for e, c in rounds.items()},
           size=(3.2, 2.8), node_size=1000, title="rounds 1, 2, 3: red, blue, green")

# %% [markdown]
# Each player plays 3 games, all in different rounds, so no schedule has fewer than 3 rounds.
#
# **Sudoku.** *„Populárnou aplikáciou farbenia grafov je napr. hra sudoku.“* (A popular use of
# graph colouring is sudoku.) Make each of the 81 cells a vertex and join two cells in the same
# row, column or 3 × 3 box: a filled sudoku is a colouring with 9 colours (the digits), and the
# puzzle's given digits are vertices coloured in advance. networkx builds the graph; DSATUR, a
# greedy colouring, happens to fill an empty grid with exactly 9 colours:

# %%
sudoku = nx.sudoku_graph(3)                 # vertex 9 * row + column
assert all(sudoku.has_edge(9 * r + a, 9 * r + b) for r in range(9) for a in range(9) for b in range(a))
grid = nx.greedy_color(sudoku, strategy="DSATUR")
assert max(grid.values()) + 1 == 9 and all(grid[u] != grid[v] for u, v in sudoku.edges)
for row in range(9):
    print(" ".join(str(grid[9 * row + col] + 1) for col in range(9)))

# %% [markdown]
# ## A flow network
#
# In a **flow network** (*sieť toku*) every arrow has a **capacity**. Flow leaves the source
# `s`, arrives at the sink `t`, and at every other vertex what flows in flows out. How much can
# get through? As much as the narrowest **cut** lets through: split the vertices into a side
# with `s` and a side with `t`, and add up the capacities of the arrows from the first side
# to the second (max-flow = min-cut). Here the narrowest cut separates s, a, b from c, t:
# the three red arrows a→c, b→c and b→t, 4 + 3 + 3 = 10.

# %%
pipes = nx.DiGraph()
pipes.add_edges_from([("s", "a", {"capacity": 8}), ("s", "b", {"capacity": 7}),
                      ("a", "b", {"capacity": 2}), ("a", "c", {"capacity": 4}),
                      ("b", "c", {"capacity": 3}), ("b", "t", {"capacity": 3}),
                      ("c", "t", {"capacity": 9})])
value, flow = nx.maximum_flow(pipes, "s", "t")
cut_value, (near, far) = nx.minimum_cut(pipes, "s", "t")
cut = [(u, v) for u, v in pipes.edges if u in near and v in far]
for v in "abc":                                            # conservation at inner vertices
    assert sum(flow[u][v] for u in pipes.predecessors(v)) == sum(flow[v].values())
assert value == cut_value == sum(pipes.edges[e]["capacity"] for e in cut) == 10
assert all(flow[u][v] == pipes.edges[u, v]["capacity"] for u, v in cut)   # the cut is full
assert sorted(near) == ["a", "b", "s"] and sorted(cut) == [("a", "c"), ("b", "c"), ("b", "t")]
print("max flow", value, "; the narrowest cut separates", sorted(near), "from", sorted(far))
draw_graph(pipes, {"s": (0, 0), "a": (1, 1), "b": (1, -1), "c": (2, 0.3), "t": (3, 0)},
           edge_labels={(u, v): f"{flow[u][v]}/{c}" for u, v, c in pipes.edges(data="capacity")},
           highlight=cut, size=(5, 3), title="flow / capacity on every pipe; the cut in red")

# %% [markdown]
# ## Exercises
#
# Each exercise has a self-check: it says what is right or what is wrong. The solutions are
# hidden under **Solution**.
#
# **1. New bridges.** Build the fewest new bridges in Königsberg so that a *closed* walk crosses
# every bridge exactly once. Answer with a list of pairs of lands.

# %%
my_bridges = [("A", "B")]          # your answer
ex.check_new_bridges(my_bridges)

# %% [markdown]
# <details><summary>Solution</summary>
#
# A closed walk (an Euler circuit) needs every degree even. All four lands are odd, and a new
# bridge changes the parity of both its ends, so two bridges that pair the four lands up are
# enough, and one is not: for example `[("A", "B"), ("C", "D")]` (degrees 6, 4, 4, 4).
#
# ```python
# ex.check_new_bridges([("A", "B"), ("C", "D")])
# ```
# </details>

# %% [markdown]
# **2. Walk, trail or path?** Name each of the sequences `ex.WALKS` in the house below with the
# most special word that fits: `"path"`, `"trail"`, `"walk"`, or `"none"` if it is not a walk.

# %%
print(ex.WALKS)
draw_graph(ex.house(), {"E": (0.5, 2), "A": (0, 1), "B": (1, 1), "C": (0, 0), "D": (1, 0)},
           size=(2.2, 2.4), title="the house")

# %%
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
# **3. Sudoku neighbours.** In the sudoku graph, how many neighbours has each cell (the cells
# that may not hold its digit)? Count on paper, then check.

# %%
ex.check_sudoku_neighbours(24)       # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# 8 others in its row, 8 in its column, and of the 8 others in its box, 4 are in neither:
# 8 + 8 + 4 = **20**.
#
# ```python
# assert {d for _, d in sudoku.degree} == {20}
# ex.check_sudoku_neighbours(20)
# ```
# </details>

# %% [markdown]
# **4. Prim by hand.** What is the total length of the minimum spanning tree of this network?
# Run Prim on paper first, then check.

# %%
net = ex.network()
draw_graph(net, {"P": (0, 1), "Q": (1, 2), "R": (1, 0), "S": (2, 1.6), "T": (2.6, 0.2),
                 "U": (3.4, 1.6)}, edge_labels="weight", size=(4.4, 2.8))

# %%
ex.check_spanning_tree_weight(20)       # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# From P: P–R 3, R–Q 2, Q–S 5, S–T 1, S–U 8. Total 3 + 2 + 5 + 1 + 8 = **19**.
#
# ```python
# assert nx.minimum_spanning_tree(net, algorithm="prim").size(weight="weight") == 19
# ex.check_spanning_tree_weight(19)
# ```
# </details>
