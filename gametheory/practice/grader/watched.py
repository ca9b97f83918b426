"""What the student's function sees — a watched game whose positions are opaque — and the
guards around one call of it (time, recursion, the package's own searches)."""

from __future__ import annotations

import math
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

from gametheory.formatting import number_text
from gametheory.practice import sandbox
from gametheory.trees import GameTree, Node

NodePath = tuple[int, ...]


inf = math.inf


class WatchedState:
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
        return isinstance(other, WatchedState) and other._node is self._node


class _Stop(BaseException):
    """Ends a run early; a BaseException so that a student's ``except Exception`` cannot
    swallow it."""

    def __init__(self, why: str, path: NodePath = (), bug: str | None = None) -> None:
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

    def leaf(self, path: NodePath) -> None:
        if not self.events or self.events[-1] != ("leaf", path):
            self.events.append(("leaf", path))


class _WatchedGame:
    """A tree as the student's function sees it: every leaf scored is written down."""

    def __init__(self, t: GameTree, run: _Run, budget: int, depth: int | None) -> None:
        self.tree, self.run, self.budget, self.depth = t, run, budget, depth
        self.issued: dict[int, tuple[WatchedState, Node]] = {}

    def initial_state(self) -> WatchedState:
        return self._issue(self.tree.root)

    def _node(self, state: object) -> Node:
        if not isinstance(state, WatchedState):
            raise _Stop(f"passed {state!r} to the game where a position was expected")
        if self.issued.get(id(state), (None, None))[1] is not state._node:
            raise _Stop(
                "changed what a position stands for (or made one itself): positions cannot "
                "change; make a new one with game.result"
            )
        return state._node

    def _issue(self, node: Node) -> WatchedState:
        position = WatchedState(node)
        self.issued[id(position)] = (position, node)  # kept alive: ids stay unique
        return position

    def to_move(self, state: WatchedState) -> int:
        return self._node(state).player

    def legal_moves(self, state: WatchedState) -> tuple[int, ...]:
        return tuple(range(len(self._node(state).children)))

    def result(self, state: WatchedState, move: int) -> WatchedState:
        self.budget -= 1
        if self.budget < 0:
            raise _Stop("makes moves without end: it visits the same positions again and again")
        node = self._node(state)
        return self._issue(self.tree.result(node, move))

    def is_terminal(self, state: WatchedState) -> bool:
        return self._node(state).is_leaf

    def utility(self, state: WatchedState, player: int) -> float:
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

    def chance_outcomes(self, state: WatchedState) -> tuple[tuple[int, float], ...]:
        return self.tree.chance_outcomes(self._node(state))

    def evaluate(self, state: WatchedState, player: int) -> float:
        """The evaluation function a depth-limited search is given."""
        node = self._node(state)
        if not node.is_leaf and node.depth != self.depth:
            off = node.depth - (node.depth if self.depth is None else self.depth)
            raise _Stop(
                f"evaluated {node.name} at ply {node.depth}; with depth={self.depth} the search "
                f"evaluates the positions at ply {self.depth}",
                node.path,
                "depth-early" if off < 0 else "depth-late" if off == 1 else "inner-evaluated",
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


def _too_long(seconds: float) -> str:
    return (
        f"ran for more than {number_text(seconds)} s (a right answer takes a few "
        "milliseconds here): does it loop for ever?"
    )


FORGED = "sent back a record the grader did not write: did it change the grader?"
"""What the grader says when the child's record is not one it could have written."""


@contextmanager
def _limits(seconds: float, depth: int) -> Iterator[None]:
    """Stop the code inside after ``seconds`` (a trace function raises in its frames) or at a
    recursion ``depth`` far beyond the tree's; restore everything after."""
    deadline = time.perf_counter() + seconds
    old_trace, old_limit = sys.gettrace(), sys.getrecursionlimit()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        if time.perf_counter() > deadline:
            raise _Stop(_too_long(seconds))
        return tracer

    sys.setrecursionlimit(max(200, len(traceback.extract_stack()) + depth))
    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(old_trace)
        sys.setrecursionlimit(old_limit)


_PACKAGE_SEARCHES = tuple(
    str(Path_(__file__).resolve().parents[2] / part) for part in ("search", "players", "andor")
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
    package = str(Path_(__file__).resolve().parents[2])
    own = [
        f for f in traceback.extract_tb(error.__traceback__) if not f.filename.startswith(package)
    ]
    if not own:
        return ""
    last = own[-1]
    return f" (line {last.lineno}: `{(last.line or '').strip()}`)" if last.line else ""


def path_name(state: Any) -> str:
    """The name of the node behind a position, for a message."""
    return state._node.name if isinstance(state, WatchedState) else "?"


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
        path = state._node.path if isinstance(state, WatchedState) else None
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
