"""AND/OR graphs, retrograde labelling, strategies and exact solving."""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gametheory.andor import (
    AND,
    DRAW,
    LEAF,
    LOSS,
    OR,
    WIN,
    AndOrGraph,
    GraphTooLargeError,
    Label,
    Solution,
    is_non_losing_strategy,
    is_winning_strategy,
    label,
    non_losing_strategy,
    solve,
    winning_strategy,
)
from gametheory.core import GameError, UnsupportedGameError
from gametheory.games.abapa import Abapa, AbapaRules
from gametheory.games.dice import DiceRace
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
from gametheory.search import minimax, negamax
from gametheory.trees import Chance, GameTree, tree

from .strategies import specs

# -- independent oracles ------------------------------------------------------------------


def sign_label(value: float) -> Label:
    return WIN if value > 0 else LOSS if value < 0 else DRAW


def oracle(game: Any) -> Any:
    """Memoised recursion on an acyclic game: (label, distance) for the player to move.

    The winner takes the quickest win, the loser the slowest loss; draws have no distance
    unless the game is over.
    """

    @functools.cache
    def value(state: Any) -> tuple[Label, int | None]:
        if game.is_terminal(state):
            return sign_label(game.utility(state, game.to_move(state))), 0
        # a child's label is for the opponent, who moves there
        kids = [value(game.result(state, m)) for m in game.legal_moves(state)]
        wins = [d for lab, d in kids if lab is LOSS]
        if wins:
            return WIN, 1 + min(d for d in wins if d is not None)
        if all(lab is WIN for lab, _ in kids):
            return LOSS, 1 + max(d for _, d in kids if d is not None)
        return DRAW, None

    return value


# -- tic-tac-toe --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ttt() -> Solution:
    return solve(TicTacToe())


@pytest.fixture(scope="module")
def ttt_symmetric() -> Solution:
    return solve(TicTacToe(), canonical=tictactoe_symmetry)


def test_tictactoe_has_5478_positions_and_is_a_draw(ttt: Solution) -> None:
    assert len(ttt) == 5478
    assert ttt.value is DRAW
    assert ttt.graph.root == TicTacToe().initial_state()
    assert sum(ttt.counts().values()) == 5478


def test_tictactoe_has_765_positions_up_to_symmetry(ttt: Solution, ttt_symmetric: Solution) -> None:
    assert len(ttt_symmetric) == 765
    # independent count: the distinct images of the 5478 positions
    assert len({tictactoe_symmetry(s) for s in ttt}) == 765
    assert set(ttt_symmetric) == {tictactoe_symmetry(s) for s in ttt}
    assert ttt_symmetric.value is DRAW
    for state in ttt:  # a position and its representative have the same value
        assert ttt_symmetric[state] is ttt[state]


def test_tictactoe_labels_and_distances_agree_with_plain_recursion(ttt: Solution) -> None:
    game = TicTacToe()
    value = oracle(game)
    for state in ttt:
        assert (ttt[state], ttt.distance(state)) == value(state), game.describe(state)


def test_tictactoe_no_winning_strategy_but_non_losing_ones() -> None:
    game = TicTacToe()
    for player in (0, 1):
        graph = AndOrGraph.from_game(game, player=player, canonical=tictactoe_symmetry)
        assert winning_strategy(graph) is None
        strategy = non_losing_strategy(graph)
        assert strategy is not None and strategy.guarantees is DRAW
        assert is_non_losing_strategy(graph, strategy)
        assert not is_winning_strategy(graph, strategy)


def test_tictactoe_known_positions(ttt: Solution) -> None:
    game = TicTacToe()
    assert ttt[game.state("X../.../...")] is DRAW
    # X in a corner, O on an adjacent edge: X, to move, wins
    assert ttt[game.state("XO./.../...")] is WIN
    assert ttt.for_player(game.state("XO./.../..."), 1) is LOSS
    # X to move with two in a row open: wins in one ply
    threat = game.state("XX./OO./...")
    assert ttt[threat] is WIN and ttt.distance(threat) == 1


def test_canonical_graph_answers_for_any_representative(ttt_symmetric: Solution) -> None:
    graph = ttt_symmetric.graph
    game = TicTacToe()
    corner, other_corner = game.state("X../.../..."), game.state("..X/.../...")
    assert graph.index(corner) == graph.index(other_corner)
    assert corner in graph and other_corner in graph
    assert len(graph.children(graph.root)) == 3  # corner, edge, centre


# -- Nim ----------------------------------------------------------------------------------


@pytest.mark.parametrize("misere", [False, True])
def test_nim_losing_positions_follow_the_known_pattern(misere: bool) -> None:
    losing = (lambda m: m % 4 == 1) if misere else (lambda m: m % 4 == 0)
    for n in range(41):
        solution = solve(Nim(n, misere=misere))
        assert solution.value is (LOSS if losing(n) else WIN), n
        for state in solution:
            assert solution[state] is (LOSS if losing(state.matches) else WIN), state
            assert solution.for_player(state, state.to_move) is solution[state]


def test_nim_13_strategy_always_leaves_a_multiple_of_four() -> None:
    graph = AndOrGraph.from_game(Nim(13))
    strategy = winning_strategy(graph)
    assert strategy is not None and strategy.guarantees is WIN
    assert is_winning_strategy(graph, strategy)
    assert strategy.choices  # every OR position it reaches has a move
    for state, move in strategy.choices.items():
        assert (state.matches - move) % 4 == 0, (state, move)
        assert graph.kind(state) == OR
    assert set(strategy.choices) == {s for s in strategy.nodes if graph.kind(s) == OR}
    # B, on the other hand, has no winning strategy from 13
    assert winning_strategy(AndOrGraph.from_game(Nim(13), player=1)) is None


def test_nim_distances_quick_wins_slow_losses() -> None:
    game = Nim(9)
    labels = label(AndOrGraph.from_game(game))
    # 9 matches: take 1, then answer every b with 4 - b: two rounds of two plies, plus one
    assert labels.distance(game.state(9, 0)) == 5
    assert labels.distance(game.state(3, 0)) == 1  # take all three at once
    assert labels.distance(game.state(4, 0)) == 2  # the loser delays as long as possible
    assert labels.distance(game.state(0, 0)) == 0


def test_a_bad_strategy_is_rejected() -> None:
    game = Nim(6)
    graph = AndOrGraph.from_game(game)
    strategy = winning_strategy(graph)
    assert strategy is not None
    choices = dict(strategy.choices)
    choices[game.state(6, 0)] = 1  # leaves 5: B takes 1 and A is lost
    assert not is_winning_strategy(graph, choices)
    assert not is_winning_strategy(graph, {})  # no move at the start
    assert not is_winning_strategy(graph, {game.state(6, 0): 7})  # an illegal move


# -- random explicit trees ----------------------------------------------------------------


@given(specs(max_leaves=30, values=(-2, 2)))
def test_random_trees_agree_with_minimax(spec: Any) -> None:
    t = tree(spec)
    graph = AndOrGraph.from_game(t)
    labels = label(graph)
    assert len(graph) == len(t)  # trees have no transpositions
    assert labels.root is sign_label(minimax(t).value)
    value = oracle(t)
    for node in t:
        result = minimax(t, node)  # for the player to move at the node
        for_a = result.value if node.player == 0 else -result.value
        assert labels[node] is sign_label(for_a), node.path
        mine, distance = value(node)
        assert labels.distance(node) == distance
        assert labels[node] is (mine if node.player == 0 else mine.flipped())


@given(specs(max_leaves=30, values=(-2, 2)), st.sampled_from([0, 1]))
def test_extracted_strategies_pass_the_independent_check(spec: Any, player: int) -> None:
    t = tree(spec)
    graph = AndOrGraph.from_game(t, player=player)
    labels = label(graph)
    winning = winning_strategy(graph)
    assert (winning is not None) == (labels.root is WIN)
    if winning is not None:
        assert is_winning_strategy(graph, winning)
        assert all(labels[s] is WIN for s in winning.nodes)
        # switching any reachable choice to a move that is not a win breaks it
        for state, move in winning.choices.items():
            for other_move, child in graph.moves(state):
                if labels[child] is not WIN:
                    broken = {**winning.choices, state: other_move}
                    assert not is_winning_strategy(graph, broken), (state.name, move)
    safe = non_losing_strategy(graph)
    assert (safe is None) == (labels.root is LOSS)
    if safe is not None:
        assert is_non_losing_strategy(graph, safe)
        assert all(labels[s] is not LOSS for s in safe.nodes)
        assert set(safe.edges()) <= {(s, c) for s in graph for c in graph.children(s)}


def tictactoe_positions() -> st.SearchStrategy[Any]:
    """Tic-tac-toe after 4 to 9 random moves: small enough to search to the end."""
    game = TicTacToe()

    def play(picks: list[int]) -> Any:
        state = game.initial_state()
        for pick in picks:
            if game.is_terminal(state):
                break
            moves = game.legal_moves(state)
            state = game.result(state, moves[pick % len(moves)])
        return state

    return st.lists(st.integers(0, 8), min_size=4, max_size=9).map(play)


GAMES_WITH_TRANSPOSITIONS = st.one_of(
    st.builds(lambda n, misere: (Nim(n, misere=misere), None), st.integers(0, 9), st.booleans()),
    tictactoe_positions().map(lambda state: (TicTacToe(), state)),
)


@settings(max_examples=60, deadline=None)
@given(st.one_of(specs(max_leaves=30).map(lambda s: (tree(s), None)), GAMES_WITH_TRANSPOSITIONS))
def test_labels_are_the_signs_of_minimax_and_negamax_values(case: tuple[Any, Any]) -> None:
    """OR = MAX, AND = MIN: one minimax search from the root with the graph's player as MAX
    gives every node a value whose sign is its label; negamax gives every node a value for
    its mover whose sign is ``solve``'s label. Leaves may be worth any number, not only
    ±1, and transposed positions (one graph node, many tree nodes) agree too."""
    game, start = case
    start = game.initial_state() if start is None else start
    player = game.to_move(start)
    graph = AndOrGraph.from_game(game, start, player)
    labels, solution = label(graph), solve(game, start)
    for search, truth in ((minimax, labels), (negamax, solution)):
        trace = search(game, start, trace=True).trace
        values = trace.snapshot().values  # every node's final value
        assert set(trace.states.values()) == set(graph.nodes)  # the search saw every node
        for path, value in values.items():
            state = trace.states[path]
            assert truth[state] is sign_label(value), (search.__name__, path, state, value)
            if search is minimax and not graph.is_leaf(state):
                assert trace.role(path) == {OR: "MAX", AND: "MIN"}[graph.kind(state)]


def test_reprs_and_counts_say_whose_point_of_view() -> None:
    solution = solve(TicTacToe())
    mover, for_x = solution.counts(), solution.counts(player=0)
    assert mover.view == "for the player to move" and for_x.view == "for player 0 (A)"
    assert for_x == solution.labels.counts() == {WIN: 2936, LOSS: 1474, DRAW: 1068}
    assert mover == {WIN: 2836, LOSS: 1574, DRAW: 1068}
    assert repr(mover) == "<label counts for the player to move: WIN 2836, LOSS 1574, DRAW 1068>"
    assert "for player 0 (A): root DRAW; WIN 2936, LOSS 1474, DRAW 1068" in repr(solution.labels)
    assert "DRAW for the player to move" in repr(solution) and "losss" not in repr(solution)
    assert "for player 1 (B)" in repr(AndOrGraph.from_game(Nim(3), player=1))
    strategy = winning_strategy(AndOrGraph.from_game(Nim(5)))
    assert "(winning) for player 0 (A)" in repr(strategy)
    nim = solve(Nim(4))  # A's counts, seen from B: every WIN a LOSS and back
    assert nim.counts(player=0) == {WIN: 3, LOSS: 5, DRAW: 0}
    assert nim.counts(player=1) == {WIN: 5, LOSS: 3, DRAW: 0}
    with pytest.raises(GameError, match="player must be 0"):
        solution.counts(player=2)


def test_the_textbook_tree_by_colouring() -> None:
    t = tree([[1, -1], [0, 1]])
    labels = label(AndOrGraph.from_game(t))
    assert [labels[n] for n in t] == [DRAW, LOSS, DRAW, WIN, LOSS, DRAW, WIN]
    assert labels.distance(t.node((0,))) == 1 and labels.distance(t.root) is None


# -- games with cycles ------------------------------------------------------------------


@dataclass(frozen=True)
class GraphGame:
    """A game given as a directed graph, cycles allowed.

    ``spec[v]`` is ``(player, successors)`` for a position where ``player`` moves, or
    ``(None, payoff)`` for a finished game worth ``payoff`` to A. Positions are names.
    """

    spec: dict[str, tuple[int | None, Any]]
    start: str = "start"

    def initial_state(self) -> str:
        return self.start

    def to_move(self, state: str) -> int:
        player = self.spec[state][0]
        return 0 if player is None else player

    def legal_moves(self, state: str) -> Sequence[str]:
        player, rest = self.spec[state]
        return () if player is None else tuple(rest)

    def result(self, state: str, move: str) -> str:
        return move

    def is_terminal(self, state: str) -> bool:
        return self.spec[state][0] is None

    def utility(self, state: str, player: int) -> float:
        payoff = float(self.spec[state][1])
        return payoff if player == 0 else -payoff

    def chance_outcomes(self, state: str) -> Sequence[tuple[str, float]]:
        raise GameError("no chance here")


@dataclass(frozen=True)
class Repetition:
    """The same game where a repeated position ends it in a draw (state: position, seen)."""

    game: Any

    def initial_state(self) -> tuple[Any, frozenset[Any]]:
        return self.game.initial_state(), frozenset()

    def to_move(self, state: tuple[Any, frozenset[Any]]) -> int:
        return int(self.game.to_move(state[0]))

    def legal_moves(self, state: tuple[Any, frozenset[Any]]) -> Sequence[Any]:
        return () if self.is_terminal(state) else self.game.legal_moves(state[0])

    def result(self, state: tuple[Any, frozenset[Any]], move: Any) -> tuple[Any, frozenset[Any]]:
        position, seen = state
        return self.game.result(position, move), seen | {position}

    def is_terminal(self, state: tuple[Any, frozenset[Any]]) -> bool:
        position, seen = state
        return position in seen or bool(self.game.is_terminal(position))

    def utility(self, state: tuple[Any, frozenset[Any]], player: int) -> float:
        position, seen = state
        return 0.0 if position in seen else float(self.game.utility(position, player))

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        raise GameError("no chance here")


CHASE = GraphGame(
    {
        # A can go to x, where B escapes back to the start, or to y, where B must run to z
        "start": (0, ["x", "y", "w"]),
        "x": (1, ["start", "A wins"]),
        "y": (1, ["z"]),
        "z": (0, ["y", "B wins"]),
        # w: B may stall at u forever, or step into A's win
        "w": (1, ["u", "A wins"]),
        "u": (1, ["u", "v"]),  # a self-loop: B passes
        "v": (0, ["A wins", "w"]),
        "A wins": (None, 1),
        "B wins": (None, -1),
    }
)


def test_hand_made_cyclic_game() -> None:
    graph = AndOrGraph.from_game(CHASE)
    labels = label(graph)
    expected = {
        "start": DRAW,
        "x": DRAW,
        "y": DRAW,
        "z": DRAW,
        "w": DRAW,
        "u": DRAW,
        "v": WIN,
        "A wins": WIN,
        "B wins": LOSS,
    }
    assert dict(labels) == expected
    assert labels.distance("v") == 1 and labels.distance("start") is None
    assert winning_strategy(graph) is None
    safe = non_losing_strategy(graph)
    assert safe is not None and is_non_losing_strategy(graph, safe)
    # running away at u forever is a draw, not a win: the cycle check catches it
    assert not is_winning_strategy(graph, {"start": "w", "v": "A wins"})
    # but if B had no self-loop at u, A would win through w
    forced = GraphGame({**CHASE.spec, "u": (1, ["v"])})
    graph = AndOrGraph.from_game(forced)
    strategy = winning_strategy(graph)
    assert strategy is not None and strategy.move("start") == "w"
    assert label(graph).distance("start") == 4  # start→w→u→v→A wins: B delays via u
    assert is_winning_strategy(graph, strategy)


@st.composite
def cyclic_games(draw: st.DrawFn) -> GraphGame:
    n = draw(st.integers(2, 6))
    names = [f"p{i}" for i in range(n)]
    spec: dict[str, tuple[int | None, Any]] = {}
    for i, name in enumerate(names):
        if i > 0 and draw(st.integers(0, 3)) == 0:
            spec[name] = (None, draw(st.sampled_from([-1, 0, 1])))
        else:
            kids = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
            spec[name] = (draw(st.sampled_from([0, 1])), kids)
    return GraphGame(spec, start="p0")


@given(cyclic_games())
def test_cyclic_labels_agree_with_search_under_the_repetition_rule(game: GraphGame) -> None:
    solution = solve(game)
    graph = solution.graph
    for position in graph:
        # a depth-unbounded textbook search in which a repeated position is a draw
        # (minimax, not negamax: in these games a player may move twice in a row)
        value = minimax(Repetition(game), (position, frozenset())).value
        assert solution[position] is sign_label(value), position
    for player in (0, 1):
        g = AndOrGraph.from_game(game, player=player)
        winning, safe = winning_strategy(g), non_losing_strategy(g)
        if winning is not None:
            assert is_winning_strategy(g, winning)
        if safe is not None:
            assert is_non_losing_strategy(g, safe)


# -- the graph itself ---------------------------------------------------------------------


def test_graph_structure_of_nim() -> None:
    game = Nim(5)
    graph = AndOrGraph.from_game(game)
    root = game.state(5, 0)
    assert graph.root == root and graph.index(root) == 0
    assert graph.kind(root) == OR and graph.kind(game.state(4, 1)) == AND
    assert graph.kind(game.state(0, 1)) == LEAF and graph.is_leaf(game.state(0, 1))
    assert graph.moves(root) == (
        (1, game.state(4, 1)),
        (2, game.state(3, 1)),
        (3, game.state(2, 1)),
    )
    # transpositions merge: A to move at 2 is reached from 3 and from 4 (B to move)
    assert set(graph.parents(game.state(2, 0))) == {game.state(3, 1), game.state(4, 1)}
    assert graph.utility(game.state(0, 1)) == 1.0 and graph.utility(game.state(0, 0)) == -1.0
    assert [graph.ply(s) for s in graph] == sorted(graph.ply(s) for s in graph)
    nxg = graph.to_networkx()
    assert nxg.number_of_nodes() == len(graph) and nxg.number_of_edges() == graph.edge_count
    assert nx.is_directed_acyclic_graph(nxg)
    with pytest.raises(GameError, match="not a leaf"):
        graph.utility(root)
    with pytest.raises(GameError, match="not a position"):
        graph.index(game.state(6, 0))


def test_a_finished_start_is_a_single_leaf() -> None:
    graph = AndOrGraph.from_game(Nim(0))
    assert len(graph) == 1 and graph.edge_count == 0
    assert label(graph).root is LOSS and solve(Nim(0)).value is LOSS
    assert winning_strategy(graph) is None and non_losing_strategy(graph) is None


def test_strategy_move_outside_its_positions_is_an_error() -> None:
    game = Nim(5)
    strategy = winning_strategy(AndOrGraph.from_game(game))
    assert strategy is not None
    with pytest.raises(GameError, match="not an OR position"):
        strategy.move(game.state(4, 0))


# -- bad input ----------------------------------------------------------------------------


def test_chance_nodes_are_unsupported() -> None:
    with pytest.raises(UnsupportedGameError, match="chance"):
        AndOrGraph.from_game(DiceRace())
    with pytest.raises(UnsupportedGameError, match="expectiminimax"):
        solve(tree([[1, Chance([(0.5, 1), (0.5, -1)])]]))


@pytest.mark.parametrize("player", [2, -1, True, "A"])
def test_player_must_be_0_or_1(player: Any) -> None:
    with pytest.raises(GameError, match="player must be 0 .A. or 1 .B."):
        AndOrGraph.from_game(Nim(3), player=player)
    with pytest.raises(GameError, match="player must be 0"):
        solve(Nim(3)).for_player(Nim(3).initial_state(), player)


def test_size_guard_names_the_limit_and_how_to_raise_it() -> None:
    with pytest.raises(GraphTooLargeError, match=r"max_nodes=50 .*pass a larger max_nodes="):
        AndOrGraph.from_game(TicTacToe(), max_nodes=50)
    with pytest.raises(GraphTooLargeError, match="max_nodes=10"):
        solve(Nim(20), max_nodes=10)
    size = len(solve(Nim(20)))
    assert len(solve(Nim(20), max_nodes=size)) == size  # exactly at the limit is fine
    with pytest.raises(GraphTooLargeError):
        solve(Nim(20), max_nodes=size - 1)
    with pytest.raises(GameError, match="max_nodes must be"):
        AndOrGraph.from_game(Nim(3), max_nodes=0)


def test_gametree_states_are_nodes() -> None:
    t = tree([[3, -2], [5, 1]])
    solution = solve(t)
    assert isinstance(t, GameTree)
    assert solution.value is WIN and solution[t.node((1,))] is LOSS  # B to move there, loses
    assert solution.counts() == {WIN: 5, LOSS: 2, DRAW: 0}


# -- Abapa on small boards, with the repetition rule ------------------------------------


@st.composite
def abapa_positions(draw: st.DrawFn, houses_per_side: int, on_board: int) -> tuple[Any, Any]:
    """A small-board Abapa game and a late position with ``on_board`` seeds left to play."""
    game = Abapa(AbapaRules(houses_per_side=houses_per_side, seeds_per_house=2))
    cuts = sorted(
        draw(
            st.lists(
                st.integers(0, on_board),
                min_size=2 * houses_per_side - 1,
                max_size=2 * houses_per_side - 1,
            )
        )
    )
    houses = [b - a for a, b in zip([0, *cuts], [*cuts, on_board], strict=True)]
    rest = game.rules.total_seeds - on_board
    store_a = draw(st.integers(0, rest))
    store_b = rest - store_a
    assume(max(store_a, store_b) < game.rules.win_threshold)
    return game, game.state(houses, (store_a, store_b), draw(st.sampled_from([0, 1])))


def check_against_search(game: Any, start: Any) -> None:
    solution = solve(game, start)
    # the state carries the positions seen since the last capture, so the graph is acyclic
    assert nx.is_directed_acyclic_graph(solution.graph.to_networkx())
    for state in solution:
        # a depth-unbounded textbook search, which ends repetitions as the rules do
        assert solution[state] is sign_label(negamax(game, state).value), state


@settings(max_examples=15)  # each example checks every reachable position (up to ~300)
@given(abapa_positions(houses_per_side=2, on_board=4) | abapa_positions(2, 5))
def test_abapa_2x2_labels_agree_with_search(case: tuple[Any, Any]) -> None:
    check_against_search(*case)


@settings(max_examples=15)
@given(abapa_positions(houses_per_side=3, on_board=3))
def test_abapa_3x2_labels_agree_with_search(case: tuple[Any, Any]) -> None:
    check_against_search(*case)


def test_abapa_cycle_ends_by_repetition() -> None:
    # one seed each, A to move: the seeds chase each other round the board until a
    # position repeats; then each side keeps its own seed: a draw
    game = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=2))
    start = game.state([0, 1, 0, 1], (3, 3), 0)
    check_against_search(game, start)
    assert solve(game, start).value is DRAW


def test_abapa_full_2x2_board_hits_the_size_guard() -> None:
    game = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=2))
    with pytest.raises(GraphTooLargeError, match="max_nodes=2000"):
        solve(game, max_nodes=2000)


def test_abapa_full_2x2_board_agrees_with_a_memoised_search_everywhere() -> None:
    # every one of the 170,807 reachable positions of the 2×2 board with two seeds a house,
    # under the repetition rule, against an independent depth-unbounded search
    game = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=2))
    solution = solve(game)
    memo: dict[Any, float] = {}

    def value(state: Any) -> float:  # for the player to move; memoised negamax
        if state not in memo:
            if game.is_terminal(state):
                memo[state] = game.utility(state, game.to_move(state))
            else:
                memo[state] = max(
                    -value(game.result(state, move)) for move in game.legal_moves(state)
                )
        return memo[state]

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        value(game.initial_state())
    finally:
        sys.setrecursionlimit(limit)
    assert len(solution) == len(memo) == 170_807
    assert all(solution[state] is sign_label(v) for state, v in memo.items())
    assert solution.value is WIN  # A, moving first, wins the smallest full board
