"""The server's pre-save hook (widgets/saved.py, item 3 of issue 29): a notebook saved after
its kernel is gone keeps its widgets' still pictures, not views of models that no longer exist;
views whose model is saved, and everything else, stay as they are."""

from __future__ import annotations

import copy
import json
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from gametheory.widgets.saved import STATE, VIEW, drop_dead_views, saved_models

ROOT = Path(__file__).resolve().parents[1]


def _notebook(saved: list[str], outputs: list[dict[str, Any]]) -> dict[str, Any]:
    state = {STATE: {"state": {m: {"model_name": "BoxModel"} for m in saved}}}
    return {
        "metadata": {"widgets": state} if saved else {},
        "cells": [
            {"cell_type": "markdown", "source": "text"},
            {"cell_type": "code", "source": "w", "outputs": outputs},
        ],
    }


def _widget(model: str, *still: str) -> dict[str, Any]:
    data: dict[str, Any] = {VIEW: {"model_id": model, "version_major": 2}}
    data.update({kind: f"<{kind}>" for kind in still})
    return {"output_type": "display_data", "data": data, "metadata": {}}


def _save(notebook: dict[str, Any], kind: str = "notebook") -> None:
    drop_dead_views(model={"type": kind, "content": notebook}, path="x.ipynb")


def test_a_view_whose_model_is_gone_is_dropped_and_its_still_picture_kept() -> None:
    notebook = _notebook([], [_widget("gone", "image/svg+xml", "text/plain")])
    _save(notebook)
    data = notebook["cells"][1]["outputs"][0]["data"]
    assert data == {"image/svg+xml": "<image/svg+xml>", "text/plain": "<text/plain>"}


def test_a_view_whose_model_is_saved_stays() -> None:
    outputs = [_widget("alive", "image/svg+xml"), _widget("gone", "text/plain")]
    notebook = _notebook(["alive"], outputs)
    _save(notebook)
    first, second = (o["data"] for o in notebook["cells"][1]["outputs"])
    assert VIEW in first and first[VIEW]["model_id"] == "alive"
    assert VIEW not in second and second == {"text/plain": "<text/plain>"}


def test_a_view_with_nothing_else_to_show_stays_rather_than_leave_an_empty_output() -> None:
    notebook = _notebook([], [_widget("gone")])
    _save(notebook)
    assert notebook["cells"][1]["outputs"][0]["data"][VIEW]["model_id"] == "gone"


def test_a_notebook_with_every_model_saved_is_unchanged_and_a_text_file_untouched() -> None:
    notebook = _notebook(["a", "b"], [_widget("a", "text/plain"), _widget("b", "image/png")])
    before = copy.deepcopy(notebook)
    _save(notebook)
    assert notebook == before
    text = {"type": "file", "content": "# %% a paired .py"}
    drop_dead_views(model=text, path="01_x.py")
    assert text == {"type": "file", "content": "# %% a paired .py"}


def test_saved_models_reads_the_state_and_is_empty_without_one() -> None:
    assert saved_models(_notebook(["m1", "m2"], [])) == {"m1", "m2"}
    assert saved_models({"cells": []}) == set()


def test_the_server_config_names_the_hook_and_hides_only_the_lessons_paired_sources() -> None:
    config = json.loads((ROOT / "tools" / "jupyter_server_config.json").read_text())
    manager = config["ContentsManager"]
    assert manager["pre_save_hook"] == "gametheory.widgets.saved.drop_dead_views"
    globs = manager["hide_globs"]
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]*_*.py"))
    assert lessons, "no paired lesson sources found"
    assert all(any(fnmatch(name, g) for g in globs) for name in lessons)
    shown = [p.name for p in (ROOT / "notebooks").iterdir() if p.suffix in {".ipynb", ".md"}]
    shown += ["lesson_checks", "conftest.py", "README.md"]
    assert not any(fnmatch(name, g) for name in shown for g in globs if "[0-9]" in g)
