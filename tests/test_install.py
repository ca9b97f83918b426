"""The student's install: what the package requires, the lessons it carries, and the
theory without pycddlib or scipy (tools/check_wheel.sh does the same from a built wheel)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from gametheory.cli import main
from gametheory.lessons import copy_lessons, lessons_folder

ROOT = Path(__file__).resolve().parent.parent


def test_the_distribution_has_a_name_of_its_own_and_requires_no_c_library() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "gametheory-course"  # "gametheory" on PyPI is another project
    required = " ".join(project["dependencies"])
    for optional in ("pycddlib", "scipy"):
        assert optional not in required
    assert project["optional-dependencies"]["cdd"] == ["pycddlib>=3.0.2,<4"]
    assert "jupyterlab>=4.0" in project["optional-dependencies"]["notebooks"]
    lessons = " ".join(project["optional-dependencies"]["notebooks"])
    assert "scipy" not in lessons  # 03b solves its maximin program with the package's simplex


def test_the_lessons_theory_runs_with_cdd_and_scipy_refused() -> None:
    script = """
import sys
class Refuse:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.split(".")[0] in ("cdd", "scipy"):
            raise ImportError(name + " refused")
sys.meta_path.insert(0, Refuse)
from gametheory.theory.normal_form import NormalFormGame, rock_paper_scissors
from gametheory.tournament.table import wilson_interval
from gametheory.theory.extensive_form import ultimatum_game
game = NormalFormGame([[1, 1], [0, 2]], [[1, 1], [2, 0]])
print(len(game.nash_equilibria()), game.is_degenerate(), len(game.equilibrium_components()))
print(rock_paper_scissors().zero_sum_solution().value, ultimatum_game().to_normal_form().is_degenerate())
print(round(wilson_interval(9, 10)[0], 3), sorted(m for m in sys.modules if m.startswith(("cdd", "scipy"))))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.split("\n")[:3] == ["2 True 1", "0.0 True", "0.596 []"]


def test_lessons_are_copied_out_and_a_students_file_is_never_overwritten(tmp_path: Path) -> None:
    mine = tmp_path / "00_start_here.ipynb"
    mine.write_text("my own work")
    out = io.StringIO()
    assert main(["lessons", str(tmp_path)], io.StringIO(), out) == 0
    names = {p.name for p in tmp_path.glob("*.ipynb")}
    assert names == {p.name for p in lessons_folder().glob("*.ipynb")} and len(names) >= 20
    assert (tmp_path / "lesson_checks" / "__init__.py").is_file()  # the lessons import them
    assert mine.read_text() == "my own work"
    assert "kept 1 files that were already there" in out.getvalue()
    assert copy_lessons(tmp_path)[0] == []


def test_lessons_refuse_a_file_as_their_folder(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("")
    out = io.StringIO()
    assert main(["lessons", str(target)], io.StringIO(), out) == 2
    assert f"error: {target} is a file, not a folder" in out.getvalue()
