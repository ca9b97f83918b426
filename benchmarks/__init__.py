"""Benchmarks: speed and quality figures, run with ``python -m benchmarks`` (not tests)."""
