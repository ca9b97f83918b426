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
# # 05 · AND/OR graphs and winning strategies
#
# **What you will learn**
# * how a game looks from one player's side: an **AND/OR graph** (Hungarian *ÉS/VAGY gráf*);
# * how to label every position WIN, LOSS or DRAW, from the ends backwards;
# * what a **winning strategy** (*nyerő stratégia*) is, how to find one and how to check one;
# * three games solved exactly: the matches game, tic-tac-toe, and a tiny Abapa board.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **AND/OR graph** (*ÉS/VAGY gráf*) | every position, seen from one player A | `AndOrGraph.from_game(game)` |
# | **OR node** (square) | A moves: *one* good move is enough | `graph.kind(s) == "OR"` |
# | **AND node** (circle) | the opponent moves: A must be ready for *every* reply; the replies form one **hyperedge** (the arc) | `graph.kind(s) == "AND"` |
# | **label** | WIN / LOSS / DRAW for A under perfect play | `label(graph)` |
# | **winning strategy** (*nyerő stratégia*) | one move at each OR node, every reply at AND nodes, all leaves won: a *hyperpath* | `winning_strategy(graph)` |
# | **solving a game** | the value of every reachable position | `solve(game)` |
#
# The thesis builds the graph of Abapa this way: *the player's own moves are OR edges; each
# bundle of the opponent's replies is one AND hyperedge.* Equal positions are one node, so
# the graph is smaller than the game tree (chapter 04).

# %%
import inspect

from IPython.display import HTML, display

import gametheory.exercises.andor as ex
from gametheory.andor import (
    DRAW, LOSS, WIN, AndOrGraph, is_non_losing_strategy, is_winning_strategy, label,
    non_losing_strategy, solve, tictactoe_symmetry, winning_strategy,
)
from gametheory.draw.andor import draw_andor
from gametheory.draw.boards import draw_board
from gametheory.games.abapa import Abapa, AbapaRules
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe

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
# 2. An **OR** node is a WIN as soon as *one* child is a WIN; a LOSS when *all* children are.
# 3. An **AND** node is a LOSS as soon as *one* child is a LOSS; a WIN when *all* children are.
# 4. What can never be decided lies on a cycle nobody can escape: a DRAW.
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
# W (dark) is a win for A, L (light) a loss. B's circle with 4 matches is a W: whatever B
# takes, A takes the rest. B's circles with 1, 2 or 3 matches are L's: B takes them all.
#
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
for state in graph:
    if graph.kind(state) == "OR":          # A to move: a loss exactly at multiples of 4
        assert (labels13[state] is LOSS) == (state.matches % 4 == 0)
    elif graph.kind(state) == "AND":       # B to move: a loss for B is a WIN for A
        assert (labels13[state] is WIN) == (state.matches % 4 == 0)
assert Nim(13).state(12, 0) not in graph                 # A never faces 12
len(graph), graph.edge_count

# %%
draw_andor(graph, labels13, edge_labels=False)

# %% [markdown]
# ## The winning strategy for N = 13
#
# A winning strategy picks **one** edge at every OR node it reaches and keeps **all** edges at
# AND nodes; every leaf it reaches is a win. Drawn on its own it is a subgraph of the graph
# above: 14 of its 26 positions, one edge out of every square, all of them out of every
# circle, and B only ever faces 12, 8, 4 or 0 matches.

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
print({state.matches: take for state, take in sorted(strategy.choices.items())})
print(inspect.getsource(winning_strategy))

# %% [markdown]
# `is_winning_strategy` does not trust the labels: it plays the strategy against every reply
# of B with the game's own rules. A strategy that takes 2 at the start fails:

# %%
bad = dict(strategy.choices)
bad[graph.root] = 2                                        # leaves 11
assert not is_winning_strategy(graph, bad)

# %% [markdown]
# In the **misère** game (taking the last match loses) the pattern shifts by one:

# %%
misere = solve(Nim(13, misere=True))
assert sorted({s.matches for s in misere if misere[s] is LOSS and s.matches > 0}) == [1, 5, 9, 13]
misere.value

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
full.counts()

# %%
x_plan = non_losing_strategy(x_graph, x_labels)
assert is_non_losing_strategy(x_graph, x_plan)
o_graph = AndOrGraph.from_game(ttt, player=1, canonical=tictactoe_symmetry)
o_plan = non_losing_strategy(o_graph)
assert is_non_losing_strategy(o_graph, o_plan)                 # O can hold the draw too
len(x_plan), len(o_plan)

# %% [markdown]
# A strategy of 68 positions (up to symmetry) is too big to draw as a graph, so here are the
# first steps of X's non-losing strategy on the full graph, as boards: X's first move, then
# X's answer to each of O's eight replies.

# %%
plan = non_losing_strategy(full.graph, full.labels)     # on the 5478 positions, no symmetry
first = plan.move(ttt.initial_state())
after_x = ttt.result(ttt.initial_state(), first)
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
# Real Abapa (12 houses, 48 seeds) is far too big to solve, but the same rules on a board
# with **2 houses a side and 1 seed in each** have only 101 positions. With the usual machine
# rule for endless play (a repeated position ends the game and each player takes the seeds on
# their side), a position remembers what was seen since the last capture, so no position comes
# back and the graph has no cycles; a position reached along two lines of play is one node
# with two parents (a transposition), and a finished game is drawn under each position that
# leads to it.

# %%
tiny = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=1))
tiny.draw(house=48)

# %%
from networkx import is_directed_acyclic_graph

tiny_graph = AndOrGraph.from_game(tiny)
tiny_labels = label(tiny_graph)
tiny_plan = winning_strategy(tiny_graph, tiny_labels)
assert len(tiny_graph) == 101 and tiny_labels.root is WIN
assert tiny_labels.distance(tiny_graph.root) == 7 and is_winning_strategy(tiny_graph, tiny_plan)
assert is_directed_acyclic_graph(tiny_graph.to_networkx())         # no cycles
assert any(len(tiny_graph.parents(s)) > 1 for s in tiny_graph if not tiny_graph.is_leaf(s))
draw_andor(tiny_graph, tiny_labels, tiny_plan, whole_graph=True)

# %% [markdown]
# A wins in 7 plies. The bold line on the right is the whole strategy: after A's house 2 every
# reply of B is forced. As boards (the house just played is ringed, captured houses shaded):

# %%
state, pictures, captions = tiny_graph.root, [tiny.draw(tiny_graph.root, house=40)], ["start"]
while not tiny.is_terminal(state):
    (move,) = [tiny_plan.move(state)] if state in tiny_plan.choices else tiny.legal_moves(state)
    report = tiny.explain(state, move)                 # what the move sowed and captured
    state = report.state
    pictures.append(tiny.draw(state, last_move=move, captured=report.captured, house=40))
    captions.append(f"{'AB'[1 - state.to_move]} plays {move}")
assert tiny.winner(state) == 0
side_by_side(pictures, captions)

# %% [markdown]
# Why not 2 houses × 2 seeds? Under the repetition rule a position must remember the positions
# seen since the last capture (two boards that look alike can have different futures), so that
# board has 170 807 positions: half a minute to solve. Under the thesis program's rule for
# endless play (the game ends when both sides hold fewer than 4 seeds) A wins it at once, with
# the first capture.
#
# A bigger one under that rule: **2 houses × 3 seeds**. 1417 positions, solved in a fraction
# of a second; A wins again, in 7 plies.

# %%
three = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=3, cycle="below_four"))
three_graph = AndOrGraph.from_game(three)
three_labels = label(three_graph)
three_plan = winning_strategy(three_graph, three_labels)
assert len(three_graph) == 1417 and three_labels.root is WIN and three_labels.distance(three_graph.root) == 7
assert is_winning_strategy(three_graph, three_plan)
len(three_plan), three_plan.move(three_graph.root)

# %% [markdown]
# The strategy's A positions and the house it plays in each:

# %%
order = sorted(three_plan.choices, key=three_graph.ply)
side_by_side([three.draw(s, house=40) for s in order],
             [f"ply {three_graph.ply(s)}: A plays {three_plan.move(s)}" for s in order])

# %% [markdown]
# Even the smallest real-size question is out of reach this way: on the full board the graph
# has far more positions than any computer can hold. From chapter 06 on we stop solving and
# start *searching* a few moves ahead.
#
# ## Exercises
#
# **1. The first move.** With 13 matches, how many should A take?

# %%
ex.check_first_take(3)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **1**, leaving 12. B takes *k*, A takes 4 − *k*, and after three rounds B faces 0.
#
# ```python
# assert strategy.move(graph.root) == 1
# ex.check_first_take(1)
# ```
# </details>

# %% [markdown]
# **2. Misère.** If taking the last match *loses*, for which counts from 1 to 13 does the
# player to move lose? Reason it out before you look at `misere` above.

# %%
ex.check_misere_losses({4, 8, 12})      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# With 1 match you must take it and lose. From 2, 3, 4 you leave exactly 1 and win. From 5
# every move leaves 2, 3 or 4: a loss. The losses are **1, 5, 9, 13**.
#
# ```python
# ex.check_misere_losses({1, 5, 9, 13})
# ```
# </details>

# %% [markdown]
# **3. Write a strategy.** Write a winning strategy for A with **10** matches as a dict
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
# **4. A hyperpath.** A moves first in this tree (leaves: +1 A wins, −1 B wins). Which root
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
# **5. Safe first moves.** How many of X's nine first moves in tic-tac-toe do *not* lose
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
