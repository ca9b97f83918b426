"""The play widget's settings: a human player is 0 or 1, a whole number, not a float."""

from __future__ import annotations

import pytest

from gametheory.core import GameError
from gametheory.games.nim import Nim
from gametheory.widgets.play import PlayWidget


@pytest.mark.parametrize("human", [1.0, 0.0, True, 2, "1", None])
def test_a_human_that_is_not_player_0_or_1_is_refused_by_name(human: object) -> None:
    with pytest.raises(GameError, match=r"human must be 0 \(A\) or 1 \(B\), got"):
        PlayWidget(Nim(5), human=human)  # type: ignore[arg-type]


def test_players_0_and_1_are_accepted() -> None:
    assert [PlayWidget(Nim(5), human=h).human for h in (0, 1)] == [0, 1]
