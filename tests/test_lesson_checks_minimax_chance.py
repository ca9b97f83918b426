"""The self-checks of notebooks 06 and 09: right answers pass, typical wrong answers get their
specific hint (never a bare "wrong"). (Those of 00, 01a, 01b, 01x and 04 are in
``test_lesson_checks_<module>.py``, named after their check modules.)"""

from __future__ import annotations

import math

import numpy as np
import pytest
from lesson_checks import chance, minimax

import gametheory as gt
from gametheory.games.dice import ROLL, WALK


def verdict(capsys: pytest.CaptureFixture[str], ok: bool) -> str:
    out = capsys.readouterr().out
    assert out.startswith("✓ Right" if ok else "✗ Not yet"), out
    return out


# -- 06 minimax --------------------------------------------------------------------------
def test_minimax_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert minimax.check_minimax_value(gt.minimax(minimax.exercise_tree()).value)
    verdict(capsys, True)
    assert not minimax.check_minimax_value(3)
    assert "MIN at the root" in verdict(capsys, False)
    assert not minimax.check_minimax_value(10)
    assert "best leaf" in verdict(capsys, False)
    assert not minimax.check_minimax_value(6)
    assert "from the bottom" in verdict(capsys, False)
    assert not minimax.check_minimax_value(2)  # every level below the root took the minimum
    assert "there it is MAX's turn" in verdict(capsys, False)
    assert not minimax.check_minimax_value(5)  # the root took the minimum of B, C, D
    assert "the root is MAX" in verdict(capsys, False)


def test_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    t = minimax.exercise_tree()
    assert minimax.check_best_move(t.root.labels[gt.minimax(t).move])
    verdict(capsys, True)
    assert not minimax.check_best_move("a3")
    assert "MIN answers d1" in verdict(capsys, False)
    assert not minimax.check_best_move("x")
    assert "a1, a2, a3" in verdict(capsys, False)


def test_losing_positions(capsys: pytest.CaptureFixture[str]) -> None:
    largest = minimax.LARGEST
    losing = [n for n in range(1, largest + 1) if gt.negamax(gt.Nim(n, max_take=4)).value == -1]
    assert losing == [5, 10, 15] and minimax.check_losing_positions(losing)
    verdict(capsys, True)
    assert not minimax.check_losing_positions([4, 8, 12])
    assert "1 to 3" in verdict(capsys, False)
    assert not minimax.check_losing_positions([5, 10])
    assert "missed 15" in verdict(capsys, False)
    assert not minimax.check_losing_positions([5, 7, 10, 15])
    assert "with 7 matches the mover wins: take 2" in verdict(capsys, False)
    assert not minimax.check_losing_positions([1, 2, 3])
    assert "with 1 match the mover wins: take it, the last match" in verdict(capsys, False)


def test_symmetric_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    def centre(state: gt.TicTacToe, player: int) -> float:
        board = state.board  # type: ignore[attr-defined]
        return float((board[4] == player) - (board[4] == 1 - player))

    assert minimax.check_symmetric_evaluation(centre)
    assert "try counting" not in verdict(capsys, True)
    assert not minimax.check_symmetric_evaluation(lambda s, p: float(s.board[4] == 0))
    assert "must change sign" in verdict(capsys, False)
    assert not minimax.check_symmetric_evaluation(lambda s, p: "good")
    assert "return a number" in verdict(capsys, False)
    assert not minimax.check_symmetric_evaluation(lambda s, p: 1 / 0)
    assert "ZeroDivisionError" in verdict(capsys, False)


# -- 09 chance ---------------------------------------------------------------------------
def test_chance_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert chance.check_chance_value(gt.expectiminimax(chance.chance_tree()).value)
    verdict(capsys, True)
    assert chance.check_chance_value(2.5)
    verdict(capsys, True)
    for wrong, hint in [
        (3, "probabilities"),
        (4, "averages"),
        (6.75, "MIN"),
        (2, "a1"),
        (3.5, "each p goes with its own outcome"),  # 0.75·4 + 0.25·2: the p swapped
    ]:
        assert not chance.check_chance_value(wrong)
        assert hint in verdict(capsys, False)


def test_dice_choice(capsys: pytest.CaptureFixture[str]) -> None:
    best = gt.expectiminimax(gt.DiceRace(), chance.dice_position()).move
    assert best == ROLL
    for answer in ("ROLL", "roll", ROLL):
        assert chance.check_dice_choice(answer)
        verdict(capsys, True)
    for answer in ("WALK", WALK):
        assert not chance.check_dice_choice(answer)
        assert "walks to 10" in verdict(capsys, False)
    assert not chance.check_dice_choice("JUMP")
    assert "'WALK' or 'ROLL'" in verdict(capsys, False)


def test_expected_steps(capsys: pytest.CaptureFixture[str]) -> None:
    game = gt.DiceRace(faces=(1, 2, 6))
    rolling = game.result(game.initial_state(), ROLL)
    mean = sum(p * face for face, p in game.chance_outcomes(rolling))
    assert math.isclose(mean, 3)
    assert chance.check_expected_steps(mean)
    verdict(capsys, True)
    for wrong, hint in [(9, "divide by 3"), (2, "median"), (6, "best face")]:
        assert not chance.check_expected_steps(wrong)
        assert hint in verdict(capsys, False)


# -- answers typed as students type them ---------------------------------------------------
def test_numbers_are_read_as_the_drills_read_them(capsys: pytest.CaptureFixture[str]) -> None:
    for answer in ("7", " 7 ", 7.0, "7.0"):
        assert minimax.check_minimax_value(answer), answer
        verdict(capsys, True)
    for answer in ("2.5", "2,5", "5/2"):
        assert chance.check_chance_value(answer), answer
        verdict(capsys, True)
    assert chance.check_expected_steps("3")
    verdict(capsys, True)
    for check in (minimax.check_minimax_value, chance.check_chance_value):
        assert not check("seven") and not check(True) and not check(None)
        assert "not a number" in verdict(capsys, False)


def test_the_best_move_is_read_without_regard_to_case_or_spaces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for answer in ("A1", " a1 "):
        assert minimax.check_best_move(answer)
        verdict(capsys, True)


def test_a_number_outside_the_question_is_not_said_to_be_a_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert not minimax.check_losing_positions([5, 10, 15, 20])
    out = verdict(capsys, False)
    assert "20 is not between 1 and 15" in out and "wins" not in out
    assert not minimax.check_losing_positions([0, 5, 10, 15])
    assert "0 is not between 1 and 15" in verdict(capsys, False)
    assert minimax.check_losing_positions("5, 10, 15")
    verdict(capsys, True)
    assert not minimax.check_losing_positions([5, 10, 15.5])
    assert "whole numbers" in verdict(capsys, False)


def test_a_numpy_number_is_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    import numpy as np

    def centre(state: gt.TicTacToe, player: int) -> np.int64:
        board = state.board  # type: ignore[attr-defined]
        return np.int64(board[4] == player) - np.int64(board[4] == 1 - player)

    assert minimax.check_symmetric_evaluation(centre)
    verdict(capsys, True)


def test_a_verdict_reads_as_true_or_false_and_a_notebook_shows_nothing_more() -> None:
    from IPython.core.interactiveshell import InteractiveShell
    from lesson_checks import feedback

    wrong, right = feedback(False, "not yet"), feedback(True, "so it is")
    assert (bool(wrong), bool(right), repr(wrong), str(right)) == (False, True, "False", "True")
    assert not wrong and right and wrong == False and right == True  # noqa: E712
    # the line printed says it: a cell ending with a check shows no "False" under it
    assert InteractiveShell.instance().display_formatter.format(wrong) == ({}, {})


def test_the_checks_of_06_07_09_read_text_floats_and_numpy_alike() -> None:
    """Issue 24: "20", 20.0 and numpy.int64(20) are the same answer, in every check of lessons
    06, 07 and 09 (and their going-further notebooks) that takes a number."""
    from lesson_checks import alphabeta

    for typed in (7, "7", 7.0, np.int64(7)):
        assert minimax.check_minimax_value(typed)
    for typed in (3, "3", 3.0, np.int64(3)):
        assert chance.check_expected_steps(typed)
    for typed in (31, "31", 31.0, np.int64(31)):
        assert alphabeta.check_best_case_leaves(typed)
    for typed in (2.5, "2.5", "2,5", "5/2", np.float64(2.5)):
        assert chance.check_chance_value(typed)
    for typed in ([5, 10, 15], ["5", "10", "15"], [5.0, 10.0, 15.0], np.array([5, 10, 15])):
        assert minimax.check_losing_positions(typed)
    for typed in ({7, 11}, ["7", "11"], [7.0, 11.0], np.array([7, 11]), "7, 11"):
        assert alphabeta.check_checkers_bugs(typed)
