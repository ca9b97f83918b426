"""One run of the student's function on the test trees, in the sandbox: its record comes
back as plain data and is checked before it is believed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gametheory.core import GameError
from gametheory.practice import sandbox
from gametheory.practice.grader.answer import defined
from gametheory.practice.grader.catalogue import BUGS
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.watched import (
    FORGED,
    Event,
    NodePath,
    _calling,
    _limits,
    _no_handing_off,
    _number,
    _Run,
    _Stop,
    _too_long,
    _WatchedGame,
    _watching,
    inf,
)
from gametheory.trees import GameTree


@dataclass
class _Outcome:
    """What a run gave: its events and value, or where and why it stopped."""

    run: _Run
    stop: _Stop | None = None


def _run_student(
    function: Callable[..., Any], kind: str, t: GameTree, depth: int | None, seconds: float
) -> _Outcome:
    run = _Run()
    game = _WatchedGame(t, run, budget=50 * len(t) + 100, depth=depth)
    names = _parameters(function, kind)
    kwargs: dict[str, Any] = {}
    if "depth" in names:
        kwargs = {"depth": depth, "evaluate": game.evaluate}
    args: list[Any] = [game, game.initial_state()]
    if KIND[kind].windowed:
        args += [-inf, inf]
    try:
        with (
            _watching(function, run, names) as caller,
            _no_handing_off(),
            _limits(seconds, 40 * t.height + 200),
        ):
            if "depth" in names:
                positional = dict(zip(KIND[kind].parameters, args, strict=True))
                run.value = _calling(caller, **positional, **kwargs)
            else:
                run.value = _calling(caller, *args)
        run.value = _number(run.value, "at the root")
    except _Stop as stop:
        return _Outcome(_seen(run, t), stop)
    return _Outcome(_seen(run, t))


def _run_trees(
    function: Callable[..., Any],
    kind: str,
    trees: Sequence[GameTree],
    depths: Sequence[int | None],
    seconds: float,
) -> None:
    """In the sandbox's child: run ``function`` on each tree and send what it did, as plain
    data, tree by tree (so what it did survives its dying on a later tree)."""
    function = defined(function)
    for t, depth in zip(trees, depths, strict=True):
        outcome = _run_student(function, kind, t, depth, seconds)
        stop = outcome.stop
        sandbox.note(
            {
                "events": [[e[0], list(e[1]), *e[2:]] for e in outcome.run.events],
                "value": outcome.run.value,
                "observed": outcome.run.observed,
                "stop": None if stop is None else [stop.why, list(stop.path), stop.bug],
            }
        )
        if stop is not None:
            return


def _from_child(data: Any, t: GameTree) -> _Outcome:
    """A run sent back by the child, checked: it is the child's word, not trusted."""
    paths = _paths(t)
    try:
        events: list[Event] = []
        for e in data["events"]:
            path = tuple(e[1])
            if e[0] not in ("enter", "leaf", "exit") or path not in paths:
                raise GameError(f"an event the grader did not write: {e!r}")
            numbers = [float(x) for x in e[2:]]
            events.append((e[0], path, *numbers))
        value = data["value"]
        run = _Run(events, None if value is None else float(value), bool(data["observed"]))
        stop = data["stop"]
        if stop is None:
            return _Outcome(run)
        why, where, bug = str(stop[0]), tuple(stop[1]), stop[2]
        return _Outcome(
            run, _Stop(why, where if where in paths else (), bug if bug in BUGS else None)
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return _Outcome(_Run(), _Stop(FORGED))


def _died(outcome: sandbox.Outcome, seconds: float) -> str:
    """What ended the child, in the grader's words."""
    return _too_long(seconds) if outcome.status == "timeout" else outcome.message


def _run_isolated(
    function: Callable[..., Any],
    kind: str,
    trees: Sequence[GameTree],
    depths: Sequence[int | None],
    seconds: float,
) -> list[_Outcome]:
    """What the student's function did on each tree (up to the first it could not finish),
    run in the sandbox: a child process killed at the time limit where there is one."""
    limits = sandbox.Limits(seconds=seconds + _GRACE, output_chars=_OUTPUT)
    outcome = sandbox.run(_run_trees, (function, kind, trees, depths, seconds), limits=limits)
    runs = [_from_child(note, t) for note, t in zip(outcome.notes, trees, strict=False)]
    if (not runs or runs[-1].stop is None) and len(runs) < len(trees):
        runs.append(_Outcome(_Run(), _Stop(_died(outcome, seconds))))
    return runs


_OUTPUT = 5_000
"""Characters a graded function may print."""


_GRACE = 0.5
"""Seconds beyond ``time_limit`` before the child running all the tests is killed (a right
function takes milliseconds on them all; a loop the trace cannot see is killed then)."""


def _seen(run: _Run, t: GameTree) -> _Run:
    """The run, marked observed if the function's own recursion was seen (more than the
    root's call), else reduced to the leaves it scored: those are always seen."""
    enters = sum(1 for e in run.events if e[0] == "enter")
    run.observed = enters > 1 or (enters == 1 and t.root.is_leaf)
    if not run.observed:
        run.events = [e for e in run.events if e[0] == "leaf"]
    return run


def _parameters(function: Callable[..., Any], kind: str) -> tuple[str, ...]:
    """The names the student's function takes its arguments by (the documented ones, plus
    ``depth`` and ``evaluate`` for a depth-limited search)."""
    import inspect

    try:
        names = tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return KIND[kind].parameters
    if {"depth", "evaluate"} <= set(names) and set(KIND[kind].parameters) <= set(names):
        return names
    return KIND[kind].parameters


def _paths(t: GameTree) -> set[NodePath]:
    return {node.path for node in t}
