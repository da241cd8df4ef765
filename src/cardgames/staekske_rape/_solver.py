"""The double-dummy solver: what a Staekske Rape hand is worth with every hand open.

The declarer plays against the rest, so the value is the declarer's side against the
defenders: his game points for the hand under optimal play by both sides, as the score sheet
counts them (the contract made or failed, without the stock doubled, the melds and Stoek
declared). The search drives the engine's own ``legal_moves`` and ``apply``
(:mod:`cardgames._solving`), so every rule of the play holds: following and trumping with the
trump-jack exemption, Stoek announced before its king or queen, a concession.
"""

from __future__ import annotations

from cardgames import _solving, analysis, errors
from cardgames.staekske_rape import _engine as engine
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._moves import Move
from cardgames.staekske_rape._state import PHASE_PLAY, State

__all__ = ["solve"]


def _over(state: State) -> bool:
    """Return whether the hand is over (the next move is a deal, or the match is over)."""
    return state.hand_over or state.over


def solve(
    state: State, *, nodes: int | None = None, seconds: float | None = None
) -> analysis.Solution[Move]:
    """Solve a hand's play double dummy: the declarer's game points, and the moves keeping them.

    Args:
        state: A state in a hand's trick play (trumps named).
        nodes: The most positions the search may visit, or None for no bound.
        seconds: The most wall-clock seconds it may take, or None for no bound.

    Returns:
        The declarer's game points for the hand if both sides play their best with every card
        seen (the solution's ``seat`` is the declarer), and the moves of the seat to move that
        keep that value: the declarer's that keep it highest, a defender's that keep it lowest.

    Raises:
        RulesError: If ``state`` is not a Staekske Rape state, its hand is not in its play, or
            a budget is not a number above 0 or None.
        BudgetSpentError: If the budget ran out before the value was known.

    Example:
        >>> import random
        >>> from cardgames import staekske_rape
        >>> state, choose = staekske_rape.new_game(seed=5), random.Random(5)
        >>> while (
        ...     staekske_rape.view(state, 0).phase != staekske_rape.Phase.PLAY
        ...     or max(staekske_rape.view(state, 0).hand_sizes) > 2
        ... ):
        ...     state = staekske_rape.apply(state, choose.choice(staekske_rape.legal_moves(state)))
        >>> solution = staekske_rape.solve(state)
        >>> (
        ...     solution.seat == state.declarer,
        ...     set(solution.moves) <= set(staekske_rape.legal_moves(state)),
        ... )
        (True, True)
    """
    ABOUT.check_state(state)
    declarer = state.declarer
    if state.phase is not PHASE_PLAY or declarer is None or _over(state):
        raise errors.RulesError("solve needs a hand in its play: trumps named, tricks to play")
    return _solving.solve(
        engine,
        state,
        seat=declarer,
        maximisers=frozenset({declarer}),
        over=_over,
        value=lambda done: done.hand_scores[-1].result,
        nodes=nodes,
        seconds=seconds,
    )
