"""Kalter Schlag's commentary: one line of public facts after each move, for a server to send.

The engine's :func:`~cardgames.kalter_schlag.narrate`: the deals, the doubles and the finished
tricks, with the hand's score after its last trick.
"""

from __future__ import annotations

from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._moves import Deal, Double, Move
from cardgames.kalter_schlag._state import TRICKS, State

__all__ = ["narrate"]


def narrate(before: State, move: Move, after: State) -> str | None:
    """Return a line for a deal, a double or a finished trick; None for other plays.

    The line of the hand's last trick goes on with the hand's score (its explanation), and
    with the match's result when the hand ends the match, so that a server can broadcast it.

    Raises:
        RulesError: If ``before`` or ``after`` is not a Kalter Schlag state, ``move`` not a
            Kalter Schlag move, or ``after`` not the state ``move`` led to from ``before``.

    Example:
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.new_game(seed=2, first_dealer=1)
        >>> after = kalter_schlag.apply(state, kalter_schlag.Deal())
        >>> print(kalter_schlag.narrate(state, kalter_schlag.Deal(), after))
        hand 1: seat 1 deals
    """
    ABOUT.check_step(before, move, after)
    if type(move) is Deal:
        return f"hand {after.hand_number}: seat {after.dealer} deals"
    if type(move) is Double:
        return f"seat {after.doubles[-1]} doubles: {scoring.CALLS[len(after.doubles) - 1]}"
    if len(after.tricks) == len(before.tricks):
        return None
    trick = after.tricks[-1]
    taken = sum(scoring.POINTS[card.index] for card in trick.cards)
    line = f"trick {len(after.tricks)}: {trick} takes {taken}"
    if len(after.tricks) < TRICKS:
        return line
    return f"{line}; hand {after.hand_number}, {after.hand_scores[-1].explanation}{_end(after)}"


def _end(after: State) -> str:
    """Return what a hand's last line adds when the hand ended the match, else ``""``."""
    losers = after.match.losers
    if losers is None:
        return ""
    who = "seat" if len(losers) == 1 else "seats"
    verb = "loses" if len(losers) == 1 else "lose"
    listed = ", ".join(map(str, losers))
    return f"; the match is over: {who} {listed} {verb} with {after.totals[losers[0]]}"
