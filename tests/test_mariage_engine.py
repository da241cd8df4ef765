"""Tests of Mariage's engine: the rule set's examples E1-E6 and every rule and option in play.

Deals are stacked with ``order_for`` for six players and the 36-card pack, the dealer being P6
(seat 5), so that P1 (seat 0) leads, as in the examples. Scripts are the moves' texts; each move
is checked to be among the legal moves of the seat that makes it.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence

import pytest

import cardgames
from cardgames import cards, errors
from cardgames import mariage as mg
from cardgames.mariage import _deals as deals
from cardgames.mariage import _ledger as ledger
from cardgames.mariage._pools import Pool

DEALER = 5

# E1: trump 7♣. P2 holds 8♠ 9♠ 10♠, P3 J♦ Q♦ K♦, P4 K♥ Q♥; nobody else qualifies.
E1 = (
    "Q♣ A♠ 9♥ 7♥ 6♦",
    "8♠ 9♠ 10♠ 6♣ A♦",
    "J♦ Q♦ K♦ 8♣ 6♥",
    "K♥ Q♥ 10♣ 7♠ 8♦",
    "K♣ J♠ 10♥ 7♦ 9♦",
    "A♣ Q♠ J♥ 8♥ 10♦",
)
# E2: trump ♣ (8♣). P1 leads 9♠, P2 K♠, P5 (seat 4) holds Q♠; P3 A♠, P4 void in spades, P6 6♠.
E2 = (
    "9♠ 6♦ 8♦ 10♦ Q♦",
    "K♠ 6♥ 8♥ 10♥ 7♦",
    "A♠ 7♥ 9♥ 9♦ J♥",
    "7♣ 6♣ A♥ K♦ A♦",
    "Q♠ 10♣ Q♣ A♣ 9♣",
    "6♠ 8♠ 10♠ J♠ K♥",
)
# E2b: P1 leads A♠ and P3 plays 10♠.
E2B = (
    "A♠ 6♦ 8♦ 10♦ Q♦",
    E2[1],
    "10♠ 7♥ 9♥ 9♦ J♥",
    E2[3],
    E2[4],
    "6♠ 8♠ 9♠ J♠ K♥",
)
# E3: trump ♣ (8♣). P3 (seat 2) wins trick 1 with A♦, then leads K♥; P6 (seat 5) holds Q♥.
E3 = (
    "6♦ 8♥ 6♠ 10♠ 6♣",
    "7♦ 9♥ 7♠ J♠ 7♣",
    "A♦ K♥ 8♠ Q♠ 9♣",
    "8♦ 6♥ 9♠ K♠ 10♣",
    "9♦ 7♥ A♠ J♣ Q♣",
    "10♦ Q♥ K♣ A♣ 10♥",
)
# E4: trump ♠ (6♠). P1 leads 7♦, P2 J♦, P3 9♦, P4 (void in ♦) 8♠, P5 10♦, P6 A♦.
E4 = (
    "7♦ 6♥ 8♥ 6♣ 8♣",
    "J♦ 7♥ 9♥ 7♣ 9♣",
    "9♦ 10♥ A♥ 10♣ Q♣",
    "8♠ 7♠ J♥ J♣ K♣",
    "10♦ 9♠ 10♠ A♣ 6♦",
    "A♦ J♠ K♠ 8♦ Q♦",
)
# E4b: P4 is void in ♦ and ♠ but holds Q♥.
E4B = (E4[0], E4[1], E4[2], "Q♥ J♥ J♣ K♣ A♣", "10♦ 9♠ 10♠ 7♠ 6♦", E4[5])
# E5: trump ♣ (6♣). Tricks: P1 two, P4 two, P5 one; P2, P3, P6 none.
E5 = (
    "A♠ A♦ 6♥ 7♣ J♦",
    "6♠ 6♦ 7♥ 8♣ Q♣",
    "7♠ 7♦ 8♥ 9♣ Q♠",
    "8♠ 8♦ A♥ A♣ J♥",
    "9♠ 9♦ 9♥ 10♣ Q♥",
    "10♠ 10♦ 10♥ J♣ J♠",
)
E5_PLAY = (
    "A♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♦ 6♦ 7♦ 8♦ 9♦ 10♦ 6♥ 7♥ 8♥ A♥ 9♥ 10♥ A♣ 10♣ J♣ 7♣ 8♣ 9♣ J♥ Q♥ J♠ J♦ Q♣ Q♠"
)
# E5b: trump ♣ (J♣). P1 to P5 take a trick each, P6 none.
E5B = (
    "A♠ 6♦ 10♥ 9♣ J♦",
    "6♠ A♦ 6♥ 10♣ Q♣",
    "7♠ 7♦ A♥ 6♣ Q♠",
    "8♠ 8♦ 7♥ A♣ J♥",
    "9♠ 9♦ 8♥ 7♣ Q♥",
    "10♠ 10♦ 9♥ 8♣ J♠",
)
E5B_PLAY = (
    "A♠ 6♠ 7♠ 8♠ 9♠ 10♠ 6♦ A♦ 7♦ 8♦ 9♦ 10♦ 6♥ A♥ 7♥ 8♥ 9♥ 10♥ 6♣ A♣ 7♣ 8♣ 9♣ 10♣ J♥ Q♥ J♠ J♦ Q♣ Q♠"
)


def start(rules: mg.Rules | None = None, *, players: int = 6, dealer: int = DEALER) -> mg.State:
    return mg.new_game(rules, seed=11, players=players, first_dealer=dealer)


def deal(
    hands: Sequence[str | None],
    trump: str,
    rules: mg.Rules | None = None,
    *,
    state: mg.State | None = None,
) -> mg.State:
    """Deal the hands (by seat) from the dealer whose turn it is, ``trump`` turned up."""
    state = start(rules, players=len(hands)) if state is None else state
    dealer = mg.current_player(state)
    assert dealer is not None
    order = mg.order_for(
        {seat: hand for seat, hand in enumerate(hands) if hand is not None},
        dealer=dealer,
        players=state.players,
        trump_card=trump,
        rules=state.rules,
    )
    return mg.apply(state, mg.Deal(order=order))


def run(state: mg.State, script: str) -> mg.State:
    """Apply each move of the script (card texts, or other move texts), checking it is listed."""
    for text in script.split(" "):
        move = mg.parse_move(text)
        seat = mg.current_player(state)
        assert seat is not None
        assert move in mg.legal_moves(state), (text, seat, mg.legal_moves(state))
        after = mg.apply(state, move, seat=seat)
        assert chips_of(after) == chips_of(state)
        state = after
    return state


def run_all(state: mg.State, moves: str) -> mg.State:
    """Apply a script whose items are separated by commas (for moves with spaces)."""
    for text in moves.split(","):
        state = mg.apply(state, mg.parse_move(text.strip()))
    return state


def chips_of(state: mg.State) -> int:
    return sum(state.balances) + sum(state.pools) + state.match.discarded


def change(before: mg.State, after: mg.State) -> tuple[int, ...]:
    return tuple(b - a for a, b in zip(before.balances, after.balances, strict=True))


def hand_text(state: mg.State, seat: int) -> str:
    return cards.format_cards(mg.view(state, seat).hand)


def lines(state: mg.State) -> list[str]:
    """Every payment of the session, as text."""
    return [str(payment) for payment in state.ledger]


# --- The rule set's examples ---------------------------------------------------------------------


def test_e1_claims() -> None:
    state = deal(E1, "7♣")
    # After the ante (6 each), P3 +8, P4 +25, the others -2.
    assert state.balances == (42, 42, 52, 69, 42, 42)
    assert tuple(b - 44 for b in state.balances) == (-2, -2, 8, 25, -2, -2)
    assert state.pools == (1, 1, 1, 1, 1, 6)
    assert mg.view(state, 0).pools_won == (2, 3, 2, 3, 3)
    assert "seat 0 pays seat 3 2 chips: heart marriage held" in lines(state)
    assert "pool I pays seat 2 6 chips: point J♦ Q♦ K♦ held" in lines(state)
    assert "seat 2 pays pool I 1 chip: refill" in lines(state)
    shown = [(seat, str(claim)) for seat, claim in mg.view(state, 4).claims]
    assert shown == [
        (1, "claim point 8♠ 9♠ 10♠"),
        (2, "claim point J♦ Q♦ K♦"),
        (3, "claim marriage"),
        (2, "claim jester"),
        (3, "claim king"),
        (3, "claim queen"),
    ]
    # Chips are conserved: 6 × 50 on the table.
    assert chips_of(state) == 300


def test_e2_marriage_on_the_table_freezes_the_trick() -> None:
    state = deal(E2, "8♣")
    after = run(state, "9♠ K♠")
    # P5 (seat 4) holds Q♠: he plays her at once, out of turn; it is his only move.
    assert mg.current_player(after) == 4
    assert mg.legal_moves(after) == (mg.Play(cards.Card.parse("Q♠")),)
    assert mg.view(after, 4).queen_due == cards.Card.parse("Q♠")
    after = run(after, "Q♠")
    assert mg.current_player(after) == 2  # play resumes after the king's player
    after = run(after, "A♠ 7♣ 6♠")
    assert after.tricks[-1].winner == 1
    assert str(after.tricks[-1]) == "0:9♠ 1:K♠ 4:Q♠ 2:A♠ 3:7♣ 5:6♠ → 1"
    assert change(state, after) == (-1, 4, -1, -1, 0, -1)
    assert mg.current_player(after) == 1


def test_e2b_an_earlier_higher_card_keeps_the_frozen_trick() -> None:
    state = deal(E2B, "8♣")
    after = run(state, "A♠ K♠ Q♠ 10♠ 7♣ 6♠")
    assert after.tricks[-1].winner == 0
    assert change(state, after) == (4, -1, -1, -1, 0, -1)


def test_e2b_king_wins() -> None:
    state = deal(E2B, "8♣", mg.Rules(marriage_trick_rule="king_wins"))
    after = run(state, "A♠ K♠ Q♠ 10♠ 7♣ 6♠")
    assert after.tricks[-1].winner == 1
    assert change(state, after) == (-1, 4, -1, -1, 0, -1)


def test_e2c_penalty_only_decline() -> None:
    state = deal(E2, "8♣", mg.Rules(forced_queen="penalty_only"))
    after = run(state, "9♠ K♠")
    assert mg.current_player(after) == 4
    assert mg.legal_moves(after) == (mg.Decline(), mg.Play(cards.Card.parse("Q♠")))
    declined = run(after, "decline")
    assert change(after, declined) == (1, 1, 1, 1, -5, 1)
    assert mg.current_player(declined) == 2
    # P5 plays Q♠ later, in his turn: no marriage; the trick goes to P4's trump.
    done = run(declined, "A♠ 7♣ Q♠ 6♠")
    assert done.tricks[-1].winner == 3
    assert change(state, done) == (1, 1, 1, 1, -5, 1)
    assert "seat 4 pays seat 0 1 chip: Q♠ not played on K♠" in lines(done)


def test_penalty_only_playing_the_queen_makes_the_marriage() -> None:
    state = deal(E2, "8♣", mg.Rules(forced_queen="penalty_only"))
    after = run(state, "9♠ K♠ Q♠ A♠ 7♣ 6♠")
    assert change(state, after) == (-1, 4, -1, -1, 0, -1)


def test_declined_queen_next_in_turn_makes_no_marriage() -> None:
    # The queen's holder sits right after the king: declining, he plays her next anyway.
    hands = (E2[0], E2[4], E2[2], E2[3], E2[1], E2[5])  # K♠ at seat 4, Q♠ at seat 1
    state = deal(hands, "8♣", mg.Rules(forced_queen="penalty_only"))
    after = run(state, "9♠")
    # Seat 1 holds Q♠, but no king is on the table: he plays in turn.
    assert mg.legal_moves(after) == (mg.Play(cards.Card.parse("Q♠")),)
    after = run(after, "Q♠ A♠ 7♣ K♠ 6♠")
    assert not any("marriage" in line for line in lines(after))


def test_forced_queen_off() -> None:
    state = deal(E2, "8♣", mg.Rules(forced_queen="off"))
    after = run(state, "9♠ K♠")
    assert mg.current_player(after) == 2
    after = run(after, "A♠ 7♣ Q♠ 6♠")
    assert after.tricks[-1].winner == 3
    assert change(state, after) == (0,) * 6


def test_forced_queen_not_called_once_her_holder_has_played() -> None:
    # Seat 4 plays first (as seat 0 would), then the king comes: nothing happens.
    state = deal(E2, "8♣")
    state = run(state, "9♠ K♠ Q♠ A♠ 7♣ 6♠")  # seat 1 now leads trick 2
    assert mg.current_player(state) == 1


def test_e3_heart_marriage_on_the_table() -> None:
    state = deal(E3, "8♣")
    state = run(state, "6♦ 7♦ A♦ 8♦ 9♦ 10♦")
    assert mg.current_player(state) == 2
    after = run(state, "K♥")
    assert mg.current_player(after) == 5
    after = run(after, "Q♥ 6♥ 7♥ 8♥ 9♥")
    assert after.tricks[-1].winner == 5
    assert change(state, after) == (-1, -1, -1, -1, -1, 5)
    assert "seat 2 pays seat 5 1 chip: heart marriage K♥ Q♥ on the table" in lines(after)


def test_e3_the_king_of_hearts_need_not_pay() -> None:
    state = deal(E3, "8♣", mg.Rules(heart_table_marriage_king_pays=False))
    state = run(state, "6♦ 7♦ A♦ 8♦ 9♦ 10♦")
    after = run(state, "K♥ Q♥ 6♥ 7♥ 8♥ 9♥")
    assert change(state, after) == (-1, -1, 0, -1, -1, 4)


def test_e3_king_of_hearts_on_top() -> None:
    # With K♥ above Q♥ the king's player takes the trick; the queen's player is still paid.
    state = deal(E3, "8♣", mg.Rules(top_royal="K"))
    state = run(state, "6♦ 7♦ A♦ 8♦ 9♦ 10♦")
    after = run(state, "K♥ Q♥ 6♥ 7♥ 8♥ 9♥")
    assert after.tricks[-1].winner == 2
    assert change(state, after) == (-1, -1, -1, -1, -1, 5)


def test_e4_jester_paid() -> None:
    state = deal(E4, "6♠")
    after = run(state, "7♦ J♦ 9♦")
    assert mg.legal_moves(after) == tuple(mg.Play(cards.Card.parse(c)) for c in ("7♠", "8♠"))
    after = run(after, "8♠ 10♦ A♦")
    assert after.tricks[-1].winner == 3
    assert change(state, after) == (-1, 5, -1, -1, -1, -1)
    assert "seat 0 pays seat 1 1 chip: jester played" in lines(after)


def test_e4b_jester_captured_by_the_queen_of_hearts() -> None:
    state = deal(E4B, "6♠")
    after = run(state, "7♦ J♦ 9♦")
    # Void in ♦ and ♠: Q♥ counts as a trump for the duty, so it is his only card.
    assert mg.legal_moves(after) == (mg.Play(cards.Card.parse("Q♥")),)
    after = run(after, "Q♥ 10♦ A♦")
    assert after.tricks[-1].winner == 3
    assert change(state, after) == (0, -1, 0, 1, 0, 0)
    assert "seat 1 pays seat 3 1 chip: jester captured by Q♥" in lines(after)


def test_e4b_royals_not_counted_for_the_duty() -> None:
    state = deal(E4B, "6♠", mg.Rules(royals_count_as_trumps_for_obligation=False))
    after = run(state, "7♦ J♦ 9♦")
    assert len(mg.legal_moves(after)) == 5  # void in ♦ and ♠: anything
    after = run(after, "J♣ 10♦ A♦")
    assert after.tricks[-1].winner == 5
    assert change(state, after) == (-1, 5, -1, -1, -1, -1)


def test_e4_jester_options() -> None:
    only_if_it_wins = mg.Rules(jester_paid_only_if_it_wins_trick=True)
    state = deal(E4, "6♠", only_if_it_wins)
    assert change(state, run(state, "7♦ J♦ 9♦ 8♠ 10♦ A♦")) == (0,) * 6
    winner_paid = mg.Rules(jester_penalty_payee="trick_winner")
    state = deal(E4B, "6♠", winner_paid)
    assert change(state, run(state, "7♦ J♦ 9♦ Q♥ 10♦ A♦")) == (0, -1, 0, 1, 0, 0)
    # Any king or queen captures: here the A♦ wins, so the jester is paid as usual.
    any_royal = mg.Rules(jester_captors="any_king_or_queen")
    state = deal(E4, "6♠", any_royal)
    assert change(state, run(state, "7♦ J♦ 9♦ 8♠ 10♦ A♦")) == (-1, 5, -1, -1, -1, -1)


def test_jester_captured_by_another_king() -> None:
    # E4 with trump ♦ turned (9♠ and 6♠ swapped): K♣ is no trump; P6's Q♦ wins the trick.
    hands = (E4[0], E4[1], E4[2], E4[3], "10♦ 9♠ 10♠ A♣ 6♠", "A♦ J♠ K♠ 8♦ Q♦")
    rules = mg.Rules(jester_captors="any_king_or_queen", jester_penalty_payee="trick_winner")
    state = deal(hands, "K♦", rules)
    after = run(state, "7♦ J♦ 9♦ 7♠ 10♦ Q♦")
    assert after.tricks[-1].winner == 5
    assert change(state, after) == (0, -1, 0, 0, 0, 1)


def test_e5_tricks_pool() -> None:
    state = deal(E5, "6♣")
    assert state.pools[5] == 6
    done = run(state, E5_PLAY)
    assert done.hand_over
    assert done.hand_scores[-1].tricks == (2, 0, 0, 2, 1, 0)
    # P1 +2 and P4 +2 from the pool (6 → 2), then P2, P3 and P6 pay 1 each (2 → 5).
    assert done.pools[5] == 5
    assert "pool VI pays seat 0 2 chips: tricks taken" in lines(done)
    assert "pool VI pays seat 3 2 chips: tricks taken" in lines(done)
    assert [line for line in lines(done) if line.endswith("no trick")] == [
        "seat 1 pays pool VI 1 chip: no trick",
        "seat 2 pays pool VI 1 chip: no trick",
        "seat 5 pays pool VI 1 chip: no trick",
    ]
    # The pool passes to the next dealer, P1.
    assert mg.current_player(done) == 0
    assert mg.legal_moves(done) == (mg.Deal(),)
    # The whole deal, chip by chip: the ante (-6 each); pool III (J♦) to P1 and pool V (Q♥) to
    # P5, 6 less the refill; P1's jester captured by Q♥ pays P5; the tricks pool and fines.
    assert done.hand_scores[-1].points == (-6 + 5 - 1 + 2, -7, -7, -6 + 2, -6 + 5 + 1, -7)
    assert done.totals == done.hand_scores[-1].points
    assert done.balances == tuple(50 + points for points in done.totals)


def test_e5b_nobody_took_two_tricks() -> None:
    state = deal(E5B, "J♣")
    done = run(state, E5B_PLAY)
    assert done.hand_scores[-1].tricks == (1, 1, 1, 1, 1, 0)
    assert done.pools[5] == 7
    assert not any(line.endswith("tricks taken") for line in lines(done))


def test_e5_options() -> None:
    rules = mg.Rules(trick_pay_min=1, trick_pay_per_trick=2, fine_zero_tricks=3)
    done = run(deal(E5, "6♣", rules), E5_PLAY)
    # Owed 4 + 4 + 2 from a pool of 6, in order of most tricks: P1 4, P4 2; P5 nothing.
    assert "pool VI pays seat 0 4 chips: tricks taken" in lines(done)
    assert "pool VI pays seat 3 2 chips: tricks taken" in lines(done)
    assert done.pools[5] == 9
    covered = run(
        deal(
            E5,
            "6♣",
            rules.__class__(dealer_covers_shortfall=True, trick_pay_min=1, trick_pay_per_trick=2),
        ),
        E5_PLAY,
    )
    assert "seat 5 pays seat 3 2 chips: tricks pool short" in lines(covered)
    assert "seat 5 pays seat 4 2 chips: tricks pool short" in lines(covered)
    threshold = run(deal(E5, "6♣", mg.Rules(loser_threshold=1)), E5_PLAY)
    assert "seat 4 pays pool VI 1 chip: 1 trick or fewer" in lines(threshold)
    assert threshold.pools[5] == 6


def test_e6_misdeal() -> None:
    state = start()
    dealt = mg.apply(state, mg.Deal())
    assert mg.is_legal(dealt, mg.Misdeal())
    assert mg.Misdeal() not in mg.legal_moves(dealt)
    void = mg.apply(dealt, mg.Misdeal())
    # After the ante 44 each, claims undone; P6 pays 1 to each of the 5 others (-5).
    assert void.balances == (45, 45, 45, 45, 45, 39)
    assert void.pools == (6,) * 6
    assert void.hand_over
    assert void.hand_scores[-1].misdeal
    assert void.hand_scores[-1].points == (-5, -5, -5, -5, -5, -11)
    # He deals again, without a new ante, from the next shuffle.
    assert mg.current_player(void) == DEALER
    redealt = mg.apply(void, mg.Deal())
    assert redealt.hand_number == 2
    assert redealt.dealer == DEALER
    assert sum(redealt.pools) + sum(redealt.balances) == 300
    assert [line for line in lines(redealt) if line.endswith("ante")][-1].startswith("seat 5")
    assert len([line for line in lines(redealt) if line.endswith("ante")]) == 36
    assert mg.view(redealt, 0).hand != mg.view(dealt, 0).hand
    # The misdealt deal does not count: six deals are still to be played.
    assert redealt.match.deals == 0


def test_misdeal_with_claims_made() -> None:
    state = deal(E1, "7♣")
    void = mg.apply(state, mg.Misdeal())
    assert void.balances == (45, 45, 45, 45, 45, 39)
    assert void.pools == (6,) * 6
    assert not any("held" in line for line in lines(void))
    assert mg.view(void, 3).hand == ()
    assert mg.view(void, 3).pools_won == (None,) * 5


def test_misdeal_refused() -> None:
    state = start()
    with pytest.raises(errors.IllegalMoveError, match="no deal is in progress"):
        mg.apply(state, mg.Misdeal())
    dealt = mg.apply(state, mg.Deal())
    with pytest.raises(errors.IllegalMoveError, match="recorded table event"):
        mg.apply(dealt, mg.Misdeal(), seat=DEALER)
    played = mg.apply(dealt, mg.legal_moves(dealt)[0])
    with pytest.raises(errors.IllegalMoveError, match="too late for a misdeal"):
        mg.apply(played, mg.Misdeal())
    assert not mg.is_legal(played, mg.Misdeal())


def test_deal_out_of_turn() -> None:
    state = start()
    assert mg.current_player(state) == DEALER
    moved = mg.apply(state, mg.DealOutOfTurn(2))
    assert moved.balances == (51, 51, 45, 51, 51, 51)
    assert mg.current_player(moved) == 2
    dealt = mg.apply(moved, mg.Deal())
    assert dealt.dealer == 2
    assert mg.current_player(dealt) == 3  # his left leads
    # The deal passes on from seat 2, and the payment belongs to the deal he dealt.
    while not dealt.hand_over:
        dealt = mg.apply(dealt, mg.legal_moves(dealt)[0])
    assert mg.current_player(dealt) == 3
    first = dealt.hand_scores[0]
    assert first.dealer == 2
    assert sum(first.points) == sum(dealt.balances) - 300
    assert "seat 2 pays seat 0 1 chip: dealt out of turn" in lines(dealt)
    assert dealt.ledger[-1].hand == 1


@pytest.mark.parametrize(
    ("setup", "event", "message"),
    [
        ("deal", mg.DealOutOfTurn(1), "a deal is in progress"),
        ("misdeal", mg.DealOutOfTurn(1), "dealt again by its dealer"),
        ("twice", mg.DealOutOfTurn(1), "already recorded"),
        ("", mg.DealOutOfTurn(5), "the dealer in turn"),
        ("", mg.DealOutOfTurn(6), "there is no seat 6"),
    ],
)
def test_deal_out_of_turn_refused(setup: str, event: mg.DealOutOfTurn, message: str) -> None:
    state = start()
    if setup in {"deal", "misdeal"}:
        state = mg.apply(state, mg.Deal())
    if setup == "misdeal":
        state = mg.apply(state, mg.Misdeal())
    if setup == "twice":
        state = mg.apply(state, mg.DealOutOfTurn(2))
    with pytest.raises(errors.IllegalMoveError, match=message) as caught:
        mg.apply(state, event)
    assert caught.value.move is event
    assert not mg.is_legal(state, event)
    with pytest.raises(errors.IllegalMoveError, match="recorded table event"):
        mg.apply(start(), mg.DealOutOfTurn(1), seat=DEALER)


# --- Claims as moves (auto_claim=False) ---------------------------------------------------------


MANUAL = mg.Rules(auto_claim=False)


def test_claims_as_moves() -> None:
    state = deal(E1, "7♣", MANUAL)
    assert state.balances == (44,) * 6
    assert mg.current_player(state) == 0
    assert mg.legal_moves(state) == (mg.Pass(),)
    state = run(state, "pass")
    assert mg.current_player(state) == 1
    assert mg.legal_moves(state) == (mg.Claim(Pool.POINT, "8♠ 9♠ 10♠"), mg.Pass())
    state = run_all(state, "claim point 8♠ 9♠ 10♠, pass")
    assert mg.legal_moves(state) == (
        mg.Claim(Pool.POINT, "J♦ Q♦ K♦"),
        mg.Claim(Pool.JESTER),
        mg.Pass(),
    )
    state = run_all(state, "claim jester, claim point J♦ Q♦ K♦, pass")
    # Seat 3 claims only the king: the marriage and the queen are forfeited.
    assert mg.legal_moves(state) == (
        mg.Claim(Pool.MARRIAGE),
        mg.Claim(Pool.KING),
        mg.Claim(Pool.QUEEN),
        mg.Pass(),
    )
    state = run_all(state, "claim king, pass, pass")
    assert mg.current_player(state) == 5
    assert state.balances == (44,) * 6  # nothing is paid before the claims end
    done = run(state, "pass")
    assert mg.current_player(done) == 0
    assert mg.view(done, 0).pools_won == (2, None, 2, 3, None)
    assert done.balances == (44, 44, 54, 49, 44, 44)
    assert done.pools == (1, 6, 1, 1, 6, 6)
    assert mg.legal_moves(done)[0] == mg.Play(cards.Card.parse("Q♣"))


def test_claim_errors() -> None:
    state = deal(E1, "7♣", MANUAL)
    with pytest.raises(errors.IllegalMoveError, match="do not hold K♥"):
        mg.apply(state, mg.Claim(Pool.KING))
    with pytest.raises(errors.IllegalMoveError, match="the claims come first"):
        mg.apply(state, mg.Play(cards.Card.parse("Q♣")))
    state = run_all(state, "pass")
    # A weaker point than one's own is still a point: here not held at all.
    with pytest.raises(errors.IllegalMoveError, match="do not hold 9♠ 10♠ J♠"):
        mg.apply(state, mg.Claim(Pool.POINT, "9♠ 10♠ J♠"))
    state = run_all(state, "claim point 8♠ 9♠ 10♠")
    with pytest.raises(errors.IllegalMoveError, match="already claimed pool I"):
        mg.apply(state, mg.Claim(Pool.POINT, "8♠ 9♠ 10♠"))
    with pytest.raises(errors.NotYourTurnError):
        mg.apply(state, mg.Pass(), seat=2)
    played = run_all(state, "pass, pass, pass, pass, pass, play 6♦")
    with pytest.raises(errors.IllegalMoveError, match="before the first lead"):
        mg.apply(played, mg.Claim(Pool.KING))
    with pytest.raises(errors.IllegalMoveError, match="nothing to pass"):
        mg.apply(played, mg.Pass())
    auto = deal(E1, "7♣")
    with pytest.raises(errors.IllegalMoveError, match="auto_claim=True"):
        mg.apply(auto, mg.Claim(Pool.JESTER))
    with pytest.raises(errors.IllegalMoveError, match="must deal first"):
        mg.apply(start(MANUAL), mg.Claim(Pool.JESTER))


def test_contested_point_and_held_marriage_claimed() -> None:
    state = deal(E1, "7♣", MANUAL)
    state = run_all(
        state,
        "pass, claim point 8♠ 9♠ 10♠, pass, claim point J♦ Q♦ K♦, pass, claim marriage, "
        "claim queen, pass, pass, pass",
    )
    assert mg.view(state, 0).pools_won == (2, 3, None, None, 3)
    # E1's figures without the jester and the king: P3 +5, P4 +5 +10 +5.
    assert tuple(b - 44 for b in state.balances) == (-2, -2, 3, 20, -2, -2)


def test_misdeal_during_claims() -> None:
    state = run_all(deal(E1, "7♣", MANUAL), "pass, claim point 8♠ 9♠ 10♠")
    void = mg.apply(state, mg.Misdeal())
    assert void.balances == (45, 45, 45, 45, 45, 39)
    assert mg.view(void, 1).claims == ()


# --- Other options -----------------------------------------------------------------------------


def test_ante_only_once() -> None:
    rules = mg.Rules(ante_every_deal=False)
    state = start(rules)
    state = mg.apply(state, mg.Deal())
    while not state.hand_over:
        state = mg.apply(state, mg.legal_moves(state)[0])
    second = mg.apply(state, mg.Deal())
    antes = [line for line in lines(second) if line.endswith("ante")]
    assert len(antes) == 36
    assert all(payment.hand == 1 for payment in second.ledger if payment.reason == "ante")


def test_no_debt() -> None:
    rules = mg.Rules(starting_chips=3, allow_debt=False)
    state = start(rules)
    while not mg.is_over(state):
        state = mg.apply(state, mg.legal_moves(state)[-1])
        assert min(state.balances) >= 0
        assert chips_of(state) == 18
    with_debt = start(mg.Rules(starting_chips=3))
    with_debt = mg.apply(with_debt, mg.Deal())
    assert min(with_debt.balances) < 0


def test_session_end_shares_the_pools() -> None:
    state = start(mg.Rules(max_hands=1))
    state = mg.apply(state, mg.Deal())
    while not mg.is_over(state):
        state = mg.apply(state, mg.legal_moves(state)[0])
    sheet = mg.score(state)
    assert sheet.over
    assert sheet.pools == (0,) * 6
    assert sum(sheet.balances) + sheet.discarded == 300
    assert 0 <= sheet.discarded < 6
    assert sum(sheet.totals) == -sheet.discarded
    assert sheet.hands[-1].explanation.endswith(f"{sheet.discarded} discarded")
    top = max(sheet.balances)
    assert sheet.winners == tuple(s for s in range(6) if sheet.balances[s] == top)
    assert sheet.losers == tuple(s for s in range(6) if sheet.balances[s] != top)


def test_session_end_carries_the_pools() -> None:
    state = start(mg.Rules(max_hands=1, leftover="carry_to_next_session"))
    state = mg.apply(state, mg.Deal())
    while not mg.is_over(state):
        state = mg.apply(state, mg.legal_moves(state)[0])
    sheet = mg.score(state)
    assert sum(sheet.pools) > 0
    assert sheet.discarded == 0
    assert sum(sheet.balances) + sum(sheet.pools) == 300


def test_all_equal_balances_have_no_winner() -> None:
    quiet = mg.Rules(
        max_hands=1,
        ante_per_pool=0,
        refill_on_win=0,
        held_marriage_payment=0,
        table_marriage_payment=0,
        trick_pay_per_trick=0,
        fine_zero_tricks=0,
    )
    state = deal(E2, "8♣", quiet)  # the jester J♦ is not dealt
    while not mg.is_over(state):
        state = mg.apply(state, mg.legal_moves(state)[0])
    sheet = mg.score(state)
    assert sheet.balances == (50,) * 6
    assert sheet.winners == ()
    assert sheet.losers == tuple(range(6))


@pytest.mark.parametrize(("players", "rounds"), [(5, 1), (6, 2), (7, 1)])
def test_session_length(players: int, rounds: int) -> None:
    state = mg.new_game(mg.Rules(rounds=rounds), seed=3, players=players, first_dealer=0)
    dealers = []
    while not mg.is_over(state):
        if state.hand_over:
            dealers.append(mg.current_player(state))
        state = mg.apply(state, mg.legal_moves(state)[-1])
    assert len(state.hand_scores) == players * rounds
    assert dealers == [seat % players for seat in range(players * rounds)]
    assert mg.current_player(state) is None
    assert mg.legal_moves(state) == ()


def test_counterclockwise() -> None:
    rules = mg.Rules(direction="counterclockwise")
    state = mg.apply(start(rules, dealer=2), mg.Deal())
    assert mg.current_player(state) == 1
    order = mg.order_for({1: "A♠ K♠ Q♠ J♠ 10♠"}, dealer=2, players=6, rules=rules)
    assert cards.format_cards(order[:3]) == "A♠ K♠ Q♠"
    state = mg.apply(start(rules, dealer=2), mg.Deal(order=order))
    assert hand_text(state, 1) == "10♠ J♠ Q♠ K♠ A♠"
    seats = []
    while not state.trick or len(state.trick) < 6:
        seats.append(mg.current_player(state))
        state = mg.apply(state, mg.legal_moves(state)[0])
        if not state.trick:
            break
    assert seats[:3] == [1, 0, 5]
    while not state.hand_over:
        state = mg.apply(state, mg.legal_moves(state)[0])
    assert mg.current_player(state) == 1


def test_seven_players_with_36_cards() -> None:
    rules = mg.Rules(deck_for_players={7: 36})
    state = mg.apply(mg.new_game(rules, seed=2, players=7), mg.Deal())
    seen = [card for seat in range(7) for card in mg.view(state, seat).hand]
    assert len(seen) == 35
    assert all(card.rank >= cards.Rank.SIX for card in seen)
    state = mg.apply(mg.new_game(seed=2, players=7), mg.Deal())
    assert any(card.rank < cards.Rank.SIX for s in range(7) for card in mg.view(state, s).hand)


def test_marriage_order_either() -> None:
    # Q♠ then K♠ one after the other: a marriage only with marriage_order="either".
    hands = ("9♠ 6♦ 8♦ 10♦ Q♦", E2[4], "K♠ 7♥ 9♥ 9♦ J♥", E2[3], "A♠ 6♥ 8♥ 10♥ 7♦", E2[5])
    for rules, expected in (
        (mg.Rules(), (-1, -1, -1, -1, 5, -1)),
        (mg.Rules(marriage_order="either"), (-1, 0, 4, -1, -1, -1)),
    ):
        state = deal(hands, "8♣", rules)
        after = run(state, "9♠ Q♠ K♠ 7♣ A♠ 6♠")
        # No marriage: A♠ wins. With "either" the trick freezes at K♠, who wins it: seat 4's
        # ace came too late; all but Q♠'s player (seat 1) pay the winner.
        assert change(state, after) == (expected if rules.marriage_order == "either" else (0,) * 6)


def test_two_marriages_in_one_trick() -> None:
    hands = (
        "K♦ 6♠ 7♠ 6♣ 7♣",
        "Q♦ 8♠ 9♠ 8♣ 9♣",
        "6♦ 10♠ J♠ 10♣ J♣",
        "K♥ 7♥ 8♥ 9♥ 10♥",
        "Q♥ A♠ A♣ 6♥ A♥",
        "7♦ 8♦ 9♦ 10♦ A♦",
    )
    state = deal(hands, "Q♣")
    after = run(state, "K♦ Q♦ 6♦ K♥ Q♥ 7♦")
    assert after.tricks[-1].winner == 0  # frozen at the first marriage: K♦ is best
    paid = [line for line in lines(after) if "on the table" in line]
    assert len(paid) == 4 + 5
    # Seat 0 is paid by 2, 3, 4, 5 (not by 1, the queen); seat 4 by everyone else.
    assert change(state, after) == (4 - 1, -1, -2, -2, 4 - 1 + 1 + 0, -2)


def test_own_marriage_lead_bonus() -> None:
    # Trump ♥ (A♥). Seat 0 leads K♠ and wins the trick, then leads Q♠.
    hands = (
        "K♠ Q♠ 6♦ 8♦ 10♦",
        "6♠ 9♠ 6♥ 7♥ 9♥",
        "7♠ 10♠ 8♥ 10♥ Q♥",
        "8♠ J♠ 7♦ 9♦ J♥",
        "6♣ 8♣ 10♣ K♦ A♦",
        "7♣ 9♣ J♣ Q♣ Q♦",
    )
    for bonus, expected in ((False, (0,) * 6), (True, (5, -1, -1, -1, -1, -1))):
        state = deal(hands, "A♥", mg.Rules(own_marriage_lead_bonus=bonus))
        first = run(state, "K♠ 6♠ 7♠ 8♠ 6♣ 7♣")
        assert first.tricks[-1].winner == 0
        assert change(state, first) == (0,) * 6  # his own K and Q make no table marriage
        second = run(first, "Q♠ 9♠ 10♠ J♠ 8♣ 9♣")
        assert second.tricks[-1].winner == 0
        assert change(first, second) == expected
        assert ("seat 1 pays seat 0 1 chip: own marriage K♠ Q♠ led" in lines(second)) is bonus


def test_own_marriage_lead_bonus_is_a_chip_from_each_player_whatever_rule_27_pays() -> None:
    # Rule 24's reading pays 1 chip from each player; table_marriage_payment is rule 27's.
    # Trump ♣ (A♣). Seat 0 holds K♥ and Q♥ and leads both; no jester is dealt.
    hands = (
        "K♥ Q♥ 7♠ 9♠ J♣",
        "6♥ 7♥ 8♠ 10♣ 6♦",
        "8♥ 9♥ 10♠ 7♦ 8♦",
        "10♥ J♥ 6♠ 9♦ 10♦",
        "A♥ Q♠ K♠ 6♣ 7♣",
        "A♠ 8♣ 9♣ Q♦ K♦",
    )
    rules = mg.Rules(own_marriage_lead_bonus=True, table_marriage_payment=2)
    state = deal(hands, "A♣", rules)
    first = run(state, "K♥ 6♥ 8♥ 10♥ A♥ 8♣")
    second = run(first, "Q♥ 7♥ 9♥ J♥ 6♣ 9♣")
    assert [trick.winner for trick in second.tricks] == [0, 0]
    assert change(state, second) == (5, -1, -1, -1, -1, -1)
    assert "seat 5 pays seat 0 1 chip: own marriage K♥ Q♥ led" in lines(second)


def test_heart_marriage_on_the_table_pays_a_chip_whatever_rule_27_pays() -> None:
    # Rule 28 pays the Q♥ player 1 chip from each player; table_marriage_payment=2 is rule 27's.
    state = deal(E3, "8♣", mg.Rules(table_marriage_payment=2))
    state = run(state, "6♦ 7♦ A♦ 8♦ 9♦ 10♦")
    after = run(state, "K♥ Q♥ 6♥ 7♥ 8♥ 9♥")
    assert change(state, after) == (-1, -1, -1, -1, -1, 5)
    # A marriage in another suit is paid table_marriage_payment: E2, seat 1 takes K♠ Q♠.
    e2 = deal(E2, "8♣", mg.Rules(table_marriage_payment=2))
    assert change(e2, run(e2, "9♠ K♠ Q♠ A♠ 7♣ 6♠")) == (-2, 8, -2, -2, 0, -2)


def test_a_pool_that_holds_nothing_gets_no_chip_back() -> None:
    # Rule 12: whoever empties a pool puts a chip back. With no ante the pools hold nothing,
    # so E1's winners empty nothing: the pools stay empty and nobody refills them.
    state = deal(E1, "7♣", mg.Rules(ante_per_pool=0))
    assert state.pools == (0,) * 6
    assert not [line for line in lines(state) if line.endswith("refill")]
    assert state.balances == (48, 48, 48, 60, 48, 48)  # only the heart marriage held is paid
    assert mg.view(state, 0).pools_won == (2, 3, 2, 3, 3)  # the pools are still won
    # A pool that holds chips is refilled as before: E1 with the ante.
    assert deal(E1, "7♣").pools == (1, 1, 1, 1, 1, 6)


def test_a_point_is_claimed_whole() -> None:
    # Seat 0 holds 8♠ 9♠ 10♠ J♠: legal_moves offers the whole run, and apply agrees.
    rules = mg.Rules(auto_claim=False)
    order = mg.order_for({0: "8♠ 9♠ 10♠ J♠ 6♥"}, dealer=DEALER, players=6, trump_card="7♣")
    state = mg.apply(start(rules), mg.Deal(order=order))
    part = mg.Claim(Pool.POINT, "8♠ 9♠ 10♠")
    whole = mg.Claim(Pool.POINT, "8♠ 9♠ 10♠ J♠")
    assert whole in mg.legal_moves(state)
    assert part not in mg.legal_moves(state)
    assert not mg.is_legal(state, part)
    assert not mg.is_legal(state, part, seat=0)
    with pytest.raises(
        errors.IllegalMoveError,
        match=r"a point is claimed whole \(rule 13\): you hold 8♠ 9♠ 10♠ J♠",
    ):
        mg.apply(state, part, seat=0)
    assert mg.is_legal(state, whole, seat=0)


# --- Errors, views, narration, the score sheet -------------------------------------------------


def test_play_errors() -> None:
    state = deal(E2, "8♣")
    with pytest.raises(errors.IllegalMoveError, match="you do not hold K♠"):
        mg.apply(state, mg.Play(cards.Card.parse("K♠")))
    with pytest.raises(errors.NotYourTurnError, match="seat 0 is to move, not seat 1"):
        mg.apply(state, mg.Play(cards.Card.parse("K♠")), seat=1)
    led = run(state, "9♠")
    with pytest.raises(errors.IllegalMoveError, match="must follow suit: 9♠ was led"):
        mg.apply(led, mg.Play(cards.Card.parse("6♥")))
    called = run(led, "K♠")
    with pytest.raises(errors.IllegalMoveError, match="you must play her on K♠ at once"):
        mg.apply(called, mg.Play(cards.Card.parse("10♣")))
    with pytest.raises(errors.IllegalMoveError, match="nothing to decline"):
        mg.apply(called, mg.Decline())
    with pytest.raises(errors.IllegalMoveError, match="the deal is being played"):
        mg.apply(called, mg.Deal())
    trumping = run(called, "Q♠ A♠")
    with pytest.raises(errors.IllegalMoveError, match="must trump: you have no ♠ and hold 6♣ 7♣"):
        mg.apply(trumping, mg.Play(cards.Card.parse("A♥")))
    penalty = deal(E2, "8♣", mg.Rules(forced_queen="penalty_only"))
    penalty = run(penalty, "9♠ K♠")
    with pytest.raises(errors.IllegalMoveError, match="play her on K♠ at once, or decline"):
        mg.apply(penalty, mg.Play(cards.Card.parse("10♣")))
    with pytest.raises(errors.IllegalMoveError, match="must deal first"):
        mg.apply(start(), mg.Play(cards.Card.parse("10♣")))
    with pytest.raises(errors.IllegalMoveError, match="not a Mariage move"):
        mg.apply(state, object())  # type: ignore[arg-type]  # not a move, on purpose
    with pytest.raises(errors.IllegalMoveError, match="must hold each of the 36 cards"):
        mg.apply(start(), mg.Deal(order="A♠ K♠"))
    assert not mg.is_legal(state, "play 9♠")


def test_match_over_refuses_everything() -> None:
    state = start(mg.Rules(max_hands=1))
    while not mg.is_over(state):
        state = mg.apply(state, mg.legal_moves(state)[0])
    for move in (mg.Deal(), mg.Misdeal(), mg.DealOutOfTurn(1), mg.Pass()):
        with pytest.raises(errors.MatchOverError):
            mg.apply(state, move)
    with pytest.raises(errors.MatchOverError):
        mg.apply(state, mg.Misdeal(), seat=0)


def test_new_game_arguments() -> None:
    for players in (5, 6, 7, 8, 9, 10):
        state = mg.new_game(seed=1, players=players)
        assert state.players == players
        assert state.balances == (50,) * players
        assert mg.current_player(state) == state.first_dealer
    assert mg.new_game(seed=4).players == 6
    for bad in (4, 11, 6.0, True, "6"):
        with pytest.raises(errors.RulesError, match="5 to 10 players"):
            mg.new_game(players=bad)  # type: ignore[arg-type]  # wrong on purpose
    with pytest.raises(errors.RulesError, match="first_dealer"):
        mg.new_game(players=5, first_dealer=5)
    with pytest.raises(errors.RulesError, match=r"expected mariage\.Rules"):
        mg.new_game(rules={"rounds": 2})  # type: ignore[arg-type]  # wrong on purpose
    with pytest.raises(errors.RulesError, match="seat must be a seat from 0 to 5"):
        mg.view(start(), 6)


def test_order_for() -> None:
    order = mg.order_for([*E1[:5], None], dealer=5, players=6, trump_card="7♣")
    assert len(order) == 36
    assert order[30] == cards.Card.parse("7♣")
    state = mg.apply(start(), mg.Deal(order=order))
    assert hand_text(state, 3) == "10♣ 7♠ Q♥ K♥ 8♦"
    with pytest.raises(errors.RulesError, match="cannot also be in a hand"):
        mg.order_for({0: E1[0]}, dealer=5, players=6, trump_card="Q♣")
    with pytest.raises(errors.RulesError, match="not in the 36-card pack"):
        mg.order_for({0: E1[0]}, dealer=5, players=6, trump_card="2♣")
    with pytest.raises(errors.RulesError, match="for each of the 6 seats"):
        mg.order_for([E1[0]], dealer=5, players=6)
    with pytest.raises(errors.RulesError, match="must get 5 cards"):
        mg.order_for({0: "A♠"}, dealer=5, players=6)
    with pytest.raises(errors.RulesError, match="dealer"):
        mg.order_for({}, dealer=6, players=6)
    with pytest.raises(errors.RulesError, match="5 to 10 players"):
        mg.order_for({}, dealer=0, players=4)
    assert deals.receivers(5, 6) == (0, 1, 2, 3, 4, 5)


def test_views_hide_other_hands() -> None:
    state = deal(E2, "8♣")
    view = mg.view(state, 1)
    assert cards.format_cards(view.hand) == "K♠ 6♥ 8♥ 10♥ 7♦"
    assert view.hand_sizes == (5,) * 6
    assert view.trump == cards.Card.parse("8♣")
    assert view.legal_moves == ()
    assert mg.view(state, 0).legal_moves == mg.legal_moves(state)
    text = repr(view)
    for other in (0, 2, 3, 4, 5):
        for item in cards.parse_cards(E2[other]):
            assert str(item) not in text.replace(str(view.trump), "")
    assert "K♠" not in repr(mg.view(state, 0))
    assert "mariage.State" in repr(state)
    assert "Q♠" not in repr(state)


def test_view_of_the_trick_and_the_tricks() -> None:
    state = run(deal(E2, "8♣"), "9♠ K♠")
    view = mg.view(state, 3)
    assert view.current_player == 4
    assert view.queen_due is None  # only her holder is told
    assert mg.view(state, 4).queen_due == cards.Card.parse("Q♠")
    assert view.trick is not None
    assert str(view.trick) == "0:9♠ 1:K♠"
    after = run(state, "Q♠ A♠ 7♣ 6♠")
    view = mg.view(after, 3)
    assert view.trick is None
    assert view.queen_due is None
    assert view.tricks_taken == (0, 1, 0, 0, 0, 0)
    assert len(view.tricks) == 1
    assert view.balances == after.balances
    assert view.pools == after.pools


def test_narrate() -> None:
    before = start()
    dealt = deal(E1, "7♣")
    line = mg.narrate(before, dealt.moves[-1], dealt)  # the stacked deal
    assert line is not None
    assert line.startswith("deal 1: seat 5 deals, 7♣ turned up for trump; ante 1 chip a pool")
    assert "seat 3 shows pool II (K♥ Q♥)" in line
    assert "heart marriage held: seat 0 −2, seat 1 −2, seat 2 −2, seat 3 +15, seat 4 −2" in line
    state = deal(E2, "8♣")
    after = run(state, "9♠")
    assert mg.narrate(state, mg.parse_move("9♠"), after) is None
    called = run(after, "K♠")
    answered = run(called, "Q♠")
    assert mg.narrate(called, mg.parse_move("Q♠"), answered) == "seat 4 plays Q♠ on K♠ out of turn"
    almost = run(answered, "A♠ 7♣")
    done = run(almost, "6♠")
    assert mg.narrate(almost, mg.parse_move("6♠"), done) == (
        "trick 1: 0:9♠ 1:K♠ 4:Q♠ 2:A♠ 3:7♣ 5:6♠ → seat 1 takes; marriage K♠ Q♠ on the table: "
        "seat 0 −1, seat 1 +4, seat 2 −1, seat 3 −1, seat 5 −1; "
        "7♣ is a trump, but a marriage on the table cannot be overtaken (rule 25)"
    )
    penalty = run(deal(E2, "8♣", mg.Rules(forced_queen="penalty_only")), "9♠ K♠")
    declined = run(penalty, "decline")
    assert mg.narrate(penalty, mg.Decline(), declined) == (
        "seat 4 declines to play Q♠ on K♠; Q♠ not played on K♠: seat 0 +1, seat 1 +1, "
        "seat 2 +1, seat 3 +1, seat 4 −5, seat 5 +1"
    )
    void = mg.apply(dealt, mg.Misdeal())
    assert mg.narrate(dealt, mg.Misdeal(), void) == (
        "seat 5 misdealt: the deal is void; misdeal: seat 0 +1, seat 1 +1, seat 2 +1, "
        "seat 3 +1, seat 4 +1, seat 5 −5; deal 1 over: seat 5 misdealt: the deal is void and "
        "dealt again without a new ante"
    )
    moved = mg.apply(start(), mg.DealOutOfTurn(1))
    assert (mg.narrate(start(), mg.DealOutOfTurn(1), moved) or "").startswith(
        "seat 1 deals out of turn; dealt out of turn: seat 0 +1, seat 1 −5"
    )
    manual = deal(E1, "7♣", MANUAL)
    claimed = run_all(manual, "pass, claim point 8♠ 9♠ 10♠")
    step = run_all(manual, "pass")
    assert mg.narrate(manual, mg.Pass(), step) is None
    assert mg.narrate(step, mg.Claim(Pool.POINT, "8♠ 9♠ 10♠"), claimed) == (
        "seat 1 claims pool I (8♠ 9♠ 10♠)"
    )
    last = run_all(claimed, "pass, pass, pass, pass")
    ended = run_all(last, "pass")
    assert (mg.narrate(last, mg.Pass(), ended) or "").startswith(
        "the claims are made; point 8♠ 9♠ 10♠ held: seat 1 +5, pool I −5"
    )


def test_score_sheet() -> None:
    done = run(deal(E5, "6♣"), E5_PLAY)
    sheet = mg.score(done)
    assert sheet.totals == done.totals
    assert sheet.balances == done.balances
    assert sheet.pools == done.pools
    assert not sheet.over
    assert sheet.winners == sheet.losers == ()
    assert len(sheet.hands) == 1
    hand = sheet.hands[0]
    assert hand.number == 1
    assert hand.dealer == 5
    assert hand.trump == cards.Card.parse("6♣")
    assert hand.pools_won == (None, None, 0, None, 4)
    assert not hand.misdeal
    assert hand.explanation == (
        "seat 5 dealt, trump 6♣; pools won: III seat 0, V seat 4; tricks 2 0 0 2 1 0"
    )
    text = str(sheet)
    assert text.splitlines()[0].startswith("balances  seat 0: ")
    assert text.splitlines()[1] == (
        "pools     pool I: 6  pool II: 6  pool III: 1  pool IV: 6  pool V: 1  pool VI: 5"
    )
    assert "seat 0 pays seat 4 1 chip: jester captured by Q♥" in text
    assert sheet.payment_lines == tuple(map(str, sheet.payments))


def long_session(deals: int) -> list[mg.State]:
    """The states at the first trick of each deal of a session of ``deals`` deals."""
    state = mg.new_game(mg.Rules(rounds=deals), seed=8, players=6, first_dealer=0)
    found = []
    while not mg.is_over(state):
        state = mg.apply(state, mg.legal_moves(state)[0])
        if len(state.trick) == 1 and not state.tricks:
            found.append(state)
    return found


def test_score_reads_this_deal_s_payments_not_the_session_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = long_session(8)
    read: list[int] = []
    party = ledger._party  # noqa: SLF001  # the function that names a party of each payment

    def counted(number: int) -> int | mg.Pool | None:
        read.append(number)
        return party(number)

    monkeypatch.setattr(ledger, "_party", counted)
    for state in (states[1], states[-1]):
        read.clear()
        sheet = mg.score(state)
        # Two parties a payment: score made those of this deal, and no others.
        assert len(read) == 2 * len(sheet.payments)
        assert {payment.hand for payment in sheet.payments} == {state.hand_number}
    last = states[-1]
    assert len(last.ledger) > 40 * len(mg.score(last).payments)
    # The finished deals are shared from one state to the next, not rebuilt.
    early, late = mg.score(states[2]), mg.score(last)
    assert all(a is b for a, b in zip(early.hands, late.hands[: len(early.hands)], strict=True))


def test_replay_with_events() -> None:
    state = start()
    state = mg.apply(state, mg.DealOutOfTurn(3))
    state = mg.apply(state, mg.Deal())
    state = mg.apply(state, mg.Misdeal())
    for _ in range(12):
        state = mg.apply(state, mg.legal_moves(state)[-1])
    moves = state.moves
    assert (
        mg.replay(state.rules, state.seed, moves, players=state.players, first_dealer=DEALER)
        == state
    )
    texts = [str(move) for move in moves]
    assert (
        mg.replay(state.rules, state.seed, texts, players=state.players, first_dealer=DEALER)
        == state
    )
    assert pickle.loads(pickle.dumps(state)) == state  # noqa: S301  # our own value
    assert copy.deepcopy(state) == state


def test_registry_entry() -> None:
    assert cardgames.GAMES["mariage"] is mg.GAME
    assert mg.GAME.players[0] == 6
    assert mg.max_hand_moves(mg.Rules(), 10) == 2 + 50
    assert mg.max_hand_moves(mg.Rules(auto_claim=False, forced_queen="penalty_only"), 5) == (
        2 + 30 + 25 + 4
    )
