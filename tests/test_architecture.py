"""The architecture as a user meets it: what ``import gametheory`` loads, and what it offers."""

from __future__ import annotations

import subprocess
import sys

import gametheory


def test_importing_the_package_loads_no_drawing_or_widget_module() -> None:
    code = (
        "import sys, gametheory; "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('gametheory.draw', "
        "'gametheory.widgets', 'ipywidgets', 'matplotlib')))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert loaded == []


def test_the_top_level_offers_at_most_thirty_names() -> None:
    names = [name for name in gametheory.__all__ if name != "__version__"]
    assert len(names) <= 30, names
    assert all(hasattr(gametheory, name) for name in names)
