"""Tournaments keep every game that ended: a player that exits, Ctrl-C, a game whose rules
fail."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from gametheory.games.nim import Nim
from gametheory.players import GameFault
from gametheory.tournament import play_match, round_robin
from tests.faulty_players import Cheater, Exiter, First, Interrupter, Last

# -- tournaments keep every game that ended ------------------------------------------------
NIM = Nim(9)


@pytest.mark.parametrize("where", ["here", "pool", "time limit"])
def test_a_player_calling_sys_exit_forfeits_and_every_game_is_kept(where: str) -> None:
    players = [First("first"), Exiter()]
    options: dict[str, Any] = {"openings": 1, "progress": False}
    if where == "time limit":
        options["time_per_move"] = 30
    with ProcessPoolExecutor(2) as pool:
        if where == "pool":
            options["executor"] = pool
        result = round_robin(NIM, players, 4, **options)
    assert len(result.records) == 4 and not result.failures and not result.unplayed
    assert all(r.players[r.forfeit] == "exiter" for r in result.records if r.forfeit is not None)
    assert "exiter lost 4 games by forfeit" in str(result)
    assert "called sys.exit(3)" in str(result)


def test_ctrl_c_keeps_the_games_that_ended_and_lists_the_others() -> None:
    players = [First("a"), Last("b"), Interrupter()]  # a and b meet first, then Ctrl-C
    with pytest.warns(UserWarning, match="interrupted: 2 of 6 games were played"):
        result = round_robin(NIM, players, openings=0, progress=False)
    assert [r.players for r in result.records] == [("a", "b"), ("b", "a")]
    assert all(r.finished for r in result.records)
    assert len(result.unplayed) == 4 and not result.failures
    assert all("interrupted (Ctrl-C)" in game.error for game in result.unplayed)
    assert "4 games not played: the tournament was interrupted" in str(result)


@pytest.mark.parametrize("signal_parent", [False, True])
def test_ctrl_c_with_a_process_pool_keeps_what_was_played(
    signal_parent: bool, tmp_path: Path
) -> None:
    marker = str(tmp_path / "pressed") if signal_parent else None
    players = [First("a"), Last("b"), Interrupter(marker)]
    with ProcessPoolExecutor(2) as pool, pytest.warns(UserWarning, match="interrupted"):
        result = round_robin(NIM, players, openings=0, progress=False, executor=pool)
    total = len(result.records) + len(result.unplayed) + len(result.failures)
    assert total == 6 and result.unplayed
    assert all(r.finished and r.forfeit is None for r in result.records)


class BrokenNim(Nim):
    """Nim whose rules fail on a legal move: taking 3 from 7 matches."""

    def result(self, state: Any, move: Any) -> Any:
        if move == 3 and state.matches == 7:
            raise ZeroDivisionError("a bug in the rules")
        return super().result(state, move)


def test_a_game_whose_rules_fail_on_a_legal_move_does_not_charge_the_player() -> None:
    game = BrokenNim(9)
    assert 3 in game.legal_moves(game.result(game.initial_state(), 2))
    with pytest.raises(
        GameFault, match=r"the game failed on the legal move 3 at move 1 \(chosen by B \(last\)\)"
    ):
        play_match(game, Last("b"), Last("last"), opening=(2,))
    result = round_robin(game, [Last("b"), First("a")], 2, openings=[(2,)], progress=False)
    assert not any(r.forfeit is not None for r in result.records)
    assert result.failures and all("GameFault" in f.error for f in result.failures)
    assert "chose an illegal move" not in str(result)
    cheat = play_match(NIM, Cheater(), First())  # a move the game does not list: a forfeit
    assert cheat.forfeit == 0 and "chose an illegal move" in cheat.error
