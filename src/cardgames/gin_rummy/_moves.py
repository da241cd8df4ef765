"""The moves of Gin Rummy, and their text forms.

A hand goes: ``deal``; the upcard offer on the first turn (``draw pile`` — also written
``take`` — or ``pass``, the non-dealer first, then the dealer); then turns of ``draw stock`` or
``draw pile`` followed by ``discard 7♣``, until a player ends his turn with ``knock 7♣``
(written ``gin 7♣`` too) instead of a discard, or goes ``big gin`` where that option is on. The
knocker then lays his hand out, ``lay out 3♥ 4♥ 5♥ | 7♣ 7♠ 7♦``, and the defender lays out his
own melds and lays cards off onto the knocker's: ``lay out 9♣ 9♠ 9♦ off 6♠>0 7♠>0`` (``>0``:
onto the knocker's meld 0, the first he laid out; melds are numbered from 0).

``legal_moves`` lists moves by kind in this order — ``Deal``, ``Draw`` (stock, then pile),
``Pass``, ``Discard``, ``Knock``, ``BigGin``, ``LayOut`` — discards and knocks in card order,
lay-outs in the order :func:`~cardgames.gin_rummy._melds.arrangements` and
:func:`~cardgames.gin_rummy._melds.defences` give them.

Example:
    >>> print(parse_move("take"), parse_move("draw stock"), parse_move("gin qh"))
    draw pile draw stock knock Q♥
    >>> print(parse_move("lay out 5h 3h 4h | 7c 7d 7s off 6s>0"))
    lay out 7♣ 7♠ 7♦ | 3♥ 4♥ 5♥ off 6♠>0
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardgames import cards, errors, moves, validators
from cardgames.gin_rummy import _melds as melds
from cardgames.moves import Deal, Pass

__all__ = [
    "BIG_GIN",
    "DISCARDS",
    "DRAW_PILE",
    "DRAW_STOCK",
    "INDEX_DIGITS",
    "KNOCKS",
    "PASS",
    "BigGin",
    "Deal",
    "Discard",
    "Draw",
    "Knock",
    "LayOut",
    "Move",
    "Pass",
    "Source",
    "parse_move",
]

_GAME: Final = "Gin Rummy"
"""The game's name in the messages of the parsers."""


class Source(enum.StrEnum, metaclass=validators.ExactLookup):
    """Where a player draws from: the top of the stock, or the top of the discard pile.

    ``Source("pile")`` is ``Source.PILE``; anything else raises
    :class:`~cardgames.errors.MoveParseError`.
    """

    STOCK = "stock"
    PILE = "pile"

    @classmethod
    def _missing_(cls, value: object) -> Source:
        """Refuse a value that names no source (Python calls this when a lookup fails)."""
        raise errors.MoveParseError(
            f"{errors.quote(value)} is not a source to draw from: use 'stock' or 'pile'"
        )


@attrs.frozen
class Draw:
    """Draw the top card of the stock or of the discard pile (rules 10–11).

    On the first turn, ``Draw(Source.PILE)`` takes the upcard that is offered.

    Example:
        >>> str(Draw(Source.STOCK)), parse_move("take") == Draw("pile")
        ('draw stock', True)
    """

    source: Source = attrs.field(converter=Source)

    def __str__(self) -> str:
        """Return ``draw stock`` or ``draw pile``."""
        return f"draw {self.source}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return f"Draw(Source.{self.source.name})"


def _card(value: object) -> cards.Card:
    """Return a card given as a Card or its text."""
    if isinstance(value, cards.Card):
        return value
    if isinstance(value, str):
        return cards.Card.parse(value)
    raise errors.MoveParseError(
        f"expected a card or its text, such as 'Q♥', not {errors.quote(value)}"
    )


@attrs.frozen
class Discard:
    """End the turn by discarding a card face up onto the pile (rule 11).

    Example:
        >>> move = Discard("qh")
        >>> str(move), move == parse_move("Q♥"), move.card.rank
        ('discard Q♥', True, <Rank.QUEEN: 12>)
    """

    card: cards.Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        """Return ``discard`` and the card, like ``discard Q♥``."""
        return f"discard {self.card}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return f"Discard(Card.parse('{self.card}'))"


@attrs.frozen
class Knock:
    """End the turn by discarding a card face down and knocking (rule 12).

    The hand is then laid out; with a count of 0 the knock is gin. The count is that of the
    arrangement the knocker lays out next, which must be within the hand's knock limit.

    Example:
        >>> move = Knock("7c")
        >>> str(move), parse_move("gin 7♣") == move
        ('knock 7♣', True)
    """

    card: cards.Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        """Return ``knock`` and the card discarded face down."""
        return f"knock {self.card}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return f"Knock(Card.parse('{self.card}'))"


@attrs.frozen
class BigGin:
    """Go out with all eleven cards melded, without a discard (option ``big_gin``, note G13).

    Example:
        >>> str(BigGin()), parse_move("big gin") == BigGin()
        ('big gin', True)
    """

    def __str__(self) -> str:
        """Return ``big gin``."""
        return "big gin"


def _melds(value: object) -> tuple[melds.Meld, ...]:
    """Return melds given as Meld values or as their cards, checked, in the meld order."""
    try:
        return melds.Arrangement(melds=value, deadwood=()).melds  # type: ignore[arg-type]  # Arrangement checks it
    except errors.RulesError as error:
        raise errors.MoveParseError(str(error)) from None


def _layoffs(value: object) -> tuple[tuple[cards.Card, int], ...]:
    """Return lay-offs given as (card, meld index) pairs, checked, in the order given."""
    try:
        return melds.Defence(melds=(), layoffs=value, deadwood=()).layoffs  # type: ignore[arg-type]  # Defence checks it
    except errors.RulesError as error:
        raise errors.MoveParseError(str(error)) from None


@attrs.frozen
class LayOut:
    """Lay the hand out after a knock: melds, and for the defender his lay-offs (rules 12–13).

    The knocker lays out the melds he chooses; every other card of his is deadwood, and its
    count must be within the knock limit. The defender then lays out his own melds and lays
    cards off onto the knocker's melds: ``layoffs`` pairs each card with the index (from 0) of
    the knocker's meld it extends, in the order of the knocker's ``melds``. A run may be
    extended card by card at either end, a set of three by its fourth card; never after gin.

    The melds are kept in the meld order of :data:`~cardgames.gin_rummy.TABLE` (sets by rank,
    then runs by suit), so two lay-outs of the same melds are equal however they were written.
    The lay-offs are kept in the order given, the order they are laid in: each card must
    extend the meld as the lay-offs before it left it (6♠ before 7♠ onto 3♠ 4♠ 5♠).

    Args:
        melds: The melds, as :class:`~cardgames.gin_rummy._melds.Meld` values or their cards.
        layoffs: The defender's lay-offs, (card, meld index) pairs; empty for the knocker.

    Raises:
        MoveParseError: If a group of cards is no meld, a card is used twice, or a lay-off is
            not a (card, index) pair.

    Example:
        >>> move = LayOut(["9♦ 9♠ 9♣"], layoffs=[("6♠", 0), ("7♠", 0)])
        >>> print(move)
        lay out 9♣ 9♠ 9♦ off 6♠>0 7♠>0
        >>> parse_move(str(move)) == move, move.mask == cards.mask_of(move.cards)
        (True, True)
    """

    melds: tuple[melds.Meld, ...] = attrs.field(converter=_melds)
    layoffs: tuple[tuple[cards.Card, int], ...] = attrs.field(default=(), converter=_layoffs)
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """The bit set of every card laid out in melds or laid off."""

    def __attrs_post_init__(self) -> None:
        """Compute the bit set once; a card may not be both melded and laid off."""
        melded = 0
        for meld in self.melds:
            melded |= meld.mask
        laid = 0
        for card, _ in self.layoffs:
            if (melded | laid) & card.mask:
                raise errors.MoveParseError(f"{card} is laid off twice, or melded and laid off")
            laid |= card.mask
        object.__setattr__(self, "mask", melded | laid)

    @property
    def cards(self) -> tuple[cards.Card, ...]:
        """Every card laid out in melds or laid off, in card order."""
        return tuple(cards.cards_in(self.mask))

    def __str__(self) -> str:
        """Return ``lay out``, the melds separated by ``|``, and ``off`` with the lay-offs."""
        text = "lay out"
        if self.melds:
            text += " " + " | ".join(map(str, self.melds))
        if self.layoffs:
            text += " off " + " ".join(f"{card}>{index}" for card, index in self.layoffs)
        return text

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        groups = ", ".join(f"'{meld}'" for meld in self.melds)
        if not self.layoffs:
            return f"LayOut([{groups}])"
        offs = ", ".join(f"('{card}', {index})" for card, index in self.layoffs)
        return f"LayOut([{groups}], layoffs=[{offs}])"

    @classmethod
    def parse(cls, text: str) -> LayOut:
        """Read ``lay out <meld> | <meld> … [off <card>><index> …]``.

        A meld index is written in the ASCII digits 0 to 9, two at most.

        Raises:
            MoveParseError: If the text is not a lay-out (a meld that is not one, a card that
                does not parse, a lay-off without its meld index, an index that is not written
                in the digits 0 to 9 …).

        Example:
            >>> LayOut.parse("lay out ah 2h 3h | 8c 8h 8d off 4s>0 ks>1")
            LayOut(['8♣ 8♥ 8♦', 'A♥ 2♥ 3♥'], layoffs=[('4♠', 0), ('K♠', 1)])
            >>> LayOut.parse("lay out 7h 8h")
            Traceback (most recent call last):
            ...
            cardgames.errors.MoveParseError: 7♥ 8♥ is not a meld: a meld has at least 3 cards
        """
        return moves.read(text, _GAME, cls._read)

    @classmethod
    def _read(cls, text: str) -> LayOut:
        """Read a lay-out: :meth:`parse` without its wrapping of the card errors."""
        verb, rest = moves.split(text)
        second, _, rest = rest.partition(" ")
        if verb != "lay" or second.lower() != "out":
            raise errors.MoveParseError(
                f"cannot read {errors.quote(text)} as a lay-out: it must start with 'lay out'"
            )
        words = rest.split()
        lowered = [word.lower() for word in words]
        cut = lowered.index("off") if "off" in lowered else len(words)
        groups = " ".join(words[:cut]).split("|")
        found = [group for group in groups if group.strip()]
        if len(found) != len(groups) and cut:
            raise errors.MoveParseError(
                f"cannot read {errors.quote(text)} as a lay-out: a '|' must stand between two melds"
            )
        layoffs = [_layoff(word) for word in words[cut + 1 :]]
        if cut < len(words) and not layoffs:
            raise errors.MoveParseError(
                f"cannot read {errors.quote(text)} as a lay-out: 'off' must be followed by "
                "lay-offs such as '6♠>0'"
            )
        return cls(found, layoffs=layoffs)


INDEX_DIGITS: Final = 2
"""The most digits a meld index may have in a lay-off's text: the knocker lays down three melds
at most, numbered 0 to 2."""

_ASCII_DIGITS: Final = frozenset("0123456789")


def _layoff(word: str) -> tuple[cards.Card, int]:
    """Read one lay-off, ``6♠>0``: the card and the index of the knocker's meld, from 0.

    The index is read only from the ASCII digits 0 to 9 (``int`` would take ``٣`` for 3 and
    fail on ``²``), and only up to :data:`INDEX_DIGITS` of them.
    """
    card_text, arrow, number = word.partition(">")
    if not arrow or not number:
        raise errors.MoveParseError(
            f"cannot read {errors.quote(word)} as a lay-off: write the card, '>' and the index "
            "of the knocker's meld it goes on, from 0, e.g. '6♠>0'"
        )
    if not _ASCII_DIGITS.issuperset(number):
        raise errors.MoveParseError(
            f"cannot read {errors.quote(word)} as a lay-off: the index of the knocker's meld "
            f"must be written in the digits 0 to 9, not {errors.quote(number)}"
        )
    if len(number) > INDEX_DIGITS:
        raise errors.MoveParseError(
            f"cannot read {errors.quote(word)} as a lay-off: a meld index has at most "
            f"{INDEX_DIGITS} digits, not {len(number)} (the knocker lays down three melds at "
            "most, numbered from 0)"
        )
    return cards.Card.parse(card_text), int(number)


DRAW_STOCK: Final = Draw(Source.STOCK)
DRAW_PILE: Final = Draw(Source.PILE)
PASS: Final = moves.PASS
BIG_GIN: Final = BigGin()

DISCARDS: Final = tuple(Discard(card) for card in cards.CARDS)
"""The 52 discards, ``DISCARDS[card.index] == Discard(card)``: the engine hands these out."""

KNOCKS: Final = tuple(Knock(card) for card in cards.CARDS)
"""The 52 knocks, ``KNOCKS[card.index] == Knock(card)``."""

Move = Deal | Draw | Pass | Discard | Knock | BigGin | LayOut
"""Any Gin Rummy move."""

_WORDS: Final[dict[str, Move]] = {
    "draw stock": DRAW_STOCK,
    "draw pile": DRAW_PILE,
    "take": DRAW_PILE,
    "pass": PASS,
    "big gin": BIG_GIN,
}

_WITH_CARD: Final[dict[str, tuple[Discard, ...] | tuple[Knock, ...]]] = {
    "discard": DISCARDS,
    "play": DISCARDS,
    "knock": KNOCKS,
    "gin": KNOCKS,
}


def parse_move(text: str) -> Move:
    """Read a move from its text.

    The forms (text never stacks a deal): ``deal``, ``draw stock``, ``draw pile`` (or ``take``),
    ``pass``, ``discard Q♥`` (or the card alone, or ``play Q♥``), ``knock Q♥`` (or ``gin
    Q♥``), ``big gin``, and ``lay out …`` (see :meth:`LayOut.parse`). Words are
    case-insensitive.

    Raises:
        MoveParseError: If the text is no Gin Rummy move, a card in it that does not parse
            included.

    Example:
        >>> parse_move("Draw  Pile"), parse_move("10h"), parse_move("gin 2c")
        (Draw(Source.PILE), Discard(Card.parse('10♥')), Knock(Card.parse('2♣')))
        >>> parse_move("knock")
        Traceback (most recent call last):
        ...
        cardgames.errors.MoveParseError: cannot read 'knock' as a Gin Rummy move: ...
        >>> parse_move("discard ZZ")
        Traceback (most recent call last):
        ...
        cardgames.errors.MoveParseError: cannot read 'discard ZZ' as a Gin Rummy move: ...
    """
    return moves.read(text, _GAME, _parse)


def _parse(text: str) -> Move:
    """Read a move: :func:`parse_move` without its wrapping of the card errors."""
    verb, rest = moves.split(text)
    words = " ".join([verb, *rest.lower().split()])
    if words in _WORDS:
        return _WORDS[words]
    if verb == "deal":
        return Deal.parse(text)
    if verb == "lay":
        return LayOut.parse(text)
    made = _WITH_CARD.get(verb)
    if made is not None and rest and " " not in rest:
        return made[cards.Card.parse(rest).index]
    if not rest and verb not in _WITH_CARD:
        try:
            return DISCARDS[cards.Card.parse(verb).index]
        except errors.CardParseError:
            pass
    raise errors.MoveParseError(
        f"cannot read {errors.quote(text)} as a Gin Rummy move: use 'deal', 'draw stock', "
        "'draw pile', 'take', 'pass', 'discard <card>', 'knock <card>', 'gin <card>', 'big gin' or "
        "'lay out <melds> [off <card>><meld index> …]'"
    )
