"""Kalter Schlag's 32 cards as the solver holds them: one bit each, in the order they win.

The double-dummy solver plays millions of cards, so it holds a hand as a 32-bit set laid out
so that a trick is decided by comparing bits. Each plain suit takes seven bits, its weakest
card lowest (clubs bits 0–6, spades 7–13, hearts 14–20, diamonds 21–27, in the order of the
rules' ``plain_rank_order``); the four jacks take the top four bits, J♦ 28 up to J♣ 31. So a
card wins a trick when it belongs to the led suit or the jacks and is the highest such bit:
every jack is above every plain card, and each suit's bits rise with its cards' power.

:class:`Layout` holds, per plain rank order, the tables read in the search: where each card
of the pack goes, each card's points and suit, the points of any set of cards, and for every
suit the cards worth searching of a hand (:func:`distinct`).

Example:
    >>> from cardgames import cards
    >>> layout = LAYOUTS["ace_ten"]
    >>> ace, ten, jack = (
    ...     layout.bit_of[cards.Card.parse(text).index] for text in "A♣ 10♣ J♦".split()
    ... )
    >>> ace > ten, jack > ace, layout.points[ace], layout.points[jack]
    (True, True, 11, 2)
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames import cards
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._rules import PLAIN_RANK_ORDERS, PlainRankOrder
from cardgames.kalter_schlag._state import PACK, PLAIN_STRENGTH

__all__ = ["JACKS", "LAYOUTS", "SUITS", "Layout", "SuitTable"]

SUITS: Final = 5
"""The following suits: the four plain suits (0–3, in card order) and the jacks (4)."""

_PLAIN_WIDTH: Final = 7
"""Bits of one plain suit: A K Q 10 9 8 7."""

_JACK_BASE: Final = 4 * _PLAIN_WIDTH
"""The lowest bit of the jacks."""

JACKS: Final = 0xF << _JACK_BASE
"""The bit set of the four jacks."""

_BASES: Final = (0, 7, 14, 21, _JACK_BASE)
_WIDTHS: Final = (7, 7, 7, 7, 4)

SuitTable = tuple[int, int, int, tuple[tuple[int, ...], ...]]
"""A following suit's lowest bit, width, full mask (at bit 0) and table of distinct cards."""


@attrs.frozen(eq=False)
class Layout:
    """The solver's tables for one plain rank order.

    Attributes:
        bit_of: For each of the 52 card indices, the card's bit as a one-bit set (0 for a card
            not in the pack).
        index_of: For each one-bit set of the 32, the card index it stands for.
        points: For each one-bit set, the card's points.
        suit_mask: For each one-bit set, the bit set of the cards that follow it when it leads.
        wins: For each one-bit set, the bit set of the cards that may win a trick it leads:
            its suit's and the jacks.
        bytes_points: For each of the set's four bytes, the points of each value of the byte.
        suits: For each following suit, its lowest bit, its width, its full mask and its table
            of distinct cards (see :func:`distinct`).
        suit_of: For each one-bit set, its following suit's entry of ``suits``.
    """

    bit_of: tuple[int, ...]
    index_of: dict[int, int]
    points: dict[int, int]
    suit_mask: dict[int, int]
    wins: dict[int, int]
    bytes_points: tuple[tuple[int, ...], ...]
    suits: tuple[SuitTable, ...]
    suit_of: dict[int, SuitTable]

    @classmethod
    def build(cls, order: PlainRankOrder) -> Layout:
        """Compute the tables of ``order``."""
        position: dict[int, int] = {}
        for card in PACK:
            if card.rank == cards.Rank.JACK:
                position[card.index] = _JACK_BASE + 3 - int(card.suit)
            else:
                strength = PLAIN_STRENGTH[order].index(card.rank)
                position[card.index] = _PLAIN_WIDTH * int(card.suit) + strength
        bit_of = tuple(1 << position[index] if index in position else 0 for index in range(52))
        points = {1 << at: scoring.POINTS[index] for index, at in position.items()}
        suit_mask: dict[int, int] = {}
        for at in position.values():
            suit = _suit_of_position(at)
            suit_mask[1 << at] = ((1 << _WIDTHS[suit]) - 1) << _BASES[suit]
        per_bit = [points[1 << at] for at in range(32)]
        suits = tuple(
            (_BASES[suit], _WIDTHS[suit], (1 << _WIDTHS[suit]) - 1, _table(suit, per_bit))
            for suit in range(SUITS)
        )
        return cls(
            bit_of=bit_of,
            index_of={1 << at: index for index, at in position.items()},
            points=points,
            suit_mask=suit_mask,
            wins={bit: mask | JACKS for bit, mask in suit_mask.items()},
            bytes_points=tuple(
                tuple(
                    sum(per_bit[8 * byte + at] for at in range(8) if value >> at & 1)
                    for value in range(256)
                )
                for byte in range(4)
            ),
            suits=suits,
            suit_of={1 << at: suits[_suit_of_position(at)] for at in position.values()},
        )

    def hand(self, indices: int) -> int:
        """Return the bit set of a hand given as a bit set of card indices."""
        bit_of = self.bit_of
        held = 0
        while indices:
            low = indices & -indices
            held |= bit_of[low.bit_length() - 1]
            indices ^= low
        return held

    def runs(self, playable: int, alive: int) -> dict[int, int]:
        """Return, for each ``playable`` card, the card :func:`distinct` plays for its run.

        Example:
            >>> from cardgames import cards
            >>> layout = LAYOUTS["ace_ten"]
            >>> hand = layout.hand(cards.mask_of(cards.parse_cards("9♠ 8♠ 7♠ K♠")))
            >>> runs = layout.runs(hand, hand)
            >>> sorted({str(cards.CARDS[layout.index_of[first]]) for first in runs.values()})
            ['9♠', 'K♠']
        """
        firsts: dict[int, int] = {}
        for base, width, _, _ in self.suits:
            first, run = 0, -1
            for at in range(base + width - 1, base - 1, -1):
                card = 1 << at
                if not alive & card:
                    continue
                if playable & card:
                    if self.points[card] != run:
                        first, run = card, self.points[card]
                    firsts[card] = first
                else:
                    run = -1
        return firsts


def points_of(bytes_points: tuple[tuple[int, ...], ...], held: int) -> int:
    """Return the card points of a bit set, by a layout's ``bytes_points``.

    This and :func:`distinct` are functions of a layout's tables, not methods of
    :class:`Layout`: compiled by mypyc, a call of a function is a plain C call, and one of an
    attrs class's method a Python call (a sixth of a whole hand's solve).
    """
    return (
        bytes_points[0][held & 255]
        + bytes_points[1][held >> 8 & 255]
        + bytes_points[2][held >> 16 & 255]
        + bytes_points[3][held >> 24]
    )


def distinct(suits: tuple[SuitTable, ...], playable: int, alive: int) -> list[int]:
    """Return one card of each run of ``playable`` cards that nothing else separates.

    Two cards of a suit worth the same points, with no ``alive`` card of another hand
    between them, win and lose the same tricks, so the search plays one of them: the
    strongest. The cards come suit by suit (clubs first, the jacks last), the strongest
    first in each suit.

    Args:
        suits: A layout's ``suits``.
        playable: The cards the seat may play, a subset of ``alive``.
        alive: The cards still in play: every hand, and the card winning the trick.

    Example:
        >>> from cardgames import cards
        >>> layout = LAYOUTS["ace_ten"]
        >>> hand = layout.hand(cards.mask_of(cards.parse_cards("9♠ 8♠ 7♠ K♠")))
        >>> alive = hand | layout.hand(cards.mask_of(cards.parse_cards("Q♠ 8♥")))
        >>> [cards.CARDS[layout.index_of[bit]] for bit in distinct(layout.suits, hand, alive)]
        [Card.parse('K♠'), Card.parse('9♠')]
    """
    chosen: list[int] = []
    for base, width, full, table in suits:
        own = playable >> base & full
        if own:
            chosen.extend(table[(alive >> base & full) << width | own])
    return chosen


def _suit_of_position(at: int) -> int:
    """Return the following suit of a bit position."""
    return 4 if at >= _JACK_BASE else at // _PLAIN_WIDTH


def _table(suit: int, per_bit: list[int]) -> tuple[tuple[int, ...], ...]:
    """Return a suit's distinct cards for every (alive, own) pair of its bit sets.

    Entry ``alive << width | own`` holds, strongest first, the first card of each run of
    ``own`` cards worth the same that no other ``alive`` card separates (as one-bit sets at
    their place in the whole layout); pairs where ``own`` is not within ``alive`` hold nothing.
    """
    base, width = _BASES[suit], _WIDTHS[suit]
    table: list[tuple[int, ...]] = [()] * (1 << 2 * width)
    for alive in range(1 << width):
        own = alive
        while own:
            chosen: list[int] = []
            run = -1
            for at in range(width - 1, -1, -1):
                if not alive >> at & 1:
                    continue
                if own >> at & 1:
                    worth = per_bit[base + at]
                    if worth != run:
                        chosen.append(1 << base + at)
                        run = worth
                else:
                    run = -1
            table[alive << width | own] = tuple(chosen)
            own = (own - 1) & alive
    return tuple(table)


LAYOUTS: Final = {order: Layout.build(order) for order in PLAIN_RANK_ORDERS}
"""The layout of each plain rank order."""
