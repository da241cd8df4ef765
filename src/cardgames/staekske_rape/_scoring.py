"""Staekske Rape's scoring as pure functions: the declarer's game points for a hand (rules 31-37).

Only the declarer scores. His card points (tricks, +5 for the last trick) are rounded to tens
and divided by ten (all seven tricks: a fixed 25); he needs his bid + 10, less a tenth of his
declared meld points. Beating that wins the difference; falling short loses twice the shortfall
plus 10; playing without the stock doubles the result; taking no trick loses a fixed 50; the
nanny's concession costs 10.

Example:
    The source's five worked examples:

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

from collections.abc import Mapping
from typing import Final

from cardgames import cards, errors, validators
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._rules import ROUNDINGS, Rounding, Rules

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

    Raises:
        RulesError: If ``card_points`` is not 0 to 146, or ``rounding`` is not ``"half_up"`` or
            ``"half_down"``.

    Example:
        >>> [game_points(p) for p in (84, 85, 93, 94, 95, 127, 138, 146)]
        [8, 9, 9, 9, 10, 13, 14, 15]
        >>> game_points(85, "half_down")
        8
    """
    _check_card_points(card_points)
    if not _is_rounding(rounding):
        raise errors.RulesError(
            f"rounding must be 'half_up' or 'half_down', not {errors.quote(rounding)}"
        )
    return (card_points + (5 if rounding == "half_up" else 4)) // 10


def _is_rounding(value: object) -> bool:
    """Return whether ``value`` is one of the roundings, as a plain ``str``."""
    return type(value) is str and value in ROUNDINGS


def _signed(value: int) -> str:
    """Print a result with its sign: ``+16``, ``−12``, ``0``."""
    if value > 0:
        return f"+{value}"
    return f"{_MINUS}{-value}" if value else "0"


def _check_card_points(card_points: object) -> None:
    """Raise RulesError unless ``card_points`` is a whole number a declarer can take, 0 to 146."""
    limit = CARD_POINTS_IN_PACK + LAST_TRICK_BONUS
    if type(card_points) is not int or not 0 <= card_points <= limit:
        raise errors.RulesError(
            f"card_points must be a whole number from 0 to {limit}, not {errors.quote(card_points)}"
        )


def _check(
    rules: Rules,
    bid: object,
    card_points: object,
    meld_points: object,
    flags: Mapping[str, object],
) -> None:
    """Raise RulesError for inputs no hand can produce."""
    if type(bid) is not int or not 1 <= bid <= validators.LARGEST:
        raise errors.RulesError(f"bid must be a whole number of 1 or more, not {errors.quote(bid)}")
    _check_card_points(card_points)
    most = melds.most_points(rules)
    if type(meld_points) is not int or not 0 <= meld_points <= most or meld_points % 10:
        raise errors.RulesError(
            f"meld_points must be a multiple of 10 from 0 to {most}, "
            f"not {errors.quote(meld_points)}"
        )
    for name, flag in flags.items():
        if type(flag) is not bool:
            raise errors.RulesError(f"{name} must be True or False, not {errors.quote(flag)}")
    all_tricks, no_tricks = flags["all_tricks"], flags["no_tricks"]
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
        rules: The options; None for the source's.

    Raises:
        RulesError: If an argument is out of range or of the wrong type, or ``rules`` is not a
            Staekske Rape ``Rules``.

    Example:
        >>> hand_result(bid=4, card_points=127)
        -12
        >>> hand_result(bid=5, card_points=100, meld_points=200)  # the source's four jacks
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

    Raises:
        RulesError: As :func:`hand_result`.

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

    Raises:
        RulesError: As :func:`hand_result`.

    Example:
        >>> scored_result(bid=4, card_points=127)
        (-12, 'bid 4: 127 card points → 13, needed 14 (4 + 10), short 1 → −12')
    """
    rules = _DEFAULT if rules is None else ABOUT.check_rules(rules)
    flags = {"without_stock": without_stock, "all_tricks": all_tricks, "no_tricks": no_tricks}
    _check(rules, bid, card_points, meld_points, flags)
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
