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
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 01 · Graphs
#
# **What you will learn**
# * the kinds of graphs (graph, multigraph, pseudograph, digraph, …) and how networkx stores them;
# * the degree of a vertex, and Euler's argument that Königsberg's bridges cannot be crossed once each;
# * Hamiltonian cycles and a tiny travelling salesman, solved exactly and approximately;
# * colouring a map, spanning trees with Prim's algorithm, a flow network, a decision tree.
#
# Game trees (chapter 04) are graphs too, so this is the ground floor of the course.

# %% [markdown]
# ## Vocabulary
#
# The Slovak thesis this course follows calls the subject *teória grafov*; its words are in brackets.
#
# | word | meaning | in networkx |
# | --- | --- | --- |
# | **vertex** (*vrchol*) | a point | `g.add_node("A")` |
# | **edge** (*hrana*) | a line joining two vertices | `g.add_edge("A", "B")` |
# | **directed edge** (*orientovaná hrana*) | an arrow | an edge of `nx.DiGraph` |
# | **loop** (*slučka*) | an edge from a vertex to itself | `g.add_edge("A", "A")` |
# | **parallel edges** (*rovnobežné hrany*) | two edges with the same ends | `nx.MultiGraph` |
# | **isolated vertex** (*izolovaný vrchol*) | a vertex on no edge | `g.degree("D") == 0` |
# | **degree** (*stupeň vrcholu*) | how many edge ends touch a vertex (a loop counts twice) | `g.degree` |
# | **weighted graph** (*ohodnotený graf*) | numbers on edges or vertices | `g.add_edge("A", "B", weight=3)` |

# %%
from collections import Counter
from itertools import permutations, product
import math
import random

import matplotlib.pyplot as plt
import networkx as nx

import gametheory.exercises.graphs as ex

# %% [markdown]
# ## The answer first: Königsberg
#
# Seven bridges joined four parts of Königsberg (*Kaliningradské mosty*). Can a walk cross every
# bridge exactly once? Euler (1736): **no**, because more than two parts touch an odd number of bridges.

# %%
bridges = ex.konigsberg()           # a multigraph: A is the island, B, C, D the other parts
dict(bridges.degree)

# %%
odd = [land for land, degree in bridges.degree if degree % 2 == 1]
assert dict(bridges.degree) == {"A": 5, "B": 3, "C": 3, "D": 3}   # as in the thesis
assert len(odd) == 4
assert not nx.has_eulerian_path(bridges)        # networkx agrees with Euler


# %%
def show(g, pos, ax=None, title="", **options):
    """Draw a (multi)graph; parallel edges are bent so that each one shows."""
    ax = ax or plt.gca()
    nx.draw_networkx_nodes(g, pos, ax=ax, node_color=options.pop("node_color", "#dde6f0"))
    nx.draw_networkx_labels(g, pos, ax=ax)
    bends = ["arc3,rad=0", "arc3,rad=0.3", "arc3,rad=-0.3"]
    keys = {"keys": True} if g.is_multigraph() else {}
    edges = list(g.edges(data="directed", default=g.is_directed(), **keys))
    for arrow in (True, False):                        # a mixed graph has both kinds
        chosen = [e[:-1] for e in edges if bool(e[-1]) == arrow]
        if chosen:
            nx.draw_networkx_edges(g, pos, edgelist=chosen, ax=ax, arrows=True, arrowsize=14,
                                   arrowstyle="-|>" if arrow else "-", connectionstyle=bends,
                                   node_size=300, **options)
    ax.set_title(title)
    ax.axis("off")

konigsberg_pos = {"A": (0, 0), "B": (0, 1), "C": (0, -1), "D": (1.5, 0)}
plt.figure(figsize=(4, 3))
show(bridges, konigsberg_pos, title="Königsberg: degrees 5, 3, 3, 3")
plt.show()


# %% [markdown]
# **Euler's argument.** Every time a walk passes through a part of town it uses two bridges: one in,
# one out. So every part except the start and the end must touch an *even* number of bridges.
# Here all four are odd, so no walk works. A walk over every edge once is an **Euler trail**
# (*Eulerovský ťah*).

# %% [markdown]
# ## Kinds of graphs (the thesis' figure 5)
#
# Three questions decide the name: are the edges directed, undirected or both (a **mixed** graph,
# *zmiešaný graf*)? Are there **loops**? Are there **multiple** edges (parallel, and in the same
# direction)? Loops make a *pseudo*-graph, multiple edges a *multi*-graph.
#
# | | no loops, no multiple edges | multiple edges | loops allowed |
# | --- | --- | --- | --- |
# | undirected | graph (`nx.Graph`) | multigraph (`nx.MultiGraph`) | pseudograph (`nx.MultiGraph`) |
# | directed | digraph (`nx.DiGraph`) | multidigraph (`nx.MultiDiGraph`) | pseudodigraph (`nx.MultiDiGraph`) |
# | mixed | mixed graph (*migraf*) | multi-mixed graph | pseudo-mixed graph |
#
# networkx has no mixed class: we store a mixed graph as an `nx.MultiDiGraph` whose undirected
# edges carry `directed=False`.

# %%
def kind(g):
    """The thesis' name for a graph structure."""
    edges = list(g.edges(data="directed", default=g.is_directed()))
    directed = any(d for _, _, d in edges)
    undirected = any(not d for _, _, d in edges)
    ends = Counter((u, v) if d else frozenset((u, v)) for u, v, d in edges)
    family = "mixed graph" if directed and undirected else "digraph" if directed else "graph"
    if nx.number_of_selfloops(g):
        return "pseudo" + ("-" if directed and undirected else "") + family
    if max(ends.values(), default=0) > 1:
        return "multi" + ("-" if directed and undirected else "") + family
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
names

# %%
fig, axes = plt.subplots(1, 7, figsize=(15, 2.4))
triangle = {1: (0, 0), 2: (1, 0), 3: (0.5, 0.8)}
for g, ax in zip(examples, axes):
    show(g, triangle, ax=ax, title=kind(g))
plt.show()

# %% [markdown]
# ## Degree
#
# Every edge has two ends, so the degrees add up to twice the number of edges (a loop counts
# twice). That is why the number of odd vertices is always even.

# %%
for g in [simple, multi, pseudo, bridges]:
    assert sum(d for _, d in g.degree) == 2 * g.number_of_edges()
    assert sum(d % 2 for _, d in g.degree) % 2 == 0
dict(pseudo.degree)        # the loop at 1 counts twice: 2 + 2 = 4


# %% [markdown]
# ## Hamiltonian cycles: Hamilton's Icosian game
#
# A **Hamiltonian cycle** visits every *vertex* exactly once and comes back (Euler: every *edge*).
# Hamilton sold it as a puzzle on the dodecahedron. No degree test decides it; we search.
# A short backtracking search: extend the path by an unvisited neighbour, undo on a dead end.

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

shuffled = list(range(20))
random.Random(0).shuffle(shuffled)                     # networkx numbers it along a cycle already
dodecahedron = nx.relabel_nodes(nx.dodecahedral_graph(), dict(enumerate(shuffled)))
cycle = hamiltonian_cycle(dodecahedron, 0)
assert len(set(cycle)) == 20 and cycle[0] == cycle[-1]
assert all(dodecahedron.has_edge(u, v) for u, v in zip(cycle, cycle[1:]))
print(cycle)

# %%
plt.figure(figsize=(4, 4))
pos = nx.kamada_kawai_layout(dodecahedron)
nx.draw(dodecahedron, pos, node_size=120, node_color="#dde6f0", edge_color="#bbb")
nx.draw_networkx_edges(dodecahedron, pos, edgelist=list(zip(cycle, cycle[1:])),
                       width=3, edge_color="tab:red")
plt.title("a Hamiltonian cycle of the dodecahedron")
plt.show()

# %% [markdown]
# ## A tiny travelling salesman
#
# Give the edges lengths and ask for the *shortest* Hamiltonian cycle: the **travelling salesman
# problem** (*problém obchodného cestujúceho*). With four towns we can look at every tour, and a
# **decision tree** (*rozhodovací strom*) shows them all: from A, choose the next town, then the
# next, and so on. The thesis' figure 10 finds the best tour, 32, twice: once in each direction.

# %%
towns = nx.Graph()
towns.add_weighted_edges_from([("A", "B", 7), ("B", "C", 8), ("C", "D", 9), ("D", "A", 8),
                               ("A", "C", 12), ("B", "D", 11)])

def length(tour):
    return sum(towns[u][v]["weight"] for u, v in zip(tour, tour[1:]))

tours = {("A",) + order + ("A",): length(("A",) + order + ("A",))
         for order in permutations("BCD")}
tours

# %%
best = min(tours.values())
assert best == 32 and sorted(tours.values()) == [32, 32, 39, 39, 39, 39]


# %%
def decision_tree(graph, start):
    """Every route from start as a tree: a node is the route so far."""
    tree = nx.DiGraph()
    def grow(route):
        tree.add_node(route)
        rest = [v for v in graph if v not in route]
        for v in (rest or [start]):
            if len(route) <= len(graph):
                child = route + (v,)
                tree.add_edge(route, child, weight=graph[route[-1]][v]["weight"])
                grow(child)
    grow((start,))
    return tree

def layered(tree, root):
    """Leaves side by side, every parent centred over its children."""
    pos, leaves = {}, iter(range(len(tree)))
    def place(node, depth):
        kids = list(tree[node])
        x = sum(place(k, depth + 1) for k in kids) / len(kids) if kids else next(leaves)
        pos[node] = (x, -depth)
        return x
    place(root, 0)
    return pos

dt = decision_tree(towns, "A")
pos = layered(dt, ("A",))
leaves = [n for n in dt if dt.out_degree(n) == 0]
labels = {n: n[-1] + (f"\n{length(n)}" if n in leaves else "") for n in dt}
plt.figure(figsize=(8, 4))
nx.draw(dt, pos, labels=labels, node_size=500, font_size=8, arrows=False,
        node_color=["tab:orange" if n in leaves and length(n) == best else "#dde6f0" for n in dt])
nx.draw_networkx_edge_labels(dt, pos, edge_labels=nx.get_edge_attributes(dt, "weight"),
                             font_size=7)
plt.title("decision tree of the 4-town tour; the best (32) found in both directions")
plt.show()

# %% [markdown]
# Brute force tries (n − 1)! orders, hopeless beyond a dozen towns. networkx has fast
# **approximations**. On eight random towns (seeded), compare them with the exact answer:

# %%
rng = random.Random(1)
points = {i: (rng.randint(0, 100), rng.randint(0, 100)) for i in range(8)}
cities = nx.complete_graph(8)
for u, v in cities.edges:
    cities[u][v]["weight"] = round(math.dist(points[u], points[v]))

def tour_length(tour):
    return sum(cities[u][v]["weight"] for u, v in zip(tour, tour[1:]))

exact = min(tour_length((0,) + p + (0,)) for p in permutations(range(1, 8)))   # 5040 tours
christofides = tour_length(nx.approximation.traveling_salesman_problem(cities, cycle=True))
greedy = tour_length(nx.approximation.greedy_tsp(cities))
assert exact <= christofides <= 1.5 * exact      # Christofides' guarantee
print(f"exact {exact}, Christofides {christofides}, greedy {greedy}")

# %% [markdown]
# ## Colouring a map
#
# Colour the countries so that neighbours differ (*farbenie grafov*). Make each country a vertex
# and each border an edge: colouring the map is colouring the graph's vertices. A map drawn in the
# plane never needs more than **four** colours (the four colour theorem).

# %%
borders = nx.Graph([
    ("DE", "CZ"), ("DE", "PL"), ("DE", "AT"), ("DE", "CH"), ("CZ", "PL"), ("CZ", "SK"),
    ("CZ", "AT"), ("PL", "SK"), ("PL", "UA"), ("SK", "UA"), ("SK", "HU"), ("SK", "AT"),
    ("AT", "HU"), ("AT", "SI"), ("AT", "IT"), ("AT", "CH"), ("HU", "UA"), ("HU", "RO"),
    ("HU", "RS"), ("HU", "HR"), ("HU", "SI"), ("SI", "HR"), ("SI", "IT"), ("HR", "RS"),
    ("UA", "RO"), ("RO", "RS"), ("CH", "IT"),
])
where = {"DE": (10, 51), "CZ": (15, 50), "PL": (19, 52), "SK": (19.5, 48.7), "AT": (14, 47.5),
         "HU": (19.5, 47), "SI": (14.8, 46), "HR": (16.5, 45), "UA": (25, 49), "RO": (25, 45.8),
         "RS": (20.8, 44), "CH": (8.2, 46.8), "IT": (11.5, 44)}
colours = nx.greedy_color(borders, strategy="largest_first")
assert all(colours[u] != colours[v] for u, v in borders.edges)
assert nx.is_planar(borders) and max(colours.values()) + 1 == 4
colours

# %%
palette = ["#f4a6a6", "#a6c8f4", "#b6e3a8", "#f4e0a6"]
plt.figure(figsize=(6, 4.5))
nx.draw(borders, where, with_labels=True, node_size=700, edge_color="#999",
        node_color=[palette[colours[c]] for c in borders])
plt.title("Central Europe in four colours")
plt.show()

# %% [markdown]
# Are four really needed? Austria's neighbours form a ring of seven: DE–CZ–SK–HU–SI–IT–CH–DE.
# An odd ring needs three colours, and Austria touches all of them. Brute force agrees: Austria and
# its neighbours have no 3-colouring.

# %%
ring = borders.subgraph(["AT", *borders["AT"]])          # Austria and its neighbours
assert len(ring) == 8
tries = (dict(zip(ring, c)) for c in product(range(3), repeat=len(ring)))   # 3^8 = 6561
assert not any(all(c[u] != c[v] for u, v in ring.edges) for c in tries)

# %% [markdown]
# ## Spanning trees with Prim's algorithm
#
# A **spanning tree** (*kostra grafu*) keeps every vertex and just enough edges to stay connected,
# without cycles. The *minimum* one is the cheapest way to connect every town. **Prim**: start
# anywhere; again and again add the cheapest edge that reaches a new vertex.

# %%
roads = nx.Graph()
roads.add_weighted_edges_from([("A", "B", 2), ("A", "C", 3), ("B", "C", 1), ("B", "D", 4),
                               ("C", "D", 5), ("C", "E", 6), ("D", "E", 2), ("D", "F", 3),
                               ("E", "F", 4)])
for u, v, data in nx.minimum_spanning_edges(roads, algorithm="prim", data=True):
    print(f"Prim adds {u}–{v} (length {data['weight']})")

# %%
mst = nx.minimum_spanning_tree(roads, algorithm="prim")
assert mst.number_of_edges() == len(roads) - 1 and nx.is_tree(mst)
assert mst.size(weight="weight") == nx.minimum_spanning_tree(roads, algorithm="kruskal").size(weight="weight") == 12

pos = nx.spring_layout(roads, seed=3)
plt.figure(figsize=(5, 3.5))
nx.draw(roads, pos, with_labels=True, node_color="#dde6f0", edge_color="#ccc")
nx.draw_networkx_edges(roads, pos, edgelist=mst.edges, width=3, edge_color="tab:green")
nx.draw_networkx_edge_labels(roads, pos, edge_labels=nx.get_edge_attributes(roads, "weight"))
plt.title("minimum spanning tree (green), total length 12")
plt.show()

# %% [markdown]
# ## A flow network
#
# In a **flow network** (*sieť toku*) every arrow has a **capacity**. Flow leaves the source `s`,
# arrives at the sink `t`, and at every other vertex what flows in flows out. How much can get
# through? As much as the narrowest **cut** lets through (max-flow = min-cut).

# %%
pipes = nx.DiGraph()
pipes.add_edges_from([("s", "a", {"capacity": 10}), ("s", "b", {"capacity": 5}),
                      ("a", "b", {"capacity": 15}), ("a", "c", {"capacity": 4}),
                      ("b", "c", {"capacity": 9}), ("b", "t", {"capacity": 6}),
                      ("c", "t", {"capacity": 10})])
value, flow = nx.maximum_flow(pipes, "s", "t")
cut_value, (near, far) = nx.minimum_cut(pipes, "s", "t")
for v in "abc":                                            # conservation at inner vertices
    assert sum(flow[u][v] for u in pipes.predecessors(v)) == sum(flow[v].values())
assert value == cut_value == 15
print("max flow", value, "; the narrowest cut separates", sorted(near), "from", sorted(far))

# %%
pos = {"s": (0, 0), "a": (1, 1), "b": (1, -1), "c": (2, 0.3), "t": (3, 0)}
plt.figure(figsize=(6, 3))
show(pipes, pos)
nx.draw_networkx_edge_labels(pipes, pos, edge_labels={(u, v): f"{flow[u][v]}/{c}"
                             for u, v, c in pipes.edges(data="capacity")})
plt.title("flow / capacity on every pipe")
plt.show()

# %% [markdown]
# ## Exercises
#
# Each exercise has a self-check: it says what is right or gives a hint. The solutions are hidden
# under **Solution**.
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
# **2. Colours.** How few colours does the Petersen graph (`nx.petersen_graph()`) need?

# %%
petersen = nx.petersen_graph()
ex.check_chromatic_number(4)       # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Three. Its outer ring is a 5-cycle, and an odd cycle cannot alternate two colours. Three
# suffice:
#
# ```python
# c = nx.greedy_color(petersen, strategy="DSATUR")
# assert max(c.values()) + 1 == 3 and all(c[u] != c[v] for u, v in petersen.edges)
# ex.check_chromatic_number(3)
# ```
# </details>

# %% [markdown]
# **3. Prim by hand.** What is the total length of the minimum spanning tree of `ex.network()`?
# Run Prim on paper first, then check.

# %%
net = ex.network()
print(sorted(net.edges(data="weight"), key=lambda e: e[2]))
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
