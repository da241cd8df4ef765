"""How a deal starts: the ante, the cards, the trump and the claims of the pools I–V (rules 6-17).

:func:`order_for` stacks a deal, and :func:`receivers` gives the dealing order. The other
functions are the engine's steps, not an API: they take a state whose move
:mod:`cardgames.mariage._engine` has checked to be the mover's, and return the next state.
"""

from __future__ import annotations

import functools
import operator
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

import attrs

from cardgames import arguments, cards, dealing, errors, history
from cardgames.mariage import _checks
from cardgames.mariage import _claims as claims
from cardgames.mariage import _ledger as ledger
from cardgames.mariage import _play as play
from cardgames.mariage import _scoring as scoring
from cardgames.mariage._about import ABOUT
from cardgames.mariage._moves import HOLDER_CLAIMS, Claim, Deal, Move, Pass
from cardgames.mariage._pools import CLAIMED, JESTER, KING_OF_HEARTS, QUEEN_OF_HEARTS, Pool
from cardgames.mariage._rules import HAND_SIZE, Rules
from cardgames.mariage._state import TRICKS, Match, State, Table, build_match, build_state

__all__ = ["PACKETS", "PACKS", "order_for", "receivers"]

PACKETS: Final = (3, 2)
"""Each player gets a packet of 3 cards, then one of 2 (rule 9)."""

_PACKS: Final = {36: cards.pack(36), 52: cards.pack(52)}
"""The engine's own copy of the two packs, by size: what it deals and checks orders against."""

PACKS: Final[Mapping[int, tuple[cards.Card, ...]]] = types.MappingProxyType(_PACKS)
"""The two packs, by size (rule 2): a read-only view, so that no caller can change the pack
the engine deals."""


def pack_of(size: int) -> tuple[cards.Card, ...]:
    """Return the pack of ``size`` cards (36 or 52), as the engine deals it."""
    return _PACKS[size]


NO_WINNERS: Final[tuple[int | None, ...]] = (None,) * len(CLAIMED)
"""The pools I–V won by nobody: a deal's ``pools_won`` before its claims are paid."""
_KING_OF_HEARTS: Final = KING_OF_HEARTS.index
_QUEEN_OF_HEARTS: Final = QUEEN_OF_HEARTS.index
_JESTER: Final = JESTER.index
_HELD_CARDS: Final = KING_OF_HEARTS.mask | QUEEN_OF_HEARTS.mask | JESTER.mask
_HELD: Final = (
    "",
    "heart marriage held",
    "jester held",
    "king of hearts held",
    "queen of hearts held",
)
"""The reason of each pool II–V's payment to its winner, by the pool's place in I–V."""


def _illegal(reason: str, move: Move, seat: int | None) -> errors.IllegalMoveError:
    """Return the error for an illegal move."""
    return errors.IllegalMoveError(reason, move=move, seat=seat)


def receivers(dealer: int, players: int, step: int = 1) -> tuple[int, ...]:
    """Return the seats in dealing order: the dealer's left first, the dealer last.

    Raises:
        RulesError: If ``players`` is not 1 to 10, ``dealer`` not one of its seats or
            ``step`` neither 1 nor -1.

    Example:
        >>> receivers(5, 6), receivers(0, 5, step=-1)
        ((0, 1, 2, 3, 4, 5), (4, 3, 2, 1, 0))
    """
    players = _checks.count(players)
    return _receivers(_checks.seat(dealer, "dealer", players), players, _checks.step(step))


@functools.cache
def _receivers(dealer: int, players: int, step: int = 1) -> tuple[int, ...]:
    """Return the seats in dealing order (:func:`receivers`, unchecked)."""
    return tuple((dealer + offset * step) % players for offset in range(1, players + 1))


@functools.cache
def _dealt_places(players: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each seat in dealing order, the places in the order of the cards it gets."""
    places = tuple(range(players * HAND_SIZE))
    hands, _ = dealing.deal(places, receivers=range(players), packets=PACKETS)  # type: ignore[arg-type]  # places stand in for cards
    return hands  # type: ignore[return-value]  # places, as given


def deal(before: State, dealer: int, move: Deal) -> State:
    """Deal the next deal: the ante, five cards each, the trump turned up, the claims (rules 6-11).

    The ante is paid unless the deal redeals a misdealt one (or, with ``ante_every_deal`` off,
    unless it is not the session's first deal). With ``auto_claim`` the pools I–V are claimed
    and paid at once; otherwise the players claim in turn from the dealer's left.
    """
    table = before.table
    match = before.match
    if not table.closed:
        left = TRICKS - len(before.tricks)
        raise _illegal(
            f"the deal is being played: {left} tricks to go before the next deal", move, dealer
        )
    rules = match.rules
    players = match.players
    step = rules.step
    number = match.hand_number + 1
    hands, trump = _dealt(match, dealer, move)
    chips = table.chips
    if not match.redeal and (rules.ante_every_deal or number == 1):
        chips = scoring.pay_ante(
            chips,
            hand=number,
            players=players,
            per_pool=rules.ante_per_pool,
            allow_debt=rules.allow_debt,
        )
    after_ante = chips
    king, queen, jester = _holders(hands)
    ranking = play.RANKINGS[rules.top_royal][trump.suit]
    made: tuple[tuple[int, Claim], ...] = ()
    won = NO_WINNERS
    if rules.auto_claim:
        made, won = _auto_claims(
            hands,
            (king if king == queen else -1, jester, king, queen),
            rules=rules,
            trump=trump.suit,
            dealer=dealer,
        )
        if made:
            chips = _settle(chips, made, won, rules=rules, number=number)
    return build_state(
        match=build_match(
            rules=rules,
            seed=match.seed,
            players=players,
            first_dealer=match.first_dealer,
            hand_number=number,
            totals=match.totals,
            hand_scores=match.hand_scores,
            winners=None,
            losers=None,
            dealer=dealer,
            next_dealer=match.next_dealer,
            deals=match.deals,
            redeal=False,
            out_of_turn=False,
            discarded=match.discarded,
        ),
        table=Table(
            trump=trump.index,
            ranking=ranking,
            duty=play.duty_mask(rules, ranking, trump.suit),
            queen_holder=queen,
            claims=made,
            claiming=not rules.auto_claim,
            declined=0,
            chips=chips,
            after_ante=after_ante,
            pools_won=won,
            closed=False,
        ),
        hands=tuple(hands),
        trick=(),
        seats=(),
        turn=(dealer + step) % players,
        due=-1,
        tricks=(),
        history=history.History(move, before.history),
    )


def _dealt(match: Match, dealer: int, move: Deal) -> tuple[list[int], cards.Card]:
    """Return the hands dealt and the card turned up for trump (rules 9, 10)."""
    rules = match.rules
    players = match.players
    step = rules.step
    size = rules.pack_size(players)
    if move.order is None:
        # The pack's cards as bit masks: the shuffle moves them as it would the cards, and a
        # hand is then the sum of its cards' masks (each card's bit is its own).
        order: Sequence[int] = dealing.shuffled(  # type: ignore[assignment]  # masks, as given
            _MASKS[size],  # type: ignore[arg-type]  # masks stand in for cards
            seed=match.seed,
            hand_number=match.hand_number + 1,
        )
    else:
        try:
            stacked = dealing.validate_order(move.order, _PACKS[size])
        except errors.RulesError as error:
            raise _illegal(str(error), move, dealer) from None
        order = tuple(card.mask for card in stacked)
    hands = [0] * players
    for offset, places in enumerate(_dealt_getters(players), start=1):
        hands[(dealer + offset * step) % players] = sum(places(order))
    return hands, cards.CARDS[order[players * HAND_SIZE].bit_length() - 1]


_MASKS: Final[Mapping[int, tuple[int, ...]]] = types.MappingProxyType(
    {size: tuple(card.mask for card in pack) for size, pack in _PACKS.items()}
)
"""Each pack's cards as bit masks (``1 << card.index``), in the pack's order."""


@functools.cache
def _dealt_getters(players: int) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
    """Return, for each seat in dealing order, a getter of its cards' places in the order."""
    return tuple(operator.itemgetter(*places) for places in _dealt_places(players))


def _holders(hands: Sequence[int]) -> tuple[int, int, int]:
    """Return the seats dealt K♥, Q♥ and J♦, -1 for a card nobody was dealt."""
    king = queen = jester = -1
    for seat, hand in enumerate(hands):
        if hand & _HELD_CARDS:
            if hand >> _KING_OF_HEARTS & 1:
                king = seat
            if hand >> _QUEEN_OF_HEARTS & 1:
                queen = seat
            if hand >> _JESTER & 1:
                jester = seat
    return king, queen, jester


def _auto_claims(
    hands: Sequence[int],
    holders: Sequence[int],
    *,
    rules: Rules,
    trump: cards.Suit,
    dealer: int,
) -> tuple[tuple[tuple[int, Claim], ...], tuple[int | None, ...]]:
    """Return the claims the players may make, and the winner of each of the pools I–V.

    Args:
        hands: The seats' cards.
        holders: The seats that hold the cards of pools II–V, -1 where no seat does.
        rules: The options.
        trump: The deal's trump suit.
        dealer: The dealer.
    """
    players = len(hands)
    step = rules.step
    made: list[tuple[int, Claim]] = []
    runs: dict[int, tuple[cards.Card, ...]] = {}
    for seat in _receivers(dealer, players, step):
        hand = hands[seat]
        if hand & hand >> 1 & hand >> 2:  # three in a row somewhere: look closer
            run = claims.sequence_in(hand)
            if run:
                point = _point_claim(run)
                runs[seat] = point.cards
                made.append((seat, point))
    for seat, made_claim in zip(holders, HOLDER_CLAIMS, strict=True):
        if seat >= 0:
            made.append((seat, made_claim))
    if not made:
        return (), NO_WINNERS
    best = None
    if runs:
        best = claims.unchecked_point_winner(
            runs,
            trump=trump,
            dealer=dealer,
            players=players,
            step=step,
            compare=rules.point_compare,
        )
    return tuple(made), (best, *(None if seat < 0 else seat for seat in holders))


@functools.cache
def _point_claim(run: int) -> Claim:
    """Return the claim of pool I with a sequence (a bit set), made once per sequence."""
    return Claim(Pool.POINT, cards.cards_in(run))


def _settle(
    chips: ledger.Chips,
    made: Sequence[tuple[int, Claim]],
    won: Sequence[int | None],
    *,
    rules: Rules,
    number: int,
) -> ledger.Chips:
    """Pay the pools I–V to the winners of the claims made (rules 11-17)."""
    pools = chips[1]
    players = len(chips[0])
    groups: list[tuple[str, tuple[ledger.Transfer, ...]]] = []
    refill = rules.refill_on_win
    for place, winner in enumerate(won):
        if winner is None:
            continue
        if place:
            reason = _HELD[place]
        else:
            reason = _point_held(
                next(c.cards for s, c in made if s == winner and c.pool is Pool.POINT)
            )
        won_pool = scoring.unchecked_pool_win(
            -1 - place, winner, content=pools[place], refill=refill
        )
        if won_pool:  # a pool that holds nothing is not emptied: nothing is put back (rule 12)
            groups += ((reason, won_pool[:1]), ("refill", won_pool[1:]))
        if place == 1:  # pool II: the heart marriage held is paid by every other player
            paid = scoring.unchecked_from_each_other(
                winner, players=players, amount=rules.held_marriage_payment
            )
            groups.append((reason, paid))
    return ledger.record(chips, groups, hand=number, allow_debt=rules.allow_debt)


@functools.cache
def _point_held(shown: tuple[cards.Card, ...]) -> str:
    """Return the reason of pool I's payment to the point shown, made once per point."""
    return f"point {cards.format_cards(shown)} held"


def _winners(
    made: Sequence[tuple[int, Claim]], *, rules: Rules, trump: cards.Suit, dealer: int, players: int
) -> tuple[int | None, ...]:
    """Return the winner of each of the pools I–V from the claims made (rules 11-17)."""
    return claims.winners(
        ((seat, made_claim.pool, made_claim.cards) for seat, made_claim in made),
        trump=trump,
        dealer=dealer,
        players=players,
        step=rules.step,
        compare=rules.point_compare,
    )


def claim(before: State, seat: int, move: Claim) -> State:
    """Add a claim of ``seat`` to the deal's claims (``auto_claim=False``, rule 11)."""
    table = before.table
    if table.closed:
        raise _illegal(f"no cards are dealt: seat {seat} must deal first", move, seat)
    if not table.claiming:
        if before.match.rules.auto_claim:
            reason = "the pools are claimed for the players at the deal (auto_claim=True)"
        else:
            reason = "claims are made before the first lead: the play has begun"
        raise _illegal(reason, move, seat)
    if any(made.pool is move.pool and who == seat for who, made in table.claims):
        raise _illegal(f"you have already claimed {move.pool} ({move.pool.word})", move, seat)
    hand = before.hands[seat]
    if hand & move.mask != move.mask:
        raise _illegal(
            f"you cannot claim {move.pool} ({move.pool.word}): you do not hold "
            f"{cards.format_cards(move.cards)}",
            move,
            seat,
        )
    if move.pool is Pool.POINT and move.mask != claims.sequence_in(hand):
        held = cards.format_cards(cards.cards_in(claims.sequence_in(hand)))
        raise _illegal(
            f"a point is claimed whole (rule 13): you hold {held}, "
            f"not only {cards.format_cards(move.cards)}",
            move,
            seat,
        )
    return attrs.evolve(
        before,
        table=table._replace(claims=(*table.claims, (seat, move))),
        history=history.History(move, before.history),
    )


def claim_moves(state: State) -> tuple[Claim | Pass, ...]:
    """Return the claims the claimant may still make, pools I to V, and ``Pass``."""
    seat = state.turn
    hand = state.hands[seat]
    done = {made.pool for who, made in state.table.claims if who == seat}
    found: list[Claim | Pass] = []
    if Pool.POINT not in done:
        run = claims.sequence_in(hand)
        if run:
            found.append(Claim(Pool.POINT, cards.cards_in(run)))
    found.extend(
        made for made in HOLDER_CLAIMS if made.pool not in done and hand & made.mask == made.mask
    )
    found.append(Pass())
    return tuple(found)


def end_claims(before: State, seat: int, move: Pass) -> State:
    """End ``seat``'s claims; after the dealer's, pay the pools and start the play (rule 11)."""
    table = before.table
    match = before.match
    if table.closed or not table.claiming:
        raise _illegal(
            "there is nothing to pass: pass ends your claims before the lead", move, seat
        )
    step = match.rules.step
    after = history.History(move, before.history)
    if seat != match.dealer:
        return attrs.evolve(before, turn=(seat + step) % match.players, history=after)
    rules = match.rules
    won = _winners(
        table.claims,
        rules=rules,
        trump=cards.CARDS[table.trump].suit,
        dealer=match.dealer,
        players=match.players,
    )
    chips = _settle(table.chips, table.claims, won, rules=rules, number=match.hand_number)
    return attrs.evolve(
        before,
        table=table._replace(claiming=False, chips=chips, pools_won=won),
        turn=(seat + step) % match.players,
        history=after,
    )


def order_for(
    hands: Mapping[int, Iterable[cards.Card] | str] | Sequence[Iterable[cards.Card] | str | None],
    *,
    dealer: int,
    players: int,
    trump_card: cards.Card | str | None = None,
    rules: Rules | None = None,
) -> tuple[cards.Card, ...]:
    """Return a stacked order that deals each seat the cards wanted, for ``Deal(order=...)``.

    Args:
        hands: Five cards for some or all seats, by seat (a mapping, or a sequence with an
            entry per seat, None for a seat left to chance); cards as values or text. Seats
            left out get the remaining cards in card order.
        dealer: The seat that deals (the cards go 3 then 2 from his left).
        players: The number of seats.
        trump_card: The card to turn up for trump; None for the first card left.
        rules: The session's options (for the pack and the direction); None for the defaults.

    Raises:
        RulesError: If a hand is not 5 cards, a card is wanted twice or is not in the pack,
            the trump card is in a hand, a seat is out of range, ``players`` is not 5 to 10,
            or ``hands`` is neither a mapping nor a sequence of ``players`` items.
        CardParseError: If a card given as text does not parse.

    Example:
        >>> order = order_for({0: "K♥ Q♥ 7♣ 8♣ 9♣"}, dealer=5, players=6, trump_card="6♠")
        >>> print(cards.format_cards(order[:3]), order[30])
        K♥ Q♥ 7♣ 6♠
    """
    rules = ABOUT.check_rules(rules)
    size = rules.pack_size(players)
    dealer = arguments.check_seat(dealer, players, what="dealer")
    wanted = dealing.by_seat(hands, players)
    pack = _PACKS[size]
    turned: tuple[cards.Card, ...] = ()
    if trump_card is not None:
        turned = cards.as_cards([trump_card])
        if turned[0] not in pack:
            raise errors.RulesError(f"the trump card {turned[0]} is not in the {size}-card pack")
        if any(turned[0] in cards.as_cards(hand) for hand in wanted.values()):
            raise errors.RulesError(f"the trump card {turned[0]} cannot also be in a hand")
        pack = tuple(card for card in pack if card != turned[0])
    order = dealing.stack(
        wanted,
        pack=pack,
        receivers=_receivers(dealer, players, rules.step),
        packets=PACKETS,
    )
    dealt = players * HAND_SIZE
    return (*order[:dealt], *turned, *order[dealt:])
