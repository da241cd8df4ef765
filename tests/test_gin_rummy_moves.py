"""Tests of Gin Rummy's moves: their values, text forms, parsing and errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors
from cardgames import gin_rummy as gr
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy._moves import DISCARDS, KNOCKS

loose: Any = gr
"""The module, untyped: for calls that pass wrong types on purpose."""


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("deal", gr.Deal()),
        ("draw stock", gr.DRAW_STOCK),
        ("Draw  Pile", gr.DRAW_PILE),
        ("take", gr.DRAW_PILE),
        ("pass", gr.PASS),
        ("discard qh", gr.Discard("Q♥")),
        ("play 10h", gr.Discard("10♥")),
        ("Th", gr.Discard("10♥")),
        ("knock 7c", gr.Knock("7♣")),
        ("gin 7c", gr.Knock("7♣")),
        ("big gin", gr.BIG_GIN),
        ("lay out", gr.LayOut([])),
        ("lay out off 6s>0", gr.LayOut([], layoffs=[("6♠", 0)])),
        ("LAY OUT 5h 3h 4h|7c 7d 7s", gr.LayOut(["7♣ 7♠ 7♦", "3♥ 4♥ 5♥"])),
        ("lay out 9c,9s,9d off 6s>0 7s>0", gr.LayOut(["9♣ 9♠ 9♦"], [("6♠", 0), ("7♠", 0)])),
    ],
)
def test_parse_move(text: str, move: gr.Move) -> None:
    assert gr.parse_move(text) == move
    assert gr.parse_move(str(move)) == move


def test_text_forms_and_reprs() -> None:
    layout = gr.LayOut(["A♥ 3♥ 2♥", "K♣ K♠ K♦"], layoffs=[("7♠", 1), ("6♠", 1)])
    assert str(layout) == "lay out K♣ K♠ K♦ | A♥ 2♥ 3♥ off 7♠>1 6♠>1"  # lay-offs as given
    assert repr(layout) == ("LayOut(['K♣ K♠ K♦', 'A♥ 2♥ 3♥'], layoffs=[('7♠', 1), ('6♠', 1)])")
    assert eval(repr(layout), {"LayOut": gr.LayOut}) == layout  # noqa: S307  # our own repr
    assert repr(gr.LayOut(["2♣ 3♣ 4♣"])) == "LayOut(['2♣ 3♣ 4♣'])"
    assert (str(gr.DRAW_PILE), repr(gr.DRAW_STOCK)) == ("draw pile", "Draw(Source.STOCK)")
    assert (repr(gr.Discard("2c")), repr(gr.Knock("2c"))) == (
        "Discard(Card.parse('2♣'))",
        "Knock(Card.parse('2♣'))",
    )
    assert layout.cards == cards.parse_cards("K♣ 6♠ 7♠ K♠ 2♥ 3♥ A♥ K♦")
    assert gr.Draw("stock") == gr.DRAW_STOCK


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", errors.MoveParseError, "empty"),
        ("knock", errors.MoveParseError, "cannot read 'knock' as a Gin Rummy move"),
        ("discard 2c 3c", errors.MoveParseError, "cannot read"),
        ("draw", errors.MoveParseError, "cannot read 'draw'"),
        ("jump", errors.MoveParseError, "cannot read 'jump'"),
        ("knock 11c", errors.MoveParseError, "'11' is not a rank"),
        ("lay 2c", errors.MoveParseError, "must start with 'lay out'"),
        ("lay out 7h 8h", errors.MoveParseError, "a meld has at least 3 cards"),
        ("lay out 7h 8h 10h", errors.MoveParseError, "a run needs consecutive ranks"),
        ("lay out q♠ k♠ a♠", errors.MoveParseError, "the ace is low"),
        ("lay out 2c 3c 4c | | 7h 7s 7d", errors.MoveParseError, "between two melds"),
        ("lay out | 2c 3c 4c", errors.MoveParseError, "between two melds"),
        ("lay out 2c 3c 4c | 4c 4s 4h", errors.MoveParseError, "4♣ is used twice"),
        ("lay out off", errors.MoveParseError, "'off' must be followed by lay-offs"),
        ("lay out off 6s", errors.MoveParseError, "cannot read '6s' as a lay-off"),
        ("lay out off 6s>x", errors.MoveParseError, "cannot read '6s>x' as a lay-off"),
        ("lay out off 6s>0 6s>1", errors.MoveParseError, "6♠ is used twice"),
        ("lay out 5s 6s 7s off 6s>0", errors.MoveParseError, "6♠ is laid off twice, or melded"),
        ("lay out off zz>0", errors.MoveParseError, "cannot read 'zz' as a card"),
        ("lay out 7c 7d zz", errors.MoveParseError, "cannot read 'zz' as a card"),
        ("play ZZ", errors.MoveParseError, "as a Gin Rummy move: cannot read 'ZZ' as a card"),
    ],
)
def test_parse_move_errors(text: str, error: type[errors.CardgamesError], message: str) -> None:
    with pytest.raises(error, match=message):
        gr.parse_move(text)


NOT_DIGITS = "the index of the knocker's meld must be written in the digits 0 to 9, not "
TOO_LONG = "a meld index has at most 2 digits, not "


@pytest.mark.parametrize(
    ("index", "message"),
    [
        ("²", NOT_DIGITS + "'²'"),  # int() raised ValueError
        ("¹", NOT_DIGITS + "'¹'"),
        ("³", NOT_DIGITS + "'³'"),
        ("٣", NOT_DIGITS + "'٣'"),  # int() read it as 3
        ("1²", NOT_DIGITS + "'1²'"),
        ("-1", NOT_DIGITS + "'-1'"),
        ("9" * 5000, TOO_LONG + "5000 (the knocker lays down three melds at most"),  # ValueError
        ("100", TOO_LONG + "3 (the knocker lays down three melds at most"),
    ],
)
def test_a_lay_off_s_meld_index_is_read_from_ascii_digits_only(index: str, message: str) -> None:
    # The reproducers: '²', '¹' and 5,000 digits raised ValueError from int(); '٣' read as 3.
    text = f"lay out 7c 7d 7s off 8c>{index}"
    with pytest.raises(errors.MoveParseError) as caught:
        gr.parse_move(text)
    assert str(caught.value).startswith("cannot read '8c>")
    assert " as a lay-off: " + message in str(caught.value)
    with pytest.raises(errors.MoveParseError):
        gr.LayOut.parse(text)


def test_a_meld_index_of_up_to_two_ascii_digits_is_read() -> None:
    assert gr.parse_move("lay out off 6s>02").layoffs == ((cards.Card.parse("6♠"), 2),)  # type: ignore[union-attr]  # a LayOut


@given(st.text(alphabet=st.sampled_from("0123456789²¹³٣०१>|♣♠♥♦cdhsAKQJTofutlay -+"), max_size=24))
def test_every_failure_of_parse_move_is_a_move_parse_error(tail: str) -> None:
    # Any other exception fails the test; a text that reads is a move that prints back.
    for head in ("lay out ", "lay out off 8c>", "discard ", "knock ", ""):
        try:
            move = gr.parse_move(head + tail)
        except errors.MoveParseError:
            continue
        assert gr.parse_move(str(move)) == move


def test_move_construction_errors() -> None:
    with pytest.raises(errors.MoveParseError, match="expected a card or its text"):
        loose.Discard(7)
    with pytest.raises(errors.MoveParseError, match="'river' is not a source to draw from"):
        loose.Draw("river")
    with pytest.raises(errors.MoveParseError, match="sequence of melds"):
        loose.LayOut("2c 3c 4c")
    with pytest.raises(errors.MoveParseError, match="by its index, 0 or more, not -1"):
        gr.LayOut([], layoffs=[("6♠", -1)])
    with pytest.raises(errors.MoveParseError, match="a lay-off is a"):
        loose.LayOut([], layoffs=["6♠"])
    with pytest.raises(errors.MoveParseError, match="cannot read"):
        loose.parse_move(None)


def test_discards_and_knocks_are_shared_values() -> None:
    for card in cards.CARDS:
        assert gr.parse_move(f"discard {card}") is DISCARDS[card.index]
        assert gr.parse_move(f"gin {card}") is KNOCKS[card.index]


@given(st.lists(st.sampled_from(melds.melds(cards.pack(52)[:11])), max_size=3, unique=True))
def test_lay_outs_of_disjoint_melds_round_trip(found: list[gr.Meld]) -> None:
    used: set[cards.Card] = set()
    chosen = []
    for meld in found:
        if used.isdisjoint(meld.cards):
            chosen.append(meld)
            used |= set(meld.cards)
    move = gr.LayOut(chosen)
    assert gr.parse_move(str(move)) == move
    assert gr.LayOut(list(reversed(chosen))) == move  # the meld order is fixed
