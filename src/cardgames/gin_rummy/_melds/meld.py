"""One meld, a set or a run: :class:`Meld`, its :class:`MeldKind`, and the table of every meld.

A :class:`Meld` checks its cards when built; :meth:`Meld.of` reads them in any order, as cards
or text. The table holds every meld of the pack once, in the meld order of
:mod:`cardgames.gin_rummy._melds` (sets by rank, then runs by suit), with each meld's place in
that order: the order in which layouts keep their melds.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from cardgames import cards, errors, validators
from cardgames.gin_rummy._melds.count import run_position

__all__ = ["TABLE", "CardLike", "CardsLike", "Meld", "MeldKind", "MeldsLike"]


CardLike: TypeAlias = "cards.Card | str"
"""A card as a :class:`~cardgames.cards.Card` or as text: ``"Q♥"``, ``"qh"``, ``"10h"``."""
CardsLike: TypeAlias = "Iterable[cards.Card | str] | str"
"""Cards as :class:`~cardgames.cards.Card` values or text: ``"3♥ 4♥ 5♥"``, ``["3♥", "4h"]``."""
MeldsLike: TypeAlias = "Iterable[Meld | Iterable[cards.Card | str] | str]"
"""Melds as :class:`Meld` values or as their cards: ``["3♥ 4♥ 5♥", "8♣ 8♠ 8♦"]``."""


class MeldKind(enum.StrEnum, metaclass=validators.ExactLookup):
    """The two kinds of meld.

    ``MeldKind("run")`` is ``MeldKind.RUN``; anything else raises
    :class:`~cardgames.errors.RulesError`.
    """

    SET = "set"
    """Three or four cards of one rank."""
    RUN = "run"
    """Three or more cards of one suit in sequence, ace low."""

    @classmethod
    def _missing_(cls, value: object) -> MeldKind:
        """Refuse a value that names no kind of meld (Python calls this when a lookup fails)."""
        raise errors.RulesError(f"{errors.quote(value)} is not a kind of meld: use 'set' or 'run'")


_LONGEST: Final = 13
"""The most cards a meld holds: a run of a whole suit."""


def _read_meld(found: tuple[cards.Card, ...]) -> tuple[tuple[cards.Card, ...], MeldKind]:
    """Return the cards in meld order and the kind, or raise RulesError saying why not."""
    if len(found) > _LONGEST:
        raise errors.RulesError(
            f"{len(found)} cards are not a meld: a meld has at most {_LONGEST} cards"
        )
    text = cards.format_cards(found)
    for place, card in enumerate(found):
        if card in found[:place]:
            raise errors.RulesError(f"{text} is not a meld: {card} is given twice")
    if len(found) < 3:
        raise errors.RulesError(f"{text} is not a meld: a meld has at least 3 cards")
    ranks = {card.rank for card in found}
    if len(ranks) == 1:
        return tuple(sorted(found)), MeldKind.SET
    if len({card.suit for card in found}) != 1:
        raise errors.RulesError(
            f"{text} is not a meld: a set needs cards of one rank, a run cards of one suit"
        )
    ordered = tuple(sorted(found, key=run_position))
    if run_position(ordered[-1]) - run_position(ordered[0]) != len(ordered) - 1:
        ace_high = {cards.Rank.ACE, cards.Rank.KING} <= ranks
        hint = " (the ace is low: A 2 3 is a run, Q K A is not)" if ace_high else ""
        raise errors.RulesError(f"{text} is not a meld: a run needs consecutive ranks{hint}")
    return ordered, MeldKind.RUN


def _is_card_tuple(value: object) -> bool:
    """Tell whether a value is a tuple of cards."""
    return isinstance(value, tuple) and all(isinstance(item, cards.Card) for item in value)


@attrs.frozen(repr=False)
class Meld:
    """A set (3 or 4 cards of one rank) or a run (3 or more of one suit in sequence, ace low).

    Build one with :meth:`Meld.of` from cards in any order. The constructor takes the cards
    already in meld order with the kind, and checks both. ``repr`` gives an expression that
    rebuilds the meld.

    Raises:
        RulesError: If the cards are not a meld of that kind in meld order.

    Example:
        >>> meld = Meld.of("5♥ 3♥ 4♥")
        >>> print(meld, meld.kind)
        3♥ 4♥ 5♥ run
        >>> meld, Meld.of("jd jc js").cards
        (Meld.of('3♥ 4♥ 5♥'), (Card.parse('J♣'), Card.parse('J♠'), Card.parse('J♦')))
    """

    cards: tuple[cards.Card, ...]
    """The cards: in card order (♣ ♠ ♥ ♦) for a set, by rank from the ace up for a run."""
    kind: MeldKind
    """Set or run."""
    mask: int = attrs.field(init=False, eq=False)
    """The bit set of the cards, each card's ``1 << card.index``."""

    def __attrs_post_init__(self) -> None:
        """Check the cards and the kind; compute the bit set once."""
        if not _is_card_tuple(self.cards):
            raise errors.RulesError(
                f"a meld's cards must be a tuple of cards, not {errors.quote(self.cards)}: "
                "build a meld from text with Meld.of('3♥ 4♥ 5♥')"
            )
        ordered, kind = _read_meld(self.cards)
        text = cards.format_cards(self.cards)
        if kind != self.kind:
            raise errors.RulesError(f"{text} is a {kind}, not a {self.kind!s}")
        if ordered != self.cards:
            raise errors.RulesError(
                f"a {kind}'s cards go in meld order, {cards.format_cards(ordered)}, not {text}: "
                "build melds with Meld.of"
            )
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "mask", cards.mask_of(ordered))

    @classmethod
    def of(cls, cards: CardsLike) -> Meld:
        """Return the meld made of the cards, given in any order as cards or text.

        Raises:
            RulesError: If the cards are no meld, saying why.
            CardParseError: If an item is not a card.

        Example:
            >>> Meld.of("A♠ 2♠ 3♠").kind
            <MeldKind.RUN: 'run'>
            >>> Meld.of("5♥ 6♥ 8♥")
            Traceback (most recent call last):
            ...
            cardgames.errors.RulesError: 5♥ 6♥ 8♥ is not a meld: a run needs consecutive ranks
        """
        ordered, kind = _read_meld(read_cards(cards))
        return cls(ordered, kind)

    def extended(self, card: CardLike) -> Meld | None:
        """Return the meld with the card laid off onto it, or None if the card does not fit.

        A set of three takes the fourth card of its rank; a run takes the next card of its suit
        at either end. A set of four takes nothing.

        Raises:
            CardParseError: If ``card`` is not a card.

        Example:
            >>> run = Meld.of("3♠ 4♠ 5♠")
            >>> [str(run.extended(card)) for card in ("6♠", "2♠", "7♠", "6♥")]
            ['3♠ 4♠ 5♠ 6♠', '2♠ 3♠ 4♠ 5♠', 'None', 'None']
        """
        bit = read_cards([card])[0].mask
        if self.mask & bit:
            return None
        return MELD_AT.get(self.mask | bit)

    def __str__(self) -> str:
        """Return the cards separated by spaces, like ``3♥ 4♥ 5♥``."""
        return cards.format_cards(self.cards)

    def __repr__(self) -> str:
        """Return an expression that rebuilds the meld: ``Meld.of('3♥ 4♥ 5♥')``."""
        return f"Meld.of('{self}')"


def read_cards(given: object) -> tuple[cards.Card, ...]:
    """Read cards given as text or as a sequence of cards and card texts."""
    return cards.as_cards(given)  # type: ignore[arg-type]  # as_cards checks what it gets


def _all_melds() -> tuple[Meld, ...]:
    """Every meld of the pack, in the meld order (see the module's notes)."""
    found: list[Meld] = []
    for position in range(13):
        column = tuple(card_at(suit, position) for suit in range(4))
        found += [Meld(trio, MeldKind.SET) for trio in itertools.combinations(column, 3)]
        found.append(Meld(column, MeldKind.SET))
    for suit in range(4):
        row = tuple(card_at(suit, position) for position in range(13))
        found += [
            Meld(row[low : low + length], MeldKind.RUN)
            for low in range(11)
            for length in range(3, 14 - low)
        ]
    return tuple(found)


def card_at(suit: int, position: int) -> cards.Card:
    """The card of a suit at a place in run order (A 0, 2 1, … K 12)."""
    return cards.CARDS[13 * suit + (position - 1) % 13]


ALL_MELDS: Final = _all_melds()
TABLE: Final[tuple[Meld, ...]] = ALL_MELDS
"""Every meld of the pack once, 329 in all, in the meld order: 65 sets (by rank A 2 … K, each
rank's four sets of three in card order, then its set of four), then 264 runs (by suit ♣ ♠ ♥
♦, lowest card, length). A meld's place in it is its number for learning agents."""
MELD_AT: Final = {meld.mask: meld for meld in ALL_MELDS}
ORDER: Final = {meld.mask: place for place, meld in enumerate(ALL_MELDS)}
