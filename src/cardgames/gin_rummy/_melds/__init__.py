"""Gin Rummy's meld mathematics: melds, the count of a hand, knocking and laying off.

A **set** is 3 or 4 cards of one rank; a **run** is 3 or more cards of one suit in sequence,
ranked A (low) 2 3 … 10 J Q K: A 2 3 is a run, Q K A is not, and runs do not wrap round. A card
belongs to at most one meld. The cards in no meld are **deadwood**, valued A = 1, 2 to 10 at
face value, J Q K = 10, and a hand's **count** is the least deadwood total over every way of
arranging it into melds. This module finds that minimum by a true search: a card shared by a
set and a run is tried both ways, a set of four may give one card to a run and keep three, and
a long run may be split.

After a knock that is not gin, the defender lays out his own melds and may **lay off** cards
onto the knocker's melds as laid down: the fourth card onto a set of three, cards at either end
of a run, one after the other. The source, Vladimir Mendelev's «Энциклопедия игр»
("Encyclopedia of Games"), says: «противник … имеет право доложить к своим одиночным картам
те, что подходят к сочетаниям, выложенным противником (например, четвертого валета к выложенным
трем, семерку и шестерку пик — к секвенсу из пятерки, четверки и тройки пик). Нельзя добавлять
карты к одиночным, на которые «стучали».» ("the opponent may add those of his single cards that
fit the combinations the knocker laid out — for example the fourth jack to the three laid out,
the seven and six of spades to the sequence of five, four and three of spades. Cards may not be
added to the single cards the knocker knocked with.") His own melds and his lay-offs are
optimised together: a card goes into his own meld or onto the knocker's, whichever leaves less.
The source's excerpt starts after the melds and card values are explained, so those follow the
standard rules above.

Two layers:

* Card level: functions take cards as :class:`~cardgames.cards.Card` values or text
  (``"3♥ 4♥ 5♥"``), at most 11 of them and no card twice, and return frozen values
  (:class:`Meld`, :class:`Arrangement`, :class:`Defence`). Bad input raises
  :class:`~cardgames.errors.RulesError` (or :class:`~cardgames.errors.CardParseError` for text
  that is not a card) naming the culprit.
* Mask level, for the engine's hot path: :func:`deadwood_of` and :func:`knock_count` take a bit
  set of card indices (``1 << card.index``) and return an ``int`` in a few microseconds. Sets
  are found from rank counts; runs from a per-suit table (a suit's cards in maximal sequences
  of three or more are melded, the rest are deadwood); only the hands with a rank held three or
  four times search over which set cards go into sets.

Orders. Melds are listed sets first, by rank A 2 … K, each rank's sets of three (in card order
of their cards) before its set of four; then runs by suit ♣ ♠ ♥ ♦, lowest card (ace low), then
length. Layouts and defences are listed best first: by count, then fewest deadwood cards, then
fewest melds, then their melds in the meld order, then (defences) their lay-offs by target and
card. :func:`best_arrangement` and :func:`best_defence` return the first of those lists: the least
count, shown the way a player shows it, with as many cards melded and as few, long melds as
possible (a run of six as one run, not two runs of three).

Example:
    >>> hand = "7♣ 7♠ 7♥ 7♦ 5♥ 6♥ 8♦ 9♦ K♣ 2♠"
    >>> deadwood(hand), str(best_arrangement(hand))
    (23, '[7♣ 7♠ 7♥] [7♦ 8♦ 9♦] K♣ 2♠ 5♥ 6♥ (count 23)')
"""

from __future__ import annotations

# The meld mathematics is split into four modules, re-exported here so that every name is
# ``melds.<name>``: ``count`` (the count of a bit set, the engine's hot path), ``meld`` (the Meld
# value and the table of every meld), ``layout`` (reading a caller's cards, the Arrangement and
# Defence values, the checks of a player's lay-out) and ``search`` (the enumerators).
from cardgames.gin_rummy._melds.count import (
    MAX_CARDS,
    VALUES,
    deadwood_of,
    discard_counts,
    knock_count,
    run_key,
)
from cardgames.gin_rummy._melds.layout import (
    Arrangement,
    Defence,
    LayoffsLike,
    check_arrangement,
    check_defence,
)
from cardgames.gin_rummy._melds.meld import TABLE, CardLike, CardsLike, Meld, MeldKind, MeldsLike
from cardgames.gin_rummy._melds.search import (
    arrangements,
    best_arrangement,
    best_defence,
    deadwood,
    defences,
    knock_discards,
    melds,
)

__all__ = [
    "MAX_CARDS",
    "TABLE",
    "VALUES",
    "Arrangement",
    "CardLike",
    "CardsLike",
    "Defence",
    "LayoffsLike",
    "Meld",
    "MeldKind",
    "MeldsLike",
    "arrangements",
    "best_arrangement",
    "best_defence",
    "check_arrangement",
    "check_defence",
    "deadwood",
    "deadwood_of",
    "defences",
    "discard_counts",
    "knock_count",
    "knock_discards",
    "melds",
    "run_key",
]
