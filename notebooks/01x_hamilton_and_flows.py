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
# # 01x · Going further: Hamilton's game and flow networks
#
# **What you will learn**
# * Hamiltonian cycles, and a backtracking search that finds one on Hamilton's dodecahedron;
# * flow networks, and why the largest flow equals the narrowest cut.
#
# Two more topics of chapter 2 of the Slovak thesis, for a class with time to spare or for
# home; lessons 02 onwards do not need them. **Every graph and number here is ours.**

# %%
import networkx as nx

from gametheory.draw import draw_graph
import lesson_checks.graphs as ex01
import lesson_checks.graph_algorithms as ex

# %% [markdown]
# ## Hamilton's Icosian game
#
# A **Hamiltonian cycle** visits every *vertex* exactly once and comes back (Euler's trail of
# lesson 01a: every *edge*). The thesis: *„Frekventovanými sú napríklad úlohy, pri ktorých
# treba nájsť kružnicu, ktorá prechádza všetkými vrcholmi grafu.“* (Frequent are, for
# example, problems that ask for a cycle through every vertex of a graph.) Hamilton invented
# the *Icosian game* (*Icosianská hra*): find one along the edges of a dodecahedron.
#
# **Exercise 1. By hand.** Find a Hamiltonian cycle of this prism: write its vertices in
# order, the first again at the end.

# %%
prism, corners = ex.prism()
draw_graph(prism, corners, size=(3, 2.6), title="a prism")

# %%
ex.check_hamiltonian_cycle("ABCA")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Round one triangle, across, round the other backwards, and across again: **ABCFEDA**.
#
# ```python
# ex.check_hamiltonian_cycle("ABCFEDA")
# ```
# </details>

# %% [markdown]
# For Euler's trails the degrees tell at once whether one exists; for Hamiltonian cycles no
# test as simple is known (the problem is NP-complete), so we search: extend the path by an
# unvisited neighbour, undo on a dead end (backtracking).

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
assert ex01.walk_kind(dodecahedron, cycle[:-1]) == "path" and len(cycle) == 21   # all 20 once
assert dodecahedron.has_edge(cycle[-2], cycle[-1])                             # and back
draw_graph(dodecahedron, flat, highlight=list(zip(cycle, cycle[1:])), size=(4, 4), node_size=260,
           font_size=8, title="a Hamiltonian cycle of the dodecahedron")

# %% [markdown]
# The search finds one for the prism too, and says `None` where there is none: the house of
# lesson 01a has one, two triangles joined at a vertex (a bow tie) have none, since every
# way round passes the middle twice.

# %%
bow_tie = nx.Graph([(1, 2), (2, 0), (0, 1), (0, 3), (3, 4), (4, 0)])
hamiltonian_cycle(prism, "A"), hamiltonian_cycle(ex01.house(), "A"), hamiltonian_cycle(bow_tie, 0)

# %% [markdown]
# ## Flow networks
#
# The thesis: *„Sieť toku je orientovaný graf, v ktorom každá hrana má svoju kapacitu a do
# každej hrany prúdi tok. Množstvo toku danou hranou nesmie prekročiť jej kapacitu.“* (A flow
# network is a directed graph in which every edge has its capacity and a flow runs into each
# edge. The flow along an edge must not exceed its capacity.) With $c(u, v)$ the capacity of
# the edge $u \to v$ and $f(u, v)$ its flow: $0 \le f(u, v) \le c(u, v)$ on every edge, and
# at every vertex $v$ but the source $s$ and the sink $t$, what flows in flows out:
# $\sum_u f(u, v) = \sum_w f(v, w)$.
#
# How much can get through? As much as the narrowest **cut** lets through: split the
# vertices into a side $S$ with $s$ and a side $T$ with $t$, and add up the capacities of the
# arrows from the first side to the second, $c(S, T) = \sum_{u \in S,\, v \in T} c(u, v)$.
# The largest flow out of $s$ equals the smallest $c(S, T)$ (the max-flow min-cut theorem,
# Ford and Fulkerson, 1956).

# %%
pipes = nx.DiGraph()
pipes.add_edges_from([("s", "a", {"capacity": 8}), ("s", "b", {"capacity": 7}),
                      ("a", "b", {"capacity": 2}), ("a", "c", {"capacity": 4}),
                      ("b", "c", {"capacity": 3}), ("b", "t", {"capacity": 3}),
                      ("c", "t", {"capacity": 9})])
value, flow = nx.maximum_flow(pipes, "s", "t")
cut_value, (near, far) = nx.minimum_cut(pipes, "s", "t")
cut = [(u, v) for u, v in pipes.edges if u in near and v in far]
for v in "abc":                                            # what flows in flows out
    assert sum(flow[u][v] for u in pipes.predecessors(v)) == sum(flow[v].values())
assert value == cut_value == sum(pipes.edges[e]["capacity"] for e in cut)
assert all(flow[u][v] == pipes.edges[u, v]["capacity"] for u, v in cut)   # the cut is full
print(f"max flow {value}; the narrowest cut separates {sorted(near)} from {sorted(far)}:",
      ", ".join(f"{u}→{v}" for u, v in cut))
draw_graph(pipes, {"s": (0, 0), "a": (1, 1), "b": (1, -1), "c": (2, 0.3), "t": (3, 0)},
           edge_labels={(u, v): f"{flow[u][v]}/{c}" for u, v, c in pipes.edges(data="capacity")},
           highlight=cut, size=(5, 3), title="flow / capacity on every pipe; the cut bold")

# %% [markdown]
# **Exercise 2. The largest flow.** How much can flow from $s$ to $t$ here? Find a flow and a
# cut with the same value: then neither can be improved.

# %%
network, spots = ex.pipes()
draw_graph(network, spots, edge_labels="capacity", size=(5, 3))

# %%
ex.check_max_flow(11)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **9**: send 4 along $s \to a \to t$, 3 along $s \to b \to c \to t$, 2 along
# $s \to b \to t$. The cut $a \to t$, $b \to c$, $b \to t$ (between $S = \{s, a, b\}$ and
# $T = \{c, t\}$) carries $4 + 3 + 2 = 9$, so no more can get through.
#
# ```python
# assert nx.maximum_flow_value(network, "s", "t") == 9
# ex.check_max_flow(9)
# ```
# </details>
