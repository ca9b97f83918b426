"""Practice: the student does the search by hand, and the search's own trace grades it.

A :class:`Drill` is one exercise: a small game tree and a kind of search. The student
writes down the value (or, for AND/OR labelling, the label) of every inner node and, for
alpha-beta, which nodes are never looked at. :meth:`Drill.check` grades the whole answer;
:meth:`Drill.steps` and :meth:`Drill.answer` walk through the search one question at a time.

Grading never re-derives the search. The drill runs the package's own search with
``trace=True`` and walks its trace (:mod:`gametheory.search.trace`) event by event, in the
order the search works: at every ``Enter`` it checks the student did not mark the node as
never looked at, at every ``Cutoff`` that the skipped children are marked and have no value,
at every ``Exit`` that the value is the one the node returns. The first event where the
answer departs from the trace is the mistake reported, in the trace's own words.

===================  ==============================================================
kind                 what the student writes, for every inner node
===================  ==============================================================
``"minimax"``        the minimax value, for MAX (the player at the root)
``"negamax"``        the negamax value, for the player to move at that node
``"alphabeta"``      the value alpha-beta returns there (moves left to right), and the
                     nodes it never looks at
``"andor"``          W, L or D: the node's label for the player at the root (A), whose
                     nodes are OR nodes and the opponent's AND nodes
``"expectiminimax"`` the expectiminimax value, for MAX (a chance node averages)
===================  ==============================================================

>>> from gametheory import tree
>>> drill = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> drill.check({"A": 3, "B": 3, "C": 2, "D": 2}, pruned=["I", "J"]).correct
True
>>> feedback = drill.check({"A": 3, "B": 3, "C": 2, "D": 2}, pruned=["I"])
>>> feedback.first_wrong
'C'
>>> print(feedback.message)
α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at — you did not mark J as never looked at.
"""

from __future__ import annotations

import math
import random
import re
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING, Any, TypeAlias

from gametheory.andor import AndOrGraph, Label
from gametheory.andor import label as label_graph
from gametheory.core import CHANCE, Game, number_text
from gametheory.search.alphabeta import alphabeta
from gametheory.search.expectiminimax import expectiminimax
from gametheory.search.minimax import minimax
from gametheory.search.negamax import negamax
from gametheory.search.result import SearchResult
from gametheory.search.trace import (
    Backup,
    Cutoff,
    Enter,
    Exit,
    Leaf,
    Path,
    Snapshot,
    Status,
    Trace,
)
from gametheory.trees import Chance, GameTree, expand, perft, tree

if TYPE_CHECKING:
    from gametheory.draw.svg import Svg
    from gametheory.widgets.practice import PracticeWidget

__all__ = [
    "KINDS",
    "LEVELS",
    "MAX_NODES",
    "Answer",
    "Drill",
    "Feedback",
    "Level",
    "Step",
    "cutoff_kinds",
    "parse_label",
    "parse_number",
    "parse_window",
    "parse_yes_no",
]

KINDS = ("minimax", "negamax", "alphabeta", "andor", "expectiminimax")
"""The kinds of drill, one per way of valuing a tree."""

Answer: TypeAlias = "float | Label"
"""What a node is worth in a drill: a number, or a :class:`~gametheory.andor.Label`."""

MAX_NODES = 120
"""The largest tree a drill accepts: beyond this a picture cannot be labelled by hand."""


@dataclass(frozen=True)
class Level:
    """The shape of a random drill tree: children per inner node (or a range), plies from
    the root to the leaves, the leaf values to draw from, outcomes per chance node, and the
    most leaves a tree may have (so that its picture fits a notebook's width)."""

    branching: int | tuple[int, int]
    depth: int
    values: tuple[int, ...]
    outcomes: int = 2
    max_leaves: int | None = None


_SMALL, _SIGNED = tuple(range(1, 10)), tuple(range(-9, 10))
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
}
"""The size and the leaf values of a random tree at each level (see :class:`Drill`)."""

# Probabilities with short decimals, so that every expected value can be written exactly.
_PROBABILITIES: dict[int, list[tuple[float, ...]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.5), (0.25, 0.75), (0.75, 0.25), (0.1, 0.9), (0.9, 0.1), (0.2, 0.8), (0.8, 0.2)],
    3: [(0.5, 0.25, 0.25), (0.25, 0.5, 0.25), (0.25, 0.25, 0.5), (0.2, 0.3, 0.5), (0.6, 0.2, 0.2)],
}

_SEARCHES: Mapping[str, Callable[..., SearchResult]] = {
    "minimax": minimax,
    "negamax": negamax,
    "alphabeta": alphabeta,
    "andor": minimax,  # the order in which labels are found; the labels come from label()
    "expectiminimax": expectiminimax,
}

_ATTEMPTS = 5000  # candidate trees tried before a level is declared impossible

GREEN, RED, WHITE = "#c9ecc4", "#f7c5c0", "#ffffff"


# -- what the student is told -------------------------------------------------------------
@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer.

    Attributes
    ----------
    correct : bool
        Every answer is right.
    first_wrong : str or None
        The name of the node where the answer first departs from the search, in the order
        the search works (None when all is right, or when no node is to blame, e.g. an
        unknown node name).
    message : str
        What the search did there and why, in the words of its trace.
    score : float
        The share of the answers that are right, from 0 to 1.
    """

    correct: bool
    first_wrong: str | None
    message: str
    score: float

    def __str__(self) -> str:
        mark = "✓" if self.correct else "✗"
        return f"{mark} {self.message} (score {self.score:.0%})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


@dataclass(frozen=True)
class Step:
    """One question of the step-by-step mode, in the order the search works.

    Attributes
    ----------
    number : int
        Its place in :meth:`Drill.steps` (0, 1, …).
    node : str
        The node it is about.
    ask : str
        ``"window"`` (α and β on entering the node), ``"cut"`` (does the node stop
        here?), ``"value"`` (the value it returns) or ``"label"`` (W, L or D).
    question : str
        The question as the student reads it.
    expected
        The right answer (a pair of numbers, a bool, a number or a label).
    event : int
        How many events of the trace have happened once this step is done.
    """

    number: int
    node: str
    ask: str
    question: str
    expected: Any = field(repr=False)
    event: int = field(repr=False)


class _BadInput(ValueError):
    """A student's answer that cannot be read; the message says how to write it."""


# -- reading what students type -----------------------------------------------------------
_INFINITY = {"inf", "infinity", "∞", "oo"}
_LABELS = {
    "w": Label.WIN,
    "win": Label.WIN,
    "wins": Label.WIN,
    "won": Label.WIN,
    "l": Label.LOSS,
    "loss": Label.LOSS,
    "lose": Label.LOSS,
    "loses": Label.LOSS,
    "lost": Label.LOSS,
    "d": Label.DRAW,
    "draw": Label.DRAW,
    "drawn": Label.DRAW,
    "tie": Label.DRAW,
}
_YES = {"y", "yes", "true", "cut", "1", "t", "ja", "áno", "igen", "ano"}
_NO = {"n", "no", "false", "0", "f", "not cut", "no cut", "nein", "nie", "nem", "ne"}


def _blank(x: object) -> bool:
    return x is None or (isinstance(x, str) and not x.strip())


def parse_number(x: object) -> float:
    """Read a number as a student may type it: ``3``, ``"3"``, ``"2.5"``, ``"2,5"``,
    ``"7/3"``, ``"-inf"``, ``"∞"``, ``"−2"`` (with a typographic minus).

    Raises a :class:`ValueError` whose message says how to write a number.

    >>> [parse_number(x) for x in (3, "3.0", "2,5", "7/2", "−∞", "+inf")]
    [3.0, 3.0, 2.5, 3.5, -inf, inf]
    """
    if isinstance(x, bool):
        raise _BadInput(f"{x!r} is not a number")
    if isinstance(x, Real):
        value = float(x)
        if math.isnan(value):
            raise _BadInput("NaN is not a value a node can have")
        return value
    if not isinstance(x, str):
        raise _BadInput(f"{x!r} is not a number")
    text = x.strip().lower().replace("−", "-").replace("–", "-").replace(" ", "")
    sign = -1.0 if text.startswith("-") else 1.0
    body = text.lstrip("+-") if text[:1] in "+-" else text
    if body in _INFINITY:
        return sign * math.inf
    if text.count(",") == 1 and "." not in text:
        text = text.replace(",", ".")  # a decimal comma, as in much of Europe
    try:
        value = float(Fraction(text))
    except (ValueError, ZeroDivisionError):
        raise _BadInput(
            f"{x!r} is not a number: write a whole number like 3, a decimal like 2.5, "
            "a fraction like 7/3, or -inf / ∞"
        ) from None
    return value


def parse_label(x: object) -> Label:
    """Read a label: ``"W"``, ``"win"``, ``"L"``, ``"loss"``, ``"D"``, ``"draw"`` or a
    :class:`~gametheory.andor.Label`.

    >>> [parse_label(x).value for x in ("W", " win ", "l", "Draw")]
    ['WIN', 'WIN', 'LOSS', 'DRAW']
    """
    if isinstance(x, Label):
        return x
    if isinstance(x, str) and x.strip().lower() in _LABELS:
        return _LABELS[x.strip().lower()]
    raise _BadInput(f"{x!r} is not a label: write W (win), L (loss) or D (draw)")


def parse_window(x: object) -> tuple[float, float]:
    """Read an ``α, β`` pair: ``"3, ∞"``, ``"[3, +inf]"``, ``"(−∞; 2)"``, ``(3, 5)``.

    >>> parse_window("[3, +∞]"), parse_window((-math.inf, 2))
    ((3.0, inf), (-inf, 2.0))
    """
    if isinstance(x, str):
        text = x.strip().strip("[]()").strip()
        parts = re.split(r"\s*;\s*", text) if ";" in text else re.split(r"\s*,\s*|\s+", text)
        parts = [p for p in parts if p]
    elif isinstance(x, (tuple, list)):
        parts = list(x)
    else:
        raise _BadInput(f"{x!r} is not a window: write two numbers, α and β, e.g. 3, ∞")
    if len(parts) != 2:
        raise _BadInput(f"{x!r} is not a window: write two numbers, α and β, e.g. 3, ∞")
    return parse_number(parts[0]), parse_number(parts[1])


def parse_yes_no(x: object) -> bool:
    """Read yes or no: ``True``, ``"yes"``, ``"y"``, ``"cut"``, ``"no"``, ``"n"``, ….

    >>> parse_yes_no("Yes"), parse_yes_no("no cut"), parse_yes_no(False)
    (True, False, False)
    """
    if isinstance(x, bool):
        return x
    text = str(x).strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise _BadInput(f"{x!r}: answer yes or no")


def _same(given: float, truth: float) -> bool:
    """Equal, or equal to two decimals when the truth needs more (2.33 for 7/3)."""
    if math.isinf(truth) or math.isinf(given):
        return given == truth
    if math.isclose(given, truth, rel_tol=1e-9, abs_tol=1e-9):
        return True
    needs_more = not math.isclose(truth, round(truth, 2), abs_tol=1e-9)
    return needs_more and abs(given - truth) <= 0.005 + 1e-9


def _show(x: Answer) -> str:
    return x.value if isinstance(x, Label) else number_text(x)


def _plain(x: float) -> float:
    """3.0 as 3 and 3.4000000000000004 as 3.4: answers that read as a student writes them."""
    x = round(x, 9)
    return int(x) if x.is_integer() else x


# -- the drill ----------------------------------------------------------------------------
@dataclass
class _Node:
    """What the trace says about one node."""

    path: Path
    enter: int  # index of its Enter event
    exit: int = -1  # index of its Exit event
    value: float = math.nan
    heard: list[tuple[Path, float]] = field(default_factory=list)  # children, in order
    cut: int | None = None  # index of its Cutoff event
    leaf: bool = False


@dataclass(frozen=True)
class _Mistake:
    path: Path
    what: str  # "claim" (marked as never looked at, but looked at), "leaf", "cut", "value"
    event: int  # index of the trace event where it shows
    message: str


@dataclass
class _Grade:
    """The result of walking the trace against an answer."""

    mistakes: list[_Mistake] = field(default_factory=list)
    right: set[Path] = field(default_factory=set)  # nodes whose value or label is right
    wrong: set[Path] = field(default_factory=set)  # nodes where something is wrong
    red: set[Path] = field(default_factory=set)  # nodes whose own answer is wrong (drawn red)
    items: int = 0
    right_items: int = 0

    def ok(self, path: Path, *, value: bool) -> None:
        self.items += 1
        self.right_items += 1
        if value:
            self.right.add(path)

    def bad(
        self, path: Path, what: str, event: int, message: str, red: Iterable[Path] = ()
    ) -> None:
        """A mistake found at ``path``; ``red`` are the nodes whose own answer is wrong (the
        node itself unless given: at a cut, the leaves left unmarked or the nodes valued)."""
        self.items += 1
        self.wrong.add(path)
        self.red.update(red or [path])
        self.mistakes.append(_Mistake(path, what, event, message))

    @property
    def score(self) -> float:
        return self.right_items / self.items if self.items else 1.0


class Drill:
    """One exercise: a small tree to value by hand, graded step by step by the search itself.

    Parameters
    ----------
    kind
        ``"minimax"``, ``"negamax"``, ``"alphabeta"``, ``"andor"`` or ``"expectiminimax"``.
    tree
        The tree to practise on: a :class:`~gametheory.trees.GameTree`, a nested-list spec
        for :func:`~gametheory.trees.tree`, or a small game (its whole game tree, at most
        :data:`MAX_NODES` nodes). None makes a random tree from ``seed``.
    seed
        For a random tree: an int or a string (a student id will do). The same seed, level
        and size give the same tree, for minimax, negamax and alpha-beta alike, so one seed
        can be practised three ways. None picks a seed at random (``drill.seed`` tells it).
    branching, depth
        The size of a random tree: children per inner node (or a range ``(lo, hi)``) and
        plies from the root to the leaves. None takes the level's size.
    level
        1, 2 or 3 (see below). For a random tree None means 1; for a tree of your own a level
        is checked (a :class:`ValueError` says which cutoff it lacks) and None checks nothing.

    Levels
    ------
    =====  ========================  =====================================================
    level  random tree               guaranteed (alpha-beta; minimax and negamax share it)
    =====  ========================  =====================================================
    1      branching 3, depth 2,     at least one cutoff
           leaves 1 to 9
    2      2–3 children, depth 3,    an α-cutoff (below a MIN node) and a β-cutoff (below
           at most 16 leaves,        a MAX node)
           leaves −9 to 9
    3      branching 2, depth 4,     both kinds, and a *deep* cutoff: one that the bound
           leaves −9 to 9            of the node's parent alone would not justify, so the
                                     bound comes from two or more levels up
    =====  ========================  =====================================================

    In every random drill but AND/OR, MAX has a real choice: the root's children are not
    all worth the same. AND/OR drills use the same sizes with leaves +1 (A wins) and −1
    (A loses) at level 1, and draws (0) from level 2; each guarantees that the inner nodes
    do not all share one label. Expectiminimax drills have MAX, then a chance node, then (from level 2) MIN;
    chance nodes have two outcomes (three at level 3) with probabilities such as 0.25 and
    0.75, so every value has a short decimal form.

    The guarantees are kept by generate and test: candidate trees are drawn one after
    another from one random stream seeded with ``seed``, and the first one whose trace has
    the cutoffs the level asks for (and that has no more leaves than the level allows, and
    gives MAX a real choice) is the drill. So the same seed always gives the same
    tree, and a tree never lacks what its level promises.

    Examples
    --------
    >>> drill = Drill("alphabeta", seed=7, level=2)
    >>> values, pruned = drill.solution()
    >>> drill.check(values, pruned).correct
    True
    >>> Drill("alphabeta", seed=7, level=2).tree.spec() == drill.tree.spec()
    True
    >>> drill.record()["attempts"], drill.record()["score"]
    (1, 1.0)
    """

    def __init__(
        self,
        kind: str,
        tree: GameTree | Game[Any, Any] | Any = None,
        *,
        seed: int | str | None = None,
        branching: int | tuple[int, int] | None = None,
        depth: int | None = None,
        level: int | None = None,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind {kind!r} is unknown: choose one of {', '.join(KINDS)}")
        if level is not None and level not in (1, 2, 3):
            raise ValueError(f"level must be 1, 2 or 3, got {level!r}")
        self.kind = kind
        if tree is None:
            if seed is None:
                seed = random.SystemRandom().randrange(1_000_000)
            if isinstance(seed, bool) or not isinstance(seed, (int, str)):
                raise ValueError(f"seed must be a whole number or a string, got {seed!r}")
            self.seed: int | str | None = seed
            self.level: int | None = 1 if level is None else level
            self.branching = branching
            self.depth = depth
            self.tree, self.result = self._random(self.level, branching, depth)
        else:
            if seed is not None or branching is not None or depth is not None:
                raise ValueError(
                    "seed, branching and depth make a random tree; leave them out when you "
                    "give the tree yourself"
                )
            self.seed, self.level, self.branching, self.depth = None, level, None, None
            self.tree = _as_tree(tree)
            self._refuse_unsuitable()
            self.result = self._search(self.tree)
            if level is not None:
                missing = self._lacks(self.tree, level)
                if missing:
                    raise ValueError(f"this tree is not a level-{level} drill: {missing}")
        trace = self.result.trace
        assert isinstance(trace, Trace)
        self.trace: Trace = trace
        self._read_trace()
        self.attempts = 0
        self.hints = 0
        self.best_score: float | None = None
        self.solved = False
        self.solution_shown = False
        self._last_hint = ""
        self._step_results: dict[int, bool] = {}
        self._steps: list[Step] | None = None

    # -- making the tree ------------------------------------------------------------------
    def _search(self, t: GameTree) -> SearchResult:
        return _SEARCHES[self.kind](t, trace=True)

    def _random(
        self, level: int, branching: int | tuple[int, int] | None, depth: int | None
    ) -> tuple[GameTree, SearchResult]:
        family = "search" if self.kind in ("minimax", "negamax", "alphabeta") else self.kind
        shape = LEVELS[family][level]
        if branching is not None or depth is not None:  # a size of your own, as it is
            shape = replace(
                shape,
                branching=shape.branching if branching is None else branching,
                depth=shape.depth if depth is None else depth,
                max_leaves=None,
            )
        lo, hi = (shape.branching,) * 2 if isinstance(shape.branching, int) else shape.branching
        if lo < 1 or hi < lo or shape.depth < 1:
            raise ValueError(
                f"a drill needs branching >= 1 and depth >= 1, got branching={shape.branching!r}, "
                f"depth={shape.depth!r}"
            )
        need_depth = {1: 2, 2: 3, 3: 4}[level] if family == "search" else 1
        if family == "search" and (hi < 2 or shape.depth < need_depth):
            raise ValueError(
                f"level {level} needs cutoffs, which need at least 2 children per node and "
                f"depth >= {need_depth}; got branching={shape.branching!r}, depth={shape.depth!r}"
            )
        rng = random.Random(self.seed)
        for _ in range(_ATTEMPTS):
            t = tree(_random_spec(rng, shape, level, chance=family == "expectiminimax"))
            if len(t) > MAX_NODES:
                raise ValueError(
                    f"a tree of branching {shape.branching!r} and depth {shape.depth} has "
                    f"{len(t)} nodes, too many to work out by hand (at most {MAX_NODES})"
                )
            if shape.max_leaves is not None and len(t.leaves()) > shape.max_leaves:
                continue
            if not self._lacks(t, level) and self._root_has_a_choice(t):
                return t, self._search(t)
        raise ValueError(
            f"no tree of branching {shape.branching!r} and depth {shape.depth} with what level "
            f"{level} promises turned up in {_ATTEMPTS} tries: choose a larger size"
        )

    def _lacks(self, t: GameTree, level: int) -> str:
        """What the tree ``t`` lacks for ``level`` (empty if nothing)."""
        if self.kind == "andor":
            labels = _labels(t)
            inner = {labels[n.path] for n in t if not n.is_leaf}
            return "" if len(inner) > 1 else "its inner nodes all have the same label"
        if self.kind not in ("minimax", "negamax", "alphabeta"):
            return ""
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

    def _root_has_a_choice(self, t: GameTree) -> bool:
        """Whether the root's children are not all worth the same (so that one number
        written in every box is not the answer, and MAX's choice means something)."""
        if self.kind == "andor":
            return True  # its own guarantee: the inner labels are not all the same
        exact = (expectiminimax if self.kind == "expectiminimax" else minimax)(t, trace=True)
        assert exact.trace is not None
        children = {e.value for e in exact.trace.events if isinstance(e, Exit) and len(e.path) == 1}
        return len(children) > 1

    def _refuse_unsuitable(self) -> None:
        t = self.tree
        if t.root.is_leaf:
            raise ValueError("a drill needs a tree with at least one move; this one is a leaf")
        if len(t) > MAX_NODES:
            raise ValueError(
                f"the tree has {len(t)} nodes, too many to work out by hand (at most {MAX_NODES})"
            )
        chance = [n.name for n in t if n.player == CHANCE and not n.is_leaf]
        if chance and self.kind != "expectiminimax":
            raise ValueError(
                f"node {chance[0]} is a chance node: use kind='expectiminimax' for trees with "
                "dice or cards"
            )

    # -- reading the trace once -----------------------------------------------------------
    def _read_trace(self) -> None:
        t = self.tree
        self._nodes: dict[Path, _Node] = {}
        self._pruned: list[Path] = []  # the children cut off, in search order
        for i, event in enumerate(self.trace.events):
            path = event.path
            if isinstance(event, Enter):
                self._nodes[path] = _Node(path, i)
            elif isinstance(event, Leaf):
                self._nodes[path].leaf = True
            elif isinstance(event, Cutoff):
                self._nodes[path].cut = i
                self._pruned.extend(path + (c,) for c in event.pruned_children)
            elif isinstance(event, Exit):
                node = self._nodes[path]
                node.exit, node.value = i, event.value
                if path:
                    self._nodes[path[:-1]].heard.append((path, event.value))
        self._name = {n.path: n.name for n in t}
        self._by_name = {n.name: n.path for n in t}
        self._by_upper: dict[str, list[Path]] = {}
        for n in t:
            self._by_upper.setdefault(n.name.upper(), []).append(n.path)
        self._subtree: dict[Path, list[Path]] = {}
        for n in reversed(t.nodes()):  # children before parents
            below = [n.path]
            for child in n.children:
                below.extend(self._subtree[child.path])
            self._subtree[n.path] = below
        self._leaf_paths = {n.path for n in t if n.is_leaf}
        self._labels = _labels(t) if self.kind == "andor" else {}
        # the truth at every node the search computes
        self._truth: dict[Path, Answer] = {}
        for path, node in self._nodes.items():
            if self.kind == "andor":
                self._truth[path] = self._labels[path]
            else:
                self._truth[path] = node.value
        self._exact: dict[Path, float] = {}
        if self.kind == "alphabeta":
            full = minimax(t, trace=True).trace
            assert full is not None
            self._exact = {e.path: e.value for e in full.events if isinstance(e, Exit)}

    # -- what a student sees ----------------------------------------------------------------
    @property
    def inner(self) -> list[str]:
        """The names of the inner nodes (the ones to value), in the order of their names."""
        return [n.name for n in self.tree if not n.is_leaf]

    @property
    def leaves(self) -> list[str]:
        """The names of the leaves, left to right."""
        return [n.name for n in self.tree.leaves()]

    @property
    def task(self) -> str:
        """What the student is asked to do, in one sentence."""
        return {
            "minimax": "Write the minimax value of every inner node (for MAX, the player at "
            "the root).",
            "negamax": "Write the negamax value of every inner node: each for the player to "
            "move at that node.",
            "alphabeta": "Run alpha-beta (moves left to right): write the value each node "
            "returns; the nodes it never looks at get no value: mark them (for an inner node, "
            "mark the leaves below it).",
            "andor": "Label every inner node W, L or D for A, the player at the root: A "
            "moves at the OR nodes (squares), the opponent at the AND nodes (circles).",
            "expectiminimax": "Write the expectiminimax value of every inner node, for MAX "
            "(MAX moves at the squares, MIN at the rounded nodes; a chance node, a diamond, is "
            "worth Σ p · value over its outcomes).",
        }[self.kind]

    def __repr__(self) -> str:
        origin = f"seed {self.seed!r}" if self.seed is not None else "a given tree"
        level = f", level {self.level}" if self.level is not None else ""
        return f"<Drill {self.kind}{level}, {origin}: {len(self.tree)} nodes>"

    def _repr_svg_(self) -> str:
        return str(self.picture())

    # -- grading a whole answer -------------------------------------------------------------
    def check(self, values: Any, pruned: Any = ()) -> Feedback:
        """Grade a whole answer by walking the search's trace; name the first mistake.

        Parameters
        ----------
        values
            ``{node name: value}`` (for ``"andor"``: ``{node name: label}``) for the inner
            nodes; names as the picture shows them (``"B"`` or ``"b"``), values as a student
            types them (``3``, ``"3"``, ``"-inf"``, ``"W"``, ``"win"``). Nodes the search
            never computes need no value; a blank value counts as not given.
        pruned
            The nodes never looked at (alpha-beta): the children cut off, or all the leaves
            below them, as names (``["I", "J"]`` or ``"I, J"``).

        Returns
        -------
        Feedback
            Never raises for what a student types: a mistyped name or value is a message.

        Examples
        --------
        >>> from gametheory import tree
        >>> drill = Drill("minimax", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> print(drill.check({"A": 3, "B": 4, "C": 2, "D": 2}))
        ✗ B is not 4: B (MIN) takes the smallest of its children's values: E 3, F 12, G 8. (score 75%)
        >>> print(drill.check({"A": 3, "Q": 4}))
        ✗ There is no node 'Q' in this tree: its nodes are A, B, C, D, E, F, G, H, I, J, K, L, M. (score 20%)
        """
        given, claimed, problem = self._read_answer(values, pruned)
        grade = self._grade(given, claimed)
        if problem is not None:  # what cannot be read counts as one more wrong answer
            where, message = problem
            return Feedback(False, where, message, grade.right_items / (grade.items + 1))
        self.attempts += 1
        if not self.solution_shown:  # a check of the solution shown proves nothing
            self.best_score = max(self.best_score or 0.0, grade.score)
            self.solved = self.solved or not grade.mistakes
        if not grade.mistakes:
            return Feedback(True, None, self._praise(), 1.0)
        first = grade.mistakes[0]
        return Feedback(False, self._name[first.path], first.message, grade.score)

    def _read_answer(
        self, values: Any, pruned: Any
    ) -> tuple[dict[Path, Answer], set[Path], tuple[str | None, str] | None]:
        """The answer in paths; the first thing that cannot be read, if any."""
        given: dict[Path, Answer] = {}
        claimed: set[Path] = set()
        problem: tuple[str | None, str] | None = None
        if values is None:
            values = {}
        if not isinstance(values, Mapping):
            return (
                given,
                claimed,
                (
                    None,
                    f"values must be a dict of node names and values, like {{'B': 3}}; got a "
                    f"{type(values).__name__}.",
                ),
            )
        for key, raw in values.items():
            path = self._resolve(key)
            if isinstance(path, str):
                problem = problem or (None, path)
                continue
            if _blank(raw):
                continue
            try:
                given[path] = parse_label(raw) if self.kind == "andor" else parse_number(raw)
            except _BadInput as error:
                problem = problem or (self._name[path], f"{self._name[path]}: {error}.")
        names: Iterable[Any]
        if pruned is None:
            names = ()
        elif isinstance(pruned, str):
            names = [p for p in re.split(r"[\s,;]+", pruned) if p]
        elif isinstance(pruned, Iterable):
            names = pruned
        else:
            names = ()
            problem = problem or (None, f"pruned must be a list of node names, got {pruned!r}.")
        for key in names:
            path = self._resolve(key)
            if isinstance(path, str):
                problem = problem or (None, path)
            else:
                claimed.add(path)
        return given, claimed, problem

    def _resolve(self, key: object) -> Path | str:
        """The path of a node name, or a message saying why there is none."""
        if isinstance(key, str):
            name = key.strip()
            if name in self._by_name:
                return self._by_name[name]
            same = self._by_upper.get(name.upper(), [])
            if len(same) == 1:
                return same[0]
        names = [n.name for n in self.tree]
        shown = ", ".join(names) if len(names) <= 30 else f"{names[0]} to {names[-1]}"
        return f"There is no node {key!r} in this tree: its nodes are {shown}."

    def _grade(self, given: Mapping[Path, Answer], claimed: set[Path]) -> _Grade:
        """Walk the trace in order and compare the answer with it at every step."""
        cover = {p for c in claimed for p in self._subtree[c]}
        grade = _Grade()
        events = self.trace.events
        for i, event in enumerate(events):
            path = event.path
            if isinstance(event, Enter):
                if path in cover and (not path or path[:-1] not in cover):
                    grade.bad(path, "claim", i, self._said_pruned(i, path))
            elif isinstance(event, Leaf):
                if path in given:
                    truth = self._truth[path]
                    if self._matches(given[path], truth):
                        continue  # a leaf's value is given; writing it again is no credit
                    grade.bad(
                        path,
                        "leaf",
                        i,
                        f"{self._name[path]} is a leaf worth {_show(truth)} — you wrote "
                        f"{_show(given[path])}.",
                    )
            elif isinstance(event, Cutoff):
                unmarked, valued = [], []
                for child in event.pruned_children:
                    below = self._subtree[path + (child,)]
                    leaves = [p for p in below if p in self._leaf_paths]
                    unmarked += [p for p in leaves if p not in cover]
                    valued += [p for p in below if p in given]
                if not unmarked and not valued:
                    grade.ok(path, value=False)
                    continue
                if valued:
                    you = f"you evaluated {self._names(valued)}"
                else:
                    you = f"you did not mark {self._names(unmarked)} as never looked at"
                said = f"{self.trace.narrate(i + 1).rstrip('.')}{self._deep(i)} — {you}."
                grade.bad(path, "cut", i, said, red=valued or unmarked)
            elif isinstance(event, Exit) and not self._nodes[path].leaf:
                truth = self._truth[path]
                if path not in given:
                    grade.bad(path, "value", i, self._missing(path))
                elif self._matches(given[path], truth):
                    grade.ok(path, value=True)
                else:
                    grade.bad(path, "value", i, self._wrong_value(path, given[path]))
        return grade

    def _deep(self, i: int) -> str:
        """For the cutoff at event ``i``, where its bound comes from when that is not the
        parent (a deep cutoff), e.g. " (a deep cutoff: α = −3 is A's best so far, passed
        down through C and G)"; else ""."""
        event = self.trace.events[i]
        assert isinstance(event, Cutoff)
        path, role = event.path, self.trace.role(event.path)
        bound, symbol = (event.alpha, "α") if role == "MIN" else (event.beta, "β")
        best: dict[Path, float] = {}  # each open node's best so far at event i
        for earlier in self.trace.events[:i]:
            if isinstance(earlier, Backup):
                best[earlier.path] = earlier.value
            elif isinstance(earlier, Exit):
                best.pop(earlier.path, None)
        ancestors = [path[:k] for k in range(len(path) - 1, -1, -1)]  # the parent first
        source = next(
            (
                a
                for a in ancestors
                if self.trace.role(a) != role and _same(best.get(a, math.nan), bound)
            ),
            None,
        )
        if source is None or source == path[:-1]:
            return ""
        between = [self._name[a] for a in ancestors[: ancestors.index(source)]][::-1]
        through = (
            between[0] if len(between) == 1 else ", ".join(between[:-1]) + " and " + between[-1]
        )
        return (
            f" (a deep cutoff: {symbol} = {number_text(bound)} is {self._name[source]}'s best so far, "
            f"passed down through {through})"
        )

    def _missing(self, path: Path) -> str:
        name = self._name[path]
        if self.kind == "andor":
            return f"{name} has no label: every inner node gets one, W, L or D."
        if self.kind == "alphabeta":
            return (
                f"{name} has no value, but the search works it out (it is not cut off): write "
                "the value it returns."
            )
        return f"{name} has no value: every inner node has one; write it."

    def _matches(self, given: Answer, truth: Answer) -> bool:
        if isinstance(truth, Label) or isinstance(given, Label):
            return given == truth
        return _same(given, truth)

    def _names(self, paths: Iterable[Path]) -> str:
        names = [self._name[p] for p in paths]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def _names_with_values(self, heard: list[tuple[Path, float]]) -> str:
        named = [f"{self._name[c]} {number_text(v)}" for c, v in heard]
        return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]

    def _praise(self) -> str:
        values = ", ".join(
            f"{self._name[p]} {_show(self._truth[p])}" for p, n in self._nodes.items() if not n.leaf
        )
        if not self._pruned:
            return f"All right: {values}."
        return f"All right: {values}; never looked at: {self._names(self._pruned)}."

    # -- what the search did at a node, in words --------------------------------------------
    def _said_pruned(self, i: int, path: Path) -> str:
        name = self._name[path]
        if not path:
            return f"{name} is the root: the search always starts there — you marked it as never looked at."
        if self.kind != "alphabeta":
            search = "labelling" if self.kind == "andor" else self.kind
            return f"{search} looks at every node, so {name} is looked at — you marked it as never looked at."
        parent = self._name[path[:-1]]
        return (
            f"{self.trace.narrate(i + 1).rstrip('.')}: {parent} has no cutoff before {name}, so "
            f"{name} is looked at — you marked it as never looked at."
        )

    def _why(self, path: Path) -> str:
        """How the search gets the value of the inner node at ``path``, from its trace."""
        node = self._nodes[path]
        if self.kind == "andor":
            return self._why_label(path)
        name, role = self._name[path], self.trace.role(path)
        heard = ", ".join(f"{self._name[c]} {number_text(v)}" for c, v in node.heard)
        if role == "chance":
            probabilities = self.tree.node(path).probabilities or ()
            terms = " + ".join(f"{probabilities[c[-1]]:g}·{number_text(v)}" for c, v in node.heard)
            return f"{name} is a chance node, worth the average Σ p·value = {terms}"
        if self.kind == "negamax":
            negated = ", ".join(f"−({number_text(v)})" for _, v in node.heard)
            return (
                f"negamax keeps every value for the player to move ({role} at {name}), so "
                f"{name} takes the largest of its children's values negated: {negated}"
            )
        which = "largest" if role == "MAX" else "smallest"
        if self.kind == "alphabeta" and node.cut is not None:
            cut = self.trace.narrate(node.cut + 1).rstrip(".")
            return f"{name} ({role}) hears {heard}; {cut}; {name} returns its best so far"
        if self.kind == "alphabeta":
            return f"{name} ({role}) hears {heard} and returns the {which}"
        return f"{name} ({role}) takes the {which} of its children's values: {heard}"

    def _why_label(self, path: Path) -> str:
        name = self._name[path]
        kids = [c.path for c in self.tree.node(path).children]
        listed = ", ".join(f"{self._name[c]} {self._labels[c].value}" for c in kids)
        if self.trace.role(path) == "MAX":
            kind, good, who = "an OR node", Label.WIN, "A moves there: one WIN child is enough"
        else:
            kind, good, who = "an AND node", Label.LOSS, "the opponent moves there: one LOSS "
            who += "child is enough to make it a LOSS"
        labels = [self._labels[c] for c in kids]
        if good in labels:
            rule = who
        elif Label.DRAW in labels:
            rule = "no child is good for the mover, but a draw is there to take"
        else:
            rule = "every child is bad for the mover"
        return f"{name} is {kind} ({rule}); its children: {listed}"

    def _wrong_value(self, path: Path, given: Answer) -> str:
        name, truth = self._name[path], self._truth[path]
        said = _show(given)
        if isinstance(given, float) and said == _show(truth):  # close, but not the value
            said = f"{given:.12g}".replace("-", "−")
        text = f"{name} is not {said}: {self._why(path)}."
        if isinstance(given, Label) or isinstance(truth, Label):
            return text
        if self.trace.role(path) == "chance":
            heard = self._nodes[path].heard
            plain = sum(v for _, v in heard) / len(heard)
            if not _same(plain, truth) and _same(given, plain):
                children = self._names_with_values(heard)
                text += (
                    f" ({_show(given)} is the plain average of {children}; weigh each outcome "
                    "by its probability.)"
                )
        if self.kind == "negamax" and _same(-given, truth):
            if self.trace.role(path) == "MIN":
                text += (
                    f" ({_show(given)} is {name}'s value for MAX; negamax gives each node its "
                    "value for the player to move there, so at MIN's nodes the sign flips.)"
                )
            else:
                text += (
                    f" ({_show(given)} has the wrong sign: MAX moves at {name}, so its negamax "
                    "value is its value for MAX.)"
                )
        exact = self._exact.get(path)
        if exact is not None and not _same(exact, truth) and _same(given, exact):
            text += (
                f" ({_show(given)} is {name}'s exact minimax value, but alpha-beta stops before "
                "it finds that out and returns the bound it has.)"
            )
        return text

    # -- hints and the solution -------------------------------------------------------------
    def hint(self, values: Any = None, pruned: Any = ()) -> str:
        """The next step of the search only: the first one this answer does not get right.

        Counts as a hint in :meth:`record`, unless it has nothing to tell or tells the same
        step as the hint before (the answer has not changed there): then it says so.

        >>> from gametheory import tree
        >>> Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).hint({"B": 3})
        'Next step: α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at.'
        >>> Drill("andor", tree([[1, -1], [1, 1]])).hint({})
        'Next step: B is an AND node (the opponent moves there: one LOSS child is enough to make it a LOSS); its children: D WIN, E LOSS. B is done: LOSS.'
        """
        given, claimed, _ = self._read_answer(values, pruned)
        mistakes = self._grade(given, claimed).mistakes
        if not mistakes:
            return "Nothing to hint: every answer is right."
        text = self._next_step(mistakes[0])
        if text == self._last_hint:
            return f"{text} (The same step as before: write it in, then ask again.)"
        self._last_hint = text
        self.hints += 1
        return text

    def _next_step(self, first: _Mistake) -> str:
        told = self.trace.narrate(first.event + 1)
        if first.what == "claim":
            return f"Next step: {told.rstrip('.')}: {self._name[first.path]} is looked at."
        if first.what == "value":
            truth = self._truth[first.path]
            if isinstance(truth, Label):  # the trace speaks of values; a labelling of labels
                told = f"{self._name[first.path]} is done: {truth.value}."
            return f"Next step: {self._why(first.path)}. {told}"
        if first.what == "cut":
            return f"Next step: {told.rstrip('.')}{self._deep(first.event)}."
        return f"Next step: {told}"

    def solution(self) -> tuple[dict[str, float | str], tuple[str, ...]]:
        """The right answer, in the form :meth:`check` takes: ``(values, pruned)``.

        Values are numbers (``3`` rather than ``3.0``), labels the letters ``"W"``, ``"L"``
        and ``"D"``; ``pruned`` lists the children cut off, in the order of the search.

        >>> from gametheory import tree
        >>> Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).solution()
        ({'A': 3, 'B': 3, 'C': 2, 'D': 2}, ('I', 'J'))
        >>> Drill("andor", tree([[1, -1], [1, 1]])).solution()
        ({'A': 'W', 'B': 'L', 'C': 'W'}, ())
        """
        values: dict[str, float | str] = {}
        for n in self.tree:  # in the order of the names
            if n.path in self._nodes and not self._nodes[n.path].leaf:
                truth = self._truth[n.path]
                values[n.name] = truth.value[0] if isinstance(truth, Label) else _plain(truth)
        return values, tuple(self._name[p] for p in self._pruned)

    def show_solution(self) -> tuple[dict[str, float | str], tuple[str, ...]]:
        """:meth:`solution`, noted in :meth:`record` (later checks do not count as solved)."""
        self.solution_shown = True
        return self.solution()

    def record(self) -> dict[str, Any]:
        """A small JSON-able summary for the teacher.

        Keys: ``kind``, ``seed``, ``level``, ``attempts`` (checks and step answers graded),
        ``hints``, ``score`` (the best share of right answers, 0 to 1, None before any; checks
        made after the solution was shown do not count),
        ``solved`` (all right before the solution was shown), ``solution_shown``.

        >>> import json
        >>> drill = Drill("minimax", seed="s1234", level=1)
        >>> json.loads(json.dumps(drill.record()))["seed"]
        's1234'
        """
        score = self.best_score
        if self._step_results:
            steps = sum(self._step_results.values()) / len(self.steps())
            score = max(score or 0.0, steps)
        return {
            "kind": self.kind,
            "seed": self.seed,
            "level": self.level,
            "attempts": self.attempts,
            "hints": self.hints,
            "score": None if score is None else round(score, 4),
            "solved": self.solved,
            "solution_shown": self.solution_shown,
        }

    def next(self) -> Drill:
        """A new random drill of the same kind, level and size (the next seed).

        >>> Drill("minimax", seed=4).next().seed
        5
        """
        if isinstance(self.seed, int):
            seed: int = self.seed + 1
        elif isinstance(self.seed, str):
            seed = zlib.crc32(self.seed.encode()) + 1
        else:
            seed = random.SystemRandom().randrange(1_000_000)
        return Drill(
            self.kind, seed=seed, branching=self.branching, depth=self.depth, level=self.level
        )

    # -- step by step -------------------------------------------------------------------------
    def steps(self) -> list[Step]:
        """The questions of the search, one at a time, in the order the search meets them.

        Alpha-beta asks for the window ``α, β`` on entering each inner node, whether the
        rest of a node is cut after each child but its last, and the value each node
        returns; the other kinds ask for each inner node's value (or label) as it is done.

        >>> from gametheory import tree
        >>> steps = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).steps()
        >>> [step.question for step in steps[:3]]
        ['α, β on entering A?', 'α, β on entering B?', 'After E, is the rest of B cut?']
        """
        if self._steps is not None:
            return list(self._steps)
        out: list[Step] = []
        events = self.trace.events
        ask_value = "label" if self.kind == "andor" else "value"
        for i, event in enumerate(events):
            path = event.path
            node = self._nodes[path]
            name = self._name[path]
            if node.leaf:
                continue
            if isinstance(event, Enter) and self.kind == "alphabeta":
                question = f"α, β on entering {name}?"
                out.append(
                    Step(len(out), name, "window", question, (event.alpha, event.beta), i + 1)
                )
            elif isinstance(event, Backup) and self.kind == "alphabeta":
                kids = len(self.tree.node(path).children)
                if event.child < kids - 1:
                    child = self._name[path + (event.child,)]
                    cut = i + 1 < len(events) and isinstance(events[i + 1], Cutoff)
                    question = f"After {child}, is the rest of {name} cut?"
                    out.append(Step(len(out), name, "cut", question, cut, i + 2 if cut else i + 1))
            elif isinstance(event, Exit):
                question = (
                    f"Label of {name} (W, L or D)?"
                    if self.kind == "andor"
                    else f"Value {name} returns?"
                )
                out.append(Step(len(out), name, ask_value, question, self._truth[path], i + 1))
        self._steps = out
        return list(out)

    def answer(self, step: Step | int, reply: Any) -> Feedback:
        """Grade the answer to one step of :meth:`steps`; the message explains the step.

        >>> from gametheory import tree
        >>> drill = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> steps = drill.steps()
        >>> print(drill.answer(steps[0], "-inf, inf"))
        ✓ Right: Enter A (MAX) with window [α = −∞, β = +∞]: at the start nothing is known, so α = −∞ and β = +∞. (score 7%)
        >>> print(drill.answer(steps[2], "yes"))
        ✗ Not quite: B (MIN) hears from E: best so far 3, window now [α = −∞, β = 3]; the window is still open (α < β), so B goes on to F — you said yes. (score 7%)
        """
        steps = self.steps()
        if isinstance(step, Step):
            number = step.number
        elif isinstance(step, int) and not isinstance(step, bool):
            number = step
        else:
            return Feedback(False, None, f"{step!r} is not a step: pass one of drill.steps()", 0.0)
        if not 0 <= number < len(steps):
            return Feedback(
                False, None, f"there is no step {number}: the steps are 0 to {len(steps) - 1}", 0.0
            )
        step = steps[number]
        try:
            given = self._parse_reply(step, reply)
        except _BadInput as error:
            return Feedback(False, step.node, f"{error}.", self._step_score())
        if step.ask == "window":
            right = all(_same(g, t) for g, t in zip(given, step.expected, strict=True))
        elif step.ask == "cut":
            right = given == step.expected
        else:
            right = self._matches(given, step.expected)
        self.attempts += 1
        self._step_results.setdefault(number, right)
        told = self._explain(step)
        if right:
            return Feedback(True, None, f"Right: {told}", self._step_score())
        said = _said(given)
        return Feedback(
            False,
            step.node,
            f"Not quite: {told.rstrip('.')} — you said {said}.",
            self._step_score(),
        )

    def _step_score(self) -> float:
        return sum(self._step_results.values()) / len(self.steps())

    def _parse_reply(self, step: Step, reply: Any) -> Any:
        if step.ask == "window":
            return parse_window(reply)
        if step.ask == "cut":
            return parse_yes_no(reply)
        if step.ask == "label":
            return parse_label(reply)
        return parse_number(reply)

    def _explain(self, step: Step) -> str:
        path = self._by_name[step.node]
        k = step.event
        if step.ask == "window":
            told = self.trace.narrate(k).rstrip(".")
            if not path:
                return f"{told}: at the start nothing is known, so α = −∞ and β = +∞."
            parent = self._name[path[:-1]]
            return f"{told}: {step.node} starts with the window {parent} has at that moment."
        if step.ask == "cut":
            if step.expected:
                return self.trace.narrate(k)
            backup = self.trace.events[k - 1]
            assert isinstance(backup, Backup)
            after = self._name[path + (backup.child + 1,)]
            return (
                f"{self.trace.narrate(k).rstrip('.')}; the window is still open (α < β), so "
                f"{step.node} goes on to {after}."
            )
        return f"{self._why(path)}. {self.trace.narrate(k)}"

    # -- pictures -------------------------------------------------------------------------------
    def picture(self, answers: Any = None, *, caption: bool = True) -> Svg:
        """The tree of the drill; with ``answers``, the student's answers marked.

        ``answers`` is a ``values`` dict or a ``(values, pruned)`` pair (as :meth:`check`
        takes and :meth:`solution` returns). Right answers are green, wrong ones red, the
        first mistake is ringed, and the nodes marked as never looked at are dashed (a node
        counts as marked when all the leaves below it are). ``caption=False`` leaves out the
        line under the tree that says what to do (or what the colours mean).

        >>> from gametheory import tree
        >>> drill = Drill("minimax", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> drill.picture({"A": 3, "B": 4}).count("#c9ecc4")  # A is right
        1
        """
        from gametheory.draw.tree import Style, draw_trace

        if isinstance(answers, tuple) and len(answers) == 2:
            values, pruned = answers
        else:
            values, pruned = answers, ()
        given, claimed, _ = self._read_answer(values, pruned)
        grade = self._grade(given, claimed) if answers is not None else _Grade()
        first = grade.mistakes[0].path if grade.mistakes else None
        # A snapshot of our own making: the student's values, their cuts, the first mistake.
        shown = {p: (v if isinstance(v, float) else _LABEL_NUMBER[v]) for p, v in given.items()}
        snap = Snapshot(
            step=0,
            status={n.path: Status.DONE for n in self.tree},
            values={p: v for p, v in shown.items() if p not in self._leaf_paths},
            windows={},
            current=first,
            pruned=frozenset(self._marked(claimed)),
            best_child={},
            narration="",
            nodes=0,
            leaves=0,
            cutoffs=0,
        )
        text = self.task if answers is None else _KEY
        if self.kind == "alphabeta" and answers is not None:  # only alpha-beta marks nodes
            text += " · dashed: marked never looked at"
        if self.kind == "negamax" and answers is not None:
            text += " · every value is for the player to move at that node"
        # a value such as −1.25 is wider than a node of the usual size: make the nodes roomier
        longest = max((len(number_text(v)) for v in snap.values.values()), default=0)
        roomy = Style(radius=18.0, font=10.5) if longest > 3 else None
        fills: dict[Path, str] = {}
        for n in self.tree:
            if snap.status_of(n.path) is Status.PRUNED:
                fills[n.path] = RED if n.path in grade.red else ""
            elif n.path in grade.red:  # its own answer is wrong (a right value stays green
                fills[n.path] = RED  # at a node whose cut was missed: the ring shows where)
            elif n.path in grade.right:
                fills[n.path] = GREEN
            else:
                fills[n.path] = WHITE
        texts = {p: v.value[0] for p, v in given.items() if isinstance(v, Label)}
        return draw_trace(
            self.trace,
            snap,
            caption=text if caption else False,
            windows=False,
            names=True,
            style=roomy,
            fills=fills,
            texts=texts,
        )

    def _marked(self, claimed: set[Path]) -> set[Path]:
        """The topmost nodes all of whose leaves are marked as never looked at."""
        cover = {p for c in claimed for p in self._subtree[c]}
        full = {
            n.path
            for n in self.tree
            if all(q in cover for q in self._subtree[n.path] if q in self._leaf_paths)
        }
        return {p for p in full if not p or p[:-1] not in full}

    def widget(self) -> PracticeWidget:
        """The drill as an interactive widget (ipywidgets)."""
        from gametheory.widgets.practice import PracticeWidget

        return PracticeWidget(self)


_KEY = "green: right · red: wrong · ringed: the first mistake"
_LABEL_NUMBER = {Label.WIN: 1.0, Label.DRAW: 0.0, Label.LOSS: -1.0}


def _said(given: Any) -> str:
    if isinstance(given, bool):
        return "yes" if given else "no"
    if isinstance(given, tuple):
        return f"[{number_text(given[0])}, {number_text(given[1])}]"
    return _show(given)


# -- helpers --------------------------------------------------------------------------------
def cutoff_kinds(trace: Trace) -> set[str]:
    """Which kinds of cutoff an alpha-beta trace (minimax form) has: ``"α"``, ``"β"``, ``"deep"``.

    An α-cutoff happens below a MIN node, a β-cutoff below a MAX node. A cutoff is *deep*
    when the node's parent, with the value it had found so far, would not justify it: the
    bound that does comes from two or more levels up.

    >>> from gametheory import tree, alphabeta
    >>> sorted(cutoff_kinds(alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True).trace))
    ['α']
    >>> sorted(cutoff_kinds(alphabeta(tree([[[[5]]], [[[4, 8]]]]), trace=True).trace))
    ['deep', 'α']
    """
    kinds: set[str] = set()
    best: dict[Path, float] = {}  # each node's best so far, as the trace goes
    entered_with: dict[Path, float] = {}  # the parent's best when each node was entered
    for event in trace.events:
        path = event.path
        if isinstance(event, Enter) and path:
            parent_best = best.get(path[:-1])
            entered_with[path] = math.nan if parent_best is None else parent_best
        elif isinstance(event, Backup):
            best[path] = event.value
        elif isinstance(event, Cutoff):
            value, role = best[path], trace.role(path)
            kinds.add("α" if role == "MIN" else "β")
            parent = entered_with.get(path, math.nan)
            # the parent alone would cut only if our value were no better for it than its own
            alone = not math.isnan(parent) and (
                value <= parent if role == "MIN" else value >= parent
            )
            if path and not alone:
                kinds.add("deep")
        elif isinstance(event, Exit):
            best.pop(path, None)
    return kinds


def _labels(t: GameTree) -> dict[Path, Label]:
    """W / L / D for the root player at every node, by the package's AND/OR labelling."""
    graph = AndOrGraph.from_game(t)
    labelling = label_graph(graph)
    return {n.path: labelling[n] for n in t}


def _random_spec(rng: random.Random, shape: Level, level: int, *, chance: bool) -> Any:
    """A random tree spec: decision levels (and chance levels between them, if ``chance``)."""
    lo, hi = (shape.branching,) * 2 if isinstance(shape.branching, int) else shape.branching
    choices = _PROBABILITIES[3 if shape.outcomes == 3 else min(level, 2)]

    def build(ply: int) -> Any:
        if ply == shape.depth:
            return rng.choice(shape.values)
        if chance and ply % 2 == 1:
            probabilities = rng.choice(choices)
            return Chance([(p, build(ply + 1)) for p in probabilities])
        return [build(ply + 1) for _ in range(rng.randint(lo, hi))]

    return build(0)


def _as_tree(obj: Any) -> GameTree:
    """A drill's tree from a GameTree, a nested-list spec or a small game."""
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
                raise ValueError(
                    f"the game tree of {obj!r} has more than {MAX_NODES} nodes: too many to "
                    "work out by hand; start from a smaller game"
                )
            if count == 0:
                return expand(obj, depth=depth)
    raise TypeError(
        f"a drill needs a GameTree, a tree spec (nested lists) or a small game, got "
        f"{type(obj).__name__}"
    )
