"""Tests of Gin Rummy's options, scoring functions and Hollywood sheet (rules 15-31, G1-G14).

The engine plays these through; here each function is checked alone: every kind of hand, every
bonus option, Oklahoma's knock limit and doubling, the settlement's forms, and the Hollywood
sheet's entry, closing, settlement and ending rules.
"""

from __future__ import annotations

import enum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors
from cardgames import gin_rummy as gr

loose: Any = gr
"""The module, untyped: for calls that pass wrong types on purpose."""

# ------------------------------------------------------------------------------------------
# Rules.


def test_rules_defaults_are_the_sources() -> None:
    rules = gr.Rules()
    assert (rules.knock_limit, rules.gin_bonus, rules.undercut_bonus, rules.box_bonus) == (
        10,
        25,
        25,
        25,
    )
    assert (rules.game_bonus, rules.target, rules.shutout_game_bonus) == (100, 100, 200)
    assert (rules.next_dealer, rules.ace_upcard, rules.hollywood_end) == (
        "winner",
        "gin_only",
        "all_closed",
    )
    assert (rules.shutout_rule, rules.oklahoma, rules.hollywood, rules.big_gin) == (False,) * 4
    assert rules.spade_doubles
    assert not rules.may_discard_card_just_taken_from_pile
    assert (rules.hollywood_target, rules.big_gin_bonus, rules.pile_draw_limit) == (150, 31, 50)
    assert rules.max_hands is None


class Lookalike(enum.StrEnum):
    """A value equal to a choice without being one."""

    WINNER = "winner"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"next_dealer": "dealer"}, "next_dealer must be one of 'winner', 'loser', 'alternate'"),
        ({"next_dealer": Lookalike.WINNER}, "next_dealer must be one of"),
        ({"ace_upcard": "knock_at_0"}, "ace_upcard must be one of"),
        ({"hollywood_end": None}, "hollywood_end must be one of"),
        ({"knock_limit": -1}, "knock_limit must be at least 0"),
        ({"knock_limit": 101}, "knock_limit must be at most 100"),
        ({"gin_bonus": 2.5}, "gin_bonus must be a whole number"),
        ({"undercut_bonus": True}, "undercut_bonus must be a whole number"),
        ({"box_bonus": -25}, "box_bonus must be at least 0"),
        ({"game_bonus": "100"}, "game_bonus must be a whole number"),
        ({"target": 0}, "target must be at least 1"),
        ({"shutout_rule": 1}, "shutout_rule must be True or False"),
        ({"shutout_game_bonus": -1}, "shutout_game_bonus must be at least 0"),
        ({"oklahoma": "yes"}, "oklahoma must be True or False"),
        ({"spade_doubles": None}, "spade_doubles must be True or False"),
        ({"hollywood": 0}, "hollywood must be True or False"),
        ({"hollywood_target": 0}, "hollywood_target must be at least 1"),
        ({"big_gin": "no"}, "big_gin must be True or False"),
        ({"big_gin_bonus": -31}, "big_gin_bonus must be at least 0"),
        ({"may_discard_card_just_taken_from_pile": 0}, "must be True or False"),
        ({"pile_draw_limit": 0}, "pile_draw_limit must be at least 1"),
        ({"max_hands": 0}, "max_hands must be at least 1"),
    ],
)
def test_rules_validation(options: dict[str, Any], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        gr.Rules(**options)


# ------------------------------------------------------------------------------------------
# A hand's score.


@pytest.mark.parametrize(
    "case",
    [
        (6, 19, "knocker", "knock", 13, "19 − 6 = 13"),
        (0, 24, "knocker", "gin", 49, "24 + 25 = 49"),
        (0, 0, "knocker", "gin", 25, "0 + 25 = 25"),  # gin is never undercut (G6)
        (4, 4, "defender", "undercut", 25, "4 − 4 + 25 = 25"),  # equal counts (G1)
        (10, 3, "defender", "undercut", 32, "10 − 3 + 25 = 32"),
        (9, 10, "knocker", "knock", 1, "10 − 9 = 1"),
    ],
)
def test_hand_score_kinds(case: tuple[int, int, str, str, int, str]) -> None:
    knocker, defender, winner, kind, points, arithmetic = case
    result = gr.hand_score(knocker, defender)
    assert (str(result.winner), str(result.kind), result.points, result.arithmetic) == (
        winner,
        kind,
        points,
        arithmetic,
    )
    assert (result.knocker_count, result.defender_count, result.doubled) == (
        knocker,
        defender,
        False,
    )


def test_bonus_options() -> None:
    rules = gr.Rules(gin_bonus=20, undercut_bonus=10, big_gin_bonus=50, big_gin=True)
    assert gr.hand_score(0, 7, rules=rules).points == 27
    assert gr.hand_score(5, 5, rules=rules).points == 10
    assert gr.hand_score(0, 7, rules=rules, big_gin=True).points == 57
    assert gr.hand_score(0, 7, rules=rules, big_gin=True).kind is gr.Kind.BIG_GIN
    assert gr.hand_score(0, 7, rules=rules).bonus == 20


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [("K♣", 10), ("Q♦", 10), ("J♥", 10), ("10♠", 10), ("9♣", 9), ("7♥", 7), ("3♦", 3)],
)
def test_oklahoma_limit_from_the_upcard(upcard: str, limit: int) -> None:
    assert gr.knock_limit(upcard, gr.Rules(oklahoma=True)) == limit
    assert gr.knock_limit(cards.Card.parse(upcard), gr.Rules(oklahoma=True)) == limit
    assert gr.knock_limit(upcard) == 10  # without Oklahoma the upcard does not matter
    assert gr.knock_limit(upcard, gr.Rules(knock_limit=7)) == 7


def test_oklahoma_ace_and_spades() -> None:
    gin_only = gr.Rules(oklahoma=True)
    at_one = gr.Rules(oklahoma=True, ace_upcard="knock_at_1")
    assert (gr.knock_limit("A♠", gin_only), gr.knock_limit("A♠", at_one)) == (0, 1)
    with pytest.raises(errors.RulesError, match="at most the knock limit, 0, not 1"):
        gr.hand_score(1, 20, rules=gin_only, upcard="A♥")
    assert gr.hand_score(1, 20, rules=at_one, upcard="A♥").points == 19
    # A spade doubles the whole hand, the bonus included (G8); spade_doubles turns it off.
    assert gr.hand_score(0, 10, rules=gin_only, upcard="A♠").points == 70
    assert gr.hand_score(5, 5, rules=gin_only, upcard="J♠").points == 50
    assert gr.hand_score(5, 5, rules=gin_only, upcard="J♠").arithmetic == "(5 − 5 + 25) × 2 = 50"
    no_double = gr.Rules(oklahoma=True, spade_doubles=False)
    assert gr.hand_score(5, 5, rules=no_double, upcard="J♠").points == 25
    assert gr.doubles("2♠", gin_only)
    assert not gr.doubles("2♠", no_double)
    assert not gr.doubles("2♠")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: gr.hand_score(11, 30), "at most the knock limit, 10, not 11"),
        (lambda: gr.hand_score(-1, 3), "knocker_count must be a whole number from 0 to 110"),
        (lambda: loose.hand_score(knocker_count=True, defender_count=3), "knocker_count must"),
        (lambda: loose.hand_score(3, 2.5), "defender_count must be a whole number"),
        (lambda: gr.hand_score(0, 3, big_gin=True), "big gin is not played"),
        (lambda: gr.hand_score(2, 3, rules=gr.Rules(big_gin=True), big_gin=True), "no count"),
        (lambda: loose.hand_score(0, 3, big_gin=1), "big_gin must be True or False"),
        (lambda: gr.hand_score(2, 3, rules=gr.Rules(oklahoma=True)), "give the upcard"),
        (lambda: loose.hand_score(2, 3, rules={"target": 100}), r"expected gin_rummy\.Rules"),
        (lambda: loose.hand_score(2, 3, upcard=7), "upcard must be a card"),
        (lambda: gr.knock_limit(None, gr.Rules(oklahoma=True)), "give the upcard"),
        (lambda: gr.settlement(-1, 0, 0, 0), "winner_total must be a whole number"),
        (lambda: loose.settlement(1, 0, 0, None), "loser_hands must be a whole number"),
    ],
)
def test_scoring_errors(call: Any, message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        call()


def test_a_bad_upcard_text_is_a_card_error() -> None:
    with pytest.raises(errors.CardParseError):
        gr.knock_limit("11♠", gr.Rules(oklahoma=True))


def test_describe_names_the_players() -> None:
    assert gr.hand_score(0, 24).describe("B", "A") == "B goes gin, A has 24: 24 + 25 = 49 to B"
    big = gr.hand_score(0, 4, rules=gr.Rules(big_gin=True), big_gin=True)
    assert big.describe() == (
        "the knocker goes big gin, the defender has 4: 4 + 31 = 35 to the knocker"
    )


@given(st.integers(0, 10), st.integers(0, 98))
def test_the_hand_goes_to_the_lower_count_and_scores_at_least_the_difference(
    knocker: int, defender: int
) -> None:
    result = gr.hand_score(knocker, defender)
    if knocker == 0:
        assert result.winner is gr.Side.KNOCKER
        assert result.points == defender + 25
    elif knocker < defender:
        assert (result.winner, result.points) == (gr.Side.KNOCKER, defender - knocker)
    else:
        assert (result.winner, result.points) == (gr.Side.DEFENDER, knocker - defender + 25)


# ------------------------------------------------------------------------------------------
# The settlement.


def test_settlement_forms_agree() -> None:
    # The source nets the boxes; pagat gives each player his, then takes the difference (G2).
    for winner, loser, won, lost in ((118, 50, 5, 2), (104, 99, 3, 6), (100, 0, 4, 0)):
        pagat = (winner + 100 + 25 * won) - (loser + 25 * lost)
        assert gr.settlement(winner, loser, won, lost) == pagat
    assert gr.settlement(104, 99, 3, 6) == 104 + 100 - 75 - 99  # the boxes may go negative


def test_explain_settlement() -> None:
    assert gr.explain_settlement(118, 50, 5, 2) == "118 + 100 + 25 × (5 − 2) − 50 = 243"
    shutout = gr.Rules(shutout_rule=True)
    assert gr.explain_settlement(100, 0, 4, 0, rules=shutout) == (
        "100 + 200 shutout + 25 × (4 − 0) − 0 = 400"
    )
    with pytest.raises(errors.RulesError, match="winner_hands must be a whole number"):
        gr.explain_settlement(100, 0, -4, 0)


def test_settlement_options() -> None:
    rules = gr.Rules(game_bonus=50, box_bonus=10)
    assert gr.settlement(118, 50, 5, 2, rules=rules) == 118 + 50 + 30 - 50
    shutout = gr.Rules(shutout_rule=True, shutout_game_bonus=150)
    assert gr.settlement(100, 0, 4, 0, rules=shutout) == 100 + 150 + 100
    assert gr.settlement(100, 1, 4, 1, rules=shutout) == 100 + 100 + 75 - 1


# ------------------------------------------------------------------------------------------
# The Hollywood sheet.


def test_entry_rule_first_second_and_later_wins() -> None:
    sheet = gr.HollywoodSheet()
    for points in (1, 2, 4, 8):
        sheet = sheet.record(0, points)
    assert sheet.columns(0) == (15, 14, 12)
    assert sheet.columns(1) == (None, None, None)
    assert [game.boxes for game in sheet.games] == [(4, 0), (3, 0), (2, 0)]


def test_a_game_closes_at_its_target_and_later_scores_go_to_open_games() -> None:
    sheet = gr.HollywoodSheet(gr.Rules(hollywood_target=30))
    sheet = sheet.record(0, 20).record(0, 12)  # game 1 closes at 32; game 2 holds 12
    assert sheet.closed == (1,)
    first = sheet.games[0]
    assert (first.winner, first.settlement) == (0, 32 + 100 + 50)
    sheet = sheet.record(1, 5)  # shut out of game 1: his first win goes to game 2
    assert sheet.columns(1) == (None, 5, None)
    sheet = sheet.record(0, 3)  # games 2 and 3 for seat 0
    assert sheet.columns(0) == (32, 15, 3)
    sheet = sheet.record(1, 26)  # games 2 (closes at 31) and 3 for seat 1
    assert sheet.closed == (1, 2)
    second = sheet.games[1]
    assert (second.winner, second.settlement) == (1, 31 + 100 + 25 * (2 - 2) - 15)
    assert not sheet.over
    sheet = sheet.record(1, 10)
    assert sheet.over
    third = sheet.games[2]
    assert (third.winner, third.settlement) == (1, 36 + 100 + 25 * (2 - 1) - 3)
    assert sheet.net(1) == 116 + 158 - 182
    assert sheet.net(0) == -sheet.net(1)
    with pytest.raises(errors.RulesError, match="the Hollywood session is over"):
        sheet.record(0, 1)


def test_shutout_in_a_hollywood_game() -> None:
    sheet = gr.HollywoodSheet(gr.Rules(hollywood_target=20, shutout_rule=True))
    sheet = sheet.record(0, 25)
    assert sheet.games[0].settlement == 25 + 200 + 25


def test_one_player_all_three_keeps_games_open() -> None:
    rules = gr.Rules(hollywood_target=20, hollywood_end="one_player_all_three")
    sheet = gr.HollywoodSheet(rules)
    sheet = sheet.record(0, 25).record(1, 30).record(0, 10)
    assert sheet.closed == ()
    assert sheet.columns(0) == (35, 10, None)
    sheet = sheet.record(0, 12)  # (47, 22, 12): game 3 still short
    assert not sheet.over
    sheet = sheet.record(1, 25)  # seat 1: (55, 25, None)
    assert not sheet.over
    sheet = sheet.record(0, 8)  # seat 0: (55, 30, 20): the target in all three
    assert sheet.over
    assert sheet.columns(0) == (55, 30, 20)
    first = sheet.games[0]
    assert (first.winner, first.settlement) == (None, None)  # 55 against 55: drawn
    assert sheet.games[1].winner == 0
    assert sheet.games[2].winner == 0
    assert sheet.games[2].settlement == 20 + 100 + 25 * 2


def test_ended_settles_open_games_between_their_totals() -> None:
    sheet = gr.HollywoodSheet().record(0, 10).record(1, 30).record(1, 4)
    ended = sheet.ended()
    assert ended.over
    assert [game.winner for game in ended.games] == [1, 1, None]
    assert ended.games[0].settlement == 34 + 100 + 25 * (2 - 1) - 10
    assert ended.games[2].settlement is None


def test_hollywood_sheet_errors() -> None:
    sheet = gr.HollywoodSheet()
    with pytest.raises(errors.RulesError, match="winner_seat must be 0 or 1, not 2"):
        sheet.record(2, 10)
    with pytest.raises(errors.RulesError, match="points must be a whole number of 0 or more"):
        sheet.record(0, -1)
    with pytest.raises(errors.RulesError, match="seat must be 0 or 1"):
        sheet.columns(seat=True)
    with pytest.raises(errors.RulesError, match=r"expected gin_rummy\.Rules"):
        gr.HollywoodSheet({"hollywood_target": 150})  # type: ignore[arg-type]  # on purpose


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 60)), max_size=30))
def test_hollywood_sheet_properties(wins: list[tuple[int, int]]) -> None:
    sheet = gr.HollywoodSheet()
    for seat, points in wins:
        if sheet.over:
            break
        before = sheet
        sheet = sheet.record(seat, points)
        for game, earlier in zip(sheet.games, before.games, strict=True):
            if earlier.closed:
                assert game == earlier  # a closed game never changes
            if game.closed and game.winner is not None:
                assert max(game.total(0), game.total(1)) >= 150
    for seat in (0, 1):
        entered = [total is not None for total in sheet.columns(seat)]
        if not sheet.closed:
            assert entered == sorted(entered, reverse=True)  # games are entered in order
