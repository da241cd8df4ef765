"""The confidence intervals the strength benchmarks report.

Example:
    >>> low, high = wilson(515, 1000)
    >>> round(low, 3), round(high, 3)
    (0.484, 0.546)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Final

Z_95: Final = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson(wins: int, total: int) -> tuple[float, float]:
    """Return the 95 % Wilson score interval of a proportion of ``wins`` in ``total``."""
    rate = wins / total
    spread = Z_95 * math.sqrt(rate * (1 - rate) / total + Z_95**2 / (4 * total**2))
    centre = rate + Z_95**2 / (2 * total)
    scale = 1 + Z_95**2 / total
    return (centre - spread) / scale, (centre + spread) / scale


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Return the mean of ``values`` and its 95 % normal interval."""
    mean = statistics.fmean(values)
    half = Z_95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half
