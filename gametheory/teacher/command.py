"""``python -m gametheory class ...``: the teacher's kit at the console.

=========================================================  =====================================
command                                                    what it does
=========================================================  =====================================
``class assign ROSTER --id hw3 -e alphabeta:2 -e           a notebook, a sheet and a key per
code:minimax --out hw3``                                   student, and ``hw3/assignment.json``
``class collect FOLDER --assignment hw3/assignment.json``  which records are used, which not, why
``class report FOLDER --assignment ... --out report.html`` the class report (and report.png),
``--csv grades.csv --feedback DIR --gradescope DIR``       a gradebook, feedback, results
``class league FILE ... [--game abapa]``                   a round robin of students' files
``class simulate OUT [--size 30]``                         a simulated class: records and report
=========================================================  =====================================

>>> import io
>>> out = io.StringIO()
>>> parser = argparse.ArgumentParser(prog="gametheory")
>>> add_class_command(parser.add_subparsers(dest="command"))
>>> run_class(parser.parse_args(["class", "collect", "/nowhere", "--assignment", "/nowhere.json"]), out)
2
>>> print(out.getvalue().strip())
error: '/nowhere.json' is not an assignment.json written by write_assignment: [Errno 2] No such file or directory: '/nowhere.json'
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from gametheory.core import GameError

__all__ = ["add_class_command", "run_class"]

GAMES = ("abapa", "tictactoe", "nim")


def add_class_command(commands: Any) -> None:
    """Add ``class`` and its subcommands to the console program's subcommands."""
    parser = commands.add_parser(
        "class", help="the teacher's kit: assignments, records, report, league"
    )
    sub = parser.add_subparsers(dest="action", required=True)
    assign = sub.add_parser("assign", help="write each student's notebook, sheet and answer key")
    assign.add_argument("roster", help="CSV file: a student id and a name on each line")
    assign.add_argument("--id", required=True, help="the assignment's id (part of file names)")
    assign.add_argument("-e", "--exercise", action="append", required=True,
                        help="kind:level (alphabeta:2) or code:kind:level; repeat for more")  # fmt: skip
    assign.add_argument("--out", required=True, help="a new folder to write into")
    assign.add_argument("--no-sheets", action="store_true",
                        help="notebooks only: no printable sheets and keys (fast for a large class)")  # fmt: skip
    for name, text in (
        ("collect", "check a folder of records"),
        ("report", "write the class report"),
    ):
        step = sub.add_parser(name, help=text)
        step.add_argument("folder", help="what the students handed in: a folder or an LMS's .zip")
        step.add_argument(
            "--assignment", required=True, help="the assignment.json of `class assign`"
        )
        if name == "report":
            step.add_argument("--out", default="report.html", help="the HTML page to write")
            step.add_argument(
                "--csv", help="also a gradebook CSV (id, name, ex1.., total, mistakes)"
            )
            step.add_argument("--feedback", help="also a folder of feedback pages, ID.html each")
            step.add_argument("--gradescope", help="also a folder of ID/results.json (Gradescope)")
    play = sub.add_parser(
        "league", help="a round robin of students' files, each in its own process"
    )
    play.add_argument("files", nargs="+", help="students' .py files (choose or evaluate)")
    play.add_argument("--game", choices=GAMES, default="abapa")
    play.add_argument("--time-per-move", type=float, default=1.0, help="seconds (default 1)")
    play.add_argument("--memory-mb", type=int, default=256, help="memory per file (default 256)")
    play.add_argument("--depth", type=int, default=3,
                      help="alpha-beta depth for evaluate files (default 3)")  # fmt: skip
    play.add_argument("--openings", type=int, help="balanced openings, each played with both "
                      "colours (default: as many as the ratings need, up to --max-openings)")  # fmt: skip
    play.add_argument("--max-openings", type=int, default=12,
                      help="the most openings when their number is chosen (default 12)")  # fmt: skip
    play.add_argument("--plies", type=int, default=2, help="plies of an opening (default 2)")
    play.add_argument("--seed", type=int, default=0, help="for the ratings' order (default 0)")
    simulate = sub.add_parser("simulate", help="a simulated class of students with error habits")
    simulate.add_argument("out", help="the folder for the records and the report")
    simulate.add_argument("--size", type=int, default=30, help="students (at most 40)")


def run_class(options: argparse.Namespace, stdout: TextIO) -> int:
    """Run a ``class`` subcommand; 0 when done, 2 for bad input (the reason printed)."""
    try:
        return _ACTIONS[options.action](options, stdout)
    except (GameError, OSError, ValueError) as error:
        print(f"error: {error}", file=stdout)
        return 2


def _assign(options: argparse.Namespace, stdout: TextIO) -> int:
    from gametheory.teacher.assign import Assignment, exercises_of, read_roster
    from gametheory.teacher.sheets import write_assignment

    work = Assignment(options.id, exercises_of(options.exercise), read_roster(options.roster))
    files = write_assignment(work, options.out, sheets=not options.no_sheets)
    written = f"{len(work.roster)} students: {len(files)} files written"
    print(f"{written} into {options.out}", file=stdout)
    return 0


def _collect(options: argparse.Namespace, stdout: TextIO) -> int:
    from gametheory.teacher.assign import Assignment
    from gametheory.teacher.collection import collect

    print(collect(options.folder, Assignment.load(options.assignment)), file=stdout)
    return 0


def _report(options: argparse.Namespace, stdout: TextIO) -> int:
    from gametheory.teacher.assign import Assignment
    from gametheory.teacher.collection import collect
    from gametheory.teacher.export import write_csv, write_feedback, write_gradescope
    from gametheory.teacher.report import ClassReport

    collection = collect(options.folder, Assignment.load(options.assignment))
    path = ClassReport(collection).write(options.out)
    print(f"{collection}\nthe report: {path}", file=stdout)
    if options.csv:
        print(f"the gradebook: {write_csv(collection, options.csv)}", file=stdout)
    if options.feedback:
        count = len(write_feedback(collection, options.feedback))
        print(f"{count} feedback pages in {options.feedback}", file=stdout)
    if options.gradescope:
        count = len(write_gradescope(collection, options.gradescope))
        print(f"{count} Gradescope results in {options.gradescope}", file=stdout)
    return 0


def _league(options: argparse.Namespace, stdout: TextIO) -> int:
    from gametheory.teacher.league import league

    game = _game(options.game)
    result = league(options.files, game, openings=options.openings,
                    max_openings=options.max_openings, plies=options.plies,
                    time_per_move=options.time_per_move, memory_mb=options.memory_mb,
                    depth=options.depth, seed=options.seed)  # fmt: skip
    print(result, file=stdout)
    return 0


def _game(name: str) -> Any:
    if name == "tictactoe":
        from gametheory.games.tictactoe import TicTacToe

        return TicTacToe()
    if name == "nim":
        from gametheory.games.nim import Nim

        return Nim(12)
    from gametheory.games.abapa import Abapa

    return Abapa()


def _simulate(options: argparse.Namespace, stdout: TextIO) -> int:
    from gametheory.teacher.collection import collect
    from gametheory.teacher.report import ClassReport
    from gametheory.teacher.simulate import simulate_class

    out = Path(options.out)
    work = simulate_class(out / "records", size=options.size)
    (out / "assignment.json").write_text(_json(work.manifest()), encoding="utf-8")
    path = ClassReport(collect(out / "records", work)).write(out / "report.html")
    print(f"{len(work.roster)} simulated students; the report: {path}", file=stdout)
    return 0


def _json(data: Any) -> str:
    import json

    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


_ACTIONS = {
    "assign": _assign,
    "collect": _collect,
    "report": _report,
    "league": _league,
    "simulate": _simulate,
}
