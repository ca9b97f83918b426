"""Monte Carlo tree search: it finds minimax moves, repeats from a seed, and its trace replays.

Random playouts make a search's path depend on the seed, so "with enough iterations MCTS
chooses a minimax move" is proved here the only way a test can be sure of it: by running
the search once for **every sequence of playout results** the random playouts could
produce. A search sees nothing of a playout but its result, so two playouts that end with
the same result leave the same tree; and without chance nodes the playouts are the only
thing the seed decides. The :class:`Steering` policy below plays each playout to a result
chosen from a script, and :func:`every_run` walks through every script. If every one of
those runs chooses a minimax move, then so does the search with any seed at all — which
the seeded property tests then draw.
"""

from __future__ import annotations

import itertools
import math
import pickle
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory import (
    Abapa,
    Chance,
    DiceRace,
    GameError,
    Nim,
    TicTacToe,
    expectiminimax,
    mcts,
    minimax,
    random_tree,
    tree,
)
from gametheory.draw.mcts import draw_mcts
from gametheory.draw.tree import draw_trace
from gametheory.players import GreedyPlayer, MCTSPlayer, RandomPlayer
from gametheory.search.mcts import ucb1
from gametheory.search.mcts_context import MCTSNode
from gametheory.search.mcts_trace import (
    PHASES,
    Backpropagate,
    Expand,
    MCTSTrace,
    Select,
    Simulate,
    q_text,
)
from gametheory.tournament import round_robin
from gametheory.trees import GameTree
from tests.picture_metrics import Box as PictureBox
from tests.picture_metrics import Shape, hidden, measure, text_boxes
from tests.threads import waits_for

SQRT2 = math.sqrt(2)


# -- every run the random playouts could produce -----------------------------------------
class Steering:
    """A playout policy that plays each playout to a chosen result.

    ``script[k]`` picks the result of the ``k``-th playout among those reachable from where
    it starts (sorted); past the end of the script it picks the first. A playout ends
    exactly when a move ends the game, so the call after such a move starts the next one.
    """

    name = "steering"

    def __init__(self, game: Any, script: list[int], reach: dict[Any, frozenset[float]]) -> None:
        self.game = game
        self.script = list(script)
        self.choices: list[int] = []  # how many results each playout could have had
        self.reach = reach
        self.target: float | None = None

    def results(self, state: Any) -> frozenset[float]:
        """The results (utility for A) of every finished game reachable from ``state``."""
        if state not in self.reach:
            game = self.game
            if game.is_terminal(state):
                found = frozenset([float(game.utility(state, 0))])
            else:
                found = frozenset().union(
                    *(self.results(game.result(state, m)) for m in game.legal_moves(state))
                )
            self.reach[state] = found
        return self.reach[state]

    def choose(self, game: Any, state: Any) -> Any:
        if self.target is None:  # a new playout: pick its result
            options = sorted(self.results(state))
            k = len(self.choices)
            if k == len(self.script):
                self.script.append(0)
            self.target = options[self.script[k]]
            self.choices.append(len(options))
        for move in game.legal_moves(state):
            after = game.result(state, move)
            if self.target in self.results(after):
                if game.is_terminal(after):
                    self.target = None
                return move
        raise AssertionError("unreachable: the target result was reachable")


def every_run(game: Any, state: Any, iterations: int) -> Iterator[Any]:
    """mcts once for every sequence of playout results (an odometer over the scripts)."""
    script: list[int] = []
    reach: dict[Any, frozenset[float]] = {}
    while True:
        policy = Steering(game, script, reach)
        yield mcts(game, state, iterations=iterations, playout=policy)
        digits, sizes = policy.script, policy.choices
        j = len(digits) - 1
        while j >= 0 and digits[j] == sizes[j] - 1:
            j -= 1
        if j < 0:
            return
        script = digits[:j] + [digits[j] + 1]


def minimax_moves(game: Any, state: Any = None) -> set[Any]:
    """The moves whose minimax value equals the position's (for the player to move)."""
    state = game.initial_state() if state is None else state
    mover = game.to_move(state)

    def worth(move: Any) -> float:
        after = game.result(state, move)
        if game.is_terminal(after):
            return float(game.utility(after, mover))
        value = minimax(game, after).value
        return value if game.to_move(after) == mover else -value

    values = {move: worth(move) for move in game.legal_moves(state)}
    best = max(values.values())
    return {move for move, value in values.items() if value == best}


def small_trees() -> list[Any]:
    """Every tree with 2 or 3 MIN nodes under MAX, 2 leaves each, payoffs −1, 0 or 1 (810)."""
    pairs = [list(p) for p in itertools.product((-1, 0, 1), repeat=2)]
    return [list(kids) for k in (2, 3) for kids in itertools.product(pairs, repeat=k)]


SMALL_TREES = small_trees()
SMALL_ITERATIONS = 30
DEEP_SEEDS = [0, 1, 2, 3, 40, 67, 97]  # 40, 67, 97: the slowest of the first 100 to settle
DEEP_ITERATIONS = 200
TTT = TicTacToe()
POSITIONS = [  # (game, position, iterations)
    (Nim(5), Nim(5).initial_state(), 50),
    (TTT, TTT.state("XOX/OX./O.."), 30),  # X wins at once with 8
    (TTT, TTT.state("XOX/.O./..X"), 100),  # O must stop X's 2-5-8 or 6-7-8
]


def deep_tree(seed: int) -> GameTree:
    return random_tree(2, 3, values=(-1, 1), seed=seed)


def test_small_trees_are_all_different() -> None:
    assert len(SMALL_TREES) == 9**2 + 9**3 == len({repr(s) for s in SMALL_TREES})


def test_every_run_on_every_small_tree_chooses_a_minimax_move() -> None:
    runs = 0
    for spec in SMALL_TREES:
        t = tree(spec)
        best = minimax_moves(t)
        for result in every_run(t, None, SMALL_ITERATIONS):
            runs += 1
            assert result.move in best, (spec, result.children)
    assert runs > len(SMALL_TREES)  # playouts with different results were tried


@pytest.mark.parametrize("seed", DEEP_SEEDS)
def test_every_run_on_three_ply_trees_chooses_a_minimax_move(seed: int) -> None:
    t = deep_tree(seed)
    best = minimax_moves(t)
    assert all(r.move in best for r in every_run(t, None, DEEP_ITERATIONS))


def test_two_hundred_iterations_are_needed_on_the_hardest_three_ply_tree() -> None:
    # a check that the proof above is not vacuous: with too few iterations some run errs
    t = deep_tree(40)
    best = minimax_moves(t)
    assert not all(r.move in best for r in every_run(t, None, 100))


@pytest.mark.parametrize(("game", "state", "iterations"), POSITIONS)
def test_every_run_in_small_games_chooses_a_minimax_move(game, state, iterations) -> None:
    best = minimax_moves(game, state)
    assert all(r.move in best for r in every_run(game, state, iterations))


def test_a_won_position_is_recognised_in_every_run() -> None:
    state = TTT.state("XOX/OX./O..")  # X to move; 8 completes the diagonal 0-4-8
    assert minimax_moves(TTT, state) == {8}
    for result in every_run(TTT, state, 30):
        win = next(child for child in result.children if child.move == 8)
        assert result.move == 8 and win.value == 1.0
        assert win.visits > sum(c.visits for c in result.children) / 2
        assert result.value > 0


# -- the same, with random playouts and any seed ------------------------------------------
@given(index=st.integers(0, len(SMALL_TREES) - 1), seed=st.integers(0, 2**64 - 1))
def test_seeded_search_on_a_small_tree_chooses_a_minimax_move(index: int, seed: int) -> None:
    # certain: the runs above cover every result the random playouts can have
    t = tree(SMALL_TREES[index])
    assert mcts(t, iterations=SMALL_ITERATIONS, seed=seed).move in minimax_moves(t)


@given(seed=st.integers(0, 2**64 - 1), which=st.sampled_from(DEEP_SEEDS))
def test_seeded_search_on_a_three_ply_tree_chooses_a_minimax_move(seed: int, which: int) -> None:
    t = deep_tree(which)
    assert mcts(t, iterations=DEEP_ITERATIONS, seed=seed).move in minimax_moves(t)


@given(seed=st.integers(0, 2**64 - 1), which=st.integers(0, len(POSITIONS) - 1))
def test_seeded_search_in_small_games_chooses_a_minimax_move(seed: int, which: int) -> None:
    game, state, iterations = POSITIONS[which]
    result = mcts(game, state, iterations=iterations, seed=seed)
    assert result.move in minimax_moves(game, state)


# -- known answers ------------------------------------------------------------------------
def test_nim_five_takes_one_and_counts_its_work() -> None:
    result = mcts(Nim(5), iterations=300, seed=1)
    assert result.move == 1 and result.pv[0] == 1
    assert sum(child.visits for child in result.children) == 300  # each iteration, one move
    assert result.stats.leaves == 300 and result.stats.cutoffs == 0
    assert [child.move for child in result.children] == [1, 2, 3]
    assert result.value == pytest.approx(sum(c.visits * c.value for c in result.children) / 300)


def test_most_visited_move_with_ties_going_to_the_first() -> None:
    # two equal moves and c = 0: after one visit each, the first keeps winning the ties
    result = mcts(tree([1, 1]), iterations=5, c=0, seed=0)
    assert [c.visits for c in result.children] == [4, 1] and result.move == 0


def test_a_finished_position_is_not_searched() -> None:
    game = TicTacToe()
    won = game.state("XXX/OO./...")
    result = mcts(game, won, iterations=50, trace=True)
    assert result.move is None and result.pv == () and result.children == ()
    assert result.value == game.utility(won, game.to_move(won))
    assert result.stats.nodes == 1 and result.stats.leaves == 0
    assert result.trace is not None and len(result.trace) == 0


def test_chance_nodes_are_sampled_by_their_probabilities() -> None:
    t = tree(Chance([(0.8, [1, -1]), (0.2, [0])]))
    result = mcts(t, iterations=1000, seed=3)
    visits = [c.visits for c in result.children]
    assert sum(visits) == 1000
    assert 760 <= visits[0] <= 840  # 800 expected; a fixed seed gives a fixed count
    assert result.move is None  # the dice move at the root: there is no move to choose


def test_dice_race_rolls_like_expectiminimax() -> None:
    exact = expectiminimax(DiceRace())
    for seed in (0, 1, 2):
        result = mcts(DiceRace(), iterations=3000, seed=seed)
        assert result.move == exact.move
        assert result.pv == (exact.move,)  # the line stops where the dice roll


def test_any_player_can_play_the_playouts() -> None:
    greedy = mcts(TicTacToe(), iterations=200, playout=GreedyPlayer(), seed=0, trace=True)
    trace = greedy.trace
    assert trace is not None and trace.policy == "greedy"
    played = trace.events[2]
    assert isinstance(played, Simulate) and played.moves
    assert trace.snapshot(3).narration.startswith(
        f"Iteration 1, simulation: the greedy playout plays {len(played.moves)} moves from 0 "
    )
    replay_checks(TicTacToe(), greedy)
    random = mcts(TicTacToe(), iterations=200, playout=RandomPlayer(seed=1), seed=0)
    assert random.move in TicTacToe().legal_moves(TicTacToe().initial_state())


def test_an_illegal_playout_move_is_refused_by_name() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, game: Any, state: Any) -> Any:
            return 99

    with pytest.raises(GameError, match="playout policy .* chose 99 .* not one of the legal"):
        mcts(Nim(5), iterations=3, playout=Cheat())


@pytest.mark.parametrize(
    "state",
    [
        Abapa(houses_per_side=3, seeds_per_house=3).initial_state(),
        TicTacToe().initial_state(),
        (4,) * 12,
        "start",
    ],
    ids=repr,
)
def test_a_position_of_another_game_is_refused_like_the_other_searches(state: Any) -> None:
    # without the check a foreign position fails deep inside the rules (AttributeError) or,
    # worse, is searched as if it were the game's own
    for call in (
        lambda: mcts(Abapa(), state, iterations=5, seed=0),
        lambda: MCTSPlayer(5, seed=0).choose(Abapa(), state),
    ):
        with pytest.raises(GameError, match=r"is not a position of Abapa"):
            call()


def test_another_trees_node_is_refused_even_if_it_looks_the_same() -> None:
    first, second = tree([[1, 2], [3, 4]]), tree([[1, 2], [3, 4]])
    with pytest.raises(GameError, match=r"node A is not a position of this tree"):
        mcts(first, second.root, iterations=5)
    with pytest.raises(GameError, match=r"is not a position of Nim"):
        mcts(Nim(3), TicTacToe().initial_state(), iterations=5)
    assert mcts(first, first.root, iterations=5, seed=0).move in (0, 1)  # its own root is fine


def test_the_time_limit_is_kept_by_the_one_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """MCTS measures time with driver.Deadline: a clock that moves a second each time it is
    read lets a 5-second search run 5 iterations (the clock is read when the search starts,
    before each iteration after the first, and for the seconds of the answer)."""
    from gametheory.search.engine import driver

    ticks = iter(range(10**9))
    monkeypatch.setattr(driver, "clock", lambda: float(next(ticks)))
    result = mcts(TicTacToe(), iterations=None, time_limit=5, seed=0)
    assert result.stats.leaves == 5 and result.stats.seconds == 6.0


def test_time_limit_alone_bounds_the_search() -> None:
    result = mcts(TicTacToe(), iterations=None, time_limit=0.05, seed=0)
    assert result.stats.leaves >= 1
    assert sum(c.visits for c in result.children) == result.stats.leaves


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"iterations": 0}, "iterations must be a whole number >= 1"),
        ({"iterations": 2.5}, "iterations must be a whole number >= 1"),
        ({"iterations": True}, "iterations must be a whole number >= 1"),
        ({"iterations": None}, "mcts needs a budget"),
        ({"time_limit": 0}, "time_limit must be a number of seconds > 0"),
        ({"time_limit": math.inf}, "time_limit must be a number of seconds > 0"),
        ({"c": -1}, "c .the exploration constant. must be a finite number >= 0"),
        ({"c": math.nan}, "c .the exploration constant. must be a finite number >= 0"),
        ({"playout": "random"}, "playout must be a player"),
        ({"seed": 1.5}, "seed must be a whole number or None"),
    ],
)
def test_bad_arguments_are_refused_with_what_to_do(arguments: dict[str, Any], message: str):
    with pytest.raises(GameError, match=message):
        mcts(Nim(5), **arguments)
    if "time_limit" not in arguments and "iterations" not in arguments:
        with pytest.raises(GameError, match=message):
            MCTSPlayer(**arguments)


# -- reproducible from the seed ----------------------------------------------------------
@pytest.mark.parametrize("game", [TicTacToe(), DiceRace(), tree([[1, -1], [0, 0, 1], [-1, 1]])])
def test_the_same_seed_repeats_the_search_exactly(game: Any) -> None:
    first = mcts(game, iterations=150, seed=11, trace=True)
    again = mcts(game, iterations=150, seed=11, trace=True)
    assert first.trace is not None and again.trace is not None
    assert first.trace.events == again.trace.events
    assert (first.value, first.move, first.pv, first.children) == (
        again.value,
        again.move,
        again.pv,
        again.children,
    )
    other = mcts(game, iterations=150, seed=12, trace=True)
    assert other.trace is not None and other.trace.events != first.trace.events


def test_tracing_does_not_change_the_search() -> None:
    plain = mcts(TicTacToe(), iterations=300, seed=5)
    traced = mcts(TicTacToe(), iterations=300, seed=5, trace=True)
    assert (plain.value, plain.pv, plain.children) == (traced.value, traced.pv, traced.children)


# -- the trace replays ------------------------------------------------------------------
def replay_checks(game: Any, result: Any, c: float = SQRT2) -> None:
    """Check a trace against the rules of UCT, recomputed from its own replay."""
    trace = result.trace
    assert isinstance(trace, MCTSTrace)
    assert len(trace) == 4 * trace.iterations == 4 * result.stats.leaves
    kinds = [Select, Expand, Simulate, Backpropagate]
    for k, event in enumerate(trace.events):
        assert isinstance(event, kinds[k % 4]) and event.iteration == k // 4 + 1
    for k in range(0, len(trace), 4):
        select, expand, simulate, back = trace.events[k : k + 4]
        before = trace.snapshot(k)  # the tree as the iteration found it
        # selection: UCB1 recomputed from the replayed counts, the best one followed
        assert len(select.scores) == len(select.path)
        for depth, scores in enumerate(select.scores):
            node = select.path[:depth]
            if scores is None:
                assert trace.players[node] == -1
                continue
            n = before.visits[node]
            kids = [node + (i,) for i in range(len(scores))]
            expected = [
                before.value(kid, trace.players[node])
                + c * math.sqrt(math.log(n) / before.visits[kid])
                for kid in kids
            ]
            assert scores == pytest.approx(expected)
            assert select.path[depth] == scores.index(max(scores))
        # expansion: the first untried move, or nothing at the end of the game
        if select.path in trace.terminal:
            assert expand == Expand(expand.iteration, select.path, False)
        else:
            assert expand.added and expand.path[:-1] == select.path
            assert expand.path not in before.nodes
            if trace.players[select.path] != -1:
                tried = [
                    p for p in before.nodes if p[:-1] == select.path and len(p) > len(select.path)
                ]
                assert expand.path[-1] == len(tried)
        # simulation: the moves lead from the new node to a finished game with that result
        assert simulate.path == expand.path == back.path
        state = trace.states[simulate.path]
        for move in simulate.moves:
            state = game.result(state, move)
        assert game.is_terminal(state)
        assert simulate.outcome == (game.utility(state, 0), game.utility(state, 1)) == back.outcome
    final = trace.snapshot()
    assert len(final.nodes) == result.stats.nodes
    assert final.visits[()] == trace.iterations
    for child in result.children:
        path = (next(i for i, p in enumerate(_root_moves(trace)) if p == child.move),)
        assert final.visits[path] == child.visits
        assert final.value(path, trace.root_player) == pytest.approx(child.value)


def _root_moves(trace: MCTSTrace) -> list[Any]:
    paths = sorted(p for p in trace.moves if len(p) == 1)
    moves = [None] * (max(p[0] for p in paths) + 1)
    for p in paths:
        moves[p[0]] = trace.moves[p]
    return moves


@pytest.mark.parametrize(
    "game",
    [TicTacToe(), Nim(7), DiceRace(goal=6, turns=2), tree([[1, -1], [0, 0, 1], [-1, 1]])],
    ids=["tictactoe", "nim", "dice", "tree"],
)
def test_the_trace_replays_by_the_rules_of_uct(game: Any) -> None:
    replay_checks(game, mcts(game, iterations=120, seed=4, trace=True))


def test_the_trace_replays_with_another_exploration_constant() -> None:
    replay_checks(TicTacToe(), mcts(TicTacToe(), iterations=80, c=0.3, seed=2, trace=True), 0.3)


def test_snapshot_narrates_each_phase() -> None:
    t = tree([[1, -1], [0, 0]])
    trace = mcts(t, iterations=3, seed=0, trace=True).trace
    assert trace is not None
    sentences = [trace.snapshot(k).narration for k in range(len(trace) + 1)]
    assert sentences[0].startswith("Start: Monte Carlo tree search from A")
    assert sentences[2] == "Iteration 1, expansion: A gets a node for its move a1: B."
    assert sentences[3] == (
        "Iteration 1, simulation: the random playout plays 1 move from B to the end of the "
        "game: MIN wins (+1 for MIN, −1 for MAX)."
    )
    assert sentences[9] == (
        "Iteration 3, selection: at A UCB1 scores a1 0.18, a2 1.18, so go to C; C is the "
        "first node on the way with a move not tried yet."
    )
    assert sentences[12] == (
        "Iteration 3, backpropagation: F, C and A each count one more visit and add the "
        "result; A now has N = 3, Q = −0.33 for MAX."
    )
    assert trace.snapshot(9).ucb == {
        (0,): pytest.approx(0.177, abs=1e-3),
        (1,): pytest.approx(1.177, abs=1e-3),
    }
    assert trace.step_of(3, "backpropagation") == 12


def test_snapshot_and_step_bounds_are_checked() -> None:
    trace = mcts(Nim(4), iterations=2, seed=0, trace=True).trace
    assert trace is not None
    with pytest.raises(IndexError, match="step 9 is outside this trace: choose 0..8"):
        trace.snapshot(9)
    with pytest.raises(GameError, match=r"step must be a whole number .*got 2\.5"):
        trace.snapshot(2.5)  # type: ignore[arg-type]
    with pytest.raises(IndexError, match="iteration 3 is outside this trace"):
        trace.step_of(3)
    with pytest.raises(GameError, match="iteration 0 is outside this trace"):
        trace.step_of(0)
    with pytest.raises(ValueError, match="phase 'rollout' is unknown"):
        trace.step_of(1, "rollout")


def test_ucb1_is_the_mean_plus_the_bonus() -> None:
    t = tree([[1], [0]])
    parent = MCTSNode(t.root, None, (), 0, False, (0, 1))
    child = MCTSNode(t.node((0,)), parent, (0,), 1, False, (0,))
    parent.visits, child.visits, child.totals = 20, 4, [3.0, -3.0]
    assert ucb1(child, parent, 0) == 0.75
    assert ucb1(child, parent, 2.0) == pytest.approx(0.75 + 2 * math.sqrt(math.log(20) / 4))
    parent.player = 1  # seen by B the same child is worth −0.75
    assert ucb1(child, parent, 0) == -0.75


# -- pictures -----------------------------------------------------------------------------
def test_pictures_show_each_phase() -> None:
    result = mcts(tree([[1, -1], [0, 0, 1], [-1, 1]]), iterations=12, seed=0, trace=True)
    trace = result.trace
    assert trace is not None
    pictures = {phase: draw_mcts(result, trace.step_of(7, phase)) for phase in PHASES}
    assert pictures["selection"].count('class="ucb"') == len(trace.snapshot(trace.step_of(7)).ucb)
    assert 'class="playout"' in pictures["simulation"]
    assert 'class="playout"' not in pictures["backpropagation"]
    assert len(set(pictures.values())) == 4
    whole = draw_mcts(result)  # the explicit tree is drawn whole: 3 + 1 + 7 leaves
    assert whole.count('class="node"') == 11
    assert result._repr_svg_() == str(whole)


SVG = "{http://www.w3.org/2000/svg}"


def _rings(svg: str) -> list[tuple[str, Shape]]:
    """The ring of each ringed node (the outline drawn without fill), by the node's id."""
    found = []
    for group in ET.fromstring(svg).iter(SVG + "g"):
        if group.get("class") != "node":
            continue
        for shape in group:
            if shape.get("fill") != "none":
                continue
            width = float(shape.get("stroke-width", "1"))
            if shape.tag == SVG + "circle":
                cx, cy, r = (float(shape.get(k, "0")) for k in ("cx", "cy", "r"))
                box = PictureBox("ring", cx - r, cy - r, cx + r, cy + r)
                found.append((group.get("id", ""), Shape("ring", box, True, width)))
            elif shape.tag == SVG + "rect":
                x, y, w, h = (float(shape.get(k, "0")) for k in ("x", "y", "width", "height"))
                box = PictureBox("ring", x, y, x + w, y + h)
                found.append((group.get("id", ""), Shape("ring", box, False, width)))
    return found


def _tags(svg: str) -> dict[str, PictureBox]:
    """The frame of each UCB1 tag (stroke included), by the id of the node it belongs to."""
    found = {}
    for group in ET.fromstring(svg).iter(SVG + "g"):
        if group.get("class") != "node":
            continue
        for tag in group.iter(SVG + "g"):
            if tag.get("class") == "ucb":
                frame = tag.find(SVG + "rect")
                assert frame is not None
                x, y, w, h = (float(frame.get(k, "0")) for k in ("x", "y", "width", "height"))
                pad = float(frame.get("stroke-width", "1")) / 2
                found[group.get("id", "")] = PictureBox(
                    "tag", x - pad, y - pad, x + w + pad, y + h + pad
                )
    return found


def _searches_to_draw() -> list[tuple[str, Any]]:
    from lesson_checks.mcts import exercise_search

    from gametheory.widgets.mcts import EXAMPLE

    ttt = TicTacToe()
    return [
        ("the notebook's tree", mcts(tree(EXAMPLE), iterations=16, seed=0, trace=True)),
        ("the exercises' tree", exercise_search()),
        ("tic-tac-toe", mcts(ttt, ttt.state("XO./.X./..."), iterations=40, seed=1, trace=True)),
        ("Nim", mcts(Nim(6), iterations=25, seed=2, trace=True)),
        ("dice", mcts(DiceRace(goal=6, turns=2), iterations=25, seed=3, trace=True)),
    ]


def test_a_ucb1_tag_stands_clear_of_the_ring_around_its_node() -> None:
    seen = 0
    for name, result in _searches_to_draw():
        trace = result.trace
        for k in range(1, len(trace) + 1, 4):  # every selection step
            svg = draw_mcts(trace, k)
            tags = _tags(svg)
            for node, ring in _rings(svg):
                if node not in tags:
                    continue
                seen += 1
                outer = ring.box.y1 + ring.stroke / 2
                assert tags[node].y0 >= outer + 1, (name, k, node, tags[node], ring.box)
    assert seen > 10


def test_no_word_of_a_monte_carlo_picture_is_cut_by_a_ring_or_printed_over_another() -> None:
    for name, result in _searches_to_draw():
        trace = result.trace
        for k in range(len(trace) + 1):
            svg = draw_mcts(trace, k, narration=True)
            report = measure(f"{name} step {k}", svg)
            cut = hidden(text_boxes(svg), [ring for _, ring in _rings(svg)])
            assert report.fits and not cut, (str(report), cut)


def _caption(svg: str) -> str:
    """The caption's words, its lines joined (no-break spaces read as spaces)."""
    caption = ET.fromstring(svg).find(f".//{SVG}g[@id='caption']")
    assert caption is not None
    return " ".join("".join(line.itertext()) for line in caption).replace("\u00a0", " ")


def test_a_selection_picture_works_out_a_ucb1_score_from_the_parents_side() -> None:
    # a student redid B's UCB1 from B's Q −1.00 and got it wrong: the caption shows +1.00
    from gametheory.widgets.mcts import EXAMPLE

    trace = mcts(tree(EXAMPLE), iterations=16, seed=0, trace=True).trace
    assert "e.g. move a1 to B: +1.00 + 1.414·√(ln 2 / 1) ≈ 2.18" in _caption(
        draw_mcts(trace, trace.step_of(3))
    )
    worked = re.compile(
        r"e\.g\. move (\S+)(?: to \S+)?: ([+−]?[\d.]+) \+ ([\d.]+)·√\(ln (\d+) / (\d+)\) ≈ ([\d.]+)"
    )
    seen = 0
    for name, result in _searches_to_draw():
        for k in range(len(result.trace) + 1):
            snap = result.trace.snapshot(k)
            caption = _caption(draw_mcts(result.trace, snap))
            found = worked.search(caption)
            assert (found is not None) == bool(snap.ucb), (name, k, caption)
            if found is None:
                continue
            seen += 1
            q, c, big_n, n, score = (float(g.replace("−", "-")) for g in found.groups()[1:])
            assert q + c * math.sqrt(math.log(big_n) / n) == pytest.approx(score, abs=0.011)
            child = next(p for p in snap.line if p in snap.ucb)
            chooser = result.trace.players[child[:-1]]
            shown = snap.values[child]  # the Q drawn in the child: for the player to move there
            mine = shown if result.trace.views[child] == chooser else -shown
            assert found.group(2) == q_text(mine), (name, k, caption)
    assert seen > 20


def test_q_is_written_one_way_in_the_narration_the_table_and_the_nodes() -> None:
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=12, seed=0)
    q = re.compile(r"^(?:[+−][0-9]\.[0-9]{2}|0\.00)$")
    for _ in range(len(explorer.trace)):
        explorer.forward_button.click()
        snap = explorer.snapshot
        cells = re.findall(r"<td>([^<]*)</td>", explorer.table.value)
        assert all(q.match(cell) for cell in cells[2::5] if cell), cells  # "": no visit yet
        for node in ET.fromstring(draw_mcts(explorer.trace, snap)).iter(SVG + "g"):
            if node.get("class") == "node":
                texts = [t.text or "" for t in node.iter(SVG + "text")]
                assert not any("-" in t for t in texts), texts  # "−", the minus sign
                path = tuple(int(i) for i in node.get("id", "n").split("-")[1:])
                if path in snap.values:
                    assert texts[1] == q_text(snap.values[path])
        if snap.phase == "backpropagation":
            said = re.search(r"Q = (\S+) for", explorer.narration_box.value)
            assert said is not None and said.group(1) == q_text(snap.values[()])
            assert q.match(said.group(1))


def test_big_trees_are_cut_to_the_most_visited_nodes() -> None:
    result = mcts(TicTacToe(), iterations=300, seed=0, trace=True)
    assert draw_mcts(result, max_nodes=25).count('class="node"') == 25
    with pytest.raises(ValueError, match="full_tree=True needs a search on an explicit tree"):
        draw_mcts(result, full_tree=True)
    with pytest.raises(ValueError, match="max_nodes must be a whole number >= 1"):
        draw_mcts(result, max_nodes=0)


def test_the_textbook_pictures_say_how_to_draw_a_monte_carlo_search() -> None:
    result = mcts(Nim(4), iterations=5, seed=0, trace=True)
    with pytest.raises(TypeError, match="draw it with gametheory.draw.mcts.draw_mcts"):
        draw_trace(result)
    with pytest.raises(TypeError, match="draw_mcts needs the trace of a Monte Carlo tree search"):
        draw_mcts(minimax(Nim(4), trace=True))


# -- the player ---------------------------------------------------------------------------
def test_mcts_player_beats_random_at_tictactoe() -> None:
    players = [MCTSPlayer(400, seed=0), RandomPlayer(seed=1)]
    table = round_robin(TicTacToe(), players, 4, openings=1, seed=2, progress=False)
    best = table.standings()[0]
    assert best.name == "mcts (400 iterations)" and best.losses == 0 and best.wins >= 3


def test_mcts_player_is_reproducible_and_picklable() -> None:
    game = TicTacToe()
    positions = [game.initial_state(), game.state("X../.O./..."), game.state("XO./.X./...")]
    one, two = MCTSPlayer(100, seed=4), MCTSPlayer(100, seed=4)
    moves = [one.choose(game, s) for s in positions]
    assert moves == [two.choose(game, s) for s in positions]
    copy = pickle.loads(pickle.dumps(MCTSPlayer(100, seed=4)))
    assert copy.choose(game, positions[0]) == moves[0]
    assert one.last_result is not None and one.last_result.stats.leaves == 100
    assert MCTSPlayer(None, time_limit=0.5).name == "mcts (0.5 s)"
    assert MCTSPlayer(50, time_limit=0.5).name == "mcts (50 iterations, 0.5 s)"
    with pytest.raises(GameError, match="the game is over"):
        one.choose(game, game.state("XXX/OO./..."))


def test_mcts_player_answers_in_the_play_widget() -> None:
    from gametheory.widgets.play import PlayWidget

    widget = PlayWidget(TicTacToe(), MCTSPlayer(200, seed=0))
    widget.button_for(4).click()
    assert widget.reply.startswith("You play 4. mcts (200 iterations) plays ")
    reply = int(widget.reply.split()[-1].rstrip("."))
    assert widget.state.board.count(-1) == 7 and widget.state.board[reply] == 1


# -- the explorer -------------------------------------------------------------------------
def test_explorer_steps_forwards_and_back_through_the_same_pictures() -> None:
    from gametheory.widgets.front import fitted
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=6, seed=2)
    n = len(explorer.trace)
    assert n == 24
    forwards = [(explorer.picture.value, explorer.narration_box.value, explorer.table.value)]
    for _ in range(n):
        explorer.forward_button.click()
        forwards.append(
            (explorer.picture.value, explorer.narration_box.value, explorer.table.value)
        )
    explorer.forward_button.click()  # past the end: stays
    assert explorer.step == n
    backwards = [forwards[-1]]
    for _ in range(n):
        explorer.back_button.click()
        backwards.append(
            (explorer.picture.value, explorer.narration_box.value, explorer.table.value)
        )
    assert forwards == backwards[::-1]
    assert len({picture for picture, _, _ in forwards}) == n + 1
    drawn = draw_mcts(explorer.trace, max_nodes=explorer.max_nodes)
    assert forwards[-1][0] == fitted(drawn, whole=True)  # all of it, scaled to the width
    explorer.last_button.click()
    explorer.size_button.value = True  # actual size: shrunk only as far as words stay readable
    assert explorer.picture.value == fitted(drawn)


def test_explorer_jumps_from_iteration_to_iteration() -> None:
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=3, seed=0)
    seen = []
    for _ in range(4):
        explorer.next_button.click()
        seen.append((explorer.step, explorer.snapshot.phase, explorer.snapshot.iteration))
    assert seen == [
        (1, "selection", 1),
        (5, "selection", 2),
        (9, "selection", 3),
        (12, "backpropagation", 3),
    ]
    explorer.first_button.click()
    assert explorer.step == 0 and explorer.slider.value == 0
    explorer.slider.value = 7
    assert explorer.snapshot.phase == "simulation" and "simulation" in explorer.narration_box.value
    explorer.last_button.click()
    assert explorer.step == 12


def test_explorer_searches_again_with_new_settings() -> None:
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(Nim(5), iterations=10, seed=0)
    before = explorer.trace.events
    explorer.seed_box.value = 1
    explorer.iterations_box.value = 12
    explorer.c_box.value = 0.5
    explorer.run_button.click()
    assert explorer.trace.events != before and explorer.trace.iterations == 12
    assert explorer.trace.c == 0.5 and explorer.step == 0
    explorer.last_button.click()
    assert "<th>Q</th>" in explorer.table.value and "◀ most visited" in explorer.table.value


def test_explorer_says_when_its_boxes_are_not_the_search_shown() -> None:
    # a student set iterations 5 and c 0 and kept stepping through the old search
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=50, seed=0)
    changed = "settings changed: press search again"
    assert explorer.settings_note.value == "" and explorer.run_button.button_style == ""
    explorer.iterations_box.value = 5
    explorer.c_box.value = 0
    assert changed in explorer.settings_note.value
    assert explorer.run_button.button_style == "warning"
    explorer.forward_button.click()  # stepping goes on in the search shown, still flagged
    assert explorer.trace.iterations == 50 and changed in explorer.settings_note.value
    explorer.iterations_box.value = 50
    explorer.c_box.value = round(math.sqrt(2), 4)  # the boxes back as searched: no flag
    assert explorer.settings_note.value == "" and explorer.run_button.button_style == ""
    explorer.iterations_box.value = 5
    explorer.c_box.value = 0
    explorer.run_button.click()
    assert (explorer.trace.iterations, explorer.trace.c) == (5, 0)
    assert explorer.settings_note.value == "" and explorer.run_button.button_style == ""


@pytest.mark.parametrize(
    ("box", "typed", "used", "said"),
    [
        ("iterations_box", 1000, 500, "at most 500 iterations: 500 used"),
        ("iterations_box", 0, 1, "at least 1 iteration: 1 used"),
        ("iterations_box", -7, 1, "at least 1 iteration: 1 used"),
        ("c_box", -0.5, 0.0, "c at least 0: 0 used"),
        ("c_box", 1e6, 100.0, "c at most 100: 100 used"),
    ],
)
def test_explorer_says_what_it_used_for_a_value_out_of_range(
    box: str, typed: float, used: float, said: str
) -> None:
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=3, seed=0)
    getattr(explorer, box).value = typed
    assert getattr(explorer, box).value == used
    assert said in explorer.settings_note.value
    explorer.seed_box.value = 4  # another box changed: the note stays
    assert said in explorer.settings_note.value
    explorer.run_button.click()  # what was used is what is shown now: the note goes
    assert explorer.settings_note.value == ""
    assert (explorer.trace.iterations if box == "iterations_box" else explorer.trace.c) == used


def test_explorer_drops_the_note_of_a_value_set_again_by_hand() -> None:
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=3, seed=0)
    explorer.iterations_box.value = 1000
    explorer.iterations_box.value = 3
    assert explorer.settings_note.value == ""
    with pytest.raises(GameError, match="c must be between 0 and 100"):
        MCTSExplorer(c=-1.0)


def test_explorer_names_moves_as_the_board_does_and_refuses_big_searches() -> None:
    from gametheory import Gomoku
    from gametheory.widgets.mcts import MAX_ITERATIONS, MCTSExplorer

    game = Gomoku(size=5, k=4, candidates_radius=1)
    explorer = MCTSExplorer(game, game.state("...../..X../...../...../....."), iterations=5)
    assert explorer.trace.label((0,)) == game.notation(
        game.legal_moves(explorer.trace.states[()])[0]
    )
    with pytest.raises(GameError, match=f"between 1 and {MAX_ITERATIONS}"):
        MCTSExplorer(iterations=MAX_ITERATIONS + 1)


def test_explorer_keeps_its_search_when_a_new_one_fails() -> None:
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=4, seed=0)
    kept = explorer.trace

    class Broken:
        def __getattr__(self, name: str) -> Any:
            raise GameError("this game is broken")

    explorer.game = Broken()  # type: ignore[assignment]
    explorer.run_button.click()
    assert explorer.trace is kept and "this game is broken" in explorer.narration_box.value


def test_explorer_controls_have_icons_and_stable_classes() -> None:
    from gametheory.widgets.mcts import MCTSExplorer

    explorer = MCTSExplorer(iterations=2)
    buttons = [
        explorer.first_button,
        explorer.back_button,
        explorer.forward_button,
        explorer.next_button,
        explorer.last_button,
    ]
    # an icon and a word each (look-alike glyphs side by side are not enough), and a tooltip
    assert all(b.icon and b.tooltip for b in buttons)
    words = ["start", "back", "phase", "iteration", "end"]
    assert [b.description for b in buttons] == words
    classes = {c for b in buttons for c in b._dom_classes}
    assert classes == {
        "gt-mcts-first",
        "gt-mcts-back",
        "gt-mcts-forward",
        "gt-mcts-next",
        "gt-mcts-last",
    }
    assert "gt-mcts" in explorer.widget._dom_classes
    assert "gt-mcts-note" in explorer.settings_note._dom_classes
    for part in (explorer.picture, explorer.narration_box, explorer.table, explorer.slider):
        assert any(c.startswith("gt-mcts-") for c in part._dom_classes)
    for box, css in (
        (explorer.iterations_box, "gt-mcts-iterations"),
        (explorer.c_box, "gt-mcts-c"),
        (explorer.seed_box, "gt-mcts-seed"),
    ):
        assert css in box._dom_classes
        assert box.style.description_width == "initial"  # the label as wide as its word


def test_explorer_takes_a_step_clicked_during_a_new_search_in_the_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # JupyterLab 4.6 may run a click on a kernel subshell's thread while "search again" runs
    # on the main thread: the step waits, then moves on in the new search
    import threading

    from gametheory.widgets import mcts as module

    started, go_on = threading.Event(), threading.Event()

    def slow_mcts(*args: Any, **kwargs: Any) -> Any:
        if kwargs["seed"] == 1:
            started.set()
            go_on.wait(10)
        return mcts(*args, **kwargs)

    monkeypatch.setattr(module, "mcts", slow_mcts)
    explorer = module.MCTSExplorer(iterations=6, seed=0)
    explorer.go(9)
    explorer.seed_box.value = 1
    explorer.iterations_box.value = 3
    waits_for(explorer.run_button.click, explorer.forward_button.click, started, go_on)
    assert explorer.trace.iterations == 3 and explorer.step == 1  # one phase on, in the new one
    assert explorer.narration_box.value.startswith("<b>Step 1 of 12.</b>")
    assert explorer.snapshot.phase == "selection"


def _mcts_peak(depth: int) -> int:
    """The most bytes MCTS holds growing its tree down a line ``depth`` plies deep."""
    import gc
    import tracemalloc

    game = Nim(depth, max_take=1)
    gc.collect()
    tracemalloc.start()
    try:
        result = mcts(game, iterations=depth, seed=0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.stats.max_depth == depth
    return peak


def test_a_deep_monte_carlo_tree_needs_memory_linear_in_its_depth() -> None:
    # each node's path used to be a tuple of its whole line: 1.85 MB at depth 600, 0.56 at 300
    deep, half = _mcts_peak(600), _mcts_peak(300)
    assert deep < 1_000_000, deep
    assert deep < 2.5 * half, (half, deep)


def test_games_say_whether_they_can_cycle() -> None:
    from gametheory.core import MayCycle
    from gametheory.games.abapa import Abapa, AbapaRules
    from gametheory.games.nim import Nim
    from gametheory.games.tictactoe import TicTacToe

    assert not TicTacToe().can_cycle() and not Nim(5).can_cycle() and not Abapa().can_cycle()
    assert Abapa(AbapaRules(cycle="below_four")).can_cycle()
    assert all(isinstance(g, MayCycle) for g in (TicTacToe(), Nim(3), Abapa()))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_an_abapa_game_under_the_repetition_rule_never_repeats_a_position(seed: int) -> None:
    # the promise of can_cycle() False that lets MCTS playouts go unwatched
    from gametheory.games.abapa import Abapa

    game, rng = Abapa(), random.Random(seed)
    state, seen = game.initial_state(), set()
    while not game.is_terminal(state):
        assert state not in seen
        seen.add(state)
        state = game.result(state, rng.choice(game.legal_moves(state)))


def test_playouts_of_a_game_that_can_cycle_are_still_watched() -> None:
    from gametheory.games.abapa import Abapa

    game = Abapa(houses_per_side=2, seeds_per_house=2, cycle="below_four")
    assert game.can_cycle()
    result = mcts(game, iterations=200, seed=3)  # ends: a cycle in a playout is caught
    assert result.stats.leaves == 200
