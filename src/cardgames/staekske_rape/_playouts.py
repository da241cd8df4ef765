"""The search agent's judgements: each choice played out over many deals of the unseen cards.

:class:`~cardgames.staekske_rape.SearchAgent` decides what the rule agent decides, each choice
by the same kind of evidence, only much more of it. A play-out plays a hand to its end with the
rule agent's plain card play (:func:`~cardgames.staekske_rape._tactics.choose_card`) at all four
places, about 60 µs a hand on one core, where one move of the rule agent, which plays out hands
itself, costs milliseconds; so a judgement here plays out 160 deals where the rule agent plays
out 16 or 24, and weighs more choices:

- :func:`judge` judges a hand for the auction, the nanny's choice and the stock, as the rule
  agent's :func:`~cardgames.staekske_rape._tactics.outlook` does;
- :func:`best_discard` shortlists the ways to keep seven cards of eleven (for the two suits the
  cards are worth most in, ten each; three for the others) and plays them out in rounds, keeping
  the better ones for more deals (successive halving), where the rule agent plays out three;
- :func:`best_trump` plays out all four suits;
- :func:`best_card` tries each card the seat may play, declarer or defender, in worlds drawn
  uniformly among the deals its view allows (:func:`~cardgames.staekske_rape._worlds.hidden`:
  the voids shown, the melds shown), where the rule agent's declarer tries 16 deals and its
  defenders search nothing.

Every result is the declarer's game points for the hand at the contract (the game's own
scoring: the all-tricks 25, no trick, the doubling without the stock), so the declarer plays for
the most and a defender for the least: only the declarer scores, and what he gains is a rival's
gain. The choices compared in one judgement are played out in the same deals (common random
numbers), so their difference is far less noisy than either mean.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Final

import attrs

from cardgames import _worlds, cards
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _tactics as tactics
from cardgames.staekske_rape import _worlds as staekske_worlds
from cardgames.staekske_rape._moves import Play
from cardgames.staekske_rape._rules import Rules
from cardgames.staekske_rape._state import View

__all__ = [
    "DEALS",
    "POSITIONS",
    "WORLDS",
    "Deal",
    "Judgement",
    "best_card",
    "best_discard",
    "best_trump",
    "deals",
    "judge",
]

DEALS: Final = 160
"""The deals of the unseen cards a judgement of the auction, the stock or the trumps plays out
(and the discard's last round)."""

POSITIONS: Final = 15_000
"""The most cards the play-outs of one card may play in all, over every card tried."""

WORLDS: Final = 200
"""The most worlds a card is tried in (late in a hand, where play-outs are short)."""

_PACK_MASK: Final = cards.mask_of(play.PACK)

_SHORTLIST: Final = 8
"""How many ways to keep seven cards the discard shortlists for each of the two suits the
eleven cards are worth most in (:func:`~cardgames.staekske_rape._tactics.worth`)."""

_FEW: Final = 2
"""How many it shortlists for each of the other two suits."""

_ROUNDS: Final = ((3, 20, 6), (2, 5, 2), (1, 1, 1))
"""The discard's rounds: each plays the choices still in it out over ``deals × a / b`` more
deals, then keeps the best ``c``. At 160 deals and the 20 choices of the shortlist that is
20 × 24 + 6 × 64 + 2 × 160 = 1,184 play-outs. The discard is the search agent's dearest move;
with 26 choices, keeping eight then three (1,616 play-outs), it took up to 237 ms of CPU over
1,000 matches of 20 hands, over the 200 ms a move that the agents are held to."""

Deal = tuple[int, int, int, int]
"""One deal of the unseen cards: the three other hands (places 1 to 3 from the declarer's
left) and the rest (the stock, when it lies unseen)."""


def deals(unseen: int, count: int, rng: random.Random) -> Iterator[Deal]:
    """Deal the ``unseen`` cards ``count`` times: three hands of seven, and the rest.

    Each deal is drawn when it is asked for, so a judgement stopped early draws no more.

    Args:
        unseen: The bit set of the cards to deal (21 or 25 of them).
        count: How many deals.
        rng: The generator they are drawn from.

    Example:
        >>> import random
        >>> from cardgames import cards
        >>> unseen = cards.mask_of(cards.pack(32)[:25])
        >>> [(a | b | c | d) == unseen for a, b, c, d in deals(unseen, 3, random.Random(1))]
        [True, True, True]
    """
    return tactics.shuffled_deals([card.index for card in cards.cards_in(unseen)], count, rng)


def _late(deadline: float | None) -> bool:
    """Return whether the time budget ending at ``deadline`` (``time.perf_counter``) is spent."""
    return deadline is not None and time.perf_counter() >= deadline


@attrs.frozen
class Judgement:
    """What a seven-card hand can expect as declarer, played out over deals of the rest.

    Attributes:
        rules: The options the hand is played under.
        without: For each of the two suits the hand is worth most in, the declarer's outcome in
            each deal playing without the stock with that suit trumps.
        with_stock: Each deal's outcome taking the stock, keeping the seven cards and naming the
            trumps :func:`~cardgames.staekske_rape._tactics.keep` chooses once the stock is seen.
    """

    rules: Rules
    without: tuple[tuple[tactics.Outcome, ...], ...]
    with_stock: tuple[tactics.Outcome, ...]

    def value(self, bid: int) -> tuple[float, bool]:
        """Return the better mean result at a bid, and whether it plays without the stock."""
        rules = self.rules
        without = max(
            tactics.mean_result(outcomes, bid, rules, without_stock=True)
            for outcomes in self.without
        )
        taking = tactics.mean_result(self.with_stock, bid, rules, without_stock=False)
        return (without, True) if without > taking else (taking, False)


def judge(
    hand: int, rules: Rules, count: int, rng: random.Random, *, deadline: float | None = None
) -> Judgement:
    """Judge a seven-card hand as declarer, over ``count`` deals of the cards it cannot see.

    Args:
        hand: The seat's seven cards.
        rules: The options.
        count: How many deals to play out.
        rng: The generator the deals are drawn from.
        deadline: When to stop (a ``time.perf_counter()`` value), or None: once it has passed,
            no deal after the first is played out, and the judgement is of those played.

    Example:
        >>> import random
        >>> from cardgames import cards
        >>> from cardgames.staekske_rape import Rules
        >>> hand = cards.mask_of(cards.Card.parse(text) for text in "J♣ 9♣ A♣ 10♣ K♣ A♥ A♠".split())
        >>> judged = judge(hand, Rules(), 40, random.Random(1))
        >>> judged.value(3)[0] > 0  # a hand worth bidding
        True
    """
    trumps = sorted(cards.Suit, key=lambda trump: -tactics.worth(hand, trump, rules))[:2]
    without: dict[cards.Suit, list[tactics.Outcome]] = {trump: [] for trump in trumps}
    with_stock: list[tactics.Outcome] = []
    for first, second, third, rest in deals(_PACK_MASK & ~hand, count, rng):
        if with_stock and _late(deadline):
            break
        for trump in trumps:
            taken, won = tactics.play_out((hand, first, second, third), trump, rules)
            points = tactics.counted(taken, rest, trump, rules)
            without[trump].append((points, won, tactics.meld_value(hand, trump, rules)))
        trump, (kept, _) = max(
            ((trump, tactics.keep(hand | rest, trump, rules)) for trump in cards.Suit),
            key=lambda chosen: chosen[1][1],
        )
        aside = (hand | rest) & ~kept
        taken, won = tactics.play_out((kept, first, second, third), trump, rules, aside)
        points = tactics.counted(taken, aside, trump, rules)
        with_stock.append((points, won, tactics.meld_value(kept, trump, rules)))
    return Judgement(
        rules=rules,
        without=tuple(tuple(without[trump]) for trump in trumps),
        with_stock=tuple(with_stock),
    )


@attrs.frozen
class _Contract:
    """What a declarer's result depends on beside his cards: the contract and the options."""

    bid: int
    without_stock: bool
    rules: Rules


def _played_out(  # noqa: PLR0917  # one play-out's inputs, called in the inner loops
    hand: int,
    aside: int,
    trump: cards.Suit,
    deal: Deal,
    contract: _Contract,
    meld_points: int,
) -> int:
    """Return the declarer's game points for one deal played out from his first lead."""
    first, second, third, rest = deal
    rules = contract.rules
    taken, won = tactics.play_out((hand, first, second, third), trump, rules, aside)
    points = tactics.counted(taken, aside | rest, trump, rules)
    return tactics.result(
        (points, won, meld_points), contract.bid, rules, without_stock=contract.without_stock
    )


def best_discard(
    hand: int,
    bid: int,
    rules: Rules,
    count: int,
    rng: random.Random,
    *,
    deadline: float | None = None,
) -> int:
    """Return the seven cards to keep of the declarer's eleven, by successive halving.

    The shortlist (:data:`_SHORTLIST` ways to keep for each of the two suits the eleven cards
    are worth most in, :data:`_FEW` for the others, each with that suit as trumps; see
    :func:`~cardgames.staekske_rape._tactics.keeps`) is played out over deals of the 21 cards
    the declarer cannot see, in :data:`_ROUNDS`: after each, only the best choices go on to more
    deals, and the last round's best is kept (the worth breaks a tie).

    Args:
        hand: The declarer's eleven cards.
        bid: The contract.
        rules: The options.
        count: The deals of the last round (:data:`DEALS`); the earlier rounds play fewer.
        rng: The generator the deals are drawn from.
        deadline: When to stop (a ``time.perf_counter()`` value), or None: once it has passed,
            no deal after the first is played out, and the best of the choices still in over
            the deals they played is kept (each has played the same deals).

    Example:
        >>> import random
        >>> from cardgames import cards
        >>> from cardgames.staekske_rape import Rules
        >>> texts = "J♣ 9♣ A♣ 10♣ K♣ Q♣ A♥ 10♥ 7♦ 8♦ 7♠".split()
        >>> hand = cards.mask_of(cards.Card.parse(text) for text in texts)
        >>> kept = best_discard(hand, 3, Rules(), 20, random.Random(1))
        >>> print(cards.format_cards(cards.cards_in(hand & ~kept)))
        7♠ 10♥ 7♦ 8♦
    """
    order = sorted(cards.Suit, key=lambda trump: -tactics.worth(hand, trump, rules))
    melded: dict[tuple[int, cards.Suit], int] = {}
    for place, trump in enumerate(order):
        for kept in tactics.keeps(hand, trump, rules, _SHORTLIST if place < 2 else _FEW):
            melded[kept, trump] = tactics.meld_value(kept, trump, rules)
    contract = _Contract(bid=bid, without_stock=False, rules=rules)
    totals = dict.fromkeys(melded, 0)
    alive = list(melded)
    played = 0
    for share, whole, kept_after in _ROUNDS:
        late = False
        for deal in deals(_PACK_MASK & ~hand, max(1, count * share // whole), rng):
            if played and _late(deadline):
                late = True
                break
            played += 1
            for choice in alive:
                kept, trump = choice
                totals[choice] += _played_out(
                    kept, hand & ~kept, trump, deal, contract, melded[choice]
                )
        alive.sort(
            key=lambda choice: (-totals[choice], -tactics.worth(choice[0], choice[1], rules))
        )
        if late:
            break
        alive = alive[:kept_after]
    return alive[0][0]


def best_trump(
    hand: int,
    aside: int,
    bid: int,
    rules: Rules,
    *,
    without_stock: bool,
    count: int,
    rng: random.Random,
    deadline: float | None = None,
) -> cards.Suit:
    """Return the trump suit whose play-outs give the declarer the best mean result.

    Every suit is played out over the same ``count`` deals of the cards he cannot see, with
    the melds it lets him declare; the worth breaks a tie.

    Args:
        hand: The declarer's seven cards.
        aside: The four he laid aside (0 when he plays without the stock, which he has not seen).
        bid: The contract.
        rules: The options.
        count: How many deals.
        rng: The generator the deals are drawn from.
        without_stock: Whether he plays without the stock.
        deadline: When to stop (a ``time.perf_counter()`` value), or None: once it has passed,
            no deal after the first is played out, and the suits are compared over those played.

    Example:
        >>> import random
        >>> from cardgames import cards
        >>> from cardgames.staekske_rape import Rules
        >>> hand = cards.mask_of(cards.Card.parse(text) for text in "J♥ 9♥ A♥ 10♥ A♣ A♠ 7♦".split())
        >>> best_trump(hand, 0, 3, Rules(), without_stock=True, count=20, rng=random.Random(1))
        <Suit.HEARTS: 2>
    """
    contract = _Contract(bid=bid, without_stock=without_stock, rules=rules)
    melded = {trump: tactics.meld_value(hand, trump, rules) for trump in cards.Suit}
    totals = dict.fromkeys(cards.Suit, 0)
    for done, deal in enumerate(deals(_PACK_MASK & ~hand & ~aside, count, rng)):
        if done and _late(deadline):
            break
        for trump in cards.Suit:
            totals[trump] += _played_out(hand, aside, trump, deal, contract, melded[trump])
    return max(cards.Suit, key=lambda trump: (totals[trump], tactics.worth(hand, trump, rules)))


@attrs.frozen
class _Table:
    """A hand in the play as the card search sees it, from the declarer's place 0.

    Attributes:
        seats: The seats at places 0 to 3.
        place: The searching seat's place.
        trick: The cards of the trick under way, the lead first.
        leader: The place that led it (the searching seat's, when it is to lead).
        gone: The cards of the finished tricks.
        taken: The declarer's card points so far.
        won: The declarer's tricks so far.
        done: How many tricks are finished.
        meld_points: The points of the melds and Stoek the declarer has declared.
    """

    seats: tuple[int, ...]
    place: int
    trick: tuple[int, ...]
    leader: int
    gone: int
    taken: int
    won: int
    done: int
    meld_points: int


def _table(view: View, declarer: int) -> _Table:
    """Return the hand in the play, from the view of the seat to move."""
    seats = play.trick_order(declarer, view.dealer, view.players)
    places = {seat: place for place, seat in enumerate(seats)}
    trick = view.trick
    rules = view.rules
    declared = sum(melds.meld_points(meld, rules) for meld in view.melds)
    return _Table(
        seats=seats,
        place=places[view.seat],
        trick=() if trick is None else tuple(card.index for card in trick.cards),
        leader=places[view.seat if trick is None else trick.leader],
        gone=cards.mask_of(card for done in view.tricks for card in done.cards),
        taken=view.points_taken[declarer],
        won=view.tricks_taken[declarer],
        done=len(view.tricks),
        meld_points=declared + melds.STOEK_POINTS * view.stoek,
    )


def _known_aside(view: View, aside: int, rest: int) -> int:
    """Return the set-aside cards the declarer knows are out of play, in a world.

    His own discards (``aside``, in his view; ``rest``, the world's, in a defender's), or none
    when he plays without the stock, which lies unseen.
    """
    if view.seat == view.declarer:
        return aside
    return 0 if view.without_stock else rest


def best_card(
    view: View,
    rng: random.Random,
    *,
    positions: int = POSITIONS,
    worlds: int = WORLDS,
    tie: Callable[[], int],
    deadline: float | None = None,
) -> int:
    """Return the index of the card to play: the best mean result over worlds of the view.

    Each card the seat may play is played, in every world, and the hand played out from there
    with the plain card play at every place; the declarer plays for the highest mean result of
    the hand, a defender for the lowest. The worlds are drawn uniformly among the deals the
    view allows. Their number is what ``positions`` (cards played in the play-outs, over every
    card tried) pays for, at least one and at most ``worlds``.

    Args:
        view: The view of the seat to play, in the play, trumps named.
        rng: The generator the worlds are drawn from.
        positions: The budget of cards played.
        worlds: The most worlds.
        tie: Returns the card to play if it is among the best (called only on a tie).
        deadline: When to stop (a ``time.perf_counter()`` value), or None: once it has passed,
            no world after the first is played out.

    Raises:
        ValueError: If the view has no trump or declarer (it is not in the play).
    """
    trump, declarer, rules = view.trump, view.declarer, view.rules
    if trump is None or declarer is None:
        raise ValueError("the card search needs a hand in the play")
    can = [move.card.index for move in view.legal_moves if isinstance(move, Play)]
    table = _table(view, declarer)
    unknown = staekske_worlds.hidden(view)
    sizes = dict(unknown.sizes)
    left = sum(view.hand_sizes[seat] for seat in table.seats) - 1
    count = max(1, min(worlds, positions // (len(can) * max(left, 1))))
    sign = 1 if view.seat == declarer else -1
    drawn = _worlds.deals(unknown.groups, sizes, rng) if unknown.groups else None
    scored: dict[tuple[int, int], int] = {}
    totals = [0] * len(can)
    for done in range(count):
        if done and _late(deadline):
            break
        held = next(drawn) if drawn is not None else dict.fromkeys(sizes, 0)
        hands = [unknown.own if seat == view.seat else held.get(seat, 0) for seat in table.seats]
        rest = held.get(view.players, 0)
        known = _known_aside(view, unknown.aside, rest)
        for place, index in enumerate(can):
            after = list(hands)
            after[table.place] ^= 1 << index
            position = tactics.Position(
                hands=(after[0], after[1], after[2], after[3]),
                trick=(*table.trick, index),
                leader=table.leader,
                gone=table.gone,
                taken=table.taken,
                won=table.won,
                done=table.done,
            )
            outcome = tactics.finish(position, trump, rules, known)
            result = scored.get(outcome)
            if result is None:
                taken, won = outcome
                points = tactics.counted(taken, unknown.aside | rest, trump, rules)
                result = tactics.result(
                    (points, won, table.meld_points),
                    view.bid,
                    rules,
                    without_stock=view.without_stock,
                )
                scored[outcome] = result
            totals[place] += sign * result
    best = max(totals)
    tied = [index for index, total in zip(can, totals, strict=True) if total == best]
    if len(tied) > 1:
        preferred = tie()
        if preferred in tied:
            return preferred
    return tied[0]
