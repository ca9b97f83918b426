"""The play widget (widgets/play.py), driven without a browser: press its buttons, read the
board and the text."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.draw.boards import draw_board
from gametheory.games.abapa import Abapa
from gametheory.games.dice import DiceRace
from gametheory.games.gomoku import Gomoku
from gametheory.games.nim import Nim, NimState
from gametheory.games.tictactoe import TicTacToe
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import driver
from gametheory.search.minimax import minimax
from gametheory.trees import random_tree, tree
from gametheory.widgets.front import fitted
from gametheory.widgets.play import PlayWidget, search_in_time

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


# -- playing -----------------------------------------------------------------------------
def test_perfect_play_at_tictactoe_is_a_draw() -> None:
    game = TicTacToe()
    widget = PlayWidget(game)
    assert len(widget.move_buttons) == 9
    while not game.is_terminal(widget.state):
        widget.hint_button.click()
        assert widget.message.startswith("Hint: play ")
        move = int(widget.message.split()[2])
        widget.button_for(move).click()
        assert widget.reply.startswith(f"You play {move}.")  # the student's move first
        assert game.is_terminal(widget.state) or "The machine (B) plays" in widget.reply
    assert game.winner(widget.state) is None
    assert "Game over. A draw." in widget.status.value
    assert widget.board.value == fitted(draw_board(game, widget.state, last_move=widget.last_move))


def test_illegal_clicks_say_why_and_change_nothing() -> None:
    game = TicTacToe()
    widget = PlayWidget(game)
    widget.button_for(4).click()
    state, board = widget.state, widget.board.value
    taken = [i for i, c in enumerate(state.board) if c != -1]
    widget.button_for(taken[0]).click()
    assert "is taken by" in widget.message and widget.state == state
    assert widget.board.value == board
    widget.click(42)  # no such button, but the method must not raise either
    assert "cells are numbered 0..8" in widget.message


def test_undo_new_game_and_game_over() -> None:
    game = Nim(6)
    widget = PlayWidget(game)
    start = widget.state
    widget.button_for(1).click()  # 5 left: B takes 1 and leaves 4
    assert widget.state == NimState(4, 0) and "value 1 for it" in widget.reply
    widget.undo_button.click()
    assert widget.state == start and widget.history == []
    widget.undo_button.click()
    assert "Nothing to undo" in widget.message
    widget.button_for(2).click()  # 4 left for B: B loses whatever it does
    while not game.is_terminal(widget.state):
        widget.button_for(game.legal_moves(widget.state)[-1]).click()
    assert "You win!" in widget.status.value
    widget.button_for(1).click()
    assert "The game is over" in widget.message
    widget.new_button.click()
    assert widget.state == start and widget.message == ""


def test_the_machine_opens_when_you_are_b_and_any_player_object_can_be_the_opponent() -> None:
    widget = PlayWidget(Nim(5), human=1)
    assert widget.state == NimState(4, 1) and "plays 1" in widget.reply

    class TakeOne:
        name = "take-one"

        def choose(self, game: Any, state: Any) -> int:
            return 1

    widget = PlayWidget(Nim(5), TakeOne())
    widget.button_for(3).click()
    assert widget.state == NimState(1, 0) and widget.reply == "You play 3. take-one plays 1."
    widget.button_for(1).click()
    assert "You win!" in widget.status.value


def test_depth_and_evaluation_controls() -> None:
    def zero(state: Any, player: int) -> float:
        return 0.0

    widget = PlayWidget(Nim(9), depth=2, evaluate=zero)
    widget.hint()
    assert widget.message.startswith("Hint: play 1 (value 0")  # too shallow to see the win
    widget.depth_menu.value = "to the end"
    widget.hint()
    assert widget.message.startswith("Hint: play 1 (value 1")
    with pytest.raises(ValueError, match="evaluation 'none' is None: give a function"):
        PlayWidget(Nim(9), evaluations={"none": None})  # type: ignore[dict-item]
    # without an evaluation the widget falls back to the game's own (Nim: utilities only)
    default = PlayWidget(Nim(9), depth=2)
    default.hint()
    assert default.message.startswith("Hint: play 1 (value 0")
    with pytest.raises(ValueError, match="human must be"):
        PlayWidget(Nim(9), human=2)
    with pytest.raises(GameError, match="no button"):
        PlayWidget(Nim(3)).button_for(7)


def test_play_widget_writes_moves_in_the_games_notation():
    from gametheory.games.checkers import Checkers
    from gametheory.games.gomoku import Gomoku
    from gametheory.widgets.play import PlayWidget

    checkers = PlayWidget(Checkers(), depth=1)
    assert checkers.move_buttons == []  # first pick a piece
    assert [b.description for b in checkers.piece_buttons][:2] == ["b2", "d2"]
    checkers.piece_button("b2").click()
    assert [b.description for b in checkers.move_buttons] == ["b2-a3", "b2-c3"]
    gomoku = PlayWidget(Gomoku(size=7, k=4), depth=1)
    assert "d4" in [b.description for b in gomoku.move_buttons]


def test_play_widget_plays_abapa_and_explains_wrong_clicks():
    from gametheory.games.abapa import Abapa
    from gametheory.widgets.play import PlayWidget

    widget = PlayWidget(Abapa(), depth=3)
    assert [b.description for b in widget.move_buttons] == ["1", "2", "3", "4", "5", "6"]
    widget.button_for(3).click()
    # both moves told in the rules' words: what was sown, what was captured
    _, (their_position, their_move) = widget.history
    mine = "You play 3: it sows 4 seeds into houses 4–7. "
    theirs = f"It {Abapa().move_effect(their_position, their_move)}"
    assert widget.reply.startswith(mine + "The machine (B) plays ")
    assert widget.reply.endswith(theirs)
    assert widget.history[0][1] == 3 and len(widget.history) == 2
    before = widget.state
    widget.click(9)
    assert "House 9 belongs to B" in widget.message and widget.state == before
    empty = next(h for h in range(1, 7) if before.houses[h - 1] == 0)
    widget.click(empty)
    legal = [str(h) for h in Abapa().legal_moves(before)]
    said = f"House {empty} is empty; you can play {', '.join(legal[:-1])} or {legal[-1]}."
    assert widget.message == said and widget.state == before
    widget.undo()
    assert widget.state == Abapa().initial_state()


def test_checkers_piece_then_target_and_multi_jumps():
    from gametheory.games.checkers import Checkers
    from gametheory.widgets.play import PlayWidget

    game = Checkers()
    widget = PlayWidget(game, depth=1)
    # White man on c3 must jump d4 and f6 in one move; the machine (Black) has a spare man
    widget.state = game.from_fen("W:Wc3:Bd4,f6,h8")
    widget.refresh()
    assert [b.description for b in widget.piece_buttons] == ["c3"]
    widget.piece_button("c3").click()
    assert [b.description for b in widget.move_buttons] == ["c3:e5:g7"]
    with pytest.raises(GameError, match="no piece on 'a1'"):
        widget.piece_button("a1")
    widget.move_buttons[0].click()
    assert widget.history[0][1] == (18, 36, 54) and widget.selected is None
    assert widget.message == "" and widget.reply.startswith(
        "You play c3:e5:g7. The machine (B) plays "
    )


def test_the_tictactoe_evaluation_menu_shows_its_one_choice() -> None:
    widget = PlayWidget(TicTacToe())
    assert widget.evaluation_menu.label == "results only"
    assert widget.evaluation_menu.disabled  # to the end, it changes nothing
    widget.depth_menu.value = 3
    assert not widget.evaluation_menu.disabled


# -- the machine never freezes the notebook ------------------------------------------------
def _zero(state: Any, player: int) -> float:
    return 0.0


@given(branching=st.integers(1, 3), height=st.integers(1, 4), depth=st.integers(1, 5))
@settings(max_examples=40)
def test_deepening_answers_as_the_search_at_the_depth_chosen(
    branching: int, height: int, depth: int
) -> None:
    t = random_tree(branching, height, seed=branching * 10 + height)
    for search in (alphabeta, minimax):
        answer = search_in_time(search, t, None, depth, _zero, time_limit=60)
        direct = search(t, None, depth, _zero)
        assert answer.cut is None and answer.depth == min(depth, height + 1)
        assert (answer.result.value, answer.result.move) == (direct.value, direct.move)
        whole = search_in_time(search, t, None, None, _zero, time_limit=60)
        assert (whole.result.value, whole.result.move) == (search(t).value, search(t).move)


def test_deepening_stops_when_its_time_is_up_and_keeps_the_last_finished_depth() -> None:
    def slow(state: Any, player: int) -> float:
        time.sleep(0.02)
        return 0.0

    seen: list[int] = []
    answer = search_in_time(
        alphabeta, Abapa(), None, 6, slow, time_limit=0.01, on_depth=seen.append
    )
    # depth 1 always finishes; it took longer than the time limit, so depth 2 never starts
    assert (answer.depth, answer.cut, answer.stopped, seen) == (1, 2, "time_limit", [1])
    assert answer.result.move == alphabeta(Abapa(), None, 1, slow).move


def test_a_depth_is_abandoned_at_the_first_move_after_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a clock that moves one second per evaluation: the deadline passes during depth 2
    now = [0.0]
    monkeypatch.setattr(driver, "clock", lambda: now[0])

    def ticks(state: Any, player: int) -> float:
        now[0] += 1
        return 0.0

    seen: list[int] = []
    answer = search_in_time(alphabeta, Abapa(), None, 6, ticks, time_limit=10, on_depth=seen.append)
    assert (answer.depth, answer.cut, seen) == (1, 2, [1, 2])
    # depth 1 scored A's 6 moves; depth 2 stopped at the move after the 4th score (t = 10)
    assert now[0] == 10
    first = alphabeta(Abapa(), None, 1, _zero)
    assert (answer.result.value, answer.result.pv) == (first.value, first.pv)


def test_the_widget_says_when_its_time_ran_out() -> None:
    def slow(state: Any, player: int) -> float:
        time.sleep(0.02)
        return 0.0

    widget = PlayWidget(Abapa(), depth=4, evaluate=slow, time_limit=0.01)
    widget.click(3)
    assert "Its 0.01 s ran out during depth 2: this is its depth-1 answer." in widget.reply
    widget.hint()
    assert widget.message.startswith("Hint: play ") and "depth-1 answer" in widget.message


def test_depths_offered_are_those_the_game_affords() -> None:
    assert [v for _, v in PlayWidget(Abapa(), depth=4).depth_menu.options] == list(range(1, 10))
    assert PlayWidget(Abapa()).depth == 9  # "to the end" is not offered: the deepest is
    options = [v for _, v in PlayWidget(TicTacToe()).depth_menu.options]
    assert options[-1] == "to the end" and 9 in options
    assert 3 in [v for _, v in PlayWidget(Gomoku(size=7, k=4), depth=3).depth_menu.options]


def _held_evaluation() -> tuple[threading.Event, threading.Event, Any]:
    """An evaluation that, once called, sets ``started`` and waits for ``go_on``: the
    machine held in the middle of its search."""
    started, go_on = threading.Event(), threading.Event()

    def waits(state: Any, player: int) -> float:
        started.set()
        go_on.wait(10)
        return 0.0

    return started, go_on, waits


def test_clicks_while_the_machine_thinks_are_ignored_with_a_message_not_queued() -> None:
    started, go_on, waits = _held_evaluation()
    game = Nim(7)
    widget = PlayWidget(game, depth=2, evaluate=waits, background=True)
    widget.button_for(1).click()  # returns at once: the machine thinks in a thread
    assert started.wait(10) and widget.busy
    assert "thinking… (depth 1)" in widget.status.value
    after_mine = widget.state
    assert after_mine == NimState(6, 1)
    for button in (widget.button_for(2), widget.hint_button, widget.undo_button):
        button.click()
        assert widget.message == "Please wait: the machine is thinking. Your click was ignored."
        assert "Your click was ignored." in widget.status.value
    widget.new_button.click()
    widget.click(3)  # from code too
    assert widget.state == after_mine and len(widget.history) == 1
    go_on.set()
    widget.wait(10)
    assert not widget.busy and widget.thinking == ""
    assert len(widget.history) == 2 and game.to_move(widget.state) == 0  # one reply, no more
    assert "The machine (B) plays" in widget.reply  # and the refusal is not hidden by it
    assert widget.message == "A click made while the machine was thinking was ignored."
    assert widget.status.value.index("plays") < widget.status.value.index("was ignored")
    widget.button_for(1).click()  # usable again
    widget.wait(10)
    assert len(widget.history) == 4 and widget.message == ""


def test_a_failure_in_the_background_takes_the_move_back_and_says_why() -> None:
    def broken(state: Any, player: int) -> float:
        raise ValueError("this evaluation is broken")

    widget = PlayWidget(Nim(7), depth=2, evaluate=broken, background=True)
    widget.button_for(1).click()
    widget.wait(10)
    assert widget.state == Nim(7).initial_state() and widget.history == []
    assert widget.message == "The machine could not answer: this evaluation is broken"
    assert not widget.busy


def _broken(state: Any, player: int) -> float:
    raise ValueError("this evaluation is broken")


def _interrupted(state: Any, player: int) -> float:
    raise KeyboardInterrupt


@pytest.mark.parametrize(
    ("stops", "error", "said"),
    [
        (_broken, ValueError, "The machine could not answer: this evaluation is broken"),
        (_interrupted, KeyboardInterrupt, "Interrupted: the position is as it was before."),
    ],
    ids=["error", "interrupt"],
)
def test_what_stops_an_action_from_code_takes_the_position_back_and_leaves_the_widget_usable(
    stops: Any, error: type[BaseException], said: str
) -> None:
    widget = PlayWidget(Nim(7), depth=2, evaluations={"stops": stops, "zero": _zero})
    with pytest.raises(error):
        widget.click(1)
    assert widget.state == Nim(7).initial_state() and widget.history == []
    assert widget.message == said and widget.reply == ""
    assert not widget.busy and widget.thinking == ""
    widget.evaluation_menu.label = "zero"
    widget.click(1)
    assert len(widget.history) == 2 and widget.message == ""


def test_a_search_that_cannot_play_this_game_takes_your_move_back() -> None:
    widget = PlayWidget(DiceRace(), algorithm="minimax", depth=2)
    start = widget.state
    widget.click(widget.game.legal_moves(start)[0])
    assert widget.state == start and "your move was taken back" in widget.message
    widget.algorithm_menu.value = "expectiminimax"
    roll = DiceRace().legal_moves(start)[-1]
    widget.click(roll)  # a roll: chance moves, and then the machine
    assert (
        widget.reply.startswith(f"You play {roll}. Chance: ")
        and "The machine (B) plays" in widget.reply
    )


def test_an_action_from_another_thread_while_one_runs_is_refused() -> None:
    # JupyterLab may run a widget's click on a thread of its own (a kernel subshell) while a
    # cell calls the widget from code: one action at a time, the other one refused
    started, go_on, waits = _held_evaluation()
    widget = PlayWidget(Nim(7), depth=2, evaluate=waits, background=False)
    cell = threading.Thread(target=widget.click, args=(1,))
    cell.start()
    assert started.wait(10) and widget.busy
    widget.button_for(2).click()  # the handler runs now, on this thread
    assert widget.message == "Please wait: the machine is thinking. Your click was ignored."
    go_on.set()
    cell.join(10)
    assert len(widget.history) == 2 and widget.history[0][1] == 1 and not widget.busy
    assert widget.message == "A click made while the machine was thinking was ignored."


def test_the_evaluation_menu_names_a_given_evaluation_once():
    from gametheory.games.abapa import EVALUATIONS, Abapa, store_difference
    from gametheory.widgets.play import PlayWidget

    named = PlayWidget(Abapa(), evaluate=store_difference, evaluations=EVALUATIONS)
    assert [label for label, _ in named.evaluation_menu.options] == list(EVALUATIONS)
    assert named.evaluation_menu.label == "store"  # store_difference, by its own name

    def mine(state, player):
        return 0.0

    own = PlayWidget(Abapa(), evaluate=mine, evaluations=EVALUATIONS)
    assert [label for label, _ in own.evaluation_menu.options] == ["given", *EVALUATIONS]
    assert own.evaluation_menu.value is mine


# -- issue 29: as students meet the widget -----------------------------------------------------
def test_a_refused_click_keeps_the_machines_reply_in_view() -> None:
    widget = PlayWidget(TicTacToe())
    widget.button_for(4).click()
    reply = widget.reply
    assert reply.startswith("You play 4. The machine (B) plays ")
    taken = next(i for i, c in enumerate(widget.state.board) if c == 1)  # where B played
    widget.button_for(taken).click()
    assert widget.reply == reply and "is taken by O" in widget.message
    assert widget.status.value.index("The machine (B) plays") < widget.status.value.index(
        "is taken by"
    )
    assert "the board itself takes no clicks" in widget.how.value  # how to move is said


def test_before_the_first_move_the_status_says_whose_move_and_how() -> None:
    widget = PlayWidget(Abapa(), depth=2)
    assert widget.prompt == "Your move: you are A. Press a move's button below."
    assert "Your move: you are A." in widget.status.value
    widget.button_for(3).click()
    assert widget.prompt == ""  # the reply is said instead
    assert "the line it expects, its move first: " in widget.reply
    widget.hint()
    assert "the line the machine expects, your move first: " in widget.message


def test_each_search_is_offered_the_depths_it_finishes_in_time() -> None:
    widget = PlayWidget(Abapa())
    assert [v for _, v in widget.depth_menu.options][-1] == 9 and widget.depth == 9
    widget.algorithm_menu.value = "minimax"  # prunes nothing: depth 9 would take minutes
    assert [v for _, v in widget.depth_menu.options] == [1, 2, 3, 4, 5, 6]
    assert widget.depth == 6
    assert widget.message == (
        "minimax prunes nothing, so it is offered only depths 1 to 6 here (two thirds of "
        "alpha-beta's): depth 6 is chosen."
    )
    widget.depth_menu.value = 3
    widget.algorithm_menu.value = "alphabeta"  # depth 3 is still offered: kept, nothing said
    assert widget.depth == 3 and [v for _, v in widget.depth_menu.options][-1] == 9
    asked = PlayWidget(Abapa(), depth=8, algorithm="minimax")  # asked for by name: offered
    assert asked.depth == 8


def test_expectiminimax_is_offered_only_for_games_with_chance() -> None:
    assert "expectiminimax" not in PlayWidget(TicTacToe()).algorithm_menu.options
    assert (
        "expectiminimax"
        in PlayWidget(DiceRace(), algorithm="expectiminimax").algorithm_menu.options
    )
    with pytest.raises(ValueError, match="expectiminimax is for games with chance positions"):
        PlayWidget(TicTacToe(), algorithm="expectiminimax")


@pytest.mark.parametrize("given", ["x", tree, 3, None])
def test_something_that_is_not_a_game_is_named(given: object) -> None:
    with pytest.raises(TypeError, match=r"PlayWidget needs a game, such as Nim\(5\).*; got "):
        PlayWidget(given)  # type: ignore[arg-type]


def test_an_explicit_tree_can_be_played() -> None:
    widget = PlayWidget(tree(TEXTBOOK))
    assert "the position: A" in widget.board.value
    widget.button_for(0).click()  # a1: MIN answers b1, the leaf worth 3
    assert widget.reply.startswith("You play a1. The machine (B) plays b1: value −3 for it")
    assert "the line it expects, its move first: b1 " in widget.reply
    assert "the position: E" in widget.board.value and "You win!" in widget.status.value


def test_where_no_thread_can_start_the_machine_answers_before_the_click_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_threads(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")  # the browser's Python says this

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    widget = PlayWidget(Nim(7), depth=6, background=True)  # as in a kernel
    widget.button_for(3).click()  # 4 left for B: whatever B takes, A can leave a multiple of 4
    assert not widget.busy and widget.thinking == ""
    assert len(widget.history) == 2 and "The machine (B) plays" in widget.reply
    assert widget.state.matches in (1, 2, 3)  # B took 1, 2 or 3 of the 4
    widget.button_for(widget.state.matches).click()  # A takes the rest and wins
    assert Nim(7).is_terminal(widget.state) and not widget.busy


def test_checkers_offers_the_thesis_depths_1_to_10_and_says_when_time_cuts_a_search_short() -> None:
    """Issue 37: the Slovak thesis' checkers program offered depths 1 to 10."""
    from gametheory.games.checkers import Checkers

    game = Checkers()
    widget = PlayWidget(game, depth=10, time_limit=0.3, background=False)
    assert [v for _, v in widget.depth_menu.options] == list(range(1, 11))
    widget.click(game.move("d2-e3"))
    assert widget.reply.startswith("You play d2-e3. The machine (B) plays ")
    assert "s ran out during depth" in widget.reply  # depth 10 takes minutes: cut, and said
