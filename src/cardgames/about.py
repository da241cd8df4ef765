"""A game's facts, declared once: its names, its seats, its pack and its types.

Each game package declares its :class:`About` first, in its own ``_about`` module, as its
``ABOUT``; the checks of its public functions' arguments and their messages, its registration
(:meth:`cardgames.game.Game.of`) and its docs read it.

Example:
    >>> from cardgames import staekske_rape
    >>> staekske_rape.ABOUT.players, staekske_rape.ABOUT.players_rule
    ((4, 5), 'Staekske Rape is played by 4 players (or 5, the dealer sitting out)')
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

import attrs

from cardgames import arguments, cards, errors, matches

__all__ = ["About"]

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")

_NAME: Final = re.compile(r"[a-z]+(-[a-z]+)*")
"""A registry name: lower-case words joined by ``-``."""


def _check_name(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    """Refuse a registry name that is not lower-case words joined by ``-``."""
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise errors.RulesError(
            f"a game's name is lower-case words joined by '-', not {errors.quote(value)}"
        )


def _check_text(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Refuse a title or a rule that is not text."""
    if not isinstance(value, str) or not value:
        raise errors.RulesError(f"{attribute.name} must be text, not {errors.quote(value)}")


def _check_counts(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    """Refuse player counts that are not a tuple of distinct whole numbers of 1 or more."""
    if not (
        isinstance(value, tuple)
        and value
        and all(type(count) is int and count >= 1 for count in value)
        and len(set(value)) == len(value)
    ):
        raise errors.RulesError(
            "players must be a tuple of distinct player counts, the usual one first, "
            f"not {errors.quote(value)}"
        )


def _check_pack(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    """Refuse a pack that is not a tuple of distinct cards in card order."""
    if not (
        isinstance(value, tuple)
        and value
        and all(type(card) is cards.Card for card in value)
        and list(value) == sorted(set(value))
    ):
        raise errors.RulesError(
            f"pack must be a tuple of distinct cards in card order, not {errors.quote(value)}"
        )


def _check_type(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Refuse a type field that is not a class."""
    if not isinstance(value, type):
        raise errors.RulesError(f"{attribute.name} must be a class, not {errors.quote(value)}")


_UNIONS: Final = (typing.Union, types.UnionType)
"""What a union of move classes is, written ``A | B`` or ``Union[A, B]``."""


def _members(kind: object) -> tuple[object, ...]:
    """Return the members of a union, or the one value that is no union."""
    return typing.get_args(kind) if typing.get_origin(kind) in _UNIONS else (kind,)


def _check_moves(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Refuse a move type that is neither a class nor a union of classes."""
    if not all(isinstance(member, type) for member in _members(value)):
        raise errors.RulesError(
            f"{attribute.name} must be a class or a union of classes, not {errors.quote(value)}"
        )


@attrs.frozen
class About(Generic[RulesT, StateT]):
    """A game's facts, declared once: its names, its seats, its pack and its types.

    Each game package declares its ``ABOUT`` in its ``_about`` module, before anything else of
    the package needs it; the argument checks and their messages, the registration
    (:meth:`cardgames.game.Game.of`) and the docs all read it, so a game's name or player-count
    rule is never written twice.

    Attributes:
        name: The registry key, e.g. ``"kalter-schlag"``.
        title: The game's name for people, e.g. ``"Kalter Schlag"``.
        players: The numbers of seats the game can be played with; the first is the usual one.
        players_rule: The rule on the number of players, as errors quote it.
        pack: Every card the game is played with, in card order (a game whose pack depends on
            the options and the seats, as Mariage's, names its largest; its ``pack`` function
            says which cards a match uses).
        rules_type: The game's ``Rules`` class.
        state_type: The game's ``State`` class.
        view_type: The game's ``View`` class.
        move_type: The game's ``Move``: the union of its move classes.
        move_classes: The classes of :attr:`move_type`, worked out from it.

    Example:
        >>> from cardgames import kalter_schlag
        >>> about = kalter_schlag.ABOUT
        >>> about.title, about.players, len(about.pack), about.module
        ('Kalter Schlag', (4,), 32, 'cardgames.kalter_schlag')
        >>> about.check_players(5)
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: Kalter Schlag is played by exactly 4 players, not 5
    """

    name: str = attrs.field(validator=_check_name)
    title: str = attrs.field(validator=_check_text)
    players: tuple[int, ...] = attrs.field(validator=_check_counts)
    players_rule: str = attrs.field(validator=_check_text)
    pack: tuple[cards.Card, ...] = attrs.field(validator=_check_pack)
    rules_type: type[RulesT] = attrs.field(validator=_check_type)
    state_type: type[StateT] = attrs.field(validator=_check_type)
    view_type: type = attrs.field(validator=_check_type)
    move_type: object = attrs.field(validator=_check_moves)
    move_classes: frozenset[type] = attrs.field(init=False, repr=False)

    @move_classes.default
    def _move_classes(self) -> frozenset[type]:
        # Worked out before the validators run: a member that is no class is left to them.
        return frozenset(kind for kind in _members(self.move_type) if isinstance(kind, type))

    @property
    def module(self) -> str:
        """The game's package, e.g. ``"cardgames.kalter_schlag"``."""
        return "cardgames." + self.name.replace("-", "_")

    @property
    def _spelling(self) -> str:
        """The package's name as messages write it, e.g. ``"kalter_schlag"``."""
        return self.name.replace("-", "_")

    def check_rules(self, rules: object) -> RulesT:
        """Return a ``rules`` argument checked to be the game's ``Rules``; the defaults for None.

        Raises:
            RulesError: For anything else (another game's rules, a dict …).
        """
        return arguments.check_rules(rules, self.rules_type, self._spelling)

    def check_state(self, state: object) -> StateT:
        """Return a ``state`` argument checked to be a state of the game.

        A game's hot paths test ``type(state) is State`` inline and call this only when the test
        fails, so that checking costs them nothing more.

        Raises:
            RulesError: For anything else: another game's state, a view, None … The message
                names what was expected and what came.
        """
        return arguments.check_state(state, self.state_type, self._spelling)

    def check_players(self, players: object, *, none_is_usual: bool = True) -> int:
        """Return a ``players`` argument checked to be one of :attr:`players`.

        Args:
            players: The argument.
            none_is_usual: Whether None stands for the usual count (``new_game``'s
                ``players``); a function whose ``players`` is not optional (``pack``,
                ``max_hand_moves``) refuses it.

        Raises:
            RulesError: For any other value (``4.0`` and ``True`` included), quoting
                :attr:`players_rule`.
        """
        return arguments.check_players(
            players, self.players, says=self.players_rule, none_is_usual=none_is_usual
        )

    def check_pack(self, rules: object, players: object) -> tuple[cards.Card, ...]:
        """Return :attr:`pack` once ``rules`` and ``players`` are checked: a fixed pack's ``pack``.

        Raises:
            RulesError: If ``rules`` is not the game's ``Rules`` (or None) or ``players`` is
                not one of :attr:`players` (None included).
        """
        self.check_rules(rules)
        self.check_players(players, none_is_usual=False)
        return self.pack

    def check_new_game(
        self,
        rules: object,
        *,
        seed: object,
        players: object,
        first_dealer: object,
        draw_first_dealer: Callable[[int, int], int] | None = None,
    ) -> tuple[RulesT, int, int, int]:
        """Check a ``new_game``'s arguments; return its rules, seed, players and first dealer.

        See :func:`cardgames.arguments.check_new_game`, which this calls with the game's facts.

        Raises:
            RulesError: For rules of another kind, a player count not allowed, a seed that is
                not a whole number, or a first dealer that is not a seat.
        """
        return arguments.check_new_game(
            rules,
            seed=seed,
            players=players,
            first_dealer=first_dealer,
            rules_type=self.rules_type,
            module=self._spelling,
            allowed=self.players,
            says=self.players_rule,
            draw_first_dealer=draw_first_dealer,
        )

    def check_step(self, before: object, move: object, after: object) -> None:
        """Check a ``narrate``'s arguments: two states of the game, ``after`` made by ``move``.

        Raises:
            RulesError: If ``before`` or ``after`` is not a state of the game, ``move`` not one
                of its moves, or ``after`` not the state ``move`` led to from ``before``
                (:func:`cardgames.matches.check_step`).
        """
        self.check_state(before)
        self.check_state(after)
        if type(move) not in self.move_classes:
            raise errors.RulesError(f"expected a {self.title} move, not {errors.quote(move)}")
        matches.check_step(before, move, after)
