"""The registry entry is type-checked: mypy rejects a game whose functions do not fit ``Game``.

This file is checked by ``mypy --strict``, whose ``warn_unused_ignores`` makes the checks here
work: each entry built below from a deliberately wrong function carries
``# type: ignore[<code>]``, and mypy fails if that ignore is unused — that is, if it accepted the
wrong signature. At run time the tests only show that the entries hold what they were given.
"""

from __future__ import annotations

from typing import assert_type

import attrs

from cardgames import game, kalter_schlag, matches, staekske_rape
from cardgames.kalter_schlag import HandScore, Move, Rules, State, View
from cardgames.kalter_schlag import _engine as ks_engine
from cardgames.staekske_rape import _engine as sr_engine

KalterSchlagGame = game.Game[Rules, State, Move, View, matches.Score[HandScore]]


def new_game_without_first_dealer(
    rules: Rules | None = None, *, seed: int | None = None, players: int | None = None
) -> State:
    """A ``new_game`` that forgot the ``first_dealer`` keyword."""
    return kalter_schlag.new_game(rules, seed=seed, players=players)


def apply_without_seat(state: State, move: Move) -> State:
    """An ``apply`` that a server could not call with its connection's seat."""
    return kalter_schlag.apply(state, move)


def score_of_another_kind(state: State) -> int:
    """A ``score`` that returns a number, not a ``Score``."""
    return sum(state.totals)


def legal_moves_of_another_game(state: staekske_rape.State) -> tuple[staekske_rape.Move, ...]:
    """A ``legal_moves`` that takes another game's state."""
    return staekske_rape.legal_moves(state)


def test_the_entries_have_their_games_types() -> None:
    assert_type(kalter_schlag.GAME, KalterSchlagGame)
    state = kalter_schlag.replay(None, 1, ["deal"], players=4, first_dealer=0)
    assert_type(state, State)
    assert_type(kalter_schlag.is_legal(state, "deal"), bool)
    assert kalter_schlag.GAME.new_game is kalter_schlag.new_game


def test_a_new_game_without_first_dealer_is_a_type_error() -> None:
    entry = game.Game(
        name="wrong",
        title="Wrong",
        players=(4,),
        rules_type=Rules,
        max_hand_moves=kalter_schlag.max_hand_moves,
        pack=kalter_schlag.pack,
        new_game=new_game_without_first_dealer,  # type: ignore[arg-type]  # no first_dealer
        current_player=kalter_schlag.current_player,
        legal_moves=kalter_schlag.legal_moves,
        apply=kalter_schlag.apply,
        is_over=kalter_schlag.is_over,
        score=kalter_schlag.score,
        returns=kalter_schlag.returns,
        hand_returns=kalter_schlag.hand_returns,
        view=kalter_schlag.view,
        parse_move=kalter_schlag.parse_move,
        narrate=kalter_schlag.narrate,
    )
    assert entry != kalter_schlag.GAME


def test_wrong_functions_are_type_errors() -> None:
    entry = kalter_schlag.GAME
    wrong = [
        attrs.evolve(entry, apply=apply_without_seat),  # type: ignore[arg-type]  # no seat
        attrs.evolve(entry, score=score_of_another_kind),  # type: ignore[arg-type]  # an int
        attrs.evolve(entry, legal_moves=legal_moves_of_another_game),  # type: ignore[arg-type]
    ]
    assert all(changed != entry for changed in wrong)


def test_an_engine_module_is_checked_against_the_engine_protocol() -> None:
    entry = game.Game.of(ks_engine, kalter_schlag.ABOUT)
    assert_type(entry, KalterSchlagGame)
    assert entry.apply is kalter_schlag.apply
    mixed = game.Game.of(  # type: ignore[misc]  # Staekske Rape's engine with Kalter Schlag's Rules
        sr_engine,
        kalter_schlag.ABOUT,
    )
    assert mixed.rules_type is not staekske_rape.Rules
