"""What every widget shares (widgets/front.py): the CSS classes their modules document, icons
not emoji, menus without an empty choice, and a still picture beside the live widget."""

from __future__ import annotations

import re
from typing import Any

import ipywidgets
import pytest

from gametheory.games.abapa import Abapa
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.practice import Drill
from gametheory.trees import tree
from gametheory.widgets import explorer as explorer_module
from gametheory.widgets import play as play_module
from gametheory.widgets.explorer import (
    PruningExplorer,
)
from gametheory.widgets.front import SAVED_NOTE
from gametheory.widgets.mcts import MCTSExplorer
from gametheory.widgets.play import PlayWidget
from gametheory.widgets.practice import PracticeWidget

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


# -- what a browser needs: classes, icons, menus, still pictures ---------------------------
def _all_widgets(root: Any) -> list[Any]:
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        found.append(widget)
        todo.extend(getattr(widget, "children", ()))
    return found


def _documented_classes(module: Any, prefix: str) -> set[str]:
    return set(re.findall(rf"``({prefix}(?:-[a-z]+)*)``", module.__doc__))


PERFECT_PLAY = {
    "gt-play-opponent",
    "gt-play-verdicts",
    "gt-play-review",
    "gt-play-replay",
    "gt-play-replay-board",
    "gt-play-replay-caption",
    "gt-play-replay-loss",
    "gt-play-replay-box",
}
"""The play widget's controls that only a widget with an endgame database shows."""


@pytest.mark.parametrize("which", ["explorer", "play", "play with a database"])
def test_every_control_has_the_css_class_its_module_documents(which: str) -> None:
    unused, moves = {"gt-play-piece"}, 0
    if which == "explorer":
        front: Any = PruningExplorer(tree(TEXTBOOK))
        module, prefix = explorer_module, "gt-explorer"
    elif which == "play":
        front = PlayWidget(TicTacToe())
        module, prefix, moves = play_module, "gt-play", 9
        unused |= PERFECT_PLAY
    else:
        database = EndgameDatabase.build(Abapa(), seeds=2)
        front = PlayWidget(Abapa(), depth=1, database=database)
        module, prefix, moves = play_module, "gt-play", 6
    classes = [c for w in _all_widgets(front.widget) for c in w._dom_classes]
    documented = _documented_classes(module, prefix)
    each = {"gt-play-move", "gt-play-piece"}  # one per move or piece: many, or none yet
    assert documented - unused == set(classes), "documented and used classes differ"
    assert all(classes.count(c) == 1 for c in documented - each - unused)
    assert classes.count("gt-play-move") == moves


@pytest.mark.parametrize(
    "front",
    [
        lambda: PruningExplorer(tree(TEXTBOOK)),
        lambda: PlayWidget(TicTacToe()),
        lambda: PlayWidget(Nim(7)),
        lambda: PlayWidget(Abapa(), depth=4),
        lambda: PlayWidget(Abapa(), depth=1, database=EndgameDatabase.build(Abapa(), seeds=2)),
        lambda: PracticeWidget(Drill("alphabeta", seed=1)),
        lambda: MCTSExplorer(iterations=4),
    ],
    ids=["explorer", "tictactoe", "nim", "abapa", "abapa-endgame", "practice", "mcts"],
)
def test_buttons_use_icons_not_emoji_and_menus_have_no_empty_choice(front: Any) -> None:
    widgets_ = _all_widgets(front().widget)
    buttons = [w for w in widgets_ if isinstance(w, ipywidgets.Button)]
    assert buttons and all(b.description.isascii() for b in buttons)  # no emoji to miss a font
    assert all(b.description or (b.icon and b.tooltip) for b in buttons)  # icon-only: explained
    for menu in (w for w in widgets_ if isinstance(w, ipywidgets.Dropdown)):
        values = [o[1] if isinstance(o, tuple) else o for o in menu.options]
        assert menu.value is not None and None not in values and menu.label


def test_a_still_picture_stands_beside_the_live_widget() -> None:
    for front, note in (
        (PruningExplorer(tree(TEXTBOOK)), "step through the search"),
        (PlayWidget(Nim(5)), "play against the machine"),
        (PracticeWidget(Drill("minimax", seed=2)), "then press check"),
        (MCTSExplorer(iterations=3), "step through the search"),
    ):
        bundle = front._repr_mimebundle_()
        assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
        assert bundle["image/svg+xml"].startswith("<svg") and note in bundle["image/svg+xml"]
        assert str(front.still_picture()) in bundle["image/svg+xml"]
        assert bundle["text/plain"].endswith(front.note) and "<svg" not in bundle["text/plain"]
        # what is displayed: the widget, and above it the line for when no kernel runs it
        shown = bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
        assert shown == front.shown.model_id and front.shown.children[-1] is front.widget
        assert "gt-widget" in front.shown._dom_classes
        (saved,) = front.shown.children[:-1]
        assert "gt-widget-saved" in saved._dom_classes and SAVED_NOTE in saved.value
        assert ".jupyter-widgets-disconnected > .gt-widget-saved" in saved.value
