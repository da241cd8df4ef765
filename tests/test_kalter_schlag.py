"""Tests of Kalter Schlag: rules, moves, engine and scoring, against rules/kalter-schlag.md.

Rule numbers in the test names and comments are the spec's (section 2). Hands are stacked with
``order_for`` and played from scripts; random games are checked against a small reference model
of the rules written here independently of the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
import playing
from cardgames import cards, dealing, errors, tricks
from cardgames import kalter_schlag as ks

PACK = cards.pack(32)
JACK = cards.Rank.JACK
CARD_POINTS = {
    cards.Rank.ACE: 11,
    cards.Rank.TEN: 10,
    cards.Rank.KING: 4,
    cards.Rank.QUEEN: 3,
    cards.Rank.JACK: 2,
}
ACE_TEN = ["A", "10", "K", "Q", "9", "8", "7"]
NATURAL = ["A", "K", "Q", "10", "9", "8", "7"]
JACKS_HIGH_TO_LOW = cards.parse_cards("J♣ J♠ J♥ J♦")
SEED = 2024

# Scripts: one hand per position, position 0 being the seat to the dealer's left (who leads);
# each seat plays its cards in the order written.
#
# Position 0 takes 6 tricks and 95 card points, position 3 no trick: 95 × 2 = 190.
ONE_JUNGFRAU = (
    "J♣ J♠ J♥ J♦ A♣ A♠ 7♥ 7♦",
    "10♥ K♥ 7♣ 7♠ 10♣ 10♠ A♥ 8♦",
    "Q♥ 9♥ 8♣ 8♠ K♣ K♠ 8♥ A♦",
    "10♦ K♦ 9♣ 9♠ Q♣ Q♠ 9♦ Q♦",
)
# Position 0 takes 7 tricks and 99 card points, positions 2 and 3 none: 99 × 4 = 396 → 400.
TWO_JUNGFRAUEN = (
    "J♣ J♠ J♥ J♦ A♣ A♠ A♥ 7♦",
    "7♣ 7♠ 10♥ K♥ 10♣ 10♠ 7♥ A♦",
    "8♣ 8♠ Q♥ K♦ K♣ K♠ 9♥ 10♦",
    "9♣ 9♠ Q♦ 9♦ Q♣ Q♠ 8♥ 8♦",
)
# Positions 0 and 1 take 60 card points each, 2 and 3 no trick: both charged 60 × 4 = 240.
TIE = (
    "J♣ J♠ J♥ J♦ 7♣ 7♠ 7♥ 7♦",
    "10♣ Q♣ 8♣ 10♠ A♣ A♠ A♥ A♦",
    "Q♠ 8♠ 10♥ Q♥ K♣ 9♠ 9♥ 9♦",
    "8♥ 10♦ Q♦ 8♦ 9♣ K♠ K♥ K♦",
)
# Position 0 holds every jack and ace: a Durchmarsch. None: the rest, played as legal.
SWEEP: tuple[str | None, ...] = ("J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦", None, None, None)


def card(text: str) -> cards.Card:
    return cards.Card.parse(text)


def play(text: str) -> ks.Play:
    return ks.Play(card(text))


def mover(state: ks.State) -> int:
    seat = ks.current_player(state)
    assert seat is not None
    return seat


def plays_of(moves: Sequence[ks.Move]) -> str:
    return cards.format_cards(move.card for move in moves if isinstance(move, ks.Play))


def deal(
    hands: dict[int, str],
    *,
    first_dealer: int = 3,
    rules: ks.Rules | None = None,
    seed: int = SEED,
) -> ks.State:
    """A new match whose first hand is stacked; seat 0 leads when ``first_dealer`` is 3."""
    state = ks.new_game(rules, seed=seed, first_dealer=first_dealer)
    return ks.apply(state, ks.Deal(order=ks.order_for(hands, dealer=first_dealer)))


def apply_all(state: ks.State, texts: str) -> ks.State:
    """Apply moves written as ``play Q♣, double, play 8♣``."""
    for text in texts.split(","):
        state = ks.apply(state, ks.parse_move(text))
    return state


def play_script(
    state: ks.State, script: Sequence[str | None], *, doublers: Collection[int] = ()
) -> ks.State:
    """Deal and play one hand from a script (see above); ``doublers`` are positions."""
    dealer = mover(state)
    leader = (dealer + 1) % 4
    hands = {(leader + place) % 4: text for place, text in enumerate(script) if text is not None}
    state = ks.apply(state, ks.Deal(order=ks.order_for(hands, dealer=dealer)))
    queues = {seat: list(cards.parse_cards(text)) for seat, text in hands.items()}
    while state.in_play:
        seat = mover(state)
        if (seat - leader) % 4 in doublers and ks.DOUBLE in ks.legal_moves(state):
            state = ks.apply(state, ks.DOUBLE)
        elif seat in queues:
            state = ks.apply(state, ks.Play(queues[seat].pop(0)))
        else:
            state = ks.apply(state, next(m for m in ks.legal_moves(state) if m != ks.DOUBLE))
    return state


def random_states(seed: int, rules: ks.Rules | None = None) -> Iterator[ks.State]:
    """Every state of a seeded random match, the first included."""
    return playing.random_states("kalter-schlag", seed, rules=rules)


def played_to_end(seed: int, rules: ks.Rules | None = None) -> ks.State:
    *_, last = random_states(seed, rules)
    return last


# --- A reference model of rules 3, 4, 11 and 12, independent of the engine ---------------


def follows_as(item: cards.Card) -> str:
    return "jacks" if item.rank == JACK else item.suit.letter


def reference_allowed(hand: Collection[cards.Card], led: cards.Card | None) -> set[cards.Card]:
    if led is None:
        return set(hand)
    same = {item for item in hand if follows_as(item) == follows_as(led)}
    return same or set(hand)


def reference_winner(played: Sequence[cards.Card], order: Sequence[str]) -> int:
    jacks = [item for item in played if item.rank == JACK]
    if jacks:
        return played.index(min(jacks, key=JACKS_HIGH_TO_LOW.index))
    led = played[0].suit
    return played.index(
        min(
            (item for item in played if item.suit == led and item.rank != JACK),
            key=lambda item: order.index(item.rank.text),
        )
    )


def reference_penalty(points: int, doubles: int, jungfrauen: int) -> int:
    raw: int = points * 2 ** (doubles + jungfrauen)
    return (raw + 5) // 10 * 10


# --- Rules 1, 2, 5: players, pack, card points ----------------------------------------------


def test_pack_and_card_points() -> None:
    assert ks.PACK == PACK
    assert len(ks.PACK) == 32
    assert sum(CARD_POINTS.get(item.rank, 0) for item in ks.PACK) == 120
    state = ks.new_game(seed=SEED)
    assert state.players == 4
    assert ks.GAME.players == (4,)
    assert ks.GAME.name == "kalter-schlag"
    assert ks.GAME.title == "Kalter Schlag"


# --- Rules 6-10: dealing --------------------------------------------------------------------


@pytest.mark.parametrize("first_dealer", range(4))
def test_new_game_is_in_the_deal_phase(first_dealer: int) -> None:
    state = ks.new_game(seed=SEED, first_dealer=first_dealer)
    assert state.hand_number == 0
    assert state.hand_over
    assert not state.in_play
    assert not state.over
    assert not ks.is_over(state)
    assert state.dealer == first_dealer
    assert ks.current_player(state) == first_dealer
    assert ks.legal_moves(state) == (ks.Deal(),)
    assert state.moves == ()
    assert state.totals == (0, 0, 0, 0)
    view = ks.view(state, first_dealer)
    assert view.hand == ()
    assert view.legal_moves == (ks.Deal(),)
    assert repr(state) == f"<kalter_schlag.State seed={SEED} before hand 1 totals=[0, 0, 0, 0]>"


def test_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {ks.new_game(seed=seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert all(
        ks.new_game(seed=seed).first_dealer == ks.new_game(seed=seed).first_dealer
        for seed in range(10)
    )


def test_new_game_without_a_seed_stores_one() -> None:
    state = ks.new_game()
    assert isinstance(state.seed, int)
    state = ks.apply(state, ks.Deal())
    assert (
        ks.replay(None, state.seed, state.moves, players=4, first_dealer=state.first_dealer)
        == state
    )


@pytest.mark.parametrize("dealer", range(4))
def test_unstacked_deal_is_3_2_3_from_the_dealers_left(dealer: int) -> None:
    state = ks.apply(ks.new_game(seed=SEED, first_dealer=dealer), ks.Deal())
    order = dealing.shuffled(PACK, seed=SEED, hand_number=1)
    receivers = [(dealer + offset) % 4 for offset in (1, 2, 3, 4)]  # the dealer gets the last
    for place, seat in enumerate(receivers):
        packets = (
            order[3 * place : 3 * place + 3]
            + order[12 + 2 * place : 14 + 2 * place]
            + order[20 + 3 * place : 23 + 3 * place]
        )
        assert state.hands[seat] == cards.mask_of(packets)
        assert ks.view(state, seat).hand == tuple(sorted(packets))
    assert state.hand_number == 1
    assert state.dealer == dealer
    assert ks.current_player(state) == (dealer + 1) % 4  # rule 10: the dealer's left leads
    assert state.in_play


def test_stacked_deal_in_card_order_shows_the_packets() -> None:
    state = ks.apply(ks.new_game(seed=SEED, first_dealer=0), ks.Deal(order=PACK))
    hands = {seat: cards.format_cards(ks.view(state, seat).hand) for seat in range(4)}
    # Seat 1 (the dealer's left) gets cards 1-3, 13-14 and 21-23 of the order.
    assert hands[1] == "7♣ 8♣ 9♣ J♠ Q♠ J♥ Q♥ K♥"
    assert hands[2] == "10♣ J♣ Q♣ K♠ A♠ A♥ 7♦ 8♦"
    assert hands[3] == "K♣ A♣ 7♠ 7♥ 8♥ 9♦ 10♦ J♦"
    assert hands[0] == "8♠ 9♠ 10♠ 9♥ 10♥ Q♦ K♦ A♦"


def test_deal_passes_to_the_left_and_each_hand_has_its_own_shuffle() -> None:
    state = ks.new_game(seed=SEED, first_dealer=2)
    for number in range(1, 6):
        dealer = mover(state)
        assert dealer == (2 + number - 1) % 4  # rule 9
        state = ks.apply(state, ks.Deal())
        assert state.hand_number == number
        assert state.dealer == dealer
        assert mover(state) == (dealer + 1) % 4
        order = dealing.shuffled(PACK, seed=SEED, hand_number=number)
        first = (dealer + 1) % 4
        assert state.hands[first] == cards.mask_of(order[0:3] + order[12:14] + order[20:23])
        while state.in_play:
            state = ks.apply(state, ks.legal_moves(state)[-1])


def test_a_stacked_deal_does_not_change_later_deals() -> None:
    plain = ks.apply(ks.new_game(seed=SEED, first_dealer=0), ks.Deal())
    stacked = ks.apply(ks.new_game(seed=SEED, first_dealer=0), ks.Deal(order=PACK))
    assert plain.hands != stacked.hands
    for _ in range(32):
        plain = ks.apply(plain, ks.legal_moves(plain)[-1])
        stacked = ks.apply(stacked, ks.legal_moves(stacked)[-1])
    assert plain.hand_over
    assert stacked.hand_over
    assert ks.apply(plain, ks.Deal()).hands == ks.apply(stacked, ks.Deal()).hands


def test_order_for_accepts_a_mapping_or_four_hands() -> None:
    wanted = "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦"
    by_mapping = ks.order_for({1: wanted}, dealer=0)
    by_sequence = ks.order_for([None, wanted, None, None], dealer=0)
    by_cards = ks.order_for({1: cards.parse_cards(wanted)}, dealer=0)
    assert by_mapping == by_sequence == by_cards
    assert sorted(by_mapping) == list(PACK)
    state = ks.apply(ks.new_game(seed=SEED, first_dealer=0), ks.Deal(order=by_mapping))
    assert ks.view(state, 1).hand == tuple(sorted(cards.parse_cards(wanted)))
    # The seats left out get the rest in card order, in dealing order.
    rest = sorted(set(PACK) - set(cards.parse_cards(wanted)))
    assert ks.view(state, 2).hand == tuple(rest[:8])
    assert ks.view(state, 3).hand == tuple(rest[8:16])
    assert ks.view(state, 0).hand == tuple(rest[16:])


@given(st.permutations(PACK), st.integers(0, 3))
def test_order_for_deals_the_hands_wanted(order: list[cards.Card], dealer: int) -> None:
    wanted = {seat: tuple(order[8 * seat : 8 * seat + 8]) for seat in range(4)}
    stacked = ks.order_for(wanted, dealer=dealer)
    state = ks.apply(ks.new_game(seed=SEED, first_dealer=dealer), ks.Deal(order=stacked))
    for seat in range(4):
        assert state.hands[seat] == cards.mask_of(wanted[seat])


@pytest.mark.parametrize(
    ("hands", "dealer", "message"),
    [
        ({1: "J♣ J♠"}, 0, "seat 1 must get 8 cards, not 2"),
        ({4: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦"}, 0, "seat 4 gets no cards in this deal"),
        ({0: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ 2♦"}, 0, r"not in the pack: 2♦"),
        ({0: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦", 1: "J♣ 7♣ 8♣ 9♣ 10♣ Q♣ K♣ 7♠"}, 0, "wanted twice: J♣"),
        ({}, 4, "dealer must be a seat from 0 to 3, not 4"),
        ([None, None, None], 0, "give a hand .or None. for each of the 4 seats, not 3"),
    ],
)
def test_order_for_errors(
    hands: dict[int, str] | list[str | None], dealer: int, message: str
) -> None:
    with pytest.raises(errors.RulesError, match=message):
        ks.order_for(hands, dealer=dealer)


# --- Rule 11: following ---------------------------------------------------------------------

LEADS_Q_CLUBS = "Q♣ 7♥ 8♥ 9♥ 7♦ 8♦ 9♦ 7♠"


def test_with_q_clubs_led_a_holder_of_8_clubs_and_j_clubs_must_play_8_clubs() -> None:
    state = deal({0: LEADS_Q_CLUBS, 1: "8♣ J♣ A♥ 10♥ K♥ A♦ 10♦ K♦"})
    state = ks.apply(state, play("Q♣"))
    assert ks.legal_moves(state) == (ks.DOUBLE, play("8♣"))
    with pytest.raises(errors.IllegalMoveError) as caught:
        ks.apply(state, play("J♣"))
    error = caught.value
    assert str(error) == "must follow suit: Q♣ was led and you hold 8♣"
    assert error.reason == str(error)
    assert error.move == play("J♣")
    assert error.seat == 1
    assert not ks.is_legal(state, play("J♣"))
    assert ks.is_legal(state, play("8♣"))


def test_a_player_whose_only_club_is_the_j_clubs_is_void_and_may_play_anything() -> None:
    hand = "J♣ A♥ 10♥ K♥ A♦ 10♦ K♦ Q♦"
    state = ks.apply(deal({0: LEADS_Q_CLUBS, 1: hand}), play("Q♣"))
    assert plays_of(ks.legal_moves(state)) == cards.format_cards(sorted(cards.parse_cards(hand)))
    # The jack trumps the queen.
    state = apply_all(state, "play J♣")
    assert ks.legal_moves(state)[0] == ks.DOUBLE
    while len(state.tricks) < 1:
        state = ks.apply(state, ks.legal_moves(state)[-1])
    assert state.tricks[0].winner == 1


def test_a_jack_led_must_be_followed_with_a_jack() -> None:
    state = deal({0: "J♠ 7♥ 8♥ 9♥ 7♦ 8♦ 9♦ 7♠", 1: "J♣ J♦ A♣ 7♣ A♥ 10♥ K♥ A♦"})
    state = ks.apply(state, play("J♠"))
    assert plays_of(ks.legal_moves(state)) == "J♣ J♦"
    with pytest.raises(
        errors.IllegalMoveError, match=r"^must follow with a jack: J♠ was led and you hold J♣ J♦$"
    ):
        ks.apply(state, play("A♣"))


def test_a_jack_led_to_a_player_without_jacks_allows_anything() -> None:
    hand = "A♣ 7♣ A♥ 10♥ K♥ A♦ 10♦ K♦"
    state = ks.apply(deal({0: "J♠ 7♥ 8♥ 9♥ 7♦ 8♦ 9♦ 7♠", 1: hand}), play("J♠"))
    assert plays_of(ks.legal_moves(state)) == cards.format_cards(sorted(cards.parse_cards(hand)))


def test_the_leader_may_lead_anything() -> None:
    hand = "Q♣ J♥ 8♥ 9♥ 7♦ 8♦ 9♦ 7♠"
    state = deal({0: hand})
    assert ks.legal_moves(state)[0] == ks.DOUBLE
    assert plays_of(ks.legal_moves(state)) == cards.format_cards(sorted(cards.parse_cards(hand)))


def test_legal_moves_order_double_then_plays_in_card_order() -> None:
    state = deal({0: "A♦ 7♣ Q♥ J♣ 10♠ 9♦ K♥ 8♠"})
    moves = ks.legal_moves(state)
    assert moves[0] == ks.DOUBLE
    assert [str(move) for move in moves[1:]] == [
        "play 7♣",
        "play J♣",
        "play 8♠",
        "play 10♠",
        "play Q♥",
        "play K♥",
        "play 9♦",
        "play A♦",
    ]


# --- Rule 12: the trick winner --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank_order", "played", "winner"),
    [
        ("ace_ten", "Q♣ A♣ J♦ 10♣", 2),  # any jack beats the suit led
        ("ace_ten", "Q♣ A♣ 10♣ K♣", 1),
        ("ace_ten", "Q♣ K♣ 10♣ 9♣", 2),  # ten above king
        ("natural", "Q♣ K♣ 10♣ 9♣", 1),  # king above ten
        ("natural", "10♣ Q♣ 9♣ 8♣", 1),  # queen above ten
        ("ace_ten", "10♣ Q♣ 9♣ 8♣", 0),
        ("ace_ten", "7♣ A♥ A♠ A♦", 0),  # off-suit cards never win
        ("ace_ten", "J♦ J♥ J♠ J♣", 3),  # ♣ ♠ ♥ ♦
        ("ace_ten", "J♥ J♦ A♣ J♠", 3),
    ],
)
def test_trick_winner(rank_order: str, played: str, winner: int) -> None:
    rules = ks.Rules(plain_rank_order="natural" if rank_order == "natural" else "ace_ten")
    cards_played = cards.parse_cards(played)
    # Only the leader and the seats that follow suit get more cards of the suit led.
    led = follows_as(cards_played[0])
    hands = {seat: [item] for seat, item in enumerate(cards_played)}
    may_hold_led = [0, *(seat for seat in (1, 2, 3) if follows_as(cards_played[seat]) == led)]
    for item in sorted(set(PACK) - set(cards_played)):
        seats = may_hold_led if follows_as(item) == led else [0, 1, 2, 3]
        next(hands[seat] for seat in seats if len(hands[seat]) < 8).append(item)
    state = deal({seat: cards.format_cards(hand) for seat, hand in hands.items()}, rules=rules)
    for item in cards_played:
        state = ks.apply(state, ks.Play(item))
    assert state.tricks[0].winner == winner
    assert state.tricks[0].cards == cards_played
    assert mover(state) == winner  # rule 10: the winner leads next
    assert str(state.tricks[0]).endswith(f"→ {winner}")


# --- Rules 13-15: doubling ------------------------------------------------------------------


def test_double_is_offered_in_the_first_trick_once_per_player() -> None:
    state = deal({})
    assert ks.legal_moves(state)[0] == ks.DOUBLE
    state = ks.apply(state, ks.DOUBLE)
    assert mover(state) == 0  # doubling is not a turn: the same seat then plays
    assert ks.DOUBLE not in ks.legal_moves(state)
    with pytest.raises(
        errors.IllegalMoveError,
        match=r"^each player doubles at most once: you already called Kontra$",
    ):
        ks.apply(state, ks.DOUBLE)
    state = ks.apply(state, ks.legal_moves(state)[0])
    assert mover(state) == 1
    assert ks.legal_moves(state)[0] == ks.DOUBLE
    state = ks.apply(state, ks.DOUBLE)
    with pytest.raises(errors.IllegalMoveError, match=r"you already called Re$"):
        ks.apply(state, ks.DOUBLE)
    assert state.doubles == (0, 1)
    assert ks.view(state, 3).doubles == (0, 1)


def test_double_is_not_allowed_after_the_first_trick() -> None:
    state = deal({})
    for _ in range(4):
        state = ks.apply(state, ks.legal_moves(state)[-1])
    assert len(state.tricks) == 1
    assert ks.DOUBLE not in ks.legal_moves(state)
    with pytest.raises(
        errors.IllegalMoveError, match=r"^doubling is allowed only during the first trick$"
    ):
        ks.apply(state, ks.DOUBLE)
    assert not ks.is_legal(state, ks.DOUBLE)


def test_double_is_not_allowed_before_the_deal() -> None:
    state = ks.new_game(seed=SEED, first_dealer=0)
    with pytest.raises(
        errors.IllegalMoveError, match=r"^nothing to double: the cards have not been dealt$"
    ):
        ks.apply(state, ks.DOUBLE)


def test_all_four_double_kontra_re_bock_hirsch() -> None:
    state = play_script(
        ks.new_game(seed=SEED, first_dealer=3), TWO_JUNGFRAUEN, doublers=(0, 1, 2, 3)
    )
    hand = ks.score(state).hands[0]
    assert isinstance(hand, ks.HandScore)
    assert hand.doubles == 4
    assert hand.points == (6340, 0, 0, 0)  # 99 × 16 × 4 = 6336 → 6340
    assert hand.explanation == (
        "seat 0: 99 card points × 16 Kontra, Re, Bock, Hirsch × 4 two Jungfrauen = 6336 → 6340"
    )


def test_the_doubles_are_named_in_the_order_called() -> None:
    # Positions 2 and 0 double, in trick order 0 then 2: Kontra, Re.
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), ONE_JUNGFRAU, doublers=(2, 0))
    hand = ks.score(state).hands[0]
    assert isinstance(hand, ks.HandScore)
    assert hand.doubles == 2
    assert hand.points == (760, 0, 0, 0)  # 95 × 4 × 2
    assert hand.explanation == "seat 0: 95 card points × 4 Kontra, Re × 2 one Jungfrau = 760"


# --- Rules 16-22: scoring a hand ------------------------------------------------------------


def test_one_jungfrau_doubles_the_penalty() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), ONE_JUNGFRAU)
    hand = ks.score(state).hands[0]
    assert isinstance(hand, ks.HandScore)
    assert hand.card_points == (95, 11, 14, 0)
    assert hand.tricks == (6, 1, 1, 0)
    assert hand.jungfrauen == 1
    assert hand.doubles == 0
    assert hand.durchmarsch is None
    assert hand.charged == (0,)
    assert hand.points == (190, 0, 0, 0)
    assert hand.number == 1
    assert hand.explanation == "seat 0: 95 card points × 2 one Jungfrau = 190"
    assert state.totals == (190, 0, 0, 0)


def test_two_jungfrauen_multiply_by_four_then_round_half_up() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), TWO_JUNGFRAUEN)
    hand = ks.score(state).hands[0]
    assert isinstance(hand, ks.HandScore)
    assert hand.card_points == (99, 21, 0, 0)
    assert hand.tricks == (7, 1, 0, 0)
    assert hand.jungfrauen == 2
    assert hand.points == (400, 0, 0, 0)
    assert hand.explanation == "seat 0: 99 card points × 4 two Jungfrauen = 396 → 400"


def test_two_jungfrauen_with_kontra() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), TWO_JUNGFRAUEN, doublers=(3,))
    hand = ks.score(state).hands[0]
    assert hand.points == (790, 0, 0, 0)  # 99 × 2 × 4 = 792 → 790: rounding after multiplying
    assert hand.explanation == "seat 0: 99 card points × 2 Kontra × 4 two Jungfrauen = 792 → 790"


def test_a_tie_for_most_card_points_charges_both() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), TIE)
    hand = ks.score(state).hands[0]
    assert isinstance(hand, ks.HandScore)
    assert hand.card_points == (60, 60, 0, 0)
    assert hand.charged == (0, 1)
    assert hand.points == (240, 240, 0, 0)
    assert hand.explanation == "seats 0, 1: 60 card points × 4 two Jungfrauen = 240"
    assert state.totals == (240, 240, 0, 0)


@pytest.mark.parametrize(("doublers", "each"), [((), 120), ((0, 1), 480), ((0, 1, 2, 3), 1920)])
def test_durchmarsch(doublers: tuple[int, ...], each: int) -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=0), SWEEP, doublers=doublers)
    hand = ks.score(state).hands[0]
    assert isinstance(hand, ks.HandScore)
    assert hand.tricks == (0, 8, 0, 0)
    assert hand.card_points == (0, 120, 0, 0)
    assert hand.durchmarsch == 1
    assert hand.jungfrauen == 3
    assert hand.charged == (0, 2, 3)
    assert hand.points == (each, 0, each, each)  # the sweeper scores 0, no Jungfrau factor
    calls = ", ".join(("Kontra", "Re", "Bock", "Hirsch")[: len(doublers)])
    factor = f" × {2 ** len(doublers)} {calls} = {each}" if doublers else ""
    assert hand.explanation == f"seat 1 Durchmarsch: 120{factor} each"
    assert state.totals == hand.points


def test_seed_example_4_durchmarsch_with_kontra_and_re_gives_480_each() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), SWEEP, doublers=(1, 2))
    assert state.totals == (0, 480, 480, 480)
    assert (
        ks.score(state).hands[0].explanation == "seat 0 Durchmarsch: 120 × 4 Kontra, Re = 480 each"
    )


@settings(max_examples=12)
@given(st.integers(0, 2**32), st.sampled_from(["ace_ten", "natural"]))
def test_random_games_follow_the_reference_rules(seed: int, rank_order: str) -> None:
    """Legal plays, trick winners and every hand's score, checked against the model above."""
    rules = ks.Rules(plain_rank_order="natural" if rank_order == "natural" else "ace_ten")
    order = NATURAL if rank_order == "natural" else ACE_TEN
    previous: ks.State | None = None
    totals = [0, 0, 0, 0]
    for state in random_states(seed, rules):
        if previous is not None and len(state.hand_scores) > len(previous.hand_scores):
            hand = state.hand_scores[-1]
            points = [0, 0, 0, 0]
            taken = [0, 0, 0, 0]
            for trick in state.tricks:
                assert trick.winner is not None
                points[trick.winner] += sum(CARD_POINTS.get(item.rank, 0) for item in trick.cards)
                taken[trick.winner] += 1
            assert sum(points) == 120
            assert hand.card_points == tuple(points)
            assert hand.tricks == tuple(taken)
            assert hand.doubles == len(state.doubles) == len(set(state.doubles))
            assert hand.jungfrauen == taken.count(0)
            if 8 in taken:
                charged = tuple(seat for seat in range(4) if taken[seat] == 0)
                amount = 120 * 2**hand.doubles
                assert hand.durchmarsch == taken.index(8)
            else:
                charged = tuple(seat for seat in range(4) if points[seat] == max(points))
                amount = reference_penalty(max(points), hand.doubles, taken.count(0))
                assert hand.durchmarsch is None
            assert hand.charged == charged
            assert hand.points == tuple(amount if seat in charged else 0 for seat in range(4))
            totals = [total + add for total, add in zip(totals, hand.points, strict=True)]
            assert state.totals == tuple(totals)
            assert hand.number == state.hand_number == len(state.hand_scores)
        if state.in_play:
            seat = mover(state)
            view = ks.view(state, seat)
            led = view.trick.cards[0] if view.trick is not None else None
            moves = ks.legal_moves(state)
            assert {m.card for m in moves if isinstance(m, ks.Play)} == reference_allowed(
                view.hand, led
            )
            assert (ks.DOUBLE in moves) == (not state.tricks and seat not in state.doubles)
        if previous is not None and len(state.tricks) == len(previous.tricks) + 1:
            last = state.tricks[-1]
            assert last.winner == last.plays[reference_winner(last.cards, order)][0]
            expected_leader = (
                previous.tricks[-1].winner if previous.tricks else ((state.dealer + 1) % 4)
            )
            assert last.leader == expected_leader
        previous = state
    assert previous is not None
    assert previous.over


def test_random_games_include_half_up_rounding() -> None:
    """Among random hands some end in 5-9 before rounding; each rounds up."""
    rounded_up = 0
    for seed in range(6):
        state = played_to_end(seed)
        for hand in state.hand_scores:
            assert isinstance(hand, ks.HandScore)
            if hand.durchmarsch is None:
                raw = max(hand.card_points) * 2 ** (hand.doubles + hand.jungfrauen)
                assert max(hand.points) == (raw + 5) // 10 * 10
                rounded_up += raw % 10 >= 5
    assert rounded_up > 0


# --- Rules 23-25: the end of the match ------------------------------------------------------


def hand_ends(seed: int, rules: ks.Rules) -> Iterator[ks.State]:
    """The states of a random match right after each hand is scored."""
    hands = 0
    for state in random_states(seed, rules):
        if len(state.hand_scores) > hands:
            hands = len(state.hand_scores)
            yield state


def highest(totals: Sequence[int]) -> tuple[int, ...]:
    return tuple(seat for seat in range(4) if totals[seat] == max(totals))


@pytest.mark.parametrize("target", [100, 500, 2000])
def test_match_ends_when_a_total_reaches_the_target_and_the_highest_loses(target: int) -> None:
    rules = ks.Rules(target=target)
    for seed in range(8):
        for state in hand_ends(seed, rules):
            reached = max(state.totals) >= target
            assert ks.is_over(state) == reached
            result = ks.score(state)
            assert result.over == reached
            if reached:
                assert result.losers == highest(state.totals)
                assert result.winners == tuple(s for s in range(4) if s not in result.losers)
                assert ks.current_player(state) is None
                assert ks.legal_moves(state) == ()
            else:
                assert result.losers == result.winners == ()
                assert ks.legal_moves(state) == (ks.Deal(),)


def test_top_tie_all_lose() -> None:
    state = play_script(ks.new_game(ks.Rules(target=200), seed=SEED, first_dealer=3), TIE)
    result = ks.score(state)
    assert result.over
    assert result.totals == (240, 240, 0, 0)
    assert result.losers == (0, 1)
    assert result.winners == (2, 3)
    assert repr(state) == f"<kalter_schlag.State seed={SEED} over totals=[240, 240, 0, 0]>"


def test_top_tie_play_on() -> None:
    rules = ks.Rules(target=200, top_tie="play_on")
    state = play_script(ks.new_game(rules, seed=SEED, first_dealer=3), TIE)
    assert not ks.is_over(state)
    assert ks.legal_moves(state) == (ks.Deal(),)
    assert mover(state) == 0
    # Hand 2: dealer 0, seat 1 leads and takes 99 card points with two Jungfrauen.
    state = play_script(state, TWO_JUNGFRAUEN)
    result = ks.score(state)
    assert result.totals == (240, 640, 0, 0)
    assert result.over
    assert result.losers == (1,)
    assert result.winners == (0, 2, 3)


def test_one_hand_over_the_target_ends_the_match() -> None:
    # The seed's example 3 size of penalty: one deal can lose the match.
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), TWO_JUNGFRAUEN, doublers=(0, 1, 2))
    assert state.totals == (3170, 0, 0, 0)  # 99 × 8 × 4 = 3168 → 3170
    assert ks.is_over(state)
    assert ks.score(state).losers == (0,)
    with pytest.raises(errors.MatchOverError, match=r"^the match is over: no more moves$"):
        ks.apply(state, ks.Deal())


@pytest.mark.parametrize("max_hands", [1, 3])
def test_max_hands(max_hands: int) -> None:
    rules = ks.Rules(max_hands=max_hands, target=10**9)
    for seed in range(4):
        state = played_to_end(seed, rules)
        assert state.hand_number == max_hands
        assert len(ks.score(state).hands) == max_hands
        assert ks.score(state).losers == highest(state.totals)


def test_max_hands_is_a_hard_stop_even_for_a_top_tie() -> None:
    rules = ks.Rules(max_hands=1, top_tie="play_on")
    state = play_script(ks.new_game(rules, seed=SEED, first_dealer=3), TIE)
    assert ks.is_over(state)
    assert ks.score(state).losers == (0, 1)


def test_five_scores_end() -> None:
    """With the German page's ending, a fifth charge ends the match below the target."""
    rules = ks.Rules(five_scores_end=True)
    by_five = 0
    for seed in range(12):
        for state in hand_ends(seed, rules):
            charges = [sum(seat in hand.charged for hand in state.hand_scores) for seat in range(4)]
            ended = max(state.totals) >= 2000 or max(charges) >= 5
            assert ks.is_over(state) == ended
            if ended:
                assert ks.score(state).losers == highest(state.totals)
                by_five += max(state.totals) < 2000
    assert by_five > 0


def test_five_scores_end_is_off_by_default() -> None:
    rules = ks.Rules(target=10**9, max_hands=12)
    state = played_to_end(1, rules)
    assert state.hand_number == 12


# --- Rules: options and their validation ----------------------------------------------------


def test_rules_defaults() -> None:
    rules = ks.Rules()
    assert rules.target == 2000
    assert rules.plain_rank_order == "ace_ten"
    assert rules.five_scores_end is False
    assert rules.top_tie == "all_lose"
    assert rules.max_hands is None
    assert rules == ks.Rules()
    assert hash(rules) == hash(ks.Rules())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "^target must be at least 1, not 0$"),
        ({"target": "2000"}, "^target must be a whole number, not '2000'$"),
        ({"target": True}, "^target must be a whole number, not True$"),
        ({"target": 2000.0}, "^target must be a whole number, not 2000.0$"),
        (
            {"plain_rank_order": "queen_high"},
            "^plain_rank_order must be one of 'ace_ten', 'natural', not 'queen_high'$",
        ),
        ({"five_scores_end": 1}, "^five_scores_end must be True or False, not 1$"),
        ({"top_tie": "random"}, "^top_tie must be one of 'all_lose', 'play_on', not 'random'$"),
        ({"max_hands": 0}, "^max_hands must be at least 1, not 0$"),
        ({"max_hands": 2.5}, "^max_hands must be a whole number, not 2.5$"),
    ],
)
def test_rules_validation(options: dict[str, object], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        ks.Rules(**options)  # type: ignore[arg-type]  # wrong values on purpose


def test_rules_are_frozen_and_evolve_validates() -> None:
    rules = ks.Rules(target=500)
    with pytest.raises(AttributeError):
        rules.target = 100  # type: ignore[misc]  # frozen on purpose
    assert attrs.evolve(rules, max_hands=3).max_hands == 3
    with pytest.raises(errors.RulesError, match="max_hands must be at least 1"):
        attrs.evolve(rules, max_hands=-1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 5}, "^Kalter Schlag is played by exactly 4 players, not 5$"),
        ({"players": 3}, "not 3$"),
        ({"first_dealer": 9}, "^first_dealer must be a seat from 0 to 3, not 9$"),
        ({"first_dealer": -1}, "^first_dealer must be a seat from 0 to 3, not -1$"),
        ({"first_dealer": True}, "^first_dealer must be a seat from 0 to 3, not True$"),
        ({"seed": "x"}, r"^seed must be a whole number \(of at most 256 bits\) or None, not 'x'$"),
        ({"seed": 1.5}, r"^seed must be a whole number \(of at most 256 bits\) or None, not 1.5$"),
        (
            {"seed": False},
            r"^seed must be a whole number \(of at most 256 bits\) or None, not False$",
        ),
        ({"rules": {"target": 100}}, "^expected kalter_schlag.Rules, not dict$"),
    ],
)
def test_new_game_errors(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        ks.new_game(**arguments)  # type: ignore[arg-type]  # wrong values on purpose


def test_new_game_accepts_four_players() -> None:
    assert ks.new_game(seed=1, players=4) == ks.new_game(seed=1)


# --- apply: errors, and the state is never changed --------------------------------------------


def assert_refused(
    state: ks.State, move: object, message: str, *, seat: int | None = None
) -> errors.IllegalMoveError:
    """Check that ``move`` is refused with ``message`` and leaves ``state`` as it was."""
    fields = attrs.astuple(state, recurse=False)
    digest = hash(state)
    copy = attrs.evolve(state)
    with pytest.raises(errors.IllegalMoveError) as caught:
        ks.apply(state, move, seat=seat)  # type: ignore[arg-type]  # any object may be sent
    assert str(caught.value) == message
    assert caught.value.reason == message
    assert caught.value.move is move
    assert state == copy
    assert hash(state) == digest
    assert attrs.astuple(state, recurse=False) == fields
    if seat is None:  # is_legal asks about the seat to move
        assert not ks.is_legal(state, move)
    return caught.value


def test_deal_mid_hand_is_refused() -> None:
    state = deal({})
    error = assert_refused(
        state, ks.Deal(), "the hand is being played: 8 tricks to go before the next deal"
    )
    assert error.seat == 0
    for _ in range(4):
        state = ks.apply(state, ks.legal_moves(state)[-1])
    assert_refused(
        state, ks.Deal(), "the hand is being played: 7 tricks to go before the next deal"
    )
    assert_refused(
        state,
        ks.Deal(order=PACK),
        "the hand is being played: 7 tricks to go before the next deal",
    )


def test_play_before_the_deal_is_refused() -> None:
    state = ks.new_game(seed=SEED, first_dealer=2)
    error = assert_refused(state, play("Q♥"), "the cards are not dealt yet: seat 2 must deal first")
    assert error.seat == 2


def test_play_of_a_card_not_held_is_refused() -> None:
    state = deal({0: LEADS_Q_CLUBS})
    error = assert_refused(state, play("Q♥"), "you do not hold Q♥")
    assert error.seat == 0
    assert_refused(state, play("2♣"), "you do not hold 2♣")
    state = ks.apply(state, play("Q♣"))
    assert_refused(state, play("7♥"), "you do not hold 7♥")


def test_not_your_turn() -> None:
    state = ks.new_game(seed=SEED, first_dealer=2)
    error = assert_refused(state, ks.Deal(), "not your turn: seat 2 is to move, not seat 1", seat=1)
    assert isinstance(error, errors.NotYourTurnError)
    assert error.seat == 1
    assert ks.apply(state, ks.Deal(), seat=2) == ks.apply(state, ks.Deal())
    state = ks.apply(state, ks.Deal())
    error = assert_refused(
        state, ks.legal_moves(state)[-1], "not your turn: seat 3 is to move, not seat 0", seat=0
    )
    assert isinstance(error, errors.NotYourTurnError)


def test_a_seat_must_be_an_int_even_on_the_fast_path() -> None:
    state = ks.apply(ks.new_game(seed=SEED, first_dealer=0), ks.Deal())
    assert ks.current_player(state) == 1
    move = ks.legal_moves(state)[-1]
    for seat in (True, "1", 1.0):
        with pytest.raises(errors.RulesError, match=r"^seat must be a seat number") as caught:
            ks.apply(state, move, seat=seat)  # type: ignore[arg-type]  # wrong on purpose
        assert not isinstance(caught.value, errors.IllegalMoveError)


@pytest.mark.parametrize("players", [4.0, True, "4"])
def test_a_player_count_must_be_the_int_4(players: object) -> None:
    with pytest.raises(errors.RulesError, match="played by exactly 4 players, not "):
        ks.new_game(players=players)  # type: ignore[arg-type]  # a wrong type on purpose


def test_moves_after_the_match_are_refused() -> None:
    state = played_to_end(3, ks.Rules(target=100))
    assert ks.is_over(state)
    assert ks.current_player(state) is None
    error = assert_refused(state, ks.Deal(), "the match is over: no more moves")
    assert isinstance(error, errors.MatchOverError)
    assert error.seat is None
    error = assert_refused(state, ks.DOUBLE, "the match is over: no more moves", seat=2)
    assert isinstance(error, errors.MatchOverError)
    assert error.seat == 2


@pytest.mark.parametrize(
    ("move", "text"),
    [
        ("deal", "'deal' is not a Kalter Schlag move (use Deal, Double or Play)"),
        (None, "None is not a Kalter Schlag move (use Deal, Double or Play)"),
        (card("Q♥"), "Card.parse('Q♥') is not a Kalter Schlag move (use Deal, Double or Play)"),
    ],
)
def test_a_non_kalter_schlag_move_is_refused(move: object, text: str) -> None:
    state = ks.new_game(seed=SEED, first_dealer=1)
    error = assert_refused(state, move, text)
    assert error.seat == 1
    assert_refused(deal({}), move, text)


def test_a_stacked_deal_with_a_bad_order_is_refused() -> None:
    state = ks.new_game(seed=SEED, first_dealer=0)
    error = assert_refused(
        state,
        ks.Deal(order=PACK[:31]),
        "a deal order must hold each of the 32 cards once (missing: A♦)",
    )
    assert error.seat == 0
    assert_refused(
        state,
        ks.Deal(order=(*PACK[:31], PACK[0])),
        "a deal order must hold each of the 32 cards once (twice: 7♣; missing: A♦)",
    )
    assert_refused(
        state,
        ks.Deal(order=cards.pack(52)),
        "a deal order must hold each of the 32 cards once "
        "(not in the pack: 2♣ 3♣ 4♣ 5♣ 6♣ 2♠ 3♠ 4♠ 5♠ 6♠ 2♥ 3♥ 4♥ 5♥ 6♥ 2♦ 3♦ 4♦ 5♦ 6♦)",
    )
    assert ks.is_legal(state, ks.Deal(order=PACK))


def test_apply_never_changes_the_state() -> None:
    for state in random_states(5, ks.Rules(target=300)):
        if ks.is_over(state):
            break
        digest = hash(state)
        fields = attrs.astuple(state, recurse=False)
        for move in ks.legal_moves(state):
            after = ks.apply(state, move)
            assert after != state
        assert hash(state) == digest
        assert attrs.astuple(state, recurse=False) == fields


# --- view: what one seat may know ------------------------------------------------------------


@settings(max_examples=10)
@given(st.integers(0, 2**32))
def test_views_never_show_other_seats_cards(seed: int) -> None:
    for state in random_states(seed, ks.Rules(target=400)):
        for seat in range(4):
            view = ks.view(state, seat)
            assert view.seat == seat
            assert view.hand == tuple(cards.cards_in(state.hands[seat]))
            assert view.hand_sizes == tuple(hand.bit_count() for hand in state.hands)
            shown = repr(view)
            for other in range(4):
                if other != seat:
                    assert cards.mask_of(view.hand) & state.hands[other] == 0
                    # No field of the view names a card another seat holds.
                    assert not any(
                        str(item) in shown for item in cards.cards_in(state.hands[other])
                    )
            if ks.current_player(state) == seat:
                assert view.legal_moves == ks.legal_moves(state)
            else:
                assert view.legal_moves == ()
            assert view.current_player == ks.current_player(state)
            assert view.totals == state.totals
            assert view.over == ks.is_over(state)
            assert view.hand_number == state.hand_number
            assert view.dealer == state.dealer


def test_view_has_no_seed_or_hidden_fields() -> None:
    names = {field.name for field in attrs.fields(ks.View)}
    assert not names & {"seed", "hands", "order", "history"}
    state = ks.apply(ks.new_game(seed=987654321, first_dealer=0), ks.Deal())
    assert "987654321" not in repr(ks.view(state, 1))
    # The options are public (a bot needs plain_rank_order to tell who wins a trick); they hold
    # nothing from which a deal could be computed.
    assert ks.view(state, 1).rules is state.rules
    assert {field.name for field in attrs.fields(ks.Rules)}.isdisjoint({"seed", "order"})


def test_view_of_a_hand_in_play() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), ONE_JUNGFRAU)
    view = ks.view(state, 2)
    assert view.last_hand == ks.score(state).hands[0]
    assert view.tricks_taken == (6, 1, 1, 0)
    assert view.points_taken == (95, 11, 14, 0)
    assert view.hand == ()
    assert view.trick is None
    assert len(view.tricks) == 8
    state = ks.apply(state, ks.Deal())
    state = ks.apply(state, ks.legal_moves(state)[-1])
    view = ks.view(state, 3)
    assert view.trick is not None
    assert view.trick.leader == 1
    assert view.trick.winner is None
    assert len(view.trick.plays) == 1
    assert view.tricks == ()
    assert view.hand_sizes == (8, 7, 8, 8)
    assert view.tricks_taken == (0, 0, 0, 0)


@pytest.mark.parametrize("seat", [-1, 4, "0", None])
def test_view_rejects_bad_seats(seat: object) -> None:
    with pytest.raises(errors.RulesError, match="seat must be a seat from 0 to 3"):
        ks.view(ks.new_game(seed=SEED), seat)  # type: ignore[arg-type]  # wrong on purpose


# --- moves: text forms ----------------------------------------------------------------------


@settings(max_examples=8)
@given(st.integers(0, 2**32))
def test_every_legal_move_prints_and_parses_back(seed: int) -> None:
    namespace = {"Card": cards.Card, "Play": ks.Play, "Deal": ks.Deal, "Double": ks.Double}
    for state in random_states(seed, ks.Rules(target=300)):
        for move in ks.legal_moves(state):
            assert ks.parse_move(str(move)) == move
            assert eval(repr(move), namespace) == move  # noqa: S307  # reprs rebuild their value


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("deal", ks.Deal()),
        ("  DEAL ", ks.Deal()),
        ("double", ks.DOUBLE),
        ("kontra", ks.DOUBLE),
        ("Re", ks.DOUBLE),
        ("bock", ks.DOUBLE),
        ("HIRSCH", ks.DOUBLE),
        ("play Q♥", play("Q♥")),
        ("play qh", play("Q♥")),
        ("Play 10h", play("10♥")),
        ("th", play("10♥")),
        ("q♡", play("Q♥")),
    ],
)
def test_parse_move(text: str, move: ks.Move) -> None:
    assert ks.parse_move(text) == move


def test_stacked_deal_prints_and_parses_back() -> None:
    move = ks.Deal(order=ks.order_for({1: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦"}, dealer=0))
    assert str(move).startswith("deal ")
    assert ks.Deal.parse_recorded(str(move)) == move
    with pytest.raises(errors.MoveParseError, match="move text cannot stack a deal"):
        ks.parse_move(str(move))
    assert eval(repr(move), {"Deal": ks.Deal}) == move  # noqa: S307  # reprs rebuild their value
    assert ks.Deal(order=[str(item) for item in PACK]) == ks.Deal(order=PACK)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("jump", errors.MoveParseError, "cannot read 'jump' as a Kalter Schlag move"),
        ("double now", errors.MoveParseError, "as a Kalter Schlag move"),
        ("play", errors.MoveParseError, "cannot read 'play' as a play"),
        ("play Zz", errors.MoveParseError, "as a Kalter Schlag move: cannot read 'Zz' as a card"),
        ("Zz", errors.MoveParseError, "cannot read 'Zz' as a Kalter Schlag move"),
        ("", errors.MoveParseError, "cannot read an empty text as a move"),
        ("deal Qx", errors.MoveParseError, "move text cannot stack a deal"),
        (None, errors.MoveParseError, "cannot read None as a move"),
    ],
)
def test_parse_move_errors(text: object, error: type[errors.CardgamesError], message: str) -> None:
    with pytest.raises(error, match=message) as caught:
        ks.parse_move(text)  # type: ignore[arg-type]  # wrong values on purpose
    assert isinstance(caught.value, ValueError)
    assert caught.type is errors.MoveParseError  # what a server catches, for every text


@pytest.mark.parametrize("players", [None, 3, "4", 4.0])
@pytest.mark.parametrize(
    "function",
    [ks.pack, ks.max_hand_moves, ks.GAME.encoding.observation_size],  # type: ignore[union-attr]
)
def test_the_shared_facts_check_their_arguments(
    function: Callable[[object, object], object], players: object
) -> None:
    # A player count is not optional here (None is new_game's "usual count", not theirs).
    with pytest.raises(errors.RulesError, match="played by exactly 4 players"):
        function(ks.Rules(), players)
    with pytest.raises(errors.RulesError, match=r"^expected kalter_schlag.Rules, not dict$"):
        function({}, 4)
    assert function(None, 4) == function(ks.Rules(), 4)  # None is the defaults, as documented


# --- replay and is_legal --------------------------------------------------------------------


@settings(max_examples=6)
@given(st.integers(0, 2**32))
def test_replay_reproduces_every_state(seed: int) -> None:
    rules = ks.Rules(target=300)
    states = list(random_states(seed, rules))
    final = states[-1]
    assert ks.replay(rules, seed, final.moves, players=4, first_dealer=final.first_dealer) == final
    assert hash(
        ks.replay(rules, seed, final.moves, players=4, first_dealer=final.first_dealer)
    ) == hash(final)
    assert (
        ks.replay(
            rules,
            seed,
            [str(move) for move in final.moves],
            players=4,
            first_dealer=final.first_dealer,
        )
        == final
    )
    for state in states[:: max(1, len(states) // 10)]:
        assert (
            ks.replay(rules, seed, state.moves, players=4, first_dealer=state.first_dealer) == state
        )


def test_replay_with_a_stacked_deal_and_a_first_dealer() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), TIE, doublers=(1,))
    again = ks.replay(None, SEED, state.moves, first_dealer=3, players=4)
    assert again == state
    assert (
        ks.replay(None, SEED, [str(move) for move in state.moves], players=4, first_dealer=3)
        == state
    )


def test_replay_errors() -> None:
    with pytest.raises(errors.IllegalMoveError, match="the cards are not dealt yet"):
        ks.replay(None, SEED, ["play Q♥"], players=4, first_dealer=0)
    with pytest.raises(errors.MoveParseError, match="cannot read 'jump'"):
        ks.replay(None, SEED, ["deal", "jump"], players=4, first_dealer=0)


def test_is_legal() -> None:
    state = ks.new_game(seed=SEED, first_dealer=0)
    assert ks.is_legal(state, ks.Deal())
    assert ks.is_legal(state, ks.Deal(order=PACK))  # legal, though not listed
    assert ks.Deal(order=PACK) not in ks.legal_moves(state)
    assert not ks.is_legal(state, ks.Deal(order=PACK[1:]))
    assert not ks.is_legal(state, ks.DOUBLE)
    assert not ks.is_legal(state, object())
    assert not ks.is_legal(state, "deal")
    state = ks.apply(state, ks.Deal())
    for move in ks.legal_moves(state):
        assert ks.is_legal(state, move)
    held = ks.view(state, 1).hand
    for item in PACK:
        assert ks.is_legal(state, ks.Play(item)) == (item in held)


def test_states_reached_by_the_same_moves_are_equal_and_hash_alike() -> None:
    first = played_to_end(11, ks.Rules(target=300))
    second = played_to_end(11, ks.Rules(target=300))
    assert first is not second
    assert first == second
    assert hash(first) == hash(second)
    assert first.moves == second.moves
    other = played_to_end(12, ks.Rules(target=300))
    assert other != first


# --- scoring: the seed's worked examples and test vectors -------------------------------------


def test_seed_examples() -> None:
    assert ks.penalty(55) == 60  # example 1
    assert ks.penalty(66, doubles=1, jungfrauen=1) == 260  # example 2
    assert ks.penalty(63, doubles=3, jungfrauen=2) == 2020  # example 3
    assert ks.durchmarsch_penalty(doubles=2) == 480  # example 4
    assert ks.durchmarsch_penalty() == 120


@pytest.mark.parametrize(
    ("raw", "rounded"),
    [(55, 60), (54, 50), (264, 260), (265, 270), (2016, 2020), (0, 0), (4, 0), (5, 10), (9, 10)],
)
def test_round_half_up(raw: int, rounded: int) -> None:
    assert ks.round_half_up(raw) == rounded


def test_explanations() -> None:
    assert ks.explain_penalty(55) == "55 card points → 60"
    assert ks.explain_penalty(60) == "60 card points"
    assert ks.explain_penalty(66, doubles=1, jungfrauen=1) == (
        "66 card points × 2 Kontra × 2 one Jungfrau = 264 → 260"
    )
    assert ks.explain_penalty(63, doubles=3, jungfrauen=2) == (
        "63 card points × 8 Kontra, Re, Bock × 4 two Jungfrauen = 2016 → 2020"
    )
    assert ks.explain_penalty(30, doubles=4) == (
        "30 card points × 16 Kontra, Re, Bock, Hirsch = 480"
    )
    assert ks.explain_durchmarsch() == "Durchmarsch: 120 each"
    assert ks.explain_durchmarsch(doubles=2) == "Durchmarsch: 120 × 4 Kontra, Re = 480 each"


@given(st.integers(0, 120), st.integers(0, 4), st.integers(0, 2))
def test_penalty_property(points: int, doubles: int, jungfrauen: int) -> None:
    expected = reference_penalty(points, doubles, jungfrauen)
    assert ks.penalty(points, doubles=doubles, jungfrauen=jungfrauen) == expected
    assert expected % 10 == 0
    text = ks.explain_penalty(points, doubles=doubles, jungfrauen=jungfrauen)
    assert text.startswith(f"{points} card points")
    if text == f"{points} card points":
        assert expected == points
    else:
        assert text.endswith((f" = {expected}", f" → {expected}"))


@given(st.integers(0, 4))
def test_durchmarsch_penalty_property(doubles: int) -> None:
    assert ks.durchmarsch_penalty(doubles=doubles) == 120 * 2**doubles
    assert ks.explain_durchmarsch(doubles=doubles).endswith(f"{120 * 2**doubles} each")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"card_points": 121}, "^card_points must be 0 to 120, not 121$"),
        ({"card_points": -1}, "^card_points must be 0 to 120, not -1$"),
        ({"card_points": 50, "doubles": 5}, r"^doubles must be 0 to 4 \(one per player\), not 5$"),
        ({"card_points": 50, "doubles": -1}, "^doubles must be 0 to 4"),
        (
            {"card_points": 50, "jungfrauen": 3},
            r"^jungfrauen must be 0, 1 or 2 \(three is a Durchmarsch: .*\), not 3$",
        ),
        ({"card_points": 50, "jungfrauen": -1}, "^jungfrauen must be 0, 1 or 2 .*, not -1$"),
    ],
)
def test_penalty_bounds(arguments: dict[str, int], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        ks.penalty(**arguments)
    with pytest.raises(errors.RulesError, match=message):
        ks.explain_penalty(**arguments)


@pytest.mark.parametrize("doubles", [-1, 5])
def test_durchmarsch_penalty_bounds(doubles: int) -> None:
    with pytest.raises(errors.RulesError, match="doubles must be 0 to 4"):
        ks.durchmarsch_penalty(doubles=doubles)
    with pytest.raises(errors.RulesError, match="doubles must be 0 to 4"):
        ks.explain_durchmarsch(doubles=doubles)


def test_score_before_and_during_a_match() -> None:
    state = ks.new_game(seed=SEED)
    result = ks.score(state)
    assert result.totals == (0, 0, 0, 0)
    assert result.hands == ()
    assert not result.over
    assert result.winners == result.losers == ()
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), ONE_JUNGFRAU)
    state = ks.apply(state, ks.Deal())
    result = ks.score(state)
    assert result.totals == (190, 0, 0, 0)
    assert len(result.hands) == 1
    assert not result.over


def test_tricks_are_public_values() -> None:
    state = play_script(ks.new_game(seed=SEED, first_dealer=3), ONE_JUNGFRAU)
    first = state.tricks[0]
    assert isinstance(first, tricks.Trick)
    assert str(first) == "0:J♣ 1:10♥ 2:Q♥ 3:10♦ → 0"
    assert str(state.tricks[-1]) == "1:8♦ 2:A♦ 3:Q♦ 0:7♦ → 2"


def test_narrate_tells_deals_doubles_and_finished_tricks() -> None:
    state = ks.new_game(seed=SEED, first_dealer=3)
    stacked = ks.Deal(order=ks.order_for(dict(enumerate(ONE_JUNGFRAU)), dealer=3))
    lines = []
    script: list[ks.Move] = [
        stacked,
        ks.DOUBLE,
        play("J♣"),
        ks.DOUBLE,
        play("10♥"),
        play("Q♥"),
        play("10♦"),
    ]
    for move in script:
        after = ks.apply(state, move)
        lines.append(ks.narrate(state, move, after))
        state = after
    assert lines == [
        "hand 1: seat 3 deals",
        "seat 0 doubles: Kontra",
        None,
        "seat 1 doubles: Re",
        None,
        None,
        "trick 1: 0:J♣ 1:10♥ 2:Q♥ 3:10♦ → 0 takes 25",
    ]


# --- bad input at the boundary ----------------------------------------------------------------


def test_another_game_s_state_is_refused_by_name() -> None:
    other = cardgames.GAMES["staekske-rape"].new_game(seed=1)
    message = r"^expected a kalter_schlag\.State \(from kalter_schlag\.new_game or apply\), not "
    with pytest.raises(errors.RulesError, match=message + r"a staekske_rape\.State$"):
        ks.legal_moves(other)
    with pytest.raises(errors.RulesError, match=message + "None$"):
        ks.apply(None, ks.Deal())  # type: ignore[arg-type]  # not a state, on purpose
    assert not any(ks.is_legal(ks.new_game(seed=1), ks.Play(card)) for card in cards.CARDS)


def test_a_64000_card_stacked_deal_is_refused_quickly_with_a_short_message() -> None:
    state = ks.new_game(seed=1, first_dealer=0)
    start = time.perf_counter()
    move = ks.Deal(order=list(PACK) * 2000)
    with pytest.raises(errors.IllegalMoveError) as caught:
        ks.apply(state, move)
    assert time.perf_counter() - start < 1.0  # generous: about 40 ms on a slow machine
    assert str(caught.value).startswith("a deal order must hold each of the 32 cards once (twice:")
    assert len(str(caught.value)) < 300
    assert not ks.is_legal(state, move)


def test_narrate_needs_two_states_that_follow_one_another() -> None:
    before = ks.new_game(seed=2, first_dealer=1)
    after = ks.apply(before, ks.Deal())
    with pytest.raises(errors.RulesError, match=r"^after must be the state that"):
        ks.narrate(after, ks.Deal(), before)
    with pytest.raises(errors.RulesError, match=r"^expected a Kalter Schlag move, not 'deal'$"):
        ks.narrate(before, "deal", after)  # type: ignore[arg-type]  # text is not a move
    with pytest.raises(errors.RulesError, match=r"^expected a kalter_schlag\.State"):
        ks.narrate(before, ks.Deal(), None)  # type: ignore[arg-type]  # on purpose


WRONG: Any = None
"""A wrong value, typed so that each call below type-checks as written."""


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: ks.max_hand_moves(cardgames.GAMES["staekske-rape"].rules_type()),
            r"^expected kalter_schlag\.Rules",
        ),
        (
            lambda: ks.max_hand_moves(ks.Rules(), 5),
            "^Kalter Schlag is played by exactly 4 players, not 5$",
        ),
        (lambda: ks.order_for(WRONG, dealer=0), "^give the hands by seat"),
        (lambda: ks.order_for({WRONG: "J♣"}, dealer=0), "^seat None gets no cards in this deal"),
        (lambda: ks.round_half_up(-1), "^points must be a whole number of 0 or more, not -1$"),
        (lambda: ks.round_half_up(WRONG), "^points must be a whole number of 0 or more, not None$"),
        (lambda: ks.penalty(WRONG), "^card_points must be a whole number, not None$"),
        (
            lambda: ks.penalty(10**5000),
            r"^card_points must be 0 to 120, not <a whole number of 16610 bits>$",
        ),
        (lambda: ks.durchmarsch_penalty(doubles=WRONG), "^doubles must be a whole number"),
    ],
)
def test_helpers_refuse_impossible_arguments(call: Callable[[], object], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        call()
