"""Mariage's engine: start a session, list and apply moves, read the score and the views."""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Final

from cardgames import cards, errors, game, history, tricks
from cardgames import moves as core_moves
from cardgames.mariage import closing, deals, ledger, play
from cardgames.mariage.deals import PACKS, order_for
from cardgames.mariage.moves import (
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
from cardgames.mariage.pools import CLAIMED, POOLS
from cardgames.mariage.rules import HAND_SIZE, PLAYER_COUNTS, Rules
from cardgames.mariage.state import TRICKS, Match, Score, State, Table, View

__all__ = [
    "PACKS",
    "apply",
    "current_player",
    "is_over",
    "legal_moves",
    "max_hand_moves",
    "narrate",
    "new_game",
    "order_for",
    "pack",
    "parse_move",
    "score",
    "view",
]

_DEAL_ONLY: Final[tuple[Move, ...]] = (core_moves.DEAL,)
_FORCED: Final[tuple[tuple[Move, ...], ...]] = tuple((play_,) for play_ in core_moves.PLAYS)
"""``_FORCED[queen]``: the only move of a player who must play that queen on her king."""
_OFFERED: Final[tuple[tuple[Move, ...], ...]] = tuple(
    (DECLINE, play_) for play_ in core_moves.PLAYS
)
"""``_OFFERED[queen]``: decline or play the queen (``forced_queen="penalty_only"``)."""
_KINGS_IN_PACK: Final = 4
_MODULE: Final = "mariage"
_PLAYERS: Final = "Mariage is played by 5 to 10 players"
_KINGS: Final = play.KINGS
_SUITS: Final = play.SUIT_MASKS


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
    options, seed, players, first_dealer = game.check_new_game(
        rules,
        seed=seed,
        players=players,
        first_dealer=first_dealer,
        rules_type=Rules,
        module=_MODULE,
        allowed=PLAYER_COUNTS,
        says=_PLAYERS,
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

    Raises:
        RulesError: If ``rules`` is not Mariage's or ``players`` is not 5 to 10.

    Example:
        >>> from cardgames import mariage
        >>> len(mariage.pack(mariage.Rules(), 6)), len(mariage.pack(mariage.Rules(), 7))
        (36, 52)
    """
    rules = game.check_rules(rules, Rules, _MODULE)
    return PACKS[rules.pack_size(players)]


def max_hand_moves(rules: Rules, players: int) -> int:
    """Return the most moves a deal can take.

    The deal, a deal out of turn recorded before the next, five cards from each player; with
    ``auto_claim=False`` five claims and a pass from each; in ``penalty_only`` a decline for
    each king.

    Raises:
        RulesError: If ``rules`` is not Mariage's or ``players`` is not 5 to 10.

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
    rules = game.check_rules(rules, Rules, _MODULE)
    players = game.check_players(players, PLAYER_COUNTS, says=_PLAYERS)
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
        game.check_state(state, State, _MODULE)
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
        game.check_state(state, State, _MODULE)
    if state.match.winners is not None:
        return ()
    table = state.table
    if table.closed:
        return _DEAL_ONLY
    if table.claiming:
        return deals.claim_moves(state)
    due = state.due
    if due >= 0:
        return _OFFERED[due] if state.match.rules.forced_queen == "penalty_only" else _FORCED[due]
    hand = state.hands[state.turn]
    trick = state.trick
    if trick:  # play.allowed, written out: this runs before every move of a simulation
        hand = hand & _SUITS[trick[0]] or hand & table.duty or hand
    return core_moves.plays_in(hand)


def apply(state: State, move: Move, /, *, seat: int | None = None) -> State:
    """Return the state after ``move`` by the seat to move. The given state is not changed.

    Args:
        state: The state to move from.
        move: A ``Deal``, ``Claim``, ``Pass``, ``Decline`` or ``Play``; or one of the recorded
            table events ``Misdeal`` and ``DealOutOfTurn``.
        seat: If given, the seat that sends the move (a server passes its connection's seat);
            it must be the seat to move. A seat never sends a table event.

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
    if (
        type(move) is Play
        and type(state) is State
        and not (table := state.table).closed
        and not table.claiming
    ):
        # The hot path: a card played in turn, checked on bit sets (rules 22, 23). Anything
        # that fails here goes the long way below, which says what is wrong.
        turn = state.turn
        if seat is None or (seat == turn and type(seat) is int):
            index = move.card.index
            due = state.due
            hands = state.hands
            hand = hands[turn]
            trick = state.trick
            if due >= 0:
                allowed = 1 << due
            elif trick:
                allowed = hand & _SUITS[trick[0]] or hand & table.duty or hand
            else:
                allowed = hand
            if allowed >> index & 1:
                match = state.match
                players = match.players
                if due < 0 and len(trick) < players - 1 and not _KINGS >> index & 1:
                    # A card that neither ends the trick nor calls a queen, played in turn.
                    changed = list(hands)
                    changed[turn] = hand ^ (1 << index)
                    seats = (*state.seats, turn)
                    step = match.rules.step
                    following = (turn + step) % players
                    while following in seats:
                        following = (following + step) % players
                    # Positional, in the order of State's fields.
                    return State(
                        match,
                        table,
                        tuple(changed),
                        (*trick, index),
                        seats,
                        following,
                        -1,
                        state.tricks,
                        history.History(move, state.history),
                    )
                after = play.played(state, turn, index, move)
                if not after.trick and len(after.tricks) == TRICKS:
                    return closing.close(after)
                return after
    return _apply_checked(state, move, seat)


def _apply_checked(state: State, move: Move, seat: int | None) -> State:
    """Apply a move off the hot path: check whose it is, then apply it or say what is wrong."""
    if type(state) is not State:
        game.check_state(state, State, _MODULE)
    if type(move) is Misdeal or type(move) is DealOutOfTurn:
        return _record_event(state, move, seat)
    mover = game.check_turn(current_player(state), seat, move)
    if type(move) is Play:
        return _play(state, mover, move)
    if type(move) is Deal:
        return deals.deal(state, mover, move)
    if type(move) is Claim:
        return deals.claim(state, mover, move)
    if type(move) is Pass:
        return deals.end_claims(state, mover, move)
    if type(move) is Decline:
        return play.decline(state, mover, move)
    raise errors.IllegalMoveError(
        f"{errors.quote(move)} is not a Mariage move (use Deal, Claim, Pass, Decline or Play)",
        move=move,
        seat=mover,
    )


def _record_event(state: State, move: Misdeal | DealOutOfTurn, seat: object) -> State:
    """Apply a recorded table event, refused when a seat sends it (rules 35, 36)."""
    if state.match.winners is not None:
        raise errors.MatchOverError(
            "the match is over: no more moves", move=move, seat=seat if type(seat) is int else None
        )
    if seat is not None:
        what = "misdeal" if type(move) is Misdeal else "a deal out of turn"
        raise errors.IllegalMoveError(
            f"{what} is a recorded table event, not a player's move: apply it without a seat",
            move=move,
            seat=seat if type(seat) is int else None,
        )
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


def is_over(state: State) -> bool:
    """Return whether the session has ended.

    Raises:
        RulesError: If ``state`` is not a Mariage state.
    """
    if type(state) is not State:
        game.check_state(state, State, _MODULE)
    return state.match.winners is not None


def score(state: State) -> Score:
    """Return the score sheet: net results, balances, pools, every deal and the ledger.

    Raises:
        RulesError: If ``state`` is not a Mariage state.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.new_game(mariage.Rules(auto_claim=False), seed=3, first_dealer=5)
        >>> state = mariage.apply(state, mariage.Deal())
        >>> sheet = mariage.score(state)
        >>> sheet.pools, sheet.ledger_lines[0]
        ((6, 6, 6, 6, 6, 6), 'seat 0 pays pool I 1 chip: ante')
    """
    match = game.check_state(state, State, _MODULE).match
    table = state.table
    return Score(
        totals=match.totals,
        hands=tuple(match.hand_scores),
        over=match.winners is not None,
        winners=match.winners or (),
        losers=match.losers or (),
        balances=table.balances,
        pools=table.pools,
        ledger=ledger.payments(table.ledger),
        discarded=match.discarded,
    )


def _taken(done: Sequence[tricks.Trick], players: int) -> tuple[int, ...]:
    """Return how many of the tricks each seat took."""
    taken = [0] * players
    for trick in done:
        if trick.winner is not None:
            taken[trick.winner] += 1
    return tuple(taken)


def view(state: State, seat: int) -> View:
    """Return what ``seat`` may know: its own cards and everything shown or played face up.

    Raises:
        RulesError: If ``state`` is not a Mariage state or ``seat`` not a seat of the session.
    """
    match = game.check_state(state, State, _MODULE).match
    table = state.table
    seat = game.check_seat(seat, match.players)
    mover = current_player(state)
    trick = None
    if state.trick:
        trick = tricks.Trick(
            tuple(
                (who, cards.CARDS[card]) for who, card in zip(state.seats, state.trick, strict=True)
            )
        )
    return View(
        seat=seat,
        players=match.players,
        rules=match.rules,
        hand_number=match.hand_number,
        dealer=match.dealer,
        current_player=mover,
        phase=state.phase,
        hand=tuple(cards.cards_in(state.hands[seat])),
        hand_sizes=tuple(hand.bit_count() for hand in state.hands),
        trump=state.trump,
        claims=table.claims,
        pools_won=table.pools_won,
        trick=trick,
        tricks=state.tricks,
        tricks_taken=_taken(state.tricks, match.players),
        queen_due=cards.CARDS[state.due] if state.due >= 0 and not table.closed else None,
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


def narrate(before: State, move: Move, after: State) -> str | None:
    """Return a line of public facts: deals, claims, the forced queen, tricks and payments.

    None for a play that neither finishes a trick nor answers a king, and for a pass that does
    not end the claims. The line of a move that ends a deal (its last card, or a misdeal) goes
    on with the deal's score line, ``deal 3 over: …`` (its
    :attr:`~cardgames.game.HandScore.explanation`), and with the session's result when the
    deal ends the session, so that a server can broadcast it.

    Raises:
        RulesError: If ``before`` or ``after`` is not a Mariage state, ``move`` not a Mariage
            move, or ``after`` not the state ``move`` led to from ``before``.

    Example:
        >>> from cardgames import mariage
        >>> state = mariage.new_game(seed=2, first_dealer=1)
        >>> after = mariage.apply(state, mariage.Deal())
        >>> print(mariage.narrate(state, mariage.Deal(), after))  # doctest: +ELLIPSIS
        deal 1: seat 1 deals, ... turned up for trump; ante 1 chip a pool from each player...
    """
    game.check_state(before, State, _MODULE)
    game.check_state(after, State, _MODULE)
    if type(move) not in _MOVES:
        raise errors.RulesError(f"expected a Mariage move, not {errors.quote(move)}")
    game.check_step(before, move, after)
    line = _line(before, move, after)
    if before.table.closed or not after.table.closed:
        return line
    ended = f"deal {after.hand_number} over: {after.match.hand_scores[-1].explanation}"
    return "; ".join(filter(None, (line, ended, _result(after))))


_MOVES: Final = frozenset(typing.get_args(Move))
"""The classes of Mariage's moves."""


def _result(after: State) -> str:
    """Return the session's result once it is over, else ``""``."""
    winners = after.match.winners
    if winners is None:
        return ""
    if not winners:
        return "the session is over: every balance is equal, nobody wins"
    who = "seat" if len(winners) == 1 else "seats"
    verb = "wins" if len(winners) == 1 else "win"
    chips = after.table.balances[winners[0]]
    return f"the session is over: {who} {', '.join(map(str, winners))} {verb} with {chips} chips"


def _line(before: State, move: Move, after: State) -> str | None:
    """Return the line of commentary on a move, before a deal's score line is added."""
    if type(move) is Misdeal:
        link = after.table.ledger
        paid = [] if link is None else list(link.move[1])
        return "; ".join([f"seat {after.dealer} misdealt: the deal is void", *_summaries(paid)])
    paid = _payments_between(before, after)
    if type(move) is Deal:
        rules = after.match.rules
        head = (
            f"deal {after.hand_number}: seat {after.dealer} deals, {after.trump} turned up for "
            "trump"
        )
        if any(reason == "ante" for reason, _ in paid):
            head += f"; ante {rules.ante_per_pool} chip a pool from each player"
        shown = [
            f"seat {who} shows {made.pool} ({_shown(made)})" for who, made in after.table.claims
        ]
        return "; ".join([head, *shown, *_summaries(paid)])
    if type(move) is Claim:
        seat = after.table.claims[-1][0]
        return f"seat {seat} claims {move.pool} ({_shown(move)})"
    if type(move) is DealOutOfTurn:
        return "; ".join([f"seat {move.seat} deals out of turn", *_summaries(paid)])
    if type(move) is Decline:
        queen, king = cards.CARDS[before.due], cards.CARDS[before.due + 1]
        return "; ".join(
            [f"seat {before.turn} declines to play {queen} on {king}", *_summaries(paid)[-1:]]
        )
    if type(move) is Pass:
        return "; ".join(["the claims are made", *_summaries(paid)]) if paid else None
    lines = []
    if before.due >= 0 and isinstance(move, Play):
        lines.append(
            f"seat {before.turn} plays {move.card} on {cards.CARDS[before.due + 1]} out of turn"
        )
    if len(after.tricks) != len(before.tricks) or after.table.closed is not before.table.closed:
        trick = after.tricks[-1]
        lines.append(f"trick {len(after.tricks)}: {trick}")
        lines.extend(_summaries(paid))
    return "; ".join(lines) or None


def _shown(made: Claim) -> str:
    """Return the cards shown with a claim."""
    return cards.format_cards(made.cards)


def _payments_between(before: State, after: State) -> list[ledger.Group]:
    """Return the groups of payments ``after`` added to the ledger of ``before``, oldest first."""
    found: list[ledger.Group] = []
    link = after.table.ledger
    stop = before.table.ledger
    floor = 0 if stop is None else stop.length
    while link is not None and link.length > floor:
        found[:0] = link.move[1]
        link = link.previous
    return found


def _summaries(entries: Sequence[ledger.Group]) -> list[str]:
    """Return the entries as ``reason: seat 1 +4, seat 0 −1 …`` (net changes, seats first).

    The ante is left out; a refill, and an entry with the reason of the one before, are added
    to that one (a pool won and the chip put back read as one net change).
    """
    merged: list[tuple[str, dict[int, int]]] = []
    for reason, made in entries:
        if reason == "ante":
            continue
        if not merged or (reason != "refill" and reason != merged[-1][0]):
            merged.append((reason, {}))
        change = merged[-1][1]
        for payer, payee, amount in made:
            change[payer] = change.get(payer, 0) - amount
            change[payee] = change.get(payee, 0) + amount
    found = []
    for reason, change in merged:
        listed = ", ".join(
            f"{_party(who)} {'+' if delta > 0 else '−'}{abs(delta)}"
            for who, delta in sorted(change.items(), key=lambda item: (item[0] < 0, abs(item[0])))
            if delta
        )
        found.append(f"{reason}: {listed or 'no change'}")
    return found


def _party(number: int) -> str:
    """Return ``seat 2``, ``pool IV`` or ``discard``."""
    who = ledger.party(number)
    if who is None:
        return "discard"
    return f"seat {who}" if isinstance(who, int) else str(who)
