"""What runs where numpy, matplotlib and scipy cannot be had (the course in a browser).

Each check runs in a fresh interpreter whose imports of those packages fail as they do in
the browser's Python (Pyodide with no compiled wheels): ``ModuleNotFoundError``.
"""

from __future__ import annotations

import ast
import json
import math
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
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


def run_without_numpy(
    code: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where numpy, matplotlib, scipy and cdd are missing
    (in ``cwd``, whose modules it can import; this package is found as in the tests), with
    the environment variables ``env`` added."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-c", _BLOCK + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
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
        "gametheory.tournament",  # lessons 08a and 08ax check their tables with it
        "gametheory.draw.charts",
        "gametheory.theory.normal_form",  # lessons 02 to 03x
        "gametheory.theory.extensive_form",
        "gametheory.theory.cooperative",
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


_SOLVED = """
from gametheory.theory.normal_form import NormalFormGame, battle_of_the_sexes, support_enumeration
games = [battle_of_the_sexes(), NormalFormGame(table([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])),
         NormalFormGame(table([[1, 1], [0, 2]]), table([[1, 1], [2, 0]])),
         NormalFormGame(table([[3, 3], [2, 5], [0, 6]]), table([[3, 2], [2, 6], [3, 1]]))]
for g in games:
    print([(e.exact_row, e.exact_col, e.payoffs) for e in g.nash_equilibria()])
    print([(e.row, e.col, e.payoffs) for e in support_enumeration(*g.exact_payoffs)])
    print(g.iterated_elimination().steps, g.pareto_optimal(), g.is_degenerate())
print(games[1].zero_sum_solution(), games[1].row_best_responses((0.2, 0.3, 0.5)))
"""


def test_games_are_solved_without_numpy_as_from_numpy_arrays() -> None:
    """The theory computes in plain Python; numpy arrays given to it give the same answers."""
    import contextlib
    import io

    import numpy as np

    done = run_without_numpy("table = list\n" + _SOLVED)
    assert done.returncode == 0, done.stderr
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(_SOLVED, {"table": np.array})
    assert printed.getvalue() == done.stdout
    assert "(Fraction(2, 3), Fraction(1, 3))" in done.stdout  # a mixed equilibrium of the 3 × 2


def test_a_tournament_is_rated_and_charted_without_numpy() -> None:
    done = run_without_numpy(
        """
        from gametheory.tournament import MatchRecord, TournamentResult
        won = MatchRecord(("x", "y"), (), (), None, 1.0, True, 0.0)
        result = TournamentResult(("x", "y"), (won, won, won))
        elo = result.ratings()
        print(round(elo["x"] - elo["y"]), result.chart().count("<rect"))
        """
    )
    assert done.returncode == 0, done.stderr
    # three wins and the virtual draw: 3.5 points to 0.5, so 400 log10(7) apart; two bars
    assert done.stdout.split() == [str(round(400 * math.log10(7))), "4"]


def test_building_a_database_without_numpy_says_what_is_missing() -> None:
    done = run_without_numpy(
        """
        from gametheory.games.abapa import Abapa
        from gametheory.games.abapa.endgame import EndgameDatabase
        EndgameDatabase.build(Abapa(), seeds=2)
        """
    )
    assert done.returncode != 0 and "No module named 'numpy'" in done.stderr


# -- the lessons that say they cannot run in the browser ------------------------------------
sys.path.insert(0, str(ROOT / "tools"))
import build_lite  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"


def missing_imports(lesson: str) -> set[str]:
    """The packages of :data:`MISSING` that the lesson's import statements need, each tried."""
    tree = ast.parse((NOTEBOOKS / f"{lesson}.py").read_text(encoding="utf-8"))
    statements = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    done = run_without_numpy(
        f"""
        import json
        missing = set()
        for statement in {statements!r}:
            try:
                exec(statement, {{}})
            except ModuleNotFoundError as error:
                missing.add(error.name.split(".")[0])
        print(json.dumps(sorted(missing)))
        """,
        cwd=NOTEBOOKS,
    )
    assert done.returncode == 0, f"{lesson}: an import failed otherwise:\n{done.stderr}"
    return set(json.loads(done.stdout))


def missing_when_run(lesson: str, shipped: Path) -> set[str]:
    """The package of :data:`MISSING` the lesson stops at when run top to bottom as a script
    (threads failing to start as in the browser, the site's endgame databases in ``shipped``
    and an empty cache folder), or nothing if it runs to the end."""
    prelude = (
        "from IPython.display import display\n"
        "import threading\n"
        'def _no_thread(self): raise RuntimeError("can\'t start new thread")\n'
        "threading.Thread.start = _no_thread\n"
    )
    site = {"GAMETHEORY_ENDGAMES": str(shipped), "XDG_CACHE_HOME": str(shipped / "cache")}
    done = run_without_numpy(
        prelude + (NOTEBOOKS / f"{lesson}.py").read_text(), cwd=NOTEBOOKS, env=site
    )
    if done.returncode == 0:
        return set()
    named = re.search(r"ModuleNotFoundError: No module named '([\w.]+)'\s*$", done.stderr)
    assert named, f"{lesson} failed otherwise:\n{done.stderr[-2000:]}"
    return {named.group(1).split(".")[0]}


@pytest.mark.parametrize("lesson", sorted(build_lite.NOT_IN_BROWSER))
def test_a_lesson_said_not_to_run_in_the_browser_needs_what_the_browser_lacks(
    lesson: str, tmp_path: Path
) -> None:
    """Its imports need the packages its reason names, or, where they import, running it does
    (with the endgame databases the site ships)."""
    reason = build_lite.NOT_IN_BROWSER[lesson]
    build_lite.endgame_files(tmp_path)
    missing = missing_imports(lesson) or missing_when_run(lesson, tmp_path)
    assert missing, f"{lesson} needs nothing the browser lacks: it may run there now"
    assert {name for name in MISSING if name in reason} == missing, (lesson, reason, missing)


def test_a_lesson_that_runs_in_the_browser_imports_nothing_it_lacks() -> None:
    from tests.lite.test_lite import RUNS_IN_BROWSER

    assert not set(RUNS_IN_BROWSER) & set(build_lite.NOT_IN_BROWSER)
    for lesson in RUNS_IN_BROWSER:
        assert missing_imports(lesson) == set(), lesson


def test_the_browser_copy_of_such_a_lesson_says_so_first(tmp_path: Path) -> None:
    build_lite.lesson_files(tmp_path)
    for notebook in sorted(tmp_path.glob("*.ipynb")):
        first = json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]
        said = "".join(first["source"])
        if notebook.stem in build_lite.NOT_IN_BROWSER:
            assert first["cell_type"] == "markdown"
            assert build_lite.NOT_IN_BROWSER[notebook.stem] in said
            assert "does not run in the browser" in said
        else:
            assert "does not run in the browser" not in said
    stored = json.loads((NOTEBOOKS / "04_game_trees.ipynb").read_text(encoding="utf-8"))
    assert "does not run in the browser" not in "".join(stored["cells"][0]["source"])


def test_every_lesson_is_said_to_run_in_the_browser_or_not_and_the_readme_lists_it() -> None:
    from tests.lite.test_lite import RUNS_IN_BROWSER

    lessons = {path.stem for path in NOTEBOOKS.glob("[0-9]*.py")}
    assert set(RUNS_IN_BROWSER) | set(build_lite.NOT_IN_BROWSER) == lessons
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## In the browser", 1)[1].split("\n## ", 1)[0]
    for lesson in RUNS_IN_BROWSER:
        assert re.search(rf"\| `{lesson}` \| [\d.]+ \|", section), lesson
    for lesson, reason in build_lite.NOT_IN_BROWSER.items():
        assert f"| `{lesson}` | {reason} |" in section, lesson
