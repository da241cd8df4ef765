"""How the rule-based agent plays its cards, and how it judges what a hand can make.

:func:`choose_card` is the agent's card play, a few rules a club player would name: the
declarer draws trumps with the master trump and cashes his masters; a defender smears points on a
trick a fellow defender wins and ducks a trick he cannot win; everybody wins a trick as cheaply
as he can when nobody after him can take it back. Only what the seat sees goes in: its hand,
the trick, and the cards it knows are out of play.

:func:`outlook` is the agent's judgement of a hand as declarer. It deals the cards the seat
cannot see at random, a fixed number of times, and plays each deal out with :func:`choose_card`
at all four places, for each trump suit, with and without the stock (taking it, the declarer
keeps the best seven of his eleven cards, :func:`keep`). The deals are drawn from a generator
seeded by the hand itself, so the judgement is a pure function of what the seat sees.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from itertools import combinations
from typing import Final

import attrs

from cardgames import cards, tricks
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _scoring as scoring
from cardgames.staekske_rape._rules import HAND_SIZE, Rules
from cardgames.staekske_rape._state import TRICKS, Contract

__all__ = [
    "SAMPLES",
    "Outlook",
    "Position",
    "choose_card",
    "counted",
    "finish",
    "keep",
    "keeps",
    "mean_result",
    "meld_value",
    "outlook",
    "play_out",
    "playouts",
    "result",
    "shuffled_deals",
    "worth",
]

SAMPLES: Final = 24
"""The deals :func:`outlook` plays out for each judgement."""

_SEATS: Final = 4
"""The seats that play a hand (with five players the dealer sits out)."""

_PACK_MASK: Final = cards.mask_of(play.PACK)

_TRUMP_KEEP: Final = {
    cards.Rank.JACK: 35,
    cards.Rank.NINE: 28,
    cards.Rank.ACE: 25,
    cards.Rank.TEN: 18,
    cards.Rank.KING: 12,
    cards.Rank.QUEEN: 11,
    cards.Rank.EIGHT: 9,
    cards.Rank.SEVEN: 8,
}
"""What a trump is worth keeping, in card points it is expected to bring in."""


def _bits(mask: int) -> Iterator[int]:
    """Yield the card indices of a bit set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@attrs.frozen
class _Table:
    """What the card play reads about each card under one trump suit.

    Attributes:
        suit: The following suit of each card index.
        power: Each card's strength against the other cards of its suit; trumps above all.
        above: The bit set of the cards of the same suit that beat each card.
        points: Each card's points.
        trumps: The bit set of the trumps.
        suits: The bit set of each suit.
        cheap: Each card's worth in play, in one number: its points, then its power (the
            cheapest card to throw has the least).
        rich: Each card's worth to give away: its points, then its weakness.
    """

    suit: tuple[int, ...]
    power: tuple[int, ...]
    above: tuple[int, ...]
    points: tuple[int, ...]
    trumps: int
    suits: tuple[int, ...]
    cheap: tuple[int, ...]
    rich: tuple[int, ...]


def _table(trump: cards.Suit) -> _Table:
    """Build the card play's table for a trump suit from the game's ranking."""
    ranking = play.RANKINGS[trump]
    suit = ranking.suit_of
    power = tuple(ranking.power[max(suit[index], 0)][index] for index in range(len(suit)))
    above = tuple(
        sum(
            1 << other
            for other in _bits(ranking.suit_masks[suit[index]])
            if power[other] > power[index]
        )
        if suit[index] >= 0
        else 0
        for index in range(len(suit))
    )
    points = scoring.POINTS[trump]
    span = max(power) + 1
    cheap = tuple(points[index] * span + power[index] for index in range(len(suit)))
    rich = tuple(points[index] * span - power[index] for index in range(len(suit)))
    return _Table(
        suit=suit,
        power=power,
        above=above,
        points=points,
        trumps=ranking.trump_mask,
        suits=ranking.suit_masks,
        cheap=cheap,
        rich=rich,
    )


_TABLES: Final = tuple(_table(trump) for trump in cards.Suit)


def _cheapest(can: int, table: _Table) -> int:
    """Return the card to throw away: the fewest points, then the weakest."""
    return min(_bits(can), key=table.cheap.__getitem__)


def _richest(can: int, table: _Table) -> int:
    """Return the card to give a trick a fellow defender wins: the most points, not a trump."""
    plain = can & ~table.trumps or can
    if plain == can & table.trumps:  # only trumps: keep the strong ones
        return _cheapest(can, table)
    return max(_bits(plain), key=table.rich.__getitem__)


def _masters(hand: int, unknown: int, table: _Table) -> list[int]:
    """Return the cards of ``hand`` that no card still out can beat in their own suit."""
    return [index for index in _bits(hand) if not table.above[index] & unknown]


def _lead(hand: int, unknown: int, declarer: bool, table: _Table) -> int:
    """Return the card to lead to a new trick."""
    trumps = hand & table.trumps
    out_trumps = unknown & table.trumps
    if declarer and trumps and out_trumps:
        top = max(_bits(trumps), key=table.power.__getitem__)
        if not table.above[top] & unknown:
            return top  # draw trumps with the master
        if trumps.bit_count() > out_trumps.bit_count():
            return min(_bits(trumps), key=table.power.__getitem__)  # force the master out
    masters = _masters(hand & ~table.trumps, unknown, table)
    if masters:
        return max(masters, key=table.cheap.__getitem__)
    return _cheapest(hand & ~table.trumps or hand, table)


def choose_card(
    can: int,
    hand: int,
    trick: tuple[int, ...],
    *,
    declarer_at: int,
    trump: cards.Suit,
    gone: int,
) -> int:
    """Return the index of the card to play, by the rule-based agent's card play.

    Args:
        can: The bit set of the cards the seat may play (not empty).
        hand: The bit set of the seat's cards.
        trick: The card indices played to the trick so far, the lead first.
        declarer_at: The declarer's place in the trick's order (0 leads); the seat's own place
            is ``len(trick)``.
        trump: The trump suit.
        gone: The cards the seat knows are in no other hand: played, or laid aside by itself.
    """
    return _choose(can, hand, trick, declarer_at, _TABLES[trump], play.RANKINGS[trump], gone)


def _choose(  # noqa: PLR0917  # the playouts' hot path, called positionally
    can: int,
    hand: int,
    trick: tuple[int, ...],
    declarer_at: int,
    table: _Table,
    ranking: tricks.Ranking,
    gone: int,
) -> int:
    """Return :func:`choose_card`'s card, from the trump's tables (the playouts' fast path)."""
    if not can & (can - 1):
        return can.bit_length() - 1
    unknown = _PACK_MASK & ~gone & ~hand
    place = len(trick)
    declarer = place == declarer_at
    if not trick:
        return _lead(hand, unknown, declarer, table)
    power = ranking.power[table.suit[trick[0]]]
    winner = tricks.best(trick, ranking)
    top = power[trick[winner]]
    rivals_after = place < _SEATS - 1 if declarer else declarer_at > place
    if not declarer and winner != declarer_at:  # a fellow defender wins it so far
        return _cheapest(can, table) if rivals_after else _richest(can, table)
    beaters = [index for index in _bits(can) if power[index] > top]
    if not beaters:
        return _cheapest(can, table)
    if not rivals_after:
        return min(beaters, key=power.__getitem__)
    safe = [index for index in beaters if not table.above[index] & unknown]
    if safe:
        return min(safe, key=power.__getitem__)
    if sum(table.points[index] for index in trick) >= 10:  # worth a fight
        return max(beaters, key=power.__getitem__)
    return _cheapest(can, table)


@functools.cache
def _contract(trump: cards.Suit, following: int) -> Contract:
    """Return a contract that :func:`cardgames.staekske_rape._play.allowed` reads for a playout."""
    return Contract(
        dealer=0,
        stock=0,
        looked=(True,) * _SEATS,
        passed=0,
        calls=(),
        bid=1,
        bidder=0,
        others_bid=True,
        declarer=0,
        trump=trump,
        following=following,
    )


@attrs.frozen
class Position:
    """A hand in the play, seen from the declarer at place 0; places go on clockwise.

    Attributes:
        hands: The cards each place holds, the declarer's first.
        trick: The cards played to the trick under way, the lead first.
        leader: The place that led it (or leads the next trick).
        gone: The cards of the finished tricks.
        taken: The declarer's card points from the finished tricks.
        won: The declarer's tricks so far.
        done: How many tricks are finished.
    """

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...] = ()
    leader: int = 0
    gone: int = 0
    taken: int = 0
    won: int = 0
    done: int = 0


def play_out(
    hands: tuple[int, int, int, int], trump: cards.Suit, rules: Rules, aside: int = 0
) -> tuple[int, int]:
    """Play a hand out with :func:`choose_card` at every place; the declarer at 0 leads.

    Args:
        hands: The four hands as bit sets, the declarer's first, then clockwise.
        trump: The trump suit.
        rules: The options (how players follow).
        aside: The cards the declarer laid aside (he knows they are out of play).

    Returns:
        The declarer's card points (+5 for the last trick) and tricks.
    """
    return finish(Position(hands=hands), trump, rules, aside)


def finish(position: Position, trump: cards.Suit, rules: Rules, aside: int = 0) -> tuple[int, int]:
    """Play the rest of a hand from a position with :func:`choose_card` at every place.

    Args:
        position: Where the hand stands (at least one card still to play).
        trump: The trump suit.
        rules: The options (how players follow).
        aside: The cards the declarer laid aside (he knows they are out of play).

    Returns:
        The declarer's card points (+5 for the last trick) and tricks at the end of the hand.
    """
    contract = _contract(trump, play.following(trump, rules))
    ranking = play.RANKINGS[trump]
    points = scoring.POINTS[trump]
    table, allowed = _TABLES[trump], play.allowed
    held = list(position.hands)
    trick, leader, gone = position.trick, position.leader, position.gone
    taken, won = position.taken, position.won
    for _ in range(position.done, TRICKS):
        declarer_at = -leader % _SEATS
        for place in range(len(trick), _SEATS):
            seat = (leader + place) % _SEATS
            hand = held[seat]
            can = allowed(hand, trick, contract)
            known = gone | aside if seat == 0 else gone
            card = _choose(can, hand, trick, declarer_at, table, ranking, known)
            held[seat] = hand ^ 1 << card
            trick = (*trick, card)
        leader = (leader + tricks.best(trick, ranking)) % _SEATS
        first, second, third, fourth = trick
        gone |= 1 << first | 1 << second | 1 << third | 1 << fourth
        if leader == 0:
            taken += points[first] + points[second] + points[third] + points[fourth]
            won += 1
        trick = ()
    if leader == 0:
        taken += scoring.LAST_TRICK_BONUS
    return taken, won


@functools.lru_cache(maxsize=8192)
def meld_value(hand: int, trump: cards.Suit, rules: Rules) -> int:
    """Return the meld points (Stoek included) a declarer holding ``hand`` can declare.

    Under ``melds_may_share_cards=False`` the best set of melds that share no card.
    """
    found = [(meld.mask, melds.meld_points(meld, rules)) for meld in melds.melds_in(hand)]
    pair = melds.stoek_mask(trump)
    if hand & pair == pair:
        found.append((pair, melds.STOEK_POINTS))
    if rules.melds_may_share_cards:
        return sum(points for _, points in found)
    best = 0
    for size in range(1, len(found) + 1):
        for chosen in combinations(found, size):
            union = functools.reduce(int.__or__, (mask for mask, _ in chosen))
            if union.bit_count() == sum(mask.bit_count() for mask, _ in chosen):
                best = max(best, sum(points for _, points in chosen))
    return best


def _keep_value(index: int, hand: int, table: _Table, trump: cards.Suit) -> int:
    """Return what a card is worth keeping, in card points it may bring in."""
    card = cards.CARDS[index]
    if card.suit == trump:
        return _TRUMP_KEEP[card.rank]
    ace = cards.Card(cards.Rank.ACE, card.suit).mask & hand
    if card.rank == cards.Rank.ACE:
        return 20
    if card.rank == cards.Rank.TEN:
        return 14 if ace else 4
    if card.rank == cards.Rank.KING:
        return 6 if ace else 2
    return 1 + (table.points[index] > 0)


_ACE_OF: Final = tuple(cards.Card(cards.Rank.ACE, card.suit).index for card in cards.CARDS)
"""The index of the ace of each card's suit, by card index."""

_KEEP_VALUES: Final = tuple(
    tuple(
        (
            _keep_value(card.index, 0, _TABLES[trump], trump),
            _keep_value(card.index, 1 << _ACE_OF[card.index], _TABLES[trump], trump),
        )
        if _PACK_MASK >> card.index & 1
        else (0, 0)
        for card in cards.CARDS
    )
    for trump in cards.Suit
)
"""``_KEEP_VALUES[trump][index][ace held]``: :func:`_keep_value` made once for every card."""


def _values(hand: int, trump: cards.Suit) -> dict[int, int]:
    """Return what each card of a hand is worth keeping under a trump suit."""
    worth = _KEEP_VALUES[trump]
    return {index: worth[index][hand >> _ACE_OF[index] & 1] for index in _bits(hand)}


def keep(hand: int, trump: cards.Suit, rules: Rules) -> tuple[int, int]:
    """Return the seven cards to keep of the declarer's eleven for a trump suit, and their worth.

    The cards most likely to bring in points, with the melds they make: each meld of the eleven
    is tried kept whole, and the seven worth most in points expected and meld points win. A
    quick choice, made in every playout of :func:`outlook`; :func:`keeps` weighs them all.
    """
    values = _values(hand, trump)
    ranked = sorted(values, key=lambda index: (-values[index], index))
    size = hand.bit_count() - play.STOCK_SIZE
    starts = [0, melds.stoek_mask(trump) & hand]
    starts += [meld.mask for meld in melds.melds_in(hand) if meld.mask.bit_count() <= size]
    best, kept = -1, 0
    for start in starts:
        chosen = start
        for index in ranked:
            if chosen.bit_count() >= size:
                break
            chosen |= 1 << index
        worth = sum(values[index] for index in _bits(chosen)) + meld_value(chosen, trump, rules)
        if worth > best:
            best, kept = worth, chosen
    return kept, best


def keeps(hand: int, trump: cards.Suit, rules: Rules, count: int) -> list[int]:
    """Return the ``count`` best choices of seven cards to keep of eleven, best first.

    Every choice is weighed as :func:`keep` weighs its few: points expected and meld points.
    """
    values = _values(hand, trump)
    size = hand.bit_count() - play.STOCK_SIZE
    weighed = []
    for chosen in combinations(values, size):
        kept = sum(1 << index for index in chosen)
        worth = sum(values[index] for index in chosen) + meld_value(kept, trump, rules)
        weighed.append((worth, kept))
    weighed.sort(reverse=True)
    return [kept for _, kept in weighed[:count]]


Outcome = tuple[int, int, int]
"""One playout for the declarer: his card points as scored, his tricks, his meld points."""


def result(outcome: Outcome, bid: int, rules: Rules, *, without_stock: bool) -> int:
    """Return the declarer's game points for one playout at a bid."""
    taken, won, meld_points = outcome
    return scoring.hand_result(
        bid=bid,
        card_points=min(taken, scoring.CARD_POINTS_IN_PACK + scoring.LAST_TRICK_BONUS),
        meld_points=meld_points,
        without_stock=without_stock,
        all_tricks=won == TRICKS,
        no_tricks=won == 0,
        rules=rules,
    )


def mean_result(
    outcomes: tuple[Outcome, ...], bid: int, rules: Rules, *, without_stock: bool
) -> float:
    """Return the declarer's mean game points over playouts at a bid."""
    total = sum(result(item, bid, rules, without_stock=without_stock) for item in outcomes)
    return total / len(outcomes)


@attrs.frozen
class Outlook:
    """What a hand can expect in the auction: playouts of random deals of the unseen cards.

    In both cases the trump suit is the one the cards are worth most in (:func:`worth`), not
    the one whose playouts came out best: picking the best of several noisy means would promise
    more than the hand holds.

    Attributes:
        rules: The options the hand is played under.
        without: The declarer's outcome in each deal without the stock, trumps named for the
            hand alone.
        with_stock: Each deal's outcome taking the stock, keeping the best seven cards
            (:func:`keep`) and naming trumps once the stock is seen.
    """

    rules: Rules
    without: tuple[Outcome, ...]
    with_stock: tuple[Outcome, ...]

    def value(self, bid: int) -> tuple[float, bool]:
        """Return the better mean result at a bid, and whether it plays without the stock."""
        rules = self.rules
        without = mean_result(self.without, bid, rules, without_stock=True)
        taking = mean_result(self.with_stock, bid, rules, without_stock=False)
        return (without, True) if without > taking else (taking, False)


def worth(hand: int, trump: cards.Suit, rules: Rules) -> int:
    """Return what a hand is worth under a trump suit: its cards' keeping values and its melds."""
    return sum(_values(hand, trump).values()) + meld_value(hand, trump, rules)


def _deals(seen: int, samples: int) -> list[tuple[int, int, int, int]]:
    """Return random deals of the cards not in ``seen``: three defenders' hands, and the rest.

    The generator is seeded with ``seen``, so the same cards seen give the same deals.
    """
    return list(shuffled_deals(list(_bits(_PACK_MASK & ~seen)), samples, random.Random(seen)))


def shuffled_deals(
    pool: list[int], count: int, rng: random.Random
) -> Iterator[tuple[int, int, int, int]]:
    """Shuffle ``pool`` (card indices) ``count`` times; yield each shuffle dealt out.

    Each deal is three hands of :data:`HAND_SIZE` cards and the rest, as bit sets. ``pool`` is
    shuffled in place, each shuffle from the last.
    """
    for _ in range(count):
        rng.shuffle(pool)
        first, second, third = (
            sum(1 << index for index in pool[part * HAND_SIZE : (part + 1) * HAND_SIZE])
            for part in range(3)
        )
        yield first, second, third, sum(1 << index for index in pool[3 * HAND_SIZE :])


def counted(taken: int, aside: int, trump: cards.Suit, rules: Rules) -> int:
    """Return the declarer's card points with the set-aside cards, where the rules count them."""
    if not rules.set_aside_counts_for_declarer:
        return taken
    return taken + sum(scoring.POINTS[trump][index] for index in _bits(aside))


@functools.lru_cache(maxsize=2048)
def outlook(hand: int, rules: Rules, samples: int = SAMPLES) -> Outlook:
    """Judge a seven-card hand for the auction, over ``samples`` random deals of the rest.

    Args:
        hand: The seat's seven cards as a bit set.
        rules: The options.
        samples: How many deals to play out.
    """
    without: list[Outcome] = []
    with_stock: list[Outcome] = []
    named = max(cards.Suit, key=lambda trump: worth(hand, trump, rules))
    melded = meld_value(hand, named, rules)
    for first, second, third, rest in _deals(hand, samples):
        taken, won = play_out((hand, first, second, third), named, rules)
        without.append((counted(taken, rest, named, rules), won, melded))
        trump, (kept, _) = max(
            ((trump, keep(hand | rest, trump, rules)) for trump in cards.Suit),
            key=lambda chosen: chosen[1][1],
        )
        aside = (hand | rest) & ~kept
        taken, won = play_out((kept, first, second, third), trump, rules, aside)
        with_stock.append(
            (counted(taken, aside, trump, rules), won, meld_value(kept, trump, rules))
        )
    return Outlook(rules=rules, without=tuple(without), with_stock=tuple(with_stock))


@functools.lru_cache(maxsize=2048)
def playouts(
    hand: int, aside: int, trump: cards.Suit, rules: Rules, samples: int = SAMPLES
) -> tuple[Outcome, ...]:
    """Return the declarer's outcomes holding ``hand`` with a trump suit, over random deals.

    Args:
        hand: The declarer's seven cards.
        aside: The cards he laid aside (0 if he plays without the stock, which stays unseen).
        trump: The trump suit.
        rules: The options.
        samples: How many deals to play out.
    """
    found = []
    melded = meld_value(hand, trump, rules)
    for first, second, third, rest in _deals(hand | aside, samples):
        taken, won = play_out((hand, first, second, third), trump, rules, aside)
        found.append((counted(taken, aside | rest, trump, rules), won, melded))
    return tuple(found)
