"""The moves of Mariage, and their text forms.

A deal goes: ``deal`` (the ante is paid and, with ``auto_claim``, the pools I–V are claimed for
the players); with ``auto_claim=False`` each player in turn from the dealer's left claims what
he may (``claim point 8♠ 9♠ 10♠``, ``claim marriage``, ``claim jester``, ``claim king``,
``claim queen``) and ends his turn with ``pass``; then five tricks of ``play Q♥``. In
``forced_queen="penalty_only"`` the holder of a queen whose king has just been played may
``decline`` to play her out of turn (and pays for it).

Two more moves record what happened at a real table, for applications that log real games; the
engine never offers them and a seat may not send them: ``misdeal`` (the dealer misdealt: he
pays each player a chip and deals again) and ``out-of-turn 3`` (seat 3 dealt out of turn: he
pays each player a chip and his deal stands).

``legal_moves`` lists moves by kind in this order — ``Deal``, ``Claim`` (pools I to V),
``Pass``, ``Decline``, ``Play`` — and plays in card order.

Example:
    >>> print(parse_move("claim point 10s 8s 9s"), parse_move("claim II"), parse_move("done"))
    claim point 8♠ 9♠ 10♠ claim marriage pass
    >>> print(parse_move("decline"), parse_move("misdeal"), parse_move("out-of-turn 4"))
    decline misdeal out-of-turn 4
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from cardgames import cards, errors, moves
from cardgames.mariage import _claims as claims
from cardgames.mariage._pools import CLAIMED, Pool
from cardgames.mariage._rules import PLAYER_COUNTS
from cardgames.moves import Deal, Pass, Play

__all__ = [
    "DECLINE",
    "HOLDER_CLAIMS",
    "MISDEAL",
    "PASS",
    "Claim",
    "Deal",
    "DealOutOfTurn",
    "Decline",
    "Misdeal",
    "Move",
    "Pass",
    "Play",
    "TableEvent",
    "parse_move",
]


def _pool(value: object) -> Pool:
    """Read a pool given as a :class:`~cardgames.mariage.Pool` or its name."""
    if isinstance(value, Pool):
        return value
    if isinstance(value, str):
        return Pool.parse(value)
    raise errors.MoveParseError(f"a claim names a pool (point … queen), not {errors.quote(value)}")


def _shown(value: Iterable[cards.Card | str] | str | None) -> tuple[cards.Card, ...]:
    """Read the cards shown with a claim, in card order."""
    if value is None:
        return ()
    if not isinstance(value, str | Iterable):
        raise errors.MoveParseError(f"a claim shows cards, not {errors.quote(value)}")
    return tuple(sorted(cards.as_cards(value)))


_LISTED: Final = 5
"""The most cards an error message lists: a hand's worth."""


def _listed(shown: tuple[cards.Card, ...]) -> str:
    """Return the cards shown for a message: listed up to a hand's worth, else counted."""
    if not shown:
        return "no cards"
    if len(shown) > _LISTED:
        return f"{len(shown)} cards"
    return cards.format_cards(shown)


@attrs.frozen
class Claim:
    """Claim one of the pools I–V, showing the cards that win it (rule 11).

    For pool I, the point, the cards are the sequence shown (3 to 5 cards of one suit in
    unbroken natural sequence); for II–V they are the pool's own cards and may be left out.

    Raises:
        MoveParseError: If the pool cannot be claimed (the tricks pool) or the cards are not
            what the pool needs.

    Example:
        >>> Claim(Pool.POINT, "9♠ 10♠ 8♠")
        Claim(Pool.POINT, '8♠ 9♠ 10♠')
        >>> print(Claim(Pool.MARRIAGE), cards.format_cards(Claim(Pool.MARRIAGE).cards))
        claim marriage K♥ Q♥
        >>> Claim(Pool.POINT, "8♠ 9♠ J♠")
        Traceback (most recent call last):
        ...
        cardgames.errors.MoveParseError: a point is 3 to 5 cards of one suit in sequence, ...
    """

    pool: Pool = attrs.field(converter=_pool)
    cards: tuple[cards.Card, ...] = attrs.field(default=None, converter=_shown)

    def __attrs_post_init__(self) -> None:
        """Fill in the cards of pools II–V and check what is shown."""
        pool = self.pool
        if pool is Pool.TRICKS:
            raise errors.MoveParseError(
                "the tricks pool is not claimed: it pays for tricks at the end of the deal"
            )
        if pool is Pool.POINT:
            if not claims.unchecked_is_sequence(self.cards):
                raise errors.MoveParseError(
                    f"a point is 3 to 5 cards of one suit in sequence, not {_listed(self.cards)}"
                )
        else:
            if self.cards and cards.mask_of(self.cards) != pool.mask:
                raise errors.MoveParseError(
                    f"{pool} ({pool.word}) is claimed with {cards.format_cards(pool.cards)}, not "
                    f"{_listed(self.cards)}"
                )
            object.__setattr__(self, "cards", pool.cards)

    @property
    def mask(self) -> int:
        """The bit set of the cards shown."""
        return cards.mask_of(self.cards)

    def __str__(self) -> str:
        """Return ``claim`` and the pool, with the sequence for a point."""
        if self.pool is Pool.POINT:
            return f"claim point {cards.format_cards(self.cards)}"
        return f"claim {self.pool.word}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the claim."""
        if self.pool is Pool.POINT:
            return f"Claim(Pool.POINT, '{cards.format_cards(self.cards)}')"
        return f"Claim(Pool.{self.pool.name})"

    @classmethod
    def parse(cls, text: str) -> Claim:
        """Read ``claim <pool>`` or ``claim point <cards>``.

        Raises:
            MoveParseError: If the text is not a claim.
            CardParseError: If a card does not parse.
        """
        verb, rest = moves.split(text)
        name, _, shown = rest.partition(" ")
        if verb != "claim" or not name:
            raise errors.MoveParseError(
                f"cannot read {errors.quote(text)} as a claim: write 'claim' and a pool, "
                "e.g. 'claim king'"
            )
        return cls(Pool.parse(name), shown.strip() or None)


@attrs.frozen
class Decline:
    """Decline to play the queen on her king (``forced_queen="penalty_only"``, rule 23).

    The decliner pays every other player a chip at once; play goes on in turn, and that king
    and queen make no marriage in this trick.

    Example:
        >>> str(Decline())
        'decline'
    """

    def __str__(self) -> str:
        """Return ``decline``."""
        return "decline"


@attrs.frozen
class Misdeal:
    """Record that the dealer misdealt, after his deal and before the first card is played.

    He pays each other player a chip; the deal is void (claims made at it are undone) and he
    deals again without a new ante, from the next shuffle (rule 35). A recorded table event,
    which only the table makes: a server (or an app that logs a real game) applies it without a
    seat. It is legal where it applies but never in ``legal_moves``; from a seat
    (``apply(..., seat=n)``, ``is_legal(..., seat=n)``) it is refused, whoever sends it.

    Example:
        >>> str(Misdeal())
        'misdeal'
    """

    def __str__(self) -> str:
        """Return ``misdeal``."""
        return "misdeal"


_SEATS: Final = max(PLAYER_COUNTS)


def _seat(value: object) -> int:
    """Accept a seat number: a whole number from 0 to 9 (ten players at most)."""
    if type(value) is not int or not 0 <= value < _SEATS:
        raise errors.MoveParseError(
            f"a seat is a whole number from 0 to {_SEATS - 1}, not {errors.quote(value)}"
        )
    return value


@attrs.frozen
class DealOutOfTurn:
    """Record that ``seat``, not the player whose turn it was, deals the coming deal (rule 36).

    Made before that deal: the offender pays each other player a chip, his deal stands, and the
    deal passes on from him. A recorded table event, which only the table makes: a server (or
    an app that logs a real game) applies it without a seat. It is legal where it applies but
    never in ``legal_moves``; from a seat (``apply(..., seat=n)``, ``is_legal(..., seat=n)``)
    it is refused, whoever sends it, so that no client can charge another seat.

    Example:
        >>> str(DealOutOfTurn(4)), parse_move("out-of-turn 4") == DealOutOfTurn(4)
        ('out-of-turn 4', True)
    """

    seat: int = attrs.field(converter=_seat)

    def __str__(self) -> str:
        """Return ``out-of-turn`` and the seat that dealt."""
        return f"out-of-turn {self.seat}"


PASS: Final = moves.PASS
DECLINE: Final = Decline()
MISDEAL: Final = Misdeal()

Move = Deal | Claim | Pass | Decline | Play | Misdeal | DealOutOfTurn
"""Any Mariage move."""

TableEvent = Misdeal | DealOutOfTurn
"""The moves that record a real table's irregularities: never listed, made only by the table
(applied without a seat), refused from every seat."""

_WORDS: Final[Mapping[str, Any]] = types.MappingProxyType(
    {
        "pass": PASS,
        "done": PASS,
        "decline": DECLINE,
        "misdeal": MISDEAL,
    }
)


def parse_move(text: str) -> Move:
    """Read a move from its text.

    ``deal``, ``claim point 8♠ 9♠ 10♠``, ``claim marriage`` (or
    ``claim II``), ``pass`` (or ``done``), ``decline``, ``play Q♥`` (or a card alone),
    ``misdeal``, ``out-of-turn 3``.

    Two of these are not a player's moves: ``misdeal`` and ``out-of-turn 3`` are the
    :data:`TableEvent` moves that only the table records (a server, or an app that logs a real
    game, applying them without a seat). A client's text parses to them, but
    ``apply(state, move, seat=n)`` refuses them from every seat and ``is_legal(state, move,
    seat=n)`` is False; a server applies a client's move with its seat, so a client can never
    charge another seat for a misdeal. Move text never stacks a deal.

    Raises:
        MoveParseError: If the text is no Mariage move, a card in it that does not parse
            included.

    Example:
        >>> parse_move("qh"), parse_move("claim jester")
        (Play(Card.parse('Q♥')), Claim(Pool.JESTER))
        >>> parse_move("play ZZ")
        Traceback (most recent call last):
        ...
        cardgames.errors.MoveParseError: cannot read 'play ZZ' as a Mariage move: ...
    """
    return moves.read(text, "Mariage", _parse)


def _parse(text: str) -> Move:
    """Read a move from its text; a card that does not parse raises CardParseError."""
    verb, rest = moves.split(text)
    if verb == "deal":
        return Deal.parse(text)
    if verb == "claim":
        return Claim.parse(text)
    if verb in _WORDS and not rest:
        found: Move = _WORDS[verb]
        return found
    if verb == "out-of-turn":
        if rest.isdigit() and rest.isascii() and len(rest) <= len(str(_SEATS)):
            return DealOutOfTurn(int(rest))
        raise errors.MoveParseError(
            f"cannot read {errors.quote(text)} as a deal out of turn: write 'out-of-turn' and "
            "the seat that dealt, e.g. 'out-of-turn 3'"
        )
    if verb == "play" or not rest:
        try:
            return Play.parse(text)
        except errors.CardParseError:
            if verb == "play":
                raise
    raise errors.MoveParseError(
        f"cannot read {errors.quote(text)} as a Mariage move: use 'deal', 'claim <pool>', "
        "'pass', 'decline', 'play <card>', 'misdeal' or 'out-of-turn <seat>'"
    )


HOLDER_CLAIMS: Final = tuple(Claim(pool) for pool in CLAIMED[1:])
"""The claims of pools II–V, won by holding their cards, made once: ``legal_moves`` hands these
out (``HOLDER_CLAIMS[0]`` claims pool II)."""
