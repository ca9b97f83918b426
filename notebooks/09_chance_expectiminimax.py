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
# * to compute a small chance tree by hand, then check it with the package;
# * why, in a race with dice, the best move depends on whether you are ahead or behind.

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
# | **expected value** | the probability-weighted average, Σ p · value | what a chance node is worth |
# | **expectiminimax** | minimax with chance nodes worth their expected value | `gt.expectiminimax` |

# %%
import inspect
import math
import random

import matplotlib.pyplot as plt
import numpy as np

import gametheory as gt
from gametheory.core import UnsupportedGameError
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
# are the faces, each with probability 1/3.

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
# The lecture notes' *Procedura ExpectMiniMax* is their MiniMax with one change: A takes the
# maximum of the *expectimax* values of its moves, B the minimum of the *expectimin* values, a
# move's value being an expectation over the dice. (Our copy of the notes breaks off before the
# step for the dice themselves.) The package spells that step out as one more case: at a chance
# node, add up `p · value(child)`.

# %%
print(inspect.getsource(gt.expectiminimax))

# %% [markdown]
# ## A chance tree by hand
#
# MAX chooses between two gambles (chance nodes B and C):
#
# * B: 2 with probability 0.9, 3 with probability 0.1 → 0.9·2 + 0.1·3 = **2.1**
# * C: 1 with probability 0.9, 4 with probability 0.1 → 0.9·1 + 0.1·4 = **1.3**
#
# MAX takes B, value 2.1.

# %%
gamble = gt.tree([gt.Chance([(0.9, 2), (0.1, 3)]), gt.Chance([(0.9, 1), (0.1, 4)])])
result = gt.expectiminimax(gamble, trace=True)
assert math.isclose(result.value, 2.1) and result.move == 0
draw_tree(result)

# %% [markdown]
# **Only the order matters? Not any more.** Give the same leaves new numbers in the same order
# (1 → 1, 2 → 20, 3 → 30, 4 → 400). In a tree without chance nodes such a renumbering never
# changes minimax's choice; here expectiminimax changes its mind, because it averages. With
# chance, an evaluation must be a *positive linear function* of how good a position is (its
# expected result, up to scale and shift), not only put positions in the right order.

# %%
rescaled = gt.tree([gt.Chance([(0.9, 20), (0.1, 30)]), gt.Chance([(0.9, 1), (0.1, 400)])])
r = gt.expectiminimax(rescaled)
assert math.isclose(r.value, 40.9) and r.move == 1     # 0.9·1 + 0.1·400 beats 0.9·20 + 0.1·30
r.value, r.move

# %% [markdown]
# ## Solving the dice race
#
# From the start, with best play on both sides. The value is A's expected result:
# P(A wins) − P(B wins).

# %%
start = gt.expectiminimax(game)
print(f"value {start.value:+.3f}, first move {start.move.name}, "
      f"{start.stats.nodes} nodes")


# %% [markdown]
# ## Ahead or behind?
#
# Take A's last turn (one turn each left), B at square 4, and move A's token along the track.
# For each position compare A's expected result after WALK and after ROLL.

# %%
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
plt.figure(figsize=(7, 3.5))
plt.plot(squares, walk, "o-", label="WALK (2 for sure)")
plt.plot(squares, roll, "s-", label="ROLL (0, 2 or 5)")
plt.axvline(b, color="grey", ls=":", label="B's square")
plt.xlabel("A's square"); plt.ylabel("A's expected result")
plt.title("A's last turn, B at 4 with one turn left")
plt.legend(); plt.grid(alpha=0.3)
plt.show()

# %%
assert roll[2] > walk[2]        # behind: gamble
assert walk[8] > roll[8]        # ahead: walk
assert walk[0] == roll[0] == -1 # too far behind: nothing helps
assert roll[6] > walk[6]        # but two ahead, A rolls
assert math.isclose(walk[6], 1 / 3) and math.isclose(roll[6], 4 / 9)
print(f"A at 6: WALK {walk[6]:.3f}, ROLL {roll[6]:.3f}")

# %% [markdown]
# The rule of thumb fails at A = 6, **two ahead**. Walking takes A to 8, and B's roll of 5
# reaches 9 and wins one time in three: 2/3 − 1/3 = 1/3. Rolling: a 5 puts A at 11, a win; a 2
# gives the same 1/3 as walking; a 0 leaves A at 6, worth 0 (B walks level, and rolling 0, 2
# or 5 is no better for B on average). So rolling is worth (1 + 1/3 + 0)/3 = 4/9, more than
# 1/3.

# %% [markdown]
# The whole picture: the best move for every pair of squares (one turn each left, A to move).

# %%
grid = np.array([[int(gt.expectiminimax(game, DiceRaceState((a, bb), (1, 1), 0)).move)
                  for a in range(10)] for bb in range(10)])
plt.figure(figsize=(4.5, 4))
plt.imshow(grid, origin="lower", cmap="coolwarm", vmin=0, vmax=1)
plt.plot([0, 9], [0, 9], color="black", lw=0.8)
plt.xlabel("A's square"); plt.ylabel("B's square")
plt.title("red = ROLL, blue = WALK")
plt.show()
assert grid[6, 3] == ROLL and grid[2, 8] == WALK     # grid[B's square, A's square]

# %% [markdown]
# (Where both moves are worth the same, the search keeps the first, WALK.) Above the diagonal A
# is behind, and rolls, unless nothing can help (both moves lose) or a walk reaches the goal
# (A at 8, B at 9). Below it A is ahead and walks, except **exactly two ahead**, where A rolls
# wherever a walk does not reach 10, for the reason worked out above. The same sentences,
# checked square by square:

# %%
def walk_or_roll(a, bb):
    here = DiceRaceState((a, bb), (1, 1), 0)
    return after(here, WALK), after(here, ROLL)

for bb in range(10):
    for a in range(10):
        w, r = walk_or_roll(a, bb)
        if a < bb:                                     # behind
            expected = WALK if w == r == -1 or (a, bb) == (8, 9) else ROLL
        elif a > bb:                                   # ahead
            expected = ROLL if a - bb == 2 and a + 2 < 10 else WALK
        else:
            continue                                   # level: the sentence says nothing
        assert grid[bb, a] == expected, (a, bb)

# %% [markdown]
# ## Practise: expectiminimax by hand
#
# A drill gives you a chance tree: MAX chooses, the dice fall (a diamond; its edges carry the
# probabilities), then MIN chooses. Write the value of **every** inner node, the chance nodes
# too (Σ p · value). A decimal point or comma and fractions such as 7/3 are all understood.
# `check` follows the search and stops at your first mistake. Put your student number as the
# seed:

# %%
SEED = 2024                        # your student number
by_hand = gt.Drill("expectiminimax", seed=SEED, level=2)
by_hand.picture()

# %%
by_hand.check({"A": 5, "B": 5, "C": 5, "D": 5, "E": 5, "F": 5, "G": 5})   # your values

# %% [markdown]
# In the widget, the same tree with a record of its own: fill the boxes, **check**, **hint**
# for the next step, **new tree** for another; level 3 has three outcomes per chance node and
# negative values.

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
# Chance nodes: B = 0.5·3 + 0.5·1 = 2, C = 0.25·4 + 0.75·2 = 2.5. MAX: **2.5** (move a2).
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
# WALK takes A to 8; then B walks from 8 to 10 and wins: −1. ROLL: a 5 (p = 1/3) reaches 11 and
# wins at once; 0 or 2 leave B to walk home: 1/3·(+1) + 2/3·(−1) = −1/3. **ROLL**.
#
# ```python
# assert gt.expectiminimax(game, ex.dice_position()).move == ROLL
# ex.check_dice_choice("ROLL")
# ```
# </details>

# %% [markdown]
# **3. Expected steps.** A die has faces 1, 2 and 6, equally likely. How far does a roll move on
# average? (`gt.DiceRace(faces=(1, 2, 6))` plays with it.)

# %%
ex.check_expected_steps(2)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Σ p · face = (1 + 2 + 6) / 3 = **3**.
#
# ```python
# assert math.isclose(sum(p * face for face, p in gt.DiceRace(faces=(1, 2, 6)).chance_outcomes(rolling)), 3)
# ex.check_expected_steps(3)
# ```
# </details>
