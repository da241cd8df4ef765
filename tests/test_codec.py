"""Tests of cardgames.codec: JSON round trips over every game, records, and decoding errors."""

from __future__ import annotations

import json
import re
import typing
from typing import Any

import attrs
import pytest

import cardgames
import playing
from cardgames import codec, errors, kalter_schlag, staekske_rape

NAMES = sorted(cardgames.GAMES)


def random_states(name: str, seed: int, *, hands: int = 2) -> list[Any]:
    """Every state of a seeded random match of a few hands."""
    return list(playing.random_states(name, seed, hands=hands))


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
        (
            {"moves": ["deal", "play QX"]},
            "moves[1]: cannot read 'play QX' as a Kalter Schlag move: cannot read 'QX' as a card",
        ),
        ({"moves": ["deal", "deal"]}, "moves[1]: 'deal': the hand is being played"),
        ({"moves": ["jump"]}, "moves[0]: cannot read 'jump' as a Kalter Schlag move"),
        ({"extra": 1}, "extra: unexpected field"),
    ],
)
def test_a_bad_record_names_the_bad_field(changes: dict[str, object], message: str) -> None:
    with pytest.raises(errors.DecodeError) as caught:
        codec.decode_record(kalter_schlag_record(**changes))
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("key", ["\n", "a\tb", "x\r\ny"])
def test_a_field_name_that_is_not_printable_is_quoted_on_one_line(key: str) -> None:
    for data in (
        kalter_schlag_record(**{key: 1}),
        kalter_schlag_record(rules={"target": 500, key: 1}),
    ):
        with pytest.raises(errors.DecodeError) as caught:
            codec.decode_record(data)
        message = str(caught.value)
        assert "\n" not in message
        assert repr(key) in message


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


# --- states travel as their records -----------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_state_travels_as_its_record_and_reads_back_equal(name: str) -> None:
    entry = cardgames.GAMES[name]
    state_type = type(entry.new_game(seed=1))
    for state in random_states(name, 2)[::5]:
        data = codec.encode(state)
        assert data == codec.encode(codec.record(state))
        assert set(data) == {"version", "game", "rules", "seed", "players", "first_dealer", "moves"}
        assert data["moves"] == [str(move) for move in state.moves]
        text = codec.dumps(state)
        assert json.loads(text) == data
        assert codec.loads(text, state_type, game=name) == state
        assert codec.decode(data, state_type, game=name) == state
        assert codec.decode(data, codec.GameRecord, game=name) == codec.record(state)


def test_a_stacked_deal_travels_in_a_states_json_as_card_text() -> None:
    order = kalter_schlag.order_for({1: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦"}, dealer=2)
    state = kalter_schlag.new_game(seed=9, first_dealer=2)
    state = kalter_schlag.apply(state, kalter_schlag.Deal(order=order))
    data = codec.encode(state)
    assert data["moves"] == ["deal " + " ".join(map(str, order))]
    again = codec.loads(codec.dumps(state), kalter_schlag.State, game="kalter-schlag")
    assert again == state
    assert kalter_schlag.view(again, 1).hand == kalter_schlag.view(state, 1).hand


def test_a_state_is_read_only_as_a_state_of_its_own_game() -> None:
    gin = cardgames.GAMES["gin-rummy"]
    data = codec.encode(gin.new_game(seed=1))
    with pytest.raises(errors.DecodeError, match=r"^game: a record of gin-rummy, not of kalter"):
        codec.decode(data, kalter_schlag.State, game="kalter-schlag")
    with pytest.raises(errors.DecodeError, match=r"^expected a record object, got None$"):
        codec.decode(None, kalter_schlag.State, game="kalter-schlag")
    with pytest.raises(errors.DecodeError, match=r"^version: missing field$"):
        codec.decode({}, kalter_schlag.State, game="kalter-schlag")


@pytest.mark.parametrize("name", NAMES)
def test_a_views_json_holds_its_fields_and_nothing_else(name: str) -> None:
    entry = cardgames.GAMES[name]
    for state in random_states(name, 4, hands=1)[::9]:
        for seat in range(state.players):
            seen = entry.view(state, seat)
            data = codec.encode(seen, game=name)
            assert set(data) == {field.name for field in attrs.fields(type(seen))}
            assert "seed" not in data
            assert "moves" not in data


# --- what the codec does not handle is refused, never half done ---------------------------


def test_encode_refuses_what_is_no_value_of_the_game() -> None:
    state = kalter_schlag.apply(kalter_schlag.new_game(seed=2), kalter_schlag.Deal())
    gin_view = cardgames.GAMES["gin-rummy"].view(cardgames.GAMES["gin-rummy"].new_game(seed=1), 0)
    for value in (state.match, state.hand_scores, state.history, object(), gin_view, [1]):
        with pytest.raises(errors.RulesError, match=r"^cannot encode .*: it is none of Kalter"):
            codec.encode(value, game="kalter-schlag")
    with pytest.raises(errors.RulesError, match=r"^cannot encode Match\("):
        codec.encode(state.match)  # the match tells its game, and is still no value to encode


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rules": object()}, "its rules must be Kalter Schlag Rules, not <object"),
        ({"seed": "7"}, "its seed must be a whole number, not '7'"),
        ({"players": None}, "its players must be a whole number, not None"),
        ({"version": 1.0}, "its version must be a whole number, not 1.0"),
        ({"moves": "deal"}, "its moves must be a tuple of Kalter Schlag moves, not 'deal'"),
        ({"moves": ("deal",)}, "its moves must be a tuple of Kalter Schlag moves"),
    ],
)
def test_a_record_of_the_wrong_kinds_is_not_encoded(changes: dict[str, Any], message: str) -> None:
    saved = attrs.evolve(codec.record(kalter_schlag.new_game(seed=1)), **changes)
    with pytest.raises(
        errors.RulesError, match=rf"^cannot encode the record: {re.escape(message)}"
    ):
        codec.dumps(saved)


def test_decode_refuses_a_kind_it_does_not_read() -> None:
    for kind in (
        int,
        kalter_schlag.Phase,
        dict,
        "View",
        None,
        cardgames.GAMES["gin-rummy"].rules_type,
    ):
        with pytest.raises(errors.RulesError, match=r"^cannot decode a .*: decode reads Kalter"):
            codec.decode({}, kind, game="kalter-schlag")  # type: ignore[arg-type]  # on purpose


def test_record_takes_a_state_only() -> None:
    with pytest.raises(errors.RulesError, match=r"^expected a state of a game \(gin-rummy, "):
        codec.record(kalter_schlag.Rules())
    with pytest.raises(errors.RulesError, match=r"^expected a state of a game"):
        codec.record(None)


@pytest.mark.parametrize("name", NAMES)
def test_none_and_a_list_are_no_view_score_or_hand_score(name: str) -> None:
    entry = cardgames.GAMES[name]
    state = random_states(name, 1, hands=1)[-1]
    kinds = [
        type(entry.view(state, 0)),
        type(entry.score(state)),
        type(entry.score(state).hands[0]),
    ]
    junk: tuple[object, ...] = (None, [], "x", 3, b"\xff")
    for kind in kinds:
        for data in junk:
            with pytest.raises(errors.DecodeError, match=r"^expected an object of fields, got "):
                codec.decode(data, kind, game=name)
    with pytest.raises(errors.DecodeError, match=r"^expected an object of options, got None$"):
        codec.decode(None, entry.rules_type, game=name)


@pytest.mark.parametrize("depth", [33, 500, 2000, 100_000])
def test_deep_nesting_is_refused_by_name(depth: int) -> None:
    nested: object = []
    for _ in range(depth):
        nested = [nested]
    data = kalter_schlag_record(rules={"target": nested})
    with pytest.raises(errors.DecodeError, match=r"^rules\.target\[0\]\[0\]…: lists and objects"):
        codec.decode_record(data)
    with pytest.raises(errors.DecodeError, match=r"^target\[0\]\[0\]…: lists and objects"):
        codec.decode({"target": nested}, kalter_schlag.Rules, game="kalter-schlag")
    if depth <= 2000:  # 1 to 4 KB of JSON: what a hostile client may send
        text = json.dumps(kalter_schlag_record(rules={"target": 0}))
        text = text.replace('"target": 0', '"target": ' + "[" * depth + "]" * depth)
        # The JSON parser has a depth limit of its own, which depends on the caller's stack.
        with pytest.raises(errors.DecodeError, match=r"^(rules\.target\[0\]\[0\]…|not JSON): "):
            codec.loads_record(text)


def test_data_that_holds_itself_is_refused() -> None:
    loop: list[object] = []
    loop.append(loop)
    with pytest.raises(errors.DecodeError, match=r"nested more than 32 deep$"):
        codec.decode({"target": loop}, kalter_schlag.Rules, game="kalter-schlag")
    state = kalter_schlag.apply(kalter_schlag.new_game(seed=2), kalter_schlag.Deal())
    data = codec.encode(kalter_schlag.view(state, 0), game="kalter-schlag")
    with pytest.raises(errors.DecodeError, match=r"^hand\[0\]\[0\]…: lists and objects"):
        codec.decode(data | {"hand": loop}, kalter_schlag.View, game="kalter-schlag")


def test_the_codecs_own_values_nest_well_within_the_limit() -> None:
    def depth(value: object) -> int:
        if isinstance(value, dict):
            return 1 + max(map(depth, value.values()), default=0)
        if isinstance(value, list):
            return 1 + max(map(depth, value), default=0)
        return 0

    deepest = 0
    for name in NAMES:
        entry = cardgames.GAMES[name]
        for state in random_states(name, 6)[::4]:
            values = [entry.view(state, seat) for seat in range(state.players)]
            values += [entry.score(state), state]
            deepest = max(deepest, *(depth(codec.encode(value, game=name)) for value in values))
    assert deepest <= codec.MAX_DEPTH // 4


# --- loading a record is its one replay ------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_loaded_record_replays_without_replaying_again(name: str) -> None:
    final = random_states(name, 3)[-1]
    loaded = codec.loads_record(codec.dumps(codec.record(final)))
    state = codec.replay(loaded)
    assert state == final
    assert codec.replay(loaded) is state  # the state loading built, not a second replay
    assert codec.replay(codec.record(final)) is final
    shorter = attrs.evolve(loaded, moves=loaded.moves[:-1])  # carries the longer match's state
    before = codec.replay(shorter)
    assert before.moves == final.moves[:-1]
    reseeded = attrs.evolve(loaded, seed=loaded.seed + 1)  # it keeps the other seed's state
    with pytest.raises(errors.DecodeError, match=r"^moves\[\d+\]: "):  # other cards were dealt
        codec.replay(reseeded)
    assert repr(loaded) == repr(codec.record(final))
