"""Who sits where in a run's matches: the lineup laid round the table, turned match by match.

Internal to :mod:`cardgames.simulate`, which publishes :data:`~cardgames.simulate.Entrant`,
:func:`~cardgames.simulate.seating` and :func:`~cardgames.simulate.match_seed`. The rest is
what a run checks and plays its seats with: :func:`seats` lays a lineup round the table (one
entrant a seat, each checked), :func:`rotated` turns it for match *i*, :func:`kind` tells a
name from an agent and a factory, :func:`labels` names each seat's results, and :func:`agent`
gives the agent that plays a seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from cardgames import agents, dealing, errors, game

__all__ = ["Entrant", "agent", "kind", "labels", "match_seed", "rotated", "seating", "seats"]

_T = TypeVar("_T")

Entrant = str | agents.Agent | Callable[[], agents.Agent]
"""Who plays a seat (see :data:`cardgames.simulate.Entrant`)."""


def match_seed(seed: int, index: int) -> int:
    """Return the seed that match ``index`` of a :func:`run` with ``seed`` is played from.

    It is a plain int, which :func:`play_match` takes, so any one deal of a run can be replayed
    with other agents.

    Raises:
        RulesError: If ``seed`` is not a seed or ``index`` not a whole number of 0 or more.

    Example:
        >>> match_seed(1, 0) == match_seed(1, 0) != match_seed(1, 1)
        True
    """
    dealing.check_seed(seed)
    return dealing.rng(seed, "match", _check_index(index)).getrandbits(63)


def seating(
    match_game: game.AnyGame,
    lineup: Entrant | Sequence[Entrant],
    index: int,
    *,
    players: int | None = None,
) -> tuple[Entrant, ...]:
    """Return who sits where in match ``index`` of a :func:`run` with this lineup.

    The lineup is first laid round the table, again and again if it is shorter than the seats
    (one name fills every seat, ``["rule", "random"]`` alternates); match *i* then turns the
    table by *i*: its seat *s* takes whoever the lineup put at seat *s + i*, so every agent
    meets every seat.

    Args:
        match_game: The game, e.g. ``cardgames.GAMES["kalter-schlag"]``.
        lineup: Agents' names, agents or factories; or one of them for every seat.
        index: The match's number in the run.
        players: The number of seats; None for the lineup's length where it is a player count
            of the game, else the game's usual count.

    Raises:
        RulesError: If the game, the lineup, ``index`` or ``players`` is not valid.

    Example:
        >>> import cardgames
        >>> seating(cardgames.GAMES["mariage"], ["rule", "random"], 1)
        ('random', 'rule', 'random', 'rule', 'random', 'rule')
    """
    return rotated(seats(game.check_game(match_game), lineup, players), _check_index(index))


def _check_index(index: object) -> int:
    """Return a match's number in a run, checked to be a whole number of 0 or more."""
    if type(index) is not int or index < 0:
        raise errors.RulesError(
            f"a match's index is a whole number of 0 or more, not {errors.quote(index)}"
        )
    return index


def rotated(seats: tuple[_T, ...], index: int) -> tuple[_T, ...]:
    """Return the seats of match ``index``: everyone moved ``index`` seats on."""
    shift = index % len(seats)
    return seats[shift:] + seats[:shift]


def seats(
    match_game: game.AnyGame, lineup: Entrant | Sequence[Entrant], players: int | None
) -> tuple[Entrant, ...]:
    """Return the lineup laid round the table, checked: one entrant per seat."""
    entrants: tuple[object, ...] = (
        tuple(lineup) if isinstance(lineup, Sequence) and not isinstance(lineup, str) else (lineup,)
    )
    if not entrants:
        raise errors.RulesError("the lineup names no agent: give one, or one per seat")
    for entrant in entrants:
        kind(match_game, entrant)
    if players is None:
        players = len(entrants) if len(entrants) in match_game.players else match_game.players[0]
    if type(players) is not int or players not in match_game.players:
        counts = " or ".join(map(str, match_game.players))
        raise errors.RulesError(
            f"{match_game.title} is played by {counts} players, not {errors.quote(players)}"
        )
    if len(entrants) > players:
        raise errors.RulesError(
            f"the lineup names {len(entrants)} agents for {players} seats: give at most one a seat"
        )
    return tuple(cast("Entrant", entrants[seat % len(entrants)]) for seat in range(players))


def kind(match_game: game.AnyGame, entrant: object) -> str:
    """Return whether an entrant is a ``"name"``, an ``"agent"`` or a ``"factory"``; check it."""
    if isinstance(entrant, str):
        agents.by_name(match_game, entrant)
        return "name"
    if not isinstance(entrant, type) and callable(getattr(entrant, "choose", None)):
        return "agent"
    if callable(entrant):
        return "factory"
    raise errors.RulesError(
        "each seat of a lineup takes an agent's name, an agent (with a choose method) or a "
        f"factory that returns one, not {errors.quote(entrant)}"
    )


def _label(entrant: Entrant) -> str:
    """Return the name an entrant's results go under: its name, or its ``name`` or class's."""
    if isinstance(entrant, str):
        return entrant
    own = getattr(entrant, "name", None)
    if isinstance(own, str):
        return own
    named = getattr(entrant, "func", entrant)  # a functools.partial: the function it calls
    if isinstance(entrant, type) or (callable(entrant) and not hasattr(entrant, "choose")):
        return str(getattr(named, "__name__", type(named).__name__))
    return type(entrant).__name__


def labels(seats: tuple[Entrant, ...]) -> tuple[str, ...]:
    """Return each seat's label; refuse two different entrants under one label."""
    first: dict[str, Entrant] = {}
    for entrant in seats:
        label = _label(entrant)
        known = first.setdefault(label, entrant)
        if known is not entrant and (known == entrant) is not True:
            raise errors.RulesError(
                f"two different agents of the lineup go by the name {errors.quote(label)}: "
                "give each a name attribute"
            )
    return tuple(map(_label, seats))


def agent(match_game: game.AnyGame, entrant: Entrant, kind: str) -> agents.Agent:
    """Return the agent that plays a seat: the entrant, or a new one it names or makes."""
    if isinstance(entrant, str):
        return agents.by_name(match_game, entrant)
    if kind == "agent":
        return cast("agents.Agent", entrant)
    made = cast("Callable[[], object]", entrant)()
    if isinstance(made, type) or not callable(getattr(made, "choose", None)):
        raise errors.RulesError(
            f"the factory {errors.quote(entrant)} returned {errors.quote(made)}, not an agent "
            "(with a choose method)"
        )
    return cast("agents.Agent", made)
