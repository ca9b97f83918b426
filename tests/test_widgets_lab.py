"""The lessons as JupyterLab opens them (issue 29): a lesson opens unchanged (item 15), and
the solution of 05's first drill stands under that drill (item 28)."""

from __future__ import annotations

import json
from pathlib import Path

import jupytext
import pytest
from ipykernel.kernelspec import KERNEL_NAME, get_kernel_dict

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:3])
def test_a_lesson_names_the_kernel_as_jupyterlab_writes_it_so_it_opens_unchanged(
    path: Path,
) -> None:
    """JupyterLab writes the kernel's own spec into a notebook it opens: a stored name that
    differs ("Python 3" for ipykernel's "Python 3 (ipykernel)") marks the lesson unsaved at
    once, and autosave rewrites the .ipynb and its .py."""
    spec = get_kernel_dict()
    expected = {"display_name": spec["display_name"], "language": "python", "name": KERNEL_NAME}
    assert json.loads(path.read_text(encoding="utf-8"))["metadata"]["kernelspec"] == expected
    paired = jupytext.read(path.with_suffix(".py"))
    assert paired.metadata["kernelspec"] == expected


def test_the_solution_of_05s_first_drill_stands_under_it_not_under_the_seed_widget() -> None:
    cells = jupytext.read(NOTEBOOKS / "05_and_or_graphs.py").cells
    sources = ["".join(cell.source) for cell in cells]
    check = next(i for i, s in enumerate(sources) if s.lstrip("# \n").startswith("your labels"))
    assert "labelling.check({" in sources[check]
    assert sources[check + 1].startswith("<details><summary>Solution (the tree with 4 matches)")
    widget = next(i for i, s in enumerate(sources) if "labels_drill.widget()" in s)
    assert widget > check + 1 and "Solution" not in sources[widget + 1].split("\n")[0]


def test_05s_first_drill_names_the_nodes_the_drill_has() -> None:
    """The labels the lesson types in are keyed by the drill's own node names, in its order."""
    from gametheory.games.nim import Nim
    from gametheory.practice import Drill

    source = (NOTEBOOKS / "05_and_or_graphs.py").read_text(encoding="utf-8")
    typed = source.split("labelling.check(", 1)[1].split(")\n", 1)[0]
    assert list(json.loads(typed)) == Drill("andor", Nim(4)).inner
