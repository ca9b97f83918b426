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
# # 11b · Case study: Gomoku
#
# **What you will learn:** how the Greek course's Gomoku sits on the same game protocol as
# Nim, tic-tac-toe, Abapa and checkers (lesson 11a), so every search, picture and player works
# on it unchanged; how a threat-counting evaluation scores a position; how the assignment's
# MinMax player builds its depth-2 tree; and why a search looks only near the stones.
#
# | word | in Python |
# | --- | --- |
# | **cell** | `(row, col)` with row 0 at the top, written `h8` |
# | **evaluation** | `evaluate(state, player) -> float`, positive = good for `player` |
# | **player** | an object with `name` and `choose(game, state) -> move` |

# %%
from gametheory.games.gomoku import Gomoku
from gametheory.players import (
    RandomPlayer, HeuristicPlayer, MinMaxPlayer, expand, minmax_tree, max_min_move, backed_up,
)
from gametheory.draw.boards import draw_board
from gametheory.draw.gomoku_board import draw_gomoku
from gametheory.draw.tree import draw_tree
from gametheory.search import alphabeta, minimax
from gametheory.tournament import round_robin

# %% [markdown]
# ## The game
#
# The assignment's game: 15×15, and a player who makes **five in a row** wins. Two details are
# ours, as the assignment does not settle them: six in a row also wins (freestyle; pass
# `exact=True` for exactly five), and a full board is a draw. Its platform came with a random
# player and a heuristic player "με μια τυπική υλοποίηση συνάρτησης αξιολόγησης" (with a
# typical implementation of an evaluation function) that the assignment does not spell out,
# so the heuristic here is ours. It counts **threats**: every window of five
# cells in a row that holds *n* stones of one colour and none of the other is worth 1, 8, 64,
# 512 for *n* = 1…4 (our weights), and the evaluation `(mine − theirs) / (mine + theirs + 1)`
# stays strictly between −1 and +1, so a real win (+1) always counts for more.

# %%
gomoku = Gomoku()
s = gomoku.initial_state()
for name in ["h8", "g9", "i8", "g7", "j8"]:
    s = gomoku.result(s, gomoku.cell(name))
print(gomoku.threats(s, 0), gomoku.threats(s, 1))
print(round(gomoku.heuristic(s, 0), 3))
draw_gomoku(gomoku, s, last_move=gomoku.cell("j8"), cell=22)

# %% [markdown]
# ### The depth-2 tree of the MinMax player
#
# The assignment: expand our moves and, under each, every reply; evaluate the leaves, and play
# the move that **maximises the minimum**. It draws a square where we choose (its levels 0
# and 2, where it takes the maximum) and a circle where the opponent chooses (levels 1 and 3,
# the minimum). So does the picture below: the root, where we choose, is a square; the nodes
# after each of our moves, where O replies, are circles stretched to hold their values; the
# leaves, where the search stops, are cards. On a small board near the end of a game the
# whole tree fits on the page. Each node keeps `parent`,
# `children`, `depth`, `move` (the cell `(row, col)` from the top), `state` and `evaluation`.

# %%
small = Gomoku(size=5, k=4)
s = small.state("XOXXO/OOOX./OX.X./.XOOO/.XXOX")
print(small.text(s))
tree = minmax_tree(small, s)                # expand(small, s, depth=2, evaluate=small.heuristic)
leaf = tree.root.children[0].children[0]
print(leaf.depth, leaf.move, leaf.parent.move, round(leaf.evaluation, 3))

# %%
values = [backed_up(child) for child in tree.root.children]
print({small.notation(child.move): round(v, 3) for child, v in zip(tree.root.children, values)})
best = max_min_move(tree)
print("max-min move:", small.notation(best))
draw_tree(minimax(tree, trace=True), game=small)      # game=: moves written as the text writes them

# %% [markdown]
# The one-ply heuristic player looks only at the position after its own move and likes e3; the
# depth-2 player also looks at every reply, and c3 is the move whose worst reply is least bad:

# %%
one_ply = HeuristicPlayer().choose(small, s)
print("heuristic:", small.notation(one_ply), "   minmax:", small.notation(best))
assert (small.notation(one_ply), small.notation(best)) == ("e3", "c3")
assert best == MinMaxPlayer().choose(small, s)

# %% [markdown]
# ### The assignment's functions, and ours
#
# The assignment asks for a Java class `Node` and four functions in a player. Each has a
# counterpart here, so a student who wrote the Java can read the Python:
#
# | the assignment (Java) | here (Python) |
# | --- | --- |
# | `int[] getnextmove(Board board)`: copy the board, build the tree, choose | `MinMaxPlayer().choose(game, state)` |
# | `createmysubtree(parent, 1)` and `createopponentsubtree(newnode, depth+1)`: our moves, then every reply, leaves evaluated | `minmax_tree(game, state)`, that is `expand(game, state, depth=2, evaluate=game.heuristic)` |
# | `int chooseminmaxmove(Node root)`: the move that maximises the minimum | `max_min_move(tree)` (and `backed_up(node)`, a node's backed-up value) |
# | `Node`'s `parent`, `children`, `nodedepth`, `nodemove`, `nodeboard`, `nodeevaluation` | a tree node's `parent`, `children`, `depth`, `move`, `state`, `evaluation` |
# | `double evaluate()` | `game.heuristic(state, player)` (the threat count above) |
# | `cloneboard(board)` and then `playtile(clone, x, y, id)` | `game.result(state, move)`: a new state, the old one unchanged |
# | `checkforwin(id, board)` | `game.winner(state) == id` |
# | `getpreviousmove()` | not needed: `choose` gets the whole position |

# %%
assert str(minmax_tree(small, s)) == str(expand(small, s, depth=2, evaluate=small.heuristic))
after = small.result(s, best)
assert after.board != s.board and small.result(s, best) == after    # s itself is unchanged
assert small.winner(s) is None

# %% [markdown]
# ### Deeper: candidate moves
#
# On an empty 15×15 board there are 225 moves, and $225 \times 224$ leaves at depth 2. Good moves
# are almost always near the stones already played, so `Gomoku(candidates_radius=1)` allows
# only the empty cells next to a stone (and the centre on an empty board). With that rule the
# textbook alpha-beta reaches depth 3 in a moment (depth 4 takes a few seconds: try it).

# %%
near = Gomoku(candidates_radius=1)
s = near.initial_state()
for name in ["h8", "g9", "i8"]:
    s = near.result(s, near.cell(name))
print(len(gomoku.legal_moves(s)), "moves on the full board,", len(near.legal_moves(s)), "near the stones")
for depth in (2, 3):
    r = alphabeta(near, s, depth, near.heuristic)
    print(depth, near.notation(r.move), r.stats.nodes, "nodes")

# %% [markdown]
# ### A small Gomoku tournament
#
# On 9×9 with the candidate rule: random, heuristic (one ply) and MinMax (two plies).

# %%
board9 = Gomoku(size=9, candidates_radius=1)
gomoku_players = [RandomPlayer(seed=7), HeuristicPlayer(), MinMaxPlayer(depth=2)]
gomoku_table = round_robin(board9, gomoku_players, openings=0, progress=False)
gomoku_table

# %%
points = {row.name: row.score * row.games for row in gomoku_table.standings()}
assert sum(points.values()) == 6
assert points == {"heuristic": 3, "minmax-2": 3, "random": 0}
first_movers = {r.players[0] for r in gomoku_table.records if set(r.players) == {"heuristic", "minmax-2"} and r.score == 1}
assert first_movers == {"heuristic", "minmax-2"}            # each won the game it opened

# %% [markdown]
# Heuristic and MinMax each won the game in which it moved first: two games cannot say which
# is stronger. Telling them apart takes many games from different openings and a confidence
# interval on the result (chapter 08b's tournament, chapter 12).

# %% [markdown]
# ## Exercises
#
# **1. Block the five.** Nine by nine, five in a row wins, O to move. Where must O play?

# %%
from lesson_checks.case_studies import block_position, check_block

small9 = Gomoku(size=9, k=5)
draw_board(small9, block_position())

# %%
check_block("h6")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# `g7`. X has four in a row from c7 to f7; b7 is already O's, so g7 is the only cell that
# completes five, and O must take it. The two-ply MinMax player finds it too: after every
# other move X completes five.
#
# ```python
# assert small9.notation(MinMaxPlayer().choose(small9, block_position())) == "g7"
# check_block("g7")
# ```
# </details>
#
# **Explorations** (no single right answer):
#
# 1. Play Gomoku with `exact=True`. Find a position where freestyle and exact five give
#    different winners.
# 2. Change the threat weights (1, 8, 64, 512) to (1, 2, 4, 8) in your own evaluation and
#    pass it as `MinMaxPlayer(evaluate=...)`. Does it still block a four?
