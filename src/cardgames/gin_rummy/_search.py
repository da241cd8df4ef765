"""A Gin Rummy search agent: the rule agent's candidate moves, weighed over worlds read from a view.

:class:`SearchAgent` is perfect-information Monte Carlo with play-outs: at every draw and every
discard it draws worlds that fit what the other player's play has shown
(:mod:`cardgames.gin_rummy._reading`), plays each candidate move in each world and the hand on
to its end with both seats played by the rule agent (on bit sets,
:mod:`cardgames.gin_rummy._playouts`), and makes another move than the rule agent's only when
that move's mean result for the hand is clearly higher. It is the game's ``"pimc"`` agent in
:data:`cardgames.GAMES`.

Example:
    >>> import random
    >>> from cardgames import gin_rummy
    >>> state = gin_rummy.apply(gin_rummy.new_game(seed=5, first_dealer=0), gin_rummy.Deal())
    >>> agent = SearchAgent(worlds=4)
    >>> move = agent.choose(gin_rummy.view(state, 1), random.Random(0))
    >>> move in gin_rummy.legal_moves(state)
    True
"""

from __future__ import annotations

import random
import time
from typing import Final, cast

import attrs

from cardgames import _budgets, agents, cards, errors, protocols, validators
from cardgames.gin_rummy import _analysis as analysis
from cardgames.gin_rummy import _bots as bots
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy import _reading as reading
from cardgames.gin_rummy import _worlds as worlds
from cardgames.gin_rummy._moves import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, Move
from cardgames.gin_rummy._state import Phase, View

__all__ = ["SearchAgent"]

TURNS: Final = 2000
"""The search agent's budget per move unless told otherwise, in turns of play-outs."""

WORLDS: Final = 80
"""The most worlds per move the search agent plays out unless told otherwise."""

MOST_TURNS: Final = 10_000_000
"""The most turns of play-outs per move the agent takes."""

DISCARDS: Final = 4
"""How many of the rule agent's cheapest discards the agent weighs unless told otherwise."""

MOST_SECONDS: Final = _budgets.MOST_SECONDS
"""The longest time budget per move the agent takes, in seconds."""

MOST_WORLDS: Final = 100_000
"""The most worlds per move the agent takes."""

MOST_DISCARDS: Final = 11
"""Eleven cards held: no more discards than that."""


MARGIN: Final = 1.5
"""By how many standard errors another move must beat the rule agent's to be made instead."""

MOST_MARGIN: Final = 10.0
"""The largest margin the agent takes, in standard errors."""


def _check_margin(_agent: object, _attribute: object, value: object) -> None:
    """Refuse a margin that is not a number of standard errors from 0 to 10."""
    if type(value) not in {int, float} or not 0 <= cast("float", value) <= MOST_MARGIN:
        raise errors.RulesError(
            f"margin must be a number from 0 to {MOST_MARGIN:g}, not {errors.quote(value)}"
        )


@attrs.frozen
class SearchAgent:
    """Weighs the rule agent's candidate moves over worlds read from the view, within a budget.

    Its candidates are the rule agent's move (:class:`~cardgames.gin_rummy.RuleAgent`) and,
    where the seat may knock, the knock against drawing on (the rule agent's knock, and the
    discard it would make were it not to knock); with ``discards``, also that many of the
    rule agent's cheapest discards at every discard; with ``draws``, also the other draw (the
    upcard or the top of the pile taken or not). Gin and big gin are made at once; every other
    move (the deal, the draws it does not weigh, the lay-outs) is the rule agent's.

    Each candidate is played in the same worlds, the hand then played to its end by the rule
    agent at both seats with the same tie-breaking stream, and scored as the seat's points in
    the hand less the other's (the game's own scoring: bonuses, undercuts, Oklahoma's
    doubling). With ``read`` (the default) the worlds are drawn to fit what the other player's
    play has shown: a card he took from the pile melds with cards he holds, a card he passed
    or threw on the pile does not, he has kept the draws that lower his count, and he would
    have knocked if he could (each hand drawn again, a few times at most, until it fits);
    without it, uniformly among the deals the view allows (:func:`~cardgames.gin_rummy.worlds`),
    which give him a hand far worse than he holds. Another move replaces the rule agent's only when
    its mean gain over it, world by world, is more than ``margin`` standard errors of that gain:
    the play-outs are noisy, and the rule agent's move is the prior. Where fewer than two worlds
    could be played out within the budget, it makes the rule agent's move.

    It stops sampling when any budget is spent: ``turns`` turns of play-outs (each seat's draw
    and discard is a turn; a play-out from early in a hand plays a dozen, one near its end two
    or three; checked after each world), ``worlds`` worlds, or ``seconds`` of wall-clock time
    (checked before each play-out, which takes well under a millisecond, so a move overruns
    its budget by little more than that). With ``seconds=None`` a move depends only on the
    view and the ``rng`` it is given: a seeded match replays exactly, whatever the machine's
    load. Everything it uses is in the view, so it can sit at either seat of any match.

    The defaults are the registered ``"pimc"`` agent, measured on the Gin Rummy page against
    the rule agent: a budget of 2,000 turns and 80 worlds a move, which took well under 0.2 s
    of CPU a move on the machine that measured it.

    Attributes:
        seconds: The time budget per move, in seconds; None for none.
        worlds: The most worlds per move; None for no bound but the others.
        turns: The most turns of play-outs per move; None for no bound but the others.
        draws: Whether it weighs the draws (the upcard, the top of the pile) too.
        discards: How many of the rule agent's cheapest discards it weighs at every discard.
        margin: By how many standard errors another move must beat the rule agent's.
        read: Whether the worlds are read from the other player's play (else uniform).

    Raises:
        RulesError: If a budget is not a positive number (``seconds`` at most 60, ``worlds``
            at most 100,000, ``turns`` at most 10,000,000), all three are None, ``draws`` or
            ``read`` is not a bool, ``discards`` not a whole number from 0 to 11, or
            ``margin`` not a number from 0 to 10.

    Example:
        With a budget of worlds or turns, a seeded match replays exactly:

        >>> import cardgames
        >>> from cardgames import simulate
        >>> game = cardgames.GAMES["gin-rummy"]
        >>> lineup = [SearchAgent(turns=None, worlds=4), "rule"]
        >>> rules = game.rules_type(max_hands=1)
        >>> first = simulate.run(game, lineup, seed=3, matches=2, rules=rules)
        >>> first == simulate.run(game, lineup, seed=3, matches=2, rules=rules)
        True
    """

    seconds: float | None = attrs.field(default=None, validator=_budgets.seconds)
    worlds: int | None = attrs.field(
        default=WORLDS, validator=validators.optional_integer(minimum=1, maximum=MOST_WORLDS)
    )
    turns: int | None = attrs.field(
        default=TURNS, validator=validators.optional_integer(minimum=1, maximum=MOST_TURNS)
    )
    draws: bool = attrs.field(default=True, validator=validators.boolean())
    discards: int = attrs.field(
        default=DISCARDS, validator=validators.integer(minimum=0, maximum=MOST_DISCARDS)
    )
    margin: float = attrs.field(default=MARGIN, validator=_check_margin)
    read: bool = attrs.field(default=True, validator=validators.boolean())

    def __attrs_post_init__(self) -> None:
        """Refuse an agent without a budget: it would never stop sampling."""
        if self.turns is None:
            _budgets.check_budget(self.seconds, self.worlds, agent="search", what="worlds")

    @property
    def name(self) -> str:
        """The agent's name in a simulation's summary: ``"pimc"``."""
        return "pimc"

    def choose(self, view: protocols.PlayerView[agents.MoveT], rng: random.Random) -> agents.MoveT:
        """Return one of ``view.legal_moves``.

        Args:
            view: The seat's view (``gin_rummy.view(state, seat)``).
            rng: The stream the worlds, the play-outs and the rule agent's ties are drawn from.

        Raises:
            RulesError: If ``view`` is not a Gin Rummy view or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        start = time.perf_counter()
        given = agents.turn_view(view, rng, View, "a gin_rummy.View (from gin_rummy.view)")
        deadline = None if self.seconds is None else start + self.seconds
        # A Gin Rummy view's moves are Gin Rummy moves: MoveT is Move here.
        return cast("agents.MoveT", _choose(self, given, rng, deadline))


def candidates(view: View, rng: random.Random, agent: SearchAgent) -> tuple[Move, ...]:
    """Return the moves the search agent weighs at this view, the rule agent's own first."""
    legal = view.legal_moves
    phase = view.phase
    ruled = bots.choose(view, rng)
    if agent.draws and phase is Phase.OFFER:
        return (ruled, PASS if ruled == DRAW_PILE else DRAW_PILE)
    if agent.draws and phase is Phase.DRAW and DRAW_PILE in legal:
        return (ruled, DRAW_STOCK if ruled == DRAW_PILE else DRAW_PILE)
    if phase is not Phase.DISCARD or BIG_GIN in legal:
        return (ruled,)
    knock = analysis.rule_knock(view, rng)
    if knock is not None and not melds.deadwood_of(cards.mask_of(view.hand) ^ knock.card.mask):
        return (knock,)  # gin: it cannot be undercut
    found: list[Move] = [ruled]
    if knock is not None:
        found.extend((knock, analysis.rule_discard(view, rng)))
    if agent.discards:
        costs = bots.discard_costs(view, legal)
        found.extend(sorted(costs, key=costs.__getitem__)[: agent.discards])
    return tuple(dict.fromkeys(found))


def _choose(agent: SearchAgent, view: View, rng: random.Random, deadline: float | None) -> Move:
    """Return the search agent's move for a checked view with moves."""
    moves = candidates(view, rng, agent)
    if len(moves) == 1:
        return moves[0]
    source = reading.read_worlds(view, rng) if agent.read else worlds.worlds(view, rng)
    results = analysis.compare(
        source,
        view.seat,
        moves,
        rng,
        limit=agent.worlds,
        deadline=deadline,
        turns=agent.turns,
    )
    return moves[preferred(results, agent.margin)]


def preferred(results: tuple[tuple[int, ...], ...], margin: float) -> int:
    """Return the index of the move to make, given each move's results over the same worlds.

    The first move (the rule agent's) unless another's mean beats it by more than ``margin``
    standard errors of their paired difference; then the best of those that do.
    """
    ruled = results[0]
    if len(ruled) < analysis.LEAST_SAMPLES:
        return 0
    best, best_mean = 0, 0.0
    for index, column in enumerate(results[1:], start=1):
        gain = analysis.Estimate.of([mine - its for mine, its in zip(column, ruled, strict=True)])
        if gain.mean > margin * gain.error and gain.mean > best_mean:
            best, best_mean = index, gain.mean
    return best
