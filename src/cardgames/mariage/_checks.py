"""The checks of the arguments of Mariage's public functions (the package's own, not an API).

Each returns the argument when it is what the function needs, and raises
:class:`~cardgames.errors.RulesError` naming the argument and what was expected otherwise, so
that the engine's building blocks (:mod:`~cardgames.mariage._claims`,
:mod:`~cardgames.mariage._play`, :mod:`~cardgames.mariage._scoring`) meet a caller's junk the way
``apply`` meets an illegal move. The engine calls their unchecked twins on its hot paths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, TypeVar

from cardgames import cards, errors, validators

SEATS: Final = 10
"""The most seats a session has: seats are 0 to 9."""
POOL_COUNT: Final = 6
"""The pools I to VI."""

ChoiceT = TypeVar("ChoiceT")


def whole(value: object, name: str, *, low: int = 0, high: int = validators.LARGEST) -> int:
    """Return a whole number from ``low`` to ``high`` (not a bool, not a float)."""
    if type(value) is not int or not low <= value <= high:
        top = "" if high == validators.LARGEST else f" to {high}"
        raise errors.RulesError(
            f"{name} must be a whole number from {low}{top}, not {errors.quote(value)}"
        )
    return value


def flag(value: object, name: str) -> bool:
    """Return True or False."""
    if type(value) is not bool:
        raise errors.RulesError(f"{name} must be True or False, not {errors.quote(value)}")
    return value


def count(value: object, name: str = "players") -> int:
    """Return a number of seats, 1 to 10."""
    return whole(value, name, low=1, high=SEATS)


def seat(value: object, name: str, players: int = SEATS) -> int:
    """Return a seat of ``players`` seats."""
    return whole(value, name, high=players - 1)


def step(value: object) -> int:
    """Return the direction of play, +1 or -1."""
    if type(value) is not int or value not in (1, -1):
        raise errors.RulesError(
            f"step must be 1 (clockwise) or -1 (counterclockwise), not {errors.quote(value)}"
        )
    return value


def mask(value: object, name: str) -> int:
    """Return a bit set of cards: a whole number from 0 to ``cards.ALL_CARDS``."""
    if type(value) is not int or not 0 <= value <= cards.ALL_CARDS:
        raise errors.RulesError(
            f"{name} must be a bit set of cards (a whole number from 0 to 2**52 - 1), "
            f"not {errors.quote(value)}"
        )
    return value


def index(value: object, name: str) -> int:
    """Return a card's index, 0 to 51."""
    if type(value) is not int or not 0 <= value < len(cards.CARDS):
        raise errors.RulesError(
            f"{name} must be a card's index (0 to 51), not {errors.quote(value)}"
        )
    return value


def card(value: object, name: str) -> cards.Card:
    """Return a :class:`~cardgames.cards.Card`."""
    if not isinstance(value, cards.Card):
        raise errors.RulesError(f"{name} must be a cards.Card, not {errors.quote(value)}")
    return value


def suit(value: object, name: str) -> cards.Suit:
    """Return a :class:`~cardgames.cards.Suit`."""
    if type(value) is not cards.Suit:
        raise errors.RulesError(f"{name} must be a cards.Suit, not {errors.quote(value)}")
    return value


def choice(value: object, name: str, choices: tuple[ChoiceT, ...]) -> ChoiceT:
    """Return the one of ``choices`` that ``value`` is (by identity, as the options hold them)."""
    for listed in choices:
        if value is listed:
            return listed
    shown = ", ".join(repr(listed) for listed in choices)
    raise errors.RulesError(f"{name} must be one of {shown}, not {errors.quote(value)}")


def sequence(value: object, name: str) -> tuple[object, ...]:
    """Return the items of a sequence given as a tuple or a list."""
    if not isinstance(value, tuple | list):
        raise errors.RulesError(f"{name} must be a tuple or a list, not {errors.quote(value)}")
    return tuple(value)


def numbers(
    value: object,
    name: str,
    *,
    low: int = 0,
    high: int = validators.LARGEST,
    length: int | None = None,
    most: int = SEATS,
) -> tuple[int, ...]:
    """Return a sequence of 1 to ``most`` whole numbers (exactly ``length`` if given)."""
    items = sequence(value, name) if isinstance(value, tuple | list) else None
    if (
        items is None
        or not (len(items) == length if length is not None else 1 <= len(items) <= most)
        or not all(type(item) is int and low <= item <= high for item in items)
    ):
        size = f"{length}" if length is not None else f"1 to {most}"
        raise errors.RulesError(
            f"{name} must be {size} whole numbers from {low}, not {errors.quote(value)}"
        )
    return items  # type: ignore[return-value]  # checked to be ints


def card_run(value: object, name: str) -> tuple[cards.Card, ...]:
    """Return 1 to 13 cards given as cards (or their text), each once."""
    found = cards.as_cards(value) if isinstance(value, str | tuple | list) else None
    if found is None or not 1 <= len(found) <= len(cards.Rank) or len(set(found)) != len(found):
        raise errors.RulesError(
            f"{name} must be 1 to 13 different cards, not {errors.quote(value)}"
        )
    return found


def mapping(value: object, name: str) -> Mapping[object, object]:
    """Return a mapping."""
    if not isinstance(value, Mapping):
        raise errors.RulesError(f"{name} must be a mapping, not {errors.quote(value)}")
    return value


def iterable(value: object, name: str) -> Iterable[object]:
    """Return an iterable that is neither text nor a mapping."""
    if not isinstance(value, Iterable) or isinstance(value, str | bytes | Mapping):
        raise errors.RulesError(
            f"{name} must be a sequence (a tuple or a list), not {errors.quote(value)}"
        )
    return value
