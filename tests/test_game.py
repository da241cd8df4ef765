"""Tests of cardgames.game: the registry and the argument checks every game shares."""

from __future__ import annotations

import importlib
import pickle
import types
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import arguments, errors, game, kalter_schlag, matches, moves


def test_registry() -> None:
    assert "kalter-schlag" in cardgames.GAMES
    assert cardgames.GAMES is game.registry()
    for name, entry in cardgames.GAMES.items():
        assert entry.name == name
    entry = cardgames.GAMES["kalter-schlag"]
    assert game.register(entry) is entry  # the same entry again changes nothing
    assert cardgames.GAMES["kalter-schlag"] is entry
    assert cardgames.GAMES["kalter_schlag"] is entry
    assert "kalter_schlag" in cardgames.GAMES
    assert list(cardgames.GAMES) == [entry.name for entry in cardgames.GAMES.values()]
    assert len(cardgames.GAMES) == len(list(cardgames.GAMES))
    assert "kalter-schlag" in repr(cardgames.GAMES)
    for missing in ("kalter schlag", "chess", 7, None):
        assert missing not in cardgames.GAMES
        assert cardgames.GAMES.get(missing) is None  # type: ignore[arg-type]  # on purpose
        with pytest.raises(errors.UnknownGameError, match=r"^no game is named ") as caught:
            cardgames.GAMES[missing]  # type: ignore[index]  # not a name, on purpose
        assert isinstance(caught.value, KeyError)
        assert isinstance(caught.value, errors.CardgamesError)
        assert isinstance(caught.value, ValueError)
        assert "kalter-schlag" in str(caught.value)


def test_the_registry_is_read_only() -> None:
    games = cardgames.GAMES
    before = list(games)
    for name in ("_games", "add", "kalter_schlag", "new"):
        with pytest.raises(AttributeError, match="the registry of games is read-only"):
            setattr(games, name, {})
        with pytest.raises(AttributeError, match="the registry of games is read-only"):
            delattr(games, name)
    assert not hasattr(games, "add")
    assert not hasattr(games, "__setitem__")
    assert list(games) == before


@pytest.mark.parametrize("name", ["kalter-schlag", "kalter_schlag"])
def test_a_registered_name_cannot_be_taken_by_another_game(name: str) -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    impostor = attrs.evolve(entry, name=name, title="Impostor")
    with pytest.raises(errors.RulesError, match=r"is already registered: Kalter Schlag keeps"):
        game.register(impostor)
    assert cardgames.GAMES["kalter-schlag"] is entry


def test_the_registry_s_table_cannot_be_written_through() -> None:
    registry = game.registry()
    table: Any = registry._games  # noqa: SLF001  # what a caller could reach, on purpose
    with pytest.raises(TypeError):
        table["chess"] = table["kalter-schlag"]
    assert "chess" not in cardgames.GAMES


def test_a_sheet_s_parts_cannot_be_deleted() -> None:
    state = cardgames.GAMES["kalter-schlag"].new_game(seed=1)
    sheet = state.hand_scores
    for name in ("_chain", "_items"):
        with pytest.raises(AttributeError, match="a score sheet cannot be changed"):
            delattr(sheet, name)
    assert len(sheet) == 0
    assert hash(state) == hash(cardgames.GAMES["kalter-schlag"].new_game(seed=1))


@pytest.mark.parametrize("entry", [None, "kalter-schlag", object()])
def test_only_a_game_can_be_registered(entry: object) -> None:
    with pytest.raises(errors.RulesError, match=r"^only a Game can be registered"):
        game.register(entry)  # type: ignore[type-var]  # a wrong value on purpose


def test_package_exports() -> None:
    assert set(cardgames.__all__) == {"GAMES", "__version__", "cards", "errors"}
    assert isinstance(cardgames.__version__, str)


def _publishes_its_all_and_no_module(package: types.ModuleType) -> None:
    """Assert that a package's own modules are internal and its ``__all__`` is all there."""
    own = {
        attribute: value.__name__
        for attribute, value in vars(package).items()
        if isinstance(value, types.ModuleType) and value.__name__.startswith(package.__name__)
    }
    assert own, "the package's modules are reached as its attributes"
    assert all(attribute.startswith("_") for attribute in own), own
    assert all(module.rsplit(".", 1)[1].startswith("_") for module in own.values()), own
    assert all(hasattr(package, each) for each in package.__all__)


@pytest.mark.parametrize("name", list(cardgames.GAMES))
def test_a_game_package_publishes_its_all_and_no_module(name: str) -> None:
    package = importlib.import_module(f"cardgames.{name.replace('-', '_')}")
    _publishes_its_all_and_no_module(package)
    assert "GAME" in package.__all__
    assert "ABOUT" in package.__all__


@pytest.mark.parametrize("name", ["cardgames.game", "cardgames.simulate"])
def test_a_core_package_publishes_its_all_and_no_module(name: str) -> None:
    _publishes_its_all_and_no_module(importlib.import_module(name))


def test_neither_an_entry_nor_the_registry_can_be_pickled() -> None:
    # Game is defined in cardgames.game._entry and Registry in cardgames.game: a pickle would
    # record that module, but neither can be pickled (an entry holds its encoding module, the
    # registry a read-only view), so no pickle depends on where they are defined.
    for value in (cardgames.GAMES["kalter-schlag"], cardgames.GAMES):
        with pytest.raises(TypeError, match="cannot pickle"):
            pickle.dumps(value)


@pytest.mark.parametrize("seed", [0, 7, -3, 2**80])
def test_start_seed_keeps_a_seed(seed: int) -> None:
    assert arguments.start_seed(seed) == seed


def test_start_seed_draws_a_fresh_seed_for_none() -> None:
    seeds = {arguments.start_seed(None) for _ in range(3)}
    assert all(type(seed) is int and 0 <= seed < 2**63 for seed in seeds)
    assert len(seeds) == 3


@pytest.mark.parametrize("seed", ["7", 1.0, True, [1]])
def test_start_seed_rejects_others(seed: object) -> None:
    with pytest.raises(
        errors.RulesError,
        match=r"^seed must be a whole number \(of at most 256 bits\) or None, not ",
    ):
        arguments.start_seed(seed)


def test_check_seat() -> None:
    assert arguments.check_seat(0, 4) == 0
    assert arguments.check_seat(3, 4) == 3
    for seat in (-1, 4, True, "1", None, 1.0):
        with pytest.raises(errors.RulesError, match=r"^seat must be a seat from 0 to 3, not "):
            arguments.check_seat(seat, 4)
    with pytest.raises(errors.RulesError, match=r"^dealer must be a seat from 0 to 4, not 5$"):
        arguments.check_seat(5, 5, what="dealer")


def test_error_hierarchy() -> None:
    for kind in (
        errors.RulesError,
        errors.CardParseError,
        errors.MoveParseError,
        errors.DecodeError,
        errors.IllegalMoveError,
    ):
        assert issubclass(kind, errors.CardgamesError)
        assert issubclass(kind, ValueError)
    assert issubclass(errors.NotYourTurnError, errors.IllegalMoveError)
    assert issubclass(errors.MatchOverError, errors.IllegalMoveError)
    refused = errors.NotYourTurnError("not your turn", move="deal", seat=2)
    assert (refused.reason, refused.move, refused.seat, str(refused)) == (
        "not your turn",
        "deal",
        2,
        "not your turn",
    )


@pytest.mark.parametrize("players", [4.0, True, "4", 3, 6])
def test_check_players_rejects_what_is_not_an_allowed_count(players: object) -> None:
    with pytest.raises(errors.RulesError, match=r"^Some Game is played by 4 or 5 players, not "):
        arguments.check_players(players, (4, 5), says="Some Game is played by 4 or 5 players")


def test_check_players_defaults_to_the_usual_count() -> None:
    assert arguments.check_players(None, (4, 5), says="") == 4
    assert arguments.check_players(5, (4, 5), says="") == 5


def test_check_rules() -> None:
    rules = cardgames.GAMES["kalter-schlag"].rules_type
    assert arguments.check_rules(None, rules, "kalter_schlag") == rules()
    with pytest.raises(errors.RulesError, match=r"^expected kalter_schlag\.Rules, not dict$"):
        arguments.check_rules({}, rules, "kalter_schlag")


def test_check_turn() -> None:
    assert arguments.check_turn(2, None, "move") == 2
    assert arguments.check_turn(2, 2, "move") == 2
    with pytest.raises(errors.MatchOverError, match="the match is over") as over:
        arguments.check_turn(None, 1, "move")
    assert over.value.seat == 1
    with pytest.raises(errors.NotYourTurnError, match=r"seat 2 is to move, not seat 1$") as other:
        arguments.check_turn(2, 1, "move")
    assert (other.value.seat, other.value.move) == (1, "move")


@pytest.mark.parametrize("seat", [True, "2", 2.0, -1, [2]])
def test_check_turn_refuses_what_is_no_seat_as_a_bad_argument(seat: object) -> None:
    # A value that is no seat number at all is the caller's mistake, not a move out of turn.
    with pytest.raises(errors.RulesError, match=r"^seat must be a seat number") as caught:
        arguments.check_turn(2, seat, "move")
    assert not isinstance(caught.value, errors.IllegalMoveError)


def test_check_turn_refuses_a_stacked_deal_of_a_deal_subclass() -> None:
    class Sneaky(moves.Deal):
        pass

    with pytest.raises(errors.IllegalMoveError, match="a stacked deal is not a player's move"):
        arguments.check_turn(0, 0, Sneaky(order="A♠ K♠"))


def test_start_seed() -> None:
    assert arguments.start_seed(5) == 5
    fresh = arguments.start_seed(None)
    assert isinstance(fresh, int)
    assert 0 <= fresh < 2**63
    with pytest.raises(errors.RulesError):
        arguments.start_seed("5")


def test_check_state_names_what_was_expected() -> None:
    ks = cardgames.GAMES["kalter-schlag"]
    sr = cardgames.GAMES["staekske-rape"]
    state_type = type(ks.new_game(seed=1))
    own = ks.new_game(seed=1)
    assert arguments.check_state(own, state_type, "kalter_schlag") is own
    for value, named in (
        (sr.new_game(seed=1), "a staekske_rape.State"),
        (ks.view(own, 0), "a kalter_schlag.View"),
        (ks, "a game.Game"),  # named by its package, as a game's state is
        (None, "None"),
        ("state", "'state'"),
    ):
        with pytest.raises(errors.RulesError) as caught:
            arguments.check_state(value, state_type, "kalter_schlag")
        assert str(caught.value) == (
            "expected a kalter_schlag.State (from kalter_schlag.new_game or apply), not " + named
        )


def test_check_step_needs_the_state_after_the_move() -> None:
    ks = cardgames.GAMES["kalter-schlag"]
    before = ks.new_game(seed=1)
    deal = ks.legal_moves(before)[0]
    after = ks.apply(before, deal)
    matches.check_step(before, deal, after)
    with pytest.raises(errors.RulesError, match=r"^after must be the state that"):
        matches.check_step(after, deal, before)
    with pytest.raises(errors.RulesError, match=r"^after must be the state that"):
        matches.check_step(before, ks.legal_moves(after)[0], after)
    with pytest.raises(errors.RulesError, match=r"^expected two states"):
        matches.check_step(None, deal, after)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seed": None}, "seed must be a whole number of at most 256 bits, not None"),
        ({"seed": "5"}, "seed must be a whole number of at most 256 bits, not '5'"),
        ({"moves": "deal"}, "moves must be a sequence of moves or move texts, not 'deal'"),
        ({"moves": 5}, "moves must be a sequence of moves or move texts, not 5"),
        ({"moves": {"deal": 1}}, "moves must be a sequence of moves or move texts"),
        ({"rules": {}}, "expected kalter_schlag.Rules, not dict"),
        ({"players": None}, r"needs the match's own players \(state.players\), a whole number"),
        ({"first_dealer": None}, r"needs the match's own first_dealer \(state.first_dealer\)"),
        ({"players": "4"}, "needs the match's own players"),
    ],
)
def test_replay_refuses_what_cannot_replay_a_match(
    arguments: dict[str, object], message: str
) -> None:
    given: dict[str, object] = {
        "rules": None,
        "seed": 1,
        "moves": [],
        "players": 4,
        "first_dealer": 0,
        **arguments,
    }
    with pytest.raises(errors.RulesError, match=message):
        cardgames.GAMES["kalter-schlag"].replay(**given)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("texts", "error", "message"),
    [
        (
            ["deal", "deal"],
            errors.IllegalMoveError,
            r"^moves\[1\]: 'deal': the hand is being played",
        ),
        (["deal", "jump"], errors.MoveParseError, r"^moves\[1\]: cannot read 'jump'"),
    ],
)
def test_replay_names_the_place_of_the_move_it_refuses(
    texts: list[str], error: type[errors.CardgamesError], message: str
) -> None:
    with pytest.raises(error, match=message) as refused:
        kalter_schlag.replay(None, 3, texts, players=4, first_dealer=0)
    if isinstance(refused.value, errors.IllegalMoveError):  # the refused move and its seat kept
        assert refused.value.move == kalter_schlag.Deal()
        assert refused.value.reason == str(refused.value)


@pytest.mark.parametrize("name", list(cardgames.GAMES))
@pytest.mark.parametrize("missing", ["players", "first_dealer"])
def test_no_game_replays_without_every_fact_of_its_match(name: str, missing: str) -> None:
    entry = cardgames.GAMES[name]
    state = entry.new_game(seed=3)
    facts = {"players": state.players, "first_dealer": state.first_dealer, missing: None}
    with pytest.raises(errors.RulesError, match=f"needs the match's own {missing}"):
        entry.replay(None, 3, [], **facts)


@pytest.mark.parametrize(
    "players", [0, -1, 101, 2**63, pytest.param(10**5000, id="5000 digits"), True, 4.0]
)
def test_a_match_has_a_sensible_number_of_seats(players: object) -> None:
    with pytest.raises(errors.RulesError, match=r"^players must be a whole number from 1 to 100"):
        matches.Match.opening("rules", 7, players, first_dealer=0)  # type: ignore[arg-type]


def test_replay_none_none_does_not_start_a_random_match() -> None:
    with pytest.raises(errors.RulesError, match=r"^seed must be a whole number"):
        cardgames.GAMES["kalter-schlag"].replay(None, None, [], players=4, first_dealer=0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: arguments.check_seat(1, 0), "^players must be a whole number of 1 or more"),
        (lambda: arguments.check_seat(9, 4, what=7), "^what must be text"),  # type: ignore[arg-type]
        (
            lambda: arguments.check_players(4, [4], says=""),  # type: ignore[arg-type]
            "^allowed must be a tuple of player counts",
        ),
        (lambda: arguments.check_players(3, (4,), says=None), "^says must be text"),  # type: ignore[arg-type]
        (lambda: arguments.check_rules(None, "Rules", "x"), "^rules_type must be a class"),  # type: ignore[arg-type]
        (lambda: arguments.check_state(None, "State", "x"), "^state_type must be a class"),  # type: ignore[arg-type]
        (lambda: arguments.check_turn("1", None, "move"), "^mover must be a seat or None"),  # type: ignore[arg-type]
    ],
)
def test_the_checks_check_their_own_arguments(call: Callable[[], object], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        call()


class EqualsAll:
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 2


def test_check_turn_and_check_seat_are_not_fooled_by_equality() -> None:
    with pytest.raises(errors.RulesError, match=r"^seat must be a seat number"):
        arguments.check_turn(2, EqualsAll(), "move")
    with pytest.raises(errors.RulesError, match=r"^seat must be a seat from 0 to 3"):
        arguments.check_seat(EqualsAll(), 4)


def test_seeds_have_at_most_256_bits() -> None:
    assert arguments.start_seed(2**256 - 1) == 2**256 - 1
    with pytest.raises(errors.RulesError, match=r"^seed must be a whole number \(of at most 256"):
        arguments.start_seed(2**256)
    with pytest.raises(errors.RulesError, match=r"not <a whole number of 16610 bits>$"):
        arguments.start_seed(10**5000)


@pytest.mark.parametrize("value", [None, "kalter-schlag", cardgames.GAMES])
def test_check_game_takes_a_registry_entry(value: object) -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    assert game.check_game(entry) is entry
    with pytest.raises(errors.RulesError, match=r"^expected a game such as cardgames.GAMES"):
        game.check_game(value)


def test_sheet_grows_by_sharing_and_reads_like_a_tuple() -> None:
    hands = [matches.HandScore(number, (number, 0), f"hand {number}") for number in range(1, 6)]
    sheet: matches.Sheet[matches.HandScore] = matches.Sheet()
    assert (len(sheet), tuple(sheet), bool(sheet)) == (0, (), False)
    grown = []
    for hand in hands:
        sheet = sheet.add(hand)
        grown.append(sheet)
    assert tuple(sheet) == tuple(hands)
    assert sheet[-1] is hands[-1]
    assert sheet[0] is hands[0]
    assert sheet[1:3] == tuple(hands[1:3])
    assert len(sheet) == 5
    assert [len(earlier) for earlier in grown] == [1, 2, 3, 4, 5]
    empty: matches.Sheet[matches.HandScore] = matches.Sheet()
    again = empty.add(hands[0]).add(hands[1]).add(hands[2])
    assert grown[2] == again
    assert hash(grown[2]) == hash(again)
    assert grown[2] != grown[3]
    assert pickle.loads(pickle.dumps(sheet)) == sheet  # noqa: S301  # our own pickle
    assert "5 hands" in repr(sheet)
    with pytest.raises(AttributeError, match="a score sheet cannot be changed"):
        sheet._chain = None  # noqa: SLF001  # assignment refused on purpose
    # A hundred thousand hands: adding one never copies the ones before (a bound, not a timing).
    many: matches.Sheet[matches.HandScore] = matches.Sheet()
    for _ in range(100_000):
        many = many.add(hands[0])
    assert len(many) == 100_000
