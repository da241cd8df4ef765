"""The options of Kalter Schlag. Each default is the source's rule."""

from __future__ import annotations

from typing import Final, Literal

import attrs

from cardgames import validators

__all__ = ["PLAIN_RANK_ORDERS", "TOP_TIES", "PlainRankOrder", "Rules", "TopTie"]

PlainRankOrder = Literal["ace_ten", "natural"]
TopTie = Literal["all_lose", "play_on"]
PLAIN_RANK_ORDERS: Final[tuple[PlainRankOrder, ...]] = ("ace_ten", "natural")
TOP_TIES: Final[tuple[TopTie, ...]] = ("all_lose", "play_on")


@attrs.frozen(kw_only=True)
class Rules:
    """The options of a Kalter Schlag match, checked at construction.

    Attributes:
        target: The total that ends the match; its highest total then loses (rule 23). The
            source's 2000.
        plain_rank_order: ``"ace_ten"`` ranks the plain suits A 10 K Q 9 8 7, as the source's
            points table and pagat do; ``"natural"`` ranks them A K Q 10 9 8 7, as the source's
            header line does (note K1).
        five_scores_end: The German page's extra ending: the match also ends when one player
            has been charged in 5 hands while every total is below the target (rule 25, note
            K10). Off by default.
        top_tie: When several players share the highest total at the end: ``"all_lose"`` (rule
            24, note K8) or ``"play_on"``, which plays more hands until one total is highest.
        max_hands: End the match after this many hands even if nobody reached the target; the
            highest total loses, and all who share it lose even with ``top_tie="play_on"``
            (the limit is a hard stop). None for no limit.

    Raises:
        RulesError: If an option is out of range or of the wrong type.

    Example:
        >>> Rules(target=1000).target
        1000
        >>> Rules(plain_rank_order="queen_high")
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: plain_rank_order must be one of 'ace_ten', 'natural', ...
    """

    target: int = attrs.field(default=2000, validator=validators.integer(minimum=1))
    plain_rank_order: PlainRankOrder = attrs.field(
        default="ace_ten", validator=validators.choice(PLAIN_RANK_ORDERS)
    )
    five_scores_end: bool = attrs.field(default=False, validator=validators.boolean())
    top_tie: TopTie = attrs.field(default="all_lose", validator=validators.choice(TOP_TIES))
    max_hands: int | None = attrs.field(
        default=None, validator=validators.optional_integer(minimum=1)
    )
