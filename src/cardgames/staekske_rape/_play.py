"""The declarer's hand and the tricks: the stock, trumps, melds and Stoek, following suit.

After the auction the declarer takes the stock and discards four cards, or plays without it
(rules 17-19); names trumps (rule 20); may declare melds and Stoek before his first lead
(rules 21-24; Stoek also just before playing the trump K or Q); and leads. Players follow
suit, else trump, else play anything, with the trump-jack exemption (rules 25-30): that rule,
:func:`allowed` and its tables, lives with the state, which works out from it what the seat to
move may play as it is built (``State.playable``); this module re-exports it.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Final

from cardgames import cards, errors, history, tricks
from cardgames import moves as core_moves
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _scoresheet as scoresheet
from cardgames.staekske_rape._moves import (
    NO_STOCK,
    STOEK,
    TAKE_STOCK,
    Discard,
    Meld,
    Move,
    NameTrump,
    NoStock,
    Stoek,
    TakeStock,
)
from cardgames.staekske_rape._state import (  # PHASE_PLAY: the phase's alias
    JACKS,
    PACK,
    PHASE_PLAY,
    RANKINGS,
    TRICKS,
    Contract,
    Phase,
    State,
    allowed,
    before_play,
    build_state,
    evolve_contract,
    following,
    ruled_out,
)

__all__ = [
    "JACKS",
    "PACK",
    "RANKINGS",
    "allowed",
    "following",
    "moves_for",
    "ruled_out",
    "trick_order",
]

STOCK_SIZE: Final = 4
"""Cards in the stock, and cards the declarer discards after taking it."""

_STOEKS: Final = tuple(melds.stoek_mask(trump) for trump in cards.Suit)
_NAME_TRUMPS: Final = tuple(NameTrump(suit) for suit in cards.Suit)


def _order(leader: int, dealer: int, players: int) -> tuple[int, ...]:
    """Return the four seats that play a trick, in order from the leader."""
    seats = [(leader + step) % players for step in range(players)]
    return tuple(seat for seat in seats if players == 4 or seat != dealer)


_ORDERS: Final = {
    players: tuple(
        tuple(_order(leader, dealer, players) for leader in range(players))
        for dealer in range(players)
    )
    for players in (4, 5)
}
"""``_ORDERS[players][dealer][leader]``: the seats of a trick in playing order."""


def trick_order(leader: int, dealer: int, players: int) -> tuple[int, ...]:
    """Return the seats that play a trick, in order from its leader (five players: no dealer)."""
    return _ORDERS[players][dealer][leader]


_PLAYS: Final = tuple(tuple((seat, card) for card in cards.CARDS) for seat in range(5))
"""``_PLAYS[seat][index]``: the ``(seat, card)`` pair of a trick, made once."""


def trick_plays(state: State, trick: tuple[int, ...]) -> tuple[tuple[int, cards.Card], ...]:
    """Return a trick's (seat, card) pairs, led by ``state.leader``."""
    contract = state.contract
    dealer = 0 if contract is None else contract.dealer
    seats = _ORDERS[state.players][dealer][state.leader]
    return tuple(_PLAYS[seat][index] for seat, index in zip(seats, trick, strict=False))


def _before_lead(state: State) -> bool:
    """Return whether no card of the hand has been played yet."""
    return not state.tricks and not state.trick


def _may_stoek(state: State, contract: Contract, seat: int, can: int) -> bool:
    """Return whether ``seat``, who may play the cards ``can``, may announce Stoek (rule 23)."""
    if contract.stoek or seat != contract.declarer or contract.trump is None:
        return False
    pair = _STOEKS[contract.trump]
    if contract.kept & pair != pair:
        return False
    if contract.used & pair and not state.rules.melds_may_share_cards:
        return False
    return _before_lead(state) or bool(can & pair)


def _open_melds(state: State, contract: Contract, seat: int) -> list[Meld]:
    """Return the melds the declarer may still declare (before his first lead)."""
    if seat != contract.declarer or not _before_lead(state):
        return []
    sharing = state.rules.melds_may_share_cards
    return [
        meld
        for meld in melds.melds_in(state.hands[seat])
        if meld not in contract.melds and (sharing or not meld.mask & contract.used)
    ]


def _discard(indices: tuple[int, ...]) -> Discard:
    """Return a new Discard of four cards given by index in card order."""
    # The cards come from a bit set, so they are distinct and in card order already: skip the
    # converter that checks text input (this runs for each of the 35,960 sets of four cards).
    move = object.__new__(Discard)
    object.__setattr__(move, "cards", tuple(map(cards.CARDS.__getitem__, indices)))
    object.__setattr__(move, "mask", sum(1 << index for index in indices))
    return move


@functools.cache
def _discard_table() -> dict[tuple[int, ...], Discard]:
    """Return every set of four cards' Discard move, by the cards' indices, made once.

    A random hand's 330 choices are then looked up, where making them would cost three times as
    much; the table takes about 70 ms and 10 MB, on the first discard phase of a process.
    """
    indices = [card.index for card in PACK]
    return {chosen: _discard(chosen) for chosen in combinations(indices, STOCK_SIZE)}


def _discards(hand: int) -> tuple[Discard, ...]:
    """Return every choice of four cards from the hand, in card order."""
    indices = [card.index for card in cards.cards_in(hand)]
    return tuple(map(_discard_table().__getitem__, combinations(indices, STOCK_SIZE)))


def moves_for(state: State, contract: Contract, seat: int) -> tuple[Move, ...]:
    """Return the legal moves of ``seat`` from the stock phase to the last trick."""
    phase = state.phase
    if phase is PHASE_PLAY:
        can = state.playable
        if seat != contract.declarer or contract.stoek_pending:
            return core_moves.plays_in(can)
        found: list[Move] = [*_open_melds(state, contract, seat)]
        if _may_stoek(state, contract, seat, can):
            found.append(STOEK)
        return (*found, *core_moves.plays_in(can)) if found else core_moves.plays_in(can)
    if phase is Phase.STOCK:
        return (TAKE_STOCK, NO_STOCK)
    if phase is Phase.DISCARD:
        return _discards(state.hands[seat])
    return _NAME_TRUMPS


def take_stock(before: State, contract: Contract, seat: int, move: TakeStock) -> State:
    """Take the four stock cards into the hand (rule 17); four must then be discarded."""
    hands = list(before.hands)
    hands[seat] |= contract.stock
    after = evolve_contract(contract, stock=0)
    return before_play(before, move, after, phase=Phase.DISCARD, turn=seat, hands=tuple(hands))


def no_stock(before: State, contract: Contract, seat: int, move: NoStock) -> State:
    """Leave the stock untouched and unseen: the result will be doubled (rule 18)."""
    after = evolve_contract(contract, without_stock=True, kept=before.hands[seat])
    return before_play(before, move, after, phase=Phase.TRUMP, turn=seat)


def discard(before: State, contract: Contract, seat: int, move: Discard) -> State:
    """Lay four cards aside face down (rule 17)."""
    hand = before.hands[seat]
    if len(move.cards) != STOCK_SIZE:
        raise errors.IllegalMoveError(
            f"discard exactly {STOCK_SIZE} cards, not {len(move.cards)}", move=move, seat=seat
        )
    if move.mask & ~hand:
        missing = cards.format_cards(cards.cards_in(move.mask & ~hand))
        raise errors.IllegalMoveError(f"you do not hold {missing}", move=move, seat=seat)
    hands = list(before.hands)
    hands[seat] = hand ^ move.mask
    after = evolve_contract(contract, discards=move.mask, kept=hands[seat])
    return before_play(before, move, after, phase=Phase.TRUMP, turn=seat, hands=tuple(hands))


def name_trump(before: State, contract: Contract, seat: int, move: NameTrump) -> State:
    """Name the trump suit (rule 20); the declarer then declares and leads."""
    after = evolve_contract(contract, trump=move.suit, following=following(move.suit, before.rules))
    return before_play(before, move, after, phase=Phase.PLAY, turn=seat)


def _why_not_meld(state: State, contract: Contract, seat: int, move: Meld) -> str:
    """Explain why the declarer may not declare ``move`` now."""
    if seat != contract.declarer:
        return "only the declarer declares melds"
    if not _before_lead(state):
        return "melds are declared before the first lead: the play has begun"
    shown = cards.format_cards(move.cards)
    name = melds.meld_name(move)  # raises IllegalMoveError for cards that are no meld
    hand = state.hands[seat]
    if move.mask & ~hand:
        return f"you do not hold {cards.format_cards(cards.cards_in(move.mask & ~hand))}"
    if move in contract.melds:
        return f"{shown} is declared already"
    for held in melds.melds_in(hand):
        if held != move and held.mask & move.mask == move.mask:
            return (
                f"{shown} cannot be declared alone: it is part of your {melds.meld_name(held)} "
                f"{cards.format_cards(held.cards)}, which counts once at its full length"
            )
    return (
        f"{shown} ({name}) shares cards with a declared meld, and a card counts in one meld only "
        "(melds_may_share_cards=False)"
    )


def meld(before: State, contract: Contract, seat: int, move: Meld) -> State:
    """Declare a meld before the first lead (rules 21-22, 24)."""
    if move not in _open_melds(before, contract, seat):
        raise errors.IllegalMoveError(
            _why_not_meld(before, contract, seat, move), move=move, seat=seat
        )
    after = evolve_contract(
        contract,
        melds=(*contract.melds, move),
        meld_points=contract.meld_points + melds.meld_points(move, before.rules),
        used=contract.used | move.mask,
    )
    return before_play(before, move, after, phase=Phase.PLAY, turn=seat)


def _why_not_stoek(state: State, contract: Contract, seat: int) -> str:
    """Explain why ``seat`` may not announce Stoek now."""
    if seat != contract.declarer:
        return "only the declarer announces Stoek"
    if contract.stoek:
        return "Stoek is announced already"
    trump = contract.trump
    if trump is None:  # pragma: no cover  # trumps are named before the play phase
        return "trumps are not named yet"
    pair = cards.format_cards(cards.cards_in(_STOEKS[trump]))
    if contract.kept & _STOEKS[trump] != _STOEKS[trump]:
        return f"Stoek is {pair}, and you did not hold both after the stock exchange"
    if contract.used & _STOEKS[trump] and not state.rules.melds_may_share_cards:
        return (
            f"{pair} already count in a declared meld, and a card counts in one meld only "
            "(melds_may_share_cards=False)"
        )
    return (
        f"Stoek is announced before the first lead or when playing {pair}, "
        "and you cannot play either now"
    )


def stoek(before: State, contract: Contract, seat: int, move: Stoek) -> State:
    """Announce Stoek (rule 23): before the first lead, or just before playing the K or Q."""
    trump = contract.trump
    if trump is None or not _may_stoek(before, contract, seat, before.playable):
        raise errors.IllegalMoveError(_why_not_stoek(before, contract, seat), move=move, seat=seat)
    after = evolve_contract(
        contract,
        stoek=True,
        stoek_pending=not _before_lead(before),
        meld_points=contract.meld_points + melds.STOEK_POINTS,
        used=contract.used | _STOEKS[trump],
    )
    return build_state(
        match=before.match,
        phase=PHASE_PLAY,
        turn=seat,
        contract=after,
        hands=before.hands,
        leader=before.leader,
        trick=before.trick,
        tricks=before.tricks,
        history=history.History(move, before.history),
    )


def _why_not_play(state: State, contract: Contract, seat: int, card: cards.Card) -> str:
    """Explain why ``seat``, the seat to move, may not play ``card``.

    The reasons are those of :attr:`State.playable <cardgames.staekske_rape.State.playable>`:

    a card not held; Stoek's K or Q due; or the cards :func:`allowed` leaves, which are then
    the suit led (with the trumps a lenient rule adds) or the trumps.
    """
    hand = state.hands[seat]
    if not hand >> card.index & 1:
        return f"you do not hold {card}"
    trump = contract.trump
    if trump is None:  # pragma: no cover  # trumps are named before the play phase
        return "trumps are not named yet"
    if contract.stoek_pending:
        pair = cards.format_cards(cards.cards_in(_STOEKS[trump]))
        return f"you announced Stoek: now play {' or '.join(pair.split())}"
    led = cards.CARDS[state.trick[0]]
    can = state.playable
    ranking = RANKINGS[trump]
    same = can & ranking.follows[led.index]
    if same:
        held = cards.format_cards(cards.cards_in(same))
        if led.suit == trump:
            return f"must follow trumps: {led} was led and you hold {held}"
        if state.rules.follow_mode == "lenient":
            return f"must follow suit or trump: {led} was led and you hold {held}"
        return f"must follow suit: {led} was led and you hold {held}"
    held = cards.format_cards(cards.cards_in(can))
    return f"must trump: {led} was led, you hold no {led.suit} and hold trumps {held}"


def play(before: State, contract: Contract, seat: int, move: core_moves.Play) -> State:
    """Play a card to the trick; finish the trick and the hand when they are complete."""
    index = move.card.index
    trump = contract.trump
    if trump is None or not before.playable >> index & 1:
        raise errors.IllegalMoveError(
            _why_not_play(before, contract, seat, move.card), move=move, seat=seat
        )
    if contract.stoek_pending:
        contract = evolve_contract(contract, stoek_pending=False)
    hands = list(before.hands)
    hands[seat] ^= 1 << index
    trick = (*before.trick, index)
    leader = before.leader
    done = before.tricks
    seats = _ORDERS[len(hands)][contract.dealer][leader]
    if len(trick) == len(seats):
        leader = turn = seats[tricks.best(trick, RANKINGS[trump])]
        first, second, third, fourth = seats
        a, b, c, d = trick
        plays = (_PLAYS[first][a], _PLAYS[second][b], _PLAYS[third][c], _PLAYS[fourth][d])
        done = (*done, tricks.Trick(plays=plays, winner=leader))
        trick = ()
    else:
        turn = seats[len(trick)]
    after = build_state(
        match=before.match,
        phase=PHASE_PLAY,
        turn=turn,
        contract=contract,
        hands=tuple(hands),
        leader=leader,
        trick=trick,
        tricks=done,
        history=history.History(move, before.history),
    )
    if len(done) == TRICKS:
        return scoresheet.close_played(after, contract)
    return after
