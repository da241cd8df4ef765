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

import collections
import concurrent.futures
import math
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

import attrs

import cardgames
from cardgames import agents, arguments, dealing, errors, game

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

_T = TypeVar("_T")

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
    """How one agent fared over a batch of matches.

    Attributes:
        name: The agent's name (``"random"``, ``"first"``, ``"rule"`` …; for an agent object or
            a factory, its ``name`` attribute, else its class's or function's name).
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
    """The results of a batch of matches between agents; summaries of one game merge.

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


Entrant = str | agents.Agent | Callable[[], agents.Agent]
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

_FIRST_WAVE: Final = 4
"""Chunks :func:`run` submits before it knows how many hands a match takes (a ``hands`` budget)."""


class ChunkError(errors.CardgamesError):
    """A chunk of a :func:`run` failed: an agent or a factory raised, or a worker was lost.

    The error's cause (``__cause__``) is what the chunk raised; its notes name the match.

    Attributes:
        start: The number of the chunk's first match.
        matches: How many matches the chunk holds.
        seeds: Each of its matches' seed (:func:`match_seed`), which :func:`play_match` takes.
    """

    def __init__(self, start: int, seeds: tuple[int, ...], cause: BaseException) -> None:
        """Describe the chunk of ``len(seeds)`` matches from match ``start`` that failed."""
        notes = "; ".join(getattr(cause, "__notes__", ()))
        super().__init__(
            f"matches {start} to {start + len(seeds) - 1} of the run failed with "
            f"{type(cause).__name__}: {cause}{f' ({notes})' if notes else ''}; rerun them alone "
            f"with run(..., start={start}, matches={len(seeds)}) and the same seed"
        )
        self.start = start
        self.matches = len(seeds)
        self.seeds = seeds


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
    seats = _seats(game.check_game(match_game), lineup, players)
    return _rotated(seats, _check_index(index))


def _check_index(index: object) -> int:
    """Return a match's number in a run, checked to be a whole number of 0 or more."""
    if type(index) is not int or index < 0:
        raise errors.RulesError(
            f"a match's index is a whole number of 0 or more, not {errors.quote(index)}"
        )
    return index


def _rotated(seats: tuple[_T, ...], index: int) -> tuple[_T, ...]:
    """Return the seats of match ``index``: everyone moved ``index`` seats on."""
    shift = index % len(seats)
    return seats[shift:] + seats[:shift]


def _seats(
    match_game: game.AnyGame, lineup: Entrant | Sequence[Entrant], players: int | None
) -> tuple[Entrant, ...]:
    """Return the lineup laid round the table, checked: one entrant per seat."""
    entrants: tuple[object, ...] = (
        tuple(lineup) if isinstance(lineup, Sequence) and not isinstance(lineup, str) else (lineup,)
    )
    if not entrants:
        raise errors.RulesError("the lineup names no agent: give one, or one per seat")
    for entrant in entrants:
        _kind(match_game, entrant)
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


def _kind(match_game: game.AnyGame, entrant: object) -> str:
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


def _labels(seats: tuple[Entrant, ...]) -> tuple[str, ...]:
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
    seats = _seats(match_game, lineup, players)
    labels = _labels(seats)
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
    plan = _Batch(
        match_game.name, seats, labels, start, 0, seed, chosen, _capped(chosen, max_hands)
    )
    if chunk is None:
        matches_wanted = budget[1] if budget[0] == "matches" else budget[1] // _HANDS_PER_MATCH
        chunk = max(1, min(CHUNK, math.ceil(matches_wanted / _TASKS)))
    return _Run(plan, budget, chunk, executor, progress).play()


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


@attrs.frozen
class _Batch:
    """Matches ``start`` to ``start + count`` of a run: one task for an executor (it pickles).

    ``seats`` are the entrants of match 0, seat by seat, and ``labels`` the names their results
    go under; ``rules`` are the caller's, ``capped`` the ones played, with the run's
    ``max_hands``.
    """

    game: str
    seats: tuple[Entrant, ...]
    labels: tuple[str, ...]
    start: int
    count: int
    seed: int
    rules: object
    capped: object

    @property
    def seeds(self) -> tuple[int, ...]:
        """Each of the batch's matches' seed."""
        return tuple(match_seed(self.seed, index) for index in self._indices)

    @property
    def _indices(self) -> range:
        """The numbers of the batch's matches."""
        return range(self.start, self.start + self.count)


@attrs.frozen
class _Played:
    """What a batch gives back: its summary, and the hands each of its matches took."""

    summary: Summary
    hands: tuple[int, ...]


def _play_batch(job: _Batch) -> _Played:
    """Play a batch of a run's matches and summarise them (in a worker, or here)."""
    match_game = cardgames.GAMES[job.game]
    kinds = [_kind(match_game, entrant) for entrant in job.seats]
    results = {label: AgentResult(label) for label in job.labels}
    hands: list[int] = []
    capped = 0
    for index in job._indices:  # noqa: SLF001  # its own module's batch
        seated = _rotated(tuple(zip(job.seats, kinds, job.labels, strict=True)), index)
        seed = match_seed(job.seed, index)
        try:
            players = [_agent(match_game, entrant, kind) for entrant, kind, _ in seated]
            final = play_match(match_game, players, rules=job.capped, seed=seed)
        except Exception as error:
            error.add_note(f"match {index}, seed {seed}")
            raise
        capped += _ended_by_the_cap(match_game, final, job.rules)
        sheet = match_game.score(final)
        hands.append(len(sheet.hands))
        for seat, (_, _, label) in enumerate(seated):
            results[label] += AgentResult(
                label,
                1,
                int(seat in sheet.winners),
                int(seat in sheet.losers),
                sheet.totals[seat],
                sum(hand.points[seat] > 0 for hand in sheet.hands),
                sum(hand.points[seat] < 0 for hand in sheet.hands),
            )
    summary = Summary(job.game, job.count, sum(hands), tuple(results.values()), capped)
    return _Played(summary, tuple(hands))


def _agent(match_game: game.AnyGame, entrant: Entrant, kind: str) -> agents.Agent:
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


@attrs.define
class _Run:
    """One call of :func:`run`: it hands chunks to the executor and adds up what comes back.

    Chunks are submitted in order and their results taken in that order, so the summary is
    the same whatever finishes first. A ``hands`` budget submits only what it expects to need
    (from the hands per match so far) and plays the first part of the last chunk again, alone,
    when that chunk goes past the budget.
    """

    plan: _Batch
    budget: tuple[str, int]
    chunk: int
    executor: concurrent.futures.Executor | None
    progress: Callable[[Summary], object] | None
    pending: collections.deque[tuple[_Batch, concurrent.futures.Future[_Played] | None]] = (
        attrs.field(factory=collections.deque)
    )
    submitted: int = 0

    def play(self) -> Summary:
        """Play the run and return its summary."""
        what, budget = self.budget
        total: Summary | None = None
        try:
            while total is None or _spent(total, what) < budget:
                self._submit(total)
                job, future = self.pending.popleft()
                played = self._result(job, future)
                if what == "hands":
                    played = self._trimmed(job, played, budget - (total.hands if total else 0))
                total = played.summary if total is None else total + played.summary
                if self.progress is not None:
                    self.progress(total)
        finally:
            for _, future in self.pending:
                if future is not None:
                    future.cancel()
        return total

    def _submit(self, total: Summary | None) -> None:
        """Submit the chunks the budget may still need (one at a time without an executor).

        Every match takes a hand at least, so a ``hands`` budget never needs more matches than
        hands are left; it submits what the hands per match so far say it needs, and a quarter
        more.
        """
        what, budget = self.budget
        if what == "matches":
            wanted = budget
        elif total is None:
            wanted = min(self.chunk * _FIRST_WAVE, budget)
        else:
            left = budget - total.hands
            expected = math.ceil(left * total.matches / total.hands * 1.25)
            wanted = total.matches + min(expected, left)
        room = 1 if self.executor is None else math.inf
        while self.submitted < wanted and len(self.pending) < room:
            count = min(self.chunk, wanted - self.submitted) if what == "matches" else self.chunk
            job = attrs.evolve(self.plan, start=self.plan.start + self.submitted, count=count)
            self.pending.append((job, self._future(job)))
            self.submitted += count

    def _future(self, job: _Batch) -> concurrent.futures.Future[_Played] | None:
        """Submit a chunk to the executor; None without one (it is played when its turn comes)."""
        return None if self.executor is None else self.executor.submit(_play_batch, job)

    def _trimmed(self, job: _Batch, played: _Played, wanted: int) -> _Played:
        """Return the chunk's result, or its first matches' if fewer reach ``wanted`` hands."""
        if sum(played.hands) < wanted:
            return played
        count = next(
            number for number in range(1, job.count + 1) if sum(played.hands[:number]) >= wanted
        )
        if count == job.count:
            return played
        first = attrs.evolve(job, count=count)
        return self._result(first, self._future(first))

    def _result(self, job: _Batch, future: concurrent.futures.Future[_Played] | None) -> _Played:
        """Return a chunk's result, played here if it has no future; report a failed chunk."""
        try:
            return _play_batch(job) if future is None else future.result()
        except Exception as error:
            raise ChunkError(job.start, job.seeds, error) from error


def _spent(total: Summary, what: str) -> int:
    """Return how much of a budget of ``what`` (matches or hands) a summary has spent."""
    return total.hands if what == "hands" else total.matches


def _capped(rules: Any, max_hands: int | None) -> Any:  # noqa: ANN401  # any game's Rules
    """Return the rules with ``max_hands`` lowered to the cap (the same rules if none lowers)."""
    if max_hands is None or (rules.max_hands is not None and rules.max_hands <= max_hands):
        return rules
    return attrs.evolve(rules, max_hands=max_hands)


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
