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
# # 08b · Evaluation functions, with Abapa
#
# **What you will learn**
# * what a search does when it cannot see the end of the game: it asks an **evaluation
#   function**, and why that estimate must stay strictly between a loss (−1) and a win (+1);
# * how to read **evaluation features** off a board, write your own, and weight them with
#   `LinearEvaluator`;
# * how to compare evaluations fairly in a small **tournament**, and what search depth buys.
#
# Chapter 08a has the rules of Abapa and the widget to play it.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **ply** | one move of one player; depth 4 = two moves each | `SearchPlayer("alphabeta", 4, ...)` |
# | **evaluation function** | an estimate of how good an unfinished position is for a player, strictly between −1 (lost) and +1 (won) | `evaluate(state, player)` |
# | **feature** | one idea about a position (store lead, mobility, …), itself an evaluation | `store_difference`, `mobility`, … |
# | **weights** | how much each feature counts | `LinearEvaluator(features, weights)` |
# | **greedy player** | looks one ply ahead: takes the move that leaves the best store lead now | `GreedyPlayer()` |
# | **tournament** | every player meets every other, from the same openings | `round_robin(game, players)` |

# %%
import inspect

from IPython.display import HTML

import lesson_checks.abapa as ex
from gametheory.draw.charts import Chart, Series, side_by_side
from gametheory.evaluation import LinearEvaluator
from gametheory.games.abapa import (
    EVALUATIONS, Abapa, mobility, seeds_on_side, store_difference, thesis_scale,
)
from gametheory.players import GreedyPlayer, RandomPlayer, SearchPlayer
from gametheory.search.alphabeta import alphabeta
from gametheory.tournament import play_match, round_robin, wilson_interval

game = Abapa()
start = game.initial_state()

def row(pictures, captions, width=None):
    """SVG pictures side by side, each with a caption underneath."""
    style = f"width:{width}px;" if width else ""
    return HTML("".join(f'<div style="display:inline-block;vertical-align:top;margin:4px;{style}">'
                        f'{p}<div style="font-size:90%">{c}</div></div>' for p, c in zip(pictures, captions)))


# %% [markdown]
# ## The answer first
#
# A program that looks four plies ahead (its two moves and the opponent's two replies) and
# counts captured seeds beats one that grabs the most seeds right now:

# %%
record = play_match(game, SearchPlayer("alphabeta", 4, store_difference), GreedyPlayer())
print(f"{len(record.moves)} plies; score for the depth-4 search: {record.score}; final stores {record.final.stores}")
assert record.score == 1.0

# %% [markdown]
# The whole game, seen every ten plies: alpha-beta at depth 4 with the store lead (A)
# against the greedy one-move player (B).

# %%
states = [start]
for move in record.moves:
    states.append(game.result(states[-1], move))
picked = list(range(0, len(states), 10)) + ([len(states) - 1] if (len(states) - 1) % 10 else [])
row([game.draw(states[k], last_move=record.moves[k - 1] if k else None, house=34) for k in picked],
    [f"after {k} plies" for k in picked])

# %% [markdown]
# ## Evaluation features
#
# At its depth limit the search cannot see the end of the game, so it asks an **evaluation
# function**: how good does this position look for `player`? Every evaluation here is
# *antisymmetric* (good for A = bad for B) and, while the game goes on, *strictly* between
# −1 and +1. A finished game is worth +1 (won), −1 (lost) or 0, so a real win the search
# finds always beats an estimate, and a real loss is always worse than one.
#
# The package has five features (`EVALUATIONS` names them). Each is a difference between
# the two sides, positive when it favours `player`, divided so that it stays strictly
# inside (−1, 1); for B each gives the same number with the sign turned:
#
# | name | function | the difference | divided by |
# | --- | --- | --- | --- |
# | store | `store_difference` | seeds in your store minus seeds in the opponent's | all the seeds (48) |
# | thesis | `thesis_scale` | the thesis' −6…+6 scale (below) | 6 |
# | mobility | `mobility` | your non-empty houses minus the opponent's | one more than the houses a side (7) |
# | seeds | `seeds_on_side` | seeds in your houses minus seeds in the opponent's | one more than all the seeds (49) |
# | vulnerability | `vulnerability` | the opponent's *weak* houses minus yours: a house with 1 or 2 seeds (one more makes it 2 or 3, capturable) that a seed of the other side can reach | one more than the houses a side (7) |
#
# The game above after 20 plies, A to move:

# %%
middle = states[20]
game.draw(middle, house=40)

# %% [markdown]
# **Exercise 1. Read the board.** Work out `store`, `mobility` and `seeds` for A in this
# position, by hand, as fractions (`"3/7"`) or decimals to three places.

# %%
ex.check_reading(middle, {"store": 0, "mobility": 0, "seeds": 0})      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Stores 4 and 2: $\text{store} = \tfrac{2}{48}$. A's six houses all hold seeds, B's house 11 is empty:
# $\text{mobility} = (6 - 5)/7 = \tfrac17$. A's houses hold $3 + 1 + 3 + 5 + 4 + 12 = 28$ seeds, B's
# $10 + 0 + 1 + 1 + 1 + 1 = 14$: $\text{seeds} = \tfrac{14}{49}$.
#
# ```python
# ex.check_reading(middle, {"store": "2/48", "mobility": "1/7", "seeds": "14/49"})
# ```
# </details>
#
# All five, computed; each is antisymmetric, and inside (−1, 1) in every unfinished position
# of the game:

# %%
values = {name: round(f(middle, 0), 3) for name, f in EVALUATIONS.items()}
for f in EVALUATIONS.values():
    assert f(middle, 0) == -f(middle, 1)
    assert all(-1 < f(s, 0) < 1 for s in states if not game.is_terminal(s))
values

# %% [markdown]
# A count divided by the most it can be would reach ±1 in the most lopsided positions, and
# the search could no longer tell such a position from a won game. So the features divide
# by *one more* than the most: `mobility` (non-empty houses, yours minus the opponent's) is
# $\tfrac67$, not 1, when all six of A's houses hold seeds and B's side is empty:

# %%
print(inspect.getsource(mobility))
lopsided = game.state([1, 1, 1, 1, 1, 7] + [0] * 6, stores=(18, 18))
assert not game.is_terminal(lopsided) and mobility(lopsided, 0) == 6 / 7
for s in ex.lopsided_positions():                     # the most uneven unfinished positions
    assert all(-1 < f(s, player) < 1 for f in EVALUATIONS.values() for player in (0, 1))
for stores, steps, rest in [(s, k, 48 - sum(s)) for s, k in (((12, 10), 0), ((13, 10), 1), ((10, 17), -1), ((24, 1), 5))]:
    assert thesis_scale(game.state([rest - rest // 2] + [0] * 5 + [rest // 2] + [0] * 5, stores=stores), 0) == steps / 6  # below
mobility(lopsided, 0)

# %% [markdown]
# The Hungarian thesis (its section *Hasznosságfüggvény: a heurisztikus kiértékelés*, the
# utility function: heuristic evaluation) scores positions on a scale from −6 to +6, "… ahol
# a +6 a győztes, míg a -6 a vesztes állását jelöli" (where +6 marks the winner's position
# and −6 the loser's). It gives no more than the ends, so `thesis_scale` is our reading of
# it, divided by 6: ±1 for a decided game; in between, the store lead rounded to the nearest
# 5 seeds, each 5 seeds worth $\tfrac16$, at most $\pm\tfrac56$ (so a lead of 2 seeds scores 0, a lead of 3
# scores $\tfrac16$).
#
# Your own feature is just a function. Here is one of ours: *big houses*, houses with 12 or
# more seeds, which go round the whole board and can capture on the way back, yours minus
# the opponent's, over one more than the houses a side.

# %%
def big_houses(state, player):
    """Own houses with 12+ seeds minus the opponent's, over one more than the houses a side."""
    n = len(state.houses) // 2
    mine = state.houses[:n] if player == 0 else state.houses[n:]
    theirs = state.houses[n:] if player == 0 else state.houses[:n]
    return (sum(s >= 12 for s in mine) - sum(s >= 12 for s in theirs)) / (n + 1)

for s in states + ex.lopsided_positions():
    assert big_houses(s, 0) == -big_houses(s, 1) and -1 < big_houses(s, 0) < 1

# %% [markdown]
# **Exercise 2. Your own feature.** Write a feature `f(state, player)`: antisymmetric,
# strictly between −1 and +1 in every unfinished position, and not constant. An idea: seeds
# in your two rightmost houses (they reach the opponent soonest) minus the opponent's. The
# check tries it on positions from random games and on the most lopsided ones.

# %%
def my_feature(state, player):
    return state.stores[player] / 48          # change me

ex.check_feature(my_feature)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Compute the same thing for both sides and subtract; divide by one more than the largest
# possible difference (all 48 seeds in your two houses):
#
# ```python
# def right_end(state, player):
#     a, b = state.houses[4:6], state.houses[10:12]
#     mine, theirs = (a, b) if player == 0 else (b, a)
#     return (sum(mine) - sum(theirs)) / 49
#
# ex.check_feature(right_end)
# ```
# </details>

# %% [markdown]
# `LinearEvaluator` mixes features with weights. The weights are relative: `[4, 1, 1]` means
# the store counts four times as much as each of the others (our weights, as is this mix). It divides by the sum of the
# weights (of their sizes, if some are negative), so features strictly inside (−1, 1) give a
# mix strictly inside too. `terms` shows
# each feature's contribution, which helps to see why the machine likes a position.

# %%
mix = LinearEvaluator({"store": store_difference, "seeds": seeds_on_side, "big": big_houses}, [4, 1, 1])
print(mix)
print({name: round(value, 4) for name, value in mix.terms(middle, 0).items()}, "→", round(mix(middle, 0), 4))
assert abs(mix(middle, 0) + mix(middle, 1)) < 1e-12
assert all(-1 < mix(s, 0) < 1 for s in ex.lopsided_positions())

# %% [markdown]
# Does the evaluation change the machine's choice? The best move at depth 4 (plies), by
# evaluation:

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
assert {s.games for s in result.standings()} == {16}
result

# %%
result.chart()

# %% [markdown]
# With 16 games per player the intervals are wide: differences smaller than them are not yet
# evidence. More games (and a `ProcessPoolExecutor` to play them on every core) narrow them.
#
# **Exercise 3. Weights.** Mix `store_difference` with `mobility` in a `LinearEvaluator`:
# with which weights does alpha-beta at depth 2 score more than half of 16 seeded games
# against alpha-beta at depth 2 with `store_difference` alone? Try a few.

# %%
ex.check_mix(mobility)      # your answer: an evaluation function

# %% [markdown]
# <details><summary>Solution</summary>
#
# Keep the store lead as the main feature and let mobility break its ties. With weights
# 2 : 1 or 3 : 1 the mix only ties (8 of 16 points); 4 : 1 wins:
#
# ```python
# ex.check_mix(LinearEvaluator({"store": store_difference, "mobility": mobility}, [4, 1]))
# ```
# </details>

# %% [markdown]
# ## What depth buys
#
# The same evaluation, `store_difference`, searched to depths 1 to 5, each against the greedy
# player: 8 games from 2 seeded openings, each opening played twice with the sides swapped;
# and what each depth costs in positions searched for one move.
#
# **Exercise 4. Predict** before you run the experiment: what does depth 1 score against
# the greedy player? (Compare what the two look at before they move.)

# %%
ex.check_depth_one(0.25)      # your answer: a score from 0 to 1

# %% [markdown]
# <details><summary>Solution</summary>
#
# **½**, exactly. Depth 1 looks one ply ahead and scores each position it reaches by the
# store lead, which is what the greedy player does, ties included (both take the first of
# the best moves), so they play the same moves. Each opening is then played twice as the
# same game with the sides swapped, and what one player wins in one game the other wins in
# the other.
#
# ```python
# ex.check_depth_one(0.5)
# ```
# </details>
#
# The code agrees: the two choose the same move in every one of 300 positions from random
# games, so depth 1 is the greedy player under another name, and its ½ measures nothing.
# What depth buys starts at depth 2.

# %%
depth_one = SearchPlayer("alphabeta", 1, store_difference)
positions = ex.sample_positions(300)
same = sum(depth_one.choose(game, s) == GreedyPlayer().choose(game, s) for s in positions)
print(f"depth 1 and greedy choose alike in {same} of {len(positions)} positions")

# %%
depths = range(1, 6)
scores, intervals, nodes = [], [], []
for d in depths:
    deeper = SearchPlayer("alphabeta", d, store_difference, name=f"depth {d}")
    r = round_robin(game, [deeper, GreedyPlayer()], ex.DEPTH_GAMES, openings=ex.DEPTH_OPENINGS,
                    seed=ex.DEPTH_SEED, progress=False)
    mine = next(s for s in r.standings() if s.name == deeper.name)
    assert mine.games == 8
    scores.append(mine.score)
    intervals.append(wilson_interval(mine.score * mine.games, mine.games))
    nodes.append(alphabeta(game, middle, d, store_difference).stats.nodes)
assert same == len(positions) and scores[0] == 0.5 and min(scores[1:]) > 0.5
growth = [round(b / a, 1) for a, b in zip(nodes, nodes[1:])]
assert all(g > 1 for g in growth)
list(zip(depths, scores, nodes)), growth

# %%
ticks = list(depths)
score = Chart([Series("depth 1: greedy itself, ½ by symmetry", [1], scores[:1]),
               Series("score against greedy, 95% interval", ticks[1:], scores[1:],
                      intervals=intervals[1:])],
              xlabel="search depth (plies)", ylabel="score (win 1, draw ½)",
              y_limits=(0, 1.05), x_ticks=ticks, levels=[(0.5, "an even score")], width=440)
cost = Chart([Series("positions searched for one move", ticks, nodes)],
             xlabel="search depth (plies)", ylabel="positions searched (one move)",
             log_y=True, x_ticks=ticks, width=440)
side_by_side([score, cost], title="What depth buys, and what it costs")

# %% [markdown]
# Each extra ply multiplies the work (the `growth` factors above; a player has at most 6
# moves, and alpha-beta skips some of them). From depth 2 on, the search scores more than
# half against greedy, more at greater depths but with noise: 8 games per depth is few, as
# the intervals show. Chapter 10 makes the same depth cheaper.
