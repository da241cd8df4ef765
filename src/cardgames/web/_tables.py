"""A table: one match, who sits at each seat, and the tokens that let people take their seats.

Everything here is pure: a :class:`Table` is a frozen value, and :func:`play` returns the next
one. The server keeps the current table of each name and saves it after every change.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

import cardgames
from cardgames import agents, codec, drawing, errors, game

PERSON: Final = "person"
"""What a seat held by a person is called in a table's seats (the others name a bot)."""

NARRATION_KEPT: Final = 400
"""How many of the latest narrated lines a table keeps to show."""

RULES_PAGES: Final = "https://python-cardgames.readthedocs.io/en/latest/games/{name}.html"
"""Where each game's rules page is published, by registry name."""

_TOKEN_BYTES: Final = 18


def digest(token: str) -> str:
    """Return the SHA-256 of a seat's token: what a table stores instead of the token.

    Example:
        >>> digest("abc")[:12]
        'ba7816bf8f01'
    """
    return hashlib.sha256(token.encode()).hexdigest()


@attrs.frozen
class Table:
    """One match at a table: its name, its state and who sits where.

    Attributes:
        name: The table's name, which is also its record's name in the records folder.
        state: The match's state (secret: it holds the seed).
        seats: Per seat, :data:`PERSON` or the name of the bot that plays it.
        tokens: Per seat, the digest of the seat's token (a person's), or None (a bot's).
        narration: The latest narrated lines of the match, oldest first.
    """

    name: str
    state: Any
    seats: tuple[str, ...]
    tokens: tuple[str | None, ...]
    narration: tuple[str, ...] = ()

    @property
    def entry(self) -> game.AnyGame:
        """The game's registry entry."""
        return cardgames.GAMES[codec.record(self.state).game]

    def seat_of(self, token: object) -> int | None:
        """Return the seat whose token this is, or None (each digest is compared in full).

        Example:
            >>> table, tokens = new_table("t", "kalter-schlag", {}, ["person", "rule"] * 2)
            >>> table.seat_of(tokens[2]), table.seat_of("forged"), table.seat_of(7)
            (2, None, None)
        """
        if not isinstance(token, str) or not token.isascii():
            return None
        wanted = digest(token)
        found = None
        for seat, stored in enumerate(self.tokens):
            if stored is not None and hmac.compare_digest(stored, wanted):
                found = seat
        return found


def new_table(
    name: str, game_name: object, rules: object, seats: object, *, seed: int | None = None
) -> tuple[Table, dict[int, str]]:
    """Return a new table, its bots' and forced moves made, and each person's token by seat.

    Args:
        name: The table's name.
        game_name: A game's registry name.
        rules: The options, as JSON data (``{"max_hands": 2}``).
        seats: Per seat, ``"person"`` or a bot's name; their number is the number of players.
        seed: The match's seed; None for a random one.

    Raises:
        RulesError: For an unknown game, bad options, a seat count the game is not played
            with, an unknown bot, or a table with nobody at it.

    Example:
        >>> table, tokens = new_table("t", "gin-rummy", {"max_hands": 1}, ["person", "rule"])
        >>> table.seats, sorted(tokens), table.tokens[1]
        (('person', 'rule'), [0], None)
    """
    if not isinstance(game_name, str) or game_name not in cardgames.GAMES:
        raise errors.RulesError(
            f"unknown game {errors.quote(game_name)} (known: {', '.join(cardgames.GAMES)})"
        )
    entry = cardgames.GAMES[game_name]
    if not isinstance(seats, Sequence) or isinstance(seats, str) or not seats:
        raise errors.RulesError(f"seats must be a list of 'person' or bot names, not {seats!r}")
    for held in seats:
        if held != PERSON:
            agents.by_name(entry, held)  # raises RulesError naming the known agents
    if PERSON not in seats:
        raise errors.RulesError("a table needs at least one person: every seat is a bot")
    if not isinstance(rules, Mapping):
        raise errors.RulesError(f"rules must be an object of options, not {errors.quote(rules)}")
    try:
        decoded = codec.decode(dict(rules), entry.rules_type, game=entry.name)
    except errors.DecodeError as error:
        raise errors.RulesError(f"rules: {error}") from None
    state = entry.new_game(decoded, seed=seed, players=len(seats))
    tokens = {
        seat: secrets.token_urlsafe(_TOKEN_BYTES)
        for seat, held in enumerate(seats)
        if held == PERSON
    }
    table = Table(
        name=name,
        state=state,
        seats=tuple(str(held) for held in seats),
        tokens=tuple(
            digest(tokens[seat]) if seat in tokens else None for seat in range(len(seats))
        ),
    )
    return advance(table, random.Random()), tokens


def play(table: Table, seat: int, text: object, rng: random.Random) -> Table:
    """Return the table after a person's move, given as text, and the bots' moves that follow.

    The text is read with the game's ``parse_move`` (never a stacked deal) and applied for
    ``seat`` only, so a move of another seat is refused.

    Raises:
        DecodeError: If the text is not text.
        MoveParseError: If it is no move of the game.
        CardParseError: If a card in it does not parse.
        IllegalMoveError: If it is not ``seat``'s turn or the move is not legal.
    """
    if not isinstance(text, str):
        raise errors.DecodeError(f"move: expected a move as text, got {errors.quote(text)}")
    entry = table.entry
    move = entry.parse_move(text)
    after = entry.apply(table.state, move, seat=seat)
    return advance(_moved(table, table.state, move, after), rng)


def advance(table: Table, rng: random.Random) -> Table:
    """Return the table once every move that waits for nobody is made.

    The bots move, and a person's deal is made for them (dealing is the only move a dealer
    has, as ``cardgames play`` does it), until a person has a choice or the match is over.
    """
    entry = table.entry
    state = table.state
    deal = entry.parse_move("deal")
    while (seat := entry.current_player(state)) is not None:
        held = table.seats[seat]
        if held == PERSON and entry.legal_moves(state) != (deal,):
            break
        if held == PERSON:
            move = deal
        else:
            move = agents.by_name(entry, held).choose(entry.view(state, seat), rng)
        after = entry.apply(state, move, seat=seat)
        table = _moved(table, state, move, after)
        state = after
    return table


def _moved(table: Table, before: Any, move: Any, after: Any) -> Table:  # noqa: ANN401  # any game
    """Return the table with its state after ``move`` and the move's narration."""
    return attrs.evolve(
        table, state=after, narration=narrated(table.narration, before, move, after)
    )


def narrated(
    lines: tuple[str, ...],
    before: Any,  # noqa: ANN401  # any game's state
    move: Any,  # noqa: ANN401  # any game's move
    after: Any,  # noqa: ANN401  # any game's state
) -> tuple[str, ...]:
    """Return the narration with what every seat saw of ``move``, and a finished hand's score."""
    entry = cardgames.GAMES[codec.record(after).game]
    added = [line] if (line := entry.narrate(before, move, after)) is not None else []
    if after.hand_over and not before.hand_over and (hands := entry.score(after).hands):
        explanation = hands[-1].explanation
        if not any(explanation in line for line in added):
            added.append(explanation)
    return (*lines, *added)[-NARRATION_KEPT:]


def steps(game_record: codec.GameRecord) -> Iterator[tuple[Any, Any, Any]]:
    """Yield ``(before, move, after)`` for each move of a record, replayed from its start.

    Raises:
        DecodeError: If the game is unknown or a move is illegal where it comes.
    """
    entry = cardgames.GAMES[game_record.game]
    state = entry.new_game(
        game_record.rules,
        seed=game_record.seed,
        players=game_record.players,
        first_dealer=game_record.first_dealer,
    )
    for place, move in enumerate(game_record.moves):
        try:
            after = entry.apply(state, move)
        except errors.IllegalMoveError as error:
            raise errors.DecodeError(f"moves[{place}]: {error}") from None
        yield state, move, after
        state = after


def restore(name: str, game_record: codec.GameRecord, seats: object, tokens: object) -> Table:
    """Return a saved table, its narration told again from its record.

    Raises:
        DecodeError: If the seats or tokens do not fit the record.
    """
    entry = cardgames.GAMES[game_record.game]
    if not (
        isinstance(seats, list)
        and isinstance(tokens, list)
        and len(seats) == len(tokens) == game_record.players
    ):
        raise errors.DecodeError(f"seats: expected {game_record.players} seats and tokens")
    for seat, (held, token) in enumerate(zip(seats, tokens, strict=True)):
        if not isinstance(held, str) or (held != PERSON and held not in agents.names(entry)):
            raise errors.DecodeError(f"seats[{seat}]: not a person or a bot: {errors.quote(held)}")
        if (held == PERSON) != isinstance(token, str):
            raise errors.DecodeError(f"tokens[{seat}]: a person's seat has a token, a bot's none")
    narration: tuple[str, ...] = ()
    for before, move, after in steps(game_record):
        narration = narrated(narration, before, move, after)
    return Table(
        name=name,
        state=codec.replay(game_record),
        seats=tuple(seats),
        tokens=tuple(tokens),
        narration=narration,
    )


def saved(table: Table) -> dict[str, object]:
    """Return what the records folder keeps of a table: its record, its seats and digests."""
    return {
        "record": codec.encode(codec.record(table.state)),
        "seats": list(table.seats),
        "tokens": list(table.tokens),
    }


def message(table: Table, seat: int) -> dict[str, object]:
    """Return what the seat's client is sent: its view, drawn and as JSON, and the table's news.

    It holds nothing the seat's view does not: the state, the seed and the tokens stay here.
    """
    entry = table.entry
    view = entry.view(table.state, seat)
    return {
        "type": "view",
        "table": table.name,
        "game": entry.name,
        "title": entry.title,
        "seat": seat,
        "seats": list(table.seats),
        "to_move": entry.current_player(table.state),
        "over": entry.is_over(table.state),
        "svg": drawing.svg(view),
        "view": codec.encode(view, game=entry.name),
        "moves": [
            {
                "text": str(move),
                "card": None if (card := getattr(move, "card", None)) is None else str(card),
            }
            for move in view.legal_moves
        ],
        "narration": list(table.narration),
        "score": codec.encode(entry.score(table.state), game=entry.name),
        "rules_page": RULES_PAGES.format(name=entry.name),
    }
