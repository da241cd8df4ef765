"""The exceptions of :mod:`cardgames`.

Every exception the library raises on purpose derives from :class:`CardgamesError`, so one
``except cardgames.errors.CardgamesError`` catches them all. Those caused by a bad value (an
illegal move, impossible options, a card or move that does not parse, broken JSON) also derive
from :class:`ValueError`. Messages are lower-case, name the culprit and the rule it breaks.

Example:
    >>> from cardgames import cards, errors
    >>> try:
    ...     cards.Card.parse("11♥")
    ... except errors.CardParseError as error:
    ...     print(error)
    cannot read '11♥' as a card: '11' is not a rank (use A K Q J 10 9 8 7 6 5 4 3 2, or T for ten)
"""

from __future__ import annotations

import reprlib
from typing import Final

__all__ = [
    "QUOTE_LIMIT",
    "BudgetSpentError",
    "CardParseError",
    "CardgamesError",
    "DecodeError",
    "IllegalMoveError",
    "MatchOverError",
    "MoveParseError",
    "NotYourTurnError",
    "RulesError",
    "UnknownGameError",
    "quote",
]


class CardgamesError(Exception):
    """The root of every exception raised by :mod:`cardgames`."""


class RulesError(CardgamesError, ValueError):
    """Impossible options or arguments: a rule value out of range, a wrong number of players.

    Also a value of the wrong kind where a function expects one of the library's own: another
    game's state, a seat that is not a seat, a score that no hand can produce.
    """


class CardParseError(CardgamesError, ValueError):
    """A text or value that does not name a card or a suit, such as ``"11♥"`` or ``Card(1, 0)``."""


class MoveParseError(CardgamesError, ValueError):
    """A text or value that makes no move, such as ``"jump"``, ``"play"`` or ``Play("qh")``."""


class DecodeError(CardgamesError, ValueError):
    """Stored data (JSON, a game record) that cannot be read back into a value."""


class IllegalMoveError(CardgamesError, ValueError):
    """A move the rules do not allow in the given state.

    The state the move was tried on is never changed.

    Attributes:
        move: The move that was refused.
        seat: The seat that tried it: the seat to move, or the one given to ``apply(seat=...)``.
        reason: The rule broken, the same text as the message.
    """

    def __init__(self, reason: str, *, move: object, seat: int | None) -> None:
        """Create the error.

        Args:
            reason: The rule broken, lower-case, naming the culprit.
            move: The move that was refused.
            seat: The seat that tried it, or None when nobody is to move.
        """
        super().__init__(reason)
        self.reason = reason
        self.move = move
        self.seat = seat


class NotYourTurnError(IllegalMoveError):
    """A move sent for a seat that is not the one to move."""


class MatchOverError(IllegalMoveError):
    """A move sent after the match has ended."""


class BudgetSpentError(CardgamesError):
    """A search stopped before its answer: its budget of positions or seconds ran out.

    The solvers' ``solve(state, nodes=..., seconds=...)`` raise it; a larger budget, or none,
    lets the search finish. Nothing it was given is changed.
    """


class UnknownGameError(CardgamesError, KeyError, ValueError):
    """A name that no game in :data:`cardgames.GAMES` is registered under.

    It is also a :class:`KeyError`, so ``GAMES.get(name)`` and ``name in GAMES`` work as for any
    mapping.
    """

    def __str__(self) -> str:
        """Return the message (a plain ``KeyError`` would print it quoted)."""
        return str(self.args[0]) if self.args else ""


QUOTE_LIMIT: Final = 60
"""The most characters of a caller's value that an error message quotes."""

_SHORT: Final = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = QUOTE_LIMIT
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = _SHORT.maxdict = 8
_SHORT.maxlevel = 3

_LONGEST_NUMBER: Final = 128
"""Whole numbers of more bits than this are described by their size, not printed: printing one
costs time that grows with its square, and Python refuses beyond 4,300 digits."""


def quote(value: object) -> str:
    """Return ``repr(value)`` for an error message, cut to its first :data:`QUOTE_LIMIT` characters.

    Every message that quotes a caller's value quotes it through this, so that a long input (a
    64,000-card order, a megabyte of text, a number of a million digits) costs a short message,
    and a value whose ``repr`` fails still gets one.

    Example:
        >>> quote("Q♥"), quote(None), quote([1, 2])
        ("'Q♥'", 'None', '[1, 2]')
        >>> quote("x" * 1000)
        "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
        >>> quote(10**5000)
        '<a whole number of 16610 bits>'
    """
    if isinstance(value, int) and value.bit_length() > _LONGEST_NUMBER:
        return f"<a whole number of {value.bit_length()} bits>"
    if isinstance(value, str):
        text = repr(value[: QUOTE_LIMIT + 1])
    else:
        try:
            text = _SHORT.repr(value)
        except Exception:  # noqa: BLE001  # a caller's object whose repr fails still gets named
            text = f"<{type(value).__name__} object>"
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"
