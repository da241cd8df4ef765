"""Tests of Gin Rummy: the source's examples, the engine, the options, errors, views, playouts.

Rule numbers and notes (G1–G14) are those of the game's docs page. Hands are stacked with
``order_for`` and played from move texts; random hands are checked against invariants that are
computed here from the state's public facts (cards conserved, the void-hand rule, the bound on a
hand's moves). The meld mathematics has its own tests (``test_gin_rummy_melds.py``); scoring and
the Hollywood sheet are tested in depth in ``test_gin_rummy_scoring.py``.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable

import attrs
import pytest

import cardgames
from cardgames import cards, codec, errors
from cardgames import gin_rummy as gr
from cardgames import moves as core_moves
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy._state import Phase

PACK = cards.pack(52)


def card(text: str) -> cards.Card:
    return cards.Card.parse(text)


def stacked(
    hands: dict[int, str],
    *,
    dealer: int = 1,
    upcard: str = "K♦",
    stock_top: str = "",
    rules: gr.Rules | None = None,
    seed: int = 1,
) -> gr.State:
    """A new match with the hand dealt as wanted; ``stock_top`` are the stock's first cards."""
    top = cards.parse_cards(stock_top)
    used = {c for hand in hands.values() for c in cards.parse_cards(hand)} | {card(upcard)}
    rest = sorted(set(PACK) - used - set(top))
    missing = [seat for seat in (0, 1) if seat not in hands]
    filled = {seat: cards.parse_cards(hand) for seat, hand in hands.items()}
    for seat in missing:
        filled[seat], rest = tuple(rest[:10]), rest[10:]
    order = gr.order_for(filled, dealer=dealer, upcard=upcard, stock=[*top, *rest])
    state = gr.new_game(rules, seed=seed, first_dealer=dealer)
    return gr.apply(state, gr.Deal(order=order))


def play(state: gr.State, *texts: str) -> gr.State:
    for text in texts:
        state = gr.apply(state, gr.parse_move(text))
    return state


def held(state: gr.State, seat: int) -> str:
    return cards.format_cards(gr.view(state, seat).hand)


def kinds(moves: Iterable[gr.Move]) -> list[str]:
    return [type(move).__name__ for move in moves]


def knocks_in(state: gr.State) -> str:
    return cards.format_cards(m.card for m in gr.legal_moves(state) if isinstance(m, gr.Knock))


# ------------------------------------------------------------------------------------------
# The source's worked examples.

SEVEN_HANDS = [  # (scorer, knocker count, defender count); A is seat 0
    ("A", "A", 6, 19),
    ("B", "B", 0, 24),
    ("B", "B", 8, 9),
    ("A", "A", 10, 27),
    ("A", "B", 4, 4),  # undercut on equal counts (note G1)
    ("A", "A", 7, 39),
    ("A", "A", 0, 6),
]


def test_the_sources_seven_hands_running_totals_and_settlement() -> None:
    totals = {"A": 0, "B": 0}
    won = {"A": 0, "B": 0}
    running = []
    for scorer, knocker, knocked, defended in SEVEN_HANDS:
        result = gr.hand_score(knocked, defended)
        assert (result.winner == "knocker") == (scorer == knocker)
        totals[scorer] += result.points
        won[scorer] += 1
        running.append((totals["A"], totals["B"]))
    assert [a for a, _ in running] == [13, 13, 13, 30, 55, 87, 118]
    assert [b for _, b in running] == [0, 49, 50, 50, 50, 50, 50]
    assert won == {"A": 5, "B": 2}
    assert gr.settlement(totals["A"], totals["B"], won["A"], won["B"]) == 243


def test_the_sources_hand_kinds() -> None:
    kinds_seen = [str(gr.hand_score(k, d).kind) for _, _, k, d in SEVEN_HANDS]
    assert kinds_seen == ["knock", "gin", "knock", "knock", "undercut", "knock", "gin"]
    assert gr.hand_score(4, 4).points == 25
    assert gr.hand_score(0, 24).arithmetic == "24 + 25 = 49"


FIVE_HANDS = [  # (upcard, scorer seat, knocker count, defender count, points)
    ("6♥", 0, 4, 22, 18),
    ("8♦", 0, 2, 8, 6),
    ("J♣", 0, 8, 19, 11),
    ("4♦", 1, 2, 1, 26),  # A knocks with 2 and "loses 26": an undercut
    ("7♠", 1, 7, 16, 18),  # 9 doubled by the spade upcard
]


def test_the_sources_oklahoma_hollywood_hands() -> None:
    rules = gr.Rules(oklahoma=True, hollywood=True)
    sheet = gr.HollywoodSheet(rules)
    columns = []
    for upcard, scorer, knocked, defended, points in FIVE_HANDS:
        assert knocked <= gr.knock_limit(upcard, rules)
        result = gr.hand_score(knocked, defended, rules=rules, upcard=upcard)
        assert result.points == points
        sheet = sheet.record(scorer, result.points)
        columns.append((sheet.columns(0), sheet.columns(1)))
    assert columns == [
        ((18, None, None), (None, None, None)),
        ((24, 6, None), (None, None, None)),
        ((35, 17, 11), (None, None, None)),
        ((35, 17, 11), (26, None, None)),
        ((35, 17, 11), (44, 18, None)),
    ]
    doubled = gr.hand_score(7, 16, rules=rules, upcard="7♠")
    assert doubled.doubled
    assert doubled.arithmetic == "(16 − 7) × 2 = 18"
    assert gr.hand_score(7, 16, rules=rules, upcard="7♥").points == 9
    assert sheet.closed == ()


# ------------------------------------------------------------------------------------------
# One complete hand through the engine: the source's lay-offs.

KNOCKER = "3♠ 4♠ 5♠ J♣ J♠ J♥ 8♣ 8♥ 8♦ 2♥"
DEFENDER = "7♠ 6♠ J♦ A♥ 3♥ K♦ K♥ K♠ 9♣ 9♦"


def test_a_stacked_hand_to_a_knock_lay_offs_and_the_score() -> None:
    state = stacked({0: KNOCKER, 1: DEFENDER}, upcard="10♣", stock_top="2♣")
    assert gr.current_player(state) == 0  # the non-dealer is offered the upcard first
    state = play(state, "pass", "pass", "draw stock")
    assert knocks_in(state) == "2♣ 2♥"
    state = play(state, "knock 2♣")
    assert gr.legal_moves(state) == (gr.LayOut(["8♣ 8♥ 8♦", "J♣ J♠ J♥", "3♠ 4♠ 5♠"]),)
    state = gr.apply(state, gr.best_lay_out(state))
    seen = gr.view(state, 1)
    assert seen.knocker_layout is not None
    assert seen.knocker_layout.count == 2
    assert str(gr.best_lay_out(state)) == "lay out K♠ K♥ K♦ off J♦>1 6♠>2 7♠>2"
    before = state
    state = play(state, "lay out K♠ K♥ K♦ off J♦>1 6♠>2 7♠>2")
    last = gr.score(state).hands[-1]
    assert last.points == (20, 0)
    assert last.explanation == "seat 0 knocks with 2, seat 1 has 22: 22 − 2 = 20 to seat 0"
    assert last.defence is not None
    assert cards.format_cards(last.defence.deadwood) == "9♣ 3♥ A♥ 9♦"
    line = gr.narrate(before, state.moves[-1], state)
    assert line is not None
    assert line.startswith("seat 1 lays out [K♠ K♥ K♦] off J♦>1 6♠>2 7♠>2 9♣ 3♥ A♥ 9♦ (count 22)")
    assert state.hand_over
    assert gr.legal_moves(state) == (gr.Deal(),)
    assert gr.current_player(state) == 0  # the winner deals next (rule 9)


def test_the_knocker_may_not_lay_off_and_the_defender_may_not_lay_off_onto_deadwood() -> None:
    state = play(stacked({0: KNOCKER, 1: DEFENDER}, upcard="10♣", stock_top="2♣"), "pass", "pass")
    state = play(state, "draw stock", "knock 2♣")
    with pytest.raises(errors.IllegalMoveError, match="the knocker lays off nothing"):
        gr.apply(state, gr.LayOut(["8♣ 8♥ 8♦"], layoffs=[("J♣", 0)]))
    state = play(state, "lay out 8♣ 8♥ 8♦ | J♣ J♠ J♥ | 3♠ 4♠ 5♠")
    # The knocker's deadwood 2♥ takes neither the A♥ nor the 3♥ (the source's example).
    with pytest.raises(errors.IllegalMoveError, match="3♥ does not extend"):
        play(state, "lay out K♠ K♥ K♦ off 3♥>0")
    with pytest.raises(errors.IllegalMoveError, match="no meld 3"):
        play(state, "lay out off 3♥>3")
    for move in gr.legal_moves(state):
        assert isinstance(move, gr.LayOut)
        assert not {c for c, _ in move.layoffs} & {card("A♥"), card("3♥")}


def test_the_knockers_arrangement_decides_what_can_be_laid_off() -> None:
    knocker = "A♥ 2♥ 3♥ 4♥ 4♣ 4♠ 8♣ 8♠ 8♦ 2♦"
    defender = "5♥ 4♦ K♣ K♠ Q♥ Q♦ J♣ 9♠ 7♣ 6♦"
    state = play(stacked({0: knocker, 1: defender}, stock_top="K♥"), "pass", "pass")
    state = play(state, "draw stock", "knock K♥")
    laid = [str(move) for move in gr.legal_moves(state)]
    assert laid[0] == "lay out 4♣ 4♠ 4♥ | 8♣ 8♠ 8♦ | A♥ 2♥ 3♥"  # count 2, the best
    assert "lay out 8♣ 8♠ 8♦ | A♥ 2♥ 3♥ 4♥" in laid  # count 10: 4♣ 4♠ 2♦ stay deadwood
    sets = play(state, laid[0])
    run = play(state, "lay out 8♣ 8♠ 8♦ | A♥ 2♥ 3♥ 4♥")
    offs_after_sets = {c for m in gr.legal_moves(sets) for c, _ in m.layoffs}  # type: ignore[union-attr]
    offs_after_run = {c for m in gr.legal_moves(run) for c, _ in m.layoffs}  # type: ignore[union-attr]
    assert offs_after_sets == {card("4♦")}  # the fourth four
    assert offs_after_run == {card("5♥")}  # the next heart of the run
    # The suboptimal arrangement is a real choice: the hand ends differently.
    sets = gr.apply(sets, gr.best_lay_out(sets))
    run = gr.apply(run, gr.best_lay_out(run))
    assert gr.score(sets).hands[-1].explanation.startswith("seat 0 knocks with 2, seat 1 has")
    assert gr.score(run).hands[-1].explanation.startswith("seat 0 knocks with 10, seat 1 has")


def test_lay_offs_chain_at_both_ends_of_a_run() -> None:
    knocker = "5♠ 6♠ 7♠ 8♣ 8♥ 8♦ Q♣ Q♥ Q♦ A♦"
    defender = "3♠ 4♠ 8♠ 9♠ K♣ K♥ 2♦ 5♣ 6♥ 7♦"
    state = play(stacked({0: knocker, 1: defender}, stock_top="J♥"), "pass", "pass")
    state = play(state, "draw stock", "knock J♥", "lay out 8♣ 8♥ 8♦ | Q♣ Q♥ Q♦ | 5♠ 6♠ 7♠")
    best = gr.best_lay_out(state)
    assert [(str(c), i) for c, i in best.layoffs] == [
        ("4♠", 2),
        ("3♠", 2),
        ("8♠", 2),
        ("9♠", 2),
    ]
    with pytest.raises(errors.IllegalMoveError, match="3♠ does not extend"):
        play(state, "lay out off 3♠>2 4♠>2")  # 3♠ before 4♠: not next to the run yet
    with pytest.raises(errors.IllegalMoveError, match="9♠ does not extend"):
        play(state, "lay out off 9♠>2 8♠>2")  # 9♠ before 8♠: not next to the run yet
    state = play(state, "lay out off 4♠>2 3♠>2 8♠>2 9♠>2")
    last = gr.score(state).hands[-1]
    assert last.result is not None
    assert last.result.defender_count == 10 + 10 + 2 + 5 + 6 + 7


# ------------------------------------------------------------------------------------------
# Undercut, gin, big gin.

UNDERCUT_KNOCKER = "A♣ 2♣ 3♣ 5♦ 6♦ 7♦ 9♥ 9♠ 9♦ 4♥"
FOUR_COUNT = "10♣ J♣ Q♣ 10♠ J♠ Q♠ 10♥ J♥ Q♥ 4♠"


def test_undercut_on_equal_counts_goes_to_the_defender() -> None:
    state = stacked({0: UNDERCUT_KNOCKER, 1: FOUR_COUNT}, stock_top="K♣")
    state = play(state, "pass", "pass", "draw stock", "knock K♣")
    state = gr.apply(state, gr.best_lay_out(state))
    state = gr.apply(state, gr.best_lay_out(state))
    last = gr.score(state).hands[-1]
    assert last.points == (0, 25)
    assert last.winner == 1
    assert last.result is not None
    assert last.result.kind is gr.Kind.UNDERCUT
    assert (
        last.explanation
        == "seat 0 knocks with 4, seat 1 has 4: undercut, 4 − 4 + 25 = 25 to seat 1"
    )
    assert gr.score(state).hands_won == (0, 1)


def test_gin_against_a_zero_count_defender_wins_25_and_allows_no_lay_offs() -> None:
    gin = "A♣ 2♣ 3♣ 4♣ 5♦ 6♦ 7♦ 9♥ 9♠ 9♦"
    zero = "10♣ J♣ Q♣ 10♠ J♠ Q♠ 10♥ J♥ Q♥ 8♦"
    state = stacked({0: gin, 1: zero}, stock_top="K♣")
    state = play(state, "pass", "pass", "draw stock", "gin K♣")
    state = gr.apply(state, gr.best_lay_out(state))
    # 8♦ would extend 5♦ 6♦ 7♦, but nothing may be laid off after gin (rule 13).
    assert all(not move.layoffs for move in gr.legal_moves(state))  # type: ignore[union-attr]
    with pytest.raises(errors.IllegalMoveError, match="nothing may be laid off after gin"):
        play(state, "lay out 10♣ 10♠ 10♥ | J♣ J♠ J♥ | Q♣ Q♠ Q♥ off 8♦>1")
    state = play(state, "lay out 10♣ J♣ Q♣ | 10♠ J♠ Q♠ | 10♥ J♥ Q♥")
    last = gr.score(state).hands[-1]
    assert last.points == (33, 0)  # 8 + 25: gin is never undercut
    zero_defender = stacked({0: gin, 1: "10♣ J♣ Q♣ 10♠ J♠ Q♠ 10♥ J♥ Q♥ 10♦"}, stock_top="K♣")
    zero_defender = play(zero_defender, "pass", "pass", "draw stock", "knock K♣")
    zero_defender = gr.apply(zero_defender, gr.best_lay_out(zero_defender))
    zero_defender = gr.apply(zero_defender, gr.best_lay_out(zero_defender))
    last = gr.score(zero_defender).hands[-1]
    assert last.points == (25, 0)
    assert last.result is not None
    assert last.result.kind is gr.Kind.GIN
    assert last.result.defender_count == 0


def test_big_gin_option() -> None:
    eleven = "A♣ 2♣ 3♣ 4♣ 5♦ 6♦ 7♦ 9♥ 9♠ 9♦"
    hands = {0: eleven, 1: FOUR_COUNT}
    off = play(stacked(hands, stock_top="8♦"), "pass", "pass", "draw stock")
    assert gr.BIG_GIN not in gr.legal_moves(off)
    with pytest.raises(errors.IllegalMoveError, match="big gin is not played"):
        gr.apply(off, gr.BIG_GIN)
    rules = gr.Rules(big_gin=True)
    on = play(stacked(hands, stock_top="8♦", rules=rules), "pass", "pass", "draw stock")
    assert gr.legal_moves(on)[-1] == gr.BIG_GIN
    on = play(on, "big gin")
    assert gr.view(on, 0).hand_sizes == (11, 10)
    on = gr.apply(on, gr.best_lay_out(on))
    on = gr.apply(on, gr.best_lay_out(on))
    last = gr.score(on).hands[-1]
    assert last.result is not None
    assert last.result.kind is gr.Kind.BIG_GIN
    assert last.points == (4 + 31, 0)
    not_yet = play(stacked(hands, stock_top="K♣", rules=rules), "pass", "pass", "draw stock")
    with pytest.raises(errors.IllegalMoveError, match="big gin needs all 11 cards melded"):
        gr.apply(not_yet, gr.BIG_GIN)


# ------------------------------------------------------------------------------------------
# The first turn, drawing, discarding, knocking.


def test_the_upcard_offer_non_dealer_then_dealer_then_a_stock_draw() -> None:
    state = stacked({}, dealer=1, upcard="7♥")
    assert gr.legal_moves(state) == (gr.DRAW_PILE, gr.PASS)
    assert gr.current_player(state) == 0
    with pytest.raises(errors.IllegalMoveError, match="on the first turn you take the upcard"):
        play(state, "draw stock")
    with pytest.raises(errors.IllegalMoveError, match="you hold 10 cards"):
        play(state, "discard 2♣")
    state = play(state, "pass")
    assert (gr.current_player(state), gr.legal_moves(state)) == (1, (gr.DRAW_PILE, gr.PASS))
    state = play(state, "pass")
    assert (gr.current_player(state), gr.legal_moves(state)) == (0, (gr.DRAW_STOCK,))
    with pytest.raises(errors.IllegalMoveError, match="both passed the upcard"):
        play(state, "take")
    with pytest.raises(errors.IllegalMoveError, match="passing is for the upcard"):
        play(state, "pass")
    state = play(state, "draw stock")
    assert gr.view(state, 0).hand_sizes == (11, 10)


def test_the_dealer_may_take_the_upcard_the_non_dealer_refused() -> None:
    state = play(stacked({}, dealer=0, upcard="7♥"), "pass")
    assert gr.current_player(state) == 0
    state = play(state, "take")
    assert card("7♥") in gr.view(state, 0).hand
    assert gr.view(state, 1).known == ((card("7♥"),), ())
    assert gr.view(state, 1).pile == ()
    state = gr.apply(state, gr.legal_moves(state)[0])
    assert gr.current_player(state) == 1
    assert gr.legal_moves(state) == (gr.DRAW_STOCK, gr.DRAW_PILE)


def test_the_card_just_taken_from_the_pile_may_not_be_discarded() -> None:
    state = play(stacked({}, dealer=1, upcard="7♥"), "take")
    assert gr.Discard("7♥") not in gr.legal_moves(state)
    with pytest.raises(errors.IllegalMoveError, match="just taken from the pile"):
        play(state, "discard 7♥")
    lenient = gr.Rules(may_discard_card_just_taken_from_pile=True)
    state = play(stacked({}, dealer=1, upcard="7♥", rules=lenient), "take")
    assert gr.Discard("7♥") in gr.legal_moves(state)
    state = play(state, "discard 7♥")
    assert gr.view(state, 0).pile == (card("7♥"),)
    assert gr.view(state, 0).known == ((), ())  # taken and given back


def test_a_knock_may_not_use_the_card_just_taken() -> None:
    # Taking the 2♥ lets seat 0 knock, but only by discarding another card.
    hand = "A♣ 2♣ 3♣ 5♦ 6♦ 7♦ 9♥ 9♠ 9♦ K♣"
    state = play(stacked({0: hand}, upcard="2♥"), "take")
    assert knocks_in(state) == "K♣"
    with pytest.raises(errors.IllegalMoveError, match="just taken from the pile"):
        play(state, "knock 2♥")


def test_knocking_needs_a_count_within_the_limit() -> None:
    state = play(stacked({0: UNDERCUT_KNOCKER}, stock_top="K♣"), "pass", "pass", "draw stock")
    assert knocks_in(state) == "K♣ 4♥"  # a count of 4 or 10
    with pytest.raises(errors.IllegalMoveError, match="leaves a count of 19: knocking needs"):
        play(state, "knock A♣")
    with pytest.raises(errors.IllegalMoveError, match="Q♠ is not in your hand"):
        play(state, "knock Q♠")
    strict = gr.Rules(knock_limit=3)
    state = play(
        stacked({0: UNDERCUT_KNOCKER}, stock_top="K♣", rules=strict), "pass", "pass", "draw stock"
    )
    assert knocks_in(state) == ""
    with pytest.raises(errors.IllegalMoveError, match="a count of 3 or less"):
        play(state, "knock K♣")


def test_the_knockers_lay_out_must_keep_within_the_limit() -> None:
    state = play(
        stacked({0: UNDERCUT_KNOCKER}, stock_top="K♣"), "pass", "pass", "draw stock", "knock K♣"
    )
    with pytest.raises(errors.IllegalMoveError, match="your count is 31"):
        play(state, "lay out A♣ 2♣ 3♣ | 5♦ 6♦ 7♦")
    with pytest.raises(errors.IllegalMoveError, match="K♠ is not in your hand"):
        play(state, "lay out K♠ K♥ K♦")
    with pytest.raises(errors.IllegalMoveError, match="lay-outs follow a knock"):
        gr.best_lay_out(stacked({}))


def test_a_knock_on_the_first_turn_with_the_upcard() -> None:
    state = play(stacked({0: UNDERCUT_KNOCKER}, upcard="4♣"), "take")
    assert knocks_in(state) == "A♣ 4♥"
    state = play(state, "knock 4♥")
    assert gr.view(state, 1).pile == ()  # the knocking discard is face down
    assert gr.view(state, 1).knocker == 0


# ------------------------------------------------------------------------------------------
# The void hand (rule 14, note G5).

JUNK_0 = "A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 9♥ 9♠ K♠ Q♠"
JUNK_1 = "9♣ J♠ K♣ K♦ Q♥ Q♦ 10♥ 10♦ 8♣ 7♥"


def to_the_third_last_card() -> gr.State:
    """Both pass; 28 stock draws each discarded at once; seat 0 draws the 29th, the 9♦."""
    used = set(cards.parse_cards(f"{JUNK_0} {JUNK_1} 2♥ 9♦"))
    filler = [c for c in PACK if c not in used]
    state = stacked(
        {0: JUNK_0, 1: JUNK_1}, upcard="2♥", stock_top=" ".join(map(str, filler[:28])) + " 9♦"
    )
    state = play(state, "pass", "pass")
    for drawn in filler[:28]:
        state = play(state, "draw stock")
        assert knocks_in(state) == ""
        state = play(state, f"discard {drawn}")
        assert not state.hand_over
    assert gr.view(state, 0).stock_size == 3
    return play(state, "draw stock")


def test_a_discard_without_a_knock_when_two_stock_cards_remain_voids_the_hand() -> None:
    state = to_the_third_last_card()
    assert gr.view(state, 0).stock_size == 2
    before = state
    state = play(state, "discard 9♦")
    assert state.hand_over
    last = gr.score(state).hands[-1]
    assert last.void
    assert last.points == (0, 0)
    assert last.explanation.startswith("void")
    assert gr.score(state).hands_won == (0, 0)
    assert gr.narrate(before, state.moves[-1], state) == (
        "seat 0 discards 9♦; void: the stock is down to 2 cards and nobody knocked; "
        "seat 1 deals again"
    )
    # The same dealer deals again; the hand number still advances.
    assert gr.current_player(state) == 1
    state = play(state, "deal")
    assert (state.hand_number, state.dealer) == (2, 1)


def test_knocking_on_the_third_last_card_is_still_allowed() -> None:
    state = to_the_third_last_card()
    assert knocks_in(state) == "Q♠ K♠"
    state = play(state, "knock K♠")
    state = gr.apply(state, gr.best_lay_out(state))
    state = gr.apply(state, gr.best_lay_out(state))
    assert not gr.score(state).hands[-1].void


def test_the_pile_draw_limit_ends_endless_hands() -> None:
    rules = gr.Rules(pile_draw_limit=3)
    state = play(stacked({}, rules=rules, upcard="7♥"), "take", "discard 2♣")
    state = play(state, "take", "discard 2♠", "take", "discard 3♣")
    assert gr.legal_moves(state) == (gr.DRAW_STOCK,)
    with pytest.raises(errors.IllegalMoveError, match="drawn from 3 times in this hand"):
        play(state, "take")
    assert gr.max_hand_moves(rules, 2) == 1 + 2 + 2 * (29 + 3) + 2


# ------------------------------------------------------------------------------------------
# Oklahoma: the upcard's knock limit, ace and spade upcards.


def test_oklahoma_knock_limit_from_the_upcard() -> None:
    rules = gr.Rules(oklahoma=True)
    # Count 4 after discarding K♣: allowed with a 4 upcard, not with a 3.
    for upcard, allowed in (("4♠", "K♣"), ("3♥", ""), ("Q♥", "K♣ 4♥")):
        state = stacked({0: UNDERCUT_KNOCKER}, upcard=upcard, stock_top="K♣", rules=rules)
        assert gr.view(state, 1).knock_limit == gr.knock_limit(upcard, rules)
        state = play(state, "pass", "pass", "draw stock")
        assert knocks_in(state) == allowed


def test_oklahoma_ace_upcard_is_gin_only_by_default() -> None:
    one = "A♣ 2♣ 3♣ 5♦ 6♦ 7♦ 9♥ 9♠ 9♦ A♥"
    for rules, allowed in (
        (gr.Rules(oklahoma=True), ""),
        (gr.Rules(oklahoma=True, ace_upcard="knock_at_1"), "K♣"),
    ):
        state = stacked({0: one}, upcard="A♦", stock_top="K♣", rules=rules)
        state = play(state, "pass", "pass", "draw stock")
        assert knocks_in(state) == allowed
    gin_only = stacked({0: one}, upcard="A♦", stock_top="4♣", rules=gr.Rules(oklahoma=True))
    gin_only = play(gin_only, "pass", "pass", "draw stock")
    assert knocks_in(gin_only) == "A♥"  # A♣ 2♣ 3♣ 4♣ and the rest melded: gin


def test_oklahoma_spade_upcard_doubles_the_hand() -> None:
    # The knocker's 4 against the defender's 2 is an undercut: 4 − 2 + 25 = 27, bonus included.
    for rules, points, doubled in (
        (gr.Rules(oklahoma=True), (0, 2 * 27), True),
        (gr.Rules(oklahoma=True, spade_doubles=False), (0, 27), False),
        (gr.Rules(), (0, 27), False),
    ):
        state = stacked({0: UNDERCUT_KNOCKER, 1: KNOCKER}, upcard="7♠", stock_top="K♣", rules=rules)
        assert gr.view(state, 0).doubled == doubled
        state = play(state, "pass", "pass", "draw stock", "knock K♣")
        state = gr.apply(state, gr.best_lay_out(state))
        state = play(state, "lay out J♣ J♠ J♥ | 8♣ 8♥ 8♦ | 3♠ 4♠ 5♠")  # the 2♥ left: 2
        assert gr.score(state).hands[-1].points == points


def test_deal_narration_names_the_oklahoma_limit() -> None:
    rules = gr.Rules(oklahoma=True)
    before = gr.new_game(rules, seed=1, first_dealer=0)
    order = gr.order_for({}, dealer=0, upcard="7♠")
    after = gr.apply(before, gr.Deal(order=order))
    line = gr.narrate(before, after.moves[-1], after)
    assert line == "hand 1: seat 0 deals, the upcard is 7♠ (knock at 7 or less, scores doubled)"


# ------------------------------------------------------------------------------------------
# The match: next dealer, target and settlement, max_hands, Hollywood.


NINETEEN = "10♣ J♣ Q♣ 10♠ J♠ Q♠ K♥ 2♠ 3♥ 4♠"


def knock_hand(state: gr.State, *, knocker: int) -> gr.State:
    """Deal a stacked hand in which ``knocker`` knocks with 4 against 19: 15 points."""
    dealer = gr.current_player(state)
    assert dealer is not None
    hands = {knocker: UNDERCUT_KNOCKER, 1 - knocker: NINETEEN}
    top = cards.parse_cards("K♣ Q♦")
    used = set(cards.parse_cards(f"{UNDERCUT_KNOCKER} {NINETEEN} K♦")) | set(top)
    order = gr.order_for(hands, dealer=dealer, upcard="K♦", stock=[*top, *sorted(set(PACK) - used)])
    state = play(gr.apply(state, gr.Deal(order=order)), "pass", "pass", "draw stock")
    if knocker == dealer:
        state = play(state, "discard K♣", "draw stock", "knock Q♦")
    else:
        state = play(state, "knock K♣")
    while not state.hand_over:
        state = gr.apply(state, gr.best_lay_out(state))
    return state


@pytest.mark.parametrize("knocker", [0, 1])
def test_knock_hand_helper_scores_15(knocker: int) -> None:
    state = knock_hand(gr.new_game(seed=3, first_dealer=0), knocker=knocker)
    assert gr.score(state).hands[-1].points[knocker] == 15


@pytest.mark.parametrize(
    ("next_dealer", "dealers"),
    [("winner", [0, 1, 1]), ("loser", [0, 0, 0]), ("alternate", [0, 1, 0])],
)
def test_next_dealer_option(next_dealer: str, dealers: list[int]) -> None:
    state = gr.new_game(gr.Rules(next_dealer=next_dealer), seed=3, first_dealer=0)  # type: ignore[arg-type]
    seen = []
    for _ in range(3):
        seen.append(gr.current_player(state))
        state = knock_hand(state, knocker=1)
    assert seen == dealers


def test_the_game_ends_at_the_target_with_the_settlement() -> None:
    state = gr.new_game(gr.Rules(target=40), seed=3, first_dealer=0)
    for _ in range(3):
        state = knock_hand(state, knocker=1)
    result = gr.score(state)
    assert result.over
    assert result.totals == (0, 45)
    assert (result.winners, result.losers) == ((1,), (0,))
    assert result.settlement == gr.settlement(45, 0, 3, 0) == 45 + 100 + 75
    last_line = gr.narrate(
        gr.replay(state.rules, state.seed, state.moves[:-1], players=2, first_dealer=0),
        state.moves[-1],
        state,
    )
    assert last_line is not None
    assert last_line.endswith("; seat 1 wins the match: 45 + 100 + 25 × (3 − 0) − 0 = 220")
    assert gr.legal_moves(state) == ()
    assert gr.current_player(state) is None
    shutout = gr.new_game(gr.Rules(target=40, shutout_rule=True), seed=3, first_dealer=0)
    for _ in range(3):
        shutout = knock_hand(shutout, knocker=1)
    assert gr.score(shutout).settlement == 45 + 200 + 75


def test_max_hands_ends_the_match_the_higher_total_winning_or_nobody() -> None:
    state = gr.new_game(gr.Rules(max_hands=2), seed=3, first_dealer=0)
    state = knock_hand(knock_hand(state, knocker=1), knocker=1)
    assert gr.score(state).winners == (1,)
    assert gr.score(state).settlement == gr.settlement(30, 0, 2, 0)
    tied = gr.new_game(gr.Rules(max_hands=2, next_dealer="alternate"), seed=3, first_dealer=0)
    tied = knock_hand(knock_hand(tied, knocker=1), knocker=0)
    result = gr.score(tied)
    assert result.totals == (15, 15)
    assert (result.over, result.winners, result.losers, result.settlement) == (
        True,
        (),
        (0, 1),
        None,
    )


def test_hollywood_scoring_through_the_engine() -> None:
    rules = gr.Rules(hollywood=True, hollywood_target=30)
    state = gr.new_game(rules, seed=3, first_dealer=0)
    sheets = []
    for _ in range(4):
        state = knock_hand(state, knocker=1)
        sheet = gr.score(state).hollywood
        assert sheet is not None
        sheets.append(sheet.columns(1))
    assert sheets == [(15, None, None), (30, 15, None), (30, 30, 15), (30, 30, 30)]
    result = gr.score(state)
    assert result.over
    assert result.hollywood is not None
    assert result.hollywood.closed == (1, 2, 3)
    settled = [game.settlement for game in result.hollywood.games]
    assert settled == [
        gr.settlement(30, 0, 2, 0),
        gr.settlement(30, 0, 2, 0),
        gr.settlement(30, 0, 2, 0),
    ]
    assert result.settlement == sum(settled)  # type: ignore[arg-type]
    assert result.winners == (1,)


def test_random_hollywood_sessions_end_with_consistent_sheets() -> None:
    rules = gr.Rules(hollywood=True, hollywood_target=20, pile_draw_limit=5)
    for seed in range(6):
        chooser = random.Random(seed)
        state = gr.new_game(rules, seed=seed)
        while not gr.is_over(state):
            legal = gr.legal_moves(state)
            knocks = [m for m in legal if isinstance(m, gr.Knock)]
            state = gr.apply(state, knocks[0] if knocks else chooser.choice(legal))
        result = gr.score(state)
        assert result.hollywood is not None
        assert result.hollywood.over
        net = result.hollywood.net(0)
        assert result.settlement == (abs(net) or None)
        assert result.winners == ((0,) if net > 0 else (1,) if net < 0 else ())


# ------------------------------------------------------------------------------------------
# Errors, turns, replay.


def test_moves_out_of_turn_and_after_the_match() -> None:
    state = stacked({})
    with pytest.raises(errors.NotYourTurnError, match="seat 0 is to move, not seat 1"):
        gr.apply(state, gr.PASS, seat=1)
    with pytest.raises(errors.RulesError, match="seat must be a seat number") as caught:
        gr.apply(state, gr.PASS, seat=True)  # a bool is not a seat
    assert not isinstance(caught.value, errors.IllegalMoveError)
    assert gr.apply(state, gr.PASS, seat=0).turn == 1
    over = gr.new_game(gr.Rules(max_hands=1), seed=3, first_dealer=0)
    over = knock_hand(over, knocker=1)
    with pytest.raises(errors.MatchOverError, match="the match is over"):
        gr.apply(over, gr.Deal())


def test_deal_errors() -> None:
    state = gr.new_game(seed=1, first_dealer=0)
    order = gr.order_for({}, dealer=0)
    with pytest.raises(errors.IllegalMoveError, match="a stacked deal is built in code"):
        gr.apply(state, gr.Deal(order=order), seat=0)
    with pytest.raises(errors.IllegalMoveError, match="each of the 52 cards once"):
        gr.apply(state, gr.Deal(order=order[:-1]))
    dealt = gr.apply(state, gr.Deal(), seat=0)
    with pytest.raises(errors.IllegalMoveError, match="the hand is being played"):
        gr.apply(dealt, gr.Deal())
    with pytest.raises(errors.IllegalMoveError, match="not a Gin Rummy move"):
        gr.apply(dealt, core_moves.Play(card("2♣")))  # type: ignore[arg-type]  # wrong game


def test_illegal_moves_in_each_phase_say_what_comes_next() -> None:
    state = gr.new_game(seed=1, first_dealer=0)
    with pytest.raises(errors.IllegalMoveError, match="the cards are not dealt: seat 0 deals"):
        play(state, "draw stock")
    state = play(stacked({0: KNOCKER, 1: DEFENDER}, upcard="10♣", stock_top="2♣"), "pass", "pass")
    with pytest.raises(errors.IllegalMoveError, match="lay-outs follow a knock"):
        play(state, "lay out")
    state = play(state, "draw stock")
    with pytest.raises(errors.IllegalMoveError, match="you cannot draw now"):
        play(state, "draw stock")
    with pytest.raises(errors.IllegalMoveError, match="big gin is not played"):
        play(state, "big gin")
    state = play(state, "knock 2♣")
    with pytest.raises(errors.IllegalMoveError, match="he lays out his hand"):
        play(state, "discard 2♥")


def test_order_for_errors() -> None:
    with pytest.raises(errors.RulesError, match="seat 0 must get 10 cards, not 2"):
        gr.order_for({0: "2♣ 3♣"}, dealer=0)
    with pytest.raises(errors.RulesError, match="wanted twice: 2♣"):
        gr.order_for({0: "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣"}, dealer=0, upcard="2♣")
    with pytest.raises(errors.RulesError, match="the stock holds 31 cards, not 32"):
        gr.order_for({}, dealer=0, stock=cards.pack(52)[:32])
    topped = gr.order_for({}, dealer=0, upcard="2♣", stock="A♠ K♠")
    assert cards.format_cards(topped[20:23]) == "2♣ A♠ K♠"  # the upcard, then the stock's top
    assert list(topped[23:]) == sorted(topped[23:])  # the rest of the stock in card order
    with pytest.raises(errors.RulesError, match="dealer must be a seat"):
        gr.order_for({}, dealer=2)
    with pytest.raises(errors.RulesError, match="each of the 2 seats"):
        gr.order_for([None], dealer=0)
    both = gr.order_for([KNOCKER, None], dealer=0)
    assert cards.format_cards(both[1:20:2]) == KNOCKER


def test_new_game_errors() -> None:
    with pytest.raises(errors.RulesError, match="exactly 2 players"):
        gr.new_game(players=3)
    with pytest.raises(errors.RulesError, match=r"expected gin_rummy\.Rules"):
        gr.new_game(rules=object())  # type: ignore[arg-type]  # wrong on purpose
    with pytest.raises(errors.RulesError, match="first_dealer must be a seat from 0 to 1"):
        gr.new_game(first_dealer=2)


def test_replay_of_a_recorded_game_with_a_suboptimal_arrangement() -> None:
    knocker = "A♥ 2♥ 3♥ 4♥ 4♣ 4♠ 8♣ 8♠ 8♦ 2♦"
    state = play(stacked({0: knocker}, stock_top="K♥"), "pass", "pass", "draw stock", "knock K♥")
    state = play(state, "lay out 8♣ 8♠ 8♦ | A♥ 2♥ 3♥ 4♥")  # count 10, not the best 2
    state = gr.apply(state, gr.legal_moves(state)[-1])  # the last of the defender's lay-outs
    texts = [str(move) for move in state.moves]
    again = gr.replay(state.rules, state.seed, texts, players=2, first_dealer=state.first_dealer)
    assert again == state
    assert gr.score(again) == gr.score(state)


def test_is_legal() -> None:
    state = stacked({})
    assert gr.is_legal(state, gr.PASS)
    assert not gr.is_legal(state, gr.DRAW_STOCK)
    assert not gr.is_legal(state, "pass")


# ------------------------------------------------------------------------------------------
# Views.


def test_views_never_show_the_other_hand_the_stock_or_the_face_down_discard() -> None:
    for seed in range(10**9, 10**9 + 8):
        chooser = random.Random(seed)
        state = gr.new_game(gr.Rules(max_hands=3), seed=seed)
        while not gr.is_over(state):
            for seat in (0, 1):
                seen = gr.view(state, seat)
                hidden = hidden_from(state, seat)
                shown = set(seen.hand) | set(seen.pile)
                for other in seen.known:
                    shown |= set(other)
                if seen.knocker_layout is not None:
                    shown |= set(seen.knocker_layout.deadwood)
                    shown |= {c for meld in seen.knocker_layout.melds for c in meld.cards}
                if seen.defence is not None:
                    shown |= set(seen.defence.deadwood) | {c for c, _ in seen.defence.layoffs}
                    shown |= {c for meld in seen.defence.melds for c in meld.cards}
                assert not shown & hidden
                # The last hand's public facts aside, the view's text names no hidden card.
                text = repr(attrs.evolve(seen, last_hand=None))
                assert str(state.seed) not in text
                for secret in hidden:
                    assert f"'{secret}'" not in text
            state = gr.apply(state, eager_choice(chooser, gr.legal_moves(state)))


def eager_choice(chooser: random.Random, legal: tuple[gr.Move, ...]) -> gr.Move:
    """A random move, but a knock whenever one is legal: random players seldom knock."""
    knocks = [move for move in legal if isinstance(move, gr.Knock | gr.BigGin)]
    return chooser.choice(knocks or legal)


def greedy_choice(state: gr.State, chooser: random.Random, legal: tuple[gr.Move, ...]) -> gr.Move:
    """Knock when possible, else discard the card that leaves the least deadwood."""
    knocks = [move for move in legal if isinstance(move, gr.Knock | gr.BigGin)]
    if knocks:
        return chooser.choice(knocks)
    discards = [move for move in legal if isinstance(move, gr.Discard)]
    if not discards:
        return chooser.choice(legal)
    hand = state.hands[state.turn]
    return min(discards, key=lambda move: melds.deadwood_of(hand ^ move.card.mask))


def hidden_from(state: gr.State, seat: int) -> set[cards.Card]:
    """The cards a seat may not see: the stock, the other's unlaid hand, the face-down discard."""
    hand = state.hand
    if hand is None:
        return set()
    hidden = {cards.CARDS[index] for index in hand.deck[state.drawn :]}
    showdown = state.showdown
    other = 1 - seat
    laid_out = showdown is not None and (
        (showdown.knocker == other and showdown.layout is not None)
        or (showdown.knocker == seat and showdown.defence is not None)
    )
    if not laid_out:
        picked = set(cards.cards_in(state.picked[other]))
        hidden |= set(cards.cards_in(state.hands[other])) - picked
    if showdown is not None and showdown.discard is not None and showdown.knocker != seat:
        hidden.add(cards.CARDS[showdown.discard])
    return hidden


def test_view_rejects_bad_seats() -> None:
    for seat in (2, -1, "0", True):
        with pytest.raises(errors.RulesError):
            gr.view(gr.new_game(seed=1), seat)  # type: ignore[arg-type]  # wrong on purpose


# ------------------------------------------------------------------------------------------
# Random hands with invariants.


def card_bits(state: gr.State) -> list[int]:
    """The bit of every card of the hand: the hands, the stock, the pile, the knock's discard."""
    hand = state.hand
    assert hand is not None
    found = [1 << c.index for held_mask in state.hands for c in cards.cards_in(held_mask)]
    found += [1 << index for index in hand.deck[state.drawn :]]
    found += [1 << index for index in state.pile]
    if state.showdown is not None and state.showdown.discard is not None:
        found.append(1 << state.showdown.discard)
    return found


@pytest.mark.breadth
def test_two_thousand_random_hands_keep_the_invariants() -> None:
    chooser = random.Random(2024)
    rules = gr.Rules(max_hands=40, big_gin=True)
    hands = knocked = 0
    seed = 0
    while hands < 2000:
        state = gr.new_game(rules, seed=seed)
        greedy = seed % 2 == 1
        seed += 1
        bound = gr.max_hand_moves(rules, 2)
        moves_in_hand = 0
        while True:
            legal = gr.legal_moves(state)
            over = gr.is_over(state)
            assert (legal == ()) == over == (gr.current_player(state) is None)
            assert state.hand_over == (over or legal == (gr.Deal(),))
            if state.hand is not None:
                bits = card_bits(state)
                assert len(bits) == 52
                assert sum(bits) == (1 << 52) - 1  # each of the 52 cards exactly once
                assert state.stock_size >= 2
                sizes = [mask.bit_count() for mask in state.hands]
                if state.phase is Phase.DISCARD:
                    assert sorted(sizes) == [10, 11]
                elif state.showdown is None or not state.showdown.big_gin:
                    assert sizes == [10, 10]
            if over:
                break
            move = greedy_choice(state, chooser, legal) if greedy else chooser.choice(legal)
            if hands < 50:
                assert gr.parse_move(str(move)) == move
                assert len(set(legal)) == len(legal)
            after = gr.apply(state, move)
            if isinstance(move, gr.Deal):
                moves_in_hand = 0
            moves_in_hand += 1
            assert moves_in_hand <= bound
            if after.hand_over and not state.hand_over:
                hands += 1
                knocked += not after.hand_scores[-1].void
                check_finished_hand(after)
            state = after
        result = gr.score(state)
        assert sum(result.hands_won) == sum(not hand.void for hand in result.hands)
        assert result.totals == tuple(map(sum, zip(*(h.points for h in result.hands), strict=True)))
    assert knocked > 200  # the greedy seeds knock often: the showdowns are well covered


def check_finished_hand(state: gr.State) -> None:
    last = state.hand_scores[-1]
    assert last.number == state.hand_number
    if last.void:
        assert state.stock_size == 2
        assert last.points == (0, 0)
        return
    assert last.result is not None
    assert last.knocker_layout is not None
    assert last.defence is not None
    assert last.result.knocker_count == last.knocker_layout.count
    assert last.result.defender_count == last.defence.count
    assert sum(last.points) == last.result.points
    if last.knocker_layout.count == 0:
        assert not last.defence.layoffs


def test_random_matches_to_100_end() -> None:
    lengths = []
    for seed in range(3):
        chooser = random.Random(seed)
        state = gr.new_game(seed=seed)
        while not gr.is_over(state):
            state = gr.apply(state, chooser.choice(gr.legal_moves(state)))
        result = gr.score(state)
        assert max(result.totals) >= 100
        assert result.settlement is not None
        lengths.append(state.hand_number)
    assert all(length > 10 for length in lengths)


def test_states_are_frozen_and_equal_when_reached_alike() -> None:
    first = play(stacked({}), "pass")
    second = play(stacked({}), "pass")
    assert first == second
    assert hash(first) == hash(second)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        first.turn = 1  # type: ignore[misc]  # frozen on purpose


def test_registration() -> None:
    assert cardgames.GAMES["gin-rummy"] is gr.GAME
    assert cardgames.GAMES["gin_rummy"] is gr.GAME
    assert gr.GAME.players == (2,)


def test_states_pickle_and_views_scores_records_travel_as_json() -> None:
    rules = gr.Rules(oklahoma=True, hollywood=True, hollywood_target=40, max_hands=6)
    chooser = random.Random(5)
    state = gr.new_game(rules, seed=5)
    while not gr.is_over(state):
        state = gr.apply(state, greedy_choice(state, chooser, gr.legal_moves(state)))
        for seat in (0, 1):
            seen = gr.view(state, seat)
            assert (
                codec.decode(codec.encode(seen, game="gin-rummy"), gr.View, game="gin-rummy")
                == seen
            )
    assert pickle.loads(pickle.dumps(state)) == state  # noqa: S301  # our own data
    result = gr.score(state)
    assert codec.loads(codec.dumps(result, game="gin-rummy"), gr.Score, game="gin-rummy") == result
    assert codec.replay(codec.loads_record(codec.dumps(codec.record(state)))) == state
