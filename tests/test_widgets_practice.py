"""The practice widget, driven as a student would: type into the boxes, press the buttons."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from gametheory import Drill, tree
from gametheory.practice import KINDS, cutoff_kinds
from gametheory.search.alphabeta import alphabeta
from gametheory.widgets.front import READABLE
from gametheory.widgets.practice import PracticeWidget
from tests.threads import waits_for

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def textbook() -> PracticeWidget:
    return PracticeWidget(Drill("alphabeta", tree(TEXTBOOK)))


def fill(practice: PracticeWidget, values: dict[str, str], pruned: list[str]) -> None:
    for name, value in values.items():
        practice.inputs[name].value = value
    for name in pruned:
        practice.toggles[name].value = True


def classes(widget: object) -> list[str]:
    return list(widget._dom_classes)  # type: ignore[attr-defined]


def test_every_control_has_its_css_class() -> None:
    practice = textbook()
    assert "gt-practice" in classes(practice.widget)
    for widget, name in [
        (practice.task, "gt-practice-task"),
        (practice.picture, "gt-practice-picture"),
        (practice.input_box, "gt-practice-inputs"),
        (practice.toggle_box, "gt-practice-pruned"),
        (practice.check_button, "gt-practice-check"),
        (practice.hint_button, "gt-practice-hint"),
        (practice.new_button, "gt-practice-new"),
        (practice.solution_button, "gt-practice-solution"),
        (practice.level_menu, "gt-practice-level"),
        (practice.feedback, "gt-practice-feedback"),
        (practice.score, "gt-practice-score"),
    ]:
        assert name in classes(widget)
    assert list(practice.inputs) == ["A", "B", "C", "D"]
    for name, box in practice.inputs.items():
        assert box.description == name and f"gt-practice-input-{name}" in classes(box)
    assert list(practice.toggles) == list("EFGHIJKLM")
    for name, toggle in practice.toggles.items():
        assert toggle.description == name and f"gt-practice-pruned-{name}" in classes(toggle)
    # icons from the Font Awesome set the front ends ship, short labels
    icons = [practice.check_button, practice.hint_button, practice.new_button]
    assert [b.icon for b in icons] == ["check", "lightbulb-o", "random"]
    assert practice.solution_button.icon == "eye"
    assert all(len(b.description) <= 8 for b in [*icons, practice.solution_button])


def test_a_right_answer_is_right() -> None:
    practice = textbook()
    fill(practice, {"A": "3", "B": "3", "C": "2", "D": "2"}, ["I", "J"])
    practice.check_button.click()
    assert practice.feedback.value == (
        "✓ All right: A 3, B 3, C 2, D 2; never looked at: I and J. (5 of 5 steps right)"
    )
    assert "gt-practice-correct" in classes(practice.feedback)
    assert "gt-practice-wrong" not in classes(practice.feedback)
    assert practice.feedback.style.text_color == "#0f7a55"  # in green, 5.3:1 on white
    assert practice.picture.value.count("#c9ecc4") == 6  # A, B, C and D green; I, J marked
    assert practice.picture.value.count('class="mark right"') == 6  # each with its ✓
    assert "best check: 5 of 5 steps right · checks 1 · hints 0" in practice.score.value


def test_a_wrong_answer_names_the_first_mistake_and_rings_it() -> None:
    practice = textbook()
    fill(practice, {"A": "3", "B": "4", "C": "2", "D": "2"}, ["I", "J"])
    practice.check_button.click()
    assert practice.feedback.value.startswith("✗ B is not 4: B (MIN) gets back E 3, F 12, G 8")
    assert "gt-practice-wrong" in classes(practice.feedback)
    assert practice.feedback.style.text_color == "#b02525"  # in red, 6.7:1 on white
    assert "#e8590c" in practice.picture.value  # the ring
    # forgetting J: caught at C
    practice.inputs["B"].value = "3"
    practice.toggles["J"].value = False
    practice.check_button.click()
    assert "— you did not mark J as never looked at." in practice.feedback.value
    # right now: the wrong class goes, the right one comes
    practice.toggles["J"].value = True
    practice.check_button.click()
    assert classes(practice.feedback).count("gt-practice-correct") == 1
    assert "gt-practice-wrong" not in classes(practice.feedback)


def test_what_a_student_mistypes_is_a_message() -> None:
    practice = textbook()
    fill(practice, {"A": "3", "B": "three", "C": "", "D": "2"}, [])
    practice.check_button.click()
    assert "'three' is not a number" in practice.feedback.value
    assert practice.drill.attempts == 1  # a check, as a blank one is (item 11)
    assert practice.feedback.value.endswith("(2 of 5 steps right)")  # A, D; n is fixed


def test_hint_reveals_one_step_and_is_counted() -> None:
    practice = textbook()
    fill(practice, {"B": "3"}, [])
    practice.hint_button.click()
    assert practice.feedback.value.startswith("Hint: C (MIN) stops as soon as its best so far")
    practice.hint_button.click()  # the same answers, at once: the second click of a double click
    assert practice.drill.hints == 1
    practice._last = None  # later: a second hint, the value last
    practice.hint_button.click()
    assert practice.feedback.value.startswith("Hint: α-cutoff at C: 2 ≤ α = 3")
    practice._last = None
    assert practice.drill.record()["hints"] == 2
    assert practice.feedback.style.text_color is None  # a hint is neither right nor wrong
    assert "hints 2" in practice.score.value


def test_show_solution_fills_the_boxes_and_is_recorded() -> None:
    practice = textbook()
    practice.solution_button.click()
    assert {n: b.value for n, b in practice.inputs.items()} == {
        "A": "3",
        "B": "3",
        "C": "2",
        "D": "2",
    }
    assert [n for n, t in practice.toggles.items() if t.value] == ["I", "J"]
    practice.check_button.click()
    assert "gt-practice-correct" in classes(practice.feedback)
    record = practice.drill.record()
    assert record["solution_shown"] is True and record["solved"] is False
    assert record["score"] is None  # a check of the solution shown proves nothing
    assert practice.score.value.startswith(
        "no check before the solution · checks 1 · hints 0 · solution shown"
    )


def test_the_solution_marks_the_leaves_below_a_pruned_inner_node() -> None:
    drill = Drill("alphabeta", tree([[[5, 7], [2, 9]], [[6, 1], [8, 3]], [[4, 4], [0, 2]]]))
    practice = PracticeWidget(drill)
    practice.solution_button.click()
    assert [n for n, t in practice.toggles.items() if t.value] == ["Q", "R", "U", "V"]
    practice.check_button.click()
    assert practice.feedback.value.startswith("✓ All right")


def test_new_tree_and_level_make_new_drills_and_keep_the_records() -> None:
    practice = PracticeWidget(Drill("alphabeta", seed=10, level=1))
    practice.new_button.click()
    assert practice.drill.seed == 11 and practice.drill.level == 1
    assert practice.feedback.value == "" and all(b.value == "" for b in practice.inputs.values())
    assert list(practice.inputs) == practice.drill.inner
    practice.level_menu.value = 3  # the same seed's tree at level 3: one tree per seed and level
    drill = practice.drill
    assert drill.level == 3 and drill.seed == 11
    assert drill.tree.spec() == Drill("alphabeta", seed=11, level=3).tree.spec()
    trace = alphabeta(drill.tree, trace=True).trace
    assert trace is not None and {"α", "β", "deep"} <= cutoff_kinds(trace)
    assert [(r["seed"], r["level"]) for r in practice.records] == [(10, 1), (11, 1), (11, 3)]
    assert list(practice.inputs) == drill.inner


def test_a_given_tree_goes_on_with_random_trees() -> None:
    practice = textbook()
    practice.new_button.click()
    assert practice.drill.level == 1 and isinstance(practice.drill.seed, int)
    assert practice.level_menu.value == 1


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_can_be_done_in_the_widget(kind: str) -> None:
    practice = PracticeWidget(Drill(kind, seed=5, level=2))
    assert bool(practice.toggles) == (kind == "alphabeta")
    assert practice.toggle_box.layout.display == ("flex" if kind == "alphabeta" else "none")
    placeholder = "W, L or D" if kind == "andor" else "value"
    assert all(box.placeholder == placeholder for box in practice.inputs.values())
    values, pruned = practice.drill.solution()
    for name, value in values.items():
        practice.inputs[name].value = str(value)
    for name, toggle in practice.toggles.items():
        toggle.value = practice._under(name, pruned)
    practice.check_button.click()
    assert practice.feedback.value.startswith("✓ All right"), practice.feedback.value


def test_the_picture_fits_and_a_pressed_toggle_stands_out() -> None:
    practice = textbook()
    assert practice.picture.value.startswith('<svg style="max-width:100%;height:auto;min-width:')
    assert practice.picture.layout.overflow == "auto"  # narrower than 60%: it scrolls
    assert "Run alpha-beta" not in practice.picture.value  # the task stands above it once
    practice.toggles["I"].value = True
    assert practice.toggles["I"].button_style == "warning"
    practice.toggles["I"].value = False
    assert practice.toggles["I"].button_style == ""


def test_hint_when_all_is_right() -> None:
    practice = textbook()
    practice.solution_button.click()
    practice.hint_button.click()
    assert practice.feedback.value == "Nothing to hint: every answer is right."


# -- shown without a kernel ------------------------------------------------------------------
def test_a_still_picture_of_the_tree_and_its_task_stands_beside_the_live_widget() -> None:
    practice = textbook()
    bundle = practice._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
    still = bundle["image/svg+xml"]
    assert still.startswith("<svg") and practice.note in still
    assert practice.drill.task.split()[0] in still  # the task, under the tree
    assert str(practice.drill.picture()) in still
    assert bundle["text/plain"] == f"PracticeWidget: {practice.note}"
    # once checked, the still shows what the widget shows: the answers marked
    fill(practice, {"A": "3", "B": "4", "C": "2", "D": "2"}, ["I", "J"])
    practice.check_button.click()
    marked = str(practice.still_picture())
    assert "#e8590c" in marked and "✓ right · ✗ wrong" in marked


def test_no_new_tree_is_a_message_and_the_drill_stays() -> None:
    # a size of your own: the next seed may make a tree too large to do by hand
    practice = PracticeWidget(Drill("minimax", seed=4, branching=(3, 6), depth=3))
    fill(practice, {"A": "1"}, [])
    practice.new_button.click()
    assert practice.feedback.value == (
        "No new tree: a tree of branching (3, 6) and depth 3 has more than 120 nodes: too many "
        "to work out by hand"
    )
    assert practice.drill.seed == 4 and practice.inputs["A"].value == "1"
    assert len(practice.records) == 1


# -- two clicks at once ----------------------------------------------------------------------
@pytest.fixture
def held() -> Iterator[tuple[threading.Event, threading.Event]]:
    """The first drawing of the tree of seed 11 waits: a new tree is under way until
    ``go_on`` is set.

    JupyterLab 4.6 may run two clicks at once, on two threads of the kernel: the test holds
    one action in the middle and makes the other click meanwhile."""
    started, go_on = threading.Event(), threading.Event()
    drawn = Drill.picture

    def picture(self: Drill, *args: Any, **kwargs: Any) -> Any:
        if self.seed == 11 and not started.is_set():  # the first drawing of seed 11 only
            started.set()
            go_on.wait(10)
        return drawn(self, *args, **kwargs)

    Drill.picture = picture  # type: ignore[method-assign]
    try:
        yield started, go_on
    finally:
        go_on.set()
        Drill.picture = drawn  # type: ignore[method-assign]


def test_a_check_during_a_new_tree_waits_and_grades_the_new_tree(
    held: tuple[threading.Event, threading.Event],
) -> None:
    started, go_on = held
    practice = PracticeWidget(Drill("alphabeta", seed=10, level=1))
    values, pruned = practice.drill.solution()
    fill(practice, {n: str(v) for n, v in values.items()}, [])
    for name, toggle in practice.toggles.items():
        toggle.value = practice._under(name, pruned)
    # held when the new drill is in place, its boxes not yet
    waits_for(practice.new_button.click, practice.check_button.click, started, go_on)
    # graded: the new tree's empty boxes, not the old tree's answers
    fresh = Drill("alphabeta", seed=11, level=1)
    expected = fresh.check({name: "" for name in fresh.inner}, [])
    assert practice.drill.seed == 11 and list(practice.inputs) == fresh.inner
    assert practice.feedback.value == str(expected).replace("&", "&amp;")
    assert [r["attempts"] for r in practice.records] == [0, 1]


def test_a_level_chosen_during_a_new_tree_is_not_lost(
    held: tuple[threading.Event, threading.Event],
) -> None:
    started, go_on = held
    practice = PracticeWidget(Drill("alphabeta", seed=10, level=1))

    def choose_level_3() -> None:
        practice.level_menu.value = 3  # as the front end sets it

    waits_for(practice.new_button.click, choose_level_3, started, go_on)
    drill = practice.drill
    assert (drill.seed, drill.level, practice.level_menu.value) == (11, 3, 3)
    assert list(practice.inputs) == drill.inner
    assert [(r["seed"], r["level"]) for r in practice.records] == [(10, 1), (11, 1), (11, 3)]


# -- issue 29: as students meet the widget -----------------------------------------------------
def test_a_double_click_is_one_press() -> None:
    practice = PracticeWidget(Drill("alphabeta", seed=2024, level=1))
    now = [100.0]
    practice._clock = lambda: now[0]
    practice.new_button.click()
    practice.new_button.click()  # the second click of a double click
    assert practice.drill.seed == 2025  # not 2026
    now[0] += practice.double_click  # a press later is a press
    practice.new_button.click()
    assert practice.drill.seed == 2026
    practice.check_button.click()
    practice.check_button.click()
    assert practice.drill.attempts == 1 and "checks 1" in practice.score.value
    practice.inputs["A"].value = "3"  # other answers: a new check, however soon
    practice.check_button.click()
    assert practice.drill.attempts == 2


def test_enter_in_a_box_checks() -> None:
    practice = textbook()
    fill(practice, {"A": "3", "B": "3", "C": "2", "D": "2"}, ["I", "J"])
    practice.inputs["D"]._handle_custom_msg({"event": "submit"}, [])  # as the page sends it
    assert practice.feedback.value.startswith("✓ All right")
    assert practice.drill.attempts == 1
    practice.inputs["B"]._handle_custom_msg({"event": "submit"}, [])  # the same answers, at once
    assert practice.drill.attempts == 1


def test_the_boxes_follow_the_search_not_the_alphabet() -> None:
    drill = Drill("alphabeta", seed=2024, level=3)
    practice = PracticeWidget(drill)
    order = [drill.key.names.find(name) for name in practice.inputs]
    assert order == sorted(order)  # depth first, left to right: as the search goes
    assert set(practice.inputs) == {n.name for n in drill.tree if not n.is_leaf}
    assert [b.description for b in practice.input_box.children] == list(practice.inputs)


def test_the_key_stands_under_the_tree_from_the_start_so_nothing_moves() -> None:
    practice = PracticeWidget(Drill("alphabeta", seed=2024, level=2))
    before = practice.picture.value
    assert "✓ right · ✗ wrong" in before.replace("\n", " ")
    values, pruned = practice.drill.solution()
    practice.inputs[practice.drill.inner[0]].value = "99"
    practice.check_button.click()
    after = practice.picture.value
    size = re.compile(r'viewBox="([\d. ]+)"')
    assert size.findall(before) == size.findall(after)  # the same size: the boxes stay put


def test_the_verdict_and_the_score_stand_beside_the_buttons() -> None:
    practice = textbook()
    controls = practice.widget.children[-1]
    assert "gt-practice-controls" in classes(controls)
    buttons, said = controls.children
    assert practice.check_button in buttons.children and practice.level_menu in buttons.children
    assert list(said.children) == [practice.feedback, practice.score]
    assert controls.layout.flex_flow == "row wrap"  # below the buttons when the area is narrow


def test_a_picture_shrinks_only_as_far_as_its_words_stay_readable() -> None:
    practice = PracticeWidget(Drill("alphabeta", seed=2024, level=3))
    # at first the whole tree, scaled to the output area's width (issue 37: nothing cut off)
    assert 'style="max-width:100%;height:auto;min-width:0px"' in practice.picture.value
    practice.size_button.value = True  # actual size: readable, and it scrolls
    assert "gt-practice-size" in classes(practice.size_button)
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', practice.picture.value).group(1))  # type: ignore[union-attr]
    least = float(re.search(r"min-width:([\d.]+)px", practice.picture.value).group(1))  # type: ignore[union-attr]
    smallest = min(float(f) for f in re.findall(r'font-size="([\d.]+)"', practice.picture.value))
    assert smallest * least / width >= READABLE - 0.01  # shown no smaller than 9 px
    assert practice.picture.layout.overflow == "auto"  # then it scrolls


@pytest.mark.parametrize("given", ["x", "minimax", 3, tree(TEXTBOOK)])
def test_something_that_is_not_a_drill_is_named(given: object) -> None:
    with pytest.raises(TypeError, match=r"PracticeWidget needs a Drill.*got "):
        PracticeWidget(given)  # type: ignore[arg-type]


# -- issue 37: the α, β boxes ------------------------------------------------------------------
def test_alpha_beta_has_a_window_box_per_inner_node_and_the_other_kinds_none() -> None:
    practice = textbook()
    assert "gt-practice-windows" in classes(practice.window_box)
    assert list(practice.windows) == list(practice.inputs) == ["A", "B", "C", "D"]
    for name, box in practice.windows.items():
        assert box.placeholder == "α, β" and f"gt-practice-window-{name}" in classes(box)
    minimax = PracticeWidget(Drill("minimax", tree(TEXTBOOK)))
    assert minimax.windows == {} and minimax.window_box.layout.display == "none"


def test_the_windows_typed_are_graded_marked_and_the_first_wrong_one_named() -> None:
    practice = textbook()
    fill(practice, {"A": "3", "B": "3", "C": "2", "D": "2"}, ["I", "J"])
    practice.windows["A"].value = "-inf, inf"
    practice.windows["C"].value = "[3, +∞]"
    practice.check_button.click()
    assert practice.feedback.value.endswith("✓ The 2 windows typed are right.")
    assert "gt-practice-correct" in classes(practice.feedback)
    assert practice.windows["C"].description == "C ✓"
    assert "gt-practice-window-right" in classes(practice.windows["C"])
    assert classes(practice.windows["B"]) == ["gt-practice-window-B"]  # empty: not graded
    practice.windows["D"].value = "2, +inf"  # D is entered with α = 3
    practice.windows["B"].value = "3, inf"  # B, before D in the search, with (−∞, +∞)
    practice.check_button.click()
    said = practice.feedback.value
    assert said.startswith("✓ All right") and "✗ Window at B: Not quite: Enter B (MIN)" in said
    assert "Window at D" not in said  # only the first
    assert "gt-practice-wrong" in classes(practice.feedback)
    assert practice.windows["D"].description == "D ✗" and practice.windows["B"].description == "B ✗"
    assert "gt-practice-window-right" not in classes(practice.windows["D"])
    assert practice.windows["A"].description == "A ✓"
    practice.windows["B"].value = "5, 3"  # cannot arise: named so, not answered
    practice.check_button.click()
    assert "[5, 3] cannot be the window on entering B" in practice.feedback.value
    assert "[α = −∞" not in practice.feedback.value


def test_the_solution_fills_the_windows_and_they_check_right() -> None:
    practice = PracticeWidget(Drill("alphabeta", seed=2024, level=3))
    practice.solution_button.click()
    entered = {s.node for s in practice.drill.steps() if s.ask == "window"}
    assert entered < set(practice.windows)  # level 3 cuts whole subtrees: some never entered
    for name, box in practice.windows.items():
        assert (box.value != "") == (name in entered)
    assert practice.windows["A"].value == "−∞, +∞"
    practice.check_button.click()
    assert practice.feedback.value.startswith("✓ All right")
    assert practice.feedback.value.endswith(f"✓ The {len(entered)} windows typed are right.")
    practice.new_button.click()
    assert all(box.value == "" for box in practice.windows.values())
