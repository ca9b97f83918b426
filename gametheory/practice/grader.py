"""Grade a student's own search, step by step, and name the mistake.

:func:`grade` runs a function the student wrote — ``minimax``, ``negamax``, ``alphabeta``,
``alphabeta_negamax``, ``expectiminimax``, ``ucb1`` or an MCTS ``backup`` — on seeded random
trees of the drill levels (and on any trees given), through a *watched game*: every question
the function asks the game is written down. It compares what the function did with what the
search does, node by node, in the order the search visits them: the leaves scored, the
window each node is given, the value each node returns. The first step where they part is
the :class:`Divergence`; when the student's function behaves exactly like a mistake of the
catalogue (:data:`BUGS`) on every tree, the report names it.

The functions use only the game protocol — ``to_move``, ``legal_moves``, ``result``,
``is_terminal``, ``utility``, ``chance_outcomes`` — and positions are opaque: the function
cannot look inside them, only ask the game. The signatures:

* ``minimax(game, state) -> float``: the value for MAX (player 0);
* ``negamax(game, state) -> float``: the value for the player to move;
* ``alphabeta(game, state, alpha, beta) -> float``: minimax form, the value for MAX; the root
  is called with ``(-inf, +inf)``;
* ``alphabeta_negamax(game, state, alpha, beta) -> float``: for the player to move;
* ``expectiminimax(game, state) -> float``: the value for MAX; a chance position has
  ``game.to_move(state) == CHANCE`` (−1) and ``game.chance_outcomes(state)`` pairs each
  outcome (a move) with its probability;
* a search may also take ``depth`` and ``evaluate`` (by those names): it is then graded with a
  depth limit, ``evaluate(state, player)`` scoring the positions where it stops;
* ``ucb1(child_mean, child_visits, parent_visits, c) -> float``: the UCB1 score of a child
  whose mean result is ``child_mean`` for the player choosing at the parent (the mean, the
  total already divided by the visits: the textbook's W/n);
* ``backup(node, reward)``: add one playout's ``reward`` (its result for player 0: +1, 0, −1)
  to ``node`` and every node above it; a node is a :class:`BackupNode`.

A student's code is hostile input: a function that raises, calls itself without end, loops,
returns None, a string or NaN, or tries to change a position gets a message that names what
happened, within ``time_limit`` seconds per tree, and the grader's own traceback is never
shown.

>>> def minimax(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, 0)
...     values = [minimax(game, game.result(state, m)) for m in game.legal_moves(state)]
...     return max(values) if game.to_move(state) == 0 else min(values)
>>> grade(minimax, "minimax", seed=1).passed
True
"""

from __future__ import annotations

import math
import random
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path as Path_
from types import FrameType
from typing import Any

from gametheory.core import CHANCE, GameError, number_text
from gametheory.practice import sandbox
from gametheory.practice.levels import stream
from gametheory.search import algorithm
from gametheory.search.trace import Cutoff
from gametheory.trees import Chance, GameTree, Node, tree

__all__ = ["BUGS", "KINDS", "BackupNode", "Bug", "Divergence", "Report", "grade"]

Path = tuple[int, ...]
inf = math.inf

KINDS = (
    "minimax",
    "negamax",
    "alphabeta",
    "alphabeta_negamax",
    "expectiminimax",
    "ucb1",
    "backup",
)
"""What :func:`grade` can grade."""


@dataclass(frozen=True)
class Bug:
    """A mistake of the catalogue: its short name, its title, and what to change."""

    name: str
    title: str
    advice: str


BUGS: dict[str, Bug] = {
    bug.name: bug
    for bug in (
        Bug(
            "handed-off",
            "the work handed to the package's own search",
            "the exercise is to write the search yourself: ask the game only (to_move, "
            "legal_moves, result, is_terminal, utility) and recurse on your own function",
        ),
        Bug(
            "alternation",
            "the players assumed to alternate",
            "ask game.to_move(state) at every node: the same player may move twice in a row, "
            "so MAX and MIN cannot be told by the depth or by flipping a flag",
        ),
        Bug(
            "best-zero",
            "best started at 0",
            "start best at −∞ at MAX and +∞ at MIN: any real value must beat the start, and "
            "0 beats every negative one",
        ),
        Bug(
            "wrong-node",
            "α and β moved at the wrong node type: MAX lowers β, MIN raises α",
            "MAX raises α (α = max(α, value)); MIN lowers β (β = min(β, value))",
        ),
        Bug(
            "cut-before-update",
            "the cutoff before the update",
            "count the child's value into best (and α or β) first, then test α ≥ β",
        ),
        Bug(
            "returns-swapped",
            "the returns swapped: β at MAX, α at MIN",
            "return α at a MAX node and β at a MIN node (or best, fail-soft)",
        ),
        Bug(
            "cut-test-turned",
            "the cut test turned round: α ≤ β",
            "stop when α ≥ β: the window has closed",
        ),
        Bug("swapped", "α and β swapped", "MAX raises α and MIN lowers β; pass (α, β) on"),
        Bug(
            "strict",
            "the cutoff test with > where ≥ is enough",
            "stop as soon as α ≥ β: a tie already proves the other children cannot matter",
        ),
        Bug(
            "not-passed-down",
            "the window not passed down",
            "give each child both bounds you know, the ones you received as well as the one "
            "you raised, so that the root's α reaches the deeper nodes (deep cutoffs)",
        ),
        Bug(
            "full-window",
            "the children searched with (−∞, +∞) instead of the current window (the same, "
            "from the root down, as giving each child the window the node received)",
            "pass each child the node's current window, α and β as the earlier children moved them",
        ),
        Bug(
            "sign-value",
            "negamax's sign forgotten on the value",
            "a child's value is for the opponent: negate it before you compare",
        ),
        Bug(
            "sign-window",
            "negamax's sign forgotten on the window",
            "the child sees the window from the other side: pass (−β, −α)",
        ),
        Bug(
            "window-not-swapped",
            "the window not swapped in negamax: (−α, −β) instead of (−β, −α)",
            "negating the bounds turns them round: the child's α is −β and its β is −α",
        ),
        Bug(
            "max-min-swapped",
            "MAX and MIN swapped",
            "player 0 (MAX) takes the largest value, player 1 (MIN) the smallest",
        ),
        Bug(
            "max-everywhere",
            "MIN forgotten: the largest value everywhere",
            "at player 1's positions take the smallest value",
        ),
        Bug(
            "terminal-player",
            "the terminal value for the wrong player",
            "score a finished game with game.utility(state, p) for the player p the values are for",
        ),
        Bug(
            "depth-early",
            "a depth off by one: it stops a ply too early",
            "stop when depth == 0, not when depth == 1",
        ),
        Bug(
            "depth-late",
            "a depth off by one: it looks a ply too deep",
            "stop when depth reaches 0 and evaluate there; count one ply per move",
        ),
        Bug(
            "inner-evaluated",
            "evaluating inner nodes",
            "only finished positions have a utility, and only the positions at the depth "
            "limit are evaluated; at the others, look at the moves",
        ),
        Bug(
            "no-probabilities",
            "averaging without the probabilities",
            "a chance node is worth Σ p · value over its outcomes",
        ),
        Bug(
            "weighted-twice",
            "weighting twice: Σ p · value divided by the number of outcomes",
            "the probabilities already sum to 1: do not divide again",
        ),
        Bug(
            "backup-no-flip",
            "the reward backed up without the sign flip",
            "a node's total is for the player who chose it: add the reward for that player "
            "(−reward for player 1)",
        ),
        Bug(
            "backup-flip-by-level",
            "the sign flipped at every level instead of by player",
            "players need not alternate: add the reward as node.player sees it",
        ),
        Bug(
            "ucb-log-child",
            "UCB1 with the log of the child's visits",
            "the bonus is c·√(ln N / n): N the parent's visits, n the child's",
        ),
        Bug("ucb-no-sqrt", "UCB1 without the square root", "the bonus is c·√(ln N / n)"),
        Bug(
            "ucb-mean-divided",
            "the mean divided by the visits again",
            "child_mean is already the mean (the total W divided by the visits n): use it as "
            "it is, Q = child_mean",
        ),
        Bug(
            "ucb-unvisited",
            "an unvisited child not taken first",
            "a child with no visits scores +∞, so that every move is tried once",
        ),
    )
}
"""The catalogue of mistakes, by name."""


# -- the report ---------------------------------------------------------------------------
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
    path: Path
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


# -- what the student's function sees ----------------------------------------------------
class Position:
    """A position of a watched tree: opaque, so a function can only learn about it by
    asking the game (which the grader watches). Positions are immutable."""

    __slots__ = ("_node",)
    _node: Node

    def __init__(self, node: Node) -> None:
        object.__setattr__(self, "_node", node)

    def __setattr__(self, name: str, value: object) -> None:
        raise _Tampered(f"tried to set {name!r} on a position")

    def __repr__(self) -> str:
        return f"<position {self._node.name}>"

    def __hash__(self) -> int:
        return hash(self._node.path)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other._node is self._node


class _Stop(BaseException):
    """Ends a run early; a BaseException so that a student's ``except Exception`` cannot
    swallow it."""

    def __init__(self, why: str, path: Path = (), bug: str | None = None) -> None:
        super().__init__(why)
        self.why, self.path, self.bug = why, path, bug


class _Tampered(AttributeError):
    """A student's function tried to change a position."""


Event = tuple[Any, ...]  # ("enter", path, alpha, beta) | ("leaf", path) | ("exit", path, value)


@dataclass
class _Run:
    """What one function did on one tree."""

    events: list[Event] = field(default_factory=list)
    value: Any = None
    observed: bool = False  # the function's own recursion was seen (enter/exit events)

    def leaf(self, path: Path) -> None:
        if not self.events or self.events[-1] != ("leaf", path):
            self.events.append(("leaf", path))


class _WatchedGame:
    """A tree as the student's function sees it: every leaf scored is written down."""

    def __init__(self, t: GameTree, run: _Run, budget: int, depth: int | None) -> None:
        self.tree, self.run, self.budget, self.depth = t, run, budget, depth
        self.issued: dict[int, tuple[Position, Node]] = {}

    def initial_state(self) -> Position:
        return self._issue(self.tree.root)

    def _node(self, state: object) -> Node:
        if not isinstance(state, Position):
            raise _Stop(f"passed {state!r} to the game where a position was expected")
        if self.issued.get(id(state), (None, None))[1] is not state._node:
            raise _Stop(
                "changed what a position stands for (or made one itself): positions cannot "
                "change; make a new one with game.result"
            )
        return state._node

    def _issue(self, node: Node) -> Position:
        position = Position(node)
        self.issued[id(position)] = (position, node)  # kept alive: ids stay unique
        return position

    def to_move(self, state: Position) -> int:
        return self._node(state).player

    def legal_moves(self, state: Position) -> tuple[int, ...]:
        return tuple(range(len(self._node(state).children)))

    def result(self, state: Position, move: int) -> Position:
        self.budget -= 1
        if self.budget < 0:
            raise _Stop("makes moves without end: it visits the same positions again and again")
        node = self._node(state)
        return self._issue(self.tree.result(node, move))

    def is_terminal(self, state: Position) -> bool:
        return self._node(state).is_leaf

    def utility(self, state: Position, player: int) -> float:
        node = self._node(state)
        if not node.is_leaf:
            raise _Stop(
                f"asked for the utility of {node.name}, which is not a finished game: only "
                "leaves have a utility (ask is_terminal first)",
                node.path,
                "inner-evaluated",
            )
        self.run.leaf(node.path)
        return self.tree.utility(node, player)

    def chance_outcomes(self, state: Position) -> tuple[tuple[int, float], ...]:
        return self.tree.chance_outcomes(self._node(state))

    def evaluate(self, state: Position, player: int) -> float:
        """The evaluation function a depth-limited search is given."""
        node = self._node(state)
        if not node.is_leaf and node.depth != self.depth:
            bug = "depth-early" if self.depth is not None and node.depth < self.depth else None
            raise _Stop(
                f"evaluated {node.name} at ply {node.depth}; with depth={self.depth} the search "
                f"evaluates the positions at ply {self.depth}",
                node.path,
                bug or "inner-evaluated",
            )
        self.run.leaf(node.path)
        return _estimate(node) if player == 0 else -_estimate(node)


def _estimate(node: Node) -> float:
    """A made-up evaluation of an inner node (ours): its leaves' mean, rounded."""
    leaves = [n.payoff for n in _leaves(node)]
    return float(round(sum(leaves) / len(leaves)))  # type: ignore[arg-type]


def _leaves(node: Node) -> Iterator[Node]:
    if node.is_leaf:
        yield node
    for child in node.children:
        yield from _leaves(child)


# -- running a function safely ----------------------------------------------------------
@contextmanager
def _limits(seconds: float, depth: int) -> Iterator[None]:
    """Stop the code inside after ``seconds`` (a trace function raises in its frames) or at a
    recursion ``depth`` far beyond the tree's; restore everything after."""
    deadline = time.perf_counter() + seconds
    old_trace, old_limit = sys.gettrace(), sys.getrecursionlimit()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        if time.perf_counter() > deadline:
            raise _Stop(
                f"ran for more than {number_text(seconds)} s (a right answer takes a few "
                "milliseconds here): does it loop for ever?"
            )
        return tracer

    sys.setrecursionlimit(max(200, len(_stack()) + depth))
    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(old_trace)
        sys.setrecursionlimit(old_limit)


_PACKAGE_SEARCHES = tuple(
    str(Path_(__file__).resolve().parent.parent / part) for part in ("search", "players", "andor")
)
"""Where the package's own searches live: a graded function must not call into them."""


@contextmanager
def _no_handing_off() -> Iterator[None]:
    """While inside, a call into the package's searches stops the run: the work would not be
    the student's."""

    def watch(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(_PACKAGE_SEARCHES):
            module = frame.f_globals.get("__name__", "gametheory")
            raise _Stop(
                f"hands the work to the package: it calls {module}.{frame.f_code.co_name}. "
                "The grader grades your own search; write it with the game's questions only "
                "(to_move, legal_moves, result, is_terminal, utility)",
                (),
                "handed-off",
            )

    old = sys.getprofile()
    sys.setprofile(watch)
    try:
        yield
    finally:
        sys.setprofile(old)


def _stack() -> traceback.StackSummary:
    return traceback.extract_stack()


def _calling(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call the student's ``function``, turning what goes wrong into a :class:`_Stop`."""
    try:
        return function(*args, **kwargs)
    except _Stop:
        raise
    except RecursionError:
        raise _Stop(
            "calls itself without end (a RecursionError): does it stop at finished positions?"
        ) from None
    except _Tampered as error:
        raise _Stop(f"{error}: positions cannot change; make a new one with game.result") from None
    except Exception as error:  # the student's code raised: say what and where, in their code
        text = sandbox.error_text(error)
        raise _Stop(f"raised {type(error).__name__}: {text}{_where(error)}") from None


def _where(error: BaseException) -> str:
    """ " (line 4: `return max(values)`)" for the last line of the student's own code."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename != __file__]
    own = [f for f in frames if "gametheory" not in f.filename.replace("\\", "/").split("/")[-2:]]
    if not own:
        return ""
    last = own[-1]
    return f" (line {last.lineno}: `{(last.line or '').strip()}`)" if last.line else ""


def path_name(state: Any) -> str:
    """The name of the node behind a position, for a message."""
    return state._node.name if isinstance(state, Position) else "?"


def _number(value: object, what: str) -> float:
    """``value`` as a float if it is a real number, else a :class:`_Stop` naming it."""
    if value is None:
        raise _Stop(f"returned None {what} (is a `return` missing?)")
    if isinstance(value, bool) or not isinstance(value, Real):
        raise _Stop(
            f"returned {value!r} (a {type(value).__name__}) {what}; it must return a number"
        )
    if math.isnan(value):
        raise _Stop(f"returned nan {what}; it must return a real number")
    return float(value)


def _own_cell(function: Callable[..., Any]) -> Any:
    """The closure cell through which a function defined inside another calls itself, or
    None (a function at the top level of a cell calls itself by its global name)."""
    code = getattr(function, "__code__", None)
    cells = getattr(function, "__closure__", None) or ()
    name = getattr(function, "__name__", "")
    for free, cell in zip(code.co_freevars if code else (), cells, strict=False):
        try:
            if free == name and cell.cell_contents is function:
                return cell
        except ValueError:  # an empty cell
            continue
    return None


@contextmanager
def _watching(
    function: Callable[..., Any], run: _Run, names: Sequence[str]
) -> Iterator[Callable[..., Any]]:
    """While inside, the calls ``function`` makes to itself, by its global name or through
    its closure, are recorded (which node, which window, what it returned); yields the
    function to call (the watched one when it can be watched)."""
    namespace = getattr(function, "__globals__", {})
    name = getattr(function, "__name__", "")
    cell = _own_cell(function)
    if namespace.get(name) is not function and cell is None:
        yield function
        return

    def watched(*args: Any, **kwargs: Any) -> Any:
        bound = dict(zip(names, args, strict=False)) | kwargs
        state = bound.get("state")
        path = state._node.path if isinstance(state, Position) else None
        window = (bound.get("alpha"), bound.get("beta")) if "alpha" in names else ()
        if path is not None:
            run.events.append(("enter", path, *window))
        value = function(*args, **kwargs)
        if path is not None:
            try:
                number = _number(value, f"at {path_name(state)}")
            except _Stop as stop:
                raise _Stop(stop.why, path) from None
            run.events.append(("exit", path, number))
        return value

    if cell is not None:
        cell.cell_contents = watched
        try:
            yield watched
        finally:
            cell.cell_contents = function
        return
    namespace[name] = watched
    try:
        yield watched
    finally:
        namespace[name] = function


# -- the reference searches, and the catalogue's mistakes as code -------------------------
_VARIANTS: dict[str, tuple[str, ...]] = {
    "minimax": ("terminal-player", "max-min-swapped", "max-everywhere", "alternation", "best-zero"),
    "negamax": ("sign-value", "terminal-player"),
    "alphabeta": (
        "swapped-call",
        "swapped-min",
        "swapped-max",
        "strict",
        "not-passed-down",
        "full-window",
        "terminal-player",
        "max-min-swapped",
        "alternation",
        "best-zero",
        "wrong-node",
        "cut-before-update",
        "returns-swapped",
        "cut-test-turned",
    ),
    "alphabeta_negamax": (
        "sign-value",
        "sign-window",
        "sign-window-unswapped",
        "window-not-swapped",
        "strict",
        "not-passed-down",
        "full-window",
        "terminal-player",
    ),
    "expectiminimax": (
        "no-probabilities",
        "weighted-twice",
        "terminal-player",
        "max-min-swapped",
        "max-everywhere",
    ),
}
"""The mistakes each search is compared with, as the reference search's variants (a variant
named ``swapped-…`` or ``sign-window-…`` is one more way of making that mistake)."""


def _bug_of(variant: str) -> Bug:
    if variant.startswith("swapped"):
        return BUGS["swapped"]
    return BUGS["sign-window" if variant.startswith("sign-window") else variant]


RETURNS = ("best", "bound", "raised")
"""What an alpha-beta node may return, all three right: its best value so far (fail-soft);
the bound of its window where the value falls outside it (fail-hard); or α at MAX and β at
MIN as they stand when the node is done (the Czech notes' AlfaBeta read literally: the bound
where every move fails low, the value that caused the cut where one cuts)."""


@dataclass(frozen=True)
class _Search:
    """How to run one variant of the reference search (``bug`` None: the right one)."""

    kind: str
    bug: str | None = None
    returns: str = "best"  # what a node returns: one of RETURNS

    def __call__(
        self, game: _WatchedGame, state: Position, depth: int | None, alpha: float, beta: float
    ) -> float:
        path = state._node.path
        windowed = self.kind.startswith("alphabeta")
        game.run.events.append(("enter", path, alpha, beta) if windowed else ("enter", path))
        value = self.value(game, state, depth, alpha, beta)
        game.run.events.append(("exit", path, value))
        return value

    def value(
        self, game: _WatchedGame, state: Position, depth: int | None, alpha: float, beta: float
    ) -> float:
        negamax = self.kind in ("negamax", "alphabeta_negamax")
        mover = game.to_move(state)
        view = mover if negamax else 0
        if game.is_terminal(state):
            return game.utility(
                state, (0 if negamax else mover) if self.bug == "terminal-player" else view
            )
        if depth is not None and depth <= (-1 if self.bug == "depth-late" else 0):
            return game.evaluate(state, view)
        below = None if depth is None else depth - 1
        moves = game.legal_moves(state)
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            values = [self(game, game.result(state, m), below, alpha, beta) for m, _ in outcomes]
            if self.bug == "no-probabilities":
                return sum(values) / len(values)
            total = sum(p * v for (_, p), v in zip(outcomes, values, strict=True))
            return total / len(values) if self.bug == "weighted-twice" else total
        if self.kind.startswith("alphabeta"):
            return self.alphabeta(game, state, moves, below, alpha, beta)
        values = [self(game, game.result(state, m), below, alpha, beta) for m in moves]
        if negamax:
            return max(values if self.bug == "sign-value" else [-v for v in values])
        maximizing = (mover == 0) != (self.bug == "max-min-swapped") or self.bug == "max-everywhere"
        if self.bug == "alternation":
            maximizing = state._node.depth % 2 == 0
        if self.bug == "best-zero":
            values.append(0.0)
        return max(values) if maximizing else min(values)

    def window(self, alpha: float, beta: float, maximizing: bool) -> tuple[float, float]:
        """The window a child gets."""
        bug = self.bug
        if bug == "full-window":
            return -inf, inf
        if self.kind == "alphabeta":
            if bug == "not-passed-down":
                return (alpha, inf) if maximizing else (-inf, beta)
            return (beta, alpha) if bug == "swapped-call" else (alpha, beta)
        return {
            "not-passed-down": (-inf, -alpha),
            "sign-window": (beta, alpha),
            "sign-window-unswapped": (alpha, beta),
            "window-not-swapped": (-alpha, -beta),
        }.get(bug or "", (-beta, -alpha))

    def alphabeta(
        self,
        game: _WatchedGame,
        state: Position,
        moves: Sequence[int],
        below: int | None,
        alpha: float,
        beta: float,
    ) -> float:
        negamax = self.kind == "alphabeta_negamax"
        maximizing = negamax or (game.to_move(state) == 0) != (self.bug == "max-min-swapped")
        if self.bug == "alternation":
            maximizing = state._node.depth % 2 == 0
        best = 0.0 if self.bug == "best-zero" else -inf if maximizing else inf
        for move in moves:
            window = self.window(alpha, beta, maximizing)
            value = self(game, game.result(state, move), below, *window)
            if negamax and self.bug != "sign-value":
                value = -value
            if self.bug == "cut-before-update" and (
                value >= beta if maximizing else value <= alpha
            ):
                return best  # the value that cuts is never counted
            if maximizing:
                best = max(best, value)
                if self.bug == "swapped-max":
                    beta = max(beta, best)
                elif self.bug == "wrong-node":
                    beta = min(beta, value)
                else:
                    alpha = max(alpha, best)
            else:
                best = min(best, value)
                if self.bug == "swapped-min":
                    alpha = min(alpha, best)
                elif self.bug == "wrong-node":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, best)
            if self.bug == "cut-test-turned" and alpha <= beta:
                return best if self.returns == "best" else alpha if maximizing else beta
            if alpha > beta or (alpha == beta and self.bug != "strict"):
                if self.bug == "returns-swapped":
                    return beta if maximizing else alpha
                return {"best": best, "bound": beta if maximizing else alpha}.get(
                    self.returns, alpha if maximizing else beta
                )
        if self.bug == "returns-swapped":
            return beta if maximizing else alpha
        return best if self.returns == "best" else alpha if maximizing else beta


# -- one run of a search function on one tree --------------------------------------------
_PARAMETERS = {
    "minimax": ("game", "state"),
    "negamax": ("game", "state"),
    "expectiminimax": ("game", "state"),
    "alphabeta": ("game", "state", "alpha", "beta"),
    "alphabeta_negamax": ("game", "state", "alpha", "beta"),
}


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
    if kind.startswith("alphabeta"):
        args += [-inf, inf]
    try:
        with (
            _watching(function, run, names) as caller,
            _no_handing_off(),
            _limits(seconds, 40 * t.height + 200),
        ):
            if "depth" in names:
                positional = dict(zip(_PARAMETERS[kind], args, strict=True))
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
                raise ValueError(e)
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
        return _Outcome(
            _Run(), _Stop("sent back a record the grader did not write: did it change the grader?")
        )


def _died(outcome: sandbox.Outcome, seconds: float) -> str:
    """What ended the child, in the grader's words."""
    if outcome.status == "timeout":
        return (
            f"ran for more than {number_text(seconds)} s (a right answer takes a few "
            "milliseconds here): does it loop for ever?"
        )
    return outcome.message


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


def _run_reference(search: _Search, t: GameTree, depth: int | None) -> _Outcome:
    run = _Run(observed=True)
    game = _WatchedGame(t, run, budget=10**9, depth=depth)
    try:
        run.value = search(game, game.initial_state(), depth, -inf, inf)
    except _Stop as stop:
        return _Outcome(run, stop)
    return _Outcome(run)


def _parameters(function: Callable[..., Any], kind: str) -> tuple[str, ...]:
    """The names the student's function takes its arguments by (the documented ones, plus
    ``depth`` and ``evaluate`` for a depth-limited search)."""
    import inspect

    try:
        names = tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return _PARAMETERS[kind]
    if {"depth", "evaluate"} <= set(names) and set(_PARAMETERS[kind]) <= set(names):
        return names
    return _PARAMETERS[kind]


# -- comparing a run with the reference ----------------------------------------------------
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


def _exact_values(t: GameTree, kind: str, depth: int | None) -> dict[Path, float]:
    """Every node's exact value: for MAX, or (negamax forms) for the player to move."""
    values: dict[Path, float] = {}
    negamax = kind in ("negamax", "alphabeta_negamax")

    def value(node: Node, ply: int) -> float:  # for MAX
        if node.is_leaf:
            v = float(node.payoff)  # type: ignore[arg-type]
        elif depth is not None and ply == depth:
            v = _estimate(node)
        elif node.player == CHANCE:
            probabilities = node.probabilities or ()
            v = sum(
                p * value(c, ply + 1) for p, c in zip(probabilities, node.children, strict=True)
            )
        else:
            below = [value(c, ply + 1) for c in node.children]
            v = max(below) if node.player == 0 else min(below)
        values[node.path] = -v if negamax and node.player == 1 else v
        return v

    value(t.root, 0)
    return values


def _first_difference(
    student: _Outcome, reference: _Outcome, exact: dict[Path, float], kind: str
) -> tuple[int, str, Path] | None:
    """``(index, what, path)`` of the first step where the student's run leaves the
    reference's, or None if it never does."""
    observed = student.run.observed
    mine, theirs = _filtered(student.run, observed), _filtered(reference.run, observed)
    windows: dict[Path, tuple[float, float]] = {}
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


# -- saying it -----------------------------------------------------------------------------
def _role(node: Node) -> str:
    return {0: "MAX", 1: "MIN", CHANCE: "chance"}[node.player]


def _called(t: GameTree, path: Path) -> str:
    node = t.node(path)
    return f"{node.name} ({'leaf' if node.is_leaf else _role(node)})"


_VERBS = {"enter": "goes to", "leaf": "scores leaf", "exit": "finishes"}
_DID = {"enter": "went to", "leaf": "scored leaf", "exit": "finished"}


def _explain_value(
    t: GameTree,
    kind: str,
    path: Path,
    exact: dict[Path, float],
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
    elif kind in ("negamax", "alphabeta_negamax"):
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
        if v <= alpha:
            text += (
                f"; with the window {shown} any value from {number_text(v)} to "
                f"{number_text(alpha)} is right (fail-soft, fail-hard or between)"
            )
        elif v >= beta:
            text += (
                f"; with the window {shown} any value from {number_text(beta)} to "
                f"{number_text(v)} is right (fail-hard, fail-soft or between)"
            )
        else:
            text += f"; it lies inside its window {shown}, so it must be returned exactly"
    return text


def _pruned_by(trace: Any, path: Path) -> str:
    """The narration of the cutoff that keeps the search away from ``path``, or ""."""
    for k, event in enumerate(trace.events):
        if isinstance(event, Cutoff) and any(
            path[: len(event.path) + 1] == event.path + (c,) for c in event.pruned_children
        ):
            return str(trace.narrate(k + 1))
    return ""


def _describe(
    where: tuple[int, str, Path],
    student: _Outcome,
    reference: _Outcome,
    t: GameTree,
    kind: str,
    exact: dict[Path, float],
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


# -- the trees ----------------------------------------------------------------------------
_SHAPES = {  # (branching range, depth, leaf values) per level: ours, as small as the drills'
    1: ((2, 3), 3, tuple(range(1, 10))),
    2: ((2, 3), 4, tuple(range(-9, 10))),
    3: ((2, 4), 4, tuple(range(-9, 10))),
}
_UNEVEN = ((0.25, 0.75), (0.75, 0.25), (0.2, 0.8), (0.6, 0.4), (0.2, 0.3, 0.5), (0.6, 0.2, 0.2))
"""Chance nodes get unequal probabilities (ours), so that forgetting them shows."""
_MAX_LEAVES = 24
_CANDIDATES = 150
_PATIENCE = 40


def _random_tree(rng: random.Random, level: int, chance: bool, repeat: bool) -> GameTree:
    """A random tree of ``level``; with ``repeat``, one player moves twice in a row
    somewhere below the root (as in CS188's trees with several MIN layers)."""
    (lo, hi), depth, values = _SHAPES[level]

    def build(ply: int) -> Any:
        # a few games end early, so that finished positions are met by both players
        if ply == depth or (ply >= 2 and rng.random() < 0.15):
            return rng.choice(values)
        if chance and ply % 2 == 1:
            return Chance([(p, build(ply + 1)) for p in rng.choice(_UNEVEN)])
        return [build(ply + 1) for _ in range(rng.randint(lo, hi))]

    while True:
        spec = build(0)
        if _leaf_count(spec) <= _MAX_LEAVES:
            t = tree(spec)
            return _repeat_a_player(t, rng) if repeat else t


def _repeat_a_player(t: GameTree, rng: random.Random) -> GameTree:
    """``t`` with one inner node below the root given its parent's player (the players
    alternate again below it)."""
    inner = [
        n
        for n in t
        if not n.is_leaf and n.parent is not None and CHANCE not in (n.player, n.parent.player)
    ]
    if not inner:
        return t
    start = rng.choice(inner)
    todo = [(start, start.parent.player)]  # type: ignore[union-attr]
    while todo:
        node, player = todo.pop()
        object.__setattr__(node, "player", player)  # nodes are frozen: the tree is ours, new
        todo.extend((child, 1 - player) for child in node.children)
    return t


def _leaf_count(spec: Any) -> int:
    if isinstance(spec, Chance):
        return sum(_leaf_count(sub) for _, sub in spec.outcomes)
    return sum(_leaf_count(sub) for sub in spec) if isinstance(spec, list) else 1


def _choose_trees(
    kind: str, level: int, seed: int | None, given: Sequence[GameTree], depth_limited: bool
) -> list[GameTree]:
    """The given trees, then seeded random trees until the right search and every mistake of
    the catalogue behave differently from each other on at least one of them (so a mistake is
    always caught, and named as itself); at least three trees."""
    rng = stream(0 if seed is None else seed)
    variants = _variants(kind, depth_limited)
    if level < 2:  # the players alternate in the trees of level 1: that mistake cannot show
        variants = [v for v in variants if v != "alternation"]
    names = ["right"] + sorted({_bug_of(v).name for v in variants})
    if kind.startswith("alphabeta"):
        names += [f"~{returns}" for returns in RETURNS]
    apart = {(a, b) for a in names for b in names if a < b}
    together = set(apart)
    chosen: list[GameTree] = []
    candidates = iter(given)
    fruitless = 0  # candidates in a row that split nothing: some pairs may never split
    for _ in range(len(given) + _CANDIDATES):
        enough = len(chosen) >= 3 + len(given)
        if enough and (not together or fruitless >= _PATIENCE):
            break
        t = next(candidates, None) or _random_tree(
            rng, level, chance=kind == "expectiminimax", repeat=level >= 2 and _repeats(kind)
        )
        split = _told_apart(kind, t, depth_limited) & together
        fruitless = 0 if split else fruitless + 1
        if split or not enough or len(chosen) < len(given):
            chosen.append(t)
            together -= split
    return chosen


def _repeats(kind: str) -> bool:
    """Whether ``kind``'s trees may have a player move twice in a row (the negamax forms
    assume alternation, as the package's negamax does)."""
    return kind in ("minimax", "alphabeta")


def _variants(kind: str, depth_limited: bool) -> list[str]:
    return list(_VARIANTS[kind]) + (["depth-late"] if depth_limited else [])


def _depth_for(t: GameTree, depth_limited: bool) -> int | None:
    return max(1, t.height - 1) if depth_limited else None


def _told_apart(kind: str, t: GameTree, depth_limited: bool) -> set[tuple[str, str]]:
    """The pairs of behaviours (``"right"`` and the catalogue's mistakes, by name) that
    ``t`` tells apart: none of the ways of the one looks like any way of the other."""
    depth = _depth_for(t, depth_limited)
    windowed = kind.startswith("alphabeta")
    looks: dict[str, set[Any]] = {}
    unseen: dict[str, set[Any]] = {}  # as a search whose recursion is not seen looks
    for variant in [None, *_variants(kind, depth_limited)]:
        name = "right" if variant is None else _bug_of(variant).name
        for returns in RETURNS if windowed else RETURNS[:1]:
            outcome = _run_reference(_Search(kind, variant, returns), t, depth)
            looks.setdefault(name, set()).add(_signature(outcome, True, windowed))
            unseen.setdefault(name, set()).add(_signature(outcome, False, windowed))
            if windowed and variant is None:  # the right ways of returning, told apart
                looks[f"~{returns}"] = {_signature(outcome, True, False)}  # so one is named
    apart = {(a, b) for a in looks for b in looks if a < b and not looks[a] & looks[b]}
    if "alternation" in unseen and unseen["alternation"] & unseen["right"]:
        # AIMA's max_value/min_value pair is seen only by its leaves and its answer
        apart.discard(("alternation", "right"))
    return apart


# -- grading a search -----------------------------------------------------------------------
def _grade_search(
    function: Callable[..., Any],
    kind: str,
    trees: list[GameTree],
    seconds: float,
    depth_limited: bool,
) -> tuple[bool, Divergence | None, Bug | None, str | None, tuple[Any, int] | None]:
    """Run the student's search on every tree (stopping at the first that it cannot finish)
    and compare: ``(passed, first divergence, bug, convention, (trace, step) to draw)``."""
    windowed = kind.startswith("alphabeta")
    runs: list[tuple[GameTree, int | None, _Outcome, _Outcome]] = []
    first = None
    depths = [_depth_for(t, depth_limited) for t in trees]
    students = _run_isolated(function, kind, trees, depths, seconds)
    for n, (t, depth, student) in enumerate(zip(trees, depths, students, strict=False)):
        reference = _run_reference(_Search(kind), t, depth)
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
    trace = _package_trace(kind, t, depth)
    exact = _exact_values(t, kind, depth)
    did, expected = _describe(where, student, reference, t, kind, exact, depth, trace)
    bug = _matching_bug(kind, runs, windowed)
    if bug is None and student.stop is not None and student.stop.bug and where[1] == "stop":
        bug = BUGS[student.stop.bug]
    path = where[2]
    divergence = Divergence(n, t.node(path).name if path in _paths(t) else "?", path, did, expected)
    return False, divergence, bug, None, (trace, _step_of(trace, path))


def _paths(t: GameTree) -> set[Path]:
    return {node.path for node in t}


def _matching_bug(
    kind: str, runs: list[tuple[GameTree, int | None, _Outcome, _Outcome]], windowed: bool
) -> Bug | None:
    """The mistake of the catalogue that behaves exactly like the student's function on
    every tree it ran on (in either convention), or None."""
    for variant in _variants(kind, runs[0][1] is not None):
        for returns in RETURNS:
            if all(
                _signature(student, student.run.observed, windowed)
                == _signature(
                    _run_reference(_Search(kind, variant, returns), t, depth),
                    student.run.observed,
                    windowed,
                )
                for t, depth, student, _ in runs
            ):
                return _bug_of(variant)
    return None


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
            == _signature(_run_reference(_Search(kind, None, returns), t, depth), True, False)
            for t, depth, student, _ in runs
        )
    ]
    # the trees are chosen so that the three ways differ (see _told_apart): one fits
    return _CONVENTIONS[fits[0]] if len(fits) == 1 else None


_CONVENTIONS = {"best": "fail-soft", "bound": "fail-hard", "raised": "notes"}
"""The names :class:`Report` gives the right ways of :data:`RETURNS`; ``"notes"`` is the
notes' Procedura AlfaBeta, which lesson 07 calls fail-hard."""


def _package_trace(kind: str, t: GameTree, depth: int | None) -> Any:
    evaluate = None
    if depth is not None:

        def evaluate(node: Node, player: int) -> float:
            return _estimate(node) if player == 0 else -_estimate(node)

    return algorithm(kind).search(t, None, depth, evaluate, trace=True).trace


def _step_of(trace: Any, path: Path) -> int:
    """The step of the package's trace that rings ``path`` (or the cutoff that prunes it)."""
    for k, event in enumerate(trace.events):
        if event.path == path:
            return k + 1
        if isinstance(event, Cutoff) and any(
            path[: len(event.path) + 1] == event.path + (c,) for c in event.pruned_children
        ):
            return k + 1
    return len(trace.events)


# -- ucb1 and the backup ---------------------------------------------------------------------
def _ucb1(value: float, visits: int, parent_visits: int, c: float) -> float:
    if visits == 0:
        return inf
    return value + c * math.sqrt(math.log(parent_visits) / visits)


_UCB_MISTAKES: dict[str, Callable[[float, int, int, float], float]] = {
    "ucb-log-child": lambda q, n, big_n, c: inf if n == 0 else q + c * math.sqrt(math.log(n) / n),
    "ucb-no-sqrt": lambda q, n, big_n, c: inf if n == 0 else q + c * math.log(big_n) / n,
    "ucb-mean-divided": lambda q, n, big_n, c: (
        inf if n == 0 else q / n + c * math.sqrt(math.log(big_n) / n)
    ),
}


def _ucb_cases(rng: random.Random) -> list[tuple[float, int, int, float]]:
    cases = [(0.0, 0, 5, math.sqrt(2)), (0.5, 1, 1, 1.0)]
    for _ in range(10):
        parent = rng.randint(2, 60)
        cases.append(
            (
                round(rng.uniform(-1, 1), 2),
                rng.randint(1, parent - 1),
                parent,
                rng.choice((math.sqrt(2), 1.0, 0.5, 2.0)),
            )
        )
    cases.append((round(rng.uniform(-1, 1), 2), 0, rng.randint(2, 30), 1.0))
    return cases


def _ucb_answers(
    function: Callable[..., Any], cases: list[tuple[float, int, int, float]], seconds: float
) -> None:
    """In the sandbox's child: the function's answer to each case, sent as plain data."""
    for q, visits, parent, c in cases:
        shown = _ucb_shown(q, visits, parent, c)
        try:
            with _limits(seconds, 200):
                answer = _number(_calling(function, q, visits, parent, c), f"for {shown}")
            sandbox.note(["ok", answer])
        except _Stop as stop:
            sandbox.note(["stop", stop.why])


def _grade_ucb1(
    function: Callable[..., Any], rng: random.Random, seconds: float
) -> tuple[bool, Divergence | None, Bug | None, int]:
    cases = _ucb_cases(rng)
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
    return "sent back a record the grader did not write: did it change the grader?"


def _ucb_expected(q: float, visits: int, parent: int, c: float) -> str:
    if visits == 0:
        return "a child never visited scores +∞ (inf), so that it is tried first"
    return (
        f"UCB1 gives Q + c·√(ln N / n) = {number_text(q)} + {number_text(c, places=2)}·"
        f"√(ln {parent} / {visits}) = {number_text(_ucb1(q, visits, parent, c), places=3)}"
    )


def _ucb_bug(cases: list[tuple[float, int, int, float]], answers: list[float | None]) -> Bug | None:
    visited = [(case, a) for case, a in zip(cases, answers, strict=True) if case[1] > 0]
    for name, mistake in _UCB_MISTAKES.items():
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
        nodes.append(
            BackupNode(
                player,
                nodes[-1] if nodes else None,
                visits,
                float(rng.randint(-visits, visits)),
                "ABCDEFG"[k],
            )
        )
    aside = BackupNode(1 - players[1], nodes[0], 3, 1.0, "X")
    return nodes, aside


def _grade_backup(
    function: Callable[..., Any], rng: random.Random, level: int, seconds: float
) -> tuple[bool, Divergence | None, Bug | None, int]:
    results: list[tuple[list[BackupNode], float, list[tuple[int, float]]]] = []
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
            return (
                False,
                Divergence(
                    n,
                    "X",
                    (),
                    "changed node X, which is not on the path",
                    "backup touches only the node and the nodes above it",
                ),
                None,
                _PLAYOUTS,
            )
        for node, (visits, total) in reversed(list(zip(nodes, before, strict=True))):
            wanted = total + (reward if node.player == 0 else -reward)
            if not _right_count(node.visits, visits + 1) or not _close_total(node.total, wanted):
                return (
                    False,
                    _backup_divergence(n, node, visits, total, reward),
                    _backup_bug(function),
                    _PLAYOUTS,
                )
        results.append((nodes, reward, before))
    return True, None, None, len(results)


def _backup_plain(
    function: Callable[..., Any], rng: random.Random, level: int, seconds: float
) -> list[Any]:
    """In the sandbox's child: :func:`_grade_backup`'s verdict as plain data."""
    passed, divergence, bug, tests = _grade_backup(function, rng, level, seconds)
    where = None
    if divergence is not None:
        where = [divergence.tree, divergence.node, divergence.did, divergence.expected]
    return [passed, where, None if bug is None else bug.name, tests]


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
        why = "sent back a record the grader did not write: did it change the grader?"
        return False, Divergence(0, "A", (), why, ""), None, _PLAYOUTS


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
    checks: dict[str, Callable[[BackupNode, int], float]] = {
        "backup-no-flip": lambda leaf, k: 1.0,
        "backup-flip-by-level": lambda leaf, k: (1.0 if leaf.player == 0 else -1.0) * (-1) ** k,
    }
    trials = [_chain(random.Random(seed), 2)[0] for seed in range(8)]
    for name, rule in checks.items():
        matched = True
        for nodes in trials:
            copies = _copy_chain(nodes)
            try:
                with _limits(1.0, 200):
                    _calling(function, copies[-1], 1.0)
            except _Stop:
                return None
            for k, (node, old) in enumerate(zip(reversed(copies), reversed(nodes), strict=True)):
                if not _close_total(node.total, old.total + rule(nodes[-1], k)):
                    matched = False
        if matched:
            return BUGS[name]
    return None


def _copy_chain(nodes: list[BackupNode]) -> list[BackupNode]:
    copies: list[BackupNode] = []
    for node in nodes:
        copies.append(
            BackupNode(
                node.player, copies[-1] if copies else None, node.visits, node.total, node.name
            )
        )
    return copies


# -- the one call ------------------------------------------------------------------------------
def grade(
    function: Callable[..., Any],
    kind: str,
    *,
    seed: int | None = None,
    trees: Sequence[Any] | None = None,
    level: int = 1,
    time_limit: float = 2.0,
    strict: bool = False,
) -> Report:
    """Run the student's ``function`` as the search ``kind`` on seeded trees, step by step.

    Parameters
    ----------
    function
        The student's function, with the signature of its kind (see the module docstring).
    kind
        One of :data:`KINDS`.
    seed
        Seeds the random trees (and the cases of ``ucb1`` and ``backup``); the same seed
        gives the same tests. None: seed 0.
    trees
        Trees (or tree specs, as :func:`~gametheory.trees.tree` takes) to test first; the
        random trees follow, as many as it takes to tell every mistake of the catalogue from
        the right search (at least three).
    level
        1, 2 or 3: the size of the random trees (depth 3 or 4, up to 24 leaves) and of the
        values (level 1: 1..9; then −9..9).
    time_limit
        Seconds per test: a function that runs longer is stopped and told so.
    strict
        Raise an ``AssertionError`` with the message unless the function passed (for an
        nbgrader autograder cell).

    Returns
    -------
    Report

    Examples
    --------
    >>> def alphabeta(game, state, alpha, beta):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, 0)
    ...     for move in game.legal_moves(state):
    ...         value = alphabeta(game, game.result(state, move), alpha, beta)
    ...         if game.to_move(state) == 0:
    ...             alpha = max(alpha, value)
    ...         else:
    ...             beta = min(beta, value)
    ...         if alpha > beta:
    ...             break
    ...     return alpha if game.to_move(state) == 0 else beta
    >>> report = grade(alphabeta, "alphabeta", seed=3)
    >>> report.passed, report.bug.title
    (False, 'the cutoff test with > where ≥ is enough')
    """
    if sandbox.inside_run():
        raise GameError(
            "grade(...) was called from inside the function being graded: move the grade "
            "line out of your function (one indent less)"
        )
    if kind not in KINDS:
        raise GameError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")
    if not callable(function):
        raise GameError(f"grade needs your function itself (without brackets), got {function!r}")
    if not isinstance(level, int) or isinstance(level, bool) or level not in (1, 2, 3):
        raise GameError(f"level must be 1, 2 or 3, got {level!r}")
    if isinstance(time_limit, bool) or not isinstance(time_limit, Real) or not 0 < time_limit <= 60:
        raise GameError(f"time_limit must be a number of seconds in (0, 60], got {time_limit!r}")
    seed = 0 if seed is None else seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GameError(f"seed must be a whole number (or None), got {seed!r}")
    rng = stream(seed)
    chosen: tuple[GameTree, ...] = ()
    trace_step = None
    convention = None
    name = getattr(function, "__name__", kind)
    if kind == "ucb1":
        passed, divergence, bug, tests = _grade_ucb1(function, rng, float(time_limit))
    elif kind == "backup":
        passed, divergence, bug, tests = _backup_isolated(function, rng, level, float(time_limit))
    else:
        given = [_given_tree(t, kind) for t in trees or ()]
        depth_limited = "depth" in _parameters(function, kind)
        chosen = tuple(_choose_trees(kind, level, seed, given, depth_limited))
        passed, divergence, bug, convention, trace_step = _grade_search(
            function, kind, list(chosen), float(time_limit), depth_limited
        )
        tests = len(chosen)
    message = _message(name, kind, passed, divergence, bug, convention, tests, level, seed, chosen)
    report = Report(
        kind, passed, divergence, bug, message, convention, level, seed, tests, chosen, trace_step
    )
    if strict and not passed:
        raise AssertionError(message)
    return report


def _given_tree(spec: Any, kind: str) -> GameTree:
    t = spec if isinstance(spec, GameTree) else tree(spec)
    if kind != "expectiminimax" and any(n.player == CHANCE and not n.is_leaf for n in t):
        raise GameError(f"a tree for {kind} must have no chance nodes (that is expectiminimax's)")
    if len(t) > 200:
        raise GameError(f"a tree for grading has at most 200 nodes; this one has {len(t)}")
    return t


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
    what = {"ucb1": "cases", "backup": "playouts"}.get(kind, "trees")
    if passed:
        model = {"ucb1": "UCB1", "backup": "the right backup"}.get(kind, "the search")
        text = f"{name} agrees with {model} on all {tests} {what} (level {level}, seed {seed})"
        if trees:
            text += ": the same value at every node, the same leaves scored in the same order"
        if kind.startswith("alphabeta"):
            text += ", the same cutoffs"
        if convention == "fail-hard":
            text += (
                ". Where a node's value falls outside its window it returns the bound of the "
                "window (fail-hard): right too"
            )
        elif convention == "notes":
            text += (
                ". Where a node's value falls outside its window it returns α (at MAX) or β "
                "(at MIN) as they stand when it is done: the notes' Procedura AlfaBeta, "
                "fail-hard as lesson 07 calls it. Right too"
            )
        elif convention == "fail-soft":
            text += (
                ". Where a node's value falls outside its window it returns its best value "
                "so far (fail-soft): right too"
            )
        return text + "."
    assert divergence is not None
    where = f"test {divergence.tree + 1} of {tests}"
    if trees:
        size = len(trees[divergence.tree])
        where += f" (a tree of {size} nodes)"
        at = f", at {divergence.node}" if divergence.node != "?" else ""
    else:
        at = f", {divergence.node}" if kind == "ucb1" else ""
    text = f"{where}{at}: {name} {divergence.did.rstrip('.')}"
    if divergence.expected:
        text += f"; {divergence.expected.rstrip('.')}"
    text += "" if text.endswith("?") else "."
    if bug is not None:
        text += f" That is the mistake “{bug.title}”: {bug.advice}."
    return text[0].upper() + text[1:]
