"""Board pictures: one draw_board for every game, by the game's type."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from gametheory.draw.boards import board_glyph, draw_board, position_rank
from gametheory.draw.svg import Svg
from gametheory.games.dice import DiceRace
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import EMPTY, TicTacToe

SVG = "{http://www.w3.org/2000/svg}"


def texts(picture: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(picture).iter(f"{SVG}text")]


@given(st.lists(st.integers(0, 8), max_size=12))
def test_tictactoe_shows_every_mark_and_numbers_the_empty_cells(cells: list[int]) -> None:
    game = TicTacToe()
    state = game.initial_state()
    last = None
    for cell in cells:
        if cell in game.legal_moves(state):
            state, last = game.result(state, cell), cell
    picture = draw_board(game, state, last_move=last)
    root = ET.fromstring(picture)
    marks = [g.get("class") for g in root.iter() if g.get("class", "").startswith("mark")]
    assert marks.count("mark-x") == state.board.count(0)
    assert marks.count("mark-o") == state.board.count(1)
    empty = [str(i) for i, c in enumerate(state.board) if c == EMPTY]
    assert [t for t in texts(picture) if t.isdigit()] == empty
    status = texts(picture)[-1]
    if game.is_terminal(state):
        winner = game.winner(state)
        assert status == ("draw" if winner is None else f"{'XO'[winner]} ({'AB'[winner]}) wins")
    else:
        assert status.endswith("to move")


def test_the_winning_line_and_the_last_move_are_highlighted() -> None:
    game = TicTacToe()
    won = game.state("XO./.XO/..X")
    assert draw_board(game, won).count('fill="#cfe8cf"') == 3
    assert draw_board(game, game.state("XO./.X./O.."), last_move=6).count('fill="#ffe9a8"') == 1


@given(st.integers(0, 20), st.integers(1, 4), st.data())
def test_nim_shows_the_matches_left_and_the_ones_just_taken(
    n: int, max_take: int, data: st.DataObject
) -> None:
    game = Nim(n, max_take)
    state, last = game.initial_state(), None
    for _ in range(data.draw(st.integers(0, 6))):
        if game.is_terminal(state):
            break
        last = data.draw(st.sampled_from(game.legal_moves(state)))
        state = game.result(state, last)
    root = ET.fromstring(draw_board(game, state, last_move=last))
    matches = [g.get("opacity") for g in root.iter(f"{SVG}g") if g.get("class") == "match"]
    assert len(matches) == n
    assert matches.count("1") == state.matches
    assert matches.count("0.8") == (last or 0)


def test_nim_status_says_who_won() -> None:
    game = Nim(2)
    end = game.result(game.initial_state(), 2)
    assert "A wins" in texts(draw_board(game, end))[-1]
    assert "B wins" in texts(draw_board(Nim(2, misere=True), end))[-1]


def test_games_without_a_picture_are_drawn_from_their_text() -> None:
    class Written:
        def initial_state(self) -> int:
            return 3

        def text(self, state: int) -> str:
            return f"{state} stones\nA to move"

    assert texts(draw_board(Written())) == ["3 stones", "A to move"]

    class Counter:
        def initial_state(self) -> int:
            return 7

    assert texts(draw_board(Counter())) == ["7"]
    ET.fromstring(draw_board(Counter(), 8, last_move=1, font=20))


def test_dice_race_track_shows_both_tokens_and_the_turns_left() -> None:
    game = DiceRace()
    state = game.result(game.result(game.result(game.initial_state(), 0), 1), 5)  # A 2, B 5
    picture = draw_board(game, state)
    ET.fromstring(picture)
    labels = texts(picture)
    assert labels[: game.goal + 1] == [str(k) for k in range(game.goal + 1)]
    assert labels[-1] == "turns left: A 2, B 2; A to move"
    assert picture.count("<circle") == 2


def test_a_new_game_registers_its_own_picture() -> None:
    class Tiny:
        def initial_state(self) -> str:
            return "start"

    @draw_board.register(Tiny)  # a local class: name it (annotations are strings here)
    def _(game: Tiny, state: Any = None, *, last_move: Any = None, **options: Any) -> Svg:
        return Svg(f"<svg><text>{state or game.initial_state()}</text></svg>")

    assert draw_board(Tiny()) == "<svg><text>start</text></svg>"
    assert draw_board(Tiny(), "later", last_move=3) == "<svg><text>later</text></svg>"


def test_states_draw_themselves():
    game = TicTacToe()
    state = game.state("XO./.X./...")
    assert state._repr_svg_() == str(draw_board(game, state))
    nim = Nim(5)
    after = nim.result(nim.initial_state(), 2)
    assert after._repr_svg_().startswith("<svg") and "3 matches" in after._repr_svg_()


# -- the small pictures and ranks the games give the graph pictures ----------------------------
@given(st.lists(st.integers(0, 8), max_size=9))
def test_a_tictactoe_glyph_shows_every_mark(cells: list[int]) -> None:
    game = TicTacToe()
    state = game.initial_state()
    for cell in cells:
        if cell in game.legal_moves(state):
            state = game.result(state, cell)
    glyph = board_glyph(game, state)
    assert glyph is not None and glyph.width == glyph.height
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{glyph.svg}</svg>')
    crosses = [e for e in root.iter(f"{SVG}path") if e.get("stroke-width") == "1.5"]
    rings = list(root.iter(f"{SVG}circle"))
    assert (len(crosses), len(rings)) == (state.board.count(0), state.board.count(1))


@given(st.integers(0, 20))
def test_a_nim_glyph_bundles_the_matches_in_fours(matches: int) -> None:
    glyph = board_glyph(Nim(20), Nim(20).state(matches))
    assert glyph is not None
    picture = f'<svg xmlns="http://www.w3.org/2000/svg">{glyph.svg}</svg>'
    root = ET.fromstring(picture)
    sticks = sorted(float(e.get("x", "")) for e in root.iter(f"{SVG}rect") if e.get("y") == "2.0")
    assert len(sticks) == matches and texts(picture) == [str(matches)]
    gaps = [round(b - a, 1) for a, b in zip(sticks, sticks[1:], strict=False)]
    # a wider gap after every fourth match, and only there
    assert [k + 1 for k, g in enumerate(gaps) if g > 3.0] == list(range(4, matches, 4))


def test_games_without_a_rank_or_a_glyph_say_none() -> None:
    dice = DiceRace()
    assert board_glyph(dice, dice.initial_state()) is None
    assert position_rank(dice, dice.initial_state()) is None
    assert position_rank(TicTacToe(), TicTacToe().initial_state()) is None
    nim = Nim(13)
    assert [position_rank(nim, nim.state(m)) for m in (13, 12, 0)] == [0, 1, 13]
