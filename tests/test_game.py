"""Tests of cardgames.game: the registry and the argument checks every game shares."""

from __future__ import annotations

import pytest

import cardgames
from cardgames import errors, game


def test_registry() -> None:
    assert "kalter-schlag" in cardgames.GAMES
    assert cardgames.GAMES is game.registry()
    for name, entry in cardgames.GAMES.items():
        assert entry.name == name
    entry = cardgames.GAMES["kalter-schlag"]
    assert game.register(entry) is entry
    assert cardgames.GAMES["kalter-schlag"] is entry
    assert cardgames.GAMES["kalter_schlag"] is entry
    assert "kalter_schlag" in cardgames.GAMES
    assert list(cardgames.GAMES) == [entry.name for entry in cardgames.GAMES.values()]
    assert len(cardgames.GAMES) == len(list(cardgames.GAMES))
    assert "kalter-schlag" in repr(cardgames.GAMES)
    for missing in ("kalter schlag", "chess", 7, None):
        assert missing not in cardgames.GAMES
        with pytest.raises(KeyError):
            cardgames.GAMES[missing]  # type: ignore[index]  # not a name, on purpose


def test_package_exports() -> None:
    assert set(cardgames.__all__) == {"GAMES", "__version__", "cards", "errors"}
    assert isinstance(cardgames.__version__, str)


@pytest.mark.parametrize("seed", [None, 0, 7, -3, 2**80])
def test_check_seed_accepts_ints_and_none(seed: int | None) -> None:
    assert game.check_seed(seed) == seed


@pytest.mark.parametrize("seed", ["7", 1.0, True, [1]])
def test_check_seed_rejects_others(seed: object) -> None:
    with pytest.raises(errors.RulesError, match="seed must be a whole number or None, not "):
        game.check_seed(seed)


def test_check_seat() -> None:
    assert game.check_seat(0, 4) == 0
    assert game.check_seat(3, 4) == 3
    for seat in (-1, 4, True, "1", None, 1.0):
        with pytest.raises(errors.RulesError, match=r"^seat must be a seat from 0 to 3, not "):
            game.check_seat(seat, 4)
    with pytest.raises(errors.RulesError, match=r"^dealer must be a seat from 0 to 4, not 5$"):
        game.check_seat(5, 5, what="dealer")


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
        game.check_players(players, (4, 5), says="Some Game is played by 4 or 5 players")


def test_check_players_defaults_to_the_usual_count() -> None:
    assert game.check_players(None, (4, 5), says="") == 4
    assert game.check_players(5, (4, 5), says="") == 5


def test_check_rules() -> None:
    rules = cardgames.GAMES["kalter-schlag"].rules_type
    assert game.check_rules(None, rules, "kalter_schlag") == rules()
    with pytest.raises(errors.RulesError, match=r"^expected kalter_schlag\.Rules, not dict$"):
        game.check_rules({}, rules, "kalter_schlag")


def test_check_turn() -> None:
    assert game.check_turn(2, None, "move") == 2
    assert game.check_turn(2, 2, "move") == 2
    with pytest.raises(errors.MatchOverError, match="the match is over") as over:
        game.check_turn(None, 1, "move")
    assert over.value.seat == 1
    with pytest.raises(errors.NotYourTurnError, match=r"seat 2 is to move, not seat 1$") as other:
        game.check_turn(2, 1, "move")
    assert (other.value.seat, other.value.move) == (1, "move")
    with pytest.raises(errors.NotYourTurnError, match=r"seat 1 is to move, not True$") as odd:
        game.check_turn(1, True, "move")  # noqa: FBT003  # a bool where a seat goes, on purpose
    assert odd.value.seat is None


def test_start_seed() -> None:
    assert game.start_seed(5) == 5
    fresh = game.start_seed(None)
    assert isinstance(fresh, int)
    assert 0 <= fresh < 2**63
    with pytest.raises(errors.RulesError):
        game.start_seed("5")
