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
# # 03a · Nash equilibrium
#
# **What you will learn**
# * best responses, and the **Nash equilibrium**: strategies that are best responses to each
#   other, and to write the test for every cell yourself;
# * the **prisoner's dilemma**: its only equilibrium is worse for both players than cooperation;
# * dominated strategies and iterated elimination;
# * games with two pure equilibria, and a game with none (the next lesson, 03b, mixes).
#
# The prisoner's dilemma and its numbers are the Slovak thesis' (chapter 1), quoted in Slovak
# with our translation; the other games are textbook classics with the usual numbers, and the
# two elimination tables are ours.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **pure strategy** | one plan, chosen for sure | a row or a column of the table |
# | **best response** | a strategy with the highest payoff against what the other does | `g.row_best_responses(col)` |
# | **Nash equilibrium** (*Nashova rovnováha*) | a pair of strategies, each a best response to the other: no player gains by changing their own strategy alone | `g.pure_nash_equilibria()` |
# | **strictly dominated strategy** | another strategy is better against *everything* the opponent does | `g.iterated_elimination()` |
# | **Pareto optimal** | no other outcome is better for one player and worse for none | `g.pareto_optimal()` |

# %%
from IPython.display import HTML, display

import lesson_checks.theory as ex
import lesson_checks.functions as fn
from gametheory.draw.charts import Points, point_chart
from gametheory.theory.normal_form import (
    NormalFormGame, battle_of_the_sexes, matching_pennies, prisoners_dilemma, stag_hunt,
)

# %% [markdown]
# ## The answer first: the prisoner's dilemma
#
# The thesis' story (*väzňova dilema*): two prisoners robbed a bank and are held apart; the
# police offer each a deal for betraying the other. Then:
#
# * *„Ak budú obaja navzájom spolupracovať, budú ich držať najviac rok vo vyšetrovacej
#   väzbe.“* (If both cooperate with each other, they are held at most a year in custody.)
# * *„Ak jeden z väzňov zradí komplica, pustia ho ihneď na slobodu, ale komplic dostane 10
#   rokov väzenia.“* (If one betrays his accomplice, he goes free at once, but the accomplice
#   gets 10 years.)
# * *„Ak sa priznajú/zradia obaja, rozdelia si 10 ročný trest, čiže každý dostane 5 rokov.“*
#   (If both confess/betray, they share a 10-year sentence: 5 years each.)
#
# Its table writes the years as negative payoffs (*„Nevýhodné odmeny sú zvyčajne pre upresnenie
# zapísané zápornou hodnotou.“*, unfavourable payoffs are written as negative values), so
# cooperating costs −1 each.

# %%
pd = prisoners_dilemma()
pd

# %%
assert pd.payoff(0, 0) == (-1, -1) and pd.payoff(0, 1) == (-10, 0) and pd.payoff(1, 1) == (-5, -5)
assert pd.pure_nash_equilibria() == [(1, 1)]          # the only equilibrium: both betray
assert (1, 1) not in pd.pareto_optimal()              # ... and both would prefer (cooperate, cooperate)

# %% [markdown]
# **Mutual betrayal is the only Nash equilibrium, and it is worse for both than mutual
# cooperation.** The thesis says it too: *„Z hľadiska skupinového správania sa je
# najvýhodnejšie riešenie ak obaja spolupracujú, pretože vtedy je celkový čas ktorý obaja
# strávia vo väzení najmenší.“* (For the group the best is that both cooperate: their total
# time in prison is then the smallest.) Rational players, each on their own, end up where
# neither wants to be.
#
# ## Best responses and the equilibrium
#
# Whatever prisoner 2 does, prisoner 1 does better by betraying: against *cooperate*
# $0 > -1$ (free instead of a year), against *betray* $-5 > -10$. In the table above these best
# responses are underlined; a cell with both numbers underlined is an equilibrium (★). The
# thesis defines it: *„Ak každý hráč zvolil stratégiu a žiadny hráč nemôže profitovať zmenou
# svojej stratégie, pokiaľ ostatní hráči ponechajú svoje stratégie nezmenené, potom daný súbor
# strategických rozhodnutí a odpovedajúcich odmien stanovuje Nashov stav rovnováhy.“* (If every
# player has chosen a strategy and no player can profit by changing theirs while the others
# keep theirs unchanged, that set of choices and the payoffs they bring is a Nash equilibrium.)
# It puts the test as the question every player must answer *no*: *„Ak s určitosťou poznám
# stratégie ostatných hráčov, môžem profitovať zmenou mojej stratégie ?“* (If I know the others'
# strategies for certain, can I profit by changing mine?)

# %%
assert pd.row_best_responses(0) == (1,) and pd.row_best_responses(1) == (1,)
assert pd.col_best_responses(0) == (1,) and pd.col_best_responses(1) == (1,)
assert pd.is_nash_equilibrium(1, 1) and not pd.is_nash_equilibrium(0, 0)

# %% [markdown]
# In a picture: each outcome is a point (prisoner 1's payoff, prisoner 2's payoff). The
# equilibrium $(-5, -5)$ lies on the lower-left edge, halfway between $(-10, 0)$ and $(0, -10)$; the
# Pareto-optimal outcomes form the upper-right edge.

# %%
assert pd.payoff(1, 1) == tuple((a + b) / 2 for a, b in zip(pd.payoff(0, 1), pd.payoff(1, 0)))  # halfway
named = {(i, j): f"{r} / {c}" for i, r in enumerate(pd.row_labels) for j, c in enumerate(pd.col_labels)}
front = sorted(pd.pareto_optimal(), key=lambda cell: pd.payoff(*cell))
nash = pd.pure_nash_equilibria()
assert set(front) | set(nash) == set(named)          # every outcome is one or the other
point_chart([Points("Pareto optimal", [pd.payoff(*c) for c in front], [named[c] for c in front],
                    joined=True),
             Points("Nash equilibrium", [pd.payoff(*c) for c in nash], [named[c] for c in nash])],
            xlabel="prisoner 1's payoff (−years)", ylabel="prisoner 2's payoff (−years)",
            x_limits=(-12, 7), y_limits=(-12, 3), title="Prisoner's dilemma: equilibrium vs Pareto")

# %% [markdown]
# ## Dominance and iterated elimination
#
# *Betray* **strictly dominates** *cooperate*: it is better against every strategy of the
# other player. A rational player never plays a strictly dominated strategy, so we may cross
# it out, and then look again at the smaller table. The package records the order in which
# strategies go:

# %%
for step in pd.iterated_elimination().steps:
    print(step)

# %% [markdown]
# A longer example (our numbers). Nothing is dominated for the row player at first; but the
# column player's *right* is beaten by *middle*. Once *right* is gone, *down* is beaten by
# *up*, and then *left* by *middle*.

# %%
steps_game = NormalFormGame([[1, 1, 0], [0, 0, 2]], [[0, 2, 1], [3, 1, 0]],
                            row_labels=("up", "down"), col_labels=("left", "middle", "right"),
                            name="Eliminate step by step")
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
# For *strictly* dominated strategies the order does not matter: remove them in any order and
# the same strategies survive. Each step as a table (the crossed-out strategies are gone):

# %%
rows, cols = [0, 1], [0, 1, 2]
for step in elimination.steps:
    kept, labels = ((rows, steps_game.row_labels), (cols, steps_game.col_labels))[step.player]
    kept.remove(labels.index(step.strategy))
    display(HTML(f"<b>{step}</b>"), steps_game.restrict(rows, cols))

# %% [markdown]
# ## Two equilibria, or none
#
# Not every game can be solved by elimination. In the **battle of the sexes** Alice prefers
# the opera, Bob football, but both would rather be together: nothing is dominated, and there
# are two pure equilibria, one better for each. In the **stag hunt** two hunters catch a stag
# only together; a hare each can catch alone: two equilibria again, one better for both but
# risky. In **matching pennies** the matcher wins if the coins match, the mismatcher otherwise:
# no cell is an equilibrium at all.

# %%
bos, hunt, pennies = battle_of_the_sexes(), stag_hunt(), matching_pennies()
assert not bos.iterated_elimination().steps          # nothing is dominated
assert bos.pure_nash_equilibria() == [(0, 0), (1, 1)]
assert pennies.pure_nash_equilibria() == []
display(ex.plain(bos), ex.plain(pennies))        # the payoffs alone

# %% [markdown]
# Matching pennies still has an equilibrium, if the players may toss their coins: mixed
# strategies, the next lesson (03b).
#
# ## Exercises
#
# **1. The selfish argument.** The thesis argues: *„Z hľadiska sebeckého správania sa každého
# z nich je najjednoduchšie priznať sa, pretože tak môže dostať v horšom prípade 5 rokov, oproti
# možnostiam 1 alebo 10 rokov ak sa neprizná.“* (Selfishly, confessing is simplest: at worst 5
# years, against 1 or 10 years without confessing.) Check it in the table: what is the worst
# payoff a prisoner can get by betraying, and by staying silent?

# %%
ex.check_worst_cases(betray=-5, silent=-1)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Betraying: 0 or −5, so at worst $\min(0, -5) = \mathbf{-5}$. Silent: −1 or −10, so at worst
# $\min(-1, -10) = \mathbf{-10}$. Choosing
# the strategy with the best worst case is the *maximin* rule. For zero-sum games it is the
# whole story once players may mix (03b): in rock–paper–scissors every pure strategy can lose
# (its worst case is −1), but the even mix guarantees 0, the game's value.
#
# ```python
# ex.check_worst_cases(betray=-5, silent=-10)
# ```
# </details>

# %% [markdown]
# **2. The stag hunt.** List every pure Nash equilibrium of `stag_hunt()` as cells
# `(row, column)` with 0 = stag and 1 = hare. Work from its payoffs alone:

# %%
display(ex.plain(hunt))
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
# **3. Elimination.** A new table (ours). Without the package, eliminate strictly dominated
# strategies one at a time. Which row and column survive?

# %%
display(ex.plain(ex.elimination_game()))
ex.check_survivor("middle", "left")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Nothing is dominated for the row player at first. For the column player *centre* beats
# *left* (4 > 2 against top, 3 > 0 against middle, 3 > 2 against bottom). Without *left*,
# *top* beats *middle* for the row player (2 > 1 against centre, 4 > 0 against right).
# Without *middle*, *centre* beats *right* (4 > 1 against top, 3 > 1 against bottom). Against
# *centre* alone, *bottom* beats *top* (4 > 2). The survivor is **(bottom, centre)**, the
# game's only equilibrium.
#
# ```python
# e = ex.elimination_game().iterated_elimination()
# assert [step.strategy for step in e.steps] == ["left", "middle", "right", "top"]
# ex.check_survivor("bottom", "centre")
# ```
# </details>

# %% [markdown]
# **4. Write the test.** Write `pure_equilibria(a, b)`: every cell `(i, j)` of a table where
# row `i` is a best response to column `j` and column `j` a best response to row `i`, as a
# list of pairs. `a[i][j]` is the row player's payoff, `b[i][j]` the column player's (lists
# of lists, any size). The check runs it on six tables, the prisoner's dilemma first.

# %%
def pure_equilibria(a, b):
    """The cells (i, j) where neither player gains by changing their own strategy alone."""
    ...                              # your code: replace the ...


fn.PURE_EQUILIBRIA.check(pure_equilibria)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * Row `i` is a best response to column `j` if no row pays the row player more in column
#   `j`; column `j` is one to row `i` if no column pays the column player more in row `i`.
# * Both must hold at once.
# </details>
#
# One solution is in the next cell, collapsed (⋯): look after you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_pure_equilibria(a, b):
    """Both players' best-response tests at every cell."""
    rows, cols = range(len(a)), range(len(a[0]))
    return [(i, j) for i in rows for j in cols
            if a[i][j] == max(a[k][j] for k in rows) and b[i][j] == max(b[i][k] for k in cols)]


assert fn.PURE_EQUILIBRIA.check(solution_pure_equilibria)
