"""Printable handouts: each lesson page of the built site as a PDF, ``make handouts``.

The site (``make site``) is served on 127.0.0.1 and every lesson page is printed by Debian's
headless Chromium (``/usr/bin/chromium``, driven by playwright; nothing is downloaded) with
the site's print style (``site/_vendor/handout.css``): the navigation and the side bars left
out, the text and the pictures kept, a heading never the last line of a page, a code box
never split from its code; on A4 with the page backgrounds (the pictures' fills) printed, and
the lesson's name and "page n of N" at the foot of every page.

Two kinds, as a course needs them:

* for students (``make handouts``, the default): the hints and the solutions are left out
  (the ``<details>`` blocks, the cells tagged ``solution``), and so are the "Show code cell
  source" switches of the cells whose code is hidden (their outputs stay);
* for the teacher (``make handouts SOLUTIONS=1``, ``--solutions``): every hint, solution
  and hidden code printed open.

The PDFs go to ``build/site/handouts/NN_name.pdf`` (students) or
``build/site/handouts/teacher/NN_name.pdf``; the script prints each one's pages and size.

    .venv/bin/python tools/handouts.py [--solutions] [NAME-PREFIX ...]

To look at one as a teacher would: ``pdftoppm -png -r 60 build/site/handouts/07_alpha_beta.pdf
/tmp/page`` gives a PNG per page.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_site import BUILD, HTML, ROOT, lessons, page_name, serve  # noqa: E402

HANDOUTS = BUILD / "handouts"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]

# what a student's handout leaves out: the solutions' cells, then every toggle that is left
# (hints and solutions in the text, the switches of hidden code whose output stays)
_FOR_STUDENTS = """() => {
  document.querySelectorAll('main .cell.tag_solution').forEach(cell => cell.remove());
  document.querySelectorAll('main details').forEach(box => box.remove());
}"""
# a teacher's handout: every toggle open (shown at once, not faded in), its switch printed as
# a plain heading
_FOR_TEACHERS = """() => {
  document.querySelectorAll('main details').forEach(box => { box.open = true; });
  const style = document.createElement('style');
  style.textContent = `main details * { animation: none !important; }
    main details > summary { list-style: none; font-weight: bold; }
    main details > summary::-webkit-details-marker { display: none; }
    main details > summary p.admonition-title { display: none !important; }
    main details.hide > summary::after { content: "The hidden code:"; font-style: italic; }`;
  document.head.appendChild(style);
}"""
_FOOTER = (
    '<div style="font-size:8px;color:#555;width:100%;padding:0 14mm;'
    'display:flex;justify-content:space-between"><span class="title"></span>'
    '<span>page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>'
)


def pages_of(pdf: bytes) -> int:
    """How many pages a PDF has (its ``/Type /Page`` objects)."""
    return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


def prepare(page: Page, solutions: bool) -> None:
    """Make the open page a handout: for the teacher (``solutions``) or for students."""
    page.evaluate(_FOR_TEACHERS if solutions else _FOR_STUDENTS)


def print_handouts(
    browser: Browser, url: str, names: list[str], solutions: bool = False
) -> list[Path]:
    """Print the lessons whose names start with one of ``names`` (all when empty) from the
    site at ``url``, for students or, with ``solutions``, for the teacher; return the PDFs
    written."""
    folder = HANDOUTS / "teacher" if solutions else HANDOUTS
    folder.mkdir(parents=True, exist_ok=True)
    chosen = [page_name(p) for p in lessons() if not names or p.stem.startswith(tuple(names))]
    margin = {"top": "14mm", "bottom": "18mm", "left": "14mm", "right": "14mm"}
    written = []
    page = browser.new_page()
    for name in chosen:
        page.goto(f"{url}/{name}.html", wait_until="networkidle")
        page.emulate_media(media="print")
        prepare(page, solutions)
        pdf = page.pdf(
            format="A4",
            print_background=True,
            margin=margin,
            display_header_footer=True,
            header_template="<div></div>",
            footer_template=_FOOTER,
        )
        target = folder / f"{name}.pdf"
        target.write_bytes(pdf)
        written.append(target)
        print(f"{target.relative_to(ROOT)}: {pages_of(pdf)} pages, {len(pdf) / 1e6:.1f} MB")
    page.close()
    return written


def main(arguments: list[str]) -> int:
    solutions = "--solutions" in arguments
    names = [a for a in arguments if a != "--solutions"]
    if not (HTML / "intro.html").is_file():
        print(f"{HTML} has no site: run `make site` first", file=sys.stderr)
        return 1
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    with serve(HTML) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        print_handouts(browser, url, names, solutions)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
