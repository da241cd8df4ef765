"""The six pools («коробочки», boxes) of chips on the Mariage table.

Pools I–V are won by holding cards (rules 13–17); pool VI, the tricks pool, pays for tricks at
the end of a deal (rule 30). Each player antes into every pool before each deal (rule 6).

Example:
    >>> from cardgames.mariage._pools import Pool
    >>> print(Pool.MARRIAGE, Pool.MARRIAGE.word, cards.format_cards(Pool.MARRIAGE.cards))
    pool II marriage K♥ Q♥
    >>> Pool.parse("jester") is Pool.parse("III") is Pool.JESTER
    True
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from typing import Final

from cardgames import cards, errors, validators

__all__ = [
    "CLAIMED",
    "JESTER",
    "KING_OF_HEARTS",
    "POOLS",
    "QUEEN_OF_HEARTS",
    "Pool",
]

KING_OF_HEARTS: Final = cards.Card(cards.Rank.KING, cards.Suit.HEARTS)
QUEEN_OF_HEARTS: Final = cards.Card(cards.Rank.QUEEN, cards.Suit.HEARTS)
JESTER: Final = cards.Card(cards.Rank.JACK, cards.Suit.DIAMONDS)
"""The jester («шут»), the jack of diamonds."""


class Pool(enum.Enum, metaclass=validators.ExactLookup):
    """A pool of chips, numbered I to VI as the source numbers its boxes.

    ``Pool(2)`` is ``Pool.MARRIAGE``; a value that is no pool's number (``2.0`` and ``True``
    included) raises :class:`~cardgames.errors.RulesError`; :meth:`parse` reads a pool's name.
    """

    POINT = 1
    """I, «масть или пуан»: the best sequence of 3 to 5 cards of one suit (rule 13)."""
    MARRIAGE = 2
    """II, «марьяж»: K♥ and Q♥ in one hand (rule 14)."""
    JESTER = 3
    """III, «шут»: the jester J♦ (rule 15)."""
    KING = 4
    """IV, the king: the king of hearts (rule 16)."""
    QUEEN = 5
    """V, «королева»: the queen of hearts (rule 17)."""
    TRICKS = 6
    """VI, «за взятки»: pays for tricks at the end of the deal (rule 30)."""

    @property
    def numeral(self) -> str:
        """The pool's Roman numeral, ``I`` to ``VI``."""
        return _NUMERALS[self.value - 1]

    @property
    def word(self) -> str:
        """The pool's name: ``point``, ``marriage``, ``jester``, ``king``, ``queen``, ``tricks``."""
        return self.name.lower()

    @property
    def cards(self) -> tuple[cards.Card, ...]:
        """The cards that win the pool, for II–V; empty for the point and the tricks pools."""
        return _CARDS[self.value - 1]

    @property
    def mask(self) -> int:
        """The bit set of :attr:`cards`."""
        return _MASKS[self.value - 1]

    @property
    def party(self) -> int:
        """The pool as a party to a payment inside the engine: ``-1`` for I … ``-6`` for VI."""
        return -self.value

    def __str__(self) -> str:
        """Return ``pool`` and the numeral, like ``pool II``."""
        return f"pool {self.numeral}"

    @classmethod
    def _missing_(cls, value: object) -> Pool:
        """Refuse a value that is no pool's number (Python calls this when a lookup fails)."""
        raise errors.RulesError(
            f"{errors.quote(value)} is not a pool: the pools are numbered 1 to 6 "
            "(Pool.parse reads a name)"
        )

    @classmethod
    def parse(cls, text: str) -> Pool:
        """Read a pool from its name (``point``, ``suit``, ``marriage`` …), numeral or number.

        Raises:
            MoveParseError: If the text names no pool.
        """
        found = _BY_NAME.get(text.strip().lower()) if isinstance(text, str) else None  # type: ignore[redundant-expr]  # callers may pass anything
        if found is None:
            raise errors.MoveParseError(
                f"cannot read {errors.quote(text)} as a pool: use point, marriage, jester, king, "
                "queen or tricks (or I to VI)"
            )
        return found


_NUMERALS: Final = ("I", "II", "III", "IV", "V", "VI")
_CARDS: Final = (
    (),
    (KING_OF_HEARTS, QUEEN_OF_HEARTS),
    (JESTER,),
    (KING_OF_HEARTS,),
    (QUEEN_OF_HEARTS,),
    (),
)
_MASKS: Final = tuple(sum(1 << card.index for card in held) for held in _CARDS)
_BY_NAME: Final[Mapping[str, Pool]] = types.MappingProxyType(
    {
        **{
            key: pool for pool in Pool for key in (pool.word, pool.numeral.lower(), str(pool.value))
        },
        "suit": Pool.POINT,
    }
)

POOLS: Final = tuple(Pool)
"""The six pools, I to VI."""

CLAIMED: Final = POOLS[:5]
"""The pools won by claiming them, I to V, in the order they are claimed (rule 11)."""
