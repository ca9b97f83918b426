"""The console keeps a game in progress: autosave, the offer at the next start, save targets
(only regular files, never a link, a pipe or a device)."""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from gametheory import cli
from gametheory.cli import main
from gametheory.core import GameError
from gametheory.files import (
    load_record,
    move_aside,
    save_record,
    write_atomically,
)
from gametheory.games.abapa import Abapa, AbapaRules, replay
from gametheory.players import SearchPlayer

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
