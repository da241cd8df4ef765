"""Card facts of Staekske Rape for bots and user interfaces, read from the rules the engine uses.

What a card is worth and how it ranks under a trump suit (rules 4-5), which card wins a trick
(rule 29), which cards a seat has not seen, and what kind of move a move is.

Example:
    >>> from cardgames import cards
    >>> heart = cards.Suit.HEARTS
    >>> card_points(cards.Card.parse("J♥"), heart), card_points(cards.Card.parse("J♣"), heart)
    (20, 1)
    >>> print(cards.format_cards(rank_order(heart, heart)))
    J♥ 9♥ A♥ K♥ Q♥ 10♥ 8♥ 7♥
    >>> print(winning_card("A♣ 7♥ K♣", trump=heart))
    7♥
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final

from cardgames import cards, errors, tricks, validators
from cardgames import moves as core_moves
from cardgames.moves import Deal, Play
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _scoring as scoring
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import (
    Bid,
    Concede,
    Discard,
    Look,
    Meld,
    Move,
    NameTrump,
    NoStock,
    Pass,
    Stoek,
    TakeStock,
)
from cardgames.staekske_rape._state import View

__all__ = [
    "PLAIN_ORDER",
    "TRUMP_ORDER",
    "MoveKind",
    "card_points",
    "kind_of",
    "rank_order",
    "trick_winner",
    "unseen",
    "winning_card",
]

TRUMP_ORDER: Final = (
    cards.Rank.JACK,
    cards.Rank.NINE,
    cards.Rank.ACE,
    cards.Rank.KING,
    cards.Rank.QUEEN,
    cards.Rank.TEN,
    cards.Rank.EIGHT,
    cards.Rank.SEVEN,
)
"""The ranks of the trump suit, highest first: J 9 A K Q 10 8 7 (rule 4)."""

PLAIN_ORDER: Final = (
    cards.Rank.ACE,
    cards.Rank.KING,
    cards.Rank.QUEEN,
    cards.Rank.JACK,
    cards.Rank.TEN,
    cards.Rank.NINE,
    cards.Rank.EIGHT,
    cards.Rank.SEVEN,
)
"""The ranks of the other suits, highest first: A K Q J 10 9 8 7 (rule 4)."""

_PACK_MASK: Final = cards.mask_of(play.PACK)

_SEATS: Final = 4
"""The seats that play to a trick (with five players the dealer sits out)."""


class MoveKind(enum.StrEnum, metaclass=validators.ExactLookup, what="kind of move"):
    """What kind of move a move is: the first word of its text.

    ``MoveKind("bid")`` is ``MoveKind.BID``; a value that names no kind raises
    :class:`~cardgames.errors.RulesError`.
    """

    DEAL = "deal"
    """The dealer deals the hand."""
    LOOK = "look"
    """A player looks at his cards (he may no longer bid blind)."""
    BID = "bid"
    """A bid in the auction, blind 2 included; the nanny's forced game, bid 1."""
    PASS = "pass"  # noqa: S105  # a move, not a password
    """A player drops out of the auction."""
    CONCEDE = "concede"
    """The nanny concedes the hand nobody else bid for (−10)."""
    TAKE_STOCK = "take stock"
    """The declarer takes the four stock cards."""
    NO_STOCK = "no stock"
    """The declarer plays without the stock, for double."""
    DISCARD = "discard"
    """The declarer lays four cards aside."""
    TRUMP = "trump"
    """The declarer names trumps."""
    MELD = "meld"
    """The declarer declares a meld (an announcement)."""
    STOEK = "stoek"
    """The declarer announces Stoek (an announcement)."""
    PLAY = "play"
    """A card played to a trick."""


_KIND_OF: Final = core_moves.kinds(
    {
        Deal: MoveKind.DEAL,
        Look: MoveKind.LOOK,
        Bid: MoveKind.BID,
        Pass: MoveKind.PASS,
        Concede: MoveKind.CONCEDE,
        TakeStock: MoveKind.TAKE_STOCK,
        NoStock: MoveKind.NO_STOCK,
        Discard: MoveKind.DISCARD,
        NameTrump: MoveKind.TRUMP,
        Meld: MoveKind.MELD,
        Stoek: MoveKind.STOEK,
        Play: MoveKind.PLAY,
    },
    Move,
    ABOUT.title,
)


def kind_of(move: Move) -> MoveKind:
    """Return the kind of a move.

    Raises:
        RulesError: If ``move`` is not a Staekske Rape move.

    Example:
        >>> from cardgames.staekske_rape import parse_move
        >>> [kind_of(parse_move(text)) for text in ("blind", "take stock", "meld J♣ J♠ J♥ J♦")]
        [<MoveKind.BID: 'bid'>, <MoveKind.TAKE_STOCK: 'take stock'>, <MoveKind.MELD: 'meld'>]
    """
    return _KIND_OF(move)


def _trump(trump: object) -> cards.Suit:
    """Return ``trump`` checked to be a Suit."""
    if type(trump) is not cards.Suit:
        raise errors.RulesError(f"trump must be a cards.Suit, not {errors.quote(trump)}")
    return trump


def _card(value: object, name: str = "card") -> cards.Card:
    """Return a card of the 32-card pack given as a Card or as text."""
    if not isinstance(value, cards.Card | str):
        raise errors.RulesError(
            f"{name} must be a card of the 32-card pack (a Card or text such as 'Q♥'), "
            f"not {errors.quote(value)}"
        )
    card = cards.Card.parse(value) if isinstance(value, str) else value
    if not _PACK_MASK >> card.index & 1:
        raise errors.RulesError(f"{card} is not in the Staekske Rape pack (A K Q J 10 9 8 7)")
    return card


def card_points(card: cards.Card | str, trump: cards.Suit) -> int:
    """Return what a card counts in tricks when ``trump`` is trumps (rule 5).

    Trumps: J 20, 9 14, A 11, 10 10, K 3, Q 2. Other suits: A 11, 10 10, K 3, Q 2, J 1.

    Args:
        card: A card of the 32-card pack, as a Card or text.
        trump: The trump suit.

    Raises:
        RulesError: If ``card`` is not a card of the 32-card pack or ``trump`` not a Suit.
        CardParseError: If text does not read as a card.

    Example:
        >>> from cardgames import cards
        >>> card_points("9♠", cards.Suit.SPADES), card_points("9♠", cards.Suit.HEARTS)
        (14, 0)
    """
    return scoring.POINTS[_trump(trump)][_card(card).index]


def rank_order(suit: cards.Suit, trump: cards.Suit) -> tuple[cards.Card, ...]:
    """Return the cards of ``suit``, strongest first, when ``trump`` is trumps (rule 4).

    Raises:
        RulesError: If ``suit`` or ``trump`` is not a Suit.

    Example:
        >>> from cardgames import cards
        >>> print(cards.format_cards(rank_order(cards.Suit.CLUBS, cards.Suit.HEARTS)))
        A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣
    """
    if type(suit) is not cards.Suit:
        raise errors.RulesError(f"suit must be a cards.Suit, not {errors.quote(suit)}")
    ranks = TRUMP_ORDER if suit == _trump(trump) else PLAIN_ORDER
    return tuple(cards.Card(rank, suit) for rank in ranks)


def winning_card(played: Iterable[cards.Card | str] | str, trump: cards.Suit) -> cards.Card:
    """Return the card that wins the cards played to a trick so far, the lead first (rule 29).

    The highest trump; without a trump, the highest card of the suit led.

    Args:
        played: One to four different cards of the pack, as cards or text, in the order played.
        trump: The trump suit.

    Raises:
        RulesError: If ``played`` is not one to four different cards of the 32-card pack, or
            ``trump`` not a Suit.
        CardParseError: If text does not read as cards.

    Example:
        >>> from cardgames import cards
        >>> print(winning_card("10♦ A♦ 7♠", trump=cards.Suit.HEARTS))
        A♦
    """
    ranking = play.RANKINGS[_trump(trump)]
    if isinstance(played, Mapping) or not isinstance(played, str | Iterable):
        raise errors.RulesError(
            f"played must be cards (text such as 'Q♥ 10♣' or a sequence of cards), "
            f"not {errors.quote(played)}"
        )
    trick = [_card(card, "a card played") for card in cards.as_cards(played)]
    if not 1 <= len(trick) <= _SEATS or len(set(trick)) != len(trick):
        shown = errors.quote(cards.format_cards(trick))
        raise errors.RulesError(f"a trick holds one to four different cards, not {shown}")
    return trick[tricks.best([card.index for card in trick], ranking)]


def trick_winner(trick: tricks.Trick, trump: cards.Suit) -> int:
    """Return the seat that wins a trick, or is winning it while it is being played.

    Args:
        trick: A trick as a view shows it (``view.trick`` or one of ``view.tricks``).
        trump: The trump suit (``view.trump``).

    Raises:
        RulesError: If ``trick`` is not a :class:`~cardgames.tricks.Trick` of one to four plays
            by different seats of different cards of the pack, or ``trump`` not a Suit.

    Example:
        >>> from cardgames import cards, tricks
        >>> trick = tricks.Trick(((1, cards.Card.parse("K♣")), (2, cards.Card.parse("A♣"))))
        >>> trick_winner(trick, cards.Suit.HEARTS)
        2
    """
    plays = _plays(trick)
    if plays is None:
        raise errors.RulesError(
            "expected a tricks.Trick of plays by different seats (view.trick or one of "
            f"view.tricks), not {errors.quote(trick)}"
        )
    card = winning_card([played for _, played in plays], trump)
    return next(seat for seat, played in plays if played == card)


def _plays(trick: object) -> list[tuple[int, Any]] | None:
    """Return the (seat, card) plays of a Trick by different seats, or None for anything else."""
    plays: object = trick.plays if type(trick) is tricks.Trick else None
    if not isinstance(plays, tuple):
        return None
    found = []
    for pair in plays:
        if not (isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is int):
            return None
        found.append((pair[0], pair[1]))
    return found if len({seat for seat, _ in found}) == len(found) else None


def unseen(view: View) -> tuple[cards.Card, ...]:
    """Return the cards of the pack whose place the seat of ``view`` does not know, in card order.

    Every card except its own hand (once looked at), the cards played face up in this hand's
    tricks (or, between hands, the last hand's), the declared melds and the trump K and Q once
    Stoek is announced (the declarer holds them), and the cards it laid aside as declarer. The
    others' hands, the stock and another declarer's discards stay unseen.

    Raises:
        RulesError: If ``view`` is not a Staekske Rape view.

    Example:
        >>> from cardgames import staekske_rape
        >>> state = staekske_rape.new_game(seed=4, first_dealer=0)
        >>> state = staekske_rape.apply(state, staekske_rape.Deal())
        >>> len(unseen(staekske_rape.view(state, 1)))  # seat 1 has not looked yet
        32
        >>> state = staekske_rape.apply(state, staekske_rape.LOOK)
        >>> len(unseen(staekske_rape.view(state, 1)))
        25
    """
    if type(view) is not View:
        raise errors.RulesError(
            f"expected a staekske_rape.View (from staekske_rape.view), not {errors.quote(view)}"
        )
    seen = cards.mask_of(view.hand or ()) | cards.mask_of(view.discards or ())
    for trick in (*view.tricks, *([view.trick] if view.trick is not None else [])):
        seen |= cards.mask_of(trick.cards)
    for meld in view.melds:
        seen |= meld.mask
    if view.stoek and view.trump is not None:
        seen |= melds.stoek_mask(view.trump)
    return tuple(cards.cards_in(_PACK_MASK & ~seen))
