"""The options of Staekske Rape. Each default is the source's rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from cardgames import errors, validators

__all__ = [
    "FOLLOW_MODES",
    "HAND_SIZE",
    "LONG_SEQUENCE_LIMIT",
    "NANNY_MODELS",
    "PENALTY_LIMIT",
    "ROUNDINGS",
    "FollowMode",
    "NannyModel",
    "Rounding",
    "Rules",
]

FollowMode = Literal["strict", "lenient"]
NannyModel = Literal["unified", "forced_open"]
Rounding = Literal["half_up", "half_down"]
FOLLOW_MODES: Final[tuple[FollowMode, ...]] = ("strict", "lenient")
NANNY_MODELS: Final[tuple[NannyModel, ...]] = ("unified", "forced_open")
ROUNDINGS: Final[tuple[Rounding, ...]] = ("half_up", "half_down")

HAND_SIZE: Final = 7
"""Cards dealt to each player (rule 8)."""

LONG_SEQUENCE_LIMIT: Final = 1000
"""The most ``long_sequence_value`` may be. The highest bid grows with it (see ``max_bid``), and
with ``allow_jump_bids`` every bid up to it is a legal move: 1000 keeps that list to 115 bids."""

PENALTY_LIMIT: Final = 1000
"""The most ``zero_tricks_penalty`` may be: far more than any played hand can win or lose (at
most a few hundred game points), and small enough that totals stay ordinary 64-bit numbers for
every reader of a match's record or observations."""


def _packets(value: object) -> object:
    """Convert a packet list (or a single size) to a tuple; leave anything else to the check.

    A mapping or a set is refused, not read: its keys have no order a deal could follow.
    """
    if type(value) is int:
        return (value,)
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(value)
    return value


def _check_packets(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    """Accept packet sizes of 1 to 7 that add up to the 7 cards of a hand."""
    if isinstance(value, Mapping) or not isinstance(value, tuple):
        raise errors.RulesError(
            f"deal_packets must be a sequence of packet sizes, not {errors.quote(value)}"
        )
    if not value:
        raise errors.RulesError("deal_packets must be one packet size or more, not none")
    bad = [size for size in value if type(size) is not int or not 1 <= size <= HAND_SIZE]
    if bad:
        raise errors.RulesError(
            f"deal_packets must be whole numbers from 1 to {HAND_SIZE}, not {errors.quote(bad[0])}"
        )
    if sum(value) != HAND_SIZE:
        raise errors.RulesError(
            f"deal_packets must add up to the {HAND_SIZE} cards of a hand, not {sum(value)} "
            f"({errors.quote(list(value))})"
        )


def _check_meld_value(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Accept a meld value that is a multiple of ten, 0 to 1000 (rule 33 divides by ten)."""
    validators.integer(minimum=0, maximum=LONG_SEQUENCE_LIMIT)(_instance, attribute, value)
    if isinstance(value, int) and value % 10:
        raise errors.RulesError(f"{attribute.name} must be a multiple of 10, not {value}")


@attrs.frozen(kw_only=True)
class Rules:
    """The options of a Staekske Rape match, checked at construction.

    Attributes:
        target: The declarer who reaches this many game points wins the match (rule 39). The
            source's 100.
        deal_packets: The packet sizes in which the 7 cards of a hand are dealt, from the
            dealer's left (rule 8, note A14): whole numbers from 1 to 7 that add up to 7.
            ``(7,)``: seven at once.
        allow_jump_bids: Whether a bid may be more than one above the last (rule 11, note A3).
            Off: 3, 4, 5 … one at a time, the only jump being 2 → 4.
        blind_two: Whether a player who has not looked at his cards may bid 2 before anyone
            has bid (rule 12).
        nanny_model: ``"unified"``: the nanny may pass like anyone else, and whenever the three
            after him all pass he chooses bid 1 or conceding −10 (rule 15, note A2).
            ``"forced_open"``: the nanny may not pass at his first turn (he bids 3 or blind 2);
            the same choice follows if nobody else bids.
        set_aside_counts_for_declarer: Whether the four set-aside cards (the discards, or the
            untouched stock) count for the declarer (rule 19, note A7). Off: for nobody.
        long_sequence_value: What a sequence of 6 or 7 cards is worth (rule 22, note A9): a
            multiple of 10 from 0 to 1000 (a bound: the highest bid, and with jump bids the
            number of bids ``legal_moves`` lists, grow with it).
        melds_may_share_cards: Whether a card may count in a sequence and also in a four of a
            kind and/or Stoek (rule 24). Off: a card counts in one meld only, Stoek included.
        follow_mode: ``"strict"``: follow suit, else trump, else anything (rule 26, the source).
            ``"lenient"``: to a plain lead you may also trump while holding the led suit (rule
            27, pagat; note A5).
        jack_exempt_on_plain_lead: Whether the trump jack is exempt from the duty to trump when
            a plain suit is led and it is your only trump (rule 28, note A6). Off: the
            exemption holds on trump leads only.
        rounding: How card points round to tens, ``"half_up"`` (…5 goes up) or ``"half_down"``
            (…5 goes down) (rule 32, note A1).
        all_tricks_fixed_25: Whether taking all seven tricks scores a fixed 25 achieved game
            points (rule 32, note A7). Off: the card points are rounded as usual.
        no_stock_doubles_losses: Whether playing without the stock doubles a loss as well as a
            win (rule 36, note A8).
        zero_tricks_penalty: What a declarer who takes no trick loses, a fixed amount from 0 to
            1000 (rule 37, note A10).
        max_hands: End the match after this many hands even if nobody reached the target, the
            highest total winning; None for no limit.

    Raises:
        RulesError: If an option is out of range or of the wrong type.

    Example:
        >>> Rules(follow_mode="lenient").follow_mode
        'lenient'
        >>> Rules(deal_packets=(3, 3))
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: deal_packets must add up to the 7 cards of a hand, not 6 ...
    """

    target: int = attrs.field(default=100, validator=validators.integer(minimum=1))
    deal_packets: tuple[int, ...] = attrs.field(
        default=(HAND_SIZE,), converter=_packets, validator=_check_packets
    )
    allow_jump_bids: bool = attrs.field(default=False, validator=validators.boolean())
    blind_two: bool = attrs.field(default=True, validator=validators.boolean())
    nanny_model: NannyModel = attrs.field(
        default="unified", validator=validators.choice(NANNY_MODELS)
    )
    set_aside_counts_for_declarer: bool = attrs.field(default=False, validator=validators.boolean())
    long_sequence_value: int = attrs.field(default=100, validator=_check_meld_value)
    melds_may_share_cards: bool = attrs.field(default=True, validator=validators.boolean())
    follow_mode: FollowMode = attrs.field(
        default="strict", validator=validators.choice(FOLLOW_MODES)
    )
    jack_exempt_on_plain_lead: bool = attrs.field(default=False, validator=validators.boolean())
    rounding: Rounding = attrs.field(default="half_up", validator=validators.choice(ROUNDINGS))
    all_tricks_fixed_25: bool = attrs.field(default=True, validator=validators.boolean())
    no_stock_doubles_losses: bool = attrs.field(default=True, validator=validators.boolean())
    zero_tricks_penalty: int = attrs.field(
        default=50, validator=validators.integer(minimum=0, maximum=PENALTY_LIMIT)
    )
    max_hands: int | None = attrs.field(
        default=None, validator=validators.optional_integer(minimum=1)
    )
