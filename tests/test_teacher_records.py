"""Records: what a student's notebook writes, and what the teacher's side makes of it
(issues 26 and 36: nothing a student hands in is trusted)."""

from __future__ import annotations

import io
import json
import os
import zipfile
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
from gametheory.teacher.records import FIELDS, mistakes_of
from gametheory.teacher.simulate import alphabeta_handed_off, alphabeta_right, alphabeta_strict

WORK = Assignment(
    "hw1",
    (Exercise.parse("alphabeta:2"), Exercise.parse("code:alphabeta:1")),
    [Student("s01", "Ada Lovelace"), Student("s02", "Zoë Dubois"), Student("s03", "Jiří Novák")],
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def book(folder: Path, student: str = "s01", work: Assignment = WORK) -> Workbook:
    exercises = [str(e) for e in work.exercises]
    return Workbook(work.id, student, exercises, folder / student, Clock())


def record(folder: Path, student: str = "s01", number: int = 1) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / student / f"{student}-{number}.json").read_text())
    return data


def right(student: str = "s01") -> tuple[dict[str, Any], tuple[str, ...]]:
    return Drill("alphabeta", seed=WORK.seed(student, 1), level=2).solution()


# -- what a record holds ---------------------------------------------------------------------
def test_a_check_saves_the_answer_and_no_score_no_key(tmp_path: Path) -> None:
    mine = book(tmp_path)
    values, pruned = right()
    mine.check(1, {"A": 99}, [])
    mine.check(1, values, pruned)
    got = record(tmp_path)
    assert set(got) == set(FIELDS) and got["version"] == VERSION == 2
    assert got["answer"] == {"values": values, "pruned": list(pruned)}
    assert "score" not in got and "checksum" not in got
    assert (got["attempts"], got["solution_shown"]) == (2, False)


def test_the_best_answer_is_the_one_kept(tmp_path: Path) -> None:
    mine = book(tmp_path)
    values, pruned = right()
    mine.check(1, values, pruned)
    mine.check(1, {}, [])  # a worse try afterwards
    assert record(tmp_path)["answer"]["values"] == values


def test_asking_a_drill_for_its_solution_is_noted_as_shown(tmp_path: Path) -> None:
    mine = book(tmp_path)
    mine.check(1, *mine.drill(1).solution())
    assert record(tmp_path)["solution_shown"] is True
    assert collect(tmp_path, WORK).records["s01", 1]["solution_shown"] is True


def test_a_drill_drawn_is_not_a_solution_shown(tmp_path: Path) -> None:
    mine = book(tmp_path)
    mine.drill(1).picture()
    mine.check(1, {}, [])
    assert record(tmp_path)["solution_shown"] is False


def test_a_check_that_cannot_save_still_gives_its_feedback_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "s01").write_text("a file where the folder should be")
    feedback = book(tmp_path).check(1, *right())
    assert feedback.correct
    assert "Your record could not be saved" in feedback.message


def test_a_code_exercise_records_the_source_of_the_cell(tmp_path: Path) -> None:
    book(tmp_path).grade(2, alphabeta_strict)
    got = record(tmp_path, number=2)
    assert "alpha > beta" in got["answer"]["source"] and "import math" in got["answer"]["source"]
    assert got["mistakes"] == ["strict"]


def test_a_missed_deep_cutoff_is_told_from_a_shallow_one() -> None:
    drill = Drill("alphabeta", tree([[[[5]]], [[[4, 8]]]]))
    values, _ = drill.solution()
    assert mistakes_of(drill, values, ()) == ["deep-cutoff-missed"]
    shallow = Drill("alphabeta", tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    assert mistakes_of(shallow, shallow.solution()[0], ()) == ["missed-cutoff"]
    assert mistakes_of(shallow, *shallow.solution()) == []


# -- collecting: every answer graded again -------------------------------------------------------
@pytest.fixture
def handed_in(tmp_path: Path) -> Path:
    for sid in ("s01", "s02"):
        mine = book(tmp_path, sid)
        mine.check(1, *right(sid))
        mine.grade(2, alphabeta_right)
    return tmp_path


def _problems(folder: Path) -> dict[str, str]:
    return {p.file: p.reason for p in collect(folder, WORK).problems}


def test_a_clean_folder_is_collected_whole_and_graded(handed_in: Path) -> None:
    got = collect(handed_in, WORK)
    assert sorted(got.records) == [("s01", 1), ("s01", 2), ("s02", 1), ("s02", 2)]
    assert all(r["score"] == 1.0 and r["solved"] for r in got.records.values())
    assert got.problems == () and got.conflicts == ()


def test_a_score_written_into_a_record_is_never_read(handed_in: Path) -> None:
    path = handed_in / "s02" / "s02-1.json"
    forged = json.loads(path.read_text())
    forged["answer"]["values"] = {k: 0 for k in forged["answer"]["values"]}
    path.write_text(json.dumps(forged | {"score": 1.0, "solved": True}))
    graded = collect(handed_in, WORK).records["s02", 1]
    assert graded["score"] < 1 and not graded["solved"]
    assert "wrong-value" in graded["mistakes"]


def test_code_is_graded_again_from_its_source_in_a_process_of_its_own(handed_in: Path) -> None:
    path = handed_in / "s02" / "s02-2.json"
    forged = json.loads(path.read_text())
    forged["answer"]["source"] = forged["answer"]["source"].replace("alpha >= beta", "alpha > beta")
    forged["mistakes"] = []
    path.write_text(json.dumps(forged))
    graded = collect(handed_in, WORK).records["s02", 2]
    assert not graded["solved"] and graded["mistakes"] == ["strict"]


def test_code_that_hands_the_work_to_the_package_is_flagged(tmp_path: Path) -> None:
    book(tmp_path).grade(2, alphabeta_handed_off)
    graded = collect(tmp_path, WORK).records["s01", 2]
    assert graded["score"] == 0 and graded["mistakes"][0] == "package-search"


def test_code_that_loops_or_kills_its_process_costs_only_its_own_grade(tmp_path: Path) -> None:
    book(tmp_path, "s01").grade(2, alphabeta_right)
    for sid, body in (("s02", "import os\n    os._exit(3)"), ("s03", "while True: pass")):
        path = tmp_path / sid / f"{sid}-2.json"
        path.parent.mkdir()
        data = record(tmp_path, "s01", 2) | {"student": sid, "seed": WORK.seed(sid, 2)}
        data["answer"] = {"source": f"def alphabeta(game, state, alpha, beta):\n    {body}\n"}
        path.write_text(json.dumps(data))
    import gametheory.teacher.collection as collection

    collection.CODE_SECONDS, before = 5.0, collection.CODE_SECONDS
    try:
        got = collect(tmp_path, WORK)
    finally:
        collection.CODE_SECONDS = before
    assert got.records["s01", 2]["solved"]
    assert "ended" in got.records["s02", 2]["message"]
    assert "alphabeta ran for more than 5 s" in got.records["s03", 2]["message"]


def test_an_older_version_is_reported(handed_in: Path) -> None:
    path = handed_in / "s01" / "s01-1.json"
    old = json.loads(path.read_text()) | {"version": VERSION - 1}
    path.write_text(json.dumps(old))
    assert "a record of version 1" in _problems(handed_in)["s01/s01-1.json"]
    assert ("s01", 1) not in collect(handed_in, WORK).records


def test_a_record_with_another_seed_is_caught(handed_in: Path) -> None:
    path = handed_in / "s02" / "s02-1.json"
    path.write_text(json.dumps(json.loads(path.read_text()) | {"seed": WORK.seed("s01", 1)}))
    assert (
        "exercise 1 of s02 is not this type, kind, level or seed"
        in _problems(handed_in)["s02/s02-1.json"]
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [("mistakes", [{}]), ("attempts", None), ("attempts", "lots"), ("hints", -1),
     ("seconds", float("nan")), ("examples", {"x": 1}), ("answer", {"values": [], "pruned": []}),
     ("solution_shown", "no"), ("exercise", True), ("student", ["s01"])],
)  # fmt: skip
def test_a_malformed_field_is_reported_by_name_and_the_rest_proceed(
    handed_in: Path, field: str, value: Any
) -> None:
    path = handed_in / "s01" / "s01-1.json"
    path.write_text(json.dumps(json.loads(path.read_text()) | {field: value}))
    got = collect(handed_in, WORK)
    assert ("s01", 1) not in got.records and len(got.records) == 3
    assert got.problems[0].file == "s01/s01-1.json"


def test_deep_nesting_a_huge_file_links_and_special_files_are_reported(handed_in: Path) -> None:
    (handed_in / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    with (handed_in / "huge.json").open("wb") as stream:
        stream.truncate(3 * 10**9)  # sparse: 3 GB that take no disk
    (handed_in / "zero.json").symlink_to("/dev/zero")
    (handed_in / "friend").symlink_to(handed_in / "s02")
    os.mkfifo(handed_in / "pipe.json")
    problems = _problems(handed_in)
    assert problems["deep.json"] == "not a record (nested too deep to be one)"
    assert problems["huge.json"].startswith("larger than 1,000,000 bytes")
    assert problems["zero.json"] == problems["friend"] == "a symbolic link: not followed"
    assert problems["pipe.json"].startswith("a special file")
    assert len(collect(handed_in, WORK).records) == 4


# -- whose work: a record in another student's hand-in ------------------------------------------
def test_a_record_in_another_students_hand_in_is_a_conflict_that_costs_no_one(
    handed_in: Path,
) -> None:
    copied = handed_in / "s03" / "hw1"
    copied.mkdir(parents=True)
    friend = json.loads((handed_in / "s01" / "s01-1.json").read_text())
    friend["answer"]["values"] = {}
    (copied / "s01-1.json").write_text(json.dumps(friend))  # a different s01 record, in s03's
    got = collect(handed_in, WORK)
    assert got.records["s01", 1]["score"] == 1.0  # s01's own work stands
    [conflict] = got.conflicts
    assert (conflict.holder, conflict.named, conflict.exercise) == ("s03", "s01", 1)
    assert "s03's hand-in holds a record of s01 (exercise 1)" in str(got)


def test_a_record_for_a_student_who_handed_in_nothing_is_not_accepted(handed_in: Path) -> None:
    forged = json.loads((handed_in / "s02" / "s02-1.json").read_text())
    forged |= {"student": "s03", "seed": WORK.seed("s03", 1)}
    forged["answer"] = {"values": right("s03")[0], "pruned": list(right("s03")[1])}
    (handed_in / "s02" / "s03-1.json").write_text(json.dumps(forged))
    got = collect(handed_in, WORK)
    assert ("s03", 1) not in got.records and got.conflicts[0].holder == "s02"


def test_two_different_records_in_ones_own_hand_in_the_better_is_used(handed_in: Path) -> None:
    (handed_in / "s01" / "old").mkdir()
    worse = json.loads((handed_in / "s01" / "s01-1.json").read_text())
    worse["answer"]["values"] = {}
    (handed_in / "s01" / "old" / "s01-1.json").write_text(json.dumps(worse))
    got = collect(handed_in, WORK)
    assert got.records["s01", 1]["score"] == 1.0
    assert (
        "the better graded, s01/s01-1.json, is used" in _problems(handed_in)["s01/old/s01-1.json"]
    )


def test_an_identical_duplicate_is_reported_and_one_kept(handed_in: Path) -> None:
    (handed_in / "s01" / "copy").mkdir()
    (handed_in / "s01" / "copy" / "s01-1.json").write_text(
        (handed_in / "s01" / "s01-1.json").read_text()
    )
    assert _problems(handed_in) == {"s01/s01-1.json": "a duplicate of s01/copy/s01-1.json"}
    assert ("s01", 1) in collect(handed_in, WORK).records


def test_a_record_of_another_assignment_is_reported(handed_in: Path) -> None:
    other = Assignment("hw2", WORK.exercises, WORK.roster)
    mine = book(handed_in / "s01" / "stray", "s01", other)
    mine.check(1, {})
    assert _problems(handed_in) == {
        "s01/stray/s01/s01-1.json": "a record of assignment 'hw2', not 'hw1'"
    }


def test_junk_in_the_folder_is_reported_and_nothing_else_lost(handed_in: Path) -> None:
    (handed_in / "notes.txt").write_text("hello")
    (handed_in / "broken.json").write_text("{not json")
    (handed_in / "list.json").write_text("[1, 2]")
    (handed_in / "bytes.json").write_bytes(b"\xff\xfe\x00")
    problems = _problems(handed_in)
    assert problems["notes.txt"] == "not a record (records are .json files)"
    assert problems["broken.json"].startswith("not a record (not JSON")
    assert problems["list.json"].startswith("not a record (missing")
    assert problems["bytes.json"].startswith("not a record (not JSON")
    assert len(collect(handed_in, WORK).records) == 4


def test_collecting_what_is_not_a_folder_says_so(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a folder"):
        collect(tmp_path / "nowhere", WORK)


# -- LMS downloads -------------------------------------------------------------------------------
def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("s01", "s02"),
    [
        (
            "Ada Lovelace_1001_assignsubmission_file_/hw1/",
            "Zoë Dubois_1002_assignsubmission_file_/",
        ),  # Moodle
        ("lovelaceada_11_22_", "duboiszoe_33_44_"),  # Canvas: a flat folder, names squashed
        ("s01_hw1_", "s02_hw1_"),  # nbgrader zip_collect
        ("submission_1/", "submission_2/"),  # Gradescope, with its metadata
    ],
)
def test_a_zip_from_an_lms_is_read_and_each_file_given_to_its_student(
    handed_in: Path, tmp_path_factory: pytest.TempPathFactory, s01: str, s02: str
) -> None:
    files = {
        f"{s01}s01-{n}.json": (handed_in / "s01" / f"s01-{n}.json").read_bytes() for n in (1, 2)
    }
    files[f"{s02}s01-1.json"] = files[f"{s01}s01-1.json"]  # s02 hands in s01's record
    files[f"{s02}hw1.zip"] = _zip(
        {f"hw1/s02-{n}.json": (handed_in / "s02" / f"s02-{n}.json").read_bytes() for n in (1, 2)}
    )
    files["submission_metadata.yml"] = (
        b"submission_1:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: s01\n"
        b"submission_2:\n  :submitters:\n  - :name: Zoe Dubois\n    :sid: 's02'\n"
    )
    download = tmp_path_factory.mktemp("lms") / "download.zip"
    download.write_bytes(_zip(files))
    got = collect(download, WORK)
    assert sorted(got.records) == [("s01", 1), ("s01", 2), ("s02", 1), ("s02", 2)]
    assert [(c.holder, c.named) for c in got.conflicts] == [("s02", "s01")]


def test_a_zip_slip_name_and_a_zip_bomb_are_reported_not_followed(tmp_path: Path) -> None:
    bomb = _zip({"s01/big.json": b"0" * 50_000_000})
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "s01.zip").write_bytes(_zip({"../../evil.json": b"{}", "s01/x.zip": bomb}))
    problems = _problems(tmp_path / "in")
    assert problems["s01.zip:../../evil.json"].startswith("an unsafe name in the zip")
    assert problems["s01.zip:s01/x.zip:s01/big.json"].startswith("larger than 1,000,000 bytes")
    assert not (tmp_path / "evil.json").exists()


# -- the notebook, run as a student runs it -------------------------------------------------------------
def test_the_students_notebook_runs_and_writes_its_records(tmp_path: Path) -> None:
    nbclient = pytest.importorskip("nbclient")
    import nbformat

    write_assignment(WORK, tmp_path / "out", progress=False)
    path = tmp_path / "out" / "notebooks" / "s02.ipynb"
    notebook = nbformat.read(path, as_version=4)
    assert "key" not in notebook.cells[1].source and "import gametheory" in notebook.cells[1].source
    values, pruned = right("s02")
    for cell in notebook.cells:  # the student fills in the boxes and writes the function
        if cell.source.startswith("values = "):
            cell.source = (
                f"values = {values!r}\npruned = {list(pruned)!r}\nbook.check(1, values, pruned)"
            )
        if cell.source.startswith("def alphabeta"):
            cell.source = (
                "def alphabeta(game, state, alpha, beta):\n"
                "    if game.is_terminal(state):\n        return game.utility(state, 0)\n"
                "    for move in game.legal_moves(state):\n"
                "        value = alphabeta(game, game.result(state, move), alpha, beta)\n"
                "        if game.to_move(state) == 0:\n            alpha = max(alpha, value)\n"
                "        else:\n            beta = min(beta, value)\n"
                "        if alpha >= beta:\n            break\n"
                "    return alpha if game.to_move(state) == 0 else beta\n"
            )
    help_cell = nbformat.v4.new_code_cell("help(gametheory.practice.grade)")
    notebook.cells.insert(2, help_cell)
    nbclient.NotebookClient(
        notebook, timeout=120, resources={"metadata": {"path": str(tmp_path / "out" / "notebooks")}}
    ).execute()
    got = collect(tmp_path / "out" / "notebooks" / "hw1", WORK)
    assert sorted(got.records) == [("s02", 1), ("s02", 2)]
    assert got.records["s02", 1]["solved"] and got.records["s02", 2]["solved"]


def test_a_code_answer_runs_only_in_child_processes_never_in_the_teachers(tmp_path: Path) -> None:
    # the source's own lines (not only its function) run where the grader runs the answer:
    # each writes down the process it ran in, and none may be the teacher's
    from gametheory.practice.grader.answer import SourceAnswer
    from gametheory.teacher.collection import _grade_code

    seen = tmp_path / "pids"
    source = (
        f"import os\nopen({str(seen)!r}, 'a').write(f'{{os.getpid()}}\\n')\n"
        "def minimax(game, state):\n    return 0\n"
    )
    assert SourceAnswer(source, "minimax").__name__ == "minimax" and not seen.exists()
    score, _, mistakes = _grade_code(source, "minimax", 1, 1)
    assert score < 1 and mistakes
    pids = {int(line) for line in seen.read_text().split()}
    assert pids and os.getpid() not in pids
