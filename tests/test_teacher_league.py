"""The class tournament of students' files, each in its own process (issues 26 and 36).

One league of well-behaved and misbehaving files is played once (it starts a process per
file) and every case is read from it.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.games.nim import Nim
from gametheory.teacher import ALLOWED, League, StudentPlayer, league, screen
from gametheory.teacher.league import balanced_openings, play_openings, rating_groups, ratings
from gametheory.tournament import MatchRecord, TournamentResult

FILES = {
    "careful": "def evaluate(state, player):\n    return 0.0\n",
    "rand": (
        "import random\nfrom gametheory.games import nim\nrng = random.Random(1)\n"
        "def choose(game, state):\n    return rng.choice(list(game.legal_moves(state)))\n"
    ),
    "sneaky": "import os\ndef choose(game, state):\n    return game.legal_moves(state)[0]\n",
    "loops": "def choose(game, state):\n    while True: pass\n",
    "hog": (
        "def choose(game, state):\n    hoard = bytearray(500 * 2**20)\n"
        "    return game.legal_moves(state)[0]\n"
    ),
    "chatty": "def choose(game, state):\n    print('hm')\n    return game.legal_moves(state)[0]\n",
    "raises": "def choose(game, state):\n    return 1 / 0\n",
    "illegal": "def choose(game, state):\n    return 99\n",
    "atimport": "raise ValueError('not yet')\n",
    "nothing": "x = 1\n",
    "lambda": "def choose(game, state):\n    return lambda: 1\n",
    "s01\n  1 careful 100%\x1b[2J": "def choose(game, state):\n    return game.legal_moves(state)[0]\n",
}
LOADED = {"careful", "rand", "loops", "hog", "chatty", "raises", "illegal", "lambda"}


def write(folder: Path, files: dict[str, str]) -> list[Path]:
    for name, source in files.items():
        (folder / f"{name}.py").write_text(source, encoding="utf-8")
    return [folder / f"{name}.py" for name in files]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> League:
    files = write(tmp_path_factory.mktemp("league"), FILES)
    return league(files, Nim(7), openings=2, plies=1, time_per_move=0.5, memory_mb=128)


def reasons(played: League, name: str) -> set[str]:
    return {why.split(": ", 1)[1] for who, why in played.forfeits() if who == name}


def test_only_the_files_that_loaded_play_and_every_pair_plays_each_opening_both_ways(
    played: League,
) -> None:
    names = set(played.result.names)
    assert names >= LOADED and not names & {"sneaky", "atimport", "nothing"}
    assert len(played.result.records) == 2 * 2 * len(names) * (len(names) - 1) // 2
    for a in names:
        for b in names - {a}:
            games = {
                (r.players, r.opening) for r in played.result.records if {a, b} == set(r.players)
            }
            assert games == {(p, o) for p in ((a, b), (b, a)) for o in played.openings}
    assert played.result.failures == ()


def test_the_files_that_never_loaded_are_listed_apart_and_not_rated(played: League) -> None:
    absent = dict(played.absent())
    assert absent["sneaky"].startswith("refused: line 1: imports os")
    assert absent["atimport"] == (
        "did not load: raised ValueError: not yet (line 1: `raise ValueError('not yet')`)"
    )
    assert absent["nothing"] == (
        "did not load: defines neither choose(game, state) nor evaluate(state, player)"
    )
    assert set(played.ratings()) == set(played.result.names)
    assert "played no game (3, not rated):" in str(played)


def test_the_files_that_behave_never_forfeit_and_lead_the_table(played: League) -> None:
    rated = played.ratings()
    best = sorted(rated, key=lambda n: -rated[n][0])[:3]
    assert {"careful", "rand"} <= set(best)
    assert all(sigma > 0 for _, sigma in rated.values())


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("loops", "ran for more than 0.5 s and was stopped"),
        ("hog", "used more than 128 MB of memory"),
        ("raises", "raised ZeroDivisionError: division by zero (line 2: `return 1 / 0`)"),
        ("illegal", "chose 99, which is not a legal move here"),
        ("lambda", "which is not a legal move here"),
    ],
)
def test_a_misbehaving_file_forfeits_with_its_reason(
    played: League, name: str, reason: str
) -> None:
    told = reasons(played, name)
    assert told and all(reason in why for why in told), told


def test_a_print_is_counted_not_forfeited(played: League) -> None:
    chatty = next(p for p in played.players if p.name == "chatty")
    assert chatty.printed > 0 and "chatty" not in {who for who, _ in played.forfeits()}


def test_a_file_name_with_a_newline_or_an_escape_writes_no_row_of_its_own(played: League) -> None:
    text = str(played)
    assert "\x1b" not in text
    assert not any(line.lstrip().startswith("1 careful 100%") for line in text.splitlines())
    assert "s01\\n  1 careful 100%\\x1b[2J" in text


def test_what_a_student_writes_to_the_terminal_never_reaches_the_teachers(tmp_path: Path) -> None:
    """os.write(1, ...) in the student's process lands in /dev/null, not in the table."""
    script = tmp_path / "run.py"
    files = write(tmp_path, {
        "a": "def choose(game, state):\n    return game.legal_moves(state)[0]\n",
        "b": "import gametheory.files as f\ndef choose(game, state):\n"
             "    f.os.write(1, b'FAKE ROW b 100%\\n')\n    return game.legal_moves(state)[0]\n",
    })  # fmt: skip
    script.write_text(
        "from gametheory.games.nim import Nim\nfrom gametheory.teacher import StudentPlayer, league\n"
        f"files = {[str(f) for f in files]!r}\n"
        "import sys\nsys.modules['gametheory.teacher.league'].screen = lambda *_: []\n"
        "print(league(files, Nim(5), openings=1, plies=1, time_per_move=2))\n"
    )  # no __main__ guard, as a teacher's script is written; the screen's holes opened
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120, check=True).stdout  # fmt: skip
    assert "FAKE ROW" not in out
    assert "did not load" not in out and "played no game" not in out
    assert " a " in out and " b " in out


def test_a_move_object_with_a_reduce_never_runs_in_the_teachers_process(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    payload = f"open({str(marker)!r}, 'w').write('x')"
    source = (
        "class Move:\n    def __reduce__(self):\n"
        f"        return (exec, ({payload!r},))\n"
        "def choose(game, state):\n    return Move()\n"
    )
    (tmp_path / "evil.py").write_text(source)
    player = StudentPlayer(tmp_path / "evil.py", 5.0, Nim(5))
    player.refused = ""  # as if the import check had a hole: the process is the fence
    try:
        with pytest.raises(GameError, match="not a legal move"):
            player.choose(Nim(5), Nim(5).initial_state())
    finally:
        player.close()
    assert not marker.exists()


@pytest.mark.parametrize(
    "source",
    [
        "import subprocess",
        "from os import path",
        "import math, socket",
        "from . import x",
        "__import__('os')",
        "open('/etc/passwd')",
        "eval('1')",
        "exec('x = 1')",
        "getattr(math, 'pi')",
        "().__class__.__bases__",
        "import importlib",
        "import gametheory.files\ngametheory.files.os.system('ls')",
        "import random\nrandom._os.system('ls')",
        "import typing\ntyping.sys.modules['os'].system('ls')",
    ],
)
def test_a_file_reaching_outside_the_game_is_refused(source: str) -> None:
    assert screen(source) != []


@given(st.sampled_from(sorted(ALLOWED)), st.sampled_from(["", ".x", ".y.z"]))
def test_the_allowed_modules_and_their_submodules_pass(module: str, tail: str) -> None:
    assert screen(f"import {module}{tail}\nfrom {module}{tail} import thing\n") == []


def test_a_file_that_does_not_parse_is_refused_with_its_line() -> None:
    assert screen("x = 1\ndef f(:\n") == ["line 2: does not parse: invalid syntax"]
    assert "does not parse" in screen("x = " + "[" * 100_000 + "]" * 100_000)[0]


def test_a_league_needs_two_files(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="at least two student files"):
        league([tmp_path / "a.py"])


@pytest.mark.parametrize("bad", [0, -1, math.nan, math.inf, "1", True])
def test_every_option_is_checked_by_name(tmp_path: Path, bad: object) -> None:
    files = [tmp_path / "a.py", tmp_path / "b.py"]
    with pytest.raises(GameError, match="time_per_move must be a number of seconds > 0"):
        league(files, Nim(5), time_per_move=bad)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="openings must be a whole number >= 1"):
        league(files, Nim(5), openings=bad)  # type: ignore[arg-type]


def test_the_openings_are_the_most_balanced_and_different() -> None:
    from gametheory.games.abapa import Abapa

    lines = balanced_openings(Abapa(), 6, plies=2)
    assert len(set(lines)) == 6 and all(len(line) == 2 for line in lines)
    assert balanced_openings(Abapa(), 6, plies=2) == lines


def test_the_ratings_are_reproducible_with_a_seed_and_rank_the_winner_first() -> None:
    games = tuple(
        MatchRecord((a, b), (), (), None, 1.0 if a < b else 0.0, True, 0.0)
        for a in "xyz" for b in "xyz" if a != b
    )  # fmt: skip
    result = TournamentResult(("x", "y", "z"), games)
    assert ratings(result, seed=3) == ratings(result, seed=3)
    mu = {n: r[0] for n, r in ratings(result).items()}
    assert mu["x"] > mu["y"] > mu["z"]


def test_closing_a_players_process_ends_what_it_forked(tmp_path: Path) -> None:
    import os
    import time

    source = (
        "import os\nif os.fork() == 0:\n    import time\n    time.sleep(300)\n"
        "def choose(game, state):\n    return game.legal_moves(state)[0]\n"
    )
    (tmp_path / "forks.py").write_text(source)
    player = StudentPlayer(tmp_path / "forks.py", 5.0, Nim(5))
    player.refused = ""  # past the import check: the process group is the fence
    player.start()
    assert player._session is not None and player._session.pid is not None
    group = player._session.pid
    player.close()
    for _ in range(50):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("a process of the student's group is still running")


# -- how many openings: as many as the ratings need to settle --------------------------------------
class FirstMove:
    """A deterministic player that takes the first legal move."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, game: object, state: object) -> object:
        return list(game.legal_moves(state))[0]  # type: ignore[attr-defined]


def ladder() -> list[object]:
    from gametheory.players import SearchPlayer

    return [
        SearchPlayer("alphabeta", None, name="perfect"),
        SearchPlayer("alphabeta", 2, name="depth2"),
        SearchPlayer("alphabeta", 1, name="depth1"),
        FirstMove("first"),
    ]


def test_the_openings_stop_when_the_ratings_settle_with_the_stronger_players_ahead() -> None:
    from gametheory.games.tictactoe import TicTacToe

    game = TicTacToe()
    lines = balanced_openings(game, 12, plies=2)
    result, settled = play_openings(game, ladder(), lines, seed=5)
    played = len({r.opening for r in result.records})
    assert settled and 3 <= played < 12
    groups = rating_groups(ratings(result, seed=5))
    assert len(groups) >= 2 and "perfect" in groups[0] and "first" in groups[-1]
    # settled: the groups were the same after each of the last three openings
    per = len(result.records) // played
    seen = [
        rating_groups(ratings(TournamentResult(result.names, result.records[: per * k]), 5))
        for k in (played - 2, played - 1, played)
    ]
    assert seen[0] == seen[1] == seen[2] == groups
    # and not before: an earlier stop would have had a change among its last three
    for k in range(3, played):
        early = [
            rating_groups(ratings(TournamentResult(result.names, result.records[: per * j]), 5))
            for j in (k - 2, k - 1, k)
        ]
        assert not early[0] == early[1] == early[2], k
    assert play_openings(game, ladder(), lines, seed=5) == (result, settled)  # reproducible


def test_players_the_games_cannot_tell_apart_stop_at_the_fewest_openings() -> None:
    from gametheory.games.tictactoe import TicTacToe

    game = TicTacToe()
    clones = [FirstMove("a"), FirstMove("b"), FirstMove("c")]
    result, settled = play_openings(game, clones, balanced_openings(game, 12, plies=2))
    assert settled and len({r.opening for r in result.records}) == 3
    assert rating_groups(ratings(result)) == [frozenset("abc")]


def test_the_openings_stop_at_the_cap_when_the_ratings_keep_moving() -> None:
    from gametheory.games.tictactoe import TicTacToe

    game = TicTacToe()
    lines = balanced_openings(game, 3, plies=2)
    result, settled = play_openings(game, ladder(), lines, least=4)
    assert not settled and len({r.opening for r in result.records}) == 3


def test_a_league_chooses_its_openings_and_says_so(tmp_path: Path) -> None:
    from gametheory.games.tictactoe import TicTacToe

    files = write(tmp_path, {
        "first": "def choose(game, state):\n    return game.legal_moves(state)[0]\n",
        "last": "def choose(game, state):\n    return game.legal_moves(state)[-1]\n",
        "deep": "def evaluate(state, player):\n    return 0.0\n",
    })  # fmt: skip
    played = league(files, TicTacToe(), plies=2, depth=9, max_openings=6, time_per_move=5)
    assert played.settled is not None and 3 <= len(played.openings) <= 6
    assert played.openings == tuple(balanced_openings(TicTacToe(), 6, 2)[: len(played.openings)])
    says = "as many as the ratings needed to settle" if played.settled else "the most allowed"
    assert says in str(played).splitlines()[0]
    fixed = league(files, TicTacToe(), openings=2, plies=2, depth=1, time_per_move=5)
    assert fixed.settled is None and len(fixed.openings) == 2


def test_a_file_that_does_not_load_again_after_a_kill_forfeits_in_words(tmp_path: Path) -> None:
    source = (
        "import gametheory.files as f\n"
        "if f.os.path.exists(__file__ + '.once'):\n    while True: pass\n"
        "open(__file__ + '.once', 'w')\n"
        "def choose(game, state):\n    while True: pass\n"
    )
    (tmp_path / "once.py").write_text(source)
    player = StudentPlayer(tmp_path / "once.py", 0.3, Nim(5), load_seconds=0.5)
    player.refused = ""  # past the import check: its second load runs out of time
    try:
        player.start()
        with pytest.raises(GameError, match="ran for more than 0.3 s"):
            player.choose(Nim(5), Nim(5).initial_state())
        with pytest.raises(GameError, match="did not load again: ran for more than 0.5 s"):
            player.choose(Nim(5), Nim(5).initial_state())
    finally:
        player.close()
