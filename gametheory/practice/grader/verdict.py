"""Grading a search: run, compare, name the mistake and the convention."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gametheory.practice.grader.catalogue import BUGS, Bug, either
from gametheory.practice.grader.choice import _depth_for
from gametheory.practice.grader.compare import (
    _describe,
    _first_difference,
    _prunes,
    _signature,
)
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.reference import RETURNS, Reference
from gametheory.practice.grader.report import Divergence
from gametheory.practice.grader.running import _Outcome, _paths, _run_isolated
from gametheory.practice.grader.symptoms import alike, symptoms
from gametheory.practice.grader.watched import NodePath, _estimate, _Run
from gametheory.search import algorithm
from gametheory.search.trace import Enter, Exit, Leaf
from gametheory.trees import GameTree, Node


def _grade_search(
    function: Callable[..., Any],
    kind: str,
    trees: list[GameTree],
    seconds: float,
    depth_limited: bool,
) -> tuple[bool, Divergence | None, Bug | None, str | None, tuple[Any, int] | None]:
    """Run the student's search on every tree (stopping at the first that it cannot finish)
    and compare: ``(passed, first divergence, bug, convention, (trace, step) to draw)``."""
    windowed = KIND[kind].windowed
    runs: list[tuple[GameTree, int | None, _Outcome, _Outcome]] = []
    first, traces = None, []
    depths = [_depth_for(t, depth_limited) for t in trees]
    students = _run_isolated(function, kind, trees, depths, seconds)
    for n, (t, depth, student) in enumerate(zip(trees, depths, students, strict=False)):
        traces.append(_package_trace(kind, t, depth))
        reference = _traced(traces[-1], windowed)
        runs.append((t, depth, student, reference))
        where = _first_difference(student, reference, _exact_values(t, kind, depth), kind)
        if where is not None and first is None:
            first = (n, where)
        if student.stop is not None:
            break  # a function that cannot finish one tree is not run on more
    if first is None:
        return True, None, None, _convention(runs, kind) if windowed else None, None
    n, where = first
    t, depth, student, reference = runs[n]
    trace = traces[n]
    exact = _exact_values(t, kind, depth)
    did, expected = _describe(where, student, reference, t, kind, exact, depth, trace)
    bug = _named(kind, runs, n, where)
    path = where[2]
    divergence = Divergence(n, t.node(path).name if path in _paths(t) else "?", path, did, expected)
    return False, divergence, bug, None, (trace, _step_of(trace, path))


def _named(
    kind: str,
    runs: list[tuple[GameTree, int | None, _Outcome, _Outcome]],
    n: int,
    where: tuple[int, str, NodePath],
) -> Bug | None:
    """The mistake of the catalogue the student's function makes, or None: the one a stop
    names; else the one whose symptoms show at the first divergence (on tree ``n``); where
    the function's own recursion went unseen, or several mistakes show there, the one that
    behaves exactly like it on every tree (all of them together, if several do)."""
    t, depth, student, _ = runs[n]
    if student.stop is not None and student.stop.bug and where[1] == "stop":
        return BUGS[student.stop.bug]
    names = symptoms(kind, t, depth, student.run, where[0]) if student.run.observed else None
    if names is not None and len(names) < 2:
        return BUGS[names[0]] if names else None
    same = alike(kind, [(t, depth, student) for t, depth, student, _ in runs], names)
    if same:
        return either(same)
    return BUGS[names[0]] if names else None


def _convention(
    runs: list[tuple[GameTree, int | None, _Outcome, _Outcome]], kind: str
) -> str | None:
    """Which of the right ways (:data:`RETURNS`) the student's alpha-beta returns a value
    where a node's value falls outside its window: ``"fail-soft"``, ``"fail-hard"`` or
    ``"notes"`` (the notes' procedure), or None where no tree told them apart (or its calls
    went unseen)."""
    if not all(student.run.observed for _, _, student, _ in runs):
        return None
    fits = [
        returns
        for returns in RETURNS
        if all(
            _signature(student, True, False)  # every node's value, not only the root's
            == _signature(Reference(kind, returns).run(t, depth), True, False)
            for t, depth, student, _ in runs
        )
    ]
    # the trees are chosen so that the three ways differ (see _told_apart): one fits
    return _CONVENTIONS[fits[0]] if len(fits) == 1 else None


_CONVENTIONS = {"best": "fail-soft", "bound": "fail-hard", "raised": "notes"}
"""The names :class:`Report` gives the right ways of :data:`RETURNS`; ``"notes"`` is the
notes' Procedura AlfaBeta, which lesson 07 calls fail-hard."""


def _traced(trace: Any, windowed: bool) -> _Outcome:
    """The package's own search, as the grader writes down a run: the reference."""
    run = _Run(observed=True)
    for event in trace.events:
        if isinstance(event, Enter):
            window = (event.alpha, event.beta) if windowed else ()
            run.events.append(("enter", tuple(event.path), *window))
        elif isinstance(event, Leaf):
            run.leaf(tuple(event.path))
        elif isinstance(event, Exit):
            run.events.append(("exit", tuple(event.path), event.value))
    run.value = run.events[-1][2]
    return _Outcome(run)


def _exact_values(t: GameTree, kind: str, depth: int | None) -> dict[NodePath, float]:
    """Every node's exact value (for MAX, or in negamax form for the player to move), from
    the package's search without pruning."""
    windowed, negamax = KIND[kind].windowed, KIND[kind].negamax
    full = ("negamax" if negamax else "minimax") if windowed else kind  # alpha-beta unpruned
    events = _package_trace(full, t, depth).events
    return {tuple(e.path): e.value for e in events if isinstance(e, Exit)}


def _package_trace(kind: str, t: GameTree, depth: int | None) -> Any:
    evaluate = None
    if depth is not None:

        def evaluate(node: Node, player: int) -> float:
            return _estimate(node) if player == 0 else -_estimate(node)

    return algorithm(kind).search(t, None, depth, evaluate, trace=True).trace


def _step_of(trace: Any, path: NodePath) -> int:
    """The step of the package's trace that rings ``path`` (or the cutoff that prunes it)."""
    for k, event in enumerate(trace.events):
        if event.path == path or _prunes(event, path):
            return k + 1
    return len(trace.events)
