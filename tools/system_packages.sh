#!/usr/bin/env bash
# The system libraries that pip cannot install, for the optional pycddlib only (the `cdd`
# extra: vertex enumeration in C for games beyond 10 x 10, and the dev extra's oracle for the
# pure-Python one): on macOS and Linux it builds against cddlib and GMP. A student's install
# (`make lab`, `pip install gametheory-course[notebooks]`) needs none of this.
# Called by the Makefile before `make test`'s first `pip install`; installs them with apt-get
# where that is possible (Debian or Ubuntu, as root or with sudo), else says what to install.
set -euo pipefail
found() { compgen -G "$1" >/dev/null; }
# Debian and Fedora put headers in /usr/include, Homebrew in /usr/local or /opt/homebrew
if { found "/usr/include/cdd*/cdd.h" || found "/usr/local/include/cdd*/cdd.h" \
     || found "/usr/local/include/cdd.h" || found "/opt/homebrew/include/cdd*/cdd.h"; } \
   && { found "/usr/include/gmp.h" || found "/usr/include/*/gmp.h" \
        || found "/usr/local/include/gmp.h" || found "/opt/homebrew/include/gmp.h"; }; then
  exit 0
fi
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else SUDO="missing"; fi
  fi
  if [ "$SUDO" != "missing" ]; then
    echo "installing cddlib and GMP for pycddlib (apt-get install libcdd-dev libgmp-dev)"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq libcdd-dev libgmp-dev >/dev/null
    exit 0
  fi
fi
cat >&2 <<'MSG'
pycddlib (the dev and cdd extras; students do not need it) needs the cddlib and GMP
libraries with their headers, which pip cannot install. Install them, then run make again:
  Debian/Ubuntu:  sudo apt-get install libcdd-dev libgmp-dev
  Fedora:         sudo dnf install cddlib-devel gmp-devel
  macOS:          brew install cddlib gmp
MSG
exit 1
