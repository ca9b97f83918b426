"""The searches never hang, never run out of memory, and never answer a wrong value silently."""

from __future__ import annotations

import contextlib
import gc
import math
import signal
import sys
import tracemalloc
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.andor import AndOrGraph, Label, label
from gametheory.core import GameError
from gametheory.games.abapa import Abapa
from gametheory.games.nim import Nim
from gametheory.players import RandomPlayer, play
from gametheory.search.alphabeta import alphabeta, alphabeta_negamax
from gametheory.search.engine import iterative_deepening
from gametheory.search.expectiminimax import expectiminimax
from gametheory.search.minimax import minimax
from gametheory.search.negamax import negamax
from gametheory.trees import Chance, expand, perft, random_tree, tree

INF = math.inf


@contextlib.contextmanager
def hang_guard(seconds: int) -> Iterator[None]:
    """Fail instead of hanging: the cases here used to loop forever (not a speed test)."""
    if sys.platform == "win32":  # no SIGALRM: run unguarded
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s: it hangs")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# -- infinite values: a win or a loss, handled everywhere -------------------------------------
@pytest.mark.parametrize(
    "spec",
    [[INF, 1], [1, -INF], [[INF, 2], [3, -INF]], [[-INF, -INF], [-INF]], [[INF], [INF, 4]]],
)
def test_infinite_leaves_give_the_textbook_value(spec: Any) -> None:
    t = tree(spec)
    expected = alphabeta(t).value
    assert expected == minimax(t).value == negamax(t).value == alphabeta_negamax(t).value
    with hang_guard(60):
        got = iterative_deepening(t)
        with_window = iterative_deepening(t, aspiration=1.0)
    assert got.value == with_window.value == expected


def win_is_infinite(state: Any, player: int) -> float:
    """What students write: a sure win is worth infinity (here: a leaf of 9 or more)."""
    node = state
    if node.children and all(c.is_leaf and (c.payoff or 0) >= 9 for c in node.children):
        return INF if player == 0 else -INF
    return float(len(node.children)) if player == 0 else -float(len(node.children))


@given(
    st.recursive(
        st.sampled_from([-INF, -3.0, 0.0, 2.0, 9.0, INF]),
        lambda kids: st.lists(kids, min_size=1, max_size=3),
        max_leaves=25,
    ),
    st.integers(1, 5),
    st.sampled_from([None, 1.5]),
)
def test_engine_equals_alphabeta_with_infinite_values(spec: Any, depth: int, asp: Any) -> None:
    t = tree(spec)
    with hang_guard(60):
        solved = iterative_deepening(t, aspiration=asp)
        limited = iterative_deepening(t, max_depth=depth, evaluate=win_is_infinite, aspiration=asp)
    assert solved.value == alphabeta(t).value
    assert limited.value == alphabeta(t, depth=depth, evaluate=win_is_infinite).value


def test_a_chance_node_averaging_both_infinities_is_an_error() -> None:
    assert expectiminimax(tree(Chance([(0.5, INF), (0.5, 3)]))).value == INF
    with pytest.raises(GameError, match=r"chance node A has no expected value.*\+inf and -inf"):
        expectiminimax(tree(Chance([(0.5, INF), (0.5, -INF)])))
    with pytest.raises(GameError, match=r"chance node B has no expected value.*probability 0"):
        expectiminimax(tree([Chance([(0.0, -INF), (1.0, 3)])]))


# -- games that go round in circles ---------------------------------------------------------
@pytest.mark.parametrize(
    ("houses", "seeds", "expected", "stopped"),
    [
        (1, 2, Label.DRAW, "cycles"),
        (1, 3, Label.DRAW, "cycles"),
        (2, 2, Label.WIN, "proven"),
        (2, 3, Label.WIN, "proven"),
    ],
)
def test_solving_a_game_with_cycles_stops_with_the_and_or_value(
    houses: int, seeds: int, expected: Label, stopped: str
) -> None:
    game = Abapa(houses_per_side=houses, seeds_per_house=seeds, cycle="below_four")
    graph = AndOrGraph.from_game(game)
    assert label(graph)[graph.root] == expected
    with hang_guard(120):
        got = iterative_deepening(game)
    assert got.value == {Label.WIN: 1.0, Label.LOSS: -1.0, Label.DRAW: 0.0}[expected]
    assert got.stopped == stopped
    if stopped == "cycles":  # as deep as there are positions: deeper lines only go round
        assert got.iterations[-1].depth >= len(graph)
    else:  # a win of +1, the best Abapa has: found before the depth reaches the positions
        assert got.iterations[-1].depth < len(graph)


class Loop:
    """A game with a cycle: at ``a`` A stops for 1 or goes on; B must go on to ``c``, where A
    wins 2 or goes back to ``a``."""

    moves = {"a": ("stop", "on"), "b": ("fwd",), "c": ("win", "back")}
    after = {"stop": "won 1", "on": "b", "fwd": "c", "win": "won 2", "back": "a"}

    def initial_state(self) -> str:
        return "a"

    def to_move(self, state: str) -> int:
        return 1 if state == "b" else 0

    def legal_moves(self, state: str) -> tuple[str, ...]:
        return self.moves.get(state, ())

    def result(self, state: str, move: str) -> str:
        return self.after[move]

    def is_terminal(self, state: str) -> bool:
        return state.startswith("won")

    def utility(self, state: str, player: int) -> float:
        value = float(state.split()[1])
        return value if player == 0 else -value

    def chance_outcomes(self, state: str) -> tuple[()]:
        return ()


def test_a_proof_needs_the_best_utility_of_the_game() -> None:
    # depth 1 finds the win of 1, but the game has a win of 2: only that one ends the search
    got = iterative_deepening(Loop())
    assert [it.value for it in got.iterations][:1] == [1.0]
    assert got.value == 2.0 and got.stopped == "proven"


def test_why_deepening_stopped_is_said() -> None:
    assert iterative_deepening(tree([[1, 2], [3]])).stopped == "solved"
    got = iterative_deepening(Abapa(), max_depth=2, evaluate=lambda s, p: 0.0)
    assert got.stopped == "max_depth"
    got = iterative_deepening(Abapa(), max_depth=30, evaluate=lambda s, p: 0.0, time_limit=0)
    assert got.stopped == "time_limit"


# -- memory linear in the depth ----------------------------------------------------------------
def chain(length: int) -> Any:
    spec: Any = 1
    for _ in range(length):
        spec = [spec]
    return tree(spec)


def peak_bytes(length: int) -> int:
    t = chain(length)
    gc.collect()
    tracemalloc.start()
    try:
        assert iterative_deepening(t).value == 1
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_engine_memory_grows_linearly_with_the_depth() -> None:
    small, large = peak_bytes(100), peak_bytes(300)
    # three times the depth: about three times the memory (it was 27 times: the cube)
    assert large < 4.5 * small, (small, large)


def _search_peak(search: Any, depth: int, *, trace: bool) -> int:
    """The most bytes ``search`` holds on a line ``depth`` plies deep (Nim, one match a turn)."""
    game = Nim(depth, max_take=1)
    gc.collect()
    tracemalloc.start()
    try:
        result = search(game, trace=trace)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.stats.max_depth == depth and len(result.pv) == depth
    return peak


@pytest.mark.parametrize(
    ("search", "trace"),
    [
        (minimax, False),
        *[(s, True) for s in (minimax, negamax, alphabeta, alphabeta_negamax, expectiminimax)],
    ],
)
def test_a_deep_search_and_its_trace_need_memory_linear_in_the_depth(
    search: Any, trace: bool
) -> None:
    # each node's path used to be a tuple of its whole line, and each name its whole move
    # sequence: a traced minimax held 83 MB at depth 4000 (5.8 MB at 1200), untraced 66 MB.
    # (Small depths: tracemalloc itself takes time in proportion to the depth of the stack.)
    deep, half = _search_peak(search, 1200, trace=trace), _search_peak(search, 600, trace=trace)
    assert deep < 3_000_000, deep
    assert deep < 2.5 * half, (half, deep)


def test_a_deep_trace_names_its_nodes_by_their_moves() -> None:
    trace = minimax(Nim(3000, max_take=1), trace=True).trace
    assert trace is not None
    deepest = max(trace.players, key=len)
    assert len(deepest) == 3000 and trace.name(deepest) == "·".join(["1"] * 3000)
    assert trace.name(deepest[:2]) == "1·1" and trace.name(()) == "root"


def test_a_very_deep_line_is_a_clear_error_not_a_crash() -> None:
    deep = chain(30_000)
    with pytest.raises(GameError, match="deeper than the engine can follow"):
        iterative_deepening(deep, max_depth=30_000, evaluate=lambda s, p: 0.0, step=30_000)


# -- numbers are checked everywhere -------------------------------------------------------------
@pytest.mark.parametrize("bad", [2.5, "2", True, -1, None, float("nan")])
def test_depths_and_counts_must_be_whole_numbers(bad: Any) -> None:
    game = Abapa()
    calls = [
        lambda: expand(game, depth=bad, evaluate=lambda s, p: 0.0),
        lambda: perft(game, depth=bad),
        lambda: random_tree(2, bad),
        lambda: random_tree(bad, 2),
        lambda: alphabeta(tree([1, 2]), trace=True).trace.snapshot(bad),  # type: ignore[union-attr]
        lambda: play(game, [RandomPlayer(1), RandomPlayer(2)], max_plies=bad),
    ]
    for call in calls:
        if bad is None and call is not calls[2] and call is not calls[3]:
            continue  # None means "no limit" (or "all of it") where it is allowed
        with (
            pytest.raises(GameError, match=r"must be a whole number|outside this trace"),
            hang_guard(30),
        ):
            call()


def test_numpy_integers_count_as_whole_numbers() -> None:
    assert perft(Abapa(), depth=np.int64(2)) == 36
    assert len(random_tree(np.int32(2), np.int64(2), seed=1)) == 7
    trace = alphabeta(tree([1, 2]), trace=True).trace
    assert trace is not None and trace.snapshot(np.int64(2)).step == 2


def test_random_tree_values_are_checked() -> None:
    with pytest.raises(GameError, match=r"values must be two whole numbers lo <= hi"):
        random_tree(2, 2, values=(5, 1))
    with pytest.raises(GameError, match=r"values must be two whole numbers lo <= hi"):
        random_tree(2, 2, values=(0.5, 1))  # type: ignore[arg-type]


def test_a_trace_step_out_of_range_is_still_an_index_error() -> None:
    trace = alphabeta(tree([1, 2]), trace=True).trace
    assert trace is not None
    with pytest.raises(IndexError, match="outside this trace"):
        trace.snapshot(len(trace) + 1)
    with pytest.raises(GameError, match="outside this trace"):
        trace.snapshot(-1)


# -- size guards where the work explodes -----------------------------------------------------------
def test_a_list_tree_that_contains_itself_is_refused() -> None:
    spec: list[Any] = [1, 2]
    spec.append(spec)
    with (
        hang_guard(30),
        pytest.raises(GameError, match=r"at path \(2,\): the spec contains itself"),
    ):
        tree(spec)
    looped: dict[str, Any] = {"a": 1}
    looped["b"] = [looped]
    with hang_guard(30), pytest.raises(GameError, match=r"path \(1, 0\): the spec contains itself"):
        tree(looped)
    shared = [3, 4]  # the same list twice is two equal subtrees, not a loop
    assert len(tree([shared, shared])) == 7
