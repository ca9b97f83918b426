"""What a person types, loads or saves at the console never loses the game."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gametheory.cli import main
from gametheory.core import GameError, IllegalMoveError
from gametheory.files import MAX_FILE_BYTES, load_record, save_record
from gametheory.games.abapa import (
    MAX_HOUSES_PER_SIDE,
    MAX_SEEDS_PER_HOUSE,
    Abapa,
    AbapaRules,
    AbapaState,
    MoveReport,
    replay,
)
from gametheory.games.checkers import Checkers
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import HumanPlayer, RandomPlayer, play

GAME = Abapa()


# -- typed moves of the wrong type ---------------------------------------------------------
@pytest.mark.parametrize("typed", ["True", "2+0j", "3.5", "'3'", "[3]", "None", "3j"])
def test_a_value_equal_to_a_move_but_of_another_type_is_not_a_move(typed: str) -> None:
    out = io.StringIO()
    person = HumanPlayer(io.StringIO(f"{typed}\n4\n"), out)
    move = person.choose(GAME, GAME.initial_state())
    assert move == 4 and type(move) is int
    assert f"{typed!r} is not a move" in out.getvalue()


@pytest.mark.parametrize("typed", ["3.0", "5.", "1e0", " 2.00 "])
def test_an_integral_float_is_read_as_the_house_number(typed: str) -> None:
    person = HumanPlayer(io.StringIO(f"{typed}\n"), io.StringIO())
    move = person.choose(GAME, GAME.initial_state())
    assert move == float(typed) and type(move) is int


def test_a_tuple_move_with_integral_floats_becomes_the_games_own_move() -> None:
    game = Checkers()
    person = HumanPlayer(io.StringIO("(9.0, 16)\n"), io.StringIO())
    move = person.choose(game, game.initial_state())
    assert move == (9, 16) and all(type(x) is int for x in move)
    moves, _ = play(game, [HumanPlayer(io.StringIO("(9.0, 16)\n"), io.StringIO()),
                           RandomPlayer(1)], max_plies=2)  # fmt: skip
    assert moves[0] == (9, 16)


def test_a_tuple_of_the_wrong_shape_or_type_is_not_a_move() -> None:
    game = Checkers()
    out = io.StringIO()
    person = HumanPlayer(io.StringIO("(9, 16, 23)\n(True, 16)\n(9.5, 16)\n[9, 16]\n(9, 16)\n"), out)
    assert person.choose(game, game.initial_state()) == (9, 16)
    text = out.getvalue()
    assert "'(True, 16)' is not a move" in text and "'(9.5, 16)' is not a move" in text
    assert "'[9, 16]' is not a move" in text


def test_tictactoe_cells_typed_as_floats() -> None:
    game = TicTacToe()
    person = HumanPlayer(io.StringIO("4.0\n"), io.StringIO())
    assert type(person.choose(game, game.initial_state())) is int


# -- the console program -------------------------------------------------------------------
def run(args: list[str], typed: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", "abapa", *args], io.StringIO(typed), out)
    return code, out.getvalue()


def test_the_console_reads_integral_floats_and_refuses_lookalikes() -> None:
    code, text = run(["--depth", "1"], "True\n2+0j\n3.0\n5.\n1e0\nquit\n")
    assert code == 0
    assert "'True' is not a move" in text and "'2+0j' is not a move" in text
    assert "A plays house 3" in text
    assert "Traceback" not in text


def test_a_game_error_while_moving_is_reported_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a move the game refuses after the player accepted it (a rule the player does not know)
    original = Abapa.explain
    refusals = iter([True])

    def explain(self: Abapa, state: AbapaState, move: int) -> MoveReport:
        if next(refusals, False):
            raise IllegalMoveError(f"illegal move {move}: refused once, for the test")
        return original(self, state, move)

    monkeypatch.setattr(Abapa, "explain", explain)
    code, text = run(["--depth", "1"], "3\n3\nquit\n")
    assert code == 0
    assert "refused once, for the test" in text
    assert text.count("A plays house 3") == 1


# -- loading: bounded and never a raw error --------------------------------------------------
def record_text(rules: dict[str, object] | None = None, moves: object = (3, 9)) -> str:
    data = {"game": "abapa", "format": 1, "rules": rules or {}, "moves": list(moves)}  # type: ignore[call-overload]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        ('{"game": "abapa", "format": 1, "moves": [' + "9" * 5000 + "]}", "not valid JSON"),
        (
            record_text({"seeds_per_house": 100_000}),
            "seeds_per_house must be a whole number from 1 to",
        ),
        (
            record_text({"houses_per_side": 1000}),
            "houses_per_side must be a whole number from 1 to",
        ),
        (record_text({"houses_per_side": "6"}), "houses_per_side must be a whole number"),
        (record_text({"pits": 6}), "unknown rule option(s) ['pits']"),
        ('{"game": "abapa", "format": 1, "rules": [], "moves": []}', "rules must be a JSON object"),
        (record_text(moves=[[[3]]]), "move 1 ([[3]]) is illegal"),
        (record_text(moves=[None]), "move 1 (None) is illegal"),
        ('{"game": "abapa", "format": 1, "moves": [NaN]}', "move 1 (nan) is illegal"),
    ],
)
def test_a_bad_saved_game_gives_a_game_error(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text)
    with pytest.raises(GameError) as caught:
        load_record(path)
    assert expected in str(caught.value) and str(path) in str(caught.value)


def test_a_file_that_is_too_large_or_not_a_file_is_not_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(GameError, match=r"it has more than 1,000,000 bytes, the most this reads"):
        load_record(big)
    with pytest.raises(GameError, match="not a file"):
        load_record("/dev/zero")
    with pytest.raises(GameError, match="not a file"):
        load_record(tmp_path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(GameError, match="not UTF-8 text"):
        load_record(binary)


def test_rules_are_bounded_and_the_bounds_are_in_the_error() -> None:
    with pytest.raises(GameError, match=f"from 1 to {MAX_SEEDS_PER_HOUSE}, got 100000"):
        AbapaRules(seeds_per_house=100_000)
    with pytest.raises(GameError, match=f"from 1 to {MAX_HOUSES_PER_SIDE}, got 1000"):
        Abapa(houses_per_side=1000)
    largest = Abapa(houses_per_side=MAX_HOUSES_PER_SIDE, seeds_per_house=MAX_SEEDS_PER_HOUSE)
    state = largest.initial_state()
    assert largest.legal_moves(state) == tuple(range(1, MAX_HOUSES_PER_SIDE + 1))


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("--seeds", "1000", "seeds_per_house must be a whole number from 1 to"),
        ("--houses", "1000", "houses_per_side must be a whole number from 1 to"),
        ("--depth", str(10**20), "--depth must be a whole number from 1 to"),
    ],
)
def test_options_that_would_hang_are_refused(option: str, value: str, expected: str) -> None:
    code, text = run([option, value], "quit\n")
    assert code == 2 and expected in text


def bad_files(folder: Path) -> tuple[Path, Path, Path]:
    """Three saved games that must not load: JSON nested 100,000 deep, rules too large to
    build, and a move of 5000 digits."""
    deep = folder / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    huge = folder / "huge.json"
    huge.write_text(record_text({"seeds_per_house": 100_000, "houses_per_side": 1000}))
    digits = folder / "digits.json"
    digits.write_text('{"game": "abapa", "format": 1, "moves": [' + "9" * 5000 + "]}")
    return deep, huge, digits


def test_the_console_survives_every_bad_file(tmp_path: Path) -> None:
    deep, huge, digits = bad_files(tmp_path)
    typed = (
        "".join(f"load {p}\n" for p in (deep, "/dev/zero", huge, digits, tmp_path)) + "3\nquit\n"
    )
    code, text = run(["--depth", "1"], typed)
    assert code == 0 and "Traceback" not in text
    assert text.count("could not load") == 5
    assert "A plays house 3" in text


# -- saving: the previous save survives a failed one ------------------------------------------
FAILING_SAVE = """
import resource, signal, sys
from gametheory.files import save_record
from gametheory.games.abapa import Abapa, replay
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
resource.setrlimit(resource.RLIMIT_FSIZE, (120, 120))
try:
    save_record(sys.argv[1], replay(Abapa(), [3, 9, 1, 7, 2, 8]))
except OSError as error:
    print("save failed:", error.strerror)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX file-size limit")
def test_a_save_that_fails_half_way_leaves_the_previous_save_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(path, replay(Abapa(), [3]))
    before = path.read_bytes()
    assert len(before) > 120  # the limit cuts the new file in the middle
    done = subprocess.run(
        [sys.executable, "-c", FAILING_SAVE, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "save failed: File too large" in done.stdout
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_a_save_keeps_the_files_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(path, replay(Abapa(), [3]))
    path.chmod(0o640)
    save_record(path, replay(Abapa(), [3, 9]))
    assert load_record(path).moves == (3, 9)
    if sys.platform != "win32":
        assert path.stat().st_mode & 0o777 == 0o640


# -- leaving: the game is kept, and the next start offers it ----------------------------------
class Interrupting(io.StringIO):
    """Standard input on which the person presses Ctrl-C after the given lines."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def autosave() -> Path:
    return Path(os.environ["GAMETHEORY_AUTOSAVE"])


@pytest.mark.parametrize(
    ("typed", "stdin_class", "code", "said"),
    [
        ("3\nquit\n", io.StringIO, 0, "bye"),
        ("3\n", io.StringIO, 0, "end of input"),
        ("3\n", Interrupting, 130, "interrupted"),
    ],
)
def test_leaving_keeps_the_game_and_the_next_start_offers_it(
    typed: str, stdin_class: type[io.StringIO], code: int, said: str
) -> None:
    out = io.StringIO()
    assert main(["play", "abapa", "--depth", "1"], stdin_class(typed), out) == code
    text = out.getvalue()
    assert said in text and f"the game (2 moves) is kept in {autosave()}" in text
    assert load_record(autosave()).moves[0] == 3
    code, text = run(["--depth", "1"], "\nboard\nquit\n")  # Enter: yes, continue it
    assert "An unfinished game (2 moves) was kept" in text and "Continue it? [Y/n]" in text
    assert f"loaded 2 moves from {autosave()}" in text


def test_declining_the_offer_keeps_the_old_game_aside() -> None:
    run(["--depth", "1"], "3\nquit\n")
    code, text = run(["--depth", "1"], "n\n1\nquit\n")
    previous = autosave().with_suffix(".previous.json")
    assert f"The unfinished game is now in {previous}" in text
    assert load_record(previous).moves[0] == 3
    assert load_record(autosave()).moves[0] == 1


def test_end_of_input_at_the_offer_changes_nothing() -> None:
    run(["--depth", "1"], "3\nquit\n")
    before = autosave().read_bytes()
    code, text = run(["--depth", "1"], "")
    assert code == 0 and autosave().read_bytes() == before


def test_load_asks_before_replacing_a_game_with_unsaved_moves(tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    save_record(saved, replay(Abapa(), [1, 7]))
    code, text = run(["--depth", "1"], f"3\nload {saved}\nboard\nload {saved}\nload {saved}\n")
    assert text.count("load replaces this game, whose 2 moves are not saved") == 2
    assert text.count("loaded 2 moves") == 1  # only when typed twice in a row
    # after a save nothing is lost, so nothing is asked
    code, text = run(["--depth", "1"], f"3\nsave {tmp_path / 'mine.json'}\nload {saved}\nquit\n")
    assert "load replaces" not in text and "loaded 2 moves" in text


def test_without_autosave_quit_asks_once_when_moves_are_not_saved() -> None:
    code, text = run(["--depth", "1", "--no-autosave"], "3\nquit\nquit\n")
    assert code == 0
    assert "the game's 2 moves are not saved: type save FILE to keep them" in text
    assert text.rstrip().endswith("bye (nothing saved)")
    assert not autosave().exists()


def test_an_autosave_that_cannot_be_written_is_reported_once(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    code, text = run(
        ["--depth", "1", "--autosave", str(blocked / "game.json")], "3\n1\nquit\nquit\n"
    )
    assert code == 0 and text.count("could not keep the game in") == 1
    assert "A plays house 1" in text


def test_a_finished_game_leaves_no_autosave() -> None:
    code, text = run(["--mode", "human-vs-human", "--houses", "1", "--seeds", "1"], "1\n2\n1\n")
    assert "Game over" in text and not autosave().exists()
    code, text = run(["--mode", "machine-vs-machine", "--depth", "1"])
    assert "Game over" in text and not autosave().exists()


def test_loading_at_the_start_puts_an_unfinished_autosave_aside(tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    save_record(saved, replay(Abapa(), [1, 7]))
    run(["--depth", "1"], "3\nquit\n")
    code, text = run(["--depth", "1", "--load", str(saved)], "2\nquit\n")
    assert "Continue it?" not in text and "loaded 2 moves" in text
    assert load_record(autosave().with_suffix(".previous.json")).moves[0] == 3
    assert load_record(autosave()).moves[:3] == (1, 7, 2)


# -- the whole program in a terminal: every bad input, and the game is still there ------------
class Terminal:
    """``python -m gametheory ...`` in a pseudo-terminal: what a person types, Ctrl-C and
    Ctrl-D included, reaches it as from a keyboard."""

    def __init__(self, args: list[str]) -> None:
        import pty

        pid, fd = pty.fork()
        if pid == 0:  # the child: become the program at once
            os.execv(sys.executable, [sys.executable, "-m", "gametheory", *args])
        self.pid, self.fd = pid, fd
        self.text = ""
        self.seen = 0

    def read(self, timeout: float) -> bool:
        import select

        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the program has ended
            return False
        self.text += chunk.decode("utf-8", "replace")
        return bool(chunk)

    def expect(self, pattern: str, timeout: float = 120) -> str:
        """Wait for ``pattern`` after what was expected before; the text up to it."""
        import re
        import time

        deadline = time.monotonic() + timeout
        while not (found := re.search(pattern, self.text[self.seen :])):
            left = deadline - time.monotonic()
            if left <= 0 or (not self.read(min(left, 1.0)) and self.finished()):
                raise AssertionError(f"never saw {pattern!r}; the screen:\n{self.text[-3000:]}")
        start = self.seen
        self.seen += found.end()
        return self.text[start : self.seen]

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode())

    def finished(self) -> bool:
        done, _ = os.waitpid(self.pid, os.WNOHANG)
        if done:
            self.pid = -self.pid  # remember it ended; its status is gone
            while self.read(0.1):
                pass
        return self.pid < 0 or bool(done)

    def exit_code(self) -> int:
        while self.read(0.2):
            pass
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


PROMPT = r"A to move> "


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_session_of_every_bad_input_leaves_the_game_intact(tmp_path: Path) -> None:
    deep, huge, digits = bad_files(tmp_path)
    blocked = tmp_path / "a file"
    blocked.write_text("")
    saved = tmp_path / "saved.json"
    save_record(saved, replay(Abapa(), [1, 7]))
    args = ["play", "abapa", "--depth", "1", "--autosave", str(tmp_path / "autosave.json")]

    screen = Terminal(args)
    screen.expect(PROMPT)
    refused = {
        "True": "'True' is not a move",
        "2+0j": "'2+0j' is not a move",
        "3.5": "'3.5' is not a move",
        "(3,)": "'(3,)' is not a move",
        "x" * 5000: "is not a move",
        "13": "house 13 does not exist",
        "8": "house 8 belongs to B",
        f"load {deep}": "nested more than 20 levels deep",
        "load /dev/zero": "it is not a file",
        f"load {huge}": "houses_per_side must be a whole number from 1 to 12",
        f"load {digits}": "not valid JSON",
        f"load {tmp_path}": "it is not a file",
        f"save {blocked / 'game.json'}": "could not save to",
        "save": "save needs a file name",
    }
    for typed, answer in refused.items():
        screen.type(typed + "\n")
        assert answer in screen.expect(PROMPT), typed
    screen.type("3.0\n")  # an integral float is the house number
    after = screen.expect(PROMPT)
    assert "A plays house 3" in after and "B (alphabeta (depth 1)) chooses house" in after
    screen.type(f"load {saved}\n")  # would replace two unsaved moves: asks first
    assert "load replaces this game, whose 2 moves are not saved" in screen.expect(PROMPT)
    screen.type("\x03")  # Ctrl-C
    assert "the game (2 moves) is kept in" in screen.expect(r"next start offers to continue it")
    assert screen.exit_code() == 130
    kept = load_record(tmp_path / "autosave.json")
    assert kept.moves[0] == 3 and len(kept.moves) == 2

    screen = Terminal(args)  # the next start offers the game
    screen.expect(r"An unfinished game \(2 moves\) was kept in [\s\S]*Continue it\? \[Y/n\] ")
    screen.type("\n")
    board = screen.expect(PROMPT)
    assert "loaded 2 moves" in board and kept.game.text(kept.final) in board.replace("\r\n", "\n")
    screen.type("\x04")  # Ctrl-D at the prompt: end of input
    assert "end of input" in screen.expect(r"next start offers to continue it")
    assert screen.exit_code() == 0
    assert load_record(tmp_path / "autosave.json").moves == kept.moves

    screen = Terminal(args)
    screen.expect(r"Continue it\? \[Y/n\] ")
    screen.type("yes\n")
    screen.expect(PROMPT)
    screen.type("quit\n")
    assert "bye (the game (2 moves) is kept in" in screen.expect(r"continue it\)")
    assert screen.exit_code() == 0
