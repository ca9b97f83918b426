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
# # 11 · Case studies: checkers and Gomoku
#
# **What you will learn:** how two more programs from the source documents — the Slovak
# thesis' checkers ("dáma") and the Greek course's Gomoku — sit on the same game protocol as
# Nim, tic-tac-toe and Abapa, so every search, picture and player works on them unchanged;
# how an evaluation read from a data file steers the play; and how the assignment's MinMax
# player builds its depth-2 tree.
#
# | word | in Python |
# | --- | --- |
# | **square** (checkers) | an int `row * 8 + col`; `square("c3") == 18` |
# | **checkers move** | the squares the piece visits, `(18, 36, 50)`, written `c3:e5:c7` |
# | **cell** (Gomoku) | `(row, col)` with row 0 at the top, written `h8` |
# | **evaluation** | `evaluate(state, player) -> float`, positive = good for `player` |
# | **player** | an object with `name` and `choose(game, state) -> move` |

# %%
import json, tempfile
from pathlib import Path

from gametheory.games.checkers import (
    Checkers, CheckersRules, CheckersEvaluation, load_evaluation, square,
)
from gametheory.games.gomoku import (
    Gomoku, RandomPlayer, HeuristicPlayer, MinMaxPlayer, minmax_tree, max_min_move, backed_up,
)
from gametheory.draw.boards import draw_board
from gametheory.draw.checkers_board import draw_checkers
from gametheory.draw.gomoku_board import draw_gomoku
from gametheory.draw.tree import draw_tree, Style
from gametheory.search import alphabeta, minimax
from gametheory.tournament import round_robin
from gametheory.trees import perft

# %% [markdown]
# ## Checkers
#
# The thesis' game: an 8×8 board, play on the dark squares, **eight men each on the first two
# ranks**. Men step diagonally forward and capture forward by jumping; a man that ends on the
# far rank is crowned a king (*dáma*), and kings **fly** along whole diagonals. Capturing is
# compulsory and a capture runs to the end of its sequence; captured pieces come off only when
# the sequence is over, so no piece is jumped twice. A player with no move loses; 60 plies
# without a capture or a promotion draw the game. `CheckersRules` holds the choices
# (`CheckersRules.czech()` is the twelve-man Czech game with king priority).

# %%
game = Checkers()
start = game.initial_state()
draw_board(game, start)

# %%
[game.notation(m) for m in game.legal_moves(start)]

# %% [markdown]
# A capture is one move however many pieces it takes. Here White must take, and the only
# complete sequence takes two men:

# %%
s = game.from_fen("W:Wc3,g3:Bd4,d6,h8")
print([game.notation(m, s) for m in game.legal_moves(s)])
move = game.move("c3:e5:c7")
draw_checkers(game, game.result(s, move), last_move=move)

# %% [markdown]
# **Perft** counts the move sequences of each length from the start: the standard check of a
# move generator. The test suite recomputes these numbers with an independent brute-force
# generator.

# %%
counts = [perft(game, depth=d) for d in range(5)]
czech = [perft(Checkers(CheckersRules.czech()), depth=d) for d in range(5)]
print("thesis setup:", counts)
print("Czech setup: ", czech)
assert czech == [1, 7, 49, 302, 1469]   # the published counts for twelve men a side

# %% [markdown]
# ### An evaluation read from a data file
#
# The thesis kept its evaluation in a file the player could edit: **material** (man 3, king
# 10) plus **positional bonuses** per square and kind of piece — men on the back rank stop the
# opponent from crowning, pieces on the side files cannot be jumped. Ours is JSON; bonuses
# are written from White's side and mirrored for Black.

# %%
default = load_evaluation()
print(json.dumps(default.to_dict()["material"]), len(default.bonus), "bonuses")
print("start:", default(start, 0), "  one man up:", default(game.from_fen("W:Wc3,e3:Bd6"), 0))

# %% [markdown]
# Change a weight in a copy of the file and watch the choice change. With kings worth 10,
# crowning the man on g7 is the best move one ply ahead; make kings worth 1 — a third of a
# man — and the same search no longer crowns.

# %%
folder = Path(tempfile.mkdtemp())
data = default.to_dict()
data["material"]["king"] = 1
(folder / "cheap_kings.json").write_text(json.dumps(data, indent=1))
cheap = load_evaluation(folder / "cheap_kings.json")

s = game.from_fen("W:Wd4,g7:Bb6,h4")
with_default = alphabeta(game, s, 1, default).move
with_cheap = alphabeta(game, s, 1, cheap).move
print("kings worth 10:", game.notation(with_default), "   kings worth 1:", game.notation(with_cheap))
assert with_default != with_cheap

# %% [markdown]
# A broken file is refused with the entry that is wrong:

# %%
data["positional"][0]["square"] = "b1"
(folder / "broken.json").write_text(json.dumps(data))
try:
    load_evaluation(folder / "broken.json")
except ValueError as error:
    print(error)

# %% [markdown]
# The whole game changes too. Two machines with the same search (alpha-beta, 3 plies) but
# different data files — the thesis' file and one that prizes the side files (bonus 4) —
# play the same opening differently:

# %%
edges = default.to_dict()
for entry in edges["positional"]:
    if entry["square"][0] in "ah":
        entry["bonus"] = 4
(folder / "edges.json").write_text(json.dumps(edges))
edge_lover = load_evaluation(folder / "edges.json")

def opening(evaluate, plies=8):
    state, line = game.initial_state(), []
    for _ in range(plies):
        move = alphabeta(game, state, 3, evaluate).move
        line.append(game.notation(move, state))
        state = game.result(state, move)
    return line, state

line_a, _ = opening(default)
line_b, after_b = opening(edge_lover)
print("thesis file:", " ".join(line_a))
print("edge lover: ", " ".join(line_b))
assert line_a != line_b
draw_board(game, after_b)

# %% [markdown]
# ### A small checkers tournament
#
# Players follow one contract: a `name` and `choose(game, state) -> move`. The Gomoku
# module's `MinMaxPlayer` builds the explicit tree with `expand()` and plays the max-min
# move, so it plays checkers too. Each pair meets twice, once with each colour.

# %%
checkers_players = [
    RandomPlayer(seed=1, name="random"),
    MinMaxPlayer(depth=1, evaluate=default, name="one ply"),
    MinMaxPlayer(depth=2, evaluate=default, name="two plies"),
]
checkers_table = round_robin(game, checkers_players, openings=0, progress=False)
checkers_table

# %%
points = {row.name: row.score * row.games for row in checkers_table.standings()}
assert sum(points.values()) == 6                    # three pairs, two games each
assert points["random"] < points["two plies"]

# %% [markdown]
# ## Gomoku
#
# The assignment's game: 15×15, **five in a row** wins (freestyle: six also wins; pass
# `exact=True` for exactly five), a full board is a draw. The platform came with a random
# player and a heuristic player; the heuristic here counts **threats**: every window of five
# cells in a row that holds *n* stones of one colour and none of the other is worth 1, 8, 64,
# 512 for *n* = 1…4, and the evaluation `(mine − theirs) / (mine + theirs + 1)` stays strictly
# between −1 and +1, so a real win (+1) always counts for more.

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
# The assignment: make a node for each of our moves (squares), under it a node for each reply
# (circles), evaluate the leaves, and play the move that **maximises the minimum**. On a small
# board near the end of a game the whole tree fits on the page. Each node keeps `parent`,
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
# ### Deeper: candidate moves
#
# On an empty 15×15 board there are 225 moves, and 225 × 224 leaves at depth 2. Good moves
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
assert points["minmax-2"] >= points["heuristic"] > points["random"]

# %% [markdown]
# ## Exercises
#
# **1. Compulsory captures.** List every legal move of White here, in notation (`c3-d4` for a
# step, `c3:e5:g7` for a capture).

# %%
from gametheory.exercises.case_studies import (
    block_position, capture_position, check_block, check_capture_moves,
)

draw_board(game, capture_position())

# %%
check_capture_moves({"c3:e5", "c3-b4"})      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# `{"c3:e5:g7", "e3:c5:a7"}`: a capture exists, so no plain step is legal, and each capture
# must be completed — the man from c3 jumps d4 and then f6, the man from e3 jumps d4 and then
# b6. `[game.notation(m, capture_position()) for m in game.legal_moves(capture_position())]`
# lists them.
# </details>
#
# **2. Block the five.** Nine by nine, five in a row wins, O to move. Where must O play?

# %%
small9 = Gomoku(size=9, k=5)
draw_board(small9, block_position())

# %%
check_block("h6")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# `g7`. X has four in a row from c7 to f7; b7 is already O's, so g7 is the only cell that
# completes five, and O must take it. `MinMaxPlayer().choose(small9, block_position())` finds it
# too: every other move loses at once.
# </details>
#
# **Explorations** (no single right answer):
#
# 1. Give kings a bonus on the long diagonal a1–h8 in a copy of `checkers_eval.json`. Does the
#    two-ply player crown sooner, and does it win more against the one-ply player?
# 2. Play Gomoku with `exact=True`. Find a position where freestyle and exact five give
#    different winners.
# 3. Change the threat weights (1, 8, 64, 512) to (1, 2, 4, 8) in your own evaluation and
#    pass it as `MinMaxPlayer(evaluate=...)`. Does it still block a four?
