"""What the grader says: the first :class:`Divergence`, the :class:`Report`, its message."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from gametheory.practice.grader.catalogue import Bug
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.watched import NodePath
from gametheory.trees import GameTree


@dataclass(frozen=True)
class Divergence:
    """The first step where the student's function departs from the search.

    Attributes
    ----------
    tree : int
        Which test (0 is the first): a tree, or a case of ``ucb1`` / ``backup``.
    node : str
        The node's name in that tree ("C"), or the case ("ucb1(0.5, 3, 10, 1.4)").
    path : tuple of int
        The node's path from the root (move indices); ``()`` for a case.
    did : str
        What the student's function did there.
    expected : str
        What the search does there, and why.
    """

    tree: int
    node: str
    path: NodePath
    did: str
    expected: str


@dataclass(frozen=True)
class Report:
    """The verdict of :func:`grade`.

    ``passed`` means: the same root value, the same leaves scored in the same order, the
    same cutoffs, and at every node a value the search accepts. ``convention`` says, for
    alpha-beta, what the function returns at a node whose value falls outside its window:
    ``"fail-soft"`` (its best value so far), ``"fail-hard"`` (the bound of its window) or
    ``"notes"`` (α at MAX, β at MIN as they stand: the notes' Procedura AlfaBeta, which
    lesson 07 calls fail-hard); all
    three are right.
    """

    kind: str
    passed: bool
    first_divergence: Divergence | None
    bug: Bug | None
    message: str
    convention: str | None = None
    level: int = 1
    seed: int | None = None
    tests: int = 0
    trees: tuple[GameTree, ...] = field(default=(), repr=False, compare=False)
    _trace_step: tuple[Any, int] | None = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        return f"{'✓ Right' if self.passed else '✗ Not yet'}: {self.message}"

    def __bool__(self) -> bool:
        return self.passed

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        """The verdict as a paragraph: it wraps between words, where a printed line (in a
        ``<pre>``, which JupyterLab breaks anywhere) would split them."""
        return f'<p style="margin:0;white-space:normal">{escape(str(self))}</p>'

    def picture(self) -> Any:
        """The tree of the first divergence, drawn at that step of the search, the node
        ringed (None when there is no tree to show: all passed, or ucb1)."""
        if self._trace_step is None:
            return None
        from gametheory.draw.tree import draw_trace

        trace, step = self._trace_step
        return draw_trace(
            trace,
            step,
            caption=f"test {self.first_divergence.tree + 1}: "
            f"the first difference, at {self.first_divergence.node}"
            if self.first_divergence
            else True,
        )

    def record(self) -> dict[str, Any]:
        """The report as plain data for a teacher (JSON-able, like a drill's record)."""
        divergence = self.first_divergence
        return {
            "exercise": "code",
            "kind": self.kind,
            "level": self.level,
            "seed": self.seed,
            "passed": self.passed,
            "tests": self.tests,
            "bug": None if self.bug is None else self.bug.name,
            "convention": self.convention,
            "divergence": None
            if divergence is None
            else {"test": divergence.tree, "node": divergence.node, "path": list(divergence.path)},
        }


_RETURNED = {
    "fail-hard": "the bound of the window (fail-hard): right too",
    "notes": "α (at MAX) or β (at MIN) as they stand when it is done: the notes' Procedura "
    "AlfaBeta, fail-hard as lesson 07 calls it. Right too",
    "fail-soft": "its best value so far (fail-soft): right too",
}
"""What an alpha-beta that follows each convention returns where a node's value falls
outside its window, in the report's words."""


def _message(
    name: str,
    kind: str,
    passed: bool,
    divergence: Divergence | None,
    bug: Bug | None,
    convention: str | None,
    tests: int,
    level: int,
    seed: int,
    trees: Sequence[GameTree],
) -> str:
    what = KIND[kind].tested_on
    if passed:
        model = KIND[kind].model
        text = f"{name} agrees with {model} on all {tests} {what} (level {level}, seed {seed})"
        if trees:
            text += ": the same value at every node, the same leaves scored in the same order"
        if KIND[kind].windowed:
            text += ", the same cutoffs"
        if convention is not None:
            text += ". Where a node's value falls outside its window it returns "
            text += _RETURNED[convention]
        return text + "."
    assert divergence is not None
    where = f"test {divergence.tree + 1} of {tests}"
    if trees:
        size = len(trees[divergence.tree])
        where += f" (a tree of {size} nodes)"
        at = f", at {divergence.node}" if divergence.node != "?" else ""
    else:
        at = f", {divergence.node}" if KIND[kind].names_its_case else ""
    text = f"{where}{at}: {name} {divergence.did.rstrip('.')}"
    if divergence.expected:
        text += f"; {divergence.expected.rstrip('.')}"
    text += "" if text.endswith("?") else "."
    if bug is not None:
        mistake = "one of the mistakes" if " or " in bug.name else "the mistake"
        text += f" That is {mistake} “{bug.title}”: {bug.advice}."
    return text[0].upper() + text[1:]
