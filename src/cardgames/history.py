"""A match's move history, kept as a shared chain so that ``apply`` never copies it.

Each state holds the last link; a link points to the one before. Successive states share every
earlier link, so recording a move costs one small object however long the match is. Links
compare and hash by the moves they hold (iteratively, with a hash built as the chain grows), so
two states reached by the same moves are equal. A link is as frozen as the state that holds it:
none of its attributes can be assigned or deleted.

Example:
    >>> from cardgames import history
    >>> chain = history.record("play Q♥", history.record("deal", None))
    >>> history.moves_of(chain), chain.length
    (('deal', 'play Q♥'), 2)
    >>> chain.move = "play K♥"
    Traceback (most recent call last):
    ...
    AttributeError: a move history cannot be changed: History.move is read-only
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, NoReturn, TypeVar

from cardgames import errors

__all__ = ["History", "moves_of", "record"]

MoveT = TypeVar("MoveT")


class History(Generic[MoveT]):
    """One link of a move history: the last move and the history before it.

    Args:
        move: The move recorded.
        previous: The history before it, or None for the first move.

    Raises:
        RulesError: If ``previous`` is neither a History nor None.
    """

    __slots__ = ("_length", "_memo", "move", "previous")

    move: MoveT
    previous: History[MoveT] | None

    def __init__(self, move: MoveT, previous: History[MoveT] | None) -> None:
        """Link ``move`` after ``previous``."""
        if previous is not None and type(previous) is not History:
            raise errors.RulesError(
                f"a move history links to a History or None, not {errors.quote(previous)}"
            )
        # Written through the slots themselves: assignment is refused (see __setattr__).
        _SET_MOVE(self, move)
        _SET_PREVIOUS(self, previous)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        """Refuse to change a link: every later state shares it."""
        raise AttributeError(f"a move history cannot be changed: History.{name} is read-only")

    def __delattr__(self, name: str) -> NoReturn:
        """Refuse to change a link: every later state shares it."""
        raise AttributeError(f"a move history cannot be changed: History.{name} is read-only")

    @property
    def length(self) -> int:
        """The number of moves in the chain, counted when first asked for."""
        return self._walk(_LENGTH.__get__, _SET_LENGTH, lambda _link, before: (before or 0) + 1)

    @property
    def digest(self) -> int:
        """The hash of the whole chain, computed when first asked for, not when recorded."""
        return self._walk(_MEMO.__get__, _SET_MEMO, lambda link, before: hash((link.move, before)))

    def _walk(
        self,
        known: Callable[[History[MoveT]], int],
        keep: Callable[[History[MoveT], int], None],
        step: Callable[[History[MoveT], int | None], int],
    ) -> int:
        """Return a value folded along the chain, oldest first, kept on each link once computed.

        ``known(link)`` reads a link's kept value (AttributeError while there is none), ``keep``
        stores one, ``step(link, value before it)`` computes one (None before the first link).
        The walk stops at the newest link that already has its value, so each link's value is
        computed once; it is a loop, not a recursion, however long the chain.
        """
        try:
            return known(self)
        except AttributeError:
            pending: list[History[MoveT]] = [self]
        before: int | None = None
        link = self.previous
        while link is not None:
            try:
                before = known(link)
                break
            except AttributeError:
                pending.append(link)
                link = link.previous
        value = 0
        for item in reversed(pending):
            value = step(item, before)
            keep(item, value)
            before = value
        return value

    def __hash__(self) -> int:
        """Return the hash of the whole chain, computed once."""
        return self.digest

    def __eq__(self, other: object) -> bool:
        """Compare the moves of two chains, stopping at the first shared link."""
        if self is other:
            return True
        if not isinstance(other, History):
            return NotImplemented
        mine: History[MoveT] | None = self
        theirs: History[object] | None = other
        if self.digest != other.digest or self.length != other.length:
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


# The slots' own descriptors: the only writers of a link, in __init__ and for the kept values.
_SET_MOVE: Final = History.__dict__["move"].__set__
_SET_PREVIOUS: Final = History.__dict__["previous"].__set__
_LENGTH: Final = History.__dict__["_length"]
_SET_LENGTH: Final = _LENGTH.__set__
_MEMO: Final = History.__dict__["_memo"]
_SET_MEMO: Final = _MEMO.__set__


def record(move: MoveT, history: History[MoveT] | None) -> History[MoveT]:
    """Return the history with ``move`` added.

    Raises:
        RulesError: If ``history`` is neither a History nor None.
    """
    return History(move, history)


def moves_of(history: History[MoveT] | None) -> tuple[MoveT, ...]:
    """Return the moves of a history, oldest first.

    Raises:
        RulesError: If ``history`` is neither a History nor None.
    """
    if history is not None and type(history) is not History:
        raise errors.RulesError(f"expected a History or None, not {errors.quote(history)}")
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
