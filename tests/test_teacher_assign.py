"""Seeded assignments: the roster, the seeds, and the files each student gets (issue 26)."""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.practice import Drill, grade
from gametheory.practice.grader import KINDS as CODE_KINDS
from gametheory.teacher import (
    Assignment,
    Exercise,
    RosterError,
    Student,
    read_roster,
    seed_for,
    write_assignment,
)
from gametheory.teacher.sheets import answer_key, drill_of, notebook, sheet

ROSTER = 'id,name\ns01,Ada Lovelace\n\ns02,Zoë Dubois\ns03,"Nguyễn, Văn An"\n'


def small() -> Assignment:
    exercises = (Exercise.parse("alphabeta:2"), Exercise.parse("code:minimax:1"))
    return Assignment("hw1", exercises, read_roster(ROSTER))


# -- the roster --------------------------------------------------------------------------------
def test_a_roster_skips_empty_lines_and_the_header_and_keeps_any_letters() -> None:
    assert read_roster(ROSTER) == [
        Student("s01", "Ada Lovelace"),
        Student("s02", "Zoë Dubois"),
        Student("s03", "Nguyễn, Văn An"),
    ]


def test_a_roster_file_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_bytes("\ufeffs01,Łukasz\r\ns02,Bob\r\n".encode())
    assert [s.id for s in read_roster(path)] == ["s01", "s02"]
    assert read_roster(path)[0].name == "Łukasz"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("s01,Ada\ns01,Bob\n", "roster line 2: the id 's01' is already on line 1 (Ada)"),
        ("s01,Ada\ns02\n", "roster line 2: 's02' needs two columns, a student id and a name"),
        ("s01,Ada\ns02,\n", "roster line 2: 's02,' needs two columns"),
        ("s01,Ada\n../x,Eve\n", "roster line 2: the id '../x' cannot be part of a file name"),
        ("id,name\n\n", "the roster has no students"),
    ],
)
def test_a_bad_roster_is_refused_with_the_line(text: str, words: str) -> None:
    with pytest.raises(RosterError) as error:
        read_roster(text)
    assert words in str(error.value)


def test_a_missing_roster_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(RosterError, match="cannot read the roster"):
        read_roster(tmp_path / "nowhere.csv")


def test_a_roster_that_is_not_utf8_says_so(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_bytes("s01,Zo\xeb\n".encode("latin-1"))
    with pytest.raises(RosterError, match="is not UTF-8 text"):
        read_roster(path)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("alphabeta:4", "must be 1, 2 or 3"),
        ("chess:1", "a drill kind must be one of"),
        ("code:chess", "a code exercise kind must be one of"),
        ("alphabeta:x", "kind:level or code:kind:level"),
    ],
)
def test_a_bad_exercise_is_refused(text: str, words: str) -> None:
    with pytest.raises(RosterError, match=words):
        Exercise.parse(text)


def test_an_exercise_reads_back_from_its_text() -> None:
    for text in ("minimax:1", "alphabeta:3", "code:alphabeta_negamax:2", "andor:2"):
        assert str(Exercise.parse(text)) == text


# -- seeds -------------------------------------------------------------------------------------
def test_a_seed_does_not_depend_on_the_process_hash_seed() -> None:
    code = "from gametheory.teacher import seed_for; print(seed_for('hw1', 's01', 2))"
    seeds = set()
    for hash_seed in ("1", "2"):
        env = os.environ | {"PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        seeds.add(run.stdout.strip())
    assert seeds == {str(seed_for("hw1", "s01", 2))}


@given(st.text(min_size=1, max_size=8), st.text(min_size=1, max_size=8), st.integers(1, 20))
def test_seeds_differ_between_students_exercises_and_assignments(a: str, s: str, n: int) -> None:
    seed = seed_for(a, s, n)
    assert seed == seed_for(a, s, n)
    assert seed != seed_for(a, s + "x", n)
    assert seed != seed_for(a, s, n + 1)
    assert seed != seed_for(a + "x", s, n)


def test_each_student_gets_a_tree_of_their_own() -> None:
    work = small()
    trees = {str(drill_of(work, s.id, 1).tree.spec()) for s in work.roster}
    assert len(trees) == len(work.roster)
    again = Drill("alphabeta", seed=work.seed("s02", 1), level=2)
    assert again.tree.spec() == drill_of(work, "s02", 1).tree.spec()


# -- the files ---------------------------------------------------------------------------------
def test_the_same_inputs_give_byte_identical_files(tmp_path: Path) -> None:
    first = write_assignment(small(), tmp_path / "one")
    second = write_assignment(small(), tmp_path / "two")
    assert [p.relative_to(tmp_path / "one") for p in first] == [
        p.relative_to(tmp_path / "two") for p in second
    ]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
    assert len(first) == 1 + 3 * 3  # assignment.json, and a notebook, sheet and key each
    assert not list((tmp_path / "one").rglob("*.part"))


def test_the_notebook_is_valid_and_carries_the_students_own_seeds(tmp_path: Path) -> None:
    work = small()
    write_assignment(work, tmp_path)
    text = (tmp_path / "notebooks" / "s02.ipynb").read_text(encoding="utf-8")
    book = nbformat.reads(text, as_version=4)
    nbformat.validate(book)
    sources = "\n".join(cell.source for cell in book.cells)
    assert "Zoë Dubois (s02)" in sources
    assert "key=" not in sources and "import gametheory\n" in sources  # help(gametheory...) works
    assert "book.check(1, values, pruned)" in sources and "book.grade(2, minimax)" in sources
    assert "values = {}\npruned = []" in sources


def test_the_sheet_has_one_page_per_exercise_and_empty_boxes() -> None:
    work = small()
    page = sheet(work, work.roster[0])
    assert page.count('<section class="page">') == len(work.exercises)
    assert page.count("<svg") == 1  # the drill's tree; the code exercise has lines to write on
    drill = drill_of(work, "s01", 1)
    for name in drill.inner:
        assert f"<tr><th>{name}</th><td>&#160;</td></tr>" in page


def test_the_key_fills_every_box_with_the_solution() -> None:
    work = small()
    key = answer_key(work, work.roster[0])
    values, pruned = drill_of(work, "s01", 1).solution()
    for name, value in values.items():
        assert f"<tr><th>{name}</th><td>{value}</td></tr>" in key
    assert f"<td>{', '.join(pruned)}</td>" in key
    assert f"seed={work.seed('s01', 2)}" in key


def test_the_code_sheet_states_the_interface_and_its_key_has_a_model_solution() -> None:
    from gametheory.teacher.models import MODELS

    work = small()
    page, key = sheet(work, work.roster[0]), answer_key(work, work.roster[0])
    for text in (page, key):
        assert "game.legal_moves(state)" in text and "game.utility(state, 0)" in text
    assert html.escape(MODELS["minimax"]) in key and "A model solution" not in page


@pytest.mark.parametrize("kind", sorted(CODE_KINDS))
def test_every_model_solution_passes_the_grader(kind: str) -> None:
    from gametheory.teacher.models import MODELS

    scope: dict[str, object] = {}
    exec(MODELS[kind], scope)
    for seed in (1, 2):
        assert grade(scope[kind], kind, seed=seed, level=2).passed  # type: ignore[arg-type]


def test_the_notebook_carries_nbgrader_metadata() -> None:
    work = small()
    book = nbformat.reads(notebook(work, work.roster[0]), as_version=4)
    meta = [cell.metadata["nbgrader"] for cell in book.cells]
    assert all(m["schema_version"] == 3 and m["grade_id"] for m in meta)
    assert len({m["grade_id"] for m in meta}) == len(meta)
    tests = [c for c in book.cells if c.metadata["nbgrader"]["grade"]]
    assert [c.source.split("(")[0] for c in tests] == ["book.check", "book.grade"]
    assert all(
        c.metadata["nbgrader"]["points"] == 1 and c.metadata["nbgrader"]["locked"] for c in tests
    )
    answers = [c.source.split()[0] for c in book.cells if c.metadata["nbgrader"]["solution"]]
    assert answers == ["values", "def"]


def test_an_interrupted_assign_leaves_nothing_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gametheory.teacher.sheets as sheets

    made = []

    def interrupted(work: Assignment, student: Student) -> str:
        made.append(student.id)
        if len(made) == 2:
            raise KeyboardInterrupt
        return "{}"

    monkeypatch.setattr(sheets, "notebook", interrupted)
    with pytest.raises(RosterError, match="interrupted: nothing was written into"):
        write_assignment(small(), tmp_path / "hw1", progress=False)
    assert list(tmp_path.iterdir()) == []


def test_assign_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "hw1").mkdir()
    (tmp_path / "hw1" / "mine.txt").write_text("keep me")
    with pytest.raises(RosterError, match="exists and is not empty"):
        write_assignment(small(), tmp_path / "hw1", progress=False)
    assert (tmp_path / "hw1" / "mine.txt").read_text() == "keep me"


def test_assign_shows_a_progress_bar(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_assignment(small(), tmp_path / "hw1")
    assert "students" in capsys.readouterr().err


def test_the_manifest_loads_back(tmp_path: Path) -> None:
    work = small()
    write_assignment(work, tmp_path)
    assert Assignment.load(tmp_path / "assignment.json") == work
    data = json.loads((tmp_path / "assignment.json").read_text(encoding="utf-8"))
    assert data["exercises"] == ["alphabeta:2", "code:minimax:1"]


def test_a_broken_manifest_says_what_it_is(tmp_path: Path) -> None:
    (tmp_path / "assignment.json").write_text("{}", encoding="utf-8")
    with pytest.raises(RosterError, match="is not an assignment.json"):
        Assignment.load(tmp_path / "assignment.json")


def twelve() -> Assignment:
    roster = [Student(f"s{k:02d}", f"Student {k}") for k in range(12)]
    return Assignment("hw1", (Exercise.parse("minimax:1"), Exercise.parse("code:minimax")), roster)


def tree_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_pool_of_processes_writes_the_same_bytes_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gametheory.teacher.sheets as sheets

    monkeypatch.setattr(sheets, "POOL_FROM", 10)
    real = sheets.notebook

    def noted(work: Assignment, student: Student) -> str:
        (tmp_path / f"pid-{student.id}").write_text(str(os.getpid()))
        return real(work, student)

    monkeypatch.setattr(sheets, "notebook", noted)
    pooled = write_assignment(twelve(), tmp_path / "pool", progress=False, workers=2)
    pids = sorted({int(p.read_text()) for p in tmp_path.glob("pid-*")})
    alone = write_assignment(twelve(), tmp_path / "alone", progress=False, workers=1)
    assert os.getpid() not in pids  # the pool's processes wrote the files
    assert [p.relative_to(tmp_path / "pool") for p in pooled] == [
        p.relative_to(tmp_path / "alone") for p in alone
    ]
    assert tree_of(tmp_path / "pool") == tree_of(tmp_path / "alone")
    assert len(tree_of(tmp_path / "pool")) == 1 + 3 * 12


def test_an_interrupt_in_the_pool_leaves_nothing_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gametheory.teacher.sheets as sheets

    monkeypatch.setattr(sheets, "POOL_FROM", 10)

    def interrupted(work: Assignment, student: Student) -> str:
        if student.id == "s07":
            raise KeyboardInterrupt
        return "{}"

    monkeypatch.setattr(sheets, "notebook", interrupted)
    with pytest.raises(RosterError, match="interrupted: nothing was written into"):
        write_assignment(twelve(), tmp_path / "hw1", progress=False, workers=2)
    assert list(tmp_path.iterdir()) == []
