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
# # 03b · Mixed strategies and coalitions
#
# **What you will learn**
# * mixed strategies: why matching pennies has an equilibrium after all, and the three
#   equilibria of the battle of the sexes;
# * zero-sum games: saddle points, von Neumann's minimax theorem, the value by linear
#   programming (rock–paper–scissors);
# * coalitions: the thesis' *characteristic function* form, the **Shapley value** and the
#   **core** (its *partition function* form is in 03x);
# * to write the indifference rule as code yourself.
#
# The going-further notebook 03x has games with ties between best replies (*degenerate*
# games, such as the ultimatum game of 02), whose equilibria fill whole sets, and the history:
# where these ideas come from.
#
# It follows 03a (pure equilibria). The thesis (chapter 1) gives the two coalitional forms,
# quoted in Slovak with our translation; the games and their numbers are textbook
# classics (matching pennies, rock–paper–scissors, the battle of the sexes, the glove game) or
# ours.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **mixed strategy** | choosing at random with fixed probabilities | a tuple `(0.5, 0.5)` |
# | **support** | the strategies a mix plays with positive probability | `support_enumeration` |
# | **saddle point** | smallest in its row, largest in its column (zero-sum) | `g.saddle_points()` |
# | **value** of a zero-sum game | what the row player can guarantee, and no more | `g.zero_sum_solution().value` |
# | **coalition** (*koalícia*) | a group of players who act together | a set of players |
# | **characteristic function** (*charakteristická funkcia*) | what each coalition can get alone | `CoalitionalGame(players, v)` |
# | **partition function** (*rozdeľujúca funkcia*) | what a coalition gets, given how the others group | a dict |
# | **Shapley value** | a fair share: marginal contributions averaged over orders of arrival | `game.shapley_value()` |
# | **core** | the splits that no coalition can improve on alone | `game.in_core(split)` |

# %%
from fractions import Fraction
from itertools import permutations
from math import isclose

from IPython.display import display

import lesson_checks.theory as ex
import lesson_checks.functions as fn
from gametheory.draw.charts import Points, Series, line_chart, point_chart
from gametheory.theory.cooperative import glove_game, majority_game, shapley_value_by_permutations
from gametheory.theory.exact import transpose
from gametheory.theory.normal_form import (
    NormalFormGame, battle_of_the_sexes, matching_pennies, maximin, rock_paper_scissors,
    stag_hunt,
)
from gametheory.theory.polytopes import maximise_sum

# %% [markdown]
# ## The answer first: matching pennies
#
# The matcher wins 1 if the coins match, the mismatcher otherwise. 03a found no pure
# equilibrium: in every cell one player wants to switch. But if each player tosses their coin
# fairly, neither can do better: a **mixed** equilibrium, and Nash proved (1950) that every
# finite game has at least one equilibrium once mixing is allowed.

# %%
pennies = matching_pennies()
assert pennies.pure_nash_equilibria() == []
(equilibrium,) = pennies.nash_equilibria()
assert equilibrium.row == (0.5, 0.5) and equilibrium.col == (0.5, 0.5)
pennies

# %% [markdown]
# Why one half? If the mismatcher shows heads with probability $q$, the matcher's *heads* pays
# $q - (1 - q)$ and *tails* pays $(1 - q) - q$. Only at $q = \tfrac12$ are the two equal, so only then does
# the matcher have no reason to prefer one; the same holds the other way round. A player
# mixes only between strategies that pay the same: the **indifference rule**.

# %%
q = [k / 100 for k in range(101)]
heads = [pennies.expected_payoffs(0, (p, 1 - p))[0] for p in q]     # the matcher's heads
tails = [pennies.expected_payoffs(1, (p, 1 - p))[0] for p in q]     # ... and tails
assert isclose(heads[50], tails[50]) and all(h > t for h, t in zip(heads[51:], tails[51:]))
line_chart([Series("matcher plays heads", q, heads), Series("matcher plays tails", q, tails)],
           marker_line=(0.5, "q = 1/2"), xlabel="probability that the mismatcher shows heads",
           ylabel="matcher's expected payoff", width=460, height=280)

# %% [markdown]
# ## Three equilibria: the battle of the sexes
#
# Alice prefers the opera, Bob football, but both would rather be together. 03a found two pure
# equilibria, both at the opera and both at the football match. Is there a mixed one? Use the
# indifference rule yourself before the package answers.
#
# **Exercise 1. Mixing.** With what probability does Alice go to the opera in the mixed
# equilibrium? Alice's mix must make *Bob* indifferent between his two choices.

# %%
display(ex.plain(battle_of_the_sexes()))          # the payoffs alone
ex.check_alice_mix(0.4)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# If Alice goes to the opera with probability $p$, Bob's opera pays him $2p$ and football
# $3(1 - p)$. Equal when $5p = 3$: **$p = 3/5$**.
#
# ```python
# assert battle_of_the_sexes().nash_equilibria()[2].exact_row[0] == Fraction(3, 5)
# ex.check_alice_mix(3 / 5)
# ```
# </details>

# %% [markdown]
# **Exercise 2. The rule as code.** For a $2 \times 2$ game write `row_mix(a, b)`: the probability
# $p$ of row 0 that makes the column player indifferent between the two columns. `a[i][j]`
# and `b[i][j]` are the row and the column player's payoffs (lists of lists). Write the two
# columns' expected payoffs for the column player, set them equal and solve for $p$ on paper
# first. The check runs it on five games (not the battle of the sexes).

# %%
def row_mix(a, b):
    """P(row 0) in the row player's mix that makes the column player indifferent."""
    ...                              # your code: replace the ...


fn.ROW_MIX.check(row_mix)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * Against the mix $(p, 1 - p)$, column $j$ pays the column player
#   $p \cdot b_{0j} + (1 - p) \cdot b_{1j}$.
# * Whose payoffs decide whether the *column* player is indifferent?
# </details>
#
# One solution, with exact fractions, is in the next cell, collapsed (⋯): look after you have
# tried. The lesson uses it below.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def indifference_mix(col_payoffs):
    """The row player's mix (p, 1 − p) that makes the column player indifferent (2 × 2)."""
    (w, x), (y, z) = col_payoffs          # the column player's payoffs, row by row
    p = Fraction(z - y, (w - x) - (y - z))   # from p·w + (1 − p)·y = p·x + (1 − p)·z
    return p, 1 - p


assert fn.ROW_MIX.check(lambda a, b: float(indifference_mix(b)[0]))

# %% [markdown]
# With it, both mixes of the battle of the sexes (Bob's, seen from his side, makes Alice
# indifferent):

# %%
bos = battle_of_the_sexes()
alice_mix = indifference_mix(bos.exact_payoffs[1])          # Alice's mix makes Bob indifferent
bob_mix = indifference_mix(transpose(bos.exact_payoffs[0])) # and Bob's, seen from his side, Alice
print(f"Alice: opera {alice_mix[0]}, football {alice_mix[1]};  Bob: opera {bob_mix[0]}, football {bob_mix[1]}")

# %% [markdown]
# The package finds all three equilibria, the two pure ones and this mixed one:

# %%
found = bos.nash_equilibria()
assert [e.payoffs for e in found] == [(3, 2), (2, 3), (1.2, 1.2)]
assert found[2].row == (0.6, 0.4) and found[2].col == (0.4, 0.6)
assert found[2].exact_row == alice_mix and found[2].exact_col == bob_mix
bos

# %% [markdown]
# A picture of all three: Alice's best response to each mix of Bob (blue) and Bob's to each
# mix of Alice (orange). The equilibria are where the two best-response lines cross.

# %%
grid = [Fraction(k, 200) for k in range(201)]
def opera_shares(best):          # best responses -> probabilities of the opera: a tie, both
    return [1] if best == (0,) else [0] if best == (1,) else [0, 1]
alice = [(a, b) for b in grid for a in opera_shares(bos.row_best_responses((b, 1 - b)))]
bob = [(a, b) for a in grid for b in opera_shares(bos.col_best_responses((a, 1 - a)))]
assert [b for a, b in alice if (0, b) in alice and (1, b) in alice] == [Fraction(2, 5)] * 2
assert [a for a, b in bob if (a, 0) in bob and (a, 1) in bob] == [Fraction(3, 5)] * 2
point_chart([Points("Alice's best response", alice, joined=True),
             Points("Bob's best response", bob, joined=True),
             Points("equilibrium", [(e.row[0], e.col[0]) for e in found], ["★"] * len(found))],
            xlabel="P(Alice chooses opera)", ylabel="P(Bob chooses opera)",
            title="battle of the sexes: 3 equilibria (★)", width=400, height=380)

# %% [markdown]
# For bigger games the textbook way is **support enumeration**: for each pair of supports
# (the strategies each player mixes) of equal size it solves the equations that make the
# other player indifferent, as `indifference_mix` does, then keeps the solutions that are real
# probabilities and best responses (`gametheory.theory.normal_form.support_enumeration??`
# shows the package's code).

# %% [markdown]
# The stag hunt of 03a has a mixed equilibrium too: each hunter goes for the stag with
# probability $\tfrac23$ and expects $\tfrac83$, between the 4 of (stag, stag) and the 2 of
# (hare, hare).

# %%
hunts = stag_hunt().nash_equilibria()
assert [e.exact_row for e in hunts] == [(1, 0), (0, 1), (Fraction(2, 3), Fraction(1, 3))]
assert [e.exact_payoffs for e in hunts] == [(4, 4), (2, 2), (Fraction(8, 3), Fraction(8, 3))]
[(e.row, e.payoffs) for e in hunts]

# %% [markdown]
# ## Zero-sum games and saddle points
#
# In a zero-sum game one table is enough: the row player's payoffs (the column player gets the
# negative). The row player picks the row whose *worst* case is best (the **maximin**
# $\max_i \min_j a_{ij}$, 03a's selfish argument); the column player the column whose worst
# case for them is best (the **minimax** $\min_j \max_i a_{ij}$). If the two meet in one cell,
# the cell is a **saddle point**: smallest in its row, largest in its column, and its entry is
# the **value** of the game.

# %%
saddle = NormalFormGame([[4, 2, 5], [3, 1, 6], [0, -1, 7]], name="a saddle point")
a = saddle.row_payoffs
maximin_pure = max(min(row) for row in a)              # the row player's guaranteed payoff with one row
minimax_pure = min(max(column) for column in zip(*a))  # what the column player can hold them to
assert maximin_pure == minimax_pure == 2
assert saddle.saddle_points() == [(0, 1)] and saddle.zero_sum_solution().value == 2
saddle

# %% [markdown]
# Rock–paper–scissors has no saddle point: every pure choice can be beaten. With mixed
# strategies von Neumann's **minimax theorem** (1928) says $\max_x \min_y x^\top A y = \min_y
# \max_x x^\top A y$ all the same. The maximin mix is a small linear program: maximise $v$ such
# that the mix $x$ earns at least $v$ against every column, $\sum_i x_i a_{ij} \ge v$ for all
# $j$, with $x \ge 0$ and $\sum_i x_i = 1$. A short version, rescaled as the package's `maximin`
# rescales it and solved exactly by the same simplex method:

# %%
def maximin_mix(a):
    """Maximise v subject to: the mix x of the rows earns at least v against every column."""
    a = [[Fraction(p) for p in row] for row in a]                  # exactly
    low = min(min(row) for row in a)
    shifted = [[p - low + 1 for p in row] for row in a]            # every payoff ≥ 1, so v > 0
    # with u = x / v: minimise Σu subject to u·column ≥ 1 for every column and u ≥ 0, the dual
    # of maximise Σw subject to row·w ≤ 1 for every row; the simplex method solves both
    total, _, u = maximise_sum(transpose(shifted))
    v = 1 / total                                                  # Σu = 1 / v
    return v + low - 1, [p * v for p in u]                         # x = u · v


# %%
rps = rock_paper_scissors()
solution = rps.zero_sum_solution()
v, x = maximin_mix(rps.row_payoffs)
assert v == 0 and x == [Fraction(1, 3)] * 3 and maximin(rps.row_payoffs)[0] == v
assert rps.saddle_points() == []
assert solution.value == 0 and all(isclose(p, 1 / 3) for p in solution.row + solution.col)
solution

# %% [markdown]
# The same answer from the Nash side: in a zero-sum game the equilibria are exactly the pairs
# of maximin strategies.

# %%
(e,) = rps.nash_equilibria()
assert e.row == solution.row and e.payoffs == (0, 0)
value, _ = maximin(pennies.row_payoffs)
assert value == pennies.zero_sum_solution().value == 0

# %% [markdown]
# ## Coalitions: the characteristic function
#
# In a **cooperative** game players may join in **coalitions**. The thesis: *„Formálne je hra
# určená formou charakteristickej funkcie daná dvojicou (N,ϑ), kde N označuje súbor hráčov a
# ϑ:2^N→R je charakteristická funkcia.“* (Formally, a game in characteristic-function form is a
# pair $(N, \vartheta)$, $N$ the set of players and $\vartheta: 2^N \to \mathbb{R}$ the characteristic
# function.) And
# *„Štandardným predpokladom je že prázdna koalícia získa ohodnotenie 0.“* (The standard
# assumption is that the empty coalition gets 0.) How should the whole group share $\vartheta(N)$?
#
# The **glove game**: one left glove L, two right gloves R1 and R2; a pair is worth 1.

# %%
gloves = glove_game(left=("L",), right=("R1", "R2"))
assert gloves.v(()) == 0
gloves

# %% [markdown]
# **Shapley's idea** (1953): let the players arrive one by one in a random order; each
# receives what they add to the group already there (their *marginal contribution*); average
# over all $n!$ orders $\pi$. With $P_i^\pi$ the players before $i$ in the order $\pi$:
# $$\varphi_i = \frac{1}{n!} \sum_\pi \big(\vartheta(P_i^\pi \cup \{i\}) - \vartheta(P_i^\pi)\big).$$
# With 3 players there are $3! = 6$ orders:

# %%
adds = {p: [] for p in gloves.players}
for order in permutations(gloves.players):
    before, row = [], []
    for p in order:
        gain = gloves.v([*before, p]) - gloves.v(before)
        adds[p].append(gain); before.append(p); row.append(f"{p}+{gain:g}")
    print(" → ".join(row))
shares = {p: sum(g) / len(g) for p, g in adds.items()}

# %%
phi = gloves.shapley_value()
assert isclose(phi["L"], 2 / 3) and isclose(phi["R1"], 1 / 6) and isclose(phi["R2"], 1 / 6)
assert all(isclose(phi[p], shares[p]) for p in phi)                         # the definition agrees
assert all(isclose(x, y) for x, y in zip(phi.values(), shapley_value_by_permutations(gloves).values()))
assert isclose(sum(phi.values()), gloves.v(gloves.players))               # it shares out v(N) exactly
phi

# %% [markdown]
# The scarce left glove gets $\varphi_L = \tfrac23$. The package computes it with the subset
# formula ($2^{n-1}$ terms per player instead of $n!$ orders); `gametheory.theory.cooperative.shapley_value??` shows the
# code.
#
# **The core** is stricter: a split is in the core if no coalition can do better on its own.
# Any split that gives the right gloves something is *blocked*: L and the poorer right glove
# would form a pair and share it better. Only $(1, 0, 0)$ is in the core. In the three-player
# majority game (any two out of three win 1) the core is empty: each of the three pairs would
# need at least 1, $x_1 + x_2 \ge 1$, $x_1 + x_3 \ge 1$, $x_2 + x_3 \ge 1$; added up,
# $2(x_1 + x_2 + x_3) \ge 3$, so the three shares would add up to at least $\tfrac32$, more
# than the 1 there is.
# The Shapley value still splits evenly.

# %%
assert gloves.in_core({"L": 1, "R1": 0, "R2": 0})
assert not gloves.in_core({"L": 2 / 3, "R1": 1 / 6, "R2": 1 / 6})
print("coalitions that block the Shapley split:", [sorted(s) for s in gloves.core_violations(phi)])
vote = majority_game(3)
assert all(isclose(x, 1 / 3) for x in vote.shapley_value().values())
assert not vote.in_core({1: 1 / 3, 2: 1 / 3, 3: 1 / 3})
assert all(vote.v(pair) == 1 for pair in [(1, 2), (1, 3), (2, 3)]) and vote.v((1, 2, 3)) == 1

# %% [markdown]
# The thesis' other coalitional form, the **partition function** (what a coalition gets
# depends on how the others group too), is in the going-further notebook 03x, with an
# example where it matters.

# %% [markdown]
# ## Exercises
#
# **3. A saddle point.** What is the value of this zero-sum game, `ex.zero_sum_game()` (ours;
# each cell shows the row player's payoff, then the column player's)?

# %%
display(ex.plain(ex.zero_sum_game()))
ex.check_zero_sum_value(7)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Row minima: −2, 3, −1, so the row player guarantees $\max(-2, 3, -1) = 3$ with r2. Column
# maxima: 7, 6, 3, so the column player holds them to $\min(7, 6, 3) = 3$ with c3. They meet
# in (r2, c3): the value is **3**.
#
# ```python
# assert ex.zero_sum_game().saddle_points() == [(1, 2)]
# ex.check_zero_sum_value(3)
# ```
# </details>

# %% [markdown]
# **4 (for homework). More right gloves.** With one left glove and *three* right gloves, what
# is the left glove's Shapley value?

# %%
ex.check_glove_share(2 / 3)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# L adds the pair whenever at least one right glove arrived before it, that is unless L is
# first: in 3 of every 4 positions. So L gets $\varphi_L = \mathbf{\tfrac34}$, and each right
# glove $\tfrac13 \cdot (1 - \tfrac34) = \tfrac1{12}$.
#
# ```python
# phi3 = glove_game(right=("R1", "R2", "R3")).shapley_value()
# assert isclose(phi3["L"], 3 / 4)
# ex.check_glove_share(3 / 4)
# ```
# </details>
