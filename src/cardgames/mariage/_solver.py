"""The double-dummy solver: what a Mariage deal is worth with every hand open.

Every player is alone, so the value is the *paranoid* one: what the seat to move can guarantee
if all the others play as one side against him, each seeing every card. The measure is his
chips: his change in chips over the deal, which the tricks (the dealer's payment per trick and
the tricks pool) and the payments in play (a marriage on the table, the jester) make up beside
the ante and the pools. The search drives the engine's own ``legal_moves`` and ``apply``
(:mod:`cardgames._solving`), so every rule holds as the engine plays it: the forced queen
(whose holder is the seat to move out of turn), the freeze of a marriage on the table, and the
announced melds.
"""

from __future__ import annotations

from cardgames import _solving, analysis, errors
from cardgames.mariage import _engine as engine
from cardgames.mariage._about import ABOUT
from cardgames.mariage._moves import Move
from cardgames.mariage._state import Phase, State

__all__ = ["solve"]


def _over(state: State) -> bool:
    """Return whether the deal is over (the next move is a deal, or the session is over)."""
    return state.hand_over or state.over


def solve(
    state: State, *, nodes: int | None = None, seconds: float | None = None
) -> analysis.Solution[Move]:
    """Solve a deal in its trick play double dummy: the paranoid chips of the seat to move.

    Args:
        state: A state in a deal's trick play.
        nodes: The most positions the search may visit, or None for no bound.
        seconds: The most wall-clock seconds it may take, or None for no bound.

    Returns:
        The seat to move's change in chips over the deal if every other seat plays against him
        with every card seen, and the legal moves that keep it.

    Raises:
        RulesError: If ``state`` is not a Mariage state, its deal is not in its trick play, or a
            budget is not a number above 0 or None.
        BudgetSpentError: If the budget ran out before the value was known.

    Example:
        >>> import random
        >>> from cardgames import mariage
        >>> state, choose = mariage.new_game(seed=2), random.Random(2)
        >>> while (
        ...     mariage.view(state, 0).phase != mariage.Phase.PLAY
        ...     or max(mariage.view(state, 0).hand_sizes) > 1
        ... ):
        ...     state = mariage.apply(state, choose.choice(mariage.legal_moves(state)))
        >>> solution = mariage.solve(state)
        >>> solution.seat == mariage.current_player(state), len(solution.moves) >= 1
        (True, True)
    """
    ABOUT.check_state(state)
    root = engine.current_player(state)
    if state.phase is not Phase.PLAY or root is None or _over(state):
        raise errors.RulesError("solve needs a deal in its trick play: tricks to play")
    return _solving.solve(
        engine,
        state,
        seat=root,
        maximisers=frozenset({root}),
        over=_over,
        value=lambda done: done.hand_scores[-1].points[root],
        nodes=nodes,
        seconds=seconds,
    )
