"""Shared test settings.

Hypothesis runs without its per-example deadline: several properties play whole seeded matches,
whose time depends on the machine and on coverage tracing, and speed is the benchmarks' business
(DESIGN: never timed unit tests). ``print_blob`` makes a CI failure reproducible locally.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("cardgames", deadline=None, print_blob=True)
settings.load_profile("cardgames")
