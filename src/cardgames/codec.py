"""JSON for every game: rules, moves, views, scores, states and game records as data and text.

Values become JSON-compatible data (dicts, lists, strings, numbers, booleans, None) and back:

* cards travel as their text (``"Q♥"``) and moves as theirs (``"play Q♥"``, ``"bid 4"``), so every
  move kind is distinguishable and a person can read the file;
* enums travel by member name (``"HEARTS"``), attrs values as objects of their fields, tuples as
  lists;
* a :class:`GameRecord` travels with its game's name and the format version, and decoding it
  replays its moves, so a record that decodes is a match that can be played;
* a game's ``State`` travels as its record: reading it back replays the record to an equal
  state.

**A state's JSON is secret; a view's is not.** A state's record holds the seed and any stacked
deal, from which anyone can compute every hand and the stock, past and future: store it on the
server, never send it to a player. A ``View`` holds only what its seat may know, and its JSON
holds exactly the view's fields: send that.

The structuring is done by cattrs (the attrs family's converter), set up once per game from
the types of the game's own functions: nothing here walks values by hand, and decoding only
builds the game's own value types — it never imports, evaluates or calls anything named in the
data. Every failure is a :class:`~cardgames.errors.DecodeError` whose message starts with the
path of the bad field (``rules.target: expected an int, got 'x'``); asking for a kind of value
the codec does not handle is a :class:`~cardgames.errors.RulesError`.

Example:
    >>> from cardgames import codec, kalter_schlag
    >>> state = kalter_schlag.new_game(kalter_schlag.Rules(target=500), seed=7, first_dealer=0)
    >>> for _ in range(3):
    ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[0])
    >>> text = codec.dumps(codec.record(state))
    >>> codec.replay(codec.loads_record(text)) == state
    True
    >>> codec.loads(codec.dumps(state), kalter_schlag.State, game="kalter-schlag") == state
    True
    >>> codec.encode(kalter_schlag.Rules(target=500), game="kalter-schlag")["target"]
    500
    >>> codec.decode({"targte": 500}, kalter_schlag.Rules, game="kalter-schlag")
    Traceback (most recent call last):
    ...
    cardgames.errors.DecodeError: targte: no such option (did you mean target? the options: ...)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

import attrs

import cardgames
from cardgames import _convert, errors, game, matches

__all__ = [
    "FORMAT_VERSION",
    "MAX_DEPTH",
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

MAX_DEPTH: Final = _convert.MAX_DEPTH
"""The deepest nesting of lists and objects that :func:`decode` reads.

No value of a game nests more than a few levels; deeper data (a list inside a list, a thousand
times over) is refused with a :class:`~cardgames.errors.DecodeError` before anything reads it.
"""

ValueT = TypeVar("ValueT")


@attrs.frozen
class GameRecord:
    """A saved match: everything :func:`replay` needs to rebuild its state exactly.

    Every field is required, so a record cannot silently leave out the first dealer or the
    seat count. Stacked deals are kept as the ``Deal(order=...)`` moves they were.

    A record that :func:`decode_record` checked, or that :func:`record` made from a state, also
    keeps the state it replays to (a private field, left out of comparison and ``repr``), so
    that :func:`replay` does not replay it a second time.

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
    _state: matches.MatchFacts[object, matches.HandScore, object] | None = attrs.field(
        default=None, eq=False, repr=False, kw_only=True, alias="_state"
    )


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
    """Return the game a value belongs to: its ``Rules``, or the rules it or its match holds."""
    found = (
        value,
        getattr(value, "rules", None),
        getattr(getattr(value, "match", None), "rules", None),
    )
    for entry in cardgames.GAMES.values():
        if any(type(rules) is entry.rules_type for rules in found):
            return entry
    raise errors.DecodeError(f"cannot tell which game {errors.quote(value)} belongs to: pass game=")


def encode(value: object, *, game: str | None = None) -> Any:  # noqa: ANN401  # JSON data
    """Return a value of a game as JSON-compatible data, whole or not at all.

    A state is encoded as its record (:func:`record`): the data is secret, since the seed in
    it gives away every hand; encode a seat's ``View`` to show a player the match.

    Args:
        value: Rules, a move, a card, a view, a score, a hand score, a state, or a
            :class:`GameRecord`.
        game: The game's registry name; None to tell it from the value (rules and states tell,
            records name it; a move, a card or a view needs the name).

    Returns:
        Dicts, lists, strings, ints, booleans and None only, ready for ``json.dumps``.

    Raises:
        DecodeError: If the game cannot be told or is unknown.
        RulesError: If the value is none of the kinds above, or a record holds a field of the
            wrong kind.

    Example:
        >>> from cardgames import codec, kalter_schlag
        >>> state = kalter_schlag.new_game(seed=3, first_dealer=0)
        >>> state = kalter_schlag.apply(state, kalter_schlag.Deal())
        >>> codec.encode(kalter_schlag.view(state, 0), game="kalter-schlag")["hand"]
        ['K♣', 'A♣', '8♠', '9♠', 'K♠', '8♥', 'J♥', '10♦']
        >>> codec.encode(state)["moves"]
        ['deal']
        >>> codec.encode(state.match)
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: cannot encode Match(...): it is none of Kalter Schlag's ...
    """
    if isinstance(value, GameRecord):
        return _encode_record(value)
    entry = _entry(game) if game is not None else _game_of(value)
    kinds = _convert.kinds_of(entry.name)
    if type(value) is kinds.state:
        return _encode_record(record(value))
    form = kinds.form(type(value))
    if form is None:
        raise errors.RulesError(f"cannot encode {errors.quote(value)}: it is none of {kinds.names}")
    try:
        data = _convert.converter_for(entry.name).unstructure(value, form)
    except (AttributeError, TypeError, ValueError):  # its fields are not of their declared kinds
        raise errors.RulesError(
            f"cannot encode {errors.quote(value)}: its fields are not those of {entry.title}'s "
            f"{type(value).__name__}"
        ) from None
    _convert.check_json(data, value)
    return data


def decode(data: object, kind: type[ValueT], *, game: str) -> ValueT:
    """Return the value of ``kind`` (a game's ``Rules``, ``View``, ``State`` …) read from data.

    A ``State`` is read from its record and replayed (:func:`decode_record`, :func:`replay`).

    Args:
        data: JSON-compatible data, as :func:`encode` made it.
        kind: The type to build, e.g. ``kalter_schlag.View``; a move union such as
            ``kalter_schlag.Move`` for a move; :class:`GameRecord` for a record.
        game: The game's registry name.

    Returns:
        The value, of ``kind``.

    Raises:
        DecodeError: If the data does not describe such a value (the message starts with the
            path of the bad field), or the game is unknown.
        RulesError: If ``kind`` is no kind of value of the game that the codec reads.

    Example:
        >>> from cardgames import codec, kalter_schlag
        >>> codec.decode(["8♣", "Q♣"], kalter_schlag.View, game="kalter-schlag")
        Traceback (most recent call last):
        ...
        cardgames.errors.DecodeError: expected an object of fields, got ['8♣', 'Q♣']
    """
    entry = _entry(game)
    kinds = _convert.kinds_of(entry.name)
    if kind is GameRecord:
        return cast("ValueT", _decode_record(data, entry))
    if kind is kinds.state:
        return cast("ValueT", replay(_decode_record(data, entry)))
    form = kinds.form(kind)
    if form is None:
        raise errors.RulesError(f"cannot decode a {errors.quote(kind)}: decode reads {kinds.names}")
    # The form is the kind itself, or its declared generic alias (Score[HandScore]).
    return _convert.structure(entry.name, data, cast("type[ValueT]", form))


def record(state: Any) -> GameRecord:  # noqa: ANN401  # any game's state
    """Return the record of a match: its game, rules, seed, seats, first dealer and moves.

    The record also keeps ``state``, so that :func:`replay` of it costs nothing.

    Raises:
        RulesError: If ``state`` is not a state of a registered game.

    Example:
        >>> from cardgames import codec, kalter_schlag
        >>> state = kalter_schlag.new_game(seed=3, first_dealer=1)
        >>> codec.record(state)
        GameRecord(game='kalter-schlag', rules=Rules(...), seed=3, players=4, first_dealer=1, \
moves=(), version=1)
        >>> codec.record(state.rules)
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: expected a state of a game (gin-rummy, kalter-schlag, ...
    """
    entry = next(
        (
            entry
            for entry in cardgames.GAMES.values()
            if type(state) is _convert.kinds_of(entry.name).state
        ),
        None,
    )
    if entry is None:
        raise errors.RulesError(
            f"expected a state of a game ({', '.join(cardgames.GAMES)}), got {errors.quote(state)}"
        )
    return GameRecord(
        game=entry.name,
        rules=state.rules,
        seed=state.seed,
        players=state.players,
        first_dealer=state.first_dealer,
        moves=state.moves,
        _state=state,
    )


def replay(game_record: GameRecord) -> matches.MatchFacts[object, matches.HandScore, object]:
    """Return the state a record describes, by replaying its moves on a new match.

    The state is of the record's game (a :class:`cardgames.kalter_schlag.State` for a Kalter
    Schlag record …), known only when the record is read: its type says what every game's
    state is, and ``isinstance`` tells which game's it is.

    A record that loading checked (:func:`decode_record`) or that :func:`record` made keeps
    its state; it is returned after a cheap check that it is this record's, not replayed again.

    Raises:
        DecodeError: If the game is unknown, or a move is illegal where it comes (the message
            names the move's place, ``moves[12]``).
    """
    if not isinstance(game_record, GameRecord):
        raise errors.DecodeError(f"expected a GameRecord, got {errors.quote(game_record)}")
    entry = _entry(game_record.game)
    kept = game_record._state  # noqa: SLF001  # this module's own private field
    if (
        kept is not None
        and type(kept) is _convert.kinds_of(entry.name).state
        and record(kept) == game_record
    ):
        return kept
    return _replay(entry, game_record)


def _replay(
    entry: game.AnyGame, game_record: GameRecord
) -> matches.MatchFacts[object, matches.HandScore, object]:
    """Replay a record's moves on a new match of its game, with ``entry.replay``."""
    try:
        state: matches.MatchFacts[object, matches.HandScore, object] = entry.replay(
            game_record.rules,
            game_record.seed,
            game_record.moves,
            players=game_record.players,
            first_dealer=game_record.first_dealer,
        )
    except errors.IllegalMoveError as error:  # its message starts with the move's place
        raise errors.DecodeError(str(error)) from None
    except errors.CardgamesError as error:  # the match itself cannot be started
        raise errors.DecodeError(f"record: {error}") from None
    return state


_RECORD_FIELDS: Final = ("version", "game", "rules", "seed", "players", "first_dealer", "moves")
_NUMBERS: Final = ("seed", "players", "first_dealer")


def _encode_record(value: GameRecord) -> dict[str, Any]:
    """Return a record as data, its moves as text, once every field is of its kind."""
    entry = _entry(value.game)
    kinds = _convert.kinds_of(entry.name)

    def is_whole(item: object) -> bool:
        return type(item) is int

    def are_moves(item: object) -> bool:
        return isinstance(item, tuple | list) and all(type(move) in kinds.moves for move in item)

    checks: dict[str, tuple[Callable[[object], bool], str]] = {
        "rules": (lambda item: type(item) is entry.rules_type, f"{entry.title} Rules"),
        **dict.fromkeys((*_NUMBERS, "version"), (is_whole, "a whole number")),
        "moves": (are_moves, f"a tuple of {entry.title} moves"),
    }
    for name, (right, expected) in checks.items():
        if not right(getattr(value, name)):
            raise errors.RulesError(
                f"cannot encode the record: its {name} must be {expected}, "
                f"not {errors.quote(getattr(value, name))}"
            )
    return {
        "version": value.version,
        "game": entry.name,
        "rules": _convert.converter_for(entry.name).unstructure(value.rules),
        "seed": value.seed,
        "players": value.players,
        "first_dealer": value.first_dealer,
        "moves": [str(move) for move in value.moves],
    }


def decode_record(data: object) -> GameRecord:
    """Return the record read from data, checked by replaying it.

    The record keeps the state it replayed to, so :func:`replay` of it is free.

    Raises:
        DecodeError: For an unknown game or version, a misspelled or impossible option, a move
            that does not parse or is illegal on replay, or a field of the wrong type; the
            message starts with the field's path.
    """
    return _decode_record(data, None)


def _decode_record(data: object, expected: game.AnyGame | None) -> GameRecord:
    """Read and replay a record (of the ``expected`` game, if given)."""
    read = _read_record(data, expected)
    return attrs.evolve(read, _state=_replay(cardgames.GAMES[read.game], read))


def _read_record(data: object, expected: game.AnyGame | None) -> GameRecord:
    """Read a record's fields, each checked for its kind; its moves are not replayed yet."""
    if not isinstance(data, Mapping):
        raise errors.DecodeError(f"expected a record object, got {errors.quote(data)}")
    missing = [name for name in _RECORD_FIELDS if name not in data]
    if missing:
        raise errors.DecodeError(f"{missing[0]}: missing field")
    extra = sorted(_convert.key_text(key) for key in data if key not in _RECORD_FIELDS)
    if extra:
        raise errors.DecodeError(f"{extra[0]}: unexpected field")
    if type(data["version"]) is not int or data["version"] != FORMAT_VERSION:
        raise errors.DecodeError(
            f"version: this library reads format {FORMAT_VERSION}, "
            f"not {errors.quote(data['version'])}"
        )
    entry = _entry(data["game"])
    if expected is not None and entry is not expected:
        raise errors.DecodeError(f"game: a record of {entry.name}, not of {expected.name}")
    rules = _convert.structure(entry.name, data["rules"], entry.rules_type, "rules")
    seed, players, first_dealer = (
        _convert.structure(entry.name, data[name], int, name) for name in _NUMBERS
    )
    moves = _read_moves(entry, data["moves"])
    return GameRecord(
        game=entry.name,
        rules=rules,
        seed=seed,
        players=players,
        first_dealer=first_dealer,
        moves=moves,
    )


def _read_moves(entry: game.AnyGame, texts: object) -> tuple[Any, ...]:
    """Read a record's moves from their texts (each distinct text once: a match repeats few)."""
    if not isinstance(texts, Sequence) or isinstance(texts, str | bytes):
        raise errors.DecodeError(f"moves: expected a list of move texts, got {errors.quote(texts)}")
    parsed: dict[str, Any] = {}
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            raise errors.DecodeError(
                f"moves[{index}]: expected a move as text, got {errors.quote(text)}"
            )
        if text not in parsed:
            try:
                parsed[text] = entry.parse_recorded(text)
            except errors.CardgamesError as error:
                raise errors.DecodeError(f"moves[{index}]: {error}") from None
    return tuple(parsed[text] for text in texts)


def dumps(value: object, *, game: str | None = None) -> str:
    """Return a value as JSON text (:func:`encode`, then ``json.dumps``), cards as ``Q♥``.

    Raises:
        DecodeError: As :func:`encode`.
        RulesError: As :func:`encode`.
    """
    return json.dumps(encode(value, game=game), ensure_ascii=False)


def loads(text: str | bytes, kind: type[ValueT], *, game: str) -> ValueT:
    """Return the value of ``kind`` read from JSON text (a ``State`` from its record's).

    Raises:
        DecodeError: If the text is not JSON or does not describe such a value.
        RulesError: As :func:`decode`, for a ``kind`` it does not read.
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
