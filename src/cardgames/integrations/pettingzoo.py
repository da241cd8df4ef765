"""Every game as a PettingZoo AEC environment (``pip install "python-cardgames[pettingzoo]"``).

:func:`env` returns an :class:`AECEnvironment` of any game: the agents are ``player_0`` …, the
seats of the match; the agent to act is the seat to move. An episode is one match, cut after
``max_hands`` hands (one unless told; None plays the match out under its rules), and the
deals happen by themselves: they are chance, not a choice. The action space is ``Discrete``
over the game's actions (:attr:`~cardgames.game.Game.num_moves`); a move made of several
actions (Staekske Rape's discard of four cards, a gin lay-out) takes several steps of the same
agent, its actions so far in the observation's ``"chosen"``.

Each observation is a dict of three arrays: ``"observation"``, the seat's
:meth:`~cardgames.game.Game.observation` (int64, its space built from the layout's value
ranges); ``"action_mask"``, the seat's :meth:`~cardgames.game.Game.legal_mask` (int8, all 0
when the seat is not to act); and ``"chosen"`` (int8, 1 for each action already chosen of the
move being made). After every step each agent's reward is the change in its
:meth:`~cardgames.game.Game.returns`, the higher the better in every game, so the rewards of an
episode add up to the match's returns.

Example:
    >>> from cardgames.integrations import pettingzoo
    >>> table = pettingzoo.env("kalter-schlag")
    >>> table.reset(seed=7)
    >>> table.agent_selection, table.observe("player_1")["observation"].shape
    ('player_0', (319,))
    >>> earned = dict.fromkeys(table.possible_agents, 0)
    >>> for agent in table.agent_iter():
    ...     observation, reward, terminated, truncated, info = table.last()
    ...     earned[agent] += reward
    ...     action = None if terminated else int(observation["action_mask"].argmax())
    ...     table.step(action)
    >>> list(earned.values())  # penalty points, negated; these players double whenever they may
    [-1820, 0, 0, 0]
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
import pettingzoo

from cardgames import errors
from cardgames.integrations import _episodes as episodes

__all__ = ["RENDER_MODES", "AECEnvironment", "env"]

RENDER_MODES: Final = ("ansi",)
"""The render modes: ``"ansi"``, the table as text from the seat to move's side."""


class AECEnvironment(pettingzoo.AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """A game's match as a PettingZoo AEC environment; build it with :func:`env`.

    Attributes:
        metadata: PettingZoo's metadata: the name and the render modes.
        possible_agents: ``player_0`` … ``player_{n-1}``, one per seat.
        render_mode: ``"ansi"`` or None.
    """

    def __init__(
        self,
        game: object,
        *,
        rules: object = None,
        players: int | None = None,
        max_hands: int | None = 1,
        render_mode: str | None = None,
    ) -> None:
        """Build the environment of a match (see :func:`env`)."""
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise errors.RulesError(
                f"render_mode must be 'ansi' or None, not {errors.quote(render_mode)}"
            )
        self._episode = episodes.Episode.of(game, rules, players, max_hands)
        entry = self._episode.entry
        seats = self._episode.players
        self.metadata = {
            "name": f"cardgames_{entry.name.replace('-', '_')}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        low, high = episodes.observation_bounds(entry, self._episode.rules, seats)
        flags = gymnasium.spaces.Box(0, 1, (entry.num_moves,), dtype=np.int8)
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low, high, dtype=np.int64),
                "action_mask": flags,
                "chosen": flags,
            }
        )
        self._action_space = gymnasium.spaces.Discrete(entry.num_moves)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Return the observation space, the same for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Return the action space, the same for every agent."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match from ``seed`` (None: a fresh one), its first hand dealt."""
        del options  # no options: the rules are the environment's
        self._episode.start(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """Give the turn to the seat to move (once the match is over, to the first agent left)."""
        mover = self._episode.mover
        self.agent_selection = self.agents[0] if mover is None else f"player_{mover}"

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """Return what the agent's seat knows now, with its mask and its actions chosen."""
        return self._episode.observe(self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        """Take the selected agent's action (None once it is terminated).

        Raises:
            IllegalMoveError: If the action is not legal now.
            RulesError: If ``action`` is not an action index.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        rewards = self._episode.act(action)
        self._cumulative_rewards[agent] = 0
        self.rewards = {name: rewards[seat] for seat, name in enumerate(self.possible_agents)}
        if self._episode.over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Return the table as text with ``render_mode="ansi"``, else None."""
        if self.render_mode is None:
            return None
        return self._episode.render(None)

    def close(self) -> None:
        """Release nothing: the environment holds only values."""


def env(
    game: object,
    *,
    rules: object = None,
    players: int | None = None,
    max_hands: int | None = 1,
    render_mode: str | None = None,
) -> AECEnvironment:
    """Return a game's AEC environment.

    Args:
        game: The game: its entry (``cardgames.GAMES["gin-rummy"]``) or its name.
        rules: The game's ``Rules``; None for its defaults.
        players: The number of seats; None for the usual number.
        max_hands: The hands an episode lasts at most (the match ends there, as the rules'
            ``max_hands`` ends it); None to play every match out under the rules.
        render_mode: ``"ansi"`` for :meth:`AECEnvironment.render` to return the table as text.

    Raises:
        UnknownGameError: If ``game`` is text that names no game.
        RulesError: If ``game`` is not a game, the rules are not its rules, ``players`` is not
            one of its player counts, ``max_hands`` is not a number of hands or
            ``render_mode`` is not a mode.
    """
    return AECEnvironment(
        game, rules=rules, players=players, max_hands=max_hands, render_mode=render_mode
    )
