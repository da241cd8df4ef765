"""attrs validators that raise :class:`~cardgames.errors.RulesError` for impossible options.

The games' ``Rules`` classes check every field at construction with these, so a ``Rules`` value
that exists is a playable one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import attrs

from cardgames import errors

__all__ = ["boolean", "choice", "integer", "optional_integer"]

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def boolean() -> Validator:
    """Accept True or False only (not 0, 1 or other truthy values)."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, bool):
            raise errors.RulesError(f"{attribute.name} must be True or False, not {value!r}")

    return check


def integer(*, minimum: int | None = None, maximum: int | None = None) -> Validator:
    """Accept an int (not a bool) within the bounds, both inclusive."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise errors.RulesError(f"{attribute.name} must be a whole number, not {value!r}")
        if minimum is not None and value < minimum:
            raise errors.RulesError(f"{attribute.name} must be at least {minimum}, not {value}")
        if maximum is not None and value > maximum:
            raise errors.RulesError(f"{attribute.name} must be at most {maximum}, not {value}")

    return check


def optional_integer(*, minimum: int | None = None, maximum: int | None = None) -> Validator:
    """Accept None or an int within the bounds."""
    inner = integer(minimum=minimum, maximum=maximum)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def choice(choices: Collection[str]) -> Validator:
    """Accept one of the given strings."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in choices:
            listed = ", ".join(repr(item) for item in choices)
            raise errors.RulesError(f"{attribute.name} must be one of {listed}, not {value!r}")

    return check
