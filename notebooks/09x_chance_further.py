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
# # 09x · Chance: going further
#
# For those who have done lesson 09: the best move of the dice race for every pair of
# squares, and one more exercise.

# %%
import math

import gametheory as gt
from gametheory.draw.charts import letter_grid
from gametheory.games.dice import ROLL, WALK, DiceRaceState
import lesson_checks.chance as ex

game = gt.DiceRace()
rolling = game.result(game.initial_state(), ROLL)      # a position where the die is to fall

def value_for_a(state):
    """A's expected result at `state`, with best play from there."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    value = gt.expectiminimax(game, state).value
    return -value if game.to_move(state) == 1 else value   # a chance position is valued for A

def after(state, action):
    return value_for_a(game.result(state, action))


# %% [markdown]
# ## Walk or roll, everywhere
#
# Lesson 09 found that A, on its last turn, rolls when behind and walks when ahead, except
# exactly two ahead. The whole picture: the best move for every pair of squares (one turn
# each left, A to move).

# %%
def best(a, bb):
    """The best move for A at squares a and bb, one turn each left, A to move."""
    return gt.expectiminimax(game, DiceRaceState((a, bb), (1, 1), 0)).move

grid = [[best(a, bb) for a in range(10)] for bb in range(10)]    # grid[bb][a]
assert grid[6][3] == ROLL and grid[2][8] == WALK
letter_grid([["R" if move == ROLL else "W" for move in line] for line in grid],
            {"R": "ROLL", "W": "WALK"}, xlabel="A's square", ylabel="B's square",
            title="The best move, A to move, one turn each left")

# %% [markdown]
# (Where both moves are worth the same, the search keeps the first, WALK.) Above the diagonal A
# is behind, and rolls, unless nothing can help (both moves lose) or a walk reaches the goal
# (A at 8, B at 9). Below it A is ahead and walks, except **exactly two ahead**, where A rolls
# wherever a walk does not reach 10, for the reason worked out above. The same sentences,
# checked square by square:

# %% tags=["show-asserts"]
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
        assert grid[bb][a] == expected, (a, bb)

# %% [markdown]
# ## Exercise

# %% [markdown]
# **Expected steps.** A die has faces 1, 2 and 6, equally likely. How far does a roll move on
# average? (`gt.DiceRace(faces=(1, 2, 6))` plays with it.)

# %%
ex.check_expected_steps(2)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# $\sum p \cdot \mathrm{face} = (1 + 2 + 6) / 3 = 3$.
#
# ```python
# assert math.isclose(sum(p * face for face, p in gt.DiceRace(faces=(1, 2, 6)).chance_outcomes(rolling)), 3)
# ex.check_expected_steps(3)
# ```
# </details>
