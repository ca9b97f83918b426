"""Every notebook speaks the package's current API and never re-implements its algorithms."""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
TEXTBOOK = {"minimax", "negamax", "alphabeta", "alphabeta_negamax", "expectiminimax"}


def code_of(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        # IPython magics and shell escapes are not Python
        lines += [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    return "\n".join(lines)


def test_there_are_notebooks():
    assert any(nb.name == "00_start_here.ipynb" for nb in NOTEBOOKS)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_gametheory_name_exists(notebook):
    tree = ast.parse(code_of(notebook))
    aliases: dict[str, str] = {}  # local name -> module path
    missing = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "gametheory":
                    importlib.import_module(alias.name)
                    aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "gametheory":
            module = importlib.import_module(node.module)
            for alias in node.names:
                if alias.name == "*":
                    continue
                if not hasattr(module, alias.name):
                    try:
                        importlib.import_module(f"{node.module}.{alias.name}")
                    except ImportError:
                        missing.append(f"{node.module}.{alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            module_path = aliases.get(node.value.id)
            if module_path and not hasattr(importlib.import_module(module_path), node.attr):
                missing.append(f"{module_path}.{node.attr}")
    assert not missing, f"{notebook.name} uses names the package does not have: {missing}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_no_notebook_defines_its_own_search(notebook):
    defined = set(re.findall(r"^\s*def\s+(\w+)", code_of(notebook), flags=re.M))
    assert not (defined & TEXTBOOK), f"{notebook.name} re-implements {defined & TEXTBOOK}"


TRACE_API = {"trace", "events", "snapshot", "cutoff_kinds"}


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_no_notebook_cell_asserts_through_the_trace_api(notebook):
    # the lessons' cells are read by students: checks of what a search's trace holds
    # belong in tests/ (07's cutoff promise is in tests/test_exercises_alphabeta.py)
    for node in ast.walk(ast.parse(code_of(notebook))):
        if isinstance(node, ast.Assert):
            used = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
            used |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            assert not used & TRACE_API, f"{notebook.name}: {ast.unparse(node)}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_source_and_notebook_are_in_sync(notebook):
    """The ``.py`` source and the stored ``.ipynb`` hold the same cells (run
    ``tools/execute_notebooks.py`` after editing either)."""
    import jupytext

    source = notebook.with_suffix(".py")
    assert source.exists(), f"{notebook.name} has no paired source {source.name}"
    text = jupytext.read(source)
    stored = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    pairs = list(zip(text.cells, stored, strict=False))
    assert len(text.cells) == len(stored), (
        f"{source.name} has {len(text.cells)} cells, {notebook.name} {len(stored)}"
    )
    for i, (a, b) in enumerate(pairs):
        assert (a.cell_type, a.source) == (b["cell_type"], "".join(b["source"])), (
            f"cell {i} of {notebook.name} differs from {source.name}: "
            "run tools/execute_notebooks.py on it"
        )
