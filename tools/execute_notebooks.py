"""Run every notebook top to bottom and store it with its outputs.

Each notebook is a pair (see ``notebooks/jupytext.toml``): the percent-format ``.py`` source
and the executed ``.ipynb``. Edit either one, in JupyterLab (Jupytext keeps the pair in
sync on save) or the ``.py`` in any editor, then run::

    .venv/bin/python tools/execute_notebooks.py 07

which first brings the ``.ipynb`` up to date with the newer of the two files (``jupytext
--sync``), then executes it and stores it with its outputs. With no argument every notebook
is done. The notebooks are stored executed so that they can be read with their pictures
where no kernel runs (on GitHub, in nbviewer, offline).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def sync(path: Path) -> None:
    """Bring the pair up to date from whichever of ``.py`` and ``.ipynb`` is newer."""
    from jupytext.cli import jupytext as jupytext_cli

    jupytext_cli(["--sync", "--quiet", str(path)])


def run(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Execute ``notebook`` in memory, in the notebooks folder as JupyterLab would, and
    return it with its outputs in the form they are stored. Nothing is written, so
    ``tools/check_notebooks.py`` compares what this returns with the stored notebook.

    The kernel runs with ``PYTHONHASHSEED=0``: Python otherwise salts the hashes of strings
    afresh in every process, so the order of a set of names (and whatever is built from
    one, such as the edges a graph algorithm meets first) would change from run to run.

    Raises ``nbclient.exceptions.CellExecutionError`` at the first cell that fails."""
    NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        record_timing=False,  # no per-cell timestamps: a re-run changes only what changed
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    ).execute(env={**os.environ, "PYTHONHASHSEED": "0"})
    return notebook


def execute(path: Path) -> None:
    """Sync the pair, execute it and store it with its outputs."""
    sync(path)
    notebook = run(nbformat.read(path, as_version=4))
    nbformat.write(notebook, path)
    jupytext.write(notebook, path.with_suffix(".py"), fmt="py:percent")


def main(prefixes: list[str]) -> None:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if not prefixes or any(path.name.startswith(p) for p in prefixes):
            print(f"executing {path.name}", flush=True)
            execute(path)


if __name__ == "__main__":
    main(sys.argv[1:])
