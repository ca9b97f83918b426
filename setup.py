"""The build step that puts the lessons into the wheel (the rest is pyproject.toml).

The notebooks stay where the course is written, in ``notebooks/`` at the repository's root;
building copies the executed notebooks, the checks they import (``lesson_checks``) and
JupyterLab's setting for them into the package as ``gametheory/_lessons``, where
``python -m gametheory lessons DIR`` finds them (:mod:`gametheory.lessons`). MANIFEST.in
puts the same files into the sdist, so that a wheel built from it has them too.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent


class BuildWithLessons(build_py):
    """build_py, then the lessons copied beside the package's modules."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "gametheory" / "_lessons"
        notebooks = HERE / "notebooks"
        files = [*notebooks.glob("*.ipynb"), *(notebooks / "lesson_checks").glob("*.py")]
        if not files:
            raise SystemExit("no lessons in notebooks/: cannot build the package without them")
        for path in files:
            destination = target / path.relative_to(notebooks)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
        shutil.copyfile(
            HERE / "tools" / "jupyterlab-overrides.json", target / "jupyterlab-overrides.json"
        )


setup(cmdclass={"build_py": BuildWithLessons})
