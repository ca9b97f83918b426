"""A student's code in a process of its own: the teacher's side sends jobs, only plain data
(one JSON line per reply) comes back.

The teacher's process never runs a student's code and never unpickles anything a student's
process sends: :class:`Child` starts ``python -m gametheory.teacher.child``, writes each
job to its standard input (the teacher's own data), and reads each reply as one line of
JSON, at most :data:`REPLY_BYTES` long, within a deadline; past the deadline the process is
killed (``SIGKILL``: no Python code in it can stop that). In the child, everything the
student prints or writes to the standard output or error goes nowhere (their file
descriptors point at ``/dev/null``; ``print`` is counted, then dropped); replies go out on a
copy of the original standard output made before any student code ran. The child limits its
own memory (``RLIMIT_AS``, soft and hard, so it cannot raise it again) and CPU time before
it runs a student's code.

Jobs (a JSON object with a ``job`` field; the game travels as a pickle *to* the child, the
safe direction):

* ``load``: read a league file (``choose(game, state)`` or ``evaluate(state, player)``);
* ``move``: the index of the move the loaded file chooses in ``game.legal_moves(state)``.

A league player lives here for a whole league (a process per move, as the code grader's
sandbox :func:`gametheory.practice.sandbox.run` makes one per call, would cost a fork per
move); a collected code answer, graded once, goes through the sandbox itself.

>>> with Child(memory_mb=256) as child:
...     child.ask({"job": "echo", "text": "hi"}, seconds=20)
{'text': 'hi', 'printed': 0}
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import pickle
import selectors
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from gametheory.core import GameError

__all__ = ["REPLY_BYTES", "Child", "ChildFault", "shown"]

REPLY_BYTES = 64 * 1024
"""The longest reply line the teacher's side reads; a longer one ends the child."""


class ChildFault(GameError):
    """A student's process did not answer as it should: the message says how."""


def shown(text: object, limit: int = 200) -> str:
    """``text`` safe for a terminal or a report line: control characters (newlines, escape
    sequences) written as ``\\xNN`` escapes, cut at ``limit`` characters.

    >>> shown("s01\\n\\x1b[2Js02 100%")
    's01\\\\n\\\\x1b[2Js02 100%'
    """
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return out if len(out) <= limit else out[: limit - 1] + "…"


class Child:
    """A process for one student's code (see the module docstring). Start it with ``with``
    or :meth:`start`; :meth:`ask` sends a job and waits for its reply; :meth:`close`
    kills it."""

    def __init__(self, memory_mb: int = 256, cpu_seconds: int = 600) -> None:
        self.memory_mb, self.cpu_seconds = memory_mb, cpu_seconds
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""

    def __enter__(self) -> Child:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start the process (a fresh interpreter, in an empty working folder)."""
        if self._process is not None:
            return
        root = str(Path(__file__).resolve().parents[2])
        env = {"PYTHONPATH": root, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1",
               "OMP_NUM_THREADS": "1", "MPLBACKEND": "Agg", "PATH": os.defpath}  # fmt: skip
        limits = json.dumps([self.memory_mb, self.cpu_seconds])
        self._process = subprocess.Popen(
            [sys.executable, "-m", "gametheory.teacher.child", limits],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env, cwd=_empty_folder(), start_new_session=True,
        )  # fmt: skip
        self._buffer = b""

    def ask(self, job: dict[str, Any], seconds: float) -> dict[str, Any]:
        """Send ``job``; its reply (a JSON object) within ``seconds``, or a
        :class:`ChildFault` (the process is killed: the next job starts a new one)."""
        self.start()
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps(job).encode() + b"\n")
            self._process.stdin.flush()
        except OSError:
            raise self._died() from None
        line = self._line(time.monotonic() + seconds, seconds)
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):
            self.close()
            raise ChildFault("sent something that is not a reply") from None
        if not isinstance(reply, dict):
            self.close()
            raise ChildFault("sent something that is not a reply")
        return reply

    def _line(self, deadline: float, seconds: float) -> bytes:
        """The next line the child sends, read without blocking past ``deadline``."""
        assert self._process is not None and self._process.stdout is not None
        fd = self._process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    self.close()
                    raise ChildFault(f"took longer than {seconds:g} s")
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise self._died()
                self._buffer += chunk
                if len(self._buffer) > REPLY_BYTES:
                    self.close()
                    raise ChildFault(f"sent more than {REPLY_BYTES} bytes for one reply")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _died(self) -> ChildFault:
        process = self._process
        code = process.wait(5) if process is not None else None
        self.close()
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else ""
            return ChildFault(f"its process was ended by a signal ({name or -code})")
        return ChildFault(f"its process ended (exit code {code})")

    def close(self) -> None:
        """Kill the process (no code of it runs after this)."""
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError):  # its whole process group: a child it forked too
            os.killpg(process.pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
        process.wait(5)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()


def _empty_folder() -> str:
    import tempfile

    return tempfile.mkdtemp(prefix="gametheory-student-")


# -- the child's side ---------------------------------------------------------------------------
class _Printed:
    """``sys.stdout`` in the child: counts what the student prints, keeps none of it."""

    def __init__(self) -> None:
        self.count = 0

    def write(self, text: str) -> int:
        self.count += 1
        return len(text)

    def flush(self) -> None:
        pass


def main() -> None:  # pragma: no cover - runs in the child (tests/test_teacher_league.py)
    """The child: limits, then one reply line per job line, until its input ends."""
    memory_mb, cpu_seconds = json.loads(sys.argv[1])
    channel = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    printed = _Printed()
    sys.stdout = sys.stderr = printed
    import gametheory.players  # noqa: F401

    _limit(memory_mb, cpu_seconds)
    state: dict[str, Any] = {}
    for line in sys.stdin.buffer:
        job = json.loads(line)
        try:
            reply = _JOBS[job["job"]](job, state)
        except BaseException as error:  # noqa: BLE001 - anything student code does is its fault
            filename = job.get("filename") or state.get("filename", "")
            reply = {"error": _said(error, filename, memory_mb)}
        reply["printed"] = printed.count
        channel.write(json.dumps(reply, default=str).encode() + b"\n")


def _limit(memory_mb: int, cpu_seconds: int) -> None:
    """At most ``memory_mb`` MB of address space more than the child uses now, and
    ``cpu_seconds`` of CPU (where the system keeps such limits: Linux does)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return
    try:
        with open("/proc/self/statm") as statm:  # noqa: PTH123 - Linux: pages of address space
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # pragma: no cover - no /proc (macOS)
        used = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for which, value in ((resource.RLIMIT_AS, used + memory_mb * 2**20),
                         (resource.RLIMIT_CPU, cpu_seconds)):  # fmt: skip
        with contextlib.suppress(ValueError, OSError):  # a system that refuses the limit
            resource.setrlimit(which, (value, value))


def _said(error: BaseException, filename: str, memory_mb: int) -> str:
    """What went wrong, in the student's terms: the error and their line where it happened."""
    if isinstance(error, MemoryError):
        return f"ran out of memory (the limit is {memory_mb} MB)"
    if isinstance(error, RecursionError):
        return "recursed too deep (RecursionError)"
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == filename]
    where = f" at line {lines[-1]}" if lines else ""
    try:
        text = str(error)
    except BaseException:  # noqa: BLE001 - an exception whose __str__ fails
        text = ""
    return f"raised {type(error).__name__}{where}: {text}"[:300].rstrip(": ")


def _echo(job: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    return {"text": job["text"]}


def _load(job: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """A league file: its ``choose``, or alpha-beta to ``depth`` with its ``evaluate``."""
    from gametheory.players import SearchPlayer

    game = state["game"] = pickle.loads(base64.b64decode(job["game"]))
    state["filename"] = job["filename"]
    module: dict[str, Any] = {"__name__": "student", "__file__": job["filename"]}
    exec(compile(job["source"], job["filename"], "exec"), module)  # noqa: S102 - its own process
    if callable(module.get("choose")):
        choose = module["choose"]
        state["choose"] = lambda s: choose(game, s)
    elif callable(module.get("evaluate")):
        player = SearchPlayer("alphabeta", job["depth"], module["evaluate"])
        state["choose"] = lambda s: player.choose(game, s)
    else:
        return {"error": "defines neither choose(game, state) nor evaluate(state, player)"}
    return {"loaded": True}


def _move(job: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The index of the chosen move among the legal ones (the teacher maps it back)."""
    position = pickle.loads(base64.b64decode(job["state"]))
    moves = list(state["game"].legal_moves(position))
    move = state["choose"](position)
    for index, legal in enumerate(moves):
        if type(legal) is type(move) and legal == move:
            return {"move": index}
    return {"error": f"chose {shown(repr(move), 60)}, which is not a legal move here"}


_JOBS = {"echo": _echo, "load": _load, "move": _move}

if __name__ == "__main__":  # pragma: no cover
    main()
