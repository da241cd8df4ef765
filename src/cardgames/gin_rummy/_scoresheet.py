"""The end of a hand: a void hand, a knock's score, the next dealer and the end of the match.

A hand ends either void (the stock down to two cards and no knock: nobody scores, the same
dealer deals again; rule 14) or when the defender has laid out after a knock (rules 15–19). The
hand's winner scores; a game (or, with Hollywood scoring, the session) ends by rules 20 and 29–31,
or when ``max_hands`` hands have been played.
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames import cards, history
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _moves as moves
from cardgames.gin_rummy import _scoring as scoring
from cardgames.gin_rummy._hollywood import HollywoodSheet
from cardgames.gin_rummy._rules import Rules
from cardgames.gin_rummy._state import (
    PHASE_DEAL,
    PLAYERS,
    VOID_STOCK,
    HandScore,
    Match,
    Phase,
    State,
)

__all__ = [
    "ANY_COUNT",
    "close_knock",
    "close_void",
    "describe_deal",
    "describe_end",
    "describe_lay_out",
    "match_result",
    "show_defence",
]

ANY_COUNT: Final = 100
"""A count no ten cards exceed: the limit that lets any arrangement through."""


def close_void(
    before: State, hands: tuple[int, ...], pile: tuple[int, ...], move: moves.Move
) -> State:
    """Return the state after a discard that voids the hand (rule 14, note G5).

    Args:
        before: The state before the discard.
        hands: The hands after it.
        pile: The pile after it.
        move: The discard.
    """
    hand = before.hand
    if hand is None:  # pragma: no cover  # a discard follows a deal
        raise RuntimeError("a discard before the first deal")
    match = before.match
    result = HandScore(
        number=match.hand_number,
        points=(0,) * PLAYERS,
        explanation=(
            f"void: the stock is down to {VOID_STOCK} cards and nobody knocked; "
            f"seat {hand.dealer} deals again"
        ),
        upcard=cards.CARDS[hand.upcard],
        knocker=None,
        winner=None,
        result=None,
        knocker_layout=None,
        defence=None,
    )
    closed = _closed(match, result, None, hand.dealer)
    return State(
        match=closed,
        phase=PHASE_DEAL,
        turn=closed.next_dealer,
        hand=hand,
        hands=hands,
        drawn=before.drawn,
        pile=pile,
        taken=-1,
        knocks=0,
        pile_draws=before.pile_draws,
        picked=before.picked,
        showdown=None,
        history=history.History(move, before.history),
    )


def close_knock(before: State, defence: melds.Defence, move: moves.Move) -> State:
    """Return the state after the defender's lay-out: the hand scored (rules 15-19)."""
    hand, showdown = before.hand, before.showdown
    if hand is None or showdown is None or showdown.layout is None:  # pragma: no cover
        raise RuntimeError("a hand closed without a knock and the knocker's lay-out")
    match = before.match
    rules = match.rules
    knocker = showdown.knocker
    defender = 1 - knocker
    upcard = cards.CARDS[hand.upcard]
    result = scoring.hand_score(
        showdown.layout.count,
        defence.count,
        rules=rules,
        upcard=upcard,
        big_gin=showdown.big_gin,
    )
    winner = knocker if result.winner is scoring.Side.KNOCKER else defender
    scored = HandScore(
        number=match.hand_number,
        points=tuple(result.points if seat == winner else 0 for seat in range(PLAYERS)),
        explanation=result.describe(f"seat {knocker}", f"seat {defender}"),
        upcard=upcard,
        knocker=knocker,
        winner=winner,
        result=result,
        knocker_layout=showdown.layout,
        defence=defence,
    )
    closed = _closed(match, scored, winner, _next_dealer(rules, hand.dealer, winner))
    return State(
        match=closed,
        phase=PHASE_DEAL,
        turn=closed.next_dealer,
        hand=hand,
        hands=before.hands,
        drawn=before.drawn,
        pile=before.pile,
        taken=-1,
        knocks=0,
        pile_draws=before.pile_draws,
        picked=before.picked,
        showdown=attrs.evolve(showdown, defence=defence),
        history=history.History(move, before.history),
    )


def _next_dealer(rules: Rules, dealer: int, winner: int) -> int:
    """Return who deals after a hand that ``winner`` won (rule 9, note G9)."""
    if rules.next_dealer == "winner":
        return winner
    if rules.next_dealer == "loser":
        return 1 - winner
    return 1 - dealer


def _closed(match: Match, scored: HandScore, winner: int | None, next_dealer: int) -> Match:
    """Return the match with a finished hand on the sheet; end it if the hand ends it."""
    rules = match.rules
    totals = tuple(total + add for total, add in zip(match.totals, scored.points, strict=True))
    scores = match.hand_scores.add(scored)
    won = match.hands_won
    sheet = match.hollywood
    if winner is not None:
        won = tuple(count + (seat == winner) for seat, count in enumerate(won))
        if sheet is not None:
            sheet = sheet.record(winner, scored.points[winner])
    if sheet is not None:
        ended = sheet.over
    else:
        ended = winner is not None and totals[winner] >= rules.target
    if not ended and rules.max_hands is not None and len(scores) >= rules.max_hands:
        ended = True
        sheet = None if sheet is None else sheet.ended()
    winners = losers = settlement = None
    if ended:
        winners, losers, settlement = match_result(rules, totals, won, sheet)
    return attrs.evolve(
        match,
        totals=totals,
        hand_scores=scores,
        hands_won=won,
        hollywood=sheet,
        winners=winners,
        losers=losers,
        settlement=settlement,
        next_dealer=next_dealer,
    )


def match_result(
    rules: Rules, totals: tuple[int, ...], won: tuple[int, ...], sheet: HollywoodSheet | None
) -> tuple[tuple[int, ...], tuple[int, ...], int | None]:
    """Return the winners, losers and settlement of a match that has ended.

    The winner is the seat with the higher total (rule 20), or with Hollywood scoring the one
    the games' settlements favour; nobody wins when they are equal, and both are listed as
    losers.
    """
    lead = totals[0] - totals[1] if sheet is None else sheet.net(0)
    if lead == 0:
        return (), (0, 1), None
    winner = 0 if lead > 0 else 1
    loser = 1 - winner
    if sheet is not None:
        return (winner,), (loser,), abs(lead)
    owed = scoring.settlement(totals[winner], totals[loser], won[winner], won[loser], rules=rules)
    return (winner,), (loser,), owed


def describe_deal(state: State) -> str:
    """Return the line for a deal: the hand, the dealer, the upcard (with Oklahoma's limit)."""
    hand = state.hand
    if hand is None:  # pragma: no cover  # called after a deal
        raise RuntimeError("no hand has been dealt")
    upcard = cards.CARDS[hand.upcard]
    line = f"hand {state.hand_number}: seat {hand.dealer} deals, the upcard is {upcard}"
    if state.match.rules.oklahoma:
        limit = "gin only" if hand.limit == 0 else f"knock at {hand.limit} or less"
        line += f" ({limit}{', scores doubled' if hand.doubled else ''})"
    return line


def show_defence(defence: melds.Defence) -> str:
    """Return a defender's lay-out as text: his melds in brackets, lay-offs, deadwood, count."""
    parts = [f"[{meld}]" for meld in defence.melds]
    if defence.layoffs:
        parts.append("off " + " ".join(f"{card}>{index}" for card, index in defence.layoffs))
    parts.extend(str(card) for card in defence.deadwood)
    parts.append(f"(count {defence.count})")
    return " ".join(parts)


def describe_lay_out(seat: int, after: State) -> str:
    """Return the line for a lay-out; the defender's also gives the hand's score."""
    showdown = after.showdown
    if showdown is None or showdown.layout is None:  # pragma: no cover  # after a lay-out
        raise RuntimeError("no lay-out has been made")
    if after.phase is Phase.DEFENDER:
        return f"seat {seat} lays out {showdown.layout}"
    defence = showdown.defence
    if defence is None:  # pragma: no cover  # the defender's lay-out ends the hand
        raise RuntimeError("the hand ended without the defender's lay-out")
    line = f"seat {seat} lays out {show_defence(defence)}; {after.hand_scores[-1].explanation}"
    return line + describe_end(after)


def describe_end(after: State) -> str:
    """Return what to add to a hand's last line if it ended the match, else ``""``."""
    match = after.match
    if match.winners is None:
        return ""
    if not match.winners:
        return "; the match ends with equal scores: nobody wins"
    winner = match.winners[0]
    if match.hollywood is not None:
        return f"; seat {winner} wins the session, {match.settlement} net over the three games"
    loser = 1 - winner
    arithmetic = scoring.explain_settlement(
        match.totals[winner],
        match.totals[loser],
        match.hands_won[winner],
        match.hands_won[loser],
        rules=match.rules,
    )
    return f"; seat {winner} wins the match: {arithmetic}"
