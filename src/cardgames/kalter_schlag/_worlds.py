"""The deals a Kalter Schlag seat could be in, for what its view shows.

A seat sees its own cards and every card played. The others hold the rest, as many each as
the view counts, and a player who did not follow a suit led (the jacks being a suit of their
own, rule 11) holds none of it. :func:`worlds` draws full states uniformly among the deals
that keep to these constraints, each rebuilt by replaying the hand's public moves on the
drawn deal: the view of every one, for that seat, is the view it was drawn from.

The doubles are taken to tell nothing about the cards: a double is a choice, not a card
constraint, and the sampler weighs every deal alike whatever the players' reasons.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Final

import attrs

from cardgames import _worlds, cards
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _engine as engine
from cardgames.kalter_schlag._moves import DOUBLE
from cardgames.kalter_schlag._state import PACK, PLAYERS, RANKINGS, HandScore, Phase, State, View

__all__ = ["replay_on", "worlds"]

_PACK_MASK: Final = cards.mask_of(PACK)
_SUIT_OF: Final = RANKINGS["ace_ten"].suit_of
"""The suit each card follows as (both rank orders follow alike): the jacks are suit 4."""
_SUITS: Final = 5


def worlds(view: View, rng: random.Random) -> Iterator[State]:
    """Yield, without end, full states whose view for ``view.seat`` is ``view``.

    The other seats' cards are drawn uniformly among the deals that keep every card constraint
    the view implies: the seat's own cards, the cards played, the hand sizes and the voids shown
    by a failure to follow suit. Each state replays the hand's public moves on its deal; its
    later deals come from a seed drawn from ``rng``. The score sheet keeps the view's totals and
    last hand; the hands before it are not in the view: the first of them
    carries what the totals hold beyond the last, the others nothing.

    Args:
        view: What one seat sees (:func:`~cardgames.kalter_schlag.view`).
        rng: The source of randomness (a ``random.Random``).

    Raises:
        RulesError: If ``view`` is not a Kalter Schlag view, ``rng`` not a ``random.Random``,
            or no deal is consistent with the view.

    Example:
        >>> import itertools, random
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.apply(kalter_schlag.new_game(seed=3), kalter_schlag.Deal())
        >>> seen = kalter_schlag.view(state, 2)
        >>> drawn = itertools.islice(kalter_schlag.worlds(seen, random.Random(1)), 3)
        >>> all(kalter_schlag.view(world, 2) == seen for world in drawn)
        True
    """
    _worlds.check(view, rng, View, "Kalter Schlag")
    return _draw(view, rng)


def _draw(view: View, rng: random.Random) -> Iterator[State]:
    """Yield the worlds of :func:`worlds` (its arguments checked)."""
    played = [0] * PLAYERS
    void = [0] * PLAYERS
    for trick in _worlds.plays(view):
        led = _SUIT_OF[trick.plays[0][1].index]
        for seat, card in trick.plays:
            played[seat] |= card.mask
            if _SUIT_OF[card.index] != led:
                void[seat] |= 1 << led
    seat = view.seat
    own = cards.mask_of(view.hand)
    unseen = _PACK_MASK & ~own & ~(played[0] | played[1] | played[2] | played[3])
    others = [other for other in range(PLAYERS) if other != seat]
    sizes = {other: view.hand_sizes[other] for other in others}
    if not any(sizes.values()):  # between hands: nobody holds a card
        unseen = 0
    groups = tuple(
        (
            unseen & _suit_mask(suit),
            tuple(other for other in others if not void[other] >> suit & 1),
        )
        for suit in range(_SUITS)
    )
    drawn = (
        _worlds.deals(groups, sizes, rng) if unseen else itertools.repeat(dict.fromkeys(others, 0))
    )
    for held in drawn:
        held[seat] = own
        yield replay_on(view, [held[other] | played[other] for other in range(PLAYERS)], rng)


def _suit_mask(suit: int) -> int:
    """Return the bit set of the pack's cards that follow as ``suit``."""
    return cards.mask_of(card for card in PACK if _SUIT_OF[card.index] == suit)


def replay_on(view: View, dealt: list[int], rng: random.Random) -> State:
    """Return the state after the view's hand is played on the deal ``dealt`` (bit sets by seat)."""
    state = engine.new_game(view.rules, seed=rng.getrandbits(64), first_dealer=view.dealer)
    if view.hand_number:
        order = engine.order_for(
            [tuple(cards.cards_in(hand)) for hand in dealt], dealer=view.dealer
        )
        state = engine.apply(state, core_moves.Deal(order=order))
        doubled: set[int] = set()
        for number, trick in enumerate(_worlds.plays(view)):
            for seat, card in trick.plays:
                if not number and seat in view.doubles:
                    state = engine.apply(state, DOUBLE)
                    doubled.add(seat)
                state = engine.apply(state, core_moves.Play(card))
        if len(doubled) < len(view.doubles):  # the seat to move doubled and is about to play
            state = engine.apply(state, DOUBLE)
    match = state.match
    return attrs.evolve(
        state,
        match=attrs.evolve(
            match,
            hand_number=view.hand_number,
            first_dealer=(view.dealer - max(view.hand_number - 1, 0)) % PLAYERS,
            totals=view.totals,
            hand_scores=_worlds.fill_sheet(
                len(_sheet_of(view)),
                view.totals,
                view.last_hand,
                HandScore,
                card_points=(0,) * PLAYERS,
                tricks=(0,) * PLAYERS,
                doubles=0,
                jungfrauen=0,
                durchmarsch=None,
                charged=(),
            ),
            winners=view.winners if view.over else None,
            losers=view.losers if view.over else None,
        ),
    )


def _sheet_of(view: View) -> range:
    """Return the numbers of the finished hands: all dealt, but the one being played."""
    finished = view.hand_number - (1 if view.phase in {Phase.FIRST_TRICK, Phase.PLAY} else 0)
    return range(1, finished + 1)
