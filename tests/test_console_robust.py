"""What a person types, loads or saves at the console never loses the game."""

from __future__ import annotations

import io

import pytest

from gametheory.cli import main
from gametheory.core import IllegalMoveError
from gametheory.games.abapa import Abapa, AbapaState, MoveReport
from gametheory.games.checkers import Checkers
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import HumanPlayer, RandomPlayer, play

GAME = Abapa()


# -- typed moves of the wrong type ---------------------------------------------------------
@pytest.mark.parametrize("typed", ["True", "2+0j", "3.5", "'3'", "[3]", "None", "3j"])
def test_a_value_equal_to_a_move_but_of_another_type_is_not_a_move(typed: str) -> None:
    out = io.StringIO()
    person = HumanPlayer(io.StringIO(f"{typed}\n4\n"), out)
    move = person.choose(GAME, GAME.initial_state())
    assert move == 4 and type(move) is int
    assert f"{typed!r} is not a move" in out.getvalue()


@pytest.mark.parametrize("typed", ["3.0", "5.", "1e0", " 2.00 "])
def test_an_integral_float_is_read_as_the_house_number(typed: str) -> None:
    person = HumanPlayer(io.StringIO(f"{typed}\n"), io.StringIO())
    move = person.choose(GAME, GAME.initial_state())
    assert move == float(typed) and type(move) is int


def test_a_tuple_move_with_integral_floats_becomes_the_games_own_move() -> None:
    game = Checkers()
    person = HumanPlayer(io.StringIO("(9.0, 16)\n"), io.StringIO())
    move = person.choose(game, game.initial_state())
    assert move == (9, 16) and all(type(x) is int for x in move)
    moves, _ = play(game, [HumanPlayer(io.StringIO("(9.0, 16)\n"), io.StringIO()),
                           RandomPlayer(1)], max_plies=2)  # fmt: skip
    assert moves[0] == (9, 16)


def test_a_tuple_of_the_wrong_shape_or_type_is_not_a_move() -> None:
    game = Checkers()
    out = io.StringIO()
    person = HumanPlayer(io.StringIO("(9, 16, 23)\n(True, 16)\n(9.5, 16)\n[9, 16]\n(9, 16)\n"), out)
    assert person.choose(game, game.initial_state()) == (9, 16)
    text = out.getvalue()
    assert "'(True, 16)' is not a move" in text and "'(9.5, 16)' is not a move" in text
    assert "'[9, 16]' is not a move" in text


def test_tictactoe_cells_typed_as_floats() -> None:
    game = TicTacToe()
    person = HumanPlayer(io.StringIO("4.0\n"), io.StringIO())
    assert type(person.choose(game, game.initial_state())) is int


# -- the console program -------------------------------------------------------------------
def run(args: list[str], typed: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", "abapa", *args], io.StringIO(typed), out)
    return code, out.getvalue()


def test_the_console_reads_integral_floats_and_refuses_lookalikes() -> None:
    code, text = run(["--depth", "1"], "True\n2+0j\n3.0\n5.\n1e0\nquit\n")
    assert code == 0
    assert "'True' is not a move" in text and "'2+0j' is not a move" in text
    assert "A plays house 3" in text
    assert "Traceback" not in text


def test_a_game_error_while_moving_is_reported_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a move the game refuses after the player accepted it (a rule the player does not know)
    original = Abapa.explain
    refusals = iter([True])

    def explain(self: Abapa, state: AbapaState, move: int) -> MoveReport:
        if next(refusals, False):
            raise IllegalMoveError(f"illegal move {move}: refused once, for the test")
        return original(self, state, move)

    monkeypatch.setattr(Abapa, "explain", explain)
    code, text = run(["--depth", "1"], "3\n3\nquit\n")
    assert code == 0
    assert "refused once, for the test" in text
    assert text.count("A plays house 3") == 1
