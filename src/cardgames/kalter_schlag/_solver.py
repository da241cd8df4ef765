"""The double-dummy solver: what a Kalter Schlag position is worth with every hand open.

Every player is alone, so the value is the *paranoid* one: what the seat to move can guarantee
if the other three play as one side against him, each seeing every card. The measure is the
seat's result for the hand, the higher the better: his penalty, negated (his card points when
he has the most, multiplied as :func:`~cardgames.kalter_schlag.penalty` says for the doubles
and the Jungfrauen, and a Durchmarsch's flat charge). It is exact: the search plays by the
game's rules (following, the doubles of the first trick, Jungfrau and Durchmarsch) on bit sets.

The search is alpha-beta over single cards, with a transposition table of bounds at the start
of each trick keyed on the cards left, the leader, the points taken and the doubles; cards of a
hand that no other card separates and that are worth the same are searched once.
"""

from __future__ import annotations

import abc
from typing import ClassVar, Final, Literal

from cardgames import _solving, analysis, cards, errors, tricks
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _engine as engine
from cardgames.kalter_schlag import _play as play
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._moves import Move
from cardgames.kalter_schlag._state import PACK, PLAYERS, RANKINGS, State

__all__ = ["MEASURES", "Measure", "solve"]

_POINTS: Final = scoring.POINTS
_SEATS: Final = range(PLAYERS)
_RANKS: Final = len(cards.Rank)
_CHUNK: Final = tuple(
    sum(_POINTS[bit] for bit in range(_RANKS) if chunk >> bit & 1) for chunk in range(1 << _RANKS)
)
"""The card points of each bit set of one suit's 13 cards (the same in every suit)."""


def _strongest_first(ranking: tricks.Ranking, suit: int) -> tuple[int, ...]:
    """Return the card indices of a following suit, the strongest first."""
    power = ranking.power[suit]
    held = [card.index for card in PACK if ranking.suit_of[card.index] == suit]
    return tuple(sorted(held, key=lambda index: -power[index]))


def _orders() -> dict[str, tuple[tuple[int, ...], ...]]:
    """Return, per plain rank order, each following suit's cards from the strongest down."""
    return {
        name: tuple(_strongest_first(ranking, suit) for suit in range(tricks.SUITS))
        for name, ranking in RANKINGS.items()
    }


_ORDERS: Final = _orders()
_SUIT_MASKS: Final = {
    name: tuple(sum(1 << index for index in suit) for suit in order)
    for name, order in _ORDERS.items()
}
"""Per plain rank order, the bit set of each following suit's cards."""


Measure = Literal["card points", "penalty"]
"""What :func:`solve` counts: the seat's card points, or his penalty for the hand."""

MEASURES: Final[tuple[Measure, ...]] = ("card points", "penalty")


def solve(state: State, *, measure: Measure = "card points") -> analysis.Solution[Move]:
    """Solve a position double dummy: its paranoid value for the seat to move, and his best moves.

    Args:
        state: A state in a hand's play (its first trick included, with the doubles).
        measure: ``"card points"``: the value is the card points the seat takes in the hand,
            negated (he wants few, the others give him many); ``"penalty"``: it is his penalty
            for the hand, negated, the hand scored as the game scores it (he is charged only
            with the most points; the doubles, the Jungfrauen and a Durchmarsch count).

    Returns:
        The seat to move's result for the hand if the other three play together against him,
        and the legal moves that keep it (a ``Double`` included when doubling keeps it).

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state, no hand is being played, or
            ``measure`` is neither of the two.

    Example:
        Seat 0 holds every jack and ace, and has taken the first six tricks:

        >>> from cardgames import kalter_schlag
        >>> order = kalter_schlag.order_for(["J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦", None, None, None], dealer=3)
        >>> state = kalter_schlag.new_game(seed=1, first_dealer=3)
        >>> state = kalter_schlag.apply(state, kalter_schlag.Deal(order=order))
        >>> for _ in range(4 * 6):
        ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
        >>> kalter_schlag.view(state, 0).points_taken, kalter_schlag.view(state, 0).hand
        ((94, 0, 0, 0), (Card.parse('J♣'), Card.parse('A♣')))

        He cannot help taking all 120 card points, which makes a Durchmarsch: no charge.

        >>> kalter_schlag.solve(state)
        Solution(seat=0, value=-120, moves=(Play(Card.parse('J♣')), Play(Card.parse('A♣'))))
        >>> kalter_schlag.solve(state, measure="penalty").value
        0
    """
    ABOUT.check_state(state)
    if measure not in MEASURES:
        raise errors.RulesError(
            f"measure must be 'card points' or 'penalty', not {errors.quote(measure)}"
        )
    if not state.in_play:
        raise errors.RulesError("solve needs a hand being played: no hand is in play")
    root = engine.current_player(state)
    if root is None:  # pragma: no cover  # a hand in play has a seat to move
        raise errors.RulesError("solve needs a seat to move")
    search: _Search = _Penalty(state, root) if measure == "penalty" else _CardPoints(state, root)
    best = search.position()
    kept = tuple(
        move for move in engine.legal_moves(state) if search.after(move, best - 1, best) >= best
    )
    return analysis.Solution(seat=root, value=search.value_of(best), moves=kept)


_INFINITY: Final = 1 << 20


class _Search(abc.ABC):
    """One solve: the position as mutable bit sets, searched card by card for the root.

    Values are the root's, the higher the better: he takes the highest, the others the lowest.
    The two measures differ in what a finished trick adds and what a trick's start may cut.
    """

    doubling: ClassVar[bool] = True
    """Whether the doubles change the value (so that a double is a move to search)."""

    def __init__(self, state: State, root: int) -> None:
        """Read the position from ``state``, to be solved for ``root``."""
        ranking = RANKINGS[state.rules.plain_rank_order]
        self.root = root
        self.follows = ranking.follows
        self.suit_of = ranking.suit_of
        self.power = ranking.power
        self.order = _ORDERS[state.rules.plain_rank_order]
        self.suit_masks = _SUIT_MASKS[state.rules.plain_rank_order]
        self.leads: dict[tuple[int, ...], int] = {}
        """The best lead found of each position at a trick's start, searched first again."""
        self.hands = list(state.hands)
        points, taken = play.points_and_tricks(state.tricks)
        self.points = list(points)
        self.takers = sum(1 << seat for seat in _SEATS if taken[seat])
        self.first = not state.tricks
        self.doubled = sum(1 << seat for seat in state.doubles)
        self.doubles = len(state.doubles)
        self.leader = state.leader
        self.trick = list(state.trick)
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.meter = _solving.meter()

    def value_of(self, best: int) -> int:
        """Return the root's value in the measure from the search's value ``best``."""
        return best

    def position(self) -> int:
        """Return the value of the position, by null-window searches that close in on it.

        Each search asks whether the value reaches a bound and leaves bounds in the table for
        the next (MTD(f)); they cut far more than one search with a wide window. (Halving the
        interval instead, MTD-bi, takes fewer searches but searches more positions: each step
        from the last bound finds most of its work in the table.)
        """
        guess, low, high = 0, -_INFINITY, _INFINITY
        while low < high:
            beta = guess + 1 if guess == low else guess
            guess = self.card(beta - 1, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        return guess

    def after(self, move: Move, alpha: int, beta: int) -> int:
        """Return the value after the root makes ``move``, exact between the bounds."""
        if type(move) is not core_moves.Play:  # a double
            self.doubled |= 1 << self.root
            self.doubles += 1
            value = self.card(alpha, beta)
            self.doubled ^= 1 << self.root
            self.doubles -= 1
            return value
        return self.play(move.card.index, alpha, beta)

    @abc.abstractmethod
    def bound(self, alpha: int, beta: int) -> int | None:
        """Return the value at a trick's start if it is known without a search, else None."""

    @abc.abstractmethod
    def key(self) -> tuple[int, ...]:
        """Return the key of the position at a trick's start in the transposition table."""

    @abc.abstractmethod
    def gain(self, winner: int, won: int) -> int:
        """Return what a trick of ``won`` card points taken by ``winner`` adds to the value."""

    def card(self, alpha: int, beta: int) -> int:
        """Return the value with the seat to move about to play a card (or double)."""
        if self.meter is not None:
            self.meter.tick()
        if self.trick:
            return self._cards(alpha, beta, None)
        known = self.bound(alpha, beta)
        if known is not None:
            return known
        hands = self.hands
        leader = self.leader
        if not hands[leader] & (hands[leader] - 1):  # one card each: the last trick
            return self._last_trick(alpha, beta)
        key = self.key()
        known, alpha, beta = _solving.probe(self.table, key, alpha, beta)
        if known is not None:
            return known
        value = self._cards(alpha, beta, key)
        _solving.store(self.table, key, value, alpha, beta)
        return value

    def _cards(self, alpha: int, beta: int, key: tuple[int, ...] | None) -> int:
        """Search each card the seat to move may play (and a double, in the first trick).

        At a trick's start (``key`` its position's), the lead that was best in an earlier
        search of the position is searched first, and the best one found is kept.
        """
        trick = self.trick
        seat = (self.leader + len(trick)) % PLAYERS
        hand = self.hands[seat]
        playable = hand & self.follows[trick[0]] or hand if trick else hand
        maximise = seat == self.root
        best = -_INFINITY if maximise else _INFINITY
        if self.first and self.doubling and not self.doubled >> seat & 1:
            self.doubled |= 1 << seat
            self.doubles += 1
            best = self._cards(alpha, beta, None)
            self.doubled ^= 1 << seat
            self.doubles -= 1
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                return best
        chosen = -1
        for index in self._to_search(playable, seat, key):
            value = self.play(index, alpha, beta)
            if maximise:
                if value > best:
                    best, chosen = value, index
                    alpha = max(alpha, value)
            elif value < best:
                best, chosen = value, index
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key is not None and chosen >= 0:
            self.leads[key] = chosen
        return best

    def _to_search(self, playable: int, seat: int, key: tuple[int, ...] | None) -> list[int]:
        """Return the cards to search, ordered; at a trick's start the best lead found first."""
        ordered = self._ordered(self._distinct(playable), seat)
        if key is not None:
            lead = self.leads.get(key)
            if lead is not None and lead in ordered:
                ordered.remove(lead)
                ordered.insert(0, lead)
        return ordered

    def _distinct(self, playable: int) -> list[int]:
        """Return one card of each run of ``playable`` cards that no other card separates.

        Two cards of a suit worth the same, with no card between them left in another hand or
        on the table, win and lose the same tricks: one of them is searched.
        """
        alive = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for index in self.trick:
            alive |= 1 << index
        chosen = []
        masks = self.suit_masks
        for suit, order in enumerate(self.order):
            if not playable & masks[suit]:
                continue
            run_points = -1
            for index in order:
                if not alive >> index & 1:
                    continue
                if playable >> index & 1:
                    if _POINTS[index] != run_points:
                        chosen.append(index)
                        run_points = _POINTS[index]
                else:
                    run_points = -1
        return chosen

    def _ordered(self, chosen: list[int], seat: int) -> list[int]:
        """Order the cards to search, the likeliest best first, so that more lines are cut.

        The root plays first a card that loses the trick, the costliest he can shed; the others
        first load a trick the root wins or may still win, and keep back what he cannot take.
        """
        if len(chosen) < 2:  # nothing to order
            return chosen
        trick = self.trick
        root = self.root
        if not trick:
            return sorted(chosen, key=_POINTS.__getitem__, reverse=seat != root)
        power = self.power[self.suit_of[trick[0]]]
        top = max(power[index] for index in trick)
        played = len(trick)
        winner = max(range(played), key=lambda at: power[trick[at]])
        root_place = (root - self.leader) % PLAYERS
        if seat == root:
            return sorted(chosen, key=lambda index: (power[index] > top, -_POINTS[index]))
        if root_place < played and winner != root_place:
            return sorted(chosen, key=_POINTS.__getitem__)  # the root has lost it: shed little
        return sorted(chosen, key=lambda index: (power[index] > top, -_POINTS[index]))

    def _last_trick(self, alpha: int, beta: int) -> int:
        """Return the value of the last trick, every seat's one card played in turn."""
        hands = self.hands
        leader = self.leader
        trick = [hands[(leader + place) % PLAYERS].bit_length() - 1 for place in range(PLAYERS)]
        saved = hands[:]
        for place in range(PLAYERS):
            hands[(leader + place) % PLAYERS] = 0
        winner = self._winner(trick)
        won = _POINTS[trick[0]] + _POINTS[trick[1]] + _POINTS[trick[2]] + _POINTS[trick[3]]
        takers, first = self.takers, self.first
        self.points[winner] += won
        self.takers |= 1 << winner
        self.leader = winner
        self.first = False
        gain = self.gain(winner, won)
        known = self.bound(alpha - gain, beta - gain)
        assert known is not None  # no card is left: the bound is the value  # noqa: S101
        self.leader, self.takers, self.first = leader, takers, first
        self.points[winner] -= won
        self.hands = saved
        return gain + known

    def _winner(self, trick: list[int]) -> int:
        """Return the seat that wins a full ``trick`` led by the leader."""
        power = self.power[self.suit_of[trick[0]]]
        place, top = 0, power[trick[0]]
        for at in (1, 2, 3):
            strength = power[trick[at]]
            if strength > top:
                place, top = at, strength
        return (self.leader + place) % PLAYERS

    def play(self, index: int, alpha: int, beta: int) -> int:
        """Return the value after the seat to move plays the card ``index``."""
        trick = self.trick
        seat = (self.leader + len(trick)) % PLAYERS
        self.hands[seat] ^= 1 << index
        trick.append(index)
        if len(trick) < PLAYERS:
            value = self.card(alpha, beta)
            trick.pop()
            self.hands[seat] ^= 1 << index
            return value
        winner = self._winner(trick)
        won = _POINTS[trick[0]] + _POINTS[trick[1]] + _POINTS[trick[2]] + _POINTS[trick[3]]
        leader, takers, first = self.leader, self.takers, self.first
        self.points[winner] += won
        self.takers |= 1 << winner
        self.leader = winner
        self.first = False
        self.trick = []
        gain = self.gain(winner, won)
        value = gain + self.card(alpha - gain, beta - gain)
        self.trick = trick
        self.leader, self.takers, self.first = leader, takers, first
        self.points[winner] -= won
        trick.pop()
        self.hands[seat] ^= 1 << index
        return value

    def left(self) -> int:
        """Return the card points still in the hands."""
        hands = self.hands
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        return (
            _CHUNK[alive & 0x1FFF]
            + _CHUNK[alive >> 13 & 0x1FFF]
            + _CHUNK[alive >> 26 & 0x1FFF]
            + _CHUNK[alive >> 39 & 0x1FFF]
        )


class _CardPoints(_Search):
    """The card points measure: the value is minus the card points the root takes from here."""

    doubling = False

    def value_of(self, best: int) -> int:
        """Add the card points the root took before the position."""
        return best - self.points[self.root]

    def bound(self, alpha: int, beta: int) -> int | None:
        """Cut when no card is left, or when the window lies beyond what is left."""
        if alpha >= 0 or not self.hands[self.leader]:
            return 0
        left = -self.left()
        return left if beta <= left else None

    def key(self) -> tuple[int, ...]:
        """Key on the cards left and the leader: what follows does not depend on the past."""
        hands = self.hands
        return (hands[0], hands[1], hands[2], hands[3], self.leader)

    def gain(self, winner: int, won: int) -> int:
        """Count the trick against the root if he took it."""
        return -won if winner == self.root else 0


class _Penalty(_Search):
    """The penalty measure: the value is minus the root's charge for the hand."""

    def __init__(self, state: State, root: int) -> None:
        """Read the position, with a table of the charges met."""
        super().__init__(state, root)
        self.charges: dict[tuple[int, int, int], int] = {}

    def charge(self, points: int, jungfrauen: int) -> int:
        """Return the charge for the most points, with the hand's doubles and Jungfrauen."""
        key = (points, self.doubles, jungfrauen)
        charge = self.charges.get(key)
        if charge is None:
            charge = scoring.penalty(points, doubles=self.doubles, jungfrauen=jungfrauen)
            self.charges[key] = charge
        return charge

    def result(self) -> int:
        """Return the root's result once every card is played."""
        takers = self.takers
        if takers & (takers - 1) == 0:  # one seat took every trick: a Durchmarsch
            if takers >> self.root & 1:
                return 0
            return -scoring.durchmarsch_penalty(doubles=self.doubles)
        points = self.points
        top = max(points)
        if points[self.root] != top:
            return 0
        return -self.charge(top, PLAYERS - takers.bit_count())

    def bound(self, alpha: int, beta: int) -> int | None:
        """Score a finished hand, or cut when the worst the root can come to is known to do.

        He comes to nothing when he can no longer take the most points; the worst is a
        Durchmarsch by another seat while one is possible, or the charge for the most points
        he can still reach, doubled for as many Jungfrauen as there can still be.
        """
        if not self.hands[self.leader]:
            return self.result()
        if alpha >= 0:
            return 0  # nothing is better than no charge
        takers = self.takers
        points = self.points
        root = self.root
        most = points[root] + self.left()
        sweep = takers & (takers - 1) == 0 and not takers >> root & 1
        worst = -scoring.durchmarsch_penalty(doubles=self.doubles) if sweep else 0
        if any(points[seat] > most for seat in _SEATS if seat != root):
            floor = worst
        else:
            jungfrauen = min(PLAYERS - (takers | 1 << root).bit_count(), 2)
            floor = min(worst, -self.charge(most, jungfrauen))
        return floor if floor >= beta or floor == 0 else None

    def key(self) -> tuple[int, ...]:
        """Key on the cards left, the leader, the points and tricks taken and the doubles."""
        hands = self.hands
        return (*hands, self.leader, *self.points, self.takers, self.doubles)

    def gain(self, winner: int, won: int) -> int:  # noqa: ARG002  # the hand's end scores
        """Add nothing: the hand is scored as a whole at its end."""
        return 0
