# The README's two commands: `make lab` and `make test`. Each sets up .venv on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

.PHONY: lite serve-lite test-lite lab test test-browser unit lint typecheck notebooks binder-check bench site site-check handouts clean

$(STAMP): pyproject.toml
	bash tools/system_packages.sh
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,notebooks]'
	touch $(STAMP)

# JupyterLab's defaults for this project: a saved notebook keeps its widgets' state, so that
# reopening it shows the widgets as they were instead of "Error displaying widget"
$(LAB_SETTINGS): tools/jupyterlab-overrides.json $(STAMP)
	mkdir -p $(dir $@)
	cp tools/jupyterlab-overrides.json $@

# The server's settings for this project (tools/jupyter_server_config.json): the file browser
# lists each lesson once, as its notebook (the paired .py sources, which Jupytext keeps in step
# and which would open as text, are hidden), and a notebook saved after its kernel is gone
# keeps its widgets' still pictures instead of views of models that no longer exist
# (gametheory/widgets/saved.py). As root (a container, a lab machine) Jupyter needs
# --allow-root to start.
SERVER_CONFIG := tools/jupyter_server_config.json

lab: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/jupyter lab notebooks/ --config=$(SERVER_CONFIG) $$([ "$$(id -u)" = 0 ] && echo --allow-root)

test: lint typecheck unit notebooks binder-check

unit: $(STAMP)
	$(BIN)/python -m pytest

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

# the course website (Jupyter Book 1.x) from the stored notebooks, not re-executed, in
# build/site/_build/html; it needs no network to view (MathJax is vendored here by npm)
SITE_STAMP := $(VENV)/.site-installed
MATHJAX := build/site-vendor/node_modules/mathjax/es5/tex-svg-full.js

$(SITE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,notebooks,site]'
	touch $(SITE_STAMP)

$(MATHJAX):
	npm install --no-save --no-audit --no-fund --prefix build/site-vendor mathjax@3.2.2

site: $(SITE_STAMP) $(MATHJAX)
	$(BIN)/python tools/build_site.py

# the built site: links and offline (tools/check_site.py), then every page in headless
# Chromium with no console error, every picture shown, axe-core on every lesson page
site-check: site
	$(BIN)/python tools/check_site.py
	$(BIN)/python -m pytest -o addopts="" -q tests/browser/test_site.py

# every lesson as a printable PDF (A4, the site's print style), in build/site/handouts
handouts: site
	$(BIN)/python tools/handouts.py

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

# the built site on http://127.0.0.1:8001 (a service worker and the kernel need http, not file://)
serve-lite: lite
	$(BIN)/python -m http.server 8001 --bind 127.0.0.1 --directory build/lite

# lessons run in the browser's kernel in headless Chromium, every other host refused
test-lite: lite
	$(BIN)/python -m pytest -o addopts="" -q tests/lite
