"""Tests of cardgames._frozen: a builder makes what the class makes, or refuses the class."""

from __future__ import annotations

import pickle

import attrs
import pytest

import cardgames
import playing
from cardgames import _frozen, tricks


@attrs.frozen
class Pair:
    first: int
    second: tuple[int, ...] = ()


def test_a_builder_makes_what_the_class_makes() -> None:
    make = _frozen.builder(Pair)
    built = make(1, (2, 3))
    assert built == Pair(1, (2, 3))
    assert type(built) is Pair
    assert make(1) == Pair(1)
    assert make(second=(4,), first=5) == Pair(5, (4,))
    assert pickle.loads(pickle.dumps(built)) == built  # noqa: S301  # our own bytes
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.first = 2  # type: ignore[misc]  # frozen, on purpose
    with pytest.raises(TypeError):
        make()  # type: ignore[call-arg]  # first is missing, on purpose


@attrs.frozen
class Summed:
    first: int
    second: int = 0
    total: int = attrs.field(init=False, eq=False)

    @total.default
    def _total(self) -> int:
        return self.first + self.second


def test_a_builder_works_out_a_derived_field_as_the_class_does() -> None:
    make = _frozen.builder(Summed)
    assert make(1, 2).total == Summed(1, 2).total == 3
    assert make(4).total == 4


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_every_state_rebuilt_by_a_builder_is_equal(name: str) -> None:
    for state in playing.random_states(name, 5, hands=1):
        kind = type(state)
        fields = attrs.fields(kind)
        values = [getattr(state, field.name) for field in fields if field.init]
        again = _frozen.builder(kind)(*values)
        assert again == state
        assert hash(again) == hash(state)
        assert repr(again) == repr(state)
        assert all(getattr(again, field.name) == getattr(state, field.name) for field in fields)


def test_a_trick_rebuilt_by_a_builder_is_equal() -> None:
    trick = tricks.Trick(((0, cardgames.cards.Card.parse("Q♥")),), 0)
    assert _frozen.builder(tricks.Trick)(trick.plays, trick.winner) == trick


@attrs.frozen
class Checked:
    value: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen
class Converted:
    value: int = attrs.field(converter=int)


@attrs.frozen
class Made:
    values: tuple[int, ...] = attrs.field(factory=tuple)


@attrs.frozen
class Fixed:
    value: int
    double: int = attrs.field(init=False, default=2)


@attrs.frozen
class Finished:
    value: int

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "value", self.value + 1)


@attrs.define(slots=False)
class Loose:
    value: int


class Plain:
    pass


@pytest.mark.parametrize("kind", [Checked, Converted, Made, Fixed, Finished, Loose, Plain, int])
def test_a_class_whose_init_does_more_than_store_is_refused(kind: type) -> None:
    with pytest.raises(TypeError, match=r"^builder"):
        _frozen.builder(kind)


def test_an_evolver_copies_as_attrs_evolve_does() -> None:
    change = _frozen.evolver(Summed)
    before = Summed(1, 2)
    after = change(before, second=5)
    assert after == attrs.evolve(before, second=5) == Summed(1, 5)
    assert after.total == 6  # worked out again
    assert change(before) == before
    with pytest.raises(TypeError):
        change(before, total=3)  # not an argument of Summed
    with pytest.raises(TypeError):
        change(before, third=3)


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_an_evolver_of_a_state_and_its_match_is_attrs_evolve(name: str) -> None:
    for state in playing.random_states(name, 9, hands=1):
        kind, match = type(state), state.match
        assert _frozen.evolver(kind)(state, history=None) == attrs.evolve(state, history=None)
        again = _frozen.evolver(type(match))(match, hand_number=match.hand_number + 1)
        assert again == attrs.evolve(match, hand_number=match.hand_number + 1)
