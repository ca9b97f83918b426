"""Checkers: a bad evaluation file or FEN position is a clear error."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gametheory.core import GameError
from gametheory.files import (
    load_checkers_evaluation,
)
from gametheory.games.checkers import Checkers

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
