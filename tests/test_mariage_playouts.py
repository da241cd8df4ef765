"""Random Mariage sessions for 5, 6, 7 and 10 players, checked against the rules at every step.

Over 2,000 random deals in all: chips conserved at every step, every card in one place, five
tricks a deal, the forced queen always honoured in enforce mode, views that show no hidden card,
``legal_moves`` empty exactly when the session is over, ``apply`` never changing its input, and
no deal longer than ``max_hand_moves``. Sessions with random options, and with the recorded
table events (misdeals, deals out of turn), follow.
"""

from __future__ import annotations

import copy
import random

import attrs
import pytest

from cardgames import cards
from cardgames import mariage as mg
from cardgames.mariage import _deals as deals
from cardgames.mariage import _ledger as ledger
from cardgames.mariage import _play as play
from cardgames.mariage._rules import (
    DIRECTIONS,
    FORCED_QUEEN_MODES,
    JESTER_CAPTORS,
    JESTER_PENALTY_PAYEES,
    LEFTOVERS,
    MARRIAGE_ORDERS,
    MARRIAGE_TRICK_RULES,
    TOP_ROYALS,
)

SESSIONS = {5: 120, 6: 100, 7: 80, 10: 24}
"""Sessions with the default rules per player count: 600 + 600 + 560 + 240 = 2,000 deals."""


def chips(state: mg.State) -> int:
    return sum(state.balances) + sum(state.pools) + state.match.discarded


def check_cards(state: mg.State) -> None:
    """Every card of the deal is in exactly one place: a hand, the table, the turn-up, unused."""
    if state.hand_number == 0 or state.table.closed:
        return
    pack = deals.PACKS[state.rules.pack_size(state.players)]
    seen: list[cards.Card] = []
    for hand in state.hands:
        seen.extend(cards.cards_in(hand))
    seen.extend(cards.CARDS[index] for index in state.trick)
    for trick in state.tricks:
        seen.extend(trick.cards)
    assert len(seen) == len(set(seen)) == 5 * state.players
    assert state.trump is not None
    assert state.trump not in seen
    assert set(seen) <= set(pack)


def check_views(state: mg.State, legal: tuple[mg.Move, ...]) -> None:
    """Each view shows its own hand and public facts only."""
    mover = mg.current_player(state)
    shown = {card for _, claim in state.table.claims for card in claim.cards}
    for seat in range(state.players):
        view = mg.view(state, seat)
        assert view.hand == tuple(cards.cards_in(state.hands[seat]))
        assert view.legal_moves == (legal if seat == mover else ())
        text = repr(attrs.evolve(view, last_hand=None))  # the last deal's trump is old news
        for other in range(state.players):
            if other == seat:
                continue
            for card in cards.cards_in(state.hands[other]):
                if card not in shown:
                    assert f"'{card}'" not in text, (seat, other, card)


def check_forced_queen(before: mg.State, move: mg.Move, after: mg.State) -> None:
    """In enforce mode a king played calls his queen's holder, if he has not played yet."""
    if not isinstance(move, mg.Play) or move.card.rank != cards.Rank.KING:
        return
    if after.rules.forced_queen != "enforce" or not after.trick:
        return
    queen = play.queen_of(move.card.index)
    holder = next((seat for seat, hand in enumerate(after.hands) if hand >> queen & 1), None)
    if holder is not None and holder not in after.seats:
        assert mg.current_player(after) == holder
        assert mg.legal_moves(after) == (mg.Play(cards.CARDS[queen]),)
    else:
        assert after.due == -1
    assert before.due == -1


def table_event(state: mg.State, chooser: random.Random) -> mg.Move | None:
    """Return a misdeal or a deal out of turn where one may be recorded, now and then."""
    if chooser.random() >= 0.03:
        return None
    event: mg.Move
    if state.hand_over:
        event = mg.DealOutOfTurn(chooser.randrange(state.players))
    elif not state.trick and not state.tricks:
        event = mg.Misdeal()
    else:
        return None
    return event if mg.is_legal(state, event) else None


def checked_apply(state: mg.State, move: mg.Move) -> mg.State:
    """Apply, checking that the state given is not changed and the narration is one line."""
    before = copy.copy(state)
    digest = hash(state)
    after = mg.apply(state, move)
    assert state == before
    assert hash(state) == digest
    line = mg.narrate(state, move, after)
    assert line is None or line.strip() == line != ""
    return after


def check_sheet(state: mg.State) -> None:
    """The score's payments are this deal's; each finished deal's payments net to its points."""
    sheet = mg.score(state)
    every = state.ledger
    assert every == ledger.payments(state.table.ledger)
    assert sheet.payments == tuple(p for p in every if p.hand >= state.hand_number)
    for hand in sheet.hands:
        net = [0] * state.players
        for payment in every:
            if payment.hand == hand.number:
                if isinstance(payment.payer, int):
                    net[payment.payer] -= payment.amount
                if isinstance(payment.payee, int):
                    net[payment.payee] += payment.amount
        assert tuple(net) == hand.points


def check_result(state: mg.State, total: int) -> None:
    """The score sheet of a finished session."""
    check_sheet(state)
    sheet = mg.score(state)
    assert sheet.over
    assert sheet.losers
    assert set(sheet.winners).isdisjoint(sheet.losers)
    assert set(sheet.winners) | set(sheet.losers) == set(range(state.players))
    assert tuple(map(sum, zip(*(hand.points for hand in sheet.hands), strict=True))) == (
        sheet.totals
    )
    for number, hand in enumerate(sheet.hands, start=1):
        assert hand.number == number
        assert hand.explanation
        assert sum(hand.tricks) == (0 if hand.misdeal else 5)
    if state.rules.leftover == "split_equally":
        assert sheet.pools == (0,) * 6
        assert sum(sheet.balances) + sheet.discarded == total


def session(
    rules: mg.Rules | None,
    players: int,
    seed: int,
    *,
    thorough: bool,
    events: bool = False,
) -> mg.State:
    """Play a random session, checking every step; return the final state."""
    chooser = random.Random(seed * 7919 + players)
    state = mg.new_game(rules, seed=seed, players=players)
    total = chips(state)
    bound = mg.max_hand_moves(state.rules, players)
    began = 0
    for step in range(100_000):
        legal = mg.legal_moves(state)
        over = mg.is_over(state)
        assert (legal == ()) == over == (mg.current_player(state) is None)
        assert state.hand_over == (over or legal == (mg.Deal(),))
        if over:
            break
        if thorough:
            check_cards(state)
            check_views(state, legal)
            check_sheet(state)
        move = (table_event(state, chooser) if events else None) or chooser.choice(legal)
        after = checked_apply(state, move) if thorough else mg.apply(state, move)
        if isinstance(move, mg.Deal):
            began = step
        assert step - began < bound + 1
        assert chips(after) == total
        check_forced_queen(state, move, after)
        if after.hand_over and not state.hand_over and not after.over:
            start = after.rules.starting_chips
            assert after.balances == tuple(start + points for points in after.totals)
        state = after
    else:
        pytest.fail(f"seed {seed} did not end")
    check_result(state, total)
    return state


def deals_in(state: mg.State) -> int:
    return sum(not hand.misdeal for hand in state.hand_scores)


@pytest.mark.breadth
@pytest.mark.parametrize("players", sorted(SESSIONS))
def test_random_sessions(players: int) -> None:
    played = 0
    for seed in range(SESSIONS[players]):
        final = session(None, players, seed, thorough=seed < 6)
        assert deals_in(final) == players
        assert (
            mg.replay(None, seed, final.moves, players=players, first_dealer=final.first_dealer)
            == final
        )
        played += deals_in(final)
    assert played == players * SESSIONS[players]


def random_rules(chooser: random.Random) -> mg.Rules:
    return mg.Rules(
        direction=chooser.choice(DIRECTIONS),
        deck_for_players={7: chooser.choice((36, 52))},
        starting_chips=chooser.choice((0, 5, 50)),
        allow_debt=chooser.random() < 0.5,
        ante_per_pool=chooser.choice((0, 1, 2)),
        ante_every_deal=chooser.random() < 0.7,
        auto_claim=chooser.random() < 0.5,
        refill_on_win=chooser.choice((0, 1, 2)),
        point_compare=chooser.sample(("top_card", "trump", "length", "eldest"), 4),
        held_marriage_payment=chooser.choice((0, 2)),
        top_royal=chooser.choice(TOP_ROYALS),
        royals_count_as_trumps_for_obligation=chooser.random() < 0.5,
        must_trump_when_void=chooser.random() < 0.7,
        forced_queen=chooser.choice(FORCED_QUEEN_MODES),
        marriage_order=chooser.choice(MARRIAGE_ORDERS),
        own_marriage_lead_bonus=chooser.random() < 0.5,
        marriage_trick_rule=chooser.choice(MARRIAGE_TRICK_RULES),
        table_marriage_payment=chooser.choice((1, 2)),
        heart_table_marriage_king_pays=chooser.random() < 0.5,
        jester_captors=chooser.choice(JESTER_CAPTORS),
        jester_penalty_payee=chooser.choice(JESTER_PENALTY_PAYEES),
        jester_paid_only_if_it_wins_trick=chooser.random() < 0.3,
        trick_pay_min=chooser.choice((1, 2, 3)),
        trick_pay_per_trick=chooser.choice((1, 2)),
        dealer_covers_shortfall=chooser.random() < 0.5,
        fine_zero_tricks=chooser.choice((0, 1, 2)),
        loser_threshold=chooser.choice((0, 1)),
        leftover=chooser.choice(LEFTOVERS),
        rounds=chooser.choice((1, 2)),
        max_hands=chooser.choice((None, 3)),
    )


@pytest.mark.breadth
@pytest.mark.parametrize("players", [5, 6, 7, 10])
def test_random_sessions_with_random_options(players: int) -> None:
    chooser = random.Random(players)
    for seed in range(15):
        rules = random_rules(chooser)
        final = session(rules, players, seed, thorough=seed < 3, events=True)
        if not rules.allow_debt:
            assert min(final.balances) >= 0
        texts = [str(move) for move in final.moves]
        assert (
            mg.replay(rules, seed, texts, players=players, first_dealer=final.first_dealer) == final
        )
