"""A rule-based Kalter Schlag player that sees only its own seat's view.

:class:`RuleAgent` plays to take few card points, as a penalty game asks: it ducks under the
card that wins the trick when it can, throws its most dangerous cards (aces and tens that would
win later) when it cannot follow, leads the cards least likely to win, and doubles only with a
hand that holds little that wins tricks. It is the game's ``"rule"`` agent in
:data:`cardgames.GAMES` (see :func:`cardgames.agents.by_name`); its win rates against random
and do-nothing players are on the game's page.

Example:
    >>> import random
    >>> from cardgames import kalter_schlag
    >>> state = kalter_schlag.apply(
    ...     kalter_schlag.new_game(seed=5, first_dealer=0), kalter_schlag.Deal()
    ... )
    >>> agent = RuleAgent()
    >>> move = agent.choose(kalter_schlag.view(state, 1), random.Random(0))
    >>> move in kalter_schlag.legal_moves(state)
    True
"""

from __future__ import annotations

import functools
import random
from typing import Final, cast

import attrs

from cardgames import agents, cards, protocols, search, tricks
from cardgames import moves as core_moves
from cardgames.kalter_schlag import _facts as facts
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._moves import DOUBLE, Move
from cardgames.kalter_schlag._state import PLAYERS, RANKINGS, TRICKS, View

__all__ = ["PIMC", "ROLLOUT", "ROLLOUT_POSITIONS", "RuleAgent"]

PIMC: Final = functools.partial(search.PimcAgent, ABOUT.name, seconds=None, nodes=search.NODES)
"""The ``"pimc"`` agent: :class:`cardgames.search.PimcAgent` with a budget of positions, so
that a seeded simulation replays exactly (:data:`cardgames.search.NODES` a move)."""

ROLLOUT_POSITIONS: Final = 2_000
"""The moves the play-outs of one move of the ``"rollout"`` agent may make in all: over the
1,000 whole matches on the game's page its 195,533 moves took at most 170 ms of CPU, the median
66 ms (3,000 positions reached 227 ms over 200 whole matches)."""

ROLLOUT: Final = functools.partial(
    search.RolloutAgent, ABOUT.name, positions=ROLLOUT_POSITIONS, seconds=None
)
"""The ``"rollout"`` agent: :class:`cardgames.search.RolloutAgent` with a budget of positions,
so that a seeded simulation replays exactly."""

_ESCAPE: Final = 0.55
"""The chance, per card still out that beats it, that a card does not win the trick."""

_TRICK_POINTS: Final = 8
"""The card points the others add, on average, to a trick a card wins."""

_SAFE_HAND: Final = 2.5
"""The most tricks a hand may be expected to win and still double: the sum, over its cards, of
each card's chance to win a trick (``_ESCAPE`` to the power of the cards still out that beat it).
"""

_STOP: Final = 1000
"""What winning a trick costs beside its points, unless it stops another seat's Durchmarsch:
more than any card's points, so that the agent wins a trick only when it must."""

_SWEEP_WATCH: Final = 4
"""From this many tricks taken by one seat, the others try to stop a Durchmarsch."""


def _beaten_by(card: int, out: int, ranking: tricks.Ranking) -> int:
    """Return how many cards of the bit set ``out`` beat ``card`` in its own suit."""
    suit = ranking.suit_of[card]
    power = ranking.power[suit]
    strength = power[card]
    same = out & ranking.suit_masks[suit]
    return sum(1 for other in cards.cards_in(same) if power[other.index] > strength)


def _danger(card: int, out: int, ranking: tricks.Ranking) -> float:
    """Return the card points that holding ``card`` may cost later.

    That is its chance to win a trick (the fewer cards still out that beat it, the more) times
    what such a trick holds.
    """
    chance = _ESCAPE ** _beaten_by(card, out, ranking)
    return chance * (scoring.POINTS[card] + _TRICK_POINTS)


@attrs.frozen
class RuleAgent:
    """Plays Kalter Schlag to take few card points, from its own view only.

    It keeps no memory between moves: everything it uses is in the view (its hand, the cards
    played face up in this hand, the doubles, the options), so it can sit at any seat of any
    match. ``rng`` only breaks ties, so a seeded match replays exactly.
    """

    def choose(self, view: protocols.PlayerView[agents.MoveT], rng: random.Random) -> agents.MoveT:
        """Return one of ``view.legal_moves``.

        It is typed as every agent is (:class:`cardgames.agents.Agent`), so that it sits in a
        lineup beside the generic agents; it plays Kalter Schlag views only.

        Args:
            view: The seat's view (``kalter_schlag.view(state, seat)``).
            rng: The generator that breaks ties between equally good moves.

        Raises:
            RulesError: If ``view`` is not a Kalter Schlag view or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        given = agents.turn_view(view, rng, View, "a kalter_schlag.View (from kalter_schlag.view)")
        # A Kalter Schlag view's moves are Kalter Schlag moves: MoveT is Move here.
        return cast("agents.MoveT", _choose(given, rng))


def _choose(view: View, rng: random.Random) -> Move:
    """Return the agent's move for a checked view with moves."""
    legal = view.legal_moves
    plays = [move.card.index for move in legal if type(move) is core_moves.Play]
    if not plays:  # the deal
        return legal[0]
    ranking = RANKINGS[view.rules.plain_rank_order]
    out = cards.mask_of(facts.unseen(view))
    if DOUBLE in legal and _safe(view, out, ranking):
        return DOUBLE
    costs = {card: _cost(view, card, out, ranking) for card in plays}
    least = min(costs.values())
    return core_moves.PLAYS[rng.choice([card for card in plays if costs[card] == least])]


def _safe(view: View, out: int, ranking: tricks.Ranking) -> bool:
    """Return whether the hand is safe enough to double: it holds few likely trick winners."""
    expected = sum(_ESCAPE ** _beaten_by(card.index, out, ranking) for card in view.hand)
    return expected <= _SAFE_HAND


def _cost(view: View, card: int, out: int, ranking: tricks.Ranking) -> float:
    """Return what playing ``card`` now is expected to cost (lower is better).

    That is the card points of the trick times the chance that the card wins it, less the danger
    the card would bring if kept, plus a fixed cost for any trick won unless winning one stops
    another seat's Durchmarsch.
    """
    trick = view.trick
    played = [] if trick is None else [each.index for each in trick.cards]
    led = ranking.suit_of[played[0] if played else card]
    power = ranking.power[led]
    best = max((power[each] for each in played), default=0)
    sweeping = _sweeper(view) not in {None, view.seat}  # take a trick: stop a Durchmarsch
    if power[card] <= best:  # it cannot win this trick: throw the most dangerous card
        return (_STOP if sweeping else 0) - _danger(card, out, ranking)
    after = PLAYERS - 1 - len(played)
    # Those after it who can follow and beat it may well do so; those who cannot follow
    # rather throw their dangerous cards than trump.
    over = _beaten_by(card, out, ranking) if ranking.suit_of[card] == led else 0
    chance = _ESCAPE**over if after else 1.0
    on_table = sum(scoring.POINTS[each] for each in played) + scoring.POINTS[card]
    taken = chance * (on_table + after * _TRICK_POINTS / 2)
    return taken - _danger(card, out, ranking) / 2 + (0 if sweeping else _STOP)


def _sweeper(view: View) -> int | None:
    """Return the seat that has taken every trick of the hand so far, from the fourth on."""
    done = view.tricks
    if len(done) < _SWEEP_WATCH or len(done) == TRICKS:
        return None
    first = done[0].winner
    return first if all(trick.winner == first for trick in done) else None
