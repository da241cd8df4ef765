"""Gin Rummy's search machinery: fast play-outs, every discard's count, and read worlds."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards
from cardgames import gin_rummy as gr
from cardgames.gin_rummy import _bots as bots
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _playouts as playouts
from cardgames.gin_rummy import _reading as reading

RULES = (
    gr.Rules(max_hands=1),
    gr.Rules(max_hands=1, oklahoma=True),
    gr.Rules(max_hands=1, big_gin=True, may_discard_card_just_taken_from_pile=True),
    gr.Rules(max_hands=1, pile_draw_limit=3, knock_limit=0),
)
"""Options that change how a hand is played out: the knock limit, big gin, the pile."""


def views(seed: int, rules: gr.Rules) -> Iterator[tuple[gr.State, gr.View]]:
    """Yield each position of a seeded hand of two rule agents, with the mover's view."""
    rng = random.Random(seed)
    state = gr.apply(gr.new_game(rules, seed=seed, first_dealer=seed % 2), gr.Deal())
    while not state.hand_over:
        seat = gr.current_player(state)
        assert seat is not None
        seen = gr.view(state, seat)
        yield state, seen
        state = gr.apply(state, gr.RuleAgent().choose(seen, rng))


def by_engine(world: gr.State, move: gr.Move, seat: int, rng: random.Random) -> int:
    """Play the hand on through the engine, the rule agent at both seats: ``seat``'s result."""
    state = gr.apply(world, move)
    while not state.hand_over:
        mover = gr.current_player(state)
        assert mover is not None
        state = gr.apply(state, gr.RuleAgent().choose(gr.view(state, mover), rng))
    points = gr.score(state).hands[-1].points
    return points[seat] - points[1 - seat]


def test_play_outs_make_the_engine_s_moves() -> None:
    draw = random.Random(4)
    compared = 0
    for seed, rules in enumerate(RULES * 3):
        for _, seen in views(seed, rules):
            if draw.random() < 0.7:  # a sample of the positions
                continue
            world = next(gr.worlds(seen, draw))
            for move in dict.fromkeys(
                (*seen.legal_moves[:2], *seen.legal_moves[-2:])
            ):  # knocks last
                tie_seed = draw.getrandbits(32)
                assert playouts.play_out(
                    world, move, seen.seat, random.Random(tie_seed)
                ) == by_engine(world, move, seen.seat, random.Random(tie_seed))
                compared += 1
    assert compared > 100  # enough positions of every kind


def test_a_play_out_counts_its_turns() -> None:
    state = gr.apply(gr.new_game(seed=5, first_dealer=0), gr.Deal())
    passed = gr.parse_move("pass")
    result, turns = playouts.finish(gr.apply(state, passed), 1, random.Random(3))
    assert result == by_engine(state, passed, 1, random.Random(3))
    assert 2 < turns < 40  # a whole hand's turns, and the end of it


hands = st.lists(st.integers(0, 51), min_size=1, max_size=11, unique=True).map(
    lambda indices: sum(1 << index for index in indices)
)


@settings(max_examples=300)
@given(mask=hands)
def test_every_discard_s_count_is_the_count_without_it(mask: int) -> None:
    counts = melds.discard_counts(mask)
    assert sorted(counts) == [card.index for card in cards.cards_in(mask)]
    for index, count in counts.items():
        assert count == melds.deadwood_of(mask ^ 1 << index)


def test_every_discard_s_count_with_sets_and_runs_crossing() -> None:
    held = cards.mask_of(cards.parse_cards("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 6♥ 5♥ 8♥ 8♣ 9♣"))
    for index, count in melds.discard_counts(held).items():
        assert count == melds.deadwood_of(held ^ 1 << index)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), step=st.integers(0, 200), draw=st.integers(0, 2**32))
def test_read_worlds_show_their_view(seed: int, step: int, draw: int) -> None:
    searched = [
        seen
        for _, seen in views(seed, RULES[seed % len(RULES)])
        if seen.phase in {gr.Phase.OFFER, gr.Phase.DRAW, gr.Phase.DISCARD}
    ]
    seen = searched[step % len(searched)]
    for world in itertools.islice(reading.read_worlds(seen, random.Random(draw)), 3):
        assert gr.view(world, seen.seat) == seen


def _nine_of_hearts_up() -> gr.State:
    """Return a stacked deal: the 9♥ up, which melds with the non-dealer's 7♥ 8♥."""
    order = gr.order_for(
        {0: "7♥ 8♥ K♣ K♠ 2♦ 4♦ 9♠ J♦ Q♣ 3♣", 1: "A♣ 2♣ 3♠ 5♥ 5♦ 6♠ 10♦ J♠ Q♥ 4♥"},
        dealer=1,
        upcard="9♥",
    )
    return gr.apply(gr.new_game(seed=1, first_dealer=1), gr.Deal(order=order))


def test_a_read_hand_melds_the_cards_taken_and_not_the_cards_passed() -> None:
    state = _nine_of_hearts_up()
    state = gr.apply(state, gr.parse_move("take"))  # seat 0 melds the 9♥
    state = gr.apply(state, gr.parse_move("discard Q♣"))
    seen = gr.view(state, 1)
    taken, passed = cards.Card.parse("9♥"), cards.Card.parse("Q♣")
    for hand in itertools.islice(reading.hidden_hands(seen, random.Random(2)), 40):
        assert hand & taken.mask
        assert hand.bit_count() == 10  # the hand he holds
        assert not hand & cards.mask_of(seen.hand)
        assert not bots.melds_with(passed.index, hand)
    drawn = list(itertools.islice(reading.hidden_hands(seen, random.Random(2)), 40))
    melding = sum(bots.melds_with(taken.index, hand ^ taken.mask) for hand in drawn)
    assert melding >= 30  # all but the few drawn as strays


def test_a_read_hand_holds_less_count_than_a_uniform_one() -> None:
    seen = [seen for _, seen in views(7, RULES[0]) if seen.phase is gr.Phase.DRAW][-1]
    other = 1 - seen.seat
    read = itertools.islice(reading.hidden_hands(seen, random.Random(3)), 60)
    uniform = itertools.islice(gr.worlds(seen, random.Random(3)), 60)
    read_count = sum(melds.deadwood_of(hand) for hand in read)
    uniform_count = sum(melds.deadwood_of(world.hands[other]) for world in uniform)
    assert read_count < uniform_count


def test_the_cards_passed_are_the_latest_first() -> None:
    state = _nine_of_hearts_up()
    assert reading.passed(gr.view(state, 0)) == []  # the non-dealer is offered it first
    state = gr.apply(state, gr.parse_move("pass"))
    upcard = cards.Card.parse("9♥").index
    assert reading.passed(gr.view(state, 1)) == [upcard]  # the non-dealer passed it
    state = gr.apply(state, gr.parse_move("take"))  # the dealer takes it
    state = gr.apply(state, gr.parse_move("discard Q♥"))
    state = gr.apply(state, gr.parse_move("take"))  # the non-dealer takes the Q♥ at once
    queen = cards.Card.parse("Q♥").index
    assert reading.passed(gr.view(state, 0)) == [queen]  # the card just taken from him first
