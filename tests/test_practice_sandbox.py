"""The sandbox: every way a function can run away or die ends in an outcome with words, the
caller's process lives on, and only plain data comes back; the in-process guard where no
child process can be had."""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from typing import Any

import pytest

from gametheory.core import GameError
from gametheory.practice import sandbox
from gametheory.practice.sandbox import Limits, note, run

FAST = Limits(seconds=0.5)
MODES = [pytest.param(True, id="child"), pytest.param(False, id="in-process")]


def loop_one_line() -> None:
    while True:
        pass


def loop_catching_everything() -> None:
    while True:
        try:
            while True:
                pass
        except:  # noqa: E722 - the hostile pattern under test
            pass


def untrace_and_loop() -> None:
    sys.settrace(None)
    while True:
        pass


def exit_call() -> None:
    exit()


def base_raise() -> None:
    class Mine(BaseException):
        pass

    raise Mine("mine")


class BadStr(Exception):
    def __str__(self) -> str:
        raise ValueError("no")


def bad_str() -> None:
    raise BadStr


def keyboard() -> None:
    raise KeyboardInterrupt


def generator_exit() -> None:
    raise GeneratorExit


def recursion_trick() -> int:
    sys.setrecursionlimit(10**6)

    def deep(n: int) -> int:
        return deep(n + 1) + 1

    return deep(0)


def printer() -> None:
    while True:
        print("x" * 1000)


def hog() -> int:
    block = bytearray(2 * 2**30)
    return len(block)


@pytest.mark.parametrize(
    ("function", "isolate"),
    [
        (loop_one_line, True),
        (loop_one_line, False),
        (loop_catching_everything, True),  # in-process, only a child process stops it
        (untrace_and_loop, True),
        (untrace_and_loop, False),
    ],
)
def test_a_loop_is_stopped_at_the_limit(function: Any, isolate: bool) -> None:
    start = time.perf_counter()
    outcome = run(function, limits=FAST, isolate=isolate)
    assert outcome.status == "timeout", outcome
    assert "more than 0.5 s" in outcome.message
    assert time.perf_counter() - start < 2.0
    assert outcome.isolated is isolate
    assert sys.gettrace() is None or isolate  # the guard is removed after


@pytest.mark.parametrize(
    "source",
    [
        "import time\ndef f():\n    time.sleep(30)\n",
        "def f():\n    return sum(range(10**11))\n",
        "import re\ndef f():\n    return bool(re.match(r'(a+)+$', 'a' * 40 + 'b'))\n",
    ],
)
def test_sleep_and_c_level_work_are_killed_in_a_child(source: str) -> None:
    start = time.perf_counter()
    outcome = run(source, entry="f", limits=FAST)
    assert outcome.status == "timeout"
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("isolate", MODES)
def test_exit_is_reported_and_the_caller_lives_on(isolate: bool) -> None:
    outcome = run(exit_call, limits=FAST, isolate=isolate)
    assert outcome.status == "exited"
    assert outcome.message.startswith("called exit()")


@pytest.mark.parametrize("isolate", MODES)
def test_os_exit_is_reported(isolate: bool) -> None:
    def quit_process() -> None:
        os._exit(3)

    outcome = run(quit_process, limits=FAST, isolate=isolate)
    assert outcome.status == "exited"
    assert "os._exit" in outcome.message


def test_a_recursion_trick_is_reported_in_words() -> None:
    outcome = run(recursion_trick, limits=Limits(seconds=1))
    assert outcome.status in ("crashed", "raised", "memory", "timeout"), outcome
    assert outcome.message
    if outcome.status == "crashed":
        assert "segmentation fault" in outcome.message
    assert sys.getrecursionlimit() < 10**6  # the caller's limit is untouched


def test_a_segfault_is_reported_in_words() -> None:
    outcome = run("import ctypes\ndef f():\n    return ctypes.string_at(0)\n", entry="f")
    assert outcome.status == "crashed"
    assert outcome.message.startswith("crashed with a segmentation fault")


@pytest.mark.parametrize("isolate", MODES)
@pytest.mark.parametrize(
    ("function", "words"),
    [
        (keyboard, "raised KeyboardInterrupt"),
        (generator_exit, "raised GeneratorExit"),
        (base_raise, "raised Mine: mine"),
        (bad_str, "raised BadStr: (its message could not be shown"),
    ],
)
def test_every_base_exception_is_said_in_words(function: Any, words: str, isolate: bool) -> None:
    outcome = run(function, limits=FAST, isolate=isolate)
    assert outcome.status == "raised"
    assert outcome.message.startswith(words), outcome.message


@pytest.mark.parametrize("isolate", MODES)
def test_output_is_capped(isolate: bool) -> None:
    outcome = run(printer, limits=Limits(seconds=2, output_chars=5000), isolate=isolate)
    assert outcome.status == "output" if isolate else outcome.status in ("output", "timeout")
    assert len(outcome.output) <= 5000


def test_memory_is_capped_in_a_child() -> None:
    outcome = run(hog, limits=Limits(seconds=5, memory_mb=100))
    assert outcome.status == "memory"
    assert "100 MB" in outcome.message


@pytest.mark.parametrize("isolate", MODES)
def test_only_plain_data_comes_back(isolate: bool) -> None:
    assert run(lambda: {"a": (1, 2.5, None)}, isolate=isolate).value == {"a": [1, 2.5, None]}
    outcome = run(object, isolate=isolate)
    assert outcome.status == "raised"
    assert "not plain data" in outcome.message


@pytest.mark.parametrize("isolate", MODES)
def test_notes_survive_a_timeout(isolate: bool) -> None:
    def steps() -> None:
        note({"step": 1})
        note([2])
        loop_one_line()

    outcome = run(steps, limits=FAST, isolate=isolate)
    assert outcome.status == "timeout"
    assert outcome.notes == ({"step": 1}, [2])


def test_changes_made_by_the_child_stay_in_the_child() -> None:
    box = [1]
    assert run(box.append, (2,)).status == "returned"
    assert box == [1]


def test_source_runs_inside_the_limits_and_quotes_its_line() -> None:
    outcome = run("def f(x):\n    return x[3]\n", (["a"],), entry="f")
    assert outcome.status == "raised"
    assert outcome.message == "raised IndexError: list index out of range (line 2: `return x[3]`)"
    assert run("def g():\n    pass\n", entry="f").message.endswith("defines no function 'f'")


def test_a_run_inside_a_run_stays_in_its_child() -> None:
    outcome = run(lambda: run(lambda: 7).value)
    assert outcome.value == 7


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(GameError, match="seconds"):
        Limits(seconds=0)
    with pytest.raises(GameError, match="entry"):
        run("def f(): pass")
    with pytest.raises(GameError, match="a function or source"):
        run(3)  # type: ignore[arg-type]


def test_in_process_restores_the_callers_hooks() -> None:
    exit_before, trace_before = os._exit, sys.gettrace()
    run(loop_one_line, limits=Limits(seconds=0.2), isolate=False)
    assert os._exit is exit_before
    assert sys.gettrace() is trace_before
    assert re.match(r"ran for more than", run(loop_one_line, limits=FAST, isolate=False).message)
    assert sandbox.isolation_available()


# -- a session: one child answering a sequence of calls ----------------------------------------
def keeper(start: int) -> Any:
    """A setup whose function keeps a total across calls (state lives in the child)."""
    total = [start]

    def add(by: Any) -> Any:
        if by == "loop":
            while True:
                pass
        if by == "exit":
            os._exit(3)
        if by == "hog":
            return len(bytearray(600 * 2**20))
        if by == "flood":
            print("x" * 50_000)
        if by == "fd1":
            os.write(1, b"FAKE\n")
        total[0] += by
        return total[0]

    return add


def test_a_session_answers_calls_in_one_child_that_keeps_its_state() -> None:
    with sandbox.Session(keeper, (10,), limits=FAST) as session:
        answers = [session.call(k) for k in (1, 2, 3)]
        assert [a.value for a in answers] == [11, 13, 16]
        assert all(a.ok and a.isolated for a in answers)
        assert session.pid is not None and session.pid != os.getpid()


@pytest.mark.parametrize(
    ("call", "status", "words"),
    [
        ("loop", "timeout", "ran for more than 0.5 s"),
        ("exit", "exited", "ended its process (os._exit(3)"),
        ("hog", "memory", "used more than 128 MB"),
        ("flood", "output", "printed more than 20000 characters"),
    ],
)
def test_a_call_past_a_limit_ends_the_child_and_the_next_call_starts_afresh(
    call: str, status: str, words: str
) -> None:
    with sandbox.Session(keeper, (10,), limits=Limits(seconds=0.5, memory_mb=128)) as session:
        assert session.call(5).value == 15
        first = session.pid
        ended = session.call(call)
        assert (ended.status, words in ended.message) == (status, True), ended
        assert session.pid is None
        assert session.call(1).value == 11  # a new child: the setup ran again
        assert session.pid not in (None, first)
        if first is not None:
            with pytest.raises(ProcessLookupError):
                os.kill(first, 0)


def test_a_call_that_raises_leaves_the_child_to_answer_the_next() -> None:
    with sandbox.Session(keeper, (0,), limits=FAST) as session:
        assert session.start().ok
        pid = session.pid
        raised = session.call(None)
        assert raised.status == "raised" and raised.error == "TypeError"
        assert session.call(4).value == 4 and session.pid == pid


def test_what_a_session_prints_comes_back_per_call_and_fd_1_reaches_nobody(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with sandbox.Session(keeper, (0,), limits=FAST) as session:
        assert session.call("fd1").status == "raised"  # "fd1" + 0 after the write
        assert session.call(1).output == ""
    assert "FAKE" not in capfd.readouterr().out


def test_an_object_sent_back_is_never_unpickled(tmp_path: Any) -> None:
    marker = tmp_path / "PWNED"

    class Move:
        def __reduce__(self) -> Any:
            return (exec, (f"open({str(marker)!r}, 'w')",))

    with sandbox.Session(lambda: lambda: Move(), limits=FAST) as session:
        outcome = session.call()
    assert outcome.status == "raised" and "not plain data" in outcome.message
    assert not marker.exists()


def test_a_setup_that_fails_is_the_answer_of_every_call() -> None:
    session = sandbox.Session(lambda: 1 / 0, limits=FAST)
    for _ in range(2):
        outcome = session.call(1)
        assert outcome.status == "raised" and outcome.error == "ZeroDivisionError"
        assert session.pid is None
    gives = sandbox.Session(lambda: 42, limits=FAST).start()
    assert gives.status == "raised" and "the setup gave int, not a function" in gives.message


def test_a_session_holds_no_pipe_of_another_and_is_stopped_between_calls() -> None:
    def setup() -> Any:
        import threading

        ticks = [0]

        def tick() -> None:
            while True:
                ticks[0] += 1
                time.sleep(0.001)

        threading.Thread(target=tick, daemon=True).start()

        def files() -> list[str]:
            found = []
            for fd in os.listdir("/proc/self/fd"):
                with contextlib.suppress(OSError):  # listdir's own, closed by now
                    found.append(os.readlink(f"/proc/self/fd/{fd}"))
            return sorted(found)

        return lambda: (files(), ticks[0])

    with sandbox.Session(keeper, (0,)) as other, sandbox.Session(setup) as session:
        other.call(1)
        fds, before = session.call().value
        time.sleep(0.3)
        _, after = session.call().value
    assert fds.count(os.devnull) == 3 and len(fds) == 5, fds  # 0, 1, 2 and its two pipes
    assert after - before < 50, (before, after)  # stopped for the 0.3 s between the calls


def test_a_session_needs_a_child_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "isolation_available", lambda: False)
    with pytest.raises(GameError, match=r"needs a child process \(os.fork\)"):
        sandbox.Session(keeper, (0,))
