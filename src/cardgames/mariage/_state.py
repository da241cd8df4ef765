"""The state of a Mariage session, what one seat may see of it, and its score sheet.

Chips: every seat's *balance* (the chips in front of him) and every pool's content are in the
state at each moment. A seat's *total* is its net result, the balance less the starting chips
(rule 40): the sum of the chip changes of the finished deals, as on every game's score sheet.
"""

from __future__ import annotations

import enum
from typing import Final, NamedTuple

import attrs

from cardgames import _frozen, cards, errors, history, matches, tricks, validators, views
from cardgames.mariage import _ledger as ledger
from cardgames.mariage import _moves as moves
from cardgames.mariage._ledger import Chips, Ledger, Payment
from cardgames.mariage._moves import Claim
from cardgames.mariage._pools import POOLS
from cardgames.mariage._rules import HAND_SIZE, Rules

__all__ = ["TRICKS", "HandScore", "Match", "Phase", "Score", "State", "Table", "View"]

TRICKS: Final = HAND_SIZE
"""Tricks in a deal: five cards each."""


class Phase(enum.StrEnum, metaclass=validators.ExactLookup, what="phase"):
    """Where a session stands: what kind of move comes next.

    ``Phase("claims")`` is ``Phase.CLAIMS``; a value that names no phase raises
    :class:`~cardgames.errors.RulesError`.

    Example:
        >>> Phase("deal") is Phase.DEAL, str(Phase.CLAIMS)
        (True, 'claims')
    """

    DEAL = "deal"
    """Before the first deal and between deals: the dealer deals."""
    CLAIMS = "claims"
    """With ``auto_claim=False``: the players claim the pools I–V in turn, each ending with a
    pass (rule 11)."""
    PLAY = "play"
    """The five tricks are being played (a queen called out of turn by her king included)."""
    OVER = "over"
    """The session has ended."""


@attrs.frozen
class HandScore(matches.HandScore):
    """A finished Mariage deal on the score sheet.

    ``points`` are each seat's chip change in the deal: the ante, the pools, the payments in
    play, the tricks pool and fines (and, for the session's last deal, the share-out of the
    pools). A misdealt deal is void: its points are the ante and the misdeal payments.

    Attributes:
        dealer: The seat that dealt.
        trump: The card turned up for trump.
        pools_won: The seat that took each of the pools I–V, None where nobody did.
        tricks: How many tricks each seat took.
        misdeal: Whether the deal was void: misdealt, and dealt again as the next deal.
    """

    dealer: int
    trump: cards.Card
    pools_won: tuple[int | None, ...]
    tricks: tuple[int, ...]
    misdeal: bool


@attrs.frozen
class Match(matches.Match[Rules, HandScore]):
    """The session record: the shared :class:`cardgames.matches.Match` and Mariage's dealing facts.

    ``totals`` are net results in chips (balance less the starting chips), summed over the
    finished deals.

    Attributes:
        dealer: The seat that dealt the current deal (or the last one, between deals; the
            first dealer before the first deal).
        next_dealer: The seat that deals next.
        deals: The deals played so far that count towards the session's length (a misdealt
            deal does not; its redeal does).
        redeal: Whether the next deal redeals a misdealt one (no ante).
        out_of_turn: Whether a deal out of turn has been recorded for the next deal.
        discarded: The chips discarded when the pools were shared out at the session's end.
    """

    dealer: int
    next_dealer: int
    deals: int
    redeal: bool
    out_of_turn: bool
    discarded: int


class Table(NamedTuple):
    """What one deal has on the table: the trump, the claims, the chips and the pools.

    The engine's own record (a tuple, cheap to build on the hot path), rebuilt when a deal
    starts, when a claim or payment is made and when the deal ends; read it through
    :class:`State`'s properties and :func:`~cardgames.mariage.view`.
    """

    trump: int
    """The index of the card turned up for trump; -1 before the first deal."""
    ranking: tricks.Ranking
    """The deal's card ranking (rules 18, 19)."""
    duty: int
    """The cards a player void in the suit led must play if he can (rule 22)."""
    queen_holder: int
    """The seat dealt Q♥, -1 if it was not dealt (rule 29)."""
    claims: tuple[tuple[int, Claim], ...]
    """The claims made in this deal, as (seat, claim), in the order made."""
    claiming: bool
    """Whether the players are making claims (``auto_claim=False``) before the lead."""
    declined: int
    """The suits (bit ``1 << suit``) whose queen was declined in the current trick."""
    chips: Chips
    """Each seat's balance, the chips in each of the pools I–VI, and the ledger of every
    payment of the session (a chain of entries, the last first)."""
    after_ante: Chips
    """The chips right after this deal's ante: a misdeal goes back to them."""
    pools_won: tuple[int | None, ...]
    """The seat that took each of the pools I–V in this deal, None where nobody did."""
    closed: bool
    """Whether the deal is over (its tricks played and paid, or misdealt)."""

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's chips."""
        return self.chips[0]

    @property
    def pools(self) -> tuple[int, ...]:
        """The chips in each of the pools I–VI."""
        return self.chips[1]

    @property
    def ledger(self) -> Ledger:
        """The session's payments, as a chain of entries, the last first."""
        return self.chips[2]

    def paid(self, chips: Chips, *, declined: int = 0) -> Table:
        """Return the table after payments: new chips, and the suits declined in the trick."""
        trump, ranking, duty, queen_holder, claims, claiming, _, _, after_ante, won, closed = self
        # tuple.__new__ skips the NamedTuple's own __new__ (a lambda): this runs at most tricks.
        return tuple.__new__(
            Table,
            (
                trump,
                ranking,
                duty,
                queen_holder,
                claims,
                claiming,
                declined,
                chips,
                after_ante,
                won,
                closed,
            ),
        )


@attrs.frozen(repr=False)
class State(matches.MatchFacts[Rules, HandScore, moves.Move]):
    """A Mariage session at one moment; ``apply`` returns a new one.

    Build one with :func:`~cardgames.mariage.new_game`. Read public facts through the game's
    functions, :func:`~cardgames.mariage.view` and the properties below; the stored fields
    are the engine's own and may change between versions.
    """

    match: Match
    """The session record: rules, seed, dealers, the score sheet."""
    table: Table
    """The current deal's trump, claims, chips and pools."""
    hands: tuple[int, ...]
    """Each seat's cards as a bit set of card indices."""
    trick: tuple[int, ...]
    """The card indices of the trick being played, in the order played."""
    seats: tuple[int, ...]
    """The seats that played them, in the same order."""
    turn: int
    """The seat to move while a deal is on (the claimant, or the player to play)."""
    due: int
    """The index of the queen that ``turn`` must play out of turn on her king, else -1."""
    tricks: tuple[tricks.Trick, ...]
    """The tricks finished in this deal (or in the last one, until the next deal)."""
    history: history.History[moves.Move] | None
    """The moves of the session, the last one first (see :attr:`moves`)."""
    playable: int = attrs.field(init=False, eq=False, repr=False)
    """The bit set of the cards the seat to move may play now (rules 22 and 23).

    The one statement of the rule: the queen called out of turn by her king is played alone;
    a player in turn leads any card, and follows as :func:`cardgames.tricks.follow` says with
    the deal's ranking, a hand void in the suit led playing the trumps rule 22 requires. No card
    between deals or in the claims, nor in a state built from what no engine builds. It is
    worked out once, as the state is built, and :func:`~cardgames.mariage.legal_moves`, both
    ways through :func:`~cardgames.mariage.apply` and the reasons of a refusal read it;
    derived from the other fields, it takes no part in equality.
    """

    @playable.default
    def _playable(self) -> int:
        """Return the cards the seat to move may play (see :attr:`playable`)."""
        try:
            table = self.table
            if table.closed or table.claiming:
                return 0
            due = self.due
            if due >= 0:
                return _BITS[due]
            hand = self.hands[self.turn]
            trick = self.trick
            if not trick:
                return hand
            return _follow(hand, trick[0], table.ranking, must_trump=True, trumps=table.duty)
        except (AttributeError, IndexError, KeyError, TypeError, errors.RulesError):
            return 0

    @property
    def dealer(self) -> int:
        """The seat that dealt the current deal (the last one between deals).

        Before the first deal, the first dealer.
        """
        return self.match.dealer

    @property
    def hand_over(self) -> bool:
        """Whether no deal is in progress (the next move is a deal, or the session is over)."""
        return self.table.closed

    @property
    def in_play(self) -> bool:
        """Whether a deal is in progress: dealt, its tricks not all played."""
        return not self.table.closed

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's chips now."""
        return self.table.chips[0]

    @property
    def pools(self) -> tuple[int, ...]:
        """The chips in each of the pools I–VI now."""
        return self.table.chips[1]

    @property
    def ledger(self) -> tuple[Payment, ...]:
        """Every payment of the session, oldest first, each with its deal and reason.

        Built when read, from the whole session, so it grows with it: a loop that runs every
        move reads the deal's payments from :func:`~cardgames.mariage.score` instead.
        """
        return ledger.payments(self.table.chips[2])

    @property
    def trump(self) -> cards.Card | None:
        """The card turned up for trump in this deal (or the last), None before the first."""
        index = self.table.trump
        return None if index < 0 else cards.CARDS[index]

    @property
    def phase(self) -> Phase:
        """What kind of move comes next: a deal, the claims, a card, or none (the end)."""
        if self.match.winners is not None:
            return Phase.OVER
        table = self.table
        if table.closed:
            return Phase.DEAL
        return Phase.CLAIMS if table.claiming else Phase.PLAY

    def __repr__(self) -> str:
        """Return a one-line summary (the full state is in the fields)."""
        if self.over:
            where = "over"
        elif self.hand_over:
            where = f"before deal {self.hand_number + 1}"
        else:
            where = f"deal {self.hand_number}, trick {len(self.tricks) + 1}"
        return f"<mariage.State seed={self.seed} {where} balances={list(self.balances)}>"


_follow: Final = tricks.follow
_BITS: Final = tuple(card.mask for card in cards.CARDS)

build_state: Final = _frozen.builder(State)
"""``State(...)``, a fifth faster (see :mod:`cardgames._frozen`): the engine builds one a move."""
build_match: Final = _frozen.builder(Match)
"""``Match(...)``, a fifth faster: the engine builds two a deal."""


@attrs.frozen
class View(views.View[Rules, Phase, HandScore, moves.Move]):
    """What one seat may know of a Mariage session: never another seat's cards.

    Attributes:
        seat: The seat whose view this is.
        players: The number of seats.
        rules: The session's options (public: every player knows the rules of the table).
        hand_number: 0 before the first deal, then the number of deals made.
        dealer: The dealer of the current deal (or of the last, between deals).
        current_player: The seat to move, or None when the session is over.
        phase: What kind of move comes next (:class:`Phase`).
        hand: This seat's cards, in card order.
        hand_sizes: How many cards each seat holds.
        trump: The card turned up for trump, or None before the first deal.
        claims: The claims made in this deal, as (seat, claim), in the order made.
        pools_won: The seat that took each of the pools I–V in this deal, None where nobody
            did (yet).
        trick: The trick being played, or None between tricks.
        tricks: The tricks finished in this deal (or in the last deal, until the next).
        tricks_taken: How many tricks each seat took in this deal.
        queen_due: The queen this seat must play out of turn on her king (rule 23), else
            None. Only her holder's view names her: the other seats see only whose turn it is,
            which shows nothing when he is next in turn anyway.
        queens_declined: The suits whose queen was declined on her king in the trick being
            played (``forced_queen="penalty_only"``): that king and queen make no marriage in
            it.
        balances: Each seat's chips.
        pools: The chips in each of the pools I–VI.
        totals: Each seat's net result over the finished deals.
        last_hand: The score of the last finished deal, or None before the first is over.
        over: Whether the session has ended.
        winners: The seats with the highest balance once the session is over (empty while it
            goes on, and when every balance is equal).
        losers: The other seats once the session is over (empty while it goes on).
        legal_moves: This seat's legal moves; empty when it is not its turn.
    """

    hand: tuple[cards.Card, ...]
    trump: cards.Card | None
    claims: tuple[tuple[int, Claim], ...]
    pools_won: tuple[int | None, ...]
    trick: tricks.Trick | None
    tricks: tuple[tricks.Trick, ...]
    tricks_taken: tuple[int, ...]
    queen_due: cards.Card | None
    queens_declined: tuple[cards.Suit, ...]
    balances: tuple[int, ...]
    pools: tuple[int, ...]


@attrs.frozen
class Score(matches.Score[HandScore]):
    """The score sheet of a Mariage session: net results, balances, pools and the payments.

    ``totals`` are each seat's net result in chips over the finished deals (the sum of their
    ``points``); ``winners`` are the seats with the highest balance once the session is over,
    ``losers`` everyone else (all seats, and no winner, if every balance is equal).

    A score holds the payments of one deal, so that the score of a long session costs no more
    than that of a short one; every payment of the session is :attr:`State.ledger
    <cardgames.mariage.State.ledger>`.

    Attributes:
        balances: Each seat's chips now (the starting chips plus the total, plus any change
            in the deal being played).
        pools: The chips in each of the pools I–VI now.
        payments: The payments of this deal, oldest first: the deal being played, or the
            last one until the next is dealt, and a deal out of turn recorded for the coming
            deal.
        discarded: The chips discarded when the pools were shared out at the end (rule 39).
    """

    balances: tuple[int, ...]
    pools: tuple[int, ...]
    payments: tuple[Payment, ...]
    discarded: int

    @property
    def payment_lines(self) -> tuple[str, ...]:
        """The payments as text, one a line, oldest first."""
        return tuple(map(str, self.payments))

    def __str__(self) -> str:
        """Return the balances, the pools and this deal's payments as lines of text."""
        seats = "  ".join(f"seat {seat}: {chips}" for seat, chips in enumerate(self.balances))
        boxes = "  ".join(f"{pool}: {chips}" for pool, chips in zip(POOLS, self.pools, strict=True))
        return "\n".join((f"balances  {seats}", f"pools     {boxes}", *self.payment_lines))
