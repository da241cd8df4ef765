"""Tests of Gin Rummy's moves: their values, text forms, parsing and errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors
from cardgames import gin_rummy as gr
from cardgames.gin_rummy import melds
from cardgames.gin_rummy.moves import DISCARDS, KNOCKS

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
        ("knock 11c", errors.CardParseError, "'11' is not a rank"),
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
        ("lay out off zz>0", errors.CardParseError, "cannot read 'zz' as a card"),
    ],
)
def test_parse_move_errors(text: str, error: type[errors.CardgamesError], message: str) -> None:
    with pytest.raises(error, match=message):
        gr.parse_move(text)


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
