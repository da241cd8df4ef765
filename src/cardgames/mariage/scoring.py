"""Mariage's payments as pure functions: who pays whom how many chips, and why.

Every chip that moves in a session is a :class:`Payment` between two parties: a seat (an int)
or a :class:`~cardgames.mariage.pools.Pool`. The functions here compute the payments of each
rule as *transfers*, ``(payer, payee, amount)`` triples in which a pool is the negative number
``-pool.value`` (``Pool.party``), and :func:`settle` makes them, so that chips are never created
or lost: the players' balances and the pools always add up to what they held before, except
for the remainder discarded when the pools are shared out at the session's end (rule 39).

Each function checks its arguments and raises :class:`~cardgames.errors.RulesError` naming the
one that is wrong. The engine calls ``unchecked_…`` twins of some of them, which skip the checks
for arguments it built itself; they are not part of the API.

Example:
    E1: after the ante each pool holds 6; seat 3 holds K♥ and Q♥ and claims pool II.

    >>> from cardgames.mariage import scoring
    >>> from cardgames.mariage.pools import Pool
    >>> balances, pools = (44,) * 6, (6,) * 6
    >>> won = scoring.pool_win(Pool.MARRIAGE, 3, content=6, refill=1)
    >>> paid = scoring.from_each_other(3, players=6, amount=2)
    >>> balances, pools, made = scoring.settle(balances, pools, won + paid)
    >>> balances, pools
    ((42, 42, 42, 59, 42, 42), (6, 1, 6, 6, 6, 6))
    >>> print(scoring.Payment.of(1, made[0], "marriage won"))
    pool II pays seat 3 6 chips: marriage won
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from cardgames import cards, errors, history, validators
from cardgames.mariage import _checks
from cardgames.mariage.pools import KING_OF_HEARTS, POOLS, QUEEN_OF_HEARTS, Pool
from cardgames.mariage.rules import (
    JESTER_CAPTORS,
    JESTER_PENALTY_PAYEES,
    JesterCaptors,
    JesterPenaltyPayee,
)

__all__ = [
    "DISCARDED",
    "FORCED_QUEEN_CHIPS",
    "JESTER_CHIPS",
    "MISDEAL_CHIPS",
    "OUT_OF_TURN_CHIPS",
    "Chips",
    "Group",
    "Ledger",
    "Payment",
    "Transfer",
    "ante",
    "each_other",
    "fines",
    "from_each_other",
    "jester",
    "leftover_split",
    "party",
    "pay_ante",
    "payments",
    "pool_win",
    "record",
    "settle",
    "table_marriage",
    "tricks_payout",
]

Transfer = tuple[int, int, int]
"""``(payer, payee, amount)``: a seat is its number, a pool ``-pool.value``, the discard
:data:`DISCARDED`."""

DISCARDED: Final = -99
"""The payee of chips discarded at the session's end (the remainder of the pools' share-out)."""

TRICKS_POOL: Final = Pool.TRICKS.party

FORCED_QUEEN_CHIPS: Final = 1
"""What a player who does not play the queen on her king pays each other player (rule 23)."""

MISDEAL_CHIPS: Final = 1
"""What a dealer who misdeals pays each other player (rule 35)."""

OUT_OF_TURN_CHIPS: Final = 1
"""What a player who deals out of turn pays each other player (rule 36)."""


_TRANSFER: Final = ("payer", "payee", "amount")
_SEAT_LIMIT: Final = 10
"""Seats are 0 to 9: ten players at most."""


def _is_party(number: int) -> bool:
    """Return whether a number names a party of a transfer: a seat, a pool or the discard."""
    return 0 <= number < _SEAT_LIMIT or -len(POOLS) <= number < 0 or number == DISCARDED


def _is_transfer(transfer: object) -> bool:
    """Return whether ``transfer`` is ``(payer, payee, amount)``: two parties, 1 chip or more."""
    return (
        isinstance(transfer, tuple)
        and len(transfer) == len(_TRANSFER)
        and all(type(item) is int for item in transfer)
        and transfer[2] >= 1
        and _is_party(transfer[0])
        and _is_party(transfer[1])
    )


def party(number: int) -> int | Pool | None:
    """Return a party of a transfer: a seat, a :class:`~cardgames.mariage.Pool` or None.

    Raises:
        RulesError: If ``number`` is neither a seat (0 to 9), a pool (-1 to -6) nor the
            discard (:data:`DISCARDED`).

    Example:
        >>> party(3), party(-2), party(DISCARDED)
        (3, <Pool.MARRIAGE: 2>, None)
    """
    if type(number) is not int or not _is_party(number):
        raise errors.RulesError(
            f"number must be a seat (0 to 9), a pool (-1 to -6) or the discard (-99), "
            f"not {errors.quote(number)}"
        )
    return _party(number)


def _party(number: int) -> int | Pool | None:
    """Return a party of a transfer (:func:`party`, unchecked)."""
    if number >= 0:
        return number
    if number == DISCARDED:
        return None
    return POOLS[-number - 1]


def _name(who: int | Pool | None) -> str:
    """Return ``seat 2``, ``pool IV`` or ``the discard``."""
    if who is None:
        return "the discard"
    return str(who) if isinstance(who, Pool) else f"seat {who}"


@attrs.frozen
class Payment:
    """One payment of chips, as the ledger shows it.

    Attributes:
        hand: The deal it belongs to (its ``hand_number``); payments made between deals (a deal
            out of turn) belong to the deal that follows them.
        payer: The seat or pool that pays.
        payee: The seat or pool paid; None for chips discarded at the session's end.
        amount: How many chips, 1 or more.
        reason: Why, e.g. ``"heart marriage held"``.

    Example:
        >>> print(Payment(3, 2, 4, 2, "heart marriage held"))
        seat 2 pays seat 4 2 chips: heart marriage held
    """

    hand: int
    payer: int | Pool
    payee: int | Pool | None
    amount: int
    reason: str

    @classmethod
    def of(cls, hand: int, transfer: Transfer, reason: str) -> Payment:
        """Return the payment a transfer made (see :data:`~cardgames.mariage.scoring.Transfer`).

        Raises:
            RulesError: If ``hand`` is not a deal's number, ``transfer`` not a transfer of 1 or
                more chips between two parties, or ``reason`` not text.

        Example:
            >>> print(Payment.of(2, (-3, 4, 5), "jester held"))
            pool III pays seat 4 5 chips: jester held
        """
        if type(hand) is not int or hand < 0:
            raise errors.RulesError(f"hand must be a deal's number, not {errors.quote(hand)}")
        if not isinstance(reason, str):
            raise errors.RulesError(f"reason must be text, not {errors.quote(reason)}")
        if not _is_transfer(transfer):
            raise errors.RulesError(
                "transfer must be (payer, payee, amount): a seat or a pool (-1 to -6) paying a "
                f"seat, a pool or the discard (-99) 1 chip or more, not {errors.quote(transfer)}"
            )
        payer, payee, amount = transfer
        found = party(payer)
        if found is None:
            raise errors.RulesError("transfer: the discard pays nobody")
        return cls(hand, found, party(payee), amount, reason)

    def __str__(self) -> str:
        """Return the payment as a sentence, like ``seat 2 pays seat 4 2 chips: …``."""
        chips = "chip" if self.amount == 1 else "chips"
        if self.payee is None:
            return f"{_name(self.payer)} discards {self.amount} {chips}: {self.reason}"
        return f"{_name(self.payer)} pays {_name(self.payee)} {self.amount} {chips}: {self.reason}"


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

    Raises:
        RulesError: If ``pool`` is not a pool I to V, ``winner`` not a seat, or ``content``
            or ``refill`` not a whole number.

    Example:
        >>> pool_win(Pool.POINT, 2, content=6, refill=1)
        ((-1, 2, 6), (2, -1, 1))
    """
    if type(pool) is not Pool or pool is Pool.TRICKS:
        raise errors.RulesError(f"pool must be one of the pools I to V, not {errors.quote(pool)}")
    winner = _checks.seat(winner, "winner")
    content = _checks.whole(content, "content")
    refill = _checks.whole(refill, "refill")
    return ((pool.party, winner, content), (winner, pool.party, refill))


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

    In hearts the queen's player is paid by every other player (not by the king's player if
    ``king_pays`` is off); in another suit the trick's winner is paid by every other player but
    the queen's.

    Example:
        E3: seat 2 leads K♥, seat 5 plays Q♥ and is paid by everyone.

        >>> table_marriage(winner=5, king_seat=2, queen_seat=5, hearts=True, players=6, amount=1)
        ((0, 5, 1), (1, 5, 1), (2, 5, 1), (3, 5, 1), (4, 5, 1))

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
        return unchecked_from_each_other(queen_seat, players=players, amount=amount, exempt=exempt)
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
    players = len(taken)
    pool = _checks.whole(pool, "pool")
    dealer = _checks.seat(dealer, "dealer", players)
    step = _checks.step(step)
    minimum = _checks.whole(minimum, "minimum", low=1, high=_TRICKS)
    per_trick = _checks.whole(per_trick, "per_trick")
    dealer_covers = _checks.flag(dealer_covers, "dealer_covers")
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
    taken = _checks.numbers(taken, "taken", high=_TRICKS)
    threshold = _checks.whole(threshold, "threshold", high=_TRICKS)
    fine = _checks.whole(fine, "fine")
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


def _make(
    seats: list[int], boxes: list[int], transfers: Iterable[Transfer], *, allow_debt: bool
) -> list[Transfer]:
    """Make the transfers on the lists of balances and pools; return those made."""
    made: list[Transfer] = []
    for payer, payee, amount in transfers:
        if payer >= 0:
            if not allow_debt:
                amount = min(amount, max(seats[payer], 0))  # noqa: PLW2901  # cut to what he has
            if amount <= 0:
                continue
            seats[payer] -= amount
        else:
            if amount <= 0:
                continue
            boxes[-payer - 1] -= amount
        if payee >= 0:
            seats[payee] += amount
        elif payee != DISCARDED:
            boxes[-payee - 1] += amount
        made.append((payer, payee, amount))
    return made


def settle(
    balances: tuple[int, ...],
    pools: tuple[int, ...],
    transfers: Iterable[Transfer],
    *,
    allow_debt: bool = True,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Transfer, ...]]:
    """Make the transfers, in order, and return the balances, the pools and what was paid.

    Without ``allow_debt`` a seat pays at most what it has at that moment (rule 4): the
    transfer is cut, and dropped if nothing is left. Transfers of 0 chips are dropped.

    Raises:
        RulesError: If ``balances`` is not 1 to 10 whole numbers, ``pools`` not six, a
            transfer not ``(payer, payee, amount)`` between parties of the table, or
            ``allow_debt`` not a bool.

    Example:
        >>> settle((1, 0), (0,) * 6, [(0, 1, 3), (1, -6, 2)], allow_debt=False)
        ((0, 0), (0, 0, 0, 0, 0, 1), ((0, 1, 1), (1, -6, 1)))
    """
    seats = list(_checks.numbers(balances, "balances", low=-validators.LARGEST))
    boxes = list(_checks.numbers(pools, "pools", low=-validators.LARGEST, length=len(POOLS)))
    checked = _transfers(transfers, "transfers", len(seats))
    made = _make(seats, boxes, checked, allow_debt=_checks.flag(allow_debt, "allow_debt"))
    return tuple(seats), tuple(boxes), tuple(made)


def _transfers(value: object, name: str, players: int) -> tuple[Transfer, ...]:
    """Return transfers checked to be ``(payer, payee, amount)`` between the table's parties."""
    found = tuple(_checks.iterable(value, name))
    for transfer in found:
        if not (
            isinstance(transfer, tuple)
            and len(transfer) == len(_TRANSFER)
            and all(type(item) is int for item in transfer)
            and transfer[2] >= 0
            and _on_table(transfer[0], players)
            and transfer[0] != DISCARDED
            and _on_table(transfer[1], players)
        ):
            raise errors.RulesError(
                f"each of {name} must be (payer, payee, amount): a seat below {players} or a "
                f"pool (-1 to -6) paying a seat, a pool or the discard (-99) 0 chips or more, "
                f"not {errors.quote(transfer)}"
            )
    return found  # type: ignore[return-value]  # checked to be transfers


def _on_table(number: int, players: int) -> bool:
    """Return whether a number names a seat of ``players``, a pool or the discard."""
    return 0 <= number < players or -len(POOLS) <= number < 0 or number == DISCARDED


Group = tuple[str, tuple[Transfer, ...]]
"""Payments made for one reason: ``(reason, transfers made)``."""

Ledger = history.History[tuple[int, tuple[Group, ...]]] | None
"""The ledger as the engine keeps it: a chain of (deal, groups of payments), the last first."""

Chips = tuple[tuple[int, ...], tuple[int, ...], Ledger]
"""The balances, the pools and the ledger, as the engine passes them around."""


def record(
    chips: Chips,
    groups: Iterable[tuple[str, Iterable[Transfer]]],
    *,
    hand: int,
    allow_debt: bool = True,
) -> Chips:
    """Make each group's transfers (as :func:`settle`) and add what was paid to the ledger.

    Each group is ``(reason, transfers)``; a group of which nothing was paid is left out.

    Raises:
        RulesError: If ``chips`` is not (balances, pools, ledger), a group not a reason and
            transfers (as for :func:`settle`), ``hand`` not a deal's number or ``allow_debt``
            not a bool.

    Example:
        >>> balances, pools, ledger = record(
        ...     ((5, 5), (0,) * 6, None), [("fine", [(0, -6, 1)])], hand=1
        ... )
        >>> balances, pools[5], ledger.move
        ((4, 5), 1, (1, (('fine', ((0, -6, 1),)),)))
    """
    chips = _chips(chips)
    players = len(chips[0])
    checked = []
    for group in _checks.iterable(groups, "groups"):
        if not (
            isinstance(group, tuple) and len(group) == 2 and isinstance(group[0], str)
        ):  # a group is (reason, transfers)
            raise errors.RulesError(
                f"each group must be (reason, transfers), not {errors.quote(group)}"
            )
        checked.append((group[0], _transfers(group[1], "a group's transfers", players)))
    return unchecked_record(
        chips,
        checked,
        hand=_checks.whole(hand, "hand"),
        allow_debt=_checks.flag(allow_debt, "allow_debt"),
    )


def _chips(value: object) -> Chips:
    """Return ``(balances, pools, ledger)`` checked."""
    if not (isinstance(value, tuple) and len(value) == len(_CHIPS)):
        raise errors.RulesError(
            f"chips must be (balances, pools, ledger), not {errors.quote(value)}"
        )
    balances, pools, ledger = value
    _checks.numbers(balances, "the balances of chips", low=-validators.LARGEST)
    _checks.numbers(pools, "the pools of chips", low=-validators.LARGEST, length=len(POOLS))
    if ledger is not None and type(ledger) is not history.History:
        raise errors.RulesError(
            f"the ledger of chips must be None or a ledger chain, not {errors.quote(ledger)}"
        )
    return (tuple(balances), tuple(pools), ledger)


_CHIPS: Final = ("balances", "pools", "ledger")


def unchecked_record(
    chips: Chips,
    groups: Iterable[tuple[str, Iterable[Transfer]]],
    *,
    hand: int,
    allow_debt: bool = True,
) -> Chips:
    """Make each group's transfers and add them to the ledger (:func:`record`, unchecked)."""
    balances, pools, ledger = chips
    seats = list(balances)
    boxes = list(pools)
    found: list[Group] = []
    for reason, transfers in groups:
        made = _make(seats, boxes, transfers, allow_debt=allow_debt)
        if made:
            found.append((reason, tuple(made)))
    if found:
        ledger = history.History((hand, tuple(found)), ledger)
    return tuple(seats), tuple(boxes), ledger


def pay_ante(
    chips: Chips, *, hand: int, players: int, per_pool: int, allow_debt: bool = True
) -> Chips:
    """Pay the ante (:func:`ante`): the same as :func:`record`, faster when nobody goes short.

    Raises:
        RulesError: As :func:`record`, and if ``players`` is not the number of balances or
            ``per_pool`` not a whole number.

    Example:
        >>> pay_ante(((10, 3), (0,) * 6, None), hand=1, players=2, per_pool=1)[:2]
        ((4, -3), (2, 2, 2, 2, 2, 2))
    """
    chips = _chips(chips)
    if players != len(chips[0]) or type(players) is not int:
        raise errors.RulesError(
            f"players must be the number of balances, {len(chips[0])}, not {errors.quote(players)}"
        )
    return unchecked_pay_ante(
        chips,
        hand=_checks.whole(hand, "hand"),
        players=players,
        per_pool=_checks.whole(per_pool, "per_pool"),
        allow_debt=_checks.flag(allow_debt, "allow_debt"),
    )


def unchecked_pay_ante(
    chips: Chips, *, hand: int, players: int, per_pool: int, allow_debt: bool = True
) -> Chips:
    """Pay the ante (:func:`pay_ante`, unchecked)."""
    balances, pools, ledger = chips
    each = per_pool * len(POOLS)
    if not each or (not allow_debt and min(balances) < each):
        return unchecked_record(
            chips, (("ante", _ante(players, per_pool)),), hand=hand, allow_debt=allow_debt
        )
    paid = per_pool * players
    return (
        tuple(balance - each for balance in balances),
        tuple(content + paid for content in pools),
        history.History((hand, (("ante", _ante(players, per_pool)),)), ledger),
    )


def payments(ledger: Ledger) -> tuple[Payment, ...]:
    """Return the payments of a ledger chain, oldest first.

    Raises:
        RulesError: If ``ledger`` is not None or a chain of ``(deal, groups)`` entries.

    Example:
        >>> chips = record(((5, 5), (0,) * 6, None), [("fine", [(0, -6, 1)])], hand=1)
        >>> print(*payments(chips[2]))
        seat 0 pays pool VI 1 chip: fine
    """
    if ledger is not None and type(ledger) is not history.History:
        raise errors.RulesError(
            f"ledger must be None or a ledger chain, not {errors.quote(ledger)}"
        )
    try:
        return tuple(
            Payment(hand, _party(payer), _party(payee), amount, reason)  # type: ignore[arg-type]  # a payer is never the discard
            for hand, groups in history.moves_of(ledger)
            for reason, made in groups
            for payer, payee, amount in made
        )
    except (TypeError, ValueError, IndexError):
        raise errors.RulesError(
            f"ledger must be a chain of (deal, groups) entries, not {errors.quote(ledger)}"
        ) from None
