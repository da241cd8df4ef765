"""Suits, ranks, cards, packs, and the text forms of cards.

A :class:`Card` prints as its rank and suit symbol (``Q♥``, ``10♣``) and parses from that form or
from a plain-letter one (``QH``, ``qh``, ``10h``, ``Th``). Cards compare by :attr:`Card.index`:
suit first in the order ♣ ♠ ♥ ♦, then rank from two up to ace. That is the order of
:func:`pack`, of sorted hands, and of every game's ``legal_moves``. It says nothing about which card
wins a trick: each game ranks cards its own way.

Each card also has a fixed bit, ``1 << card.index``, so a set of cards fits in one ``int``
(:func:`mask_of`, :func:`cards_in`). The games keep hands that way.

Example:
    >>> from cardgames import cards
    >>> cards.parse_cards("Q♥ 10c th 7D")
    (Card.parse('Q♥'), Card.parse('10♣'), Card.parse('10♥'), Card.parse('7♦'))
    >>> print(cards.format_cards(sorted(cards.parse_cards("Q♥ 10c th 7D"))))
    10♣ 10♥ Q♥ 7♦
    >>> len(cards.pack(32)), len(cards.pack(36)), len(cards.pack(52))
    (32, 36, 52)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from cardgames import errors, validators

__all__ = [
    "ALL_CARDS",
    "CARDS",
    "PACK_SIZES",
    "Card",
    "Rank",
    "Suit",
    "as_cards",
    "cards_in",
    "cards_of",
    "flag_blocks",
    "flags",
    "format_cards",
    "mask_of",
    "pack",
    "parse_cards",
]


class Suit(enum.IntEnum, metaclass=validators.ExactLookup):
    """The four French suits, in the library's sorting order ♣ ♠ ♥ ♦.

    ``Suit(2)`` is ``Suit.HEARTS``; a number that is no suit raises
    :class:`~cardgames.errors.CardParseError`.
    """

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        """Refuse a value that is no suit's number (Python calls this when a lookup fails)."""
        raise errors.CardParseError(
            f"{errors.quote(value)} is not a suit: use 0 to 3 (♣ ♠ ♥ ♦) or Suit.parse for text"
        )

    @property
    def symbol(self) -> str:
        """The suit's symbol (``♣``, ``♠``, ``♥`` or ``♦``)."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's capital letter (``C``, ``S``, ``H`` or ``D``)."""
        return _SUIT_LETTERS[self]

    def __str__(self) -> str:
        """Return the suit's symbol."""
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its symbol (``♥``, also ``♡``), letter (``H``, ``h``) or English name.

        Raises:
            CardParseError: If the text names no suit.

        Example:
            >>> Suit.parse("h"), Suit.parse("♣"), Suit.parse("spades")
            (<Suit.HEARTS: 2>, <Suit.CLUBS: 0>, <Suit.SPADES: 1>)
        """
        found = _SUIT_NAMES.get(text.strip().lower()) if isinstance(text, str) else None  # type: ignore[redundant-expr]  # callers may pass anything
        if found is None:
            raise errors.CardParseError(
                f"cannot read {errors.quote(text)} as a suit "
                "(use ♣ ♠ ♥ ♦, C S H D, or the English name)"
            )
        return found


_SUIT_SYMBOLS: Final = ("♣", "♠", "♥", "♦")
_SUIT_LETTERS: Final = ("C", "S", "H", "D")
_SUIT_NAMES: Final[dict[str, Suit]] = {}
for _suit, _white, _name in zip(
    Suit, "♧♤♡♢", ("clubs", "spades", "hearts", "diamonds"), strict=True
):
    for _key in (_suit.symbol, _white, _suit.letter.lower(), _name, _name[:-1]):
        _SUIT_NAMES[_key] = _suit


class Rank(enum.IntEnum, metaclass=validators.ExactLookup):
    """The thirteen ranks, valued two to fourteen (ace high) for sorting only.

    ``Rank(12)`` is ``Rank.QUEEN``; a number that is no rank raises
    :class:`~cardgames.errors.CardParseError`.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """The rank as printed on a card (``A``, ``K``, ``Q``, ``J``, ``10`` … ``2``)."""
        return _RANK_TEXTS[self]

    def __str__(self) -> str:
        """Return the rank as printed on a card."""
        return self.text

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        """Refuse a value that is no rank's number (Python calls this when a lookup fails)."""
        raise errors.CardParseError(
            f"{errors.quote(value)} is not a rank: use 2 to 14 (two to ace)"
        )


_RANK_TEXTS: Final[dict[Rank, str]] = {
    rank: {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}.get(
        rank, str(rank.value)
    )
    for rank in Rank
}
_RANK_NAMES: Final[dict[str, Rank]] = {text.lower(): rank for rank, text in _RANK_TEXTS.items()}
_RANK_NAMES["t"] = Rank.TEN


def _kind_of(kind: type[enum.Enum], what: str) -> Callable[[Any, Any, Any], None]:
    """Return an attrs validator that accepts members of the enum ``kind`` only."""
    members = list(kind)
    listed = f"{kind.__name__}.{members[0].name} to {kind.__name__}.{members[-1].name}"

    def check(_instance: object, _attribute: object, value: object) -> None:
        if type(value) is not kind:
            raise errors.CardParseError(
                f"{what} must be a {kind.__name__} ({listed}), not {errors.quote(value)}"
            )

    return check


@attrs.frozen(order=True, repr=False)
class Card:
    """A playing card: a rank of a suit.

    Cards are equal when rank and suit are; they order by :attr:`index` (suit ♣ ♠ ♥ ♦, then rank).
    Comparing a card with anything else raises TypeError. Every card the library hands out is
    one of :data:`CARDS`; :meth:`parse` reads one from text.

    Args:
        rank: The card's rank, a :class:`Rank`.
        suit: The card's suit, a :class:`Suit`.

    Raises:
        CardParseError: If ``rank`` is not a :class:`Rank` or ``suit`` not a :class:`Suit`
            (plain numbers included: ``Card(12, 2)`` is refused, ``Card(Rank(12), Suit(2))``
            is the queen of hearts).

    Example:
        >>> card = Card(Rank.QUEEN, Suit.HEARTS)
        >>> str(card), card == Card.parse("qh"), card.index
        ('Q♥', True, 36)
        >>> Card(1, 0)
        Traceback (most recent call last):
        ...
        cardgames.errors.CardParseError: a card's rank must be a Rank (Rank.TWO to Rank.ACE), not 1
    """

    rank: Rank = attrs.field(eq=False, order=False, validator=_kind_of(Rank, "a card's rank"))
    suit: Suit = attrs.field(eq=False, order=False, validator=_kind_of(Suit, "a card's suit"))
    index: int = attrs.field(init=False)
    """The card's place in the 52-card order, ``suit * 13 + rank - 2``: 0 for 2♣, 51 for A♦."""

    def __attrs_post_init__(self) -> None:
        """Compute the index once, at construction."""
        object.__setattr__(self, "index", int(self.suit) * 13 + int(self.rank) - 2)

    @property
    def mask(self) -> int:
        """The card's bit, ``1 << index``."""
        return 1 << self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text: ``Q♥``, ``QH``, ``qh``, ``10h``, ``Th``, ``q♡``.

        The rank comes first (``A K Q J 10 9 … 2``, ``T`` for ten), then the suit as a symbol or
        letter. Spaces around the text are ignored.

        Raises:
            CardParseError: If the text is not a card, with the reason.

        Example:
            >>> Card.parse("Th") == Card.parse("10♥")
            True
        """
        if not isinstance(text, str):
            raise errors.CardParseError(
                f"cannot read {errors.quote(text)} as a card: expected text such as 'Q♥'"
            )
        found = _BY_TEXT.get(text.strip().lower())
        if found is not None:
            return found
        return _explain_bad_card(text)

    def __str__(self) -> str:
        """Return the card as rank and suit symbol, like ``Q♥``."""
        return _RANK_TEXTS[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        """Return an expression that rebuilds the card: ``Card.parse('Q♥')``."""
        return f"Card.parse('{self}')"


def _explain_bad_card(text: str) -> Card:
    """Raise the error that says why ``text`` is not a card."""
    cleaned = text.strip()
    if not cleaned:
        raise errors.CardParseError(f"cannot read {errors.quote(text)} as a card: it is empty")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    if rank_text.lower() not in _RANK_NAMES:
        raise errors.CardParseError(
            f"cannot read {errors.quote(text)} as a card: {errors.quote(rank_text)} is not a rank "
            "(use A K Q J 10 9 8 7 6 5 4 3 2, or T for ten)"
        )
    raise errors.CardParseError(
        f"cannot read {errors.quote(text)} as a card: {suit_text!r} is not a suit "
        "(use ♣ ♠ ♥ ♦ or C S H D)"
    )


CARDS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""All 52 cards, ``CARDS[i].index == i``."""

_BY_TEXT: Final[dict[str, Card]] = {}
for _card in CARDS:
    for _rank_key in [k for k, r in _RANK_NAMES.items() if r is _card.rank]:
        for _suit_key in [k for k, s in _SUIT_NAMES.items() if s is _card.suit and len(k) == 1]:
            _BY_TEXT[_rank_key + _suit_key] = _card

PACK_SIZES: Final = (32, 36, 52)
"""The pack sizes :func:`pack` builds."""

_LOWEST_RANK: Final = {32: Rank.SEVEN, 36: Rank.SIX, 52: Rank.TWO}


def pack(size: int = 52) -> tuple[Card, ...]:
    """Return a pack in card order: 32 cards (7 to A), 36 (6 to A) or 52 (2 to A).

    Raises:
        RulesError: For any other size (or anything that is not a whole number).

    Example:
        >>> print(format_cards(pack(32)[:8]))
        7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣
    """
    lowest = _LOWEST_RANK.get(size) if type(size) is int else None
    if lowest is None:
        raise errors.RulesError(f"there is no {errors.quote(size)}-card pack: use 32, 36 or 52")
    return tuple(card for card in CARDS if card.rank >= lowest)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, in the order given.

    Raises:
        CardParseError: If any item is not a card; the message names it.

    Example:
        >>> parse_cards("A♠, 10s  7d")
        (Card.parse('A♠'), Card.parse('10♠'), Card.parse('7♦'))
    """
    if not isinstance(text, str):
        raise errors.CardParseError(
            f"cannot read {errors.quote(text)} as cards: expected text such as 'Q♥ 10♣'"
        )
    return tuple(Card.parse(item) for item in text.replace(",", " ").split())


def as_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Return cards given as text (``"Q♥ 10♣"``) or as cards and card texts, in the order given.

    Every function that takes cards from a caller reads them through this one.

    Raises:
        CardParseError: If an item is not a card, or ``value`` is neither text nor a sequence.

    Example:
        >>> as_cards(["Q♥", Card.parse("10♣")]) == as_cards("Q♥ 10♣")
        True
    """
    if isinstance(value, str):
        return parse_cards(value)
    if not _items(value):
        raise errors.CardParseError(
            f"cannot read {errors.quote(value)} as cards: "
            "expected text such as 'Q♥ 10♣' or a sequence of cards"
        )
    return tuple(_as_card(item) for item in value)


def _as_card(item: object) -> Card:
    """Return a card given as a Card or as text."""
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return Card.parse(item)
    raise errors.CardParseError(
        f"cannot read {errors.quote(item)} as a card: expected a Card or text such as 'Q♥'"
    )


def _items(value: object) -> bool:
    """Return whether ``value`` gives items in an order: not text, not a mapping's keys."""
    return isinstance(value, Iterable) and not isinstance(value, str | Mapping)


def _each_card(cards: Iterable[Card]) -> Iterator[Card]:
    """Yield the items of ``cards``, checking that each is a Card (text is not read here)."""
    if not _items(cards):
        raise errors.CardParseError(
            f"expected a sequence of cards, not {errors.quote(cards)} (as_cards reads text)"
        )
    for card in cards:
        if not isinstance(card, Card):
            raise errors.CardParseError(f"expected a Card, not {errors.quote(card)}")
        yield card


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards separated by single spaces, in the order given.

    Raises:
        CardParseError: If ``cards`` is not a sequence of :class:`Card` values.
    """
    return " ".join(map(str, _each_card(cards)))


def mask_of(cards: Iterable[Card]) -> int:
    """Return the bit set of the cards (each card's ``1 << index``).

    Raises:
        CardParseError: If ``cards`` is not a sequence of :class:`Card` values.
    """
    mask = 0
    try:  # the games call this at every deal: what is no card fails here at no cost to cards
        for card in cards:
            mask |= 1 << card.index
    except (AttributeError, TypeError, ValueError):
        raise errors.CardParseError(
            f"expected a sequence of cards, not {errors.quote(cards)} (as_cards reads text)"
        ) from None
    return mask


ALL_CARDS: Final = (1 << len(CARDS)) - 1
"""The bit set of all 52 cards: every bit set a hand may have."""


def cards_in(mask: int) -> Iterator[Card]:
    """Return the cards of a bit set in card order, as an iterator.

    Raises:
        RulesError: If ``mask`` is not a whole number from 0 to :data:`ALL_CARDS` (checked when
            called, not when first iterated).

    Example:
        >>> print(format_cards(cards_in(mask_of(parse_cards("A♦ 7♣ Q♥")))))
        7♣ Q♥ A♦
    """
    if type(mask) is not int or mask & ~ALL_CARDS:
        raise errors.RulesError(
            f"a bit set of cards must be a whole number from 0 to 2**52 - 1, "
            f"not {errors.quote(mask)}"
        )
    return _cards_in(mask)


def cards_of(mask: int) -> tuple[Card, ...]:
    """Return the cards of a bit set in card order, as a tuple: ``tuple(cards_in(mask))``.

    The views list a seat's cards with it: each half of a suit's 13 bits is looked up in a
    table of the cards it stands for, so there is no loop over the cards.

    Raises:
        RulesError: If ``mask`` is not a whole number from 0 to :data:`ALL_CARDS`.

    Example:
        >>> print(format_cards(cards_of(mask_of(parse_cards("A♦ 7♣ Q♥")))))
        7♣ Q♥ A♦
    """
    if type(mask) is not int or mask & ~ALL_CARDS:
        raise errors.RulesError(
            f"a bit set of cards must be a whole number from 0 to 2**52 - 1, "
            f"not {errors.quote(mask)}"
        )
    a, b, c, d, e, f, g, h = _HALF_SUITS
    return (
        *a[mask & 127],
        *b[mask >> 7 & 63],
        *c[mask >> 13 & 127],
        *d[mask >> 20 & 63],
        *e[mask >> 26 & 127],
        *f[mask >> 33 & 63],
        *g[mask >> 39 & 127],
        *h[mask >> 46 & 63],
    )


_HALF_SUITS: Final = tuple(
    tuple(
        tuple(CARDS[start + bit] for bit in range(width) if chunk >> bit & 1)
        for chunk in range(1 << width)
    )
    for suit in range(len(Suit))
    for start, width in ((13 * suit, 7), (13 * suit + 7, 6))
)
"""For each half of each suit (its 7 low ranks, then its 6 high ones), the cards of each set of
its bits, lowest first: what :func:`cards_of` reads."""


def _cards_in(mask: int) -> Iterator[Card]:
    """Yield the cards of a checked bit set in card order."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


_FLAG_TABLES: Final[dict[int, tuple[int, int, tuple[tuple[int, ...], ...]]]] = {}
"""For each pack size asked about so far: the place of its lowest rank in a suit's 13 bits, the
bit set of its ranks there, and for each set of those ranks its flags (lowest rank first)."""


def _flag_table(size: int) -> tuple[int, int, tuple[tuple[int, ...], ...]]:
    """Return (and keep) the table :func:`flags` reads for a pack of ``size`` cards."""
    ranks = len(pack(size)) // len(Suit)  # pack refuses a size that is no pack's
    table = tuple(tuple(chunk >> bit & 1 for bit in range(ranks)) for chunk in range(1 << ranks))
    found = _FLAG_TABLES[size] = (len(Rank) - ranks, (1 << ranks) - 1, table)
    return found


def flag_blocks(masks: Iterable[int], size: int = 52) -> list[int]:
    """Return :func:`flags` of each bit set in turn, one block after another, as one list.

    An encoding lays out many blocks of card flags (a hand, each seat's tricks …): this makes
    them in one call, each from four table lookups.

    Raises:
        RulesError: If there is no pack of ``size`` cards, or a mask is not a bit set of cards.

    Example:
        >>> seen = flag_blocks([mask_of(parse_cards("8♣ A♦")), 0], 32)
        >>> len(seen), seen[:3], seen[31], sum(seen)
        (64, [0, 1, 0], 1, 2)
    """
    try:
        low, full, table = _FLAG_TABLES[size]
    except (KeyError, TypeError):  # a pack not met yet, or no pack at all: pack says so
        low, full, table = _flag_table(size)
    second, third, fourth = 13 + low, 26 + low, 39 + low
    try:
        each = iter(masks)
    except TypeError:
        raise errors.RulesError(
            f"masks must be bit sets of cards, one after another, not {errors.quote(masks)}"
        ) from None
    found: list[int] = []
    for mask in each:
        if type(mask) is not int or mask & ~ALL_CARDS:
            raise errors.RulesError(
                f"mask must be a bit set of cards (0 to cards.ALL_CARDS), not {errors.quote(mask)}"
            )
        found += table[mask >> low & full]
        found += table[mask >> second & full]
        found += table[mask >> third & full]
        found += table[mask >> fourth & full]
    return found


def flags(mask: int, size: int = 52) -> tuple[int, ...]:
    """Return one 0/1 per card of ``pack(size)``, in card order: 1 for each card of the bit set.

    Cards of the bit set that are not in the pack are left out. An encoding turns the cards a
    seat sees into numbers with it, one suit at a time from a table (no loop over the cards).

    Raises:
        RulesError: If there is no pack of ``size`` cards (as for :func:`pack`), or ``mask``
            is not a bit set of cards.

    Example:
        >>> seen = flags(mask_of(parse_cards("8♣ A♦ 2♣")), 32)
        >>> len(seen), seen[:3], seen[-1], sum(seen)  # 7♣ 8♣ 9♣ … A♦; no 2♣ in 32 cards
        (32, (0, 1, 0), 1, 2)
    """
    try:
        low, full, table = _FLAG_TABLES[size]
    except (KeyError, TypeError):  # a pack not met yet, or no pack at all: pack says so
        low, full, table = _flag_table(size)
    try:
        if 0 <= mask <= ALL_CARDS:
            return (
                table[mask >> low & full]
                + table[mask >> 13 + low & full]
                + table[mask >> 26 + low & full]
                + table[mask >> 39 + low & full]
            )
    except TypeError:  # not a number
        pass
    raise errors.RulesError(
        f"mask must be a bit set of cards (0 to cards.ALL_CARDS), not {errors.quote(mask)}"
    )
