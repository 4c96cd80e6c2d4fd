"""Frozen engine versions that benchmarks compare the current engines with."""
