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
# # 08a · Abapa: the rules, and playing the machine
#
# **What you will learn**
# * the rules of **Abapa** (the tournament form of Oware) in pictures: sowing, the lap skip,
#   captures of up to five houses, the grand slam, feeding, the end — and to work each
#   capture out by hand;
# * what kind of game it is: two players, finite, discrete, deterministic, perfect
#   information, zero-sum;
# * how to play against the machine.
#
# Going further: **08ax**, the thesis' state-space representation and the size of the game
# tree. Next, chapter 08b: how the machine judges a position it cannot search to the end.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **house** (*ház*) | one of the 12 pits; A owns 1–6, B owns 7–12 | `state.houses[k - 1]` |
# | **store** (*gyűjtő*) | the seeds a player has captured | `state.stores` = (A's, B's) |
# | **state** (*állapot*) | the 12 houses, the 2 stores and the player to move | `game.state(houses, stores, to_move)` |
# | **move** (*lépés*) | empty one of your houses and sow its seeds | `game.legal_moves(state)`, `game.result(state, 3)` |
# | **ply** | one move of one player | `replay(game, [1, 9])` plays two plies |

# %%
import lesson_checks.abapa as ex
from IPython.display import HTML, display

from gametheory.core import GameError
from gametheory.games.abapa import EVALUATIONS, Abapa, replay, store_difference
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
# counts and the player to move; a move empties one of the mover's houses and sows its seeds.
# The start, and A's first move from house 3:

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
# A owns the bottom row (houses 1–6, left to right), B the top row (7–12, right to left), so
# seeds travel 1 → 2 → … → 12 → 1. **Sowing.** Take every seed from one of your houses and
# drop one into each following house. The thesis' two worked positions: A plays house 3; and
# A plays 1, then B plays 9.

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
# **Exercise 1: sowing.** From the start, A plays house 5. What do houses 1–12 hold
# afterwards?

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
# **Exercise 2: a capture.** In this position A plays house 6. How many seeds does A
# capture? Work it out on the picture first.

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
# **Grand slam.** A capture that would take *all* the opponent's seeds is legal but captures
# nothing: the tournament rule the thesis chose. Other traditions are rule variants
# (`grand_slam=...`); on the right, capturing everything.

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
# every seed B has, a grand slam: five houses can go (left), six capture nothing (right).

# %%
six = game.state([0, 0, 0, 0, 0, 6, 1, 2, 1, 2, 1, 2], stores=(15, 18))
assert game.explain(six, 6).captured == ()                                   # the thesis' rule
assert greedy_rules.explain(six, 6).captured == (7, 8, 9, 10, 11, 12)        # capture everything
five = game.state([0, 0, 0, 0, 0, 5, 1, 2, 1, 2, 1, 2], stores=(16, 18))
assert game.explain(five, 6).captured == (7, 8, 9, 10, 11)                   # five is the most
row([game.draw(game.explain(s, 6).state, last_move=6, captured=game.explain(s, 6).captured, house=34)
     for s in (five, six)], [game.explain(s, 6).describe() for s in (five, six)], width=330)

# %% [markdown]
# **Exercise 3: a grand slam.** Here A plays house 6. How many seeds does A capture under
# the thesis' rules?

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
# **Feeding.** If the opponent has no seeds, you must make a move that gives them some.
# Here B's side is empty. **Predict, then run:** which of A's houses 1, 2, 4 and 6 may A play?

# %%
hungry = game.state([3, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0], stores=(20, 20))
print("A may play", game.legal_moves(hungry))
assert game.legal_moves(hungry) == (4, 6)
try:
    game.result(hungry, 1)
except GameError as error:
    print(error)
before_after(game, hungry, 6)

# %% [markdown]
# Houses 1 and 2 cannot reach B's side, so only 4 and 6 are legal; an illegal move says why.
#
# **The end.** A player with 25 or more seeds wins; 24–24 is a draw. A player who cannot feed
# the opponent takes the seeds left on their side, and the game ends. When neither side can
# capture any more, the thesis' players agree to stop, each taking the seeds on their own
# side: its program stops when both sides hold fewer than 4 seeds (`cycle="below_four"`),
# this package when a position repeats (the default, `cycle="repetition"`).

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
# finite, perfect-information, discrete, deterministic, zero-sum strategic game.) 08ax
# checks each class by code.

# %% [markdown]
# ## Playing the machine
#
# Choose the search, its depth and its evaluation, then click a house. *hint* asks the
# machine what it would play for you; *undo* takes back your move.

# %%
widget = PlayWidget(game, depth=4, evaluate=store_difference, evaluations=EVALUATIONS)
widget

# %% [markdown]
# The same widget driven from code, three moves each, so that they show even without a
# running kernel (a second widget: your game above stays as you left it):

# %%
demo = PlayWidget(game, depth=4, evaluate=store_difference)
shots, notes = [demo.svg], ["start"]
for house in (3, 1, 5):
    demo.click(house)
    shots.append(demo.svg)
    notes.append(demo.reply)
assert len(demo.history) == 6               # three moves each
row(shots, notes, width=360)

