"""Two clicks at once, as JupyterLab 4.6 with ipykernel 7 may deliver them: one on the
kernel's main thread, one on a subshell thread beside it. A test holds the first action in
the middle (it sets ``started`` and waits for ``go_on``) and makes the second meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Callable


def in_a_thread(action: Callable[[], object]) -> threading.Thread:
    """Run ``action`` in a thread of its own, as a second click; return the thread."""
    thread = threading.Thread(target=action, daemon=True)
    thread.start()
    return thread


def waits_for(
    first: Callable[[], object],
    second: Callable[[], object],
    started: threading.Event,
    go_on: threading.Event,
) -> None:
    """Start ``first`` (held once it sets ``started``, until ``go_on``), then ``second``:
    ``second`` must wait for ``first`` to end, and both must end once it is let go."""
    held = in_a_thread(first)
    assert started.wait(10), "the first action never reached the point where it is held"
    meanwhile = in_a_thread(second)
    meanwhile.join(0.5)
    assert meanwhile.is_alive(), "the second action did not wait for the first"
    go_on.set()
    held.join(10)
    meanwhile.join(10)
    assert not held.is_alive() and not meanwhile.is_alive(), "an action never ended"
