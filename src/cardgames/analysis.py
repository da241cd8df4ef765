"""What the double-dummy solvers of the trick games return.

Each trick game's ``solve(state)`` looks at every hand open and returns a :class:`Solution`:
the value of the position under optimal play, for one seat in the game's own measure (the
higher the better for that seat), and the seat to move's moves that keep it. Each game's
``worlds(view, rng)`` draws full states a seat could be in; a bot that solves a few of them and
plays the move kept most often is the classic perfect-information Monte Carlo player.
:func:`compiled` tells whether this installation runs Kalter Schlag's search compiled. A
``solve`` pauses Python's cyclic garbage collector while it searches, and restarts it after if
it was running (the collector is the process's: another thread's cycles wait till then).

Example:
    >>> import random
    >>> from cardgames import kalter_schlag
    >>> state = kalter_schlag.new_game(seed=4)
    >>> while len(kalter_schlag.view(state, 0).tricks) < 6:
    ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
    >>> solution = kalter_schlag.solve(state)
    >>> solution.seat == kalter_schlag.current_player(state), solution.value <= 0
    (True, True)
"""

from __future__ import annotations

import importlib
import importlib.machinery
from typing import Final, Generic, TypeVar

import attrs

__all__ = ["COMPILED_MODULES", "Solution", "compiled"]

COMPILED_MODULES: Final = (
    "cardgames._bounds",
    "cardgames.kalter_schlag._compact",
    "cardgames.kalter_schlag._double_dummy",
)
"""The modules of Kalter Schlag's search that the platform wheels compile with mypyc."""

MoveT_co = TypeVar("MoveT_co", covariant=True)


@attrs.frozen
class Solution(Generic[MoveT_co]):
    """The value of a position with every hand open, and the moves that keep it.

    Attributes:
        seat: The seat whose value it is (the game's ``solve`` says which).
        value: That seat's result under optimal play by every side, in the game's measure;
            the higher, the better for ``seat``.
        moves: The seat to move's legal moves whose value is ``value``, in the order of the
            game's ``legal_moves``.
    """

    seat: int
    value: int
    moves: tuple[MoveT_co, ...]


def compiled() -> bool:
    """Tell whether this installation runs Kalter Schlag's search compiled.

    The wheels on PyPI for CPython 3.11 to 3.13 on Linux, macOS and Windows compile the
    modules of :data:`COMPILED_MODULES` with mypyc: the same search, position for position,
    about three times faster (see the Performance page). The pure-Python wheel, which pip
    installs anywhere else, and an install from the sdist or a checkout run them as Python.
    """
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return all(
        (importlib.import_module(name).__file__ or "").endswith(suffixes)
        for name in COMPILED_MODULES
    )
