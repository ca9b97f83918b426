"""What runs where numpy, matplotlib and scipy cannot be had (the course in a browser).

Each check runs in a fresh interpreter whose imports of those packages fail as they do in
the browser's Python (Pyodide with no compiled wheels): ``ModuleNotFoundError``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

MISSING = ("numpy", "matplotlib", "scipy", "cdd")

_BLOCK = f"""
import importlib.abc, sys
class _Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {MISSING!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, _Missing())
"""


def run_without_numpy(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where numpy, matplotlib, scipy and cdd are missing."""
    return subprocess.run(
        [sys.executable, "-c", _BLOCK + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_block_itself_works() -> None:
    done = run_without_numpy("import numpy")
    assert done.returncode != 0 and "No module named 'numpy'" in done.stderr


@pytest.mark.parametrize(
    "module",
    [
        "gametheory.widgets.play",  # lesson 00's play widget
        "gametheory.widgets.explorer",
        "gametheory.games.abapa.endgame",
        "gametheory.draw.charts",
    ],
)
def test_the_module_imports_without_numpy(module: str) -> None:
    done = run_without_numpy(f"import {module}")
    assert done.returncode == 0, done.stderr


def test_a_chart_is_drawn_without_numpy() -> None:
    done = run_without_numpy(
        """
        from gametheory.draw.charts import Series, bar_chart, line_chart
        print(bar_chart([1, 2], [1, -1]).count("<rect"))
        print(line_chart([Series("s", [1, 2, 3], [3, 1, 2])]).count("<polyline"))
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["4", "1"]  # background, frame and two bars; one line


def test_building_a_database_without_numpy_says_what_is_missing() -> None:
    done = run_without_numpy(
        """
        from gametheory.games.abapa import Abapa
        from gametheory.games.abapa.endgame import EndgameDatabase
        EndgameDatabase.build(Abapa(), seeds=2)
        """
    )
    assert done.returncode != 0 and "No module named 'numpy'" in done.stderr
