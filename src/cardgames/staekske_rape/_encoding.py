"""Staekske Rape for learning agents: its moves as action indices, a seat's view as numbers.

Every move is one action, except the declarer's discard of four cards: that is four actions,
one card each, chosen lowest card first (as OpenSpiel's skat discards one card at a time), so
that a learner picks among 32 discard actions instead of the 35,960 four-card discards. The
apps' one-move form stays the :class:`~cardgames.staekske_rape.Discard` move itself;
:meth:`cardgames.game.Game.legal_mask` and :meth:`~cardgames.game.Game.index_to_move` take the
actions chosen so far as their ``prefix``.

The actions (:data:`NUM_MOVES` = 280 in all), in this order:

=========  =====  =========================================================================
first      count  actions
=========  =====  =========================================================================
0          1      ``deal`` (a stacked deal too: its order is chance's part, not a choice)
1          1      ``look``
2          117    ``bid 1`` … ``bid 117``: ``bid n`` is ``1 + n`` (bids stop at 117 under any
                  rules, see ``max_bid``)
119        1      ``pass``
120        1      ``concede``
121        1      ``take stock``
122        1      ``no stock``
123        32     one card of a ``discard``, by the card's place in ``PACK``
155        4      ``trump ♣``, ``trump ♠``, ``trump ♥``, ``trump ♦``
159        88     ``meld …``, by the meld's place in ``MELDS`` (every meld seven cards hold)
247        1      ``stoek``
248        32     ``play`` a card, by its place in ``PACK``
=========  =====  =========================================================================

Example:
    >>> from cardgames import staekske_rape
    >>> move_indices(staekske_rape.parse_move("bid 3")), move_indices(staekske_rape.PASS)
    ((4,), (119,))
    >>> move_indices(staekske_rape.parse_move("discard 10♣ 7♣ 9♣ 8♣"))
    (123, 124, 125, 126)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from cardgames import arguments, cards, errors, protocols, tricks
from cardgames.moves import Deal, Play
from cardgames.staekske_rape import _auction as auction
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _scoresheet as scoresheet
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import (
    Bid,
    Concede,
    Discard,
    Look,
    Meld,
    Move,
    NameTrump,
    NoStock,
    Pass,
    Stoek,
    TakeStock,
)
from cardgames.staekske_rape._rules import LONG_SEQUENCE_LIMIT, Rules
from cardgames.staekske_rape._state import TRICKS, Call, Phase, State, View

__all__ = [
    "BID",
    "CONCEDE",
    "DEAL",
    "DISCARD",
    "LOOK",
    "MELD",
    "NO_STOCK",
    "NUM_MOVES",
    "PASS",
    "PLAY",
    "STOEK",
    "TAKE_STOCK",
    "TRUMP",
    "layout",
    "move_indices",
    "observation",
    "observation_size",
    "observe",
]

_CARDS: Final = len(play.PACK)
"""The 32 cards: the actions that name a card come in blocks of this many."""

_TOP_BID: Final = auction.max_bid(Rules(long_sequence_value=LONG_SEQUENCE_LIMIT))
"""The highest bid any rules allow (117): the bids' block has one action per bid up to it."""

DEAL: Final = 0
"""The action of dealing."""
LOOK: Final = DEAL + 1
"""The action of looking at one's cards."""
BID: Final = LOOK + 1
"""The first action of the bids: ``bid n`` is ``BID + n - 1``."""
PASS: Final = BID + _TOP_BID
"""The action of passing."""
CONCEDE: Final = PASS + 1
"""The nanny's concession."""
TAKE_STOCK: Final = CONCEDE + 1
"""Taking the stock."""
NO_STOCK: Final = TAKE_STOCK + 1
"""Playing without the stock."""
DISCARD: Final = NO_STOCK + 1
"""The first action of the discards: laying aside ``PACK[i]`` is ``DISCARD + i``."""
TRUMP: Final = DISCARD + _CARDS
"""The first action of naming trumps: ``trump s`` is ``TRUMP + s`` (♣ ♠ ♥ ♦)."""
MELD: Final = TRUMP + len(cards.Suit)
"""The first action of the melds: ``MELDS[i]`` is ``MELD + i``."""
STOEK: Final = MELD + len(melds.MELDS)
"""Announcing Stoek."""
PLAY: Final = STOEK + 1
"""The first action of the plays: playing ``PACK[i]`` is ``PLAY + i``."""
NUM_MOVES: Final = PLAY + _CARDS
"""How many actions there are (280): the length of every legal mask."""

_PLACES: Final = {card.index: place for place, card in enumerate(play.PACK)}
"""Each card of the pack's place in ``PACK``, by card index."""
_DISCARD_ACTIONS: Final = {index: DISCARD + place for index, place in _PLACES.items()}
"""The action that lays away each card of the pack, by card index."""
_MELD_PLACES: Final = {meld.mask: place for place, meld in enumerate(melds.MELDS)}
_SINGLE: Final[dict[type, tuple[int, ...]]] = {
    Deal: (DEAL,),
    Look: (LOOK,),
    Pass: (PASS,),
    Concede: (CONCEDE,),
    TakeStock: (TAKE_STOCK,),
    NoStock: (NO_STOCK,),
    Stoek: (STOEK,),
}
_PHASES: Final = tuple(Phase)


def _place(card: cards.Card, move: object) -> int:
    """Return a card's place in the pack, or raise RulesError for a card not in it."""
    place = _PLACES.get(card.index)
    if place is None:
        raise errors.RulesError(
            f"{errors.quote(move)} has no action: {card} is not in the Staekske Rape pack"
        )
    return place


def move_indices(move: Move) -> tuple[int, ...]:
    """Return the actions that make up a move: one, or four for a discard (lowest card first).

    Raises:
        RulesError: If ``move`` is not a Staekske Rape move, or has no action: a bid above 117,
            a card not in the 32-card pack, a discard of other than four cards, a meld that is
            no meld.

    Example:
        >>> from cardgames import staekske_rape
        >>> move_indices(staekske_rape.parse_move("play 7♣")), move_indices(staekske_rape.STOEK)
        ((248,), (247,))
    """
    kind = type(move)
    single = _SINGLE.get(kind)
    if single is not None:
        return single
    if kind is Play:
        return (PLAY + _place(move.card, move),)  # type: ignore[union-attr]  # a Play
    if kind is Bid:
        amount: int = move.amount  # type: ignore[union-attr]  # a Bid
        if amount > _TOP_BID:
            raise errors.RulesError(f"{move} has no action: no rules allow a bid above {_TOP_BID}")
        return (BID + amount - 1,)
    if kind is NameTrump:
        return (TRUMP + int(move.suit),)  # type: ignore[union-attr]  # a NameTrump
    if kind is Discard:
        return _discard_actions(move)  # type: ignore[arg-type]  # a Discard
    if kind is Meld:
        place = _MELD_PLACES.get(move.mask)  # type: ignore[union-attr]  # a Meld
        if place is None:
            raise errors.RulesError(f"{move} has no action: its cards are no meld")
        return (MELD + place,)
    raise errors.RulesError(f"expected a Staekske Rape move, not {errors.quote(move)}")


def _discard_actions(move: Discard) -> tuple[int, ...]:
    """Return the four actions of a discard, its cards in its order (see :func:`move_indices`)."""
    laid = move.cards
    if len(laid) != play.STOCK_SIZE:
        raise errors.RulesError(
            f"{move} has no actions: a discard is {play.STOCK_SIZE} cards, not {len(laid)}"
        )
    try:  # a learner's mask asks for every discard of the eleven cards: 330 of them
        return (
            _DISCARD_ACTIONS[laid[0].index],
            _DISCARD_ACTIONS[laid[1].index],
            _DISCARD_ACTIONS[laid[2].index],
            _DISCARD_ACTIONS[laid[3].index],
        )
    except KeyError:
        return tuple(DISCARD + _place(card, move) for card in laid)  # _place says which


@functools.cache
def _blocks(players: int) -> tuple[protocols.Block, ...]:
    """Return the blocks of an observation for ``players`` seats."""
    n = players
    most_held = TRICKS + play.STOCK_SIZE
    return protocols.place_blocks(
        (
            "phase",
            len(_PHASES),
            "1 for the phase: deal, auction, nanny, stock, discard, trump, play",
            0,
            1,
        ),
        ("dealer", n, "1 for the position that dealt", 0, 1),
        ("to move", n, "1 for the position to move (all 0 once the match is over)", 0, 1),
        ("hand", _CARDS, "1 for each card the observer holds (all 0 until he looks)", 0, 1),
        ("hand sizes", n, "how many cards each position holds", 0, most_held),
        ("looked", n, "1 for each position that has looked at its cards", 0, 1),
        ("passed", n, "1 for each position that has passed this hand", 0, 1),
        ("bids", n, "each position's highest bid this hand (0: none)", 0, _TOP_BID),
        ("bid", 1, "the highest bid so far, then the contract", 0, _TOP_BID),
        ("declarer", n, "1 for the declarer", 0, 1),
        ("stock", 1, "how many cards are in the stock (4 until taken)", 0, play.STOCK_SIZE),
        ("without stock", 1, "1 if the declarer plays without the stock", 0, 1),
        ("trump suit", len(cards.Suit), "1 for the trump suit (♣ ♠ ♥ ♦)", 0, 1),
        ("discards", _CARDS, "1 for each card the observer laid aside, as declarer", 0, 1),
        ("melds", _CARDS, "1 for each card of the declared melds", 0, 1),
        ("meld points", 1, "the declared melds' points (Stoek apart)", 0, None),
        ("stoek", 1, "1 once Stoek is announced", 0, 1),
        (
            "trick",
            n * _CARDS,
            f"the trick being played: for positions 0 to {n - 1}, 32 ints each, 1 for its card",
            0,
            1,
        ),
        (
            "played",
            n * _CARDS,
            (
                f"for positions 0 to {n - 1}, 32 ints each: 1 for each card it played to this "
                "hand's finished tricks (the last hand's, between hands)"
            ),
            0,
            1,
        ),
        ("tricks taken", n, "the tricks each position took this hand", 0, TRICKS),
        (
            "points taken",
            n,
            "the card points each position took this hand (+5 for the last trick)",
            0,
            None,
        ),
        ("totals", n, "each position's game points", None, None),
        ("hand number", 1, "0 before the first deal, then the number of hands dealt", 0, None),
        ("winners", n, "1 for each of the match's winners, once it is over", 0, 1),
    )


def layout(rules: Rules | None, players: int) -> tuple[protocols.Block, ...]:
    """Return the blocks of every observation of a match with these rules and seats, in order.

    Seats are relative: in a block of one entry per seat, entry ``k`` is the seat ``k`` places
    to the observer's left.

    Args:
        rules: The match's options; None for the source's (the blocks are the same for all).
        players: 4 or 5.

    Raises:
        RulesError: If ``rules`` is not a Staekske Rape ``Rules`` (or None), or ``players`` not
            4 or 5.

    Example:
        >>> [(block.name, block.offset, block.length) for block in layout(None, 4)[:3]]
        [('phase', 0, 7), ('dealer', 7, 4), ('to move', 11, 4)]
    """
    ABOUT.check_rules(rules)
    return _blocks(ABOUT.check_players(players, none_is_usual=False))


def observation_size(rules: Rules | None, players: int) -> int:
    """Return the length of every observation of a match with these rules and seats.

    It is ``113 + 75 × players``: 413 for four players, 488 for five.

    Args:
        rules: The match's options; None for the source's (the length is the same for all).
        players: 4 or 5.

    Raises:
        RulesError: If ``rules`` is not a Staekske Rape ``Rules`` (or None), or ``players`` not
            4 or 5.

    Example:
        >>> from cardgames import staekske_rape
        >>> observation_size(staekske_rape.Rules(), 4)
        413
    """
    last = layout(rules, players)[-1]
    return last.offset + last.length


def observation(state: State, seat: int) -> tuple[int, ...]:
    """Return what ``seat`` may know, as a flat tuple of ints: what its view would give.

    Seats appear relative to the observer: in every block of one entry per seat, entry ``k`` is
    the seat ``k`` places to the observer's left (0 is the observer). The layout is in the table
    on the game's page ("For learning agents"); its length is :func:`observation_size`. It is
    ``observe(view(state, seat))``, read straight from the state without building the view.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state or ``seat`` not a seat of it.

    Example:
        >>> from cardgames import staekske_rape
        >>> state = staekske_rape.new_game(seed=1, first_dealer=0)
        >>> len(observation(state, 2))
        413
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    players = state.players
    seat = arguments.check_seat(seat, players)
    contract = state.contract
    hand = state.hands[seat]
    trick: tuple[tuple[int, cards.Card], ...] = ()
    if state.trick:
        trick = play.trick_plays(state, state.trick)
    match = state.match
    if contract is None:
        points, taken = scoresheet.trick_points(state.tricks, None, players)
        return _encoded(
            seat,
            players=players,
            rules=match.rules,
            phase=state.phase,
            dealer=state.dealer,
            mover=None if match.winners is not None else state.turn,
            hand=hand,
            hand_sizes=[held.bit_count() for held in state.hands],
            looked=(False,) * players,
            auction=(),
            bid=0,
            declarer=None,
            stock_size=0,
            without_stock=False,
            trump=None,
            discards=0,
            shown=(),
            stoek=False,
            trick=trick,
            finished=state.tricks,
            taken=taken,
            points=points,
            totals=match.totals,
            hand_number=match.hand_number,
            winners=match.winners or (),
        )
    declarer = contract.declarer
    points, taken = scoresheet.trick_points(state.tricks, contract.trump, players)
    return _encoded(
        seat,
        players=players,
        rules=match.rules,
        phase=state.phase,
        dealer=state.dealer,
        mover=None if match.winners is not None else state.turn,
        hand=hand if contract.looked[seat] or not hand else 0,
        hand_sizes=[held.bit_count() for held in state.hands],
        looked=contract.looked,
        auction=contract.calls,
        bid=contract.bid,
        declarer=declarer,
        stock_size=contract.stock.bit_count(),
        without_stock=contract.without_stock,
        trump=contract.trump,
        discards=contract.discards if seat == declarer else 0,
        shown=contract.melds,
        stoek=contract.stoek,
        trick=trick,
        finished=state.tricks,
        taken=taken,
        points=points,
        totals=match.totals,
        hand_number=match.hand_number,
        winners=match.winners or (),
    )


def observe(view: View) -> tuple[int, ...]:
    """Return what the seat of ``view`` may know, laid out as :func:`observation`'s result.

    ``observation(state, seat)`` is ``observe(view(state, seat))``: an agent that is given a
    view (as :meth:`cardgames.agents.Agent.choose` is) reads it through this form, which
    :meth:`cardgames.game.Game.observation` calls for a Staekske Rape view.
    """
    return _encoded(
        view.seat,
        players=view.players,
        rules=view.rules,
        phase=view.phase,
        dealer=view.dealer,
        mover=view.current_player,
        hand=cards.mask_of(view.hand or ()),
        hand_sizes=view.hand_sizes,
        looked=view.looked,
        auction=view.auction,
        bid=view.bid,
        declarer=view.declarer,
        stock_size=view.stock_size,
        without_stock=view.without_stock,
        trump=view.trump,
        discards=cards.mask_of(view.discards or ()),
        shown=view.melds,
        stoek=view.stoek,
        trick=view.trick.plays if view.trick else (),
        finished=view.tricks,
        taken=view.tricks_taken,
        points=view.points_taken,
        totals=view.totals,
        hand_number=view.hand_number,
        winners=view.winners,
    )


def _encoded(
    seat: int,
    *,
    players: int,
    rules: Rules,
    phase: Phase,
    dealer: int,
    mover: int | None,
    hand: int,
    hand_sizes: Sequence[int],
    looked: Sequence[bool],
    auction: Sequence[tuple[int, Call]],
    bid: int,
    declarer: int | None,
    stock_size: int,
    without_stock: bool,
    trump: cards.Suit | None,
    discards: int,
    shown: Sequence[Meld],
    stoek: bool,
    trick: Sequence[tuple[int, cards.Card]],
    finished: Sequence[tricks.Trick],
    taken: Sequence[int],
    points: Sequence[int],
    totals: Sequence[int],
    hand_number: int,
    winners: Sequence[int],
) -> tuple[int, ...]:
    """Return the observation of its blocks' facts, seats absolute (the view's fields)."""
    order = _ORDERS[players][seat]
    place = _PLACES_OF[players][seat]
    passed = [0] * players
    bids = [0] * players
    for caller, call in auction:
        if isinstance(call, Bid):
            bids[caller] = max(bids[caller], call.amount)
        elif isinstance(call, Pass):
            passed[caller] = 1
    seats = _ONE_HOT_SEATS[players]
    plays = [0] * (2 * players)
    for player, card in trick:
        plays[place[player]] |= 1 << card.index
    for done in finished:
        for player, card in done.plays:
            plays[players + place[player]] |= 1 << card.index
    shown_cards = 0
    meld_points = 0
    for meld in shown:
        shown_cards |= meld.mask
        meld_points += melds.meld_points(meld, rules)
    ints = [*_ONE_HOT_PHASES[_PHASES.index(phase)], *seats[place[dealer]]]
    ints += seats[None if mover is None else place[mover]]
    ints += cards.flag_blocks((hand,), _CARDS)
    ints += [hand_sizes[other] for other in order]
    ints += [int(looked[other]) for other in order]
    ints += [passed[other] for other in order]
    ints += [bids[other] for other in order]
    ints.append(bid)
    ints += seats[None if declarer is None else place[declarer]]
    ints += (stock_size, int(without_stock))
    ints += _ONE_HOT_SUITS[None if trump is None else int(trump)]
    ints += cards.flag_blocks((discards, shown_cards), _CARDS)
    ints += (meld_points, int(stoek))
    ints += cards.flag_blocks(plays, _CARDS)
    ints += [taken[other] for other in order]
    ints += [points[other] for other in order]
    ints += [totals[other] for other in order]
    ints.append(hand_number)
    ints += [int(other in winners) for other in order]
    return tuple(ints)


_ORDERS: Final = {
    players: tuple(
        tuple((seat + step) % players for step in range(players)) for seat in range(players)
    )
    for players in ABOUT.players
}
"""For each player count and observer, the seats by position: the observer first."""

_PLACES_OF: Final = {
    players: tuple(
        tuple((other - seat) % players for other in range(players)) for seat in range(players)
    )
    for players in ABOUT.players
}
"""For each player count and observer, each seat's position (0 for the observer)."""

_ONE_HOT_SEATS: Final = {
    players: {place: protocols.one_hot(players, place) for place in (*range(players), None)}
    for players in ABOUT.players
}
"""For each player count, the one-hot block of each position, and of none."""

_ONE_HOT_PHASES: Final = tuple(
    protocols.one_hot(len(_PHASES), place) for place in range(len(_PHASES))
)
"""The one-hot block of each phase."""

_ONE_HOT_SUITS: Final = {
    suit: protocols.one_hot(len(cards.Suit), suit) for suit in (*range(len(cards.Suit)), None)
}
"""The one-hot block of each suit, and of none (no trump yet)."""
