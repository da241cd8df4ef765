"""The behaviour fingerprint: one sha256 per game over what its public functions return.

Seeded random matches of every game are played under the default rules and under every option
set its options table lists (each other value of every yes/no or named-choice option), with
every player count. At each state reached the digest takes in, for every seat, the seat's view;
then the legal moves (as text) and the score. A refactor of an engine must leave every digest
as it was; a change of a rule changes it, in a commit that says which rule changed and why, with
the new value (``python tests/test_fingerprint.py`` prints the digests).

Values are read through their public attributes only (an attrs class's fields, sorted by name),
so an engine may change how it stores a state or which class declares a view's field without
changing the fingerprint; a change in what any public field holds changes it.
"""

from __future__ import annotations

import enum
import hashlib
import operator
import random
import sys
import typing
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs
import pytest

import cardgames
from cardgames import cards, game, matches

STATES: Final = 100_000
"""The fewest states each game's fingerprint takes in."""

HANDS: Final = 6
"""How many hands each seeded match plays (its ``max_hands``)."""

EXPECTED: Final = {
    "gin-rummy": "de45040226fcd9aeb2d03981b8d461e64bf318dd8cbd233f3880e5494f046425",
    "kalter-schlag": "04fbdb6081268acb4d11a576a9da22b3a5207878549f89cd265fb3788480e631",
    "mariage": "1208ad9fc54218db0543f697e4620655eba25c50a5f17f316068e09b7e901ec1",
    "staekske-rape": "b5edd29fc3b933e3c931d5ee22a9c16bd3b68e6aa2e94293ba4036f55dbf6498",
}
"""Each game's digest, taken once the fixes of the independent checks had landed (the gin
defender's least count, Mariage's rules 12, 24 and 28 and its queen): a refactor or a speed-up
must leave them as they are."""


def option_sets(entry: game.AnyGame) -> Iterator[dict[str, object]]:
    """Yield the default options, then one set for each other value of each choice option.

    A choice option is a yes/no option or one whose type is a set of named values (a
    ``Literal``); numbers keep their defaults (their effect is on the scores, which the default
    set already exercises).
    """
    rules_type = entry.rules_type
    hints = typing.get_type_hints(rules_type)
    defaults = rules_type()
    yield {}
    for field in attrs.fields(rules_type):
        if not field.init:
            continue
        kind = hints[field.name]
        values: tuple[object, ...] = ()
        if kind is bool:
            values = (True, False)
        elif typing.get_origin(kind) is typing.Literal:
            values = typing.get_args(kind)
        for value in values:
            if value != getattr(defaults, field.name):
                yield {field.name: value}


def fingerprint_states(entry: game.AnyGame) -> Iterator[Any]:
    """Yield every state of the game's fingerprint matches, in a fixed order, at least STATES."""
    sets = list(option_sets(entry))
    count = 0
    number = 0
    while count < STATES:
        options = sets[number % len(sets)]
        players = entry.players[number // len(sets) % len(entry.players)]
        rules = entry.rules_type(**{**options, "max_hands": HANDS})
        state = entry.new_game(rules, seed=number, players=players)
        chooser = random.Random(number)
        yield state
        count += 1
        while not entry.is_over(state):
            state = entry.apply(state, chooser.choice(entry.legal_moves(state)))
            yield state
            count += 1
        number += 1


_MEMO: dict[int, tuple[object, str]] = {}
"""The texts of the containers seen lately, by identity: states and views share most of their
parts (the tricks, the score sheet), so each is written out once. An entry keeps its value alive,
so an identity is never reused while it is in here."""

_MEMO_SIZE: Final = 200_000

Writer = Callable[[Any], str]


def canonical(value: object) -> str:
    """Return a text of a public value that depends only on what its public fields hold."""
    writer = _WRITERS.get(type(value))
    if writer is None:
        writer = _WRITERS[type(value)] = _writer_for(type(value))
    return writer(value)


def _remembered(write: Writer) -> Writer:
    """Return ``write`` for a container, remembering each container's text by identity."""

    def written(value: object) -> str:
        seen = _MEMO.get(id(value))
        if seen is not None and seen[0] is value:
            return seen[1]
        text = write(value)
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[id(value)] = (value, text)
        return text

    return written


def _sequence(value: Any) -> str:  # a tuple, a list or a score sheet
    """Write the items in order."""
    return "(" + ",".join([canonical(item) for item in value]) + ")"


def _collection(value: Any) -> str:  # a set
    """Write the items in sorted order of their texts."""
    return "{" + ",".join(sorted(canonical(item) for item in value)) + "}"


def _writer_for(kind: type) -> Writer:
    """Return the writer of the values of one type (made once per type)."""
    if issubclass(kind, enum.Enum):
        return lambda member: f"{kind.__name__}.{member.name}"
    if issubclass(kind, tuple | list | matches.Sheet):
        return _remembered(_sequence)
    if issubclass(kind, frozenset | set):
        return _remembered(_collection)
    if attrs.has(kind):
        names = tuple(sorted(field.name for field in attrs.fields(kind)))
        getters = tuple(operator.attrgetter(name) for name in names)

        def read(value: object) -> tuple[object, ...]:
            return tuple(getter(value) for getter in getters)

        labels = tuple(f"{name}=" for name in names)

        def write(value: object) -> str:
            fields = read(value)
            return (
                "{"
                + ",".join(
                    [label + canonical(field) for label, field in zip(labels, fields, strict=True)]
                )
                + "}"
            )

        return _remembered(write)
    return lambda value: f"{kind.__name__}:{value}"


_WRITERS: dict[type, Writer] = {
    str: repr,
    int: repr,
    bool: repr,
    type(None): repr,
    cards.Card: {card: str(card) for card in cards.CARDS}.__getitem__,
}
"""The writer of each type met so far."""


def fingerprint(name: str) -> tuple[str, int]:
    """Return the game's digest and the number of states it took in."""
    entry = cardgames.GAMES[name]
    digest = hashlib.sha256()
    count = 0
    for state in fingerprint_states(entry):
        parts = [canonical(entry.view(state, seat)) for seat in range(state.players)]
        parts.append(" ".join(str(move) for move in entry.legal_moves(state)))
        parts.append(canonical(entry.score(state)))
        digest.update("\n".join(parts).encode())
        digest.update(b"\x00")
        count += 1
    return digest.hexdigest(), count


@pytest.mark.fingerprint
@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_the_behaviour_is_the_fingerprinted_one(name: str) -> None:
    digest, count = fingerprint(name)
    assert count >= STATES
    assert digest == EXPECTED[name], (
        f"{name}'s behaviour changed: a rule change must say so and record the new digest"
    )


if __name__ == "__main__":
    for each in sys.argv[1:] or sorted(cardgames.GAMES):
        print(each, *fingerprint(each))  # noqa: T201  # the digests to record
