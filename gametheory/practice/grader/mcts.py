"""Grading the two MCTS exercises: ``ucb1`` and the ``backup``."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from numbers import Real
from types import SimpleNamespace
from typing import Any

from gametheory.formatting import number_text
from gametheory.practice import sandbox
from gametheory.practice.grader.answer import defined
from gametheory.practice.grader.catalogue import BUGS, Bug
from gametheory.practice.grader.compare import _close
from gametheory.practice.grader.kinds import grades_step
from gametheory.practice.grader.mistakes import BACKUP_WAYS, UCB_WAYS
from gametheory.practice.grader.report import Divergence
from gametheory.practice.grader.running import _GRACE, _OUTPUT, _died
from gametheory.practice.grader.watched import FORGED, _calling, _limits, _number, _Stop, inf
from gametheory.search.mcts import ucb1


def _ucb1(mean: float, visits: int, parent_visits: int, c: float) -> float:
    """The package's UCB1 (:func:`~gametheory.search.mcts.ucb1`) of a child whose mean is
    ``mean``; +∞ for a child not yet visited, as the search picks it first."""
    if visits == 0:
        return inf
    child = SimpleNamespace(totals=[mean * visits, -mean * visits], visits=visits)
    return ucb1(child, SimpleNamespace(player=0, visits=parent_visits), c)  # type: ignore[arg-type]


def _ucb_cases(rng: random.Random) -> list[tuple[float, int, int, float]]:
    cases = [(0.0, 0, 5, math.sqrt(2)), (0.5, 1, 1, 1.0)]
    for _ in range(10):
        parent = rng.randint(2, 60)
        q, visits = round(rng.uniform(-1, 1), 2), rng.randint(1, parent - 1)
        cases.append((q, visits, parent, rng.choice((math.sqrt(2), 1.0, 0.5, 2.0))))
    cases.append((round(rng.uniform(-1, 1), 2), 0, rng.randint(2, 30), 1.0))
    return cases


def _ucb_answers(
    function: Callable[..., Any], cases: list[tuple[float, int, int, float]], seconds: float
) -> None:
    """In the sandbox's child: the function's answer to each case, sent as plain data."""
    function = defined(function)
    for q, visits, parent, c in cases:
        shown = _ucb_shown(q, visits, parent, c)
        try:
            with _limits(seconds, 200):
                answer = _number(_calling(function, q, visits, parent, c), f"for {shown}")
            sandbox.note(["ok", answer])
        except _Stop as stop:
            sandbox.note(["stop", stop.why])


@grades_step("ucb1")
def _grade_ucb1(
    function: Callable[..., Any], rng: random.Random, level: int, seconds: float
) -> tuple[bool, Divergence | None, Bug | None, int]:
    cases = _ucb_cases(rng)  # the same at every level
    limits = sandbox.Limits(seconds=seconds + _GRACE, output_chars=_OUTPUT)
    outcome = sandbox.run(_ucb_answers, (function, cases, seconds), limits=limits)
    answers: list[float | None] = []
    first: Divergence | None = None
    for n, (q, visits, parent, c) in enumerate(cases):
        shown = _ucb_shown(q, visits, parent, c)
        said = outcome.notes[n] if n < len(outcome.notes) else ["stop", _died(outcome, seconds)]
        answer = _answer_of(said)
        if not isinstance(answer, float):
            answers.append(None)
            if first is None:
                first = Divergence(n, shown, (), answer, _ucb_expected(q, visits, parent, c))
            continue
        answers.append(answer)
        if first is None and not _close(answer, _ucb1(q, visits, parent, c)):
            first = Divergence(
                n,
                shown,
                (),
                f"returned {number_text(answer, places=3)}",
                _ucb_expected(q, visits, parent, c),
            )
    if first is None:
        return True, None, None, len(cases)
    return False, first, _ucb_bug(cases, answers), len(cases)


def _ucb_shown(q: float, visits: int, parent: int, c: float) -> str:
    return f"ucb1({number_text(q)}, {visits}, {parent}, {number_text(c, places=2)})"


def _answer_of(said: Any) -> float | str:
    """A case's answer from the child (a number), or what went wrong (words)."""
    ok = isinstance(said, list) and len(said) == 2 and said[0] == "ok"
    if ok and isinstance(said[1], int | float) and not isinstance(said[1], bool):
        return float(said[1])
    if isinstance(said, list) and len(said) == 2 and said[0] == "stop":
        return str(said[1])
    return FORGED


def _ucb_expected(q: float, visits: int, parent: int, c: float) -> str:
    if visits == 0:
        return "a child never visited scores +∞ (inf), so that it is tried first"
    return (
        f"UCB1 gives Q + c·√(ln N / n) = {number_text(q)} + {number_text(c, places=2)}·"
        f"√(ln {parent} / {visits}) = {number_text(_ucb1(q, visits, parent, c), places=3)}"
    )


def _ucb_bug(cases: list[tuple[float, int, int, float]], answers: list[float | None]) -> Bug | None:
    visited = [(case, a) for case, a in zip(cases, answers, strict=True) if case[1] > 0]
    for name, mistake in UCB_WAYS.items():
        if all(a is not None and _close(a, mistake(*case)) for case, a in visited):
            return BUGS[name]
    if all(a is not None and _close(a, _ucb1(*case)) for case, a in visited):
        return BUGS["ucb-unvisited"]  # right wherever the child has been visited
    return None


_PLAYOUTS = 6


@dataclass(eq=False)
class BackupNode:
    """A node of the Monte Carlo tree, as the ``backup`` exercise has it.

    Attributes
    ----------
    player : int
        The player who chose the move into this node (the player to move at its parent);
        players need not alternate.
    parent : BackupNode or None
        The node above (None at the root).
    visits : int
        How many playouts went through the node.
    total : float
        The sum of their results *for* ``player``; ``total / visits`` is the Q that UCB1
        uses when ``player`` chooses among the parent's children.
    name : str
    """

    player: int
    parent: BackupNode | None = None
    visits: int = 0
    total: float = 0.0
    name: str = ""

    def __repr__(self) -> str:
        return f"<node {self.name}: chosen by {'AB'[self.player]}, {self.visits} visits, total {number_text(self.total)}>"


def _chain(rng: random.Random, level: int) -> tuple[list[BackupNode], BackupNode]:
    """A path from the root to a leaf (names A, B, …) and one node off it."""
    length = rng.randint(3, 5)
    players = [rng.randint(0, 1)]
    repeat = rng.randint(1, length - 1) if level >= 2 else -1
    for k in range(1, length):
        players.append(players[-1] if k == repeat else 1 - players[-1])
    nodes: list[BackupNode] = []
    for k, player in enumerate(players):
        visits = rng.randint(1, 9) * (length - k)
        parent, total = nodes[-1] if nodes else None, float(rng.randint(-visits, visits))
        nodes.append(BackupNode(player, parent, visits, total, "ABCDEFG"[k]))
    aside = BackupNode(1 - players[1], nodes[0], 3, 1.0, "X")
    return nodes, aside


def _grade_backup(
    function: Callable[..., Any], rng: random.Random, level: int, seconds: float
) -> tuple[bool, Divergence | None, Bug | None, int]:
    for n in range(_PLAYOUTS):
        nodes, aside = _chain(rng, level)
        reward = float(rng.choice((1, -1, 1, 0, -1)))
        before = [(node.visits, node.total) for node in nodes]
        try:
            with _limits(seconds, 200):
                _calling(function, nodes[-1], reward)
        except _Stop as stop:
            return False, Divergence(n, nodes[-1].name, (), stop.why, ""), None, _PLAYOUTS
        if (aside.visits, aside.total) != (3, 1.0):
            did = "changed node X, which is not on the path"
            off = Divergence(n, "X", (), did, "backup touches only the node and the nodes above it")
            return False, off, None, _PLAYOUTS
        for node, (visits, total) in reversed(list(zip(nodes, before, strict=True))):
            wanted = total + (reward if node.player == 0 else -reward)
            if not _right_count(node.visits, visits + 1) or not _close_total(node.total, wanted):
                wrong = _backup_divergence(n, node, visits, total, reward)
                return False, wrong, _backup_bug(function), _PLAYOUTS
    return True, None, None, _PLAYOUTS


def _backup_plain(
    function: Callable[..., Any], rng: random.Random, level: int, seconds: float
) -> list[Any]:
    """In the sandbox's child: :func:`_grade_backup`'s verdict as plain data."""
    function = defined(function)
    passed, divergence, bug, tests = _grade_backup(function, rng, level, seconds)
    where = None
    if divergence is not None:
        where = [divergence.tree, divergence.node, divergence.did, divergence.expected]
    return [passed, where, None if bug is None else bug.name, tests]


@grades_step("backup")
def _backup_isolated(
    function: Callable[..., Any], rng: random.Random, level: int, seconds: float
) -> tuple[bool, Divergence | None, Bug | None, int]:
    """The backup graded in the sandbox (the nodes are changed by the student's function,
    so the whole check runs in the child; its verdict comes back as plain data)."""
    limits = sandbox.Limits(seconds=2 * seconds + _GRACE, output_chars=_OUTPUT)
    outcome = sandbox.run(_backup_plain, (function, rng, level, seconds), limits=limits)
    if not outcome.ok:
        return False, Divergence(0, "A", (), _died(outcome, seconds), ""), None, _PLAYOUTS
    try:
        passed, where, bug, tests = outcome.value
        divergence = (
            None
            if where is None
            else Divergence(int(where[0]), str(where[1]), (), str(where[2]), str(where[3]))
        )
        return bool(passed), divergence, BUGS.get(bug) if bug else None, int(tests)
    except (TypeError, ValueError, IndexError):
        return False, Divergence(0, "A", (), FORGED, ""), None, _PLAYOUTS


def _backup_divergence(
    n: int, node: BackupNode, visits: int, total: float, reward: float
) -> Divergence:
    """What is wrong with ``node`` after the backup: only what differs, each number written
    so that the two sides of the message differ where the values do."""
    mine = reward if node.player == 0 else -reward
    wanted = total + mine
    seen = (
        f"a result of {number_text(reward, sign=True)} for A is {number_text(mine, sign=True)} for B"
        if node.player
        else f"the result {number_text(reward, sign=True)} is for A, who chose {node.name}"
    )
    count_right = _right_count(node.visits, visits + 1)
    left, should = [], []
    if not count_right:
        quoted = _quoted(node.visits, visits + 1)
        left.append(f"{quoted} visits" if isinstance(node.visits, Real) else f"visits {quoted}")
        should.append(f"{visits + 1} visits (one more than its {visits} before)")
    if not _close_total(node.total, wanted):
        left.append(f"total {_quoted(node.total, wanted)}")
        should.append(f"total {number_text(wanted)}: {seen}")
    right = ""
    if count_right:
        right = f"; its {visits + 1} visits are right"
    elif len(left) == 1:
        right = f"; its total {number_text(wanted)} is right"
    return Divergence(
        n,
        node.name,
        (),
        f"left node {node.name} (chosen by {'AB'[node.player]}) with {' and '.join(left)} "
        f"after a playout of {number_text(reward, sign=True)}",
        f"it should have {' and '.join(should)}{right}",
    )


def _right_count(x: object, wanted: int) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool) and x == wanted


def _close_total(x: object, wanted: float) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool) and _close(float(x), wanted)


def _quoted(x: object, wanted: float) -> str:
    """``x`` as the message quotes it: like ``wanted`` is written, or in full where that
    would look the same (1.0001 is not 1), or with its type if it is no number."""
    if isinstance(x, bool) or not isinstance(x, Real):
        return f"{x!r} (a {type(x).__name__}, not a number)"
    text = number_text(float(x))
    if text == number_text(wanted):
        text = repr(float(x)).replace("-", "−")
    return text


def _backup_bug(function: Callable[..., Any]) -> Bug | None:
    """No flip, or a flip by level: checked on fresh chains."""
    trials = [_chain(random.Random(seed), 2)[0] for seed in range(8)]
    for name, rule in BACKUP_WAYS.items():
        matched = True
        for nodes in trials:
            copies: list[BackupNode] = []
            for node in nodes:
                copies.append(replace(node, parent=copies[-1] if copies else None))
            try:
                with _limits(1.0, 200):
                    _calling(function, copies[-1], 1.0)
            except _Stop:
                return None
            for k, (node, old) in enumerate(zip(reversed(copies), reversed(nodes), strict=True)):
                if not _close_total(node.total, old.total + rule(nodes[-1].player, k)):
                    matched = False
        if matched:
            return BUGS[name]
    return None
