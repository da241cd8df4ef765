"""Card facts of Mariage for bots and user interfaces: card power, tricks, unseen cards, moves.

Everything here is public knowledge. Mariage counts tricks, not card points: no card has a value
of its own, and the cards that are worth chips are those of the pools II–V (:attr:`Pool.cards
<cardgames.mariage.Pool.cards>`: K♥, Q♥ and the jester J♦). What a bot needs is how the cards
rank for a trump (:func:`~cardgames.mariage.trump_order`,
:func:`~cardgames.mariage.plain_order`), who wins a trick so far
(:func:`~cardgames.mariage.trick_winner`, the marriage on the table included), the point a hand
holds (:func:`~cardgames.mariage.point_in`), which cards a seat has not seen
(:func:`~cardgames.mariage.unseen`) and what kind of move a move is
(:func:`~cardgames.mariage.kind_of`).

Example:
    E2: trump ♣; seat 0 leads 9♠, seat 1 plays K♠ and seat 4 must play Q♠ at once: the
    marriage on the table freezes the trick, and seat 2's A♠ comes too late.

    >>> from cardgames import cards, mariage, tricks
    >>> print(cards.format_cards(mariage.trump_order(cards.Suit.CLUBS)))
    Q♥ K♥ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣
    >>> played = zip((0, 1, 4, 2), cards.parse_cards("9♠ K♠ Q♠ A♠"))
    >>> mariage.trick_winner(tricks.Trick(tuple(played)), cards.Suit.CLUBS)
    1
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from cardgames import cards, errors, tricks, validators
from cardgames import moves as core_moves
from cardgames.mariage import _claims as claims
from cardgames.mariage import _deals as deals
from cardgames.mariage import _play as play
from cardgames.mariage._about import ABOUT
from cardgames.mariage._moves import Claim, DealOutOfTurn, Decline, Misdeal, Move, Pass
from cardgames.mariage._rules import PLAYER_COUNTS, Rules
from cardgames.mariage._state import View

__all__ = [
    "MoveKind",
    "kind_of",
    "plain_order",
    "point_in",
    "trick_winner",
    "trump_order",
    "unseen",
]


class MoveKind(enum.StrEnum, metaclass=validators.ExactLookup, what="kind of move"):
    """What kind of move a Mariage move is: see :func:`kind_of`.

    ``MoveKind("claim")`` is ``MoveKind.CLAIM``; a value that names no kind raises
    :class:`~cardgames.errors.RulesError`.
    """

    DEAL = "deal"
    """The dealer deals (:class:`~cardgames.moves.Deal`)."""
    CLAIM = "claim"
    """A player claims one of the pools I–V, showing its cards (:class:`Claim`)."""
    PASS = "pass"  # noqa: S105  # the move, not a password
    """A player ends his claims (:class:`~cardgames.moves.Pass`)."""
    DECLINE = "decline"
    """A player declines to play a queen on her king, and pays for it (:class:`Decline`)."""
    PLAY = "play"
    """A player plays a card to the trick (:class:`~cardgames.moves.Play`)."""
    MISDEAL = "misdeal"
    """A recorded table event: the dealer misdealt (:class:`Misdeal`)."""
    DEAL_OUT_OF_TURN = "deal out of turn"
    """A recorded table event: a player dealt out of turn (:class:`DealOutOfTurn`)."""


_KIND_OF: Final = core_moves.kinds(
    {
        core_moves.Deal: MoveKind.DEAL,
        Claim: MoveKind.CLAIM,
        Pass: MoveKind.PASS,
        Decline: MoveKind.DECLINE,
        core_moves.Play: MoveKind.PLAY,
        Misdeal: MoveKind.MISDEAL,
        DealOutOfTurn: MoveKind.DEAL_OUT_OF_TURN,
    },
    Move,
    ABOUT.title,
)


def kind_of(move: Move) -> MoveKind:
    """Return what kind of move ``move`` is: a deal, a claim, a pass, a play, a decline.

    Raises:
        RulesError: If ``move`` is not a Mariage move.

    Example:
        >>> from cardgames import mariage
        >>> [kind_of(mariage.parse_move(text)).value for text in ("claim king", "qh", "misdeal")]
        ['claim', 'play', 'misdeal']
    """
    return _KIND_OF(move)


def _suit(value: object, name: str) -> cards.Suit:
    """Return an argument checked to be a :class:`~cardgames.cards.Suit`."""
    if type(value) is not cards.Suit:
        raise errors.RulesError(
            f"{name} must be a cards.Suit (the trump is view.trump.suit), not {errors.quote(value)}"
        )
    return value


def _pack(rules: object, players: object) -> tuple[Rules, tuple[cards.Card, ...]]:
    """Return the rules (the defaults for None) and the pack of a session, both checked."""
    checked = ABOUT.check_rules(rules)
    count = ABOUT.check_players(players, none_is_usual=False)
    return checked, deals.pack_of(checked.pack_size(count))


def _by_power(found: Iterable[cards.Card], power: tuple[int, ...]) -> tuple[cards.Card, ...]:
    """Return the cards strongest first, by a row of a ranking's powers."""
    return tuple(sorted(found, key=lambda card: -power[card.index]))


def trump_order(
    trump: cards.Suit, rules: Rules | None = None, players: int = 6
) -> tuple[cards.Card, ...]:
    """Return the cards that beat every plain card, strongest first: K♥ and Q♥, then the trumps.

    Q♥ and K♥ (in the order of ``Rules.top_royal``) beat every trump (rules 18, 19); the
    trumps follow in natural order, ace high. The cards are those of the pack of a session of
    ``players`` (36 or 52 cards).

    Args:
        trump: The trump suit (``view.trump.suit``).
        rules: The options; None for the defaults.
        players: The number of seats, which sets the pack.

    Raises:
        RulesError: If ``trump`` is not a suit, ``rules`` not Mariage's (or None) or ``players``
            not 5 to 10 (None included).

    Example:
        >>> from cardgames import mariage
        >>> print(cards.format_cards(trump_order(cards.Suit.HEARTS, mariage.Rules(top_royal="K"))))
        K♥ Q♥ A♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥
    """
    trump = _suit(trump, "trump")
    checked, pack = _pack(rules, players)
    ranking = play.ranking(checked, trump)
    return _by_power(
        (card for card in pack if ranking.trump_mask >> card.index & 1),
        ranking.power[trump],
    )


def plain_order(
    suit: cards.Suit, trump: cards.Suit, rules: Rules | None = None, players: int = 6
) -> tuple[cards.Card, ...]:
    """Return the cards of a plain suit strongest first, as they rank when it is led.

    Natural order, ace high (rule 19); K♥ and Q♥ are left out of the hearts, for they beat the
    trumps (:func:`trump_order`). A card of a plain suit wins only when its suit is led.

    Args:
        suit: The suit led, not trumps.
        trump: The trump suit.
        rules: The options; None for the defaults.
        players: The number of seats, which sets the pack.

    Raises:
        RulesError: If ``suit`` or ``trump`` is not a suit, ``suit`` is trumps, ``rules`` not
            Mariage's (or None) or ``players`` not 5 to 10 (None included).

    Example:
        >>> print(cards.format_cards(plain_order(cards.Suit.HEARTS, cards.Suit.CLUBS)))
        A♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥
    """
    suit = _suit(suit, "suit")
    trump = _suit(trump, "trump")
    if suit is trump:
        raise errors.RulesError(f"{suit.symbol} is trumps: trump_order lists them")
    checked, pack = _pack(rules, players)
    ranking = play.ranking(checked, trump)
    return _by_power(
        (card for card in pack if card.suit is suit and not ranking.trump_mask >> card.index & 1),
        ranking.power[suit],
    )


_MOST_PLAYS: Final = max(PLAYER_COUNTS)


def _plays(trick: object) -> tuple[tuple[int, cards.Card], ...]:
    """Return the plays of a trick, checked: 1 to 10 cards, each once, by seats 0 to 9."""
    plays = getattr(trick, "plays", None) if type(trick) is tricks.Trick else None
    if (
        not isinstance(plays, tuple)
        or not 1 <= len(plays) <= _MOST_PLAYS
        or not all(
            isinstance(pair, tuple)
            and len(pair) == 2  # a (seat, card) pair
            and type(pair[0]) is int
            and 0 <= pair[0] < _MOST_PLAYS
            and isinstance(pair[1], cards.Card)
            for pair in plays
        )
        or len({card for _, card in plays}) != len(plays)
    ):
        raise errors.RulesError(
            "trick must be a cardgames.tricks.Trick of 1 to 10 (seat, card) plays, each card once "
            f"(view.trick), not {errors.quote(trick)}"
        )
    return plays


def trick_winner(
    trick: tricks.Trick,
    trump: cards.Suit,
    rules: Rules | None = None,
    *,
    declined: Iterable[cards.Suit] = (),
) -> int:
    """Return the seat that wins the trick as it stands: finished, or with more cards to come.

    Rules 25 and 26: the best card wins (Q♥, K♥, the highest trump, the highest card of the
    suit led), but once a king and his queen are played one after the other (a marriage on the
    table) no later card can win: the best card up to the queen takes the trick
    (``marriage_trick_rule="freeze"``), or the king's player (``"king_wins"``).

    Args:
        trick: The cards played so far, in order (``view.trick``, or a trick of ``view.tricks``).
        trump: The trump suit (``view.trump.suit``).
        rules: The options; None for the defaults.
        declined: The suits whose queen was declined on her king in this trick
            (``view.queens_declined``): their king and queen make no marriage.

    Raises:
        RulesError: If ``trick`` is not a trick of 1 to 10 cards, ``trump`` or a declined suit
            not a suit, or ``rules`` not Mariage's.

    Example:
        E2b: the A♠ led keeps the trick that the marriage K♠ Q♠ freezes.

        >>> from cardgames import tricks
        >>> played = tricks.Trick(tuple(zip(range(4), cards.parse_cards("A♠ K♠ Q♠ 7♣"))))
        >>> trick_winner(played, cards.Suit.CLUBS)
        0
    """
    plays = _plays(trick)
    trump = _suit(trump, "trump")
    checked = ABOUT.check_rules(rules)
    if not _suits(declined):
        raise errors.RulesError(
            f"declined must be a sequence of cards.Suit, not {errors.quote(declined)}"
        )
    mask = 0
    for suit in declined:
        mask |= 1 << _suit(suit, "each declined suit")
    played = [card.index for _, card in plays]
    place = play.trick_winner(played, play.ranking(checked, trump), checked, declined=mask)
    return plays[place][0]


def _suits(value: object) -> bool:
    """Return whether ``value`` may be a sequence of suits: an iterable, not text."""
    return isinstance(value, Iterable) and not isinstance(value, str)


def point_in(hand: Iterable[cards.Card | str] | str) -> tuple[cards.Card, ...]:
    """Return the point a hand holds for pool I: its longest sequence of 3 to 5 cards of a suit.

    A sequence is unbroken in natural rank, ace high only (rule 13). Between sequences of equal
    length the higher is returned (a hand of five holds at most one). Empty if there is none.

    Raises:
        CardParseError: If ``hand`` is not cards (text, or a sequence of cards and card texts).

    Example:
        >>> print(cards.format_cards(point_in("10♠ 8♠ 9♠ J♠ 6♥")))
        8♠ 9♠ 10♠ J♠
        >>> point_in("A♥ 2♥ 3♥")
        ()
    """
    return tuple(cards.cards_in(claims.sequence_in(cards.mask_of(cards.as_cards(hand)))))


def unseen(view: View) -> tuple[cards.Card, ...]:
    """Return the cards of the pack the seat has not seen in this deal, in card order.

    A seat sees its own cards, the card turned up for trump, the cards shown with the claims
    (a point, K♥, Q♥, the jester) and every card played to a trick. The rest — the other
    players' cards and those left undealt — it has not seen. Before the first deal that is the
    whole pack; between deals, what the last deal left unseen.

    Raises:
        RulesError: If ``view`` is not a Mariage view.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.apply(mariage.new_game(seed=3, players=6), mariage.Deal())
        >>> seen = mariage.view(state, 0)
        >>> len(unseen(seen)) <= 36 - 5 - 1  # not the hand, nor the trump card
        True
    """
    if type(view) is not View:
        raise errors.RulesError(
            f"expected a mariage.View (from mariage.view), not {errors.quote(view)}"
        )
    seen = cards.mask_of(view.hand)
    if view.trump is not None:
        seen |= view.trump.mask
    for _, made in view.claims:
        seen |= made.mask
    done = view.tricks if view.trick is None else (*view.tricks, view.trick)
    for trick in done:
        seen |= cards.mask_of(trick.cards)
    pack = deals.pack_of(view.rules.pack_size(view.players))
    return tuple(card for card in pack if not seen >> card.index & 1)
