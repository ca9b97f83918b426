"""Explicit trees: building, naming, printing, bad specs, expand and perft."""

import pickle
import tracemalloc

import pytest
from hypothesis import given

from gametheory import Chance, GameError, IllegalMoveError, Nim, TicTacToe, expand, perft, tree
from gametheory.trees import random_tree

from .strategies import specs

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_textbook_names_are_breadth_first():
    t = tree(TEXTBOOK)
    assert [n.name for n in t.nodes()] == list("ABCDEFGHIJKLM")
    assert t.root.labels == ("a1", "a2", "a3")
    assert t.node((1,)).labels == ("c1", "c2", "c3")
    assert [n.player for n in t.nodes()[:4]] == [0, 1, 1, 1]


def test_custom_names_and_dict_labels():
    t = tree({"L": [1, 2], "R": 3}, names=["root", "x", "y", "u", "v"])
    assert t.root.name == "root" and t.root.labels == ("L", "R")
    assert t.node((0, 1)).name == "v" and t.node((0, 1)).payoff == 2
    with pytest.raises(ValueError, match="5 nodes but 2 names"):
        tree({"L": [1, 2], "R": 3}, names=["a", "b"])


@given(specs())
def test_spec_round_trips(spec):
    assert tree(spec).spec() == spec


def test_players_alternate_through_chance_nodes():
    t = tree([Chance([(0.5, [1, 2]), (0.5, 3)]), [4, [5, 6]]])
    assert t.node((0,)).player == -1
    assert t.node((0, 0)).player == 1  # MIN moves after MAX's move and the dice
    assert t.node((1, 1)).player == 0
    assert tree(Chance([(1.0, [1, 2])])).node((0,)).player == 0  # chance at the root: MAX first


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ([[1, 2], "x"], r"path \(1,\)"),
        ([[1, []], 2], r"path \(0, 1\): an inner node needs at least one child"),
        ([1, None], r"path \(1,\)"),
        ([True], r"path \(0,\)"),
        ([Chance([(0.5, 1), (0.4, 2)])], r"path \(0,\): chance probabilities sum to 0.9"),
        ([Chance([(1.5, 1)])], r"path \(0, 0\): probability must be"),
        ([Chance([3])], r"path \(0, 0\): a chance outcome must be a pair"),
        ([[float("nan")]], r"path \(0, 0\): a leaf payoff is NaN"),
    ],
)
def test_malformed_spec_names_the_path(spec, message):
    with pytest.raises(ValueError, match=message):
        tree(spec)


def test_game_protocol_and_illegal_moves():
    t = tree(TEXTBOOK)
    assert t.is_terminal(t.node((0, 0))) and not t.is_terminal(t.root)
    assert t.utility(t.node((2, 0)), 0) == 14 and t.utility(t.node((2, 0)), 1) == -14
    with pytest.raises(IllegalMoveError, match="node A: it has moves 0..2"):
        t.result(t.root, 3)
    with pytest.raises(IllegalMoveError, match="leaf"):
        t.result(t.node((0, 0)), 0)
    with pytest.raises(IllegalMoveError):
        t.result(t.root, "a1")
    with pytest.raises(GameError, match="not a leaf"):
        t.utility(t.root, 0)


def test_text_and_repr():
    t = tree(TEXTBOOK)
    assert repr(t) == "tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])"
    lines = str(t).splitlines()
    assert lines[0] == "A (MAX)" and lines[-1] == "   └─ d3 → M = 2" and len(lines) == 13
    chance = tree([Chance([(0.25, 1), (0.75, 2)])])
    assert "b1 (p=0.25) → C = 1" in str(chance)


def test_deep_chain_builds_and_prints_without_recursion():
    spec = 7
    for _ in range(2000):
        spec = [spec]
    t = tree(spec)
    assert t.height == 2000 and len(t) == 2001
    assert len(t.text(max_nodes=50).splitlines()) == 51


def test_random_tree_is_reproducible_and_shaped():
    a, b = random_tree(3, 4, seed=7), random_tree(3, 4, seed=7)
    assert a.spec() == b.spec() and len(a) == 1 + 3 + 9 + 27 + 81
    assert all(-9 <= leaf.payoff <= 9 for leaf in a.leaves())
    assert random_tree(3, 4, seed=8).spec() != a.spec()
    ranged = random_tree((1, 3), 3, seed=1)
    assert all(1 <= len(n.children) <= 3 for n in ranged if not n.is_leaf)
    with pytest.raises(ValueError, match="branching"):
        random_tree(0, 2)


def test_expand_keeps_states_moves_and_evaluations():
    game = Nim(6)
    t = expand(game, depth=2, evaluate=lambda s, p: s.matches % 4)
    child = t.root.children[1]
    assert child.move == 2 and child.state.matches == 4 and child.parent is t.root
    assert child.depth == 1 and child.player == 1
    grandchild = child.children[0]
    assert grandchild.evaluation == grandchild.payoff == grandchild.state.matches % 4
    assert t.root.labels == ("1", "2", "3")
    finished = expand(Nim(2), depth=5)
    assert finished.node((1,)).payoff == 1  # taking both matches wins for the root player
    with pytest.raises(GameError, match="pass evaluate="):
        expand(game, depth=1)


def test_perft_tictactoe():
    assert [perft(TicTacToe(), depth=d) for d in range(1, 5)] == [9, 72, 504, 3024]


def test_perft_counts_finished_games_only_at_their_depth():
    # Nim(2): sequences 1-1, 2 (finished after one ply)
    assert [perft(Nim(2), depth=d) for d in range(4)] == [1, 2, 1, 0]


def test_trees_copy_and_pickle():
    import copy
    import pickle

    t = tree(TEXTBOOK)
    assert copy.deepcopy(t.root) is t.root
    again = pickle.loads(pickle.dumps(t))
    assert repr(again) == repr(t) and again.node((1, 2)).name == "J"


def _expand_memory(depth: int) -> int:
    """The bytes a tree ``depth`` plies deep (a chain: Nim taking one match a turn) holds."""
    game = Nim(depth, max_take=1)
    tracemalloc.start()
    try:
        t = expand(game, depth=depth)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert t.height == depth and t.node((0,) * depth).is_leaf
    return held


def test_a_deep_expanded_tree_needs_memory_linear_in_its_depth() -> None:
    # each node used to store its whole path: 66 MB at depth 4000, 16 MB at 2000
    deep, half = _expand_memory(4000), _expand_memory(2000)
    assert deep < 8_000_000
    assert deep < 2.5 * half


def test_a_node_s_path_is_read_off_its_parents() -> None:
    t = tree([[3, [12, 8]], [2]])
    for node in t:
        assert t.node(node.path) is node
        assert node.depth == len(node.path)
        assert node.path == (
            () if node.parent is None else node.parent.path + (node.parent.children.index(node),)
        )
    with pytest.raises(GameError, match=r"no node at path \(0, 1, 2\)"):
        t.node((0, 1, 2))
    with pytest.raises(GameError, match=r"no node at path \(-1,\)"):
        t.node((-1,))
    assert pickle.loads(pickle.dumps(t)).node((0, 1, 0)).payoff == 12
