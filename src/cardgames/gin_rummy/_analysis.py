"""What a Gin Rummy seat can work out from its view: the draws that help, and whether to knock.

:func:`draw_odds` is exact: which unseen cards would lower the seat's count once it has drawn
one and discarded the best card, by how much, and the chance that the next card of the stock is
one of them. :func:`knock_or_draw` is sampled: over worlds drawn by
:func:`~cardgames.gin_rummy.worlds`, what the hand is worth to the seat if it knocks now and if
it discards and plays on, with the standard error of each estimate.

Example:
    >>> from cardgames import gin_rummy
    >>> order = gin_rummy.order_for({0: "A♣ 2♣ 3♣ 7♥ 7♠ 7♦ 9♠ 10♠ J♠ 2♥"}, dealer=1, upcard="5♦")
    >>> state = gin_rummy.new_game(seed=1, first_dealer=1)
    >>> state = gin_rummy.apply(state, gin_rummy.Deal(order=order))
    >>> odds = gin_rummy.draw_odds(gin_rummy.view(state, 0))  # only the 2♥ is deadwood
    >>> odds.count, [f"{better.card} → {better.count}" for better in odds.improvements]
    (2, ['4♣ → 0', '7♣ → 0', '2♠ → 1', '8♠ → 0', 'Q♠ → 0', 'A♠ → 1', 'A♥ → 1', '2♦ → 1', 'A♦ → 1'])
    >>> odds.chance, odds.expected_gain
    (Fraction(9, 41), Fraction(13, 41))
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Final, cast

import attrs

from cardgames import cards, errors
from cardgames.gin_rummy import _bots as bots
from cardgames.gin_rummy import _engine as engine
from cardgames.gin_rummy import _facts as facts
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _playouts as playouts
from cardgames.gin_rummy import _worlds as sampling
from cardgames.gin_rummy._moves import Discard, Knock, Move
from cardgames.gin_rummy._rules import HAND_SIZE
from cardgames.gin_rummy._state import Phase, State, View

__all__ = [
    "DrawOdds",
    "Estimate",
    "Improvement",
    "KnockOrDraw",
    "draw_odds",
    "knock_or_draw",
]

Z_95: Final = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""

LEAST_SAMPLES: Final = 2
"""A standard error needs two samples at least."""

_DRAWING: Final = frozenset({Phase.OFFER, Phase.FIRST_DRAW, Phase.DRAW, Phase.DISCARD})
"""The phases in which a seat holding ten cards has a draw to come in this hand."""


def _check_view(view: object, what: str) -> View:
    """Return ``view`` checked to be a Gin Rummy view."""
    if type(view) is not View:
        raise errors.RulesError(
            f"{what} needs a gin_rummy.View (from gin_rummy.view), not {errors.quote(view)}"
        )
    return view


@attrs.frozen
class Improvement:
    """An unseen card that would lower the seat's count, were it the seat's next draw.

    Attributes:
        card: The card.
        count: The seat's count once it has drawn the card and discarded the best card.
        gain: By how much that is lower than its count now (always 1 or more).
        discards: The cards whose discard leaves that count, in card order.
    """

    card: cards.Card
    count: int
    gain: int
    discards: tuple[cards.Card, ...]


@attrs.frozen
class DrawOdds:
    """What the seat's next draw from the stock may do for its count (:func:`draw_odds`).

    Attributes:
        seat: The seat whose view it is.
        count: Its count now: the least deadwood of its ten cards.
        unseen: The cards it has not seen, in card order: the stock and the other's hidden
            cards (not the cards the other took from the pile and still holds). The next card
            of the stock is taken to be any of them with the same chance.
        improvements: The unseen cards that would lower its count, in card order.
        chance: The chance that the next card of the stock is one of them.
        expected_gain: By how much the next card of the stock lowers its count on average,
            counting 0 for the cards that do not.
    """

    seat: int
    count: int
    unseen: tuple[cards.Card, ...]
    improvements: tuple[Improvement, ...]
    chance: Fraction
    expected_gain: Fraction


def improvement(held: int, count: int, card: cards.Card) -> Improvement | None:
    """Return what drawing ``card`` does for ten cards of count ``count``; None if it helps not.

    The best discard may be the card itself: then the count stays as it is.
    """
    grown = held | card.mask
    after = melds.knock_count(grown)
    if after >= count:
        return None
    discards = tuple(
        kept for kept in cards.cards_of(grown) if melds.deadwood_of(grown ^ kept.mask) == after
    )
    return Improvement(card=card, count=after, gain=count - after, discards=discards)


def draw_odds(view: View) -> DrawOdds:
    """Return which unseen cards would lower the seat's count, by how much, and the chance.

    The seat holds ten cards and has a draw to come in this hand. For each card it has not
    seen, its count is worked out as if it drew that card and then discarded the card that
    leaves the least count (it must discard one after drawing): the cards that leave a lower
    count than its count now are the improvements. The next card of the stock is taken to be
    uniform over the unseen cards (:func:`~cardgames.gin_rummy.unseen`: neither in the seat's
    hand, the pile, nor among the cards the other took from the pile and still holds), so the
    chance is the improvements' share of them. What the other discarded or left in the pile
    is taken to tell nothing more about where the other cards are.

    Args:
        view: The seat's view (``gin_rummy.view(state, seat)``), in a hand in play, the seat
            holding ten cards.

    Raises:
        RulesError: If ``view`` is not a Gin Rummy view, no hand is in play (between hands,
            after a knock), or the seat holds eleven cards (it discards before it draws again).

    Example:
        >>> from cardgames import cards, gin_rummy
        >>> order = gin_rummy.order_for({1: "4♥ 5♥ 6♥ 8♣ 8♦ 8♠ J♣ Q♣ 2♦ 3♠"}, dealer=0, upcard="K♥")
        >>> state = gin_rummy.new_game(seed=2, first_dealer=0)
        >>> state = gin_rummy.apply(state, gin_rummy.Deal(order=order))
        >>> odds = gin_rummy.draw_odds(gin_rummy.view(state, 1))
        >>> odds.count, len(odds.unseen), odds.chance, odds.expected_gain
        (25, 41, Fraction(30, 41), Fraction(208, 41))
        >>> best = max(odds.improvements, key=lambda better: better.gain)  # 8♣ 8♠ 8♦ 10♣ J♣ Q♣
        >>> print(best.card, best.count, cards.format_cards(best.discards))
        10♣ 2 3♠
    """
    view = _check_view(view, "draw_odds")
    if view.phase not in _DRAWING:
        raise errors.RulesError(
            f"no draw is to come: the hand is in its {view.phase.value} phase, not in play"
        )
    if len(view.hand) != HAND_SIZE:
        raise errors.RulesError(
            f"seat {view.seat} holds {len(view.hand)} cards: it discards before it draws again"
        )
    held = cards.mask_of(view.hand)
    count = melds.deadwood_of(held)
    out = facts.unseen(view)
    found = tuple(
        better for better in (improvement(held, count, card) for card in out) if better is not None
    )
    return DrawOdds(
        seat=view.seat,
        count=count,
        unseen=out,
        improvements=found,
        chance=Fraction(len(found), len(out)),
        expected_gain=Fraction(sum(better.gain for better in found), len(out)),
    )


@attrs.frozen
class Estimate:
    """A mean over sampled worlds, with its standard error.

    Attributes:
        mean: The mean of the samples.
        error: The standard error of the mean: the samples' standard deviation over the
            square root of their number.
        samples: How many samples it is the mean of (2 or more).
    """

    mean: float
    error: float
    samples: int

    @property
    def interval(self) -> tuple[float, float]:
        """The normal 95 % confidence interval of the mean: ``mean ± 1.96 error``."""
        spread = Z_95 * self.error
        return self.mean - spread, self.mean + spread

    @classmethod
    def of(cls, samples: Sequence[float]) -> Estimate:
        """Return the estimate of the mean of two or more samples.

        Raises:
            RulesError: If ``samples`` is not a sequence of two or more numbers.

        Example:
            >>> Estimate.of([1, 3, 2, 2])
            Estimate(mean=2.0, error=0.408248290463863, samples=4)
        """
        if isinstance(samples, str | bytes) or not isinstance(samples, Sequence):
            raise errors.RulesError(
                f"samples must be a sequence of numbers, not {errors.quote(samples)}"
            )
        values = tuple(samples)
        if len(values) < LEAST_SAMPLES or not all(
            type(value) in {int, float} and math.isfinite(value) for value in values
        ):
            raise errors.RulesError(
                f"samples must be two or more finite numbers, not {errors.quote(samples)}"
            )
        error = statistics.stdev(values) / math.sqrt(len(values))
        return cls(mean=statistics.fmean(values), error=error, samples=len(values))


def play_out(world: State, move: Move, seat: int, seed: int) -> int:
    """Return the hand's result for ``seat`` after ``move``, both seats then playing the rule agent.

    The rule agents break their ties with ``random.Random(seed)``: the same seed for every move
    compared in a world, so that the comparison is paired. The hand is played on bit sets
    (:mod:`cardgames.gin_rummy._playouts`), to the result the engine gives.
    """
    return playouts.play_out(world, move, seat, random.Random(seed))


def compare(  # the worlds, the moves and three budgets
    worlds: Iterator[State],
    seat: int,
    moves: Sequence[Move],
    rng: random.Random,
    *,
    limit: int | None,
    deadline: float | None,
    turns: int | None = None,
) -> tuple[tuple[int, ...], ...]:
    """Return, for each move, its results over the same worlds (see :func:`play_out`).

    Worlds are taken from ``worlds`` until ``limit`` have been played out, until the play-outs
    have played ``turns`` turns in all (:func:`cardgames.gin_rummy._playouts.finish`; checked
    after each world), or until ``time.perf_counter()`` reaches ``deadline`` (checked before
    each play-out: a world not played out for every move is dropped). Each world's seed comes
    from ``rng``.
    """
    results: list[list[int]] = [[] for _ in moves]
    played = 0
    spent = 0
    while (limit is None or played < limit) and (turns is None or spent < turns):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        world = next(worlds)
        seed = rng.getrandbits(64)
        row: list[int] = []
        for move in moves:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            result, cost = playouts.finish(engine.apply(world, move), seat, random.Random(seed))
            row.append(result)
            spent += cost
        if len(row) < len(moves):
            break
        for column, result in zip(results, row, strict=True):
            column.append(result)
        played += 1
    return tuple(tuple(column) for column in results)


def rule_discard(view: View, rng: random.Random) -> Discard:
    """Return the discard the rule agent makes when it does not knock."""
    legal = tuple(move for move in view.legal_moves if type(move) is Discard)
    # The rule agent picks among the moves it is given: discards only.
    return cast("Discard", bots.choose(attrs.evolve(view, legal_moves=legal), rng))


def rule_knock(view: View, rng: random.Random) -> Knock | None:
    """Return the knock the rule agent makes (least count, highest discard); None if none."""
    legal = tuple(move for move in view.legal_moves if type(move) is Knock)
    if not legal:
        return None
    # The rule agent picks among the moves it is given: knocks only.
    return cast("Knock", bots.choose(attrs.evolve(view, legal_moves=legal), rng))


@attrs.frozen
class KnockOrDraw:
    """What knocking now and drawing on are worth to the seat, estimated over sampled worlds.

    Both are measured in the seat's result for the hand: the points it scores in the hand less
    the points the other scores, as the game scores them (the gin and undercut bonuses, an
    Oklahoma spade's doubling; 0 for a void hand). See :func:`knock_or_draw` for the model of
    play.

    Attributes:
        seat: The seat whose view it is.
        knock: The knock weighed: the rule agent's (the least count, then the highest card).
        discard: The discard weighed for drawing on: the rule agent's, were it not to knock.
        knocking: The hand's result for the seat if it knocks now.
        drawing_on: The hand's result for the seat if it discards and plays on.
        difference: ``knocking`` less ``drawing_on``, world by world: the paired difference
            (the same worlds and the same play-outs for both, so its error is smaller than
            either's).
    """

    seat: int
    knock: Knock
    discard: Discard
    knocking: Estimate
    drawing_on: Estimate
    difference: Estimate

    @property
    def better(self) -> Knock | Discard:
        """The move with the higher estimate: the knock unless drawing on's is higher."""
        return self.discard if self.difference.mean < 0 else self.knock


def weigh(view: View, worlds: Iterator[State], rng: random.Random, count: int) -> KnockOrDraw:
    """Return :func:`knock_or_draw`'s estimate over ``count`` worlds of ``worlds`` (checked)."""
    knock = rule_knock(view, rng)
    if knock is None:
        raise errors.RulesError(
            f"seat {view.seat} may not knock now: "
            + (
                "it is not its turn to discard"
                if view.phase is not Phase.DISCARD or not view.legal_moves
                else f"its count would stay above the knock limit, {view.knock_limit}"
            )
        )
    discard = rule_discard(view, rng)
    knocked, drew = compare(worlds, view.seat, (knock, discard), rng, limit=count, deadline=None)
    return KnockOrDraw(
        seat=view.seat,
        knock=knock,
        discard=discard,
        knocking=Estimate.of(knocked),
        drawing_on=Estimate.of(drew),
        difference=Estimate.of([mine - other for mine, other in zip(knocked, drew, strict=True)]),
    )


WORLDS: Final = 200
"""How many worlds :func:`knock_or_draw` samples unless told."""

MOST_WORLDS: Final = 100_000
"""The most worlds :func:`knock_or_draw` samples."""


def knock_or_draw(view: View, rng: random.Random, *, worlds: int = WORLDS) -> KnockOrDraw:
    """Return what knocking now and drawing on are worth to the seat, over sampled worlds.

    The seat is to end its turn and may knock. Worlds are drawn from its view by
    :func:`~cardgames.gin_rummy.worlds` (the other's hidden cards and the stock, uniformly
    among the deals its view allows). In each world the hand is played to its end twice, from
    the same tie-breaking stream:

    - *knocking now*: the seat knocks as the rule agent would (the least count, then the highest
      card), lays out as it would (the least count, then the fewest unseen cards that lay off),
      and the other lays out at his least count, laying off what he can;
    - *drawing on*: the seat discards the card the rule agent would discard were it not to
      knock, and from then on both seats play the rule agent
      (:class:`~cardgames.gin_rummy.RuleAgent`) to the end of the hand.

    Each is scored as the seat's points in the hand less the other's, by the game's own scoring
    (the undercut and gin bonuses, Oklahoma's knock limit and spade doubling; a void hand
    counts 0). With Hollywood scoring a hand's points are entered in one to three games: the
    measure counts them once. The estimates are means over the worlds with their standard
    errors (:class:`Estimate`); the difference is taken world by world.

    Args:
        view: The seat's view, in its discard phase with a knock among its legal moves.
        rng: The stream the worlds and the rule agent's ties are drawn from.
        worlds: How many worlds to sample: from 2 to 100,000.

    Raises:
        RulesError: If ``view`` is not a Gin Rummy view, ``rng`` not a ``random.Random``,
            ``worlds`` not a whole number from 2 to 100,000, or the seat may not knock now.

    Example:
        >>> import random
        >>> from cardgames import gin_rummy
        >>> order = gin_rummy.order_for(
        ...     {1: "A♣ 2♣ 3♣ 7♥ 7♠ 7♦ 9♠ 10♠ J♠ 5♥", 0: "4♥ 4♦ 4♠ Q♥ Q♦ K♦ K♣ 9♦ 6♣ 8♥"},
        ...     dealer=0,
        ...     upcard="2♥",
        ... )
        >>> state = gin_rummy.new_game(seed=1, first_dealer=0)
        >>> state = gin_rummy.apply(state, gin_rummy.Deal(order=order))
        >>> state = gin_rummy.apply(state, gin_rummy.parse_move("take"))  # 2♥ for seat 1
        >>> seen = gin_rummy.view(state, 1)
        >>> weighed = gin_rummy.knock_or_draw(seen, random.Random(3), worlds=50)
        >>> print(weighed.knock, "/", weighed.discard)  # knock with 2, or keep the 2♥
        knock 5♥ / discard 5♥
        >>> weighed.knocking.samples, weighed.drawing_on.samples
        (50, 50)
        >>> low, high = weighed.difference.interval  # a 95 % interval of the gain by knocking
        >>> low < weighed.difference.mean < high
        True
    """
    view = _check_view(view, "knock_or_draw")
    if not isinstance(rng, random.Random):
        raise errors.RulesError(f"knock_or_draw needs a random.Random, not {errors.quote(rng)}")
    if type(worlds) is not int or not LEAST_SAMPLES <= worlds <= MOST_WORLDS:
        raise errors.RulesError(
            f"worlds must be a whole number from {LEAST_SAMPLES} to {MOST_WORLDS}, "
            f"not {errors.quote(worlds)}"
        )
    return weigh(view, sampling.worlds(view, rng), rng, worlds)
