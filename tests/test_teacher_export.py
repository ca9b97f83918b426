"""Grades and feedback into the school's systems: CSV, feedback pages, Gradescope (issue 36)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from gametheory.cli import main
from gametheory.practice import Drill
from gametheory.teacher import Assignment, Exercise, Student, Workbook, collect
from gametheory.teacher.collection import Collection
from gametheory.teacher.export import write_csv, write_feedback, write_gradescope
from gametheory.teacher.simulate import alphabeta_strict

WORK = Assignment(
    "hw1",
    (Exercise.parse("alphabeta:2"), Exercise.parse("code:alphabeta:1")),
    [
        Student("s01", "Ada Lovelace"),
        Student("s02", "+Zoë <b>Dubois</b>"),
        Student("s03", "Jiří Novák"),
    ],
)


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Collection:
    folder = tmp_path_factory.mktemp("in")
    ada = Workbook("hw1", "s01", [str(e) for e in WORK.exercises], folder / "s01")
    ada.check(1, *Drill("alphabeta", seed=WORK.seed("s01", 1), level=2).solution())
    zoe = Workbook("hw1", "s02", [str(e) for e in WORK.exercises], folder / "s02")
    values, _ = Drill("alphabeta", seed=WORK.seed("s02", 1), level=2).solution()
    zoe.check(1, values, [])  # the cutoffs left unmarked
    zoe.grade(2, alphabeta_strict)
    return collect(folder, WORK)


def test_the_gradebook_has_a_row_per_student_with_the_teachers_scores(
    graded: Collection, tmp_path: Path
) -> None:
    path = write_csv(graded, tmp_path / "grades.csv")
    rows = list(csv.DictReader(path.open(encoding="utf-8-sig")))
    assert [r["id"] for r in rows] == ["s01", "s02", "s03"]
    assert (rows[0]["ex1"], rows[0]["ex2"], rows[0]["total"]) == ("100.0", "", "50.0")
    assert float(rows[1]["ex1"]) < 100 and float(rows[1]["ex2"]) < 100
    assert "a cutoff missed" in rows[1]["mistakes"] or "cutoff" in rows[1]["mistakes"]
    assert rows[1]["name"].startswith("'+")  # no formula for a spreadsheet
    assert rows[2]["ex1"] == rows[2]["ex2"] == "" and rows[2]["total"] == "0.0"


def test_a_feedback_page_per_student_names_the_mistakes_and_draws_the_answer(
    graded: Collection, tmp_path: Path
) -> None:
    files = write_feedback(graded, tmp_path / "feedback")
    assert [f.name for f in files] == ["s01.html", "s02.html", "s03.html"]
    page = (tmp_path / "feedback" / "s02.html").read_text(encoding="utf-8")
    assert "<svg" in page and "Mistakes made:" in page and "cutoff" in page
    assert "&lt;b&gt;Dubois&lt;/b&gt;" in page and "<b>Dubois" not in page
    assert "not handed in" in (tmp_path / "feedback" / "s03.html").read_text(encoding="utf-8")


def test_gradescope_results_follow_the_autograder_format(
    graded: Collection, tmp_path: Path
) -> None:
    write_gradescope(graded, tmp_path / "gs")
    results = json.loads((tmp_path / "gs" / "s02" / "results.json").read_text(encoding="utf-8"))
    assert set(results) == {"score", "output", "visibility", "tests"}
    assert results["score"] == pytest.approx(sum(t["score"] for t in results["tests"]))
    for number, test in enumerate(results["tests"], start=1):
        assert set(test) == {
            "name",
            "number",
            "score",
            "max_score",
            "status",
            "output",
            "visibility",
        }
        assert test["number"] == str(number) and test["max_score"] == 1.0
        assert 0 <= test["score"] <= 1 and test["status"] in ("passed", "failed")
        assert test["visibility"] == "visible" and test["output"]
    with pytest.raises(ValueError, match="visibility must be"):
        write_gradescope(graded, tmp_path / "gs", visibility="sometimes")


def test_report_writes_them_all_from_the_console(graded: Collection, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    ada = Workbook("hw1", "s01", [str(e) for e in WORK.exercises], folder / "s01")
    ada.check(1, {}, [])
    manifest = tmp_path / "assignment.json"
    manifest.write_text(json.dumps(WORK.manifest()), encoding="utf-8")
    import io

    out = io.StringIO()
    code = main(["class", "report", str(folder), "--assignment", str(manifest), "--out",
                 str(tmp_path / "r.html"), "--csv", str(tmp_path / "g.csv"), "--feedback",
                 str(tmp_path / "fb"), "--gradescope", str(tmp_path / "gs")], stdout=out)  # fmt: skip
    assert code == 0, out.getvalue()
    assert (tmp_path / "g.csv").exists() and (tmp_path / "fb" / "s03.html").exists()
    assert (tmp_path / "gs" / "s01" / "results.json").exists()
    assert "3 feedback pages" in out.getvalue() and "3 Gradescope results" in out.getvalue()
