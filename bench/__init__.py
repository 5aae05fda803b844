"""Benchmarks with their targets; run with ``make bench``."""
