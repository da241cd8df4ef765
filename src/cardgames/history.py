"""A match's move history, kept as a shared chain so that ``apply`` never copies it.

Each state holds the last link; a link points to the one before. Successive states share every
earlier link, so recording a move costs one small object however long the match is. Links
compare and hash by the moves they hold (iteratively, with a hash built as the chain grows), so
two states reached by the same moves are equal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["History", "moves_of", "record"]

MoveT = TypeVar("MoveT")


class History(Generic[MoveT]):
    """One link of a move history: the last move and the history before it."""

    __slots__ = ("length", "memo", "move", "previous")

    def __init__(self, move: MoveT, previous: History[MoveT] | None) -> None:
        """Link ``move`` after ``previous``."""
        self.move = move
        self.previous = previous
        self.length: int = 1 if previous is None else previous.length + 1
        self.memo: int | None = None  # the chain's hash, once computed

    @property
    def digest(self) -> int:
        """The hash of the whole chain, computed when first asked for, not when recorded."""
        if self.memo is not None:
            return self.memo
        pending: list[History[MoveT]] = []
        link: History[MoveT] | None = self
        while link is not None and link.memo is None:
            pending.append(link)
            link = link.previous
        before = None if link is None else link.memo
        digest = 0
        for item in reversed(pending):
            digest = hash((item.move, before))
            item.memo = before = digest
        return digest

    def __hash__(self) -> int:
        """Return the hash of the whole chain, computed once."""
        return self.digest

    def __eq__(self, other: object) -> bool:
        """Compare the moves of two chains, stopping at the first shared link."""
        if not isinstance(other, History):
            return NotImplemented
        mine: History[MoveT] | None = self
        theirs: History[object] | None = other
        if self.length != other.length or self.digest != other.digest:
            return False
        while mine is not None and theirs is not None:
            if mine is theirs:
                return True
            if mine.move != theirs.move:
                return False
            mine, theirs = mine.previous, theirs.previous
        return mine is theirs

    def __reduce__(
        self,
    ) -> tuple[Callable[[tuple[MoveT, ...]], History[MoveT] | None], tuple[tuple[MoveT, ...]]]:
        """Pickle the chain as its flat list of moves: a long chain would recurse too deep."""
        return _rebuild, (moves_of(self),)

    def __repr__(self) -> str:
        """Return a summary: the number of moves and the last one."""
        return f"<History of {self.length} moves, last {self.move}>"


def record(move: MoveT, history: History[MoveT] | None) -> History[MoveT]:
    """Return the history with ``move`` added."""
    return History(move, history)


def moves_of(history: History[MoveT] | None) -> tuple[MoveT, ...]:
    """Return the moves of a history, oldest first."""
    found: list[MoveT] = []
    while history is not None:
        found.append(history.move)
        history = history.previous
    found.reverse()
    return tuple(found)


def _rebuild(moves: tuple[MoveT, ...]) -> History[MoveT] | None:
    """Rebuild a chain from its moves (the inverse of :func:`moves_of`), for unpickling."""
    chain: History[MoveT] | None = None
    for move in moves:
        chain = History(move, chain)
    return chain
