"""Staekske Rape's commentary: one line of public facts after each move, for a server to send.

The engine's :func:`~cardgames.staekske_rape.narrate`: the deals, the calls, the stock, the
trump, the melds and the finished tricks, with the hand's result after its last trick.
"""

from __future__ import annotations

from typing import Final

from cardgames import cards
from cardgames.staekske_rape import _auction as auction
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _scoring as scoring
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import (
    Bid,
    Concede,
    Deal,
    Discard,
    Look,
    Meld,
    Move,
    NameTrump,
    NoStock,
    Pass,
    Play,
    Stoek,
    TakeStock,
)
from cardgames.staekske_rape._state import State

__all__ = ["narrate"]


def narrate(before: State, move: Move, after: State) -> str | None:
    """Return a line of public commentary on a move, or None for a card that ends no trick.

    It tells only what every seat saw: a discard is told as "discards 4 cards", never which.
    The move that ends a hand (the last card, or the nanny's concession) also gives the hand's
    score line (its :attr:`~cardgames.matches.HandScore.explanation`), and the match's end when it
    ends the match.

    Raises:
        RulesError: If ``before`` or ``after`` is not a Staekske Rape state, ``move`` not a
            Staekske Rape move, or ``after`` not the state ``move`` led to from ``before``.

    Example:
        >>> from cardgames import staekske_rape
        >>> state = staekske_rape.new_game(seed=2, first_dealer=1)
        >>> after = staekske_rape.apply(state, staekske_rape.Deal())
        >>> print(staekske_rape.narrate(state, staekske_rape.Deal(), after))
        hand 1: seat 1 deals, seat 2 is the nanny
    """
    ABOUT.check_step(before, move, after)
    kind = type(move)
    seat = before.turn
    if kind is Deal:
        return (
            f"hand {after.hand_number}: seat {after.dealer} deals, seat {after.turn} is the nanny"
        )
    if kind is Play:
        if len(after.tricks) == len(before.tricks) or after.contract is None:
            return None
        trick = after.tricks[-1]
        trump = after.contract.trump
        taken = 0 if trump is None else sum(scoring.POINTS[trump][c.index] for c in trick.cards)
        line = f"trick {len(after.tricks)}: {trick} takes {taken}"
        return f"{line}; {_closing(after)}" if after.hand_over else line
    if kind is Concede:
        return _closing(after)
    return f"seat {seat} {_saying(before, move)}"


def _closing(after: State) -> str:
    """Return the score line of the hand that just ended, with the match's end if it came."""
    line = after.hand_scores[-1].explanation
    winners = after.winners
    if winners is None:
        return line
    seats = " and ".join(str(seat) for seat in winners)
    won = "wins" if len(winners) == 1 else "win"
    return (
        f"{line}; the match is over: seat{'s' if len(winners) > 1 else ''} {seats} {won} "
        f"with {after.totals[winners[0]]}"
    )


def _saying(before: State, move: Move) -> str:
    """Return what a player's move (not a deal, a card or a concession) says, as a verb phrase."""
    if isinstance(move, Bid):
        if move.amount == auction.NANNY_BID:
            return "takes the nanny's forced game, bid 1"
        return f"bids {'blind ' if move.amount == auction.BLIND_BID else ''}{move.amount}"
    if isinstance(move, Meld):
        points = melds.meld_points(move, before.rules)
        return f"declares {melds.meld_name(move)}: {cards.format_cards(move.cards)} ({points})"
    if isinstance(move, NameTrump):
        return f"names {move.suit} trumps"
    return _SAYINGS.get(type(move), str(move))


_SAYINGS: Final[dict[type, str]] = {
    Look: "looks at his cards",
    Pass: "passes",
    TakeStock: "takes the stock",
    NoStock: "plays without the stock",
    Discard: "discards 4 cards",
    Stoek: f"announces Stoek ({melds.STOEK_POINTS})",
}
