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
#   nodes level by level (perft);
# * the difference between the *nodes* of a tree and the *positions* of a game: 5478 positions,
#   765 up to rotation and reflection;
# * how to solve a game tree by colouring it from the leaves up;
# * why that cannot be done for chess, and what it took to solve checkers (2007) and Awari
#   (2002) all the same.
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
# **Predict, then run:** how many different games can still be played from here? (Some end
# before the board is full.)

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
# **Exercise 1. Symmetry.** How many positions are there after two plies (X, then O), counting
# rotations and reflections of a board once? Let O answer each of the three first moves.

# %%
ex.check_positions_after_two_plies(72)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Twelve. After X in the centre, O has two kinds of answer (corner, edge); after X in a corner,
# five; after X on an edge, five: 2 + 5 + 5 = 12. Or count with the package:
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
# games as cards with their payoff. Here it paints them in the thesis' own colours
# (`palette="thesis"`): **black** for W, **grey** for D and **white** for L, each node with its
# letter too. (Later lessons fill W dark green and L light red. The arcs under the circles
# tie together all the answers of the second player: lesson 05 explains them.)

# %%
graph = AndOrGraph.from_game(small)
letters = label(graph)
thesis = {WIN: "black", DRAW: "grey", LOSS: "white"}
assert all(thesis[letters[node]] == colours[node] for node in small)   # the same colouring
draw_andor(graph, letters, legend=False, palette="thesis",
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
# **Exercise 2. Colouring.** Colour `ex.colouring_tree()` from the leaves up (+1 black, 0
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
# ## Why we cannot colour chess, and what was solved anyway
#
# Colouring needs the *complete* tree, and the thesis says why that is out of reach: *„V hre
# piškvorky (na 9 políčkach) napríklad môže vzniknúť 5478 rôznych legálnych pozícií. Po odčítaní
# otočených a zrkadlových pozícií ich však je len 765. Oproti tomu v dáme je legálny počet
# pozícií odhadovaný na 10<sup>20</sup>. Šach môže mať takýchto pozícií približne
# 10<sup>40</sup>.“* (Tic-tac-toe has 5478 legal positions, only 765 without rotations and
# reflections. In checkers the number of legal positions is estimated at 10^20; chess may have
# about 10^40.)
#
# The first two numbers are the ones we computed above. The other two are out of date:
# Schaeffer's team had already counted checkers at about 5 × 10^20 positions (published with
# their 2007 proof), and John Tromp re-estimated chess in 2021. What is known now; two of
# these games, checkers and Awari, had been solved even before the thesis (2010) was written:
#
# * **Checkers** (8 × 8, twelve men a side; the thesis' own *dáma* in chapter 4 starts with
#   eight): about **5 × 10^20** positions, the size of the search space counted by Jonathan
#   Schaeffer's team. In **2007** they published the proof that with perfect play checkers is
#   a **draw** (*Science*, "Checkers is solved"). They never visited every position: a search
#   forward from the start met databases holding every position with at most ten pieces
#   (about 39 trillion of them), built backwards from the end.
# * **Chess**: about **4.8 × 10^44** legal positions, positions that some game really reaches,
#   estimated by John Tromp from random samples; proofs by counting only give upper bounds,
#   near 10^46. The thesis' 10^40 is more than ten thousand times too small.
# * **Awari** (Oware, the mancala family of our Abapa, with rules that differ in details):
#   solved in **2002** by John Romein and Henri Bal, who computed the value of every one of its
#   **889,063,398,406** positions by retrograde analysis (colouring backwards from the end,
#   chapter 05) on a cluster of computers: a **draw**.
#
# **Predict, then run:** a computer lists a billion positions a second. Does listing Awari's
# take seconds, minutes or years? And checkers'?

# %%
positions = {                                # (the thesis' figure, today's), as named above
    "tic-tac-toe": (5478, len(solution)),
    "Awari": (None, 889_063_398_406),
    "checkers": (1e20, 5e20),
    "chess": (1e40, 4.8e44),
}
per_second, year = 1e9, 3600 * 24 * 365

def count(n):
    return "—" if n is None else f"{n:,}" if isinstance(n, int) else f"{n:.1e}"

for name, (thesis, today) in positions.items():
    seconds = today / per_second
    took = f"{seconds:.1e} s" if seconds < 60 else f"{seconds / 60:.0f} min" if seconds < 3600 \
        else f"{seconds / year:.1e} years"
    print(f"{name:12} thesis {count(thesis):>8}   today {count(today):>16}   listed in {took}")
assert positions["tic-tac-toe"] == (5478, 5478)
assert 14 < 889_063_398_406 / per_second / 60 < 15                  # Awari: a quarter of an hour
assert 1e4 < 5e20 / per_second / year < 1e5                         # checkers: some 16,000 years
assert 4.8e44 / per_second / year > 1e20       # chess: far longer than the universe's age
assert 4.8e44 / 1e40 > 1e4                     # the thesis' chess figure, over ten thousand times too small

# %% [markdown]
# Listing Awari's positions is the easy part (retrograde analysis goes over them many times);
# checkers needed a cleverer plan than listing; chess is out of reach either way. So real
# programs look only a few plies ahead and *estimate* the positions where they stop:
# evaluation functions and minimax, chapter 06.

# %% [markdown]
# ## Nodes or positions?
#
# **Exercise 3.** How many nodes has the complete game tree of the matches game with 5
# matches (take 1 to 3, whoever takes the last match wins), root and leaves included?

# %%
ex.check_tree_nodes(10)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Let f(n) be the size of the tree below n matches: f(0) = 1 and f(n) = 1 + f(n−1) + f(n−2) +
# f(n−3) (only the moves that are possible). f(1) = 2, f(2) = 4, f(3) = 8, f(4) = 15,
# f(5) = **28**. The game has only 10 different positions; the tree repeats them. Its size
# in the thesis' sense is its 13 leaves, the 13 ways the game can go.
#
# ```python
# t = gt.expand(gt.Nim(5), depth=5)
# assert (len(t), len(t.leaves())) == (28, 13)
# assert len(solve(gt.Nim(5))) == 10             # the positions, each once
# ex.check_tree_nodes(28)
# ```
# </details>
