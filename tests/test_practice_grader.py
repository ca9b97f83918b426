"""The code grader: right functions pass in every style, each mistake of the catalogue is
caught at the right node and named, and hostile functions get a message within the limit.

The trees are written out, with their textbook names (breadth first):

* ``AIMA`` — A; B C D (MIN); E F G, H I J, K L M: Russell and Norvig's figure 5.2.
* ``DEEP`` — A; B (MIN, leaf D = 6), C (MIN: E, F = 8); E (MAX: G, H = 7); G (MIN: I = 3,
  J = 10). Alpha-beta cuts J with the α = 6 that A found in B: a deep cutoff.
* ``TIE`` — A; B (E = 3, F = 12), C (G = 3, H = 4), D (I = 1): C stops after G on a tie.
* ``FOUR`` — A; B C (MIN); D E F G (MAX); H..O leaves whose player to move is MIN.
* ``DICE`` — A; B, C chance nodes (0.25: 4, 0.75: 8) and (0.5: 6, 0.5: 6).
"""

from __future__ import annotations

import html
import math
import re
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import CHANCE, GameError
from gametheory.practice.grader import BUGS, BackupNode, grade
from gametheory.trees import Chance

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
DEEP = [[6], [[[3, 10], 7], 8]]
TIE = [[3, 12], [3, 4], [1]]
FOUR = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
DICE = [Chance([(0.25, 4), (0.75, 8)]), Chance([(0.5, 6), (0.5, 6)])]
inf = math.inf


# -- right functions, in several styles --------------------------------------------------
def minimax(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    values = [minimax(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def minimax_loop(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return float(game.utility(state, 0))
    best = -inf if game.to_move(state) == 0 else inf
    for move in game.legal_moves(state):
        value = minimax_loop(game, game.result(state, move))
        if game.to_move(state) == 0 and value > best or game.to_move(state) == 1 and value < best:
            best = value
    return best


def minimax_aima(game: Any, state: Any) -> float:
    """AIMA's MAX-VALUE / MIN-VALUE: the recursion goes through helpers the grader does
    not see, so only its leaves and its answer are compared. Each child is valued by the
    helper of the player to move there (the same player may move twice in a row)."""

    def value(s: Any) -> float:
        return max_value(s) if game.to_move(s) == 0 else min_value(s)

    def max_value(s: Any) -> float:
        if game.is_terminal(s):
            return game.utility(s, 0)
        return max(value(game.result(s, m)) for m in game.legal_moves(s))

    def min_value(s: Any) -> float:
        if game.is_terminal(s):
            return game.utility(s, 0)
        return min(value(game.result(s, m)) for m in game.legal_moves(s))

    return value(state)


def minimax_depth(game: Any, state: Any, depth: int, evaluate: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if depth == 0:
        return evaluate(state, 0)
    values = [
        minimax_depth(game, game.result(state, m), depth - 1, evaluate)
        for m in game.legal_moves(state)
    ]
    return max(values) if game.to_move(state) == 0 else min(values)


def negamax(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    return max(-negamax(game, game.result(state, m)) for m in game.legal_moves(state))


def alphabeta_soft(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == 0:
        best = -inf
        for move in game.legal_moves(state):
            best = max(best, alphabeta_soft(game, game.result(state, move), alpha, beta))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = inf
    for move in game.legal_moves(state):
        best = min(best, alphabeta_soft(game, game.result(state, move), alpha, beta))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alphabeta_hard(game: Any, state: Any, alpha: float, beta: float) -> float:
    """The Czech notes' AlfaBeta, in minimax form: returns α or β at a cut."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        value = alphabeta_hard(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            if value > alpha:
                alpha = value
            if alpha >= beta:
                return beta
        else:
            if value < beta:
                beta = value
            if alpha >= beta:
                return alpha
    return alpha if game.to_move(state) == 0 else beta


def alphabeta_ties(game: Any, state: Any, alpha: float, beta: float) -> float:
    """Another tie rule: keeps the later of two equal values (`>=`), and tests the window
    before updating it."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    maximizing = game.to_move(state) == 0
    best = -inf if maximizing else inf
    for move in game.legal_moves(state):
        value = alphabeta_ties(game, game.result(state, move), alpha, beta)
        if maximizing and value >= best or not maximizing and value <= best:
            best = value
        if maximizing and best >= beta or not maximizing and best <= alpha:
            return best
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
    return best


def negamax_ab_soft(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, -negamax_ab_soft(game, game.result(state, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def negamax_ab_hard(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    for move in game.legal_moves(state):
        alpha = max(alpha, -negamax_ab_hard(game, game.result(state, move), -beta, -alpha))
        if alpha >= beta:
            return beta
    return alpha


def expectiminimax(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == CHANCE:
        return sum(
            p * expectiminimax(game, game.result(state, o)) for o, p in game.chance_outcomes(state)
        )
    values = [expectiminimax(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def ucb1(value: float, visits: int, parent_visits: int, c: float) -> float:
    if visits == 0:
        return float("inf")
    return value + c * math.sqrt(math.log(parent_visits) / visits)


def backup(node: BackupNode, reward: float) -> None:
    while node is not None:
        node.visits += 1
        node.total += reward if node.player == 0 else -reward
        node = node.parent  # type: ignore[assignment]


RIGHT = [
    (minimax, "minimax", None),
    (minimax_loop, "minimax", None),
    (minimax_aima, "minimax", None),
    (minimax_depth, "minimax", None),
    (negamax, "negamax", None),
    (alphabeta_soft, "alphabeta", "fail-soft"),
    (alphabeta_hard, "alphabeta", "fail-hard"),
    (alphabeta_ties, "alphabeta", None),
    (negamax_ab_soft, "alphabeta_negamax", "fail-soft"),
    (negamax_ab_hard, "alphabeta_negamax", "fail-hard"),
    (expectiminimax, "expectiminimax", None),
    (ucb1, "ucb1", None),
    (backup, "backup", None),
]


@pytest.mark.parametrize(
    ("function", "kind", "convention"), RIGHT, ids=lambda x: getattr(x, "__name__", str(x))
)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_right_functions_pass_on_every_level(
    function: Any, kind: str, convention: str | None, level: int
) -> None:
    for seed in (0, 7):
        report = grade(function, kind, seed=seed, level=level)
        assert report.passed, report.message
        assert report.bug is None and report.first_divergence is None
        if convention is not None:
            assert report.convention == convention
            assert convention in report.message


def test_the_textbook_trees_pass_too() -> None:
    for tree_spec in (AIMA, DEEP, TIE, FOUR):
        assert grade(alphabeta_hard, "alphabeta", trees=[tree_spec]).passed
        assert grade(negamax_ab_soft, "alphabeta_negamax", trees=[tree_spec]).passed
    assert grade(expectiminimax, "expectiminimax", trees=[DICE]).passed


def test_an_unseen_recursion_is_graded_by_its_leaves_and_its_value() -> None:
    report = grade(minimax_aima, "minimax", trees=[AIMA])
    assert report.passed


# -- the catalogue's mistakes, each caught at the node where it first shows ---------------
def m_swapped(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    values = [m_swapped(game, game.result(state, m)) for m in game.legal_moves(state)]
    return min(values) if game.to_move(state) == 0 else max(values)


def m_max_everywhere(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    return max(m_max_everywhere(game, game.result(state, m)) for m in game.legal_moves(state))


def m_terminal_player(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    values = [m_terminal_player(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def m_inner(game: Any, state: Any) -> float:
    here = game.utility(state, 0)
    if game.is_terminal(state):
        return here
    return max(m_inner(game, game.result(state, m)) for m in game.legal_moves(state))


def m_depth_early(game: Any, state: Any, depth: int, evaluate: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if depth <= 1:
        return evaluate(state, 0)
    values = [
        m_depth_early(game, game.result(state, m), depth - 1, evaluate)
        for m in game.legal_moves(state)
    ]
    return max(values) if game.to_move(state) == 0 else min(values)


def m_depth_late(game: Any, state: Any, depth: int, evaluate: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if depth < 0:
        return evaluate(state, 0)
    values = [
        m_depth_late(game, game.result(state, m), depth - 1, evaluate)
        for m in game.legal_moves(state)
    ]
    return max(values) if game.to_move(state) == 0 else min(values)


def n_sign_value(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    return max(n_sign_value(game, game.result(state, m)) for m in game.legal_moves(state))


def n_terminal_player(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    return max(-n_terminal_player(game, game.result(state, m)) for m in game.legal_moves(state))


def ab_swapped_call(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    best = -inf if game.to_move(state) == 0 else inf
    for move in game.legal_moves(state):
        value = ab_swapped_call(game, game.result(state, move), beta, alpha)
        if game.to_move(state) == 0:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def ab_swapped_min(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    best = -inf if game.to_move(state) == 0 else inf
    for move in game.legal_moves(state):
        value = ab_swapped_min(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            alpha = min(alpha, best)  # the wrong bound
        if alpha >= beta:
            break
    return best


def ab_strict(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        value = ab_strict(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha > beta:
            break
    return alpha if game.to_move(state) == 0 else beta


def ab_not_passed(game: Any, state: Any, alpha: float, beta: float) -> float:
    """Each node passes on only the bound it keeps itself: the root's α is lost below."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == 0:
        best = -inf
        for move in game.legal_moves(state):
            best = max(best, ab_not_passed(game, game.result(state, move), alpha, inf))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = inf
    for move in game.legal_moves(state):
        best = min(best, ab_not_passed(game, game.result(state, move), -inf, beta))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def ab_full_window(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        value = ab_full_window(game, game.result(state, move), -inf, inf)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if game.to_move(state) == 0 else beta


def nab_sign_value(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, nab_sign_value(game, game.result(state, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def nab_sign_window(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, -nab_sign_window(game, game.result(state, move), alpha, beta))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def nab_not_swapped(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, -nab_not_swapped(game, game.result(state, move), -alpha, -beta))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def nab_strict(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, -nab_strict(game, game.result(state, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha > beta:
            break
    return best


def nab_full_window(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, -nab_full_window(game, game.result(state, move), -inf, inf))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def nab_not_passed(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, -nab_not_passed(game, game.result(state, move), -inf, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def nab_terminal_player(game: Any, state: Any, alpha: float, beta: float) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    best = -inf
    for move in game.legal_moves(state):
        best = max(best, -nab_terminal_player(game, game.result(state, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def e_no_probabilities(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == CHANCE:
        values = [
            e_no_probabilities(game, game.result(state, o)) for o, _ in game.chance_outcomes(state)
        ]
        return sum(values) / len(values)
    values = [e_no_probabilities(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def e_weighted_twice(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == CHANCE:
        outcomes = game.chance_outcomes(state)
        total = sum(p * e_weighted_twice(game, game.result(state, o)) for o, p in outcomes)
        return total / len(outcomes)
    values = [e_weighted_twice(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def e_swapped(game: Any, state: Any) -> float:
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == CHANCE:
        return sum(
            p * e_swapped(game, game.result(state, o)) for o, p in game.chance_outcomes(state)
        )
    values = [e_swapped(game, game.result(state, m)) for m in game.legal_moves(state)]
    return min(values) if game.to_move(state) == 0 else max(values)


BUGGY = [
    (m_swapped, "minimax", AIMA, "max-min-swapped", "B"),
    (m_max_everywhere, "minimax", AIMA, "max-everywhere", "B"),
    (m_terminal_player, "minimax", FOUR, "terminal-player", "H"),
    (m_inner, "minimax", AIMA, "inner-evaluated", "A"),
    (m_depth_early, "minimax", FOUR, "depth-early", "B"),
    (m_depth_late, "minimax", FOUR, "depth-late", "H"),
    (n_sign_value, "negamax", AIMA, "sign-value", "B"),
    (n_terminal_player, "negamax", FOUR, "terminal-player", "H"),
    (ab_swapped_call, "alphabeta", AIMA, "swapped", "B"),
    (ab_swapped_min, "alphabeta", AIMA, "swapped", "F"),
    (ab_strict, "alphabeta", TIE, "strict", "H"),
    (ab_not_passed, "alphabeta", DEEP, "not-passed-down", "E"),
    (ab_full_window, "alphabeta", DEEP, "full-window", "C"),
    (nab_sign_value, "alphabeta_negamax", AIMA, "sign-value", "F"),
    (nab_sign_window, "alphabeta_negamax", AIMA, "sign-window", "F"),
    (nab_not_swapped, "alphabeta_negamax", AIMA, "window-not-swapped", "B"),
    (nab_strict, "alphabeta_negamax", TIE, "strict", "H"),
    (nab_full_window, "alphabeta_negamax", DEEP, "full-window", "C"),
    (nab_not_passed, "alphabeta_negamax", DEEP, "not-passed-down", "E"),
    (nab_terminal_player, "alphabeta_negamax", FOUR, "terminal-player", "H"),
    (e_no_probabilities, "expectiminimax", DICE, "no-probabilities", "B"),
    (e_weighted_twice, "expectiminimax", DICE, "weighted-twice", "B"),
    (e_swapped, "expectiminimax", DICE, "max-min-swapped", "A"),
]


@pytest.mark.parametrize(
    ("function", "kind", "spec", "bug", "node"), BUGGY, ids=lambda x: getattr(x, "__name__", None)
)
def test_each_mistake_is_named_at_the_node_where_it_first_shows(
    function: Any, kind: str, spec: Any, bug: str, node: str
) -> None:
    report = grade(function, kind, trees=[spec])
    assert not report.passed
    assert report.bug is BUGS[bug], report.message
    assert report.first_divergence is not None
    assert (report.first_divergence.tree, report.first_divergence.node) == (0, node), report.message
    assert f"at {node}" in report.message and BUGS[bug].title in report.message


@pytest.mark.parametrize(
    ("function", "kind", "spec", "bug", "node"), BUGGY, ids=lambda x: getattr(x, "__name__", None)
)
def test_each_mistake_is_named_on_random_trees_too(
    function: Any, kind: str, spec: Any, bug: str, node: str
) -> None:
    for level in (1, 2, 3):
        report = grade(function, kind, seed=level, level=level)
        assert not report.passed and report.bug is BUGS[bug], report.message


def ucb_log_child(value: float, visits: int, parent_visits: int, c: float) -> float:
    return inf if visits == 0 else value + c * math.sqrt(math.log(visits) / visits)


def ucb_no_sqrt(value: float, visits: int, parent_visits: int, c: float) -> float:
    return inf if visits == 0 else value + c * math.log(parent_visits) / visits


def ucb_unvisited(value: float, visits: int, parent_visits: int, c: float) -> float:
    return value + c * math.sqrt(math.log(parent_visits) / max(visits, 1))


def ucb_divides(value: float, visits: int, parent_visits: int, c: float) -> float:
    return value + c * math.sqrt(math.log(parent_visits) / visits)


def backup_no_flip(node: BackupNode, reward: float) -> None:
    while node is not None:
        node.visits += 1
        node.total += reward
        node = node.parent  # type: ignore[assignment]


def backup_by_level(node: BackupNode, reward: float) -> None:
    reward = reward if node.player == 0 else -reward
    while node is not None:
        node.visits += 1
        node.total += reward
        reward = -reward
        node = node.parent  # type: ignore[assignment]


@pytest.mark.parametrize(
    ("function", "kind", "bug"),
    [
        (ucb_log_child, "ucb1", "ucb-log-child"),
        (ucb_no_sqrt, "ucb1", "ucb-no-sqrt"),
        (ucb_unvisited, "ucb1", "ucb-unvisited"),
        (ucb_divides, "ucb1", "ucb-unvisited"),
        (backup_no_flip, "backup", "backup-no-flip"),
        (backup_by_level, "backup", "backup-flip-by-level"),
    ],
    ids=lambda x: getattr(x, "__name__", None),
)
def test_the_monte_carlo_mistakes_are_named(function: Any, kind: str, bug: str) -> None:
    report = grade(function, kind, seed=4, level=2)
    assert not report.passed and report.bug is BUGS[bug], report.message
    assert BUGS[bug].title in report.message


def test_flipping_by_level_is_right_where_players_alternate() -> None:
    assert grade(backup_by_level, "backup", level=1).passed


def test_a_mistake_outside_the_catalogue_still_names_its_first_divergence() -> None:
    def off_by_a_little(game: Any, state: Any) -> float:
        return minimax(game, state) + 0.5

    report = grade(off_by_a_little, "minimax", trees=[AIMA])
    assert not report.passed and report.bug is None
    assert report.first_divergence is not None and report.first_divergence.node == "A"
    assert "returned 3.5" in report.message and "worth the largest" in report.message


# -- hostile functions ------------------------------------------------------------------------
def h_raises(game: Any, state: Any) -> float:
    return game.utility(state, 0) / 0  # asks for a leaf's utility at the root first


def h_recursion(game: Any, state: Any) -> float:
    def helper(s: Any) -> float:
        return helper(s)

    return helper(state)


def h_loops(game: Any, state: Any) -> float:
    while True:
        pass


def h_none(game: Any, state: Any) -> float | None:
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        h_none(game, game.result(state, move))
    return None


def h_string(game: Any, state: Any) -> str:
    return "three"


def h_nan(game: Any, state: Any) -> float:
    return float("nan")


def h_tampers(game: Any, state: Any) -> float:
    state.value = 3
    return 3


def h_raises_in_code(game: Any, state: Any) -> float:
    values: list[float] = []
    return values[0]


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (h_raises, "asked for the utility of A, which is not a finished game"),
        (h_recursion, "calls itself without end"),
        (h_loops, "ran for more than 0.5 s"),
        (h_none, "returned None at B (is a `return` missing?)"),
        (h_string, "returned 'three' (a str)"),
        (h_nan, "returned nan"),
        (h_tampers, "positions cannot change"),
        (h_raises_in_code, "raised IndexError: list index out of range (line"),
    ],
    ids=lambda x: getattr(x, "__name__", None),
)
def test_hostile_functions_get_a_message_not_a_traceback(function: Any, words: str) -> None:
    start = time.perf_counter()
    report = grade(function, "minimax", trees=[AIMA], time_limit=0.5)
    assert time.perf_counter() - start < 10  # stopped, not frozen (a liveness bound, not speed)
    assert not report.passed and words in report.message, report.message
    assert "Traceback" not in report.message and "grader.py" not in report.message


def test_the_grader_restores_the_interpreter() -> None:
    import sys

    limit, tracer = sys.getrecursionlimit(), sys.gettrace()
    grade(h_recursion, "minimax", trees=[AIMA])
    grade(h_loops, "minimax", trees=[AIMA], time_limit=0.2)
    assert sys.getrecursionlimit() == limit and sys.gettrace() is tracer
    assert globals()["minimax"] is minimax  # the watched name was put back


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(GameError, match="kind must be one of"):
        grade(minimax, "maximin")
    with pytest.raises(GameError, match="without brackets"):
        grade(minimax(None, None) if False else 3, "minimax")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="level must be 1, 2 or 3"):
        grade(minimax, "minimax", level=True)
    with pytest.raises(GameError, match="time_limit"):
        grade(minimax, "minimax", time_limit=0)
    with pytest.raises(GameError, match="no chance nodes"):
        grade(minimax, "minimax", trees=[DICE])


def test_strict_raises_an_assertion_error_with_the_message() -> None:
    with pytest.raises(AssertionError, match="MAX and MIN swapped"):
        grade(m_swapped, "minimax", trees=[AIMA], strict=True)
    assert grade(minimax, "minimax", strict=True).passed


def test_the_record_holds_what_a_teacher_needs_and_no_more() -> None:
    import json

    record = grade(ab_strict, "alphabeta", seed=5, level=2).record()
    assert json.loads(json.dumps(record)) == record
    assert record["kind"] == "alphabeta" and record["bug"] == "strict" and record["passed"] is False
    assert set(record) == {
        "exercise",
        "kind",
        "level",
        "seed",
        "passed",
        "tests",
        "bug",
        "convention",
        "divergence",
    }


def test_the_picture_rings_the_divergence() -> None:
    report = grade(ab_strict, "alphabeta", trees=[TIE])
    picture = report.picture()
    assert picture is not None and 'class="ring"' in picture
    assert grade(minimax, "minimax").picture() is None


def test_a_verdict_shows_as_a_paragraph_that_wraps_between_words() -> None:
    """A printed verdict lands in JupyterLab's ``<pre>``, which breaks lines inside words;
    the report's HTML is a paragraph, its text escaped."""
    report = grade(ab_strict, "alphabeta", trees=[TIE])
    shown = report._repr_html_()
    assert shown.startswith('<p style="margin:0;white-space:normal">') and shown.endswith("</p>")
    assert html.unescape(shown[len('<p style="margin:0;white-space:normal">') : -4]) == str(report)
    assert "<" not in shown[1:-4].split(">", 1)[1]  # the verdict's own text holds no tag


def _closure_alphabeta(full_window: bool) -> Any:
    """A student's alpha-beta defined inside another function: it calls itself through its
    closure, not by a global name."""

    def alphabeta(game: Any, state: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(state):
            return float(game.utility(state, 0))
        for move in game.legal_moves(state):
            window = (-inf, inf) if full_window else (alpha, beta)
            value = alphabeta(game, game.result(state, move), *window)
            if game.to_move(state) == 0:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return alpha if game.to_move(state) == 0 else beta

    return alphabeta


def test_a_function_that_calls_itself_through_its_closure_is_watched_too():
    """Found by the teacher's kit: a full-window alpha-beta made by a factory was named
    'α and β swapped', because its own calls went unseen and only its leaves were compared."""
    right, wrong = _closure_alphabeta(False), _closure_alphabeta(True)
    assert grade(right, "alphabeta").passed
    report = grade(wrong, "alphabeta")
    assert not report.passed and report.bug is not None and report.bug.name == "full-window"
    assert report.first_divergence == grade(ab_full_window, "alphabeta").first_divergence


def ab_swapped_call_hard(game: Any, state: Any, alpha: float, beta: float) -> float:
    """α and β swapped in the call, in the notes' fail-hard form (returns α or β)."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        value = ab_swapped_call_hard(game, game.result(state, move), beta, alpha)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if game.to_move(state) == 0 else beta


def test_swapped_bounds_are_named_in_the_fail_hard_form_too() -> None:
    """Found by the lessons: the notes' AlfaBeta returns α or β as they stand (the value
    that caused a cut, not the bound), and a swapped call in that form was named no bug."""
    report = grade(ab_swapped_call_hard, "alphabeta", trees=[AIMA])
    assert report.first_divergence is not None and report.first_divergence.node == "B"
    assert report.bug is BUGS["swapped"], report.message


def ab_raised(game: Any, state: Any, alpha: float, beta: float) -> float:
    """The Czech notes' AlfaBeta read literally: it returns α (MAX) or β (MIN) as they stand."""
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        value = ab_raised(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if game.to_move(state) == 0 else beta


def test_the_notes_alfabeta_is_right_and_its_convention_named():
    report = grade(ab_raised, "alphabeta", level=3)
    assert report.passed and report.convention == "notes", report.message
    assert "the notes' Procedura AlfaBeta, fail-hard as lesson 07 calls it" in report.message


# -- the backup message says what differs (issue 26) -------------------------------------------
def _backup_adding(extra_visits: int = 1, extra_total: float = 0.0, convert: Any = None) -> Any:
    def backup_variant(node: BackupNode, reward: float) -> None:
        while node is not None:
            node.visits += extra_visits
            node.total += (reward if node.player == 0 else -reward) + extra_total
            if convert is not None:
                node.visits, node.total = convert(node.visits, node.total)
            node = node.parent  # type: ignore[assignment]

    return backup_variant


def _backup_did(function: Any) -> tuple[str, str]:
    report = grade(function, "backup", seed=3, level=2)
    divergence = report.first_divergence
    assert not report.passed and divergence is not None
    assert f"{divergence.did}; {divergence.expected}" in report.message
    return divergence.did, divergence.expected


def test_a_backup_with_the_visits_right_speaks_only_of_the_total() -> None:
    did, expected = _backup_did(backup_no_flip)
    assert "visits" not in did and "total −1" in did, did
    assert expected.startswith("it should have total 1:") and "its 9 visits are right" in expected


def test_a_backup_with_the_total_right_speaks_only_of_the_visits() -> None:
    did, expected = _backup_did(_backup_adding(extra_visits=2))
    assert "with 10 visits after" in did and "total" not in did, did
    assert expected == "it should have 9 visits (one more than its 8 before); its total 1 is right"


def test_a_backup_wrong_by_less_than_the_digits_shown_quotes_the_number_in_full() -> None:
    # Written with three digits, 1.0001 and 1 would look the same: the message did say
    # "total 1 ...; it should have total 1".
    did, expected = _backup_did(_backup_adding(extra_total=1e-4))
    assert "total 1.0001 after" in did and "total 1:" in expected, (did, expected)


def test_a_backup_that_stores_no_numbers_says_so_and_does_not_crash() -> None:
    did, expected = _backup_did(_backup_adding(convert=lambda v, t: (str(v), t)))
    assert "visits '9' (a str, not a number)" in did and "should have 9 visits" in expected
    did, expected = _backup_did(_backup_adding(convert=lambda v, t: (v, None)))
    assert "total None (a NoneType, not a number)" in did and "its 9 visits are right" in expected


def test_a_backup_with_both_wrong_quotes_both_and_calls_neither_right() -> None:
    did, expected = _backup_did(_backup_adding(extra_visits=2, extra_total=1.0))
    assert "with 10 visits and total 2 after" in did, did
    assert expected.startswith("it should have 9 visits (one more than its 8 before) and total 1:")
    assert "right" not in expected


@given(st.integers(0, 3), st.sampled_from([0.0, 1e-4, 0.5, 2.0]))
@settings(max_examples=20, deadline=None)
def test_every_backup_message_quotes_different_numbers_on_its_two_sides(
    extra_visits: int, extra_total: float
) -> None:
    function = _backup_adding(extra_visits, extra_total)
    report = grade(function, "backup", seed=3, level=2)
    if extra_visits == 1 and extra_total == 0.0:
        assert report.passed
        return
    did, expected = _backup_did(function)
    quoted = re.findall(r"(\S+) visits|total (\S+?)(?= after|$|:| and)", did)
    wanted = re.findall(r"(\S+) visits \(|total (\S+?)(?=:)", expected)
    assert quoted and len(quoted) == len(wanted)
    for (v, t), (w, u) in zip(quoted, wanted, strict=True):
        assert (v or t) != (w or u), (did, expected)


def test_a_backup_message_explains_the_sign_only_where_it_flips() -> None:
    def does_nothing(node: BackupNode, reward: float) -> None:
        return None

    players = set()
    for seed in range(12):
        report = grade(does_nothing, "backup", seed=seed, level=2)
        assert not report.passed and not re.search(r"for A is \S+ for A", report.message)
        chosen_by = re.search(r"\(chosen by ([AB])\)", report.message)
        assert chosen_by is not None
        players.add(chosen_by.group(1))
        if "after a playout of 0" in report.message:  # nothing to add: the total is right
            assert "total" not in report.message.split("should have")[1].split(";")[0]
        elif chosen_by.group(1) == "A":
            assert "is for A, who chose" in report.message, report.message
        else:
            assert re.search(r"a result of \S+ for A is \S+ for B", report.message)
    assert players == {"A", "B"}
