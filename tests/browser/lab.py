"""A JupyterLab server and a headless Chromium for the browser test, and a notebook page.

:class:`JupyterLab` starts ``jupyter lab`` from this project's environment on a free port of
127.0.0.1, with a token, on a copy of ``notebooks/`` in a temporary folder (the test runs and
saves notebooks; the repository's files stay as they are), and with its own Jupyter data,
runtime, settings and workspace folders, so it sees a notebook as a reader fresh from the
repository does: untrusted. It reads the project's JupyterLab defaults from this
environment (``make lab`` and ``make test-browser`` install them) and the server's settings
from ``tools/jupyter_server_config.json``, as ``make lab`` does, and adds two settings of
its own: every cell is kept in the page (``windowingMode: none``), so that what the test
reads is what the notebook holds, and no news is fetched.

:func:`chromium` launches Debian's Chromium (``/usr/bin/chromium``) through playwright;
nothing is downloaded. :class:`NotebookPage` is one browser tab on one notebook (in
JupyterLab or in Notebook 7), with the few things the test does there: read the outputs, run
all cells from the menu, click a widget's control by its CSS class, wait for a text, take a
screenshot.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SHOTS = Path(os.environ.get("BROWSER_SHOTS", "/tmp/browser-shots"))
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TEST_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}
PROJECT_SETTINGS = ROOT / "tools" / "jupyterlab-overrides.json"
SERVER_CONFIG = ROOT / "tools" / "jupyter_server_config.json"
WAIT = 120_000  # milliseconds: the longest any step may take on a slow, shared machine


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class JupyterLab:
    """``jupyter lab`` on a copy of the notebooks; use as a context manager. The same server
    serves Notebook 7's pages (``/notebooks/…``) when the ``notebook`` package is installed."""

    def __init__(self) -> None:
        self._check_project_settings()
        self.home = Path(tempfile.mkdtemp(prefix="gametheory-browser-"))
        self.root = self.home / "notebooks"
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def _check_project_settings() -> None:
        installed = Path(sys.prefix) / "share/jupyter/lab/settings/overrides.json"
        wanted = json.loads(PROJECT_SETTINGS.read_text())
        if not installed.exists() or json.loads(installed.read_text()) != wanted:
            raise RuntimeError(
                f"JupyterLab's project defaults are not installed in {installed}: run "
                "`make test-browser` (or `make lab` once), which copies "
                f"{PROJECT_SETTINGS.relative_to(ROOT)} there"
            )

    def __enter__(self) -> JupyterLab:
        shutil.copytree(NOTEBOOKS, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        env = dict(os.environ)
        for variable, folder in (
            ("JUPYTER_DATA_DIR", "data"),
            ("JUPYTER_CONFIG_DIR", "config"),
            ("JUPYTER_RUNTIME_DIR", "runtime"),
            ("JUPYTERLAB_SETTINGS_DIR", "settings"),
            ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ):
            env[variable] = str(self.home / folder)
        for name, values in TEST_SETTINGS.items():
            path = self.home / "settings" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        command = [
            str(Path(sys.executable).with_name("jupyter")),
            "lab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True",
            "--JupyterNotebookApp.expose_app_in_browser=True",
            f"--config={SERVER_CONFIG}",  # as `make lab` starts it
        ]
        if os.geteuid() == 0:
            command.append("--allow-root")
        self.log = (self.home / "jupyterlab.log").open("wb")
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + WAIT / 1000
        while True:
            try:
                self.api("GET", "/api/status")
                return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.__exit__(None, None, None)
                    log = (self.home / "jupyterlab.log").read_text(errors="replace")
                    raise RuntimeError(f"JupyterLab did not start:\n{log[-3000:]}") from None
                time.sleep(0.3)

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
        self.log.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def api(self, method: str, path: str) -> Any:
        """Call JupyterLab's REST API on this server."""
        request = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def shut_down(self, name: str | None = None) -> None:
        """End the kernel of notebook ``name`` (every kernel if None): a closed tab leaves its
        kernel running."""
        for session in self.api("GET", "/api/sessions"):
            if name is None or session["path"] == name:
                self.api("DELETE", f"/api/sessions/{session['id']}")

    def stored(self, name: str) -> dict[str, Any]:
        """The notebook ``name`` as it is now on disk in the server's folder."""
        return dict(json.loads((self.root / name).read_text(encoding="utf-8")))


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium, driven by playwright."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


KERNEL_IDLE = """() => {
    const kernel = window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel;
    return kernel?.status === 'idle' && kernel?.connectionStatus === 'connected';
}"""
_PROMPTS = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .map(prompt => prompt.textContent)"""
# Count the execute requests the page sends to its kernel and the replies it gets (a cell that
# is not run because an earlier one failed gets a reply too: "aborted"). Counting cannot miss
# a run however fast it is, which watching for a passing [*] can.
_COUNT_RUNS = """() => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const runs = {sent: 0, replied: 0};
    kernel.anyMessage.connect((_, message) => {
        const type = message.msg.header.msg_type;
        if (message.direction === 'send' && type === 'execute_request') runs.sent += 1;
        if (message.direction === 'recv' && type === 'execute_reply') runs.replied += 1;
    });
    window.gtRuns = runs;
}"""
_SENT = "() => window.gtRuns.sent > 0"
_ALL_RAN = f"""() => window.gtRuns.sent > 0 && window.gtRuns.replied === window.gtRuns.sent
    && !({_PROMPTS})().some(p => p.includes('*'))"""
# Count the saves the page starts from now on and those still being written. Waiting for the
# notebook to be "not changed" can end before the file is written: a notebook autosaved a
# moment ago is not changed either. (The end of a save started before counting is ignored.)
_COUNT_SAVES = """() => {
    const saves = {started: 0, writing: 0, failed: 0};
    window.jupyterapp.shell.currentWidget.context.saveState.connect((_, state) => {
        if (state === 'started') {
            saves.started += 1;
            saves.writing += 1;
        } else if (saves.writing > 0) {
            saves.writing -= 1;
            if (state === 'failed') saves.failed += 1;
        }
    });
    window.gtSaves = saves;
}"""
_SAVED = "() => window.gtSaves.started > 0 && window.gtSaves.writing === 0"
POLL = 100  # milliseconds between two looks at the page (not tied to the page's painting)


FRONT_ENDS = {
    "lab": "/lab/tree/{name}?reset&token={token}",  # JupyterLab 4
    "notebook": "/notebooks/{name}?token={token}",  # Notebook 7, served by the same server
    "lite": "/lab/index.html?path={name}",  # the JupyterLite site (tests/lite)
}


class NotebookPage:
    """A browser tab showing one notebook of ``lab``, in JupyterLab or in Notebook 7 (``ui``
    is ``"lab"`` or ``"notebook"``; both are built on the same notebook widgets, so the page
    is read the same way)."""

    def __init__(
        self,
        lab: JupyterLab,
        browser: Browser,
        name: str,
        ui: str = "lab",
        size: tuple[int, int] = (1280, 1000),
    ) -> None:
        if ui not in FRONT_ENDS:
            raise ValueError(f"ui={ui!r}: choose one of {', '.join(FRONT_ENDS)}")
        self.lab, self.name, self.ui = lab, name, ui
        width, height = size  # the browser window's inside, in CSS pixels
        self.page: Page = browser.new_page(viewport={"width": width, "height": height})
        self.console_errors: list[str] = []
        self.page.on(
            "console",
            lambda message: (
                self.console_errors.append(message.text) if message.type == "error" else None
            ),
        )
        self.open()

    def open(self) -> None:
        """Load the front end with only this notebook open, and wait for its kernel."""
        with self._explained("open"):
            path = FRONT_ENDS[self.ui].format(name=self.name, token=self.lab.token)
            self.page.goto(self.lab.url + path)
            self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=WAIT)
            self.page.wait_for_function(KERNEL_IDLE, timeout=WAIT)

    @contextmanager
    def _explained(self, what: str) -> Iterator[None]:
        """On a failure, keep a screenshot of the page and add what the page and the server
        said to the error: a dialog, a console error, a line of JupyterLab's log."""
        try:
            yield
        except Exception as error:
            log = (self.lab.home / "jupyterlab.log").read_text(errors="replace")[-2000:]
            try:
                shot = self.screenshot(f"failed-{what.replace(' ', '-')}-{Path(self.name).stem}")
                dialogs = self.page.locator(".jp-Dialog").all_inner_texts()
                runs = self.page.evaluate("() => window.gtRuns ?? null")
                page = (
                    f"({shot})\ndialogs: {dialogs}\nexecute requests sent and answered: "
                    f"{runs}; prompts: {self.page.evaluate(_PROMPTS)}"
                )
            except Exception as unreadable:  # the page itself is gone
                page = f"(the page could not be read: {unreadable})"
            raise AssertionError(
                f"could not {what} {self.name}: {error}\n{page}\n"
                f"console errors: {self.console_errors[-5:]}\nJupyterLab's log:\n{log}"
            ) from error

    def close(self) -> None:
        self.page.close()

    # -- reading ------------------------------------------------------------------------
    def outputs(self) -> Locator:
        return self.page.locator(".jp-OutputArea-output")

    def error_outputs(self) -> list[str]:
        """The text of every error or stderr output shown."""
        errors = self.page.locator(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
        )
        return [errors.nth(i).inner_text()[:2000] for i in range(errors.count())]

    def widget_errors(self) -> int:
        return self.page.get_by_text("Error displaying widget").count()

    def pictures(self) -> list[dict[str, Any]]:
        """Every picture in an output: its kind, and whether the browser could draw it."""
        return list(
            self.page.evaluate(
                """() => [...document.querySelectorAll(
                    `.jp-OutputArea-output img, .jp-OutputArea-output svg`)]
                    .filter(e => !e.closest('.jupyter-widgets') && !e.closest('button'))
                    .map(e => ({tag: e.tagName.toLowerCase(),
                                drawn: e.tagName.toLowerCase() === 'img'
                                    ? e.complete && e.naturalWidth > 0
                                    : e.getBoundingClientRect().width > 0}))"""
            )
        )

    def dirty(self) -> bool:
        """Whether the front end marks the notebook as changed since it was opened or saved."""
        return bool(
            self.page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")
        )

    def code_cells(self) -> int:
        return self.page.locator(".jp-CodeCell").count()

    def text(self, css: str) -> str:
        return self.page.locator(css).first.inner_text()

    # -- doing --------------------------------------------------------------------------
    def run_all(self) -> float:
        """Run every cell from the Run menu; wait until all have run; return the seconds."""
        with self._explained("run all cells of"):
            self.page.evaluate(_COUNT_RUNS)
            start = time.monotonic()
            for attempt in (1, 2):
                self.page.get_by_role("menuitem", name="Run", exact=True).click()
                self.page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
                try:
                    self.page.wait_for_function(_SENT, polling=POLL, timeout=30_000)
                    break
                except PlaywrightTimeoutError:
                    # nothing sent in 30 s: the click was lost (a student clicks again)
                    if attempt == 2:
                        raise
                    warnings.warn(f"{self.name}: Run All ran nothing; clicked again", stacklevel=2)
                    self.page.keyboard.press("Escape")  # a menu left open closes
            # every request answered and no cell waiting ([*]): all have run
            self.page.wait_for_function(_ALL_RAN, polling=POLL, timeout=WAIT * 3)
            self.page.wait_for_function(KERNEL_IDLE, polling=POLL, timeout=WAIT)
            seconds = time.monotonic() - start
            sent, cells = self.page.evaluate("() => window.gtRuns.sent"), self.code_cells()
            assert sent == cells, f"{sent} cells were run of the {cells} code cells"
            return seconds

    def control(self, css_class: str, text: str | None = None) -> Locator:
        """The (first) widget control with the CSS class, and with this exact text if given."""
        found = self.page.locator(f".{css_class}")
        if text is not None:
            found = found.filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))
        return found.first

    def click(self, css_class: str, text: str | None = None) -> None:
        self.control(css_class, text).click()

    def choose(self, css_class: str, label: str) -> None:
        """Pick ``label`` in the dropdown menu with the CSS class."""
        self.control(css_class).locator("select").select_option(label=label)

    def wait_for_text(self, css_class: str, pattern: str) -> str:
        """Wait until the control's text matches the regular expression; return the text."""
        self.page.wait_for_function(
            """([css, pattern]) => {
                const node = document.querySelector(css);
                return node !== null && new RegExp(pattern).test(node.innerText);
            }""",
            arg=[f".{css_class}", pattern],
            timeout=WAIT,
        )
        return self.text(f".{css_class}")

    def frame(self, button: str, watched: str) -> float:
        """Click the control with CSS class ``button`` and return the milliseconds until the
        control ``watched`` shows something new and the browser has painted it."""
        return float(
            self.page.evaluate(
                """async ([button, watched]) => {
                    const target = document.querySelector(watched);
                    const before = target.innerText;
                    const start = performance.now();
                    const changed = new Promise(resolve => {
                        const observer = new MutationObserver(() => {
                            if (target.innerText !== before) {
                                observer.disconnect();
                                resolve();
                            }
                        });
                        observer.observe(target, {subtree: true, childList: true,
                                                  characterData: true});
                    });
                    document.querySelector(button).click();
                    await changed;
                    await new Promise(painted => requestAnimationFrame(() => setTimeout(painted)));
                    return performance.now() - start;
                }""",
                [f".{button}", f".{watched}"],
            )
        )

    def save(self) -> None:
        """Save with Ctrl+S; wait until it, and any save started meanwhile, is written."""
        with self._explained("save"):
            self.page.evaluate(_COUNT_SAVES)
            self.page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
            self.page.keyboard.press("Control+s")
            self.page.wait_for_function(_SAVED, polling=POLL, timeout=WAIT)
            assert self.page.evaluate("() => window.gtSaves.failed") == 0, "a save failed"

    def screenshot(self, name: str, locator: Locator | None = None) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        if locator is None:
            self.page.screenshot(path=str(path))
        else:
            locator.scroll_into_view_if_needed()
            locator.screenshot(path=str(path))
        return path
