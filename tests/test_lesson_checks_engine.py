"""The self-checks of notebook 10, the engine (``lesson_checks.engine``)."""

from __future__ import annotations

import numpy as np
import pytest
from lesson_checks import engine

from tests.lesson_check_helpers import assert_hints, assert_read_alike


def verdict(capsys: pytest.CaptureFixture[str], check: object, *args: object, **kw: object):
    ok = check(*args, **kw)  # type: ignore[operator]
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "a check prints exactly one line"
    return ok, out


def test_position_is_seeded():
    game, state = engine.position()
    assert engine.position()[1] == state and game.to_move(state) == 0


def test_overhead(capsys):
    assert verdict(capsys, engine.check_overhead, sum(6**-k for k in range(20)))[0]
    for wrong, hint in [
        (1, "not free"),
        (2, "binary tree"),
        (6, "the branching factor"),
        (5, "far too much"),
        (1.5, "geometric series"),
    ]:
        ok, out = verdict(capsys, engine.check_overhead, wrong)
        assert not ok and hint in out
        # searching every depth as dearly as the last would cost d times, not 6 or 5
        assert "as much as the last" not in out


def test_best_case_leaves(capsys):
    b, d = 6, 4
    assert verdict(capsys, engine.check_best_case_leaves, b ** -(-d // 2) + b ** (d // 2) - 1)[0]
    for wrong, hint in [
        (1296, "every leaf"),
        (36, "both proofs"),
        (72, "share one leaf"),
        (100, "b^⌈d/2⌉"),
    ]:
        ok, out = verdict(capsys, engine.check_best_case_leaves, wrong)
        assert not ok and hint in out


def test_ordering(capsys):
    game, _ = engine.position()

    def best_first(state, moves):
        me = game.to_move(state)
        return sorted(moves, key=lambda m: -game.evaluate(game.result(state, m), me))

    ok, out = verdict(capsys, engine.check_ordering, best_first)
    assert ok and "fewer" in out
    ok, out = verdict(capsys, engine.check_ordering, lambda s, m: list(m))
    assert not ok and "the same as the moves in house order" in out
    ok, out = verdict(capsys, engine.check_ordering, lambda s, m: list(reversed(best_first(s, m))))
    assert not ok and "more than" in out
    # notebook 10 says so: the fullest house first makes it worse, the nearest the opponent
    # first (houses in reverse) better
    ok, out = verdict(
        capsys, engine.check_ordering, lambda s, m: sorted(m, key=lambda h: -s.houses[h - 1])
    )
    assert not ok and "more than" in out
    assert verdict(capsys, engine.check_ordering, lambda s, m: list(reversed(m)))[0]
    # and so does the first idea the hint gives: captures first
    captures_first = lambda s, m: sorted(m, key=lambda h: -game.explain(s, h).seeds_captured)  # noqa: E731
    assert verdict(capsys, engine.check_ordering, captures_first)[0]
    ok, out = verdict(capsys, engine.check_ordering, lambda s, m: list(m)[:-1])
    assert not ok and "same moves" in out
    ok, out = verdict(capsys, engine.check_ordering, lambda s, m: 1 / 0)
    assert not ok and "ZeroDivisionError" in out


def test_numbers_are_read_as_students_type_them(capsys):
    assert_read_alike(capsys, engine.check_best_case_leaves, 71)
    assert_read_alike(capsys, engine.check_researches, 1)
    for typed in (1.2, "1.2", "6/5", "1,2", np.float64(1.2)):
        assert engine.check_overhead(typed), typed
        capsys.readouterr()


def test_whole_numbers_are_not_refused_as_floats(capsys):
    ok, out = verdict(capsys, engine.check_best_case_leaves, 1296.0)
    assert not ok and "every leaf" in out and "whole number" not in out
    ok, out = verdict(capsys, engine.check_best_case_leaves, 71.5)
    assert not ok and "whole number" in out


def test_researches_counts_the_moves_better_than_the_best_so_far():
    assert engine.researches(5, (3, 7, 4, 6)) == 1
    assert engine.researches(5, (6, 7, 8)) == 3  # each better than the last: each again
    assert engine.researches(5, (5, 4)) == 0  # a tie is not better
    assert engine.researches(engine.PVS_FIRST, engine.PVS_OTHERS) == 1


def test_researches_hints_never_give_the_answer(capsys):
    assert engine.check_researches(1)
    capsys.readouterr()
    assert_hints(
        capsys,
        engine.check_researches,
        [
            (2, "does not stay at 5"),
            (4, "only a move that turns out better"),
            (0, "one of the moves is better"),
            (3, "go through the moves in order"),
            ("two", "whole number of moves"),
        ],
        hidden="worth 7",
    )


# -- lesson 10's exercise: negamax with a dictionary transposition table ---------------------
def test_tt_negamax_reference_agrees_with_the_package_negamax_and_fills_its_table() -> None:
    from lesson_checks.engine import TT_NEGAMAX, tt_negamax

    from gametheory.games.tictactoe import TicTacToe
    from gametheory.search.negamax import negamax

    game = TicTacToe()
    for board in ("XO./.X./O..", "XOX/.O./...", "XO./.XO/..."):
        state, table = game.state(board), {}
        assert tt_negamax(game, state, 9, table) == negamax(game, state).value
        assert (state, 9) in table and all(isinstance(k, tuple) for k in table)
    assert TT_NEGAMAX.check(tt_negamax)


def test_tt_negamax_check_names_each_mistake_and_a_stub_without_one() -> None:
    from lesson_checks import engine

    for wrong, name in (
        (engine._no_sign, "the sign forgotten"),
        (engine._max_scored, "a finished game scored for MAX"),
        (engine._without_table, "the table never read"),
        (engine._keyed_by_state, "the table keyed by the position alone"),
    ):
        verdict = engine.TT_NEGAMAX.check(wrong)
        assert not verdict and f"“{name}”" in str(verdict), str(verdict)
        assert "(state, depth)" not in str(verdict)  # the hint never gives the key away

    def stub(game: object, state: object, depth: int, table: dict[object, object]) -> None:
        return None

    verdict = engine.TT_NEGAMAX.check(stub)
    assert not verdict and "returned None" in str(verdict) and "mistake" not in str(verdict)
