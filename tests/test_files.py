"""gametheory/files.py: saved games and the checkers evaluation on disk, bounded reading and
atomic writing (the console's use of them is tests/test_cli_input_and_saves.py's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gametheory.core import GameError
from gametheory.files import load_checkers_evaluation, load_record, save_record
from gametheory.games.abapa import Abapa, replay


# -- saved games ------------------------------------------------------------------------------
def test_a_saved_game_loads_as_it_was(tmp_path: Path) -> None:
    game = Abapa(grand_slam="capture", cycle="below_four")
    record = replay(game, [3, 9, 1, 7])
    path = tmp_path / "game.json"
    save_record(path, record)
    loaded = load_record(path)
    assert loaded == record and loaded.rules == game.rules
    assert json.loads(path.read_text())["rules"]["grand_slam"] == "capture"
    assert path.read_text().endswith("}\n")


def test_loading_a_missing_binary_or_broken_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="cannot read saved game .*nowhere.json"):
        load_record(tmp_path / "nowhere.json")
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(GameError, match="bad.json"):
        load_record(tmp_path / "bad.json")
    (tmp_path / "illegal.json").write_text('{"game": "abapa", "format": 1, "moves": [3, 3]}')
    with pytest.raises(GameError, match=r"illegal.json': move 2 \(3\) is illegal"):
        load_record(tmp_path / "illegal.json")
    (tmp_path / "deep.json").write_text("[" * 30 + "]" * 30)
    with pytest.raises(GameError, match="nested more than 20 levels deep"):
        load_record(tmp_path / "deep.json")


# -- the checkers evaluation ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"material": {"man": 3}}, "material must be an object with exactly 'man' and 'king'"),
        ({"material": {"man": "3", "king": 10}}, r"material\.man: expected a number, got '3'"),
        (
            {
                "material": {"man": 3, "king": 10},
                "positional": [{"square": "b1", "piece": "man", "bonus": 1}],
            },
            r"positional\[0\]\.square: square 'b1' is a light square",
        ),
        (
            {
                "material": {"man": 3, "king": 10},
                "positional": [{"square": "a1", "piece": "queen", "bonus": 1}],
            },
            r"positional\[0\]\.piece: expected 'man' or 'king', got 'queen'",
        ),
        (
            {
                "material": {"man": 3, "king": 10},
                "positional": [
                    {"square": "a1", "piece": "man", "bonus": 1},
                    {"square": "a1", "piece": "man", "bonus": 2},
                ],
            },
            r"positional\[1\]: a second bonus for a man on a1",
        ),
        ({"material": {"man": 3, "king": 10}, "weights": []}, r"unknown key\(s\) \['weights'\]"),
    ],
)
def test_a_broken_evaluation_file_names_the_bad_entry(
    tmp_path: Path, data: object, message: str
) -> None:
    path = tmp_path / "eval.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameError, match=str(path).replace("\\", "\\\\") + ": " + message):
        load_checkers_evaluation(path)


def test_a_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    path = tmp_path / "eval.json"
    path.write_text("{material: 3}", encoding="utf-8")
    with pytest.raises(GameError, match="eval.json: not valid JSON"):
        load_checkers_evaluation(path)


def test_the_evaluation_round_trips_through_its_json_form(tmp_path: Path) -> None:
    evaluate = load_checkers_evaluation()
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(evaluate.to_dict()), encoding="utf-8")
    again = load_checkers_evaluation(path)
    assert (again.man, again.king, dict(again.bonus)) == (
        evaluate.man,
        evaluate.king,
        dict(evaluate.bonus),
    )


def test_load_evaluation_reports_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(GameError, match=r"cannot read evaluation .*missing.json"):
        load_checkers_evaluation(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    with pytest.raises(GameError, match=r"cannot read evaluation .*binary.json': it is not UTF-8"):
        load_checkers_evaluation(binary)
    with pytest.raises(GameError, match=r"not a file"):
        load_checkers_evaluation(tmp_path)
