"""Kalter Schlag's double-dummy solver, checked against a plain minimax over the engine."""

from __future__ import annotations

import gc
import random

import pytest

from cardgames import _solving, errors
from cardgames import kalter_schlag as ks

ENDINGS = 1000
"""Random endings checked against brute force, each of at most three tricks."""


def _measured(state: ks.State, root: int, measure: ks.Measure) -> int:
    """Return the root's result for the finished hand of ``state``, the higher the better."""
    if measure == "penalty":
        return -state.hand_scores[-1].points[root]
    return -ks.view(state, root).points_taken[root]


def _minimax(state: ks.State, root: int, measure: ks.Measure) -> int:
    """Return the paranoid value by the engine's own moves, every line played out."""
    if state.hand_over:
        return _measured(state, root, measure)
    values = [_minimax(ks.apply(state, move), root, measure) for move in ks.legal_moves(state)]
    return max(values) if ks.current_player(state) == root else min(values)


def _ending(choose: random.Random) -> ks.State:
    """Return a random position with at most three tricks left, perhaps inside a trick."""
    state = ks.apply(ks.new_game(seed=choose.getrandbits(32)), ks.Deal())
    cards_left = choose.randint(1, 12)
    while sum(hand.bit_count() for hand in state.hands) > cards_left:
        state = ks.apply(state, choose.choice(ks.legal_moves(state)))
    return state


@pytest.mark.breadth
@pytest.mark.parametrize("measure", ks.MEASURES)
def test_solve_agrees_with_brute_force(measure: ks.Measure) -> None:
    choose = random.Random(measure)
    for _ in range(ENDINGS):
        state = _ending(choose)
        root = ks.current_player(state)
        assert root is not None
        values = {
            move: _minimax(ks.apply(state, move), root, measure) for move in ks.legal_moves(state)
        }
        best = max(values.values())
        solution = ks.solve(state, measure=measure)
        assert solution.seat == root
        assert solution.value == best
        assert solution.moves == tuple(move for move, value in values.items() if value == best)


def test_solve_counts_the_doubles_in_the_penalty() -> None:
    choose = random.Random(4)
    for _ in range(40):
        state = ks.apply(ks.new_game(seed=choose.getrandbits(32)), ks.Deal())
        state = ks.apply(state, ks.DOUBLE)
        while sum(hand.bit_count() for hand in state.hands) > 8:
            state = ks.apply(state, choose.choice(ks.legal_moves(state)))
        root = ks.current_player(state)
        assert root is not None
        assert ks.solve(state, measure="penalty").value == _minimax(state, root, "penalty")


def test_solve_refuses_what_is_not_a_hand_in_play() -> None:
    with pytest.raises(errors.RulesError, match="no hand is in play"):
        ks.solve(ks.new_game(seed=1))
    state = ks.apply(ks.new_game(seed=1), ks.Deal())
    with pytest.raises(errors.RulesError, match="measure must be"):
        ks.solve(state, measure="tricks")  # type: ignore[arg-type]  # not a measure
    with pytest.raises(errors.RulesError):
        ks.solve("a state")  # type: ignore[arg-type]  # not a state


def test_a_solve_pauses_the_garbage_collector_while_it_runs_only() -> None:
    assert gc.isenabled()
    for budget in ({"nodes": None}, {"nodes": 10}):
        assert _solving.within(gc.isenabled, seconds=None, **budget) is False
        assert gc.isenabled()
    state = ks.apply(ks.new_game(seed=2), ks.Deal())
    with pytest.raises(errors.BudgetSpentError):
        ks.solve(state, nodes=1_000)
    assert gc.isenabled()
    gc.disable()
    try:
        ks.solve(_ending(random.Random(3)))
        assert not gc.isenabled()  # paused before, paused after
    finally:
        gc.enable()
