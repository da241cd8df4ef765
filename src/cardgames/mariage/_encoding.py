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
from collections.abc import Iterable, Mapping
from typing import Final

from cardgames import cards, errors, protocols
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


def _marks(found: Iterable[cards.Card]) -> list[int]:
    """Return 52 ints, 1 for each card found."""
    ints = [0] * _CARDS
    for card in found:
        ints[card.index] = 1
    return ints


def _card_blocks(view: View, position: Mapping[int, int]) -> list[int]:
    """Return the blocks about cards: hand, trump, trick, played, shown."""
    n = view.players
    trump = view.trump
    ints = _marks(view.hand)
    ints += _marks(() if trump is None else (trump,))
    ints += protocols.one_hot(_SUITS, None if trump is None else int(trump.suit))
    plays = () if view.trick is None else view.trick.plays
    for slot in range(n):
        if slot < len(plays):
            who, card = plays[slot]
            ints += _marks((card,))
            ints += protocols.one_hot(n, position[who])
        else:
            ints += [0] * (_CARDS + n)
    played = [0] * (n * _CARDS)
    for trick in view.tricks:
        for who, card in trick.plays:
            played[_CARDS * position[who] + card.index] = 1
    gone = cards.mask_of(card for trick in view.tricks for card in trick.cards)
    gone |= cards.mask_of(card for _, card in plays)
    shown = [0] * (n * _CARDS)
    for who, made in view.claims:
        for card in made.cards:
            if not gone >> card.index & 1:
                shown[_CARDS * position[who] + card.index] = 1
    return ints + played + shown


def _seat_blocks(view: View, order: tuple[int, ...], position: Mapping[int, int]) -> list[int]:
    """Return the blocks about seats, the phase, the queens and the chips."""
    n = view.players
    ints: list[int] = []
    for who in view.pools_won:
        ints += protocols.one_hot(n, None if who is None else position[who])
    ints += [view.tricks_taken[each] for each in order]
    ints += [view.hand_sizes[each] for each in order]
    mover = view.current_player
    ints += protocols.one_hot(n, None if mover is None else position[mover])
    ints += protocols.one_hot(n, position[view.dealer])
    ints += protocols.one_hot(len(_PHASES), _PHASES.index(view.phase))
    due = view.queen_due
    ints += protocols.one_hot(_SUITS, None if due is None else int(due.suit))
    declined = [0] * _SUITS
    for suit in view.queens_declined:
        declined[suit] = 1
    ints += declined
    ints += [view.balances[each] for each in order]
    ints += view.pools
    ints += [view.totals[each] for each in order]
    ints.append(view.hand_number)
    return ints


def observation(state: State, seat: int) -> tuple[int, ...]:
    """Return what ``seat`` may know as a flat tuple of ints, laid out as :func:`layout` says.

    It is built from ``view(state, seat)`` alone: two states that differ only in cards the seat
    cannot see give the same observation.

    Raises:
        RulesError: If ``state`` is not a Mariage state, or ``seat`` not one of its seats.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.apply(mariage.new_game(seed=3, players=6), mariage.Deal())
        >>> seen = observation(state, 0)
        >>> sum(seen[:52]), sum(seen[52:104]), len(seen)  # five cards held, the trump card
        (5, 1, 1165)
    """
    return observe(engine.view(state, seat))


def observe(view: View) -> tuple[int, ...]:
    """Return what the seat of ``view`` may know, laid out as :func:`observation`'s result.

    ``observation(state, seat)`` is ``observe(view(state, seat))``: an agent that is given a
    view (as :meth:`cardgames.agents.Agent.choose` is) reads it through this form, which
    :meth:`cardgames.game.Game.observation` calls for a Mariage view.
    """
    n = view.players
    step = view.rules.step
    order = tuple((view.seat + offset * step) % n for offset in range(n))
    position = {who: offset for offset, who in enumerate(order)}
    return (*_card_blocks(view, position), *_seat_blocks(view, order, position))
