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
    "LAST_PLACE",
    "NEAR",
    "RUN_PAIRS",
    "SAME_RANK",
    "WORTH_TAKING",
    "RuleAgent",
    "choose",
    "discard_cost",
    "discard_costs",
    "extensions",
    "melds_with",
    "run_index",
    "run_place",
    "takes",
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
    """Return whether the top card of the pile is worth taking instead of a card of the stock."""
    return takes(cards.mask_of(view.hand), view.pile[-1].index)


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
    """Return what each discard among ``legal`` costs the agent (see :func:`discard_cost`).

    The lower, the better; in the order of ``legal``. The search agent weighs the cheapest.
    """
    held = cards.mask_of(view.hand)
    out = cards.mask_of(facts.unseen(view))
    theirs = cards.mask_of(view.known[1 - view.seat])
    return {
        move: discard_cost(
            move.card.index, held, melds.deadwood_of(held ^ move.card.mask), out, theirs
        )
        for move in legal
        if type(move) is Discard
    }


LAST_PLACE: Final = 12
"""The king's place in run order."""


def run_place(index: int) -> int:
    """Return a card's place in its suit's run order: the ace 0 … the king 12."""
    return (index % 13 + 1) % 13


def run_index(suit: int, place: int) -> int:
    """Return the index of the card of ``suit`` at ``place`` in run order."""
    return 13 * suit + (place - 1) % 13


def _same_rank(index: int) -> int:
    """Return the bit set of the other three cards of a card's rank."""
    rank = index % 13
    return sum(1 << (13 * suit + rank) for suit in range(4)) & ~(1 << index)


def _near(index: int) -> tuple[tuple[int, int], ...]:
    """Return, per card of its suit one or two places away, that card and the run's missing cards.

    The rule agent's chances (:func:`cardgames.gin_rummy._bots.discard_costs`): two cards one
    place apart are completed by the card below or above them, two places apart by the one
    between.
    """
    suit = index // 13
    place = run_place(index)
    found = []
    for other in range(13):
        gap = abs(other - place)
        if not 1 <= gap <= NEAR:
            continue
        low = min(other, place)
        if gap == NEAR:
            wanted = 1 << run_index(suit, low + 1)
        else:
            wanted = 0
            if low > 0:
                wanted |= 1 << run_index(suit, low - 1)
            if low + 2 <= LAST_PLACE:
                wanted |= 1 << run_index(suit, low + 2)
        found.append((1 << run_index(suit, other), wanted))
    return tuple(found)


def _fits(index: int) -> int:
    """Return the cards that may share a meld with a card: its rank, its suit two places near."""
    suit = index // 13
    place = run_place(index)
    near = sum(1 << run_index(suit, other) for other in range(13) if 0 < abs(other - place) <= NEAR)
    return _same_rank(index) | near


def _run_pairs(index: int) -> tuple[int, ...]:
    """Return the pairs of cards of a card's suit that make a run of three with it."""
    suit = index // 13
    place = run_place(index)
    return tuple(
        sum(1 << run_index(suit, each) for each in range(low, low + 3) if each != place)
        for low in (place - 2, place - 1, place)
        if 0 <= low <= LAST_PLACE - 2
    )


SAME_RANK: Final = tuple(_same_rank(index) for index in range(52))
_NEAR_CARDS: Final = tuple(_near(index) for index in range(52))
_FITS: Final = tuple(_fits(index) for index in range(52))
RUN_PAIRS: Final = tuple(_run_pairs(index) for index in range(52))


def melds_with(index: int, held: int) -> bool:
    """Return whether card ``index`` makes a meld with cards of ``held``."""
    if (held & SAME_RANK[index]).bit_count() >= 2:  # a set of three
        return True
    return any(held & pair == pair for pair in RUN_PAIRS[index])


def takes(held: int, top: int) -> bool:
    """Return whether the rule agent takes ``top`` from the pile into ``held`` (bit sets).

    It does if, with the best discard after it, it lowers the count and either melds or cuts
    the count by at least :data:`WORTH_TAKING`. That discard is never the card itself: if the
    least count of the eleven cards is below the count now, no discard of the card reaches it
    (that leaves the count now), so it is the least over the other discards.
    """
    now = melds.deadwood_of(held)
    best = melds.knock_count(held | 1 << top)
    if best >= now:
        return False
    return now - best >= WORTH_TAKING or melds_with(top, held)


def discard_cost(index: int, held: int, count: int, out: int, theirs: int) -> float:
    """Return what discarding card ``index`` from ``held`` costs: the count, the chances, the risk.

    ``count``, the count of the ten cards kept; plus :data:`KEEP` for each card of ``out`` (the
    unseen cards) that would complete a near-meld of the card with a kept card (a pair, or two
    cards of a suit close enough for a run); plus :data:`FEED` if it fits a card of ``theirs``
    (the cards the other player is known to hold). All but the count are bit sets.
    """
    cost = float(count)
    chances = 0
    same = SAME_RANK[index]
    if held & same:
        chances += (out & same).bit_count()
    for other, wanted in _NEAR_CARDS[index]:
        if held & other:
            chances += (out & wanted).bit_count()
    cost += KEEP * chances
    if theirs & _FITS[index]:
        cost += FEED
    return cost


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
