"""The rule-based agent's card play as declarer: each card it may play, tried over deals.

The defenders play by the plain rules of :func:`~cardgames.staekske_rape._tactics.choose_card`;
the declarer looks further. For each card he may play he deals the cards he cannot see at
random among the defenders (and the stock, when it lies unseen), a fixed number of times, plays
each deal out with those rules at every place (:func:`~cardgames.staekske_rape._tactics.finish`),
and plays the card whose mean result for the hand is best: the game points of his contract, not
the card points, so that he plays for the all-tricks bonus or against falling short as the
score rewards it. The deals keep to what the play has shown: a defender who did not follow a
suit holds none of it, and one who neither followed nor trumped holds no trump (but perhaps the
exempt trump jack) (:func:`~cardgames.staekske_rape._play.ruled_out`).

The deals come from a generator seeded by what the declarer sees, so his choice is a pure
function of his view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import attrs

from cardgames import cards
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _tactics as tactics
from cardgames.staekske_rape._rules import Rules

__all__ = ["DEALS", "Seen", "Stakes", "best_card", "deal", "ruled_out"]

DEALS: Final = 16
"""The deals each card is tried over."""

_TRIES: Final = 20
"""How many times a deal that keeps to every defender's shown voids is attempted."""

_PACK_MASK: Final = cards.mask_of(play.PACK)
_PLACES: Final = 4
"""The places at a trick: the declarer's 0 and three defenders."""


@attrs.frozen
class Stakes:
    """What the declarer's result for the hand depends on, beside the cards he takes.

    Attributes:
        bid: The contract.
        trump: The trump suit.
        meld_points: The points of the melds and Stoek he has declared.
        without_stock: Whether he plays without the stock.
        aside: The cards he laid aside (0 when the stock lies unseen).
        rules: The options.
    """

    bid: int
    trump: cards.Suit
    meld_points: int
    without_stock: bool
    aside: int
    rules: Rules


def ruled_out(
    played: Sequence[tuple[int, tuple[int, ...]]], trump: cards.Suit, rules: Rules
) -> tuple[int, int, int, int]:
    """Return the cards each place is known not to hold, from the cards it played.

    Args:
        played: For each trick of the hand so far (the one under way included), its leading
            place and its card indices in the order played.
        trump: The trump suit.
        rules: The options (how players follow).

    Example:
        >>> from cardgames import cards
        >>> trick = tuple(cards.Card.parse(text).index for text in ("A♣", "7♦"))
        >>> shown = ruled_out([(0, trick)], cards.Suit.HEARTS, Rules())
        >>> print(cards.format_cards(cards.cards_in(shown[1])))
        7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥
    """
    table = play.following(trump, rules)
    out = [0] * _PLACES
    for leader, trick in played:
        for place in range(1, len(trick)):
            out[(leader + place) % _PLACES] |= play.ruled_out(trick[place], trick[:place], table)
    return out[0], out[1], out[2], out[3]


def deal(
    unknown: int, sizes: tuple[int, int, int], out: tuple[int, int, int], rng: random.Random
) -> tuple[int, int, int, int]:
    """Deal the cards the declarer cannot see: the three defenders' hands, and the rest.

    Each defender gets ``sizes[i]`` cards none of which is in ``out[i]``; the rest (the unseen
    stock, if any) is the fourth bit set. If no such deal is found after a few tries (the
    voids shown make it rare), the voids are ignored.
    """
    pool = [card.index for card in cards.cards_in(unknown)]
    rooms = (*sizes, len(pool) - sum(sizes))
    bans = (*out, 0)
    for attempt in range(_TRIES + 1):
        if attempt == _TRIES:
            bans = (0, 0, 0, 0)
        rng.shuffle(pool)
        # The most constrained cards first: those the fewest piles may take.
        pool.sort(key=lambda index: sum(not ban >> index & 1 for ban in bans))
        left = list(rooms)
        piles = [0, 0, 0, 0]
        for index in pool:
            open_piles = [pile for pile in range(4) if left[pile] and not bans[pile] >> index & 1]
            if not open_piles:
                break
            pile = rng.choice(open_piles)
            piles[pile] |= 1 << index
            left[pile] -= 1
        else:
            return piles[0], piles[1], piles[2], piles[3]
    raise AssertionError("unreachable: without bans every card has a pile")  # pragma: no cover


@attrs.frozen
class Seen:
    """What the declarer knows of the hand in the play; places go clockwise from his 0.

    Attributes:
        hand: His cards.
        sizes: How many cards each defender holds, places 1 to 3.
        out: The cards each defender is known not to hold (:func:`ruled_out`).
        trick: The cards played to the trick under way, the lead first.
        leader: The place that led it (0 when he is to lead).
        gone: The cards of the finished tricks.
        taken: His card points from the finished tricks.
        won: His tricks so far.
        done: How many tricks are finished.
    """

    hand: int
    sizes: tuple[int, int, int]
    out: tuple[int, int, int]
    trick: tuple[int, ...]
    leader: int
    gone: int
    taken: int
    won: int
    done: int


def best_card(can: int, seen: Seen, stakes: Stakes, deals: int = DEALS) -> int:
    """Return the index of the card the declarer plays: the best mean result over deals.

    Args:
        can: The bit set of the cards he may play (at least one).
        seen: What he knows of the hand so far.
        stakes: What his result depends on.
        deals: How many deals each card is tried over.
    """
    if not can & (can - 1):
        return can.bit_length() - 1
    trick_mask = sum(1 << index for index in seen.trick)
    unknown = _PACK_MASK & ~seen.hand & ~seen.gone & ~trick_mask & ~stakes.aside
    rng = random.Random(seen.hand | seen.gone << 32 | trick_mask << 64)
    dealt = [deal(unknown, seen.sizes, seen.out, rng) for _ in range(deals)]
    rules, trump = stakes.rules, stakes.trump
    best, chosen = -float("inf"), -1
    for index in (card.index for card in cards.cards_in(can)):
        total = 0
        for first, second, third, rest in dealt:
            after = tactics.Position(
                hands=(seen.hand ^ 1 << index, first, second, third),
                trick=(*seen.trick, index),
                leader=seen.leader,
                gone=seen.gone,
                taken=seen.taken,
                won=seen.won,
                done=seen.done,
            )
            taken, won = tactics.finish(after, trump, rules, stakes.aside)
            outcome = (tactics.counted(taken, stakes.aside | rest, trump, rules), won)
            total += tactics.result(
                (*outcome, stakes.meld_points),
                stakes.bid,
                rules,
                without_stock=stakes.without_stock,
            )
        if total > best:
            best, chosen = total, index
    return chosen
