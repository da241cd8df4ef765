"""The PettingZoo adapter: PettingZoo's own API and seed tests for every game and player count.

PettingZoo's ``api_test`` warns about any environment whose observations are dicts (as every
environment with an action mask in the observation is) unless it is one of PettingZoo's own;
those two warnings are expected, and any other fails the test.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cardgames
from cardgames import errors, staekske_rape
from cardgames.integrations import pettingzoo

SETUPS = [
    (name, count) for name in sorted(cardgames.GAMES) for count in cardgames.GAMES[name].players
]

EXPECTED_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)
"""What ``api_test`` says of every dict observation that is not one of PettingZoo's own games."""


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_pettingzoos_api_and_seed_tests_pass(name: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo.env(name, players=players, render_mode="ansi"), num_cycles=200)
        seed_test(lambda: pettingzoo.env(name, players=players, max_hands=2), num_cycles=200)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    ]
    assert unexpected == []


def _play_out(table: pettingzoo.AECEnvironment, seed: int) -> dict[str, float]:
    """Play an episode with the first legal action; return each agent's summed rewards."""
    table.reset(seed=seed)
    earned = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        earned[agent] += reward
        table.step(None if terminated or truncated else int(observation["action_mask"].argmax()))
    return earned


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_the_rewards_add_up_to_the_matchs_returns(name: str) -> None:
    table = pettingzoo.env(name, max_hands=2)
    earned = _play_out(table, seed=5)
    final = table.unwrapped._episode.state  # noqa: SLF001  # the match the episode played
    entry = cardgames.GAMES[name]
    assert entry.is_over(final)
    assert [earned[f"player_{seat}"] for seat in range(final.players)] == list(entry.returns(final))


def test_the_observation_is_the_seats_view_and_only_the_mover_has_a_mask() -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    table = pettingzoo.env(entry)
    table.reset(seed=3)
    state = table.unwrapped._episode.state  # noqa: SLF001
    mover = entry.current_player(state)
    for seat, agent in enumerate(table.possible_agents):
        seen = table.observe(agent)
        assert tuple(seen["observation"]) == entry.observation(state, seat)
        assert table.observation_space(agent).contains(seen)
        assert tuple(seen["action_mask"]) == entry.legal_mask(entry.view(state, seat))
        assert seen["action_mask"].any() == (seat == mover)
    assert table.agent_selection == f"player_{mover}"


def test_a_discard_of_four_cards_is_four_steps_of_one_agent() -> None:
    table = pettingzoo.env("staekske-rape")
    table.reset(seed=11)
    episode = table.unwrapped._episode  # noqa: SLF001
    entry = episode.entry
    steps = 0
    while not isinstance(entry.legal_moves(episode.state)[0], staekske_rape.Discard):
        observation = table.observe(table.agent_selection)
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))  # the lowest bid, the stock
        steps += 1
        assert steps < 1000, "no discard reached"
    declarer = table.agent_selection
    for chosen in range(4):
        observation = table.observe(declarer)
        assert int(observation["chosen"].sum()) == chosen
        assert table.agent_selection == declarer
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert not isinstance(entry.legal_moves(episode.state)[0], staekske_rape.Discard)


def test_bad_actions_and_arguments_raise_the_librarys_errors() -> None:
    table = pettingzoo.env("gin-rummy")
    table.reset(seed=1)
    before = table.unwrapped._episode.state  # noqa: SLF001
    mask = table.observe(table.agent_selection)["action_mask"]
    with pytest.raises(errors.IllegalMoveError, match="is not legal now"):
        table.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(errors.RulesError, match="an action is a whole number"):
        table.step("draw")  # type: ignore[arg-type]
    assert table.unwrapped._episode.state is before  # noqa: SLF001  # nothing changed
    with pytest.raises(errors.RulesError, match="render_mode"):
        pettingzoo.env("gin-rummy", render_mode="human")
    with pytest.raises(errors.RulesError, match="max_hands"):
        pettingzoo.env("gin-rummy", max_hands=0)
    with pytest.raises(errors.RulesError, match="players must be one of"):
        pettingzoo.env("gin-rummy", players=3)
    with pytest.raises(errors.UnknownGameError):
        pettingzoo.env("whist")
    with pytest.raises(errors.RulesError, match=r"rules must be a gin_rummy\.Rules"):
        pettingzoo.env("gin-rummy", rules=cardgames.GAMES["mariage"].rules_type())


def test_ansi_rendering_names_the_seat_to_move_and_its_cards() -> None:
    table = pettingzoo.env("kalter-schlag", render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert text is not None
    assert f"{table.agent_selection} to move" in text
    assert f"{table.agent_selection} holds:" in text
    assert pettingzoo.env("kalter-schlag").render() is None
