"""Build the course website from the stored notebooks: ``make site``.

The site is a Jupyter Book 1.x (Sphinx) book: a home page made of the README (its tables
among it) and a page per lesson, in the order of the notebooks folder, so that a new lesson
needs no configuration edit. It is built from the notebooks as they are stored (executed,
with a PNG twin of every picture), never re-executed, and it works with no network at build
or view time: MathJax is a vendored copy (``npm`` in the Makefile puts it in
``build/site-vendor``), and no widget JavaScript is loaded.

What this script does, in order:

1. stages a copy of every ``notebooks/NN_*.ipynb`` in ``build/site/src`` with
   ``site/_config.yml``, a table of contents and the home page, and under every widget's
   still picture a line saying how to use the widget (``make lab``);
2. runs ``jupyter-book build`` on it (HTML in ``build/site/_build/html``);
3. gives every picture of a lesson its text alternative (``alt``): the picture's own
   ``<title>``/``<desc>`` where its SVG has them, otherwise what the notebook says it is;
4. prints the build time, the number of pages and the site's size.

Run it as ``.venv/bin/python tools/build_site.py``; ``tools/check_site.py`` checks the result.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CONFIG = ROOT / "site" / "_config.yml"
BUILD = ROOT / "build" / "site"
SOURCE = BUILD / "src"
HTML = BUILD / "_build" / "html"
MATHJAX = ROOT / "build" / "site-vendor" / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"
LESSON = re.compile(r"^\d\d[a-z]?_\w+\.ipynb$")
WIDGET_STILL = re.compile(r"^'?([A-Z]\w*): (Run this cell[^']*)")
WIDGET_NOTE = (
    "*This is an interactive widget, shown here as its still picture.* To use it, open the "
    "lessons in JupyterLab — `make lab` in the repository (or Binder, once the repository is "
    "public) — and run the cell above."
)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_DESC = re.compile(r"<desc>(.*?)</desc>", re.S)
_CAPTION = re.compile(r'<g id="caption">(.*?)</g>', re.S)
_TEXT = re.compile(r"<text[^>]*>(.*?)</text>", re.S)


def lessons() -> list[Path]:
    """The lessons in curriculum order: the notebooks folder's ``NN_name.ipynb``, sorted."""
    return sorted(p for p in NOTEBOOKS.iterdir() if LESSON.match(p.name))


def _plain(output: dict[str, Any]) -> str:
    value = output.get("data", {}).get("text/plain", "")
    return "".join(value) if isinstance(value, list) else str(value)


def alternative(output: dict[str, Any]) -> str:
    """The text alternative of a picture output: what the picture shows, in words.

    In order: for a widget's still, the widget and how to use it (and the SVG's own title and
    description); the SVG's own ``<title>`` and ``<desc>``; the SVG's caption; the notebook's plain-text form when it says more than
    the picture's size; else that it is a picture drawn by the cell above.

    >>> alternative({"data": {"image/svg+xml": "<svg><title>A tree</title>"
    ...     "<desc>minimax, value 3</desc></svg>"}})
    'A tree: minimax, value 3'
    >>> alternative({"data": {"text/plain": "<Figure size 500x420 with 1 Axes>"}})
    'A chart drawn by the code cell above.'
    """
    data = output.get("data", {})
    svg = data.get("image/svg+xml", "")
    svg = "".join(svg) if isinstance(svg, list) else str(svg)
    parts = [m.group(1).strip() for m in (_TITLE.search(svg), _DESC.search(svg)) if m]
    plain = _plain(output)
    still = WIDGET_STILL.match(plain)
    if still:  # a widget's first frame: say it is a widget, then what the frame shows
        shown = f" It shows: {html.unescape(': '.join(parts))}" if parts else ""
        return f"The {still.group(1)} widget, as a still picture. {still.group(2)}{shown}"
    if parts:
        return html.unescape(": ".join(parts))
    caption = _CAPTION.search(svg)
    if caption:
        words = " ".join(_TEXT.findall(caption.group(1)))
        return html.unescape(f"A picture: {words}")
    if plain and not plain.startswith(("<a picture", "<Figure", "(an interactive")):
        return plain.strip("'\"")
    if plain.startswith("<Figure"):
        return "A chart drawn by the code cell above."
    return "A picture drawn by the code cell above."


def stage_notebook(source: Path, target: Path, alts: dict[str, str]) -> None:
    """Copy a lesson for the site: a note under each widget still; pictures' ``alt`` noted.

    ``alts`` maps the file name Jupyter Book gives a PNG (its SHA-256 and ``.png``) to the
    picture's text alternative.
    """
    book = json.loads(source.read_text(encoding="utf-8"))
    cells: list[dict[str, Any]] = []
    for cell in book["cells"]:
        cells.append(cell)
        still = False
        for output in cell.get("outputs", []):
            png = output.get("data", {}).get("image/png")
            if png is None:
                continue
            digest = hashlib.sha256(base64.b64decode("".join(png))).hexdigest()
            alts[f"{digest}.png"] = alternative(output)
            still = still or bool(WIDGET_STILL.match(_plain(output)))
        if still:
            note_id = f"{cell.get('id', len(cells))}-widget-note"
            cells.append(
                {"cell_type": "markdown", "id": note_id, "metadata": {}, "source": WIDGET_NOTE}
            )
    book["cells"] = cells
    target.write_text(json.dumps(book, ensure_ascii=False, indent=1), encoding="utf-8")


def home_page(readme: str, names: list[str]) -> str:
    """The README as the site's home page, each lesson's name in its table a link to it.

    >>> home_page("| `07_alpha_beta` | cutoffs |", ["07_alpha_beta"])
    '| [07_alpha_beta](07_alpha_beta.ipynb) | cutoffs |'
    """
    for name in names:
        readme = readme.replace(f"| `{name}` |", f"| [{name}]({name}.ipynb) |")
    return readme


def table_of_contents(names: list[str]) -> str:
    """The book's ``_toc.yml``: the home page, then every lesson in order.

    >>> print(table_of_contents(["00_start_here", "01_graphs"]))
    format: jb-book
    root: intro
    chapters:
    - file: 00_start_here
    - file: 01_graphs
    <BLANKLINE>
    """
    lines = ["format: jb-book", "root: intro", "chapters:"]
    return "\n".join([*lines, *(f"- file: {name}" for name in names), ""])


def stage() -> dict[str, str]:
    """Lay out ``build/site/src``; return the pictures' text alternatives by file name."""
    if not MATHJAX.exists():
        sys.exit(f"{MATHJAX} is missing: run `make site` (it installs MathJax with npm)")
    shutil.rmtree(SOURCE, ignore_errors=True)
    (SOURCE / "_vendor" / "mathjax").mkdir(parents=True)
    shutil.copy(MATHJAX, SOURCE / "_vendor" / "mathjax" / MATHJAX.name)
    shutil.copy(CONFIG, SOURCE / "_config.yml")
    shutil.copy(CONFIG.with_name("_vendor") / "handout.css", SOURCE / "_vendor" / "handout.css")
    alts: dict[str, str] = {}
    names = []
    for path in lessons():
        stage_notebook(path, SOURCE / path.name, alts)
        names.append(path.stem)
    (SOURCE / "_toc.yml").write_text(table_of_contents(names), encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (SOURCE / "intro.md").write_text(home_page(readme, names), encoding="utf-8")
    return alts


# sphinx-thebe (which Jupyter Book 1 always adds) names a script on a CDN that it would load
# on a "launch" button; the site has no such button, so the two tags go
_THEBE = re.compile(
    r'<script>const THEBE_JS_URL = "https://[^<]*</script>\s*|<script[^>]*sphinx-thebe\.js[^>]*></script>\s*'
)
_IMG = re.compile(r'<img alt="[^"]*" (src="[^"]*_images/([0-9a-f]{64}\.png)")')


def finish_pages(alts: dict[str, str]) -> int:
    """Write each lesson picture's text alternative into the built pages, drop the thebe
    scripts; return how many pictures were given their text."""
    done = 0
    for page in HTML.glob("*.html"):
        text = page.read_text(encoding="utf-8")

        def alt(match: re.Match[str]) -> str:
            nonlocal done
            done += 1
            words = alts.get(match.group(2), "A picture drawn by the code cell above.")
            return f'<img alt="{html.escape(words, quote=True)}" {match.group(1)}'

        page.write_text(_IMG.sub(alt, _THEBE.sub("", text)), encoding="utf-8")
    return done


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        pass


@contextmanager
def serve(folder: Path = HTML) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1 while the block runs; yield its URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main() -> int:
    started = time.perf_counter()
    alts = stage()
    shutil.rmtree(BUILD / "_build", ignore_errors=True)
    book = Path(sys.executable).with_name("jupyter-book")
    command = [str(book), "build", str(SOURCE), "--path-output", str(BUILD), "--keep-going"]
    built = subprocess.run([*command, "-W", "-n"], check=False)
    if built.returncode != 0:
        print("jupyter-book build failed or warned (see above)", file=sys.stderr)
        return built.returncode
    pictures = finish_pages(alts)
    seconds = time.perf_counter() - started
    pages = len(list(HTML.glob("*.html")))
    print(
        f"site: {pages} pages, {pictures} lesson pictures, {size_of(HTML) / 1e6:.1f} MB "
        f"in {HTML.relative_to(ROOT)}, built in {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
