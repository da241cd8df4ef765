"""Gin Rummy's commentary: one line of public facts after each move, for a server to send.

The engine's :func:`~cardgames.gin_rummy.narrate`: every move of Gin Rummy is seen by both
players, and a move that ends a hand gives the hand's score line.
"""

from __future__ import annotations

from cardgames import cards
from cardgames.gin_rummy import _scoresheet as scoresheet
from cardgames.gin_rummy._about import ABOUT
from cardgames.gin_rummy._moves import (
    BigGin,
    Deal,
    Discard,
    Draw,
    Knock,
    LayOut,
    Move,
    Pass,
    Source,
)
from cardgames.gin_rummy._state import Phase, State

__all__ = ["narrate"]


def narrate(before: State, move: Move, after: State) -> str | None:
    """Return the public line for a move: every move of Gin Rummy is seen by both players.

    A draw from the discard pile names the card; a draw from the stock does not. A move that ends a
    hand — the defender's lay-out, or a discard that voids the hand — gives the hand's score
    line (its ``explanation`` on the score sheet), and the match's end if it ends the match.

    Raises:
        RulesError: If ``before`` or ``after`` is not a Gin Rummy state, ``move`` not a Gin
            Rummy move, or ``after`` not the state ``move`` led to from ``before``.

    Example:
        >>> from cardgames import gin_rummy
        >>> state = gin_rummy.new_game(seed=2, first_dealer=1)
        >>> after = gin_rummy.apply(state, gin_rummy.Deal())
        >>> print(gin_rummy.narrate(state, gin_rummy.Deal(), after))
        hand 1: seat 1 deals, the upcard is 3♣
    """
    ABOUT.check_step(before, move, after)
    kind = type(move)
    seat = before.turn
    if kind is Deal:
        return scoresheet.describe_deal(after)
    if kind is Pass:
        return f"seat {seat} passes the upcard"
    if kind is Draw:
        if move.source is Source.STOCK:  # type: ignore[union-attr]  # kind is Draw
            return f"seat {seat} draws from the stock"
        return f"seat {seat} takes {cards.CARDS[before.pile[-1]]} from the discard pile"
    if kind is Discard:
        line = f"seat {seat} discards {move.card}"  # type: ignore[union-attr]  # a Discard
        if after.phase is Phase.DEAL:  # the hand is void: its score line, as after a lay-out
            line += f"; {after.match.hand_scores[-1].explanation}"
        return line + scoresheet.describe_end(after)
    if kind is Knock:
        return f"seat {seat} knocks"
    if kind is BigGin:
        return f"seat {seat} goes big gin"
    if kind is LayOut:
        return scoresheet.describe_lay_out(seat, after)
    return None
