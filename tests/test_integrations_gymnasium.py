"""The Gymnasium adapter: Gymnasium's ``check_env`` for every game, and one seat's episode."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardgames
from cardgames import agents, errors
from cardgames.integrations import gymnasium

SETUPS = [
    (name, count) for name in sorted(cardgames.GAMES) for count in cardgames.GAMES[name].players
]


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_gymnasiums_check_env_passes_for_every_game_registered_with_it(
    name: str, players: int
) -> None:
    table = gym.make(
        f"cardgames/{name}-v0",
        players=players,
        seat=players - 1,
        illegal="random",
        render_mode="ansi",
    )
    check_env(table.unwrapped, skip_render_check=False)
    observation, info = table.reset(seed=4)
    assert table.observation_space.contains(observation)
    assert len(info["returns"]) == players


def test_make_builds_what_gymnasium_makes() -> None:
    ours = gymnasium.make("mariage", players=7, seat=3)
    theirs = gym.make("cardgames/mariage-v0", players=7, seat=3)
    assert ours.observation_space == theirs.observation_space
    first, _ = ours.reset(seed=2)
    second, _ = theirs.reset(seed=2)
    assert all(np.array_equal(first[key], second[key]) for key in first)


def test_the_rewards_add_up_to_the_learners_return_and_the_seed_replays_the_episode() -> None:
    def episode(seed: int) -> tuple[list[float], tuple[int, ...]]:
        table = gymnasium.make("kalter-schlag", seat=2, others=["rule", "random", "rule"])
        observation, info = table.reset(seed=seed)
        rewards, done = [], False
        while not done:
            action = int(np.flatnonzero(observation["action_mask"])[-1])
            observation, reward, done, truncated, info = table.step(action)
            rewards.append(float(reward))
            assert not truncated
        return rewards, info["returns"]

    rewards, returns = episode(8)
    assert sum(rewards) == returns[2]
    assert episode(8) == (rewards, returns)


def test_the_other_seats_can_be_agent_objects() -> None:
    table = gymnasium.make("gin-rummy", others=[agents.FirstAgent()])
    observation, _ = table.reset(seed=1)
    assert observation["action_mask"].any()


def test_an_illegal_action_raises_and_changes_nothing_unless_random_is_asked() -> None:
    table = gymnasium.make("mariage", players=5)
    observation, _ = table.reset(seed=9)
    before = table._episode.state  # noqa: SLF001
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(errors.IllegalMoveError, match="is not legal now"):
        table.step(illegal)
    assert table._episode.state is before  # noqa: SLF001
    forgiving = gymnasium.make("mariage", players=5, illegal="random")
    observation, _ = forgiving.reset(seed=9)
    *_, info = forgiving.step(illegal)
    assert info["illegal"] is True


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(errors.RulesError, match="seat must be a seat of the match"):
        gymnasium.make("gin-rummy", seat=2)
    with pytest.raises(errors.RulesError, match="others must be 1 agents"):
        gymnasium.make("gin-rummy", others=["rule", "rule"])
    with pytest.raises(errors.RulesError, match="illegal must be"):
        gymnasium.make("gin-rummy", illegal="ignore")  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError, match="render_mode"):
        gymnasium.make("gin-rummy", render_mode="rgb_array")
    table = gymnasium.make("gin-rummy")
    with pytest.raises(errors.RulesError, match="call reset first"):
        table.step(0)
