"""Worlds consistent with a view: the uniform sampler, and every game's ``worlds``."""

from __future__ import annotations

import collections
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playing
import uniformity
from cardgames import _worlds, cards, errors, staekske_rape
from cardgames import kalter_schlag as ks
from cardgames.kalter_schlag import _worlds as ks_worlds


def test_deals_count_and_respect_the_groups() -> None:
    groups = ((0b000111, (0, 1)), (0b111000, (1, 2)))
    sizes = {0: 2, 1: 2, 2: 2}
    brute = [
        split
        for split in itertools.product(range(3), repeat=6)
        if all(split.count(receiver) == 2 for receiver in range(3))
        and all(split[card] in (0, 1) for card in range(3))
        and all(split[card] in (1, 2) for card in range(3, 6))
    ]
    assert _worlds.count(groups, sizes) == len(brute) > 1
    drawn = itertools.islice(_worlds.deals(groups, sizes, random.Random(2)), 200)
    for held in drawn:
        assert held[0] & 0b111000 == 0
        assert held[2] & 0b000111 == 0
        assert [held[receiver].bit_count() for receiver in range(3)] == [2, 2, 2]


def test_deals_are_uniform() -> None:
    groups = ((0b0000_1111, (0, 1, 2)), (0b1111_0000, (0, 2)))
    sizes = {0: 3, 1: 2, 2: 3}
    cells = _worlds.count(groups, sizes)
    draws = 40 * cells
    counts = collections.Counter(
        tuple(sorted(held.items()))
        for held in itertools.islice(_worlds.deals(groups, sizes, random.Random(3)), draws)
    )
    assert len(counts) == cells
    assert uniformity.is_even(counts, cells, draws)


def test_deals_refuse_contradictions() -> None:
    with pytest.raises(errors.RulesError, match="no deal is consistent"):
        next(_worlds.deals(((0b111, (0,)),), {0: 2, 1: 1}, random.Random(1)))
    with pytest.raises(errors.RulesError, match="receiver 5"):
        _worlds.count(((0b1, (5,)),), {0: 1})


@settings(max_examples=60)
@given(
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 90),
    seat=st.integers(0, 3),
    draw=st.integers(0, 2**32),
)
def test_kalter_schlag_worlds_show_their_view(seed: int, moves: int, seat: int, draw: int) -> None:
    state = playing.after_moves("kalter-schlag", seed, moves)
    seen = ks.view(state, seat)
    for world in itertools.islice(ks.worlds(seen, random.Random(draw)), 3):
        assert ks.view(world, seat) == seen
        assert ks.legal_moves(world) == ks.legal_moves(state) or ks.current_player(world) != seat


@settings(max_examples=60)
@given(
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 120),
    five=st.booleans(),
    lenient=st.booleans(),
    draw=st.integers(0, 2**32),
)
def test_staekske_rape_worlds_show_their_view(
    seed: int, moves: int, five: bool, lenient: bool, draw: int
) -> None:
    players = 5 if five else 4
    rules = staekske_rape.Rules(follow_mode="lenient" if lenient else "strict")
    state = staekske_rape.new_game(rules, seed=seed, players=players)
    choose = random.Random(seed)
    for _ in range(moves):
        if staekske_rape.is_over(state):
            break
        state = staekske_rape.apply(state, choose.choice(staekske_rape.legal_moves(state)))
    for seat in range(players):
        seen = staekske_rape.view(state, seat)
        for world in itertools.islice(staekske_rape.worlds(seen, random.Random(draw)), 2):
            assert staekske_rape.view(world, seat) == seen


def test_staekske_rape_worlds_check_their_arguments() -> None:
    seen = staekske_rape.view(staekske_rape.new_game(seed=1), 0)
    with pytest.raises(errors.RulesError, match="Staekske Rape View"):
        staekske_rape.worlds(seen.rules, random.Random(1))  # type: ignore[arg-type]  # wrong kind
    with pytest.raises(errors.RulesError, match=r"random\.Random"):
        staekske_rape.worlds(seen, None)  # type: ignore[arg-type]  # the wrong kind


def _void_ending() -> tuple[ks.State, int]:
    """Return a state two tricks from a hand's end where another seat has shown a void."""
    choose = random.Random(11)
    for seed in itertools.count():
        state = ks.apply(ks.new_game(seed=seed), ks.Deal())
        while len(state.tricks) < 6 or state.trick:
            state = ks.apply(state, choose.choice(ks.legal_moves(state)))
        seat = ks.current_player(state)
        assert seat is not None
        shown = any(
            ks.suit_of(card) != ks.suit_of(trick.plays[0][1])
            for trick in state.tricks
            for other, card in trick.plays
            if other != seat
        )
        if shown:
            return state, seat
    raise AssertionError  # pragma: no cover


def test_kalter_schlag_worlds_are_uniform_over_consistent_deals() -> None:
    state, seat = _void_ending()
    seen = ks.view(state, seat)
    own = cards.mask_of(seen.hand)
    hidden = [card for card in ks.PACK if card.mask & sum(state.hands) and not card.mask & own]
    others = [other for other in range(4) if other != seat]
    consistent = set()
    for split in itertools.permutations(hidden):
        hands = {
            other: frozenset(split[2 * place : 2 * place + 2]) for place, other in enumerate(others)
        }
        key = tuple(sorted((other, tuple(sorted(hand))) for other, hand in hands.items()))
        if key in consistent:
            continue
        dealt = [0] * 4
        for other, hand in hands.items():
            dealt[other] = cards.mask_of(hand)
        dealt[seat] = own
        for trick in state.tricks:
            for player, card in trick.plays:
                dealt[player] |= card.mask
        try:  # a deal on which the hand's cards cannot have been played is not consistent
            world = ks_worlds.replay_on(seen, dealt, random.Random(0))
        except errors.IllegalMoveError:
            continue
        if ks.view(world, seat) == seen:
            consistent.add(key)
    assert 1 < len(consistent) < 90  # the void rules some deals out
    draws = 60 * len(consistent)
    counts: collections.Counter[object] = collections.Counter()
    for world in itertools.islice(ks.worlds(seen, random.Random(5)), draws):
        key = tuple((other, tuple(sorted(cards.cards_in(world.hands[other])))) for other in others)
        assert key in consistent
        counts[key] += 1
    assert uniformity.is_even(counts, len(consistent), draws)


def test_kalter_schlag_worlds_check_their_arguments() -> None:
    seen = ks.view(ks.new_game(seed=1), 0)
    with pytest.raises(errors.RulesError, match="Kalter Schlag View"):
        ks.worlds(object(), random.Random(1))  # type: ignore[arg-type]  # the wrong kind
    with pytest.raises(errors.RulesError, match=r"random\.Random"):
        ks.worlds(seen, 7)  # type: ignore[arg-type]  # the wrong kind
    world = next(ks.worlds(seen, random.Random(1)))
    assert ks.view(world, 0) == seen
