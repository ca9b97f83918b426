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
# # 04 · Game trees
#
# **What you will learn**
# * what a ply is, and how big the complete game tree of tic-tac-toe is: its leaves, and its
#   nodes level by level (perft, which you write yourself);
# * the difference between the *nodes* of a tree and the *positions* of a game: 5478 positions,
#   765 up to rotation and reflection;
# * how to solve a game tree by colouring it from the leaves up;
# * why that cannot be done for chess (the going-further notebook 04x tells what it took to
#   solve checkers and Awari all the same).
#
# A game tree is a graph (lessons 01a and 01b): a tree whose edges point away from the root.
# We follow chapter 3 of the Slovak thesis, quoted in Slovak with our translation. The trees
# to colour are ours; the other numbers come from the code or from the works named.

# %% [markdown]
# ## Vocabulary
#
# The Slovak thesis calls it a *herný strom*; its words are in brackets.
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **game tree** (*herný strom*) | positions as nodes (one for every way of reaching them), moves as arrows, from the start downwards | `gt.expand(game, depth=…)` |
# | **ply** (*polťah*) | a move by one player; a full move (*ťah*) is two plies | one level of the tree |
# | **root** (*koreňový vrchol*) | the position we start from | `t.root` |
# | **leaf** (*listový vrchol*) | a finished game (or where we stop looking) | `t.leaves()` |
# | **complete game tree** (*úplný herný strom*) | every possible game, to the end | `perft` counts its levels |
# | **position** | a board and whose turn it is; many nodes can share one | `TicTacToeState` |

# %%
import inspect
from collections import Counter

from IPython.display import HTML

import gametheory as gt
from gametheory.andor import DRAW, WIN, LOSS, AndOrGraph, label, solve
from gametheory.games.tictactoe import tictactoe_symmetry
from gametheory.draw.andor import draw_andor
from gametheory.draw.boards import draw_board
from gametheory.draw.charts import Series, line_chart
from gametheory.draw.tree import draw_tree
import lesson_checks.trees as ex
import lesson_checks.functions as fn

game = gt.TicTacToe()

def boards(states, moves=None):
    """Show several positions side by side."""
    moves = moves or [None] * len(states)
    return HTML("".join(f'<div style="display:inline-block;margin:4px">{draw_board(game, s, last_move=m)}</div>'
                        for s, m in zip(states, moves)))


# %% [markdown]
# ## The answer first
#
# Tic-tac-toe has **255,168** possible games, one for each leaf of the complete tree, but only
# **5478** different positions, and **765** once rotations and reflections are merged. With
# perfect play it is a **draw**. The rest of this notebook checks each number.

# %% [markdown]
# ## A game tree you can see
#
# Near the end of a game the tree is small. X is to move with three empty cells:

# %%
late = game.state("XOX/.O./OX.")
boards([late])

# %% [markdown]
# **Predict, then run:** how many different games can still be played from here?

# %%
t = gt.expand(game, late, depth=3)       # every continuation, to the end
assert len(t) == 16
print(len(t.leaves()), "games,", len(t), "nodes")
ex.enlarged(draw_tree(t, game=game))     # game=: each position's board beside its node

# %% [markdown]
# Squares are X's turns (MAX), circles O's (MIN), each with its board beside it; the edges
# carry the cells played and the leaves, the finished games, the result for X (+1 win, 0
# draw, −1 loss). Each level is one **ply**.
#
# How big is a tree? The thesis calls the tree of a game's play a decision tree too (lesson
# 01b) and measures it by its leaves: *„Veľkosť (rozmer) rozhodovacieho stromu je daná počtom
# listových vrcholov.“* (The size of a decision tree is given by its number of leaves.) This
# one has size 6, and 16 nodes.

# %% [markdown]
# ## Counting the complete tree: plies and perft
#
# `perft(game, depth=d)` counts the move sequences of exactly *d* plies: the nodes on level *d*
# of the complete tree. X has 9 choices, O then 8, … **Predict level 3 before you run.**

# %%
counts = [gt.perft(game, depth=d) for d in range(6)]
assert counts == [1, 9, 72, 504, 3024, 15120]
counts

# %% [markdown]
# **Exercise 1. Write perft.** Write `perft(game, state, depth)`: how many move sequences of
# exactly `depth` plies start at `state`. Ask the game `game.is_terminal(state)`,
# `game.legal_moves(state)` and `game.result(state, move)` (the position after a move). A
# game that is over before `depth` plies adds no sequence of that length. The check runs it
# on tic-tac-toe, on the position `XXO/XOO/...` (where some games end early) and on the
# matches game.

# %%
def perft(game, state, depth):
    """The number of move sequences of exactly depth plies from state."""
    ...                              # your code: replace the ...


fn.PERFT.check(perft)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * How many sequences of 0 plies start anywhere? That is where the counting stops.
# * From a position with moves, the sequences of `depth` plies are those of `depth − 1`
#   plies after each move, added up.
# </details>
#
# One solution is in the next cell, collapsed (⋯): look after you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_perft(game, state, depth):
    """Count the leaves of the tree cut at depth; a game over earlier adds none."""
    if depth == 0:
        return 1
    if game.is_terminal(state):
        return 0
    return sum(solution_perft(game, game.result(state, m), depth - 1) for m in game.legal_moves(state))


assert fn.PERFT.check(solution_perft)

# %% [markdown]
# Deeper levels take perft longer, because it walks every node. Many sequences reach the same
# position (X in 0, O in 1, X in 4 gives the same board as X in 4, O in 1, X in 0), so count
# *paths into each position* level by level instead: the same numbers, from a few thousand
# positions.

# %%
def play(*cells):
    state = game.initial_state()
    for cell in cells:
        state = game.result(state, cell)
    return state

assert play(0, 1, 4) == play(4, 1, 0)            # two nodes of the tree, one position

level = Counter({game.initial_state(): 1})     # position -> number of move sequences
tree_nodes, finished = [1], Counter()
for ply in range(1, 10):
    following = Counter()
    for state, ways in level.items():
        for move in game.legal_moves(state):
            following[game.result(state, move)] += ways
    level = following
    tree_nodes.append(sum(level.values()))
    finished += Counter({s: w for s, w in level.items() if game.is_terminal(s)})

assert tree_nodes[:6] == counts                 # agrees with perft
assert tree_nodes == [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
games = sum(finished.values())
by_result = Counter()
for state, ways in finished.items():
    by_result[{1: "X wins", -1: "O wins", 0: "draw"}[game.utility(state, 0)]] += ways
assert games == 255168 and by_result == {"X wins": 131184, "O wins": 77904, "draw": 46080}
print(f"{games:,} games (the size of the tree), {sum(tree_nodes):,} nodes")
dict(by_result)

# %% [markdown]
# ## Positions: 5478, and 765 up to symmetry
#
# `solve` (lesson 05) builds the graph of all positions, merging equal ones, and labels each
# with its value. Passing `canonical=tictactoe_symmetry` merges the eight rotations and
# reflections of a board as well.

# %%
print(inspect.getsource(tictactoe_symmetry))

# %%
solution = solve(game)
symmetric = solve(game, canonical=tictactoe_symmetry)
assert len(solution) == 5478 and len(symmetric) == 765
assert solution.value == symmetric.value == DRAW          # perfect play draws
len(solution), len(symmetric), solution.value

# %% [markdown]
# The thesis' figure 11 (taken from Wróblewski's book; an image we do not have) shows the tree
# two plies deep, but *„Kvôli jednoduchosti sú uvedené len varianty možných ťahov (stred
# okraja, vrchol, stred hracieho poľa).“* (For simplicity only the kinds of moves are shown:
# the middle of an edge, a corner, the centre.) Up to rotation and reflection these three are
# indeed all the first moves:

# %%
first = sorted({tictactoe_symmetry(game.result(game.initial_state(), c)) for c in range(9)})
assert len(first) == 3
boards(first)

# %% [markdown]
# **Exercise 2. Symmetry.** How many positions are there after two plies (X, then O), counting
# rotations and reflections of a board once? Let O answer each of the three first moves.

# %%
ex.check_positions_after_two_plies(72)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Twelve. After X in the centre, O has two kinds of answer (corner, edge); after X in a corner,
# five; after X on an edge, five: $2 + 5 + 5 = 12$. Or count with the package:
#
# ```python
# after_two = {tictactoe_symmetry(game.result(game.result(game.initial_state(), a), b))
#              for a in range(9) for b in range(9) if a != b}
# assert len(after_two) == 12
# ex.check_positions_after_two_plies(12)
# ```
# </details>

# %% [markdown]
# Level by level, the tree, the positions and the positions up to symmetry:

# %%
per_ply = Counter(solution.graph.ply(s) for s in solution)
per_ply_sym = Counter(symmetric.graph.ply(s) for s in symmetric)
positions = [per_ply[d] for d in range(10)]
unique = [per_ply_sym[d] for d in range(10)]
assert positions == [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]
assert unique == [1, 3, 12, 38, 108, 174, 204, 153, 57, 15]
plies = range(10)
line_chart([Series("nodes of the complete tree (perft)", plies, tree_nodes),
            Series("different positions", plies, positions),
            Series("up to rotation and reflection", plies, unique)],
           log_y=True, x_ticks=plies, xlabel="ply", ylabel="how many",
           title="tic-tac-toe, level by level")

# %% [markdown]
# ## Solving a tree by colouring
#
# What *solving* a game tree means, in the thesis' words: *„Riešením herného stromu je
# nájdenie postupnosti ťahov, ktoré určite povedú k výhre alebo remíze (každý hráč ma svoje
# riešenie herného stromu).“* (Solving a game tree is finding the sequence of moves that will
# surely lead to a win or a draw (each player has their own solution of the game tree).) A
# sequence that answers every reply of the opponent, that is: lesson 05 calls it a winning
# strategy, found for one player at a time.
#
# The thesis' *algoritmus vyfarbovania* (colouring algorithm) starts: *„Vyfarbi poslednú
# vrstvu pozícií (listové vrcholy). Čierna farba znamená výhru pre prvého hráča. Biela označuje
# výhru druhého hráča. Remíza je vyznačená šedou farbou.“* (Colour the last layer, the leaves.
# Black means a win for the first player, white a win for the second, grey a draw.) Its next
# step is hard to read as written; in our words the whole algorithm is:
#
# 1. Colour the leaves: **black** = the first player wins, **white** = the second wins,
#    **grey** = draw.
# 2. Go up a level. If some child has the colour of the player to move, take that colour (one
#    good move is enough). If every child has the opponent's colour, take that. Otherwise grey.
# 3. Repeat up to the root: its colour is the value of the game.
#
# The thesis' figure 12 (an image again) colours a game in which *„… môže každý hráč vykonať
# vždy len dva ťahy.“* (each player can only ever make two moves). Our tree reads that as two
# moves each with two choices at every node; its leaves are ours. Of its root the thesis says:
# *„Koreňový vrchol potom predstavuje povahu hry (v našom prípade je hra neutrálna, teda obaja
# hráči majú možnosť výhry).“* (The root then shows the nature of the game (in our case the
# game is neutral, that is, both players have a chance to win).) We read *neutral* as grey:
# neither player can force a win, and either wins if the other errs. Our leaves are chosen so.
#
# The rule, as code (a teaching version: it colours one node from its children's colours):

# %%
def colour(node):
    """The thesis' colour of a node: its leaves' colours, carried up."""
    if not node.children:
        return ex.COLOURS[node.payoff]            # +1 black, 0 grey, −1 white
    below = {colour(child) for child in node.children}
    mine, theirs = ("black", "white") if node.player == 0 else ("white", "black")
    if mine in below:
        return mine                                # one good move is enough
    if below == {theirs}:
        return theirs                              # every move loses
    return "grey"

small = gt.tree([[[[1, 0], [-1, 1]], [[0, -1], [1, 1]]],
                 [[[-1, -1], [0, 1]], [[1, -1], [0, 0]]]])
colours = {node: colour(node) for node in small}
assert colours[small.root] == "grey"                                       # neutral ...
assert {"black", "white"} <= {colours[leaf] for leaf in small.leaves()}    # ... yet both can win

# %% [markdown]
# The package colours trees too: `label` (lesson 05) marks every node **W**, **D** or **L**
# for the first player, which is the thesis' black, grey and white, and `draw_andor` draws it:
# squares where the first player moves, circles where the second does, and the finished
# games as cards with their payoff (the nodes are named without D and L, which are labels). Here it paints them in the thesis' own colours
# (`palette="thesis"`): **black** for W, **grey** for D and **white** for L, each node with its
# letter too. (Later lessons fill W dark green and L light red. The arcs under the circles
# tie together all the answers of the second player: lesson 05 explains them.)

# %%
graph = AndOrGraph.from_game(small)
letters = label(graph)
thesis = {WIN: "black", DRAW: "grey", LOSS: "white"}
assert all(thesis[letters[node]] == colours[node] for node in small)   # the same colouring
names = dict(zip([n.name for n in small], "ABCEFGHIJKMNOPQRSTUVWXYZ" + "abcdefg"))
draw_andor(graph, letters, legend=False, palette="thesis", names=lambda n: names[n.name], edge_labels=False,
           caption="the thesis' colouring: W = black (first player wins), D = grey, L = white")

# %% [markdown]
# The colouring proves a theorem: the root of every finite tree like these gets one of the
# three colours, so in such a game the first player can force a win, or the second can, or
# both can force a draw. For chess this goes back to Ernst Zermelo (1913); Dénes König,
# whose 1936 book was the first on graph theory (the thesis, lesson 01a), extended the
# argument in 1927 (U. Schwalbe and P. Walker tell the story in *Zermelo and the early
# history of game theory*, Games and Economic Behavior, 2001). With black = +1, grey = 0 and
# white = −1, the colouring is what `gt.minimax` computes (lesson 06): the best payoff the
# player to move can be sure of.
#
# **Exercise 3. Colouring.** Colour `ex.colouring_tree()` from the leaves up (+1 black, 0
# grey, −1 white; the first player moves at the root). Give the colours of the root A and of
# its children B, C and D.

# %%
draw_tree(ex.colouring_tree())

# %%
ex.check_colouring({"A": "grey", "B": "white", "C": "grey", "D": "white"})   # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# The bottom level is the first player's: E = black (both leaves +1), F white, G black, H grey,
# I black, J black. The level above is the second player's: B = white (F), C = grey (H),
# D = black (both children black). The root takes the best child for the first player: D,
# so **A is black**.
#
# ```python
# ex.check_colouring({"A": "black", "B": "white", "C": "grey", "D": "black"})
# ```
# </details>

# %% [markdown]
# ## Beyond tic-tac-toe
#
# Colouring needs the *complete* tree. Tic-tac-toe's is small; checkers has some
# $5 \times 10^{20}$ positions and chess some $10^{44}$, so real programs look only a few plies ahead and *estimate*
# the positions where they stop: evaluation functions and minimax, chapter 06. Why chess
# cannot be coloured, how checkers (2007) and Awari (2002) were solved all the same, and how
# a tree's nodes differ from a game's positions in the matches game: the going-further
# notebook 04x.
