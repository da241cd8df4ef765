"""Gin Rummy for learning agents: moves as actions, a seat's view as a flat tuple of ints.

Most moves are one action: the deal, the two draws, the pass, big gin, and a discard or a knock
of each of the 52 cards. A lay-out is a combination, so it is *factored*: one action per meld
laid down, numbered by its place in the table of every meld
(:data:`~cardgames.gin_rummy._melds.TABLE`, 329 melds), then one action per lay-off (a card onto
the knocker's meld 0, 1 or 2), then the action :data:`END_LAY_OUT`. The actions of a lay-out
come in ascending order — its melds in the meld order, its lay-offs by card within each target,
the end last — so a learner chooses them one at a time, and the end action says that the
lay-out is complete (no lay-out's actions begin another's). ``legal_mask(state, prefix)`` and
``index_to_move(index, state, prefix)`` take the actions already chosen.

The actions, :data:`NUM_MOVES` in all:

=========  ====================================================================
index      action
=========  ====================================================================
0          deal (a stacked ``Deal(order=...)`` too: its order is chance's)
1          draw from the stock
2          draw from the pile (take the upcard, on the first turn)
3          pass (refuse the upcard)
4          big gin
5–56       discard a card: ``5 + card.index`` (card order, 2♣ … A♦)
57–108     knock with a card: ``57 + card.index``
109–437    lay down a meld: ``109 +`` its place in ``melds.TABLE``
438–593    lay a card off onto the knocker's meld *k* (0–2): ``438 + 52 k + card.index``
594        end the lay-out
=========  ====================================================================

An observation is built from the seat's :func:`~cardgames.gin_rummy.view` only, so it holds
nothing the seat may not know. Seats in it are *relative*: position 0 is the observer, position
1 the other player. Its blocks are :data:`LAYOUT`, in order; a block of 52 has one int per card
in card order.

Example:
    >>> from cardgames import gin_rummy
    >>> gin_rummy.NUM_MOVES, gin_rummy.move_indices(gin_rummy.parse_move("discard 2♣"))
    (595, (5,))
    >>> gin_rummy.move_indices(gin_rummy.parse_move("lay out 7♣ 7♠ 7♦ | 3♥ 4♥ 5♥"))
    (140, 327, 594)
    >>> state = gin_rummy.new_game(seed=3)
    >>> len(gin_rummy.observation(state, 0)) == gin_rummy.observation_size(None, 2)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames import arguments, cards, errors, protocols
from cardgames import moves as core_moves
from cardgames.gin_rummy import _engine as engine
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy._about import ABOUT
from cardgames.gin_rummy._hollywood import HollywoodSheet
from cardgames.gin_rummy._moves import BigGin, Discard, Draw, Knock, LayOut, Move, Pass, Source
from cardgames.gin_rummy._rules import HAND_SIZE, MOST_DEADWOOD, Rules
from cardgames.gin_rummy._state import PLAYERS, STOCK_SIZE, Phase, State, View

__all__ = [
    "BIG_GIN_ACTION",
    "DEAL_ACTION",
    "DISCARD_ACTIONS",
    "DRAW_PILE_ACTION",
    "DRAW_STOCK_ACTION",
    "END_LAY_OUT",
    "KNOCK_ACTIONS",
    "LAYOFF_ACTIONS",
    "LAYOUT",
    "MELD_ACTIONS",
    "NUM_MOVES",
    "PASS_ACTION",
    "TARGETS",
    "layout",
    "move_indices",
    "observation",
    "observation_size",
    "observe",
]

_PACK_SIZE: Final = len(engine.PACK)

DEAL_ACTION: Final = 0
"""The action that deals (a stacked ``Deal(order=...)`` is this action too)."""
DRAW_STOCK_ACTION: Final = 1
"""The action that draws the top card of the stock."""
DRAW_PILE_ACTION: Final = 2
"""The action that takes the top card of the pile (the upcard on the first turn)."""
PASS_ACTION: Final = 3
"""The action that refuses the upcard."""
BIG_GIN_ACTION: Final = 4
"""The action that goes big gin (option ``big_gin``)."""
DISCARD_ACTIONS: Final = 5
"""The first discard action: ``DISCARD_ACTIONS + card.index`` discards the card."""
KNOCK_ACTIONS: Final = DISCARD_ACTIONS + _PACK_SIZE
"""The first knock action: ``KNOCK_ACTIONS + card.index`` knocks, discarding the card face
down."""
MELD_ACTIONS: Final = KNOCK_ACTIONS + _PACK_SIZE
"""The first meld action: ``MELD_ACTIONS + i`` lays down the meld ``melds.TABLE[i]``."""
TARGETS: Final = 3
"""The most melds a knocker lays down (ten or eleven cards hold at most three melds): the
lay-off targets 0, 1 and 2."""
LAYOFF_ACTIONS: Final = MELD_ACTIONS + len(melds.TABLE)
"""The first lay-off action: ``LAYOFF_ACTIONS + 52 * k + card.index`` lays the card off onto
the knocker's meld ``k``."""
END_LAY_OUT: Final = LAYOFF_ACTIONS + TARGETS * _PACK_SIZE
"""The action that ends a lay-out: the last of every lay-out's actions."""
NUM_MOVES: Final = END_LAY_OUT + 1
"""How many actions Gin Rummy has: 595."""

_MELD_PLACE: Final = {meld.mask: MELD_ACTIONS + place for place, meld in enumerate(melds.TABLE)}
"""A meld's action, by the bit set of its cards."""

_SINGLE: Final[dict[object, int]] = {
    core_moves.Deal: DEAL_ACTION,
    Pass: PASS_ACTION,
    BigGin: BIG_GIN_ACTION,
}
"""The action of each kind of move that is one action whatever it holds."""

_PHASES: Final = tuple(Phase)


_GAMES: Final = 3
"""The games of a Hollywood sheet."""

LAYOUT: Final = protocols.place_blocks(
    ("hand", _PACK_SIZE, "1 for each card the observer holds", 0, 1),
    ("pile", _PACK_SIZE, "1 for each card in the discard pile", 0, 1),
    ("top", _PACK_SIZE, "1 for the top card of the discard pile", 0, 1),
    (
        "known",
        PLAYERS * _PACK_SIZE,
        (
            "for positions 0 and 1, 52 ints each: 1 for each card the position took from the pile "
            "in this hand and still holds (both players know them)"
        ),
        0,
        1,
    ),
    (
        "knocker melds",
        TARGETS * _PACK_SIZE,
        (
            "the knocker's melds once laid out, the lay-off targets 0 to 2 in order: 52 ints "
            "each, 1 for each card of the meld"
        ),
        0,
        1,
    ),
    (
        "knocker deadwood",
        _PACK_SIZE,
        "1 for each card of the knocker's deadwood, once laid out",
        0,
        1,
    ),
    (
        "defender melds",
        _PACK_SIZE,
        "1 for each card in the defender's own melds, once laid out",
        0,
        1,
    ),
    (
        "layoffs",
        TARGETS * _PACK_SIZE,
        (
            "the defender's lay-offs once laid out: for targets 0 to 2, 52 ints each, 1 for each "
            "card laid off onto that meld of the knocker's"
        ),
        0,
        1,
    ),
    (
        "defender deadwood",
        _PACK_SIZE,
        "1 for each card of the defender's deadwood, once laid out",
        0,
        1,
    ),
    ("to move", PLAYERS, "1 for the position to move (all 0 once the match is over)", 0, 1),
    ("dealer", PLAYERS, "1 for the position that dealt this hand (or deals the first)", 0, 1),
    (
        "knocker",
        PLAYERS,
        "1 for the position that knocked in this hand (all 0 before a knock)",
        0,
        1,
    ),
    (
        "phase",
        len(_PHASES),
        "1 for the phase: deal, offer, first draw, draw, discard, knocker, defender",
        0,
        1,
    ),
    ("over", 1, "1 once the match is over", 0, 1),
    ("hand sizes", PLAYERS, "how many cards each position holds", 0, HAND_SIZE + 1),
    ("stock", 1, "how many cards are left in the stock", 0, STOCK_SIZE),
    (
        "knock limit",
        1,
        "the highest count a player may knock with in this hand; -1 before it",
        -1,
        MOST_DEADWOOD,
    ),
    ("doubled", 1, "1 if this hand's score is doubled (an Oklahoma spade upcard)", 0, 1),
    ("totals", PLAYERS, "each position's total", 0, None),
    ("hands won", PLAYERS, "how many hands each position has won", 0, None),
    (
        "hollywood",
        _GAMES * (PLAYERS + 1),
        (
            "with Hollywood scoring, for games 1 to 3: each position's total in the game (0 if it "
            "has not entered it), then 1 if the game is closed; all 0 without Hollywood"
        ),
        0,
        None,
    ),
    ("target", 1, "the total that wins a game (Rules.target, or Rules.hollywood_target)", 1, None),
    ("hand number", 1, "0 before the first deal, then the number of hands dealt", 0, None),
)
"""The blocks of an observation, in order. Positions are relative to the observer."""

_SIZE: Final = LAYOUT[-1].offset + LAYOUT[-1].length


def move_indices(move: Move) -> tuple[int, ...]:
    """Return the actions that make up the move: one for most, several for a lay-out.

    A lay-out gives its melds' actions, then its lay-offs' (in ascending order: by target, then
    card), then the end action, the last of all (``NUM_MOVES - 1``). Two lay-outs that lay off
    the same cards onto the same melds in another order are the same actions.

    Raises:
        RulesError: If ``move`` is not a Gin Rummy move, or lays a card off onto a meld the
            knocker cannot have laid (an index above 2).

    Example:
        >>> from cardgames import gin_rummy
        >>> move = gin_rummy.LayOut(["9♦ 9♠ 9♣"], layoffs=[("7♠", 0), ("6♠", 0), ("J♦", 1)])
        >>> move_indices(move)
        (150, 455, 456, 538, 594)
    """
    kind = type(move)
    if kind is Discard:
        return (DISCARD_ACTIONS + move.card.index,)  # type: ignore[union-attr]  # a Discard
    if kind is Draw:
        is_stock = move.source is Source.STOCK  # type: ignore[union-attr]  # a Draw
        return (DRAW_STOCK_ACTION if is_stock else DRAW_PILE_ACTION,)
    if kind is Knock:
        return (KNOCK_ACTIONS + move.card.index,)  # type: ignore[union-attr]  # a Knock
    if kind is LayOut:
        return _lay_out_indices(move)  # type: ignore[arg-type]  # a LayOut
    single = _SINGLE.get(kind)
    if single is None:
        raise errors.RulesError(f"expected a Gin Rummy move, not {errors.quote(move)}")
    return (single,)


def _lay_out_indices(move: LayOut) -> tuple[int, ...]:
    """Return a lay-out's actions: its melds, its lay-offs, the end."""
    found = [_MELD_PLACE[meld.mask] for meld in move.melds]
    offs = []
    for card, target in move.layoffs:
        if target >= TARGETS:
            raise errors.RulesError(
                f"{move} lays {card} off onto meld {target}: the knocker lays down at most "
                f"{TARGETS} melds, numbered 0 to {TARGETS - 1}"
            )
        offs.append(LAYOFF_ACTIONS + _PACK_SIZE * target + card.index)
    found += sorted(offs)
    found.append(END_LAY_OUT)
    return tuple(found)


def layout(rules: Rules | None, players: int = PLAYERS) -> tuple[protocols.Block, ...]:
    """Return the blocks of every observation, in order: :data:`LAYOUT`, the same for all options.

    Raises:
        RulesError: If ``rules`` is not Gin Rummy's ``Rules`` (or None), or ``players`` is
            not 2.
    """
    ABOUT.check_rules(rules)
    ABOUT.check_players(players, none_is_usual=False)
    return LAYOUT


def observation_size(rules: Rules | None, players: int = PLAYERS) -> int:
    """Return the length of every observation: the same for all options.

    Args:
        rules: The match's options (None for the defaults).
        players: Must be 2.

    Raises:
        RulesError: If ``rules`` is not Gin Rummy's ``Rules`` (or None), or ``players`` is not
            2 (None included).

    Example:
        >>> observation_size(None, 2)
        762
    """
    ABOUT.check_rules(rules)
    ABOUT.check_players(players, none_is_usual=False)
    return _SIZE


def observation(state: State, seat: int) -> tuple[int, ...]:
    """Return what ``seat`` may know as a flat tuple of ints, laid out as :data:`LAYOUT` says.

    It is ``observe(view(state, seat))``, read straight from the state without building the
    view: two states that differ only in cards the seat cannot see give the same observation.

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state, or ``seat`` is not 0 or 1.

    Example:
        >>> from cardgames import gin_rummy
        >>> state = gin_rummy.apply(gin_rummy.new_game(seed=3), gin_rummy.Deal())
        >>> seen = observation(state, 0)
        >>> sum(seen[:52]), sum(seen[52:104])  # ten cards held, the upcard on the pile
        (10, 1)
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    seat = arguments.check_seat(seat, PLAYERS)
    hand = state.hand
    showdown = state.showdown
    hands = state.hands
    match = state.match
    pile = 0
    for index in state.pile:
        pile |= 1 << index
    return _encoded(
        seat,
        hand=hands[seat],
        pile=pile,
        top=1 << state.pile[-1] if state.pile else 0,
        known=[picked & held for picked, held in zip(state.picked, hands, strict=True)],
        knocked=None if showdown is None else showdown.layout,
        defence=None if showdown is None else showdown.defence,
        mover=engine.current_player(state),
        dealer=state.dealer,
        knocker=None if showdown is None else showdown.knocker,
        phase=state.phase,
        over=match.winners is not None,
        hand_sizes=[held.bit_count() for held in hands],
        stock_size=state.stock_size,
        knock_limit=None if hand is None else hand.limit,
        doubled=hand is not None and hand.doubled,
        totals=match.totals,
        hands_won=match.hands_won,
        hollywood=match.hollywood,
        rules=match.rules,
        hand_number=match.hand_number,
    )


def observe(view: View) -> tuple[int, ...]:
    """Return what the seat of ``view`` may know, laid out as :func:`observation`'s result.

    ``observation(state, seat)`` is ``observe(view(state, seat))``: an agent that is given a
    view (as :meth:`cardgames.agents.Agent.choose` is) reads it through this form, which
    :meth:`cardgames.game.Game.observation` calls for a Gin Rummy view.
    """
    return _encoded(
        view.seat,
        hand=cards.mask_of(view.hand),
        pile=cards.mask_of(view.pile),
        top=cards.mask_of(view.pile[-1:]),
        known=[cards.mask_of(found) for found in view.known],
        knocked=view.knocker_layout,
        defence=view.defence,
        mover=view.current_player,
        dealer=view.dealer,
        knocker=view.knocker,
        phase=view.phase,
        over=view.over,
        hand_sizes=view.hand_sizes,
        stock_size=view.stock_size,
        knock_limit=view.knock_limit,
        doubled=view.doubled,
        totals=view.totals,
        hands_won=view.hands_won,
        hollywood=view.hollywood,
        rules=view.rules,
        hand_number=view.hand_number,
    )


def _encoded(  # a few locals per block of the layout
    seat: int,
    *,
    hand: int,
    pile: int,
    top: int,
    known: Sequence[int],
    knocked: melds.Arrangement | None,
    defence: melds.Defence | None,
    mover: int | None,
    dealer: int,
    knocker: int | None,
    phase: Phase,
    over: bool,
    hand_sizes: Sequence[int],
    stock_size: int,
    knock_limit: int | None,
    doubled: bool,
    totals: Sequence[int],
    hands_won: Sequence[int],
    hollywood: HollywoodSheet | None,
    rules: Rules,
    hand_number: int,
) -> tuple[int, ...]:
    """Return the observation of its blocks' facts, seats absolute (the view's fields)."""
    other = 1 - seat
    masks = [hand, pile, top, known[seat], known[other]]
    if knocked is None:
        masks += _NO_MASKS
    else:
        shown = knocked.melds
        masks += [shown[place].mask if place < len(shown) else 0 for place in range(TARGETS)]
        masks.append(cards.mask_of(knocked.deadwood))
    own = 0
    offs = [0] * TARGETS
    if defence is not None:
        for meld in defence.melds:
            own |= meld.mask
        for card, target in defence.layoffs:
            offs[target] |= card.mask
    masks.append(own)
    masks += offs
    masks.append(0 if defence is None else cards.mask_of(defence.deadwood))
    ints = cards.flag_blocks(masks)
    ints += _ONE_HOT_SEATS[None if mover is None else (mover - seat) % PLAYERS]
    ints += _ONE_HOT_SEATS[(dealer - seat) % PLAYERS]
    ints += _ONE_HOT_SEATS[None if knocker is None else (knocker - seat) % PLAYERS]
    ints += _ONE_HOT_PHASES[_PHASES.index(phase)]
    ints += (
        int(over),
        hand_sizes[seat],
        hand_sizes[other],
        stock_size,
        -1 if knock_limit is None else knock_limit,
        int(doubled),
        totals[seat],
        totals[other],
        hands_won[seat],
        hands_won[other],
    )
    for number in range(_GAMES):
        if hollywood is None:
            ints += _NO_GAME
        else:
            played = hollywood.games[number]
            ints += (played.total(seat), played.total(other), int(played.closed))
    ints.append(rules.hollywood_target if rules.hollywood else rules.target)
    ints.append(hand_number)
    return tuple(ints)


_NO_MASKS: Final = (0,) * (TARGETS + 1)
"""The masks of no knocker's lay-out: no meld, no deadwood."""

_NO_GAME: Final = (0,) * (PLAYERS + 1)
"""A Hollywood game's block before the sheet is kept: no totals, not closed."""

_ONE_HOT_SEATS: Final = {place: protocols.one_hot(PLAYERS, place) for place in (0, 1, None)}
"""The one-hot block of each position, and of none."""

_ONE_HOT_PHASES: Final = tuple(
    protocols.one_hot(len(_PHASES), place) for place in range(len(_PHASES))
)
"""The one-hot block of each phase."""
