"""``python -m gametheory``: the console program (see :mod:`gametheory.cli`)."""

from gametheory.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
