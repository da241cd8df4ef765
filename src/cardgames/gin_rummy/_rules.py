"""The options of Gin Rummy. Each default is the source's rule.

Example:
    >>> from cardgames.gin_rummy import Rules
    >>> Rules().target, Rules(oklahoma=True).ace_upcard
    (100, 'gin_only')
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final, Literal

import attrs

from cardgames import errors, validators

__all__ = [
    "ACE_UPCARDS",
    "DEFENDER_COUNTS",
    "HAND_SIZE",
    "HOLLYWOOD_ENDS",
    "MOST_DEADWOOD",
    "NEXT_DEALERS",
    "AceUpcard",
    "DefenderCount",
    "HollywoodEnd",
    "NextDealer",
    "Rules",
]

NextDealer = Literal["winner", "loser", "alternate"]
AceUpcard = Literal["gin_only", "knock_at_1"]
HollywoodEnd = Literal["all_closed", "one_player_all_three"]
DefenderCount = Literal["least", "as_laid"]
NEXT_DEALERS: Final[tuple[NextDealer, ...]] = ("winner", "loser", "alternate")
ACE_UPCARDS: Final[tuple[AceUpcard, ...]] = ("gin_only", "knock_at_1")
HOLLYWOOD_ENDS: Final[tuple[HollywoodEnd, ...]] = ("all_closed", "one_player_all_three")
DEFENDER_COUNTS: Final[tuple[DefenderCount, ...]] = ("least", "as_laid")

HAND_SIZE: Final = 10
"""Cards dealt to each player (rule 8)."""

MOST_DEADWOOD: Final = HAND_SIZE * 10
"""No ten cards count more than 100, so no knock limit above it means anything."""


def _choice(choices: Collection[str]) -> validators.Validator:
    """Accept one of the given strings, as a plain ``str`` (a look-alike type is refused).

    The membership test is :func:`cardgames.validators.choice`'s; the type test comes first, so
    that a value which merely compares equal to a choice (a ``str`` subclass, an enum member)
    cannot slip into the options.
    """
    member = validators.choice(choices)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not str:
            listed = ", ".join(repr(item) for item in choices)
            raise errors.RulesError(
                f"{attribute.name} must be one of {listed}, not {errors.quote(value)}"
            )
        member(instance, attribute, value)

    return check


def _bonus(default: int) -> Any:  # noqa: ANN401  # attrs.field's own return type
    """Return a field for a bonus in points: a whole number, 0 or more."""
    return attrs.field(default=default, validator=validators.integer(minimum=0))


def _flag(default: bool) -> Any:  # noqa: ANN401  # attrs.field's own return type
    """Return a field for an on/off option."""
    return attrs.field(default=default, validator=validators.boolean())


@attrs.frozen(kw_only=True)
class Rules:
    """The options of a Gin Rummy match, checked at construction.

    The rule numbers and the notes G1–G15 are those of the game's docs page.

    Attributes:
        next_dealer: Who deals the next hand (rule 9, note G9): ``"winner"`` (the hand's
            winner; the default), ``"loser"`` or ``"alternate"``. After a void hand the same
            dealer deals again whatever this says.
        may_discard_card_just_taken_from_pile: Whether the card just taken from the discard
            pile may be discarded (or knocked with) in the same turn (rule 11). Off.
        knock_limit: The highest count a player may knock with (rule 12): the source's 10.
            Oklahoma's upcard replaces it.
        defender_count: What the defender's count *D* is after a knock (rule 13, note G15):
            ``"least"`` (the default), the least deadwood his cards can make, his own melds and
            his lay-offs chosen together, so that he lays out only lay-outs that reach it (his
            choice among them changes what is shown, never the score); or ``"as_laid"``, the
            deadwood of whatever lay-out he makes, any lay-out being legal (OpenSpiel's model).
        gin_bonus: The gin bonus (rule 15, note G3): the source's 25.
        undercut_bonus: The undercut bonus (rule 17, note G3): the source's 25.
        box_bonus: The bonus per hand won, netted at the settlement (rule 21, note G2): 25.
        game_bonus: The bonus for winning the game (rule 21): the source's 100.
        target: The total that wins the game (rule 20): the source's 100. Not used with
            Hollywood scoring, whose games go to ``hollywood_target``.
        shutout_rule: Whether a game won while the loser scored nothing pays
            ``shutout_game_bonus`` instead of ``game_bonus`` (rule 23, note G4). Off, as in the
            source.
        shutout_game_bonus: The game bonus of a shutout: 200.
        oklahoma: The source's variant (rules 24–26): the first upcard sets the knock limit
            and a spade upcard doubles the hand. Off.
        ace_upcard: In Oklahoma, what an ace upcard allows (note G7): ``"gin_only"`` (the
            default) or ``"knock_at_1"``.
        spade_doubles: In Oklahoma, whether a spade upcard doubles the hand's score, its gin
            or undercut bonus included (rule 26, note G8). On; nothing without Oklahoma.
        hollywood: Hollywood scoring, three games at once (rules 27–31). Off.
        hollywood_target: The total that closes one Hollywood game (rule 29, note G10): 150.
        hollywood_end: When a Hollywood session ends (rule 31, note G10): ``"all_closed"``
            (each game closes at its target; the session ends when all three are closed;
            the default) or ``"one_player_all_three"`` (games stay open until one player has
            the target in all three).
        big_gin: Whether a player whose eleven cards all meld after drawing may go out without
            a discard, "big gin" (note G13). Off: not in the source.
        big_gin_bonus: The bonus of big gin, instead of the gin bonus: 31, the usual value.
        pile_draw_limit: How many times the discard pile may be drawn from in one hand (the
            upcard taken on the first turn included); after that only the stock may be drawn
            from. Not in the source: a safeguard against a hand without end (two players can
            take each other's discards for ever), set far above what a real hand reaches. 50.
        max_hands: End the match after this many hands (void hands count) even if nobody has
            won; the higher total then wins (in Hollywood, each open game is settled between
            its totals), and on equal totals nobody does. None for no limit.

    Raises:
        RulesError: If an option is out of range or of the wrong type.

    Example:
        >>> Rules(next_dealer="loser", gin_bonus=20).gin_bonus
        20
        >>> Rules(next_dealer="dealer")
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: next_dealer must be one of 'winner', 'loser', 'alternate', ...
    """

    next_dealer: NextDealer = attrs.field(default="winner", validator=_choice(NEXT_DEALERS))
    may_discard_card_just_taken_from_pile: bool = _flag(default=False)
    knock_limit: int = attrs.field(
        default=10, validator=validators.integer(minimum=0, maximum=MOST_DEADWOOD)
    )
    defender_count: DefenderCount = attrs.field(default="least", validator=_choice(DEFENDER_COUNTS))
    gin_bonus: int = _bonus(25)
    undercut_bonus: int = _bonus(25)
    box_bonus: int = _bonus(25)
    game_bonus: int = _bonus(100)
    target: int = attrs.field(default=100, validator=validators.integer(minimum=1))
    shutout_rule: bool = _flag(default=False)
    shutout_game_bonus: int = _bonus(200)
    oklahoma: bool = _flag(default=False)
    ace_upcard: AceUpcard = attrs.field(default="gin_only", validator=_choice(ACE_UPCARDS))
    spade_doubles: bool = _flag(default=True)
    hollywood: bool = _flag(default=False)
    hollywood_target: int = attrs.field(default=150, validator=validators.integer(minimum=1))
    hollywood_end: HollywoodEnd = attrs.field(
        default="all_closed", validator=_choice(HOLLYWOOD_ENDS)
    )
    big_gin: bool = _flag(default=False)
    big_gin_bonus: int = _bonus(31)
    pile_draw_limit: int = attrs.field(default=50, validator=validators.integer(minimum=1))
    max_hands: int | None = attrs.field(
        default=None, validator=validators.optional_integer(minimum=1)
    )
