"""The class tournament of students' files, each in its own process (issue 26).

One league of well-behaved and misbehaving files is played once (it starts a process per
file) and every case is read from it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.games.nim import Nim
from gametheory.teacher import ALLOWED, League, league, screen

FILES = {
    "careful": "def evaluate(state, player):\n    return 0.0\n",
    "rand": (
        "import random\nfrom gametheory.games import nim\nrng = random.Random(1)\n"
        "def choose(game, state):\n    return rng.choice(list(game.legal_moves(state)))\n"
    ),
    "sneaky": "import os\ndef choose(game, state):\n    return game.legal_moves(state)[0]\n",
    "loops": "def choose(game, state):\n    while True:\n        pass\n",
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
}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> League:
    folder = tmp_path_factory.mktemp("league")
    for name, source in FILES.items():
        (folder / f"{name}.py").write_text(source, encoding="utf-8")
    files = [folder / f"{name}.py" for name in FILES]
    return league(files, Nim(7), games_per_pair=2, time_per_move=0.5, memory_mb=128, depth=3)


def reasons(played: League, name: str) -> set[str]:
    return {why.split(": ", 1)[1] for who, why in played.forfeits() if who == name}


def test_every_game_is_played_and_none_lost(played: League) -> None:
    pairs = len(FILES) * (len(FILES) - 1) // 2
    assert len(played.result.records) == 2 * pairs
    assert played.result.failures == ()


def test_the_files_that_behave_never_forfeit_and_lead_the_table(played: League) -> None:
    table = played.result.standings()
    assert {row.name for row in table[:2]} == {"careful", "rand"}
    assert all(row.forfeits == 0 for row in table[:2])
    elo = played.result.ratings()
    assert min(elo["careful"], elo["rand"]) > max(
        elo[n] for n in FILES if n not in ("careful", "rand")
    )


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("sneaky", "refused before it ran: line 1: imports os (allowed: "),
        ("loops", "took longer than 0.5 s for a move"),
        ("hog", "ran out of memory (the limit is 128 MB)"),
        ("chatty", "printed 'hm\\n' (a player must not print)"),
        ("raises", "raised ZeroDivisionError at line 2: division by zero"),
        ("illegal", "take 99 with"),
        ("lambda", "chose function, which is no move"),
        ("atimport", "did not load: raised ValueError at line 1: not yet"),
        (
            "nothing",
            "did not load: defines neither choose(game, state) nor evaluate(state, player)",
        ),
    ],
)
def test_a_misbehaving_file_forfeits_with_its_reason(
    played: League, name: str, reason: str
) -> None:
    told = reasons(played, name)
    assert told and all(reason in why for why in told), told
    row = next(r for r in played.result.standings() if r.name == name)
    assert row.forfeits == sum(who == name for who, _ in played.forfeits()) > 0


def test_the_table_names_the_refused_and_the_unloadable(played: League) -> None:
    text = str(played)
    assert "sneaky: refused: line 1: imports os" in text
    assert "atimport: did not load: raised ValueError" in text
    assert "Elo" in text


# -- the import check ------------------------------------------------------------------------------
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
    ],
)
def test_a_file_reaching_outside_the_game_is_refused(source: str) -> None:
    assert screen(source) != []


@given(st.sampled_from(sorted(ALLOWED)), st.sampled_from(["", ".x", ".y.z"]))
def test_the_allowed_modules_and_their_submodules_pass(module: str, tail: str) -> None:
    assert screen(f"import {module}{tail}\nfrom {module}{tail} import thing\n") == []


def test_a_file_that_does_not_parse_is_refused_with_its_line() -> None:
    assert screen("x = 1\ndef f(:\n") == ["line 2: does not parse: invalid syntax"]


def test_a_league_needs_two_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least two student files"):
        league([tmp_path / "a.py"])
