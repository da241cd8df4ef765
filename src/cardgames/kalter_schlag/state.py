"""The state of a Kalter Schlag match, and what one seat may see of it."""

from __future__ import annotations

from typing import Final

import attrs

from cardgames import cards, game, history, tricks
from cardgames.kalter_schlag import moves
from cardgames.kalter_schlag.rules import Rules

__all__ = ["PLAYERS", "TRICKS", "HandScore", "State", "View"]

PLAYERS: Final = 4
"""Kalter Schlag is a game for four."""

TRICKS: Final = 8
"""Tricks in a hand: eight cards each."""


@attrs.frozen
class HandScore(game.HandScore):
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


@attrs.frozen
class Match:
    """The part of a match's state that no move within a hand changes.

    A :class:`State` holds one, so that a move copies one reference for these, not seven.

    Attributes:
        rules: The match's options.
        seed: The seed every deal of the match derives from.
        first_dealer: The seat that dealt the first hand.
        hand_number: 0 before the first deal, then the number of hands dealt.
        totals: Each seat's penalty total.
        hand_scores: Each finished hand's score, oldest first.
        losers: The match's losers once it is over, else None.
    """

    rules: Rules
    seed: int
    first_dealer: int
    hand_number: int
    totals: tuple[int, ...]
    hand_scores: tuple[HandScore, ...]
    losers: tuple[int, ...] | None


@attrs.frozen(repr=False)
class State:
    """A Kalter Schlag match at one moment; ``apply`` returns a new one.

    Build one with :func:`~cardgames.kalter_schlag.new_game`. Read public facts through the
    game's functions, :func:`~cardgames.kalter_schlag.view` and the properties below; the stored
    fields are the engine's own and may change between versions.
    """

    match: Match
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[tricks.Trick, ...]
    doubles: tuple[int, ...]
    history: history.History[moves.Move] | None

    @property
    def rules(self) -> Rules:
        """The match's options."""
        return self.match.rules

    @property
    def seed(self) -> int:
        """The seed every deal of the match derives from."""
        return self.match.seed

    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first hand."""
        return self.match.first_dealer

    @property
    def hand_number(self) -> int:
        """0 before the first deal, then the number of hands dealt."""
        return self.match.hand_number

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's penalty total."""
        return self.match.totals

    @property
    def hand_scores(self) -> tuple[HandScore, ...]:
        """Each finished hand's score, oldest first."""
        return self.match.hand_scores

    @property
    def losers(self) -> tuple[int, ...] | None:
        """The match's losers once it is over, else None."""
        return self.match.losers

    @property
    def players(self) -> int:
        """The number of seats, always 4."""
        return PLAYERS

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.losers is not None

    @property
    def in_play(self) -> bool:
        """Whether a hand is being played (dealt, tricks still to play)."""
        return self.match.hand_number > 0 and len(self.tricks) < TRICKS

    @property
    def hand_over(self) -> bool:
        """Whether no hand is in progress (the next move is a deal, or the match is over)."""
        return not (self.match.hand_number and len(self.tricks) < TRICKS)

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand, or deals next before the first hand."""
        return (self.first_dealer + max(self.hand_number - 1, 0)) % PLAYERS

    @property
    def moves(self) -> tuple[moves.Move, ...]:
        """Every move applied since the match began, oldest first."""
        return history.moves_of(self.history)

    def __repr__(self) -> str:
        """Return a one-line summary (the full state is in the fields)."""
        where = "over" if self.over else f"hand {self.hand_number}, trick {len(self.tricks) + 1}"
        if self.hand_over and not self.over:
            where = f"before hand {self.hand_number + 1}"
        return f"<kalter_schlag.State seed={self.seed} {where} totals={list(self.totals)}>"


@attrs.frozen
class View:
    """What one seat may know of a Kalter Schlag match: never another seat's cards.

    Attributes:
        seat: The seat whose view this is.
        hand_number: 0 before the first deal, then the number of hands dealt.
        dealer: The dealer of the current hand (or of the first, before it is dealt).
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
        legal_moves: This seat's legal moves; empty when it is not its turn.
    """

    seat: int
    hand_number: int
    dealer: int
    current_player: int | None
    hand: tuple[cards.Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tricks.Trick | None
    tricks: tuple[tricks.Trick, ...]
    doubles: tuple[int, ...]
    tricks_taken: tuple[int, ...]
    points_taken: tuple[int, ...]
    totals: tuple[int, ...]
    last_hand: HandScore | None
    over: bool
    legal_moves: tuple[moves.Move, ...]
