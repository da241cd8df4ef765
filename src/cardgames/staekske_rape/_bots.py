"""Staekske Rape's own agents: :class:`RuleAgent`, :class:`SearchAgent`, and :class:`PassAgent`.

An agent is given its seat's :class:`~cardgames.staekske_rape.View` and a random generator and
returns one of the view's legal moves (see :mod:`cardgames.agents`). The game's entry lists them
as ``"rule"``, ``"search"`` and ``"pass"`` (:class:`PassAgent` is the true do-nothing), so
``cardgames.agents.by_name(GAME, "rule")`` makes one and ``cardgames.simulate.run`` seats them by
name.

Example:
    >>> import random
    >>> from cardgames import staekske_rape
    >>> state = staekske_rape.apply(
    ...     staekske_rape.new_game(seed=3, first_dealer=0), staekske_rape.Deal()
    ... )
    >>> RuleAgent().choose(staekske_rape.view(state, 1), random.Random(0))
    Look()
"""  # the doctest line is one expression

from __future__ import annotations

import functools
import random
import time
import typing
from typing import Final

import attrs

from cardgames import _budgets, agents, cards, protocols, validators
from cardgames import moves as core_moves
from cardgames import search as core_search
from cardgames.staekske_rape import _auction as auction
from cardgames.staekske_rape import _melds as melds
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _playouts as playouts
from cardgames.staekske_rape import _scoring as scoring
from cardgames.staekske_rape import _search as search
from cardgames.staekske_rape import _tactics as tactics
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import (
    CONCEDE,
    LOOK,
    NO_STOCK,
    PASS,
    STOEK,
    TAKE_STOCK,
    Bid,
    Discard,
    Meld,
    Move,
    NameTrump,
    Play,
)
from cardgames.staekske_rape._state import Phase, View

__all__ = [
    "PIMC",
    "PIMC_NODES",
    "PLAYOUT_ALLOWANCE",
    "ROLLOUT",
    "ROLLOUT_POSITIONS",
    "SEARCH_ALLOWANCE",
    "PassAgent",
    "RuleAgent",
    "SearchAgent",
]

PIMC_NODES: Final = 6_000
"""The positions a move of the ``"pimc"`` agent may search: the engine's solver searches about
37,000 a second on one core of the machine the docs were measured on, so about 160 ms."""

PIMC: Final = functools.partial(core_search.PimcAgent, ABOUT.name, seconds=None, nodes=PIMC_NODES)
"""The ``"pimc"`` agent: :class:`cardgames.search.PimcAgent` with a budget of positions, so
that a seeded simulation replays exactly (:data:`cardgames.search.NODES` a move)."""

ROLLOUT_POSITIONS: Final = 80
"""The moves the play-outs of one move of the ``"rollout"`` agent may make in all: the rule agent
plays out hands itself to judge a bid, a discard or a declarer's card, so a move of it costs
milliseconds; over the 1,000 one-hand matches on the game's page the agent's moves took at most
191 ms of CPU, the median 20 ms."""

ROLLOUT: Final = functools.partial(
    core_search.RolloutAgent, ABOUT.name, positions=ROLLOUT_POSITIONS, seconds=None
)
"""The ``"rollout"`` agent: :class:`cardgames.search.RolloutAgent` with a budget of positions,
so that a seeded simulation replays exactly."""


def _checked(view: object, rng: object) -> View:
    """Return ``view`` checked to be a Staekske Rape view with moves, and ``rng`` a generator."""
    return agents.turn_view(view, rng, View, "a staekske_rape.View (from staekske_rape.view)")


@attrs.frozen
class PassAgent:
    """Passes whenever it may, concedes as the nanny, and otherwise makes the first legal move.

    The do-nothing baseline of this game. :class:`~cardgames.agents.FirstAgent` is not: the
    auction lists the bids before ``pass``, so it looks and then outbids everybody, up to the
    highest bid. A player who never bids never loses a point, and random players lose many, so
    this agent beats them almost every time: a bot worth having must beat it too.
    """

    def choose(self, view: protocols.PlayerView[agents.MoveT], rng: random.Random) -> agents.MoveT:
        """Return ``pass`` or ``concede`` if legal, else the first legal move (``rng`` unused).

        Args:
            view: The seat's :class:`~cardgames.staekske_rape.View`.
            rng: A generator (not drawn from).

        Raises:
            RulesError: If ``view`` is not a Staekske Rape view or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        legal = _checked(view, rng).legal_moves
        quiet = [move for move in (PASS, CONCEDE) if move in legal]
        return typing.cast("agents.MoveT", (*quiet, *legal)[0])


def _mask(hand: tuple[cards.Card, ...] | None) -> int:
    """Return the bit set of a hand (0 for a hand not yet looked at)."""
    return cards.mask_of(hand or ())


_CHOICES: Final = 3
"""How many of the best choices of cards to keep (by their worth) the declarer plays out."""

_TRUMPS: Final = 2
"""How many trump suits (the ones its cards are worth most in) the declarer plays out."""

SEARCH_ALLOWANCE: Final = 3
"""Game points by which the agent's own play of a hand beats its playouts' estimate of it.

The playouts that judge a hand in the auction play every seat by the plain rules of
:func:`~cardgames.staekske_rape._tactics.choose_card`, with a quick choice of the cards to keep
and of trumps. As declarer the agent does better: it weighs its discard and its trumps by
playouts, and searches each card (:mod:`~cardgames.staekske_rape._search`). Measured over 600
seeded deals, each hand of the seat after the nanny played by four rule agents at bid 3, the
result came out 3.0 game points above the estimate on average (−7.4 against −10.4); so the
agent adds 3 to every estimate before it compares it with ``margin`` or with conceding."""


@attrs.frozen
class RuleAgent:
    """A rule-based Staekske Rape player that sees only its own view.

    In the auction it looks at its cards and judges them as declarer: it plays the hand out
    against 24 random deals of the cards it cannot see, without the stock (trumps named for its
    hand) and with it (keeping the best seven of eleven, trumps named for them). Those playouts
    play every seat by the plain rules below, and the agent plays its own hands better (see
    ``SEARCH_ALLOWANCE``), so it adds 3 game points to their mean; it bids the lowest bid the
    auction allows while that stays at ``margin`` game points or more, else it passes. As the
    nanny left alone it plays bid 1 when that is expected to cost less than conceding's 10.

    As declarer it takes the stock or plays without it, discards and names trumps by the same
    playouts, and declares every meld and Stoek. It chooses each card it plays by trying every
    card it may play over 16 random deals of the cards it cannot see (keeping to the voids the
    defenders have shown), each played out by the plain rules, and playing the card whose mean
    result for the hand, in game points, is best.

    As a defender it follows a few plain rules (cash masters, win cheaply when nobody after can
    take the trick back, give points to a trick a fellow defender wins, duck a trick it cannot
    win); the playouts' declarer also draws trumps with the master trump.

    Its choices are a pure function of the view: it draws nothing from ``rng``, and seeds its
    playouts with the cards it sees.

    Attributes:
        margin: How many game points above zero the expected result of a bid must be before
            the agent bids (0 or more): higher is more cautious.
    """

    margin: int = attrs.field(default=1, validator=validators.integer(minimum=0))

    def choose(self, view: protocols.PlayerView[agents.MoveT], rng: random.Random) -> agents.MoveT:
        """Return the agent's move for the seat whose view this is.

        Args:
            view: The seat's :class:`~cardgames.staekske_rape.View`.
            rng: A generator (not drawn from: the choice is a function of the view).

        Raises:
            RulesError: If ``view`` is not a Staekske Rape view or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        return typing.cast("agents.MoveT", self._choose(_checked(view, rng)))

    def _choose(self, view: View) -> Move:
        """Return the agent's move, from a view checked to have legal moves."""
        legal = view.legal_moves
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.AUCTION:
            return self._call(view, legal)
        if phase is Phase.NANNY:
            value, _ = tactics.outlook(_mask(view.hand), view.rules).value(auction.NANNY_BID)
            return legal[0] if value + SEARCH_ALLOWANCE > scoring.CONCESSION else CONCEDE
        if phase is Phase.STOCK:
            _, without = tactics.outlook(_mask(view.hand), view.rules).value(view.bid)
            return NO_STOCK if without else TAKE_STOCK
        if phase is Phase.DISCARD:
            return _discard(view)
        if phase is Phase.TRUMP:
            return NameTrump(_best_trump(view, _mask(view.hand), _mask(view.discards)))
        return _play(view, legal)

    def _call(self, view: View, legal: tuple[Move, ...]) -> Move:
        """Return the agent's call in the auction: look, bid the lowest bid worth it, or pass."""
        if LOOK in legal:
            return LOOK
        bids = [move for move in legal if isinstance(move, Bid) and move.amount > 2]
        if not bids:
            return legal[-1]
        value, _ = tactics.outlook(_mask(view.hand), view.rules).value(bids[0].amount)
        if value + SEARCH_ALLOWANCE >= self.margin or PASS not in legal:
            return bids[0]
        return PASS


def _expected(hand: int, aside: int, trump: cards.Suit, view: View) -> float:
    """Return the declarer's mean result holding ``hand`` with a trump suit, at the contract."""
    outcomes = tactics.playouts(hand, aside, trump, view.rules)
    return tactics.mean_result(outcomes, view.bid, view.rules, without_stock=view.without_stock)


def _best_trump(view: View, hand: int, aside: int) -> cards.Suit:
    """Return the trump suit the declarer's hand is expected to do best in.

    The playouts weigh the ``_TRUMPS`` suits the cards are worth most in (:func:`tactics.worth`).
    """
    rules = view.rules
    likely = sorted(cards.Suit, key=lambda trump: -tactics.worth(hand, trump, rules))
    return max(likely[:_TRUMPS], key=lambda trump: _expected(hand, aside, trump, view))


def _discard(view: View) -> Discard:
    """Return the four cards to lay aside: the best seven kept, by playouts of the likeliest.

    The ``_CHOICES`` best choices of seven for each trump suit are ranked by their worth in
    points expected and melds, and the best ``_CHOICES`` of them all are played out.
    """
    hand = _mask(view.hand)
    rules = view.rules
    weighed = sorted(
        (
            (tactics.worth(kept, trump, rules), trump, kept)
            for trump in cards.Suit
            for kept in tactics.keeps(hand, trump, rules, _CHOICES)
        ),
        reverse=True,
    )
    _, _, chosen = max(
        weighed[:_CHOICES], key=lambda item: _expected(item[2], hand & ~item[2], item[1], view)
    )
    return Discard(cards.cards_in(hand & ~chosen))


def _declaration(view: View, legal: tuple[Move, ...]) -> Move | None:
    """Return the meld or Stoek to declare now (the most points first), or None if none is."""
    rules = view.rules
    declared = [move for move in legal if isinstance(move, Meld) or move == STOEK]
    if not declared:
        return None
    return max(
        declared,
        key=lambda move: (
            melds.meld_points(move, rules) if isinstance(move, Meld) else melds.STOEK_POINTS
        ),
    )


def _play(view: View, legal: tuple[Move, ...]) -> Move:
    """Return a meld or Stoek to declare (the most points first), else the card to play."""
    declared = _declaration(view, legal)
    if declared is not None:
        return declared
    trump, declarer = view.trump, view.declarer
    if trump is None or declarer is None:  # pragma: no cover  # the play has both
        return legal[0]
    can = sum(move.card.mask for move in legal if isinstance(move, Play))
    if view.seat == declarer:
        return core_moves.PLAYS[search.best_card(can, _seen(view, trump), _stakes(view, trump))]
    played = view.trick.cards if view.trick is not None else ()
    leader = view.trick.leader if view.trick is not None else view.seat
    gone = cards.mask_of(card for trick in view.tricks for card in trick.cards)
    gone |= cards.mask_of(played) | _mask(view.discards)
    index = tactics.choose_card(
        can,
        _mask(view.hand),
        tuple(card.index for card in played),
        declarer_at=play.trick_order(leader, view.dealer, view.players).index(declarer),
        trump=trump,
        gone=gone,
    )
    return core_moves.PLAYS[index]


def _seen(view: View, trump: cards.Suit) -> search.Seen:
    """Return what the declarer whose view this is knows of the play, from his place 0."""
    order = play.trick_order(view.seat, view.dealer, view.players)
    places = {seat: place for place, seat in enumerate(order)}
    current = () if view.trick is None else (view.trick,)
    played = [
        (places[trick.leader], tuple(card.index for card in trick.cards))
        for trick in (*view.tricks, *current)
    ]
    out = search.ruled_out(played, trump, view.rules)
    leader, trick = played[-1] if current else (0, ())
    first, second, third = (view.hand_sizes[seat] for seat in order[1:])
    return search.Seen(
        hand=_mask(view.hand),
        sizes=(first, second, third),
        out=(out[1], out[2], out[3]),
        trick=trick,
        leader=leader,
        gone=cards.mask_of(card for done in view.tricks for card in done.cards),
        taken=view.points_taken[view.seat],
        won=view.tricks_taken[view.seat],
        done=len(view.tricks),
    )


def _stakes(view: View, trump: cards.Suit) -> search.Stakes:
    """Return what the result of the declarer whose view this is depends on."""
    rules = view.rules
    declared = sum(melds.meld_points(meld, rules) for meld in view.melds)
    return search.Stakes(
        bid=view.bid,
        trump=trump,
        meld_points=declared + melds.STOEK_POINTS * view.stoek,
        without_stock=view.without_stock,
        aside=_mask(view.discards),
        rules=rules,
    )


PLAYOUT_ALLOWANCE: Final = 5
"""Game points by which the search agent's own play of a hand beats the estimate of its
judgement (:func:`~cardgames.staekske_rape._playouts.judge`), whose play-outs play every place
by the plain rules: it weighs its discard, its trumps and every card it plays by play-outs of
its own. Measured over the 157 hands it declared in 600 seeded one-hand matches (seed 11, one
search seat against three rule agents): the result came out 4.5 ± 0.8 game points above the
estimate at the contract. It is added to every estimate before it is compared with the rule
agent's ``margin`` of 1 or with conceding, as :data:`SEARCH_ALLOWANCE` is for the rule agent."""

_MARGIN: Final = 1
"""How many game points above zero the expected result of a bid must be (the rule agent's)."""

_MOST: Final = 1_000_000
"""The largest budget a search agent takes (of deals, positions or worlds)."""


@attrs.frozen
class SearchAgent:
    """Decides what the rule agent decides, each choice played out over many more deals.

    It makes the rule agent's kinds of judgement, each from far more evidence: its play-outs
    play a hand to its end with the rule agent's plain card play at all four places, about
    60 µs a hand, where a move of the rule agent, which plays out hands itself, costs
    milliseconds. The choices compared are played out in the same deals, so that their
    difference is far less noisy than either mean, and each is scored in the declarer's game
    points for the hand at the contract (the game's own scoring).

    - **Auction, nanny, stock.** It looks, and judges its hand as declarer over ``deals``
      deals of the cards it cannot see: without the stock, trumps its best suit, and taking it,
      the stock seen. It adds 5 game points to the mean for its own better play (measured: its
      hands came out 4.5 game points above the estimate), and bids the lowest bid while that
      reaches 1 game point, as the rule agent does with its 3; left alone as the nanny it plays
      bid 1 unless that is expected to cost more than conceding's 10; it plays without the
      stock when that is expected to do better than taking it.
    - **Discard.** It shortlists 20 ways to keep seven cards of its eleven (eight for each of
      the two suits they are worth most in, as trumps, two for the others) and plays them out
      in three rounds, of ``deals × 3/20``, ``deals × 2/5`` and ``deals`` deals; only the best
      six, then two, go on to the next (successive halving).
    - **Trumps.** It plays out every suit over ``deals`` deals.
    - **Cards,** declarer or defender. It tries each card it may play in worlds drawn
      uniformly among the deals its view allows (the voids shown, the melds shown), as many as
      ``positions`` cards played in the play-outs pay for, at most ``worlds``. The declarer
      plays the card with the best mean result of the hand, a defender the one with the worst
      for the declarer: only the declarer scores, and what he gains is a rival's gain. A tie
      goes to the rule agent's card.
    - It declares every meld and Stoek before it leads, as the rule agent does.

    Its budgets are counts, so a seeded match replays exactly; at the registered ones (160
    deals, 15,000 positions, 200 worlds) its moves took a median of 15 ms of CPU on the machine
    the docs were measured on, the 99th percentile 89 ms and the slowest 168 ms, over 1,000
    matches of 20 hands (the game's page gives the runs). It draws exactly one number from
    the generator it is given, which seeds its deals.

    ``seconds`` adds a time budget per move, of wall-clock time: each judgement stops drawing
    deals or worlds once it is spent (having played out at least one) and judges by those
    played, the discard's choices still in over the deals they all played. A move then runs
    past its budget by one deal or world at most (and the rule agent's card, on a tie), but a
    seeded match no longer replays exactly: a loaded machine plays out fewer deals.

    Attributes:
        deals: The deals a judgement of the auction, the stock or the trumps plays out (the
            discard's last round too; its earlier rounds play fewer).
        positions: The most cards the play-outs of one card may play, over every card tried.
        worlds: The most worlds a card is tried in.
        seconds: The most wall-clock time a move may take, or None (the default) for no time
            limit but the counts.

    Raises:
        RulesError: If a budget is not a whole number from 1 to 1,000,000, or ``seconds`` is
            not None or a number of seconds above 0 and at most 60.

    Example:
        A seeded match replays exactly:

        >>> import cardgames
        >>> from cardgames import simulate
        >>> game = cardgames.GAMES["staekske-rape"]
        >>> lineup = [SearchAgent(deals=8, positions=400), "rule", "rule", "rule"]
        >>> rules = game.rules_type(max_hands=1)
        >>> first = simulate.run(game, lineup, seed=3, matches=1, rules=rules)
        >>> first == simulate.run(game, lineup, seed=3, matches=1, rules=rules)
        True
    """

    deals: int = attrs.field(
        default=playouts.DEALS, validator=validators.integer(minimum=1, maximum=_MOST)
    )
    positions: int = attrs.field(
        default=playouts.POSITIONS, validator=validators.integer(minimum=1, maximum=_MOST)
    )
    worlds: int = attrs.field(
        default=playouts.WORLDS, validator=validators.integer(minimum=1, maximum=_MOST)
    )
    seconds: float | None = attrs.field(default=None, validator=_budgets.seconds)

    @property
    def name(self) -> str:
        """The agent's name in a simulation's summary: ``"search"``."""
        return "search"

    def choose(self, view: protocols.PlayerView[agents.MoveT], rng: random.Random) -> agents.MoveT:
        """Return the agent's move for the seat whose view this is.

        Args:
            view: The seat's :class:`~cardgames.staekske_rape.View`.
            rng: A generator: one number is drawn from it, which seeds the agent's deals.

        Raises:
            RulesError: If ``view`` is not a Staekske Rape view or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        start = time.perf_counter()
        seen = _checked(view, rng)
        own = random.Random(rng.getrandbits(64))
        deadline = None if self.seconds is None else start + self.seconds
        return typing.cast("agents.MoveT", self._choose(seen, own, deadline))

    def _choose(self, view: View, rng: random.Random, deadline: float | None) -> Move:
        """Return the agent's move, from a view checked to have legal moves, by ``deadline``."""
        legal = view.legal_moves
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.AUCTION:
            return self._call(view, legal, rng, deadline)
        hand = _mask(view.hand)
        if phase is Phase.NANNY:
            value, _ = self._judge(view, rng, deadline).value(auction.NANNY_BID)
            return legal[0] if value + PLAYOUT_ALLOWANCE > scoring.CONCESSION else CONCEDE
        if phase is Phase.STOCK:
            _, without = self._judge(view, rng, deadline).value(view.bid)
            return NO_STOCK if without else TAKE_STOCK
        if phase is Phase.DISCARD:
            kept = playouts.best_discard(
                hand, view.bid, view.rules, self.deals, rng, deadline=deadline
            )
            return Discard(cards.cards_in(hand & ~kept))
        if phase is Phase.TRUMP:
            suit = playouts.best_trump(
                hand,
                _mask(view.discards),
                view.bid,
                view.rules,
                without_stock=view.without_stock,
                count=self.deals,
                rng=rng,
                deadline=deadline,
            )
            return NameTrump(suit)
        declared = _declaration(view, legal)
        if declared is not None:
            return declared
        index = playouts.best_card(
            view,
            rng,
            positions=self.positions,
            worlds=self.worlds,
            tie=lambda: typing.cast("Play", _play(view, legal)).card.index,
            deadline=deadline,
        )
        return core_moves.PLAYS[index]

    def _judge(self, view: View, rng: random.Random, deadline: float | None) -> playouts.Judgement:
        """Return the judgement of the seat's hand as declarer."""
        return playouts.judge(_mask(view.hand), view.rules, self.deals, rng, deadline=deadline)

    def _call(
        self, view: View, legal: tuple[Move, ...], rng: random.Random, deadline: float | None
    ) -> Move:
        """Return the agent's call in the auction: look, bid the lowest bid worth it, or pass."""
        if LOOK in legal:
            return LOOK
        bids = [move for move in legal if isinstance(move, Bid) and move.amount > auction.BLIND_BID]
        if not bids:
            return legal[-1]
        value, _ = self._judge(view, rng, deadline).value(bids[0].amount)
        if value + PLAYOUT_ALLOWANCE >= _MARGIN or PASS not in legal:
            return bids[0]
        return PASS
