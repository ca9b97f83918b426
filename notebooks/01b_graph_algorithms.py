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
# # 01b · Trees, tours and colourings
#
# **What you will learn**
# * connected graphs, trees and planar graphs;
# * subgraphs, factors and spanning trees, Prim's algorithm for the cheapest one, and
#   Kruskal's, which you write yourself;
# * a travelling salesman's tours as a decision tree, and how big such a tree is;
# * colouring vertices, edges and faces: a map, a tournament, sudoku.
#
# We go on with chapter 2 of the Slovak thesis (lesson 01a did its first half), quoted in
# Slovak with our translation. **Every graph and number in this lesson is ours**, made up to
# show the idea, unless a source is named.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in networkx |
# | --- | --- | --- |
# | **connected** graph | every two vertices are joined by a walk | `nx.is_connected(g)` |
# | **cycle** (*kružnica*) | a closed walk that repeats no vertex but the first and no edge | `nx.find_cycle(g)` |
# | **tree** (*strom*) | a connected graph without cycles | `nx.is_tree(g)` |
# | **subgraph** (*podgraf*) | some of the vertices and some of the edges between them | `g.edge_subgraph(edges)` |
# | **induced subgraph** (*indukovaný podgraf*) | some vertices and *all* the edges between them | `g.subgraph(vertices)` |
# | **factor** (*faktor*) | a subgraph with every vertex | |
# | **spanning tree** (*kostra*) | a factor that is a tree | `nx.minimum_spanning_tree(g)` |
# | **planar** graph (*planárny, rovinný graf*) | one that *can* be drawn in the plane with no two edges crossing | `nx.is_planar(g)` |
# | **face** (*plocha*) | a region that such a drawing cuts the plane into | |
#
# The thesis says a graph without cycles *is* a tree: *„Graf, ktorý ako podgraf obsahuje
# kružnicu je označovaný ako cyklický. V opačnom prípade sa jedná o acyklický graf
# (strom).“* (A graph that contains a cycle as a subgraph is called cyclic; otherwise it is
# an acyclic graph, a tree.) We add *connected*, as networkx and most books do: two separate
# trees have no cycle either, and together they are a *forest*. Its planar graph is *„taký,
# kde sa nepretínajú žiadne hrany“* (one where no edges cross); we read it as a graph that
# *has* a drawing without crossings: a planar graph drawn badly is still planar.

# %%
import math

import networkx as nx
from IPython.display import display

from gametheory.draw import draw_graph, draw_graphs
import lesson_checks.graphs as ex01
import lesson_checks.graph_algorithms as ex
import lesson_checks.functions as fn

# %% [markdown]
# ## The answers first
#
# * The cheapest set of roads that still joins lesson 01a's six towns has total length
#   **12**, and Prim's algorithm finds it by always taking the cheapest next road.
# * Listing a travelling salesman's tours is hopeless beyond a few towns: there are 6 tours
#   of four towns that start and end at the same one, and the number explodes with every
#   town added.
# * **Four** colours are enough for any map whose countries are each one piece, and some
#   maps need all four.

# %% [markdown]
# ## Subgraphs, factors and spanning trees
#
# Remove some vertices and every edge on them: an **induced subgraph**. Remove some more edges
# if you like: a **subgraph**. *„Ak množina vrcholov podgrafu H je zhodná s množinou vrcholov
# grafu G, V(H)=V(G), potom hovoríme, že podgraf H je faktorom grafu G.“* (If the vertex set of
# a subgraph H equals that of the graph G, we say H is a factor of G.) *„Kostrou grafu
# nazývame taký faktor grafu, ktorý neobsahuje tzv. kružnice.“* (A spanning tree is a factor
# without cycles.) On lesson 01a's six towns:

# %%
roads, towns = ex01.roads()
induced = roads.subgraph("ABCD")                         # A, B, C, D and every road between them
sub = nx.Graph(induced)
sub.remove_edge("B", "C")                                # ... and one road fewer
factor = nx.Graph(roads)
factor.remove_edges_from([("B", "C"), ("C", "D"), ("E", "F")])
spanning = nx.minimum_spanning_tree(roads)
assert set(factor) == set(spanning) == set(roads)        # factors keep every vertex
assert nx.is_tree(spanning) and not nx.is_tree(factor)   # the factor still has a cycle
assert spanning.number_of_edges() == len(roads) - 1      # a tree on n vertices: n − 1 edges
no_edges = nx.empty_graph(roads.nodes)                   # a factor too, without cycles,
assert nx.is_forest(no_edges) and not nx.is_connected(no_edges)   # but no spanning tree
draw_graphs([roads, induced, sub, factor, spanning], towns,
            titles=["a graph G", "induced by A, B, C, D", "a subgraph", "a factor",
                    "a spanning tree"], size=(1.9, 1.7))

# %% [markdown]
# **Prim's algorithm** (the thesis names it among the best-known algorithms for finding
# subgraphs) finds a *minimum* spanning tree, the cheapest way to connect every town: start
# anywhere; again and again add the cheapest edge that reaches a new vertex.

# %%
def prim(g, start):
    """Grow a tree from start: again and again add the cheapest edge to a new vertex."""
    inside, tree = [start], []
    while len(inside) < len(g):
        leaving = [(g[u][v]["weight"], u, v) for u in inside for v in g[u] if v not in inside]
        weight, u, v = min(leaving)                # ties: the first in alphabetical order
        tree.append((u, v))
        inside.append(v)
    return tree

mst = prim(roads, "A")
total = sum(roads[u][v]["weight"] for u, v in mst)
assert total == nx.minimum_spanning_tree(roads).size(weight="weight") == 12   # networkx agrees
draw_graph(roads, towns, edge_labels="weight", highlight=mst, highlight_colour="tab:green",
           title=f"Prim from A: {', '.join(u + v for u, v in mst)}; total {total:g}")

# %% [markdown]
# **Exercise 1. Prim by hand.** What is the total length of the minimum spanning tree of this
# network? Run Prim on paper first, then check.

# %%
net = ex.network()
draw_graph(net, {"P": (0, 1), "Q": (1, 2), "R": (1, 0), "S": (2, 1.6), "T": (2.6, 0.2),
                 "U": (3.4, 1.6)}, edge_labels="weight", size=(4.4, 2.8))

# %%
ex.check_spanning_tree_weight(20)       # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# From P: P–R 3, R–Q 2, Q–S 5, S–T 1, S–U 8. Total $3 + 2 + 5 + 1 + 8 = \mathbf{19}$.
#
# ```python
# assert nx.minimum_spanning_tree(net, algorithm="prim").size(weight="weight") == 19
# ex.check_spanning_tree_weight(19)
# ```
# </details>

# %% [markdown]
# **Exercise 2. Write Kruskal.** Kruskal's algorithm finds a minimum spanning tree another
# way: go through the edges from the lightest; take each edge that joins two different
# *pieces* (at the start every vertex is a piece of its own); stop when one piece is left.
# Write `kruskal(g)`, the total weight of the tree it finds (`g.edges(data="weight")` gives
# the edges as `(u, v, weight)`).

# %%
def kruskal(g):
    """The total weight of a minimum spanning tree of g, found as Kruskal finds it."""
    ...                              # your code: replace the ...


fn.KRUSKAL.check(kruskal)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * Keep for every vertex the name of its piece, e.g. `piece = {v: v for v in g}`; joining
#   two pieces renames every vertex of one of them.
# * Sort the edges: `sorted(g.edges(data="weight"), key=lambda e: e[2])`.
# </details>
#
# One solution is in the next cell, collapsed (⋯): look after you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_kruskal(g):
    """Lightest edges first; take one when its ends are in different pieces."""
    piece, total = {v: v for v in g}, 0
    for u, v, w in sorted(g.edges(data="weight"), key=lambda e: e[2]):
        if piece[u] != piece[v]:
            old = piece[v]
            piece = {x: piece[u] if p == old else p for x, p in piece.items()}
            total += w
    return total


assert fn.KRUSKAL.check(solution_kruskal)

# %% [markdown]
# ## A travelling salesman's tours, as a decision tree
#
# A **Hamiltonian cycle** visits every vertex exactly once and comes back (lesson 01x plays
# Hamilton's own game). With lengths on the edges, the *shortest* one answers the
# **travelling salesman problem** (*problém obchodného cestujúceho*). Four towns, every two
# joined:

# %%
four, corners = ex.four_towns()
draw_graph(four, corners, edge_labels="weight", size=(3.4, 2.8), title="four towns")

# %% [markdown]
# A **decision tree** (*rozhodovací strom*) lists every tour: from A choose the next town,
# then the next, and so on. The thesis: *„V počiatočnom vrchole takéhoto grafu nekončí žiadna
# hrana a v ostatných vrcholoch končí vždy práve jedna hrana.“* (No edge ends in its first
# vertex, and exactly one in every other; networkx calls that an *arborescence*.) Its figure
# 10 (an image we do not have) draws the tree of a salesman, and *„V danom prípade má úloha
# dve riešenia, kde cesta obchodného cestujúceho bude mať dĺžku 32.“* (Here the problem has
# two solutions, where the salesman's tour has length 32.) Our distances are made up to match.

# %%
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
assert nx.is_arborescence(tours)                    # the thesis' definition
assert [leaf for leaf in length if length[leaf] == best] == [("A", "B", "C", "D", "A"),
                                                             ("A", "D", "C", "B", "A")]
labels = {route: route[-1] + (f"\n{length[route]}" if route in length else "") for route in tours}
draw_graph(tours, labels=labels, edge_labels="weight", size=(7, 5), node_size=520, font_size=9,
           node_colour={leaf: "#f6b26b" for leaf in length if length[leaf] == best},
           title=f"every tour from A, its length in its leaf; the best, {best}, twice (orange)")

# %% [markdown]
# How big is such a tree? The thesis (chapter 3) measures it by its leaves: *„Veľkosť
# (rozmer) rozhodovacieho stromu je daná počtom listových vrcholov.“* (The size of a decision
# tree is given by its number of leaves.) Here, one leaf per tour:

# %%
assert len(length) == 6
len(length)

# %% [markdown]
# **Exercise 3. A bigger tree.** Five towns, every two joined by a road. How big is the
# decision tree of every tour from A?

# %%
ex.check_tour_count(120)        # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **24** $= 4 \cdot 3 \cdot 2 \cdot 1 = (5 - 1)!$: four choices of the next town after A, then
# three, two, one. With twenty towns it is $19!$, about $1.2 \times 10^{17}$ leaves: listing every
# tour is hopeless.
#
# ```python
# five = nx.complete_graph("ABCDE")
# nx.set_edge_attributes(five, 1, "weight")
# tree = decision_tree(five, "A")
# assert sum(tree.out_degree(v) == 0 for v in tree) == math.factorial(4) == 24
# assert f"{math.factorial(19):.1e}" == "1.2e+17"
# ex.check_tour_count(24)
# ```
# </details>

# %% [markdown]
# ## Colouring vertices, edges and faces
#
# The thesis knows three colourings: **vertices** (joined vertices differ), **edges** (*„Pri
# farbení hrán nesmú mať rovnakú farbu zase hrany, ktoré spájajú rovnaký vrchol.“*: edges
# that meet at a vertex differ) and **faces** (faces that share an edge differ). *„Oba
# problémy farbenia hrán a plôch môžu byť prevedené na farbenie vrcholov.“* (Both edge and
# face colouring can be turned into vertex colouring.) Each picture writes the colour's
# number too, so the pictures read in grey-scale print.
#
# **Vertices: countries.** The problem came up, the thesis says, in the 19th century, in
# colouring maps so that *„…žiadne dva susediace štáty nebudú rovnakej farby“* (no two
# neighbouring states have the same colour). A vertex per country, an edge per border:

# %%
borders, where = ex.central_europe()
colours = nx.greedy_color(borders, strategy="largest_first")
assert all(colours[u] != colours[v] for u, v in borders.edges) and max(colours.values()) == 3
assert nx.is_planar(borders)
draw_graph(borders, where, node_colour=colours, size=(6, 4.2), node_size=650,
           labels={v: f"{v}\n{c + 1}" for v, c in colours.items()},
           title="Central Europe in four colours")

# %% [markdown]
# This graph is planar, as the border graph of every map whose countries are each one piece
# is, and such a map never needs more than **four** colours (the four colour theorem, proved
# by Appel and Haken in 1976).
#
# **Faces: a map drawn as a plane graph.** Now the borders are the edges and the countries
# the faces: five countries round a centre, like the slices of a pie, and the sea outside,
# which is a face too. Turned into vertex colouring: a vertex per face, joined when two
# faces share an edge (the *dual* graph).

# %%
pie, spots = ex.pie_map()
countries = ex.faces(pie)        # each face as the set of corners round it (networkx finds them)
name = {face: f"f{i}" if len(face) == 3 else "sea" for i, face in enumerate(countries, 1)}
dual = nx.Graph()
dual.add_nodes_from(name.values())
dual.add_edges_from((name[a], name[b]) for a in countries for b in countries
                    if a != b and len(a & b) >= 2)              # two common corners: an edge
sorted(dual.degree)

# %% [markdown]
# The sea touches all five countries, and five countries in a ring need three colours, so
# this map needs four. A search that tries colours one by one and undoes a dead end
# (backtracking) proves it:

# %%
def colour(graph, given, colours):
    """Colour the other vertices one by one, each with a colour no neighbour has yet;
    on a dead end, undo the last choice and try its next colour."""
    colouring = dict(given)
    blank = [v for v in graph if v not in colouring]
    def fill(i):
        if i == len(blank):
            return True
        for c in colours:
            if all(colouring.get(u) != c for u in graph[blank[i]]):
                colouring[blank[i]] = c
                if fill(i + 1):
                    return True
                del colouring[blank[i]]
        return False
    return colouring if fill(0) else None

assert colour(dual, {}, range(3)) is None        # three colours: impossible
tint = colour(dual, {}, range(4))
face_of = {f: face for face, f in name.items()}

ring = {f: (3 * x, 3 * y) for f, (x, y) in                       # each face's vertex towards
        ((f, (sum(spots[v][0] for v in face_of[f]) / 3, sum(spots[v][1] for v in face_of[f]) / 3))
         for f in tint if f != "sea")}                            # its slice, the sea inside
painted = {f"{f} ({c + 1})": (() if f == "sea" else tuple(face_of[f]), c)  # a country is a
           for f, c in tint.items()}                    # triangle; the sea is the face outside
assert nx.is_isomorphic(dual, pie)               # the pie map is its own dual: a wheel
draw_graphs([pie, dual], [spots, ring | {"sea": (0, 0)}], size=(3.8, 3.6), node_size=900,
            font_size=8, faces=painted, node_colour=tint,
            labels={f: f"{f} ({c + 1})" for f, c in tint.items()},
            titles=["the map, its faces coloured", "its dual graph (the sea drawn in the middle)"])

# %% [markdown]
# The dual graph has a vertex per face and an edge per shared border. It is drawn here with
# the sea's vertex in the middle of the ring of countries, since the sea borders all five:
# so every edge is straight and none crosses another or passes through a vertex. (This dual
# is again a wheel, like the map itself.)

# %% [markdown]
# **Edges: a tournament.** Four players, each plays each: six games. Games that share a
# player cannot be in the same round, so the rounds are an edge colouring. Turned into vertex
# colouring: the **line graph** has a vertex for every edge, joined when the edges meet.

# %%
players = nx.complete_graph(["Ann", "Ben", "Cat", "Dan"])
games = nx.line_graph(players)                             # a vertex for every game
rounds = nx.greedy_color(games, strategy=lambda g, _: sorted(g))   # colour them in A–Z order
assert max(rounds.values()) + 1 == 3 == max(d for _, d in players.degree)   # fewer is impossible
draw_graph(players, {"Ann": (0.5, 1), "Ben": (0, 0), "Cat": (1, 0), "Dan": (0.5, 0.4)},
           edge_colour={e: ["tab:red", "tab:blue", "tab:green"][c] for e, c in rounds.items()},
           edge_labels={e: f"round {c + 1}" for e, c in rounds.items()},
           size=(3.6, 3), node_size=1000, title="three rounds of two games")

# %% [markdown]
# Each player plays 3 games, all in different rounds, so no schedule has fewer than 3 rounds.
#
# **Sudoku.** *„Populárnou aplikáciou farbenia grafov je napr. hra sudoku.“* (A popular use of
# graph colouring is sudoku.) Make each cell a vertex and join two cells in the same row,
# column or box: a filled sudoku is a colouring with the digits as colours, and the puzzle's
# given digits are vertices coloured in advance. networkx builds the graph:
# `nx.sudoku_graph(3)` for 9 × 9, `nx.sudoku_graph(2)` for 4 × 4.
#
# **Exercise 4 (for homework). Sudoku neighbours.** In the 9 × 9 sudoku graph, how many
# neighbours has each cell (the cells that may not hold its digit)? Count on paper, then
# check.

# %%
ex.check_sudoku_neighbours(24)       # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# 8 others in its row, 8 in its column, and of the 8 others in its box, 4 are in neither:
# $8 + 8 + 4 = \mathbf{20}$.
#
# ```python
# assert {d for _, d in nx.sudoku_graph(3).degree} == {20}
# ex.check_sudoku_neighbours(20)
# ```
# </details>

# %% [markdown]
# **Exercise 5 (for homework). A sudoku with givens.** Fill in this 4 × 4 sudoku (0 is an
# empty cell) so that every row, column and 2 × 2 box holds 1, 2, 3 and 4. Write it as four
# rows.

# %%
ex.check_shidoku([[0, 2, 0, 4],
                  [0, 0, 1, 0],
                  [2, 0, 0, 0],
                  [4, 0, 0, 1]])      # your answer: replace every 0

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```
# 1 2 3 4
# 3 4 1 2
# 2 1 4 3
# 4 3 2 1
# ```
# </details>

# %% [markdown]
# The colouring search of the map solves sudoku too, givens and all. First this one, then
# the example puzzle of the English Wikipedia's article *Sudoku*:

# %%
given = {4 * r + c: d for r, row in enumerate(ex.SHIDOKU) for c, d in enumerate(row) if d}
solved = colour(nx.sudoku_graph(2), given, range(1, 5))
print("\n".join(" ".join(str(solved[4 * r + c]) for c in range(4)) for r in range(4)), "\n")

puzzle = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
          "7...2...6", ".6....28.", "...419..5", "....8..79"]
given = {9 * r + c: int(d) for r, row in enumerate(puzzle) for c, d in enumerate(row) if d != "."}
solved = colour(nx.sudoku_graph(3), given, range(1, 10))
assert all(solved[u] != solved[v] for u, v in nx.sudoku_graph(3).edges)
print("\n".join("".join(str(solved[9 * r + c]) for c in range(9)) for r in range(9)))
