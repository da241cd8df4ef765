"""Tests of Mariage's pure parts: options, moves, pools, claims, card power and payments.

Rule numbers are those of the game's docs page (the rule set designed from the source). The
engine is tested in ``test_mariage_engine.py``, random sessions in ``test_mariage_playouts.py``.
"""

from __future__ import annotations

import itertools
import pickle
import typing

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors, validators
from cardgames import mariage as mg
from cardgames.mariage import _claims as claims
from cardgames.mariage import _ledger as ledger
from cardgames.mariage import _play as play
from cardgames.mariage import _rules as rules_module
from cardgames.mariage import _scoring as scoring
from cardgames.mariage._pools import CLAIMED, POOLS, Pool
from cardgames.mariage._rules import Rules

PACK36 = cards.pack(36)
PACK52 = cards.pack(52)


def card(text: str) -> cards.Card:
    return cards.Card.parse(text)


def index(text: str) -> int:
    return card(text).index


def mask(text: str) -> int:
    return cards.mask_of(cards.parse_cards(text))


def shown(bits: int) -> str:
    return cards.format_cards(cards.cards_in(bits))


def trick_of(text: str) -> list[int]:
    return [index(item) for item in text.split()]


# --- Rules ---------------------------------------------------------------------------------


def test_rules_defaults_are_the_rule_sets() -> None:
    rules = Rules()
    assert rules.direction == "clockwise"
    assert rules.step == 1
    assert [rules.pack_size(players) for players in range(5, 11)] == [36, 36, 52, 52, 52, 52]
    assert rules.starting_chips == 50
    assert rules.allow_debt
    assert rules.ante_per_pool == 1
    assert rules.ante_every_deal
    assert rules.auto_claim
    assert rules.refill_on_win == 1
    assert rules.point_compare == ("top_card", "trump", "length", "eldest")
    assert rules.held_marriage_payment == 2
    assert rules.top_royal == "Q"
    assert rules.royals_count_as_trumps_for_obligation
    assert rules.must_trump_when_void
    assert rules.forced_queen == "enforce"
    assert rules.marriage_order == "K_then_Q"
    assert not rules.own_marriage_lead_bonus
    assert rules.marriage_trick_rule == "freeze"
    assert rules.table_marriage_payment == 1
    assert rules.heart_table_marriage_king_pays
    assert rules.jester_captors == "royal_hearts"
    assert rules.jester_penalty_payee == "queen_of_hearts_holder"
    assert not rules.jester_paid_only_if_it_wins_trick
    assert (rules.trick_pay_min, rules.trick_pay_per_trick) == (2, 1)
    assert not rules.dealer_covers_shortfall
    assert (rules.fine_zero_tricks, rules.loser_threshold) == (1, 0)
    assert rules.leftover == "split_equally"
    assert rules.rounds == 1
    assert rules.max_hands is None


def test_rules_are_frozen_values() -> None:
    rules = Rules(direction="counterclockwise")
    assert rules.step == -1
    assert rules == Rules(direction="counterclockwise")
    assert hash(rules) == hash(Rules(direction="counterclockwise"))
    assert attrs.evolve(rules, top_royal="K").step == -1
    assert pickle.loads(pickle.dumps(rules)) == rules  # noqa: S301  # our own value
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.rounds = 2  # type: ignore[misc]  # assigning to a frozen field on purpose


def test_choices_are_canonical_objects() -> None:
    text = "_".join(["penalty", "only"])  # noqa: FLY002  # built at run time, not interned
    assert Rules(forced_queen=text).forced_queen is Rules(forced_queen="penalty_only").forced_queen


class _Sneaky(str):
    """A text subclass: equal to a choice, but not one."""

    __slots__ = ()


class _Liar:
    """An object that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("direction", "left"),
        ("direction", _Sneaky("clockwise")),
        ("forced_queen", _Liar()),
        ("top_royal", "q"),
        ("top_royal", None),
        ("marriage_order", "Q_then_K"),
        ("marriage_trick_rule", "queen_wins"),
        ("jester_captors", "kings"),
        ("jester_penalty_payee", "dealer"),
        ("leftover", "burn"),
        ("starting_chips", -1),
        ("starting_chips", 5.0),
        ("allow_debt", 1),
        ("ante_per_pool", True),
        ("refill_on_win", -1),
        ("held_marriage_payment", "2"),
        ("trick_pay_min", 0),
        ("trick_pay_min", 6),
        ("loser_threshold", 5),
        ("fine_zero_tricks", -2),
        ("rounds", 0),
        ("max_hands", 0),
        ("point_compare", "top_card,trump,length"),
        ("point_compare", "top_card,trump,length,length"),
        ("point_compare", ("top_card", "trump", "length", "oldest")),
        ("point_compare", 7),
        ("deck_for_players", {4: 36}),
        ("deck_for_players", {8: 36}),
        ("deck_for_players", {7: 32}),
        ("deck_for_players", {"7": 36}),
        ("deck_for_players", "36"),
        ("deck_for_players", [(7,)]),
    ],
)
def test_rules_refuse_impossible_options(field: str, value: object) -> None:
    with pytest.raises(errors.RulesError, match=field):
        Rules(**{field: value})  # type: ignore[arg-type]  # wrong values, on purpose


BOUNDS = {
    "starting_chips": (0, rules_module.MOST_STARTING_CHIPS),
    "ante_per_pool": (0, rules_module.MOST_CHIPS),
    "refill_on_win": (0, rules_module.MOST_CHIPS),
    "held_marriage_payment": (0, rules_module.MOST_CHIPS),
    "table_marriage_payment": (0, rules_module.MOST_CHIPS),
    "trick_pay_min": (1, 5),
    "trick_pay_per_trick": (0, rules_module.MOST_CHIPS),
    "fine_zero_tricks": (0, rules_module.MOST_CHIPS),
    "loser_threshold": (0, 4),
    "rounds": (1, rules_module.MOST_ROUNDS),
    "max_hands": (1, rules_module.MOST_HANDS),
}
"""Every numeric option and its range."""


def test_every_numeric_option_has_a_range() -> None:
    # The hints, not field.type: the codec resolves the field types in place (attrs.resolve_types).
    hints = typing.get_type_hints(Rules)
    numeric = {
        field.name
        for field in attrs.fields(Rules)
        if field.init and hints[field.name] in (int, int | None)
    }
    assert numeric == set(BOUNDS)


@pytest.mark.parametrize(("field", "bounds"), sorted(BOUNDS.items()))
def test_numeric_options_are_bounded_and_the_error_names_the_range(
    field: str, bounds: tuple[int, int]
) -> None:
    low, high = bounds
    assert getattr(Rules(**{field: low}), field) == low  # type: ignore[arg-type]  # any option
    assert getattr(Rules(**{field: high}), field) == high  # type: ignore[arg-type]  # any option
    for wrong in (low - 1, high + 1, 2**63 - 1, 10**5000):
        with pytest.raises(
            errors.RulesError, match=rf"^{field} must be a whole number from {low} to {high}, not"
        ):
            Rules(**{field: wrong})  # type: ignore[arg-type]  # out of range on purpose


def test_the_options_of_the_issue_that_failed_at_the_first_deal_s_end_are_refused() -> None:
    for field in ("ante_per_pool", "fine_zero_tricks"):
        with pytest.raises(errors.RulesError, match=rf"^{field} must be a whole number from 0 to"):
            Rules(**{field: 2**63 - 1})  # type: ignore[arg-type]  # the issue's value


def test_a_session_at_every_bound_plays_to_its_end() -> None:
    most = rules_module.MOST_CHIPS
    largest = Rules(
        starting_chips=rules_module.MOST_STARTING_CHIPS,
        ante_per_pool=most,
        refill_on_win=most,
        held_marriage_payment=most,
        table_marriage_payment=most,
        trick_pay_min=1,
        trick_pay_per_trick=most,
        dealer_covers_shortfall=True,
        fine_zero_tricks=most,
        loser_threshold=4,
        rounds=rules_module.MOST_ROUNDS,
        max_hands=3,
    )
    for rules in (largest, attrs.evolve(largest, starting_chips=0, allow_debt=False)):
        state = mg.new_game(rules, seed=4, players=10)
        while not mg.is_over(state):
            state = mg.apply(state, mg.legal_moves(state)[-1])
        sheet = mg.score(state)
        assert sum(sheet.balances) + sheet.discarded == 10 * rules.starting_chips
    # The bounds keep the longest session's chips within 64-bit integers: no seat pays more
    # than 30 times the largest amount in a deal (the ante of six pools, five refills, four
    # marriages, a fine, a shortfall of five tricks …), over the most deals a session has.
    assert 10 * (rules_module.MOST_STARTING_CHIPS + rules_module.MOST_HANDS * 30 * most) < (
        validators.LARGEST // 1000
    )
    assert rules_module.MOST_HANDS == 10 * rules_module.MOST_ROUNDS  # the most deals


def test_point_compare_reads_text_and_sequences() -> None:
    assert Rules(point_compare=" length , top_card,trump,eldest").point_compare == (
        "length",
        "top_card",
        "trump",
        "eldest",
    )
    assert Rules(point_compare=["eldest", "trump", "length", "top_card"]).point_compare[0] == (
        "eldest"
    )


def test_deck_for_players_keeps_the_defaults_it_is_not_given() -> None:
    rules = Rules(deck_for_players={7: 36})
    assert [rules.pack_size(players) for players in range(5, 11)] == [36, 36, 36, 52, 52, 52]
    assert Rules(deck_for_players=[(5, 52), (6, 52)]).pack_size(5) == 52
    with pytest.raises(errors.RulesError, match="5 to 10 players"):
        Rules().pack_size(11)


# --- Pools and moves ---------------------------------------------------------------------------


def test_pools() -> None:
    assert [pool.numeral for pool in POOLS] == ["I", "II", "III", "IV", "V", "VI"]
    assert [pool.word for pool in POOLS] == [
        "point",
        "marriage",
        "jester",
        "king",
        "queen",
        "tricks",
    ]
    assert POOLS[:5] == CLAIMED
    assert shown(Pool.MARRIAGE.mask) == "Q♥ K♥"
    assert cards.format_cards(Pool.JESTER.cards) == "J♦"
    assert Pool.POINT.cards == Pool.TRICKS.cards == ()
    assert [pool.party for pool in POOLS] == [-1, -2, -3, -4, -5, -6]
    for pool in POOLS:
        assert Pool.parse(pool.word) is Pool.parse(pool.numeral) is Pool.parse(str(pool.value))
    assert Pool.parse(" Suit ") is Pool.POINT
    with pytest.raises(errors.MoveParseError, match="as a pool"):
        Pool.parse("box")
    with pytest.raises(errors.MoveParseError):
        Pool.parse(3)  # type: ignore[arg-type]  # not text, on purpose


@pytest.mark.parametrize(
    "move",
    [
        mg.Deal(),
        mg.Claim(Pool.POINT, "8♠ 9♠ 10♠"),
        mg.Claim(Pool.POINT, "A♦ K♦ Q♦ J♦ 10♦"),
        *(mg.Claim(pool) for pool in CLAIMED[1:]),
        mg.Pass(),
        mg.Decline(),
        mg.Play(card("Q♥")),
        mg.Misdeal(),
        mg.DealOutOfTurn(0),
        mg.DealOutOfTurn(9),
    ],
)
def test_moves_print_and_parse_back(move: mg.Move) -> None:
    assert mg.parse_move(str(move)) == move
    assert mg.parse_move(str(move).upper()) == move
    assert pickle.loads(pickle.dumps(move)) == move  # noqa: S301  # our own value


def test_move_spellings() -> None:
    assert mg.parse_move("claim II") == mg.Claim(Pool.MARRIAGE)
    assert mg.parse_move("claim 3") == mg.Claim(Pool.JESTER)
    assert mg.parse_move("claim king K♥") == mg.Claim(Pool.KING)
    assert mg.parse_move("claim marriage q♥ k♥") == mg.Claim(Pool.MARRIAGE, "K♥ Q♥")
    assert mg.parse_move("claim suit 10s 8s 9s") == mg.Claim(Pool.POINT, "8♠ 9♠ 10♠")
    assert mg.parse_move("done") == mg.PASS
    assert mg.parse_move("qh") == mg.Play(card("Q♥"))
    assert repr(mg.Claim(Pool.POINT, "9♠ 10♠ 8♠")) == "Claim(Pool.POINT, '8♠ 9♠ 10♠')"
    assert repr(mg.Claim("queen")) == "Claim(Pool.QUEEN)"
    assert mg.Claim(Pool.POINT, "10♠ 8♠ 9♠").cards == cards.parse_cards("8♠ 9♠ 10♠")
    assert mg.Claim(Pool.MARRIAGE).mask == Pool.MARRIAGE.mask


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("claim tricks", "tricks pool is not claimed"),
        ("claim king Q♥", "claimed with K♥"),
        ("claim point 8♠ 9♠ J♠", "in sequence"),
        ("claim point 8♠ 9♠", "in sequence"),
        ("claim point 8♠ 9♥ 10♠", "in sequence"),
        ("claim point", "no cards"),
        ("claim", "as a claim"),
        ("claim box", "as a pool"),
        ("claim point 8♠ 9♠ 1x", "1x"),
        ("out-of-turn", "out-of-turn"),
        ("out-of-turn -1", "out-of-turn"),
        ("out-of-turn ٣", "out-of-turn"),
        ("pass now", "Mariage move"),
        ("jump", "Mariage move"),
        ("play", "play"),
        ("play 11h", "11"),
        ("play ZZ", "^cannot read 'play ZZ' as a Mariage move: cannot read 'ZZ' as a card"),
        ("play ²", "^cannot read 'play ²' as a Mariage move"),
        ("claim point 8♠ 9♠ ¹", "^cannot read 'claim point 8♠ 9♠ ¹' as a Mariage move"),
        ("²", "Mariage move"),
        ("out-of-turn ²", "out-of-turn"),
        ("", "empty"),
    ],
)
def test_bad_move_texts(text: str, message: str) -> None:
    # Every way a client's text can fail is a MoveParseError, a card that does not parse too.
    with pytest.raises(errors.MoveParseError, match=message):
        mg.parse_move(text)


def test_bad_move_values() -> None:
    with pytest.raises(errors.MoveParseError, match="seat"):
        mg.DealOutOfTurn(-1)
    with pytest.raises(errors.MoveParseError, match="seat"):
        mg.DealOutOfTurn(True)  # noqa: FBT003  # a bool is no seat
    with pytest.raises(errors.MoveParseError, match="names a pool"):
        mg.Claim(3)
    with pytest.raises(errors.MoveParseError, match="shows cards"):
        mg.Claim(Pool.POINT, 7)  # type: ignore[arg-type]  # not cards
    with pytest.raises(errors.MoveParseError):
        mg.parse_move(None)  # type: ignore[arg-type]  # not text


# --- Claims (rules 11-17) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "run"),
    [
        ("8♠ 9♠ 10♠ 6♥ A♣", "8♠ 9♠ 10♠"),
        ("Q♥ K♥ A♥ 6♠ 6♣", "Q♥ K♥ A♥"),
        ("6♦ 7♦ 8♦ 9♦ 10♦", "6♦ 7♦ 8♦ 9♦ 10♦"),
        ("J♣ Q♣ K♣ A♣ 7♥", "J♣ Q♣ K♣ A♣"),
        ("2♠ 3♠ 4♠ K♦ A♦", "2♠ 3♠ 4♠"),
        ("A♠ 2♠ 3♠ 9♥ 10♥", ""),
        ("A♠ K♠ 2♠ 9♥ 10♥", ""),
        ("8♠ 9♠ J♠ Q♠ 6♥", ""),
        ("8♠ 9♠ 10♥ J♥ Q♦", ""),
        ("K♣ A♣ 2♠ 3♠ 4♦", ""),
    ],
)
def test_sequence_in(hand: str, run: str) -> None:
    assert shown(mg.sequence_in(mask(hand))) == run
    assert mg.is_sequence(cards.parse_cards(run)) == bool(run)


def test_sequence_in_prefers_the_longest_then_the_highest() -> None:
    assert shown(mg.sequence_in(mask("6♠ 7♠ 8♠ J♥ Q♥ K♥ A♥"))) == "J♥ Q♥ K♥ A♥"
    assert shown(mg.sequence_in(mask("6♠ 7♠ 8♠ Q♥ K♥ A♥"))) == "Q♥ K♥ A♥"


@given(st.sets(st.sampled_from(PACK52), min_size=5, max_size=5))
def test_sequence_in_against_a_brute_force(hand: set[cards.Card]) -> None:
    found = [
        group
        for size in (5, 4, 3)
        for group in itertools.combinations(sorted(hand), size)
        if mg.is_sequence(group)
    ]
    run = mg.sequence_in(cards.mask_of(hand))
    assert bool(run) == bool(found)
    if found:
        assert run == cards.mask_of(found[0])


def test_is_sequence_needs_three_to_five() -> None:
    assert not mg.is_sequence(cards.parse_cards("9♠ 10♠"))
    assert not mg.is_sequence(cards.parse_cards("6♠ 7♠ 8♠ 9♠ 10♠ J♠"))
    assert not mg.is_sequence(cards.parse_cards("6♠ 6♠ 7♠"))


def runs_of(**texts: str) -> dict[int, tuple[cards.Card, ...]]:
    return {int(seat[1:]): cards.parse_cards(text) for seat, text in texts.items()}


def test_point_winner_top_card_first() -> None:
    # E1: K-high beats 10-high, whatever the trump and the lengths.
    runs = runs_of(s1="8♠ 9♠ 10♠ J♠ Q♠", s2="J♦ Q♦ K♦")
    assert mg.point_winner(runs, trump=cards.Suit.SPADES, dealer=5, players=6) == 2
    # Equal top: the trump sequence, then the longer, then the eldest hand.
    runs = runs_of(s1="9♠ 10♠ J♠", s4="9♣ 10♣ J♣")
    assert mg.point_winner(runs, trump=cards.Suit.CLUBS, dealer=5, players=6) == 4
    runs = runs_of(s1="9♠ 10♠ J♠", s4="8♥ 9♥ 10♥ J♥")
    assert mg.point_winner(runs, trump=cards.Suit.CLUBS, dealer=5, players=6) == 4
    runs = runs_of(s1="9♠ 10♠ J♠", s4="9♥ 10♥ J♥")
    assert mg.point_winner(runs, trump=cards.Suit.CLUBS, dealer=5, players=6) == 1
    assert mg.point_winner(runs, trump=cards.Suit.CLUBS, dealer=2, players=6) == 4
    # Counterclockwise, seat 4 sits nearer the dealer's "left" (the next seat in play).
    assert mg.point_winner(runs, trump=cards.Suit.CLUBS, dealer=5, players=6, step=-1) == 4
    assert mg.point_winner({}, trump=cards.Suit.CLUBS, dealer=5, players=6) is None


def test_point_winner_piquet_style() -> None:
    runs = runs_of(s1="8♠ 9♠ 10♠ J♠", s2="J♦ Q♦ K♦")
    compare = Rules(point_compare="length,top_card,trump,eldest").point_compare
    assert mg.point_winner(runs, trump=cards.Suit.CLUBS, dealer=5, players=6) == 2
    winner = mg.point_winner(runs, trump=cards.Suit.CLUBS, dealer=5, players=6, compare=compare)
    assert winner == 1


def test_point_key() -> None:
    run = cards.parse_cards("8♠ 9♠ 10♠")
    assert mg.point_key(run, trump=cards.Suit.SPADES, place=3) == (10, 1, 3, -3)
    assert mg.point_key(
        run, trump=cards.Suit.CLUBS, place=0, compare=("eldest", "length", "trump", "top_card")
    ) == (0, 3, 0, 10)


def test_holders_and_qualifies() -> None:
    hands = [mask("K♥ 7♣ 8♣ 9♣ 6♦"), mask("Q♥ J♦ 6♠ 8♠ A♠")]
    assert claims.holder(hands, Pool.KING.mask) == 0
    assert claims.holder(hands, Pool.MARRIAGE.mask) is None
    assert claims.holder(hands, Pool.JESTER.mask) == 1
    assert [pool.word for pool in CLAIMED if mg.qualifies(hands[0], pool)] == [
        "point",
        "king",
    ]
    assert shown(mg.qualifies(hands[0], Pool.POINT)) == "7♣ 8♣ 9♣"
    with pytest.raises(errors.RulesError, match="tricks pool is not claimed"):
        mg.qualifies(hands[0], Pool.TRICKS)


def test_winners_of_claims() -> None:
    made = [
        (1, Pool.POINT, cards.parse_cards("8♠ 9♠ 10♠")),
        (2, Pool.POINT, cards.parse_cards("J♦ Q♦ K♦")),
        (2, Pool.JESTER, ()),
        (3, Pool.MARRIAGE, ()),
        (3, Pool.KING, ()),
        (3, Pool.QUEEN, ()),
    ]
    assert mg.winners(made, trump=cards.Suit.CLUBS, dealer=5, players=6) == (2, 3, 2, 3, 3)
    assert mg.winners([], trump=cards.Suit.CLUBS, dealer=5, players=6) == (None,) * 5


# --- Card power and following (rules 18-22) ---------------------------------------------------


QH = card("Q♥")
KH = card("K♥")


@pytest.mark.parametrize(("top", "first", "second"), [("Q", "Q♥", "K♥"), ("K", "K♥", "Q♥")])
def test_royal_hearts_beat_every_trump(top: str, first: str, second: str) -> None:
    rules = Rules(top_royal=top)
    for trump in cards.Suit:
        ranking = play.ranking(rules, trump)
        for led in ("A♣", "A♠", "6♦", "A♥"):
            trick = [index(led), index(second), index(first)]
            assert trick[play.trick_winner(trick, ranking, rules)] == index(first)
            trumps = [
                c.index
                for c in PACK36
                if c.suit == trump and c not in (QH, KH) and c.index != index(led)
            ]
            assert play.trick_winner([index(led), *trumps, index(second)], ranking, rules) == (
                len(trumps) + 1
            )


def test_trumps_then_the_suit_led() -> None:
    rules = Rules()
    spades = play.ranking(rules, cards.Suit.SPADES)
    # A plain card of another suit never wins; the lowest trump beats the ace led.
    assert play.trick_winner(trick_of("9♦ A♣ 6♠ 10♦"), spades, rules) == 2
    assert play.trick_winner(trick_of("9♦ A♣ J♥ 10♦"), spades, rules) == 3
    # K♥ and Q♥ follow as hearts: led, the king of hearts wins a heart trick.
    assert play.trick_winner(trick_of("K♥ A♥ 6♠"), spades, rules) == 0


def duty_mask(rules: Rules, trump: cards.Suit) -> int:
    """The duty of a deal with these rules and trump suit, as the engine works it out."""
    return play.duty_mask(rules, play.ranking(rules, trump), trump)


def test_following_suit_and_trumping() -> None:
    rules = Rules()
    duty = duty_mask(rules, cards.Suit.CLUBS)
    hand = mask("Q♥ 7♣ 8♦")
    assert shown(play.allowed(hand, index("9♦"), duty)) == "8♦"
    assert shown(play.allowed(hand, index("10♠"), duty)) == "7♣ Q♥"
    assert shown(play.allowed(hand, index("6♥"), duty)) == "Q♥"  # K♥ and Q♥ are hearts
    assert shown(play.allowed(hand, None, duty)) == "7♣ Q♥ 8♦"
    assert shown(play.allowed(mask("6♦ 8♦"), index("A♠"), duty)) == "6♦ 8♦"
    # Without the royal hearts in the duty, Q♥ need not be played on a spade lead.
    no_royals = duty_mask(Rules(royals_count_as_trumps_for_obligation=False), cards.Suit.CLUBS)
    assert shown(play.allowed(mask("Q♥ 8♦"), index("10♠"), no_royals)) == "Q♥ 8♦"
    assert shown(play.allowed(mask("Q♥ 7♣ 8♦"), index("10♠"), no_royals)) == "7♣"
    # With hearts trumps the royal hearts are trumps anyway.
    hearts = duty_mask(Rules(royals_count_as_trumps_for_obligation=False), cards.Suit.HEARTS)
    assert shown(play.allowed(mask("Q♥ 8♦"), index("10♠"), hearts)) == "Q♥"
    # Without the duty to trump a void player plays anything.
    assert duty_mask(Rules(must_trump_when_void=False), cards.Suit.CLUBS) == 0
    assert shown(play.allowed(hand, index("10♠"), 0)) == "7♣ Q♥ 8♦"


def test_queen_of() -> None:
    for king in PACK52:
        if king.rank == cards.Rank.KING:
            queen = cards.CARDS[play.queen_of(king.index)]
            assert (queen.rank, queen.suit) == (cards.Rank.QUEEN, king.suit)
            assert play.KINGS >> king.index & 1
    assert play.KINGS.bit_count() == 4


# --- Marriages on the table and the freeze (rules 24-26) --------------------------------------


def test_marriages() -> None:
    assert play.marriages(trick_of("9♠ K♠ Q♠ A♠ 7♣ 6♠")) == (2,)
    assert play.marriages(trick_of("9♠ Q♠ K♠ A♠")) == ()
    assert play.marriages(trick_of("9♠ Q♠ K♠ A♠"), either=True) == (2,)
    assert play.marriages(trick_of("K♠ A♠ Q♠")) == ()  # not one after the other
    assert play.marriages(trick_of("K♦ Q♦ K♣ Q♣ J♦")) == (1, 3)
    assert play.marriages(trick_of("K♦ Q♦ K♣ Q♣"), declined=1 << cards.Suit.DIAMONDS) == (3,)
    assert play.marriages(trick_of("K♥ Q♥")) == (1,)
    assert play.marriages(trick_of("K♥ Q♠ K♠")) == ()


@pytest.mark.parametrize(
    ("trick", "trump", "freeze", "king_wins"),
    [
        ("9♠ K♠ Q♠ A♠ 7♣ 6♠", "♣", 1, 1),  # E2
        ("A♠ K♠ Q♠ 10♠ 7♣ 6♠", "♣", 0, 1),  # E2b
        ("9♠ 7♣ K♠ Q♠ A♠", "♣", 1, 2),  # a trump before the king keeps the trick
        ("9♠ Q♥ K♠ Q♠", "♣", 1, 2),
        ("6♦ K♥ Q♥ 7♣", "♣", 2, 1),  # heart marriage: Q♥ is the highest card
        ("6♦ K♦ Q♦ 7♦ K♥ Q♥", "♣", 1, 1),  # only the first marriage freezes the trick
        ("6♦ 9♦ Q♦ K♦ A♦", "♣", 4, 4),  # Q then K: no marriage by default
    ],
)
def test_trick_winner_freeze_and_king_wins(
    trick: str, trump: str, freeze: int, king_wins: int
) -> None:
    rules = Rules()
    ranking = play.ranking(rules, cards.Suit.parse(trump))
    assert play.trick_winner(trick_of(trick), ranking, rules) == freeze
    kings = Rules(marriage_trick_rule="king_wins")
    assert play.trick_winner(trick_of(trick), ranking, kings) == king_wins


def test_trick_winner_queen_then_king() -> None:
    either = Rules(marriage_order="either")
    ranking = play.ranking(either, cards.Suit.CLUBS)
    # Q♦ K♦ make a marriage: the trick freezes at the king, A♦ comes too late.
    assert play.trick_winner(trick_of("6♦ 9♦ Q♦ K♦ A♦"), ranking, either) == 3
    kings = Rules(marriage_order="either", marriage_trick_rule="king_wins")
    assert play.trick_winner(trick_of("6♦ A♦ Q♦ K♦"), ranking, kings) == 3
    declined = 1 << cards.Suit.DIAMONDS
    assert play.trick_winner(trick_of("6♦ 9♦ Q♦ K♦ A♦"), ranking, either, declined=declined) == 4


# --- Payments ----------------------------------------------------------------------------------


def test_ante() -> None:
    paid = mg.ante(6, 1)
    assert len(paid) == 36
    assert {payee for _, payee, _ in paid} == {-1, -2, -3, -4, -5, -6}
    assert mg.ante(6, 1) is paid  # made once
    balances, pools, _ = ledger.settle((50,) * 6, (0,) * 6, paid)
    assert balances == (44,) * 6
    assert pools == (6,) * 6


def test_pay_ante_matches_record() -> None:
    chips: ledger.Chips = ((10, 3, 7), (1, 0, 0, 0, 0, 2), None)
    for debt in (True, False):
        fast = scoring.pay_ante(chips, hand=1, players=3, per_pool=1, allow_debt=debt)
        slow = ledger.record(chips, [("ante", mg.ante(3, 1))], hand=1, allow_debt=debt)
        assert fast[:2] == slow[:2]
        assert ledger.payments(fast[2]) == ledger.payments(slow[2])
    assert scoring.pay_ante(chips, hand=1, players=3, per_pool=0) == chips


def test_pool_win_and_held_marriage_e1() -> None:
    # E1: P4 (seat 3) holds K♥ Q♥: pool II, then 2 from each other player.
    won = mg.pool_win(Pool.MARRIAGE, 3, content=6, refill=1)
    assert won == ((-2, 3, 6), (3, -2, 1))
    paid = mg.from_each_other(3, players=6, amount=2)
    balances, pools, _ = ledger.settle((44,) * 6, (6,) * 6, won + paid)
    assert balances == (42, 42, 42, 59, 42, 42)
    assert pools == (6, 1, 6, 6, 6, 6)


def test_each_other() -> None:
    assert mg.each_other(2, players=5, amount=1) == (
        (2, 0, 1),
        (2, 1, 1),
        (2, 3, 1),
        (2, 4, 1),
    )


@pytest.mark.parametrize(
    ("hearts", "king_pays", "expected"),
    [
        (False, True, {0: -1, 1: +4, 2: -1, 3: -1, 5: -1}),  # E2: seat 4's queen is exempt
        (True, True, {0: -1, 1: -1, 2: -1, 3: -1, 4: +5, 5: -1}),  # E3: the queen's player paid
        (True, False, {0: -1, 2: -1, 3: -1, 4: +4, 5: -1}),  # the king's player does not pay
    ],
)
def test_table_marriage(hearts: bool, king_pays: bool, expected: dict[int, int]) -> None:
    paid = mg.table_marriage(
        winner=1,
        king_seat=1,
        queen_seat=4,
        hearts=hearts,
        players=6,
        amount=1,
        king_pays=king_pays,
    )
    balances, _, _ = ledger.settle((0,) * 6, (0,) * 6, paid)
    assert {seat: chips for seat, chips in enumerate(balances) if chips} == expected


def test_table_marriage_won_by_another() -> None:
    # E2b: seat 0's ace keeps the trick: everyone but seat 4 (the queen) pays seat 0.
    paid = mg.table_marriage(winner=0, king_seat=1, queen_seat=4, hearts=False, players=6, amount=1)
    assert sorted(payer for payer, _, _ in paid) == [1, 2, 3, 5]


JESTER_PAID = {0: -1, 1: 5, 2: -1, 3: -1, 4: -1, 5: -1}


@pytest.mark.parametrize(
    ("options", "winner", "winning", "queen_holder", "expected", "reason"),
    [
        ({}, 3, card("8♠"), None, JESTER_PAID, "jester played"),  # E4
        ({}, 3, QH, 3, {1: -1, 3: 1}, "jester captured by Q♥"),  # E4b
        ({}, 3, KH, 4, {1: -1, 4: 1}, "jester captured by K♥"),  # the Q♥ holder is paid
        ({}, 3, KH, None, {}, "jester captured by K♥"),  # Q♥ not dealt: nothing
        ({}, 3, KH, 1, {}, "jester captured by K♥"),  # the jester's player had Q♥
        ({}, 3, card("K♣"), 4, JESTER_PAID, "jester played"),  # K♣ is no captor by default
        (
            {"captors": "any_king_or_queen"},
            3,
            card("K♣"),
            4,
            {1: -1, 4: 1},
            "jester captured by K♣",
        ),
        (
            {"captors": "any_king_or_queen"},
            3,
            card("Q♦"),
            None,
            {},
            "jester captured by Q♦",
        ),
        ({"payee": "trick_winner"}, 3, QH, 5, {1: -1, 3: 1}, "jester captured by Q♥"),
        ({"paid_only_if_it_wins": True}, 3, card("8♠"), None, {}, "jester lost its trick"),
        ({"paid_only_if_it_wins": True}, 1, card("J♦"), None, JESTER_PAID, "jester played"),
    ],
)
def test_jester(  # noqa: PLR0917  # one parameter per column of the cases
    options: dict[str, object],
    winner: int,
    winning: cards.Card,
    queen_holder: int | None,
    expected: dict[int, int],
    reason: str,
) -> None:
    paid, why = mg.jester(
        jester_seat=1,
        winner=winner,
        winning_card=winning,
        queen_holder=queen_holder,
        players=6,
        **options,  # type: ignore[arg-type]  # the options of the case
    )
    balances, _, _ = ledger.settle((0,) * 6, (0,) * 6, paid)
    assert {seat: chips for seat, chips in enumerate(balances) if chips} == expected
    assert why == reason


def test_tricks_payout_e5() -> None:
    taken = (2, 0, 0, 2, 1, 0)
    assert mg.tricks_payout(taken, pool=6, dealer=5) == ((-6, 0, 2), (-6, 3, 2))
    balances, pools, _ = ledger.settle(
        (0,) * 6, (0, 0, 0, 0, 0, 6), mg.tricks_payout(taken, pool=6, dealer=5)
    )
    balances, pools, _ = ledger.settle(balances, pools, mg.fines(taken))
    assert pools[5] == 5
    assert balances == (2, -1, -1, 2, 0, -1)


def test_tricks_payout_nobody_has_two_e5b() -> None:
    taken = (1, 1, 1, 1, 1, 0)
    assert mg.tricks_payout(taken, pool=6, dealer=5) == ()
    assert mg.fines(taken) == ((5, -6, 1),)


def test_tricks_payout_order_and_shortfall() -> None:
    # Most tricks first; ties from the dealer's left (dealer 1: seat 2 before seat 0).
    taken = (2, 0, 2, 0, 3)
    assert mg.tricks_payout(taken, pool=6, dealer=1) == (
        (-6, 4, 3),
        (-6, 2, 2),
        (-6, 0, 1),
    )
    assert mg.tricks_payout(taken, pool=6, dealer=1, step=-1) == (
        (-6, 4, 3),
        (-6, 0, 2),
        (-6, 2, 1),
    )
    # The dealer covers what the pool lacks, but never pays himself.
    assert mg.tricks_payout(taken, pool=4, dealer=2, dealer_covers=True) == (
        (-6, 4, 3),
        (-6, 0, 1),
        (2, 0, 1),
    )
    assert mg.tricks_payout(taken, pool=0, dealer=2, dealer_covers=True) == (
        (2, 4, 3),
        (2, 0, 2),
    )
    # Other thresholds and rates.
    assert mg.tricks_payout(taken, pool=20, dealer=1, minimum=3, per_trick=2) == ((-6, 4, 6),)


def test_fines_threshold() -> None:
    taken = (2, 0, 1, 2, 0)
    assert mg.fines(taken, threshold=1, fine=2) == ((1, -6, 2), (2, -6, 2), (4, -6, 2))


@given(st.lists(st.integers(0, 40), min_size=6, max_size=6), st.integers(5, 10))
def test_leftover_split(pools: list[int], players: int) -> None:
    split = mg.leftover_split(pools, players=players)
    balances, left, _ = ledger.settle((0,) * players, tuple(pools), split)
    assert left == (0,) * 6
    assert len(set(balances)) == 1
    assert balances[0] == sum(pools) // players
    discarded = sum(amount for _, payee, amount in split if payee == mg.DISCARDED)
    assert discarded == sum(pools) % players
    assert sum(balances) + discarded == sum(pools)


def test_settle_without_debt_cuts_payments() -> None:
    balances, _, made = ledger.settle(
        (1, 0, 5), (0,) * 6, [(0, 1, 3), (1, 2, 2), (2, -6, 0), (-1, 2, 0)], allow_debt=False
    )
    assert made == ((0, 1, 1), (1, 2, 1))
    assert balances == (0, 0, 6)
    balances, _, made = ledger.settle((1, 0, 5), (0,) * 6, [(0, 1, 3)])
    assert balances == (-2, 3, 5)


@given(
    st.lists(st.integers(-5, 20), min_size=5, max_size=5),
    st.lists(st.integers(0, 20), min_size=6, max_size=6),
    st.lists(st.tuples(st.integers(-6, 4), st.integers(-6, 4), st.integers(0, 9)), max_size=30),
    st.booleans(),
)
def test_settle_conserves_chips(
    balances: list[int],
    pools: list[int],
    transfers: list[tuple[int, int, int]],
    allow_debt: bool,
) -> None:
    # Pools pay only what they hold, as every rule's transfers do.
    held = list(pools)
    safe = []
    for payer, payee, amount in transfers:
        if payer < 0:
            amount = min(amount, held[-payer - 1])  # noqa: PLW2901  # what the pool holds
            held[-payer - 1] -= amount
        if payee < 0:
            held[-payee - 1] += amount
        safe.append((payer, payee, amount))
    after, boxes, made = ledger.settle(tuple(balances), tuple(pools), safe, allow_debt=allow_debt)
    assert sum(after) + sum(boxes) == sum(balances) + sum(pools)
    assert all(amount > 0 for _, _, amount in made)
    if not allow_debt:
        assert all(chips >= min(start, 0) for chips, start in zip(after, balances, strict=True))


def test_payment_text() -> None:
    assert str(mg.Payment(1, 2, 4, 2, "heart marriage held")) == (
        "seat 2 pays seat 4 2 chips: heart marriage held"
    )
    assert str(mg.Payment.of(1, (0, -1, 1), "ante")) == "seat 0 pays pool I 1 chip: ante"
    assert str(mg.Payment.of(1, (-6, 3, 2), "tricks taken")) == (
        "pool VI pays seat 3 2 chips: tricks taken"
    )
    assert str(mg.Payment.of(6, (-6, mg.DISCARDED, 1), "remainder discarded")) == (
        "pool VI discards 1 chip: remainder discarded"
    )
    with pytest.raises(errors.RulesError, match="discard pays nobody"):
        mg.Payment.of(1, (mg.DISCARDED, 0, 1), "nothing")
    assert ledger.party(-3) is Pool.JESTER
    assert ledger.party(4) == 4
    assert ledger.party(mg.DISCARDED) is None


def test_record_groups() -> None:
    chips = ledger.record(
        ((3, 3), (0,) * 6, None),
        [("a", [(0, 1, 1)]), ("nothing", [(0, 1, 0)]), ("b", [(1, -6, 2)])],
        hand=4,
    )
    assert chips[:2] == ((2, 2), (0, 0, 0, 0, 0, 2))
    assert [str(payment) for payment in ledger.payments(chips[2])] == [
        "seat 0 pays seat 1 1 chip: a",
        "seat 1 pays pool VI 2 chips: b",
    ]
    assert {payment.hand for payment in ledger.payments(chips[2])} == {4}
