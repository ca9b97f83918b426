"""The widgets, driven without a browser: press the buttons, read the picture and the text."""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import ipywidgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.draw.boards import draw_board
from gametheory.draw.tree import draw_trace
from gametheory.games.abapa import Abapa
from gametheory.games.dice import DiceRace
from gametheory.games.gomoku import Gomoku
from gametheory.games.nim import Nim, NimState
from gametheory.games.tictactoe import TicTacToe
from gametheory.practice import Drill
from gametheory.search.alphabeta import alphabeta
from gametheory.search.minimax import minimax
from gametheory.trees import Chance, random_tree, tree
from gametheory.widgets import explorer as explorer_module
from gametheory.widgets import play as play_module
from gametheory.widgets.explorer import (
    MAX_DEPTH,
    MAX_NODES,
    ORDERS,
    PruningExplorer,
    exact_values,
    move_order,
    tree_size,
)
from gametheory.widgets.front import SAVED_NOTE, fitted
from gametheory.widgets.mcts import MCTSExplorer
from gametheory.widgets.play import PlayWidget, deepen
from gametheory.widgets.practice import PracticeWidget
from tests.threads import waits_for

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


# -- the pruning explorer ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("algorithm", "branching"),
    [("alphabeta", 3), ("alphabeta_negamax", 2), ("minimax", 2), ("negamax", 2)],
)
def test_stepping_forwards_and_back_gives_the_same_pictures(algorithm: str, branching: int) -> None:
    explorer = PruningExplorer(random_tree(branching, 3, seed=11), algorithm)
    n = len(explorer.trace)
    forwards = [(explorer.picture.value, explorer.narration_box.value)]
    for _ in range(n):
        explorer.forward_button.click()
        forwards.append((explorer.picture.value, explorer.narration_box.value))
    explorer.forward_button.click()  # past the end: stays
    assert explorer.step == n
    backwards = [(explorer.picture.value, explorer.narration_box.value)]
    for _ in range(n):
        explorer.back_button.click()
        backwards.append((explorer.picture.value, explorer.narration_box.value))
    assert forwards == backwards[::-1]
    assert len({picture for picture, _ in forwards}) == n + 1  # every step shows something new
    assert forwards[-1][0] == fitted(draw_trace(explorer.trace))


def test_buttons_slider_and_play_move_through_the_steps() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.last_button.click()
    assert explorer.step == 40 and "A is done: value 3." in explorer.narration_box.value
    explorer.first_button.click()
    assert explorer.step == 0 and explorer.slider.value == 0
    explorer.slider.value = 22
    assert explorer.step == 22
    assert explorer.narration == (
        "α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at."
    )
    assert explorer.picture.value == fitted(explorer.svg) == fitted(draw_trace(explorer.trace, 22))
    # the front end's play control sends what a browser sends: playing, then each step on
    explorer.play.set_state({"playing": True, "value": 23})
    explorer.play.set_state({"value": 24})
    assert explorer.step == 24 and explorer.slider.value == 24
    explorer.play.set_state({"playing": False})  # pause
    explorer.forward_button.click()
    assert explorer.play.value == explorer.step == 25  # play goes on from the step shown


def test_stop_on_the_play_control_keeps_the_step_shown() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.play.set_state({"playing": True, "value": 1})
    for step in range(2, 13):
        explorer.play.set_state({"value": step})
    # ipywidgets' stop button: it pauses, then sends the control back to its start
    explorer.play.set_state({"playing": False})
    explorer.play.set_state({"value": 0})
    assert explorer.step == explorer.slider.value == explorer.play.value == 12
    assert explorer.narration_box.value.startswith("<b>Step 12 of 40.</b>")
    assert "stop: pause here" in explorer.play.tooltip
    explorer.play.set_state({"playing": True, "value": 13})  # play goes on from there
    assert explorer.step == 13
    explorer.play.set_state({"value": 0})  # repeat, after the last step: the start again
    assert explorer.step == 0


def test_new_search_while_paused_starts_play_at_step_zero() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.go(30)
    explorer.algorithm_menu.value = "minimax"
    assert explorer.step == explorer.play.value == explorer.slider.value == 0
    assert explorer.play.max == explorer.slider.max == len(explorer.trace)


def test_counters_stand_next_to_minimax() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.last()
    table = explorer.counters.value
    assert "<td>alphabeta, whole search</td><td>11</td><td>7</td><td>1</td>" in table
    assert "<td>minimax, whole search</td><td>13</td><td>9</td><td>0</td>" in table
    explorer.go(9)
    assert "<td>alphabeta, so far</td><td>4</td><td>2</td><td>0</td>" in explorer.counters.value


@pytest.mark.parametrize("algorithm", ["minimax", "expectiminimax"])
def test_the_counters_show_each_search_once(algorithm: str) -> None:
    for t in (tree(TEXTBOOK), tree([Chance([(0.5, 2), (0.5, 6)]), 3])):
        explorer = PruningExplorer(t, algorithm)
        labels = re.findall(r"<tr><td>([^<]*)</td>", explorer.counters.value)
        assert len(labels) == len(set(labels)), labels
        searched = explorer.trace.algorithm  # minimax on chance nodes: expectiminimax
        assert labels[:2] == [f"{searched}, so far", f"{searched}, whole search"]
    explorer = PruningExplorer(tree(TEXTBOOK), "minimax")
    assert re.findall(r"<tr><td>([^<]*)</td>", explorer.counters.value) == [
        "minimax, so far",
        "minimax, whole search",
    ]


def test_choosing_an_algorithm_or_an_order_searches_again() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.go(10)
    explorer.algorithm_menu.value = "minimax"
    assert explorer.step == 0 and explorer.result.stats.nodes == 13
    explorer.algorithm_menu.value = "alphabeta"
    explorer.order_menu.value = "best first"
    assert explorer.result.stats.leaves == 5
    explorer.order_menu.value = "worst first"
    assert explorer.result.stats.leaves == 9
    explorer.order_menu.value = "random"
    first = explorer.trace.events
    explorer.order_seed.value = 5
    explorer.order_seed.value = 0
    assert explorer.trace.events == first  # the same seed, the same search


def test_move_orders_agree_with_an_oracle() -> None:
    t = random_tree(3, 4, seed=2)
    values = exact_values(t)
    assert values[()] == minimax(t).value
    for how in ORDERS:
        order = move_order(t, how, seed=3)
        assert alphabeta(t, order=order).value == values[()]
    best = move_order(t, "best first")
    assert best is not None
    root_order = best(t.root, t.legal_moves(t.root))
    assert [values[(m,)] for m in root_order] == sorted(values[(m,)] for m in range(3))[::-1]
    leaves = {how: alphabeta(t, order=move_order(t, how)).stats.leaves for how in ORDERS}
    assert leaves["best first"] <= leaves["random"] <= leaves["worst first"]
    assert leaves["best first"] <= leaves["as given"] <= minimax(t).stats.leaves
    with pytest.raises(ValueError, match="choose one of"):
        move_order(t, "sideways")


def test_new_random_tree_uses_the_chosen_settings() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.branching_box.value, explorer.depth_box.value, explorer.tree_seed_box.value = 2, 4, 9
    explorer.new_tree_button.click()
    assert len(explorer.tree) == 31 and repr(explorer.tree) == repr(random_tree(2, 4, seed=9))
    assert explorer.step == 0 and explorer.slider.max == len(explorer.trace)


def test_each_press_of_new_random_tree_draws_the_next_seeds_tree() -> None:
    explorer = PruningExplorer()  # random: branching 3, depth 3, seed 0
    shown = [repr(explorer.tree)]
    for seed in (1, 2, 3):
        explorer.new_tree_button.click()
        assert explorer.tree_seed_box.value == seed
        assert repr(explorer.tree) == repr(random_tree(3, 3, seed=seed))
        shown.append(repr(explorer.tree))
    assert len(set(shown)) == 4
    explorer.tree_seed_box.value = 42  # a seed typed: the next press draws it as typed
    explorer.new_tree_button.click()
    assert explorer.tree_seed_box.value == 42 and repr(explorer.tree) == repr(
        random_tree(3, 3, seed=42)
    )
    explorer.branching_box.value = 2  # other settings: the same seed's tree of that size
    explorer.new_tree_button.click()
    assert explorer.tree_seed_box.value == 42 and repr(explorer.tree) == repr(
        random_tree(2, 3, seed=42)
    )
    explorer.new_tree_button.click()
    assert explorer.tree_seed_box.value == 43
    given = PruningExplorer(tree(TEXTBOOK), tree_seed=7)  # a tree given: the box's seed first
    given.new_tree_button.click()
    assert given.tree_seed_box.value == 7 and repr(given.tree) == repr(random_tree(3, 3, seed=7))


def test_a_tree_with_chance_nodes_explains_instead_of_crashing() -> None:
    explorer = PruningExplorer(tree([Chance([(0.5, 2), (0.5, 6)]), 3]), "minimax")
    assert "expectiminimax" in explorer.narration_box.value
    explorer.last()
    assert explorer.result.value == 4
    with pytest.raises(ValueError, match="choose one of"):
        PruningExplorer(tree(TEXTBOOK), "alphabetta")
    with pytest.raises(TypeError, match="GameTree"):
        PruningExplorer(TEXTBOOK)  # type: ignore[arg-type]


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
        assert widget.reply == "" or "The machine (B) plays" in widget.reply
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
    assert widget.state == NimState(1, 0) and widget.reply == "take-one plays 1."
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
    assert widget.message == "" and widget.reply.startswith("The machine (B) plays ")


# -- what a browser needs: classes, icons, menus, still pictures ---------------------------
def _all_widgets(root: Any) -> list[Any]:
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        found.append(widget)
        todo.extend(getattr(widget, "children", ()))
    return found


def _documented_classes(module: Any, prefix: str) -> set[str]:
    return set(re.findall(rf"``({prefix}(?:-[a-z]+)*)``", module.__doc__))


@pytest.mark.parametrize("which", ["explorer", "play"])
def test_every_control_has_the_css_class_its_module_documents(which: str) -> None:
    if which == "explorer":
        front: Any = PruningExplorer(tree(TEXTBOOK))
        module, prefix = explorer_module, "gt-explorer"
    else:
        front = PlayWidget(TicTacToe())
        module, prefix = play_module, "gt-play"
    classes = [c for w in _all_widgets(front.widget) for c in w._dom_classes]
    documented = _documented_classes(module, prefix)
    each = {"gt-play-move", "gt-play-piece"}  # one per move or piece: many, or none yet
    assert documented - {"gt-play-piece"} == set(classes), "documented and used classes differ"
    assert all(classes.count(c) == 1 for c in documented - each)
    assert classes.count("gt-play-move") == (9 if which == "play" else 0)


@pytest.mark.parametrize(
    "front",
    [
        lambda: PruningExplorer(tree(TEXTBOOK)),
        lambda: PlayWidget(TicTacToe()),
        lambda: PlayWidget(Nim(7)),
        lambda: PlayWidget(Abapa(), depth=4),
        lambda: PracticeWidget(Drill("alphabeta", seed=1)),
        lambda: MCTSExplorer(iterations=4),
    ],
    ids=["explorer", "tictactoe", "nim", "abapa", "practice", "mcts"],
)
def test_buttons_use_icons_not_emoji_and_menus_have_no_empty_choice(front: Any) -> None:
    widgets_ = _all_widgets(front().widget)
    buttons = [w for w in widgets_ if isinstance(w, ipywidgets.Button)]
    assert buttons and all(b.description.isascii() for b in buttons)  # no emoji to miss a font
    assert all(b.description or (b.icon and b.tooltip) for b in buttons)  # icon-only: explained
    for menu in (w for w in widgets_ if isinstance(w, ipywidgets.Dropdown)):
        values = [o[1] if isinstance(o, tuple) else o for o in menu.options]
        assert menu.value is not None and None not in values and menu.label


def test_the_tictactoe_evaluation_menu_shows_its_one_choice() -> None:
    widget = PlayWidget(TicTacToe())
    assert widget.evaluation_menu.label == "results only"
    assert widget.evaluation_menu.disabled  # to the end, it changes nothing
    widget.depth_menu.value = 3
    assert not widget.evaluation_menu.disabled


def test_a_still_picture_stands_beside_the_live_widget() -> None:
    for front, note in (
        (PruningExplorer(tree(TEXTBOOK)), "step through the search"),
        (PlayWidget(Nim(5)), "play against the machine"),
        (PracticeWidget(Drill("minimax", seed=2)), "then press check"),
        (MCTSExplorer(iterations=3), "step through the search"),
    ):
        bundle = front._repr_mimebundle_()
        assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
        assert bundle["image/svg+xml"].startswith("<svg") and note in bundle["image/svg+xml"]
        assert str(front.still_picture()) in bundle["image/svg+xml"]
        assert bundle["text/plain"].endswith(front.note) and "<svg" not in bundle["text/plain"]
        # what is displayed: the widget, and above it the line for when no kernel runs it
        shown = bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
        assert shown == front.shown.model_id and front.shown.children[-1] is front.widget
        assert "gt-widget" in front.shown._dom_classes
        (saved,) = front.shown.children[:-1]
        assert "gt-widget-saved" in saved._dom_classes and SAVED_NOTE in saved.value
        assert ".jupyter-widgets-disconnected > .gt-widget-saved" in saved.value


# -- the explorer draws only what it can draw at once --------------------------------------
def test_the_explorer_refuses_a_tree_too_large_to_redraw_at_every_step() -> None:
    with pytest.raises(ValueError, match="19531 nodes; the explorer steps through trees of at"):
        PruningExplorer(random_tree(5, 6))
    with pytest.raises(ValueError, match="branching 5 and depth 6 is not offered"):
        PruningExplorer(branching=5, depth=6)
    with pytest.raises(ValueError, match="127 nodes; the explorer steps through trees of at most"):
        PruningExplorer(random_tree(2, 6))
    assert len(PruningExplorer(random_tree(2, 5)).tree) <= MAX_NODES


def test_the_random_tree_controls_offer_only_drawable_trees() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.branching_box.value, explorer.depth_box.value = 2, 5
    assert explorer.tree_note.value == ""
    explorer.branching_box.value = 5  # the deepest a branching-5 tree may be is now 2
    assert explorer.depth_box.value == explorer.depth_box.max == 2
    assert "depth 5 is not offered with branching 5: depth 2 (at most 63 nodes)" in (
        explorer.tree_note.value
    )
    explorer.branching_box.value = 4  # depth 2 is still offered: nothing to say
    assert explorer.tree_note.value == ""
    for branching in range(1, 6):
        explorer.branching_box.value = branching
        deepest = explorer.depth_box.max
        assert tree_size(branching, deepest) <= MAX_NODES
        assert deepest == MAX_DEPTH or tree_size(branching, deepest + 1) > MAX_NODES
        explorer.depth_box.value = deepest
        explorer.new_tree_button.click()
        assert len(explorer.tree) == tree_size(branching, deepest) <= MAX_NODES


def test_a_wide_picture_is_scaled_to_the_output_area_not_cut_off() -> None:
    explorer = PruningExplorer(random_tree(2, 5))
    html = explorer.picture.value
    assert html.startswith('<svg style="max-width:100%;height:auto;min-width:')
    assert html.count("<svg") == 1 and explorer.picture.layout.overflow == "auto"
    # never below 60% of the drawing's own size (the labels stay readable): wider, it scrolls
    drawn = re.search(r'viewBox="0 0 ([\d.]+) ', html)
    shown = re.search(r'min-width:(\d+)px.*? width="([\d.]+)"', html)
    assert drawn is not None and shown is not None
    assert float(shown.group(2)) == float(drawn.group(1)) > 1500  # wider than any output area
    assert int(shown.group(1)) == round(0.6 * float(drawn.group(1)))


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
        answer = deepen(search, t, None, depth, _zero, time_limit=60)
        direct = search(t, None, depth, _zero)
        assert answer.cut is None and answer.depth == min(depth, height + 1)
        assert (answer.result.value, answer.result.move) == (direct.value, direct.move)
        whole = deepen(search, t, None, None, _zero, time_limit=60)
        assert (whole.result.value, whole.result.move) == (search(t).value, search(t).move)


def test_deepening_stops_when_its_time_is_up_and_keeps_the_last_finished_depth() -> None:
    def slow(state: Any, player: int) -> float:
        time.sleep(0.02)
        return 0.0

    seen: list[int] = []
    answer = deepen(alphabeta, Abapa(), None, 6, slow, time_limit=0.01, on_depth=seen.append)
    # depth 1 always finishes; it took longer than the time limit, so depth 2 stops at once
    assert (answer.depth, answer.cut, seen) == (1, 2, [1, 2])
    assert answer.result.move == alphabeta(Abapa(), None, 1, slow).move


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


def test_clicks_while_the_machine_thinks_are_ignored_with_a_message_not_queued() -> None:
    started, go_on = threading.Event(), threading.Event()

    def waits(state: Any, player: int) -> float:
        started.set()
        go_on.wait(10)
        return 0.0

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


def test_an_interrupt_takes_the_position_back_and_leaves_the_widget_usable() -> None:
    def interrupted(state: Any, player: int) -> float:
        raise KeyboardInterrupt

    widget = PlayWidget(Nim(7), depth=2, evaluations={"stop": interrupted, "zero": _zero})
    with pytest.raises(KeyboardInterrupt):
        widget.click(1)
    assert widget.state == Nim(7).initial_state() and widget.history == []
    assert widget.message == "Interrupted: the position is as it was before."
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
    assert widget.reply.startswith("Chance: ") and "The machine (B) plays" in widget.reply


def test_an_action_from_another_thread_while_one_runs_is_refused() -> None:
    # JupyterLab may run a widget's click on a thread of its own (a kernel subshell) while a
    # cell calls the widget from code: one action at a time, the other one refused
    started, go_on = threading.Event(), threading.Event()

    def waits(state: Any, player: int) -> float:
        started.set()
        go_on.wait(10)
        return 0.0

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


def test_a_step_clicked_during_a_new_search_is_taken_in_the_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # JupyterLab 4.6 may run a click on a kernel subshell's thread while another click's new
    # search runs on the main thread: the step waits, then moves on in the new search
    started, go_on = threading.Event(), threading.Event()

    def slow_minimax(*args: Any, **kwargs: Any) -> Any:
        started.set()
        go_on.wait(10)
        return minimax(*args, **kwargs)

    monkeypatch.setattr(
        explorer_module, "SEARCHES", {**explorer_module.SEARCHES, "minimax": slow_minimax}
    )
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.go(5)

    def choose_minimax() -> None:
        explorer.algorithm_menu.value = "minimax"

    waits_for(choose_minimax, explorer.forward_button.click, started, go_on)
    assert explorer.algorithm == "minimax" and explorer.step == 1
    assert explorer.narration == explorer.trace.narrate(1)


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
