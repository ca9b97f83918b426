#!/usr/bin/env bash
# Check the notebooks as Binder would: a fresh virtual environment built only from binder/'s
# files (plus the test runner), then every notebook executed top to bottom.
set -euo pipefail
cd "$(dirname "$0")/.."
env_dir=$(mktemp -d)/binder-venv
trap 'rm -rf "$(dirname "$env_dir")"' EXIT
python3 -m venv "$env_dir"
"$env_dir/bin/python" -m pip install --quiet --upgrade pip
"$env_dir/bin/python" -m pip install --quiet -r binder/requirements.txt
PATH="$env_dir/bin:$PATH" bash binder/postBuild >/dev/null
# the test runner is not part of Binder's environment; it only executes the notebooks
"$env_dir/bin/python" -m pip install --quiet pytest nbmake ipykernel
"$env_dir/bin/python" -m pytest -p no:cacheprovider -o addopts="" --nbmake --nbmake-timeout=120 -q notebooks/*.ipynb
