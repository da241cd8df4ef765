"""What the double-dummy solvers of the trick games return.

Each trick game's ``solve(state)`` looks at every hand open and returns a :class:`Solution`:
the value of the position under optimal play, for one seat in the game's own measure (the
higher the better for that seat), and the seat to move's moves that keep it. Each game's
``worlds(view, rng)`` draws full states a seat could be in; a bot that solves a few of them and
plays the move kept most often is the classic perfect-information Monte Carlo player.

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

from typing import Generic, TypeVar

import attrs

__all__ = ["Solution"]

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
