"""Melds ("Melles") and Stoek: which the declarer holds, and what each is worth (rules 21-24).

A meld is four cards of one rank, or a sequence of three or more cards of one suit in the
natural order A K Q J 10 9 8 7 (in any suit, trumps or not). Each maximal run counts once, at
its full length; its sub-runs are not melds of their own. Stoek is the K and Q of trumps.

Example:
    >>> from cardgames import cards
    >>> hand = cards.parse_cards("A♥ K♥ Q♥ J♥ J♣ J♠ J♦")
    >>> [(str(meld), meld_name(meld), meld_points(meld)) for meld in find_melds(hand)]
    [('meld J♣ J♠ J♥ J♦', 'four jacks', 200), ('meld J♥ Q♥ K♥ A♥', 'sequence of 4', 50)]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from cardgames import cards, errors
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import Meld
from cardgames.staekske_rape._rules import HAND_SIZE, Rules

__all__ = [
    "FOUR_OF_A_KIND_POINTS",
    "MELDS",
    "MOST_MELD_POINTS",
    "SEQUENCE_POINTS",
    "STOEK_POINTS",
    "find_melds",
    "meld_name",
    "meld_points",
    "most_points",
    "stoek_mask",
]

FOUR_OF_A_KIND_POINTS: Final[dict[cards.Rank, int]] = {
    cards.Rank.JACK: 200,
    cards.Rank.NINE: 140,
    cards.Rank.ACE: 100,
    cards.Rank.KING: 100,
    cards.Rank.QUEEN: 100,
    cards.Rank.TEN: 100,
    cards.Rank.EIGHT: 0,
    cards.Rank.SEVEN: 0,
}
"""Four of a kind: jacks 200, nines 140, aces, kings, queens, tens 100, eights and sevens 0."""

SEQUENCE_POINTS: Final[dict[int, int]] = {3: 20, 4: 50, 5: 100}
"""Sequences by length; 6 or 7 cards score ``Rules.long_sequence_value``."""

STOEK_POINTS: Final = 20
"""Stoek, the K and Q of trumps."""

MOST_MELD_POINTS: Final = 270
"""The most meld points seven cards can hold when sequences of 6 or 7 score 100: four jacks, A K
Q J of trumps and Stoek (checked over every 7-card hand)."""

_RANK_NAMES: Final = {
    cards.Rank.JACK: "jacks",
    cards.Rank.NINE: "nines",
    cards.Rank.ACE: "aces",
    cards.Rank.KING: "kings",
    cards.Rank.QUEEN: "queens",
    cards.Rank.TEN: "tens",
    cards.Rank.EIGHT: "eights",
    cards.Rank.SEVEN: "sevens",
}
_LOW: Final = int(cards.Rank.SEVEN) - 2
"""The offset of the seven within a suit's 13 card indices; the ace is seven above it."""
_RANK_MASKS: Final = tuple(
    (rank, sum(1 << (suit * 13 + int(rank) - 2) for suit in cards.Suit))
    for rank in FOUR_OF_A_KIND_POINTS
)


def _runs(window: int) -> list[tuple[int, int]]:
    """Return the maximal runs of three or more set bits of an 8-bit window as (start, length)."""
    found = []
    start = 0
    while window >> start:
        if not window >> start & 1:
            start += 1
            continue
        length = 0
        while window >> (start + length) & 1:
            length += 1
        if length >= 3:
            found.append((start, length))
        start += length
    return found


def _all_melds() -> dict[int, Meld]:
    """Build every possible meld once, by its bit set."""
    found = {mask: Meld(cards.cards_in(mask)) for _, mask in _RANK_MASKS}
    for suit in cards.Suit:
        base = suit * 13 + _LOW
        for length in range(3, 9):
            for start in range(9 - length):
                mask = ((1 << length) - 1) << (base + start)
                found[mask] = Meld(cards.cards_in(mask))
    return found


_MELDS: Final = _all_melds()


def _card_order(meld: Meld) -> list[int]:
    """Return a meld's card indices: melds sort in card order by these."""
    return [card.index for card in meld.cards]


MELDS: Final = tuple(
    sorted((meld for meld in _MELDS.values() if len(meld.cards) <= HAND_SIZE), key=_card_order)
)
"""Every meld a hand of seven cards can hold (88), in card order, as ``find_melds`` orders them."""


@lru_cache(maxsize=4096)
def melds_in(hand: int) -> tuple[Meld, ...]:
    """Return the melds in a hand given as a bit set, in card order (see :func:`find_melds`)."""
    found = [_MELDS[mask] for _, mask in _RANK_MASKS if hand & mask == mask]
    for suit in cards.Suit:
        base = suit * 13 + _LOW
        for start, length in _runs(hand >> base & 0xFF):
            found.append(_MELDS[((1 << length) - 1) << (base + start)])
    return tuple(sorted(found, key=_card_order))


def find_melds(hand: Iterable[cards.Card | str] | str) -> tuple[Meld, ...]:
    """Return the melds a hand holds: each four of a kind and each maximal sequence of 3+.

    Sequences run in the natural order A K Q J 10 9 8 7 in any suit; a run of five counts once
    as a run of five, not also as runs of three or four. Two runs of one suit with a gap between
    them are separate melds. The melds come in card order (by their lowest cards).

    Args:
        hand: The cards, as cards or text.

    Raises:
        CardParseError: If an item is not a card.

    Example:
        >>> [str(meld) for meld in find_melds("A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♥")]
        ['meld 8♣ 9♣ 10♣', 'meld Q♣ K♣ A♣']
    """
    return melds_in(cards.mask_of(cards.as_cards(hand)))


def meld_name(meld: Meld) -> str:
    """Return what a meld is: ``"four jacks"``, ``"sequence of 5"``, ….

    Raises:
        IllegalMoveError: If the cards are not a meld.
        RulesError: If ``meld`` is not a :class:`Meld`.

    Example:
        >>> meld_name(Meld("9♣ 9♠ 9♥ 9♦")), meld_name(Meld("7♦ 8♦ 9♦"))
        ('four nines', 'sequence of 3')
    """
    if not isinstance(meld, Meld):
        raise errors.RulesError(f"expected a Meld, not {errors.quote(meld)}")
    if meld.mask not in _MELDS:
        raise errors.IllegalMoveError(
            f"{cards.format_cards(meld.cards)} is not a meld: show four of a kind, or three or "
            "more cards of one suit in sequence",
            move=meld,
            seat=None,
        )
    first = meld.cards[0]
    if all(card.rank == first.rank for card in meld.cards):
        return f"four {_RANK_NAMES[first.rank]}"
    return f"sequence of {len(meld.cards)}"


def meld_points(meld: Meld, rules: Rules | None = None) -> int:
    """Return a meld's points (rule 22): sequences of 6 or 7 score ``long_sequence_value``.

    Raises:
        IllegalMoveError: If the cards are not a meld.
        RulesError: If ``meld`` is not a :class:`Meld` or ``rules`` not a Staekske Rape
            ``Rules``.

    Example:
        >>> meld_points(Meld("J♣ J♠ J♥ J♦")), meld_points(Meld("8♥ 9♥ 10♥ J♥ Q♥ K♥"))
        (200, 100)
    """
    rules = ABOUT.check_rules(rules)
    name = meld_name(meld)
    if name.startswith("four"):
        return FOUR_OF_A_KIND_POINTS[meld.cards[0].rank]
    length = len(meld.cards)
    if length in SEQUENCE_POINTS:
        return SEQUENCE_POINTS[length]
    return rules.long_sequence_value


def most_points(rules: Rules) -> int:
    """Return the most meld points (Stoek included) a declarer can hold under these rules.

    Example:
        >>> most_points(Rules()), most_points(Rules(long_sequence_value=500))
        (270, 520)
    """
    return max(MOST_MELD_POINTS, rules.long_sequence_value + STOEK_POINTS)


def stoek_mask(trump: cards.Suit) -> int:
    """Return the bit set of the K and Q of the trump suit."""
    return (1 << (trump * 13 + int(cards.Rank.KING) - 2)) | (
        1 << (trump * 13 + int(cards.Rank.QUEEN) - 2)
    )
