"""What a student reads: the task, the verdict on a mistake, a hint, a step explained.

The grader (:mod:`gametheory.practice.grading`) finds the mistakes; this module words them,
in the trace's own sentences (:meth:`~gametheory.search.trace.Trace.narrate`) with the
reason the search had: "C stops after H: 2 ≤ α = 3". What cannot be read at all is said by
the reader (:mod:`gametheory.practice.answers`), with the way to write it.

How a drill explains an inner node's value depends on its search: :func:`why_minimax`,
:func:`why_negamax`, :func:`why_alphabeta`, :func:`why_label`, :func:`why_expectiminimax`.

>>> from gametheory import tree, minimax
>>> from gametheory.practice.grading import Key
>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> why_minimax(Key(minimax(t, trace=True).trace, t), (0,))
"B (MIN) takes the smallest of its children's values: E 3, F 12, G 8"
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from gametheory.andor import Label
from gametheory.core import CHANCE
from gametheory.formatting import number_text
from gametheory.practice.answers import Answer
from gametheory.practice.grading import CUT_SLIPS, VALUE_SLIPS, Key, Mistake, Slip, matches
from gametheory.search.paths import Address
from gametheory.search.trace import Backup, Cutoff

Why = Callable[[Address], str]
"""How a drill explains the value of the inner node at a path."""

TASK = {
    "minimax": "Write the minimax value of every inner node (for MAX, the player at the root).",
    "negamax": "Write the negamax value of every inner node: each for the player to move at "
    "that node.",
    "alphabeta": "Run alpha-beta (moves left to right): write the value each node returns; the "
    "nodes it never looks at get no value: mark them (for an inner node, mark the leaves below "
    "it).",
    "andor": "Label every inner node W, L or D for A, the player at the root: A moves at the OR "
    "nodes (squares), the opponent at the AND nodes (circles).",
    "expectiminimax": "Write the expectiminimax value of every inner node, for MAX (MAX moves "
    "at the squares, MIN at the circles; a chance node, a diamond, is worth Σ p · value "
    "over its outcomes).",
}
"""What the student is asked to do, for each kind of drill."""

PICTURE_KEY = (
    "✓ right · ✗ wrong, or the first thing left out · ringed: the first mistake, in the order "
    "of the search"
)
KEY_NOTE = {  # only alpha-beta marks nodes: its leaves have a mark to leave out
    "alphabeta": " · dashed: marked never looked at · at a leaf, ✗: a mark left out",
    "negamax": " · every value is for the player to move at that node",
}
NOTHING_TO_HINT = "Nothing to hint: every answer is right."
TOLD = (
    "Nothing more to hint at {node}: the verdict or the hint before says all there is; write it "
    "in, then check again."
)
"""What a hint says when the step has been told in full (and it does not count)."""


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
        The share of the steps that are right on the student's own, from 0 to 1: a step a
        hint told does not count.
    right, steps : int or None
        How many steps are right on the student's own, of how many graded (None: not
        counted, the score alone is said).
    hinted : int
        How many more steps are right, told by a hint.

    >>> print(Feedback(False, "B", "B is not 4.", 0.5, right=2, steps=4, hinted=1))
    ✗ B is not 4. (2 of 4 steps right on your own, 1 more after a hint)
    """

    correct: bool
    first_wrong: str | None
    message: str
    score: float
    right: int | None = None
    steps: int | None = None
    hinted: int = 0

    @property
    def tally(self) -> str:
        """The score in words: "3 of 4 steps right" (with what hints told, if any)."""
        if self.right is None or self.steps is None:
            return f"score {self.score:.0%}"
        step = "step" if self.steps == 1 else "steps"
        if not self.hinted:
            return f"{self.right} of {self.steps} {step} right"
        return f"{self.right} of {self.steps} {step} right on your own, {self.hinted} more after a hint"

    def __str__(self) -> str:
        mark = "✓" if self.correct else "✗"
        return f"{mark} {self.message} ({self.tally})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        """The verdict as a paragraph: it wraps between words, where a printed line (in a
        ``<pre>``, which JupyterLab breaks anywhere) would split them."""
        return f'<p style="margin:0;white-space:normal">{escape(str(self))}</p>'


# -- pieces of sentences ------------------------------------------------------------------
def show(x: Answer | None) -> str:
    """A value or a label as a sentence writes it (— for none)."""
    if x is None:
        return "—"
    return x.value if isinstance(x, Label) else number_text(x)


def said(given: bool | tuple[float, float] | Answer) -> str:
    """A reply to a step as the verdict quotes it: yes, no, a window, a value."""
    if isinstance(given, bool):
        return "yes" if given else "no"
    if isinstance(given, tuple):
        return f"[{number_text(given[0])}, {number_text(given[1])}]"
    return show(given)


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def listing(key: Key, paths: Iterable[Address]) -> str:
    """Nodes named as a sentence lists them: "I", "I and J", "I, J and K"."""
    return _and([key.names[p] for p in paths])


def _heard(key: Key, path: Address) -> str:
    return ", ".join(f"{key.names[c]} {number_text(v)}" for c, v in key.seen[path].heard)


# -- how the search gets a node's value ----------------------------------------------------
def why_minimax(key: Key, path: Address) -> str:
    """Minimax: the largest or the smallest of the children's values."""
    name, role = key.names[path], key.trace.role(path)
    which = "largest" if role == "MAX" else "smallest"
    return f"{name} ({role}) takes the {which} of its children's values: {_heard(key, path)}"


def why_negamax(key: Key, path: Address) -> str:
    """Negamax: the largest of the children's values negated."""
    name, role = key.names[path], key.trace.role(path)
    negated = ", ".join(f"−({number_text(v)})" for _, v in key.seen[path].heard)
    return (
        f"negamax keeps every value for the player to move ({role} at {name}), so {name} "
        f"takes the largest of its children's values negated: {negated}"
    )


def why_alphabeta(key: Key, path: Address) -> str:
    """Alpha-beta: what the node gets back from its children, and where it stops if cut."""
    name, role, cut = key.names[path], key.trace.role(path), key.seen[path].cut
    if cut is not None:
        stop = key.trace.narrate(cut + 1).rstrip(".")
        return (
            f"{name} ({role}) gets back {_heard(key, path)}; {stop}; {name} returns its best so far"
        )
    which = "largest" if role == "MAX" else "smallest"
    return f"{name} ({role}) gets back {_heard(key, path)} and returns the {which}"


def why_expectiminimax(key: Key, path: Address) -> str:
    """Expectiminimax: a chance node's weighted average, minimax elsewhere."""
    if key.trace.role(path) != "chance":
        return why_minimax(key, path)
    p = key.tree.node(path).probabilities or ()
    terms = " + ".join(f"{p[c[-1]]:g}·{number_text(v)}" for c, v in key.seen[path].heard)
    return f"{key.names[path]} is a chance node, worth the average Σ p·value = {terms}"


def why_label(key: Key, path: Address) -> str:
    """AND/OR labelling: the rule of an OR or an AND node, and the children's labels."""
    assert key.labels is not None
    kids = [c.path for c in key.tree.node(path).children]
    if key.trace.role(path) == "MAX":  # the rule, not its result: that is the student's step
        kind = "an OR node"
        rule = (
            "A moves there: a WIN if one child is a WIN, a LOSS only if every child is, else a DRAW"
        )
    else:
        kind = "an AND node"
        rule = "the opponent moves there: a LOSS if one child is a LOSS, a WIN only if every child is, else a DRAW"
    listed = ", ".join(f"{key.names[c]} {key.labels[c].value}" for c in kids)
    return f"{key.names[path]} is {kind} ({rule}); its children: {listed}"


# -- mistakes -------------------------------------------------------------------------------
def mistake(key: Key, m: Mistake, why: Why) -> str:
    """The sentence that tells the student of mistake ``m``."""
    name = key.names[m.path]
    if m.slip is Slip.MARKED_LOOKED_AT:
        return _looked_at(key, m)
    if m.slip is Slip.WRONG_LEAF:
        return f"{name} is a leaf worth {show(m.expected)} — you wrote {show(m.given)}."
    if m.slip is Slip.VALUED_PRUNED:
        return f"{_cut(key, m.event)} — you evaluated {listing(key, m.nodes)}."
    if m.slip is Slip.MISSED_CUTOFF:
        return (
            f"{_cut(key, m.event)} — you did not mark {listing(key, m.nodes)} as never looked at."
        )
    if m.slip is Slip.NO_VALUE and key.labels is not None:
        return f"{name} has no label: every inner node gets one, W, L or D."
    if m.slip is Slip.NO_VALUE and key.trace.algorithm.windowed:
        return (
            f"{name} has no value, but the search works it out (it is not cut off): write the "
            "value it returns."
        )
    if m.slip is Slip.NO_VALUE:
        return f"{name} has no value: every inner node has one; write it."
    given = show(m.given)
    if isinstance(m.given, float) and given == show(m.expected):  # close, but not the value
        given = f"{m.given:.12g}".replace("-", "−")
    return f"{name} is not {given}: {why(m.path)}.{_note(key, m)}"


_NOTE = {  # what a wrong value is, when it is a known slip (the sign: by who moves there)
    Slip.PLAIN_AVERAGE: "{given} is the plain average of {heard}; weigh each outcome by its "
    "probability.",
    (Slip.WRONG_SIGN, "MIN"): "{given} is {name}'s value for MAX; negamax gives each node its "
    "value for the player to move there, so at MIN's nodes the sign flips.",
    (Slip.WRONG_SIGN, "MAX"): "{given} has the wrong sign: MAX moves at {name}, so its negamax "
    "value is its value for MAX.",
    Slip.EXACT_VALUE: "{given} is {name}'s exact minimax value, but alpha-beta stops before it "
    "finds that out and returns the bound it has.",
}


def _note(key: Key, m: Mistake) -> str:
    """What a wrong value is, when it is a known slip: " (… )" or ""."""
    note = _NOTE.get(m.slip) or _NOTE.get((m.slip, key.trace.role(m.path)))
    if note is None:
        return ""
    heard = _and([f"{key.names[c]} {number_text(v)}" for c, v in key.seen[m.path].heard])
    return f" ({note.format(given=show(m.given), name=key.names[m.path], heard=heard)})"


def _looked_at(key: Key, m: Mistake) -> str:
    name = key.names[m.path]
    marked = "you marked it as never looked at."
    if not m.path:
        return f"{name} is the root: the search always starts there — {marked}"
    if not key.trace.algorithm.windowed:
        search = "labelling" if key.labels is not None else key.trace.algorithm.name
        return f"{search} looks at every node, so {name} is looked at — {marked}"
    told = key.trace.narrate(m.event + 1).rstrip(".")
    parent = key.names[m.path[:-1]]
    return f"{told}: {parent} has no cutoff before {name}, so {name} is looked at — {marked}"


def _cut(key: Key, i: int) -> str:
    """The cutoff at event ``i`` told, with where its bound comes from if it is deep."""
    return key.trace.narrate(i + 1).rstrip(".") + _deep(key, i)


def _deep(key: Key, i: int) -> str:
    """For the cutoff at event ``i``, where its bound comes from when that is not the
    parent (a deep cutoff), e.g. " (a deep cutoff: α = −3 is A's best so far, passed
    down through C and G)"; else ""."""
    trace = key.trace
    event = trace.events[i]
    assert isinstance(event, Cutoff)
    path, role = event.path, trace.role(event.path)
    bound, symbol = (event.alpha, "α") if role == "MIN" else (event.beta, "β")
    ancestors = [path[:k] for k in range(len(path) - 1, -1, -1)]  # the parent first
    # an ancestor's best so far is what it had when it entered its child on the path
    best = {a: key.seen[path[: len(a) + 1]].parent_best for a in ancestors}
    source = next((a for a in ancestors if trace.role(a) != role and matches(best[a], bound)), None)
    if source is None or source == path[:-1]:
        return ""
    through = _and([key.names[a] for a in ancestors[: ancestors.index(source)]][::-1])
    return (
        f" (a deep cutoff: {symbol} = {number_text(bound)} is {key.names[source]}'s best so "
        f"far, passed down through {through})"
    )


def praise(key: Key, bounds: Sequence[Address] = ()) -> str:
    """The verdict on an answer with no mistake: every value, and what is never looked at;
    and where the student wrote the fail-hard bound instead of the best so far."""
    values = ", ".join(f"{key.names[p]} {show(key.truth(p))}" for p in key.inner)
    cut = f"; never looked at: {listing(key, key.pruned)}" if key.pruned else ""
    return f"All right: {values}{cut}.{bound_note(key, bounds)}"


def bound_note(key: Key, bounds: Sequence[Address]) -> str:
    """ " (At C you wrote the bound, …)" for the nodes valued by the fail-hard bound."""
    if not bounds:
        return ""
    best = _and([f"{key.names[p]} {show(key.truth(p))}" for p in bounds])
    return (
        f" (At {listing(key, bounds)} you wrote the bound, as fail-hard alpha-beta returns it; "
        f"the best value so far, {best}, is right too.)"
    )


VERDICT_TELLS = {**dict.fromkeys(VALUE_SLIPS, 1), Slip.NO_VALUE: 0}
"""How much of a step a check's verdict tells (see :func:`hint`): 1 for a wrong value (its
rule, with the children's values), 0 for a value left out; the rest is told in full (2)."""


def hint(key: Key, m: Mistake, why: Why, level: int) -> str:
    """Hint ``level`` at mistake ``m``, the next step of the search: 1 gives the rule the
    search applies there, 2 what comes of it (the value, the children never looked at).

    >>> from gametheory import tree, minimax
    >>> from gametheory.practice.grading import grade
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> key = Key(minimax(t, trace=True).trace, t)
    >>> first = grade(key, {}).mistakes[0]
    >>> hint(key, first, lambda p: why_minimax(key, p), 1)
    "Next step: B (MIN) takes the smallest of its children's values: E 3, F 12, G 8. (A second hint gives the value.)"
    >>> hint(key, first, lambda p: why_minimax(key, p), 2)
    'Next step: B is done: value 3.'
    """
    name = key.names[m.path]
    if m.slip in VALUE_SLIPS and level == 1:
        return f"Next step: {why(m.path)}. (A second hint gives the value.)"
    if m.slip in VALUE_SLIPS:
        value = show(m.expected) if isinstance(m.expected, Label) else f"value {show(m.expected)}"
        return f"Next step: {name} is done: {value}."
    if m.slip in CUT_SLIPS and level == 1:
        return f"Next step: {_cut_rule(key, m.event)} (A second hint names them.)"
    if m.slip in CUT_SLIPS:
        return f"Next step: {_cut(key, m.event)}."
    if m.slip is Slip.WRONG_LEAF and level == 1:
        return f"Next step: {name} is a leaf: its value is written in the tree, not worked out."
    if m.slip is Slip.WRONG_LEAF:
        return f"Next step: {name} is a leaf worth {show(m.expected)}."
    told = key.trace.narrate(m.event + 1).rstrip(".")
    if level == 1 and m.path:
        parent = key.names[m.path[:-1]]
        return (
            f"Next step: a node is never looked at only when the search stops at its parent "
            f"before it: does {parent} stop before {name}? (A second hint says.)"
        )
    return f"Next step: {told}: {name} is looked at."


def pointer(key: Key, m: Mistake) -> str:
    """The step between a verdict's rule and the value, for a wrong value at a MAX or MIN
    node: the child whose value the node takes, without the number ("" where no one child
    decides: a chance node, a label, a node none of whose children gives its value).

    >>> from gametheory import tree, minimax
    >>> from gametheory.practice.grading import grade
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> key = Key(minimax(t, trace=True).trace, t)
    >>> pointer(key, grade(key, {"B": 4}).mistakes[0])
    "Next step: B takes E's value. (Another hint gives the value.)"
    """
    if m.slip not in VALUE_SLIPS or isinstance(m.expected, Label):
        return ""
    node = key.tree.node(m.path)
    if node.player == CHANCE or not node.children:
        return ""
    sign = -1 if key.trace.algorithm.negamax else 1
    for i in range(len(node.children)):
        child = m.path + (i,)
        value = key.truth(child) if child in key.seen else None
        if isinstance(value, float | int) and sign * value == m.expected:
            negated = ", negated" if sign < 0 else ""
            return (
                f"Next step: {key.names[m.path]} takes {key.names[child]}'s value{negated}. "
                "(Another hint gives the value.)"
            )
    return ""


def _cut_rule(key: Key, i: int) -> str:
    """The rule of the cutoff at event ``i``, without what comes of it: when the node
    stops, and the bound it compares with."""
    event = key.trace.events[i]
    assert isinstance(event, Cutoff)
    name, role = key.names[event.path], key.trace.role(event.path)
    if role == "MIN":
        test, other = f"≤ α = {number_text(event.alpha)}", "MAX"
    else:
        test, other = f"≥ β = {number_text(event.beta)}", "MIN"
    return (
        f"{name} ({role}) stops as soon as its best so far is {test}, the best {other} is sure "
        f"of already: the children it has not reached then are never looked at. Which are they?"
    )


# -- the step-by-step mode --------------------------------------------------------------------
QUESTION = {
    "window": "α, β on entering {node}?",
    "cut": "After {child}, is the rest of {node} cut?",
    "value": "Value {node} returns?",
    "label": "Label of {node} (W, L or D)?",
}
"""The question of each kind of step."""


def step_told(key: Key, path: Address, ask: str, k: int, cut: bool, why: Why) -> str:
    """What the search does at a step: ``ask`` at ``path``, told by event ``k - 1`` of the
    trace (``cut``: whether the node stops there)."""
    told, name = key.trace.narrate(k), key.names[path]
    if ask == "window" and not path:
        return f"{told.rstrip('.')}: at the start nothing is known, so α = −∞ and β = +∞."
    if ask == "window":
        parent = key.names[path[:-1]]
        return f"{told.rstrip('.')}: {name} starts with the window {parent} has at that moment."
    if ask == "cut" and cut:  # where the bound comes from, as check says of a deep cutoff
        if isinstance(key.trace.events[k - 1], Cutoff):
            return f"{told.rstrip('.')}{_deep(key, k - 1)}."
        return told
    if ask == "cut":
        backup = key.trace.events[k - 1]
        assert isinstance(backup, Backup)
        after = key.names[path + (backup.child + 1,)]
        return (
            f"{told.rstrip('.')}; the window is still open (α < β), so {name} goes on to {after}."
        )
    return f"{why(path)}. {told}"


def impossible_window(node: str, window: tuple[float, float], leaves: Sequence[float]) -> str:
    """Why ``window``, typed as the window on entering ``node``, cannot arise in alpha-beta
    on a tree with these ``leaves`` values ("" if it can): it is closed (α ≥ β), or a bound
    is no leaf's value. It names the input and never the right window.

    >>> print(impossible_window("C", (5, 3), [3, 5, 8]))
    [5, 3] cannot be the window on entering C: α = 5 is not below β = 3, and alpha-beta enters a node only while its window is open (α < β). Which window does C start with?
    >>> print(impossible_window("C", (3, 7), [3, 5, 8]))
    [3, 7] cannot be the window on entering C: β = 7 is no leaf's value in this tree, and α and β are always −∞, +∞ or a value the search found at a leaf. Which window does C start with?
    >>> impossible_window("C", (3, math.inf), [3, 5, 8])
    ''
    """
    alpha, beta = window
    which = f"Which window does {node} start with?"
    head = f"{said(window)} cannot be the window on entering {node}"
    if not alpha < beta:
        return (f"{head}: α = {number_text(alpha)} is not below β = {number_text(beta)}, and "
                f"alpha-beta enters a node only while its window is open (α < β). {which}")  # fmt: skip
    for letter, bound in (("α", alpha), ("β", beta)):
        if not math.isinf(bound) and not any(math.isclose(bound, v) for v in leaves):
            return (f"{head}: {letter} = {number_text(bound)} is no leaf's value in this tree, "
                    f"and α and β are always −∞, +∞ or a value the search found at a leaf. "
                    f"{which}")  # fmt: skip
    return ""


def step_verdict(right: bool, told: str, given: bool | tuple[float, float] | Answer) -> str:
    """The verdict on the answer to a step."""
    return f"Right: {told}" if right else f"Not quite: {told.rstrip('.')} — you said {said(given)}."
