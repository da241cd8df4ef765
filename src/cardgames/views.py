"""What every game's view of a match holds: whose view it is, the table's public facts, the result.

Each game's ``View`` (``kalter_schlag.View`` …) is a :class:`View` with the fields of its own
after these: the seat's cards, the trick on the table, the auction, the pile. A view holds only
what its seat may know, so a server may send it to that seat as it is, and generic code (the
agents, a front end) reads these fields of every game's view alike.

Example:
    >>> from cardgames import kalter_schlag, views
    >>> view = kalter_schlag.view(kalter_schlag.new_game(seed=1, first_dealer=2), 2)
    >>> isinstance(view, views.View), view.seat, view.current_player, view.legal_moves
    (True, 2, 2, (Deal(),))
"""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs

__all__ = ["View"]

RulesT_co = TypeVar("RulesT_co", covariant=True)
PhaseT_co = TypeVar("PhaseT_co", covariant=True)
HandT_co = TypeVar("HandT_co", covariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


@attrs.frozen
class View(Generic[RulesT_co, PhaseT_co, HandT_co, MoveT_co]):
    """The fields every game's view has; each game's ``View`` adds its own after them.

    It is generic in the game's ``Rules``, ``Phase``, ``HandScore`` and move types: a
    ``kalter_schlag.View`` is a ``View[kalter_schlag.Rules, kalter_schlag.Phase,
    kalter_schlag.HandScore, kalter_schlag.Move]``. The seat's own cards are the game's field
    ``hand``, which each game types as its cards are dealt (Staekske Rape's is None until its
    seat has looked).

    Attributes:
        seat: The seat whose view this is.
        players: The number of seats.
        rules: The match's options (public: every player knows them).
        hand_number: 0 before the first deal, then the number of hands dealt.
        dealer: The dealer of the current hand (before the first deal, of the first).
        phase: What kind of move comes next: the game's ``Phase``.
        current_player: The seat to move, or None when the match is over.
        hand_sizes: How many cards each seat holds.
        totals: Each seat's running total, in the game's unit (see its ``View``).
        last_hand: The score of the last finished hand, or None before the first is over.
        over: Whether the match has ended.
        winners: The match's winners once it is over, else empty.
        losers: The match's losers once it is over, else empty.
        legal_moves: This seat's legal moves; empty when it is not its turn.
    """

    seat: int
    players: int
    rules: RulesT_co
    hand_number: int
    dealer: int
    phase: PhaseT_co
    current_player: int | None
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    last_hand: HandT_co | None
    over: bool
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    legal_moves: tuple[MoveT_co, ...]

    def _repr_svg_(self) -> str:
        """Return the view drawn as SVG (:func:`cardgames.drawing.svg`): what a notebook shows."""
        from cardgames import drawing  # noqa: PLC0415  # drawing reads the games, which import this

        return drawing.svg(self)
