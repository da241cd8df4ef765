"""Junk thrown at every public callable of the core and of every game in ``cardgames.GAMES``.

The property: whatever a caller passes, a public function or class of :mod:`cardgames` returns a
value or raises one of the library's own errors (a :class:`~cardgames.errors.CardgamesError`, all
of them ``ValueError`` s) with a short message. Never a bare ``TypeError``, ``AttributeError``,
``KeyError`` or ``IndexError``, never a hang: a program that catches ``CardgamesError`` around a
call, as the docs tell it to, does not crash.

The callables are found, not listed: each core module's ``__all__``, each game package's
``__all__`` and its ``GAME`` entry's functions. Arguments are drawn for each parameter of the
callable's signature, so Python's own call errors (an unknown keyword, a missing argument), which
are programming errors and may stay ``TypeError`` s, never happen. The junk mixes plain values
(numbers of every size, text of every length, containers), the library's own values of every game
(states, views, moves, rules, cards: a value of the right kind in the wrong place is junk too),
and look-alikes (an object that equals everything, one whose ``repr`` fails, a namespace copying a
state's fields). A parameter named like a state, a move, a seat or rules is given a real one of
the game half the time, so that the junk in the other arguments is reached.

Further properties: ``is_legal`` answers a bool for any move and never raises, and with a seat
it answers for that seat; each state-taking function refuses another game's state, a view or a
look-alike with a ``RulesError`` naming what it expected; and no public value can be assigned to.

The boundary, game by game: :mod:`cardgames.codec` reads every kind of value (rules, moves,
cards, views, scores, hand scores, states, records) from hostile data (junk, deep nesting, huge
numbers, broken JSON, bytes that are not UTF-8) and writes only whole JSON; ``parse_move`` meets
digits that are no ASCII digits (``²``, ``٣``) and numbers of 5,000 digits; and the command
line's ``play`` prompt and ``replay`` file meet what a person or a disk may give them.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import inspect
import io
import json
import random
import re
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
import playing
from cardgames import (
    about,
    agents,
    arguments,
    cards,
    cli,
    codec,
    dealing,
    errors,
    game,
    history,
    matches,
    moves,
    protocols,
    search,
    simulate,
    tricks,
    validators,
    views,
)

pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")

NAMES = sorted(cardgames.GAMES)

CORE = (
    cards,
    moves,
    dealing,
    validators,
    history,
    errors,
    tricks,
    agents,
    simulate,
    about,
    arguments,
    matches,
    views,
    protocols,
    game,
    codec,
    search,
)
"""The core modules whose ``__all__`` the suite covers."""

SKIPPED: dict[object, str] = {
    game.Game.of: "the game author's one call at import, not an input boundary",
    game.Game: "as Game.of: a game package builds its entry once, at import",
    simulate.ChunkError: "raised by simulate.run with the failed chunk's own numbers",
    # An exact search takes time exponential in the cards left: from a corpus state early in
    # a hand it would not end. The solvers' own tests give them junk and every kind of ending.
    cardgames.kalter_schlag.solve: "an exhaustive search, tested in test_kalter_schlag_solver",
    cardgames.staekske_rape.solve: "an exhaustive search, tested in test_engine_solvers",
    cardgames.mariage.solve: "an exhaustive search, tested in test_engine_solvers",
}
"""Public callables left out, each with the reason."""

LONGEST_MESSAGE = 600
"""No error message may be longer: a message quotes a short prefix of a long input."""


# --- the library's own values, of every game ------------------------------------------------


@attrs.frozen(repr=False)
class Corpus:
    """Values of one game, gathered from a seeded random match.

    Attributes:
        entry: The game's registry entry.
        module: The game's package.
        states: States along the match: before the first deal, in each phase met, at the end.
        moves: Every legal move met, and a move text of each kind parsed.
        others: Views, scores, hand scores, rules and histories of the match.
    """

    entry: game.AnyGame
    module: types.ModuleType
    states: tuple[Any, ...]
    moves: tuple[Any, ...]
    others: tuple[Any, ...]

    def __repr__(self) -> str:
        return f"<values of {self.entry.name}>"


def gather(name: str) -> Corpus:
    """Play a seeded random match of a game (at most 3 hands) and keep what it shows."""
    entry = cardgames.GAMES[name]
    chooser = random.Random(7)
    state = entry.new_game(entry.rules_type(max_hands=3), seed=11)
    states = [state]
    found_moves: list[Any] = []
    seen_kinds: set[type] = set()
    while not entry.is_over(state):
        legal = entry.legal_moves(state)
        for move in legal:
            if type(move) not in seen_kinds:
                seen_kinds.add(type(move))
                states.append(state)
                found_moves.append(move)
        state = entry.apply(state, chooser.choice(legal))
        if chooser.random() < 0.03:
            states.append(state)
    states.append(state)
    others: list[Any] = [entry.rules_type(), entry.score(state), state.history]
    others.extend(entry.view(state, seat) for seat in range(state.players))
    others.extend(entry.score(state).hands[:1])
    return Corpus(
        entry,
        importlib.import_module(entry.module),
        tuple(states),
        tuple(found_moves),
        tuple(others),
    )


CORPORA = {name: gather(name) for name in NAMES}
ALL_MOVES = tuple(move for corpus in CORPORA.values() for move in corpus.moves)


# --- look-alikes ------------------------------------------------------------------------------


class EqualsAll:
    """Equal to everything: a membership test by ``==`` lets it through."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return 0


class BadRepr:
    """An object whose ``repr`` and ``str`` fail: an error message must still be made."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def _repr_pretty_(self, printer: Any, _cycle: bool) -> None:
        """Let Hypothesis print it in a failure report (it asks this before ``repr``)."""
        printer.text("BadRepr()")


class Junky:
    """A callable that answers junk: where the library calls back, it must check the answer."""

    def __call__(self, *_args: object, **_kwargs: object) -> object:
        return "junk"


def look_alike(state: Any) -> types.SimpleNamespace:
    """A namespace holding a state's fields: it reads like a state but is none."""
    return types.SimpleNamespace(
        **{field.name: getattr(state, field.name) for field in attrs.fields(type(state))}
    )


BIG_ORDER = list(cards.pack(32)) * 2000
"""64,000 cards: refusing them must cost milliseconds, and a short message."""


@attrs.frozen(eq=False, repr=False)
class Named:
    """A look-alike as Hypothesis draws it: by its name, since printing some of them fails
    (a number of 5,000 digits) or takes pages (64,000 cards). :func:`resolve` unwraps it."""

    label: str
    value: object

    def __repr__(self) -> str:
        return self.label

    def _repr_pretty_(self, printer: Any, _cycle: bool) -> None:
        """Print the name in a failure report."""
        printer.text(self.label)


def resolve(value: object) -> object:
    """Return a drawn value with every :class:`Named` inside it replaced by what it names."""
    if isinstance(value, Named):
        return value.value
    if isinstance(value, list):
        return [resolve(item) for item in value]
    if isinstance(value, tuple):
        return tuple(resolve(item) for item in value)
    if isinstance(value, dict):
        return {resolve(key): resolve(item) for key, item in value.items()}
    return value


NAMED_STATES = {
    name: tuple(
        Named(f"<{name} state {place} of the corpus>", state)
        for place, state in enumerate(corpus.states)
    )
    for name, corpus in CORPORA.items()
}
"""The states by their place in the corpus: a state's own repr runs to pages in a report."""

ALL_STATES = tuple(state for states in NAMED_STATES.values() for state in states)

LOOK_ALIKES: tuple[Named, ...] = tuple(
    Named(label, value)
    for label, value in (
        ("EqualsAll()", EqualsAll()),
        ("BadRepr()", BadRepr()),
        ("Junky()", Junky()),
        ("object()", object()),
        ("64,000 cards", BIG_ORDER),
        ("'x' * 100_000", "x" * 100_000),
        ("'deal' and 3,000 cards", "deal " + " ".join(map(str, BIG_ORDER[:3000]))),
        ("'bid ' + '9' * 4000", "bid " + "9" * 4000),
        ("10**5000", 10**5000),
        ("-(10**400)", -(10**400)),
        ("2**63", 2**63),
        ("2**256", 2**256),
        ("2**257", 2**257),
        ("1 << 52", 1 << 52),
        ("nan", float("nan")),
        ("inf", float("inf")),
        ("b'play qh'", b"play qh"),
        ("GAMES", cardgames.GAMES),
        *((f"GAMES[{name!r}]", corpus.entry) for name, corpus in CORPORA.items()),
        *(
            (f"a look-alike of a {name} state", look_alike(corpus.states[-1]))
            for name, corpus in CORPORA.items()
        ),
        *(
            (f"a {name} {type(value).__name__}", value)
            for name, corpus in CORPORA.items()
            for value in corpus.others
        ),
    )
)

TEXTS = (
    "",
    " ",
    "deal",
    "play qh",
    "Q♥",
    "10h",
    "bid 4",
    "bid 0",
    "bid -3",
    "bid 3_0",
    "trump h",
    "trump x",
    "discard 7c 8c 9c 10c",
    "meld jh qh kh ah",
    "meld qh qh qh",
    "double",
    "look",
    "pass",
    "take stock",
    "half_up",
    "ace_ten",
    "kalter-schlag",
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 60),
    st.integers(),
    st.floats(allow_nan=True),
    st.sampled_from(TEXTS),
    st.text(max_size=12),
    st.binary(max_size=4),
)
library_values = st.sampled_from(
    (*cards.CARDS, *cards.Suit, *cards.Rank, *ALL_MOVES, *ALL_STATES, *LOOK_ALIKES, -1)
)
hashables = st.one_of(scalars, st.sampled_from(cards.CARDS), st.integers(-2, 6))
junk: st.SearchStrategy[object] = st.deferred(
    lambda: st.one_of(
        scalars,
        library_values,
        st.lists(junk, max_size=4),
        st.lists(st.sampled_from(cards.CARDS), max_size=40),
        st.tuples(junk, junk),
        st.dictionaries(hashables, junk, max_size=3),
        st.frozensets(hashables, max_size=3),
    )
)


# --- the callables --------------------------------------------------------------------------


@attrs.frozen
class Target:
    """One public callable, and what its parameters are given besides junk.

    Attributes:
        name: Where it was found, for the test's id.
        call: The callable.
        corpus: The game whose values a parameter named like a state or a move gets, or None.
    """

    name: str
    call: Callable[..., object]
    corpus: Corpus | None = None


def is_protocol(value: object) -> bool:
    """Whether a class is a typing Protocol (it cannot be called)."""
    return isinstance(value, type) and bool(getattr(value, "_is_protocol", False))


def callables_of(owner: str, namespace: object, names: Iterator[str]) -> Iterator[tuple[str, Any]]:
    """Yield each public callable in ``names``, and each public class method of its classes."""
    for name in names:
        value = getattr(namespace, name)
        if (
            not callable(value)
            or is_protocol(value)
            or typing.get_origin(value) is not None  # a type alias, such as game.AnyGame
            or (isinstance(value, type) and issubclass(value, type))  # a metaclass makes classes
            or value in SKIPPED
        ):
            continue
        yield f"{owner}.{name}", value
        if isinstance(value, type) and not issubclass(value, BaseException | enum.Enum):
            for method_name, method in vars(value).items():
                if method_name.startswith("_") or not isinstance(
                    method, classmethod | staticmethod
                ):
                    continue
                bound = getattr(value, method_name)
                if bound not in SKIPPED and getattr(bound, "__func__", bound) not in SKIPPED:
                    yield f"{owner}.{name}.{method_name}", bound


def targets() -> list[Target]:
    """Every public callable of the core and of every registered game."""
    found = [
        Target(label, value)
        for module in CORE
        for label, value in callables_of(module.__name__, module, iter(module.__all__))
    ]
    found.append(Target("cardgames.agents.RandomAgent().choose", agents.RandomAgent().choose))
    for name, corpus in CORPORA.items():
        package = corpus.module
        found.extend(
            Target(label, value, corpus)
            for label, value in callables_of(package.__name__, package, iter(package.__all__))
        )
        entry = corpus.entry
        for field in attrs.fields(type(entry)):
            value = getattr(entry, field.name)
            if callable(value) and not isinstance(value, type):
                found.append(Target(f"GAMES[{name!r}].{field.name}", value, corpus))
        found.append(Target(f"GAMES[{name!r}].is_legal", entry.is_legal, corpus))
        found.append(Target(f"GAMES[{name!r}].replay", entry.replay, corpus))
    return found


TARGETS = targets()

STATE_NAMES = frozenset({"state", "before", "after"})
MOVE_NAMES = frozenset({"move", "meld"})
SEAT_NAMES = frozenset({"seat", "dealer", "first_dealer", "players", "mover"})


def argument(data: st.DataObject, target: Target, parameter: inspect.Parameter) -> object:
    """Draw a value for one parameter: junk, or half the time a real value of its kind."""
    corpus = target.corpus
    hint: st.SearchStrategy[object] | None = None
    if corpus is not None and parameter.name in STATE_NAMES:
        hint = st.sampled_from(NAMED_STATES[corpus.entry.name])
    elif corpus is not None and parameter.name in MOVE_NAMES:
        hint = st.sampled_from(corpus.moves)
    elif corpus is not None and parameter.name == "rules":
        hint = st.sampled_from((None, corpus.entry.rules_type()))
    elif parameter.name in SEAT_NAMES:
        hint = st.integers(0, 5)
    elif parameter.name == "seed":
        hint = st.integers(0, 2**63)
    elif parameter.name == "game":
        hint = st.sampled_from(NAMES)
    return data.draw(junk if hint is None else st.one_of(hint, junk), parameter.name)


def draw_arguments(data: st.DataObject, target: Target) -> tuple[list[object], dict[str, object]]:
    """Draw arguments that fit the callable's signature (so no call error can happen)."""
    call = target.call
    if isinstance(call, type) and issubclass(call, enum.Enum):
        return [data.draw(junk, "value")], {}
    try:
        signature = inspect.signature(call)
    except ValueError:  # a builtin without a signature (an exception class): any arguments
        return data.draw(st.lists(junk, max_size=2), "args"), {}
    positional: list[object] = []
    keywords: dict[str, object] = {}
    skipped = False  # once a positional parameter is left out, the later ones go by keyword
    for parameter in signature.parameters.values():
        kind = parameter.kind
        if kind is inspect.Parameter.VAR_POSITIONAL and not skipped:
            positional.extend(data.draw(st.lists(junk, max_size=2), parameter.name))
        if kind in {inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD}:
            continue
        optional = parameter.default is not inspect.Parameter.empty
        if optional and not data.draw(st.booleans(), f"give {parameter.name}"):
            skipped = skipped or kind is not inspect.Parameter.KEYWORD_ONLY
            continue
        if skipped and kind is inspect.Parameter.POSITIONAL_ONLY:
            break  # it cannot be given after one left out
        value = argument(data, target, parameter)
        if kind is inspect.Parameter.KEYWORD_ONLY or skipped:
            keywords[parameter.name] = value
        else:
            positional.append(value)
    return positional, keywords


def check_error(error: errors.CardgamesError) -> None:
    """A library error: one of the documented classes, with a short message."""
    assert type(error).__module__ == errors.__name__
    assert type(error).__name__ in errors.__all__
    message = str(error)
    assert message
    assert len(message) <= LONGEST_MESSAGE, f"a message of {len(message)} characters"


@pytest.mark.parametrize("target", TARGETS, ids=[target.name for target in TARGETS])
@settings(
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_junk_meets_a_value_or_a_documented_error(target: Target, data: st.DataObject) -> None:
    positional, keywords = draw_arguments(data, target)
    try:
        target.call(*map(resolve, positional), **{k: resolve(v) for k, v in keywords.items()})
    except errors.CardgamesError as error:
        check_error(error)


def test_every_registered_game_and_the_core_are_covered() -> None:
    covered = {target.name for target in TARGETS}
    for name in NAMES:
        package = cardgames.GAMES[name].module
        assert f"GAMES[{name!r}].apply" in covered
        assert f"{package}.new_game" in covered
        assert f"{package}.Rules" in covered
    for module in CORE:
        assert any(target.name.startswith(module.__name__ + ".") for target in TARGETS), module
    assert len(TARGETS) > 100


# --- is_legal, foreign states -------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150)
@given(data=st.data())
def test_is_legal_answers_a_bool_for_any_move(name: str, data: st.DataObject) -> None:
    corpus = CORPORA[name]
    state = resolve(data.draw(st.sampled_from(NAMED_STATES[name]), "state"))
    move = resolve(data.draw(st.one_of(junk, st.sampled_from(ALL_MOVES)), "move"))
    seat = data.draw(st.one_of(st.none(), st.integers(0, 11)), "seat")
    answer = corpus.entry.is_legal(state, move, seat=seat)
    assert answer is True or answer is False
    if answer:
        corpus.entry.apply(state, move, seat=seat)


def foreign_states(name: str) -> list[object]:
    """What a game's functions must refuse as a state: every other game's, and the look-alikes."""
    found: list[object] = [None, 3, "state", look_alike(CORPORA[name].states[-1])]
    found.extend(CORPORA[name].others)
    for other, corpus in CORPORA.items():
        if other != name:
            found.extend((corpus.states[0], corpus.states[-1]))
    return found


def state_calls(entry: game.AnyGame, state: object, own: Any) -> list[Callable[[], object]]:
    """Every call of the entry that takes a state, with ``state`` in a state's place."""
    move = entry.legal_moves(own)[0] if entry.legal_moves(own) else entry.parse_move("deal")
    return [
        lambda: entry.current_player(state),
        lambda: entry.legal_moves(state),
        lambda: entry.apply(state, move),
        lambda: entry.apply(state, move, seat=0),
        lambda: entry.is_over(state),
        lambda: entry.score(state),
        lambda: entry.view(state, 0),
        lambda: entry.narrate(state, move, own),
        lambda: entry.narrate(own, move, state),
        lambda: entry.is_legal(state, move),
    ]


@pytest.mark.parametrize("name", NAMES)
def test_a_foreign_state_is_refused_naming_what_was_expected(name: str) -> None:
    entry = cardgames.GAMES[name]
    module = entry.module.removeprefix("cardgames.")
    for own in CORPORA[name].states[:3]:
        for foreign in foreign_states(name):
            for call in state_calls(entry, foreign, own):
                with pytest.raises(errors.RulesError, match=rf"^expected a {module}\.State "):
                    call()


# --- nothing public can be assigned ---------------------------------------------------------


def public_values() -> Iterator[object]:
    """One of each kind of value the library hands out."""
    yield cardgames.GAMES
    yield cards.CARDS[0]
    yield tricks.Ranking.build(
        cards.pack(32), suit_of=lambda card: int(card.suit), strength=lambda card: int(card.rank)
    )
    link = history.record("deal", None)
    yield history.record("play Q♥", link)
    for corpus in CORPORA.values():
        yield corpus.entry
        yield from corpus.states
        yield from corpus.moves
        yield from corpus.others
        last = corpus.states[-1]
        yield last.match
        yield from getattr(last, "tricks", ())[:1]


def attribute_names(value: object) -> list[str]:
    """The names to try on a value: its attrs fields or slots, its public attributes, a new one."""
    names = {"new_attribute", "move", "previous", "length", "_games", "_memo"}
    kind = type(value)
    if attrs.has(kind):
        names.update(field.name for field in attrs.fields(kind))
    names.update(name for name in dir(value) if not name.startswith("__"))
    return sorted(names)


def test_no_public_value_can_be_assigned_to() -> None:
    checked = 0
    for value in public_values():
        try:
            digest: int | None = hash(value)
        except TypeError:  # a mapping, or a registry entry that holds one
            digest = None
        shown = repr(value)
        for name in attribute_names(value):
            with pytest.raises(AttributeError):
                setattr(value, name, 7)
            with pytest.raises(AttributeError):
                delattr(value, name)
            checked += 1
        assert repr(value) == shown
        if digest is not None:
            assert hash(value) == digest
    assert checked > 1000


def test_a_history_link_cannot_be_changed_and_still_pickles() -> None:
    state = CORPORA[NAMES[0]].states[-1]
    link = state.history
    assert isinstance(link, history.History)
    before = history.moves_of(link)
    with pytest.raises(AttributeError, match="a move history cannot be changed"):
        link.move = None
    with pytest.raises(AttributeError, match="a move history cannot be changed"):
        link.previous = None
    assert history.moves_of(link) == before
    assert not hasattr(link, "__dict__")


# --- is_legal with a seat ----------------------------------------------------------------------


def playout(name: str, seed: int, hands: int) -> list[Any]:
    """Every state of a seeded random match of a game."""
    return list(playing.random_states(name, seed, hands=hands))


class SneakyDeal(moves.Deal):
    """A Deal by another name: a guard that checks the exact class lets it stack the deck."""


NOT_SEATS: tuple[object, ...] = ("2", 2.0, True, False, -1, [0], b"0", EqualsAll())
"""Values that are no seat number: a caller's mistake, not a move out of turn."""


@pytest.mark.parametrize("name", NAMES)
def test_is_legal_with_a_seat_answers_what_apply_with_that_seat_would(name: str) -> None:
    entry = cardgames.GAMES[name]
    deal = entry.parse_move("deal")
    dealt = 0
    for state in playout(name, 3, hands=2):
        mover = entry.current_player(state)
        legal = entry.legal_moves(state)
        for move in legal:
            assert entry.is_legal(state, move) is True
            assert entry.is_legal(state, move, seat=mover) is True
            for seat in range(state.players + 2):
                if seat != mover:
                    assert entry.is_legal(state, move, seat=seat) is False, (move, seat)
        for bad in NOT_SEATS:
            with pytest.raises(errors.RulesError, match=r"^seat "):
                entry.is_legal(state, legal[0] if legal else deal, seat=bad)  # type: ignore[arg-type]  # junk on purpose
        if legal == (deal,):
            dealt += 1
            order = entry.pack(state.rules, state.players)
            for stacked in (moves.Deal(order=order), SneakyDeal(order=order)):
                for seat in range(state.players):
                    assert entry.is_legal(state, stacked, seat=seat) is False, (stacked, seat)
            assert entry.is_legal(state, moves.Deal(order=order)) is True  # code may stack
    assert dealt >= 2
    final = state
    assert entry.is_over(final)
    assert entry.is_legal(final, deal, seat=0) is False


# --- the codec: every kind of value of every game ----------------------------------------------


@attrs.frozen(repr=False)
class Kind:
    """One kind of value the codec reads and writes for a game, with values of that kind.

    Attributes:
        name: The game's registry name.
        label: The kind's name, for the test's id.
        kind: What ``codec.decode`` is asked for.
        classes: The classes a decoded value may have.
        values: Values of the kind, from the game's corpus.
    """

    name: str
    label: str
    kind: Any
    classes: tuple[type, ...]
    values: tuple[Any, ...]

    def __repr__(self) -> str:
        return f"<{self.name} {self.label}>"


def kinds_of(name: str) -> list[Kind]:
    """Every kind of value the codec handles for a game, with values from its corpus."""
    corpus = CORPORA[name]
    entry = corpus.entry
    states = corpus.states
    view_type = type(entry.view(states[0], 0))
    score = entry.score(states[-1])
    move_union = typing.get_type_hints(entry.parse_move)["return"]
    found = [
        Kind(
            name,
            "rules",
            entry.rules_type,
            (entry.rules_type,),
            (entry.rules_type(), states[-1].rules),
        ),
        Kind(name, "move", move_union, typing.get_args(move_union), corpus.moves),
        Kind(name, "card", cards.Card, (cards.Card,), cards.CARDS[::13]),
        Kind(
            name,
            "view",
            view_type,
            (view_type,),
            tuple(value for value in corpus.others if type(value) is view_type),
        ),
        Kind(name, "score", type(score), (type(score),), (score, entry.score(states[0]))),
        Kind(name, "hand score", type(score.hands[0]), (type(score.hands[0]),), score.hands[:2]),
        Kind(
            name, "state", type(states[0]), (type(states[0]),), (states[0], states[3], states[-1])
        ),
        Kind(
            name,
            "record",
            codec.GameRecord,
            (codec.GameRecord,),
            (codec.record(states[1]), codec.record(states[-1])),
        ),
    ]
    found.extend(
        Kind(name, f"move {type(move).__name__}", type(move), (type(move),), (move,))
        for move in corpus.moves[:3]
    )
    return found


KINDS = [kind for name in NAMES for kind in kinds_of(name)]


@pytest.mark.parametrize("kind", KINDS, ids=repr)
def test_every_kind_of_value_travels_as_json_and_back(kind: Kind) -> None:
    for value in kind.values:
        data = codec.encode(value, game=kind.name)
        assert json.loads(json.dumps(data, allow_nan=False)) == data
        assert codec.decode(data, kind.kind, game=kind.name) == value
        assert codec.loads(codec.dumps(value, game=kind.name), kind.kind, game=kind.name) == value


def deep_list(depth: int) -> object:
    """A list inside a list, ``depth`` times (built without recursion)."""
    nested: object = []
    for _ in range(depth):
        nested = [nested]
    return nested


def deep_object(depth: int) -> object:
    """An object inside an object, ``depth`` times."""
    nested: object = {}
    for _ in range(depth):
        nested = {"a": nested}
    return nested


LOOP: list[object] = []
LOOP.append(LOOP)

HOSTILE_DATA: tuple[Named, ...] = (
    Named("a list 2,000 deep", deep_list(2000)),
    Named("a list 100,000 deep", deep_list(100_000)),
    Named("an object 5,000 deep", deep_object(5000)),
    Named("a list that holds itself", LOOP),
    Named("10**5000", 10**5000),
    Named("-(2**64)", -(2**64)),
    Named("'9' * 5000", "9" * 5000),
    Named("b'\\xff\\xfe'", b"\xff\xfe"),
    Named("a lone surrogate", "\udcff"),
    Named("'²'", "²"),
    Named("'٣'", "٣"),
)
"""Data a hostile sender may build, beyond the general junk."""

json_data: st.SearchStrategy[object] = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=12,
)
hostile: st.SearchStrategy[object] = st.one_of(junk, json_data, st.sampled_from(HOSTILE_DATA))


def mutated(
    data: st.DataObject, value: object, using: st.SearchStrategy[object] = hostile
) -> object:
    """A copy of JSON data with one place in it replaced, removed or joined by junk."""
    root = json.loads(json.dumps(value))
    holder: Any = None
    key: Any = None
    node = root
    while isinstance(node, dict | list) and node and data.draw(st.booleans(), "go deeper"):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        holder, key = node, data.draw(st.sampled_from(keys), "at")
        node = node[key]
    change = data.draw(st.sampled_from(("replace", "remove", "add")), "change")
    junk_value = data.draw(using, "junk")
    if holder is None:
        return junk_value
    if change == "remove":
        del holder[key]
    elif change == "add" and isinstance(holder, dict):
        holder[data.draw(st.text(max_size=6), "new key")] = junk_value
    else:
        holder[key] = junk_value
    return root


@pytest.mark.parametrize("kind", KINDS, ids=repr)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_data_decodes_to_a_value_or_a_decode_error(kind: Kind, data: st.DataObject) -> None:
    value = data.draw(st.sampled_from(kind.values), "value")
    encoded = codec.encode(value, game=kind.name)
    hostile_data = data.draw(st.one_of(hostile, st.builds(lambda: mutated(data, encoded))), "data")
    try:
        found = codec.decode(resolve(hostile_data), kind.kind, game=kind.name)
    except errors.DecodeError as error:
        check_error(error)
    else:
        assert type(found) in kind.classes


@pytest.mark.parametrize("kind", KINDS, ids=repr)
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_broken_json_text_loads_to_a_value_or_a_decode_error(
    kind: Kind, data: st.DataObject
) -> None:
    value = data.draw(st.sampled_from(kind.values), "value")
    text = codec.dumps(value, game=kind.name).encode()
    cut = data.draw(st.integers(0, len(text)), "at")
    broken = data.draw(
        st.sampled_from(
            (
                text[:cut],  # cut short
                text[:cut] + b"\xff" + text[cut:],  # not UTF-8
                text[:cut] + b"[" * 5000 + text[cut:],  # nesting past the parser
                re.sub(rb"\d+", b"9" * 5000, text, count=1),  # a number of 5,000 digits
                text[:cut] + text[cut + 1 :],  # a byte lost
            )
        ),
        "broken",
    )
    as_text = data.draw(st.booleans(), "as text")
    given_text: str | bytes = (
        broken.decode("utf-8", errors="surrogateescape") if as_text else broken
    )
    for load in (
        lambda: codec.loads(given_text, kind.kind, game=kind.name),
        lambda: codec.loads_record(given_text),
    ):
        try:
            load()
        except errors.DecodeError as error:
            check_error(error)


VALUES_TO_ENCODE = st.one_of(
    junk,
    st.sampled_from(HOSTILE_DATA),
    st.sampled_from([value for kind in KINDS for value in kind.values]),
)


@pytest.mark.parametrize("name", [*NAMES, None])
@settings(max_examples=150)
@given(data=st.data())
def test_encode_writes_whole_json_or_refuses(name: str | None, data: st.DataObject) -> None:
    value = resolve(data.draw(VALUES_TO_ENCODE, "value"))
    try:
        encoded = codec.encode(value, game=name)
        text = codec.dumps(value, game=name)
    except (errors.DecodeError, errors.RulesError) as error:
        check_error(error)
    else:
        assert json.loads(text) == json.loads(json.dumps(encoded, allow_nan=False))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60)
@given(data=st.data())
def test_decode_refuses_a_kind_it_does_not_read(name: str, data: st.DataObject) -> None:
    kind = resolve(
        data.draw(st.one_of(junk, st.sampled_from((int, str, dict, type, moves.Deal))), "kind")
    )
    try:
        codec.decode({}, kind, game=name)  # type: ignore[arg-type]  # junk on purpose
    except (errors.DecodeError, errors.RulesError) as error:
        check_error(error)


# --- move text with digits that are no ASCII digits --------------------------------------------

ODD_NUMBERS = (
    "²",
    "¹",
    "³",
    "٣",
    "３",
    "𝟑",
    "Ⅲ",
    "߃",
    "9" * 5000,
    "0" * 5000 + "1",
    "-1",
    "3_0",
    "+3",
    "3.0",
)
"""What a client may type where a move's text has a number (a bid, a count, a card's rank)."""

MORE_TEXTS = (
    "bid 3",
    "bid ٣",
    "lay out 7c 7d 7s off 8c>2",
    "lay out 7c 7d 7s off 8c>²",
    "out-of-turn 3",
    "out-of-turn ³",
    "misdeal 3",
)
"""Move texts of every game's notation, some with a number of the odd kind already."""


def odd_texts(name: str) -> list[str]:
    """Every move text of the game's corpus and the texts above, each number in it made odd."""
    texts = sorted({str(move) for move in CORPORA[name].moves} | set(MORE_TEXTS))
    found = list(texts)
    for text in texts:
        for number in re.finditer(r"\d+", text):
            found.extend(text[: number.start()] + odd + text[number.end() :] for odd in ODD_NUMBERS)
    return found


@pytest.mark.parametrize("name", NAMES)
def test_parse_move_reads_odd_digits_as_a_move_or_a_move_parse_error(name: str) -> None:
    entry = cardgames.GAMES[name]
    texts = odd_texts(name)
    assert len(texts) > 100
    for text in texts:
        try:
            move = entry.parse_move(text)
        except errors.MoveParseError as error:
            check_error(error)
        else:
            assert entry.parse_move(str(move)) == move, text


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=200)
@given(data=st.data())
def test_parse_move_of_any_text_is_a_move_or_a_move_parse_error(
    name: str, data: st.DataObject
) -> None:
    entry = cardgames.GAMES[name]
    verb = data.draw(
        st.sampled_from(
            [*sorted({str(m).split()[0] for m in CORPORA[name].moves}), "out-of-turn", "lay"]
        )
    )
    rest = data.draw(
        st.text(alphabet=st.sampled_from(" 0123456789²¹³٣３|>-offQHcdsh♥♣♠♦"), max_size=30)
    )
    try:
        move = entry.parse_move(f"{verb} {rest}")
    except errors.MoveParseError as error:
        check_error(error)
    else:
        assert entry.parse_move(str(move)) == move


# --- the command line: what a player types, what a file holds ---------------------------------

TYPED = (
    *ODD_NUMBERS,
    "",
    " ",
    "0",
    "00",
    "1" * 30,
    "\x00",
    "\x1b[A",
    "play",
    "deal",
    "double",
    "x" * 10_000,
)
"""Lines a player may type at the ``play`` prompt."""


def undecodable() -> UnicodeDecodeError:
    """What reading a line raises when the terminal's encoding cannot read what was typed."""
    return UnicodeDecodeError("ascii", b"\xe2\x99\xa5", 0, 1, "ordinal not in range(128)")


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_play_prompt_answers_whatever_is_typed(name: str, data: st.DataObject) -> None:
    entry = cardgames.GAMES[name]
    answers = data.draw(
        st.lists(
            st.one_of(st.sampled_from(TYPED), st.text(max_size=20), st.just("undecodable")),
            max_size=6,
        ),
        "typed",
    )
    seat = data.draw(st.integers(0, entry.players[0] - 1), "seat")
    pending = list(answers)

    def read(_prompt: str) -> str:
        if not pending:
            raise EOFError
        answer = pending.pop(0)
        if answer == "undecodable":
            raise undecodable()
        return answer

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(
            ["play", name, "--seed", "5", "--seat", str(seat), "--max-hands", "1"], read=read
        )
    assert (status, err.getvalue()) == (0, "")
    last = out.getvalue().rstrip().splitlines()[-1]
    assert last.startswith(("you left the match after ", "match over after ", "stopped after "))


@pytest.fixture(scope="module")
def record_dir(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A directory for the record files the tests write."""
    return tmp_path_factory.mktemp("records")


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_replay_reads_any_file_or_refuses_it_in_one_line(
    name: str, record_dir: Any, data: st.DataObject
) -> None:
    saved = codec.encode(codec.record(CORPORA[name].states[5]))
    changed = data.draw(
        st.one_of(st.just(saved), st.builds(lambda: mutated(data, saved, json_data))), "record"
    )
    text = json.dumps(changed, ensure_ascii=False).encode()
    cut = data.draw(st.integers(0, len(text)), "at")
    content = data.draw(
        st.sampled_from(
            (
                text,
                text[:cut],
                text[:cut] + b"\xc3" + text[cut:],
                b"\x00" * cut,
                text[:cut] + b"[" * 3000,
            )
        ),
        "content",
    )
    path = record_dir / f"{name}.json"
    path.write_bytes(content)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["replay", str(path)])
    if status == 0:
        assert err.getvalue() == ""
        assert (
            out.getvalue()
            .rstrip()
            .splitlines()[-1]
            .startswith(("match over after ", "stopped after "))
        )
    else:
        assert status == 2
        assert err.getvalue().startswith("cardgames: ")
        assert err.getvalue().count("\n") == 1
