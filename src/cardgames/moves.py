"""The moves the card games share: dealing a hand, playing a card and passing.

Each game re-exports these beside its own moves, so ``kalter_schlag.Play`` is
:class:`cardgames.moves.Play` and ``gin_rummy.Pass`` is :class:`cardgames.moves.Pass`. A move
carries no seat: the mover is always the game's ``current_player``.

Example:
    >>> from cardgames import moves
    >>> print(moves.Play.parse("play qh"), moves.Deal())
    play Q♥ deal
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Final, TypeVar

import attrs

from cardgames import cards, errors

__all__ = ["DEAL", "PASS", "PLAYS", "Deal", "Pass", "Play", "kinds", "plays_in", "read", "split"]


def _order(value: Iterable[cards.Card | str] | str | None) -> tuple[cards.Card, ...] | None:
    """Convert a stacked order given as cards or text to a tuple of cards.

    Raises:
        MoveParseError: If the order is empty or not a sequence (a set or a mapping has no order).
        CardParseError: If an item is not a card.
    """
    if value is None:
        return None
    if not _in_order(value):
        raise errors.MoveParseError(
            f"a deal order must be cards or their text, in order, not {errors.quote(value)}"
        )
    order = cards.as_cards(value)
    if not order:
        raise errors.MoveParseError(
            "a stacked deal needs the cards in order; use Deal() to shuffle"
        )
    return order


def _in_order(value: object) -> bool:
    """Return whether ``value`` may be an order of cards: text or a sequence, not a set."""
    return isinstance(value, str | Iterable) and not isinstance(value, Mapping | AbstractSet)


@attrs.frozen
class Deal:
    """Deal the next hand: the dealer's move at the start of every hand.

    Without an order the cards come from the match's seeded shuffle for that hand. With
    ``order`` (every card of the pack once, top card first, as cards or text) the deck is
    stacked; each game's ``order_for`` builds such an order from the hands wanted. The order is
    checked against the pack when the move is applied.

    A stacked deal is never a player's move: it is built in code (tests, tutorials, a recorded
    real game) and applied without a ``seat``. Move text from outside cannot stack a deal
    (:meth:`parse` reads only ``deal``), and ``apply(state, move, seat=...)`` refuses a stacked
    one, so a server that passes each connection's seat is safe by construction.
    :meth:`parse_recorded` reads the text of a recorded stacked deal, for trusted records only.

    Raises:
        MoveParseError: If ``order`` is empty, or not a sequence (text, a list, a tuple).
        CardParseError: If an item of the order is not a card.

    Example:
        >>> str(Deal()), Deal.parse("deal") == Deal()
        ('deal', True)
    """

    order: tuple[cards.Card, ...] | None = attrs.field(default=None, converter=_order)

    def __str__(self) -> str:
        """Return ``deal``, followed by the stacked order if there is one."""
        return "deal" if self.order is None else f"deal {cards.format_cards(self.order)}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return "Deal()" if self.order is None else f"Deal(order='{cards.format_cards(self.order)}')"

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read ``deal``: the deal from the match's shuffle. Move text cannot stack a deal.

        Raises:
            MoveParseError: If the text is not ``deal``; for ``deal <cards>`` the message says
                that a stacked deal is built in code or read from a game record.

        Example:
            >>> Deal.parse("deal 7♣ 8♣")
            Traceback (most recent call last):
            ...
            cardgames.errors.MoveParseError: move text cannot stack a deal: ...
        """
        verb, rest = split(text)
        if verb != "deal":
            raise errors.MoveParseError(
                f"cannot read {errors.quote(text)} as a deal: it must start with 'deal'"
            )
        if rest:
            raise errors.MoveParseError(
                "move text cannot stack a deal: build Deal(order=...) in code, or read a game "
                "record with cardgames.codec; a player's text may only say 'deal'"
            )
        return DEAL

    @classmethod
    def parse_recorded(cls, text: str) -> Deal:
        """Read ``deal`` or a recorded stacked deal ``deal <cards>``: for trusted records only.

        Never call it on a client's text: a stacked deal chooses every hand.

        Raises:
            MoveParseError: If the text is not a deal.
            CardParseError: If a card of the order does not parse.

        Example:
            >>> len(Deal.parse_recorded("deal 7♣ 8♣ 9♣").order)
            3
        """
        verb, rest = split(text)
        if verb != "deal":
            raise errors.MoveParseError(
                f"cannot read {errors.quote(text)} as a deal: it must start with 'deal'"
            )
        return cls(order=rest) if rest else DEAL


def _a_card(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    """Accept a Card as the card of a play."""
    if not isinstance(value, cards.Card):
        raise errors.MoveParseError(
            f"a play needs a Card, not {errors.quote(value)} "
            "(text is read by Play.parse('play Q♥') or cards.Card.parse('Q♥'))"
        )


@attrs.frozen
class Play:
    """Play a card from the hand to the current trick (or table).

    Raises:
        MoveParseError: If ``card`` is not a :class:`~cardgames.cards.Card` (text included:
            :meth:`parse` reads ``"play Q♥"``).

    Example:
        >>> move = Play(cards.Card.parse("10♣"))
        >>> str(move), move.card.rank
        ('play 10♣', <Rank.TEN: 10>)
        >>> Play("qh")
        Traceback (most recent call last):
        ...
        cardgames.errors.MoveParseError: a play needs a Card, not 'qh' (text is read by ...)
    """

    card: cards.Card = attrs.field(validator=_a_card)

    def __str__(self) -> str:
        """Return ``play`` and the card, like ``play Q♥``."""
        return f"play {self.card}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the move."""
        return f"Play(Card.parse('{self.card}'))"

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read ``play <card>``, or a card alone.

        Raises:
            MoveParseError: If the text is not a play.
            CardParseError: If the card does not parse.
        """
        verb, rest = split(text)
        if verb == "play" and rest:
            return _PLAYS[cards.Card.parse(rest).index]
        if verb != "play" and not rest:
            return _PLAYS[cards.Card.parse(text.strip()).index]
        raise errors.MoveParseError(
            f"cannot read {errors.quote(text)} as a play: write 'play' and a card, e.g. 'play Q♥'"
        )


_PLAYS: Final = tuple(Play(card) for card in cards.CARDS)
PLAYS: Final = _PLAYS
"""The 52 plays, ``PLAYS[card.index] == Play(card)``: games hand these out, never new ones."""

_SIX_UP: Final = 9
"""How many ranks a suit has from the six up: the ranks :func:`plays_in` reads from a table."""

_LOW_RANKS: Final = cards.mask_of(card for card in cards.CARDS if card.rank < cards.Rank.SIX)

_SLOW: Final = _LOW_RANKS | ~cards.ALL_CARDS
"""The bits :func:`plays_in` cannot read from its tables: the low ranks, and every bit that is no
card (a negative or too large ``mask``, which :func:`cards.cards_in` then refuses)."""

_SUIT_PLAYS: Final = tuple(
    tuple(
        tuple(_PLAYS[suit * 13 + 4 + rank] for rank in range(_SIX_UP) if bits >> rank & 1)
        for bits in range(1 << _SIX_UP)
    )
    for suit in cards.Suit
)
"""``_SUIT_PLAYS[suit][bits]``: the plays of one suit's six to ace, ``bits`` from the six up."""


def plays_in(mask: int) -> tuple[Play, ...]:
    """Return the plays of the cards in a bit set, in card order.

    Cheap enough for every ``legal_moves`` call: for 32- and 36-card packs it is one table
    look-up per suit.

    Raises:
        RulesError: If ``mask`` is not a whole number from 0 to ``cards.ALL_CARDS``.

    Example:
        >>> plays_in(cards.mask_of(cards.parse_cards("A♦ 7♣ 2♥")))
        (Play(Card.parse('7♣')), Play(Card.parse('2♥')), Play(Card.parse('A♦')))
    """
    try:
        slow = mask & _SLOW
    except TypeError:  # not a number: cards_in says so
        slow = True
    if slow:
        return tuple(_PLAYS[card.index] for card in cards.cards_in(mask))
    clubs, spades, hearts, diamonds = _SUIT_PLAYS
    return (
        clubs[mask >> 4 & 511]
        + spades[mask >> 17 & 511]
        + hearts[mask >> 30 & 511]
        + diamonds[mask >> 43 & 511]
    )


DEAL: Final = Deal()
"""The unstacked deal."""


@attrs.frozen
class Pass:
    """Pass: the move of a player who does nothing more in this part of the hand.

    What a pass means is each game's own: in Gin Rummy a player refuses the upcard (rule 10),
    in Staekske Rape he drops out of the auction (rule 13), in Mariage he ends his claims. Those
    games re-export this class, so ``gin_rummy.Pass`` is ``cardgames.moves.Pass``; every pass
    is equal to every other.

    Example:
        >>> str(Pass()), Pass() == PASS
        ('pass', True)
    """

    def __str__(self) -> str:
        """Return ``pass``."""
        return "pass"


PASS: Final = Pass()
"""The pass."""

KindT = TypeVar("KindT")


def kinds(table: Mapping[type, KindT], union: object, game: str) -> Callable[[object], KindT]:
    """Return a game's ``kind_of``: what kind of move each of its move classes makes.

    The lookup is by exact class, as every engine dispatches: a subclass of a move is not that
    move.

    Args:
        table: Each move class of the game and its kind.
        union: The game's ``Move`` union; ``table`` must name exactly its classes.
        game: The game's name for the messages, e.g. ``"Kalter Schlag"``.

    Returns:
        A function from a move to its kind, which raises
        :class:`~cardgames.errors.RulesError` for anything that is no move of the game.

    Raises:
        RulesError: If ``table`` is not a mapping, ``game`` is not text, or ``table`` does not
            name exactly the union's classes (a game that added a move without its kind).

    Example:
        >>> kind_of = kinds({Deal: "deal", Play: "play"}, Deal | Play, "Kalter Schlag")
        >>> kind_of(Play.parse("qh")), kind_of(DEAL)
        ('play', 'deal')
        >>> kind_of("qh")
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: expected a Kalter Schlag move, not 'qh'
    """
    given: tuple[object, object] = (table, game)  # callers may pass anything
    if not isinstance(given[0], Mapping) or not isinstance(given[1], str):
        raise errors.RulesError(
            f"kinds needs the table of a game's move classes and the game's name, not "
            f"{errors.quote(table)} and {errors.quote(game)}"
        )
    found = dict(table)
    if set(found) != set(typing.get_args(union)):
        raise errors.RulesError(f"the {game} moves and their kinds differ: update the table")

    def kind_of(move: object) -> KindT:
        kind = found.get(type(move))
        if kind is None:
            raise errors.RulesError(f"expected a {game} move, not {errors.quote(move)}")
        return kind

    return kind_of


def split(text: str) -> tuple[str, str]:
    """Return a move text's lower-cased first word and the rest, stripped.

    Raises:
        MoveParseError: If the text is not a string or is empty.
    """
    if not isinstance(text, str):
        raise errors.MoveParseError(
            f"cannot read {errors.quote(text)} as a move: expected text such as 'play Q♥'"
        )
    verb, _, rest = text.strip().partition(" ")
    if not verb:
        raise errors.MoveParseError("cannot read an empty text as a move")
    return verb.lower(), rest.strip()


MoveT = TypeVar("MoveT")


def read(text: str, game: str, parse: Callable[[str], MoveT]) -> MoveT:
    """Read a move text with a game's parser, so that every failure is a MoveParseError.

    Each game's ``parse_move`` reads through this: a server that catches
    :class:`~cardgames.errors.MoveParseError` catches every way a client's text can fail, a card
    that does not parse included (its reason is kept in the message).

    Args:
        text: The move text.
        game: The game's name for the message, e.g. ``"Kalter Schlag"``.
        parse: The game's own parser.

    Raises:
        MoveParseError: If the text is no move of the game, a card in it included.
        RulesError: If ``game`` is not text or ``parse`` is not callable.

    Example:
        >>> read("play ZZ", "Kalter Schlag", Play.parse)
        Traceback (most recent call last):
        ...
        cardgames.errors.MoveParseError: cannot read 'play ZZ' as a Kalter Schlag move: cannot ...
    """
    named: object = game  # callers may pass anything
    if not isinstance(named, str) or not callable(parse):
        raise errors.RulesError(
            f"read needs the game's name and its parser, not {errors.quote(game)} and "
            f"{errors.quote(parse)}"
        )
    try:
        return parse(text)
    except errors.CardParseError as error:
        raise errors.MoveParseError(
            f"cannot read {errors.quote(text)} as a {game} move: {error}"
        ) from error
