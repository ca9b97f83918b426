"""A tidy layered layout for trees: where to put every node of a drawing.

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
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

__all__ = ["tidy_layout"]

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
        raise ValueError(f"separation must be a positive distance, got {separation!r}")
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
                raise ValueError(f"node {child!r} is reached twice: tidy_layout needs a tree")
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
        placed = [0.0]
        for child in below[1:]:
            block = blocks.pop(child)
            placed.append(_place(forest, block, separation))
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
