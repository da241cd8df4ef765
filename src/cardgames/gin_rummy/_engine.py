"""Gin Rummy's engine: start a match, list and apply moves, read the score and views.

Each move is checked and made in :mod:`cardgames.gin_rummy._turns`; the end of a hand (its
score, the next dealer, the end of the match) in :mod:`cardgames.gin_rummy._scoresheet`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from cardgames import _frozen, arguments, cards, dealing, errors
from cardgames import moves as core_moves
from cardgames.gin_rummy import _turns as turns
from cardgames.gin_rummy._about import ABOUT
from cardgames.gin_rummy._hollywood import HollywoodSheet
from cardgames.gin_rummy._moves import (
    BIG_GIN,
    DISCARDS,
    DRAW_PILE,
    DRAW_STOCK,
    KNOCKS,
    PASS,
    BigGin,
    Deal,
    Discard,
    Draw,
    Knock,
    LayOut,
    Move,
    Pass,
    parse_move,
)
from cardgames.gin_rummy._narration import narrate
from cardgames.gin_rummy._rules import HAND_SIZE, Rules
from cardgames.gin_rummy._state import (
    PHASE_DEAL,
    PHASE_DEFENDER,
    PHASE_DISCARD,
    PHASE_DRAW,
    PHASE_FIRST_DRAW,
    PHASE_KNOCKER,
    PHASE_OFFER,
    PLAYERS,
    STOCK_SIZE,
    VOID_STOCK,
    Match,
    Score,
    State,
    View,
)

__all__ = [
    "PACK",
    "apply",
    "best_lay_out",
    "current_player",
    "hand_returns",
    "is_over",
    "legal_moves",
    "max_hand_moves",
    "narrate",
    "new_game",
    "order_for",
    "pack",
    "parse_move",
    "returns",
    "score",
    "view",
]

PACK: Final = ABOUT.pack
"""The 52-card pack, in card order."""


_DEAL_ONLY: Final[tuple[Move, ...]] = (core_moves.DEAL,)
_OFFERED: Final[tuple[Move, ...]] = (DRAW_PILE, PASS)
_STOCK_ONLY: Final[tuple[Move, ...]] = (DRAW_STOCK,)
_DRAWS: Final[tuple[Move, ...]] = (DRAW_STOCK, DRAW_PILE)


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    players: int | None = None,
    first_dealer: int | None = None,
) -> State:
    """Start a match, in the first hand's deal phase.

    Args:
        rules: The options; None for the source's rules.
        seed: Every deal (and the first dealer, unless given) derives from it; None picks one
            at random, kept in the state so the match can be replayed.
        players: Must be None or 2.
        first_dealer: The seat that deals first; None draws it from the seed (rule 7).

    Raises:
        RulesError: For a player count other than 2, a seat out of range, or a seed that is
            not an int.

    Example:
        >>> from cardgames import gin_rummy
        >>> state = gin_rummy.new_game(seed=7, first_dealer=1)
        >>> gin_rummy.current_player(state), gin_rummy.legal_moves(state)
        (1, (Deal(),))
    """
    options, seed, _, first_dealer = ABOUT.check_new_game(
        rules,
        seed=seed,
        players=players,
        first_dealer=first_dealer,
    )
    match = Match.opening(
        options,
        seed,
        PLAYERS,
        first_dealer,
        next_dealer=first_dealer,
        hands_won=(0, 0),
        hollywood=HollywoodSheet(rules=options) if options.hollywood else None,
        settlement=None,
    )
    return State(
        match=match,
        phase=PHASE_DEAL,
        turn=first_dealer,
        hand=None,
        hands=(0, 0),
        drawn=0,
        pile=(),
        taken=-1,
        knocks=0,
        pile_draws=0,
        picked=(0, 0),
        showdown=None,
        history=None,
    )


def pack(rules: Rules | None = None, players: int = PLAYERS) -> tuple[cards.Card, ...]:
    """Return the cards a match is played with: the 52-card pack, whatever the options.

    Args:
        rules: The match's options (None for the defaults).
        players: Must be 2.

    Raises:
        RulesError: If ``rules`` is not Gin Rummy's ``Rules`` (or None) or ``players`` is not 2
            (None included).

    Example:
        >>> from cardgames import gin_rummy
        >>> len(gin_rummy.pack(gin_rummy.Rules(), 2))
        52
        >>> gin_rummy.pack(gin_rummy.Rules(), 4)
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: Gin Rummy is played by exactly 2 players, not 4
    """
    return ABOUT.check_pack(rules, players)


def max_hand_moves(rules: Rules | None, players: int = PLAYERS) -> int:
    """Return the most moves a hand can take.

    The deal, two passes of the upcard, then turns of a draw and a discard: at most 29 draws
    from the stock (the 31 cards down to 2) and ``rules.pile_draw_limit`` from the pile, the
    last turn ending in a knock; then the two lay-outs.

    Args:
        rules: The match's options (None for the defaults).
        players: Must be 2.

    Raises:
        RulesError: If ``rules`` is not Gin Rummy's ``Rules`` (or None) or ``players`` is not 2
            (None included).

    Example:
        >>> from cardgames import gin_rummy
        >>> gin_rummy.max_hand_moves(gin_rummy.Rules())
        163
    """
    rules = ABOUT.check_rules(rules)
    ABOUT.check_players(players, none_is_usual=False)
    most_turns = STOCK_SIZE - VOID_STOCK + rules.pile_draw_limit
    return 1 + PLAYERS + 2 * most_turns + PLAYERS


def current_player(state: State) -> int | None:
    """Return the seat to move: the next dealer between hands, None once the match is over.

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    return None if state.match.winners is not None else state.turn


def legal_moves(state: State) -> tuple[Move, ...]:
    """Return the legal moves of the seat to move.

    The order, by kind: ``Deal()`` (alone, between hands); ``Draw`` (the stock, then the pile;
    on the first turn the pile only, beside ``Pass()``); ``Pass()``; then, holding eleven
    cards, each ``Discard`` and each ``Knock`` in card order and ``BigGin()``; after a knock,
    each ``LayOut`` in the order of :func:`~cardgames.gin_rummy._melds.arrangements` (the
    knocker's) or :func:`~cardgames.gin_rummy._melds.defences` (the defender's), best first.
    The defender's are those that reach his least count (rule 13), or every lay-out he can make
    with ``Rules(defender_count="as_laid")``. Empty when the match is over.

    Two kinds of move are legal but not listed: ``Deal(order=...)``, a stacked deal (never with
    a seat), and a defender's listed lay-out with its lay-offs written in another order in which
    they can be laid (``off 8♠>2 4♠>2`` for the listed ``off 4♠>2 8♠>2``): the same lay-out,
    the same actions (:func:`~cardgames.gin_rummy.move_indices`) and the same score.

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state (another game's included).
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    phase = state.phase
    if phase is PHASE_DRAW:
        return _DRAWS if state.pile_draws < state.match.rules.pile_draw_limit else _STOCK_ONLY
    if phase is PHASE_DISCARD:
        return _discard_moves(state)
    if phase is PHASE_DEAL:
        return () if state.match.winners is not None else _DEAL_ONLY
    if phase is PHASE_OFFER:
        return _OFFERED
    if phase is PHASE_FIRST_DRAW:
        return _STOCK_ONLY
    if phase is PHASE_KNOCKER:
        return tuple(LayOut(layout.melds) for layout in turns.arrangements(state))
    return tuple(LayOut(defence.melds, defence.layoffs) for defence in turns.defences(state))


def _discard_moves(state: State) -> tuple[Move, ...]:
    """Return the discards, knocks and big gin of a player holding eleven cards."""
    allowed = turns.discardable(state)
    found = _discards_in(allowed)
    knocks = state.knocks
    if not knocks:
        return found
    mask = knocks & allowed
    more: list[Move] = []
    while mask:
        low = mask & -mask
        more.append(KNOCKS[low.bit_length() - 1])
        mask ^= low
    if knocks & turns.BIG_GIN_BIT:
        more.append(BIG_GIN)
    return (*found, *more)


_SUIT_BITS: Final = 0x1FFF
_DISCARDS_BY_SUIT: Final[tuple[dict[int, tuple[Move, ...]], ...]] = tuple(
    {0: ()} for _ in cards.Suit
)
"""Per suit, the discards of a suit's 13 bits: filled as hands come, at most 8192 each."""


def _suit_discards(suit: int, bits: int) -> tuple[Move, ...]:
    """Return (and remember) the discards of one suit's cards, in card order."""
    found = _DISCARDS_BY_SUIT[suit].get(bits)
    if found is not None:
        return found
    found = tuple(DISCARDS[13 * suit + rank] for rank in range(13) if bits >> rank & 1)
    _DISCARDS_BY_SUIT[suit][bits] = found
    return found


def _discards_in(mask: int) -> tuple[Move, ...]:
    """Return the discards of the cards of a bit set, in card order: four table look-ups."""
    clubs, spades, hearts, diamonds = _DISCARDS_BY_SUIT
    bits = (mask & _SUIT_BITS, mask >> 13 & _SUIT_BITS, mask >> 26 & _SUIT_BITS, mask >> 39)
    try:
        return clubs[bits[0]] + spades[bits[1]] + hearts[bits[2]] + diamonds[bits[3]]
    except KeyError:
        return sum((_suit_discards(suit, part) for suit, part in enumerate(bits)), ())


def best_lay_out(state: State) -> LayOut:
    """Return the best lay-out for the player to lay out: a bot's or a UI's one click.

    For the knocker, the first of his arrangements (the least count, shown with as many cards
    melded and as few melds as possible); for the defender, the first of his lay-outs: the least
    count, his own melds and lay-offs optimised together (none after gin).

    Raises:
        IllegalMoveError: If nobody is to lay out (there was no knock, or both have laid out).
        RulesError: If ``state`` is not a Gin Rummy state.

    Example:
        The source's lay-offs: the knocker shows three eights, three jacks, 3♠ 4♠ 5♠ and the
        2♥; the defender lays the J♦ on the jacks, the 6♠ and 7♠ on the run.

        >>> from cardgames import gin_rummy
        >>> order = gin_rummy.order_for(
        ...     {
        ...         0: "3♠ 4♠ 5♠ J♣ J♠ J♥ 8♣ 8♥ 8♦ 2♥",
        ...         1: "7♠ 6♠ J♦ A♥ 3♥ K♦ K♥ K♠ 9♣ 9♦",
        ...     },
        ...     dealer=1,
        ...     upcard="10♣",
        ... )
        >>> state = gin_rummy.new_game(seed=1, first_dealer=1)
        >>> state = gin_rummy.apply(state, gin_rummy.Deal(order=order))
        >>> for text in ("pass", "pass", "draw stock", "knock 2♣"):
        ...     state = gin_rummy.apply(state, gin_rummy.parse_move(text))
        >>> print(gin_rummy.best_lay_out(state))
        lay out 8♣ 8♥ 8♦ | J♣ J♠ J♥ | 3♠ 4♠ 5♠
        >>> state = gin_rummy.apply(state, gin_rummy.best_lay_out(state))
        >>> print(gin_rummy.best_lay_out(state))
        lay out K♠ K♥ K♦ off J♦>1 6♠>2 7♠>2
    """
    ABOUT.check_state(state)
    if state.phase is PHASE_KNOCKER:
        return LayOut(turns.arrangements(state)[0].melds)
    if state.phase is PHASE_DEFENDER:
        defence = turns.defences(state)[0]
        return LayOut(defence.melds, defence.layoffs)
    raise errors.IllegalMoveError(
        "nobody is to lay out: lay-outs follow a knock", move=None, seat=current_player(state)
    )


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """Return the state after ``move`` by the seat to move. The given state is not changed.

    Args:
        state: The state to move from.
        move: A ``Deal``, ``Draw``, ``Pass``, ``Discard``, ``Knock``, ``BigGin`` or ``LayOut``.
        seat: If given, the seat that sends the move (a server passes its connection's seat);
            it must be the seat to move, and it may not stack a deal.

    Raises:
        IllegalMoveError: If the move breaks a rule; the message names the rule.
        NotYourTurnError: If ``seat`` is given and is not the seat to move.
        MatchOverError: If the match is over.
        RulesError: If ``state`` is not a Gin Rummy state.

    Example:
        >>> from cardgames import gin_rummy
        >>> state = gin_rummy.apply(gin_rummy.new_game(seed=1, first_dealer=0), gin_rummy.Deal())
        >>> gin_rummy.apply(state, gin_rummy.parse_move("draw stock"))
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: on the first turn you take the upcard or pass: ...
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    if seat is None or (type(seat) is int and seat == state.turn):
        made = turns.made_fast(state, move)
        if made is not None:
            return made
    mover = arguments.check_turn(
        current_player(state), seat, move
    )  # refuses a stacked deal with a seat
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise errors.IllegalMoveError(
            f"{errors.quote(move)} is not a Gin Rummy move (use Deal, Draw, Pass, Discard, Knock, "
            "BigGin or LayOut)",
            move=move,
            seat=mover,
        )
    return handler(state, mover, move)


Handler = Callable[[State, int, Any], State]
"""A function that checks and makes one kind of move: ``handler(state, mover, move)``."""

_HANDLERS: Final[dict[type, Handler]] = {
    Deal: turns.deal,
    Draw: turns.draw,
    Pass: turns.pass_,
    Discard: turns.discard,
    Knock: turns.discard,
    BigGin: turns.big_gin,
    LayOut: turns.lay_out,
}
"""How :func:`apply` makes each kind of move the hot path does not take, saying what is wrong."""


def is_over(state: State) -> bool:
    """Return whether the match has ended.

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    return state.match.winners is not None


def score(state: State) -> Score:
    """Return the score sheet: totals, each hand's score, hands won, and the result once over.

    With Hollywood scoring the sheet's three games are in ``hollywood``; the ``settlement`` is
    then the net of their settlements.

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state.

    Example:
        >>> from cardgames import gin_rummy
        >>> sheet = gin_rummy.score(gin_rummy.new_game(seed=3))
        >>> sheet.totals, sheet.hands_won, sheet.over, sheet.settlement
        ((0, 0), (0, 0), False, None)
    """
    match = ABOUT.check_state(state).match
    return Score.of(
        match,
        hands_won=match.hands_won,
        settlement=match.settlement,
        hollywood=match.hollywood,
    )


def returns(state: State) -> tuple[int, ...]:
    """Return each seat's result so far, the higher the better, for one against the other.

    The learning surface's return (:meth:`cardgames.game.Game.returns`). While the match goes
    on it is the seat's total less the other's, the sum of :func:`hand_returns`; once it is over
    it is the settlement (rules 21–23, with Hollywood scoring the net of the three games'),
    received by the winner and paid by the loser, 0 each when nobody won.

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state.

    Example:
        >>> from cardgames import gin_rummy
        >>> returns(gin_rummy.new_game(seed=3))
        (0, 0)
    """
    sheet = score(state)
    if not sheet.over:
        return _against_the_other(sheet.totals)
    won = sheet.settlement or 0
    return tuple(won if seat in sheet.winners else -won for seat in range(PLAYERS))


def hand_returns(state: State) -> tuple[tuple[int, ...], ...]:
    """Return each finished hand's result per seat, the higher the better, against the other.

    A seat's result is the points it scored in the hand less those the other scored (a void
    hand is 0 for both).

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state.
    """
    return tuple(_against_the_other(hand.points) for hand in ABOUT.check_state(state).hand_scores)


def _against_the_other(points: tuple[int, ...]) -> tuple[int, ...]:
    """Return each of two seats' points less the other's."""
    first, second = points
    return (first - second, second - first)


_build_view: Final = _frozen.builder(View)
"""``View(...)``, built field by field (see :mod:`cardgames._frozen`): a view a seat a move."""


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know: its own cards, the pile, and what was laid out.

    Never the other seat's hand before it is laid out, the stock, the card the knocker
    discarded face down, or the seed.

    Raises:
        RulesError: If ``state`` is not a Gin Rummy state, or ``seat`` is not 0 or 1.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    seat = arguments.check_seat(seat, PLAYERS)
    mover = current_player(state)
    hand = state.hand
    showdown = state.showdown
    hands = state.hands
    match = state.match
    return _build_view(
        seat=seat,
        players=PLAYERS,
        rules=match.rules,
        hand_number=match.hand_number,
        dealer=state.dealer,
        current_player=mover,
        phase=state.phase,
        hand=cards.cards_of(hands[seat]),
        hand_sizes=tuple(held.bit_count() for held in hands),
        known=tuple(
            cards.cards_of(picked & held) for picked, held in zip(state.picked, hands, strict=True)
        ),
        pile=tuple(cards.CARDS[index] for index in state.pile),
        stock_size=state.stock_size,
        upcard=None if hand is None else cards.CARDS[hand.upcard],
        knock_limit=None if hand is None else hand.limit,
        doubled=hand is not None and hand.doubled,
        knocker=None if showdown is None else showdown.knocker,
        knocker_layout=None if showdown is None else showdown.layout,
        defence=None if showdown is None else showdown.defence,
        totals=state.totals,
        hands_won=state.match.hands_won,
        hollywood=state.match.hollywood,
        last_hand=match.hand_scores[-1] if match.hand_scores else None,
        over=match.winners is not None,
        winners=match.winners or (),
        losers=match.losers or (),
        legal_moves=legal_moves(state) if mover == seat else (),
    )


def order_for(
    hands: Mapping[int, Iterable[cards.Card | str] | str]
    | Sequence[Iterable[cards.Card | str] | str | None],
    *,
    dealer: int,
    upcard: cards.Card | str | None = None,
    stock: Iterable[cards.Card | str] | str | None = None,
) -> tuple[cards.Card, ...]:
    """Return a stacked order that deals the cards wanted, for ``Deal(order=...)``.

    The cards go one at a time from the non-dealer, ten each; the 21st is the upcard and the
    rest, top card first, the stock (rule 8).

    Args:
        hands: Ten cards for one or both seats, by seat (a mapping, or a sequence of two with
            None for a seat left to chance); cards as values or text.
        dealer: The seat that deals the hand.
        upcard: The upcard wanted, or None.
        stock: The cards wanted on top of the stock, top card first (all 31, or fewer), or
            None.

    Cards not given go, in card order, to the seat left out, then the upcard, then the stock
    below the cards wanted on top.

    Raises:
        RulesError: If a hand is not 10 cards, the stock more than 31, a card is wanted twice,
            or a seat is out of range.
        CardParseError: If a card given as text does not parse.

    Example:
        >>> from cardgames import gin_rummy
        >>> order = gin_rummy.order_for(
        ...     {0: "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣"}, dealer=1, upcard="K♦"
        ... )
        >>> state = gin_rummy.new_game(seed=1, first_dealer=1)
        >>> state = gin_rummy.apply(state, gin_rummy.Deal(order=order))
        >>> view = gin_rummy.view(state, 0)
        >>> print(cards.format_cards(view.hand), view.pile)
        2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ A♣ (Card.parse('K♦'),)
    """
    dealer = arguments.check_seat(dealer, PLAYERS, what="dealer")
    given: object = hands  # callers may pass anything
    if isinstance(given, Mapping):
        wanted = dict(given)
    else:
        if isinstance(given, str) or not isinstance(given, Sequence) or len(given) != PLAYERS:
            raise errors.RulesError(
                "hands must be a mapping of seats to cards, or a hand (or None) for each of "
                f"the 2 seats, not {errors.quote(hands)}"
            )
        wanted = {seat: hand for seat, hand in enumerate(given) if hand is not None}
    chosen: dict[int, tuple[cards.Card, ...]] = {}
    for seat, hand in wanted.items():
        arguments.check_seat(seat, PLAYERS)
        chosen[seat] = cards.as_cards(hand)
        if len(chosen[seat]) != HAND_SIZE:
            raise errors.RulesError(
                f"seat {seat} must get {HAND_SIZE} cards, not {len(chosen[seat])}"
            )
    up = () if upcard is None else cards.as_cards([upcard])
    rest = () if stock is None else cards.as_cards(stock)
    if len(rest) > STOCK_SIZE:
        raise errors.RulesError(f"the stock holds {STOCK_SIZE} cards, not {len(rest)}")
    given = [card for hand in chosen.values() for card in hand] + [*up, *rest]
    repeated = sorted({card for card in given if given.count(card) > 1})
    if repeated:
        raise errors.RulesError(
            f"cannot stack this deal (wanted twice: {cards.format_cards(repeated)})"
        )
    spare = iter(sorted(set(PACK) - set(given)))
    for seat in range(PLAYERS):
        if seat not in chosen:
            chosen[seat] = tuple(itertools.islice(spare, HAND_SIZE))
    up = up or (next(spare),)
    rest = (*rest, *spare)
    return dealing.stack(
        chosen,
        pack=PACK,
        receivers=(1 - dealer, dealer),
        packets=(1,) * HAND_SIZE,
        stock=(*up, *rest),
    )
