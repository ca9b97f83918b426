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
# # 07x · Alpha-beta: going further
#
# For those who have done lesson 07. **What you will find here**
# * the seeds' own examples of alpha-beta, rebuilt from their text;
# * the drill one question at a time;
# * why the order of the moves matters: from $b^d$ leaves in the worst case down to
#   $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1$ in the best, and an exercise on it;
# * alpha-beta in negamax form, for you to write (lesson 07's second implementation);
# * the checkers thesis' alpha-beta, with two lines to find.

# %%
import inspect
import statistics

import gametheory as gt
import lesson_checks.alphabeta as ex
from gametheory.draw.charts import Series, line_chart
from gametheory.draw.tree import draw_trace
from gametheory.widgets.explorer import move_order

t = gt.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # lesson 07's tree: AIMA's figure 5.2

# %% [markdown]
# ## The seeds' own examples
#
# **The Slovak thesis, figure 14.** MAX moves first; MIN answers with moves that end the game.
# Under MAX's first move the smallest value is **2**. Under the second, the first position
# (square 5 of the figure, G below) is worth **−2**: MIN can hold that move to −2 or less, MAX
# already has 2, so the other replies are not examined. The third move goes the same way, with
# a value below 2. The figure itself is not in our copy, so we rebuilt a tree that fits the
# text: only 2 and −2 are the thesis' numbers; **4, 5, 1 and 3 are ours**. (Counting the root
# as square 0, as figure 13 does, square 5 is the first reply to the second move, so the first
# move has two replies.)

# %%
figure_14 = gt.tree([[4, 2], [-2, 5], [1, 3]])      # 2 and −2 from the thesis; the rest ours
fig14 = gt.alphabeta(figure_14, trace=True)
assert fig14.value == 2
draw_trace(fig14)

# %% [markdown]
# **The Hungarian thesis, figure 8** (*Alfa-Béta vágás*; the thesis numbers its negamax figure 8
# as well). Its text: the leftmost β node (MIN, a circle) first gets
# **5**, which goes up, so the start node has **α = 5**; it cannot take **6**, because it looks
# for the minimum. Its sibling first gets **β = 7**, searches on in case there is less, and
# gets **4 < 7**, so β = 4; that is below α = 5 one level up, so the rest of that branch is cut:
# an alpha cut, because it happens below a β node. The figure shows **three** alpha cuts. Again
# only the text survives, so this tree is **reconstructed**: 5, 6, 7 and 4 are the thesis'
# numbers; the other leaves (8, 3, 9, 6, 2, 1), the tree's depth and the number of children of
# every node are ours.

# %%
figure_8 = gt.tree([[5, 6], [7, 4, 8], [3, 9], [6, 2, 1]])   # 5, 6, 7, 4 from the thesis
fig8 = gt.alphabeta(figure_8, trace=True)
draw_trace(fig8)

# %% [markdown]
# ## The drill, one question at a time
#
# The same checks, one question at a time, in the order the search meets
# them: the window on entering a node, whether the rest of a node is cut, the value it returns.
# Here on figure 14 (answer with `"-inf, inf"`, `"yes"`/`"no"`, a number):

# %%
walk = gt.Drill("alphabeta", figure_14)
steps = walk.steps()
for step in steps[:4]:
    print(step.number, step.question)
print(walk.answer(steps[0], "-inf, inf"))
print(walk.answer(steps[1], "-inf, 2"))          # try it: what are α and β on entering B?

# %% [markdown]
# ## Move ordering
#
# Alpha-beta cuts early when each node tries its best move first. With the best order (here we
# cheat: we know every child's exact value) it evaluates $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1$ leaves of a
# uniform tree (Knuth and Moore, 1975) instead of minimax's $b^d$. With the worst order it can
# evaluate all $b^d$ leaves, as minimax does, though deeper down cuts can still happen. On the
# textbook tree:

# %%
for how in ["as given", "best first", "worst first", "random"]:
    r = gt.alphabeta(t, order=move_order(t, how, seed=1))
    print(f"{how:12} leaves {r.stats.leaves}, cutoffs {r.stats.cutoffs}")
worst = gt.alphabeta(t, order=move_order(t, "worst first"))
assert worst.stats.leaves == 3 ** 2 and worst.stats.cutoffs == 0     # here it cuts nothing

# %%
# the worst order on deeper random trees: all $b^d$ leaves on some, cuts lower down on others
b, d = 3, 4
worst_runs = [gt.alphabeta(r, order=move_order(r, "worst first"))
              for r in (gt.random_tree(b, d, seed=seed) for seed in range(100))]
every_leaf = sum(w.stats.leaves == b ** d for w in worst_runs)
some_cut = sum(w.stats.cutoffs > 0 for w in worst_runs)
assert every_leaf > 0 and some_cut > 0
print(f"worst order, 100 random trees (b = {b}, d = {d}): all {b ** d} leaves on {every_leaf}, "
      f"a cutoff on {some_cut}")

# %% [markdown]
# On random trees of branching 3, deeper and deeper (the mean of five trees each):

# %%
b, depths, seeds = 3, range(1, 7), range(5)

def mean_leaves(how, depth, algorithm=gt.alphabeta):
    counts = []
    for seed in seeds:
        tree = gt.random_tree(b, depth, seed=seed)
        counts.append(algorithm(tree, order=move_order(tree, how, seed=seed)).stats.leaves)
    return statistics.mean(counts)

curves = {
    "minimax": [mean_leaves("as given", d, gt.minimax) for d in depths],
    "alpha-beta, random order": [mean_leaves("random", d) for d in depths],
    "alpha-beta, best order": [mean_leaves("best first", d) for d in depths],
}
lines = [Series(label, depths, counts) for label, counts in curves.items()]
lines.append(Series("b^d", depths, [b ** d for d in depths]))
lines.append(Series("b^⌈d/2⌉ + b^⌊d/2⌋ − 1", depths, [ex.best_case_leaves(b, d) for d in depths]))
line_chart(lines, log_y=True, x_ticks=depths, xlabel="depth d", ylabel="leaves evaluated",
           title="Leaves evaluated on random trees, branching 3")

# %%
# The best order meets Knuth and Moore's count exactly; minimax always looks at every leaf.
assert curves["alpha-beta, best order"] == [ex.best_case_leaves(b, d) for d in depths]
assert curves["minimax"] == [b ** d for d in depths]
assert all(best <= rand <= full for full, rand, best in zip(*curves.values()))

# %% [markdown]
# With a good order, alpha-beta searches about twice as deep as minimax in the same time. Real
# programs guess the order: captures first, the best move of a shallower search first (iterative
# deepening), killer moves.
#
# **Exercise: the best case by hand.** A uniform tree has branching 4 and depth 4 (256 leaves).
# How many leaves does alpha-beta evaluate when every node tries its best move first?

# %%
ex.check_best_case_leaves(256)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# $4^{\lceil 4/2\rceil} + 4^{\lfloor 4/2\rfloor} - 1 = 16 + 16 - 1 = 31$: one leaf is counted in both halves (the best
# line). The package agrees, on any tree of that shape:
#
# ```python
# t4 = gt.random_tree(4, 4, seed=0)
# assert gt.alphabeta(t4, order=move_order(t4, "best first")).stats.leaves == 31
# ex.check_best_case_leaves(31)
# ```
# </details>

# %% [markdown]
# ## Negamax form
#
# In negamax form (lesson 06; `my_alphabeta` of lesson 07 is the minimax form) every value is for the player to move, so every node does the
# same thing: it raises $\alpha$ and cuts when $\alpha \ge \beta$. The child sees the window from the other side:
# what is at least $\alpha$ for me is at most $-\alpha$ for my opponent, so the child's window is
# $\boldsymbol{(-\beta, -\alpha)}$, and its value comes back negated. This is the form of the checkers thesis
# (and of `gt.alphabeta_negamax`).
#
# **Write it yourself**, a leaf now scored for the player to move there:

# %%
def my_alphabeta_negamax(game, state, alpha, beta):
    """The alpha-beta value of `state` for the player to move there, in the window [alpha, beta]."""
    ...                              # your code: replace the ...


gt.grade(my_alphabeta_negamax, "alphabeta_negamax")

# %% [markdown]
# <details><summary>Hints, if the grader names a mistake</summary>
#
# * **negamax's sign forgotten on the value** — the child's value is for the opponent: `-value`.
# * **negamax's sign forgotten on the window** — the child gets `(-beta, -alpha)`, not
#   `(alpha, beta)`.
# * **the window not swapped** — `(-alpha, -beta)` is the right numbers in the wrong order:
#   negating turns the interval round, so the child's $\alpha$ is $-\beta$.
# * **the cutoff test with > where ≥ is enough**, **the children searched with (−∞, +∞)**, **the
#   window not passed down** — as in minimax form.
# * **the terminal value for the wrong player** — `game.utility(state, game.to_move(state))`.
# </details>
#
# One solution (fail-soft this time), collapsed (⋯):

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_alphabeta_negamax(game, state, alpha, beta):
    """Alpha-beta in negamax form, fail-soft: returns the best value found."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = float("-inf")
    for move in game.legal_moves(state):
        best = max(best, -solution_alphabeta_negamax(game, game.result(state, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best

# %% [markdown]
# ## Spot the bug
#
# The checkers thesis gives this alpha-beta in negamax form (a value for the player to move;
# a child's window is $(-\beta, -\alpha)$). Exactly as printed there, it has two wrong lines. Which?

# %%
print(ex.checkers_pseudocode())

# %%
ex.check_checkers_bugs({17})      # your answer: the numbers of the two wrong lines

# %% [markdown]
# <details><summary>Solution</summary>
#
# **Line 7** starts the loop at move 1 and stops before `pocet`, so one move is never tried
# (and C needs `;`, not `,`, in a `for`). **Line 11** calls `minimax`, a function this listing
# does not define, instead of `alfabeta` itself: as printed, the window $(-\beta, -\alpha)$ is handed to
# another function and alfabeta never searches below the root with it. (The thesis' program
# listing a page later makes the same call, `-minimax(…, -Beta, -Alfa, FALSE)`, from a function
# it names `alfabeta`, so "minimax" may be the program's own name for it; the text does not say.)
# The comments on lines 15–16 say the branch is left because it is *unfavourable for the
# maximizing player*: that is true at the opponent's nodes only; at MAX's own nodes a value ≥ β
# is cut because it is too good, MIN will not allow it. Compare `gt.alphabeta_negamax`, which
# loops over every move and calls itself:
#
# ```python
# ex.check_checkers_bugs({7, 11})
# print(inspect.getsource(gt.alphabeta_negamax))
# ```
# </details>

# %% [markdown]
# ## Summary
#
# * The seeds' figures, rebuilt from their text, cut where their text says.
# * The order of moves decides how much is skipped: $b^d$ leaves at worst, $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1$
#   at best.
# * In negamax form the child's window is $(-\beta, -\alpha)$ and its value comes back negated.
# * Read published pseudocode with a grader's eye: the checkers thesis' listing has two wrong
#   lines and a comment that holds only at half the nodes.
