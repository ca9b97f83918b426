"""Every picture fits: no words printed over each other, nothing wider than the page.

Two sources of pictures are measured with :mod:`tests.picture_metrics`:

* the pictures stored in the notebooks (what a student sees without running anything);
* the package's drawing functions on representative inputs: textbook trees, every step of
  an alpha-beta search (what the explorer shows), real games' trees with their move
  names and boards, AND/OR graphs with labels and strategies, and every game's board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gametheory.andor import AndOrGraph, label, non_losing_strategy
from gametheory.andor import winning_strategy as winning
from gametheory.draw.andor import draw_andor
from gametheory.draw.boards import draw_board
from gametheory.draw.tree import draw_trace, draw_tree
from gametheory.games.abapa import Abapa, AbapaRules
from gametheory.games.checkers import Checkers
from gametheory.games.dice import DiceRace
from gametheory.games.gomoku import Gomoku
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe, tictactoe_symmetry
from gametheory.players import minmax_tree
from gametheory.search.alphabeta import alphabeta, alphabeta_negamax
from gametheory.search.expectiminimax import expectiminimax
from gametheory.search.minimax import minimax
from gametheory.search.negamax import negamax
from gametheory.trees import Chance, expand, random_tree, tree
from tests.picture_metrics import (
    Box,
    measure,
    notebook_pictures,
    overlapping,
    picture,
    text_boxes,
)
from tests.test_andor import CHASE

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def _every_step(search: Callable[..., object], spec: object) -> Iterator[tuple[str, object]]:
    trace = search(tree(spec), trace=True).trace  # type: ignore[attr-defined]
    for k in range(len(trace) + 1):
        yield f"{search.__name__} step {k}", lambda k=k: draw_trace(trace, k)


def _gomoku_tree() -> object:
    game = Gomoku(size=5, k=4)
    state = game.state("XOXXO/OOOX./OX.X./.XOOO/.XXOX")
    return draw_tree(minimax(minmax_tree(game, state), trace=True), game=game)


def _andor(
    game: object, state: object = None, view: str = "whole", **options: object
) -> Callable[[], object]:
    """The labelled graph ("whole"), its strategy alone ("strategy"), or both ("both")."""

    def draw() -> object:
        graph = AndOrGraph.from_game(game, state, **options)  # type: ignore[arg-type]
        labels = label(graph)
        plan = winning(graph, labels) or non_losing_strategy(graph, labels)
        if view == "whole":
            return draw_andor(graph, labels)
        return draw_andor(graph, labels, plan, whole_graph=view == "both")

    return draw


def package_pictures() -> Iterator[tuple[str, Callable[[], object]]]:
    """``(name, draw)`` for the representative pictures of every public drawing function."""
    ttt = TicTacToe()
    late = ttt.state("XOX/.O./OX.")
    yield "textbook tree", lambda: draw_tree(TEXTBOOK)
    yield "random tree", lambda: draw_tree(random_tree(3, 3, seed=1))
    yield "wide random tree", lambda: draw_tree(random_tree(4, 3, seed=2))
    yield (
        "chance tree",
        lambda: draw_trace(
            expectiminimax(
                tree([Chance([(0.5, [2, 4]), (0.5, 6)]), Chance([(0.9, 3), (0.1, 9)])]), trace=True
            )
        ),
    )
    yield from _every_step(alphabeta, TEXTBOOK)
    yield from _every_step(alphabeta_negamax, TEXTBOOK)
    yield from _every_step(alphabeta, [[[1, 2], [3, 4]], [[0, 0], [[5, 6], 7]]])
    yield "negamax on Nim(5)", lambda: draw_trace(negamax(Nim(5), trace=True))
    yield (
        "tic-tac-toe search",
        lambda: draw_trace(alphabeta(ttt, ttt.state("XO./XO./..."), trace=True)),
    )
    yield "tic-tac-toe tree with boards", lambda: draw_tree(expand(ttt, late, depth=3), game=ttt)
    yield "Nim tree with boards", lambda: draw_tree(expand(Nim(4), depth=4), game=Nim(4))
    yield "Gomoku depth-2 tree", _gomoku_tree
    yield "AND/OR Nim(5)", _andor(Nim(5))
    yield "AND/OR Nim(13)", _andor(Nim(13))
    yield "AND/OR tree", _andor(tree([[1, -1], [0, 1]]), view="both")
    yield "AND/OR with cycles", _andor(CHASE, view="both")
    tiny = Abapa(AbapaRules(houses_per_side=2, seeds_per_house=1))
    yield "AND/OR tiny Abapa", _andor(tiny, view="both")
    late = ttt.state("XOX/OO./X..")
    yield "AND/OR tic-tac-toe", _andor(ttt, late, canonical=tictactoe_symmetry)
    wide = ttt.state("XO./.X./O..")
    yield "wide AND/OR tic-tac-toe", _andor(ttt, wide, canonical=tictactoe_symmetry)
    for name, game in (("Nim(13)", Nim(13)), ("tiny Abapa", tiny), ("cycles", CHASE)):
        yield f"strategy alone, {name}", _andor(game, view="strategy")
    yield "strategy alone, tic-tac-toe", _andor(ttt, wide, "strategy", canonical=tictactoe_symmetry)
    yield "tic-tac-toe board", lambda: draw_board(ttt, late, last_move=4)
    yield "Nim board", lambda: draw_board(Nim(13), Nim(13).state(9, 1), last_move=3)
    yield "dice race board", lambda: draw_board(DiceRace())
    yield "Abapa board", lambda: draw_board(Abapa())
    yield "checkers board", lambda: draw_board(Checkers())
    yield "Gomoku board", lambda: draw_board(Gomoku(), last_move=None)


# -- the checker itself catches what it should ----------------------------------------------
def test_the_checker_sees_words_printed_over_each_other() -> None:
    assert overlapping(
        text_boxes(
            picture(
                '<text x="50" y="50" font-size="12">−0.0584</text>',
                '<text x="60" y="52" font-size="12">B</text>',
            )
        )
    )
    # the same two words apart, or one above the other, do not overlap
    assert not overlapping(
        text_boxes(
            picture(
                '<text x="50" y="50" font-size="12">−0.0584</text>',
                '<text x="110" y="50" font-size="12">B</text>',
            )
        )
    )
    assert not overlapping(
        text_boxes(
            picture(
                '<text x="50" y="50" font-size="12">−0.0584</text>',
                '<text x="50" y="66" font-size="12">B</text>',
            )
        )
    )


def test_the_checker_reads_anchors_and_translations() -> None:
    (end,) = text_boxes(picture('<text x="100" y="50" font-size="10" text-anchor="end">abc</text>'))
    (mid,) = text_boxes(
        picture('<text x="100" y="50" font-size="10" text-anchor="middle">abc</text>')
    )
    (moved,) = text_boxes(
        picture('<g transform="translate(20,5)"><text x="100" y="50" font-size="10">abc</text></g>')
    )
    assert end.x1 == pytest.approx(100) and mid.x0 + mid.x1 == pytest.approx(200)
    assert moved.x0 == pytest.approx(120) and moved.y1 > 55
    # a picture placed inside another (a widget's still picture): its x and y move it
    (nested,) = text_boxes(
        picture('<svg x="7" y="36"><text x="100" y="50" font-size="10">abc</text></svg>')
    )
    assert nested.x0 == pytest.approx(107) and nested.y1 > 86
    # a label written upwards (an axis's): its box is tall and narrow, about the turning point
    (upwards,) = text_boxes(
        picture(
            '<g transform="rotate(-90 20 50)"><text x="20" y="50" font-size="10" '
            'text-anchor="middle">a long label</text></g>'
        )
    )
    assert upwards.x1 - upwards.x0 < 15 < upwards.y1 - upwards.y0
    assert upwards.y0 < 50 < upwards.y1 and upwards.x1 <= 24
    # a wider text is a wider box: the width comes from the font, not from a constant
    (wide,) = text_boxes(picture('<text x="0" y="50" font-size="10">WWW</text>'))
    (thin,) = text_boxes(picture('<text x="0" y="50" font-size="10">iii</text>'))
    assert wide.x1 > 2 * thin.x1


def test_the_checker_sees_words_cut_by_an_outline_or_the_ring() -> None:
    node = '<rect class="node MAX" x="40" y="36" width="28" height="28"/>'
    ring = '<circle class="ring" cx="54" cy="50" r="19" stroke-width="3"/>'
    inside = '<text x="54" y="54" font-size="12" text-anchor="middle">3</text>'
    spilling = '<text x="54" y="54" font-size="12" text-anchor="middle">−0.0584</text>'
    name_under_ring = '<text x="37" y="54" font-size="10" text-anchor="end">A</text>'
    name_clear = '<text x="30" y="54" font-size="10" text-anchor="end">A</text>'
    assert measure("value inside", picture(node, ring, inside, name_clear)).fits
    assert measure("value spills", picture(node, spilling)).cut
    assert measure("ring over the name", picture(node, ring, name_under_ring)).cut
    assert not measure("name clear of the ring", picture(node, ring, name_clear)).cut


def test_a_wide_picture_is_reported() -> None:
    report = measure("wide", '<svg xmlns="http://www.w3.org/2000/svg" width="1248" height="10"/>')
    assert report.too_wide and not measure("narrow", picture()).too_wide


# -- every picture ------------------------------------------------------------------------------
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_stored_notebook_pictures_fit(notebook: Path) -> None:
    bad = [r for r in (measure(w, svg) for w, svg in notebook_pictures(notebook)) if not r.fits]
    assert not bad, "\n".join(map(str, bad))


PICTURES = list(package_pictures())


@pytest.mark.parametrize(("name", "draw"), PICTURES, ids=[name for name, _ in PICTURES])
def test_package_pictures_fit(name: str, draw: Callable[[], object]) -> None:
    report = measure(name, str(draw()))
    assert report.fits, str(report)


def test_boxes_are_boxes() -> None:
    box = Box("x", 0, 0, 10, 10)
    assert box.overlap(Box("y", 5, 5, 20, 20)) == (5, 5)
