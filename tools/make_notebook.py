"""Write a notebook from a list of cells: ``("md", text)`` or ``("code", source)``.

Used to (re)create the curriculum notebooks reproducibly:
``python tools/make_notebook.py`` is not run by CI; each notebook script calls ``write``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat


def write(path: str | Path, cells: list[tuple[str, str]]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    nb.metadata["language_info"] = {"name": "python"}
    for kind, source in cells:
        source = source.strip("\n")
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(source))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(source))
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i:03d}"  # stable ids, so regenerating a notebook gives a clean diff
    target = Path(path)
    if not target.is_absolute():
        target = Path(__file__).resolve().parent.parent / target
    nbformat.write(nb, str(target))


if __name__ == "__main__":  # pragma: no cover
    sys.exit("import this module and call write(path, cells)")
