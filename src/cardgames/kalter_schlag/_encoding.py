"""Kalter Schlag for learning agents: each move one action, a seat's view as a flat tuple of ints.

Every move of the game is one action (none is a combination): action 0 deals, action 1 doubles,
and actions 2 to 33 play the cards of the 32-card pack in card order (7♣ … A♣, 7♠ … A♦).
``cardgames.kalter_schlag.legal_mask`` and ``index_to_move`` are built on these.

An observation is built from the seat's :func:`~cardgames.kalter_schlag.view` only, so it holds
nothing the seat may not know. Seats in it are *relative*: position *k* is the seat *k* places to
the observer's left (position 0 is the observer), so one policy serves every seat. Its blocks are
:data:`LAYOUT`, in order.

Example:
    >>> from cardgames import kalter_schlag
    >>> kalter_schlag.NUM_MOVES, kalter_schlag.move_indices(kalter_schlag.parse_move("play 7♣"))
    (34, (2,))
    >>> state = kalter_schlag.new_game(seed=3)
    >>> len(kalter_schlag.observation(state, 0)) == kalter_schlag.observation_size(None, 4)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames import arguments, cards, errors, protocols
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _engine as engine
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._moves import Double, Move
from cardgames.kalter_schlag._rules import Rules
from cardgames.kalter_schlag._state import PLAYERS, Phase, State, View

__all__ = [
    "DEAL_ACTION",
    "DOUBLE_ACTION",
    "LAYOUT",
    "NUM_MOVES",
    "PLAY_ACTIONS",
    "layout",
    "move_indices",
    "observation",
    "observation_size",
    "observe",
]


DEAL_ACTION: Final = 0
"""The action that deals (a stacked ``Deal(order=...)`` is this action too)."""

DOUBLE_ACTION: Final = 1
"""The action that doubles."""

PLAY_ACTIONS: Final = 2
"""The first play action: ``PLAY_ACTIONS + i`` plays the i-th card of ``PACK`` (card order)."""

NUM_MOVES: Final = PLAY_ACTIONS + len(engine.PACK)
"""How many actions Kalter Schlag has: deal, double, and one per card of the 32-card pack."""

_SLOT: Final = {card.index: place for place, card in enumerate(engine.PACK)}
"""A card's place in ``PACK``, by card index."""

_PHASES: Final = tuple(Phase)


_PACK_SIZE: Final = len(engine.PACK)

LAYOUT: Final = protocols.place_blocks(
    ("hand", _PACK_SIZE, "1 for each card of PACK the observer holds", 0, 1),
    (
        "trick",
        PLAYERS * _PACK_SIZE,
        "the trick being played: for positions 0 to 3, 32 ints each, 1 for the card it played",
        0,
        1,
    ),
    (
        "played",
        PLAYERS * _PACK_SIZE,
        (
            "the finished tricks of this hand (of the last hand, until the next deal): for "
            "positions 0 to 3, 32 ints each, 1 for each card it played to them"
        ),
        0,
        1,
    ),
    ("to move", PLAYERS, "1 for the position to move (all 0 once the match is over)", 0, 1),
    ("dealer", PLAYERS, "1 for the position that dealt this hand (or deals the first)", 0, 1),
    ("phase", len(_PHASES), "1 for the phase: deal, first trick, play, over", 0, 1),
    ("doubled", PLAYERS, "1 for each position that doubled in this hand", 0, 1),
    ("tricks taken", PLAYERS, "the tricks each position took in this hand", 0, 8),
    ("points taken", PLAYERS, "the card points each position took in this hand", 0, 120),
    ("totals", PLAYERS, "each position's penalty total", 0, None),
    ("target", 1, "the total that ends the match (Rules.target)", 1, None),
    ("natural order", 1, "1 if plain suits rank A K Q 10 9 8 7 (plain_rank_order='natural')", 0, 1),
    ("hand number", 1, "0 before the first deal, then the number of hands dealt", 0, None),
)
"""The blocks of an observation, in order. Positions are relative to the observer."""

_SIZE: Final = LAYOUT[-1].offset + LAYOUT[-1].length


def move_indices(move: Move) -> tuple[int, ...]:
    """Return the one action that is the move: every Kalter Schlag move is a single action.

    Raises:
        RulesError: If ``move`` is not a Kalter Schlag move, or plays a card not in the pack.

    Example:
        >>> from cardgames import kalter_schlag
        >>> [move_indices(move) for move in (kalter_schlag.Deal(), kalter_schlag.DOUBLE)]
        [(0,), (1,)]
    """
    kind = type(move)
    if kind is core_moves.Play:
        slot = _SLOT.get(move.card.index)  # type: ignore[union-attr]  # kind is Play
        if slot is None:
            raise errors.RulesError(f"{move} plays a card that is not in the 32-card pack")
        return (PLAY_ACTIONS + slot,)
    if kind is Double:
        return (DOUBLE_ACTION,)
    if kind is core_moves.Deal:
        return (DEAL_ACTION,)
    raise errors.RulesError(f"expected a Kalter Schlag move, not {errors.quote(move)}")


def layout(rules: Rules | None, players: int = PLAYERS) -> tuple[protocols.Block, ...]:
    """Return the blocks of every observation, in order: :data:`LAYOUT`, the same for all options.

    Raises:
        RulesError: If ``rules`` is not Kalter Schlag's ``Rules`` (or None), or ``players`` is
            not 4.
    """
    ABOUT.check_rules(rules)
    ABOUT.check_players(players, none_is_usual=False)
    return LAYOUT


def observation_size(rules: Rules | None, players: int = PLAYERS) -> int:
    """Return the length of every observation: the same for all options.

    Raises:
        RulesError: If ``rules`` is not Kalter Schlag's ``Rules`` (or None), or ``players`` is
            not 4.

    Example:
        >>> observation_size(None, 4)
        319
    """
    ABOUT.check_rules(rules)
    ABOUT.check_players(players, none_is_usual=False)
    return _SIZE


def observation(state: State, seat: int) -> tuple[int, ...]:
    """Return what ``seat`` may know as a flat tuple of ints, laid out as :data:`LAYOUT` says.

    It is what ``observe(view(state, seat))`` gives, read straight from the state's public
    facts without building the view: two states that differ only in cards the seat cannot see
    give the same observation.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state, or ``seat`` is not 0 to 3.

    Example:
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.apply(kalter_schlag.new_game(seed=3), kalter_schlag.Deal())
        >>> sum(observation(state, 0)[:32])  # eight cards in hand
        8
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    seat = arguments.check_seat(seat, PLAYERS)
    match = state.match
    in_trick = [0] * PLAYERS
    leader = state.leader
    for place, index in enumerate(state.trick):
        in_trick[(leader + place) % PLAYERS] = 1 << index
    played = [0] * PLAYERS
    points = [0] * PLAYERS
    taken = [0] * PLAYERS
    for trick in state.tricks:
        won = 0
        for each, card in trick.plays:
            index = card.index
            played[each] |= 1 << index
            won += _POINTS[index]
        winner = trick.winner
        if winner is not None:
            points[winner] += won
            taken[winner] += 1
    mover = engine.current_player(state)
    doubles = state.doubles
    return _encoded(
        seat,
        hand=state.hands[seat],
        in_trick=in_trick,
        played=played,
        mover=None if mover is None else (mover - seat) % PLAYERS,
        dealer=(state.dealer - seat) % PLAYERS,
        phase=_PHASES.index(state.phase),
        doubled=[int((seat + offset) % PLAYERS in doubles) for offset in range(PLAYERS)],
        taken=taken,
        points=points,
        totals=match.totals,
        rules=match.rules,
        hand_number=match.hand_number,
    )


def observe(view: View) -> tuple[int, ...]:
    """Return what the seat of ``view`` may know, laid out as :func:`observation`'s result.

    ``observation(state, seat)`` is ``observe(view(state, seat))``: an agent that is given a
    view (as :meth:`cardgames.agents.Agent.choose` is) reads it through this form, which
    :meth:`cardgames.game.Game.observation` calls for a Kalter Schlag view.
    """
    seat = view.seat
    in_trick = [0] * PLAYERS
    if view.trick is not None:
        for each, card in view.trick.plays:
            in_trick[each] = card.mask
    played = [0] * PLAYERS
    for trick in view.tricks:
        for each, card in trick.plays:
            played[each] |= 1 << card.index
    mover = view.current_player
    return _encoded(
        seat,
        hand=cards.mask_of(view.hand),
        in_trick=in_trick,
        played=played,
        mover=None if mover is None else (mover - seat) % PLAYERS,
        dealer=(view.dealer - seat) % PLAYERS,
        phase=_PHASES.index(view.phase),
        doubled=[int((seat + offset) % PLAYERS in view.doubles) for offset in range(PLAYERS)],
        taken=view.tricks_taken,
        points=view.points_taken,
        totals=view.totals,
        rules=view.rules,
        hand_number=view.hand_number,
    )


def _encoded(
    seat: int,
    *,
    hand: int,
    in_trick: Sequence[int],
    played: Sequence[int],
    mover: int | None,
    dealer: int,
    phase: int,
    doubled: list[int],
    taken: Sequence[int],
    points: Sequence[int],
    totals: Sequence[int],
    rules: Rules,
    hand_number: int,
) -> tuple[int, ...]:
    """Return the observation of its blocks' facts: by seat, except the positions given."""
    order = _ORDERS[seat]
    ints = cards.flag_blocks(
        (
            hand,
            *[in_trick[each] for each in order],
            *[played[each] for each in order],
        ),
        _PACK_SIZE,
    )
    ints += _ONE_HOT_SEATS[mover]
    ints += _ONE_HOT_SEATS[dealer]
    ints += _ONE_HOT_PHASES[phase]
    ints += doubled
    ints += [taken[each] for each in order]
    ints += [points[each] for each in order]
    ints += [totals[each] for each in order]
    ints += (rules.target, int(rules.plain_rank_order == "natural"), hand_number)
    return tuple(ints)


_ORDERS: Final = tuple(
    tuple((seat + offset) % PLAYERS for offset in range(PLAYERS)) for seat in range(PLAYERS)
)
"""For each observer, the seats by position: the observer first, then the seats to his left."""

_ONE_HOT_SEATS: Final = {
    place: protocols.one_hot(PLAYERS, place) for place in (*range(PLAYERS), None)
}
"""The one-hot block of each position, and of none."""

_ONE_HOT_PHASES: Final = tuple(
    protocols.one_hot(len(_PHASES), place) for place in range(len(_PHASES))
)
"""The one-hot block of each phase."""

_POINTS: Final = scoring.POINTS
"""Each card's points, by card index."""
