"""Seeds, seeded shuffles, dealing in packets, and stacking a deal.

Every game deals the same way: hand *k* of a match is dealt from an order of the pack that is a
pure function of the match's seed and *k* (:func:`shuffled`), so a stacked hand never changes
later deals, and a stored seed replays a whole match. The dealer gives the cards in packets, one
packet to each receiving seat in turn, starting at his left (:func:`deal`); what is left over is
the stock. :func:`stack` is the inverse: it builds the order that deals chosen hands.

Example:
    >>> from cardgames import cards, dealing
    >>> order = dealing.shuffled(cards.pack(32), seed=7, hand_number=1)
    >>> order == dealing.shuffled(cards.pack(32), seed=7, hand_number=1)
    True
    >>> hands, stock = dealing.deal(order, receivers=(1, 2, 3, 0), packets=(3, 2, 3))
    >>> [len(hand) for hand in hands], stock
    ([8, 8, 8, 8], ())
"""

from __future__ import annotations

import collections
import functools
import hashlib
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Final, TypeVar

from cardgames import cards, errors

__all__ = [
    "SEED_BITS",
    "by_seat",
    "check_seed",
    "deal",
    "new_seed",
    "rng",
    "shuffled",
    "stack",
    "validate_order",
]

SEED_BITS: Final = 256
"""The most bits a seed may have, sign apart: the SHA-256 digest that every deal is drawn from
holds no more. :func:`new_seed` draws 63."""


def _sequence(value: object) -> bool:
    """Return whether ``value`` is a sequence other than text (a tuple is answered first)."""
    return type(value) is tuple or (isinstance(value, Sequence) and not isinstance(value, str))


def new_seed() -> int:
    """Return a fresh random seed (a non-negative 63-bit int) for a match created without one."""
    return secrets.randbits(63)


def check_seed(seed: object) -> int:
    """Return ``seed`` checked to be a whole number of at most :data:`SEED_BITS` bits.

    Raises:
        RulesError: For anything else (``True``, ``7.0``, ``"7"``, ``None``, ``2**300``).

    Example:
        >>> check_seed(7), check_seed(-3)
        (7, -3)
    """
    return _whole(seed, "seed")


def _whole(value: object, what: str) -> int:
    """Return ``value`` checked to be a whole number of at most :data:`SEED_BITS` bits."""
    if type(value) is int and value.bit_length() <= SEED_BITS:
        return value
    raise errors.RulesError(
        f"{what} must be a whole number of at most {SEED_BITS} bits, not {errors.quote(value)}"
    )


def rng(seed: int, *labels: str | int) -> random.Random:
    """Return a random generator that depends only on the seed and the labels.

    The same arguments give the same stream on every platform: the generator is seeded with a
    SHA-256 digest of the arguments' text, as ``random.Random`` has read bytes since Python 3.2.
    (:func:`shuffled`, which deals every hand, pins that reading itself.)

    Raises:
        RulesError: If ``seed`` is not a seed (see :func:`check_seed`), or a label is neither
            text nor such a whole number.
    """
    check_seed(seed)
    for label in labels:
        if not isinstance(label, str):
            _whole(label, "a label of rng")
    return random.Random(_digest(seed, *labels))


def _digest(seed: int, *labels: object) -> bytes:
    """Return the SHA-256 digest of the arguments' text, joined by ``/``, that seeds :func:`rng`."""
    return hashlib.sha256("/".join(map(str, (seed, *labels))).encode()).digest()


@functools.cache
def _draws(size: int) -> tuple[tuple[int, int], ...]:
    """Return the steps of :func:`shuffled` for a pack of the given size: (top, width) pairs.

    Step ``top`` (from ``size - 1`` down to 1) swaps the card at ``top`` with the card at a place
    from 0 to ``top``, drawn as ``width = (top + 1).bit_length()`` random bits and drawn again
    while it is past ``top`` (as ``random.Random._randbelow`` draws below ``top + 1``).
    """
    return tuple((top, (top + 1).bit_length()) for top in range(size - 1, 0, -1))


def shuffled(pack: Sequence[cards.Card], *, seed: int, hand_number: int) -> tuple[cards.Card, ...]:
    """Return the pack in the order it is dealt for the given hand of a seeded match.

    The shuffle is Fisher and Yates' drawn with ``getrandbits``, written out here (it gives the
    order CPython's ``random.shuffle`` gives today) so that a stored seed deals the same cards
    whatever a later Python does to ``random.shuffle``. The bits are the stream of
    ``rng(seed, "deal", hand_number)``, seeded here with the int ``random.seed`` makes of the
    digest, so that a change to ``random.seed`` cannot change a deal either.

    Args:
        pack: The cards to shuffle (any sequence: its items are moved, not read).
        seed: The match's seed.
        hand_number: The hand's number in the match.

    Raises:
        RulesError: If ``pack`` is not a sequence, or ``seed`` or ``hand_number`` is not a whole
            number of at most :data:`SEED_BITS` bits.
    """
    if not _sequence(pack):
        raise errors.RulesError(
            f"expected the pack as a sequence of cards, not {errors.quote(pack)}"
        )
    check_seed(seed)
    _whole(hand_number, "hand_number")
    order = list(pack)
    digest = _digest(seed, "deal", hand_number)
    # random.seed reads bytes as an int, big-endian, after appending their SHA-512 digest.
    key = int.from_bytes(digest + hashlib.sha512(digest).digest(), "big")
    bits = random.Random(key).getrandbits
    for top, width in _draws(len(order)):
        place = bits(width)
        while place > top:
            place = bits(width)
        order[top], order[place] = order[place], order[top]
    return tuple(order)


def deal(
    order: Sequence[cards.Card], *, receivers: Sequence[int], packets: Sequence[int]
) -> tuple[tuple[tuple[cards.Card, ...], ...], tuple[cards.Card, ...]]:
    """Deal an order of cards in packets and return each receiver's hand and the stock.

    Args:
        order: The cards, top card first.
        receivers: The seats that get cards, in the order they get them (the dealer's left first).
        packets: The packet sizes of each round, e.g. ``(3, 2, 3)``.

    Returns:
        The hands in the order of ``receivers`` (cards in the order received) and the cards left.

    Raises:
        RulesError: If an argument is not a sequence, a receiver is not a seat number, a packet
            size is not a whole number of 1 or more, or the order holds too few cards.
    """
    if not _sequence(order):
        raise errors.RulesError(f"order must be a sequence of cards, not {errors.quote(order)}")
    _layout(receivers, packets, len(order))
    hands: list[list[cards.Card]] = [[] for _ in receivers]
    top = 0
    for size in packets:
        for hand in hands:
            hand.extend(order[top : top + size])
            top += size
    return tuple(map(tuple, hands)), tuple(order[top:])


def validate_order(order: object, pack: Sequence[cards.Card]) -> tuple[cards.Card, ...]:
    """Check that a stacked order is a permutation of the pack and return it as a tuple of cards.

    Cards may be given as :class:`~cardgames.cards.Card` values or as text. The check is linear
    in the length of the order, and its message names each wrong card once, however long the
    order.

    Raises:
        CardParseError: If an item (of the order or of the pack) is not a card.
        RulesError: If the order is not exactly the pack, saying what is missing or extra, or is
            not a sequence.
    """
    if isinstance(order, Mapping | AbstractSet) or not isinstance(order, str | Iterable):
        raise errors.RulesError(
            f"a deal order must be a sequence of cards, not {errors.quote(order)}"
        )
    items = cards.as_cards(order)
    full = set(cards.as_cards(pack))
    if len(items) == len(full) and set(items) == full:
        return items
    counts = collections.Counter(items)
    duplicates = sorted(card for card, count in counts.items() if count > 1)
    missing = sorted(full - counts.keys())
    foreign = sorted(counts.keys() - full)
    problems = [
        f"{label} {cards.format_cards(group)}"
        for label, group in (
            ("twice:", duplicates),
            ("missing:", missing),
            ("not in the pack:", foreign),
        )
        if group
    ]
    raise errors.RulesError(
        f"a deal order must hold each of the {len(full)} cards once ({'; '.join(problems)})"
    )


def _layout(receivers: Sequence[int], packets: Sequence[int], size: int) -> tuple[int, int]:
    """Check the seats and packets of a deal; return the hand size and the stock size."""
    for name, value, low in (("receivers", receivers, 0), ("packets", packets, 1)):
        if not _sequence(value):
            raise _not_numbers(name, value, low)
        for item in value:  # a loop, not all(): this runs at every deal
            if type(item) is not int or item < low:
                raise _not_numbers(name, value, low)
    hand_size = sum(packets)
    if hand_size * len(receivers) > size:
        raise errors.RulesError(
            f"cannot deal {hand_size} cards to each of {len(receivers)} seats from {size} cards"
        )
    return hand_size, size - hand_size * len(receivers)


def _not_numbers(name: str, value: object, low: int) -> errors.RulesError:
    """Return the error for seats or packet sizes that are not whole numbers of ``low`` or more."""
    return errors.RulesError(
        f"{name} must be a sequence of whole numbers of {low} or more, not {errors.quote(value)}"
    )


def _wanted_hands(
    wanted: Mapping[int, Iterable[cards.Card] | str], receivers: Sequence[int], hand_size: int
) -> dict[int, tuple[cards.Card, ...]]:
    """Return the wanted hands as cards, checked to be receivers' hands of the right size."""
    if not isinstance(wanted, Mapping):
        raise errors.RulesError(
            f"the wanted hands must be a mapping of seat to cards, not {errors.quote(wanted)}"
        )
    chosen: dict[int, tuple[cards.Card, ...]] = {}
    for seat, hand in wanted.items():
        if type(seat) is not int or seat not in receivers:
            raise errors.RulesError(
                f"seat {errors.quote(seat)} gets no cards in this deal "
                f"(receivers: {list(receivers)})"
            )
        chosen[seat] = cards.as_cards(hand)
        if len(chosen[seat]) != hand_size:
            raise errors.RulesError(
                f"seat {seat} must get {hand_size} cards, not {len(chosen[seat])}"
            )
    return chosen


HandT = TypeVar("HandT")


def by_seat(hands: Mapping[int, HandT] | Sequence[HandT | None], players: int) -> dict[int, HandT]:
    """Return wanted hands, given by seat or in seat order, as a mapping of seat to hand.

    A game's ``order_for`` takes its ``hands`` argument through this: a mapping of seat to
    cards, or a sequence with one item per seat (None for a seat left to chance).

    Raises:
        RulesError: If ``hands`` is neither a mapping nor a sequence of ``players`` items.

    Example:
        >>> by_seat([None, "J♣ J♠", None, None], 4), by_seat({2: "A♥"}, 4)
        ({1: 'J♣ J♠'}, {2: 'A♥'})
    """
    if isinstance(hands, Mapping):
        return dict(hands)
    if not _sequence(hands):
        raise errors.RulesError(
            f"give the hands by seat (a mapping) or in seat order (a sequence), "
            f"not {errors.quote(hands)}"
        )
    if len(hands) != players:
        raise errors.RulesError(
            f"give a hand (or None) for each of the {errors.quote(players)} seats, not {len(hands)}"
        )
    return {seat: hand for seat, hand in enumerate(hands) if hand is not None}


def stack(
    wanted: Mapping[int, Iterable[cards.Card] | str],
    *,
    pack: Sequence[cards.Card],
    receivers: Sequence[int],
    packets: Sequence[int],
    stock: Iterable[cards.Card] | str | None = None,
) -> tuple[cards.Card, ...]:
    """Build the order that deals the wanted hands (the inverse of :func:`deal`).

    Seats left out of ``wanted`` (and the stock, if not given) get the remaining cards in card
    order.

    Args:
        wanted: Cards for some or all receiving seats, as cards or text.
        pack: The game's pack.
        receivers: The seats that get cards, in dealing order.
        packets: The packet sizes of each round.
        stock: The cards wanted in the stock (left after the deal), top card first.

    Raises:
        RulesError: If a hand has the wrong size, a card is wanted twice or is not in the pack,
            a seat is not a receiver, ``wanted`` is not a mapping, or ``receivers`` or
            ``packets`` is not a sequence of whole numbers.
        CardParseError: If a card given as text (or the pack) does not parse.
    """
    full = cards.as_cards(pack)
    hand_size, stock_size = _layout(receivers, packets, len(full))
    chosen = _wanted_hands(wanted, receivers, hand_size)
    stock_cards = None if stock is None else cards.as_cards(stock)
    if stock_cards is not None and len(stock_cards) != stock_size:
        raise errors.RulesError(f"the stock must hold {stock_size} cards, not {len(stock_cards)}")
    counts = collections.Counter(card for hand in chosen.values() for card in hand)
    counts.update(stock_cards or ())
    used = counts.keys()
    repeated = sorted(card for card, count in counts.items() if count > 1)
    foreign = sorted(used - set(full))
    if repeated or foreign:
        what = "; ".join(
            f"{label} {cards.format_cards(group)}"
            for label, group in (("wanted twice:", repeated), ("not in the pack:", foreign))
            if group
        )
        raise errors.RulesError(f"cannot stack this deal ({what})")
    rest = iter(sorted(set(full) - used))
    hands = [chosen.get(seat) or tuple(next(rest) for _ in range(hand_size)) for seat in receivers]
    left = stock_cards if stock_cards is not None else tuple(rest)
    order: list[cards.Card] = []
    top = 0
    for size in packets:
        order.extend(card for hand in hands for card in hand[top : top + size])
        top += size
    return (*order, *left)
