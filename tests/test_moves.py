"""Tests of cardgames.moves: the Deal and Play moves every game shares, and their text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors, moves


@given(st.sampled_from(cards.CARDS))
def test_play_prints_and_parses_back(card: cards.Card) -> None:
    move = moves.Play(card)
    assert str(move) == f"play {card}"
    assert moves.Play.parse(str(move)) == move
    assert moves.Play.parse(str(card)) == move  # a card alone means playing it
    assert moves.Play.parse(f"  PLAY   {card.rank.text.lower()}{card.suit.letter} ") == move
    assert moves.PLAYS[card.index] == move
    assert repr(move) == f"Play(Card.parse('{card}'))"


def test_plays_are_shared_values() -> None:
    assert moves.Play.parse("play qh") is moves.PLAYS[cards.Card.parse("Q♥").index]
    assert len(moves.PLAYS) == 52


@pytest.mark.parametrize("card", ["Q♥", "qh", None, 36, cards.Suit.HEARTS])
def test_play_needs_a_card(card: object) -> None:
    with pytest.raises(errors.MoveParseError, match=r"^a play needs a Card, not .* Play\.parse"):
        moves.Play(card)  # type: ignore[arg-type]  # a wrong type on purpose


@pytest.mark.parametrize("order", [set(cards.pack(32)), {"7♣": 1}, frozenset(cards.pack(32))])
def test_a_deal_order_without_an_order_is_refused(order: object) -> None:
    with pytest.raises(errors.MoveParseError, match="a deal order must be cards or their text"):
        moves.Deal(order=order)  # type: ignore[arg-type]  # a wrong type on purpose


@pytest.mark.parametrize("mask", [-1, 1 << 52, (1 << 60) | 1, "16", None, 1.5])
def test_plays_in_refuses_what_is_no_bit_set(mask: object) -> None:
    with pytest.raises(errors.RulesError, match="a bit set of cards must be a whole number"):
        moves.plays_in(mask)  # type: ignore[arg-type]  # a wrong value on purpose


def test_deal_text() -> None:
    assert str(moves.Deal()) == "deal"
    assert repr(moves.Deal()) == "Deal()"
    assert moves.Deal.parse("deal") == moves.DEAL == moves.Deal()
    assert moves.Deal.parse(" Deal ") == moves.Deal()
    stacked = moves.Deal(order="7♣ 8♣ qh")
    assert stacked.order == cards.parse_cards("7♣ 8♣ Q♥")
    assert str(stacked) == "deal 7♣ 8♣ Q♥"
    assert repr(stacked) == "Deal(order='7♣ 8♣ Q♥')"
    assert moves.Deal.parse_recorded(str(stacked)) == stacked
    assert moves.Deal.parse_recorded("deal") is moves.DEAL
    assert moves.Deal(order=["7♣", cards.Card.parse("8♣")]).order == cards.parse_cards("7♣ 8♣")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("play Q♥", errors.MoveParseError, "cannot read 'play Q♥' as a deal: it must start"),
        ("deal Q♥ Zz", errors.MoveParseError, "move text cannot stack a deal"),
        ("deal 7♣", errors.MoveParseError, "a player's text may only say 'deal'"),
        ("", errors.MoveParseError, "cannot read an empty text as a move"),
    ],
)
def test_deal_parse_errors(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        moves.Deal.parse(text)


def test_a_recorded_deal_reads_its_order_and_nothing_else() -> None:
    with pytest.raises(errors.CardParseError, match="cannot read 'Zz' as a card"):
        moves.Deal.parse_recorded("deal Q♥ Zz")
    with pytest.raises(errors.MoveParseError, match="it must start with 'deal'"):
        moves.Deal.parse_recorded("play Q♥")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("play", errors.MoveParseError, "cannot read 'play' as a play: write 'play' and a card"),
        ("deal Q♥", errors.MoveParseError, "cannot read 'deal Q♥' as a play"),
        ("play Zz", errors.CardParseError, "cannot read 'Zz' as a card"),
        ("Zz", errors.CardParseError, "(?i)cannot read 'zz' as a card"),
        ("   ", errors.MoveParseError, "cannot read an empty text as a move"),
    ],
)
def test_play_parse_errors(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        moves.Play.parse(text)


def test_split() -> None:
    assert moves.split("  PLAY   Q♥  ") == ("play", "Q♥")
    assert moves.split("deal") == ("deal", "")
    with pytest.raises(errors.MoveParseError, match="cannot read 3 as a move"):
        moves.split(3)  # type: ignore[arg-type]  # a wrong type on purpose


@pytest.mark.parametrize("order", [(), [], ""])
def test_an_empty_stacked_order_is_refused(order: object) -> None:
    # Were it a Deal value, it would print as "deal " and read back as Deal(): every move
    # must print and parse back (DESIGN), so the empty order is refused when built.
    with pytest.raises(errors.MoveParseError, match="a stacked deal needs the cards in order"):
        moves.Deal(order=order)  # type: ignore[arg-type]  # a wrong value on purpose


@pytest.mark.parametrize("order", [5, 1.5, object()])
def test_a_deal_order_that_is_not_a_sequence_is_a_cardgames_error(order: object) -> None:
    with pytest.raises(errors.MoveParseError, match="a deal order must be cards or their text"):
        moves.Deal(order=order)  # type: ignore[arg-type]  # a wrong type on purpose


@given(st.permutations(cards.pack(32)))
def test_stacked_deals_print_and_parse_back(order: list[cards.Card]) -> None:
    move = moves.Deal(order=order)
    assert moves.Deal.parse_recorded(str(move)) == move
    assert move.order == tuple(order)


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_plays_in_lists_the_plays_of_a_bit_set_in_card_order(mask: int) -> None:
    expected = tuple(moves.PLAYS[card.index] for card in cards.cards_in(mask))
    assert moves.plays_in(mask) == expected
    assert all(found is moves.PLAYS[found.card.index] for found in moves.plays_in(mask))
