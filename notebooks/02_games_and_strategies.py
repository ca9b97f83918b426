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
# # 02 · Games and strategies
#
# **What you will learn**
# * what game theory means by a *game*, a *player*, a *move* and a *strategy*;
# * the two ways to write a game down: as a tree (**extensive form**) and as a table
#   (**normal form**), and how to turn the first into the second, by hand and in code;
# * the kinds of games: cooperative or not, symmetric, zero-sum and constant-sum,
#   simultaneous or sequential, with perfect or imperfect information (and why perfect is
#   not complete).
#
# We follow chapter 1 of the Slovak thesis (*Teória hier*), quoted in Slovak with our
# translation. Its examples are the F/U game and the prisoner's dilemma; **every other game
# and number here is ours** (textbook classics with the usual numbers).

# %% [markdown]
# ## Vocabulary
#
# The thesis' words are in brackets.
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **game** (*hra*) | players, their moves, and a payoff for every way it can end | `ExtensiveFormGame`, `NormalFormGame` |
# | **player** (*hráč*) | someone who chooses | `0` = player 1, `1` = player 2 |
# | **move** (*ťah*) | one choice at one moment | a label such as `"F"` or `"A"` |
# | **strategy** (*stratégia*) | a complete plan: a move for *every* situation the player might face | a tuple of moves, e.g. `("A", "R")` |
# | **payoff** (*odmena*) | what each player gets at the end, one number per player | `(8, 2)` |
# | **extensive form** (*rozšírená forma*) | the game as a tree of decisions | `ExtensiveFormGame` |
# | **normal form** (*normálna forma*) | the game as a table: strategies against strategies | `NormalFormGame` |
# | **information set** (*súbor informácií*) | nodes a player cannot tell apart (joined by a dashed line) | `infosets=[[...]]` |

# %%
from IPython.display import display

import lesson_checks.theory as ex
import lesson_checks.functions as fn
from gametheory.theory.cooperative import glove_game
from gametheory.theory.extensive_form import ExtensiveFormGame, ultimatum_game
from gametheory.games.nim import Nim
from gametheory.theory.normal_form import (
    battle_of_the_sexes, matching_pennies, prisoners_dilemma, rock_paper_scissors,
)

# %% [markdown]
# ## The answer first
#
# The thesis' example, its figure 1: *„V hre znázornenej na obrázku 1 sú dvaja hráči. Hráč 1
# začína a má možnosti F alebo U. Hráč 2 vidí ťah Hráča 1 a vyberá si medzi ťahmi A a R. Ak
# uvažujeme, že Hráč 1 vyberie U a Hráč 2 zvolí možnosť A, potom Hráč 1 získa hodnotenie 8 a
# Hráč 2 získa hodnotenie 2.“* (The game in figure 1 has two players. Player 1 starts and has
# the choice F or U. Player 2 sees player 1's move and chooses between A and R. If player 1 chooses U and
# player 2 A, player 1 gets 8 and player 2 gets 2.)
#
# The figure itself is an image we do not have, so **the other payoffs are ours**: $(5, 5)$ when
# player 2 answers F with A, and $(0, 0)$ after R. So is the story that makes the game an
# *ultimatum game*: player 1 offers to share fairly (F) or unfairly (U), player 2 accepts (A)
# or rejects (R). With these numbers, reasoning from the end: player 2 accepts either offer
# ($5 > 0$ and $2 > 0$), so player 1 offers U, and the game ends with $\mathbf{(8, 2)}$.

# %%
game = ultimatum_game()
display(game)
best = game.backward_induction()
assert len(best) == 1 and best[0].payoffs == (8, 2)
print(best[0])

# %% [markdown]
# Squares: player 1 decides; circles: player 2; under the leaves `(player 1, player 2)`. Red
# edges: what each player would do at each node; bold: the actual play.
#
# ## Moves and strategies
#
# A **move** is one choice. The thesis: *„Súbor ťahov, ktoré hráč použije v hre je označovaný
# ako stratégia.“* (The set of moves a player uses in the game is called a strategy.) Game theory makes this precise: a
# **strategy** is a plan for the whole game, a move for *every* node where the player could be
# asked to choose, even nodes that the play never reaches. Player 1 decides once: two
# strategies. Player 2 has two nodes and two moves at each: $2 \cdot 2 = 4$.

# %%
print("player 1:", game.pure_strategies(0))
print("player 2:", game.pure_strategies(1))
assert game.pure_strategies(0) == [("F",), ("U",)]
assert len(game.pure_strategies(1)) == 4
assert game.expected_payoffs([("U",), ("R", "A")]) == (8, 2)      # two plans decide the game
assert game.expected_payoffs([("F",), ("R", "A")]) == (0, 0)

# %% [markdown]
# Player 2's plan `("R", "A")` reads: *reject after F, accept after U* (one move per node, in
# the order of the tree). Once both players have picked a plan, the game is decided: U against
# `("R", "A")` ends with $(8, 2)$, F against it with $(0, 0)$.

# %% [markdown]
# ## From the tree to the table: the normal form
#
# Write player 1's strategies as rows, player 2's as columns, and the payoffs of each pair in
# the cell. The plan `AR` means "A after F, R after U".

# %%
table = game.to_normal_form()
assert table.shape == (2, 4)
assert table.col_labels == ("AA", "AR", "RA", "RR")
assert table.payoff(1, 0) == (8, 2)          # U against "always accept"
assert table.pure_nash_equilibria() == [(0, 1), (1, 0), (1, 2)]
assert table.is_nash_equilibrium((1, 0), (0.5, 0.5, 0, 0))   # and a mixed one: F; AA or AR
assert table.is_degenerate() and len(table.nash_equilibria()) == 4   # 3 pure corners, 1 mixed
plans = game.plans_of(best[0])
assert plans == (("U",), ("A", "A"))
rows, cols = table.row_labels, table.col_labels
assert (rows.index("U"), cols.index("AA")) in table.pure_nash_equilibria()
ex.plain(table)                              # the payoffs alone

# %% [markdown]
# Three cells are **equilibria** (chapter 03a defines them: cells where neither player gains
# by changing their own plan alone): (F, AR), (U, AA) and (U, RA). They are equilibria of the
# tree as well, each a pair of plans, but backward induction keeps only one of them,
# (U, AA). (Against F, the plans AA and AR both pay player 2 5: a tie. A game with such ties
# is called **degenerate**; its equilibria fill whole sets, notebook 03x.) In `(F, AR)`
# player 2 *threatens* to reject an unfair offer, so player 1 offers F. But the threat is
# empty: once U is on the table, rejecting gives player 2 0 instead of 2. Backward induction keeps only the plans that
# are sensible at *every* node (the *subgame-perfect* equilibrium). The table forgets the order
# of the moves; the tree remembers it.

# %% [markdown]
# ## Every game of the package is an extensive-form game
#
# A game played on the computer (chapter 00) is a tree too: the matches game with three
# matches (take 1 to 3; whoever takes the last wins). Player 1 takes all three.

# %%
matches = ExtensiveFormGame.from_game(Nim(3))
assert matches.backward_induction()[0].payoffs == (1, -1)
tree_form = ExtensiveFormGame.from_game(Nim(5))        # sequential, zero-sum, perfect information
assert tree_form.is_perfect_information()
assert all(sum(node.payoffs) == 0 for node in tree_form.nodes.values() if node.is_terminal)
matches.draw()

# %% [markdown]
# ## Kinds of games
#
# ### Cooperative and non-cooperative
#
# In a **cooperative** game (*kooperatívna hra*) players can make binding agreements and form
# **coalitions**; the game says what each coalition can get on its own, its *characteristic
# function* $v$ (with $v(\emptyset) = 0$). In the glove game a left and a right glove make a
# pair worth 1: with one left glove $L$ and two right ones, $v(\{L, R_1\}) = 1$ but
# $v(\{R_1, R_2\}) = 0$. How to share
# it fairly is chapter 03b. All the other games in this notebook are
# **non-cooperative**: every player decides alone.
#
# ### Symmetric and asymmetric
#
# A game is **symmetric** if swapping the players swaps the payoffs and nothing else: the
# column player's table is the row player's, transposed. The prisoner's dilemma is symmetric;
# the battle of the sexes is not (Alice prefers the opera, Bob football).

# %%
display(ex.plain(prisoners_dilemma()), ex.plain(battle_of_the_sexes()))      # the payoffs alone
assert prisoners_dilemma().is_symmetric() and not battle_of_the_sexes().is_symmetric()
gloves = glove_game(left=("L",), right=("R1", "R2"))        # the glove game's numbers above
assert gloves.v(()) == 0 and gloves.v(("L", "R1")) == 1 and gloves.v(("R1", "R2")) == 0

# %% [markdown]
# ### Zero-sum and non-zero-sum
#
# In a **zero-sum** game (*hra s nulovým súčtom*) the payoffs in every cell add up to 0: one
# player's gain is the other's loss. Chess, checkers, Abapa and matching pennies are zero-sum;
# the prisoner's dilemma is not (both can lose together). The thesis: *„Hry s nulovým súčtom
# sú špeciálnym typom hier s konštantným súčtom, v ktorých voľby hráčov nemôžu ani zvýšiť a
# ani znížiť zdroje, ktoré sú k dispozícii.“* (Zero-sum games are a special kind of
# **constant-sum** games, in which the players' choices can neither increase nor decrease
# the resources at hand.) In a constant-sum game every cell adds up to the same number $c$;
# subtracting $c/2$ from each payoff makes it zero-sum without changing anyone's choices.

# %%
assert matching_pennies().is_zero_sum() and rock_paper_scissors().is_zero_sum()
assert not matching_pennies().is_symmetric()          # matcher and mismatcher differ
assert not prisoners_dilemma().is_zero_sum()
ex.plain(matching_pennies())                 # the payoffs alone

# %% [markdown]
# ### Simultaneous and sequential; perfect and imperfect information
#
# In a **sequential** game later players know something of the earlier moves (in chess,
# everything). In a **simultaneous** game they choose without
# seeing the other's choice: the prisoner's dilemma. Drawn as a tree, the second prisoner's two nodes are joined
# by a **dashed line**: one **information set**, because prisoner 2 does not know where they
# are. A game where every information set is a single node has **perfect information**
# (*úplné informácie*). Not to be confused, the thesis warns, with **complete information**:
# *„Hry s úplnými informáciami bývajú často zamieňané s hrami s kompletnými informáciami, čo
# sú hry, pri ktorých každý hráč pozná stratégie a ohodnotenia ostatných hráčov, nemusí však
# vedieť o tom aké akcie vykonali, teda, ktoré stratégie zvolili.“* (Games with perfect
# information are often confused with games with complete information, in which every player
# knows the others' strategies and payoffs but need not know which actions they took.) The
# prisoner's dilemma has complete but imperfect information.

# %%
dilemma = ExtensiveFormGame(
    {"cooperate": {"cooperate": (-1, -1), "betray": (-10, 0)},
     "betray": {"cooperate": (0, -10), "betray": (-5, -5)}},
    infosets=[[("cooperate",), ("betray",)]],
    players=("Prisoner 1", "Prisoner 2"), name="Prisoner's dilemma, as a tree",
)
assert not dilemma.is_perfect_information() and game.is_perfect_information()
assert dilemma.pure_strategies(1) == [("cooperate",), ("betray",)]
as_table = dilemma.to_normal_form()
assert as_table.row_payoffs == prisoners_dilemma().row_payoffs
assert as_table.col_payoffs == prisoners_dilemma().col_payoffs
dilemma.draw(equilibrium=None, unit=110)

# %% [markdown]
# A plan of prisoner 2 has *one* move for the whole information set: two strategies, not
# four; the table of this tree is the prisoner's dilemma above.

# %% [markdown]
# The thesis' figure 2, *„Hra s neúplnými informáciami“* (a game with imperfect information),
# is drawn the same way: *„bodkovaná čiara predstavuje neznalosť hráča 2 o akcii hráča 1“*
# (the dotted line stands for player 2 not knowing player 1's move). Doing that to the
# ultimatum game (our payoffs again): player 2 can no longer make the answer depend on the
# offer, and the threat disappears.

# %%
blind = ExtensiveFormGame(
    {"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (8, 2), "R": (0, 0)}},
    infosets=[[("F",), ("U",)]], name="Player 2 does not see the offer",
)
assert blind.pure_strategies(1) == [("A",), ("R",)]
assert blind.to_normal_form().pure_nash_equilibria() == [(1, 0)]     # U, A
blind.draw(equilibrium=None)

# %% [markdown]
# ### A summary
#
# | game | players cooperate? | symmetric | zero-sum | moves | information |
# | --- | --- | --- | --- | --- | --- |
# | glove game | yes (coalitions) | – | – | – | – |
# | prisoner's dilemma | no | yes | no | simultaneous | imperfect |
# | matching pennies | no | no | yes | simultaneous | imperfect |
# | ultimatum game | no | no | no | sequential | perfect |
# | matches, tic-tac-toe, Abapa | no | – | yes | sequential | perfect |
#
# The thesis also mentions **infinitely long games** and **metagames** (games about designing
# the rules of games); the package does not model them. The rest of the course is about the
# last row: two players, zero-sum, moving in turn, seeing everything.

# %% [markdown]
# ## Exercises
#
# **1. Counting plans.** Player 1 can make three offers: fair, unfair and greedy. Player 2 sees
# the offer and accepts or rejects it. How many pure strategies does player 2 have?

# %%
ex.check_plans(6)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# A strategy names a move at *every* node of the player: 3 nodes with 2 moves each give
# $2 \cdot 2 \cdot 2 =$ **8** plans (6 counts the edges, not the plans).
#
# ```python
# three = ExtensiveFormGame({offer: {"A": (a, b), "R": (0, 0)}
#                            for offer, (a, b) in {"fair": (5, 5), "unfair": (8, 2), "greedy": (9, 1)}.items()})
# assert len(three.pure_strategies(1)) == 8
# ex.check_plans(8)
# ```
# </details>

# %% [markdown]
# **2 (for homework). Not seeing.** Same game with three offers, but now player 2 does *not*
# see the offer (all three nodes form one information set). How many pure strategies has
# player 2 now?

# %%
ex.check_blind_plans(8)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# **2**: in one information set the player must make the same move at every node ("always
# accept" or "always reject").
#
# ```python
# blind3 = ExtensiveFormGame({offer: {"A": (a, b), "R": (0, 0)}
#                             for offer, (a, b) in {"fair": (5, 5), "unfair": (8, 2), "greedy": (9, 1)}.items()},
#                            infosets=[[("fair",), ("unfair",), ("greedy",)]])
# assert len(blind3.pure_strategies(1)) == 2
# ex.check_blind_plans(2)
# ```
# </details>

# %% [markdown]
# **3. Reading the table.** In the normal form of the ultimatum game, what are the payoffs in
# row **U**, column **RA**? Answer a pair `(player 1, player 2)`.

# %%
ex.check_cell((0, 0))      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# `RA` means *R after F, A after U* (one letter per node of player 2, in tree order). Player 1
# plays U, so only the second letter matters: accepted, $\mathbf{(8, 2)}$.
#
# ```python
# assert table.payoff(table.row_labels.index("U"), table.col_labels.index("RA")) == (8, 2)
# ex.check_cell((8, 2))
# ```
# </details>

# %% [markdown]
# **4 (for homework). What kind of game?** Look at the table of `ex.kinds_game()`. Is it symmetric? Is it
# zero-sum? Decide from the numbers first, then check with the methods.

# %%
display(ex.plain(ex.kinds_game()))          # the payoffs alone
ex.check_kinds(symmetric=False, zero_sum=True)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Every cell adds up to 0, so it is **zero-sum**. Swap the players: the column player's payoff
# when the strategies are (j, i) equals the row player's when they are (i, j) (e.g. row
# "attack" against "wait" pays the row player 2, and "wait" against "attack" pays the column
# player 2), so it is **symmetric** too, like rock–paper–scissors. In a symmetric zero-sum
# game neither side has an advantage: its value is 0.
#
# ```python
# g = ex.kinds_game()
# assert g.is_symmetric() and g.is_zero_sum()
# ex.check_kinds(symmetric=True, zero_sum=True)
# ```
# </details>

# %% [markdown]
# **5. Write the normal form.** A two-move game is a dict: player 1's moves, and under each
# player 2's replies with the payoffs `(player 1, player 2)`, e.g.
# `{"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (9, 1), "R": (0, 0)}}`. Write
# `normal_form(game)`: a dict from `(move, plan)` to the payoffs, for every move of player 1
# and every plan of player 2, where a plan is a tuple of replies, one to each of player 1's
# moves in the order of the dict (`("R", "A")`: R after F, A after U).
# `itertools.product(["A", "R"], ["A", "R"])` gives every such tuple.

# %%
from itertools import product


def normal_form(game):
    """{(move, plan): payoffs} for every move of player 1 and every plan of player 2."""
    ...                              # your code: replace the ...


fn.NORMAL_FORM.check(normal_form)

# %% [markdown]
# <details><summary>Hints, if the check names a mistake</summary>
#
# * Which reply does a plan make to player 1's move number `i`? The one in place `i`.
# * `list(game)` gives player 1's moves in order; `list(game[move])` the replies to `move`.
# </details>
#
# One solution is in the next cell, collapsed (⋯): look after you have tried.

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_normal_form(game):
    """Every plan of player 2 answers each move of player 1 with the reply in its place."""
    moves = list(game)
    plans = product(*(list(game[move]) for move in moves))
    return {(move, plan): game[move][plan[i]] for plan in plans for i, move in enumerate(moves)}


assert fn.NORMAL_FORM.check(solution_normal_form)
