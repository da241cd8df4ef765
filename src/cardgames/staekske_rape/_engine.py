"""Staekske Rape's engine: start a match, list and apply moves, read the score and views."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from cardgames import _frozen, arguments, cards, dealing, errors, history, matches, tricks
from cardgames import moves as core_moves
from cardgames.staekske_rape import _auction as auction
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _scoresheet as scoresheet
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import (
    Bid,
    Concede,
    Deal,
    Discard,
    Look,
    Meld,
    Move,
    NameTrump,
    NoStock,
    Pass,
    Play,
    Stoek,
    TakeStock,
    parse_move,
)
from cardgames.staekske_rape._narration import narrate
from cardgames.staekske_rape._rules import Rules
from cardgames.staekske_rape._state import (
    PHASE_AUCTION,
    PHASE_DEAL,
    PHASE_NANNY,
    PHASE_PLAY,
    TRICKS,
    Contract,
    HandScore,
    Phase,
    State,
    View,
)

__all__ = [
    "PACK",
    "apply",
    "current_player",
    "draw_first_dealer",
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

PACK: Final = play.PACK
"""The 32-card pack, in card order."""

_evolve_match: Final = _frozen.evolver(matches.Match)


def draw_first_dealer(seed: int, *, players: int = 4) -> tuple[int, tuple[cards.Card, ...]]:
    """Choose the first dealer as the source's match does: deal face up until a jack comes (rule 6).

    The pack, shuffled from the seed, is dealt one card at a time face up to seats 0, 1, 2 …
    clockwise; the first seat to receive a jack deals first.

    Returns:
        The first dealer and the cards dealt face up, in order (the *i*-th went to seat
        ``i % players``).

    Raises:
        RulesError: If ``seed`` is not a seed or ``players`` is not 4 or 5.

    Example:
        >>> seat, shown = draw_first_dealer(7)
        >>> shown[-1].rank == cards.Rank.JACK, seat == (len(shown) - 1) % 4
        (True, True)
    """
    players = ABOUT.check_players(players, none_is_usual=False)
    order = list(PACK)
    dealing.rng(seed, "first dealer").shuffle(order)
    for place, card in enumerate(order):
        if card.rank == cards.Rank.JACK:
            return place % players, tuple(order[: place + 1])
    raise AssertionError("unreachable: the pack holds four jacks")  # pragma: no cover


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
        players: None or 4; or 5, when the dealer sits each hand out.
        first_dealer: The seat that deals first; None deals cards face up from the seed's
            shuffle until one seat receives a jack (:func:`draw_first_dealer`).

    Raises:
        RulesError: For a player count other than 4 or 5, a seat out of range, or a seed that
            is not an int.

    Example:
        >>> from cardgames import staekske_rape
        >>> state = staekske_rape.new_game(seed=7, first_dealer=3)
        >>> staekske_rape.current_player(state), staekske_rape.legal_moves(state)
        (3, (Deal(),))
    """
    options, seed, players, first_dealer = ABOUT.check_new_game(
        rules,
        seed=seed,
        players=players,
        first_dealer=first_dealer,
        draw_first_dealer=lambda seed, players: draw_first_dealer(seed, players=players)[0],
    )
    match: matches.Match[Rules, HandScore] = matches.Match.opening(
        options, seed, players, first_dealer
    )
    return State(
        match=match,
        phase=Phase.DEAL,
        turn=first_dealer,
        contract=None,
        hands=(0,) * players,
        leader=first_dealer,
        trick=(),
        tricks=(),
        history=None,
    )


def pack(rules: Rules | None = None, players: int = 4) -> tuple[cards.Card, ...]:
    """Return the cards a match is played with: the 32-card pack, whatever the options.

    Args:
        rules: The match's options; None for the source's.
        players: 4 or 5.

    Raises:
        RulesError: If ``rules`` is not a Staekske Rape ``Rules`` or ``players`` not 4 or 5.

    Example:
        >>> from cardgames import staekske_rape
        >>> len(staekske_rape.pack(staekske_rape.Rules(), 5))
        32
    """
    return ABOUT.check_pack(rules, players)


def max_hand_moves(rules: Rules | None, players: int = 4) -> int:
    """Return the most moves a hand can take under these rules.

    The deal; four looks; at most one bid for each amount up to :func:`max_bid` and four
    passes; the nanny's choice; the stock, the discard and the trump; a meld or Stoek for each
    of the declarer's seven cards; 28 cards. (With five players the dealer sits out, so the
    bound is the same.)

    Args:
        rules: The match's options; None for the defaults.
        players: 4 or 5.

    Raises:
        RulesError: If ``rules`` is not a Staekske Rape ``Rules`` or ``players`` not 4 or 5.

    Example:
        >>> from cardgames import staekske_rape
        >>> staekske_rape.max_hand_moves(staekske_rape.Rules())
        90
    """
    ABOUT.check_players(players, none_is_usual=False)
    return 1 + 4 + auction.max_bid(rules) + 4 + 1 + 3 + TRICKS + 4 * TRICKS


def current_player(state: State) -> int | None:
    """Return the seat to move: the dealer between hands, None once the match is over.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    return None if state.match.winners is not None else state.turn


def legal_moves(state: State) -> tuple[Move, ...]:
    """Return the legal moves of the seat to move.

    The order, by kind: ``Deal()`` (alone, between hands); in the auction ``Look()``, the
    bids lowest first (the blind ``Bid(2)`` first) and ``Pass()``; the nanny's ``Bid(1)`` and
    ``Concede()``; ``TakeStock()`` and ``NoStock()``; the ``Discard`` choices in card order;
    ``NameTrump`` ♣ ♠ ♥ ♦; the declarer's ``Meld`` choices and ``Stoek()``; then each playable
    card as ``Play`` in card order. Empty when the match is over. ``Deal(order=...)`` is legal
    too but not listed.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state (another game's included).
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    phase = state.phase
    contract = state.contract
    if phase is PHASE_PLAY and contract is not None:
        turn = state.turn
        if turn != contract.declarer:  # the hot path: a defender's cards
            return core_moves.plays_in(state.playable)
        return play.moves_for(state, contract, turn)
    if contract is None or phase is PHASE_DEAL:
        return () if state.match.winners is not None else _DEAL_ONLY
    if phase is PHASE_AUCTION or phase is PHASE_NANNY:
        return auction.moves_for(state, contract, state.turn)
    return play.moves_for(state, contract, state.turn)


_DEAL_ONLY: Final[tuple[Move, ...]] = (core_moves.DEAL,)


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """Return the state after ``move`` by the seat to move. The given state is not changed.

    Args:
        state: The state to move from.
        move: Any Staekske Rape move, of the game's own classes (an instance of a subclass
            is refused, as every game refuses it).
        seat: If given, the seat that sends the move (a server passes its connection's seat);
            it must be the seat to move, and the move may not be a stacked deal.

    Raises:
        IllegalMoveError: If the move breaks a rule, is not a Staekske Rape move at all (a
            subclass of one included), or is a stacked deal sent with a seat; the message names
            the rule.
        NotYourTurnError: If ``seat`` is given and is not the seat to move.
        MatchOverError: If the match is over.
        RulesError: If ``state`` is not a Staekske Rape state (another game's included), or
            ``seat`` is neither a seat number nor None.

    Example:
        >>> from cardgames import staekske_rape
        >>> state = staekske_rape.new_game(seed=1, first_dealer=0)
        >>> state = staekske_rape.apply(state, staekske_rape.Deal())
        >>> staekske_rape.apply(state, staekske_rape.Bid(5))
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: the next bid to open must be 3
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    contract = state.contract
    if (
        type(move) is Play
        and state.phase is PHASE_PLAY
        and contract is not None
        and (seat is None or (seat == state.turn and type(seat) is int))
    ):
        return play.play(state, contract, state.turn, move)  # the hot path
    mover = arguments.check_turn(current_player(state), seat, move)
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise errors.IllegalMoveError(_foreign(move), move=move, seat=mover)
    return handler(state, mover, move)


def _foreign(move: object) -> str:
    """Say why ``move`` is not a Staekske Rape move; a subclass of one is not one either.

    The engine dispatches on the exact class, as every game's does, so that an object that
    only looks like a move (a stacked deal in a ``Deal`` subclass) never gets past a check.
    """
    like = next((kind for kind in ABOUT.move_classes if isinstance(move, kind)), None)
    if like is None:
        return f"{errors.quote(move)} is not a Staekske Rape move"
    return (
        f"{errors.quote(move)} is not a Staekske Rape move: it is of a subclass of "
        f"{like.__name__}, and apply takes only the game's own move classes"
    )


def _expected(state: State) -> str:
    """Say what kind of move the state waits for."""
    seat = state.turn
    return {
        Phase.DEAL: f"the hand is over, and seat {seat} deals next",
        Phase.AUCTION: f"the auction is on: seat {seat} looks, bids or passes",
        Phase.NANNY: f"nobody after the nanny bid: seat {seat}, the nanny, bids 1 or concedes",
        Phase.STOCK: f"seat {seat}, the declarer, takes the stock or plays without it",
        Phase.DISCARD: f"seat {seat}, the declarer, discards 4 cards",
        Phase.TRUMP: f"seat {seat}, the declarer, names trumps",
        Phase.PLAY: f"the cards are being played, and seat {seat} is to move",
    }[state.phase]


Handler = Callable[[State, int, Any], State]
"""A function that checks and makes one kind of move: ``handler(state, mover, move)``."""

Made = Callable[[State, Contract, int, Any], State]
"""How a move of the hand's phases is made, given the hand's contract."""


def _in(phases: tuple[Phase, ...], made: Made) -> Handler:
    """Return the handler of a kind of move made in ``phases`` only, by ``made``.

    In any other phase the move is refused with what the state waits for.
    """

    def handler(state: State, mover: int, move: Any) -> State:  # noqa: ANN401  # any move
        contract = state.contract
        if contract is None or state.phase not in phases:
            raise errors.IllegalMoveError(
                f"{move} is not allowed now: {_expected(state)}", move=move, seat=mover
            )
        return made(state, contract, mover, move)

    return handler


def _receivers(dealer: int, players: int) -> tuple[int, ...]:
    """Return the seats dealt to, in order: the dealer's left first; among five not the dealer."""
    seats = tuple((dealer + offset) % players for offset in range(1, players + 1))
    return seats[:4]


def _deal(before: State, dealer: int, move: Deal) -> State:
    """Deal the next hand: 7 cards to each player from the dealer's left, 4 to the stock."""
    if before.phase is not Phase.DEAL:  # "deal", not the move's text: a stacked one is long
        raise errors.IllegalMoveError(
            f"deal is not allowed now: {_expected(before)}", move=move, seat=dealer
        )
    number = before.hand_number + 1
    if move.order is None:
        order = dealing.shuffled(PACK, seed=before.seed, hand_number=number)
    else:
        try:
            order = dealing.validate_order(move.order, PACK)
        except errors.RulesError as error:
            raise errors.IllegalMoveError(str(error), move=move, seat=dealer) from None
    players = before.players
    receivers = _receivers(dealer, players)
    dealt, stock = dealing.deal(order, receivers=receivers, packets=before.rules.deal_packets)
    hands = [0] * players
    for seat, hand in zip(receivers, dealt, strict=True):
        hands[seat] = cards.mask_of(hand)
    nanny = receivers[0]
    contract = Contract(
        dealer=dealer,
        stock=cards.mask_of(stock),
        looked=(False,) * players,
        passed=0,
        calls=(),
        bid=0,
        bidder=None,
        others_bid=False,
    )
    match = before.match
    return State(
        match=_evolve_match(match, hand_number=number),
        phase=Phase.AUCTION,
        turn=nanny,
        contract=contract,
        hands=tuple(hands),
        leader=nanny,
        trick=(),
        tricks=(),
        history=history.History(move, before.history),
    )


_HANDLERS: Final[dict[type, Handler]] = {
    Deal: _deal,
    Look: _in((Phase.AUCTION,), auction.look),
    Bid: _in((Phase.AUCTION, Phase.NANNY), auction.bid),
    Pass: _in((Phase.AUCTION,), auction.pass_),
    Concede: _in((Phase.NANNY,), auction.concede),
    TakeStock: _in((Phase.STOCK,), play.take_stock),
    NoStock: _in((Phase.STOCK,), play.no_stock),
    Discard: _in((Phase.DISCARD,), play.discard),
    NameTrump: _in((Phase.TRUMP,), play.name_trump),
    Meld: _in((Phase.PLAY,), play.meld),
    Stoek: _in((Phase.PLAY,), play.stoek),
    Play: _in((Phase.PLAY,), play.play),
}
"""How :func:`apply` makes each kind of move the hot path does not take, saying what is wrong:
a move of the hand is refused outside the phases it belongs to."""


def is_over(state: State) -> bool:
    """Return whether the match has ended.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    return state.match.winners is not None


def score(state: State) -> matches.Score[HandScore]:
    """Return the score sheet: game points, each hand's result, and the winner once over.

    The winner is the declarer who reached the target (or, when ``max_hands`` ends the match,
    the seats with the highest total); every other seat has lost.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state.
    """
    return matches.Score.of(ABOUT.check_state(state).match)


def returns(state: State) -> tuple[int, ...]:
    """Return each seat's result so far, the higher the better: its game points.

    The learning surface's return (:meth:`cardgames.game.Game.returns`), the sum of
    :func:`hand_returns`.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state.
    """
    return ABOUT.check_state(state).totals


def hand_returns(state: State) -> tuple[tuple[int, ...], ...]:
    """Return each finished hand's result per seat, the higher the better: its game points.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state.
    """
    return tuple(hand.points for hand in ABOUT.check_state(state).hand_scores)


_build_view: Final = _frozen.builder(View)
"""``View(...)``, built field by field (see :mod:`cardgames._frozen`): a view a seat a move."""


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know: its own cards once looked at, and everything public.

    Never another seat's cards, the stock, or the declarer's discards (those only to him).

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state, or ``seat`` not a seat of the
            match.
    """
    seat = arguments.check_seat(seat, ABOUT.check_state(state).players)
    contract = state.contract
    mover = current_player(state)
    trump = contract.trump if contract is not None else None
    points, taken = scoresheet.trick_points(state.tricks, trump, state.players)
    hand: tuple[cards.Card, ...] | None = cards.cards_of(state.hands[seat])
    if contract is not None and not contract.looked[seat] and state.hands[seat]:
        hand = None
    discards = None
    if contract is not None and seat == contract.declarer and contract.discards:
        discards = cards.cards_of(contract.discards)
    trick = None
    if state.trick:
        trick = tricks.Trick(plays=play.trick_plays(state, state.trick))
    return _build_view(
        seat=seat,
        players=state.players,
        rules=state.rules,
        hand_number=state.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        current_player=mover,
        hand=hand,
        hand_sizes=tuple(held.bit_count() for held in state.hands),
        looked=contract.looked if contract is not None else (False,) * state.players,
        stock_size=contract.stock.bit_count() if contract is not None else 0,
        auction=contract.calls if contract is not None else (),
        bid=contract.bid if contract is not None else 0,
        declarer=contract.declarer if contract is not None else None,
        without_stock=contract.without_stock if contract is not None else False,
        discards=discards,
        trump=trump,
        melds=contract.melds if contract is not None else (),
        stoek=contract.stoek if contract is not None else False,
        trick=trick,
        tricks=state.tricks,
        tricks_taken=taken,
        points_taken=points,
        totals=state.totals,
        last_hand=state.hand_scores[-1] if state.hand_scores else None,
        over=state.winners is not None,
        winners=state.winners or (),
        losers=state.losers or (),
        legal_moves=legal_moves(state) if mover == seat else (),
    )


def order_for(
    hands: Mapping[int, Iterable[cards.Card] | str] | Sequence[Iterable[cards.Card] | str | None],
    *,
    dealer: int,
    stock: Iterable[cards.Card] | str | None = None,
    players: int = 4,
    rules: Rules | None = None,
) -> tuple[cards.Card, ...]:
    """Return a stacked order that deals each seat the cards wanted, for ``Deal(order=...)``.

    Args:
        hands: Seven cards for some or all seats, by seat (a mapping, or a sequence with None
            for a seat left to chance); cards as values or text. Seats left out get the
            remaining cards in card order.
        dealer: The seat that deals the hand.
        stock: The four cards wanted in the stock; None leaves them to the remaining cards.
        players: 4, or 5 (the dealer then gets no cards).
        rules: The options whose ``deal_packets`` the deal uses; None for the source's.

    Raises:
        RulesError: If a hand is not 7 cards, a card is wanted twice, a seat is out of range
            or gets no cards, ``hands`` is neither a mapping nor a sequence of one per seat,
            ``players`` is not 4 or 5, or ``rules`` not a Staekske Rape ``Rules``.
        CardParseError: If a card given as text does not parse.

    Example:
        >>> from cardgames import staekske_rape
        >>> order = staekske_rape.order_for(
        ...     {1: "J♣ J♠ J♥ J♦ A♥ K♥ Q♥"}, dealer=0, stock="7♣ 8♣ 9♣ 10♣"
        ... )
        >>> state = staekske_rape.new_game(seed=1, first_dealer=0)
        >>> state = staekske_rape.apply(state, staekske_rape.Deal(order=order))
        >>> state = staekske_rape.apply(state, staekske_rape.Look())
        >>> print(cards.format_cards(staekske_rape.view(state, 1).hand))
        J♣ J♠ J♥ Q♥ K♥ A♥ J♦
    """
    players = ABOUT.check_players(players, none_is_usual=False)
    dealer = arguments.check_seat(dealer, players, what="dealer")
    return dealing.stack(
        dealing.by_seat(hands, players),
        pack=PACK,
        receivers=_receivers(dealer, players),
        packets=ABOUT.check_rules(rules).deal_packets,
        stock=stock,
    )
