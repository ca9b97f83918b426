"""A term's cycle for 40 students, end to end (issue 36): assign; simulated students with
error habits and a few hostile ones; collect from an LMS's zip; the report with the
gradebook and feedback pages; a league with openings."""

from __future__ import annotations

import csv
import json
import time
import zipfile
from pathlib import Path

from gametheory.games.nim import Nim
from gametheory.teacher import ClassReport, collect, league, write_assignment
from gametheory.teacher.export import write_csv, write_feedback
from gametheory.teacher.simulate import simulate_class


def test_a_class_of_forty_from_assignment_to_league_in_under_two_minutes(tmp_path: Path) -> None:
    start = time.monotonic()
    records = tmp_path / "records"
    work = simulate_class(records, size=40, assignment="hw3")
    files = write_assignment(work, tmp_path / "hw3", progress=False)
    assert len(files) == 1 + 3 * 40

    # hostile students: s38 hands in s01's record beside their own; another writes a score
    # and solved into a wrong answer; another's code loops for ever; junk and a zip-slip name
    done = {p.stem for p in records.rglob("*.json")}
    forger = next(f"s{k}" for k in range(39, 1, -1) if f"s{k}-1" in done)
    looper = next(f"s{k}" for k in range(40, 1, -1) if f"s{k}-5" in done and f"s{k}" != forger)
    first = json.loads((records / "s01" / "s01-1.json").read_text(encoding="utf-8"))
    (records / "s38" / "s01-1.json").write_text(json.dumps(first), encoding="utf-8")
    forged_path = records / forger / f"{forger}-1.json"
    forged = json.loads(forged_path.read_text(encoding="utf-8"))
    forged["answer"]["values"] = {k: 0 for k in forged["answer"]["values"]}
    forged_path.write_text(json.dumps(forged | {"score": 1.0, "solved": True}), encoding="utf-8")
    loop_path = records / looper / f"{looper}-5.json"
    loop = json.loads(loop_path.read_text(encoding="utf-8"))
    loop["answer"]["source"] = "def alphabeta(game, state, alpha, beta):\n    while True: pass\n"
    loop_path.write_text(json.dumps(loop), encoding="utf-8")

    # the LMS's "download all" (Moodle's naming), read as it is
    names = {s.id: s.name for s in work.roster}
    download = tmp_path / "download.zip"
    with zipfile.ZipFile(download, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(records.rglob("*.json")):
            sid = path.relative_to(records).parts[0]
            folder = f"{names[sid]}_{1000 + int(sid[1:])}_assignsubmission_file_"
            archive.writestr(f"{folder}/hw3/{path.name}", path.read_bytes())
        archive.writestr("../../escape.json", "{}")
        archive.writestr(f"{names['s02']}_1002_assignsubmission_file_/deep.json", "[" * 50_000)
    import gametheory.teacher.collection as collection

    collection.CODE_SECONDS, before = 5.0, collection.CODE_SECONDS
    try:
        got = collect(download, work)
    finally:
        collection.CODE_SECONDS = before

    assert [(c.holder, c.named) for c in got.conflicts] == [("s38", "s01")]
    assert got.records["s01", 1]["score"] == 1.0  # s01's own work stands
    assert got.records[forger, 1]["score"] < 1  # the teacher's grade, not the record's
    assert "ran for more than 5 s" in got.records[looper, 5]["message"]
    problems = {p.file.split(":")[-1]: p.reason for p in got.problems}
    assert problems["../../escape.json"].startswith("an unsafe name")
    assert "nested too deep" in problems[f"{names['s02']}_1002_assignsubmission_file_/deep.json"]

    # what the class gets wrong, the gradebook, the feedback pages
    report = ClassReport(got)
    kinds = {m.name for m in report.mistakes()}
    assert {"missed-cutoff", "deep-cutoff-missed", "wrong-sign", "strict"} <= kinds
    page = report.write(tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "s38&#x27;s hand-in holds a record of s01" in page or "s38's hand-in" in page
    rows = list(csv.DictReader(write_csv(got, tmp_path / "grades.csv").open(encoding="utf-8-sig")))
    assert len(rows) == 40 and {r["id"] for r in rows} == {s.id for s in work.roster}
    assert len(write_feedback(got, tmp_path / "feedback")) == 40

    # the league: habits' players, a printer and a file that never loads, on balanced openings
    players = tmp_path / "league"
    players.mkdir()
    for k in range(4):  # four evaluations that weigh a winning count differently
        weight = 1 + k
        (players / f"s{k + 1:02d}.py").write_text(
            f"def evaluate(state, player):\n    return {weight} * (state.matches % 4 == 0)\n",
            encoding="utf-8",
        )
    (players / "s05.py").write_text(
        "def choose(game, state):\n    print('thinking')\n    return game.legal_moves(state)[-1]\n"
    )
    (players / "s06.py").write_text("def choose(game, state)\n")
    played = league(sorted(players.glob("*.py")), Nim(9), openings=3, plies=1, depth=2,
                    time_per_move=2)  # fmt: skip
    assert dict(played.absent()).keys() == {"s06"}
    assert {r.opening for r in played.result.records} == set(played.openings)
    assert len(played.openings) == 3
    assert next(p for p in played.players if p.name == "s05").printed > 0
    assert "played no game (1, not rated):" in str(played)

    assert time.monotonic() - start < 120
