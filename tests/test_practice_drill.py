"""Practice drills: the right answer is right, every single slip is caught where it shows."""

from __future__ import annotations

import ast
import copy
import json
import pathlib
import pickle
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametheory.practice
from gametheory import Chance, Drill, Nim, tree
from gametheory.andor import AndOrGraph, Label, label
from gametheory.practice import KINDS, Feedback
from gametheory.practice.drill import (
    AlphaBetaDrill,
    AndOrDrill,
    ExpectiminimaxDrill,
    MinimaxDrill,
    NegamaxDrill,
)
from gametheory.search.paths import Address
from gametheory.search.trace import Cutoff, Enter, Exit
from gametheory.trees import GameTree
from gametheory.widgets.explorer import exact_values
from tests.oracles import alphabeta_values
from tests.strategies import chance_specs, specs

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
RIGHT = {"A": 3, "B": 3, "C": 2, "D": 2}
SVG = "{http://www.w3.org/2000/svg}"

kinds_and_levels = st.sampled_from([(kind, level) for kind in KINDS for level in (1, 2, 3)])
seeds = st.one_of(st.integers(0, 10**9), st.text(min_size=1, max_size=8))


# -- the textbook tree (figure 5.2) -------------------------------------------------------
def test_the_textbook_answer_is_right() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    assert drill.solution() == (RIGHT, ("I", "J"))
    feedback = drill.check(RIGHT, pruned=["I", "J"])
    assert feedback == Feedback(True, None, feedback.message, 1.0, right=5, steps=5)
    assert str(feedback).endswith("(5 of 5 steps right)")  # four values and one cutoff
    assert "never looked at: I and J" in feedback.message


def test_b_equal_to_4_is_caught_at_b() -> None:
    feedback = Drill("alphabeta", tree(TEXTBOOK)).check({**RIGHT, "B": 4}, pruned=["I", "J"])
    assert not feedback.correct and feedback.first_wrong == "B"
    assert (
        feedback.message == "B is not 4: B (MIN) gets back E 3, F 12, G 8 and returns the smallest."
    )


def test_forgetting_that_j_is_pruned_is_caught_at_c() -> None:
    feedback = Drill("alphabeta", tree(TEXTBOOK)).check(RIGHT, pruned=["I"])
    assert feedback.first_wrong == "C"
    assert feedback.message == (
        "α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at "
        "— you did not mark J as never looked at."
    )


def test_evaluating_a_pruned_leaf_is_the_mistake_reported_at_the_cut() -> None:
    feedback = Drill("alphabeta", tree(TEXTBOOK)).check({**RIGHT, "I": 4}, pruned=["I", "J"])
    assert feedback.first_wrong == "C" and feedback.message.endswith("— you evaluated I.")


def test_marking_a_leaf_that_is_looked_at_is_caught_at_that_leaf() -> None:
    feedback = Drill("alphabeta", tree(TEXTBOOK)).check(RIGHT, pruned=["I", "J", "M"])
    assert feedback.first_wrong == "M"
    assert feedback.message.startswith("Enter M (MAX) with window [α = 3, β = 5]")


def test_the_first_mistake_in_search_order_is_reported_not_the_first_in_the_alphabet() -> None:
    # D comes after C in the search; A is finished last of all
    feedback = Drill("alphabeta", tree(TEXTBOOK)).check({**RIGHT, "A": 9, "D": 5}, ["I"])
    assert feedback.first_wrong == "C"
    assert feedback.score == pytest.approx(2 / 5)  # B, the cut at C, C, D, A: B and C right


def test_a_bound_is_not_the_exact_value() -> None:
    # C stops after 2 ≤ α = 3 and returns 2; its exact minimax value is 1
    drill = Drill("alphabeta", tree([[3, 5], [2, 1]]))
    assert drill.solution() == ({"A": 3, "B": 3, "C": 2}, ("G",))
    feedback = drill.check({"A": 3, "B": 3, "C": 1}, ["G"])
    assert feedback.first_wrong == "C" and "exact minimax value" in feedback.message


def test_negamax_values_are_for_the_player_to_move() -> None:
    drill = Drill("negamax", tree(TEXTBOOK))
    assert drill.solution() == ({"A": 3, "B": -3, "C": -2, "D": -2}, ())
    feedback = drill.check({"A": 3, "B": 3, "C": -2, "D": -2})
    assert feedback.first_wrong == "B" and "value for MAX" in feedback.message


def test_expectiminimax_values_with_short_decimals_and_rounded_ones() -> None:
    gamble = tree([Chance([(0.9, 2), (0.1, 3)]), Chance([(1 / 3, 1), (2 / 3, 4)])])
    drill = Drill("expectiminimax", gamble)
    assert drill.solution() == ({"A": 3, "B": 2.1, "C": 3}, ())
    assert drill.check({"A": "3", "B": "2,1", "C": 3}).correct
    wrong = drill.check({"A": 3, "B": 2.5, "C": 3})
    assert wrong.first_wrong == "B" and "0.9·2 + 0.1·3" in wrong.message
    # a value with a long decimal form may be given to two decimals
    third = Drill("expectiminimax", tree([Chance([(1 / 3, 1), (2 / 3, 0)]), 0]))
    assert third.check({"A": 0.33, "B": "1/3"}).correct
    assert not third.check({"A": 0.3, "B": 0.33}).correct


def test_and_or_labels() -> None:
    drill = Drill("andor", tree([[1, -1], [1, [0, -1]]]))
    # no node is called D, L or W: those are the answers (A, B, C, E, F, G, H, I, J)
    assert [n.name for n in drill.tree] == list("ABCEFGHIJ")
    # H (A moves) can take the draw; so can C's opponent, and then A at the root
    assert drill.solution() == ({"A": "D", "B": "L", "C": "D", "H": "D"}, ())
    assert drill.check({"a": "draw", "b": "loss", "c": Label.DRAW, "h": "D"}).correct
    feedback = drill.check({"A": "D", "B": "L", "C": "D", "H": "L"})
    assert feedback.first_wrong == "H"
    assert feedback.message == (
        "H is not LOSS: H is an OR node (A moves there: a WIN if one child is a WIN, a LOSS "
        "only if every child is, else a DRAW); its children: I DRAW, J LOSS."
    )
    wrong_b = drill.check({"A": "D", "B": "W", "C": "D", "H": "D"})
    assert wrong_b.first_wrong == "B" and "a LOSS if one child is a LOSS" in wrong_b.message


def test_and_or_drill_on_a_small_game() -> None:
    drill = Drill("andor", Nim(4))
    values, _ = drill.solution()
    assert values["A"] == "L"  # four matches: the player to move loses
    assert drill.check(values).correct
    with pytest.raises(ValueError, match="more than 120 nodes"):
        Drill("andor", Nim(12))


def test_a_mistyped_name_or_value_is_a_message_naming_it() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    unknown = drill.check({**RIGHT, "Q": 3}, ["I", "J"])
    assert not unknown.correct and unknown.first_wrong is None
    assert unknown.message.startswith("There is no node 'Q' in this tree")
    typo = drill.check({**RIGHT, "B": "three"}, ["I", "J"])
    assert typo.first_wrong == "B" and "'three' is not a number" in typo.message
    assert "no node 'X'" in drill.check(RIGHT, ["I", "X"]).message
    assert "must be a dict" in drill.check([3, 3, 2, 2]).message
    assert drill.attempts == 4  # every check counts, read or not, as a blank one does
    label_typo = Drill("andor", tree([[1, -1], [1, 1]])).check({"A": "yes"})
    assert "write W (win), L (loss) or D (draw)" in label_typo.message


def test_blank_answers_count_as_not_given() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    feedback = drill.check({**RIGHT, "C": " ", "I": ""}, "I J")
    assert feedback.first_wrong == "C" and "has no value" in feedback.message


@settings(max_examples=150, deadline=None)
@given(
    values=st.one_of(
        st.dictionaries(
            st.one_of(st.text(max_size=3), st.integers(), st.sampled_from(list("ABCDIJ"))),
            st.one_of(
                st.text(max_size=6),
                st.integers(),
                st.floats(allow_nan=True),
                st.none(),
                st.booleans(),
                st.lists(st.integers(), max_size=2),
            ),
            max_size=6,
        ),
        st.text(max_size=5),
        st.integers(),
        st.none(),
    ),
    pruned=st.one_of(st.text(max_size=6), st.lists(st.text(max_size=2)), st.integers(), st.none()),
    reply=st.one_of(st.text(max_size=8), st.integers(), st.floats(), st.none(), st.booleans()),
    kind=st.sampled_from(KINDS),
)
def test_no_student_input_raises(values: Any, pruned: Any, reply: Any, kind: str) -> None:
    drill = Drill(kind, seed=1)
    feedback = drill.check(values, pruned)
    assert isinstance(feedback, Feedback) and 0.0 <= feedback.score <= 1.0
    assert isinstance(drill.hint(values, pruned), str)
    assert isinstance(drill.picture((values, pruned)), str)
    for step in drill.steps()[:4]:
        assert isinstance(drill.answer(step, reply), Feedback)
    assert not drill.answer(999, reply).correct


# -- random drills: right is right, a slip is caught where it shows -------------------------
Answer = tuple[dict[str, Any], tuple[str, ...]]


@dataclass(frozen=True)
class Slip:
    """One change to the right answer, the node to blame and the trace event where it shows.

    A value shows at the node's Exit; marking a node that is looked at shows at its Enter;
    forgetting a cut child, or giving a value inside a cut subtree, at the parent's Cutoff.
    """

    apply: Callable[[Answer], Answer]
    blame: str
    event: int


def slips(drill: Drill) -> list[Slip]:
    """Every single slip a student can make on this drill."""
    t, trace = drill.tree, drill.trace
    values, pruned = drill.solution()
    by_name = {n.name: n.path for n in t}
    name = {n.path: n.name for n in t}
    enter = {e.path: i for i, e in enumerate(trace.events) if isinstance(e, Enter)}
    exit_ = {e.path: i for i, e in enumerate(trace.events) if isinstance(e, Exit)}
    cut = {e.path: i for i, e in enumerate(trace.events) if isinstance(e, Cutoff)}
    # a changed value must not be the fail-hard bound, which is right too
    bounds = alphabeta_values(t, "hard") if drill.kind == "alphabeta" else {}
    out: list[Slip] = []
    for key, value in values.items():
        if isinstance(value, str):
            other: Any = {"W": "L", "L": "D", "D": "W"}[value]
        else:
            other = value + 1 if value + 1 != bounds.get(by_name[key]) else value - 1
        out.append(Slip(lambda a, k=key, o=other: ({**a[0], k: o}, a[1]), key, exit_[by_name[key]]))
        out.append(
            Slip(
                lambda a, k=key: ({x: v for x, v in a[0].items() if x != k}, a[1]),
                key,
                exit_[by_name[key]],
            )
        )
    for p in pruned:
        parent = by_name[p][:-1]
        out.append(
            Slip(lambda a, p=p: (a[0], tuple(x for x in a[1] if x != p)), name[parent], cut[parent])
        )
    cut_roots = [by_name[p] for p in pruned]
    for n in t:
        inside = next((q for q in cut_roots if n.path[: len(q)] == q), None)
        if inside is None:  # looked at: marking it as never looked at is wrong
            out.append(Slip(lambda a, m=n.name: (a[0], (*a[1], m)), n.name, enter[n.path]))
        else:  # never looked at: giving it a value is the mistake, shown at the cut
            given = "W" if drill.kind == "andor" else 1
            out.append(
                Slip(
                    lambda a, m=n.name, g=given: ({**a[0], m: g}, a[1]),
                    name[inside[:-1]],
                    cut[inside[:-1]],
                )
            )
    return out


@settings(max_examples=120, deadline=None)
@given(kind_level=kinds_and_levels, seed=seeds)
def test_the_solution_of_a_random_drill_is_right(kind_level: tuple[str, int], seed: Any) -> None:
    kind, level = kind_level
    drill = Drill(kind, seed=seed, level=level)
    feedback = drill.check(*drill.solution())
    assert feedback.correct and feedback.first_wrong is None and feedback.score == 1.0


@settings(max_examples=150, deadline=None)
@given(kind_level=kinds_and_levels, seed=seeds, data=st.data())
def test_a_single_slip_is_caught_at_the_node_it_affects(
    kind_level: tuple[str, int], seed: Any, data: st.DataObject
) -> None:
    kind, level = kind_level
    drill = Drill(kind, seed=seed, level=level)
    slip = data.draw(st.sampled_from(slips(drill)))
    feedback = drill.check(*slip.apply(drill.solution()))
    assert not feedback.correct and feedback.score < 1.0
    assert feedback.first_wrong == slip.blame, feedback.message


def given_tree_drills() -> st.SearchStrategy[Drill]:
    """Drills on trees of any shape (ties likely, leaves at any depth), every kind."""
    plain = st.tuples(st.sampled_from(["minimax", "negamax", "alphabeta", "andor"]), specs(30))
    chance = st.tuples(st.just("expectiminimax"), chance_specs())
    pairs = st.one_of(plain, chance).filter(lambda pair: isinstance(pair[1], list | Chance))
    return pairs.map(lambda pair: Drill(pair[0], tree(pair[1])))


@settings(max_examples=200, deadline=None)
@given(drill=given_tree_drills(), data=st.data())
def test_on_trees_of_any_shape_right_is_right_and_a_slip_is_caught(
    drill: Drill, data: st.DataObject
) -> None:
    assert drill.check(*drill.solution()).correct
    slip = data.draw(st.sampled_from(slips(drill)))
    feedback = drill.check(*slip.apply(drill.solution()))
    assert feedback.first_wrong == slip.blame, feedback.message


@settings(max_examples=150, deadline=None)
@given(kind_level=kinds_and_levels, seed=seeds, data=st.data())
def test_of_two_slips_the_one_earlier_in_the_search_is_reported(
    kind_level: tuple[str, int], seed: Any, data: st.DataObject
) -> None:
    kind, level = kind_level
    drill = Drill(kind, seed=seed, level=level)
    first, second = data.draw(st.lists(st.sampled_from(slips(drill)), min_size=2, max_size=2))
    feedback = drill.check(*second.apply(first.apply(drill.solution())))
    assert feedback.first_wrong == min(first, second, key=lambda slip: slip.event).blame


# -- the answers agree with independent oracles ----------------------------------------------
def values_by_path(drill: Drill) -> dict[Address, Any]:
    values, _ = drill.solution()
    return {n.path: values[n.name] for n in drill.tree if n.name in values}


@settings(max_examples=60, deadline=None)
@given(level=st.sampled_from([1, 2, 3]), seed=seeds)
def test_minimax_negamax_andor_agree_with_the_exact_values(level: int, seed: Any) -> None:
    t = Drill("minimax", seed=seed, level=level).tree
    exact = exact_values(t)
    assert values_by_path(Drill("minimax", seed=seed, level=level)) == {
        n.path: exact[n.path] for n in t if not n.is_leaf
    }
    negamax_values = values_by_path(Drill("negamax", t))
    for n in t:
        if not n.is_leaf:
            sign = 1 if n.player == t.root.player else -1
            assert negamax_values[n.path] == sign * exact[n.path]
    drill = Drill("alphabeta", t)
    assert values_by_path(drill)[()] == exact[()]


@settings(max_examples=60, deadline=None)
@given(level=st.sampled_from([1, 2, 3]), seed=seeds)
def test_and_or_labels_are_the_signs_of_the_minimax_values(level: int, seed: Any) -> None:
    drill = Drill("andor", seed=seed, level=level)
    exact = exact_values(drill.tree)
    labels = label(AndOrGraph.from_game(drill.tree))
    for path, letter in values_by_path(drill).items():
        assert letter == Label.of(exact[path]).value[0] == labels[drill.tree.node(path)].value[0]


@settings(max_examples=60, deadline=None)
@given(level=st.sampled_from([1, 2, 3]), seed=seeds)
def test_expectiminimax_agrees_with_the_exact_values(level: int, seed: Any) -> None:
    drill = Drill("expectiminimax", seed=seed, level=level)
    exact = exact_values(drill.tree)
    for path, value in values_by_path(drill).items():
        assert value == pytest.approx(exact[path])
        assert round(value, 4) == value  # short decimals, writable by hand


def test_alpha_beta_pruned_nodes_are_those_the_trace_never_enters() -> None:
    for seed in range(30):
        drill = Drill("alphabeta", seed=seed, level=2)
        _, pruned = drill.solution()
        roots = [n.path for n in drill.tree if n.name in pruned]
        entered = {e.path for e in drill.trace.events if isinstance(e, Enter)}
        paths = {n.path for n in drill.tree}
        cut = {p for p in paths if any(p[: len(q)] == q for q in roots)}
        assert cut == paths - entered and cut


# -- hints, records, pictures ---------------------------------------------------------------
def test_a_hint_gives_the_rule_first_and_the_value_last() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    rule = drill.hint()
    assert rule == (
        "Next step: B (MIN) gets back E 3, F 12, G 8 and returns the smallest. "
        "(A second hint gives the value.)"
    )
    assert drill.hint() == "Next step: B is done: value 3."
    assert drill.hint().startswith("Nothing more to hint at B")  # told in full: not counted
    cut = drill.hint({"B": 3}, ["I"])
    assert cut.startswith("Next step: C (MIN) stops as soon as its best so far is ≤ α = 3")
    assert "J" not in cut  # the rule, not which children it cuts
    assert drill.hint({"B": 3}, ["I"]).startswith("Next step: α-cutoff at C: 2 ≤ α = 3")
    assert drill.hint({"B": 3, "C": 2}, ["I", "J", "K"]).startswith("Next step: a node is never")
    assert drill.hint(RIGHT, ["I", "J"]) == "Nothing to hint: every answer is right."
    assert drill.record()["hints"] == 5  # nothing to hint, or nothing more, is no hint


def test_a_hint_counts_against_the_score() -> None:
    # hint, copy, check: the step the hint told is not right on your own
    drill = Drill("alphabeta", tree(TEXTBOOK))
    drill.hint()
    drill.hint()  # B is done: value 3
    feedback = drill.check(RIGHT, ["I", "J"])
    assert feedback.correct and feedback.score == 4 / 5
    assert str(feedback).endswith("(4 of 5 steps right on your own, 1 more after a hint)")
    assert drill.record()["score"] == 0.8 and drill.record()["hints"] == 2
    fresh = Drill("alphabeta", tree(TEXTBOOK))
    assert fresh.check(RIGHT, ["I", "J"]).score == 1.0  # no hint, full score
    # a hint at a cutoff takes that cutoff off the score, not the node's value
    cut = Drill("alphabeta", tree(TEXTBOOK))
    cut.hint({"B": 3}, ["I"])
    assert (
        cut.check(RIGHT, ["I", "J"]).tally == "4 of 5 steps right on your own, 1 more after a hint"
    )


def test_a_hint_right_after_a_check_does_not_repeat_its_verdict() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    verdict = drill.check({**RIGHT, "B": 4}, ["I", "J"])
    assert "B (MIN) gets back E 3, F 12, G 8" in verdict.message  # the rule, with the children
    # what the verdict did not say: first which child decides (review D4: not the value at
    # once), then the value
    hint = drill.hint({**RIGHT, "B": 4}, ["I", "J"])
    assert hint == "Next step: B takes E's value. (Another hint gives the value.)"
    assert drill.hint({**RIGHT, "B": 4}, ["I", "J"]) == "Next step: B is done: value 3."
    assert drill.hint({**RIGHT, "B": 4}, ["I", "J"]).startswith("Nothing more to hint at B")
    missed = drill.check(RIGHT, ["I"])  # the verdict tells the whole cut
    assert "you did not mark J" in missed.message
    again = drill.hint(RIGHT, ["I"])
    assert again.startswith("Nothing more to hint at C") and missed.message not in again
    assert drill.hints == 2
    blank = Drill("minimax", tree(TEXTBOOK))
    assert blank.check({}).message == "B has no value: every inner node has one; write it."
    assert blank.hint({}).startswith("Next step: B (MIN) takes the smallest")  # the rule first


def test_every_check_counts_and_says_how_many_steps_are_right() -> None:
    drill = Drill("minimax", tree(TEXTBOOK))
    assert drill.check({}).tally == "0 of 4 steps right"  # an empty answer is a check
    assert drill.check({"A": "three"}).tally == "0 of 4 steps right"  # so is garbage: n stays
    assert (
        drill.check({"A": 3, "B": 3, "E": 9}).tally == "2 of 4 steps right"
    )  # a wrong leaf: n stays 4
    assert drill.check({"A": 3, "B": 3}).tally == "2 of 4 steps right"
    assert drill.attempts == 4 and drill.record()["score"] == 0.5


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_steps_counted_are_those_a_right_answer_is_graded_on(kind: str, level: int) -> None:
    # the key counts the steps without grading: the count is what grading the solution finds
    for seed in range(4):
        drill = Drill(kind, seed=seed, level=level)
        values, pruned = drill.solution()
        assert drill.step_count == drill._grade(values, pruned)[1].graded
        assert drill.check(values, pruned).tally.endswith(f"of {drill.step_count} steps right")


def test_the_record_is_small_and_json_able() -> None:
    drill = Drill("alphabeta", seed="s-42", level=2)
    values, pruned = drill.solution()
    drill.check({}, ())
    drill.check(values, pruned)
    record = drill.record()
    assert json.loads(json.dumps(record)) == record
    assert record == {
        "kind": "alphabeta",
        "seed": "s-42",
        "level": 2,
        "attempts": 2,
        "hints": 0,
        "score": 1.0,
        "solved": True,
        "solution_shown": False,
    }
    shown = Drill("minimax", seed=3)
    shown.check({"A": 0})
    shown.check(*shown.show_solution())
    assert shown.record()["solved"] is False and shown.record()["solution_shown"] is True


def groups(picture: str) -> dict[tuple[int, ...], ET.Element]:
    root = ET.fromstring(picture)
    out = {}
    for g in root.iter(f"{SVG}g"):
        ident = g.get("id", "")
        if ident.startswith("n"):
            out[tuple(int(i) for i in ident.split("-")[1:])] = g
    return out


def fill_of(group: ET.Element) -> str:
    shape = next(
        c
        for c in group
        if c.tag in (f"{SVG}rect", f"{SVG}circle", f"{SVG}polygon") and c.get("fill") != "none"
    )
    return shape.get("fill", "")


def test_the_picture_marks_right_answers_green_and_rings_the_first_mistake() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    picture = drill.picture(({**RIGHT, "C": 5}, ["I", "J"]))
    g = groups(picture)
    assert fill_of(g[()]) == fill_of(g[(0,)]) == fill_of(g[(2,)]) == "#c9ecc4"  # A, B, D
    assert fill_of(g[(1,)]) == "#f7c5c0"  # C, wrong
    ringed = [
        path for path, group in g.items() if "#e8590c" in ET.tostring(group, encoding="unicode")
    ]
    assert ringed == [(1,)]
    assert 'stroke-dasharray="4 3"' in ET.tostring(g[(1, 1)], encoding="unicode")  # I dashed
    key = " ".join(t.text or "" for t in ET.fromstring(picture).iter(f"{SVG}text"))
    assert "dashed: marked never looked at" in key  # the key (wrapped) says what dashed means
    texts = [t.text for t in g[(1,)].iter(f"{SVG}text")]
    assert "5" in texts  # the student's value is shown
    question = drill.picture()
    assert "#c9ecc4" not in question and "#e8590c" not in question
    assert "Run alpha-beta (moves left to right)" in question


def ringed(picture: str) -> list[tuple[int, ...]]:
    return [
        path
        for path, group in groups(picture).items()
        if any(e.get("class") == "ring" for e in group.iter())
    ]


def marks(picture: str) -> dict[tuple[int, ...], str]:
    """The ✓ or ✗ drawn on each node: "right" or "wrong"."""
    found = {}
    for path, group in groups(picture).items():
        for e in group.iter(f"{SVG}g"):
            if e.get("class", "").startswith("mark "):
                found[path] = e.get("class", "").split()[1]
    return found


def test_the_ring_sits_on_the_leaf_left_unmarked_not_on_the_right_value_above_it() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    forgot_j = drill.picture((RIGHT, ["I"]))  # every value right, J not marked
    assert drill.check(RIGHT, ["I"]).first_wrong == "C"
    g = groups(forgot_j)
    assert fill_of(g[(1,)]) == "#c9ecc4" and marks(forgot_j)[(1,)] == "right"  # C's value
    assert fill_of(g[(1, 2)]) == "#f7c5c0" and marks(forgot_j)[(1, 2)] == "wrong"  # J
    assert ringed(forgot_j) == [(1, 2)]  # the ring is on what is wrong: J
    assert marks(forgot_j)[(1, 1)] == "right"  # I is marked, rightly
    # the key says what a ✗ on a leaf means
    caption = " ".join(t.text or "" for t in ET.fromstring(forgot_j).iter(f"{SVG}text"))
    assert "✗ wrong, or the first thing left out" in caption
    assert "at a leaf, ✗: a mark left out" in caption
    negamax = Drill("negamax", tree(TEXTBOOK)).picture({"A": 3})  # no marks there: no word of them
    said = " ".join(t.text or "" for t in ET.fromstring(negamax).iter(f"{SVG}text"))
    assert "left out" in said and "mark" not in said
    valued = drill.picture(({**RIGHT, "I": 4}, ["J"]))  # a value for a leaf never looked at
    assert fill_of(groups(valued)[(1, 1)]) == "#f7c5c0" and marks(valued)[(1, 1)] == "wrong"
    assert fill_of(groups(valued)[(1,)]) == "#c9ecc4"


def test_a_check_with_nothing_typed_marks_the_first_mistake_only() -> None:
    # level 3, seed 2026: the leaves never looked at were red, the cut nodes white
    drill = Drill("alphabeta", seed=2026, level=3)
    feedback = drill.check({}, ())
    picture = drill.picture(({}, ()))
    first = drill.key.names.find(feedback.first_wrong)
    assert marks(picture) == {first: "wrong"} and ringed(picture) == [first]
    fills = {fill_of(group) for path, group in groups(picture).items() if path != first}
    assert fills == {"#ffffff"}  # nothing else tells which nodes are cut or never looked at
    assert not drill.record()["solution_shown"]


@settings(max_examples=30, deadline=None)
@given(kind_level=kinds_and_levels, seed=seeds, data=st.data())
def test_a_picture_marks_only_what_was_written_and_the_first_mistake(
    kind_level: tuple[str, int], seed: Any, data: st.DataObject
) -> None:
    kind, level = kind_level
    drill = Drill(kind, seed=seed, level=level)
    values, pruned = drill.solution()
    given = data.draw(st.sets(st.sampled_from(sorted(values))))
    claimed = data.draw(st.sets(st.sampled_from(drill.leaves))) if drill.marks_pruned else set()
    answer = ({n: values[n] for n in given}, sorted(claimed))
    shown = marks(drill.picture(answer))
    written = {drill.key.names.find(n) for n in given}
    marked_leaves = {drill.key.names.find(n) for n in claimed}
    feedback = drill.check(*answer)
    ring = ringed(drill.picture(answer))
    grade = drill._grade(*answer)[1]
    first = set(grade.mistakes[0].nodes) if grade.mistakes else set()  # e.g. L and M not cut
    whole = drill.key.marked(marked_leaves)  # the nodes all of whose leaves are marked
    # every mark is on something written (or marked, or a node all of whose leaves are
    # marked), or on the first mistake, whose first node the ring is on
    assert set(shown) <= written | marked_leaves | whole | first
    assert (feedback.first_wrong is None) == (not first) == (not ring)
    assert len(ring) <= 1 and set(ring) <= first
    assert all(shown[p] == "right" for p in written if p not in first)  # the solution's values


def test_a_first_mistake_of_two_leaves_marks_both_and_rings_the_first() -> None:
    """Seed 0, level 1: A, B and C right, but the cut at D is not marked: L and M both get
    a ✗ (the verdict names both), the ring is on L, nothing else is marked."""
    drill = Drill("alphabeta", seed=0, level=1)
    values, _ = drill.solution()
    answer = ({n: values[n] for n in "ABC"}, [])
    assert "you did not mark L and M as never looked at" in drill.check(*answer).message
    find = drill.key.names.find
    shown = marks(drill.picture(answer))
    assert shown == {find("A"): "right", find("B"): "right", find("C"): "right"} | {
        find("L"): "wrong",
        find("M"): "wrong",
    }
    assert ringed(drill.picture(answer)) == [find("L")]


def test_the_and_or_picture_shows_letters() -> None:
    drill = Drill("andor", tree([[1, -1], [1, 1]]))
    picture = drill.picture({"A": "W", "B": "W", "C": "W"})
    g = groups(picture)
    assert [t.text for t in g[(0,)].iter(f"{SVG}text")][-2:] == ["W", "B"]
    assert fill_of(g[(0,)]) == "#f7c5c0" and fill_of(g[(1,)]) == "#c9ecc4"
    # the key names only what the picture can show: nothing is marked in an AND/OR drill
    assert "ringed: the first" in picture and "dashed" not in picture


def test_a_seedless_drill_says_its_seed_and_next_continues() -> None:
    drill = Drill("minimax")
    assert isinstance(drill.seed, int)
    assert str(Drill("minimax", seed=drill.seed).tree) == str(drill.tree)
    assert drill.next().seed == drill.seed + 1
    assert isinstance(Drill("minimax", seed="x").next().seed, int)
    assert isinstance(Drill("minimax", tree(TEXTBOOK)).next().tree, GameTree)


def test_level_two_trees_fit_a_notebook() -> None:
    for seed in range(40):
        for kind in ("alphabeta", "andor"):
            assert len(Drill(kind, seed=seed, level=2).tree.leaves()) <= 16
    # a size of your own is taken as it is
    assert len(Drill("minimax", seed=1, level=2, branching=3).tree.leaves()) == 27


def test_an_inner_node_whose_leaves_are_all_marked_is_drawn_as_marked() -> None:
    drill = Drill("alphabeta", tree([[[5, 7], [2, 9]], [[6, 1], [8, 3]], [[4, 4], [0, 2]]]))
    values, _ = drill.solution()
    picture = drill.picture((values, ["Q", "R", "U", "V"]))
    h = ET.tostring(groups(picture)[(1, 1)], encoding="unicode")
    assert 'stroke-dasharray="4 3"' in h  # H: both its leaves are marked
    assert drill.check(values, ["Q", "R", "U", "V"]).correct
    assert "caption" not in drill.picture(caption=False)


# -- what a student meets in the notebooks ---------------------------------------------------
@pytest.mark.parametrize("kind", ["minimax", "negamax", "alphabeta", "expectiminimax"])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_max_has_a_real_choice_in_every_random_drill(kind: str, level: int) -> None:
    # a tree whose root children are all worth the same lets one number answer every box
    for seed in [*range(40), 2024, "student 17"]:
        t = Drill(kind, seed=seed, level=level).tree
        exact = exact_values(t)
        assert len({exact[child.path] for child in t.root.children}) > 1, (seed, str(t))


def test_the_notebooks_seed_gives_a_drill_with_more_than_one_answer() -> None:
    values, _ = Drill("minimax", seed=2024, level=1).solution()
    assert len(set(values.values())) > 1


def test_an_entry_that_cannot_be_read_keeps_the_score_below_full() -> None:
    feedback = Drill("minimax", tree(TEXTBOOK)).check({**RIGHT, "Q": 4})
    assert not feedback.correct and feedback.first_wrong is None
    assert "no node 'Q'" in feedback.message and feedback.score < 1.0


@pytest.mark.parametrize(
    ("kind", "spec", "search"),
    [
        ("minimax", TEXTBOOK, "minimax"),
        ("negamax", TEXTBOOK, "negamax"),
        ("andor", [[1, -1, 1], [1, 1, 1], [-1, 1, 1]], "labelling"),
    ],
)
def test_marking_a_node_never_looked_at_where_the_search_never_cuts(
    kind: str, spec: list[list[int]], search: str
) -> None:
    drill = Drill(kind, tree(spec))
    feedback = drill.check(drill.solution()[0], ["E"])
    assert feedback.first_wrong == "E"
    assert feedback.message == (
        f"{search} looks at every node, so E is looked at — you marked it as never looked at."
    )


def test_the_plain_mean_at_a_chance_node_gets_its_own_note() -> None:
    drill = Drill("expectiminimax", tree([Chance([(0.9, 2), (0.1, 3)]), 1]))
    assert "Σ p · value" in drill.task
    feedback = drill.check({"A": 2.1, "B": 2.5})
    assert feedback.first_wrong == "B"
    assert feedback.message.endswith(
        "(2.5 is the plain average of D 2 and E 3; weigh each outcome by its probability.)"
    )
    even = Drill("expectiminimax", tree([Chance([(0.5, 2), (0.5, 4)]), 1]))
    assert "plain average" not in even.check({"A": 3, "B": 2}).message


def test_a_value_as_long_as_minus_1_25_gets_a_node_wide_enough_for_it() -> None:
    drill = Drill("expectiminimax", tree([Chance([(0.25, -2), (0.75, -1)]), -2]))
    assert drill.solution()[0] == {"A": -1.25, "B": -1.25}
    root = groups(drill.picture(drill.solution()))[()]
    square = next(c for c in root if c.tag == f"{SVG}rect" and c.get("fill") != "none")
    assert float(square.get("width", 0)) >= 36  # five characters at font 10.5 fit
    short = groups(Drill("minimax", tree(TEXTBOOK)).picture(RIGHT))[()]
    usual = next(c for c in short if c.tag == f"{SVG}rect" and c.get("fill") != "none")
    assert float(usual.get("width", 0)) == 28  # short values keep the usual size


def test_a_negamax_value_with_the_wrong_sign_is_explained_as_it_is() -> None:
    drill = Drill("negamax", tree(TEXTBOOK))  # A (MAX) 3; B, C, D (MIN) −3, −2, −2
    values, _ = drill.solution()
    at_max = drill.check({**values, "A": -3})
    assert at_max.first_wrong == "A" and "MAX moves at A, so its negamax value" in at_max.message
    assert "is A's value for MAX" not in at_max.message  # −3 is not: that is 3
    at_min = drill.check({**values, "B": 3})
    assert at_min.first_wrong == "B"
    assert "3 is B's value for MAX" in at_min.message and "at MIN's nodes" in at_min.message


def test_a_value_close_to_the_right_one_is_quoted_as_typed() -> None:
    drill = Drill("expectiminimax", seed=2024, level=2)
    values, _ = drill.solution()
    assert values["C"] == 3.2
    verdict = drill.check({**values, "C": "3.2001"})
    assert verdict.first_wrong == "C" and verdict.message.startswith("C is not 3.2001:")


def test_a_missed_deep_cutoff_says_where_its_bound_comes_from() -> None:
    drill = Drill("alphabeta", seed=2024, level=3)
    values, pruned = drill.solution()
    assert pruned == ("S", "K", "AC")  # AC: N's cut by A's α, two levels up
    deep = drill.check(values, ["S", "V", "W"])
    assert deep.first_wrong == "N" and deep.message.startswith("α-cutoff at N: −7 ≤ α = −3")
    assert "(a deep cutoff: α = −3 is A's best so far, passed down through C and G)" in (
        deep.message
    )
    # the verdict told the cut in full: a hint has nothing to add, and says so
    assert drill.hint(values, ["S", "V", "W"]).startswith("Nothing more to hint at N")
    fresh = Drill("alphabeta", seed=2024, level=3)
    assert fresh.hint(values, ["S", "V", "W"]).startswith("Next step: N (MIN) stops as soon")
    assert "deep cutoff: α = −3" in fresh.hint(values, ["S", "V", "W"])
    near = drill.check(values, ["V", "W", "AC"])  # I's cut: its bound is from its parent D
    assert near.first_wrong == "I" and "deep" not in near.message


# -- one class per kind ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "cls"),
    [
        ("minimax", MinimaxDrill),
        ("negamax", NegamaxDrill),
        ("alphabeta", AlphaBetaDrill),
        ("andor", AndOrDrill),
        ("expectiminimax", ExpectiminimaxDrill),
    ],
)
def test_a_drill_of_each_kind_is_its_own_class_and_a_drill(kind: str, cls: type[Drill]) -> None:
    drill = Drill(kind, seed=3, level=2)
    assert type(drill) is cls and isinstance(drill, Drill) and drill.kind == kind
    assert type(drill.next()) is cls and type(Drill(kind, drill.tree)) is cls
    assert cls(kind, seed=3, level=2).tree.spec() == drill.tree.spec()
    assert repr(drill) == f"<Drill {kind}, level 2, seed 3: {len(drill.tree)} nodes>"
    assert list(KINDS) == ["minimax", "negamax", "alphabeta", "andor", "expectiminimax"]


def test_a_class_of_one_kind_takes_only_its_kind() -> None:
    with pytest.raises(ValueError, match="kind 'minimax' is unknown: choose one of alphabeta"):
        AlphaBetaDrill("minimax")


# -- the bound (fail-hard) and the best so far (fail-soft) are both right ---------------------
def test_the_bound_fail_hard_is_right_and_said_so() -> None:
    drill = Drill("alphabeta", tree([[3, 5], [2, 1]]))  # C stops after 2 ≤ α = 3
    hard = drill.check({"A": 3, "B": 3, "C": 3}, ["G"])
    assert hard.correct and hard.score == 1.0 and drill.solved
    assert hard.message == (
        "All right: A 3, B 3, C 2; never looked at: G. (At C you wrote the bound, as fail-hard "
        "alpha-beta returns it; the best value so far, C 2, is right too.)"
    )
    value_of_c = next(s for s in drill.steps() if (s.ask, s.node) == ("value", "C"))
    assert drill.answer(value_of_c, 3).correct and drill.answer(value_of_c, 2).correct
    assert not drill.answer(value_of_c, 1).correct


@settings(max_examples=80, deadline=None)
@given(
    seed=seeds,
    level=st.sampled_from([1, 2, 3]),
    form=st.sampled_from(["soft", "hard", "czech"]),
)
def test_every_textbook_form_of_alpha_beta_is_right(seed: Any, level: int, form: str) -> None:
    drill = Drill("alphabeta", seed=seed, level=level)
    values, pruned = drill.solution()
    returned = alphabeta_values(drill.tree, form)
    feedback = drill.check(
        {n.name: returned[n.path] for n in drill.tree if n.name in values}, pruned
    )
    assert feedback.correct and feedback.score == 1.0, feedback.message


# -- pictures and widgets only when asked for ---------------------------------------------------
def test_the_practice_package_draws_and_makes_widgets_only_inside_its_display_hooks() -> None:
    """``import gametheory`` loads no drawing or widget module: practice imports them only
    inside the methods that draw (``picture``, a report card's ``chart``) or make a widget (``widget``)."""
    package = pathlib.Path(gametheory.practice.__file__).parent
    lazy: dict[str, set[str]] = {}
    for module in sorted(package.glob("*.py")):
        body = ast.parse(module.read_text(encoding="utf-8")).body
        at_load = [n for n in body if isinstance(n, ast.Import | ast.ImportFrom)]
        names = {n.module or "" for n in at_load if isinstance(n, ast.ImportFrom)}
        names |= {a.name for n in at_load if isinstance(n, ast.Import) for a in n.names}
        assert not {m for m in names if m.startswith(("gametheory.draw", "gametheory.widgets"))}
        for node in ast.walk(
            ast.Module(body=[n for n in body if n not in at_load], type_ignores=[])
        ):
            if isinstance(node, ast.FunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and inner.module:
                        lazy.setdefault(node.name, set()).add(inner.module)
    assert lazy == {
        "chart": {"gametheory.draw.charts"},
        "picture": {"gametheory.draw.tree"},
        "widget": {"gametheory.widgets.practice"},
    }


def test_a_drill_can_be_copied_and_pickled() -> None:
    drill = Drill("alphabeta", seed=5, level=2)
    drill.check({}, ())
    for other in [copy.deepcopy(drill), pickle.loads(pickle.dumps(drill))]:
        assert type(other) is AlphaBetaDrill and other.record() == drill.record()
        assert other.check(*other.solution()).correct


@pytest.mark.parametrize("typed", ["1e400", "1e100000000", "9" * 10_000, 10**400])
def test_a_huge_number_typed_anywhere_is_a_message_at_once(typed: object) -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    value_of_b = drill.steps()[4]
    assert (value_of_b.ask, value_of_b.node) == ("value", "B")
    start = time.perf_counter()
    checked = drill.check({**RIGHT, "B": typed}, ["I", "J"])
    assert checked.first_wrong == "B" and checked.message.startswith("B: ")
    assert "is too" in checked.message or "is not a number" in checked.message
    assert drill.hint({"B": typed}).startswith("Next step: ")
    assert drill.picture(({"B": typed}, ())).startswith("<svg")
    assert not drill.answer(value_of_b, typed).correct
    assert time.perf_counter() - start < 1.0
    assert drill.attempts == 2  # a check and a step answer, counted as blank ones are


def test_a_verdict_in_a_notebook_is_a_paragraph_that_wraps_between_words() -> None:
    """Item 32: JupyterLab breaks a printed (``<pre>``) line anywhere, in mid-word; a
    drill's verdict is shown as a paragraph, escaped, with the same words as printed."""
    verdict = Drill("minimax", tree(TEXTBOOK)).check({"A": "<3>"})
    shown = verdict._repr_html_()
    assert shown.startswith('<p style="margin:0;white-space:normal">') and shown.endswith("</p>")
    assert "&lt;3&gt;" in shown and "<3>" not in shown
    assert ET.fromstring(shown).text == str(verdict)


# -- the mistakes of an answer, for the teacher (issue 26) ------------------------------------
def test_mistakes_are_the_checks_mistakes_in_search_order_and_count_no_check() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    found = drill.mistakes({"A": 3, "B": 4, "C": 2, "D": 2})
    assert [(drill.key.names[m.path], m.slip.name) for m in found] == [
        ("B", "WRONG_VALUE"),
        ("C", "MISSED_CUTOFF"),
    ]
    assert drill.mistakes(*drill.solution()) == ()
    assert (drill.attempts, drill.record()["score"]) == (0, None)  # asking is no check
    feedback = drill.check({"A": 3, "B": 4, "C": 2, "D": 2})
    assert feedback.first_wrong == "B" and drill.attempts == 1  # the check names the first one


@given(specs().filter(lambda s: isinstance(s, list)), st.data())
@settings(max_examples=40, deadline=None)
def test_mistakes_are_empty_exactly_when_the_check_is_right(spec: Any, data: Any) -> None:
    drill = Drill("alphabeta", tree(spec))
    values, pruned = drill.solution()
    names = sorted(values)
    dropped = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    answer = {k: v for k, v in values.items() if k not in dropped}
    found = drill.mistakes(answer, pruned)
    assert (found == ()) == drill.check(answer, pruned).correct
    assert {drill.key.names[m.path] for m in found if m.slip.name == "NO_VALUE"} <= set(dropped)


# -- a window that cannot arise (issue 26) ------------------------------------------------------
def enter_c_typed(reply: str) -> str:
    """The window as the message quotes what the student typed."""
    return {"5, 3": "5, 3", "3; 3": "3, 3", "inf, -inf": "+∞, −∞", "[-inf, -inf]": "−∞, −∞",
            "3, 7": "3, 7", "7/3, inf": "2.33, +∞"}[reply]  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("5, 3", "α = 5 is not below β = 3"),
        ("3; 3", "α = 3 is not below β = 3"),
        ("inf, -inf", "α = +∞ is not below β = −∞"),
        ("[-inf, -inf]", "α = −∞ is not below β = −∞"),
        ("3, 7", "β = 7 is no leaf's value in this tree"),
        ("7/3, inf", "α = 2.33 is no leaf's value in this tree"),
    ],
)
def test_an_impossible_window_is_named_and_said_wrong_without_the_answer(
    reply: str, wrong: str
) -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    steps = drill.steps()
    enter_c = next(s for s in steps if s.ask == "window" and s.node == "C")  # it is [3, +∞]
    feedback = drill.answer(enter_c, reply)
    shown = feedback.message
    assert not feedback.correct and feedback.first_wrong == "C"
    assert "cannot be the window on entering C" in shown and wrong in shown, shown
    assert "3, β = +∞" not in shown and "A has at that moment" not in shown  # not told
    assert shown.startswith(f"[{enter_c_typed(reply)}]") and shown.endswith(
        "Which window does C start with?"
    )
    assert drill.attempts == 1 and drill.record()["score"] in (None, 0.0)  # counted, not graded
    assert drill.answer(enter_c, "3, inf").correct  # the first real answer is still graded


def test_a_possible_but_wrong_window_gets_the_usual_verdict() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    enter_c = next(s for s in drill.steps() if s.ask == "window" and s.node == "C")
    feedback = drill.answer(enter_c, "-inf, 3")
    assert not feedback.correct and "cannot be" not in feedback.message
    assert feedback.message.startswith("Not quite")


@given(specs().filter(lambda s: isinstance(s, list)))
@settings(max_examples=40, deadline=None)
def test_no_window_the_search_enters_with_is_called_impossible(spec: Any) -> None:
    drill = Drill("alphabeta", tree(spec))
    for step in drill.steps():
        if step.ask == "window":
            alpha, beta = step.expected
            assert drill.answer(step, f"{alpha}, {beta}").correct, step


def test_after_a_verdict_the_hint_points_at_the_deciding_child_where_one_decides() -> None:
    """Review D4: a hint right after a check's verdict does not give the value at once."""
    wrong = {**RIGHT, "B": 4}
    negamax = Drill("negamax", tree(TEXTBOOK))
    negamax.check(wrong)
    assert (
        negamax.hint(wrong)
        == "Next step: B takes E's value, negated. (Another hint gives the value.)"
    )
    assert negamax.hint(wrong) == "Next step: B is done: value −3."
    # a chance node takes no one child's value: the hint after the verdict gives the value
    chance = Drill("expectiminimax", tree([Chance([(0.9, 5), (0.1, 1)]), 2]))
    values = dict(chance.solution()[0])
    values["B"] = 99
    assert "B is a chance node" in chance.check(values).message
    assert chance.hint(values) == "Next step: B is done: value 4.6."
