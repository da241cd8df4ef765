"""The state of a Kalter Schlag match, what the seat to move may play, and what one seat sees.

The rankings the cards follow and win by (rules 3, 4, 11, 12) are here too: a state works out
what may be played as it is built (:attr:`State.playable`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import attrs

from cardgames import _frozen, cards, errors, history, matches, tricks, validators, views
from cardgames.kalter_schlag import _moves as moves
from cardgames.kalter_schlag._rules import PLAIN_RANK_ORDERS, PlainRankOrder, Rules

__all__ = [
    "PACK",
    "PLAIN_STRENGTH",
    "PLAYERS",
    "RANKINGS",
    "TRICKS",
    "HandScore",
    "Phase",
    "State",
    "View",
]

PLAYERS: Final = 4
"""Kalter Schlag is a game for four."""

TRICKS: Final = 8
"""Tricks in a hand: eight cards each."""

PACK: Final = cards.pack(32)
"""The 32-card pack, in card order."""

_JACKS: Final = 4
"""The following suit of the jacks, which never belong to their printed suit."""

PLAIN_STRENGTH: Final[Mapping[PlainRankOrder, tuple[cards.Rank, ...]]] = {
    "ace_ten": (cards.Rank.SEVEN, cards.Rank.EIGHT, cards.Rank.NINE, cards.Rank.QUEEN,
                cards.Rank.KING, cards.Rank.TEN, cards.Rank.ACE),
    "natural": (cards.Rank.SEVEN, cards.Rank.EIGHT, cards.Rank.NINE, cards.Rank.TEN,
                cards.Rank.QUEEN, cards.Rank.KING, cards.Rank.ACE),
}  # fmt: skip
"""Each plain rank order's ranks of a plain suit, the weakest first."""


def _suit_of(card: cards.Card) -> int:
    """Return the suit a card follows as: the jacks are a suit of their own."""
    return _JACKS if card.rank == cards.Rank.JACK else int(card.suit)


def _ranking(order: PlainRankOrder) -> tricks.Ranking:
    """Build the ranking: jacks ♣ ♠ ♥ ♦ are the only trumps; plain suits by ``order``."""
    plain = PLAIN_STRENGTH[order]
    return tricks.Ranking.build(
        PACK,
        suit_of=_suit_of,
        strength=lambda card: (
            4 - int(card.suit) if card.rank == cards.Rank.JACK else plain.index(card.rank) + 1
        ),
        trump=_JACKS,
    )


RANKINGS: Final = {order: _ranking(order) for order in PLAIN_RANK_ORDERS}
"""The ranking of each ``plain_rank_order``."""

_FOLLOWING: Final = RANKINGS["ace_ten"]
"""The ranking :attr:`State.playable` follows by: both orders of the plain ranks follow alike."""

if any(ranking.follows != _FOLLOWING.follows for ranking in RANKINGS.values()):  # pragma: no cover
    raise RuntimeError("the rankings follow differently: State.playable must read the match's own")

_follow: Final = tricks.follow


class Phase(enum.StrEnum, metaclass=validators.ExactLookup, what="phase"):
    """Where a match stands: what kind of move comes next.

    ``Phase("first trick")`` is ``Phase.FIRST_TRICK``; a value that names no phase raises
    :class:`~cardgames.errors.RulesError`.

    Example:
        >>> Phase("deal") is Phase.DEAL, str(Phase.FIRST_TRICK)
        (True, 'first trick')
    """

    DEAL = "deal"
    """Before the first hand and between hands: the dealer deals."""
    FIRST_TRICK = "first trick"
    """The first trick is being played: each player may double before he plays to it."""
    PLAY = "play"
    """Tricks 2 to 8 are being played."""
    OVER = "over"
    """The match has ended."""


@attrs.frozen
class HandScore(matches.HandScore):
    """A finished Kalter Schlag hand on the score sheet.

    Attributes:
        card_points: Each seat's card points in the hand.
        tricks: How many tricks each seat took.
        doubles: How many players doubled (0 to 4).
        jungfrauen: How many players took no trick (0 to 2; 3 in a Durchmarsch).
        durchmarsch: The seat that took every trick, or None.
        charged: The seats charged a penalty (the losers of the hand).
    """

    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    doubles: int
    jungfrauen: int
    durchmarsch: int | None
    charged: tuple[int, ...]


@attrs.frozen(repr=False)
class State(matches.MatchFacts[Rules, HandScore, moves.Move]):
    """A Kalter Schlag match at one moment; ``apply`` returns a new one.

    Build one with :func:`~cardgames.kalter_schlag.new_game`. Read public facts through the
    game's functions, :func:`~cardgames.kalter_schlag.view` and the properties below; the stored
    fields are the engine's own and may change between versions. The :attr:`totals` are
    penalty points: the highest total loses.
    """

    match: matches.Match[Rules, HandScore]
    """What no move within a hand changes: the rules, the seed, the score sheet."""
    hands: tuple[int, ...]
    """Each seat's cards as a bit set of card indices."""
    leader: int
    """The seat that leads the trick being played (between hands: the last trick's winner)."""
    trick: tuple[int, ...]
    """The card indices of the trick being played, the lead first."""
    tricks: tuple[tricks.Trick, ...]
    """The tricks finished in this hand (or in the last one, until the next deal)."""
    doubles: tuple[int, ...]
    """The seats that doubled in this hand, in the order they doubled."""
    history: history.History[moves.Move] | None
    """The moves of the match, the last one first (see :attr:`moves`)."""
    playable: int = attrs.field(init=False, eq=False, repr=False)
    """The bit set of the cards the seat to move may play now (rule 11).

    The one statement of the rule: any card leads; to a led card, a card of its suit if the
    hand holds one, the jacks being a suit of their own (:func:`cardgames.tricks.follow`);
    else any card. No card between hands, when nobody holds any, nor in a state built from
    what no engine builds. It is worked out once, as the state is built, and
    :func:`~cardgames.kalter_schlag.legal_moves`, both ways through
    :func:`~cardgames.kalter_schlag.apply` and the reasons of a refusal read it; derived
    from the other fields, it takes no part in equality.
    """

    @playable.default
    def _playable(self) -> int:
        """Return the cards the seat to move may play (see :attr:`playable`)."""
        try:
            trick = self.trick
            hand = self.hands[(self.leader + len(trick)) % PLAYERS]
            return _follow(hand, trick[0], _FOLLOWING) if trick else hand
        except (AttributeError, IndexError, KeyError, TypeError, errors.RulesError):
            return 0

    @property
    def in_play(self) -> bool:
        """Whether a hand is being played (dealt, tricks still to play)."""
        return self.match.hand_number > 0 and len(self.tricks) < TRICKS

    @property
    def phase(self) -> Phase:
        """What kind of move comes next: a deal, a card of the first trick, a later card."""
        if self.match.losers is not None:
            return Phase.OVER
        if not self.match.hand_number or len(self.tricks) == TRICKS:
            return Phase.DEAL
        return Phase.PLAY if self.tricks else Phase.FIRST_TRICK

    @property
    def hand_over(self) -> bool:
        """Whether no hand is in progress (the next move is a deal, or the match is over)."""
        return not (self.match.hand_number and len(self.tricks) < TRICKS)

    def __repr__(self) -> str:
        """Return a one-line summary (the full state is in the fields)."""
        where = "over" if self.over else f"hand {self.hand_number}, trick {len(self.tricks) + 1}"
        if self.hand_over and not self.over:
            where = f"before hand {self.hand_number + 1}"
        return f"<kalter_schlag.State seed={self.seed} {where} totals={list(self.totals)}>"


build_state: Final = _frozen.builder(State)
"""``State(...)``, a fifth faster (see :mod:`cardgames._frozen`): the engine builds one a move."""
evolve_match: Final = _frozen.evolver(matches.Match)
"""``attrs.evolve(match, ...)`` for a match, at a third of its cost: a deal, a hand's end."""


@attrs.frozen
class View(views.View[Rules, Phase, HandScore, moves.Move]):
    """What one seat may know of a Kalter Schlag match: never another seat's cards.

    Attributes:
        seat: The seat whose view this is.
        players: The number of seats: 4.
        rules: The match's options (public: every player knows them).
        hand_number: 0 before the first deal, then the number of hands dealt.
        dealer: The dealer of the current hand (or of the first, before it is dealt).
        phase: What kind of move comes next.
        current_player: The seat to move, or None when the match is over.
        hand: This seat's cards, in card order.
        hand_sizes: How many cards each seat holds.
        trick: The trick being played, or None between tricks.
        tricks: The tricks finished in this hand (or in the last hand, until the next deal).
        doubles: The seats that doubled in this hand, in the order they doubled.
        tricks_taken: How many tricks each seat took in this hand.
        points_taken: The card points each seat took in this hand.
        totals: Each seat's penalty total.
        last_hand: The score of the last finished hand, or None before the first is over.
        over: Whether the match has ended.
        winners: The match's winners once it is over, else empty.
        losers: The match's losers (the highest totals) once it is over, else empty.
        legal_moves: This seat's legal moves; empty when it is not its turn.
    """

    hand: tuple[cards.Card, ...]
    trick: tricks.Trick | None
    tricks: tuple[tricks.Trick, ...]
    doubles: tuple[int, ...]
    tricks_taken: tuple[int, ...]
    points_taken: tuple[int, ...]
