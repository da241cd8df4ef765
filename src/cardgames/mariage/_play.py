"""The tricks: card power, following, the forced queen, marriages on the table (rules 18–26).

Q♥ is the highest card and K♥ the second (``Rules.top_royal="K"`` swaps them); both beat every
trump. Then come the trumps, then the suit led; a card of another plain suit never wins. For
following suit K♥ and Q♥ are hearts; for the duty to trump when void they count as trumps.

A king and the queen of his suit played one after the other to a trick by two players make a
marriage on the table. When it forms, the trick is frozen: it goes to the best card played up
to and including the second card of the pair (``marriage_trick_rule="freeze"``), or to the
king's player (``"king_wins"``).

The functions work on card indices and bit sets (see :mod:`cardgames.cards`). They are the
engine's, called on every trick with arguments it built itself, and the package publishes none
of them, so they check nothing: the package's card facts (``mariage.trick_winner``,
``mariage.trump_order`` …) check a caller's cards and call them.

Example:
    E2: trump ♣, seat 0 leads 9♠, seat 1 plays K♠, seat 4 must play Q♠ at once; then A♠, 7♣
    and 6♠ come too late to win.

    >>> from cardgames import cards
    >>> from cardgames.mariage import _play as play
    >>> from cardgames.mariage._rules import Rules
    >>> trick = [cards.Card.parse(text).index for text in "9♠ K♠ Q♠ A♠ 7♣ 6♠".split()]
    >>> play.marriages(trick)
    (2,)
    >>> play.trick_winner(trick, play.ranking(Rules(), cards.Suit.CLUBS), Rules())
    1
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Final

import attrs

from cardgames import _frozen, cards, errors, history, tricks
from cardgames.mariage import _ledger as ledger
from cardgames.mariage import _scoring as scoring
from cardgames.mariage._about import ABOUT
from cardgames.mariage._moves import Decline, Move, Play
from cardgames.mariage._pools import JESTER, KING_OF_HEARTS, QUEEN_OF_HEARTS
from cardgames.mariage._rules import TOP_ROYALS, Rules, TopRoyal
from cardgames.mariage._state import State, build_state

__all__ = [
    "KINGS",
    "RANKINGS",
    "allowed",
    "duty_mask",
    "marriages",
    "queen_of",
    "ranking",
    "trick_winner",
]
# The engine also calls played, decline and why_not: the moves of the play, on a State. What
# the seat to move may play is the state's own State.playable.

_PACK: Final = ABOUT.pack
_RANKS: Final = 13
_QUEEN: Final = int(cards.Rank.QUEEN) - 2
_KING: Final = int(cards.Rank.KING) - 2


def _build(top: TopRoyal, trump: cards.Suit) -> tricks.Ranking:
    """Build the ranking for a top royal and a trump suit (rules 18, 19 and 26)."""
    royals = (QUEEN_OF_HEARTS, KING_OF_HEARTS) if top == "Q" else (KING_OF_HEARTS, QUEEN_OF_HEARTS)
    return tricks.Ranking.build(
        _PACK,
        suit_of=lambda card: int(card.suit),
        strength=lambda card: int(card.rank),
        trump=int(trump),
        over_trumps=royals,
    )


RANKINGS: Final = types.MappingProxyType(
    {top: tuple(_build(top, trump) for trump in cards.Suit) for top in TOP_ROYALS}
)
"""``RANKINGS[top_royal][trump]``: the ranking of every deal, built once (read-only)."""

KINGS: Final = cards.mask_of(card for card in _PACK if card.rank == cards.Rank.KING)
"""The bit set of the four kings."""


def ranking(rules: Rules, trump: cards.Suit) -> tricks.Ranking:
    """Return the ranking of a deal with these rules and trump suit (:data:`RANKINGS`)."""
    return RANKINGS[rules.top_royal][trump]


def duty_mask(rules: Rules, found: tricks.Ranking, trump: int) -> int:
    """Return the cards a player void in the suit led must play if he holds any (rules 20, 22).

    The trumps, with K♥ and Q♥ if ``royals_count_as_trumps_for_obligation``; nothing if
    ``must_trump_when_void`` is off. ``found`` is the deal's ranking (:data:`RANKINGS`).

    Example:
        >>> found = RANKINGS["Q"][cards.Suit.SPADES]
        >>> duty = duty_mask(Rules(), found, cards.Suit.SPADES)
        >>> print(cards.format_cards(cards.cards_in(duty))[-8:])
        A♠ Q♥ K♥
    """
    if not rules.must_trump_when_void:
        return 0
    if rules.royals_count_as_trumps_for_obligation:
        return found.trump_mask
    return found.suit_masks[trump]


def allowed(hand: int, led: int | None, duty: int) -> int:
    """Return the cards of ``hand`` that may be played in turn to a trick led with ``led``.

    Follow suit if able (K♥ and Q♥ are hearts); else play a card of ``duty`` (see
    :func:`duty_mask`) if able; else anything (rule 22). The whole hand when leading.
    This is the rule of :attr:`State.playable <cardgames.mariage.State.playable>` for a hand in
    turn that is no state's.

    Example:
        >>> hand = cards.mask_of(cards.parse_cards("Q♥ 7♣ 8♦"))
        >>> duty = duty_mask(Rules(), RANKINGS["Q"][cards.Suit.CLUBS], cards.Suit.CLUBS)
        >>> print(cards.format_cards(cards.cards_in(allowed(hand, 22, duty))))  # 10♠ led
        7♣ Q♥
    """
    if led is None:
        return hand
    return _follow(hand, led, _FOLLOWING, must_trump=True, trumps=duty)


_follow: Final = tricks.follow

_FOLLOWING: Final = RANKINGS["Q"][cards.Suit.CLUBS]
"""A ranking to follow by where no deal's is at hand: every ranking follows by the printed suit."""


def queen_of(king: int) -> int:
    """Return the index of the queen of a king's suit (``king`` is a king's index).

    Example:
        >>> print(cards.CARDS[queen_of(cards.Card.parse("K♠").index)])
        Q♠
    """
    return king - 1


def marriages(played: Sequence[int], *, either: bool = False, declined: int = 0) -> tuple[int, ...]:
    """Return the places in a trick of the cards that complete a marriage on the table.

    A marriage is a king followed at once by the queen of his suit (with ``either``, also a
    queen followed by her king), played by two players (rule 24); consecutive cards of a trick
    always are. The place returned is that of the pair's second card.

    Args:
        played: The card indices in the order played.
        either: ``Rules.marriage_order == "either"``.
        declined: The suits (bit ``1 << suit``) whose queen was declined in this trick: their
            pair makes no marriage (rule 23).

    Example:
        >>> trick = [cards.Card.parse(text).index for text in "K♦ Q♦ K♣ Q♣ J♦".split()]
        >>> marriages(trick), marriages(trick, declined=1 << cards.Suit.CLUBS)
        ((1, 3), (1,))
    """
    found = []
    first = played[0]
    for place in range(1, len(played)):
        second = played[place]
        rank = first % _RANKS
        if (
            (second == first - 1 and rank == _KING)
            or (either and second == first + 1 and rank == _QUEEN)
        ) and not declined >> (second // _RANKS) & 1:
            found.append(place)
        first = second
    return tuple(found)


def trick_winner(
    played: Sequence[int],
    found: tricks.Ranking,
    rules: Rules,
    *,
    declined: int = 0,
    formed: tuple[int, ...] | None = None,
) -> int:
    """Return the place in the trick of the card that wins it (rules 25 and 26).

    Without a marriage on the table, the best card: Q♥, K♥ (in ``top_royal`` order), the
    highest trump, the highest card of the suit led. With one, only the cards up to and
    including the first marriage's second card count (``"freeze"``), or the king wins
    (``"king_wins"``).

    Args:
        played: The card indices in the order played, the lead first.
        found: The deal's ranking (:func:`ranking`).
        rules: The options.
        declined: As for :func:`marriages`.
        formed: The trick's marriages if already known (:func:`marriages`).

    Example:
        E2b: the ace led keeps the trick the marriage freezes.

        >>> trick = [cards.Card.parse(text).index for text in "A♠ K♠ Q♠ 10♠ 7♣ 6♠".split()]
        >>> trick_winner(trick, ranking(Rules(), cards.Suit.CLUBS), Rules())
        0
        >>> trick_winner(
        ...     trick, ranking(Rules(), cards.Suit.CLUBS), Rules(marriage_trick_rule="king_wins")
        ... )
        1
    """
    if formed is None:
        formed = marriages(played, either=rules.marriage_order == "either", declined=declined)
    if not formed:
        return tricks.best(played, found)
    second = formed[0]
    if rules.marriage_trick_rule == "king_wins":
        return second if played[second] % _RANKS == _KING else second - 1
    return tricks.best(played[: second + 1], found)


_PAIRS: Final = tuple(tuple((seat, card) for card in cards.CARDS) for seat in range(10))
"""``_PAIRS[seat][index]``: the ``(seat, card)`` pair of a trick, made once."""

_JESTER: Final = JESTER.index
_PAIRED_KINGS: Final = KINGS
"""A trick whose cards ``mask`` hold a king and his queen has ``mask & mask << 1 & KINGS``."""


def next_in_turn(after: int, seats: Sequence[int], players: int, step: int) -> int:
    """Return the first seat after ``after`` (in the direction of play) not in ``seats``."""
    turn = (after + step) % players
    while turn in seats:
        turn = (turn + step) % players
    return turn


def played(state: State, seat: int, index: int, move: Play) -> State:
    """Return the state after ``seat`` plays the card ``index``, checked to be legal.

    A king calls the holder of his queen to play her at once if he has not played to the trick
    (rule 23, unless ``forced_queen="off"``); otherwise the next player in turn who has not
    played comes next, counted from the king's player after a queen played out of turn. The
    last card of a trick settles it (:func:`_finish_trick`).
    """
    match = state.match
    players = match.players
    changed = list(state.hands)
    changed[seat] ^= 1 << index
    hands = tuple(changed)
    trick = (*state.trick, index)
    seats = (*state.seats, seat)
    moves: history.History[Move] = history.History(move, state.history)
    if len(trick) == players:
        return _finish_trick(state, hands, trick, seats, moves)
    rules = match.rules
    if KINGS >> index & 1 and rules.forced_queen != "off":
        queen = index - 1
        for holder, hand in enumerate(hands):
            if hand >> queen & 1:
                if holder not in seats:
                    return build_state(
                        match=match,
                        table=state.table,
                        hands=hands,
                        trick=trick,
                        seats=seats,
                        turn=holder,
                        due=queen,
                        tricks=state.tricks,
                        history=moves,
                    )
                break
    step = rules.step
    turn = ((state.seats[-1] if state.due >= 0 else seat) + step) % players
    while turn in seats:
        turn = (turn + step) % players
    return build_state(
        match=match,
        table=state.table,
        hands=hands,
        trick=trick,
        seats=seats,
        turn=turn,
        due=-1,
        tricks=state.tricks,
        history=moves,
    )


def _finish_trick(
    state: State,
    hands: tuple[int, ...],
    trick: tuple[int, ...],
    seats: tuple[int, ...],
    moves: history.History[Move],
) -> State:
    """Return the state after a trick's last card: its winner, its payments (rules 24-29)."""
    match = state.match
    table = state.table
    rules = match.rules
    mask = 0
    for card in trick:
        mask |= 1 << card
    owed: list[tuple[str, tuple[ledger.Transfer, ...]]] | None = None
    if mask & mask << 1 & _PAIRED_KINGS:
        formed = marriages(trick, either=rules.marriage_order == "either", declined=table.declined)
        place = trick_winner(trick, table.ranking, rules, formed=formed)
        winner = seats[place]
        if formed:
            owed = _marriage_payments(trick, seats, formed, winner, rules)
    else:
        place = tricks.best(trick, table.ranking)
        winner = seats[place]
    if mask >> _JESTER & 1:
        holder = table.queen_holder
        transfers, reason = scoring.unchecked_jester(
            jester_seat=seats[trick.index(_JESTER)],
            winner=winner,
            winning_card=cards.CARDS[trick[place]],
            queen_holder=None if holder < 0 else holder,
            players=match.players,
            captors=rules.jester_captors,
            payee=rules.jester_penalty_payee,
            paid_only_if_it_wins=rules.jester_paid_only_if_it_wins_trick,
        )
        owed = [*(owed or ()), (reason, transfers)]
    if rules.own_marriage_lead_bonus and state.tricks:
        bonus = _own_marriage_lead(state.tricks[-1], seats[0], trick[0])
        if bonus:
            paid = scoring.unchecked_from_each_other(
                seats[0], players=match.players, amount=scoring.OWN_MARRIAGE_LEAD_CHIPS
            )
            owed = [*(owed or ()), (bonus, paid)]
    if owed is not None or table.declined:
        chips = ledger.record(
            table.chips, owed or (), hand=match.hand_number, allow_debt=rules.allow_debt
        )
        table = table.paid(chips)
    pairs = _PAIRS
    plays = tuple([pairs[who][card] for who, card in zip(seats, trick, strict=True)])
    done = (*state.tricks, _finished(plays=plays, winner=winner))
    return build_state(
        match=match,
        table=table,
        hands=hands,
        trick=(),
        seats=(),
        turn=winner,
        due=-1,
        tricks=done,
        history=moves,
    )


_finished: Final = _frozen.builder(tricks.Trick)


def _marriage_payments(
    trick: Sequence[int],
    seats: Sequence[int],
    formed: Sequence[int],
    winner: int,
    rules: Rules,
) -> list[tuple[str, tuple[ledger.Transfer, ...]]]:
    """Return the payments for the marriages on the table in a trick (rules 27, 28)."""
    owed = []
    for second in formed:
        first = second - 1
        king, queen = (first, second) if trick[first] % _RANKS == _KING else (second, first)
        king_card, queen_card = cards.CARDS[trick[king]], cards.CARDS[trick[queen]]
        hearts = king_card.suit == cards.Suit.HEARTS
        owed.append(
            (
                f"{'heart ' if hearts else ''}marriage {king_card} {queen_card} on the table",
                scoring.unchecked_table_marriage(
                    winner=winner,
                    king_seat=seats[king],
                    queen_seat=seats[queen],
                    hearts=hearts,
                    players=len(seats),
                    amount=rules.table_marriage_payment,
                    king_pays=rules.heart_table_marriage_king_pays,
                ),
            )
        )
    return owed


def _own_marriage_lead(previous: tricks.Trick, leader: int, lead: int) -> str:
    """Return the reason of the own-marriage lead bonus (rule 24) if it is due, else ``""``.

    It is due when ``leader`` led a king to the previous trick and now leads its queen.
    """
    first_seat, first_card = previous.plays[0]
    if first_seat == leader and first_card.rank == cards.Rank.KING and lead == first_card.index - 1:
        return f"own marriage {first_card} {cards.CARDS[lead]} led"
    return ""


def decline(state: State, seat: int, move: Decline) -> State:
    """Decline to play the queen on her king (``forced_queen="penalty_only"``, rule 23).

    The decliner pays each other player at once; play goes on in turn from the king's player,
    and this king and queen make no marriage in the trick.
    """
    match = state.match
    rules = match.rules
    queen = state.due
    if queen < 0 or rules.forced_queen != "penalty_only":
        raise errors.IllegalMoveError(
            "there is nothing to decline: decline answers the call to play a queen on her king "
            'with forced_queen="penalty_only"',
            move=move,
            seat=seat,
        )
    table = state.table
    king = cards.CARDS[queen + 1]
    chips = ledger.record(
        table.chips,
        (
            (
                f"{cards.CARDS[queen]} not played on {king}",
                scoring.unchecked_each_other(
                    seat, players=match.players, amount=scoring.FORCED_QUEEN_CHIPS
                ),
            ),
        ),
        hand=match.hand_number,
        allow_debt=rules.allow_debt,
    )
    return attrs.evolve(
        state,
        table=table.paid(chips, declined=table.declined | 1 << king.suit),
        turn=next_in_turn(state.seats[-1], state.seats, match.players, rules.step),
        due=-1,
        history=history.History(move, state.history),
    )


def why_not(state: State, seat: int, card: cards.Card) -> str:
    """Explain why ``seat``, the seat to move, may not play ``card`` (rules 22 and 23).

    The reasons are those of :attr:`State.playable <cardgames.mariage.State.playable>`: the
    queen called out of turn, a card not held, or the cards the rule of following leaves,
    which are then the suit led or the duty's.
    """
    if state.due >= 0:
        queen = cards.CARDS[state.due]
        king = cards.CARDS[state.due + 1]
        if state.match.rules.forced_queen == "penalty_only":
            return f"you hold {queen}: play her on {king} at once, or decline"
        return f"you hold {queen}: you must play her on {king} at once, out of turn"
    if not state.hands[seat] >> card.index & 1:
        return f"you do not hold {card}"
    led = cards.CARDS[state.trick[0]]
    held = state.playable
    shown = cards.format_cards(cards.cards_in(held))
    if held & state.table.ranking.follows[led.index]:
        return f"must follow suit: {led} was led and you hold {shown}"
    return f"must trump: you have no {led.suit.symbol} and hold {shown}"
