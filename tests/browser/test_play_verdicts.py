"""The play widget's verdicts against perfect play in a real browser (JupyterLab 4 in Debian's
Chromium, through the fixtures of ``conftest.py``).

A small notebook, written here into the server's folder, builds an Abapa endgame database of
4 seeds (a fraction of a second) and shows the play widget on an endgame against the perfect
opponent. The test asks for the verdicts, throws a won game away, plays it out, and reads from
the page the review with its ✓ and ✗ marks and the replay, each compared with the same widget
built in this process and pressed the same way (``button.click()``). A screenshot of the
review and one of the replay go to ``/tmp/browser-shots/play-verdicts-review.png`` and
``play-verdicts-replay.png``.

Run it alone with ``.venv/bin/python -m pytest tests/browser/test_play_verdicts.py``.
"""

from __future__ import annotations

import html
import re

import nbformat

from gametheory.games.abapa import Abapa, store_difference
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.widgets.play import PlayWidget
from tests.browser.conftest import Notebooks
from tests.browser.lab import NotebookPage

NAME = "play_verdicts.ipynb"
SETUP = """\
from gametheory.games.abapa import Abapa, store_difference
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.widgets.play import PlayWidget

game = Abapa()
database = EndgameDatabase.build(game, seeds=4)
start = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))"""
WIDGET = "PlayWidget(game, database=database, start=start, depth=2, evaluate=store_difference)"


def _oracle() -> PlayWidget:
    """The notebook's widget, built in this process from the same lines."""
    game = Abapa()
    database = EndgameDatabase.build(game, seeds=4)
    start = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
    return PlayWidget(
        game,
        database=database,
        start=start,
        depth=2,
        evaluate=store_difference,
        background=False,
    )


def _plain(value: str) -> str:
    """What the page shows of an HTML widget's value: its text, one block a line."""
    text = re.sub(r"</(div|pre)>", "\n", value)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _shows(page: NotebookPage, css: str, value: str) -> str:
    """Wait until the control ``css`` reads as the oracle's HTML ``value``; its text."""
    pattern = r"^\s*" + r"\s*".join(re.escape(line) for line in _lines(_plain(value))) + r"\s*$"
    return page.wait_for_text(css, pattern)


def _status(widget: PlayWidget) -> str:
    return str(widget.status.value)


def test_the_play_widget_judges_a_thrown_away_endgame_and_replays_its_losing_move(
    notebooks: Notebooks,
) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(SETUP), nbformat.v4.new_code_cell(WIDGET)]
    notebook.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    nbformat.write(notebook, notebooks.lab.root / NAME)
    page = notebooks.ran(NAME)
    try:
        _judge(page, _oracle())
    finally:
        notebooks.forget(NAME)


def _judge(page: NotebookPage, oracle: PlayWidget) -> None:
    assert page.error_outputs() == [] and page.widget_errors() == 0
    assert (
        page.control("gt-play-opponent").locator("select").input_value()
        == "perfect (endgame database)"
    )
    # the verdicts on request: each of A's moves against perfect play
    page.click("gt-play-verdicts")
    oracle.verdicts_button.click()
    said = _shows(page, "gt-play-status", _status(oracle))
    assert "2 keeps the win (4 seeds of 4)" in said
    assert "6 throws away 3 seeds and the win (a loss instead)" in said
    assert page.text(".gt-play-review").strip().endswith("No move yet.")
    # throw the win away, and let the perfect opponent answer
    page.click("gt-play-move", "6")
    oracle.button_for(6).click()
    reply = _shows(page, "gt-play-status", _status(oracle))
    assert "The perfect opponent (B) plays 12: it keeps the win" in reply
    # play it out with the first legal house, as the oracle does
    while not oracle.game.is_terminal(oracle.state):
        move = oracle.game.legal_moves(oracle.state)[0]
        page.click("gt-play-move", str(move))
        oracle.button_for(move).click()
        _shows(page, "gt-play-status", _status(oracle))
    assert "Game over. You lose." in page.text(".gt-play-status")
    # the review: one row a move, the losing one marked with ✗ and its class
    review = _shows(page, "gt-play-review", oracle.review.value)
    rows = page.page.locator(".gt-play-review .gt-play-judged").all_inner_texts()
    lost = page.page.locator(".gt-play-review .gt-play-lost").all_inner_texts()
    assert len(rows) == len(oracle.history) == 14
    assert lost == [
        "✗ 1. A plays 6: lost 3 seeds, won → lost; it throws away 3 seeds and the win "
        "(a loss instead) (verdicts shown before it)"  # pressed before move 1 (N7)
    ]
    assert all(row.startswith("✓") for row in rows[1:]), rows
    assert "14 moves, 1 of them lost seeds (✗); verdicts shown before move 1" in review
    # the replay: at the end of the game, then the losing move
    _shows(page, "gt-play-replay-caption", oracle.replay_caption.value)
    page.click("gt-play-replay-loss")
    oracle.replay_loss.click()
    caption = _shows(page, "gt-play-replay-caption", oracle.replay_caption.value)
    assert caption.startswith("✗ 1. A plays 6: lost 3 seeds")
    board = page.control("gt-play-replay-board").inner_html()
    assert "<svg" in board
    page.page.wait_for_function(
        "() => document.querySelector('.gt-play-replay .widget-readout').innerText.trim() === '1'"
    )
    page.screenshot("play-verdicts-review", page.control("gt-play-review"))
    page.screenshot("play-verdicts-replay", page.control("gt-play-replay-box"))
