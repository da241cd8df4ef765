"""What the environment adapters share: a match played as an episode, action by action.

An :class:`Episode` holds the match, the actions chosen so far of the move being made, and the
returns of the last step; it deals by itself (a deal is chance, not a choice), turns an action
into a move once the move is complete, and gives each seat its observation as the three arrays
the adapters' observation spaces hold. It needs numpy, which both adapted libraries depend on.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

import cardgames
from cardgames import errors, game, moves, protocols

__all__ = ["Episode", "action_index", "legal_actions", "observation_bounds"]

_INT64: Final = np.iinfo(np.int64)
"""The bounds a block with no bound of its own gets in an observation space."""

_SHOWN: Final = 12
"""The most legal moves a rendering lists (a discard of four cards has hundreds)."""


def observation_bounds(
    entry: game.AnyGame, rules: object, players: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Return the least and greatest value of each int of the game's observations.

    A block the rules set no bound for (a running total) gets the bounds of int64.
    """
    low, high = protocols.bounds(entry.layout(rules, players))
    return (
        np.array([_INT64.min if value is None else value for value in low], dtype=np.int64),
        np.array([_INT64.max if value is None else value for value in high], dtype=np.int64),
    )


def _arrays(size: int, actions: int) -> dict[str, npt.NDArray[Any]]:
    """Return new arrays for an observation: the ints, the legal mask, the actions chosen."""
    return {
        "observation": np.empty(size, dtype=np.int64),
        "action_mask": np.zeros(actions, dtype=np.int8),
        "chosen": np.zeros(actions, dtype=np.int8),
    }


def legal_actions(entry: game.AnyGame, seen: object, chosen: tuple[int, ...]) -> Iterable[int]:
    """Return the actions that may follow ``chosen`` now: the ones of the legal mask.

    ``seen`` is a state or a view of ``entry`` and ``chosen`` a tuple of action indices, as
    :meth:`~cardgames.game.Game.legal_mask` takes them. This is the mask without the list of
    ``num_moves`` flags it is made from (a gin mask has 595), for the adapters that need only
    its ones; the answers are kept for the same state or view, so that
    :meth:`~cardgames.game.Game.index_to_move` on it costs no more.
    """
    return entry._next_actions(seen, chosen).keys()  # noqa: SLF001  # the mask's own answers


def action_index(action: object) -> int:
    """Return an action as a Python int (numpy's ints are actions too).

    Raises:
        RulesError: If ``action`` is not a whole number.
    """
    if isinstance(action, bool):
        raise errors.RulesError(f"an action is a whole number, not {errors.quote(action)}")
    try:
        return operator.index(action)  # type: ignore[arg-type]  # anything with __index__
    except TypeError:
        raise errors.RulesError(
            f"an action is a whole number, not {errors.quote(action)}"
        ) from None


def _rules(entry: game.AnyGame, rules: object, max_hands: int | None) -> Any:  # noqa: ANN401
    """Return the rules of an episode: the caller's, cut after ``max_hands`` hands."""
    chosen = entry.rules_type() if rules is None else rules
    if not isinstance(chosen, entry.rules_type):
        raise errors.RulesError(
            f"rules must be a {entry.module.removeprefix('cardgames.')}.Rules or None, "
            f"not {errors.quote(rules)}"
        )
    if max_hands is None:
        return chosen
    if type(max_hands) is not int or max_hands < 1:
        raise errors.RulesError(
            f"max_hands must be a whole number of 1 or more, or None, not {errors.quote(max_hands)}"
        )
    return attrs.evolve(chosen, max_hands=max_hands)


@attrs.define
class Episode:
    """A match played as an episode: the state, the move being chosen, the last returns.

    Attributes:
        entry: The game.
        rules: The rules played (cut after the episode's ``max_hands``).
        players: The number of seats.
        state: The match now.
        chosen: The actions chosen so far of the move being made (empty between moves).
        returns: Each seat's return after the last step.
    """

    entry: game.AnyGame
    rules: Any
    players: int
    state: Any = None
    chosen: tuple[int, ...] = ()
    returns: tuple[int, ...] = ()
    size: int = 0

    @classmethod
    def of(
        cls, entry: object, rules: object, players: int | None, max_hands: int | None
    ) -> Episode:
        """Return an episode of a game, not yet started (:meth:`start` deals the first hand).

        Raises:
            UnknownGameError: If ``entry`` is text that names no game.
            RulesError: If ``entry`` is not a game's entry, the rules are not the game's,
                ``players`` is not one of its player counts or ``max_hands`` is not a number of
                hands.
        """
        checked = cardgames.GAMES[entry] if isinstance(entry, str) else game.check_game(entry)
        if checked.encoding is None:  # pragma: no cover  # every registered game has one
            raise errors.RulesError(f"{checked.title} has no encoding for learning agents")
        count = checked.players[0] if players is None else players
        if type(count) is not int or count not in checked.players:
            raise errors.RulesError(
                f"players must be one of {checked.players} for {checked.title}, "
                f"not {errors.quote(players)}"
            )
        chosen = _rules(checked, rules, max_hands)
        return cls(checked, chosen, count, size=checked.observation_size(chosen, count))

    def start(self, seed: int | None) -> None:
        """Start the match from ``seed`` (None: a fresh one) and deal its first hand."""
        self.state = self.entry.new_game(self.rules, seed=seed, players=self.players)
        self.chosen = ()
        self._deal()
        self.returns = self.entry.returns(self.state)

    def _deal(self) -> None:
        """Make the deals that are due: a deal is chance, not a seat's choice.

        A deal is due only between hands: the next move is a deal exactly when ``hand_over``
        holds and the match goes on.
        """
        entry = self.entry
        while self.state.hand_over and not entry.is_over(self.state):
            legal = entry.legal_moves(self.state)
            if not all(type(move) is moves.Deal for move in legal):
                return
            self.state = entry.apply(self.state, legal[0])

    @property
    def mover(self) -> int | None:
        """The seat to move, or None once the match is over."""
        return self.entry.current_player(self.state)

    @property
    def over(self) -> bool:
        """Whether the match (the episode) has ended."""
        return self.entry.is_over(self.state)

    def act(self, action: object) -> tuple[int, ...]:
        """Take the mover's action and return each seat's reward: the change in its return.

        Raises:
            IllegalMoveError: If the action is not legal now (with the actions chosen so far).
            RulesError: If ``action`` is not an action index at all.
        """
        index = action_index(action)
        move = self.entry.index_to_move(index, self.state, self.chosen)
        if move is None:
            self.chosen = (*self.chosen, index)
            return (0,) * self.players
        self.state = self.entry.apply(self.state, move)
        self.chosen = ()
        if not self.state.hand_over:  # the returns are the finished hands': none has finished
            return (0,) * self.players
        before, self.returns = self.returns, self.entry.returns(self.state)
        self._deal()
        return tuple(after - earlier for after, earlier in zip(self.returns, before, strict=True))

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """Return what ``seat`` knows now, with its legal mask (all 0 when it is not to move).

        The observation is the state's for the seat, which the game's ``observation`` defines
        as that of ``view(state, seat)``, without building the view; the mask is the mover's.
        """
        entry, state = self.entry, self.state
        arrays = _arrays(self.size, entry.num_moves)
        entry.observation(state, seat, out=arrays["observation"])
        if seat == self.mover:
            mask, chosen = arrays["action_mask"], arrays["chosen"]
            for index in legal_actions(entry, state, self.chosen):  # a few: no index array
                mask[index] = 1
            for index in self.chosen:
                chosen[index] = 1
        return arrays

    def render(self, seat: int | None) -> str:
        """Return the table as text, from ``seat``'s side (the seat to move's when None)."""
        entry, state = self.entry, self.state
        mover = self.mover
        side = mover if seat is None else seat
        lines = [
            f"{entry.title}, hand {state.hand_number}: "
            + ("the match is over" if mover is None else f"player_{mover} to move")
        ]
        lines.append("totals: " + "  ".join(f"player_{s} {t}" for s, t in enumerate(state.totals)))
        if side is not None:
            view = entry.view(state, side)
            held = getattr(view, "hand", None)
            if held:
                lines.append(f"player_{side} holds: " + " ".join(map(str, held)))
            legal = view.legal_moves
            if legal:
                shown = ", ".join(map(str, legal[:_SHOWN]))
                more = f" and {len(legal) - _SHOWN} more" if len(legal) > _SHOWN else ""
                lines.append(f"legal: {shown}{more}")
        return "\n".join(lines)
