"""The console program, end to end through its standard input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gametheory.cli import main
from gametheory.files import load_record
from gametheory.games.abapa import Abapa


def run(args: list[str], typed: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", "abapa", *args], io.StringIO(typed), out)
    return code, out.getvalue()


def test_human_against_machine_moves_and_quits() -> None:
    code, text = run(["--depth", "2"], "3\nquit\n")
    assert code == 0
    assert "A plays house 3: sows 4 seeds into houses 4–7." in text
    assert "B (alphabeta (depth 2)) chooses house" in text
    assert "bye (the game (2 moves) is kept in" in text.splitlines()[-1]


def test_wrong_input_never_loses_the_game() -> None:
    code, text = run(["--depth", "1"], "x\n\n13\n8\n0\n-1\n3\n3\nboard\n")
    assert code == 0
    assert "'x' is not a move" in text
    assert "house 13 does not exist" in text
    assert "house 8 belongs to B" in text
    assert "house 0 does not exist" in text
    assert "house -1 does not exist" in text
    assert "house 3 is empty" in text  # the second 3, after the machine's reply
    assert text.count("A plays house 3") == 1
    assert "end of input: leaving (the game (2 moves) is kept in" in text


def test_end_of_input_exits_cleanly_at_once() -> None:
    code, text = run([], "")
    assert code == 0 and "end of input" in text


def test_hint_gives_a_move_value_and_line() -> None:
    code, text = run(["--depth", "3", "--algorithm", "minimax"], "hint\nquit\n")
    assert code == 0
    hint = next(line for line in text.splitlines() if "hint: house" in line)
    assert "value" in hint and "expected line:" in hint
    line = hint.split("expected line: ")[1].rstrip(")").split()
    assert len(line) == 3 and line[0] in "123456"


def test_undo_takes_back_the_move_and_the_reply() -> None:
    code, text = run(["--depth", "1"], "3\nundo\nundo\n3\nquit\n")
    assert code == 0
    undone = [line for line in text.splitlines() if line.startswith("undone")]
    assert len(undone) == 1 and len(undone[0].split()) == 3  # "undone: 3 <reply>"
    assert "nothing to undo" in text
    assert text.count("A plays house 3") == 2


def test_save_and_load_a_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, text = run(["--depth", "1"], f"3\n1\nsave {path}\nquit\n")
    assert code == 0 and f"saved 4 moves to {path}" in text
    record = load_record(path)
    assert record.moves[0] == 3 and record.moves[2] == 1 and len(record.moves) == 4
    # continue from the file, with load at the prompt and with --load
    code, text = run(["--depth", "1"], f"load {path}\nundo\nquit\n")
    assert "loaded 4 moves" in text and "undone: 1" in text
    code, text = run(["--depth", "1", "--load", str(path)], "quit\n")
    assert code == 0 and "loaded 4 moves" in text


def test_bad_files_are_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "abapa", "format": 1, "moves": [3, 3]}))
    typed = f"load {bad}\nload {tmp_path / 'missing.json'}\nload\nsave\nsave {tmp_path}\n3\nquit\n"
    code, text = run(["--depth", "1"], typed)
    assert code == 0
    assert "could not load" in text and "move 2 (3) is illegal" in text
    assert "cannot read saved game" in text
    assert "load needs a file name" in text and "save needs a file name" in text
    assert f"will not save over {str(tmp_path)!r}: it is not a regular file" in text  # a folder
    assert "A plays house 3" in text


def test_machine_against_machine_plays_to_the_end() -> None:
    code, text = run(["--mode", "machine-vs-machine", "--depth", "2", "--evaluation", "mixed"])
    assert code == 0
    assert text.rstrip().splitlines()[-1].startswith("Game over:")


def test_human_against_human_on_a_small_board_with_variants() -> None:
    typed = "1\n3\n2\n4\n1\n3\n2\n4\n" * 3
    code, text = run(
        ["--mode", "human-vs-human", "--houses", "2", "--seeds", "2", "--grand-slam", "capture"],
        typed,
    )
    assert code == 0 and "B to move>" in text


def test_machine_can_start_and_be_greedy_or_random() -> None:
    code, text = run(["--first", "machine", "--machine", "greedy", "--no-autosave"], "quit\n")
    assert "A (greedy) chooses house 1" in text
    code, text = run(["--first", "machine", "--machine", "random", "--seed", "3"], "quit\nquit\n")
    assert "A (random) chooses house" in text


def test_rule_variants_reach_the_game(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run(["--cycle", "below_four", "--grand-slam", "forbidden"], f"save {path}\nquit\n")
    assert load_record(path).rules == Abapa(cycle="below_four", grand_slam="forbidden").rules


def test_bad_options_give_an_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(["--houses", "0"])
    assert code == 2 and "houses_per_side must be a whole number from 1 to 12" in text
    code, text = run(["--depth", "0"])
    assert code == 2 and "--depth must be a whole number from 1 to 16" in text
    assert run(["--algorithm", "best"])[0] == 2
    assert "invalid choice" in capsys.readouterr().err


def test_engine_is_a_choice() -> None:
    code, text = run(["--algorithm", "engine", "--depth", "2"], "hint\nquit\n")
    assert (code == 0 and "hint: house" in text) or (code == 2 and "choose minimax" in text)


def test_python_dash_m_gametheory() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gametheory", "play", "abapa", "--depth", "1"],
        input="help\n4\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "undo        take back your last move" in done.stdout
    assert "or a command: hint, undo, save, load, board, quit, help" in done.stdout
    assert "A plays house 4" in done.stdout
