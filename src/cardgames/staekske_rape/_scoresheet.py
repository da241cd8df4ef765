"""The score sheet: closing a finished or conceded hand, and the end of the match (rules 37-40)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames import _frozen, cards, matches, tricks
from cardgames.staekske_rape import _scoring as scoring
from cardgames.staekske_rape._state import TRICKS, Contract, HandScore, Phase, State

__all__ = ["close_conceded", "close_played", "trick_points"]

_evolve_match: Final = _frozen.evolver(matches.Match)


def trick_points(
    done: Sequence[tricks.Trick], trump: cards.Suit | None, players: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return each seat's card points (+5 for the last of 7 tricks) and tricks taken."""
    points = [0] * players
    taken = [0] * players
    if trump is None:
        return tuple(points), tuple(taken)
    values = scoring.POINTS[trump]
    for trick in done:
        winner = trick.winner
        if winner is not None:
            points[winner] += sum(values[card.index] for _, card in trick.plays)
            taken[winner] += 1
    if len(done) == TRICKS and done[-1].winner is not None:
        points[done[-1].winner] += scoring.LAST_TRICK_BONUS
    return tuple(points), tuple(taken)


def close_conceded(state: State, nanny: int) -> State:
    """Score the nanny's concession, −10 (rule 15b), and move on to the next deal."""
    zero = (0,) * state.players
    result = HandScore(
        number=state.hand_number,
        points=tuple(scoring.CONCESSION if seat == nanny else 0 for seat in range(state.players)),
        explanation=f"seat {nanny}, {scoring.explain_concession()}",
        declarer=nanny,
        bid=None,
        conceded=True,
        without_stock=False,
        trump=None,
        melds=(),
        stoek=False,
        meld_points=0,
        card_points=zero,
        tricks=zero,
        set_aside_points=0,
        declarer_points=0,
        result=scoring.CONCESSION,
    )
    return _close(state, result)


def close_played(state: State, contract: Contract) -> State:
    """Score the declarer's seven tricks (rules 31-37) and move on to the next deal."""
    declarer, trump = contract.declarer, contract.trump
    if declarer is None or trump is None:  # pragma: no cover  # a played hand has both
        raise RuntimeError("a hand was played without a declarer or trumps")
    rules = state.rules
    points, taken = trick_points(state.tricks, trump, state.players)
    values = scoring.POINTS[trump]
    set_aside = sum(
        values[card.index] for card in cards.cards_in(contract.stock | contract.discards)
    )
    scored = points[declarer] + (set_aside if rules.set_aside_counts_for_declarer else 0)
    gained, arithmetic = scoring.scored_result(
        bid=contract.bid,
        card_points=scored,
        meld_points=contract.meld_points,
        without_stock=contract.without_stock,
        all_tricks=taken[declarer] == TRICKS,
        no_tricks=taken[declarer] == 0,
        rules=rules,
    )
    result = HandScore(
        number=state.hand_number,
        points=tuple(gained if seat == declarer else 0 for seat in range(state.players)),
        explanation=f"seat {declarer}, {arithmetic}",
        declarer=declarer,
        bid=contract.bid,
        conceded=False,
        without_stock=contract.without_stock,
        trump=trump,
        melds=contract.melds,
        stoek=contract.stoek,
        meld_points=contract.meld_points,
        card_points=points,
        tricks=taken,
        set_aside_points=set_aside,
        declarer_points=scored,
        result=gained,
    )
    return _close(state, result)


def _close(state: State, result: HandScore) -> State:
    """Add the hand to the sheet; end the match if the declarer reached the target (rule 39)."""
    totals = tuple(total + add for total, add in zip(state.totals, result.points, strict=True))
    scores = state.hand_scores.add(result)
    winners: tuple[int, ...] | None = None
    if totals[result.declarer] >= state.rules.target:
        winners = (result.declarer,)
    elif state.rules.max_hands is not None and len(scores) >= state.rules.max_hands:
        top = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == top)
    match = state.match
    losers = None if winners is None else tuple(s for s in range(match.players) if s not in winners)
    closed = _evolve_match(match, totals=totals, hand_scores=scores, winners=winners, losers=losers)
    return State(
        match=closed,
        phase=Phase.DEAL,
        turn=(match.first_dealer + match.hand_number) % match.players,
        contract=state.contract,
        hands=state.hands,
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        history=state.history,
    )
