"""Gin Rummy's search machinery: fast play-outs and every discard's count."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards
from cardgames import gin_rummy as gr
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _playouts as playouts

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
