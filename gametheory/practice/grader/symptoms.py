"""Naming a mistake by its symptoms at the first divergence.

Where the student's search first leaves the right one, look at the node that went astray:
the window it was given, the windows it gave its children, the values they returned, and
what it did next (went on to a child with some window, or returned some value). A way of
making a catalogued mistake (:data:`~gametheory.practice.grader.mistakes.WAYS`) shows there
if, given the same window and the same children's values, it does exactly what the student's
node did, and the right search (in any of its right conventions) does not. Only that node's
step matters, so the shape of the student's code (a loop or a pair of functions, ``for`` or
``while``, an early ``return``) does not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gametheory.practice.grader.compare import _close, _signature
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.mistakes import ways
from gametheory.practice.grader.reference import RETURNS, Reference
from gametheory.practice.grader.running import _Outcome
from gametheory.practice.grader.watched import Event, NodePath, _Run, inf
from gametheory.trees import GameTree, Node


class _Asked(Exception):
    """The replayed node asked for a child the student's node had not searched yet."""


@dataclass
class _Seen:
    """What the student's search did at one node, up to the first divergence."""

    path: NodePath
    window: tuple[float, ...] = (-inf, inf)  # the window it was given (alpha-beta)
    windows: list[tuple[float, ...]] = field(default_factory=list)  # it gave its children
    values: list[float] = field(default_factory=list)  # its children returned
    returned: float | None = None  # what it returned; None: it went on to another child


def _seen_at(events: list[Event], index: int, root_value: float | None) -> _Seen | None:
    """The node where the student's run leaves the right one at ``events[index]`` (past
    the end: the root's value), and what it did there."""
    step = events[index] if index < len(events) else ("exit", (), root_value)
    if step[0] == "leaf" or (step[0] == "enter" and step[1] == ()):
        return None
    seen = _Seen(step[1][:-1] if step[0] == "enter" else step[1])
    depth = len(seen.path)
    for event in events[:index]:
        path = event[1]
        if path == seen.path and event[0] == "enter" and len(event) == 4:
            seen.window = event[2:]
        elif len(path) == depth + 1 and path[:depth] == seen.path:
            if event[0] == "enter":
                seen.windows.append(event[2:])
            elif event[0] == "exit":
                seen.values.append(event[2])
    if step[0] == "enter":
        seen.windows.append(step[2:])
    elif step[2] is not None:
        seen.returned = step[2]
    else:
        return None
    return seen


def _does(search: Reference, node: Node, depth: int | None, seen: _Seen) -> bool:
    """Whether ``search``, at ``node`` with what the student's node saw, does what it did."""
    asked: list[tuple[float, ...]] = []

    def child(i: int, alpha: float, beta: float) -> float:
        asked.append((alpha, beta) if search.windowed else ())
        if i < len(seen.values):
            return seen.values[i]
        raise _Asked

    alpha, beta = seen.window
    try:
        value: float | None = search.node_value(node, depth, alpha, beta, child, _Run())
    except _Asked:
        value = None
    if len(asked) != len(seen.windows) or not all(
        _close(a, b)
        for mine, theirs in zip(asked, seen.windows, strict=True)
        for a, b in zip(mine, theirs, strict=True)
    ):
        return False
    if value is None or seen.returned is None:
        return value is seen.returned
    return _close(value, seen.returned)


def symptoms(kind: str, t: GameTree, depth: int | None, run: _Run, index: int) -> list[str]:
    """The catalogued mistakes (by name, in the registry's order) whose step at the first
    divergence (``run.events[index]``) is the student's, where the right step is not.

    A MIN node that raises α gives its second child the window (3, +∞) where the search
    gives (−∞, 3): at that node, "MAX and MIN swapped" does the same (the rest of the run
    tells them apart).

    >>> from gametheory.trees import tree
    >>> from gametheory.practice.grader.mistakes import WrongNode
    >>> t = tree([[3, 5], [2, 9]])
    >>> run = WrongNode("alphabeta").run(t, None).run
    >>> run.events[5]
    ('enter', (0, 1), 3.0, inf)
    >>> symptoms("alphabeta", t, None, run, 5)
    ['wrong-node', 'max-min-swapped']
    """
    seen = _seen_at(run.events, index, run.value)
    if seen is None:
        return []
    node = t.node(seen.path)
    below = None if depth is None else depth - len(seen.path)
    conventions = RETURNS if KIND[kind].windowed else RETURNS[:1]
    if any(_does(Reference(kind, r), node, below, seen) for r in conventions):
        return []
    names = [
        w.mistake
        for w in ways(kind, depth is not None)
        if any(_does(w(kind, r), node, below, seen) for r in conventions)
    ]
    return list(dict.fromkeys(n for n in names if n is not None))


def alike(
    kind: str, runs: list[tuple[GameTree, int | None, _Outcome]], names: list[str] | None
) -> list[str]:
    """The catalogued mistakes (of ``names``; None: all) one way of which does, on every tree
    ``runs`` holds, what the student's function did there, as far as it was seen: its whole
    run, or only the leaves it scored and its answer where its own recursion went unseen.

    The leaves alone may not tell two mistakes apart: a child given the node's original
    window and α and β swapped (tested with α ≥ β) both prune nothing. Then both are
    returned, and the report names both (:func:`~gametheory.practice.grader.catalogue.either`).
    """
    windowed = KIND[kind].windowed

    def does(way: type[Reference]) -> bool:
        return any(
            all(
                _signature(student, student.run.observed, windowed)
                == _signature(way(kind, returns).run(t, depth), student.run.observed, windowed)
                for t, depth, student in runs
            )
            for returns in RETURNS
        )

    limited = runs[0][1] is not None
    candidates = [w for w in ways(kind, limited) if names is None or w.mistake in names]
    return list(dict.fromkeys(str(w.mistake) for w in candidates if does(w)))
