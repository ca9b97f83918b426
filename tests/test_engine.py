"""The engine gives the textbook value, picks a best move, and obeys its time limit."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import GameError, UnsupportedGameError
from gametheory.games.dice import DiceRace
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import (
    Iteration,
    driver,
    iterative_deepening,
    ordering,
    scores,
    searcher,
    table,
)
from gametheory.search.trace import Cutoff, Enter, Exit
from gametheory.trees import Node, random_tree, tree
from tests.strategies import abapa_rules, trees


def tree_eval(node: Node, player: int) -> float:
    """A made-up but deterministic evaluation of an inner node of a tree (zero-sum)."""
    value = (sum((i + 2) * (k + 3) for k, i in enumerate(node.path)) % 13) - 6
    return value if player == 0 else -value


def lopsided_eval(node: Node, player: int) -> float:
    """Not zero-sum on purpose: the engine must still agree with minimax-form alphabeta."""
    return float(len(node.path) * 3 + player * 5 - sum(node.path))


def ttt_eval(state: Any, player: int) -> float:
    """Open lines for ``player`` minus open lines for the opponent."""
    game = TicTacToe()
    mine = theirs = 0
    for line in game.lines:
        cells = {state.board[i] for i in line}
        if 1 - player not in cells:
            mine += 1
        if player not in cells:
            theirs += 1
    return float(mine - theirs)


def best_moves(game: Any, state: Any, depth: int | None, evaluate: Any) -> set[Any]:
    """Every move whose textbook value equals the position's value (for the mover)."""
    mover = game.to_move(state)
    values = {}
    for move in game.legal_moves(state):
        child = game.result(state, move)
        sub = None if depth is None else depth - 1
        if game.is_terminal(child) or sub == 0:
            value = (
                game.utility(child, mover) if game.is_terminal(child) else evaluate(child, mover)
            )
        else:
            value = alphabeta(game, child, sub, evaluate).value
            value = value if game.to_move(child) == mover else -value
        values[move] = value
    top = max(values.values())
    return {move for move, value in values.items() if value == top}


def depths(result: Any) -> list[int]:
    """The depths of the iterations an engine result reports."""
    return [it.depth for it in iterations(result)]


def iterations(result: Any) -> list[Iteration]:
    """The engine's per-depth records (SearchResult types them as plain SearchStats)."""
    found = list(result.iterations)
    assert all(isinstance(it, Iteration) for it in found)
    return found


def assert_like_alphabeta(
    game: Any, state: Any, depth: int, evaluate: Any, *, aspiration: float
) -> None:
    """The engine's value is the textbook's, and its move one of the best moves."""
    got = iterative_deepening(game, state, depth, evaluate, aspiration=aspiration)
    assert got.value == alphabeta(game, state, depth, evaluate).value
    assert got.move in best_moves(game, state, depth, evaluate)


def random_position(game: Any, rng: random.Random, plies: int) -> Any:
    state = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(list(game.legal_moves(state))))
    return state


# -- equal to the textbook -------------------------------------------------------------
@given(
    st.integers(0, 10**6),
    st.integers(1, 4),
    st.integers(1, 5),
    st.sampled_from([None, 2.0]),
)
def test_random_trees_solved_like_alphabeta(
    seed: int, branching: int, depth: int, asp: Any
) -> None:
    t = random_tree((1, branching), depth, seed=seed)
    expected = alphabeta(t)
    got = iterative_deepening(t, aspiration=asp)
    assert got.value == expected.value
    assert got.move in best_moves(t, t.root, None, None)


@given(st.integers(0, 10**6), st.integers(1, 6), st.sampled_from([None, 0.0, 3.0]))
def test_random_trees_at_every_depth(seed: int, depth: int, asp: Any) -> None:
    t = random_tree((1, 4), 6, seed=seed)
    got = iterative_deepening(t, max_depth=depth, evaluate=tree_eval, aspiration=asp)
    assert depths(got) == list(range(1, depth + 1))
    for it in iterations(got):
        assert it.value == alphabeta(t, depth=it.depth, evaluate=tree_eval).value
    assert got.value == iterations(got)[-1].value
    assert got.move in best_moves(t, t.root, depth, tree_eval)


@given(trees(max_leaves=30))
def test_odd_shaped_trees_with_ties(t: Any) -> None:
    got = iterative_deepening(t)
    assert got.value == alphabeta(t).value
    if not t.is_terminal(t.root):
        assert got.move in best_moves(t, t.root, None, None)


@given(st.integers(0, 10**6), st.integers(1, 4))
def test_asymmetric_evaluation_still_matches_minimax_form(seed: int, depth: int) -> None:
    t = random_tree((2, 3), 5, seed=seed)
    got = iterative_deepening(t, max_depth=depth, evaluate=lopsided_eval)
    assert got.value == alphabeta(t, depth=depth, evaluate=lopsided_eval).value


@given(st.integers(0, 10**6), st.integers(0, 6), st.integers(1, 4))
def test_tictactoe_positions(seed: int, plies: int, depth: int) -> None:
    game = TicTacToe()
    state = random_position(game, random.Random(seed), plies)
    if game.is_terminal(state):
        return
    assert_like_alphabeta(game, state, depth, ttt_eval, aspiration=1.0)


def test_tictactoe_solved_is_a_draw_and_transpositions_save_work() -> None:
    game = TicTacToe()
    got = iterative_deepening(game)
    assert got.value == 0.0
    last = iterations(got)[-1]
    assert last.depth == 9 and last.table_hits > 0
    assert last.nodes < alphabeta(game).stats.nodes


@given(st.integers(0, 12), st.integers(1, 4), st.booleans())
def test_nim_solved_like_alphabeta(n: int, k: int, misere: bool) -> None:
    game = Nim(n, k, misere=misere)
    if game.is_terminal(game.initial_state()):
        return
    got = iterative_deepening(game)
    assert got.value == alphabeta(game).value
    # the theory: the first player loses exactly when n is a multiple of k + 1 (normal play)
    if not misere:
        assert (got.value < 0) == (n % (k + 1) == 0)
    assert got.move in best_moves(game, game.initial_state(), None, None)


# -- quicker wins, slower losses ---------------------------------------------------------
def test_prefers_the_quicker_win_and_the_slower_loss() -> None:
    # move 0 wins 5 after three more plies, move 1 wins 5 at once: same value
    quick = tree([[[5, 5]], 5])
    assert alphabeta(quick).move == 0
    assert iterative_deepening(quick).move == 1
    # every move loses 5; move 1 makes the opponent work longer for it
    slow = tree([-5, [[-5, -5]]])
    assert alphabeta(slow).move == 0
    assert iterative_deepening(slow).move == 1
    # a better value always beats a quicker one
    assert iterative_deepening(tree([[[7]], 5])).move == 0


# a score: a plain number, or a finished game's number with a nonzero tempo
values = st.sampled_from([-math.inf, -2.5, -1, -1.0, 0.0, 0.5, 1, 1.0, 3.0, math.inf])
tempos = st.integers(-(2**40), 2**40)  # 0 too: a Timed score of tempo 0 is its plain value
score_of = st.one_of(values, st.builds(scores.Timed, values, tempos))


def pair(score: float) -> tuple[float, int]:
    """The (value, tempo) pair a score stands for: the order scores must keep."""
    return (float(score), score.tempo if isinstance(score, scores.Timed) else 0)


@given(score_of, score_of)
def test_scores_compare_as_their_value_then_their_tempo(a: float, b: float) -> None:
    assert (a < b, a <= b, a == b, a != b, a > b, a >= b) == (
        pair(a) < pair(b),
        pair(a) <= pair(b),
        pair(a) == pair(b),
        pair(a) != pair(b),
        pair(a) > pair(b),
        pair(a) >= pair(b),
    )
    assert a != b or hash(a) == hash(b)  # equal scores hash alike (a plain 1.0 too)
    assert pair(-a) == (-pair(a)[0], -pair(a)[1])  # negation turns the order round
    assert (-a < -b) == (b < a)


@given(score_of, score_of)
def test_just_above_leaves_no_plain_score_between(a: float, b: float) -> None:
    top = scores.just_above(a)
    assert a < top
    if a < b < top:  # only a finished game's score at a's own value fits in between
        assert float(b) == float(a) and pair(b)[1] > 0 == pair(a)[1]


@given(st.sampled_from([-1.0, 1.0, 2.0]), st.integers(0, 500), st.integers(0, 500))
def test_the_table_moves_a_tempo_to_the_position_and_back(value: float, at: int, ply: int) -> None:
    score = scores.timed(value, at + ply)  # a finished game at+ply plies below the root
    stored = table.shifted(score, ply)  # counted from the position, met at ply
    assert stored == scores.timed(value, at) and table.shifted(stored, -ply) == score
    assert scores.timed(0.0, at) == 0.0 and not isinstance(scores.timed(0.0, at), scores.Timed)


@given(st.integers(0, 10**6), st.integers(2, 7))
def test_tictactoe_takes_a_win_at_once_when_there_is_one(seed: int, plies: int) -> None:
    game = TicTacToe()
    state = random_position(game, random.Random(seed), plies)
    if game.is_terminal(state):
        return
    mover = game.to_move(state)
    at_once = {
        move for move in game.legal_moves(state) if game.winner(game.result(state, move)) == mover
    }
    got = iterative_deepening(game, state)
    if at_once:
        assert got.value == 1.0
        assert got.move in at_once and got.pv == (got.move,)


def test_nim_plays_the_immediate_win_from_a_lost_looking_count() -> None:
    game = Nim(3)
    got = iterative_deepening(game)
    assert got.move == 3 and got.pv == (3,)


# -- the contract: iterations, principal variation, trace --------------------------------
def test_iterations_report_each_depth() -> None:
    t = random_tree(3, 5, seed=7)
    got = iterative_deepening(t, max_depth=5, evaluate=tree_eval)
    assert all(isinstance(it, Iteration) for it in got.iterations)
    assert got.stats.nodes == sum(it.nodes for it in got.iterations)
    assert got.stats.max_depth == 5
    assert got.pv[0] == got.move and len(got.pv) == 5


def test_principal_variation_leads_to_the_value() -> None:
    t = random_tree((2, 3), 6, seed=3)
    got = iterative_deepening(t)
    node = t.root
    for move in got.pv:
        node = t.result(node, move)
    assert t.is_terminal(node)
    assert t.utility(node, 0) == got.value


def test_solved_early_stops_deepening() -> None:
    got = iterative_deepening(Nim(5), max_depth=30, evaluate=lambda s, p: 0.0)
    assert depths(got)[-1] < 30
    assert got.value == 1.0


def test_trace_of_the_last_depth_replays() -> None:
    t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    got = iterative_deepening(t, trace=True)
    assert got.trace is not None
    events = got.trace.events
    assert isinstance(events[0], Enter) and events[0].path == ()
    assert isinstance(events[-1], Exit) and events[-1].value == 3.0
    snap = got.trace.snapshot()
    assert snap.values[()] == 3.0
    assert any(isinstance(e, Cutoff) for e in events)
    assert got.trace.name((1,)) == "C"


# -- time limit ------------------------------------------------------------------------
def test_time_limit_zero_still_finishes_depth_one() -> None:
    game = TicTacToe()
    got = iterative_deepening(game, max_depth=9, evaluate=ttt_eval, time_limit=0)
    assert depths(got) == [1]
    assert got.value == alphabeta(game, depth=1, evaluate=ttt_eval).value


def test_time_runs_out_inside_a_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = iter(range(10**9))
    monkeypatch.setattr(searcher, "_CHECK_EVERY", 0)  # look at the clock at every node
    monkeypatch.setattr(driver, "clock", lambda: float(next(ticks)))
    game = TicTacToe()
    got = iterative_deepening(game, max_depth=9, evaluate=ttt_eval, time_limit=60)
    done = depths(got)
    assert done and done[-1] < 9
    last = done[-1]
    assert got.value == alphabeta(game, depth=last, evaluate=ttt_eval).value
    assert got.stats.nodes > sum(it.nodes for it in got.iterations)  # the abandoned depth


# -- errors ------------------------------------------------------------------------------
def test_errors_name_the_bad_input() -> None:
    game = Nim(5)
    with pytest.raises(GameError, match="max_depth must be"):
        iterative_deepening(game, max_depth=0, evaluate=lambda s, p: 0.0)
    with pytest.raises(GameError, match="needs an evaluation function"):
        iterative_deepening(game, max_depth=3)
    with pytest.raises(GameError, match="time_limit must be"):
        iterative_deepening(game, time_limit=-1)
    with pytest.raises(GameError, match="returned nan"):
        iterative_deepening(Nim(20), max_depth=2, evaluate=lambda s, p: float("nan"))
    with pytest.raises(UnsupportedGameError, match="expectiminimax"):
        iterative_deepening(DiceRace(), max_depth=3, evaluate=lambda s, p: 0.0)


# -- Abapa -------------------------------------------------------------------------------
@given(st.integers(0, 10**6), st.integers(0, 40), st.integers(1, 4))
def test_abapa_positions_like_alphabeta(seed: int, plies: int, depth: int) -> None:
    from gametheory.games.abapa import Abapa, store_difference

    game = Abapa()
    state = random_position(game, random.Random(seed), plies)
    if game.is_terminal(state):
        return
    assert_like_alphabeta(game, state, depth, store_difference, aspiration=0.05)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.integers(1, 6), abapa_rules)
def test_abapa_last_ply_scored_without_its_positions_as_if_made(
    seed: int, plies: int, depth: int, rules: Any
) -> None:
    """Abapa scores the engine's last ply without making its positions (``move_value``):
    the same values, moves, lines and nodes as making each one and scoring it."""
    from gametheory.games.abapa import Abapa, store_difference

    class Making(Abapa):
        def move_value(self, evaluate: Any) -> None:
            return None

    game = Abapa(rules)
    state = random_position(game, random.Random(seed), plies)
    if game.is_terminal(state):
        return
    quick = iterative_deepening(game, state, depth, store_difference)
    made = iterative_deepening(Making(rules), state, depth, store_difference)
    assert (quick.value, quick.move, quick.pv) == (made.value, made.move, made.pv)
    assert [it.nodes for it in iterations(quick)] == [it.nodes for it in iterations(made)]
    assert quick.value == alphabeta(game, state, depth, store_difference).value


def test_a_variant_with_its_own_successor_is_not_scored_by_abapas_fast_path() -> None:
    """A subclass that changes how a move is made keeps its own children at the last ply:
    Abapa's ``move_value`` would score the moves of the rules it no longer plays."""
    from gametheory.games.abapa import Abapa, store_difference

    class Variant(Abapa):
        @property
        def successor(self) -> Any:
            return super().successor

    assert Abapa().move_value(store_difference) is not None
    assert Variant().move_value(store_difference) is None


def test_abapa_small_board_solved_like_alphabeta() -> None:
    from gametheory.games.abapa import Abapa

    game = Abapa(houses_per_side=2, seeds_per_house=2)
    got = iterative_deepening(game)
    assert got.value == alphabeta(game).value
    assert got.move in best_moves(game, game.initial_state(), None, None)


@given(st.integers(0, 10**6), st.integers(0, 40), st.integers(1, 5), st.sampled_from([0, 1, 9]))
def test_a_full_table_still_gives_the_textbook_value(
    seed: int, plies: int, depth: int, room: int
) -> None:
    """The size limits only make the engine forget: with room for no position, one or nine
    (in the table and among the positions that keep their children), the value is the
    textbook's."""
    from gametheory.games.abapa import Abapa, store_difference

    game = Abapa()
    state = random_position(game, random.Random(seed), plies)
    if game.is_terminal(state):
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table, "TABLE_LIMIT", room)
        patch.setattr(ordering, "MADE_LIMIT", room)
        patch.setattr(table, "MADE_LIMIT", room)
        got = iterative_deepening(game, state, depth, store_difference)
    assert got.value == alphabeta(game, state, depth, store_difference).value
    assert got.move in best_moves(game, state, depth, store_difference)
    if room == 0:  # nothing kept, so nothing answered from the table
        assert all(it.table_hits == 0 for it in iterations(got))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40))
def test_each_move_is_made_once_a_call_while_the_table_has_room(seed: int, plies: int) -> None:
    """The table keeps the positions each position's moves led to, so over all the depths
    of one call the engine makes each move of each position once (without it, about a
    third of the moves were made again)."""
    from gametheory.games.abapa import Abapa, store_difference

    made: Counter[tuple[Any, int]] = Counter()

    class Counted(Abapa):
        @property
        def successor(self) -> Any:
            fast = super().successor

            def make(state: Any, move: int) -> Any:
                made[state, move] += 1
                return fast(state, move)

            return make

    game = Counted()
    state = random_position(game, random.Random(seed), plies)
    if game.is_terminal(state):
        return
    got = iterative_deepening(game, state, 6, store_difference)
    assert got.value == alphabeta(game, state, 6, store_difference).value
    assert made and max(made.values()) == 1, made.most_common(1)


def test_garbage_collection_is_paused_only_during_the_search() -> None:
    import gc

    seen = []
    game = Nim(8)

    def watching(state: Any, player: int) -> float:
        seen.append(gc.isenabled())
        return 0.0

    assert gc.isenabled()
    iterative_deepening(game, max_depth=3, evaluate=watching)
    assert seen and not any(seen) and gc.isenabled()
    with pytest.raises(GameError):
        iterative_deepening(Nim(20), max_depth=2, evaluate=lambda s, p: float("nan"))
    assert gc.isenabled()
    gc.disable()
    try:
        iterative_deepening(game, max_depth=3, evaluate=watching)
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_chance_below_the_root_is_refused_like_the_textbook(depth: int) -> None:
    from gametheory.trees import Chance

    t = tree([[Chance([(0.5, 1), (0.5, 2)]), 4], 5])  # the chance node is at ply 2
    if depth < 2:
        got = iterative_deepening(t, max_depth=depth, evaluate=tree_eval)
        assert got.value == alphabeta(t, depth=depth, evaluate=tree_eval).value
        return
    with pytest.raises(UnsupportedGameError, match="expectiminimax"):
        alphabeta(t, depth=depth, evaluate=tree_eval)
    with pytest.raises(UnsupportedGameError, match="expectiminimax"):
        iterative_deepening(t, max_depth=depth, evaluate=tree_eval)


# -- deepening by two --------------------------------------------------------------------
@given(st.integers(0, 10**6), st.integers(0, 40), st.integers(1, 6))
def test_abapa_deepening_by_two_gives_the_textbook_value(seed: int, plies: int, depth: int) -> None:
    from gametheory.games.abapa import Abapa, store_difference

    game = Abapa()
    state = random_position(game, random.Random(seed), plies)
    if game.is_terminal(state):
        return
    got = iterative_deepening(game, state, depth, store_difference, step=2)
    assert depths(got) == list(range(2 - depth % 2, depth + 1, 2))
    assert got.value == alphabeta(game, state, depth, store_difference).value
    assert got.move in best_moves(game, state, depth, store_difference)


def test_deepening_steps() -> None:
    t = random_tree(3, 7, seed=11)
    assert depths(iterative_deepening(t, max_depth=7, evaluate=tree_eval, step=3)) == [1, 4, 7]
    assert depths(iterative_deepening(t, max_depth=2, evaluate=tree_eval, step=5)) == [2]
    solved = iterative_deepening(t, step=2)
    assert solved.value == alphabeta(t).value and depths(solved)[-1] % 2 == 1
    for bad in (0, -2, 1.5, True, "2"):
        with pytest.raises(GameError, match="step must be"):
            iterative_deepening(t, max_depth=3, evaluate=tree_eval, step=bad)


def test_a_move_ordering_that_loses_moves_is_refused() -> None:
    from gametheory.games.abapa import Abapa, store_difference

    class Careless(Abapa):
        def order_moves(self, state: Any, moves: Any) -> Any:
            return list(moves)[:1]

    with pytest.raises(
        GameError, match=r"Careless.order_moves returned \[1\] for the moves \[1, 2, 3, 4, 5, 6\]"
    ):
        iterative_deepening(Careless(), None, 3, store_difference)


def test_a_traced_abapa_search_gives_the_textbook_value_and_replays() -> None:
    """Abapa has order_moves, which a traced search follows near the depth limit too: its
    value is still the textbook's, and its trace replays to it."""
    from gametheory.games.abapa import Abapa, store_difference

    game = Abapa()
    state = random_position(game, random.Random(5), 14)
    got = iterative_deepening(game, state, 3, store_difference, trace=True)
    plain = iterative_deepening(game, state, 3, store_difference)
    assert got.value == plain.value == alphabeta(game, state, 3, store_difference).value
    assert got.trace is not None and got.trace.snapshot().values[()] == got.value


def test_an_order_moves_that_repeats_a_move_is_refused_not_searched() -> None:
    """The engine once checked only the number of moves: [1, 1, 1] for [1, 2, 3] made
    iterative_deepening answer 0.0 on Nim(7), whose value is 1.0."""

    class Repeats(Nim):
        def order_moves(self, state: Any, moves: Any) -> list[Any]:
            return [moves[0]] * len(moves)

    assert iterative_deepening(Nim(7)).value == 1.0
    with pytest.raises(GameError, match=r"returned \[1, 1, 1\] for the moves \[1, 2, 3\]"):
        iterative_deepening(Repeats(7))


def test_the_module_docstring_explains_every_idea_notebook_10_lists():
    """Notebook 10 sends students to ``help(gametheory.search.engine)`` for each idea."""
    import gametheory.search.engine as engine_module

    for idea in (
        "Iterative deepening",
        "Transposition table",
        "Best move first",
        "Promising moves next",
        "Killer moves",
        "History heuristic",
        "Principal-variation search",
        "Deepening by two",
        "Aspiration window",
        "Time limit",
    ):
        assert idea in (engine_module.__doc__ or ""), idea


def test_the_package_s_own_ordering_is_trusted_and_any_other_checked(monkeypatch: Any) -> None:
    """Abapa's order_moves is proven a permutation by tests/test_abapa_fast.py, so the engine
    does not check it at every position; an ordering from elsewhere is checked each time."""
    import gametheory.search.engine.ordering as ordering
    from gametheory.games.abapa import Abapa, store_difference

    checks = []
    real = ordering.checked_order

    def counted(*args: Any) -> Any:
        checks.append(args)
        return real(*args)

    monkeypatch.setattr(ordering, "checked_order", counted)
    iterative_deepening(Abapa(), None, 4, store_difference)
    assert checks == []

    class Reversed(Nim):
        def order_moves(self, state: Any, moves: Any) -> list[Any]:
            return list(moves)[::-1]

    assert iterative_deepening(Reversed(9)).value == iterative_deepening(Nim(9)).value
    assert checks
