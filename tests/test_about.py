"""Tests of cardgames.about: a game's facts, declared once, and the checks that read them."""

from __future__ import annotations

import importlib
import types
import typing

import attrs
import pytest

import cardgames
from cardgames import about, errors, kalter_schlag, mariage

GAMES = list(cardgames.GAMES)


def _package(name: str) -> types.ModuleType:
    """The package of a registered game."""
    return importlib.import_module(f"cardgames.{name.replace('-', '_')}")


def _about(name: str) -> about.About[typing.Any, typing.Any]:
    """The ABOUT of a registered game."""
    facts: about.About[typing.Any, typing.Any] = _package(name).ABOUT
    return facts


@pytest.mark.parametrize("name", GAMES)
def test_move_classes_are_the_members_of_the_game_s_move_union(name: str) -> None:
    facts = _about(name)
    package = _package(name)
    assert facts.move_type is package.Move
    assert facts.move_classes == frozenset(typing.get_args(package.Move))
    assert all(
        type(move) in facts.move_classes for move in package.legal_moves(package.new_game(seed=1))
    )


def test_one_class_is_a_move_type_too() -> None:
    facts = attrs.evolve(kalter_schlag.ABOUT, move_type=kalter_schlag.Double)
    assert facts.move_classes == frozenset({kalter_schlag.Double})


NOT_MOVE_TYPES = [None, "Move", 7, typing.Union[int, typing.List[int]], list[int]]  # noqa: UP006, UP007
"""No class, nor a union of classes only (typing.List[int] is no class)."""


@pytest.mark.parametrize("junk", NOT_MOVE_TYPES)
def test_a_move_type_is_a_class_or_a_union_of_classes(junk: object) -> None:
    with pytest.raises(errors.RulesError, match=r"^move_type must be a class or a union of "):
        attrs.evolve(kalter_schlag.ABOUT, move_type=junk)


@pytest.mark.parametrize("name", GAMES)
def test_check_step_takes_a_move_and_the_state_it_made(name: str) -> None:
    entry = cardgames.GAMES[name]
    facts = _about(name)
    before = entry.new_game(seed=5)
    move = entry.legal_moves(before)[0]
    after = entry.apply(before, move)
    facts.check_step(before, move, after)  # made from before itself: nothing to refuse
    rebuilt = entry.apply(entry.new_game(seed=5), move)  # equal, with a history of its own
    facts.check_step(before, move, rebuilt)
    with pytest.raises(errors.RulesError, match=r"^after must be the state that "):
        facts.check_step(after, move, before)
    with pytest.raises(errors.RulesError, match=rf"^expected a {facts.title} move, not 'deal'"):
        facts.check_step(before, "deal", after)


def test_check_step_refuses_another_game_s_states() -> None:
    ks = kalter_schlag.new_game(seed=2)
    with pytest.raises(errors.RulesError, match="mariage"):
        mariage.ABOUT.check_step(
            ks, kalter_schlag.Deal(), kalter_schlag.apply(ks, kalter_schlag.Deal())
        )


@pytest.mark.parametrize("name", GAMES)
def test_every_narrate_refuses_a_move_of_another_kind(name: str) -> None:
    entry = cardgames.GAMES[name]
    before = entry.new_game(seed=3)
    after = entry.apply(before, entry.legal_moves(before)[0])
    with pytest.raises(errors.RulesError, match=rf"^expected a {entry.title} move, not 7$"):
        entry.narrate(before, 7, after)  # not a move, on purpose
