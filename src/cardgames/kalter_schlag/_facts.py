"""Card facts of Kalter Schlag for bots and user interfaces: points, rank orders, tricks, moves.

Everything here is public knowledge: the card points (rule 5), the order of the trumps (the four
jacks, rule 3) and of the plain suits (rule 4, by ``plain_rank_order``), which card wins a trick
so far (rule 12), which cards a seat has not seen, and what kind of move a move is.

Example:
    >>> from cardgames import cards, kalter_schlag
    >>> kalter_schlag.card_points(cards.Card.parse("A♠")), kalter_schlag.points_in("J♣ 10♥ 7♦")
    (11, 12)
    >>> print(cards.format_cards(kalter_schlag.rank_order(cards.Suit.HEARTS)))
    A♥ 10♥ K♥ Q♥ 9♥ 8♥ 7♥
    >>> print(kalter_schlag.winning_card("Q♣ A♣ 7♦"))  # the 7♦ does not follow: the A♣ wins
    A♣
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Iterable
from typing import Final

from cardgames import cards, errors, tricks, validators
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _engine as engine
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._moves import Double, Move
from cardgames.kalter_schlag._rules import Rules
from cardgames.kalter_schlag._state import PLAYERS, RANKINGS, View

__all__ = [
    "TRUMPS",
    "MoveKind",
    "card_points",
    "kind_of",
    "points_in",
    "rank_order",
    "suit_of",
    "trick_winner",
    "unseen",
    "winning_card",
]


TRUMPS: Final = cards.parse_cards("J♣ J♠ J♥ J♦")
"""The trumps, high to low: the four jacks and nothing else (rule 3)."""

_PACK_MASK: Final = cards.mask_of(engine.PACK)


class MoveKind(enum.StrEnum, metaclass=validators.ExactLookup, what="kind of move"):
    """What kind of move a Kalter Schlag move is: see :func:`kind_of`.

    ``MoveKind("play")`` is ``MoveKind.PLAY``; a value that names no kind raises
    :class:`~cardgames.errors.RulesError`.
    """

    DEAL = "deal"
    """The dealer deals the hand (:class:`~cardgames.moves.Deal`)."""
    DOUBLE = "double"
    """A player doubles the hand's score in the first trick (:class:`Double`)."""
    PLAY = "play"
    """A player plays a card to the trick (:class:`~cardgames.moves.Play`)."""


_KIND_OF: Final = core_moves.kinds(
    {
        core_moves.Deal: MoveKind.DEAL,
        Double: MoveKind.DOUBLE,
        core_moves.Play: MoveKind.PLAY,
    },
    Move,
    ABOUT.title,
)


def kind_of(move: Move) -> MoveKind:
    """Return what kind of move ``move`` is: a deal, a double or a play.

    Raises:
        RulesError: If ``move`` is not a Kalter Schlag move.

    Example:
        >>> from cardgames import kalter_schlag
        >>> [kind_of(move).value for move in (kalter_schlag.Deal(), kalter_schlag.DOUBLE)]
        ['deal', 'double']
    """
    return _KIND_OF(move)


def _card(value: object, name: str = "card") -> cards.Card:
    """Return a card of the pack given as a Card or as text."""
    if not isinstance(value, cards.Card | str):
        raise errors.RulesError(
            f"{name} must be a card of the 32-card pack (a Card or text such as 'Q♥'), "
            f"not {errors.quote(value)}"
        )
    card = cards.Card.parse(value) if isinstance(value, str) else value
    _check_in_pack(card)
    return card


def _check_in_pack(card: cards.Card) -> None:
    """Raise RulesError if ``card`` is not in Kalter Schlag's 32-card pack."""
    if not _PACK_MASK >> card.index & 1:
        raise errors.RulesError(f"{card} is not in Kalter Schlag's 32-card pack (A to 7)")


def _cards(value: object, name: str) -> tuple[cards.Card, ...]:
    """Return cards of the pack given as cards or text."""
    if isinstance(value, str) or (isinstance(value, Iterable) and not isinstance(value, dict)):
        found = cards.as_cards(value)  # as_cards checks the items
        for card in found:
            _check_in_pack(card)
        return found
    raise errors.RulesError(
        f"{name} must be cards (text such as 'Q♥ 10♣' or a sequence of cards), "
        f"not {errors.quote(value)}"
    )


def card_points(card: cards.Card | str) -> int:
    """Return a card's points: ace 11, ten 10, king 4, queen 3, jack 2, others 0 (rule 5).

    Raises:
        RulesError: If ``card`` is not a card of the 32-card pack.
        CardParseError: If text does not read as a card.

    Example:
        >>> [card_points(text) for text in ("A♣", "10♦", "K♥", "Q♠", "J♣", "9♥")]
        [11, 10, 4, 3, 2, 0]
    """
    return scoring.POINTS[_card(card).index]


def points_in(played: Iterable[cards.Card | str] | str) -> int:
    """Return the card points of several cards: a trick, a hand, the cards a seat took.

    Raises:
        RulesError: If ``played`` is not cards of the pack (a card twice is counted twice).
        CardParseError: If text does not read as cards.

    Example:
        >>> points_in("A♣ 10♣ K♣ Q♣ J♣ 9♣ 8♣ 7♣")
        30
    """
    return sum(scoring.POINTS[card.index] for card in _cards(played, "played"))


def suit_of(card: cards.Card | str) -> cards.Suit | None:
    """Return the suit a card follows as: its own suit, or None for a jack (a trump, rule 3).

    Raises:
        RulesError: If ``card`` is not a card of the 32-card pack.
        CardParseError: If text does not read as a card.

    Example:
        >>> suit_of("Q♣"), suit_of("J♣")
        (<Suit.CLUBS: 0>, None)
    """
    checked = _card(card)
    return None if checked.rank == cards.Rank.JACK else checked.suit


def _rules(rules: object) -> Rules:
    """Return a ``rules`` argument checked to be Kalter Schlag's; the defaults for None."""
    return ABOUT.check_rules(rules)


def rank_order(
    suit: cards.Suit | None = None, rules: Rules | None = None
) -> tuple[cards.Card, ...]:
    """Return the cards of a following suit, high to low: the trumps, or a plain suit.

    Args:
        suit: A plain suit, or None for the trumps (the jacks J♣ J♠ J♥ J♦, whatever the rules).
        rules: The match's options: ``plain_rank_order`` orders the plain suits (rule 4). None
            for the defaults (A 10 K Q 9 8 7).

    Raises:
        RulesError: If ``suit`` is neither a :class:`~cardgames.cards.Suit` nor None, or
            ``rules`` is not Kalter Schlag's.

    Example:
        >>> from cardgames import cards, kalter_schlag
        >>> natural = kalter_schlag.Rules(plain_rank_order="natural")
        >>> print(cards.format_cards(rank_order(cards.Suit.CLUBS, natural)))
        A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♣
        >>> print(cards.format_cards(rank_order()))
        J♣ J♠ J♥ J♦
    """
    checked = _rules(rules)
    if suit is None:
        return TRUMPS
    if type(suit) is not cards.Suit:
        raise errors.RulesError(
            f"suit must be a cards.Suit, or None for the trumps, not {errors.quote(suit)}"
        )
    ranking = RANKINGS[checked.plain_rank_order]
    members = cards.cards_in(ranking.suit_masks[int(suit)])
    return tuple(sorted(members, key=lambda card: -ranking.power[int(suit)][card.index]))


def winning_card(
    played: Iterable[cards.Card | str] | str, rules: Rules | None = None
) -> cards.Card:
    """Return the card that wins a trick so far: the cards in the order played, the lead first.

    The highest jack wins; with no jack in the trick, the highest card of the suit led (rule 12).

    Args:
        played: One to four different cards of the pack, as cards or text.
        rules: The match's options (``plain_rank_order``); None for the defaults.

    Raises:
        RulesError: If ``played`` is not one to four different cards of the pack, or ``rules``
            is not Kalter Schlag's.
        CardParseError: If text does not read as cards.

    Example:
        >>> print(winning_card("K♣ 10♣"), winning_card("K♣ 10♣ J♦"))
        10♣ J♦
    """
    checked = _rules(rules)
    found = _cards(played, "played")
    if not 1 <= len(found) <= PLAYERS or len(set(found)) != len(found):
        raise errors.RulesError(
            "a trick holds one to four different cards, "
            f"not {errors.quote(cards.format_cards(found))}"
        )
    ranking = RANKINGS[checked.plain_rank_order]
    return found[tricks.best([card.index for card in found], ranking)]


def trick_winner(trick: tricks.Trick, rules: Rules | None = None) -> int:
    """Return the seat whose card wins a trick so far (a finished or a partial one).

    Args:
        trick: The trick, as a view shows it (``view.trick`` or one of ``view.tricks``).
        rules: The match's options (``view.rules``); None for the defaults.

    Raises:
        RulesError: If ``trick`` is not a :class:`~cardgames.tricks.Trick` of one to four plays
            by different seats of different cards of the pack, or ``rules`` is not Kalter
            Schlag's.

    Example:
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.new_game(seed=3, first_dealer=0)
        >>> state = kalter_schlag.apply(state, kalter_schlag.Deal())
        >>> for _ in range(3):  # the last legal card, three times
        ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
        >>> view = kalter_schlag.view(state, 0)
        >>> print(view.trick, "→", trick_winner(view.trick, view.rules))
        1:K♦ 2:A♦ 3:8♦ → 2
    """
    given: object = trick  # callers may pass anything
    plays = given.plays if isinstance(given, tricks.Trick) else None
    if not _pairs(plays) or len({seat for seat, _ in plays}) != len(plays):
        raise errors.RulesError(
            "trick must be a tricks.Trick of one to four plays (seat, card) by different seats, "
            f"not {errors.quote(trick)}"
        )
    played = [card for _, card in plays]
    return plays[played.index(winning_card(played, rules))][0]


def _pairs(plays: object) -> typing.TypeGuard[tuple[tuple[int, cards.Card], ...]]:
    """Return whether ``plays`` is a tuple of one to four ``(seat, Card)`` pairs."""
    return (
        isinstance(plays, tuple)
        and 1 <= len(plays) <= PLAYERS
        and all(
            isinstance(play, tuple)
            and len(play) == 2  # a pair
            and type(play[0]) is int
            and 0 <= play[0] < PLAYERS
            and isinstance(play[1], cards.Card)
            for play in plays
        )
    )


def unseen(view: View) -> tuple[cards.Card, ...]:
    """Return the cards of the pack the seat has not seen, in card order.

    A seat sees its own cards and every card played face up in this hand; the others' cards
    are all it has not seen (every card is dealt). Before the first deal that is the whole
    pack; once a hand is played out, nothing.

    Raises:
        RulesError: If ``view`` is not a Kalter Schlag view.

    Example:
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.apply(kalter_schlag.new_game(seed=3), kalter_schlag.Deal())
        >>> len(unseen(kalter_schlag.view(state, 0)))
        24
    """
    if type(view) is not View:
        raise errors.RulesError(
            f"expected a kalter_schlag.View (from kalter_schlag.view), not {errors.quote(view)}"
        )
    seen = cards.mask_of(view.hand)
    for trick in view.tricks:
        seen |= cards.mask_of(trick.cards)
    if view.trick is not None:
        seen |= cards.mask_of(view.trick.cards)
    return tuple(cards.cards_in(_PACK_MASK & ~seen))
