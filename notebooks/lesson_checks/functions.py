"""The function each lesson of 00–05 asks students to write, checked by the practice layer.

Each is a :class:`gametheory.practice.exercises.Exercise`: a reference, cases (the lesson's
examples and small made ones, smallest first; never the answer of one of the lesson's
other exercises) and the mistakes students make, each written as the wrong function that
makes it. ``WINNING_TAKE.check(my_function)`` runs the student's function on every case and
names the first case it gets wrong, and the mistake when one fits every answer.

>>> print(WINNING_TAKE.check(lambda n: n % 4))
✗ Not yet: winning_take(4) returned 0, not None. That is the mistake “taking 0 matches”: 0 matches is no move. What should your function say for a pile where every move loses?
>>> all(ex.check(ex.reference) for ex in EXERCISES.values())
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product
from numbers import Integral
from typing import Any

import networkx as nx

from gametheory import Nim, TicTacToe
from gametheory.practice.exercises import Exercise, Symptom
from lesson_checks.graphs import konigsberg, roads

__all__ = [
    "EXERCISES",
    "IS_TRAIL",
    "LABEL",
    "NORMAL_FORM",
    "PERFT",
    "KRUSKAL",
    "PURE_EQUILIBRIA",
    "ROW_MIX",
    "WINNING_TAKE",
]


def _whole(x: object) -> bool:
    """An int, a numpy int: not a bool, not a float."""
    return isinstance(x, Integral) and not isinstance(x, bool)


# -- 00: the matches game -----------------------------------------------------------------
def winning_take(n: int) -> int | None:
    """How many matches (1, 2 or 3) the player to move takes from ``n`` to win, or None
    when every move loses (whoever takes the last match wins)."""
    return None if n % 4 == 0 else n % 4


WINNING_TAKE = Exercise(
    "winning_take",
    winning_take,
    [(n,) for n in range(1, 17)],
    [
        Symptom(
            "taking 0 matches",
            lambda n: n % 4,
            "0 matches is no move. What should your function say for a pile where every "
            "move loses?",
        ),
        Symptom(
            "leaving the wrong count",
            lambda n: None if n % 4 == 0 else 4 - n % 4,
            "count what your move leaves on the table: which count must the opponent face?",
        ),
        Symptom(
            "the last match loses",
            lambda n: None if n % 4 == 1 else (n - 1) % 4,
            "in this game whoever takes the last match wins: with 1 match, take it.",
        ),
        Symptom(
            "the same move for every pile",
            lambda n: 1,
            "the winning move depends on how many matches are on the table.",
        ),
    ],
    compare=lambda a, b: a is None if b is None else _whole(a) and a == b,
)


# -- 01a: is a walk a trail? ------------------------------------------------------------------
def is_trail(g: nx.Graph, walk: Sequence[Any]) -> bool:
    """Whether ``walk`` (a sequence of vertices) is a trail of the undirected graph ``g``
    (a ``Graph`` or a ``MultiGraph``): each step along an edge, no edge used twice."""
    used: Counter[frozenset[Any]] = Counter()
    for u, v in zip(walk, walk[1:], strict=False):
        used[frozenset((u, v))] += 1
        if used[frozenset((u, v))] > g.number_of_edges(u, v):
            return False
    return True


def _a_path_test(g: nx.Graph, walk: Sequence[Any]) -> bool:
    steps = all(g.has_edge(u, v) for u, v in zip(walk, walk[1:], strict=False))
    return steps and len(set(walk)) == len(walk)


def _parallel_as_one(g: nx.Graph, walk: Sequence[Any]) -> bool:
    steps = [frozenset(s) for s in zip(walk, walk[1:], strict=False)]
    return all(g.has_edge(u, v) for u, v in zip(walk, walk[1:], strict=False)) and len(
        set(steps)
    ) == len(steps)


def _no_edge_test(g: nx.Graph, walk: Sequence[Any]) -> bool:
    used: Counter[frozenset[Any]] = Counter(frozenset(s) for s in zip(walk, walk[1:], strict=False))
    return all(n <= max(1, g.number_of_edges(*_ends(e))) for e, n in used.items())


def _ends(edge: frozenset[Any]) -> tuple[Any, Any]:
    """The two ends of an edge kept as a set of its ends (a loop has one)."""
    ends = tuple(edge)
    return (ends[0], ends[-1])


def _directions_apart(g: nx.Graph, walk: Sequence[Any]) -> bool:
    used: Counter[tuple[Any, Any]] = Counter(zip(walk, walk[1:], strict=False))
    return all(used[(u, v)] <= g.number_of_edges(u, v) for u, v in used)


def _walks() -> list[tuple[nx.Graph, str]]:
    town, _ = roads()
    bridges = konigsberg()
    return [
        (town, "ABDF"),  # a path
        (town, "ABCDB"),  # a trail that comes back to B
        (town, "ABCBD"),  # B–C twice: no trail
        (town, "ABF"),  # no road B–F
        (bridges, "ABAC"),  # both bridges A–B: a trail
        (bridges, "ABABA"),  # a third crossing of A–B: none
        (bridges, "ADBAC"),
        (bridges, "DBD"),  # the one bridge B–D, back over it
        (town, "DEFD"),  # a closed trail
        (bridges, "CACAB"),
    ]


IS_TRAIL = Exercise(
    "is_trail",
    is_trail,
    _walks(),
    [
        Symptom(
            "a path's test, not a trail's",
            _a_path_test,
            "a trail may come back to a vertex it has visited; what may it not do?",
        ),
        Symptom(
            "parallel edges as one",
            _parallel_as_one,
            "two lands can be joined by more than one bridge (Königsberg): each of them "
            "may be crossed once. `g.number_of_edges(u, v)` counts them.",
        ),
        Symptom(
            "steps that are not edges",
            _no_edge_test,
            "is every step of the sequence an edge of the graph?",
        ),
        Symptom(
            "A–B and B–A as two edges",
            _directions_apart,
            "in an undirected graph the edge from A to B is the edge from B to A.",
        ),
    ],
    compare=lambda a, b: type(a).__name__ in ("bool", "bool_") and bool(a) == b,
    describe=lambda case: f"{'königsberg' if case[0].is_multigraph() else 'roads'}, {case[1]!r}",
)


# -- 01b: Kruskal's total -------------------------------------------------------------------
def kruskal(g: nx.Graph) -> float:
    """The total weight of a minimum spanning tree of the connected weighted graph ``g``
    (edge attribute ``weight``), as Kruskal finds it: the edges from the lightest, each one
    that joins two different pieces."""
    piece = {v: v for v in g}  # each vertex's piece, named by one of its vertices
    total = 0.0
    for u, v, w in sorted(g.edges(data="weight"), key=lambda e: e[2]):
        if piece[u] != piece[v]:
            old = piece[v]
            piece = {x: piece[u] if p == old else p for x, p in piece.items()}
            total += w
    return total


def _no_cycle_test(g: nx.Graph) -> float:
    weights = sorted(w for _, _, w in g.edges(data="weight"))
    return float(sum(weights[: len(g) - 1]))


def _one_end_new(g: nx.Graph) -> float:
    seen: set[Any] = set()
    total = 0.0
    for u, v, w in sorted(g.edges(data="weight"), key=lambda e: e[2]):
        if u not in seen or v not in seen:
            seen |= {u, v}
            total += w
    return total


def _heaviest_first(g: nx.Graph) -> float:
    return float(nx.maximum_spanning_tree(g).size(weight="weight"))


def _one_short(g: nx.Graph) -> float:
    edges = nx.minimum_spanning_edges(g, data=True)
    return float(sum(d["weight"] for _, _, d in list(edges)[: len(g) - 2]))


def _graphs() -> list[tuple[nx.Graph]]:
    town, _ = roads()
    made = []
    for edges in (
        [(1, 2, 4)],
        [(1, 2, 1), (2, 3, 2), (1, 3, 3)],
        [(1, 2, 5), (2, 3, 1), (3, 4, 5), (4, 1, 1), (1, 3, 2)],
        [(1, 2, 1), (3, 4, 1), (2, 3, 5), (1, 4, 6), (1, 3, 7)],  # two pieces, then a join
        [(1, 2, 1), (1, 3, 1), (2, 3, 1), (3, 4, 7), (2, 4, 9), (4, 5, 2), (3, 5, 8)],
        [(1, 2, 3), (2, 3, 3), (3, 4, 3), (4, 5, 3), (5, 1, 1), (1, 3, 2), (2, 5, 6)],
    ):
        g = nx.Graph()
        g.add_weighted_edges_from(edges)
        made.append((g,))
    return [*made, (town,)]


KRUSKAL = Exercise(
    "kruskal",
    kruskal,
    _graphs(),
    [
        Symptom(
            "no cycle test",
            _no_cycle_test,
            "the lightest edges can close a cycle: an edge between two vertices of one "
            "piece joins nothing new.",
        ),
        Symptom(
            "a new end is not a new piece",
            _one_end_new,
            "an edge whose two ends have both been seen may still join two different "
            "pieces: ask which piece each end is in, not whether it was seen.",
        ),
        Symptom(
            "the heaviest edges first",
            _heaviest_first,
            "a minimum spanning tree: in which order should the edges be tried?",
        ),
        Symptom(
            "one edge short",
            _one_short,
            "when is a spanning tree finished? Count the vertices it must reach.",
        ),
    ],
    describe=lambda case: "roads" if "A" in case[0] else f"<a graph of {len(case[0])} vertices>",
)


# -- 02: the normal form of a small tree ----------------------------------------------------
Tree = dict[Any, dict[Any, tuple[float, float]]]


def normal_form(game: Tree) -> dict[tuple[Any, tuple[Any, ...]], tuple[float, float]]:
    """The normal form of a two-move game: player 1 chooses a key of ``game``, player 2 sees
    it and chooses a key of ``game[move]``, whose value is the payoffs (player 1's, player
    2's). A plan of player 2 is a tuple of replies, one to each of player 1's moves in the
    order of ``game``; the table maps (move, plan) to the payoffs."""
    firsts = list(game)
    plans = product(*(list(game[m]) for m in firsts))
    return {(m, plan): game[m][plan[i]] for plan in plans for i, m in enumerate(firsts)}


def _one_reply(game: Tree) -> dict[tuple[Any, tuple[Any, ...]], tuple[float, float]]:
    firsts = list(game)
    return {(m, (r,) * len(firsts)): game[m][r] for m in firsts for r in game[m]}


def _first_reply(game: Tree) -> dict[tuple[Any, tuple[Any, ...]], tuple[float, float]]:
    firsts = list(game)
    plans = product(*(list(game[m]) for m in firsts))
    return {(m, plan): game[m].get(plan[0], (0.0, 0.0)) for plan in plans for m in firsts}


def _swapped_payoffs(game: Tree) -> dict[tuple[Any, tuple[Any, ...]], tuple[float, float]]:
    return {key: (u[1], u[0]) for key, u in normal_form(game).items()}


NORMAL_FORM = Exercise(
    "normal_form",
    normal_form,
    [
        ({"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (9, 1), "R": (0, 0)}},),
        ({"L": {"a": (1, 3), "b": (2, 0)}, "R": {"a": (0, 1), "b": (4, 2)}},),
        (
            {
                "x": {"y": (1, 2), "z": (3, 4)},
                "w": {"y": (5, 6), "z": (7, 8)},
                "v": {"y": (0, 9), "z": (9, 0)},
            },
        ),
    ],
    [
        Symptom(
            "one reply for every move",
            _one_reply,
            "player 2 sees player 1's move before answering: a plan says what to answer "
            "to each of them, and the answers may differ.",
        ),
        Symptom(
            "the reply to the wrong move",
            _first_reply,
            "a plan holds one reply per move of player 1; which of them is played when "
            "player 1 makes the second move?",
        ),
        Symptom(
            "payoffs the other way round",
            _swapped_payoffs,
            "a payoff pair is (player 1's, player 2's), as in the tree.",
        ),
    ],
    describe=lambda case: "{" + ", ".join(f"{m!r}: …" for m in case[0]) + "}",
)


# -- 03a: pure equilibria from best responses --------------------------------------------
Matrix = Sequence[Sequence[float]]


def pure_equilibria(a: Matrix, b: Matrix) -> list[tuple[int, int]]:
    """The cells (row, column) where the row is a best response to the column (payoffs
    ``a[i][j]`` of the row player) and the column a best response to the row (``b[i][j]``,
    the column player's)."""
    rows, cols = range(len(a)), range(len(a[0]))
    return [
        (i, j)
        for i in rows
        for j in cols
        if a[i][j] == max(a[k][j] for k in rows) and b[i][j] == max(b[i][k] for k in cols)
    ]


def _rows_only(a: Matrix, b: Matrix) -> list[tuple[int, int]]:
    rows, cols = range(len(a)), range(len(a[0]))
    return [(i, j) for i in rows for j in cols if a[i][j] == max(a[k][j] for k in rows)]


def _column_down(a: Matrix, b: Matrix) -> list[tuple[int, int]]:
    rows, cols = range(len(a)), range(len(a[0]))
    return [
        (i, j)
        for i in rows
        for j in cols
        if a[i][j] == max(a[k][j] for k in rows) and b[i][j] == max(b[k][j] for k in rows)
    ]


def _strictly(a: Matrix, b: Matrix) -> list[tuple[int, int]]:
    rows, cols = range(len(a)), range(len(a[0]))
    return [
        (i, j)
        for i in rows
        for j in cols
        if all(a[i][j] > a[k][j] for k in rows if k != i)
        and all(b[i][j] > b[i][k] for k in cols if k != j)
    ]


def _smallest(a: Matrix, b: Matrix) -> list[tuple[int, int]]:
    rows, cols = range(len(a)), range(len(a[0]))
    return [
        (i, j)
        for i in rows
        for j in cols
        if a[i][j] == min(a[k][j] for k in rows) and b[i][j] == min(b[i][k] for k in cols)
    ]


PURE_EQUILIBRIA = Exercise(
    "pure_equilibria",
    pure_equilibria,
    [
        ([[3, 0], [5, 1]], [[3, 5], [0, 1]]),  # a prisoner's dilemma: one equilibrium
        ([[1, -1], [-1, 1]], [[-1, 1], [1, -1]]),  # matching pennies: none
        ([[2, 0], [0, 1]], [[1, 0], [0, 2]]),  # two
        ([[1, 1], [1, 1]], [[1, 1], [1, 1]]),  # every cell: ties
        ([[4, 2, 0], [1, 3, 5], [2, 2, 1]], [[1, 2, 3], [3, 1, 0], [2, 2, 1]]),
        ([[0, 3, 1], [2, 1, 1], [1, 0, 2]], [[2, 1, 0], [1, 1, 3], [0, 2, 2]]),
    ],
    [
        Symptom(
            "only the row player asked",
            _rows_only,
            "in an equilibrium neither player gains by changing: is the column a best "
            "response too?",
        ),
        Symptom(
            "the column player compared down a column",
            _column_down,
            "the column player chooses a column while the row stays: which of b's entries "
            "does the column player compare?",
        ),
        Symptom(
            "strictly best only",
            _strictly,
            "a best response may be tied with another: both are best responses.",
        ),
        Symptom(
            "the smallest payoff, not the largest",
            _smallest,
            "payoffs are what the players want more of.",
        ),
    ],
    compare=lambda a, b: (
        isinstance(a, (list, tuple, set))
        and all(isinstance(x, (list, tuple)) and len(x) == 2 for x in a)
        and sorted((int(i), int(j)) for i, j in a) == sorted(b)
    ),
)


# -- 03b: the indifference equation -------------------------------------------------------------
def row_mix(a: Matrix, b: Matrix) -> float:
    """The probability ``p`` of row 0 with which the row player makes the column player
    indifferent between the two columns of a 2×2 game (``b[i][j]``: the column player's
    payoff; ``a`` is the row player's, not needed)."""
    return (b[1][1] - b[1][0]) / (b[0][0] - b[1][0] - b[0][1] + b[1][1])


ROW_MIX = Exercise(
    "row_mix",
    row_mix,
    [
        ([[1, -1], [-1, 1]], [[-1, 1], [1, -1]]),  # matching pennies
        ([[0, 2], [3, 0]], [[2, 0], [0, 1]]),
        ([[4, 0], [1, 3]], [[0, 5], [2, 1]]),
        ([[1, 0], [0, 2]], [[3, 0], [1, 4]]),
        ([[2, 1], [0, 3]], [[1, 4], [3, 2]]),
    ],
    [
        Symptom(
            "the row player's own payoffs",
            lambda a, b: row_mix(b, a),
            "the row player mixes to make the *other* player indifferent: whose payoffs "
            "must the two sides of the equation be?",
        ),
        Symptom(
            "the other row's probability",
            lambda a, b: 1 - row_mix(a, b),
            "p is the probability of row 0; which row does your p multiply?",
        ),
        Symptom(
            "b read the wrong way round",
            lambda a, b: row_mix(a, [[b[0][0], b[1][0]], [b[0][1], b[1][1]]]),
            "b[i][j] is the column player's payoff when row i meets column j.",
        ),
    ],
    compare=lambda a, b: isinstance(a, (int, float)) and abs(float(a) - b) < 1e-9,
)


# -- 04: perft ------------------------------------------------------------------------------
def perft(game: Any, state: Any, depth: int) -> int:
    """How many sequences of exactly ``depth`` plies there are from ``state``."""
    if depth == 0:
        return 1
    if game.is_terminal(state):
        return 0
    return sum(perft(game, game.result(state, m), depth - 1) for m in game.legal_moves(state))


def _every_level(game: Any, state: Any, depth: int) -> int:
    return sum(perft(game, state, d) for d in range(depth + 1))


def _finished_counted(game: Any, state: Any, depth: int) -> int:
    if depth == 0 or game.is_terminal(state):
        return 1
    return sum(
        _finished_counted(game, game.result(state, m), depth - 1) for m in game.legal_moves(state)
    )


def _zero_at_zero(game: Any, state: Any, depth: int) -> int:
    return 0


def _one_too_many(game: Any, state: Any, depth: int) -> int:
    return perft(game, state, depth + 1)


_TTT, _NIM = TicTacToe(), Nim(5)
_START, _LATE = _TTT.initial_state(), _TTT.state("XXO/XOO/...")
_NAMES = {_START: "tic-tac-toe's start", _LATE: "XXO/XOO/...", _NIM.initial_state(): "5 matches"}

PERFT = Exercise(
    "perft",
    perft,
    [(_TTT, _START, d) for d in range(4)]
    + [(_TTT, _LATE, d) for d in range(4)]
    + [(_NIM, _NIM.initial_state(), d) for d in range(6)],
    [
        Symptom(
            "every level counted",
            _every_level,
            "perft counts the sequences of exactly `depth` plies: the nodes on that level only.",
        ),
        Symptom(
            "finished games counted",
            _finished_counted,
            "a game that is over before `depth` plies has no sequence of `depth` plies.",
        ),
        Symptom(
            "nothing at depth 0",
            _zero_at_zero,
            "how many sequences of 0 plies are there? (Where does every count start?)",
        ),
        Symptom("one ply too many", _one_too_many, "depth 1 is one move: count the plies."),
    ],
    compare=lambda a, b: _whole(a) and a == b,
    describe=lambda case: f"game, {_NAMES.get(case[1], 'a position')}, {case[2]}",
)


# -- 05: labelling an AND/OR tree -------------------------------------------------------------
Node = Any  # "W", "L", "D" (a finished game, for A) or ("OR" | "AND", [children])


def label(node: Node) -> str:
    """The label for A of an AND/OR tree: A chooses at OR nodes, B at AND nodes."""
    if isinstance(node, str):
        return node
    kind, children = node
    labels = [label(child) for child in children]
    best, worst = ("W", "L") if kind == "OR" else ("L", "W")
    return best if best in labels else "D" if "D" in labels else worst


def _swapped_kinds(node: Node) -> str:
    if isinstance(node, str):
        return node
    kind, children = node
    return label(("AND" if kind == "OR" else "OR", [_swapped_kinds(c) for c in children]))


def _or_everywhere(node: Node) -> str:
    if isinstance(node, str):
        return node
    labels = [_or_everywhere(child) for child in node[1]]
    return "W" if "W" in labels else "D" if "D" in labels else "L"


def _no_draws(node: Node) -> str:
    if isinstance(node, str):
        return node
    kind, children = node
    labels = [_no_draws(child) for child in children]
    if kind == "OR":
        return "W" if "W" in labels else "L"
    return "L" if "L" in labels else "W"


def _first_child(node: Node) -> str:
    return node if isinstance(node, str) else _first_child(node[1][0])


def nim_tree(n: int, a_moves: bool = True) -> Node:
    """The matches game with ``n`` matches as an AND/OR tree (take 1–3; whoever takes the
    last match wins): OR where A moves, AND where B does.

    >>> nim_tree(2)
    ('OR', [('AND', ['L']), 'W'])
    """
    if n == 0:
        return "L" if a_moves else "W"  # the player to move has lost: the other took the last
    children = [nim_tree(n - k, not a_moves) for k in range(1, min(3, n) + 1)]
    return ("OR" if a_moves else "AND", children)


LABEL = Exercise(
    "my_label",  # not "label": the lesson imports the package's label
    label,
    [
        ("D",),
        (("OR", ["L", "W"]),),
        (("AND", ["L", "W"]),),
        (("OR", ["L", "D"]),),
        (("AND", ["W", "D", "W"]),),
        (("OR", [("AND", ["W", "L"]), ("AND", ["W", "W"])]),),
        (("AND", [("OR", ["L", "D"]), ("OR", ["W"])]),),
        (nim_tree(3),),
        (nim_tree(4),),
        (nim_tree(5, a_moves=False),),
        (("OR", [("AND", ["D", ("OR", ["L", "W"])]), ("AND", ["L", "W"]), "L"]),),
    ],
    [
        Symptom(
            "OR and AND swapped",
            _swapped_kinds,
            "at an OR node A chooses the move; at an AND node B does, against A.",
        ),
        Symptom(
            "A's rule at B's nodes",
            _or_everywhere,
            "at an AND node B moves: which child will B choose for A?",
        ),
        Symptom(
            "draws forgotten",
            _no_draws,
            "what does A get at a node where no child wins for A but one child draws?",
        ),
        Symptom(
            "only the first child",
            _first_child,
            "every child counts, not only the first.",
        ),
    ],
    compare=lambda a, b: isinstance(a, str) and a.strip().upper()[:1] == b,
    describe=lambda case: _short_tree(case[0]),
)


def _short_tree(node: Node, room: int = 50) -> str:
    text = repr(node)
    return text if len(text) <= room else text[: room - 1] + "…"


EXERCISES: dict[str, Exercise] = {
    "00": WINNING_TAKE,
    "01a": IS_TRAIL,
    "01b": KRUSKAL,
    "02": NORMAL_FORM,
    "03a": PURE_EQUILIBRIA,
    "03b": ROW_MIX,
    "04": PERFT,
    "05": LABEL,
}
"""The function to write in each lesson."""
