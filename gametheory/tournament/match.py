"""One game between two players, from an opening, with a time limit kept by a process.

A player that raises an error, chooses an illegal move or runs over ``time_per_move`` loses
the game by forfeit, and the :class:`MatchRecord` says who, at which move, and why. A move
cannot be interrupted from outside the process it runs in (the interpreter offers no safe
way to stop a running function), so under a time limit both players move in a process of
their own: a move over the limit ends that process, and the game goes on no further.
"""

from __future__ import annotations

import math
import os
import pickle
import random
import signal
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from numbers import Real
from typing import Any

from gametheory.checks import whole_number
from gametheory.core import CHANCE, Game, GameError
from gametheory.moves import sample_outcome
from gametheory.players import Agent, PlayerError, play
from gametheory.search.engine.driver import Deadline

__all__ = ["MatchRecord", "MoveTimeout", "distinct_openings", "play_match", "random_opening"]


@dataclass(frozen=True)
class MatchRecord:
    """One finished (or cut-off) game between two players.

    Attributes
    ----------
    players : (str, str)
        The names of A (who moved first) and B.
    opening, moves : tuple
        The moves played at random before the players took over; every move of the game,
        the opening included.
    final
        The last position.
    score : float
        A's result: 1 for a win, 0.5 for a draw, 0 for a loss. A game stopped by
        ``max_plies`` (or by a cycle, in a game whose rules do not say how a cycle ends)
        counts as a draw, a forfeit as a loss of the player at fault.
    finished : bool
        False when ``max_plies`` or a forfeit stopped the game.
    seconds : float
        Wall-clock time of the game (not compared: a game is equal however long it took).
    forfeit : int or None
        0 (A) or 1 (B) when that player failed and lost the game by forfeit, else None.
    error : str
        For a forfeit: who failed, at which move, and how.
    """

    players: tuple[str, str]
    opening: tuple[Any, ...]
    moves: tuple[Any, ...]
    final: Any
    score: float
    finished: bool
    seconds: float = field(default=0.0, compare=False)
    forfeit: int | None = None
    error: str = ""

    @property
    def winner(self) -> int | None:
        """0 (A), 1 (B) or None for a draw."""
        return None if self.score == 0.5 else (0 if self.score == 1 else 1)


class MoveTimeout(GameError):
    """A player took longer than ``time_per_move`` to choose a move."""


def play_match(
    game: Game[Any, Any],
    player_a: Agent,
    player_b: Agent,
    *,
    opening: Sequence[Any] = (),
    seed: int | None = None,
    max_plies: int | None = None,
    time_per_move: float | None = None,
) -> MatchRecord:
    """Play one game: the ``opening`` moves, then ``player_a`` (A) against ``player_b`` (B).

    Parameters
    ----------
    game
        Any two-player zero-sum game (chance moves are drawn with ``seed``).
    player_a, player_b
        Players with ``name`` and ``choose(game, state)``; A moves first.
    opening
        Moves to play before the players take over (see :func:`random_opening`).
    seed
        Seeds the dice of games with chance moves.
    max_plies
        Stop after this many moves in all (counted as a draw); None plays to the end.
    time_per_move
        Seconds a player may take for a move, or None for no limit. With a limit both
        players move in a process of their own (so they must be picklable), ended when a
        move runs over: that player loses by forfeit (:class:`MoveTimeout`).

    Returns
    -------
    MatchRecord
        With ``forfeit`` set when a player failed (raised an error, chose an illegal move
        or ran out of time): that player loses, and ``error`` says what happened.

    Raises
    ------
    GameError
        For something that is not a player, a bad ``max_plies`` or ``time_per_move``, or
        when the players' process died during a move (killed, out of memory): that is no
        move of theirs.
    GameFault
        When the game's own ``result`` fails on a legal move (see
        :func:`~gametheory.players.play`).

    Examples
    --------
    >>> from gametheory.games.nim import Nim
    >>> from gametheory.players import GreedyPlayer, SearchPlayer
    >>> record = play_match(Nim(7), SearchPlayer("alphabeta", None), GreedyPlayer())
    >>> record.moves, record.score, record.winner
    ((3, 1, 3), 1.0, 0)
    >>> slow = play_match(Nim(7), GreedyPlayer(), SearchPlayer("minimax", None), time_per_move=5)
    >>> slow == play_match(Nim(7), GreedyPlayer(), SearchPlayer("minimax", None))
    True
    """
    names = player_names([player_a, player_b], ["player_a", "player_b"])
    seconds = checked_time_per_move(time_per_move)
    start = time.perf_counter()
    state = game.initial_state()
    for move in opening:
        state = game.result(state, move)
    if max_plies is not None:  # checked here: it is counted from the opening's end
        max_plies = whole_number(max_plies, "max_plies", or_none=True)
    left = None if max_plies is None else max(0, max_plies - len(opening))
    record = partial(MatchRecord, (names[0], names[1]), tuple(opening))
    with _Seats(game, [player_a, player_b], seconds) as seats:
        try:
            moves, final = play(game, seats.agents, state, seed=seed, max_plies=left)
        except PlayerError as fault:  # the player at fault loses; the game so far is kept
            if seats.died:
                raise GameError(f"the players' process died: {fault}") from fault
            line, lost = tuple(opening) + tuple(fault.moves), float(fault.player == 1)
            took = time.perf_counter() - start
            return record(line, fault.state, lost, False, took, fault.player, str(fault))
    finished = bool(game.is_terminal(final))
    utility = game.utility(final, 0) if finished else 0.0
    score = 1.0 if utility > 0 else 0.0 if utility < 0 else 0.5
    took = time.perf_counter() - start
    return record(tuple(opening) + tuple(moves), final, score, finished, took)


def player_names(players: Sequence[Any], roles: Sequence[str]) -> list[str]:
    """The players' names, after checking that each one (``roles`` name them) is a player."""
    for role, player in zip(roles, players, strict=True):
        if not callable(getattr(player, "choose", None)) or not str(getattr(player, "name", "")):
            raise GameError(
                f"{role} {player!r} is not a player: it needs a name and a method "
                "choose(game, state) -> move (see gametheory.players)"
            )
    return [str(player.name) for player in players]


def checked_time_per_move(seconds: object) -> float | None:
    """``seconds`` as a float, if it is a number > 0 (or None, for no limit)."""
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, Real)
        or not 0 < float(seconds) < math.inf
    ):
        raise GameError(f"time_per_move must be a number of seconds > 0 or None, got {seconds!r}")
    return None if seconds is None else float(seconds)


class _Seats:
    """The two players of a game, as the game in this process sees them. Without a time
    limit they are the players themselves. With one, they play in a process of their own
    (the one worker of a process pool), where each move must come within ``seconds`` as a
    :class:`Deadline` measures it: a move over the limit ends the process. ``died`` says
    that the process died by itself."""

    def __init__(self, game: Game[Any, Any], players: list[Agent], seconds: float | None):
        self.agents, self.seconds, self.died = players, seconds, False
        if seconds is not None:
            self.pool = ProcessPoolExecutor(1, initializer=_sit, initargs=(packed(game, players),))
            try:
                self.pid = self.pool.submit(os.getpid).result()
            except AssertionError as error:  # from a daemonic process: a Dask worker's
                raise GameError(
                    f"time_per_move needs a process for the players, and this one cannot start "
                    f"one ({error}); on a Dask cluster set distributed.worker.daemon to False"
                ) from error
            self.agents = [_Seat(str(p.name), partial(self.move, k)) for k, p in enumerate(players)]

    def move(self, side: int, state: Any) -> Any:
        deadline = Deadline(self.seconds, name="time_per_move")
        future = self.pool.submit(_choose, side, state)
        try:
            return future.result(timeout=deadline.remaining())
        except FutureTimeout:
            os.kill(self.pid, getattr(signal, "SIGKILL", signal.SIGTERM))
            raise MoveTimeout(
                f"took longer than time_per_move={self.seconds:g} s to choose a move"
            ) from None
        except BrokenProcessPool:
            self.died = True
            raise

    def __enter__(self) -> _Seats:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.seconds is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class _Seat:
    """A player whose moves are made in the seats' process."""

    name: str
    move: Callable[[Any], Any]

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.move(state)


_SEATED: tuple[Game[Any, Any], list[Agent]] | None = None  # in the players' own process


def _sit(players: bytes) -> None:
    global _SEATED
    _SEATED = pickle.loads(players)


def _choose(side: int, state: Any) -> Any:
    assert _SEATED is not None, "a move is made only in a process set up by _sit"
    game, players = _SEATED
    return players[side].choose(game, state)


def packed(game: Game[Any, Any], players: Sequence[Agent]) -> bytes:
    """The game and the players as bytes another process can load, or a clear error."""
    try:
        import cloudpickle  # type: ignore[import-untyped]  # lambdas and notebook functions too

        dumps = cloudpickle.dumps
    except ImportError:  # pragma: no cover - cloudpickle is a dependency
        dumps = pickle.dumps
    for what, thing in [("the game", game)] + [(f"player {p.name!r}", p) for p in players]:
        try:
            dumps(thing)
        except Exception as error:
            raise GameError(
                f"{what} ({thing!r}) cannot be sent to the worker processes: {error}. "
                "Anything a player holds (its evaluation function too) must be picklable. "
                "A lambda or a function defined in a notebook cell travels only with "
                "cloudpickle (pip install cloudpickle); otherwise move the function into a "
                ".py file next to the notebook and import it, drop open files, locks or "
                "widgets from the player, or play here without a time limit (executor=None, "
                "time_per_move=None)"
            ) from error
    return bytes(dumps((game, list(players))))


def random_opening(game: Game[Any, Any], plies: int, rng: random.Random) -> tuple[Any, ...]:
    """``plies`` random moves from the start (fewer if the game ends first).

    Chance moves are drawn with their probabilities; a move that would end the game is
    avoided when another one does not.

    >>> from gametheory.games.nim import Nim
    >>> random_opening(Nim(13), 3, random.Random(0))
    (2, 2, 1)
    """
    state = game.initial_state()
    moves: list[Any] = []
    while len(moves) < plies and not game.is_terminal(state):
        if game.to_move(state) == CHANCE:
            move = sample_outcome(game, state, rng)
        else:
            legal = list(game.legal_moves(state))
            alive = [m for m in legal if not game.is_terminal(game.result(state, m))]
            move = rng.choice(alive or legal)
        moves.append(move)
        state = game.result(state, move)
    return tuple(moves)


def distinct_openings(
    game: Game[Any, Any], plies: int, count: int, rng: random.Random
) -> list[tuple[Any, ...]]:
    """``count`` random openings of ``plies`` plies, all different where the game has that many.

    Two games from one opening between the same deterministic players are one game played
    twice, and would count twice in the confidence intervals. So an opening drawn again is
    drawn anew (a bounded number of times); where the game has too few, a warning says so.

    >>> from gametheory.games.nim import Nim
    >>> sorted(distinct_openings(Nim(13), 1, 3, random.Random(0)))
    [(1,), (2,), (3,)]
    """
    lines: list[tuple[Any, ...]] = []
    for _ in range(count):
        line = random_opening(game, plies, rng)
        for _retry in range(20 * count):
            if line not in lines:
                break
            line = random_opening(game, plies, rng)
        lines.append(line)
    if len(set(lines)) < count:
        warnings.warn(
            f"only {len(set(lines))} of the {count} openings of {plies} plies are different "
            "(the game has few): games from a repeated opening may repeat a game exactly; use "
            "fewer games per pair or longer openings",
            stacklevel=2,
        )
    return lines
