"""Where to put every node of a drawing: a tidy layout for trees, a layered one for graphs.

Trees: :func:`tidy_layout`
--------------------------

The picture follows the rules textbooks draw by (Reingold and Tilford, 1981):

1. every node sits on the row of its depth;
2. children keep their move order from left to right;
3. a parent is centred over its first and last child;
4. two nodes on the same row are at least ``separation`` apart;
5. a subtree looks the same wherever it appears (it is placed as one rigid block).

The algorithm works bottom-up. Each subtree remembers its *contour*: for every row below
its root, the leftmost and the rightmost x in that row, relative to the root. To lay out a
node, its children's blocks are placed one after another from the left; each new block
is pushed right just far enough that, on every row the two have in common, its left
contour stays ``separation`` clear of the right contour of the blocks already placed.
The parent then goes halfway between its first and last child. A final pass from the root
turns the relative offsets into absolute positions.

Contours are stored deepest row first with one shared offset, so a parent extends its
first child's contour in place; merging a later child costs the height of that child,
and the whole layout takes time proportional to the number of nodes. Nothing recurses, so
a chain of thousands of plies lays out as easily as a bushy tree.

>>> kids = {"A": ["B", "C"], "B": ["D", "E", "F"], "C": ["G"]}
>>> pos = tidy_layout("A", lambda n: kids.get(n, []))
>>> pos["A"], pos["B"], pos["C"], [pos[n][0] for n in "DEFG"]
((2.0, 0), (1.0, 1), (3.0, 1), [0.0, 1.0, 2.0, 3.0])

Graphs: :func:`layered_layout`
------------------------------
A game graph with transpositions (one position reached along several lines) or repetitions
(cycles) is drawn the way Sugiyama, Tagawa and Toda (1981) draw any directed graph, in
four steps:

1. **Rows.** Every node gets a row from a *rank* the caller chooses: by default the ply,
   or what the game says (the matches left in Nim). An edge down the rows is an ordinary
   edge, a transposition included; an edge up the rows (a repetition) is a *back edge*,
   laid out as if it pointed down and drawn with its arrow reversed.
2. **Long edges.** An edge that skips rows gets an invisible bend point on every row it
   crosses, so it is routed between the nodes instead of through them.
3. **Fewer crossings.** Starting from a depth-first order (the tree-like order of the moves),
   each row is sorted by the *barycenter* of its neighbours in the row above, then in the
   row below, sweep after sweep; the order with the fewest crossings wins.
4. **Coordinates.** Each row keeps its order and its spacing, and every node moves as near
   as it can to the mean x of its neighbours (least squares under the spacing constraints,
   solved exactly by pooling adjacent violators); sweeps down and up straighten the edges.

Nothing here needs the Graphviz binary, and nothing recurses.

>>> edges = [("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("A", "D")]
>>> layout = layered_layout("ABCD", edges, {"A": 0, "B": 1, "C": 1, "D": 2})
>>> layout.row["D"], layout.x["B"] < layout.x["C"], len(layout.bends["A", "D"])
(2, True, 1)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from gametheory.core import GameError
from gametheory.search.paths import Address

__all__ = ["Layered", "layered_layout", "path_children", "tidy_layout"]

K = TypeVar("K", bound=Hashable)


@dataclass
class _Block:
    """A laid-out subtree: its contour (deepest row first) and where its children sit."""

    left: list[float] = field(default_factory=list)  # stored values; true x = value + shift
    right: list[float] = field(default_factory=list)
    shift: float = 0.0


def tidy_layout(
    root: K,
    children: Callable[[K], Sequence[K]],
    *,
    separation: float = 1.0,
) -> dict[K, tuple[float, int]]:
    """Place every node of a tree: ``{node: (x, depth)}``, with the leftmost x at 0.

    Parameters
    ----------
    root
        The root node (any hashable key, e.g. a path tuple).
    children
        ``children(node)`` lists a node's children, in the order to draw them.
    separation
        The least horizontal distance between two nodes on the same row.

    Returns
    -------
    dict
        ``{node: (x, depth)}``; the root has depth 0.

    Raises
    ------
    ValueError
        If ``separation`` is not positive, or a node is reached twice (not a tree).

    Examples
    --------
    >>> tidy_layout((), lambda p: [p + (i,) for i in range(2)] if len(p) < 2 else [])
    {(): (1.5, 0), (0,): (0.5, 1), (0, 0): (0.0, 2), (0, 1): (1.0, 2), (1,): (2.5, 1), (1, 0): (2.0, 2), (1, 1): (3.0, 2)}
    """
    if not separation > 0:
        raise GameError(f"separation must be a positive distance, got {separation!r}")
    # pre-order by an explicit stack; reversed, it visits every child before its parent
    order: list[K] = []
    kids: dict[K, Sequence[K]] = {}
    depth: dict[K, int] = {root: 0}
    stack = [root]
    while stack:
        node = stack.pop()
        order.append(node)
        kids[node] = list(children(node))
        for child in kids[node]:
            if child in depth:
                raise GameError(f"node {child!r} is reached twice: tidy_layout needs a tree")
            depth[child] = depth[node] + 1
        stack.extend(reversed(kids[node]))

    offset: dict[K, float] = {root: 0.0}  # x of a node relative to its parent
    blocks: dict[K, _Block] = {}
    for node in reversed(order):
        below = kids[node]
        if not below:
            blocks[node] = _Block([0.0], [0.0], 0.0)
            continue
        forest = blocks.pop(below[0])  # the first child's block grows into the parent's
        placed = [0.0] + [_place(forest, blocks.pop(child), separation) for child in below[1:]]
        centre = (placed[0] + placed[-1]) / 2
        for child, at in zip(below, placed, strict=True):
            offset[child] = at - centre
        forest.shift -= centre
        forest.left.append(-forest.shift)  # the parent's own row, at x = 0
        forest.right.append(-forest.shift)
        blocks[node] = forest

    x: dict[K, float] = {root: 0.0}
    for node in order:  # parents before children
        for child in kids[node]:
            x[child] = x[node] + offset[child]
    least = min(x.values())
    return {node: (x[node] - least, depth[node]) for node in order}


def path_children(paths: Iterable[Address]) -> dict[Address, list[Address]]:
    """The tree a set of paths spells: every path and its ancestors, with their children.

    A path is the tuple of move numbers from the root (as traces name nodes); children are
    listed in move order, ready for :func:`tidy_layout`.

    >>> path_children([(1, 0), (0,)])
    {(): [(0,), (1,)], (0,): [], (1,): [(1, 0)], (1, 0): []}
    """
    every = sorted({path[:k] for path in paths for k in range(len(path) + 1)} | {()})
    kids: dict[Address, list[Address]] = {path: [] for path in every}
    for path in every[1:]:
        kids[path[:-1]].append(path)
    return kids


def _place(forest: _Block, block: _Block, separation: float) -> float:
    """Put ``block`` to the right of ``forest`` (both rooted on the same row); merge it in.

    Returns the x of the block's root in the forest's coordinates (the first child at 0).
    """
    nf, nb = len(forest.left), len(block.left)
    common = min(nf, nb)
    # the rows in common are the last `common` entries of both lists (deepest first)
    gap = max(
        forest.right[nf - 1 - d] + forest.shift - (block.left[nb - 1 - d] + block.shift)
        for d in range(common)
    )
    x = gap + separation
    delta = block.shift + x - forest.shift  # block value -> forest value
    for d in range(common):  # the new block is now the rightmost on every shared row
        forest.right[nf - 1 - d] = block.right[nb - 1 - d] + delta
    if nb > nf:  # the block reaches deeper: its lower rows become the forest's
        extra = nb - nf
        forest.left[:0] = [v + delta for v in block.left[:extra]]
        forest.right[:0] = [v + delta for v in block.right[:extra]]
    return x


# -- layered layout of a directed graph ---------------------------------------------------
@dataclass(frozen=True)
class Layered(Generic[K]):
    """A layered drawing of a graph (the result of :func:`layered_layout`).

    Attributes
    ----------
    x, row
        Every node's horizontal place and its row (the top row is 0). The leftmost node or
        bend is at x = 0.
    bends
        For every edge ``(u, v)`` that skips rows, the x where it crosses each row in
        between, in order from ``u`` to ``v``.
    back
        The edges that do not go down the rows (repetitions, and moves within one row).
    """

    x: dict[K, float]
    row: dict[K, int]
    bends: dict[tuple[K, K], list[float]]
    back: frozenset[tuple[K, K]]


def layered_layout(
    nodes: Sequence[K],
    edges: Sequence[tuple[K, K]],
    rank: Mapping[K, int],
    *,
    size: Callable[[K], float] | None = None,
    separation: float = 1.0,
    sweeps: int = 12,
) -> Layered[K]:
    """Lay out a directed graph in rows, with few crossings (see the module's steps).

    Parameters
    ----------
    nodes
        Every node, in the order to prefer when nothing else decides (e.g. breadth-first
        from the start, with moves in the game's order).
    edges
        ``(from, to)`` pairs; loops and repeated pairs are allowed.
    rank
        The row of every node; rows are renumbered from 0 keeping their order.
    size
        The width of each node, in the units of ``separation`` (default 0: points).
    separation
        The least gap between two nodes of a row (half of it next to a bend point).
    sweeps
        How many barycenter sweeps to try (half down, half up).

    Returns
    -------
    Layered

    Raises
    ------
    ValueError
        If ``separation`` is not positive, or a node has no rank, or an edge names a node
        that is not in ``nodes``.

    Examples
    --------
    A cycle: the edge from C back up to A is a back edge, routed beside B.

    >>> layout = layered_layout("ABC", [("A", "B"), ("B", "C"), ("C", "A")], {"A": 0, "B": 1, "C": 2})
    >>> sorted(layout.back), len(layout.bends["C", "A"]), layout.x["A"] == layout.x["C"]
    ([('C', 'A')], 1, True)
    """
    if not separation > 0:
        raise GameError(f"separation must be a positive distance, got {separation!r}")
    index = {node: i for i, node in enumerate(nodes)}
    missing = next((node for node in nodes if node not in rank), None)
    if missing is not None:
        raise GameError(f"node {missing!r} has no rank: give every node a row")
    stranger = next((e for e in edges if e[0] not in index or e[1] not in index), None)
    if stranger is not None:
        raise GameError(f"edge {stranger!r} names a node that is not in nodes")
    rows_used = sorted({rank[node] for node in nodes})
    renumber = {r: k for k, r in enumerate(rows_used)}
    row = [renumber[rank[node]] for node in nodes]
    width = [float(size(node)) if size else 0.0 for node in nodes]

    down, chains, back = _chains(nodes, edges, index, row, width)
    up: list[list[int]] = [[] for _ in row]
    for a, below in enumerate(down):
        for b in below:
            up[b].append(a)

    layers = _first_order(len(nodes), row, down)
    layers = _fewer_crossings(layers, up, down, sweeps)
    xs = _coordinates(layers, up, down, width, len(nodes), separation)
    least = min(xs)
    bends = {
        (nodes[u], nodes[v]): [xs[b] - least for b in chain[1:-1]][:: 1 if row[u] < row[v] else -1]
        for (u, v), chain in chains.items()
        if len(chain) > 2
    }
    return Layered(
        {node: xs[i] - least for i, node in enumerate(nodes)},
        {node: row[i] for i, node in enumerate(nodes)},
        bends,
        frozenset(back),
    )


def _chains(
    nodes: Sequence[K],
    edges: Sequence[tuple[K, K]],
    index: Mapping[K, int],
    row: list[int],
    width: list[float],
) -> tuple[list[list[int]], dict[tuple[int, int], list[int]], set[tuple[K, K]]]:
    """Every edge as a chain of unit steps down the rows (step 2 of the module).

    The real nodes are numbered first; each bend point gets the next number, and its row
    and width (0) are appended to ``row`` and ``width``. Returns the steps down from every
    point, the chain of every edge by its ends' numbers, and the back edges.
    """
    down: list[list[int]] = [[] for _ in nodes]
    chains: dict[tuple[int, int], list[int]] = {}
    back: set[tuple[K, K]] = set()
    for u_node, v_node in edges:
        u, v = index[u_node], index[v_node]
        if u == v or (u, v) in chains:
            continue
        if row[u] >= row[v]:
            back.add((u_node, v_node))
            if row[u] == row[v]:
                continue  # a move within a row is drawn as an arc; it does not order rows
        top, bottom = (u, v) if row[u] < row[v] else (v, u)
        chain = [top]
        for r in range(row[top] + 1, row[bottom]):
            chain.append(len(row))
            row.append(r)
            width.append(0.0)
            down.append([])
        chain.append(bottom)
        for a, b in zip(chain, chain[1:], strict=False):
            down[a].append(b)
        chains[u, v] = chain
    return down, chains, back


def _first_order(n: int, row: list[int], down: list[list[int]]) -> list[list[int]]:
    """Rows in depth-first pre-order from the nodes in their given order: a tree-like start."""
    layers: list[list[int]] = [[] for _ in range(max(row) + 1)]
    seen = [False] * len(row)
    for start in range(n):
        stack = [start]
        while stack:
            v = stack.pop()
            if seen[v]:
                continue
            seen[v] = True
            layers[row[v]].append(v)
            stack.extend(reversed(down[v]))
    return layers


def _crossings(layers: list[list[int]], down: list[list[int]]) -> int:
    """Edge crossings between every pair of neighbouring rows (inversions, counted by bisect)."""
    total = 0
    position = {v: i for layer in layers for i, v in enumerate(layer)}
    for layer in layers:
        ends = sorted((position[a], position[b]) for a in layer for b in down[a])
        seen: list[int] = []
        for _, b in ends:
            k = bisect_right(seen, b)
            total += len(seen) - k  # earlier edges that end to the right of this one
            seen.insert(k, b)
    return total


def _fewer_crossings(
    layers: list[list[int]], up: list[list[int]], down: list[list[int]], sweeps: int
) -> list[list[int]]:
    best, fewest = [list(layer) for layer in layers], _crossings(layers, down)
    for sweep in range(sweeps):
        if fewest == 0:
            break
        going_down = sweep % 2 == 0
        order = range(1, len(layers)) if going_down else range(len(layers) - 2, -1, -1)
        for r in order:
            near = layers[r - 1] if going_down else layers[r + 1]
            layers[r] = _by_barycenter(layers[r], near, up if going_down else down)
        count = _crossings(layers, down)
        if count < fewest:
            best, fewest = [list(layer) for layer in layers], count
    return best


def _by_barycenter(layer: list[int], near: list[int], links: list[list[int]]) -> list[int]:
    """The row sorted by the mean place of each node's neighbours in the row ``near``.

    A node without neighbours there keeps its place; ties keep the current order.
    """
    place = {v: i for i, v in enumerate(near)}

    def barycenter(k: int) -> tuple[float, int]:
        others = [place[u] for u in links[layer[k]]]
        return (sum(others) / len(others) if others else k, k)

    return [layer[k] for k in sorted(range(len(layer)), key=barycenter)]


def _coordinates(
    layers: list[list[int]],
    up: list[list[int]],
    down: list[list[int]],
    width: list[float],
    real: int,
    separation: float,
) -> list[float]:
    def gap(a: int, b: int) -> float:
        both = a < real and b < real
        return (width[a] + width[b]) / 2 + (separation if both else separation / 2)

    xs = [0.0] * len(width)
    for layer in layers:
        for a, b in zip(layer, layer[1:], strict=False):
            xs[b] = xs[a] + gap(a, b)
    for sweep in range(8):
        order = range(len(layers)) if sweep % 2 == 0 else range(len(layers) - 1, -1, -1)
        for r in order:
            layer = layers[r]
            wanted = []
            for v in layer:
                links = (up[v] if sweep % 2 == 0 else down[v]) or up[v] + down[v]
                wanted.append(sum(xs[u] for u in links) / len(links) if links else xs[v])
            gaps = [gap(a, b) for a, b in zip(layer, layer[1:], strict=False)]
            for v, x in zip(layer, _closest_spaced(wanted, gaps), strict=True):
                xs[v] = x
    return xs


def _closest_spaced(wanted: list[float], gaps: list[float]) -> list[float]:
    """The xs nearest to ``wanted`` (least squares) that keep order and the given gaps.

    With offsets ``o[i]`` (the sum of the gaps before i), ``y = x - o`` must not decrease:
    isotonic regression, solved by pooling adjacent violators.
    """
    offsets = [0.0]
    for g in gaps:
        offsets.append(offsets[-1] + g)
    blocks: list[list[float]] = []  # [mean, count]
    for w, o in zip(wanted, offsets, strict=True):
        blocks.append([w - o, 1.0])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, c2 = blocks.pop()
            m1, c1 = blocks.pop()
            blocks.append([(m1 * c1 + m2 * c2) / (c1 + c2), c1 + c2])
    ys = [mean for mean, count in blocks for _ in range(int(count))]
    return [y + o for y, o in zip(ys, offsets, strict=True)]
