"""The double-dummy search of Kalter Schlag: alpha-beta on bit sets, for one seat's value.

:func:`solution` is what :func:`~cardgames.kalter_schlag.solve` runs once it has checked its
arguments. The search plays by the game's rules (following, the doubles of the first trick,
Jungfrau and Durchmarsch) on the bit sets of :mod:`~cardgames.kalter_schlag._compact`.

It is alpha-beta over single cards driven by null-window searches (MTD(f)), with a
transposition table of bounds at the start of each trick keyed on the cards left and the
leader (and, for the penalty, on what decides the charge); cards of a hand that no other card
separates and that are worth the same are searched once; the seat to move at a trick's start
first leads the card that was best there before. The move ordering was measured: the seat
solved for leads his strongest plain cards first and his jacks last (a quarter fewer positions
than leading his cheapest cards first), the others lead their dearest cards first; a follower
first plays what cannot take the trick, dearest first, and the others give the solved seat
little once he has lost the trick.

The release's platform wheels compile this module with mypyc, with :mod:`cardgames._bounds`
and :mod:`~cardgames.kalter_schlag._compact` (:data:`cardgames.analysis.COMPILED_MODULES`):
about three times faster, the same search position for position. Its functions then check
their arguments' types at run time with a ``TypeError``, so only
:mod:`~cardgames.kalter_schlag._solver`, which checks a caller's arguments first, calls it.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from cardgames import _bounds, _solving, analysis
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _compact as compact
from cardgames.kalter_schlag import _engine as engine
from cardgames.kalter_schlag import _play as play
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._moves import Move
from cardgames.kalter_schlag._state import PLAYERS, State

__all__ = ["solution"]

_SEATS: Final = range(PLAYERS)

_INFINITY: Final = _bounds.INFINITY

_TAKING: Final = 1 << 8
"""Above any card's points: ranks a card that takes the trick after every one that does not."""


def solution(state: State, root: int, *, penalty: bool) -> analysis.Solution[Move]:
    """Return the value of a position in a hand's play for ``root``, the seat to move.

    Args:
        state: A state in a hand's play, ``root`` to move.
        root: The seat to move, whose value it is.
        penalty: Whether the measure is his penalty for the hand, negated (else his card
            points from here, negated).

    Returns:
        His paranoid value, and his legal moves that keep it.
    """
    kind = _Penalty if penalty else _CardPoints
    return kind(state, root).solution(engine.legal_moves(state))


class _Search(abc.ABC):
    """One solve: the position as mutable bit sets, searched card by card for the root.

    Values are the root's, the higher the better: he takes the highest, the others the lowest.
    The two measures differ in what a trick's start may cut, what its table is keyed on and
    what a finished trick adds.
    """

    doubling: ClassVar[bool] = True
    """Whether the doubles change the value (so that a double is a move to search)."""

    def __init__(self, state: State, root: int) -> None:
        """Read the position from ``state``, to be solved for ``root``."""
        layout = compact.LAYOUTS[state.rules.plain_rank_order]
        self.layout = layout
        self.card_points = layout.points
        self.suit_of = layout.suit_of
        self.wins = layout.wins
        self.bytes_points = layout.bytes_points
        self.suits = layout.suits
        self.root = root
        self.hands = [layout.hand(held) for held in state.hands]
        self.leader = state.leader
        self.trick = [layout.bit_of[index] for index in state.trick]
        points, taken = play.points_and_tricks(state.tricks)
        self.points = list(points)
        self.takers = sum(1 << seat for seat in _SEATS if taken[seat])
        self.first = not state.tricks
        self.doubled = sum(1 << seat for seat in state.doubles)
        self.doubles = len(state.doubles)
        self.table: dict[tuple[int, ...], _Entry] = {}
        """The positions at a trick's start searched: their bounds and their leads."""
        self.meter = _solving.meter()

    def value_of(self, best: int) -> int:
        """Return the root's value in the measure from the search's value ``best``."""
        return best

    def solution(self, legal: tuple[Move, ...]) -> analysis.Solution[Move]:
        """Return the position's value for the root and which of his ``legal`` moves keep it."""
        best = self.position()
        return analysis.Solution(
            seat=self.root, value=self.value_of(best), moves=self.kept(best, legal)
        )

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
            guess = self.resume(beta - 1, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        return guess

    def kept(self, best: int, legal: tuple[Move, ...]) -> tuple[Move, ...]:
        """Return the root's ``legal`` moves whose value is ``best``, in their order.

        Cards of one run (see :func:`~cardgames.kalter_schlag._compact.distinct`) are
        worth the same, so one of each run is searched.
        """
        hand = self.hands[self.root]
        playable = hand
        if self.trick:
            playable = hand & self.layout.suit_mask[self.trick[0]] or hand
        runs = self.layout.runs(playable, self._alive())
        found: dict[int, bool] = {}
        moves: list[Move] = []
        for move in legal:
            if type(move) is core_moves.Play:
                first = runs[self.layout.bit_of[move.card.index]]
                keeps = found.get(first)
                if keeps is None:
                    keeps = found[first] = self._after_card(first, best - 1, best) >= best
            else:  # a double
                keeps = self._after_double(best - 1, best) >= best
            if keeps:
                moves.append(move)
        return tuple(moves)

    def _alive(self) -> int:
        """Return the cards in the hands, and the card winning the trick being played."""
        hands = self.hands
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        trick = self.trick
        if trick:
            alive |= self._top(trick)[0]
        return alive

    def _top(self, trick: list[int]) -> tuple[int, int, int]:
        """Return the winning card of a trick being played, its place in it, and its points."""
        wins = self.wins[trick[0]]
        top, place, won = trick[0], 0, 0
        for at, card in enumerate(trick):
            won += self.card_points[card]
            if card & wins and card > top:
                top, place = card, at
        return top, place, won

    def resume(self, alpha: int, beta: int) -> int:
        """Return the value of the position as its trick stands, exact between the bounds."""
        trick = self.trick
        leader = self.leader
        if not trick:
            return self.start(leader, alpha, beta)
        top, place, won = self._top(trick)
        winner = (leader + place) % PLAYERS
        if len(trick) == PLAYERS:
            return self.finish(winner, won, alpha, beta)
        return self.follow(
            len(trick),
            (leader + len(trick)) % PLAYERS,
            self.suit_of[trick[0]],
            self.wins[trick[0]],
            top,
            winner,
            won,
            alpha,
            beta,
        )

    def _after_card(self, card: int, alpha: int, beta: int) -> int:
        """Return the value after the root plays ``card``, exact between the bounds."""
        root = self.root
        hand = self.hands[root]
        self.hands[root] = hand ^ card
        self.trick.append(card)
        value = self.resume(alpha, beta)
        self.trick.pop()
        self.hands[root] = hand
        return value

    def _after_double(self, alpha: int, beta: int) -> int:
        """Return the value after the root doubles (and then plays), exact between the bounds."""
        if not self.doubling:
            return self.resume(alpha, beta)
        return self._doubled(self.root, self.resume, alpha, beta)

    def _doubled(self, seat: int, search: Callable[..., int], *position: Any) -> int:  # noqa: ANN401
        """Return what ``search(*position)`` finds with ``seat`` doubled (the first trick)."""
        self.doubled |= 1 << seat
        self.doubles += 1
        value = search(*position)
        self.doubled ^= 1 << seat
        self.doubles -= 1
        return value

    @abc.abstractmethod
    def start(self, leader: int, alpha: int, beta: int) -> int:
        """Return the value at a trick's start, ``leader`` to lead, exact between the bounds."""

    @abc.abstractmethod
    def finish(self, winner: int, won: int, alpha: int, beta: int) -> int:
        """Return the value once a trick of ``won`` card points is taken by ``winner``."""

    def lead(self, leader: int, key: tuple[int, ...], alpha: int, beta: int) -> int:
        """Search a trick's leads from the position ``key``, and keep its bounds and best lead."""
        if self.meter is not None:
            self.meter.tick()
        entry = self.table.get(key)
        known, alpha, beta = _bounds.probe(entry, alpha, beta)
        if known is not None:
            return known
        maximise = leader == self.root
        best = -_INFINITY if maximise else _INFINITY
        a, b = alpha, beta
        if self.first and self.doubling and not self.doubled >> leader & 1:
            best = self._doubled(leader, self.start, leader, alpha, beta)
            a, b = _narrowed(maximise, best, a, b)
        hands = self.hands
        hand = hands[leader]
        if entry is None:
            entry = self.table[key] = _Entry(self._leads(leader, maximise))
        chosen = entry.leads
        played = 0
        suit_of, wins, card_points = self.suit_of, self.wins, self.card_points
        follower = (leader + 1) % PLAYERS
        for card in chosen:
            if a >= b:
                break
            hands[leader] = hand ^ card
            value = self.follow(
                1, follower, suit_of[card], wins[card], card, leader, card_points[card], a, b
            )
            if maximise:
                if value > best:
                    best, played = value, card
                    a = max(a, value)
            elif value < best:
                best, played = value, card
                b = min(b, value)
        hands[leader] = hand
        _to_front(chosen, played)  # the best lead found is searched first next time
        _bounds.store(entry, best, alpha, beta)
        return best

    def _leads(self, leader: int, maximise: bool) -> list[int]:
        """Return the leads to search, in the order found to cut most.

        The root leads his strongest plain cards first and his jacks last (measured over ten
        random positions with seven tricks left: 6.9 M positions searched against 9.1 M when
        he led his cheapest first); the others lead their dearest cards first.
        """
        hands = self.hands
        chosen = compact.distinct(
            self.suits, hands[leader], hands[0] | hands[1] | hands[2] | hands[3]
        )
        if maximise:
            chosen.sort(reverse=True)  # the strongest first: the jacks at the head
            jacks = sum(1 for card in chosen if card & compact.JACKS)
            return chosen[jacks:] + chosen[:jacks]
        chosen.sort(key=self.card_points.__getitem__, reverse=True)
        return chosen

    def follow(  # noqa: PLR0917  # the trick so far, passed down in the search's inner loop
        self,
        place: int,
        seat: int,
        suit: compact.SuitTable,
        wins: int,
        top: int,
        winner: int,
        won: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Return the value with ``seat``, the ``place``-th to play, about to play to the trick.

        Args:
            place: How many cards the trick holds (1 to 3).
            seat: The seat to play.
            suit: The led suit's table.
            wins: The cards that may win the trick: the led suit's and the jacks.
            top: The card winning the trick so far.
            winner: The seat that played it.
            won: The trick's card points so far.
            alpha: The lower bound of the window.
            beta: The upper bound of the window.
        """
        if self.meter is not None:
            self.meter.tick()
        maximise = seat == self.root
        best = -_INFINITY if maximise else _INFINITY
        if self.first and self.doubling and not self.doubled >> seat & 1:
            best = self._doubled(
                seat, self.follow, place, seat, suit, wins, top, winner, won, alpha, beta
            )
            alpha, beta = _narrowed(maximise, best, alpha, beta)
            if alpha >= beta:
                return best
        hands = self.hands
        hand = hands[seat]
        card_points = self.card_points
        following = (seat + 1) % PLAYERS
        for card in self._follows(place, seat, suit, wins, top, winner):
            taking = card & wins and card > top
            hands[seat] = hand ^ card
            if place == PLAYERS - 1:
                value = self.finish(
                    seat if taking else winner, won + card_points[card], alpha, beta
                )
            else:
                value = self.follow(
                    place + 1,
                    following,
                    suit,
                    wins,
                    card if taking else top,
                    seat if taking else winner,
                    won + card_points[card],
                    alpha,
                    beta,
                )
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        hands[seat] = hand
        return best

    def _follows(  # noqa: PLR0917  # the trick so far, as follow() has it
        self, place: int, seat: int, suit: compact.SuitTable, wins: int, top: int, winner: int
    ) -> Sequence[int]:
        """Return the cards ``seat`` may play to the trick, one of each run, ordered.

        A follower first plays what cannot take the trick, dearest first, then what can; once
        the root has played and lost the trick, the others give him little and keep the rest.
        """
        hands = self.hands
        hand = hands[seat]
        alive = hands[0] | hands[1] | hands[2] | hands[3] | top
        base, width, full, table = suit
        own = hand >> base & full
        chosen: Sequence[int]
        if own:
            chosen = table[(alive >> base & full) << width | own]
        else:  # a void: any card
            chosen = compact.distinct(self.suits, hand, alive)
        if len(chosen) < 2:
            return chosen
        card_points = self.card_points
        root = self.root
        cheap = seat != root and (root - seat) % PLAYERS < place and winner != root
        ordered: list[int] = []
        keys: list[int] = []
        for card in chosen:
            if cheap:
                rank = card_points[card]
            elif card & wins and card > top:
                rank = _TAKING - card_points[card]
            else:
                rank = -card_points[card]
            at = len(ordered)
            while at and keys[at - 1] > rank:
                at -= 1
            ordered.insert(at, card)
            keys.insert(at, rank)
        return ordered

    def last_trick(self, leader: int) -> tuple[int, int]:
        """Return the winner and the card points of the last trick, each seat's one card."""
        hands = self.hands
        wins = self.wins[hands[leader]]
        top, winner = hands[leader], leader
        for place in (1, 2, 3):
            seat = (leader + place) % PLAYERS
            card = hands[seat]
            if card & wins and card > top:
                top, winner = card, seat
        return winner, compact.points_of(
            self.bytes_points, hands[0] | hands[1] | hands[2] | hands[3]
        )


class _Entry(_bounds.Bounds):
    """A position at a trick's start in the table: its bounds, and its leads to search.

    Attributes:
        leads: The leads in the order to search them: the best found in an earlier search of
            the position first.
    """

    __slots__ = ("leads",)

    def __init__(self, leads: list[int]) -> None:
        """Start with nothing known of the value, and the leads in their first order."""
        super().__init__()
        self.leads = leads


def _to_front(cards: list[int], card: int) -> None:
    """Move ``card`` to the head of ``cards`` (nothing when ``card`` is 0)."""
    if card and card != cards[0]:
        cards.remove(card)
        cards.insert(0, card)


def _narrowed(maximise: bool, value: int, alpha: int, beta: int) -> tuple[int, int]:
    """Return the window once a move of ``value`` is known, for the side that moves."""
    if maximise:
        return max(alpha, value), beta
    return alpha, min(beta, value)


class _CardPoints(_Search):
    """The card points measure: the value is minus the card points the root takes from here."""

    doubling = False

    def value_of(self, best: int) -> int:
        """Add the card points the root took before the position."""
        return best - self.points[self.root]

    def start(self, leader: int, alpha: int, beta: int) -> int:
        """Go on from a trick's start, ``leader`` to lead."""
        return self.finish(leader, 0, alpha, beta)

    def finish(self, winner: int, won: int, alpha: int, beta: int) -> int:
        """Count the trick against the root if he took it, then go on from the next lead.

        From the next lead it cuts when the window lies beyond what is left, plays the last
        trick out, or searches.
        """
        taken = won if winner == self.root else 0
        alpha += taken
        if alpha >= 0:
            return -taken  # nothing is better than taking nothing more
        beta += taken
        hands = self.hands
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        left = -compact.points_of(self.bytes_points, alive)
        if beta <= left:
            return left - taken  # nothing is worse than taking everything left
        if not hands[winner] & (hands[winner] - 1):  # one card each: the last trick
            last, _ = self.last_trick(winner)
            return (left if last == self.root else 0) - taken
        key = (hands[0], hands[1], hands[2], hands[3], winner)
        return self.lead(winner, key, alpha, beta) - taken


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

    def start(self, leader: int, alpha: int, beta: int) -> int:
        """Score a finished hand, cut when the worst the root can come to is known, or search.

        He comes to nothing when he can no longer take the most points; the worst is a
        Durchmarsch by another seat while one is possible, or the charge for the most points
        he can still reach, doubled for as many Jungfrauen as there can still be.
        """
        hands = self.hands
        if not hands[leader]:
            return self.result()
        if alpha >= 0:
            return 0  # nothing is better than no charge
        takers = self.takers
        points = self.points
        root = self.root
        most = points[root] + compact.points_of(
            self.bytes_points, hands[0] | hands[1] | hands[2] | hands[3]
        )
        sweep = takers & (takers - 1) == 0 and not takers >> root & 1
        worst = -scoring.durchmarsch_penalty(doubles=self.doubles) if sweep else 0
        if any(points[seat] > most for seat in _SEATS if seat != root):
            floor = worst
        else:
            jungfrauen = min(PLAYERS - (takers | 1 << root).bit_count(), 2)
            floor = min(worst, -self.charge(most, jungfrauen))
        if floor >= beta or floor == 0:
            return floor
        if not hands[leader] & (hands[leader] - 1):  # one card each: the last trick
            winner, won = self.last_trick(leader)
            saved = hands[:]
            hands[:] = [0] * PLAYERS
            value = self.finish(winner, won, alpha, beta)
            hands[:] = saved
            return value
        key = (*hands, leader, *points, self.takers, self.doubles)
        return self.lead(leader, key, alpha, beta)

    def finish(self, winner: int, won: int, alpha: int, beta: int) -> int:
        """Add the trick to its winner's points and tricks, then go on from the next lead."""
        takers, first = self.takers, self.first
        self.points[winner] += won
        self.takers |= 1 << winner
        self.first = False
        value = self.start(winner, alpha, beta)
        self.takers, self.first = takers, first
        self.points[winner] -= won
        return value
