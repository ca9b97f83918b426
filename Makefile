# The README's two commands: `make lab` (a student's: the package and its notebooks extra) and
# `make test` (the dev tools besides). Each sets up .venv on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LAB_STAMP := $(VENV)/.lab-installed

LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

.PHONY: lite serve-lite test-lite lab test test-browser unit quick lint typecheck notebooks binder-check wheel-check bench site site-check serve-site handouts clean

# what a student needs: the package and its notebooks extra (no compiler, no system library)
$(LAB_STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks]'
	touch $(LAB_STAMP)

# the dev tools besides; the dev extra holds pycddlib (the oracle of the pure-Python vertex
# enumeration), which on Linux builds against cddlib and GMP (tools/system_packages.sh)
$(STAMP): pyproject.toml
	bash tools/system_packages.sh
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,notebooks]'
	touch $(STAMP)

# JupyterLab's defaults for this project: a saved notebook keeps its widgets' state, so that
# reopening it shows the widgets as they were instead of "Error displaying widget"
$(LAB_SETTINGS): tools/jupyterlab-overrides.json $(LAB_STAMP)
	mkdir -p $(dir $@)
	cp tools/jupyterlab-overrides.json $@

# The server's settings for this project (tools/jupyter_server_config.json): the file browser
# lists each lesson once, as its notebook (the paired .py sources, which Jupytext keeps in step
# and which would open as text, are hidden), and a notebook saved after its kernel is gone
# keeps its widgets' still pictures instead of views of models that no longer exist
# (gametheory/widgets/saved.py). As root (a container, a lab machine) Jupyter needs
# --allow-root to start.
SERVER_CONFIG := tools/jupyter_server_config.json

lab: $(LAB_STAMP) $(LAB_SETTINGS)
	$(BIN)/jupyter lab notebooks/ --config=$(SERVER_CONFIG) $$([ "$$(id -u)" = 0 ] && echo --allow-root)

test: lint typecheck unit notebooks binder-check

unit: $(STAMP)
	$(BIN)/python -m pytest

# the fast tier (under 2 minutes): everything but the tests marked slow (each says why)
quick: $(STAMP)
	$(BIN)/python -m pytest -m "not slow"

# every notebook and widget in JupyterLab in headless Chromium (Debian's chromium package;
# .ci/run installs it): a few minutes, so not part of `make test`; the site's pages are
# checked by make site-check
test-browser: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/python -m pytest -o addopts="" -q tests/browser --ignore=tests/browser/test_site.py

# ruff, and the import contract of pyproject.toml (the layers, games on core alone, no cycles)
lint: $(STAMP)
	$(BIN)/lint-imports --no-cache
	$(BIN)/ruff check gametheory notebooks/lesson_checks tests benchmarks tools
	$(BIN)/ruff format --check gametheory notebooks/lesson_checks tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

# runs every notebook in memory and compares its outputs with the stored ones (timings,
# addresses and cells tagged "varies" masked): fails on an error or a stale output
notebooks: $(STAMP)
	$(BIN)/python tools/check_notebooks.py

# the notebooks as mybinder.org would run them: a fresh environment from binder/ alone
binder-check:
	bash binder/check.sh

# the student's install: the wheel (py3-none-any, dependencies with wheels everywhere) in a
# fresh venv without cdd, and lessons 00-03x run there (tools/check_wheel.sh; a few minutes)
wheel-check:
	bash tools/check_wheel.sh

# the course website (Jupyter Book 1.x) from the stored notebooks, not re-executed, in
# build/site/_build/html; it needs no network to view (MathJax is vendored here by npm).
# The browser course (make lite) goes inside it as lite/, which each lesson page links to
SITE_STAMP := $(VENV)/.site-installed
LITE_SITE := build/lite/jupyter-lite.json
MATHJAX := build/site-vendor/node_modules/mathjax/es5/tex-svg-full.js

$(SITE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,notebooks,site]'
	touch $(SITE_STAMP)

$(MATHJAX):
	npm install --no-save --no-audit --no-fund --prefix build/site-vendor mathjax@3.2.2

site: $(SITE_STAMP) $(MATHJAX) $(LITE_SITE)
	$(BIN)/python tools/build_site.py

# the built site: links and offline (tools/check_site.py), then every page in headless
# Chromium with no console error, every picture shown, axe-core on every lesson page
site-check: site
	$(BIN)/python tools/check_site.py
	$(BIN)/python -m pytest -o addopts="" -q tests/browser/test_site.py

# the built site on http://127.0.0.1:8000 (Ctrl+C stops it): read it so, not from file://,
# where the browser refuses the search its excerpts. PORT=8001 make serve-site for another port
PORT ?= 8000
serve-site: site
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory build/site/_build/html

# every lesson as a printable PDF (A4, the site's print style, page numbers), in
# build/site/handouts: for students, hints and solutions left out; SOLUTIONS=1 for the
# teacher, every hint and solution printed open (in build/site/handouts/teacher)
handouts: site
	$(BIN)/python tools/handouts.py $(if $(SOLUTIONS),--solutions)

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build/site build/site-vendor

# the course in the browser, nothing installed (JupyterLite with the Pyodide kernel), in
# build/lite: a static folder to copy to any web server. Its build tools live in their own
# environment, pinned (tools/build_lite.py says what comes from where); it needs npm
LITE_VENV := build/lite-venv
LITE_STAMP := $(LITE_VENV)/.installed

$(LITE_STAMP): tools/lite-requirements.txt
	test -d $(LITE_VENV) || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet -r tools/lite-requirements.txt
	touch $(LITE_STAMP)

lite: $(STAMP) $(LITE_STAMP)
	$(BIN)/python tools/build_lite.py --jupyter-lite $(LITE_VENV)/bin/jupyter-lite

# the same, for make site: built again only when the package, the lessons or the build changed
$(LITE_SITE): $(STAMP) $(LITE_STAMP) tools/build_lite.py $(wildcard notebooks/*.ipynb) \
		$(shell find gametheory notebooks/lesson_checks -name '*.py')
	$(BIN)/python tools/build_lite.py --jupyter-lite $(LITE_VENV)/bin/jupyter-lite

# the built site on http://127.0.0.1:8001 (a service worker and the kernel need http, not file://)
serve-lite: lite
	$(BIN)/python -m http.server 8001 --bind 127.0.0.1 --directory build/lite

# lessons run in the browser's kernel in headless Chromium, every other host refused
test-lite: lite
	$(BIN)/python -m pytest -o addopts="" -q tests/lite
