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
# # 05x · AND/OR graphs: going further
#
# For those who have done lesson 05. **What you will find here**
# * labels as minimax values (OR = MAX, AND = MIN), in the Hungarian thesis' and the Czech
#   lecture notes' words;
# * the labels beside negamax's values (lesson 06): whose point of view each one takes;
# * tic-tac-toe solved: its 5478 positions, counts for X and for the player to move, and
#   non-losing strategies for both players;
# * a tiny Abapa board solved exactly, move by move, and why a slightly bigger one is not
#   drawn;
# * two exercises, each checked: the misère matches game and tic-tac-toe's safe first moves.

# %%
import time

import networkx as nx
from IPython.display import HTML, display

import lesson_checks.andor as ex
from gametheory.andor import (
    DRAW, LOSS, WIN, AndOrGraph, Label, is_non_losing_strategy, is_winning_strategy, label,
    non_losing_strategy, solve, winning_strategy,
)
from gametheory.draw.andor import draw_andor
from gametheory.draw.boards import draw_board
from gametheory.games.abapa import Abapa, AbapaRules
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
from gametheory.draw.tree import draw_tree
from gametheory.search import minimax, negamax

def side_by_side(pictures, captions=None):
    """Show SVG pictures in a row, each with an optional caption."""
    captions = captions or [""] * len(pictures)
    return HTML("".join(f'<div style="display:inline-block;margin:4px;text-align:center;vertical-align:top">'
                        f'{p}<br><small>{c}</small></div>' for p, c in zip(pictures, captions)))


# %% [markdown]
# ## Labels are minimax values
#
# The Hungarian thesis puts numbers on the same idea (its Minimax section, figure 7, *A nyerő
# stratégia meghatározása minimax eljárással*: finding the winning strategy with the minimax
# procedure). Given the complete game graph, "ha MAX a nyerő, akkor +1-et, ha MIN, akkor -1-et,
# ha pedig döntetlen az állás, akkor 0-t rendelünk hozzájuk. Így a startcsúcs értéke is
# meghatározható ami megadja, hogy kinek van nyerő stratégiája és azok hol vannak a fában" (if
# MAX wins we give the leaf +1, if MIN wins −1, a draw 0; so the start gets a value too, which
# tells who has a winning strategy and where they are in the tree). The Czech lecture notes
# name the nodes of their AlfaBeta procedure the AND/OR way:
# "Je-li uzel typu AND (na tahu je hráč B)" … "(uzel je typu OR, na tahu je hráč A)" (a node
# of type AND: B is to move; of type OR: A is to move).
#
# `minimax` (lesson 06 teaches it) computes exactly this, from the leaves up: a leaf is worth
# its payoff for MAX, MAX's node the largest value of its children, MIN's node the smallest.
# So **OR = MAX and AND = MIN**, and the label is the sign of the minimax value (+1 W, 0 D,
# −1 L), not only at the start but at every node. Searched from the start, A is MAX and
# every value is for A; searched from a position of its own, `minimax` makes the player to
# move there MAX, so at B's circles its sign is the opposite of A's label:

# %% tags=["show-asserts"]
small = AndOrGraph.from_game(Nim(5))                   # lesson 05's graph and its labels
labels = label(small)
for state in small:
    if not small.is_leaf(state):
        for_mover = Label.of(minimax(Nim(5), state).value)      # for the player to move
        for_a = for_mover if small.kind(state) == "OR" else for_mover.flipped()
        assert for_a is labels[state]
draw_tree(minimax(Nim(5), trace=True))        # the tree again, each node's value for A

# %% [markdown]
# ## Labels, minimax and negamax: whose point of view
#
# The section above compared the labels of the matches game with 5 with the values of one
# `minimax` search from the start, which are for A at every node. Negamax (lesson 06) gives every
# position its value for the **player to move** there instead. Its signs are the labels of
# `solve`, which also speaks for the player to move; at B's circles both are the opposite of
# A's labels:

# %%
small = AndOrGraph.from_game(Nim(5))
labels, five = label(small), solve(Nim(5))
print("position             label (for A)  negamax (for mover)  solve (for mover)")
for state in small:
    for_mover = negamax(Nim(5), state).value
    assert Label.of(for_mover) is five[state]
    assert five[state] is (labels[state] if state.to_move == 0 else labels[state].flipped())
    print(f"{state.matches} left, {'AB'[state.to_move]} to move  {labels[state].value:>13}  "
          f"{for_mover:+19.0f}  {five[state].value:>17}")

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
# The plan `non_losing_strategy` picks for X covers 68 positions (up to symmetry), the one
# for O 157, as O must answer whatever X opens with. These sizes are **this package's**,
# not tic-tac-toe's: at every OR node it takes the quickest winning move if there is one,
# else the first drawing move in move order. Another choice of safe moves reaches other
# positions. Taking the *last* move that does not lose, everywhere, also never loses, and
# its plan for X is more than twice as big:

# %%
def last_safe_plan(graph, labels):
    """At every OR node the last move that does not lose; the positions it reaches."""
    choices, reached, stack = {}, {graph.root}, [graph.root]
    while stack:
        state = stack.pop()
        if graph.kind(state) == "OR":
            move, child = [(m, c) for m, c in graph.moves(state) if labels[c] is not LOSS][-1]
            choices[state], nexts = move, [child]
        else:
            nexts = graph.children(state)
        for child in nexts:
            if child not in reached:
                reached.add(child)
                stack.append(child)
    return choices, reached

other_choices, other_reached = last_safe_plan(x_graph, x_labels)
assert is_non_losing_strategy(x_graph, other_choices) and len(other_reached) == 147
len(x_plan), len(other_reached)

# %% [markdown]
# Either is too big to draw as a graph, so here are the first steps of the package's plan for
# X on the full graph, as boards: X's first move, then X's answer to each of O's eight
# replies.

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
lost = [o for o in ttt.legal_moves(after_x) if full.for_player(ttt.result(after_x, o), 0) is WIN]
assert len(lost) == 7 and 4 not in lost          # only the centre reply holds the draw for O
side_by_side(pictures, captions)

# %% [markdown]
# Seven of O's eight replies to X's corner **lose**: after each of them X has a win, and the
# answers drawn are winning moves. Only O's centre (4) keeps the draw.

# %% [markdown]
# ## A tiny Abapa board, solved exactly
#
# Real Abapa (12 houses, 48 seeds) is far too big to solve on a classroom computer, but the
# same rules on a board with **2 houses a side and 1 seed in each** have only 101 positions.
# With the usual machine rule for endless play (a repeated position ends the game and each
# player takes the seeds on their side), a position remembers what was seen since the last
# capture, so no position comes back and the graph has no cycles. A position reached along
# two lines of play is one node with two parents (a transposition), and so is a finished
# game: the graph has 8 leaves. The picture, though, draws a finished game again under each
# position that leads to it, so that no edge runs back up.
#
# Abapa's rules are lesson 08a's; this board needs five of them. A player takes all the
# seeds of one of their houses and sows them one by one into the following houses (A's
# houses, then B's, round and round). If the last seed makes an opponent's house hold 2 or 3,
# those seeds are captured (and so are the opponent's houses just before it, while they hold
# 2 or 3). A capture that would take all the opponent's seeds captures nothing (a *grand
# slam*). A player whose opponent has no seeds must make a move that gives them some
# (*feeding*). Here a repeated position ends the game, and each player takes the seeds on
# their own side.

# %%
tiny = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=1))
tiny.draw(house=48)

# %%
tiny_graph = AndOrGraph.from_game(tiny)
tiny_labels = label(tiny_graph)
tiny_plan = winning_strategy(tiny_graph, tiny_labels)
assert len(tiny_graph) == 101 and tiny_labels.root is WIN
assert sum(tiny_graph.is_leaf(s) for s in tiny_graph) == 8         # finished games, each once
assert tiny_labels.distance(tiny_graph.root) == 7 and is_winning_strategy(tiny_graph, tiny_plan)
assert nx.is_directed_acyclic_graph(tiny_graph.to_networkx())  # no cycles
assert tiny_plan.move(tiny_graph.root) == 2
assert any(len(tiny_graph.parents(s)) > 1 for s in tiny_graph if not tiny_graph.is_leaf(s))
draw_andor(tiny_graph, tiny_labels, tiny_plan)        # the strategy alone: 8 positions

# %% [markdown]
# A wins in 7 plies. The picture is the whole strategy (all 101 positions round it make a
# picture some 2,000 pixels tall: `draw_andor(tiny_graph, tiny_labels, tiny_plan,
# whole_graph=True)` draws it): after A's house 2 every move is forced, B's and A's alike. At ply 6 it is feeding that forces B: A's side is empty and B
# holds seeds in both houses, but only house 4 sows into A's side. The moves in words, then
# as boards (the house just played is ringed, captured houses shaded):

# %%
state, pictures, captions = tiny_graph.root, [tiny.draw(tiny_graph.root, house=40)], ["start"]
ply = 0
while not tiny.is_terminal(state):
    ply += 1
    if state != tiny_graph.root:
        assert len(tiny.legal_moves(state)) == 1                # forced, for B and for A
    if ply == 6:                                # B could sow house 3 too, but must feed A
        assert tiny.legal_moves(state) == (4,) and not any(state.houses[:2]) and all(state.houses[2:])
    (move,) = [tiny_plan.move(state)] if state in tiny_plan.choices else tiny.legal_moves(state)
    report = tiny.explain(state, move)                 # what the move sowed and captured
    print(f"ply {ply}: {report.describe()}")
    state = report.state
    pictures.append(tiny.draw(state, last_move=move, captured=report.captured, house=40))
    captions.append(f"{'AB'[1 - state.to_move]} plays {move}")
assert tiny.winner(state) == 0 and ply == 7
side_by_side(pictures, captions)

# %% [markdown]
# Why not 2 houses × 2 seeds? Under the repetition rule a position must remember the
# positions seen since the last capture (two boards that look alike can have different
# futures), so that board has 170 807 positions, far too many to draw; solving it takes
# seconds (timed here). Under the thesis program's rule for endless play (the game ends when
# both sides hold fewer than 4 seeds) A wins it at once, with the first capture.

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
# cannot, so from lesson 06 on we stop solving and start *searching* a few plies ahead.

# %% [markdown]
# ## Exercises
#
# **1. Misère.** In the **misère** matches game (lesson 05's game, turned round) taking the
# last match *loses*. For which counts from 1 to 13 does the player to move lose? Reason it
# out from 1 match upwards.

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
# **2. Safe first moves.** How many of X's nine first moves in tic-tac-toe do *not* lose
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
