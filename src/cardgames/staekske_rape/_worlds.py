"""The deals a Staekske Rape seat could be in, for what its view shows.

A seat sees its own cards once it has looked, every card played, the melds the declarer
showed, and, as the declarer who took the stock, the stock and his discards. The rest lies
with the other seats (as many each as the view counts) and in the stock or among the cards
laid aside. A player who did not follow suit, or neither followed nor trumped, holds none of
what that rules out (:func:`~cardgames.staekske_rape._state.ruled_out`, the trump-jack
exemption and the lenient rule included); the melds shown and the Stoek announced, as far as
they are not yet played, are in the declarer's hand, and a sequence shown is at its full
length: the cards next to it are not his. :func:`worlds` draws full states uniformly among
the deals that keep to these constraints, each rebuilt by replaying the hand's public moves
on the drawn deal.

The auction is taken to tell nothing about the cards: a bid, a pass or a blind 2 is a choice,
not a card constraint, and the sampler weighs every deal alike whatever the players' reasons.
Which four of the declarer's cards came from the stock is not in any view: it is drawn at
random.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Final

import attrs

from cardgames import _worlds, cards
from cardgames import moves as core_moves
from cardgames.staekske_rape import _engine as engine
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape._moves import (
    LOOK,
    NO_STOCK,
    STOEK,
    TAKE_STOCK,
    Discard,
    Meld,
    NameTrump,
)
from cardgames.staekske_rape._state import (
    PACK,
    HandScore,
    Phase,
    State,
    View,
    following,
    ruled_out,
)

__all__ = ["Hidden", "hidden", "replay_on", "worlds"]

_PACK_MASK: Final = cards.mask_of(PACK)
_STOCK_SIZE: Final = 4


def worlds(view: View, rng: random.Random) -> Iterator[State]:
    """Yield, without end, full states whose view for ``view.seat`` is ``view``.

    The hidden cards are drawn uniformly among the deals that keep every card constraint the
    view implies: the seat's own cards, the cards played, the melds shown, the stock or
    discards the seat has seen, the hand sizes, and what a failure to follow or to trump rules
    out. Each state replays the hand's public moves on its deal; its later deals come from a
    seed drawn from ``rng``. The score sheet keeps the view's totals and last hand; the hands
    before it are not in the view: the first of them carries what the totals hold beyond the
    last, the others nothing.

    Args:
        view: What one seat sees (:func:`~cardgames.staekske_rape.view`).
        rng: The source of randomness (a ``random.Random``).

    Raises:
        RulesError: If ``view`` is not a Staekske Rape view, ``rng`` not a ``random.Random``,
            or no deal is consistent with the view.

    Example:
        >>> import itertools, random
        >>> from cardgames import staekske_rape
        >>> state = staekske_rape.new_game(seed=3)
        >>> state = staekske_rape.apply(state, staekske_rape.Deal())
        >>> seen = staekske_rape.view(state, 2)
        >>> drawn = itertools.islice(staekske_rape.worlds(seen, random.Random(1)), 3)
        >>> all(staekske_rape.view(world, 2) == seen for world in drawn)
        True
    """
    _worlds.check(view, rng, View, "Staekske Rape")
    return _draw(view, rng)


@attrs.frozen
class Hidden:
    """The cards a seat cannot see, as :func:`cardgames._worlds.deals` draws them.

    Attributes:
        groups: The unseen cards, grouped by the receivers that may hold them: the seats, and
            the stock (or the cards laid aside) as receiver ``players``.
        sizes: How many unseen cards each receiver holds, as (receiver, count) pairs.
        own: The seat's own cards (0 before it has looked).
        aside: The cards the seat itself laid aside, as declarer (else 0).
        played: The cards each seat has played in the hand so far.
    """

    groups: tuple[_worlds.Group, ...]
    sizes: tuple[tuple[int, int], ...]
    own: int
    aside: int
    played: tuple[int, ...]


def hidden(view: View) -> Hidden:
    """Return the cards ``view``'s seat cannot see, with every constraint the view implies.

    Each seat other than the viewer's (and the viewer's own, before it has looked) holds as
    many cards as the view counts, none that its play ruled out, and, for the declarer, the
    melds shown and not yet played; the stock or the cards laid aside, receiver
    ``view.players``, hold the rest.
    """
    players = view.players
    stock = players  # the receiver of the stock, or of the cards laid aside
    played = [0] * players
    barred = [0] * (players + 1)
    table = following(view.trump, view.rules) if view.trump is not None else None
    for trick in _worlds.plays(view):
        before: list[int] = []
        for seat, card in trick.plays:
            played[seat] |= card.mask
            if table is not None:
                barred[seat] |= ruled_out(card.index, tuple(before), table)
            before.append(card.index)
    seat = view.seat
    own = cards.mask_of(view.hand) if view.hand is not None else 0
    aside = cards.mask_of(view.discards) if view.discards is not None else 0
    shown = 0
    for meld in view.melds:
        shown |= meld.mask
    if view.stoek and view.trump is not None:  # he held the trump king and queen
        shown |= melds.stoek_mask(view.trump)
    if view.declarer is not None:
        shown &= ~played[view.declarer]
        barred[view.declarer] |= _beyond(view.melds)
    known = own | aside | played[0] | played[1] | played[2] | played[3]
    for other in range(4, players):
        known |= played[other]
    unseen = _PACK_MASK & ~known
    hidden_seats = [other for other in range(players) if other != seat or view.hand is None]
    sizes = {other: view.hand_sizes[other] for other in hidden_seats}
    sizes[stock] = unseen.bit_count() - sum(sizes.values())
    groups = _worlds.grouped(
        unseen,
        lambda card: tuple(
            receiver
            for receiver in sizes
            if not barred[receiver] & card.mask
            and (not shown & card.mask or receiver == view.declarer)
        ),
    )
    return Hidden(tuple(groups), tuple(sizes.items()), own, aside, tuple(played))


def _draw(view: View, rng: random.Random) -> Iterator[State]:
    """Yield the worlds of :func:`worlds` (its arguments checked)."""
    players = view.players
    unknown = hidden(view)
    own, played, sizes = unknown.own, unknown.played, dict(unknown.sizes)
    held_seats = dict.fromkeys(sizes, 0)
    drawn = (
        _worlds.deals(unknown.groups, sizes, rng)
        if unknown.groups
        else itertools.repeat(held_seats)
    )
    for held in drawn:
        hands = [held.get(other, own) | played[other] for other in range(players)]
        yield replay_on(view, hands, held[players] | unknown.aside, rng)


def _beyond(shown: tuple[Meld, ...]) -> int:
    """Return the cards that would lengthen a sequence shown: its holder had neither.

    A sequence counts once, at its full length (rule 22), so a declarer who shows one holds
    neither the card just above nor the card just below it in its suit.
    """
    beyond = 0
    for meld in shown:
        suits = {card.suit for card in meld.cards}
        if len(suits) > 1:
            continue  # four of a kind
        suit = suits.pop()
        ranks = [int(card.rank) for card in meld.cards]
        for rank in (min(ranks) - 1, max(ranks) + 1):
            if int(cards.Rank.SEVEN) <= rank <= int(cards.Rank.ACE):
                beyond |= cards.Card(cards.Rank(rank), suit).mask
    return beyond


def replay_on(view: View, dealt: list[int], rest: int, rng: random.Random) -> State:
    """Return the state after the view's hand is played on a deal.

    Args:
        view: The view whose public moves to replay.
        dealt: Each seat's cards at the end of the auction (bit sets; before the stock).
        rest: The four cards of the stock, or, once the declarer took it, the four he laid aside.
        rng: Draws the later deals' seed, and which of the declarer's cards were the stock.
    """
    players = view.players
    declarer = view.declarer
    took = declarer is not None and not view.without_stock and view.stock_size == 0
    stock = rest
    if took and declarer is not None:
        pooled = sorted(cards.cards_in(dealt[declarer] | rest))
        stock = cards.mask_of(rng.sample(pooled, _STOCK_SIZE))
        dealt[declarer] = (dealt[declarer] | rest) & ~stock
    state = engine.new_game(
        view.rules, seed=rng.getrandbits(64), players=players, first_dealer=view.dealer
    )
    if view.hand_number:
        order = engine.order_for(
            {seat: tuple(cards.cards_in(hand)) for seat, hand in enumerate(dealt) if hand},
            dealer=view.dealer,
            stock=tuple(cards.cards_in(stock)),
            players=players,
            rules=view.rules,
        )
        state = engine.apply(state, core_moves.Deal(order=order))
        state = _replay_hand(view, state, rest if took else 0)
    return _with_sheet(view, state)


def _replay_hand(view: View, state: State, aside: int) -> State:
    """Replay the auction, the stock, the trump, the melds and the tricks of the view's hand."""
    for _, call in view.auction:
        state = engine.apply(state, call)
    mover = engine.current_player(state)
    if mover is not None and view.looked[mover] and LOOK in engine.legal_moves(state):
        state = engine.apply(state, LOOK)
    if view.declarer is None or state.phase is not Phase.STOCK:
        return state
    if view.without_stock:
        state = engine.apply(state, NO_STOCK)
    elif view.stock_size == 0:
        state = engine.apply(state, TAKE_STOCK)
        if view.phase is Phase.DISCARD:
            return state
        state = engine.apply(state, Discard(tuple(cards.cards_in(aside))))
    if view.trump is None:
        return state
    return _replay_play(view, engine.apply(state, NameTrump(view.trump)))


def _replay_play(view: View, state: State) -> State:
    """Replay the melds, the Stoek and the tricks of the view's hand, trumps named."""
    for meld in view.melds:
        state = engine.apply(state, meld)
    pending = _stoek_pending(view)
    stoek = view.stoek and not pending
    for trick in _worlds.plays(view):
        for seat, card in trick.plays:
            if stoek and seat == view.declarer and STOEK in engine.legal_moves(state):
                state = engine.apply(state, STOEK)
                stoek = False
            state = engine.apply(state, core_moves.Play(card))
    if stoek or pending:  # announced, its king or queen about to be played
        state = engine.apply(state, STOEK)
    return state


def _stoek_pending(view: View) -> bool:
    """Return whether the view shows its declarer bound to play the Stoek he just announced.

    Only the declarer's own view tells: his moves are then the trump king or queen alone. (A
    trick that leaves him nothing else to play looks alike, and replays alike.)
    """
    if not view.stoek or view.trump is None or view.seat != view.declarer:
        return False
    stoek = melds.stoek_mask(view.trump)
    return bool(view.legal_moves) and all(
        type(move) is core_moves.Play and move.card.mask & stoek for move in view.legal_moves
    )


def _with_sheet(view: View, state: State) -> State:
    """Return ``state`` with the view's totals, score sheet and seats' place in the match."""
    finished = view.hand_number - (0 if view.phase is Phase.DEAL else 1)
    match = state.match
    return attrs.evolve(
        state,
        match=attrs.evolve(
            match,
            hand_number=view.hand_number,
            first_dealer=(view.dealer - max(view.hand_number - 1, 0)) % view.players,
            totals=view.totals,
            hand_scores=_worlds.fill_sheet(
                finished, view.totals, view.last_hand, HandScore, **_EMPTY_HAND
            ),
            winners=view.winners if view.over else None,
            losers=view.losers if view.over else None,
        ),
    )


_EMPTY_HAND: Final[dict[str, object]] = {
    "declarer": 0,
    "bid": None,
    "conceded": False,
    "without_stock": False,
    "trump": None,
    "melds": (),
    "stoek": False,
    "meld_points": 0,
    "card_points": (),
    "tricks": (),
    "set_aside_points": 0,
    "declarer_points": 0,
    "result": 0,
}
"""The fields of a rebuilt earlier hand (``_worlds.fill_sheet``): nothing of it is known."""
