"""attrs validators that raise :class:`~cardgames.errors.RulesError` for impossible options.

The games' ``Rules`` classes check every field at construction with these, so a ``Rules`` value
that exists is a playable one. Each checks the value's type first: a value that merely compares
equal to an allowed one (``1`` for ``True``, an object whose ``==`` always answers True) is
refused.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from typing import Any, Final, cast

import attrs

from cardgames import errors

__all__ = ["LARGEST", "ExactLookup", "boolean", "choice", "integer", "optional_integer"]

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]

LARGEST: Final = 2**63 - 1
"""The largest whole number an option may hold unless its own bound is lower: a 64-bit integer,
as every JSON reader and every other language can carry."""


class ExactLookup(enum.EnumType):
    """The metaclass of the library's enums: a lookup by value takes a member's own value only.

    ``Suit(2)`` is ``Suit.HEARTS``, but ``Suit(True)``, ``Suit(2.0)`` or an object that equals
    everything is not, as Python's own lookup by ``==`` would have it; anything that is no
    member's value goes to the enum's ``_missing_``, which raises the library's error, before
    Python would print the value into a ``ValueError`` of its own (which fails for a number of
    more than 4,300 digits). The functional API (``Suit("Name", names)``) is Python's.

    An enum names what its members are with the class keyword ``what`` (``class
    Phase(enum.StrEnum, metaclass=ExactLookup, what="phase")``); a value that is no member is
    then refused as "'x' is not a phase: use one of 'deal', 'play'", unless the enum words its
    own refusal in ``_missing_``.

    Example:
        >>> class Side(enum.StrEnum, metaclass=ExactLookup, what="side"):
        ...     LEFT = "left"
        ...     RIGHT = "right"
        >>> Side("left") is Side.LEFT
        True
        >>> Side("up")
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: 'up' is not a side: use one of 'left', 'right'
    """

    def __new__(
        metacls,
        name: str,
        bases: tuple[type, ...],
        namespace: Any,  # noqa: ANN401  # the enum's class namespace, Python's own type
        *,
        what: str | None = None,
        **kwargs: Any,  # noqa: ANN401  # Python's enum keywords (boundary)
    ) -> ExactLookup:
        """Make the enum class, keeping ``what`` its members are (its own name by default)."""
        kind = super().__new__(metacls, name, bases, namespace, **kwargs)
        type.__setattr__(kind, "_what", what or name)
        return kind

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:  # noqa: ANN401  # a member
        """Return the member whose value is ``value``; let ``_missing_`` refuse anything else."""
        if args or kwargs:
            return super().__call__(value, *args, **kwargs)
        return _member(cast("type[enum.Enum]", cls), value)


def _member(kind: type[enum.Enum], value: object) -> enum.Enum:
    """Return the member of ``kind`` whose value is ``value`` (of the same type), or refuse it."""
    if type(value) is kind:
        return value
    if any(type(value) is type(member.value) for member in kind):
        found = kind._value2member_map_.get(value)
        if found is not None:
            return found
    refused = kind._missing_(value)  # the enum's own error; a member if it reads the value
    if not isinstance(refused, kind):
        what = getattr(kind, "_what", kind.__name__)
        names = ", ".join(repr(member.value) for member in kind)
        raise errors.RulesError(f"{errors.quote(value)} is not a {what}: use one of {names}")
    return refused


def _strings(choices: object) -> bool:
    """Return whether ``choices`` is a non-empty collection of plain strings (not one string)."""
    return (
        isinstance(choices, Collection)
        and not isinstance(choices, str)
        and bool(choices)
        and all(type(item) is str for item in choices)
    )


def boolean() -> Validator:
    """Accept True or False only (not 0, 1 or other truthy values)."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, bool):
            raise errors.RulesError(
                f"{attribute.name} must be True or False, not {errors.quote(value)}"
            )

    return check


def _bound(value: object, name: str) -> None:
    """Raise RulesError unless a validator's bound is an int or None."""
    if value is not None and type(value) is not int:
        raise errors.RulesError(f"{name} must be a whole number or None, not {errors.quote(value)}")


def integer(*, minimum: int | None = None, maximum: int | None = None) -> Validator:
    """Accept an int (not a bool, nor a subclass) within the bounds, both inclusive.

    Without ``maximum`` the bound is :data:`LARGEST`.

    Raises:
        RulesError: If a bound is neither a whole number nor None.
    """
    _bound(minimum, "minimum")
    _bound(maximum, "maximum")
    highest = LARGEST if maximum is None else maximum

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int:
            raise errors.RulesError(
                f"{attribute.name} must be a whole number, not {errors.quote(value)}"
            )
        if minimum is not None and value < minimum:
            raise errors.RulesError(
                f"{attribute.name} must be at least {minimum}, not {errors.quote(value)}"
            )
        if value > highest:
            raise errors.RulesError(
                f"{attribute.name} must be at most {highest}, not {errors.quote(value)}"
            )

    return check


def optional_integer(*, minimum: int | None = None, maximum: int | None = None) -> Validator:
    """Accept None or an int within the bounds (see :func:`integer`).

    Raises:
        RulesError: If a bound is neither a whole number nor None.
    """
    inner = integer(minimum=minimum, maximum=maximum)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def choice(choices: Collection[str]) -> Validator:
    """Accept one of the given strings, as a plain ``str``.

    Membership is checked on the type first and then by the string's own equality, so a value
    that only pretends to be equal (a ``str`` subclass, an enum member, an object whose ``==``
    always answers True) is refused.

    Raises:
        RulesError: If ``choices`` is not a collection of strings.

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Options:
        ...     mode: str = attrs.field(default="a", validator=choice(("a", "b")))
        >>> class Liar:
        ...     def __eq__(self, other: object) -> bool:
        ...         return True
        >>> Options(mode=Liar())
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: mode must be one of 'a', 'b', not <...Liar object at ...>
    """
    if not _strings(choices):
        raise errors.RulesError(
            f"choices must be a collection of strings, not {errors.quote(choices)}"
        )
    allowed = frozenset(choices)
    listed = ", ".join(repr(item) for item in choices)

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not str or value not in allowed:
            raise errors.RulesError(
                f"{attribute.name} must be one of {listed}, not {errors.quote(value)}"
            )

    return check
