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
# # 00 · Start here
#
# **What you will learn:** what this collection is, how a game looks to a computer, and how to
# ask the package a first question.
#
# The notebooks are chapters of one story: *graphs → game theory → game trees → AND/OR graphs →
# minimax, negamax, alpha-beta → evaluation functions*, with the mancala game **Abapa** as the
# running example. Run the cells from top to bottom (Shift+Enter).

# %%
import gametheory as gt
gt.__version__

# %% [markdown]
# ## Vocabulary
#
# | word | in Python |
# | --- | --- |
# | **game** | an object with `initial_state`, `to_move`, `legal_moves`, `result`, `is_terminal`, `utility` |
# | **state** (position) | an immutable value, e.g. `NimState(matches=7, to_move=0)` |
# | **move** | a small value: a number of matches, a cell, a house |
# | **player** | `0` (A, MAX at the root) or `1` (B); `-1` for chance |
# | **game tree** | every position reachable by moves, drawn from the root |
#
# ## A first game: the matches game
#
# Thirteen matches lie on the table; each player in turn takes 1, 2 or 3; whoever takes the last
# match wins.

# %%
game = gt.Nim(13)
state = game.initial_state()
print(game.text(state))
game.legal_moves(state)

# %%
state = game.result(state, 3)      # A takes three
print(game.text(state))

# %% [markdown]
# ## A first question: who wins?
#
# `negamax` searches the whole game tree and returns the value for the player to move:
# +1 means that player can force a win, −1 that the opponent can.

# %%
answer = gt.negamax(game, state)
answer.value, answer.move

# %%
# B is to move with 10 matches: taking 2 leaves a multiple of 4, and that wins.
assert answer.value == 1 and answer.move == 2

# %% [markdown]
# ## A first tree
#
# Textbook trees are written as nested lists: MAX chooses a branch, then MIN, and the numbers
# at the bottom are payoffs for MAX.

# %%
t = gt.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
print(t)

# %%
result = gt.alphabeta(t, trace=True)
print(result.value, result.stats.nodes, "nodes visited")
print(result.trace.snapshot(22).narration)

# %% [markdown]
# ## Where next
#
# * `gt.minimax`, `gt.negamax`, `gt.alphabeta`, `gt.alphabeta_negamax`, `gt.expectiminimax` all
#   take `(game, state=None, depth=None, evaluate=None)`.
# * Every notebook starts with what you will learn and ends with exercises.
# * `help(gt.alphabeta)` shows the docstring; `gt.alphabeta??` shows the code.
