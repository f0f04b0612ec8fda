"""Benchmarks run on demand (not part of the test suite): ``python -m benchmarks.load_quiz``."""
