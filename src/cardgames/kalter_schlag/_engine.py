"""Kalter Schlag's engine: start a match, list and apply moves, read the score and views."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from cardgames import _frozen, arguments, cards, dealing, errors, history, matches, tricks
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _play as play
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._moves import DOUBLE, Double, Move, parse_move
from cardgames.kalter_schlag._narration import narrate
from cardgames.kalter_schlag._rules import Rules
from cardgames.kalter_schlag._state import (
    PACK,
    PLAYERS,
    TRICKS,
    HandScore,
    State,
    View,
    build_state,
    evolve_match,
)

__all__ = [
    "PACK",
    "apply",
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

PACKETS: Final = (3, 2, 3)
"""Each player gets 3 cards, then 2, then 3 (rule 8)."""


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
        players: Must be None or 4.
        first_dealer: The seat that deals first; None draws it from the seed.

    Raises:
        RulesError: For a player count other than 4, a seat out of range, or a seed that is
            not an int.

    Example:
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.new_game(seed=7, first_dealer=3)
        >>> kalter_schlag.current_player(state), kalter_schlag.legal_moves(state)
        (3, (Deal(),))
    """
    options, seed, _, first_dealer = ABOUT.check_new_game(
        rules,
        seed=seed,
        players=players,
        first_dealer=first_dealer,
    )
    return State(
        match=matches.Match.opening(options, seed, PLAYERS, first_dealer),
        hands=(0,) * PLAYERS,
        leader=(first_dealer + 1) % PLAYERS,
        trick=(),
        tricks=(),
        doubles=(),
        history=None,
    )


def pack(rules: Rules | None = None, players: int = PLAYERS) -> tuple[cards.Card, ...]:
    """Return the cards a match is played with: the 32-card pack, whatever the options.

    Args:
        rules: The match's options (None for the defaults); the pack is the same for all.
        players: Must be 4.

    Raises:
        RulesError: If ``rules`` is not a Kalter Schlag ``Rules`` or ``players`` is not 4.

    Example:
        >>> from cardgames import kalter_schlag
        >>> len(kalter_schlag.pack(kalter_schlag.Rules()))
        32
    """
    return ABOUT.check_pack(rules, players)


def max_hand_moves(rules: Rules | None, players: int = PLAYERS) -> int:
    """Return the most moves a hand can take: the deal, four doubles and 32 cards.

    Args:
        rules: The match's options (None for the defaults); the bound is the same for all.
        players: Must be 4.

    Raises:
        RulesError: If ``rules`` is not a Kalter Schlag ``Rules`` or ``players`` is not 4.

    Example:
        >>> from cardgames import kalter_schlag
        >>> kalter_schlag.max_hand_moves(kalter_schlag.Rules())
        37
    """
    ABOUT.check_rules(rules)
    ABOUT.check_players(players, none_is_usual=False)
    return 1 + PLAYERS + PLAYERS * TRICKS


def current_player(state: State) -> int | None:
    """Return the seat to move: the dealer between hands, None once the match is over.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    if state.losers is not None:
        return None
    if state.hand_number == 0 or len(state.tricks) == TRICKS:
        return (state.first_dealer + state.hand_number) % PLAYERS
    return (state.leader + len(state.trick)) % PLAYERS


def legal_moves(state: State) -> tuple[Move, ...]:
    """Return the legal moves of the seat to move.

    The order: ``Deal()`` (alone, between hands), ``Double()`` (in the first trick, for a player
    who has not doubled), then each playable card as ``Play`` in card order. Empty when the
    match is over. ``Deal(order=...)`` is legal too but not listed.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state (another game's included).
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    playable = state.playable
    if not playable:  # between hands: nobody holds a card
        return () if state.match.losers is not None else _DEAL_ONLY
    plays = _plays_in(playable)
    if state.tricks or (state.leader + len(state.trick)) % PLAYERS in state.doubles:
        return plays
    return (DOUBLE, *plays)


_DEAL_ONLY: Final[tuple[Move, ...]] = (core_moves.DEAL,)
_plays_in: Final = core_moves.plays_in


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """Return the state after ``move`` by the seat to move. The given state is not changed.

    Args:
        state: The state to move from.
        move: A ``Deal``, ``Double`` or ``Play``.
        seat: If given, the seat that sends the move (a server passes its connection's seat);
            it must be the seat to move.

    Raises:
        IllegalMoveError: If the move breaks a rule, or is not a Kalter Schlag move at all; the
            message names the rule.
        NotYourTurnError: If ``seat`` is given and is not the seat to move.
        MatchOverError: If the match is over.
        RulesError: If ``state`` is not a Kalter Schlag state (another game's included).

    Example:
        >>> from cardgames import kalter_schlag
        >>> state = kalter_schlag.new_game(seed=1, first_dealer=0)
        >>> state = kalter_schlag.apply(state, kalter_schlag.Deal())
        >>> kalter_schlag.apply(state, kalter_schlag.Deal())
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: the hand is being played: 8 tricks to go ...
    """
    if type(move) is _PLAY and type(state) is State:
        # The hot path: a card the seat to move may play (rule 11), checked on bit sets; no
        # card may be played between hands. Anything that fails here goes the long way
        # below, which says what is wrong.
        trick = state.trick
        turn = (state.leader + len(trick)) % PLAYERS
        index = move.card.index
        if state.playable >> index & 1 and (seat is None or (seat == turn and type(seat) is int)):
            hands = state.hands
            if len(trick) == PLAYERS - 1:
                return play.played(state, turn, move)  # the hot path
            changed = list(hands)
            changed[turn] = hands[turn] ^ (1 << index)
            return build_state(
                match=state.match,
                hands=tuple(changed),
                leader=state.leader,
                trick=(*trick, index),
                tricks=state.tricks,
                doubles=state.doubles,
                history=history.History(move, state.history),
            )
    mover = arguments.check_turn(current_player(state), seat, move)  # checks the state first
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise errors.IllegalMoveError(
            f"{errors.quote(move)} is not a Kalter Schlag move (use Deal, Double or Play)",
            move=move,
            seat=mover,
        )
    return handler(state, mover, move)


_PLAY: Final = core_moves.Play


def _illegal(reason: str, move: Move, seat: int) -> errors.IllegalMoveError:
    """Return the error for an illegal move."""
    return errors.IllegalMoveError(reason, move=move, seat=seat)


def _deal(before: State, dealer: int, move: core_moves.Deal) -> State:
    """Deal the next hand 3-2-3 from the dealer's left (rule 8)."""
    if before.in_play:
        left = TRICKS - len(before.tricks)
        raise _illegal(
            f"the hand is being played: {left} tricks to go before the next deal", move, dealer
        )
    match = before.match
    number = match.hand_number + 1
    if move.order is None:
        order = dealing.shuffled(PACK, seed=match.seed, hand_number=number)
    else:
        try:
            order = dealing.validate_order(move.order, PACK)
        except errors.RulesError as error:
            raise _illegal(str(error), move, dealer) from None
    hands = [0] * PLAYERS
    for offset, places in enumerate(_DEALT_PLACES, start=1):
        mask = 0
        for place in places:
            mask |= 1 << order[place].index
        hands[(dealer + offset) % PLAYERS] = mask
    return State(
        match=evolve_match(match, hand_number=number),
        hands=tuple(hands),
        leader=(dealer + 1) % PLAYERS,
        trick=(),
        tricks=(),
        doubles=(),
        history=history.record(move, before.history),
    )


def _receivers(dealer: int) -> tuple[int, ...]:
    """Return the seats in dealing order: the dealer's left first, the dealer last."""
    return tuple((dealer + offset) % PLAYERS for offset in range(1, PLAYERS + 1))


_DEALT_PLACES: Final = tuple(
    tuple(PACK.index(card) for card in hand)
    for hand in dealing.deal(PACK, receivers=range(PLAYERS), packets=PACKETS)[0]
)
"""For each seat in dealing order (the dealer's left first), the places in the order it gets."""


def _double(before: State, seat: int, move: Double) -> State:
    """Double the hand's score (rules 13-15)."""
    if not before.in_play:
        raise _illegal("nothing to double: the cards have not been dealt", move, seat)
    if before.tricks:
        raise _illegal("doubling is allowed only during the first trick", move, seat)
    if seat in before.doubles:
        call = scoring.CALLS[before.doubles.index(seat)]
        raise _illegal(f"each player doubles at most once: you already called {call}", move, seat)
    return State(
        match=before.match,
        hands=before.hands,
        leader=before.leader,
        trick=before.trick,
        tricks=before.tricks,
        doubles=(*before.doubles, seat),
        history=history.record(move, before.history),
    )


Handler = Callable[[State, int, Any], State]
"""A function that checks and makes one kind of move: ``handler(state, mover, move)``."""

_HANDLERS: Final[dict[type, Handler]] = {
    core_moves.Deal: _deal,
    Double: _double,
    core_moves.Play: play.play,
}
"""How :func:`apply` makes each kind of move the hot path does not take, saying what is wrong."""


def is_over(state: State) -> bool:
    """Return whether the match has ended.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    return state.losers is not None


def score(state: State) -> matches.Score[HandScore]:
    """Return the score sheet: penalty totals, each hand's charges, and the result once over.

    The losers are the seats with the highest total; every other seat has won.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state.
    """
    return matches.Score.of(ABOUT.check_state(state).match)


def returns(state: State) -> tuple[int, ...]:
    """Return each seat's result so far, the higher the better: its penalty total, negated.

    The learning surface's return (:meth:`cardgames.game.Game.returns`): a seat that has been
    charged 40 penalty points has the return -40. It is the sum of :func:`hand_returns`.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state.

    Example:
        >>> from cardgames import kalter_schlag
        >>> returns(kalter_schlag.new_game(seed=1))
        (0, 0, 0, 0)
    """
    return tuple(-total for total in ABOUT.check_state(state).totals)


def hand_returns(state: State) -> tuple[tuple[int, ...], ...]:
    """Return each finished hand's result per seat, the higher the better: its charges, negated.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state.
    """
    return tuple(
        tuple(-points for points in hand.points) for hand in ABOUT.check_state(state).hand_scores
    )


_build_view: Final = _frozen.builder(View)
"""``View(...)``, built field by field (see :mod:`cardgames._frozen`): a view a seat a move."""


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know: its own cards and everything played face up.

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state, or ``seat`` is not 0 to 3.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    seat = arguments.check_seat(seat, PLAYERS)
    mover = current_player(state)
    points, taken = play.points_and_tricks(state.tricks)
    trick = None
    if state.trick:
        trick = tricks.Trick(
            plays=tuple(
                ((state.leader + place) % PLAYERS, cards.CARDS[card])
                for place, card in enumerate(state.trick)
            )
        )
    match = state.match
    return _build_view(
        seat=seat,
        players=PLAYERS,
        rules=match.rules,
        hand_number=match.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        current_player=mover,
        hand=cards.cards_of(state.hands[seat]),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands),
        trick=trick,
        tricks=state.tricks,
        doubles=state.doubles,
        tricks_taken=taken,
        points_taken=points,
        totals=state.totals,
        last_hand=state.hand_scores[-1] if state.hand_scores else None,
        over=match.losers is not None,
        winners=match.winners or (),
        losers=match.losers or (),
        legal_moves=legal_moves(state) if mover == seat else (),
    )


def order_for(
    hands: Mapping[int, Iterable[cards.Card] | str] | Sequence[Iterable[cards.Card] | str | None],
    *,
    dealer: int,
) -> tuple[cards.Card, ...]:
    """Return a stacked order that deals each seat the cards wanted, for ``Deal(order=...)``.

    Args:
        hands: Eight cards for some or all seats, by seat (a mapping, or a sequence of four
            with None for a seat left to chance); cards as values or text. Seats left out get
            the remaining cards in card order.
        dealer: The seat that deals the hand (the cards go 3-2-3 from his left).

    Raises:
        RulesError: If a hand is not 8 cards, a card is wanted twice, a seat is out of range,
            or ``hands`` is neither a mapping nor a sequence of four.
        CardParseError: If a card given as text does not parse.

    Example:
        >>> from cardgames import kalter_schlag
        >>> order = kalter_schlag.order_for({1: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦"}, dealer=0)
        >>> state = kalter_schlag.new_game(seed=1, first_dealer=0)
        >>> state = kalter_schlag.apply(state, kalter_schlag.Deal(order=order))
        >>> print(cards.format_cards(kalter_schlag.view(state, 1).hand))
        J♣ A♣ J♠ A♠ J♥ A♥ J♦ A♦
    """
    dealer = arguments.check_seat(dealer, PLAYERS, what="dealer")
    return dealing.stack(
        dealing.by_seat(hands, PLAYERS), pack=PACK, receivers=_receivers(dealer), packets=PACKETS
    )
