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
# # 07 · Alpha-beta pruning
#
# **What you will learn**
# * why alpha-beta gets minimax's answer while looking at fewer positions;
# * what the window `[α, β]` means, and the thesis' names for the two kinds of cut:
#   an **α-cutoff** below a MIN node, a **β-cutoff** below a MAX node;
# * to run alpha-beta **by hand**, on the seeds' own examples and on trees of your own,
#   and to have every step checked;
# * why the order of the moves matters: from b^d leaves in the worst case down to
#   b^⌈d/2⌉ + b^⌊d/2⌋ − 1 in the best.

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
# | **drill** | a tree to search by hand, checked step by step | `gt.Drill("alphabeta", seed=…)` |
#
# The Slovak thesis: *Premenná alfa predstavuje minimálne isté skóre maximalizujúceho hráča a
# beta maximálne isté skóre minimalizujúceho hráča* (the variable alpha is the minimum score the
# maximizing player is sure of, and beta the maximum score the minimizing player is sure of).
# The Hungarian thesis names the cuts by where they happen: *alfa-vágás* below a MIN node,
# *béta-vágás* below a MAX node.

# %%
import inspect
import statistics

import matplotlib.pyplot as plt

import gametheory as gt
import lesson_checks.alphabeta as ex
from gametheory.draw.tree import draw_trace, draw_tree
from gametheory.practice import cutoff_kinds
from gametheory.search.trace import Backup, Cutoff
from gametheory.widgets.explorer import PruningExplorer, move_order

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
# ## The algorithm, and the lecture notes' *Procedura AlfaBeta*
#
# This is the package's own code (it is not copied here, so the notebook and the package cannot
# disagree). `s` is the search's helper: `s.enter`, `s.backup`, `s.cutoff` and `s.exit` only
# record the search (for the counts and the pictures; `s.exit` passes the value on);
# `s.stops_at`, `s.leaf`, `s.is_max` and `s.moves` ask the game (is this a leaf, what is it
# worth, who moves, which moves in which order) and record as they go. The rest, the loop with
# α, β and the cut, is the textbook algorithm.

# %%
source = inspect.getsource(gt.alphabeta)
print(source)

# %% [markdown]
# The Czech lecture notes give the same procedure in words, with A's nodes as OR nodes and B's
# as AND nodes. Their steps, as the notes have them (in the copy we have, α, β and ∞ came
# out as *a*, *b* and *¥*), next to the line of `alphabeta` that does each:
#
# | Procedura AlfaBeta (the notes) | `alphabeta` |
# | --- | --- |
# | *Nazvěme předaný vstupní uzel uzlem X.* | `def value(state, path, depth, alpha, beta)` |
# | *Je-li X počátečním/kořenovým uzlem, nastav a = -¥, b = ¥ …* | `value(s.root, (), s.depth, -inf, inf)` |
# | *Je-li uzel X listem (konečným stavem hry, nebo uzlem v maximální hloubce) ukonči proceduru a vrať ohodnocení tohoto uzlu.* | `if s.stops_at(state, depth): return s.leaf(state, path)` |
# | *Je-li uzel typu AND (na tahu je hráč B) jdi na bod 5, jinak pokračuj (uzel je typu OR, na tahu je hráč A)* | `maximizing = s.is_max(state)` |
# | *Dokud je a < b, tak postupně pro první/další tah … volej proceduru AlfaBeta s aktuálními hodnotami proměnných a a b.* | `for …: v = value(…, alpha, beta)`, and `if alpha >= beta: … break` |
# | *Po každém vyšetřeném tahu nastav hodnotu proměnné a na maximum z aktuální a navrácené hodnoty* | `alpha = max(alpha, best)` |
# | *(Uzel je typu AND, na tahu je hráč B): … nastav hodnotu proměnné b na minimum z aktuální a navrácené hodnoty* | `beta = min(beta, best)` |
# | *Ukonči proceduru, vrať aktuální hodnotu proměnné a …* (at an AND node: *b*; and at the root also the move) | `return s.exit(path, best)`; the move: `result.move` |
#
# One difference: the notes return α (at OR nodes) or β (at AND nodes), the package the best
# value it found. Where they differ, both are only a bound, on the side of the window the true
# value lies; at the root, whose window starts at (−∞, +∞), they are the same number:

# %%
for fragment in ["s.stops_at(state, depth)", "maximizing = s.is_max(state)",
                 "alpha = max(alpha, best)", "beta = min(beta, best)", "if alpha >= beta:",
                 "value(s.root, (), s.depth, -inf, inf)", "return s.exit(path, best)"]:
    assert fragment in source, fragment                 # the table quotes the code as it is
root_alpha = [e.alpha for e in result.trace if isinstance(e, Backup) and e.path == ()][-1]
assert root_alpha == result.value == 3                   # the notes' α at the root is the value

# %% [markdown]
# ## Step by step
#
# `draw_trace(trace, k)` draws the tree after the first `k` steps of the search: values as they
# become known (every leaf shows its value from the start, in grey until the search reaches
# it; a cut leaf stays grey), the window `[α, β]` beside every node on the stack (yellow), finished nodes
# blue, the node of the current step ringed, cut branches dashed and grey, the best line so far
# bold. Here is the cut at C:

# %%
trace = result.trace
cut = next(k for k, event in enumerate(trace.events, 1) if isinstance(event, Cutoff))
print(trace.narrate(cut))
draw_trace(trace, cut)

# %% [markdown]
# The explorer replays the same trace: use the buttons or the slider, change the algorithm and
# the move order, or ask for a new random tree. The table compares the work so far with what
# plain minimax needs.

# %%
PruningExplorer(t)

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
cuts = [e for e in fig14.trace if isinstance(e, Cutoff)]
assert fig14.value == 2 and [figure_14.node(e.path).name for e in cuts] == ["C", "D"]
assert figure_14.node((1, 0)).payoff == -2 and cutoff_kinds(fig14.trace) == {"α"}
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
backups = [e for e in fig8.trace if isinstance(e, Backup)]
assert [(e.path, e.alpha) for e in backups if e.path == ()][0] == ((), 5)    # α = 5 at the start
assert [e.value for e in backups if e.path == (1,)] == [7, 4]                # 7, then 4
assert [fig8.trace.role(e.path) for e in fig8.trace if isinstance(e, Cutoff)] == ["MIN"] * 3
draw_trace(fig8)

# %% [markdown]
# ## Why a cut is safe
#
# Take the cut at C in the textbook tree. MIN moves at C and has already found 2, so C is worth
# **at most 2** whatever I and J hold. MAX can get 3 through B, so MAX will never move to C: C's
# exact value cannot change A's. In general a node's value only matters while it can still land
# strictly inside `(α, β)`; once it is ≤ α at a MIN node (α-cutoff) or ≥ β at a MAX node
# (β-cutoff), the other children can only push it further out. The answer never changes:

# %%
for seed in range(300):
    r = gt.random_tree((1, 4), 4, seed=seed)
    exact = gt.minimax(r)
    ab, abn = gt.alphabeta(r), gt.alphabeta_negamax(r)
    assert ab.value == abn.value == exact.value
    assert ab.stats.leaves <= exact.stats.leaves
print("300 random trees: alpha-beta = minimax every time")

# %% [markdown]
# ## Now you: alpha-beta by hand, checked step by step
#
# A **drill** gives you a tree. You write the value each inner node *returns* (with a cut, that
# is the best it had found when it stopped) and which nodes are **never looked at**. `check`
# runs the package's alpha-beta and walks its trace in order: it stops at your first mistake
# and says what the search did there, and why.
#
# **Level 1.** Put your student number (or any number) as the seed: the same seed always gives
# the same tree, so your teacher can give everyone their own.

# %%
SEED = 2024                         # your student number
drill = gt.Drill("alphabeta", seed=SEED, level=1)
drill.picture()

# %%
my_values = {"A": 5, "B": 5, "C": 5, "D": 5}    # what each inner node returns
my_pruned = []                                  # the nodes never looked at, e.g. ["F", "G"]
drill.check(my_values, my_pruned)

# %% [markdown]
# `drill.picture((my_values, my_pruned))` shows your answers: right ones green, wrong ones red,
# the first mistake ringed. `drill.hint(my_values, my_pruned)` tells you the next step of the
# search and only that.

# %%
drill.picture((my_values, my_pruned))

# %% [markdown]
# <details><summary>Solution (for the teacher to reveal)</summary>
#
# `drill.solution()` gives the right answer in the form `check` takes:
#
# ```python
# values, never_looked_at = drill.solution()
# print(values, never_looked_at)
# drill.check(values, never_looked_at)
# ```
# </details>

# %% [markdown]
# **Step by step.** The same checks, one question at a time, in the order the search meets
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
# **Levels 2 and 3.** Level 2 trees always have both kinds of cut, an α-cutoff below a MIN node
# and a β-cutoff below a MAX node; level 3 trees also have a **deep cutoff**: one justified by a
# bound from two or more levels up, not by the parent's. In the widget, type the value each
# node returns into its box and leave the box of a node that is never looked at empty; press
# the toggle of every leaf that is never looked at (for a cut inner node, of every leaf below
# it); then **check**. **hint** shows the next step, **new tree** gives another tree (the next
# seed), and the menu gives this seed's tree at another level. One level-2 tree
# is enough for the lesson; level 3 (a tree one level deeper) is for homework:
# `gt.Drill("alphabeta", seed=SEED, level=3).widget()`.

# %%
level_2 = gt.Drill("alphabeta", seed=SEED, level=2)
level_3 = gt.Drill("alphabeta", seed=SEED, level=3)
assert {"α", "β"} <= cutoff_kinds(level_2.trace) and "deep" in cutoff_kinds(level_3.trace)
level_2.widget()

# %% [markdown]
# ## Move ordering
#
# Alpha-beta cuts early when each node tries its best move first. With the best order (here we
# cheat: we know every child's exact value) it evaluates **b^⌈d/2⌉ + b^⌊d/2⌋ − 1** leaves of a
# uniform tree (Knuth and Moore, 1975) instead of minimax's b^d. With the worst order it can
# evaluate all b^d leaves, as minimax does, though deeper down cuts can still happen. On the
# textbook tree:

# %%
for how in ["as given", "best first", "worst first", "random"]:
    r = gt.alphabeta(t, order=move_order(t, how, seed=1))
    print(f"{how:12} leaves {r.stats.leaves}, cutoffs {r.stats.cutoffs}")
worst = gt.alphabeta(t, order=move_order(t, "worst first"))
assert worst.stats.leaves == 3 ** 2 and worst.stats.cutoffs == 0     # here it cuts nothing

# %%
# the worst order on deeper random trees: all b^d leaves on some, cuts lower down on others
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
fig, ax = plt.subplots(figsize=(6, 4))
for label, counts in curves.items():
    ax.plot(list(depths), counts, marker="o", label=label)
ax.plot(list(depths), [b ** d for d in depths], "k:", label="b^d")
ax.plot(list(depths), [ex.best_case_leaves(b, d) for d in depths], "k--",
        label="b^⌈d/2⌉ + b^⌊d/2⌋ − 1")
ax.set_yscale("log"); ax.set_xlabel("depth d"); ax.set_ylabel("leaves evaluated")
ax.set_title("Leaves evaluated on random trees, branching 3"); ax.legend()
plt.show()

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
# 4^⌈4/2⌉ + 4^⌊4/2⌋ − 1 = 16 + 16 − 1 = **31**: one leaf is counted in both halves (the best
# line). The package agrees, on any tree of that shape:
#
# ```python
# t4 = gt.random_tree(4, 4, seed=0)
# assert gt.alphabeta(t4, order=move_order(t4, "best first")).stats.leaves == 31
# ex.check_best_case_leaves(31)
# ```
# </details>

# %% [markdown]
# ## Spot the bug
#
# The checkers thesis gives this alpha-beta in negamax form (a value for the player to move;
# a child's window is (−β, −α)). Exactly as printed there, it has two wrong lines. Which?

# %%
print(ex.checkers_pseudocode())

# %%
ex.check_checkers_bugs({17})      # your answer: the numbers of the two wrong lines

# %% [markdown]
# <details><summary>Solution</summary>
#
# **Line 7** starts the loop at move 1 and stops before `pocet`, so one move is never tried
# (and C needs `;`, not `,`, in a `for`). **Line 11** calls `minimax` instead of `alfabeta`:
# the search the thesis writes before this one (its `negamax`) takes no window, so (−β, −α) is
# lost and nothing below the root is cut. Compare `gt.alphabeta_negamax`, which loops over
# every move and calls itself:
#
# ```python
# ex.check_checkers_bugs({7, 11})
# print(inspect.getsource(gt.alphabeta_negamax))
# ```
# </details>

# %% [markdown]
# ## Summary
#
# * Alpha-beta returns minimax's value; it skips children that cannot change it.
# * α-cutoff below a MIN node (value ≤ α), β-cutoff below a MAX node (value ≥ β); a deep cutoff
#   uses a bound from further up than the parent.
# * The order of moves decides how much is skipped: b^d leaves at worst, b^⌈d/2⌉ + b^⌊d/2⌋ − 1
#   at best.
# * `gt.Drill("alphabeta", seed=…, level=…)` gives you a tree to do by hand; `check`, `steps`
#   and `widget()` check your work against the search's own trace.
