"""The options of Mariage. Every default is the source's rule, or the rule set's reading of it.

Each option is one of the points the rule set marks as configurable; the rule numbers in the
attribute descriptions are those of the game's docs page.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal

import attrs

from cardgames import errors, validators

__all__ = [
    "DIRECTIONS",
    "FORCED_QUEEN_MODES",
    "JESTER_CAPTORS",
    "JESTER_PENALTY_PAYEES",
    "LEFTOVERS",
    "MARRIAGE_ORDERS",
    "MARRIAGE_TRICK_RULES",
    "MOST_CHIPS",
    "MOST_HANDS",
    "MOST_ROUNDS",
    "MOST_STARTING_CHIPS",
    "PLAYER_COUNTS",
    "POINT_KEYS",
    "TOP_ROYALS",
    "Direction",
    "ForcedQueen",
    "JesterCaptors",
    "JesterPenaltyPayee",
    "Leftover",
    "MarriageOrder",
    "MarriageTrickRule",
    "PointKey",
    "Rules",
    "TopRoyal",
]

Direction = Literal["clockwise", "counterclockwise"]
ForcedQueen = Literal["enforce", "penalty_only", "off"]
MarriageOrder = Literal["K_then_Q", "either"]
MarriageTrickRule = Literal["freeze", "king_wins"]
TopRoyal = Literal["Q", "K"]
JesterCaptors = Literal["royal_hearts", "any_king_or_queen"]
JesterPenaltyPayee = Literal["queen_of_hearts_holder", "trick_winner"]
Leftover = Literal["split_equally", "carry_to_next_session"]
PointKey = Literal["top_card", "trump", "length", "eldest"]

DIRECTIONS: Final[tuple[Direction, ...]] = ("clockwise", "counterclockwise")
FORCED_QUEEN_MODES: Final[tuple[ForcedQueen, ...]] = ("enforce", "penalty_only", "off")
MARRIAGE_ORDERS: Final[tuple[MarriageOrder, ...]] = ("K_then_Q", "either")
MARRIAGE_TRICK_RULES: Final[tuple[MarriageTrickRule, ...]] = ("freeze", "king_wins")
TOP_ROYALS: Final[tuple[TopRoyal, ...]] = ("Q", "K")
JESTER_CAPTORS: Final[tuple[JesterCaptors, ...]] = ("royal_hearts", "any_king_or_queen")
JESTER_PENALTY_PAYEES: Final[tuple[JesterPenaltyPayee, ...]] = (
    "queen_of_hearts_holder",
    "trick_winner",
)
LEFTOVERS: Final[tuple[Leftover, ...]] = ("split_equally", "carry_to_next_session")
POINT_KEYS: Final[tuple[PointKey, ...]] = ("top_card", "trump", "length", "eldest")
"""The keys that compare sequences for pool I (rule 13), in the default order."""

PLAYER_COUNTS: Final = (6, 5, 7, 8, 9, 10)
"""The numbers of players, the usual one (six, as in the rule set's examples) first."""

_CHOICES: Final[Mapping[str, str]] = types.MappingProxyType(
    {
        choice: choice
        for choices in (
            DIRECTIONS,
            FORCED_QUEEN_MODES,
            MARRIAGE_ORDERS,
            MARRIAGE_TRICK_RULES,
            TOP_ROYALS,
            JESTER_CAPTORS,
            JESTER_PENALTY_PAYEES,
            LEFTOVERS,
            POINT_KEYS,
        )
        for choice in choices
    }
)
"""Every text an option may choose, mapped to the listed constant."""

HAND_SIZE: Final = 5
"""Cards dealt to each player (rule 9)."""

_DEFAULT_PACKS: Final = ((5, 36), (6, 36), (7, 52), (8, 52), (9, 52), (10, 52))

MOST_CHIPS: Final = 1_000_000
"""The most chips an option may set for one payment: an ante, a refill, a fine, a payment for a
marriage or for a trick."""
MOST_STARTING_CHIPS: Final = 1_000_000_000
"""The most chips a player may start a session with."""
MOST_ROUNDS: Final = 100_000
"""The most times each player may deal in a session (``rounds``)."""
MOST_HANDS: Final = 1_000_000
"""The most deals ``max_hands`` may set: ten players dealing ``MOST_ROUNDS`` times each."""
# With these bounds no balance or pool of any session can leave the 64-bit integers that JSON
# readers, numpy and other languages carry (validators.LARGEST): a deal moves at most a few
# dozen payments of MOST_CHIPS each, over at most MOST_HANDS deals.


def _whole(low: int, high: int) -> validators.Validator:
    """Accept a whole number from ``low`` to ``high`` (not a bool), naming the range if not."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise errors.RulesError(
                f"{attribute.name} must be a whole number from {low} to {high}, "
                f"not {errors.quote(value)}"
            )

    return check


def _optional_whole(low: int, high: int) -> validators.Validator:
    """Accept None or a whole number from ``low`` to ``high`` (see :func:`_whole`)."""
    inner = _whole(low, high)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def _canonical(value: object) -> object:
    """Swap a chosen text for the listed constant itself, so options compare by identity.

    Only an exact ``str`` is swapped (not a subclass, nor an object that claims equality); the
    field's validator then accepts only its own constants.
    """
    if type(value) is str:
        return _CHOICES.get(value, value)
    return value


def _one_of(choices: tuple[str, ...]) -> validators.Validator:
    """Accept only one of ``choices`` itself (see :func:`_canonical`)."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not any(value is choice for choice in choices):
            listed = ", ".join(repr(choice) for choice in choices)
            raise errors.RulesError(
                f"{attribute.name} must be one of {listed}, not {errors.quote(value)}"
            )

    return check


def _point_compare(value: object) -> object:
    """Convert ``"top_card, trump, length, eldest"`` (or a sequence of keys) to a tuple of keys."""
    if type(value) is str:
        value = [part.strip() for part in value.split(",")]
    if isinstance(value, Iterable) and not isinstance(value, str):
        items = tuple(value)
        if all(type(item) is str for item in items):
            return tuple(_canonical(item) for item in items)
        return items
    return value


def _check_point_compare(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Accept the four keys of :data:`POINT_KEYS`, each once, in any order."""
    if not (
        isinstance(value, tuple)
        and len(value) == len(POINT_KEYS)
        and all(any(item is key for item in value) for key in POINT_KEYS)
    ):
        listed = ", ".join(POINT_KEYS)
        raise errors.RulesError(
            f"{attribute.name} must name each of {listed} once, in the order they decide, "
            f"not {errors.quote(value)}"
        )


def _deck_for_players(value: object) -> object:
    """Convert a mapping (or pairs) of player count to pack size into the full, sorted table.

    Counts left out keep their default pack: ``{7: 36}`` changes only seven players.
    """
    if isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, Iterable) and not isinstance(value, str):
        pairs = list(value)
    else:
        return value
    if not _pairs(pairs) or not all(type(count) is int for count, _ in pairs):
        return value  # the validator refuses it, naming what is wrong
    table: dict[int, object] = dict(_DEFAULT_PACKS)
    table.update(pairs)
    return tuple(sorted(table.items()))


def _pairs(value: object) -> bool:
    """Return whether ``value`` is a sequence of pairs (tuples of two)."""
    return isinstance(value, tuple | list) and all(
        isinstance(pair, tuple) and len(pair) == 2  # a pair
        for pair in value
    )


def _check_deck_for_players(
    _instance: object, attribute: attrs.Attribute[Any], value: object
) -> None:
    """Accept a 36- or 52-card pack for each of 5 to 10 players, 36 only up to 7 players."""
    if not isinstance(value, tuple) or not _pairs(value):
        raise errors.RulesError(
            f"{attribute.name} must map player counts to pack sizes, e.g. {{7: 36}}, "
            f"not {errors.quote(value)}"
        )
    for players, size in value:
        if type(players) is not int or players not in PLAYER_COUNTS:
            raise errors.RulesError(
                f"{attribute.name}: Mariage is played by 5 to 10 players, "
                f"not {errors.quote(players)}"
            )
        if type(size) is not int or size not in (36, 52):
            raise errors.RulesError(
                f"{attribute.name}: the pack has 36 or 52 cards, not {errors.quote(size)} "
                f"(for {players} players)"
            )
        if players * HAND_SIZE + 1 > size:
            raise errors.RulesError(
                f"{attribute.name}: {players} players need {players * HAND_SIZE + 1} cards "
                f"(5 each and the trump), more than a {size}-card pack"
            )


@attrs.frozen(kw_only=True)
class Rules:
    """The options of a Mariage session, checked at construction.

    Texts that choose among readings are compared exactly: ``"Q"`` is a choice, ``"q"`` is not.

    Attributes:
        direction: Which way the deal, the play and the claims go round the table, and where
            the dealer's "left" is (rule 1). ``"clockwise"``: to the next higher seat.
        deck_for_players: The pack for each number of players (rule 2, note M1), as a mapping
            from 5 … 10 players to 36 or 52 cards; counts left out keep the default, 36 cards
            for 5 or 6 players and 52 for 7 to 10. Seven players may also use 36 (7 × 5 + 1).
        starting_chips: The chips each player has when the session begins (rule 4): 0 to
            1,000,000,000 (``MOST_STARTING_CHIPS``).
        allow_debt: Whether a balance may go below zero (rule 4). Off: every payment is cut to
            what the payer has; the payee goes short.
        ante_per_pool: What each player puts into each of the six pools at the ante (rule 6).
            This and every other amount of chips below is 0 to 1,000,000 (``MOST_CHIPS``).
        ante_every_deal: Whether the ante is paid before every deal (rule 6, the default) or
            only before the first.
        auto_claim: Whether the pools I–V are claimed for the players at the deal (rule 11).
            Off: claims are moves (``Claim``, then ``Pass``) before the first lead, and a pool
            nobody claims stays where it is.
        refill_on_win: The chips the winner of a pool I–V puts back into the pool he empties
            (rule 12, note M6); a pool that holds nothing is not emptied, and gets nothing back.
        point_compare: The order in which the keys ``top_card``, ``trump``, ``length`` and
            ``eldest`` decide between sequences for pool I (rule 13, note M5), as text
            (``"length,top_card,trump,eldest"``, Piquet style) or a sequence of keys.
        held_marriage_payment: What every other player pays the holder of K♥ and Q♥ who
            claims pool II (rule 14).
        top_royal: Which royal heart is the highest card, ``"Q"`` (Q♥ above K♥, note M3) or
            ``"K"`` (rule 18).
        royals_count_as_trumps_for_obligation: Whether K♥ and Q♥ count as trumps for the duty
            to trump when void (rule 20, note M9).
        must_trump_when_void: Whether a player who cannot follow suit must trump (rule 22).
        forced_queen: The queen played on her king out of turn (rule 23, note M18):
            ``"enforce"`` (her holder's only legal move), ``"penalty_only"`` (he may play her
            or decline, paying each other player 1 chip) or ``"off"`` (no such rule).
        marriage_order: ``"K_then_Q"``: only a king followed by his queen makes a marriage on
            the table (rule 24, note M17); ``"either"``: a queen followed by her king too.
        own_marriage_lead_bonus: The other reading of note M17: a player who leads a king and
            then, to the next trick, its queen receives 1 chip from every other player (rule
            24). Off by default.
        marriage_trick_rule: ``"freeze"``: no card played after a marriage on the table can
            win the trick (rule 25, note M13); ``"king_wins"``: the king's player takes it.
        table_marriage_payment: What every other player (but the queen's) pays the winner of
            a trick with a marriage on the table in clubs, spades or diamonds (rule 27, note
            M12). The heart marriage on the table pays its queen's player 1 chip from each
            other player whatever this is (rule 28).
        heart_table_marriage_king_pays: Whether the K♥ player pays the Q♥ player too when they
            make a marriage on the table (rule 28, note M15).
        jester_captors: The cards that capture the jester J♦ (rule 29, note M16):
            ``"royal_hearts"`` (K♥ and Q♥) or ``"any_king_or_queen"``.
        jester_penalty_payee: Who a captured jester's player pays (rule 29):
            ``"queen_of_hearts_holder"`` (the player dealt Q♥, as the source says) or
            ``"trick_winner"``.
        jester_paid_only_if_it_wins_trick: Whether the jester is paid only when it wins its
            trick (rule 29). Off: whenever it is not captured.
        trick_pay_min: The fewest tricks for which the tricks pool pays (rule 30, note M10).
        trick_pay_per_trick: What the tricks pool pays for each trick (rule 30).
        dealer_covers_shortfall: Whether the dealer pays from his own chips what the tricks
            pool cannot (rule 30). Off: the shortfall is not made up.
        fine_zero_tricks: What each loser pays into the tricks pool (rule 32, note M11).
        loser_threshold: A player with this many tricks or fewer is a loser and fined (rule
            32): 0 fines those without a trick, 1 those with fewer than two.
        leftover: What happens to the pools when the session ends (rule 39):
            ``"split_equally"`` (shared out, the remainder discarded) or
            ``"carry_to_next_session"`` (they stay in the pools).
        rounds: How many times each player deals in a session (rule 38, note M21): 1 to
            100,000 (``MOST_ROUNDS``).
        max_hands: End the session after this many deals (1 to 1,000,000, ``MOST_HANDS``) even if
            not every player has dealt ``rounds`` times; None for no limit.

    Raises:
        RulesError: If an option is out of range or of the wrong type; the message names the
            option and its range. The bounds are wide enough for any table and keep every
            balance and pool of the longest session within 64-bit integers, so a ``Rules``
            that exists plays every session to its end.

    Example:
        >>> Rules(top_royal="K").top_royal
        'K'
        >>> Rules(deck_for_players={7: 36}).pack_size(7)
        36
        >>> Rules(forced_queen="sometimes")
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: forced_queen must be one of 'enforce', 'penalty_only', ...
        >>> Rules(ante_per_pool=2**63 - 1)
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: ante_per_pool must be a whole number from 0 to 1000000, ...
    """

    direction: Direction = attrs.field(
        default="clockwise", converter=_canonical, validator=_one_of(DIRECTIONS)
    )
    deck_for_players: tuple[tuple[int, int], ...] = attrs.field(
        default=_DEFAULT_PACKS, converter=_deck_for_players, validator=_check_deck_for_players
    )
    starting_chips: int = attrs.field(default=50, validator=_whole(0, MOST_STARTING_CHIPS))
    allow_debt: bool = attrs.field(default=True, validator=validators.boolean())
    ante_per_pool: int = attrs.field(default=1, validator=_whole(0, MOST_CHIPS))
    ante_every_deal: bool = attrs.field(default=True, validator=validators.boolean())
    auto_claim: bool = attrs.field(default=True, validator=validators.boolean())
    refill_on_win: int = attrs.field(default=1, validator=_whole(0, MOST_CHIPS))
    point_compare: tuple[PointKey, ...] = attrs.field(
        default=POINT_KEYS, converter=_point_compare, validator=_check_point_compare
    )
    held_marriage_payment: int = attrs.field(default=2, validator=_whole(0, MOST_CHIPS))
    top_royal: TopRoyal = attrs.field(
        default="Q", converter=_canonical, validator=_one_of(TOP_ROYALS)
    )
    royals_count_as_trumps_for_obligation: bool = attrs.field(
        default=True, validator=validators.boolean()
    )
    must_trump_when_void: bool = attrs.field(default=True, validator=validators.boolean())
    forced_queen: ForcedQueen = attrs.field(
        default="enforce",
        converter=_canonical,
        validator=_one_of(FORCED_QUEEN_MODES),
    )
    marriage_order: MarriageOrder = attrs.field(
        default="K_then_Q",
        converter=_canonical,
        validator=_one_of(MARRIAGE_ORDERS),
    )
    own_marriage_lead_bonus: bool = attrs.field(default=False, validator=validators.boolean())
    marriage_trick_rule: MarriageTrickRule = attrs.field(
        default="freeze",
        converter=_canonical,
        validator=_one_of(MARRIAGE_TRICK_RULES),
    )
    table_marriage_payment: int = attrs.field(default=1, validator=_whole(0, MOST_CHIPS))
    heart_table_marriage_king_pays: bool = attrs.field(default=True, validator=validators.boolean())
    jester_captors: JesterCaptors = attrs.field(
        default="royal_hearts",
        converter=_canonical,
        validator=_one_of(JESTER_CAPTORS),
    )
    jester_penalty_payee: JesterPenaltyPayee = attrs.field(
        default="queen_of_hearts_holder",
        converter=_canonical,
        validator=_one_of(JESTER_PENALTY_PAYEES),
    )
    jester_paid_only_if_it_wins_trick: bool = attrs.field(
        default=False, validator=validators.boolean()
    )
    trick_pay_min: int = attrs.field(default=2, validator=_whole(1, HAND_SIZE))
    trick_pay_per_trick: int = attrs.field(default=1, validator=_whole(0, MOST_CHIPS))
    dealer_covers_shortfall: bool = attrs.field(default=False, validator=validators.boolean())
    fine_zero_tricks: int = attrs.field(default=1, validator=_whole(0, MOST_CHIPS))
    loser_threshold: int = attrs.field(default=0, validator=_whole(0, HAND_SIZE - 1))
    leftover: Leftover = attrs.field(
        default="split_equally", converter=_canonical, validator=_one_of(LEFTOVERS)
    )
    rounds: int = attrs.field(default=1, validator=_whole(1, MOST_ROUNDS))
    max_hands: int | None = attrs.field(default=None, validator=_optional_whole(1, MOST_HANDS))
    step: int = attrs.field(init=False, repr=False, eq=False)
    """The seat number's change from one player to the next: +1 clockwise, -1 otherwise."""

    def __attrs_post_init__(self) -> None:
        """Work out :attr:`step` once, for the engine's hot path."""
        object.__setattr__(self, "step", 1 if self.direction is DIRECTIONS[0] else -1)

    def pack_size(self, players: int) -> int:
        """Return the number of cards in the pack for ``players`` players (rule 2).

        Raises:
            RulesError: If ``players`` is not 5 to 10.

        Example:
            >>> Rules().pack_size(6), Rules().pack_size(7)
            (36, 52)
        """
        for count, size in self.deck_for_players:
            if count == players and type(players) is int:
                return size
        raise errors.RulesError(
            f"Mariage is played by 5 to 10 players, not {errors.quote(players)}"
        )
