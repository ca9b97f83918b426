"""The self-checks and graphs of notebook 01a (``lesson_checks.graphs``): right answers pass
however they are typed, wrong ones get a hint that points at the evidence, and networkx is
the oracle for every graph fact."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lesson_checks import graphs

from tests.lesson_check_helpers import verdict


# -- Königsberg ------------------------------------------------------------------------------
def test_konigsberg_has_two_islands_with_the_thesis_degrees() -> None:
    g = graphs.konigsberg()
    assert g.number_of_edges() == 7
    assert dict(g.degree) == {"A": 5, "B": 3, "C": 3, "D": 3}
    # the islands: A and D touch both banks; the banks B and C never touch each other
    assert not g.has_edge("B", "C")
    assert all(g.has_edge(island, bank) for island in "AD" for bank in "BC")


def test_bridges(capsys: pytest.CaptureFixture[str]) -> None:
    assert graphs.check_new_bridges([("A", "B"), ("C", "D")])
    verdict(capsys, True)
    assert graphs.check_new_bridges([("B", "C"), ("A", "D")])
    verdict(capsys, True)
    assert not graphs.check_new_bridges([("A", "B")])
    assert "after this bridge the lands C and D still" in verdict(capsys, False)
    assert not graphs.check_new_bridges([("A", "A"), ("B", "B")])
    out = verdict(capsys, False)
    assert "after these bridges" in out and "parity stays" in out
    assert not graphs.check_new_bridges([("A", "B"), ("C", "D"), ("A", "C"), ("A", "C")])
    assert "more than needed" in verdict(capsys, False)
    assert not graphs.check_new_bridges([("A", "Z")])
    assert "A, B, C and D" in verdict(capsys, False)
    for odd in ([(["A"], "B")], [(1, None)]):  # unhashable or unsortable: named, no crash
        assert not graphs.check_new_bridges(odd)
        assert "A, B, C and D" in verdict(capsys, False)


def test_no_new_bridge_is_not_called_these_bridges(capsys: pytest.CaptureFixture[str]) -> None:
    assert not graphs.check_new_bridges([])
    out = verdict(capsys, False)
    assert "with no new bridge all four lands have an odd degree" in out
    assert "these bridges" not in out


@given(st.lists(st.tuples(st.sampled_from("ABCD"), st.sampled_from("ABCD")), max_size=4))
def test_an_accepted_answer_gives_an_euler_circuit(bridges: list[tuple[str, str]]) -> None:
    # networkx as the oracle: accepted exactly when the fewest bridges make it Eulerian
    from contextlib import redirect_stdout
    from io import StringIO

    g = graphs.konigsberg()
    g.add_edges_from(bridges)
    with redirect_stdout(StringIO()):
        ok = graphs.check_new_bridges(bridges)
    assert bool(ok) == (nx.is_eulerian(g) and len(bridges) == 2)


# -- the kinds of graphs ---------------------------------------------------------------------
def test_graph_kind_names_the_thesis_examples() -> None:
    mixed = nx.MultiDiGraph([(2, 3)])
    mixed.add_edge(1, 2, directed=False)
    multi_mixed = nx.MultiDiGraph([(2, 3)])
    multi_mixed.add_edges_from([(1, 2), (2, 1)], directed=False)  # undirected: the same ends
    half = nx.MultiDiGraph([(1, 2)])
    half.add_edge(1, 2, directed=False)  # parallel, but one directed: not multiple
    looped = nx.MultiDiGraph([(1, 1), (2, 3)])
    looped.add_edge(1, 2, directed=False)
    cases = [
        (nx.Graph([(1, 2)]), "graph"),
        (nx.MultiGraph([(1, 2), (1, 2)]), "multigraph"),
        (nx.MultiGraph([(1, 1)]), "pseudograph"),
        (nx.DiGraph([(1, 2), (2, 1)]), "digraph"),  # opposite arrows: parallel, not multiple
        (nx.MultiDiGraph([(1, 2), (1, 2)]), "multidigraph"),
        (nx.MultiDiGraph([(1, 1), (1, 2)]), "pseudodigraph"),
        (mixed, "mixed graph"),
        (half, "mixed graph"),
        (multi_mixed, "multi-mixed graph"),
        (looped, "pseudo-mixed graph"),
    ]
    for g, name in cases:
        assert graphs.graph_kind(g) == name, name
    assert {name for _, name in cases} == set(graphs.GRAPH_KINDS)


def test_graph_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    right = [graphs.graph_kind(g) for g in graphs.mystery_graphs()]
    assert right == ["digraph", "pseudograph", "multi-mixed graph", "multidigraph"]
    assert graphs.check_graph_kinds(right)
    verdict(capsys, True)
    for typed in (
        ["Digraph", "pseudo graph", "Multi mixed graph", "multi-digraph"],
        ["digraph", "pseudograph", "multimigraf", "multidigraph"],  # the thesis' Slovak
    ):
        assert graphs.check_graph_kinds(typed)
        verdict(capsys, True)


@pytest.mark.parametrize("graph", range(4))
def test_every_wrong_name_gets_evidence_and_not_the_name(
    capsys: pytest.CaptureFixture[str], graph: int
) -> None:
    right = [graphs.graph_kind(g) for g in graphs.mystery_graphs()]
    for wrong in graphs.GRAPH_KINDS:
        if wrong == right[graph]:
            continue
        answer = [*right]
        answer[graph] = wrong
        assert not graphs.check_graph_kinds(answer)
        out = verdict(capsys, False)
        assert f"graph {graph + 1} is no {wrong}:" in out
        said = out.split(":", 2)[2]  # the reason, after "✗ Not yet: graph n is no …:"
        assert right[graph] not in said, out  # the right name is never given away


def test_graph_kinds_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    right = ["digraph", "pseudograph", "multi-mixed graph", "multidigraph"]
    for i, wrong, reason in [
        (0, "multidigraph", "point opposite ways"),
        (0, "graph", "the edge 1→2 has an arrow"),
        (0, "mixed graph", "every edge has an arrow"),
        (1, "multigraph", "a loop at 1"),
        (1, "mixed graph", "no edge has an arrow"),
        (2, "multidigraph", "the edge 1–2 has no arrow"),
        (2, "mixed graph", "two edges between 1 and 2 are multiple (parallel and both undirected)"),
        (2, "pseudo-mixed graph", "it has no loop"),
        (3, "digraph", "multiple (parallel and directed the same way)"),
    ]:
        answer = [*right]
        answer[i] = wrong
        assert not graphs.check_graph_kinds(answer)
        assert reason in verdict(capsys, False)
    for bad, hint in [
        ("digraph", "list of 4 names"),
        (["digraph"], "one name for each of the 4 graphs"),
        (["digraph", "tree", "graph", "graph"], "'tree' is not one of the nine names"),
    ]:
        assert not graphs.check_graph_kinds(bad)
        assert hint in verdict(capsys, False)


# -- walks, trails and paths -----------------------------------------------------------------
def test_roads() -> None:
    g, where = graphs.roads()
    assert set(where) == set(g) and nx.is_connected(g)


@given(st.lists(st.sampled_from("ABCDE"), min_size=1, max_size=7))
def test_walk_kind_agrees_with_networkx(walk: list[str]) -> None:
    g = graphs.house()
    kind = graphs.walk_kind(g, walk)
    is_walk = nx.is_path(g, walk)
    steps = [frozenset(s) for s in zip(walk, walk[1:], strict=False)]
    assert (kind != "none") == is_walk
    assert (kind == "path") == (is_walk and nx.is_simple_path(g, walk))
    assert (kind in ("path", "trail")) == (is_walk and len(set(steps)) == len(steps))


def test_walk_kind_refuses_what_it_cannot_name() -> None:
    with pytest.raises(ValueError, match="'Z' is not a vertex"):
        graphs.walk_kind(graphs.house(), "AZ")
    with pytest.raises(ValueError, match="at least one vertex"):
        graphs.walk_kind(graphs.house(), "")
    with pytest.raises(ValueError, match="without parallel edges"):
        graphs.walk_kind(graphs.konigsberg(), "AB")


def test_walks(capsys: pytest.CaptureFixture[str]) -> None:
    right = [graphs.walk_kind(graphs.house(), w) for w in graphs.WALKS]
    assert graphs.check_walks(right)
    verdict(capsys, True)
    assert graphs.check_walks([" Path", "WALK", "trail", "none"])  # case and spaces
    verdict(capsys, True)
    assert sorted(right) == sorted(graphs.KINDS)  # the exercise shows every kind once
    for i, kind in enumerate(right):
        for other in graphs.KINDS:
            if other == kind:
                continue
            answer = [*right]
            answer[i] = other
            assert not graphs.check_walks(answer)
            out = verdict(capsys, False)
            assert graphs.WALKS[i] in out
            reason = out.split(":", 1)[1]
            if "none" not in (kind, other):  # "is (no) walk" is the evidence itself there
                assert kind not in reason, out  # the right name is never given away
    assert not graphs.check_walks("path")
    assert "list of four names" in verdict(capsys, False)
    assert not graphs.check_walks(["path"])
    assert "each of the 4 sequences" in verdict(capsys, False)
    assert not graphs.check_walks(["path", "cycle", "walk", "none"])
    assert "'cycle' is not one of the names" in verdict(capsys, False)


def test_walks_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    right = ["path", "walk", "trail", "none"]
    for i, wrong, reason in [
        (0, "trail", "CABD visits no vertex twice"),
        (1, "trail", "CDBD uses the edge B–D twice, so it is no trail"),
        (2, "path", "AEBAC visits A twice, so it is no path"),
        (2, "walk", "AEBAC never uses an edge twice"),
        (3, "walk", "no edge joins B and C"),
        (0, "none", "CABD is a walk"),
    ]:
        answer = [*right]
        answer[i] = wrong
        assert not graphs.check_walks(answer)
        assert reason in verdict(capsys, False)
