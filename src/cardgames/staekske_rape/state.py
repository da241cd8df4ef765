"""The state of a Staekske Rape match, and what one seat may see of it."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardgames import cards, history, matches, tricks, validators, views
from cardgames.staekske_rape import moves
from cardgames.staekske_rape.rules import Rules

__all__ = [
    "PLAYERS",
    "TRICKS",
    "Call",
    "Contract",
    "HandScore",
    "Phase",
    "State",
    "View",
    "before_play",
]

PLAYERS: Final = (4, 5)
"""Four players; with five the dealer sits each hand out."""


TRICKS: Final = 7
"""Tricks in a hand: seven cards each."""

Call = moves.Bid | moves.Pass | moves.Concede
"""A call in the auction (the nanny's ``Bid(1)`` and ``Concede()`` included)."""


class Phase(enum.Enum, metaclass=validators.ExactLookup, what="phase"):
    """Where a hand stands: what kind of move comes next.

    ``Phase("auction")`` is ``Phase.AUCTION``; a value that names no phase raises
    :class:`~cardgames.errors.RulesError`.
    """

    DEAL = "deal"
    """Between hands: the dealer deals (or the match is over)."""
    AUCTION = "auction"
    """The players look, bid and pass, from the nanny on."""
    NANNY = "nanny"
    """Nobody after the nanny bid: he plays bid 1 or concedes."""
    STOCK = "stock"
    """The declarer takes the stock or plays without it."""
    DISCARD = "discard"
    """The declarer, having taken the stock, lays four cards aside."""
    TRUMP = "trump"
    """The declarer names trumps."""
    PLAY = "play"
    """The declarer declares melds and leads; the seven tricks are played."""


# On Python 3.11 looking a member up on its enum class costs about 60 ns; the engine's hot code
# reads these module constants instead.
_DEAL: Final = Phase.DEAL
_AUCTION: Final = Phase.AUCTION
_NANNY: Final = Phase.NANNY
_PLAY: Final = Phase.PLAY


@attrs.frozen
class HandScore(matches.HandScore):
    """A finished Staekske Rape hand on the score sheet. Only the declarer's total changes.

    Attributes:
        declarer: The seat that played the hand, or the nanny who conceded it.
        bid: The contract (1 for the nanny's forced game); None when the nanny conceded.
        conceded: Whether the nanny conceded instead of playing (−10).
        without_stock: Whether the declarer played without the stock (doubled).
        trump: The trump suit, or None when the hand was conceded.
        melds: The melds the declarer declared, in the order declared.
        stoek: Whether he declared Stoek.
        meld_points: The points of his melds and Stoek.
        card_points: Each seat's card points from tricks, +5 for the last trick.
        tricks: How many tricks each seat took.
        set_aside_points: The card points of the four set-aside cards (discards or stock).
        declarer_points: The declarer's card points as scored (with the set-aside cards if
            ``Rules.set_aside_counts_for_declarer``).
        result: The declarer's game points for the hand.
    """

    declarer: int
    bid: int | None
    conceded: bool
    without_stock: bool
    trump: cards.Suit | None
    melds: tuple[moves.Meld, ...]
    stoek: bool
    meld_points: int
    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    set_aside_points: int
    declarer_points: int
    result: int


@attrs.frozen
class Contract:
    """What the auction, the stock and the declarations of the current hand have settled.

    The engine's own record; players read it through :class:`View`.
    """

    dealer: int
    stock: int
    """The stock's bit set while it lies untouched (also when played without), else 0."""
    looked: tuple[bool, ...]
    passed: int
    """The bit set of the seats that have passed."""
    calls: tuple[tuple[int, Call], ...]
    bid: int
    """The highest bid so far; after the auction, the contract. 0 before any bid."""
    bidder: int | None
    others_bid: bool
    """Whether anyone but the nanny has bid."""
    declarer: int | None = None
    without_stock: bool = False
    discards: int = 0
    kept: int = 0
    """The declarer's hand after the stock exchange (for Stoek)."""
    trump: cards.Suit | None = None
    melds: tuple[moves.Meld, ...] = ()
    meld_points: int = 0
    used: int = 0
    """The cards counted in declared melds and Stoek."""
    stoek: bool = False
    stoek_pending: bool = False
    """Stoek was announced during the play: the declarer must now play the trump K or Q."""
    following: int = attrs.field(default=0, eq=False, repr=False)
    """Which table of :func:`~cardgames.staekske_rape.play.following` applies, set when trumps
    are named (derived from the trump and the rules, so it takes no part in equality)."""

    @property
    def nanny(self) -> int:
        """The seat at the dealer's left, who speaks first."""
        return (self.dealer + 1) % len(self.looked)


@attrs.frozen(repr=False)
class State(matches.MatchFacts[Rules, HandScore, moves.Move]):
    """A Staekske Rape match at one moment; ``apply`` returns a new one.

    Build one with :func:`~cardgames.staekske_rape.new_game`. Read public facts through the
    game's functions, :func:`~cardgames.staekske_rape.view` and the properties below; the stored
    fields are the engine's own and may change between versions. The :attr:`totals` are game
    points: the first declarer to reach the target wins.
    """

    match: matches.Match[Rules, HandScore]
    """What no move within a hand changes: the rules, the seed, the score sheet."""
    phase: Phase
    """What kind of move comes next."""
    turn: int
    """The seat to move (the next dealer between hands)."""
    contract: Contract | None
    hands: tuple[int, ...]
    leader: int
    """The seat that leads the trick being played; before the first card of a hand, the seat to
    move; between hands, the winner of the last trick."""
    trick: tuple[int, ...]
    """The card indices of the trick being played, the lead first (played from ``leader`` on)."""
    tricks: tuple[tricks.Trick, ...]
    history: history.History[moves.Move] | None

    @property
    def hand_over(self) -> bool:
        """Whether no hand is in progress: the next move is a deal, or the match is over."""
        return self.phase is _DEAL

    @property
    def declarer(self) -> int | None:
        """The declarer of the current (or last) hand, once the auction has made one."""
        return None if self.contract is None else self.contract.declarer

    def __repr__(self) -> str:
        """Return a one-line summary (the full state is in the fields)."""
        if self.over:
            where = "over"
        elif self.hand_over:
            where = f"before hand {self.hand_number + 1}"
        else:
            where = f"hand {self.hand_number}, {self.phase.value}"
        return f"<staekske_rape.State seed={self.seed} {where} totals={list(self.totals)}>"


FIELDS: Final = (
    "match",
    "phase",
    "turn",
    "contract",
    "hands",
    "leader",
    "trick",
    "tricks",
    "history",
)
"""The fields of :class:`State` in order. The engine builds states positionally (keywords cost
more on its hot paths), so this guard fails at import if the fields ever change."""

if tuple(field.name for field in attrs.fields(State)) != FIELDS:  # pragma: no cover
    raise RuntimeError("State's fields have changed: update the positional State() calls")


def before_play(
    before: State,
    move: moves.Move,
    contract: Contract,
    *,
    phase: Phase,
    turn: int,
    hands: tuple[int, ...] | None = None,
) -> State:
    """Return the state after a move before the first card: a call or a declarer's choice.

    Args:
        before: The state the move was made in.
        move: The move, added to the history.
        contract: The contract after the move.
        phase: The phase the move leads to.
        turn: The seat to move next; it also leads, if the play comes next.
        hands: The hands after the move; None if it changed none.
    """
    return State(
        before.match,
        phase,
        turn,
        contract,
        before.hands if hands is None else hands,
        turn,
        (),
        (),
        history.History(move, before.history),
    )


@attrs.frozen
class View(views.View[Rules, Phase, HandScore, moves.Move]):
    """What one seat may know of a Staekske Rape match: never another seat's cards or the stock.

    Attributes:
        seat: The seat whose view this is.
        players: The number of seats, 4 or 5.
        rules: The match's options (every seat knows the rules it plays by).
        hand_number: 0 before the first deal, then the number of hands dealt.
        dealer: The dealer of the current hand (or of the first, before it is dealt).
        phase: What kind of move comes next.
        current_player: The seat to move, or None when the match is over.
        hand: This seat's cards, in card order; None while this seat has not looked at them.
        hand_sizes: How many cards each seat holds (0 for a dealer sitting out).
        looked: Which seats have looked at their cards.
        stock_size: How many cards lie in the stock (4 until the declarer takes them).
        auction: The calls of this hand in order, as (seat, call).
        bid: The highest bid so far (the contract once the auction is over); 0 before any.
        declarer: The declarer, once the auction has made one.
        without_stock: Whether the declarer plays without the stock.
        discards: The cards this seat laid aside, if it is the declarer and has discarded;
            None for everyone else.
        trump: The trump suit, once named.
        melds: The melds the declarer has declared (shown face up).
        stoek: Whether the declarer has announced Stoek.
        trick: The trick being played, or None between tricks.
        tricks: The tricks finished in this hand (or in the last hand, until the next deal).
        tricks_taken: How many tricks each seat took in this hand.
        points_taken: The card points each seat took in this hand (+5 for the last trick).
        totals: Each seat's game points.
        last_hand: The score of the last finished hand, or None before the first is over.
        over: Whether the match has ended.
        winners: The match's winners once it is over, else empty.
        losers: The match's losers once it is over, else empty.
        legal_moves: This seat's legal moves; empty when it is not its turn.
    """

    hand: tuple[cards.Card, ...] | None
    looked: tuple[bool, ...]
    stock_size: int
    auction: tuple[tuple[int, Call], ...]
    bid: int
    declarer: int | None
    without_stock: bool
    discards: tuple[cards.Card, ...] | None
    trump: cards.Suit | None
    melds: tuple[moves.Meld, ...]
    stoek: bool
    trick: tricks.Trick | None
    tricks: tuple[tricks.Trick, ...]
    tricks_taken: tuple[int, ...]
    points_taken: tuple[int, ...]
