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
# # 12 · Monte Carlo tree search
#
# **What you will learn**
# * why alpha-beta cannot play a long game without an **evaluation function**, and how
#   Monte Carlo tree search (MCTS) does without one: it **plays games to the end**;
# * the **four phases** of one iteration — selection, expansion, simulation,
#   backpropagation — stepped through on a small tree;
# * **UCB1**, the formula that balances trying the best move again against trying the
#   others, and what its exploration constant *c* does;
# * that with enough iterations MCTS finds the **minimax move** (tic-tac-toe, Nim), and how
#   it fares **against alpha-beta** on Abapa and Gomoku.
#
# From 2006 on, MCTS changed computer Go: Rémi Coulom's program Crazy Stone grew a tree of
# playout statistics (Coulom, 2006), and Kocsis and Szepesvári (2006) chose the moves in that
# tree with UCB1, a rule from the theory of bandits: **UCT**, the textbook form taught here.
# AlphaGo (Silver et al., 2016), the first program to beat a professional Go player on the
# full 19×19 board without a handicap (Fan Hui, 2015), is MCTS guided by neural networks.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **iteration** | one walk down the tree, one new node, one game played out, one update | `mcts(game, iterations=1000)` |
# | **playout** (simulation, rollout) | a game played to the end from a position, random moves by default | `playout=` (any player) |
# | **N** | a node's visit count: how many iterations went through it | `snapshot.visits[path]` |
# | **Q** | a node's mean result over those iterations, for the player to move there | `snapshot.values[path]` |
# | **UCB1** | Q + c·√(ln N / n), with the child's Q taken for the player choosing (the negative of the Q drawn in the child): the score selection maximises | `ucb1(child, parent, c)` |
# | **exploration constant** | *c*: how much a rarely tried move is worth trying again | `c=math.sqrt(2)` |
# | **most visited move** | what MCTS plays at the end | `result.move`, `result.children` |

# %%
import inspect
import math

import matplotlib.pyplot as plt

from gametheory import (
    Abapa, Gomoku, Nim, TicTacToe, GameError, alphabeta, mcts, minimax, perft, tree,
)
from gametheory.games.abapa import AbapaRules
from gametheory.players import MCTSPlayer, SearchPlayer
from gametheory.draw.mcts import draw_mcts
from gametheory.evaluation import terminal_only
from gametheory.games.abapa import mobility, store_difference
from gametheory.search.mcts import ucb1
from gametheory.search.mcts_trace import Backpropagate
from gametheory.tournament import random_opening, round_robin, wilson_interval
from gametheory.widgets.mcts import MCTSExplorer

# %% [markdown]
# ## Why alpha-beta needs an evaluation, and MCTS does not
#
# Abapa's tree grows five- to sixfold with every ply, and a game of random moves lasts about
# a hundred plies. Nobody searches that to the end:

# %%
import random

abapa = Abapa()
counts = [perft(abapa, depth=d) for d in range(6)]
print("move sequences of 0–5 plies:", counts)
growth = [b / a for a, b in zip(counts[1:], counts[2:])]
assert all(5 < g <= 6 for g in growth)

def random_game_length(game, seed):
    rng, state, plies = random.Random(seed), game.initial_state(), 0
    while not game.is_terminal(state):
        state, plies = game.result(state, rng.choice(game.legal_moves(state))), plies + 1
    return plies

lengths = [random_game_length(abapa, seed) for seed in range(100)]
print("a random game lasts", sum(lengths) / len(lengths), "plies on average (100 games)")
assert 90 < sum(lengths) / len(lengths) < 110

# %% [markdown]
# So alpha-beta stops at a depth and must *score* the positions where it stops. Without an
# evaluation function it refuses to:

# %%
try:
    alphabeta(abapa, depth=4)
except GameError as error:
    print(error)

# %% [markdown]
# And the move it plays is only as good as that score. Two evaluations of chapter 08 — the
# store difference and mobility — choose different moves in this position (eight random
# moves from the start, seed 1):

# %%
rng, position = random.Random(1), abapa.initial_state()
plies = rng.randint(6, 20)
for _ in range(plies):
    position = abapa.result(position, rng.choice(abapa.legal_moves(position)))
assert plies == 8
by_stores = alphabeta(abapa, position, 4, store_difference).move
by_mobility = alphabeta(abapa, position, 4, mobility).move
print("store difference plays", by_stores, "— mobility plays", by_mobility)
assert by_stores != by_mobility
abapa.draw(position)

# %% [markdown]
# MCTS needs nothing of the kind. To judge a move it **plays the game to the end** from
# there, many times, with random moves, and keeps the mean result. The search is a tree of
# such statistics, grown where the results look best:

# %%
result = mcts(abapa, position, iterations=300, seed=0)
print("MCTS plays", result.move, "after", result.stats.leaves, "playouts")
for child in result.children:
    print(f"  house {child.move}: {child.visits:3} visits, mean result {child.value:+.2f} for {'AB'[position.to_move]}")
assert result.move == max(result.children, key=lambda c: c.visits).move

# %% [markdown]
# The price: a playout is a very noisy judge (a random game says little about good play), so
# MCTS needs *many* of them, and its value is an average, not a minimax value. Where an
# evaluation is hard to write (Go), that trade is worth it.

# %% [markdown]
# ## The four phases on a small tree
#
# A tree of our own (the explorer's example): MAX moves first (squares), MIN answers
# (circles), MAX again, and the leaves are payoffs for MAX, +1 a win, −1 a loss, 0 a draw.
# Its minimax value is 1, by a1: under a1 MAX can reach a 1 whatever MIN does; under a2
# MIN steers to F, where MAX gets at most 0.

# %%
small = tree([[[1, -1], [0, 1]], [[-1, 0], [1, -1]]])
print(small)
exact = minimax(small)
assert (exact.value, exact.move) == (1, 0)
assert minimax(small, small.node((1,))).value == 0  # for MIN: MIN can hold MAX to 0 under a2

# %% [markdown]
# This is the whole algorithm. The bookkeeping (making nodes, rolling dice, the clock, the
# trace) lives in `MCTSSearch`; what is left reads like the textbook:

# %%
source = inspect.getsource(mcts)
print(source[source.index("    search = MCTSSearch("):])

# %% [markdown]
# 1. **Selection** — from the root, follow the tree: each node chooses a child by its UCB1
#    score (an untried move comes first; at a chance node the dice choose, by their
#    probabilities), until the chosen move has no node yet.
# 2. **Expansion** — that move gets a node.
# 3. **Simulation** — from the new node, the game is played to the end (randomly).
# 4. **Backpropagation** — every node on the way counts one more visit (N) and adds the
#    result; Q is the mean, for the player to move at the node.
#
# Sixteen iterations, traced. Every iteration leaves four steps in the trace:

# %%
run = mcts(small, iterations=16, seed=0, trace=True)
trace = run.trace
print(len(trace), "steps;", run.stats.nodes, "nodes in the tree; MCTS plays", small.root.labels[run.move])
assert len(trace) == 4 * 16 and run.move == exact.move

# %% [markdown]
# The first two iterations try the root's two moves, one each (untried moves first), and play
# each out through the faint part of the tree. Iteration 3 is the first to choose by UCB1.
# Here are its four phases: selection goes to B, which has an untried move; expansion adds
# D; the playout plays one random move from D to a leaf; backpropagation updates D, B and A.

# %%
first_two = [trace.snapshot(trace.step_of(i, "expansion")).path for i in (1, 2)]
assert first_two == [(0,), (1,)]
phases = [trace.events[trace.step_of(3, phase) - 1] for phase in ("selection", "expansion", "simulation")]
assert phases[0].path == (0,) and phases[1].path == (0, 0) and len(phases[2].moves) == 1
for phase in ("selection", "expansion", "simulation", "backpropagation"):
    display(draw_mcts(run, trace.step_of(3, phase), narration=True))

# %% [markdown]
# Step through all of it yourself: the buttons move one phase back or on, jump to the next
# iteration's selection, or to the start and the end; change *c*, the seed or the number of
# iterations and search again. The table lists the root's moves with N, Q (for MAX) and, at a
# selection step, their UCB1 scores.

# %%
MCTSExplorer(small, iterations=16, seed=0)

# %% [markdown]
# ## UCB1 and the exploration constant
#
# At a node where every move has been tried, selection takes the child with the largest
#
# $$\mathrm{UCB1} = Q + c\,\sqrt{\frac{\ln N}{n}}$$
#
# where Q is the child's mean result *for the player choosing*, N the node's visits and n
# the child's. The first term says "this move did well"; the second grows for a move that
# has been neglected (n small) while its parent keeps being visited (N growing). Every move
# is tried again sooner or later, and the good ones far more often.

# %%
print(inspect.getsource(ucb1)[inspect.getsource(ucb1).index("    return"):])

# %% [markdown]
# Iteration 3 is the first that chooses by UCB1. Computed by hand from the tree it found
# (N = 2 at the root, each child once), the scores agree with the trace's:

# %%
assert [trace.events[trace.step_of(i) - 1].scores for i in (1, 2)] == [(), ()]
before = trace.snapshot(trace.step_of(2, "backpropagation"))
hand = [before.value((i,), 0) + math.sqrt(2) * math.sqrt(math.log(before.visits[()]) / before.visits[(i,)]) for i in range(2)]
chose = trace.snapshot(trace.step_of(3, "selection"))
print("Q for MAX:", [before.value((i,), 0) for i in range(2)])
print("by hand:", [round(s, 3) for s in hand], " in the trace:", [round(chose.ucb[(i,)], 3) for i in range(2)])
assert hand == [chose.ucb[(i,)] for i in range(2)] and chose.path[0] == 0

# %% [markdown]
# **What c does.** In this tic-tac-toe position X (to move) wins only with the top-right
# corner, cell 2; every other move lets O draw or win. We run three searches of 3000
# iterations with different *c* and follow, iteration by iteration, the share of the root's
# visits that went to cell 2, and the move MCTS would play if it stopped there.

# %%
ttt = TicTacToe()
corner = ttt.state("O../..X/...")
print(ttt.text(corner))
assert minimax(ttt, corner).value == 1 and alphabeta(ttt, ttt.result(corner, 2)).value == -1

def root_history(c, iterations=3000, seed=0):
    """After each iteration: the share of root visits to cell 2, the most visited move, and
    the results of the playouts that went through cell 2 (+1: X won)."""
    traced = mcts(ttt, corner, iterations=iterations, c=c, seed=seed, trace=True).trace
    moves = ttt.legal_moves(corner)
    visits, share, choice, through_2 = [0] * len(moves), [], [], []
    for event in traced.events:
        if isinstance(event, Backpropagate):
            visits[event.path[0]] += 1
            share.append(visits[moves.index(2)] / sum(visits))
            choice.append(moves[max(range(len(moves)), key=lambda i: (visits[i], -i))])
            if moves[event.path[0]] == 2:
                through_2.append(event.outcome[0])
    return share, choice, through_2

histories = {c: root_history(c) for c in (0.2, math.sqrt(2), 4.0)}

fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.6))
for (c, (share, choice, _)), lift in zip(histories.items(), (0.15, 0.0, -0.15)):
    label = f"c = {c:.2f}"
    left.plot(range(1, len(share) + 1), share, label=label)
    # lifted a little apart, so that three equal choices do not hide each other
    right.step(range(1, len(choice) + 1), [m + lift for m in choice], where="post", label=label)
left.set(xscale="log", xlabel="iterations", ylabel="share of root visits to cell 2", ylim=(0, 1))
right.set(xscale="log", xlabel="iterations", ylabel="most visited move (cell)", yticks=ttt.legal_moves(corner))
left.legend(); right.legend(loc="upper left")
fig.suptitle("The root's choice as the search goes on (tic-tac-toe, X to move, seed 0)")
fig.tight_layout()

# %%
final = {c: (share[-1], choice[-1], through_2) for c, (share, choice, through_2) in histories.items()}
for c, (share, move, through_2) in final.items():
    print(f"c = {c:.2f}: plays {move}, {len(through_2)} of the 3000 visits went to cell 2 ({share:.0%})")
assert final[0.2][1] == 4 and final[0.2][2] == [-1]      # too little exploration: stuck
assert alphabeta(ttt, ttt.result(corner, 4)).value == 0  # on a move that only draws
assert final[math.sqrt(2)][1] == 2 and final[math.sqrt(2)][0] > 0.9
assert final[4.0][1] == 2 and final[4.0][0] < 0.6         # too much: still spreading visits

# %% [markdown]
# * **c too small** (0.2): the one playout through cell 2 happened to be a loss, and with so
#   little exploration cell 2 never got a second visit; the search kept exploiting cell 4, a
#   move that only draws.
# * **c too large** (4): it keeps spreading its visits, so it plays the right move but
#   learns slowly: after 3000 iterations fewer than 60% of its visits went there.
# * **c = √2** is the constant of UCB1 as Auer, Cesa-Bianchi and Fischer (2002) wrote it
#   (the mean plus √(2 ln N / n)), for results between 0 and 1: with it, they proved, the
#   expected number of visits to each worse move grows only like the logarithm of all
#   visits. Our results lie between −1 and 1, a range twice as wide; rescaled to 0…1 they
#   turn Q + √2·√(ln N / n) into (Q + 1)/2 + (√2/2)·√(ln N / n), so here √2 explores half as
#   much as that theory assumes (2√2 would match it). It works well all the same; the right
#   c is a matter of tuning, and for payoffs on another scale it scales with them.
#
# One seed is one story; the next section counts over many.

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

fig, ax = plt.subplots(figsize=(6, 3.4))
for name, fractions in found.items():
    ax.plot(budgets, fractions, marker="o", label=name)
ax.set(xscale="log", xlabel="iterations", ylabel="share of the 20 seeds\nplaying the minimax move", ylim=(0, 1.05))
ax.legend(); fig.tight_layout()

# %%
assert all(fractions[-1] >= 0.9 for fractions in found.values())
assert all(fractions[0] <= 0.5 for fractions in found.values())

# %% [markdown]
# With 10 iterations MCTS plays the winning move in at most half of the runs, with 1000 in at
# least 90% of them. In between the count wanders: 20 seeds are a small sample, and early on
# a search can chase a move that looked good by luck. Kocsis and Szepesvári (2006) state
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
# Gomoku, against alpha-beta with the threat-counting heuristic of chapter 11, from eight
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
fig, ax = plt.subplots(figsize=(6.4, 3.6))
for label, budgets_, curve, shift in [
    ("Abapa 4×3, vs alpha-beta (store difference), 32 games a point", budgets_abapa, abapa_curve, 0.97),
    ("Gomoku 7×7, vs alpha-beta (threats), 16 games a point", budgets_gomoku, gomoku_curve, 1.03),
]:
    xs = [b * shift for b in budgets_]
    scores = [s for s, _, _ in curve]
    errors = [[max(0, s - lo) for s, lo, _ in curve], [max(0, hi - s) for s, _, hi in curve]]
    ax.errorbar(xs, scores, yerr=errors, marker="o", capsize=4, label=label)
ax.axhline(0.5, color="grey", lw=0.8, ls="--")
ax.set(xscale="log", xlabel="MCTS iterations per move", ylabel="MCTS score (win 1, draw ½)", ylim=(-0.02, 1.02))
ax.set_title("MCTS against two-ply alpha-beta, with 95% intervals")
ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=1); fig.tight_layout()

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
# All three look at one search: 12 iterations on another small tree (ours), seed 0.

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
# **1. One UCB1 score.** As iteration 10 begins the root A has N = 9 visits; its child B (move
# a1) has n = 7 and Q = 2/7 for MAX. With c = √2, what is B's UCB1 score? (Three decimals.)

# %%
check_ucb1(0.286)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# 2/7 + √2·√(ln 9 / 7) = 0.286 + 1.414 · 0.560 = **1.078**. `before_iteration(10).visits`
# and `.value((0,), 0)` give the numbers; `exercise.trace.snapshot(exercise.trace.step_of(10)).ucb`
# shows all three scores.
# </details>
#
# **2. Predict the selection.** In iteration 10, which child of the root does selection go
# to? (C and D have one visit each, Q = −1 for MAX.)

# %%
check_next_child("B")      # your answer: a node (B, C, D) or a move (a1, a2, a3)

# %% [markdown]
# <details><summary>Solution</summary>
#
# **C**. B scores 1.078; C and D both score −1 + √2·√(ln 9 / 1) = 1.096: the bonus of a move
# tried once outweighs its bad start. A tie goes to the first move in the game's order, a2.
# </details>
#
# **3. Backpropagation.** Iteration 11 goes through C, where it adds C's second child, and
# the playout from that child ends with a win for MIN. Before the iteration C had N = 2 and
# Q = 0 — for MIN, who moves at C. What are N and Q at C afterwards?

# %%
check_backup(3, -0.333)      # your answer: visits, then Q

# %% [markdown]
# <details><summary>Solution</summary>
#
# **N = 3, Q = 1/3 ≈ 0.333**: the total for MIN was 0 · 2 = 0, the win adds +1, and the mean
# is 1/3. For MAX the same node is worth −1/3: Q is always for the player to move there.
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
