"""The shape every game shares: its entry in the registry, its match record, its checks.

A game is a package (``cardgames.kalter_schlag`` …) whose engine has the functions every game
has — ``new_game``, ``current_player``, ``legal_moves``, ``apply``, ``is_over``, ``score``,
``view``, ``parse_move``, ``narrate`` — and one :class:`Game` value, its ``GAME``, that bundles
them with the game's facts (names, player counts, a bound on a hand's moves) and adds what is
the same for every game (:meth:`Game.is_legal`, :meth:`Game.replay`). The package registers
``GAME`` itself, so a game joins :data:`cardgames.GAMES`, the command line, the agents and the
conformance suite by being imported once.

:class:`Game` is generic in the game's types and checked by mypy: a game whose functions do not
have the shared signatures does not type-check where its ``GAME`` is built.

Every game's ``State`` holds a :class:`Match` (what no move inside a hand changes: the rules,
the seed, the seats, the score sheet) and inherits the read-only properties that forward to it
from :class:`MatchFacts`.

Example:
    >>> import cardgames
    >>> game = cardgames.GAMES["kalter-schlag"]
    >>> state = game.new_game(seed=3)
    >>> game.legal_moves(state)
    (Deal(),)
    >>> cardgames.GAMES["kalter_schlag"] is game
    True
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, Generic, NoReturn, Protocol, TypeVar, cast, overload

import attrs
import typing_extensions

from cardgames import cards, dealing, errors, history, moves

__all__ = [
    "MOST_PLAYERS",
    "AnyGame",
    "Apply",
    "Block",
    "Encoding",
    "Engine",
    "Game",
    "HandScore",
    "Match",
    "MatchFacts",
    "NewGame",
    "PlayerView",
    "Registry",
    "Score",
    "Sheet",
    "check_game",
    "check_new_game",
    "check_players",
    "check_rules",
    "check_seat",
    "check_seed",
    "check_state",
    "check_step",
    "check_turn",
    "place_blocks",
    "register",
    "registry",
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

    @classmethod
    def of(
        cls,
        match: Match[object, HandScoreT_co],
        **more: Any,  # noqa: ANN401  # a subclass's fields
    ) -> typing_extensions.Self:
        """Return the score sheet of a match as it stands: what each game's ``score`` returns.

        A game whose sheet has more to report (a subclass) gives its fields as keywords.

        Raises:
            RulesError: If ``match`` is not a :class:`Match`.

        Example:
            >>> sheet = Score.of(Match.opening("rules", 7, 2, first_dealer=0))
            >>> sheet.totals, sheet.hands, sheet.over, sheet.winners
            ((0, 0), (), False, ())
        """
        given: object = match  # callers may pass anything
        if not isinstance(given, Match):
            raise errors.RulesError(
                f"a score sheet is read from a Match, not {errors.quote(given)}"
            )
        return cls(
            totals=match.totals,
            hands=tuple(match.hand_scores),
            over=match.winners is not None,
            winners=match.winners or (),
            losers=match.losers or (),
            **more,
        )


RulesT = TypeVar("RulesT")
RulesT_co = TypeVar("RulesT_co", covariant=True)
RulesT_contra = TypeVar("RulesT_contra", contravariant=True)
HandT_co = TypeVar("HandT_co", bound=HandScore, covariant=True)
MoveT = TypeVar("MoveT")
MoveT_co = TypeVar("MoveT_co", covariant=True)
MoveT_contra = TypeVar("MoveT_contra", contravariant=True)
StateT = TypeVar("StateT")
StateT_co = TypeVar("StateT_co", covariant=True)
ViewT = TypeVar("ViewT")
ScoreT = TypeVar("ScoreT")


HandT = TypeVar("HandT", bound=HandScore)


class Sheet(Sequence[HandT_co]):
    """A match's finished hands, oldest first: an immutable sequence that grows in constant time.

    Closing a hand adds one link to a chain the earlier sheets share (:meth:`add`), so the cost
    of a hand does not grow with the hands before it. It reads like a tuple; ``tuple(sheet)`` (or
    a ``Score``'s ``hands``) gives one.

    Example:
        >>> from cardgames import game
        >>> sheet = game.Sheet().add(game.HandScore(1, (5, 0), "seat 0 +5"))
        >>> sheet = sheet.add(game.HandScore(2, (0, 3), "seat 1 +3"))
        >>> len(sheet), sheet[-1].explanation, [hand.number for hand in sheet]
        (2, 'seat 1 +3', [1, 2])
    """

    __slots__ = ("_chain", "_items")

    _chain: history.History[HandT_co] | None
    _items: tuple[HandT_co, ...] | None

    def __init__(self, chain: history.History[HandT_co] | None = None) -> None:
        """Wrap a chain of hand scores (None for no hand yet)."""
        object.__setattr__(self, "_chain", chain)
        object.__setattr__(self, "_items", None if chain is not None else ())

    def __setattr__(self, name: str, value: object) -> NoReturn:
        """Refuse to change a sheet: later states share it."""
        raise AttributeError(f"a score sheet cannot be changed: Sheet.{name} is read-only")

    def __delattr__(self, name: str) -> NoReturn:
        """Refuse to delete a part of a sheet: later states share it."""
        raise AttributeError(f"a score sheet cannot be changed: Sheet.{name} cannot be deleted")

    def add(self: Sheet[HandT], hand: HandT) -> Sheet[HandT]:
        """Return the sheet with one more finished hand."""
        return Sheet(history.History(hand, self._chain))

    def _tuple(self) -> tuple[HandT_co, ...]:
        """Return the hands as a tuple, built once per sheet."""
        items: tuple[HandT_co, ...] | None = self._items
        if items is None:
            items = history.moves_of(self._chain)
            object.__setattr__(self, "_items", items)
        return items

    def __len__(self) -> int:
        """Return the number of finished hands."""
        return 0 if self._chain is None else self._chain.length

    @overload
    def __getitem__(self, index: int) -> HandT_co: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[HandT_co, ...]: ...

    def __getitem__(self, index: int | slice) -> HandT_co | tuple[HandT_co, ...]:
        """Return a hand (the last one without building the tuple), or a slice as a tuple."""
        chain = self._chain
        if chain is not None and type(index) is int and (index == -1 or index == chain.length - 1):
            return chain.move
        return self._tuple()[index]

    def __iter__(self) -> Iterator[HandT_co]:
        """Iterate over the hands, oldest first."""
        return iter(self._tuple())

    def __eq__(self, other: object) -> bool:
        """Compare two sheets by their hands."""
        if not isinstance(other, Sheet):
            return NotImplemented
        return bool(self._chain == other._chain)

    def __hash__(self) -> int:
        """Hash the hands (computed once per link)."""
        return hash(self._chain)

    def __reduce__(self) -> tuple[Callable[..., Sheet[HandT_co]], tuple[object, ...]]:
        """Pickle the sheet as its chain (which pickles flat)."""
        return Sheet, (self._chain,)

    def __repr__(self) -> str:
        """Return a summary: the number of hands."""
        return f"<Sheet of {len(self)} hands>"


MOST_PLAYERS: Final = 100
"""The most seats a :class:`Match` may have: far more than any game seats (Mariage's 10), and a
bound that keeps a per-seat tuple small."""


@attrs.frozen
class Match(Generic[RulesT_co, HandT_co]):
    """What no move inside a hand changes: the rules, the seats, the seed and the score sheet.

    Every game's ``State`` holds one, so a move copies one reference for all of these. A game
    with more to keep for the whole match (a chip ledger, a Hollywood sheet) subclasses it.
    ``apply`` builds a new one (with ``attrs.evolve``) only when a hand is dealt or closed.

    Attributes:
        rules: The match's options.
        seed: The seed every deal of the match derives from.
        players: The number of seats.
        first_dealer: The seat that dealt the first hand.
        hand_number: 0 before the first deal, then the number of hands dealt.
        totals: Each seat's running total (game points, penalty points or chips: see the game).
        hand_scores: Each finished hand's score, oldest first.
        winners: The match's winners once it is over, else None.
        losers: The match's losers once it is over, else None.
    """

    rules: RulesT_co
    seed: int
    players: int
    first_dealer: int
    hand_number: int
    totals: tuple[int, ...]
    hand_scores: Sheet[HandT_co]
    winners: tuple[int, ...] | None
    losers: tuple[int, ...] | None

    @classmethod
    def opening(
        cls,
        rules: RulesT_co,  # type: ignore[misc]  # a constructor: a covariant parameter is safe
        seed: int,
        players: int,
        first_dealer: int,
        **more: Any,  # noqa: ANN401  # a subclass's fields
    ) -> typing_extensions.Self:
        """Return the match before its first deal: no hand, zero totals, no result.

        A game whose ``Match`` has more fields gives their starting values as keywords.

        Raises:
            RulesError: If ``seed`` is not a whole number, ``players`` not a count from 1 to
                :data:`MOST_PLAYERS`, or ``first_dealer`` not one of the seats.

        Example:
            >>> match = Match.opening("rules", 7, 4, first_dealer=2)
            >>> match.hand_number, match.totals, len(match.hand_scores), match.winners
            (0, (0, 0, 0, 0), 0, None)
        """
        if type(players) is not int or not 1 <= players <= MOST_PLAYERS:
            raise errors.RulesError(
                f"players must be a whole number from 1 to {MOST_PLAYERS}, "
                f"not {errors.quote(players)}"
            )
        dealing.check_seed(seed)
        check_seat(first_dealer, players, what="first_dealer")
        return cls(
            rules=rules,
            seed=seed,
            players=players,
            first_dealer=first_dealer,
            hand_number=0,
            totals=(0,) * players,
            hand_scores=Sheet(),
            winners=None,
            losers=None,
            **more,
        )


class MatchFacts(Generic[RulesT_co, HandT_co, MoveT_co]):
    """The read-only facts of a match that every game's ``State`` has, read from its ``match``.

    A game's ``State`` (a frozen attrs class) inherits from this and has the fields ``match``
    (a :class:`Match`) and ``history`` (the move history). The properties here forward to them;
    a game adds only its own facts.
    """

    __slots__ = ()

    match: Match[RulesT_co, HandT_co]
    history: history.History[MoveT_co] | None

    @property
    def rules(self) -> RulesT_co:
        """The match's options."""
        return self.match.rules

    @property
    def seed(self) -> int:
        """The seed every deal of the match derives from."""
        return self.match.seed

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.match.players

    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first hand."""
        return self.match.first_dealer

    @property
    def hand_number(self) -> int:
        """0 before the first deal, then the number of hands dealt."""
        return self.match.hand_number

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total, in the game's unit (see the game's ``Score``)."""
        return self.match.totals

    @property
    def hand_scores(self) -> Sheet[HandT_co]:
        """Each finished hand's score, oldest first."""
        return self.match.hand_scores

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The match's winners once it is over, else None."""
        return self.match.winners

    @property
    def losers(self) -> tuple[int, ...] | None:
        """The match's losers once it is over, else None."""
        return self.match.losers

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.match.winners is not None

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand, or deals next before the first hand.

        The deal passes to the left after every hand; a game whose deal moves otherwise
        overrides this.
        """
        match = self.match
        return (match.first_dealer + max(match.hand_number - 1, 0)) % match.players

    @property
    def moves(self) -> tuple[MoveT_co, ...]:
        """Every move applied since the match began, oldest first."""
        return history.moves_of(self.history)


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


class NewGame(Protocol[RulesT_contra, StateT_co]):
    """The signature of every game's ``new_game``."""

    def __call__(
        self,
        rules: RulesT_contra | None = None,
        *,
        seed: int | None = None,
        players: int | None = None,
        first_dealer: int | None = None,
    ) -> StateT_co:
        """Start a match in its first hand's deal phase."""
        ...


class Apply(Protocol[StateT, MoveT_contra]):
    """The signature of every game's ``apply``."""

    def __call__(self, state: StateT, move: MoveT_contra, /, *, seat: int | None = None) -> StateT:
        """Return the state after the move; raise IllegalMoveError if it is not legal."""
        ...


ViewT_co = TypeVar("ViewT_co", covariant=True)
ScoreT_co = TypeVar("ScoreT_co", covariant=True)


class Engine(Protocol[RulesT_contra, StateT, MoveT, ViewT_co, ScoreT_co]):
    """What a game's engine module provides: :meth:`Game.of` reads a ``GAME`` from one.

    A module satisfies this protocol when it has these functions with these signatures (mypy
    checks modules against protocols), so a game's ``engine.py`` is its own ``Engine``.
    """

    def max_hand_moves(self, rules: RulesT_contra, players: int, /) -> int:
        """The most moves a hand of a match with these rules and seats can take."""
        ...

    def pack(self, rules: RulesT_contra, players: int, /) -> tuple[cards.Card, ...]:
        """The cards a match with these rules and seats is played with, in card order."""
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

    def current_player(self, state: StateT, /) -> int | None:
        """The seat to move, or None when the match is over."""
        ...

    def legal_moves(self, state: StateT, /) -> tuple[MoveT, ...]:
        """The moves the seat to move may make, in the game's documented order."""
        ...

    def apply(self, state: StateT, move: MoveT, /, *, seat: int | None = None) -> StateT:
        """Return the state after the move; raise IllegalMoveError if it is not legal."""
        ...

    def is_over(self, state: StateT, /) -> bool:
        """Whether the match has ended."""
        ...

    def score(self, state: StateT, /) -> ScoreT_co:
        """The score sheet so far."""
        ...

    def view(self, state: StateT, seat: int, /) -> ViewT_co:
        """What the seat may know."""
        ...

    def parse_move(self, text: str, /) -> MoveT:
        """Read a move from its text form."""
        ...

    def narrate(self, before: StateT, move: MoveT, after: StateT, /) -> str | None:
        """A line of public commentary on a move, or None."""
        ...


def _read_only(value: Mapping[str, Callable[[], Any]]) -> Mapping[str, Callable[[], Any]]:
    """Return a mapping that cannot be changed (a view of a copy)."""
    return types.MappingProxyType(dict(value))


StateT_contra = TypeVar("StateT_contra", contravariant=True)


class Encoding(Protocol[RulesT_contra, StateT_contra, MoveT_contra]):
    """A game's encoding for learning agents: its moves as indices, a seat's view as numbers.

    A game's ``encoding`` module satisfies it; :class:`Game` builds the reinforcement-learning
    surface on it (:meth:`Game.legal_mask`, :meth:`Game.index_to_move` …). Most moves are one
    *action*, one index below :attr:`NUM_MOVES`. A move that is a combination (Staekske Rape's
    discard of four cards, a gin lay-out of several melds) is several actions, chosen one at a
    time as a learner can (one card, then the next, as OpenSpiel's skat discards): its
    :meth:`move_indices` lists them, and the apps' one-move form stays the move itself.
    """

    @property
    def NUM_MOVES(self) -> int:  # noqa: N802  # the module constant it reads
        """How many distinct actions the game has: the length of every legal mask."""
        ...

    def move_indices(self, move: MoveT_contra, /) -> tuple[int, ...]:
        """The actions that make up the move, in the order they are chosen (one for most)."""
        ...

    def observation(self, state: StateT_contra, seat: int, /) -> tuple[int, ...]:
        """What the seat may know, as a flat tuple of ints built only from its view."""
        ...

    def observation_size(self, rules: RulesT_contra, players: int, /) -> int:
        """The length of every observation of a match with these rules and seats."""
        ...


@attrs.frozen
class Block:
    """One block of an observation: where it starts, how long it is, what it holds.

    Each game's encoding lists its observation's blocks (its ``LAYOUT`` or ``layout``), and its
    page shows them as a table.

    Attributes:
        name: A short name for the block, e.g. ``"hand"``.
        offset: Where the block starts in the observation.
        length: How many ints it holds.
        meaning: What they are.
    """

    name: str
    offset: int
    length: int
    meaning: str


def _is_block(value: object) -> bool:
    """Whether a value is a (name, length, meaning) triple with a length of 0 or more."""
    return (
        isinstance(value, tuple)
        and len(value) == 3
        and isinstance(value[0], str)
        and type(value[1]) is int
        and value[1] >= 0
        and isinstance(value[2], str)
    )


def place_blocks(*blocks: tuple[str, int, str]) -> tuple[Block, ...]:
    """Return blocks given as (name, length, meaning), placed one after another.

    Raises:
        RulesError: If a block is not a (name, length, meaning) triple with a length of 0 or more.

    Example:
        >>> [block.offset for block in place_blocks(("hand", 52, "own cards"), ("seat", 1, ""))]
        [0, 52]
    """
    placed = []
    offset = 0
    for block in blocks:
        if not _is_block(block):
            raise errors.RulesError(
                f"a block is (name, length, meaning), not {errors.quote(block)}"
            )
        name, length, meaning = block
        placed.append(Block(name, offset, length, meaning))
        offset += length
    return tuple(placed)


@attrs.frozen
class Game(Generic[RulesT, StateT, MoveT, ViewT, ScoreT]):
    """A game's entry in the registry: its names, its facts, and its engine's functions.

    Each game package builds its ``GAME`` from its engine's functions and registers it. The
    fields hold those functions, so ``GAME.apply(state, move)`` is the package's ``apply``; the
    methods are the same for every game. The type parameters are the game's ``Rules``,
    ``State``, move union, ``View`` and ``Score`` types, and mypy checks each function against
    the shared signature where the entry is built.

    Attributes:
        name: The registry key, e.g. ``"kalter-schlag"`` (``GAMES`` also accepts
            ``"kalter_schlag"``, the module's spelling).
        title: The game's name for people, e.g. ``"Kalter Schlag"``.
        players: The numbers of seats the game can be played with; the first is the usual one.
        rules_type: The game's ``Rules`` class: ``GAME.rules_type(max_hands=10)`` builds options.
        max_hand_moves: ``max_hand_moves(rules, players)``: no hand of a match with these rules
            and seats takes more moves than this (its deal included): a bound for simulations
            and for buffers sized in advance.
        pack: ``pack(rules, players)``: the cards such a match is played with, in card order.
        new_game: Start a match in its first hand's deal phase (see each game's ``new_game``).
        current_player: The seat to move, or None when the match is over.
        legal_moves: The moves the seat to move may make, in the game's documented order.
        apply: The state after a move; raises IllegalMoveError if it is not legal.
        is_over: Whether the match has ended.
        score: The score sheet so far.
        view: What a seat may know: ``view(state, seat)``.
        parse_move: Read a move from its text form.
        narrate: A line of public commentary on a move (a finished trick, a bid), or None; it
            tells only what every seat saw, so a server may broadcast it.
        encoding: The game's :class:`Encoding` for learning agents, behind :meth:`legal_mask`,
            :meth:`move_to_index`, :meth:`index_to_move` and :meth:`observation`.
        bots: The game's own agents by name (``"rule"``: its rule-based agent), each a class to
            call with no arguments; :func:`cardgames.agents.by_name` adds the generic ones.
    """

    name: str
    title: str
    players: tuple[int, ...]
    rules_type: type[RulesT]
    max_hand_moves: Callable[[RulesT, int], int]
    pack: Callable[[RulesT, int], tuple[cards.Card, ...]]
    new_game: NewGame[RulesT, StateT]
    current_player: Callable[[StateT], int | None]
    legal_moves: Callable[[StateT], tuple[MoveT, ...]]
    apply: Apply[StateT, MoveT]
    is_over: Callable[[StateT], bool]
    score: Callable[[StateT], ScoreT]
    view: Callable[[StateT, int], ViewT]
    parse_move: Callable[[str], MoveT]
    narrate: Callable[[StateT, MoveT, StateT], str | None]
    encoding: Encoding[RulesT, StateT, MoveT] | None = None
    bots: Mapping[str, Callable[[], Any]] = attrs.field(
        factory=lambda: types.MappingProxyType({}), converter=_read_only
    )

    @classmethod
    def of(
        cls,
        engine: Engine[RulesT, StateT, MoveT, ViewT, ScoreT],
        *,
        name: str,
        title: str,
        players: tuple[int, ...],
        rules_type: type[RulesT],
        encoding: Encoding[RulesT, StateT, MoveT] | None = None,
        bots: Mapping[str, Callable[[], Any]] | None = None,
    ) -> Game[RulesT, StateT, MoveT, ViewT, ScoreT]:
        """Return the entry of a game whose functions are those of its engine module.

        A game package's ``GAME`` is one call: ``game.register(game.Game.of(engine, name=…,
        title=…, players=…, rules_type=Rules))``. Mypy checks the module's functions against
        :class:`Engine` there.
        """
        return cls(
            name=name,
            title=title,
            players=players,
            rules_type=rules_type,
            max_hand_moves=engine.max_hand_moves,
            pack=engine.pack,
            new_game=engine.new_game,
            current_player=engine.current_player,
            legal_moves=engine.legal_moves,
            apply=engine.apply,
            is_over=engine.is_over,
            score=engine.score,
            view=engine.view,
            parse_move=engine.parse_move,
            narrate=engine.narrate,
            encoding=encoding,
            bots=types.MappingProxyType(dict(bots or {})),
        )

    @property
    def module(self) -> str:
        """The game's module, e.g. ``"cardgames.kalter_schlag"``."""
        return "cardgames." + self.name.replace("-", "_")

    def is_legal(self, state: StateT, move: object, *, seat: int | None = None) -> bool:
        """Return whether ``apply(state, move, seat=seat)`` would succeed (stacked deals included).

        It answers False for anything that is not a legal move of the game; it never raises an
        :class:`~cardgames.errors.IllegalMoveError`. With ``seat`` (a server passes the seat of
        the connection) it answers for that seat: False when another seat is to move, and False
        for a stacked deal, which no player may make. Moves that only the table may record
        (Mariage's ``Misdeal`` and ``DealOutOfTurn``) are legal without a seat, never with one.

        Raises:
            RulesError: If ``state`` is not a state of the game, or ``seat`` is neither a seat
                number nor None (as for ``apply``).

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.new_game(seed=1, first_dealer=0)
            >>> kalter_schlag.is_legal(state, kalter_schlag.Deal())
            True
            >>> kalter_schlag.is_legal(state, kalter_schlag.Deal(), seat=0)
            True
            >>> kalter_schlag.is_legal(state, kalter_schlag.Deal(), seat=1)  # seat 0 deals
            False
            >>> kalter_schlag.is_legal(state, "deal")  # text is not a move: parse_move reads it
            False
        """
        try:
            self.apply(state, move, seat=seat)  # type: ignore[arg-type]  # apply refuses non-moves
        except errors.IllegalMoveError:
            return False
        return True

    def replay(
        self,
        rules: RulesT | None,
        seed: int,
        moves: Iterable[MoveT | str],
        *,
        players: int,
        first_dealer: int,
    ) -> StateT:
        """Return the state reached by applying ``moves`` (moves or their text) to a new match.

        Every fact of the match is required, the seat count and the first dealer included: left
        out, the seed alone could draw another first dealer and silently rebuild another match.
        :func:`cardgames.codec.record` keeps them all in one value.

        Args:
            rules: The match's options (``state.rules``), None for the defaults.
            seed: The match's seed (``state.seed``).
            moves: The moves (``state.moves``), as moves or their text (a recorded stacked
                deal's text included: this is a trusted record, not a client's text).
            players: The number of seats (``state.players``).
            first_dealer: The seat that dealt first (``state.first_dealer``).

        Raises:
            IllegalMoveError: If a move is illegal where it comes (or is not a move at all).
            MoveParseError: If a move text does not parse.
            RulesError: If ``seed``, ``players`` or ``first_dealer`` is not a whole number
                (None included: a replay needs the match's own), ``moves`` is not a sequence of
                moves, or an option is bad (as for ``new_game``).

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.new_game(seed=5, first_dealer=2)
            >>> for _ in range(6):
            ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
            >>> again = kalter_schlag.replay(
            ...     state.rules, state.seed, state.moves, players=4, first_dealer=state.first_dealer
            ... )
            >>> again == state
            True
        """
        dealing.check_seed(seed)
        for name, value in (("players", players), ("first_dealer", first_dealer)):
            if type(value) is not int:
                raise errors.RulesError(
                    f"replay needs the match's own {name} (state.{name}), a whole number, "
                    f"not {errors.quote(value)}: without it another match could be rebuilt"
                )
        if isinstance(moves, str | Mapping) or not isinstance(moves, Iterable):
            raise errors.RulesError(
                f"moves must be a sequence of moves or move texts, not {errors.quote(moves)}"
            )
        current = self.new_game(rules, seed=seed, players=players, first_dealer=first_dealer)
        for move in moves:
            current = self.apply(
                current, self.parse_recorded(move) if isinstance(move, str) else move
            )
        return current

    def parse_recorded(self, text: str) -> MoveT:
        """Read a move of a trusted record: as ``parse_move`` does, and a stacked deal's text too.

        Never call it on a client's text: a stacked deal chooses every hand (see
        :meth:`cardgames.moves.Deal.parse_recorded`).

        Raises:
            MoveParseError: If the text is no move of the game.
            CardParseError: If a card in it does not parse.
        """
        verb, rest = moves.split(text)
        if verb == "deal" and rest:
            return moves.Deal.parse_recorded(text)  # type: ignore[return-value]  # every game's
        return self.parse_move(text)

    def _encoding(self) -> Encoding[RulesT, StateT, MoveT]:
        """Return the game's encoding, or raise RulesError if it has none."""
        if self.encoding is None:
            raise errors.RulesError(f"{self.title} has no encoding for learning agents")
        return self.encoding

    @property
    def num_moves(self) -> int:
        """How many distinct actions the game's encoding has (the length of a legal mask).

        Raises:
            RulesError: If the game has no encoding.
        """
        return self._encoding().NUM_MOVES

    def move_indices(self, move: MoveT) -> tuple[int, ...]:
        """Return the actions that make up a move: one index for most, several for a combination.

        Raises:
            RulesError: If the game has no encoding, or ``move`` is not one of its moves.
        """
        return self._encoding().move_indices(move)

    def move_to_index(self, move: MoveT) -> int:
        """Return the one action that is the move.

        Raises:
            RulesError: If the move is a combination of several actions (use
                :meth:`move_indices`), not a move of the game, or the game has no encoding.
        """
        indices = self.move_indices(move)
        if len(indices) != 1:
            raise errors.RulesError(
                f"{move} is {len(indices)} actions, chosen one at a time: use move_indices"
            )
        return indices[0]

    def _prefix(self, prefix: object) -> tuple[int, ...]:
        """Return ``prefix`` checked to be a tuple of action indices."""
        size = self._encoding().NUM_MOVES
        if isinstance(prefix, tuple) and all(
            type(index) is int and 0 <= index < size for index in prefix
        ):
            return prefix
        raise errors.RulesError(
            f"prefix must be a tuple of action indices below {size}, not {errors.quote(prefix)}"
        )

    def _candidates(
        self, state: StateT, prefix: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], MoveT]]:
        """Yield the legal moves whose actions begin with ``prefix``, with their actions."""
        encoding = self._encoding()
        size = len(prefix)
        for move in self.legal_moves(state):
            indices = encoding.move_indices(move)
            if indices[:size] == prefix and len(indices) > size:
                yield indices, move

    def legal_mask(self, state: StateT, prefix: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Return, for every action, 1 if the seat to move may choose it now, else 0.

        Args:
            state: The state; its seat to move chooses.
            prefix: The actions already chosen of a combination move (empty for a new move).

        Raises:
            RulesError: If the game has no encoding or the prefix is not a tuple of indices.
        """
        prefix = self._prefix(prefix)
        mask = [0] * self._encoding().NUM_MOVES
        size = len(prefix)
        for indices, _ in self._candidates(state, prefix):
            mask[indices[size]] = 1
        return tuple(mask)

    def index_to_move(
        self, index: int, state: StateT, prefix: tuple[int, ...] = ()
    ) -> MoveT | None:
        """Return the move that the action completes, or None if more actions must follow.

        Args:
            index: The action chosen: a whole number below ``num_moves``.
            state: The state; its seat to move chooses.
            prefix: The actions already chosen of a combination move.

        Raises:
            IllegalMoveError: If no legal move begins with ``prefix`` and ``index`` (the mask
                has 0 there, or the match is over); its ``seat`` is the seat to move.
            RulesError: If ``index`` is not an action at all (``True``, ``1.0``, a negative or
                too large number), ``prefix`` is not a tuple of actions, or the game has no
                encoding.

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.new_game(seed=1)
            >>> kalter_schlag.GAME.index_to_move(0, state)
            Deal()
            >>> kalter_schlag.GAME.index_to_move(1, state)
            Traceback (most recent call last):
            ...
            cardgames.errors.IllegalMoveError: action 1 is not legal now
        """
        size = self._encoding().NUM_MOVES
        if type(index) is not int or not 0 <= index < size:
            raise errors.RulesError(
                f"an action is a whole number from 0 to {size - 1}, not {errors.quote(index)}"
            )
        chosen = (*self._prefix(prefix), index)
        matching = [
            (indices, move)
            for indices, move in self._candidates(state, chosen[:-1])
            if indices[len(chosen) - 1] == index
        ]
        if not matching:
            raise errors.IllegalMoveError(
                f"action {index} is not legal now", move=index, seat=self.current_player(state)
            )
        for indices, move in matching:
            if len(indices) == len(chosen):
                return move
        return None

    def observation(self, state: StateT, seat: int) -> tuple[int, ...]:
        """Return what ``seat`` may know as a flat tuple of ints (see the game's page).

        Raises:
            RulesError: If the game has no encoding, or the seat is not a seat of the match.
        """
        return self._encoding().observation(state, seat)


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any types, as generic code (agents, the command line, simulation) works with it."""

GameT = TypeVar("GameT", bound=AnyGame)


class Registry(Mapping[str, AnyGame]):
    """The games by registry name; a name may also be given in its module's spelling.

    ``GAMES["kalter-schlag"]`` and ``GAMES["kalter_schlag"]`` are the same entry; iterating
    gives the registry names, in the order the games registered. It is read-only: a game joins
    it only through :func:`register`, and no attribute of it can be assigned.
    """

    __slots__ = ("_games",)

    _games: Mapping[str, AnyGame]

    def __init__(self, entries: object) -> None:
        """Create a registry that reads ``entries`` (a read-only view of them).

        Raises:
            RulesError: If ``entries`` is not a dict of games by name.
        """
        if type(entries) is not dict or not all(
            isinstance(key, str) and isinstance(value, Game) for key, value in entries.items()
        ):
            raise errors.RulesError(
                f"a registry reads a dict of games by name, not {errors.quote(entries)}"
            )
        object.__setattr__(
            self, "_games", types.MappingProxyType(cast("dict[str, AnyGame]", entries))
        )

    def __setattr__(self, name: str, value: object) -> NoReturn:
        """Refuse every assignment: the registry is read-only."""
        raise AttributeError(f"the registry of games is read-only: {name} cannot be assigned")

    def __delattr__(self, name: str) -> NoReturn:
        """Refuse every deletion: the registry is read-only."""
        raise AttributeError(f"the registry of games is read-only: {name} cannot be deleted")

    def __getitem__(self, name: str) -> AnyGame:
        """Return the game registered under ``name`` (``-`` or ``_`` between words).

        Raises:
            UnknownGameError: If no game has that name (a ``KeyError`` too, as a mapping's).
        """
        found = None
        if isinstance(name, str):  # callers may pass anything
            found = self._games.get(name.replace("_", "-"))
        if found is None:
            raise errors.UnknownGameError(
                f"no game is named {errors.quote(name)} (the games: {', '.join(self._games)})"
            )
        return found

    def __iter__(self) -> Iterator[str]:
        """Iterate over the registry names."""
        return iter(self._games)

    def __len__(self) -> int:
        """Return the number of games."""
        return len(self._games)

    def __repr__(self) -> str:
        """Return the registry's names."""
        return f"<Registry of {', '.join(self._games)}>"


_ENTRIES: dict[str, AnyGame] = {}
"""The registered games by registry name: :func:`register` is its one writer."""

_REGISTRY: Final = Registry(_ENTRIES)


def register(game: GameT) -> GameT:
    """Add a game to the registry under its name and return it: a game package's one line.

    A name is registered once: another game under a name already taken (in either spelling)
    is refused, so importing a package cannot silently replace a game that others use.
    Registering the same entry again changes nothing.

    Raises:
        RulesError: If ``game`` is not a :class:`Game`, or its name is already registered.
    """
    if not isinstance(game, Game):
        raise errors.RulesError(f"only a Game can be registered, not {errors.quote(game)}")
    key = game.name.replace("_", "-")
    if _ENTRIES.get(key, game) is not game:
        raise errors.RulesError(
            f"a game named {errors.quote(game.name)} is already registered: "
            f"{_ENTRIES[key].title} keeps its name"
        )
    _ENTRIES[key] = game
    return game


def registry() -> Registry:
    """Return the games known so far, by name."""
    return _REGISTRY


def check_seed(seed: object) -> int | None:
    """Return a seed argument checked to be None or a seed (:func:`cardgames.dealing.check_seed`).

    Raises:
        RulesError: For any other value.
    """
    if seed is None or (type(seed) is int and seed.bit_length() <= dealing.SEED_BITS):
        return seed
    raise errors.RulesError(
        f"seed must be a whole number (of at most {dealing.SEED_BITS} bits) or None, "
        f"not {errors.quote(seed)}"
    )


def _check_text(value: object, name: str) -> str:
    """Return an argument checked to be text (a game's name for a thing, in messages)."""
    if not isinstance(value, str):
        raise errors.RulesError(f"{name} must be text, not {errors.quote(value)}")
    return value


def _check_count(players: object) -> int:
    """Return a number of seats checked to be a whole number of 1 or more."""
    if type(players) is not int or players < 1:
        raise errors.RulesError(
            f"players must be a whole number of 1 or more, not {errors.quote(players)}"
        )
    return players


def check_seat(seat: object, players: int, *, what: str = "seat") -> int:
    """Return a seat argument checked to be an int in ``range(players)``.

    Raises:
        RulesError: For any other value.
    """
    if type(seat) is int and type(players) is int and 0 <= seat < players:
        return seat
    _check_count(players)
    what = _check_text(what, "what")
    raise errors.RulesError(
        f"{what} must be a seat from 0 to {players - 1}, not {errors.quote(seat)}"
    )


OptionsT = TypeVar("OptionsT")


def check_game(value: object) -> AnyGame:
    """Return a game argument checked to be a registry entry, such as ``GAMES["mariage"]``.

    Raises:
        RulesError: For anything else (a game's name, its module …).
    """
    if isinstance(value, Game):
        return value
    raise errors.RulesError(
        f"expected a game such as cardgames.GAMES['kalter-schlag'], not {errors.quote(value)}"
    )


def check_rules(value: object, rules_type: type[OptionsT], module: str) -> OptionsT:
    """Return a ``rules`` argument checked to be the game's ``Rules``; the defaults for None.

    Args:
        value: The argument.
        rules_type: The game's ``Rules`` class.
        module: The game's module name for the message, e.g. ``"kalter_schlag"``.

    Raises:
        RulesError: For anything else (another game's rules, a dict …).
    """
    if not isinstance(rules_type, type):
        raise errors.RulesError(f"rules_type must be a class, not {errors.quote(rules_type)}")
    if value is None:
        return rules_type()
    if not isinstance(value, rules_type):
        module = _check_text(module, "module")
        raise errors.RulesError(f"expected {module}.Rules, not {type(value).__name__}")
    return value


def check_state(value: object, state_type: type[OptionsT], module: str) -> OptionsT:
    """Return a ``state`` argument checked to be a state of the game.

    A game's hot paths test ``type(state) is State`` inline and call this only when the test
    fails, so that checking costs them nothing more.

    Args:
        value: The argument.
        state_type: The game's ``State`` class.
        module: The game's module name for the message, e.g. ``"kalter_schlag"``.

    Raises:
        RulesError: For anything else: another game's state, a view, None … The message names
            what was expected and what came.
    """
    if type(value) is state_type:
        return value
    if not isinstance(state_type, type):
        raise errors.RulesError(f"state_type must be a class, not {errors.quote(state_type)}")
    module = _check_text(module, "module")
    kind = type(value)
    came = errors.quote(value)
    if kind.__module__.startswith("cardgames."):  # another game's state, a view …
        came = f"a {kind.__module__.split('.')[1]}.{kind.__name__}"
    raise errors.RulesError(
        f"expected a {module}.{state_type.__name__} (from {module}.new_game or apply), not {came}"
    )


def check_step(before: object, move: object, after: object) -> None:
    """Check that ``after`` is the state ``move`` led to from ``before``, as its history records.

    A game's ``narrate`` calls this (after checking that both are its states), so that a line is
    never made of two states that do not follow one another.

    Raises:
        RulesError: If ``before`` or ``after`` is not a state, ``after``'s last move is not
            ``move``, or the history before it is not ``before``'s.
    """
    if not isinstance(before, MatchFacts) or not isinstance(after, MatchFacts):
        raise errors.RulesError(
            f"expected two states, not {errors.quote(before)} and {errors.quote(after)}"
        )
    last = after.history
    if last is None or last.move != move or last.previous != before.history:
        raise errors.RulesError(
            f"after must be the state that {errors.quote(move)} led to from before "
            "(after = apply(before, move))"
        )


def check_players(
    players: object, allowed: tuple[int, ...], *, says: str, none_is_usual: bool = True
) -> int:
    """Return a ``players`` argument checked to be one of ``allowed``; the first for None.

    Args:
        players: The argument.
        allowed: The game's player counts, the usual one first.
        says: The rule for the message, e.g. ``"Kalter Schlag is played by exactly 4 players"``.
        none_is_usual: Whether None stands for the usual count (``new_game``'s ``players``); a
            function whose ``players`` is not optional (``pack``, ``max_hand_moves``) refuses it.

    Raises:
        RulesError: For any other value (``4.0`` and ``True`` included, and None unless
            ``none_is_usual``).
    """
    if not _counts(allowed):
        raise errors.RulesError(
            f"allowed must be a tuple of player counts, not {errors.quote(allowed)}"
        )
    if players is None and none_is_usual:
        return allowed[0]
    if type(players) is int and players in allowed:
        return players
    says = _check_text(says, "says")
    raise errors.RulesError(f"{says}, not {errors.quote(players)}")


def _counts(allowed: object) -> bool:
    """Return whether ``allowed`` is a tuple of player counts, the usual one first."""
    return isinstance(allowed, tuple) and bool(allowed) and all(type(n) is int for n in allowed)


def check_turn(mover: int | None, seat: object, move: object) -> int:
    """Return the seat to move, checking that the match goes on and ``seat`` (if given) is it.

    Args:
        mover: The game's ``current_player``.
        seat: The ``seat`` given to ``apply``, or None.
        move: The move, for the error.

    Raises:
        MatchOverError: If the match is over.
        NotYourTurnError: If ``seat`` is given and is not the seat to move.
        IllegalMoveError: If ``seat`` is given and the move is a stacked deal (a subclass of
            ``Deal`` included): no player may choose the cards (a stacked deal is built in code
            and applied without a seat).
        RulesError: If ``mover`` is neither a seat nor None, or ``seat`` is neither a seat
            number nor None (``"2"``, ``2.0``, ``True``, ``-1``).
    """
    if mover is not None and type(mover) is not int:
        raise errors.RulesError(f"mover must be a seat or None, not {errors.quote(mover)}")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise errors.RulesError(
            f"seat must be a seat number (a whole number from 0) or None, not {errors.quote(seat)}"
        )
    if mover is None:
        raise errors.MatchOverError("the match is over: no more moves", move=move, seat=seat)
    if seat is not None and seat != mover:
        raise errors.NotYourTurnError(
            f"not your turn: seat {mover} is to move, not seat {errors.quote(seat)}",
            move=move,
            seat=seat,
        )
    if seat is not None and isinstance(move, moves.Deal) and move.order is not None:
        raise errors.IllegalMoveError(
            "a stacked deal is not a player's move: the dealer deals with Deal(); a stacked deal "
            "is built in code and applied without a seat",
            move=move,
            seat=seat,
        )
    return mover


def check_new_game(
    rules: object,
    *,
    seed: object,
    players: object,
    first_dealer: object,
    rules_type: type[OptionsT],
    module: str,
    allowed: tuple[int, ...],
    says: str,
    draw_first_dealer: Callable[[int, int], int] | None = None,
) -> tuple[OptionsT, int, int, int]:
    """Check a game's ``new_game`` arguments; return its rules, seed, players and first dealer.

    Args:
        rules: The ``rules`` argument (None for the defaults).
        seed: The ``seed`` argument (None for a fresh random seed).
        players: The ``players`` argument (None for the usual count, the first of ``allowed``).
        first_dealer: The ``first_dealer`` argument (None to draw one from the seed).
        rules_type: The game's ``Rules`` class.
        module: The game's module name for messages, e.g. ``"kalter_schlag"``.
        allowed: The game's player counts, the usual one first.
        says: The player-count rule for the message.
        draw_first_dealer: ``draw(seed, players)``, the game's own way to draw the first dealer;
            None draws a seat uniformly from the seed.

    Raises:
        RulesError: For rules of another kind, a player count not allowed, a seed that is not a
            whole number, or a first dealer that is not a seat.
    """
    checked = check_rules(rules, rules_type, module)
    count = check_players(players, allowed, says=says)
    fresh = start_seed(seed)
    if first_dealer is None:
        if draw_first_dealer is None:
            first_dealer = dealing.rng(fresh, "first dealer").randrange(count)
        else:
            first_dealer = draw_first_dealer(fresh, count)
    return checked, fresh, count, check_seat(first_dealer, count, what="first_dealer")


def start_seed(seed: object) -> int:
    """Return a ``seed`` argument checked to be an int, or a fresh random seed for None.

    See :func:`cardgames.dealing.check_seed` for what a seed may be.

    Raises:
        RulesError: For any other value.
    """
    checked = check_seed(seed)
    return dealing.new_seed() if checked is None else checked
