"""The self-checks and graphs of notebooks 01b and 01x (``lesson_checks.graph_algorithms``):
networkx or a brute-force search is the oracle of every verdict, numbers are read however
they are typed, and no hint gives the answer away."""

from __future__ import annotations

import itertools
import math
from contextlib import redirect_stdout
from functools import cache
from io import StringIO

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lesson_checks import graph_algorithms as ga

from tests.lesson_check_helpers import assert_hints, assert_read_alike, verdict


def quietly(check: object, answer: object) -> bool:
    with redirect_stdout(StringIO()):
        return bool(check(answer))  # type: ignore[operator]


# -- spanning trees --------------------------------------------------------------------------
def test_spanning_tree(capsys: pytest.CaptureFixture[str]) -> None:
    g = ga.network()
    assert ga.check_spanning_tree_weight(
        nx.minimum_spanning_tree(g, algorithm="prim").size(weight="weight")
    )
    verdict(capsys, True)
    assert not ga.check_spanning_tree_weight(g.size(weight="weight"))
    assert "only 5 edges" in verdict(capsys, False)
    assert not ga.check_spanning_tree_weight(nx.maximum_spanning_tree(g).size(weight="weight"))
    assert "heaviest" in verdict(capsys, False)
    assert not ga.check_spanning_tree_weight(20)
    assert "Prim" in verdict(capsys, False)
    # weights no spanning tree has are never said to connect the towns
    trees = nx.algorithms.tree.mst.SpanningTreeIterator(g)
    possible = {t.size(weight="weight") for t in trees}
    assert possible == set(range(19, 34))
    for weight in (34, 100, 19.5, "19,5"):
        assert not ga.check_spanning_tree_weight(weight)
        out = verdict(capsys, False)
        assert "connects the towns" not in out and "no spanning tree" in out, out
    for weight in (math.inf, math.nan, "nineteen", None):
        assert not ga.check_spanning_tree_weight(weight)
        assert "answer with a number" in verdict(capsys, False)
    assert not ga.check_spanning_tree_weight(12)
    assert "too little" in verdict(capsys, False)


# -- tours -----------------------------------------------------------------------------------
def test_four_towns_give_the_thesis_answer() -> None:
    g, where = ga.four_towns()
    assert set(where) == set(g) and g.number_of_edges() == 6  # every two joined
    lengths = {
        tour: nx.path_weight(g, ["A", *tour, "A"], "weight")
        for tour in itertools.permutations("BCD")
    }
    best = min(lengths.values())
    assert best == 32 and sorted(t for t, n in lengths.items() if n == best) == [
        ("B", "C", "D"),
        ("D", "C", "B"),
    ]  # "dve riešenia ... dĺžku 32": one tour, in both directions


def test_tour_count(capsys: pytest.CaptureFixture[str]) -> None:
    tours = len(list(itertools.permutations(range(ga.TOWNS - 1))))  # the oracle: list them
    assert tours == 24
    assert ga.check_tour_count(tours)
    verdict(capsys, True)
    cases = [
        (120, "every tour starts at A"),
        (12, "both directions"),
        (25, "multiply the choices"),
        (24.5, "24.5 is not a whole number"),
    ]
    assert_hints(capsys, ga.check_tour_count, cases, hidden="24 ")


# -- colouring -------------------------------------------------------------------------------
def test_central_europe_is_planar_and_four_colourable() -> None:
    borders, where = ga.central_europe()
    assert set(where) == set(borders) and nx.is_planar(borders)
    colours = nx.greedy_color(borders, strategy="largest_first")
    assert max(colours.values()) + 1 == 4


def test_the_pie_map_has_the_faces_euler_counts() -> None:
    g, where = ga.pie_map()
    found = ga.faces(g)
    # Euler's formula for a connected plane graph: V − E + F = 2
    assert g.number_of_nodes() - g.number_of_edges() + len(found) == 2
    assert sorted(map(sorted, found)) == sorted(
        [sorted({0, k, k % 5 + 1}) for k in range(1, 6)] + [[1, 2, 3, 4, 5]]
    )
    assert set(where) == set(g)


def test_faces_of_a_dodecahedron_and_of_a_graph_that_is_not_planar() -> None:
    found = ga.faces(nx.dodecahedral_graph())
    assert len(found) == 12 and {len(f) for f in found} == {5}
    with pytest.raises(ValueError, match="not planar"):
        ga.faces(nx.complete_graph(5))


def test_the_dual_of_the_pie_map_needs_four_colours() -> None:
    g, _ = ga.pie_map()
    found = ga.faces(g)
    dual = nx.Graph((a, b) for a, b in itertools.combinations(found, 2) if len(a & b) >= 2)

    def colourable(k: int) -> bool:  # brute force, the oracle of the lesson's search
        nodes = list(dual)
        return any(
            all(c[nodes.index(u)] != c[nodes.index(v)] for u, v in dual.edges)
            for c in itertools.product(range(k), repeat=len(nodes))
        )

    assert not colourable(3) and colourable(4)


def test_sudoku_neighbours(capsys: pytest.CaptureFixture[str]) -> None:
    sudoku = nx.sudoku_graph(3)
    assert {d for _, d in sudoku.degree} == {20}  # every cell has the same number
    assert ga.check_sudoku_neighbours(20)
    verdict(capsys, True)
    for n, hint in [(24, "counts 4 cells twice"), (16, "4 more"), (21, "the cell itself")]:
        assert not ga.check_sudoku_neighbours(n)
        assert hint in verdict(capsys, False)
    assert not ga.check_sudoku_neighbours(19)
    out = verdict(capsys, False)
    assert "count the cells" in out and "20" not in out
    assert not ga.check_sudoku_neighbours(20.5)
    assert "20.5 is not a whole number" in verdict(capsys, False)


@cache
def shidoku_solutions() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every filling of the exercise's grid, by brute force over the rows (the oracle)."""
    rows = [list(p) for p in itertools.permutations([1, 2, 3, 4])]
    graph = nx.sudoku_graph(2)
    found = []
    for grid in itertools.product(rows, repeat=4):
        flat = [d for row in grid for d in row]
        if any(g and g != d for g, d in zip(itertools.chain(*ga.SHIDOKU), flat, strict=True)):
            continue
        if all(flat[u] != flat[v] for u, v in graph.edges):
            found.append(tuple(tuple(row) for row in grid))
    return tuple(found)


def test_the_sudoku_with_givens_has_one_solution(capsys: pytest.CaptureFixture[str]) -> None:
    solutions = shidoku_solutions()
    assert len(solutions) == 1
    assert ga.check_shidoku(solutions[0])
    verdict(capsys, True)
    as_text = [" ".join(map(str, row)) for row in solutions[0]]
    as_floats = [[float(d) for d in row] for row in solutions[0]]
    as_numpy = np.array(solutions[0])
    as_digits = ["".join(r.split()) for r in as_text]  # "1234": a row as its digits
    for typed in (as_text, as_floats, as_numpy, [",".join(r.split()) for r in as_text], as_digits):
        assert ga.check_shidoku(typed)
        verdict(capsys, True)


def test_sudoku_with_givens_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    right = [list(row) for row in shidoku_solutions()[0]]
    swapped = [row[::-1] for row in right]  # a changed given comes first
    assert not ga.check_shidoku(swapped)
    assert "is given as" in verdict(capsys, False)
    assert not ga.check_shidoku([list(row) for row in ga.SHIDOKU])
    assert "row 1, column 1 is still empty" in verdict(capsys, False)
    clash = [[*row] for row in right]
    clash[1][0], clash[1][1] = clash[1][1], clash[1][0]  # two free cells of row 2 swapped
    assert not ga.check_shidoku(clash)
    out = verdict(capsys, False)
    assert "twice" in out and ("column" in out or "box" in out), out
    for bad, hint in [
        ("1234", "4 rows of 4 digits"),
        ([[1, 2, 3]] * 4, "row 1 has 3 entries"),
        ([[5, 2, 3, 4]] + right[1:], "the digits are 1 to 4"),
        ([["x", 2, 3, 4]] + right[1:], "the digits are 1 to 4"),
    ]:
        assert not ga.check_shidoku(bad)
        assert hint in verdict(capsys, False)


@given(st.lists(st.lists(st.integers(0, 5), min_size=4, max_size=4), min_size=4, max_size=4))
def test_a_grid_is_accepted_exactly_when_it_solves_the_puzzle(grid: list[list[int]]) -> None:
    solution = [list(row) for row in shidoku_solutions()[0]]
    assert quietly(ga.check_shidoku, grid) == (grid == solution)


# -- going further: Hamilton's game and flows ------------------------------------------------
def hamiltonian_cycles(g: nx.Graph) -> set[tuple[str, ...]]:
    """Every Hamiltonian cycle from A, by brute force over the orders (the oracle)."""
    others = [v for v in g if v != "A"]
    return {
        ("A", *order, "A")
        for order in itertools.permutations(others)
        if nx.is_path(g, ["A", *order, "A"])
    }


def test_hamiltonian_cycle(capsys: pytest.CaptureFixture[str]) -> None:
    g, _ = ga.prism()
    cycles = hamiltonian_cycles(g)
    assert ("A", "B", "C", "F", "E", "D", "A") in cycles
    for cycle in cycles:
        assert ga.check_hamiltonian_cycle("".join(cycle))
        verdict(capsys, True)
    assert ga.check_hamiltonian_cycle(["a", "b", "c", "f", "e", "d", "a"])
    verdict(capsys, True)
    for wrong, hint in [
        ("ABCA", "D, E and F are not visited"),
        ("ABCFEDAB", "A is visited twice before the end"),
        ("ABCBA", "B is visited twice"),
        ("ABCDEFA", "no edge joins C and D"),
        ("ABCFED", "add A at the end"),
        ("ABXA", "'X' is not a vertex"),
        ("A", "the vertices in order"),
    ]:
        assert not ga.check_hamiltonian_cycle(wrong)
        assert hint in verdict(capsys, False)


@given(st.permutations("ABCDEF"))
def test_a_cycle_is_accepted_exactly_when_it_is_hamiltonian(order: list[str]) -> None:
    g, _ = ga.prism()
    cycle = "".join(order) + order[0]
    start = cycle.index("A")
    from_a = tuple(cycle[start:-1] + cycle[:start] + "A")
    assert quietly(ga.check_hamiltonian_cycle, cycle) == (from_a in hamiltonian_cycles(g))


def test_max_flow(capsys: pytest.CaptureFixture[str]) -> None:
    g, where = ga.pipes()
    assert set(where) == set(g)
    best = nx.maximum_flow_value(g, "s", "t")
    assert best == 9
    for typed in (best, "9", 9.0, np.int64(9)):
        assert ga.check_max_flow(typed)
        assert "a→t, b→c, b→t" in verdict(capsys, True)
    cases = [
        (11, "what leaves s"),
        (10, "more than can get through"),
        (7, "more than 7 gets through"),
        ("lots", "answer with a number"),
    ]
    assert_hints(capsys, ga.check_max_flow, cases, hidden="9")


def test_dodecahedron() -> None:
    g, flat = ga.dodecahedron()
    assert nx.is_isomorphic(g, nx.dodecahedral_graph()) and set(flat) == set(g)


# -- every check reads "20", 20.0 and numpy's 20 alike ------------------------------------------
@pytest.mark.parametrize(
    "check, right",
    [
        (ga.check_spanning_tree_weight, 19),
        (ga.check_tour_count, 24),
        (ga.check_sudoku_neighbours, 20),
        (ga.check_max_flow, 9),
    ],
    ids=["spanning tree", "tours", "sudoku neighbours", "max flow"],
)
def test_a_number_is_read_alike_however_it_is_typed(
    capsys: pytest.CaptureFixture[str], check: object, right: int
) -> None:
    assert_read_alike(capsys, check, right)
