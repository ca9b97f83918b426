"""The grader, a pure function: a search's trace and a student's answer in, mistakes out.

A :class:`Key` reads the trace once (and the tree it searched, for the nodes a cut leaves
unseen): what every node returns, which children are cut off. :func:`grade` walks the trace
event by event, in the order the search works, and compares the answer with it: at every
``Enter`` that the student did not mark the node as never looked at, at every ``Leaf`` that a
value written for it is the leaf's, at every ``Cutoff`` that the skipped children are marked
and have no value, at every ``Exit`` that the value is one the node returns. Each departure
is a :class:`Mistake` — which node, of what kind (a :class:`Slip`), at which event, what was
expected — and the first one is the mistake a student is told of. Nothing here is worded:
:mod:`gametheory.practice.messages` turns mistakes into sentences.

With a window (alpha-beta), a node may be given either value a textbook alpha-beta returns:
the best value found so far (*fail-soft*, what this package returns) or that value clamped
to the window the node was entered with (*fail-hard*, the bound, as the Czech lecture notes'
*Procedura AlfaBeta* returns α or β). Both make the same cuts in the same places.

>>> from gametheory import tree, alphabeta
>>> t = tree([[3, 5], [2, 1]])
>>> key = Key(alphabeta(t, trace=True).trace, t)
>>> grade(key, {(): 3, (0,): 3, (1,): 2}, [(1, 1)]).score
1.0
>>> grade(key, {(): 3, (0,): 3, (1,): 3}, [(1, 1)]).bounds  # C: the bound α = 3, fail-hard
((1,),)
>>> grade(key, {(): 3, (0,): 3, (1,): 2}, []).mistakes[0].slip
<Slip.MISSED_CUTOFF: 'children cut off, not marked as never looked at'>
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TypeAlias

from gametheory.andor import Label
from gametheory.practice.answers import Answer, Names
from gametheory.search.paths import Address
from gametheory.search.trace import Backup, Cutoff, Enter, Event, Exit, Leaf, Trace
from gametheory.trees import GameTree


class Slip(Enum):
    """The kinds of mistake the grader tells apart."""

    MARKED_LOOKED_AT = "marked as never looked at, but the search looks at it"
    WRONG_LEAF = "a leaf's value written wrong"
    MISSED_CUTOFF = "children cut off, not marked as never looked at"
    VALUED_PRUNED = "a value for a node the search never looks at"
    NO_VALUE = "no value (or label) for a node the search works out"
    WRONG_VALUE = "a wrong value"
    WRONG_LABEL = "a wrong label"
    WRONG_SIGN = "negamax: the value for the other player (the sign)"
    PLAIN_AVERAGE = "a chance node's plain average, not weighted by the probabilities"
    EXACT_VALUE = "alpha-beta: the exact minimax value where the search returns a bound"


CUT_SLIPS = frozenset({Slip.MISSED_CUTOFF, Slip.VALUED_PRUNED})
VALUE_SLIPS = frozenset(Slip) - CUT_SLIPS - {Slip.MARKED_LOOKED_AT, Slip.WRONG_LEAF}


@dataclass(frozen=True)
class Mistake:
    """One place where an answer departs from the search.

    ``path`` is the node to blame and ``event`` the index of the trace event where it shows;
    ``expected`` and ``given`` the right value and the student's (for a value); ``nodes``
    the nodes whose own answer is wrong (the node itself, or at a cut the leaves left
    unmarked or the nodes valued).
    """

    path: Address
    slip: Slip
    event: int
    expected: Answer | None = None
    given: Answer | None = None
    nodes: tuple[Address, ...] = ()


OMISSIONS = frozenset({Slip.NO_VALUE, Slip.MISSED_CUTOFF})
"""The mistakes of leaving something out: nothing was written at the node they blame."""

Item: TypeAlias = "tuple[Address, bool]"
"""One thing graded: a node's value (``(path, False)``) or the cutoff at a node
(``(path, True)``)."""


@dataclass(frozen=True)
class Grade:
    """The mistakes of an answer in the order of the search, the nodes whose value is right
    (``bounds``: those right by the fail-hard bound, not the best so far), the nodes whose
    cutoff is marked right, and how many things were graded."""

    mistakes: tuple[Mistake, ...]
    right: frozenset[Address] = frozenset()
    bounds: tuple[Address, ...] = ()
    graded: int = 0
    cuts: frozenset[Address] = frozenset()

    @property
    def score(self) -> float:
        """The share of what was graded that is right, from 0 to 1."""
        return (self.graded - len(self.mistakes)) / self.graded if self.graded else 1.0

    @property
    def red(self) -> frozenset[Address]:
        """The nodes whose own answer is wrong: where something written (a value, a mark) is
        wrong, and the nodes of the first mistake even if it leaves something out (a value
        not written, a leaf not marked) — what a picture of the answer marks wrong. The
        other omissions are not shown: they would give the answer away (which nodes are
        never looked at)."""
        first = self.mistakes[:1]
        return frozenset(
            p for m in self.mistakes if m.slip not in OMISSIONS or m in first for p in m.nodes
        )

    def items(self) -> frozenset[Item]:
        """What was graded right, item by item."""
        return frozenset({(p, False) for p in self.right} | {(p, True) for p in self.cuts})


@dataclass
class Seen:
    """What the trace says about one node it enters."""

    window: tuple[float, float]  # α and β when it is entered
    parent_best: float = math.nan  # its parent's best so far when it is entered
    best: float = math.nan  # its best so far, as the trace goes; then the value it returns
    heard: list[tuple[Address, float]] = field(default_factory=list)  # children, in order
    cut: int | None = None  # index of its Cutoff event
    leaf: bool = False


def read(trace: Trace) -> tuple[dict[Address, Seen], list[Address]]:
    """Every node the trace enters, in the order it does, and the children cut off."""
    seen: dict[Address, Seen] = {}
    pruned: list[Address] = []
    for i, event in enumerate(trace.events):
        path = event.path
        if isinstance(event, Enter):
            parent = seen[path[:-1]].best if path else math.nan
            seen[path] = Seen((event.alpha, event.beta), parent)
        elif isinstance(event, Leaf):
            seen[path].leaf = True
        elif isinstance(event, Backup):
            seen[path].best = event.value
        elif isinstance(event, Cutoff):
            seen[path].cut = i
            pruned.extend(path + (c,) for c in event.pruned_children)
        elif isinstance(event, Exit):
            seen[path].best = event.value
            if path:
                seen[path[:-1]].heard.append((path, event.value))
    return seen, pruned


class Key:
    """What a right answer is: the trace read once, with the tree it searched.

    Parameters
    ----------
    trace
        The search's trace.
    tree
        The tree it searched (the trace never enters the nodes a cut leaves out).
    labels
        For an AND/OR drill, the label of every node: the right answer instead of values.
    exact
        For alpha-beta, each node's exact minimax value, to name the mistake of giving it
        where the search returns a bound.
    """

    def __init__(
        self,
        trace: Trace,
        tree: GameTree,
        *,
        labels: Mapping[Address, Label] | None = None,
        exact: Mapping[Address, float] | None = None,
    ) -> None:
        self.trace, self.tree, self.labels, self.exact = trace, tree, labels, exact or {}
        self.names = Names(tree)
        self.seen, self.pruned = read(trace)  # the children cut off, in search order
        self.below: dict[Address, list[Address]] = {}  # each node and all the nodes under it
        for n in reversed(tree.nodes()):  # children before parents
            self.below[n.path] = [n.path, *(p for c in n.children for p in self.below[c.path])]
        self.leaves = frozenset(n.path for n in tree if n.is_leaf)

    @property
    def inner(self) -> list[Address]:
        """The inner nodes the search works out, in the order it enters them."""
        return [path for path, seen in self.seen.items() if not seen.leaf]

    @property
    def steps(self) -> int:
        """How many items a right answer is graded on (see :func:`grade`): the value of
        every inner node the search works out, and every cutoff."""
        return len(self.inner) + sum(seen.cut is not None for seen in self.seen.values())

    def truth(self, path: Address) -> Answer:
        """The right answer at a node the search works out: its value (the best so far,
        for alpha-beta) or its label."""
        return self.seen[path].best if self.labels is None else self.labels[path]

    def accepted(self, path: Address) -> tuple[Answer, ...]:
        """The answers right at ``path``: the truth and, with a window, the fail-hard bound."""
        truth = self.truth(path)
        if isinstance(truth, Label) or not self.trace.algorithm.windowed:
            return (truth,)
        low, high = self.seen[path].window
        return truth, max(low, min(high, truth))

    def cover(self, claimed: Iterable[Address]) -> set[Address]:
        """The nodes claimed as never looked at, and every node under them."""
        return {p for c in claimed for p in self.below[c]}

    def marked(self, claimed: Iterable[Address]) -> set[Address]:
        """The topmost nodes all of whose leaves are claimed as never looked at."""
        cover = self.cover(claimed)
        full = {
            p
            for p, under in self.below.items()
            if all(q in cover for q in under if q in self.leaves)
        }
        return {p for p in full if not p or p[:-1] not in full}


def matches(given: Answer, truth: Answer) -> bool:
    """Whether an answer is right: the same label; the same number, or the same to two
    decimals when the truth needs more (2.33 for 7/3)."""
    if isinstance(truth, Label) or isinstance(given, Label):
        return given == truth
    if math.isinf(truth) or math.isinf(given):
        return given == truth
    if math.isclose(given, truth, rel_tol=1e-9, abs_tol=1e-9):
        return True
    needs_more = not math.isclose(truth, round(truth, 2), abs_tol=1e-9)
    return needs_more and abs(given - truth) <= 0.005 + 1e-9


def grade(key: Key, values: Mapping[Address, Answer], claimed: Collection[Address] = ()) -> Grade:
    """Walk the trace in order and compare the answer with it at every step.

    ``values`` are the student's values (or labels) by path, ``claimed`` the nodes they
    mark as never looked at. Every value at a node the search works out, every cutoff, and
    every wrong claim or leaf is graded once; the score is the share of them that is right.
    """
    cover = key.cover(claimed)
    mistakes: list[Mistake] = []
    right: set[Address] = set()
    cuts: set[Address] = set()  # the nodes whose cutoff is marked right
    for i, event in enumerate(key.trace.events):
        found = _check(key, i, event, values, cover)
        if isinstance(found, Mistake):
            mistakes.append(replace(found, nodes=found.nodes or (found.path,)))
        elif found and isinstance(event, Exit):
            right.add(event.path)
        elif found:
            cuts.add(event.path)
    bounds = tuple(p for p in key.inner if p in right and not matches(values[p], key.truth(p)))
    graded = len(mistakes) + len(right) + len(cuts)
    return Grade(tuple(mistakes), frozenset(right), bounds, graded, frozenset(cuts))


def item(m: Mistake) -> Item | None:
    """The item a mistake is about, once put right: a node's value or its cutoff (None for
    a leaf or a mark, which earn nothing when right)."""
    if m.slip in CUT_SLIPS:
        return m.path, True
    if m.slip in VALUE_SLIPS:
        return m.path, False
    return None


def _check(
    key: Key, i: int, event: Event, values: Mapping[Address, Answer], cover: set[Address]
) -> Mistake | bool:
    """The mistake at event ``i``; else whether something right was graded there."""
    path = event.path
    if isinstance(event, Enter) and path in cover and (not path or path[:-1] not in cover):
        return Mistake(path, Slip.MARKED_LOOKED_AT, i)
    if isinstance(event, Leaf) and path in values:
        truth = key.truth(path)
        if matches(values[path], truth):
            return False  # a leaf's value is given; writing it again is no credit
        return Mistake(path, Slip.WRONG_LEAF, i, truth, values[path])
    if isinstance(event, Cutoff):
        unmarked: list[Address] = []
        valued: list[Address] = []
        for child in event.pruned_children:
            below = key.below[path + (child,)]
            unmarked += [p for p in below if p in key.leaves and p not in cover]
            valued += [p for p in below if p in values]
        if valued:
            return Mistake(path, Slip.VALUED_PRUNED, i, nodes=tuple(valued))
        if unmarked:
            return Mistake(path, Slip.MISSED_CUTOFF, i, nodes=tuple(unmarked))
        return True
    if isinstance(event, Exit) and not key.seen[path].leaf:
        if path not in values:
            return Mistake(path, Slip.NO_VALUE, i, key.truth(path))
        given = values[path]
        if any(matches(given, ok) for ok in key.accepted(path)):
            return True
        return Mistake(path, _slip(key, path, given), i, key.truth(path), given)
    return False


def _slip(key: Key, path: Address, given: Answer) -> Slip:
    """What kind of wrong value ``given`` is at ``path``."""
    truth = key.truth(path)
    if isinstance(truth, Label) or isinstance(given, Label):
        return Slip.WRONG_LABEL
    heard = key.seen[path].heard
    if key.trace.role(path) == "chance":
        plain = sum(v for _, v in heard) / len(heard)
        if not matches(plain, truth) and matches(given, plain):
            return Slip.PLAIN_AVERAGE
    if key.trace.algorithm.negamax and matches(-given, truth):
        return Slip.WRONG_SIGN
    exact = key.exact.get(path)
    if exact is not None and not matches(exact, truth) and matches(given, exact):
        return Slip.EXACT_VALUE
    return Slip.WRONG_VALUE
