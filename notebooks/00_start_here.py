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
# # 00 · Start here
#
# **What you will learn:** what this collection is, how a game looks to a computer, how to
# ask the package a first question, and how the exercises check your answers.
#
# The notebooks are chapters of one story: *graphs → game theory → game trees → AND/OR graphs
# → minimax, negamax, alpha-beta → evaluation functions → games with dice → a fast engine →
# case studies → Monte Carlo tree search*, with the mancala game **Abapa** as the running example. Run the cells from
# top to bottom (Shift+Enter).

# %%
import gametheory as gt
from gametheory.search.trace import Cutoff
import lesson_checks.start as ex

gt.__version__

# %% [markdown]
# ## Vocabulary
#
# | word | in Python |
# | --- | --- |
# | **game** | an object with `initial_state`, `to_move`, `legal_moves`, `result`, `is_terminal`, `utility` |
# | **state** (position) | an immutable value, e.g. `NimState(matches=7, to_move=0)` |
# | **move** | a small value: a number of matches, a cell, a house |
# | **player** | `0` (A, MAX at the root) or `1` (B); `gt.CHANCE` (−1) where chance moves, e.g. a throw of the dice |
# | **game tree** | every sequence of moves from a position, drawn as a tree: a node for each sequence, so one position can appear at many nodes |
# | **value** | what a search returns, for the player to move; in the matches game +1 if they can force a win, −1 if the opponent can |
#
# ## A first game: the matches game
#
# The Slovak lecture notes' example of a *simple* game, one small enough to search
# completely: *„… hra s braním zápaliek (na začiatku je N zápaliek, v každom ťahu môže hráč
# zobrať 1 - 3 zápalky, kto zoberie poslednú vyhrá/prehrá)“* (the matches game: N matches at
# the start, each move takes 1 to 3, whoever takes the last one wins, or in the other version
# loses). We play the version where the last match wins, and the notes leave N open: our 13.

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
# `negamax` searches every continuation to the end of the game and returns the value for the
# player to move, and a best move.

# %%
answer = gt.negamax(game, state)
answer.value, answer.move

# %%
assert answer.value == 1 and answer.move == 2      # B, to move, wins by taking 2

# %% [markdown]
# Why 2? It leaves 8 matches, a multiple of 4. Whatever the other player then takes (1, 2 or
# 3), B takes the rest of 4, so the pile stays a multiple of 4 after every move of B, down to
# 0: B takes the last match. With a multiple of 4 on the table, the player to move loses. The
# search agrees, for every pile up to 16:

# %%
for n in range(1, 17):
    assert (gt.negamax(gt.Nim(n)).value == -1) == (n % 4 == 0)

# %% [markdown]
# ## A first tree
#
# Textbook trees are written as nested lists: MAX chooses a branch, then MIN, and the numbers
# at the bottom are payoffs for MAX.

# %%
t = gt.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
print(t)

# %% [markdown]
# Minimax looks at all 13 nodes. Alpha-beta finds the same value and skips what cannot
# change it. Asked for a `trace`, it records every step, and each step can be told in words:

# %%
result = gt.alphabeta(t, trace=True)
assert result.value == gt.minimax(t).value == 3
assert gt.minimax(t).stats.nodes == 13 and result.stats.nodes == 11
step = next(k for k, event in enumerate(result.trace, 1) if isinstance(event, Cutoff))
print(f"{result.stats.nodes} nodes visited; step {step} of {len(result.trace)}:")
print(result.trace.snapshot(step).narration)

# %% [markdown]
# A search result draws itself: the values it found in the nodes, the line both players
# choose in bold, the two leaves it never looked at dashed and grey, and an orange ring
# round the node its last step was about (the root, where the search ends).

# %%
result

# %% [markdown]
# ## Exercise
#
# Every chapter ends with exercises. You write your answer in a cell and run it; a
# **self-check** says ✓ if it is right, or ✗ and what exactly is wrong. The solution is hidden
# under **Solution**: try first.
#
# **1. The first move.** Thirteen matches, A to move. How many must A take to be sure to win?
# Think with the multiples of 4, or ask `gt.negamax(gt.Nim(13))`.

# %%
ex.check_first_move(3)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Take **1**: it leaves 12, a multiple of 4, and from there A answers every move of B so that
# together they take 4.
#
# ```python
# assert gt.negamax(gt.Nim(13)).move == 1
# ex.check_first_move(1)
# ```
# </details>

# %% [markdown]
# ## Where next
#
# * `gt.minimax`, `gt.negamax`, `gt.alphabeta`, `gt.alphabeta_negamax`, `gt.expectiminimax`
#   all take `(game, state=None, depth=None, evaluate=None)`.
# * Every notebook starts with what you will learn and has exercises with self-checks near its
#   end.
# * `help(gt.alphabeta)` shows the docstring; `gt.alphabeta??` shows the code.
