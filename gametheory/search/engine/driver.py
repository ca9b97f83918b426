"""The driver of a search that deepens: until when (one deadline), how deep, when to stop.

Every search that keeps to a time limit measures it with a :class:`Deadline`: the engine,
Monte Carlo tree search, the play widget's searches and a tournament's moves. A search that
cannot look at the clock itself (a textbook search written for students) is given the game
as a :class:`TimedGame`, which raises :class:`OutOfTime` once the deadline has passed.

:func:`deepen` is the one deepening loop: search at depth 1, 2, 3, …, keep the answer of the
deepest search that finished, and stop when the depths run out, when the deadline passes
(the first depth always finishes) or when the caller says that deeper searches cannot
change the answer. The engine (:func:`~gametheory.search.engine.iterative_deepening`) and
the play widget both use it.

>>> from gametheory import Nim, alphabeta
>>> game = Nim(5)
>>> deepened = deepen(
...     lambda depth, deadline: alphabeta(TimedGame(game, deadline), None, depth, lambda s, p: 0),
...     range(1, 10),
...     Deadline(5.0),
...     done=lambda depth, result: "solved" if result.stats.max_depth < depth else None,
... )
>>> deepened.depth, deepened.stopped, deepened.result.value  # depth 6 meets no unfinished line
(6, 'solved', 1.0)

:func:`iterative_deepening`, the engine, is :func:`deepen` over the depths of one
:class:`~gametheory.search.engine.searcher.Searcher`, with the stopping rules of "Knowing
when to stop" (see :mod:`gametheory.search.engine`).
"""

from __future__ import annotations

import gc
import math
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import count, islice
from numbers import Real
from typing import Any, Generic, TypeVar

from gametheory.checks import checked_state, whole_number
from gametheory.core import Evaluation, Game, GameError
from gametheory.search.engine.scores import LeafValue
from gametheory.search.engine.searcher import Iteration, Searcher
from gametheory.search.engine.table import TABLE_LIMIT
from gametheory.search.result import SearchResult, SearchStats

__all__ = ["Deadline", "Deepened", "OutOfTime", "TimedGame", "deepen", "iterative_deepening"]

R = TypeVar("R")

clock: Callable[[], float] = time.perf_counter
"""The clock every deadline reads (tests may replace it)."""


class OutOfTime(Exception):
    """Raised inside a search when its deadline has passed."""


class Deadline:
    """A moment after which work should stop: ``seconds`` from now (None: never).

    >>> Deadline(None).passed(), Deadline(None).remaining()
    (False, inf)
    >>> Deadline(0).passed()
    True
    >>> Deadline(-1)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: time_limit must be a number of seconds >= 0 or None, got -1
    """

    def __init__(self, seconds: float | None, *, name: str = "time_limit") -> None:
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, Real) or not seconds >= 0
        ):
            raise GameError(f"{name} must be a number of seconds >= 0 or None, got {seconds!r}")
        self.seconds = None if seconds is None else float(seconds)
        self.start = clock()
        self.end = math.inf if seconds is None else self.start + float(seconds)

    def __repr__(self) -> str:
        return f"Deadline({self.seconds!r})"

    def passed(self) -> bool:
        """Whether the deadline has passed."""
        return clock() >= self.end

    def remaining(self) -> float:
        """Seconds left (``inf`` without a limit, 0 once it has passed)."""
        return max(0.0, self.end - clock())

    def elapsed(self) -> float:
        """Seconds since the deadline was set."""
        return clock() - self.start

    def check(self) -> None:
        """Raise :class:`OutOfTime` if the deadline has passed."""
        if clock() >= self.end:
            raise OutOfTime


class TimedGame:
    """``game`` as a search sees it, except that it raises :class:`OutOfTime` from
    ``result`` once ``deadline`` has passed (it looks at the clock every ``every`` moves).

    Everything else is the game's own, so a search gives the same answer on it as on the
    game as long as there is time.

    >>> from gametheory import Nim, minimax
    >>> minimax(TimedGame(Nim(4), Deadline(10))).value == minimax(Nim(4)).value
    True
    >>> minimax(TimedGame(Nim(12), Deadline(0), every=1))
    Traceback (most recent call last):
    ...
    gametheory.search.engine.driver.OutOfTime
    """

    def __init__(self, game: Game[Any, Any], deadline: Deadline | None, *, every: int = 64):
        self.game = game
        self.deadline = deadline
        self._every = every
        self._moves = 0

    def __repr__(self) -> str:
        return f"TimedGame({self.game!r}, {self.deadline!r})"

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def result(self, state: Any, move: Any) -> Any:
        self._moves += 1
        if self.deadline is not None and self._moves % self._every == 0:
            self.deadline.check()
        return self.game.result(state, move)


@dataclass(frozen=True)
class Deepened(Generic[R]):
    """What :func:`deepen` found.

    Attributes
    ----------
    finished : tuple of (depth, result)
        Every depth that finished, in order.
    stopped : str
        Why deepening stopped: ``"max_depth"`` (the depths ran out), ``"time_limit"``, or
        the reason the caller's ``done`` gave (the engine's ``"solved"``, ``"proven"``,
        ``"cycles"``).
    cut : int or None
        The depth abandoned when time ran out (None: none was).
    """

    finished: tuple[tuple[int, R], ...]
    stopped: str
    cut: int | None = field(default=None)

    @property
    def depth(self) -> int:
        """The deepest depth that finished."""
        return self.finished[-1][0]

    @property
    def result(self) -> R:
        """The answer of the deepest depth that finished."""
        return self.finished[-1][1]


def _never(depth: int, result: Any) -> str | None:
    return None


def deepen(
    search_at: Callable[[int, Deadline | None], R],
    depths: Iterable[int],
    deadline: Deadline,
    *,
    done: Callable[[int, R], str | None] = _never,
) -> Deepened[R]:
    """Call ``search_at(depth, deadline)`` for each of ``depths`` in turn, deepest last.

    The first depth is searched without a deadline (``None``), so there is always an
    answer; every later one gets ``deadline`` and may raise :class:`OutOfTime`, which
    abandons it. After each depth, ``done(depth, result)`` may name a reason to stop (a
    search that already reached the end of the game everywhere gains nothing deeper).

    Raises
    ------
    GameError
        If ``depths`` is empty.
    """
    finished: list[tuple[int, R]] = []
    for depth in depths:
        if finished and deadline.passed():
            return Deepened(tuple(finished), "time_limit", depth)
        try:
            result = search_at(depth, deadline if finished else None)
        except OutOfTime:
            return Deepened(tuple(finished), "time_limit", depth)
        finished.append((depth, result))
        reason = done(depth, result)
        if reason:
            return Deepened(tuple(finished), reason)
    if not finished:
        raise GameError("deepen needs at least one depth to search")
    return Deepened(tuple(finished), "max_depth")


_MAX_PLIES = 10_000  # the deepest line the recursion may follow


def iterative_deepening(
    game: Game[Any, Any],
    state: Any = None,
    max_depth: int | None = None,
    evaluate: Evaluation | None = None,
    *,
    time_limit: float | None = None,
    aspiration: float | None = None,
    step: int = 1,
    trace: bool = False,
    leaf_value: LeafValue | None = None,
) -> SearchResult:
    """Search depth 1, 2, … ``max_depth`` with the fast alpha-beta; return the last answer.

    Parameters
    ----------
    game, state
        The game and the position (its initial position by default).
    max_depth
        The deepest search, in plies. None searches until the game is solved (every line
        ends with the game over), the value is proven, or, in a game that goes round in
        circles, the depth reaches the number of its positions (see "Knowing when to stop"
        in :mod:`gametheory.search.engine`); only small games allow that without a
        ``time_limit``.
    evaluate
        ``evaluate(state, player) -> float``, needed with a ``max_depth``. With
        ``max_depth=None`` and no evaluation, unfinished positions count 0 in the
        shallower depths, and the final, complete search does not need it.
    time_limit
        Seconds. The depth under way when time runs out is abandoned and the answer of the
        last finished depth is returned; the first depth always finishes.
    aspiration
        Half-width of the aspiration window, in evaluation units (None: no aspiration).
    step
        Deepen by this many plies: 1 searches every depth, 2 every other depth, ending at
        ``max_depth`` (the first depth is then 1 or 2).
    trace
        Record the events of the last finished depth (paths, windows and values as in the
        textbook searches, values for the player to move at each node). A traced search
        gives every move the full window and visits the last ply one node at a time, so
        each node appears once, as in the textbook; it is slower, not different in value.
    leaf_value
        ``leaf_value(state, player) -> float | None``: the exact value of a position where
        it is known (an endgame database,
        :meth:`~gametheory.games.abapa.endgame.EndgameDatabase.leaf_value`), else None.
        A known position is a leaf at any depth, scored like a finished game; the value
        is then that of the search with those positions' values, not the textbook's.

    Returns
    -------
    SearchResult
        ``value`` equals ``alphabeta(game, state, depth, evaluate).value`` for the last
        finished depth. ``move`` is one of the best moves: among equal values the engine
        prefers the quickest win or the slowest loss, then the move it searched first, so
        it may differ from the textbook's first-in-``legal_moves`` choice. ``iterations``
        holds one :class:`~gametheory.search.engine.searcher.Iteration` per finished depth;
        ``stats`` adds up all the work, an abandoned depth included; ``stopped`` says why it
        stopped deepening (``"max_depth"``, ``"solved"``, ``"proven"``, ``"cycles"`` or
        ``"time_limit"``).

    Raises
    ------
    GameError
        For a bad ``max_depth``, ``time_limit``, ``aspiration`` or ``step``, a depth without
        an evaluation function, a ``state`` that is not a position of ``game``, a game's
        ``order_moves`` that loses, adds or repeats moves, or a line deeper than about
        10,000 plies.
    UnsupportedGameError
        At a chance position (use ``expectiminimax``).

    Examples
    --------
    >>> from gametheory import tree, alphabeta
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> result = iterative_deepening(t)
    >>> result.value, result.move, result.value == alphabeta(t).value
    (3.0, 0, True)
    >>> from gametheory.games.nim import Nim
    >>> result = iterative_deepening(Nim(13), max_depth=6, evaluate=lambda s, p: 0)
    >>> result.move, [it.depth for it in result.iterations]
    (1, [1, 2, 3, 4, 5, 6])
    >>> result = iterative_deepening(Nim(13), max_depth=6, evaluate=lambda s, p: 0, step=2)
    >>> result.move, [it.depth for it in result.iterations]
    (1, [2, 4, 6])

    Notes
    -----
    The transposition table lives for one call. Positions must be hashable and must
    determine the rest of the game (the protocol's rule), or the table would mix them up.
    """
    root = checked_state(game, state)
    depths = _depths(max_depth, evaluate, step)
    if aspiration is not None and (
        isinstance(aspiration, bool) or not isinstance(aspiration, Real) or not aspiration >= 0
    ):
        raise GameError(f"aspiration must be a number >= 0 or None, got {aspiration!r}")
    deadline = Deadline(time_limit)
    if leaf_value is not None and not callable(leaf_value):
        raise GameError(
            f"leaf_value must be a function (state, player) or None, got {leaf_value!r}"
        )
    searcher = Searcher(game, root, evaluate or _zero, tracing=trace, leaf_value=leaf_value)

    def search_at(depth: int, deadline: Deadline | None) -> Iteration:
        return searcher.iteration(depth, aspiration, None if deadline is None else deadline.check)

    stopping = _Stopping(searcher, game, root, counting=max_depth is None, proving=not evaluate)
    with _room_to_search():
        deepened = deepen(search_at, depths, deadline, done=stopping)
        searcher.forget()  # freed while the collector is paused (see "Garbage collection")
        del stopping
    finished = tuple(iteration for _, iteration in deepened.finished)
    spent, deepest = searcher.spent, max(iteration.max_depth for iteration in finished)
    stats = SearchStats(spent.nodes, spent.leaves, spent.cutoffs, deepest, deadline.elapsed())
    last = deepened.result
    return SearchResult(
        last.value,
        last.move,
        searcher.line,
        stats,
        searcher.trace,
        finished,
        stopped=deepened.stopped,
    )


def _depths(max_depth: object, evaluate: Evaluation | None, step: object) -> Iterable[int]:
    """The depths to search, ``max_depth`` last (all of them without one), checked."""
    if max_depth is not None:
        max_depth = whole_number(max_depth, "max_depth", minimum=1)
        if evaluate is None:
            raise GameError(
                f"iterative_deepening with max_depth={max_depth} needs an evaluation function "
                "to score the positions where it stops: pass evaluate=, or max_depth=None to "
                "solve the game"
            )
    step = whole_number(step, "step", minimum=1)
    if max_depth is None:
        return count(1, step)
    return range((max_depth - 1) % step + 1, max_depth + 1, step)


def _zero(state: Any, player: int) -> float:
    return 0.0


@contextmanager
def _room_to_search() -> Iterator[None]:
    """Deep recursion allowed and the cycle collector paused while the engine searches (see
    "Garbage collection paused"); a line too deep to follow becomes a clear error."""
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 2 * _MAX_PLIES + 200))  # two calls a ply
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    except RecursionError:
        raise GameError(
            f"iterative_deepening: the game goes deeper than the engine can follow (about "
            f"{_MAX_PLIES} plies); pass a smaller max_depth"
        ) from None
    finally:
        sys.setrecursionlimit(old_limit)
        if collecting:
            gc.enable()


class _Stopping:
    """Whether deeper searches can change the answer, asked after each depth (see "Knowing
    when to stop"): not once the search is solved. Without a ``max_depth`` (``counting``),
    once a depth meets no new position, the game may go round in circles: then it counts
    the positions reachable from ``root`` (:func:`_reachable`), a little after each depth
    (in all, a 32nd of the search's work; a game that keeps meeting new positions is never
    counted), and stops once the value is proven (only without an evaluation: ``proving``)
    or the depth reaches the number of positions."""

    def __init__(
        self, searcher: Searcher, game: Game[Any, Any], root: Any, *, counting: bool, proving: bool
    ) -> None:
        self.searcher, self.proving = searcher, proving
        self.reachable = _reachable(game, root, searcher.make) if counting else None
        # the positions in the table before the last depth, and those the count expanded
        self.known, self.expanded, self.started = 0, 0, False
        self.found: tuple[int, float, float] | None = None

    def __call__(self, depth: int, done: Iteration) -> str | None:
        searcher = self.searcher
        known, self.known = self.known, len(searcher.table.entries)
        if not searcher.reached_horizon:  # solved: deeper searches give the same value
            return "solved"
        if self.reachable is None or not (self.started or self.known == known):
            return None
        self.started = True
        if self.found is None:  # count on, as many positions as the budget allows
            budget = max(searcher.spent.nodes // 32 - self.expanded, 1)
            for found in islice(self.reachable, budget):
                if found is not None:
                    self.found = found
                    break
                self.expanded += 1
            else:  # not found yet
                return None
        positions, best, worst = self.found
        if self.proving and (done.value == best > 0 or done.value == worst < 0):
            return "proven"
        return "cycles" if depth >= positions else None


def _reachable(
    game: Game[Any, Any], root: Any, make: Callable[[Any, Any], tuple[Any, bool]]
) -> Iterator[tuple[int, float, float] | None]:
    """Find the positions reachable from ``root``, depth first, yielding None after each
    position expanded; at the end, the number of positions and the best and worst utility
    (for the player to move at ``root``) of the finished ones. Past a quarter of
    :data:`~gametheory.search.engine.TABLE_LIMIT` positions it gives up: too many to count."""
    player = game.to_move(root)
    seen, todo = {root}, [] if game.is_terminal(root) else [root]
    utilities = set() if todo else {float(game.utility(root, player))}
    while todo:
        state = todo.pop()
        for move in game.legal_moves(state):
            child, over = make(state, move)
            if child not in seen:
                seen.add(child)
                if over:
                    utilities.add(float(game.utility(child, player)))
                else:
                    todo.append(child)
        if len(seen) > TABLE_LIMIT // 4:
            return
        yield None
    utilities, positions = utilities or {0.0}, len(seen)
    seen.clear()  # only the numbers are needed from now on
    yield positions, max(utilities), min(utilities)
