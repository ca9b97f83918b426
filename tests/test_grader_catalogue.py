"""Issue 35's new catalogue entries, each named whatever shape the student's code has: a loop
with a test of whose turn it is, AIMA's max_value/min_value pair, a while loop, an early
return at the cutoff."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.practice.grader import BUGS, grade
from gametheory.practice.grader.choice import _candidates, _depth_for
from gametheory.practice.grader.compare import _first_difference
from gametheory.practice.grader.mistakes import WAYS, ways
from gametheory.practice.grader.reference import RETURNS, Reference
from gametheory.practice.grader.symptoms import symptoms
from gametheory.practice.grader.verdict import _exact_values, _package_trace, _traced

inf = math.inf


# -- best started at 0 -------------------------------------------------------------------------
def zero_loop(game: Any, state: Any) -> Any:
    if game.is_terminal(state):
        return game.utility(state, 0)
    best = 0
    for move in game.legal_moves(state):
        value = zero_loop(game, game.result(state, move))
        if game.to_move(state) == 0 and value > best or game.to_move(state) == 1 and value < best:
            best = value
    return best


def zero_aima(game: Any, state: Any) -> Any:
    def value(s: Any) -> Any:
        return max_value(s) if game.to_move(s) == 0 else min_value(s)

    def max_value(s: Any) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v = 0
        for m in game.legal_moves(s):
            v = max(v, value(game.result(s, m)))
        return v

    def min_value(s: Any) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v = 0
        for m in game.legal_moves(s):
            v = min(v, value(game.result(s, m)))
        return v

    return value(state)


def zero_alphabeta_while(game: Any, state: Any, alpha: float, beta: float) -> Any:
    if game.is_terminal(state):
        return game.utility(state, 0)
    moves, i = list(game.legal_moves(state)), 0
    maximizing = game.to_move(state) == 0
    best = 0
    while i < len(moves):
        value = zero_alphabeta_while(game, game.result(state, moves[i]), alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            return best
        i += 1
    return best


# -- alpha-beta shapes with one mistake each -------------------------------------------------------
def alphabeta_for(mistake: str) -> Any:
    """A for loop that tests whose turn it is; ``mistake`` picks the one thing done wrong."""

    def search(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, 0)
        maximizing = game.to_move(state) == 0
        alpha0, beta0 = alpha, beta
        best = -inf if maximizing else inf
        for move in game.legal_moves(state):
            window = (alpha0, beta0) if mistake == "original-window" else (alpha, beta)
            value = search(game, game.result(state, move), *window)
            if mistake == "cut-before-update" and (value >= beta if maximizing else value <= alpha):
                return best
            if maximizing:
                best = max(best, value)
                if mistake == "wrong-node":
                    beta = min(beta, value)
                else:
                    alpha = max(alpha, value)
            else:
                best = min(best, value)
                if mistake == "wrong-node":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
            if (alpha <= beta) if mistake == "cut-test-turned" else (alpha >= beta):
                break
        if mistake == "returns-swapped":
            return beta if maximizing else alpha
        return best

    return search


def alphabeta_while(mistake: str) -> Any:
    """A while loop over the moves, an early return at the cutoff, α and β returned."""

    def search(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, 0)
        moves = list(game.legal_moves(state))
        start = (alpha, beta)
        k = 0
        while k < len(moves):
            child = game.result(state, moves[k])
            value = search(game, child, *(start if mistake == "original-window" else (alpha, beta)))
            if game.to_move(state) == 0:
                if mistake == "cut-before-update" and value >= beta:
                    return alpha
                if mistake == "wrong-node":
                    beta = min(beta, value)
                else:
                    alpha = max(alpha, value)
            else:
                if mistake == "cut-before-update" and value <= alpha:
                    return beta
                if mistake == "wrong-node":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
            if (
                mistake == "cut-test-turned"
                and alpha <= beta
                or mistake != "cut-test-turned"
                and alpha >= beta
            ):
                break
            k += 1
        if mistake == "returns-swapped":
            return beta if game.to_move(state) == 0 else alpha
        return alpha if game.to_move(state) == 0 else beta

    return search


MISTAKES = [
    "wrong-node",
    "cut-before-update",
    "returns-swapped",
    "cut-test-turned",
    "original-window",
]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(
    ("function", "kind"),
    [(zero_loop, "minimax"), (zero_aima, "minimax"), (zero_alphabeta_while, "alphabeta")],
    ids=["loop", "aima", "alphabeta-while"],
)
def test_best_started_at_0_is_named_in_every_shape(function: Any, kind: str, seed: int) -> None:
    report = grade(function, kind, seed=seed, level=2)
    assert not report.passed
    assert report.bug is not None and report.bug.name == "best-zero", report.message


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("shape", [alphabeta_for, alphabeta_while], ids=["for", "while"])
@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_alphabeta_mistake_is_named_in_every_shape(
    mistake: str, shape: Any, seed: int
) -> None:
    report = grade(shape(mistake), "alphabeta", seed=seed)
    assert not report.passed
    named = "full-window" if mistake == "original-window" else mistake  # the same behaviour
    assert report.bug is not None and report.bug.name == named, report.message


@pytest.mark.parametrize("shape", [alphabeta_for, alphabeta_while], ids=["for", "while"])
def test_the_shapes_without_a_mistake_pass(shape: Any) -> None:
    for seed in (0, 1, 2):
        assert grade(shape("none"), "alphabeta", seed=seed).passed


def test_one_mistake_gets_one_verdict_on_every_seed() -> None:
    """Four students' identical files with > for ≥ were graded differently by seed."""
    strict = alphabeta_while("none")

    def with_strict_test(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, 0)
        for move in game.legal_moves(state):
            value = with_strict_test(game, game.result(state, move), alpha, beta)
            if game.to_move(state) == 0:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha > beta:
                break
        return alpha if game.to_move(state) == 0 else beta

    assert grade(strict, "alphabeta").passed
    names = {grade(with_strict_test, "alphabeta", seed=seed).bug for seed in range(-6, 7)}
    assert {bug.name if bug else None for bug in names} == {"strict"}


# -- more shapes: a `maximizing` flag, AIMA's pair, negamax form -------------------------------
def alphabeta_flag(mistake: str) -> Any:
    """One function with a ``maximizing`` flag flipped at each call (the players alternate in
    the trees of level 1), β lowered with ``best``, an early ``return`` at the cutoff."""

    def search(game: Any, state: Any, alpha: float, beta: float, maximizing: bool = True) -> Any:
        if game.is_terminal(state):
            return game.utility(state, 0)
        start = (alpha, beta)
        best = 0 if mistake == "best-zero" else -inf if maximizing else inf
        for move in game.legal_moves(state):
            window = start if mistake == "original-window" else (alpha, beta)
            value = search(game, game.result(state, move), *window, not maximizing)
            if mistake == "cut-before-update" and (value >= beta if maximizing else value <= alpha):
                return best
            best = max(best, value) if maximizing else min(best, value)
            if maximizing == (mistake != "wrong-node"):
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha <= beta if mistake == "cut-test-turned" else alpha >= beta:
                return best
        return (beta if maximizing else alpha) if mistake == "returns-swapped" else best

    return search


def alphabeta_aima(mistake: str) -> Any:
    """AIMA's max_value/min_value pair inside the graded function (its recursion unseen)."""

    def alphabeta(game: Any, state: Any, alpha: float, beta: float) -> Any:
        def value_of(s: Any, alpha: float, beta: float) -> Any:
            if game.is_terminal(s):
                return game.utility(s, 0)
            return (max_value if game.to_move(s) == 0 else min_value)(s, alpha, beta)

        def max_value(s: Any, alpha: float, beta: float) -> Any:
            v, start = (0 if mistake == "best-zero" else -inf), (alpha, beta)
            for m in game.legal_moves(s):
                window = start if mistake == "original-window" else (alpha, beta)
                value = value_of(game.result(s, m), *window)
                if mistake == "cut-before-update" and value >= beta:
                    return v
                v = max(v, value)
                if mistake == "wrong-node":
                    beta = min(beta, value)
                else:
                    alpha = max(alpha, v)
                if alpha <= beta if mistake == "cut-test-turned" else alpha >= beta:
                    return v
            return beta if mistake == "returns-swapped" else v

        def min_value(s: Any, alpha: float, beta: float) -> Any:
            v, start = (0 if mistake == "best-zero" else inf), (alpha, beta)
            for m in game.legal_moves(s):
                window = start if mistake == "original-window" else (alpha, beta)
                value = value_of(game.result(s, m), *window)
                if mistake == "cut-before-update" and value <= alpha:
                    return v
                v = min(v, value)
                if mistake == "wrong-node":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, v)
                if alpha <= beta if mistake == "cut-test-turned" else alpha >= beta:
                    return v
            return alpha if mistake == "returns-swapped" else v

        return value_of(state, alpha, beta)

    return alphabeta


def negamax_while(mistake: str) -> Any:
    """Alpha-beta in negamax form: a while loop, an early return at the cutoff."""

    def search(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, game.to_move(state))
        moves, k, start = list(game.legal_moves(state)), 0, (alpha, beta)
        best = 0 if mistake == "best-zero" else -inf
        while k < len(moves):
            a, b = start if mistake == "original-window" else (alpha, beta)
            value = -search(game, game.result(state, moves[k]), -b, -a)
            if mistake == "cut-before-update" and value >= beta:
                return best
            best = max(best, value)
            if mistake == "wrong-node":  # MAX lowers β, as MIN raises α: one node type here
                beta = min(beta, best)
            else:
                alpha = max(alpha, best)
            if alpha <= beta if mistake == "cut-test-turned" else alpha >= beta:
                return best
            k += 1
        return beta if mistake == "returns-swapped" else best

    return search


def negamax_wrong_node(wrong_at: int | None, fail_hard: bool = False) -> Any:
    """Alpha-beta in negamax form that lowers β with the value at the nodes of player
    ``wrong_at`` (None: none, the right search; 2: every node): at player 0's that is MAX
    lowering β, at player 1's it is MIN raising α, seen from the mover's side of (−β, −α)."""

    def search(game: Any, state: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(state):
            return game.utility(state, game.to_move(state))
        best = -inf
        for move in game.legal_moves(state):
            value = -search(game, game.result(state, move), -beta, -alpha)
            best = max(best, value)
            if wrong_at in (2, game.to_move(state)):
                beta = min(beta, value)
            else:
                alpha = max(alpha, value)
            if alpha >= beta:
                return beta if fail_hard else best
        return alpha if fail_hard else best

    return search


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize(
    ("wrong_at", "fail_hard"),
    [(0, False), (1, False), (2, False), (2, True)],
    ids=["MAX-lowers-beta", "MIN-raises-alpha", "both", "both-fail-hard"],
)
def test_the_wrong_node_type_is_named_in_negamax_form_in_both_directions(
    wrong_at: int, fail_hard: bool, level: int
) -> None:
    assert grade(negamax_wrong_node(None, fail_hard), "alphabeta_negamax", level=level).passed
    for seed in range(-2, 3):
        report = grade(
            negamax_wrong_node(wrong_at, fail_hard), "alphabeta_negamax", seed=seed, level=level
        )
        assert not report.passed
        assert report.bug is not None and report.bug.name == "wrong-node", report.message


EVERY_SHAPE = [*MISTAKES, "best-zero"]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(
    ("shape", "kind", "mistakes"),
    [
        (alphabeta_flag, "alphabeta", EVERY_SHAPE),
        (alphabeta_aima, "alphabeta", EVERY_SHAPE),  # its recursion unseen
        (negamax_while, "alphabeta_negamax", EVERY_SHAPE),
    ],
    ids=["flag", "aima", "negamax"],
)
def test_each_mistake_is_named_in_more_shapes(
    shape: Any, kind: str, mistakes: list[str], seed: int
) -> None:
    assert grade(shape("none"), kind, seed=seed).passed
    for mistake in mistakes:
        report = grade(shape(mistake), kind, seed=seed)
        named = {"full-window"} if mistake == "original-window" else {mistake}
        if mistake == "original-window" and shape is alphabeta_aima:
            named.add("swapped")  # the leaves alone cannot tell them apart: both named
        assert not report.passed
        assert report.bug is not None, (mistake, report.message)
        assert set(report.bug.name.split(" or ")) == named, (mistake, report.message)


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("mistake", EVERY_SHAPE)
def test_each_mistake_gets_one_verdict_on_every_seed(mistake: str, level: int) -> None:
    """The same file, graded on students' seeds −5 … 5, fails with the same name."""
    function = alphabeta_for(mistake) if mistake != "best-zero" else zero_alphabeta_while
    reports = [grade(function, "alphabeta", seed=seed, level=level) for seed in range(-5, 6)]
    named = "full-window" if mistake == "original-window" else mistake
    assert {(r.passed, r.bug.name if r.bug else None) for r in reports} == {(False, named)}


# -- the reference: the package's searches, and the mistakes as steps of the same search ------
@settings(max_examples=40, deadline=None)
@given(
    st.integers(-(10**6), 10**6),
    st.sampled_from(["minimax", "negamax", "alphabeta", "alphabeta_negamax", "expectiminimax"]),
    st.booleans(),
)
def test_the_step_by_step_search_is_the_package_s_search(
    seed: int, kind: str, limited: bool
) -> None:
    """The search the mistakes are made from (a step a method) writes down, node for node,
    what the package's textbook search traces: same windows, leaves, values."""
    t = next(_candidates(kind, 3, seed))
    depth = _depth_for(t, limited)
    package = _traced(_package_trace(kind, t, depth), kind.startswith("alphabeta"))
    mine = Reference(kind).run(t, depth)
    assert mine.run.events == package.run.events
    assert mine.run.value == package.run.value


def test_every_way_of_a_mistake_is_registered_once_under_a_catalogued_name() -> None:
    assert len(set(WAYS)) == len(WAYS)
    for way in WAYS:
        assert way.mistake in BUGS and way.kinds, way
        assert way.__dict__.keys() & set(vars(Reference)), f"{way} changes no step"


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-(10**6), 10**6),
    st.sampled_from(["minimax", "negamax", "alphabeta", "alphabeta_negamax", "expectiminimax"]),
    st.booleans(),
    st.integers(0, 2),
)
def test_every_way_of_a_mistake_shows_its_own_symptom_where_it_first_diverges(
    seed: int, kind: str, limited: bool, returns: int
) -> None:
    """Each registered way, run as a student would be (its recursion seen), is named by the
    symptoms at its first divergence from the package's search, whatever it returns."""
    t = next(_candidates(kind, 2, seed))
    depth = _depth_for(t, limited)
    right = _traced(_package_trace(kind, t, depth), kind.startswith("alphabeta"))
    exact = _exact_values(t, kind, depth)
    for way in ways(kind, limited):
        wrong = way(kind, RETURNS[returns] if kind.startswith("alphabeta") else "best").run(
            t, depth
        )
        where = _first_difference(wrong, right, exact, kind)
        if where is not None:
            assert way.mistake in symptoms(kind, t, depth, wrong.run, where[0]), (way, where)


def aima_original_window(game: Any, state: Any, alpha: float, beta: float) -> Any:
    """AIMA's pair calling each other (its recursion unseen), each child given the window
    the function received: α and β are moved, for the node's own cutoff test only."""

    def max_value(s: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v, received = -inf, (alpha, beta)
        for m in game.legal_moves(s):
            child = game.result(s, m)
            v = max(v, (max_value if game.to_move(child) == 0 else min_value)(child, *received))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v, received = inf, (alpha, beta)
        for m in game.legal_moves(s):
            child = game.result(s, m)
            v = min(v, (max_value if game.to_move(child) == 0 else min_value)(child, *received))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    return (max_value if game.to_move(state) == 0 else min_value)(state, alpha, beta)


def aima_swapped(game: Any, state: Any, alpha: float, beta: float) -> Any:
    """AIMA's pair calling each other (its recursion unseen) with α and β swapped: MAX
    raises β and MIN lowers α, the cutoff still tested as α ≥ β."""

    def max_value(s: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v = -inf
        for m in game.legal_moves(s):
            child = game.result(s, m)
            v = max(v, (max_value if game.to_move(child) == 0 else min_value)(child, alpha, beta))
            beta = max(beta, v)
            if alpha >= beta:
                return v
        return v

    def min_value(s: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(s):
            return game.utility(s, 0)
        v = inf
        for m in game.legal_moves(s):
            child = game.result(s, m)
            v = min(v, (max_value if game.to_move(child) == 0 else min_value)(child, alpha, beta))
            alpha = min(alpha, v)
            if alpha >= beta:
                return v
        return v

    return (max_value if game.to_move(state) == 0 else min_value)(state, alpha, beta)


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize(
    "function",
    [aima_original_window, alphabeta_aima("original-window"), aima_swapped],
    ids=["pair", "dispatch", "swapped"],
)
def test_mistakes_the_leaves_cannot_tell_apart_are_named_together(
    function: Any, level: int
) -> None:
    """With the recursion unseen, the grader has the leaves and the answer alone, and those
    are a search's that prunes nothing for a child given the node's original window and for
    α and β swapped alike: the report names both mistakes, never one of them as if it knew,
    on every seed."""
    for seed in range(-2, 3):
        report = grade(function, "alphabeta", seed=seed, level=level)
        assert not report.passed
        assert report.bug is not None, report.message
        assert set(report.bug.name.split(" or ")) == {"full-window", "swapped"}, report.message
        assert "one of the mistakes “α and β swapped” or “the children searched" in report.message


def test_an_exercise_is_told_by_its_kind_never_by_testing_its_name() -> None:
    """Issue 35: no ``kind ==`` switch outside one registry. The grader asks an exercise's
    :class:`~gametheory.practice.grader.kinds.Kind`; only ``kinds.py`` lists the names."""
    import ast
    import pathlib

    import gametheory.practice.grader as grader
    from gametheory.practice.grader.kinds import KIND

    tests_of_the_name = []
    for module in sorted(pathlib.Path(grader.__file__).parent.glob("*.py")):
        if module.name == "kinds.py":
            continue
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            named = isinstance(node, ast.Compare) and any(
                isinstance(side, ast.Name) and side.id == "kind"
                for side in [node.left, *node.comparators]
            )
            if named and isinstance(node, ast.Compare):  # looked up in a registry: allowed
                registry = node.comparators[0]
                named = not (
                    (isinstance(registry, ast.Name) and registry.id in {"KIND", "KINDS"})
                    or (isinstance(registry, ast.Attribute) and registry.attr == "kinds")
                )
            called = (  # kind.startswith(...), {...}.get(kind, ...)
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and (
                    (isinstance(node.func.value, ast.Name) and node.func.value.id == "kind")
                    or (
                        isinstance(node.func.value, ast.Dict)
                        and any(isinstance(a, ast.Name) and a.id == "kind" for a in node.args)
                    )
                )
            )
            if named or called:
                tests_of_the_name.append(f"{module.name}:{node.lineno}")
    assert tests_of_the_name == [], tests_of_the_name
    assert set(KIND) == set(grader.KINDS)
    for name, kind in KIND.items():  # every search has mistakes registered for it
        assert kind.step is not None or any(name in w.kinds for w in WAYS), name


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_grader_draws_its_trees_with_the_drills_generator(level: int) -> None:
    """The practice trees' one generator (levels.trees) with the grader's options: at most
    24 leaves, games that end early, a player moving twice in a row from level 2 (never for
    negamax, which assumes alternation), unequal probabilities at chance nodes."""
    from itertools import islice

    from gametheory.core import CHANCE

    def twice(t: Any) -> bool:
        return any(
            n.parent is not None and n.player == n.parent.player != CHANCE
            for n in t
            if not n.is_leaf
        )

    for seed in (0, 1, -1):
        drawn = list(islice(_candidates("minimax", level, seed), 20))
        assert all(len(t.leaves()) <= 24 for t in drawn)
        assert any(leaf.depth < 3 for t in drawn for leaf in t.leaves())  # ended early
        assert any(twice(t) for t in drawn) == (level >= 2)
        assert not any(twice(t) for t in islice(_candidates("negamax", level, seed), 20))
        dice = [n for t in islice(_candidates("expectiminimax", level, seed), 20) for n in t]
        chances = [n.probabilities for n in dice if n.player == CHANCE and not n.is_leaf]
        assert chances and all(len(set(p)) > 1 for p in chances)
