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
# # 11a · Case study: checkers
#
# **What you will learn:** how the Slovak thesis' checkers ("dáma") sits on the same game
# protocol as Nim, tic-tac-toe and Abapa, so every search, picture and player works on it
# unchanged; whose rule is whose; how an evaluation read from a data file steers the play;
# and how its players fare in a small tournament. Lesson 11b does the same for the Greek
# course's Gomoku.
#
# | word | in Python |
# | --- | --- |
# | **square** | an int `row * 8 + col`; `square("c3") == 18` |
# | **checkers move** | the squares the piece visits, `(18, 36, 50)`, written `c3:e5:c7` |
# | **evaluation** | `evaluate(state, player) -> float`, positive = good for `player` |
# | **player** | an object with `name` and `choose(game, state) -> move` |

# %%
import json, tempfile
from pathlib import Path

from gametheory.files import load_checkers_evaluation
from gametheory.games.checkers import Checkers, CheckersRules, CheckersEvaluation, square
from gametheory.players import RandomPlayer, MinMaxPlayer
from gametheory.draw.boards import draw_board
from gametheory.draw.checkers_board import draw_checkers
from gametheory.search import alphabeta, minimax, negamax
from gametheory.tournament import round_robin
from gametheory.trees import perft

# %% [markdown]
# ## Checkers
#
# The thesis' game: "Ide o hru dvoch hráčov na šachovnici 8x8, kde každý hráč má na začiatku
# osem figúrok na čiernych poliach v prvých dvoch radoch na protiľahlých stranách
# šachovnice." (A game of two players on an 8×8 board, where each player starts with
# **eight pieces on the dark squares of the first two rows** on opposite sides.) It says
# little more, since "Pravidlá tejto hry sú všeobecne známe" (the rules of this game are
# generally known), so here is which rule is whose:
#
# | rule | whose |
# | --- | --- |
# | men step diagonally forward; a man reaching the far rank becomes a king (*dáma*), and kings move more freely: they **fly** along whole diagonals | the thesis (its "voľnejším pohybom dám", the kings' freer movement), read as in Czech dáma |
# | a capture may jump several pieces; captured pieces come off only when it is over, so none is jumped twice | the thesis (multiple jumps), the details as in Czech dáma |
# | men capture forward only | the Czech and English games |
# | capturing is compulsory, and a capture must go on **to the end of its sequence** | the English, Czech and international games; **not the thesis'**: its program asked the player whether to keep jumping (below) |
# | a player with no legal move loses | the traditions; the thesis: "Vyhráva hráč, ktorý preskočí všetky figúrky súpera." (the winner is the player who jumps all the opponent's pieces), which this includes |
# | 60 plies without a capture or a promotion draw the game | **ours**, so that games between programs end; the thesis names no draw rule |
#
# `CheckersRules` holds the choices (`CheckersRules.czech()` is the twelve-man Czech game
# with king priority).

# %%
game = Checkers()
start = game.initial_state()
draw_board(game, start)

# %%
[game.notation(m) for m in game.legal_moves(start)]

# %% [markdown]
# A position is written as a line of text, after the FEN strings of the Portable Draughts
# Notation (PDN), which number the squares; we name them as on a chessboard, a1 to h8. In
# `W:Wc3,g3:Bd4,d6,h8` the first field says who moves (**W**hite), the second lists White's
# pieces (men on c3 and g3), the third Black's (men on d4, d6 and h8); a `K` before a square
# marks a king (`Kc3`), and an optional last field `Q<n>` counts the plies since the last capture
# or promotion, for the 60-ply draw rule (ours). `game.fen(state)` writes a position this way.
#
# A capture is one move however many pieces it takes. Here White must take, and the only
# complete sequence takes two men:

# %%
s = game.from_fen("W:Wc3,g3:Bd4,d6,h8")
print([game.notation(m, s) for m in game.legal_moves(s)])
assert [game.notation(m, s) for m in game.legal_moves(s)] == ["c3:e5:c7"]
move = game.move("c3:e5:c7")
draw_checkers(game, game.result(s, move), last_move=move)

# %% [markdown]
# The thesis' program did not insist on the whole sequence: "Pri možnosti viacnásobného
# skákania sa otvorí dialógové okno s otázkou, či chce užívateľ ďalej skákať." (When several
# jumps are possible, a dialog window asks the user whether to keep jumping.) That choice is
# an option, `CheckersRules.thesis_program()` (`full_capture=False`): a capture may stop after
# any jump, so stopping on e5 is a move of its own. Capturing at all stays compulsory there
# too: the thesis does not say, so we keep the traditions' rule.

# %%
program = Checkers(CheckersRules.thesis_program())
print([program.notation(m, s) for m in program.legal_moves(s)])
assert [program.notation(m, s) for m in program.legal_moves(s)] == ["c3:e5", "c3:e5:c7"]
assert program.fen(program.result(s, program.move("c3:e5"))) == "B:Wg3,e5:Bd6,h8:Q0"  # d4 taken

# %% [markdown]
# **Perft** counts the move sequences of each length from the start: the standard check of a
# move generator. The test suite recomputes these numbers with an independent brute-force
# generator.

# %%
counts = [perft(game, depth=d) for d in range(5)]
czech = [perft(Checkers(CheckersRules.czech()), depth=d) for d in range(5)]
print("thesis setup:", counts)
print("Czech setup: ", czech)
assert counts == [1, 7, 49, 392, 3136]  # checked by the tests against the brute-force generator
assert czech == [1, 7, 49, 302, 1469]   # the published counts for twelve men a side

# %% [markdown]
# ### An evaluation read from a data file
#
# The thesis scores a position in two parts. **Material** first, with a small example: "Ak
# stanovíme, že každá figúrka bude mať absolútnu materiálnu hodnotu 1." … "kde na šachovnici
# bude 5 bielych figúrok a 3 čierne figúrky, bude celková hodnota danej pozície -2, čo
# znamená, že pozícia bude výhodná pre minimalizujúceho hráča" (if every piece is worth 1,
# then with 5 white pieces and 3 black ones the position is worth −2, good for the minimising
# player). In the thesis the computer plays Black and maximises, the human plays White and
# minimises; here `score(state, player)` is from `player`'s side, so the thesis' number is
# the value for Black:

# %%
every_piece_1 = CheckersEvaluation(man=1, king=1)
five_three = game.from_fen("W:Wa1,c1,e1,g1,b2:Ba7,c7,e7")
assert every_piece_1.score(five_three, 1) == -2 and every_piece_1.score(five_three, 0) == 2
every_piece_1.score(five_three, 1), every_piece_1.score(five_three, 0)

# %% [markdown]
# Its program searches in **negamax** form (alpha-beta written as negamax), and the thesis
# shows why one maximum is enough on a small set: "A = {-1,4,-8,2} , max(A) = 4 , min(A) = -8 ==> min(A) == -max(-A)". The
# smallest value for one player is the largest for the other, negated; so negamax and minimax
# give the same value here too:

# %%
A = [-1, 4, -8, 2]
assert max(A) == 4 and min(A) == -8 == -max(-a for a in A)
after_two = game.result(game.result(start, game.move("d2-e3")), game.move("c7-d6"))
assert negamax(game, after_two, 2, every_piece_1).value == minimax(game, after_two, 2, every_piece_1).value
min(A), -max(-a for a in A)

# %% [markdown]
# Then **positional bonuses** per square and kind of piece, kept with the material in a data
# file the player could edit (XML in the thesis): men on the back rank stop the opponent from
# crowning, pieces on the side files cannot be jumped. The thesis' one example entry is
# `<pos_val x="0" y="7" fig_val="-1" hodnota="-1"/>`: "ak je pole so súradnicami [0,7]
# obsadené figúrkou reprezentovanou číslom -1 (biely pešiak), tak sa celková hodnota pozície
# zníži o -1, čo je pre bieleho hráča výhodné, pretože minimalizuje" (if the square [0,7]
# holds the piece coded −1, a white man, the value of the position goes down by 1, which is
# good for White, who minimises). In its matrix "ľavé horné pole má súradnice 0,0" (the top
# left square has the coordinates 0,0), so [0,7] is a corner square, at one end of a back
# rank. A white man cannot stand on Black's back rank (it would have been crowned), so it is
# White's back rank, and either way of reading x and y makes it White's left corner. In our
# notation that is a man on **a1**, worth 1 to White (our reading of the coordinates):

# %%
one_entry = CheckersEvaluation.from_dict({"material": {"man": 3, "king": 10},
                                          "positional": [{"square": "a1", "piece": "man", "bonus": 1}]})
on_a1, on_c1 = game.from_fen("W:Wa1:Bb8"), game.from_fen("W:Wc1:Bb8")
assert one_entry.score(on_a1, 0) - one_entry.score(on_c1, 0) == 1    # worth 1 more to White
assert one_entry.score(on_a1, 1) == -1                                # the thesis' total, for Black
one_entry.score(on_a1, 0), one_entry.score(on_a1, 1)

# %% [markdown]
# Our file is JSON, with material man 3 and king 10 as in the thesis' file. Its bonuses are
# ours: the thesis shows only the one entry, and ours gives a man on a1 2, not 1, since that
# corner is on the back rank *and* on a side file. Bonuses are written from White's side; Black
# gets the bonus of the square turned half round (a1 ↔ h8).

# %%
default = load_checkers_evaluation()
print(json.dumps(default.to_dict()["material"]), len(default.bonus), "bonuses")
print("start:", default.score(start, 0), "  one man up:", default.score(game.from_fen("W:Wc3,e3:Bd6"), 0))
assert (default.man, default.king) == (3, 10)
corner = [e for e in default.to_dict()["positional"] if (e["square"], e["piece"]) == ("a1", "man")]
assert [e["bonus"] for e in corner] == [2]                                  # ours, not the thesis' 1
assert default.score(game.from_fen("W:Wa1:Bh8"), 0) == 0                    # h8 is a1 turned round

# %% [markdown]
# `score` gives the thesis' numbers. A search calls the evaluation itself,
# `evaluate(state, player)`, and gets the same score divided by `scale`, a number larger than
# any score can be (our choice: one more than 32 × (a king's 10 + the file's largest bonus, 2),
# $1 + 32 \times (10 + 2) = 385$, as if each of the 32 dark squares held the most a piece can be worth).
# The division keeps the order of positions, so the search chooses the same moves among
# unfinished ones; and every estimate stays strictly between a loss (−1) and a win (+1), so a
# search never prefers ten points of material to a win it has found (chapter 08b).

# %%
assert default(start, 0) == default.score(start, 0) / default.scale
assert all(-1 < default(s, p) < 1 for s in (start, five_three, on_a1) for p in (0, 1))
default.scale

# %% [markdown]
# Change a weight in a copy of the file and watch the choice change. With kings worth 10,
# crowning the man on g7 is the best move one ply ahead; make kings worth 1 — a third of a
# man — and the same search no longer crowns.

# %%
folder = Path(tempfile.mkdtemp())
data = default.to_dict()
data["material"]["king"] = 1
(folder / "cheap_kings.json").write_text(json.dumps(data, indent=1))
cheap = load_checkers_evaluation(folder / "cheap_kings.json")

s = game.from_fen("W:Wd4,g7:Bb6,h4")
with_default = alphabeta(game, s, 1, default).move
with_cheap = alphabeta(game, s, 1, cheap).move
print("kings worth 10:", game.notation(with_default), "   kings worth 1:", game.notation(with_cheap))
assert with_default != with_cheap
assert with_default[0] == square("g7") and with_default[-1] // 8 == 7    # g7 crowns
assert with_cheap[-1] // 8 != 7                                          # no crowning

# %% [markdown]
# A broken file is refused with the entry that is wrong:

# %%
data["positional"][0]["square"] = "b1"
(folder / "broken.json").write_text(json.dumps(data))
try:
    load_checkers_evaluation(folder / "broken.json")
except ValueError as error:
    print(error)

# %% [markdown]
# ### Play it: depth, undo, save and load
#
# The thesis' program let its player set the difficulty as the search depth, 1 to 10, take a
# move back, and save and load positions. The play widget does the same three things: its
# *depth* menu offers 1 to 10 as the thesis' does, **undo** takes back your last move and the
# machine's reply, and a position is saved as its line of text (`game.fen`) and loaded with
# `game.from_fen`. The cell shows all three working before it shows the board (you are White;
# pick a piece, then its move).
#
# Be warned about the deep end: our alpha-beta is pure Python, and one move after the opening
# d2-e3 took about 1 s at depth 6, 5 s at 7, 15 s at 8, a minute at 9 and more than 13 minutes
# at 10 (measured on a busy machine). The widget gives itself 10 s a move (`time_limit=`): it
# searches depth 1, 2, 3, … and plays the deepest answer it finished, and says so when it
# stops short of the depth you chose.

# %%
from gametheory.widgets.play import PlayWidget

machine = PlayWidget(game, depth=3, evaluate=default, background=False)
print("depths offered:", [label for label, _ in machine.depth_menu.options])
machine.click(game.move("d2-e3"))                        # your move, and the machine's reply
print(machine.reply)
played = machine.state
saved = game.fen(played)                                 # save the position as a line of text
machine.undo_button.click()                              # take both moves back
assert machine.state == start
print("saved:", saved)
assert game.from_fen(saved) == played                    # and load it again
machine

# %% [markdown]
# ### A small checkers tournament
#
# Players follow one contract: a `name` and `choose(game, state) -> move`. The Gomoku
# assignment's `MinMaxPlayer` builds the explicit tree with `expand()` and plays the max-min
# move, so it plays checkers too. Each pair meets twice, once with each colour.

# %%
checkers_players = [
    RandomPlayer(seed=1, name="random"),
    MinMaxPlayer(depth=1, evaluate=default, name="one ply"),
    MinMaxPlayer(depth=2, evaluate=default, name="two plies"),
]
checkers_table = round_robin(game, checkers_players, openings=0, progress=False)
checkers_table

# %%
points = {row.name: row.score * row.games for row in checkers_table.standings()}
assert sum(points.values()) == 6                    # three pairs, two games each
assert points["random"] < points["two plies"]

# %% [markdown]
# ## Exercises
#
# **1. Compulsory captures.** List every legal move of White here, in notation (`c3-d4` for a
# step, `c3:e5:g7` for a capture).

# %%
from lesson_checks.case_studies import capture_position, check_capture_moves

draw_board(game, capture_position())

# %%
check_capture_moves({"c3:e5", "c3-b4"})      # your answer

# %% [markdown]
# <details><summary>Solution</summary>
#
# `{"c3:e5:g7", "e3:c5:a7"}`: a capture exists, so no plain step is legal, and under the
# default rules each capture must be completed — the man from c3 jumps d4 and then f6, the
# man from e3 jumps d4 and then b6. (Under `CheckersRules.thesis_program()` `c3:e5` and
# `e3:c5` would be legal too.)
#
# ```python
# position = capture_position()
# answer = {game.notation(m, position) for m in game.legal_moves(position)}
# assert answer == {"c3:e5:g7", "e3:c5:a7"}
# check_capture_moves(answer)
# ```
# </details>
#
# **Explorations** (no single right answer):
#
# 1. Give kings a bonus on the long diagonal a1–h8 in a copy of `checkers_eval.json`. Does the
#    two-ply player crown sooner, and does it win more against the one-ply player?
# 2. Make a file that prizes the side files (bonus 4 on every a- and h-file entry) and let
#    alpha-beta at 3 plies play the first eight plies with it and with the default file. Where
#    do the two games part?
