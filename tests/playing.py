"""Seeded random play, shared by the test modules.

Many tests walk every state of a match whose moves are chosen at random from the legal ones;
this is that walk, written once. The moves depend only on the seed, so a test that finds a
fault names a match anyone can play again.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import cardgames


def random_states(
    name: str,
    seed: int,
    *,
    rules: object = None,
    hands: int | None = None,
    players: int | None = None,
) -> Iterator[Any]:
    """Yield every state of a seeded random match, the first (before the deal) included.

    Args:
        name: The game's name in :data:`cardgames.GAMES`.
        seed: The match's seed, and the seed of the generator that picks the moves.
        rules: The options; None for the defaults (or ``hands`` hands of them).
        hands: With no ``rules``, the match is cut after this many hands.
        players: The player count; None for the game's usual one.
    """
    entry = cardgames.GAMES[name]
    if rules is None and hands is not None:
        rules = entry.rules_type(max_hands=hands)
    state = entry.new_game(rules, seed=seed, players=players)
    chooser = random.Random(seed)
    yield state
    while not entry.is_over(state):
        state = entry.apply(state, chooser.choice(entry.legal_moves(state)))
        yield state


def after_moves(
    name: str, seed: int, moves: int, *, rules: object = None, players: int | None = None
) -> Any:  # any game's state
    """Return the state :func:`random_states` reaches after ``moves`` moves (or its last)."""
    walk = random_states(name, seed, rules=rules, players=players)
    state = next(walk)
    for state in itertools.islice(walk, moves):  # noqa: B007  # the last one is the answer
        pass
    return state
