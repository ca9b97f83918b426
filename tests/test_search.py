"""The textbook searches: known answers, agreement with each other, traces, bad input."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory import (
    Chance,
    DiceRace,
    GameError,
    Nim,
    TicTacToe,
    alphabeta,
    alphabeta_negamax,
    expectiminimax,
    minimax,
    negamax,
    tree,
)
from gametheory.core import UnsupportedGameError
from gametheory.search import ALGORITHMS
from gametheory.search.trace import Backup, Cutoff, Enter, Exit, Leaf, Status

from .strategies import chance_specs, trees

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
DETERMINISTIC = [minimax, negamax, alphabeta, alphabeta_negamax, expectiminimax]


@pytest.mark.parametrize("algo", DETERMINISTIC)
def test_textbook_tree(algo):
    result = algo(tree(TEXTBOOK))
    assert (result.value, result.move, result.pv) == (3, 0, (0, 0))


def test_minimax_visits_all_13_nodes():
    stats = minimax(tree(TEXTBOOK)).stats
    assert (stats.nodes, stats.leaves, stats.cutoffs, stats.max_depth) == (13, 9, 0, 2)


@pytest.mark.parametrize("algo", [alphabeta, alphabeta_negamax])
def test_alphabeta_prunes_exactly_two_leaves(algo):
    result = algo(tree(TEXTBOOK), trace=True)
    final = result.trace.snapshot()
    assert final.pruned == {(1, 1), (1, 2)}
    entered = {e.path for e in result.trace if isinstance(e, Enter)}
    assert (1, 1) not in entered and (1, 2) not in entered
    assert result.stats.nodes == 11 and result.stats.cutoffs == 1


def test_seed_example_depth_two_moves_a_b_c():
    # The Slovak thesis: MIN values of moves a, b, c are -1, -2 and 1, so c is chosen.
    t = tree({"a": [-1, 4], "b": [3, -2], "c": [1, 5]})
    result = minimax(t)
    assert result.value == 1 and t.root.labels[result.move] == "c"


@given(trees())
def test_all_algorithms_agree_on_value_and_move(t):
    results = [algo(t) for algo in DETERMINISTIC]
    assert len({r.value for r in results}) == 1
    assert len({r.move for r in results}) == 1


@given(trees())
def test_ties_go_to_the_first_best_move(t):
    def for_max(child):
        value = minimax(t, child).value  # for the player to move at the child
        return value if child.player == 0 else -value

    scores = [for_max(child) for child in t.root.children]
    expected = scores.index(max(scores)) if scores else None
    for algo in DETERMINISTIC:
        assert algo(t).move == expected


@given(trees())
def test_alphabeta_never_visits_more_than_minimax(t):
    assert alphabeta(t).stats.nodes <= minimax(t).stats.nodes
    assert alphabeta_negamax(t).stats.nodes <= negamax(t).stats.nodes


@given(trees(), st.sampled_from([a.search for a in ALGORITHMS.values() if a.kind == "textbook"]))
def test_replaying_the_trace_gives_the_value(t, algo):
    result = algo(t, trace=True)
    final = result.trace.snapshot()
    assert final.values[()] == result.value
    assert final.status[()] == Status.DONE
    assert final.nodes == result.stats.nodes and final.leaves == result.stats.leaves
    assert final.cutoffs == result.stats.cutoffs
    # the principal variation of the replay is the one the search returned
    assert final.principal_variation() == result.pv


@given(trees())
def test_trace_is_well_nested(t):
    events = alphabeta(t, trace=True).trace.events
    stack = []
    for event in events:
        if isinstance(event, Enter):
            assert event.path[:-1] == (stack[-1] if stack else ())
            stack.append(event.path)
        elif isinstance(event, Exit):
            assert stack.pop() == event.path
        else:
            assert isinstance(event, (Leaf, Backup, Cutoff)) and event.path == stack[-1]
    assert not stack


@given(chance_specs())
def test_expectiminimax_averages_chance_nodes(spec):
    t = tree(spec)
    assert expectiminimax(t).value == pytest.approx(_expected_value(t.root))


def _expected_value(node):
    if node.is_leaf:
        return node.payoff
    values = [_expected_value(c) for c in node.children]
    if node.probabilities is not None:
        return sum(p * v for p, v in zip(node.probabilities, values, strict=True))
    return max(values) if node.player == 0 else min(values)


def test_expectiminimax_on_dice_race_prefers_risk_when_behind():
    game = DiceRace()
    behind = game.result(game.result(game.initial_state(), 0), 1)  # A walked, B rolls …
    behind = game.result(behind, 5)  # … a five: A is behind 2 to 5
    assert game.to_move(behind) == 0
    assert expectiminimax(game, behind).move == 1  # ROLL
    ahead = game.result(game.result(game.initial_state(), 0), 0)  # A 2, B 2
    ahead = game.result(ahead, 1)
    ahead = game.result(ahead, 5)  # A 7, B 2: B to move, far behind
    assert expectiminimax(game, ahead).move == 1


def test_dice_race_full_search_value_is_a_probability_blend():
    value = expectiminimax(DiceRace()).value
    assert -1 <= value <= 1


@pytest.mark.parametrize("n", range(1, 16))
def test_nim_mover_loses_exactly_on_multiples_of_four(n):
    value = negamax(Nim(n)).value
    assert value == (-1 if n % 4 == 0 else 1)


def test_tictactoe_is_a_draw():
    assert alphabeta_negamax(TicTacToe()).value == 0


def test_depth_limit_with_evaluation():
    game = Nim(10)
    result = minimax(game, depth=2, evaluate=lambda s, p: -1 if s.matches % 4 == 0 else 1)
    assert result.move == 2 and result.stats.max_depth == 2


def test_depth_limit_needs_an_evaluation_function():
    with pytest.raises(GameError, match="needs an evaluation function"):
        minimax(Nim(10), depth=3)
    with pytest.raises(GameError, match="depth must be a whole number"):
        alphabeta(Nim(10), depth=-1, evaluate=lambda s, p: 0)


@pytest.mark.parametrize("algo", [minimax, negamax, alphabeta, alphabeta_negamax])
def test_chance_nodes_are_unsupported(algo):
    with pytest.raises(UnsupportedGameError, match="expectiminimax"):
        algo(tree([Chance([(0.5, 1), (0.5, 2)]), 3]))
    with pytest.raises(UnsupportedGameError):
        algo(DiceRace())
    # the node is named, traced or not (an untraced search records no path to name it by)
    for trace in (False, True):
        with pytest.raises(UnsupportedGameError, match="chance position at B;"):
            algo(tree([Chance([(0.5, 1), (0.5, 2)]), 3]), trace=trace)


def test_an_untraced_search_records_no_path_and_a_traced_one_does():
    from gametheory.search.context import Search
    from gametheory.search.minimax import MINIMAX
    from gametheory.search.paths import UNRECORDED, Path

    untraced, traced = (Search(MINIMAX, Nim(3), trace=t) for t in (False, True))
    assert untraced.root_path is UNRECORDED and UNRECORDED + (1,) is UNRECORDED
    assert type(traced.root_path) is Path and traced.root_path == ()
    with pytest.raises(AttributeError):
        hash(UNRECORDED)  # it has no indices to hash: nothing may key a node by it
    assert "not recorded" in repr(UNRECORDED)


@pytest.mark.parametrize("bad", [float("nan"), "3", None, True])
def test_bad_evaluation_names_the_state(bad):
    with pytest.raises(GameError, match=r"returned .* in state NimState\(matches="):
        alphabeta(Nim(10), depth=2, evaluate=lambda s, p: bad)


def test_deep_chain_does_not_crash():
    spec = 1
    for _ in range(2000):
        spec = [spec]
    for algo in DETERMINISTIC:
        assert algo(tree(spec)).value == 1


def test_too_deep_raises_a_clear_error():
    spec = 1
    for _ in range(13_000):
        spec = [spec]
    with pytest.raises(GameError, match="pass depth= with an evaluation function"):
        minimax(tree(spec))


def test_order_hook_changes_only_the_order():
    t = tree(TEXTBOOK)
    reverse = alphabeta(t, order=lambda state, moves: list(reversed(moves)), trace=True)
    assert reverse.value == 3 and reverse.move == 0
    first = next(e for e in reverse.trace if isinstance(e, Enter) and e.path)
    assert first.path == (2,)  # D is searched first, but keeps its path
    with pytest.raises(GameError, match=r"returned \[0\] for the moves \[0, 1, 2\]"):
        alphabeta(t, order=lambda state, moves: moves[:1])


def test_random_order_keeps_the_value():
    rng = random.Random(3)
    t = tree([[rng.randint(-9, 9) for _ in range(4)] for _ in range(4)])

    def shuffled(state, moves):
        moves = list(moves)
        rng.shuffle(moves)
        return moves

    assert alphabeta(t, order=shuffled).value == minimax(t).value


def test_narration_of_the_textbook_cut():
    trace = alphabeta(tree(TEXTBOOK), trace=True).trace
    sentences = [trace.narrate(k) for k in range(len(trace) + 1)]
    assert (
        "α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at."
        in sentences
    )
    assert sentences[-1] == "A is done: value 3."
    snap = trace.snapshot(21)
    assert snap.windows[(1,)] == (3, 2) and snap.current == (1,)
    assert snap.status[(0,)] == Status.DONE and snap.status[(1,)] == Status.ON_STACK
    with pytest.raises(IndexError, match="choose 0..40"):
        trace.snapshot(41)


def test_nodes_named_by_numbers_are_called_nodes_in_the_narration():
    # the Slovak thesis' tree of notebook 06 numbers its nodes 0-18
    t = tree([[1, -1, 3], [5, -2, 0]], names=["0", "1", "5", "2", "3", "4", "6", "7", "8"])
    trace = minimax(t, trace=True).trace
    sentences = [trace.narrate(k) for k in range(len(trace) + 1)]
    assert sentences[0] == "Start: minimax is about to search from node 0."
    assert "Enter node 1 (MIN)." in sentences
    assert "Node 2 is a leaf (the game is over): value 1 for MAX (player A)." in sentences
    assert "Node 1 (MIN) gets the value of node 2: best so far 1." in sentences
    assert "Node 1 is done: value −1." in sentences
    cut = alphabeta(t, trace=True).trace
    assert (
        "α-cutoff at node 5: −2 ≤ α = −1, so the rest of its children (node 8) are never "
        "looked at." in [cut.narrate(k) for k in range(len(cut) + 1)]
    )
    named = minimax(tree([[1, 2]]), trace=True).trace  # letters stay as they are
    assert named.narrate(len(named)) == "A is done: value 1."


def test_negamax_values_are_for_the_mover():
    trace = negamax(tree(TEXTBOOK), trace=True).trace
    final = trace.snapshot()
    assert final.values[(0, 0)] == 3  # leaf E: MAX would move there, and it is worth 3 to MAX
    assert final.values[(0,)] == -3 and final.values[()] == 3


def test_game_trace_names_nodes_by_moves():
    trace = alphabeta(Nim(5), trace=True).trace
    assert trace.name(()) == "root" and trace.name((0,)) == "1" and trace.name((0, 1)) == "1·2"
    assert math.isinf(trace.events[0].alpha)


@pytest.mark.parametrize("trace", [False, True])
def test_principal_variation_stops_at_chance_nodes(trace):
    t = tree([[Chance([(0.5, 1), (0.5, [3, 4])]), 9], 0])
    result = expectiminimax(t, trace=trace)
    assert result.value == 2.5 and result.pv == (0, 0)  # MAX below the dice takes 4


class TwoMovesInARow:
    """A tiny game where A moves twice before B: 0 -> 1 (A again) -> 2 (B) -> end."""

    def initial_state(self):
        return 0

    def to_move(self, state):
        return 0 if state < 2 else 1

    def legal_moves(self, state):
        return (0, 1) if state < 3 else ()

    def result(self, state, move):
        return state + 1 if move == 0 else 3

    def is_terminal(self, state):
        return state == 3

    def utility(self, state, player):
        return 1.0 if player == 0 else -1.0

    def chance_outcomes(self, state):
        return ()


@pytest.mark.parametrize("algo", [negamax, alphabeta_negamax])
def test_negamax_refuses_a_player_moving_twice(algo):
    with pytest.raises(UnsupportedGameError, match="use minimax or alphabeta"):
        algo(TwoMovesInARow())
    with pytest.raises(UnsupportedGameError, match=r"in a row, at path \(0,\);"):
        algo(TwoMovesInARow(), trace=True)
    with pytest.raises(UnsupportedGameError, match="in a row, at 1;"):  # untraced: its state
        algo(TwoMovesInARow())
    assert minimax(TwoMovesInARow()).value == 1
