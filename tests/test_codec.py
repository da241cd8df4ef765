"""Tests of cardgames.codec: JSON round trips over every game, records, and decoding errors."""

from __future__ import annotations

import json
import random
import typing
from typing import Any

import pytest

import cardgames
from cardgames import codec, errors, kalter_schlag, staekske_rape

NAMES = sorted(cardgames.GAMES)


def random_states(name: str, seed: int, *, hands: int = 2) -> list[Any]:
    """Every state of a seeded random match of a few hands."""
    entry = cardgames.GAMES[name]
    state = entry.new_game(entry.rules_type(max_hands=hands), seed=seed)
    chooser = random.Random(seed)
    states = [state]
    while not entry.is_over(state):
        state = entry.apply(state, chooser.choice(entry.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("name", NAMES)
def test_views_scores_and_records_round_trip(name: str) -> None:
    entry = cardgames.GAMES[name]
    view_type = type(entry.view(entry.new_game(seed=1), 0))
    for seed in range(3):
        states = random_states(name, seed)
        for state in states[:: 1 if seed == 0 else 7]:
            for seat in range(state.players):
                seen = entry.view(state, seat)
                data = codec.encode(seen, game=name)
                assert json.loads(json.dumps(data)) == json.loads(codec.dumps(seen, game=name))
                assert codec.decode(data, view_type, game=name) == seen
                assert codec.loads(codec.dumps(seen, game=name), view_type, game=name) == seen
            sheet = entry.score(state)
            assert codec.decode(codec.encode(sheet, game=name), type(sheet), game=name) == sheet
        final = states[-1]
        saved = codec.record(final)
        assert saved.game == name
        assert codec.replay(saved) == final
        assert codec.loads_record(codec.dumps(saved)) == saved
        assert codec.decode(codec.encode(final.rules), entry.rules_type, game=name) == final.rules


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_travels_as_its_text(name: str) -> None:
    entry = cardgames.GAMES[name]
    move_union = typing.get_type_hints(entry.parse_move)["return"]
    for state in random_states(name, 5, hands=1)[::3]:
        for move in entry.legal_moves(state):
            assert codec.encode(move, game=name) == str(move)
            assert codec.decode(str(move), move_union, game=name) == move


def kalter_schlag_record(**changes: object) -> dict[str, object]:
    """A valid Kalter Schlag record as data, with some fields changed."""
    data: dict[str, object] = {
        "version": codec.FORMAT_VERSION,
        "game": "kalter-schlag",
        "rules": {"target": 500},
        "seed": 1,
        "players": 4,
        "first_dealer": 0,
        "moves": ["deal", "double"],
    }
    return data | changes


def test_a_record_keeps_the_first_dealer_and_stacked_deals() -> None:
    order = kalter_schlag.order_for({1: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦"}, dealer=2)
    state = kalter_schlag.new_game(seed=9, first_dealer=2)
    state = kalter_schlag.apply(state, kalter_schlag.Deal(order=order))
    saved = codec.record(state)
    assert (saved.first_dealer, saved.players, saved.version) == (2, 4, codec.FORMAT_VERSION)
    again = codec.replay(codec.loads_record(codec.dumps(saved)))
    assert again == state
    assert kalter_schlag.view(again, 1).hand == kalter_schlag.view(state, 1).hand


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "chess"}, "game: unknown game 'chess'"),
        ({"game": 3}, "game: unknown game 3"),
        ({"version": 2}, "version: this library reads format 1, not 2"),
        ({"version": True}, "version: this library reads format 1, not True"),
        ({"rules": {"target": "x"}}, "rules.target: target must be a whole number, not 'x'"),
        ({"rules": {"targte": 5}}, "rules.targte: no such option"),
        ({"rules": {"top_tie": "sometimes"}}, "rules.top_tie: top_tie must be one of"),
        ({"rules": []}, "rules: expected an object of options"),
        ({"seed": "1"}, "seed: expected an int, got '1'"),
        ({"players": 4.0}, "players: expected an int, got 4.0"),
        ({"players": 5}, "record: Kalter Schlag is played by exactly 4 players"),
        ({"first_dealer": 4}, "record: first_dealer must be a seat from 0 to 3, not 4"),
        ({"moves": "deal"}, "moves: expected a list of move texts"),
        ({"moves": ["deal", 7]}, "moves[1]: expected a move as text, got 7"),
        ({"moves": ["deal", "play QX"]}, "moves[1]: cannot read 'QX' as a card"),
        ({"moves": ["deal", "deal"]}, "moves[1]: 'deal': the hand is being played"),
        ({"moves": ["jump"]}, "moves[0]: cannot read 'jump' as a Kalter Schlag move"),
        ({"extra": 1}, "extra: unexpected field"),
    ],
)
def test_a_bad_record_names_the_bad_field(changes: dict[str, object], message: str) -> None:
    with pytest.raises(errors.DecodeError) as caught:
        codec.decode_record(kalter_schlag_record(**changes))
    assert str(caught.value).startswith(message)


def test_a_record_needs_every_field() -> None:
    data = kalter_schlag_record()
    del data["first_dealer"]
    with pytest.raises(errors.DecodeError, match=r"^first_dealer: missing field$"):
        codec.decode_record(data)
    with pytest.raises(errors.DecodeError, match=r"^expected a record object"):
        codec.decode_record([1, 2])


@pytest.mark.parametrize("text", ["[1", "", "{'a': 1}", b"\xff"])
def test_text_that_is_not_json(text: str | bytes) -> None:
    with pytest.raises(errors.DecodeError, match=r"^not JSON: "):
        codec.loads_record(text)
    with pytest.raises(errors.DecodeError, match=r"^not JSON: "):
        codec.loads(text, kalter_schlag.View, game="kalter-schlag")


def test_a_bad_view_names_the_bad_field() -> None:
    state = kalter_schlag.apply(
        kalter_schlag.new_game(seed=2, first_dealer=0), kalter_schlag.Deal()
    )
    data = codec.encode(kalter_schlag.view(state, 1), game="kalter-schlag")
    for field, value, message in [
        ("seat", "x", "seat: expected an int, got 'x'"),
        ("hand", ["QX"], "hand[0]: cannot read 'QX' as a card"),
        ("hand", [7], "hand[0]: expected a card as text, got 7"),
        ("legal_moves", ["bid 3"], "legal_moves[0]: cannot read 'bid 3'"),
        ("over", 1, "over: expected true or false, got 1"),
    ]:
        with pytest.raises(errors.DecodeError) as caught:
            codec.decode(data | {field: value}, kalter_schlag.View, game="kalter-schlag")
        assert str(caught.value).startswith(message), str(caught.value)
    with pytest.raises(errors.DecodeError, match=r"unexpected field"):
        codec.decode(data | {"stock": []}, kalter_schlag.View, game="kalter-schlag")


def test_enums_travel_by_name() -> None:
    state = staekske_rape.new_game(seed=3, first_dealer=0)
    data = codec.encode(staekske_rape.view(state, 0), game="staekske-rape")
    assert data["phase"] == "DEAL"
    with pytest.raises(errors.DecodeError, match=r"^phase: expected one of DEAL, AUCTION"):
        codec.decode(data | {"phase": "deal"}, staekske_rape.View, game="staekske-rape")


def test_encode_needs_to_know_the_game() -> None:
    assert codec.encode(kalter_schlag.Rules())["target"] == 2000
    with pytest.raises(errors.DecodeError, match="cannot tell which game"):
        codec.encode(kalter_schlag.Deal())
    with pytest.raises(errors.DecodeError, match="game: unknown game 'chess'"):
        codec.encode(kalter_schlag.Deal(), game="chess")
    with pytest.raises(errors.DecodeError, match="expected a GameRecord"):
        codec.replay("kalter-schlag")  # type: ignore[arg-type]  # not a record, on purpose
