"""Build the course website from the stored notebooks: ``make site``.

The site is a Jupyter Book 1.x (Sphinx) book for students and teachers: a home page (what the
course is, the lessons in order with their minutes, how to run them; ``site/home.md``), the
teacher's guide (``docs/teacher.md``, included as it is), and a page for every notebook of
``notebooks/`` whatever its name, in the folder's order, so that a new lesson needs no
configuration edit. It is built from the notebooks as they are stored (executed, with a PNG
twin of every picture), never re-executed, and it works with no network at build or view
time: MathJax is a vendored copy (``npm`` in the Makefile puts it in ``build/site-vendor``),
and no widget JavaScript is loaded.

What this script does, in order:

1. stages a copy of every notebook in ``build/site/src`` with ``site/_config.yml``, a table
   of contents, the home page and the teacher's guide; in the copies, the lessons'
   self-tests (top-level ``assert`` statements, and loops or branches of nothing else) are
   left out of the code shown, unless the cell is tagged ``show-asserts`` (an assert that
   teaches), and under every widget's still picture a line says how to use the widget;
   under each lesson's first cell a line opens it in the browser course (the JupyterLite
   build of ``make lite``, copied into the site as ``lite/``), or says why it cannot run
   there (``tools/build_lite.py``'s ``NOT_IN_BROWSER``);
2. runs ``jupyter-book build`` on it (HTML in ``build/site/_build/html``) and copies the
   browser course into it (``lite/``), so that the one folder is the whole course online;
3. gives every picture of a lesson its text alternative (``alt``): the picture's own
   ``<title>``/``<desc>`` where its SVG has them, otherwise what the notebook says it is;
   and gives the theme's search button a name that contains its visible words (WCAG 2.5.3);
4. prints the build time, the number of pages and the site's size.

Run it as ``.venv/bin/python tools/build_site.py``; ``tools/check_site.py`` checks the result,
``make serve-site`` serves it on localhost (search shows its excerpts only when served).
"""

from __future__ import annotations

import ast
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
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from build_lite import NOT_IN_BROWSER  # noqa: E402
from lesson_minutes import estimate  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
CONFIG = ROOT / "site" / "_config.yml"
HOME = ROOT / "site" / "home.md"
TEACHER = ROOT / "docs" / "teacher.md"
BUILD = ROOT / "build" / "site"
SOURCE = BUILD / "src"
HTML = BUILD / "_build" / "html"
LITE = ROOT / "build" / "lite"
"""The browser course (``make lite``), published inside the site as its folder ``lite/``."""
BROWSER_NOTE = "gt-in-the-browser"
"""The class of the line under a lesson's first cell: run it in the browser, or why not."""
MATHJAX = ROOT / "build" / "site-vendor" / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"
PAGES = ("intro", "teacher")
"""The site's own pages beside the lessons (the home page and the teacher's guide)."""
SHOW_ASSERTS = "show-asserts"
"""The tag of a code cell whose ``assert`` statements teach: they stay on the site."""
WIDGET_STILL = re.compile(r"^'?([A-Z]\w*): (Run this cell[^']*)")
WIDGET_NOTE = (
    "*This is an interactive widget, shown here as its still picture.* To use it, run this "
    "lesson in JupyterLab ({how}) and run the cell above."
)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_DESC = re.compile(r"<desc>(.*?)</desc>", re.S)
_CAPTION = re.compile(r'<g id="caption">(.*?)</g>', re.S)
_TEXT = re.compile(r"<text[^>]*>(.*?)</text>", re.S)
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def lessons(folder: Path = NOTEBOOKS) -> list[Path]:
    """Every notebook of ``folder`` in the curriculum's order (sorted by name), whatever its
    name: ``08ax_…``, ``13_my lesson.ipynb``, ``14_x.IPYNB``. Hidden files (an editor's
    ``.~x.ipynb``) are not lessons."""
    return sorted(
        (p for p in folder.iterdir() if p.is_file() and p.suffix.lower() == ".ipynb"),
        key=lambda p: p.name,
    )


def page_name(path: Path) -> str:
    """The name of a lesson's page: its file's stem, with every run of characters other
    than letters, digits, ``_`` and ``-`` made one ``-`` (a web address needs no escapes).

    >>> page_name(Path("13_my lesson.IPYNB")), page_name(Path("08ax_abapa_state_space.ipynb"))
    ('13_my-lesson', '08ax_abapa_state_space')
    """
    return _UNSAFE.sub("-", path.stem)


def page_names(paths: list[Path]) -> list[str]:
    """The pages of ``paths``, one each; an error naming the notebooks if two would share
    a page, or one would take the name of the home page or the teacher's guide.

    >>> page_names([Path("a b.ipynb"), Path("a-b.ipynb")])
    Traceback (most recent call last):
    ...
    SystemExit: notebooks a b.ipynb and a-b.ipynb would both be the page a-b.html: rename one
    """
    names: dict[str, Path] = {}
    for path in paths:
        name = page_name(path)
        if name in names:
            raise SystemExit(
                f"notebooks {names[name].name} and {path.name} would both be the page "
                f"{name}.html: rename one"
            )
        if name in PAGES or not name.strip("-"):
            raise SystemExit(f"notebook {path.name} cannot be the page {name}.html: rename it")
        names[name] = path
    return list(names)


def _plain(output: dict[str, Any]) -> str:
    value = output.get("data", {}).get("text/plain", "")
    return "".join(value) if isinstance(value, list) else str(value)


_CHART_WORDS = re.compile(
    r"\b(set_title|suptitle|title|set_xlabel|xlabel|set_ylabel|ylabel|label)"
    r"(?:\(\s*|\s*=\s*)f?(\"[^\"]*\"|'[^']*')"
)
_CHART_PARTS = {
    "title": "",
    "suptitle": "",
    "xlabel": "across: ",
    "ylabel": "up: ",
    "label": "a line or mark: ",
}


def chart_words(source: str) -> str:
    """What a matplotlib chart says of itself, read from the code that draws it: its titles,
    its axes' labels and its legend's (an f-string's fields shown as "…"), called or given
    by name (``ax.set(title=...)``).

    >>> chart_words('ax.set_title("nodes visited")\\nax.set_xlabel(f"depth {d}")')
    'nodes visited; across: depth …'
    """
    said = []
    for call, quoted in _CHART_WORDS.findall(source):
        words = re.sub(r"\{[^}]*\}", "…", quoted[1:-1]).replace("\\n", " ").replace("$", "")
        if words.strip():
            said.append(_CHART_PARTS[call.removeprefix("set_")] + words.strip())
    return "; ".join(sorted(said, key=lambda words: ":" in words))  # titles first


def alternative(output: dict[str, Any], source: str = "") -> str:
    """The text alternative of a picture output: what the picture shows, in words.

    In order: for a widget's still, the widget and how to use it (and the SVG's own title and
    description); the SVG's own ``<title>`` and ``<desc>``; the SVG's caption; the notebook's plain-text form when it says more than
    the picture's size; for a matplotlib chart, its titles and axes' labels from the code
    ``source`` that draws it; else that it is a picture drawn by the cell above.

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
    if plain.startswith("<Figure") and chart_words(source):
        return f"A chart: {chart_words(source)}."
    if plain.startswith("<Figure"):
        return "A chart drawn by the code cell above."
    return "A picture drawn by the code cell above."


def _only_checks(statement: ast.stmt) -> bool:
    """Whether a statement is a self-test: an ``assert``, or a loop or branch of nothing else."""
    if isinstance(statement, ast.Assert):
        return True
    if isinstance(statement, (ast.For, ast.If, ast.While, ast.With)):
        inner = [*statement.body, *getattr(statement, "orelse", [])]
        return all(_only_checks(s) for s in inner)
    return False


def _checks_in(statements: list[ast.stmt]) -> list[ast.stmt]:
    """The self-tests among ``statements``: each that is only checks, and the checks inside a
    loop or branch that also computes (where a body would be left empty, its checks stay);
    not those in a function or class, which are part of what it defines."""
    found = []
    for statement in statements:
        if _only_checks(statement):
            found.append(statement)
        elif isinstance(statement, (ast.For, ast.If, ast.While, ast.With)):
            for body in (statement.body, getattr(statement, "orelse", [])):
                if not all(_only_checks(s) for s in body):
                    found += _checks_in(body)
    return found


def without_self_tests(source: str) -> str:
    """A code cell's source without its self-tests: the ``assert`` statements (however many
    lines each takes), the loops and branches that hold nothing but asserts, and the asserts
    inside loops and branches that also compute. A source Python cannot parse (a cell magic)
    is returned as it is.

    >>> print(without_self_tests("tree = expand(game)\\nassert len(tree) == 28 and (\\n"
    ...     "    tree.depth == 5)\\nfor n in tree:\\n    assert n.value\\ndraw(tree)"))
    tree = expand(game)
    draw(tree)
    >>> print(without_self_tests("for d in (1, 2):\\n    v = d * 2\\n    assert v > d\\nv"))
    for d in (1, 2):
        v = d * 2
    v
    """
    try:
        module = ast.parse(source)
    except SyntaxError:
        return source
    checks = _checks_in(module.body)
    if not checks:
        return source
    inside = {id(node) for check in checks for node in ast.walk(check)}
    kept = {
        line
        for node in ast.walk(module)
        if isinstance(node, ast.stmt) and id(node) not in inside
        for line in _lines(node, header_only=True)
    }  # a check sharing a line with code stays
    gone = {line for s in checks for line in _lines(s)} - kept
    lines = source.split("\n")
    return "\n".join(text for i, text in enumerate(lines, 1) if i not in gone).strip("\n")


def _lines(statement: ast.stmt, header_only: bool = False) -> range:
    """The lines of a statement; of a loop or branch, only its head's with ``header_only``."""
    body = getattr(statement, "body", None)
    if header_only and body:
        return range(statement.lineno, max(body[0].lineno, statement.lineno + 1))
    return range(statement.lineno, (statement.end_lineno or statement.lineno) + 1)


def stage_notebook(
    source: Path, target: Path, alts: dict[str, str], how: str = "see the home page"
) -> None:
    """Copy a lesson for the site: its self-tests left out of the code shown (a cell left
    with no code and no output is left out), a note under each widget still (``how``: how
    to run the lesson, in Markdown), under its first cell the line that opens it in the
    browser (:func:`browser_note`), pictures' ``alt`` noted.

    ``alts`` maps the file name Jupyter Book gives a PNG (its SHA-256 and ``.png``) to the
    picture's text alternative.
    """
    book = json.loads(source.read_text(encoding="utf-8"))
    cells: list[dict[str, Any]] = []
    for number, cell in enumerate([*book["cells"], None]):
        if number == 1:  # under the lesson's title, and under its widget's note if it has one
            cells.append(browser_note(source))
        if cell is None:
            break
        code = "".join(cell["source"])
        if cell["cell_type"] == "code" and SHOW_ASSERTS not in cell["metadata"].get("tags", []):
            cell["source"] = without_self_tests(code)
            if code.strip() and not cell["source"].strip():
                if not cell.get("outputs"):
                    continue
                cell["metadata"].setdefault("tags", []).append("remove-input")
        cells.append(cell)
        still = False
        for output in cell.get("outputs", []):
            png = output.get("data", {}).get("image/png")
            if png is None:
                continue
            digest = hashlib.sha256(base64.b64decode("".join(png))).hexdigest()
            alts[f"{digest}.png"] = alternative(output, code)
            still = still or bool(WIDGET_STILL.match(_plain(output)))
        if still:
            note_id = f"{cell.get('id', len(cells))}-widget-note"
            note = WIDGET_NOTE.format(how=how)
            cells.append({"cell_type": "markdown", "id": note_id, "metadata": {}, "source": note})
    book["cells"] = cells
    target.write_text(json.dumps(book, ensure_ascii=False, indent=1), encoding="utf-8")


def browser_note(path: Path) -> dict[str, Any]:
    """The Markdown cell under a lesson's first: a link that opens the lesson in the browser
    course (``lite/``, relative to the page), or why the lesson cannot run there.

    >>> print(browser_note(Path("07_alpha_beta.ipynb"))["source"])
    <p class="gt-in-the-browser"><a href="lite/lab/index.html?path=07_alpha_beta.ipynb">Run this lesson in your browser</a>, with nothing installed: it runs in the browser's own Python (the first start takes some seconds).</p>
    """
    reason = NOT_IN_BROWSER.get(path.stem)
    if reason is None:
        href = f"lite/lab/index.html?path={quote(path.name)}"
        words = (
            f'<a href="{html.escape(href)}">Run this lesson in your browser</a>, with nothing '
            "installed: it runs in the browser's own Python (the first start takes some seconds)."
        )
    else:
        words = (
            f"This lesson does not run in your browser: {html.escape(reason, quote=False)}, which the "
            'browser\'s Python cannot load. Run it in JupyterLab: <a href="intro.html">the home '
            "page</a> says how."
        )
    source = f'<p class="{BROWSER_NOTE}">{words}</p>'
    return {"cell_type": "markdown", "id": "in-the-browser", "metadata": {}, "source": source}


_HEADING = re.compile(r"^#\s+(.+)$", re.M)
_ROW = re.compile(r"^\| `([^`]+)` \| (.+?) \| \d+ \|$", re.M)


def lesson_title(path: Path) -> str:
    """A lesson's title: the first heading of its first Markdown cell, else its file name."""
    book = json.loads(path.read_text(encoding="utf-8"))
    for cell in book["cells"]:
        found = (
            _HEADING.search("".join(cell["source"])) if cell["cell_type"] == "markdown" else None
        )
        if found:
            return found.group(1).strip()
    return path.stem


def lesson_table(paths: list[Path], readme: str) -> str:
    """The home page's table of the lessons, in order: each lesson's title linked to its
    page, what it teaches (its row of the README's lesson table, where it has one) and its
    minutes in class (``tools/lesson_minutes.py``, from the stored notebook)."""
    what = dict(_ROW.findall(readme))
    rows = ["| lesson | what you learn | minutes |", "| --- | --- | --- |"]
    for path, name in zip(paths, page_names(paths), strict=True):
        title = lesson_title(path).replace("|", "\\|")
        rows.append(
            f"| [{title}]({name}.ipynb) | {what.get(path.stem, '')} | {estimate(path).minutes} |"
        )
    return "\n".join(rows)


def binder_url(repository: str, lesson: str = "") -> str:
    """The address that opens the lessons on mybinder.org, for a public GitHub repository.

    >>> binder_url("https://github.com/someone/course", "07_alpha_beta.ipynb")
    'https://mybinder.org/v2/gh/someone/course/HEAD?urlpath=lab/tree/notebooks/07_alpha_beta.ipynb'
    """
    owner_repo = repository.removeprefix("https://github.com/").strip("/")
    return f"https://mybinder.org/v2/gh/{owner_repo}/HEAD?urlpath=lab/tree/notebooks/{lesson}"


def repository_url(config: Path = CONFIG) -> str:
    """The course's public repository (``repository: url:`` of ``site/_config.yml``), or ""
    while it has none: the site then offers no Binder link."""
    import yaml

    settings = yaml.safe_load(config.read_text(encoding="utf-8")) or {}
    return str((settings.get("repository") or {}).get("url") or "")


def home_page(template: str, paths: list[Path], readme: str, repository: str = "") -> str:
    """The home page: ``site/home.md`` with its ``{lessons}`` and ``{binder}`` filled in.

    >>> home_page("{lessons}|{binder}", [], "").splitlines()[-1]
    '| --- | --- | --- ||'
    """
    binder = ""
    if repository.startswith("https://github.com/"):
        binder = (
            "- **On Binder**, with nothing to install: "
            f"[open the lessons on mybinder.org]({binder_url(repository)}) (the first start "
            "takes a few minutes while Binder builds the course's environment)."
        )
    return template.replace("{lessons}", lesson_table(paths, readme)).replace("{binder}", binder)


def table_of_contents(names: list[str]) -> str:
    """The book's ``_toc.yml``: the home page, every lesson in order, the teacher's guide.

    >>> print(table_of_contents(["00_start_here", "01_graphs"]))
    format: jb-book
    root: intro
    chapters:
    - file: 00_start_here
    - file: 01_graphs
    - file: teacher
    <BLANKLINE>
    """
    lines = ["format: jb-book", "root: intro", "chapters:"]
    chapters = [*(f"- file: {name}" for name in names), "- file: teacher"]
    return "\n".join([*lines, *chapters, ""])


def stage(folder: Path = NOTEBOOKS, source: Path = SOURCE) -> dict[str, str]:
    """Lay out ``source`` from the notebooks of ``folder``; return the pictures' text
    alternatives by file name."""
    shutil.rmtree(source, ignore_errors=True)
    (source / "_vendor" / "mathjax").mkdir(parents=True)
    if MATHJAX.exists():  # checked by main(): a test may stage without it
        shutil.copy(MATHJAX, source / "_vendor" / "mathjax" / MATHJAX.name)
    shutil.copy(CONFIG, source / "_config.yml")
    for style in CONFIG.with_name("_vendor").iterdir():
        shutil.copy(style, source / "_vendor" / style.name)
    repository = repository_url()
    how = "the home page says how"
    if repository:
        how = f"[on Binder]({binder_url(repository)}) or as the home page says"
    alts: dict[str, str] = {}
    paths = lessons(folder)
    names = page_names(paths)
    for path, name in zip(paths, names, strict=True):
        stage_notebook(path, source / f"{name}.ipynb", alts, how)
    (source / "_toc.yml").write_text(table_of_contents(names), encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    template = HOME.read_text(encoding="utf-8")
    (source / "intro.md").write_text(home_page(template, paths, readme, repository), "utf-8")
    shutil.copy(TEACHER, source / "teacher.md")
    for picture in re.findall(r"\]\(([\w-]+\.png)\)", TEACHER.read_text(encoding="utf-8")):
        shutil.copy(TEACHER.with_name(picture), source / picture)
    return alts


# sphinx-thebe (which Jupyter Book 1 always adds) names a script on a CDN that it would load
# on a "launch" button; the site has no such button, so the two tags go
_THEBE = re.compile(
    r'<script>const THEBE_JS_URL = "https://[^<]*</script>\s*|<script[^>]*sphinx-thebe\.js[^>]*></script>\s*'
)
_IMG = re.compile(r'<img alt="[^"]*" (src="[^"]*_images/([0-9a-f]{64}\.png)")')
# a table wider than a phone scrolls in its own box (site/_vendor/site.css), not the page;
# the box takes the keyboard's focus so that it can be scrolled without a mouse
_TABLE = re.compile(r"<table\b.*?</table>", re.S)
_SCROLL_BOX = '<div class="gt-table-scroll" tabindex="0" role="region" aria-label="table">'
# a two-way table (its top-left heading empty): the first cell of each row names the row,
# so it is the row's heading (<th scope="row">), and every other cell has a heading
_CORNER = re.compile(r'<thead>\s*<tr[^>]*><th class="head">(<p></p>)?</th>')
_ROW_START = re.compile(r"(<tr[^>]*>)<td>(.*?)</td>", re.S)


def _row_headings(table: str) -> str:
    if not _CORNER.search(table):
        return table
    head, body = table.split("</thead>", 1)
    return head + "</thead>" + _ROW_START.sub(r'\1<th scope="row">\2</th>', body)


# the theme's search button shows "Search Ctrl+K" but is named "Search" by its aria-label:
# its name must contain the words it shows (WCAG 2.5.3), so its words name it
_SEARCH_NAME = re.compile(
    r'(<button class="btn search-button-field search-button__button[^"]*"[^>]*?) aria-label="Search"'
)
# the same for the switch of a hidden cell's code ("Show code cell source", named "Toggle
# hidden content")
_TOGGLE_NAME = re.compile(r'<summary aria-label="Toggle hidden content">')
# the light/dark switch goes: the site is light only (the pictures are drawn on white), and
# its icons' names ("Light", "Dark") are not in the switch's name
_MODE_SWITCH = re.compile(r'<button class="[^"]*theme-switch-button.*?</button>\s*', re.S)


def finish_page(text: str, alts: dict[str, str]) -> tuple[str, int]:
    """One built page finished: each lesson picture's text alternative written in, the
    thebe scripts dropped, tables in their scroll boxes (a two-way table's first column its
    rows' headings), the search button and the hidden
    code's switches named by their words, the light/dark switch dropped; return the page and how many pictures were given their text.

    >>> finish_page('<p><table class="table"><tr><td>1</td></tr></table></p>', {})[0]
    '<p><div class="gt-table-scroll" tabindex="0" role="region" aria-label="table"><table class="table"><tr><td>1</td></tr></table></div></p>'
    >>> two_way = ('<table><thead><tr><th class="head"><p></p></th><th class="head">b</th></tr>'
    ...     '</thead><tbody><tr><td><p>a</p></td><td>1</td></tr></tbody></table>')
    >>> finish_page(two_way, {})[0].split("<tbody>")[1]
    '<tr><th scope="row"><p>a</p></th><td>1</td></tr></tbody></table></div>'
    """
    done = 0

    def alt(match: re.Match[str]) -> str:
        nonlocal done
        done += 1
        words = alts.get(match.group(2), "A picture drawn by the code cell above.")
        return f'<img alt="{html.escape(words, quote=True)}" {match.group(1)}'

    text = _IMG.sub(alt, _THEBE.sub("", text))
    text = _TABLE.sub(lambda m: f"{_SCROLL_BOX}{_row_headings(m.group(0))}</div>", text)
    text = _TOGGLE_NAME.sub("<summary>", _MODE_SWITCH.sub("", text))
    return _SEARCH_NAME.sub(r"\1", text), done


def finish_pages(alts: dict[str, str]) -> int:
    """Finish every built page (:func:`finish_page`); return how many pictures were given
    their text."""
    done = 0
    for page in HTML.glob("*.html"):
        text, pictures = finish_page(page.read_text(encoding="utf-8"), alts)
        page.write_text(text, encoding="utf-8")
        done += pictures
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
    if not MATHJAX.exists():
        sys.exit(f"{MATHJAX} is missing: run `make site` (it installs MathJax with npm)")
    if not (LITE / "jupyter-lite.json").exists():
        sys.exit(f"{LITE} is missing: run `make site` (it builds the browser course first)")
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
    shutil.copytree(LITE, HTML / "lite")
    seconds = time.perf_counter() - started
    pages = len(list(HTML.glob("*.html")))
    print(
        f"site: {pages} pages, {pictures} lesson pictures, {size_of(HTML) / 1e6:.1f} MB "
        f"in {HTML.relative_to(ROOT)}, built in {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
