"""Staekske Rape's scoring as pure functions: the declarer's game points for a hand (rules 31-37).

Only the declarer scores. His card points (tricks, +5 for the last trick) are rounded to tens
and divided by ten (all seven tricks: a fixed 25); he needs his bid + 10, less a tenth of his
declared meld points. Beating that wins the difference; falling short loses twice the shortfall
plus 10; playing without the stock doubles the result; taking no trick loses a fixed 50; the
nanny's concession costs 10.

Example:
    The seed's five worked examples:

    >>> hand_result(bid=4, card_points=127), hand_result(bid=3, card_points=138)
    (-12, 1)
    >>> hand_result(bid=5, card_points=93, meld_points=140, without_stock=True)
    16
    >>> hand_result(bid=3, card_points=146, all_tricks=True)
    12
    >>> hand_result(bid=4, card_points=84, meld_points=40)
    -14
"""

from __future__ import annotations

from typing import Final

from cardgames import cards, errors
from cardgames.staekske_rape.rules import Rounding, Rules

__all__ = [
    "ALL_TRICKS_GAME_POINTS",
    "CARD_POINTS_IN_PACK",
    "CONCESSION",
    "LAST_TRICK_BONUS",
    "POINTS",
    "explain_concession",
    "explain_result",
    "game_points",
    "hand_result",
    "scored_result",
]

CARD_POINTS_IN_PACK: Final = 141
"""Card points in the pack: 60 in trumps, 27 in each plain suit."""

LAST_TRICK_BONUS: Final = 5
"""Card points for winning the last trick: 141 + 5 = 146 in a hand."""

ALL_TRICKS_GAME_POINTS: Final = 25
"""Achieved game points for taking all seven tricks: 146 → 15, plus a bonus of 10."""

CONCESSION: Final = -10
"""The nanny's result when he concedes (rule 15b, rule 37)."""

_TRUMP_VALUES: Final = {
    cards.Rank.JACK: 20,
    cards.Rank.NINE: 14,
    cards.Rank.ACE: 11,
    cards.Rank.TEN: 10,
    cards.Rank.KING: 3,
    cards.Rank.QUEEN: 2,
}
_PLAIN_VALUES: Final = {
    cards.Rank.ACE: 11,
    cards.Rank.TEN: 10,
    cards.Rank.KING: 3,
    cards.Rank.QUEEN: 2,
    cards.Rank.JACK: 1,
}

POINTS: Final = tuple(
    tuple(
        (_TRUMP_VALUES if card.suit == trump else _PLAIN_VALUES).get(card.rank, 0)
        for card in cards.CARDS
    )
    for trump in cards.Suit
)
"""Card points by trump suit and card index (rule 5): ``POINTS[trump][card.index]``."""

_DEFAULT: Final = Rules()
_MINUS: Final = "−"


def game_points(card_points: int, rounding: Rounding = "half_up") -> int:
    """Return card points rounded to the nearest ten and divided by ten (rule 32).

    ``"half_up"`` sends a units digit of 5 up, ``"half_down"`` sends it down; they agree on
    every other number.

    Example:
        >>> [game_points(p) for p in (84, 85, 93, 94, 95, 127, 138, 146)]
        [8, 9, 9, 9, 10, 13, 14, 15]
        >>> game_points(85, "half_down")
        8
    """
    return (card_points + (5 if rounding == "half_up" else 4)) // 10


def _signed(value: int) -> str:
    """Print a result with its sign: ``+16``, ``−12``, ``0``."""
    if value > 0:
        return f"+{value}"
    return f"{_MINUS}{-value}" if value else "0"


def _check(
    bid: object, card_points: object, meld_points: object, all_tricks: bool, no_tricks: bool
) -> None:
    """Raise RulesError for inputs no hand can produce."""
    for name, value, low in (("bid", bid, 1), ("card_points", card_points, 0)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise errors.RulesError(
                f"{name} must be a whole number of {low} or more, not {value!r}"
            )
    limit = CARD_POINTS_IN_PACK + LAST_TRICK_BONUS
    if isinstance(card_points, int) and card_points > limit:
        raise errors.RulesError(f"card_points must be at most {limit}, not {card_points}")
    if (
        not isinstance(meld_points, int)
        or isinstance(meld_points, bool)
        or meld_points < 0
        or meld_points % 10
    ):
        raise errors.RulesError(
            f"meld_points must be a multiple of 10, 0 or more, not {meld_points!r}"
        )
    if all_tricks and no_tricks:
        raise errors.RulesError("a declarer cannot take all tricks and no trick at once")


def _parts(
    bid: int,
    card_points: int,
    meld_points: int,
    all_tricks: bool,
    rules: Rules,
) -> tuple[int, int, int]:
    """Return achieved, meld game points and needed (rules 32-34)."""
    if all_tricks and rules.all_tricks_fixed_25:
        achieved = ALL_TRICKS_GAME_POINTS
    else:
        achieved = game_points(card_points, rules.rounding)
    melds = meld_points // 10
    return achieved, melds, bid + 10 - melds


def hand_result(
    *,
    bid: int,
    card_points: int,
    meld_points: int = 0,
    without_stock: bool = False,
    all_tricks: bool = False,
    no_tricks: bool = False,
    rules: Rules | None = None,
) -> int:
    """Return the declarer's game points for a played hand (rules 31-37).

    Args:
        bid: The contract, 1 or more (1 is the nanny's forced game, 2 the blind bid).
        card_points: The declarer's card points: his tricks, +5 for the last trick, and the
            set-aside cards if ``rules.set_aside_counts_for_declarer``; 0 to 146.
        meld_points: The points of the melds and Stoek he declared, a multiple of 10.
        without_stock: Whether he played without the stock (the result is doubled).
        all_tricks: Whether he took all seven tricks (a fixed 25 achieved, by default).
        no_tricks: Whether he took no trick (a fixed loss of ``zero_tricks_penalty``).
        rules: The options; None for the seed's.

    Raises:
        RulesError: If an argument is out of range.

    Example:
        >>> hand_result(bid=4, card_points=127)
        -12
        >>> hand_result(bid=5, card_points=100, meld_points=200)  # the seed's four jacks
        15
        >>> hand_result(bid=3, card_points=0, no_tricks=True)
        -50
    """
    return scored_result(
        bid=bid,
        card_points=card_points,
        meld_points=meld_points,
        without_stock=without_stock,
        all_tricks=all_tricks,
        no_tricks=no_tricks,
        rules=rules,
    )[0]


def explain_result(
    *,
    bid: int,
    card_points: int,
    meld_points: int = 0,
    without_stock: bool = False,
    all_tricks: bool = False,
    no_tricks: bool = False,
    rules: Rules | None = None,
) -> str:
    """Return the arithmetic of :func:`hand_result` in one line.

    Example:
        >>> print(explain_result(bid=4, card_points=127))
        bid 4: 127 card points → 13, needed 14 (4 + 10), short 1 → −12
        >>> print(explain_result(bid=5, card_points=93, meld_points=140, without_stock=True))
        bid 5, without stock: 93 card points → 9, melds 140 → 14, needed 1 (5 + 10 − 14), over 8 → +8 × 2 without stock = +16
        >>> print(explain_result(bid=3, card_points=146, all_tricks=True))
        bid 3: all 7 tricks → 25, needed 13 (3 + 10), over 12 → +12
    """  # noqa: E501  # the doctest output is one line by design
    return scored_result(
        bid=bid,
        card_points=card_points,
        meld_points=meld_points,
        without_stock=without_stock,
        all_tricks=all_tricks,
        no_tricks=no_tricks,
        rules=rules,
    )[1]


def scored_result(
    *,
    bid: int,
    card_points: int,
    meld_points: int = 0,
    without_stock: bool = False,
    all_tricks: bool = False,
    no_tricks: bool = False,
    rules: Rules | None = None,
) -> tuple[int, str]:
    """Return :func:`hand_result` and :func:`explain_result` together, computed once.

    Example:
        >>> scored_result(bid=4, card_points=127)
        (-12, 'bid 4: 127 card points → 13, needed 14 (4 + 10), short 1 → −12')
    """
    rules = rules or _DEFAULT
    _check(bid, card_points, meld_points, all_tricks, no_tricks)
    head = f"bid {bid}, without stock" if without_stock else f"bid {bid}"
    if no_tricks:
        result = -rules.zero_tricks_penalty
        return result, f"{head}: no trick → {_signed(result)}"
    achieved, melds, needed = _parts(bid, card_points, meld_points, all_tricks, rules)
    difference = achieved - needed
    single = difference if difference >= 0 else -(2 * -difference + 10)
    doubled = without_stock and (single > 0 or rules.no_stock_doubles_losses)
    result = 2 * single if doubled else single
    if all_tricks and rules.all_tricks_fixed_25:
        got = f"all 7 tricks → {achieved}"
    else:
        got = f"{card_points} card points → {achieved}"
    if melds:
        got += f", melds {meld_points} → {melds}"
    sum_text = f"{bid} + 10 {_MINUS} {melds}" if melds else f"{bid} + 10"
    if difference == 0:
        verdict = "made exactly → 0"
    else:
        word = "over" if difference > 0 else "short"
        verdict = f"{word} {abs(difference)} → {_signed(single)}"
        if result != single:
            verdict += f" × 2 without stock = {_signed(result)}"
        elif without_stock:
            verdict += " (a loss is not doubled)"
    return result, f"{head}: {got}, needed {needed} ({sum_text}), {verdict}"


def explain_concession() -> str:
    """Return the one-line explanation of the nanny's concession.

    Example:
        >>> print(explain_concession())
        the nanny concedes (the others all passed) → −10
    """
    return f"the nanny concedes (the others all passed) → {_signed(CONCESSION)}"
