"""A notebook saved keeps the widget state its views need: saved again after reopening, it
does not lose it; saved after its kernel is gone, it keeps still pictures, not dead views.

A widget's output holds two things: a *view* of a widget model that lives in the kernel
(``application/vnd.jupyter.widget-view+json``, with the model's id) and, for the package's
widgets, a still picture and a line of text. Saved with its widget state (``make lab`` sets
JupyterLab so), a notebook reopened draws every view again from that state.

JupyterLab's widget manager (``@jupyter-widgets/jupyterlab-manager``) has two habits that
would lose that work. Reopened, it loads the saved models and, loading them, marks the
notebook changed (``register_model`` calls ``setDirty``), so the next autosave writes it.
And writing, it saves the state of *live* models only (``get_state_sync`` keeps the models
whose comm is open): the models drawn from the saved state have no kernel behind them, so
the state written is empty — the student's checked drill, saved, was gone after the next
autosave. A notebook saved after *Run All* and a kernel restart loses its models the same
way, and reopened, every widget would read "Error displaying widget: model not found".

:func:`drop_dead_views` is the server's pre-save hook (``tools/jupyter_server_config.json``,
which ``make lab`` and the browser test give ``jupyter lab``); for each widget view in the
notebook being written whose model is not in the state written, it

1. takes the model's saved state back from the file on disk, if it is there, with every
   model that one refers to (:func:`keep_saved_state`): the view then shows, reopened, what
   it showed when last saved with a kernel;
2. else drops the view from its output, so the output keeps what else it has — the still
   picture, and the line saying how to bring the widget to life.

Views whose model is saved stay as they are, and a model run anew replaces the old one
(its view no longer names the old id). The hook reads and changes nothing else, and only
notebooks (a paired ``.py`` is a text file: untouched).

>>> notebook = {"metadata": {}, "cells": [{"cell_type": "code", "outputs": [{"data": {
...     VIEW: {"model_id": "gone"}, "image/svg+xml": "<svg/>", "text/plain": "a widget"}}]}]}
>>> drop_dead_views(model={"type": "notebook", "content": notebook}, path="x.ipynb")
>>> sorted(notebook["cells"][0]["outputs"][0]["data"])
['image/svg+xml', 'text/plain']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

__all__ = ["VIEW", "STATE", "drop_dead_views", "keep_saved_state", "saved_models"]

VIEW = "application/vnd.jupyter.widget-view+json"
"""The MIME type of a widget's view in an output."""
STATE = "application/vnd.jupyter.widget-state+json"
"""The key of the saved widget state in a notebook's ``metadata.widgets``."""
_REFERENCE = re.compile(r"IPY_MODEL_([0-9a-zA-Z_-]+)")


def saved_models(notebook: Mapping[str, Any]) -> set[str]:
    """The ids of the widget models whose state the notebook holds.

    >>> saved_models({"metadata": {"widgets": {STATE: {"state": {"m1": {}}}}}})
    {'m1'}
    """
    return set(_state(notebook))


def _state(notebook: Mapping[str, Any]) -> dict[str, Any]:
    widgets = notebook.get("metadata", {}).get("widgets", {})
    state = widgets.get(STATE, {}).get("state", {}) if isinstance(widgets, Mapping) else {}
    return dict(state) if isinstance(state, Mapping) else {}


def _views(notebook: Mapping[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """Each output's data that holds a widget view, with the view's model id."""
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            view = data.get(VIEW)
            if isinstance(view, Mapping) and isinstance(view.get("model_id"), str):
                yield data, view["model_id"]


def keep_saved_state(notebook: dict[str, Any], on_disk: Mapping[str, Any]) -> int:
    """Copy into ``notebook``'s widget state, from the notebook ``on_disk``, the saved state
    of every model a view of ``notebook`` shows but whose state it lacks, and of every model
    that one refers to (a box's children, a widget's layout); return how many were copied.

    >>> disk = {"metadata": {"widgets": {STATE: {"version_major": 2, "version_minor": 0,
    ...     "state": {"box": {"state": {"children": ["IPY_MODEL_pic"]}}, "pic": {}}}}}}
    >>> reopened = {"metadata": {}, "cells": [{"outputs": [{"data": {VIEW: {"model_id": "box"}}}]}]}
    >>> keep_saved_state(reopened, disk)
    2
    >>> sorted(saved_models(reopened))
    ['box', 'pic']
    """
    have, old = _state(notebook), _state(on_disk)
    wanted = [model for _, model in _views(notebook) if model not in have and model in old]
    copied: dict[str, Any] = {}
    while wanted:
        model = wanted.pop()
        if model in copied or model in have or model not in old:
            continue
        copied[model] = old[model]
        wanted.extend(_REFERENCE.findall(json.dumps(old[model])))
    if copied:
        widgets = notebook.setdefault("metadata", {}).setdefault("widgets", {})
        disk_header = on_disk["metadata"]["widgets"][STATE]
        saved = widgets.setdefault(STATE, {k: v for k, v in disk_header.items() if k != "state"})
        saved["state"] = {**saved.get("state", {}), **copied}
    return len(copied)


def _on_disk(path: str, contents_manager: Any) -> dict[str, Any]:
    """The notebook as the file holds it now, or {} if it cannot be read as one."""
    root = getattr(contents_manager, "root_dir", None)
    if not path or root is None:
        return {}
    try:
        stored = json.loads((Path(root) / path.lstrip("/")).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return stored if isinstance(stored, dict) else {}


def drop_dead_views(
    model: dict[str, Any], path: str = "", contents_manager: Any = None, **kwargs: Any
) -> None:
    """Before a notebook is written: give back every view whose model is not in the state
    written the state the file on disk saved for it; drop each view still without one, where
    its output has something else to show (a still picture, a text).

    Called by the Jupyter server as ``hook(model=..., path=..., contents_manager=...)``;
    ``model["content"]`` is the notebook, changed in place.
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    if any(model_id not in saved_models(notebook) for _, model_id in _views(notebook)):
        keep_saved_state(notebook, _on_disk(path, contents_manager))
    alive = saved_models(notebook)
    for data, model_id in list(_views(notebook)):
        if model_id not in alive and len(data) > 1:
            del data[VIEW]
