"""What the learning surface of a game's entry is built on: its actions, worked out and checked.

Internal to :mod:`cardgames.game`. :class:`LearningSurface` is a base of
:class:`cardgames.game.Game`: it holds the workings behind the entry's learning surface
(:meth:`~cardgames.game.Game.legal_mask`, :meth:`~cardgames.game.Game.index_to_move`,
:meth:`~cardgames.game.Game.observation` …): the game's encoding, a checked player count or
prefix of actions, whether what is seen is a view, and the actions that may follow a prefix,
kept for the state asked about last. :func:`filled` fills an array a caller gives.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, TypeVar, cast

from cardgames import errors, protocols, views

__all__ = ["LearningSurface", "filled"]

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")


class LearningSurface(Generic[RulesT, StateT, MoveT, ViewT]):
    """The workings of an entry's learning surface, from the game's encoding and legal moves.

    :class:`cardgames.game.Game` inherits them and holds the fields they read, declared here
    for the type checker: the game's title, its player counts, its ``current_player`` and
    ``legal_moves``, its ``encoding`` and its ``View`` type.
    """

    __slots__ = ()

    title: str
    players: tuple[int, ...]
    current_player: Callable[[StateT], int | None]
    legal_moves: Callable[[StateT], tuple[MoveT, ...]]
    encoding: protocols.Encoding[RulesT, StateT, MoveT, ViewT] | None
    view_type: type[ViewT] | None

    def _encoding(self) -> protocols.Encoding[RulesT, StateT, MoveT, ViewT]:
        """Return the game's encoding, or raise RulesError if it has none."""
        if self.encoding is None:
            raise errors.RulesError(f"{self.title} has no encoding for learning agents")
        return self.encoding

    def _players(self, players: object) -> int:
        """Return ``players`` checked to be a player count of the game (None: the usual one)."""
        if players is None:
            return self.players[0]
        if type(players) is int and players in self.players:
            return players
        counts = " or ".join(map(str, self.players))
        raise errors.RulesError(
            f"{self.title} is played by {counts} players, not {errors.quote(players)}"
        )

    def _prefix(self, prefix: object) -> tuple[int, ...]:
        """Return ``prefix`` checked to be a tuple of action indices."""
        if type(prefix) is tuple and not prefix:  # a new move: the learner's usual call
            return prefix
        size = self._encoding().NUM_MOVES
        if isinstance(prefix, tuple) and all(
            type(index) is int and 0 <= index < size for index in prefix
        ):
            return prefix
        raise errors.RulesError(
            f"prefix must be a tuple of action indices below {size}, not {errors.quote(prefix)}"
        )

    def _as_view(self, seen: object) -> views.View[Any, Any, Any, MoveT] | None:
        """Return ``seen`` if it is a view of the game, None if it is not (a state, say)."""
        if self.view_type is not None and type(seen) is self.view_type:
            return cast("views.View[Any, Any, Any, MoveT]", seen)
        return None

    def _next_actions(
        self, seen: StateT | ViewT, prefix: tuple[int, ...]
    ) -> Mapping[int, MoveT | None]:
        """Return the actions that may follow ``prefix`` now, each with the move it completes.

        ``seen`` is a state (its seat to move chooses) or a view (its seat chooses, from the
        view's legal moves: none when it is not that seat's turn). An action that completes a
        legal move maps to the first such move in ``legal_moves`` order; one that only begins
        longer moves maps to None. The answers for one state or view are worked out once, for
        every prefix at a time (from its legal moves and their actions), and kept while the same
        one is asked about again, as a learner asks for a mask and then for the move of its
        choice, one action at a time.
        """
        answers = _NEXT_ACTIONS.get(self, seen)
        if answers is None:
            view = self._as_view(seen)
            legal = self.legal_moves(cast("StateT", seen)) if view is None else view.legal_moves
            answers = _NEXT_ACTIONS.keep(self, seen, self._work_out(legal))
        following: Mapping[int, MoveT | None] = answers.get(prefix, _NONE)
        return following

    def _work_out(self, legal: tuple[MoveT, ...]) -> dict[tuple[int, ...], dict[int, MoveT | None]]:
        """Return, by prefix, the actions that may follow it (see :meth:`_next_actions`)."""
        move_indices = self._encoding().move_indices
        answers: dict[tuple[int, ...], dict[int, MoveT | None]] = {}
        for move in legal:
            indices = move_indices(move)
            last = len(indices) - 1
            for depth, index in enumerate(indices):
                found = answers.setdefault(indices[:depth], {})
                if depth < last:
                    found.setdefault(index, None)
                elif found.get(index) is None:
                    found[index] = move
        return answers


_NONE: Final[Mapping[int, Any]] = types.MappingProxyType({})
"""The answer for a prefix that begins no legal move: no action may follow it."""


def filled(
    out: protocols.IntBuffer | None, values: tuple[int, ...], what: str
) -> tuple[int, ...] | protocols.IntBuffer:
    """Return ``values``, or ``out`` filled with them when an array is given to fill."""
    if out is None:
        return values
    try:
        size = len(out)
    except TypeError:
        size = None
    if size != len(values):
        raise errors.RulesError(
            f"out must be an array of the {what}'s {len(values)} ints, not {errors.quote(out)}"
        )
    out[:] = values
    return out


class _LastState:
    """The answers of :meth:`LearningSurface._next_actions` about the last state, by prefix.

    One state is kept (by identity, so a state equal to it but not it is worked out again):
    a learner's step asks about one state several times, then moves on. The state is held, so
    its identity is not reused while it is here. A thread that finds another's state here
    simply works its own out.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        """Start with no state."""
        self._last: tuple[object, object, dict[tuple[int, ...], Any]] = (None, None, {})

    def get(self, game: object, state: object) -> dict[tuple[int, ...], Any] | None:
        """Return the answers kept for ``game``'s ``state``, or None if it was not the last one."""
        last_game, last_state, answers = self._last
        return answers if last_game is game and last_state is state else None

    def keep(
        self, game: object, state: object, answers: dict[tuple[int, ...], Any]
    ) -> dict[tuple[int, ...], Any]:
        """Keep ``answers`` as those of ``game``'s ``state``, in place of the last; return them."""
        self._last = (game, state, answers)
        return answers


_NEXT_ACTIONS: Final = _LastState()
"""The answers about the state a learner asked about last."""
