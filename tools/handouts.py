"""Printable handouts: each lesson page of the built site as a PDF, ``make handouts``.

The site (``make site``) is served on 127.0.0.1 and every lesson page is printed by Debian's
headless Chromium (``/usr/bin/chromium``, driven by playwright; nothing is downloaded) with
the theme's own print style: the navigation and the side bars are left out, the text and the
pictures kept, on A4 with the page backgrounds (the pictures' fills) printed. The PDFs go to
``build/site/handouts/NN_name.pdf``; the script prints each one's pages and size.

To look at one as a teacher would: ``pdftoppm -png -r 60 build/site/handouts/07_alpha_beta.pdf
/tmp/page`` gives a PNG per page.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_site import BUILD, HTML, ROOT, lessons, serve  # noqa: E402

HANDOUTS = BUILD / "handouts"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def pages_of(pdf: bytes) -> int:
    """How many pages a PDF has (its ``/Type /Page`` objects)."""
    return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


def print_handouts(browser: Browser, url: str, names: list[str]) -> list[Path]:
    """Print the lessons whose names start with one of ``names`` (all when empty) from the
    site at ``url``; return the PDFs written."""
    HANDOUTS.mkdir(parents=True, exist_ok=True)
    chosen = [p.stem for p in lessons() if not names or p.stem.startswith(tuple(names))]
    margin = {side: "14mm" for side in ("top", "bottom", "left", "right")}
    written = []
    page = browser.new_page()
    for name in chosen:
        page.goto(f"{url}/{name}.html", wait_until="networkidle")
        page.emulate_media(media="print")
        pdf = page.pdf(format="A4", print_background=True, margin=margin)
        target = HANDOUTS / f"{name}.pdf"
        target.write_bytes(pdf)
        written.append(target)
        print(f"{target.relative_to(ROOT)}: {pages_of(pdf)} pages, {len(pdf) / 1e6:.1f} MB")
    page.close()
    return written


def main(names: list[str]) -> int:
    if not (HTML / "intro.html").is_file():
        print(f"{HTML} has no site: run `make site` first", file=sys.stderr)
        return 1
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    with serve(HTML) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        print_handouts(browser, url, names)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
