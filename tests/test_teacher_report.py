"""The class report, on a simulated class of 30 with different error habits (issue 26)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gametheory.teacher import ClassReport, Collection, collect, simulate_class
from gametheory.teacher.report import mistake_title
from gametheory.teacher.simulate import DEMO, HABITS


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Collection]:
    folder = tmp_path_factory.mktemp("class")
    work = simulate_class(folder / "records", size=30, seed=0)
    return folder, collect(folder / "records", work)


def test_the_simulated_class_hands_in_clean_records(simulated: tuple[Path, Collection]) -> None:
    folder, got = simulated
    assert got.problems == ()
    assert len(got.assignment.roster) == 30
    files = list((folder / "records").rglob("*.json"))
    assert len(files) == len(got.records) > 100


def test_a_row_per_student_with_their_scores(simulated: tuple[Path, Collection]) -> None:
    _, got = simulated
    rows = ClassReport(got).rows()
    assert [r["id"] for r in rows] == [s.id for s in got.assignment.roster]
    for row in rows:
        mine = {n: r for (sid, n), r in got.records.items() if sid == row["id"]}
        assert row["done"] == len(mine)
        for n in range(1, len(DEMO) + 1):
            assert row[str(n)] == (mine[n]["score"] if n in mine else None)
        expected = sum(r["score"] for r in mine.values()) / len(DEMO)
        assert row["total"] == pytest.approx(expected)
        assert row["minutes"] == pytest.approx(
            sum(r["seconds"] for r in mine.values()) / 60, abs=0.06
        )
    careful = rows[0]  # s01 has the first habit, careful: never a mistake
    assert HABITS[0].name == "careful" and careful["mistakes"] == []


def test_the_mistakes_are_counted_by_student_from_the_records(
    simulated: tuple[Path, Collection],
) -> None:
    _, got = simulated
    report = ClassReport(got)
    counted = Counter(
        name for sid in {s for s, _ in got.records}
        for name in {m for (s, _), r in got.records.items() if s == sid for m in r["mistakes"]}
    )  # fmt: skip
    assert {m.name: len(m.students) for m in report.mistakes()} == dict(counted)
    found = [m.name for m in report.mistakes()]
    for habit_mistake in (
        "missed-cutoff",
        "deep-cutoff-missed",
        "exact-value",
        "wrong-sign",
        "strict",
    ):
        assert habit_mistake in found  # each habit of the simulated class shows
    sizes = [len(m.students) for m in report.mistakes()]
    assert sizes == sorted(sizes, reverse=True)


def test_each_mistake_has_an_example_tree_showing_it(simulated: tuple[Path, Collection]) -> None:
    _, got = simulated
    report = ClassReport(got)
    for m in report.mistakes():
        sid, number = m.example
        assert m.name in got.records[sid, number]["mistakes"]
        picture = report.example(m)
        assert picture.startswith("<svg")
        if not got.assignment.exercises[number - 1].code:
            assert "#f7c5c0" in picture  # red: the student's mistake is marked (and ringed)


def test_the_page_has_the_mistakes_the_plots_and_the_table(
    simulated: tuple[Path, Collection], tmp_path: Path
) -> None:
    _, got = simulated
    report = ClassReport(got)
    path = report.write(tmp_path / "report.html")
    page = path.read_text(encoding="utf-8")
    assert page.index("What the class gets wrong") < page.index("Who did what")
    for m in report.mistakes():
        assert mistake_title(m.name) in page.replace("&gt;", ">").replace("&#x27;", "'")
    assert page.count("<tr>") == 1 + 30
    assert 'src="data:image/png;base64,' in page and "Histogram of the total scores" in page
    assert "Zoë Dubois" in page
    png = tmp_path / "report.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


def test_the_simulated_class_is_the_same_every_time(
    simulated: tuple[Path, Collection], tmp_path: Path
) -> None:
    _, got = simulated
    again = collect(tmp_path, simulate_class(tmp_path, size=30, seed=0))
    assert again.records == got.records
    assert json.dumps(again.records[("s05", 2)]) == json.dumps(got.records[("s05", 2)])


def test_files_not_used_are_listed_on_the_page(simulated: tuple[Path, Collection]) -> None:
    folder, got = simulated
    (folder / "records" / "junk.txt").write_text("x")
    try:
        page = ClassReport(collect(folder / "records", got.assignment)).html()
    finally:
        (folder / "records" / "junk.txt").unlink()
    assert "<code>junk.txt</code>: not a record" in page


def test_the_report_plots_without_matplotlib_say_what_to_install(monkeypatch: Any) -> None:
    """matplotlib is the teacher extra's (a student's install has none): its plots say so."""
    import builtins

    from gametheory.core import GameError
    from gametheory.teacher.report import _pyplot

    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("matplotlib"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(GameError, match=r"gametheory-course\[teacher\]"):
        _pyplot()
