"""What lesson 10 (notebooks/10_engine.py) says of the engine on its Abapa position, checked
here rather than by ``assert`` lines in the cells a student runs (issue 37): the same
searches, the same numbers. A change to the engine that breaks a sentence of the lesson
fails here, with the sentence named."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from lesson_checks.engine import position

from gametheory.games.tictactoe import TicTacToe
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import iterative_deepening
from gametheory.search.minimax import minimax


@cache
def _lesson() -> tuple[Any, Any, Any]:
    game, state = position()
    return game, state, game.evaluate


def test_the_answer_first_same_value_and_under_half_the_nodes_at_depth_8() -> None:
    game, state, evaluate = _lesson()
    textbook = alphabeta(game, state, 8, evaluate)
    fast = iterative_deepening(game, state, 8, evaluate)
    assert fast.value == textbook.value
    assert textbook.stats.nodes == 17886 and fast.stats.nodes < textbook.stats.nodes / 2


def test_minimax_grows_by_about_5_a_ply_and_alphabeta_gets_its_value_from_fewer() -> None:
    game, state, evaluate = _lesson()
    mm = [minimax(game, state, d, evaluate) for d in range(1, 6)]
    ab = [alphabeta(game, state, d, evaluate) for d in range(1, 6)]
    assert all(m.value == a.value for m, a in zip(mm, ab, strict=True))
    growth = [b.stats.nodes / a.stats.nodes for a, b in zip(mm, mm[1:], strict=False)]
    assert all(4 < g < 6 for g in growth)
    assert all(a.stats.nodes < m.stats.nodes for m, a in zip(mm[1:], ab[1:], strict=True))


def test_the_last_depth_is_the_biggest_part_more_than_the_rest_at_9_not_quite_at_8() -> None:
    game, state, evaluate = _lesson()
    deep = iterative_deepening(game, state, 9, evaluate)
    nodes = [it.nodes for it in deep.iterations]
    assert sum(nodes) == deep.stats.nodes
    assert nodes[-1] == max(nodes) and nodes[-1] > deep.stats.nodes - nodes[-1]
    assert nodes[7] < sum(nodes[:7])  # depth 8: not quite


def test_deepening_by_two_gives_the_same_value_with_fewer_nodes() -> None:
    game, state, evaluate = _lesson()
    by_one = iterative_deepening(game, state, 10, evaluate)
    by_two = iterative_deepening(game, state, 10, evaluate, step=2)
    assert by_two.value == by_one.value and by_two.stats.nodes < by_one.stats.nodes


def test_a_time_limit_still_gives_a_legal_move() -> None:
    game, state, evaluate = _lesson()
    quick = iterative_deepening(game, state, 30, evaluate, time_limit=0.2)
    assert len(quick.iterations) >= 1 and quick.move in game.legal_moves(state)


def test_the_engine_does_more_work_at_depths_2_and_4_and_under_a_quarter_at_9() -> None:
    game, state, evaluate = _lesson()
    rows = []
    for d in range(1, 10):
        a, e = alphabeta(game, state, d, evaluate), iterative_deepening(game, state, d, evaluate)
        assert a.value == e.value, d
        rows.append((d, a.stats.nodes, e.stats.nodes))
    assert [d for d, a, e in rows if e > a] == [2, 4]
    assert all(e < a for d, a, e in rows if d >= 5)
    assert rows[-1][1] > 4 * rows[-1][2]


def test_best_first_more_than_halves_the_nodes_at_depth_8_and_worst_first_costs_more() -> None:
    game, state, evaluate = _lesson()

    def best_first(s: Any, moves: Any) -> list[Any]:
        me = game.to_move(s)
        return sorted(moves, key=lambda m: -evaluate(game.result(s, m), me))

    def worst_first(s: Any, moves: Any) -> list[Any]:
        return list(reversed(best_first(s, moves)))

    shuffler = random.Random(0)

    def shuffled(s: Any, moves: Any) -> list[Any]:
        moves = list(moves)
        shuffler.shuffle(moves)
        return moves

    orders = {"house": None, "random": shuffled, "best": best_first, "worst": worst_first}
    last = {}
    for name, order in orders.items():
        shuffler.seed(0)
        last[name] = alphabeta(game, state, 8, evaluate, order=order).stats.nodes
    assert last["best"] < last["house"] < last["worst"]
    assert last["best"] < last["house"] / 2


def test_the_table_solves_tic_tac_toe_with_under_half_of_alphabetas_nodes() -> None:
    ttt = TicTacToe()
    textbook, engine = alphabeta(ttt), iterative_deepening(ttt)
    assert textbook.value == engine.value == 0  # a draw
    assert engine.stats.nodes < textbook.stats.nodes / 2
