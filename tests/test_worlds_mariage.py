"""Mariage's worlds: full states consistent with a seat's view, drawn uniformly."""

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
from cardgames import _worlds, cards, errors, mariage
from cardgames.mariage import _worlds as mariage_worlds

RULES = (
    mariage.Rules(),
    mariage.Rules(auto_claim=False),
    mariage.Rules(forced_queen="penalty_only"),
    mariage.Rules(
        forced_queen="off",
        must_trump_when_void=False,
        ante_per_pool=2,
        refill_on_win=0,
        held_marriage_payment=3,
        table_marriage_payment=2,
        heart_table_marriage_king_pays=False,
        trick_pay_min=1,
        trick_pay_per_trick=2,
        fine_zero_tricks=2,
    ),
    mariage.Rules(
        royals_count_as_trumps_for_obligation=False,
        top_royal="K",
        direction="counterclockwise",
        allow_debt=False,
        ante_every_deal=False,
        starting_chips=3,
    ),
    mariage.Rules(
        auto_claim=False,
        forced_queen="penalty_only",
        marriage_order="either",
        marriage_trick_rule="king_wins",
        own_marriage_lead_bonus=True,
        max_hands=3,
    ),
    mariage.Rules(
        deck_for_players=((5, 36), (6, 36), (7, 36), (8, 52), (9, 52), (10, 52)),
        jester_captors="any_king_or_queen",
        jester_penalty_payee="trick_winner",
        jester_paid_only_if_it_wins_trick=True,
        leftover="carry_to_next_session",
        point_compare=("length", "top_card", "trump", "eldest"),
        dealer_covers_shortfall=True,
        loser_threshold=1,
        rounds=2,
        max_hands=4,
    ),
)
"""The options the docs list, each set at least once."""


@settings(max_examples=150)
@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 2**32),
    players=st.integers(5, 10),
    moves=st.integers(0, 120),
    draw=st.integers(0, 2**32),
)
def test_worlds_show_their_view(
    rules: mariage.Rules, seed: int, players: int, moves: int, draw: int
) -> None:
    state = playing.after_moves("mariage", seed, moves, rules=rules, players=players)
    for seat in range(players):
        seen = mariage.view(state, seat)
        world = next(mariage.worlds(seen, random.Random(draw)))
        assert mariage.view(world, seat) == seen
        if not mariage.is_over(world):  # the world plays on
            mariage.apply(world, mariage.legal_moves(world)[-1])


def test_worlds_along_whole_deals() -> None:
    for rules, seed in itertools.product(RULES, range(2)):
        players = 5 + seed * 3
        state = mariage.new_game(rules, seed=seed, players=players)
        choose = random.Random(seed)
        while not mariage.is_over(state) and state.hand_number < 2:
            for seat in range(players):
                seen = mariage.view(state, seat)
                world = next(mariage.worlds(seen, random.Random(seed)))
                assert mariage.view(world, seat) == seen
            state = mariage.apply(state, choose.choice(mariage.legal_moves(state)))


def _ending(seed: int) -> tuple[mariage.State, int]:
    """Return a six-player deal in its last trick, two seats yet to play, one void shown."""
    choose = random.Random(seed)
    for number in itertools.count(seed):
        state = mariage.apply(mariage.new_game(seed=number, players=6), mariage.Deal())
        while len(state.tricks) < 4 or len(state.trick) < 3:
            state = mariage.apply(state, choose.choice(mariage.legal_moves(state)))
        seat = mariage.current_player(state)
        assert seat is not None
        if state.due < 0 and len(_brute_force(state, seat)) < _assignments(state, seat):
            return state, seat
    raise AssertionError  # pragma: no cover


def _hidden(state: mariage.State, seat: int) -> tuple[list[cards.Card], list[int]]:
    """Return the cards the seat has not seen, and the other seats that still hold a card."""
    seen = mariage.view(state, seat)
    shown = cards.mask_of(seen.hand) | (seen.trump.mask if seen.trump else 0)
    for trick in (*seen.tricks, seen.trick):
        for _, card in trick.plays if trick else ():
            shown |= card.mask
    pack = mariage.pack(state.match.rules, state.match.players)
    holding = [
        other for other in range(state.match.players) if other != seat and seen.hand_sizes[other]
    ]
    return [card for card in pack if not card.mask & shown], holding


def _assignments(state: mariage.State, seat: int) -> int:
    """Return how many ways the unseen cards can be shared out, one to each seat holding one."""
    hidden, holding = _hidden(state, seat)
    return math.perm(len(hidden), len(holding))


def _brute_force(state: mariage.State, seat: int) -> set[tuple[tuple[int, int], ...]]:
    """Return every deal of the hidden cards whose replay shows the seat its view."""
    seen = mariage.view(state, seat)
    players = state.match.players
    played = [0] * players
    for trick in (*state.tricks, seen.trick):
        for who, card in trick.plays if trick else ():
            played[who] |= card.mask
    hidden, holding = _hidden(state, seat)
    consistent = set()
    for chosen in itertools.permutations(hidden, len(holding)):
        held = {other: card.mask for other, card in zip(holding, chosen, strict=True)}
        dealt = {
            who: held.get(who, cards.mask_of(seen.hand) if who == seat else 0) | played[who]
            for who in range(players)
        }
        world = mariage_worlds._replay_on(seen, dealt, random.Random(0))  # noqa: SLF001
        if world is not None and mariage.view(world, seat) == seen:
            consistent.add(tuple(sorted(held.items())))
    return consistent


def test_worlds_are_uniform_over_consistent_deals() -> None:
    state, seat = _ending(6)
    consistent = _brute_force(state, seat)
    assert len(consistent) > 1
    seen = mariage.view(state, seat)
    _, holding = _hidden(state, seat)
    draws = 40 * len(consistent)
    counts: collections.Counter[object] = collections.Counter()
    for world in itertools.islice(mariage.worlds(seen, random.Random(5)), draws):
        key = tuple((other, world.hands[other]) for other in holding)
        assert key in consistent
        counts[key] += 1
    assert uniformity.is_even(counts, len(consistent), draws)
    players = state.match.players
    played = [0] * players
    for trick in (*state.tricks, seen.trick):
        for who, card in trick.plays if trick else ():
            played[who] |= card.mask
    trump = seen.trump.mask if seen.trump else 0
    groups, sizes = mariage_worlds._groups(  # noqa: SLF001
        seen, played, [0] * players, cards.mask_of(seen.hand) | trump
    )
    assert _worlds.count(groups, sizes) == len(consistent)


def test_worlds_check_their_arguments() -> None:
    seen = mariage.view(mariage.new_game(seed=1), 0)
    with pytest.raises(errors.RulesError, match="Mariage View"):
        mariage.worlds(seen.rules, random.Random(1))  # type: ignore[arg-type]  # wrong kind
    with pytest.raises(errors.RulesError, match=r"random\.Random"):
        mariage.worlds(seen, 7)  # type: ignore[arg-type]  # the wrong kind
    world = next(mariage.worlds(seen, random.Random(1)))
    assert mariage.view(world, 0) == seen


def test_worlds_refuse_a_view_that_counts_wrong() -> None:
    state = mariage.apply(mariage.new_game(seed=2, players=6), mariage.Deal())
    seen = mariage.view(state, 0)
    forged = attrs.evolve(seen, hand_sizes=(5, 9, 9, 9, 9, 9))
    with pytest.raises(errors.RulesError, match="no deal is consistent"):
        next(mariage.worlds(forged, random.Random(1)))


def _jester_unclaimed() -> mariage.View:
    """Return seat 0's view of a six-player deal whose J♦ nobody claimed and seat 0 cannot see."""
    jester = cards.Card.parse("J♦")
    for seed in itertools.count():
        state = mariage.apply(mariage.new_game(seed=seed, players=6), mariage.Deal())
        seen = mariage.view(state, 0)
        claimed = {made.pool for _, made in seen.claims}
        if mariage.Pool.JESTER not in claimed and jester not in seen.hand and seen.trump != jester:
            return seen
    raise AssertionError  # pragma: no cover


def test_auto_claims_show_who_was_dealt_what() -> None:
    seen = _jester_unclaimed()
    jester = cards.Card.parse("J♦")
    points = {who: made.mask for who, made in seen.claims if made.pool is mariage.Pool.POINT}
    for world in itertools.islice(mariage.worlds(seen, random.Random(2)), 50):
        assert not any(hand & jester.mask for hand in world.hands)  # nobody was dealt J♦
        for who in range(1, 6):
            assert mariage.sequence_in(world.hands[who]) == points.get(who, 0)
        for who, made in seen.claims:
            assert world.hands[who] & made.mask == made.mask


def _called_out_of_turn() -> tuple[mariage.State, int]:
    """Return a seven-player deal whose queen holder, not next in turn, is called by her king."""
    choose = random.Random(3)
    for seed in itertools.count():
        state = mariage.apply(mariage.new_game(seed=seed, players=7), mariage.Deal())
        while state.in_play and state.due < 0:
            state = mariage.apply(state, choose.choice(mariage.legal_moves(state)))
        called = mariage.current_player(state)
        if not state.in_play or called is None or called == 0:
            continue
        king = state.seats[-1]
        in_turn = next(
            seat for seat in ((king + step) % 7 for step in range(1, 7)) if seat not in state.seats
        )
        if called != in_turn:
            return state, called
    raise AssertionError  # pragma: no cover


def test_a_seat_called_out_of_turn_holds_the_queen() -> None:
    state, called = _called_out_of_turn()
    seen = mariage.view(state, 0)
    for world in itertools.islice(mariage.worlds(seen, random.Random(4)), 20):
        assert world.hands[called] >> state.due & 1
        assert mariage.view(world, 0) == seen
