"""A rule-based Mariage player that sees only its own seat's view.

:class:`RuleAgent` claims every pool it may, always plays a queen called by her king (declining
costs a chip to each other player), and chooses its card by weighing, from what the table has
shown, the chips each card is likely to bring in this trick:

* **the marriage on the table** — a king led (or played when it is the best card so far) calls
  his queen out of her holder's hand, and the trick, frozen at the queen, pays its winner a chip
  from every other player but the queen's. The agent plays such a king when the queen is still
  out; it keeps a king that would hand the trick and the payment to another player, and plays
  K♥ only when Q♥ cannot be called (the heart marriage pays Q♥'s player);
* **the jester** J♦, paid by every other player unless K♥ or Q♥ takes its trick: played as soon
  as no royal heart can still come to the trick, held back otherwise;
* **the tricks** — two or more are paid from the tricks pool and none is fined: it wins a trick
  with its cheapest winning card, the more keenly the fewer it has, and throws its weakest card
  when it cannot win.

It is measured against :class:`~cardgames.agents.RandomAgent` and the do-nothing
:class:`~cardgames.agents.FirstAgent` on the game's page.

Example:
    >>> import random
    >>> from cardgames import mariage
    >>> state = mariage.new_game(seed=4, players=6)
    >>> while mariage.current_player(state) is not None and state.hand_number < 2:
    ...     seat = mariage.current_player(state)
    ...     move = RuleAgent().choose(mariage.view(state, seat), random.Random(seat))
    ...     state = mariage.apply(state, move, seat=seat)
    >>> state.hand_number
    2
"""

from __future__ import annotations

import functools
import random
import types
from collections.abc import Sequence
from typing import Final

import attrs

from cardgames import agents, cards, search, tricks
from cardgames import moves as core_moves
from cardgames.mariage import _facts as facts
from cardgames.mariage import _play as play
from cardgames.mariage._about import ABOUT
from cardgames.mariage._moves import Claim, Decline, Move
from cardgames.mariage._pools import JESTER, KING_OF_HEARTS, QUEEN_OF_HEARTS, Pool
from cardgames.mariage._rules import Rules
from cardgames.mariage._state import View

__all__ = ["PIMC", "PIMC_NODES", "ROLLOUT", "ROLLOUT_POSITIONS", "RuleAgent"]

PIMC_NODES: Final = 5_000
"""The positions a move of the ``"pimc"`` agent may search: on one core of the machine the docs
were measured on, at most 206 ms of CPU a move, the 99th percentile 180 ms, over the 1,000
six-player deals of ``benchmarks/agents.py --games mariage``."""

PIMC: Final = functools.partial(search.PimcAgent, ABOUT.name, seconds=None, nodes=PIMC_NODES)
"""The ``"pimc"`` agent: :class:`cardgames.search.PimcAgent` with a budget of positions, so
that a seeded simulation replays exactly."""

ROLLOUT_POSITIONS: Final = 3_500
"""The moves the play-outs of one move of the ``"rollout"`` agent may make in all: over the
1,000 one-deal matches on the game's page its moves took at most 200 ms of CPU, the 99th
percentile 149 ms (most of its moves are forced and take no time)."""

ROLLOUT: Final = functools.partial(
    search.RolloutAgent, ABOUT.name, positions=ROLLOUT_POSITIONS, seconds=None
)
"""The ``"rollout"`` agent: :class:`cardgames.search.RolloutAgent` with a budget of positions,
so that a seeded simulation replays exactly."""

_ROYALS: Final = (KING_OF_HEARTS, QUEEN_OF_HEARTS)
_KING: Final = cards.Rank.KING
_QUEEN: Final = cards.Rank.QUEEN
_HOLDERS: Final = types.MappingProxyType(
    {
        Pool.MARRIAGE: _ROYALS,
        Pool.KING: (KING_OF_HEARTS,),
        Pool.QUEEN: (QUEEN_OF_HEARTS,),
        Pool.JESTER: (JESTER,),
    }
)
"""The cards a claim of each pool II–V shows its claimant holds."""
_OUTRANKED: Final = 0.25
"""The chance the agent gives a card that wins the trick so far when an unseen card of the suit
led beats it."""
_OVERTRUMPED: Final = 0.6
"""The chance the agent gives a card that wins the trick so far when only unseen trumps (or the
royal hearts) beat it."""
_CAPTURE: Final = 2.0
"""What capturing the jester another player has played is worth: his payment not made, and
the chip he pays the holder of Q♥."""
_LEAD: Final = 0.5
"""How much of a called marriage's payment the lead of the next trick is worth."""
_CHEAP: Final = 0.01
"""What spending a card costs per step of its strength: the tie-breaker towards weak cards."""


@attrs.frozen
class _Table:
    """What the agent reads from the view once per choice.

    Attributes:
        view: The view.
        trick: The plays of the trick so far.
        unseen: The bit set of the cards the seat has not seen.
        holders: Card index to the seat known to hold it (shown with a claim, not played).
        yet: The seats still to play to the trick after this one.
    """

    view: View
    trick: tuple[tuple[int, cards.Card], ...]
    unseen: int
    holders: dict[int, int]
    yet: tuple[int, ...]

    @classmethod
    def read(cls, view: View) -> _Table:
        """Read the table from a view."""
        trick = () if view.trick is None else view.trick.plays
        played = {card.index for done in view.tricks for card in done.cards}
        played |= {card.index for _, card in trick}
        holders = {
            card.index: seat
            for seat, made in view.claims
            for card in _HOLDERS.get(made.pool, made.cards)
            if card.index not in played and seat != view.seat
        }
        unseen = cards.mask_of(facts.unseen(view))
        done = {seat for seat, _ in trick} | {view.seat}
        yet = tuple(seat for seat in range(view.players) if seat not in done)
        return cls(view, trick, unseen, holders, yet)

    def chance_yet_holds(self, card: cards.Card) -> float:
        """Return how likely a seat still to play to the trick holds ``card``."""
        holder = self.holders.get(card.index)
        if holder is not None:
            return 1.0 if holder in self.yet else 0.0
        if not self.unseen >> card.index & 1:
            return 0.0  # in the hand, played, or turned up for trump
        # Every unseen card is as likely to be any of the cards not shown: those of the seats
        # to come, of the seats that have played, or left undealt.
        known = list(self.holders.values())
        sizes = self.view.hand_sizes
        hidden = sum(sizes[seat] - known.count(seat) for seat in self.yet)
        return min(1.0, hidden / max(1, self.unseen.bit_count()))

    def wins(self, card: cards.Card) -> bool:
        """Return whether ``card`` would win the trick as it stands once played."""
        view = self.view
        trump = view.trump
        if trump is None:  # pragma: no cover  # cards are played only after the deal
            return False
        played = tricks.Trick(plays=(*self.trick, (view.seat, card)))
        winner = facts.trick_winner(played, trump.suit, view.rules, declined=view.queens_declined)
        return winner == view.seat

    def chance_to_hold(self, card: cards.Card) -> float:
        """Return how likely ``card``, once played, keeps the trick against the seats to come.

        1 when no unseen card can beat it; low when an unseen card of the suit led beats it
        (its holder must follow suit); in between when only trumps (or K♥ and Q♥) can, for
        their holders must first be void in the suit led.
        """
        view = self.view
        trump = view.trump
        if not self.yet or trump is None:
            return 1.0
        found = play.ranking(view.rules, trump.suit)
        led = self.trick[0][1] if self.trick else card
        suit = found.suit_of[led.index]
        power = found.power[suit]
        mine = power[card.index]
        above = 0
        rest = self.unseen
        while rest:
            low = rest & -rest
            if power[low.bit_length() - 1] > mine:
                above |= low
            rest ^= low
        if not above:
            return 1.0
        if above & found.suit_masks[suit]:
            return _OUTRANKED
        return _OVERTRUMPED


@attrs.frozen
class RuleAgent:
    """Plays Mariage by rules of thumb, from its own seat's view only.

    It claims what it may, plays the called queen, and otherwise plays the card whose likely
    chips in this trick are the most (see the module). Its choices depend only on the view:
    ``rng`` is not used, so the same view always gets the same move.
    """

    def choose(self, view: View, rng: random.Random) -> Move:
        """Return one of ``view.legal_moves``.

        Raises:
            RulesError: If ``view`` is not a Mariage view or ``rng`` not a ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        moves = agents.turn_view(view, rng, View, "a mariage.View (from mariage.view)").legal_moves
        if len(moves) == 1:
            return moves[0]
        claims = [move for move in moves if type(move) is Claim]
        if claims:
            return claims[0]
        plays = [move for move in moves if type(move) is core_moves.Play]
        if any(type(move) is Decline for move in moves):
            return plays[0]  # play the called queen: declining pays every other player
        if not plays:  # pragma: no cover  # a pass alone is the single move above
            return moves[0]
        table = _Table.read(view)
        return max(plays, key=lambda move: _worth(table, move.card))


def _strength(card: cards.Card, rules: Rules, trump: cards.Suit) -> int:
    """Return how strong a card is in general: royal hearts, then trumps, then by rank."""
    found = play.ranking(rules, trump)
    return found.power[trump][card.index] or int(card.rank)


def _trick_value(view: View) -> float:
    """Return what one more trick is worth to the seat: the tricks pool and the fine."""
    taken = view.tricks_taken[view.seat]
    rules = view.rules
    if taken + 1 == rules.trick_pay_min:
        return float(rules.trick_pay_per_trick * rules.trick_pay_min)
    if taken <= rules.loser_threshold:
        return float(rules.fine_zero_tricks + 1)
    return float(rules.trick_pay_per_trick) if taken + 1 > rules.trick_pay_min else 0.5


def _worth(table: _Table, card: cards.Card) -> float:
    """Return the chips ``card`` is likely to bring, less a little for spending a strong card."""
    view = table.view
    rules = view.rules
    trump = view.trump
    if trump is None:  # pragma: no cover  # cards are played only after the deal
        return 0.0
    wins = table.wins(card)
    chance = table.chance_to_hold(card) if wins else 0.0
    worth = (_trick_value(view) + _lead_value(table, card)) * chance
    if card.rank is _KING:
        worth += _marriage(table, card, wins=wins)
    elif card == QUEEN_OF_HEARTS:
        worth -= _heart_call(table)
    if card == JESTER:
        worth += _jester(table, wins=wins)
    elif wins and card in _captors(rules) and any(seen == JESTER for _, seen in table.trick):
        worth += chance * _CAPTURE
    return worth - _CHEAP * _strength(card, rules, trump.suit)


def _lead_value(table: _Table, played: cards.Card) -> float:
    """Return what leading the next trick is worth: the chance to lead a king who calls."""
    view = table.view
    if len(view.hand) <= 1 or view.rules.forced_queen != "enforce":
        return 0.0
    best = 0.0
    for king in view.hand:
        if king.rank is _KING and king not in (played, KING_OF_HEARTS):
            queen = cards.Card(_QUEEN, king.suit)
            if table.unseen >> queen.index & 1:
                best = max(best, _LEAD * (view.players - 2) * view.rules.table_marriage_payment)
    return best


def _marriage(table: _Table, king: cards.Card, *, wins: bool) -> float:
    """Return the chips a king is likely to bring by calling his queen out (rules 23-28)."""
    view = table.view
    rules = view.rules
    if rules.forced_queen != "enforce":
        return 0.0
    queen = cards.Card(_QUEEN, king.suit)
    called = table.chance_yet_holds(queen)
    paid = rules.table_marriage_payment
    if king == KING_OF_HEARTS:
        return -called * paid * (view.players - 1) if rules.top_royal == "Q" else -called * paid
    if wins or rules.marriage_trick_rule == "king_wins":
        return called * paid * (view.players - 2)
    return -called * paid


def _heart_call(table: _Table) -> float:
    """Return what keeping Q♥ is worth: K♥, played by another, will call her (rule 28)."""
    view = table.view
    rules = view.rules
    if rules.forced_queen != "enforce":
        return 0.0
    holder = table.holders.get(KING_OF_HEARTS.index)
    if holder is not None:
        out = 1.0
    elif table.unseen >> KING_OF_HEARTS.index & 1:
        known = len(table.holders)
        others = sum(view.hand_sizes) - len(view.hand) - known
        out = others / max(1, table.unseen.bit_count())
    else:
        return 0.0
    return out * rules.table_marriage_payment * (view.players - 1)


def _captors(rules: Rules) -> Sequence[cards.Card]:
    """Return the cards that capture the jester when they take its trick (rule 29)."""
    if rules.jester_captors == "royal_hearts":
        return _ROYALS
    return tuple(
        cards.Card(rank, suit) for suit in cards.Suit for rank in (cards.Rank.KING, _QUEEN)
    )


def _jester(table: _Table, *, wins: bool) -> float:
    """Return the chips the jester is likely to bring if played now rather than later."""
    view = table.view
    rules = view.rules
    trump = view.trump
    if trump is None:  # pragma: no cover  # cards are played only after the deal
        return 0.0
    if rules.jester_paid_only_if_it_wins_trick and not wins:
        return -1.0
    paid = float(view.players - 1)
    captors = _captors(rules)
    played = tricks.Trick(plays=(*table.trick, (view.seat, JESTER)))
    leader = facts.trick_winner(played, trump.suit, rules, declined=view.queens_declined)
    leading = next(card for seat, card in played.plays if seat == leader)
    if leading in captors:
        return -paid
    risk = sum(table.chance_yet_holds(card) for card in captors)
    if not risk:
        return paid
    return -paid * min(1.0, risk)
