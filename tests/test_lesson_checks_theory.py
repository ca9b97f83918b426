"""The self-checks of notebooks 02, 03b and 03x (``lesson_checks.theory``): right answers pass
however they are typed, typical wrong answers get their own hint, and no hint gives the
answer away."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from lesson_checks import theory

from gametheory.theory.extensive_form import ExtensiveFormGame
from gametheory.theory.normal_form import battle_of_the_sexes
from tests.lesson_check_helpers import assert_hints, assert_read_alike, verdict


# -- 02: counting plans ----------------------------------------------------------------------
def test_plans_read_alike(capsys: pytest.CaptureFixture[str]) -> None:
    three = ExtensiveFormGame(
        {
            o: {"A": (a, b), "R": (0, 0)}
            for o, (a, b) in {"f": (5, 5), "u": (8, 2), "g": (9, 1)}.items()
        }
    )
    assert_read_alike(capsys, theory.check_plans, len(three.pure_strategies(1)))
    assert_hints(capsys, theory.check_plans, [(6, "counts the edges"), ("8.5", "whole number")])


def test_blind_plans_read_alike(capsys: pytest.CaptureFixture[str]) -> None:
    assert_read_alike(capsys, theory.check_blind_plans, 2)
    assert_hints(capsys, theory.check_blind_plans, [(8, "when player 2 sees the offer")])


# -- 03b: Alice's mix, the zero-sum value, the glove share -----------------------------------
def test_alice_mix_read_alike(capsys: pytest.CaptureFixture[str]) -> None:
    (mixed,) = [e for e in battle_of_the_sexes().nash_equilibria() if 0 < e.row[0] < 1]
    assert mixed.exact_row[0] == Fraction(3, 5)
    for typed in (0.6, "0.6", "3/5", "0,6", np.float64(0.6)):
        assert theory.check_alice_mix(typed), typed
        assert "3/5" in verdict(capsys, True)
    assert_hints(
        capsys,
        theory.check_alice_mix,
        [("2/5", "Bob's probability"), ("x", "probability")],
        hidden="3/5",
    )


def test_zero_sum_value_read_alike(capsys: pytest.CaptureFixture[str]) -> None:
    right = theory.zero_sum_game().zero_sum_solution().value
    assert right == 3
    assert_read_alike(capsys, theory.check_zero_sum_value, 3)
    assert_hints(capsys, theory.check_zero_sum_value, [("4", "not its smallest entry")])


def test_glove_share_read_alike(capsys: pytest.CaptureFixture[str]) -> None:
    for typed in (0.75, "3/4", "0,75", np.float64(0.75)):
        assert theory.check_glove_share(typed), typed
        verdict(capsys, True)


# -- 03x: the threshold and the blind game's extreme equilibria ------------------------------
def test_fair_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    corners = theory.ultimatum_with_offer((7, 3)).nash_equilibria()
    (mixed,) = [e for e in corners if 0 < e.exact_col[0] < 1]
    right = mixed.exact_col[0]
    assert right == Fraction(5, 7)  # the oracle by hand: 7q = 5
    for typed in (right, float(right), "5/7", np.float64(float(right)), 0.714, "0,714"):
        assert theory.check_fair_threshold(typed), typed
        assert "5/7" in verdict(capsys, True)
    assert_hints(
        capsys,
        theory.check_fair_threshold,
        [
            ("5/8", "the bound when U pays 8"),
            ("2/7", "probability of AR"),
            (0.3, "F is still a best reply there"),
            (0.9, "U pays more"),
            (2, "not a probability"),
            ("x", "a probability"),
        ],
        hidden="5/7",
    )
    for wrong in (0.1, 0.3, 0.6, 0.9, "1/2"):  # no message states the inequality asked for
        assert not theory.check_fair_threshold(wrong)
        message = verdict(capsys, False)
        assert "≤" not in message and "7q" not in message and "5/7" not in message, message


def test_alice_mix_never_states_the_equation(capsys: pytest.CaptureFixture[str]) -> None:
    for wrong in (0.1, 0.4, 0.5, 0.7, "2/3", 0.99):
        assert not theory.check_alice_mix(wrong)
        message = verdict(capsys, False)
        assert not any(g in message for g in ("2p", "3(1", "5p", "= 3", "1 − p")), message


def test_blind_extremes(capsys: pytest.CaptureFixture[str]) -> None:
    game = theory.blind_ultimatum()
    assert game.is_degenerate()
    assert_read_alike(capsys, theory.check_blind_extremes, len(game.nash_equilibria()))
    assert_hints(
        capsys,
        theory.check_blind_extremes,
        [(2, "is R ever a best reply"), (0, "every finite game"), (1.5, "whole number")],
        hidden="(U; A)",
    )
