# The README's two commands: `make lab` and `make test`. Each sets up .venv on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

.PHONY: lab test test-browser unit lint typecheck notebooks binder-check bench clean

$(STAMP): pyproject.toml
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
# .ci/run installs it): a few minutes, so not part of `make test`
test-browser: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/python -m pytest -o addopts="" -q tests/browser

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

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
