"""Tests of cardgames.tricks: rankings, following, trick winners and the Trick value."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors, tricks

PACK32 = cards.pack(32)
JACKS = 4
ACE_TEN = (
    cards.Rank.SEVEN,
    cards.Rank.EIGHT,
    cards.Rank.NINE,
    cards.Rank.JACK,
    cards.Rank.QUEEN,
    cards.Rank.KING,
    cards.Rank.TEN,
    cards.Rank.ACE,
)


def skat_strength(card: cards.Card) -> int:
    if card.rank == cards.Rank.JACK:
        return 4 - int(card.suit)
    return ACE_TEN.index(card.rank) + 1


def skat_suit(card: cards.Card) -> int:
    return JACKS if card.rank == cards.Rank.JACK else int(card.suit)


# Kalter Schlag / Skat-like: jacks a suit of their own and the only trumps.
JACK_TRUMPS = tricks.Ranking.build(PACK32, suit_of=skat_suit, strength=skat_strength, trump=JACKS)
# No trumps at all.
NO_TRUMPS = tricks.Ranking.build(
    PACK32, suit_of=lambda card: int(card.suit), strength=skat_strength
)
# Mariage-like: spades are trumps; Q♥ then K♥ beat every trump but follow as hearts.
MARIAGE_LIKE = tricks.Ranking.build(
    cards.pack(36),
    suit_of=lambda card: int(card.suit),
    strength=lambda card: int(card.rank),
    trump=int(cards.Suit.SPADES),
    over_trumps=cards.parse_cards("Q♥ K♥"),
)


def indices(text: str) -> list[int]:
    return [card.index for card in cards.parse_cards(text)]


def mask(text: str) -> int:
    return cards.mask_of(cards.parse_cards(text))


def shown(bits: int) -> str:
    return cards.format_cards(cards.cards_in(bits))


def test_build_tables() -> None:
    ranking = JACK_TRUMPS
    assert len(ranking.suit_of) == 52
    assert ranking.suit_of[cards.Card.parse("J♥").index] == JACKS
    assert ranking.suit_of[cards.Card.parse("Q♥").index] == int(cards.Suit.HEARTS)
    assert ranking.suit_of[cards.Card.parse("2♣").index] == -1  # not in a 32-card pack
    assert shown(ranking.suit_masks[JACKS]) == "J♣ J♠ J♥ J♦"
    assert shown(ranking.suit_masks[int(cards.Suit.CLUBS)]) == "7♣ 8♣ 9♣ 10♣ Q♣ K♣ A♣"
    assert ranking.trump == JACKS
    assert ranking.trump_mask == ranking.suit_masks[JACKS]
    assert len(ranking.power) == tricks.SUITS
    assert all(len(row) == 52 for row in ranking.power)
    # Every card of the pack is in exactly one following suit.
    assert sum(m.bit_count() for m in ranking.suit_masks) == 32
    union = 0
    for suit_mask in ranking.suit_masks:
        assert union & suit_mask == 0
        union |= suit_mask
    assert union == cards.mask_of(PACK32)


def test_build_without_trumps() -> None:
    assert NO_TRUMPS.trump is None
    assert NO_TRUMPS.trump_mask == 0
    assert NO_TRUMPS.suit_masks[JACKS] == 0


def test_build_with_over_trumps() -> None:
    assert MARIAGE_LIKE.trump == int(cards.Suit.SPADES)
    assert shown(MARIAGE_LIKE.trump_mask) == "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ Q♥ K♥"
    # The over-trumps still follow as hearts.
    assert MARIAGE_LIKE.suit_of[cards.Card.parse("Q♥").index] == int(cards.Suit.HEARTS)
    assert MARIAGE_LIKE.suit_masks[int(cards.Suit.HEARTS)] & mask("Q♥ K♥") == mask("Q♥ K♥")


@pytest.mark.parametrize(
    ("hand", "led", "must_trump", "allowed"),
    [
        # A plain suit led: follow with it, and a jack is not of its printed suit.
        ("8♣ J♣ A♥", "Q♣", False, "8♣"),
        ("8♣ 9♣ J♣ A♥", "Q♣", False, "8♣ 9♣"),
        # Void in the suit led: anything, jacks included.
        ("J♣ A♥ 7♦", "Q♣", False, "J♣ A♥ 7♦"),
        # A jack led: a jack if you have one.
        ("J♦ A♣ 7♣", "J♠", False, "J♦"),
        ("J♣ J♦ A♣", "J♠", False, "J♣ J♦"),
        ("A♣ 7♣ 10♥", "J♠", False, "7♣ A♣ 10♥"),
        # Must trump: a void hand must play a trump if it has one.
        ("J♣ A♥ 7♦", "Q♣", True, "J♣"),
        ("A♥ 7♦", "Q♣", True, "A♥ 7♦"),
        ("8♣ J♣ A♥", "Q♣", True, "8♣"),
        ("", "Q♣", False, ""),
    ],
)
def test_follow_with_jacks_as_trumps(hand: str, led: str, must_trump: bool, allowed: str) -> None:
    result = tricks.follow(
        mask(hand), cards.Card.parse(led).index, JACK_TRUMPS, must_trump=must_trump
    )
    assert shown(result) == allowed


def test_follow_without_trumps_must_trump_changes_nothing() -> None:
    hand = mask("J♣ A♥ 7♦")
    led = cards.Card.parse("Q♠").index
    assert tricks.follow(hand, led, NO_TRUMPS, must_trump=True) == hand
    # Without a jack suit the J♣ is a club.
    assert shown(tricks.follow(mask("J♣ A♥"), cards.Card.parse("Q♣").index, NO_TRUMPS)) == "J♣"


@pytest.mark.parametrize(
    ("hand", "led", "allowed"),
    [
        # The over-trumps follow as hearts ...
        ("Q♥ 6♥ A♠", "10♥", "6♥ Q♥"),
        # ... and count as trumps for the must-trump duty.
        ("Q♥ 7♦", "A♣", "Q♥"),
        ("K♥ 9♠ 7♦", "A♣", "9♠ K♥"),
        ("7♦ 8♦", "A♣", "7♦ 8♦"),
        ("6♠ 7♣", "A♣", "7♣"),
    ],
)
def test_follow_must_trump_with_over_trumps(hand: str, led: str, allowed: str) -> None:
    led_index = cards.Card.parse(led).index
    assert shown(tricks.follow(mask(hand), led_index, MARIAGE_LIKE, must_trump=True)) == allowed


def test_follows_is_each_cards_following_suit() -> None:
    for ranking in (JACK_TRUMPS, NO_TRUMPS, MARIAGE_LIKE):
        assert len(ranking.follows) == 52
        for index, suit in enumerate(ranking.suit_of):
            assert ranking.follows[index] == (ranking.suit_masks[suit] if suit >= 0 else 0)
    assert shown(JACK_TRUMPS.follows[cards.Card.parse("J♥").index]) == "J♣ J♠ J♥ J♦"
    assert JACK_TRUMPS.follows[cards.Card.parse("2♣").index] == 0  # not in the pack


@pytest.mark.parametrize(
    ("hand", "led", "trumps", "allowed"),
    [
        # The cards that count as trumps for the duty may be fewer than the ranking's trumps.
        ("Q♥ 7♠ 8♦", "A♣", "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", "7♠"),
        ("Q♥ 8♦", "A♣", "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", "Q♥ 8♦"),
        # None at all: a void hand plays anything; following suit comes first all the same.
        ("Q♥ 7♠ 8♦", "A♣", "", "7♠ Q♥ 8♦"),
        ("Q♥ 7♣ 8♦", "A♣", "", "7♣"),
    ],
)
def test_follow_with_the_trumps_given(hand: str, led: str, trumps: str, allowed: str) -> None:
    led_index = cards.Card.parse(led).index
    result = tricks.follow(
        mask(hand), led_index, MARIAGE_LIKE, must_trump=True, trumps=mask(trumps)
    )
    assert shown(result) == allowed


@pytest.mark.parametrize("trumps", [-1, 1 << 52, "7♠", True, 0.5])
def test_follow_refuses_trumps_it_cannot_read(trumps: object) -> None:
    hand, led = mask("7♦"), cards.Card.parse("A♣").index
    with pytest.raises(
        errors.RulesError, match=r"^follow needs .* a bit set of trumps \(or None\)"
    ):
        tricks.follow(hand, led, MARIAGE_LIKE, must_trump=True, trumps=trumps)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("played", "winner"),
    [
        ("Q♣ A♣ J♦ 7♣", 2),  # the only jack wins
        ("Q♣ A♣ 10♣ 7♣", 1),  # no jack: the highest of the suit led (ace over ten)
        ("Q♣ 10♣ K♣ 7♣", 1),  # ten over king in the ace-ten order
        ("Q♣ A♥ A♠ A♦", 0),  # off-suit aces cannot win
        ("J♦ J♥ J♠ J♣", 3),  # jacks rank ♣ ♠ ♥ ♦
        ("J♣ J♦ A♣ A♥", 0),
        ("7♥ J♦ J♥ A♥", 2),
        ("7♦", 0),
        ("8♠ 7♠", 0),
    ],
)
def test_best_with_jacks_as_trumps(played: str, winner: int) -> None:
    assert tricks.best(indices(played), JACK_TRUMPS) == winner


def test_best_without_trumps_the_suit_led_wins() -> None:
    assert tricks.best(indices("9♦ J♣ A♠ 10♦"), NO_TRUMPS) == 3
    assert tricks.best(indices("J♣ A♠ A♣"), NO_TRUMPS) == 2


@pytest.mark.parametrize(
    ("played", "winner"),
    [
        ("A♣ 6♠ 7♣", 1),  # a trump beats the suit led
        ("A♣ 6♠ A♠", 2),  # the higher trump
        ("A♣ A♠ K♥", 2),  # K♥ beats every trump
        ("A♣ K♥ Q♥ A♠", 2),  # Q♥ beats K♥
        ("6♥ A♥ Q♥", 2),  # and wins its own suit
        ("Q♥ A♠ K♥ A♥", 0),  # led, it keeps the trick
        ("K♥ A♥ 6♠", 0),
        ("10♦ 9♦ A♦", 2),
    ],
)
def test_best_with_over_trumps(played: str, winner: int) -> None:
    assert tricks.best(indices(played), MARIAGE_LIKE) == winner


@given(st.permutations(cards.pack(36)).map(lambda order: order[:4]))
def test_best_over_trumps_property(played: list[cards.Card]) -> None:
    """Q♥ > K♥ > any spade > the highest card of the suit led, computed independently."""
    won = tricks.best([card.index for card in played], MARIAGE_LIKE)
    texts = [str(card) for card in played]
    if "Q♥" in texts:
        expected = texts.index("Q♥")
    elif "K♥" in texts:
        expected = texts.index("K♥")
    elif any(card.suit == cards.Suit.SPADES for card in played):
        expected = max(
            (place for place, card in enumerate(played) if card.suit == cards.Suit.SPADES),
            key=lambda place: played[place].rank,
        )
    else:
        expected = max(
            (place for place, card in enumerate(played) if card.suit == played[0].suit),
            key=lambda place: played[place].rank,
        )
    assert won == expected


def test_trick_properties_and_text() -> None:
    plays = tuple(zip((1, 2, 3, 0), cards.parse_cards("Q♣ A♣ J♦ 7♣"), strict=True))
    open_trick = tricks.Trick(plays[:2])
    assert open_trick.winner is None
    assert open_trick.leader == 1
    assert open_trick.cards == cards.parse_cards("Q♣ A♣")
    assert str(open_trick) == "1:Q♣ 2:A♣"
    done = tricks.Trick(plays, winner=3)
    assert done.leader == 1
    assert done.cards == cards.parse_cards("Q♣ A♣ J♦ 7♣")
    assert str(done) == "1:Q♣ 2:A♣ 3:J♦ 0:7♣ → 3"
    assert done == tricks.Trick(plays, 3)
    assert hash(done) == hash(tricks.Trick(plays, 3))
    assert done != open_trick


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"pack": [1, 2]}, errors.CardParseError, "cannot read 1 as a card"),
        ({"suit_of": "spades"}, errors.RulesError, "^suit_of must be a function of a card"),
        (
            {"suit_of": lambda _card: 5},
            errors.RulesError,
            r"^suit_of\(7♣\) must be a whole number from 0 to 4, not 5$",
        ),
        (
            {"strength": lambda _card: 0},
            errors.RulesError,
            r"^strength\(7♣\) must be a whole number from 1 to 255",
        ),
        (
            {"strength": lambda _card: True},
            errors.RulesError,
            r"^strength\(7♣\) must be a whole number",
        ),
        ({"trump": 5}, errors.RulesError, "^trump must be a following suit from 0 to 4 or None"),
        ({"trump": cards.Suit.HEARTS}, errors.RulesError, "^trump must be a following suit"),
        ({"over_trumps": "Q♥ Zz"}, errors.CardParseError, "'Zz'"),
    ],
)
def test_build_checks_its_arguments(
    arguments: dict[str, object], error: type[Exception], message: str
) -> None:
    given_arguments: dict[str, object] = {
        "pack": PACK32,
        "suit_of": skat_suit,
        "strength": skat_strength,
        **arguments,
    }
    with pytest.raises(error, match=message):
        tricks.Ranking.build(**given_arguments)  # type: ignore[arg-type]  # wrong values on purpose


@pytest.mark.parametrize(
    ("hand", "led", "ranking", "must_trump"),
    [
        (-1, 0, JACK_TRUMPS, False),
        (1 << 52, 5, JACK_TRUMPS, False),
        ("7♣", 5, JACK_TRUMPS, False),
        (0, 52, JACK_TRUMPS, False),
        (0, -1, JACK_TRUMPS, False),
        (0, 0, JACK_TRUMPS, False),  # 2♣ is not in the 32-card pack
        (0, 5, None, False),
        (0, 5, JACK_TRUMPS, 1),
        (1 << 5, 5, JACK_TRUMPS, 1),  # refused whether the hand follows suit or not
        (0.5, 5, JACK_TRUMPS, False),
        (0, 5.0, JACK_TRUMPS, False),
    ],
)
def test_follow_refuses_what_it_cannot_read(
    hand: object, led: object, ranking: object, must_trump: object
) -> None:
    with pytest.raises(errors.RulesError, match=r"^follow needs a bit set of cards"):
        tricks.follow(hand, led, ranking, must_trump=must_trump)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("played", "ranking"),
    [
        ([], JACK_TRUMPS),
        ([0.5], JACK_TRUMPS),
        ([99], JACK_TRUMPS),
        (None, JACK_TRUMPS),
        ([5], None),
    ],
)
def test_best_refuses_what_it_cannot_read(played: object, ranking: object) -> None:
    with pytest.raises(errors.RulesError, match=r"^best needs the card indices of a trick"):
        tricks.best(played, ranking)  # type: ignore[arg-type]  # wrong values on purpose


def test_a_ranking_of_tables_build_never_makes_follows_nothing() -> None:
    odd = tricks.Ranking(None, None, None, 0, ())  # type: ignore[arg-type]  # junk, on purpose
    assert odd.follows == ()
    with pytest.raises(errors.RulesError, match=r"^follow needs"):
        tricks.follow(0, 5, odd)
