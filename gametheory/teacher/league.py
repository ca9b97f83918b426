"""The class tournament: every student's file plays every other, each in a process of its own.

A student hands in a Python file that defines ``choose(game, state)`` (a player: it returns
a legal move) or ``evaluate(state, player)`` (an evaluation function: it plays by alpha-beta
to ``depth`` plies). :func:`league` runs a round robin of them, where each file

* is read first and refused before it runs if it imports anything but :data:`ALLOWED`, or
  reaches for ``open``, ``eval``, ``exec``, a private (``_``) attribute or a module as an
  attribute (``gametheory.files.os``, ``typing.sys``) — :func:`screen`, a courtesy that
  stops casual mischief early; the fence is the process;
* runs in **its own process** (a :class:`~gametheory.practice.sandbox.Session` of the
  sandbox: forked, memory capped, killed at the time limit, stopped between its moves),
  which only ever sends back one line of JSON per move — the index of its move among the
  legal ones, which the teacher's side checks; nothing it sends is unpickled, nothing it
  prints reaches the teacher's terminal (what it prints is counted and shown in the table);
* forfeits **a game** when it raises, runs out of time or memory, dies or chooses an illegal
  move; a file that never loads plays no game: it is listed apart, not rated.

Each pair plays openings of :func:`balanced_openings` once with each colour, as many as the
ratings need to settle (:func:`play_openings`) or a number given, and the ratings
(:func:`ratings`) are openskill's (Plackett–Luce), with their uncertainty, the games taken
in an order drawn from ``seed``.

.. warning:: Student files are code running on the teacher's machine, under the teacher's
   account: the process keeps them out of the teacher's Python, not out of the teacher's
   files (nor out of what the teacher's process held when it forked). Run a league under
   an account (or a container) that holds nothing you would not want read.
"""

from __future__ import annotations

import ast
import itertools
import linecache
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametheory.checks import whole_number
from gametheory.core import Game, GameError
from gametheory.practice.sandbox import Limits, Outcome, Session, shown
from gametheory.teacher.handin import read_file
from gametheory.tournament import TournamentResult, round_robin
from gametheory.tournament.match import checked_time_per_move

__all__ = [
    "ALLOWED",
    "MAX_OPENINGS",
    "League",
    "StudentFault",
    "StudentPlayer",
    "balanced_openings",
    "league",
    "play_openings",
    "rating_groups",
    "ratings",
    "screen",
]

ALLOWED = frozenset(
    {"math", "random", "itertools", "functools", "collections", "gametheory", "__future__",
     "typing"}
)  # fmt: skip
"""The modules (with their submodules) a student file may import."""

_BUILTINS = frozenset(
    {"open", "eval", "exec", "compile", "__import__", "input", "breakpoint", "globals", "vars",
     "locals", "getattr", "setattr", "delattr", "__builtins__", "memoryview"}
)  # fmt: skip
"""Built-in names a student file may not use: they reach outside the game."""

_MODULES = frozenset(sys.stdlib_module_names) - ALLOWED
"""A module reached as an attribute (``gametheory.files.os``) is refused like its import."""

MAX_OPENINGS = 12
"""The most openings a league plays when it chooses their number itself."""

SOURCE_BYTES = 200_000
"""The largest student file read."""


class StudentFault(GameError):
    """A student's player failed: the message says how (it costs that game only)."""


def screen(source: str, filename: str = "<student>") -> list[str]:
    """Why a student file may not run (an empty list if it may), read without running it.

    >>> screen("import math\\nfrom gametheory.games import abapa\\n")
    []
    >>> screen("import os, math\\nx = open('f')\\n")
    ['line 1: imports os (allowed: __future__, collections, functools, gametheory, itertools, math, random, typing)', 'line 2: uses open']
    >>> screen("import gametheory.files\\ngametheory.files.os.system('ls')\\n")
    ['line 2: reaches the module os as an attribute']
    """
    try:
        module = ast.parse(source, filename)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        line = getattr(error, "lineno", None)
        why = getattr(error, "msg", None) or type(error).__name__
        return [f"line {line}: does not parse: {why}" if line else f"does not parse: {why}"]
    allowed = ", ".join(sorted(ALLOWED))
    reasons = []
    for node in ast.walk(module):
        line = getattr(node, "lineno", 0)
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = ["." * node.level + (node.module or "")]
        for name in names:
            if name.split(".")[0] not in ALLOWED or name.startswith("."):
                reasons.append(f"line {line}: imports {name} (allowed: {allowed})")
        if isinstance(node, ast.Name) and node.id in _BUILTINS:
            reasons.append(f"line {line}: uses {node.id}")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            reasons.append(f"line {line}: uses the private attribute {node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr in _MODULES | {"modules"}:
            reasons.append(f"line {line}: reaches the module {node.attr} as an attribute")
    return reasons


# -- the teacher's side of a student -------------------------------------------------------------
@dataclass
class StudentPlayer:
    """A student's file as a player: each move is asked of the file's own process, a
    :class:`~gametheory.practice.sandbox.Session` of the sandbox.

    ``refused`` (why it may not run) and ``broken`` (why it could not load) say it plays no
    game. A process that runs out of time or memory is killed, and the next move starts a
    new one. ``printed`` counts the characters it printed (ignored, shown in the table).
    """

    path: Path
    time_per_move: float
    game: Game[Any, Any]
    depth: int = 3
    memory_mb: int = 256
    load_seconds: float = 20.0
    name: str = ""
    refused: str = ""
    broken: str = ""
    printed: int = 0
    source: str = field(default="", repr=False)
    _session: Session | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        self.name = self.name or shown(self.path.stem, 40)
        data, problem = read_file(self.path, SOURCE_BYTES)
        try:
            self.source = (data or b"").decode("utf-8")
        except UnicodeDecodeError:
            problem = "not UTF-8 text"
        if problem:
            self.refused = f"cannot be read: {shown(problem)}"
            return
        self.refused = shown("; ".join(screen(self.source, str(self.path))), 300)

    def __deepcopy__(self, memo: Any) -> StudentPlayer:
        return self  # one process per file: every game asks the same one

    def start(self) -> None:
        """Start the file's process and load the file (or note why it did not load)."""
        if self.refused or self.broken or self._session is not None:
            return
        limits = Limits(seconds=self.time_per_move, memory_mb=self.memory_mb)
        self._session = Session(_loaded, (self.game, self.source, str(self.path), self.depth),
                                limits=limits, setup_seconds=self.load_seconds)  # fmt: skip
        outcome = self._session.start()
        self.printed += len(outcome.output)
        if not outcome.ok:
            self.broken = _fault(outcome)
            self.close()

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """The file's move at ``state`` — one of the teacher's own legal moves — or a
        :class:`StudentFault` that says why not."""
        if self.refused or self.broken:
            raise StudentFault(f"{self.name} plays no game: {self.refused or self.broken}")
        self.start()
        assert self._session is not None
        if self._session.pid is None:  # its process was killed: the file is loaded again
            started = self._session.start()
            if not started.ok:
                raise StudentFault(f"did not load again: {_fault(started)}")
        moves = list(game.legal_moves(state))
        outcome = self._session.call(state)
        self.printed += len(outcome.output)
        index = outcome.value
        if not outcome.ok:
            raise StudentFault(_fault(outcome))
        if isinstance(index, str):
            raise StudentFault(f"chose {shown(index, 60)}, which is not a legal move here")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(moves):
            raise StudentFault(f"sent {shown(index, 60)}; there are {len(moves)} legal moves")
        return moves[index]

    def close(self) -> None:
        """End the file's process (a new one starts at the next move)."""
        session, self._session = self._session, None
        if session is not None:
            session.close()


def _fault(outcome: Outcome) -> str:
    """What went wrong with a file's process, in words safe for the teacher's terminal."""
    said = outcome.message
    if outcome.error == StudentFault.__name__:  # the league's own words, not the student's
        said = said.split(": ", 1)[-1]
    return shown(said, 300)


def _loaded(game: Game[Any, Any], source: str, filename: str, depth: int) -> Callable[[Any], Any]:
    """In the file's own process: run the file, and give what answers each move — the index
    of the move it chooses among the legal ones, or the ``repr`` of a move that is none."""
    from gametheory.players import SearchPlayer

    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    module: dict[str, Any] = {"__name__": "student", "__file__": filename}
    exec(compile(source, filename, "exec"), module)  # noqa: S102 - in its own process
    if callable(module.get("choose")):
        choose = module["choose"]
    elif callable(module.get("evaluate")):
        choose = SearchPlayer("alphabeta", depth, module["evaluate"]).choose
    else:
        raise StudentFault("defines neither choose(game, state) nor evaluate(state, player)")

    def move(state: Any) -> int | str:
        moves = list(game.legal_moves(state))
        chosen = choose(game, state)
        for index, legal in enumerate(moves):
            if type(legal) is type(chosen) and legal == chosen:
                return index
        return repr(chosen)[:80]

    return move


# -- the openings and the ratings ---------------------------------------------------------------
def balanced_openings(
    game: Game[Any, Any], count: int = 6, plies: int = 2, seed: int = 0
) -> list[tuple[Any, ...]]:
    """The ``count`` most balanced openings of ``plies`` plies: of every line that long,
    those whose position a depth-2 alpha-beta with the game's own evaluation finds nearest
    to even (ties in an order drawn from ``seed``). Each pair of a league plays each one with
    both colours, so deterministic players meet in ``2 × count`` different games.

    >>> from gametheory.games.nim import Nim
    >>> balanced_openings(Nim(7), count=2, plies=1)
    [(1,), (2,)]
    """
    from gametheory.evaluation import default_evaluation
    from gametheory.search import alphabeta

    whole_number(count, "openings", minimum=1)
    lines: list[tuple[Any, ...]] = [()]
    for _ in range(plies):
        lines = [
            (*line, move)
            for line in lines
            for move in _moves(game, line)
        ] or lines  # fmt: skip
    random.Random(seed).shuffle(lines)
    evaluate = default_evaluation(game)

    def imbalance(line: tuple[Any, ...]) -> float:
        state = _after(game, line)
        if game.is_terminal(state):
            return math.inf
        return abs(float(alphabeta(game, state, 2, evaluate).value))

    return sorted(lines, key=imbalance)[:count]


def _moves(game: Game[Any, Any], line: tuple[Any, ...]) -> list[Any]:
    state = _after(game, line)
    return [] if game.is_terminal(state) else list(game.legal_moves(state))


def _after(game: Game[Any, Any], line: tuple[Any, ...]) -> Any:
    state = game.initial_state()
    for move in line:
        state = game.result(state, move)
    return state


def ratings(result: TournamentResult, seed: int = 0) -> dict[str, tuple[float, float]]:
    """Each player's openskill rating (Plackett–Luce) as ``(mu, sigma)``: the games are
    taken in an order drawn from ``seed``, so the same seed gives the same ratings.

    >>> from gametheory.tournament import MatchRecord
    >>> game = MatchRecord(("x", "y"), (), (), None, 1.0, True, 0.0)
    >>> mu = {n: round(r[0], 1) for n, r in ratings(TournamentResult(("x", "y"), (game,))).items()}
    >>> mu["x"] > 25 > mu["y"]
    True
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError as error:  # pragma: no cover - an optional dependency
        raise GameError(
            "the league's ratings need openskill: pip install 'gametheory[teacher]'"
        ) from error
    model = PlackettLuce()
    rated = {name: model.rating(name=name) for name in result.names}
    games = list(result.records)
    random.Random(seed).shuffle(games)
    for record in games:
        a, b = record.players
        ranks: list[float] = (
            [0, 0] if record.score == 0.5 else [0, 1] if record.score == 1 else [1, 0]
        )
        [new_a], [new_b] = model.rate([[rated[a]], [rated[b]]], ranks=ranks)
        rated[a], rated[b] = new_a, new_b
    return {name: (float(r.mu), float(r.sigma)) for name, r in rated.items()}


def play_openings(
    game: Game[Any, Any],
    players: Sequence[Any],
    lines: Sequence[tuple[Any, ...]],
    *,
    least: int = 3,
    seed: int = 0,
    max_plies: int | None = None,
    progress: bool = False,
) -> tuple[TournamentResult, bool]:
    """Play the openings ``lines`` in turn — every pair of ``players`` plays each once with
    each colour — until the ratings have **settled**: at least ``least`` openings, the last
    three of which left the same groups. A group is a run of players, in the order of their
    ratings, that the ratings do not tell apart (each one's mu ± sigma overlaps the next
    one's); groups split as the games add up, and when two more openings split or reorder
    none, the players have been separated as far as these games will. Returns the games and
    whether they settled (False: ``lines`` ran out first, or Ctrl-C). The dice of each
    opening's games come from ``seed``: the same seed, the same games.

    >>> from gametheory.games.tictactoe import TicTacToe
    >>> from gametheory.players import GreedyPlayer, SearchPlayer
    >>> players = [SearchPlayer("alphabeta", None, name="perfect"), GreedyPlayer()]
    >>> lines = balanced_openings(TicTacToe(), 8, plies=2)
    >>> result, settled = play_openings(TicTacToe(), players, lines, seed=1)
    >>> settled, len({r.opening for r in result.records})
    (True, 4)
    >>> [sorted(group) for group in rating_groups(ratings(result, seed=1))]
    [['perfect'], ['greedy']]
    """
    rng = random.Random(seed)
    records: list[Any] = []
    result = TournamentResult(tuple(getattr(p, "name", "") for p in players), ())
    seen: list[list[frozenset[str]]] = []
    for count, line in enumerate(lines, start=1):
        part = round_robin(game, players, 2, openings=[line], seed=rng.randrange(2**32),
                           progress=progress, max_plies=max_plies)  # fmt: skip
        records += part.records
        result = TournamentResult(part.names, tuple(records), result.failures + part.failures,
                                  part.unplayed)  # fmt: skip
        if part.unplayed:
            return result, False
        seen.append(rating_groups(ratings(result, seed)))
        if count >= max(least, 3) and seen[-1] == seen[-2] == seen[-3]:
            return result, True
    return result, False


def rating_groups(rated: dict[str, tuple[float, float]]) -> list[frozenset[str]]:
    """The players in the order of their ratings ``{name: (mu, sigma)}``, cut where one's
    mu − sigma lies above the next one's mu + sigma: groups the ratings cannot order within.

    >>> groups = rating_groups({"a": (30.0, 2.0), "b": (29.0, 2.0), "c": (20.0, 3.0)})
    >>> [sorted(group) for group in groups]
    [['a', 'b'], ['c']]
    """
    order = sorted(rated, key=lambda n: (-rated[n][0], n))
    groups = [{order[0]}] if order else []
    for before, name in itertools.pairwise(order):
        (mu, sigma), (next_mu, next_sigma) = rated[before], rated[name]
        if mu - sigma > next_mu + next_sigma:
            groups.append(set())
        groups[-1].add(name)
    return [frozenset(g) for g in groups]


# -- the league ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class League:
    """A class tournament's result: the round robin of the files that loaded, their
    openskill ratings, and the files that played no game, with why. ``settled`` says how
    many openings were played: True, the ratings settled (:func:`play_openings`); False,
    the most allowed were played first; None, their number was given."""

    result: TournamentResult
    players: tuple[StudentPlayer, ...]
    openings: tuple[tuple[Any, ...], ...] = ()
    seed: int = 0
    settled: bool | None = None

    def ratings(self) -> dict[str, tuple[float, float]]:
        """``{name: (mu, sigma)}`` of the players who played (see :func:`ratings`)."""
        return ratings(self.result, self.seed)

    def absent(self) -> list[tuple[str, str]]:
        """``(name, why)`` for every file that played no game: refused or never loaded."""
        return [(p.name, p.refused and f"refused: {p.refused}" or f"did not load: {p.broken}")
                for p in self.players if p.refused or p.broken]  # fmt: skip

    def __str__(self) -> str:
        rated = self.ratings()
        printed = {p.name: p.printed for p in self.players}
        why = {True: ", as many as the ratings needed to settle",
               False: ", the most allowed: the ratings had not settled", None: ""}  # fmt: skip
        lines = [f"{len(self.result.records)} games, {len(self.openings)} openings "
                 f"(each played with both colours){why[self.settled]}",
                 f"{'#':>3} {'player':<24} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>6} "
                 f"{'rating':>16} {'forfeits':>8} {'printed':>7}"]  # fmt: skip
        rows = sorted(self.result.standings(), key=lambda r: (-rated[r.name][0], r.name))
        for k, row in enumerate(rows, start=1):
            mu, sigma = rated[row.name]
            lines.append(
                f"{k:>3} {row.name:<24} {row.games:>5} {row.wins:>4} {row.draws:>4} "
                f"{row.losses:>4} {row.score:>6.1%} {mu:>7.1f} ± {2 * sigma:>5.1f} "
                f"{row.forfeits:>8} {printed.get(row.name, 0):>7}"
            )
        lines.append("rating: openskill's mu ± 2 sigma (about 95 % sure)")
        lines += [shown(line, 300) for line in self.result.problems()]
        absent = self.absent()
        if absent:
            lines.append(f"played no game ({len(absent)}, not rated):")
            lines += [f"  {name}: {why}" for name, why in absent]
        return "\n".join(lines)

    def forfeits(self) -> list[tuple[str, str]]:
        """``(file, reason)`` for every game a file forfeited, in the order played."""
        return [(r.players[r.forfeit], r.error) for r in self.result.records
                if r.forfeit is not None]  # fmt: skip


def league(
    files: Sequence[str | os.PathLike[str]],
    game: Game[Any, Any] | None = None,
    *,
    openings: int | None = None,
    max_openings: int = MAX_OPENINGS,
    plies: int = 2,
    time_per_move: float = 1.0,
    memory_mb: int = 256,
    depth: int = 3,
    max_plies: int = 200,
    seed: int = 0,
    progress: bool = False,
) -> League:
    """A round robin of the students' files on ``game`` (Abapa by default).

    Every option is checked by name first (a number > 0, finite). Each file is screened and
    loaded in a process of its own (see the module docstring); the players are named after
    the files (``s01.py`` is ``s01``). The files that load play each other: every pair plays
    each balanced opening of ``plies`` plies (:func:`balanced_openings`, the most balanced
    first) once with each colour — ``openings`` of them, or, when None, as many as the
    ratings need to settle (:func:`play_openings`: at least 3, at most ``max_openings``).
    Returns the :class:`League`: the table with ratings, why each forfeit happened, and the
    files that played no game.
    """
    from gametheory.games.abapa import Abapa

    if checked_time_per_move(time_per_move) is None:
        raise GameError("time_per_move must be a number of seconds > 0, got None")
    for value, name in ((max_plies, "max_plies"), (1 if openings is None else openings, "openings"),
                        (max_openings, "max_openings"), (plies, "plies"), (memory_mb, "memory_mb"),
                        (depth, "depth")):  # fmt: skip
        whole_number(value, name, minimum=1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GameError(f"seed must be a whole number, got {seed!r}")
    if len(files) < 2:
        raise GameError(f"a league needs at least two student files, got {len(files)}")
    game = Abapa() if game is None else game
    players = [StudentPlayer(Path(f), time_per_move, game, depth, memory_mb) for f in files]
    names = [p.name for p in players]
    for k, player in enumerate(players):
        if names.count(player.name) > 1:
            player.name = f"{player.name}#{names[:k].count(player.name) + 1}"
    fixed = openings is not None
    lines = balanced_openings(game, max_openings if openings is None else openings, plies, seed)
    settled = None
    try:
        for player in players:
            player.start()
        ready = [p for p in players if not (p.refused or p.broken)]
        if len(ready) < 2:
            result = TournamentResult(tuple(p.name for p in ready), ())
        else:
            least = len(lines) if fixed else 3
            result, done = play_openings(game, ready, lines, least=least, seed=seed,
                                         max_plies=max_plies, progress=progress)  # fmt: skip
            settled = None if fixed else done
    finally:
        for player in players:
            player.close()
    played = tuple(dict.fromkeys(r.opening for r in result.records)) if result.records else ()
    return League(result, tuple(players), played, seed, settled)
