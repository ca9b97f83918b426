"""A game of Abapa as it was played (games/abapa/record.py): replay, the JSON text and its
checks; files are tests/test_files.py's."""

from __future__ import annotations

import json

import pytest

from gametheory.core import GameError
from gametheory.games.abapa import Abapa, AbapaRecord, replay

from .strategies import abapa_random_game


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"game": "chess", "format": 1, "moves": []}', "not a saved Abapa game"),
        ('{"game": "abapa", "format": 9, "moves": []}', "format 9 is not supported"),
        ('{"game": "abapa", "format": 1, "moves": "3 9"}', '"moves": a list'),
        ('{"game": "abapa", "format": 1, "moves": [3, 9, 13]}', r"move 3 \(13\) is illegal"),
        ('{"game": "abapa", "format": 1, "moves": [3, "9"]}', r"move 2 \('9'\) is illegal"),
        ('{"game": "abapa", "format": 1, "rules": {"speed": 2}, "moves": []}', "unknown rule"),
        ('{"game": "abapa", "format": 1, "rules": [], "moves": []}', "rules must be a JSON"),
    ],
)
def test_corrupt_records_are_rejected_whole(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        AbapaRecord.from_json(text)


def test_a_finished_game_cannot_be_extended() -> None:
    game = Abapa()
    moves = [move for _, move in abapa_random_game(game, 3)[:-1]]
    with pytest.raises(GameError, match=rf"move {len(moves) + 1} \(1\) is illegal: .*game is over"):
        replay(game, [*moves, 1])


def test_replay_and_json_round_trip() -> None:
    game = Abapa(grand_slam="capture", cycle="below_four")
    steps = abapa_random_game(game, 7)
    record = replay(game, [move for _, move in steps[:-1]])
    assert record.final == steps[-1][0] and record.states == tuple(s for s, _ in steps)
    again = AbapaRecord.from_json(record.to_json())
    assert again == record and again.rules == game.rules
    assert json.loads(record.to_json())["rules"]["grand_slam"] == "capture"


def test_text_nested_too_deeply_for_python_is_not_a_saved_game() -> None:
    for depth in (100, 100_000):  # Python's parser reads the first and gives up on the second
        with pytest.raises(GameError, match="not a saved Abapa game"):
            AbapaRecord.from_json("[" * depth + "]" * depth)
    deep = '{"game": "abapa", "format": 1, "moves": ' + "[" * 900 + "]" * 900 + "}"
    with pytest.raises(GameError, match=r"move 1 \(\[\[\[.*is illegal"):
        AbapaRecord.from_json(deep)


def test_a_record_shows_its_last_move() -> None:
    record = replay(Abapa(), [3, 9])
    assert 'class="house last"' in record._repr_svg_()
    assert 'class="house last"' not in replay(Abapa(), [])._repr_svg_()
