"""Tests of cardgames.cards: suits, ranks, cards, packs, parsing and bit sets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors

QUEEN_OF_HEARTS = cards.Card(cards.Rank.QUEEN, cards.Suit.HEARTS)
TEN_OF_HEARTS = cards.Card(cards.Rank.TEN, cards.Suit.HEARTS)

any_card = st.sampled_from(cards.CARDS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q♥", QUEEN_OF_HEARTS),
        ("QH", QUEEN_OF_HEARTS),
        ("qh", QUEEN_OF_HEARTS),
        ("Qh", QUEEN_OF_HEARTS),
        ("q♡", QUEEN_OF_HEARTS),
        ("  Q♥  ", QUEEN_OF_HEARTS),
        ("\tqh\n", QUEEN_OF_HEARTS),
        ("10h", TEN_OF_HEARTS),
        ("10♥", TEN_OF_HEARTS),
        ("Th", TEN_OF_HEARTS),
        ("tH", TEN_OF_HEARTS),
        ("2♣", cards.Card(cards.Rank.TWO, cards.Suit.CLUBS)),
        ("A♦", cards.Card(cards.Rank.ACE, cards.Suit.DIAMONDS)),
        ("js", cards.Card(cards.Rank.JACK, cards.Suit.SPADES)),
        ("K♤", cards.Card(cards.Rank.KING, cards.Suit.SPADES)),
        ("7♧", cards.Card(cards.Rank.SEVEN, cards.Suit.CLUBS)),
        ("8♢", cards.Card(cards.Rank.EIGHT, cards.Suit.DIAMONDS)),
    ],
)
def test_parse_accepts_symbol_letter_and_white_suit_forms(text: str, expected: cards.Card) -> None:
    assert cards.Card.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("11♥", "'11' is not a rank"),
        ("1♥", "'1' is not a rank"),
        ("Qx", "'x' is not a suit"),
        ("Q", "'' is not a rank"),
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("Q♥♥", "'Q♥' is not a rank"),
        ("QHearts", "is not a rank"),
    ],
)
def test_parse_rejects_non_cards_naming_the_text(text: str, reason: str) -> None:
    with pytest.raises(errors.CardParseError) as caught:
        cards.Card.parse(text)
    message = str(caught.value)
    assert message.startswith(f"cannot read {text!r} as a card")
    assert reason in message


@pytest.mark.parametrize("value", [None, 12, 1.5, b"QH", ["Q♥"]])
def test_parse_rejects_non_text_with_card_parse_error(value: object) -> None:
    with pytest.raises(errors.CardParseError, match="expected text such as 'Q♥'") as caught:
        cards.Card.parse(value)  # type: ignore[arg-type]  # callers may pass anything
    assert repr(value) in str(caught.value)


def test_card_parse_error_is_a_value_error_and_a_cardgames_error() -> None:
    assert issubclass(errors.CardParseError, ValueError)
    assert issubclass(errors.CardParseError, errors.CardgamesError)
    with pytest.raises(ValueError, match="not a rank") as caught:
        cards.Card.parse("11♥")
    assert type(caught.value) is errors.CardParseError
    assert str(caught.value) == (
        "cannot read '11♥' as a card: '11' is not a rank "
        "(use A K Q J 10 9 8 7 6 5 4 3 2, or T for ten)"
    )


def test_str_and_repr() -> None:
    assert str(QUEEN_OF_HEARTS) == "Q♥"
    assert str(TEN_OF_HEARTS) == "10♥"
    assert repr(QUEEN_OF_HEARTS) == "Card.parse('Q♥')"
    assert str(cards.Suit.SPADES) == "♠"
    assert str(cards.Rank.TEN) == "10"
    assert cards.Rank.ACE.text == "A"
    assert [suit.letter for suit in cards.Suit] == ["C", "S", "H", "D"]
    assert [suit.symbol for suit in cards.Suit] == ["♣", "♠", "♥", "♦"]


@given(any_card)
def test_repr_evaluates_back_to_the_card(card: cards.Card) -> None:
    rebuilt = eval(repr(card), {"Card": cards.Card})  # noqa: S307  # the repr's promise is that eval rebuilds it
    assert rebuilt == card
    assert isinstance(rebuilt, cards.Card)


@given(any_card)
def test_parse_of_str_round_trips(card: cards.Card) -> None:
    assert cards.Card.parse(str(card)) == card


@given(any_card, st.booleans(), st.booleans(), st.booleans())
def test_parse_of_letter_forms_round_trips(
    card: cards.Card, lower_rank: bool, lower_suit: bool, ten_as_t: bool
) -> None:
    rank = "T" if ten_as_t and card.rank == cards.Rank.TEN else card.rank.text
    suit = card.suit.letter
    text = (rank.lower() if lower_rank else rank) + (suit.lower() if lower_suit else suit)
    assert cards.Card.parse(text) == card
    assert cards.Card.parse(f" {text} ") == card


def test_index_and_mask() -> None:
    assert [card.index for card in cards.CARDS] == list(range(52))
    assert cards.CARDS[0] == cards.Card.parse("2♣")
    assert cards.CARDS[51] == cards.Card.parse("A♦")
    assert QUEEN_OF_HEARTS.index == 36
    assert QUEEN_OF_HEARTS.mask == 1 << 36


def test_equality_and_hash_ignore_how_the_card_was_written() -> None:
    assert cards.Card.parse("th") == cards.Card.parse("10♥") == TEN_OF_HEARTS
    assert hash(cards.Card.parse("th")) == hash(TEN_OF_HEARTS)
    assert len({cards.Card.parse(text) for text in ("Q♥", "qh", "q♡", "QH")}) == 1
    assert QUEEN_OF_HEARTS != TEN_OF_HEARTS


@given(any_card, any_card)
def test_ordering_follows_index(first: cards.Card, second: cards.Card) -> None:
    assert (first < second) == (first.index < second.index)
    assert (first <= second) == (first.index <= second.index)
    assert (first > second) == (first.index > second.index)
    assert (first >= second) == (first.index >= second.index)


def test_sorting_is_suit_first_then_rank() -> None:
    hand = cards.parse_cards("A♦ 7♣ Q♥ 2♠ K♣ 10♥")
    assert cards.format_cards(sorted(hand)) == "7♣ K♣ 2♠ 10♥ Q♥ A♦"


@pytest.mark.parametrize(
    ("size", "lowest", "first_eight"),
    [
        (32, cards.Rank.SEVEN, "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"),
        (36, cards.Rank.SIX, "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"),
        (52, cards.Rank.TWO, "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣"),
    ],
)
def test_pack_sizes_and_order(size: int, lowest: cards.Rank, first_eight: str) -> None:
    pack = cards.pack(size)
    assert len(pack) == size
    assert len(set(pack)) == size
    assert list(pack) == sorted(pack)
    assert min(card.rank for card in pack) == lowest
    assert {card.suit for card in pack} == set(cards.Suit)
    assert all(sum(card.suit == suit for card in pack) == size // 4 for suit in cards.Suit)
    assert cards.format_cards(pack[:8]) == first_eight
    assert pack[-1] == cards.Card.parse("A♦")


def test_pack_defaults_to_52() -> None:
    assert cards.pack() == cards.CARDS
    assert cards.PACK_SIZES == (32, 36, 52)


@pytest.mark.parametrize("size", [0, 24, 31, 33, 40, 54])
def test_pack_rejects_other_sizes(size: int) -> None:
    with pytest.raises(errors.RulesError, match=f"there is no {size}-card pack: use 32, 36 or 52"):
        cards.pack(size)


def test_parse_cards() -> None:
    assert cards.parse_cards("Q♥ 10c th 7D") == (
        QUEEN_OF_HEARTS,
        cards.Card.parse("10♣"),
        TEN_OF_HEARTS,
        cards.Card.parse("7♦"),
    )
    assert cards.parse_cards("A♠,10s  7d") == cards.parse_cards("A♠ 10♠ 7♦")
    assert cards.parse_cards("") == ()
    assert cards.parse_cards(" , ") == ()
    assert cards.parse_cards("qh qh") == (QUEEN_OF_HEARTS, QUEEN_OF_HEARTS)


def test_parse_cards_names_the_bad_item() -> None:
    with pytest.raises(errors.CardParseError, match="cannot read 'Qx' as a card"):
        cards.parse_cards("Q♥ Qx 7♦")
    with pytest.raises(errors.CardParseError, match="expected text such as 'Q♥ 10♣'"):
        cards.parse_cards(None)  # type: ignore[arg-type]  # callers may pass anything


def test_format_cards() -> None:
    assert cards.format_cards([]) == ""
    assert cards.format_cards(cards.parse_cards("th qh")) == "10♥ Q♥"


@given(st.sets(any_card))
def test_mask_round_trip(chosen: set[cards.Card]) -> None:
    mask = cards.mask_of(chosen)
    assert mask.bit_count() == len(chosen)
    back = tuple(cards.cards_in(mask))
    assert back == tuple(sorted(chosen))
    assert cards.mask_of(back) == mask


def test_mask_of_nothing_and_of_everything() -> None:
    assert cards.mask_of([]) == 0
    assert tuple(cards.cards_in(0)) == ()
    assert cards.mask_of(cards.CARDS) == (1 << 52) - 1
    assert tuple(cards.cards_in((1 << 52) - 1)) == cards.CARDS


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("♣", cards.Suit.CLUBS),
        ("♧", cards.Suit.CLUBS),
        ("c", cards.Suit.CLUBS),
        ("C", cards.Suit.CLUBS),
        ("clubs", cards.Suit.CLUBS),
        ("Club", cards.Suit.CLUBS),
        ("s", cards.Suit.SPADES),
        ("Spades", cards.Suit.SPADES),
        ("♤", cards.Suit.SPADES),
        (" h ", cards.Suit.HEARTS),
        ("♡", cards.Suit.HEARTS),
        ("HEART", cards.Suit.HEARTS),
        ("♦", cards.Suit.DIAMONDS),
        ("♢", cards.Suit.DIAMONDS),
        ("diamonds", cards.Suit.DIAMONDS),
    ],
)
def test_suit_parse(text: str, suit: cards.Suit) -> None:
    assert cards.Suit.parse(text) is suit


@pytest.mark.parametrize("value", ["x", "", "cl", "hearts!", None, 2])
def test_suit_parse_rejects(value: object) -> None:
    with pytest.raises(errors.CardParseError, match="as a suit") as caught:
        cards.Suit.parse(value)  # type: ignore[arg-type]  # callers may pass anything
    assert repr(value) in str(caught.value)


def test_cards_are_frozen() -> None:
    with pytest.raises(AttributeError):
        QUEEN_OF_HEARTS.rank = cards.Rank.KING  # type: ignore[misc]  # frozen on purpose


@pytest.mark.parametrize("other", [3, "Q♥", None])
def test_ordering_against_a_non_card_raises_type_error(other: object) -> None:
    # Python's convention (and sorted()'s error message) needs NotImplemented from __lt__ & co.
    # for foreign operands, which makes the comparison raise TypeError.
    with pytest.raises(TypeError):
        _ = other > QUEEN_OF_HEARTS  # type: ignore[operator]  # a foreign operand on purpose
    with pytest.raises(TypeError):
        _ = other <= QUEEN_OF_HEARTS  # type: ignore[operator]  # a foreign operand on purpose


@pytest.mark.parametrize("other", [36, "Q♥", None])
def test_equality_with_a_non_card_is_false(other: object) -> None:
    assert other != QUEEN_OF_HEARTS


def test_as_cards_reads_text_cards_and_mixed_sequences_in_order() -> None:
    queen, ten = cards.Card.parse("Q♥"), cards.Card.parse("10♣")
    assert cards.as_cards("Q♥ 10♣") == (queen, ten)
    assert cards.as_cards(["Q♥", ten]) == (queen, ten)
    assert cards.as_cards(iter([ten, queen])) == (ten, queen)
    assert cards.as_cards([]) == ()


def test_as_cards_says_what_is_not_a_card() -> None:
    with pytest.raises(errors.CardParseError, match="cannot read 7 as cards"):
        cards.as_cards(7)  # type: ignore[arg-type]  # on purpose
    with pytest.raises(errors.CardParseError, match="cannot read 7 as a card: expected a Card"):
        cards.as_cards(["Q♥", 7])  # type: ignore[list-item]  # on purpose
    with pytest.raises(errors.CardParseError, match="'Zz'"):
        cards.as_cards(["Q♥", "Zz"])


# --- values that are not cards --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        (1, 0, r"^a card's rank must be a Rank \(Rank.TWO to Rank.ACE\), not 1$"),
        (12, 2, "a card's rank must be a Rank"),
        (
            cards.Rank.QUEEN,
            2,
            r"^a card's suit must be a Suit \(Suit.CLUBS to Suit.DIAMONDS\), not 2$",
        ),
        ("Q", "H", "a card's rank must be a Rank"),
        (cards.Suit.HEARTS, cards.Rank.QUEEN, "a card's rank must be a Rank"),
        (None, None, "a card's rank must be a Rank"),
    ],
)
def test_a_card_is_built_from_a_rank_and_a_suit_only(
    rank: object, suit: object, message: str
) -> None:
    with pytest.raises(errors.CardParseError, match=message):
        cards.Card(rank, suit)  # type: ignore[arg-type]  # raw values on purpose
    assert cards.Card(cards.Rank(12), cards.Suit(2)) == QUEEN_OF_HEARTS


@pytest.mark.parametrize("value", [-1, 4, 99, "h", None, pytest.param(10**5000, id="huge")])
def test_a_number_that_is_no_suit_is_a_card_parse_error(value: object) -> None:
    with pytest.raises(errors.CardParseError, match="is not a suit: use 0 to 3"):
        cards.Suit(value)  # type: ignore[arg-type]  # a wrong value on purpose


@pytest.mark.parametrize("value", [0, 1, 15, "Q", None])
def test_a_number_that_is_no_rank_is_a_card_parse_error(value: object) -> None:
    with pytest.raises(errors.CardParseError, match="is not a rank: use 2 to 14"):
        cards.Rank(value)  # type: ignore[arg-type]  # a wrong value on purpose


@pytest.mark.parametrize("size", [32.0, "32", True, None, [32]])
def test_pack_takes_a_whole_number_only(size: object) -> None:
    with pytest.raises(errors.RulesError, match="-card pack: use 32, 36 or 52"):
        cards.pack(size)  # type: ignore[arg-type]  # a wrong type on purpose


@pytest.mark.parametrize("mask", [-1, 1 << 52, True, "7", 1.0, None])
def test_cards_in_refuses_what_is_no_bit_set_when_called(mask: object) -> None:
    # -1 would yield cards for ever; the check comes at the call, not at the first card.
    with pytest.raises(errors.RulesError, match="a bit set of cards must be a whole number"):
        cards.cards_in(mask)  # type: ignore[arg-type]  # a wrong value on purpose
    assert list(cards.cards_in(cards.ALL_CARDS)) == list(cards.CARDS)


@pytest.mark.parametrize("items", [["Q♥"], [1], "Q♥", 7, None, [QUEEN_OF_HEARTS, "10♣"]])
def test_mask_of_and_format_cards_take_cards_only(items: object) -> None:
    with pytest.raises(errors.CardParseError, match=r"^expected a"):
        cards.mask_of(items)  # type: ignore[arg-type]  # a wrong value on purpose
    with pytest.raises(errors.CardParseError, match=r"^expected a"):
        cards.format_cards(items)  # type: ignore[arg-type]  # a wrong value on purpose


def test_as_cards_does_not_read_a_mapping_s_keys() -> None:
    with pytest.raises(errors.CardParseError, match=r"cannot read .* as cards"):
        cards.as_cards({"Q♥": 1, "10♣": 2})  # a mapping is iterable, but refused


def test_a_long_text_is_quoted_by_a_short_prefix() -> None:
    text = "Zz" * 500_000
    with pytest.raises(errors.CardParseError) as caught:
        cards.Card.parse(text)
    assert len(str(caught.value)) < 300
    assert "'ZzZz" in str(caught.value)
