"""Check the built course website without a browser: links, offline, one page per lesson.

Over every HTML page in ``build/site/_build/html`` (``make site`` builds it):

* every internal link and resource (``href``, ``src``) names a file of the site, and a link's
  ``#fragment`` an ``id`` on the page it points to;
* no script, style sheet, font, picture or frame comes from another host: the site works
  offline (links *to* other sites, such as Binder's address, are fine);
* the lesson pages are exactly the notebooks of ``notebooks/`` (a page for every notebook,
  whatever its name, and no page without its notebook), and the navigation lists them in the
  curriculum's order;
* the browser course is in the site (``lite/``): every lesson that runs in the browser links
  to its notebook there, and the notebook a link opens (``lab/index.html?path=NAME``) is
  among the browser course's files (``files/NAME``); a lesson that does not run there links
  to none.

Prints what it checked and every problem; exits 1 if there is any. ``tests/browser/test_site.py``
then opens every page in Chromium.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from build_site import HTML, NOT_IN_BROWSER, PAGES, lessons, page_names  # noqa: E402

# the pages Sphinx makes beside the book's own: search, the index, the root's redirect
_SPHINX_PAGES = {"search", "genindex", "index"}

# the attributes that make the browser fetch something (a link's href only navigates)
_FETCHED = {("script", "src"), ("img", "src"), ("iframe", "src"), ("source", "src")}
_FETCHED_LINKS = {"stylesheet", "preload", "icon", "modulepreload", "prefetch"}


class Page(HTMLParser):
    """One page's ids, links and fetched resources."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.fetched: list[str] = []
        self.nav: list[str] = []
        self._in_nav = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for key in ("id", "name"):
            if values.get(key):
                self.ids.add(values[key])
        if tag == "nav" and "bd-docs-nav" in values.get("class", ""):
            self._in_nav = 1
        elif tag == "nav" and self._in_nav:
            self._in_nav += 1
        for name in ("href", "src"):
            if name not in values:
                continue
            target = values[name]
            rel = set(values.get("rel", "").split())
            if (tag, name) in _FETCHED or (tag == "link" and rel & _FETCHED_LINKS):
                self.fetched.append(target)
            self.links.append(target)
            if tag == "a" and self._in_nav:
                self.nav.append(target)

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav" and self._in_nav:
            self._in_nav -= 1


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def problems(root: Path = HTML) -> tuple[list[str], dict[str, int]]:
    """Every problem found in the site at ``root``, and counts of what was checked."""
    pages = {
        path: read(path)
        for path in sorted(root.rglob("*.html"))
        if "_static" not in path.relative_to(root).parts  # the theme's templates, not pages
    }
    found: list[str] = []
    counts = {"pages": len(pages), "internal links": 0, "resources": 0}
    for path, page in pages.items():
        where = path.relative_to(root)
        for target in page.fetched:
            counts["resources"] += 1
            if urlsplit(target).scheme in ("http", "https") or target.startswith("//"):
                found.append(f"{where}: fetches {target} from another host")
        for target in page.links:
            parts = urlsplit(target)
            if parts.scheme or target.startswith("//"):
                continue
            counts["internal links"] += 1
            file = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if file.is_dir():
                file = file / "index.html"
            if not file.is_file():
                found.append(f"{where}: {target} names no file of the site")
            elif parts.fragment and file.suffix == ".html":
                ids = pages[file].ids if file in pages else read(file).ids
                if unquote(parts.fragment) not in ids:
                    found.append(f"{where}: {target}: no id {parts.fragment!r} there")
            opened = parse_qs(parts.query).get("path", [])  # a notebook the browser course opens
            course = file.parent.parent  # lab/index.html of a JupyterLite site
            if (
                opened
                and file.parent.name == "lab"
                and not (course / "files" / opened[0]).is_file()
            ):
                found.append(f"{where}: {target} opens {opened[0]}, not in the browser course")
    found += lesson_problems(root, pages)
    return found, counts


def lesson_problems(root: Path, pages: dict[Path, Page]) -> list[str]:
    """A page per notebook and no other lesson page, the navigation in the curriculum's order."""
    paths = lessons()
    names = page_names(paths)
    found = [f"no page for lesson {n}" for n in names if root / f"{n}.html" not in pages]
    for path, name in zip(paths, names, strict=True):
        page = pages.get(root / f"{name}.html")
        into = [t for t in page.links if t.startswith("lite/lab/")] if page else []
        wanted = (
            [] if path.stem in NOT_IN_BROWSER else [f"lite/lab/index.html?path={quote(path.name)}"]
        )
        if page and into != wanted:
            found.append(f"{name}.html links to {into} in the browser course, not {wanted}")
    others = {*names, *PAGES, *_SPHINX_PAGES}
    found += [
        f"{path.relative_to(root)} is the page of no notebook"
        for path in pages
        if path.parent == root and path.stem not in others
    ]
    home = pages.get(root / "intro.html")
    if home is None:
        return [*found, "no home page (intro.html)"]
    listed = [Path(urlsplit(target).path).stem for target in home.nav]
    in_nav = [name for name in listed if name in names]
    if in_nav != names:
        found.append(f"the navigation lists {in_nav}, not the lessons in order {names}")
    return found


def main() -> int:
    if not HTML.is_dir():
        print(f"{HTML} is missing: run `make site` first", file=sys.stderr)
        return 1
    found, counts = problems()
    summary = ", ".join(f"{n} {what}" for what, n in counts.items())
    for problem in found:
        print(problem)
    print(f"check_site: {summary}: {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
