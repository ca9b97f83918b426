"""How a lesson's self-check shows its verdict (notebooks/lesson_checks): issue 29, item 32."""

from __future__ import annotations

from typing import Any

import IPython.display
import lesson_checks
import pytest


def test_a_verdict_in_a_notebook_is_a_paragraph_that_wraps_between_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29, item 32: JupyterLab breaks a printed line anywhere (``word-break:
    break-all`` on an output's ``<pre>``); in a kernel the verdict is also a paragraph."""
    shown: list[tuple[Any, ...]] = []
    monkeypatch.setattr(lesson_checks, "_in_a_kernel", lambda: True)
    monkeypatch.setattr(IPython.display, "display", lambda *a, **k: shown.append((a, k)))
    assert not lesson_checks.feedback(False, "B takes <2> & leaves 8")
    assert capsys.readouterr().out == ""
    ((data,), options) = shown[0]
    assert options == {"raw": True}
    assert data["text/plain"] == "✗ Not yet: B takes <2> & leaves 8."
    assert data["text/html"] == (
        '<p style="margin:0;white-space:normal">✗ Not yet: B takes &lt;2&gt; &amp; leaves 8.</p>'
    )
    monkeypatch.undo()
    assert not lesson_checks._in_a_kernel()  # under pytest: printed, as the doctests show
