"""Gin Rummy's worlds: full states consistent with a seat's view, drawn uniformly."""

from __future__ import annotations

import collections
import itertools
import math
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playing
import uniformity
from cardgames import _worlds, cards, errors, gin_rummy

RULES = (
    gin_rummy.Rules(),
    gin_rummy.Rules(oklahoma=True),
    gin_rummy.Rules(oklahoma=True, ace_upcard="knock_at_1", spade_doubles=False),
    gin_rummy.Rules(oklahoma=True, hollywood=True, hollywood_target=40),
    gin_rummy.Rules(oklahoma=True, hollywood=True, hollywood_end="one_player_all_three"),
    gin_rummy.Rules(may_discard_card_just_taken_from_pile=True, big_gin=True),
    gin_rummy.Rules(pile_draw_limit=2, knock_limit=20, shutout_rule=True),
    gin_rummy.Rules(defender_count="as_laid", next_dealer="loser", target=40),
    gin_rummy.Rules(next_dealer="alternate", max_hands=2),
)
"""The options the docs list, each set at least once."""


@settings(max_examples=120)
@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 200),
    draw=st.integers(0, 2**32),
)
def test_worlds_show_their_view(rules: gin_rummy.Rules, seed: int, moves: int, draw: int) -> None:
    state = playing.after_moves("gin-rummy", seed, moves, rules=rules)
    for seat in range(2):
        seen = gin_rummy.view(state, seat)
        for world in itertools.islice(gin_rummy.worlds(seen, random.Random(draw)), 2):
            assert gin_rummy.view(world, seat) == seen
            if not gin_rummy.is_over(world):  # the world plays on
                moves_now = gin_rummy.legal_moves(world)
                gin_rummy.apply(world, moves_now[len(moves_now) // 2])


def test_worlds_along_whole_matches() -> None:
    for rules, seed in itertools.product(RULES, range(2)):
        state = gin_rummy.new_game(rules, seed=seed)
        choose = random.Random(seed)
        while not gin_rummy.is_over(state) and state.hand_number < 3:
            for seat in range(2):
                seen = gin_rummy.view(state, seat)
                world = next(gin_rummy.worlds(seen, random.Random(seed)))
                assert gin_rummy.view(world, seat) == seen
            state = gin_rummy.apply(state, choose.choice(gin_rummy.legal_moves(state)))


def _late(seed: int) -> gin_rummy.State:
    """Return a state of a hand in its draw phase with at most three cards left in the stock."""
    choose = random.Random(seed)
    state = gin_rummy.apply(gin_rummy.new_game(seed=seed), gin_rummy.Deal())
    while not (state.phase is gin_rummy.Phase.DRAW and state.stock_size <= 3):
        moves = [
            move for move in gin_rummy.legal_moves(state) if not isinstance(move, gin_rummy.Knock)
        ]
        state = gin_rummy.apply(state, choose.choice(moves))
        if state.hand_over:
            state = gin_rummy.apply(state, gin_rummy.Deal())
    return state


def test_worlds_are_uniform_over_consistent_deals() -> None:
    state = _late(4)
    seat = gin_rummy.current_player(state)
    assert seat is not None
    other = 1 - seat
    seen = gin_rummy.view(state, seat)
    unseen = cards.mask_of(gin_rummy.unseen(seen))
    hidden = seen.hand_sizes[other] - len(seen.known[other])
    cells = math.comb(unseen.bit_count(), seen.stock_size)
    assert cells == _worlds.count(((unseen, (0, 1)),), {0: hidden, 1: seen.stock_size}) > 1
    draws = 40 * cells
    counts: collections.Counter[object] = collections.Counter()
    for world in itertools.islice(gin_rummy.worlds(seen, random.Random(5)), draws):
        stock = (
            sum(1 << index for index in world.hand.deck[len(world.hand.deck) - seen.stock_size :])
            if world.hand
            else 0
        )
        assert stock & unseen == stock
        assert world.hands[other] & ~unseen == cards.mask_of(seen.known[other])
        counts[stock] += 1
    assert len(counts) == cells
    assert uniformity.is_even(counts, cells, draws)


def _knocked_with_the_upcard() -> gin_rummy.State:
    """Return a hand in which seat 0 took the upcard and knocked, discarding it face down."""
    order = gin_rummy.order_for(
        {0: "A♣ 2♣ 3♣ 4♠ 5♠ 6♠ 7♥ 8♥ 9♥ K♦", 1: "J♣ Q♠ K♠ 2♦ 4♦ 6♦ 8♦ 10♦ 5♥ 10♠"},
        dealer=1,
        upcard="K♣",
        stock="9♣ A♦",
    )
    state = gin_rummy.new_game(seed=1, first_dealer=1)
    state = gin_rummy.apply(state, gin_rummy.Deal(order=order))
    for text in ("draw pile", "discard K♦", "draw stock", "discard 9♣", "draw stock", "knock K♣"):
        state = gin_rummy.apply(state, gin_rummy.parse_move(text))
    return state


def test_a_taken_upcard_out_of_sight_is_the_knockers_discard() -> None:
    state = _knocked_with_the_upcard()
    assert state.phase is gin_rummy.Phase.KNOCKER
    seen = gin_rummy.view(state, 1)
    limit = seen.knock_limit
    assert limit is not None
    for world in itertools.islice(gin_rummy.worlds(seen, random.Random(3)), 30):
        assert gin_rummy.view(world, 1) == seen
        assert world.showdown is not None
        assert world.showdown.discard == cards.Card.parse("K♣").index
        assert gin_rummy.deadwood_of(world.hands[0]) <= limit
        laid = gin_rummy.apply(world, gin_rummy.legal_moves(world)[0])
        assert gin_rummy.view(laid, 1).knocker_layout is not None


def test_worlds_check_their_arguments() -> None:
    seen = gin_rummy.view(gin_rummy.new_game(seed=1), 0)
    with pytest.raises(errors.RulesError, match="Gin Rummy View"):
        gin_rummy.worlds(seen.rules, random.Random(1))  # type: ignore[arg-type]  # wrong kind
    with pytest.raises(errors.RulesError, match=r"random\.Random"):
        gin_rummy.worlds(seen, 7)  # type: ignore[arg-type]  # the wrong kind
    world = next(gin_rummy.worlds(seen, random.Random(1)))
    assert gin_rummy.view(world, 0) == seen


def test_worlds_refuse_a_view_that_counts_wrong() -> None:
    seen = gin_rummy.view(gin_rummy.apply(gin_rummy.new_game(seed=2), gin_rummy.Deal()), 0)
    forged = attrs.evolve(seen, stock_size=seen.stock_size + 1)
    with pytest.raises(errors.RulesError, match="no deal is consistent"):
        next(gin_rummy.worlds(forged, random.Random(1)))
