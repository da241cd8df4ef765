"""Mariage's commentary: one line of public facts a server may broadcast after each move.

The engine's :func:`~cardgames.mariage.narrate` (re-exported there); the rest is private.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames import cards, tricks
from cardgames.mariage import _ledger as ledger
from cardgames.mariage._about import ABOUT
from cardgames.mariage._moves import Claim, Deal, DealOutOfTurn, Decline, Misdeal, Move, Pass, Play
from cardgames.mariage._state import State

__all__ = ["narrate"]


def narrate(before: State, move: Move, after: State) -> str | None:
    """Return a line of public facts: deals, claims, the forced queen, tricks and payments.

    None for a play that neither finishes a trick nor answers a king, and for a pass that does
    not end the claims. The line of a move that ends a deal (its last card, or a misdeal) goes
    on with the deal's score line, ``deal 3 over: …`` (its
    :attr:`~cardgames.matches.HandScore.explanation`), and with the session's result when the
    deal ends the session, so that a server can broadcast it.

    Raises:
        RulesError: If ``before`` or ``after`` is not a Mariage state, ``move`` not a Mariage
            move, or ``after`` not the state ``move`` led to from ``before``.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.new_game(seed=2, first_dealer=1)
        >>> after = mariage.apply(state, mariage.Deal())
        >>> print(mariage.narrate(state, mariage.Deal(), after))  # doctest: +ELLIPSIS
        deal 1: seat 1 deals, ... turned up for trump; ante 1 chip a pool from each player...
    """
    ABOUT.check_step(before, move, after)
    line = _line(before, move, after)
    if before.table.closed or not after.table.closed:
        return line
    ended = f"deal {after.hand_number} over: {after.match.hand_scores[-1].explanation}"
    return "; ".join(filter(None, (line, ended, _result(after))))


def _result(after: State) -> str:
    """Return the session's result once it is over, else ``""``."""
    winners = after.match.winners
    if winners is None:
        return ""
    if not winners:
        return "the session is over: every balance is equal, nobody wins"
    who = "seat" if len(winners) == 1 else "seats"
    verb = "wins" if len(winners) == 1 else "win"
    chips = after.table.balances[winners[0]]
    return f"the session is over: {who} {', '.join(map(str, winners))} {verb} with {chips} chips"


def _line(before: State, move: Move, after: State) -> str | None:
    """Return the line of commentary on a move, before a deal's score line is added."""
    if type(move) is Misdeal:
        link = after.table.ledger
        paid = [] if link is None else list(link.move[1])
        return "; ".join([f"seat {after.dealer} misdealt: the deal is void", *_summaries(paid)])
    paid = _payments_between(before, after)
    if type(move) is Deal:
        rules = after.match.rules
        head = (
            f"deal {after.hand_number}: seat {after.dealer} deals, {after.trump} turned up for "
            "trump"
        )
        if any(reason == "ante" for reason, _ in paid):
            head += f"; ante {rules.ante_per_pool} chip a pool from each player"
        shown = [
            f"seat {who} shows {made.pool} ({_shown(made)})" for who, made in after.table.claims
        ]
        return "; ".join([head, *shown, *_summaries(paid)])
    if type(move) is Claim:
        seat = after.table.claims[-1][0]
        return f"seat {seat} claims {move.pool} ({_shown(move)})"
    if type(move) is DealOutOfTurn:
        return "; ".join([f"seat {move.seat} deals out of turn", *_summaries(paid)])
    if type(move) is Decline:
        queen, king = cards.CARDS[before.due], cards.CARDS[before.due + 1]
        return "; ".join(
            [f"seat {before.turn} declines to play {queen} on {king}", *_summaries(paid)[-1:]]
        )
    if type(move) is Pass:
        return "; ".join(["the claims are made", *_summaries(paid)]) if paid else None
    lines = []
    if before.due >= 0 and isinstance(move, Play):
        lines.append(
            f"seat {before.turn} plays {move.card} on {cards.CARDS[before.due + 1]} out of turn"
        )
    if len(after.tricks) != len(before.tricks) or after.table.closed is not before.table.closed:
        trick = after.tricks[-1]
        plays = " ".join(f"{seat}:{card}" for seat, card in trick.plays)
        lines.append(f"trick {len(after.tricks)}: {plays} → seat {trick.winner} takes")
        lines.extend(_summaries(paid))
        lines.extend(_overtaken(trick, after))
    return "; ".join(lines) or None


def _overtaken(trick: tricks.Trick, after: State) -> list[str]:
    """Return the note on a card the trick's marriage kept from winning it, if one did.

    A card that would take the trick by its power alone (a trump, most often) does not when it
    comes after a marriage on the table: the note says so, and names the rule.
    """
    played = [card.index for card in trick.cards]
    seat, card = trick.plays[tricks.best(played, after.table.ranking)]
    if seat == trick.winner:
        return []
    trump = after.trump
    kind = "a trump" if trump is not None and card.suit is trump.suit else "a higher card"
    return [f"{card} is {kind}, but a marriage on the table cannot be overtaken (rule 25)"]


def _shown(made: Claim) -> str:
    """Return the cards shown with a claim."""
    return cards.format_cards(made.cards)


def _payments_between(before: State, after: State) -> list[ledger.Group]:
    """Return the groups of payments ``after`` added to the ledger of ``before``, oldest first.

    ``after``'s ledger grows from ``before``'s (a misdeal's, which does not, is read apart), so
    the walk stops at that link: it reads the new entries only, however long the session.
    """
    entries = []
    link = after.table.ledger
    stop = before.table.ledger
    while link is not None and link is not stop:
        entries.append(link.move[1])
        link = link.previous
    return [group for groups in reversed(entries) for group in groups]


def _summaries(entries: Sequence[ledger.Group]) -> list[str]:
    """Return the entries as ``reason: seat 1 +4, seat 0 −1 …`` (net changes, seats first).

    The ante is left out; a refill, and an entry with the reason of the one before, are added
    to that one (a pool won and the chip put back read as one net change).
    """
    merged: list[tuple[str, dict[int, int]]] = []
    for reason, made in entries:
        if reason == "ante":
            continue
        if not merged or (reason != "refill" and reason != merged[-1][0]):
            merged.append((reason, {}))
        change = merged[-1][1]
        for payer, payee, amount in made:
            change[payer] = change.get(payer, 0) - amount
            change[payee] = change.get(payee, 0) + amount
    found = []
    for reason, change in merged:
        listed = ", ".join(
            f"{_party(who)} {'+' if delta > 0 else '−'}{abs(delta)}"
            for who, delta in sorted(change.items(), key=lambda item: (item[0] < 0, abs(item[0])))
            if delta
        )
        found.append(f"{reason}: {listed or 'no change'}")
    return found


def _party(number: int) -> str:
    """Return ``seat 2``, ``pool IV`` or ``discard``."""
    who = ledger.party(number)
    if who is None:
        return "discard"
    return f"seat {who}" if isinstance(who, int) else str(who)
