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
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, Generic, TypeVar

from gametheory.core import Game, GameError, Player

__all__ = ["Deadline", "Deepened", "OutOfTime", "TimedGame", "deepen"]

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

    def initial_state(self) -> Any:
        return self.game.initial_state()

    def to_move(self, state: Any) -> Player:
        return self.game.to_move(state)

    def legal_moves(self, state: Any) -> Sequence[Any]:
        return self.game.legal_moves(state)

    def result(self, state: Any, move: Any) -> Any:
        self._moves += 1
        if self.deadline is not None and self._moves % self._every == 0:
            self.deadline.check()
        return self.game.result(state, move)

    def is_terminal(self, state: Any) -> bool:
        return self.game.is_terminal(state)

    def utility(self, state: Any, player: Player) -> float:
        return self.game.utility(state, player)

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        return self.game.chance_outcomes(state)


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
