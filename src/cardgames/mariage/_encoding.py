"""Mariage for learning agents: moves as actions, a seat's view as a flat tuple of ints.

Every move a seat chooses is one action, :data:`~cardgames.mariage.NUM_MOVES` in all:

=========  ====================================================================
index      action
=========  ====================================================================
0–51       play a card: ``card.index`` (card order, 2♣ … A♦; a 36-card pack
           uses 36 of them)
52         deal (a stacked ``Deal(order=...)`` too: its order is chance's)
53–57      claim pool I to V: ``53 + pool.value - 1``
58         pass (end one's claims)
59         decline to play a queen on her king
=========  ====================================================================

No move is factored. A claim shows cards, but the player chooses none of them: a hand of five
holds at most one sequence of three or more (two would need six cards), ``legal_moves`` offers
the point with the whole of it, and the pools II–V are claimed with their own cards. So "claim
the point" is one action, and :func:`index_to_move <cardgames.mariage.index_to_move>` gives the
claim with the cards the hand shows. The recorded table events (``Misdeal``,
``DealOutOfTurn``) are never a seat's choice and have no action.

An observation is built from the seat's :func:`~cardgames.mariage.view` only, so it holds
nothing the seat may not know. Its length depends on the number of players *N*
(:func:`~cardgames.mariage.observation_size`): blocks :func:`~cardgames.mariage.layout` lists,
in order. Positions are relative and follow the direction of play: position 0 is the observer,
position 1 the player after him, and so on. A block of 52 has one int per card in card order.
The options are not in it: a learner trains under one set of rules.

Example:
    >>> from cardgames import cards, mariage
    >>> mariage.NUM_MOVES, mariage.move_indices(mariage.parse_move("play Q♥"))
    (60, (36,))
    >>> mariage.move_indices(mariage.parse_move("claim point 8♠ 9♠ 10♠"))
    (53,)
    >>> state = mariage.new_game(seed=3, players=7)
    >>> len(mariage.observation(state, 0)) == mariage.observation_size(None, 7)
    True
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping, Sequence
from typing import Final

from cardgames import arguments, cards, errors, protocols, tricks
from cardgames import moves as core_moves
from cardgames.mariage import _engine as engine
from cardgames.mariage._about import ABOUT
from cardgames.mariage._moves import Claim, DealOutOfTurn, Decline, Misdeal, Move, Pass
from cardgames.mariage._pools import CLAIMED, POOLS
from cardgames.mariage._rules import Rules
from cardgames.mariage._state import Phase, State, View

__all__ = [
    "CLAIM_ACTIONS",
    "DEAL_ACTION",
    "DECLINE_ACTION",
    "NUM_MOVES",
    "PASS_ACTION",
    "PLAY_ACTIONS",
    "layout",
    "move_indices",
    "observation",
    "observation_size",
    "observe",
]

_CARDS: Final = len(cards.CARDS)

PLAY_ACTIONS: Final = 0
"""The first play action: ``PLAY_ACTIONS + card.index`` plays the card."""
DEAL_ACTION: Final = PLAY_ACTIONS + _CARDS
"""The action that deals (a stacked ``Deal(order=...)`` is this action too)."""
CLAIM_ACTIONS: Final = DEAL_ACTION + 1
"""The first claim action: ``CLAIM_ACTIONS + pool.value - 1`` claims pool I to V."""
PASS_ACTION: Final = CLAIM_ACTIONS + len(CLAIMED)
"""The action that ends a player's claims."""
DECLINE_ACTION: Final = PASS_ACTION + 1
"""The action that declines to play a queen on her king (``forced_queen="penalty_only"``)."""
NUM_MOVES: Final = DECLINE_ACTION + 1
"""How many actions Mariage has: 60."""

_SINGLE: Final[Mapping[object, int]] = types.MappingProxyType(
    {
        core_moves.Deal: DEAL_ACTION,
        Pass: PASS_ACTION,
        Decline: DECLINE_ACTION,
    }
)
"""The action of each kind of move that is one action whatever it holds."""


def move_indices(move: Move) -> tuple[int, ...]:
    """Return the actions that make up the move: always one in Mariage.

    Raises:
        RulesError: If ``move`` is not a Mariage move, or is a recorded table event
            (``Misdeal``, ``DealOutOfTurn``), which no seat chooses.

    Example:
        >>> from cardgames import mariage
        >>> [move_indices(mariage.parse_move(text)) for text in ("deal", "claim queen", "decline")]
        [(52,), (57,), (59,)]
    """
    kind = type(move)
    if kind is core_moves.Play:
        return (PLAY_ACTIONS + move.card.index,)  # type: ignore[union-attr]  # a Play
    if kind is Claim:
        return (CLAIM_ACTIONS + move.pool.value - 1,)  # type: ignore[union-attr]  # a Claim
    single = _SINGLE.get(kind)
    if single is not None:
        return (single,)
    if kind is Misdeal or kind is DealOutOfTurn:
        raise errors.RulesError(
            f"{move} is a recorded table event, not a seat's choice: it has no action"
        )
    raise errors.RulesError(f"expected a Mariage move, not {errors.quote(move)}")


_PHASES: Final = tuple(Phase)
_SUITS: Final = len(cards.Suit)
_MOST_HELD: Final = len(ABOUT.pack)
"""The most cards a deal can hand out: those of the largest pack."""


@functools.cache
def _blocks(players: int) -> tuple[protocols.Block, ...]:
    """Return the blocks of an observation for ``players`` seats."""
    n = players
    listed = (
        ("hand", _CARDS, "1 for each card the observer holds", 0, 1),
        (
            "trump card",
            _CARDS,
            "1 for the card turned up for trump (all 0 before the first deal)",
            0,
            1,
        ),
        ("trump suit", _SUITS, "1 for the trump suit (♣ ♠ ♥ ♦)", 0, 1),
        (
            "trick",
            n * (_CARDS + n),
            (
                f"the trick being played, {n} slots in the order the cards were played: each 52 "
                f"ints (1 for the card) then {n} (1 for the position that played it); 0 for a slot "
                "not yet played"
            ),
            0,
            1,
        ),
        (
            "played",
            n * _CARDS,
            (
                f"for positions 0 to {n - 1}, 52 ints each: 1 for each card the position played "
                "to a finished trick of this deal (or of the last, between deals)"
            ),
            0,
            1,
        ),
        (
            "shown",
            n * _CARDS,
            (
                f"for positions 0 to {n - 1}, 52 ints each: 1 for each card the position showed "
                "with a claim in this deal and has not played"
            ),
            0,
            1,
        ),
        (
            "pools won",
            len(CLAIMED) * n,
            (
                f"for pools I to V, {n} ints each: 1 for the position that took the pool in this "
                "deal (all 0 if nobody did)"
            ),
            0,
            1,
        ),
        ("tricks taken", n, "how many tricks each position took in this deal", 0, _MOST_HELD // n),
        ("hand sizes", n, "how many cards each position holds", 0, _MOST_HELD // n),
        ("to move", n, "1 for the position to move (all 0 once the session is over)", 0, 1),
        (
            "dealer",
            n,
            "1 for the position that dealt this deal (or the last, or deals first)",
            0,
            1,
        ),
        ("phase", len(_PHASES), "1 for the phase: deal, claims, play, over", 0, 1),
        (
            "queen due",
            _SUITS,
            (
                "1 for the suit of the queen the observer must play on her king (rule 23); all 0 "
                "for every other seat, who is not told"
            ),
            0,
            1,
        ),
        (
            "queens declined",
            _SUITS,
            "1 for each suit whose queen was declined on her king in this trick",
            0,
            1,
        ),
        ("balances", n, "each position's chips", None, None),
        ("pools", len(POOLS), "the chips in each of the pools I to VI", 0, None),
        ("totals", n, "each position's net result over the finished deals", None, None),
        ("hand number", 1, "0 before the first deal, then the number of deals made", 0, None),
    )
    return protocols.place_blocks(*listed)


def layout(rules: Rules | None, players: int) -> tuple[protocols.Block, ...]:
    """Return the blocks of every observation of a session, in order: they depend on the players.

    Args:
        rules: The session's options; None for the defaults (the blocks are the same for all).
        players: The number of seats, 5 to 10.

    Raises:
        RulesError: If ``rules`` is not Mariage's ``Rules`` (or None), or ``players`` is not 5
            to 10 (None included).

    Example:
        >>> [(block.name, block.offset, block.length) for block in layout(None, 6)[:4]]
        [('hand', 0, 52), ('trump card', 52, 52), ('trump suit', 104, 4), ('trick', 108, 348)]
    """
    ABOUT.check_rules(rules)
    return _blocks(ABOUT.check_players(players, none_is_usual=False))


def observation_size(rules: Rules | None, players: int) -> int:
    """Return the length of every observation of a session: it depends on the players only.

    It is ``127 + 167 N + N²`` for *N* players: 1,165 for six, 1,897 for ten.

    Args:
        rules: The session's options; None for the defaults (the length is the same for all).
        players: The number of seats, 5 to 10.

    Raises:
        RulesError: If ``rules`` is not Mariage's ``Rules`` (or None), or ``players`` is not 5
            to 10 (None included).

    Example:
        >>> observation_size(None, 6), observation_size(None, 10)
        (1165, 1897)
    """
    last = layout(rules, players)[-1]
    return last.offset + last.length


def observation(state: State, seat: int) -> tuple[int, ...]:
    """Return what ``seat`` may know as a flat tuple of ints, laid out as :func:`layout` says.

    It is ``observe(view(state, seat))``, read straight from the state without building the
    view: two states that differ only in cards the seat cannot see give the same observation.

    Raises:
        RulesError: If ``state`` is not a Mariage state, or ``seat`` not one of its seats.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.apply(mariage.new_game(seed=3, players=6), mariage.Deal())
        >>> seen = observation(state, 0)
        >>> sum(seen[:52]), sum(seen[52:104]), len(seen)  # five cards held, the trump card
        (5, 1, 1165)
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    match = state.match
    players = match.players
    seat = arguments.check_seat(seat, players)
    table = state.table
    mover = engine.current_player(state)
    taken = [0] * players
    for trick in state.tricks:
        if trick.winner is not None:
            taken[trick.winner] += 1
    return _encoded(
        seat,
        players=players,
        step=match.rules.step,
        hand=state.hands[seat],
        trump=state.trump,
        trick=[
            (who, cards.CARDS[card]) for who, card in zip(state.seats, state.trick, strict=True)
        ],
        finished=state.tricks,
        claims=table.claims,
        pools_won=table.pools_won,
        taken=taken,
        hand_sizes=[hand.bit_count() for hand in state.hands],
        mover=mover,
        dealer=match.dealer,
        phase=state.phase,
        due=int(cards.CARDS[state.due].suit) if state.due >= 0 and seat == mover else None,
        declined=table.declined,
        balances=table.balances,
        pools=table.pools,
        totals=match.totals,
        hand_number=match.hand_number,
    )


def observe(view: View) -> tuple[int, ...]:
    """Return what the seat of ``view`` may know, laid out as :func:`observation`'s result.

    ``observation(state, seat)`` is ``observe(view(state, seat))``: an agent that is given a
    view (as :meth:`cardgames.agents.Agent.choose` is) reads it through this form, which
    :meth:`cardgames.game.Game.observation` calls for a Mariage view.
    """
    due = view.queen_due
    declined = 0
    for suit in view.queens_declined:
        declined |= 1 << suit
    return _encoded(
        view.seat,
        players=view.players,
        step=view.rules.step,
        hand=cards.mask_of(view.hand),
        trump=view.trump,
        trick=() if view.trick is None else view.trick.plays,
        finished=view.tricks,
        claims=view.claims,
        pools_won=view.pools_won,
        taken=view.tricks_taken,
        hand_sizes=view.hand_sizes,
        mover=view.current_player,
        dealer=view.dealer,
        phase=view.phase,
        due=None if due is None else int(due.suit),
        declined=declined,
        balances=view.balances,
        pools=view.pools,
        totals=view.totals,
        hand_number=view.hand_number,
    )


def _encoded(  # a few locals per block of the layout
    seat: int,
    *,
    players: int,
    step: int,
    hand: int,
    trump: cards.Card | None,
    trick: Sequence[tuple[int, cards.Card]],
    finished: Sequence[tricks.Trick],
    claims: Sequence[tuple[int, Claim]],
    pools_won: Sequence[int | None],
    taken: Sequence[int],
    hand_sizes: Sequence[int],
    mover: int | None,
    dealer: int,
    phase: Phase,
    due: int | None,
    declined: int,
    balances: Sequence[int],
    pools: Sequence[int],
    totals: Sequence[int],
    hand_number: int,
) -> tuple[int, ...]:
    """Return the observation of its blocks' facts, seats absolute (the view's fields)."""
    order = tuple((seat + offset * step) % players for offset in range(players))
    position = [0] * players
    for offset, who in enumerate(order):
        position[who] = offset
    seats = _ONE_HOT_SEATS[players]
    ints = cards.flag_blocks((hand, 0 if trump is None else 1 << trump.index), _CARDS)
    ints += _ONE_HOT_SUITS[None if trump is None else int(trump.suit)]
    gone = 0
    for slot in range(players):
        if slot < len(trick):
            who, card = trick[slot]
            gone |= 1 << card.index
            ints += _ONE_CARD[card.index]
            ints += seats[position[who]]
        else:
            ints += _NO_PLAY[players]
    played = [0] * players
    for done in finished:
        for who, card in done.plays:
            index = card.index
            played[position[who]] |= 1 << index
            gone |= 1 << index
    shown = [0] * players
    for who, made in claims:
        shown[position[who]] |= made.mask & ~gone
    ints += cards.flag_blocks((*played, *shown), _CARDS)
    for winner in pools_won:
        ints += seats[None if winner is None else position[winner]]
    ints += [taken[each] for each in order]
    ints += [hand_sizes[each] for each in order]
    ints += seats[None if mover is None else position[mover]]
    ints += seats[position[dealer]]
    ints += _ONE_HOT_PHASES[_PHASES.index(phase)]
    ints += _ONE_HOT_SUITS[due]
    ints += [declined >> suit & 1 for suit in range(_SUITS)]
    ints += [balances[each] for each in order]
    ints += pools
    ints += [totals[each] for each in order]
    ints.append(hand_number)
    return tuple(ints)


_ONE_HOT_SEATS: Final = {
    players: {place: protocols.one_hot(players, place) for place in (*range(players), None)}
    for players in ABOUT.players
}
"""For each player count, the one-hot block of each position, and of none."""

_ONE_HOT_SUITS: Final = {suit: protocols.one_hot(_SUITS, suit) for suit in (*range(_SUITS), None)}
"""The one-hot block of each suit, and of none."""

_ONE_HOT_PHASES: Final = tuple(
    protocols.one_hot(len(_PHASES), place) for place in range(len(_PHASES))
)
"""The one-hot block of each phase."""

_ONE_CARD: Final = tuple(cards.flags(1 << index) for index in range(_CARDS))
"""The 52 flags of each card alone, by card index."""

_NO_PLAY: Final = {players: (0,) * (_CARDS + players) for players in ABOUT.players}
"""For each player count, a trick's empty slot: no card, no position."""
