"""Tests of cardgames.validators: the attrs validators behind every game's Rules."""

from __future__ import annotations

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
