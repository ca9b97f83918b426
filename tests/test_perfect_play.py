"""The perfect opponent, the verdicts in words, the seeds a game threw away, the report card,
and the engine reading the endgame database at its leaves."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.draw.charts import _number
from gametheory.games.abapa import EVALUATIONS, Abapa, AbapaRecord, AbapaState, store_difference
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.players import SearchPlayer
from gametheory.practice.perfect_play import (
    PerfectPlayer,
    ReportCard,
    _outcome,
    endgame_positions,
    report_card,
    seeds_lost,
    verdicts,
)
from gametheory.search.engine import iterative_deepening
from tests.test_abapa_endgame import endgames

GAME = Abapa()
ENDGAME = GAME.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))


@cache
def six_seeds() -> EndgameDatabase:
    return EndgameDatabase.build(GAME, seeds=6)


# -- the perfect opponent ------------------------------------------------------------------
@given(endgames(most=6))
def test_the_perfect_player_keeps_the_value(state: AbapaState) -> None:
    database = six_seeds()
    if not GAME.legal_moves(state):
        with pytest.raises(GameError, match="the game is over"):
            PerfectPlayer(database).choose(GAME, state)
        return
    move = PerfectPlayer(database).choose(GAME, state)
    assert database.move_values(state)[move] == database.value(state)
    assert PerfectPlayer(database, seed=3).choose(GAME, state) in database.best_moves(state)


def test_a_perfect_game_keeps_its_forecast() -> None:
    database = six_seeds()
    state = GAME.state([1, 0, 2, 0, 1, 0] + [0, 1, 0, 0, 1, 0], stores=(20, 22))
    forecast = database.outcome(state)
    player = PerfectPlayer(database)
    while GAME.legal_moves(state):
        state = GAME.result(state, player.choose(GAME, state))
        if GAME.legal_moves(state):
            assert database.outcome(state).winner == forecast.winner


def test_the_perfect_player_refuses_other_things() -> None:
    with pytest.raises(GameError, match="needs an EndgameDatabase"):
        PerfectPlayer("database")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="plays Abapa"):
        PerfectPlayer(six_seeds()).choose(Abapa(houses_per_side=3), GAME.initial_state())
    with pytest.raises(GameError, match="at most 6"):
        PerfectPlayer(six_seeds()).choose(GAME, GAME.initial_state())


# -- verdicts in words ---------------------------------------------------------------------
@given(endgames(most=6))
def test_each_verdict_says_what_the_move_keeps_or_loses(state: AbapaState) -> None:
    database = six_seeds()
    words = verdicts(database, state)
    values = database.move_values(state)
    assert list(words) == list(values)
    for move, text in words.items():
        lost = database.value(state) - values[move]
        if lost == 0:
            assert text.startswith("keeps ")
        else:
            number = re.match(r"throws away ([\d.]+) seeds?", text)
            assert number is not None and float(number.group(1)) == lost, text


def test_a_verdict_names_the_result_thrown_away() -> None:
    state = GAME.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
    assert verdicts(six_seeds(), state) == {
        2: "keeps the win (4 seeds of 4), all taken in 14 moves",
        6: "throws away 3 seeds and the win (a loss instead)",
    }


def test_seeds_lost_follows_a_game() -> None:
    database = six_seeds()
    state = GAME.state([1, 0, 2, 0, 1, 0] + [0, 1, 0, 0, 1, 0], stores=(20, 22))
    states, moves = [state], []
    while GAME.legal_moves(state):
        move = GAME.legal_moves(state)[-1]  # the last house, whatever it costs
        moves.append(move)
        state = GAME.result(state, move)
        states.append(state)
    lost = seeds_lost(database, AbapaRecord(GAME.rules, tuple(moves), tuple(states)))
    assert lost == [
        database.value(s) - database.move_values(s)[m]
        for s, m in zip(states[:-1], moves, strict=True)
    ]
    assert any(seeds for seeds in lost if seeds)  # this game threw some away


# -- the report card -----------------------------------------------------------------------
def test_the_sample_is_fixed_and_every_choice_matters() -> None:
    database = six_seeds()
    sample = endgame_positions(database, 20, seed=7)
    assert sample == endgame_positions(database, 20, seed=7)
    assert sample != endgame_positions(database, 20, seed=8)
    for state in sample:
        assert 4 <= sum(state.houses) <= 6
        assert len(set(database.move_values(state).values())) >= 2


def test_the_report_card_grades_each_move_against_perfect_play() -> None:
    database = six_seeds()
    sample = endgame_positions(database, 12)
    card = report_card(store_difference, depths=[1, 2], positions=sample, database=database)
    for grade in card.grades:
        assert grade.name == "store_difference"
        lost = []
        for state in sample:
            move = iterative_deepening(GAME, state, grade.budget, store_difference).move
            lost.append(database.value(state) - database.move_values(state)[move])
        assert grade.perfect == sum(seeds == 0 for seeds in lost) / len(lost)
        assert grade.mean_lost == pytest.approx(sum(lost) / len(lost))
        assert grade.worst_lost == max(lost)
        assert 0 <= grade.results_lost <= 1 - grade.perfect


def test_a_perfect_evaluation_gets_a_perfect_card() -> None:
    database = six_seeds()

    def perfect(state: AbapaState, player: int) -> float:  # the database's own verdict
        value = database.leaf_value(state, player)
        return 0.0 if value is None else value * 0.99 + _margin(database, state, player)

    card = report_card({"perfect": perfect}, depths=[1], positions=15, database=database)
    assert card.grades[0].results_lost == 0  # a win at once may count as seeds lost (Grade)
    lost = report_card(
        {"perfect": perfect}, depths=[1], positions=15, database=database, seed=1
    ).grades[0]
    assert lost.results_lost == 0


def _margin(database: EndgameDatabase, state: AbapaState, player: int) -> float:
    """The seeds ``player`` makes sure of, as a small tie-break inside the result."""
    mine = (
        database.value(state)
        if state.to_move == player
        else sum(state.houses) - database.value(state)
    )
    return (state.stores[player] - state.stores[1 - player] + 2 * mine - sum(state.houses)) / 10_000


def test_the_package_evaluations_and_mcts_side_by_side() -> None:
    card = report_card(None, depths=[1, 2], positions=6, database=six_seeds(), mcts_iterations=[50])
    assert card.names() == [*EVALUATIONS, "mcts"]
    assert "mcts" in card.table() and "<table>" in card._repr_html_()
    picture = card.chart()
    assert picture.count("<polyline") == 2 * len(EVALUATIONS)  # a line each, in both panels
    mcts_grade = next(g for g in card.grades if g.name == "mcts")
    said = picture.split("<desc>")[1]
    assert f"MCTS 50 it. at y = {_number(mcts_grade.perfect)}." in said
    for grade in card.grades:
        if grade.name != "mcts":
            assert f"{grade.budget} → {_number(grade.mean_lost)}" in said


def test_report_card_errors() -> None:
    with pytest.raises(GameError, match="evaluate must be a function"):
        report_card(42, positions=2, database=six_seeds())  # type: ignore[arg-type]
    with pytest.raises(GameError, match="at least one position"):
        report_card(store_difference, positions=[], database=six_seeds())
    assert isinstance(report_card(store_difference, [1], 2, database=six_seeds()), ReportCard)


# -- the engine's leaves -------------------------------------------------------------------
@given(endgames(most=6), st.integers(1, 3))
def test_the_engine_with_the_database_at_its_leaves_plays_perfectly(
    state: AbapaState, depth: int
) -> None:
    """Every child of the root is in the database, so one ply is enough for the exact
    result, and the move the engine picks keeps it."""
    database = six_seeds()
    if not GAME.legal_moves(state):
        return
    exact = database.leaf_value(state, state.to_move)
    result = iterative_deepening(
        GAME, state, depth, store_difference, leaf_value=database.leaf_value
    )
    assert result.value == exact
    after = GAME.result(state, result.move)
    if GAME.legal_moves(after):
        assert database.leaf_value(after, state.to_move) == exact
    else:
        assert GAME.utility(after, state.to_move) == exact


def test_the_engine_without_the_database_is_unchanged() -> None:
    state = GAME.state([1, 0, 2, 0, 1, 0] + [0, 1, 0, 0, 1, 0], stores=(20, 22))
    plain = iterative_deepening(GAME, state, 4, store_difference)
    assert (
        plain.value == iterative_deepening(GAME, state, 4, store_difference, leaf_value=None).value
    )
    with pytest.raises(GameError, match="leaf_value must be a function"):
        iterative_deepening(GAME, state, 2, store_difference, leaf_value=3)  # type: ignore[arg-type]


# -- a search player with the database at its leaves ---------------------------------------
def test_a_search_player_with_the_database_plays_the_perfect_result() -> None:
    """On sampled endgame positions the engine, given the database through ``SearchPlayer``,
    picks a move that keeps perfect play's result (the leaves know only win, draw or loss,
    so among the moves that keep it any may be chosen); without it, it does not always."""
    database = six_seeds()
    sample = endgame_positions(database, 40, seed=11)
    knowing = SearchPlayer("engine", 1, store_difference, leaf_value=database.leaf_value)
    plain = SearchPlayer("engine", 1, store_difference)
    missed = 0
    for state in sample:
        values = database.move_values(state)
        perfect = _outcome(state, database.value(state))
        move = knowing.choose(GAME, state)
        assert _outcome(state, values[move]) == perfect, (state, move)
        assert knowing.last_result is not None
        assert knowing.last_result.value == database.leaf_value(state, state.to_move)
        missed += _outcome(state, values[plain.choose(GAME, state)]) != perfect
    assert missed > 0  # the database made the difference


def test_a_search_player_passes_leaf_value_only_to_the_engine() -> None:
    database = six_seeds()
    with pytest.raises(GameError, match="read only by the engine, not by alphabeta"):
        SearchPlayer("alphabeta", 2, leaf_value=database.leaf_value)
    with pytest.raises(GameError, match="leaf_value must be a function"):
        SearchPlayer("engine", 2, leaf_value=6)  # type: ignore[arg-type]
    calls: list[AbapaState] = []

    def counting(state: AbapaState, player: int) -> float | None:
        calls.append(state)
        return database.leaf_value(state, player)

    SearchPlayer("engine", 2, store_difference, leaf_value=counting).choose(GAME, ENDGAME)
    assert calls  # the engine asked it


def test_a_small_database_gets_a_report_card() -> None:
    # fewer than 4 seeds: the positions come from the levels it has (a ValueError before)
    from gametheory.games.abapa import Abapa, store_difference
    from gametheory.games.abapa.endgame import EndgameDatabase
    from gametheory.practice.perfect_play import endgame_positions, report_card

    database = EndgameDatabase.build(Abapa(), seeds=3)
    states = endgame_positions(database, 6)
    assert len(states) == 6 and all(1 <= sum(s.houses) <= 3 for s in states)
    assert all(len(set(database.move_values(s).values())) >= 2 for s in states)
    card = report_card(store_difference, depths=[1, 2], positions=6, database=database)
    assert [g.budget for g in card.grades] == [1, 2] and card.positions == 6


def test_a_board_without_choices_is_named_not_searched_for_ever() -> None:
    from gametheory.games.abapa import Abapa
    from gametheory.games.abapa.endgame import EndgameDatabase
    from gametheory.practice.perfect_play import endgame_positions, report_card

    database = EndgameDatabase.build(Abapa(houses_per_side=1, seeds_per_house=4), seeds=6)
    with pytest.raises(GameError, match="choice of moves"):
        endgame_positions(database, 5)
    with pytest.raises(GameError, match="choice of moves"):
        report_card(depths=[1], positions=5, database=database)


@given(endgames(most=6), st.floats(0, 1), st.floats(0, 1))
def test_a_weaker_strength_never_keeps_more_seeds(state: AbapaState, s: float, t: float) -> None:
    database = six_seeds()
    if not GAME.legal_moves(state):
        return
    values, board = database.move_values(state), sum(state.houses)
    weaker, stronger = sorted((s, t))
    kept = {x: values[PerfectPlayer(database, strength=x).choose(GAME, state)] for x in (s, t)}
    assert kept[weaker] <= kept[stronger]
    for x in (s, t):  # the rule: at most (1 - strength) of the board thrown away
        assert database.value(state) - kept[x] <= (1 - x) * board
        rolled = PerfectPlayer(database, strength=x, seed=7).choose(GAME, state)
        assert database.value(state) - values[rolled] <= (1 - x) * board
    assert values[PerfectPlayer(database, strength=0).choose(GAME, state)] == min(values.values())
    assert values[PerfectPlayer(database, strength=1).choose(GAME, state)] == database.value(state)


def test_a_strength_outside_0_to_1_is_named() -> None:
    for bad in (-0.1, 1.5, True, "1", float("nan")):
        with pytest.raises(GameError, match="strength must be a number from 0"):
            PerfectPlayer(six_seeds(), strength=bad)  # type: ignore[arg-type]
