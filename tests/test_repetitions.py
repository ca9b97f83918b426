"""Cycles: every way of playing a game to its end (the console, play, round robins, MCTS
playouts) ends a cycle the rules do not end, through the one guard, repetitions.Repetitions."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from gametheory.cli import main
from gametheory.games.abapa import EVALUATIONS, Abapa, AbapaRules, replay
from gametheory.players import GreedyPlayer, SearchPlayer, play
from gametheory.repetitions import Repetitions
from gametheory.search.mcts import mcts
from gametheory.tournament import round_robin
from tests.faulty_players import First


def run(args: list[str], typed: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", "abapa", *args], io.StringIO(typed), out)
    return code, out.getvalue()


# -- cycles: every way of playing ends ---------------------------------------------------
BELOW_FOUR = Abapa(AbapaRules(cycle="below_four"))
CAUGHT = BELOW_FOUR.state((1, 1, 5, 4, 3, 0, 1, 1, 3, 2, 5, 13), (7, 2), 1)
"""A position from which greedy players with the thesis evaluation go round a cycle."""


class Forever:  # a one-position game with no end: each move leads back to it
    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return 0

    def legal_moves(self, state: int) -> tuple[int]:
        return (0,)

    def result(self, state: int, move: int) -> int:
        return 0

    def is_terminal(self, state: int) -> bool:
        return False

    def utility(self, state: int, player: int) -> float:
        return 0.0


def within(seconds: float, action: Callable[[], Any]) -> Any:
    """``action()``, which must end within ``seconds`` (a liveness bound, not a timing)."""
    box: list[Any] = []

    def run() -> None:
        try:
            box.append(action())
        except BaseException as error:  # handed to the test
            box.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s: it never ends"
    if isinstance(box[0], BaseException):
        raise box[0]
    return box[0]


def test_the_console_game_that_went_round_a_cycle_forever_ends() -> None:
    command = [sys.executable, "-m", "gametheory", "play", "abapa", "--mode",
               "machine-vs-machine", "--cycle", "below_four", "--evaluation", "mobility",
               "--depth", "2"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "The position has now occurred 3 times" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].startswith("Game over")
    assert len(done.stdout) < 1_000_000


def test_play_ends_a_cycle_as_the_repetition_rule_does() -> None:
    searcher = SearchPlayer("alphabeta", 2, EVALUATIONS["mobility"])
    moves, final = within(60, lambda: play(BELOW_FOUR, [searcher, searcher]))
    assert BELOW_FOUR.is_terminal(final) and not any(final.houses)
    line = replay(BELOW_FOUR, moves)
    assert not BELOW_FOUR.is_terminal(line.final)  # the rules alone had not ended it
    assert line.states.count(line.final) == 3  # the third time: a cycle
    assert final == BELOW_FOUR.cycle_end(line.final)
    greedy = GreedyPlayer(EVALUATIONS["thesis"])
    moves, final = within(60, lambda: play(BELOW_FOUR, [greedy, greedy], CAUGHT))
    assert BELOW_FOUR.is_terminal(final)


def test_a_game_without_cycle_end_stops_unfinished_and_unhashable_states_are_not_counted() -> None:
    moves, final = within(10, lambda: play(Forever(), [First(), First()]))
    assert moves == [0, 0] and final == 0
    assert not any(Repetitions(Forever()).cycle([0]) for _ in range(5))


def test_a_round_robin_without_max_plies_ends_a_cycle() -> None:
    players = [SearchPlayer("alphabeta", 2, EVALUATIONS["mobility"], name=n) for n in "xy"]
    result = within(120, lambda: round_robin(BELOW_FOUR, players, 2, openings=[()], progress=False))
    assert len(result.records) == 2 and all(r.finished for r in result.records)


def test_mcts_with_a_greedy_playout_caught_in_a_cycle_stops_near_its_time_limit() -> None:
    greedy = GreedyPlayer(EVALUATIONS["thesis"])
    result = within(30, lambda: mcts(BELOW_FOUR, CAUGHT, time_limit=2, playout=greedy, seed=1))
    assert result.move in BELOW_FOUR.legal_moves(CAUGHT) and result.stats.leaves > 1
    drawn = within(10, lambda: mcts(Forever(), iterations=5, playout=First()))
    assert drawn.value == 0  # a playout caught in a cycle, in a game without cycle_end: a draw
