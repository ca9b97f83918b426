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
# # 06 · Minimax and negamax
#
# **What you will learn**
# * how minimax values a game tree: MAX takes the largest value, MIN the smallest;
# * to read the package's `minimax` and follow its trace step by step;
# * negamax, the same algorithm written once, and why it needs an evaluation scored for the
#   player to move;
# * to solve the matches game, and to search a bigger game to a depth with an evaluation function.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **MAX**, **MIN** | the player at the root (A), who wants large values, and the opponent (B) | players `0` and `1` |
# | **value** of a node | what the player at the root gets from there if both play their best | `result.value` |
# | **depth** | how many plies to look ahead | `depth=2` |
# | **evaluation function** (*ohodnocovacia funkcia*) | an estimate of a position where the search stops | `evaluate(state, player) -> float` |
# | **principal variation** | the line of best play | `result.pv` |
# | **negamax** | minimax with values for the player to move: `value = max(−value(child))` | `gt.negamax` |
#
# The Czech lecture notes call it *Procedura MiniMax*; the Slovak thesis *algoritmus minimax*.

# %%
import inspect

import matplotlib.pyplot as plt

import gametheory as gt
from gametheory.draw.tree import draw_trace, draw_tree
from gametheory.search.trace import Enter, Exit
from gametheory.widgets.explorer import PruningExplorer
import lesson_checks.minimax as ex


# %% [markdown]
# ## The thesis' example, answer first
#
# A (MAX) has three moves, *a*, *b*, *c*; B (MIN) has five replies to each; then the search
# stops (depth 2) and evaluates. B picks the smallest value under each move: −1 under *a*, −2
# under *b*, 1 under *c*. A picks the largest of those: **move c, value 1**. The nodes are
# numbered as in the thesis, in the order the search visits them.
#
# Our copy of the thesis (text only: its figure, Obr. 13, with all the values, is missing)
# gives only those three values, −1, −2 and 1; **the fifteen leaf values below are ours**,
# chosen to give them. In the thesis the leaves are positions at the depth limit, scored
# by an evaluation function; our explicit tree simply ends there, so the trace below calls them
# leaves where "the game is over". Minimax treats the two alike.

# %%
def replies(*values):
    return {f"r{i + 1}": v for i, v in enumerate(values)}

seed = gt.tree({"a": replies(1, -1, 3, 2, 4),          # leaf values ours; minima −1, −2, 1 the thesis'
                "b": replies(5, -2, 0, 3, 1),
                "c": replies(2, 4, 1, 3, 6)},
               names=["0", "1", "7", "13", *map(str, range(2, 7)), *map(str, range(8, 13)),
                      *map(str, range(14, 19))])
result = gt.minimax(seed, trace=True)
assert result.value == 1 and seed.root.labels[result.move] == "c"
draw_tree(result)

# %%
entered = [result.trace.name(e.path) for e in result.trace if isinstance(e, Enter)]
assert entered == [str(i) for i in range(19)]     # the thesis' numbering is the visiting order
assert [gt.minimax(seed, child).value for child in seed.root.children] == [1, 2, -1]  # for B

# %% [markdown]
# (The last line asks minimax for B's nodes *from B's point of view*, so the signs flip: B gets
# +1 at *a*, +2 at *b*, −1 at *c*.)
#
# ## The code
#
# The package's minimax, exactly as it runs. `s` is the bookkeeping (`s.enter`, `s.leaf`,
# `s.backup`, `s.exit` record the trace and count nodes); the algorithm is the rest.

# %%
print(inspect.getsource(gt.minimax))

# %% [markdown]
# Compare the lecture notes' *Procedura MiniMax*:
# 1. If X is a leaf (the game is over or we are at the maximum depth), return its evaluation —
#    `if s.stops_at(...): return s.leaf(...)`.
# 2. If A (MAX) is to move, call MiniMax on every child and return the **maximum**; at the root
#    also return the move that leads to it — `best = max(best, value(...))`.
# 3. If B (MIN) is to move, return the **minimum** — `best = min(best, value(...))`.

# %% [markdown]
# ## The trace, step by step
#
# `trace=True` records every step. Here is the search of the first subtree (node 1), then only
# the moments when node 7, node 13 and the root (node 0) are finished:

# %%
trace = result.trace
first_subtree_done = next(k for k, e in enumerate(trace, 1) if isinstance(e, Exit) and e.path == (0,))
for k in range(1, first_subtree_done + 1):
    print(f"{k:3}. {trace.snapshot(k).narration}")
print("  …")
for k, event in enumerate(trace, 1):
    if isinstance(event, Exit) and len(event.path) <= 1 and k > first_subtree_done:
        print(f"{k:3}. {trace.snapshot(k).narration}")

# %% [markdown]
# Drag the slider to replay the search (a picture of every step):

# %%
PruningExplorer(seed, "minimax")

# %% [markdown]
# ## Negamax: write it once
#
# MAX's best is the negative of MIN's best from MIN's point of view: max(a, b) = −min(−a, −b).
# So if every value is from the point of view of **the player to move at that node**, one line
# does both players' work: `value(s) = max over moves of −value(child)`.

# %%
print(inspect.getsource(gt.negamax))

# %%
nega = gt.negamax(seed, trace=True)
assert nega.value == result.value and nega.move == result.move
# at B's nodes negamax keeps B's point of view: +1, +2, −1 instead of −1, −2, 1
assert [nega.trace.snapshot().values[(i,)] for i in range(3)] == [1, 2, -1]
draw_trace(nega)

# %% [markdown]
# ## Why negamax needs a "static" evaluation
#
# At the depth limit negamax asks the evaluation for the **player to move there**, sometimes A,
# sometimes B; minimax always asks for A. The two are sure to agree when the evaluation is
# *symmetric*, `evaluate(s, 0) == -evaluate(s, 1)`: what the checkers thesis calls the
# *statická hodnota pozície* (static value of a position), positive when the player to move
# is ahead and negative when behind, whichever player maximizes.
#
# A tic-tac-toe evaluation: the lines still open for `player` minus those still open for the
# opponent.

# %%
game = gt.TicTacToe()

def open_lines(state, player):
    """Lines with no opponent mark, minus lines with no mark of mine."""
    mine = sum(all(state.board[i] != 1 - player for i in line) for line in game.lines)
    theirs = sum(all(state.board[i] != player for i in line) for line in game.lines)
    return mine - theirs

centre = game.result(game.initial_state(), 4)
assert open_lines(centre, 0) == 4 and open_lines(centre, 1) == -4     # symmetric


# %% [markdown]
# A typical mistake: scoring always for X, whatever `player` asks for. Minimax from an X position
# never notices (it only asks for X), but negamax asks for O at odd depths and gets X's score:

# %%
def for_x(state, player):          # wrong: ignores `player`
    return open_lines(state, 0)

start = game.initial_state()
good_mm = gt.minimax(game, start, 3, open_lines)
good_nm = gt.negamax(game, start, 3, open_lines)
bad_mm = gt.minimax(game, start, 3, for_x)
bad_nm = gt.negamax(game, start, 3, for_x)
assert (good_mm.value, good_mm.move) == (good_nm.value, good_nm.move) == (bad_mm.value, bad_mm.move)
assert bad_nm.value != good_nm.value
print("minimax:", good_mm.value, "at", good_mm.move, "| negamax with for_x:", bad_nm.value, "at", bad_nm.move)

# %% [markdown]
# ## The matches game solved by negamax
#
# The lecture notes' first game: N matches, take 1 to 3, and whoever takes the last one wins
# (the notes allow either rule, *vyhrá/prehrá*, wins or loses; here it wins). Its tree is small
# enough to search completely, with no evaluation at all. The player to move loses exactly
# when N is a multiple of 4 (whatever you take, the opponent makes the round 4).

# %%
ns = range(1, 16)
values = [gt.negamax(gt.Nim(n)).value for n in ns]
assert all((v == -1) == (n % 4 == 0) for n, v in zip(ns, values))
assert all(gt.negamax(gt.Nim(n)).move == n % 4 for n in ns if n % 4)   # leave a multiple of 4

plt.figure(figsize=(7, 2.5))
plt.bar(ns, values, color=["tab:red" if v < 0 else "tab:green" for v in values])
plt.xticks(ns); plt.xlabel("matches on the table"); plt.ylabel("value for the mover")
plt.title("the mover loses exactly at multiples of 4")
plt.show()

# %% [markdown]
# ## Depth limits with an evaluation function
#
# Tic-tac-toe's full tree has 549 946 nodes (notebook 04 counts them level by level); chess's
# is beyond reach. So a program searches a few plies (`depth`) and evaluates there. More depth
# costs more nodes:

# %%
for depth in range(1, 5):
    r = gt.minimax(game, start, depth, open_lines)
    print(f"depth {depth}: move {r.move}, value {r.value:+g}, {r.stats.nodes:5} nodes")
assert gt.minimax(game, start, 1, open_lines).move == 4        # the centre opens 4 lines

# %% [markdown]
# The Greek Gomoku assignment builds this depth-2 tree explicitly, with a node for every move
# and its evaluation. `gt.expand` does that, and minimax on the explicit tree agrees:

# %%
two_plies = gt.expand(game, start, depth=2, evaluate=open_lines)
print(len(two_plies), "nodes;", len(two_plies.leaves()), "evaluated positions")
assert gt.minimax(two_plies).value == gt.minimax(game, start, 2, open_lines).value

# %% [markdown]
# ## Practise: minimax and negamax by hand
#
# A **drill** gives you a tree to value by hand and checks your answer against the search's own
# trace, in the order the search works: it names your first mistake and says why. Put your
# student number as the seed (the same seed gives the same tree), write the minimax value of
# every inner node, and check:

# %%
SEED = 2024                        # your student number
drill = gt.Drill("minimax", seed=SEED, level=1)
drill.picture()

# %%
drill.check({"A": 0, "B": 0, "C": 0, "D": 0})        # your values, for MAX

# %% [markdown]
# Now the **same tree** in negamax: every value for the player to move at that node, so the
# MIN nodes change sign. In the widget, fill the boxes and press **check**; **hint** gives the
# next step, **new tree** another tree, and the menu a bigger one (level 2: depth 3, values
# from −9 to 9). The negamax picture shows the leaves for the player to move there too: at
# depth 3 that is MIN, so there the leaves are already shown with MIN's sign.

# %%
negamax_drill = gt.Drill("negamax", seed=SEED, level=1)
assert str(negamax_drill.tree) == str(drill.tree)              # one seed, one tree
minimax_values, _ = drill.solution()
negamax_values, _ = negamax_drill.solution()
assert all(negamax_values[n] == (v if n == "A" else -v) for n, v in minimax_values.items())
negamax_drill.widget()

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# print(drill.solution())            # minimax: values for MAX
# print(negamax_drill.solution())    # negamax: B, C and D (MIN's nodes) change sign
# ```
# </details>

# %% [markdown]
# ## Exercises
#
# **1. Minimax by hand.** What is the minimax value of `ex.exercise_tree()`?

# %%
print(ex.exercise_tree())
ex.check_minimax_value(10)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Third level (MAX): E = 7, F = 9, G = 6, H = 8, I = 5, J = 10. Second level (MIN): B = 7,
# C = 6, D = 5. Root (MAX): **7**.
#
# ```python
# assert gt.minimax(ex.exercise_tree()).value == 7
# ex.check_minimax_value(7)
# ```
# </details>

# %% [markdown]
# **2. The best move.** Which first move should MAX play there: `"a1"`, `"a2"` or `"a3"`?

# %%
ex.check_best_move("a3")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **a1**: its MIN node B is worth 7, C 6, D 5. The 10 under a3 is a trap: MIN answers d1.
#
# ```python
# t = ex.exercise_tree()
# assert t.root.labels[gt.minimax(t).move] == "a1"
# ex.check_best_move("a1")
# ```
# </details>

# %% [markdown]
# **3. Another matches game.** Now you may take 1 to **4** matches. For which numbers from 1 to
# 15 does the player to move lose? (Use `gt.Nim(n, max_take=4)` and `gt.negamax`.)

# %%
ex.check_losing_positions([4, 8, 12])      # your answer


# %% [markdown]
# <details><summary>Solution</summary>
#
# The multiples of 5: whatever you take (1 to 4), the opponent takes the rest of 5.
#
# ```python
# losing = [n for n in range(1, 16) if gt.negamax(gt.Nim(n, max_take=4)).value == -1]
# assert losing == [5, 10, 15]
# ex.check_losing_positions(losing)
# ```
# </details>

# %% [markdown]
# **4. A symmetric evaluation.** Write your own tic-tac-toe evaluation (for example: count
# the cells of open lines, or give the centre a bonus) and check that negamax can use it.

# %%
def my_evaluation(state, player):
    return 1 if state.board[4] == 0 else 0     # X in the centre is good... for whom?

ex.check_symmetric_evaluation(my_evaluation)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Score for `player` and subtract the same score for the opponent; then swapping the players
# changes the sign:
#
# ```python
# def centre(state, player):
#     return (state.board[4] == player) - (state.board[4] == 1 - player)
#
# ex.check_symmetric_evaluation(centre)
# ex.check_symmetric_evaluation(open_lines)
# ```
# </details>
