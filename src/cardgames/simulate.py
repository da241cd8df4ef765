"""Play matches between agents: one at a time, or many at once, summarised.

:func:`play_match` plays one match and returns its final state. :func:`run` plays many seeded
matches between named agents, rotating the agents round the seats, and returns a
:class:`Summary`: an immutable value of wins and scores per agent that merges with another
(``first + second``), so batches run on any ``concurrent.futures`` executor add up.

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
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

import cardgames
from cardgames import agents, arguments, dealing, errors, game

__all__ = ["MAX_HANDS", "AgentResult", "Summary", "play_match", "run"]

Observer = Callable[[Any, Any, Any], None]
"""Called after every move with the state before, the move, and the state after."""


def _agents(players: object) -> bool:
    """Return whether ``players`` is a sequence of agents: each has a ``choose`` method."""
    return (
        isinstance(players, Sequence)
        and not isinstance(players, str)
        and all(callable(getattr(agent, "choose", None)) for agent in players)
    )


def play_match(
    match_game: game.AnyGame,
    players: Sequence[agents.Agent],
    *,
    rules: object = None,
    seed: int,
    first_dealer: int | None = None,
    observe: Observer | None = None,
) -> Any:  # noqa: ANN401  # the state type of whichever game is played
    """Play a whole match and return its final state.

    Each agent is asked for a move only with its own seat's view. The match, the agents'
    choices included, is a pure function of ``seed``.

    Args:
        match_game: The game, e.g. ``cardgames.GAMES["kalter-schlag"]``.
        players: One agent per seat.
        rules: The game's ``Rules``, or None for its defaults.
        seed: The seed of the deals and of the agents' random choices.
        first_dealer: The first dealer, or None to draw it from the seed.
        observe: Called after every move with (state before, move, state after).

    Raises:
        RulesError: If ``match_game`` is not a registered game's entry, the number of agents is
            not a player count of the game, an agent has no ``choose``, the rules are not the
            game's, ``seed`` is not a seed or ``observe`` is not callable.
        IllegalMoveError: If an agent chooses a move that is not legal.
    """
    if not isinstance(match_game, game.Game):
        raise errors.RulesError(
            f"expected a game such as cardgames.GAMES['kalter-schlag'], "
            f"not {errors.quote(match_game)}"
        )
    if not _agents(players):
        raise errors.RulesError(
            f"players must be a sequence of agents (each with a choose method), "
            f"not {errors.quote(players)}"
        )
    dealing.check_seed(seed)
    if observe is not None and not callable(observe):
        raise errors.RulesError(f"observe must be callable or None, not {errors.quote(observe)}")
    state = match_game.new_game(rules, seed=seed, players=len(players), first_dealer=first_dealer)
    rng = dealing.rng(seed, "agents")
    while (seat := match_game.current_player(state)) is not None:
        move = players[seat].choose(match_game.view(state, seat), rng)
        after = match_game.apply(state, move, seat=seat)
        if observe is not None:
            observe(state, move, after)
        state = after
    return state


@attrs.frozen
class AgentResult:
    """How one named agent fared over a batch of matches.

    Attributes:
        name: The agent's name (``"random"``, ``"first"``, ``"rule"`` …).
        seats: How many seats it played (matches × its seats in each).
        wins: How many of those seats won their match (a shared win counts for each).
        losses: How many lost.
        points: The sum of its seats' final totals (game points, penalty points or chips).
        hands_up: The hands in which its seat's total rose: a Staekske Rape contract made, a
            gin hand won, chips gained (in Kalter Schlag, a penalty taken).
        hands_down: The hands in which its seat's total fell (a contract lost, chips paid).
    """

    name: str
    seats: int = 0
    wins: int = 0
    losses: int = 0
    points: int = 0
    hands_up: int = 0
    hands_down: int = 0

    @property
    def win_rate(self) -> float:
        """The share of its seats that won, from 0 to 1 (0 when it played no seat)."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def mean_points(self) -> float:
        """Its seats' mean final total."""
        return self.points / self.seats if self.seats else 0.0

    def __add__(self, other: object) -> AgentResult:
        """Add the results of the same agent over two batches."""
        if not isinstance(other, AgentResult) or other.name != self.name:
            return NotImplemented
        return AgentResult(
            self.name,
            self.seats + other.seats,
            self.wins + other.wins,
            self.losses + other.losses,
            self.points + other.points,
            self.hands_up + other.hands_up,
            self.hands_down + other.hands_down,
        )


@attrs.frozen
class Summary:
    """The results of a batch of matches between named agents; summaries of one game merge.

    Attributes:
        game: The game's registry name.
        matches: How many matches were played.
        hands: How many hands they took.
        agents: Each agent's results, in the order the agents first sat.
        capped: How many matches :func:`run`'s ``max_hands`` ended: they would have gone on,
            and ended instead as the game's own ``max_hands`` rule ends a match.
    """

    game: str
    matches: int
    hands: int
    agents: tuple[AgentResult, ...]
    capped: int = 0

    def agent(self, name: str) -> AgentResult:
        """Return the results of the agent of that name.

        Raises:
            RulesError: If no agent of that name played.
        """
        for result in self.agents:
            if result.name == name:
                return result
        raise errors.RulesError(f"no agent {errors.quote(name)} played in this summary")

    def __add__(self, other: object) -> Summary:
        """Merge two summaries of the same game."""
        if not isinstance(other, Summary) or other.game != self.game:
            return NotImplemented
        merged = {result.name: result for result in self.agents}
        for result in other.agents:
            merged[result.name] = merged[result.name] + result if result.name in merged else result
        return Summary(
            self.game,
            self.matches + other.matches,
            self.hands + other.hands,
            tuple(merged.values()),
            self.capped + other.capped,
        )


_CHUNK: Final = 50
"""Matches per task when :func:`run` hands batches to an executor."""

MAX_HANDS: Final = 1000
"""The most hands :func:`run` lets a match last unless told otherwise: far more than any match
of the rule agents takes (see each game's page), and a bound on lineups that never end one (two
gin players who only ever pass and draw, Staekske Rape players who never bid)."""


def run(
    match_game: game.AnyGame,
    lineup: Sequence[str],
    *,
    matches: int,
    seed: int,
    rules: object = None,
    executor: concurrent.futures.Executor | None = None,
    start: int = 0,
    max_hands: int | None = MAX_HANDS,
) -> Summary:
    """Play seeded matches between named agents, rotating them round the seats.

    Match *i* seats ``lineup[(seat + i) % len(lineup)]`` at each seat and is played from the
    seed ``(seed, i)``, so every agent meets every seat and the whole batch is a pure function
    of its arguments, however it is split between workers.

    No lineup can make a run last forever: a match is played with the rules' ``max_hands`` set
    to ``max_hands`` (or kept, where the rules already end the match sooner), so a match that
    would go on past it ends there, with the result the game gives a match that ends by its
    ``max_hands`` rule (each game's page says what that is: the totals decide). The summary's
    ``capped`` counts those matches.

    Args:
        match_game: The game, e.g. ``cardgames.GAMES["kalter-schlag"]``.
        lineup: One agent name per seat (see :func:`cardgames.agents.names`).
        matches: How many matches to play.
        seed: The batch's seed.
        rules: The game's ``Rules``, or None for its defaults.
        executor: Where to play batches of matches (a thread or process pool); None plays them
            here, one after another.
        start: The number of the first match: ``run(..., matches=50, start=50)`` plays the
            second fifty of the batch ``run(..., matches=100)`` with the same seed, so a long
            batch can be played in parts whose summaries add up to the whole.
        max_hands: The most hands a match may last (:data:`MAX_HANDS` unless told); None for
            no bound but the rules' own (a lineup that never ends a match then never returns).

    Raises:
        RulesError: If the game, the lineup, the number of matches, the seed, the rules, the
            executor (not a ``concurrent.futures.Executor``) or ``max_hands`` is not valid.

    Example:
        >>> import cardgames
        >>> from cardgames import simulate
        >>> game = cardgames.GAMES["kalter-schlag"]
        >>> summary = simulate.run(game, ["first", "random", "random", "random"], matches=4, seed=1)
        >>> summary.matches, summary.agent("random").seats
        (4, 12)
    """
    if not isinstance(match_game, game.Game):
        raise errors.RulesError(f"expected a game's entry, not {errors.quote(match_game)}")
    if isinstance(lineup, str) or not isinstance(lineup, Sequence):  # callers may pass anything
        raise errors.RulesError(
            f"lineup must be a sequence of agent names, not {errors.quote(lineup)}"
        )
    for name in lineup:
        agents.by_name(match_game, name)
    if type(matches) is not int or matches < 1:
        raise errors.RulesError(
            f"matches must be a whole number of 1 or more, not {errors.quote(matches)}"
        )
    dealing.check_seed(seed)
    if type(start) is not int or start < 0:
        raise errors.RulesError(
            f"start must be a whole number of 0 or more, not {errors.quote(start)}"
        )
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise errors.RulesError(
            "executor must be a concurrent.futures.Executor (a thread or process pool) or None, "
            f"not {errors.quote(executor)}"
        )
    if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
        raise errors.RulesError(
            f"max_hands must be a whole number of 1 or more, or None, not {errors.quote(max_hands)}"
        )
    chosen = arguments.check_rules(rules, match_game.rules_type, match_game.name.replace("-", "_"))
    capped = _capped(chosen, max_hands)
    names = tuple(lineup)
    jobs = [
        _Batch(
            match_game.name,
            names,
            first,
            min(_CHUNK, start + matches - first),
            seed,
            chosen,
            capped,
        )
        for first in range(start, start + matches, _CHUNK)
    ]
    parts: list[Summary] = list(
        map(_play_batch, jobs) if executor is None else executor.map(_play_batch, jobs)
    )
    total = parts[0]
    for part in parts[1:]:
        total += part
    return total


def _capped(rules: Any, max_hands: int | None) -> Any:  # noqa: ANN401  # any game's Rules
    """Return the rules with ``max_hands`` lowered to the cap (the same rules if none lowers)."""
    if max_hands is None or (rules.max_hands is not None and rules.max_hands <= max_hands):
        return rules
    return attrs.evolve(rules, max_hands=max_hands)


@attrs.frozen
class _Batch:
    """Matches ``start`` to ``start + count`` of a run: one task for an executor (it pickles).

    ``rules`` are the caller's; ``capped`` the ones played, with the run's ``max_hands``.
    """

    game: str
    lineup: tuple[str, ...]
    start: int
    count: int
    seed: int
    rules: object
    capped: object


def _play_batch(job: _Batch) -> Summary:
    """Play a batch of a run's matches and summarise them."""
    name, lineup, start, count, seed = job.game, job.lineup, job.start, job.count, job.seed
    match_game = cardgames.GAMES[name]
    seated = len(lineup)
    results = {agent: AgentResult(agent) for agent in dict.fromkeys(lineup)}
    hands = capped = 0
    for index in range(start, start + count):
        seating = [lineup[(seat + index) % seated] for seat in range(seated)]
        players = [agents.by_name(match_game, agent) for agent in seating]
        match_seed = dealing.rng(seed, "match", index).getrandbits(63)
        final = play_match(match_game, players, rules=job.capped, seed=match_seed)
        capped += _ended_by_the_cap(match_game, final, job.rules)
        sheet = match_game.score(final)
        hands += len(sheet.hands)
        for seat, agent in enumerate(seating):
            results[agent] += AgentResult(
                agent,
                1,
                int(seat in sheet.winners),
                int(seat in sheet.losers),
                sheet.totals[seat],
                sum(hand.points[seat] > 0 for hand in sheet.hands),
                sum(hand.points[seat] < 0 for hand in sheet.hands),
            )
    return Summary(name, count, hands, tuple(results.values()), capped)


def _ended_by_the_cap(match_game: game.AnyGame, final: Any, rules: Any) -> bool:  # noqa: ANN401
    """Whether a match played with capped rules would have gone on under the caller's ``rules``.

    Only a match that lasted exactly the cap can have been cut; it is replayed under the
    caller's rules to tell (the moves are the same up to the cap), so the cost is one replay of
    a capped match, and none for the rest.
    """
    if final.hand_number != final.rules.max_hands or final.rules == rules:
        return False
    uncapped = match_game.replay(
        rules, final.seed, final.moves, players=final.players, first_dealer=final.first_dealer
    )
    return not match_game.is_over(uncapped)
