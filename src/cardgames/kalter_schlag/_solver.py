"""The double-dummy solver: what a Kalter Schlag position is worth with every hand open.

Every player is alone, so the value is the *paranoid* one: what the seat to move can guarantee
if the other three play as one side against him, each seeing every card. The measure is the
seat's result for the hand, the higher the better: his card points taken, negated, or his
penalty, negated (his card points when he has the most, multiplied as
:func:`~cardgames.kalter_schlag.penalty` says for the doubles and the Jungfrauen, and a
Durchmarsch's flat charge). This module checks what a caller gives; the search is
:mod:`~cardgames.kalter_schlag._double_dummy`, which the platform wheels compile.
"""

from __future__ import annotations

from typing import Final, Literal

from cardgames import _solving, analysis, errors
from cardgames.kalter_schlag import _double_dummy as double_dummy
from cardgames.kalter_schlag import _engine as engine
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._moves import Move
from cardgames.kalter_schlag._state import State

__all__ = ["MEASURES", "Measure", "solve"]

Measure = Literal["card points", "penalty"]
"""What :func:`solve` counts: the seat's card points, or his penalty for the hand."""

MEASURES: Final[tuple[Measure, ...]] = ("card points", "penalty")


def solve(
    state: State,
    *,
    measure: Measure = "card points",
    nodes: int | None = None,
    seconds: float | None = None,
) -> analysis.Solution[Move]:
    """Solve a position double dummy: its paranoid value for the seat to move, and his best moves.

    Args:
        state: A state in a hand's play (its first trick included, with the doubles).
        measure: ``"card points"``: the value is the card points the seat takes in the hand,
            negated (he wants few, the others give him many); ``"penalty"``: it is his penalty
            for the hand, negated, the hand scored as the game scores it (he is charged only
            with the most points; the doubles, the Jungfrauen and a Durchmarsch count).
        nodes: The most positions the search may visit, or None for no bound.
        seconds: The most wall-clock seconds it may take, or None for no bound.

    Returns:
        The seat to move's result for the hand if the other three play together against him,
        and the legal moves that keep it (a ``Double`` included when doubling keeps it).

    Raises:
        RulesError: If ``state`` is not a Kalter Schlag state, no hand is being played,
            ``measure`` is neither of the two, or a budget is not a number above 0 or None.
        BudgetSpentError: If the budget ran out before the value was known.

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

        A whole hand takes seconds to solve, and up to a minute; a budget stops it sooner:

        >>> state = kalter_schlag.apply(kalter_schlag.new_game(seed=2), kalter_schlag.Deal())
        >>> kalter_schlag.solve(state, nodes=1_000)
        Traceback (most recent call last):
        ...
        cardgames.errors.BudgetSpentError: solve stopped before its answer: its budget of 1,000 ...
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
    return _solving.within(
        lambda: double_dummy.solution(state, root, penalty=measure == "penalty"),
        nodes=nodes,
        seconds=seconds,
    )
