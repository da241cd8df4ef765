"""JSON for every game: rules, moves, views, scores and game records as plain data and text.

Values become JSON-compatible data (dicts, lists, strings, numbers, booleans, None) and back:

* cards travel as their text (``"Q♥"``) and moves as theirs (``"play Q♥"``, ``"bid 4"``), so every
  move kind is distinguishable and a person can read the file;
* enums travel by member name (``"HEARTS"``), attrs values as objects of their fields, tuples as
  lists;
* a :class:`GameRecord` travels with its game's name and the format version, and decoding it
  replays its moves, so a record that decodes is a match that can be played.

The structuring is done by cattrs (the attrs family's converter), set up once per game from
the types of the game's own functions: nothing here walks values by hand, and decoding only
builds the game's own value types — it never imports, evaluates or calls anything named in the
data. Every failure is a :class:`~cardgames.errors.DecodeError` whose message starts with the
path of the bad field (``rules.target: expected an int, got 'x'``).

Example:
    >>> from cardgames import codec, kalter_schlag
    >>> state = kalter_schlag.new_game(kalter_schlag.Rules(target=500), seed=7, first_dealer=0)
    >>> for _ in range(3):
    ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[0])
    >>> text = codec.dumps(codec.record(state))
    >>> codec.replay(codec.loads_record(text)) == state
    True
    >>> codec.encode(kalter_schlag.Rules(target=500), game="kalter-schlag")["target"]
    500
    >>> codec.decode({"targte": 500}, kalter_schlag.Rules, game="kalter-schlag")
    Traceback (most recent call last):
    ...
    cardgames.errors.DecodeError: targte: no such option (the options: five_scores_end, ...)
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs
import cattrs
import cattrs.errors

import cardgames
from cardgames import cards, errors, game

__all__ = [
    "FORMAT_VERSION",
    "GameRecord",
    "decode",
    "decode_record",
    "dumps",
    "encode",
    "loads",
    "loads_record",
    "record",
    "replay",
]

FORMAT_VERSION: Final = 1
"""The version of the record format written by :func:`record`; :func:`decode_record` reads it."""

ValueT = TypeVar("ValueT")


@attrs.frozen
class GameRecord:
    """A saved match: everything :func:`replay` needs to rebuild its state exactly.

    Every field is required, so a record cannot silently leave out the first dealer or the
    seat count. Stacked deals are kept as the ``Deal(order=...)`` moves they were.

    Attributes:
        game: The game's registry name, e.g. ``"kalter-schlag"``.
        rules: The match's options (the game's ``Rules``).
        seed: The match's seed.
        players: The number of seats.
        first_dealer: The seat that dealt first.
        moves: Every move of the match, in order.
        version: The record format's version (:data:`FORMAT_VERSION`).
    """

    game: str
    rules: Any
    seed: int
    players: int
    first_dealer: int
    moves: tuple[Any, ...]
    version: int = FORMAT_VERSION


class _FieldError(errors.DecodeError):
    """A DecodeError about one named field inside the value being read."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key}: {reason}")
        self.key = key
        self.reason = reason


def _entry(name: object) -> game.AnyGame:
    """Return a registered game by name, or raise DecodeError."""
    try:
        return cardgames.GAMES[name]  # type: ignore[index]  # a name from the data, any type
    except KeyError:
        known = ", ".join(cardgames.GAMES)
        raise errors.DecodeError(
            f"game: unknown game {errors.quote(name)} (known: {known})"
        ) from None


def _game_of(value: object) -> game.AnyGame:
    """Return the game a value belongs to, from its ``Rules`` or its state's rules."""
    rules = getattr(getattr(value, "match", None), "rules", value)
    for entry in cardgames.GAMES.values():
        if type(rules) is entry.rules_type:
            return entry
    raise errors.DecodeError(f"cannot tell which game {errors.quote(value)} belongs to: pass game=")


def _move_types(entry: game.AnyGame) -> frozenset[type]:
    """Return the classes of the game's moves, read from its ``parse_move``'s return type."""
    hints = typing.get_type_hints(entry.parse_move)
    return frozenset(typing.get_args(hints["return"]) or (hints["return"],))


def _is_union(kind: object) -> bool:
    return typing.get_origin(kind) in (typing.Union, types.UnionType)


def _is_plain_union(kind: object) -> bool:
    """Whether a type is a union of two or more kinds besides None (cattrs handles ``X | None``)."""
    return _is_union(kind) and len([m for m in typing.get_args(kind) if m is not type(None)]) > 1


def _structure_move(
    data: object, kind: object, *, entry: game.AnyGame, move_types: frozenset[type]
) -> object:
    """Read a move of the kind expected (one move class or a union of them) from its text."""
    if not isinstance(data, str):
        raise errors.DecodeError(f"expected a move as text, got {errors.quote(data)}")
    try:
        move = entry.parse_recorded(data)
    except errors.CardgamesError as error:
        raise errors.DecodeError(str(error)) from None
    allowed = typing.get_args(kind) if _is_union(kind) else (kind,)
    if type(move) not in allowed or type(move) not in move_types:
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


@functools.cache
def _converter(name: str) -> cattrs.Converter:
    """Build the converter for one game's values (once per game and process)."""
    entry = cardgames.GAMES[name]
    move_types = _move_types(entry)

    def is_move_type(kind: object) -> bool:
        if _is_union(kind):
            members = [member for member in typing.get_args(kind) if member is not type(None)]
            return bool(members) and all(member in move_types for member in members)
        return kind in move_types

    converter = cattrs.Converter(forbid_extra_keys=True)

    def structure_union(data: object, kind: object) -> object:
        # A union of plain kinds (a seat or a pool, say): the first member the data fits.
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

    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook_func(_is_plain_union, structure_union)
    converter.register_unstructure_hook_func(is_move_type, str)
    converter.register_structure_hook_func(
        is_move_type,
        functools.partial(_structure_move, entry=entry, move_types=move_types),
    )
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
        unknown = sorted(str(key) for key in data if key not in names)
        if unknown:
            listed = ", ".join(sorted(names))
            raise _FieldError(unknown[0], f"no such option (the options: {listed})")
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


def _plain(value: object) -> object:
    """Turn JSON lists back into the tuples ``Rules`` options use."""
    if isinstance(value, list):
        return tuple(_plain(item) for item in value)
    return value


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
        extra = ", ".join(sorted(error.extra_fields))
        return errors.DecodeError(f"{root}: unexpected field {extra}")
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


def _declared(entry: game.AnyGame, kind: object) -> Any:  # noqa: ANN401  # a type form
    """Return the type the game declares for values of ``kind``: ``Score[HandScore]`` for Score.

    A game's ``score`` returns a generic ``Score`` whose hands are the game's own ``HandScore``;
    the class of the value alone does not say so.
    """
    for function in (entry.score, entry.view):
        declared = typing.get_type_hints(function)["return"]
        if kind is declared or kind is typing.get_origin(declared):
            return declared
    return kind


def encode(value: object, *, game: str | None = None) -> Any:  # noqa: ANN401  # JSON data
    """Return a value of a game as JSON-compatible data.

    Args:
        value: Rules, a move, a card, a view, a score, or a :class:`GameRecord`.
        game: The game's registry name; None to tell it from the value (rules and states tell,
            records name it; a move or a view needs the name).

    Raises:
        DecodeError: If the game cannot be told or is unknown.
    """
    if isinstance(value, GameRecord):
        return _encode_record(value)
    entry = _entry(game) if game is not None else _game_of(value)
    return _converter(entry.name).unstructure(value, _declared(entry, type(value)))


def decode(data: object, kind: type[ValueT], *, game: str) -> ValueT:
    """Return the value of ``kind`` (a game's ``Rules``, ``View``, ``Score`` …) read from data.

    Args:
        data: JSON-compatible data, as :func:`encode` made it.
        kind: The type to build, e.g. ``kalter_schlag.View``; a move union such as
            ``kalter_schlag.Move`` for a move.
        game: The game's registry name.

    Raises:
        DecodeError: If the data does not describe such a value; the message starts with the
            path of the bad field.
    """
    entry = _entry(game)
    try:
        built: ValueT = _converter(entry.name).structure(data, _declared(entry, kind))
    except (cattrs.errors.BaseValidationError, errors.CardgamesError, KeyError) as error:
        raise _path_error(error, "") from None
    return built


def record(state: Any) -> GameRecord:  # noqa: ANN401  # any game's state
    """Return the record of a match: its game, rules, seed, seats, first dealer and moves.

    Raises:
        DecodeError: If ``state`` is not a state of a registered game.
    """
    entry = _game_of(state)
    return GameRecord(
        game=entry.name,
        rules=state.rules,
        seed=state.seed,
        players=state.players,
        first_dealer=state.first_dealer,
        moves=state.moves,
    )


def replay(game_record: GameRecord) -> Any:  # noqa: ANN401  # the state of whichever game
    """Return the state a record describes, by replaying its moves on a new match.

    Raises:
        DecodeError: If the game is unknown, or a move is illegal where it comes (the message
            names the move's place, ``moves[12]``).
    """
    if not isinstance(game_record, GameRecord):
        raise errors.DecodeError(f"expected a GameRecord, got {errors.quote(game_record)}")
    entry = _entry(game_record.game)
    try:
        state = entry.new_game(
            game_record.rules,
            seed=game_record.seed,
            players=game_record.players,
            first_dealer=game_record.first_dealer,
        )
    except errors.CardgamesError as error:
        raise errors.DecodeError(f"record: {error}") from None
    for index, move in enumerate(game_record.moves):
        try:
            state = entry.apply(state, move)
        except errors.CardgamesError as error:
            raise errors.DecodeError(
                f"moves[{index}]: {errors.quote(str(move))}: {error}"
            ) from None
    return state


_RECORD_FIELDS: Final = ("version", "game", "rules", "seed", "players", "first_dealer", "moves")


def _encode_record(value: GameRecord) -> dict[str, Any]:
    """Return a record as data, its moves as text."""
    converter = _converter(_entry(value.game).name)
    return {
        "version": value.version,
        "game": value.game,
        "rules": converter.unstructure(value.rules),
        "seed": value.seed,
        "players": value.players,
        "first_dealer": value.first_dealer,
        "moves": [str(move) for move in value.moves],
    }


def decode_record(data: object) -> GameRecord:
    """Return the record read from data, checked by replaying it.

    Raises:
        DecodeError: For an unknown game or version, a misspelled or impossible option, a move
            that does not parse or is illegal on replay, or a field of the wrong type; the
            message starts with the field's path.
    """
    if not isinstance(data, Mapping):
        raise errors.DecodeError(f"expected a record object, got {errors.quote(data)}")
    missing = [name for name in _RECORD_FIELDS if name not in data]
    if missing:
        raise errors.DecodeError(f"{missing[0]}: missing field")
    extra = sorted(str(key) for key in data if key not in _RECORD_FIELDS)
    if extra:
        raise errors.DecodeError(f"{extra[0]}: unexpected field")
    if data["version"] != FORMAT_VERSION or type(data["version"]) is not int:
        raise errors.DecodeError(
            f"version: this library reads format {FORMAT_VERSION}, "
            f"not {errors.quote(data['version'])}"
        )
    entry = _entry(data["game"])
    converter = _converter(entry.name)
    rules = _structure_at(converter, data["rules"], entry.rules_type, "rules")
    numbers = {
        name: _structure_at(converter, data[name], int, name)
        for name in ("seed", "players", "first_dealer")
    }
    texts = data["moves"]
    if not isinstance(texts, Sequence) or isinstance(texts, str):
        raise errors.DecodeError(f"moves: expected a list of move texts, got {errors.quote(texts)}")
    parsed = []
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            raise errors.DecodeError(
                f"moves[{index}]: expected a move as text, got {errors.quote(text)}"
            )
        try:
            parsed.append(entry.parse_recorded(text))
        except errors.CardgamesError as error:
            raise errors.DecodeError(f"moves[{index}]: {error}") from None
    result = GameRecord(game=entry.name, rules=rules, moves=tuple(parsed), **numbers)
    replay(result)
    return result


def _structure_at(
    converter: cattrs.Converter, data: object, kind: type[ValueT], path: str
) -> ValueT:
    """Structure one field of a record, naming it in any error."""
    try:
        return converter.structure(data, kind)
    except (cattrs.errors.BaseValidationError, errors.CardgamesError, KeyError) as error:
        raise _path_error(error, path) from None


def dumps(value: object, *, game: str | None = None) -> str:
    """Return a value as JSON text (:func:`encode`, then ``json.dumps``), cards as ``Q♥``."""
    return json.dumps(encode(value, game=game), ensure_ascii=False)


def loads(text: str | bytes, kind: type[ValueT], *, game: str) -> ValueT:
    """Return the value of ``kind`` read from JSON text.

    Raises:
        DecodeError: If the text is not JSON or does not describe such a value.
    """
    return decode(_parse_json(text), kind, game=game)


def loads_record(text: str | bytes) -> GameRecord:
    """Return the game record read from JSON text, checked by replaying it.

    Raises:
        DecodeError: If the text is not JSON or not a valid record.
    """
    return decode_record(_parse_json(text))


def _parse_json(text: object) -> object:
    """Parse JSON text, raising DecodeError for anything that is not."""
    if not isinstance(text, str | bytes):
        raise errors.DecodeError(f"expected JSON text, got {errors.quote(text)}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise errors.DecodeError(f"not JSON: {error}") from None
