"""Tests of Staekske Rape: rules, moves, auction, stock, melds, play and scoring.

Rule numbers in the test names and comments are those of rules/staekske-rape.md (section 2).
Hands are stacked with ``order_for`` (dealer 0 unless said: seat 1 is the nanny, then 2, 3, 0)
and driven by move texts. The random playouts with their invariants are in
``test_staekske_rape_playouts.py``.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames import cards, dealing, errors, tricks
from cardgames import staekske_rape as sr
from cardgames.staekske_rape import _play as sr_play
from cardgames.staekske_rape import _rules as sr_rules
from cardgames.staekske_rape import _scoring as sr_scoring

SEED = 2024

# Seat 1 (the nanny, when seat 0 deals) holds four jacks and A K Q of hearts.
STRONG = {
    1: "J♣ J♠ J♥ J♦ A♥ K♥ Q♥",
    2: "A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♣",
    3: "A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠",
    0: "A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦",
}
STRONG_STOCK = "10♥ 9♥ 8♥ 7♥"


def card(text: str) -> cards.Card:
    return cards.Card.parse(text)


def dealt(
    hands: dict[int, str] | None = None,
    *,
    stock: str | None = None,
    dealer: int = 0,
    rules: sr.Rules | None = None,
    players: int = 4,
    seed: int = SEED,
) -> sr.State:
    """A new match whose first hand is stacked (or shuffled, without ``hands``)."""
    state = sr.new_game(rules, seed=seed, first_dealer=dealer, players=players)
    if hands is None:
        return sr.apply(state, sr.Deal())
    order = sr.order_for(hands, dealer=dealer, stock=stock, players=players, rules=rules)
    return sr.apply(state, sr.Deal(order=order))


def run(state: sr.State, texts: str) -> sr.State:
    """Apply moves written as ``bid 3, pass, pass``."""
    for text in texts.split(","):
        if text.strip():
            state = sr.apply(state, sr.parse_move(text))
    return state


def mover(state: sr.State) -> int:
    seat = sr.current_player(state)
    assert seat is not None
    return seat


def texts(moves: Iterable[object]) -> list[str]:
    return [str(move) for move in moves]


def play_out(state: sr.State) -> sr.State:
    """Play the rest of the hand with the first legal card (never a meld or Stoek)."""
    while not state.hand_over:
        moves = sr.legal_moves(state)
        plays = [move for move in moves if isinstance(move, sr.Play)]
        state = sr.apply(state, plays[0] if plays else moves[0])
    return state


# --- Rules 1-5: players, pack, ranks, card points --------------------------------------------


def test_pack_points_and_registry() -> None:
    assert cards.pack(32) == sr.PACK
    for trump in cards.Suit:
        assert sum(sr_scoring.POINTS[trump][item.index] for item in sr.PACK) == 141
    assert cardgames.GAMES["staekske-rape"] is sr.GAME
    assert sr.GAME.players == (4, 5)
    assert sr.GAME.title == "Staekske Rape"
    assert sr.GAME.rules_type is sr.Rules


@pytest.mark.parametrize("players", [3, 6, 0, True, "4"])
def test_player_counts_other_than_four_or_five_are_refused(players: object) -> None:
    with pytest.raises(errors.RulesError, match="4 players"):
        sr.new_game(seed=1, players=players)  # type: ignore[arg-type]  # a bad value on purpose


def test_new_game_checks_its_arguments() -> None:
    with pytest.raises(errors.RulesError, match="seed"):
        sr.new_game(seed="x")  # type: ignore[arg-type]  # a bad value on purpose
    with pytest.raises(errors.RulesError, match="first_dealer"):
        sr.new_game(seed=1, first_dealer=4)
    with pytest.raises(errors.RulesError, match=r"expected staekske_rape\.Rules"):
        sr.new_game(object(), seed=1)  # type: ignore[arg-type]  # a bad value on purpose
    assert isinstance(sr.new_game().seed, int)


def test_trump_and_plain_ranks_rule_4() -> None:
    ranking = sr_play.RANKINGS[cards.Suit.HEARTS]
    trumps = cards.parse_cards("J♥ 9♥ A♥ K♥ Q♥ 10♥ 8♥ 7♥")
    plain = cards.parse_cards("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣")
    for order in (trumps, plain):
        for high, low in itertools.pairwise(order):
            assert tricks.best([low.index, high.index], ranking) == 1
            assert tricks.best([high.index, low.index], ranking) == 0
    # The lowest trump beats the highest plain card; an off-suit card never wins.
    assert tricks.best([card("A♣").index, card("7♥").index], ranking) == 1
    assert tricks.best([card("7♣").index, card("A♠").index], ranking) == 0


# --- Rules 6-8: first dealer, rotation, the deal ---------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("seed", range(20))
def test_first_dealer_is_the_first_to_receive_a_jack_rule_6(seed: int, players: int) -> None:
    seat, shown = sr.draw_first_dealer(seed, players=players)
    assert [item.rank == cards.Rank.JACK for item in shown].count(True) == 1
    assert shown[-1].rank == cards.Rank.JACK
    assert seat == (len(shown) - 1) % players
    expected = list(sr.PACK)
    dealing.rng(seed, "first dealer").shuffle(expected)
    assert list(shown) == expected[: len(shown)]
    state = sr.new_game(seed=seed, players=players)
    assert state.first_dealer == seat
    assert sr.current_player(state) == seat


def test_deal_rotates_clockwise_also_after_a_concession_rule_7() -> None:
    state = sr.new_game(seed=SEED, first_dealer=2)
    dealers = []
    for _ in range(6):
        state = sr.apply(state, sr.Deal())
        dealers.append(state.dealer)
        assert mover(state) == (state.dealer + 1) % 4  # the nanny speaks first
        state = run(state, "pass, pass, pass, pass, concede")
        assert state.hand_over
    assert dealers == [2, 3, 0, 1, 2, 3]
    assert sr.score(state).totals == (-20, -10, -10, -20)


def test_deal_gives_seven_cards_each_and_four_to_the_stock_rule_8() -> None:
    state = dealt()
    assert state.hands[0].bit_count() == 7
    assert all(hand.bit_count() == 7 for hand in state.hands)
    view = sr.view(state, 1)
    assert view.hand_sizes == (7, 7, 7, 7)
    assert view.stock_size == 4
    assert view.phase is sr.Phase.AUCTION
    assert state.contract is not None
    everything = state.contract.stock
    for hand in state.hands:
        everything |= hand
    assert everything == cards.mask_of(sr.PACK)


def test_deal_packets_option_changes_only_the_order_of_dealing() -> None:
    rules = sr.Rules(deal_packets=(3, 4))
    order = sr.order_for(STRONG, dealer=0, stock=STRONG_STOCK, rules=rules)
    assert order[:3] == cards.parse_cards("J♣ J♠ J♥")
    state = dealt(STRONG, stock=STRONG_STOCK, rules=rules)
    assert state.hands[1] == cards.mask_of(cards.parse_cards(STRONG[1]))
    shuffled = dealt(rules=rules)
    plain = dealt()
    assert shuffled.hands != plain.hands  # the same shuffle dealt in other packets


def test_stacked_deal_is_checked() -> None:
    state = sr.new_game(seed=SEED, first_dealer=0)
    with pytest.raises(errors.IllegalMoveError, match="each of the 32 cards once"):
        sr.apply(state, sr.Deal(order=sr.PACK[:31]))
    with pytest.raises(errors.RulesError, match="must get 7 cards"):
        sr.order_for({1: "J♣ J♠"}, dealer=0)
    with pytest.raises(errors.RulesError, match="each of the 4 seats"):
        sr.order_for(["J♣ J♠ J♥ J♦ A♥ K♥ Q♥"], dealer=0)
    with pytest.raises(errors.RulesError, match="gets no cards"):
        sr.order_for({0: STRONG[0]}, dealer=0, players=5)
    with pytest.raises(
        errors.RulesError, match=r"played by 4 players \(or 5, the dealer sitting out\), not 3"
    ):
        sr.order_for({}, dealer=0, players=3)
    order = sr.order_for([STRONG[0], STRONG[1], None, None], dealer=0)
    assert sr.apply(state, sr.Deal(order=order)).hands[1] == cards.mask_of(
        cards.parse_cards(STRONG[1])
    )


# --- Rules 9-16: the auction -----------------------------------------------------------------


def test_a_player_who_has_not_looked_sees_no_hand_rule_12() -> None:
    state = dealt(STRONG, stock=STRONG_STOCK)
    assert sr.view(state, 1).hand is None
    assert sr.view(state, 1).looked == (False, False, False, False)
    assert texts(sr.legal_moves(state)) == ["look", "bid 2", "bid 3", "pass"]
    looked = sr.apply(state, sr.LOOK)
    assert mover(looked) == 1  # looking does not pass the turn
    assert texts(sr.view(looked, 1).hand or ()) == texts(sorted(cards.parse_cards(STRONG[1])))
    assert sr.view(looked, 1).looked == (False, True, False, False)
    assert texts(sr.legal_moves(looked)) == ["bid 3", "pass"]  # no blind 2 after looking
    with pytest.raises(errors.IllegalMoveError, match="not looked at his cards: you have looked"):
        sr.apply(looked, sr.Bid(2))
    with pytest.raises(errors.IllegalMoveError, match="already looked"):
        sr.apply(looked, sr.LOOK)


def test_any_other_action_looks_first_a_pass_included_rule_12() -> None:
    state = run(dealt(), "pass")
    assert sr.view(state, 1).hand is not None
    state = run(state, "bid 3")
    assert sr.view(state, 2).hand is not None
    assert sr.view(state, 3).hand is None


def test_blind_two_is_open_until_someone_bids_rule_12() -> None:
    state = run(dealt(), "pass, pass")  # the nanny and seat 2 pass without bidding
    assert texts(sr.legal_moves(state)) == ["look", "bid 2", "bid 3", "pass"]
    state = run(state, "bid 2")
    assert sr.view(state, 3).hand is not None  # the blind bidder looks right after bidding
    assert mover(state) == 0
    assert texts(sr.legal_moves(state)) == ["look", "bid 4", "pass"]  # after 2 comes 4


def test_blind_two_only_before_any_bid_rule_12() -> None:
    state = run(dealt(), "bid 3")
    assert texts(sr.legal_moves(state)) == ["look", "bid 4", "pass"]
    with pytest.raises(
        errors.IllegalMoveError, match="before anyone has bid: the bid is already 3"
    ):
        sr.apply(state, sr.Bid(2))


def test_blind_two_can_be_switched_off() -> None:
    state = dealt(rules=sr.Rules(blind_two=False))
    assert texts(sr.legal_moves(state)) == ["look", "bid 3", "pass"]
    with pytest.raises(errors.IllegalMoveError, match="blind_two=False"):
        sr.apply(state, sr.Bid(2))


def test_after_two_the_next_bid_is_four_rule_12() -> None:
    state = run(dealt(), "bid 2")
    with pytest.raises(errors.IllegalMoveError, match="the next bid after 2 must be 4"):
        sr.apply(state, sr.Bid(3))
    state = run(state, "bid 4")
    assert texts(sr.legal_moves(state)) == ["look", "bid 5", "pass"]


def test_bids_go_up_one_at_a_time_rule_11() -> None:
    state = dealt()
    with pytest.raises(errors.IllegalMoveError, match="the next bid to open must be 3"):
        sr.apply(state, sr.Bid(4))
    state = run(state, "bid 3")
    with pytest.raises(errors.IllegalMoveError, match="the next bid after 3 must be 4"):
        sr.apply(state, sr.Bid(5))
    with pytest.raises(errors.IllegalMoveError, match="nanny's forced game"):
        sr.apply(state, sr.Bid(1))


def test_jump_bids_option() -> None:
    rules = sr.Rules(allow_jump_bids=True)
    state = run(dealt(rules=rules), "look")
    bids = [move.amount for move in sr.legal_moves(state) if isinstance(move, sr.Bid)]
    assert bids == list(range(3, sr.max_bid(rules) + 1))
    state = run(state, "bid 7")
    with pytest.raises(errors.IllegalMoveError, match="must be 8 or more"):
        sr.apply(state, sr.Bid(7))
    with pytest.raises(errors.IllegalMoveError, match="no bid above 42"):
        sr.apply(state, sr.Bid(43))
    state = run(state, "bid 42")
    assert texts(sr.legal_moves(state)) == ["look", "pass"]


def test_bids_stop_at_the_highest_any_hand_could_make() -> None:
    state = run(dealt(), "bid 3, bid 4, pass, pass")  # seats 1 and 2 go on alone
    for amount in range(5, 43):
        state = sr.apply(state, sr.Bid(amount))
    assert state.phase is sr.Phase.AUCTION
    assert texts(sr.legal_moves(state)) == ["pass"]
    state = run(state, "pass")
    assert state.declarer == 2  # seat 2 bid 42 (the even bids)
    assert sr.view(state, 2).bid == 42


def test_a_pass_is_final_rule_13() -> None:
    state = run(dealt(), "pass, bid 3, bid 4")
    assert mover(state) == 0  # seats 1, 2, 3 spoke; the dealer is next
    state = run(state, "bid 5")
    assert mover(state) == 2  # seat 1 has passed and is skipped
    state = run(state, "pass")
    assert mover(state) == 3
    state = run(state, "pass")
    assert state.phase is sr.Phase.STOCK
    assert state.declarer == 0
    assert sr.view(state, 1).auction == (
        (1, sr.PASS),
        (2, sr.Bid(3)),
        (3, sr.Bid(4)),
        (0, sr.Bid(5)),
        (2, sr.PASS),
        (3, sr.PASS),
    )


def test_the_last_to_speak_may_still_bid_after_three_passes_rule_14() -> None:
    state = run(dealt(), "pass, pass, pass")
    assert mover(state) == 0
    assert state.phase is sr.Phase.AUCTION
    state = run(state, "bid 3")
    assert state.phase is sr.Phase.STOCK
    assert state.declarer == 0
    assert sr.view(state, 0).bid == 3


@pytest.mark.parametrize("nanny_call", ["pass", "bid 3", "bid 2"])
def test_nanny_chooses_when_the_three_after_him_pass_rule_15(nanny_call: str) -> None:
    state = run(dealt(), f"{nanny_call}, pass, pass, pass")
    assert state.phase is sr.Phase.NANNY
    assert mover(state) == 1
    assert sr.legal_moves(state) == (sr.Bid(1), sr.CONCEDE)
    with pytest.raises(errors.IllegalMoveError, match="must bid 1 or concede"):
        sr.apply(state, sr.Bid(3))
    with pytest.raises(errors.IllegalMoveError, match="bids 1 or concedes"):
        sr.apply(state, sr.TAKE_STOCK)
    # (a) bid 1, before seeing the stock: the stock phase follows with bid 1.
    played = sr.apply(state, sr.Bid(1))
    assert played.phase is sr.Phase.STOCK
    assert played.declarer == 1
    assert sr.view(played, 1).bid == 1
    assert sr.view(played, 1).stock_size == 4
    # (b) concede: −10, not played, the deal passes on.
    conceded = sr.apply(state, sr.CONCEDE)
    assert conceded.hand_over
    assert mover(conceded) == 1  # the next dealer
    last = sr.score(conceded).hands[-1]
    assert isinstance(last, sr.HandScore)
    assert last.points == (0, -10, 0, 0)
    assert last.conceded
    assert last.bid is None
    assert last.explanation == "seat 1, the nanny concedes (the others all passed) → −10"


def test_nanny_declares_normally_when_someone_else_bid_rule_14() -> None:
    state = run(dealt(), "bid 3, bid 4, pass, pass, bid 5, pass")
    assert state.phase is sr.Phase.STOCK
    assert state.declarer == 1
    assert sr.view(state, 1).bid == 5


def test_concede_only_in_the_nanny_choice() -> None:
    state = dealt()
    with pytest.raises(errors.IllegalMoveError, match="concede is not allowed now"):
        sr.apply(state, sr.CONCEDE)


def test_forced_open_nanny_may_not_pass_first() -> None:
    rules = sr.Rules(nanny_model="forced_open")
    state = dealt(rules=rules)
    assert texts(sr.legal_moves(state)) == ["look", "bid 2", "bid 3"]
    with pytest.raises(errors.IllegalMoveError, match="forced_open"):
        sr.apply(state, sr.PASS)
    state = run(state, "bid 3, pass, pass, pass")
    assert state.phase is sr.Phase.NANNY
    assert sr.legal_moves(state) == (sr.Bid(1), sr.CONCEDE)
    # Later in the auction the nanny may pass like anyone else.
    state = run(dealt(rules=rules), "bid 3, bid 4, pass, pass")
    assert texts(sr.legal_moves(state)) == ["bid 5", "pass"]


# --- Rules 17-19: the stock ------------------------------------------------------------------


def declarer_one(rules: sr.Rules | None = None) -> sr.State:
    """The STRONG hand after seat 1 bid 3 and everyone else passed."""
    return run(dealt(STRONG, stock=STRONG_STOCK, rules=rules), "look, bid 3, pass, pass, pass")


def test_nanny_opening_three_and_others_passing_gives_the_choice() -> None:
    assert declarer_one().phase is sr.Phase.NANNY


def test_taking_the_stock_then_discarding_four_rule_17() -> None:
    state = run(dealt(STRONG, stock=STRONG_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    assert texts(sr.legal_moves(state)) == ["take stock", "no stock"]
    state = run(state, "take stock")
    assert state.phase is sr.Phase.DISCARD
    assert sr.view(state, 1).hand_sizes == (7, 11, 7, 7)
    assert sr.view(state, 1).stock_size == 0
    discards = sr.legal_moves(state)
    assert len(discards) == 330  # 11 choose 4
    assert all(isinstance(move, sr.Discard) for move in discards)
    assert str(discards[0]) == "discard J♣ J♠ 7♥ 8♥"
    assert list(discards) == sorted(discards, key=lambda m: [c.index for c in m.cards])  # type: ignore[union-attr]
    # The listed moves are made once and shared; each equals the move built from its cards.
    hand = sr.view(state, 1).hand
    assert hand is not None
    built = [sr.Discard(chosen) for chosen in itertools.combinations(hand, 4)]
    assert list(discards) == built
    assert [hash(move) for move in discards] == [hash(move) for move in built]
    assert [move.mask for move in discards] == [move.mask for move in built]  # type: ignore[union-attr]
    with pytest.raises(errors.IllegalMoveError, match="discard exactly 4 cards, not 3"):
        sr.apply(state, sr.Discard("7♥ 8♥ 9♥"))
    with pytest.raises(errors.IllegalMoveError, match="you do not hold A♣"):
        sr.apply(state, sr.Discard("7♥ 8♥ 9♥ A♣"))
    state = run(state, "discard 7♥ 8♥ 9♥ 10♥")
    assert state.phase is sr.Phase.TRUMP
    assert sr.view(state, 1).discards == cards.parse_cards("7♥ 8♥ 9♥ 10♥")
    for seat in (0, 2, 3):
        assert sr.view(state, seat).discards is None
    assert texts(sr.legal_moves(state)) == ["trump ♣", "trump ♠", "trump ♥", "trump ♦"]


def test_playing_without_the_stock_rule_18() -> None:
    state = run(dealt(STRONG, stock=STRONG_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    state = run(state, "no stock")
    assert state.phase is sr.Phase.TRUMP
    view = sr.view(state, 1)
    assert view.without_stock
    assert view.stock_size == 4
    assert view.hand_sizes == (7, 7, 7, 7)
    assert view.discards is None


# --- Rules 20-24: trumps, melds, Stoek -------------------------------------------------------


def strong_in_play(*, rules: sr.Rules | None = None, stock: str = "no stock") -> sr.State:
    """Seat 1 declares at 5 on the STRONG hand, hearts trumps."""
    state = run(
        dealt(STRONG, stock=STRONG_STOCK, rules=rules), "bid 3, bid 4, pass, pass, bid 5, pass"
    )
    return run(state, f"{stock}, trump ♥")


def test_declarable_melds_and_stoek_before_the_first_lead_rules_21_24() -> None:
    state = strong_in_play()
    assert state.phase is sr.Phase.PLAY
    moves = sr.legal_moves(state)
    assert texts(moves[:3]) == ["meld J♣ J♠ J♥ J♦", "meld J♥ Q♥ K♥ A♥", "stoek"]
    assert len(moves) == 3 + 7  # then any card may be led
    state = run(state, "meld J♥ Q♥ K♥ A♥, stoek, meld J♣ J♠ J♥ J♦")
    assert texts(sr.legal_moves(state)) == texts(
        sr.Play(c) for c in sorted(cards.parse_cards(STRONG[1]))
    )
    view = sr.view(state, 2)
    assert view.melds == (sr.Meld("A♥ K♥ Q♥ J♥"), sr.Meld("J♣ J♠ J♥ J♦"))
    assert view.stoek
    assert state.contract is not None
    assert state.contract.meld_points == 50 + 20 + 200
    with pytest.raises(errors.IllegalMoveError, match="declared already"):
        sr.apply(state, sr.Meld("J♣ J♠ J♥ J♦"))
    with pytest.raises(errors.IllegalMoveError, match="announced already"):
        sr.apply(state, sr.STOEK)


def test_meld_errors_name_the_rule() -> None:
    state = strong_in_play()
    with pytest.raises(errors.IllegalMoveError, match="is not a meld"):
        sr.apply(state, sr.Meld("J♣ A♥ 7♦"))
    with pytest.raises(errors.IllegalMoveError, match="you do not hold 10♥"):
        sr.apply(state, sr.Meld("10♥ J♥ Q♥"))
    with pytest.raises(errors.IllegalMoveError, match="part of your sequence of 4"):
        sr.apply(state, sr.Meld("Q♥ K♥ A♥"))
    led = run(state, "play A♥")
    with pytest.raises(errors.IllegalMoveError, match="only the declarer declares melds"):
        sr.apply(led, sr.Meld("J♣ J♠ J♥ J♦"))


def test_melds_only_before_the_first_lead_rule_21() -> None:
    state = run(strong_in_play(), "play A♥, play 7♣, play 7♠, play 7♦")
    assert mover(state) == 1
    assert not any(isinstance(m, sr.Meld) for m in sr.legal_moves(state))
    with pytest.raises(errors.IllegalMoveError, match="before the first lead: the play has begun"):
        sr.apply(state, sr.Meld("J♣ J♠ J♥ J♦"))


def test_only_the_declarer_declares() -> None:
    state = run(strong_in_play(), "play A♥")
    assert mover(state) == 2
    with pytest.raises(errors.IllegalMoveError, match="only the declarer declares melds"):
        sr.apply(state, sr.Meld("7♣ 8♣ 9♣ 10♣ Q♣ K♣ A♣"))
    with pytest.raises(errors.IllegalMoveError, match="only the declarer announces Stoek"):
        sr.apply(state, sr.STOEK)
    assert all(isinstance(move, sr.Play) for move in sr.legal_moves(state))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("J♣ J♠ J♥ J♦ A♥ K♥ Q♥", ["four jacks", "sequence of 4"]),  # J♥ counts in both
        ("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣", ["sequence of 7"]),  # one maximal run, no sub-runs
        ("A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♥", ["sequence of 3", "sequence of 3"]),  # a gap: two runs
        ("A♣ K♣ Q♣ J♣ 10♣ 7♥ 7♦", ["sequence of 5"]),
        ("9♣ 9♠ 9♥ 9♦ 10♥ J♥ 7♦", ["four nines", "sequence of 3"]),
        ("A♣ A♠ A♥ A♦ K♣ K♠ K♥", ["four aces"]),
        ("7♣ 7♠ 7♥ 7♦ 8♣ 8♠ 8♥", ["four sevens"]),
        ("8♣ 8♠ 8♥ 8♦ 10♣ 10♠ 10♥", ["four eights"]),
        ("Q♣ Q♠ Q♥ Q♦ 10♣ 10♠ 10♥", ["four queens"]),
        ("A♣ Q♣ 10♣ 8♣ A♠ Q♠ 10♠", []),
    ],
)
def test_meld_detection_rule_22(hand: str, expected: list[str]) -> None:
    assert [sr.meld_name(meld) for meld in sr.find_melds(hand)] == expected


def test_meld_values_rule_22() -> None:
    values = {
        "J♣ J♠ J♥ J♦": 200,
        "9♣ 9♠ 9♥ 9♦": 140,
        "A♣ A♠ A♥ A♦": 100,
        "K♣ K♠ K♥ K♦": 100,
        "Q♣ Q♠ Q♥ Q♦": 100,
        "10♣ 10♠ 10♥ 10♦": 100,
        "8♣ 8♠ 8♥ 8♦": 0,
        "7♣ 7♠ 7♥ 7♦": 0,
        "7♦ 8♦ 9♦": 20,
        "7♦ 8♦ 9♦ 10♦": 50,
        "7♦ 8♦ 9♦ 10♦ J♦": 100,
        "7♦ 8♦ 9♦ 10♦ J♦ Q♦": 100,
        "7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦": 100,
    }
    for text, points in values.items():
        assert sr.meld_points(sr.Meld(text)) == points
    long = sr.Rules(long_sequence_value=150)
    assert sr.meld_points(sr.Meld("7♦ 8♦ 9♦ 10♦ J♦ Q♦"), long) == 150
    assert sr.meld_points(sr.Meld("7♦ 8♦ 9♦ 10♦ J♦"), long) == 100
    with pytest.raises(errors.IllegalMoveError, match="not a meld"):
        sr.meld_points(sr.Meld("7♦ 9♦ 10♦"))


def test_melds_may_not_share_cards_option_rule_24() -> None:
    rules = sr.Rules(melds_may_share_cards=False)
    state = strong_in_play(rules=rules)
    assert texts(sr.legal_moves(state)[:3]) == ["meld J♣ J♠ J♥ J♦", "meld J♥ Q♥ K♥ A♥", "stoek"]
    after_sequence = run(state, "meld J♥ Q♥ K♥ A♥")
    assert not any(isinstance(m, sr.Meld | sr.Stoek) for m in sr.legal_moves(after_sequence))
    with pytest.raises(errors.IllegalMoveError, match="melds_may_share_cards=False"):
        sr.apply(after_sequence, sr.STOEK)
    with pytest.raises(errors.IllegalMoveError, match="melds_may_share_cards=False"):
        sr.apply(after_sequence, sr.Meld("J♣ J♠ J♥ J♦"))
    after_stoek = run(state, "stoek")
    assert texts(sr.legal_moves(after_stoek)[:1]) == ["meld J♣ J♠ J♥ J♦"]


# Seat 1 declares hearts holding K♥ Q♥ but keeps quiet before the lead; seat 2 wins the first
# trick with A♣ and leads the trump J♥.
STOEK_HANDS = {
    1: "K♥ Q♥ 7♣ 8♠ 9♠ 10♠ J♠",
    2: "A♣ J♥ 9♥ 7♦ 8♦ 9♦ 10♦",
    3: "K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♠",
    0: "A♠ K♠ Q♠ A♦ K♦ Q♦ J♦",
}
STOEK_STOCK = "A♥ 10♥ 8♥ 7♥"


def stoek_hand() -> sr.State:
    state = run(dealt(STOEK_HANDS, stock=STOEK_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    return run(state, "no stock, trump ♥")


def test_stoek_when_playing_the_king_or_queen_rule_23() -> None:
    state = stoek_hand()
    assert "stoek" in texts(sr.legal_moves(state))
    state = run(state, "play 7♣, play A♣, play 8♣, play A♠")  # seat 2 wins
    state = run(state, "play J♥, play 7♠, play J♦")  # trumps led: seat 1 must follow
    assert mover(state) == 1
    assert texts(sr.legal_moves(state)) == ["stoek", "play Q♥", "play K♥"]
    with pytest.raises(errors.IllegalMoveError, match="must follow trumps"):
        sr.apply(state, sr.Play(card("8♠")))
    state = run(state, "stoek")
    assert texts(sr.legal_moves(state)) == ["play Q♥", "play K♥"]
    assert mover(state) == 1
    state = run(state, "play Q♥")
    assert state.contract is not None
    assert state.contract.stoek
    assert not state.contract.stoek_pending
    assert state.contract.meld_points == 20
    state = play_out(state)
    last = sr.score(state).hands[-1]
    assert isinstance(last, sr.HandScore)
    assert last.stoek
    assert last.meld_points == 20


def test_stoek_only_when_the_king_or_queen_can_be_played() -> None:
    hands = {
        1: "K♥ Q♥ 7♣ 8♠ 9♠ 10♠ J♠",
        2: "A♣ 7♦ 8♦ 9♦ 10♦ J♦ Q♦",
        3: "K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♠",
        0: "A♠ K♠ Q♠ A♦ K♦ J♥ 9♥",
    }
    state = run(dealt(hands, stock=STOEK_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    state = run(state, "no stock, trump ♥, play 7♣, play A♣, play 8♣, play 9♥")  # seat 0 trumps
    state = run(state, "play A♠")
    assert mover(state) == 1
    assert "stoek" not in texts(sr.legal_moves(state))  # ♠ led: he must follow with ♠
    with pytest.raises(errors.IllegalMoveError, match="cannot play either now"):
        sr.apply(state, sr.STOEK)
    state = run(state, "play 8♠, play 7♦, play 7♠, play A♦")  # seat 0 wins, leads ♦
    assert mover(state) == 1  # void in ♦: he must trump with K♥ or Q♥
    assert texts(sr.legal_moves(state)) == ["stoek", "play Q♥", "play K♥"]


def test_stoek_needs_both_cards_after_the_exchange() -> None:
    state = run(dealt(STOEK_HANDS, stock=STOEK_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    state = run(state, "take stock, discard Q♥ 8♠ 9♠ 10♠, trump ♥")
    assert "stoek" not in texts(sr.legal_moves(state))
    with pytest.raises(errors.IllegalMoveError, match="did not hold both"):
        sr.apply(state, sr.STOEK)


def test_pending_stoek_forces_the_king_or_queen() -> None:
    state = run(stoek_hand(), "play 7♣, play A♣, play 8♣, play A♠, play J♥, play 7♠, play J♦")
    state = run(state, "stoek")
    with pytest.raises(errors.IllegalMoveError, match="you announced Stoek: now play Q♥ or K♥"):
        sr.apply(state, sr.Play(card("J♠")))


# --- Rules 25-30: the play -------------------------------------------------------------------

# Seat 1 declares ♥. Seat 2's only trump is the J♥; seat 3 is void in ♣ and holds the 7♥ only.
FOLLOW_HANDS = {
    1: "A♥ K♥ Q♥ A♣ A♠ 8♦ 7♦",
    2: "J♥ K♣ Q♣ 10♠ 9♠ 9♦ 10♦",
    3: "7♥ A♦ K♠ Q♠ J♠ K♦ Q♦",
    0: "J♣ 10♣ 9♣ 8♣ 7♣ 8♠ 7♠",
}
FOLLOW_STOCK = "10♥ 9♥ 8♥ J♦"


def follow_hand(rules: sr.Rules | None = None) -> sr.State:
    state = run(dealt(FOLLOW_HANDS, stock=FOLLOW_STOCK, rules=rules), "bid 3, bid 4, pass, pass")
    return run(state, "bid 5, pass, no stock, trump ♥")


def plays_now(state: sr.State) -> str:
    return cards.format_cards(m.card for m in sr.legal_moves(state) if isinstance(m, sr.Play))


def test_trump_jack_exemption_on_a_trump_lead_rules_26_28() -> None:
    state = run(follow_hand(), "play A♥")
    assert mover(state) == 2
    assert plays_now(state) == "Q♣ K♣ 9♠ 10♠ J♥ 9♦ 10♦"  # the J♥ alone need not be played
    state = run(state, "play 9♦")
    assert plays_now(state) == "7♥"  # a lone 7♥ must follow
    state = run(state, "play 7♥")
    assert plays_now(state) == "7♣ 8♣ 9♣ 10♣ J♣ 7♠ 8♠"  # no trump: anything


def test_no_exemption_on_a_plain_lead_by_default_rule_28() -> None:
    state = run(follow_hand(), "play 7♦, play 9♦, play A♦, play 7♣")  # seat 3 wins with A♦
    state = run(state, "play K♠, play 8♠, play A♠, play 9♠")  # seat 1 wins with A♠
    state = run(state, "play A♣")
    assert mover(state) == 2
    assert plays_now(state) == "Q♣ K♣"
    state = run(state, "play K♣")
    assert plays_now(state) == "7♥"  # void in ♣: must trump
    with pytest.raises(errors.IllegalMoveError, match="must trump: A♣ was led, you hold no ♣"):
        sr.apply(state, sr.Play(card("Q♠")))


def test_jack_exemption_on_plain_lead_when_the_jack_is_the_only_trump() -> None:
    hands = {
        1: "A♣ A♥ K♥ Q♥ 7♠ 8♠ 9♠",
        2: "J♥ K♠ Q♠ 7♦ 8♦ 9♦ 10♦",
        3: "K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣",
        0: "A♠ 10♠ J♠ A♦ K♦ Q♦ J♦",
    }
    for exempt, expected in ((False, "J♥"), (True, "Q♠ K♠ J♥ 7♦ 8♦ 9♦ 10♦")):
        rules = sr.Rules(jack_exempt_on_plain_lead=exempt)
        state = run(dealt(hands, stock="10♥ 9♥ 8♥ 7♥", rules=rules), "bid 3, bid 4, pass, pass")
        state = run(state, "bid 5, pass, no stock, trump ♥, play A♣")
        assert plays_now(state) == expected


def test_strict_follow_suit_rule_26() -> None:
    state = run(follow_hand(), "play A♠")
    assert plays_now(state) == "9♠ 10♠"
    with pytest.raises(errors.IllegalMoveError, match="must follow suit: A♠ was led and you hold"):
        sr.apply(state, sr.Play(card("J♥")))
    with pytest.raises(errors.IllegalMoveError, match="you do not hold 7♠"):
        sr.apply(state, sr.Play(card("7♠")))


def test_lenient_follow_lets_you_trump_at_any_time_rule_27() -> None:
    state = run(follow_hand(sr.Rules(follow_mode="lenient")), "play A♠")
    assert plays_now(state) == "9♠ 10♠ J♥"
    state = run(state, "play J♥")
    assert plays_now(state) == "J♠ Q♠ K♠ 7♥"
    with pytest.raises(errors.IllegalMoveError, match="must follow suit or trump: A♠ was led"):
        sr.apply(state, sr.Play(card("A♦")))
    state = run(follow_hand(sr.Rules(follow_mode="lenient")), "play A♥")
    assert plays_now(state) == "Q♣ K♣ 9♠ 10♠ J♥ 9♦ 10♦"  # trump leads as in strict mode


def test_trick_winner_and_last_trick_bonus_rules_29_30() -> None:
    state = run(follow_hand(), "play A♠, play 9♠, play Q♠, play 8♠")
    assert state.tricks[-1].winner == 1
    state = run(state, "play A♥, play J♥, play 7♥, play 7♣")
    assert state.tricks[-1].winner == 2  # the trump jack is the highest trump
    state = play_out(state)
    last = sr.score(state).hands[-1]
    assert isinstance(last, sr.HandScore)
    assert sum(last.card_points) + last.set_aside_points == 146
    assert last.set_aside_points == sum(
        sr_scoring.POINTS[cards.Suit.HEARTS][c.index] for c in cards.parse_cards(FOLLOW_STOCK)
    )
    winner_of_last = state.tricks[-1].winner
    assert winner_of_last is not None
    tricks_points = sum(
        sr_scoring.POINTS[cards.Suit.HEARTS][c.index]
        for t in state.tricks
        if t.winner == winner_of_last
        for c in t.cards
    )
    assert last.card_points[winner_of_last] == tricks_points + 5


# --- Rules 31-38: scoring --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "expected"),
    [(84, 8), (85, 9), (93, 9), (94, 9), (95, 10), (127, 13), (138, 14), (146, 15)],
)
def test_rounding_vectors_rule_32(points: int, expected: int) -> None:
    assert sr.game_points(points) == expected
    assert sr.game_points(points, "half_down") == expected - (points % 10 == 5)


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"bid": 4, "card_points": 127}, -12),  # example 1
        ({"bid": 3, "card_points": 138}, 1),  # example 2
        ({"bid": 5, "card_points": 93, "meld_points": 140, "without_stock": True}, 16),  # 3
        ({"bid": 3, "card_points": 146, "all_tricks": True}, 12),  # example 4
        ({"bid": 4, "card_points": 84, "meld_points": 40}, -14),  # example 5
        ({"bid": 5, "card_points": 100, "meld_points": 200}, 15),  # exception: four jacks
        ({"bid": 5, "card_points": 100, "meld_points": 200, "without_stock": True}, 30),
        ({"bid": 3, "card_points": 0, "no_tricks": True}, -50),  # exception: no trick
        ({"bid": 3, "card_points": 20, "no_tricks": True, "without_stock": True}, -50),
        ({"bid": 3, "card_points": 130}, 0),  # made exactly
        ({"bid": 1, "card_points": 105}, 0),  # the nanny's forced game needs 11
        ({"bid": 2, "card_points": 125}, 1),  # the blind bid needs 12
        ({"bid": 4, "card_points": 127, "without_stock": True}, -24),  # losses doubled
    ],
)
def test_seed_examples_and_exceptions(arguments: dict[str, int], expected: int) -> None:
    assert sr.hand_result(**arguments) == expected  # type: ignore[arg-type]


def test_text_example_needed_eight() -> None:
    # Bid 5, A K Q J of trumps (50) and Stoek (20): needed 5 + 10 − 7 = 8.
    text = sr.explain_result(bid=5, card_points=80, meld_points=70)
    assert "needed 8 (5 + 10 − 7)" in text
    assert sr.hand_result(bid=5, card_points=80, meld_points=70) == 0


def test_scoring_options() -> None:
    assert sr.hand_result(bid=4, card_points=127, without_stock=True) == -24
    keep = sr.Rules(no_stock_doubles_losses=False)
    assert sr.hand_result(bid=4, card_points=127, without_stock=True, rules=keep) == -12
    assert sr.hand_result(bid=3, card_points=138, without_stock=True, rules=keep) == 2
    assert "(a loss is not doubled)" in sr.explain_result(
        bid=4, card_points=127, without_stock=True, rules=keep
    )
    plain = sr.Rules(all_tricks_fixed_25=False)
    assert sr.hand_result(bid=3, card_points=146, all_tricks=True, rules=plain) == 2
    assert (
        sr.hand_result(bid=3, card_points=0, no_tricks=True, rules=sr.Rules(zero_tricks_penalty=30))
        == -30
    )
    down = sr.Rules(rounding="half_down")
    assert sr.hand_result(bid=4, card_points=135, rules=down) == -12
    assert sr.hand_result(bid=4, card_points=135) == 0
    assert sr.CONCESSION == -10


def test_explanations_show_the_arithmetic() -> None:
    assert (
        sr.explain_result(bid=4, card_points=127)
        == "bid 4: 127 card points → 13, needed 14 (4 + 10), short 1 → −12"
    )
    assert sr.explain_result(bid=3, card_points=138) == (
        "bid 3: 138 card points → 14, needed 13 (3 + 10), over 1 → +1"
    )
    assert sr.explain_result(bid=4, card_points=84, meld_points=40) == (
        "bid 4: 84 card points → 8, melds 40 → 4, needed 10 (4 + 10 − 4), short 2 → −14"
    )
    assert sr.explain_result(bid=3, card_points=130) == (
        "bid 3: 130 card points → 13, needed 13 (3 + 10), made exactly → 0"
    )
    assert sr.explain_result(bid=3, card_points=0, no_tricks=True) == "bid 3: no trick → −50"
    assert sr.explain_result(bid=4, card_points=127, without_stock=True).endswith(
        "short 1 → −12 × 2 without stock = −24"
    )


@pytest.mark.parametrize(
    "arguments",
    [
        {"bid": 0, "card_points": 100},
        {"bid": 3, "card_points": -1},
        {"bid": 3, "card_points": 147},
        {"bid": 3, "card_points": 100, "meld_points": 25},
        {"bid": 3, "card_points": 100, "meld_points": -10},
        {"bid": 3, "card_points": 146, "all_tricks": True, "no_tricks": True},
        {"bid": True, "card_points": 100},
    ],
)
def test_hand_result_refuses_impossible_inputs(arguments: dict[str, int]) -> None:
    with pytest.raises(errors.RulesError):
        sr.hand_result(**arguments)  # type: ignore[arg-type]


@given(
    bid=st.integers(1, 42),
    card_points=st.integers(0, 146),
    meld_points=st.integers(0, 27).map(lambda n: n * 10),  # 270: the most seven cards hold
)
def test_hand_result_properties(bid: int, card_points: int, meld_points: int) -> None:
    single = sr.hand_result(bid=bid, card_points=card_points, meld_points=meld_points)
    double = sr.hand_result(
        bid=bid, card_points=card_points, meld_points=meld_points, without_stock=True
    )
    assert double == 2 * single
    difference = sr.game_points(card_points) - (bid + 10 - meld_points // 10)
    assert single == (difference if difference >= 0 else 2 * difference - 10)
    if card_points < 146:
        better = sr.hand_result(bid=bid, card_points=card_points + 1, meld_points=meld_points)
        assert better >= single


# Seat 1 picks up the 8♥ and holds seven trumps in sequence: every trick, 100 + Stoek.
SWEEP = {1: "J♥ 9♥ A♥ K♥ Q♥ 10♥ 7♣"}
SWEEP_STOCK = "8♥ 7♥ 7♠ 7♦"


def swept(rules: sr.Rules | None = None) -> sr.State:
    state = run(
        dealt(SWEEP, stock=SWEEP_STOCK, rules=rules), "bid 3, bid 4, pass, pass, bid 5, pass"
    )
    state = run(state, "take stock, discard 7♣ 7♠ 7♥ 7♦, trump ♥")
    assert texts(sr.legal_moves(state)[:2]) == ["meld 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", "stoek"]
    state = run(state, "meld 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥, stoek")
    return play_out(state)


def test_sweep_and_game_points_result() -> None:
    state = swept()
    last = sr.score(state).hands[-1]
    assert isinstance(last, sr.HandScore)
    assert last.tricks == (0, 7, 0, 0)
    assert last.declarer_points == 146
    assert last.set_aside_points == 0
    # Achieved 25 (all tricks), needed 5 + 10 − 12 = 3: +22.
    assert last.result == 22
    assert last.explanation == (
        "seat 1, bid 5: all 7 tricks → 25, melds 120 → 12, needed 3 (5 + 10 − 12), over 22 → +22"
    )
    assert sr.score(state).totals == (0, 22, 0, 0)
    before_last = sr.replay(state.rules, state.seed, state.moves[:-1], players=4, first_dealer=0)
    assert sr.narrate(before_last, state.moves[-1], state) == (
        f"trick 7: {state.tricks[-1]} takes 44; {last.explanation}"
    )
    long = sr.score(swept(sr.Rules(long_sequence_value=200))).hands[-1]
    assert isinstance(long, sr.HandScore)
    assert long.meld_points == 220


def test_set_aside_counts_for_declarer_option_rule_19() -> None:
    rules = sr.Rules(set_aside_counts_for_declarer=True)
    state = run(follow_hand(rules), "")
    state = play_out(state)
    last = sr.score(state).hands[-1]
    assert isinstance(last, sr.HandScore)
    assert last.declarer_points == last.card_points[1] + last.set_aside_points
    default = play_out(follow_hand())
    first = sr.score(default).hands[-1]
    assert isinstance(first, sr.HandScore)
    assert first.declarer_points == first.card_points[1]


def test_no_trick_costs_fifty_rule_37() -> None:
    hands = {
        1: "7♣ 8♣ 9♣ 7♠ 8♠ 9♠ 7♦",
        2: "A♣ K♣ Q♣ A♠ K♠ Q♠ A♦",
        3: "J♥ 9♥ A♥ K♥ Q♥ 10♥ 8♥",
        0: "J♣ 10♣ J♠ 10♠ K♦ Q♦ J♦",
    }
    state = run(dealt(hands, stock="7♥ 10♦ 9♦ 8♦"), "pass, pass, pass, pass, bid 1")
    state = play_out(run(state, "no stock, trump ♦"))
    last = sr.score(state).hands[-1]
    assert isinstance(last, sr.HandScore)
    assert last.tricks[1] == 0
    assert last.result == -50  # not doubled for playing without the stock
    assert last.explanation == "seat 1, bid 1, without stock: no trick → −50"


# --- The match -------------------------------------------------------------------------------


def test_reaching_the_target_wins_rule_39() -> None:
    state = swept(sr.Rules(target=22))
    assert sr.is_over(state)
    assert sr.current_player(state) is None
    assert sr.legal_moves(state) == ()
    result = sr.score(state)
    assert result.over
    assert result.winners == (1,)
    assert result.losers == (0, 2, 3)
    with pytest.raises(errors.MatchOverError, match="the match is over"):
        sr.apply(state, sr.Deal())
    assert repr(state) == f"<staekske_rape.State seed={SEED} over totals=[0, 22, 0, 0]>"
    assert not sr.is_over(swept(sr.Rules(target=23)))


def test_max_hands_ends_the_match_with_the_highest_total_winning() -> None:
    state = sr.new_game(sr.Rules(max_hands=2), seed=SEED, first_dealer=0)
    state = run(state, "deal, pass, pass, pass, pass, concede")
    assert not sr.is_over(state)
    state = run(state, "deal, pass, pass, pass, pass, concede")
    assert sr.is_over(state)
    assert sr.score(state).totals == (0, -10, -10, 0)
    assert sr.score(state).winners == (0, 3)
    assert sr.score(state).losers == (1, 2)


# --- Five players ----------------------------------------------------------------------------


def test_five_players_the_dealer_sits_out_rule_2() -> None:
    hands = {
        1: "J♣ J♠ J♥ J♦ A♥ K♥ Q♥",
        2: "A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♣",
        3: "A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠",
        4: "A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦",
    }
    state = dealt(hands, stock=STRONG_STOCK, players=5)
    assert state.players == 5
    assert sr.view(state, 0).hand == ()
    assert sr.view(state, 0).hand_sizes == (0, 7, 7, 7, 7)
    assert mover(state) == 1
    state = run(state, "pass, pass, pass")
    assert mover(state) == 4
    state = run(state, "pass")  # all four who hold cards passed: the nanny chooses
    assert state.phase is sr.Phase.NANNY
    state = run(state, "bid 1, no stock, trump ♥, play J♥")
    seats = []
    while not state.hand_over:
        seats.append(mover(state))
        state = sr.apply(state, next(m for m in sr.legal_moves(state) if isinstance(m, sr.Play)))
    assert 0 not in seats
    last = sr.score(state).hands[-1]
    assert isinstance(last, sr.HandScore)
    assert len(last.points) == 5
    assert sum(last.tricks) == 7
    assert last.tricks[0] == 0
    assert sum(last.card_points) + last.set_aside_points == 146
    assert mover(state) == 1  # the next dealer
    state = run(state, "deal")
    assert sr.view(state, 1).hand_sizes == (7, 0, 7, 7, 7)
    assert mover(state) == 2


# --- Views, moves, errors --------------------------------------------------------------------


def test_view_never_shows_other_hands_the_stock_or_the_discards() -> None:
    state = run(dealt(STRONG, stock=STRONG_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    state = run(state, "take stock, discard 7♥ 8♥ 9♥ 10♥, trump ♥")
    for seat in range(4):
        view = sr.view(state, seat)
        shown = str(attrs.asdict(view, recurse=False, filter=lambda a, _: a.name != "hand"))
        own = set(view.hand or ())
        for other in cards.cards_in(sum(state.hands[s] for s in range(4) if s != seat)):
            assert other not in own
        if seat != 1:
            for hidden in cards.parse_cards("7♥ 8♥ 9♥ 10♥"):
                assert str(hidden) not in shown
        assert view.legal_moves == (sr.legal_moves(state) if seat == mover(state) else ())
    with pytest.raises(errors.RulesError, match="seat must be a seat"):
        sr.view(state, 4)


def test_view_before_the_first_deal() -> None:
    state = sr.new_game(seed=SEED, first_dealer=3)
    view = sr.view(state, 0)
    assert view.hand == ()
    assert view.phase is sr.Phase.DEAL
    assert view.stock_size == 0
    assert view.legal_moves == ()
    assert sr.view(state, 3).legal_moves == (sr.Deal(),)
    assert repr(state) == f"<staekske_rape.State seed={SEED} before hand 1 totals=[0, 0, 0, 0]>"
    assert "hand 1, auction" in repr(sr.apply(state, sr.Deal()))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("deal", sr.Deal()),
        ("look", sr.LOOK),
        ("bid 4", sr.Bid(4)),
        ("Bid 2", sr.Bid(2)),
        ("blind", sr.Bid(2)),
        ("bid 2 blind", sr.Bid(2)),
        ("pass", sr.PASS),
        ("concede", sr.CONCEDE),
        ("take stock", sr.TAKE_STOCK),
        ("no  stock", sr.NO_STOCK),
        ("discard 10c 9c 8c 7c", sr.Discard("7♣ 8♣ 9♣ 10♣")),
        ("trump ♥", sr.NameTrump(cards.Suit.HEARTS)),
        ("trump d", sr.NameTrump(cards.Suit.DIAMONDS)),
        ("meld ah kh qh jh", sr.Meld("J♥ Q♥ K♥ A♥")),
        ("stoek", sr.STOEK),
        ("play Q♥", sr.Play(card("Q♥"))),
        ("qh", sr.Play(card("Q♥"))),
    ],
)
def test_moves_parse_and_print(text: str, move: sr.Move) -> None:
    assert sr.parse_move(text) == move
    assert sr.parse_move(str(move)) == move
    assert eval(repr(move), vars(sr) | {"Card": cards.Card, "Suit": cards.Suit}) == move  # noqa: S307


@pytest.mark.parametrize(
    "text",
    [
        "bid",
        "bid x",
        "bid 0",
        "jump",
        "trump x",
        "play",
        "meld",
        "play 11h",
        "foo bar",
        "play ZZ",
        "discard 7c 8c 9c ZZ",
        "meld ah kh zz",
        "trump 7",
    ],
)
def test_bad_move_texts(text: str) -> None:
    # Every failure is a MoveParseError, a card that does not parse included (a CardParseError
    # is not one, and a server that catches MoveParseError crashed on "play ZZ").
    with pytest.raises(errors.MoveParseError):
        sr.parse_move(text)


@pytest.mark.parametrize(
    "text",
    [
        "bid ٣",  # an Arabic-Indic three: int() reads it
        "bid ²",  # a superscript two: str.isdigit() says yes, int() says no
        "bid ¹",
        "bid +4",
        "bid 4_0",
        "bid 4.0",
        "bid " + "9" * 20,
        "bid " + "9" * 5000,  # int() refuses it with a ValueError of its own
    ],
)
def test_a_bid_is_written_in_ascii_digits(text: str) -> None:
    with pytest.raises(
        errors.MoveParseError, match=r"as a bid: .* digits 0-9 \(at most 19"
    ) as caught:
        sr.parse_move(text)
    assert len(str(caught.value)) < 300
    assert sr.parse_move("bid 4") == sr.parse_move("bid 04") == sr.Bid(4)
    assert sr.parse_move("bid 2 blind") == sr.Bid(2)


def test_move_constructors_check_their_values() -> None:
    with pytest.raises(errors.MoveParseError, match="named twice"):
        sr.Discard("7♣ 7♣ 8♣ 9♣")
    with pytest.raises(errors.MoveParseError, match="expected cards"):
        sr.Meld(5)  # type: ignore[arg-type]  # a bad value on purpose
    assert sr.Meld([card("A♥"), "K♥", "Q♥"]) == sr.Meld("Q♥ K♥ A♥")


def test_apply_errors() -> None:
    state = dealt()
    with pytest.raises(errors.NotYourTurnError, match="not your turn: seat 1 is to move"):
        sr.apply(state, sr.PASS, seat=2)
    with pytest.raises(errors.IllegalMoveError, match="not a Staekske Rape move"):
        sr.apply(state, "pass")  # type: ignore[arg-type]  # a bad value on purpose
    with pytest.raises(errors.IllegalMoveError, match="deal is not allowed now: the auction is on"):
        sr.apply(state, sr.Deal())
    with pytest.raises(errors.IllegalMoveError, match="play 7♣ is not allowed now"):
        sr.apply(state, sr.Play(card("7♣")))
    assert not sr.is_legal(state, sr.Deal())
    assert sr.is_legal(state, sr.PASS)
    assert sr.apply(state, sr.PASS, seat=1).phase is sr.Phase.AUCTION
    with pytest.raises(errors.IllegalMoveError) as error:
        sr.apply(state, sr.Bid(9))
    assert error.value.seat == 1
    assert error.value.move == sr.Bid(9)
    assert error.value.reason == "the next bid to open must be 3"


@pytest.mark.parametrize(
    "options",
    [
        {"target": 0},
        {"deal_packets": (3, 3)},
        {"deal_packets": (7, 0)},
        {"deal_packets": ()},
        {"deal_packets": "7"},
        {"deal_packets": 6},
        {"allow_jump_bids": 1},
        {"blind_two": None},
        {"nanny_model": "strict"},
        {"set_aside_counts_for_declarer": "no"},
        {"long_sequence_value": 105},
        {"long_sequence_value": -10},
        {"melds_may_share_cards": 0},
        {"follow_mode": "loose"},
        {"jack_exempt_on_plain_lead": "yes"},
        {"rounding": "floor"},
        {"all_tricks_fixed_25": None},
        {"no_stock_doubles_losses": 1},
        {"zero_tricks_penalty": -5},
        {"max_hands": 0},
    ],
)
def test_rules_refuse_impossible_options(options: dict[str, object]) -> None:
    with pytest.raises(errors.RulesError):
        sr.Rules(**options)  # type: ignore[arg-type]  # bad values on purpose


JUNK: tuple[object, ...] = (
    10**5000,
    2**63,
    -1,
    True,
    False,
    1.0,
    7.5,
    "7",
    "",
    None,
    [7],
    [[7]],
    [[[3, 4]]],
    {"7": 7},
    b"7",
    object(),
)
"""Values no option should take blindly: huge, negative, bool, float, text, None, nested."""

ACCEPTED: dict[str, tuple[object, ...]] = {
    "deal_packets": ([7],),
    "max_hands": (None,),
    **{
        field.name: (True, False)
        for field in attrs.fields(sr.Rules)
        if field.type in {"bool", bool}
    },
}
"""The values of ``JUNK`` that are good values of an option (and are accepted)."""


@pytest.mark.parametrize("option", [field.name for field in attrs.fields(sr.Rules)])
def test_every_option_refuses_junk_naming_itself(option: str) -> None:
    for value in JUNK:
        if any(
            value is good or (type(value) is type(good) and value == good)
            for good in ACCEPTED.get(option, ())
        ):
            rules = sr.Rules(**{option: value})  # type: ignore[arg-type]  # any value
            assert sr.legal_moves(dealt(rules=rules))
            continue
        with pytest.raises(errors.RulesError, match=f"^{option} ") as caught:
            sr.Rules(**{option: value})  # type: ignore[arg-type]  # junk on purpose
        assert len(str(caught.value)) < 300


def test_the_largest_options_accepted_still_play() -> None:
    # Bounded so that no accepted Rules can fail later: every option at its largest.
    rules = sr.Rules(
        target=2**63 - 1,
        long_sequence_value=sr_rules.LONG_SEQUENCE_LIMIT,
        zero_tricks_penalty=sr_rules.PENALTY_LIMIT,
        max_hands=2**63 - 1,
        deal_packets=(1,) * 7,
    )
    state = sr.new_game(rules, seed=SEED, first_dealer=0)
    rng = random.Random(SEED)
    while state.hand_number < 3 or not state.hand_over:
        state = sr.apply(state, rng.choice(sr.legal_moves(state)))
    assert len(sr.score(state).hands) == 3
    assert len(sr.observation(state, 0)) == sr.observation_size(rules, 4)
    with pytest.raises(errors.RulesError, match=r"^zero_tricks_penalty must be at most 1000"):
        sr.Rules(zero_tricks_penalty=sr_rules.PENALTY_LIMIT + 1)


def test_rules_defaults_are_the_spec() -> None:
    rules = sr.Rules()
    assert rules.target == 100
    assert rules.deal_packets == (7,)
    assert sr.Rules(deal_packets=7).deal_packets == (7,)
    assert sr.Rules(deal_packets=[3, 4]).deal_packets == (3, 4)
    assert not rules.allow_jump_bids
    assert rules.blind_two
    assert rules.nanny_model == "unified"
    assert not rules.set_aside_counts_for_declarer
    assert rules.long_sequence_value == 100
    assert rules.melds_may_share_cards
    assert rules.follow_mode == "strict"
    assert not rules.jack_exempt_on_plain_lead
    assert rules.rounding == "half_up"
    assert rules.all_tricks_fixed_25
    assert rules.no_stock_doubles_losses
    assert rules.zero_tricks_penalty == 50
    assert rules.max_hands is None


def test_narration_tells_only_public_facts() -> None:
    state = run(dealt(STRONG, stock=STRONG_STOCK), "bid 3, bid 4, pass, pass")
    lines = []
    script = "bid 5/pass/take stock/discard 7♥ 8♥ 9♥ 10♥/trump ♥/meld J♣ J♠ J♥ J♦/stoek"
    for text in [*script.split("/"), "play J♥", "play 7♣", "play 7♠", "play 7♦"]:
        after = sr.apply(state, sr.parse_move(text))
        lines.append(sr.narrate(state, sr.parse_move(text), after))
        state = after
    assert lines == [
        "seat 1 bids 5",
        "seat 2 passes",
        "seat 1 takes the stock",
        "seat 1 discards 4 cards",
        "seat 1 names ♥ trumps",
        "seat 1 declares four jacks: J♣ J♠ J♥ J♦ (200)",
        "seat 1 announces Stoek (20)",
        None,
        None,
        None,
        "trick 1: 1:J♥ 2:7♣ 3:7♠ 0:7♦ → 1 takes 20",
    ]
    state = dealt()
    assert sr.narrate(state, sr.LOOK, sr.apply(state, sr.LOOK)) == "seat 1 looks at his cards"
    blind = sr.apply(state, sr.Bid(2))
    assert sr.narrate(state, sr.Bid(2), blind) == "seat 1 bids blind 2"
    nanny = run(state, "pass, pass, pass, pass")
    assert sr.narrate(nanny, sr.Bid(1), sr.apply(nanny, sr.Bid(1))) == (
        "seat 1 takes the nanny's forced game, bid 1"
    )
    assert sr.narrate(nanny, sr.CONCEDE, sr.apply(nanny, sr.CONCEDE)) == (
        "seat 1, the nanny concedes (the others all passed) → −10"
    )


def test_replay_reproduces_a_state() -> None:
    state = run(dealt(STRONG, stock=STRONG_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    state = run(state, "take stock, discard 7♥ 8♥ 9♥ 10♥, trump ♥, stoek, play J♥")
    again = sr.replay(
        state.rules, state.seed, [str(move) for move in state.moves], players=4, first_dealer=0
    )
    assert again == state
    assert again.moves == state.moves


def test_looking_does_not_make_the_looker_the_highest_bidder() -> None:
    # Seat 3 looks, then passes: the auction goes to seat 2, who bid 3, not to seat 3.
    state = sr.apply(sr.new_game(seed=4, first_dealer=0), sr.Deal())
    for text in ("pass", "bid 3", "look", "pass", "pass"):
        state = sr.apply(state, sr.parse_move(text))
    assert sr.current_player(state) == 2
    assert sr.legal_moves(state) == (sr.TakeStock(), sr.NoStock())


def test_looking_before_any_bid_leaves_the_auction_without_a_bidder() -> None:
    # Nobody bids after the nanny's pass and seat 2's look: the nanny gets the forced choice.
    state = sr.apply(sr.new_game(seed=4, first_dealer=0), sr.Deal())
    for text in ("pass", "look", "pass", "pass", "pass"):
        state = sr.apply(state, sr.parse_move(text))
    assert sr.current_player(state) == 1
    assert sr.legal_moves(state) == (sr.Bid(1), sr.Concede())


def test_threads_meeting_the_first_discard_phase_all_get_every_choice() -> None:
    state = run(dealt(STRONG, stock=STRONG_STOCK), "bid 3, bid 4, pass, pass, bid 5, pass")
    state = run(state, "take stock")
    expected = sr.legal_moves(state)
    sr_play._discard_table.cache_clear()  # noqa: SLF001  # as in a fresh process
    found: list[object] = []
    workers = [
        threading.Thread(target=lambda: found.append(sr.legal_moves(state))) for _ in range(8)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert found == [expected] * 8


def test_the_largest_long_sequence_value_keeps_jump_bids_few_and_shared() -> None:
    rules = sr.Rules(long_sequence_value=sr_rules.LONG_SEQUENCE_LIMIT, allow_jump_bids=True)
    state = run(dealt(STRONG, rules=rules), "look")
    bids = [move for move in sr.legal_moves(state) if isinstance(move, sr.Bid)]
    assert [bid.amount for bid in bids] == list(range(3, sr.max_bid(rules) + 1))
    assert sr.max_bid(rules) == 117
    assert len(sr.legal_moves(state)) < 120
    again = [move for move in sr.legal_moves(state) if isinstance(move, sr.Bid)]
    assert all(first is second for first, second in zip(bids, again, strict=True))
    with pytest.raises(errors.RulesError, match="long_sequence_value must be at most 1000"):
        sr.Rules(long_sequence_value=sr_rules.LONG_SEQUENCE_LIMIT + 10, allow_jump_bids=True)


@attrs.frozen
class LoudPlay(sr.Play):
    """A Play of a caller's own, as a front end might subclass it."""


class StackedDeal(sr.Deal):
    """A Deal subclass: once the way a client's stacked deal got past the guard."""


def test_a_subclass_of_a_move_is_refused_as_in_every_game() -> None:
    state = run(declarer_one(), "bid 1, no stock, trump ♥")
    card = next(move.card for move in sr.legal_moves(state) if isinstance(move, sr.Play))
    assert sr.is_legal(state, sr.Play(card))
    for seat in ({}, {"seat": 1}):
        with pytest.raises(errors.IllegalMoveError, match="subclass of Play") as caught:
            sr.apply(state, LoudPlay(card), **seat)
        assert caught.value.seat == 1
        assert not sr.is_legal(state, LoudPlay(card), **seat)


def test_a_subclass_of_deal_cannot_stack_a_deal() -> None:
    state = sr.new_game(seed=SEED, first_dealer=0)
    order = sr.order_for(STRONG, dealer=0, stock=STRONG_STOCK)
    # With the dealer's seat, as a server passes it: no stacked deal, whatever its class.
    with pytest.raises(errors.IllegalMoveError, match="a stacked deal is not a player's move"):
        sr.apply(state, StackedDeal(order=order), seat=0)
    assert not sr.is_legal(state, StackedDeal(order=order), seat=0)
    # Without a seat the engine takes only its own Deal, as the other games do.
    for move in (StackedDeal(order=order), StackedDeal()):
        with pytest.raises(errors.IllegalMoveError, match="subclass of Deal"):
            sr.apply(state, move)
        assert not sr.is_legal(state, move)
    assert sr.is_legal(state, sr.Deal(order=order))
    assert not sr.is_legal(state, sr.Deal(order=order), seat=0)
    assert sr.is_legal(state, sr.Deal(), seat=0)


def test_find_melds_reads_card_texts_and_rejects_what_is_not_a_card() -> None:
    assert sr.find_melds(["J♣", "J♠", "J♥", "J♦"]) == (sr.Meld("J♣ J♠ J♥ J♦"),)
    with pytest.raises(errors.CardParseError, match="cannot read 5 as a card"):
        sr.find_melds(["J♣", 5])  # type: ignore[list-item]  # on purpose


# --- bad input at the boundary ----------------------------------------------------------------

WRONG: Any = None
"""A wrong value, typed so that each call below type-checks as written."""


def wrong(value: object) -> Any:
    """Return ``value`` typed so that a call with it type-checks as written."""
    return value


@pytest.mark.parametrize(
    ("packets", "message"),
    [
        ({3: 1, 4: 1}, "^deal_packets must be a sequence of packet sizes"),  # once read as (3, 4)
        ({3, 4}, "^deal_packets must be a sequence of packet sizes"),
        (iter([3, 4]), "^deal_packets must be a sequence of packet sizes"),
        ([3, True, 3], "^deal_packets must be whole numbers from 1 to 7"),
        pytest.param(10**5000, "^deal_packets must be .* not <a whole number of 16610", id="huge"),
        pytest.param([10**5000], "^deal_packets must be whole numbers from 1 to 7", id="[huge]"),
        ([[3, 4]], r"^deal_packets must be whole numbers from 1 to 7, not \[3, 4\]$"),
        ([8, -1], "^deal_packets must be whole numbers from 1 to 7, not 8$"),
        ([0, 7], "^deal_packets must be whole numbers from 1 to 7, not 0$"),
        ([], "^deal_packets must be one packet size or more"),
        (
            [1] * 100_000,
            r"^deal_packets must add up to the 7 cards of a hand, not 100000 \(\[1, 1,",
        ),
    ],
)
def test_deal_packets_are_a_sequence_of_sizes(packets: object, message: str) -> None:
    with pytest.raises(errors.RulesError, match=message) as caught:
        sr.Rules(deal_packets=wrong(packets))
    assert len(str(caught.value)) < 200
    assert sr.Rules(deal_packets=(3, 4)).deal_packets == (3, 4)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: sr.game_points(85, WRONG),
            "^rounding must be 'half_up' or 'half_down', not None$",
        ),
        (
            lambda: sr.game_points(85, wrong("bogus")),  # once answered as half-down
            "^rounding must be 'half_up' or 'half_down', not 'bogus'$",
        ),
        (
            lambda: sr.game_points(147),
            "^card_points must be a whole number from 0 to 146, not 147$",
        ),
        (lambda: sr.game_points(WRONG), "^card_points must be a whole number from 0 to 146"),
        (
            lambda: sr.hand_result(bid=3, card_points=100, without_stock=WRONG),
            "^without_stock must be True or False, not None$",
        ),
        (
            lambda: sr.hand_result(bid=3, card_points=100, rules=wrong("rules")),
            "^expected staekske_rape.Rules, not str$",
        ),
        (
            lambda: sr.hand_result(bid=3, card_points=100, meld_points=280),
            "^meld_points must be a multiple of 10 from 0 to 270, not 280$",
        ),
        (lambda: sr.hand_result(bid=2**63, card_points=100), "^bid must be a whole number of 1"),
        (lambda: sr.meld_name(WRONG), "^expected a Meld, not None$"),
        (
            lambda: sr.meld_points(sr.Meld("J♣ J♠ J♥ J♦"), wrong(5)),
            "^expected staekske_rape.Rules",
        ),
        (lambda: sr.max_bid(wrong({})), "^expected staekske_rape.Rules, not dict$"),
        (lambda: sr.max_hand_moves(sr.Rules(), 6), r"^Staekske Rape is played by 4 players"),
        (
            lambda: sr.max_hand_moves(sr.Rules(), WRONG),
            r"^Staekske Rape is played by .*, not None$",
        ),
        (lambda: sr.max_hand_moves(wrong("rules"), 4), "^expected staekske_rape.Rules, not str$"),
        (lambda: sr.pack(sr.Rules(), WRONG), r"^Staekske Rape is played by .*, not None$"),
        (lambda: sr.pack(sr.Rules(), wrong(4.0)), r"^Staekske Rape is played by .*, not 4.0$"),
        (lambda: sr.pack(wrong("rules"), 4), "^expected staekske_rape.Rules, not str$"),
        (lambda: sr.GAME.pack(wrong(object()), 4), "^expected staekske_rape.Rules, not object$"),
        (lambda: sr.observation_size(sr.Rules(), WRONG), r"^Staekske Rape is played by .*None$"),
        (lambda: sr.observation_size(wrong([]), 4), "^expected staekske_rape.Rules, not list$"),
        (lambda: sr.draw_first_dealer(1, players=WRONG), r"^Staekske Rape is played by .*None$"),
        (lambda: sr.order_for([], dealer=0, players=WRONG), r"^Staekske Rape is played by"),
        (lambda: sr.draw_first_dealer(WRONG), "^seed must be a whole number of at most 256 bits"),
        (lambda: sr.draw_first_dealer(1, players=3), "^Staekske Rape is played by 4 players"),
        (lambda: sr.order_for([], dealer=0, players=wrong(4.0)), "^Staekske Rape is played by"),
        (lambda: sr.Phase("bidding"), "^'bidding' is not a phase: use one of 'deal', 'auction'"),
    ],
)
def test_helpers_refuse_impossible_arguments(call: Callable[[], object], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        call()
    assert sr.game_points(85, "half_down") == 8
    assert sr.max_bid(None) == 42
    assert len(sr.pack(None, 5)) == len(sr.GAME.pack(sr.Rules(), 4)) == 32
    assert sr.max_hand_moves(None, 4) == 90
    assert sr.observation_size(None, 5) == 488


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: sr.NameTrump(wrong(value=True)), errors.MoveParseError, "^trumps must be a Suit"),
        (lambda: sr.NameTrump(wrong(2.0)), errors.MoveParseError, "^trumps must be a Suit"),
        (lambda: sr.NameTrump(7), errors.CardParseError, "^7 is not a suit"),
        (lambda: sr.NameTrump("x"), errors.CardParseError, "^cannot read 'x' as a suit"),
        (
            lambda: sr.Bid(2**63),
            errors.MoveParseError,
            "^a bid must be a whole number of 1 or more",
        ),
        (lambda: sr.Bid(wrong(3.0)), errors.MoveParseError, "^a bid must be a whole number"),
        (lambda: sr.parse_move("bid " + "9" * 19), errors.MoveParseError, "^a bid must be"),
        (lambda: sr.parse_move("bid " + "9" * 30), errors.MoveParseError, "^cannot read 'bid 999"),
        (
            lambda: sr.parse_move("bid " + "9" * 5000),
            errors.MoveParseError,
            "^cannot read 'bid 999",
        ),
        (
            lambda: sr.Discard(list(sr.PACK) * 2000),
            errors.MoveParseError,
            "^a card is named twice: 7♣ 8♣ 9♣",
        ),
        (lambda: sr.Meld(wrong({"J♣": 1})), errors.MoveParseError, "^expected cards such as"),
    ],
)
def test_moves_check_their_fields(
    make: Callable[[], object], error: type[errors.CardgamesError], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        make()
    assert len(str(caught.value)) < 300
    assert sr.NameTrump(2) == sr.NameTrump(cards.Suit.HEARTS) == sr.NameTrump("h")


def test_another_game_s_state_is_refused_by_name() -> None:
    other = cardgames.GAMES["kalter-schlag"].new_game(seed=1)
    with pytest.raises(errors.RulesError, match=r"not a kalter_schlag\.State$"):
        sr.legal_moves(other)
    with pytest.raises(errors.RulesError, match=r"^expected a staekske_rape\.State"):
        sr.apply(other, sr.Deal())


def test_a_64000_card_stacked_deal_is_refused_quickly_with_a_short_message() -> None:
    state = sr.new_game(seed=1, first_dealer=0)
    start = time.perf_counter()
    move = sr.Deal(order=list(sr.PACK) * 2000)
    with pytest.raises(errors.IllegalMoveError) as caught:
        sr.apply(state, move)
    assert time.perf_counter() - start < 1.0  # generous: about 40 ms on a slow machine
    assert len(str(caught.value)) < 300
    dealt_state = sr.apply(state, sr.Deal())
    with pytest.raises(errors.IllegalMoveError, match=r"^deal is not allowed now") as caught:
        sr.apply(dealt_state, move)
    assert len(str(caught.value)) < 300
