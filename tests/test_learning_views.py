"""The learning surface works from what a seat knows: every form takes a view as it takes a state.

``observation``, ``legal_mask`` and ``index_to_move`` accept the view an agent is given; the
state forms are shortcuts, equal to ``view(state, seat)`` followed by the view form. A view of
a seat that is not to move has no legal action.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardgames
import playing
from cardgames import errors, kalter_schlag

NAMES = sorted(cardgames.GAMES)


def _states(name: str, seed: int) -> list[Any]:
    """Every third state of a seeded random hand, the seat count cycling."""
    players = cardgames.GAMES[name].players
    found = playing.random_states(name, seed, hands=1, players=players[seed % len(players)])
    return [state for step, state in enumerate(found) if step % 3 == 0]


@pytest.mark.parametrize("name", NAMES)
def test_each_view_form_equals_the_state_form(name: str) -> None:
    entry = cardgames.GAMES[name]
    for seed in range(2):
        for state in _states(name, 700 + seed):
            mover = entry.current_player(state)
            for seat in range(state.players):
                view = entry.view(state, seat)
                assert entry.observation(view) == entry.observation(state, seat)
                assert entry.observation(view, seat) == entry.observation(state, seat)
                mask = entry.legal_mask(view)
                if seat == mover:
                    assert mask == entry.legal_mask(state)
                else:
                    assert not any(mask)


@pytest.mark.parametrize("name", NAMES)
def test_a_view_chooses_a_move_one_action_at_a_time(name: str) -> None:
    entry = cardgames.GAMES[name]
    rng = random.Random(5)
    for state in _states(name, 710):
        mover = entry.current_player(state)
        if mover is None:
            continue
        view = entry.view(state, mover)
        prefix: tuple[int, ...] = ()
        while True:
            mask = entry.legal_mask(view, prefix)
            index = rng.choice([action for action, legal in enumerate(mask) if legal])
            move = entry.index_to_move(index, view, prefix)
            assert move == entry.index_to_move(index, state, prefix)
            if move is not None:
                break
            prefix = (*prefix, index)
        assert move in view.legal_moves
        assert entry.move_indices(move) == (*prefix, index)


def test_a_view_not_to_move_refuses_every_action_with_its_own_seat() -> None:
    state = kalter_schlag.new_game(seed=1, first_dealer=0)
    with pytest.raises(errors.IllegalMoveError, match=r"^action 0 is not legal now") as refused:
        kalter_schlag.GAME.index_to_move(0, kalter_schlag.view(state, 2))
    assert refused.value.seat == 2


@pytest.mark.parametrize("seat", [1, True, "0", 0.0])
def test_a_view_is_observed_for_its_own_seat_only(seat: object) -> None:
    state = kalter_schlag.new_game(seed=1, first_dealer=0)
    with pytest.raises(errors.RulesError, match=r"^the view is seat 0's, not seat "):
        kalter_schlag.GAME.observation(kalter_schlag.view(state, 0), seat)  # type: ignore[call-overload]  # junk on purpose


def test_a_state_is_observed_for_a_seat_that_is_given() -> None:
    state = kalter_schlag.new_game(seed=1, first_dealer=0)
    with pytest.raises(errors.RulesError, match=r"needs the seat that observes"):
        kalter_schlag.GAME.observation(state)


@pytest.mark.parametrize("name", NAMES)
def test_another_game_s_view_is_neither_a_state_nor_a_view(name: str) -> None:
    entry = cardgames.GAMES[name]
    other = next(each for each in NAMES if each != name)
    foreign = cardgames.GAMES[other]
    view = foreign.view(foreign.new_game(seed=2), 0)
    for call in (
        lambda: entry.observation(view, 0),
        lambda: entry.legal_mask(view),
        lambda: entry.index_to_move(0, view),
    ):
        with pytest.raises(errors.RulesError):
            call()


@pytest.mark.parametrize("name", NAMES)
def test_observations_and_masks_fill_a_preallocated_array(name: str) -> None:
    entry = cardgames.GAMES[name]
    state = _states(name, 3)[-1]
    seat = entry.current_player(state) or 0
    view = entry.view(state, seat)
    seen = [0] * entry.observation_size(state.rules, state.players)
    assert entry.observation(view, out=seen) is seen
    assert tuple(seen) == entry.observation(view)
    mask = [7] * entry.num_moves
    assert entry.legal_mask(view, out=mask) is mask
    assert tuple(mask) == entry.legal_mask(view)


def test_an_array_of_the_wrong_length_is_refused() -> None:
    state = kalter_schlag.new_game(seed=2)
    with pytest.raises(errors.RulesError, match=r"^out must be an array of the observation's 319"):
        kalter_schlag.GAME.observation(state, 0, out=[0] * 318)
    with pytest.raises(errors.RulesError, match=r"^out must be an array of the legal mask's 34"):
        kalter_schlag.GAME.legal_mask(state, out=7)  # type: ignore[call-overload]
