"""A hand's moves, checked and made: the deal, the upcard offer, draws, discards, knocks, lay-outs.

The hot path — drawing and discarding — works on bit sets: a hand is an ``int`` of card bits,
and after each draw one :func:`~cardgames.gin_rummy._melds.knock_count` says whether any discard
would leave a count within the knock limit; only then are the knocking discards worked out
(:attr:`State.knocks <cardgames.gin_rummy.State.knocks>`). A move that the hot path does not
take goes the long way, through the function for its kind (the engine's table of them), which
says what is wrong with it.
"""

from __future__ import annotations

import itertools
from typing import Final

import attrs

from cardgames import _frozen, cards, dealing, errors, history
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _scoresheet as scoresheet
from cardgames.gin_rummy import _scoring as scoring
from cardgames.gin_rummy._about import ABOUT
from cardgames.gin_rummy._moves import (
    BigGin,
    Deal,
    Discard,
    Draw,
    Knock,
    LayOut,
    Move,
    Pass,
    Source,
)
from cardgames.gin_rummy._rules import HAND_SIZE, Rules
from cardgames.gin_rummy._state import (
    PHASE_DEAL,
    PHASE_DEFENDER,
    PHASE_DISCARD,
    PHASE_DRAW,
    PHASE_FIRST_DRAW,
    PHASE_KNOCKER,
    PHASE_OFFER,
    UPCARD,
    VOID_STOCK,
    Hand,
    Match,
    Showdown,
    State,
    build_state,
)

__all__ = [
    "BIG_GIN_BIT",
    "arrangements",
    "big_gin",
    "cards_held",
    "deal",
    "defences",
    "discard",
    "discardable",
    "draw",
    "hand_of",
    "lay_out",
    "made_fast",
    "pass_",
    "showdown_of",
]

_evolve_match: Final = _frozen.evolver(Match)

BIG_GIN_BIT: Final = 1 << 52
"""In :attr:`State.knocks`: the player may go big gin."""

_STOCK: Final = Source.STOCK
_VOID_AT: Final = len(ABOUT.pack) - VOID_STOCK
"""The stock position at which a discard without a knock voids the hand."""


def _illegal(reason: str, move: object, seat: int) -> errors.IllegalMoveError:
    """Return the error for an illegal move."""
    return errors.IllegalMoveError(reason, move=move, seat=seat)


def _where(state: State) -> str:
    """Say what the hand is waiting for, for the messages of moves made out of place."""
    turn = state.turn
    phase = state.phase
    if phase is PHASE_DEAL:
        return f"the cards are not dealt: seat {turn} deals"
    if phase is PHASE_OFFER:
        return f"on the first turn seat {turn} takes the upcard or passes"
    if phase is PHASE_FIRST_DRAW:
        return f"both passed the upcard: seat {turn} draws from the stock"
    if phase is PHASE_DRAW:
        return f"seat {turn} draws first, from the stock or the pile"
    if phase is PHASE_DISCARD:
        return f"seat {turn} holds 11 cards: he discards or knocks"
    if phase is PHASE_KNOCKER:
        return f"seat {turn} knocked: he lays out his hand"
    return f"seat {turn} lays out his hand and lays off"


def deal(before: State, dealer: int, move: Deal) -> State:
    """Deal ten cards each, one at a time from the non-dealer; turn the upcard (rule 8)."""
    if before.phase is not PHASE_DEAL:
        raise _illegal(f"the hand is being played: {_where(before)}", move, dealer)
    match = before.match
    number = match.hand_number + 1
    if move.order is None:
        order = dealing.shuffled(ABOUT.pack, seed=match.seed, hand_number=number)
    else:
        try:
            order = dealing.validate_order(move.order, ABOUT.pack)
        except errors.RulesError as error:
            raise _illegal(str(error), move, dealer) from None
    deck = tuple(card.index for card in order)
    first = 0
    second = 0
    for place in range(0, 2 * HAND_SIZE, 2):
        first |= 1 << deck[place]
        second |= 1 << deck[place + 1]
    upcard = deck[UPCARD]
    rules = match.rules
    limit = scoring.knock_limit(cards.CARDS[upcard], rules)
    hand = Hand(
        dealer=dealer,
        deck=deck,
        upcard=upcard,
        limit=limit,
        doubled=scoring.doubles(cards.CARDS[upcard], rules),
    )
    hands = (second, first) if dealer == 0 else (first, second)
    return build_state(
        match=_evolve_match(match, hand_number=number),
        phase=PHASE_OFFER,
        turn=1 - dealer,
        hand=hand,
        hands=hands,
        drawn=UPCARD + 1,
        pile=(upcard,),
        taken=-1,
        knocks=0,
        pile_draws=0,
        picked=(0, 0),
        showdown=None,
        history=history.History(move, before.history),
    )


def pass_(before: State, seat: int, move: Pass) -> State:
    """Refuse the upcard: the dealer is offered it next; after both, the non-dealer draws."""
    if before.phase is not PHASE_OFFER:
        raise _illegal(f"passing is for the upcard on the first turn: {_where(before)}", move, seat)
    dealer = hand_of(before).dealer
    phase = PHASE_OFFER if seat != dealer else PHASE_FIRST_DRAW
    return attrs.evolve(
        before, phase=phase, turn=1 - seat, history=history.History(move, before.history)
    )


def draw(before: State, seat: int, move: Draw) -> State:
    """Check a draw made the long way and make it (rules 10-11)."""
    phase = before.phase
    if move.source is _STOCK:
        if phase is PHASE_DRAW or phase is PHASE_FIRST_DRAW:
            return _drew_stock(before, seat, move)
        if phase is PHASE_OFFER:
            raise _illegal(
                "on the first turn you take the upcard or pass: the stock is drawn from once "
                "both have passed (rule 10)",
                move,
                seat,
            )
        raise _illegal(f"you cannot draw now: {_where(before)}", move, seat)
    if phase is PHASE_FIRST_DRAW:
        raise _illegal(
            "both passed the upcard: the non-dealer draws from the stock (rule 10)", move, seat
        )
    if phase is not PHASE_DRAW and phase is not PHASE_OFFER:
        raise _illegal(f"you cannot draw now: {_where(before)}", move, seat)
    limit = before.match.rules.pile_draw_limit
    if before.pile_draws >= limit:
        raise _illegal(
            f"the pile has been drawn from {limit} times in this hand: draw from the stock "
            "(pile_draw_limit)",
            move,
            seat,
        )
    return _drew_pile(before, seat, move)


def _knocks(hand: int, limit: int, barred: int, rules: Rules) -> int:
    """Return the cards of an 11-card hand whose discard leaves a count within the limit.

    One :func:`melds.knock_count` answers for most hands that no discard will do; only when
    one will are the discards tried one by one. ``barred`` is the card that may not be
    discarded (just taken from the pile), or -1. Bit 52 is set if big gin is allowed.
    """
    count = melds.knock_count(hand)
    if count > limit:
        return 0
    found = BIG_GIN_BIT if count == 0 and rules.big_gin and melds.deadwood_of(hand) == 0 else 0
    mask = hand if barred < 0 else hand & ~(1 << barred)
    while mask:
        low = mask & -mask
        if melds.deadwood_of(hand ^ low) <= limit:
            found |= low
        mask ^= low
    return found


def _drew_stock(before: State, seat: int, move: Draw) -> State:
    """Return the state after ``seat`` draws the top card of the stock."""
    hand = before.hand
    if hand is None:  # pragma: no cover  # a draw follows a deal
        raise RuntimeError("a draw before the first deal")
    held = before.hands[seat] | 1 << hand.deck[before.drawn]
    hands = (held, before.hands[1]) if seat == 0 else (before.hands[0], held)
    return build_state(
        match=before.match,
        phase=PHASE_DISCARD,
        turn=seat,
        hand=hand,
        hands=hands,
        drawn=before.drawn + 1,
        pile=before.pile,
        taken=-1,
        knocks=_knocks(held, hand.limit, -1, before.match.rules),
        pile_draws=before.pile_draws,
        picked=before.picked,
        showdown=None,
        history=history.History(move, before.history),
    )


def _drew_pile(before: State, seat: int, move: Draw) -> State:
    """Return the state after ``seat`` takes the top card of the discard pile."""
    hand = before.hand
    if hand is None:  # pragma: no cover  # a draw follows a deal
        raise RuntimeError("a draw before the first deal")
    pile = before.pile
    card = pile[-1]
    bit = 1 << card
    held = before.hands[seat] | bit
    hands = (held, before.hands[1]) if seat == 0 else (before.hands[0], held)
    picked = before.picked
    picked = (picked[0] | bit, picked[1]) if seat == 0 else (picked[0], picked[1] | bit)
    rules = before.match.rules
    barred = -1 if rules.may_discard_card_just_taken_from_pile else card
    return build_state(
        match=before.match,
        phase=PHASE_DISCARD,
        turn=seat,
        hand=hand,
        hands=hands,
        drawn=before.drawn,
        pile=pile[:-1],
        taken=card,
        knocks=_knocks(held, hand.limit, barred, rules),
        pile_draws=before.pile_draws + 1,
        picked=picked,
        showdown=None,
        history=history.History(move, before.history),
    )


def discard(before: State, seat: int, move: Discard | Knock) -> State:
    """Check a discard or a knock made the long way and make it (rules 11-12)."""
    if before.phase is not PHASE_DISCARD:
        raise _illegal(f"you hold 10 cards: {_where(before)}", move, seat)
    card = move.card
    bit = card.mask
    if not before.hands[seat] & bit:
        raise _illegal(f"{card} is not in your hand", move, seat)
    if card.index == before.taken and not discardable(before) & bit:
        raise _illegal(
            f"{card} was just taken from the pile: it cannot be discarded this turn (rule 11)",
            move,
            seat,
        )
    if type(move) is Discard:
        return _discarded(before, seat, move, card.index)
    if not before.knocks & bit:
        limit = hand_of(before).limit
        count = melds.deadwood_of(before.hands[seat] ^ bit)
        allowed = "gin only (count 0)" if limit == 0 else f"a count of {limit} or less"
        raise _illegal(
            f"discarding {card} leaves a count of {count}: knocking needs {allowed} (rule 12)",
            move,
            seat,
        )
    return attrs.evolve(
        before,
        phase=PHASE_KNOCKER,
        hands=_without(before.hands, seat, bit),
        taken=-1,
        knocks=0,
        showdown=Showdown(knocker=seat, discard=card.index, big_gin=False),
        history=history.History(move, before.history),
    )


def _without(hands: tuple[int, ...], seat: int, bit: int) -> tuple[int, ...]:
    """Return the hands with a card taken out of one seat's."""
    return (hands[0] ^ bit, hands[1]) if seat == 0 else (hands[0], hands[1] ^ bit)


def _discarded(before: State, seat: int, move: Discard, index: int) -> State:
    """Return the state after ``seat`` discards a card checked to be discardable."""
    pile = (*before.pile, index)
    hands = _without(before.hands, seat, 1 << index)
    if before.drawn == _VOID_AT:
        return scoresheet.close_void(before, hands, pile, move)
    return build_state(
        match=before.match,
        phase=PHASE_DRAW,
        turn=1 - seat,
        hand=before.hand,
        hands=hands,
        drawn=before.drawn,
        pile=pile,
        taken=-1,
        knocks=0,
        pile_draws=before.pile_draws,
        picked=before.picked,
        showdown=None,
        history=history.History(move, before.history),
    )


def big_gin(before: State, seat: int, move: BigGin) -> State:
    """Go out with all eleven cards melded (option big_gin, note G13)."""
    if not before.match.rules.big_gin:
        raise _illegal("big gin is not played: it needs Rules(big_gin=True)", move, seat)
    if before.phase is not PHASE_DISCARD:
        raise _illegal(f"big gin is declared holding 11 cards: {_where(before)}", move, seat)
    if not before.knocks & BIG_GIN_BIT:
        count = melds.deadwood_of(before.hands[seat])
        raise _illegal(f"big gin needs all 11 cards melded: your count is {count}", move, seat)
    return attrs.evolve(
        before,
        phase=PHASE_KNOCKER,
        taken=-1,
        knocks=0,
        showdown=Showdown(knocker=seat, discard=None, big_gin=True),
        history=history.History(move, before.history),
    )


def lay_out(before: State, seat: int, move: LayOut) -> State:
    """Check a lay-out and record it; the defender's ends the hand (rules 12-13)."""
    phase = before.phase
    if phase is not PHASE_KNOCKER and phase is not PHASE_DEFENDER:
        raise _illegal(f"lay-outs follow a knock: {_where(before)}", move, seat)
    if phase is PHASE_KNOCKER:
        showdown = showdown_of(before)
        hand_cards = cards_held(before, seat)
        if move.layoffs:
            raise _illegal(
                "the knocker lays off nothing: only the defender lays off (note G12)", move, seat
            )
        limit = 0 if showdown.big_gin else hand_of(before).limit
        try:
            layout = melds.check_arrangement(hand_cards, move.melds, limit=limit)
        except errors.RulesError as error:
            raise _illegal(str(error), move, seat) from None
        return attrs.evolve(
            before,
            phase=PHASE_DEFENDER,
            turn=1 - seat,
            showdown=attrs.evolve(showdown, layout=layout),
            history=history.History(move, before.history),
        )
    return _defend(before, seat, move)


def _defend(before: State, seat: int, move: LayOut) -> State:
    """Check the defender's lay-out and score the hand (rules 13, 15-17).

    By default (``defender_count="least"``) it must reach his least count: his choice among
    such lay-outs changes what is shown, never the score.
    """
    knocked = showdown_of(before).layout
    if knocked is None:  # pragma: no cover  # the knocker lays out first
        raise RuntimeError("the defender lays out before the knocker")
    hand_cards = cards_held(before, seat)
    try:
        if knocked.count == 0:
            if move.layoffs:
                raise _illegal(
                    "nothing may be laid off after gin (rule 13): lay out your own melds only",
                    move,
                    seat,
                )
            defence = _own_melds(melds.check_arrangement(hand_cards, move.melds))
        else:
            defence = melds.check_defence(hand_cards, knocked.melds, move.melds, move.layoffs)
    except errors.RulesError as error:
        raise _illegal(str(error), move, seat) from None
    if before.match.rules.defender_count == "least":
        least = _least_defence(hand_cards, knocked)
        if defence.count > least.count:
            best = LayOut(least.melds, least.layoffs)
            raise _illegal(
                f"your lay-out leaves a count of {defence.count}, but your least is "
                f"{least.count}: the defender lays out his least count, his melds and lay-offs "
                f"chosen together (rule 13), such as '{best}'",
                move,
                seat,
            )
    return scoresheet.close_knock(before, defence, move)


def _least_defence(hand_cards: tuple[cards.Card, ...], knocked: melds.Arrangement) -> melds.Defence:
    """Return a defence of least count against the knocker's lay-out: no lay-offs after gin."""
    if knocked.count == 0:
        return _own_melds(melds.best_arrangement(hand_cards))
    return melds.best_defence(hand_cards, knocked.melds)


def _own_melds(layout: melds.Arrangement) -> melds.Defence:
    """Return the defence of a defender who lays out his own melds only, as after gin."""
    return melds.Defence(melds=layout.melds, layoffs=(), deadwood=layout.deadwood)


def made_fast(state: State, move: Move) -> State | None:
    """Return the state after a legal draw or discard, checked on bit sets; else None.

    This is the hot path of a hand. Anything it does not take goes the long way, which says
    what is wrong.
    """
    phase = state.phase
    if type(move) is Draw:
        if phase is PHASE_DRAW:
            if move.source is _STOCK:
                return _drew_stock(state, state.turn, move)
            if state.pile_draws < state.match.rules.pile_draw_limit:
                return _drew_pile(state, state.turn, move)
    elif type(move) is Discard and phase is PHASE_DISCARD:
        index = move.card.index
        if discardable(state) >> index & 1:
            return _discarded(state, state.turn, move, index)
    return None


def discardable(state: State) -> int:
    """Return the bit set of the cards the player to move may discard or knock with (rule 11)."""
    allowed = state.hands[state.turn]
    if state.taken >= 0 and not state.match.rules.may_discard_card_just_taken_from_pile:
        allowed &= ~(1 << state.taken)
    return allowed


def cards_held(state: State, seat: int) -> tuple[cards.Card, ...]:
    """Return a seat's cards in card order."""
    return tuple(cards.cards_in(state.hands[seat]))


def arrangements(state: State) -> tuple[melds.Arrangement, ...]:
    """Return the knocker's possible lay-outs: within the knock limit, or gin after big gin."""
    showdown = showdown_of(state)
    hand = hand_of(state)
    return melds.arrangements(cards_held(state, state.turn), 0 if showdown.big_gin else hand.limit)


def defences(state: State) -> tuple[melds.Defence, ...]:
    """Return the defender's legal lay-outs, best first: after gin his own melds only (rule 13).

    By default (``defender_count="least"``) these are the lay-outs that reach his least count;
    with ``"as_laid"``, every lay-out he can make.
    """
    layout = showdown_of(state).layout
    if layout is None:  # pragma: no cover  # the defender lays out after the knocker
        raise RuntimeError("the defender lays out before the knocker")
    hand_cards = cards_held(state, state.turn)
    if layout.count == 0:
        found = tuple(map(_own_melds, melds.arrangements(hand_cards, scoresheet.ANY_COUNT)))
    else:
        found = melds.defences(hand_cards, layout.melds)
    if state.match.rules.defender_count == "as_laid":
        return found
    least = found[0].count  # best first: the least count comes first
    return tuple(itertools.takewhile(lambda defence: defence.count == least, found))


def showdown_of(state: State) -> Showdown:
    """Return the state's showdown, which a lay-out phase always has."""
    if state.showdown is None:  # pragma: no cover  # a lay-out phase follows a knock
        raise RuntimeError("a lay-out phase without a knock")
    return state.showdown


def hand_of(state: State) -> Hand:
    """Return the state's hand, which every phase but the first deal has."""
    if state.hand is None:  # pragma: no cover  # only the deal comes before the first hand
        raise RuntimeError("a hand phase before the first deal")
    return state.hand
