"""Drills: the student does the search by hand, and the search's own trace grades it.

A :class:`Drill` is one exercise: a small game tree and a kind of search. The student
writes down the value (or, for AND/OR labelling, the label) of every inner node and, for
alpha-beta, which nodes are never looked at. :meth:`Drill.check` grades the whole answer;
:meth:`Drill.steps` and :meth:`Drill.answer` walk through the search one question at a time.

Grading never re-derives the search: the drill runs the package's own search with
``trace=True`` and hands its trace to the grader (:func:`~gametheory.practice.grading.grade`),
which names the first event where the answer departs from it; the verdict is worded by
:mod:`gametheory.practice.messages`.

``Drill(kind, ...)`` makes the drill of that kind, one class per kind: :class:`MinimaxDrill`,
:class:`NegamaxDrill`, :class:`AlphaBetaDrill`, :class:`AndOrDrill`,
:class:`ExpectiminimaxDrill`. Each says what is its own: which search runs, which trees its
levels have, what the student writes, how a node's value is explained. A new kind is one
more subclass: its ``kind``, the registered search that grades it (``searched_by``), and
what it does differently; ``Drill(kind)`` finds it by its kind.

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
>>> type(drill).__name__, isinstance(drill, Drill)
('AlphaBetaDrill', True)
>>> drill.check({"A": 3, "B": 3, "C": 2, "D": 2}, pruned=["I", "J"]).correct
True
>>> feedback = drill.check({"A": 3, "B": 3, "C": 2, "D": 2}, pruned=["I"])
>>> feedback.first_wrong
'C'
>>> print(feedback.message)
α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at — you did not mark J as never looked at.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from gametheory.andor import Label
from gametheory.core import Game, GameError
from gametheory.formatting import number_text
from gametheory.practice import levels, messages
from gametheory.practice.answers import AnswerError, Reading, parse_window, read_answer
from gametheory.practice.grading import OMISSIONS, Grade, Item, Key, Mistake, Slip, grade, item
from gametheory.practice.levels import LEVELS, Level
from gametheory.practice.messages import Feedback
from gametheory.practice.steps import READ, Step, judge, questions
from gametheory.search import algorithm
from gametheory.search.paths import Address
from gametheory.search.result import SearchResult
from gametheory.search.trace import Exit, Status, Trace
from gametheory.trees import GameTree

if TYPE_CHECKING:
    from gametheory.draw.svg import Svg
    from gametheory.widgets.practice import PracticeWidget


GREEN, RED, WHITE = "#c9ecc4", "#f7c5c0", "#ffffff"
"""The fills of a right and a wrong answer in a picture (each also has its ✓ or ✗), and of
a node not marked."""
_LABEL_NUMBER = {Label.WIN: 1.0, Label.DRAW: 0.0, Label.LOSS: -1.0}


class Drill:
    """One exercise: a small tree to value by hand, graded step by step by the search itself.

    Parameters
    ----------
    kind
        ``"minimax"``, ``"negamax"``, ``"alphabeta"``, ``"andor"`` or ``"expectiminimax"``.
    tree
        The tree to practise on: a :class:`~gametheory.trees.GameTree`, a nested-list spec
        for :func:`~gametheory.trees.tree`, or a small game (its whole game tree, at most
        :data:`~gametheory.practice.levels.MAX_NODES` nodes). None makes a random tree from
        ``seed``.
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

    kind: ClassVar[str] = ""
    """The kind of drill: the name the constructor takes."""
    searched_by: ClassVar[str] = "minimax"
    """The registered search whose trace grades the drill."""
    exact_by: ClassVar[str] = "minimax"
    """The registered search that gives every node's exact value."""
    shapes: ClassVar[Mapping[int, Level]] = LEVELS["search"]
    """The size of a random tree at each level."""
    cutoffs: ClassVar[bool] = True
    """Whether the levels promise alpha-beta cutoffs (minimax, negamax and alpha-beta share
    their trees)."""
    chance: ClassVar[bool] = False
    """Whether the trees may have chance nodes."""
    asks: ClassVar[str] = "value"
    """What the student writes for an inner node: ``"value"`` or ``"label"``."""
    placeholder: ClassVar[str] = "value"
    """What a box for an inner node takes, as a widget says it."""
    marks_pruned: ClassVar[bool] = False
    """Whether the student marks the nodes never looked at."""
    _kinds: ClassVar[dict[str, type[Drill]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Drill._kinds[cls.kind] = cls

    def __new__(cls, kind: str = "", *args: Any, **kwargs: Any) -> Drill:
        if not kind and cls is not Drill:  # a copy or an unpickling: no __init__ follows
            return super().__new__(cls)
        chosen = Drill._kinds.get(kind) if isinstance(kind, str) else None
        if chosen is None or not issubclass(chosen, cls):
            known = ", ".join(k for k, c in Drill._kinds.items() if issubclass(c, cls))
            raise GameError(f"kind {kind!r} is unknown: choose one of {known}")
        return super().__new__(chosen)

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
        if level is not None and (isinstance(level, bool) or level not in (1, 2, 3)):
            raise GameError(f"level must be 1, 2 or 3, got {level!r}")
        self.branching, self.depth = branching, depth
        self._exact: tuple[GameTree, Trace] | None = None  # see _exact_trace
        self.seed: int | str | None = None
        self.level: int | None = level
        if tree is None:
            self.seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
            if isinstance(self.seed, bool) or not isinstance(self.seed, (int, str)):
                raise GameError(f"seed must be a whole number or a string, got {seed!r}")
            self.level = 1 if level is None else level
            self.tree = self._named(self._random(self.seed, self.level))
        elif seed is not None or branching is not None or depth is not None:
            raise GameError(
                "seed, branching and depth make a random tree; leave them out when you give "
                "the tree yourself"
            )
        else:
            self.tree = self._named(levels.as_tree(tree, chance=self.chance))
            missing = "" if level is None else self._lacks(self.tree, level)
            if missing:
                raise GameError(f"this tree is not a level-{level} drill: {missing}")
        self.result: SearchResult = algorithm(self.searched_by).search(self.tree, trace=True)
        assert isinstance(self.result.trace, Trace)
        self.trace: Trace = self.result.trace
        self.key = self._key()
        self._exact = None  # the trees drawn are done with
        self.attempts = self.hints = 0
        self.best: tuple[int, int] | None = None  # (steps right on one's own, graded): the best
        self.solved = self.solution_shown = False
        self._told: dict[tuple[Address, Slip], int] = {}  # how much of a step was told: 1 or 2
        # the steps whose rule a verdict told (not a hint), and those a hint then pointed at
        self._by_verdict: set[tuple[Address, Slip]] = set()
        self._pointed: set[tuple[Address, Slip]] = set()
        self._hinted: set[Item] = set()  # the steps a hint told
        self._step_results: dict[int, bool] = {}
        self._steps: list[Step] | None = None

    def _random(self, seed: int | str, level: int) -> GameTree:
        """The first tree of the level's size, drawn from ``seed``, with what it promises."""
        shape = levels.sized(
            self.shapes[level], level, self.branching, self.depth, cutoffs=self.cutoffs
        )

        def fits(t: GameTree) -> bool:
            return not self._lacks(t, level) and self._has_choice(t)

        return levels.generate(seed, shape, level, chance=self.chance, fits=fits)

    # -- what each kind says for itself ---------------------------------------------------
    def _key(self) -> Key:
        """The grader's key to the drill's trace."""
        return Key(self.trace, self.tree)

    def _named(self, t: GameTree) -> GameTree:
        """The tree with the names the drill gives its nodes (by default its own)."""
        return t

    def _lacks(self, t: GameTree, level: int) -> str:
        """What the tree ``t`` lacks for ``level`` (empty if nothing)."""
        return levels.missing_cutoffs(t, level) if self.cutoffs else ""

    def _has_choice(self, t: GameTree) -> bool:
        """Whether the root's children are not all worth the same (so that one number
        written in every box is not the answer, and MAX's choice means something)."""
        exact = self._exact_trace(t)
        return len({e.value for e in exact.events if isinstance(e, Exit) and len(e.path) == 1}) > 1

    def _exact_trace(self, t: GameTree) -> Trace:
        """The trace of the search that gives every node of ``t`` its exact value, kept
        for the last tree asked: a drawn tree that fits is then the drill's own, and its
        key asks again."""
        if self._exact is None or self._exact[0] is not t:
            trace = algorithm(self.exact_by).search(t, trace=True).trace
            assert isinstance(trace, Trace)
            self._exact = (t, trace)
        return self._exact[1]

    def explain(self, path: Address) -> str:
        """How the search gets the value of the inner node at ``path``, from its trace."""
        return messages.why_minimax(self.key, path)

    # -- what a student sees ----------------------------------------------------------------
    @property
    def inner(self) -> list[str]:
        """The names of the inner nodes (the ones to value) in the order the search visits
        them: depth first, left to right (the cut ones where they stand).

        >>> from gametheory import tree
        >>> Drill("minimax", tree([[[1, 2], [3, 4]], [5, 6]])).inner
        ['A', 'B', 'D', 'E', 'C']
        """
        return [n.name for n in sorted(self.tree, key=lambda n: n.path) if not n.is_leaf]

    @property
    def leaves(self) -> list[str]:
        """The names of the leaves, left to right."""
        return [n.name for n in self.tree.leaves()]

    @property
    def task(self) -> str:
        """What the student is asked to do, in one sentence."""
        return messages.TASK[self.kind]

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
            never computes need no value; a blank value counts as not given. For
            alpha-beta, a node's value may be its best so far or the bound (fail-hard).
        pruned
            The nodes never looked at (alpha-beta): the children cut off, or all the leaves
            below them, as names (``["I", "J"]`` or ``"I, J"``).

        Returns
        -------
        Feedback
            Never raises for what a student types: a mistyped name or value is a message.
            Every check counts in :meth:`record`, read or not; the score says how many
            steps (values, cutoffs) are right of those graded, and a step a hint told
            (:meth:`hint`) is not right on the student's own.

        Examples
        --------
        >>> from gametheory import tree
        >>> drill = Drill("minimax", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> print(drill.check({"A": 3, "B": 4, "C": 2, "D": 2}))
        ✗ B is not 4: B (MIN) takes the smallest of its children's values: E 3, F 12, G 8. (3 of 4 steps right)
        >>> print(drill.check({"A": 3, "Q": 4}))
        ✗ There is no node 'Q' in this tree: its nodes are A, B, C, D, E, F, G, H, I, J, K, L, M. (1 of 4 steps right)
        """
        reading, marks = self._grade(values, pruned)
        self.attempts += 1
        steps = self.step_count  # the same n whatever the answer: the steps of a right one
        claims = [m for m in marks.mistakes if m.slip not in OMISSIONS]  # written, and wrong
        wrong = len(claims) + (reading.problem is not None)  # what cannot be read: one more
        hinted = len(marks.items() & self._hinted)
        own = max(0, min(len(marks.items() - self._hinted), steps - wrong - hinted))
        counts = {"right": own, "hinted": hinted}
        if reading.problem is not None:
            node, text = reading.problem
            return Feedback(False, node, text, own / steps, steps=steps, **counts)
        if not self.solution_shown:  # a check of the solution shown proves nothing
            if self.best is None or own / steps > self.best[0] / self.best[1]:
                self.best = (own, steps)
            self.solved = self.solved or not marks.mistakes
        if not marks.mistakes:
            text = messages.praise(self.key, marks.bounds)
            return Feedback(True, None, text, own / steps, steps=steps, **counts)
        first = marks.mistakes[0]
        told = messages.VERDICT_TELLS.get(first.slip, 2)
        before = self._told.get((first.path, first.slip), 0)
        self._told[first.path, first.slip] = max(before, told)
        if before == 0 and told == 1:  # the verdict gave the rule: a hint points first
            self._pointed.discard((first.path, first.slip))
            self._by_verdict.add((first.path, first.slip))
        text = messages.mistake(self.key, first, self.explain)
        return Feedback(False, self.key.names[first.path], text, own / steps, steps=steps, **counts)

    @property
    def best_score(self) -> float | None:
        """The best share of steps right on the student's own in a check (None before any)."""
        return None if self.best is None else self.best[0] / self.best[1]

    def mistakes(self, values: Any, pruned: Any = ()) -> tuple[Mistake, ...]:
        """Every mistake of an answer, in the order of the search: what :meth:`check` grades,
        without counting a check (for a teacher's record or report).

        Each :class:`~gametheory.practice.grading.Mistake` has the node to blame
        (``path``; ``drill.key.names[path]`` is its name) and the kind of mistake (``slip``,
        a :class:`~gametheory.practice.grading.Slip`). What cannot be read (a mistyped
        name or value) is no mistake of the search: :meth:`check` names it.

        >>> from gametheory import tree
        >>> drill = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> [(drill.key.names[m.path], m.slip.name) for m in drill.mistakes({"A": 3, "B": 4})]
        [('B', 'WRONG_VALUE'), ('C', 'MISSED_CUTOFF'), ('C', 'NO_VALUE'), ('D', 'NO_VALUE')]
        >>> drill.mistakes(*drill.solution()), drill.attempts
        ((), 0)
        """
        return self._grade(values, pruned)[1].mistakes

    @property
    def step_count(self) -> int:
        """How many steps a right answer has (values and cutoffs): the *n* of "k of n steps
        right", the same for every answer."""
        return max(1, self.key.steps)

    def _grade(self, values: Any, pruned: Any) -> tuple[Reading, Grade]:
        """The answer read, and graded."""
        reading = read_answer(values, pruned, self.key.names, READ[self.asks])
        return reading, grade(self.key, reading.values, reading.claimed)

    def hint(self, values: Any = None, pruned: Any = ()) -> str:
        """The next step of the search only: the first one this answer does not get right.

        The first hint at a step gives the rule the search applies there, the second what
        comes of it (the value, the children never looked at); a step that a check's
        verdict has explained starts where the verdict stopped. A step told in full has
        nothing more to hint: it says so.

        Every hint counts in :meth:`record`, and the step it is about no longer counts as
        right on the student's own (see :meth:`check`).

        >>> from gametheory import tree
        >>> drill = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> drill.hint({"B": 3})
        'Next step: C (MIN) stops as soon as its best so far is ≤ α = 3, the best MAX is sure of already: the children it has not reached then are never looked at. Which are they? (A second hint names them.)'
        >>> drill.hint({"B": 3})
        'Next step: α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at.'
        >>> Drill("andor", tree([[1, -1], [1, 1]])).hint({})
        'Next step: B is an AND node (the opponent moves there: a LOSS if one child is a LOSS, a WIN only if every child is, else a DRAW); its children: E WIN, F LOSS. (A second hint gives the value.)'
        """
        mistakes = self._grade(values, pruned)[1].mistakes
        if not mistakes:
            return messages.NOTHING_TO_HINT
        first = mistakes[0]
        step = (first.path, first.slip)
        level = self._told.get(step, 0) + 1
        if level > 2:
            return messages.TOLD.format(node=self.key.names[first.path])
        if level == 2 and step in self._by_verdict and step not in self._pointed:
            pointed = messages.pointer(self.key, first)  # between the verdict and the value
            self._pointed.add(step)
            if pointed:
                self.hints += 1
                about = item(first)
                if about is not None:
                    self._hinted.add(about)
                return pointed
        self._told[first.path, first.slip] = level
        self.hints += 1
        about = item(first)
        if about is not None:
            self._hinted.add(about)
        return messages.hint(self.key, first, self.explain, level)

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
        return self._solution()

    def _solution(self) -> tuple[dict[str, float | str], tuple[str, ...]]:
        """:meth:`solution`, for the drill's own use (its picture): a student's workbook
        may count a call of :meth:`solution` as the solution shown, never this."""
        values: dict[str, float | str] = {}
        inner = set(self.key.inner)
        for n in self.tree:  # in the order of the names
            if n.path in inner:
                truth = self.key.truth(n.path)
                values[n.name] = truth.value[0] if isinstance(truth, Label) else _plain(truth)
        return values, tuple(self.key.names[p] for p in self.key.pruned)

    def show_solution(self) -> tuple[dict[str, float | str], tuple[str, ...]]:
        """:meth:`solution`, noted in :meth:`record` (later checks do not count as solved)."""
        self.solution_shown = True
        return self.solution()

    def record(self) -> dict[str, Any]:
        """A small JSON-able summary for the teacher.

        Keys: ``kind``, ``seed``, ``level``, ``attempts`` (checks made and step answers
        given, read or not),
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
            score = max(score or 0.0, self._step_score())
        record = {name: getattr(self, name) for name in ("kind", "seed", "level", "attempts")}
        record |= {"hints": self.hints, "score": None if score is None else round(score, 4)}
        return record | {"solved": self.solved, "solution_shown": self.solution_shown}

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
        if self._steps is None:
            self._steps = questions(self.key)
        return list(self._steps)

    def answer(self, step: Step | int, reply: Any) -> Feedback:
        """Grade the answer to one step of :meth:`steps`; the message explains the step.

        >>> from gametheory import tree
        >>> drill = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> steps = drill.steps()
        >>> print(drill.answer(steps[0], "-inf, inf"))
        ✓ Right: Enter A (MAX) with window [α = −∞, β = +∞]: at the start nothing is known, so α = −∞ and β = +∞. (1 of 15 steps right)
        >>> print(drill.answer(steps[2], "yes"))
        ✗ Not quite: B (MIN) gets the value of E: best so far 3, window now [α = −∞, β = 3]; the window is still open (α < β), so B goes on to F — you said yes. (1 of 15 steps right)
        """
        steps = self.steps()
        number = step.number if isinstance(step, Step) else step
        if isinstance(number, bool) or not isinstance(number, int):
            return Feedback(False, None, f"{step!r} is not a step: pass one of drill.steps()", 0.0)
        if not 0 <= number < len(steps):
            return Feedback(
                False, None, f"there is no step {number}: the steps are 0 to {len(steps) - 1}", 0.0
            )
        self.attempts += 1
        right, text = self._judge(steps[number], reply)
        if right is not None:  # graded (what cannot be read or cannot arise is not)
            self._step_results.setdefault(number, right)
        return self._step_feedback(bool(right), None if right else steps[number].node, text)

    def _judge(self, step: Step, reply: Any) -> tuple[bool | None, str]:
        """Whether ``reply`` answers ``step`` rightly (None: it cannot be read, or a window
        that cannot arise, so it is not graded), and the verdict."""
        try:
            impossible = self._impossible(step, reply)
            if impossible:  # not graded: it says what is wrong, not what is right
                return None, impossible
            return judge(self.key, step, reply, self.explain)
        except AnswerError as error:
            return None, f"{error}."

    def check_window(self, node: str, reply: Any) -> tuple[bool, str]:
        """Whether ``reply`` is the window ``α, β`` alpha-beta enters the inner node
        ``node`` with, and why (the verdict of the step in :meth:`steps`): for the α, β
        boxes of the drill's widget. It counts as no attempt (the check it goes with does).

        >>> from gametheory import tree
        >>> drill = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> drill.check_window("C", "3, +inf")
        (True, 'Right: Enter C (MIN) with window [α = 3, β = +∞]: C starts with the window A has at that moment.')
        >>> drill.check_window("C", "-inf, 3")[0], drill.attempts
        (False, 0)
        """
        asked = {s.node: s for s in self.steps() if s.ask == "window"}
        try:
            path = self.key.names.find(node)
        except AnswerError as error:
            return False, str(error)
        name = self.key.names[path]
        if name not in asked:
            why = "is a leaf" if not self.key.tree.node(path).children else "is never entered"
            return False, f"{name} {why}, so it has no window: leave its α, β empty."
        right, text = self._judge(asked[name], reply)
        return bool(right), text

    def _impossible(self, step: Step, reply: Any) -> str:
        """Why a window typed for ``step`` cannot arise at all ("" if it can, or if the step
        asks no window); :class:`AnswerError` if it cannot be read."""
        if step.ask != "window":
            return ""
        leaves = (n for n in self.tree if n.is_leaf)
        values = [n.payoff if n.payoff is not None else n.evaluation for n in leaves]
        found = [float(v) for v in values if v is not None]
        return messages.impossible_window(step.node, parse_window(reply), found)

    def _step_feedback(self, right: bool, node: str | None, text: str) -> Feedback:
        done, total = sum(self._step_results.values()), len(self.steps())
        return Feedback(right, node, text, done / total, right=done, steps=total)

    def _step_score(self) -> float:
        return sum(self._step_results.values()) / len(self.steps())

    # -- pictures -------------------------------------------------------------------------------
    def picture(self, answers: Any = None, *, caption: bool | str = True) -> Svg:
        """The tree of the drill; with ``answers``, the student's answers marked.

        ``answers`` is a ``values`` dict or a ``(values, pruned)`` pair (as :meth:`check`
        takes and :meth:`solution` returns). Only what the student wrote is marked, and the
        first mistake: a right answer gets a ✓ (and is green), a wrong one a ✗ (and is
        red); so does the first thing left out, in the order of the search (a value not
        written, a leaf never looked at but not marked), and it is ringed. The nodes marked
        as never looked at are dashed (a node counts as marked when all the leaves below it
        are). Nothing else is marked: the nodes a student has not reached give nothing
        away. The caption says what to do (without answers) or what the marks mean (with
        them, :attr:`key_text`); ``caption`` may also be a text of your own, or False for
        none.

        >>> from gametheory import tree
        >>> drill = Drill("minimax", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> picture = drill.picture({"A": 3, "B": 4})
        >>> picture.count("#c9ecc4"), picture.count('class="mark right"')  # A is right
        (1, 1)
        """
        from gametheory.draw.tree import Style, draw_trace

        both = isinstance(answers, tuple) and len(answers) == 2
        reading, marks = self._grade(*(answers if both else (answers, ())))
        marks = Grade(()) if answers is None else marks
        # A snapshot of our own making: the student's values, their cuts, the first mistake.
        shown = {
            p: v if isinstance(v, float) else _LABEL_NUMBER[v]
            for p, v in reading.values.items()
            if p not in self.key.leaves
        }
        claimed = self.key.marked(reading.claimed)
        snap = replace(
            self.trace.snapshot(0),
            status={n.path: Status.DONE for n in self.tree},
            values=shown,
            current=marks.mistakes[0].nodes[0] if marks.mistakes else None,
            pruned=frozenset(claimed),
        )
        if isinstance(caption, str):
            text: str | bool = caption
        else:
            text = caption and (self.task if answers is None else self.key_text)
        # a value such as −1.25 is wider than a node of the usual size: make the nodes roomier
        # (by the values of the solution too, so that a check does not change the picture)
        truths = [v for v in self._solution()[0].values() if not isinstance(v, str)]
        longest = max((len(number_text(v)) for v in [*truths, *shown.values()]), default=0)
        ticks = self._ticks(marks, claimed)
        return draw_trace(
            self.trace,
            snap,
            caption=text,
            windows=False,
            names=True,
            style=Style(radius=18.0, font=10.5) if longest > 3 else None,
            fills={n.path: _fill(ticks.get(n.path), n.path in claimed) for n in self.tree},
            texts={p: v.value[0] for p, v in reading.values.items() if isinstance(v, Label)},
            marks={p: "right" if ok else "wrong" for p, ok in ticks.items()},
        )

    @property
    def key_text(self) -> str:
        """What the marks of a picture of answers mean (its caption)."""
        return messages.PICTURE_KEY + messages.KEY_NOTE.get(self.kind, "")

    def _ticks(self, marks: Grade, claimed: set[Address]) -> dict[Address, bool]:
        """The nodes a picture of the answers marks: right (True) or wrong (False)."""
        never = self.key.cover(self.key.pruned)
        ticks = {p: True for p in marks.right} | {p: True for p in claimed if p in never}
        return ticks | {p: False for p in marks.red}

    def widget(self) -> PracticeWidget:
        """The drill as an interactive widget (ipywidgets)."""
        from gametheory.widgets.practice import PracticeWidget

        return PracticeWidget(self)


def _fill(tick: bool | None, claimed: bool) -> str:
    """A node's fill in a picture of answers: right, wrong, or not marked (a node marked
    as never looked at keeps its grey)."""
    if tick is None:
        return "" if claimed else WHITE
    return GREEN if tick else RED


def _plain(x: float) -> float:
    """3.0 as 3 and 3.4000000000000004 as 3.4: answers that read as a student writes them."""
    x = round(x, 9)
    return int(x) if x.is_integer() else x


class MinimaxDrill(Drill):
    """Minimax values, for MAX."""

    kind = "minimax"


class NegamaxDrill(Drill):
    """Negamax values, each for the player to move."""

    kind = searched_by = "negamax"

    def explain(self, path: Address) -> str:
        return messages.why_negamax(self.key, path)


class AlphaBetaDrill(Drill):
    """The values alpha-beta returns, and the nodes it never looks at."""

    kind = searched_by = "alphabeta"
    marks_pruned = True

    def _key(self) -> Key:
        full = self._exact_trace(self.tree)  # minimax's
        exact = {e.path: e.value for e in full.events if isinstance(e, Exit)}
        return Key(self.trace, self.tree, exact=exact)

    def explain(self, path: Address) -> str:
        return messages.why_alphabeta(self.key, path)


class AndOrDrill(Drill):
    """W, L or D at every node: AND/OR labelling for the player at the root."""

    kind = "andor"  # searched by minimax: the order in which labels are found
    shapes = LEVELS["andor"]
    cutoffs = False
    asks, placeholder = "label", "W, L or D"

    def _key(self) -> Key:
        return Key(self.trace, self.tree, labels=levels.labels(self.tree))

    def _named(self, t: GameTree) -> GameTree:
        return levels.without_label_letters(t)  # no node D, L or W: "E LOSS", not "D LOSS"

    def _lacks(self, t: GameTree, level: int) -> str:
        inner = {label for path, label in levels.labels(t).items() if not t.node(path).is_leaf}
        return "" if len(inner) > 1 else "its inner nodes all have the same label"

    def _has_choice(self, t: GameTree) -> bool:
        return True  # its own guarantee: the inner labels are not all the same

    def explain(self, path: Address) -> str:
        return messages.why_label(self.key, path)


class ExpectiminimaxDrill(Drill):
    """Expectiminimax values, for MAX; a chance node averages."""

    kind = searched_by = exact_by = "expectiminimax"
    shapes = LEVELS["expectiminimax"]
    cutoffs = False
    chance = True

    def explain(self, path: Address) -> str:
        return messages.why_expectiminimax(self.key, path)


KINDS = tuple(Drill._kinds)
"""The kinds of drill, one per way of valuing a tree."""
