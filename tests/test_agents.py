"""Tests of cardgames.agents: agents choose from a seat's view."""

from __future__ import annotations

import random

import pytest

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
