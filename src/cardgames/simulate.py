"""Play matches between agents.

Example:
    >>> import cardgames
    >>> from cardgames import agents, simulate
    >>> game = cardgames.GAMES["kalter-schlag"]
    >>> final = simulate.play_match(game, [agents.RandomAgent()] * 4, seed=11)
    >>> game.is_over(final), final == simulate.play_match(game, [agents.RandomAgent()] * 4, seed=11)
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardgames import agents, dealing, errors, game

__all__ = ["play_match"]

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
