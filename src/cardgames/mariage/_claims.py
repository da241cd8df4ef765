"""Claiming the pools I–V before the first lead (rules 11–17).

A player holding three, four or five cards of one suit in unbroken natural sequence (ace high
only) may claim pool I, the point; the best sequence takes it, compared by the keys of
``Rules.point_compare`` (rule 13). The holders of K♥ and Q♥ together, of the jester J♦, of K♥
and of Q♥ may claim pools II, III, IV and V. Hands are bit sets of card indices
(:func:`cardgames.cards.mask_of`).

The package publishes these card facts (``mariage.winners``, ``mariage.point_winner`` …) but
:func:`holder`. Each checks its arguments and raises :class:`~cardgames.errors.RulesError`
naming the one that is wrong. The engine calls the ``unchecked_…`` twins of two of them, which
skip the checks for arguments it built itself.

Example:
    E1's claims: trump 7♣; seat 1 holds 8♠ 9♠ 10♠, seat 2 J♦ Q♦ K♦, seat 3 K♥ Q♥.

    >>> from cardgames import cards, mariage
    >>> hand = cards.mask_of(cards.parse_cards("J♦ Q♦ K♦ 7♥ A♣"))
    >>> print(cards.format_cards(cards.cards_in(mariage.sequence_in(hand))))
    J♦ Q♦ K♦
    >>> runs = {1: cards.parse_cards("8♠ 9♠ 10♠"), 2: cards.parse_cards("J♦ Q♦ K♦")}
    >>> mariage.point_winner(runs, trump=cards.Suit.CLUBS, dealer=5, players=6)
    2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from cardgames import cards, errors
from cardgames.mariage import _checks
from cardgames.mariage._pools import CLAIMED, Pool
from cardgames.mariage._rules import POINT_KEYS, PointKey, Rules

__all__ = [
    "holder",
    "is_sequence",
    "point_key",
    "point_winner",
    "qualifies",
    "sequence_in",
    "winners",
]

_SUIT_BITS: Final = 13
_RANKS: Final = (1 << _SUIT_BITS) - 1


_STARTS: Final = sum(((1 << 11) - 1) << suit * _SUIT_BITS for suit in range(4))
"""The bits where a run of three within one suit may start (two to queen)."""


def _runs(bits: int) -> int:
    """Return the bits of ``bits`` (one suit's ranks) that lie in runs of three or more."""
    starts = bits & bits >> 1 & bits >> 2  # the lowest rank of each three in a row
    return starts | starts << 1 | starts << 2


def sequence_in(hand: int) -> int:
    """Return the bit set of the longest sequence of 3 or more cards of one suit in ``hand``.

    A sequence is unbroken in natural rank, ace high only (A K Q is one, A 2 3 is not).
    Between sequences of equal length the one with the higher top card is returned, so a
    5-card hand (which can hold only one) gives its sequence, or 0 if it has none.

    Example:
        >>> hand = cards.mask_of(cards.parse_cards("8♠ 9♠ 10♠ J♠ 6♥"))
        >>> print(cards.format_cards(cards.cards_in(sequence_in(hand))))
        8♠ 9♠ 10♠ J♠

    Raises:
        RulesError: If ``hand`` is not a bit set of cards.
    """
    hand = _checks.mask(hand, "hand")
    if not hand & hand >> 1 & hand >> 2 & _STARTS:
        return 0
    best = 0
    best_key = (0, 0)
    for suit in range(4):
        shift = suit * _SUIT_BITS
        run_bits = _runs(hand >> shift & _RANKS)
        while run_bits:
            # Split into maximal runs: the lowest one is the low bits up to the first gap.
            low = run_bits & -run_bits
            run = run_bits & ~(run_bits + low)
            run_bits ^= run
            key = (run.bit_count(), run.bit_length())
            if key > best_key:
                best, best_key = run << shift, key
    return best


def is_sequence(shown: Iterable[cards.Card]) -> bool:
    """Return whether the cards are 3 to 5 of one suit in unbroken natural sequence (rule 13).

    Raises:
        RulesError: If ``shown`` is not a sequence of cards.

    Example:
        >>> is_sequence(cards.parse_cards("Q♥ K♥ A♥")), is_sequence(cards.parse_cards("A♥ 2♥ 3♥"))
        (True, False)
    """
    items = tuple(_checks.iterable(shown, "shown"))
    found = tuple(card for card in items if isinstance(card, cards.Card))
    if len(found) != len(items):
        raise errors.RulesError(f"shown must be cards, not {errors.quote(shown)}")
    return unchecked_is_sequence(found)


def unchecked_is_sequence(items: tuple[cards.Card, ...]) -> bool:
    """Return whether cards are a sequence for pool I (:func:`is_sequence`, unchecked)."""
    if not 3 <= len(items) <= 5 or len({card.suit for card in items}) != 1:
        return False
    ranks = sorted(int(card.rank) for card in items)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def point_key(
    run: Sequence[cards.Card],
    *,
    trump: cards.Suit,
    place: int,
    compare: Sequence[PointKey] = POINT_KEYS,
) -> tuple[int, ...]:
    """Return the sort key of a sequence for pool I: the larger key is the better point.

    Args:
        run: The sequence shown.
        trump: The trump suit of the deal.
        place: The claimant's place from the dealer's left: 0 for the eldest hand.
        compare: The keys in the order they decide (``Rules.point_compare``): ``top_card``
            (higher natural rank), ``trump`` (a trump sequence), ``length`` (more cards) and
            ``eldest`` (nearer the dealer's left).

    Raises:
        RulesError: If ``run`` is not a sequence of 3 to 5 cards, ``trump`` not a suit,
            ``place`` not 0 to 9, or ``compare`` does not name each key once.

    Example:
        >>> point_key(cards.parse_cards("8♠ 9♠ 10♠"), trump=cards.Suit.CLUBS, place=1)
        (10, 0, 3, -1)
    """
    run = _run(run, "run")
    trump = _checks.suit(trump, "trump")
    place = _checks.seat(place, "place")
    return _point_key(run, trump=trump, place=place, compare=_compare(compare))


def _run(value: object, name: str) -> tuple[cards.Card, ...]:
    """Return a sequence for pool I given as cards (or their text), checked."""
    found = _checks.card_run(value, name)
    if not unchecked_is_sequence(found):
        raise errors.RulesError(
            f"{name} must be 3 to 5 cards of one suit in sequence, not {errors.quote(value)}"
        )
    return found


def _compare(value: object) -> tuple[PointKey, ...]:
    """Return the keys of ``Rules.point_compare``, checked as the option is."""
    if value is POINT_KEYS:
        return POINT_KEYS
    return Rules(point_compare=value).point_compare


def _point_key(
    run: Sequence[cards.Card], *, trump: cards.Suit, place: int, compare: Sequence[PointKey]
) -> tuple[int, ...]:
    """Return the sort key of a sequence for pool I (:func:`point_key`, unchecked)."""
    values = {
        "top_card": max(int(card.rank) for card in run),
        "trump": int(run[0].suit == trump),
        "length": len(run),
        "eldest": -place,
    }
    return tuple(values[key] for key in compare)


def _place(seat: int, dealer: int, players: int, step: int) -> int:
    """Return how far ``seat`` sits from the dealer's left, in the direction of play."""
    return ((seat - dealer) * step - 1) % players


def point_winner(
    runs: Mapping[int, Sequence[cards.Card]],
    *,
    trump: cards.Suit,
    dealer: int,
    players: int,
    step: int = 1,
    compare: Sequence[PointKey] = POINT_KEYS,
) -> int | None:
    """Return the seat whose sequence takes pool I, or None if nobody shows one.

    Args:
        runs: The sequence each claimant shows, by seat.
        trump: The deal's trump suit.
        dealer: The dealer's seat.
        players: The number of seats.
        step: +1 when play goes clockwise (to the next higher seat), -1 otherwise.
        compare: ``Rules.point_compare``.

    Raises:
        RulesError: If ``runs`` does not map seats to sequences, or another argument is out of
            its range.
    """
    players = _checks.count(players)
    checked = {
        _checks.seat(seat, "each seat of runs", players): _run(run, f"the run of seat {seat}")
        for seat, run in _checks.mapping(runs, "runs").items()
    }
    return unchecked_point_winner(
        checked,
        trump=_checks.suit(trump, "trump"),
        dealer=_checks.seat(dealer, "dealer", players),
        players=players,
        step=_checks.step(step),
        compare=_compare(compare),
    )


def unchecked_point_winner(
    runs: Mapping[int, Sequence[cards.Card]],
    *,
    trump: cards.Suit,
    dealer: int,
    players: int,
    step: int,
    compare: Sequence[PointKey],
) -> int | None:
    """Return the seat whose sequence takes pool I (:func:`point_winner`, unchecked)."""
    if not runs:
        return None
    return max(
        runs,
        key=lambda seat: _point_key(
            runs[seat], trump=trump, place=_place(seat, dealer, players, step), compare=compare
        ),
    )


def holder(hands: Sequence[int], wanted: int) -> int | None:
    """Return the seat whose hand holds every card of the bit set ``wanted``, or None.

    Raises:
        RulesError: If ``hands`` is not 1 to 10 bit sets of cards or ``wanted`` not a bit set.

    Example:
        >>> hands = [cards.mask_of(cards.parse_cards(text)) for text in ("7♣ 8♣", "K♥ Q♥")]
        >>> holder(hands, cards.Card.parse("Q♥").mask)
        1
    """
    hands = _checks.numbers(hands, "hands", high=cards.ALL_CARDS)
    wanted = _checks.mask(wanted, "wanted")
    for seat, hand in enumerate(hands):
        if hand & wanted == wanted:
            return seat
    return None


def qualifies(hand: int, pool: Pool) -> int:
    """Return the bit set of the cards with which ``hand`` may claim ``pool``; 0 if it may not.

    For pool I that is the hand's longest sequence (:func:`sequence_in`).

    Raises:
        RulesError: For the tricks pool, which is never claimed; if ``hand`` is not a bit set
            of cards or ``pool`` not a :class:`~cardgames.mariage.Pool`.

    Example:
        >>> hand = cards.mask_of(cards.parse_cards("K♥ Q♥ 7♣ 8♣ 9♣"))
        >>> [pool.word for pool in CLAIMED if qualifies(hand, pool)]
        ['point', 'marriage', 'king', 'queen']
    """
    hand = _checks.mask(hand, "hand")
    if type(pool) is not Pool:
        raise errors.RulesError(f"pool must be a mariage.Pool, not {errors.quote(pool)}")
    if pool is Pool.POINT:
        return sequence_in(hand)
    if pool is Pool.TRICKS:
        raise errors.RulesError("the tricks pool is not claimed: it pays for tricks (rule 30)")
    wanted = pool.mask
    return wanted if hand & wanted == wanted else 0


_CLAIM_PARTS: Final = ("seat", "pool", "cards")


def winners(
    shown: Iterable[tuple[int, Pool, Sequence[cards.Card]]],
    *,
    trump: cards.Suit,
    dealer: int,
    players: int,
    step: int = 1,
    compare: Sequence[PointKey] = POINT_KEYS,
) -> tuple[int | None, ...]:
    """Return the seat that takes each of the pools I–V from the claims made, None if unclaimed.

    Args:
        shown: The claims made, as (seat, pool, cards shown).
        trump: The deal's trump suit.
        dealer: The dealer's seat.
        players: The number of seats.
        step: +1 when play goes clockwise, -1 otherwise.
        compare: ``Rules.point_compare``.

    Raises:
        RulesError: If ``shown`` is not a sequence of (seat, pool I to V, cards) claims, or
            another argument is out of its range.

    Example:
        >>> made = [(1, Pool.POINT, cards.parse_cards("8♠ 9♠ 10♠")), (3, Pool.KING, ())]
        >>> winners(made, trump=cards.Suit.CLUBS, dealer=5, players=6)
        (1, None, None, 3, None)
    """
    players = _checks.count(players)
    runs: dict[int, Sequence[cards.Card]] = {}
    found: list[int | None] = [None] * len(CLAIMED)
    for made in _checks.iterable(shown, "shown"):
        if not (
            isinstance(made, tuple)
            and len(made) == len(_CLAIM_PARTS)
            and any(made[1] is pool for pool in CLAIMED)
        ):
            raise errors.RulesError(
                f"each claim shown must be (seat, pool I to V, cards), not {errors.quote(made)}"
            )
        seat, pool, run = made
        seat = _checks.seat(seat, "the seat of a claim", players)
        if pool is Pool.POINT:
            runs[seat] = _run(run, f"the point of seat {seat}")
        else:
            found[pool.value - 1] = seat
    found[0] = point_winner(
        runs, trump=trump, dealer=dealer, players=players, step=step, compare=compare
    )
    return tuple(found)
