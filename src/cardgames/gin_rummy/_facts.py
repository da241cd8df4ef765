"""Card facts of Gin Rummy for bots and user interfaces: card values, runs, unseen cards, moves.

Everything here is public knowledge: what each card counts as deadwood (an ace 1, a two to a
ten its face value, a court card 10), the order of a suit's cards in runs (the ace low: A 2 3 is
a run, Q K A is not), which cards a seat has not seen, and what kind of move a move is. The
meld mathematics (a hand's count, its melds, its lay-outs) is in
:mod:`cardgames.gin_rummy._melds`.

Example:
    >>> from cardgames import cards, gin_rummy
    >>> gin_rummy.card_value(cards.Card.parse("K♠")), gin_rummy.value_of("A♣ 7♦ Q♥")
    (10, 18)
    >>> print(cards.format_cards(gin_rummy.run_order(cards.Suit.HEARTS)[:4]))
    A♥ 2♥ 3♥ 4♥
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from cardgames import cards, errors, validators
from cardgames import moves as core_moves
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy._about import ABOUT
from cardgames.gin_rummy._moves import BigGin, Discard, Draw, Knock, LayOut, Move, Pass
from cardgames.gin_rummy._state import View

__all__ = ["MoveKind", "card_value", "kind_of", "run_order", "unseen", "value_of"]


class MoveKind(enum.StrEnum, metaclass=validators.ExactLookup, what="kind of move"):
    """What kind of move a Gin Rummy move is: see :func:`kind_of`.

    ``MoveKind("knock")`` is ``MoveKind.KNOCK``; a value that names no kind raises
    :class:`~cardgames.errors.RulesError`.
    """

    DEAL = "deal"
    """The dealer deals the hand (:class:`~cardgames.moves.Deal`)."""
    DRAW = "draw"
    """A player draws from the stock or the pile, the upcard included (:class:`Draw`)."""
    PASS = "pass"  # noqa: S105  # the move, not a password
    """A player refuses the upcard on the first turn (:class:`~cardgames.moves.Pass`)."""
    DISCARD = "discard"
    """A player ends his turn by discarding a card face up (:class:`Discard`)."""
    KNOCK = "knock"
    """A player ends his turn by discarding face down and knocking, gin included
    (:class:`Knock`)."""
    BIG_GIN = "big gin"
    """A player goes out with all eleven cards melded (:class:`BigGin`)."""
    LAY_OUT = "lay out"
    """After a knock, a player lays out his melds, and the defender his lay-offs
    (:class:`LayOut`)."""


_KIND_OF: Final = core_moves.kinds(
    {
        core_moves.Deal: MoveKind.DEAL,
        Draw: MoveKind.DRAW,
        Pass: MoveKind.PASS,
        Discard: MoveKind.DISCARD,
        Knock: MoveKind.KNOCK,
        BigGin: MoveKind.BIG_GIN,
        LayOut: MoveKind.LAY_OUT,
    },
    Move,
    ABOUT.title,
)


def kind_of(move: Move) -> MoveKind:
    """Return what kind of move ``move`` is: a deal, a draw, a pass, a discard, a knock, etc.

    Raises:
        RulesError: If ``move`` is not a Gin Rummy move.

    Example:
        >>> from cardgames import gin_rummy
        >>> [kind_of(gin_rummy.parse_move(text)).value for text in ("take", "gin 7♣", "pass")]
        ['draw', 'knock', 'pass']
    """
    return _KIND_OF(move)


def _card(value: object) -> cards.Card:
    """Return a card given as a Card or as text."""
    if isinstance(value, cards.Card):
        return value
    if isinstance(value, str):
        return cards.Card.parse(value)
    raise errors.RulesError(
        f"card must be a card (a Card or text such as 'Q♥'), not {errors.quote(value)}"
    )


def card_value(card: cards.Card | str) -> int:
    """Return what a card counts as deadwood: an ace 1, two to ten their face value, J Q K 10.

    Raises:
        RulesError: If ``card`` is neither a card nor text.
        CardParseError: If text does not read as a card.

    Example:
        >>> [card_value(text) for text in ("A♣", "7♦", "10♥", "J♠", "K♦")]
        [1, 7, 10, 10, 10]
    """
    return melds.VALUES[_card(card).index]


def value_of(found: Iterable[cards.Card | str] | str) -> int:
    """Return the total value of cards as they are, none melded: a deadwood's count.

    For the least count a hand can make by melding, see
    :func:`~cardgames.gin_rummy._melds.deadwood`.

    Raises:
        CardParseError: If ``found`` is not cards (text or a sequence of cards and card texts).

    Example:
        >>> value_of("K♣ 2♠ 5♥ 6♥"), value_of([])
        (23, 0)
    """
    return sum(melds.VALUES[card.index] for card in cards.as_cards(found))


def run_order(suit: cards.Suit) -> tuple[cards.Card, ...]:
    """Return a suit's thirteen cards in the order runs follow, the ace low: A 2 3 … J Q K.

    Raises:
        RulesError: If ``suit`` is not a :class:`~cardgames.cards.Suit`.

    Example:
        >>> from cardgames import cards
        >>> print(cards.format_cards(run_order(cards.Suit.CLUBS)))
        A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣
    """
    if type(suit) is not cards.Suit:
        raise errors.RulesError(f"suit must be a cards.Suit, not {errors.quote(suit)}")
    return _RUN_ORDERS[suit]


_RUN_ORDERS: Final = {
    suit: tuple(
        sorted(
            (card for card in cards.CARDS if card.suit is suit),
            key=lambda card: 0 if card.rank is cards.Rank.ACE else int(card.rank),
        )
    )
    for suit in cards.Suit
}


def unseen(view: View) -> tuple[cards.Card, ...]:
    """Return the cards the seat has not seen in this hand, in card order.

    A seat sees its own cards, the discard pile (every card in it), the cards each player took
    from the pile and still holds, and whatever was laid out after a knock (melds, lay-offs and
    deadwood). The rest — the stock and the other's hidden cards — it has not seen. The card the
    knocker discarded face down is in no view, so it is listed here for both seats (the knocker
    may remember it). Before the first deal that is the whole pack; between hands, the cards the
    last hand left unseen.

    Raises:
        RulesError: If ``view`` is not a Gin Rummy view.

    Example:
        >>> from cardgames import gin_rummy
        >>> state = gin_rummy.apply(gin_rummy.new_game(seed=3), gin_rummy.Deal())
        >>> len(unseen(gin_rummy.view(state, 0)))  # 52 less 10 held and the upcard
        41
    """
    if type(view) is not View:
        raise errors.RulesError(
            f"expected a gin_rummy.View (from gin_rummy.view), not {errors.quote(view)}"
        )
    seen = cards.mask_of(view.hand) | cards.mask_of(view.pile)
    for held in view.known:
        seen |= cards.mask_of(held)
    if view.knocker_layout is not None:
        seen |= cards.mask_of(view.knocker_layout.deadwood)
        for meld in view.knocker_layout.melds:
            seen |= meld.mask
    if view.defence is not None:
        seen |= cards.mask_of(view.defence.deadwood)
        seen |= cards.mask_of(card for card, _ in view.defence.layoffs)
        for meld in view.defence.melds:
            seen |= meld.mask
    return tuple(cards.cards_in(cards.ALL_CARDS & ~seen))
