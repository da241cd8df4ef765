"""Tests of cardgames.validators: the attrs validators behind every game's Rules."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardgames import errors, validators


@attrs.frozen(kw_only=True)
class Options:
    flag: bool = attrs.field(default=False, validator=validators.boolean())
    count: int = attrs.field(default=5, validator=validators.integer(minimum=1, maximum=9))
    unbounded: int = attrs.field(default=0, validator=validators.integer())
    limit: int | None = attrs.field(
        default=None, validator=validators.optional_integer(minimum=0, maximum=3)
    )
    mode: str = attrs.field(default="a", validator=validators.choice(("a", "b")))


def test_valid_values() -> None:
    options = Options(flag=True, count=9, unbounded=-(10**12), limit=3, mode="b")
    assert options.count == 9
    assert Options(count=1, limit=0).limit == 0
    assert Options().limit is None


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"flag": 1}, "^flag must be True or False, not 1$"),
        ({"flag": None}, "^flag must be True or False, not None$"),
        ({"count": 0}, "^count must be at least 1, not 0$"),
        ({"count": 10}, "^count must be at most 9, not 10$"),
        ({"count": True}, "^count must be a whole number, not True$"),
        ({"count": "5"}, "^count must be a whole number, not '5'$"),
        ({"unbounded": 1.0}, "^unbounded must be a whole number, not 1.0$"),
        ({"limit": 4}, "^limit must be at most 3, not 4$"),
        ({"limit": -1}, "^limit must be at least 0, not -1$"),
        ({"limit": False}, "^limit must be a whole number, not False$"),
        ({"mode": "c"}, "^mode must be one of 'a', 'b', not 'c'$"),
    ],
)
def test_invalid_values_raise_rules_error(values: dict[str, object], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message) as caught:
        Options(**values)  # type: ignore[arg-type]  # wrong values on purpose
    assert isinstance(caught.value, ValueError)


class EqualsAll:
    """An object equal to everything: a membership test by ``==`` would let it through."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash("a")


class Text(str):
    """A str subclass: equal to its text, but not a plain str."""

    __slots__ = ()


@pytest.mark.parametrize("value", [EqualsAll(), Text("a"), b"a", None, ["a"]])
def test_choice_checks_the_type_before_equality(value: object) -> None:
    with pytest.raises(errors.RulesError, match=r"^mode must be one of 'a', 'b', not "):
        Options(mode=value)  # type: ignore[arg-type]  # a look-alike on purpose


class Size(enum.IntEnum):
    FIVE = 5


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (
            {"unbounded": 2**63},
            r"^unbounded must be at most 9223372036854775807, not 9223372036854775808$",
        ),
        (
            {"unbounded": 10**5000},
            r"^unbounded must be at most .*, not <a whole number of 16610 bits>$",
        ),
        ({"count": Size.FIVE}, "^count must be a whole number, not <Size.FIVE: 5>$"),
        ({"count": "x" * 10_000}, r"^count must be a whole number, not 'xxxx.{50,60}$"),
    ],
)
def test_integers_are_plain_and_bounded_and_quoted_short(
    values: dict[str, object], message: str
) -> None:
    with pytest.raises(errors.RulesError, match=message):
        Options(**values)  # type: ignore[arg-type]  # wrong values on purpose
    assert Options(unbounded=validators.LARGEST).unbounded == validators.LARGEST


BAD_BOUND: Any = "1"
BAD_CHOICES: Any = [1, 2]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: validators.integer(minimum=BAD_BOUND), "^minimum must be a whole number or None"),
        (
            lambda: validators.optional_integer(maximum=BAD_BOUND),
            "^maximum must be a whole number or None",
        ),
        (lambda: validators.choice("ab"), "^choices must be a collection of strings"),
        (lambda: validators.choice([]), "^choices must be a collection of strings"),
        (lambda: validators.choice(BAD_CHOICES), "^choices must be a collection of strings"),
    ],
)
def test_a_validator_is_made_from_bounds_and_choices_that_make_sense(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(errors.RulesError, match=message):
        make()


class Colour(enum.Enum, metaclass=validators.ExactLookup, what="colour"):
    RED = "red"
    BLUE = "blue"


class Plain(enum.Enum, metaclass=validators.ExactLookup):
    ONE = 1


def test_an_exact_lookup_takes_a_member_s_own_value_only() -> None:
    assert Colour("red") is Colour.RED
    assert Colour(Colour.BLUE) is Colour.BLUE
    assert Plain(1) is Plain.ONE
    for value in (True, 1.0, EqualsAll(), 10**5000, [1]):
        with pytest.raises(errors.RulesError, match=r"is not a Plain: use one of 1$"):
            Plain(value)
    with pytest.raises(
        errors.RulesError, match=r"^'green' is not a colour: use one of 'red', 'blue'$"
    ):
        Colour("green")
