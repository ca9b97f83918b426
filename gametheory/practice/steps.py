"""The step-by-step mode: the search's questions one at a time, in the order it meets them.

Alpha-beta asks for the window ``α, β`` on entering each inner node, whether the rest of a
node is cut after each child but its last, and the value each node returns; the other
searches ask for each inner node's value (or label) as it is done. :func:`questions` reads
them off a :class:`~gametheory.practice.grading.Key`; :func:`judge` grades one reply.

>>> from gametheory import tree, alphabeta
>>> from gametheory.practice.grading import Key
>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> key = Key(alphabeta(t, trace=True).trace, t)
>>> [step.question for step in questions(key)[:3]]
['α, β on entering A?', 'α, β on entering B?', 'After E, is the rest of B cut?']
>>> judge(key, questions(key)[0], "-inf, +inf", str)
(True, 'Right: Enter A (MAX) with window [α = −∞, β = +∞]: at the start nothing is known, so α = −∞ and β = +∞.')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gametheory.practice import messages
from gametheory.practice.answers import parse_label, parse_number, parse_window, parse_yes_no
from gametheory.practice.grading import Key, matches
from gametheory.search.trace import Backup, Cutoff, Enter, Exit


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


READ: Mapping[str, Callable[[object], Any]] = {
    "window": parse_window,
    "cut": parse_yes_no,
    "value": parse_number,
    "label": parse_label,
}
"""How the reply to each kind of step is read."""


def questions(key: Key) -> list[Step]:
    """The steps of the search in ``key``, in the order the search meets them."""
    out: list[Step] = []
    events = key.trace.events
    windowed = key.trace.algorithm.windowed
    for i, event in enumerate(events):
        path, name = event.path, key.names[event.path]
        ask, done, child = "", i + 1, ""
        expected: Any = None
        if key.seen[path].leaf:
            continue
        if isinstance(event, Enter) and windowed:
            ask, expected = "window", (event.alpha, event.beta)
        elif isinstance(event, Backup) and windowed:
            if event.child < len(key.tree.node(path).children) - 1:  # a cut is possible
                expected = i + 1 < len(events) and isinstance(events[i + 1], Cutoff)
                ask, done, child = (
                    "cut",
                    i + 2 if expected else i + 1,
                    key.names[path + (event.child,)],
                )
        elif isinstance(event, Exit):
            ask, expected = ("value" if key.labels is None else "label"), key.truth(path)
        if ask:
            question = messages.QUESTION[ask].format(node=name, child=child)
            out.append(Step(len(out), name, ask, question, expected, done))
    return out


def judge(key: Key, step: Step, reply: object, why: messages.Why) -> tuple[bool, str]:
    """Whether ``reply`` answers ``step`` rightly, and the verdict that explains the step.

    Raises :class:`~gametheory.practice.answers.AnswerError` if the reply cannot be read.
    A value is right as :func:`~gametheory.practice.grading.grade` has it: with a window,
    the fail-hard bound is right too.
    """
    given = READ[step.ask](reply)
    path = key.names.find(step.node)
    if step.ask == "window":
        right = all(matches(g, t) for g, t in zip(given, step.expected, strict=True))
    elif step.ask == "cut":
        right = given == step.expected
    else:
        right = any(matches(given, ok) for ok in key.accepted(path))
    cut = step.ask == "cut" and step.expected
    told = messages.step_told(key, path, step.ask, step.event, cut, why)
    return right, messages.step_verdict(right, told, given)
