"""Comparing the student's run with the reference, step by step, and saying the first
difference in the words of the trace."""

from __future__ import annotations

import math
from typing import Any

from gametheory.core import CHANCE
from gametheory.formatting import number_text
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.running import _Outcome
from gametheory.practice.grader.watched import Event, NodePath, _Run
from gametheory.search.trace import Cutoff
from gametheory.trees import GameTree, Node


def _close(a: float, b: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _filtered(run: _Run, observed: bool) -> list[Event]:
    """The events that can be compared: everything when the student's recursion was seen,
    else the leaves (and the root's value, compared apart)."""
    return run.events if observed else [e for e in run.events if e[0] == "leaf"]


def _signature(outcome: _Outcome, observed: bool, windowed: bool) -> tuple[Any, ...]:
    """What identifies a function's behaviour on a tree, for naming its mistake: where it
    stopped, the leaves it scored, the windows it gave, and its values (for alpha-beta only
    the root's: inside the tree both conventions are right)."""
    events: list[Any] = []
    for event in _filtered(outcome.run, observed):
        if event[0] == "exit":
            if windowed and event[1] != ():
                continue
            event = (event[0], event[1], round(event[2], 9))
        events.append(event)
    stop = None if outcome.stop is None else (outcome.stop.path, outcome.stop.bug)
    value = None if outcome.run.value is None else round(outcome.run.value, 9)
    return (stop, tuple(events), value)


def _acceptable(value: float, exact: float, window: tuple[float, float] | None) -> bool:
    """Whether ``value`` is a right answer at a node worth ``exact``, searched with ``window``
    (alpha-beta: the exact value inside the window, a bound between it and the window
    outside it; other searches: the exact value)."""
    if window is None:
        return _close(value, exact)
    alpha, beta = window
    if exact <= alpha:
        return exact <= value <= alpha or _close(value, exact) or _close(value, alpha)
    if exact >= beta:
        return beta <= value <= exact or _close(value, exact) or _close(value, beta)
    return _close(value, exact)


def _first_difference(
    student: _Outcome, reference: _Outcome, exact: dict[NodePath, float], kind: str
) -> tuple[int, str, NodePath] | None:
    """``(index, what, path)`` of the first step where the student's run leaves the
    reference's, or None if it never does."""
    observed = student.run.observed
    mine, theirs = _filtered(student.run, observed), _filtered(reference.run, observed)
    windows: dict[NodePath, tuple[float, float]] = {}
    for i, ours in enumerate(mine):
        if i >= len(theirs):
            return i, "extra", ours[1]
        right = theirs[i]
        if ours[0] == "enter" and len(ours) == 4:
            windows[ours[1]] = (ours[2], ours[3])
        if ours[:2] != right[:2]:
            return i, "order", ours[1]
        if (
            ours[0] == "enter"
            and len(ours) == 4
            and not all(_close(a, b) for a, b in zip(ours[2:], right[2:], strict=True))
        ):
            return i, "window", ours[1]
        if ours[0] == "exit" and not _acceptable(ours[2], exact[ours[1]], windows.get(ours[1])):
            return i, "value", ours[1]
    if student.stop is not None:
        return len(mine), "stop", student.stop.path
    if len(mine) < len(theirs):
        return len(mine), "missing", theirs[len(mine)][1]
    if not _acceptable(student.run.value, exact[()], None):
        return len(mine), "value", ()
    return None


def _role(node: Node) -> str:
    return {0: "MAX", 1: "MIN", CHANCE: "chance"}[node.player]


def _called(t: GameTree, path: NodePath) -> str:
    node = t.node(path)
    return f"{node.name} ({'leaf' if node.is_leaf else _role(node)})"


_VERBS = {"enter": "goes to", "leaf": "scores leaf", "exit": "finishes"}


_DID = {"enter": "went to", "leaf": "scored leaf", "exit": "finished"}


def _explain_value(
    t: GameTree,
    kind: str,
    path: NodePath,
    exact: dict[NodePath, float],
    depth: int | None,
    window: tuple[float, float] | None,
) -> str:
    """Why the node at ``path`` is worth what the search says."""
    node, v = t.node(path), exact[path]
    name = node.name
    if node.is_leaf:
        return f"leaf {name} is worth {number_text(v)}"
    if depth is not None and node.depth == depth:
        return f"{name} is at the depth limit: its evaluation is {number_text(v)}"
    children = [exact[c.path] for c in node.children]
    listed = ", ".join(number_text(c) for c in children)
    if node.player == CHANCE:
        terms = " + ".join(
            f"{number_text(p)}·{number_text(c)}"
            for p, c in zip(node.probabilities or (), children, strict=True)
        )
        how = f"the expected value Σ p·value = {terms} = {number_text(v)}"
    elif KIND[kind].negamax:
        negated = ", ".join(number_text(-c) for c in children)
        how = (
            f"its children are worth {listed} for the opponent, who moves there, so it is "
            f"worth the largest of {negated}: {number_text(v)}"
        )
    else:
        biggest = node.player == 0
        how = f"the {'largest' if biggest else 'smallest'} of its children's values {listed}: {number_text(v)}"
    text = f"{name} is {_role(node)}: " + (how if how.startswith("its") else f"worth {how}")
    if window is not None:
        alpha, beta = window
        shown = f"[{number_text(alpha)}, {number_text(beta)}]"
        if v <= alpha or v >= beta:
            low, high = (v, alpha) if v <= alpha else (beta, v)  # the exact value, the bound
            ways = "fail-soft, fail-hard" if v <= alpha else "fail-hard, fail-soft"
            text += (
                f"; with the window {shown} any value from {number_text(low)} to "
                f"{number_text(high)} is right ({ways} or between)"
            )
        else:
            text += f"; it lies inside its window {shown}, so it must be returned exactly"
    return text


def _prunes(event: Any, path: NodePath) -> bool:
    """Whether the trace's ``event`` is the cutoff that keeps the search away from ``path``."""
    return isinstance(event, Cutoff) and any(
        path[: len(event.path) + 1] == event.path + (c,) for c in event.pruned_children
    )


def _pruned_by(trace: Any, path: NodePath) -> str:
    """The narration of the cutoff that keeps the search away from ``path``, or ""."""
    for k, event in enumerate(trace.events):
        if _prunes(event, path):
            return str(trace.narrate(k + 1))
    return ""


def _describe(
    where: tuple[int, str, NodePath],
    student: _Outcome,
    reference: _Outcome,
    t: GameTree,
    kind: str,
    exact: dict[NodePath, float],
    depth: int | None,
    trace: Any,
) -> tuple[str, str]:
    """``(did, expected)``: what the student's function did at the first difference, and
    what the search does there, in the trace's words."""
    index, what, path = where
    observed = student.run.observed
    mine, theirs = _filtered(student.run, observed), _filtered(reference.run, observed)
    if what == "stop":
        assert student.stop is not None
        return student.stop.why, ""
    if what == "missing" and not any(e[0] == "leaf" for e in mine):
        return (
            f"returned {number_text(student.run.value)} without looking at a single leaf",
            "the search scores the leaves (game.utility at finished positions) and builds "
            "its value from them",
        )
    if what == "missing":
        right = theirs[index]
        return "stopped", f"the search then {_VERBS[right[0]]} {_called(t, right[1])}"
    if what == "extra":
        return f"went on to {_called(t, path)}", "the search has finished there"
    windows = {e[1]: (e[2], e[3]) for e in mine[: index + 1] if e[0] == "enter" and len(e) == 4}
    if what == "value" and index == len(mine):  # the answer at the root
        return (
            f"returned {number_text(student.run.value)}",
            _explain_value(t, kind, (), exact, depth, None),
        )
    ours = mine[index]
    if what == "window":
        right = theirs[index]
        return (
            f"gave {_called(t, path)} the window [{number_text(ours[2])}, {number_text(ours[3])}]",
            f"the search gives it [{number_text(right[2])}, {number_text(right[3])}]",
        )
    if what == "value":
        value = student.run.value if ours[0] != "exit" or ours[1] != path else ours[2]
        return (
            f"returned {number_text(value)} at {t.node(path).name}",
            _explain_value(t, kind, path, exact, depth, windows.get(path)),
        )
    right = theirs[index]
    did = f"{_DID[ours[0]]} {_called(t, path)}"
    expected = f"the search {_VERBS[right[0]]} {_called(t, right[1])} at this point"
    seen = {e[1] for e in reference.run.events}
    if depth is not None and len(path) > depth:
        expected = f"with depth={depth} the search stops at ply {depth} and never goes below it"
    elif path not in seen:
        cut = _pruned_by(trace, path)
        expected = f"the search never looks at {t.node(path).name}" + (f": {cut}" if cut else "")
    return did, expected
