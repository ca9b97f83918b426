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
# **What you will learn:** how a game looks to a computer; how to solve a tiny game by hand,
# predict who wins, write the winning rule as a function, and check the prediction with the
# package; how the exercises check your
# answers.
#
# The notebooks are chapters of one story: *graphs → game theory → game trees → AND/OR graphs
# → minimax, negamax, alpha-beta → evaluation functions → games with dice → a fast engine →
# case studies → Monte Carlo tree search*, with the mancala game **Abapa** as the running
# example. Run the cells from top to bottom (Shift+Enter).
#
# **How the exercises work.** You write your answer in a cell marked `# your answer` and run
# it. A **self-check** says ✓ if it is right, or ✗ and what exactly is wrong, without giving
# the answer away. Where you write a function (a cell marked `# your code`), the check runs it
# on small cases and names the first case it gets wrong, and the mistake if it knows it. The
# solution is hidden under **Solution**: try first.

# %%
import gametheory as gt
import lesson_checks.start as ex
import lesson_checks.functions as fn
from gametheory.widgets.play import PlayWidget

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
# The Slovak lecture notes' example of a *simple* game, one small enough to search completely
# (*Metódy hrania hier*, under *Jednoduché hry*): *„… hra s braním zápaliek (na začiatku
# je N zápaliek, v každom ťahu môže hráč zobrať 1 - 3 zápalky, kto zoberie poslednú
# vyhrá/prehrá)“* (the matches game: N matches at the start, each move takes 1 to 3,
# whoever takes the last one wins, or in the other version loses). We play the version where the last match wins; the notes leave N open, and our
# piles (13 and the small ones below) are ours.

# %%
game = gt.Nim(13)
state = game.initial_state()
print(game.text(state))
game.legal_moves(state)

# %%
state = game.result(state, 3)      # A takes three
print(game.text(state))

# %% [markdown]
# ## Solve it by hand, from the end
#
# Take a pen, or a handful of coins. Call a pile **winning** if the player to move can force a
# win from it, **losing** if not. With 1, 2 or 3 matches the player to move takes them all and
# wins. Then work upwards, one pile at a time:
#
# * a pile is *winning* if **some** move leaves the other player a losing pile;
# * a pile is *losing* if **every** move leaves the other player a winning pile.
#
# (Play a few games with a neighbour if you want to feel it first.)
#
# **Exercise 1. Losing piles.** With which piles of 1 to 8 matches does the player to move
# lose against best play? Answer with a list, such as `[5, 6]`.

# %%
ex.check_losing_piles([2, 5])      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **4 and 8.** From 4 every move leaves 1, 2 or 3, and the other player takes the rest. 5, 6
# and 7 win: take 1, 2 or 3 and leave 4. From 8 every move leaves 5, 6 or 7, all winning for
# the other player.
#
# ```python
# ex.check_losing_piles([4, 8])
# ```
# </details>

# %% [markdown]
# **Exercise 2. The first move.** Thirteen matches, A to move. How many must A take to be
# sure to win? (Carry on upwards from your list, or look for its pattern.)

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
# ## Check it with the package
#
# `negamax` searches every continuation to the end of the game and returns the **value** for
# the player to move (+1: they can force a win, −1: the opponent can) and a best move. Compare
# its values with your list, and its move from 13 with yours:

# %%
print({n: int(gt.negamax(gt.Nim(n)).value) for n in range(1, 9)})
gt.negamax(gt.Nim(13)).move

# %% [markdown]
# The losing piles are the multiples of 4. Why: from a multiple of 4, whatever the mover
# takes (1, 2 or 3), the other player takes the rest of 4 and leaves a multiple of 4 again,
# down to 0, and so takes the last match. The search agrees for every pile up to 16:

# %%
for n in range(1, 17):
    assert (gt.negamax(gt.Nim(n)).value == -1) == (n % 4 == 0)

# %% [markdown]
# **Exercise 3. Write the rule.** Write `winning_take(n)`: how many matches (1, 2 or 3) the
# player to move takes from a pile of `n` to be sure to win, or `None` when every move loses.
# The check runs it on the piles 1 to 16.

# %%
def winning_take(n):
    """The winning number of matches to take from n, or None if there is none."""
    ...                              # your code: replace the ...


fn.WINNING_TAKE.check(winning_take)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * **taking 0 matches** — a pile where every move loses has no winning move to return.
# * **leaving the wrong count** — after your move, what must be left on the table?
# * **the same move for every pile** — the move depends on `n`.
# </details>
#
# One solution is in the next cell, collapsed: click the three dots (⋯) to show it, after
# you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_winning_take(n):
    """Take what is left over the last multiple of 4; from a multiple of 4 no move wins."""
    return n % 4 or None


assert fn.WINNING_TAKE.check(solution_winning_take)

# %% [markdown]
# **Now test your plan against the machine.** You are A, with 13 matches: press a button to
# take that many. The machine answers after searching the whole game. If your plan is right
# you win every game; press *New game* and try a wrong first move too, to see the machine take
# its chance.

# %%
PlayWidget(gt.Nim(13), depth=None)

# %% [markdown]
# ## A first tree
#
# Textbook trees are written as nested lists: A (MAX) chooses a branch, then B (MIN) chooses a
# leaf, and the numbers at the leaves are payoffs for A: A wants them large, B small. This one
# is the first example of the textbook by Russell and Norvig, *Artificial Intelligence: A
# Modern Approach* (3rd edition, figure 5.2).

# %%
t = gt.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
t

# %% [markdown]
# **Exercise 4. Predict.** Both choose as well as they can. What does A get?

# %%
ex.check_tree_value(14)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **3.** B answers each branch with its smallest leaf: 3 under a1, 2 under a2, 2 under a3. A
# picks the best of those: a1, worth 3.
#
# ```python
# ex.check_tree_value(3)
# ```
# </details>

# %% [markdown]
# ## Check it with the package
#
# `gt.minimax` does what you just did, for any tree: it takes the smallest value where B
# chooses and the largest where A chooses, from the leaves up (lesson 06). `gt.alphabeta`
# (lesson 07) finds the same value and move while skipping leaves that cannot change it:

# %%
result = gt.alphabeta(t, trace=True)
assert (result.value, result.move) == (gt.minimax(t).value, gt.minimax(t).move) == (3, 0)
print(f"minimax looks at {gt.minimax(t).stats.nodes} nodes, alpha-beta at {result.stats.nodes}")

# %% [markdown]
# A search result draws itself: the values it found in the nodes, the line both players
# choose in bold, and the two leaves it never looked at dashed and grey. Why alpha-beta could
# skip them: a1 already gives A 3; after a2, B can answer with the first leaf, worth 2, so A
# will not choose a2, whatever the other two leaves under a2 hold. (Lesson 07 explains the
# rest of the picture.)

# %%
result

# %% [markdown]
# ## Where next
#
# * Lesson 01 starts the story with graphs; lesson 04 solves game trees by colouring them, as
#   you solved the matches game above.
# * `gt.minimax`, `gt.negamax`, `gt.alphabeta`, `gt.alphabeta_negamax`, `gt.expectiminimax`
#   all take `(game, state=None, depth=None, evaluate=None)`.
# * `help(gt.alphabeta)` shows the docstring; `gt.alphabeta??` shows the code.
