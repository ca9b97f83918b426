"""The class tournament: every student's file plays every other, each in a process of its own.

A student hands in a Python file that defines ``choose(game, state)`` (a player: it returns
a legal move) or ``evaluate(state, player)`` (an evaluation function: it plays by alpha-beta
to ``depth`` plies). :func:`league` runs a round robin of them
(:func:`~gametheory.tournament.round_robin`: the openings, both colours, the table and the
ratings), where each file

* is read first and **refused before it runs** if it imports anything but :data:`ALLOWED`
  (as Udacity's grader does), or uses ``open``, ``eval``, ``exec``, ``__import__`` or a
  double-underscore attribute (:func:`screen`);
* runs in **its own process** (forked from a fresh interpreter, a fork server: it sees
  nothing of the teacher's process), with a **memory limit** (``resource.setrlimit``, on top of what the process uses
  when it starts) and a **time limit per move**, its output captured;
* **forfeits**, with the reason recorded, when it fails to load, raises, runs out of time or
  memory, prints, dies or chooses an illegal move. That costs it the game, never the
  tournament.

.. warning:: Student files are code running on the teacher's machine. Separate processes
   with limits, and the import check, contain mistakes and casual mischief; a determined
   student could still escape them. Run a league under an account (or a container) that
   holds nothing you would not want read.
"""

from __future__ import annotations

import ast
import contextlib
import io
import multiprocessing
import os
import pickle
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from gametheory.core import Game, GameError
from gametheory.tournament import TournamentResult, round_robin

__all__ = ["ALLOWED", "League", "StudentFault", "StudentPlayer", "league", "screen"]

ALLOWED = frozenset(
    {
        "math",
        "random",
        "itertools",
        "functools",
        "collections",
        "gametheory",
        "__future__",
        "typing",
    }
)
"""The modules (with their submodules) a student file may import."""

_BUILTINS = frozenset(
    {"open", "eval", "exec", "compile", "__import__", "input", "breakpoint", "globals", "vars",
     "locals", "getattr", "setattr", "delattr", "__builtins__", "memoryview"}
)  # fmt: skip
"""Built-in names a student file may not use: they reach outside the game."""

_DUNDERS = frozenset({"__init__", "__name__", "__doc__"})
"""The double-underscore attributes a student file may use."""


class StudentFault(GameError):
    """A student's player failed: the message says how (it costs that game only)."""


def screen(source: str, filename: str = "<student>") -> list[str]:
    """Why a student file may not run (an empty list if it may), read without running it.

    >>> screen("import math\\nfrom gametheory.games import abapa\\n")
    []
    >>> screen("import os, math\\nx = open('f')\\n")
    ['line 1: imports os (allowed: __future__, collections, functools, gametheory, itertools, math, random, typing)', 'line 2: uses open']
    """
    try:
        module = ast.parse(source, filename)
    except SyntaxError as error:
        return [f"line {error.lineno}: does not parse: {error.msg}"]
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
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("__")
            and node.attr not in _DUNDERS
        ):
            reasons.append(f"line {line}: uses the attribute {node.attr}")
    return reasons


# -- the student's own process ------------------------------------------------------------------
def _serve(
    conn: Connection, source: str, filename: str, game: bytes, depth: int, memory_mb: int
) -> None:
    """The student's process: load the file under the limits, then answer moves until told
    to stop. Every reply is ``("ok", value)`` or ``(problem, what happened)``."""
    out = io.StringIO()
    sys.stdout = sys.stderr = out
    the_game = pickle.loads(game)
    try:
        _limit_memory(memory_mb)
        player = _load(source, filename, the_game, depth)
    except BaseException as error:  # noqa: BLE001 - anything a file does at import is its fault
        conn.send(("failed", _said(error, filename, memory_mb)))
        return
    if out.getvalue():
        conn.send(("failed", f"printed while loading: {out.getvalue()[:60]!r}"))
        return
    conn.send(("ok", None))
    while True:
        state = conn.recv()
        try:
            move = player.choose(the_game, state)
        except BaseException as error:  # noqa: BLE001
            conn.send(("failed", _said(error, filename, memory_mb)))
            continue
        printed, _ = out.getvalue(), out.truncate(0)
        out.seek(0)
        try:
            conn.send(("failed", f"printed {printed[:60]!r} (a player must not print)")
                      if printed else ("ok", move))  # fmt: skip
        except Exception as error:  # noqa: BLE001 - a "move" that cannot travel back
            conn.send(("failed", f"chose {type(move).__name__}, which is no move ({error})"))


def _limit_memory(memory_mb: int) -> None:
    """At most ``memory_mb`` MB of address space more than the process uses now (where the
    system keeps that limit: Linux does; macOS accepts it without keeping it, Windows has
    no ``resource``)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return
    try:
        with open("/proc/self/statm") as statm:  # noqa: PTH123 - Linux: pages of address space
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # pragma: no cover - no /proc (macOS): the largest resident size, bytes
        used = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    limit = used + memory_mb * 2**20
    with contextlib.suppress(ValueError, OSError):  # a system that refuses the limit
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _load(source: str, filename: str, game: Game[Any, Any], depth: int) -> Any:
    """The student's player: their ``choose``, or alpha-beta with their ``evaluate``."""
    from gametheory.players import SearchPlayer

    module: dict[str, Any] = {"__name__": "student", "__file__": filename}
    exec(compile(source, filename, "exec"), module)  # noqa: S102 - screened, in its own process
    if callable(module.get("choose")):
        return _Chooser(module["choose"])
    if callable(module.get("evaluate")):
        return SearchPlayer("alphabeta", depth, module["evaluate"])
    raise StudentFault("defines neither choose(game, state) nor evaluate(state, player)")


@dataclass
class _Chooser:
    function: Any
    name: str = "student"

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.function(game, state)


def _said(error: BaseException, filename: str, memory_mb: int) -> str:
    """What went wrong, in the student's terms: the error and their line where it happened."""
    if isinstance(error, MemoryError):
        return f"ran out of memory (the limit is {memory_mb} MB)"
    if isinstance(error, StudentFault):
        return str(error)
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == filename]
    where = f" at line {lines[-1]}" if lines else ""
    return f"raised {type(error).__name__}{where}: {error}".rstrip(": ")


# -- the teacher's side of a student ---------------------------------------------------------------
@dataclass
class StudentPlayer:
    """A student's file as a player: each move is asked of the file's own process.

    ``refused`` (why it may not run) and ``broken`` (why it could not load) make every move
    a forfeit with that reason. A process that runs out of time is ended, and the next game
    starts a new one.
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
    _process: Any = field(default=None, repr=False)
    _conn: Connection | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        self.name = self.name or self.path.stem
        try:
            self.source = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self.refused = f"cannot be read: {error}"
            return
        self.refused = "; ".join(screen(self.source, str(self.path)))

    def __deepcopy__(self, memo: Any) -> StudentPlayer:
        return self  # one process per file: every game asks the same one

    def start(self) -> None:
        """Start the file's process and wait for it to load (or say why it did not)."""
        if self.refused or self.broken or self._conn is not None:
            return
        context = _context()
        mine, theirs = context.Pipe()
        game = pickle.dumps(self.game)
        args = (theirs, self.source, str(self.path), game, self.depth, self.memory_mb)
        self._process = context.Process(target=_serve, args=args, daemon=True)
        self._process.start()
        theirs.close()
        self._conn = mine
        try:
            self._ask(None, self.load_seconds, "to load")
        except StudentFault as fault:
            self.broken = str(fault)

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """The file's move at ``state``, or a :class:`StudentFault` that says why not."""
        if self.refused:
            raise StudentFault(f"refused before it ran: {self.refused}")
        self.start()
        if self.broken:
            raise StudentFault(f"did not load: {self.broken}")
        return self._ask(state, self.time_per_move, "for a move")

    def _ask(self, state: Any, seconds: float, what: str) -> Any:
        assert self._conn is not None
        try:
            if state is not None:
                self._conn.send(state)
            if not self._conn.poll(seconds):
                self.close()
                raise StudentFault(f"took longer than {seconds:g} s {what}")
            status, value = self._conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            code = self._process.exitcode if self._process is not None else None
            self.close()
            raise StudentFault(f"its process died (exit code {code})") from None
        if status != "ok":
            raise StudentFault(str(value))
        return value

    def close(self) -> None:
        """End the file's process (a new one starts at the next move)."""
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None


def _context() -> Any:
    """Processes forked from a fresh interpreter (a fork server that has loaded the package):
    quick to start, and holding nothing of the teacher's process."""
    if "forkserver" not in multiprocessing.get_all_start_methods():  # pragma: no cover - Windows
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["gametheory.teacher.league", "gametheory.players"])
    return context


@dataclass(frozen=True)
class League:
    """A class tournament's result: the round robin's, with each file's refusal or load
    failure."""

    result: TournamentResult
    players: tuple[StudentPlayer, ...]

    def __str__(self) -> str:
        lines = [str(self.result)]
        for p in self.players:
            if p.refused or p.broken:
                lines.append(
                    f"{p.name}: {'refused: ' + p.refused if p.refused else 'did not load: ' + p.broken}"
                )
        return "\n".join(lines)

    def forfeits(self) -> list[tuple[str, str]]:
        """``(file, reason)`` for every game a file forfeited, in the order played."""
        found = []
        for record in self.result.records:
            if record.forfeit is not None:
                found.append((record.players[record.forfeit], record.error))
        return found


def league(
    files: Sequence[str | os.PathLike[str]],
    game: Game[Any, Any] | None = None,
    *,
    games_per_pair: int = 2,
    time_per_move: float = 1.0,
    memory_mb: int = 256,
    depth: int = 3,
    max_plies: int = 200,
    seed: int = 0,
) -> League:
    """A round robin of the students' files on ``game`` (Abapa by default).

    Each file is screened, then plays in a process of its own (see the module docstring);
    the players are named after the files (``s01.py`` is ``s01``). Returns the
    :class:`League`: the table with ratings, and why each forfeit happened.
    """
    from gametheory.games.abapa import Abapa

    if len(files) < 2:
        raise GameError(f"a league needs at least two student files, got {len(files)}")
    game = Abapa() if game is None else game
    players = [StudentPlayer(Path(f), time_per_move, game, depth, memory_mb) for f in files]
    try:
        result = round_robin(
            game,
            players,
            games_per_pair,
            openings=1,
            seed=seed,
            progress=False,
            max_plies=max_plies,
        )
    finally:
        for player in players:
            player.close()
    return League(result, tuple(players))
