"""Players that choose moves from what their seat may see.

An agent is given its seat's view (never the full state) and a random generator, and returns
one of ``view.legal_moves``. Agents work with every game through the view's ``legal_moves``.

Example:
    >>> import random
    >>> from cardgames import agents, kalter_schlag
    >>> state = kalter_schlag.new_game(seed=4, first_dealer=0)
    >>> agents.RandomAgent().choose(kalter_schlag.view(state, 0), random.Random(1))
    Deal()
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

import attrs

from cardgames import errors, game

__all__ = ["Agent", "RandomAgent"]

MoveT = TypeVar("MoveT")


class Agent(Protocol):
    """Anything that picks a move for a seat from that seat's view."""

    def choose(self, view: game.PlayerView[MoveT], rng: random.Random) -> MoveT:
        """Return one of ``view.legal_moves``.

        Args:
            view: What the seat may know, with its legal moves.
            rng: The generator to draw from, so that seeded matches replay exactly.
        """
        ...


@attrs.frozen
class RandomAgent:
    """Chooses uniformly among the legal moves."""

    def choose(self, view: game.PlayerView[MoveT], rng: random.Random) -> MoveT:
        """Return a legal move drawn uniformly with ``rng``.

        Raises:
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
            RulesError: If ``view`` is not a game's view or ``rng`` not a ``random.Random``.
        """
        if not isinstance(getattr(view, "legal_moves", None), tuple) or not isinstance(
            rng, random.Random
        ):
            raise errors.RulesError(
                "choose needs a seat's view (from a game's view function) and a random.Random, "
                f"not {errors.quote((view, rng))}"
            )
        if not view.legal_moves:
            reason = f"seat {view.seat} has no move to choose: it is not its turn"
            raise errors.IllegalMoveError(reason, move=None, seat=view.seat)
        return rng.choice(view.legal_moves)
