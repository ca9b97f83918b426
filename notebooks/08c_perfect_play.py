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
# # 08c · Perfect play: Abapa endgames solved exactly
#
# **What you will learn**
# * **retrograde analysis**: solving a game backwards from its ends, one seed count at a
#   time — the labelling of chapter 05, with seeds instead of win and loss;
# * why a game that can go round in circles needs a **cycle rule** for a table of boards,
#   and what ours changes;
# * a **perfect opponent**, each move's verdict in words, a replay that marks the moves
#   that lost seeds, and the engine reading the table at its leaves;
# * a **report card** that grades an evaluation function against perfect play, and how to
#   improve one.
#
# Chapter 08b has the evaluation functions; chapter 10 the engine.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **board** | the houses seen from the player to move (their side first); the stores are not part of it | `state.houses` |
# | **level** | the number of seeds on the board: a capture goes down a level, any other move stays on it | `sum(state.houses)` |
# | **value** | the seeds of the board the player to move can make sure to collect, with best play | `database.value(state)` |
# | **distance** | the moves left until every seed is taken, with best play: the player ahead hurries, the one behind holds out | `database.distance(state)` |
# | **endgame database** | the value and the distance of every board with at most *n* seeds | `EndgameDatabase.build(game, n)`, `endgame_database(seeds=n)` |
# | **seeds lost** | what a move throws away against perfect play: value minus what the move keeps | `database.move_values(state)` |
# | **report card** | how often a search's move is perfect, and the seeds it loses, by depth | `report_card(evaluate, depths, positions)` |

# %%
import time

from IPython.display import display

import lesson_checks.perfect_play as ex
from gametheory.evaluation import LinearEvaluator
from gametheory.files import endgame_database
from gametheory.games.abapa import Abapa, mobility, store_difference
from gametheory.games.abapa.endgame import NEVER, boards
from gametheory.practice.perfect_play import PerfectPlayer, endgame_positions, report_card, verdicts
from gametheory.search.engine import iterative_deepening
from gametheory.widgets.play import PlayWidget

game = Abapa()

# %% [markdown]
# ## The answer first
#
# Every Abapa board with at most 8 seeds, solved exactly. `endgame_database` builds the
# table once into your cache folder (about a second) and reads it from there afterwards; in
# the browser it reads the file the course site comes with.

# %%
started = time.perf_counter()
database = endgame_database(game, seeds=8, progress=False)
print(f"{len(database.values):,} boards, ready in {time.perf_counter() - started:.1f} s")

# %% [markdown]
# A has houses 2 and 6, B one house with 2 seeds. Which move is right, and what does the
# other one cost?

# %%
state = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
display(game.draw(state))
for move, words in verdicts(database, state).items():
    print(f"house {move}: {words}")

# %% [markdown]
# After house 6, B's house 12 sows into houses 1 and 2, and house 2 (still holding its
# seed) becomes a 2: B captures it. After house 2 that house is empty, B's two seeds land
# on empty houses, and A keeps every seed to the end.
#
# **How long is the end?** Beside each value the database keeps a **distance**: the moves
# left until every seed is taken, when the player ahead on the board (at least half of its
# seeds) hurries and the one behind holds out — as a chess endgame table counts the moves
# to mate. Here house 2 takes all 4 seeds, but only after 14 moves of both sides:

# %%
print("distance:", database.distance(state), "moves; after each move:", database.move_distances(state))

# %% [markdown]
# (`None`: after house 6 the game need not end — the last seeds can go round for ever.)
# The distance is what lets a perfect player *win* a won endgame. A value says what best
# play can collect, not how: several moves can keep it, and some of them lead into a line
# that never ends. On this many boards a player ahead has such a move beside one that
# finishes the game:

# %%
tempting = 0
for level in range(1, 9):
    for board in boards(6, level):
        here = game.state(board, stores=((48 - level) // 2, (48 - level + 1) // 2))
        if game.legal_moves(here) and 2 * database.value(here) > level:
            after = [database.move_distances(here)[m] for m in database.best_moves(here)]
            tempting += None in after and any(d is not None for d in after)
print(tempting, "boards")

# %% [markdown]
# So `PerfectPlayer` takes, among the moves that keep the most seeds, the one that ends the
# game soonest when it wins and latest when it loses; in a draw any of them.
#
# ## Retrograde analysis on a tiny board
#
# On a board of two houses a side (`Abapa(houses_per_side=2)`) there are only 35 boards
# with at most 3 seeds. Solve them **from the end backwards**:
#
# * level 0, the empty board, is worth 0;
# * on level 1, 2, 3, … every move either **captures** (and lands on a lower level, already
#   solved) or stays on the level. A move is worth to the mover the seeds of the level minus
#   what the opponent can make sure of after it; the mover takes the best move.
#
# It is chapter 05's labelling again: there a position was WIN as soon as one child was a
# LOSS for the opponent; here a board is worth at least $t$ as soon as one move leaves the
# opponent at most $\text{level} - t$. A player who cannot move keeps the seeds on their own side.

# %%
tiny = Abapa(houses_per_side=2)
small = endgame_database(tiny, seeds=3, progress=False)
for level in range(4):
    line = []
    for board in boards(2, level):
        value = small.value(tiny.state(board, stores=(8 - level // 2, 8 - level + level // 2)))
        line.append(f"{board}: {value:g}")
    print(f"level {level}:", ", ".join(line))

# %% [markdown]
# **Exercise 1.** A to move on the tiny board with houses 1–2 holding 1 and 1 and B's house
# 3 holding 1. How many of the 3 seeds can A make sure of? Work it out with each of A's moves
# and each reply, then check.

# %%
display(tiny.draw(ex.tiny_position()))
ex.check_tiny_value(1)  # your answer: a number of seeds

# %% [markdown]
# <details><summary>Solution</summary>
#
# Both of A's moves keep 2 seeds: `ex.check_tiny_value(2)`. The line printed above shows
# each move's count, straight from the database.
# </details>

# %% [markdown]
# ## How cycles are handled, and why
#
# Moves that capture nothing stay on the level, so a level can go round in circles. The
# package's rule for that (`cycle="repetition"`) ends the game when a position comes back
# since the last capture, each player taking the seeds on their own side. That depends on
# the **history** — which positions have been seen — so no table of boards can follow it.
# The database uses a rule that depends on the board alone:
#
# > **An endless game shares the board equally:** if both players keep moving for ever
# > without another capture, each collects half of the seeds on the board.
#
# (Play also goes on after a store passes half of the seeds: that never changes who wins,
# since stores only grow.)
#
# How much does the choice matter? On some boards best play never ends at all — their
# distance is "never" — and there the cycle rule alone gives the value:

# %%
endless = database.distances.count(NEVER)
print(f"{endless:,} of {len(database.values):,} boards ({endless / len(database.values):.0%}) "
      "never end with best play")

# %% [markdown]
# More boards than these depend on the rule. For every board, `cycle_bounds(game, seeds)`
# computes `lo`, what the mover can force **whatever** an endless game is worth, and `hi`,
# the most the opponent can hold them to whatever it is worth. A strategy that forces the
# end never repeats a position, so no cycle rule — the package's included — can give a value
# outside `lo … hi`; where `lo == hi` the value is the same under every rule.
#
# The tests compare the database with a search that follows the package's own repetition
# rule exactly, history and all (an empty history, as right after a capture), on **every**
# board with at most 5 seeds: they agree on all 5,462 boards whose value does not depend on
# the cycle rule, and differ on 386 of the 726 that do — always within `lo … hi`. On the
# tiny boards the same holds (2×2 up to 8 seeds, 3×3 up to 6). They also check every value
# and distance against a plain recursive search of the rules on small boards.
#
# Romein and Bal faced the same choice when they solved **Awari** (Oware) in 2002: all
# 889,063,398,406 positions by retrograde analysis, on 144 processors in 51 hours. With
# perfect play the game is a draw. Our 12-seed database (2.7 million boards) takes under a
# minute on a laptop, `endgame_database(seeds=12)`; the package takes up to 18 seeds
# (86.5 million boards).
#
# ## A perfect opponent, and the engine at its leaves
#
# `PerfectPlayer` plays from the database; the engine can read it at its leaves
# (`leaf_value=`), so from any position whose captures lead into the database it plays
# perfectly a few plies ahead:

# %%
start = game.state([1, 0, 2, 0, 1, 0] + [0, 1, 0, 0, 1, 0], stores=(20, 22))
print("perfect play gives", database.outcome(start))
perfect = PerfectPlayer(database)
result = iterative_deepening(game, start, 3, store_difference, leaf_value=database.leaf_value)
print(f"perfect player: house {perfect.choose(game, start)}; engine with the database: "
      f"house {result.move} (value {result.value:g})")

# %% [markdown]
# The engine's value is on the database's scale, the result with perfect play: at its leaves
# `database.leaf_value` gives +1 for a win, 0 for a draw and −1 for a loss, and the value at the
# root is for A, who moves. So **value 1** says that house 1 wins for A — as the forecast above says (26 seeds
# to 22).
#
# ### Play against it
#
# The play widget takes the database too. From the position above you are A, against the
# **perfect opponent** (the menu *opponent*; outside the database, which holds boards of at
# most 8 seeds here, the search plays instead, and its reply says so). **verdicts** says what
# each of your moves does against perfect play; once the game is over, the **review** lists
# every move with its mark — ✓ kept the seeds of perfect play, ✗ threw some away (how many,
# and the result before → after, e.g. "won → drawn") — and the **replay** steps through
# the game, its *next loss* button from one losing move to the next.
#
# **Exercise 2.** Win this game against the perfect opponent without a single ✗, and without
# **verdicts** (they answer the exercise; the review says before which moves you pressed it) —
# then lose one on purpose and find your losing move in the replay.

# %%
PlayWidget(game, database=database, start=start, depth=4, evaluate=store_difference)

# %% [markdown]
# ## The report card
#
# How good are the package's five evaluation functions? The engine searches each of 30
# seeded endgame positions to depths 1–4 with each evaluation, and the database grades
# every move; MCTS with 200 iterations is the dotted line.

# %%
positions = endgame_positions(database, 30)
card = report_card(None, depths=[1, 2, 3, 4], positions=positions, database=database,
                   mcts_iterations=[200])
print(card.table())

# %%
card.chart()

# %% [markdown]
# Read it like this: the store lead (`store`, and `thesis`, its scaled twin) finds the
# perfect move about two times in three and hardly improves with depth — when it sees no
# capture ahead, every move looks the same to it and it takes the first. `mobility`
# improves with depth; `vulnerability` alone gets *worse* the deeper it looks. The engine
# also plays for the **result**: once it sees a win, any winning move will do, even one that
# wins fewer seeds — "results lost" counts only the moves that throw a win or a draw away.
#
# **Exercise 3.** Write an evaluation with which the engine at depth 2 throws away fewer
# seeds a move than with `store_difference` alone, on the check's 30 positions. Idea: keep
# the store lead as the main feature and add one that breaks its ties. The check draws its
# own 30 positions (`ex.card_positions()`, another seed than the table's), so its numbers are
# not the table's: `store_difference` at depth 2 loses 1.03 seeds a move there, 0.77 here.

# %%
def my_evaluation(state, player):
    return store_difference(state, player)          # change me

ex.check_card(my_evaluation)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Mobility breaks the store lead's ties well in endgames (a player who runs out of moves
# must give seeds away):
#
# ```python
# ex.check_card(LinearEvaluator({"store": store_difference, "mobility": mobility}, [3, 1]))
# ```
# </details>

# %% [markdown]
# ## Summary
#
# * Retrograde analysis solves a game from its ends backwards; with seeds, one level (seed
#   count) at a time, because a capture always goes down a level.
# * A board-only table needs a board-only cycle rule; ours shares an endless game equally,
#   and the bounds `lo … hi` show exactly where that choice matters.
# * With the database we can grade evaluations against perfect play — a report card,
#   instead of one evaluation against another.
