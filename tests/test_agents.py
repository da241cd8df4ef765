"""Tests of cardgames.agents: agents choose from a seat's view."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames import agents, errors, kalter_schlag


def test_random_agent_chooses_a_legal_move_reproducibly() -> None:
    state = kalter_schlag.apply(
        kalter_schlag.new_game(seed=8, first_dealer=0), kalter_schlag.Deal()
    )
    seat = kalter_schlag.current_player(state)
    assert seat is not None
    view = kalter_schlag.view(state, seat)
    chosen = [agents.RandomAgent().choose(view, random.Random(5)) for _ in range(3)]
    assert chosen[0] in view.legal_moves
    assert chosen == [chosen[0]] * 3
    seen = {agents.RandomAgent().choose(view, random.Random(draw)) for draw in range(200)}
    assert seen == set(view.legal_moves)


def test_random_agent_refuses_a_view_without_moves() -> None:
    state = kalter_schlag.new_game(seed=8, first_dealer=0)
    with pytest.raises(errors.IllegalMoveError, match="seat 2 has no move to choose") as caught:
        agents.RandomAgent().choose(kalter_schlag.view(state, 2), random.Random(1))
    assert caught.value.seat == 2


def test_random_agent_satisfies_the_protocol() -> None:
    agent: agents.Agent = agents.RandomAgent()
    assert agent == agents.RandomAgent()


def test_first_agent_and_agents_by_name() -> None:
    entry = cardgames.GAMES["staekske-rape"]
    state = entry.apply(entry.new_game(seed=4, first_dealer=0), entry.parse_move("deal"))
    seat = entry.current_player(state)
    assert seat is not None
    seen = entry.view(state, seat)
    assert agents.FirstAgent().choose(seen, random.Random(1)) == seen.legal_moves[0]
    assert agents.names(entry)[:2] == ("random", "first")
    for name in agents.names(entry):
        assert agents.by_name(entry, name).choose(seen, random.Random(2)) in seen.legal_moves
    for bad in ("genius", 3, None):
        with pytest.raises(errors.RulesError, match="Staekske Rape has no agent"):
            agents.by_name(entry, bad)
    with pytest.raises(errors.IllegalMoveError, match="it is not its turn"):
        agents.FirstAgent().choose(entry.view(state, (seat + 1) % 4), random.Random(1))
