"""Smoke runs of the benchmarks (`make bench-smoke`): each benchmark run small, so that the
scripts cannot rot. Correctness is asserted; the figures they print are not."""
