"""Run code that may not be trusted — a student's function, a collected file — with hard limits.

:func:`run` calls a function (or a function defined by a piece of source) in a **child
process** forked from this one, and waits at most ``limits.seconds`` for it: then the child is
killed, whatever Python code it runs (an endless loop, ``time.sleep``, long C-level work, a
catastrophic regex). In the child the address space is capped (``resource.setrlimit``), printing
is capped and never reaches the caller's output, and the function's answer comes back as
**plain data** (JSON: numbers, strings, lists, dicts, None) — nothing the child built is ever
unpickled on the caller's side. Every way the child can end is reported in words in the
:class:`Outcome`: a value, an exception (also one whose ``__str__`` fails), ``exit()``,
``os._exit``, a segmentation fault (a recursion limit raised too far), ``KeyboardInterrupt``,
any ``BaseException``, too much memory, too much output, too much time.

Where no child process can be had (no ``os.fork``: Windows, a browser kernel), the function
runs in this process with the strongest guard there is: an alarm signal in the main thread
that fires again every 50 ms after the limit (a ``except:`` cannot swallow it for good) and a
trace on every call that re-installs itself, ``exit`` and ``os._exit`` turned into exceptions,
output captured and capped. That guard can be defeated (C-level work is not interrupted, an endless loop
inside a bare ``except:`` that is itself in an endless loop catches every alarm, there is no
memory cap); the outcome says which guard ran (``isolated``).

The function can send plain data back *while* it runs with :func:`note` (what it did so
far survives a timeout or a crash). A :class:`Session` keeps one child for a sequence of
calls (a league player's moves), each under the same limits; :func:`shown` makes what such
code printed or named safe to show in a terminal.

>>> def add(a, b):
...     print("adding")
...     return a + b
>>> outcome = run(add, (2, 3))
>>> outcome.status, outcome.value, outcome.output
('returned', 5, 'adding\\n')
>>> run("def f():\\n    while True:\\n        pass\\n", entry="f", limits=Limits(seconds=0.2)).status
'timeout'
>>> print(run(exit).message)
called exit(): that ends the whole program; a function returns its answer instead
"""

from __future__ import annotations

import contextlib
import dataclasses
import faulthandler
import gc
import io
import json
import linecache
import math
import os
import pickle
import select
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path as _FilePath
from types import FrameType
from typing import Any

from gametheory.core import GameError
from gametheory.formatting import number_text

__all__ = [
    "STATUSES",
    "Limits",
    "REPLY_BYTES",
    "Outcome",
    "Session",
    "error_text",
    "inside_run",
    "isolation_available",
    "note",
    "run",
    "shown",
]

STATUSES = ("returned", "raised", "exited", "crashed", "timeout", "memory", "output")
"""How a run can end: the function returned plain data (``returned``); it raised an
exception (``raised``, also a ``BaseException`` such as ``KeyboardInterrupt`` or a value that
is no plain data); it ended its process (``exited``: ``exit()``, ``os._exit``); the process
died of a signal (``crashed``: a segmentation fault); or it passed a limit (``timeout``,
``memory``, ``output``)."""

_PACKAGE = str(_FilePath(__file__).resolve().parent.parent)
_SOURCE = "<student>"
_REARM = 0.05  # seconds between alarms once the time is up (in-process guard)


@dataclass(frozen=True)
class Limits:
    """The limits of one run: wall-clock ``seconds``, ``memory_mb`` of address space more
    than the process had when it started, ``output_chars`` characters printed."""

    seconds: float = 2.0
    memory_mb: int = 256
    output_chars: int = 20_000

    def __post_init__(self) -> None:
        for name, low in (("seconds", 0.0), ("memory_mb", 1), ("output_chars", 0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value >= low:
                raise GameError(f"Limits.{name} must be a number ≥ {low}, got {value!r}")
        if not 0 < self.seconds < math.inf:
            raise GameError(f"Limits.seconds must be a positive number, got {self.seconds!r}")


@dataclass(frozen=True)
class Outcome:
    """What a run gave.

    Attributes
    ----------
    status : str
        One of :data:`STATUSES`.
    value : Any
        The function's answer as plain data (tuples come back as lists), or None.
    message : str
        What happened, in words ("" when the function returned).
    output : str
        What it printed, up to the limit.
    notes : tuple
        What it sent with :func:`note` while it ran, in order.
    isolated : bool
        True: it ran in a child process; False: in this process under the weaker guard.
    error : str or None
        The class name of the exception that ended it (``"RecursionError"``), if one did.
    seconds : float
        Wall-clock time of the run.
    """

    status: str
    value: Any = None
    message: str = ""
    output: str = ""
    notes: tuple[Any, ...] = field(default=(), repr=False)
    isolated: bool = True
    error: str | None = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Whether the function returned."""
        return self.status == "returned"


def isolation_available() -> bool:
    """Whether :func:`run` can use a child process here (``os.fork`` exists).

    >>> isinstance(isolation_available(), bool)
    True
    """
    return hasattr(os, "fork") and sys.platform not in ("emscripten", "wasi")


def inside_run() -> bool:
    """Whether this code runs inside :func:`run` (in its child process, or under its guard).

    >>> inside_run(), run(inside_run).value
    (False, True)
    """
    return _Channel.inside or _Channel.current is not None


def run(
    target: Callable[..., Any] | str,
    args: Sequence[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
    *,
    limits: Limits | None = None,
    entry: str | None = None,
    isolate: bool | None = None,
) -> Outcome:
    """Call ``target(*args, **kwargs)`` under ``limits`` and say how it ended.

    Parameters
    ----------
    target
        A function, or Python source that defines the function named ``entry`` (the
        source is run first, inside the limits; its lines are quoted in messages).
    args, kwargs
        The arguments (they reach the child as they are: a fork copies them).
    limits
        :class:`Limits`; the defaults when None.
    entry
        With source: the name of the function to call.
    isolate
        True: a child process (an error where none can be had); False: in this process under
        the weaker guard; None: a child process where one can be had.

    Returns
    -------
    Outcome

    Examples
    --------
    >>> outcome = run(lambda: 1 / 0)
    >>> outcome.status, outcome.error
    ('raised', 'ZeroDivisionError')
    >>> run(lambda: (1, 2.5)).value
    [1, 2.5]
    """
    limits = Limits() if limits is None else limits
    if isinstance(target, str):
        if not isinstance(entry, str) or not entry.isidentifier():
            raise GameError(f"run(source) needs entry=, the name of a function; got {entry!r}")
    elif not callable(target):
        raise GameError(f"run needs a function or source, got {target!r}")
    call = _Call(target, tuple(args), dict(kwargs or {}), entry)
    if isolate is None:
        isolate = isolation_available() and not _Channel.inside
    if isolate and not isolation_available():
        raise GameError("run(isolate=True): this platform has no os.fork; pass isolate=None")
    start = time.perf_counter()
    outcome = _forked(call, limits) if isolate else _in_process(call, limits)
    return _timed(outcome, time.perf_counter() - start)


def note(data: Any) -> None:
    """Send plain data to the caller of :func:`run` now (from inside the function it runs);
    it arrives in :attr:`Outcome.notes` even if the function later dies. Outside a run it
    does nothing.

    >>> def steps():
    ...     note("first")
    ...     raise SystemExit
    >>> run(steps).notes
    ('first',)
    """
    channel = _Channel.current
    if channel is not None:
        channel.send({"note": data})


# -- the call, and what ended it ----------------------------------------------------------------
@dataclass(frozen=True)
class _Call:
    target: Callable[..., Any] | str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    entry: str | None

    def __call__(self) -> Any:
        function: Any = self.target
        if isinstance(function, str):
            lines = function.splitlines(keepends=True)
            linecache.cache[_SOURCE] = (len(function), None, lines, _SOURCE)
            namespace: dict[str, Any] = {"__name__": "student"}
            exec(compile(function, _SOURCE, "exec"), namespace)  # noqa: S102 - under the limits
            function = namespace.get(self.entry or "")
            if not callable(function):
                raise _Missing(f"the source defines no function {self.entry!r}")
        return function(*self.args, **self.kwargs)


class _Missing(Exception):
    """The source defines no function by the entry's name."""


class _Ended(BaseException):
    """Raised in this process (the weaker guard) where the function passed a limit or tried
    to end the process; a BaseException so that ``except Exception`` does not catch it."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def error_text(error: BaseException) -> str:
    """``str(error)``, or a word that it could not be had (a hostile ``__str__``).

    >>> class Odd(Exception):
    ...     def __str__(self):
    ...         raise ValueError
    >>> error_text(KeyError("k")), error_text(Odd())
    ("'k'", '(its message could not be shown: its __str__ raised ValueError)')
    """
    try:
        text = str(error)
    except BaseException as inner:  # noqa: BLE001 - its __str__ is the student's code
        return f"(its message could not be shown: its __str__ raised {type(inner).__name__})"
    return text if isinstance(text, str) else ""


def shown(text: object, limit: int = 200) -> str:
    """``text`` from code that may not be trusted (what it printed, a file's name), safe for
    a terminal or a report line: control characters (newlines, escape sequences) written as
    ``\\xNN`` escapes, cut at ``limit`` characters.

    >>> shown("s01\\n\\x1b[2Js02 100%")
    's01\\\\n\\\\x1b[2Js02 100%'
    """
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _where(error: BaseException) -> str:
    """`` (line 4: `return max(values)`)`` for the last line of the code under test (the
    traceback walked by hand: a recursion a million frames deep is not formatted)."""
    last, tb = None, error.__traceback__
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_PACKAGE):
            last = tb
        tb = tb.tb_next
    if last is None:
        return ""
    filename, number = last.tb_frame.f_code.co_filename, last.tb_lineno
    line = linecache.getline(filename, number).strip()
    return f" (line {number}: `{line}`)" if line else ""


def _said(error: BaseException, limits: Limits) -> tuple[str, str]:
    """``(status, message)`` for an exception that ended the function."""
    if isinstance(error, _Ended):
        return error.status, error.message
    if isinstance(error, MemoryError):
        return "memory", f"used more than {limits.memory_mb} MB of memory"
    if isinstance(error, SystemExit):
        return (
            "exited",
            "called exit(): that ends the whole program; a function returns its answer instead",
        )
    name = type(error).__name__
    text = error_text(error)
    said = f"raised {name}" + (f": {text}" if text else "") + _where(error)
    if isinstance(error, KeyboardInterrupt):
        said += " (an interrupt, as Ctrl-C or the stop button sends)"
    elif not isinstance(error, Exception):
        said += f" ({name} is a BaseException: it is meant to end a program, not a function)"
    return "raised", said


def _answer(value: Any) -> dict[str, Any]:
    """The result line for a returned value: the value as plain data, or why it is not."""
    try:
        return {"status": "returned", "value": json.loads(json.dumps(value))}
    except (TypeError, ValueError, RecursionError):
        kind = type(value).__name__
        return {"status": "raised", "message": f"returned a {kind}, which is not plain data "
                "(numbers, strings, lists, dicts)", "error": "TypeError"}  # fmt: skip


def _timed(outcome: Outcome, seconds: float) -> Outcome:
    return dataclasses.replace(outcome, seconds=seconds)


def _timeout_message(seconds: float) -> str:
    return f"ran for more than {number_text(seconds)} s and was stopped"


class _Output(io.TextIOBase):
    """Where the function's ``print`` goes: kept up to ``cap`` characters; past the cap,
    ``overflow`` is called (which ends the run)."""

    def __init__(self, cap: int, overflow: Callable[[], None]) -> None:
        self.cap, self.overflow, self.parts, self.size = cap, overflow, list[str](), 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        room = self.cap - self.size
        if room > 0:
            self.parts.append(text[:room])
        self.size += len(text)
        if self.size > self.cap:
            self.overflow()
        return len(text)

    def text(self) -> str:
        return "".join(self.parts)


def _output_message(limits: Limits) -> str:
    return f"printed more than {limits.output_chars} characters and was stopped"


# -- the child process ------------------------------------------------------------------------
class _Channel:
    """The child's end of the pipe: one JSON object a line."""

    current: _Channel | None = None
    inside = False  # this process is a child of run(): a nested run stays in-process

    def __init__(self, fd: int | None) -> None:
        self.fd, self.notes = fd, list[Any]()

    def send(self, message: dict[str, Any]) -> None:
        if self.fd is None:  # in this process: keep the note as plain data
            self.notes.append(json.loads(json.dumps(message["note"])))
            return
        data = (json.dumps(message) + "\n").encode()
        while data:
            data = data[os.write(self.fd, data) :]


def _enter(fd: int, keep: tuple[int, ...], limits: Limits) -> _Channel:
    """The child's start: a process group of its own (whatever it forks is killed with it),
    no file of the caller's open but its pipes, output to nowhere, memory capped."""
    os.setpgid(0, 0)
    faulthandler.disable()  # a crash is reported in words, not dumped on the caller's
    low = 3  # the caller's other pipes (another session's) and files: not the child's
    for open_fd in sorted(keep):
        os.closerange(low, open_fd)
        low = open_fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX"))
    null = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):  # C-level printing must not reach the caller's output
        os.dup2(null, stream)
    os.close(null)
    channel = _Channel(fd)
    _Channel.current, _Channel.inside = channel, True
    _limit_memory(limits.memory_mb)
    return channel


def _attempt(call: Callable[[], Any], channel: _Channel, limits: Limits) -> dict[str, Any]:
    """``call()`` in the child, its printing captured: the result line to send (printing
    past the cap sends the ``output`` line and ends the child)."""

    def overflow() -> None:
        channel.send({"status": "output", "message": _output_message(limits), "output": out.text()})
        os._exit(0)

    out = _Output(limits.output_chars, overflow)
    sys.stdout = sys.stderr = out
    try:
        result = _answer(call())
    except BaseException as error:  # noqa: BLE001 - every way of failing is reported
        status, message = _said(error, limits)
        result = {"status": status, "message": message, "error": type(error).__name__}
    result["output"] = out.text()
    return result


def _limit_memory(memory_mb: int) -> None:
    """At most ``memory_mb`` MB of address space more than the process uses now (where the
    system keeps that limit: Linux does)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - no resource module
        return
    try:
        with open("/proc/self/statm") as statm:  # noqa: PTH123 - pages of address space
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # pragma: no cover - no /proc: the largest resident size
        used = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    limit = used + memory_mb * 2**20
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


class _Child:
    """The caller's end of a forked child: its process id, the pipe its JSON lines come in
    on and the pipe a :class:`Session`'s calls go out on. ``life(channel, calls)`` is what
    the child does (it always ends with ``os._exit``)."""

    def __init__(self, life: Callable[[_Channel, int], None], limits: Limits) -> None:
        (read, write), (calls, self.calls) = os.pipe(), os.pipe()
        gc.freeze()  # the child then leaves the parent's objects alone (no copying on write)
        try:
            with warnings.catch_warnings():  # fork with threads: it execs nothing
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
        finally:
            gc.unfreeze()
        if pid == 0:  # pragma: no cover - the child
            try:
                life(_enter(write, (write, calls), limits), calls)
            finally:
                os._exit(0)
        with contextlib.suppress(OSError):  # the group, also before the child has made it
            os.setpgid(pid, pid)
        os.close(write)
        os.close(calls)
        self.pid, self.fd = pid, read
        self.data, self.alive = bytearray(), True

    def answer(self, seconds: float, cap: int | None = None) -> Outcome:
        """The child's next result line (with the notes before it), or how it ended: it
        died, passed ``seconds`` (killed), or sent more than ``cap`` bytes (killed)."""
        deadline, notes = time.monotonic() + seconds, list[Any]()
        while True:
            *lines, rest = bytes(self.data).split(b"\n")
            self.data = bytearray(rest)
            for line in lines:
                try:
                    message = json.loads(line)
                except (ValueError, RecursionError):  # a line cut short by a kill
                    continue
                if isinstance(message, dict) and "note" in message:
                    notes.append(message["note"])
                elif isinstance(message, dict) and "status" in message:
                    return Outcome(message["status"], message.get("value"),
                                   message.get("message", ""), message.get("output", ""),
                                   tuple(notes), True, message.get("error"))  # fmt: skip
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                return Outcome("timeout", message=_timeout_message(seconds), notes=tuple(notes))
            if cap is not None and len(self.data) > cap:
                self.kill()
                return Outcome("output", message=f"sent more than {cap} bytes back and was "
                               "stopped", notes=tuple(notes))  # fmt: skip
            if select.select([self.fd], [], [], left)[0]:
                chunk = os.read(self.fd, 1 << 16)
                if not chunk:
                    ending = self._ending(deadline, seconds)
                    return dataclasses.replace(ending, notes=tuple(notes))
                self.data += chunk

    def _ending(self, deadline: float, seconds: float) -> Outcome:
        """How the child ended, once its pipe is closed (killed if it lives on past
        ``deadline``, the end of its ``seconds``)."""
        code = None
        while time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                code = status
                break
            time.sleep(0.0005)
        self.kill()
        if code is None:
            return Outcome("timeout", message=_timeout_message(seconds))
        if os.WIFSIGNALED(code):
            number = os.WTERMSIG(code)
            if number == signal.SIGSEGV:
                why = ("crashed with a segmentation fault (Python's own stack overflowed: does it "
                       "raise the recursion limit with sys.setrecursionlimit and recurse too deep?)")  # fmt: skip
            else:
                why = f"was killed by the signal {signal.Signals(number).name}"
            return Outcome("crashed", message=why)
        status = os.WEXITSTATUS(code) if os.WIFEXITED(code) else code
        return Outcome("exited", message=f"ended its process (os._exit({status}) or the like): "
                       "a function returns its answer instead")  # fmt: skip

    def send_signal(self, number: int) -> None:
        """Send ``number`` to the child's whole process group."""
        with contextlib.suppress(OSError):
            os.killpg(self.pid, number)

    def kill(self) -> None:
        """End the child and all it started, and close the pipes."""
        if not self.alive:
            return
        self.alive = False
        self.send_signal(signal.SIGKILL)  # its group: made by the caller too, right at the fork
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)
        os.close(self.fd)
        os.close(self.calls)


def _forked(call: _Call, limits: Limits) -> Outcome:
    """Run ``call`` in a child process; its result, or how it ended."""
    child = _Child(lambda channel, _: channel.send(_attempt(call, channel, limits)), limits)
    try:
        return child.answer(limits.seconds)
    finally:
        child.kill()


# -- a session: one child, many calls ---------------------------------------------------------
REPLY_BYTES = 8 * 2**20
"""The most a :class:`Session`'s child may send back for one call (its notes, its result and
what it printed); more ends it."""


class Session:
    """A child process that answers a sequence of calls: ``setup(*args)`` runs once in it and
    returns a function; each :meth:`call` sends arguments (pickled: the caller's own data
    going *to* the child) and waits at most ``limits.seconds`` for the function's answer,
    which comes back as plain data in an :class:`Outcome`, as with :func:`run`.

    The child is forked (``os.fork``: where there is none, a :class:`GameError`), in its own
    process group, with its address space capped, its printing captured and capped per call
    and no file of the caller's open but its two pipes. **It is stopped between calls**
    (``SIGSTOP`` to its group): nothing it started runs while the caller does other work.
    A call that raises leaves the child to answer the next; one that passes a limit, exits or
    crashes ends it (the child is killed), and the next call starts a new one, which runs
    ``setup`` again. The setup's time is ``setup_seconds`` (``limits.seconds`` when None).

    >>> def counter(start):
    ...     count = [start]
    ...     def step(by):
    ...         count[0] += by
    ...         print("now", count[0])
    ...         return count[0]
    ...     return step
    >>> with Session(counter, (10,)) as session:
    ...     first, second = session.call(1), session.call(5)
    >>> first.value, second.value, second.output
    (11, 16, 'now 16\\n')
    >>> with Session(counter, (0,), limits=Limits(seconds=0.2)) as session:
    ...     session.call(None).status, session.call(2).value
    ('raised', 2)
    """

    def __init__(
        self,
        setup: Callable[..., Callable[..., Any]],
        args: Sequence[Any] = (),
        *,
        limits: Limits | None = None,
        setup_seconds: float | None = None,
    ) -> None:
        if not callable(setup):
            raise GameError(f"Session needs a setup function, got {setup!r}")
        if not isolation_available():
            raise GameError("a Session needs a child process (os.fork), which this platform "
                            "lacks: run it on Linux or macOS")  # fmt: skip
        self.setup, self.args = setup, tuple(args)
        self.limits = Limits() if limits is None else limits
        self.setup_seconds = self.limits.seconds if setup_seconds is None else setup_seconds
        Limits(seconds=self.setup_seconds)  # checked as a limit
        self._child: _Child | None = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The child's process id (also its process group's), or None when none runs."""
        return self._child.pid if self._child is not None else None

    def start(self) -> Outcome:
        """Start the child and run the setup in it (nothing to do if it runs): how the
        setup ended (``returned``, with the value None, when it gave a function)."""
        if self._child is not None:
            return Outcome("returned")
        start = time.perf_counter()
        child = _Child(partial(_serve, self.setup, self.args, self.limits), self.limits)
        outcome = child.answer(self.setup_seconds, REPLY_BYTES)
        if outcome.ok:
            self._child = child
            child.send_signal(signal.SIGSTOP)
        else:
            child.kill()
        return _timed(outcome, time.perf_counter() - start)

    def call(self, *args: Any) -> Outcome:
        """The function's answer to ``args`` (see the class's docstring); when the child
        cannot be started, how the setup ended."""
        started = self.start()
        if not started.ok or self._child is None:
            return started
        child, begin = self._child, time.perf_counter()
        data = pickle.dumps(args)
        child.send_signal(signal.SIGCONT)
        with contextlib.suppress(OSError):  # a child that died: the answer says how
            data = len(data).to_bytes(8, "big") + data
            while data:
                data = data[os.write(child.calls, data) :]
        outcome = child.answer(self.limits.seconds, REPLY_BYTES)
        if outcome.status in ("returned", "raised") and child.alive:
            child.send_signal(signal.SIGSTOP)
        else:
            self.close()
        return _timed(outcome, time.perf_counter() - begin)

    def close(self) -> None:
        """Kill the child and whatever it started (a later call starts a new one)."""
        child, self._child = self._child, None
        if child is not None:
            child.kill()


def _serve(
    setup: Callable[..., Any],
    args: tuple[Any, ...],
    limits: Limits,
    channel: _Channel,
    calls: int,
) -> None:
    """A session's child: the setup, then one result line for each call, until the caller
    closes its end."""
    function: list[Callable[..., Any]] = []

    def begin() -> None:
        made = setup(*args)
        if not callable(made):
            raise _Missing(f"the setup gave {type(made).__name__}, not a function")
        function.append(made)

    channel.send(_attempt(begin, channel, limits))
    stream = os.fdopen(calls, "rb") if function else io.BytesIO()
    while len(size := stream.read(8)) == 8:  # a call: the length of its pickled arguments, them
        given = pickle.loads(stream.read(int.from_bytes(size, "big")))  # noqa: S301 - the caller's own
        channel.send(_attempt(partial(function[0], *given), channel, limits))


# -- the weaker guard, in this process ---------------------------------------------------------
def _in_process(call: _Call, limits: Limits) -> Outcome:
    """Run ``call`` here under :class:`_Guard`, printing captured and capped (the caller's
    streams restored after)."""
    channel, over = _Channel(None), threading.Event()
    out = _Output(limits.output_chars, over.set)
    saved = (_Channel.current, sys.stdout, sys.stderr)
    guard = _Guard(limits)
    _Channel.current, sys.stdout, sys.stderr = channel, out, out
    guard.start()
    try:
        try:
            value = call()
        finally:
            guard.stop()
        result = _answer(value)
    except BaseException as error:  # noqa: BLE001 - every way of failing is reported
        status, message = _said(error, limits)
        result = {"status": status, "message": message, "error": type(error).__name__}
    finally:
        _Channel.current, sys.stdout, sys.stderr = saved
    if over.is_set() and result["status"] != "timeout":
        result = {"status": "output", "message": _output_message(limits)}
    return Outcome(result["status"], result.get("value"), result.get("message", ""), out.text(),
                   tuple(channel.notes), False, result.get("error"))  # fmt: skip


class _Guard:
    """Time, in this process: an alarm in the main thread (where signals exist) that, once
    the time is up, raises in the function and rings again at every check for signals until
    the exception is out (and every 50 ms); a trace on every call that re-installs itself (and, without an
    alarm, watches every instruction). ``os._exit``, ``os.abort`` and ``os.kill`` raise
    instead of ending the process. :meth:`stop` restores everything."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.deadline = time.perf_counter() + limits.seconds
        self.alarm = (
            hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )
        self.saved: tuple[Any, ...] = ()
        self.message = _timeout_message(limits.seconds)  # said before: the trace calls nothing

    def start(self) -> None:
        self.saved = (sys.gettrace(), os._exit, os.abort, os.kill)
        if self.alarm:
            self.saved += (signal.signal(signal.SIGALRM, self.ring),)
            signal.setitimer(signal.ITIMER_REAL, self.limits.seconds, _REARM)
        os._exit = os.abort = os.kill = self.refuse_exit  # type: ignore[assignment]
        sys.settrace(self.trace)

    def stop(self) -> None:
        sys.settrace(self.saved[0])
        os._exit, os.abort, os.kill = self.saved[1:4]
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.saved[4])

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename == __file__:  # the guard's own frames run on
            return None
        if time.perf_counter() > self.deadline:
            raise _Ended("timeout", self.message)
        if not self.alarm:  # no alarm to catch a loop on one line: watch every instruction
            frame.f_trace_opcodes = True
        return self.trace

    def ring(self, number: int, frame: FrameType | None) -> None:
        """Once the time is up: raise in the function's code, and ring again at the next
        check for signals, until the exception gets out of every ``except`` it meets."""
        while frame is not None and frame.f_code.co_filename != __file__:
            frame = frame.f_back
        if frame is None or frame.f_code is not _Call.__call__.__code__:
            return  # not inside the function: the guard's own code runs on
        sys.settrace(self.trace)  # the function may have removed it
        signal.raise_signal(signal.SIGALRM)
        raise _Ended("timeout", self.message)

    @staticmethod
    def refuse_exit(*args: Any) -> None:
        raise _Ended("exited", "tried to end the whole process (os._exit, os.abort or os.kill): "
                     "a function returns its answer instead")  # fmt: skip
