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


# -- N1 of the student trial: reopened, autosaved, the saved state stays ----------------------
class _Manager:
    """The one attribute of the server's contents manager the hook reads."""

    def __init__(self, root: Path) -> None:
        self.root_dir = str(root)


def _with_children(saved: dict[str, list[str]]) -> dict[str, Any]:
    """A widget state: each model with the models it refers to as children."""
    return {
        "version_major": 2,
        "version_minor": 0,
        "state": {
            m: {"model_name": "BoxModel", "state": {"children": [f"IPY_MODEL_{c}" for c in kids]}}
            for m, kids in saved.items()
        },
    }


def _hook(notebook: dict[str, Any], on_disk: dict[str, Any], tmp_path: Path) -> None:
    (tmp_path / "lesson.ipynb").write_text(json.dumps(on_disk), encoding="utf-8")
    drop_dead_views(
        model={"type": "notebook", "content": notebook},
        path="lesson.ipynb",
        contents_manager=_Manager(tmp_path),
    )


def test_a_reopened_notebook_saved_again_without_a_kernel_keeps_the_state_on_disk(
    tmp_path: Path,
) -> None:
    """JupyterLab writes no state for models drawn from the saved state (no comm): the
    hook gives each view its model's state back from the file, with the models it refers to."""
    outputs = [_widget("drill", "image/svg+xml"), _widget("explorer", "image/png")]
    on_disk = _notebook([], outputs)
    on_disk["metadata"]["widgets"] = {
        STATE: _with_children({"drill": ["box"], "box": ["pic"], "pic": [], "explorer": []})
    }
    on_disk["metadata"]["widgets"][STATE]["state"]["unused"] = {"model_name": "X"}
    autosaved = _notebook([], copy.deepcopy(outputs))  # what JupyterLab sends: no state
    _hook(autosaved, on_disk, tmp_path)
    assert saved_models(autosaved) == {"drill", "box", "pic", "explorer"}
    kept = autosaved["metadata"]["widgets"][STATE]
    assert kept["state"]["box"] == on_disk["metadata"]["widgets"][STATE]["state"]["box"]
    assert kept["version_major"] == 2
    assert all(VIEW in o["data"] for o in autosaved["cells"][1]["outputs"])
    again = copy.deepcopy(autosaved)  # the next autosave: the same again, nothing lost
    (tmp_path / "lesson.ipynb").write_text(json.dumps(autosaved), encoding="utf-8")
    resent = _notebook([], copy.deepcopy(outputs))
    _hook(resent, autosaved, tmp_path)
    assert resent["metadata"] == again["metadata"]


def test_a_cell_run_anew_saves_its_live_model_and_the_others_keep_theirs(
    tmp_path: Path,
) -> None:
    on_disk = _notebook([], [_widget("old", "image/png"), _widget("other", "image/png")])
    on_disk["metadata"]["widgets"] = {STATE: _with_children({"old": [], "other": []})}
    live = _notebook(["new"], [_widget("new", "image/png"), _widget("other", "image/png")])
    live["metadata"]["widgets"][STATE]["state"]["new"] = {"model_name": "Live"}
    _hook(live, on_disk, tmp_path)
    state = live["metadata"]["widgets"][STATE]["state"]
    assert set(state) == {"new", "other"} and state["new"] == {"model_name": "Live"}


def test_a_view_whose_model_the_file_never_saved_is_dropped_as_before(tmp_path: Path) -> None:
    on_disk = _notebook([], [_widget("stale", "image/png")])  # the repository's file
    restarted = _notebook([], [_widget("ran", "image/png")])
    _hook(restarted, on_disk, tmp_path)
    assert restarted["cells"][1]["outputs"][0]["data"] == {"image/png": "<image/png>"}
    assert saved_models(restarted) == set()
    missing = _notebook([], [_widget("ran", "image/png")])  # no file at all: nothing read
    drop_dead_views(
        model={"type": "notebook", "content": missing},
        path="new.ipynb",
        contents_manager=_Manager(tmp_path),
    )
    assert VIEW not in missing["cells"][1]["outputs"][0]["data"]
