"""What a game's modules provide: its engine, its encoding for learners, and its views.

Each game package has an ``engine`` module that satisfies :class:`Engine` and an ``encoding``
module that satisfies :class:`Encoding`; :meth:`cardgames.game.Game.of` reads a game's entry
from them, and mypy checks their functions against these signatures there. An encoding lays
out its observations in :class:`Block` values (:func:`place_blocks`).

Example:
    >>> from cardgames import protocols
    >>> protocols.place_blocks(("hand", 32, "own cards", 0, 1), ("seat", 4, "who I am", 0, 1))[1]
    Block(name='seat', offset=32, length=4, meaning='who I am', low=0, high=1)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

import attrs

from cardgames import cards, errors

__all__ = [
    "MOST_ONE_HOT",
    "Apply",
    "Block",
    "Encoding",
    "Engine",
    "IntBuffer",
    "NewGame",
    "PlayerView",
    "bounds",
    "one_hot",
    "place_blocks",
]

RulesT_contra = TypeVar("RulesT_contra", contravariant=True)
MoveT = TypeVar("MoveT")
MoveT_co = TypeVar("MoveT_co", covariant=True)
MoveT_contra = TypeVar("MoveT_contra", contravariant=True)
StateT = TypeVar("StateT")
StateT_co = TypeVar("StateT_co", covariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ViewT_co = TypeVar("ViewT_co", covariant=True)
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ScoreT_co = TypeVar("ScoreT_co", covariant=True)


class IntBuffer(Protocol):
    """A preallocated array of ints that an observation or a mask is filled into.

    A numpy array is one (``numpy.zeros(size, dtype=numpy.int64)``), as is a Python list or an
    ``array.array``: anything with a length whose whole slice can be assigned a tuple of ints.
    """

    def __len__(self) -> int:
        """How many ints it holds."""
        ...

    def __setitem__(self, place: slice, values: tuple[int, ...], /) -> None:
        """Write the ints into the places of the slice."""
        ...


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


class Engine(Protocol[RulesT_contra, StateT, MoveT, ViewT_co, ScoreT_co]):
    """What a game's engine module provides: :meth:`cardgames.game.Game.of` reads a game from it.

    A module satisfies this protocol when it has these functions with these signatures (mypy
    checks modules against protocols), so a game's ``_engine.py`` is its own ``Engine``.
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

    def returns(self, state: StateT, /) -> tuple[int, ...]:
        """Each seat's result so far, the higher the better."""
        ...

    def hand_returns(self, state: StateT, /) -> tuple[tuple[int, ...], ...]:
        """Each finished hand's result per seat, the higher the better."""
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


class Encoding(Protocol[RulesT_contra, StateT_contra, MoveT_contra, ViewT_contra]):
    """A game's encoding for learning agents: its moves as indices, a seat's view as numbers.

    A game's ``_encoding`` module satisfies it; :class:`cardgames.game.Game` builds the
    reinforcement-learning surface on it (:meth:`~cardgames.game.Game.legal_mask`,
    :meth:`~cardgames.game.Game.index_to_move` …). Most moves are one *action*, one index below
    :attr:`NUM_MOVES`. A move that is a combination (Staekske Rape's discard of four cards, a gin
    lay-out of several melds) is several actions, chosen one at a time as a learner can (one card,
    then the next, as OpenSpiel's skat discards): its :meth:`move_indices` lists them, and the apps'
    one-move form stays the move itself.
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

    def observe(self, view: ViewT_contra, /) -> tuple[int, ...]:
        """The same ints from the seat's view itself: ``observe(view(state, seat))``."""
        ...

    def observation_size(self, rules: RulesT_contra | None, players: int, /) -> int:
        """The length of every observation of a match with these rules and seats."""
        ...

    def layout(self, rules: RulesT_contra | None, players: int, /) -> tuple[Block, ...]:
        """The blocks of every observation of a match with these rules and seats, in order."""
        ...


@attrs.frozen
class Block:
    """One block of an observation: where it starts, how long it is, what it holds.

    Each game's encoding lists its observation's blocks (its ``layout``), and its page shows
    them as a table. Every int of a block lies from :attr:`low` to :attr:`high`, so an exact
    observation space can be built from the blocks (:func:`bounds`).

    Attributes:
        name: A short name for the block, e.g. ``"hand"``.
        offset: Where the block starts in the observation.
        length: How many ints it holds.
        meaning: What they are.
        low: The least value any of its ints can take, or None if the rules set no bound (a
            running total of chips).
        high: The greatest value any of its ints can take, or None if the rules set no bound
            (a running total, the number of hands played).
    """

    name: str
    offset: int
    length: int
    meaning: str
    low: int | None
    high: int | None


def _is_bound(value: object) -> bool:
    """Whether a value is a whole number or None."""
    return value is None or type(value) is int


def _is_block(value: object) -> bool:
    """Whether a value is a (name, length, meaning, low, high) block with low <= high."""
    if not (
        isinstance(value, tuple)
        and len(value) == 5
        and isinstance(value[0], str)
        and type(value[1]) is int
        and value[1] >= 0
        and isinstance(value[2], str)
        and _is_bound(value[3])
        and _is_bound(value[4])
    ):
        return False
    low, high = value[3], value[4]
    return low is None or high is None or low <= high


def place_blocks(*blocks: tuple[str, int, str, int | None, int | None]) -> tuple[Block, ...]:
    """Return blocks given as (name, length, meaning, low, high), placed one after another.

    Raises:
        RulesError: If a block is not a (name, length, meaning, low, high) tuple with a length
            of 0 or more and each bound a whole number (low no greater than high) or None.

    Example:
        >>> placed = place_blocks(("hand", 52, "own cards", 0, 1), ("hand number", 1, "", 0, None))
        >>> [(block.offset, block.high) for block in placed]
        [(0, 1), (52, None)]
    """
    placed = []
    offset = 0
    for block in blocks:
        if not _is_block(block):
            raise errors.RulesError(
                f"a block is (name, length, meaning, low, high), not {errors.quote(block)}"
            )
        name, length, meaning, low, high = block
        placed.append(Block(name, offset, length, meaning, low, high))
        offset += length
    return tuple(placed)


def bounds(blocks: Sequence[Block]) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """Return the least and the greatest value of each int of an observation with these blocks.

    An observation space is built from them (``Box(low, high)``, a None being no bound).

    Raises:
        RulesError: If ``blocks`` is not a sequence of blocks, each starting where the one
            before it ends.

    Example:
        >>> bounds(place_blocks(("seat", 2, "", 0, 1), ("total", 1, "", None, None)))
        ((0, 0, None), (1, 1, None))
    """
    given: object = blocks  # callers may pass anything
    low: list[int | None] = []
    high: list[int | None] = []
    for block in given if isinstance(given, Sequence) else (given,):
        if not isinstance(block, Block) or block.offset != len(low):
            raise errors.RulesError(
                "expected the blocks of an observation, one after another, "
                f"not {errors.quote(block)}"
            )
        low += [block.low] * block.length
        high += [block.high] * block.length
    return tuple(low), tuple(high)


MOST_ONE_HOT: Final = 1024
"""The longest block :func:`one_hot` makes: a one-hot block names a seat, a phase or a suit."""


@functools.lru_cache(maxsize=64)
def _one_hots(size: int) -> tuple[tuple[int, ...], ...]:
    """Return ``size + 1`` blocks: the one-hot block of each place, then all zeros."""
    zeros = (0,) * size
    return (*((*zeros[:place], 1, *zeros[place + 1 :]) for place in range(size)), zeros)


def one_hot(size: int, place: int | None) -> tuple[int, ...]:
    """Return ``size`` zeros with a 1 at ``place``, or all zeros if ``place`` is None.

    The encodings make their blocks about one seat, phase or suit with it, from a table.

    Raises:
        RulesError: If ``size`` is not a whole number from 0 to :data:`MOST_ONE_HOT`, or
            ``place`` is neither None nor a whole number below ``size``.

    Example:
        >>> one_hot(4, 1), one_hot(3, None)
        ((0, 1, 0, 0), (0, 0, 0))
    """
    if type(size) is int and 0 <= size <= MOST_ONE_HOT:
        if place is None:
            return _one_hots(size)[size]
        if type(place) is int and 0 <= place < size:
            return _one_hots(size)[place]
        raise errors.RulesError(
            f"place must be None or a whole number below {size}, not {errors.quote(place)}"
        )
    raise errors.RulesError(
        f"size must be a whole number from 0 to {MOST_ONE_HOT}, not {errors.quote(size)}"
    )
