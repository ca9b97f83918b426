"""A notebook saved after its kernel is gone keeps its widgets' still pictures, not dead views.

A widget's output holds two things: a *view* of a widget model that lives in the kernel
(``application/vnd.jupyter.widget-view+json``, with the model's id) and, for the package's
widgets, a still picture and a line of text. Saved with its widget state (``make lab`` sets
JupyterLab so), a notebook reopened draws every view again from that state. But a notebook
saved after *Run All* and a kernel restart has lost the models: the state saved is empty, and
reopened, every widget read "Error displaying widget: model not found" — the still picture
beside it was never shown, because a front end draws a view first whenever there is one.

:func:`drop_dead_views` is the server's pre-save hook (``tools/jupyter_server_config.json``,
which ``make lab`` and the browser test give ``jupyter lab``): every view whose model is not
in the widget state being saved is dropped from its output, so the output keeps what else it
has — the still picture, and the line saying how to bring the widget to life — and a
reopened notebook shows that. Views whose model is saved stay as they are. The hook reads
and changes nothing else, and only notebooks (a paired ``.py`` is a text file: untouched).

>>> notebook = {"metadata": {}, "cells": [{"cell_type": "code", "outputs": [{"data": {
...     VIEW: {"model_id": "gone"}, "image/svg+xml": "<svg/>", "text/plain": "a widget"}}]}]}
>>> drop_dead_views(model={"type": "notebook", "content": notebook}, path="x.ipynb")
>>> sorted(notebook["cells"][0]["outputs"][0]["data"])
['image/svg+xml', 'text/plain']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["VIEW", "STATE", "drop_dead_views", "saved_models"]

VIEW = "application/vnd.jupyter.widget-view+json"
"""The MIME type of a widget's view in an output."""
STATE = "application/vnd.jupyter.widget-state+json"
"""The key of the saved widget state in a notebook's ``metadata.widgets``."""


def saved_models(notebook: Mapping[str, Any]) -> set[str]:
    """The ids of the widget models whose state the notebook holds.

    >>> saved_models({"metadata": {"widgets": {STATE: {"state": {"m1": {}}}}}})
    {'m1'}
    """
    widgets = notebook.get("metadata", {}).get("widgets", {})
    return set(widgets.get(STATE, {}).get("state", {}))


def drop_dead_views(model: dict[str, Any], path: str = "", **kwargs: Any) -> None:
    """Drop, from a notebook about to be saved, every widget view whose model is not saved
    with it, where the output has something else to show (a still picture, a text).

    Called by the Jupyter server as ``hook(model=..., path=..., contents_manager=...)``;
    ``model["content"]`` is the notebook, changed in place.
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), Mapping):
        return
    notebook = model["content"]
    alive = saved_models(notebook)
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            view = data.get(VIEW)
            if isinstance(view, Mapping) and view.get("model_id") not in alive and len(data) > 1:
                del data[VIEW]
