"""The Monte Carlo explorer (widgets/mcts.py) as students meet it: one sign convention for Q,
ties said, words on the buttons, settings that are not one named (issue 29)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from gametheory.core import GameError
from gametheory.search.mcts_trace import q_text
from gametheory.trees import tree
from gametheory.widgets.mcts import EXAMPLE, MCTSExplorer

SVG = "{http://www.w3.org/2000/svg}"


def _rows(explorer: MCTSExplorer) -> dict[str, list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", explorer.table.value)[1:]
    cells = [re.findall(r"<td>(.*?)</td>", row) for row in rows]
    return {row[0]: row[1:] for row in cells}


def _q_in_picture(explorer: MCTSExplorer) -> dict[str, str]:
    """The Q written in each node of the picture, by the node's name."""
    found = {}
    for node in ET.fromstring(explorer.svg).iter(f"{SVG}g"):
        if node.get("class") == "node":
            texts = [t.text or "" for t in node.iter(f"{SVG}text")]
            path = tuple(int(i) for i in node.get("id", "n").split("-")[1:])
            if len(path) == 1 and len(texts) > 1:
                found[explorer.trace.label(path)] = texts[1]
    return found


def test_the_table_writes_q_as_the_picture_does() -> None:
    explorer = MCTSExplorer(tree(EXAMPLE), iterations=16, seed=0)
    assert "<th>Q</th>" in explorer.table.value and "Q for" not in explorer.table.value
    for _ in range(len(explorer.trace)):
        explorer.forward_button.click()
        shown = _q_in_picture(explorer)
        for move, (_, q, *_) in _rows(explorer).items():
            if q:
                assert shown.get(move) == q, (explorer.step, move)
    snap = explorer.snapshot  # and both are the snapshot's Q, for the player to move there
    for path in (p for p in snap.values if len(p) == 1):
        assert _rows(explorer)[explorer.trace.label(path)][1] == q_text(snap.values[path])


def test_every_move_of_a_tie_for_most_visits_is_marked_and_the_tie_said() -> None:
    explorer = MCTSExplorer(tree([[1, -1], [1, -1]]), iterations=2, seed=0)
    explorer.last_button.click()
    rows = _rows(explorer)
    assert [row[0] for row in rows.values()] == ["1", "1"]  # one visit each: a tie
    assert all(row[-1] == " ◀ most visited (a tie)" for row in rows.values())
    explorer.iterations_box.value = 3
    explorer.run_button.click()
    explorer.last_button.click()
    marked = [move for move, row in _rows(explorer).items() if "most visited" in row[-1]]
    assert len(marked) == 1 and "tie" not in explorer.table.value


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"game": "x"}, TypeError, "MCTSExplorer needs a game, such as Nim(5)"),
        ({"game": [[1, -1]]}, TypeError, "got [[1, -1]], which has no initial_state()"),
        ({"c": "x"}, GameError, "c must be a number between 0 and 100, got 'x'"),
        ({"c": float("nan")}, GameError, "c must be a number between 0 and 100, got nan"),
        ({"seed": "x"}, TypeError, "seed must be a whole number, got 'x'"),
        ({"iterations": "5"}, GameError, "iterations must be a whole number >= 1, got '5'"),
    ],
)
def test_what_is_not_a_setting_is_named(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        MCTSExplorer(**arguments)


def test_the_step_buttons_say_in_words_what_they_do() -> None:
    """Item 30: "next iteration" and "last" were look-alike glyphs side by side."""
    explorer = MCTSExplorer(tree(EXAMPLE), iterations=4, seed=1)
    buttons = [
        explorer.first_button,
        explorer.back_button,
        explorer.forward_button,
        explorer.next_button,
        explorer.last_button,
    ]
    assert [b.description for b in buttons] == ["start", "back", "phase", "iteration", "end"]
    assert all(b.tooltip for b in buttons)
    assert len({b.icon for b in buttons}) == len(buttons)
