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
# * to **write minimax yourself**, from the lecture notes' procedure, and have your code
#   checked step by step by the grader;
# * negamax, the same algorithm written once with values for the player to move (you write it
#   for homework);
# * to solve the matches game with negamax, and to value a tree by hand in a drill.
#
# Going further (not needed for lesson 07): `06x_minimax_further` follows the trace step by
# step, searches tic-tac-toe to a depth with an evaluation function, and has four more exercises.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **MAX**, **MIN** | the player at the root (A), who wants large values, and the opponent (B) | players `0` and `1` |
# | **value** of a node | what the player at the root gets from there if both play their best | `result.value` |
# | **depth** | how many plies to look ahead | `depth=2` |
# | **evaluation function** (*ohodnocovacia funkcia*) | an estimate of a position where the search stops | `evaluate(state, player) -> float` |
# | **negamax** | minimax with values for the player to move: `value = max(−value(child))` | `gt.negamax` |
# | **grader** | runs *your* search on small trees and names the first step where it departs from the real one | `gt.grade(my_minimax, "minimax")` |
#
# The Czech lecture notes call it *Procedura MiniMax*; the Slovak thesis *algoritmus minimax*.

# %%
import gametheory as gt
from gametheory.draw.charts import bar_chart
from gametheory.draw.tree import draw_trace, draw_tree
from gametheory.widgets.explorer import PruningExplorer


# %% [markdown]
# ## The thesis' example, answer first
#
# A (MAX) has three moves, *a*, *b*, *c*; B (MIN) has five replies to each; then the search
# stops (depth 2) and evaluates. B picks the smallest value under each move: −1 under *a*, −2
# under *b*, 1 under *c*. A picks the largest of those: **move c, value 1**. The nodes are
# numbered as in the thesis, in the order the search visits them.
#
# Our copy of the Slovak thesis (text only: its figure, Obr. 13, with all the values, is missing)
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


# %% [markdown]
# ## The procedure, and you write it
#
# The lecture notes' *Procedura MiniMax*, step by step (our translation below each step):
#
# 1. *Nazvěme předaný vstupní uzel uzlem X.* — Call the node you are given X.
# 2. *Je-li uzel X listem (konečným stavem hry, nebo uzlem v maximální hloubce) vrať
#    ohodnocení tohoto uzlu. Jinak pokračuj.* — If X is a leaf (the game is over, or we are at
#    the maximum depth), return its value. Otherwise go on.
# 3. *Je-li na tahu hráč A, tak postupně pro všechny jeho možné tahy … volej proceduru MiniMax
#    a vrať maximální z navrácených hodnot.* — If A is to move, call MiniMax for each of A's
#    moves in turn and return the largest value returned.
# 4. *Je-li na tahu hráč B, … vrať minimální z navrácených hodnot.* — If B is to move, return
#    the smallest.
#
# (At the root the notes also return the move that leads to the best child; `gt.minimax`
# gives it as `result.move`. Your function returns only the value.)
#
# **Write it yourself.** Your function gets a `game` and a position `state`, and may only ask
# the game about it: `game.is_terminal(state)`, `game.utility(state, player)` (what a finished
# game pays `player`), `game.to_move(state)` (0 for MAX, 1 for MIN), `game.legal_moves(state)`
# and `game.result(state, move)` (the position after the move: a new one). Replace the `...`
# and run the cell: `gt.grade` runs your function on small random trees, watches every call
# it makes, and compares it step by step with the package's minimax. Until you write
# something, it says that your function returns `None`.

# %%
def my_minimax(game, state):
    """The minimax value of `state` for MAX (player 0)."""
    ...                              # your code: replace the ...


gt.grade(my_minimax, "minimax")

# %% [markdown]
# <details><summary>Hints, if the grader names a mistake</summary>
#
# The grader names the first node where your function and the search part, and, if it
# recognises the mistake, its name. What to look at first:
#
# * **returned None** — one way through your function has no `return`.
# * **asked for the utility of …, which is not a finished game** (*evaluating inner nodes*) —
#   ask `game.is_terminal(state)` before `game.utility`.
# * **MAX and MIN swapped**, or **MIN forgotten** — which player takes the largest value?
#   Player 0 (MAX, A) takes the largest, player 1 (MIN, B) the smallest.
# * **the terminal value for the wrong player** — minimax values are always for MAX:
#   `game.utility(state, 0)`, whoever is to move at the leaf.
# * **calls itself without end** — recurse on `game.result(state, move)`, the child, not on
#   `state` itself.
# * No name, only a node — `report = gt.grade(my_minimax, "minimax")` and then
#   `report.picture()` draws that tree with the node ringed; work it out by hand there.
#
# When it passes, try bigger trees: `gt.grade(my_minimax, "minimax", level=3)`.
# </details>
#
# One solution is in the next cell, collapsed: click the three dots (⋯) to show it, after
# you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_minimax(game, state):
    """The minimax value of `state` for MAX (player 0): the notes' procedure."""
    if game.is_terminal(state):                      # step 2: a leaf is worth its value
        return game.utility(state, 0)
    values = [solution_minimax(game, game.result(state, move)) for move in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)   # steps 3 and 4


# %% [markdown]
# Drag the slider to replay the search (a picture of every step):

# %%
PruningExplorer(seed, "minimax")

# %% [markdown]
# ## Negamax: write it once
#
# MAX's best is the negative of MIN's best from MIN's point of view: $\max(a, b) = -\min(-a, -b)$.
# So if every value is from the point of view of **the player to move at that node**, one line
# does both players' work: `value(s) = max over moves of −value(child)`. The Hungarian
# thesis' *Negamax algoritmus* says so in two of its steps: at the leaves, *ha páratlan (MIN)
# szinten állunk, akkor képezzük a becslés negáltját* (on an odd, MIN, level, take the
# negative of the estimate), and above them *h(n szülő ) = max(-h(n 1 ), -h(n 2 ),., -h(n k ))*
# (a parent is worth the largest of its children's negated values; the spacing and the dots
# are our copy's). On the thesis'
# example negamax gives the root the same value and move; at B's nodes it keeps B's point of
# view, so their values change sign (+1, +2, −1 instead of −1, −2, 1):

# %%
nega = gt.negamax(seed, trace=True)
assert nega.value == result.value and nega.move == result.move
print([gt.negamax(seed, child).value for child in seed.root.children])     # for B, who moves there
draw_trace(nega)

# %% [markdown]
# **Write negamax yourself**, for homework (in class, the negamax drill at the end of the
# lesson). The same questions to the game; the value is now for the player to move at `state`,
# `game.to_move(state)`, and a finished game is scored for that player too.

# %%
def my_negamax(game, state):
    """The value of `state` for the player to move there."""
    ...                              # your code: replace the ...


gt.grade(my_negamax, "negamax")

# %% [markdown]
# <details><summary>Hints, if the grader names a mistake</summary>
#
# * **negamax's sign forgotten on the value** — a child's value is for the opponent, who
#   moves there: negate it before you take the largest.
# * **the terminal value for the wrong player** — at a finished game ask
#   `game.utility(state, game.to_move(state))`, not `game.utility(state, 0)`.
# * **MIN forgotten**, **MAX and MIN swapped** — negamax takes the largest everywhere, but of
#   the *negated* values: there is no `min` in it.
# * No name, only a node — `gt.grade(my_negamax, "negamax").picture()`.
# </details>
#
# One solution, collapsed (⋯):

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_negamax(game, state):
    """The value of `state` for the player to move there."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    return max(-solution_negamax(game, game.result(state, move)) for move in game.legal_moves(state))

# %% [markdown]
# ## What the grader says about a mistake
#
# For homework, with your negamax. The classic slip in negamax: the minus sign is missing, so every node takes the largest of
# its children's values *for the opponent*. The grader stops at the first node where this
# attempt and negamax part, says what each does there, and names the mistake; the picture
# shows that tree at that moment, the node ringed.

# %%
def negamax_first_try(game, state):
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    return max(negamax_first_try(game, game.result(state, move)) for move in game.legal_moves(state))

report = gt.grade(negamax_first_try, "negamax")
display(report)
report.picture()

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

bar_chart(list(ns), values, xlabel="matches on the table", ylabel="value for the mover",
          title="the mover loses exactly at multiples of 4")

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
# ## Summary
#
# * Minimax: a leaf is worth its value for MAX; MAX takes the largest child value, MIN the
#   smallest. Negamax: every value for the player to move, `max(−value(child))`.
# * `gt.grade(function, "minimax")` (or `"negamax"`) runs your own search on small trees and
#   names the first step where it departs from the package's, with the mistake if it knows it.
# * `gt.Drill(kind, seed=…)` gives a tree to value by hand. More in `06x_minimax_further`.
