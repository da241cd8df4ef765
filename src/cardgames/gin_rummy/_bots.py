"""A rule-based Gin Rummy player that sees only its own seat's view.

:class:`RuleAgent` plays to lower its count and to go out first: it takes the upcard or the top
of the pile only when that card melds (or cuts its count by a good deal), discards the card that
leaves the least count — keeping cards that may still meld with unseen ones and holding back
cards that fit what the other player is known to collect — knocks as soon as it may (gin when
it can), lays out the arrangement that gives the defender least to lay off, and defends with
the lay-out of least count. It is the game's ``"rule"`` agent in :data:`cardgames.GAMES` (see
:func:`cardgames.agents.by_name`); its win rates against random and do-nothing players are on
the game's page.

Example:
    >>> import random
    >>> from cardgames import gin_rummy
    >>> state = gin_rummy.apply(gin_rummy.new_game(seed=5, first_dealer=0), gin_rummy.Deal())
    >>> move = RuleAgent().choose(gin_rummy.view(state, 1), random.Random(0))
    >>> move in gin_rummy.legal_moves(state)
    True
"""

from __future__ import annotations

import random
from typing import Final, cast

import attrs

from cardgames import agents, cards, protocols
from cardgames.gin_rummy import _facts as facts
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy._moves import (
    BIG_GIN,
    DRAW_PILE,
    DRAW_STOCK,
    PASS,
    Discard,
    Knock,
    LayOut,
    Move,
)
from cardgames.gin_rummy._state import Phase, View

__all__ = [
    "FEED",
    "KEEP",
    "NEAR",
    "WORTH_TAKING",
    "RuleAgent",
    "choose",
    "discard_costs",
    "extensions",
]

WORTH_TAKING: Final = 5
"""By how much a card from the pile that does not meld must cut the count to be taken."""

KEEP: Final = 1.5
"""What each unseen card that could complete a near-meld with a card is worth keeping it for,
in points of count."""

FEED: Final = 3.0
"""What a discard that fits a card the other player is known to hold costs, in points of count."""

NEAR: Final = 2
"""How far apart in a suit two cards may be and still form part of a run with one card more."""


@attrs.frozen
class RuleAgent:
    """Plays Gin Rummy to lower its count and knock first, from its own view only.

    It keeps no memory between moves: everything it uses is in the view (its hand, the pile,
    the cards each player is known to hold, the lay-outs), so it can sit at either seat of any
    match. ``rng`` only breaks ties, so a seeded match replays exactly.
    """

    def choose(self, view: protocols.PlayerView[agents.MoveT], rng: random.Random) -> agents.MoveT:
        """Return one of ``view.legal_moves``.

        It is typed as every agent is (:class:`cardgames.agents.Agent`), so that it sits in a
        lineup beside the generic agents; it plays Gin Rummy views only.

        Args:
            view: The seat's view (``gin_rummy.view(state, seat)``).
            rng: The generator that breaks ties between equally good moves.

        Raises:
            RulesError: If ``view`` is not a Gin Rummy view or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        given = agents.turn_view(view, rng, View, "a gin_rummy.View (from gin_rummy.view)")
        # A Gin Rummy view's moves are Gin Rummy moves: MoveT is Move here.
        return cast("agents.MoveT", choose(given, rng))


def choose(view: View, rng: random.Random) -> Move:
    """Return the rule agent's move for a checked view with moves: the package's own calls."""
    legal = view.legal_moves
    phase = view.phase
    if phase is Phase.OFFER or (phase is Phase.DRAW and DRAW_PILE in legal):
        take = _worth_taking(view)
        if phase is Phase.OFFER:
            return DRAW_PILE if take else PASS
        return DRAW_PILE if take else DRAW_STOCK
    if phase is Phase.DISCARD:
        return _end_turn(view, legal, rng)
    if phase is Phase.KNOCKER:
        return _knocker_lay_out(view, legal)
    return legal[0]  # the deal, the first draw, the draw from the stock, the defender's best


def _worth_taking(view: View) -> bool:
    """Return whether the top card of the pile is worth taking instead of a card of the stock.

    It is if, with the best discard after it (not the card itself), it lowers the count and
    either melds or cuts the count by at least :data:`WORTH_TAKING`.
    """
    top = view.pile[-1]
    held = cards.mask_of(view.hand)
    now = melds.deadwood_of(held)
    grown = held | top.mask
    best = min(melds.deadwood_of(grown ^ card.mask) for card in view.hand)
    if best >= now:
        return False
    return now - best >= WORTH_TAKING or _melds_with(top, view.hand)


def _melds_with(card: cards.Card, hand: tuple[cards.Card, ...]) -> bool:
    """Return whether ``card`` makes a meld with cards of ``hand``."""
    grown = (*hand, card)
    return any(card in meld.cards for meld in melds.melds(grown))


def _end_turn(view: View, legal: tuple[Move, ...], rng: random.Random) -> Move:
    """Return big gin, the best knock, or the best discard of an eleven-card hand."""
    if BIG_GIN in legal:
        return BIG_GIN
    held = cards.mask_of(view.hand)
    knocks = [move for move in legal if type(move) is Knock]
    if knocks:
        counts = {move: melds.deadwood_of(held ^ move.card.mask) for move in knocks}
        least = min(counts.values())
        best = [move for move in knocks if counts[move] == least]
        return max(best, key=lambda move: facts.card_value(move.card))
    costs = discard_costs(view, legal)
    least_cost = min(costs.values())
    return rng.choice([move for move, cost in costs.items() if cost == least_cost])


def discard_costs(view: View, legal: tuple[Move, ...]) -> dict[Discard, float]:
    """Return what each discard among ``legal`` costs the agent (see :func:`_discard_cost`).

    The lower, the better; in the order of ``legal``. The search agent weighs the cheapest.
    """
    held = cards.mask_of(view.hand)
    out = cards.mask_of(facts.unseen(view))
    theirs = view.known[1 - view.seat]
    return {
        move: _discard_cost(move.card, held, out, theirs) for move in legal if type(move) is Discard
    }


def _discard_cost(card: cards.Card, held: int, out: int, theirs: tuple[cards.Card, ...]) -> float:
    """Return what discarding ``card`` costs: the count left, the chances given up, the risk.

    The count of the ten cards kept; plus :data:`KEEP` for each unseen card that would complete
    a near-meld of ``card`` with a kept card (a pair, or two cards of a suit close enough for a
    run); plus :data:`FEED` if it fits a card the other player took from the pile.
    """
    kept = held ^ card.mask
    cost = float(melds.deadwood_of(kept))
    cost += KEEP * _chances(card, kept, out)
    if any(_fits(card, other) for other in theirs):
        cost += FEED
    return cost


def _chances(card: cards.Card, kept: int, out: int) -> int:
    """Return how many unseen cards would make a meld of ``card`` and one card of ``kept``."""
    found = 0
    rank = card.index % 13
    suit = card.index // 13
    same_rank = sum(1 << (13 * other + rank) for other in range(4)) & ~card.mask
    if kept & same_rank:
        found += (out & same_rank).bit_count()
    place = _PLACE[card.index]
    for other in cards.cards_in(kept & _SUIT_MASKS[suit]):
        gap = abs(_PLACE[other.index] - place)
        if 1 <= gap <= NEAR:
            low = min(place, _PLACE[other.index])
            wanted = _run_completions(suit, low, gap)
            found += (out & wanted).bit_count()
    return found


def _run_completions(suit: int, low: int, gap: int) -> int:
    """Return the cards that make a run of three with two cards of a suit ``gap`` apart."""
    row = _ROWS[suit]
    if gap == NEAR:
        return row[low + 1].mask
    wanted = 0
    if low > 0:
        wanted |= row[low - 1].mask
    if low + 2 < len(row):
        wanted |= row[low + 2].mask
    return wanted


def _fits(card: cards.Card, other: cards.Card) -> bool:
    """Return whether two cards can belong to one meld: the same rank, or near in a suit."""
    if card.rank == other.rank:
        return True
    return card.suit == other.suit and abs(_PLACE[card.index] - _PLACE[other.index]) <= NEAR


_ROWS: Final = tuple(facts.run_order(suit) for suit in cards.Suit)
"""Each suit's cards in run order, the ace low."""
_PLACE: Final = {card.index: place for row in _ROWS for place, card in enumerate(row)}
"""A card's place in its suit's run order: the ace 0 … the king 12."""
_SUIT_MASKS: Final = tuple(cards.mask_of(row) for row in _ROWS)


def _knocker_lay_out(view: View, legal: tuple[Move, ...]) -> Move:
    """Return the knocker's lay-out: least count, then fewest unseen cards that lay off on it."""
    out = cards.mask_of(facts.unseen(view))
    held = cards.mask_of(view.hand)

    def rank(move: Move) -> tuple[int, int]:
        lay_out = cast("LayOut", move)
        count = sum(melds.VALUES[card.index] for card in cards.cards_in(held & ~lay_out.mask))
        open_to = 0
        for meld in lay_out.melds:
            open_to |= extensions(meld)
        return count, (open_to & out).bit_count()

    return min(legal, key=rank)


_EXTENSIONS: Final[dict[int, int]] = {}
"""The cards each meld (by its bit set) takes as a lay-off: filled as melds come."""


def extensions(meld: melds.Meld) -> int:
    """Return the cards that could be laid off onto a meld: its ends, or a set's fourth card."""
    found = _EXTENSIONS.get(meld.mask)
    if found is None:
        found = 0
        for card in cards.CARDS:
            if not meld.mask & card.mask and meld.extended(card) is not None:
                found |= card.mask
        _EXTENSIONS[meld.mask] = found
    return found
