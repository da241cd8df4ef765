"""Worlds drawn to fit what the other player's play has shown: a read of his hidden cards.

:func:`~cardgames.gin_rummy.worlds` draws the other seat's hidden cards uniformly among those the
view allows. A player who plays to lower his count does not hold a uniform hand: after a few
turns his count is far below a random hand's, the cards he took from the pile meld with cards he
holds, and the cards he passed or threw on the pile do not. :func:`read_worlds` draws his hidden
cards to fit that play, as a player reads his opponent's hand:

1. **Takes.** Each card he took from the pile and still holds (the view's ``known``) melds with
   his hand: for each that does not yet, the missing cards of one of its melds of three (a set or
   a run, drawn at random among those the unseen cards allow) are put in his hand first, unless
   a draw of :data:`TAKES_STRAY` says he took it for another reason.
2. **Draws kept.** The rest of his hidden cards are drawn from the unseen cards; then he draws
   as many more as he has drawn from the stock (half the cards gone from it), one at a time,
   each time putting back the card (not one he is known to hold) whose discard leaves him the
   least count, as he would have discarded it.
3. **Cards passed.** A hand in which a card of the pile would make a meld is drawn again: he
   would have kept that card or taken it. A card deep in the pile may have been passed before he
   held its meld, so a meld with one of the cards below the :data:`RECENT` top cards of the pile
   stands with the chance :data:`OLD_PASSES`. The cards the seat took from his discards (its own
   ``known``, but the first upcard) count as cards he passed.
4. **No knock.** A hand that could have knocked with the card he last discarded is drawn again:
   he would have knocked.

A hand is drawn again at most :data:`TRIES` times, after which the last one stands (and the
next worlds try fewer times: a read that fits one world badly fits the others as badly). The
stock is the rest of the unseen cards, in an order drawn at random. None of this is exact: it
is a model of a player who keeps the cards that lower his count and knocks when he can, which
the rule agent is; against another player it is a guess, as any read is.

Example:
    >>> import itertools, random
    >>> from cardgames import gin_rummy
    >>> state = gin_rummy.apply(gin_rummy.new_game(seed=3), gin_rummy.Deal())
    >>> seen = gin_rummy.view(state, 0)
    >>> drawn = itertools.islice(read_worlds(seen, random.Random(1)), 3)
    >>> all(gin_rummy.view(world, 0) == seen for world in drawn)
    True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Final

from cardgames import cards
from cardgames.gin_rummy import _bots as bots
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _playouts as playouts
from cardgames.gin_rummy import _worlds as sampling
from cardgames.gin_rummy._moves import Discard, Knock
from cardgames.gin_rummy._state import PHASE_DRAW, PHASE_OFFER, STOCK_SIZE, State, View

__all__ = ["hidden_hands", "passed", "read_worlds"]

TAKES_STRAY: Final = 0.1
"""The chance that a card the other player took from the pile is drawn without a meld for it."""

RECENT: Final = 4
"""How many of the top cards of the pile he surely did not want to meld when he passed them."""

OLD_PASSES: Final = 0.3
"""The chance that a hand in which an older card of the pile would meld stands."""

TRIES: Final = 20
"""The most hands drawn for one world before the last one stands (a quarter as many for each
world after one for which none fitted)."""

_ALL: Final = (1 << 52) - 1


def _triples(index: int) -> tuple[int, ...]:
    """Return every meld of three cards with the card ``index``, as bit sets with its own bit."""
    bit = 1 << index
    same = [other for other in range(52) if bots.SAME_RANK[index] >> other & 1]
    found = [bit | 1 << first | 1 << second for first, second in itertools.combinations(same, 2)]
    found += [bit | pair for pair in bots.RUN_PAIRS[index]]
    return tuple(found)


_TRIPLES: Final = tuple(_triples(index) for index in range(52))


def read_worlds(view: View, rng: random.Random) -> Iterator[State]:
    """Yield, without end, full states whose view for ``view.seat`` is ``view``, read as above.

    Each world is built as :func:`~cardgames.gin_rummy.worlds` builds one, with the other
    seat's hidden cards drawn by :func:`hidden_hands` instead of uniformly. The view must be of
    a hand in play before a knock.
    """
    other = 1 - view.seat
    seen = cards.mask_of(view.hand) | cards.mask_of(view.pile) | cards.mask_of(view.known[other])
    for hand in hidden_hands(view, rng):
        yield sampling.world(view, hand, _ALL & ~seen & ~hand, rng)


def hidden_hands(view: View, rng: random.Random) -> Iterator[int]:
    """Yield, without end, the other seat's hands (bit sets, his known cards in them), read."""
    other = 1 - view.seat
    shown = cards.mask_of(view.known[other])
    seen = cards.mask_of(view.hand) | cards.mask_of(view.pile) | shown
    unseen = _ALL & ~seen
    room = view.hand_sizes[other] - shown.bit_count()
    order = playouts.bits(unseen)
    extra = max(0, min((STOCK_SIZE - view.stock_size) // 2, len(order) - room - 2))
    thrown = passed(view)
    last = view.pile[-1].index if view.phase is PHASE_DRAW and view.pile else None
    limit = view.knock_limit or 0
    takes = [card.index for card in view.known[other]]
    tries = TRIES
    hand = shown
    while True:
        for _ in range(tries):
            hand = _drawn(shown, unseen, rng, room=room, extra=extra, takes=takes)
            if _fits(hand, thrown, last, limit, rng):
                break
        else:
            tries = max(1, tries // 4)  # the read does not fit this view: spend less on it
        yield hand


def passed(view: View) -> list[int]:
    """Return the cards the other player passed or threw away, the latest first.

    The pile (the first upcard too, once he has passed it) and the cards the seat took from
    his discards: the card it has just taken first, the others after the pile.
    """
    if view.phase is PHASE_OFFER and view.seat != view.dealer:
        return []  # he has not been offered the upcard yet
    mine = [card.index for card in view.known[view.seat] if card != view.upcard]
    allowed = {move.card.index for move in view.legal_moves if isinstance(move, Discard | Knock)}
    just = [index for index in mine if allowed and index not in allowed]
    older = [index for index in mine if index not in just]
    return [*just, *(card.index for card in reversed(view.pile)), *older]


def _drawn(
    shown: int, unseen: int, rng: random.Random, *, room: int, extra: int, takes: list[int]
) -> int:
    """Return one hand of steps 1 and 2: melds for his takes, then the draws he kept."""
    hand = shown
    for index in takes:
        if bots.melds_with(index, hand ^ 1 << index) or rng.random() < TAKES_STRAY:
            continue
        left = room - (hand & ~shown).bit_count()
        options = [
            triple
            for triple in _TRIPLES[index]
            if not triple & ~hand & ~unseen and (triple & ~hand).bit_count() <= left
        ]
        if options:
            hand |= rng.choice(options)
    left = room - (hand & ~shown).bit_count()
    drawn = rng.sample(playouts.bits(unseen & ~hand), left + extra)
    for index in drawn[:left]:
        hand |= 1 << index
    for index in drawn[left:]:
        hand |= 1 << index
        counts = melds.discard_counts(hand)
        least = min(count for held, count in counts.items() if not shown >> held & 1)
        dropped = sorted(held for held, count in counts.items() if count == least)
        dropped = [held for held in dropped if not shown >> held & 1]
        hand ^= 1 << rng.choice(dropped)
    return hand


def _fits(hand: int, passed: list[int], last: int | None, limit: int, rng: random.Random) -> bool:
    """Return whether a hand stands by steps 3 and 4: no meld with a card passed, no knock."""
    for depth, index in enumerate(passed):
        if bots.melds_with(index, hand) and (depth < RECENT or rng.random() >= OLD_PASSES):
            return False
    return last is None or melds.knock_count(hand | 1 << last) > limit
