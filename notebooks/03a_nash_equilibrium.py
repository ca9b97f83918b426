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
# # 03 · Nash equilibrium
#
# **What you will learn**
# * best responses, and the **Nash equilibrium**: strategies that are best responses to each
#   other;
# * the **prisoner's dilemma**: its only equilibrium is worse for both players than cooperation;
# * dominated strategies and iterated elimination;
# * mixed strategies: matching pennies and the battle of the sexes;
# * zero-sum games: saddle points, and the value by linear programming (rock–paper–scissors);
# * coalitional games and the **Shapley value** (the glove game).

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **best response** | a strategy with the highest payoff against what the other does | `g.row_best_responses(col)` |
# | **Nash equilibrium** (Slovak *Nashova rovnováha*) | no player gains by changing their own strategy alone | `g.pure_nash_equilibria()`, `g.nash_equilibria()` |
# | **dominated strategy** | another strategy is better against *everything* the opponent does | `g.iterated_elimination()` |
# | **mixed strategy** | choosing at random with fixed probabilities | a tuple `(0.5, 0.5)` |
# | **Pareto optimal** | no other outcome is better for one and worse for none | `g.pareto_optimal()` |
# | **saddle point** | smallest in its row, largest in its column (zero-sum) | `g.saddle_points()` |
# | **value** of a zero-sum game | what the row player can guarantee, and no more | `g.zero_sum_solution().value` |
# | **coalition**, **characteristic function** | a group of players, and what it can get alone | `CoalitionalGame(players, v)` |
# | **Shapley value** | a fair share: marginal contributions averaged over orders of arrival | `game.shapley_value()` |

# %%
import inspect
import warnings

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import HTML, display

import gametheory.exercises.theory as ex
from gametheory.cooperative import (
    CoalitionalGame, glove_game, majority_game, shapley_value, shapley_value_by_permutations,
)
from gametheory.normal_form import (
    NormalFormGame, battle_of_the_sexes, matching_pennies, maximin, prisoners_dilemma,
    rock_paper_scissors, stag_hunt,
)

# %% [markdown]
# ## The answer first: the prisoner's dilemma
#
# The thesis' story (*väzňova dilema*): two robbers are caught and held apart. If both stay
# silent (cooperate with each other) they get **1 year** each. If one betrays the other, the
# traitor goes **free** and the other gets **10 years**. If both betray, **5 years** each.
# Years in prison are written as negative payoffs.

# %%
pd = prisoners_dilemma()
pd

# %%
assert pd.payoff(0, 0) == (-1, -1) and pd.payoff(0, 1) == (-10, 0) and pd.payoff(1, 1) == (-5, -5)
assert pd.pure_nash_equilibria() == [(1, 1)]          # the only equilibrium: both betray
assert (1, 1) not in pd.pareto_optimal()              # ... and both would prefer (cooperate, cooperate)

# %% [markdown]
# **Mutual betrayal is the only Nash equilibrium, and it is worse for both than mutual
# cooperation.** Rational players, each on their own, end up where neither wants to be.
#
# ## Best responses
#
# Whatever prisoner 2 does, prisoner 1 does better by betraying: against *cooperate* 0 beats −1
# (free instead of a year), against *betray* −5 beats −10. In the table above these best
# responses are underlined; a cell with both numbers underlined is an equilibrium (★).

# %%
assert pd.row_best_responses(0) == (1,) and pd.row_best_responses(1) == (1,)
assert pd.col_best_responses(0) == (1,) and pd.col_best_responses(1) == (1,)
assert pd.is_nash_equilibrium(1, 1) and not pd.is_nash_equilibrium(0, 0)

# %% [markdown]
# In a picture: each outcome is a point (prisoner 1's payoff, prisoner 2's payoff). The
# equilibrium lies inside; the Pareto-optimal outcomes form the upper-right edge.

# %%
fig, ax = plt.subplots(figsize=(5, 4.2))
pareto = pd.pareto_optimal()
for i, r in enumerate(pd.row_labels):
    for j, c in enumerate(pd.col_labels):
        x, y = pd.payoff(i, j)
        style = dict(marker="*", s=260, color="tab:red") if (i, j) == (1, 1) else \
                dict(marker="o", s=80, color="tab:blue" if (i, j) in pareto else "grey")
        ax.scatter(x, y, zorder=3, **style)
        ax.annotate(f"{r} / {c}", (x, y), textcoords="offset points", xytext=(6, 6))
front = sorted(pd.payoff(i, j) for i, j in pareto)
ax.plot(*zip(*front), "--", color="tab:blue", label="Pareto optimal")
ax.scatter([], [], marker="*", s=120, color="tab:red", label="Nash equilibrium")
ax.set(xlabel="prisoner 1's payoff (−years)", ylabel="prisoner 2's payoff (−years)",
       xlim=(-12, 5), ylim=(-12, 3), title="Prisoner's dilemma: equilibrium vs Pareto")
ax.legend(loc="lower left"); ax.grid(alpha=0.3)
plt.show()

# %% [markdown]
# ## Dominance and iterated elimination
#
# *Betray* **strictly dominates** *cooperate*: it is better against every strategy of the other
# player. A rational player never plays a dominated strategy, so we may cross it out, and then
# look again at the smaller table. The package records the order in which strategies go:

# %%
for step in pd.iterated_elimination().steps:
    print(step)

# %% [markdown]
# A longer example. Nothing is dominated for the row player at first; but the column
# player's *right* is beaten by *middle*. Once *right* is gone, *down* is beaten by *up*, and
# then *left* by *middle*.

# %%
steps_game = ex.elimination_game()
steps_game

# %%
elimination = steps_game.iterated_elimination()
for k, step in enumerate(elimination.steps, 1):
    print(k, step)
assert [s.strategy for s in elimination.steps] == ["right", "down", "left"]
survivor = steps_game.restrict(elimination.rows, elimination.cols)
assert survivor.row_labels == ("up",) and survivor.col_labels == ("middle",)
assert steps_game.pure_nash_equilibria() == [(0, 1)]     # what survives is the equilibrium

# %% [markdown]
# Each step as a table (the crossed-out strategies are gone):

# %%
rows, cols = list(range(2)), list(range(3))
html = []
for step in elimination.steps:
    labels = (steps_game.row_labels, steps_game.col_labels)[step.player]
    (rows, cols)[step.player].remove(labels.index(step.strategy))
    small = steps_game.restrict(rows, cols)
    html.append(f"<div style='display:inline-block;vertical-align:top;margin:6px'><b>{step}</b>"
                f"{small._repr_html_().split('<p')[0]}</div>")
display(HTML("".join(html)))

# %% [markdown]
# Not every game can be solved this way: in the battle of the sexes nothing is dominated.
#
# ## Mixed strategies
#
# In **matching pennies** the matcher wins 1 if the coins match, the mismatcher otherwise.
# There is no cell where both are happy, so no pure equilibrium. But if each player flips
# their coin fairly, neither can do better: a **mixed** equilibrium.

# %%
pennies = matching_pennies()
assert pennies.pure_nash_equilibria() == []
(equilibrium,) = pennies.nash_equilibria()
assert equilibrium.row == (0.5, 0.5) and equilibrium.col == (0.5, 0.5)
pennies

# %% [markdown]
# Why one half? If the mismatcher shows heads with probability q, the matcher's *heads* pays
# q − (1 − q) and *tails* pays (1 − q) − q. Only at q = ½ are the two equal, so only then does
# the matcher have no reason to prefer one; the same holds the other way round.

# %%
q = np.linspace(0, 1, 101)
heads = [pennies.expected_payoffs(0, (p, 1 - p))[0] for p in q]
tails = [pennies.expected_payoffs(1, (p, 1 - p))[0] for p in q]
plt.figure(figsize=(5, 3))
plt.plot(q, heads, label="matcher plays heads"); plt.plot(q, tails, label="matcher plays tails")
plt.axvline(0.5, color="grey", ls=":"); plt.legend(); plt.grid(alpha=0.3)
plt.xlabel("probability that the mismatcher shows heads"); plt.ylabel("matcher's expected payoff")
plt.show()

# %% [markdown]
# The **battle of the sexes**: Alice prefers the opera, Bob football, but both would rather be
# together. Two pure equilibria and a third, mixed one, where Alice goes to the opera with
# probability 3/5 and Bob with 2/5.

# %%
bos = battle_of_the_sexes()
found = bos.nash_equilibria()
assert [e.payoffs for e in found] == [(3, 2), (2, 3), (1.2, 1.2)]
assert found[2].row == (0.6, 0.4) and found[2].col == (0.4, 0.6)
bos

# %% [markdown]
# A picture of all three: Alice's best response to each mix of Bob (blue) and Bob's to each
# mix of Alice (orange). The equilibria are where the two best-response lines cross.

# %%
grid = np.linspace(0, 1, 201)
def opera_share(best):           # best responses -> probability of the opera (0, 1 or a tie)
    return 1.0 if best == (0,) else 0.0 if best == (1,) else None
alice = [(opera_share(bos.row_best_responses((b, 1 - b))), b) for b in grid]
bob = [(a, opera_share(bos.col_best_responses((a, 1 - a)))) for a in grid]
plt.figure(figsize=(4.4, 4.4))
plt.plot(*zip(*[(a, b) for a, b in alice if a is not None]), ".", ms=3, label="Alice's best response")
plt.plot([0, 1], [0.4, 0.4], color="tab:blue", lw=1)                  # Alice indifferent at b = 2/5
plt.plot(*zip(*[(a, b) for a, b in bob if b is not None]), ".", ms=3, label="Bob's best response")
plt.plot([0.6, 0.6], [0, 1], color="tab:orange", lw=1)                # Bob indifferent at a = 3/5
for e in found:
    plt.plot(e.row[0], e.col[0], "k*", ms=14)
plt.xlabel("P(Alice chooses opera)"); plt.ylabel("P(Bob chooses opera)")
plt.title("battle of the sexes: 3 equilibria (★)"); plt.legend(loc="center left", fontsize=8)
plt.show()

# %% [markdown]
# The package finds mixed equilibria by **support enumeration** (which strategies are played
# with positive probability): for each pair of supports it solves the equations that make the
# other player indifferent. The source, with the steps in its docstring:

# %%
from gametheory.normal_form import support_enumeration
print(inspect.getsource(support_enumeration))

# %% [markdown]
# The stag hunt has two pure equilibria, one better for both but risky, and a mixed one:

# %%
stag_hunt()

# %% [markdown]
# ## Zero-sum games and saddle points
#
# In a zero-sum game one table is enough: the row player's payoffs (the column player gets the
# negative). The row player picks the row whose *worst* case is best (the **maximin**); the
# column player the column whose worst case for them is best (the **minimax**). If the two
# meet in one cell, the cell is a **saddle point**: smallest in its row, largest in its column,
# and its entry is the **value** of the game.

# %%
saddle = NormalFormGame([[4, 2, 5], [3, 1, 6], [0, -1, 7]], name="a saddle point")
a = saddle.row_payoffs
maximin_pure = a.min(axis=1).max()      # the row player's guaranteed payoff with one row
minimax_pure = a.max(axis=0).min()      # what the column player can hold them to
assert maximin_pure == minimax_pure == 2
assert saddle.saddle_points() == [(0, 1)] and saddle.zero_sum_solution().value == 2
saddle

# %% [markdown]
# Rock–paper–scissors has no saddle point: every pure choice can be beaten. With mixed
# strategies von Neumann's **minimax theorem** says maximin = minimax all the same. The
# maximin mix is a small linear program: maximise v such that the mix earns at least v against
# every column.

# %%
print(inspect.getsource(maximin))

# %%
rps = rock_paper_scissors()
solution = rps.zero_sum_solution()
assert rps.saddle_points() == []
assert solution.value == 0 and np.allclose(solution.row, 1 / 3) and np.allclose(solution.col, 1 / 3)
solution

# %% [markdown]
# The same answer from the Nash side: in a zero-sum game the equilibria are exactly the pairs
# of maximin strategies.

# %%
(e,) = rps.nash_equilibria()
assert np.allclose(e.row, solution.row) and e.payoffs == (0, 0)
value, _ = maximin(pennies.row_payoffs)
assert value == pennies.zero_sum_solution().value == 0

# %% [markdown]
# ## Coalitional games and the Shapley value
#
# In a **cooperative** game players may join in **coalitions**. The **characteristic
# function** v says what each coalition S can secure on its own (v: 2^N → ℝ, v(∅) = 0, the
# thesis' *forma charakteristickej funkcie*). How should the whole group share v(N)?
#
# The **glove game**: one left glove L, two right gloves R1 and R2; a pair is worth 1.

# %%
gloves = glove_game(left=("L",), right=("R1", "R2"))
gloves

# %% [markdown]
# **Shapley's idea:** let the players arrive one by one in a random order; each receives what
# they add to the group already there (their *marginal contribution*); average over all
# orders. With 3 players there are 6 orders:

# %%
from itertools import permutations

adds = {p: [] for p in gloves.players}
for order in permutations(gloves.players):
    before = []
    row = []
    for p in order:
        gain = gloves.v([*before, p]) - gloves.v(before)
        adds[p].append(gain); before.append(p); row.append(f"{p}+{gain:g}")
    print(" → ".join(row))
shares = {p: sum(g) / len(g) for p, g in adds.items()}
print(shares)

# %%
phi = gloves.shapley_value()
assert np.isclose(phi["L"], 2 / 3) and np.isclose(phi["R1"], 1 / 6) and np.isclose(phi["R2"], 1 / 6)
assert all(np.isclose(phi[p], shares[p]) for p in phi)                      # the definition agrees
assert all(np.isclose(x, y) for x, y in zip(phi.values(), shapley_value_by_permutations(gloves).values()))
assert np.isclose(sum(phi.values()), gloves.v(gloves.players))            # it shares out v(N) exactly

# %% [markdown]
# The scarce left glove gets 2/3. The package uses the subset formula (2^(n−1) terms per
# player instead of n! orders):

# %%
print(inspect.getsource(shapley_value))

# %% [markdown]
# **The core** is stricter: an allocation is in the core if no coalition can do better on its
# own. Any split that gives the right gloves something is *blocked*: L and the poorer right
# glove would form a pair and share it better. Only (1, 0, 0) is in the core. In the
# three-player majority game (any two out of three win 1) the core is empty, yet the Shapley
# value still splits evenly.

# %%
assert gloves.in_core({"L": 1, "R1": 0, "R2": 0})
assert not gloves.in_core({"L": 2 / 3, "R1": 1 / 6, "R2": 1 / 6})
print("coalitions that block the Shapley split:", [sorted(s) for s in gloves.core_violations(phi)])
vote = majority_game(3)
assert all(np.isclose(x, 1 / 3) for x in vote.shapley_value().values())
assert not vote.in_core({1: 1 / 3, 2: 1 / 3, 3: 1 / 3})

# %% [markdown]
# ## Exercises
#
# **1. The stag hunt.** List every pure Nash equilibrium of `stag_hunt()` as cells
# `(row, column)` with 0 = stag and 1 = hare. Work from the table (before looking at the ★).

# %%
ex.check_stag_hunt_equilibria([(0, 0)])      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# (stag, stag): 4 is the best a hunter can get when the other hunts the stag. (hare, hare):
# against a hare hunter, hare pays 2 and stag 0. The other two cells are not equilibria: the
# hunter who is left alone with the stag switches to the hare.
#
# ```python
# assert stag_hunt().pure_nash_equilibria() == [(0, 0), (1, 1)]
# ex.check_stag_hunt_equilibria([(0, 0), (1, 1)])
# ```
# </details>

# %% [markdown]
# **2. Elimination.** Without the package, eliminate strictly dominated strategies in this
# table one at a time. Which row and column survive?

# %%
display(ex.elimination_game())
ex.check_survivor("down", "right")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# For the column player *middle* beats *right* (2 > 1 against up, 1 > 0 against down). Without
# *right*, *up* beats *down* for the row player (1 > 0 twice). Against *up* alone, *middle*
# beats *left* (2 > 0). The survivor is **(up, middle)**, the game's only equilibrium.
#
# ```python
# ex.check_survivor("up", "middle")
# ```
# </details>

# %% [markdown]
# **3. Mixing.** In the mixed equilibrium of the battle of the sexes, with what probability
# does Alice go to the opera? Use the indifference rule: Alice's mix must make *Bob* indifferent.

# %%
ex.check_alice_mix(0.4)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# If Alice goes to the opera with probability p, Bob's opera pays 2p and football 3(1 − p).
# Equal when 5p = 3: **p = 3/5**.
#
# ```python
# assert found[2].row[0] == 0.6
# ex.check_alice_mix(3 / 5)
# ```
# </details>

# %% [markdown]
# **4. A saddle point.** What is the value of `ex.zero_sum_game()` (payoffs to the row
# player)?

# %%
display(ex.zero_sum_game())
ex.check_zero_sum_value(4)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Row minima: 2, 1, −1, so the row player guarantees 2 with r1. Column maxima: 4, 2, 7, so
# the column player holds them to 2 with c2. They meet in (r1, c2): the value is **2**.
#
# ```python
# assert ex.zero_sum_game().saddle_points() == [(0, 1)]
# ex.check_zero_sum_value(2)
# ```
# </details>

# %% [markdown]
# **5. More right gloves.** With one left glove and *three* right gloves, what is the left
# glove's Shapley value?

# %%
ex.check_glove_share(2 / 3)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# L adds the pair whenever at least one right glove arrived before it, that is unless L is
# first: in 3 of every 4 positions. So L gets **3/4**, and each right glove 1/12.
#
# ```python
# phi3 = glove_game(right=("R1", "R2", "R3")).shapley_value()
# assert np.isclose(phi3["L"], 3 / 4)
# ex.check_glove_share(3 / 4)
# ```
# </details>
