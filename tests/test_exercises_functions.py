"""The functions students write in lessons 00–05: right ones pass, and wrong ones written
as students write them get the mistake named (or, when none fits, only the first case they
get wrong); no message gives the function away."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lesson_checks.functions import (
    EXERCISES,
    IS_TRAIL,
    KRUSKAL,
    LABEL,
    NORMAL_FORM,
    PERFT,
    PURE_EQUILIBRIA,
    ROW_MIX,
    WINNING_TAKE,
    nim_tree,
)

import gametheory as gt
from gametheory.practice.exercises import Exercise, Symptom, run


def named(exercise: Exercise, function: Callable[..., Any]) -> str | None:
    verdict = exercise.check(function)
    assert not verdict
    return verdict.symptom


# -- the mechanism ------------------------------------------------------------------------
def test_every_reference_passes_and_every_symptom_is_told_apart() -> None:
    for exercise in EXERCISES.values():
        assert exercise.check(exercise.reference), exercise.name
        names = [exercise.check(s.wrong).symptom for s in exercise.symptoms]
        assert names == [s.name for s in exercise.symptoms], exercise.name


def test_what_goes_wrong_in_the_students_code_is_said() -> None:
    def loops(n: int) -> int:
        while True:
            n += 1

    def raises(n: int) -> int:
        return [1, 2, 3][n]

    assert "loop for ever" in str(WINNING_TAKE.check(loops))
    assert "raised IndexError" in str(WINNING_TAKE.check(raises))
    assert "`return [1, 2, 3][n]`" in str(WINNING_TAKE.check(raises))
    assert "returned None, not 1" in str(WINNING_TAKE.check(lambda n: None))
    assert "is not a function" in str(WINNING_TAKE.check(winning_take_called := 3))
    assert winning_take_called == 3


def test_a_students_function_gets_copies_and_cannot_change_the_cases() -> None:
    def spoils(a: list[list[int]], b: list[list[int]]) -> list[tuple[int, int]]:
        a.clear()
        return []

    assert not PURE_EQUILIBRIA.check(spoils)
    assert PURE_EQUILIBRIA.check(PURE_EQUILIBRIA.reference)


def test_an_unnamed_mistake_gets_only_its_first_wrong_case() -> None:
    verdict = WINNING_TAKE.check(lambda n: None if n % 4 == 0 else (1 if n == 7 else n % 4))
    assert verdict.symptom is None
    assert str(verdict) == "✗ Not yet: winning_take(7) returned 1, not 3."


def test_a_symptom_that_fails_on_a_case_does_not_fit() -> None:
    ex = Exercise("f", lambda x: x, [(1,), (0,)], [Symptom("s", lambda x: 1 // x, "h")])
    assert ex.check(lambda x: 1).symptom is None


def test_run_stops_a_function_that_takes_too_long() -> None:
    assert run(lambda: sum(range(10**9)), (), seconds=0.2).problem is not None


# -- each lesson's function, wrong as students write it -----------------------------------
def _loops(n: int) -> int:
    while True:
        pass


def _exits(n: int) -> int:
    exit()


def _kills(n: int) -> int:
    import os

    os._exit(3)


def _catches_everything(n: int) -> int:
    while True:
        try:
            while True:
                pass
        except BaseException:  # noqa: S110 - a student's "bare except" that swallows a limit
            pass


@pytest.mark.parametrize(
    ("function", "said"),
    [
        (_loops, "ran for more than 0.5 s: does it loop for ever?"),
        (_catches_everything, "ran for more than 0.5 s: does it loop for ever?"),
        (_exits, "ended its process (exit() or the like): a check needs the function to return"),
        (_kills, "ended its process (exit() or the like): a check needs the function to return"),
    ],
)
def test_a_function_that_loops_or_ends_the_process_is_told_so_and_the_kernel_lives(
    function: Callable[[int], int], said: str
) -> None:
    # the student's function runs in a child process: this process (the kernel) goes on
    assert run(function, (5,), seconds=0.5).problem == said
    assert run(abs, (-5,)).value == 5


def test_00_winning_take() -> None:
    def no_none(n: int) -> int:  # takes n % 4 whatever
        return n % 4

    def leaves_four_minus(n: int) -> int | None:
        if n % 4 == 0:
            return None
        return 4 - n % 4

    assert named(WINNING_TAKE, no_none) == "taking 0 matches"
    assert named(WINNING_TAKE, leaves_four_minus) == "leaving the wrong count"
    assert named(WINNING_TAKE, lambda n: 1) == "the same move for every pile"
    assert WINNING_TAKE.check(lambda n: [None, 1, 2, 3][n % 4])


def test_01a_is_trail() -> None:
    def path_test(g: Any, walk: str) -> bool:
        for u, v in zip(walk, walk[1:], strict=False):
            if not g.has_edge(u, v):
                return False
        return len(walk) == len(set(walk))

    def parallel_once(g: Any, walk: str) -> bool:
        seen = set()
        for u, v in zip(walk, walk[1:], strict=False):
            edge = frozenset((u, v))
            if not g.has_edge(u, v) or edge in seen:
                return False
            seen.add(edge)
        return True

    def directed(g: Any, walk: str) -> bool:
        used: list[tuple[str, str]] = []
        for step in zip(walk, walk[1:], strict=False):
            if used.count(step) >= g.number_of_edges(*step):
                return False
            used.append(step)
        return True

    assert named(IS_TRAIL, path_test) == "a path's test, not a trail's"
    assert named(IS_TRAIL, parallel_once) == "parallel edges as one"
    assert named(IS_TRAIL, directed) == "A–B and B–A as two edges"
    assert "returned 'yes', not True" in str(IS_TRAIL.check(lambda g, w: "yes"))


def test_01b_kruskal() -> None:
    def no_cycle_test(g: Any) -> float:
        weights = sorted(w for _, _, w in g.edges(data="weight"))
        return sum(weights[: g.number_of_nodes() - 1])

    def seen_vertices(g: Any) -> float:  # the classic: an edge is taken if an end is new
        seen, total = set(), 0
        for u, v, w in sorted(g.edges(data="weight"), key=lambda e: e[2]):
            if u not in seen or v not in seen:
                seen.update((u, v))
                total += w
        return total

    def prim_from_the_first(g: Any) -> float:  # a right answer by another algorithm
        start = next(iter(g))
        inside, total = {start}, 0
        while len(inside) < len(g):
            w, v = min((g[u][v]["weight"], v) for u in inside for v in g[u] if v not in inside)
            inside.add(v)
            total += w
        return total

    def nearest_from_last(g: Any) -> float:  # a greedy walk, not a tree
        at = next(iter(g))
        seen, total = {at}, 0
        while len(seen) < len(g):
            options = [(d["weight"], v) for v, d in g[at].items() if v not in seen]
            if not options:
                return total
            w, at = min(options)
            seen.add(at)
            total += w
        return total

    assert named(KRUSKAL, no_cycle_test) == "no cycle test"
    assert named(KRUSKAL, seen_vertices) == "a new end is not a new piece"
    assert named(KRUSKAL, nearest_from_last) is None
    assert KRUSKAL.check(prim_from_the_first)
    assert KRUSKAL.check(lambda g: nx.minimum_spanning_tree(g).size(weight="weight"))


def test_02_normal_form() -> None:
    def one_reply(game: dict[str, dict[str, tuple[int, int]]]) -> dict[Any, Any]:
        table = {}
        for move, replies in game.items():
            for reply, payoffs in replies.items():
                table[(move, (reply,) * len(game))] = payoffs
        return table

    def swapped(game: dict[str, dict[str, tuple[int, int]]]) -> dict[Any, Any]:
        moves = list(game)
        table = {}
        for plan in itertools.product(*(game[m] for m in moves)):
            for i, m in enumerate(moves):
                u1, u2 = game[m][plan[i]]
                table[(m, plan)] = (u2, u1)
        return table

    assert named(NORMAL_FORM, one_reply) == "one reply for every move"
    assert named(NORMAL_FORM, swapped) == "payoffs the other way round"
    verdict = NORMAL_FORM.check(lambda game: {})
    assert "has no entry for ('F', ('A', 'A'))" in str(verdict)


def test_03a_pure_equilibria() -> None:
    def strict(a: Any, b: Any) -> list[tuple[int, int]]:
        found = []
        for i in range(len(a)):
            for j in range(len(a[0])):
                row_best = all(a[i][j] > a[k][j] for k in range(len(a)) if k != i)
                col_best = all(b[i][j] > b[i][k] for k in range(len(a[0])) if k != j)
                if row_best and col_best:
                    found.append((i, j))
        return found

    def rows_only(a: Any, b: Any) -> list[tuple[int, int]]:
        return [
            (i, j)
            for j in range(len(a[0]))
            for i in range(len(a))
            if a[i][j] == max(row[j] for row in a)
        ]

    assert named(PURE_EQUILIBRIA, strict) == "strictly best only"
    assert named(PURE_EQUILIBRIA, rows_only) == "only the row player asked"
    # any order, lists for pairs, numpy ints: the same answer
    assert PURE_EQUILIBRIA.check(
        lambda a, b: [list(c) for c in PURE_EQUILIBRIA.reference(a, b)][::-1]
    )


def test_03b_row_mix() -> None:
    def own_payoffs(a: Any, b: Any) -> float:
        # p·a00 + (1−p)·a10 = p·a01 + (1−p)·a11, solved for p
        return (a[1][1] - a[1][0]) / (a[0][0] - a[1][0] - a[0][1] + a[1][1])

    def second_row(a: Any, b: Any) -> float:
        q = (b[0][0] - b[0][1]) / (b[0][0] - b[1][0] - b[0][1] + b[1][1])
        return q

    assert named(ROW_MIX, own_payoffs) == "the row player's own payoffs"
    assert named(ROW_MIX, second_row) == "the other row's probability"
    assert "returned '0.5'" in str(ROW_MIX.check(lambda a, b: "0.5"))


def test_04_perft() -> None:
    def counts_finished(game: Any, state: Any, depth: int) -> int:
        if depth == 0 or game.is_terminal(state):
            return 1
        total = 0
        for move in game.legal_moves(state):
            total += counts_finished(game, game.result(state, move), depth - 1)
        return total

    def counts_every_node(game: Any, state: Any, depth: int) -> int:
        if depth == 0 or game.is_terminal(state):
            return 1
        return 1 + sum(
            counts_every_node(game, game.result(state, m), depth - 1)
            for m in game.legal_moves(state)
        )

    def zero_at_the_bottom(game: Any, state: Any, depth: int) -> int:
        if depth == 0 or game.is_terminal(state):
            return 0
        return sum(
            zero_at_the_bottom(game, game.result(state, m), depth - 1)
            for m in game.legal_moves(state)
        )

    def no_base_case(game: Any, state: Any, depth: int) -> int:  # walks the whole game
        return sum(
            no_base_case(game, game.result(state, m), depth - 1) for m in game.legal_moves(state)
        )

    assert named(PERFT, counts_finished) == "finished games counted"
    assert named(PERFT, counts_every_node) == "every level counted"  # each node up to depth, once
    assert "perft(game, tic-tac-toe's start, 1) returned 10, not 9." in str(
        PERFT.check(counts_every_node)
    )
    assert named(PERFT, zero_at_the_bottom) == "nothing at depth 0"
    assert str(PERFT.check(no_base_case)).endswith("s: does it loop for ever?")
    assert PERFT.check(lambda game, state, depth: gt.perft(game, state, depth=depth))


def test_05_label() -> None:
    def or_only(node: Any) -> str:
        if isinstance(node, str):
            return node
        labels = [or_only(c) for c in node[1]]
        if "W" in labels:
            return "W"
        return "D" if "D" in labels else "L"

    def two_valued(node: Any) -> str:
        if isinstance(node, str):
            return node
        labels = [two_valued(c) for c in node[1]]
        if node[0] == "OR":
            return "W" if "W" in labels else "L"
        return "L" if "L" in labels else "W"

    assert named(LABEL, or_only) == "A's rule at B's nodes"
    assert named(LABEL, two_valued) == "draws forgotten"
    assert LABEL.check(lambda node: {"W": "win", "L": "loss", "D": "draw"}[LABEL.reference(node)])


@given(st.integers(0, 12))
def test_05_nim_trees_agree_with_negamax(n: int) -> None:
    value = gt.negamax(gt.Nim(n)).value  # for the player to move, A
    assert LABEL.reference(nim_tree(n)) == {1: "W", -1: "L"}[int(value)]


@pytest.mark.parametrize("exercise", list(EXERCISES.values()), ids=list(EXERCISES))
def test_no_hint_gives_the_code(exercise: Exercise) -> None:
    giveaways = ["% 4", "max(", "min(", "return", "def ", "==", "product("]
    for symptom in exercise.symptoms:
        assert not any(g in symptom.hint for g in giveaways), (exercise.name, symptom.hint)
