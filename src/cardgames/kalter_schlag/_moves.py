"""The moves of Kalter Schlag: deal, double, play a card.

``legal_moves`` lists them in this order: ``Deal``, ``Double``, then ``Play`` in card order.

Example:
    >>> print(parse_move("double"), parse_move("play qc"), parse_move("deal"))
    double play Q♣ deal
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames import errors, moves
from cardgames.moves import Deal, Play

__all__ = ["DOUBLE", "Deal", "Double", "Move", "Play", "parse_move"]


@attrs.frozen
class Double:
    """Double the hand's score, announced just before playing to the first trick.

    The n-th double of a hand is called Kontra, Re, Bock, Hirsch; each player may double once.

    Example:
        >>> str(Double()), Double() == parse_move("kontra")
        ('double', True)
    """

    def __str__(self) -> str:
        """Return ``double``."""
        return "double"


DOUBLE: Final = Double()

Move = Deal | Double | Play
"""Any Kalter Schlag move."""

_DOUBLE_WORDS: Final = frozenset({"double", "kontra", "re", "bock", "hirsch"})


def parse_move(text: str) -> Move:
    """Read a move from its text: ``deal``, ``double``, ``play Q♥`` (text never stacks a deal).

    ``double`` may also be written as the call it makes (``kontra``, ``re``, ``bock``,
    ``hirsch``), and a card alone means playing it.

    Raises:
        MoveParseError: If the text is no Kalter Schlag move, a card in it that does not parse
            included.

    Example:
        >>> parse_move("play 10h")
        Play(Card.parse('10♥'))
        >>> parse_move("play 11h")
        Traceback (most recent call last):
        ...
        cardgames.errors.MoveParseError: cannot read 'play 11h' as a Kalter Schlag move: ...
    """
    return moves.read(text, "Kalter Schlag", _parse)


def _parse(text: str) -> Move:
    """Read a move from its text; a card that does not parse raises CardParseError."""
    verb, rest = moves.split(text)
    if verb == "deal":
        return Deal.parse(text)
    if verb in _DOUBLE_WORDS and not rest:
        return DOUBLE
    if verb == "play" or not rest:
        try:
            return Play.parse(text)
        except errors.CardParseError:
            if verb == "play":
                raise
    raise errors.MoveParseError(
        f"cannot read {errors.quote(text)} as a Kalter Schlag move: "
        "use 'deal', 'double' or 'play <card>'"
    )
