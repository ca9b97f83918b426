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
# # 06x · Minimax and negamax: going further
#
# For those who have done lesson 06. **What you will find here**
# * the trace of a search, step by step, in its own words;
# * why negamax needs an evaluation that is *symmetric*, and a typical mistake;
# * depth limits: tic-tac-toe searched a few plies deep with an evaluation function, and the
#   Gomoku assignment's explicit depth-2 tree;
# * four exercises, each checked.

# %%
import gametheory as gt
from gametheory.search.trace import Exit
import lesson_checks.minimax as ex

# %% [markdown]
# ## The trace, step by step
#
# Lesson 06's example from the Slovak thesis (its Obr. 13) again (moves a, b, c; **the fifteen leaf
# values are ours**, chosen to give the thesis' minima −1, −2 and 1; nodes numbered as in the
# thesis, in the order the search visits them). `trace=True` records every step. Here is the
# search of the first subtree (node 1), then only the moments when node 7, node 13 and the
# root (node 0) are finished:

# %%
def replies(*values):
    return {f"r{i + 1}": v for i, v in enumerate(values)}

seed = gt.tree({"a": replies(1, -1, 3, 2, 4),          # leaf values ours; minima −1, −2, 1 the thesis'
                "b": replies(5, -2, 0, 3, 1),
                "c": replies(2, 4, 1, 3, 6)},
               names=["0", "1", "7", "13", *map(str, range(2, 7)), *map(str, range(8, 13)),
                      *map(str, range(14, 19))])
result = gt.minimax(seed, trace=True)

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
# ## Why negamax needs a symmetric evaluation
#
# At the depth limit negamax asks the evaluation for the **player to move there**, sometimes A,
# sometimes B; minimax always asks for A. The two are sure to agree when the evaluation is
# *symmetric*, `evaluate(s, 0) == -evaluate(s, 1)`. The checkers thesis asks the same of its
# evaluation when it introduces negamax: it must return the *statickú hodnotu pozície*, *taká
# hodnota, ktorá je kladná, ak je aktuálny hráč vo výhode a záporná ak je v nevýhode. A to bez
# ohľadu na to, ktorý z hráčov maximalizuje alebo minimalizuje* (a value that is positive if
# the player to move is ahead and negative if behind, whichever of the players maximizes or
# minimizes). Note the word: elsewhere a *static* evaluation means only one that scores a
# position as it stands, without searching further, as in the Hungarian thesis' *heurisztikus
# vagy másként nevezve statikus kiértékelő függvény* (heuristic, or in other words static,
# evaluation function); what negamax needs is the symmetry, so we call it *symmetric*.
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

# %% [markdown]
# ## Summary
#
# * A trace narrates each step: which node is entered, what a leaf is worth, what each node
#   backs up.
# * Negamax asks the evaluation for the player to move; it needs a symmetric one,
#   `evaluate(s, 0) == -evaluate(s, 1)`.
# * A depth limit trades accuracy for time: more plies, many more nodes.
