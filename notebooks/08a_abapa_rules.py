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
# # 08 · Evaluation functions, with Abapa
#
# **What you will learn**
# * the rules of **Abapa** (the tournament form of Oware) in pictures: sowing, the lap skip,
#   captures, the grand slam, feeding;
# * how to play against the machine, and how the machine chooses;
# * how to write **evaluation features** and weight them with `LinearEvaluator`;
# * how to compare evaluations fairly in a small **tournament**, and what search depth buys.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **house** | one of the 12 pits; A owns 1–6, B owns 7–12 | `state.houses[k - 1]` |
# | **store** | the seeds a player has captured | `state.stores` = (A's, B's) |
# | **move** | empty one of your houses and sow its seeds (the thesis' operator *Felmarkol(honnan, mennyit)*: pick up all seeds from a house) | a house number, `game.result(state, 3)` |
# | **evaluation function** | an estimate, between −1 and +1, of how good an unfinished position is for a player | `evaluate(state, player)` |
# | **feature** | one idea about a position (store lead, mobility, …), itself an evaluation | `store_difference`, `mobility`, … |
# | **weights** | how much each feature counts | `LinearEvaluator(features, weights)` |
# | **tournament** | every player meets every other, from the same openings | `round_robin(game, players)` |

# %%
import inspect

import matplotlib.pyplot as plt
from IPython.display import HTML, display

import gametheory.exercises.abapa as ex
from gametheory.core import GameError
from gametheory.evaluation import LinearEvaluator
from gametheory.games.abapa import (
    EVALUATIONS, Abapa, mobility, seeds_on_side, store_difference, thesis_scale,
)
from gametheory.players import GreedyPlayer, RandomPlayer, SearchPlayer
from gametheory.search.alphabeta import alphabeta
from gametheory.tournament import play_match, round_robin, wilson_interval
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
# A program that looks four moves ahead and counts captured seeds beats one that grabs the
# most seeds right now:

# %%
record = play_match(game, SearchPlayer("alphabeta", 4, store_difference), GreedyPlayer())
print(f"{len(record.moves)} moves; score for the depth-4 search: {record.score}; final stores {record.final.stores}")
assert record.score == 1.0

# %% [markdown]
# ## The rules in pictures
#
# Two rows of six houses, four seeds in each. A owns the bottom row (houses 1–6, left to
# right), B the top row (7–12, right to left), so seeds always travel 1 → 2 → … → 12 → 1.

# %%
start = game.initial_state()
game.draw(start)

# %% [markdown]
# **Sowing.** Take every seed from one of your houses and drop one into each following house.
# The thesis' two worked positions: A plays house 3; and A plays 1, then B plays 9.

# %%
assert game.result(start, 3).houses == (4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4)
assert game.replay([1, 9]).final.houses == (1, 5, 5, 5, 5, 4, 4, 4, 0, 5, 5, 5)
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
# are the opponent's and hold 2 or 3.

# %%
chain = ex.capture_position()
report = game.explain(chain, 6)
assert report.captured == (9, 10) and report.seeds_captured == 5    # house 8 (1 seed) ends the run
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
slam = ex.grand_slam_position()
assert game.explain(slam, 6).seeds_captured == 0
display(before_after(game, slam, 6))
greedy_rules = Abapa(grand_slam="capture")
assert greedy_rules.explain(slam, 6).seeds_captured == 5
before_after(greedy_rules, slam, 6)

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
# the opponent, or a position repeats, each player takes the seeds on their own side.
#
# ## Playing the machine
#
# Choose the search, its depth and its evaluation, then click a house. *hint* asks the
# machine what it would play for you; *undo* takes back your move.

# %%
widget = PlayWidget(game, depth=4, evaluate=store_difference, evaluations=EVALUATIONS)
widget

# %% [markdown]
# The same widget can be driven from code, which is how this notebook shows a few moves even
# when it is read without a running kernel:

# %%
shots, notes = [widget.svg], ["start"]
for house in (3, 1, 5):
    widget.click(house)
    shots.append(widget.svg)
    notes.append(f"you play {house}; {widget.reply}")
assert len(widget.history) == 6
row(shots, notes, width=360)

# %% [markdown]
# And a whole game between two programs, seen every ten moves: alpha-beta at depth 4 with
# the store lead (A) against the greedy one-move player (B).

# %%
states = [start]
for move in record.moves:
    states.append(game.result(states[-1], move))
picked = list(range(0, len(states), 10)) + ([len(states) - 1] if (len(states) - 1) % 10 else [])
row([game.draw(states[k], last_move=record.moves[k - 1] if k else None, house=34) for k in picked],
    [f"after {k} moves" for k in picked])

# %% [markdown]
# ## Evaluation features
#
# At its depth limit the search cannot see the end of the game, so it asks an **evaluation
# function**: how good does this position look for `player`? Every evaluation here is
# *antisymmetric* (good for A = bad for B) and stays within [−1, 1], so a real win (+1) always
# beats an estimate. The simplest one counts the store lead:

# %%
print(inspect.getsource(store_difference))

# %%
middle = states[20]
display(game.draw(middle, house=40))
values = {name: round(f(middle, 0), 3) for name, f in EVALUATIONS.items()}
for f in EVALUATIONS.values():
    assert f(middle, 0) == -f(middle, 1)
values


# %% [markdown]
# The thesis scores positions on a −6…+6 scale; `thesis_scale` is our reading of it, divided
# by 6. Your own feature is just a function. Here: *big houses*, houses with 12 or more seeds,
# which go round the whole board and can capture on the way back (players call such a house a
# *kroo*).

# %%
def big_houses(state, player):
    """Own houses with 12+ seeds minus the opponent's, over the houses a side."""
    n = len(state.houses) // 2
    mine = state.houses[:n] if player == 0 else state.houses[n:]
    theirs = state.houses[n:] if player == 0 else state.houses[:n]
    return (sum(s >= 12 for s in mine) - sum(s >= 12 for s in theirs)) / n

for s in states:
    assert big_houses(s, 0) == -big_houses(s, 1) and -1 <= big_houses(s, 0) <= 1

# %% [markdown]
# `LinearEvaluator` mixes features with weights. The weights are relative: `[4, 1, 1]` means
# the store counts four times as much as each of the others. `terms` shows each feature's
# contribution, which helps to see why the machine likes a position.

# %%
mix = LinearEvaluator({"store": store_difference, "seeds": seeds_on_side, "kroo": big_houses}, [4, 1, 1])
print(mix)
print({name: round(value, 4) for name, value in mix.terms(middle, 0).items()}, "→", round(mix(middle, 0), 4))
assert abs(mix(middle, 0) + mix(middle, 1)) < 1e-12

# %% [markdown]
# Does the evaluation change the machine's choice? The best move at depth 4, by evaluation:

# %%
choices = {name: alphabeta(game, middle, 4, f).move for name, f in {**EVALUATIONS, "mix": mix}.items()}
choices

# %% [markdown]
# ## A small tournament
#
# One game proves little: a program that wins once may lose the next game from another
# opening. `round_robin` lets every player meet every other from the same random openings,
# with sides swapped, and reports scores with confidence intervals. Seeded, so the table is the
# same every time.

# %%
players = [
    RandomPlayer(seed=1),
    GreedyPlayer(),
    SearchPlayer("alphabeta", 3, thesis_scale, name="thesis scale, depth 3"),
    SearchPlayer("alphabeta", 3, store_difference, name="store, depth 3"),
    SearchPlayer("alphabeta", 3, mix, name="mix, depth 3"),
]
result = round_robin(game, players, games_per_pair=4, openings=2, seed=1, progress=False)
assert result.standings()[-1].name == "random"
result

# %%
result.plot()
plt.show()

# %% [markdown]
# With 16 games per player the intervals are wide: differences smaller than them are not yet
# evidence. More games (and a `ProcessPoolExecutor` to play them on every core) narrow them.
#
# ## What depth buys
#
# The same evaluation, searched deeper, against the greedy player; and what each depth costs
# in positions searched per move.

# %%
depths = range(1, 6)
scores, intervals, nodes = [], [], []
for d in depths:
    deeper = SearchPlayer("alphabeta", d, store_difference, name=f"depth {d}")
    r = round_robin(game, [deeper, GreedyPlayer()], games_per_pair=8, openings=2, seed=2, progress=False)
    mine = next(s for s in r.standings() if s.name == deeper.name)
    scores.append(mine.score)
    intervals.append(wilson_interval(mine.score * mine.games, mine.games))
    nodes.append(alphabeta(game, middle, d, store_difference).stats.nodes)
assert scores[-1] > scores[0]
list(zip(depths, scores, nodes))

# %%
fig, left = plt.subplots(figsize=(6.5, 3.4))
low = [s - lo for s, (lo, hi) in zip(scores, intervals)]
high = [hi - s for s, (lo, hi) in zip(scores, intervals)]
left.errorbar(list(depths), scores, yerr=[low, high], fmt="o-", capsize=4, label="score against greedy")
left.axhline(0.5, color="grey", ls="--", lw=0.8)
left.set(xlabel="search depth (plies)", ylabel="score (win 1, draw ½)", ylim=(0, 1.05), xticks=list(depths))
right = left.twinx()
right.semilogy(list(depths), nodes, "s:", color="tab:red", label="positions per move")
right.set_ylabel("positions searched (one move)", color="tab:red")
left.set_title("what depth buys, and what it costs")
left.legend(loc="lower right")
plt.show()

# %% [markdown]
# Each extra ply multiplies the work by roughly the number of moves (up to 6). The score
# rises with depth, with noise: 8 games per depth is few, as the intervals show. Chapter 10
# makes the same depth cheaper.
#
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
# **4. Your own feature.** Write a feature `f(state, player)`: antisymmetric, within [−1, 1],
# and not constant. An idea: seeds in your two rightmost houses (they reach the opponent
# soonest) minus the opponent's.

# %%
def my_feature(state, player):
    return state.stores[player] / 48          # change me

ex.check_feature(my_feature)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Compute the same thing for both sides and subtract; divide by the largest possible value.
#
# ```python
# def right_end(state, player):
#     a, b = state.houses[4:6], state.houses[10:12]
#     mine, theirs = (a, b) if player == 0 else (b, a)
#     return (sum(mine) - sum(theirs)) / 48
#
# ex.check_feature(right_end)
# ```
# </details>

# %% [markdown]
# **5. Weights.** Build an evaluation (e.g. a `LinearEvaluator`) with which alpha-beta at
# depth 2 scores more than half of 16 seeded games against alpha-beta at depth 2 with
# `store_difference` alone.

# %%
ex.check_mix(mobility)      # your answer: an evaluation function

# %% [markdown]
# <details><summary>Solution</summary>
#
# Keep the store lead as the main feature and let another one break its ties, for example
# the seeds on each side:
#
# ```python
# ex.check_mix(LinearEvaluator({"store": store_difference, "seeds": seeds_on_side}, [3, 1]))
# ```
# </details>
