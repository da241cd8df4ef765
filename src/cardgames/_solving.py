"""A double-dummy solver over any trick game's own engine: alpha-beta on ``legal_moves``/``apply``.

The games whose play is too rich in kinds of moves to mirror on bit sets (Staekske Rape's melds
and Stoek, Mariage's claims, the forced queen and the freeze) are solved through their engine
itself, so that every rule holds by construction. One side maximises the value, the other
minimises it; a transposition table keys each position on the state without its move history
(every other field, so that no two positions that could play on differently share an entry).

Every search, this one and a game's own, can be given a budget (:class:`Meter`, installed with
:func:`metered`): it counts the positions it searches and raises :class:`Exhausted` once the
budget of positions or the deadline is spent, so that a search agent can stop a solve cleanly.
A caller of a game's ``solve`` gives it a budget by its ``nodes`` and ``seconds`` (:func:`within`),
and learns that it ran out by a :class:`~cardgames.errors.BudgetSpentError`.
"""

from __future__ import annotations

import contextlib
import contextvars
import gc
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any, Final, Generic, Protocol, TypeVar, cast

import attrs

from cardgames import _bounds, _budgets, analysis, errors

__all__ = [
    "Engine",
    "Exhausted",
    "Meter",
    "collector_paused",
    "meter",
    "metered",
    "solve",
    "within",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

_CLOCK_EVERY: Final = 64
"""How many positions a search counts between two looks at the clock."""


class Exhausted(Exception):  # noqa: N818  # a signal, not a fault: the budget is spent
    """Raised inside a search when its meter's budget of positions or time is spent."""


@attrs.define
class Meter:
    """A budget of positions and time that the searches spend, shared by one move's solves.

    Attributes:
        nodes: The most positions the searches may count in all; None for no such bound.
        deadline: The ``time.perf_counter()`` past which they stop; None for no deadline.
        spent: The positions counted so far.
    """

    nodes: int | None = None
    deadline: float | None = None
    spent: int = 0

    def tick(self) -> None:
        """Count one position; raise :class:`Exhausted` when the budget is spent."""
        self.spent += 1
        if self.nodes is not None and self.spent > self.nodes:
            raise Exhausted
        if (
            self.deadline is not None
            and not self.spent % _CLOCK_EVERY
            and time.perf_counter() > self.deadline
        ):
            raise Exhausted

    def expired(self) -> bool:
        """Return whether the budget is spent already (checked before a new solve)."""
        if self.nodes is not None and self.spent >= self.nodes:
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline


_UNMETERED: Final = Meter()
"""The meter of a search run outside :func:`metered`: it never stops it (nor keeps count)."""

_METER: Final[contextvars.ContextVar[Meter]] = contextvars.ContextVar("meter", default=_UNMETERED)


def meter() -> Meter | None:
    """Return the meter the searches started now spend, or None when they are unmetered."""
    current = _METER.get()
    return None if current is _UNMETERED else current


@contextlib.contextmanager
def metered(budget: Meter) -> Iterator[Meter]:
    """Have every search started inside the block spend ``budget``."""
    token = _METER.set(budget)
    try:
        yield budget
    finally:
        _METER.reset(token)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector inside the block; restart it after if it ran.

    A search keeps a table of up to millions of positions until it ends, and its other
    objects die young; it makes no reference cycles, so reference counting frees all of it
    as usual. The collector would scan the growing table again and again: a quarter to a
    third of a whole Kalter Schlag hand's solve. The pause is the process's (the collector is
    global):
    another thread's cyclic garbage waits for the block's end; a collector paused before it
    stays paused.
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


ResultT = TypeVar("ResultT")


def within(search: Callable[[], ResultT], *, nodes: object, seconds: object) -> ResultT:
    """Run ``search`` within a caller's budget: at most ``nodes`` positions and ``seconds``.

    With neither (both None) the search runs as it would without them, spending the budget of
    any search agent it runs for; with either, it spends only this one. The search runs with
    the garbage collector paused (:func:`collector_paused`).

    Raises:
        RulesError: If ``nodes`` is not a whole number above 0 or None, or ``seconds`` not a
            number of seconds above 0 or None.
        BudgetSpentError: If the search stopped before its answer, its budget spent.
    """
    _budgets.check_count(nodes, "nodes", optional=True)
    _budgets.check_seconds(seconds)
    if nodes is None and seconds is None:
        with collector_paused():
            return search()
    deadline = None if seconds is None else time.perf_counter() + cast("float", seconds)
    budget = Meter(nodes=cast("int | None", nodes), deadline=deadline)
    try:
        with metered(budget), collector_paused():
            return search()
    except Exhausted:
        spent = f"{nodes:,} positions" if nodes is not None else f"{seconds:g} s"
        both = f" or {seconds:g} s" if nodes is not None and seconds is not None else ""
        raise errors.BudgetSpentError(
            f"solve stopped before its answer: its budget of {spent}{both} is spent "
            f"({budget.spent:,} positions searched); give a larger budget or none"
        ) from None


class Engine(Protocol[StateT, MoveT]):
    """What the solver calls of a game's engine."""

    def current_player(self, state: StateT, /) -> int | None:
        """Return the seat to move."""

    def legal_moves(self, state: StateT, /) -> tuple[MoveT, ...]:
        """Return the legal moves."""

    def apply(self, state: StateT, move: MoveT, /) -> StateT:
        """Return the state after ``move``."""


_FIELDS: dict[type, tuple[str, ...]] = {}
"""The stored fields of each kind of state but its history, read once per kind."""


def _position(state: Any) -> Hashable:  # noqa: ANN401  # any game's attrs state
    """Return the key of a state's position: its stored fields but the move history."""
    kind = type(state)
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(
            field.name for field in attrs.fields(kind) if field.init and field.name != "history"
        )
        _FIELDS[kind] = names
    return tuple([getattr(state, name) for name in names])


def solve(
    engine: Engine[StateT, MoveT],
    state: StateT,
    *,
    seat: int,
    maximisers: frozenset[int],
    over: Callable[[StateT], bool],
    value: Callable[[StateT], int],
    nodes: object = None,
    seconds: object = None,
) -> analysis.Solution[MoveT]:
    """Return the value of ``state`` for ``seat`` and the moves of the seat to move that keep it.

    Args:
        engine: The game's engine module.
        state: The position.
        seat: The seat whose value it is (the solution's ``seat``).
        maximisers: The seats that play to raise the value; the others play to lower it.
        over: Whether the search stops at a state (the hand is over).
        value: The value of a state where ``over`` holds, the higher the better for ``seat``.
        nodes: The caller's budget of positions, or None (see :func:`within`).
        seconds: The caller's budget of seconds, or None.

    Raises:
        RulesError: If a budget is not a number above 0 or None.
        BudgetSpentError: If the budget ran out before the value was known.
    """
    return within(
        lambda: _solution(engine, state, _Search(engine, maximisers, over, value), seat),
        nodes=nodes,
        seconds=seconds,
    )


def _solution(
    engine: Engine[StateT, MoveT], state: StateT, search: _Search[StateT, MoveT], seat: int
) -> analysis.Solution[MoveT]:
    """Return the value of ``state`` for ``seat``, and the moves that keep it, by ``search``."""
    best = search.closed_in(state)
    raising = engine.current_player(state) in search.maximisers
    kept = tuple(
        move
        for move in engine.legal_moves(state)
        if (
            search.value(engine.apply(state, move), best - 1, best) >= best
            if raising
            else search.value(engine.apply(state, move), best, best + 1) <= best
        )
    )
    return analysis.Solution(seat=seat, value=best, moves=kept)


@attrs.define
class _Search(Generic[StateT, MoveT]):
    """One solve: the engine, the two sides, the end and its value, and the table of bounds."""

    engine: Engine[StateT, MoveT]
    maximisers: frozenset[int]
    over: Callable[[StateT], bool]
    end_value: Callable[[StateT], int]
    table: dict[Hashable, _bounds.Bounds] = attrs.field(factory=dict)
    meter: Meter | None = attrs.field(factory=meter)

    def closed_in(self, node: StateT) -> int:
        """Return the value of ``node`` by null-window searches that close in on it (MTD(f)).

        Each search asks whether the value reaches a bound and leaves bounds in the table for
        the next; together they cut far more than one search with a wide window.
        """
        guess, low, high = 0, -_bounds.INFINITY, _bounds.INFINITY
        while low < high:
            beta = guess + 1 if guess == low else guess
            guess = self.value(node, beta - 1, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        return guess

    def value(self, node: StateT, alpha: int, beta: int) -> int:
        """Return the value of ``node``, exact when it lies strictly between the bounds."""
        if self.over(node):
            return self.end_value(node)
        if self.meter is not None:
            self.meter.tick()
        key = _position(node)
        bounds = self.table.get(key)
        known, alpha, beta = _bounds.probe(bounds, alpha, beta)
        if known is not None:
            return known
        best = self._best(node, alpha, beta)
        if bounds is None:
            bounds = self.table[key] = _bounds.Bounds()
        _bounds.store(bounds, best, alpha, beta)
        return best

    def _best(self, node: StateT, alpha: int, beta: int) -> int:
        """Return the best value of the moves of ``node`` for its mover, cut at the bounds."""
        engine = self.engine
        raising = engine.current_player(node) in self.maximisers
        best = -_bounds.INFINITY if raising else _bounds.INFINITY
        for move in engine.legal_moves(node):
            result = self.value(engine.apply(node, move), alpha, beta)
            if raising:
                best = max(best, result)
                alpha = max(alpha, result)
            else:
                best = min(best, result)
                beta = min(beta, result)
            if alpha >= beta:
                break
        return best
