"""Gin Rummy's meld mathematics: melds, the count of a hand, knocking and laying off.

A **set** is 3 or 4 cards of one rank; a **run** is 3 or more cards of one suit in sequence,
ranked A (low) 2 3 … 10 J Q K: A 2 3 is a run, Q K A is not, and runs do not wrap round. A card
belongs to at most one meld. The cards in no meld are **deadwood**, valued A = 1, 2 to 10 at
face value, J Q K = 10, and a hand's **count** is the least deadwood total over every way of
arranging it into melds. This module finds that minimum by a true search: a card shared by a
set and a run is tried both ways, a set of four may give one card to a run and keep three, and
a long run may be split.

After a knock that is not gin, the defender lays out his own melds and may **lay off** cards
onto the knocker's melds as laid down: the fourth card onto a set of three, cards at either end
of a run, one after the other. The source, Vladimir Mendelev's «Энциклопедия игр»
("Encyclopedia of Games"), says: «противник … имеет право доложить к своим одиночным картам
те, что подходят к сочетаниям, выложенным противником (например, четвертого валета к выложенным
трем, семерку и шестерку пик — к секвенсу из пятерки, четверки и тройки пик). Нельзя добавлять
карты к одиночным, на которые «стучали».» ("the opponent may add those of his single cards that
fit the combinations the knocker laid out — for example the fourth jack to the three laid out,
the seven and six of spades to the sequence of five, four and three of spades. Cards may not be
added to the single cards the knocker knocked with.") His own melds and his lay-offs are
optimised together: a card goes into his own meld or onto the knocker's, whichever leaves less.
The source's excerpt starts after the melds and card values are explained, so those follow the
standard rules above.

Two layers:

* Card level: functions take cards as :class:`~cardgames.cards.Card` values or text
  (``"3♥ 4♥ 5♥"``), at most 11 of them and no card twice, and return frozen values
  (:class:`Meld`, :class:`Layout`, :class:`Defence`). Bad input raises
  :class:`~cardgames.errors.RulesError` (or :class:`~cardgames.errors.CardParseError` for text
  that is not a card) naming the culprit.
* Mask level, for the engine's hot path: :func:`deadwood_of` and :func:`knock_count` take a bit
  set of card indices (``1 << card.index``) and return an ``int`` in a few microseconds. Sets
  are found from rank counts; runs from a per-suit table (a suit's cards in maximal sequences
  of three or more are melded, the rest are deadwood); only the hands with a rank held three or
  four times search over which set cards go into sets.

Orders. Melds are listed sets first, by rank A 2 … K, each rank's sets of three (in card order
of their cards) before its set of four; then runs by suit ♣ ♠ ♥ ♦, lowest card (ace low), then
length. Layouts and defences are listed best first: by count, then fewest deadwood cards, then
fewest melds, then their melds in the meld order, then (defences) their lay-offs by target and
card. :func:`best_layout` and :func:`best_defence` return the first of those lists: the least
count, shown the way a player shows it, with as many cards melded and as few, long melds as
possible (a run of six as one run, not two runs of three).

Example:
    >>> hand = "7♣ 7♠ 7♥ 7♦ 5♥ 6♥ 8♦ 9♦ K♣ 2♠"
    >>> deadwood(hand), str(best_layout(hand))
    (23, '[7♣ 7♠ 7♥] [7♦ 8♦ 9♦] K♣ 2♠ 5♥ 6♥ (count 23)')
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

import attrs

from cardgames import cards, errors

__all__ = [
    "MAX_CARDS",
    "VALUES",
    "CardLike",
    "CardsLike",
    "Defence",
    "LayoffsLike",
    "Layout",
    "Meld",
    "MeldKind",
    "MeldsLike",
    "arrangements",
    "best_defence",
    "best_layout",
    "check_defence",
    "check_layout",
    "deadwood",
    "deadwood_of",
    "defences",
    "knock_count",
    "knock_discards",
    "melds",
]

CardLike: TypeAlias = "cards.Card | str"
"""A card as a :class:`~cardgames.cards.Card` or as text: ``"Q♥"``, ``"qh"``, ``"10h"``."""
CardsLike: TypeAlias = "Iterable[cards.Card | str] | str"
"""Cards as :class:`~cardgames.cards.Card` values or text: ``"3♥ 4♥ 5♥"``, ``["3♥", "4h"]``."""
MeldsLike: TypeAlias = "Iterable[Meld | Iterable[cards.Card | str] | str]"
"""Melds as :class:`Meld` values or as their cards: ``["3♥ 4♥ 5♥", "8♣ 8♠ 8♦"]``."""
LayoffsLike: TypeAlias = "Iterable[tuple[cards.Card | str, int]]"
"""Lay-offs as (card, index of the knocker's meld) pairs: ``[("6♠", 0), ("7♠", 0)]``."""

MAX_CARDS: Final = 11
"""The most cards a gin rummy hand holds: the 10 dealt and the one just drawn."""

_GIN_VALUES: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Deadwood values by position in a suit, ace low: A 2 3 … 10 J Q K."""


def _position(card: cards.Card) -> int:
    """The card's place in its suit in run order: A 0, 2 1, … K 12."""
    return (card.index % 13 + 1) % 13


VALUES: Final[tuple[int, ...]] = tuple(_GIN_VALUES[_position(card)] for card in cards.CARDS)
"""Deadwood value by card index (0..51): A = 1, 2 to 10 at face value, J Q K = 10."""

_SUIT: Final = 0x1FFF
_ACES: Final = sum(1 << (13 * suit + 12) for suit in range(4))
_NOT_ACES: Final = (1 << 52) - 1 - _ACES
_LOWEST: Final = sum(1 << (13 * suit) for suit in range(4))
_RUN_STARTS: Final = sum(0x7FF << (13 * suit) for suit in range(4))
"""The positions where a run of three fits inside its suit: A up to J."""


def _gin(mask: int) -> int:
    """Move a card mask to run order: each suit's 13 bits from the ace (bit 0) up to the king."""
    return (mask & _NOT_ACES) << 1 | (mask & _ACES) >> 12


def _card_mask(gin: int) -> int:
    """Undo :func:`_gin`."""
    return (gin & ~_LOWEST) >> 1 | (gin & _LOWEST) << 12


def _covered(gin: int) -> int:
    """The cards in sequences of three or more of one suit (a mask in run order)."""
    starts = gin & gin >> 1 & gin >> 2 & _RUN_STARTS
    return starts | starts << 1 | starts << 2


def _suit_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per 13-bit suit: the value of its cards, and the value and top value of its deadwood."""
    values = [0] * 8192
    for part in range(1, 8192):
        low = part & -part
        values[part] = values[part ^ low] + _GIN_VALUES[low.bit_length() - 1]
    dead_values = [0] * 8192
    tops = [0] * 8192
    for part in range(1, 8192):
        dead = part & ~_covered(part)
        if dead:
            dead_values[part] = values[dead]
            tops[part] = _GIN_VALUES[dead.bit_length() - 1]
    return tuple(values), tuple(dead_values), tuple(tops)


_VALUE, _RUN_DEAD, _RUN_TOP = _suit_tables()


def _value(gin: int) -> int:
    """The total value of the cards of a mask in run order."""
    return (
        _VALUE[gin & _SUIT]
        + _VALUE[gin >> 13 & _SUIT]
        + _VALUE[gin >> 26 & _SUIT]
        + _VALUE[gin >> 39]
    )


def _threes(gin: int) -> int:
    """The positions (13 bits) of the ranks held in three or four suits."""
    a, b, c, d = gin & _SUIT, gin >> 13 & _SUIT, gin >> 26 & _SUIT, gin >> 39
    return (a & b & (c | d)) | (c & d & (a | b))


class MeldKind(enum.StrEnum):
    """The two kinds of meld."""

    SET = "set"
    """Three or four cards of one rank."""
    RUN = "run"
    """Three or more cards of one suit in sequence, ace low."""


def _read_meld(found: tuple[cards.Card, ...]) -> tuple[tuple[cards.Card, ...], MeldKind]:
    """Return the cards in meld order and the kind, or raise RulesError saying why not."""
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
    ordered = tuple(sorted(found, key=_position))
    if _position(ordered[-1]) - _position(ordered[0]) != len(ordered) - 1:
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
                f"a meld's cards must be a tuple of cards, not {self.cards!r}: "
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
        ordered, kind = _read_meld(_as_cards(cards))
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
        bit = _as_cards([card])[0].mask
        if self.mask & bit:
            return None
        return _MELD_AT.get(self.mask | bit)

    def __str__(self) -> str:
        """Return the cards separated by spaces, like ``3♥ 4♥ 5♥``."""
        return cards.format_cards(self.cards)

    def __repr__(self) -> str:
        """Return an expression that rebuilds the meld: ``Meld.of('3♥ 4♥ 5♥')``."""
        return f"Meld.of('{self}')"


def _as_cards(given: object) -> tuple[cards.Card, ...]:
    """Read cards given as text or as a sequence of cards and card texts."""
    return cards.as_cards(given)  # type: ignore[arg-type]  # as_cards checks what it gets


def _all_melds() -> tuple[Meld, ...]:
    """Every meld of the pack, in the meld order (see the module's notes)."""
    found: list[Meld] = []
    for position in range(13):
        column = tuple(_card_at(suit, position) for suit in range(4))
        found += [Meld(trio, MeldKind.SET) for trio in itertools.combinations(column, 3)]
        found.append(Meld(column, MeldKind.SET))
    for suit in range(4):
        row = tuple(_card_at(suit, position) for position in range(13))
        found += [
            Meld(row[low : low + length], MeldKind.RUN)
            for low in range(11)
            for length in range(3, 14 - low)
        ]
    return tuple(found)


def _card_at(suit: int, position: int) -> cards.Card:
    """The card of a suit at a place in run order (A 0, 2 1, … K 12)."""
    return cards.CARDS[13 * suit + (position - 1) % 13]


_ALL_MELDS: Final = _all_melds()
_MELD_AT: Final = {meld.mask: meld for meld in _ALL_MELDS}
_ORDER: Final = {meld.mask: place for place, meld in enumerate(_ALL_MELDS)}


def _set_choices() -> dict[int, tuple[int, ...]]:
    """The sets worth trying for a rank held three or four times, as run-order masks.

    Keyed by the rank's cards (a run-order mask) plus, shifted up by 64 bits, those of them that
    lie in a sequence of three or more of their suit: the only ones a run could use. Leaving a
    card out of a set pays only if a run could use it, so the choices are: the set of all the
    rank's cards; each set of three that leaves out a card a run could use; and no set (0) if
    runs could use one card of three, or two of four.
    """
    table: dict[int, tuple[int, ...]] = {}
    for position in range(13):
        for suits in (*itertools.combinations(range(4), 3), range(4)):
            held = [1 << (13 * suit + position) for suit in suits]
            column = sum(held)
            for count in range(len(held) + 1):
                for runnable in itertools.combinations(held, count):
                    choices = [0] if count >= len(held) - 2 else []
                    if len(held) == 4:
                        choices += [column ^ card for card in runnable]
                    table[column | sum(runnable) << 64] = (*choices, column)
    return table


_SET_CHOICES: Final = _set_choices()


def _set_states(gin: int, threes: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every way worth trying to take sets out of a hand, as run-order masks.

    The ways left out are each beaten by one kept, which melds the same cards and more (see
    :func:`_set_choices`).

    Args:
        gin: The hand in run order.
        threes: The positions of the ranks it holds three or four of (see :func:`_threes`).

    Returns:
        Each way as the cards left and the sets taken.
    """
    runnable = _covered(gin)
    states: list[tuple[int, tuple[int, ...]]] = [(gin, ())]
    while threes:
        low = threes & -threes
        threes ^= low
        column = gin & _LOWEST * low
        choices = _SET_CHOICES[column | (column & runnable) << 64]
        states = [
            (left & ~chosen, (*taken, chosen) if chosen else taken)
            for left, taken in states
            for chosen in choices
        ]
    return states


# ---------------------------------------------------------------------------------------------
# Mask level: the engine's hot path.


def _bad_mask(mask: object, *, exactly: int | None = None) -> errors.RulesError:
    """The error for a bit set that is not a hand of the right size."""
    if type(mask) is not int or mask < 0 or mask >> 52:
        return errors.RulesError(
            f"{mask!r} is not a bit set of cards: expected an int of card bits, 1 << card.index"
        )
    if exactly is not None:
        return errors.RulesError(
            f"knocking needs the {exactly} cards held after drawing, not {mask.bit_count()}"
        )
    return errors.RulesError(
        f"a gin rummy hand holds at most {MAX_CARDS} cards, not {mask.bit_count()}"
    )


def _runs_dead(gin: int, spare: bool) -> int:
    """The deadwood left by runs alone (less its highest card's value, to spare one)."""
    a, b, c, d = gin & _SUIT, gin >> 13 & _SUIT, gin >> 26 & _SUIT, gin >> 39
    dead = _RUN_DEAD[a] + _RUN_DEAD[b] + _RUN_DEAD[c] + _RUN_DEAD[d]
    return dead - max(_RUN_TOP[a], _RUN_TOP[b], _RUN_TOP[c], _RUN_TOP[d]) if spare else dead


def _least(mask: int, spare: bool) -> int:
    """The least deadwood of a hand; with ``spare``, after discarding the best card to discard.

    Sparing takes the highest deadwood card out of each arrangement. That finds the best discard:
    any discard's best arrangement is an arrangement of the whole hand with that card added to
    its deadwood. An 11-card hand melded whole has a meld of four or more, which spares a card.
    """
    gin = _gin(mask)
    threes = _threes(gin)
    if not threes:
        return _runs_dead(gin, spare)
    return min(_runs_dead(left, spare) for left, _ in _set_states(gin, threes))


def deadwood_of(mask: int) -> int:
    """Return the count of a hand given as a bit set: the least deadwood over all arrangements.

    The mask-level twin of :func:`deadwood`, for the engine's hot path: a few microseconds.

    Args:
        mask: The hand's cards, ``1 << card.index`` each; at most 11 cards.

    Raises:
        RulesError: If ``mask`` is not a bit set of at most 11 cards.

    Example:
        >>> from cardgames import cards
        >>> deadwood_of(cards.mask_of(cards.parse_cards("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 5♥ 6♥")))
        11
    """
    if type(mask) is not int or mask < 0 or mask >> 52 or mask.bit_count() > MAX_CARDS:
        raise _bad_mask(mask)
    return _least(mask, spare=False)


def knock_count(mask: int) -> int:
    """Return the least count an 11-card hand can keep by discarding one card.

    The hand may knock at a knock limit when ``knock_count(mask) <= limit``, and go gin when it
    is 0. Every arrangement of the 11 cards is tried with its highest deadwood card discarded
    (an arrangement that melds all 11 has a meld of four or more, which can spare a card), so
    this costs about as much as one :func:`deadwood_of`, not eleven.

    Args:
        mask: The hand's cards, ``1 << card.index`` each: exactly 11.

    Raises:
        RulesError: If ``mask`` is not a bit set of 11 cards.

    Example:
        >>> from cardgames import cards
        >>> knock_count(cards.mask_of(cards.parse_cards("A♣ 2♣ 3♣ 9♥ 9♠ 9♦ 4♦ 5♦ 6♦ 2♥ K♠")))
        2
    """
    if type(mask) is not int or mask < 0 or mask >> 52 or mask.bit_count() != MAX_CARDS:
        raise _bad_mask(mask, exactly=MAX_CARDS)
    return _least(mask, spare=True)


# ---------------------------------------------------------------------------------------------
# Card level: reading what a caller gives.


def _read_hand(given: object) -> tuple[tuple[cards.Card, ...], int]:
    """Read a hand: its cards (as given) and bit set; no card twice, at most 11 cards."""
    found = _as_cards(given)
    mask = 0
    for card in found:
        if mask & card.mask:
            raise errors.RulesError(f"the hand holds {card} twice: a card can be held only once")
        mask |= card.mask
    if len(found) > MAX_CARDS:
        raise errors.RulesError(
            f"a gin rummy hand holds at most {MAX_CARDS} cards, not {len(found)}"
        )
    return found, mask


def _read_melds(given: object) -> tuple[Meld, ...]:
    """Read melds given as Meld values, or as cards or text that Meld.of reads."""
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise errors.RulesError(
            f"melds are given as a sequence of melds, such as ['3♥ 4♥ 5♥', '8♣ 8♠ 8♦'], "
            f"not {given!r}"
        )
    return tuple(item if isinstance(item, Meld) else Meld.of(item) for item in given)


def _read_disjoint(given: object, mask: int, *, knocker: bool) -> tuple[tuple[Meld, ...], int]:
    """Read melds that share no card: the player's own (of his hand) or the knocker's (not).

    Returns:
        The melds in the order given, and the cards they use.
    """
    found = _read_melds(given)
    used = 0
    for place, meld in enumerate(found):
        for card in meld.cards:
            if knocker and mask & card.mask:
                raise errors.RulesError(
                    f"{card} is both in your hand and in the knocker's meld {meld}"
                )
            if not knocker and not mask & card.mask:
                raise errors.RulesError(f"{card} is not in your hand")
            if used & card.mask:
                other = next(earlier for earlier in found[:place] if earlier.mask & card.mask)
                whose = "the knocker's" if knocker else "your"
                raise errors.RulesError(f"{card} is in two of {whose} melds: {other} and {meld}")
        used |= meld.mask
    return found, used


def _check_limit(limit: object) -> int:
    """Accept a knock limit: a whole number, 0 or more."""
    if type(limit) is not int or limit < 0:
        raise errors.RulesError(f"the knock limit must be a whole number, 0 or more, not {limit!r}")
    return limit


def _meld_tuple(value: MeldsLike) -> tuple[Meld, ...]:
    """Read melds and put them in the meld order."""
    return tuple(sorted(_read_melds(value), key=_meld_place))


def _meld_place(meld: Meld) -> int:
    """A meld's place in the meld order."""
    return _ORDER[meld.mask]


def _card_tuple(value: CardsLike) -> tuple[cards.Card, ...]:
    """Read cards and put them in card order."""
    return tuple(sorted(_as_cards(value)))


def _layoff_tuple(value: LayoffsLike) -> tuple[tuple[cards.Card, int], ...]:
    """Read lay-offs: (card, index of the knocker's meld) pairs, in the order given."""
    return _read_layoffs(value)


def _read_layoffs(value: object) -> tuple[tuple[cards.Card, int], ...]:
    """Read lay-offs given as anything: see :func:`_layoff_tuple`."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise errors.RulesError(
            f"lay-offs are given as (card, meld index) pairs, such as [('6♠', 0)], not {value!r}"
        )
    found = []
    for item in value:
        if not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 2:
            raise errors.RulesError(f"a lay-off is a (card, meld index) pair, not {item!r}")
        card, index = item
        if type(index) is not int or index < 0:
            raise errors.RulesError(
                f"a lay-off names the knocker's meld by its index, 0 or more, not {index!r}"
            )
        found.append((_as_cards([card])[0], index))
    return tuple(found)


def _check_disjoint(*parts: Iterable[cards.Card]) -> None:
    """Raise RulesError if a card appears twice among the parts of a layout."""
    used = 0
    for part in parts:
        for card in part:
            if used & card.mask:
                raise errors.RulesError(f"{card} is used twice in the layout")
            used |= card.mask


@attrs.frozen
class Layout:
    """A hand laid out: its melds and its deadwood.

    The melds are kept in the meld order and the deadwood in card order, whatever order they
    are given in, so equal layouts compare equal.

    Raises:
        RulesError: If a card is used twice, or a meld is not one.

    Example:
        >>> layout = Layout(["8♦ 8♣ 8♠", "3♥ 4♥ 5♥"], "K♠ 2♥")
        >>> print(layout)
        [8♣ 8♠ 8♦] [3♥ 4♥ 5♥] K♠ 2♥ (count 12)
        >>> layout.count, layout == check_layout("2♥ 3♥ 4♥ 5♥ 8♣ 8♠ 8♦ K♠", layout.melds)
        (12, True)
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_meld_tuple)
    """The melds, in the meld order."""
    deadwood: tuple[cards.Card, ...] = attrs.field(converter=_card_tuple)
    """The cards in no meld, in card order."""

    def __attrs_post_init__(self) -> None:
        """Check that no card is used twice."""
        _check_disjoint(*(meld.cards for meld in self.melds), self.deadwood)

    @property
    def count(self) -> int:
        """The deadwood's total value."""
        return sum(VALUES[card.index] for card in self.deadwood)

    def __str__(self) -> str:
        """Return the melds in brackets, the deadwood and the count."""
        shown = [f"[{meld}]" for meld in self.melds] + [str(card) for card in self.deadwood]
        return " ".join([*shown, f"(count {self.count})"])


@attrs.frozen
class Defence:
    """The defender's lay-out after a knock: his own melds, his lay-offs and his deadwood.

    Each lay-off is a card and the index, among the knocker's melds as he laid them down, of the
    meld it extends. The lay-offs are kept in the order given; the functions of this module give
    them by meld, each meld's cards in an order they can be laid one by one (below the run from
    the nearest card down, then above it from the nearest card up).

    Raises:
        RulesError: If a card is used twice, or a meld or a lay-off is malformed.

    Example:
        >>> defence = Defence(["A♣ A♠ A♥"], [("6♠", 0), ("7♠", 0)], "2♥")
        >>> defence.count, defence.layoffs[1]
        (2, (Card.parse('7♠'), 0))
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_meld_tuple)
    """His own melds, in the meld order."""
    layoffs: tuple[tuple[cards.Card, int], ...] = attrs.field(converter=_layoff_tuple)
    """The cards laid off, each with the index of the knocker's meld it extends."""
    deadwood: tuple[cards.Card, ...] = attrs.field(converter=_card_tuple)
    """The cards he is left with, in card order."""

    def __attrs_post_init__(self) -> None:
        """Check that no card is used twice."""
        laid = [card for card, _ in self.layoffs]
        _check_disjoint(*(meld.cards for meld in self.melds), laid, self.deadwood)

    @property
    def count(self) -> int:
        """The deadwood's total value: what counts against him."""
        return sum(VALUES[card.index] for card in self.deadwood)


# ---------------------------------------------------------------------------------------------
# Card level: the searches.

_Key = tuple[int, int, int, tuple[int, ...]]
"""How layouts are ranked: count, deadwood cards, melds, the melds' places in the meld order."""


def _key(dead: int, chosen: Iterable[Meld]) -> _Key:
    """Rank a layout given by its deadwood (a card mask) and its melds; lower is better."""
    places = sorted(_ORDER[meld.mask] for meld in chosen)
    return (_value(_gin(dead)), dead.bit_count(), len(places), tuple(places))


def _runs(covered: int) -> list[int]:
    """Split a run-order mask of cards in sequences of three or more into its maximal runs."""
    found = []
    for shift in (0, 13, 26, 39):
        part = covered >> shift & _SUIT
        while part:
            run = part & ~(part + (part & -part))
            found.append(run << shift)
            part ^= run
    return found


def _best_of(mask: int) -> tuple[_Key, Layout]:
    """The first layout of a hand in the documented order, with its rank."""
    gin = _gin(mask)
    candidates = []
    for left, taken in _set_states(gin, _threes(gin)):
        covered = _covered(left)
        chosen = [_MELD_AT[_card_mask(part)] for part in (*taken, *_runs(covered))]
        dead = _card_mask(left & ~covered)
        candidates.append((_key(dead, chosen), chosen, dead))
    key, chosen, dead = min(candidates, key=lambda candidate: candidate[0])
    return key, Layout(chosen, _cards_of(dead))


def _disjoint(found: Sequence[Meld]) -> list[tuple[tuple[Meld, ...], int]]:
    """Every collection of disjoint melds among ``found``, with the cards it uses."""
    result = []
    stack: list[tuple[tuple[Meld, ...], int, int]] = [((), 0, 0)]
    while stack:
        chosen, used, start = stack.pop()
        result.append((chosen, used))
        stack += [
            ((*chosen, meld), used | meld.mask, place + 1)
            for place, meld in enumerate(found[start:], start)
            if not meld.mask & used
        ]
    return result


def _cards_of(mask: int) -> tuple[cards.Card, ...]:
    """The cards of a mask, in card order."""
    return tuple(cards.cards_in(mask))


def _melds_in(mask: int) -> tuple[Meld, ...]:
    """Every meld made of cards of the mask, in the meld order."""
    return tuple(meld for meld in _ALL_MELDS if meld.mask & mask == meld.mask)


_Layoffs = tuple[tuple[cards.Card, int], ...]


def _chains(target: Meld, mask: int) -> tuple[list[cards.Card], list[cards.Card]]:
    """The hand's cards that can go onto a meld: below it and above it, nearest first."""
    if target.kind is MeldKind.SET:
        rank = target.cards[0].index % 13
        missing = [cards.CARDS[13 * suit + rank] for suit in range(4)]
        fourth = [card for card in missing if card not in target.cards and mask & card.mask]
        return (fourth if len(target.cards) == 3 else []), []
    suit = target.cards[0].suit
    below: list[cards.Card] = []
    above: list[cards.Card] = []
    for chain, positions in (
        (below, range(_position(target.cards[0]) - 1, -1, -1)),
        (above, range(_position(target.cards[-1]) + 1, 13)),
    ):
        for position in positions:
            card = _card_at(suit, position)
            if not mask & card.mask:
                break
            chain.append(card)
    return below, above


def _layoff_options(targets: Sequence[Meld], mask: int) -> list[list[tuple[int, _Layoffs]]]:
    """For each of the knocker's melds: every set of the hand's cards that can be laid on it."""
    options = []
    for index, target in enumerate(targets):
        below, above = _chains(target, mask)
        chains = [
            below[:down] + above[:up]
            for down in range(len(below) + 1)
            for up in range(len(above) + 1)
        ]
        options.append(
            [(cards.mask_of(chain), tuple((card, index) for card in chain)) for chain in chains]
        )
    return options


def _layoff_sets(
    options: list[list[tuple[int, _Layoffs]]], used: int
) -> list[tuple[int, _Layoffs]]:
    """Every legal set of lay-offs onto all the knocker's melds, avoiding the cards ``used``."""
    combined: list[tuple[int, _Layoffs]] = [(0, ())]
    for choices in options:
        combined = [
            (laid | more, (*layoffs, *extra))
            for laid, layoffs in combined
            for more, extra in choices
            if not more & (laid | used)
        ]
    return combined


def _takes(meld: Meld) -> str:
    """Say what a meld takes as a lay-off."""
    if meld.kind is MeldKind.RUN:
        return "a run takes the next card of its suit at either end"
    if len(meld.cards) == 3:
        return "a set of three takes only the fourth card of its rank"
    return "a set of four takes no more cards"


def _check_layoffs(
    layoffs: _Layoffs, targets: Sequence[Meld], mask: int, chosen: Sequence[Meld]
) -> _Layoffs:
    """Check lay-offs one by one in the order given; return them by meld, in laying order."""
    current = list(targets)
    laid: list[list[cards.Card]] = [[] for _ in targets]
    taken = 0
    for card, index in layoffs:
        if not mask & card.mask:
            raise errors.RulesError(f"{card} is not in your hand")
        own = next((meld for meld in chosen if meld.mask & card.mask), None)
        if own is not None:
            raise errors.RulesError(f"{card} is in your meld {own}: it cannot be laid off too")
        if taken & card.mask:
            raise errors.RulesError(f"{card} is laid off twice")
        if index >= len(targets):
            raise errors.RulesError(
                f"the knocker has no meld {index} to lay {card} on: "
                + (f"his melds are numbered 0 to {len(targets) - 1}" if targets else "he laid none")
            )
        grown = current[index].extended(card)
        if grown is None:
            raise errors.RulesError(
                f"{card} does not extend {current[index]}: {_takes(current[index])}"
            )
        current[index] = grown
        laid[index].append(card)
        taken |= card.mask
    return tuple(
        (card, index)
        for index, target in enumerate(targets)
        for card in sorted(laid[index], key=functools.partial(_laying_place, target))
    )


def _laying_place(target: Meld, card: cards.Card) -> tuple[bool, int]:
    """Where a card laid on a meld comes: below a run from the nearest down, then above it."""
    low = _position(target.cards[0])
    return _position(card) > low, abs(_position(card) - low)


def _layoff_key(layoffs: _Layoffs) -> tuple[tuple[int, int], ...]:
    """Rank lay-offs: by target, then card."""
    return tuple(sorted((index, card.index) for card, index in layoffs))


# ---------------------------------------------------------------------------------------------
# Card level: the public functions.


def melds(cards: CardsLike) -> tuple[Meld, ...]:
    """Return every meld that can be made from the cards, overlapping ones included.

    Every set of three and of four (a rank held four times gives its four sets of three too) and
    every run of three or more (its shorter runs too), in the meld order: sets by rank A 2 … K,
    each rank's sets of three before its set of four; then runs by suit ♣ ♠ ♥ ♦, lowest card,
    length.

    Raises:
        RulesError: If a card is given twice or there are more than 11.
        CardParseError: If an item is not a card.

    Example:
        >>> [str(meld) for meld in melds("3♥ 4♥ 5♥ 6♥ 5♣ 5♠")]
        ['5♣ 5♠ 5♥', '3♥ 4♥ 5♥', '3♥ 4♥ 5♥ 6♥', '4♥ 5♥ 6♥']
    """
    return _melds_in(_read_hand(cards)[1])


def deadwood(cards: CardsLike) -> int:
    """Return the hand's count: the least deadwood total over every arrangement into melds.

    Raises:
        RulesError: If a card is given twice or there are more than 11.
        CardParseError: If an item is not a card.

    Example:
        A set of four gives the 7♦ to a run and keeps three; the 5♥ 6♥ stay deadwood:

        >>> deadwood("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 5♥ 6♥")
        11
    """
    return deadwood_of(_read_hand(cards)[1])


def best_layout(cards: CardsLike) -> Layout:
    """Return an arrangement of the hand with the least count, the way a player would show it.

    Among the arrangements with the least count it has the fewest deadwood cards, then the
    fewest melds (a run of six is one run), then the melds earliest in the meld order: the
    first of :func:`arrangements`. It is also the defender's lay-out after gin, when nothing may
    be laid off.

    Raises:
        RulesError: If a card is given twice or there are more than 11.
        CardParseError: If an item is not a card.

    Example:
        >>> print(best_layout("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 5♥ 6♥"))
        [7♣ 7♠ 7♥] [7♦ 8♦ 9♦] 5♥ 6♥ (count 11)
        >>> print(best_layout("4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♣ J♣ Q♣ K♣"))
        [10♣ J♣ Q♣ K♣] [4♠ 5♠ 6♠ 7♠ 8♠ 9♠] (count 0)
    """
    return _best_of(_read_hand(cards)[1])[1]


def knock_discards(cards: CardsLike, limit: int = 10) -> tuple[cards.Card, ...]:
    """Return the cards an 11-card hand may discard to knock: those leaving a count ≤ ``limit``.

    In card order: what a player interface highlights as "you can knock". A limit of 0 asks for
    gin only; the Oklahoma variant passes the upcard's limit.

    Raises:
        RulesError: If the hand does not hold 11 different cards, or the limit is negative.
        CardParseError: If an item is not a card.

    Example:
        >>> hand = "A♣ 2♣ 3♣ 9♥ 9♠ 9♦ 4♦ 5♦ 6♦ 2♥ K♠"
        >>> knock_discards(hand), knock_discards(hand, limit=0)
        ((Card.parse('K♠'), Card.parse('2♥')), ())
    """
    hand, mask = _read_hand(cards)
    limit = _check_limit(limit)
    if len(hand) != MAX_CARDS:
        raise _bad_mask(mask, exactly=MAX_CARDS)
    return tuple(card for card in sorted(hand) if deadwood_of(mask ^ card.mask) <= limit)


def arrangements(cards: CardsLike, limit: int) -> tuple[Layout, ...]:
    """Return every way to lay the hand out with a count ≤ ``limit``: the knocker's choices.

    Each collection of disjoint melds is one layout, even when more could be melded: the knocker
    may show a card as deadwood that would fit a meld, and no card can be laid off onto it.
    Best first: by count, then fewest deadwood cards, then fewest melds, then the melds in the
    meld order; the first is :func:`best_layout` when its count is within the limit.

    Raises:
        RulesError: If a card is given twice, there are more than 11, or the limit is negative.
        CardParseError: If an item is not a card.

    Example:
        >>> for layout in arrangements("5♥ 6♥ 7♥ 8♥ 8♣ 8♦ 2♠", 10):
        ...     print(layout)
        [8♣ 8♥ 8♦] [5♥ 6♥ 7♥] 2♠ (count 2)
    """
    mask = _read_hand(cards)[1]
    limit = _check_limit(limit)
    found = []
    for chosen, used in _disjoint(_melds_in(mask)):
        dead = mask & ~used
        if _value(_gin(dead)) <= limit:
            found.append((_key(dead, chosen), Layout(chosen, _cards_of(dead))))
    found.sort(key=lambda item: item[0])
    return tuple(layout for _, layout in found)


def best_defence(
    cards: CardsLike,
    knocker_melds: MeldsLike,
) -> Defence:
    """Return the defender's least count after a knock: his own melds and lay-offs together.

    Each card goes into one of his melds, onto one of the knocker's melds as laid down (the
    fourth card of a set of three; the next cards at either end of a run, one after another),
    or stays deadwood, whichever leaves the least. Never onto the knocker's deadwood. Ties are
    broken as in :func:`defences`, whose first item this is.

    After gin nothing may be laid off (the source: «Противник не имеет права подкладывать свои
    карты к выложенным комбинациям, даже если они подходят», "the opponent may not add his cards
    to the combinations laid out, even if they fit"): the engine calls :func:`best_layout`
    instead, or passes no knocker's melds here.

    Args:
        cards: The defender's hand.
        knocker_melds: The knocker's melds in the order he laid them down, as :class:`Meld`
            values or text; the lay-offs refer to them by index.

    Raises:
        RulesError: If a card is given twice, the hand has more than 11 cards, a knocker's meld
            is not one, or a card is both the defender's and the knocker's.
        CardParseError: If an item is not a card.

    Example:
        The source's lay-offs: 7♠ and 6♠ onto 3♠ 4♠ 5♠, the fourth jack onto three jacks; the
        knocker's deadwood 2♥ takes neither the A♥ nor the 3♥:

        >>> defence = best_defence("7♠ 6♠ J♦ A♥ 3♥ K♣ K♦ K♥ 9♣ 9♦", ["3♠ 4♠ 5♠", "J♣ J♠ J♥"])
        >>> [str(meld) for meld in defence.melds], cards.format_cards(defence.deadwood)
        (['K♣ K♥ K♦'], '9♣ 3♥ A♥ 9♦')
        >>> [(str(card), index) for card, index in defence.layoffs]
        [('6♠', 0), ('7♠', 0), ('J♦', 1)]
    """
    hand_mask = _read_hand(cards)[1]
    targets = _read_disjoint(knocker_melds, hand_mask, knocker=True)[0]
    options = _layoff_options(targets, hand_mask)
    ranked = []
    for laid, layoffs in _layoff_sets(options, 0):
        key, layout = _best_of(hand_mask & ~laid)
        ranked.append(((key, _layoff_key(layoffs)), layout, layoffs))
    _, layout, layoffs = min(ranked, key=lambda item: item[0])
    return Defence(layout.melds, layoffs, layout.deadwood)


def defences(
    cards: CardsLike,
    knocker_melds: MeldsLike,
) -> tuple[Defence, ...]:
    """Return every distinct lay-out the defender may make after a knock that is not gin.

    Any collection of disjoint melds of his own, with any legal set of lay-offs of his other
    cards onto the knocker's melds. Two defences differ by their melds or by their laid-off
    cards with their targets; a run extended at both ends is one defence whatever the order of
    laying, given below the run from the nearest card down, then above it from the nearest card
    up. Best first: by count, then fewest deadwood cards, then fewest own melds, then the melds
    in the meld order, then the lay-offs by target and card; the first is :func:`best_defence`.

    Args:
        cards: The defender's hand.
        knocker_melds: The knocker's melds in the order he laid them down.

    Raises:
        RulesError: As :func:`best_defence`.
        CardParseError: If an item is not a card.

    Example:
        >>> for defence in defences("9♥ 9♠ 9♦ 6♠", ["3♠ 4♠ 5♠"]):
        ...     print(defence.melds, [str(card) for card, _ in defence.layoffs], defence.count)
        (Meld.of('9♠ 9♥ 9♦'),) ['6♠'] 0
        (Meld.of('9♠ 9♥ 9♦'),) [] 6
        () ['6♠'] 27
        () [] 33
    """
    hand_mask = _read_hand(cards)[1]
    targets = _read_disjoint(knocker_melds, hand_mask, knocker=True)[0]
    options = _layoff_options(targets, hand_mask)
    found = []
    for chosen, used in _disjoint(_melds_in(hand_mask)):
        for laid, layoffs in _layoff_sets(options, used):
            dead = hand_mask & ~used & ~laid
            defence = Defence(chosen, layoffs, _cards_of(dead))
            found.append(((_key(dead, chosen), _layoff_key(layoffs)), defence))
    found.sort(key=lambda item: item[0])
    return tuple(defence for _, defence in found)


def check_layout(
    cards: CardsLike,
    melds: MeldsLike,
    *,
    limit: int | None = None,
) -> Layout:
    """Check an arrangement a player chose and return it as a :class:`Layout`.

    Args:
        cards: The player's hand (the knocker's ten cards after his discard).
        melds: The melds he lays down, as :class:`Meld` values or text; the rest of the hand is
            his deadwood.
        limit: If given, the most the count may be: the knock limit.

    Raises:
        RulesError: If a meld is not one, uses a card not in the hand or one already used, or
            the count is over the limit; the message names the culprit.
        CardParseError: If an item is not a card.

    Example:
        >>> print(check_layout("3♥ 4♥ 5♥ 8♣ 8♠ 8♦ 2♥", ["8♣ 8♠ 8♦", "3♥ 4♥ 5♥"], limit=10))
        [8♣ 8♠ 8♦] [3♥ 4♥ 5♥] 2♥ (count 2)
        >>> check_layout("3♥ 4♥ 5♥ 8♣ 8♠ 8♦", ["2♥ 3♥ 4♥"])
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: 2♥ is not in your hand
    """
    hand_mask = _read_hand(cards)[1]
    chosen, used = _read_disjoint(melds, hand_mask, knocker=False)
    layout = Layout(chosen, _cards_of(hand_mask & ~used))
    if limit is not None and layout.count > _check_limit(limit):
        raise errors.RulesError(
            f"your count is {layout.count}: you may knock with a count of {limit} or less"
        )
    return layout


def check_defence(
    cards: CardsLike,
    knocker_melds: MeldsLike,
    melds: MeldsLike,
    layoffs: LayoffsLike,
) -> Defence:
    """Check the defender's lay-out and return it as a :class:`Defence`.

    The lay-offs are checked one by one in the order given, each onto the knocker's meld as
    extended by the lay-offs before it (6♠ before 7♠ onto 3♠ 4♠ 5♠). The result gives them in
    the order of :class:`Defence` (by meld, each run's cards from the nearest out), so it equals
    the same lay-out listed by :func:`defences`. After gin the engine calls
    :func:`check_layout` instead: nothing may be laid off.

    Args:
        cards: The defender's hand.
        knocker_melds: The knocker's melds in the order he laid them down.
        melds: The defender's own melds.
        layoffs: (card, index of the knocker's meld) pairs, in the order he lays them.

    Raises:
        RulesError: If a meld is not one; a card is not in the hand, is used twice, or does not
            extend the meld it is laid on; or an index names no meld of the knocker's.
        CardParseError: If an item is not a card.

    Example:
        >>> defence = check_defence(
        ...     "6♠ 7♠ J♦ A♥ 3♥ 9♣ 9♠ 9♦",
        ...     ["3♠ 4♠ 5♠", "J♣ J♠ J♥"],
        ...     ["9♣ 9♠ 9♦"],
        ...     [("6♠", 0), ("7♠", 0), ("J♦", 1)],
        ... )
        >>> defence.count
        4
        >>> check_defence("6♠ 7♠", ["3♠ 4♠ 5♠"], [], [("7♠", 0)])
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: 7♠ does not extend 3♠ 4♠ 5♠: a run takes the next card ...
    """
    hand_mask = _read_hand(cards)[1]
    targets = _read_disjoint(knocker_melds, hand_mask, knocker=True)[0]
    chosen, used = _read_disjoint(melds, hand_mask, knocker=False)
    laid = _check_layoffs(_layoff_tuple(layoffs), targets, hand_mask, chosen)
    for card, _ in laid:
        used |= card.mask
    return Defence(chosen, laid, _cards_of(hand_mask & ~used))
