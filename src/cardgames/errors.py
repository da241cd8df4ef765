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

__all__ = [
    "CardParseError",
    "CardgamesError",
    "DecodeError",
    "IllegalMoveError",
    "MatchOverError",
    "MoveParseError",
    "NotYourTurnError",
    "RulesError",
]


class CardgamesError(Exception):
    """The root of every exception raised by :mod:`cardgames`."""


class RulesError(CardgamesError, ValueError):
    """Impossible options or arguments: a rule value out of range, a wrong number of players."""


class CardParseError(CardgamesError, ValueError):
    """A text that does not name a card, such as ``"11♥"`` or ``"Qx"``."""


class MoveParseError(CardgamesError, ValueError):
    """A text that does not name a move of the game, such as ``"jump"`` or ``"play"``."""


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
