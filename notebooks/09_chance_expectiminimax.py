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
# # 09 · Chance and expectiminimax
#
# **What you will learn**
# * how a game with dice looks as a tree: **chance nodes** between the players' nodes;
# * expectiminimax: MAX takes the largest value, MIN the smallest, a chance node the *average*;
# * to compute a small chance tree by hand, and to **write expectiminimax yourself**, checked
#   step by step by the grader;
# * why, in a race with dice, the best move depends on whether you are ahead or behind.
#
# Going further: `09x_chance_further` (the best move for every pair of squares).

# %% [markdown]
# ## Vocabulary
#
# The lecture notes call these *hry s neurčitosťou* (games with uncertainty) and the procedure
# *ExpectMiniMax*.
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **chance node** | the dice decide; drawn as a diamond | `gt.Chance([(p, subtree), ...])`, player `gt.CHANCE` (−1) |
# | **outcome**, **probability** | what the dice show, and how likely it is | `game.chance_outcomes(state)` |
# | **expected value** | the probability-weighted average, $\sum p \cdot \mathrm{value}$ | what a chance node is worth |
# | **expectiminimax** | minimax with chance nodes worth their expected value | `gt.expectiminimax` |

# %%
import math
import random

import gametheory as gt
from gametheory.core import UnsupportedGameError
from gametheory.draw.charts import Series, line_chart
from gametheory.draw.tree import draw_tree
from gametheory.games.dice import ROLL, WALK, DiceRaceState
import lesson_checks.chance as ex

# %% [markdown]
# ## The answer first
#
# In the dice race below you may **walk** 2 squares for sure or **roll** a die with faces 0, 2, 5
# (2⅓ on average, but maybe nothing). Expectiminimax finds the rule of thumb, **roll when you
# are behind, walk when you are ahead**, and also where the rule is wrong.
#
# ## The dice race
#
# The notes name dice games (*napr. hry s kockou*) but give none, so this small game is ours.
# Two tokens start at 0; the first to reach 10 wins. Each player has three turns, A first; if
# nobody reaches 10, the one further along wins (level is a draw). Results: +1, 0, −1.

# %%
game = gt.DiceRace()
rng = random.Random(4)                      # seeded: the same game every time
state = game.initial_state()
print(game.text(state))
while not game.is_terminal(state):
    if game.to_move(state) == gt.CHANCE:
        faces, weights = zip(*game.chance_outcomes(state))
        move = rng.choices(faces, weights)[0]
        print(f"   the die shows {move}")
    else:
        move = rng.choice(game.legal_moves(state))
        print(f"{'AB'[state.player]} chooses {move.name}")
    state = game.result(state, move)
print(game.text(state))

# %% [markdown]
# The die is a player of its own: after ROLL the position belongs to `CHANCE`, and its "moves"
# are the faces, each with probability $\tfrac13$.

# %%
rolling = game.result(game.initial_state(), ROLL)
assert game.to_move(rolling) == gt.CHANCE
game.chance_outcomes(rolling)

# %% [markdown]
# ## The code
#
# Plain minimax cannot handle a die:

# %%
try:
    gt.minimax(game)
except UnsupportedGameError as error:
    print(error)

# %% [markdown]
# The lecture notes' *Procedura ExpectMiniMax* is their MiniMax with one change:
#
# * *Je-li uzel X listem (konečným stavem hry, nebo uzlem v maximální hloubce) vrať ohodnocení
#   tohoto uzlu.* — If X is a leaf (the game is over, or the maximum depth), return its value.
# * *Je-li na tahu hráč A, tak postupně pro všechny jeho možné tahy … volej proceduru
#   ExpectMiniMax a vrať maximální hodnotu z hodnot expectimax.* — If A is to move, call
#   ExpectMiniMax for each of A's moves and return the largest of the *expectimax* values.
# * *Je-li na tahu hráč B, … vrať minimální hodnotu z hodnot expectimin.* — If B is to move,
#   return the smallest of the *expectimin* values.
#
# A move's value is an expectation over the dice. Our copy of the notes breaks off before the
# step for the dice themselves; it is one more case: at a chance node, add up
# `p · value(child)` over the outcomes.

# %% [markdown]
# ## A chance tree by hand
#
# MAX chooses between two gambles (chance nodes B and C):
#
# * B: 2 with probability 0.9, 3 with probability 0.1 → $0.9 \cdot 2 + 0.1 \cdot 3 = 2.1$
# * C: 1 with probability 0.9, 4 with probability 0.1 → $0.9 \cdot 1 + 0.1 \cdot 4 = 1.3$
#
# MAX takes B, value 2.1.

# %%
gamble = gt.tree([gt.Chance([(0.9, 2), (0.1, 3)]), gt.Chance([(0.9, 1), (0.1, 4)])])
result = gt.expectiminimax(gamble, trace=True)
assert math.isclose(result.value, 2.1) and result.move == 0
draw_tree(result)

# %% [markdown]
# **Only the order matters? Not any more.** This example is figure 5.12 of Russell and
# Norvig's *Artificial Intelligence: A Modern Approach* (3rd edition, 2010). Give the same leaves new numbers in the same order
# (1 → 1, 2 → 20, 3 → 30, 4 → 400). In a tree without chance nodes such a renumbering never
# changes minimax's choice; here expectiminimax changes its mind, because it averages. With
# chance, an evaluation must be a *positive linear function* of the expected result, not only
# put positions in the right order.

# %%
rescaled = gt.tree([gt.Chance([(0.9, 20), (0.1, 30)]), gt.Chance([(0.9, 1), (0.1, 400)])])
r = gt.expectiminimax(rescaled)
assert math.isclose(r.value, 40.9) and r.move == 1     # 0.9·1 + 0.1·400 beats 0.9·20 + 0.1·30
r.value, r.move


# %% [markdown]
# ## Write it yourself
#
# Your function gets a `game` and a position `state` and asks the game what it needs:
# `game.is_terminal(state)`, `game.utility(state, 0)`, `game.to_move(state)` — 0 for MAX, 1 for
# MIN, and `gt.CHANCE` (−1) where the dice decide — `game.legal_moves(state)` and
# `game.result(state, move)`; at a chance position `game.chance_outcomes(state)` gives each
# outcome with its probability, as pairs `(outcome, p)`, and `game.result(state, outcome)` the
# position after it. The value is for MAX.

# %%
def my_expectiminimax(game, state):
    """The expectiminimax value of `state` for MAX (player 0)."""
    ...                              # your code: replace the ...


gt.grade(my_expectiminimax, "expectiminimax")

# %% [markdown]
# <details><summary>Hints, if the grader names a mistake</summary>
#
# * **averaging without the probabilities** — a chance node is worth $\sum p \cdot \mathrm{value}$, not the
#   plain mean: the outcomes need not be equally likely.
# * **weighting twice** — $\sum p \cdot \mathrm{value}$ is already the average; do not divide by the number of
#   outcomes as well.
# * **MAX and MIN swapped**, **the terminal value for the wrong player** — as in lesson 06.
# * **raised …** at a chance node — `game.legal_moves` is for the players; ask
#   `game.chance_outcomes` where `game.to_move(state) == gt.CHANCE`.
# * No name, only a node — `gt.grade(my_expectiminimax, "expectiminimax").picture()`.
# </details>
#
# One solution, collapsed (⋯):

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_expectiminimax(game, state):
    """The expectiminimax value of `state` for MAX (player 0)."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == gt.CHANCE:
        return sum(p * solution_expectiminimax(game, game.result(state, outcome))
                   for outcome, p in game.chance_outcomes(state))
    values = [solution_expectiminimax(game, game.result(state, move)) for move in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)

# %% [markdown]
# ## What the grader says about a mistake
#
# For homework (or once your own attempt passes): a first attempt that takes the plain mean of
# the outcomes. We give the grader the gamble above as its first tree (`trees=`):

# %%
def expectiminimax_first_try(game, state):
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == gt.CHANCE:
        values = [expectiminimax_first_try(game, game.result(state, outcome))
                  for outcome, p in game.chance_outcomes(state)]
        return sum(values) / len(values)
    values = [expectiminimax_first_try(game, game.result(state, move)) for move in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)

gt.grade(expectiminimax_first_try, "expectiminimax", trees=[gamble])

# %% [markdown]
# ## Solving the dice race
#
# From the start, with best play on both sides. The value is A's expected result:
# $P(\text{A wins}) - P(\text{B wins})$.

# %%
start = gt.expectiminimax(game)
print(f"value {start.value:+.3f}, first move {start.move.name}, "
      f"{start.stats.nodes} nodes")


# %% [markdown]
# ## Ahead or behind?
#
# Take A's last turn (one turn each left), B at square 4, and move A's token along the track.
# For each position compare A's expected result after WALK and after ROLL.

# %% tags=["show-asserts"]
def value_for_a(state):
    """A's expected result at `state`, with best play from there."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    value = gt.expectiminimax(game, state).value
    return -value if game.to_move(state) == 1 else value   # a chance position is valued for A

def after(state, action):
    return value_for_a(game.result(state, action))

b = 4
squares = range(0, 10)
walk = [after(DiceRaceState((a, b), (1, 1), 0), WALK) for a in squares]
roll = [after(DiceRaceState((a, b), (1, 1), 0), ROLL) for a in squares]
for a, w, r in zip(squares, walk, roll):
    best = gt.expectiminimax(game, DiceRaceState((a, b), (1, 1), 0)).move
    assert best == (ROLL if r > w else WALK)            # the search picks the larger

# %%
line_chart([Series("WALK (2 for sure)", squares, walk), Series("ROLL (0, 2 or 5)", squares, roll)],
           marker_line=(b, "B's square"), x_ticks=squares,
           xlabel="A's square", ylabel="A's expected result",
           title="A's last turn, B at 4 with one turn left")

# %%
assert roll[2] > walk[2]        # behind: gamble
assert walk[8] > roll[8]        # ahead: walk
assert walk[0] == roll[0] == -1 # too far behind: nothing helps
assert roll[6] > walk[6]        # but two ahead, A rolls
assert math.isclose(walk[6], 1 / 3) and math.isclose(roll[6], 4 / 9)
print(f"A at 6: WALK {walk[6]:.3f}, ROLL {roll[6]:.3f}")

# %% [markdown]
# The rule of thumb fails at A = 6, **two ahead**. Walking takes A to 8, and B's roll of 5
# reaches 9 and wins one time in three: $\tfrac23 - \tfrac13 = \tfrac13$. Rolling: a 5 puts A at
# 11, a win; a 2 gives the same $\tfrac13$ as walking; a 0 leaves A at 6, worth 0 (B walks level, and rolling 0, 2
# or 5 is no better for B on average). So rolling is worth $(1 + \tfrac13 + 0)/3 = \tfrac49$,
# more than $\tfrac13$.

# %% [markdown]
# ## Practise: expectiminimax by hand
#
# A drill gives you a chance tree: MAX chooses, the dice fall (a diamond; its edges carry the
# probabilities), then MIN chooses. Write the value of **every** inner node, the chance nodes
# too ($\sum p \cdot \mathrm{value}$). A decimal point or comma and fractions such as 7/3 are all understood.
# `check` follows the search and stops at your first mistake. Put your student number as the
# seed:

# %%
SEED = 2024                        # your student number
by_hand = gt.Drill("expectiminimax", seed=SEED, level=2)
by_hand.picture()

# %%
by_hand.check({"A": 5, "B": 5, "C": 5, "D": 5, "E": 5, "F": 5, "G": 5})   # your values

# %% [markdown]
# For homework, the widget: the same tree with a record of its own (fill the boxes, **check**,
# **hint** for the next step, **new tree** for another); level 3 has three outcomes per chance
# node and negative values.

# %%
dice_drill = gt.Drill("expectiminimax", seed=SEED, level=2)
dice_drill.widget()

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# dice_drill.solution()
# ```
# </details>

# %% [markdown]
# ## Exercises
#
# **1. By hand.** MAX chooses, the dice fall, then MIN chooses. What is the expectiminimax value
# of `ex.chance_tree()`?

# %%
print(ex.chance_tree())
ex.check_chance_value(3)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# MIN nodes: D = min(3, 5) = 3, E = min(1, 8) = 1, F = min(4, 6) = 4, G = min(2, 7) = 2.
# Chance nodes: $B = 0.5 \cdot 3 + 0.5 \cdot 1 = 2$, $C = 0.25 \cdot 4 + 0.75 \cdot 2 = 2.5$. MAX: **2.5** (move a2).
#
# ```python
# assert math.isclose(gt.expectiminimax(ex.chance_tree()).value, 2.5)
# ex.check_chance_value(2.5)
# ```
# </details>

# %% [markdown]
# **2. Walk or roll?** A is at 6, B at 8, each has one turn left, A to move. `"WALK"` or `"ROLL"`?

# %%
print(game.text(ex.dice_position()))
ex.check_dice_choice("WALK")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# WALK takes A to 8; then B walks from 8 to 10 and wins: −1. ROLL: a 5 ($p = \tfrac13$) reaches
# 11 and wins at once; 0 or 2 leave B to walk home:
# $\tfrac13 \cdot (+1) + \tfrac23 \cdot (-1) = -\tfrac13$. **ROLL**.
#
# ```python
# assert gt.expectiminimax(game, ex.dice_position()).move == ROLL
# ex.check_dice_choice("ROLL")
# ```
# </details>
