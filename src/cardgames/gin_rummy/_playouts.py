"""Play a Gin Rummy hand to its end with the rule agent at both seats, fast, on bit sets.

The search agent (:class:`~cardgames.gin_rummy.SearchAgent`) and :func:`knock_or_draw
<cardgames.gin_rummy.knock_or_draw>` judge a move by playing the hand on from it, many times,
with both seats played by the rule agent (:class:`~cardgames.gin_rummy.RuleAgent`). Playing
through the engine builds a state, a view and the legal moves at every step; :func:`play_out`
plays the same moves on bit sets instead: the hands, the pile and the stock held in local
variables, the rule agent's choices worked out from the same facts its view gives it (its
cards, the pile, the cards the other seat is known to hold, the unseen cards). Only the end of
the hand (the lay-outs after a knock and their score) goes through the game's own meld search
and scoring.

It makes exactly the moves the engine and the rule agent make, drawing the rule agent's ties
from the generator in the same order, so its result is the engine's: ``tests`` check the two
against each other over many positions.

Example:
    >>> import random
    >>> from cardgames import gin_rummy
    >>> state = gin_rummy.apply(gin_rummy.new_game(seed=5, first_dealer=0), gin_rummy.Deal())
    >>> play_out(state, gin_rummy.parse_move("pass"), 1, random.Random(3)) in range(-150, 151)
    True
"""

from __future__ import annotations

import functools
import random
from typing import Final, Generic, TypeVar

from cardgames import cards
from cardgames.gin_rummy import _bots as bots
from cardgames.gin_rummy import _engine as engine
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _scoring as scoring
from cardgames.gin_rummy._moves import Move
from cardgames.gin_rummy._state import (
    PHASE_DEAL,
    PHASE_DEFENDER,
    PHASE_DISCARD,
    PHASE_DRAW,
    PHASE_FIRST_DRAW,
    PHASE_KNOCKER,
    PHASE_OFFER,
    VOID_STOCK,
    State,
)

__all__ = ["bits", "finish", "hand_result", "play_out"]

_ALL: Final = (1 << 52) - 1
_VOID_AT: Final = 52 - VOID_STOCK
"""The stock position at which a discard without a knock voids the hand."""

_Key = TypeVar("_Key")
_Value = TypeVar("_Value")

_deadwood: Final = melds.deadwood_of
_knock_count: Final = melds.knock_count

_MOST_KEPT: Final = 40_000
"""How many entries a table of this module takes before its older entries start to go."""


class _Kept(Generic[_Key, _Value]):
    """What the play-outs have worked out, kept to be looked up: the new entries and the last.

    The play-outs of one search meet the same hands again and again (the other seat's, move
    after move, whatever the move weighed), and the next search much the same. Once the new
    entries reach :data:`_MOST_KEPT` they become the old ones and the ones before go; an old
    entry looked up is kept as a new one. At most twice that many entries are kept: tens of
    megabytes in all the tables.
    """

    __slots__ = ("new", "old")

    def __init__(self) -> None:
        """Start empty."""
        self.new: dict[_Key, _Value] = {}
        self.old: dict[_Key, _Value] = {}

    def get(self, key: _Key) -> _Value | None:
        """Return the value kept for ``key``, or None."""
        found = self.new.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: _Key, value: _Value) -> None:
        """Keep ``value`` for ``key``."""
        self.new[key] = value
        if len(self.new) >= _MOST_KEPT:
            self.old = self.new
            self.new = {}


_COUNTS: Final[_Kept[int, bytes]] = _Kept()
"""Each eleven-card hand's discard counts (see :func:`_discard_counts`)."""

_TAKING: Final[_Kept[int, bool]] = _Kept()
"""Whether the rule agent takes a card from the pile, by the bit set of its hand and the card
(the card's bit shifted above the hand's)."""

_DISCARDS: Final[_Kept[int, bytes]] = _Kept()
"""The rule agent's cheapest discards, by its hand, the cards it may discard, the cards it has
not seen and the cards the other is known to hold, each a bit set, shifted past each other.

The tables hold ints and bytes, which hold nothing else: Python's collector of reference
cycles need not walk them (a table of tuples would cost it tens of milliseconds now and then)."""


def _discard_counts(held: int) -> bytes:
    """Return the count of ``held`` without each of its cards, by card index, then the least.

    :func:`cardgames.gin_rummy._melds.discard_counts` as 52 bytes (0 for a card not held) and a
    53rd, the least of them: kept for next time.
    """
    found = _COUNTS.get(held)
    if found is None:
        counts = melds.discard_counts(held)
        table = [0] * (_LEAST + 1)
        for index, count in counts.items():
            table[index] = count
        table[_LEAST] = min(counts.values())
        found = bytes(table)
        _COUNTS.put(held, found)
    return found


_LEAST: Final = 52
"""Where :func:`_discard_counts` keeps the least count."""


_VALUES: Final = melds.VALUES


def _suit_bits(suit: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each 13-bit part of a suit's cards, their indices, lowest first."""
    return tuple(
        tuple(13 * suit + place for place in range(13) if part >> place & 1)
        for part in range(1 << 13)
    )


@functools.cache
def _tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Return :func:`_suit_bits` of each suit, built on first use.

    Building them takes a few hundredths of a second, which a program that never searches
    should not pay on import.
    """
    return tuple(_suit_bits(suit) for suit in range(4))


_PART: Final = (1 << 13) - 1


def bits(mask: int) -> tuple[int, ...]:
    """Return the card indices of a bit set, lowest first."""
    first, second, third, fourth = _tables()
    return (
        first[mask & _PART]
        + second[mask >> 13 & _PART]
        + third[mask >> 26 & _PART]
        + fourth[mask >> 39]
    )


def _worth_taking(held: int, top: int) -> bool:
    """Return :func:`cardgames.gin_rummy._bots.takes`, kept for next time."""
    key = held | 1 << (top + 52)
    found = _TAKING.get(key)
    if found is None:
        found = bots.takes(held, top)
        _TAKING.put(key, found)
    return found


def _discard(held: int, allowed: int, out: int, theirs: int, rng: random.Random) -> int:
    """Return the card the rule agent discards (``bots.discard_costs``, ties drawn from ``rng``)."""
    key = held | allowed << 52 | out << 104 | theirs << 156
    best = _DISCARDS.get(key)
    if best is None:
        best = _cheapest(held, allowed, out, theirs)
        _DISCARDS.put(key, best)
    return rng.choice(best)


def _cheapest(held: int, allowed: int, out: int, theirs: int) -> bytes:
    """Return the discards of least cost to the rule agent, lowest first: its ties."""
    counts = _discard_counts(held)
    least = None
    best: list[int] = []
    for index in bits(allowed):
        cost = bots.discard_cost(index, held, counts[index], out, theirs)
        if least is None or cost < least:
            least, best = cost, [index]
        elif cost == least:
            best.append(index)
    return bytes(best)


def hand_result(state: State, seat: int) -> int:
    """Return the last finished hand's result for ``seat``: its points less the other's."""
    points = state.match.hand_scores[-1].points
    return points[seat] - points[1 - seat]


def play_out(world: State, move: Move, seat: int, rng: random.Random) -> int:
    """Return the hand's result for ``seat`` after ``move``, both seats then playing the rule agent.

    The result is ``seat``'s points in the hand less the other's, as the game scores them (0
    for a void hand); the rule agent's ties are drawn from ``rng``.
    """
    return finish(engine.apply(world, move), seat, rng)[0]


def finish(  # noqa: C901, PLR0912, PLR0915  # the hot loop, kept in one frame
    state: State, seat: int, rng: random.Random
) -> tuple[int, int]:
    """Return the hand's result for ``seat`` and the turns played, the rule agent at both seats.

    The same moves as the engine driven by :func:`cardgames.gin_rummy._bots.choose` at each
    step from ``state``, the same draws from ``rng``, and so the same result, made on bit sets.
    The turns count each seat's draw and discard (or pass of the upcard) once, the end of the
    hand once more: the play-out's cost, which the search agent's budget counts.
    """
    phase = state.phase
    if phase is PHASE_DEAL:
        return hand_result(state, seat), 1
    hand = state.hand
    if phase is PHASE_KNOCKER:
        return _knocked(state, seat), 1
    if phase is PHASE_DEFENDER or hand is None:
        return _by_engine(state, seat, rng), 1
    rules = state.match.rules
    deck = hand.deck
    limit = hand.limit
    dealer = hand.dealer
    draw_limit = rules.pile_draw_limit
    barring = not rules.may_discard_card_just_taken_from_pile
    big_gin = rules.big_gin
    hands = list(state.hands)
    picked = list(state.picked)
    pile = list(state.pile)
    pile_mask = 0
    for index in pile:
        pile_mask |= 1 << index
    drawn = state.drawn
    pile_draws = state.pile_draws
    turn = state.turn
    taken = state.taken
    turns = 1
    while True:
        turns += 1
        me = turn
        other = 1 - me
        if phase is not PHASE_DISCARD:
            if phase is PHASE_OFFER or (phase is PHASE_DRAW and pile_draws < draw_limit):
                top = pile[-1]
                if _worth_taking(hands[me], top):
                    pile.pop()
                    bit = 1 << top
                    pile_mask ^= bit
                    hands[me] |= bit
                    picked[me] |= bit
                    pile_draws += 1
                    taken = top
                elif phase is PHASE_OFFER:
                    turn = other
                    if me == dealer:
                        phase = PHASE_FIRST_DRAW
                    continue
                else:
                    taken = -1
            else:
                taken = -1
            if taken < 0:
                hands[me] |= 1 << deck[drawn]
                drawn += 1
            phase = PHASE_DISCARD
        held = hands[me]
        allowed = held & ~(1 << taken) if taken >= 0 and barring else held
        counts = _discard_counts(held)
        if counts[_LEAST] <= limit:
            theirs = picked[other] & hands[other]
            if big_gin and not _deadwood(held):
                seen = held | pile_mask | theirs
                result = _showdown(state, held, hands[other], seen, big_gin=True)
                return result if me == seat else -result, turns
            knocks = [index for index in bits(allowed) if counts[index] <= limit]
            if knocks:
                kept = held ^ 1 << _knock_card(counts, knocks)
                seen = kept | pile_mask | theirs
                result = _showdown(state, kept, hands[other], seen, big_gin=False)
                return result if me == seat else -result, turns
        theirs = picked[other] & hands[other]
        out = _ALL & ~(held | pile_mask | theirs)
        card = _discard(held, allowed, out, theirs, rng)
        bit = 1 << card
        hands[me] = held ^ bit
        pile.append(card)
        pile_mask |= bit
        if drawn == _VOID_AT:
            return 0, turns
        taken = -1
        turn = other
        phase = PHASE_DRAW


def _knock_card(counts: bytes, knocks: list[int]) -> int:
    """Return the rule agent's knock: least count, then the highest card, then the lowest index."""
    least = min(counts[index] for index in knocks)
    best = [index for index in knocks if counts[index] == least]
    return max(best, key=_VALUES.__getitem__)


def _showdown(state: State, held: int, defended: int, seen: int, *, big_gin: bool) -> int:
    """Return the knocker's result of a hand he ends holding ``held`` (ten cards; big gin, 11).

    The knocker lays out as the rule agent does (:func:`_knocker_lay_out`, ``seen`` the cards
    his view shows him); the defender, holding ``defended``, reaches his least count
    (:func:`_defended`), which every defence the rule agent may choose has.
    """
    hand = state.hand
    if hand is None:  # pragma: no cover  # a knock follows a deal
        raise RuntimeError("a knock before the first deal")
    count, targets = _knocker_lay_out(held, 0 if big_gin else hand.limit, seen)
    least = _defended(defended, targets) if count else _deadwood(defended)
    result = scoring.hand_score(
        count,
        least,
        rules=state.match.rules,
        upcard=cards.CARDS[hand.upcard],
        big_gin=big_gin,
    )
    return result.points if result.winner is scoring.Side.KNOCKER else -result.points


def _knocked(state: State, seat: int) -> int:
    """Return ``seat``'s result of a hand in which the knocker is to lay out (its phase).

    What the knocker's view shows him: his cards, the pile, the cards the defender is known
    to hold (the face-down discard is in none of them).
    """
    showdown = state.showdown
    if showdown is None:  # pragma: no cover  # the knocker's phase follows a knock
        raise RuntimeError("a lay-out without a knock")
    knocker = showdown.knocker
    defender = 1 - knocker
    held = state.hands[knocker]
    pile = 0
    for index in state.pile:
        pile |= 1 << index
    seen = held | pile | state.picked[defender] & state.hands[defender]
    result = _showdown(state, held, state.hands[defender], seen, big_gin=showdown.big_gin)
    return result if knocker == seat else -result


_Target = tuple[int, int, int]
"""A knocker's meld as the defender sees it: a set's fourth card (a bit set, 0 for a set of
four) or, for a run, its suit and its lowest and highest places in run order."""

_Layout = tuple[int, int, tuple[_Target, ...]]
"""One of the knocker's lay-outs: its count, the cards that lay off on it, its melds."""

_LAYOUTS: Final[_Kept[int, tuple[_Layout, ...]]] = _Kept()
"""The knocker's lay-outs of a hand within a limit (shifted past the hand), in the engine's
order. Fewer hands knock than draw, so this table is the small one that holds tuples."""


def _target(meld: melds.Meld) -> _Target:
    """Return what the defender may lay off on a meld (see :data:`_Target`)."""
    first = meld.cards[0].index
    if meld.kind is melds.MeldKind.SET:
        return -1, bots.SAME_RANK[first] & ~meld.mask if len(meld.cards) == 3 else 0, 0
    return first // 13, bots.run_place(first), bots.run_place(meld.cards[-1].index)


def _layouts(held: int, limit: int) -> tuple[_Layout, ...]:
    """Return the knocker's lay-outs of ``held`` within ``limit``, in the engine's order."""
    key = held | limit << 52
    found = _LAYOUTS.get(key)
    if found is None:
        found = tuple(
            (
                layout.count,
                _open_to(layout.melds),
                tuple(_target(meld) for meld in layout.melds),
            )
            for layout in melds.arrangements(cards.cards_of(held), limit)
        )
        _LAYOUTS.put(key, found)
    return found


def _open_to(chosen: tuple[melds.Meld, ...]) -> int:
    """Return the cards that could be laid off on any of the melds."""
    found = 0
    for meld in chosen:
        found |= bots.extensions(meld)
    return found


def _knocker_lay_out(held: int, limit: int, seen: int) -> tuple[int, tuple[_Target, ...]]:
    """Return the rule agent's lay-out as a knocker: its count and its melds.

    The least count, then the fewest cards that lay off on it among those the knocker has not
    seen (``seen``: his cards, the pile, the cards the defender took from it), then the first
    in the engine's order: ``bots._knocker_lay_out``.
    """
    out = _ALL & ~seen
    best: _Layout | None = None
    best_rank = (0, 0)
    for layout in _layouts(held, limit):
        rank = (layout[0], (layout[1] & out).bit_count())
        if best is None or rank < best_rank:
            best, best_rank = layout, rank
    if best is None:  # pragma: no cover  # a knock leaves a lay-out within the limit
        raise RuntimeError("a knock without a lay-out")
    return best[0], best[2]


def _defended(defender: int, targets: tuple[_Target, ...]) -> int:
    """Return the defender's least count, his melds and lay-offs onto ``targets`` together.

    Every set of cards he may lay off (the fourth card of a set of three; the cards next to a
    run at either end, as far as he holds them in sequence) is tried, and the rest counted:
    ``melds.best_defence(...).count``.
    """
    laid = [0]
    for suit, low, high in targets:
        if suit < 0:
            options = [0, low] if defender & low else [0]
        else:
            row = _ROW[suit]
            below = [0]
            place = low - 1
            while place >= 0 and defender & row[place]:
                below.append(below[-1] | row[place])
                place -= 1
            above = [0]
            place = high + 1
            while place <= bots.LAST_PLACE and defender & row[place]:
                above.append(above[-1] | row[place])
                place += 1
            options = [down | up for down in below for up in above]
        if len(options) > 1:
            laid = [done | more for done in laid for more in options if not done & more]
    return min(_deadwood(defender & ~done) for done in laid)


_ROW: Final = tuple(
    tuple(1 << bots.run_index(suit, place) for place in range(13)) for suit in range(4)
)
"""Per suit, each place's card bit in run order (the ace's first)."""


def _by_engine(state: State, seat: int, rng: random.Random) -> int:
    """Return the hand's result for ``seat``, played through the engine and the rule agent."""
    while state.phase is not PHASE_DEAL:
        state = engine.apply(state, bots.choose(engine.view(state, state.turn), rng))
    return hand_result(state, seat)
