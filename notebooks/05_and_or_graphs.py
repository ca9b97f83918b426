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
# * what a **winning strategy** (*nyerő stratégia*) is, how to find one and how to check one;
# * why a label is the sign of a minimax value (OR = MAX, AND = MIN), and whose point of
#   view each label and count takes;
# * three games solved exactly: the matches game, tic-tac-toe, and a tiny Abapa board.

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
# position where B moves the two are opposite (a WIN for B is a LOSS for A), and every count
# the package prints says which one it is.
#
# The Hungarian thesis first turns the game graph into a tree for clarity (*A jobb
# átláthatóság miatt a gráfot alakítsuk át fává*) and then defines AND/OR graphs as directed
# hypergraphs, whose hyperedges lead from a node to a set of nodes. In our summary: the
# player's own moves are OR edges; each bundle of the opponent's replies is one AND
# hyperedge. The package keeps equal positions as one node, so its graph is smaller than the
# game tree (chapter 04).

# %%
import inspect

from IPython.display import HTML, display

import time

import networkx as nx

import lesson_checks.andor as ex
from gametheory.andor import (
    DRAW, LOSS, WIN, AndOrGraph, Label, is_non_losing_strategy, is_winning_strategy, label,
    non_losing_strategy, solve, winning_strategy,
)
from gametheory.draw.andor import draw_andor
from gametheory.draw.tree import draw_tree
from gametheory.draw.boards import draw_board
from gametheory.games.abapa import Abapa, AbapaRules
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
from gametheory.search import minimax, negamax

def side_by_side(pictures, captions=None):
    """Show SVG pictures in a row, each with an optional caption."""
    captions = captions or [""] * len(pictures)
    return HTML("".join(f'<div style="display:inline-block;margin:4px;text-align:center;vertical-align:top">'
                        f'{p}<br><small>{c}</small></div>' for p, c in zip(pictures, captions)))


# %% [markdown]
# ## The answer first
#
# **The matches game** (the lecture notes' first example): N matches, each player takes 1, 2
# or 3, whoever takes the last match wins. *The player to move loses exactly when N is a
# multiple of 4.* With 13 matches A wins: take 1, leaving 12, and from then on answer every
# *k* with 4 − *k*.

# %%
solution = solve(Nim(13))
losses = sorted({s.matches for s in solution if solution[s] is LOSS})
assert losses == [0, 4, 8, 12]
assert solution.value is WIN
losses

# %% [markdown]
# ## A small AND/OR graph
#
# Five matches, seen from A. Squares are A's turns (OR), circles B's (AND; the arc ties B's
# replies into one hyperedge). Each row is one count of matches, drawn at its left in bundles
# of four: A's squares stand in the left column, B's circles in the right one. The edges carry
# how many are taken; the cards at the bottom are finished games with A's payoff.

# %%
small = AndOrGraph.from_game(Nim(5))
assert len(small) == 10 and small.kind(small.root) == "OR"
draw_andor(small)

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
# repeat. The package's version, with its steps in the docstring:

# %%
print(inspect.getsource(label))

# %%
labels = label(small)
assert labels.root is WIN and labels.distance(small.root) == 3     # A wins in 3 plies
for state in small:                        # B's circles: W for A exactly at 4 matches
    if small.kind(state) == "AND":
        assert (labels[state] is WIN) == (state.matches == 4)
draw_andor(small, labels)

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
# ## Labels are minimax values
#
# The Hungarian thesis puts numbers on the same idea (its Minimax section, figure 7, *A nyerő
# stratégia meghatározása minimax eljárással*: finding the winning strategy with the minimax
# procedure). Given the complete game graph, "ha MAX a nyerő, akkor +1-et, ha MIN, akkor -1-et,
# ha pedig döntetlen az állás, akkor 0-t rendelünk hozzájuk. Így a startcsúcs értéke is
# meghatározható ami megadja, hogy kinek van nyerő stratégiája és azok hol vannak a fában" (if
# MAX wins we give the leaf +1, if MIN wins −1, a draw 0; so the start gets a value too, which
# tells who has a winning strategy and where they are in the tree). The Czech lecture notes name the nodes of their AlfaBeta procedure the
# AND/OR way:
# "Je-li uzel typu AND (na tahu je hráč B)" … "(uzel je typu OR, na tahu je hráč A)" (a node
# of type AND: B is to move; of type OR: A is to move).
#
# So **OR = MAX and AND = MIN**, and the label is the sign of the minimax value (+1 W, 0 D,
# −1 L) — not only at the start but at every node. One minimax search of the matches game
# with 5 (chapter 04's `minimax`, A as MAX) visits every node of the tree; each node's value
# has the sign of its position's label in the AND/OR graph, where the tree's repeated
# positions are merged:

# %%
tree_search = minimax(Nim(5), trace=True)                 # A is MAX at the root
tree_values = tree_search.trace.snapshot().values          # path -> value for A, every node
for path, value in tree_values.items():
    state = tree_search.trace.states[path]
    assert Label.of(value) is labels[state]                # the sign is the label, for A
    if not small.is_leaf(state):                           # A's OR nodes are MAX, B's AND MIN
        assert tree_search.trace.role(path) == {"OR": "MAX", "AND": "MIN"}[small.kind(state)]
assert len(tree_values) == 28 and len(small) == 10
side_by_side([draw_tree(tree_search), draw_andor(small, labels)],
             ["minimax on the tree: values for A", "the AND/OR graph: labels for A"])

# %% [markdown]
# Negamax (chapter 06) gives every node its value for the **player to move** there instead.
# Its signs are the labels of `solve`, which also speaks for the player to move; at B's
# circles both are the opposite of A's:

# %%
mover_search = negamax(Nim(5), trace=True)
mover_values = mover_search.trace.snapshot().values        # path -> value for the mover
five = solve(Nim(5))
for path, value in mover_values.items():
    assert Label.of(value) is five[mover_search.trace.states[path]]
print("position             minimax (for A)  label (for A)  negamax (for mover)  solve (for mover)")
for state in small:                         # one tree node for each position of the graph
    path = next(p for p, s in tree_search.trace.states.items() if s == state)
    print(f"{state.matches} left, {'AB'[state.to_move]} to move  {tree_values[path]:+15.0f}  "
          f"{labels[state].value:>13}  {mover_values[path]:+19.0f}  {five[state].value:>17}")

# %% [markdown]
# ## The matches game with 13
#
# The whole graph for N = 13: 26 positions (each count with A or with B to move), one row per
# count, 13 at the top, A's squares on the left and B's circles on the right. The pattern is
# visible at a glance on the rows whose matches make whole bundles of four — 12, 8, 4 and 0,
# the multiples of 4 — where the player to move loses: A's squares there are L (and her card
# at 0 is −1), B's circles are W for A (and his card at 0 is +1). On every other row it is the
# other way round. A never faces 12: she moves first, from 13. (The edges go without their
# labels here: an edge that goes *k* rows down takes *k* matches.)

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
len(graph), graph.edge_count, squares_lost, circles_won

# %%
draw_andor(graph, labels13, edge_labels=False)

# %% [markdown]
# ## The winning strategy for N = 13
#
# A winning strategy picks **one** edge at every OR node it reaches and keeps **all** edges at
# AND nodes; every leaf it reaches is a win. `winning_strategy` takes the quickest winning
# move at every OR node. Drawn on its own it is a subgraph of the graph above: 14 of its 26
# positions, one edge out of every square, all of them out of every circle, and B only ever
# faces 12, 8, 4 or 0 matches.

# %%
strategy = winning_strategy(graph, labels13)
assert strategy.move(graph.root) == 1                  # take 1, leave 12
assert is_winning_strategy(graph, strategy)            # checked from the rules alone
for state, take in strategy.choices.items():           # always leave a multiple of 4
    assert (state.matches - take) % 4 == 0
assert len(strategy) == 14 and len(graph) == 26
assert {s.matches for s in strategy.nodes if graph.kind(s) != "OR" and s.to_move == 1} == {12, 8, 4, 0}
draw_andor(graph, labels13, strategy)

# %%
{state.matches: take for state, take in sorted(strategy.choices.items())}      # matches: take

# %% [markdown]
# `is_winning_strategy` does not trust the labels: it plays the strategy against every reply
# of B with the game's own rules. A strategy that takes 2 at the start fails:

# %%
bad = dict(strategy.choices)
bad[graph.root] = 2                                        # leaves 11
assert not is_winning_strategy(graph, bad)

# %% [markdown]
# ## Tic-tac-toe solved
#
# The graph of tic-tac-toe has **5478** positions; merging rotations and reflections leaves
# **765**. The value of the start is a **DRAW**: neither player has a winning strategy, but
# each has a **non-losing** one.

# %%
ttt = TicTacToe()
full = solve(ttt)
assert len(full) == 5478 and full.value is DRAW
x_graph = AndOrGraph.from_game(ttt, canonical=tictactoe_symmetry)
x_labels = label(x_graph)
assert len(x_graph) == 765 and x_labels.root is DRAW
assert winning_strategy(x_graph, x_labels) is None
full

# %% [markdown]
# How many positions are won, lost, drawn? That depends on **for whom**. `full[s]` and
# `full.counts()` speak for the player to move in each position; `full.counts(player=0)`
# (the same as `full.labels.counts()`) speaks for X, player A, everywhere. The draws are
# the same either way; a position where O is to move and wins is one X loses.

# %%
for_mover, for_x = full.counts(), full.counts(player=0)
assert for_x == full.labels.counts() and for_mover[DRAW] == for_x[DRAW]
for s in full:                                 # X's label is the mover's, or its opposite
    assert full.for_player(s, 0) is (full[s] if ttt.to_move(s) == 0 else full[s].flipped())
display(for_mover)
for_x

# %%
x_plan = non_losing_strategy(x_graph, x_labels)
assert is_non_losing_strategy(x_graph, x_plan) and len(x_plan) == 68
o_graph = AndOrGraph.from_game(ttt, player=1, canonical=tictactoe_symmetry)
o_plan = non_losing_strategy(o_graph)
assert is_non_losing_strategy(o_graph, o_plan)                 # O can hold the draw too
assert len(o_plan) == 157
len(x_plan), len(o_plan)

# %% [markdown]
# X's plan covers 68 positions (up to symmetry); O's covers 157, as O must answer whatever X
# opens with. That is too big to draw as a graph, so here are the
# first steps of X's non-losing strategy on the full graph, as boards: X's first move, then
# X's answer to each of O's eight replies.

# %%
plan = non_losing_strategy(full.graph, full.labels)     # on the 5478 positions, no symmetry
first = plan.move(ttt.initial_state())
after_x = ttt.result(ttt.initial_state(), first)
assert len(ttt.legal_moves(after_x)) == 8
pictures, captions = [draw_board(ttt, after_x, last_move=first)], [f"X plays {first}"]
for o_move in ttt.legal_moves(after_x):
    o_state = ttt.result(after_x, o_move)
    reply = plan.move(o_state)
    pictures.append(draw_board(ttt, ttt.result(o_state, reply), last_move=reply))
    captions.append(f"O {o_move}, X answers {reply}")
side_by_side(pictures, captions)

# %% [markdown]
# ## A tiny Abapa board, solved exactly
#
# Real Abapa (12 houses, 48 seeds) is far too big to solve on a classroom computer, but the
# same rules on a board with **2 houses a side and 1 seed in each** have only 101 positions. With the usual machine
# rule for endless play (a repeated position ends the game and each player takes the seeds on
# their side), a position remembers what was seen since the last capture, so no position comes
# back and the graph has no cycles; a position reached along two lines of play is one node
# with two parents (a transposition), and a finished game is shown as its own leaf under
# each position that leads to it.
#
# Abapa's rules are chapter 08a's; this board needs four of them. A player takes all the
# seeds of one of their houses and sows them one by one into the following houses (A's
# houses, then B's, round and round). If the last seed makes an opponent's house hold 2 or 3,
# those seeds are captured (and so are the opponent's houses just before it, while they hold
# 2 or 3). A capture that would take all the opponent's seeds captures nothing (a *grand
# slam*). Here a repeated position ends the game, and each player takes the seeds on their
# own side.

# %%
tiny = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=1))
tiny.draw(house=48)

# %%
tiny_graph = AndOrGraph.from_game(tiny)
tiny_labels = label(tiny_graph)
tiny_plan = winning_strategy(tiny_graph, tiny_labels)
assert len(tiny_graph) == 101 and tiny_labels.root is WIN
assert tiny_labels.distance(tiny_graph.root) == 7 and is_winning_strategy(tiny_graph, tiny_plan)
assert nx.is_directed_acyclic_graph(tiny_graph.to_networkx())  # no cycles
assert tiny_plan.move(tiny_graph.root) == 2
assert any(len(tiny_graph.parents(s)) > 1 for s in tiny_graph if not tiny_graph.is_leaf(s))
draw_andor(tiny_graph, tiny_labels, tiny_plan, whole_graph=True)

# %% [markdown]
# A wins in 7 plies. The bold line is the whole strategy: after A's house 2 every move is
# forced, B's and A's alike. The moves in words, then as boards (the house just played is
# ringed, captured houses shaded):

# %%
state, pictures, captions = tiny_graph.root, [tiny.draw(tiny_graph.root, house=40)], ["start"]
while not tiny.is_terminal(state):
    if state != tiny_graph.root:
        assert len(tiny.legal_moves(state)) == 1                # forced, for B and for A
    (move,) = [tiny_plan.move(state)] if state in tiny_plan.choices else tiny.legal_moves(state)
    report = tiny.explain(state, move)                 # what the move sowed and captured
    print(report.describe())
    state = report.state
    pictures.append(tiny.draw(state, last_move=move, captured=report.captured, house=40))
    captions.append(f"{'AB'[1 - state.to_move]} plays {move}")
assert tiny.winner(state) == 0
side_by_side(pictures, captions)

# %% [markdown]
# *An aside, to skip in a 45-minute lesson.* Why not 2 houses × 2 seeds? Under the repetition
# rule a position must remember the positions seen since the last capture (two boards that
# look alike can have different futures), so that board has 170 807 positions, far too many
# to draw; solving it takes seconds (timed here).
# Under the thesis program's rule for endless play (the game ends when both sides hold fewer
# than 4 seeds) A wins it at once, with the first capture.

# %%
started = time.perf_counter()
two_by_two = solve(Abapa(AbapaRules(houses_per_side=2, seeds_per_house=2)))
seconds = time.perf_counter() - started
assert len(two_by_two) == 170_807 and two_by_two.value is WIN
quick = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=2, cycle="below_four"))
quick_solution = solve(quick)
first = winning_strategy(quick_solution.graph).move(quick.initial_state())
first_report = quick.explain(quick.initial_state(), first)
assert quick_solution.value is WIN and quick_solution.distance(quick.initial_state()) == 1
assert first_report.seeds_captured > 0 and quick.is_terminal(first_report.state)
print(f"repetition rule: {len(two_by_two)} positions, solved in {seconds:.1f} s; "
      f"fewer-than-4 rule: A plays {first}, {first_report.describe()}")

# %% [markdown]
# Solving the full board this way means labelling every position it can reach. John Romein
# and Henri Bal did that for awari (another name of Oware) in 2002, on a cluster of
# computers: 889 063 398 406 positions, and perfect play is a draw. A classroom computer
# cannot, so from chapter 06 on we stop solving and start *searching* a few plies ahead.

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
# **1. Misère.** In the **misère** game taking the last match *loses*. For which counts from 1
# to 13 does the player to move lose? Reason it out from 1 match upwards.

# %%
ex.check_misere_losses({4, 8, 12})      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# With 1 match you must take it and lose. From 2, 3, 4 you leave exactly 1 and win. From 5
# every move leaves 2, 3 or 4: a loss. The losses are **1, 5, 9, 13**: the pattern of the
# normal game, shifted by one.
#
# ```python
# misere = solve(Nim(13, misere=True))
# assert sorted({s.matches for s in misere if misere[s] is LOSS and s.matches > 0}) == [1, 5, 9, 13]
# ex.check_misere_losses({1, 5, 9, 13})
# ```
# </details>

# %% [markdown]
# **2. Write a strategy.** Write a winning strategy for A with **10** matches as a dict
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
# **3. A hyperpath.** A moves first in this tree (leaves: +1 A wins, −1 B wins). Which root
# move starts A's winning strategy? Answer `"a1"`, `"a2"`, `"a3"`, or `None` if there is none.

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
# **4. Safe first moves** (homework). How many of X's nine first moves in tic-tac-toe do *not* lose
# against perfect play?

# %%
ex.check_drawn_first_moves(1)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# All **9**: every position after one move is a draw.
#
# ```python
# first_moves = [full.for_player(ttt.result(ttt.initial_state(), c), 0) for c in range(9)]
# assert first_moves == [DRAW] * 9
# ex.check_drawn_first_moves(9)
# ```
# </details>
