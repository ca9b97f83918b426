"""The class tournament: every student's file plays every other, each in a process of its own.

A student hands in a Python file that defines ``choose(game, state)`` (a player: it returns
a legal move) or ``evaluate(state, player)`` (an evaluation function: it plays by alpha-beta
to ``depth`` plies). :func:`league` runs a round robin of them, where each file

* is read first and refused before it runs if it imports anything but :data:`ALLOWED`, or
  reaches for ``open``, ``eval``, ``exec``, a private (``_``) attribute or a module as an
  attribute (``gametheory.files.os``, ``typing.sys``) — :func:`screen`, a courtesy that
  stops casual mischief early; the fence is the process;
* runs in **its own process** (:class:`~gametheory.teacher.child.Child`: a fresh interpreter,
  memory and CPU limits, killed at the time limit), which only ever sends back one line of
  JSON per move — the index of its move among the legal ones, which the teacher's side
  checks; nothing it sends is unpickled, nothing it prints reaches the teacher's terminal
  (a ``print`` is counted and shown in the table, never a forfeit);
* forfeits **a game** when it raises, runs out of time or memory, dies or chooses an illegal
  move; a file that never loads plays no game: it is listed apart, not rated.

Each pair plays every opening of :func:`balanced_openings` once with each colour, and the
ratings (:func:`ratings`) are openskill's (Plackett–Luce), with their uncertainty, the games
taken in an order drawn from ``seed``.

.. warning:: Student files are code running on the teacher's machine, under the teacher's
   account: the process keeps them out of the teacher's Python, not out of the teacher's
   files. Run a league under an account (or a container) that holds nothing you would not
   want read.
"""

from __future__ import annotations

import ast
import base64
import math
import os
import pickle
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path
from typing import Any

from gametheory.core import Game, GameError
from gametheory.teacher.child import Child, ChildFault, shown
from gametheory.tournament import TournamentResult, round_robin

__all__ = [
    "ALLOWED",
    "League",
    "StudentFault",
    "StudentPlayer",
    "balanced_openings",
    "league",
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


def positive(value: object, name: str, *, whole: bool = False) -> Any:
    """``value`` if it is a number > 0 and finite (a whole one if ``whole``), else a
    :class:`GameError` naming the option.

    >>> positive(0.5, "--time-per-move")
    0.5
    >>> positive(float("nan"), "--time-per-move")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: --time-per-move must be a number > 0 (and finite), got nan
    """
    kind = "a whole number" if whole else "a number"
    ok = isinstance(value, int if whole else Real) and not isinstance(value, bool)
    if not ok or not 0 < float(value) < math.inf:  # type: ignore[arg-type]
        raise GameError(f"{name} must be {kind} > 0 (and finite), got {value!r}")
    return value


# -- the teacher's side of a student -------------------------------------------------------------
@dataclass
class StudentPlayer:
    """A student's file as a player: each move is asked of the file's own process.

    ``refused`` (why it may not run) and ``broken`` (why it could not load) say it plays no
    game. A process that runs out of time is killed, and the next game starts a new one.
    ``printed`` counts the ``print`` calls it made (ignored, shown in the table).
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
    _child: Child | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        self.name = self.name or shown(self.path.stem, 40)
        try:
            if not self.path.is_file() or self.path.is_symlink():
                raise OSError("not a regular file")
            with self.path.open("rb") as stream:
                data = stream.read(SOURCE_BYTES + 1)
            if len(data) > SOURCE_BYTES:
                raise OSError(f"larger than {SOURCE_BYTES} bytes")
            self.source = data.decode("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self.refused = f"cannot be read: {shown(error)}"
            return
        self.refused = shown("; ".join(screen(self.source, str(self.path))), 300)

    def __deepcopy__(self, memo: Any) -> StudentPlayer:
        return self  # one process per file: every game asks the same one

    def start(self) -> None:
        """Start the file's process and load the file (or note why it did not load)."""
        if self.refused or self.broken or self._child is not None:
            return
        self._child = Child(self.memory_mb)
        game = base64.b64encode(pickle.dumps(self.game)).decode()
        job = {"job": "load", "source": self.source, "filename": str(self.path),
               "game": game, "depth": self.depth}  # fmt: skip
        try:
            reply = self._child.ask(job, self.load_seconds)
        except ChildFault as fault:
            self.broken = f"{fault} to load"
            return
        self._note(reply)
        if "error" in reply:
            self.broken = shown(reply["error"], 300)

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """The file's move at ``state`` — one of the teacher's own legal moves — or a
        :class:`StudentFault` that says why not."""
        if self.refused or self.broken:
            raise StudentFault(f"{self.name} plays no game: {self.refused or self.broken}")
        self.start()
        assert self._child is not None
        moves = list(game.legal_moves(state))
        job = {"job": "move", "state": base64.b64encode(pickle.dumps(state)).decode()}
        try:
            reply = self._child.ask(job, self.time_per_move)
        except ChildFault as fault:
            self.close()
            raise StudentFault(f"{fault} for a move") from None
        self._note(reply)
        index = reply.get("move")
        if "error" in reply or not isinstance(index, int) or isinstance(index, bool):
            raise StudentFault(shown(reply.get("error", "sent no move"), 300))
        if not 0 <= index < len(moves):
            raise StudentFault(f"sent move number {index}; there are {len(moves)} legal moves")
        return moves[index]

    def _note(self, reply: dict[str, Any]) -> None:
        printed = reply.get("printed")
        if isinstance(printed, int) and not isinstance(printed, bool):
            self.printed = max(self.printed, printed)

    def close(self) -> None:
        """End the file's process (a new one starts at the next move)."""
        child, self._child = self._child, None
        if child is not None:
            child.close()


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

    positive(count, "openings", whole=True)
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


# -- the league ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class League:
    """A class tournament's result: the round robin of the files that loaded, their
    openskill ratings, and the files that played no game, with why."""

    result: TournamentResult
    players: tuple[StudentPlayer, ...]
    openings: tuple[tuple[Any, ...], ...] = ()
    seed: int = 0

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
        lines = [f"{len(self.result.records)} games, {len(self.openings)} openings "
                 "(each played with both colours)",
                 f"{'#':>3} {'player':<24} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>6} "
                 f"{'rating':>16} {'forfeits':>8} {'prints':>6}"]  # fmt: skip
        rows = sorted(self.result.standings(), key=lambda r: (-rated[r.name][0], r.name))
        for k, row in enumerate(rows, start=1):
            mu, sigma = rated[row.name]
            lines.append(
                f"{k:>3} {row.name:<24} {row.games:>5} {row.wins:>4} {row.draws:>4} "
                f"{row.losses:>4} {row.score:>6.1%} {mu:>7.1f} ± {2 * sigma:>5.1f} "
                f"{row.forfeits:>8} {printed.get(row.name, 0):>6}"
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
    openings: int = 6,
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
    each of ``openings`` balanced openings of ``plies`` plies once with each colour. Returns
    the :class:`League`: the table with ratings, why each forfeit happened, and the files
    that played no game.
    """
    from gametheory.games.abapa import Abapa

    for value, name in ((time_per_move, "time_per_move"), (max_plies, "max_plies"),
                        (openings, "openings"), (plies, "plies"), (memory_mb, "memory_mb"),
                        (depth, "depth")):  # fmt: skip
        positive(value, name, whole=name != "time_per_move")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GameError(f"seed must be a whole number, got {seed!r}")
    if len(files) < 2:
        raise GameError(f"a league needs at least two student files, got {len(files)}")
    _check_a_process_starts()
    game = Abapa() if game is None else game
    players = [StudentPlayer(Path(f), time_per_move, game, depth, memory_mb) for f in files]
    names = [p.name for p in players]
    for k, player in enumerate(players):
        if names.count(player.name) > 1:
            player.name = f"{player.name}#{names[:k].count(player.name) + 1}"
    lines = tuple(balanced_openings(game, openings, plies, seed))
    try:
        for player in players:
            player.start()
        ready = [p for p in players if not (p.refused or p.broken)]
        if len(ready) < 2:
            result = TournamentResult(tuple(p.name for p in ready), ())
        else:
            result = round_robin(game, ready, 2 * len(lines), openings=list(lines), seed=seed,
                                 progress=progress, max_plies=max_plies)  # fmt: skip
    finally:
        for player in players:
            player.close()
    return League(result, tuple(players), lines, seed)


def _check_a_process_starts() -> None:
    """A child process answers, or the teacher is told it is their setup, not the students'."""
    try:
        with Child() as child:
            child.ask({"job": "echo", "text": "ready"}, 60)
    except (ChildFault, OSError) as error:
        raise GameError(
            f"could not start a process for the students' files ({error}): this is the "
            "teacher's setup (Python, the package), not the students' fault"
        ) from error
