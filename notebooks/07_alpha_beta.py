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
# # 07 · Alpha-beta pruning
#
# **What you will learn**
# * why alpha-beta gets minimax's answer while looking at fewer positions;
# * what the window `[α, β]` means, and the thesis' names for the two kinds of cut:
#   an **α-cutoff** below a MIN node, a **β-cutoff** below a MAX node;
# * to step through a search and read the reason for every cut;
# * why the order of the moves matters: from about b^d leaves in the worst case down to about
#   b^(d/2) in the best.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **α** | the value MAX is already sure of on the path to this node | `Enter(path, alpha, beta)` |
# | **β** | the value MIN is already sure of (both for MAX) | |
# | **window** `[α, β]` | only values strictly inside it can still change the answer | drawn beside each node on the stack |
# | **cutoff** | a node stops looking at its remaining children | `Cutoff(path, alpha, beta, pruned_children)` |
# | **move ordering** | the order in which a node tries its moves | `order(state, moves) -> moves` |
#
# The Slovak thesis: *alfa = najlepšia hodnota, ktorú si MAX môže zabezpečiť; beta = to isté pre
# MIN*. The Hungarian thesis names the cuts by where they happen: *alfa-vágás* below a MIN node,
# *béta-vágás* below a MAX node.

# %%
import inspect
import statistics

import matplotlib.pyplot as plt

import gametheory as gt
from gametheory.draw.tree import draw_trace, draw_tree
from gametheory.search.trace import Cutoff
from gametheory.widgets.explorer import PruningExplorer, move_order
from gametheory.widgets.play import PlayWidget

# %% [markdown]
# ## The textbook tree, answer first
#
# MAX moves at A, MIN at B, C and D. Minimax gives B = 3, C = 2, D = 2, so **A = 3 by move a1**.
# Alpha-beta gets the same 3 without ever looking at **I and J**: after B, MAX is sure of 3
# (α = 3). At C the first leaf is 2, so MIN can hold C to 2 or less, and MAX already has 3:
# nothing under C can matter any more.

# %%
t = gt.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
draw_tree(t)

# %%
full = gt.minimax(t)
result = gt.alphabeta(t, trace=True)
pruned = {t.node(path).name for path in result.trace.snapshot().pruned}
assert result.value == full.value == 3 and t.root.labels[result.move] == "a1"
assert pruned == {"I", "J"}
print(f"minimax: {full.stats.leaves} leaves, alpha-beta: {result.stats.leaves} leaves; never looked at: {sorted(pruned)}")

# %% [markdown]
# ## The algorithm
#
# This is the package's own code (it is not copied here, so the notebook and the package cannot
# disagree). The lines with `s.` are bookkeeping for counting and for the pictures; the rest is
# the textbook algorithm.

# %%
print(inspect.getsource(gt.alphabeta))

# %% [markdown]
# ## Step by step
#
# Each search with `trace=True` records what it does: enter a node, score a leaf, hear back from
# a child, cut, finish. `draw_trace(trace, k)` draws the tree after the first `k` steps: values
# as they become known, the window `[α, β]` beside every node on the stack (yellow), finished
# nodes blue, the node of the current step ringed, cut branches dashed and grey, the best line so
# far bold. Here is step 22, the cut at C:

# %%
trace = result.trace
cut = next(k for k, event in enumerate(trace.events, 1) if isinstance(event, Cutoff))
print(trace.narrate(cut))
draw_trace(trace, cut)

# %% [markdown]
# …and the finished search. A drawing of a search is always the replay of its trace, so the last
# step is the static picture:

# %%
draw_trace(trace)

# %% [markdown]
# ### Now you step
#
# The explorer replays the same trace: use the buttons or the slider (or ▶ to play it), change
# the algorithm and the move order, or ask for a new random tree. The table compares the work
# so far with what plain minimax needs.

# %%
PruningExplorer(t)

# %% [markdown]
# ## Why a cut is safe
#
# Take the cut at C. MIN moves at C and has already found 2, so C is worth **at most 2** whatever
# I and J hold. MAX can get 3 through B, so MAX will never move to C: C's exact value cannot change
# A's. In general a node's value only matters while it can still land strictly inside `(α, β)`;
# once it is ≤ α at a MIN node (α-cutoff) or ≥ β at a MAX node (β-cutoff), the other children can
# only push it further out.
#
# The answer never changes. Let us check that on many random trees, in both forms:

# %%
for seed in range(300):
    r = gt.random_tree((1, 4), 4, seed=seed)
    exact = gt.minimax(r)
    ab, abn = gt.alphabeta(r), gt.alphabeta_negamax(r)
    assert ab.value == abn.value == exact.value
    assert ab.stats.leaves <= exact.stats.leaves
print("300 random trees: alpha-beta = minimax every time")

# %% [markdown]
# ## Move ordering: from b^d down to b^(d/2)
#
# Alpha-beta cuts early when each node tries its best move first. With the best order (here we
# cheat: we know every child's exact value) it looks at about **b^⌈d/2⌉ + b^⌊d/2⌋ − 1** leaves
# (Knuth and Moore, 1975), instead of minimax's b^d. With the worst order it cuts nothing at all.
# On the textbook tree:

# %%
for how in ["as given", "best first", "worst first", "random"]:
    r = gt.alphabeta(t, order=move_order(t, how, seed=1))
    print(f"{how:12} {r.stats.leaves} leaves, {r.stats.cutoffs} cutoffs")
best = gt.alphabeta(t, order=move_order(t, "best first"))
assert best.stats.leaves == 3 ** 1 + 3 ** 1 - 1 and best.value == 3

# %% [markdown]
# Now on random trees of branching 3, deeper and deeper (the mean of five trees each):

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
fig, ax = plt.subplots(figsize=(6, 4))
for label, counts in curves.items():
    ax.plot(list(depths), counts, marker="o", label=label)
ax.plot(list(depths), [b ** d for d in depths], "k:", label="b^d")
ax.plot(list(depths), [b ** ((d + 1) // 2) + b ** (d // 2) - 1 for d in depths], "k--",
        label="b^⌈d/2⌉ + b^⌊d/2⌋ − 1")
ax.set_yscale("log"); ax.set_xlabel("depth d"); ax.set_ylabel("leaves evaluated")
ax.set_title("Leaves evaluated on random trees, branching 3"); ax.legend()
plt.show()

# %%
# The best order meets Knuth and Moore's bound exactly; minimax always looks at every leaf.
assert curves["alpha-beta, best order"] == [b ** ((d + 1) // 2) + b ** (d // 2) - 1 for d in depths]
assert curves["minimax"] == [b ** d for d in depths]
assert all(best <= rand <= full for full, rand, best in zip(*curves.values()))

# %% [markdown]
# With a good order, alpha-beta searches about twice as deep as minimax in the same time. Real
# programs guess the order: captures first, the best move of a shallower search first (iterative
# deepening), killer moves.
#
# ## Your turn
#
# Which leaves of this tree does alpha-beta (moves in the given order) never look at? Write
# their names, then run the check. Draw the tree first: `draw_tree(exercise)`.

# %%
from gametheory.exercises.alphabeta import check_pruned, exercise_tree

exercise = exercise_tree()
draw_tree(exercise)

# %%
check_pruned({"W"})      # your answer: the names of the leaves that are never looked at

# %% [markdown]
# <details><summary>Solution (for the teacher to reveal)</summary>
#
# Alpha-beta never looks at **Q, R, U and V**. B is worth 7: E takes the larger of 5 and 7,
# F is worth 9, and MIN keeps 7. So A's window becomes [7, +∞]. At C, G is worth 6, so C is
# at most 6 ≤ α = 7: an α-cutoff, and H with its leaves Q, R is never searched. At D, I is worth 4 ≤ 7: another α-cutoff, and J with U, V is skipped.
# `PruningExplorer(exercise)` shows each step; `draw_trace(gt.alphabeta(exercise, trace=True).trace)`
# draws the dashed pruned branches.
# </details>

# %% [markdown]
# ## Play the machine
#
# The machine below plays tic-tac-toe with alpha-beta to the end of the game, so the best you can
# do is a draw. Press **hint** to see what it would play for you, with the value and the line it
# expects; **undo** takes your move back.

# %%
PlayWidget(gt.TicTacToe())

# %% [markdown]
# ## Summary
#
# * Alpha-beta returns minimax's value; it skips children that cannot change it.
# * α-cutoff below a MIN node (value ≤ α), β-cutoff below a MAX node (value ≥ β).
# * The order of moves decides how much is skipped: b^d leaves at worst, about 2·b^(d/2) at best.
#
# **Exercises.** (1) In the explorer, find a random tree where "random" order beats "as given".
# (2) Switch to `alphabeta_negamax` and compare the narration of the cuts with the minimax form.
# (3) How many leaves does the best order need for b = 4, d = 4? Check with `move_order`.
