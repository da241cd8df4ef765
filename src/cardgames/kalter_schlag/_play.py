"""The tricks: following, the trick's winner, and the hand's end after the eighth trick.

The seat to move must follow the suit led, the four jacks being a suit of their own, and may
play anything when void (rule 11): that rule lives with the state, which works out from it what
the seat to move may play as it is built (``State.playable``). The highest trump (a jack), else
the highest card of the suit led, wins the trick, and its winner leads to the next (rule 12).
After the eighth trick the hand is scored: the card points (rule 5) or a Durchmarsch, the
doubles and the Jungfrauen charge the hand's losers (rules 16-22), and the totals decide whether
the match is over (rules 23-25).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames import _frozen, cards, errors, history, tricks
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._rules import Rules
from cardgames.kalter_schlag._state import (
    PLAYERS,
    RANKINGS,
    TRICKS,
    HandScore,
    State,
    build_state,
    evolve_match,
)

_trick: Final = _frozen.builder(tricks.Trick)
_hand: Final = _frozen.builder(HandScore)
_SEATS: Final = tuple(range(PLAYERS))


def play(before: State, seat: int, move: core_moves.Play) -> State:
    """Play a card to the trick; finish the trick and the hand when they are complete."""
    index = move.card.index
    if not before.in_play:
        raise errors.IllegalMoveError(
            f"the cards are not dealt yet: seat {seat} must deal first", move=move, seat=seat
        )
    if not before.playable >> index & 1:
        raise errors.IllegalMoveError(_why_not(before, seat, move.card), move=move, seat=seat)
    return played(before, seat, move)


def played(before: State, seat: int, move: core_moves.Play) -> State:
    """Return the state after ``seat`` plays ``move``, which has been checked to be legal."""
    index = move.card.index
    hands = list(before.hands)
    hands[seat] ^= 1 << index
    trick = (*before.trick, index)
    leader = before.leader
    done = before.tricks
    if len(trick) == PLAYERS:
        ranking = RANKINGS[before.match.rules.plain_rank_order]
        winner = (leader + tricks.best(trick, ranking)) % PLAYERS
        first, second, third, fourth = _PLAYS_FROM[leader]
        a, b, c, d = trick
        plays = (first[a], second[b], third[c], fourth[d])
        done = (*done, _trick(plays=plays, winner=winner))
        leader, trick = winner, ()
    after = build_state(
        match=before.match,
        hands=tuple(hands),
        leader=leader,
        trick=trick,
        tricks=done,
        doubles=before.doubles,
        history=history.History(move, before.history),
    )
    return _finish_hand(after) if len(done) == TRICKS else after


_PLAYS_FROM: Final = tuple(
    tuple(
        tuple(((first + place) % PLAYERS, card) for card in cards.CARDS) for place in range(PLAYERS)
    )
    for first in range(PLAYERS)
)
"""``_PLAYS_FROM[leader][place][index]``: the ``(seat, card)`` pair of a trick's place-th play."""


def _why_not(before: State, seat: int, card: cards.Card) -> str:
    """Explain why ``seat`` may not play ``card`` now."""
    hand = before.hands[seat]
    if not hand >> card.index & 1:
        return f"you do not hold {card}"
    # A card held and refused: what the player may play is what he holds of the suit led.
    led = cards.CARDS[before.trick[0]]
    held = cards.format_cards(cards.cards_in(before.playable))
    if led.rank == cards.Rank.JACK:
        return f"must follow with a jack: {led} was led and you hold {held}"
    return f"must follow suit: {led} was led and you hold {held}"


def points_and_tricks(done: Sequence[tricks.Trick]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return each seat's card points and tricks taken."""
    points = [0] * PLAYERS
    taken = [0] * PLAYERS
    for trick in done:
        winner = trick.winner
        if winner is not None:
            won = 0
            for _, card in trick.plays:
                won += scoring.POINTS[card.index]
            points[winner] += won
            taken[winner] += 1
    return tuple(points), tuple(taken)


def _hand_score(number: int, done: Sequence[tricks.Trick], doubles: int) -> HandScore:
    """Score a finished hand (rules 16-22)."""
    points, taken = points_and_tricks(done)
    jungfrauen = taken.count(0)
    sweeper = taken.index(TRICKS) if TRICKS in taken else None
    if sweeper is not None:
        charged = tuple([seat for seat in _SEATS if seat != sweeper])
        amount = scoring.durchmarsch_penalty(doubles=doubles)
        explanation = f"seat {sweeper} {scoring.explain_durchmarsch(doubles=doubles)}"
    else:
        top = max(points)
        charged = tuple([seat for seat in _SEATS if points[seat] == top])
        amount = scoring.penalty(top, doubles=doubles, jungfrauen=jungfrauen)
        who = "seat" if len(charged) == 1 else "seats"
        listed = ", ".join(map(str, charged))
        arithmetic = scoring.explain_penalty(top, doubles=doubles, jungfrauen=jungfrauen)
        explanation = f"{who} {listed}: {arithmetic}"
    return _hand(
        number=number,
        points=tuple([amount if seat in charged else 0 for seat in _SEATS]),
        explanation=explanation,
        card_points=points,
        tricks=taken,
        doubles=doubles,
        jungfrauen=jungfrauen,
        durchmarsch=sweeper,
        charged=charged,
    )


def _finish_hand(played: State) -> State:
    """Charge the hand's losers and decide whether the match is over (rules 23-25)."""
    match = played.match
    result = _hand_score(match.hand_number, played.tricks, len(played.doubles))
    totals = tuple([total + add for total, add in zip(match.totals, result.points, strict=True)])
    scores = match.hand_scores.add(result)
    losers = _match_losers(match.rules, totals, scores)
    winners = None if losers is None else tuple([s for s in _SEATS if s not in losers])
    return State(
        match=evolve_match(
            match, totals=totals, hand_scores=scores, winners=winners, losers=losers
        ),
        hands=played.hands,
        leader=played.leader,
        trick=played.trick,
        tricks=played.tricks,
        doubles=played.doubles,
        history=played.history,
    )


def _match_losers(
    options: Rules, totals: tuple[int, ...], scores: Sequence[HandScore]
) -> tuple[int, ...] | None:
    """Return the match's losers if it ends after these hands, else None."""
    top = max(totals)
    highest = tuple(seat for seat in range(PLAYERS) if totals[seat] == top)
    if options.max_hands is not None and len(scores) >= options.max_hands:
        return highest
    tied = len(highest) > 1 and options.top_tie == "play_on"
    if top >= options.target:
        return None if tied else highest
    if options.five_scores_end:
        charges = [sum(seat in hand.charged for hand in scores) for seat in range(PLAYERS)]
        if max(charges) >= 5:
            return None if tied else highest
    return None
