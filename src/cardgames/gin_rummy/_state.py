"""The state of a Gin Rummy match, and what one seat may see of it."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardgames import _frozen, cards, history, matches, validators, views
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _moves as moves
from cardgames.gin_rummy import _scoring as scoring
from cardgames.gin_rummy._hollywood import HollywoodSheet
from cardgames.gin_rummy._rules import Rules

__all__ = [
    "PLAYERS",
    "STOCK_SIZE",
    "VOID_STOCK",
    "Hand",
    "HandScore",
    "Match",
    "Phase",
    "Score",
    "Showdown",
    "State",
    "View",
]

PLAYERS: Final = 2
"""Gin Rummy is a game for two."""

STOCK_SIZE: Final = 31
"""The stock after the deal: 52 cards less 2 × 10 dealt and the upcard."""

VOID_STOCK: Final = 2
"""The hand is void when a player discards without knocking and the stock is down to 2 cards."""

UPCARD: Final = 20
"""The upcard's place in the deal order (the 21st card)."""


class Phase(enum.StrEnum, metaclass=validators.ExactLookup, what="phase"):
    """Where a hand stands: what kind of move comes next.

    A phase is its text too: ``Phase.DRAW == "draw"``. ``Phase("draw")`` is ``Phase.DRAW``; a
    value that names no phase raises :class:`~cardgames.errors.RulesError`.
    """

    DEAL = "deal"
    """Between hands: the dealer deals (or the match is over)."""
    OFFER = "offer"
    """The first turn: the non-dealer, then the dealer, takes the upcard or passes."""
    FIRST_DRAW = "first draw"
    """Both passed the upcard: the non-dealer draws from the stock."""
    DRAW = "draw"
    """The player to move draws from the stock or the pile."""
    DISCARD = "discard"
    """The player to move, holding eleven cards, discards or knocks."""
    KNOCKER = "knocker"
    """The knocker lays out his hand."""
    DEFENDER = "defender"
    """The defender lays out his hand and lays off."""


# On Python 3.11 looking a member up on its enum class costs about 60 ns; the engine's hot code
# reads these module constants instead.
PHASE_DEAL: Final = Phase.DEAL
PHASE_OFFER: Final = Phase.OFFER
PHASE_FIRST_DRAW: Final = Phase.FIRST_DRAW
PHASE_DRAW: Final = Phase.DRAW
PHASE_DISCARD: Final = Phase.DISCARD
PHASE_KNOCKER: Final = Phase.KNOCKER
PHASE_DEFENDER: Final = Phase.DEFENDER


@attrs.frozen
class HandScore(matches.HandScore):
    """A finished Gin Rummy hand on the score sheet.

    Attributes:
        upcard: The hand's first upcard.
        knocker: The seat that knocked; None for a void hand.
        winner: The seat that scored the hand; None for a void hand.
        result: The knock's score (kind, counts, bonus, doubling); None for a void hand.
        knocker_layout: The knocker's melds and deadwood as laid out; None for a void hand.
        defence: The defender's melds, lay-offs and deadwood; None for a void hand.
    """

    upcard: cards.Card
    knocker: int | None
    winner: int | None
    result: scoring.HandResult | None
    knocker_layout: melds.Arrangement | None
    defence: melds.Defence | None

    @property
    def void(self) -> bool:
        """Whether the hand was void: the stock ran down to two cards without a knock."""
        return self.result is None


@attrs.frozen
class Match(matches.Match[Rules, HandScore]):
    """What no move within a hand changes, with Gin Rummy's own match-wide facts.

    Attributes:
        next_dealer: The seat that deals the next hand (rule 9; after a void hand the same
            dealer again).
        hands_won: How many hands each seat has won (scored); void hands count for no one.
        hollywood: The Hollywood sheet, with Hollywood scoring; else None.
        settlement: What the winner receives at the end (rule 21, or the net of the Hollywood
            games' settlements); None while the match goes on or when nobody won it.
    """

    next_dealer: int
    hands_won: tuple[int, ...]
    hollywood: HollywoodSheet | None
    settlement: int | None


@attrs.frozen
class Hand:
    """What the deal fixed for the whole hand.

    Attributes:
        dealer: The seat that dealt it.
        deck: The card indices in the order dealt, top card first: the non-dealer got places 0,
            2 … 18, the dealer 1, 3 … 19; place 20 was the upcard; the stock is the rest.
        upcard: The first upcard's index.
        limit: The highest count a player may knock with in this hand.
        doubled: Whether the hand's score is doubled (an Oklahoma spade upcard).
    """

    dealer: int
    deck: tuple[int, ...]
    upcard: int
    limit: int
    doubled: bool


@attrs.frozen
class Showdown:
    """The end of a hand after a knock: who knocked, and the lay-outs made so far.

    Attributes:
        knocker: The seat that knocked.
        discard: The card he discarded face down (None for big gin); it stays hidden.
        big_gin: Whether he went out with all eleven cards.
        layout: His melds and deadwood once laid out.
        defence: The defender's melds, lay-offs and deadwood once laid out.
    """

    knocker: int
    discard: int | None
    big_gin: bool
    layout: melds.Arrangement | None = None
    defence: melds.Defence | None = None


@attrs.frozen
class Score(matches.Score[HandScore]):
    """The Gin Rummy score sheet: totals, hands, result, and the settlement.

    Attributes:
        hands_won: How many hands each seat has won (the boxes); void hands count for no one.
        settlement: What the winner receives from the loser at the end (rules 21–23; with
            Hollywood scoring, the net of the three games' settlements); None while the match
            goes on or when nobody won it.
        hollywood: The Hollywood sheet when ``Rules.hollywood`` is on, else None.
    """

    hands_won: tuple[int, ...]
    settlement: int | None
    hollywood: HollywoodSheet | None


@attrs.frozen(repr=False)
class State(matches.MatchFacts[Rules, HandScore, moves.Move]):
    """A Gin Rummy match at one moment; ``apply`` returns a new one.

    Build one with :func:`~cardgames.gin_rummy.new_game`. Read public facts through the game's
    functions, :func:`~cardgames.gin_rummy.view` and the properties below; the stored fields
    are the engine's own and may change between versions. The :attr:`totals` are the points
    each seat has scored.
    """

    match: Match
    """What no move within a hand changes: the rules, the seed, the score sheet."""
    phase: Phase
    """What kind of move comes next."""
    turn: int
    """The seat to move (between hands: the next dealer)."""
    hand: Hand | None
    """What the deal fixed; None before the first deal."""
    hands: tuple[int, ...]
    """Each seat's cards as a bit set of card indices."""
    drawn: int
    """Where the stock's top card is in the deal order (the hand's shuffled deck)."""
    pile: tuple[int, ...]
    """The discard pile's card indices, the bottom first, the top last."""
    taken: int
    """The card just taken from the pile this turn, or -1."""
    knocks: int
    """After a draw: the bit set of the cards whose discard knocks; bit 52 if big gin is on."""
    pile_draws: int
    """How many times the pile has been drawn from in this hand."""
    picked: tuple[int, ...]
    """The cards each seat has taken from the pile in this hand: public knowledge."""
    showdown: Showdown | None
    """After a knock, the lay-outs; None before."""
    history: history.History[moves.Move] | None
    """The moves of the match, the last one first (see :attr:`moves`)."""

    @property
    def hand_over(self) -> bool:
        """Whether no hand is in progress: the next move is a deal, or the match is over."""
        return self.phase is PHASE_DEAL

    @property
    def dealer(self) -> int:
        """The seat that dealt the current (or last) hand; before the first, the first dealer."""
        return self.match.first_dealer if self.hand is None else self.hand.dealer

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        return 0 if self.hand is None else len(self.hand.deck) - self.drawn

    @property
    def knocker(self) -> int | None:
        """The seat that knocked in this hand, or None."""
        return None if self.showdown is None else self.showdown.knocker

    def __repr__(self) -> str:
        """Return a one-line summary (the full state is in the fields)."""
        if self.over:
            where = "over"
        elif self.hand_over:
            where = f"before hand {self.hand_number + 1}"
        else:
            where = f"hand {self.hand_number}, {self.phase.value}"
        return f"<gin_rummy.State seed={self.seed} {where} totals={list(self.totals)}>"


build_state: Final = _frozen.builder(State)
"""``State(...)``, a fifth faster (see :mod:`cardgames._frozen`): the engine builds one a move."""


@attrs.frozen
class View(views.View[Rules, Phase, HandScore, moves.Move]):
    """What one seat may know of a Gin Rummy match: never the other seat's hidden cards.

    Attributes:
        seat: The seat whose view this is.
        players: The number of seats: 2.
        rules: The match's options (public: both players know them).
        hand_number: 0 before the first deal, then the number of hands dealt.
        dealer: The dealer of the current hand (or of the last, between hands).
        current_player: The seat to move, or None when the match is over.
        phase: What kind of move comes next: a :class:`Phase`, which is also its text
            (``"deal"``, ``"offer"``, ``"first draw"``, ``"draw"``, ``"discard"``,
            ``"knocker"``, ``"defender"``).
        hand: This seat's cards, in card order.
        hand_sizes: How many cards each seat holds.
        known: For each seat, the cards it took from the pile in this hand and still holds:
            public knowledge (this seat's own included).
        pile: The discard pile, the bottom first, the top last.
        stock_size: How many cards are left in the stock.
        upcard: The hand's first upcard (it stays on record in Oklahoma even once taken), or
            None before the first deal.
        knock_limit: The highest count a player may knock with in this hand, or None before
            the first deal.
        doubled: Whether this hand's score is doubled (an Oklahoma spade upcard).
        knocker: The seat that knocked in this hand, or None.
        knocker_layout: The knocker's melds and deadwood, once laid out.
        defence: The defender's melds, lay-offs and deadwood, once laid out.
        totals: Each seat's total.
        hands_won: How many hands each seat has won.
        hollywood: The Hollywood sheet, with Hollywood scoring; else None.
        last_hand: The score of the last finished hand, or None before the first is over.
        over: Whether the match has ended.
        winners: The match's winners once it is over, else empty.
        losers: The match's losers once it is over, else empty (both seats when it ends with
            equal totals).
        legal_moves: This seat's legal moves; empty when it is not its turn.
    """

    hand: tuple[cards.Card, ...]
    known: tuple[tuple[cards.Card, ...], ...]
    pile: tuple[cards.Card, ...]
    stock_size: int
    upcard: cards.Card | None
    knock_limit: int | None
    doubled: bool
    knocker: int | None
    knocker_layout: melds.Arrangement | None
    defence: melds.Defence | None
    hands_won: tuple[int, ...]
    hollywood: HollywoodSheet | None

    @property
    def top(self) -> cards.Card | None:
        """The top card of the discard pile, or None if it is empty."""
        return self.pile[-1] if self.pile else None
