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
# # 10 · The engine
#
# **What you will learn**
# * why a real program searches depth 1, then 2, then 3, … (**iterative deepening**);
# * how a **transposition table** remembers positions it has already searched;
# * why the **order** in which moves are tried decides how much alpha-beta prunes;
# * how to *measure* all this: nodes and seconds per depth, textbook alpha-beta against the
#   engine, on an Abapa position.

# %% [markdown]
# ## Vocabulary
#
# | word | meaning | in Python |
# | --- | --- | --- |
# | **node count** | positions a search visits: the honest measure of its work | `result.stats.nodes` |
# | **iterative deepening** | search depth 1, 2, …, d; each depth teaches the next | `iterative_deepening(game, state, max_depth, evaluate)` |
# | **iteration** | one depth of it, with its own node count, value and move | `result.iterations` |
# | **transposition table** | a dictionary from position to what an earlier search found | `iteration.table_hits` |
# | **move ordering** | which move alpha-beta tries first | `alphabeta(..., order=order)` |
# | **killer move**, **history heuristic** | moves that caused cutoffs elsewhere, tried early | inside the engine |
# | **time limit** | stop when time is up, keep the last finished depth's answer | `time_limit=` |
# | **deepening by two** | search only depths 2, 4, …, d (or 1, 3, …, d) | `step=2` |
# | **null window** | a window (α, β) with nothing between α and β: the search can only answer "above α" or "not above α", never a value | inside the engine |
# | **principal-variation search** (PVS) | searches the first move with the full window, every other move first with a null window, and again with the full window only if that move turned out better | inside the engine |
# | **aspiration window** | a narrow window around the last depth's value for the next depth; if the value falls outside it, that depth is searched again with the full window | `aspiration=` |
#
# The textbook searches of chapters 06–07 (*alfa-béta vágás* in the Hungarian thesis) stay
# short and readable; the speed lives in one module, `gametheory.search.engine`. The tests
# check it against the textbook `alphabeta`: the same value at every depth they try, on
# random trees, Nim, tic-tac-toe and Abapa positions. A check on many cases, not a proof.

# %%
import inspect
import time

import lesson_checks.engine as ex
from gametheory.draw.charts import Chart, Series, bar_chart, line_chart, side_by_side
from gametheory.games.tictactoe import TicTacToe
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import iterative_deepening
from gametheory.search.engine.searcher import Searcher
from gametheory.search.minimax import minimax

game, position = ex.position()            # 12 seeded random moves from the start
evaluate = game.evaluate                  # the game's own evaluation function
game.draw(position)

# %% [markdown]
# ## The answer first
#
# At depth 8 the textbook alpha-beta and the engine agree on the value, and the engine visits
# a fraction of the nodes.

# %%
textbook = alphabeta(game, position, 8, evaluate)
fast = iterative_deepening(game, position, 8, evaluate)
print(f"alphabeta: {textbook.stats.nodes} nodes, engine: {fast.stats.nodes} nodes (all 8 depths together)")

# %% [markdown]
# What the engine adds to alpha-beta is the vocabulary above, and two rules for the order of
# the moves: **best move first** (the move the table remembers; at the root, the last depth's
# best) and **promising moves next** (the moves after which the position looks best now; near
# the depth limit the game's quick guess, `game.order_moves`: in Abapa, likely captures).
# Each idea has a paragraph in the module's docstring, `help(gametheory.search.engine)`.
#
# At a given depth none of them changes the value, only how much of the tree is looked at
# (a time limit only decides which depth is the last one finished).

# %% [markdown]
# ## Where we start: minimax and alpha-beta
#
# Minimax visits every node to the depth; the number grows with every ply by the branching
# factor (a player has at most 6 moves in Abapa; here each ply multiplies the nodes by about
# 5). Alpha-beta gets the same value from far fewer.

# %%
depths = range(1, 6)
mm = [minimax(game, position, d, evaluate) for d in depths]
ab = [alphabeta(game, position, d, evaluate) for d in depths]
print("depth   minimax  alphabeta")
for d, m, a in zip(depths, mm, ab):
    print(f"{d:5} {m.stats.nodes:9} {a.stats.nodes:10}")
growth = [b.stats.nodes / a.stats.nodes for a, b in zip(mm, mm[1:])]
print("minimax nodes per ply:", [round(g, 1) for g in growth])

# %% [markdown]
# ## Iterative deepening
#
# Search depth 1, then 2, then 3 … Isn't that wasteful? Hardly: the tree grows so fast that
# the last depth is the biggest part of the work, often more than all the others together
# (here at depth 9, not quite at depth 8). And the shallow searches are not thrown away: the
# best move of depth $d - 1$ is tried first at depth $d$, and the transposition table keeps
# their best moves for every position.

# %%
deep = iterative_deepening(game, position, 9, evaluate)
print("depth  nodes  value   move  table hits")
for it in deep.iterations:
    print(f"{it.depth:5} {it.nodes:6} {it.value:6.3f} {it.move:6} {it.table_hits:10}")
last = deep.iterations[-1].nodes

# %%
bar_chart([it.depth for it in deep.iterations], [it.nodes for it in deep.iterations],
          log_y=True, xlabel="depth of the iteration", ylabel="nodes", width=680,
          title=f"iterative deepening to depth 9: the last depth is {100 * last / deep.stats.nodes:.0f}% of the work")

# %% [markdown]
# ## Deepening by two
#
# Each depth teaches the next, but a depth two plies shallower teaches almost as much. So
# the engine can skip every other depth: with `step=2` it searches depths 2, 4, …, 10. The
# deeper searches then have a little less to learn from, but the depths it skips cost more
# than that (over the 21 positions of `benchmarks/RESULTS.md` at depth 10, about 30% fewer
# nodes). Same value, less work here too:

# %%
by_one = iterative_deepening(game, position, 10, evaluate)
by_two = iterative_deepening(game, position, 10, evaluate, step=2)
print("step 1:", [it.depth for it in by_one.iterations], by_one.stats.nodes, "nodes")
print("step 2:", [it.depth for it in by_two.iterations], by_two.stats.nodes, "nodes")
print(f"step=2 saves {1 - by_two.stats.nodes / by_one.stats.nodes:.0%} of the nodes here")

# %% [markdown]
# A **time limit** is what makes this practical: the engine stops when time is up and
# answers with the last depth it finished, so a game program always has a move ready.

# %% tags=["varies"]
quick = iterative_deepening(game, position, 30, evaluate, time_limit=0.2)
print(f"in 0.2 s the engine finished {len(quick.iterations)} depths; best move {quick.move}")

# %% [markdown]
# ## Measured: nodes and seconds per depth
#
# The textbook `alphabeta` (moves in house order) against the engine (all its iterations
# counted), depth 1 to 9. The values agree at every depth.

# %% tags=["varies"]
rows = []
for d in range(1, 10):
    t0 = time.perf_counter(); a = alphabeta(game, position, d, evaluate); t1 = time.perf_counter()
    e = iterative_deepening(game, position, d, evaluate); t2 = time.perf_counter()
    rows.append((d, a.stats.nodes, e.stats.nodes, t1 - t0, t2 - t1))
print("depth  alphabeta   engine   seconds: alphabeta  engine")
for d, na, ne, ta, te in rows:
    print(f"{d:5} {na:10} {ne:8} {ta:19.3f} {te:7.3f}")

# %%
d_, na, ne, ta, te = zip(*rows)
work = Chart([Series("textbook alphabeta", d_, na), Series("engine", d_, ne)], log_y=True,
             x_ticks=d_, xlabel="depth", ylabel="nodes", title="work")
time_taken = Chart([Series("textbook alphabeta", d_, ta), Series("engine", d_, te)], log_y=True,
                   x_ticks=d_, xlabel="depth", ylabel="seconds", title="time (this machine)")
display(side_by_side([work, time_taken]))
more = [d for d, a, e in zip(d_, na, ne) if e > a]
print(f"the engine does more work at depths {more}; at depth 9 it does {ne[-1] / na[-1]:.0%} of alphabeta's")

# %% [markdown]
# At depths 2 and 4 the engine does *more* work: it repeats the shallower depths and has not
# yet learnt much. From depth 5 on it does less, and at depth 9 it needs under a quarter of
# the textbook's nodes. (The seconds depend on the
# machine and change a little from run to run; the node counts do not.)
#
# ## Move ordering
#
# Alpha-beta prunes when the best move comes first. The textbook `alphabeta` takes an
# `order(state, moves)` function, so we can measure the effect of ordering alone, without any
# other trick:

# %%
import random

def best_first(state, moves):
    """The moves that look best one ply ahead (by the evaluation) first."""
    me = game.to_move(state)
    return sorted(moves, key=lambda m: -evaluate(game.result(state, m), me))

def worst_first(state, moves):
    return list(reversed(best_first(state, moves)))

shuffler = random.Random(0)
def shuffled(state, moves):
    moves = list(moves); shuffler.shuffle(moves); return moves

orders = {"house order": None, "random": shuffled, "best first": best_first, "worst first": worst_first}
counts = {}
for name, order in orders.items():
    shuffler.seed(0)
    counts[name] = [alphabeta(game, position, d, evaluate, order=order).stats.nodes for d in range(1, 9)]
    print(f"{name:12}", counts[name])

# %%
line_chart([Series(name, range(1, 9), c) for name, c in counts.items()], log_y=True,
           x_ticks=range(1, 9), xlabel="depth", ylabel="nodes",
           title="alpha-beta: the same value, different orders")

# %% [markdown]
# A cheap one-ply guess at the best move already more than halves the work at depth 8
# compared with house order, and the worst order is worse than both. With a *perfect* order alpha-beta looks
# at about $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1$ leaves instead of $b^d$ (Knuth and Moore, 1975): it can
# search twice as deep in the same time. The engine orders moves by what it learnt: the
# previous depth's best move, the table's move, killer moves and the history heuristic. Near
# the depth limit, where making every position just to sort the moves costs as much as
# searching them, it asks the game for a quick guess instead: Abapa's `order_moves` puts
# first the moves whose last seed lands in an opponent's house holding 1 or 2 seeds, the
# likely captures.

# %% [markdown]
# ## Inside the engine: a null window
#
# Once the first move has set α, the best value so far, every other move only has to answer
# one question: *is it better than α?* A search with the **null window** (α, α + ε), where ε is
# the smallest step a score can take, answers exactly that and nothing more, and it prunes far
# more than a full window because any reply that reaches α already cuts. Only a move that turns
# out better is searched a second time, with the full window, for its value. That is
# **principal-variation search**. Here are the lines of the engine that do it (step 4 of
# `Searcher.negamax`; `just_above(alpha)` is the next number above α, or α with one more unit of
# tempo if α is the score of a finished game):

# %%
source = inspect.getsource(Searcher.negamax).splitlines()
start = next(i for i, line in enumerate(source) if "# 4." in line)
end = next(i for i, line in enumerate(source) if "if n == 0 or score > best" in line)
print("\n".join(line[4:] for line in source[start:end]))

# %% [markdown]
# **PVS by hand, for homework.** At a MAX node the first move is searched with the full window
# and is worth 5, so α = 5. The other moves turn out to be worth 3, 7, 4 and 6, tried in that
# order (numbers we made up). Each is first asked "better than α?" with a null window. How many
# of them does the engine search a second time, with the full window?

# %%
ex.check_researches(4)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# 3: not better than 5, done. 7: better, so it is searched again for its value, and α becomes
# 7. 4 and 6: neither is better than 7, done. **One** second search. When the first move is
# the best, as good ordering tries to make it, no move is searched twice and every other move
# costs only a null-window search.
#
# ```python
# ex.check_researches(1)
# ```
# </details>

# %% [markdown]
# ## Transposition tables
#
# Different move orders often reach the same position (a *transposition*). The engine stores
# every position it finishes in a table and reuses the answer. How much that helps depends on
# the game. In tic-tac-toe transpositions are everywhere; the complete tree has 549 946 nodes
# (chapter 04), the number minimax visits, but only 5478 positions:

# %%
ttt = TicTacToe()
tb = alphabeta(ttt)                       # to the end of the game
en = iterative_deepening(ttt)             # to the end too: max_depth=None solves the game
hits = sum(it.table_hits for it in en.iterations)
print(f"alphabeta {tb.stats.nodes} nodes; engine {en.stats.nodes} nodes over "
      f"{len(en.iterations)} depths, {hits} answers taken from the table")

# %% [markdown]
# **Write it yourself: a transposition table is a dictionary.** Complete `tt_negamax(game,
# state, depth, table)`: negamax to `depth` plies, the value for the player to move, where a
# position not over at depth 0 is worth 0 (tic-tac-toe needs no evaluation). `table` is a
# `dict`: before searching, look up the key `(state, depth)`; after, store the value under
# it. Tic-tac-toe's states can be dictionary keys (they are hashable).

# %%
def tt_negamax(game, state, depth, table):
    """The negamax value of `state` for the player to move, `depth` plies deep; `table` maps
    (state, depth) to the values found so far."""
    ...                              # your code: replace the ...


ex.TT_NEGAMAX.check(tt_negamax)

# %% [markdown]
# One solution, collapsed (⋯):

# %% jupyter={"source_hidden": true} tags=["solution", "hide-input"]
def solution_tt_negamax(game, state, depth, table):
    """Negamax with a dictionary transposition table."""
    key = (state, depth)
    if key in table:
        return table[key]
    if game.is_terminal(state):
        value = game.utility(state, game.to_move(state))
    elif depth == 0:
        value = 0
    else:
        value = max(-solution_tt_negamax(game, game.result(state, m), depth - 1, table)
                    for m in game.legal_moves(state))
    table[key] = value
    return value

# %% [markdown]
# **Now count.** Iterative deepening is a loop over the depths; one table serves them all,
# since its keys hold the depth. The cell uses your function once it passes (the solution
# before). Count the entries after depth 9 against the 5478 positions of chapter 04: why more?

# %%
search = tt_negamax if ex.TT_NEGAMAX.check(tt_negamax) else solution_tt_negamax
table, entries = {}, []
for depth in range(1, 10):
    value = search(ttt, ttt.initial_state(), depth, table)
    entries.append(len(table))
print("value", int(value), "(a draw); entries after depths 1-9:", entries)

# %% [markdown]
# In Abapa the table helps less (look at the `table hits` column above). Sowing changes many
# houses at once, so two different lines of a few moves seldom meet; and under the rule that a
# repeated position ends the game, a position remembers the boards since the last capture, so
# two lines that do meet with different pasts are different positions. There the engine's
# gain comes mostly from ordering.
#
# ## Exercises, for homework
#
# For homework (in class, the table above). **1. The cost of deepening.** In a tree with branching factor 6 and no pruning, searching
# depths $1, 2, \dots, d$ one after the other visits about how many times as many nodes as the
# depth-$d$ search alone?

# %%
ex.check_overhead(6)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Depth $d - 1$ has $\tfrac16$ of the nodes of depth $d$, depth $d - 2$ $\tfrac1{36}$, …: the total is
# $1 + \tfrac16 + \tfrac1{36} + \dots = \frac{1}{1 - 1/6} = \tfrac65 = \mathbf{1.2}$ times the last depth.
#
# ```python
# ex.check_overhead(6 / 5)
# ```
# </details>

# %% [markdown]
# **2. The best case** (for homework). With perfect move ordering, how many leaves does alpha-beta look at
# in a uniform tree with branching factor 6 and depth 4?

# %%
ex.check_best_case_leaves(1296)      # your answer


# %% [markdown]
# <details><summary>Solution</summary>
#
# $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1 = 36 + 36 - 1 = 71$: one subtree proves that MAX gets at least
# the value (MAX's best move at each MAX node, against every reply), one that MIN holds MAX
# to it (every MAX move, each refuted by MIN's best reply); they share the principal
# variation's leaf.
#
# ```python
# ex.check_best_case_leaves(71)
# ```
# </details>

# %% [markdown]
# **3. Your own ordering** (for homework). Write `my_order(state, moves)` that returns the same moves in an
# order that makes the textbook alpha-beta visit fewer nodes than house order at depth 6 on
# `position`. Do not reuse `best_first` above: try your own idea (captures first? the houses
# nearest the opponent first?). Not every idea helps: the fullest house first, for one, makes
# it worse here.

# %%
def my_order(state, moves):
    return list(moves)            # change me

ex.check_ordering(my_order)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Any order that tends to put good moves first works. One: the move after which the mover's
# store is largest first (captures first), ties by the evaluation.
#
# ```python
# def captures_first(state, moves):
#     me = game.to_move(state)
#     return sorted(moves, key=lambda m: (-game.result(state, m).stores[me],
#                                         -evaluate(game.result(state, m), me)))
#
# ex.check_ordering(captures_first)
# ```
# </details>
