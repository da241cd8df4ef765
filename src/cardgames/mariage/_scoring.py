"""Mariage's payments as pure functions: who pays whom how many chips, and why.

The functions here compute the payments of each rule as *transfers*, ``(payer, payee, amount)``
triples in which a seat is its number and a pool the negative number ``-pool.value``
(``Pool.party``); :mod:`cardgames.mariage._ledger` makes them and keeps the ledger.

The package publishes the functions of the rules' payments and the chip constants
(``mariage.pool_win``, ``mariage.JESTER_CHIPS`` …); each published function checks its
arguments and raises :class:`~cardgames.errors.RulesError` naming the one that is wrong. The
engine calls their ``unchecked_…`` twins, which skip the checks for arguments it built itself;
:func:`pay_ante` pays the ante into the engine's own chips and checks nothing.

Example:
    E1: after the ante each pool holds 6; seat 3 holds K♥ and Q♥ and claims pool II.

    >>> from cardgames import mariage
    >>> from cardgames.mariage import _ledger as ledger
    >>> balances, pools = (44,) * 6, (6,) * 6
    >>> won = mariage.pool_win(mariage.Pool.MARRIAGE, 3, content=6, refill=1)
    >>> paid = mariage.from_each_other(3, players=6, amount=2)
    >>> balances, pools, made = ledger.settle(balances, pools, won + paid)
    >>> balances, pools
    ((42, 42, 42, 59, 42, 42), (6, 1, 6, 6, 6, 6))
    >>> print(mariage.Payment.of(1, made[0], "marriage won"))
    pool II pays seat 3 6 chips: marriage won
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from cardgames import cards, errors, history
from cardgames.mariage import _checks
from cardgames.mariage._ledger import DISCARDED, Chips, Transfer, record
from cardgames.mariage._pools import KING_OF_HEARTS, POOLS, QUEEN_OF_HEARTS, Pool
from cardgames.mariage._rules import (
    JESTER_CAPTORS,
    JESTER_PENALTY_PAYEES,
    JesterCaptors,
    JesterPenaltyPayee,
)

__all__ = [
    "FORCED_QUEEN_CHIPS",
    "HEART_TABLE_MARRIAGE_CHIPS",
    "JESTER_CHIPS",
    "MISDEAL_CHIPS",
    "OUT_OF_TURN_CHIPS",
    "OWN_MARRIAGE_LEAD_CHIPS",
    "ante",
    "each_other",
    "fines",
    "from_each_other",
    "jester",
    "leftover_split",
    "pool_win",
    "table_marriage",
    "tricks_payout",
]


TRICKS_POOL: Final = Pool.TRICKS.party

FORCED_QUEEN_CHIPS: Final = 1
"""What a player who does not play the queen on her king pays each other player (rule 23)."""

MISDEAL_CHIPS: Final = 1
"""What a dealer who misdeals pays each other player (rule 35)."""

OUT_OF_TURN_CHIPS: Final = 1
"""What a player who deals out of turn pays each other player (rule 36)."""

HEART_TABLE_MARRIAGE_CHIPS: Final = 1
"""What every other player pays the Q♥ player of a heart marriage on the table (rule 28: «получает
с каждого игрока по одной фишке»); ``Rules.table_marriage_payment`` is rule 27's amount only."""

OWN_MARRIAGE_LEAD_CHIPS: Final = 1
"""What every other player pays a player who leads a king and then its queen
(``Rules.own_marriage_lead_bonus``, rule 24)."""


def ante(players: int, per_pool: int) -> tuple[Transfer, ...]:
    """Return the ante: each seat pays ``per_pool`` into each of the six pools (rule 6).

    Raises:
        RulesError: If ``players`` is not 1 to 10 or ``per_pool`` not a whole number.

    Example:
        >>> ante(5, 1)[:2]
        ((0, -1, 1), (0, -2, 1))
    """
    return _ante(_checks.count(players), _checks.whole(per_pool, "per_pool"))


@functools.cache
def _ante(players: int, per_pool: int) -> tuple[Transfer, ...]:
    """Return the ante (:func:`ante`, unchecked)."""
    return tuple((seat, pool.party, per_pool) for seat in range(players) for pool in POOLS)


def each_other(payer: int, *, players: int, amount: int) -> tuple[Transfer, ...]:
    """Return ``payer`` paying ``amount`` to every other seat (rules 23, 35, 36).

    Raises:
        RulesError: If ``players`` is not 1 to 10, ``payer`` not one of its seats or
            ``amount`` not a whole number.

    Example:
        >>> each_other(5, players=6, amount=1)[:2]
        ((5, 0, 1), (5, 1, 1))
    """
    players = _checks.count(players)
    return unchecked_each_other(
        _checks.seat(payer, "payer", players),
        players=players,
        amount=_checks.whole(amount, "amount"),
    )


@functools.cache
def unchecked_each_other(payer: int, *, players: int, amount: int) -> tuple[Transfer, ...]:
    """Return ``payer`` paying every other seat (:func:`each_other`, unchecked)."""
    return tuple((payer, seat, amount) for seat in range(players) if seat != payer)


def from_each_other(
    payee: int, *, players: int, amount: int, exempt: tuple[int, ...] = ()
) -> tuple[Transfer, ...]:
    """Return every seat but ``payee`` and ``exempt`` paying ``amount`` to ``payee``.

    Raises:
        RulesError: If ``players`` is not 1 to 10, ``payee`` or an exempt seat not one of its
            seats, or ``amount`` not a whole number.

    Example:
        E2: seat 1 takes the trick with the marriage K♠ Q♠; seat 4 played the queen.

        >>> from_each_other(1, players=6, amount=1, exempt=(4,))
        ((0, 1, 1), (2, 1, 1), (3, 1, 1), (5, 1, 1))
    """
    players = _checks.count(players)
    if exempt:
        exempt = _checks.numbers(exempt, "exempt", high=players - 1)
    return unchecked_from_each_other(
        _checks.seat(payee, "payee", players),
        players=players,
        amount=_checks.whole(amount, "amount"),
        exempt=tuple(exempt),
    )


@functools.cache
def unchecked_from_each_other(
    payee: int, *, players: int, amount: int, exempt: tuple[int, ...] = ()
) -> tuple[Transfer, ...]:
    """Return every other seat paying ``payee`` (:func:`from_each_other`, unchecked)."""
    skip = {payee, *exempt}
    return tuple((seat, payee, amount) for seat in range(players) if seat not in skip)


def pool_win(pool: Pool, winner: int, *, content: int, refill: int) -> tuple[Transfer, ...]:
    """Return the winner taking a pool's chips and putting ``refill`` back (rules 11, 12).

    "Whoever empties a pool" puts the refill back: the winner of a pool that holds nothing
    empties nothing, so nothing moves.

    Raises:
        RulesError: If ``pool`` is not a pool I to V, ``winner`` not a seat, or ``content``
            or ``refill`` not a whole number.

    Example:
        >>> pool_win(Pool.POINT, 2, content=6, refill=1)
        ((-1, 2, 6), (2, -1, 1))
        >>> pool_win(Pool.POINT, 2, content=0, refill=1)
        ()
    """
    if type(pool) is not Pool or pool is Pool.TRICKS:
        raise errors.RulesError(f"pool must be one of the pools I to V, not {errors.quote(pool)}")
    return unchecked_pool_win(
        pool.party,
        _checks.seat(winner, "winner"),
        content=_checks.whole(content, "content"),
        refill=_checks.whole(refill, "refill"),
    )


def unchecked_pool_win(
    party: int, winner: int, *, content: int, refill: int
) -> tuple[Transfer, ...]:
    """Return the winner taking a pool's chips and refilling it (:func:`pool_win`, unchecked).

    ``party`` is the pool as a party of a transfer (``pool.party``).
    """
    if content <= 0:
        return ()
    return ((party, winner, content), (winner, party, refill))


def table_marriage(
    *,
    winner: int,
    king_seat: int,
    queen_seat: int,
    hearts: bool,
    players: int,
    amount: int,
    king_pays: bool = True,
) -> tuple[Transfer, ...]:
    """Return the payments for a marriage on the table (rules 27 and 28).

    In hearts the queen's player is paid :data:`HEART_TABLE_MARRIAGE_CHIPS` by every other
    player (not by the king's player if ``king_pays`` is off); in another suit the trick's
    winner is paid ``amount`` (``Rules.table_marriage_payment``) by every other player but the
    queen's.

    Example:
        E3: seat 2 leads K♥, seat 5 plays Q♥ and is paid a chip by everyone, whatever rule
        27's amount.

        >>> table_marriage(winner=5, king_seat=2, queen_seat=5, hearts=True, players=6, amount=2)
        ((0, 5, 1), (1, 5, 1), (2, 5, 1), (3, 5, 1), (4, 5, 1))
        >>> table_marriage(winner=1, king_seat=1, queen_seat=4, hearts=False, players=6, amount=2)
        ((0, 1, 2), (2, 1, 2), (3, 1, 2), (5, 1, 2))

    Raises:
        RulesError: If ``players`` is not 1 to 10, a seat not one of its seats, ``amount``
            not a whole number, or ``hearts`` or ``king_pays`` not a bool.
    """
    players = _checks.count(players)
    return unchecked_table_marriage(
        winner=_checks.seat(winner, "winner", players),
        king_seat=_checks.seat(king_seat, "king_seat", players),
        queen_seat=_checks.seat(queen_seat, "queen_seat", players),
        hearts=_checks.flag(hearts, "hearts"),
        players=players,
        amount=_checks.whole(amount, "amount"),
        king_pays=_checks.flag(king_pays, "king_pays"),
    )


def unchecked_table_marriage(
    *,
    winner: int,
    king_seat: int,
    queen_seat: int,
    hearts: bool,
    players: int,
    amount: int,
    king_pays: bool = True,
) -> tuple[Transfer, ...]:
    """Return the payments for a marriage on the table (:func:`table_marriage`, unchecked)."""
    if hearts:
        exempt = () if king_pays else (king_seat,)
        return unchecked_from_each_other(
            queen_seat, players=players, amount=HEART_TABLE_MARRIAGE_CHIPS, exempt=exempt
        )
    return unchecked_from_each_other(winner, players=players, amount=amount, exempt=(queen_seat,))


JESTER_CHIPS: Final = 1
"""What each other player pays the jester's player, and what a captured jester's player pays
(rule 29: «платят только по одной фишке»)."""


def jester(
    *,
    jester_seat: int,
    winner: int,
    winning_card: cards.Card,
    queen_holder: int | None,
    players: int,
    captors: JesterCaptors = "royal_hearts",
    payee: JesterPenaltyPayee = "queen_of_hearts_holder",
    paid_only_if_it_wins: bool = False,
) -> tuple[tuple[Transfer, ...], str]:
    """Return the payments for the jester J♦ played to a trick, and their reason (rule 29).

    If the trick is won by a captor (K♥ or Q♥; any king or queen with
    ``captors="any_king_or_queen"``), the jester's player pays a chip to the player dealt Q♥
    (or to the trick's winner with ``payee="trick_winner"``) — nothing if there is none, or if
    it is himself. Otherwise every other player pays him a chip (only if the jester won the
    trick, with ``paid_only_if_it_wins``).

    Args:
        jester_seat: The seat that played J♦.
        winner: The seat that won the trick.
        winning_card: The card that won it.
        queen_holder: The seat dealt Q♥, or None if it was not dealt (undealt, or turned up).
        players: The number of seats.
        captors: ``Rules.jester_captors``.
        payee: ``Rules.jester_penalty_payee``.
        paid_only_if_it_wins: ``Rules.jester_paid_only_if_it_wins_trick``.

    Example:
        E4b: seat 3 wins with Q♥ the trick to which seat 1 played the jester.

        >>> jester(jester_seat=1, winner=3, winning_card=QUEEN_OF_HEARTS, queen_holder=3, players=6)
        (((1, 3, 1),), 'jester captured by Q♥')

    Raises:
        RulesError: If ``players`` is not 1 to 10, a seat not one of its seats,
            ``winning_card`` not a card, or an option not one of its values.
    """
    players = _checks.count(players)
    return unchecked_jester(
        jester_seat=_checks.seat(jester_seat, "jester_seat", players),
        winner=_checks.seat(winner, "winner", players),
        winning_card=_checks.card(winning_card, "winning_card"),
        queen_holder=None
        if queen_holder is None
        else _checks.seat(queen_holder, "queen_holder", players),
        players=players,
        captors=_checks.choice(captors, "captors", JESTER_CAPTORS),
        payee=_checks.choice(payee, "payee", JESTER_PENALTY_PAYEES),
        paid_only_if_it_wins=_checks.flag(paid_only_if_it_wins, "paid_only_if_it_wins"),
    )


def unchecked_jester(
    *,
    jester_seat: int,
    winner: int,
    winning_card: cards.Card,
    queen_holder: int | None,
    players: int,
    captors: JesterCaptors = "royal_hearts",
    payee: JesterPenaltyPayee = "queen_of_hearts_holder",
    paid_only_if_it_wins: bool = False,
) -> tuple[tuple[Transfer, ...], str]:
    """Return the payments for the jester played to a trick (:func:`jester`, unchecked)."""
    if winning_card.rank in _CAPTOR_RANKS and (
        captors == "any_king_or_queen" or winning_card in (KING_OF_HEARTS, QUEEN_OF_HEARTS)
    ):
        paid = queen_holder if payee == "queen_of_hearts_holder" else winner
        reason = f"jester captured by {winning_card}"
        if paid is None or paid == jester_seat:
            return (), reason
        return ((jester_seat, paid, JESTER_CHIPS),), reason
    if paid_only_if_it_wins and winner != jester_seat:
        return (), "jester lost its trick"
    return unchecked_from_each_other(
        jester_seat, players=players, amount=JESTER_CHIPS
    ), "jester played"


_CAPTOR_RANKS: Final = (cards.Rank.KING, cards.Rank.QUEEN)
_TRICKS: Final = 5
"""Tricks in a deal: no seat takes more."""


def tricks_payout(
    taken: Sequence[int],
    *,
    pool: int,
    dealer: int,
    step: int = 1,
    minimum: int = 2,
    per_trick: int = 1,
    dealer_covers: bool = False,
) -> tuple[Transfer, ...]:
    """Return the tricks pool paying for tricks at the end of a deal (rules 30, 31).

    Each player with ``minimum`` tricks or more is owed ``per_trick`` chips a trick. The pool
    pays them in order of most tricks, ties from the dealer's left, until it is empty; what it
    cannot pay, the dealer pays if ``dealer_covers`` (never to himself), else nobody.

    Args:
        taken: The tricks each seat took.
        pool: The chips in the tricks pool.
        dealer: The dealer's seat.
        step: +1 when play goes clockwise, -1 otherwise.
        minimum: ``Rules.trick_pay_min``.
        per_trick: ``Rules.trick_pay_per_trick``.
        dealer_covers: ``Rules.dealer_covers_shortfall``.

    Example:
        E5: seats 0 and 3 took two tricks each; the pool holds 6.

        >>> tricks_payout((2, 0, 0, 2, 1, 0), pool=6, dealer=5)
        ((-6, 0, 2), (-6, 3, 2))
        >>> tricks_payout((2, 0, 0, 2, 1, 0), pool=3, dealer=5, dealer_covers=True)
        ((-6, 0, 2), (-6, 3, 1), (5, 3, 1))

    Raises:
        RulesError: If ``taken`` is not 1 to 10 counts of tricks (0 to 5), ``dealer`` not a
            seat, or another argument out of its range.
    """
    taken = _checks.numbers(taken, "taken", high=_TRICKS)
    return unchecked_tricks_payout(
        taken,
        pool=_checks.whole(pool, "pool"),
        dealer=_checks.seat(dealer, "dealer", len(taken)),
        step=_checks.step(step),
        minimum=_checks.whole(minimum, "minimum", low=1, high=_TRICKS),
        per_trick=_checks.whole(per_trick, "per_trick"),
        dealer_covers=_checks.flag(dealer_covers, "dealer_covers"),
    )


def unchecked_tricks_payout(
    taken: Sequence[int],
    *,
    pool: int,
    dealer: int,
    step: int = 1,
    minimum: int = 2,
    per_trick: int = 1,
    dealer_covers: bool = False,
) -> tuple[Transfer, ...]:
    """Return the tricks pool paying for tricks (:func:`tricks_payout`, unchecked)."""
    players = len(taken)
    order = sorted(
        (seat for seat in range(players) if taken[seat] >= minimum),
        key=lambda seat: (-taken[seat], ((seat - dealer) * step - 1) % players),
    )
    found: list[Transfer] = []
    left = pool
    for seat in order:
        owed = taken[seat] * per_trick
        paid = min(owed, left)
        left -= paid
        if paid:
            found.append((TRICKS_POOL, seat, paid))
        if owed > paid and dealer_covers and seat != dealer:
            found.append((dealer, seat, owed - paid))
    return tuple(found)


def fines(taken: Sequence[int], *, threshold: int = 0, fine: int = 1) -> tuple[Transfer, ...]:
    """Return the losers' fines into the tricks pool (rule 32).

    A loser took ``threshold`` tricks or fewer (``Rules.loser_threshold``).

    Raises:
        RulesError: If ``taken`` is not 1 to 10 counts of tricks (0 to 5), or ``threshold`` or
            ``fine`` not a whole number.

    Example:
        >>> fines((2, 0, 0, 2, 1, 0))
        ((1, -6, 1), (2, -6, 1), (5, -6, 1))
    """
    return unchecked_fines(
        _checks.numbers(taken, "taken", high=_TRICKS),
        threshold=_checks.whole(threshold, "threshold", high=_TRICKS),
        fine=_checks.whole(fine, "fine"),
    )


def unchecked_fines(
    taken: Sequence[int], *, threshold: int = 0, fine: int = 1
) -> tuple[Transfer, ...]:
    """Return the losers' fines (:func:`fines`, unchecked)."""
    return tuple(
        (seat, TRICKS_POOL, fine) for seat, count in enumerate(taken) if count <= threshold
    )


def leftover_split(pools: Sequence[int], *, players: int) -> tuple[Transfer, ...]:
    """Return the pools shared out equally at the session's end, the remainder discarded (rule 39).

    The pools pay in order I to VI, each seat in turn taking its share from the first pools
    that still hold chips; what is left (fewer chips than players) is discarded.

    Example:
        Seven chips for three players: two each, one discarded.

        >>> leftover_split((3, 0, 0, 0, 0, 4), players=3)
        ((-1, 0, 2), (-1, 1, 1), (-6, 1, 1), (-6, 2, 2), (-6, -99, 1))

    Raises:
        RulesError: If ``pools`` is not six whole numbers of chips or ``players`` not 1 to 10.
    """
    pools = _checks.numbers(pools, "pools", length=len(POOLS))
    players = _checks.count(players)
    share = sum(pools) // players
    left = list(pools)
    found: list[Transfer] = []
    source = 0
    for seat in range(players):
        owed = share
        while owed:
            while not left[source]:
                source += 1
            paid = min(owed, left[source])
            left[source] -= paid
            owed -= paid
            found.append((-source - 1, seat, paid))
    found.extend((-index - 1, DISCARDED, chips) for index, chips in enumerate(left) if chips)
    return tuple(found)


def pay_ante(
    chips: Chips, *, hand: int, players: int, per_pool: int, allow_debt: bool = True
) -> Chips:
    """Pay the ante (:func:`ante`) into the chips, as recording it would do, but faster.

    The engine's own call, for chips it keeps (``(balances, pools, ledger)``): nothing is
    checked.

    Example:
        >>> pay_ante(((10, 3), (0,) * 6, None), hand=1, players=2, per_pool=1)[:2]
        ((4, -3), (2, 2, 2, 2, 2, 2))
    """
    balances, pools, ledger = chips
    each = per_pool * len(POOLS)
    if not each or (not allow_debt and min(balances) < each):
        return record(
            chips, (("ante", _ante(players, per_pool)),), hand=hand, allow_debt=allow_debt
        )
    paid = per_pool * players
    return (
        tuple(balance - each for balance in balances),
        tuple(content + paid for content in pools),
        history.History((hand, (("ante", _ante(players, per_pool)),)), ledger),
    )
