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
# # 05 · AND/OR graphs and winning strategies
#
# **What you will learn**
# * how a game looks from one player's side: an **AND/OR graph** (Hungarian *ÉS/VAGY gráf*);
# * how to label every position WIN, LOSS or DRAW, from the ends backwards;
# * what a **winning strategy** (*nyerő stratégia*) is, a hyperpath in the Hungarian thesis'
#   words, how to find one and how to check one;
# * to write the labelling yourself, in ten lines;
# * the matches game solved exactly. (Labels as minimax values, tic-tac-toe and a tiny Abapa
#   board, solved the same way, are in the going-further notebook `05x_and_or_further`.)

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **AND/OR graph** (*ÉS/VAGY gráf*) | every position, seen from one player A | `AndOrGraph.from_game(game)` |
# | **OR node** (square) | A moves: *one* good move is enough | `graph.kind(s) == "OR"` |
# | **AND node** (circle) | the opponent moves: A must be ready for *every* reply; the replies form one **hyperedge** (the arc) | `graph.kind(s) == "AND"` |
# | **label** | WIN / LOSS / DRAW **for A** (the graph's player) under perfect play, at every node | `label(graph)[s]` |
# | **winning strategy** (*nyerő stratégia*) | one move at each OR node, every reply at AND nodes, all leaves won: a *hyperpath* | `winning_strategy(graph)` |
# | **solving a game** | the value of every reachable position, **for the player to move there** | `solve(game)[s]` |
#
# Mind the point of view: `label` speaks for A everywhere, `solve` for whoever moves. At a
# position where B moves the two are opposite (a WIN for B is a LOSS for A).
#
# The Hungarian thesis first turns the game graph into a tree for clarity (*A jobb
# átláthatóság miatt a gráfot alakítsuk át fává*) and then defines AND/OR graphs as directed
# hypergraphs, whose hyperedges lead from a node to a set of nodes. In our summary: the
# player's own moves are OR edges; each bundle of the opponent's replies is one AND
# hyperedge. The package keeps equal positions as one node, so its graph is smaller than the
# game tree (chapter 04).

# %%
import networkx as nx
from IPython.display import display

import gametheory as gt
import lesson_checks.andor as ex
import lesson_checks.functions as fn
from gametheory.andor import (
    LOSS, WIN, AndOrGraph, Label, is_winning_strategy, label, solve, winning_strategy,
)
from gametheory.draw.andor import draw_andor
from gametheory.draw.tree import draw_tree
from gametheory.games.nim import Nim
from gametheory.search import minimax

# %% [markdown]
# ## The answer first
#
# **The matches game** (the lecture notes' first example): N matches, each player takes 1, 2
# or 3, whoever takes the last match wins. *The player to move loses exactly when $N$ is a
# multiple of 4.* With 13 matches A wins: take 1, leaving 12, and from then on answer every
# $k$ with $4 - k$.

# %%
solution = solve(Nim(13))
losses = sorted({s.matches for s in solution if solution[s] is LOSS})
assert losses == [0, 4, 8, 12]
assert solution.value is WIN
losses

# %% [markdown]
# ## From the tree to the graph
#
# Five matches, first as the game tree of chapter 04: squares are A's turns, circles B's,
# the edges say how many matches are taken, and the cards are finished games with A's payoff
# (+1: A took the last match).

# %%
tree5 = gt.expand(Nim(5), depth=5)                    # every game, to the end
assert len(tree5) == 28 and len(tree5.leaves()) == 13
draw_tree(tree5)

# %% [markdown]
# The tree has 28 nodes but only 10 different positions: F (1, then 2 taken) and H (2, then
# 1) are both A to move with 2 matches left; G, I, K and W are all A to move with 1; and the
# 13 cards are two positions, no match left with A or with B to move. The AND/OR graph keeps
# each position once. Seen from A, squares are OR nodes and circles AND nodes, whose arc
# ties B's replies into one hyperedge. It is drawn like the tree, one ply a row: each
# position on the row of the longest line of play to it, so an edge that skips rows is a
# shortcut (5 → 2 matches in one move, where the tree also has 5 → 4 → 3 → 2), and a finished
# game once under each position that ends in it (6 cards for the graph's 2). Two pairs of
# edges cross: no drawing can avoid every crossing, as the graph is not planar (chapter 01b).

# %%
small = AndOrGraph.from_game(Nim(5))
by_name = {node.name: node.state for node in tree5}
assert by_name["F"] == by_name["H"] == Nim(5).state(2, 0)
assert by_name["G"] == by_name["I"] == by_name["K"] == by_name["W"] == Nim(5).state(1, 0)
assert {node.state for node in tree5} == set(small) and len(small) == 10
assert {node.state for node in tree5.leaves()} == {Nim(5).state(0, 0), Nim(5).state(0, 1)}
assert small.kind(small.root) == "OR"
endings = [b for a in small for _, b in small.moves(a) if small.is_leaf(b)]
assert len(endings) == 6 and len(set(endings)) == 2               # 6 cards, 2 positions
assert not nx.is_planar(nx.Graph((a, b) for a in small for _, b in small.moves(a)))
draw_andor(small, rank="ply")

# %% [markdown]
# ## Labelling: from the ends backwards
#
# 1. A finished game is a WIN or a LOSS for A (a DRAW if it pays 0).
# 2. An **OR** node is a WIN as soon as *one* child is a WIN; a LOSS when *all* children are;
#    otherwise (no WIN, some DRAW) a DRAW.
# 3. An **AND** node is a LOSS as soon as *one* child is a LOSS; a WIN when *all* children are;
#    otherwise a DRAW.
# 4. What can never be decided lies on cycles that neither player can force a way out of:
#    endless play, a DRAW.
#
# This is the chapter 04 colouring, run from the leaves so that it also works when positions
# repeat. The package's `label` does it (`label??` in a cell shows its code, the steps in
# its docstring):

# %%
labels = label(small)
assert labels.root is WIN and labels.distance(small.root) == 3     # A wins in 3 plies
draw_andor(small, labels, rank="ply")

# %% [markdown]
# W (dark) is a win for A, L (light) a loss. Above the leaves, the L's are B's circles with
# 1, 2 or 3 matches: B takes them all. B's circle with 4 is a W: whatever B takes, A takes
# the rest. Every one of A's squares is a W.

# %%
circles = {s.matches: labels[s] for s in small if small.kind(s) == "AND"}
assert circles == {1: LOSS, 2: LOSS, 3: LOSS, 4: WIN}
assert all(labels[s] is WIN for s in small if small.kind(s) == "OR")
circles

# %% [markdown]
# The labels are the signs of minimax values (lesson 06), with **OR = MAX and AND = MIN**: the
# going-further notebook 05x shows it at every node, with the Hungarian thesis' and the Czech
# lecture notes' words for it.

# %% [markdown]
# ## The matches game with 13
#
# The whole graph for N = 13 has 26 positions (each count with A or with B to move). Drawn one
# row per count it is too tall for a screen, so here is the graph for N = 7, the same pattern
# on 8 rows: 7 at the top, A's squares on the left and B's circles on the right. The pattern
# is visible at a glance on the rows whose matches make whole bundles of four (4 and 0, the
# multiples of 4), where the player to move loses: A's squares there are L (and her card at 0
# is −1), B's circles are W for A (and his card at 0 is +1). On every other row it is the
# other way round. The code checks the same for 13, where the rows are 12, 8, 4 and 0; A never
# faces 12 there: she moves first, from 13. (The edges go without their labels here: an edge
# that goes *k* rows down takes *k* matches.)

# %%
graph = AndOrGraph.from_game(Nim(13))
labels13 = label(graph)
squares_lost = sorted(s.matches for s in graph if graph.kind(s) == "OR" and labels13[s] is LOSS)
circles_won = sorted(s.matches for s in graph if graph.kind(s) == "AND" and labels13[s] is WIN)
assert (squares_lost, circles_won) == ([4, 8], [4, 8, 12])
for state in graph:
    if graph.kind(state) == "OR":          # A to move: a loss exactly at multiples of 4
        assert (labels13[state] is LOSS) == (state.matches % 4 == 0)
    elif graph.kind(state) == "AND":       # B to move: a loss for B is a WIN for A
        assert (labels13[state] is WIN) == (state.matches % 4 == 0)
assert Nim(13).state(12, 0) not in graph                 # A never faces 12
assert len(graph) == 26
print(f"N = 13: {len(graph)} positions, {graph.edge_count} edges; "
      f"A's squares lost: {squares_lost}, B's circles won for A: {circles_won}")
seven = AndOrGraph.from_game(Nim(7))                     # the same pattern, on 8 rows
labels7 = label(seven)
assert all((labels7[s] is LOSS) == (s.matches % 4 == 0) for s in seven if seven.kind(s) == "OR")
draw_andor(seven, labels7, edge_labels=False)

# %% [markdown]
# ## The winning strategy for N = 13
#
# A winning strategy picks **one** edge at every OR node it reaches and keeps **all** edges at
# AND nodes; every leaf it reaches is a win. The Hungarian thesis calls such a subgraph a
# hyperpath: *„Irányított hiperútnak nevezzük az n csúcsból az M csúcshalmazba vezető olyan
# részgráfot, amelyben mindegyik csúcsból legfeljebb egy hiperél indul ki.“* (A directed
# hyperpath from node n to the set of nodes M is a subgraph in which **at most one
# hyperedge** leaves each node.) At an OR node a hyperedge is one move, at an AND node the
# bundle of all of B's replies: so one move for A, all replies for B, and none at the leaves,
# the set M.
#
# The thesis finds the winner by labels with the players' names: it labels each finished game
# with the winner, then, going up level by level, *„ha a szinten A következik lépni és a
# csúcs … leszármazottjai között van A jelű gyermeke, akkor a csúcs A címkét kap, egyébként
# B-t“* (if A is to move on that level and the node has a child labelled A, the node gets the
# label A, otherwise B; the … stands for the page break of our copy). Its A
# is our W and its B our L: a game without draws needs no third label.
#
# `winning_strategy` takes the quickest winning move at every OR node. For N = 13 it keeps 14
# of the 26 positions, and B only ever faces 12, 8, 4 or 0 matches; drawn here for N = 7, it
# keeps 6 of 14, and B faces 4 and 0 (again, an edge that goes *k* rows down takes *k*
# matches).

# %%
strategy = winning_strategy(graph, labels13)
assert strategy.move(graph.root) == 1                  # take 1, leave 12
assert is_winning_strategy(graph, strategy)            # checked from the rules alone
for state, take in strategy.choices.items():           # always leave a multiple of 4
    assert (state.matches - take) % 4 == 0
assert len(strategy) == 14 and len(graph) == 26
assert {s.matches for s in strategy.nodes if graph.kind(s) != "OR" and s.to_move == 1} == {12, 8, 4, 0}
strategy7 = winning_strategy(seven, labels7)
assert len(strategy7) == 6 and len(seven) == 14 and strategy7.move(seven.root) == 3
assert {s.matches for s in strategy7.nodes if seven.kind(s) != "OR" and s.to_move == 1} == {4, 0}
draw_andor(seven, labels7, strategy7, edge_labels=False)

# %% [markdown]
# `is_winning_strategy` does not trust the labels: it plays the strategy against every reply
# of B with the game's own rules. A strategy that takes 2 at the start fails:

# %%
bad = dict(strategy.choices)
bad[graph.root] = 2                                        # leaves 11
assert not is_winning_strategy(graph, bad)

# %% [markdown]
# Solving a game this way means labelling every position it can reach. Tic-tac-toe (5478
# positions) and a tiny Abapa board are solved in `05x_and_or_further`; the full Abapa board
# is far too big for a classroom computer, so from chapter 06 on we stop solving and start
# *searching* a few plies ahead.

# %% [markdown]
# ## Practise: labelling by hand
#
# The matches game with **4** matches, drawn as a tree: A's positions are squares (OR), B's are
# circles (AND), the edges say how many matches are taken, and the cards are finished games
# (+1: A took the last match). Label every inner node **W**, **L** or **D** for A, from the
# ends upwards. `check` follows the search in the order it finishes the nodes and stops at your
# first mistake, with the rule that decides that node.

# %%
from gametheory import Drill

labelling = Drill("andor", Nim(4))
labelling.picture()

# %%
# your labels, W, L or D, for the eight inner nodes, in the order the search visits them
labelling.check({"A": "W", "B": "W", "F": "W", "M": "W", "G": "W", "C": "W", "I": "W", "E": "W"})

# %% [markdown]
# <details><summary>Solution (the tree with 4 matches)</summary>
#
# With 4 matches A loses (a multiple of 4): every move leaves B a winning count. The labels are
# those of `label` on the same tree:
#
# ```python
# labelling.solution()
# labelling.check(*labelling.solution())
# ```
# </details>

# %% [markdown]
# For homework (or for whoever finishes early): random trees with draws (leaves +1, 0, −1)
# come from a seed: put your student number. In the widget, type W, L or D in every box and
# press **check**; **hint** gives the next step.

# %%
SEED = 2024                        # your student number
labels_drill = Drill("andor", seed=SEED, level=2)
labels_drill.widget()

# %% [markdown]
# ## Exercises
#
# **1. Write a strategy.** Write a winning strategy for A with **10** matches as a dict
# `{matches on the table when A moves: matches A takes}`. It must have a move for every count
# B can leave you.

# %%
ex.check_nim_strategy({10: 2, 7: 3, 6: 2, 5: 1})      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Take 2 (leave 8). B leaves 7, 6 or 5: take 3, 2 or 1 (leave 4). B leaves 3, 2 or 1: take
# them all.
#
# ```python
# ex.check_nim_strategy({10: 2, 7: 3, 6: 2, 5: 1, 3: 3, 2: 2, 1: 1})
# ten = AndOrGraph.from_game(Nim(10))
# assert {s.matches: t for s, t in winning_strategy(ten).choices.items()} == {10: 2, 7: 3, 6: 2, 5: 1, 3: 3, 2: 2, 1: 1}
# ```
# </details>

# %% [markdown]
# **2 (for homework). A hyperpath.** A moves first in this tree (leaves: +1 A wins, −1 B
# wins). Which root move starts A's winning strategy? Answer `"a1"`, `"a2"`, `"a3"`, or `None`
# if there is none.

# %%
puzzle = AndOrGraph.from_game(ex.exercise_tree())
display(draw_andor(puzzle))
ex.check_winning_move("a2")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# B moves at B, C and D, so each needs *all* its replies won. B and C each have a −1 reply.
# Below D, reply d2 ends at +1 and reply d1 gives A the choice j1 (+1). So **a3**, then j1
# at J.
#
# ```python
# puzzle_labels = label(puzzle)
# display(draw_andor(puzzle, puzzle_labels, winning_strategy(puzzle, puzzle_labels)))
# ex.check_winning_move("a3")
# ```
# </details>

# %% [markdown]
# **3. Write the labelling.** A small AND/OR tree as Python data: a finished game is its label
# for A, `"W"`, `"L"` or `"D"`; any other node is `("OR", children)` (A chooses) or
# `("AND", children)` (B chooses), `children` a list of nodes. Write `my_label(node)`, the label
# of the node for A, with the rules of *Labelling* above (about ten lines, calling itself on
# the children). The check runs it on eleven trees, among them the matches game with 3, 4
# and 5 matches (`fn.nim_tree(4)` shows that one).

# %%
def my_label(node):
    """The label of node for A: "W", "L" or "D"."""
    ...                              # your code: replace the ...


fn.LABEL.check(my_label)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * A finished game is a string: `isinstance(node, str)`.
# * Label the children first; then the node's rule looks only at their labels.
# </details>
#
# One solution is in the next cell, collapsed (⋯): look after you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_label(node):
    """Leaves as they are; OR: W if a child is, AND: L if a child is; else D if a child is."""
    if isinstance(node, str):
        return node
    kind, children = node
    labels = [solution_label(child) for child in children]
    best, worst = ("W", "L") if kind == "OR" else ("L", "W")
    return best if best in labels else "D" if "D" in labels else worst


assert fn.LABEL.check(solution_label)
