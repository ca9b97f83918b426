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
# * to run alpha-beta **by hand** on trees of your own, every step checked;
# * to **write alpha-beta yourself**, from the lecture notes' procedure, and have the grader
#   check your code step by step.
#
# Going further: `07x_alpha_beta_further` has the seeds' own examples, one question at a time,
# move ordering (from $b^d$ leaves down to $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1$),
# alpha-beta in negamax form for you to write, and the checkers thesis' alpha-beta to debug.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **α** | the value MAX is already sure of on the path to this node | `alpha` |
# | **β** | the value MIN is already sure of (both for MAX) | `beta` |
# | **window** `[α, β]` | only values strictly inside it can still change the answer | drawn beside each node on the stack |
# | **cutoff** | a node stops looking at its remaining children | `break` out of the loop over the moves |
# | **drill** | a tree to search by hand, checked step by step | `gt.Drill("alphabeta", seed=…)` |
# | **fail-hard**, **fail-soft** | what a cut node returns: the bound α or β it was cut against, or the best value it had found | both right |
#
# The Slovak thesis: *Premenná alfa predstavuje minimálne isté skóre maximalizujúceho hráča a
# beta maximálne isté skóre minimalizujúceho hráča* (the variable alpha is the minimum score the
# maximizing player is sure of, and beta the maximum score the minimizing player is sure of).
# The Hungarian thesis names the cuts by where they happen: *alfa-vágás* below a MIN node,
# *béta-vágás* below a MAX node.

# %%
import gametheory as gt
from gametheory.draw.tree import draw_trace, draw_tree
from gametheory.search.trace import Cutoff
from gametheory.widgets.explorer import PruningExplorer

# %% [markdown]
# ## The textbook tree, answer first
#
# The tree of figure 5.2 in Russell and Norvig's *Artificial Intelligence: A Modern Approach*
# (3rd edition, 2010), a textbook many courses use. MAX moves at A, MIN at B, C and D.
# Minimax gives B = 3, C = 2, D = 2, so **A = 3 by move a1**. Alpha-beta gets the same 3
# without ever looking at **I and J**: after B, MAX is sure of 3 (α = 3). At C the first leaf
# is 2, so MIN can hold C to 2 or less, and MAX already has 3: nothing under C can matter any
# more.

# %%
t = gt.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
draw_tree(t)

# %%
full = gt.minimax(t)
result = gt.alphabeta(t, trace=True)
assert result.value == full.value == 3 and t.root.labels[result.move] == "a1"
never = sorted(t.node(path).name for path in result.trace.snapshot().pruned)
print(f"minimax: {full.stats.leaves} leaves, alpha-beta: {result.stats.leaves} leaves; never looked at: {never}")

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
# ## Why a cut is safe
#
# Take the cut at C in the textbook tree. MIN moves at C and has already found 2, so C is worth
# **at most 2** whatever I and J hold. MAX can get 3 through B, so MAX will never move to C: C's
# exact value cannot change A's. In general a node's value only matters while it can still land
# strictly inside $(\alpha, \beta)$; once it is $\le \alpha$ at a MIN node (α-cutoff) or $\ge \beta$ at a MAX node
# (β-cutoff), the other children can only push it further out. The answer never changes.
#
# The children skipped are not only never looked at: they are never **generated**. A child is
# made (`game.result(state, move)`) only when it is about to be searched, so after a cut the
# positions below are never made at all. Count them on Nim(9):

# %% tags=["show-asserts"]
for seed in range(300):
    r = gt.random_tree((1, 4), 4, seed=seed)
    exact = gt.minimax(r)
    ab, abn = gt.alphabeta(r), gt.alphabeta_negamax(r)
    assert ab.value == abn.value == exact.value
    assert ab.stats.leaves <= exact.stats.leaves
print("300 random trees: alpha-beta = minimax every time")


class CountedNim(gt.Nim):
    """Nim that counts the positions it generates."""
    made = 0

    def result(self, state, move):
        CountedNim.made += 1
        return super().result(state, move)


for search in (gt.minimax, gt.alphabeta):
    CountedNim.made = 0
    search(CountedNim(9))
    print(f"{search.__name__}: {CountedNim.made} positions generated")

# %% [markdown]
# ## Now you: alpha-beta by hand, checked step by step
#
# A **drill** gives you a tree. Write the value each inner node *returns* and which nodes are
# **never looked at**. A cut node has two right answers: the best value it had found
# (*fail-soft*) or the bound it was cut against, β at MAX and α at MIN (*fail-hard*). `check`
# walks the package's alpha-beta in order and stops at your first mistake, saying why.
#
# **Level 1.** The seed is your student number: the same seed always gives the same tree.

# %%
SEED = 2024                         # your student number
drill = gt.Drill("alphabeta", seed=SEED, level=1)
drill.picture()

# %%
my_values = {"A": 5, "B": 5, "C": 5, "D": 5}    # what each inner node returns
my_pruned = []                                  # the nodes never looked at, e.g. ["F", "G"]
drill.check(my_values, my_pruned)

# %% [markdown]
# `drill.picture((my_values, my_pruned))` shows your answers: a ✓ on each right one, a ✗ on each wrong one,
# the first mistake ringed. `drill.hint(my_values, my_pruned)` tells you the next step.

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
# **Level 2** trees have both kinds of cut, an α-cutoff below a MIN node and a β-cutoff below a
# MAX node. In the widget, type each node's value (empty if never looked at), toggle every
# leaf never looked at, then **check**. The *α, β* boxes take the windows on entering
# (`-inf, 3`). **hint** shows the next step, **new tree** another tree. Level 3, for home,
# adds a **deep cutoff**: a bound from two or more levels up:
# `gt.Drill("alphabeta", seed=SEED, level=3).widget()`.

# %%
level_2 = gt.Drill("alphabeta", seed=SEED, level=2)
level_2.widget()


# %% [markdown]
# ## The lecture notes' *Procedura AlfaBeta*, and you write it
#
# The Czech lecture notes give the procedure in words, with A's nodes as OR nodes and B's as
# AND nodes. Their steps, as the notes have them (in the copy we have, α, β and ∞ came out as
# *a*, *b* and *¥*), and what each means in a function of yours:
#
# | Procedura AlfaBeta (the notes) | in `my_alphabeta(game, state, alpha, beta)` |
# | --- | --- |
# | *Nazvěme předaný vstupní uzel uzlem X.* | X is `state` |
# | *Je-li X počátečním/kořenovým uzlem, nastav a = -¥, b = ¥ …* | the grader calls your function at the root with `alpha = -inf`, `beta = inf` |
# | *Je-li uzel X listem (konečným stavem hry, nebo uzlem v maximální hloubce) ukonči proceduru a vrať ohodnocení tohoto uzlu.* | a finished game: return its utility for MAX |
# | *Je-li uzel typu AND (na tahu je hráč B) jdi na bod 5, jinak pokračuj (uzel je typu OR, na tahu je hráč A)* | `game.to_move(state)`: 0 is A (MAX), 1 is B (MIN) |
# | *Dokud je a < b, tak postupně pro první/další tah … volej proceduru AlfaBeta s aktuálními hodnotami proměnných a a b.* | for each move in turn, while α < β: call yourself on the child with the current α and β |
# | *Po každém vyšetřeném tahu nastav hodnotu proměnné a na maximum z aktuální a navrácené hodnoty* | at A's node: α becomes the larger of α and the value returned |
# | *(Uzel je typu AND, na tahu je hráč B): … nastav hodnotu proměnné b na minimum z aktuální a navrácené hodnoty* | at B's node: β becomes the smaller of β and the value returned |
# | *Ukonči proceduru, vrať aktuální hodnotu proměnné a …* (at an AND node: *b*; and at the root also the move) | return α at A's node, β at B's |
#
# The notes return α or β, the bound itself where no child beats it (*fail-hard*). Returning
# the best value found (*fail-soft*) is right too: where the two differ both only bound the
# true value, and at the root, searched in (−∞, +∞), they agree. The grader accepts both.
#
# **Write it yourself.** The game answers the same questions as in lesson 06:
# `game.is_terminal(state)`, `game.utility(state, player)`, `game.to_move(state)`,
# `game.legal_moves(state)`, `game.result(state, move)`. The grader compares the leaves you
# look at, in order, the window you give each child, and the value each node returns.

# %%
def my_alphabeta(game, state, alpha, beta):
    """The alpha-beta value of `state` for MAX (player 0), searched in the window [alpha, beta]."""
    ...                              # your code: replace the ...


gt.grade(my_alphabeta, "alphabeta")

# %% [markdown]
# <details><summary>Hints, if the grader names a mistake</summary>
#
# * **α and β swapped** — MAX raises α, MIN lowers β, and each child gets `(alpha, beta)` in
#   that order.
# * **the cutoff test with > where ≥ is enough** — stop as soon as `alpha >= beta`: a tie
#   already proves the other children cannot change the answer. (The value is right, but you
#   look at leaves alpha-beta never needs.)
# * **the window not passed down** — a child must get both bounds, the one you received and
#   the one you raised, or the root's α never reaches the grandchildren (no deep cutoffs).
# * **the children searched with (−∞, +∞)** — pass the node's *current* window, not a fresh one.
# * **MAX and MIN swapped**, **the terminal value for the wrong player** — as in lesson 06:
#   player 0 maximises, and a leaf is worth `game.utility(state, 0)`.
# * No name, only a node — `gt.grade(my_alphabeta, "alphabeta").picture()` draws that tree with
#   the window of every node on the stack; compare with the drill above.
# </details>
#
# One solution, the notes' procedure line by line, is collapsed in the next cell (⋯).

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_alphabeta(game, state, alpha, beta):
    """Alpha-beta in minimax form, as the notes' AlfaBeta: returns α at A's nodes, β at B's."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        if alpha >= beta:                            # "while a < b"
            break
        value = solution_alphabeta(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
    return alpha if game.to_move(state) == 0 else beta

# %% [markdown]
# ## What the grader says about a mistake
#
# For homework: a first attempt (fail-soft) that passes the bounds to the child the wrong way round,
# `(beta, alpha)`, so that the first child already gets an impossible window, α above β:

# %%
def alphabeta_first_try(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, 0)
    best = float("-inf") if game.to_move(state) == 0 else float("inf")
    for move in game.legal_moves(state):
        value = alphabeta_first_try(game, game.result(state, move), beta, alpha)
        if game.to_move(state) == 0:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best

gt.grade(alphabeta_first_try, "alphabeta")

# %% [markdown]
# ## Summary
#
# * Alpha-beta returns minimax's value; it skips children that cannot change it.
# * α-cutoff below a MIN node ($\text{value} \le \alpha$), β-cutoff below a MAX node ($\text{value} \ge \beta$); a deep cutoff
#   uses a bound from further up than the parent.
# * A cut node may return its bound (fail-hard) or its best value so far (fail-soft).
# * In negamax form (07x) the child's window is $(-\beta, -\alpha)$ and its value comes back negated.
# * `gt.Drill("alphabeta", seed=…, level=…)` gives you a tree to do by hand;
#   `gt.grade(my_alphabeta, "alphabeta")` checks your own code.
