"""Players that choose moves from what their seat may see.

An agent is given its seat's view (never the full state) and a random generator, and returns
one of ``view.legal_moves``. Two agents work with every game through the view's
``legal_moves``: :class:`RandomAgent`, and :class:`FirstAgent`, the plainest baseline, which
always makes the first legal move (what that move is depends on the game's documented order).
Each game adds its own rule-based agent, ``"rule"``, in its entry's ``bots`` (Staekske Rape
also a ``"pass"`` agent, the do-nothing baseline of its auction); :func:`by_name` finds any of
them.

Example:
    >>> import random
    >>> from cardgames import agents, kalter_schlag
    >>> state = kalter_schlag.new_game(seed=4, first_dealer=0)
    >>> agents.RandomAgent().choose(kalter_schlag.view(state, 0), random.Random(1))
    Deal()
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol, TypeVar

import attrs

from cardgames import errors, game, protocols

__all__ = ["GENERIC", "Agent", "FirstAgent", "RandomAgent", "by_name", "names", "turn_view"]

MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT", bound=protocols.PlayerView[Any])


class Agent(Protocol):
    """Anything that picks a move for a seat from that seat's view."""

    def choose(self, view: protocols.PlayerView[MoveT], rng: random.Random) -> MoveT:
        """Return one of ``view.legal_moves``.

        Args:
            view: What the seat may know, with its legal moves.
            rng: The generator to draw from, so that seeded matches replay exactly.
        """
        ...


@attrs.frozen
class RandomAgent:
    """Chooses uniformly among the legal moves."""

    def choose(self, view: protocols.PlayerView[MoveT], rng: random.Random) -> MoveT:
        """Return a legal move drawn uniformly with ``rng``.

        Raises:
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
            RulesError: If ``view`` is not a game's view or ``rng`` not a ``random.Random``.
        """
        _first(view, rng)  # the same checks
        return rng.choice(view.legal_moves)


@attrs.frozen
class FirstAgent:
    """Always makes the first legal move: the plainest baseline, with no judgement at all.

    What it does depends on each game's documented order of legal moves: in Kalter Schlag it
    doubles, then plays the first card it may in card order; in Gin Rummy it draws and discards
    the first card in card order, and so never knocks; in Staekske Rape it bids as high as it
    may. A bot worth
    having must beat it as well as :class:`RandomAgent`, and the game's own do-nothing agent
    where it has one (Staekske Rape's ``"pass"``: a player who always passes beats random
    players almost every time).
    """

    def choose(self, view: protocols.PlayerView[MoveT], rng: random.Random) -> MoveT:
        """Return the first of ``view.legal_moves`` (``rng`` is not used).

        Raises:
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
            RulesError: If ``view`` is not a game's view.
        """
        return _first(view, rng)


def _first(view: protocols.PlayerView[MoveT], rng: random.Random) -> MoveT:
    """Return the first legal move of a view, checked as :class:`RandomAgent` checks it."""
    if not isinstance(getattr(view, "legal_moves", None), tuple) or not isinstance(
        rng, random.Random
    ):
        raise errors.RulesError(
            "choose needs a seat's view (from a game's view function) and a random.Random, "
            f"not {errors.quote((view, rng))}"
        )
    return _with_moves(view).legal_moves[0]


def _with_moves(view: ViewT) -> ViewT:
    """Return ``view`` if its seat has a move to choose; refuse it if it has none."""
    if not view.legal_moves:
        reason = f"seat {view.seat} has no move to choose: it is not its turn"
        raise errors.IllegalMoveError(reason, move=None, seat=view.seat)
    return view


def turn_view(view: object, rng: object, kind: type[ViewT], what: str) -> ViewT:
    """Return ``view``, checked to be a ``kind`` whose seat is to move, once ``rng`` is a generator.

    A game's own agent checks what its ``choose`` is given with it: the view of its own game,
    not another's, and a ``random.Random``.

    Args:
        view: What ``choose`` was given as the view.
        rng: What ``choose`` was given as the generator.
        kind: The game's ``View`` class; a subclass is refused.
        what: The view the message asks for, such as ``"a kalter_schlag.View (from
            kalter_schlag.view)"``.

    Raises:
        RulesError: If ``view`` is not a ``kind``, ``rng`` not a ``random.Random`` or ``what``
            not text.
        IllegalMoveError: If the view has no legal moves (it is not this seat's turn).

    Example:
        >>> import random
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.new_game(seed=4, first_dealer=0)
        >>> seen = kalter_schlag.view(state, 0)
        >>> turn_view(seen, random.Random(1), kalter_schlag.View, "a view") is seen
        True
        >>> turn_view(kalter_schlag.view(state, 1), random.Random(1), kalter_schlag.View, "a view")
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: seat 1 has no move to choose: it is not its turn
    """
    if not isinstance(what, str):
        raise errors.RulesError(f"what must be text, not {errors.quote(what)}")
    if type(view) is not kind or not isinstance(rng, random.Random):
        raise errors.RulesError(
            f"choose needs {what} and a random.Random, not {errors.quote((view, rng))}"
        )
    return _with_moves(view)


GENERIC: Final[Mapping[str, Callable[[], Agent]]] = types.MappingProxyType(
    {"random": RandomAgent, "first": FirstAgent}
)
"""The agents every game has, by name: ``"random"`` is :class:`RandomAgent` and ``"first"`` is
:class:`FirstAgent`. It is read-only; a game's own agents are in its entry's
:attr:`~cardgames.game.Game.bots`, and :func:`by_name` looks in both.
"""


def names(match_game: game.AnyGame) -> tuple[str, ...]:
    """Return the names of the agents that play a game: the generic ones, then its own.

    Raises:
        RulesError: If ``match_game`` is not a game's registry entry.

    Example:
        >>> import cardgames
        >>> names(cardgames.GAMES["kalter-schlag"])[:2]
        ('random', 'first')
    """
    return (*GENERIC, *game.check_game(match_game).bots)


def by_name(match_game: game.AnyGame, name: object) -> Agent:
    """Return a new agent of a game by name: ``"random"``, ``"first"`` or one of the game's own.

    Raises:
        RulesError: If the game has no agent of that name (the message lists the names), or
            ``match_game`` is not a game's registry entry.
    """
    match_game = game.check_game(match_game)
    factory = GENERIC.get(name) if isinstance(name, str) else None
    if factory is None and isinstance(name, str):
        factory = match_game.bots.get(name)
    if factory is None:
        known = ", ".join(names(match_game))
        raise errors.RulesError(f"{match_game.title} has no agent {errors.quote(name)} ({known})")
    agent: Agent = factory()
    return agent
