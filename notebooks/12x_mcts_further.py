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
# # 12x · Monte Carlo tree search: going further
#
# For those who have done lesson 12. **What you will find here**
# * that with enough iterations MCTS finds the **minimax move** (tic-tac-toe, Nim), and where
#   it does not yet;
# * how it fares **against alpha-beta** on Abapa and Gomoku;
# * three exercises on one search: a UCB1 score, the next selection, a backup.

# %%
import math
import random
from collections import Counter

from gametheory import Abapa, Gomoku, Nim, TicTacToe, mcts, minimax
from gametheory.draw.charts import Series, line_chart
from gametheory.draw.mcts import draw_mcts
from gametheory.evaluation import terminal_only
from gametheory.games.abapa import AbapaRules, mobility, store_difference
from gametheory.players import MCTSPlayer, SearchPlayer
from gametheory.tournament import random_opening, round_robin, wilson_interval

ttt = TicTacToe()
corner = ttt.state("O../..X/...")          # lesson 12's position: X wins only with cell 2
abapa = Abapa()

def random_game_length(game, seed):
    rng, state, plies = random.Random(seed), game.initial_state(), 0
    while not game.is_terminal(state):
        state, plies = game.result(state, rng.choice(game.legal_moves(state))), plies + 1
    return plies

lengths = [random_game_length(abapa, seed) for seed in range(100)]   # the full board, as in 12


# %% [markdown]
# ## With enough iterations: the minimax move
#
# For 20 seeds and growing budgets we count how often MCTS plays a minimax move: in the
# tic-tac-toe position above (only cell 2 wins) and in Nim with 13 matches (take 1 and leave
# a multiple of 4: the only winning move).

# %%
def minimax_moves(game, state):
    """The moves whose minimax value is the position's, for the player to move."""
    mover, value = game.to_move(state), minimax(game, state).value
    def worth(move):
        after = game.result(state, move)
        if game.is_terminal(after):
            return game.utility(after, mover)
        v = minimax(game, after).value
        return v if game.to_move(after) == mover else -v
    return {m for m in game.legal_moves(state) if worth(m) == value}

cases = {"tic-tac-toe (X wins only by 2)": (ttt, corner), "Nim, 13 matches (take 1)": (Nim(13), Nim(13).initial_state())}
budgets = [10, 30, 100, 300, 1000]
seeds = range(20)
found = {}
for name, (game, state) in cases.items():
    best = minimax_moves(game, state)
    found[name] = [sum(mcts(game, state, iterations=n, seed=s).move in best for s in seeds) / len(seeds) for n in budgets]
    print(f"{name:32} best {sorted(best)}:", "  ".join(f"{n}: {f:.0%}" for n, f in zip(budgets, found[name])))
assert minimax_moves(ttt, corner) == {2} and minimax_moves(Nim(13), Nim(13).initial_state()) == {1}

line_chart([Series(name, budgets, fractions) for name, fractions in found.items()],
           log_x=True, y_limits=(0, 1.05), xlabel="iterations", ylabel="share of the 20 seeds",
           title="How often MCTS plays the minimax move")

# %%
assert all(fractions[-1] >= 0.9 for fractions in found.values())
assert all(fractions[0] <= 0.5 for fractions in found.values())

# %% [markdown]
# With 10 iterations MCTS plays the winning move in at most half of the runs, with 1000 in at
# least 90% of them. In between both curves dip: tic-tac-toe's at 100 iterations, Nim's at 30
# (below its share at 10). That is not the luck of 20 seeds; over 200 seeds the centre, a move
# that only draws, is the one MCTS plays most at 100 iterations, and it **still leads at 300**:

# %%
for n in (100, 300):
    played = Counter(mcts(ttt, corner, iterations=n, seed=s).move for s in range(200))
    print(f"{n} iterations:", {move: f"{count / 200:.0%}" for move, count in played.most_common()})
    assert played.most_common(1)[0][0] == 4 and played[2] < played[4]
nim = found["Nim, 13 matches (take 1)"]
assert nim[1] < nim[0]              # the Nim curve dips too: fewer at 30 than at 10


# %% [markdown]
# A plausible reason (ours): early on, a search judges the moves by few random playouts, and
# its tree is still too shallow to see O's best answers; the winning corner needs more
# iterations to come out on top. Kocsis and Szepesvári (2006) state
# that the probability of UCT choosing a wrong move at the root goes to 0 as the iterations
# grow; Shah, Xie and Xu (2019) found their proof incomplete, and proved a guarantee of this
# kind for a variant with a larger exploration bonus. Either way, no finite number of
# iterations is a guarantee on every tree. (The package's tests check given numbers the hard
# way on small trees: they run the search once for *every* possible sequence of playout
# results.)

# %% [markdown]
# ## MCTS against alpha-beta
#
# Now a real contest. To keep this notebook quick we play Abapa on a smaller board — four
# houses a side, three seeds in each; the rules are the same, and whoever collects more than
# half of the 24 seeds wins — and Gomoku on a 7×7 board with four in a row, every stone next
# to one already played (the first in the centre).
#
# Two players that always answer a position the same way play the same game every time
# from the same start, and a repeated game tells nothing new. So every game here starts
# from an opening of its own, and every opening is played twice, once with each player as A.
# The score counts a win 1 and a draw ½. Its 95% interval (Wilson) treats the games as
# independent trials (counting a draw as ½ makes it, if anything, a little too wide).
# **These are small samples**: where an interval contains 50%, the games cannot tell which
# player is stronger.

# %%
def match(game, player, opponent, openings):
    """Score of ``player`` against ``opponent`` (win 1, draw ½) and its 95% interval."""
    table = round_robin(game, [player, opponent], 2 * len(openings), openings=openings, progress=False)
    assert len({record.moves for record in table.records}) == len(table.records)  # no game twice
    row = next(r for r in table.standings() if r.name == player.name)
    low, high = wilson_interval(row.score * row.games, row.games)
    return row.score, low, high

mini_abapa = Abapa(AbapaRules(houses_per_side=4, seeds_per_house=3))
start = mini_abapa.initial_state()
abapa_openings = [(first, second) for first in mini_abapa.legal_moves(start)
                  for second in mini_abapa.legal_moves(mini_abapa.result(start, first))]
mini_lengths = [random_game_length(mini_abapa, seed) for seed in range(100)]
print(len(abapa_openings), "openings of two moves; a random game lasts",
      sum(mini_lengths) / len(mini_lengths), "plies on average (100 games)")
assert len(abapa_openings) == 16 and 40 < sum(mini_lengths) / len(mini_lengths) < 50
assert sum(mini_lengths) / len(mini_lengths) < sum(lengths) / len(lengths) / 2  # under half

# %% [markdown]
# A random game on this board lasts under half as long as on the full one. Each point below
# is 32 games: the 16 openings of two moves, each with both colours. MCTS with a growing
# number of iterations a move plays a two-ply alpha-beta with the store difference (96
# games: this cell takes about ten seconds, the next two about five and eight):

# %%
budgets_abapa = [10, 40, 160]
versus_stores = SearchPlayer("alphabeta", 2, store_difference, name="alpha-beta, store difference")
abapa_curve = [match(mini_abapa, MCTSPlayer(n, seed=1), versus_stores, abapa_openings) for n in budgets_abapa]
for n, (score, low, high) in zip(budgets_abapa, abapa_curve):
    print(f"MCTS {n:4} iterations: score {score:.0%}  [{low:.0%}, {high:.0%}]")

# %% [markdown]
# Does alpha-beta's evaluation matter? The same two-ply alpha-beta with two other
# evaluations, each against MCTS with 40 iterations a move (the store difference is the
# middle point above):

# %%
opponents = {"mobility": mobility, "none (0 unless the game is over)": terminal_only(mini_abapa)}
versus = {"store difference": abapa_curve[budgets_abapa.index(40)]}
for name, evaluate in opponents.items():
    alpha_beta = SearchPlayer("alphabeta", 2, evaluate, name=f"alpha-beta, {name}")
    versus[name] = match(mini_abapa, MCTSPlayer(40, seed=1), alpha_beta, abapa_openings)
for name, (score, low, high) in versus.items():
    print(f"MCTS (40) against alpha-beta with {name:32}: score {score:.0%}  [{low:.0%}, {high:.0%}]")

# %% [markdown]
# Gomoku, against alpha-beta with the threat-counting heuristic of lesson 11b, from eight
# different random openings of three stones (16 games a point):

# %%
gomoku = Gomoku(size=7, k=4, candidates_radius=1)
rng, gomoku_openings = random.Random(0), []
while len(gomoku_openings) < 8:
    line = random_opening(gomoku, 3, rng)
    if line not in gomoku_openings:
        gomoku_openings.append(line)
budgets_gomoku = [10, 30, 90]
versus_threats = SearchPlayer("alphabeta", 2, gomoku.heuristic, name="alpha-beta, threats")
gomoku_curve = [match(gomoku, MCTSPlayer(n, seed=1), versus_threats, gomoku_openings) for n in budgets_gomoku]
for n, (score, low, high) in zip(budgets_gomoku, gomoku_curve):
    print(f"MCTS {n:4} iterations: score {score:.0%}  [{low:.0%}, {high:.0%}]")

# %%
def curve(label, budgets, points):
    """A line of MCTS's scores (win 1, draw ½) by budget, each with its 95% interval."""
    scores, spans = [s for s, _, _ in points], [(low, high) for _, low, high in points]
    return Series(label, budgets, scores, intervals=spans)

line_chart([curve("Abapa 4×3, vs alpha-beta (store difference), 32 games a point",
                  budgets_abapa, abapa_curve),
            curve("Gomoku 7×7, vs alpha-beta (threats), 16 games a point",
                  budgets_gomoku, gomoku_curve)],
           log_x=True, y_limits=(-0.02, 1.02), levels=[(0.5, "an even score")],
           xlabel="MCTS iterations per move", ylabel="MCTS score (win 1, draw ½)",
           title="MCTS against two-ply alpha-beta, with 95% intervals")

# %%
(_, _, high_10), (_, low_40, high_40), (_, low_160, _) = abapa_curve
assert high_10 < 0.5 < low_160 and low_40 < 0.5 < high_40    # Abapa: worse, undecided, better
assert all(score == 0 and high < 0.2 for score, _, high in gomoku_curve)  # Gomoku: every game lost
(_, low_s, high_s), (_, low_m, high_m), (_, low_none, _) = versus.values()
assert low_none > max(high_s, high_m)      # alpha-beta without an evaluation: clearly the weakest
assert low_s < high_m and low_m < high_s   # store difference or mobility: undecided

# %% [markdown]
# What the numbers say, and how far they can be trusted:
#
# * **Abapa**: with 10 iterations a move MCTS is the weaker player — its whole interval lies
#   below 50% — and with 160 the stronger one, its whole interval above 50%; at 40 the 32
#   games cannot tell. A plausible reason for MCTS's strength here: a move that gives seeds
#   away tends to lose random games too, so random playouts are a fair judge in a sowing
#   game.
# * **Gomoku**: against the threat-counting heuristic MCTS lost every game at every budget
#   tried; with 16 games a point the interval says that its score against this opponent,
#   from such openings, is below 20%. A plausible reason: a threat must be answered *now*, and a random
#   playout almost never answers it, so random games say little about whether a line is
#   dangerous. Strong MCTS programs use a smarter playout policy (or a neural network)
#   instead: `playout=` takes any player.
# * **The evaluation matters to alpha-beta**: without one (0 unless the game is over) the
#   two-ply alpha-beta did clearly worst — MCTS's score against it has an interval wholly
#   above its scores against the other two. Whether the store difference or mobility is the
#   better evaluation, these games cannot tell.

# %% [markdown]
# ## Exercises
#
# All three look at one search (Q here is for the player to move at a node, as in lesson 12's explorer): 12 iterations on another small tree (ours), seed 0.

# %%
from lesson_checks.mcts import (
    before_iteration, check_backup, check_next_child, check_ucb1, exercise_search,
)

exercise = exercise_search()
print(exercise.trace.snapshot(0).narration)
ten = before_iteration(10)                   # what the questions below say
assert [(ten.visits[(i,)], ten.value((i,), 0)) for i in range(3)] == [(7, 2 / 7), (1, -1), (1, -1)]
assert ten.visits[()] == 9
draw_mcts(exercise, before_iteration(10), caption="the tree as iteration 10 begins (in blue: iteration 9's update)")

# %% [markdown]
# **1. One UCB1 score.** As iteration 10 begins the root A has $N = 9$ visits; its child B (move
# a1) has $n = 7$ and $Q = 2/7$ for MAX. With $c = \sqrt2$, what is B's UCB1 score? (Three decimals.)

# %%
check_ucb1(0.286)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# $2/7 + \sqrt{2}\sqrt{\ln 9 / 7} = 0.286 + 1.414 \cdot 0.560 = 1.078$. `before_iteration(10).visits`
# and `.value((0,), 0)` give the numbers; `exercise.trace.snapshot(exercise.trace.step_of(10)).ucb`
# shows all three scores.
# </details>
#
# **2. Predict the selection.** In iteration 10, which child of the root does selection go
# to? (C and D have one visit each, $Q = -1$ for MAX.)

# %%
check_next_child("B")      # your answer: a node (B, C, D) or a move (a1, a2, a3)

# %% [markdown]
# <details><summary>Solution</summary>
#
# **C**. B scores 1.078; C and D both score $-1 + \sqrt{2}\sqrt{\ln 9 / 1} = 1.096$: the bonus of a move
# tried once outweighs its bad start. A tie goes to the first move in the game's order, a2.
# </details>
#
# **3. Backpropagation.** Iteration 11 goes through C, where it adds C's second child, and
# the playout from that child ends with a win for MIN. Before the iteration C had $N = 2$ and
# $Q = 0$ — for MIN, who moves at C. What are N and Q at C afterwards?

# %%
check_backup(3, -0.333)      # your answer: visits, then Q

# %% [markdown]
# <details><summary>Solution</summary>
#
# $\mathbf{N = 3,\ Q = 1/3 \approx 0.333}$: the total for MIN was $0 \cdot 2 = 0$, the win adds $+1$, and the mean
# is $\tfrac13$. For MAX the same node is worth $-\tfrac13$: Q is always for the player to move there.
# </details>
#
# **Explorations** (no single right answer):
#
# 1. In the explorer, set *c* = 0 and search again. Which moves are never tried a second
#    time? Why is that dangerous?
# 2. Give MCTS a smarter playout: `mcts(gomoku, playout=HeuristicPlayer())` (from
#    `gametheory.players`). Does it now hold its own against the threats? It plays
#    fewer iterations in the same time: compare with `time_limit=` instead of `iterations=`.
# 3. Play MCTS yourself: `PlayWidget(TicTacToe(), MCTSPlayer(500))` (from
#    `gametheory.widgets.play`). Can you beat it with 50 iterations? With 5000?
