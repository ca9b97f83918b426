"""Bad input to the theory gets a GameError that names it, never a raw TypeError."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gametheory.core import GameError
from gametheory.theory.cooperative import CoalitionalGame
from gametheory.theory.equilibria import extreme_equilibria, support_enumeration
from gametheory.theory.extensive_form import ExtensiveFormGame
from gametheory.theory.normal_form import NormalFormGame, is_degenerate

GAME = NormalFormGame([[1, 2], [3, 4]])
TREE = ExtensiveFormGame({"a": (1, 2), "b": (0, 0)})
COALITIONS = CoalitionalGame("AB", {"A": 1, "B": 2, "AB": 6})

CASES: list[tuple[Callable[[], object], str]] = [
    (lambda: NormalFormGame([[1]], row_labels=5), "row_labels must be a list of names"),  # type: ignore[arg-type]
    (lambda: NormalFormGame([[1]], players=5), "players must be a list of two names"),  # type: ignore[arg-type]
    (lambda: NormalFormGame([[1]], players=("a",)), r"players must be two names, got \('a',\)"),  # type: ignore[arg-type]
    (lambda: GAME.restrict(1, [0]), "rows must be a list of row indices, got 1"),  # type: ignore[arg-type]
    (lambda: extreme_equilibria([[1]], [[1]], max_vertices="x"), "max_vertices must be a whole"),  # type: ignore[arg-type]
    (lambda: GAME.nash_equilibria(max_vertices=None), "max_vertices must be a whole number"),  # type: ignore[arg-type]
    (lambda: list(support_enumeration([[1]], [[1]], max_supports="x")), "max_supports"),  # type: ignore[arg-type]
    (
        lambda: is_degenerate([[1]], [[1]], max_vertices=0),
        r"max_vertices must be a whole number >= 1",
    ),
    (lambda: ExtensiveFormGame({"a": (1, 2)}, players=5), "players must be a list of names"),  # type: ignore[arg-type]
    (lambda: ExtensiveFormGame({"a": (1, 2)}, infosets=5), "infosets must be a list"),  # type: ignore[arg-type]
    (lambda: ExtensiveFormGame({"a": (1, 2)}, infosets=[5]), "information set 0 must be a list"),  # type: ignore[list-item]
    (lambda: ExtensiveFormGame({"a": (1, 2)}, infosets=[[5]]), "a path of information set 0"),  # type: ignore[list-item]
    (lambda: TREE.expected_payoffs(5), "plans must be a list of plans, got 5"),  # type: ignore[arg-type]
    (lambda: TREE.expected_payoffs([5, 6]), "player 0's plan must be a list of moves, got 5"),  # type: ignore[list-item]
    (lambda: TREE.node(5), "path must be a list of move labels, got 5"),  # type: ignore[arg-type]
    (lambda: TREE.to_normal_form(max_cells="x"), "max_cells must be a whole number"),  # type: ignore[arg-type]
    (lambda: TREE.pure_strategies(5), r"player must be one of 0..1, got 5"),
    (lambda: CoalitionalGame(5, {}), "players must be a list of players, got 5"),  # type: ignore[arg-type]
    (lambda: CoalitionalGame("AB", 5), "v must be a dict from coalitions to values"),  # type: ignore[arg-type]
    (lambda: COALITIONS.v(5), "a coalition must be a list of players, got 5"),  # type: ignore[arg-type]
    (lambda: COALITIONS.is_superadditive(max_splits="x"), "max_splits must be a whole"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "message"), CASES)
def test_bad_input_is_named(call: Callable[[], object], message: str) -> None:
    with pytest.raises(GameError, match=message):
        call()


def test_strings_still_name_players_and_coalitions() -> None:
    assert COALITIONS.players == ("A", "B") and COALITIONS.v("AB") == 6.0
