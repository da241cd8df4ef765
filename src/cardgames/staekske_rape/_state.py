"""The state of a Staekske Rape match, what the seat to move may play, and what one seat sees.

How the cards follow and win (rules 4 and 25-30) is here too: the rankings, the tables of the
exceptions to following suit, and :func:`allowed`, which a state reads as it is built to work
out what may be played (:attr:`State.playable`).
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardgames import _frozen, cards, errors, history, matches, tricks, validators, views
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _moves as moves
from cardgames.staekske_rape._rules import Rules

__all__ = [
    "JACKS",
    "PACK",
    "PLAYERS",
    "RANKINGS",
    "TRICKS",
    "Call",
    "Contract",
    "HandScore",
    "Phase",
    "State",
    "View",
    "allowed",
    "before_play",
    "following",
    "ruled_out",
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
PHASE_DEAL: Final = Phase.DEAL
PHASE_AUCTION: Final = Phase.AUCTION
PHASE_NANNY: Final = Phase.NANNY
PHASE_PLAY: Final = Phase.PLAY


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
    """Which table of :func:`~cardgames.staekske_rape._play.following` applies, set when trumps
    are named (derived from the trump and the rules, so it takes no part in equality)."""

    @property
    def nanny(self) -> int:
        """The seat at the dealer's left, who speaks first."""
        return (self.dealer + 1) % len(self.looked)


# --- How players follow (rules 25-30) ------------------------------------------------------

PACK: Final = cards.pack(32)
"""The 32-card pack, in card order."""

_TRUMP_ORDER: Final = (
    cards.Rank.SEVEN,
    cards.Rank.EIGHT,
    cards.Rank.TEN,
    cards.Rank.QUEEN,
    cards.Rank.KING,
    cards.Rank.ACE,
    cards.Rank.NINE,
    cards.Rank.JACK,
)
"""Trumps from low to high: J 9 A K Q 10 8 7 read backwards (rule 4)."""


def _ranking(trump: cards.Suit) -> tricks.Ranking:
    """Build the ranking for a trump suit: trumps J 9 A K Q 10 8 7, plain suits A K Q J … 7."""
    return tricks.Ranking.build(
        PACK,
        suit_of=lambda card: int(card.suit),
        strength=lambda card: (
            _TRUMP_ORDER.index(card.rank) + 1 if card.suit == trump else int(card.rank) - 6
        ),
        trump=int(trump),
    )


RANKINGS: Final = tuple(_ranking(trump) for trump in cards.Suit)
"""The ranking of each trump suit, ``RANKINGS[trump]``."""

JACKS: Final = tuple(cards.Card(cards.Rank.JACK, trump).mask for trump in cards.Suit)
"""The bit of each suit's jack, ``JACKS[trump]``."""

Following = tuple[tricks.Ranking, tuple[tuple[int, int], ...]]
"""How players follow under a trump and the rules: the trump's ranking, which
:func:`cardgames.tricks.follow` reads, and by the index of the card led the exceptions to it:
the trump jack's bit where it need not be played (else -1), and the trumps a lenient rule adds
(else 0)."""


def _following(trump: cards.Suit, *, exempt: bool, lenient: bool) -> Following:
    """Return the table of how players follow each led card (see :func:`following`)."""
    ranking = RANKINGS[trump]
    return ranking, tuple(
        (
            JACKS[trump] if suit == trump or exempt else -1,
            ranking.trump_mask if lenient and suit != trump else 0,
        )
        for suit in ranking.suit_of
    )


_FOLLOWINGS: Final = tuple(
    _following(trump, exempt=exempt, lenient=lenient)
    for trump in cards.Suit
    for exempt in (False, True)
    for lenient in (False, True)
)
"""Every table of :func:`_following`, at the place :func:`following` numbers."""


def following(trump: cards.Suit, rules: Rules) -> int:
    """Return the number of the table of what may be played, under a trump and the rules.

    Rules 26-28: follow suit; void, trump; else anything. The trump jack never has to be
    played: a player whose only trump it is need not follow trumps with it (nor, with
    ``jack_exempt_on_plain_lead``, trump with it). With ``follow_mode="lenient"`` a player may
    trump a plain lead even when he can follow suit. :func:`allowed` reads the table.
    """
    return 4 * trump + 2 * rules.jack_exempt_on_plain_lead + (rules.follow_mode == "lenient")


def allowed(hand: int, trick: tuple[int, ...], contract: Contract) -> int:
    """Return the bit set of the cards of ``hand`` that may be played to ``trick`` now.

    Once trumps are named (rules 26-28; see :func:`following`): any card leads; to a led card,
    :func:`cardgames.tricks.follow` with the trump's ranking, a void hand trumping if it can;
    but a hand whose only card that rule leaves is the exempt trump jack plays anything, and
    a lenient rule lets a hand that follows suit trump instead. Stoek announced during the
    play is not taken into account here (:attr:`State.playable` takes it).
    """
    if not trick:
        return hand
    led = trick[0]
    ranking, exceptions = _FOLLOWINGS[contract.following]
    jack, lenient = exceptions[led]
    result = _follow(hand, led, ranking, must_trump=True)
    if result == jack and result != hand:
        return hand
    return result | hand & lenient


_follow: Final = tricks.follow


def ruled_out(card: int, trick: tuple[int, ...], table: int) -> int:
    """Return the cards a player cannot hold, seen from his playing ``card`` to ``trick``.

    The inverse of :func:`allowed`: a player who does not follow the suit led has none of it
    (unless a lenient rule let him trump instead), and one who neither follows nor trumps has
    no trump but perhaps the exempt trump jack. What a bot may infer from the cards played.

    Args:
        card: The index of the card played.
        trick: The indices of the cards played to the trick before it, the lead first (empty
            for a lead, which shows nothing).
        table: The number of the following table (:func:`following`).

    Example:
        >>> from cardgames import cards
        >>> hearts = following(cards.Suit.HEARTS, Rules())
        >>> lead, played = cards.Card.parse("A♣").index, cards.Card.parse("7♦").index
        >>> print(cards.format_cards(cards.cards_in(ruled_out(played, (lead,), hearts))))
        7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥
    """
    if not trick:
        return 0
    led = trick[0]
    ranking, exceptions = _FOLLOWINGS[table]
    jack, lenient = exceptions[led]
    suit, trumps = ranking.follows[led], ranking.trump_mask
    bit = 1 << card
    if bit & suit or bit & lenient:
        return 0
    if bit & trumps:
        return suit
    return (suit | trumps) & ~jack if jack > 0 else suit | trumps


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
    playable: int = attrs.field(init=False, eq=False, repr=False)
    """The bit set of the cards the seat to move may play now (rules 23 and 25-28).

    The one statement of the rule: what ``staekske_rape.play.allowed`` allows
    the hand in turn (:func:`cardgames.tricks.follow` and the trump jack's and the lenient
    rule's exceptions); after Stoek announced during the play, of that only the trump K and Q.
    No card outside the play, nor in a state built from what no engine builds. It is worked
    out once, as the state is built, and :func:`~cardgames.staekske_rape.legal_moves`, both
    ways through :func:`~cardgames.staekske_rape.apply` and the reasons of a refusal read it;
    derived from the other fields, it takes no part in equality.
    """

    @playable.default
    def _playable(self) -> int:
        """Return the cards the seat to move may play (see :attr:`playable`)."""
        try:
            contract = self.contract
            if self.phase is not PHASE_PLAY or contract is None:
                return 0
            can = allowed(self.hands[self.turn], self.trick, contract)
            if contract.stoek_pending and contract.trump is not None:
                return can & melds.stoek_mask(contract.trump)
        except (AttributeError, IndexError, KeyError, TypeError, errors.RulesError):
            return 0
        return can

    @property
    def hand_over(self) -> bool:
        """Whether no hand is in progress: the next move is a deal, or the match is over."""
        return self.phase is PHASE_DEAL

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


build_state: Final = _frozen.builder(State)
"""``State(...)``, a fifth faster (see :mod:`cardgames._frozen`): the engine builds one a move."""
build_contract: Final = _frozen.builder(Contract)
"""``Contract(...)``, a fifth faster: the auction builds one a call."""
evolve_contract: Final = _frozen.evolver(Contract)
"""``attrs.evolve(contract, ...)`` for a contract, at a third of its cost."""


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
    return build_state(
        match=before.match,
        phase=phase,
        turn=turn,
        contract=contract,
        hands=before.hands if hands is None else hands,
        leader=turn,
        trick=(),
        tricks=(),
        history=history.History(move, before.history),
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
