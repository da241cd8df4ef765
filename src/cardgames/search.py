"""Search agents: perfect-information Monte Carlo over the worlds a seat could be in.

:class:`PimcAgent` is the classic player of strong Skat programs. For the card it is to play it
draws worlds consistent with its seat's view (the game's ``worlds(view, rng)``), solves each one
double dummy (the game's ``solve(state)``, every hand open) and plays the card kept in the most
worlds; a tie goes to the rule agent's card if it is one of the tied, else to the one that
comes first in the game's order of legal moves. It is one
implementation for every trick game that has both functions, parameterised by the game's name:
the ``"pimc"`` agents of Kalter Schlag, Staekske Rape and Mariage in :data:`cardgames.GAMES`
are ``PimcAgent("kalter-schlag")``, ``PimcAgent("staekske-rape")`` and ``PimcAgent("mariage")``
with a budget of positions. (Gin Rummy, which has no tricks to solve, has a search agent of its
own: :class:`cardgames.gin_rummy.SearchAgent`.)

:class:`RolloutAgent` (``"rollout"`` in the same three games) searches with play-outs instead
of solves: every legal move, of any kind, is made in each sampled world and the hand played out
by the game's rule agent in every seat; the move with the best mean result for the seat is
played (:func:`estimate` gives what it found). It needs only ``worlds``, and is described in
its own section below.

What it does not search it leaves to the game's rule agent (``"rule"``): every move but a card
played to a trick (the deal, the auction, a double, a meld announced) is the rule agent's, and
so is the card when no world could be solved within the budget (early in a hand, when solving a
whole deal takes longer than the budget allows).

**The budget.** Each move spends at most ``nodes`` positions searched (over all its worlds) and
at most ``seconds`` of wall-clock time, whichever ends first. One world's solve may spend at most
a ``least_worlds``-th of it: a solve that runs out of its share is stopped at once (its world
gives no vote) and no new world is drawn, so that early in a hand, where no world can be solved
in the share, the agent plays the rule agent's card after a quarter of its budget. A budget of
positions is reproducible: the same view and the same generator give the same move on any
machine, however loaded. A budget of seconds is not (a busy machine solves fewer worlds), but it
keeps a time limit; the registered agents use positions, so that a seeded
:func:`cardgames.simulate.run` is a pure function of its arguments, as it promises. The agent
draws exactly one number from the generator it is given, whatever it does, so that a match's
other draws do not depend on how many worlds it solved.

Example:
    >>> import random
    >>> from cardgames import kalter_schlag, search
    >>> state = kalter_schlag.new_game(seed=4)
    >>> while len(kalter_schlag.view(state, 0).tricks) < 5:
    ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
    >>> seat = kalter_schlag.current_player(state)
    >>> agent = search.PimcAgent("kalter-schlag", seconds=None, nodes=20_000)
    >>> seen = kalter_schlag.view(state, seat)
    >>> move = agent.choose(seen, random.Random(1))
    >>> move in seen.legal_moves, move == agent.choose(seen, random.Random(1))
    (True, True)
"""

from __future__ import annotations

import functools
import importlib
import itertools
import random
import time
from collections.abc import Callable
from typing import Any, Final

import attrs

from cardgames import _budgets, _solving, agents, analysis, errors, game, protocols
from cardgames import moves as core_moves
from cardgames._rollout import (
    AIMS,
    MISS,
    POSITIONS,
    WORLDS,
    Estimate,
    RolloutAgent,
    Worlds,
    estimate,
)

__all__ = [
    "AIMS",
    "LEAST_WORLDS",
    "MISS",
    "NODES",
    "POSITIONS",
    "SAMPLES",
    "WORLDS",
    "Estimate",
    "PimcAgent",
    "RolloutAgent",
    "Tally",
    "estimate",
    "tally",
]

NODES: Final = 40_000
"""The positions a move of Kalter Schlag's registered ``"pimc"`` agent may search: at most
132 ms of CPU a move over 1,000 one-hand matches on the machine the docs were measured on (the
game's page); a game whose solver is slower a position registers fewer (Staekske Rape's
6,000)."""

SAMPLES: Final = 24
"""The most worlds a :class:`PimcAgent` solves for one move unless told."""

LEAST_WORLDS: Final = 4
"""The fewest worlds a :class:`PimcAgent`'s budget must be able to solve unless told."""

Solve = Callable[..., analysis.Solution[Any]]
"""A game's ``solve``: a state, and for some games a ``measure``."""


def _measures(entry: game.AnyGame) -> tuple[str, ...]:
    """Return the measures a game's ``solve`` offers (none, for a solve without a choice)."""
    return tuple(getattr(importlib.import_module(entry.module), "MEASURES", ()))


def _parts(name: object) -> tuple[game.AnyGame, Worlds, Solve]:
    """Return a game's registry entry, ``worlds`` and ``solve``, refusing a game without them."""
    entry, package = _budgets.game_with(name, "worlds", "solve", agent="pimc")
    worlds: Worlds = package.worlds
    solve: Solve = package.solve
    return entry, worlds, solve


@attrs.frozen
class Tally:
    """What one move's search found: the votes of the worlds solved for each card.

    Attributes:
        votes: For each card the seat may play (in the game's order), the number of solved
            worlds in which it keeps the value.
        solved: The worlds solved in full.
        spent: The positions searched, the unfinished solve's included.
        seconds: The wall-clock time the search took.
    """

    votes: tuple[tuple[Any, int], ...]
    solved: int
    spent: int
    seconds: float

    @property
    def top(self) -> tuple[Any, ...]:
        """The cards kept in the most worlds, in the game's order; empty when none was solved."""
        if not self.solved:
            return ()
        most = max(count for _, count in self.votes)
        return tuple(move for move, count in self.votes if count == most)

    @property
    def best(self) -> Any | None:  # noqa: ANN401  # any game's move
        """The card kept in the most worlds, the first in the game's order on a tie.

        None when no world was solved.
        """
        top = self.top
        return top[0] if top else None


def _check_agent(agent: PimcAgent) -> None:
    """Refuse a :class:`PimcAgent` whose fields are not what they must be."""
    entry = _parts(agent.game)[0]
    _budgets.check_seconds(agent.seconds)
    _budgets.check_count(agent.nodes, "nodes", optional=True)
    _budgets.check_count(agent.samples, "samples", optional=False)
    _budgets.check_count(agent.least_worlds, "least_worlds", optional=False)
    _budgets.check_budget(agent.seconds, agent.nodes, agent="pimc", what="nodes")
    if not isinstance(agent.name, str):
        raise errors.RulesError(f"name must be text, not {errors.quote(agent.name)}")
    if agent.measure is not None:
        known = _measures(entry)
        if agent.measure not in known:
            offered = ", ".join(map(repr, known)) or "none"
            raise errors.RulesError(
                f"measure must be one of the game's solve measures ({offered}) or None, "
                f"not {errors.quote(agent.measure)}"
            )


@attrs.frozen
class PimcAgent:
    """Plays the card kept in the most sampled worlds, each solved double dummy.

    Attributes:
        game: The game's name in :data:`cardgames.GAMES`; the game's package must have
            ``worlds`` and ``solve``.
        seconds: The most wall-clock time one move may take, or None for no time limit.
        nodes: The most positions one move's solves may search in all, or None for no bound;
            with ``seconds=None`` the agent is reproducible on any machine.
        samples: The most worlds solved for one move.
        least_worlds: The fewest worlds the budget must be able to solve: one solve may spend
            at most this fraction of it (a quarter, by default), and a world that cannot be
            solved in it ends the search (so early in a hand the rule agent's card is played
            after a fraction of the budget, not the whole).
        measure: What the game's ``solve`` counts, for a game whose solve offers a choice (one
            of the package's ``MEASURES``: Kalter Schlag's ``"card points"`` or ``"penalty"``);
            None for the solve's default.
        name: The name its results go under in :func:`cardgames.simulate.run`.

    Raises:
        RulesError: If the game has no ``worlds`` and ``solve``, a budget is not a number above
            0 (``nodes`` and ``samples`` whole), both budgets are None, ``measure`` is not one
            of the game's, or ``name`` is not text.
    """

    game: str
    seconds: float | None = 0.2
    nodes: int | None = None
    samples: int = SAMPLES
    least_worlds: int = LEAST_WORLDS
    measure: str | None = None
    name: str = "pimc"

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        _check_agent(self)

    def choose(self, view: protocols.PlayerView[Any], rng: random.Random) -> Any:  # noqa: ANN401
        """Return the seat's move: the rule agent's, or the card most worlds keep.

        Args:
            view: The view of the seat to move, of the agent's game.
            rng: The generator: one number is drawn from it, which seeds the worlds.

        Raises:
            RulesError: If ``view`` is not a view of the agent's game or ``rng`` not a
                ``random.Random``.
            IllegalMoveError: If the view has no legal moves (it is not this seat's turn).
        """
        entry = _parts(self.game)[0]
        kind = entry.view_type
        assert kind is not None  # a game with worlds has a View  # noqa: S101
        view = agents.turn_view(view, rng, kind, f"a view of {entry.title}")
        own = random.Random(rng.getrandbits(64))
        legal = view.legal_moves
        plays = [move for move in legal if type(move) is core_moves.Play]
        if len(legal) == 1:
            return legal[0]
        rule = entry.bots["rule"]()
        ruled = None
        if len(plays) < len(legal):
            ruled = rule.choose(view, random.Random(own.getrandbits(64)))
            if type(ruled) is not core_moves.Play or len(plays) == 1:
                return ruled
        found = tally(self, view, random.Random(own.getrandbits(64)))
        top = found.top
        if len(top) == 1:
            return top[0]
        if ruled is None:
            ruled = rule.choose(view, random.Random(own.getrandbits(64)))
        return ruled if ruled in top or not top else top[0]


def tally(agent: PimcAgent, view: protocols.PlayerView[Any], rng: random.Random) -> Tally:
    """Search one move as ``agent`` does: draw worlds of ``view`` and solve them in its budget.

    Args:
        agent: The agent whose game and budget to search with.
        view: The view of the seat to move.
        rng: The generator the worlds are drawn from.

    Raises:
        RulesError: If ``agent`` is not a :class:`PimcAgent`, ``view`` not a view of its game
            whose seat is to move with a card to play, or ``rng`` not a ``random.Random``.

    Example:
        >>> import random
        >>> from cardgames import kalter_schlag, search
        >>> state = kalter_schlag.new_game(seed=4)
        >>> while len(kalter_schlag.view(state, 0).tricks) < 6:
        ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
        >>> agent = search.PimcAgent("kalter-schlag", seconds=None, nodes=50_000, samples=8)
        >>> seat = kalter_schlag.current_player(state)
        >>> found = search.tally(agent, kalter_schlag.view(state, seat), random.Random(2))
        >>> found.solved, sum(count for _, count in found.votes) >= found.solved
        (8, True)
    """
    if type(agent) is not PimcAgent:
        raise errors.RulesError(f"agent must be a PimcAgent, not {errors.quote(agent)}")
    entry, worlds, solve = _parts(agent.game)
    if agent.measure is not None:
        solve = functools.partial(solve, measure=agent.measure)
    kind = entry.view_type
    assert kind is not None  # a game with worlds has a View  # noqa: S101
    view = agents.turn_view(view, rng, kind, f"a view of {entry.title}")
    plays = [move for move in view.legal_moves if type(move) is core_moves.Play]
    if not plays:
        raise errors.RulesError(f"seat {view.seat} has no card to play: nothing to search")
    start = time.perf_counter()
    deadline = None if agent.seconds is None else start + agent.seconds
    votes = dict.fromkeys(plays, 0)
    solved = spent = 0
    for world in itertools.islice(worlds(view, rng), agent.samples):
        budget = _share(agent, spent, deadline)
        if budget is None:
            break
        try:
            with _solving.metered(budget):
                solution = solve(world)
        except _solving.Exhausted:
            spent += budget.spent
            break
        spent += budget.spent
        solved += 1
        for move in solution.moves:
            if move in votes:
                votes[move] += 1
    return Tally(
        votes=tuple(votes.items()),
        solved=solved,
        spent=spent,
        seconds=time.perf_counter() - start,
    )


def _share(agent: PimcAgent, spent: int, deadline: float | None) -> _solving.Meter | None:
    """Return the budget of the next world's solve, or None when the move's budget is spent.

    A solve may spend what is left of the move's budget, but at most a ``least_worlds``-th of
    the whole: a world that cannot be solved in that share leaves no time for enough others.
    """
    nodes = None
    if agent.nodes is not None:
        left = agent.nodes - spent
        if left <= 0:
            return None
        nodes = min(left, max(1, agent.nodes // agent.least_worlds))
    until = None
    if deadline is not None and agent.seconds is not None:
        now = time.perf_counter()
        if now >= deadline:
            return None
        until = min(deadline, now + agent.seconds / agent.least_worlds)
    return _solving.Meter(nodes=nodes, deadline=until)
