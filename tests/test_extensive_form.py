"""Extensive-form games: the thesis' example, backward induction against minimax and against
the normal form, information sets and bad input (the drawing: test_draw_theory.py)."""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

import pygambit as gbt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import CHANCE, GameError, IllegalMoveError, UnsupportedGameError
from gametheory.search import minimax
from gametheory.theory.extensive_form import (
    ChanceNode,
    Decision,
    ExtensiveFormGame,
    backward_induction,
    ultimatum_game,
)
from gametheory.trees import random_tree, tree

THESIS = {"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (8, 2), "R": (0, 0)}}


def test_thesis_example_is_one_statement() -> None:
    game = ExtensiveFormGame(THESIS)
    assert game.to_move(()) == 0 and game.to_move(("U",)) == 1
    assert game.utility(("U", "A"), 0) == 8 and game.utility(("U", "A"), 1) == 2
    assert game.is_perfect_information()


def test_thesis_example_subgame_perfect_equilibrium() -> None:
    [spe] = ultimatum_game().backward_induction()
    assert spe.payoffs == (8, 2)
    assert spe.choices == (((), "U"), (("F",), "A"), (("U",), "A"))


def test_thesis_example_normal_form_has_an_incredible_threat() -> None:
    nf = ultimatum_game().to_normal_form()
    assert nf.row_labels == ("F", "U")
    assert nf.col_labels == ("AA", "AR", "RA", "RR")  # response to F, then to U
    assert nf.payoff(0, 1) == (5, 5)
    # (F, AR): "accept F, reject U" keeps player 1 at F, but rejecting U hurts player 2
    assert set(nf.pure_nash_equilibria()) == {(0, 1), (1, 0), (1, 2)}


def test_ties_are_all_reported() -> None:
    # player 2 does not care after L, but player 1 does: two equilibria
    game = ExtensiveFormGame({"L": {"a": (1, 0), "b": (3, 0)}, "R": (2, 5)})
    every = game.backward_induction(every=True)
    found = {(e.move_at(()), e.move_at(("L",)), e.payoffs) for e in every}
    assert found == {("R", "a", (2, 5)), ("L", "b", (3, 0))}


def test_chance_nodes_average_payoffs() -> None:
    game = ExtensiveFormGame(
        {
            "bet": ChanceNode({"win": (0.25, (4, -4)), "lose": (0.75, (-1, 1))}),
            "pass": (0, 0),
        }
    )
    [spe] = game.backward_induction()
    assert spe.move_at(()) == "bet" and spe.payoffs == pytest.approx((0.25, -0.25))
    assert game.to_move(("bet",)) == CHANCE
    assert game.chance_outcomes(("bet",)) == (("win", 0.25), ("lose", 0.75))


def test_explicit_players_and_three_players() -> None:
    game = ExtensiveFormGame(Decision(2, {"x": (1, 1, 0), "y": Decision(0, {"z": (0, 0, 1)})}))
    assert game.n_players == 3 and game.players[2] == "Player 3"
    assert [e.payoffs for e in game.backward_induction()] == [(0, 0, 1)]
    with pytest.raises(GameError, match="two players"):
        game.to_normal_form()


def test_information_sets_and_subgames() -> None:
    blind = ExtensiveFormGame(THESIS, infosets=[[("F",), ("U",)]])
    assert not blind.is_perfect_information()
    assert list(blind.subgames()) == [()]  # cutting at F or U would split the set
    assert list(ultimatum_game().subgames()) == [(), ("F",), ("U",)]
    nf = blind.to_normal_form()
    assert nf.col_labels == ("A", "R")
    assert nf.pure_nash_equilibria() == [(1, 0)]  # blind, player 2 can only accept
    with pytest.raises(UnsupportedGameError, match="perfect information"):
        blind.backward_induction()


def test_subgame_is_a_game_of_its_own() -> None:
    sub = ultimatum_game().subgames()[("U",)]
    assert sub.to_move(()) == 1
    assert [e.payoffs for e in sub.backward_induction()] == [(8, 2)]


def test_game_protocol_and_illegal_moves() -> None:
    game = ultimatum_game()
    assert game.legal_moves(()) == ("F", "U")
    assert game.result((), "F") == ("F",)
    with pytest.raises(IllegalMoveError, match="'X' is not available"):
        game.result((), "X")
    with pytest.raises(GameError, match="no node at path"):
        game.node(("Z",))


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"a": (1, 2), "b": (1, 2, 3)}, "has 3 payoffs"),
        ({"a": (1, "x")}, "cannot read the node"),
        ({}, "non-empty dict of moves"),
        ({1: (1, 2)}, "move labels must be strings"),
        (ChanceNode({"h": (0.5, (1, 1)), "t": (0.4, (0, 0))}), "sum to 0.9, not 1"),
        (ChanceNode({"h": (1.5, (1, 1)), "t": (-0.5, (0, 0))}), "between 0 and 1"),
        (ChanceNode({"h": 1}), r"\(probability, subtree\)"),
        (Decision(2, {"a": (1, 2)}), "player 2 but payoffs are given for 2 players"),
    ],
)
def test_bad_specs_are_named(spec: Any, message: str) -> None:
    with pytest.raises(GameError, match=message):
        ExtensiveFormGame(spec)


@pytest.mark.parametrize(
    ("spec", "infosets", "message"),
    [
        ({"a": {"x": (1, 1)}, "b": {"x": (0, 0)}}, [[(), ("a",)]], "mixes players"),
        (
            {"a": {"x": (1, 1)}, "b": {"y": (0, 0)}},
            [[("a",), ("b",)]],
            r"mixes move sets: \('x',\) at \('a',\) but \('y',\) at \('b',\)",
        ),
        ({"a": {"x": (1, 1)}}, [[("a", "x")]], "not a decision node"),
        ({"a": {"x": (1, 1)}}, [[("a",)], [("a",)]], "in information sets 0 and 1"),
        ({"a": {"x": (1, 1)}}, [[]], "is empty"),
    ],
)
def test_bad_information_sets_are_named(spec: Any, infosets: Any, message: str) -> None:
    with pytest.raises(GameError, match=message):
        ExtensiveFormGame(spec, infosets=infosets)


# --------------------------------------------------------------------------- properties


@st.composite
def perfect_information_trees(draw: st.DrawFn, depth: int = 3) -> Any:
    """General-sum two-player trees with small integer payoffs (ties are common)."""

    def build(level: int) -> Any:
        if level == depth or draw(st.integers(0, 4)) == 0:
            return (draw(st.integers(-3, 3)), draw(st.integers(-3, 3)))
        if draw(st.integers(0, 5)) == 0:
            return ChanceNode({"h": (0.5, build(level + 1)), "t": (0.5, build(level + 1))})
        moves = "abc"[: draw(st.integers(1, 2))]
        return {m: build(level + 1) for m in moves}

    return build(0)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 3), st.integers(1, 3), st.integers(0, 10**6))
def test_backward_induction_equals_minimax_on_zero_sum_trees(
    branching: int, depth: int, seed: int
) -> None:
    gametree = random_tree(branching, depth, seed=seed)
    game = ExtensiveFormGame.from_game(gametree)
    value = minimax(gametree).value
    equilibria = backward_induction(game, every=True)
    assert equilibria
    for spe in equilibria:
        assert spe.payoffs == (value, -value)


@settings(max_examples=60, deadline=None)
@given(perfect_information_trees())
def test_every_subgame_perfect_equilibrium_is_a_nash_equilibrium_of_the_normal_form(
    spec: Any,
) -> None:
    game = ExtensiveFormGame(spec)
    nf = game.to_normal_form()
    rows, cols = game.pure_strategies(0), game.pure_strategies(1)
    equilibria = game.backward_induction(every=True)
    assert equilibria
    for spe in equilibria:
        row, col = game.plans_of(spe)
        i, j = rows.index(row), cols.index(col)
        assert nf.payoff(i, j) == pytest.approx(spe.payoffs)
        assert (i, j) in nf.pure_nash_equilibria()


@settings(max_examples=60, deadline=None)
@given(perfect_information_trees())
def test_every_subgame_of_an_equilibrium_is_played_optimally(spec: Any) -> None:
    # subgame perfection: the equilibrium restricted to each subgame is an equilibrium there
    game = ExtensiveFormGame(spec)
    subgames = game.subgames()
    for spe in game.backward_induction(every=True):
        choices = dict(spe.choices)
        for root, sub in subgames.items():
            restricted = {p[len(root) :]: m for p, m in choices.items() if p[: len(root)] == root}
            found = [dict(e.choices) for e in sub.backward_induction(every=True)]
            assert restricted in found


def test_from_game_on_a_textbook_tree() -> None:
    game = ExtensiveFormGame.from_game(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    [spe] = game.backward_induction()
    assert spe.payoffs == (3, -3) and spe.move_at(()) == "0"
    with pytest.raises(GameError, match="max_nodes=5"):
        ExtensiveFormGame.from_game(tree([[3, 12, 8], [2, 4, 6]]), max_nodes=5)


# --------------------------------------------------------------------------- the reduced form


def centipede(stages: int) -> Any:
    """Rosenthal's centipede (an even number of stages): the players alternate, each may take
    (and end the game) or pass; each would rather take than let the other take next."""
    spec: Any = (stages + 2, stages)
    for k in reversed(range(stages)):  # the taker gets k + 2, the other k
        spec = {"t": (k + 2, k) if k % 2 == 0 else (k, k + 2), "p": spec}
    return spec


def test_the_reduced_form_of_the_centipede_has_one_plan_per_stopping_point() -> None:
    # 3 decisions each: 8 plans, but a plan that takes at its first decision needs no more
    game = ExtensiveFormGame(centipede(6))
    assert game.plan_count(0) == 8
    assert game.reduced_strategies(0) == [
        ("t", "*", "*"),
        ("p", "t", "*"),
        ("p", "p", "t"),
        ("p", "p", "p"),
    ]
    nf = game.to_normal_form(reduced=True)
    assert nf.shape == (4, 4) and nf.row_labels == ("t**", "pt*", "ppt", "ppp")
    # in every Nash equilibrium the first player takes at once (the backward-induction outcome)
    assert all(e.supports[0] == (0,) for e in nf.nash_equilibria())
    assert {e.payoffs for e in nf.nash_equilibria()} == {(2.0, 0.0)}


def test_the_reduced_form_merges_only_rows_equal_for_both_players() -> None:
    game = ExtensiveFormGame(centipede(4))
    full, reduced = game.to_normal_form(), game.to_normal_form(reduced=True)
    merged = [
        [
            next(k for k, r in enumerate(game.reduced_strategies(p)) if _covers(r, plan))
            for plan in game.pure_strategies(p)
        ]
        for p in (0, 1)
    ]
    assert merged == [[0, 0, 1, 2], [0, 0, 1, 2]]
    for i, k in enumerate(merged[0]):
        for j, l in enumerate(merged[1]):
            assert full.payoff(i, j) == reduced.payoff(k, l)


def _covers(reduced: tuple[str, ...], plan: tuple[str, ...]) -> bool:
    return all(r in ("*", m) for r, m in zip(reduced, plan, strict=True))


def test_a_reduced_plan_that_is_followed_to_a_star_is_refused() -> None:
    game = ExtensiveFormGame(centipede(4))
    assert game.expected_payoffs([("t", "*"), ("t", "*")]) == (2.0, 0.0)
    with pytest.raises(GameError, match=r"reach the decision node \('p', 'p'\) but name no move"):
        game.expected_payoffs([("p", "*"), ("p", "*")])


def to_efg(game: ExtensiveFormGame) -> str:
    """The game in Gambit's .efg format (perfect information, so each node is its own set)."""
    lines = ['EFG 2 R "" { "1" "2" }', '""']
    sets = {
        m: k + 1 for p in (0, 1) for k, s in enumerate(game.information_sets(p)) for m in s.members
    }
    todo, outcomes, chances = [()], 0, 0
    while todo:
        path = todo.pop()
        node = game.nodes[path]
        if node.is_terminal:
            outcomes += 1
            lines.append(
                f't "" {outcomes} "" {{ {", ".join(str(x) for x in node.exact_payoffs)} }}'
            )
        elif node.is_chance:
            chances += 1
            branches = " ".join(
                f'"{m}" {q}' for m, q in zip(node.moves, node.exact_probabilities, strict=True)
            )
            lines.append(f'c "" {chances} "" {{ {branches} }} 0')
        else:
            moves = " ".join(f'"{m}"' for m in node.moves)
            lines.append(f'p "" {node.player + 1} {sets[path]} "" {{ {moves} }} 0')
        todo += reversed(node.children())
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None)
@given(perfect_information_trees(depth=4))
def test_the_reduced_strategic_form_is_gambits(spec: Any) -> None:
    game = ExtensiveFormGame(spec)
    if not game.information_sets(0) or not game.information_sets(1):
        return  # a player without a decision: Gambit's table has no axis for them
    theirs = gbt.read_efg(io.StringIO(to_efg(game))).to_arrays()
    nf = game.to_normal_form(reduced=True)
    for ours, table in zip(nf.exact_payoffs, theirs, strict=True):
        assert ours == tuple(tuple(Fraction(str(x)) for x in row) for row in table.tolist())
