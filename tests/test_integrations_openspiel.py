"""The OpenSpiel adapter: OpenSpiel's own random simulation test for every game and player count."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import cardgames
from cardgames import errors, moves
from cardgames.integrations import openspiel

SETUPS = [
    (name, count) for name in sorted(cardgames.GAMES) for count in cardgames.GAMES[name].players
]


def _load(name: str, **parameters: object) -> Any:  # pyspiel is untyped
    """Load a game of cardgames from OpenSpiel's registry, by the game's own name."""
    return pyspiel.load_game(openspiel.game_name(cardgames.GAMES[name]), parameters)


def _random_states(spiel_game: Any, seed: int) -> list[Any]:
    """Play a match at random (chance as its odds say); return every state passed through."""
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    states = [state]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, odds)[0]
        else:
            action = rng.choice(state.legal_actions())
        state = state.child(action)
        states.append(state)
    return states


@pytest.mark.breadth
@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_openspiels_random_simulation_test_passes(name: str, players: int) -> None:
    pyspiel.random_sim_test(
        _load(name, players=players), num_sims=2, serialize=False, verbose=False
    )


def test_a_match_of_several_hands_passes_it_too() -> None:
    pyspiel.random_sim_test(
        _load("kalter-schlag", max_hands=3), num_sims=1, serialize=False, verbose=False
    )


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_every_game_is_registered_with_its_type(name: str) -> None:
    entry = cardgames.GAMES[name]
    kind = _load(name).get_type()
    assert kind.short_name in pyspiel.registered_names()
    assert kind.short_name in openspiel.register()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (kind.min_num_players, kind.max_num_players) == (min(entry.players), max(entry.players))
    options = set(cardgames.codec.encode(entry.rules_type(), game=name))
    assert set(kind.parameter_specification) == options | set(openspiel.FIXED_PARAMETERS)


def test_a_hand_is_dealt_one_card_a_chance_node_in_the_order_drawn() -> None:
    spiel_game = _load("kalter-schlag")
    states = _random_states(spiel_game, seed=3)
    pack = cardgames.GAMES["kalter-schlag"].pack(spiel_game.facts.rules, 4)
    drawn = [state for state in states if state.is_chance_node()]
    assert len(drawn) == len(pack)
    assert [len(state.chance_outcomes()) for state in drawn] == list(range(len(pack), 0, -1))
    order = tuple(pack[step.action] for step in states[len(pack)].full_history())
    dealt = cardgames.GAMES["kalter-schlag"].apply(
        cardgames.kalter_schlag.new_game(spiel_game.facts.rules, first_dealer=0),
        moves.Deal(order=order),
    )
    assert states[len(pack)].view(2) == cardgames.kalter_schlag.view(dealt, 2)


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_the_returns_are_the_games_returns_of_the_match_played(name: str) -> None:
    entry = cardgames.GAMES[name]
    spiel_game = _load(name, max_hands=2)
    final = _random_states(spiel_game, seed=11)[-1]
    match = entry.new_game(spiel_game.facts.rules, seed=0, first_dealer=0)
    history = [(step.player, step.action) for step in final.full_history()]
    order: list[int] = []
    chosen: tuple[int, ...] = ()
    for player, action in history:
        if player == pyspiel.PlayerId.CHANCE:
            order.append(action)
            if len(order) == len(spiel_game.facts.pack):
                deal = moves.Deal(order=[spiel_game.facts.pack[place] for place in order])
                match, order = entry.apply(match, deal), []
            continue
        move = entry.index_to_move(action, match, chosen)
        chosen = (*chosen, action)
        if move is not None:
            match, chosen = entry.apply(match, move), ()
    assert entry.is_over(match)
    assert final.returns() == [float(value) for value in entry.returns(match)]


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_the_tensors_and_strings_are_the_seats_view(name: str) -> None:
    entry = cardgames.GAMES[name]
    spiel_game = _load(name)
    size = spiel_game.facts.size
    assert spiel_game.information_state_tensor_shape() == [size + entry.num_moves]
    for state in _random_states(spiel_game, seed=5)[::7]:
        for seat in range(spiel_game.num_players()):
            view = state.view(seat)
            tensor = np.array(state.information_state_tensor(seat))
            assert tensor[:size].tolist() == list(entry.observation(view))
            assert tensor.tolist() == state.observation_tensor(seat)
            assert state.information_state_string(seat).startswith(repr(view))
            assert state.observation_string(seat) == state.information_state_string(seat)


def test_the_actions_chosen_of_a_move_of_several_are_in_the_information_state() -> None:
    spiel_game = _load("staekske-rape")
    size = spiel_game.facts.size
    midway = [
        state
        for seed in range(20)
        for state in _random_states(spiel_game, seed)
        if not state.is_chance_node() and state.chosen(state.current_player())
    ]
    assert midway
    for state in midway[:10]:
        seat = state.current_player()
        flags = np.array(state.information_state_tensor(seat))[size:]
        assert np.flatnonzero(flags).tolist() == sorted(state.chosen(seat))
        other = (seat + 1) % spiel_game.num_players()
        assert not np.array(state.information_state_tensor(other))[size:].any()


def test_an_action_prints_as_its_move_or_its_index() -> None:
    state = _load("kalter-schlag").new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "draw 7♣"
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    legal = state.legal_actions()
    illegal = next(index for index in range(34) if index not in legal)
    assert state.action_to_string(state.current_player(), illegal) == f"action {illegal}"
    assert state.action_to_string(state.current_player(), legal[0]) == "double"


def test_an_illegal_action_raises_and_leaves_the_state_as_it_was() -> None:
    state = _load("gin-rummy").new_initial_state()
    with pytest.raises(errors.IllegalMoveError, match="not a card left to draw"):
        state.apply_action(52)
    state.apply_action(0)
    with pytest.raises(errors.IllegalMoveError, match="not a card left to draw"):
        state.apply_action(0)
    assert state.history() == [0]
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    before = (state.history(), str(state))
    illegal = next(index for index in range(595) if index not in state.legal_actions())
    with pytest.raises(errors.IllegalMoveError, match=f"action {illegal} is not legal now"):
        state.apply_action(illegal)
    assert (state.history(), str(state)) == before


def test_the_rules_options_are_parameters() -> None:
    spiel_game = _load("kalter-schlag", target=500, top_tie="play_on", first_dealer=2, max_hands=3)
    assert spiel_game.facts.rules == cardgames.kalter_schlag.Rules(
        target=500, top_tie="play_on", max_hands=3
    )
    assert spiel_game.new_initial_state().view(0).dealer == 2
    packets = _load("staekske-rape", deal_packets="[3, 4]").facts.rules.deal_packets
    assert packets == (3, 4)
    assert pyspiel.load_game(str(spiel_game)).facts == spiel_game.facts


@pytest.mark.parametrize(
    ("name", "parameters", "error", "message"),
    [
        ("kalter-schlag", {"players": 3}, errors.RulesError, "players must be one of"),
        ("kalter-schlag", {"first_dealer": 4}, errors.RulesError, "first_dealer must be a seat"),
        ("kalter-schlag", {"max_hands": 0}, errors.RulesError, "max_hands must be a whole"),
        ("kalter-schlag", {"target": -5}, errors.DecodeError, "target must be at least 1"),
        ("kalter-schlag", {"top_tie": "coin"}, errors.DecodeError, "top_tie"),
        ("staekske-rape", {"deal_packets": "[3,"}, errors.DecodeError, "deal_packets is not JSON"),
        ("staekske-rape", {"deal_packets": "[1, 1]"}, errors.DecodeError, "must add up"),
    ],
)
def test_bad_parameters_raise_errors_that_name_them(
    name: str, parameters: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        _load(name, **parameters)


def test_a_game_built_directly_checks_what_openspiel_would() -> None:
    kind = type(_load("mariage"))
    with pytest.raises(errors.RulesError, match="has no parameter 'colour'"):
        kind({"colour": 1})
    with pytest.raises(errors.RulesError, match="point_compare must be JSON text"):
        kind({"point_compare": 3})


def test_the_observer_shows_one_seats_view_only() -> None:
    spiel_game = _load("kalter-schlag")
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(errors.RulesError, match="one seat's view"):
        make_observation(spiel_game, public)
    with pytest.raises(errors.RulesError, match="takes no parameters"):
        spiel_game.make_py_observer(None, {"colour": 1})


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_a_resampled_state_is_one_the_seat_cannot_tell_apart(name: str) -> None:
    spiel_game = _load(name)
    states = [state for state in _random_states(spiel_game, seed=2) if not state.is_chance_node()]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others_differ = False
    for state in states[:: max(1, len(states) // 6)]:
        if state.is_terminal():
            continue
        seat = state.current_player()
        resampled = state.resample_from_infostate(seat, sampler)
        assert resampled.information_state_string(seat) == state.information_state_string(seat)
        assert resampled.legal_actions() == state.legal_actions()
        others_differ |= any(
            resampled.information_state_string(other) != state.information_state_string(other)
            for other in range(spiel_game.num_players())
            if other != seat
        )
    assert others_differ


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_openspiels_rl_environment_plays_every_game(name: str) -> None:
    environment = rl_environment.Environment(openspiel.game_name(cardgames.GAMES[name]))
    environment.seed(3)
    time_step = environment.reset()
    rng = random.Random(3)
    earned = [0.0] * environment.num_players
    while not time_step.last():
        observations = time_step.observations
        player = observations["current_player"]
        assert (
            len(observations["info_state"][player])
            == environment.observation_spec()["info_state"][0]
        )
        time_step = environment.step([rng.choice(observations["legal_actions"][player])])
        earned = [total + reward for total, reward in zip(earned, time_step.rewards, strict=True)]
    assert earned == environment.get_state.returns()


def test_a_resampling_that_finds_no_deal_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(
        state
        for state in _random_states(_load("kalter-schlag"), seed=1)
        if not state.is_chance_node()
    )
    monkeypatch.setattr(openspiel, "_TRIES", 0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    with pytest.raises(errors.RulesError, match="no deal of the cards seat 1 has not seen"):
        state.resample_from_infostate(state.current_player(), sampler)


def test_openspiels_is_mcts_plays_kalter_schlag() -> None:
    spiel_game = _load("kalter-schlag")
    numbers = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(
        spiel_game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers),
        uct_c=2.0,
        max_simulations=8,
        random_state=numbers,
    )
    state = spiel_game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(bot.step(state))
    assert sum(state.returns()) < 0  # someone is charged penalty points in every hand
