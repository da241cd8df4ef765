"""Flat Monte Carlo with play-outs: every legal move tried in sampled worlds, each played out.

:class:`RolloutAgent` (re-exported by :mod:`cardgames.search`) decides any move its game's rule
agent decides, the first card of a hand as well as the last, a double, a bid or a claim. For
each world drawn from the game's ``worlds(view, rng)`` it makes each legal move in turn and plays
the rest of the hand with a *policy*, the game's rule agent by default, in every seat (its own
included); a move scores the seat's own result of the hand in the game's own measure (the
``hand_returns`` of the game's entry: Kalter Schlag's penalty negated, Staekske Rape's game
points, Mariage's chips). It plays the move with the best mean over the worlds; a tie goes to
the policy's own move if it is one of the tied, else to the first tied in the game's order.

Every move is tried in the same worlds, and each world's play-outs draw from generators seeded
alike, so that two moves are compared on the same cards and the same ties broken alike (common
random numbers): the difference of their means is far less noisy than either mean.

Because the play-outs are played by the opponents' own policy, the search measures a move
against how they will actually play, not against the worst they could do (what
:class:`cardgames.search.PimcAgent`'s paranoid solve assumes).

**Inference** (``infer=True``; off by default). The worlds are drawn uniformly among the deals the
view allows, but the other seats' moves so far tell more: a player who follows the policy would
not have made them with most of those deals. So each world is replayed from the start of its
hand, the policy choosing in every other seat's place where it had a choice, and the world
weighs :data:`cardgames.search.MISS` to the power of the moves it would not have made; the
moves' results are weighted means. (A policy that breaks ties at random misses now and then in
the true deal too, which is why a miss weighs a world down rather than ruling it out.) The
replay's choices count against the budget of positions.

**The budget.** A move spends at most ``positions`` moves made in its play-outs (over all its
worlds) and at most ``seconds`` of wall-clock time, whichever ends first. A world is begun only
when the budget has room for as many positions as the last world took, and a world cut short by
the clock is dropped, so that every world counted has tried every move still in the running.
If not even the first world fits in the budget of positions (a move with hundreds of choices,
such as Staekske Rape's discard of four cards of eleven), it is dropped as soon as it overruns,
and the agent plays its policy's move. Drawing a world is not counted in the positions: late in
a hand, where play-outs are short, the cap of ``worlds`` is what bounds the time.
With ``halving`` the budget is spent in rounds, one fewer than the times the moves can be
halved, and after each round the better half of the moves (by the aim) is kept for the next
(sequential halving): the leading moves get the most worlds. A budget of positions is
reproducible on any machine; the registered agents use one. The agent draws exactly one number
from the generator it is given, whatever it does.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from cardgames import _budgets, agents, errors, game, history, protocols
from cardgames import moves as core_moves

__all__ = ["AIMS", "MISS", "POSITIONS", "WORLDS", "Estimate", "RolloutAgent", "estimate"]

POSITIONS: Final = 4_000
"""The moves one move's play-outs may make in all unless told."""

WORLDS: Final = 64
"""The most worlds a :class:`RolloutAgent` plays out for one move unless told."""

AIMS: Final = ("points", "top")
"""What a :class:`RolloutAgent` may rank its moves by: the seat's mean result of the hand
(``"points"``), or how often that result is the best of the table (``"top"``, what wins a match
of one hand), the mean result breaking a tie."""

Worlds = Callable[[Any, random.Random], Iterator[Any]]


def _parts(name: object) -> tuple[game.AnyGame, Worlds]:
    """Return a game's registry entry and ``worlds``, refusing a game without them."""
    entry, package = _budgets.game_with(name, "worlds", agent="rollout")
    worlds: Worlds = package.worlds
    return entry, worlds


def _check_agent(agent: RolloutAgent) -> None:
    """Refuse a :class:`RolloutAgent` whose fields are not what they must be."""
    entry = _parts(agent.game)[0]
    _budgets.check_count(agent.positions, "positions", optional=True)
    _budgets.check_count(agent.worlds, "worlds", optional=False)
    _budgets.check_seconds(agent.seconds)
    _budgets.check_budget(agent.seconds, agent.positions, agent="rollout", what="positions")
    policy: object = agent.policy
    if not isinstance(policy, str) or policy not in entry.bots:
        known = ", ".join(name for name in entry.bots if name != "rollout")
        raise errors.RulesError(
            f"policy must be the name of one of {entry.title}'s own agents ({known}), "
            f"not {errors.quote(agent.policy)}"
        )
    if agent.policy == "rollout":
        raise errors.RulesError("policy must not be 'rollout': a play-out cannot search itself")
    for what, flag in (("halving", agent.halving), ("infer", agent.infer)):
        if type(flag) is not bool:
            raise errors.RulesError(f"{what} must be True or False, not {errors.quote(flag)}")
    if agent.aim not in AIMS:
        raise errors.RulesError(
            f"aim must be one of {', '.join(map(repr, AIMS))}, not {errors.quote(agent.aim)}"
        )
    if not isinstance(agent.name, str):
        raise errors.RulesError(f"name must be text, not {errors.quote(agent.name)}")


@attrs.frozen
class Estimate:
    """What one move's play-outs found: for each legal move, how the seat fared in its worlds.

    Attributes:
        moves: The legal moves, in the game's order.
        worlds: For each move, the worlds it was played out in.
        weights: For each move, the sum of its worlds' weights (each 1 without ``infer``; with
            it, :data:`cardgames.search.MISS` to the power of the other seats' moves the policy
            would not have made in that world).
        results: For each move, the weighted sum of the seat's results of the hand over its
            worlds.
        tops: For each move, the weighted count of the worlds in which the seat's result of the
            hand was the best of the table (shared or alone).
        kept: The moves still in the running when the budget was spent (every one of them was
            played out in the same worlds, the most), in the game's order.
        spent: The moves made in the play-outs, those of a world cut short included.
        seconds: The wall-clock time the play-outs took.
        aim: What ranks the moves: ``"points"``, the results, or ``"top"``, the tops (the
            results breaking a tie).
    """

    moves: tuple[Any, ...]
    worlds: tuple[int, ...]
    weights: tuple[float, ...]
    results: tuple[float, ...]
    tops: tuple[float, ...]
    kept: tuple[Any, ...]
    spent: int
    seconds: float
    aim: str = "points"

    @property
    def top(self) -> tuple[Any, ...]:
        """The best of the kept moves by the aim, in the game's order; empty with no world."""
        ranked = _ranked(self, self.kept)
        if not ranked or not self.worlds[self.moves.index(ranked[0])]:
            return ()
        best = _key(self, ranked[0])
        return tuple(move for move in self.kept if _key(self, move) == best)

    def mean(self, move: object) -> float:
        """Return a move's mean result over the worlds it was played out in.

        Raises:
            RulesError: If ``move`` is not one of the moves played out.
        """
        place = next((at for at, each in enumerate(self.moves) if each == move), None)
        if place is None or not self.worlds[place]:
            raise errors.RulesError(f"no play-out tried the move {errors.quote(move)}")
        return self.results[place] / self.weights[place]


def _key(found: Estimate, move: object) -> tuple[float, float]:
    """Return what ranks a move by the estimate's aim (comparable among moves of equal worlds)."""
    place = found.moves.index(move)
    if found.aim == "top":
        return found.tops[place], found.results[place]
    return found.results[place], 0


def _ranked(found: Estimate, moves: tuple[Any, ...]) -> list[Any]:
    """Return ``moves``, best first by the estimate's aim (the game's order on a tie)."""
    return sorted(moves, key=lambda move: tuple(-part for part in _key(found, move)))


@attrs.frozen
class RolloutAgent:
    """Plays the move whose play-outs by the game's rule agent give the seat the best result.

    Attributes:
        game: The game's name in :data:`cardgames.GAMES`; the game's package must have
            ``worlds``.
        positions: The most moves one move's play-outs may make in all, or None for no bound;
            with ``seconds=None`` the agent is reproducible on any machine.
        seconds: The most wall-clock time one move may take, or None for no time limit.
        worlds: The most worlds played out for one move.
        aim: What ranks the moves (one of :data:`cardgames.search.AIMS`): ``"points"``, the
            seat's mean result of the hand, or ``"top"``, the share of worlds in which its
            result is the best of the table.
        infer: Whether to weigh each world by how far the other seats' moves so far are those
            the policy would have made in it (see the module's notes).
        policy: The name of the game's own agent (in its entry's ``bots``) that plays every
            seat in the play-outs, and whose move wins a tie.
        name: The name its results go under in :func:`cardgames.simulate.run`.

    Raises:
        RulesError: If the game has no ``worlds``, ``positions`` or ``worlds`` is not a whole
            number above 0, ``seconds`` not a number above 0, both budgets are None,
            ``halving`` or ``infer`` not a bool, ``aim`` not one of :data:`cardgames.search.AIMS`,
            ``policy`` is not one of the game's agents, or ``name`` is not text.

    Example:
        >>> import random
        >>> from cardgames import kalter_schlag, search
        >>> state = kalter_schlag.apply(kalter_schlag.new_game(seed=4), kalter_schlag.Deal())
        >>> seat = kalter_schlag.current_player(state)
        >>> agent = search.RolloutAgent("kalter-schlag", positions=2_000)
        >>> seen = kalter_schlag.view(state, seat)
        >>> move = agent.choose(seen, random.Random(1))
        >>> move in seen.legal_moves, move == agent.choose(seen, random.Random(1))
        (True, True)
    """

    game: str
    positions: int | None = POSITIONS
    seconds: float | None = None
    worlds: int = WORLDS
    aim: str = "points"
    halving: bool = False
    infer: bool = False
    policy: str = "rule"
    name: str = "rollout"

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        _check_agent(self)

    def choose(self, view: protocols.PlayerView[Any], rng: random.Random) -> Any:  # noqa: ANN401
        """Return the seat's move: the one whose play-outs give it the best mean result.

        Args:
            view: The view of the seat to move, of the agent's game.
            rng: The generator: one number is drawn from it, which seeds the worlds and the
                play-outs.

        Raises:
            RulesError: If ``view`` is not a view of the agent's game or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        entry = _parts(self.game)[0]
        view = _checked(entry, view, rng)
        own = random.Random(rng.getrandbits(64))
        legal = view.legal_moves
        if len(legal) == 1:
            return legal[0]
        policy = entry.bots[self.policy]()
        ruled = policy.choose(view, random.Random(own.getrandbits(64)))
        top = estimate(self, view, random.Random(own.getrandbits(64))).top
        return ruled if ruled in top or not top else top[0]


def _checked(entry: game.AnyGame, view: object, rng: object) -> Any:  # noqa: ANN401
    """Return ``view`` checked to be a view of the entry's game whose seat is to move."""
    kind = entry.view_type
    assert kind is not None  # a game with worlds has a View  # noqa: S101
    return agents.turn_view(view, rng, kind, f"a view of {entry.title}")


_CLOCK_EVERY: Final = 16
"""How many play-out moves are made between two looks at the clock."""


class _OutOfTime(Exception):  # noqa: N818  # a signal, not a fault
    """Raised inside a play-out when the move's deadline has passed."""


def estimate(agent: RolloutAgent, view: protocols.PlayerView[Any], rng: random.Random) -> Estimate:
    """Play out every legal move of ``view`` as ``agent`` does, in worlds drawn from ``rng``.

    Args:
        agent: The agent whose game, policy and budget to play out with.
        view: The view of the seat to move.
        rng: The generator the worlds and the play-outs' generators are drawn from.

    Raises:
        RulesError: If ``agent`` is not a :class:`RolloutAgent`, ``view`` not a view of its
            game whose seat is to move, or ``rng`` not a ``random.Random``.

    Example:
        >>> import random
        >>> from cardgames import kalter_schlag, search
        >>> state = kalter_schlag.new_game(seed=4)
        >>> while len(kalter_schlag.view(state, 0).tricks) < 6:
        ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
        >>> agent = search.RolloutAgent("kalter-schlag", positions=None, seconds=5.0, worlds=8)
        >>> seat = kalter_schlag.current_player(state)
        >>> found = search.estimate(agent, kalter_schlag.view(state, seat), random.Random(2))
        >>> found.worlds == (8,) * len(found.moves), found.top[0] in found.moves
        (True, True)
    """
    if type(agent) is not RolloutAgent:
        raise errors.RulesError(f"agent must be a RolloutAgent, not {errors.quote(agent)}")
    entry, worlds = _parts(agent.game)
    view = _checked(entry, view, rng)
    legal = view.legal_moves
    start = time.perf_counter()
    deadline = None if agent.seconds is None else start + agent.seconds
    policy = entry.bots[agent.policy]()
    found = Estimate(
        moves=legal,
        worlds=(0,) * len(legal),
        weights=(0.0,) * len(legal),
        results=(0.0,) * len(legal),
        tops=(0.0,) * len(legal),
        kept=legal,
        spent=0,
        seconds=0.0,
        aim=agent.aim,
    )
    drawn = itertools.islice(worlds(view, rng), agent.worlds)
    rounds = max(1, math.ceil(math.log2(len(legal)))) if agent.halving else 1
    length = 0.0  # the mean length of a play-out so far
    for done in range(rounds):
        share = None
        if agent.positions is not None:
            share = (agent.positions - found.spent) / (rounds - done)
        found, length = _round(
            found,
            (entry, policy, view.seat, agent.infer),
            (drawn, rng),
            (share, deadline, agent.positions),
            length,
        )
        if len(found.kept) > 1 and done < rounds - 1:
            best = _ranked(found, found.kept)[: math.ceil(len(found.kept) / 2)]
            found = attrs.evolve(found, kept=tuple(move for move in legal if move in best))
    return attrs.evolve(found, seconds=time.perf_counter() - start)


def _round(
    found: Estimate,
    players: tuple[game.AnyGame, agents.Agent, int, bool],
    source: tuple[Iterator[Any], random.Random],
    limits: tuple[float | None, float | None, int | None],
    length: float,
) -> tuple[Estimate, float]:
    """Play out the kept moves in new worlds while the round's share of the budget lasts.

    A world is begun only when the share has room for its expected cost (the kept moves times
    the mean length of a play-out so far); the first world of a round always is, unless the
    worlds or the clock have run out. Return the estimate with the round's worlds added, and
    the mean length of a play-out. ``limits`` are the round's share of the positions, the move's
    deadline and its whole budget of positions (each None for none): a first world that does not
    fit in the whole budget is dropped, and nothing is searched.
    """
    entry, policy, seat, infer = players
    drawn, rng = source
    share, deadline, cap = limits
    worlds, weights = list(found.worlds), list(found.weights)
    results, tops = list(found.results), list(found.tops)
    spent = found.spent
    used = 0
    played = sum(found.worlds)
    for count, world in enumerate(drawn):
        expected = length * len(found.kept)
        if share is not None and count and used + expected > share:
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
        seed = rng.getrandbits(64)
        before = spent
        weight = 1.0
        if infer:
            weight, made = _likelihood(entry, policy, world, (seat, seed))
            spent += made
        room = None if played or cap is None else cap - spent
        outcomes, moves = _world(entry, policy, world, found.kept, (seat, seed), deadline, room)
        spent += moves
        if outcomes is None:
            break
        used += spent - before
        for move, (result, best) in zip(found.kept, outcomes, strict=True):
            place = found.moves.index(move)
            worlds[place] += 1
            weights[place] += weight
            results[place] += weight * result
            tops[place] += weight * best
        length = (length * played + spent - before) / (played + len(found.kept))
        played += len(found.kept)
        if share is not None and used >= share:
            break
    changed = attrs.evolve(
        found,
        worlds=tuple(worlds),
        weights=tuple(weights),
        results=tuple(results),
        tops=tuple(tops),
        spent=spent,
    )
    return changed, length


def _world(  # noqa: PLR0917  # the inner loop's arguments, called positionally once
    entry: game.AnyGame,
    policy: agents.Agent,
    world: Any,  # noqa: ANN401  # any game's state
    kept: tuple[Any, ...],
    where: tuple[int, int],
    deadline: float | None,
    room: int | None,
) -> tuple[list[tuple[int, bool]] | None, int]:
    """Play out each kept move in one world; return how the seat fared after each, and the moves.

    None instead of the outcomes when the deadline passed, or when the play-outs made more than
    ``room`` moves (None for no such bound): the world is dropped. ``where`` is the seat and the
    seed of the play-outs' generators.
    """
    seat, seed = where
    hands = len(entry.hand_returns(world))
    outcomes: list[tuple[int, bool]] = []
    spent = 0
    try:
        for move in kept:
            after = entry.apply(world, move)
            outcome, moves = _play_out(entry, policy, after, (seat, hands, seed), deadline)
            outcomes.append(outcome)
            spent += moves
            if room is not None and spent > room:
                return None, spent  # not even one world fits: the policy's move is played
    except _OutOfTime:
        return None, spent
    return outcomes, spent


MISS: Final = 0.1
"""With ``infer``, what a world's weight is multiplied by for each move of another seat that the
policy, in that seat's place in the world, would not have made."""


def _likelihood(
    entry: game.AnyGame,
    policy: agents.Agent,
    world: Any,  # noqa: ANN401  # any game's state
    where: tuple[int, int],
) -> tuple[float, int]:
    """Return how far the other seats' moves in a world are the policy's, and the moves it made.

    The world's moves are replayed from the start of its match (a world is a match that starts
    with the hand being played); at each move of another seat that had a choice, the policy
    chooses in that seat's place, and each move it would not have made multiplies the weight by
    :data:`cardgames.search.MISS`. A world that cannot be replayed (a game whose worlds start
    otherwise) weighs 1. ``where`` is the seat searching and the seed of the policy's generator.
    """
    seat, seed = where
    dealer = getattr(world, "dealer", None)
    if type(dealer) is not int:  # pragma: no cover  # every trick game's state has its dealer
        return 1.0, 0
    moves = history.moves_of(getattr(world, "history", None))
    try:
        state = entry.replay(
            world.rules, world.seed, (), players=world.players, first_dealer=dealer
        )
    except errors.CardgamesError:
        return 1.0, 0
    rng = random.Random(seed)
    misses = made = 0
    for move in moves:
        mover = entry.current_player(state)
        if mover is not None and mover != seat and type(move) is not core_moves.Deal:
            seen = entry.view(state, mover)
            if len(seen.legal_moves) > 1:
                made += 1
                misses += policy.choose(seen, rng) != move
        try:
            state = entry.apply(state, move)
        except errors.CardgamesError:
            return 1.0, made
    return MISS**misses, made


def _play_out(
    entry: game.AnyGame,
    policy: agents.Agent,
    state: Any,  # noqa: ANN401  # any game's state
    where: tuple[int, int, int],
    deadline: float | None,
) -> tuple[tuple[int, bool], int]:
    """Play the hand out with ``policy`` in every seat; return how the seat fared, and the moves.

    How it fared is its result of the hand and whether that was the best of the table.

    ``where`` is the seat, the number of hands finished before the hand played out, and the
    seed of the play-out's generator.

    Raises:
        _OutOfTime: If the deadline passes during the play-out.
    """
    seat, hands, seed = where
    rng = random.Random(seed)
    moves = 0
    while not state.hand_over:
        seat_to_move = entry.current_player(state)
        if seat_to_move is None:  # pragma: no cover  # a hand in progress has a seat to move
            break
        state = entry.apply(state, policy.choose(entry.view(state, seat_to_move), rng))
        moves += 1
        if deadline is not None and not moves % _CLOCK_EVERY and time.perf_counter() > deadline:
            raise _OutOfTime
    finished = entry.hand_returns(state)
    if len(finished) <= hands:  # pragma: no cover  # a hand played out has its result
        return (0, False), moves
    hand = finished[hands]
    return (hand[seat], hand[seat] == max(hand)), moves
