"""The practice trees: the drills' (random ones by level, given ones checked, and what a
level asks) and the code grader's candidates (:data:`LEVELS` ``["grader"]``, :func:`trees`).

A random drill tree is made by generate and test: candidate trees are drawn one after another
from one random stream seeded with the drill's seed (:func:`generate`), and the first one that
has what the level promises is the drill. :func:`cutoff_kinds` says which cutoffs an
alpha-beta trace has, the promise of the levels of the searches.

>>> from gametheory import tree, alphabeta
>>> sorted(cutoff_kinds(alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True).trace))
['α']
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import islice
from numbers import Integral
from typing import Any

from gametheory.andor import AndOrGraph, Label
from gametheory.andor import label as label_graph
from gametheory.checks import whole_number
from gametheory.core import CHANCE, ArgumentTypeError, GameError
from gametheory.practice.grading import read
from gametheory.search import alphabeta, expectiminimax
from gametheory.search.paths import Address
from gametheory.search.trace import Exit, Leaf, Trace
from gametheory.tree_specs import random_spec
from gametheory.trees import Chance, GameTree, Node, expand, perft, textbook_names, tree

MAX_NODES = 120
"""The largest tree a drill accepts: beyond this a picture cannot be labelled by hand."""


@dataclass(frozen=True)
class Level:
    """The shape of a random practice tree: children per inner node (or a range), plies from
    the root to the leaves, the leaf values to draw from, outcomes per chance node, and the
    most leaves a tree may have (so that its picture fits a notebook's width; a larger tree
    is drawn again). The code grader's trees add games that end early (from ply 2, a node is
    a leaf with probability ``ends_early``), a player who moves twice in a row somewhere
    (``repeats``) and chance nodes' probabilities of their own (``probabilities``)."""

    branching: int | tuple[int, int]
    depth: int
    values: tuple[int, ...]
    outcomes: int = 2
    max_leaves: int | None = None
    ends_early: float = 0.0
    repeats: bool = False
    probabilities: tuple[tuple[float, ...], ...] = ()


_SMALL, _SIGNED = tuple(range(1, 10)), tuple(range(-9, 10))
_UNEVEN = ((0.25, 0.75), (0.75, 0.25), (0.2, 0.8), (0.6, 0.4), (0.2, 0.3, 0.5), (0.6, 0.2, 0.2))
# the code grader's trees: a few games end early (so both players meet finished positions),
# the probabilities are unequal (so forgetting them shows), at most 24 leaves
_GRADED = Level((2, 3), 3, _SMALL, max_leaves=24, ends_early=0.15, probabilities=_UNEVEN)
LEVELS: Mapping[str, Mapping[int, Level]] = {
    "search": {  # minimax, negamax and alphabeta share their trees
        1: Level(3, 2, _SMALL),
        2: Level((2, 3), 3, _SIGNED, max_leaves=16),
        3: Level(2, 4, _SIGNED),
    },
    "andor": {
        1: Level(3, 2, (-1, 1)),
        2: Level((2, 3), 3, (-1, -1, 0, 1, 1), max_leaves=16),  # a draw one leaf in five
        3: Level(2, 4, (-1, -1, 0, 1, 1)),
    },
    "expectiminimax": {
        1: Level((2, 3), 2, tuple(range(0, 10))),
        2: Level(2, 3, tuple(range(0, 10))),
        3: Level(2, 3, _SIGNED, outcomes=3),
    },
    "grader": {  # the code grader's candidate trees (grader/choice.py)
        1: _GRADED,
        2: replace(_GRADED, depth=4, values=_SIGNED, repeats=True),
        3: replace(_GRADED, branching=(2, 4), depth=4, values=_SIGNED, repeats=True),
    },
}
"""The size and the leaf values of a random tree at each level, of a drill (see :class:`Drill`)
and of the code grader (``"grader"``)."""

# Probabilities with short decimals, so that every expected value can be written exactly.
_PROBABILITIES: dict[int, list[tuple[float, ...]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.5), (0.25, 0.75), (0.75, 0.25), (0.1, 0.9), (0.9, 0.1), (0.2, 0.8), (0.8, 0.2)],
    3: [(0.5, 0.25, 0.25), (0.25, 0.5, 0.25), (0.25, 0.25, 0.5), (0.2, 0.3, 0.5), (0.6, 0.2, 0.2)],
}

_ATTEMPTS = 5000  # candidate trees tried before a level is declared impossible


def sized(
    shape: Level,
    level: int,
    branching: object,
    depth: object,
    *,
    cutoffs: bool,
) -> Level:
    """A level's shape, or a size of your own (taken as it is); a :class:`~gametheory.core.GameError` if it
    is not a size (a whole number of children or a range ``(lo, hi)``, a whole depth) or if
    no tree of that size can be a drill (``cutoffs``: the level asks for cutoffs).

    Checked before anything is built: the smallest tree of the size must fit
    :data:`MAX_NODES`, so that ``branching=10**9`` or ``depth=1000`` is refused at once.

    >>> sized(LEVELS["search"][1], 1, None, 5, cutoffs=True)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: even the smallest tree of branching=3, depth=5 has more than 120 nodes: too many to work out by hand
    """
    if branching is not None or depth is not None:
        shape = Level(
            shape.branching if branching is None else _children(branching),
            shape.depth if depth is None else whole_number(depth, "depth"),
            shape.values,
            shape.outcomes,
        )
    lo, hi = _span(shape)
    size = f"branching={shape.branching!r}, depth={shape.depth!r}"
    if lo < 1 or hi < lo or shape.depth < 1:
        raise GameError(f"a drill needs branching >= 1 and depth >= 1, got {size}")
    if _smallest(lo, shape.depth) > MAX_NODES:
        raise GameError(
            f"even the smallest tree of {size} has more than {MAX_NODES} nodes: too many to "
            "work out by hand"
        )
    if cutoffs and (hi < 2 or shape.depth < level + 1):
        raise GameError(
            f"level {level} needs cutoffs, which need at least 2 children per node and "
            f"depth >= {level + 1}; got {size}"
        )
    return shape


def _smallest(lo: int, depth: int) -> int:
    """The nodes of the smallest tree of ``lo`` children and ``depth`` plies, counted only
    until there are more than :data:`MAX_NODES` (so a depth of a billion costs nothing)."""
    total, row = 0, 1
    for _ in range(depth + 1):
        total += row
        if total > MAX_NODES:
            break
        row *= lo
    return total


def _children(x: object) -> int | tuple[int, int]:
    """A branching: a whole number of children, or a range ``(lo, hi)`` of them."""
    if isinstance(x, tuple | list) and len(x) == 2:
        return whole_number(x[0], "branching's lowest"), whole_number(x[1], "branching's highest")
    if isinstance(x, bool) or not isinstance(x, Integral):
        raise GameError(
            f"branching must be a whole number of children or a range (lo, hi), got {x!r}"
        )
    return int(x)


def _span(shape: Level) -> tuple[int, int]:
    """The fewest and the most children of an inner node."""
    return (shape.branching,) * 2 if isinstance(shape.branching, int) else shape.branching


def stream(seed: int | str) -> random.Random:
    """The random stream a drill's tree is drawn from.

    The stream of a negative seed is not that of its positive twin (Python's own
    ``random.Random(-n)`` is ``random.Random(n)``): ``-5`` and ``5`` are two streams.

    >>> stream(5).random() == stream(5).random(), stream(5).random() == stream(-5).random()
    (True, False)
    """
    return random.Random(seed if isinstance(seed, str) or seed >= 0 else f"negative {seed}")


def generate(
    seed: int | str, shape: Level, level: int, *, chance: bool, fits: Callable[[GameTree], bool]
) -> GameTree:
    """The first of the :func:`trees` of ``shape`` drawn from ``seed`` that ``fits``.

    A tree with chance nodes fits only if each of them :func:`weighs` its outcomes.
    """
    for t in trees(seed, shape, level, chance=chance):
        if (not chance or weighs(t)) and fits(t):
            return t
    raise GameError(
        f"no tree of branching {shape.branching!r} and depth {shape.depth} with what level "
        f"{level} promises turned up in {_ATTEMPTS} tries: choose a larger size"
    )


def trees(seed: int | str, shape: Level, level: int, *, chance: bool) -> Iterator[GameTree]:
    """Random trees of ``shape`` (with chance levels between the decision levels if
    ``chance``), drawn one after another from ``seed``'s random :func:`stream`: the drills'
    candidates, and the code grader's. A tree of more than ``shape.max_leaves`` leaves is
    left out; the stream ends after ``_ATTEMPTS`` draws.

    >>> sizes = [len(t.leaves()) for t in islice(trees(1, LEVELS["grader"][3], 3, chance=False), 50)]
    >>> max(sizes) <= LEVELS["grader"][3].max_leaves
    True
    """
    rng = stream(seed)
    choices = shape.probabilities or _PROBABILITIES[3 if shape.outcomes == 3 else min(level, 2)]
    for _ in range(_ATTEMPTS):
        spec = random_spec(
            rng,
            _span(shape),
            shape.depth,
            lambda: rng.choice(shape.values),
            chance=choices if chance else (),
            ends_early=shape.ends_early,
            most=MAX_NODES,  # past it, a tree is given up before the rest of it is drawn
        )
        if spec is None and shape.max_leaves is None:  # no smaller tree to hope for
            raise GameError(
                f"a tree of branching {shape.branching!r} and depth {shape.depth} has more "
                f"than {MAX_NODES} nodes: too many to work out by hand"
            )
        if spec is not None and (shape.max_leaves is None or _leaves(spec) <= shape.max_leaves):
            t = tree(spec)
            yield _repeat_a_player(t, rng) if shape.repeats else t


def _leaves(spec: Any) -> int:
    if isinstance(spec, Chance):
        return sum(_leaves(sub) for _, sub in spec.outcomes)
    return sum(_leaves(sub) for sub in spec) if isinstance(spec, list) else 1


def weighs(t: GameTree) -> bool:
    """Whether every chance node of ``t`` has outcomes of different values, so that its
    value depends on the probabilities: a chance node whose outcomes are worth the same is
    worth that, however the dice fall, and tests no weighting.

    >>> weighs(tree([Chance([(0.25, [3, 5]), (0.75, [4, 6])]), 1]))
    True
    >>> weighs(tree([Chance([(0.25, [3, 5]), (0.75, [3, 6])]), 1]))  # both outcomes worth 3
    False
    """
    trace = expectiminimax(t, trace=True).trace
    assert trace is not None
    value = {e.path: e.value for e in trace.events if isinstance(e, (Leaf, Exit))}
    return all(
        len({value[c.path] for c in n.children}) == len(n.children)
        for n in t
        if n.player == CHANCE and not n.is_leaf
    )


def _repeat_a_player(t: GameTree, rng: random.Random) -> GameTree:
    """``t`` with one inner node below the root given its parent's player (the players
    alternate again below it), as in CS188's trees with several MIN layers in a row."""
    inner = [
        n
        for n in t
        if not n.is_leaf and n.parent is not None and CHANCE not in (n.player, n.parent.player)
    ]
    if not inner:
        return t
    start = rng.choice(inner)
    todo = [(start, start.parent.player)]  # type: ignore[union-attr]
    while todo:
        node, player = todo.pop()
        object.__setattr__(node, "player", player)  # nodes are frozen: the tree is ours, new
        todo.extend((child, 1 - player) for child in node.children)
    return t


def as_tree(obj: Any, *, chance: bool) -> GameTree:
    """A drill's tree from a GameTree, a nested-list spec or a small game, refused (with a
    :class:`ValueError` that says why) if it cannot be a drill: a leaf, too large, or with
    chance nodes where the drill has none."""
    t = _as_tree(obj)
    if t.root.is_leaf:
        raise GameError("a drill needs a tree with at least one move; this one is a leaf")
    if len(t) > MAX_NODES:
        raise GameError(
            f"the tree has {len(t)} nodes, too many to work out by hand (at most {MAX_NODES})"
        )
    dice = [n.name for n in t if n.player == CHANCE and not n.is_leaf]
    if dice and not chance:
        raise GameError(
            f"node {dice[0]} is a chance node: use kind='expectiminimax' for trees with "
            "dice or cards"
        )
    return t


def _as_tree(obj: Any) -> GameTree:
    if isinstance(obj, GameTree):
        return obj
    if isinstance(obj, (list, tuple, dict, Chance)):
        return tree(obj)
    if all(hasattr(obj, name) for name in ("initial_state", "legal_moves", "result")):
        total, depth = 1, 0
        while True:  # grow the game tree ply by ply until every line has ended
            depth += 1
            count = perft(obj, depth=depth)
            total += count
            if total > MAX_NODES:
                raise GameError(
                    f"the game tree of {obj!r} has more than {MAX_NODES} nodes: too many to "
                    "work out by hand; start from a smaller game"
                )
            if count == 0:
                return expand(obj, depth=depth)
    raise ArgumentTypeError(
        f"a drill needs a GameTree, a tree spec (nested lists) or a small game, got "
        f"{type(obj).__name__}"
    )


def missing_cutoffs(t: GameTree, level: int) -> str:
    """What alpha-beta's trace of ``t`` lacks of the cutoffs ``level`` promises ("" if
    nothing): a cutoff; from level 2 an α- and a β-cutoff; at level 3 a deep one."""
    trace = alphabeta(t, trace=True).trace
    assert isinstance(trace, Trace)
    kinds = cutoff_kinds(trace)
    if not kinds:
        return "alpha-beta cuts nothing in it"
    if level >= 2 and not {"α", "β"} <= kinds:
        return f"it has no {'β' if 'α' in kinds else 'α'}-cutoff"
    if level >= 3 and "deep" not in kinds:
        return "it has no deep cutoff (one justified by a bound from two or more levels up)"
    return ""


def cutoff_kinds(trace: Trace) -> set[str]:
    """Which kinds of cutoff an alpha-beta trace (minimax form) has: ``"α"``, ``"β"``, ``"deep"``.

    An α-cutoff happens below a MIN node, a β-cutoff below a MAX node. A cutoff is *deep*
    when the node's parent, with the value it had found so far, would not justify it: the
    bound that does comes from two or more levels up.

    >>> from gametheory import tree, alphabeta
    >>> sorted(cutoff_kinds(alphabeta(tree([[[[5]]], [[[4, 8]]]]), trace=True).trace))
    ['deep', 'α']
    """
    kinds: set[str] = set()
    for path, node in read(trace)[0].items():
        if node.cut is None:
            continue
        role, parent = trace.role(path), node.parent_best
        kinds.add("α" if role == "MIN" else "β")
        # the parent alone would cut only if our value were no better for it than its own
        alone = not math.isnan(parent) and (
            node.best <= parent if role == "MIN" else node.best >= parent
        )
        if path and not alone:
            kinds.add("deep")
    return kinds


LABEL_LETTERS = frozenset({"D", "L", "W"})
"""The letters an AND/OR drill's answers are written with: no node of its trees is named so."""


def andor_names() -> Iterator[str]:
    """A, B, C, E, …: the textbook names without :data:`LABEL_LETTERS`, so that a verdict
    never reads "D LOSS".

    >>> from itertools import islice
    >>> "".join(islice(andor_names(), 12))
    'ABCEFGHIJKMN'
    """
    return (name for name in textbook_names() if name not in LABEL_LETTERS)


def without_label_letters(t: GameTree) -> GameTree:
    """``t`` named by :func:`andor_names` if it has the textbook names (A, B, C, … breadth
    first) and one of them is D, L or W; else ``t`` itself (names of your own stay). Moves
    written as the tree writes them stay too, but no game positions: a drill needs none.

    >>> t = without_label_letters(tree([[1, -1], [1, 1]]))
    >>> [n.name for n in t], t.root.labels, t.node((1,)).labels
    (['A', 'B', 'C', 'E', 'F', 'G', 'H'], ('a1', 'a2'), ('c1', 'c2'))
    """
    nodes = t.nodes()
    textbook = list(islice(textbook_names(), len(nodes)))
    if [n.name for n in nodes] != textbook or not LABEL_LETTERS & set(textbook):
        return t
    return tree(_spec_with_labels(t.root), names=list(islice(andor_names(), len(nodes))))


def _spec_with_labels(node: Node) -> Any:
    """A node's spec with its moves' labels where they are its own (not "a1", "a2", … made
    from its name)."""
    if node.is_leaf:
        value = node.payoff
        return int(value) if value is not None and float(value).is_integer() else value
    kids = [_spec_with_labels(child) for child in node.children]
    if node.player == CHANCE:
        return Chance(list(zip(node.probabilities or (), kids, strict=True)))
    made = tuple(f"{node.name.lower()}{i + 1}" for i in range(len(kids)))
    if node.labels == made or len(set(node.labels)) < len(kids):
        return kids
    return dict(zip(node.labels, kids, strict=True))


def labels(t: GameTree) -> dict[Address, Label]:
    """W / L / D for the root player at every node, by the package's AND/OR labelling."""
    labelling = label_graph(AndOrGraph.from_game(t))
    return {n.path: labelling[n] for n in t}
