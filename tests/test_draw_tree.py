"""Pictures of trees and of searches: drawn from the trace, changing only where it does."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.draw.tree import draw_trace, draw_tree, to_graphviz
from gametheory.games.gomoku import Gomoku
from gametheory.games.nim import Nim
from gametheory.games.tictactoe import TicTacToe
from gametheory.players import minmax_tree
from gametheory.search.alphabeta import alphabeta, alphabeta_negamax
from gametheory.search.expectiminimax import expectiminimax
from gametheory.search.minimax import minimax
from gametheory.search.negamax import negamax
from gametheory.search.trace import Snapshot, Status, Trace
from gametheory.trees import Chance, GameTree, Node, expand, random_tree, tree
from tests.picture_metrics import measure
from tests.strategies import trees

SVG = "{http://www.w3.org/2000/svg}"
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
ALGORITHMS = [minimax, negamax, alphabeta, alphabeta_negamax]


def groups(picture: str) -> dict[str, str]:
    """Each node's group (shape, texts, the edge from its parent), by id; parses the XML."""
    root = ET.fromstring(picture)
    return {
        g.get("id", ""): ET.tostring(g, encoding="unicode")
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith("n")
    }


def path_of(node_id: str) -> tuple[int, ...]:
    return tuple(int(i) for i in node_id.split("-")[1:])


def dashed(picture: str) -> set[tuple[int, ...]]:
    return {path_of(i) for i, g in groups(picture).items() if "stroke-dasharray" in g}


def test_textbook_final_picture_marks_exactly_the_two_pruned_leaves() -> None:
    result = alphabeta(tree(TEXTBOOK), trace=True)
    picture = draw_trace(result.trace)
    ET.fromstring(picture)  # valid XML
    assert dashed(picture) == {(1, 1), (1, 2)}
    assert "A is done" not in picture  # narration only on request
    assert "A is done: value 3." in draw_trace(result.trace, narration=True)
    # the principal variation A → B → E is bold, and nothing else
    bold = {path_of(i) for i, g in groups(picture).items() if 'stroke-width="3.4"' in g}
    assert bold == {(0,), (0, 0)}


def test_a_static_drawing_is_the_snapshot_of_the_last_step() -> None:
    result = alphabeta(tree(TEXTBOOK), trace=True)
    assert draw_tree(result) == draw_trace(result.trace) == draw_trace(result.trace, 40)
    assert draw_tree(result.trace, 22) == draw_trace(result.trace, 22)
    assert draw_tree(result.trace, result.trace.snapshot(9)) == draw_trace(result.trace, 9)


def test_a_plain_tree_shows_names_payoffs_and_move_labels() -> None:
    picture = draw_tree(TEXTBOOK)
    texts = [t.text for t in ET.fromstring(picture).iter(f"{SVG}text")]
    for word in ["A", "B", "M", "a1", "d3", "3", "12", "14"]:
        assert word in texts
    assert "stroke-dasharray" not in picture
    assert draw_tree(tree(TEXTBOOK)) == picture
    no_labels = [
        t.text
        for t in ET.fromstring(draw_tree(TEXTBOOK, edge_labels=False, names=False)).iter(
            f"{SVG}text"
        )
    ]
    assert "a1" not in no_labels and "B" not in no_labels


def _key(trace: Trace, snap: Snapshot, path: tuple[int, ...]) -> tuple[object, ...]:
    """Everything the trace says about one node at one step (the expectation, from the trace)."""
    status = snap.status_of(path)
    pv: set[tuple[int, ...]] = set()
    p: tuple[int, ...] = ()
    while p in snap.best_child:
        p = p + (snap.best_child[p],)
        pv.add(p)
    return (
        status,
        None if status is Status.PRUNED else snap.values.get(path),
        snap.windows.get(path) if status is Status.ON_STACK else None,
        snap.current == path,
        path in pv,
    )


@settings(max_examples=25)
@given(trees(max_leaves=25), st.sampled_from(ALGORITHMS), st.data())
def test_pictures_change_only_where_the_trace_says_something_changed(
    t: GameTree, algorithm: object, data: st.DataObject
) -> None:
    trace = algorithm(t, trace=True).trace  # type: ignore[operator]
    k = data.draw(st.integers(1, len(trace)))
    before, after = groups(draw_trace(trace, k - 1)), groups(draw_trace(trace, k))
    old, new = trace.snapshot(k - 1), trace.snapshot(k)
    changed = {path_of(i) for i in before if before[i] != after[i]}
    expected = {n.path for n in t if _key(trace, old, n.path) != _key(trace, new, n.path)}
    assert changed == expected
    # and what changes is about the event of step k: its node, the previous current node,
    # the pruned subtrees of a cut, or a node joining or leaving the best line
    event = trace.events[k - 1]
    allowed = {event.path, old.current}
    allowed |= {n.path for n in t if n.path[: len(event.path)] == event.path}
    allowed |= {p for p in changed if _key(trace, old, p)[4] != _key(trace, new, p)[4]}
    assert changed <= allowed


def test_one_step_redraws_exactly_the_cut_children() -> None:
    trace = alphabeta(tree(TEXTBOOK), trace=True).trace
    before, after = groups(draw_trace(trace, 21)), groups(draw_trace(trace, 22))
    assert {path_of(i) for i in before if before[i] != after[i]} == {(1, 1), (1, 2)}


def test_a_pruned_child_greys_its_whole_subtree() -> None:
    t = tree([[[1, 2], [3, 4]], [[0, 0], [[5, 6], 7]]])
    trace = alphabeta(t, trace=True).trace
    final = trace.snapshot()
    expected = {n.path for n in t if final.status_of(n.path) is Status.PRUNED}
    assert (1, 1) in final.pruned and (1, 1, 0, 1) in expected  # a grandchild of the cut
    assert dashed(draw_trace(trace)) == expected


def test_windows_stand_beside_the_nodes_on_the_stack_only_for_alpha_beta() -> None:
    t = tree(TEXTBOOK)
    picture = draw_trace(alphabeta(t, trace=True).trace, 22)
    assert "[3, +∞]" in groups(picture)["n"] and "[3, 2]" in groups(picture)["n-1"]
    assert "[−∞, +∞]" not in draw_trace(minimax(t, trace=True).trace, 5)
    assert "[" not in "".join(
        groups(draw_trace(alphabeta(t, trace=True).trace, 22, windows=False)).values()
    )


def test_the_current_node_is_highlighted() -> None:
    trace = alphabeta(tree(TEXTBOOK), trace=True).trace
    for k in (1, 9, 22, 40):
        ringed = {path_of(i) for i, g in groups(draw_trace(trace, k)).items() if "#e8590c" in g}
        assert ringed == {trace.snapshot(k).current}
    assert "#e8590c" not in draw_trace(trace, 0)


def test_negamax_values_are_shown_as_they_are_and_the_caption_says_so() -> None:
    trace = alphabeta_negamax(tree(TEXTBOOK), trace=True).trace
    picture = draw_trace(trace, 22)
    assert "for the player to move at that node" in picture
    b = [t.text for t in ET.fromstring(groups(picture)["n-0"]).iter(f"{SVG}text")]
    assert "−3" in b  # B is a MIN node: 3 for MAX is −3 for MIN
    # an unseen leaf below a MIN node (K, where MAX would move) shows its payoff for MAX
    k = [t.text for t in ET.fromstring(groups(picture)["n-2-0"]).iter(f"{SVG}text")]
    assert "14" in k
    assert "player to move" not in draw_trace(alphabeta(tree(TEXTBOOK), trace=True).trace)


def test_a_trace_of_a_real_game_draws_the_nodes_it_saw() -> None:
    game = TicTacToe()
    trace = alphabeta(game, game.state("XO./XO./..."), trace=True).trace
    seen = set(trace.names) | set(trace.players)
    picture = draw_trace(trace)
    assert {path_of(i) for i in groups(picture)} == seen
    # edges carry the moves (cells), nodes carry no names by default
    texts = [t.text for t in ET.fromstring(picture).iter(f"{SVG}text")]
    assert "6" in texts and "6·3" not in texts
    nim = negamax(Nim(4), trace=True).trace
    assert len(groups(draw_trace(nim))) == len(set(nim.players))


def test_chance_nodes_are_diamonds_with_probabilities_on_their_edges() -> None:
    t = tree([Chance([(0.5, [2, 4]), (0.5, 6)]), Chance([(0.9, 3), (0.1, 9)])])
    picture = draw_trace(expectiminimax(t, trace=True).trace)
    assert picture.count("<polygon") == 2
    texts = [t.text for t in ET.fromstring(picture).iter(f"{SVG}text")]
    assert {"0.5", "0.9", "0.1", "3.6"} <= set(texts)


def test_graphviz_export_is_the_same_picture() -> None:
    result = alphabeta(tree(TEXTBOOK), trace=True)
    dot = to_graphviz(result)
    source = dot.source
    assert source.count("shape=box") == 1 + 9 and source.count("shape=circle") == 3
    assert source.count("style=dashed") == 2  # the two cut edges
    assert source.count("dashed") == 4  # … and the two pruned leaves
    assert 'xlabel="A [3, +∞]"' not in source  # the root is done at the end
    assert 'xlabel="A [3, +∞]"' in to_graphviz(result.trace, 22).source
    assert "shape=diamond" in to_graphviz(tree([Chance([(0.5, 1), (0.5, 2)])])).source


def test_big_trees_draw() -> None:
    t = random_tree(3, 5, seed=4)
    trace = alphabeta(t, trace=True).trace
    picture = draw_trace(trace, len(trace) // 2)
    assert len(groups(picture)) == len(t) == 364
    ET.fromstring(picture)


def test_errors_name_the_problem() -> None:
    result = alphabeta(tree(TEXTBOOK))
    with pytest.raises(ValueError, match="trace=True"):
        draw_tree(result)
    trace = alphabeta(tree(TEXTBOOK), trace=True).trace
    with pytest.raises(IndexError, match="choose 0..40"):
        draw_trace(trace, 41)
    with pytest.raises(ValueError, match="does not have"):
        draw_trace(trace, tree=tree([1, 2]))
    with pytest.raises(TypeError, match="GameTree"):
        draw_tree("not a tree")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="draw_trace"):
        draw_tree(TEXTBOOK, 3)
    with pytest.raises(TypeError, match="Trace"):
        draw_trace(tree(TEXTBOOK))  # type: ignore[arg-type]


# -- moves, boards, sizes and the page ---------------------------------------------------------
def _gomoku() -> tuple[Gomoku, GameTree]:
    game = Gomoku(size=5, k=4)
    return game, minmax_tree(game, game.state("XOXXO/OOOX./OX.X./.XOOO/.XXOX"))


def test_moves_are_written_as_the_game_writes_them() -> None:
    game, t = _gomoku()
    texts = [e.text for e in ET.fromstring(draw_tree(t, game=game)).iter(f"{SVG}text")]
    for child in t.root.children:
        assert game.notation(child.move) in texts
    assert not any(text and text.startswith("(") for text in texts)  # no (2, 4) left
    # without the game the tree's own labels stay
    plain = [e.text for e in ET.fromstring(draw_tree(t)).iter(f"{SVG}text")]
    assert str(t.root.children[0].move) in plain


def test_a_search_in_a_real_game_names_its_moves_with_the_game() -> None:
    game = Gomoku(size=5, k=4)
    state = game.state("XOXXO/OOOX./OX.X./.XOOO/.XXOX")
    result = alphabeta(game, state, depth=2, evaluate=game.heuristic, trace=True)
    texts = {e.text for e in ET.fromstring(draw_trace(result, game=game)).iter(f"{SVG}text")}
    assert {game.notation(m) for m in game.legal_moves(state)} <= texts


def test_boards_stand_beside_the_nodes_of_a_real_game() -> None:
    game = TicTacToe()
    t = expand(game, game.state("XOX/.O./OX."), depth=3)
    picture = draw_tree(t, game=game)
    assert picture.count('class="glyph"') == len(t)
    assert 'class="glyph"' not in draw_tree(t, game=game, boards=False)
    assert 'class="glyph"' not in draw_tree(t)


@settings(max_examples=10)
@given(trees(max_leaves=12))
def test_values_fit_in_their_nodes(t: GameTree) -> None:
    scaled = tree(_scaled(t.root))  # long values such as −0.0584
    trace = alphabeta(scaled, trace=True).trace
    for k in range(0, len(trace) + 1, 3):
        report = measure(f"step {k}", draw_trace(trace, k))
        assert report.fits, str(report)


def _scaled(node: Node) -> Any:
    if node.is_leaf:
        return (node.payoff or 0.0) / 17.13
    return [_scaled(child) for child in node.children]


def test_the_current_ring_never_hides_a_name() -> None:
    trace = alphabeta(tree(TEXTBOOK), trace=True).trace
    for k in range(len(trace) + 1):
        assert not measure(f"step {k}", draw_trace(trace, k)).cut


def test_a_wide_tree_of_long_values_fits_the_page_without_shrinking() -> None:
    game, t = _gomoku()
    picture = draw_tree(minimax(t, trace=True), game=game)
    root = ET.fromstring(picture)
    width = float(root.get("width", ""))
    assert width <= 900 and root.get("viewBox", "").split()[2] == f"{width:.0f}"  # not scaled
    cards = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "node leaf"]
    heights = {e.get("y") for e in cards}
    assert len(cards) == 20 and len(heights) == 2  # the leaves alternate between two heights


def test_a_tree_too_wide_for_the_page_is_scaled_down_whole() -> None:
    root = ET.fromstring(draw_tree(random_tree(4, 4, seed=1)))
    shown, drawn = float(root.get("width", "")), float(root.get("viewBox", "").split()[2])
    assert shown == 900 < drawn


def test_draw_trace_paints_and_rewrites_the_nodes_it_is_given() -> None:
    from gametheory import alphabeta, tree

    result = alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
    plain = draw_trace(result)
    marked = draw_trace(result, fills={(1,): "#123456"}, texts={(0,): "W"})
    assert "#123456" not in plain and marked.count("#123456") == 1
    group = marked[marked.index('<g id="n-0">') :]
    group = group[: group.index("</g>")]
    assert ">W<" in group and ">3<" not in group  # B's value 3 replaced by the text


# -- issue 29: the windows and the MIN nodes as a student sees them --------------------------
SVG_NS = "{http://www.w3.org/2000/svg}"


def _window_box(e: ET.Element) -> tuple[float, float, float, float] | None:
    """An ``[α, β]`` window's box (left, top, right, bottom), from its text's place and a
    generous width (0.62 of the font size a character); None for another text."""
    text = e.text or ""
    if not (text.startswith("[") and "," in text and text.endswith("]")):
        return None
    x, y, size = float(e.get("x", 0)), float(e.get("y", 0)), float(e.get("font-size", 10))
    width = len(text) * size * 0.62
    left = {"start": x, "middle": x - width / 2, "end": x - width}[e.get("text-anchor", "start")]
    return (left, y - size, left + width, y + 2)


def _crosses(line: ET.Element, box: tuple[float, float, float, float]) -> bool:
    x1, y1, x2, y2 = (float(line.get(k, 0)) for k in ("x1", "y1", "x2", "y2"))
    left, top, right, bottom = box
    return any(
        left < x1 + (x2 - x1) * t / 200 < right and top < y1 + (y2 - y1) * t / 200 < bottom
        for t in range(201)
    )


def _windows_over_their_edge(svg: str) -> tuple[int, list[str]]:
    """How many windows the picture shows, and the nodes whose window lies over the edge
    coming down to them (a node's group holds that edge and the node's window)."""
    windows, over = 0, []
    for group in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        boxes = [b for t in group.findall(f"{SVG_NS}text") if (b := _window_box(t))]
        windows += len(boxes)
        lines = group.findall(f"{SVG_NS}line")
        if any(_crosses(line, box) for line in lines for box in boxes):
            over.append(group.get("id", "?"))
    return windows, over


@pytest.mark.parametrize(
    "spec", [[[3, 12, 8], [2, 4, 6], [14, 5, 2]], (3, 3, 1), (3, 3, 2024), (2, 5, 7)]
)
def test_a_window_never_lies_over_the_edge_coming_down_to_its_node(spec: Any) -> None:
    """Item 26: "[−∞, 3]" was drawn over the edge a1; a node whose parent stands to its right
    has its window above its left shoulder."""
    game = random_tree(*spec[:2], seed=spec[2]) if isinstance(spec, tuple) else tree(spec)
    result = alphabeta(game, trace=True)
    seen = 0
    for step in range(len(result.trace) + 1):
        windows, over = _windows_over_their_edge(
            draw_trace(result.trace, result.trace.snapshot(step))
        )
        seen += windows
        assert over == [], f"step {step}: the window of {over} lies over its edge"
    assert seen > 0  # windows were looked at


def test_a_min_node_is_a_circle_whatever_it_holds() -> None:
    """Item 22: a wide value (−1.25) made a MIN node a stadium in one seed's tree."""
    game = tree([[-1.25, 3.75], [2, -0.5]])
    result = minimax(game, trace=True)
    svg = draw_trace(result.trace, result.trace.snapshot(len(result.trace)))
    shapes = [
        e
        for e in ET.fromstring(svg).iter()
        if {"node", "MIN"} <= set((e.get("class") or "").split())
    ]
    assert len(shapes) == 2 and all(e.tag == f"{SVG_NS}circle" for e in shapes)


def test_an_edge_label_above_a_large_min_circle_stays_clear_of_the_ring() -> None:
    """Found by test_values_fit_in_their_nodes once MIN nodes became circles: a wide value
    (−0.0584) made C a tall circle, and the label a2 was squeezed into A's ring."""
    game = tree([0, [-0.0584]])
    trace = alphabeta(game, trace=True).trace
    for k in range(len(trace) + 1):
        report = measure(f"step {k}", draw_trace(trace, k))
        assert report.fits, str(report)


def test_a_window_stands_above_a_large_min_circle_beside_its_node() -> None:
    """Found by test_values_fit_in_their_nodes: C's window [0, +∞] lay on D, a MIN circle
    made large by its wide value."""
    game = tree([0, 0, [0.0584]])
    trace = alphabeta(game, trace=True).trace
    for k in range(len(trace) + 1):
        report = measure(f"step {k}", draw_trace(trace, k))
        assert report.fits, str(report)


def test_cut_marks_keep_off_the_edge_labels() -> None:
    """The student trial: the two strokes across a cut edge were drawn over its label (c2 in
    the textbook tree). Over random trees, no cut mark's strokes touch an edge label."""
    import re

    from gametheory.draw.labels import Box, text_box
    from gametheory.draw.tree import PRUNED_INK

    ns = "{http://www.w3.org/2000/svg}"
    checked = 0
    for seed in range(40):
        result = alphabeta(random_tree((2, 3), 3, seed=seed), trace=True)
        svg = str(draw_trace(result.trace, len(result.trace)))
        root = ET.fromstring(svg)
        strokes = [
            Box(
                min(float(e.get("x1", 0)), float(e.get("x2", 0))),
                min(float(e.get("y1", 0)), float(e.get("y2", 0))),
                max(float(e.get("x1", 0)), float(e.get("x2", 0))),
                max(float(e.get("y1", 0)), float(e.get("y2", 0))),
            )
            for e in root.iter(f"{ns}line")
            if e.get("stroke") == PRUNED_INK and e.get("stroke-width") == "1.6"
        ]
        words = [
            text_box(
                float(t.get("x", 0)),
                float(t.get("y", 0)),
                t.text or "",
                float(t.get("font-size", 10)),
                t.get("text-anchor", "start"),
            )
            for t in root.iter(f"{ns}text")
            if re.fullmatch(r"[a-z]+\d+", t.text or "")  # the edge labels: a1, b2, …
        ]
        checked += len(strokes)
        assert not any(s.overlaps(w) for s in strokes for w in words), seed
    assert checked > 20  # cut marks were drawn and looked at
