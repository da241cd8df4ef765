"""Tests of the rule-based agent's declarer search and the inferences it draws from the play."""

from __future__ import annotations

import random

import pytest

from cardgames import cards, tricks
from cardgames import staekske_rape as sr
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _search as search
from cardgames.staekske_rape import _tactics as tactics


def hands_of(seed: int) -> tuple[int, int, int, int]:
    """Deal four seven-card hands (as bit sets) from a shuffle of the pack."""
    order = list(sr.PACK)
    random.Random(seed).shuffle(order)
    first, second, third, fourth = (cards.mask_of(order[7 * i : 7 * i + 7]) for i in range(4))
    return first, second, third, fourth


@pytest.mark.parametrize(
    "rules",
    [
        sr.Rules(),
        sr.Rules(follow_mode="lenient"),
        sr.Rules(jack_exempt_on_plain_lead=True),
        sr.Rules(follow_mode="lenient", jack_exempt_on_plain_lead=True),
    ],
)
def test_what_the_play_rules_out_is_never_in_the_hand(rules: sr.Rules) -> None:
    # Random legal play under each following rule: a card ruled out by what a player played is
    # never one he still holds, and the inference does find voids.
    found = 0
    rng = random.Random(7)
    for seed in range(150):
        trump = cards.Suit(seed % 4)
        contract = tactics._contract(trump, play.following(trump, rules))  # noqa: SLF001  # a playout's contract
        table = play.following(trump, rules)
        held = list(hands_of(seed))
        leader = 0
        for _ in range(7):
            trick: tuple[int, ...] = ()
            for place in range(4):
                seat = (leader + place) % 4
                can = play.allowed(held[seat], trick, contract)
                card = rng.choice([item.index for item in cards.cards_in(can)])
                held[seat] ^= 1 << card
                out = play.ruled_out(card, trick, table)
                assert not out & held[seat]
                found += bool(out)
                trick = (*trick, card)
            leader = (leader + tricks.best(trick, play.RANKINGS[trump])) % 4
    assert found > 100


def test_ruled_out_reads_every_trick_from_its_leader() -> None:
    heart = cards.Suit.HEARTS
    lead = [cards.Card.parse(text).index for text in ("A♣", "7♦", "8♣", "9♥")]
    out = search.ruled_out([(2, tuple(lead))], heart, sr.Rules())
    # Place 2 led; place 3 showed no club and no trump; place 0 followed; place 1 trumped.
    clubs = cards.mask_of(card for card in sr.PACK if card.suit == cards.Suit.CLUBS)
    hearts = cards.mask_of(card for card in sr.PACK if card.suit == heart)
    assert out == (0, clubs, 0, clubs | hearts)


def test_a_deal_keeps_the_sizes_and_the_voids() -> None:
    rng = random.Random(3)
    own = hands_of(11)[0]
    unknown = cards.mask_of(sr.PACK) & ~own
    spades = cards.mask_of(card for card in sr.PACK if card.suit == cards.Suit.SPADES)
    out = (spades, 0, spades)
    for _ in range(50):
        first, second, third, rest = search.deal(unknown, (7, 7, 7), out, rng)
        assert [first.bit_count(), second.bit_count(), third.bit_count()] == [7, 7, 7]
        assert first | second | third | rest == unknown
        assert rest.bit_count() == 4
        assert not (first | third) & spades
    # Voids no deal can keep (eight spades for one hand of seven) are dropped, not fatal.
    first, second, third, rest = search.deal(unknown, (7, 7, 7), (~spades, ~spades, 0), rng)
    assert first | second | third | rest == unknown


def test_the_declarer_search_plays_every_hand_legally_and_reproducibly() -> None:
    # Four rule agents: the declarer's cards come from the search. Its choice draws nothing
    # from the generator and is the same whenever the view is.
    rules = sr.Rules(max_hands=3)
    agent = sr.RuleAgent()
    state = sr.new_game(rules, seed=5, first_dealer=0)
    searched = 0
    while not sr.is_over(state):
        seat = sr.current_player(state)
        assert seat is not None
        view = sr.view(state, seat)
        rng = random.Random(seat)
        move = agent.choose(view, rng)
        assert move in view.legal_moves
        assert rng.random() == random.Random(seat).random()
        if seat == view.declarer and view.phase is sr.Phase.PLAY and len(view.legal_moves) > 1:
            assert agent.choose(view, random.Random(99)) == move
            searched += 1
        state = sr.apply(state, move, seat=seat)
    assert searched > 5


def test_a_search_that_can_take_every_trick_takes_them() -> None:
    # Trumps are hearts; the declarer holds the four top trumps and three aces. An ace led now
    # may be ruffed by a defender void in its suit; drawing the trumps first keeps every trick.
    hand = cards.mask_of(cards.parse_cards("J♥ 9♥ A♥ K♥ A♣ A♠ A♦"))
    seen = search.Seen(
        hand=hand,
        sizes=(7, 7, 7),
        out=(0, 0, 0),
        trick=(),
        leader=0,
        gone=0,
        taken=0,
        won=0,
        done=0,
    )
    aside = cards.mask_of(cards.parse_cards("7♣ 8♣ 7♠ 8♠"))
    stakes = search.Stakes(
        bid=3,
        trump=cards.Suit.HEARTS,
        meld_points=20,
        without_stock=False,
        aside=aside,
        rules=sr.Rules(),
    )
    card = search.best_card(hand, seen, stakes)
    assert hand >> card & 1
    assert cards.CARDS[card].suit == cards.Suit.HEARTS  # trumps first: no ace is ruffed
