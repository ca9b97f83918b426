"""Games recognise their own positions, and every small bad input gets a clear error."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import numpy as np
import pytest

from gametheory.andor import AndOrGraph, is_non_losing_strategy, is_winning_strategy
from gametheory.checks import checked_state
from gametheory.core import GameError
from gametheory.games.abapa import Abapa, replay, store_difference
from gametheory.games.checkers import Checkers, CheckersRules
from gametheory.games.dice import DiceRace
from gametheory.games.gomoku import Gomoku
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import GreedyPlayer, RandomPlayer, SearchPlayer, play
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import iterative_deepening
from gametheory.search.expectiminimax import expectiminimax
from gametheory.search.minimax import minimax
from gametheory.theory.cooperative import CoalitionalGame
from gametheory.theory.extensive_form import ExtensiveFormGame
from gametheory.trees import expand, perft, tree

GAMES: list[Any] = [
    Abapa(),
    Abapa(houses_per_side=3, seeds_per_house=3),
    Abapa(houses_per_side=2, seeds_per_house=2, cycle="below_four"),
    Nim(7),
    TicTacToe(),
    TicTacToe(4, 3),
    DiceRace(),
    Checkers(),
    Gomoku(7, 4),
    tree([[1, 2], [3, 4]]),
    tree([[1, 2], [3, 4]]),
    ExtensiveFormGame({"L": (1, 0), "R": {"a": (0, 1), "b": (2, 2)}}),
]


def zero(state: Any, player: int) -> float:
    return 0.0


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_game_knows_its_own_positions(game: Any) -> None:
    rng = random.Random(0)
    for _ in range(5):
        state = game.initial_state()
        for _ in range(30):
            assert checked_state(game, state) == state
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(list(game.legal_moves(state))))


@pytest.mark.parametrize(("mine", "theirs"), [
    (g, h) for g in GAMES for h in GAMES if g is not h and repr(g) != repr(h)
    and not (isinstance(g, Nim) and isinstance(h, Nim))
], ids=repr)  # fmt: skip
def test_a_position_of_another_game_is_refused(mine: Any, theirs: Any) -> None:
    with pytest.raises(GameError, match=r"is not a position of"):
        checked_state(mine, theirs.initial_state())


def test_another_trees_node_is_refused_even_if_it_looks_the_same() -> None:
    first, second = tree([[1, 2], [3, 4]]), tree([[1, 2], [3, 4]])
    with pytest.raises(GameError, match=r"node A is not a position of this tree"):
        minimax(first, second.root)


SMALL = Abapa(houses_per_side=3, seeds_per_house=3).initial_state()
FOREIGN = [SMALL, TicTacToe().initial_state(), (4,) * 12, "start"]


@pytest.mark.parametrize("state", FOREIGN, ids=repr)
def test_abapa_entry_points_refuse_foreign_positions(state: Any) -> None:
    game = Abapa()
    calls = [
        lambda: alphabeta(game, state, 2, store_difference),
        lambda: minimax(game, state, 1, store_difference),
        lambda: expectiminimax(game, state, 1, store_difference),
        lambda: iterative_deepening(game, state, 2, store_difference),
        lambda: expand(game, state, depth=1, evaluate=store_difference),
        lambda: perft(game, state, depth=1),
        lambda: AndOrGraph.from_game(game, state),
        lambda: ExtensiveFormGame.from_game(game, state),
        lambda: play(game, [RandomPlayer(1), RandomPlayer(2)], state),
        lambda: SearchPlayer(depth=1).choose(game, state),
        lambda: GreedyPlayer().choose(game, state),
        lambda: RandomPlayer().choose(game, state),
        lambda: game.result(state, 1),
    ]
    for call in calls:
        with pytest.raises(GameError, match=r"is not a position of Abapa"):
            call()


def test_the_message_says_what_is_wrong() -> None:
    with pytest.raises(GameError, match=r"houses must list 12 houses \(6 a side\), got 6"):
        checked_state(Abapa(), SMALL)
    with pytest.raises(
        GameError, match=r"TicTacToeState.*is not a position of Abapa.*expected an AbapaState"
    ):
        checked_state(Abapa(), TicTacToe().initial_state())
    with pytest.raises(GameError, match=r"expected a TicTacToeState"):
        checked_state(TicTacToe(), Abapa().initial_state())


# -- small things, each a clear error (or accepted) --------------------------------------------
def test_unknown_rule_options_and_bad_records_are_named() -> None:
    with pytest.raises(GameError, match=r"unknown rule option\(s\) \['nonsense'\]; known:"):
        Abapa(nonsense=1)
    with pytest.raises(GameError, match=r"moves must be a list of house numbers, got None"):
        replay(Abapa(), None)  # type: ignore[arg-type]
    with pytest.raises(GameError, match=r"moves must be a list of house numbers, got 3"):
        replay(Abapa(), 3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "moves"),
    [
        (Abapa(), [np.int64(3), np.int32(9)]),
        (Nim(7), [np.int64(2), np.int8(1)]),
        (TicTacToe(), [np.int64(4), np.uint8(0)]),
        (DiceRace(), [np.int64(1), np.int64(5)]),
        (Gomoku(7, 4), [(np.int64(3), np.int64(3)), (np.int32(2), np.int64(2))]),
        (Checkers(), [(np.int64(9), np.int64(16))]),
        (tree([[1, 2], [3, 4]]), [np.int64(1), np.int64(0)]),
    ],
    ids=repr,
)
def test_numpy_integers_are_moves_and_become_plain_ones(game: Any, moves: list[Any]) -> None:
    state = game.initial_state()
    plain = game.initial_state()
    for move in moves:
        state = game.result(state, move)
        same = tuple(int(x) for x in move) if isinstance(move, tuple) else int(move)
        plain = game.result(plain, same)
    assert state == plain and repr(state) == repr(plain)  # no numpy number inside


def test_numpy_moves_can_be_saved() -> None:
    record = replay(Abapa(), [np.int64(3), np.int64(9)])
    assert json.loads(record.to_json())["moves"] == [3, 9]


@pytest.mark.parametrize(
    "field", ["flying_kings", "promote_mid_capture", "king_priority", "majority_capture"]
)
def test_checkers_switches_must_be_true_or_false(field: str) -> None:
    with pytest.raises(GameError, match=rf"{field} must be True or False, got 'no'"):
        CheckersRules(**{field: "no"})
    assert getattr(CheckersRules(**{field: False}), field) is False


@pytest.mark.parametrize("fen", ["W:Wa1,a1:B", "W:Wa1,Ka1:Bh8", "W:Wa1:Ba1", "W:Wc3:BKc3,h8"])
def test_a_square_given_twice_in_a_position_is_refused(fen: str) -> None:
    with pytest.raises(GameError, match=r"square [ac][13] is given twice"):
        Checkers().from_fen(fen)


@pytest.mark.parametrize("name", ["h²", "h٨", "h-8", "h 8", "h+8", "h08x"])
def test_gomoku_cells_are_read_strictly(name: str) -> None:
    with pytest.raises(GameError, match=r"cell .*: write a column a-o and a row 1-15"):
        Gomoku().cell(name)
    assert Gomoku().cell("h08") == (7, 7)


def test_gomoku_exact_must_be_true_or_false() -> None:
    with pytest.raises(GameError, match=r"exact must be True or False, got 'x'"):
        Gomoku(exact="x")  # type: ignore[arg-type]


def test_coalitions_given_twice_nan_allocations_and_names_in_html() -> None:
    with pytest.raises(GameError, match=r"coalition \{'A', 'B'\} is given twice"):
        CoalitionalGame("AB", {"A": 1, "B": 2, "AB": 6, "BA": 9})
    game = CoalitionalGame("AB", {"A": 1, "B": 2, "AB": 6})
    for bad in (math.nan, math.inf, "3"):
        with pytest.raises(GameError, match=r"the allocation to 'A' must be a finite number"):
            game.core_violations({"A": bad, "B": 3})
        with pytest.raises(GameError, match=r"must be a finite number"):
            game.in_core({"A": bad, "B": 3})
    sneaky = CoalitionalGame(["<b>x</b>", "y&z"], lambda s: float(len(s)))
    page = sneaky._repr_html_()
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page and "y&amp;z" in page


def test_a_strategy_must_be_a_strategy() -> None:
    graph = AndOrGraph.from_game(Nim(5))
    for bad in ("x", 3, [1, 2], None):
        with pytest.raises(GameError, match=r"strategy must be a Strategy or a mapping"):
            is_winning_strategy(graph, bad)  # type: ignore[arg-type]
        with pytest.raises(GameError, match=r"strategy must be a Strategy or a mapping"):
            is_non_losing_strategy(graph, bad)  # type: ignore[arg-type]


def test_the_games_touch_no_files() -> None:
    """Rules only: no module of games/ imports a file-system module or opens a file
    (saving and loading is gametheory/files.py's)."""
    import ast
    from pathlib import Path

    import gametheory.games

    forbidden = {"os", "pathlib", "io", "tempfile", "shutil", "importlib", "glob"}
    for path in Path(gametheory.games.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {(node.module or "").split(".")[0]}
            else:
                names = set()
            assert not names & forbidden, (path.name, names & forbidden)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", path.name
