"""The moves of Staekske Rape, and their text forms.

A hand goes: ``deal``; the auction (``look``, ``bid 3``, ``bid 2`` — the blind bid, also
written ``blind`` — and ``pass``); the nanny's forced choice if nobody else bid (``bid 1`` or
``concede``); the declarer's ``take stock`` then ``discard`` of four cards, or ``no stock``;
``trump ♥``; his declarations (``meld J♥ Q♥ K♥ A♥``, ``stoek``); then ``play Q♥`` to the
tricks.

``legal_moves`` lists moves by kind in this order — ``Deal``, ``Look``, ``Bid`` (lowest
first), ``Pass``, ``Concede``, ``TakeStock``, ``NoStock``, ``Discard``, ``NameTrump`` (♣ ♠ ♥ ♦),
``Meld``, ``Stoek``, ``Play`` — and within a kind in card order.

Example:
    >>> print(parse_move("bid 4"), parse_move("blind"), parse_move("trump h"))
    bid 4 bid 2 trump ♥
    >>> print(parse_move("discard 10c 7c 9c 8c"), parse_move("meld ah kh qh jh"))
    discard 7♣ 8♣ 9♣ 10♣ meld J♥ Q♥ K♥ A♥
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import attrs

from cardgames import cards, errors, moves, validators
from cardgames.moves import Deal, Pass, Play

__all__ = [
    "CONCEDE",
    "LOOK",
    "NO_STOCK",
    "PASS",
    "STOEK",
    "TAKE_STOCK",
    "Bid",
    "Concede",
    "Deal",
    "Discard",
    "Look",
    "Meld",
    "Move",
    "NameTrump",
    "NoStock",
    "Pass",
    "Play",
    "Stoek",
    "TakeStock",
    "parse_move",
]


@attrs.frozen
class Look:
    """Look at your cards. Until then your view hides them; any other move looks first.

    Only a player who has not looked may bid blind 2 (rule 12).

    Example:
        >>> str(Look()), parse_move("look") == Look()
        ('look', True)
    """

    def __str__(self) -> str:
        """Return ``look``."""
        return "look"


def _check_amount(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    """Accept a whole number of 1 or more (a 64-bit one) as a bid."""
    if type(value) is not int or not 1 <= value <= validators.LARGEST:
        raise errors.MoveParseError(
            f"a bid must be a whole number of 1 or more, not {errors.quote(value)}"
        )


@attrs.frozen
class Bid:
    """Bid: promise ``amount + 10`` game points (``100 + 10 × amount`` points).

    The ordinary bids are 3, 4, 5 …; 2 is the blind bid (rule 12); 1 is the nanny's forced
    game (rule 15). How high a bid may go depends on the rules (``max_bid``): ``apply`` refuses
    one above it.

    Raises:
        MoveParseError: If ``amount`` is not a whole number of 1 or more (at most ``2**63 - 1``).

    Example:
        >>> str(Bid(4)), parse_move("bid 4") == Bid(4), parse_move("blind") == Bid(2)
        ('bid 4', True, True)
    """

    amount: int = attrs.field(validator=_check_amount)

    def __str__(self) -> str:
        """Return ``bid`` and the amount, like ``bid 4``."""
        return f"bid {self.amount}"


@attrs.frozen
class Concede:
    """The nanny's concession when nobody else bid: −10 and the hand is not played (rule 15b).

    Example:
        >>> str(Concede())
        'concede'
    """

    def __str__(self) -> str:
        """Return ``concede``."""
        return "concede"


@attrs.frozen
class TakeStock:
    """The declarer takes the four stock cards into his hand; he then discards four (rule 17).

    Example:
        >>> str(TakeStock())
        'take stock'
    """

    def __str__(self) -> str:
        """Return ``take stock``."""
        return "take stock"


@attrs.frozen
class NoStock:
    """The declarer plays without the stock, for double (rule 18).

    Example:
        >>> str(NoStock())
        'no stock'
    """

    def __str__(self) -> str:
        """Return ``no stock``."""
        return "no stock"


def _card_set(value: Iterable[cards.Card | str] | str) -> tuple[cards.Card, ...]:
    """Convert cards given as text or items to a tuple in card order, without repeats."""
    if isinstance(value, Mapping) or not isinstance(value, str | Iterable):
        raise errors.MoveParseError(f"expected cards such as 'J♥ Q♥ K♥', not {errors.quote(value)}")
    items = cards.as_cards(value)
    counts = collections.Counter(items)
    if len(counts) != len(items):
        repeated = sorted(card for card, count in counts.items() if count > 1)
        raise errors.MoveParseError(f"a card is named twice: {cards.format_cards(repeated)}")
    return tuple(sorted(items))


@attrs.frozen
class Discard:
    """The declarer lays four cards face down after taking the stock (rule 17).

    The cards are kept in card order, so two discards of the same cards are equal.

    Raises:
        MoveParseError: If ``cards`` is not cards (text or a sequence) or names a card twice.
        CardParseError: If an item is not a card.

    Example:
        >>> move = Discard("10♣ 7♣ 9♣ 8♣")
        >>> str(move), move == parse_move("discard 7c 8c 9c 10c")
        ('discard 7♣ 8♣ 9♣ 10♣', True)
    """

    cards: tuple[cards.Card, ...] = attrs.field(converter=_card_set)
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """The bit set of the cards."""

    def __attrs_post_init__(self) -> None:
        """Compute the bit set once."""
        object.__setattr__(self, "mask", cards.mask_of(self.cards))

    def __str__(self) -> str:
        """Return ``discard`` and the cards."""
        return f"discard {cards.format_cards(self.cards)}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return f"Discard('{cards.format_cards(self.cards)}')"


def _suit(value: cards.Suit | str | int) -> cards.Suit:
    """Convert a suit given as a Suit, its text or its number (0 to 3, not True or 2.0)."""
    if isinstance(value, str):
        return cards.Suit.parse(value)
    if type(value) is cards.Suit:
        return value
    if type(value) is int:
        return cards.Suit(value)
    raise errors.MoveParseError(
        f"trumps must be a Suit, its text or its number (0 to 3), not {errors.quote(value)}"
    )


@attrs.frozen
class NameTrump:
    """The declarer names the trump suit, after the stock and before he leads (rule 20).

    Raises:
        MoveParseError: If ``suit`` is neither a Suit, nor text, nor a number.
        CardParseError: If it is text or a number that names no suit.

    Example:
        >>> move = NameTrump(cards.Suit.HEARTS)
        >>> str(move), parse_move("trump hearts") == move
        ('trump ♥', True)
    """

    suit: cards.Suit = attrs.field(converter=_suit)

    def __str__(self) -> str:
        """Return ``trump`` and the suit symbol."""
        return f"trump {self.suit}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return f"NameTrump(Suit.{self.suit.name})"


@attrs.frozen
class Meld:
    """The declarer shows a meld before his first lead (rules 21-22).

    A meld is four of a kind, or a sequence of three or more in one suit. The cards are kept
    in card order. ``legal_moves`` offers each meld the declarer may declare.

    Raises:
        MoveParseError: If ``cards`` is not cards (text or a sequence) or names a card twice.
        CardParseError: If an item is not a card.

    Example:
        >>> move = Meld("A♥ K♥ Q♥ J♥")
        >>> str(move), move == parse_move("meld jh qh kh ah")
        ('meld J♥ Q♥ K♥ A♥', True)
    """

    cards: tuple[cards.Card, ...] = attrs.field(converter=_card_set)
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """The bit set of the cards."""

    def __attrs_post_init__(self) -> None:
        """Compute the bit set once."""
        object.__setattr__(self, "mask", cards.mask_of(self.cards))

    def __str__(self) -> str:
        """Return ``meld`` and the cards."""
        return f"meld {cards.format_cards(self.cards)}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return f"Meld('{cards.format_cards(self.cards)}')"


@attrs.frozen
class Stoek:
    """The declarer announces Stoek, K + Q of trumps, 20 points (rule 23).

    Before his first lead, or during the play just before he plays the trump K or Q (then his
    next move must be that card).

    Example:
        >>> str(Stoek())
        'stoek'
    """

    def __str__(self) -> str:
        """Return ``stoek``."""
        return "stoek"


LOOK: Final = Look()
PASS: Final = moves.PASS
CONCEDE: Final = Concede()
TAKE_STOCK: Final = TakeStock()
NO_STOCK: Final = NoStock()
STOEK: Final = Stoek()

Move = (
    Deal
    | Look
    | Bid
    | Pass
    | Concede
    | TakeStock
    | NoStock
    | Discard
    | NameTrump
    | Meld
    | Stoek
    | Play
)
"""Any Staekske Rape move."""

_WORDS: Final[dict[str, Move]] = {
    "look": LOOK,
    "pass": PASS,
    "concede": CONCEDE,
    "stoek": STOEK,
    "blind": Bid(2),
    "take stock": TAKE_STOCK,
    "no stock": NO_STOCK,
}


_WITH_CARDS: Final[dict[str, Callable[[str], Move]]] = {
    "discard": Discard,
    "trump": NameTrump,
    "meld": Meld,
}


def parse_move(text: str) -> Move:
    """Read a move from its text.

    The forms (text never stacks a deal): ``deal``, ``look``, ``bid 4``, ``blind`` (= ``bid 2``),
    ``pass``, ``concede``, ``take stock``, ``no stock``, ``discard <4 cards>``, ``trump ♥``,
    ``meld <cards>``, ``stoek``, ``play Q♥`` (or a card alone). Words are case-insensitive; a
    bid's number is written in the digits 0-9, at most 19 of them.

    Raises:
        MoveParseError: If the text is no Staekske Rape move, a card in it that does not parse
            included.

    Example:
        >>> parse_move("Take  Stock"), parse_move("10h")
        (TakeStock(), Play(Card.parse('10♥')))
    """
    return moves.read(text, "Staekske Rape", _parse)


_BID_DIGITS: Final = len(str(validators.LARGEST))
"""The most digits a bid's number may have (19: every bid is a 64-bit number)."""


def _amount(text: str, digits: str) -> int:
    """Return a bid's number written in ASCII digits, or raise MoveParseError.

    ``int`` alone would also read ``٣``, ``+4``, ``4_0`` and a number of thousands of digits.
    """
    if not (digits.isascii() and digits.isdigit()) or len(digits) > _BID_DIGITS:
        raise errors.MoveParseError(
            f"cannot read {errors.quote(text)} as a bid: write 'bid' and a whole number in the "
            f"digits 0-9 (at most {_BID_DIGITS} of them), e.g. 'bid 4'"
        )
    return int(digits)


def _parse(text: str) -> Move:
    """Read a move from its text (:func:`parse_move` without its wrapping of card errors)."""
    verb, rest = moves.split(text)
    words = " ".join([verb, *rest.lower().split()])
    if words in _WORDS:
        return _WORDS[words]
    if verb == "deal":
        return Deal.parse(text)
    if verb == "bid" and rest:
        return Bid(_amount(text, rest.removesuffix("blind").strip()))
    maker = _WITH_CARDS.get(verb)
    if maker is not None and rest:
        return maker(rest)
    if verb == "play" or not rest:
        try:
            return Play.parse(text)
        except errors.CardParseError:
            if verb == "play":
                raise
    raise errors.MoveParseError(
        f"cannot read {errors.quote(text)} as a Staekske Rape move: use 'deal', 'look', "
        "'bid <n>', 'blind', 'pass', 'concede', 'take stock', 'no stock', 'discard <cards>', "
        "'trump <suit>', "
        "'meld <cards>', 'stoek' or 'play <card>'"
    )
