"""Records: what a student's notebook writes, and what collecting a folder reports (issue 26)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gametheory import tree
from gametheory.practice import Drill
from gametheory.teacher import (
    VERSION,
    Assignment,
    Exercise,
    Student,
    Workbook,
    collect,
    write_assignment,
)
from gametheory.teacher.records import FIELDS, mistakes_of, seal
from gametheory.teacher.simulate import alphabeta_right, alphabeta_strict

WORK = Assignment(
    "hw1",
    (Exercise.parse("alphabeta:2"), Exercise.parse("code:alphabeta:1")),
    [Student("s01", "Ada Lovelace"), Student("s02", "Zoë Dubois")],
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def book(folder: Path, student: str = "s01", work: Assignment = WORK) -> Workbook:
    exercises = [str(e) for e in work.exercises]
    return Workbook(work.id, student, exercises, work.key, folder / student, Clock())


def record(folder: Path, student: str = "s01", number: int = 1) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / student / f"{student}-{number}.json").read_text())
    return data


# -- what a record holds ---------------------------------------------------------------------
def test_a_check_saves_a_small_record_of_the_exercise(tmp_path: Path) -> None:
    mine = book(tmp_path)
    drill = mine.drill(1)
    assert isinstance(mine.clock, Clock)
    mine.clock.now += 95.0
    values, pruned = drill.solution()
    wrong = dict(values) | {"A": float(values["A"]) + 1}
    assert not mine.check(1, wrong, pruned).correct
    mine.hint(1, wrong, pruned)
    assert mine.check(1, values, pruned).correct
    saved = record(tmp_path)
    assert tuple(sorted(saved)) == tuple(sorted(FIELDS))
    assert saved["version"] == VERSION
    assert (saved["assignment"], saved["student"], saved["exercise"]) == ("hw1", "s01", 1)
    assert (saved["kind"], saved["level"], saved["seed"]) == ("alphabeta", 2, WORK.seed("s01", 1))
    assert (saved["attempts"], saved["hints"], saved["solved"]) == (2, 1, True)
    assert saved["score"] == drill.record()["score"] < 1.0  # a hint costs (the drill's score)
    assert saved["mistakes"] == ["wrong-value"]
    assert saved["examples"]["wrong-value"]["values"]["A"] == wrong["A"]
    assert saved["seconds"] == 95.0


def test_a_record_holds_no_path_and_no_name(tmp_path: Path) -> None:
    mine = book(tmp_path / "Ada Lovelace's folder")
    mine.check(1, *mine.drill(1).solution())
    text = (tmp_path / "Ada Lovelace's folder" / "s01" / "s01-1.json").read_text()
    assert "Ada" not in text and str(tmp_path) not in text and "/" not in text


def test_a_code_exercise_records_the_mistake_the_grader_names(tmp_path: Path) -> None:
    mine = book(tmp_path)
    report = mine.grade(2, alphabeta_strict)
    assert not report.passed and report.first_divergence is not None
    assert (
        record(tmp_path, number=2)["score"]
        == round(report.first_divergence.tree / report.tests, 4)
        < 1
    )
    assert mine.grade(2, alphabeta_right).passed
    saved = record(tmp_path, number=2)
    assert (saved["type"], saved["kind"], saved["seed"]) == (
        "code",
        "alphabeta",
        WORK.seed("s01", 2),
    )
    assert (saved["attempts"], saved["score"], saved["solved"]) == (2, 1.0, True)
    assert saved["mistakes"] == ["strict"]


def test_strict_raises_an_assertion_error_with_the_message(tmp_path: Path) -> None:
    mine = book(tmp_path)
    with pytest.raises(AssertionError, match="^✗|is not|never looked at|cutoff|no value"):
        mine.check(1, {}, strict=True)
    with pytest.raises(AssertionError, match="≥"):
        mine.grade(2, alphabeta_strict, strict=True)
    mine.check(1, *mine.drill(1).solution(), strict=True)  # right: no error
    mine.grade(2, alphabeta_right, strict=True)


def test_the_wrong_kind_of_exercise_is_named(tmp_path: Path) -> None:
    mine = book(tmp_path)
    with pytest.raises(ValueError, match="exercise 2 is a code exercise"):
        mine.drill(2)
    with pytest.raises(ValueError, match="exercise 1 is a drill"):
        mine.grade(1, alphabeta_right)
    with pytest.raises(ValueError, match="there is no exercise 3"):
        mine.open(3)


def test_a_missed_deep_cutoff_is_told_from_a_shallow_one() -> None:
    drill = Drill("alphabeta", tree([[[[5]]], [[[4, 8]]]]))
    values, _ = drill.solution()
    assert mistakes_of(drill, values, ()) == ["deep-cutoff-missed"]
    shallow = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    assert mistakes_of(shallow, shallow.solution()[0], ()) == ["missed-cutoff"]
    assert mistakes_of(shallow, *shallow.solution()) == []


# -- collecting ----------------------------------------------------------------------------------
@pytest.fixture
def handed_in(tmp_path: Path) -> Path:
    for sid in ("s01", "s02"):
        mine = book(tmp_path, sid)
        mine.check(1, *mine.drill(1).solution())
        mine.grade(2, alphabeta_right)
    return tmp_path


def test_a_clean_folder_is_collected_whole(handed_in: Path) -> None:
    got = collect(handed_in, WORK)
    assert sorted(got.records) == [("s01", 1), ("s01", 2), ("s02", 1), ("s02", 2)]
    assert got.problems == ()


def _problems(folder: Path) -> dict[str, str]:
    return {p.file: p.reason for p in collect(folder, WORK).problems}


def test_an_older_version_is_reported(handed_in: Path) -> None:
    path = handed_in / "s01" / "s01-1.json"
    old = json.loads(path.read_text()) | {"version": VERSION - 1}
    path.write_text(json.dumps(old))
    assert "a record of version 0" in _problems(handed_in)["s01/s01-1.json"]
    assert ("s01", 1) not in collect(handed_in, WORK).records


def test_a_tampered_record_is_reported(handed_in: Path) -> None:
    path = handed_in / "s02" / "s02-2.json"
    path.write_text(path.read_text().replace('"score": 1.0', '"score": 0.99'))
    assert _problems(handed_in)["s02/s02-2.json"].startswith("tampered: the checksum")
    assert set(collect(handed_in, WORK).records) == {("s01", 1), ("s01", 2), ("s02", 1)}


def test_a_resealed_record_with_another_seed_is_still_caught(handed_in: Path) -> None:
    path = handed_in / "s02" / "s02-1.json"
    forged = json.loads(path.read_text()) | {"seed": WORK.seed("s01", 1)}  # copied a friend's
    path.write_text(json.dumps(seal(WORK.key, forged)))
    assert "tampered: exercise 1 of s02 is not this seed" in _problems(handed_in)["s02/s02-1.json"]


def test_an_identical_duplicate_is_reported_and_one_kept(handed_in: Path) -> None:
    (handed_in / "copy.json").write_text((handed_in / "s01" / "s01-1.json").read_text())
    assert _problems(handed_in) == {"s01/s01-1.json": "a duplicate of copy.json"}
    assert ("s01", 1) in collect(handed_in, WORK).records


def test_two_different_records_of_one_exercise_are_both_reported_and_neither_used(
    handed_in: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    other = tmp_path_factory.mktemp("again")
    again = book(other, "s01")
    again.check(1, {}, ())  # a worse try, on another machine
    (handed_in / "second").mkdir()
    (handed_in / "second" / "s01-1.json").write_text((other / "s01" / "s01-1.json").read_text())
    problems = _problems(handed_in)
    assert "with other contents: neither is used" in problems["second/s01-1.json"]
    assert problems["s01/s01-1.json"] == "has a different duplicate: not used"
    assert ("s01", 1) not in collect(handed_in, WORK).records


def test_a_record_of_another_assignment_is_reported(handed_in: Path) -> None:
    other = Assignment("hw2", WORK.exercises, WORK.roster)
    mine = book(handed_in / "stray", "s01", other)
    mine.check(1, *mine.drill(1).solution())
    assert _problems(handed_in) == {
        "stray/s01/s01-1.json": "a record of assignment 'hw2', not 'hw1'"
    }


def test_a_record_of_a_student_not_on_the_roster_is_reported(handed_in: Path) -> None:
    stranger = Workbook("hw1", "s99", [str(e) for e in WORK.exercises], WORK.key, handed_in / "x")
    stranger.check(1, {})
    assert _problems(handed_in) == {"x/s99-1.json": "student 's99' is not on the roster"}


def test_junk_in_the_folder_is_reported_and_nothing_else_lost(handed_in: Path) -> None:
    (handed_in / "notes.txt").write_text("hello")
    (handed_in / "broken.json").write_text("{not json")
    (handed_in / "list.json").write_text("[1, 2]")
    (handed_in / "bytes.json").write_bytes(b"\xff\xfe\x00")
    (handed_in / ".ipynb_checkpoints").mkdir()
    (handed_in / ".ipynb_checkpoints" / "x.ipynb").write_text("{}")
    problems = _problems(handed_in)
    assert problems["notes.txt"] == "not a record (records are .json files)"
    assert problems["broken.json"].startswith("not a record (not JSON")
    assert problems["list.json"].startswith("not a record (missing")
    assert problems["bytes.json"].startswith("not a record (not JSON")
    assert ".ipynb_checkpoints/x.ipynb" in problems
    assert len(collect(handed_in, WORK).records) == 4


def test_collecting_what_is_not_a_folder_says_so(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a folder of records"):
        collect(tmp_path / "nowhere", WORK)


# -- the notebook, run as a student runs it -------------------------------------------------------------
def test_the_students_notebook_runs_and_writes_its_records(tmp_path: Path) -> None:
    nbclient = pytest.importorskip("nbclient")
    import nbformat

    write_assignment(WORK, tmp_path)
    path = tmp_path / "notebooks" / "s02.ipynb"
    notebook = nbformat.read(path, as_version=4)
    values, pruned = Drill("alphabeta", seed=WORK.seed("s02", 1), level=2).solution()
    for cell in notebook.cells:  # the student fills in the boxes and writes the function
        if cell.source.startswith("values = "):
            cell.source = (
                f"values = {values!r}\npruned = {list(pruned)!r}\nbook.check(1, values, pruned)"
            )
        if cell.source.startswith("def alphabeta"):
            cell.source = "from gametheory.teacher.simulate import alphabeta_right as alphabeta"
    nbclient.NotebookClient(
        notebook, timeout=120, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    got = collect(tmp_path / "hw1", WORK)
    assert sorted(got.records) == [("s02", 1), ("s02", 2)]
    assert got.records["s02", 1]["solved"] and got.records["s02", 2]["solved"]
    assert got.problems == ()
