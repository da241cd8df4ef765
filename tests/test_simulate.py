"""Tests of cardgames.simulate: whole matches between agents."""

from __future__ import annotations

from typing import Any

import pytest

import cardgames
from cardgames import agents, errors, game, simulate


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_a_match_is_a_pure_function_of_its_seed(name: str) -> None:
    entry = cardgames.GAMES[name]
    rules = entry.rules_type(max_hands=3)
    bots = [agents.RandomAgent()] * entry.players[0]
    first = simulate.play_match(entry, bots, rules=rules, seed=21)
    again = simulate.play_match(entry, bots, rules=rules, seed=21)
    other = simulate.play_match(entry, bots, rules=rules, seed=22)
    assert entry.is_over(first)
    assert first == again
    assert first.moves != other.moves
    assert entry.replay(rules, 21, first.moves, first_dealer=None) == first


def test_the_observer_sees_every_move_in_order() -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    seen: list[tuple[Any, Any, Any]] = []

    def observe(before: Any, move: Any, after: Any) -> None:  # any game's types
        seen.append((before, move, after))

    final = simulate.play_match(
        entry,
        [agents.RandomAgent()] * 4,
        rules=entry.rules_type(max_hands=1),
        seed=4,
        first_dealer=2,
        observe=observe,
    )
    assert [move for _, move, _ in seen] == list(final.moves)
    assert all(entry.apply(before, move) == after for before, move, after in seen)
    assert seen[0][0].first_dealer == 2
    assert seen[-1][2] == final


def test_the_number_of_agents_must_fit_the_game() -> None:
    entry: game.AnyGame = cardgames.GAMES["kalter-schlag"]
    with pytest.raises(errors.RulesError, match="exactly 4 players, not 3"):
        simulate.play_match(entry, [agents.RandomAgent()] * 3, seed=1)
