"""The deals a Gin Rummy seat could be in, for what its view shows.

A seat sees its own cards, the discard pile, the cards each player took from the pile and
still holds, how many cards are left in the stock and, after a knock, the lay-outs. The cards
it has not seen lie in the other seat's hand (beside the cards he is known to hold), in the
stock, and, after a knock with a discard, face down as the knocker's discard. The first upcard,
if it is nowhere in sight, was taken and is that face-down discard: every other card once face
up is in the pile or in a hand. A knocker who has not laid out yet holds a hand within the knock
limit (gin after big gin). :func:`worlds` draws full states uniformly among the deals that keep
to these constraints.

The view keeps no record of the moves that led to it, only their marks on the table, and the
worlds make none up: each is the position itself, its history empty. What the view does not
show is set to the fewest the table implies: the pile was drawn from as many times as there
are known cards (or the pile draw limit, when the seat's own moves show it reached); the
player to discard drew from the stock, unless no card has left the stock or the seat's own
moves show that it took from the pile.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from cardgames import _worlds, cards, errors
from cardgames.gin_rummy import _engine as engine
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _scoresheet as scoresheet
from cardgames.gin_rummy._moves import DRAW_PILE, DRAW_STOCK, Discard, Draw, Knock
from cardgames.gin_rummy._rules import HAND_SIZE
from cardgames.gin_rummy._state import (
    PLAYERS,
    UPCARD,
    Hand,
    HandScore,
    Match,
    Phase,
    Showdown,
    State,
    View,
)

__all__ = ["world", "worlds"]

_PACK_MASK: Final = cards.mask_of(engine.PACK)
_OTHER: Final = 0
"""The receiver of the other seat's unseen cards."""
_STOCK: Final = 1
"""The receiver of the stock."""
_FACE_DOWN: Final = 2
"""The receiver of the knocker's face-down discard."""
_TRIES: Final = 3_000_000
"""The most deals drawn for a knocker's hand within his limit (one in ten thousand is gin)."""


def worlds(view: View, rng: random.Random) -> Iterator[State]:
    """Yield, without end, full states whose view for ``view.seat`` is ``view``.

    The unseen cards (the other seat's hand beyond the cards he took from the pile, the stock,
    and the knocker's face-down discard) are drawn uniformly among the deals that keep every
    card constraint the view implies: the seat's own cards, the pile, the cards each player is
    known to hold, the lay-outs, the hand sizes and the stock's size; the first upcard, if it is
    not in sight, is the face-down discard; a knocker who has not laid out holds a hand within
    the knock limit (the draw is repeated until one does). The stock's order is drawn at random.

    A view records the table, not the moves: each world is the position itself, its move
    history empty. What no card shows is set to the fewest the table implies: the pile was
    drawn from once for each known card (or up to its limit when the seat's own moves show it
    closed), and a player about to discard drew from the stock unless no card has left it or
    the seat's own moves show that it took from the pile. A choice of the other player (which
    card to discard, whether to knock) is taken to tell nothing about his cards. The score
    sheet keeps the view's totals and last hand; the hands before it are not in the view: the
    first of them carries what the totals hold beyond the last, the others nothing.

    Args:
        view: What one seat sees (:func:`~cardgames.gin_rummy.view`).
        rng: The source of randomness (a ``random.Random``).

    Raises:
        RulesError: If ``view`` is not a Gin Rummy view, ``rng`` not a ``random.Random``,
            or no deal is consistent with the view.

    Example:
        >>> import itertools, random
        >>> from cardgames import gin_rummy
        >>> state = gin_rummy.apply(gin_rummy.new_game(seed=3), gin_rummy.Deal())
        >>> seen = gin_rummy.view(state, 0)
        >>> drawn = itertools.islice(gin_rummy.worlds(seen, random.Random(1)), 3)
        >>> all(gin_rummy.view(world, 0) == seen for world in drawn)
        True
    """
    _worlds.check(view, rng, View, "Gin Rummy")
    return _draw(view, rng)


def _draw(view: View, rng: random.Random) -> Iterator[State]:
    """Yield the worlds of :func:`worlds` (its arguments checked)."""
    if not view.hand_number:
        while True:
            yield engine.new_game(view.rules, seed=rng.getrandbits(64), first_dealer=view.dealer)
    other = 1 - view.seat
    shown = cards.mask_of(view.known[other])
    if view.knocker == other and view.knocker_layout is not None:
        shown |= _arrangement_mask(view.knocker_layout)
    if view.knocker == view.seat and view.defence is not None:
        shown |= _defence_mask(view.defence)
    seen = cards.mask_of(view.hand) | cards.mask_of(view.pile) | shown
    unseen = _PACK_MASK & ~seen
    big_gin = view.knocker is not None and view.hand_sizes[view.knocker] > HAND_SIZE
    sizes = {
        _OTHER: view.hand_sizes[other] - shown.bit_count(),
        _STOCK: view.stock_size,
        _FACE_DOWN: int(view.knocker is not None and not big_gin),
    }
    if sum(sizes.values()) != unseen.bit_count() or min(sizes.values()) < 0:
        raise errors.RulesError(
            f"no deal is consistent with this view: {unseen.bit_count()} cards are unseen, but "
            f"it counts {sizes[_OTHER]} in the other hand and {sizes[_STOCK]} in the stock"
        )
    upcard = view.upcard.mask if view.upcard is not None else 0
    groups = ((unseen & ~upcard, (_OTHER, _STOCK, _FACE_DOWN)), (unseen & upcard, (_FACE_DOWN,)))
    drawn = _worlds.deals(groups, sizes, rng)
    if view.phase is Phase.KNOCKER and view.knocker == other:
        drawn = _within_limit(drawn, shown, 0 if big_gin else view.knock_limit or 0)
    for held in drawn:
        yield _world(view, shown | held[_OTHER], held[_STOCK], held[_FACE_DOWN], rng)


def _within_limit(
    drawn: Iterator[dict[int, int]], shown: int, limit: int
) -> Iterator[dict[int, int]]:
    """Yield the deals that leave the knocker (the other seat) a count within ``limit``.

    Keeping the deals that pass from a uniform stream keeps it uniform among them.
    """
    tries = 0
    for held in drawn:
        if melds.deadwood_of(shown | held[_OTHER]) <= limit:
            tries = 0
            yield held
            continue
        tries += 1
        if tries >= _TRIES:
            raise errors.RulesError(
                f"no hand within the knock limit of {limit} turned up for the knocker in "
                f"{_TRIES} deals"
            )


def _arrangement_mask(layout: melds.Arrangement) -> int:
    """Return the bit set of the cards of a knocker's lay-out."""
    mask = cards.mask_of(layout.deadwood)
    for meld in layout.melds:
        mask |= meld.mask
    return mask


def _defence_mask(defence: melds.Defence) -> int:
    """Return the bit set of the cards of a defender's lay-out, his lay-offs included."""
    mask = cards.mask_of(defence.deadwood) | cards.mask_of(card for card, _ in defence.layoffs)
    for meld in defence.melds:
        mask |= meld.mask
    return mask


def _world(view: View, other_hand: int, stock: int, face_down: int, rng: random.Random) -> State:
    """Return the position of the view with these hidden cards, the stock shuffled.

    A player about to discard is put back before his draw, which the engine then makes: it
    works out what he may discard and which discards knock.
    """
    seat = view.seat
    rules = view.rules
    hands = [0] * PLAYERS
    hands[seat] = cards.mask_of(view.hand)
    hands[1 - seat] = other_hand
    known = [cards.mask_of(held) for held in view.known]
    pile = [card.index for card in view.pile]
    upcard = view.upcard if view.upcard is not None else engine.PACK[0]
    ahead = list(cards.cards_in(stock))
    rng.shuffle(ahead)
    mover = view.current_player
    draw: Draw | None = None
    if view.phase is Phase.DISCARD and mover is not None:
        taken = _taken(view, hands[mover], known[mover])
        if taken is None:
            bit = _low(hands[mover] & ~known[mover])
            ahead.insert(0, cards.CARDS[bit.bit_length() - 1])
            draw = DRAW_STOCK
        else:
            bit = taken.mask
            known[mover] &= ~bit
            pile.append(taken.index)
            draw = DRAW_PILE
        hands[mover] &= ~bit
    in_stock = cards.mask_of(ahead)
    behind = [card for card in engine.PACK if not card.mask & (in_stock | upcard.mask)]
    deck = tuple(card.index for card in (*behind[:UPCARD], upcard, *behind[UPCARD:], *ahead))
    showdown = None
    if view.knocker is not None:
        showdown = Showdown(
            knocker=view.knocker,
            discard=face_down.bit_length() - 1 if face_down else None,
            big_gin=not face_down,
            layout=view.knocker_layout,
            defence=view.defence,
        )
    base = engine.new_game(rules, seed=rng.getrandbits(64), first_dealer=view.dealer)
    state = State(
        match=_match(view, base),
        phase=Phase.DRAW if draw is not None else view.phase,
        turn=mover if mover is not None else view.dealer,
        hand=Hand(
            dealer=view.dealer,
            deck=deck,
            upcard=upcard.index,
            limit=view.knock_limit if view.knock_limit is not None else rules.knock_limit,
            doubled=view.doubled,
        ),
        hands=tuple(hands),
        drawn=len(deck) - len(ahead),
        pile=tuple(pile),
        taken=-1,
        knocks=0,
        pile_draws=_pile_draws(view, known),
        picked=tuple(known),
        showdown=showdown,
        history=None,
    )
    if draw is None:
        return state
    return attrs.evolve(engine.apply(state, draw), history=None)


def world(view: View, other_hand: int, stock: int, rng: random.Random) -> State:
    """Return the position of a view of a hand in play before a knock, with these hidden cards.

    ``other_hand`` is the other seat's whole hand (his known cards too) and ``stock`` the cards
    of the stock, whose order is drawn from ``rng``: the worlds of a sampler of the search
    agent's own (:mod:`cardgames.gin_rummy._reading`). Neither is checked.
    """
    return _world(view, other_hand, stock, 0, rng)


def _low(mask: int) -> int:
    """Return the lowest bit of a non-empty bit set."""
    return mask & -mask


def _taken(view: View, held: int, known: int) -> cards.Card | None:
    """Return the card the player about to discard took from the pile this turn, or None.

    The seat's own moves show it when it may not discard the card it took. Else he is taken to
    have drawn from the stock, unless no card has left it or he holds no card he did not take
    from the pile: then he took a card he is known to hold, the upcard if he holds it.
    """
    if view.current_player == view.seat:
        allowed = {move.card for move in view.legal_moves if isinstance(move, Discard | Knock)}
        barred = [card for card in view.hand if card not in allowed]
        if barred:
            return barred[0]
    if view.stock_size < len(engine.PACK) - UPCARD - 1 and held & ~known:
        return None
    upcard = view.upcard
    if upcard is not None and known & upcard.mask:
        return upcard
    return cards.CARDS[known.bit_length() - 1]


def _pile_draws(view: View, known: Sequence[int]) -> int:
    """Return how many times the pile was drawn from: once a known card, or its limit if closed."""
    fewest = sum(held.bit_count() for held in known)
    if view.phase is Phase.DRAW and view.current_player == view.seat:
        if DRAW_PILE not in view.legal_moves:
            return max(fewest, view.rules.pile_draw_limit)
        return min(fewest, view.rules.pile_draw_limit - 1)
    return fewest


def _match(view: View, base: State) -> Match:
    """Return the match of ``base`` with the view's totals, sheet and result."""
    finished = view.hand_number - (0 if view.phase is Phase.DEAL else 1)
    sheet = _worlds.fill_sheet(
        finished,
        view.totals,
        view.last_hand,
        HandScore,
        upcard=view.upcard or engine.PACK[0],
        knocker=None,
        winner=None,
        result=None,
        knocker_layout=None,
        defence=None,
    )
    settlement = None
    if view.over:
        _, _, settlement = scoresheet.match_result(
            view.rules, view.totals, view.hands_won, view.hollywood
        )
    between = view.phase is Phase.DEAL and view.current_player is not None
    return attrs.evolve(
        base.match,
        hand_number=view.hand_number,
        totals=view.totals,
        hand_scores=sheet,
        next_dealer=view.current_player
        if between and view.current_player is not None
        else view.dealer,
        hands_won=view.hands_won,
        hollywood=view.hollywood,
        settlement=settlement,
        winners=view.winners if view.over else None,
        losers=view.losers if view.over else None,
    )
