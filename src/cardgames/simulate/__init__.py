"""Play matches between agents: one at a time, or many at once, summarised.

:func:`play_match` plays one match and returns its final state. :func:`run` plays many seeded
matches between agents (named, objects or factories), rotating them round the seats, and
returns a :class:`Summary`: an immutable value of wins and scores per agent that merges with
another (``first + second``). It plays its matches in chunks on any ``concurrent.futures``
executor (a process pool, or a Dask cluster through ``Client.get_executor()``), and the summary
is the same wherever they are played. Match *i* of a run is played from :func:`match_seed`, a
seed :func:`play_match` takes, so any one deal can be played again with other agents.

Example:
    >>> import cardgames
    >>> from cardgames import agents, simulate
    >>> game = cardgames.GAMES["kalter-schlag"]
    >>> final = simulate.play_match(game, [agents.RandomAgent()] * 4, seed=11)
    >>> game.is_over(final), final == simulate.play_match(game, [agents.RandomAgent()] * 4, seed=11)
    (True, True)
"""

from __future__ import annotations

import concurrent.futures
import math
from collections.abc import Callable, Sequence
from typing import Final

from cardgames import arguments, dealing, errors, game
from cardgames.simulate import _chunks, _play, _seating
from cardgames.simulate._chunks import ChunkError
from cardgames.simulate._play import play_match
from cardgames.simulate._seating import match_seed, seating
from cardgames.simulate._summary import AgentResult, Summary

__all__ = [
    "CHUNK",
    "MAX_HANDS",
    "AgentResult",
    "ChunkError",
    "Entrant",
    "Summary",
    "match_seed",
    "play_match",
    "run",
    "seating",
]

Entrant = _seating.Entrant
"""Who plays a seat in :func:`run`: an agent's name (see :func:`cardgames.agents.names`), an
agent object (anything with ``choose``) or a factory (a callable that returns a new agent)."""

CHUNK: Final = 50
"""The most matches :func:`run` puts in one task of an executor unless told otherwise."""

_TASKS: Final = 16
"""Tasks a budget is cut into unless :func:`run` is told its chunk: enough that two workers, or
a few more, finish together, while a chunk of many matches costs next to nothing to send."""

_HANDS_PER_MATCH: Final = 10
"""About how many hands a match takes, to cut a budget of hands into tasks (the rule agents'
matches take from 5 to 15; only the chunk's size depends on it, never the summary)."""

MAX_HANDS: Final = 1000
"""The most hands :func:`run` lets a match last unless told otherwise: far more than any match
of the rule agents takes (see each game's page), and a bound on lineups that never end one (two
gin players who only ever pass and draw, Staekske Rape players who never bid)."""


def run(
    match_game: game.AnyGame,
    lineup: Entrant | Sequence[Entrant],
    *,
    seed: int,
    matches: int | None = None,
    hands: int | None = None,
    players: int | None = None,
    rules: object = None,
    executor: concurrent.futures.Executor | None = None,
    chunk: int | None = None,
    start: int = 0,
    max_hands: int | None = MAX_HANDS,
    progress: Callable[[Summary], object] | None = None,
) -> Summary:
    """Play seeded matches between agents, rotating them round the seats, and summarise them.

    Match *i* seats the lineup as :func:`seating` says and is played by :func:`play_match`
    from the seed :func:`match_seed` ``(seed, i)``, so every agent meets every seat, any match
    can be replayed alone (with other agents too), and the summary is a pure function of the
    arguments: the same whatever the executor, its number of workers or the chunk size.

    A name or a factory gives a new agent for each seat of each match (a factory runs where the
    match is played, so each process builds its own); an agent object plays every match it is
    seated in, and so must not carry anything from one match to the next. On an executor that
    runs other processes (a process pool, Dask), the agents and factories are pickled once per
    chunk: define them at the top level of a module.

    No lineup can make a run last forever: a match is played with the rules' ``max_hands`` set
    to ``max_hands`` (or kept, where the rules already end the match sooner), so a match that
    would go on past it ends there, with the result the game gives a match that ends by its
    ``max_hands`` rule (each game's page says what that is: the totals decide). The summary's
    ``capped`` counts those matches.

    Args:
        match_game: The game, e.g. ``cardgames.GAMES["kalter-schlag"]``.
        lineup: Agents' names, agent objects or factories, laid round the table (see
            :func:`seating`); or one of them for every seat.
        seed: The run's seed.
        matches: How many matches to play; or give ``hands``.
        hands: Play matches, in order, until they have taken at least this many hands.
        players: The number of seats (see :func:`seating`).
        rules: The game's ``Rules``, or None for its defaults.
        executor: Any ``concurrent.futures.Executor`` to play chunks of matches on (a process
            pool, or Dask's ``Client.get_executor()``); None plays them here, one after another.
        chunk: How many matches each task of the executor plays; None for a sixteenth of the
            budget (a budget of hands counted as matches of ten hands), at most :data:`CHUNK`.
        start: The number of the first match: ``run(..., matches=50, start=50)`` plays the
            second fifty of the batch ``run(..., matches=100)`` with the same seed, so a long
            batch can be played in parts whose summaries add up to the whole.
        max_hands: The most hands a match may last (:data:`MAX_HANDS` unless told); None for
            no bound but the rules' own (a lineup that never ends a match then never returns).
        progress: Called with the summary so far each time a chunk is added to it, in order.

    Raises:
        RulesError: If the game, the lineup, the budget (exactly one of ``matches`` and
            ``hands``, a whole number of 1 or more), the seed, ``players``, the rules, the
            executor (not a ``concurrent.futures.Executor``), ``chunk``, ``start``,
            ``max_hands`` or ``progress`` is not valid.
        ChunkError: If a chunk fails: it names the chunk's matches and holds their seeds.

    Example:
        >>> import cardgames
        >>> from cardgames import agents, simulate
        >>> game = cardgames.GAMES["kalter-schlag"]
        >>> summary = simulate.run(game, ["first", "random"], matches=4, seed=1)
        >>> summary.matches, summary.agent("random").seats
        (4, 8)
        >>> simulate.run(game, agents.RandomAgent(), hands=30, seed=1).hands >= 30
        True
    """
    match_game = game.check_game(match_game)
    seats = _seating.seats(match_game, lineup, players)
    labels = _seating.labels(seats)
    budget = _budget(matches, hands)
    dealing.check_seed(seed)
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise errors.RulesError(
            f"chunk must be a whole number of 1 or more, or None, not {errors.quote(chunk)}"
        )
    if type(start) is not int or start < 0:
        raise errors.RulesError(
            f"start must be a whole number of 0 or more, not {errors.quote(start)}"
        )
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise errors.RulesError(
            "executor must be a concurrent.futures.Executor (a process pool, Dask's "
            f"Client.get_executor() …) or None, not {errors.quote(executor)}"
        )
    if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
        raise errors.RulesError(
            f"max_hands must be a whole number of 1 or more, or None, not {errors.quote(max_hands)}"
        )
    if progress is not None and not callable(progress):
        raise errors.RulesError(f"progress must be callable or None, not {errors.quote(progress)}")
    chosen = arguments.check_rules(rules, match_game.rules_type, match_game.name.replace("-", "_"))
    capped = _play.capped_rules(chosen, max_hands)
    plan = _play.Batch(match_game.name, seats, labels, start, 0, seed, chosen, capped)
    if chunk is None:
        matches_wanted = budget[1] if budget[0] == "matches" else budget[1] // _HANDS_PER_MATCH
        chunk = max(1, min(CHUNK, math.ceil(matches_wanted / _TASKS)))
    return _chunks.Run(plan, budget, chunk, executor, progress).play()


def _budget(matches: object, hands: object) -> tuple[str, int]:
    """Return the run's budget, ``("matches", n)`` or ``("hands", n)``, checked."""
    given = [
        (what, value)
        for what, value in (("matches", matches), ("hands", hands))
        if value is not None
    ]
    if len(given) != 1 or type(given[0][1]) is not int or given[0][1] < 1:
        raise errors.RulesError(
            "give one budget, matches=N or hands=N, a whole number of 1 or more, not "
            f"matches={errors.quote(matches)}, hands={errors.quote(hands)}"
        )
    return given[0][0], given[0][1]
