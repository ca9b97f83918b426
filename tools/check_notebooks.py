"""Check that every stored notebook shows what running it shows today.

A stored output goes stale when the package or a lesson changes and the notebook is not
executed again: a docstring printed before it was rewritten, a number from an older rule.
This check runs each notebook top to bottom in memory (with
``tools/execute_notebooks.py``'s ``run``, so the outputs come out in the form they are
stored; nothing is written) and compares it, cell by cell and output by output, with the
stored ``.ipynb``::

    .venv/bin/python tools/check_notebooks.py          # every notebook (make notebooks)
    .venv/bin/python tools/check_notebooks.py 05 10    # the ones whose names start so

It fails when a cell raises (in the run or in the stored notebook), and when an output
differs. What is compared, for each output of each code cell:

* its type (stream, result, display, error) and, for a stream, its name (stdout, stderr);
  the pieces a kernel sends one printed text in are joined first;
* the text of streams, of ``text/plain`` and of ``text/html``, after masking;
* for rich outputs, which kinds of data it carries: text, HTML, a picture, a widget. A
  picture is a picture whether it is SVG, PNG or both, and a widget may be stored with a
  static picture beside it (for readers without a kernel), so the bytes of images and the
  ids of widget models are not compared. An SVG's source still is, through ``text/plain``.

What is masked (run-dependent text, replaced before comparing):

* **timings**: a number with a time unit (``3.4 s``, ``12 ms``, ``0.5 seconds``, ``2 min``),
  a number after ``seconds=``, ``time:`` or ``elapsed=`` (a record's repr), and clock times
  (``00:03``);
* **memory addresses**: ``0x7f3a…`` in reprs such as ``<function f at 0x…>``;
* **temporary paths**: anything under the system's temporary folder (``tempfile.mkdtemp()``);
* **whole cells tagged** ``varies`` (``# %% tags=["varies"]`` in the ``.py`` source): for
  outputs that depend on the run in ways no pattern can see — a table of seconds, how many
  depths fit in 0.2 s. Only the number, types and kinds of their outputs are compared.

The time each notebook takes is printed, for the README's table.
"""

from __future__ import annotations

import copy
import difflib
import re
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import nbformat
from nbclient.exceptions import CellExecutionError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from execute_notebooks import NOTEBOOKS, run  # noqa: E402  (a script beside this one)

VARIES = "varies"
"""The cell tag for outputs that change from run to run (compared by kind only)."""

MASKS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"\d+(?:\.\d+)?\s?(?:s|ms|µs|us|ns|sec|secs|seconds?|min|minutes?)(?![\w/])"),
        "<time>",
    ),
    (
        re.compile(r"\b((?:seconds|elapsed|time)\s*[=:]\s*)\d+(?:\.\d+)?(?:e[-+]?\d+)?"),
        r"\1<time>",
    ),
    (re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\b"), "<clock>"),
    (re.compile(r"0x[0-9a-fA-F]{4,}"), "0x…"),
    (re.compile(re.escape(tempfile.gettempdir()) + r"/[^\s/'\"]+"), "<tmp>"),
]
"""What :func:`mask` replaces, in order: timings, clock times, addresses, temporary paths."""

_KINDS = {
    "text/plain": "text",
    "text/html": "html",
    "image/svg+xml": "picture",
    "image/png": "picture",
    "image/jpeg": "picture",
    "application/vnd.jupyter.widget-view+json": "widget",
}
_COMPARED_TEXT = ("text/plain", "text/html")


def mask(text: str) -> str:
    """``text`` with its run-dependent parts replaced (see :data:`MASKS`).

    >>> mask("solved in 3.4 s at <function f at 0x7f3a2c1b>")
    'solved in <time> at <function f at 0x…>'
    >>> mask("MatchRecord(score=1.0, seconds=0.0051)")
    'MatchRecord(score=1.0, seconds=<time>)'
    >>> mask("3 seeds, houses 1-6, c3:e5")
    '3 seeds, houses 1-6, c3:e5'
    """
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def describe(output: Any, *, text: bool = True) -> dict[str, Any]:
    """What is compared of one output: its type, its kinds of data and (if ``text``) its
    masked texts. A widget's static picture is not counted as a kind of its own."""
    kind = output.get("output_type")
    if kind == "stream":
        stream: dict[str, Any] = {"type": kind, "name": output.get("name")}
        if text:
            stream["text"] = mask(_text(output.get("text", "")))
        return stream
    if kind == "error":
        return {"type": kind, "error": f"{output.get('ename')}: {output.get('evalue')}"}
    data = output.get("data", {})
    kinds = {_KINDS.get(mime, mime) for mime in data}
    if "widget" in kinds:
        kinds.discard("picture")
    described: dict[str, Any] = {"type": kind, "kinds": sorted(kinds)}
    if text:
        for mime in _COMPARED_TEXT:
            if mime in data and not ("widget" in kinds and mime == "text/html"):
                described[mime] = mask(_text(data[mime]))
    return described


def joined(outputs: Iterable[Any]) -> list[Any]:
    """The outputs with each run of stream pieces of one name joined into one: the kernel
    sends printed text in pieces of its own choosing, which differ from run to run.

    >>> from nbformat.v4 import new_output
    >>> [o["text"] for o in joined([new_output("stream", name="stdout", text="a\\n"),
    ...                             new_output("stream", name="stdout", text="b\\n")])]
    ['a\\nb\\n']
    """
    merged: list[Any] = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (
            last is not None
            and output.get("output_type") == last.get("output_type") == "stream"
            and output.get("name") == last.get("name")
        ):
            merged[-1] = {**last, "text": _text(last["text"]) + _text(output["text"])}
        else:
            merged.append(output)
    return merged


def code_cells(notebook: Any) -> list[Any]:
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def compare(stored: Any, fresh: Any) -> list[str]:
    """Every difference between the stored notebook and a fresh run of it, in words."""
    problems: list[str] = []
    old, new = code_cells(stored), code_cells(fresh)
    if [c.source for c in old] != [c.source for c in new]:
        return ["the code cells of the run differ from the stored ones"]
    for number, (a, b) in enumerate(zip(old, new, strict=True), start=1):
        varies = VARIES in a.get("metadata", {}).get("tags", [])
        before = [describe(o, text=not varies) for o in joined(a.get("outputs", []))]
        after = [describe(o, text=not varies) for o in joined(b.get("outputs", []))]
        if before == after:
            continue
        where = f"code cell {number} ({_first_line(a.source)})"
        if len(before) != len(after):
            problems.append(
                f"{where}: {len(before)} outputs stored, {len(after)} now:\n"
                + "\n".join(f"    stored {_brief(x)}" for x in before)
                + ("\n" if before else "")
                + "\n".join(f"    now    {_brief(y)}" for y in after)
            )
            continue
        for x, y in zip(before, after, strict=True):
            if x != y:
                problems.append(f"{where}:\n{_difference(x, y)}")
                break
    return problems


def _brief(described: dict[str, Any]) -> str:
    words = [str(described.get(k)) for k in ("type", "name", "kinds", "error") if k in described]
    sample = described.get("text") or described.get("text/plain") or ""
    return " ".join(words) + (f": {_first_line(sample)}" if sample else "")


def _first_line(source: str) -> str:
    line = next((s for s in source.splitlines() if s.strip()), "")
    return line if len(line) <= 60 else line[:57] + "…"


def _difference(stored: dict[str, Any], fresh: dict[str, Any]) -> str:
    lines: list[str] = []
    for key in sorted(set(stored) | set(fresh)):
        a, b = stored.get(key), fresh.get(key)
        if a == b:
            continue
        if isinstance(a, str) and isinstance(b, str):
            diff = difflib.unified_diff(
                a.splitlines(), b.splitlines(), "stored", "now", n=1, lineterm=""
            )
            lines += [f"    {key}:"] + [f"      {d[:160]}" for d in list(diff)[:12]]
        else:
            lines.append(f"    {key}: stored {a!r}, now {b!r}")
    return "\n".join(lines)


def errors(notebook: Any) -> list[str]:
    """The error outputs a notebook holds."""
    return [
        f"code cell {n} ({_first_line(cell.source)}) holds an error: {o.get('ename')}: "
        f"{o.get('evalue')}"
        for n, cell in enumerate(code_cells(notebook), start=1)
        for o in cell.get("outputs", [])
        if o.get("output_type") == "error"
    ]


def check(path: Path) -> tuple[list[str], float]:
    """Run the notebook at ``path`` in memory; its problems and the seconds it took."""
    stored = nbformat.read(path, as_version=4)
    problems = errors(stored)
    fresh = copy.deepcopy(stored)
    for cell in code_cells(fresh):
        cell.outputs, cell.execution_count = [], None
    started = time.perf_counter()
    try:
        run(fresh)
    except CellExecutionError as error:
        summary = str(error).strip().splitlines()
        return problems + ["running it raised an error:\n    " + "\n    ".join(summary[-6:])], (
            time.perf_counter() - started
        )
    seconds = time.perf_counter() - started
    problems += errors(fresh)
    problems += compare(stored, fresh)
    return problems, seconds


def notebooks(prefixes: Iterable[str] = ()) -> list[Path]:
    wanted = list(prefixes)
    return [
        path
        for path in sorted(NOTEBOOKS.glob("*.ipynb"))
        if not wanted or any(path.name.startswith(p) for p in wanted)
    ]


def main(prefixes: list[str]) -> int:
    paths = notebooks(prefixes)
    if not paths:
        print(f"no notebook in {NOTEBOOKS} starts with {' or '.join(prefixes)}")
        return 1
    failed = 0
    for path in paths:
        problems, seconds = check(path)
        verdict = "ok" if not problems else f"{len(problems)} problem(s)"
        print(f"{path.name}: {verdict} ({seconds:.1f} s)", flush=True)
        for problem in problems:
            print("  " + problem.replace("\n", "\n  "))
        failed += bool(problems)
    if failed:
        print(
            f"{failed} notebook(s) differ from a fresh run: if the change is right, store it "
            "again with `.venv/bin/python tools/execute_notebooks.py NN`"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
