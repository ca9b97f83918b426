"""The benchmarks against a git ref (``python -m benchmarks ... --against REF``): each side
runs in its own process on its own tree's package, and the comparison reads their answers."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks import refs


def test_a_side_runs_on_the_tree_it_is_given(tmp_path: Path) -> None:
    # a tree whose package is not this one: the side must import that tree's package
    fake = tmp_path / "gametheory"
    fake.mkdir()
    (fake / "__init__.py").write_text("__all__ = ['only']\n")
    seconds, answer = refs.run_side(tmp_path, ["import"])
    assert answer == 1 and seconds >= 0
    _, ours = refs.run_side(refs.TREE, ["import"])
    assert ours > 1


def test_compare_interleaves_and_reports_the_same_answers() -> None:
    rows = refs.compare(refs.TREE, {"engine, depth 2": ["engine", "2"]}, 2)
    (row,) = rows
    assert row.same and len(row.ratios) == 2 and row.ours > 0 and row.theirs > 0


def test_checkout_makes_and_removes_a_worktree() -> None:
    if subprocess.run(["git", "-C", str(refs.TREE), "rev-parse"], check=False).returncode:
        pytest.skip("not a git checkout")
    with refs.checkout("HEAD") as tree:
        assert (tree / "gametheory" / "__init__.py").is_file()
    assert not tree.exists()
    listed = subprocess.run(
        ["git", "-C", str(refs.TREE), "worktree", "list"], capture_output=True, text=True
    ).stdout
    assert str(tree) not in listed


def test_a_bad_ref_is_named() -> None:
    with pytest.raises(SystemExit, match="no-such-ref"), refs.checkout("no-such-ref-at-all"):
        pass


def test_check_fails_when_a_task_is_more_than_ten_percent_slower(monkeypatch: Any) -> None:
    from contextlib import contextmanager

    @contextmanager
    def no_checkout(ref: str) -> Iterator[Path]:
        yield refs.TREE

    def timed(ratio: float) -> Any:
        def compare(tree: Path, tasks: dict[str, list[str]], rounds: int) -> list[refs.Row]:
            return [refs.Row(name, ratio, 1.0, (ratio,), True) for name in tasks]

        return compare

    monkeypatch.setattr(refs, "checkout", no_checkout)
    monkeypatch.setattr(refs, "compare", timed(1.11))
    assert refs.check("REF") == 1
    monkeypatch.setattr(refs, "compare", timed(1.09))
    assert refs.check("REF") == 0
