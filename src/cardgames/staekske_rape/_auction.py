"""The auction of Staekske Rape: looking, bidding, passing, and the nanny's forced choice.

The nanny (the dealer's left) speaks first; the turn goes clockwise, skipping players who have
passed. Bids are 3, 4, 5 … one at a time (``allow_jump_bids`` lifts that); a player who has not
looked at his cards may bid a blind 2 before anyone has bid, after which the next bid is 4. A
pass is final. The auction ends when three players have passed and the fourth has bid (he is
the declarer), or when all four have passed. If nobody but the nanny bid, the nanny chooses:
play bid 1, or concede −10 (rules 9-16).
"""

from __future__ import annotations

import functools
from typing import Final

from cardgames import errors
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _scoresheet as scoresheet
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import CONCEDE, LOOK, PASS, Bid, Concede, Look, Move, Pass
from cardgames.staekske_rape._rules import LONG_SEQUENCE_LIMIT, Rules
from cardgames.staekske_rape._state import Call, Contract, Phase, State, before_play, build_contract

__all__ = ["BLIND_BID", "NANNY_BID", "OPENING_BID", "max_bid", "moves_for", "next_seat"]

OPENING_BID: Final = 3
"""The ordinary opening bid (130 points)."""

BLIND_BID: Final = 2
"""The blind bid (120 points), for a player who has not looked, before anyone has bid."""

NANNY_BID: Final = 1
"""The nanny's forced game (110 points)."""


def max_bid(rules: Rules | None) -> int:
    """Return the highest bid allowed: the highest any hand could make (an engine bound).

    A declarer achieves at most 25 game points and holds at most 27 in melds and Stoek (four
    jacks, A K Q J of trumps and Stoek), so no bid above 42 can ever be made; bids stop there
    so the game stays finite. A large ``long_sequence_value`` raises the bound, to 117 at most
    (``long_sequence_value`` is at most 1000).

    Args:
        rules: The options; None for the source's.

    Raises:
        RulesError: If ``rules`` is not a Staekske Rape ``Rules``.

    Example:
        >>> max_bid(Rules()), max_bid(Rules(long_sequence_value=500))
        (42, 67)
    """
    return _max_bid(ABOUT.check_rules(rules))


def _max_bid(rules: Rules) -> int:
    """Return :func:`max_bid` for rules known to be a Rules value (the auction's own calls)."""
    return 25 + melds.most_points(rules) // 10 - 10


_BIDS: Final = tuple(
    Bid(amount) for amount in range(1, _max_bid(Rules(long_sequence_value=LONG_SEQUENCE_LIMIT)) + 1)
)
"""Every bid any rules allow, made once: ``_BIDS[amount - 1]``."""


def next_seat(seat: int, contract: Contract, players: int) -> int:
    """Return the next seat clockwise that plays this hand and has not passed."""
    sitting_out = contract.dealer if players == 5 else -1
    passed = contract.passed
    while True:
        seat = (seat + 1) % players
        if seat != sitting_out and not passed >> seat & 1:
            return seat


def _minimum(contract: Contract) -> int:
    """Return the lowest ordinary bid allowed now: 3 to open, 4 after a 2, else one more."""
    if contract.bid == 0:
        return OPENING_BID
    return contract.bid + (2 if contract.bid == BLIND_BID else 1)


def _may_pass(state: State, contract: Contract, seat: int) -> bool:
    """Return whether ``seat`` may pass (not the nanny's first call under ``forced_open``)."""
    return not (
        state.rules.nanny_model == "forced_open" and seat == contract.nanny and not contract.calls
    )


def moves_for(state: State, contract: Contract, seat: int) -> tuple[Move, ...]:
    """Return the legal auction moves of ``seat``: look, the blind 2, bids lowest first, pass."""
    if state.phase is Phase.NANNY:
        return _NANNY_CHOICE
    rules = state.rules
    unseen = not contract.looked[seat]
    low = _minimum(contract)
    top = _max_bid(rules)
    high = top if rules.allow_jump_bids else min(low, top)
    return _calls(
        unseen,
        unseen and rules.blind_two and contract.bid == 0,
        low,
        high,
        _may_pass(state, contract, seat),
    )


_NANNY_CHOICE: Final = (_BIDS[NANNY_BID - 1], CONCEDE)


@functools.lru_cache(maxsize=1024)
def _calls(looks: bool, blind: bool, low: int, high: int, passes: bool) -> tuple[Move, ...]:
    """Return the auction moves in order: ``Look()``, the blind 2, bids low to high, ``Pass()``."""
    found: list[Move] = []
    if looks:
        found.append(LOOK)
    if blind:
        found.append(_BIDS[BLIND_BID - 1])
    found.extend(_BIDS[low - 1 : high])
    if passes:
        found.append(PASS)
    return tuple(found)


def _looked(contract: Contract, seat: int) -> tuple[bool, ...]:
    """Return the looked flags with ``seat`` set."""
    if contract.looked[seat]:
        return contract.looked
    flags = list(contract.looked)
    flags[seat] = True
    return tuple(flags)


def look(before: State, contract: Contract, seat: int, move: Look) -> State:
    """Look at one's cards (rule 12); the same player is still to move."""
    if contract.looked[seat]:
        raise errors.IllegalMoveError("you have already looked at your cards", move=move, seat=seat)
    after = _called(contract, contract.bidder, looked=_looked(contract, seat), calls=contract.calls)
    return before_play(before, move, after, phase=Phase.AUCTION, turn=seat)


def _called(
    contract: Contract,
    bidder: int | None,
    *,
    looked: tuple[bool, ...],
    calls: tuple[tuple[int, Call], ...],
    passed: int | None = None,
    bid: int | None = None,
    others_bid: bool | None = None,
    declarer: int | None = None,
) -> Contract:
    """Return the contract after an auction move (faster than ``attrs.evolve``)."""
    return build_contract(
        dealer=contract.dealer,
        stock=contract.stock,
        looked=looked,
        passed=contract.passed if passed is None else passed,
        calls=calls,
        bid=contract.bid if bid is None else bid,
        bidder=bidder,
        others_bid=contract.others_bid if others_bid is None else others_bid,
        declarer=declarer,
    )


def _why_not_bid(rules: Rules, contract: Contract, seat: int, amount: int) -> str | None:
    """Return why ``seat`` may not bid ``amount`` in the auction, or None if he may."""
    if amount == NANNY_BID:
        return "bid 1 is only the nanny's forced game, after the three players after him pass"
    if amount == BLIND_BID:
        if not rules.blind_two:
            return "the blind bid 2 is not played under these rules (blind_two=False)"
        if contract.bid:
            return f"blind 2 only before anyone has bid: the bid is already {contract.bid}"
        if contract.looked[seat]:
            return "blind 2 only by a player who has not looked at his cards: you have looked"
        return None
    low = _minimum(contract)
    top = _max_bid(rules)
    if amount < low or (amount > low and not rules.allow_jump_bids):
        after = f"after {contract.bid} " if contract.bid else "to open "
        return f"the next bid {after}must be {low}{' or more' if rules.allow_jump_bids else ''}"
    if amount > top:
        return f"no bid above {top}: no hand could make it"
    return None


def bid(before: State, contract: Contract, seat: int, move: Bid) -> State:
    """Bid in the auction, or take the nanny's forced game (rules 10-12, 15a)."""
    if before.phase is Phase.NANNY:
        if move.amount != NANNY_BID:
            raise errors.IllegalMoveError(
                "nobody after the nanny bid: the nanny must bid 1 or concede", move=move, seat=seat
            )
        chosen = _called(
            contract,
            seat,
            looked=contract.looked,
            calls=(*contract.calls, (seat, move)),
            bid=NANNY_BID,
            declarer=seat,
        )
        return before_play(before, move, chosen, phase=Phase.STOCK, turn=seat)
    reason = _why_not_bid(before.rules, contract, seat, move.amount)
    if reason is not None:
        raise errors.IllegalMoveError(reason, move=move, seat=seat)
    after = _called(
        contract,
        seat,
        looked=_looked(contract, seat),
        calls=(*contract.calls, (seat, move)),
        bid=move.amount,
        others_bid=contract.others_bid or seat != contract.nanny,
    )
    return _after_call(before, after, seat, move)


def pass_(before: State, contract: Contract, seat: int, move: Pass) -> State:
    """Pass: out of the auction for the rest of the hand (rule 13)."""
    if not _may_pass(before, contract, seat):
        raise errors.IllegalMoveError(
            "the nanny may not pass at his first turn (nanny_model='forced_open'): "
            "bid 3 or blind 2",
            move=move,
            seat=seat,
        )
    after = _called(
        contract,
        contract.bidder,
        looked=_looked(contract, seat),
        calls=(*contract.calls, (seat, move)),
        passed=contract.passed | 1 << seat,
    )
    return _after_call(before, after, seat, move)


def _after_call(before: State, after: Contract, seat: int, move: Move) -> State:
    """Pass the turn on, or end the auction (rule 14) and start the nanny's choice (rule 15)."""
    passes = after.passed.bit_count()
    if passes < 3 or (passes == 3 and after.bidder is None):
        return before_play(
            before, move, after, phase=Phase.AUCTION, turn=next_seat(seat, after, before.players)
        )
    if after.bidder is None or not after.others_bid:
        return before_play(before, move, after, phase=Phase.NANNY, turn=after.nanny)
    declared = _called(
        after, after.bidder, looked=after.looked, calls=after.calls, declarer=after.bidder
    )
    return before_play(before, move, declared, phase=Phase.STOCK, turn=after.bidder)


def concede(before: State, contract: Contract, seat: int, move: Concede) -> State:
    """The nanny concedes: −10, and the hand is not played (rule 15b)."""
    done = _called(
        contract, contract.bidder, looked=contract.looked, calls=(*contract.calls, (seat, move))
    )
    return scoresheet.close_conceded(
        before_play(before, move, done, phase=Phase.NANNY, turn=seat), seat
    )
