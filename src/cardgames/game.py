"""The shape every game module shares, and the registry of games.

Each game package (``cardgames.kalter_schlag`` …) has module-level functions with the same names
and signatures — ``new_game``, ``current_player``, ``legal_moves``, ``is_legal``, ``apply``,
``is_over``, ``score``, ``view``, ``parse_move``, ``replay`` — and a ``GAME`` object that bundles
them. ``GAME`` satisfies the :class:`Game` protocol, so agents, the command line, simulation and
codecs work for every game without special cases.

Example:
    >>> import cardgames
    >>> game = cardgames.GAMES["kalter-schlag"]
    >>> state = game.new_game(seed=3)
    >>> game.legal_moves(state)
    (Deal(),)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, Protocol, TypeVar

import attrs
import typing_extensions

from cardgames import dealing, errors

__all__ = [
    "AnyGame",
    "Game",
    "GameModule",
    "HandScore",
    "MatchState",
    "PlayerView",
    "Score",
    "check_players",
    "check_rules",
    "check_seat",
    "check_seed",
    "check_turn",
    "is_legal",
    "register",
    "registry",
    "replay",
    "start_seed",
]


@attrs.frozen
class HandScore:
    """What one finished hand changed on the score sheet.

    Attributes:
        number: The hand's number in the match, from 1.
        points: Each seat's change to its total in this hand.
        explanation: The arithmetic in one line, e.g.
            ``"seat 2: 66 card points × 2 Kontra × 2 one Jungfrau = 264 → 260"``.
    """

    number: int
    points: tuple[int, ...]
    explanation: str


HandScoreT_co = typing_extensions.TypeVar(
    "HandScoreT_co", bound=HandScore, default=HandScore, covariant=True
)


@attrs.frozen
class Score(Generic[HandScoreT_co]):
    """The score sheet of a match at some point: totals, finished hands, result.

    It is generic in the game's kind of hand score: ``kalter_schlag.score`` returns a
    ``Score[kalter_schlag.HandScore]``, whose hands carry card points and tricks. Games with more
    to report subclass it.

    Attributes:
        totals: Each seat's running total (game points, penalty points or chips: see the game).
        hands: Each finished hand's changes, oldest first.
        over: Whether the match has ended.
        winners: The seats that won the match (empty while it goes on).
        losers: The seats that lost the match (empty while it goes on).
    """

    totals: tuple[int, ...]
    hands: tuple[HandScoreT_co, ...]
    over: bool
    winners: tuple[int, ...]
    losers: tuple[int, ...]


class MatchState(Protocol):
    """What generic code may read from any game's ``State``."""

    @property
    def seed(self) -> int:
        """The seed every deal of the match derives from."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def hand_number(self) -> int:
        """0 before the first deal, then the number of deals made."""
        ...

    @property
    def hand_over(self) -> bool:
        """Whether no hand is in progress (the next move is a deal, or the match is over)."""
        ...

    @property
    def moves(self) -> tuple[Any, ...]:
        """Every move applied since the match began, in order."""
        ...


MoveT = TypeVar("MoveT")
MoveT_co = TypeVar("MoveT_co", covariant=True)


class PlayerView(Protocol[MoveT_co]):
    """What generic code may read from any game's ``View``."""

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        ...

    @property
    def legal_moves(self) -> tuple[MoveT_co, ...]:
        """That seat's legal moves, empty when it is not its turn."""
        ...


RulesT_contra = TypeVar("RulesT_contra", contravariant=True)
StateT = TypeVar("StateT", bound=MatchState)
ViewT_co = TypeVar("ViewT_co", bound=PlayerView[Any], covariant=True)
ScoreT_co = TypeVar("ScoreT_co", bound=Score[Any], covariant=True)


class Game(Protocol[RulesT_contra, StateT, MoveT, ViewT_co, ScoreT_co]):
    """The operations every game module provides (see DESIGN: the API every game module has)."""

    @property
    def name(self) -> str:
        """The game's registry key, e.g. ``"kalter-schlag"``."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people, e.g. ``"Kalter Schlag"``."""
        ...

    @property
    def players(self) -> tuple[int, ...]:
        """The numbers of seats the game can be played with; the first is the usual one."""
        ...

    @property
    def rules_type(self) -> type[Any]:
        """The game's ``Rules`` class: ``GAME.rules_type(max_hands=10)`` builds options."""
        ...

    def new_game(
        self,
        rules: RulesT_contra | None = None,
        *,
        seed: int | None = None,
        players: int | None = None,
        first_dealer: int | None = None,
    ) -> StateT:
        """Start a match in its first hand's deal phase."""
        ...

    def current_player(self, state: StateT) -> int | None:
        """The seat to move, or None when the match is over."""
        ...

    def legal_moves(self, state: StateT) -> tuple[MoveT, ...]:
        """The moves the seat to move may make, in the game's documented order."""
        ...

    def is_legal(self, state: StateT, move: object) -> bool:
        """Whether ``apply(state, move)`` would succeed."""
        ...

    def apply(self, state: StateT, move: MoveT, *, seat: int | None = None) -> StateT:
        """Return the state after the move; raise IllegalMoveError if it is not legal."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the match has ended."""
        ...

    def score(self, state: StateT) -> ScoreT_co:
        """The score sheet so far."""
        ...

    def view(self, state: StateT, seat: int) -> ViewT_co:
        """What the seat may know."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """Read a move from its text form."""
        ...

    def narrate(self, before: StateT, move: MoveT, after: StateT) -> str | None:
        """A line of public commentary on a move (a finished trick, a bid), or None.

        It tells only what every seat saw, so a server may broadcast it.
        """
        ...

    def replay(
        self,
        rules: RulesT_contra | None,
        seed: int,
        moves: Iterable[MoveT | str],
        *,
        players: int | None = None,
        first_dealer: int | None = None,
    ) -> StateT:
        """Rebuild the state reached by applying the moves to a new match."""
        ...


@attrs.frozen
class GameModule:
    """A game's entry in the registry: its names and its module's functions.

    Each game package builds one as its ``GAME`` from its own functions. The fields hold those
    functions, so calling ``GAME.apply(state, move)`` is calling the module's ``apply``.
    """

    name: str
    title: str
    players: tuple[int, ...]
    rules_type: type[Any]
    new_game: Any
    current_player: Any
    legal_moves: Any
    is_legal: Any
    apply: Any
    is_over: Any
    score: Any
    view: Any
    parse_move: Any
    narrate: Any
    replay: Any


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any types, as generic code (agents, the command line, simulation) works with it."""

_REGISTRY: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game to the registry under its name and return it."""
    _REGISTRY[game.name] = game
    return game


def registry() -> Mapping[str, AnyGame]:
    """Return the games known so far, by name."""
    return _REGISTRY


def check_seed(seed: object) -> int | None:
    """Return a seed argument checked to be an int or None.

    Raises:
        RulesError: For any other value.
    """
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise errors.RulesError(f"seed must be a whole number or None, not {seed!r}")


def check_seat(seat: object, players: int, *, what: str = "seat") -> int:
    """Return a seat argument checked to be an int in ``range(players)``.

    Raises:
        RulesError: For any other value.
    """
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return seat
    raise errors.RulesError(f"{what} must be a seat from 0 to {players - 1}, not {seat!r}")


OptionsT = TypeVar("OptionsT")
MatchT = TypeVar("MatchT")


def check_rules(value: object, rules_type: type[OptionsT], module: str) -> OptionsT:
    """Return a ``rules`` argument checked to be the game's ``Rules``; the defaults for None.

    Args:
        value: The argument.
        rules_type: The game's ``Rules`` class.
        module: The game's module name for the message, e.g. ``"kalter_schlag"``.

    Raises:
        RulesError: For anything else (another game's rules, a dict …).
    """
    if value is None:
        return rules_type()
    if not isinstance(value, rules_type):
        raise errors.RulesError(f"expected {module}.Rules, not {type(value).__name__}")
    return value


def check_players(players: object, allowed: tuple[int, ...], *, says: str) -> int:
    """Return a ``players`` argument checked to be one of ``allowed``; the first for None.

    Args:
        players: The argument.
        allowed: The game's player counts, the usual one first.
        says: The rule for the message, e.g. ``"Kalter Schlag is played by exactly 4 players"``.

    Raises:
        RulesError: For any other value (``4.0`` and ``True`` included).
    """
    if players is None:
        return allowed[0]
    if type(players) is int and players in allowed:
        return players
    raise errors.RulesError(f"{says}, not {players!r}")


def check_turn(mover: int | None, seat: object, move: object) -> int:
    """Return the seat to move, checking that the match goes on and ``seat`` (if given) is it.

    Args:
        mover: The game's ``current_player``.
        seat: The ``seat`` given to ``apply``, or None.
        move: The move, for the error.

    Raises:
        MatchOverError: If the match is over.
        NotYourTurnError: If ``seat`` is given and is not the seat to move (or not a seat).
    """
    sender = seat if type(seat) is int else None
    if mover is None:
        raise errors.MatchOverError("the match is over: no more moves", move=move, seat=sender)
    if seat is not None and (seat != mover or sender is None):
        named = f"seat {seat}" if sender is not None else repr(seat)
        raise errors.NotYourTurnError(
            f"not your turn: seat {mover} is to move, not {named}", move=move, seat=sender
        )
    return mover


def start_seed(seed: object) -> int:
    """Return a ``seed`` argument checked to be an int, or a fresh random seed for None.

    Raises:
        RulesError: For any other value.
    """
    checked = check_seed(seed)
    return dealing.new_seed() if checked is None else checked


def is_legal(apply: Callable[[MatchT, Any], object], state: MatchT, move: object) -> bool:
    """Return whether ``apply(state, move)`` succeeds: a game's ``is_legal`` in one line."""
    try:
        apply(state, move)
    except errors.IllegalMoveError:
        return False
    return True


def replay(
    new_game: Callable[..., MatchT],
    apply: Callable[[MatchT, Any], MatchT],
    parse_move: Callable[[str], object],
    *,
    rules: object,
    seed: int,
    moves: Iterable[object],
    players: int | None,
    first_dealer: int | None,
) -> MatchT:
    """Apply moves (or their text) to a new match: a game's ``replay`` in one line.

    Raises:
        IllegalMoveError: If a move is illegal where it comes.
        MoveParseError: If a move text does not parse.
    """
    current = new_game(rules, seed=seed, players=players, first_dealer=first_dealer)
    for move in moves:
        current = apply(current, parse_move(move) if isinstance(move, str) else move)
    return current
