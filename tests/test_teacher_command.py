"""``python -m gametheory class ...``: the teacher's kit at the console (issue 26)."""

from __future__ import annotations

import io
from pathlib import Path

from gametheory.cli import main
from gametheory.teacher import Assignment, Workbook


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(["class", *argv], stdout=out), out.getvalue()


def test_assign_collect_and_report_from_the_console(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\ns01,Ada\ns02,Zoë\n", encoding="utf-8")
    code, said = run(
        "assign", str(roster), "--id", "hw1", "-e", "minimax:1", "--out", str(tmp_path / "hw1")
    )
    assert (code, said.strip()) == (0, f"2 students: 7 files written into {tmp_path / 'hw1'}")
    work = Assignment.load(tmp_path / "hw1" / "assignment.json")
    book = Workbook(work.id, "s02", [str(e) for e in work.exercises], tmp_path / "in" / "s02")
    book.check(1, *book.drill(1).solution())
    (tmp_path / "in" / "junk.txt").write_text("x")
    manifest = str(tmp_path / "hw1" / "assignment.json")
    code, said = run("collect", str(tmp_path / "in"), "--assignment", manifest)
    assert code == 0
    assert said.splitlines() == [
        "1 records of hw1 used",
        "  not used: junk.txt: not a record (records are .json files)",
    ]
    page = tmp_path / "report.html"
    code, said = run("report", str(tmp_path / "in"), "--assignment", manifest, "--out", str(page))
    assert code == 0 and said.endswith(f"the report: {page}\n")
    assert "Zoë" in page.read_text(encoding="utf-8") and page.with_suffix(".png").exists()


def test_a_bad_roster_is_told_and_nothing_written(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("s01,Ada\ns01,Bob\n", encoding="utf-8")
    code, said = run(
        "assign", str(roster), "--id", "hw1", "-e", "minimax", "--out", str(tmp_path / "o")
    )
    assert code == 2
    assert said.startswith("error: roster line 2: the id 's01' is already on line 1 (Ada)")
    assert not (tmp_path / "o").exists()


def test_a_bad_exercise_is_told(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("s01,Ada\n", encoding="utf-8")
    code, said = run("assign", str(roster), "--id", "hw1", "-e", "chess:1", "--out", str(tmp_path))
    assert code == 2 and "a drill kind must be one of" in said


def test_simulate_writes_records_and_a_report(tmp_path: Path) -> None:
    code, said = run("simulate", str(tmp_path), "--size", "3")
    assert code == 0 and said.startswith("3 simulated students; the report: ")
    assert (tmp_path / "report.html").exists() and (tmp_path / "assignment.json").exists()


def test_a_league_from_the_console(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / f"{name}.py").write_text("def evaluate(state, player):\n    return 0.0\n")
    code, said = run("league", str(tmp_path / "a.py"), str(tmp_path / "b.py"), "--game", "nim")
    assert code == 0
    assert said.splitlines()[1].split() == [
        "#", "player", "games", "W", "D", "L", "score", "rating", "forfeits", "printed"
    ]  # fmt: skip


def test_league_options_are_checked_by_name(tmp_path: Path) -> None:
    files = [str(tmp_path / "a.py"), str(tmp_path / "b.py")]
    for bad in ("0", "-1", "nan", "inf"):
        code, said = run("league", *files, "--time-per-move", bad)
        assert code == 2 and said.startswith(
            "error: time_per_move must be a number of seconds > 0"
        ), said
    code, said = run("league", *files, "--openings", "0")
    assert code == 2 and "openings must be a whole number >= 1" in said
    code, said = run("league", *files, "--max-openings", "-2")
    assert code == 2 and "max_openings must be a whole number >= 1" in said
