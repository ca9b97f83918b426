"""The notebooks `class assign` writes, taken by an nbgrader course as they are (issue 36):
nbgrader (a dev dependency) generates the release from one and autogrades a submission."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gametheory.practice import Drill
from gametheory.teacher import Assignment, Exercise, Student, write_assignment
from gametheory.teacher.models import MODELS

nbgrader = pytest.importorskip("nbgrader")


def run(*argv: str, root: Path) -> None:
    bin_folder = str(Path(sys.executable).parent)
    env = os.environ | {"PATH": bin_folder + os.pathsep + os.environ.get("PATH", "")}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    subprocess.run([str(Path(bin_folder) / "nbgrader"), *argv, f"--CourseDirectory.root={root}",
                    "--force"], cwd=root, env=env, check=True, capture_output=True, timeout=300)  # fmt: skip


def test_an_nbgrader_course_releases_and_autogrades_the_notebook(tmp_path: Path) -> None:
    from nbgrader.api import Gradebook

    work = Assignment("hw1", (Exercise.parse("minimax:1"), Exercise.parse("code:minimax:1")),
                      [Student("s01", "Ada")])  # fmt: skip
    write_assignment(work, tmp_path / "out", progress=False, sheets=False)
    (tmp_path / "source" / "hw1").mkdir(parents=True)
    shutil.copy(
        tmp_path / "out" / "notebooks" / "s01.ipynb", tmp_path / "source" / "hw1" / "hw1.ipynb"
    )
    run("generate_assignment", "hw1", root=tmp_path)
    released = json.loads((tmp_path / "release" / "hw1" / "hw1.ipynb").read_text(encoding="utf-8"))
    values, _ = Drill("minimax", seed=work.seed("s01", 1), level=1).solution()
    answers = iter([f"values = {values!r}", MODELS["minimax"]])
    for cell in released["cells"]:  # the student answers in the cells nbgrader left to them
        if cell["metadata"]["nbgrader"]["solution"]:
            cell["source"] = next(answers)
    handed = tmp_path / "submitted" / "s01" / "hw1"
    handed.mkdir(parents=True)
    (handed / "hw1.ipynb").write_text(json.dumps(released), encoding="utf-8")
    run("autograde", "hw1", "--create", root=tmp_path)
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as book:
        submission = book.find_submission("hw1", "s01")
        assert (submission.score, submission.max_score) == (2.0, 2.0)
