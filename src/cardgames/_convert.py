"""The converter behind :mod:`cardgames.codec`: internal, not API, free to change.

For each registered game it holds:

* the kinds table (:class:`Kinds`): which types the codec reads and writes, read once from the
  types the game's own functions declare;
* the cattrs converter (:func:`converter_for`) and its hooks: cards and moves as their text,
  enums by member name, attrs values as objects of exactly their fields, ints, booleans and
  text strictly, and the game's ``Rules`` option by option;
* the checks on the data around it: :func:`structure` refuses data nested deeper than
  :data:`MAX_DEPTH` before the converter recurses into it and names the bad field's path in
  every error, and :func:`check_json` refuses to hand out anything that is not plain JSON.

These functions trust their arguments (a registered game's name, a kind from its table):
:mod:`cardgames.codec` checks what its callers pass before it calls them. They do not trust the
data, which comes from outside.

Example:
    >>> from cardgames import _convert, kalter_schlag
    >>> _convert.structure("kalter-schlag", {"target": "x"}, kalter_schlag.Rules, "rules")
    Traceback (most recent call last):
    ...
    cardgames.errors.DecodeError: rules.target: target must be a whole number, not 'x'
"""

from __future__ import annotations

import difflib
import enum
import functools
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from typing import Final, TypeVar

import attrs
import cattrs
import cattrs.errors
import cattrs.gen

import cardgames
from cardgames import cards, errors, game, matches

MAX_DEPTH: Final = 32
"""The deepest nesting of lists and objects read (documented as ``codec.MAX_DEPTH``)."""

ValueT = TypeVar("ValueT")


class _FieldError(errors.DecodeError):
    """A DecodeError about one named field inside the value being read."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key}: {reason}")
        self.key = key
        self.reason = reason


def _is_union(kind: object) -> bool:
    """Whether a type is a union (``X | Y``, ``Optional[X]``)."""
    return typing.get_origin(kind) in (typing.Union, types.UnionType)


def _is_plain_union(kind: object) -> bool:
    """Whether a type is a union of two or more kinds besides None (cattrs handles ``X | None``)."""
    return _is_union(kind) and len([m for m in typing.get_args(kind) if m is not type(None)]) > 1


@attrs.frozen
class Kinds:
    """The kinds of value of one game that the codec reads and writes, and as what type.

    Attributes:
        state: The game's ``State`` class (it travels as its record).
        moves: The game's move classes.
        forms: Each other kind's class → the type it is read and written as (a generic
            ``Score`` as ``Score[HandScore]``).
        names: The kinds, for a message.
    """

    state: type
    moves: frozenset[type]
    forms: Mapping[type, object]
    names: str

    def is_move(self, kind: object) -> bool:
        """Whether a type is one of the game's move classes, or a union of them (or None)."""
        if _is_union(kind):
            members = [member for member in typing.get_args(kind) if member is not type(None)]
            return bool(members) and all(member in self.moves for member in members)
        return kind in self.moves

    def form(self, kind: object) -> object | None:
        """Return the type to read or write values of ``kind`` as; None for a kind not handled.

        ``kind`` is a class, a union of the game's move classes, or a generic alias such as
        ``matches.Score[kalter_schlag.HandScore]``; anything else (junk included) is not handled.
        """
        if isinstance(kind, type):
            return kind if kind in self.moves else self.forms.get(kind)
        if _is_union(kind):
            members = typing.get_args(kind)
            if all(isinstance(member, type) and member in self.moves for member in members):
                return kind
            return None
        origin = typing.get_origin(kind)
        declared = self.forms.get(origin) if isinstance(origin, type) else None
        return kind if declared is not None and declared == kind else None


def _hand_score_type(score: object) -> object:
    """Return the kind of hand score a score sheet holds: the ``X`` of ``Score[X]``."""
    kind = typing.get_origin(score) or score
    for form in (score, *getattr(kind, "__orig_bases__", ())):
        origin = typing.get_origin(form)
        if isinstance(origin, type) and issubclass(origin, matches.Score):
            return typing.get_args(form)[0]
    return matches.HandScore


@functools.cache
def kinds_of(name: str) -> Kinds:
    """Read a game's kinds of value from the types its functions declare (once per game)."""
    entry = cardgames.GAMES[name]
    moves = typing.get_type_hints(entry.parse_move)["return"]
    view = typing.get_type_hints(entry.view)["return"]
    score = typing.get_type_hints(entry.score)["return"]
    forms: dict[type, object] = {
        entry.rules_type: entry.rules_type,
        view: view,
        typing.get_origin(score) or score: score,
        cards.Card: cards.Card,
    }
    hand_score = _hand_score_type(score)
    if isinstance(hand_score, type):
        forms[hand_score] = hand_score
    return Kinds(
        state=typing.get_type_hints(entry.new_game)["return"],
        moves=frozenset(typing.get_args(moves) or (moves,)),
        forms=types.MappingProxyType(forms),
        names=f"{entry.title}'s Rules, a move, a card, a View, a Score, a HandScore, a State, "
        "or a GameRecord",
    )


def _structure_move(data: object, kind: object, *, entry: game.AnyGame) -> object:
    """Read a move of the kind expected (one move class or a union of them) from its text."""
    if not isinstance(data, str):
        raise errors.DecodeError(f"expected a move as text, got {errors.quote(data)}")
    try:
        move = entry.parse_recorded(data)
    except errors.CardgamesError as error:
        raise errors.DecodeError(str(error)) from None
    allowed = typing.get_args(kind) if _is_union(kind) else (kind,)
    if type(move) not in allowed:
        raise errors.DecodeError(f"{errors.quote(data)} is not a move of the kind expected here")
    return move


def _structure_card(data: object, _kind: object) -> cards.Card:
    """Read a card from its text."""
    if not isinstance(data, str):
        raise errors.DecodeError(f"expected a card as text, got {errors.quote(data)}")
    try:
        return cards.Card.parse(data)
    except errors.CardParseError as error:
        raise errors.DecodeError(str(error)) from None


def _structure_enum(data: object, kind: type[enum.Enum]) -> enum.Enum:
    """Read an enum member from its name."""
    if isinstance(data, str) and data in kind.__members__:
        return kind[data]
    names = ", ".join(kind.__members__)
    raise errors.DecodeError(f"expected one of {names}, got {errors.quote(data)}")


def _structure_int(data: object, _kind: object) -> int:
    """Accept an int, not a bool, a float or text."""
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    raise errors.DecodeError(f"expected an int, got {errors.quote(data)}")


def _structure_bool(data: object, _kind: object) -> bool:
    """Accept true or false only."""
    if isinstance(data, bool):
        return data
    raise errors.DecodeError(f"expected true or false, got {errors.quote(data)}")


def _structure_str(data: object, _kind: object) -> str:
    """Accept text only."""
    if isinstance(data, str):
        return data
    raise errors.DecodeError(f"expected a string, got {errors.quote(data)}")


def _structure_union(data: object, kind: object, *, converter: cattrs.Converter) -> object:
    """Read a union of plain kinds (a seat or a pool, say): the first member the data fits."""
    members = typing.get_args(kind)
    if data is None and type(None) in members:
        return None
    reasons = []
    for member in members:
        if member is type(None):
            continue
        try:
            return converter.structure(data, member)
        except (cattrs.errors.BaseValidationError, errors.CardgamesError) as error:
            reasons.append(str(_path_error(error, "")))
    raise errors.DecodeError(" or ".join(reasons))


def _structure_fields(
    kind: type, converter: cattrs.Converter
) -> Callable[[object, object], object]:
    """Return the hook that reads an attrs value from an object of its fields, and nothing else."""
    fields: Callable[[Mapping[str, object], object], object] = cattrs.gen.make_dict_structure_fn(
        kind, converter
    )

    def structure(data: object, of: object) -> object:
        if not isinstance(data, Mapping):
            raise errors.DecodeError(f"expected an object of fields, got {errors.quote(data)}")
        return fields(data, of)

    return structure


@functools.cache
def converter_for(name: str) -> cattrs.Converter:
    """Build the converter for one game's values (once per game and process)."""
    entry = cardgames.GAMES[name]
    is_move = kinds_of(name).is_move
    converter = cattrs.Converter(
        forbid_extra_keys=True, unstruct_collection_overrides={tuple: list}
    )
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook_factory(attrs.has, _structure_fields)
    converter.register_structure_hook_func(
        _is_plain_union, functools.partial(_structure_union, converter=converter)
    )
    converter.register_unstructure_hook_func(is_move, str)
    converter.register_structure_hook_func(is_move, functools.partial(_structure_move, entry=entry))
    converter.register_unstructure_hook(cards.Card, str)
    converter.register_structure_hook(cards.Card, _structure_card)
    # By class, most specific first in the MRO: an IntEnum is an int, a StrEnum a str.
    for base in (enum.Enum, enum.IntEnum, enum.StrEnum):
        converter.register_unstructure_hook(base, _member_name)
        converter.register_structure_hook(base, _structure_enum)
    _register_rules(converter, entry)
    return converter


def _member_name(member: enum.Enum) -> str:
    """Return an enum member's name, as it travels."""
    return member.name


def _register_rules(converter: cattrs.Converter, entry: game.AnyGame) -> None:
    """Structure the game's ``Rules`` from a mapping of option names, validating each."""
    rules_type = entry.rules_type
    names = {field.name for field in attrs.fields(rules_type)}

    def structure_rules(data: object, _kind: object) -> object:
        if not isinstance(data, Mapping):
            raise errors.DecodeError(f"expected an object of options, got {errors.quote(data)}")
        unknown = sorted(key_text(key) for key in data if key not in names)
        if unknown:
            raise _FieldError(unknown[0], f"no such option ({_options_hint(unknown[0], names)})")
        options = {str(key): _plain(value) for key, value in data.items()}
        for key, value in options.items():  # each option alone first, to name the bad one
            try:
                rules_type(**{key: value})
            except errors.RulesError as error:
                raise _FieldError(key, str(error)) from None
        try:
            return rules_type(**options)
        except errors.RulesError as error:  # options that are fine alone but not together
            raise errors.DecodeError(str(error)) from None

    converter.register_structure_hook(rules_type, structure_rules)


def _options_hint(key: str, names: set[str]) -> str:
    """Say which options there are: the one meant, if ``key`` is close to one; else the list."""
    close = difflib.get_close_matches(key, names, n=1)
    if close:
        return f"did you mean {close[0]}? the options: {_listed(names)}"
    return f"the options: {_listed(names)}"


def _listed(names: set[str]) -> str:
    """Return option names for a message: all of them if few, else the first and a count."""
    listed = sorted(names)
    text = ", ".join(listed)
    if len(text) <= _LIST_LIMIT:
        return text
    shown = text[: text.rfind(", ", 0, _LIST_LIMIT)]
    return f"{shown} and {len(listed) - shown.count(', ') - 1} more"


def key_text(key: object) -> str:
    """Return a mapping's key as a message names it: short printable text as it is, else quoted.

    A key with a line break, a tab or another unprintable character is quoted, so that a
    message stays one line.
    """
    if isinstance(key, str) and len(key) <= errors.QUOTE_LIMIT and key.isprintable():
        return key
    return errors.quote(key)


def _plain(value: object) -> object:
    """Turn JSON lists back into the tuples ``Rules`` options use (data checked by depth)."""
    if isinstance(value, list):
        return tuple(_plain(item) for item in value)
    return value


_CONTAINERS: Final = (Mapping, list, tuple, set, frozenset)
_LIST_LIMIT: Final = 320
"""The most characters of option names a message lists."""


def _nodes(data: object, root: str = "") -> Iterator[tuple[object, tuple[str, ...]]]:
    """Yield every value inside ``data`` (itself first) with its path, as steps from ``root``.

    It keeps its own stack, so a list nested a million deep, or one that holds itself, costs a
    message, not a ``RecursionError``.

    Raises:
        DecodeError: If lists and objects nest deeper than :data:`MAX_DEPTH`.
    """
    pending: list[tuple[object, tuple[str, ...]]] = [(data, (root,))]
    while pending:
        value, path = pending.pop()
        yield value, path
        if not isinstance(value, _CONTAINERS):
            continue
        if len(path) > MAX_DEPTH:
            raise errors.DecodeError(
                f"{_where(path[:4])}…: lists and objects nested more than {MAX_DEPTH} deep"
            )
        if isinstance(value, Mapping):
            pending.extend((item, (*path, f".{key_text(key)}")) for key, item in value.items())
        else:
            pending.extend((item, (*path, f"[{index}]")) for index, item in enumerate(value))


def _where(path: tuple[str, ...]) -> str:
    """Return a path as a message names it: ``rules.target[0]``."""
    return "".join(path).lstrip(".")


def _check_depth(data: object, root: str = "") -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH`, before a reader that recurses meets it.

    Raises:
        DecodeError: If the data nests too deep; the message names the place.
    """
    for _ in _nodes(data, root):
        pass


def check_json(data: object, value: object) -> None:
    """Refuse to hand out data that is not all JSON: a value whose fields hold what they should not.

    Raises:
        RulesError: If anything in ``data`` is not a dict with text keys, a list, text, an int,
            a bool or None.
    """
    try:
        for item, path in _nodes(data):
            if type(item) is dict:
                wrong = next((key for key in item if type(key) is not str), None)
                if wrong is not None:
                    raise errors.RulesError(
                        f"cannot encode {errors.quote(value)}: {_where(path) or 'it'} has the key "
                        f"{errors.quote(wrong)}, which JSON cannot hold"
                    )
            elif item is not None and type(item) not in (list, str, int, bool):
                raise errors.RulesError(
                    f"cannot encode {errors.quote(value)}: {_where(path) or 'it'} holds "
                    f"{errors.quote(item)}, which JSON cannot"
                )
    except errors.DecodeError as error:
        raise errors.RulesError(f"cannot encode {errors.quote(value)}: {error}") from None


def structure(name: str, data: object, kind: type[ValueT], path: str = "") -> ValueT:
    """Return the value of ``kind`` that one game's converter reads from data.

    The data is checked for depth first, so the converter never recurses into data nested
    deeper than :data:`MAX_DEPTH`.

    Args:
        name: The game's registry name.
        data: JSON-compatible data, from outside.
        kind: The type to build: one the game's :class:`Kinds` handles, a record's ``int``.
        path: Where the data sits in what is being read (``"rules"``), to start each message
            with; empty for the whole value.

    Returns:
        The value, of ``kind``.

    Raises:
        DecodeError: If the data does not describe such a value; the message starts with the
            path of the bad field.
    """
    _check_depth(data, path)
    try:
        return converter_for(name).structure(data, kind)
    except (cattrs.errors.BaseValidationError, errors.CardgamesError, KeyError) as error:
        raise _path_error(error, path) from None


def _path_error(error: BaseException, root: str) -> errors.DecodeError:
    """Turn a cattrs error (or one of ours raised inside a hook) into a DecodeError with a path."""
    if isinstance(error, _FieldError):
        where = f"{root}.{error.key}" if root else error.key
        return errors.DecodeError(f"{where}: {error.reason}")
    if isinstance(error, errors.DecodeError):
        return errors.DecodeError(f"{root}: {error}" if root else str(error))
    if isinstance(
        error, cattrs.errors.ClassValidationError | cattrs.errors.IterableValidationError
    ):
        for inner in error.exceptions:
            where = _note_of(inner)
            return _path_error(inner, f"{root}{where}" if root else where.lstrip("."))
    if isinstance(error, cattrs.errors.ForbiddenExtraKeysError):
        extra = sorted(map(key_text, error.extra_fields))
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        return errors.DecodeError(f"{root}: unexpected field {extra[0]}{more}")
    if isinstance(error, KeyError):
        return errors.DecodeError(f"{root}: missing field {error.args[0]}")
    return errors.DecodeError(f"{root}: {error}" if root else str(error))


def _note_of(error: BaseException) -> str:
    """Return the path step cattrs noted on an error: ``.field`` or ``[index]``."""
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, cattrs.errors.AttributeValidationNote):
            return f".{note.name}"
        if isinstance(note, cattrs.errors.IterableValidationNote):
            return f"[{note.index}]"
    return ""
