"""The chips on the table and their ledger: every payment made, and why.

Every chip that moves in a session is a :class:`~cardgames.mariage.Payment` between two parties:
a seat (an int) or a :class:`~cardgames.mariage.Pool`. The rules' payments
(:mod:`cardgames.mariage._scoring`) are *transfers*, ``(payer, payee, amount)`` triples in which
a pool is the negative number ``-pool.value`` (``Pool.party``); :func:`settle` makes them, and
:func:`record` makes them and writes them in the ledger, so that chips are never
created or lost: the players' balances and the pools always add up to what they held before,
except for the remainder discarded when the pools are shared out at the session's end (rule 39).

The package publishes :class:`Payment`, :data:`Transfer` and :data:`DISCARDED`, which its
scoring functions return and name. :func:`settle`, :func:`party` and :meth:`Payment.of` check
their arguments and raise :class:`~cardgames.errors.RulesError` naming the one that is wrong;
:func:`record` and :func:`payments` are the engine's own calls, for the chips and the ledger it
keeps, and check nothing.

Example:
    >>> from cardgames import mariage
    >>> from cardgames.mariage import _ledger as ledger
    >>> balances, pools, made = ledger.settle((1, 0), (0,) * 6, [(0, 1, 3), (1, -6, 2)])
    >>> balances, pools
    ((-2, 1), (0, 0, 0, 0, 0, 2))
    >>> print(mariage.Payment.of(1, made[1], "fine"))
    seat 1 pays pool VI 2 chips: fine
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from cardgames import errors, history, validators
from cardgames.mariage import _checks
from cardgames.mariage._pools import POOLS, Pool

__all__ = [
    "DISCARDED",
    "Chips",
    "Group",
    "Ledger",
    "Payment",
    "Transfer",
    "party",
    "payments",
    "record",
    "settle",
]

Transfer = tuple[int, int, int]
"""``(payer, payee, amount)``: a seat is its number, a pool ``-pool.value``, the discard
:data:`DISCARDED`."""


DISCARDED: Final = -99
"""The payee of chips discarded at the session's end (the remainder of the pools' share-out)."""


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
        """Return the payment a transfer made (see :data:`~cardgames.mariage._ledger.Transfer`).

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


def _make(
    seats: list[int],
    boxes: list[int],
    groups: Iterable[tuple[str, Iterable[Transfer]]],
    *,
    allow_debt: bool,
) -> list[Group]:
    """Make each group's transfers on the lists of balances and pools; return what was paid.

    A group of which nothing was paid is left out.
    """
    found: list[Group] = []
    for reason, transfers in groups:
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
        if made:
            found.append((reason, tuple(made)))
    return found


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
    made = _make(seats, boxes, (("", checked),), allow_debt=_checks.flag(allow_debt, "allow_debt"))
    return tuple(seats), tuple(boxes), made[0][1] if made else ()


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

    Each group is ``(reason, transfers)``; a group of which nothing was paid is left out. The
    engine's own call, for chips it keeps and payments it computed: nothing is checked.

    Example:
        >>> balances, pools, ledger = record(
        ...     ((5, 5), (0,) * 6, None), [("fine", [(0, -6, 1)])], hand=1
        ... )
        >>> balances, pools[5], ledger.move
        ((4, 5), 1, (1, (('fine', ((0, -6, 1),)),)))
    """
    balances, pools, ledger = chips
    seats = list(balances)
    boxes = list(pools)
    found = _make(seats, boxes, groups, allow_debt=allow_debt)
    if found:
        ledger = history.History((hand, tuple(found)), ledger)
    return tuple(seats), tuple(boxes), ledger


def payments(ledger: Ledger, *, since: int = 0) -> tuple[Payment, ...]:
    """Return the payments of a ledger chain, oldest first: all, or those after deal ``since``.

    With ``since`` the walk stops at the first entry of deal ``since`` or earlier, so its cost
    is that of the payments returned, however long the chain behind them. The engine's own
    call, for the ledger it keeps: nothing is checked.

    Args:
        ledger: The chain.
        since: Return only the payments of the deals after this one (a deal out of turn belongs
            to the deal that follows it); 0 for every payment.

    Example:
        >>> chips = record(((5, 5), (0,) * 6, None), [("fine", [(0, -6, 1)])], hand=1)
        >>> chips = record(chips, [("fine", [(1, -6, 2)])], hand=2)
        >>> for payment in payments(chips[2]):
        ...     print(payment)
        seat 0 pays pool VI 1 chip: fine
        seat 1 pays pool VI 2 chips: fine
        >>> print(*payments(chips[2], since=1))
        seat 1 pays pool VI 2 chips: fine
    """
    entries = []
    link = ledger
    while link is not None and link.move[0] > since:
        entries.append(link.move)
        link = link.previous
    entries.reverse()
    return tuple(
        Payment(hand=hand, payer=_party(payer), payee=_party(payee), amount=amount, reason=reason)  # type: ignore[arg-type]  # a payer is never the discard
        for hand, groups in entries
        for reason, made in groups
        for payer, payee, amount in made
    )
