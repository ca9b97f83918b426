"""Matches and round-robin tournaments between players, on one core or on many.

Vocabulary, with its Python representation:

* **player** — anything with ``name`` and ``choose(game, state) -> move`` (see
  :mod:`gametheory.players`).
* **match** — one game between two players from an *opening*: a few moves played at random
  first, so that two deterministic players do not replay the same game every time.
  :func:`play_match` returns a :class:`MatchRecord`.
* **round robin** — every pair of players meets ``games_per_pair`` times; with
  ``swap_sides`` each opening is played twice, once with each player moving first.
  :func:`round_robin` returns a :class:`TournamentResult`: the table, win/draw/loss rates
  with Wilson confidence intervals, an Elo-style rating, and a plot.
* **executor** — any :class:`concurrent.futures.Executor` runs the games: none plays them
  here, one after the other; a ``ProcessPoolExecutor`` uses every core; a Dask client's
  ``get_executor()`` spreads them over a cluster.
* **forfeit** — a player that fails (raises an error, chooses an illegal move, or takes
  longer than ``time_per_move``) loses that game; the record names it and the error.
  A game whose worker dies (killed, out of memory) is played again once, alone on a new
  worker; if it fails again it is listed among the tournament's ``failures``. Every
  finished game is kept.

>>> from gametheory.games.nim import Nim
>>> from gametheory.players import GreedyPlayer, SearchPlayer
>>> players = [SearchPlayer("alphabeta", None, name="perfect"), GreedyPlayer()]
>>> result = round_robin(Nim(9), players, games_per_pair=4, openings=1, seed=1, progress=False)
>>> [(row.name, row.wins, row.draws, row.losses) for row in result.standings()]
[('perfect', 4, 0, 0), ('greedy', 0, 0, 4)]
"""

from __future__ import annotations

import copy
import html
import math
import pickle
import random
import signal
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import combinations
from numbers import Real
from typing import Any

from gametheory.core import CHANCE, Game, GameError, sample_outcome, whole_number
from gametheory.players import Agent, PlayerError, play

__all__ = [
    "MatchRecord",
    "FailedGame",
    "MoveTimeout",
    "Standing",
    "TournamentResult",
    "play_match",
    "random_opening",
    "distinct_openings",
    "round_robin",
    "wilson_interval",
]


@dataclass(frozen=True)
class MatchRecord:
    """One finished (or cut-off) game between two players.

    Attributes
    ----------
    players : (str, str)
        The names of A (who moved first) and B.
    opening : tuple
        The moves played at random before the players took over.
    moves : tuple
        Every move of the game, the opening included.
    final
        The last position.
    score : float
        A's result: 1 for a win, 0.5 for a draw, 0 for a loss (from the sign of A's
        utility). A game stopped by ``max_plies`` counts as a draw; a forfeit as a loss of
        the player at fault.
    finished : bool
        False when ``max_plies`` or a forfeit stopped the game.
    seconds : float
        Wall-clock time of the game (not compared: the same game is equal however long
        it took).
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
        Seconds a player may take for a move; a player over it loses by forfeit (see
        :class:`MoveTimeout`). None: no limit.

    Returns
    -------
    MatchRecord
        With ``forfeit`` set when a player failed (raised an error, chose an illegal move
        or ran out of time): that player loses, and ``error`` says what happened.

    Examples
    --------
    >>> from gametheory.games.nim import Nim
    >>> from gametheory.players import GreedyPlayer, SearchPlayer
    >>> record = play_match(Nim(7), SearchPlayer("alphabeta", None), GreedyPlayer())
    >>> record.moves, record.score, record.winner
    ((3, 1, 3), 1.0, 0)
    """
    for role, player in (("player_a", player_a), ("player_b", player_b)):
        if not callable(getattr(player, "choose", None)) or not hasattr(player, "name"):
            raise GameError(
                f"{role} {player!r} is not a player: it needs a name and a method "
                "choose(game, state) -> move (see gametheory.players)"
            )
    seconds = _check_time_per_move(time_per_move)
    start = time.perf_counter()
    state = game.initial_state()
    for move in opening:
        state = game.result(state, move)
    left = None if max_plies is None else max(0, max_plies - len(opening))
    agents: list[Agent] = [player_a, player_b]
    if seconds is not None:
        agents = [_Timed(player, seconds) for player in agents]
    names = (str(player_a.name), str(player_b.name))
    try:
        moves, final = play(game, agents, state, seed=seed, max_plies=left)
    except PlayerError as fault:  # the player at fault loses; the game so far is kept
        return MatchRecord(
            players=names,
            opening=tuple(opening),
            moves=tuple(opening) + tuple(fault.moves),
            final=fault.state,
            score=0.0 if fault.player == 0 else 1.0,
            finished=False,
            seconds=time.perf_counter() - start,
            forfeit=fault.player,
            error=str(fault),
        )
    finished = bool(game.is_terminal(final))
    utility = game.utility(final, 0) if finished else 0.0
    score = 1.0 if utility > 0 else 0.0 if utility < 0 else 0.5
    return MatchRecord(
        players=names,
        opening=tuple(opening),
        moves=tuple(opening) + tuple(moves),
        final=final,
        score=score,
        finished=finished,
        seconds=time.perf_counter() - start,
    )


class MoveTimeout(GameError):
    """A player took longer than ``time_per_move`` to choose a move."""


class _Overrun(BaseException):
    """Raised into a player's search when its time is up (not an Exception, so that a
    player's own ``except Exception`` cannot swallow it)."""


class _Timed:
    """A player whose every move must come within ``seconds``.

    In the main thread of a process (a notebook, a script, a worker process) an alarm signal
    interrupts a search that runs over, even one that never ends. Elsewhere (a thread, or
    a system without alarms) the move is made in a helper thread that is abandoned if it
    runs over: the game is forfeited at once, but that thread finishes its work in the
    background. Where there are no threads either, a move that took too long is forfeited
    once it is made.
    """

    def __init__(self, player: Agent, seconds: float) -> None:
        self.player = player
        self.seconds = seconds
        self.name = player.name

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        start = time.perf_counter()
        alarms = (
            hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )
        late = MoveTimeout(f"took longer than time_per_move={self.seconds:g} s to choose a move")
        try:
            if alarms:
                move = _with_alarm(lambda: self.player.choose(game, state), self.seconds)
            else:
                move = _in_thread(lambda: self.player.choose(game, state), self.seconds)
        except _Overrun:
            raise late from None
        if time.perf_counter() - start > self.seconds:  # a search the alarm could not stop
            raise late
        return move


def _with_alarm(work: Callable[[], Any], seconds: float) -> Any:
    """``work()``, interrupted by :class:`_Overrun` after ``seconds`` (an alarm signal); an
    alarm set before is put back afterwards."""

    def overrun(signum: int, frame: Any) -> None:
        raise _Overrun

    started = time.perf_counter()
    previous = signal.signal(signal.SIGALRM, overrun)
    outer, interval = 0.0, 0.0
    try:
        try:
            outer, interval = signal.setitimer(signal.ITIMER_REAL, seconds)
            return work()
        finally:  # the alarm may ring on the way out: the outer finally still runs
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)
        if outer:  # someone else's alarm: let it ring when it would have
            left = max(outer - (time.perf_counter() - started), 1e-3)
            signal.setitimer(signal.ITIMER_REAL, left, interval)


def _in_thread(work: Callable[[], Any], seconds: float) -> Any:
    """``work()`` in a daemon thread, given up after ``seconds`` (:class:`_Overrun`)."""
    answer: list[Any] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            answer.append(work())
        except BaseException as error:  # handed to the caller below
            failure.append(error)

    helper = threading.Thread(target=run, daemon=True, name="move under time_per_move")
    try:
        helper.start()
    except RuntimeError:  # no threads here (a browser kernel): the move is timed afterwards
        return work()
    helper.join(seconds)
    if helper.is_alive():
        raise _Overrun
    if failure:
        raise failure[0]
    return answer[0]


def _check_time_per_move(seconds: object) -> float | None:
    if seconds is None:
        return None
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, Real)
        or not math.isfinite(seconds)
        or seconds <= 0
    ):
        raise GameError(f"time_per_move must be a number of seconds > 0 or None, got {seconds!r}")
    return float(seconds)


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
    for _ in range(plies):
        if game.is_terminal(state):
            break
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
    """``count`` random openings of ``plies`` plies (see :func:`random_opening`), all
    different where the game has that many.

    Two games from one opening between the same deterministic players are the same game
    played twice, and would count twice in a tournament's confidence intervals. So an
    opening drawn again is drawn anew (a bounded number of times); where the game has too
    few different openings, the repeats are kept and a warning says how many are different.

    >>> from gametheory.games.nim import Nim
    >>> lines = distinct_openings(Nim(13), 1, 3, random.Random(0))
    >>> sorted(lines)
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
    different = len(set(lines))
    if different < count:
        warnings.warn(
            f"only {different} of the {count} openings of {plies} plies are different (the "
            "game has few): games from a repeated opening may repeat a game exactly; use "
            "fewer games per pair or longer openings",
            stacklevel=3,
        )
    return lines


# -- running the games -------------------------------------------------------------------
@dataclass(frozen=True)
class _Task:
    a: int  # index of the player moving first
    b: int
    opening: tuple[Any, ...]
    seed: int


@dataclass(frozen=True)
class FailedGame:
    """A game of a tournament that could not be played: it failed, and failed again when it
    was played again (on a new worker for worker processes).

    Attributes
    ----------
    players : (str, str)
        The names of A and B.
    opening : tuple
        The opening it was to start from.
    error : str
        What happened, both times.
    """

    players: tuple[str, str]
    opening: tuple[Any, ...]
    error: str


def _run_task(
    cast: Any, task: _Task, max_plies: int | None, time_per_move: float | None = None
) -> MatchRecord:  # runs in a worker process
    if isinstance(cast, bytes):
        cast = pickle.loads(cast)
    game, players = cast
    return play_match(
        game,
        players[task.a],
        players[task.b],
        opening=task.opening,
        seed=task.seed,
        max_plies=max_plies,
        time_per_move=time_per_move,
    )


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}".rstrip(": ")


class _Runner:
    """Plays the tasks of a round robin and keeps every game that ends, counting on the
    progress bar the forfeits and the games that fail."""

    def __init__(
        self,
        game: Game[Any, Any],
        players: list[Agent],
        tasks: list[_Task],
        max_plies: int | None,
        time_per_move: float | None,
        bar: Any,
    ) -> None:
        self.game, self.players, self.tasks = game, players, tasks
        self.options = (max_plies, time_per_move)
        self.bar = bar
        self.records: list[MatchRecord | None] = [None] * len(tasks)
        self.failures: dict[int, FailedGame] = {}

    def names(self, n: int) -> tuple[str, str]:
        task = self.tasks[n]
        return (str(self.players[task.a].name), str(self.players[task.b].name))

    def done(self, n: int, record: MatchRecord) -> None:
        self.records[n] = record
        self.bar.update()
        self.show()

    def failed(self, n: int, first: str, second: str, where: str) -> None:
        self.failures[n] = FailedGame(
            self.names(n), self.tasks[n].opening, f"failed: {first}; played again {where}: {second}"
        )
        self.bar.update()
        self.show()

    def show(self) -> None:
        forfeits = sum(1 for r in self.records if r is not None and r.forfeit is not None)
        parts = [f"{forfeits} forfeit{'s' if forfeits != 1 else ''}"] if forfeits else []
        if self.failures:
            parts.append(f"{len(self.failures)} failed")
        if parts:
            self.bar.set_postfix_str(", ".join(parts), refresh=True)

    def here(self) -> None:
        """Every game in this process, one after the other; a game that fails other than by
        a player's fault (the game itself, say) is played once more."""
        for n, task in enumerate(self.tasks):
            try:
                self.done(n, _run_task(_fresh(self.game, self.players), task, *self.options))
                continue
            except Exception as error:
                first = _describe(error)
            try:
                self.done(n, _run_task(_fresh(self.game, self.players), task, *self.options))
            except Exception as error:
                self.failed(n, first, _describe(error), "here")

    def on(self, executor: Executor) -> None:
        """Every game on ``executor``; each one that fails there is played again, alone on a
        new worker process (or, for other executors, submitted once more)."""
        packed = _pack(self.game, self.players)
        failed: dict[int, str] = {}
        futures: dict[Future[MatchRecord], int] = {}
        for n, task in enumerate(self.tasks):
            try:
                futures[executor.submit(_run_task, packed, task, *self.options)] = n
            except Exception as error:  # a pool already broken, an executor shut down
                failed[n] = _describe(error)
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            n = futures[future]
            try:
                self.done(n, future.result())
            except Exception as error:  # the player's faults come back as forfeits: this
                failed[n] = _describe(error)  # is the worker or the executor failing
        if not failed:
            return
        if isinstance(executor, ProcessPoolExecutor):
            self.alone(packed, failed, executor)
        else:
            self.again(packed, failed, executor)

    def alone(self, packed: bytes, failed: dict[int, str], pool: ProcessPoolExecutor) -> None:
        """Play each failed game again in a one-worker process pool of its own: a game that
        fails there failed by itself (its worker died with it), and only that pool is lost."""
        width = max(1, getattr(pool, "_max_workers", 1) or 1)
        context = getattr(pool, "_mp_context", None)
        waiting = sorted(failed)
        running: dict[Future[MatchRecord], tuple[int, ProcessPoolExecutor]] = {}
        idle: list[ProcessPoolExecutor] = []
        try:
            while waiting or running:
                while waiting and len(running) < width:
                    n = waiting.pop(0)
                    single = idle.pop() if idle else ProcessPoolExecutor(1, mp_context=context)
                    try:
                        future = single.submit(_run_task, packed, self.tasks[n], *self.options)
                    except Exception as error:
                        single.shutdown(wait=False)
                        self.failed(n, failed[n], _describe(error), "on a new worker")
                        continue
                    running[future] = (n, single)
                finished, _ = wait(running, return_when="FIRST_COMPLETED")
                for future in finished:
                    n, single = running.pop(future)
                    try:
                        self.done(n, future.result())
                        idle.append(single)
                    except Exception as error:
                        single.shutdown(wait=False)
                        self.failed(n, failed[n], _describe(error), "alone on a new worker")
        finally:
            for single in idle + [single for _, single in running.values()]:
                single.shutdown(wait=False, cancel_futures=True)

    def again(self, packed: bytes, failed: dict[int, str], executor: Executor) -> None:
        """Submit each failed game once more to ``executor`` (a cluster replaces its lost
        workers itself)."""
        futures: dict[Future[MatchRecord], int] = {}
        for n in sorted(failed):
            try:
                futures[executor.submit(_run_task, packed, self.tasks[n], *self.options)] = n
            except Exception as error:
                self.failed(n, failed[n], _describe(error), "on the executor")
        for future in wait(futures).done:
            n = futures[future]
            try:
                self.done(n, future.result())
            except Exception as error:
                self.failed(n, failed[n], _describe(error), "on the executor")


def _fresh(game: Game[Any, Any], players: list[Agent]) -> tuple[Any, list[Agent]]:
    """Copies of the game and players for one game, or the originals if they cannot be
    copied (a human at the console, a player holding a lock): those play as themselves."""
    try:
        return copy.deepcopy((game, players))
    except Exception:
        return game, players


def _pack(game: Game[Any, Any], players: Sequence[Agent]) -> bytes:
    """The game and the players as bytes a worker process can load, or a clear error."""
    try:
        import cloudpickle  # type: ignore[import-untyped]  # handles lambdas and notebook functions, by value

        dumps = cloudpickle.dumps
    except ImportError:  # pragma: no cover - cloudpickle comes with dask
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
                "widgets from the player, or run the tournament here with executor=None"
            ) from error
    packed: bytes = dumps((game, list(players)))
    return packed


def round_robin(
    game: Game[Any, Any],
    players: Sequence[Agent],
    games_per_pair: int = 2,
    *,
    swap_sides: bool = True,
    openings: int | Sequence[Sequence[Any]] = 2,
    seed: int | None = 0,
    executor: Executor | None = None,
    progress: bool = True,
    max_plies: int | None = None,
    time_per_move: float | None = None,
) -> TournamentResult:
    """Every player meets every other ``games_per_pair`` times.

    Parameters
    ----------
    game
        The game to play.
    players
        At least two players with different names.
    games_per_pair
        Games between each two players. With ``swap_sides`` it must be even: each opening
        is played twice, once with each player as A.
    swap_sides
        Play every opening with both colourings (fair when moving first matters).
    openings
        A number: that many random plies start each game (the same openings for every
        pair, drawn with ``seed``, all different where the game has enough; see
        :func:`distinct_openings`). Or a list of move sequences, used in turn.
    seed
        Makes the openings and the dice reproducible: the same seed, the same table.
    executor
        Runs the games: None plays them here, one after the other; a
        ``concurrent.futures.ProcessPoolExecutor()`` uses every core; a Dask
        ``Client(...).get_executor()`` a cluster. Each game starts from a fresh copy of
        both players, so the table does not depend on where or in which order games run.
    progress
        Show a progress bar (tqdm; a widget in a notebook); it counts the forfeits and the
        failed games as they happen.
    max_plies
        Cut games longer than this (counted as draws).
    time_per_move
        Seconds a player may take for a move; over it, the player loses that game by
        forfeit. None: no limit.

    Returns
    -------
    TournamentResult
        Every game that ended, forfeits included: a player that raises an error, chooses an
        illegal move or runs over ``time_per_move`` loses that game, and the record says
        who and why. A game whose worker dies is played again once (alone on a new worker
        process for a ``ProcessPoolExecutor``); if it fails again it is listed in
        ``failures`` and counts for nobody. Nothing that finished is thrown away.

    Raises
    ------
    GameError
        For fewer than two players, repeated names, a bad ``games_per_pair`` or
        ``time_per_move``, or a player that cannot be sent to the executor's worker
        processes.

    Examples
    --------
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> from gametheory.players import RandomPlayer, SearchPlayer
    >>> players = [SearchPlayer("engine", None, name="solver"), RandomPlayer(seed=3)]
    >>> result = round_robin(TicTacToe(), players, 4, openings=1, seed=7, progress=False)
    >>> print(result)
    player                   games    W    D    L  score    Elo
    solver                       4    4    0    0 100.0%   1691
    random                       4    0    0    4   0.0%   1309
    """
    players = list(players)
    if len(players) < 2:
        raise GameError(f"a round robin needs at least two players, got {len(players)}")
    names = [str(getattr(p, "name", "")) for p in players]
    for player, name in zip(players, names, strict=True):
        if not callable(getattr(player, "choose", None)) or not name:
            raise GameError(
                f"{player!r} is not a player: it needs a name and a method "
                "choose(game, state) -> move (see gametheory.players)"
            )
    if len(set(names)) < len(names):
        raise GameError(f"players need different names to tell them apart, got {names}")
    if isinstance(games_per_pair, bool) or not isinstance(games_per_pair, int):
        raise GameError(f"games_per_pair must be a whole number, got {games_per_pair!r}")
    time_per_move = _check_time_per_move(time_per_move)
    if max_plies is not None:
        max_plies = whole_number(max_plies, "max_plies", or_none=True)
    if games_per_pair < 1 or (swap_sides and games_per_pair % 2):
        raise GameError(
            f"games_per_pair must be {'an even number >= 2' if swap_sides else '>= 1'} "
            f"{'(each opening is played once with each player as A) ' if swap_sides else ''}"
            f"got {games_per_pair}"
        )
    rng = random.Random(seed)
    count = games_per_pair // 2 if swap_sides else games_per_pair
    if isinstance(openings, int) and not isinstance(openings, bool):
        if openings < 0:
            raise GameError(f"openings must be a number of plies >= 0, got {openings}")
        lines = distinct_openings(game, openings, count, rng)
    elif isinstance(openings, Sequence):
        given = [tuple(line) for line in openings]
        if not given:
            raise GameError("openings must be a number of plies or a non-empty list of lines")
        lines = [given[k % len(given)] for k in range(count)]
    else:
        raise GameError(f"openings must be a number of plies or a list of lines, got {openings!r}")

    tasks: list[_Task] = []
    for i, j in combinations(range(len(players)), 2):
        for k, line in enumerate(lines):
            sides = [(i, j), (j, i)] if swap_sides else [(i, j) if k % 2 == 0 else (j, i)]
            for a, b in sides:
                tasks.append(_Task(a, b, line, rng.randrange(2**32)))

    from tqdm.auto import tqdm

    bar = tqdm(total=len(tasks), desc="games", disable=not progress, leave=False)
    runner = _Runner(game, players, tasks, max_plies, time_per_move, bar)
    try:
        if executor is None:
            runner.here()
        else:
            runner.on(executor)
    finally:
        bar.close()
    done = [r for r in runner.records if r is not None]
    failures = [runner.failures[n] for n in sorted(runner.failures)]
    return TournamentResult(tuple(names), tuple(done), tuple(failures))


# -- statistics --------------------------------------------------------------------------
def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: better than ±2σ for few games.

    Unlike the normal approximation it never leaves [0, 1] and is not empty at 0 or n
    successes. (Wilson 1927; the interval ``scipy.stats.binomtest`` also offers.)

    >>> low, high = wilson_interval(9, 10)
    >>> round(low, 3), round(high, 3)
    (0.596, 0.982)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise GameError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    from scipy.stats import norm

    z = float(norm.ppf(0.5 + confidence / 2))
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Standing:
    """One row of the table.

    Attributes
    ----------
    name : str
    games, wins, draws, losses : int
    score : float
        Points per game: a win 1, a draw ½.
    win_rate, draw_rate, loss_rate : (float, float, float)
        Each rate with its 95 % Wilson interval: ``(rate, low, high)``.
    elo : float
        The Elo-style rating (see :meth:`TournamentResult.ratings`).
    forfeits : int
        Of the losses, those by forfeit (the player failed).
    """

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    win_rate: tuple[float, float, float]
    draw_rate: tuple[float, float, float]
    loss_rate: tuple[float, float, float]
    elo: float
    forfeits: int = 0


@dataclass(frozen=True)
class TournamentResult:
    """The games of a tournament and what they say about the players.

    Attributes
    ----------
    names : tuple of str
        The players, in the order given.
    records : tuple of MatchRecord
        Every game that ended (forfeits included), in the order they were scheduled.
    failures : tuple of FailedGame
        The games that could not be played (they failed twice); they count for nobody.
    """

    names: tuple[str, ...]
    records: tuple[MatchRecord, ...]
    failures: tuple[FailedGame, ...] = ()

    def points(self) -> dict[tuple[str, str], float]:
        """``points[x, y]``: what x scored against y (win 1, draw ½), both colours together."""
        table = {(x, y): 0.0 for x in self.names for y in self.names if x != y}
        for r in self.records:
            a, b = r.players
            table[a, b] += r.score
            table[b, a] += 1 - r.score
        return table

    def ratings(self, *, anchor: float = 1500.0) -> dict[str, float]:
        """Elo-style ratings: the Bradley–Terry fit of the results, on the Elo scale.

        A rating gap of 400 means the stronger player is expected to score 10 : 1. Draws
        count as half a win for each side. Each pair that met also gets one virtual draw,
        so a player who never lost still has a finite rating; the mean rating is ``anchor``.

        >>> result = TournamentResult(("x", "y"), ())
        >>> result.ratings()
        {'x': 1500.0, 'y': 1500.0}
        """
        names = self.names
        games: dict[tuple[str, str], float] = {}
        for r in self.records:
            first, second = sorted(r.players)
            games[first, second] = games.get((first, second), 0) + 1
        points = self.points()
        wins = {x: 0.0 for x in names}
        for x, y in games:
            wins[x] += points[x, y] + 0.5  # the virtual draw
            wins[y] += points[y, x] + 0.5
        strength = {x: 1.0 for x in names}
        for _ in range(2000):  # the minorisation-maximisation iteration (Hunter 2004)
            new = {}
            for x in names:
                total = 0.0
                for (p, q), n in games.items():
                    if x in (p, q):
                        other = q if x == p else p
                        total += (n + 1) / (strength[x] + strength[other])
                new[x] = wins[x] / total if total else 1.0
            mean_log = sum(math.log(v) for v in new.values()) / len(new)
            new = {x: v / math.exp(mean_log) for x, v in new.items()}
            converged = max(abs(new[x] - strength[x]) for x in names) < 1e-12
            strength = new
            if converged:
                break
        return {x: anchor + 400 * math.log10(strength[x]) for x in names}

    def standings(self) -> list[Standing]:
        """The table, best score first (then best rating, then name)."""
        elo = self.ratings()
        rows = []
        for x in self.names:
            mine = [r for r in self.records if x in r.players]
            won = lost = drawn = forfeits = 0
            for r in mine:
                score = r.score if r.players[0] == x else 1 - r.score
                won += score == 1
                lost += score == 0
                drawn += score == 0.5
                forfeits += r.forfeit is not None and r.players[r.forfeit] == x
            n = len(mine)
            rates = [(k / n if n else 0.0, *wilson_interval(k, n)) for k in (won, drawn, lost)]
            rows.append(
                Standing(
                    name=x,
                    games=n,
                    wins=won,
                    draws=drawn,
                    losses=lost,
                    score=(won + drawn / 2) / n if n else 0.0,
                    win_rate=rates[0],
                    draw_rate=rates[1],
                    loss_rate=rates[2],
                    elo=elo[x],
                    forfeits=forfeits,
                )
            )
        return sorted(rows, key=lambda row: (-row.score, -row.elo, row.name))

    def __str__(self) -> str:
        forfeited = any(r.forfeit is not None for r in self.records)
        extra = f" {'forfeits':>8}" if forfeited else ""
        lines = [
            f"{'player':<24} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>6} {'Elo':>6}"
            + extra
        ]
        for row in self.standings():
            lines.append(
                f"{row.name:<24} {row.games:>5} {row.wins:>4} {row.draws:>4} {row.losses:>4} "
                f"{row.score:>6.1%} {row.elo:>6.0f}" + (f" {row.forfeits:>8}" if forfeited else "")
            )
        return "\n".join(lines + self.problems())

    def problems(self) -> list[str]:
        """Sentences about the forfeits and the failed games (none if all went well).

        >>> TournamentResult(("x", "y"), ()).problems()
        []
        """
        lines = []
        by_player: dict[str, list[MatchRecord]] = {}
        for r in self.records:
            if r.forfeit is not None:
                by_player.setdefault(r.players[r.forfeit], []).append(r)
        for name, lost in by_player.items():
            games = f"{len(lost)} game{'s' if len(lost) != 1 else ''}"
            lines.append(f"{name} lost {games} by forfeit; first: {lost[0].error}")
        if self.failures:
            count = len(self.failures)
            lines.append(
                f"{count} game{'s' if count != 1 else ''} failed and count for nobody; first "
                f"({' vs '.join(self.failures[0].players)}): {self.failures[0].error}"
            )
        return lines

    def _repr_html_(self) -> str:
        def rate(r: tuple[float, float, float]) -> str:
            return f"{r[0]:.0%} <small>[{r[1]:.0%}, {r[2]:.0%}]</small>"

        forfeited = any(r.forfeit is not None for r in self.records)
        titles = ["#", "player", "games", "wins", "draws", "losses", "score", "Elo"]
        head = "".join(f"<th>{h}</th>" for h in titles + (["forfeits"] if forfeited else []))
        body = []
        for k, row in enumerate(self.standings(), 1):
            cells = [
                str(k),
                html.escape(row.name),
                str(row.games),
                rate(row.win_rate),
                rate(row.draw_rate),
                rate(row.loss_rate),
                f"{row.score:.1%}",
                f"{row.elo:.0f}",
            ] + ([str(row.forfeits)] if forfeited else [])
            body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        note = (
            f"<caption>{len(self.records)} games; rates with 95% Wilson intervals; "
            "Elo-style ratings (mean 1500)</caption>"
        )
        problems = "".join(f"<p>{html.escape(line)}</p>" for line in self.problems())
        table = f"<table>{note}<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        return table + problems

    def plot(self, ax: Any = None) -> Any:
        """Each player's score rate with its 95 % Wilson interval, labelled with the rating.

        Returns the matplotlib ``Axes``.

        >>> result = TournamentResult(("x", "y"), ())
        >>> result.plot().get_xlabel()
        'score (win 1, draw ½), with 95% Wilson interval'
        """
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(self.names)))
        rows = self.standings()[::-1]  # best at the top
        ys = range(len(rows))
        scores = [row.score for row in rows]
        intervals = [wilson_interval(row.score * row.games, row.games) for row in rows]
        low = [max(0.0, s - lo) for s, (lo, _) in zip(scores, intervals, strict=True)]
        high = [max(0.0, hi - s) for s, (_, hi) in zip(scores, intervals, strict=True)]
        ax.barh(ys, scores, xerr=[low, high], color="#4c72b0", alpha=0.8, capsize=4)
        ax.set_yticks(list(ys), [f"{row.name}  ({row.elo:.0f})" for row in rows])
        ax.set_xlim(0, 1)
        ax.axvline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_xlabel("score (win 1, draw ½), with 95% Wilson interval")
        ax.set_title(f"Round robin: {len(self.records)} games (Elo-style rating in brackets)")
        ax.figure.tight_layout()
        return ax
