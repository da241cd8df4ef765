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

import functools
import hashlib
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence

from cardgames import cards, errors

__all__ = ["deal", "new_seed", "rng", "shuffled", "stack", "validate_order"]


def new_seed() -> int:
    """Return a fresh random seed (a non-negative 63-bit int) for a match created without one."""
    return secrets.randbits(63)


def rng(seed: int, *labels: object) -> random.Random:
    """Return a random generator that depends only on the seed and the labels.

    The same arguments give the same stream on every platform: the generator is seeded with a
    SHA-256 digest of the arguments' text, as ``random.Random`` has read bytes since Python 3.2.
    (:func:`shuffled`, which deals every hand, pins that reading itself.)
    """
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
    """
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
    """
    hands: list[list[cards.Card]] = [[] for _ in receivers]
    top = 0
    for size in packets:
        for hand in hands:
            hand.extend(order[top : top + size])
            top += size
    return tuple(map(tuple, hands)), tuple(order[top:])


def validate_order(order: object, pack: Sequence[cards.Card]) -> tuple[cards.Card, ...]:
    """Check that a stacked order is a permutation of the pack and return it as a tuple of cards.

    Cards may be given as :class:`~cardgames.cards.Card` values or as text.

    Raises:
        CardParseError: If an item is text that is not a card.
        RulesError: If the order is not exactly the pack, saying what is missing or extra.
    """
    if not isinstance(order, str | Iterable):
        raise errors.RulesError(f"a deal order must be a sequence of cards, not {order!r}")
    items = cards.as_cards(order)
    if len(items) == len(pack) and set(items) == set(pack):
        return items
    duplicates = sorted({card for card in items if items.count(card) > 1})
    missing = sorted(set(pack) - set(items))
    foreign = sorted(set(items) - set(pack))
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
        f"a deal order must hold each of the {len(pack)} cards once ({'; '.join(problems)})"
    )


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
            or a seat is not a receiver.
        CardParseError: If a card given as text does not parse.
    """
    hand_size = sum(packets)
    stock_size = len(pack) - hand_size * len(receivers)
    chosen: dict[int, tuple[cards.Card, ...]] = {}
    for seat, hand in wanted.items():
        if seat not in receivers:
            raise errors.RulesError(
                f"seat {seat} gets no cards in this deal (receivers: {list(receivers)})"
            )
        chosen[seat] = cards.as_cards(hand)
        if len(chosen[seat]) != hand_size:
            raise errors.RulesError(
                f"seat {seat} must get {hand_size} cards, not {len(chosen[seat])}"
            )
    stock_cards = None if stock is None else cards.as_cards(stock)
    if stock_cards is not None and len(stock_cards) != stock_size:
        raise errors.RulesError(f"the stock must hold {stock_size} cards, not {len(stock_cards)}")
    used = [card for hand in chosen.values() for card in hand] + list(stock_cards or ())
    repeated = sorted({card for card in used if used.count(card) > 1})
    foreign = sorted(set(used) - set(pack))
    if repeated or foreign:
        what = "; ".join(
            f"{label} {cards.format_cards(group)}"
            for label, group in (("wanted twice:", repeated), ("not in the pack:", foreign))
            if group
        )
        raise errors.RulesError(f"cannot stack this deal ({what})")
    rest = iter(sorted(set(pack) - set(used)))
    hands = [chosen.get(seat) or tuple(next(rest) for _ in range(hand_size)) for seat in receivers]
    left = stock_cards if stock_cards is not None else tuple(rest)
    order: list[cards.Card] = []
    top = 0
    for size in packets:
        order.extend(card for hand in hands for card in hand[top : top + size])
        top += size
    return (*order, *left)
