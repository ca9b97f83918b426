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
# # 08a · Abapa: the rules, the state space, the machine
#
# **What you will learn**
# * the rules of **Abapa** (the tournament form of Oware) in pictures: sowing, the lap skip,
#   captures of up to five houses, the grand slam, feeding, the end;
# * what kind of game it is: two players, finite, discrete, deterministic, perfect
#   information, zero-sum;
# * how the Hungarian thesis writes it down as a **state-space representation**
#   ⟨A, kezdő, V, O⟩: states, the start, the end states and the one operator *Felmarkol*,
#   with its preconditions and effects — and how the package does the same;
# * why nobody draws the whole game tree, and how to play against the machine.
#
# Chapter 08b then asks how the machine judges a position it cannot search to the end.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **house** (*ház*) | one of the 12 pits; A owns 1–6, B owns 7–12 | `state.houses[k - 1]` |
# | **store** (*gyűjtő*) | the seeds a player has captured | `state.stores` = (A's, B's) |
# | **state** (*állapot*) | the 12 houses, the 2 stores and the player to move | `game.state(houses, stores, to_move)` |
# | **operator** (*operátor*) | a rule that turns one state into the next: here *Felmarkol(honnan, mennyit)*, pick up the *mennyit* seeds of house *honnan* and sow them | a house number, `game.result(state, 3)` |
# | **precondition** (*alkalmazási előfeltétel*) | when an operator may be applied | `game.legal_moves(state)` |
# | **effect** (*alkalmazás hatása*) | the state an operator makes | `game.result(state, house)` |
# | **ply** | one move of one player; two plies make one exchange (*lépésváltás*) | `replay(game, [1, 9])` plays two plies |

# %%
import inspect
import random
import statistics

import lesson_checks.abapa as ex
from IPython.display import HTML, display

from gametheory.core import CHANCE, GameError, IllegalMoveError
from gametheory.games.abapa import EVALUATIONS, Abapa, replay, store_difference
from gametheory.players import SearchPlayer
from gametheory.tournament import play_match
from gametheory.widgets.play import PlayWidget

game = Abapa()

def row(pictures, captions, width=None):
    """SVG pictures side by side, each with a caption underneath."""
    style = f"width:{width}px;" if width else ""
    return HTML("".join(f'<div style="display:inline-block;vertical-align:top;margin:4px;{style}">'
                        f'{p}<div style="font-size:90%">{c}</div></div>' for p, c in zip(pictures, captions)))

def before_after(g, state, move):
    """A position, the move, and what it did: two boards and the package's own description."""
    report = g.explain(state, move)
    return row([g.draw(state, house=40), g.draw(report.state, last_move=move, captured=report.captured, house=40)],
               ["before", report.describe()], width=380)


# %% [markdown]
# ## The answer first
#
# A game of Abapa is a walk through **states**. A state is twelve house counts, two store
# counts and the player to move; a move (the thesis' operator *Felmarkol*) empties one of the
# mover's houses and sows its seeds. The start, and A's first move from house 3:

# %%
start = game.initial_state()
after_3 = game.result(start, 3)
assert (start.houses, start.stores, start.to_move) == ((4,) * 12, (0, 0), 0)
assert (after_3.houses, after_3.stores, after_3.to_move) == ((4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4), (0, 0), 1)
print(start.houses, start.stores, "AB"[start.to_move], "to move")
print(after_3.houses, after_3.stores, "AB"[after_3.to_move], "to move")

# %% [markdown]
# ## The rules in pictures
#
# Two rows of six houses, four seeds in each. A owns the bottom row (houses 1–6, left to
# right), B the top row (7–12, right to left), so seeds always travel 1 → 2 → … → 12 → 1.

# %%
game.draw(start)

# %% [markdown]
# **Sowing.** Take every seed from one of your houses and drop one into each following house.
# The thesis' two worked positions: A plays house 3; and A plays 1, then B plays 9.

# %%
assert game.result(start, 3).houses == (4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4)
assert replay(game, [1, 9]).final.houses == (1, 5, 5, 5, 5, 4, 4, 4, 0, 5, 5, 5)
display(before_after(game, start, 3))
after_1 = game.result(start, 1)
before_after(game, after_1, 9)

# %% [markdown]
# **The lap skip.** With 12 or more seeds the sowing goes all the way round; the emptied
# house is skipped.

# %%
lap = game.state([12, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], stores=(15, 15))
assert game.result(lap, 1).houses == (0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2)   # house 1 stays empty
before_after(game, lap, 1)

# %% [markdown]
# **Capture.** If the *last* seed lands in an opponent's house and makes it exactly 2 or 3,
# those seeds are captured; then the house before it, and so on backwards, while the houses
# are the opponent's and hold 2 or 3. The thesis' figure 3.b shows one: "A aratott három
# házat" (A captured three houses). Its board is not in our copy of the text, so the
# position here is ours; the last seed lands in house 9:

# %%
three_houses = game.state([0, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 4], stores=(17, 16))
report = game.explain(three_houses, 6)
assert report.captured == (7, 8, 9) and report.seeds_captured == 7
before_after(game, three_houses, 6)

# %% [markdown]
# The run stops at the first house that does not hold 2 or 3: house 8 with 1 seed ends it
# here, so houses 7 and 8 stay.

# %%
chain = game.state([0, 0, 0, 0, 0, 5, 1, 0, 2, 1, 2, 4], stores=(14, 19))   # ours
report = game.explain(chain, 6)
assert report.captured == (9, 10, 11) and report.seeds_captured == 8  # house 8 (1 seed) ends the run
before_after(game, chain, 6)

# %% [markdown]
# A 2 or a 3 made by a seed that is *not* the last one is not captured:

# %%
not_last = game.state([0, 0, 0, 0, 0, 3, 1, 2, 4, 0, 0, 4], stores=(17, 17))
assert game.explain(not_last, 6).captured == ()
before_after(game, not_last, 6)

# %% [markdown]
# **Grand slam.** A capture that would take *all* the opponent's seeds is legal but captures
# nothing: the tournament rule the thesis chose. Other traditions are rule variants
# (`AbapaRules(grand_slam=...)`): capture everything, forbid the move, or leave one house.

# %%
slam = game.state([3, 0, 0, 0, 0, 3, 1, 1, 2, 0, 0, 0], stores=(19, 19))      # ours
assert game.explain(slam, 6).seeds_captured == 0
display(before_after(game, slam, 6))
greedy_rules = Abapa(grand_slam="capture")
assert greedy_rules.explain(slam, 6).seeds_captured == 7
before_after(greedy_rules, slam, 6)

# %% [markdown]
# So a capture takes **at most five houses**: "Így legfeljebb öt ház tartalma vihető" (so at
# most five houses' contents can be taken), says the thesis. A run of all six would take
# every seed B has: a grand slam. Under the thesis' rule five houses can go (left), and a run
# of all six captures nothing (right); only the capture-everything variant would take all six
# (the second line of the code checks it).

# %%
six = game.state([0, 0, 0, 0, 0, 6, 1, 2, 1, 2, 1, 2], stores=(15, 18))
assert game.explain(six, 6).captured == ()                                   # the thesis' rule
assert greedy_rules.explain(six, 6).captured == (7, 8, 9, 10, 11, 12)        # capture everything
five = game.state([0, 0, 0, 0, 0, 5, 1, 2, 1, 2, 1, 2], stores=(16, 18))
assert game.explain(five, 6).captured == (7, 8, 9, 10, 11)                   # five is the most
row([game.draw(game.explain(s, 6).state, last_move=6, captured=game.explain(s, 6).captured, house=34)
     for s in (five, six)], [game.explain(s, 6).describe() for s in (five, six)], width=330)

# %% [markdown]
# **Feeding.** If the opponent has no seeds, you must make a move that gives them some.
# Here B's side is empty: houses 1 and 2 cannot reach it, so only 4 and 6 are legal, and an
# illegal move says why.

# %%
hungry = game.state([3, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0], stores=(20, 20))
assert game.legal_moves(hungry) == (4, 6)
try:
    game.result(hungry, 1)
except GameError as error:
    print(error)
before_after(game, hungry, 6)

# %% [markdown]
# **The end.** A player with 25 or more seeds wins; 24–24 is a draw. If a player cannot feed
# the opponent, the game ends and that player takes the seeds left on their side. For
# endless play, where neither side can capture any more, the thesis' rule is that the players
# agree to stop and each takes the seeds on their own side. Its program decides that moment
# by a rule of thumb, both sides holding fewer than 4 seeds (`AbapaRules(cycle="below_four")`);
# this package stops instead when a position repeats (the default, `cycle="repetition"`, the
# usual rule of game programs).

# %%
endgame = game.state([0, 0, 0, 0, 1, 1] + [0, 0, 0, 1, 1, 0], stores=(22, 22))
thesis_rules = Abapa(cycle="below_four")
assert not game.is_terminal(game.result(endgame, 6))               # repetition rule: play on
assert thesis_rules.is_terminal(thesis_rules.result(endgame, 6))   # fewer than 4 a side: over
print(thesis_rules.explain(endgame, 6).describe())

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
# The effect is written once in the package, in one function that `result` and `explain`
# both call once the preconditions are checked: the rules of this chapter in the thesis'
# order, each step a small function named after its rule.

# %%
print(inspect.getsource(Abapa._play))

# %% [markdown]
# ### How big is the game tree?
#
# The thesis estimates the size of the complete game tree: "… ha feltesszük, hogy egy állásból
# átlag 5 különböző lépés tehető és egy átlagos játszma 15 lépésváltásból áll …" (if we assume
# that 5 different moves can be made from a position on average and an average game lasts 15
# exchanges of moves), the tree has 5^(2·15) = 5^30 nodes. Our measurement above, on random
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
# At a billion nodes a second, 5^30 nodes take nearly 30 000 years. So, the thesis goes on,
# we cannot necessarily determine a sure winning strategy (*nem feltétlenül tudunk biztos
# nyerő stratégiát meghatározni*); a program looks for a good enough move in the
# current position, building only part of the tree to a certain depth. Chapter 08b is about
# what it does at that depth.

# %%
years = thesis_estimate / 1e9 / (3600 * 24 * 365.25)
assert 29_000 < years < 30_000
round(years)

# %% [markdown]
# ## Playing the machine
#
# Choose the search, its depth and its evaluation, then click a house. *hint* asks the
# machine what it would play for you; *undo* takes back your move.

# %%
widget = PlayWidget(game, depth=4, evaluate=store_difference, evaluations=EVALUATIONS)
widget

# %% [markdown]
# A play widget can also be driven from code, which is how this notebook shows a few moves
# even when it is read without a running kernel. It is a second widget, not shown, so your
# game above is left as you play it:

# %%
demo = PlayWidget(game, depth=4, evaluate=store_difference)
shots, notes = [demo.svg], ["start"]
for house in (3, 1, 5):
    demo.click(house)
    shots.append(demo.svg)
    notes.append(demo.reply)
assert len(demo.history) == 6               # three moves each
row(shots, notes, width=360)

# %% [markdown]
# ## Exercises
#
# **1. Sowing.** From the start, A plays house 5. What do houses 1–12 hold afterwards?

# %%
ex.check_sowing((4, 4, 4, 5, 0, 5, 5, 5, 4, 4, 4, 4))      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# The four seeds of house 5 go into houses 6, 7, 8, 9:
#
# ```python
# answer = game.result(start, 5).houses
# assert answer == (4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4)
# ex.check_sowing(answer)
# ```
# </details>

# %% [markdown]
# **2. A capture.** In this position A plays house 6. How many seeds does A capture? Work it
# out on the picture first.

# %%
display(game.draw(ex.capture_position(), house=40))
ex.check_capture(7)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Houses 7, 8, 9, 10 become 2, 1, 2, 3. The last seed is in 10 (3: taken), 9 holds 2 (taken),
# 8 holds 1 and ends the run: **5** seeds.
#
# ```python
# assert game.explain(ex.capture_position(), 6).seeds_captured == 5
# ex.check_capture(5)
# ```
# </details>

# %% [markdown]
# **3. A grand slam.** Here A plays house 6. How many seeds does A capture under the thesis'
# rules?

# %%
display(game.draw(ex.grand_slam_position(), house=40))
ex.check_grand_slam(5)      # your answer


# %% [markdown]
# <details><summary>Solution</summary>
#
# B's houses become 2 and 3: all of B's seeds. Taking them would be a grand slam, which
# captures nothing: **0**.
#
# ```python
# ex.check_grand_slam(0)
# ```
# </details>

# %% [markdown]
# **4. Preconditions by hand.** A is to move and B's side is empty. Which operators
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
