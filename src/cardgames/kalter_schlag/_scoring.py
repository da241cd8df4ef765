"""Kalter Schlag's scoring as pure functions: the penalty of a hand and its explanation.

A hand's loser is the player with the most card points (all of them, on a tie). He is charged
his card points, doubled once for each double called in the first trick (Kontra, Re, Bock,
Hirsch) and once for each of up to two players who took no trick (Jungfrauen), then rounded to
tens, half up. After a Durchmarsch (one player took every trick) the other three are charged a
flat 120, doubled for each double.

Example:
    The source's four worked examples:

    >>> penalty(55), penalty(66, doubles=1, jungfrauen=1)
    (60, 260)
    >>> penalty(63, doubles=3, jungfrauen=2), durchmarsch_penalty(doubles=2)
    (2020, 480)
"""

from __future__ import annotations

from typing import Final

from cardgames import cards, errors

__all__ = [
    "CALLS",
    "CARD_POINTS_IN_PACK",
    "DURCHMARSCH_CHARGE",
    "durchmarsch_penalty",
    "explain_durchmarsch",
    "explain_penalty",
    "penalty",
    "round_half_up",
]

CALLS: Final = ("Kontra", "Re", "Bock", "Hirsch")
"""What the first, second, third and fourth double is called."""

CARD_POINTS_IN_PACK: Final = 120
"""Card points in the 32-card pack: A 11, 10 10, K 4, Q 3, J 2 in each suit."""

DURCHMARSCH_CHARGE: Final = 120
"""What each of the other three is charged, before doubling, after a Durchmarsch."""

_CARD_POINT_VALUES: Final = {
    cards.Rank.ACE: 11,
    cards.Rank.TEN: 10,
    cards.Rank.KING: 4,
    cards.Rank.QUEEN: 3,
    cards.Rank.JACK: 2,
}
POINTS: Final = tuple(_CARD_POINT_VALUES.get(card.rank, 0) for card in cards.CARDS)
"""Card points by card index: A 11, 10 10, K 4, Q 3, J 2, others 0 (rule 5)."""


def round_half_up(points: int) -> int:
    """Round to a multiple of ten, a units digit of 5 or more going up.

    Raises:
        RulesError: If ``points`` is not a whole number of 0 or more.

    Example:
        >>> round_half_up(54), round_half_up(55), round_half_up(2016)
        (50, 60, 2020)
    """
    if type(points) is not int or points < 0:
        raise errors.RulesError(
            f"points must be a whole number of 0 or more, not {errors.quote(points)}"
        )
    return (points + 5) // 10 * 10


def _check(name: str, value: object, highest: int, rule: str = "") -> None:
    """Raise RulesError unless ``value`` is a whole number from 0 to ``highest``."""
    if type(value) is not int:
        raise errors.RulesError(f"{name} must be a whole number, not {errors.quote(value)}")
    if not 0 <= value <= highest:
        span = "0, 1 or 2" if highest == 2 else f"0 to {highest}"
        raise errors.RulesError(f"{name} must be {span}{rule}, not {errors.quote(value)}")


def _check_hand(card_points: object, doubles: object, jungfrauen: object) -> None:
    """Raise RulesError for the inputs of a normal hand that no hand can produce."""
    _check("card_points", card_points, CARD_POINTS_IN_PACK)
    _check("doubles", doubles, len(CALLS), " (one per player)")
    _check("jungfrauen", jungfrauen, 2, " (three is a Durchmarsch: use durchmarsch_penalty)")


def penalty(card_points: int, *, doubles: int = 0, jungfrauen: int = 0) -> int:
    """Return the penalty charged to the loser of a normal hand (rules 18–22).

    Args:
        card_points: The loser's card points, 0 to 120.
        doubles: How many players doubled in the first trick, 0 to 4.
        jungfrauen: How many players took no trick, 0 to 2.

    Raises:
        RulesError: If an argument is out of its range.

    Example:
        >>> penalty(66, doubles=1, jungfrauen=1)
        260
    """
    _check_hand(card_points, doubles, jungfrauen)
    return round_half_up(card_points << (doubles + jungfrauen))


def durchmarsch_penalty(*, doubles: int = 0) -> int:
    """Return what each of the other three players is charged after a Durchmarsch (rule 17).

    Raises:
        RulesError: If ``doubles`` is not 0 to 4.

    Example:
        >>> durchmarsch_penalty(), durchmarsch_penalty(doubles=2)
        (120, 480)
    """
    _check("doubles", doubles, len(CALLS), " (one per player)")
    return DURCHMARSCH_CHARGE << doubles


def _factors(doubles: int, jungfrauen: int = 0) -> str:
    """Return the multiplication part of an explanation, e.g. ``" × 2 Kontra × 2 one Jungfrau"``."""
    parts = []
    if doubles:
        parts.append(f" × {1 << doubles} {', '.join(CALLS[:doubles])}")
    if jungfrauen:
        parts.append(f" × {1 << jungfrauen} {('one Jungfrau', 'two Jungfrauen')[jungfrauen - 1]}")
    return "".join(parts)


def explain_penalty(card_points: int, *, doubles: int = 0, jungfrauen: int = 0) -> str:
    """Return the arithmetic of :func:`penalty` in one line.

    Raises:
        RulesError: If an argument is out of its range (as for :func:`penalty`).

    Example:
        >>> print(explain_penalty(66, doubles=1, jungfrauen=1))
        66 card points × 2 Kontra × 2 one Jungfrau = 264 → 260
        >>> print(explain_penalty(63, doubles=3, jungfrauen=2))
        63 card points × 8 Kontra, Re, Bock × 4 two Jungfrauen = 2016 → 2020
        >>> print(explain_penalty(55))
        55 card points → 60
    """
    charged = penalty(card_points, doubles=doubles, jungfrauen=jungfrauen)
    raw = card_points << (doubles + jungfrauen)
    text = f"{card_points} card points{_factors(doubles, jungfrauen)}"
    if doubles or jungfrauen:
        text += f" = {raw}"
    return text if raw == charged else f"{text} → {charged}"


def explain_durchmarsch(*, doubles: int = 0) -> str:
    """Return the arithmetic of :func:`durchmarsch_penalty` in one line.

    Raises:
        RulesError: If ``doubles`` is not 0 to 4.

    Example:
        >>> print(explain_durchmarsch(doubles=2))
        Durchmarsch: 120 × 4 Kontra, Re = 480 each
    """
    charged = durchmarsch_penalty(doubles=doubles)
    factors = _factors(doubles)
    return f"Durchmarsch: {DURCHMARSCH_CHARGE}{factors}{f' = {charged}' if factors else ''} each"
