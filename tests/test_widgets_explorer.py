"""The pruning explorer (widgets/explorer.py), driven without a browser: press its buttons,
read the picture and the text."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import threading
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.draw.tree import draw_trace
from gametheory.search.alphabeta import alphabeta
from gametheory.search.minimax import minimax
from gametheory.search.paths import Address
from gametheory.trees import MAX, Chance, GameTree, random_tree, tree
from gametheory.widgets import front as front_module
from gametheory.widgets.explorer import (
    MAX_DEPTH,
    MAX_NODES,
    ORDERS,
    PruningExplorer,
    exact_values,
    move_order,
    tree_shape,
    tree_size,
)
from gametheory.widgets.front import fitted
from tests.strategies import chance_specs, specs
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


def test_play_steps_on_in_a_thread_until_pause_or_the_end() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK), interval=5)
    explorer.go(30)
    explorer.play_button.value = True  # as the page sets it when the button is pressed
    assert explorer.play_button.description == "pause" and explorer.play_button.icon == "pause"
    deadline = time.monotonic() + 30  # a liveness bound: 10 steps of 5 ms
    while explorer.play_button.value and time.monotonic() < deadline:
        time.sleep(0.01)
    assert explorer.step == len(explorer.trace) == 40  # played to the end, then released
    assert not explorer.play_button.value and explorer.play_button.description == "play"
    explorer.play_button.value = True  # at the end: play again from the start
    explorer.play_button.value = False  # pause at once
    stopped = explorer.step
    assert stopped <= 2
    time.sleep(0.05)
    assert explorer.step == stopped  # paused: nothing moves
    assert explorer.tick() is False  # not playing: a tick does nothing
    assert explorer.step == stopped


def test_play_and_the_step_buttons_say_in_words_what_they_do() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    buttons = [explorer.first_button, explorer.back_button, explorer.forward_button]
    buttons += [explorer.last_button, explorer.play_button]
    assert [b.description for b in buttons] == ["first", "back", "next", "last", "play"]
    assert all(b.tooltip for b in buttons)
    assert "a step every 0.8 s" in explorer.play_button.tooltip


def test_another_search_starts_at_step_zero() -> None:
    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.go(30)
    explorer.algorithm_menu.value = "minimax"
    assert explorer.step == explorer.slider.value == 0
    assert explorer.slider.max == len(explorer.trace)


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
    trees = [tree([Chance([(0.5, 2), (0.5, 6)]), 3])]
    trees += [tree(TEXTBOOK)] if algorithm == "minimax" else []  # expectiminimax: for chance
    for t in trees:
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
    explorer.go(22)
    explorer.order_menu.value = "best first"  # the same search, ordered otherwise: same place
    assert explorer.step == explorer.slider.value == 22
    assert explorer.narration_box.value.startswith("<b>Step 22 of ")
    assert explorer.result.stats.leaves == 5
    explorer.order_menu.value = "as given"
    explorer.last()
    explorer.order_menu.value = "best first"  # shorter than the step shown: its last step
    assert explorer.step == len(explorer.trace) < 40
    explorer.order_menu.value = "worst first"
    assert explorer.result.stats.leaves == 9
    explorer.order_menu.value = "random"
    first = explorer.trace.events
    explorer.order_seed.value = 5
    explorer.order_seed.value = 0
    assert explorer.trace.events == first  # the same seed, the same search


def _bottom_up(t: GameTree) -> dict[Address, float]:
    """The oracle: every node's exact value for MAX, computed bottom-up from the tree alone
    (no search), breadth-first reversed so that children come before their parents."""
    value: dict[Address, float] = {}
    for node in reversed(t.nodes()):
        kids = [value[child.path] for child in node.children]
        if node.is_leaf:
            assert node.payoff is not None
            value[node.path] = node.payoff
        elif node.probabilities is not None:
            value[node.path] = sum(p * v for p, v in zip(node.probabilities, kids, strict=True))
        else:
            value[node.path] = max(kids) if node.player == MAX else min(kids)
    return value


@given(st.one_of(specs(30), chance_specs()))
@settings(max_examples=60)
def test_exact_values_are_the_values_backed_up_from_the_leaves(spec: Any) -> None:
    t = tree(spec)
    exact = exact_values(t)
    oracle = _bottom_up(t)
    assert exact.keys() == oracle.keys()
    assert all(exact[path] == pytest.approx(oracle[path]) for path in oracle)


def test_move_orders_agree_with_an_oracle() -> None:
    t = random_tree(3, 4, seed=2)
    values = exact_values(t)
    assert values == _bottom_up(t) and values[()] == minimax(t).value
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
    given.new_tree_button.click()  # and the size of the tree given (branching 3, depth 2)
    assert given.tree_seed_box.value == 7 and repr(given.tree) == repr(random_tree(3, 2, seed=7))


def test_a_tree_with_chance_nodes_explains_instead_of_crashing() -> None:
    explorer = PruningExplorer(tree([Chance([(0.5, 2), (0.5, 6)]), 3]), "minimax")
    assert "expectiminimax" in explorer.narration_box.value
    explorer.last()
    assert explorer.result.value == 4
    with pytest.raises(ValueError, match="choose one of"):
        PruningExplorer(tree(TEXTBOOK), "alphabetta")
    with pytest.raises(TypeError, match="GameTree"):
        PruningExplorer(TEXTBOOK)  # type: ignore[arg-type]


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
    explorer = PruningExplorer()
    explorer.branching_box.value, explorer.depth_box.value = 2, 5
    assert explorer.tree_note.value == ""
    explorer.branching_box.value = 5  # the deepest a branching-5 tree may be is 2
    assert explorer.depth_box.value == 2
    assert "depth 5 is not offered with branching 5: depth 2 (1 to 2, at most 63 nodes)" in (
        explorer.tree_note.value
    )
    explorer.branching_box.value = 4  # depth 2 is still offered: nothing to say
    assert explorer.tree_note.value == ""
    for branching in range(1, 6):
        explorer.branching_box.value = branching
        explorer.depth_box.value = MAX_DEPTH
        deepest = int(explorer.depth_box.value)  # a box that takes 2.5 holds floats
        assert tree_size(branching, deepest) <= MAX_NODES
        assert deepest == MAX_DEPTH or tree_size(branching, deepest + 1) > MAX_NODES
        explorer.new_tree_button.click()
        assert len(explorer.tree) == tree_size(branching, deepest) <= MAX_NODES


@pytest.mark.parametrize(
    ("box", "typed", "kept", "said"),
    [
        ("branching", 0, 1, "branching 0 is not offered: 1 (1 to 5)"),
        ("branching", -3, 1, "branching -3 is not offered: 1 (1 to 5)"),
        ("branching", 9, 5, "branching 9 is not offered: 5 (1 to 5)"),
        ("depth", 99, 3, "depth 99 is not offered with branching 3: depth 3 (1 to 3"),
        ("depth", 0, 1, "depth 0 is not offered with branching 3: depth 1 (1 to 3"),
        ("depth", 2.5, 2, "depth 2.5 is not a whole number: 2"),  # the box showed 25 (N8)
        ("branching", 4.9, 4, "branching 4.9 is not a whole number: 4"),
    ],
)
def test_a_size_out_of_range_is_brought_in_with_a_word(
    box: str, typed: float, kept: int, said: str
) -> None:
    explorer = PruningExplorer()
    field = getattr(explorer, f"{box}_box")
    field.value = typed  # the boxes take what is typed: Python says what it uses
    assert field.value == kept and said in explorer.tree_note.value
    explorer.new_tree_button.click()
    assert len(explorer.tree) <= MAX_NODES


def test_the_size_boxes_describe_a_tree_given() -> None:
    thesis = tree([[1, 2, 3, 4, 5], [6, 7, 8], [9, 10, 11]])  # 3 moves, 3 to 5 replies
    explorer = PruningExplorer(thesis, "minimax")
    assert (explorer.branching_box.value, explorer.depth_box.value) == (5, 2)
    assert "the tree shown is the one given: 3 to 5 children a node, depth 2" in (
        explorer.tree_note.value
    )
    explorer.new_tree_button.click()  # a random tree of that size, and the note goes
    assert tree_shape(explorer.tree) == (5, 5, 2) and explorer.tree_note.value == ""


def test_expectiminimax_is_offered_only_for_trees_with_chance_nodes() -> None:
    plain = PruningExplorer(tree(TEXTBOOK))
    assert list(plain.algorithm_menu.options) == [
        "minimax",
        "negamax",
        "alphabeta",
        "alphabeta_negamax",
    ]
    with pytest.raises(ValueError, match="expectiminimax is for games with chance positions"):
        PruningExplorer(tree(TEXTBOOK), "expectiminimax")
    dice = PruningExplorer(tree([Chance([(0.5, 2), (0.5, 6)]), 3]), "expectiminimax")
    assert "expectiminimax" in dice.algorithm_menu.options
    dice.new_tree_button.click()  # a random tree: no chance nodes, no expectiminimax
    assert "expectiminimax" not in dice.algorithm_menu.options
    assert dice.algorithm == "alphabeta" and dice.trace.algorithm.name == "alphabeta"


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        (
            {"tree": "x"},
            TypeError,
            "PruningExplorer needs a GameTree (e.g. tree([[3, 12, 8], ...])), got 'x'",
        ),
        ({"tree": TEXTBOOK}, TypeError, "got [[3, 12, 8]"),
        ({"algorithm": 3}, TypeError, "algorithm must be the name of a search, got 3"),
        ({"algorithm": "x"}, ValueError, "algorithm 'x' is unknown"),
        ({"order": 3}, ValueError, "move order 3 is unknown"),
        ({"branching": "3"}, TypeError, "branching must be a whole number, got '3'"),
        ({"depth": 2.5}, TypeError, "depth must be a whole number, got 2.5"),
        ({"seed": "x"}, TypeError, "seed must be a whole number, got 'x'"),
        ({"tree_seed": "x"}, TypeError, "tree_seed must be a whole number, got 'x'"),
        ({"interval": "x"}, TypeError, "interval must be a whole number, got 'x'"),
        ({"interval": 0}, ValueError, "interval must be at least 1 millisecond, got 0"),
    ],
)
def test_what_is_not_a_setting_is_named(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        PruningExplorer(**arguments)


def test_a_wide_picture_is_scaled_to_the_output_area_not_cut_off() -> None:
    explorer = PruningExplorer(random_tree(2, 5))
    html = explorer.picture.value
    assert html.startswith('<svg style="max-width:100%;height:auto;min-width:')
    assert html.count("<svg") == 1 and explorer.picture.layout.overflow == "auto"
    # never so small that a word is under 9 px (READABLE): wider, it scrolls
    drawn = re.search(r'viewBox="0 0 ([\d.]+) ', html)
    shown = re.search(r'min-width:(\d+)px.*? width="([\d.]+)"', html)
    assert drawn is not None and shown is not None
    assert float(shown.group(2)) == float(drawn.group(1)) > 1500  # wider than any output area
    # its words are 10 px: shown at 90% at least, they stay 9 px high
    assert int(shown.group(1)) == round(0.9 * float(drawn.group(1)))


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

    explorer = PruningExplorer(tree(TEXTBOOK))
    explorer.go(5)
    held = dataclasses.replace(front_module.ALGORITHMS["minimax"], search=slow_minimax)
    monkeypatch.setattr(front_module, "ALGORITHMS", {**front_module.ALGORITHMS, "minimax": held})

    def choose_minimax() -> None:
        explorer.algorithm_menu.value = "minimax"

    waits_for(choose_minimax, explorer.forward_button.click, started, go_on)
    assert explorer.algorithm == "minimax" and explorer.step == 1
    assert explorer.narration == explorer.trace.narrate(1)


def test_a_new_tree_after_last_starts_at_step_zero_of_its_search() -> None:
    """The student trial: after "last", a new random tree whose search is shorter opened at
    its last step (setting the slider's maximum below its value moved it there)."""
    explorer = PruningExplorer(branching=3, depth=3, tree_seed=1)
    explorer.last()
    before = len(explorer.trace)
    assert explorer.step == before > 0
    for seed in range(2, 60):  # a tree whose search has fewer steps than the last one shown
        explorer.depth_box.value = 2
        explorer.tree_seed_box.value = seed
        explorer.new_tree()
        if len(explorer.trace) < before:
            break
    assert len(explorer.trace) < before
    assert explorer.step == 0 and explorer.slider.value == 0
    assert explorer.narration == str(explorer.trace.narrate(0))
    assert explorer.slider.max == len(explorer.trace)


def _no_threads(self: threading.Thread) -> None:
    raise RuntimeError("can't start new thread")  # the browser's Python says this


def test_where_no_thread_can_start_play_steps_on_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(threading.Thread, "start", _no_threads)
    explorer = PruningExplorer(tree(TEXTBOOK), interval=5)
    explorer.go(30)
    seen: list[int] = []

    async def press_play_and_watch() -> None:
        explorer.play_button.value = True  # returns at once: the steps are scheduled
        seen.append(explorer.step)
        while explorer.play_button.value:
            await asyncio.sleep(0.005)
            seen.append(explorer.step)

    asyncio.run(asyncio.wait_for(press_play_and_watch(), 30))
    assert seen[0] == 30 and explorer.step == len(explorer.trace) == 40
    assert len(set(seen)) > 2  # one step at a time, seen in between, not all at once
    assert not explorer.play_button.value and explorer.play_button.description == "play"


def test_where_no_thread_can_start_and_no_loop_runs_play_goes_to_the_end_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(threading.Thread, "start", _no_threads)
    explorer = PruningExplorer(tree(TEXTBOOK), interval=5)
    explorer.play_button.value = True
    assert explorer.step == len(explorer.trace) and not explorer.play_button.value
