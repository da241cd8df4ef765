"""How a deal ends: the tricks pool, the fines, the session's end, the recorded irregularities.

Rules 30-40. A deal ends when its fifth trick is taken (:func:`close`) or when a misdeal is recorded
(:func:`misdeal`, rule 35); a deal out of turn is recorded before the deal it concerns
(:func:`deal_out_of_turn`, rule 36). Each returns the next state. They are the engine's steps,
called with a state and a move it has checked, not an API: nothing here is exported.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import Final

import attrs

from cardgames import _frozen, cards, errors, history
from cardgames.mariage import _deals as deals
from cardgames.mariage import _ledger as ledger
from cardgames.mariage import _scoring as scoring
from cardgames.mariage._moves import DealOutOfTurn, Misdeal
from cardgames.mariage._pools import CLAIMED
from cardgames.mariage._state import HandScore, State, Table, build_match, build_state

__all__: list[str] = []  # the engine's steps: see the module's docstring

_NUMERALS: Final = tuple(pool.numeral for pool in CLAIMED)
_NAMES: Final = tuple(map(str, cards.CARDS))
"""Each card's name, by index, made once."""


def close(played: State) -> State:
    """End a deal whose five tricks are played: the tricks pool, the fines (rules 30-33).

    Then, if the session is over (rules 38, 39), share out the pools and name the winners.
    """
    match = played.match
    table = played.table
    rules = match.rules
    players = match.players
    number = match.hand_number
    taken = [0] * players
    for trick in played.tricks:
        taken[trick.winner] += 1  # type: ignore[index]  # finished tricks have a winner
    payout = scoring.unchecked_tricks_payout(
        taken,
        pool=table.chips[1][-1],
        dealer=match.dealer,
        step=rules.step,
        minimum=rules.trick_pay_min,
        per_trick=rules.trick_pay_per_trick,
        dealer_covers=rules.dealer_covers_shortfall,
    )
    from_pool: list[ledger.Transfer] = []
    short: list[ledger.Transfer] = []
    for paid in payout:
        (from_pool if paid[0] < 0 else short).append(paid)
    threshold = rules.loser_threshold
    chips = ledger.record(
        table.chips,
        (
            ("tricks taken", from_pool),
            ("tricks pool short", short),
            (
                _fined(threshold),
                scoring.unchecked_fines(taken, threshold=threshold, fine=rules.fine_zero_tricks),
            ),
        ),
        hand=number,
        allow_debt=rules.allow_debt,
    )
    deals = match.deals + 1
    over = deals >= players * rules.rounds or (
        rules.max_hands is not None and deals >= rules.max_hands
    )
    explanation = (
        f"seat {match.dealer} dealt, trump {_NAMES[table.trump]}; "
        f"pools won: {_pools_won(table.pools_won)}; tricks {' '.join(map(str, taken))}"
    )
    discarded = 0
    if over and rules.leftover == "split_equally":
        chips, discarded, shared = _share_out(chips, number, players)
        explanation += f"; {shared}"
    return _closed(
        played,
        chips,
        explanation,
        taken=tuple(taken),
        deals=deals,
        over=over,
        discarded=discarded,
    )


@functools.cache
def _fined(threshold: int) -> str:
    """Return the reason of the fines: ``no trick`` or ``2 tricks or fewer``."""
    if threshold == 0:
        return "no trick"
    return f"{threshold} trick{'' if threshold == 1 else 's'} or fewer"


@functools.cache
def _pools_won(won: tuple[int | None, ...]) -> str:
    """Return ``I seat 2, III seat 4`` or ``none``."""
    listed = [
        f"{numeral} seat {seat}"
        for numeral, seat in zip(_NUMERALS, won, strict=True)
        if seat is not None
    ]
    return ", ".join(listed) or "none"


def _share_out(chips: ledger.Chips, number: int, players: int) -> tuple[ledger.Chips, int, str]:
    """Share the pools out equally at the session's end; discard the remainder (rule 39)."""
    split = scoring.leftover_split(chips[1], players=players)
    shares = tuple(paid for paid in split if paid[1] != ledger.DISCARDED)
    remainder = tuple(paid for paid in split if paid[1] == ledger.DISCARDED)
    chips = ledger.record(
        chips, (("share of the pools", shares), ("remainder discarded", remainder)), hand=number
    )
    discarded = sum(amount for _, _, amount in remainder)
    each = sum(amount for _, payee, amount in shares if payee == 0)
    return chips, discarded, f"the pools shared out: {each} chips each, {discarded} discarded"


def _closed(
    before: State,
    chips: ledger.Chips,
    explanation: str,
    *,
    taken: tuple[int, ...],
    deals: int,
    over: bool,
    discarded: int,
    misdealt: bool = False,
) -> State:
    """Return the state after a deal ends: its score, the totals, the winners if it is over."""
    match = before.match
    table = before.table
    balances = chips[0]
    start = match.rules.starting_chips
    totals = tuple([balance - start for balance in balances])
    points = tuple(map(operator.sub, totals, match.totals))
    result = _hand_score(
        number=match.hand_number,
        points=points,
        explanation=explanation,
        dealer=match.dealer,
        trump=cards.CARDS[table.trump],
        pools_won=table.pools_won,
        tricks=taken,
        misdeal=misdealt,
    )
    winners = losers = None
    if over:
        winners, losers = _result(balances)
    players = match.players
    dealer = match.dealer
    return build_state(
        match=build_match(
            rules=match.rules,
            seed=match.seed,
            players=players,
            first_dealer=match.first_dealer,
            hand_number=match.hand_number,
            totals=totals,
            hand_scores=match.hand_scores.add(result),
            winners=winners,
            losers=losers,
            dealer=dealer,
            next_dealer=dealer if misdealt else (dealer + match.rules.step) % players,
            deals=deals,
            redeal=misdealt,
            out_of_turn=False,
            discarded=discarded,
        ),
        table=Table(
            trump=table.trump,
            ranking=table.ranking,
            duty=table.duty,
            queen_holder=table.queen_holder,
            claims=table.claims,
            claiming=False,
            declined=0,
            chips=chips,
            after_ante=table.after_ante,
            pools_won=table.pools_won,
            closed=True,
        ),
        hands=before.hands,
        trick=(),
        seats=(),
        turn=before.turn,
        due=-1,
        tricks=before.tricks,
        history=before.history,
    )


_hand_score: Final = _frozen.builder(HandScore)


def _result(balances: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the winners (the highest balance) and the losers (the rest; all if all equal)."""
    top = max(balances)
    if min(balances) == top:
        return (), tuple(range(len(balances)))
    winners = tuple(seat for seat, chips in enumerate(balances) if chips == top)
    return winners, tuple(seat for seat, chips in enumerate(balances) if chips != top)


def misdeal(before: State, move: Misdeal) -> State:
    """Record a misdeal: the deal is void, the dealer pays each player and deals again (rule 35).

    The claims paid at the deal are undone: the chips go back to where the ante left them.
    """
    table = before.table
    match = before.match
    if table.closed:
        raise errors.IllegalMoveError(
            "a misdeal is recorded after a deal and before its first card is played: no deal "
            "is in progress",
            move=move,
            seat=None,
        )
    if before.trick or before.tricks:
        raise errors.IllegalMoveError(
            "too late for a misdeal: cards have been played to the tricks", move=move, seat=None
        )
    dealer = match.dealer
    rules = match.rules
    chips = ledger.record(
        table.after_ante,
        (
            (
                "misdeal",
                scoring.unchecked_each_other(
                    dealer, players=match.players, amount=scoring.MISDEAL_CHIPS
                ),
            ),
        ),
        hand=match.hand_number,
        allow_debt=rules.allow_debt,
    )
    voided = attrs.evolve(
        before,
        table=table._replace(claims=(), pools_won=deals.NO_WINNERS),
        hands=(0,) * match.players,
        history=history.History(move, before.history),
    )
    return _closed(
        voided,
        chips,
        f"seat {dealer} misdealt: the deal is void and dealt again without a new ante",
        taken=(0,) * match.players,
        deals=match.deals,
        over=False,
        discarded=0,
        misdealt=True,
    )


def deal_out_of_turn(before: State, move: DealOutOfTurn) -> State:
    """Record that a seat deals the coming deal out of turn: he pays each player (rule 36).

    His deal stands, and the deal passes on from him.
    """
    table = before.table
    match = before.match
    seat = move.seat
    reason = None
    if not table.closed:
        reason = "a deal out of turn is recorded before that deal: a deal is in progress"
    elif match.redeal:
        reason = f"a misdealt deal is dealt again by its dealer, seat {match.dealer}"
    elif match.out_of_turn:
        reason = f"a deal out of turn by seat {match.next_dealer} is already recorded for this deal"
    elif seat >= match.players:
        reason = f"there is no seat {seat}: the seats are 0 to {match.players - 1}"
    elif seat == match.next_dealer:
        reason = f"seat {seat} is the dealer in turn: that is no deal out of turn"
    if reason is not None:
        raise errors.IllegalMoveError(reason, move=move, seat=None)
    chips = ledger.record(
        table.chips,
        (
            (
                "dealt out of turn",
                scoring.unchecked_each_other(
                    seat, players=match.players, amount=scoring.OUT_OF_TURN_CHIPS
                ),
            ),
        ),
        hand=match.hand_number + 1,
        allow_debt=match.rules.allow_debt,
    )
    return attrs.evolve(
        before,
        match=attrs.evolve(match, next_dealer=seat, out_of_turn=True),
        table=table.paid(chips),
        history=history.History(move, before.history),
    )
