"""Matches and round-robin tournaments between players, on one core or on many.

Vocabulary, with its Python representation:

* **match** — one game between two players (see :mod:`gametheory.players`) from an
  *opening*, a few random moves that keep two deterministic players from replaying one game:
  :func:`play_match` returns a :class:`MatchRecord` (module :mod:`~gametheory.tournament.match`).
* **round robin** — every pair of players meets ``games_per_pair`` times, each opening once
  with each player moving first: :func:`round_robin` (here) returns a
  :class:`TournamentResult`, the table with Wilson intervals and Elo-style ratings (module
  :mod:`~gametheory.tournament.table`).
* **executor** — a :class:`concurrent.futures.Executor` runs the games: none plays them here
  one after the other, a ``ProcessPoolExecutor`` on every core, a Dask client's
  ``get_executor()`` on a cluster.
* **forfeit** — a player that raises an error, chooses an illegal move or runs over
  ``time_per_move`` loses that game, and the record says why. Under a time limit the players
  move in a process of their own, ended when a move's time is up: a search that never returns
  costs its player that game, not the tournament.
* **failed game** — a game whose worker died (killed, out of memory) or that the executor
  could not run is played once more, alone on a new worker; if it fails again it is listed in
  ``failures`` with both reasons and counts for nobody. Every finished game is kept.
* **interrupted** — Ctrl-C (KeyboardInterrupt) stops the tournament, on one core or many:
  the games that ended are kept and counted, the others are listed in ``unplayed``, and a
  warning says how many. A player calling ``sys.exit()`` only forfeits its game.

>>> from gametheory.games.nim import Nim
>>> from gametheory.players import GreedyPlayer, SearchPlayer
>>> players = [SearchPlayer("alphabeta", None, name="perfect"), GreedyPlayer()]
>>> result = round_robin(Nim(9), players, games_per_pair=4, openings=1, seed=1, progress=False)
>>> [(row.name, row.wins, row.draws, row.losses) for row in result.standings()]
[('perfect', 4, 0, 0), ('greedy', 0, 0, 4)]
"""

from __future__ import annotations

import contextlib
import copy
import os
import pickle
import random
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import (
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    as_completed,
)
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any

from gametheory.checks import whole_number
from gametheory.core import Game, GameError
from gametheory.players import Agent
from gametheory.tournament.match import (
    MatchRecord,
    MoveTimeout,
    checked_time_per_move,
    distinct_openings,
    packed,
    play_match,
    player_names,
    random_opening,
)
from gametheory.tournament.table import FailedGame, Standing, TournamentResult, wilson_interval

__all__ = [
    "FailedGame",
    "MatchRecord",
    "MoveTimeout",
    "Standing",
    "TournamentResult",
    "distinct_openings",
    "play_match",
    "random_opening",
    "round_robin",
    "wilson_interval",
]


Line = tuple[Any, ...]
"""A sequence of moves from the start: an opening."""


@dataclass(frozen=True)
class _Task:
    """One game to play: players ``a`` (moving first) and ``b`` by their index."""

    a: int
    b: int
    opening: Line
    seed: int


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
        Games between each two players; with ``swap_sides`` an even number, as each opening
        is played twice, once with each player as A.
    swap_sides
        Play every opening with both colourings (fair when moving first matters).
    openings
        A number: that many random plies start each game (the same openings for every pair,
        drawn with ``seed``, all different where the game has enough; see
        :func:`distinct_openings`). Or a list of move sequences, used in turn.
    seed
        Makes the openings and the dice reproducible: the same seed, the same table.
    executor
        Runs the games: None plays them here, one after the other; a
        ``concurrent.futures.ProcessPoolExecutor()`` uses every core; a Dask
        ``Client(...).get_executor()`` a cluster (whose workers, under a time limit, must be
        allowed to start a process: set ``distributed.worker.daemon`` to False). Each game
        starts from a fresh copy of both players, so the table does not depend on where or
        in which order games run.
    progress
        Show a progress bar (tqdm) that counts the forfeits and failed games as they happen.
    max_plies
        Cut games longer than this (counted as draws). Without it every game still ends: a
        position that occurs for the third time (a cycle) ends it as
        :func:`~gametheory.players.play` says.
    time_per_move
        Seconds a player may take for a move (see :func:`play_match`); None: no limit.

    Returns
    -------
    TournamentResult
        Every game that ended, forfeits included. A game that fails (its worker died, the
        executor could not run it, the game's own rules raised) is played again once, alone
        on a new worker process for a ``ProcessPoolExecutor``; if it fails again it is listed
        in ``failures``. After Ctrl-C, the games not played are listed in ``unplayed``.

    Raises
    ------
    GameError
        For fewer than two players, repeated names, a bad ``games_per_pair``, ``openings``
        or ``time_per_move``, or a player that cannot be sent to another process.

    Examples
    --------
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> from gametheory.players import RandomPlayer, SearchPlayer
    >>> players = [SearchPlayer("engine", None, name="solver"), RandomPlayer(seed=3)]
    >>> print(round_robin(TicTacToe(), players, 4, openings=1, seed=7, progress=False))
    player                   games    W    D    L  score    Elo
    solver                       4    4    0    0 100.0%   1691
    random                       4    0    0    4   0.0%   1309
    """
    players = list(players)
    names = player_names(players, [f"players[{k}]" for k in range(len(players))])
    if len(players) < 2:
        raise GameError(f"a round robin needs at least two players, got {len(players)}")
    if len(set(names)) < len(names):
        raise GameError(f"players need different names to tell them apart, got {names}")
    seconds = checked_time_per_move(time_per_move)
    if max_plies is not None:
        max_plies = whole_number(max_plies, "max_plies", or_none=True)
    games_per_pair = whole_number(games_per_pair, "games_per_pair", minimum=1)
    if swap_sides and games_per_pair % 2:
        raise GameError(
            "games_per_pair must be an even number >= 2 (each opening is played once with "
            f"each player as A), got {games_per_pair}"
        )
    rng = random.Random(seed)
    lines = _openings(game, openings, games_per_pair // 2 if swap_sides else games_per_pair, rng)
    tasks = _schedule(len(players), lines, swap_sides, rng)
    # another process loads its own copies of the game and the players from these bytes
    cast = (game, players) if executor is None and seconds is None else packed(game, players)
    work = partial(_run_task, cast, max_plies, seconds)
    from tqdm.auto import tqdm

    with tqdm(total=len(tasks), desc="games", disable=not progress, leave=False) as bar:
        records, failures, unplayed = _run_all(tasks, work, executor, _Progress(bar))

    def listed(reasons: dict[int, str]) -> tuple[FailedGame, ...]:
        return tuple(
            FailedGame((names[tasks[n].a], names[tasks[n].b]), tasks[n].opening, reasons[n])
            for n in sorted(reasons)
        )

    if unplayed:
        warnings.warn(
            f"the tournament was interrupted: {len(records)} of {len(tasks)} games were "
            f"played and are counted; the {len(unplayed)} others are in result.unplayed",
            stacklevel=2,
        )
    kept = tuple(records[n] for n in sorted(records))
    return TournamentResult(tuple(names), kept, listed(failures), listed(unplayed))


def _schedule(count: int, lines: list[Line], swap_sides: bool, rng: random.Random) -> list[_Task]:
    """The games of a round robin of ``count`` players, in the order they are listed."""
    tasks: list[_Task] = []
    for i, j in combinations(range(count), 2):
        for k, line in enumerate(lines):
            sides = [(i, j), (j, i)] if swap_sides else [(i, j) if k % 2 == 0 else (j, i)]
            tasks.extend(_Task(a, b, line, rng.randrange(2**32)) for a, b in sides)
    return tasks


def _openings(game: Game[Any, Any], openings: object, count: int, rng: random.Random) -> list[Line]:
    if isinstance(openings, int) and not isinstance(openings, bool):
        if openings < 0:
            raise GameError(f"openings must be a number of plies >= 0, got {openings}")
        return distinct_openings(game, openings, count, rng)
    if isinstance(openings, Sequence) and not isinstance(openings, str) and openings:
        given = [tuple(line) for line in openings]
        return [given[k % len(given)] for k in range(count)]
    raise GameError(
        f"openings must be a number of plies or a non-empty list of lines, got {openings!r}"
    )


Cast = bytes | tuple[Game[Any, Any], list[Agent]]
"""The game and the players: as bytes, for another process to load; here, to be copied."""


def _run_task(cast: Cast, max_plies: int | None, seconds: float | None, task: _Task) -> MatchRecord:
    """One game, from fresh copies of the game and the players (wherever it runs)."""
    game, players = pickle.loads(cast) if isinstance(cast, bytes) else _fresh(*cast)
    a, b = players[task.a], players[task.b]
    return play_match(
        game, a, b, opening=task.opening, seed=task.seed, max_plies=max_plies, time_per_move=seconds
    )


def _fresh(game: Game[Any, Any], players: list[Agent]) -> tuple[Any, list[Agent]]:
    """Copies of the game and players for one game, or the originals if they cannot be
    copied (a human at the console, a player holding a lock): those play as themselves."""
    try:
        return copy.deepcopy((game, players))
    except Exception:
        return game, players


class _Progress:
    """The progress bar, which counts the forfeits and the failed games as they happen."""

    def __init__(self, bar: Any) -> None:
        self.bar, self.forfeits, self.failed = bar, 0, 0

    def count(self, record: MatchRecord | None) -> None:
        """One game more: ``record``, or None for a game that failed."""
        self.forfeits += record is not None and record.forfeit is not None
        self.failed += record is None
        self.bar.update()
        if self.forfeits or self.failed:
            self.bar.set_postfix_str(
                f"{self.forfeits} forfeits, {self.failed} failed", refresh=True
            )


Work = Callable[[_Task], MatchRecord]
Submit = Callable[[Work, _Task], "Future[MatchRecord]"]
Outcomes = tuple[dict[int, MatchRecord], dict[int, str], dict[int, str]]
"""By task: the records of the games that ended, what went wrong in those that failed, and
why the others were not played (Ctrl-C)."""

NOT_PLAYED = "not played: the tournament was interrupted (Ctrl-C) before this game ended"


def _run_all(
    tasks: list[_Task], work: Work, executor: Executor | None, progress: _Progress
) -> Outcomes:
    """Play every task on ``executor``, and each one that fails there once more: here again
    without an executor; alone in a one-worker process pool of its own for a process pool (a
    game that kills its worker takes only that one with it); else on the executor (a cluster
    replaces its lost workers itself)."""
    submit: Submit = _here if executor is None else executor.submit
    records, first, unplayed = _collect(submit, work, dict(enumerate(tasks)), progress)
    if unplayed:  # interrupted: no game is played again
        return records, {n: f"failed: {first[n]}" for n in first}, unplayed
    with ThreadPoolExecutor(os.cpu_count() or 1) as threads:
        where = "here" if executor is None else "on the executor"
        if isinstance(executor, ProcessPoolExecutor):
            where, submit = "alone on a new worker", partial(_alone, threads)
        replayed, second, unplayed = _collect(submit, work, {n: tasks[n] for n in first}, progress)
    for _ in second:
        progress.count(None)
    again = {n: f"failed: {first[n]}; played again {where}: {second[n]}" for n in second}
    return records | replayed, again, unplayed


def _collect(submit: Submit, work: Work, tasks: dict[int, _Task], progress: _Progress) -> Outcomes:
    """Submit ``work(task)`` for every task and wait for them all (a player's faults come
    back as forfeits: a failure here is the game, its worker or the executor failing).
    Ctrl-C, here or in a worker, stops the waiting: what ended is kept, the rest cancelled."""
    records: dict[int, MatchRecord] = {}
    failed: dict[int, str] = {}
    futures: dict[Future[MatchRecord], int] = {}
    try:
        for n, task in tasks.items():
            try:
                futures[submit(work, task)] = n
            except Exception as error:  # a pool already broken, an executor shut down
                failed[n] = _describe(error)
        for future in as_completed(futures):
            _outcome(future, futures[future], records, failed, progress)
    except KeyboardInterrupt:
        for future, n in futures.items():
            if not future.cancel() and future.done() and n not in records.keys() | failed:
                with contextlib.suppress(KeyboardInterrupt):  # the game Ctrl-C stopped
                    _outcome(future, n, records, failed, progress)
        return records, failed, dict.fromkeys(set(tasks) - set(records) - set(failed), NOT_PLAYED)
    return records, failed, {}


def _outcome(
    future: Future[MatchRecord],
    n: int,
    records: dict[int, MatchRecord],
    failed: dict[int, str],
    progress: _Progress,
) -> None:
    """Put the record of task ``n``'s finished ``future``, or its failure, in its place
    (a KeyboardInterrupt, from here or a worker, is raised)."""
    try:
        records[n] = record = future.result()
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit from a game's own code too
        failed[n] = _describe(error)
    else:
        progress.count(record)


def _here(work: Work, task: _Task) -> Future[MatchRecord]:
    """``work(task)`` played in this process, as a finished future."""
    future: Future[MatchRecord] = Future()
    try:
        future.set_result(work(task))
    except (Exception, SystemExit) as error:
        future.set_exception(error)
    return future


def _alone(threads: Executor, work: Work, task: _Task) -> Future[MatchRecord]:
    """``work(task)`` in a one-worker process pool of its own (waited for by a thread)."""
    return threads.submit(_in_a_new_process, work, task)


def _in_a_new_process(work: Work, task: _Task) -> MatchRecord:
    with ProcessPoolExecutor(1) as single:
        return single.submit(work, task).result()


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}".rstrip(": ")
