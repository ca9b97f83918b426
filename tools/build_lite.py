"""Build the course as a JupyterLite site: the lessons in the browser, nothing installed.

The site is a static folder (``build/lite``): copied to any web server, or served from a
laptop with ``make serve-lite``, it runs the lessons in a Python kernel inside the browser
(Pyodide, CPython compiled to WebAssembly). Everything the page loads is in the folder: the
build takes its pieces from PyPI and npm only, and the page asks no other host for anything.

    .venv/bin/python tools/build_lite.py            # make lite does this

The pieces, each pinned below:

* the JupyterLite application and its Pyodide kernel (``jupyterlite-core``,
  ``jupyterlite-pyodide-kernel``, and ``jupyterlab_widgets`` so that widgets draw), installed
  in their own environment by ``make lite``;
* the interpreter, from the npm package ``pyodide`` at the version the kernel names. The npm
  package has no wheels, so the pure-Python wheels the kernel needs at start (micropip,
  IPython, Jedi and what they import) are downloaded from PyPI at the exact versions of the
  interpreter's lock file. The lock file is cut down to those wheels, and their SHA-256 is
  written into it: the browser refuses a wheel whose hash differs, and a lock that lists
  packages the site does not have sends the kernel to fetch them from elsewhere;
* this package's own wheel and the pure-Python wheels the lessons import (ipywidgets and its
  ``comm``, networkx, …), added to the same lock and loaded when the kernel starts, so a
  lesson's first cell can ``import gametheory`` without any ``%pip``;
* the lessons (the executed ``.ipynb`` and ``lesson_checks``), as the site's files, and the
  Abapa endgame databases lesson 08c reads (:data:`ENDGAMES`), built here with numpy into the
  site's ``endgames`` folder: the browser's Python only reads them, found through the
  variable ``GAMETHEORY_ENDGAMES`` (``gametheory.files.SHIPPED``) set for the kernel.

Each build starts clean (an incremental JupyterLite build has been seen to drop a setting).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PYODIDE_VERSION = "314.0.6"  # jupyterlite-pyodide-kernel 0.8.6's PYODIDE_VERSION
PYODIDE_PYTHON = "3.14"
# what the kernel loads at start, with everything the lock says these depend on
KERNEL_START = ("micropip", "packaging", "ipython", "jedi")
# the pure-Python wheels the lessons import in the browser, beside this package
LESSON_WHEELS = (
    "comm==0.2.3",
    "ipywidgets==8.1.9",
    "jupyterlab_widgets==3.0.17",  # must match the build environment's, which draws the widgets
    "networkx==3.6.1",
    "platformdirs==4.14.9",
    "tqdm==4.70.1",  # the tournaments' progress bar (round_robin imports it)
)
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
# JupyterLab's settings for the site: the project's own (a saved notebook keeps its widgets'
# state), every cell drawn (no virtual scrolling, so a page is read whole), no news fetched
SETTINGS = {
    **json.loads((ROOT / "tools" / "jupyterlab-overrides.json").read_text()),
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}
# the endgame databases shipped with the site: (houses a side, seeds), as lesson 08c asks
ENDGAMES = ((6, 8), (2, 3))
ENDGAMES_FOLDER = "endgames"  # in the site's files, which the kernel finds under /drive
BROWSER_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

# The lessons that cannot run in the browser's Python (no numpy, matplotlib, scipy or
# threads there), with the reason, which their browser copy states at its top and the README
# lists. tests/test_without_numpy.py checks that each of them indeed needs what the reason
# names (its imports, or where they import, running it with those packages missing).
NOT_IN_BROWSER: dict[str, str] = {}


def not_in_browser_cell(reason: str) -> dict[str, object]:
    """The first cell of a lesson's browser copy when the lesson cannot run there."""
    return {
        "cell_type": "markdown",
        "id": "not-in-the-browser",
        "metadata": {},
        "source": (
            "> **This lesson does not run in the browser**: "
            f"{reason}, which the browser's Python (Pyodide) cannot load. "
            "Read it here with the outputs it had when it was run; to run it, open it in "
            "JupyterLab on a computer with the course installed (see the README)."
        ),
    }


def run(*command: str | Path, cwd: Path | None = None) -> None:
    """Run a command, echoing it; stop the build with its message if it fails."""
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True, cwd=cwd)


def sha256(path: Path) -> str:
    """The SHA-256 of a file, as the lock file writes it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_pyodide(cache: Path) -> Path:
    """The npm package ``pyodide`` unpacked in ``cache`` (downloaded once); its folder."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (folder / "pyodide-lock.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", cwd=cache)
        tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
        unpacked = cache / "unpacked"
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(tgz) as archive:
            archive.extractall(unpacked, filter="data")
        shutil.rmtree(folder, ignore_errors=True)
        (unpacked / "package").rename(folder)
    return folder


def closure(packages: dict[str, dict], names: tuple[str, ...]) -> list[str]:
    """The lock's keys of ``names`` and of everything they depend on, by the lock's ``depends``."""
    key = {k.lower().replace("_", "-"): k for k in packages}
    seen: list[str] = []
    todo = [n for n in names if n.lower().replace("_", "-") in key]
    while todo:
        name = key[todo.pop().lower().replace("_", "-")]
        if name not in seen:
            seen.append(name)
            todo.extend(packages[name]["depends"])
    return sorted(seen)


def pip_download(requirements: list[str], folder: Path) -> None:
    """Download pure-Python wheels for the browser's Python from PyPI (pip checks PyPI's hashes)."""
    folder.mkdir(parents=True, exist_ok=True)
    run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--no-deps",
        "--only-binary=:all:",
        "--python-version",
        PYODIDE_PYTHON,
        "--platform",
        "any",
        "-d",
        folder,
        *requirements,
    )


def top_level(wheel: Path) -> list[str]:
    """The names a wheel makes importable: its top-level packages and modules."""
    with zipfile.ZipFile(wheel) as archive:
        names = {n.split("/")[0] for n in archive.namelist() if ".dist-info/" not in n}
    return sorted(n.removesuffix(".py") for n in names if n.isidentifier() or n.endswith(".py"))


def wheel_entry(wheel: Path, name: str, imports: list[str], depends: list[str]) -> dict:
    """A lock-file entry for a pure-Python wheel served beside the interpreter."""
    version = wheel.name.split("-")[1]
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def lesson_files(target: Path) -> None:
    """The lessons as the site's files: every executed notebook and the lessons' checks; a
    lesson that cannot run in the browser says so, and why, in its first cell."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        content = json.loads(notebook.read_text(encoding="utf-8"))
        # the browser's kernel, so that opening a lesson starts it without asking
        content["metadata"]["kernelspec"] = BROWSER_KERNEL
        if notebook.stem in NOT_IN_BROWSER:
            content["cells"].insert(0, not_in_browser_cell(NOT_IN_BROWSER[notebook.stem]))
        (target / notebook.name).write_text(json.dumps(content, indent=1), encoding="utf-8")
    checks = target / "lesson_checks"
    shutil.copytree(
        ROOT / "notebooks" / "lesson_checks",
        checks,
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    endgame_files(target / ENDGAMES_FOLDER)


def endgame_files(target: Path) -> None:
    """The endgame databases of :data:`ENDGAMES`, built (with numpy, here) into ``target``
    under the names ``gametheory.files.endgame_database`` looks for."""
    sys.path.insert(0, str(ROOT))
    from gametheory.files import endgame_path, write_atomically
    from gametheory.games.abapa import Abapa
    from gametheory.games.abapa.endgame import EndgameDatabase

    target.mkdir(parents=True, exist_ok=True)
    for houses, seeds in ENDGAMES:
        game = Abapa(houses_per_side=houses)
        write_atomically(
            endgame_path(game, seeds, target), EndgameDatabase.build(game, seeds).to_bytes()
        )


def build(out: Path, work: Path, jupyter_lite: str) -> None:
    """Build the site into ``out`` (emptied first), using ``work`` for downloads."""
    pyodide = fetch_pyodide(work / "npm")
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    if not lock["info"]["python"].startswith(PYODIDE_PYTHON):
        raise SystemExit(
            f"pyodide {PYODIDE_VERSION} is Python {lock['info']['python']}, "
            f"not {PYODIDE_PYTHON}: update PYODIDE_PYTHON"
        )
    start = closure(lock["packages"], KERNEL_START)
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    pip_download(
        [f"{lock['packages'][k]['name']}=={lock['packages'][k]['version']}" for k in start],
        wheels / "kernel",
    )
    packages: dict[str, dict] = {}
    for key in start:
        entry = dict(lock["packages"][key])
        wheel = wheels / "kernel" / entry["file_name"]
        if not wheel.exists():
            raise SystemExit(
                f"PyPI's wheel of {key} is not named {entry['file_name']!r} "
                f"as pyodide's lock says: {sorted(p.name for p in wheels.glob('kernel/*'))}"
            )
        entry["sha256"] = sha256(wheel)
        packages[key] = entry
    # the lessons' own wheels, loaded when the kernel starts
    pip_download(list(LESSON_WHEELS), wheels / "lessons")
    run(
        sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels / "lessons", ROOT
    )
    own = []
    for wheel in sorted((wheels / "lessons").glob("*.whl")):
        key = wheel.name.split("-")[0].lower().replace("_", "-")
        imports = top_level(wheel)
        depends = ["traitlets", "ipython", "comm"] if key == "ipywidgets" else []
        packages[key] = wheel_entry(wheel, key, imports, depends)
        own.append(key)
    lock["packages"] = packages

    lite_dir = work / "lite_dir"
    shutil.rmtree(lite_dir, ignore_errors=True)
    static = lite_dir / "static" / "pyodide"
    static.mkdir(parents=True)
    for item in pyodide.iterdir():  # not the package's demo consoles, which load from CDNs
        if item.suffix not in (".map", ".html") and item.name not in ("package.json", "README.md"):
            shutil.copy2(item, static / item.name)
    for wheel in [*wheels.glob("kernel/*.whl"), *wheels.glob("lessons/*.whl")]:
        shutil.copy2(wheel, static / wheel.name)
    (static / "pyodide-lock.json").write_text(json.dumps(lock))
    shipped = {"GAMETHEORY_ENDGAMES": f"/drive/{ENDGAMES_FOLDER}"}  # gametheory.files.SHIPPED
    options = {"packages": own, "env": shipped}
    settings = {"disablePyPIFallback": True, "loadPyodideOptions": options}
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "gametheory",
            "exposeAppInBrowser": True,
            "litePluginSettings": {KERNEL_SETTINGS: settings},
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    (lite_dir / "overrides.json").write_text(json.dumps(SETTINGS, indent=2))
    lesson_files(work / "files")

    shutil.rmtree(out, ignore_errors=True)
    for stale in (lite_dir / ".jupyterlite.doit.db", lite_dir / ".cache"):
        if stale.is_dir():
            shutil.rmtree(stale)
        elif stale.exists():
            stale.unlink()
    run(
        jupyter_lite,
        "build",
        "--no-sourcemaps",
        "--lite-dir",
        lite_dir,
        "--contents",
        work / "files",
        "--output-dir",
        out.resolve(),
        cwd=lite_dir,
    )
    built = json.loads((out / "jupyter-lite.json").read_text())
    kernel = built["jupyter-config-data"]["litePluginSettings"][KERNEL_SETTINGS]
    if not kernel.get("pyodideUrl", "").startswith("./static/pyodide/"):
        raise SystemExit(
            f"the build did not point the kernel at the site's own interpreter: {kernel}"
        )
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(
        f"built {out} ({size / 1e6:.0f} MB): the lessons in the browser, Pyodide {PYODIDE_VERSION}, "
        f"{len(packages)} wheels in its lock"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "lite-work")
    parser.add_argument(
        "--jupyter-lite",
        default=str(ROOT / "build" / "lite-venv" / "bin" / "jupyter-lite"),
        help="the jupyter-lite command of the build environment (make lite installs it)",
    )
    args = parser.parse_args(argv)
    tool = args.jupyter_lite  # a path is taken from here: the build runs in another folder
    build(args.out, args.work, str(Path(tool).resolve()) if "/" in tool else tool)


if __name__ == "__main__":
    main()
