"""The lessons that come with the package: ``python -m gametheory lessons DIR`` copies them out.

The notebooks live in the repository's ``notebooks/`` folder; the build copies the executed
notebooks and the checks their exercises import (``lesson_checks``) into the wheel as
``gametheory/_lessons`` (see ``setup.py``). In a source checkout (an editable install) they
are read from ``notebooks/`` itself.

Copying never overwrites a file: a student's own work in ``DIR`` is kept, and the command
says which lessons it left alone. It also gives JupyterLab the project's one setting (a saved
notebook keeps its widgets' state, so that reopening it shows them as they were), in this
environment, unless a setting is already there.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     copied, kept = copy_lessons(Path(folder))
...     again = copy_lessons(Path(folder))
>>> any(p.name == "00_start_here.ipynb" for p in copied), again[0], len(again[1]) == len(copied)
(True, [], True)
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any, TextIO

from gametheory.core import GameError

__all__ = ["lessons_folder", "copy_lessons", "add_lessons_command", "run_lessons"]

PACKAGED = Path(__file__).parent / "_lessons"
"""Where the wheel keeps the lessons."""

CHECKOUT = Path(__file__).parent.parent / "notebooks"
"""The lessons in a source checkout of the repository."""

SETTINGS = "jupyterlab-overrides.json"


def lessons_folder() -> Path:
    """The folder the lessons are copied from: the wheel's copy, else the checkout's.

    >>> (lessons_folder() / "00_start_here.ipynb").is_file()
    True
    """
    for folder in (PACKAGED, CHECKOUT):
        if (folder / "00_start_here.ipynb").is_file():
            return folder
    raise GameError(  # pragma: no cover - a broken installation
        f"the lessons are not installed (looked in {PACKAGED} and {CHECKOUT}): reinstall the "
        "package with pip install gametheory-course[notebooks]"
    )


def _lesson_files(folder: Path) -> list[Path]:
    """The notebooks and the checks they import, relative to ``folder``."""
    notebooks = sorted(p.relative_to(folder) for p in folder.glob("*.ipynb"))
    checks = sorted(p.relative_to(folder) for p in (folder / "lesson_checks").glob("*.py"))
    return notebooks + checks


def copy_lessons(target: Path) -> tuple[list[Path], list[Path]]:
    """Copy the lessons into ``target`` (made if missing): the files copied, and the files
    left alone because ``target`` already has them.

    Raises :class:`~gametheory.core.GameError` when ``target`` exists and is not a folder.
    """
    target = Path(target).expanduser()
    if target.exists() and not target.is_dir():
        raise GameError(f"{target} is a file, not a folder: give a folder for the lessons")
    source = lessons_folder()
    copied, kept = [], []
    for relative in _lesson_files(source):
        destination = target / relative
        if destination.exists():
            kept.append(destination)
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / relative, destination)
        copied.append(destination)
    return copied, kept


def _lab_setting() -> Path | None:
    """Write JupyterLab's setting for the lessons into this environment, unless one is there:
    where it went, or None."""
    for folder in (PACKAGED, CHECKOUT.parent / "tools"):
        if (folder / SETTINGS).is_file():
            target = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
            if target.exists():
                return None
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(folder / SETTINGS, target)
            except OSError:  # an environment one may not write to: the lessons work anyway
                return None
            return target
    return None


def add_lessons_command(commands: Any) -> None:
    """Add ``lessons DIR`` to the console program's subcommands."""
    parser = commands.add_parser("lessons", help="copy the lessons (notebooks) into a folder")
    parser.add_argument("folder", help="the folder to copy them into (made if missing)")


def run_lessons(options: Any, stdout: TextIO) -> int:
    """``python -m gametheory lessons DIR``: copy, and say what was done and what next."""
    try:
        copied, kept = copy_lessons(Path(options.folder))
    except (GameError, OSError) as error:
        print(f"error: {error}", file=stdout)
        return 2
    folder = Path(options.folder).expanduser()
    print(f"copied {len(copied)} files into {folder}", file=stdout)
    if kept:
        print(f"kept {len(kept)} files that were already there (yours)", file=stdout)
    setting = _lab_setting()
    if setting is not None:
        print(
            f"JupyterLab will keep the widgets' state in saved notebooks ({setting})", file=stdout
        )
    print(f"next: jupyter lab {folder}   (open 00_start_here.ipynb first)", file=stdout)
    return 0
