"""Run every notebook top to bottom and save it with its outputs.

The notebooks are stored executed, so that they can be read with their pictures where no
kernel runs (on GitHub, in nbviewer, offline). After changing a generator script
``tools/nbXX.py``, run it and then this::

    .venv/bin/python tools/nb07.py && .venv/bin/python tools/execute_notebooks.py 07

With no argument every notebook is executed. CI executes them again from scratch (nbmake),
so stored outputs can never hide a failing notebook.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def execute(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    ).execute()
    nbformat.write(notebook, path)


def main(prefixes: list[str]) -> None:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if not prefixes or any(path.name.startswith(p) for p in prefixes):
            print(f"executing {path.name}", flush=True)
            execute(path)


if __name__ == "__main__":
    main(sys.argv[1:])
