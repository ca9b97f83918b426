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
# # 03x · Mixed equilibria: going further
#
# For those who have done lesson 03b. **What you will find here**
# * *degenerate* games, where best replies tie and equilibria fill whole sets: the ultimatum
#   game of lesson 02 again;
# * what support enumeration misses there, and what `nash_equilibria()` finds instead
#   (vertex enumeration, the corners of the sets);
# * the thesis' *partition function* form of a coalitional game, and a market where it
#   matters;
# * where the ideas of lessons 02–03b come from: a short timeline, with the thesis' dates
#   checked, and where game theory is used;
# * two exercises, each checked.
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **degenerate game** | some strategy has more best responses than the pure strategies it uses | `g.is_degenerate()` |
# | **extreme equilibrium** | a corner of a set of equilibria; every equilibrium mixes corners | `g.nash_equilibria()` |

# %%
from fractions import Fraction
from math import isclose

from IPython.display import display

import lesson_checks.theory as ex
from gametheory.theory.extensive_form import ultimatum_game
from gametheory.theory.normal_form import support_enumeration

# %% [markdown]
# ## Degenerate games: whole sets of equilibria
#
# Support enumeration (lesson 03b) finds every equilibrium of the battle of the sexes and the
# stag hunt, and of most games. It can miss some when there are ties. A game is
# **degenerate** when some strategy has more best responses than the pure strategies it uses: a pure strategy with two best replies that pay
# the same, or a mix of two with three. Then the equilibria can fill whole segments, and the
# two ends of a segment can have supports of different sizes.
#
# The ultimatum game of chapter 02 is degenerate: against the fair offer F, player 2 gets 5
# whatever they plan to do after U, so AA and AR (and RA and RR) tie.

# %%
ultimatum = ultimatum_game().to_normal_form()
assert ultimatum.is_degenerate()
by_supports = list(support_enumeration(*ultimatum.exact_payoffs))
every = ultimatum.nash_equilibria()
assert len(by_supports) == 3 and len(every) == 4 and set(by_supports) < set(every)
assert every[3].exact_col == (Fraction(5, 8), Fraction(3, 8), 0, 0) and every[3].payoffs == (5, 5)
[(ultimatum.row_labels[e.supports[0][0]], e.col, e.payoffs) for e in every]

# %% [markdown]
# Support enumeration pairs supports of the same size, so it finds the three pure equilibria
# only. But player 1 keeps offering F as long as U pays no more: $8 \cdot P(AA) \le 5$, so
# $P(AA) \le 5/8$. F against *any* mix of AA and AR with $P(AA) \le 5/8$ is an equilibrium: a
# segment, from (F; AR) to (F; $\tfrac58$ AA + $\tfrac38$ AR), and the second end has supports of sizes 1
# and 2.
#
# `nash_equilibria()` lists every **extreme equilibrium** (every corner of such a set) by
# **vertex enumeration** (Avis, Rosenberg, Savani and von Stengel 2010; Gambit's
# `enummixed`): it lists the corners of the polytopes of each player's best responses, in
# exact fractions, and keeps the pairs of corners that are best responses to each other.
# `equilibrium_components()` groups the corners into the connected sets they span:

# %%
sets = ultimatum.equilibrium_components()
assert [len(c.equilibria) for c in sets] == [2, 2] and not any(c.is_isolated for c in sets)
[[(e.row, e.col) for e in c.equilibria] for c in sets]

# %% [markdown]
# Two sets. In the first, player 1 offers F and player 2 mixes AA and AR with $P(AA) \le 5/8$
# (payoffs 5, 5); in the second, player 1 offers U, player 2 accepts it, and their plan after
# F may be anything between AA and RA (payoffs 8, 2). Only the second set holds the
# subgame-perfect equilibrium (U; AA) of chapter 02. In a game that is not degenerate, such as
# the battle of the sexes or the stag hunt, every equilibrium is alone in its set and support
# enumeration finds them all.

# %% [markdown]
# ## Where these ideas come from
#
# The Slovak thesis (chapter 1) tells the history of game theory; here are its dates, checked
# against the works named and Paul Walker's *Chronology of Game Theory*, with a few it leaves out. Two of its
# details differ. It dates Selten's work 1956: *„V roku 1956 Reinhard Selten uviedol svoj
# koncept riešenia tzv. perfektnej rovnováhy v určitej podmnožine hry, ktorá vylepšila Nashovu
# rovnováhu.“* (In 1956 Reinhard Selten introduced his solution concept, the so-called perfect
# equilibrium in a certain subset of the game, which refined the Nash equilibrium.) The
# subgame-perfect equilibrium (02's backward induction) appeared in 1965. And it names the
# author of the 1713 letter James Waldegrave, as older histories did; D. R. Bellhouse's
# studies of the letters showed it was another member of the family: Charles, he argued in
# 2007, and, from further manuscripts, Francis Waldegrave (Bellhouse and Fillion, 2015).
#
# | year | what | in this course | in the thesis |
# | --- | --- | --- | --- |
# | 1713 | Waldegrave, in a letter: a mixed minimax strategy for the card game *le Her* | mixed strategies | yes (as James) |
# | 1838 | Cournot's duopoly, a restricted form of the Nash equilibrium | 03b, the partition function | yes |
# | 1928 | von Neumann, *Zur Theorie der Gesellschaftsspiele*: the minimax theorem | 03b, zero-sum games | yes ("a series of works") |
# | 1944 | von Neumann and Morgenstern, *Theory of Games and Economic Behavior*: zero-sum games, coalitions, the characteristic function | 03b | yes |
# | 1950 | Flood and Dresher's experiment at RAND; Tucker's prisoners | 03a | yes |
# | 1950 | Nash: the equilibrium, and that every finite game has one | 03a, 03b | yes |
# | 1953 | Shapley: the Shapley value | 03b | no (it names the core among the 1950s' ideas) |
# | 1963 | Thrall and Lucas: games in partition function form | 03b | the form, not the date |
# | 1965 | Selten: the subgame-perfect equilibrium | 02 | as 1956 |
# | 1973 | Maynard Smith and Price: evolutionarily stable strategies | – | "the 1970s" |
# | 1994 | economics Nobel prize: Nash, Harsanyi, Selten | | no |
# | 2005 | economics Nobel prize: Aumann and Schelling | | Schelling |
# | 2007 | economics Nobel prize: Hurwicz, Maskin, Myerson (mechanism design) | | yes |

# %% [markdown]
# ## Beside the characteristic function: the partition function
#
# The thesis' other form: *„Rozšírenie formy charakteristickej funkcie, kde odmena koalície
# nezávisí iba na jej členoch, ale tiež na spôsobe akým sú rozdelení ostatní hráči.“* (An
# extension of the characteristic-function form, where a coalition's payoff depends not only
# on its members but also on how the other players are divided.)
#
# An example where that matters (a standard one; the numbers follow from our choices): three
# firms sell the same good, the price is 1 minus the total quantity sold, making it costs
# nothing. Each block of a partition acts as one firm, and every firm picks its best quantity
# against the others (a Cournot equilibrium: each of $k$ firms sells $\frac{1}{k + 1}$ and earns
# $\frac{1}{(k + 1)^2}$).

# %%
def cournot(partition):
    """What each block earns when the blocks compete as single firms."""
    k = len(partition)
    quantity = 1 / (k + 1)
    others = (k - 1) * quantity
    assert isclose(quantity, (1 - others) / 2)          # the best reply to the others' total
    price = 1 - k * quantity
    return {block: price * quantity for block in partition}

one, two, three = (frozenset({i}) for i in (1, 2, 3))
alone = cournot([one, two, three])
two_merge = cournot([one, two | three])
everyone = cournot([one | two | three])
assert isclose(alone[one], 1 / 16) and isclose(two_merge[one], 1 / 9)
{"firm 1, the others apart": alone[one], "firm 1, the others merged": two_merge[one],
 "all three merged": everyone[one | two | three]}

# %% [markdown]
# Firm 1 alone earns $\tfrac1{16}$ while the others compete, but $\tfrac19$ once they merge: the same
# coalition $\{1\}$ is worth two different numbers, so no characteristic function $\vartheta(\{1\})$ can
# describe this game; the partition function gives one number per coalition *and* partition.
# (And the merger does not even pay the two who merge: together they earn $\tfrac19$, apart
# $\tfrac2{16} = \tfrac18$.)

# %%
assert two_merge[two | three] < alone[two] + alone[three]

# %% [markdown]
# ## Where game theory is used
#
# The thesis' chapter *Oblasti využitia teórie hier* (areas of application): game theory was
# developed mainly in economics (firms, markets, customers; auctions, duopolies and
# oligopolies), then in the other social sciences; Ronald Fisher used it to study animal
# behaviour in the 1930s, Anthony Downs to study politics (*An Economic Theory of Democracy*,
# 1957); and *„V posledných rokoch zohráva teória hier významnú úlohu aj v počítačových vedách
# a logike. Hry sú napr. využívané na modelovanie interaktívnych výpočtov.“* (In recent years
# game theory has played an important part in computer science and logic too. Games are used,
# for instance, to model interactive computation.) The rest of this course is that last use:
# programs that play.

# %% [markdown]
# ## Exercises
#
# **1. A smaller unfair share.** Change the ultimatum game so that an accepted unfair offer
# pays (7, 3) instead of (8, 2) (`ex.ultimatum_with_offer((7, 3))`). Player 1 offers F and
# player 2 mixes AA and AR. Up to which probability of AA is F still player 1's best reply?
# (A fraction such as `"2/3"` is fine.)

# %%
display(ex.plain(ex.ultimatum_with_offer((7, 3))))          # the payoffs alone
ex.check_fair_threshold("5/8")      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Against any mix of AA and AR, F pays 5 (both plans accept F); U pays 7 only when player 2
# accepts it, that is under AA: $7 \cdot P(AA) \le 5$, so **$P(AA) \le 5/7$**.
#
# ```python
# seven = ex.ultimatum_with_offer((7, 3)).nash_equilibria()
# assert any(e.exact_col == (Fraction(5, 7), Fraction(2, 7), 0, 0) for e in seven)
# ex.check_fair_threshold("5/7")
# ```
# </details>

# %% [markdown]
# **2. Degenerate, but how many corners?** When player 2 does not see the offer (lesson 02's
# "Player 2 does not see the offer", `ex.blind_ultimatum()`), the game is degenerate too:
# against R, player 1's F and U both pay 0. How many extreme equilibria does
# `nash_equilibria()` list? Decide before you run it.

# %%
display(ex.plain(ex.blind_ultimatum()))          # the payoffs alone
assert ex.blind_ultimatum().is_degenerate()
ex.check_blind_extremes(2)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **1**, (U; A). A pays player 2 at least 2 and R pays 0, so R is never a best reply, and the
# tie of F and U against R never comes into play: a degenerate game need not have a set of
# equilibria.
#
# ```python
# assert len(ex.blind_ultimatum().nash_equilibria()) == 1
# ex.check_blind_extremes(1)
# ```
# </details>
