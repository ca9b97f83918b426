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
# # 04x · Game trees, going further
#
# For those who have done lesson 04. **What you will find here**
# * why the complete tree of chess cannot be coloured: the thesis' figures for tic-tac-toe,
#   checkers and chess, and what is known today;
# * how checkers (2007) and Awari (2002) were solved all the same;
# * nodes or positions: an exercise on the matches game, checked.

# %%
import gametheory as gt
from gametheory.andor import solve
import lesson_checks.trees as ex

game = gt.TicTacToe()
solution = solve(game)                   # every position of tic-tac-toe, once (lesson 04)

# %% [markdown]
# ## Why we cannot colour chess, and what was solved anyway
#
# Colouring needs the *complete* tree, and the thesis says why that is out of reach: *„V hre
# piškvorky (na 9 políčkach) napríklad môže vzniknúť 5478 rôznych legálnych pozícií. Po odčítaní
# otočených a zrkadlových pozícií ich však je len 765. Oproti tomu v dáme je legálny počet
# pozícií odhadovaný na 10<sup>20</sup>. Šach môže mať takýchto pozícií približne
# 10<sup>40</sup>.“* (Tic-tac-toe has 5478 legal positions, only 765 without rotations and
# reflections. In checkers the number of legal positions is estimated at $10^{20}$; chess may
# have about $10^{40}$.)
#
# The first two numbers are the ones lesson 04 computed. The other two are out of date:
# Schaeffer's team had already counted checkers at about $5 \times 10^{20}$ positions (published with
# their 2007 proof), and John Tromp re-estimated chess in 2021. What is known now; two of
# these games, checkers and Awari, had been solved even before the thesis (2010) was written:
#
# * **Checkers** (8 × 8, twelve men a side; the thesis' own *dáma* in chapter 4 starts with
#   eight): about **$5 \times 10^{20}$** positions, the size of the search space counted by Jonathan
#   Schaeffer's team. In **2007** they published the proof that with perfect play checkers is
#   a **draw** (*Science*, "Checkers is solved"). They never visited every position: a search
#   forward from the start met databases holding every position with at most ten pieces
#   (about 39 trillion of them), built backwards from the end.
# * **Chess**: about **$4.8 \times 10^{44}$** legal positions, positions that some game really reaches,
#   estimated by John Tromp from random samples; proofs by counting only give upper bounds,
#   near $10^{46}$. The thesis' $10^{40}$ is more than ten thousand times too small.
# * **Awari** (Oware, the mancala family of our Abapa, with rules that differ in details):
#   solved in **2002** by John Romein and Henri Bal, who computed the value of every one of its
#   **889,063,398,406** positions by retrograde analysis (colouring backwards from the end,
#   chapter 05) on a cluster of computers: a **draw**.
#
# **Predict, then run:** a computer lists a billion positions a second. Does listing Awari's
# take seconds, minutes or years? And checkers'?

# %%
positions = {                                # (the thesis' figure, today's), as named above
    "tic-tac-toe": (5478, len(solution)),
    "Awari": (None, 889_063_398_406),
    "checkers": (1e20, 5e20),
    "chess": (1e40, 4.8e44),
}
per_second, year = 1e9, 3600 * 24 * 365

def count(n):
    return "—" if n is None else f"{n:,}" if isinstance(n, int) else f"{n:.1e}"

for name, (thesis, today) in positions.items():
    seconds = today / per_second
    took = f"{seconds:.1e} s" if seconds < 60 else f"{seconds / 60:.0f} min" if seconds < 3600 \
        else f"{seconds / year:.1e} years"
    print(f"{name:12} thesis {count(thesis):>8}   today {count(today):>16}   listed in {took}")
assert positions["tic-tac-toe"] == (5478, 5478)
assert 14 < 889_063_398_406 / per_second / 60 < 15                  # Awari: a quarter of an hour
assert 1e4 < 5e20 / per_second / year < 1e5                         # checkers: some 16,000 years
assert 4.8e44 / per_second / year > 1e20       # chess: far longer than the universe's age
assert 4.8e44 / 1e40 > 1e4                     # the thesis' chess figure, over ten thousand times too small

# %% [markdown]
# Listing Awari's positions is the easy part (retrograde analysis goes over them many times);
# checkers needed a cleverer plan than listing; chess is out of reach either way. So real
# programs look only a few plies ahead and *estimate* the positions where they stop:
# evaluation functions and minimax, chapter 06.

# %% [markdown]
# ## Nodes or positions?
#
# **Exercise 1.** How many nodes has the complete game tree of the matches game with 5
# matches (take 1 to 3, whoever takes the last match wins), root and leaves included?

# %%
ex.check_tree_nodes(10)      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# Let $f(n)$ be the size of the tree below $n$ matches: $f(0) = 1$ and
# $f(n) = 1 + f(n-1) + f(n-2) + f(n-3)$ (only the moves that are possible). $f(1) = 2$,
# $f(2) = 4$, $f(3) = 8$, $f(4) = 15$, $f(5) = \mathbf{28}$. The game has only 10 different positions; the tree repeats them. Its size
# in the thesis' sense is its 13 leaves, the 13 ways the game can go.
#
# ```python
# t = gt.expand(gt.Nim(5), depth=5)
# assert (len(t), len(t.leaves())) == (28, 13)
# assert len(solve(gt.Nim(5))) == 10             # the positions, each once
# ex.check_tree_nodes(28)
# ```
# </details>
