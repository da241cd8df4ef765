"""The bounds a double-dummy search keeps on a position's value, in its transposition table.

A search with a window (``alpha``, ``beta``) learns either the exact value of a position, or
only that it lies at or below ``alpha``, or at or above ``beta``. :class:`Bounds` keeps what
was learnt of one position: the lowest and highest its value can be. :func:`probe` reads them
before a position is searched, :func:`store` writes what the search found. Both solvers use
them: the one over the games' own engines (:mod:`cardgames._solving`) and Kalter Schlag's own
(whose table entries also keep the order of the leads).

The module holds plain classes and functions on ints only, so that mypyc compiles it with
Kalter Schlag's solver (see the Performance page).

Example:
    >>> bounds = Bounds()
    >>> store(bounds, 30, 40, 41)  # a search of the window (40, 41) found 30: an upper bound
    >>> bounds
    Bounds(low=-1073741824, high=30)
    >>> probe(bounds, 35, 36), probe(bounds, 20, 21)
    ((30, 35, 36), (None, 20, 21))
"""

from __future__ import annotations

from typing import Final

__all__ = ["INFINITY", "Bounds", "probe", "store"]

INFINITY: Final = 1 << 30
"""Beyond every value a search can find: the bounds of a position not searched yet."""


class Bounds:
    """The lowest and the highest a position's value can be, as far as the searches know.

    Attributes:
        low: The value is at least this (``-INFINITY`` when nothing is known).
        high: The value is at most this (``INFINITY`` when nothing is known).
    """

    __slots__ = ("high", "low")

    def __init__(self) -> None:
        """Start with nothing known."""
        self.low = -INFINITY
        self.high = INFINITY

    def __repr__(self) -> str:
        """Show the two bounds."""
        return f"Bounds(low={self.low}, high={self.high})"


def probe(bounds: Bounds | None, alpha: int, beta: int) -> tuple[int | None, int, int]:
    """Look up a position's ``bounds`` (None for a position not in the table) for a window.

    Returns:
        The value when the bounds settle it for the window (``alpha``, ``beta``), else None;
        and the window, narrowed by the bounds.
    """
    if bounds is None:
        return None, alpha, beta
    low, high = bounds.low, bounds.high
    if low >= beta or low == high:
        return low, alpha, beta
    if high <= alpha:
        return high, alpha, beta
    return None, max(alpha, low), min(beta, high)


def store(bounds: Bounds, value: int, alpha: int, beta: int) -> None:
    """Keep in ``bounds`` what a search of the window (``alpha``, ``beta``) found the value to be.

    A value at or below ``alpha`` is an upper bound, one at or above ``beta`` a lower bound, and
    one between them exact; the other bound stays as it was.
    """
    if value <= alpha:
        bounds.high = value
    elif value >= beta:
        bounds.low = value
    else:
        bounds.low = bounds.high = value
