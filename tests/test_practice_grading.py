"""The grader as a pure function: a search's trace and an answer in, the mistakes and the
score out — tested without a drill, on trees of any shape and every textbook search."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gametheory import Chance, tree
from gametheory.andor import Label
from gametheory.practice.grading import VALUE_SLIPS, Key, Slip, grade
from gametheory.practice.levels import labels
from gametheory.search import algorithm
from gametheory.search.paths import Address
from gametheory.trees import GameTree
from tests.oracles import alphabeta_values
from tests.strategies import chance_specs, specs

PLAIN = ["minimax", "negamax", "alphabeta", "alphabeta_negamax"]


def key_of(search: str, t: GameTree, *, labelled: bool = False) -> Key:
    trace = algorithm(search).search(t, trace=True).trace
    assert trace is not None
    return Key(trace, t, labels=labels(t) if labelled else None)


@st.composite
def keys(draw: st.DrawFn) -> Key:
    """A key to a trace of any textbook search (or of AND/OR labelling) on any tree."""
    search = draw(st.sampled_from([*PLAIN, "expectiminimax", "labelling"]))
    spec = draw(chance_specs() if search == "expectiminimax" else specs(30))
    assume(isinstance(spec, list | Chance))
    if search == "labelling":
        return key_of("minimax", tree(spec), labelled=True)
    return key_of(search, tree(spec))


def right_answer(key: Key) -> dict[Address, Any]:
    return {path: key.truth(path) for path in key.inner}


def other_than(key: Key, path: Address, delta: int) -> Any:
    """A wrong answer at ``path``: another label, or a value ``delta`` away from every right one."""
    truth = key.truth(path)
    if isinstance(truth, Label):
        return [x for x in Label if x is not truth][delta % 2]
    value = truth + delta
    while value in key.accepted(path):
        value += delta
    return value


@settings(max_examples=150, deadline=None)
@given(key=keys())
def test_the_right_answer_has_no_mistakes_and_scores_one(key: Key) -> None:
    marks = grade(key, right_answer(key), key.pruned)
    assert marks.mistakes == () and marks.score == 1.0 and marks.bounds == ()
    assert marks.right == frozenset(key.inner)
    assert marks.graded == len(key.inner) + sum(seen.cut is not None for seen in key.seen.values())


@settings(max_examples=200, deadline=None)
@given(key=keys(), data=st.data())
def test_a_single_changed_value_is_one_mistake_at_that_node(key: Key, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(key.inner))
    delta = data.draw(st.sampled_from([-3, -1, 1, 2]))
    answer = {**right_answer(key), path: other_than(key, path, delta)}
    marks = grade(key, answer, key.pruned)
    assert [(m.path, m.slip in VALUE_SLIPS) for m in marks.mistakes] == [(path, True)]
    assert marks.mistakes[0].expected == key.truth(path)
    assert marks.score == (marks.graded - 1) / marks.graded and marks.red == {path}


@settings(max_examples=150, deadline=None)
@given(key=keys(), data=st.data())
def test_every_other_single_slip_is_one_mistake_where_it_first_shows(
    key: Key, data: st.DataObject
) -> None:
    answer, pruned = right_answer(key), list(key.pruned)
    looked_at = [p for p in key.seen if p not in key.cover(pruned)]
    leaves = [p for p in looked_at if key.seen[p].leaf]
    slips: list[tuple[Slip, Address, Any, list[Address]]] = [
        (Slip.NO_VALUE, p, {q: v for q, v in answer.items() if q != p}, pruned) for p in key.inner
    ]
    slips += [(Slip.MARKED_LOOKED_AT, p, answer, [*pruned, p]) for p in looked_at]
    slips += [(Slip.WRONG_LEAF, p, {**answer, p: other_than(key, p, 1)}, pruned) for p in leaves]
    for child in key.pruned:  # the first consequence: the cutoff at the parent
        unmarked = [p for p in pruned if p != child]
        slips.append((Slip.MISSED_CUTOFF, child[:-1], answer, unmarked))
        slips.append((Slip.VALUED_PRUNED, child[:-1], {**answer, child: 0.0}, pruned))
    slip, path, values, claimed = data.draw(st.sampled_from(slips))
    marks = grade(key, values, claimed)
    assert [(m.slip, m.path) for m in marks.mistakes] == [(slip, path)]
    assert marks.score < 1.0


@settings(max_examples=150, deadline=None)
@given(
    spec=specs(30).filter(lambda s: isinstance(s, list)), form=st.sampled_from(["hard", "czech"])
)
def test_both_conventions_for_a_cut_nodes_value_are_right(spec: Any, form: str) -> None:
    t = tree(spec)
    key = key_of("alphabeta", t)
    soft, other = alphabeta_values(t, "soft"), alphabeta_values(t, form)
    assert {p: soft[p] for p in key.inner} == right_answer(key)  # the package is fail-soft
    marks = grade(key, {p: other[p] for p in key.inner}, key.pruned)
    assert marks.mistakes == () and marks.score == 1.0
    assert marks.bounds == tuple(p for p in key.inner if other[p] != soft[p])


def test_a_cut_nodes_bound_and_its_best_so_far_and_nothing_else() -> None:
    t = tree([[3, 5], [2, 1]])  # C stops at 2 ≤ α = 3: fail-soft 2, fail-hard 3, exact 1
    exact = {(): 3.0, (0,): 3.0, (1,): 1.0}
    key = Key(algorithm("alphabeta").search(t, trace=True).trace, t, exact=exact)
    assert key.accepted((1,)) == (2.0, 3.0)
    for c, slip in [(2, None), (3, None), (1, Slip.EXACT_VALUE), (4, Slip.WRONG_VALUE)]:
        marks = grade(key, {(): 3, (0,): 3, (1,): c}, [(1, 1)])
        assert [m.slip for m in marks.mistakes] == ([] if slip is None else [slip])


def test_the_known_slips_are_named() -> None:
    textbook = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    negamax = key_of("negamax", textbook)  # B is worth −3 for MIN, who moves there
    (sign,) = grade(negamax, {**right_answer(negamax), (0,): 3}).mistakes
    assert (sign.slip, sign.path, sign.expected, sign.given) == (Slip.WRONG_SIGN, (0,), -3, 3)
    gamble = tree([Chance([(0.9, 2), (0.1, 3)]), 1])
    chance = key_of("expectiminimax", gamble)
    (plain,) = grade(chance, {(): 2.1, (0,): 2.5}).mistakes
    assert plain.slip is Slip.PLAIN_AVERAGE
    andor = key_of("minimax", tree([[1, -1], [1, 1]]), labelled=True)
    (wrong,) = grade(andor, {(): Label.WIN, (0,): Label.WIN, (1,): Label.WIN}).mistakes
    assert (wrong.slip, wrong.path) == (Slip.WRONG_LABEL, (0,))
