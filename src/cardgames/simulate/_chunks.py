"""A run's chunks handed to an executor and added up, in order, into its summary.

Internal to :mod:`cardgames.simulate`, which publishes :class:`ChunkError`. :class:`Run` is one
call of :func:`cardgames.simulate.run`: it submits the chunks (batches of matches) the budget
needs, takes their results in the order it submitted them, so the summary is the same whatever
finishes first, and reports a chunk that fails as a :class:`ChunkError`.
"""

from __future__ import annotations

import collections
import concurrent.futures
import math
from collections.abc import Callable
from typing import Final

import attrs

from cardgames import errors
from cardgames.simulate._play import Batch, Played, play_batch
from cardgames.simulate._summary import Summary

__all__ = ["ChunkError", "Run"]

_FIRST_WAVE: Final = 4
"""Chunks :func:`run` submits before it knows how many hands a match takes (a ``hands`` budget)."""


class ChunkError(errors.CardgamesError):
    """A chunk of a :func:`run` failed: an agent or a factory raised, or a worker was lost.

    The error's cause (``__cause__``) is what the chunk raised; its notes name the match.

    Attributes:
        start: The number of the chunk's first match.
        matches: How many matches the chunk holds.
        seeds: Each of its matches' seed (:func:`match_seed`), which :func:`play_match` takes.
    """

    def __init__(self, start: int, seeds: tuple[int, ...], cause: BaseException) -> None:
        """Describe the chunk of ``len(seeds)`` matches from match ``start`` that failed."""
        notes = "; ".join(getattr(cause, "__notes__", ()))
        super().__init__(
            f"matches {start} to {start + len(seeds) - 1} of the run failed with "
            f"{type(cause).__name__}: {cause}{f' ({notes})' if notes else ''}; rerun them alone "
            f"with run(..., start={start}, matches={len(seeds)}) and the same seed"
        )
        self.start = start
        self.matches = len(seeds)
        self.seeds = seeds


ChunkError.__module__ = "cardgames.simulate"  # published there


@attrs.define
class Run:
    """One call of :func:`run`: it hands chunks to the executor and adds up what comes back.

    Chunks are submitted in order and their results taken in that order, so the summary is
    the same whatever finishes first. A ``hands`` budget submits only what it expects to need
    (from the hands per match so far) and plays the first part of the last chunk again, alone,
    when that chunk goes past the budget.
    """

    plan: Batch
    budget: tuple[str, int]
    chunk: int
    executor: concurrent.futures.Executor | None
    progress: Callable[[Summary], object] | None
    pending: collections.deque[tuple[Batch, concurrent.futures.Future[Played] | None]] = (
        attrs.field(factory=collections.deque)
    )
    submitted: int = 0

    def play(self) -> Summary:
        """Play the run and return its summary."""
        what, budget = self.budget
        total: Summary | None = None
        try:
            while total is None or _spent(total, what) < budget:
                self._submit(total)
                job, future = self.pending.popleft()
                played = self._result(job, future)
                if what == "hands":
                    played = self._trimmed(job, played, budget - (total.hands if total else 0))
                total = played.summary if total is None else total + played.summary
                if self.progress is not None:
                    self.progress(total)
        finally:
            for _, future in self.pending:
                if future is not None:
                    future.cancel()
        return total

    def _submit(self, total: Summary | None) -> None:
        """Submit the chunks the budget may still need (one at a time without an executor).

        Every match takes a hand at least, so a ``hands`` budget never needs more matches than
        hands are left; it submits what the hands per match so far say it needs, and a quarter
        more.
        """
        what, budget = self.budget
        if what == "matches":
            wanted = budget
        elif total is None:
            wanted = min(self.chunk * _FIRST_WAVE, budget)
        else:
            left = budget - total.hands
            expected = math.ceil(left * total.matches / total.hands * 1.25)
            wanted = total.matches + min(expected, left)
        room = 1 if self.executor is None else math.inf
        while self.submitted < wanted and len(self.pending) < room:
            count = min(self.chunk, wanted - self.submitted) if what == "matches" else self.chunk
            job = attrs.evolve(self.plan, start=self.plan.start + self.submitted, count=count)
            self.pending.append((job, self._future(job)))
            self.submitted += count

    def _future(self, job: Batch) -> concurrent.futures.Future[Played] | None:
        """Submit a chunk to the executor; None without one (it is played when its turn comes)."""
        return None if self.executor is None else self.executor.submit(play_batch, job)

    def _trimmed(self, job: Batch, played: Played, wanted: int) -> Played:
        """Return the chunk's result, or its first matches' if fewer reach ``wanted`` hands."""
        if sum(played.hands) < wanted:
            return played
        count = next(
            number for number in range(1, job.count + 1) if sum(played.hands[:number]) >= wanted
        )
        if count == job.count:
            return played
        first = attrs.evolve(job, count=count)
        return self._result(first, self._future(first))

    def _result(self, job: Batch, future: concurrent.futures.Future[Played] | None) -> Played:
        """Return a chunk's result, played here if it has no future; report a failed chunk."""
        try:
            return play_batch(job) if future is None else future.result()
        except Exception as error:
            raise ChunkError(job.start, job.seeds, error) from error


def _spent(total: Summary, what: str) -> int:
    """Return how much of a budget of ``what`` (matches or hands) a summary has spent."""
    return total.hands if what == "hands" else total.matches
