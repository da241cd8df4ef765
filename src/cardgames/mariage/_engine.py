"""Mariage's engine: start a session, list and apply moves, read the score and the views."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardgames import _frozen, arguments, cards, errors, history, tricks
from cardgames import moves as core_moves
from cardgames.mariage import _closing as closing
from cardgames.mariage import _deals as deals
from cardgames.mariage import _ledger as ledger
from cardgames.mariage import _play as play
from cardgames.mariage._about import ABOUT
from cardgames.mariage._deals import PACKS, order_for
from cardgames.mariage._moves import (
    DECLINE,
    Claim,
    Deal,
    DealOutOfTurn,
    Decline,
    Misdeal,
    Move,
    Pass,
    Play,
    parse_move,
)
from cardgames.mariage._narration import narrate
from cardgames.mariage._pools import CLAIMED, POOLS
from cardgames.mariage._rules import HAND_SIZE, Rules
from cardgames.mariage._state import TRICKS, Match, Score, State, Table, View, build_state

__all__ = [
    "PACKS",
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

_DEAL_ONLY: Final[tuple[Move, ...]] = (core_moves.DEAL,)
_KINGS_IN_PACK: Final = 4
_KINGS: Final = play.KINGS
_plays_in: Final = core_moves.plays_in


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    players: int | None = None,
    first_dealer: int | None = None,
) -> State:
    """Start a session, in the first deal's deal phase.

    Args:
        rules: The options; None for the source's rules.
        seed: Every deal (and the first dealer, unless given) derives from it; None picks one
            at random, kept in the state so the session can be replayed.
        players: 5 to 10; None for 6.
        first_dealer: The seat that deals first; None draws it by lot from the seed (rule 7).

    Raises:
        RulesError: For a player count outside 5 to 10, a seat out of range, or a seed that is
            not an int.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.new_game(seed=7, players=5, first_dealer=4)
        >>> mariage.current_player(state), mariage.legal_moves(state), state.balances
        (4, (Deal(),), (50, 50, 50, 50, 50))
    """
    options, seed, players, first_dealer = ABOUT.check_new_game(
        rules,
        seed=seed,
        players=players,
        first_dealer=first_dealer,
    )
    balances = (options.starting_chips,) * players
    pools = (0,) * len(POOLS)
    return State(
        match=Match.opening(
            options,
            seed,
            players,
            first_dealer,
            dealer=first_dealer,
            next_dealer=first_dealer,
            deals=0,
            redeal=False,
            out_of_turn=False,
            discarded=0,
        ),
        table=Table(
            trump=-1,
            ranking=play.RANKINGS[options.top_royal][0],
            duty=0,
            queen_holder=-1,
            claims=(),
            claiming=False,
            declined=0,
            chips=(balances, pools, None),
            after_ante=(balances, pools, None),
            pools_won=(None,) * len(CLAIMED),
            closed=True,
        ),
        hands=(0,) * players,
        trick=(),
        seats=(),
        turn=first_dealer,
        due=-1,
        tricks=(),
        history=None,
    )


def pack(rules: Rules, players: int) -> tuple[cards.Card, ...]:
    """Return the cards a session is played with: 36 for five or six players, else 52 (rule 2).

    Args:
        rules: The session's options (``Rules.deck_for_players`` sets the pack).
        players: The number of seats, 5 to 10.

    Raises:
        RulesError: If ``rules`` is not Mariage's ``Rules`` (None included) or ``players`` is
            not 5 to 10 (None included).

    Example:
        >>> from cardgames import mariage
        >>> len(mariage.pack(mariage.Rules(), 6)), len(mariage.pack(mariage.Rules(), 7))
        (36, 52)
    """
    rules, players = _session(rules, players)
    return deals.pack_of(rules.pack_size(players))


def _session(rules: object, players: object) -> tuple[Rules, int]:
    """Return a session's rules and number of seats, checked: neither may be None."""
    if rules is None:
        raise errors.RulesError(
            "rules must be a mariage.Rules, not None (Rules() for the defaults)"
        )
    checked = ABOUT.check_rules(rules)
    count = ABOUT.check_players(players, none_is_usual=False)
    return checked, count


def max_hand_moves(rules: Rules, players: int) -> int:
    """Return the most moves a deal can take.

    The deal, a deal out of turn recorded before the next, five cards from each player; with
    ``auto_claim=False`` five claims and a pass from each; in ``penalty_only`` a decline for
    each king.

    Args:
        rules: The session's options.
        players: The number of seats, 5 to 10.

    Raises:
        RulesError: If ``rules`` is not Mariage's ``Rules`` (None included) or ``players`` is
            not 5 to 10 (None included).

    Example:
        >>> from cardgames import mariage
        >>> (
        ...     mariage.max_hand_moves(mariage.Rules(), 6),
        ...     mariage.max_hand_moves(
        ...         mariage.Rules(auto_claim=False, forced_queen="penalty_only"), 6
        ...     ),
        ... )
        (32, 72)
    """
    rules, players = _session(rules, players)
    claims = 0 if rules.auto_claim else players * (len(CLAIMED) + 1)
    declines = _KINGS_IN_PACK if rules.forced_queen == "penalty_only" else 0
    return 2 + claims + players * HAND_SIZE + declines


def current_player(state: State) -> int | None:
    """Return the seat to move: the dealer between deals, None once the session is over.

    In play it is the seat whose turn it is, or the holder of a queen whose king has just been
    played, who plays her out of turn (rule 23).

    Raises:
        RulesError: If ``state`` is not a Mariage state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    if state.match.winners is not None:
        return None
    if state.table.closed:
        return state.match.next_dealer
    return state.turn


def legal_moves(state: State) -> tuple[Move, ...]:
    """Return the legal moves of the seat to move.

    The order: ``Deal()`` (alone, between deals); in the claims (``auto_claim=False``) the
    claims the claimant may still make, pools I to V, then ``Pass()``; the queen's holder
    called out of turn has ``Play`` of the queen alone, or ``Decline()`` and that ``Play`` in
    ``penalty_only``; otherwise each playable card as ``Play`` in card order. Empty when the
    session is over. ``Deal(order=...)``, ``Misdeal()`` and ``DealOutOfTurn`` are legal where
    they apply but never listed.

    Raises:
        RulesError: If ``state`` is not a Mariage state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    playable = state.playable
    if playable:  # in the play: the seat to move always holds a card
        if state.due >= 0 and state.match.rules.forced_queen == "penalty_only":
            return (DECLINE, *_plays_in(playable))  # decline, or play the queen called
        return _plays_in(playable)
    if state.match.winners is not None:
        return ()
    if state.table.closed:
        return _DEAL_ONLY
    return deals.claim_moves(state)


def apply(state: State, move: Move, /, *, seat: int | None = None) -> State:
    """Return the state after ``move`` by the seat to move. The given state is not changed.

    Args:
        state: The state to move from.
        move: A ``Deal``, ``Claim``, ``Pass``, ``Decline`` or ``Play``; or one of the recorded
            table events ``Misdeal`` and ``DealOutOfTurn``.
        seat: If given, the seat that sends the move (a server passes its connection's seat);
            it must be the seat to move. Only the table makes the table events and a stacked
            ``Deal(order=...)``: they are applied without a seat and refused from every seat.

    Raises:
        IllegalMoveError: If the move breaks a rule, or is not a Mariage move at all; the
            message names the rule.
        NotYourTurnError: If ``seat`` is given and is not the seat to move.
        MatchOverError: If the session is over.
        RulesError: If ``state`` is not a Mariage state (another game's included).

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.new_game(seed=1, first_dealer=0)
        >>> state = mariage.apply(state, mariage.Deal())
        >>> mariage.apply(state, mariage.Misdeal(), seat=0)
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: misdeal is a recorded table event, not a player's ...
    """
    if type(move) is Play and type(state) is State:
        # The hot path: a card played in turn, checked on bit sets (rules 22, 23); nobody plays
        # a card between deals or in the claims. Anything that fails here goes the long way
        # below, which says what is wrong.
        turn = state.turn
        if seat is None or (seat == turn and type(seat) is int):
            index = move.card.index
            if state.playable >> index & 1:
                table = state.table
                match = state.match
                players = match.players
                trick = state.trick
                if state.due < 0 and len(trick) < players - 1 and not _KINGS >> index & 1:
                    # A card that neither ends the trick nor calls a queen, played in turn.
                    hands = state.hands
                    changed = list(hands)
                    changed[turn] = hands[turn] ^ (1 << index)
                    seats = (*state.seats, turn)
                    step = match.rules.step
                    following = (turn + step) % players
                    while following in seats:
                        following = (following + step) % players
                    return build_state(
                        match=match,
                        table=table,
                        hands=tuple(changed),
                        trick=(*trick, index),
                        seats=seats,
                        turn=following,
                        due=-1,
                        tricks=state.tricks,
                        history=history.History(move, state.history),
                    )
                after = play.played(state, turn, index, move)
                if not after.trick and len(after.tricks) == TRICKS:
                    return closing.close(after)
                return after
    if type(state) is not State:
        ABOUT.check_state(state)
    if type(move) is Misdeal or type(move) is DealOutOfTurn:  # no seat's move (_record_event)
        return _record_event(state, move, seat)
    mover = arguments.check_turn(current_player(state), seat, move)
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise errors.IllegalMoveError(
            f"{errors.quote(move)} is not a Mariage move (use Deal, Claim, Pass, Decline or Play)",
            move=move,
            seat=mover,
        )
    return handler(state, mover, move)


def _record_event(state: State, move: Misdeal | DealOutOfTurn, seat: int | None) -> State:
    """Apply a recorded table event; refuse it from every seat (rules 35, 36).

    A seat is first checked as for any move (a seat that is no seat number is a RulesError, a
    finished session a MatchOverError); then the event is refused whoever sends it.
    """
    if seat is not None:
        with contextlib.suppress(errors.NotYourTurnError):  # refused below, whoever it is
            arguments.check_turn(current_player(state), seat, move)
        what = "misdeal" if type(move) is Misdeal else "a deal out of turn"
        raise errors.IllegalMoveError(
            f"{what} is a recorded table event, not a player's move: only the table records "
            "it, applying it without a seat",
            move=move,
            seat=seat,
        )
    if state.match.winners is not None:
        raise errors.MatchOverError("the match is over: no more moves", move=move, seat=None)
    if isinstance(move, Misdeal):
        return closing.misdeal(state, move)
    return closing.deal_out_of_turn(state, move)


def _play(before: State, seat: int, move: Play) -> State:
    """Play a card, after explaining why not if it may not be played."""
    table = before.table
    if table.closed:
        raise errors.IllegalMoveError(
            f"the cards are not dealt yet: seat {seat} must deal first", move=move, seat=seat
        )
    if table.claiming:
        raise errors.IllegalMoveError(
            f"the claims come first: seat {seat} claims or passes before the first lead",
            move=move,
            seat=seat,
        )
    raise errors.IllegalMoveError(play.why_not(before, seat, move.card), move=move, seat=seat)


Handler = Callable[[State, int, Any], State]
"""A function that checks and makes one kind of move: ``handler(state, mover, move)``."""

_HANDLERS: Final[dict[type, Handler]] = {
    Deal: deals.deal,
    Claim: deals.claim,
    Pass: deals.end_claims,
    Decline: play.decline,
    Play: _play,
}
"""How :func:`apply` makes each kind of move the hot path does not take, saying what is wrong.

The table events ``Misdeal`` and ``DealOutOfTurn`` are no seat's moves: :func:`_record_event`
records them before any seat is asked for."""


def is_over(state: State) -> bool:
    """Return whether the session has ended.

    Raises:
        RulesError: If ``state`` is not a Mariage state.
    """
    if type(state) is not State:
        ABOUT.check_state(state)
    return state.match.winners is not None


def score(state: State) -> Score:
    """Return the score sheet: net results, balances, pools, every deal and this deal's payments.

    Its cost does not grow with the session: the finished deals are shared from one state to
    the next, and only this deal's payments are read (every payment of the session is
    :attr:`State.ledger <cardgames.mariage.State.ledger>`).

    Raises:
        RulesError: If ``state`` is not a Mariage state.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.new_game(mariage.Rules(auto_claim=False), seed=3, first_dealer=5)
        >>> state = mariage.apply(state, mariage.Deal())
        >>> sheet = mariage.score(state)
        >>> sheet.pools, sheet.payment_lines[0]
        ((6, 6, 6, 6, 6, 6), 'seat 0 pays pool I 1 chip: ante')
    """
    match = ABOUT.check_state(state).match
    table = state.table
    return Score.of(
        match,
        balances=table.balances,
        pools=table.pools,
        payments=ledger.payments(table.ledger, since=max(match.hand_number - 1, 0)),
        discarded=match.discarded,
    )


def returns(state: State) -> tuple[int, ...]:
    """Return each seat's result so far, the higher the better: its net chips over the deals.

    The learning surface's return (:meth:`cardgames.game.Game.returns`): the score's
    ``totals``, the sum of :func:`hand_returns`. Chips staked in a deal still being played count
    once it is over.

    Raises:
        RulesError: If ``state`` is not a Mariage state.
    """
    return ABOUT.check_state(state).totals


def hand_returns(state: State) -> tuple[tuple[int, ...], ...]:
    """Return each finished deal's result per seat, the higher the better: its net chips.

    Raises:
        RulesError: If ``state`` is not a Mariage state.
    """
    return tuple(hand.points for hand in ABOUT.check_state(state).hand_scores)


def _taken(done: Sequence[tricks.Trick], players: int) -> tuple[int, ...]:
    """Return how many of the tricks each seat took."""
    taken = [0] * players
    for trick in done:
        if trick.winner is not None:
            taken[trick.winner] += 1
    return tuple(taken)


_build_view: Final = _frozen.builder(View)
"""``View(...)``, built field by field (see :mod:`cardgames._frozen`): a view a seat a move."""


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know: its own cards and everything shown or played face up.

    Raises:
        RulesError: If ``state`` is not a Mariage state or ``seat`` not a seat of the session.
    """
    match = ABOUT.check_state(state).match
    table = state.table
    seat = arguments.check_seat(seat, match.players)
    mover = current_player(state)
    trick = None
    if state.trick:
        trick = tricks.Trick(
            plays=tuple(
                (who, cards.CARDS[card]) for who, card in zip(state.seats, state.trick, strict=True)
            )
        )
    return _build_view(
        seat=seat,
        players=match.players,
        rules=match.rules,
        hand_number=match.hand_number,
        dealer=match.dealer,
        current_player=mover,
        phase=state.phase,
        hand=cards.cards_of(state.hands[seat]),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands),
        trump=state.trump,
        claims=table.claims,
        pools_won=table.pools_won,
        trick=trick,
        tricks=state.tricks,
        tricks_taken=_taken(state.tricks, match.players),
        # Only the queen's holder is told: when he is next in turn anyway, nothing else shows
        # that he holds her (rule 23).
        queen_due=cards.CARDS[state.due] if state.due >= 0 and seat == mover else None,
        queens_declined=tuple(suit for suit in cards.Suit if table.declined >> suit & 1),
        balances=table.balances,
        pools=table.pools,
        totals=match.totals,
        last_hand=match.hand_scores[-1] if match.hand_scores else None,
        over=match.winners is not None,
        winners=match.winners or (),
        losers=match.losers or (),
        legal_moves=legal_moves(state) if mover == seat else (),
    )
