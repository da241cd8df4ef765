"""Playing: one match between agents, and one batch of a run's matches summarised.

Internal to :mod:`cardgames.simulate`, which publishes :func:`play_match`. A run hands its
matches out in batches: a :class:`Batch` (matches ``start`` to ``start + count``, which pickles
to be sent to a worker) is played by :func:`play_batch` into a :class:`Played`, its summary and
the hands each match took; :func:`capped_rules` are the rules it plays them with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

import cardgames
from cardgames import agents, dealing, errors, game
from cardgames.simulate import _seating as table
from cardgames.simulate._summary import AgentResult, Summary

__all__ = ["Batch", "Played", "capped_rules", "play_batch", "play_match"]

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
class Batch:
    """Matches ``start`` to ``start + count`` of a run: one task for an executor (it pickles).

    ``seats`` are the entrants of match 0, seat by seat, and ``labels`` the names their results
    go under; ``rules`` are the caller's, ``capped`` the ones played, with the run's
    ``max_hands``.
    """

    game: str
    seats: tuple[table.Entrant, ...]
    labels: tuple[str, ...]
    start: int
    count: int
    seed: int
    rules: object
    capped: object

    @property
    def seeds(self) -> tuple[int, ...]:
        """Each of the batch's matches' seed."""
        return tuple(table.match_seed(self.seed, index) for index in self._indices)

    @property
    def _indices(self) -> range:
        """The numbers of the batch's matches."""
        return range(self.start, self.start + self.count)


@attrs.frozen
class Played:
    """What a batch gives back: its summary, and the hands each of its matches took."""

    summary: Summary
    hands: tuple[int, ...]


def play_batch(job: Batch) -> Played:
    """Play a batch of a run's matches and summarise them (in a worker, or here)."""
    match_game = cardgames.GAMES[job.game]
    kinds = [table.kind(match_game, entrant) for entrant in job.seats]
    results = {label: AgentResult(label) for label in job.labels}
    hands: list[int] = []
    capped = 0
    for index in job._indices:  # noqa: SLF001  # its own module's batch
        seated = table.rotated(tuple(zip(job.seats, kinds, job.labels, strict=True)), index)
        seed = table.match_seed(job.seed, index)
        try:
            players = [table.agent(match_game, entrant, kind) for entrant, kind, _ in seated]
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
    return Played(summary, tuple(hands))


def capped_rules(rules: Any, max_hands: int | None) -> Any:  # noqa: ANN401  # any game's Rules
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
