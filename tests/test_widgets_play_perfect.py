"""The play widget with an Abapa endgame database: the perfect opponent and its fallback to the
search, the verdicts on request, the review of a finished game and its replay (no browser:
the widget's state lives in Python, and each expectation comes from the database itself)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings

from gametheory.draw.boards import draw_board
from gametheory.games.abapa import Abapa, AbapaState, store_difference
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.practice.perfect_play import judge, verdicts
from gametheory.search.alphabeta import alphabeta
from gametheory.widgets.front import fitted
from gametheory.widgets.play import PlayWidget, search_in_time
from tests.test_abapa_endgame import endgames

GAME = Abapa()
ENDGAME = GAME.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
"""A to move: house 2 keeps the win (4 seeds of 4); house 6 throws away 3 seeds and the win."""
LONGER = GAME.state([1, 0, 2, 0, 1, 0] + [0, 1, 0, 0, 1, 0], stores=(20, 22))


@cache
def six_seeds() -> EndgameDatabase:
    return EndgameDatabase.build(GAME, seeds=6)


def _widget(start: AbapaState | None = ENDGAME, **options: Any) -> PlayWidget:
    return PlayWidget(GAME, database=six_seeds(), start=start, depth=2, background=False, **options)


def _lost(state: AbapaState, move: int) -> float:
    """The oracle: what ``move`` throws away, straight from the database's values."""
    return six_seeds().value(state) - six_seeds().move_values(state)[move]


def _play_out(widget: PlayWidget, choose: object) -> None:
    """Play the human's moves with ``choose(state) -> move`` until the game is over."""
    for _ in range(200):
        if GAME.is_terminal(widget.state):
            return
        widget.click(choose(widget.state))  # type: ignore[operator]
    raise AssertionError("the game did not end in 200 moves")


# -- the perfect opponent ------------------------------------------------------------------
def test_the_perfect_opponent_plays_a_best_move_every_time_and_says_so() -> None:
    widget = _widget(LONGER)
    assert widget.opponent_menu.value == "perfect"
    widget.click(5)
    assert re.fullmatch(
        r"You play 5: it .*\. The perfect opponent \(B\) plays \d+: it keeps .*", widget.reply
    ), widget.reply
    assert "positions searched" not in widget.reply  # no search was needed
    _play_out(widget, lambda state: GAME.legal_moves(state)[-1])
    machine = [(s, m) for s, m in widget.history if s.to_move == 1]
    assert machine, "the machine never moved"
    for state, move in machine:
        assert move in six_seeds().best_moves(state), (state, move)


def test_outside_the_database_the_search_plays_and_the_widget_says_which() -> None:
    widget = _widget(start=None)  # the opening: 48 seeds on the board
    widget.click(3)
    before = widget.history[-1][0]
    assert re.search(
        r"Outside the endgame database \(48 seeds on the board; it holds boards of at most 6\)"
        r": the search plays instead \(alphabeta, depth 2\)\. The machine \(B\) plays \d+",
        widget.reply,
    ), widget.reply
    searched = search_in_time(
        alphabeta, GAME, before, 2, widget.evaluation_menu.value, time_limit=60
    ).result.move
    assert widget.history[-1][1] == searched


def test_the_search_can_be_chosen_instead_of_the_perfect_opponent() -> None:
    widget = _widget()
    widget.opponent_menu.value = "search"
    widget.click(6)
    assert "The machine (B) plays " in widget.reply
    assert "perfect opponent" not in widget.reply and "Outside" not in widget.reply


def test_a_given_opponent_disables_the_menu() -> None:
    from gametheory.players import RandomPlayer

    widget = _widget(opponent=RandomPlayer(seed=1))
    assert widget.opponent_menu.disabled and widget.opponent_menu.value == "search"


# -- verdicts on request -------------------------------------------------------------------
def test_verdicts_on_request_name_every_move_of_the_position() -> None:
    widget = _widget()
    assert widget.review.value == ""  # nothing judged before it is asked for
    widget.verdicts_button.click()
    assert widget.message == (
        "Against perfect play (A to move): 2 keeps the win (4 seeds of 4), all taken in 14 moves; "
        "6 throws away 3 seeds and the win (a loss instead)."
    )
    assert "No move yet." in widget.review.value


@settings(max_examples=30, deadline=None)
@given(endgames(most=6))
def test_the_verdicts_said_are_the_databases(state: AbapaState) -> None:
    widget = _widget(state if state.to_move == 0 else None)
    if widget.state != state:
        return  # B to move: the machine would open
    widget.verdicts()
    if GAME.is_terminal(state):
        assert widget.message == "The game is over: the review below judges its moves."
        return
    for move, words in verdicts(six_seeds(), state).items():
        assert f"{move} {words}" in widget.message


def test_no_verdicts_outside_the_database_or_without_one() -> None:
    widget = _widget(start=None)
    widget.verdicts()
    assert widget.message == (
        "No verdicts here. Outside the endgame database (48 seeds on the board; it holds "
        "boards of at most 6)."
    )
    plain = PlayWidget(GAME, depth=1, background=False)
    assert plain.opponent_menu not in plain.widget.children[0].children
    plain.verdicts()
    assert plain.message.startswith("Verdicts need an endgame database")
    assert plain.judged() == []


# -- the review and the replay -------------------------------------------------------------
def test_a_finished_game_is_reviewed_with_every_losing_move_marked() -> None:
    widget = _widget()
    widget.click(6)  # throws away 3 seeds and the win
    _play_out(widget, lambda state: GAME.legal_moves(state)[0])
    history = widget.history
    rows = re.findall(
        r"<div class='gt-play-judged (gt-play-\w+)' style='[^']*'>([^<]*)</div>",
        widget.review.value,
    )
    assert len(rows) == len(history)
    for (css, text), (state, move) in zip(rows, history, strict=True):
        lost = _lost(state, move)
        assert (css == "gt-play-lost") == (lost > 0) and (css == "gt-play-perfect") == (lost == 0)
        assert text.startswith("✗" if lost else "✓"), text
        if lost:
            assert f"lost {lost:g} seed" in text
    assert rows[0][1] == (
        "✗ 1. A plays 6: lost 3 seeds, won → lost; it throws away 3 seeds and the win "
        "(a loss instead)"
    )
    losses = sum(1 for state, move in history if _lost(state, move))
    assert f"{len(history)} moves, {losses} of them lost seeds (✗)" in widget.review.value
    assert widget.replay_box.layout.display == "flex"


def test_the_replay_steps_through_the_game_and_jumps_to_the_losing_moves() -> None:
    widget = _widget(LONGER)
    _play_out(widget, lambda state: GAME.legal_moves(state)[-1])
    states = [s for s, _ in widget.history] + [widget.state]
    moves = [m for _, m in widget.history]
    judged = judge(six_seeds(), states, moves)
    losing = [j.ply for j in judged if j.lost]
    assert len(losing) >= 2, "this game should lose seeds more than once"
    assert widget.replay_slider.max == len(moves)
    widget.replay_slider.value = 0
    assert widget.replay_caption.value == "<div>The start of the game.</div>"
    assert widget.replay_board.value == fitted(draw_board(GAME, LONGER))
    for ply in losing:
        widget.next_loss()
        assert widget.replay_slider.value == ply
        assert widget.replay_caption.value.startswith(f"<div>✗ {ply}. ")
        shown = fitted(draw_board(GAME, states[ply], last_move=moves[ply - 1]))
        assert widget.replay_board.value == shown
    widget.next_loss()  # after the last: back to the first
    assert widget.replay_slider.value == losing[0]


def test_the_review_is_hidden_again_after_an_undo_and_a_new_game_starts_at_the_start() -> None:
    widget = _widget()
    widget.verdicts()
    widget.click(2)
    assert "1. A plays 2" in widget.review.value  # asked for: kept up to date
    widget.undo()
    assert widget.review.value == "" and widget.replay_box.layout.display == "none"
    widget.verdicts()
    widget.click(6)  # the same number of moves, another game: judged again
    assert "1. A plays 6" in widget.review.value and "1. A plays 2" not in widget.review.value
    widget.new_game()
    assert widget.state == ENDGAME and widget.history == []
    assert widget.review.value == ""


def test_bad_databases_and_starts_are_refused() -> None:
    with pytest.raises(ValueError, match="must be an EndgameDatabase"):
        PlayWidget(GAME, database="the table", background=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the database is one of"):
        PlayWidget(Abapa(houses_per_side=3), database=six_seeds(), background=False)
    with pytest.raises(Exception, match="not a position|position"):
        PlayWidget(GAME, start="a board", background=False)


@settings(max_examples=40, deadline=None)
@given(endgames(most=6))
def test_each_judged_move_agrees_with_the_database(state: AbapaState) -> None:
    database = six_seeds()
    for move in GAME.legal_moves(state):
        (judged,) = judge(database, [state], [move])
        assert judged.lost == _lost(state, move)
        assert judged.verdict == verdicts(database, state)[move]
        assert judged.mark == ("✗" if judged.lost else "✓")
        assert (judged.before == judged.after) == judged.change.startswith("still ")
        assert judged.before is not None and judged.after is not None
        assert judged.after <= judged.before  # no move does better than perfect play
    (outside,) = judge(database, [GAME.initial_state()], [1])
    assert (outside.mark, outside.lost, outside.change) == ("–", None, "")
    assert (
        outside.text(6) == "– 1. A plays 1: not in the database (48 seeds on the board; it holds 6)"
    )


def test_the_evaluation_still_drives_the_fallback_search() -> None:
    widget = _widget(start=None, evaluate=store_difference)
    widget.depth_menu.value = 1
    widget.click(1)
    assert "(alphabeta, depth 1)" in widget.reply


# -- the student trial's N2 and N7 ---------------------------------------------------------
def test_the_move_buttons_keep_their_places_from_an_endgame_start_to_the_end() -> None:
    """N2: from an endgame where only some houses are legal, the row shows every house of
    the player's side from the start, in order, and never changes while the game goes on."""
    widget = _widget(LONGER)
    labels = [b.description for b in widget.move_buttons]
    assert labels == ["1", "2", "3", "4", "5", "6"]
    legal = set(GAME.legal_moves(LONGER))
    assert legal < set(range(1, 7))  # the start offers fewer moves than there are buttons
    styled = {m for m in range(1, 7) if widget.button_for(m).button_style == "info"}
    assert styled == legal
    _play_out(widget, lambda state: GAME.legal_moves(state)[-1])
    assert [b.description for b in widget.move_buttons] == labels


def test_verdicts_shown_during_a_game_are_recorded_in_its_review() -> None:
    """N7: a move made after the verdicts were shown is marked so in the review, and the
    review's title says before which moves; a new game forgets them."""
    widget = _widget(LONGER)
    widget.verdicts()
    widget.click(GAME.legal_moves(LONGER)[0])
    assert "verdicts shown before move 1" in widget.review.value
    lines = re.findall(r"<div class='gt-play-judged[^>]*>(.*?)</div>", widget.review.value)
    assert lines[0].endswith("(verdicts shown before it)")
    assert not any(line.endswith("(verdicts shown before it)") for line in lines[1:])
    widget.new_game()
    _play_out(widget, lambda state: GAME.legal_moves(state)[0])
    assert "verdicts shown" not in widget.review.value
