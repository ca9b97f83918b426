#!/usr/bin/env bash
# The student's install, proved (issue 34; called by .ci/run):
#  1. build the sdist and the wheel (python -m build), and the wheel must be py3-none-any;
#  2. every required dependency must have wheels for Windows, macOS and Linux, and so must
#     the notebooks extra's: pip resolves the wheel's requirements for each platform with
#     --only-binary=:all: (metadata only; pip judges environment markers by this machine);
#  3. install the wheel with its notebooks extra into a fresh venv where nothing may be
#     compiled (--only-binary=:all:, CC=false) and `import cdd` fails (a .pth file that
#     refuses it, as sitecustomize would), copy the lessons out with
#     `python -m gametheory lessons`, and run lessons 00, 02, 03a, 03b and 03x there with
#     tools/check_notebooks.py: their stored outputs must come out unchanged.
# Usage: bash tools/check_wheel.sh [PYTHON]   (default python3; the venv is made with it)
set -euo pipefail
unset PYTHONPATH  # the installed package only, never the checkout
cd "$(dirname "$0")/.."
repo=$(pwd)
PYTHON=${1:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say() { printf '\n== %s\n' "$*"; }

say "building the sdist and the wheel"
"$PYTHON" -m venv "$work/builder"
"$work/builder/bin/python" -m pip install --quiet build
"$work/builder/bin/python" -m build --outdir "$work/dist" . >"$work/build.log" 2>&1 \
  || { tail -30 "$work/build.log"; exit 1; }
rm -rf build gametheory_course.egg-info
wheel=$(ls "$work"/dist/*.whl)
case "$(basename "$wheel")" in
  *-py3-none-any.whl) echo "ok: $(basename "$wheel")" ;;
  *) echo "FAIL: $(basename "$wheel") is not a pure-Python wheel (py3-none-any)"; exit 1 ;;
esac
lessons=$(unzip -l "$wheel" | grep -c 'gametheory/_lessons/.*\.ipynb' || true)
[ "$lessons" -ge 20 ] || { echo "FAIL: the wheel holds $lessons lessons"; exit 1; }
tar tzf "$work"/dist/*.tar.gz >"$work/sdist.txt"
grep -q 'notebooks/00_start_here.ipynb' "$work/sdist.txt" \
  || { echo "FAIL: the sdist has no lessons"; exit 1; }
echo "ok: $lessons lessons in the wheel, and in the sdist"

say "wheels for every required dependency, on every platform"
# pip takes a platform's tags as given: Linux lists the manylinux tags a wheel may carry. The
# required dependencies first, then with the notebooks extra (what a student installs).
for what in "" "[notebooks]"; do
  for platform in win_amd64 macosx_14_0_arm64 macosx_14_0_x86_64 manylinux_2_28_x86_64; do
    tags=(--platform "$platform")
    [ "$platform" = manylinux_2_28_x86_64 ] \
      && tags+=(--platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64)
    "$work/builder/bin/python" -m pip install --quiet --dry-run --ignore-installed \
      --only-binary=:all: "${tags[@]}" --python-version 3.12 --implementation cp \
      --target "$work/target-$platform" --report "$work/$platform.json" "$wheel$what" \
      2>"$work/$platform.log" || { grep -v WARNING "$work/$platform.log" | tail -5;
        echo "FAIL: a dependency of gametheory-course$what has no wheel for $platform"; exit 1; }
    count=$("$PYTHON" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["install"]))' \
      "$work/$platform.json")
    echo "ok: gametheory-course$what on $platform: $count packages, all as wheels"
  done
done

say "a fresh venv: no compiler, no cdd"
cd "$work"  # from here on nothing of the repository is on the path
"$PYTHON" -m venv "$work/student"
student="$work/student/bin/python"
site=$("$student" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
cat >"$site/_refuse_cdd.py" <<'PY'
"""`import cdd` fails in this environment: the lessons must not need pycddlib."""
import sys


class RefuseCdd:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "cdd" or name.startswith("cdd."):
            raise ImportError(f"{name} is refused here (tools/check_wheel.sh)")
        return None


sys.meta_path.insert(0, RefuseCdd)
PY
echo "import _refuse_cdd" >"$site/_refuse_cdd.pth"
CC=false CXX=false "$student" -m pip install --quiet --only-binary=:all: "$wheel[notebooks]" \
  2>&1 | grep -v "^WARNING: Location" || true
"$student" -c 'import gametheory' || { echo "FAIL: the wheel did not install"; exit 1; }
if "$student" -c 'import cdd' 2>/dev/null; then echo "FAIL: cdd imports"; exit 1; fi
"$student" - <<'PY'
import importlib.metadata as metadata
import sys

import gametheory
from gametheory.theory.normal_form import NormalFormGame

assert gametheory.__file__.startswith(sys.prefix), gametheory.__file__
owners = metadata.packages_distributions().get("gametheory")
assert owners == ["gametheory-course"], f"the module gametheory comes from {owners}"
game = NormalFormGame([[1, 1], [0, 2]], [[1, 1], [2, 0]])
assert len(game.nash_equilibria()) == 2 and game.is_degenerate()
print("ok: gametheory from the wheel alone (", len(metadata.packages_distributions()),
      "top-level modules installed, gametheory-course alone ships gametheory);",
      "equilibria without cdd")
PY

say "lessons 00, 02, 03a, 03b and 03x in that venv, outputs unchanged"
"$student" -m gametheory lessons "$work/lessons"
# the checker's own tools (not the student's): it runs the notebooks and stores pictures as PNG too
"$student" -m pip install --quiet --only-binary=:all: nbclient cairosvg 2>&1 | grep -v "^WARNING: Location" || true
JUPYTER_DATA_DIR="$work/jupyter" GAMETHEORY_NOTEBOOKS="$work/lessons" \
  "$student" "$repo/tools/check_notebooks.py" 00 02 03a 03b 03x
