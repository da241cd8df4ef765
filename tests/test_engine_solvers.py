"""Staekske Rape's and Mariage's double-dummy solvers, checked against a plain minimax."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from cardgames import errors, mariage, staekske_rape

ENDINGS = 300
"""Random endings checked against brute force per game."""

MOST_TRICKS = {"cardgames.staekske_rape": 3, "cardgames.mariage": 2}
"""The most tricks left in an ending: Mariage's six seats make three tricks a large tree."""


def _over(state: Any) -> bool:  # either game's state
    """Return whether the hand is over."""
    return bool(state.hand_over or state.over)


def _minimax(game: Any, state: Any, maximiser: int, value: Callable[[Any], int]) -> int:
    """Return the value by the engine's own moves, every line played out, no cut, no table."""
    if _over(state):
        return value(state)
    results = [
        _minimax(game, game.apply(state, move), maximiser, value)
        for move in game.legal_moves(state)
    ]
    return max(results) if game.current_player(state) == maximiser else min(results)


def _ending(game: Any, choose: random.Random) -> Any | None:
    """Return a random position of the first hand's play with few tricks left."""
    state = game.new_game(seed=choose.getrandbits(32))
    left = choose.randint(1, MOST_TRICKS[game.__name__])
    while not _over(state) or state.hand_number == 0:
        seen = game.view(state, 0)
        if seen.phase == game.Phase.PLAY and max(seen.hand_sizes) <= left:
            return state
        state = game.apply(state, choose.choice(game.legal_moves(state)))
    return None


def _check(
    game: Any,
    seat_of: Callable[[Any], int | None],
    value_of: Callable[[Any, int], Callable[[Any], int]],
) -> int:
    """Check ``game.solve`` on random endings; return how many were checked."""
    choose = random.Random(game.__name__)
    checked = 0
    while checked < ENDINGS:
        state = _ending(game, choose)
        if state is None:  # the hand ended before its play (all passed, a misdeal)
            continue
        seat = seat_of(state)
        assert seat is not None
        value = value_of(state, seat)
        results = {
            move: _minimax(game, game.apply(state, move), seat, value)
            for move in game.legal_moves(state)
        }
        mover = game.current_player(state)
        best = max(results.values()) if mover == seat else min(results.values())
        solution = game.solve(state)
        assert (solution.seat, solution.value) == (seat, best)
        assert solution.moves == tuple(move for move, result in results.items() if result == best)
        checked += 1
    return checked


@pytest.mark.breadth
def test_staekske_rape_solve_agrees_with_brute_force() -> None:
    assert (
        _check(
            staekske_rape,
            lambda state: state.declarer,
            lambda _state, _seat: lambda done: done.hand_scores[-1].result,
        )
        == ENDINGS
    )


@pytest.mark.breadth
def test_mariage_solve_agrees_with_brute_force() -> None:
    assert (
        _check(
            mariage,
            mariage.current_player,
            lambda _state, seat: lambda done: done.hand_scores[-1].points[seat],
        )
        == ENDINGS
    )


@pytest.mark.parametrize("game", [staekske_rape, mariage])
def test_solve_refuses_a_hand_not_in_play(game: Any) -> None:
    with pytest.raises(errors.RulesError, match="solve needs"):
        game.solve(game.new_game(seed=1))
    with pytest.raises(errors.RulesError):
        game.solve("a state")
