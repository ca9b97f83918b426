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
# * to **write the backup yourself**, checked by the grader (and UCB1, for homework).
#
# Going further: `12x_mcts_further` shows that with enough iterations MCTS finds the
# **minimax move** (tic-tac-toe, Nim), how it fares **against alpha-beta** on Abapa and
# Gomoku, and has three exercises on one search.
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
# | **UCB1** | $Q + c\sqrt{\ln N / n}$, with the child's Q taken for the player choosing (the negative of the Q drawn in the child): the score selection maximises | `my_ucb1(...)`, below |
# | **exploration constant** | *c*: how much a rarely tried move is worth trying again | `c=math.sqrt(2)` |
# | **most visited move** | what MCTS plays at the end | `result.move`, `result.children` |

# %%
import math
import random

from gametheory import Abapa, TicTacToe, GameError, alphabeta, grade, mcts, minimax, perft, tree
from gametheory.draw.charts import Chart, Series, side_by_side
from gametheory.draw.mcts import draw_mcts
from gametheory.games.abapa import mobility, store_difference
from gametheory.search.mcts_trace import Backpropagate
from gametheory.widgets.mcts import MCTSExplorer

# %% [markdown]
# ## Why alpha-beta needs an evaluation, and MCTS does not
#
# Abapa's tree grows five- to sixfold with every ply, and a game of random moves lasts about
# a hundred plies. Nobody searches that to the end:

# %%
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
# One iteration has four phases:
#
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
assert run.move == exact.move

# %% [markdown]
# The first two iterations try the root's two moves, one each (untried moves first), and play
# each out through the faint part of the tree. Iteration 3 is the first to choose by UCB1.
# Here are its four phases: selection goes to B, which has an untried move; expansion adds
# D; the playout plays one random move from D to a leaf; backpropagation updates D, B and A.

# %%
for phase in ("selection", "expansion", "simulation", "backpropagation"):
    display(draw_mcts(run, trace.step_of(3, phase), narration=True))

# %% [markdown]
# Step through all of it yourself: the buttons move one phase back or on, jump to the next
# iteration's selection, or to the start and the end; change *c*, the seed or the number of
# iterations and search again. The table lists the root's moves with N, Q and, at a selection
# step, their UCB1 scores. Q is always **for the player to move at the node**, as in the
# picture: a root move leads to a node where MIN moves, so the move best for MAX shows the most
# negative Q (seed 0, 500 iterations: a1 has $N = 492$ and $Q = -0.97$, which is $+0.97$ for MAX). In the same
# way a leaf is drawn faint with its payoff for MAX until it joins the tree, and then with its
# Q for the player to move there (MIN at these leaves: a win for MAX, 1, becomes −1.00).

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

# %% [markdown]
# **Write UCB1 yourself**, for homework (in class, the backup below). Your function gets the child's mean result Q (for the player
# choosing at the parent), the child's visits n, the parent's visits N and the constant c,
# and returns the score. A child that has never been visited must come first, whatever the
# others score.

# %%
def my_ucb1(child_mean, child_visits, parent_visits, c):
    """The UCB1 score of a child: Q + c·√(ln N / n); +∞ for a child never visited."""
    ...                              # your code: replace the ...


grade(my_ucb1, "ucb1")

# %% [markdown]
# <details><summary>Hints, if the grader names a mistake</summary>
#
# * **an unvisited child not taken first** — with $n = 0$ return `math.inf` (and do not divide
#   by 0).
# * **UCB1 with the log of the child's visits** — the logarithm is of $N$, the parent's visits:
#   `math.log(parent_visits)`.
# * **UCB1 without the square root** — `math.sqrt(math.log(N) / n)`.
# * **the mean divided by the visits again** — `child_mean` is already $Q$, the total $W$ divided
#   by $n$: use it as it is.
# </details>
#
# One solution, collapsed (⋯):

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_ucb1(child_mean, child_visits, parent_visits, c):
    """The UCB1 score of a child: Q + c·√(ln N / n); +∞ for a child never visited."""
    if child_visits == 0:
        return math.inf
    return child_mean + c * math.sqrt(math.log(parent_visits) / child_visits)


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

shares, choices = [], []
for (c, (share, choice, _)), lift in zip(histories.items(), (0.15, 0.0, -0.15)):
    label = f"c = {c:.2f}"
    shares.append(Series(label, range(1, len(share) + 1), share))
    # lifted a little apart, so that three equal choices do not hide each other
    choices.append(Series(label, range(1, len(choice) + 1), choice, step=True, lift=lift))
side_by_side([Chart(shares, xlabel="iterations", ylabel="share of root visits to cell 2",
                    log_x=True, y_limits=(0, 1)),
              Chart(choices, xlabel="iterations", ylabel="most visited move (cell)",
                    log_x=True, y_ticks=ttt.legal_moves(corner))],
             title="The root's choice as the search goes on (tic-tac-toe, X to move, seed 0)")

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
# * **$c = \sqrt2$** is the constant of UCB1 as Auer, Cesa-Bianchi and Fischer (2002) wrote it
#   (the mean plus $\sqrt{2 \ln N / n}$), for results between 0 and 1: with it, they proved, the
#   expected number of visits to each worse move grows only like the logarithm of all
#   visits. Our results lie between −1 and 1, a range twice as wide; rescaled to 0…1 they
#   turn $Q + \sqrt{2}\sqrt{\ln N / n}$ into $(Q + 1)/2 + (\sqrt{2}/2)\sqrt{\ln N / n}$, so here $\sqrt2$ explores half as
#   much as that theory assumes ($2\sqrt2$ would match it). It works well all the same; the right
#   c is a matter of tuning, and for payoffs on another scale it scales with them.
#
# One seed is one story; the next section counts over many.

# %% [markdown]
# ## Backpropagation: write it yourself
#
# After a playout every node on the way up counts one more visit and adds the result. The
# result of a playout is given for A (player 0): +1 if A won, −1 if B won, 0 for a draw. But
# each node must add it **as the player who chose the move into it sees it**: a win for A is
# a loss for B. In this exercise a node is a `BackupNode` with four fields:
#
# | field | meaning |
# | --- | --- |
# | `node.player` | the player who chose the move into this node (the player to move at its parent): 0 or 1 |
# | `node.parent` | the node above (`None` at the root) |
# | `node.visits` | N: how many playouts went through it |
# | `node.total` | the sum of their results *for* `node.player`, so that `total / visits` is the Q that UCB1 uses at the parent |
#
# (The explorer above shows Q for the player *to move* at a node: where the players
# alternate, the same number with the other sign.) Your `my_backup(node, reward)` gets the
# new node at the bottom of the path and the reward for A; it updates that node and every
# node above it, and returns nothing.

# %%
def my_backup(node, reward):
    """Add one playout's `reward` (its result for player 0) to `node` and every node above it."""
    ...                              # your code: replace the ...


grade(my_backup, "backup")

# %% [markdown]
# <details><summary>Hints, if the grader names a mistake</summary>
#
# * **the reward backed up without the sign flip** — add `reward` where `node.player == 0`
#   and `-reward` where `node.player == 1`.
# * **the sign flipped at every level instead of by player** — players need not alternate
#   (a game may give a player two moves in a row, as Kalah does when a sowing ends in the
#   player's own store; the grader's level 2 has such paths):
#   ask each node's `player`.
# * **left node … with … visits** — every node on the path, the bottom one and the root
#   included, gets one more visit; `node = node.parent` until it is `None`.
# * **changed node X, which is not on the path** — go up through `parent` only.
# </details>
#
# One solution, collapsed (⋯):

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_backup(node, reward):
    """Add one playout's `reward` (its result for player 0) to `node` and every node above it."""
    while node is not None:
        node.visits += 1
        node.total += reward if node.player == 0 else -reward
        node = node.parent

# %% [markdown]
# ## What the grader says about a mistake
#
# For homework, once your own backup passes: the classic bug, every node adds the reward as it
# is, for A, whoever chose the move. Then B's moves look good to B exactly when they are good
# for A.

# %%
def backup_first_try(node, reward):
    while node is not None:
        node.visits += 1
        node.total += reward
        node = node.parent

grade(backup_first_try, "backup")

# %% [markdown]
# ## Summary
#
# * MCTS needs no evaluation function: it plays games to the end and keeps the mean result.
# * One iteration: selection (by UCB1), expansion, simulation, backpropagation.
# * $\mathrm{UCB1} = Q + c\sqrt{\ln N / n}$; an unvisited child comes first; c sets how much to explore.
# * The backup adds each result for the player who chose the move: the sign flips with the
#   player.
