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
# # 08ax · Abapa: the state space and the game tree
#
# For those who have done lesson 08a. **What you will find here**
# * the thesis' classes of game, each checked on 200 games of random moves;
# * how the Hungarian thesis writes Abapa down as a **state-space representation**
#   ⟨A, kezdő, V, O⟩: states, the start, the end states and the one operator *Felmarkol*,
#   with its preconditions and effects — and how the package does the same;
# * an exercise: the preconditions by hand;
# * why nobody draws the whole game tree ($5^{30}$ nodes), and the mancala game that was solved
#   all the same.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **operator** (*operátor*) | a rule that turns one state into the next: here *Felmarkol(honnan, mennyit)*, pick up the *mennyit* seeds of house *honnan* and sow them | a house number, `game.result(state, 3)` |
# | **precondition** (*alkalmazási előfeltétel*) | when an operator may be applied | `game.legal_moves(state)` |
# | **effect** (*alkalmazás hatása*) | the state an operator makes | `game.result(state, house)` |
# | **exchange** (*lépésváltás*) | two plies: a move of each player | `replay(game, [1, 9])` plays one |

# %%
import inspect
import random
import statistics

import lesson_checks.abapa as ex
from IPython.display import display

from gametheory.core import CHANCE, GameError, IllegalMoveError
from gametheory.games.abapa import Abapa, replay

game = Abapa()
start = game.initial_state()
hungry = game.state([3, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0], stores=(20, 20))   # 08a's feeding position
assert len(replay(game, [1, 9]).moves) == 2                                    # one exchange, two plies

# %% [markdown]
# ## What kind of game is it?
#
# The thesis sorts Abapa into the classes of game the computer methods need (its section
# 2.1): "Az Abapa játék tehát nem más, mint egy kétszemélyes, véges, teljes információjú,
# diszkrét, determinisztikus, zéró-összegű stratégiai játék." (So Abapa is a two-player,
# finite, perfect-information, discrete, deterministic, zero-sum strategic game.)
#
# | class | what it means | checked here |
# | --- | --- | --- |
# | two-player | A and B move in turn | `to_move` alternates 0, 1, 0, … |
# | finite | finitely many moves in every position, and every game ends | at most 6 moves; 200 random games all end |
# | discrete | a game is a sequence of moves from state to state | a move is a house number |
# | deterministic | no chance | no position is a chance node |
# | perfect information | both players see everything that matters | a state holds the whole board |
# | zero-sum | what one wins the other loses | `utility(s, A) == −utility(s, B)` |
#
# **Predict, then run:** does a game of random moves last more or fewer than 30 plies? And
# how many moves has a player to choose from, on average?

# %%
rng = random.Random(1)
plies, branching, finished = [], [], []
for _ in range(200):                              # 200 games of random moves
    state, n = start, 0
    while not game.is_terminal(state):
        moves = game.legal_moves(state)
        assert game.to_move(state) == n % 2 and game.to_move(state) != CHANCE and 1 <= len(moves) <= 6
        branching.append(len(moves))
        state, n = game.result(state, rng.choice(moves)), n + 1
    assert game.utility(state, 0) == -game.utility(state, 1)
    plies.append(n)
    finished.append(state)
print(f"200 random games: {statistics.mean(plies):.0f} plies on average (longest {max(plies)}), "
      f"{statistics.mean(branching):.1f} legal moves per position")

# %% [markdown]
# ## The state-space representation
#
# To program a game the thesis first writes it down formally (its section 2.2): "Ezt a
# problémamodellezési-technikát állapottér-reprezentációnak nevezzük és az <A, kezdő, V, O >
# négyessel jelöljük" (we call this problem-modelling technique a state-space representation
# and write it as the quadruple ⟨A, kezdő, V, O⟩). The four parts for Abapa, in our words
# (the thesis' formulas lost their logical symbols in the copy we have, so we restate them):
#
# * **A**, the states: a position *h* = (h₁, …, h₁₂, h_A, h_B) — twelve houses and A's and
#   B's stores — together with the player *j* ∈ {A, B} to move, under the constraint
#   (*kényszerfeltétel*) "A 12 db ház és a két gyűjtő összege pontosan 48." (the 12 houses
#   and the two stores add up to exactly 48);
# * **kezdő**, the start: ((4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0), A);
# * **V**, the end states: a store with 25 or more seeds (its owner wins), or an empty board
#   after 24–24 (a draw) or after a player took the seeds left on their side;
# * **O**, the operators: just one, *Felmarkol(honnan, mennyit)*: pick up *mennyit* seeds
#   from house *honnan* (*felmarkol*: to scoop up; *honnan*: from where; *mennyit*: how many).
#
# `game.state(...)` builds a state and checks the constraint, so a board that does not add up
# to 48 is refused with the count it found:

# %%
try:
    game.state([4] * 12, stores=(1, 0))
except GameError as error:
    print(error)
finals = [s for s in finished if max(s.stores) >= 25 or not any(s.houses)]
assert len(finals) == len(finished)         # every random game ended in one of the states of V
assert all(sum(s.houses) + sum(s.stores) == 48 for s in finished)

# %% [markdown]
# ### The operator *Felmarkol*: preconditions and effects
#
# "Mint tudjuk a játék szabályai azt mondják, hogy a felmarkolással az összes magot
# kivesszük a kiválasztott házból." (As we know, the rules say that picking up takes *all*
# the seeds out of the chosen house.) The thesis' preconditions, restated: *Felmarkol(honnan,
# mennyit)* may be applied in state (h, j) when
#
# 1. *honnan* is a house of the player *j* to move (1–6 for A, 7–12 for B), and
#    0 < *mennyit* = h_honnan: the house is not empty and the whole of it is picked up;
# 2. if the opponent has no seeds left, the move feeds them: at least one of its seeds lands
#    on their side. If no move can feed, the player takes the seeds on their own side
#    (*ürítés*, emptying) and the game is over.
#
# The thesis writes "feeds" (its *Etet*) as: the last seed lands on the opponent's side, or
# more than 11 seeds are picked up. That misses a sowing that crosses the opponent's side and
# comes back home, such as house 6 with 8 seeds; the rule, and the package, count every seed
# (checked in the next cell).
#
# Its Java program checks exactly this: "A belső if-else szerkezet az állapottér-reprezentáció
# operátor-alkalmazási előfeltételéből vizsgálja, hogy az ellenél házai kiürültek-e. Ha igen,
# akkor vagy etetés van vagy pedig - ha false-t ad vissza - ürítés." (The inner if-else
# checks, from the precondition of the state-space representation, whether the opponent's
# houses are empty. If so, it is either feeding or — if it returns false — emptying.)
#
# The **effect**: the player to move changes (j′ = B if j = A, and back); house *honnan* is
# emptied and the seeds are sown, skipping *honnan* on a full lap; a capture run (the last
# seed's house and up to four before it) moves to the mover's store unless it is a grand
# slam; and the end rules may empty the board into the stores.
#
# In the package a move is just *honnan*: *mennyit* is always the whole house, so it is
# implied. `legal_moves` lists the applicable operators, `result` applies one, and an
# operator whose precondition fails is refused with the reason:

# %%
print({house: start.houses[house - 1] for house in game.legal_moves(start)})   # honnan: mennyit
for state, house in [(start, 8), (hungry, 1), (game.state([0] + [4] * 11, stores=(2, 2)), 1)]:
    try:
        game.result(state, house)
    except IllegalMoveError as error:
        print(error)
back_home = game.state([0, 0, 0, 0, 0, 8] + [0] * 6, stores=(20, 20))   # B has no seeds
report = game.explain(back_home, 6)
assert report.sown[-1] == 2 and game.owner(2) == 0            # the last seed comes back to A
assert game.legal_moves(back_home) == (6,)                     # yet the move feeds B: legal
print(report.describe())

# %% [markdown]
# **Exercise: preconditions by hand.** A is to move and B's side is empty. Which operators
# *Felmarkol(honnan, mennyit)* may A apply? Check both preconditions for every house, then
# answer a set of `(honnan, mennyit)` pairs.

# %%
display(game.draw(ex.operator_position(), house=40))
ex.check_operators({(1, 2), (3, 5), (5, 2)})      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Precondition 1 leaves the non-empty houses of A, each picked up whole: (1, 2), (3, 5),
# (4, 1), (5, 2). B has no seeds, so precondition 2 keeps only the moves that feed B: house
# 1's seeds end in house 3, house 4's in house 5, but house 3's reach houses 7 and 8 and
# house 5's house 7. **{(3, 5), (5, 2)}**.
#
# ```python
# position = ex.operator_position()
# answer = {(h, position.houses[h - 1]) for h in game.legal_moves(position)}
# assert answer == {(3, 5), (5, 2)}
# ex.check_operators(answer)
# ```
# </details>

# %% [markdown]
# The effect is written once in the package, in one function that `result` and `explain`
# both call once the preconditions are checked: the rules of lesson 08a in the thesis'
# order, each step a small function named after its rule.

# %%
print(inspect.getsource(Abapa._play))

# %% [markdown]
# ## How big is the game tree?
#
# The thesis estimates the size of the complete game tree: "… ha feltesszük, hogy egy állásból
# átlag 5 különböző lépés tehető és egy átlagos játszma 15 lépésváltásból áll …" (if we assume
# that 5 different moves can be made from a position on average and an average game lasts 15
# exchanges of moves), the tree has $5^{2 \cdot 15} = 5^{30}$ nodes. Our measurement above, on random
# play, finds fewer moves per position but far longer games; either way the tree is out of
# reach:

# %%
thesis_estimate = 5 ** (2 * 15)
ours = statistics.mean(branching) ** statistics.mean(plies)
assert thesis_estimate == 5 ** 30 == 931_322_574_615_478_515_625
assert statistics.mean(branching) < 5 and statistics.mean(plies) > 2 * 15   # fewer moves, longer games
print(f"the thesis: 5^30 = {thesis_estimate:.2e} nodes; random play: "
      f"{statistics.mean(branching):.1f}^{statistics.mean(plies):.0f} = {ours:.1e}")
assert ours > thesis_estimate

# %% [markdown]
# **Predict, then run:** a computer visits a billion nodes a second. Does it go through $5^{30}$
# nodes in days, in a lifetime, or in millennia?

# %%
years = thesis_estimate / 1e9 / (3600 * 24 * 365.25)
assert 29_000 < years < 30_000
round(years)

# %% [markdown]
# Nearly 30 000 years. So, the thesis goes on, we cannot necessarily determine a sure
# winning strategy (*nem feltétlenül tudunk biztos nyerő stratégiát meghatározni*); a program
# looks for a good enough move in the current position, building only part of the tree to a
# certain depth. Chapter 08b is about what it does at that depth.
#
# **Solved all the same.** "Not necessarily" (*nem feltétlenül*) is the right word: Abapa's
# close relative **Awari** (Oware, with rules that differ from Abapa's in details) had been
# solved in **2002**, before the thesis was written, by John Romein and Henri Bal. With
# perfect play it is a **draw**. They did not search the tree. The tree meets the same board
# again and again, reached by different orders of moves, and Awari has only 889,063,398,406
# positions (chapter 04): they computed the value of every one by retrograde analysis,
# backwards from the end, as chapter 05 labels a graph and chapter 08c solves Abapa's
# endgames. How many tree nodes that makes per position (the ratio is ours):

# %%
awari_positions = 889_063_398_406                     # Romein and Bal's count
per_position = thesis_estimate / awari_positions
assert per_position > 10 ** 9
print(f"5^30 nodes / {awari_positions:,} positions = {per_position:.1e} nodes per position")
