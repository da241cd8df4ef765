"""The count of a hand given as a bit set: the engine's hot path, a few microseconds a hand.

:func:`deadwood_of` and :func:`knock_count` take the cards as a bit set, ``1 << card.index``
each, and move it to run order: each suit's 13 bits from the ace (bit 0) up to the king, so that
a run is a row of bits. Sets are found from rank counts; runs from a per-suit table (a suit's
cards in maximal sequences of three or more are melded, the rest are deadwood); only the hands
with a rank held three or four times search over which set cards go into sets. The card values
(:data:`VALUES`) and the run-order helpers serve the card-level modules of the package too.
"""

from __future__ import annotations

import itertools
from typing import Final

from cardgames import cards, errors

__all__ = ["MAX_CARDS", "VALUES", "deadwood_of", "discard_counts", "knock_count"]


MAX_CARDS: Final = 11
"""The most cards a gin rummy hand holds: the 10 dealt and the one just drawn."""

_GIN_VALUES: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Deadwood values by position in a suit, ace low: A 2 3 … 10 J Q K."""


def run_position(card: cards.Card) -> int:
    """The card's place in its suit in run order: A 0, 2 1, … K 12."""
    return (card.index % 13 + 1) % 13


def run_key(card: cards.Card) -> int:
    """The card's place in the game's order: by suit, and in a suit in run order (ace low)."""
    return card.index - card.index % 13 + run_position(card)


VALUES: Final[tuple[int, ...]] = tuple(_GIN_VALUES[run_position(card)] for card in cards.CARDS)
"""Deadwood value by card index (0..51): A = 1, 2 to 10 at face value, J Q K = 10."""

SUIT: Final = 0x1FFF
_ACES: Final = sum(1 << (13 * suit + 12) for suit in range(4))
_NOT_ACES: Final = (1 << 52) - 1 - _ACES
_LOWEST: Final = sum(1 << (13 * suit) for suit in range(4))
_RUN_STARTS: Final = sum(0x7FF << (13 * suit) for suit in range(4))
"""The positions where a run of three fits inside its suit: A up to J."""


def in_run_order(mask: int) -> int:
    """Move a card mask to run order: each suit's 13 bits from the ace (bit 0) up to the king."""
    return (mask & _NOT_ACES) << 1 | (mask & _ACES) >> 12


def card_mask(gin: int) -> int:
    """Undo :func:`in_run_order`."""
    return (gin & ~_LOWEST) >> 1 | (gin & _LOWEST) << 12


def run_cards(gin: int) -> int:
    """The cards in sequences of three or more of one suit (a mask in run order)."""
    starts = gin & gin >> 1 & gin >> 2 & _RUN_STARTS
    return starts | starts << 1 | starts << 2


def _suit_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per 13-bit suit: the value of its cards, and the value and top value of its deadwood."""
    values = [0] * 8192
    for part in range(1, 8192):
        low = part & -part
        values[part] = values[part ^ low] + _GIN_VALUES[low.bit_length() - 1]
    dead_values = [0] * 8192
    tops = [0] * 8192
    for part in range(1, 8192):
        dead = part & ~run_cards(part)
        if dead:
            dead_values[part] = values[dead]
            tops[part] = _GIN_VALUES[dead.bit_length() - 1]
    return tuple(values), tuple(dead_values), tuple(tops)


_VALUE, _RUN_DEAD, _RUN_TOP = _suit_tables()


def run_value(gin: int) -> int:
    """The total value of the cards of a mask in run order."""
    return (
        _VALUE[gin & SUIT] + _VALUE[gin >> 13 & SUIT] + _VALUE[gin >> 26 & SUIT] + _VALUE[gin >> 39]
    )


def three_ranks(gin: int) -> int:
    """The positions (13 bits) of the ranks held in three or four suits."""
    a, b, c, d = gin & SUIT, gin >> 13 & SUIT, gin >> 26 & SUIT, gin >> 39
    return (a & b & (c | d)) | (c & d & (a | b))


def _set_choices() -> dict[int, tuple[int, ...]]:
    """The sets worth trying for a rank held three or four times, as run-order masks.

    Keyed by the rank's cards (a run-order mask) plus, shifted up by 64 bits, those of them that
    lie in a sequence of three or more of their suit: the only ones a run could use. Leaving a
    card out of a set pays only if a run could use it, so the choices are: the set of all the
    rank's cards; each set of three that leaves out a card a run could use; and no set (0) if
    runs could use one card of three, or two of four.
    """
    table: dict[int, tuple[int, ...]] = {}
    for position in range(13):
        for suits in (*itertools.combinations(range(4), 3), range(4)):
            held = [1 << (13 * suit + position) for suit in suits]
            column = sum(held)
            for count in range(len(held) + 1):
                for runnable in itertools.combinations(held, count):
                    choices = [0] if count >= len(held) - 2 else []
                    if len(held) == 4:
                        choices += [column ^ card for card in runnable]
                    table[column | sum(runnable) << 64] = (*choices, column)
    return table


_SET_CHOICES: Final = _set_choices()


def set_states(gin: int, threes: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every way worth trying to take sets out of a hand, as run-order masks.

    The ways left out are each beaten by one kept, which melds the same cards and more (see
    :func:`_set_choices`).

    Args:
        gin: The hand in run order.
        threes: The positions of the ranks it holds three or four of (see :func:`three_ranks`).

    Returns:
        Each way as the cards left and the sets taken.
    """
    runnable = run_cards(gin)
    states: list[tuple[int, tuple[int, ...]]] = [(gin, ())]
    while threes:
        low = threes & -threes
        threes ^= low
        column = gin & _LOWEST * low
        choices = _SET_CHOICES[column | (column & runnable) << 64]
        states = [
            (left & ~chosen, (*taken, chosen) if chosen else taken)
            for left, taken in states
            for chosen in choices
        ]
    return states


# ---------------------------------------------------------------------------------------------
# Mask level: the engine's hot path.


def bad_mask(mask: object, *, exactly: int | None = None) -> errors.RulesError:
    """The error for a bit set that is not a hand of the right size."""
    if type(mask) is not int or mask < 0 or mask >> 52:
        return errors.RulesError(
            f"{errors.quote(mask)} is not a bit set of cards: expected an int of card bits, "
            "1 << card.index"
        )
    if exactly is not None:
        return errors.RulesError(
            f"knocking needs the {exactly} cards held after drawing, not {mask.bit_count()}"
        )
    return errors.RulesError(
        f"a gin rummy hand holds at most {MAX_CARDS} cards, not {mask.bit_count()}"
    )


def _runs_dead(gin: int, spare: bool) -> int:
    """The deadwood left by runs alone (less its highest card's value, to spare one)."""
    a, b, c, d = gin & SUIT, gin >> 13 & SUIT, gin >> 26 & SUIT, gin >> 39
    dead = _RUN_DEAD[a] + _RUN_DEAD[b] + _RUN_DEAD[c] + _RUN_DEAD[d]
    return dead - max(_RUN_TOP[a], _RUN_TOP[b], _RUN_TOP[c], _RUN_TOP[d]) if spare else dead


def _least(mask: int, spare: bool) -> int:
    """The least deadwood of a hand; with ``spare``, after discarding the best card to discard.

    Sparing takes the highest deadwood card out of each arrangement. That finds the best discard:
    any discard's best arrangement is an arrangement of the whole hand with that card added to
    its deadwood. An 11-card hand melded whole has a meld of four or more, which spares a card.
    """
    gin = in_run_order(mask)
    threes = three_ranks(gin)
    if not threes:
        return _runs_dead(gin, spare)
    return min(_runs_dead(left, spare) for left, _ in set_states(gin, threes))


def deadwood_of(mask: int) -> int:
    """Return the count of a hand given as a bit set: the least deadwood over all arrangements.

    The mask-level twin of :func:`deadwood`, for the engine's hot path: a few microseconds.

    Args:
        mask: The hand's cards, ``1 << card.index`` each; at most 11 cards.

    Raises:
        RulesError: If ``mask`` is not a bit set of at most 11 cards.

    Example:
        >>> from cardgames import cards
        >>> deadwood_of(cards.mask_of(cards.parse_cards("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 5♥ 6♥")))
        11
    """
    if type(mask) is not int or mask < 0 or mask >> 52 or mask.bit_count() > MAX_CARDS:
        raise bad_mask(mask)
    return _least(mask, spare=False)


def knock_count(mask: int) -> int:
    """Return the least count an 11-card hand can keep by discarding one card.

    The hand may knock at a knock limit when ``knock_count(mask) <= limit``, and go gin when it
    is 0. Every arrangement of the 11 cards is tried with its highest deadwood card discarded
    (an arrangement that melds all 11 has a meld of four or more, which can spare a card), so
    this costs about as much as one :func:`deadwood_of`, not eleven.

    Args:
        mask: The hand's cards, ``1 << card.index`` each: exactly 11.

    Raises:
        RulesError: If ``mask`` is not a bit set of 11 cards.

    Example:
        >>> from cardgames import cards
        >>> knock_count(cards.mask_of(cards.parse_cards("A♣ 2♣ 3♣ 9♥ 9♠ 9♦ 4♦ 5♦ 6♦ 2♥ K♠")))
        2
    """
    if type(mask) is not int or mask < 0 or mask >> 52 or mask.bit_count() != MAX_CARDS:
        raise bad_mask(mask, exactly=MAX_CARDS)
    return _least(mask, spare=True)


def discard_counts(mask: int) -> dict[int, int]:
    """Return, for each card of a hand, the count of the hand without it: every discard's count.

    ``discard_counts(mask)[card.index] == deadwood_of(mask ^ card.mask)`` for every card held,
    worked out together: the ways of taking sets out of the hand (:func:`set_states`) are tried
    once, and the card taken out changes only its own suit's runs, or the set it was in (a set
    of four keeps three; a set of three leaves two cards for runs). The search agent's
    play-outs weigh every discard of every turn with it.

    Args:
        mask: The hand's cards, ``1 << card.index`` each; at most 11 (the cards are not
            checked: the engine and the play-outs pass hands they hold).

    Example:
        >>> from cardgames import cards
        >>> held = cards.mask_of(cards.parse_cards("7♣ 7♠ 7♥ 8♥ 9♥ 2♦ 3♦ K♣ Q♠ 5♥ A♦"))
        >>> counts = discard_counts(held)  # the 7♥ is in the set and in the run: keep it
        >>> counts[cards.Card.parse("K♣").index], counts[cards.Card.parse("7♥").index]
        (29, 56)
    """
    gin = in_run_order(mask)
    threes = three_ranks(gin)
    found: dict[int, int] = {}
    states = set_states(gin, threes) if threes else [(gin, ())]  # no set: one way, all in runs
    for left, taken in states:
        parts = (left & SUIT, left >> 13 & SUIT, left >> 26 & SUIT, left >> 39)
        dead = _RUN_DEAD[parts[0]] + _RUN_DEAD[parts[1]] + _RUN_DEAD[parts[2]] + _RUN_DEAD[parts[3]]
        for suit, part in enumerate(parts):
            base = dead - _RUN_DEAD[part]
            indices = _INDICES[suit]
            rest = part
            while rest:
                bit = rest & -rest
                rest ^= bit
                count = base + _RUN_DEAD[part ^ bit]
                index = indices[bit.bit_length() - 1]
                if found.get(index, _NONE) > count:
                    found[index] = count
        for column in taken:
            _out_of_set(found, column, parts, dead)
    return found


_NONE: Final = 1000
"""More than any count."""


def _out_of_set(found: dict[int, int], column: int, parts: tuple[int, ...], dead: int) -> None:
    """Lower ``found`` to the counts of one way of taking sets out with a card of a set discarded.

    A set of four keeps three: the count stays. A set of three leaves its other two cards to the
    runs of their suits.
    """
    low = column & -column
    place = (low.bit_length() - 1) % 13
    bit = 1 << place
    four = column.bit_count() == 4  # a set of four keeps three
    suits = [suit for suit in range(4) if column >> (13 * suit + place) & 1]
    for suit in suits:
        count = dead
        if not four:
            for other in suits:
                if other != suit:
                    count += _RUN_DEAD[parts[other] | bit] - _RUN_DEAD[parts[other]]
        index = _INDICES[suit][place]
        if found.get(index, _NONE) > count:
            found[index] = count


_INDICES: Final = tuple(
    tuple(13 * suit + (place - 1) % 13 for place in range(13)) for suit in range(4)
)
"""Per suit, the card index at each place in run order (the ace's first)."""
