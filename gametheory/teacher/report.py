"""The class report: who did what, the scores, and what the class gets wrong.

From a :class:`~gametheory.teacher.records.Collection`: a row per student (sortable in the
HTML page), the distribution of the scores, and the mistakes by kind — how many students made
each, with one example tree (a student's own answer, drawn with the mistakes marked) — first
on the page, so that the next lecture can start there. The page is one HTML file with the
plots (matplotlib, PNG) and the trees (SVG) inside it.

>>> from gametheory.teacher.collection import Collection
>>> from gametheory.teacher.assign import Assignment, Exercise, Student
>>> work = Assignment("hw1", (Exercise("minimax"),), [Student("s01", "Ada")])
>>> report = ClassReport(Collection(work, {}, ()))
>>> report.rows()[0]["done"], report.mistakes()
(0, [])
"""

from __future__ import annotations

import base64
import html
import io
import os
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gametheory.core import GameError
from gametheory.practice import Drill
from gametheory.practice.grader import BUGS
from gametheory.practice.grading import Slip
from gametheory.teacher.collection import Collection
from gametheory.teacher.sheets import drill_of

__all__ = ["ClassReport", "Mistakes", "mistake_title"]


def mistake_title(name: str) -> str:
    """What a mistake's name in a record means, in words.

    >>> mistake_title("swapped"), mistake_title("wrong-sign")
    ('α and β swapped', 'negamax: the value for the other player (the sign)')
    >>> mistake_title("swapped or strict")  # two the grader could not tell apart
    'α and β swapped or the cutoff test with > where ≥ is enough'
    """
    if name == "deep-cutoff-missed":
        return "a deep cutoff missed (its bound comes from two or more levels up)"
    if name == "diverges":
        return "code that departs from the search (no mistake of the catalogue)"
    if name == "package-search":
        return "code that hands the work to the package's own searches"
    if name == "no-code":
        return "no code handed in (the notebook could not read the function's source)"
    if all(part in BUGS for part in name.split(" or ")):
        return " or ".join(BUGS[part].title for part in name.split(" or "))
    slip = Slip.__members__.get(name.upper().replace("-", "_"))
    return slip.value if slip is not None else name


@dataclass(frozen=True)
class Mistakes:
    """One kind of mistake in the class: its name and title, the students who made it, and
    the first of them with the exercise (the example)."""

    name: str
    title: str
    students: tuple[str, ...]
    example: tuple[str, int]


@dataclass(frozen=True)
class ClassReport:
    """What a folder of records says about the class (see the module docstring)."""

    collection: Collection

    def rows(self) -> list[dict[str, Any]]:
        """One row per student of the roster, in its order: ``id``, ``name``, ``done`` (the
        exercises with a record), one score per exercise (``"1"``, ``"2"``, …; None when
        not done), ``total`` (the mean, an exercise not done counting 0), ``attempts``,
        ``hints``, ``minutes``, ``mistakes``."""
        work = self.collection.assignment
        rows = []
        for student in work.roster:
            mine = [
                self.collection.records.get((student.id, n))
                for n in range(1, len(work.exercises) + 1)
            ]
            done = [r for r in mine if r is not None]
            scores = {
                str(n): None if r is None else r["score"] for n, r in enumerate(mine, start=1)
            }
            row: dict[str, Any] = {"id": student.id, "name": student.name, "done": len(done)}
            row |= scores
            row["total"] = sum(s or 0.0 for s in scores.values()) / len(scores)
            row["attempts"] = sum(r["attempts"] for r in done)
            row["hints"] = sum(r["hints"] for r in done)
            row["minutes"] = round(sum(r["seconds"] for r in done) / 60, 1)
            row["mistakes"] = sorted({m for r in done for m in r["mistakes"]})
            rows.append(row)
        return rows

    def mistakes(self) -> list[Mistakes]:
        """The kinds of mistake, the one the most students made first."""
        made: dict[str, list[tuple[str, int]]] = {}
        for (sid, number), record in sorted(self.collection.records.items()):
            for name in record["mistakes"]:
                made.setdefault(name, []).append((sid, number))
        found = [
            Mistakes(name, mistake_title(name), tuple(dict.fromkeys(s for s, _ in where)), where[0])
            for name, where in made.items()
        ]
        return sorted(found, key=lambda m: (-len(m.students), m.name))

    def example(self, mistakes: Mistakes) -> str:
        """The example tree of a kind of mistake: the student's answer drawn with its
        mistakes marked (a drill), or the tree of the first test of the same search drawn
        with its solution (code); "" where there is no tree (``ucb1``, ``backup``)."""
        sid, number = mistakes.example
        work = self.collection.assignment
        exercise = work.exercises[number - 1]
        record = self.collection.records[sid, number]
        if not exercise.code:
            answer = record["examples"].get(mistakes.name, record["answer"])
            return _drawn(drill_of(work, sid, number), answer)
        kind = {"alphabeta_negamax": "alphabeta"}.get(exercise.kind, exercise.kind)
        if kind not in ("minimax", "negamax", "alphabeta", "expectiminimax"):
            return ""
        drill = Drill(kind, seed=work.seed(sid, number), level=exercise.level)
        return str(drill.picture(drill.solution(), caption=False))

    def answer_picture(self, sid: str, number: int) -> str:
        """The answer ``sid`` handed in for drill ``number``, drawn with its mistakes marked
        ("" for a code exercise or no record)."""
        record = self.collection.records.get((sid, number))
        work = self.collection.assignment
        if record is None or work.exercises[number - 1].code:
            return ""
        return _drawn(drill_of(work, sid, number), record["answer"])

    def figure(self) -> Any:
        """The plots: the distribution of the total scores, and how many students made each
        kind of mistake (matplotlib, of the ``teacher`` extra; every bar labelled with its
        number)."""
        plt = _pyplot()

        found = self.mistakes()[::-1]
        tall = max(4.0, 0.6 * len(found) + 1)
        figure, (left, right) = plt.subplots(1, 2, figsize=(11, tall), layout="constrained")
        totals = [100 * row["total"] for row in self.rows()]
        left.hist(totals, bins=range(0, 101, 10), color="#4c72b0", edgecolor="black")
        left.set(title="Total scores", xlabel="score (%)", ylabel="students", xlim=(0, 100))
        bars = right.barh([textwrap.fill(m.title, 34) for m in found], [len(m.students) for m in found],
                          color="#dd8452", edgecolor="black")  # fmt: skip
        right.bar_label(bars, padding=2)
        right.set(title="What the class gets wrong", xlabel="students who made it")
        right.tick_params(axis="y", labelsize=8)
        return figure

    def png(self) -> bytes:
        """:meth:`figure` as PNG bytes."""
        plt = _pyplot()

        figure = self.figure()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=100)
        plt.close(figure)
        return buffer.getvalue()

    def html(self, png: bytes | None = None) -> str:
        """The page: the mistakes with their examples, the plots (``png``, made if None),
        the table, the files not used."""
        data = base64.b64encode(self.png() if png is None else png).decode()
        work = self.collection.assignment
        parts = [f"<h1>{html.escape(work.id)}: the class report</h1>", self._summary()]
        parts += [
            self._mistakes_html(),
            f'<img alt="{html.escape(self._alt())}" src="data:image/png;base64,{data}">',
        ]
        parts += [self._table(), self._problems()]
        return _PAGE.format(title=html.escape(f"{work.id}: class report"), body="\n".join(parts))

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write :meth:`html` to ``path`` and the plots beside it as PNG (each file whole,
        then renamed)."""
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        png = self.png()
        for target, data in ((out.with_suffix(".png"), png), (out, self.html(png).encode())):
            part = target.with_name(target.name + ".part")
            part.write_bytes(data)
            os.replace(part, target)
        return out

    def _repr_html_(self) -> str:
        return self._mistakes_html() + self._table()

    def _summary(self) -> str:
        rows = self.rows()
        started = sum(r["done"] > 0 for r in rows)
        complete = sum(r["done"] == len(self.collection.assignment.exercises) for r in rows)
        return (f"<p>{len(rows)} students; {started} handed something in, {complete} every "
                f"exercise; {len(self.collection.records)} records used, "
                f"{len(self.collection.problems)} files not used (listed at the end).</p>")  # fmt: skip

    def _alt(self) -> str:
        counts = ", ".join(f"{m.title}: {len(m.students)}" for m in self.mistakes())
        return f"Histogram of the total scores; students per kind of mistake: {counts or 'none'}"

    def _mistakes_html(self) -> str:
        items = []
        for m in self.mistakes():
            sid, number = m.example
            items.append(
                f"<section><h3>{html.escape(m.title)} — {len(m.students)} student"
                f"{'s' * (len(m.students) != 1)}</h3><p>{html.escape(', '.join(m.students))}. "
                f"Example: {html.escape(sid)}, exercise {number}.</p>{self.example(m)}</section>"
            )
        return "<h2>What the class gets wrong</h2>" + ("".join(items) or "<p>No mistakes.</p>")

    def _table(self) -> str:
        rows = self.rows()
        count = len(self.collection.assignment.exercises)
        keys = ["id", "name", "done", *(str(n) for n in range(1, count + 1)), "total",
                "attempts", "hints", "minutes", "mistakes"]  # fmt: skip
        heads = [f"ex {k}" if k.isdigit() else k for k in keys]
        scores = {*(str(n) for n in range(1, count + 1)), "total"}
        head = "".join(f'<th scope="col"><button type="button">{h}</button></th>' for h in heads)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(_cell(row[k], k in scores))}</td>" for k in keys)
            + "</tr>"
            for row in rows
        )
        return (f'<h2>Who did what</h2><p>Click a column to sort.</p><table id="who">'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{_SORT}")  # fmt: skip

    def _problems(self) -> str:
        items = "".join(
            f"<li><code>{html.escape(p.file)}</code>: {html.escape(p.reason)}</li>"
            for p in self.collection.problems
        )
        conflicts = "".join(f"<li>{html.escape(str(c))}</li>" for c in self.collection.conflicts)
        return (f"<h2>Records handed in for someone else</h2><ul>{conflicts or '<li>none</li>'}"
                f"</ul><h2>Files not used</h2><ul>{items or '<li>none</li>'}</ul>")  # fmt: skip


def _drawn(drill: Drill, answer: dict[str, Any]) -> str:
    """A drill's picture of a student's answer; "" if the answer cannot be drawn (it is a
    student's data: the report goes on without it)."""
    try:
        return str(drill.picture((answer["values"], answer["pruned"]), caption=True))
    except (ValueError, TypeError, KeyError, GameError):
        return ""


def _cell(value: Any, score: bool) -> str:
    if value is None:
        return "—"
    if score:
        return f"{100 * value:.0f}%"
    if isinstance(value, list):
        return ", ".join(value)
    return str(value)


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body {{ font-family: sans-serif; max-width: 1100px; margin: 1em auto; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #999; padding: 2px 6px; }}
th button {{ font: inherit; font-weight: bold; border: 0; background: none; cursor: pointer; }}
img {{ max-width: 100%; }}</style></head><body>
{body}
</body></html>
"""

# Sort the table by a column: numbers as numbers ("80%" too), the rest as text.
_SORT = """<script>
document.querySelectorAll('#who th button').forEach((button, column) => {
  button.addEventListener('click', () => {
    const body = document.querySelector('#who tbody');
    const key = row => { const t = row.children[column].textContent;
      const n = parseFloat(t); return isNaN(n) ? t : n; };
    const up = button.dataset.up !== 'true'; button.dataset.up = up;
    [...body.rows].sort((a, b) => (key(a) > key(b) ? 1 : key(a) < key(b) ? -1 : 0) * (up ? 1 : -1))
      .forEach(row => body.appendChild(row));
  });
});
</script>"""


def _pyplot() -> Any:
    """matplotlib's pyplot, or an error that says how to install it (the class report's plots
    are the only part of the package that needs it)."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as missing:
        raise GameError(
            "the class report's plots need matplotlib, part of the teacher's extra: "
            "pip install 'gametheory-course[teacher]'"
        ) from missing
    return plt
