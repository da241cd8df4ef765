"""A chi-square check that a sampler draws equally likely cells evenly (the worlds' tests)."""

from __future__ import annotations

import collections
import math
from typing import Any


def chi_square_bound(cells: int) -> float:
    """Return a bound the chi-square statistic of a fair sample exceeds about once in 10**6."""
    freedom = cells - 1
    return freedom + 7 * math.sqrt(2 * freedom)


def chi_square(counts: collections.Counter[Any], cells: int, draws: int) -> float:
    """Return the chi-square statistic of ``counts`` against ``cells`` equally likely cells."""
    expected = draws / cells
    seen = sum((count - expected) ** 2 / expected for count in counts.values())
    return seen + (cells - len(counts)) * expected


def is_even(counts: collections.Counter[Any], cells: int, draws: int) -> bool:
    """Return whether ``draws`` spread as ``counts`` over ``cells`` cells pass the check."""
    return chi_square(counts, cells, draws) < chi_square_bound(cells)
