"""The second probe's defects (issue 28): each test failed before its fix."""

from __future__ import annotations

import errno
import io
import json
import math
import os
import random
import re
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from gametheory import cli
from gametheory.cli import main
from gametheory.core import GameError
from gametheory.files import (
    load_checkers_evaluation,
    load_record,
    move_aside,
    save_record,
    write_atomically,
)
from gametheory.games.abapa import EVALUATIONS, Abapa, AbapaRules, replay
from gametheory.games.checkers import Checkers
from gametheory.games.nim import Nim
from gametheory.players import GameFault, GreedyPlayer, SearchPlayer, play
from gametheory.repetitions import Repetitions
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import iterative_deepening
from gametheory.search.mcts import mcts
from gametheory.search.minimax import minimax
from gametheory.tournament import play_match, round_robin
from gametheory.trees import random_tree, tree
from tests.faulty_players import Cheater, Exiter, First, Interrupter, Last

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file types")


def run(args: list[str], typed: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", "abapa", *args], io.StringIO(typed), out)
    return code, out.getvalue()


def autosave() -> Path:
    return Path(os.environ["GAMETHEORY_AUTOSAVE"])


# -- a game in progress is never lost ------------------------------------------------------
def test_after_a_failed_autosave_quit_asks_and_the_next_start_offers_no_stale_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = cli.save_record

    def disk_fills_up(path: Any, record: Any) -> None:
        if len(record.moves) > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(path, record)

    monkeypatch.setattr(cli, "save_record", disk_fills_up)
    code, text = run(["--depth", "1", "--machine", "greedy"], "3\n1\nquit\nquit\n")
    assert code == 0 and os.strerror(errno.ENOSPC) in text
    assert "its older position there is removed" in text
    assert "the game's 4 moves are not saved: type save FILE" in text  # quit asked
    assert text.rstrip().endswith("bye (nothing saved)")
    assert not autosave().exists()
    monkeypatch.setattr(cli, "save_record", real)
    code, text = run(["--depth", "1"], "quit\n")
    assert "unfinished game" not in text


def test_declining_the_offer_twice_keeps_both_old_games() -> None:
    run(["--depth", "1"], "3\nquit\n")
    run(["--depth", "1"], "n\n1\nquit\n")
    code, text = run(["--depth", "1"], "n\n2\nquit\n")
    second = autosave().with_name("abapa-autosave.previous-2.json")
    assert f"The unfinished game is now in {second}" in text
    assert load_record(autosave().with_suffix(".previous.json")).moves[0] == 3
    assert load_record(second).moves[0] == 1
    assert load_record(autosave()).moves[0] == 2


def test_move_aside_never_replaces_a_kept_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    names = []
    for moves in ([3], [1], [2]):
        save_record(path, replay(Abapa(), moves))
        names.append(move_aside(path))
    assert [load_record(name).moves for name in names] == [(3,), (1,), (2,)]
    assert len(set(names)) == 3 and not path.exists()


def test_ctrl_c_during_a_slow_hint_stops_the_hint_and_keeps_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(self: SearchPlayer, game: Any, state: Any) -> Any:
        raise KeyboardInterrupt  # what Ctrl-C raises in the middle of a long search

    monkeypatch.setattr(SearchPlayer, "search", interrupted)
    args = ["--depth", "1", "--machine", "greedy", "--no-autosave"]
    code, text = run(args, "3\nhint\n1\nsave\nquit\nquit\n")
    assert code == 0 and "hint stopped (Ctrl-C); the game goes on" in text
    assert "interrupted" not in text
    assert "the game's 4 moves are not saved" in text  # the move after the hint was played


# -- save targets: only regular files, never a link, a pipe or a device ---------------------
@posix_only
def test_save_refuses_a_symlink_and_the_file_it_points_to_keeps_its_game(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    save_record(target, replay(Abapa(), [1, 7]))
    link = tmp_path / "link.json"
    link.symlink_to(target)
    code, text = run(["--depth", "1", "--no-autosave"], f"3\nsave {link}\nquit\nquit\n")
    assert "it is a symbolic link" in text and "the game's 2 moves are not saved" in text
    assert link.is_symlink() and load_record(target).moves == (1, 7)


@posix_only
def test_save_and_autosave_refuse_a_fifo(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    code, text = run(["--depth", "1", "--no-autosave"], f"3\nsave {pipe}\nquit\nquit\n")
    assert "it is not a regular file" in text
    code, text = run(["--depth", "1", "--autosave", str(pipe)], "3\nquit\nquit\n")
    assert "keeping no autosave" in text
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    with pytest.raises(GameError, match="not a regular file"):
        write_atomically(pipe, "{}")


@posix_only
def test_an_autosave_on_a_device_node_never_replaces_it(tmp_path: Path) -> None:
    device = tmp_path / "null"
    try:  # a node like /dev/null of our own: the real one must not be at stake in a test
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root (where the defect deleted /dev/null)")
    code, text = run(["--depth", "1", "--autosave", str(device)], f"3\nsave {device}\nquit\nquit\n")
    assert code == 0 and "keeping no autosave" in text
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    with pytest.raises(GameError, match="not a regular file"):
        save_record(device, replay(Abapa(), [3]))
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_an_explicit_save_to_the_autosave_path_survives_the_end_of_the_game() -> None:
    path = autosave()
    args = ["--mode", "human-vs-human", "--houses", "1", "--seeds", "1"]
    code, text = run(args, f"1\nsave {path}\n2\n1\n")
    assert "Game over" in text and "was the autosave file" in text
    assert load_record(path).moves == (1,)  # as saved: later moves did not replace it
    code, text = run(args, "n\nquit\n")  # the next start offers it, and keeps it if declined
    assert load_record(path.with_suffix(".previous.json")).moves == (1,)


def test_a_finished_game_in_the_autosave_file_is_put_aside_not_replaced() -> None:
    rules = AbapaRules(houses_per_side=1, seeds_per_house=1)
    save_record(autosave(), replay(Abapa(rules), [1, 2, 1]))
    code, text = run(["--mode", "human-vs-human", "--houses", "1", "--seeds", "1"], "1\nquit\n")
    assert "A finished game was kept in" in text
    assert load_record(autosave().with_suffix(".previous.json")).moves == (1, 2, 1)


def test_a_nul_byte_in_a_file_name_is_refused_and_the_game_goes_on() -> None:
    args = ["--depth", "1", "--machine", "greedy", "--no-autosave"]
    code, text = run(
        args, "3\nsave a\x00b.json\nload a\x00b.json\nload a\x00b.json\n1\nquit\nquit\n"
    )
    assert code == 0 and text.count("a file name cannot contain a NUL character") == 2
    assert "the game's 4 moves are not saved" in text


def test_a_byte_that_is_not_utf8_at_the_prompt_is_refused_and_the_game_goes_on() -> None:
    typed = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n3\nquit\nquit\n"), encoding="utf-8")
    out = io.StringIO()
    code = main(["play", "abapa", "--depth", "1", "--no-autosave"], typed, out)
    assert code == 0 and "bytes that are not UTF-8 text; type it again" in out.getvalue()
    assert "the game's 2 moves are not saved" in out.getvalue()


def test_load_of_the_autosave_path_does_not_move_it_aside_first() -> None:
    run(["--depth", "1"], "3\nquit\n")
    code, text = run(["--depth", "1", "--load", str(autosave())], "quit\n")
    assert code == 0 and "loaded 2 moves" in text and "No such file" not in text
    assert not autosave().with_suffix(".previous.json").exists()
    assert load_record(autosave()).moves[0] == 3


def test_save_expands_the_tilde(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    code, text = run(["--depth", "1", "--no-autosave"], "3\nsave ~/game.json\nquit\n")
    assert f"saved 2 moves to {tmp_path / 'game.json'}" in text
    assert load_record(tmp_path / "game.json").moves[0] == 3
    code, text = run(["--depth", "1", "--no-autosave", "--load", "~/game.json"], "quit\n")
    assert "loaded 2 moves" in text


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


# -- the engine and the searches ------------------------------------------------------------
@pytest.mark.parametrize("name", ["minimax", "alphabeta", "iterative_deepening"])
def test_an_evaluation_returning_10_to_the_400_is_a_clear_error(name: str) -> None:
    def huge(state: Any, player: int) -> int:
        return 10**400

    search = {"minimax": minimax, "alphabeta": alphabeta}.get(name)
    with pytest.raises(GameError, match=r"evaluation function huge returned a number too large"):
        if search is None:
            iterative_deepening(Abapa(), None, 2, huge)
        else:
            search(Abapa(), None, 2, huge)


@pytest.mark.parametrize("seed", range(5))
def test_mcts_on_infinite_leaves_returns_no_nan_and_avoids_the_minus_infinite_move(
    seed: int,
) -> None:
    inf = math.inf
    game = tree([[inf, -inf], [1, 2], [-inf, 3]])
    assert minimax(game).move == 1  # the other two let MIN reach -inf
    result = mcts(game, iterations=300, seed=seed)
    assert not math.isnan(result.value) and result.move == 1
    assert not any(math.isnan(c.value) for c in result.children)


# -- checkers: bad files and positions are clear errors ---------------------------------------
GOOD_EVALUATION = {"material": {"man": 3, "king": 10}, "positional": []}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"positional": [{"square": "a1", "piece": [1], "bonus": 1}]}, "expected 'man' or 'king'"),
        ({"material": {"man": 1e308, "king": 10}}, "material.man: expected a number from -1e"),
        ({"material": {"man": 3, "king": 10**400}}, "material.king: expected a number from -1e"),
        ({"positional": [{"square": "a1", "piece": "man", "bonus": -1e300}]}, "bonus: expected"),
    ],
)
def test_a_checkers_evaluation_file_with_a_bad_entry_is_refused_whole(
    tmp_path: Path, change: dict[str, Any], expected: str
) -> None:
    path = tmp_path / "evaluation.json"
    path.write_text(json.dumps(GOOD_EVALUATION | change))
    with pytest.raises(GameError, match=re.escape(expected)):
        load_checkers_evaluation(path)
    evaluate = load_checkers_evaluation()  # the 1e308 of the probe made the opening NaN
    assert evaluate(Checkers().initial_state(), 0) == 0.0


@pytest.mark.parametrize(
    ("count", "expected"), [("Q²", "in the digits 0-9"), ("Q" + "9" * 5000, "5000 digits")]
)
def test_checkers_from_fen_with_a_strange_count_is_a_clear_error(count: str, expected: str) -> None:
    text = Checkers().fen(Checkers().initial_state()).rsplit(":", 1)[0] + ":" + count
    with pytest.raises(GameError, match=re.escape(expected)):
        Checkers().from_fen(text)


# -- deep trees ---------------------------------------------------------------------------------
def recursive_spec(rng: random.Random, lo: int, hi: int, depth: int, level: int = 0) -> Any:
    """How random_tree drew its trees before (by recursion): the same draws, in order."""
    if level == depth:
        return rng.randint(-9, 9)
    return [recursive_spec(rng, lo, hi, depth, level + 1) for _ in range(rng.randint(lo, hi))]


@pytest.mark.parametrize(("lo", "hi", "depth", "seed"), [(1, 1, 0, 1), (2, 2, 3, 1), (1, 3, 4, 2)])
def test_random_tree_draws_the_same_trees_without_recursion(
    lo: int, hi: int, depth: int, seed: int
) -> None:
    expected = tree(recursive_spec(random.Random(seed), lo, hi, depth))
    assert repr(random_tree((lo, hi), depth, seed=seed)) == repr(expected)


def test_random_tree_deeper_than_the_recursion_limit() -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # Python's default, whatever an earlier test left
    try:
        chain = random_tree(1, 3000, seed=1)
    finally:
        sys.setrecursionlimit(limit)
    assert len(chain) == 3001
