"""One seat of any game as a Gymnasium environment (``pip install "python-cardgames[gymnasium]"``).

:func:`make` returns a :class:`SeatEnvironment`: the learner plays one seat of a match and the
given agents (rule bots unless told) play the others, choosing from their own views. An episode
is one match, cut after ``max_hands`` hands (one unless told); the deals happen by themselves.
Its observations, actions and rewards are those of :mod:`cardgames.integrations.pettingzoo`,
seen from the learner's seat: a dict of the seat's ``"observation"``, ``"action_mask"`` and
``"chosen"`` arrays, a ``Discrete`` action over the game's actions, and as reward the change in
the learner's :meth:`~cardgames.game.Game.returns` since its last action (the others' moves in
between included). The other agents' choices are drawn from the seed given to ``reset``, so an
episode is a pure function of the seed and the learner's actions.

Every game is registered with Gymnasium too, as ``cardgames/<name>-v0``:
``gymnasium.make("cardgames/kalter-schlag-v0", seat=2)`` builds the same environment inside
Gymnasium's wrappers.

An action that is not legal raises :class:`~cardgames.errors.IllegalMoveError` and changes
nothing. With ``illegal="random"`` a legal action drawn from the episode's generator is taken
instead, and the step's info says so (``info["illegal"]``): for a learner that does not read the
mask, and for Gymnasium's ``check_env``, which steps with actions sampled from the whole space.

Example:
    >>> from cardgames.integrations import gymnasium
    >>> table = gymnasium.make("gin-rummy", seat=1)
    >>> observation, info = table.reset(seed=3)
    >>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
    ((762,), True)
    >>> done, earned = False, 0
    >>> while not done:
    ...     action = int(observation["action_mask"].argmax())
    ...     observation, reward, done, truncated, info = table.step(action)
    ...     earned += reward
    >>> earned == info["returns"][1]  # the rewards add up to the learner's return
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Literal, SupportsFloat

import gymnasium
import numpy as np

import cardgames
from cardgames import agents, dealing, errors
from cardgames.integrations import _episodes as episodes

__all__ = ["ILLEGAL", "RENDER_MODES", "SeatEnvironment", "make"]

RENDER_MODES: Final = ("ansi",)
"""The render modes: ``"ansi"``, the table as text from the learner's side."""

ILLEGAL: Final = ("raise", "random")
"""What an environment does with an action that is not legal: raise, or take a random legal one."""

Observation = dict[str, Any]
"""An observation: arrays of the seat's ints, its legal mask and the actions chosen of its move."""


class SeatEnvironment(gymnasium.Env[Observation, np.int64]):
    """One seat of a game's match as a Gymnasium environment; build it with :func:`make`.

    Attributes:
        metadata: Gymnasium's metadata: the render modes.
        observation_space: A ``Dict`` of the observation's ``Box`` (from the layout's value
            ranges), the mask's and the chosen actions'.
        action_space: ``Discrete`` over the game's actions.
        seat: The learner's seat.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: object,
        *,
        seat: int = 0,
        others: Sequence[object] | None = None,
        rules: object = None,
        players: int | None = None,
        max_hands: int | None = 1,
        render_mode: str | None = None,
        illegal: Literal["raise", "random"] = "raise",
    ) -> None:
        """Build the environment (see :func:`make`)."""
        if illegal not in ILLEGAL:
            raise errors.RulesError(
                f"illegal must be 'raise' or 'random', not {errors.quote(illegal)}"
            )
        self._illegal = illegal
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise errors.RulesError(
                f"render_mode must be 'ansi' or None, not {errors.quote(render_mode)}"
            )
        self._episode = episodes.Episode.of(game, rules, players, max_hands)
        entry, seats = self._episode.entry, self._episode.players
        if type(seat) is not int or not 0 <= seat < seats:
            raise errors.RulesError(
                f"seat must be a seat of the match, 0 to {seats - 1}, not {errors.quote(seat)}"
            )
        self.seat = seat
        chosen: object = ["rule"] * (seats - 1) if others is None else others
        if isinstance(chosen, str) or not isinstance(chosen, Sequence) or len(chosen) != seats - 1:
            raise errors.RulesError(
                f"others must be {seats - 1} agents or agent names, one for each other seat, "
                f"not {errors.quote(others)}"
            )
        self._others: dict[int, agents.Agent] = {
            other: agent
            if callable(getattr(agent, "choose", None))
            else agents.by_name(entry, agent)
            for other, agent in zip((s for s in range(seats) if s != seat), chosen, strict=True)
        }
        self.render_mode = render_mode
        low, high = episodes.observation_bounds(entry, self._episode.rules, seats)
        flags = gymnasium.spaces.Box(0, 1, (entry.num_moves,), dtype=np.int8)
        self.observation_space: gymnasium.spaces.Dict = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low, high, dtype=np.int64),
                "action_mask": flags,
                "chosen": flags,
            }
        )
        self.action_space: gymnasium.spaces.Discrete = gymnasium.spaces.Discrete(entry.num_moves)
        self._rng = random.Random()
        self._earned = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new match from ``seed`` and play the others up to the learner's first turn."""
        del options  # no options: the rules are the environment's
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(2**63)) if seed is None else seed
        self._rng = dealing.rng(match_seed, "others")
        self._episode.start(match_seed)
        self._earned = 0
        self._play_others()
        return self._episode.observe(self.seat), self._info()

    def _play_others(self) -> None:
        """Let the other seats move until it is the learner's turn or the match is over."""
        episode, entry = self._episode, self._episode.entry
        while (mover := episode.mover) is not None and mover != self.seat:
            move = self._others[mover].choose(entry.view(episode.state, mover), self._rng)
            for action in entry.move_indices(move):
                self._earned += episode.act(action)[self.seat]

    def _info(self) -> dict[str, Any]:
        """Return the step's info: every seat's return so far."""
        return {"returns": self._episode.returns}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take the learner's action, then let the others move until its next turn.

        Raises:
            IllegalMoveError: If the action is not legal now.
            RulesError: If ``action`` is not an action index, or the episode is over.
        """
        if self._episode.state is None or self._episode.over:
            raise errors.RulesError("the episode is over (or not started): call reset first")
        mask = self._episode.observe(self.seat)["action_mask"]
        taken = episodes.action_index(action)
        refused = not (0 <= taken < mask.size and mask[taken])
        if refused and self._illegal == "random":
            taken = self._rng.choice([int(index) for index in np.flatnonzero(mask)])
        self._earned += self._episode.act(taken)[self.seat]
        self._play_others()
        reward, self._earned = self._earned, 0
        info = self._info()
        if self._illegal == "random":
            info["illegal"] = refused
        return self._episode.observe(self.seat), reward, self._episode.over, False, info

    def render(self) -> str | None:
        """Return the table as text, from the learner's side, with ``render_mode="ansi"``."""
        if self.render_mode is None:
            return None
        return self._episode.render(self.seat)


def _register() -> None:
    """Register every game with Gymnasium, as ``cardgames/<name>-v0`` (``gymnasium.make``)."""
    for name in cardgames.GAMES:
        env_id = f"cardgames/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point=f"{__name__}:SeatEnvironment", kwargs={"game": name}
            )


_register()


def make(
    game: object,
    *,
    seat: int = 0,
    others: Sequence[object] | None = None,
    rules: object = None,
    players: int | None = None,
    max_hands: int | None = 1,
    render_mode: str | None = None,
    illegal: Literal["raise", "random"] = "raise",
) -> SeatEnvironment:
    """Return the environment of one seat of a game, the other seats played by agents.

    Args:
        game: The game: its entry (``cardgames.GAMES["gin-rummy"]``) or its name.
        seat: The learner's seat.
        others: One agent (an object with ``choose``) or agent name for each other seat, in
            seat order; None for the game's rule agents.
        rules: The game's ``Rules``; None for its defaults.
        players: The number of seats; None for the usual number.
        max_hands: The hands an episode lasts at most; None to play every match out.
        render_mode: ``"ansi"`` for :meth:`SeatEnvironment.render` to return the table as text.
        illegal: ``"raise"`` to refuse an action that is not legal (IllegalMoveError), or
            ``"random"`` to take a random legal action instead (``info["illegal"]`` says so).

    Raises:
        UnknownGameError: If ``game`` is text that names no game.
        RulesError: If an argument is not valid (each message says which and why).
    """
    return SeatEnvironment(
        game,
        seat=seat,
        others=others,
        rules=rules,
        players=players,
        max_hands=max_hands,
        render_mode=render_mode,
        illegal=illegal,
    )
