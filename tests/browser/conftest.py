"""One JupyterLab server and one Chromium for the whole browser test; notebooks kept open."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser.lab import JupyterLab, NotebookPage, chromium


@pytest.fixture(scope="session")
def lab() -> Iterator[JupyterLab]:
    with JupyterLab() as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


class Notebooks:
    """The notebooks the widget tests work on, opened and run once, kept open."""

    def __init__(self, lab: JupyterLab, browser: Browser) -> None:
        self.lab, self.browser = lab, browser
        self.pages: dict[str, NotebookPage] = {}

    def keep(self, page: NotebookPage) -> None:
        self.pages[page.name] = page

    def ran(self, name: str) -> NotebookPage:
        """The notebook ``name``, open and run (once) in its own tab."""
        if name not in self.pages:
            page = NotebookPage(self.lab, self.browser, name)
            page.run_all()
            self.pages[name] = page
        return self.pages[name]

    def forget(self, name: str) -> None:
        page = self.pages.pop(name, None)
        if page is not None:
            page.close()
        self.lab.shut_down(name)


@pytest.fixture(scope="session")
def notebooks(lab: JupyterLab, browser: Browser) -> Iterator[Notebooks]:
    kept = Notebooks(lab, browser)
    yield kept
    for name in list(kept.pages):
        kept.forget(name)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The notebooks' own test first: it opens each notebook as the repository holds it, so
    it must come before the tests that open, run and keep the widget notebooks (axe-core's,
    through :class:`Notebooks`); within each file the order stays as written."""
    items.sort(key=lambda item: item.path.name != "test_notebooks_in_browser.py")
