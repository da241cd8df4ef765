"""Trick-taking machinery shared by the trick games.

A game describes how its cards follow and win once, as a :class:`Ranking`: the suit each card
belongs to for following (Kalter Schlag puts the jacks in a suit of their own), which suit is
trumps, which cards beat even the trumps (Mariage's Q♥ and K♥), and each card's strength. The
functions here then answer the questions every trick asks, on bit sets of card indices (see
:mod:`cardgames.cards`) so that they stay cheap inside a simulation:

* :func:`follow` — the cards a hand may play to a trick under follow-suit (and must-trump) rules;
* :func:`best` — which card in a trick wins it;
* :class:`Trick` — a finished or unfinished trick as a public value.

Example:
    Skat-like ranking with a fifth suit for the jacks, which are trumps:

    >>> from cardgames import cards, tricks
    >>> JACKS = 4
    >>> ranking = tricks.Ranking.build(
    ...     cards.pack(32),
    ...     suit_of=lambda card: JACKS if card.rank == cards.Rank.JACK else int(card.suit),
    ...     strength=lambda card: int(card.rank) + 10 * (4 - int(card.suit)) * (card.rank == 11),
    ...     trump=JACKS,
    ... )
    >>> trick = [cards.Card.parse(text).index for text in ("Q♣", "A♣", "J♦", "7♣")]
    >>> tricks.best(trick, ranking)  # the jack, played third
    2
    >>> hand = cards.mask_of(cards.parse_cards("8♣ J♣ A♥"))
    >>> print(cards.format_cards(cards.cards_in(tricks.follow(hand, trick[0], ranking))))
    8♣
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attrs

from cardgames import cards, errors

__all__ = ["SUITS", "Ranking", "Trick", "best", "follow"]

SUITS: Final = 5
"""How many following suits a ranking may use, the four printed suits (ids 0–3) and one more (4)."""

_TRUMP_TIER: Final = 1 << 8
_OVER_TRUMP_TIER: Final = 1 << 9


@attrs.frozen
class Ranking:
    """How a game's cards follow and win, as tables indexed by card index.

    Build one with :meth:`build`; games build theirs once per set of rules and trump suit.

    Attributes:
        suit_of: For each of the 52 card indices, the suit it follows as (0–4; -1 if not in the
            pack).
        suit_masks: For each following suit, the bit set of its cards.
        trump: The following suit that is trumps, or None.
        trump_mask: The bit set of the trumps and of the cards that beat them.
        power: ``power[led_suit][card]``: how strongly the card plays to a trick whose led card
            is of ``led_suit``; 0 means it cannot win.
        follows: For each of the 52 card indices, the bit set of the cards that follow it when
            it is led: its following suit's (0 if not in the pack). Derived from the two
            tables above, so that :func:`follow` is one look-up.
    """

    suit_of: tuple[int, ...]
    suit_masks: tuple[int, ...]
    trump: int | None
    trump_mask: int
    power: tuple[tuple[int, ...], ...]
    follows: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    @follows.default
    def _follows(self) -> tuple[int, ...]:
        """Return the bit set of each card's following suit, by card index.

        Empty for tables :meth:`build` never makes, which :func:`follow` then refuses to read.
        """
        try:
            return tuple(self.suit_masks[suit] if suit >= 0 else 0 for suit in self.suit_of)
        except (IndexError, KeyError, TypeError):
            return ()

    @classmethod
    def build(
        cls,
        pack: Sequence[cards.Card],
        *,
        suit_of: Callable[[cards.Card], int],
        strength: Callable[[cards.Card], int],
        trump: int | None = None,
        over_trumps: Sequence[cards.Card] = (),
    ) -> Ranking:
        """Compute the tables of a ranking.

        Args:
            pack: The game's cards.
            suit_of: The suit a card follows as: ``int(card.suit)``, or 4 for a suit of the
                game's own (such as jacks).
            strength: A card's strength within its following suit, 1 to 255: higher wins.
            trump: The following suit that is trumps, or None for a game without trumps.
            over_trumps: Cards that beat every trump, strongest first. They still follow as
                ``suit_of`` says, and count as trumps for a must-trump duty.

        Raises:
            CardParseError: If ``pack`` or ``over_trumps`` holds anything but cards.
            RulesError: If ``suit_of`` or ``strength`` is not callable or gives a value out of
                its range for a card, or ``trump`` is not a following suit or None.
        """
        pack = cards.as_cards(pack)
        over_trumps = cards.as_cards(over_trumps)
        if trump is not None and not _whole(trump, 0, SUITS - 1):
            raise errors.RulesError(
                f"trump must be a following suit from 0 to {SUITS - 1} or None, "
                f"not {errors.quote(trump)}"
            )
        suits = [-1] * len(cards.CARDS)
        masks = [0] * SUITS
        strengths = [0] * len(cards.CARDS)
        for card in pack:
            suits[card.index] = _ask(suit_of, card, "suit_of", 0, SUITS - 1)
            masks[suits[card.index]] |= card.mask
            strengths[card.index] = _ask(strength, card, "strength", 1, _TRUMP_TIER - 1)
        boss = {card.index: len(over_trumps) - place for place, card in enumerate(over_trumps)}
        trump_mask = (masks[trump] if trump is not None else 0) | cards.mask_of(over_trumps)
        power = tuple(
            tuple(
                _OVER_TRUMP_TIER + boss[index]
                if index in boss
                else _TRUMP_TIER + strengths[index]
                if suits[index] == trump and trump is not None
                else strengths[index]
                if suits[index] == led >= 0
                else 0
                for index in range(len(cards.CARDS))
            )
            for led in range(SUITS)
        )
        return cls(tuple(suits), tuple(masks), trump, trump_mask, power)


def _whole(value: object, low: int, high: int) -> bool:
    """Return whether ``value`` is an int (not a bool) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def _ask(rule: object, card: cards.Card, name: str, low: int, high: int) -> int:
    """Return ``rule(card)``, checked to be a whole number from ``low`` to ``high``."""
    if not callable(rule):
        raise errors.RulesError(f"{name} must be a function of a card, not {errors.quote(rule)}")
    value = rule(card)
    if not _whole(value, low, high):
        raise errors.RulesError(
            f"{name}({card}) must be a whole number from {low} to {high}, not {errors.quote(value)}"
        )
    return value  # type: ignore[no-any-return]  # checked to be an int


def follow(
    hand: int,
    led: int,
    ranking: Ranking,
    *,
    must_trump: bool = False,
    trumps: int | None = None,
) -> int:
    """Return the bit set of the cards in ``hand`` that may be played to a trick led with ``led``.

    Cards of the led card's following suit if the hand has any; otherwise, with ``must_trump``,
    the trumps if it has any; otherwise the whole hand. Every trick game's rule of what may be
    played is this function with the game's ranking, and a game's own exceptions around it.

    It runs for every card of every simulation, so a call is a look-up in
    :attr:`Ranking.follows` and an ``&``; its arguments are checked on the way at little cost.

    Args:
        hand: The bit set of the player's cards.
        led: The index of the card led to the trick.
        ranking: The game's ranking.
        must_trump: Whether a player void in the led suit must play a trump if he can.
        trumps: The bit set of the cards that count as trumps for ``must_trump``; None for the
            ranking's ``trump_mask`` (its trumps and the cards that beat them).

    Raises:
        RulesError: If ``hand`` is not a bit set of cards, ``led`` not the index of a card of the
            ranking's pack, ``ranking`` not a :class:`Ranking`, ``must_trump`` not a bool or
            ``trumps`` neither a bit set of cards nor None.

    Example:
        Mariage's duty when void, without the two royals that beat the trumps:

        >>> from cardgames import cards, mariage, tricks
        >>> spades = tricks.Ranking.build(
        ...     mariage.PACKS[36],
        ...     suit_of=lambda card: int(card.suit),
        ...     strength=lambda card: int(card.rank),
        ...     trump=int(cards.Suit.SPADES),
        ...     over_trumps=cards.parse_cards("Q♥ K♥"),
        ... )
        >>> hand = cards.mask_of(cards.parse_cards("Q♥ 7♠ 8♦"))
        >>> led = cards.Card.parse("A♣").index
        >>> print(cards.format_cards(cards.cards_in(tricks.follow(hand, led, spades))))
        7♠ Q♥ 8♦
        >>> shown = tricks.follow(hand, led, spades, must_trump=True)
        >>> print(cards.format_cards(cards.cards_in(shown)))
        7♠ Q♥
        >>> plain = spades.suit_masks[cards.Suit.SPADES]
        >>> shown = tricks.follow(hand, led, spades, must_trump=True, trumps=plain)
        >>> print(cards.format_cards(cards.cards_in(shown)))
        7♠
    """
    # The checks ride on the look-up: a card of the pack follows a suit that holds it (0 for
    # another), and a bit set of cards has no bit from 52 up (a negative int has them all).
    try:
        suit = ranking.follows[led]
        if suit and led >= 0 and not hand >> _CARD_BITS:
            same = hand & suit
            if same:
                if must_trump is False or must_trump is True:
                    return same
            elif must_trump is False:
                return hand
            elif must_trump is True:
                if trumps is None:
                    return hand & ranking.trump_mask or hand
                if type(trumps) is int and not trumps >> _CARD_BITS:
                    return hand & trumps or hand
    except (AttributeError, IndexError, TypeError):
        pass
    if trumps is None:
        raise errors.RulesError(
            "follow needs a bit set of cards, the index of a card of the ranking's pack, a "
            f"Ranking and a bool, not {errors.quote((hand, led, ranking, must_trump))}"
        )
    raise errors.RulesError(
        "follow needs a bit set of cards, the index of a card of the ranking's pack, a "
        "Ranking, a bool and a bit set of trumps (or None), not "
        f"{errors.quote((hand, led, ranking, must_trump, trumps))}"
    )


_CARD_BITS: Final = len(cards.CARDS)


def best(played: Sequence[int], ranking: Ranking) -> int:
    """Return the position in ``played`` (card indices, led card first) of the card that wins.

    It runs once per trick inside every simulation, so it checks nothing it need not: what it
    cannot read raises, what it can is taken as card indices of the ranking's pack.

    Raises:
        RulesError: If ``played`` is empty or holds what is no card index, or ``ranking`` is not
            a :class:`Ranking`.
    """
    try:
        power = ranking.power[ranking.suit_of[played[0]]]
        winner = 0
        top = power[played[0]]
        for place in range(1, len(played)):
            strength = power[played[place]]
            if strength > top:
                winner, top = place, strength
    except (AttributeError, IndexError, KeyError, TypeError):
        raise errors.RulesError(
            "best needs the card indices of a trick, led card first, and a Ranking, "
            f"not {errors.quote((played, ranking))}"
        ) from None
    return winner


@attrs.frozen
class Trick:
    """A trick as the players saw it: who played which card, in the order played.

    Attributes:
        plays: ``(seat, card)`` pairs in the order played; the first is the lead.
        winner: The seat that won the trick, or None while it is being played.
    """

    plays: tuple[tuple[int, cards.Card], ...]
    winner: int | None = None

    @property
    def leader(self) -> int:
        """The seat that led."""
        return self.plays[0][0]

    @property
    def cards(self) -> tuple[cards.Card, ...]:
        """The cards in the order played."""
        return tuple(card for _, card in self.plays)

    def __str__(self) -> str:
        """Return the trick as ``seat:card`` items and its winner, e.g. ``1:Q♣ 2:A♣ → 2``."""
        text = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        return text if self.winner is None else f"{text} → {self.winner}"
