"""Tests of Gin Rummy's analysis (draw_odds, knock_or_draw) and its search agent."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import agents, cards, errors
from cardgames import gin_rummy as gr
from cardgames.gin_rummy import _analysis as analysis
from cardgames.gin_rummy import _search as search

GAME = gr.GAME


def positions(seed: int, rules: gr.Rules | None = None) -> Iterator[tuple[gr.State, int]]:
    """Yield each position of a seeded hand of two rule agents, with the seat to move."""
    rng = random.Random(seed)
    state = gr.apply(gr.new_game(rules or gr.Rules(max_hands=1), seed=seed), gr.Deal())
    while not state.hand_over:
        seat = gr.current_player(state)
        assert seat is not None
        yield state, seat
        state = gr.apply(state, gr.RuleAgent().choose(gr.view(state, seat), rng))


def knock_spot(seed: int) -> gr.View:
    """Return the first view of a seeded hand in which the seat to move may knock but not gin."""
    for first in range(seed, seed + 100):
        for state, seat in positions(first):
            seen = gr.view(state, seat)
            if any(type(move) is gr.Knock for move in seen.legal_moves) and (
                gr.knock_count(cards.mask_of(seen.hand))
            ):
                return seen
    raise AssertionError("no knock in a hundred hands")


def brute_force_count(hand: tuple[cards.Card, ...], card: cards.Card) -> int:
    """The least count of ``hand`` with ``card`` drawn and each card in turn discarded."""
    grown = (*hand, card)
    return min(gr.deadwood([kept for kept in grown if kept != dropped]) for dropped in grown)


def ten_card_view(seed: int, step: int) -> gr.View:
    """Return one of the views of a seeded hand in which a seat holds ten cards."""
    found = [
        gr.view(state, seat)
        for state, _ in positions(seed)
        for seat in (0, 1)
        if len(gr.view(state, seat).hand) == 10
        and state.phase not in {gr.Phase.KNOCKER, gr.Phase.DEFENDER}
    ]
    return found[step % len(found)]


ten_card_views = st.builds(ten_card_view, st.integers(0, 10_000), st.integers(0, 1000))


@settings(max_examples=25, deadline=None)
@given(view=ten_card_views)
def test_improvements_agree_with_brute_force(view: gr.View) -> None:
    odds = gr.draw_odds(view)
    assert odds.count == gr.deadwood(view.hand)
    found = {better.card: better for better in odds.improvements}
    for card in odds.unseen:
        after = brute_force_count(view.hand, card)
        if after < odds.count:
            better = found.pop(card)
            assert better.count == after
            assert better.gain == odds.count - after
            grown = (*view.hand, card)
            assert better.discards == tuple(
                dropped
                for dropped in sorted(grown, key=lambda card: card.index)
                if gr.deadwood([kept for kept in grown if kept != dropped]) == after
            )
    assert not found  # no card is listed that does not lower the count


@settings(max_examples=25, deadline=None)
@given(view=ten_card_views)
def test_the_chance_is_the_share_of_the_unseen_cards(view: gr.View) -> None:
    odds = gr.draw_odds(view)
    other = 1 - view.seat
    hidden = view.hand_sizes[other] - len(view.known[other])
    assert odds.unseen == gr.unseen(view)
    assert len(odds.unseen) == view.stock_size + hidden
    assert odds.chance == Fraction(len(odds.improvements), len(odds.unseen))
    gains = sum(odds.count - brute_force_count(view.hand, card) for card in odds.unseen)
    assert odds.expected_gain == Fraction(gains, len(odds.unseen))


def test_draw_odds_refuses_what_has_no_draw_to_come() -> None:
    state = gr.new_game(seed=3)
    with pytest.raises(errors.RulesError, match="no draw is to come"):
        gr.draw_odds(gr.view(state, 0))
    for state, seat in positions(4):
        if state.phase is gr.Phase.DISCARD:
            with pytest.raises(errors.RulesError, match="holds 11 cards"):
                gr.draw_odds(gr.view(state, seat))
            break
    with pytest.raises(errors.RulesError, match=r"needs a gin_rummy\.View"):
        gr.draw_odds(state)  # type: ignore[arg-type]


def test_the_estimate_s_error_shrinks_with_more_worlds() -> None:
    seen = knock_spot(1)
    few = gr.knock_or_draw(seen, random.Random(5), worlds=20)
    many = gr.knock_or_draw(seen, random.Random(5), worlds=320)
    assert (few.knocking.samples, many.knocking.samples) == (20, 320)
    for small, large in (
        (few.knocking, many.knocking),
        (few.drawing_on, many.drawing_on),
        (few.difference, many.difference),
    ):
        assert large.error < small.error / 2 or large.error == small.error == 0
    assert many.knock in seen.legal_moves
    assert many.discard in seen.legal_moves
    assert many.better in {many.knock, many.discard}
    low, high = many.difference.interval
    assert low <= many.difference.mean <= high
    assert many.difference.mean == pytest.approx(many.knocking.mean - many.drawing_on.mean)


def test_knock_or_draw_is_reproducible_and_refuses_junk() -> None:
    seen = knock_spot(2)
    assert gr.knock_or_draw(seen, random.Random(1), worlds=10) == gr.knock_or_draw(
        seen, random.Random(1), worlds=10
    )
    with pytest.raises(errors.RulesError, match="worlds must be"):
        gr.knock_or_draw(seen, random.Random(1), worlds=1)
    with pytest.raises(errors.RulesError, match=r"random\.Random"):
        gr.knock_or_draw(seen, 7)  # type: ignore[arg-type]
    state, seat = next(positions(3))
    with pytest.raises(errors.RulesError, match="may not knock now"):
        gr.knock_or_draw(gr.view(state, seat), random.Random(1), worlds=2)


def test_estimate_of_samples() -> None:
    estimate = gr.Estimate.of([2, 4])
    assert (estimate.mean, estimate.error, estimate.samples) == (3.0, 1.0, 2)
    assert estimate.interval == pytest.approx((3 - 1.959963984540054, 3 + 1.959963984540054))
    for junk in ([1], "12", [1, "2"], [1, float("nan")], 3):
        with pytest.raises(errors.RulesError):
            gr.Estimate.of(junk)  # type: ignore[arg-type]


def play_hand(agent: gr.SearchAgent, seed: int) -> tuple[gr.Move, ...]:
    """Play a seeded one-hand match, the agent at seat 0 and the rule agent at seat 1."""
    rng = random.Random(seed)
    state = gr.new_game(gr.Rules(max_hands=1), seed=seed, first_dealer=seed % 2)
    rule = gr.RuleAgent()
    while not gr.is_over(state):
        seat = gr.current_player(state)
        assert seat is not None
        player = agent if seat == 0 else rule
        move = player.choose(gr.view(state, seat), rng)
        assert move in gr.legal_moves(state)
        state = gr.apply(state, move)
    return state.moves


def test_the_agent_plays_legal_moves_and_replays_with_a_world_budget() -> None:
    agent = gr.SearchAgent(worlds=3, draws=True, discards=1)
    for seed in (1, 2):
        assert play_hand(agent, seed) == play_hand(agent, seed)


def test_the_agent_replays_with_a_budget_of_turns() -> None:
    agent = gr.SearchAgent(turns=60, read=False)
    assert play_hand(agent, 3) == play_hand(agent, 3)


def test_the_agent_keeps_its_time_budget() -> None:
    seen = knock_spot(3)
    agent = gr.SearchAgent(seconds=0.01, turns=None)
    start = time.perf_counter()
    move = agent.choose(seen, random.Random(1))
    assert time.perf_counter() - start < 0.5  # its budget, a play-out and a world over
    assert move in seen.legal_moves


def test_a_budget_of_turns_bounds_the_worlds() -> None:
    seen = knock_spot(4)
    moves = search.candidates(seen, random.Random(1), gr.SearchAgent())
    assert len(moves) > 1
    few, many = (
        analysis.compare(
            gr.worlds(seen, random.Random(2)),
            seen.seat,
            moves,
            random.Random(3),
            limit=None,
            deadline=None,
            turns=turns,
        )
        for turns in (20, 400)
    )
    assert 1 <= len(few[0]) < len(many[0])
    assert all(len(column) == len(few[0]) for column in few)


def test_a_move_is_made_only_if_it_beats_the_rule_agent_s_clearly() -> None:
    assert search.preferred(((1, 2, 3), (2, 3, 4)), margin=1.0) == 1  # always one more
    assert search.preferred(((0, 0, 0), (5, -5, 1)), margin=1.0) == 0  # noise
    assert search.preferred(((0,), (10,)), margin=0.0) == 0  # one world is no evidence
    assert search.preferred(((0, 0), (1, 1), (2, 2)), margin=1.0) == 2  # the best of those


def test_the_agent_is_registered_and_checks_its_options() -> None:
    made = agents.by_name(GAME, "pimc")
    assert isinstance(made, gr.SearchAgent)
    assert made.seconds is None
    assert made.turns == search.TURNS
    assert made.read
    assert GAME.bots["pimc"] is gr.SearchAgent
    for options in (
        {"seconds": None, "turns": None, "worlds": None},
        {"seconds": 0},
        {"seconds": "1"},
        {"worlds": 0},
        {"turns": 0},
        {"turns": 1.5},
        {"discards": 12},
        {"draws": 1},
        {"read": "yes"},
        {"margin": -1},
    ):
        with pytest.raises(errors.RulesError):
            gr.SearchAgent(**options)
    with pytest.raises(errors.IllegalMoveError):
        made.choose(gr.view(gr.new_game(seed=1, first_dealer=0), 1), random.Random(1))
