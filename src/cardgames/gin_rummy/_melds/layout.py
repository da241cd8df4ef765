"""A hand laid out: :class:`Arrangement`, :class:`Defence`, and the checks of a player's lay-out.

The card-level functions of the package read what a caller gives here: a hand (no card twice,
at most 11), melds, lay-offs and a knock limit, each refused with a
:class:`~cardgames.errors.RulesError` that names the culprit. :func:`check_arrangement` checks the
melds a knocker chose; :func:`check_defence` checks the defender's melds and his lay-offs, one
by one in the order he lays them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TypeAlias

import attrs

from cardgames import cards, errors
from cardgames.gin_rummy._melds.count import MAX_CARDS, VALUES, run_position
from cardgames.gin_rummy._melds.meld import (
    ORDER,
    CardsLike,
    Meld,
    MeldKind,
    MeldsLike,
    read_cards,
)

__all__ = ["Arrangement", "Defence", "LayoffsLike", "check_arrangement", "check_defence"]


LayoffsLike: TypeAlias = "Iterable[tuple[cards.Card | str, int]]"
"""Lay-offs as (card, index of the knocker's meld) pairs: ``[("6♠", 0), ("7♠", 0)]``."""


# ---------------------------------------------------------------------------------------------
# Card level: reading what a caller gives.


def read_hand(given: object) -> tuple[tuple[cards.Card, ...], int]:
    """Read a hand: its cards (as given) and bit set; no card twice, at most 11 cards."""
    found = read_cards(given)
    mask = 0
    for card in found:
        if mask & card.mask:
            raise errors.RulesError(f"the hand holds {card} twice: a card can be held only once")
        mask |= card.mask
    if len(found) > MAX_CARDS:
        raise errors.RulesError(
            f"a gin rummy hand holds at most {MAX_CARDS} cards, not {len(found)}"
        )
    return found, mask


def _read_melds(given: object) -> tuple[Meld, ...]:
    """Read melds given as Meld values, or as cards or text that Meld.of reads."""
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise errors.RulesError(
            f"melds are given as a sequence of melds, such as ['3♥ 4♥ 5♥', '8♣ 8♠ 8♦'], "
            f"not {errors.quote(given)}"
        )
    return tuple(item if isinstance(item, Meld) else Meld.of(item) for item in given)


def read_disjoint(given: object, mask: int, *, knocker: bool) -> tuple[tuple[Meld, ...], int]:
    """Read melds that share no card: the player's own (of his hand) or the knocker's (not).

    Returns:
        The melds in the order given, and the cards they use.
    """
    found = _read_melds(given)
    used = 0
    for place, meld in enumerate(found):
        for card in meld.cards:
            if knocker and mask & card.mask:
                raise errors.RulesError(
                    f"{card} is both in your hand and in the knocker's meld {meld}"
                )
            if not knocker and not mask & card.mask:
                raise errors.RulesError(f"{card} is not in your hand")
            if used & card.mask:
                other = next(earlier for earlier in found[:place] if earlier.mask & card.mask)
                whose = "the knocker's" if knocker else "your"
                raise errors.RulesError(f"{card} is in two of {whose} melds: {other} and {meld}")
        used |= meld.mask
    return found, used


def check_limit(limit: object) -> int:
    """Accept a knock limit: a whole number, 0 or more."""
    if type(limit) is not int or limit < 0:
        raise errors.RulesError(
            f"the knock limit must be a whole number, 0 or more, not {errors.quote(limit)}"
        )
    return limit


def _meld_tuple(value: MeldsLike) -> tuple[Meld, ...]:
    """Read melds and put them in the meld order."""
    return tuple(sorted(_read_melds(value), key=_meld_place))


def _meld_place(meld: Meld) -> int:
    """A meld's place in the meld order."""
    return ORDER[meld.mask]


def _card_tuple(value: CardsLike) -> tuple[cards.Card, ...]:
    """Read cards, none twice, and put them in card order (a bit set sorts them)."""
    mask = 0
    for card in read_cards(value):
        if mask & card.mask:
            raise errors.RulesError(f"{card} is used twice in the layout")
        mask |= card.mask
    return tuple(cards.cards_in(mask))


def _layoff_tuple(value: LayoffsLike) -> tuple[tuple[cards.Card, int], ...]:
    """Read lay-offs: (card, index of the knocker's meld) pairs, in the order given."""
    return _read_layoffs(value)


def _read_layoffs(value: object) -> tuple[tuple[cards.Card, int], ...]:
    """Read lay-offs given as anything: see :func:`_layoff_tuple`."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise errors.RulesError(
            "lay-offs are given as (card, meld index) pairs, such as [('6♠', 0)], "
            f"not {errors.quote(value)}"
        )
    found = []
    for item in value:
        if not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 2:
            raise errors.RulesError(
                f"a lay-off is a (card, meld index) pair, not {errors.quote(item)}"
            )
        card, index = item
        if type(index) is not int or index < 0:
            raise errors.RulesError(
                "a lay-off names the knocker's meld by its index, 0 or more, "
                f"not {errors.quote(index)}"
            )
        found.append((read_cards([card])[0], index))
    return tuple(found)


def _check_disjoint(*parts: Iterable[cards.Card]) -> None:
    """Raise RulesError if a card appears twice among the parts of a layout."""
    used = 0
    for part in parts:
        for card in part:
            if used & card.mask:
                raise errors.RulesError(f"{card} is used twice in the layout")
            used |= card.mask


@attrs.frozen
class Arrangement:
    """A hand laid out: its melds and its deadwood.

    The melds are kept in the meld order and the deadwood in card order, whatever order they
    are given in, so equal layouts compare equal.

    Raises:
        RulesError: If a card is used twice, or a meld is not one.

    Example:
        >>> layout = Arrangement(["8♦ 8♣ 8♠", "3♥ 4♥ 5♥"], "K♠ 2♥")
        >>> print(layout)
        [8♣ 8♠ 8♦] [3♥ 4♥ 5♥] K♠ 2♥ (count 12)
        >>> layout.count, layout == check_arrangement("2♥ 3♥ 4♥ 5♥ 8♣ 8♠ 8♦ K♠", layout.melds)
        (12, True)
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_meld_tuple)
    """The melds, in the meld order."""
    deadwood: tuple[cards.Card, ...] = attrs.field(converter=_card_tuple)
    """The cards in no meld, in card order."""

    def __attrs_post_init__(self) -> None:
        """Check that no card is used twice."""
        _check_disjoint(*(meld.cards for meld in self.melds), self.deadwood)

    @property
    def count(self) -> int:
        """The deadwood's total value."""
        return sum(VALUES[card.index] for card in self.deadwood)

    def __str__(self) -> str:
        """Return the melds in brackets, the deadwood and the count."""
        shown = [f"[{meld}]" for meld in self.melds] + [str(card) for card in self.deadwood]
        return " ".join([*shown, f"(count {self.count})"])


@attrs.frozen
class Defence:
    """The defender's lay-out after a knock: his own melds, his lay-offs and his deadwood.

    Each lay-off is a card and the index, among the knocker's melds as he laid them down, of the
    meld it extends. The lay-offs are kept in the order given; the functions of this module give
    them by meld, each meld's cards in an order they can be laid one by one (below the run from
    the nearest card down, then above it from the nearest card up).

    Raises:
        RulesError: If a card is used twice, or a meld or a lay-off is malformed.

    Example:
        >>> defence = Defence(["A♣ A♠ A♥"], [("6♠", 0), ("7♠", 0)], "2♥")
        >>> defence.count, defence.layoffs[1]
        (2, (Card.parse('7♠'), 0))
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_meld_tuple)
    """His own melds, in the meld order."""
    layoffs: tuple[tuple[cards.Card, int], ...] = attrs.field(converter=_layoff_tuple)
    """The cards laid off, each with the index of the knocker's meld it extends."""
    deadwood: tuple[cards.Card, ...] = attrs.field(converter=_card_tuple)
    """The cards he is left with, in card order."""

    def __attrs_post_init__(self) -> None:
        """Check that no card is used twice."""
        laid = [card for card, _ in self.layoffs]
        _check_disjoint(*(meld.cards for meld in self.melds), laid, self.deadwood)

    @property
    def count(self) -> int:
        """The deadwood's total value: what counts against him."""
        return sum(VALUES[card.index] for card in self.deadwood)


def cards_of(mask: int) -> tuple[cards.Card, ...]:
    """The cards of a mask, in card order."""
    return tuple(cards.cards_in(mask))


Layoffs = tuple[tuple[cards.Card, int], ...]


# ---------------------------------------------------------------------------------------------
# Card level: checking a player's lay-out.


def _takes(meld: Meld) -> str:
    """Say what a meld takes as a lay-off."""
    if meld.kind is MeldKind.RUN:
        return "a run takes the next card of its suit at either end"
    if len(meld.cards) == 3:
        return "a set of three takes only the fourth card of its rank"
    return "a set of four takes no more cards"


def _check_layoffs(
    layoffs: Layoffs, targets: Sequence[Meld], mask: int, chosen: Sequence[Meld]
) -> Layoffs:
    """Check lay-offs one by one in the order given; return them by meld, in laying order."""
    current = list(targets)
    laid: list[list[cards.Card]] = [[] for _ in targets]
    taken = 0
    for card, index in layoffs:
        if not mask & card.mask:
            raise errors.RulesError(f"{card} is not in your hand")
        own = next((meld for meld in chosen if meld.mask & card.mask), None)
        if own is not None:
            raise errors.RulesError(f"{card} is in your meld {own}: it cannot be laid off too")
        if taken & card.mask:
            raise errors.RulesError(f"{card} is laid off twice")
        if index >= len(targets):
            raise errors.RulesError(
                f"the knocker has no meld {index} to lay {card} on: "
                + (f"his melds are numbered 0 to {len(targets) - 1}" if targets else "he laid none")
            )
        grown = current[index].extended(card)
        if grown is None:
            raise errors.RulesError(
                f"{card} does not extend {current[index]}: {_takes(current[index])}"
            )
        current[index] = grown
        laid[index].append(card)
        taken |= card.mask
    return tuple(
        (card, index)
        for index, target in enumerate(targets)
        for card in sorted(laid[index], key=functools.partial(_laying_place, target))
    )


def _laying_place(target: Meld, card: cards.Card) -> tuple[bool, int]:
    """Where a card laid on a meld comes: below a run from the nearest down, then above it."""
    low = run_position(target.cards[0])
    return run_position(card) > low, abs(run_position(card) - low)


def check_arrangement(
    cards: CardsLike,
    melds: MeldsLike,
    *,
    limit: int | None = None,
) -> Arrangement:
    """Check an arrangement a player chose and return it as a :class:`Arrangement`.

    Args:
        cards: The player's hand (the knocker's ten cards after his discard).
        melds: The melds he lays down, as :class:`Meld` values or text; the rest of the hand is
            his deadwood.
        limit: If given, the most the count may be: the knock limit.

    Raises:
        RulesError: If a meld is not one, uses a card not in the hand or one already used, or
            the count is over the limit; the message names the culprit.
        CardParseError: If an item is not a card.

    Example:
        >>> print(check_arrangement("3♥ 4♥ 5♥ 8♣ 8♠ 8♦ 2♥", ["8♣ 8♠ 8♦", "3♥ 4♥ 5♥"], limit=10))
        [8♣ 8♠ 8♦] [3♥ 4♥ 5♥] 2♥ (count 2)
        >>> check_arrangement("3♥ 4♥ 5♥ 8♣ 8♠ 8♦", ["2♥ 3♥ 4♥"])
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: 2♥ is not in your hand
    """
    hand_mask = read_hand(cards)[1]
    chosen, used = read_disjoint(melds, hand_mask, knocker=False)
    layout = Arrangement(chosen, cards_of(hand_mask & ~used))
    if limit is not None and layout.count > check_limit(limit):
        raise errors.RulesError(
            f"your count is {layout.count}: you may knock with a count of {limit} or less"
        )
    return layout


def check_defence(
    cards: CardsLike,
    knocker_melds: MeldsLike,
    melds: MeldsLike,
    layoffs: LayoffsLike,
) -> Defence:
    """Check the defender's lay-out and return it as a :class:`Defence`.

    The lay-offs are checked one by one in the order given, each onto the knocker's meld as
    extended by the lay-offs before it (6♠ before 7♠ onto 3♠ 4♠ 5♠). The result gives them in
    the order of :class:`Defence` (by meld, each run's cards from the nearest out), so it equals
    the same lay-out listed by :func:`defences`. After gin the engine calls
    :func:`check_arrangement` instead: nothing may be laid off.

    Args:
        cards: The defender's hand.
        knocker_melds: The knocker's melds in the order he laid them down.
        melds: The defender's own melds.
        layoffs: (card, index of the knocker's meld) pairs, in the order he lays them.

    Raises:
        RulesError: If a meld is not one; a card is not in the hand, is used twice, or does not
            extend the meld it is laid on; or an index names no meld of the knocker's.
        CardParseError: If an item is not a card.

    Example:
        >>> defence = check_defence(
        ...     "6♠ 7♠ J♦ A♥ 3♥ 9♣ 9♠ 9♦",
        ...     ["3♠ 4♠ 5♠", "J♣ J♠ J♥"],
        ...     ["9♣ 9♠ 9♦"],
        ...     [("6♠", 0), ("7♠", 0), ("J♦", 1)],
        ... )
        >>> defence.count
        4
        >>> check_defence("6♠ 7♠", ["3♠ 4♠ 5♠"], [], [("7♠", 0)])
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: 7♠ does not extend 3♠ 4♠ 5♠: a run takes the next card ...
    """
    hand_mask = read_hand(cards)[1]
    targets = read_disjoint(knocker_melds, hand_mask, knocker=True)[0]
    chosen, used = read_disjoint(melds, hand_mask, knocker=False)
    laid = _check_layoffs(_layoff_tuple(layoffs), targets, hand_mask, chosen)
    for card, _ in laid:
        used |= card.mask
    return Defence(chosen, laid, cards_of(hand_mask & ~used))
