"""Timing helpers shared by the benchmark scripts: repeated runs, medians, the machine."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import platform
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

__all__ = [
    "Choice",
    "Settings",
    "Suite",
    "Trial",
    "as_json",
    "clock",
    "hands_run",
    "interleave",
    "machine",
    "median_cost_us",
    "median_rate",
    "replays_run",
    "utc_now",
]


@attrs.frozen
class Settings:
    """How long and how often each measurement runs.

    Attributes:
        repeats: Rounds: timed runs of each measurement; the median is reported.
        min_seconds: Each run goes on until at least this long has passed.
        warmup_seconds: Untimed play before the runs (imports, caches, branch predictors).
    """

    repeats: int = 5
    min_seconds: float = 0.6
    warmup_seconds: float = 0.2


@attrs.frozen
class Trial:
    """What one timed run did: how long it took and how many units of each kind it did.

    Attributes:
        seconds: Wall-clock time of the run.
        counts: Units done, e.g. ``{"hands": 412, "actions": 13600}``.
    """

    seconds: float
    counts: dict[str, int]


Run = Callable[[float], Trial]
"""A timed run: called with the minimum length in seconds, it returns what it did."""

Choice = Callable[[Sequence[Any]], Any]
"""How the timed loops pick a move or an action, as a policy would: ``random.Random.choice``."""

RecordT = TypeVar("RecordT")


@attrs.frozen
class Suite:
    """The timed runs of one implementation, and how to turn their trials into results.

    Attributes:
        runs: Each timed run by name (``"playout"``, ``"apply"`` …).
        summarize: Given each run's trials by name, returns the implementation's results.
    """

    runs: dict[str, Run]
    summarize: Callable[[dict[str, list[Trial]]], dict[str, Any]]


def hands_run(
    play_hand: Callable[[], int],
    min_seconds: float,
    *,
    count_actions: bool = True,
    timer: Callable[[], float] | None = None,
) -> Trial:
    """Play hands until at least ``min_seconds`` have passed, and count them and their actions.

    Every implementation's random hands are timed by this one loop, so that they pay alike for
    it. ``play_hand`` plays one hand and returns how many player actions it took; with
    ``count_actions=False`` (a loop that cannot see its actions) only the hands are counted.
    ``timer`` is the clock (None: :func:`clock`, the wall clock; ``time.process_time`` counts
    only the time the process ran, which a machine shared with other work needs).
    """
    now = clock if timer is None else timer
    hands = actions = 0
    start = now()
    while True:
        actions += play_hand()
        hands += 1
        if now() - start >= min_seconds:
            break
    seconds = now() - start
    return Trial(
        seconds, {"hands": hands, "actions": actions} if count_actions else {"hands": hands}
    )


def replays_run(records: Sequence[RecordT], replay: Callable[[RecordT], int]) -> Run:
    """Return a timed run that replays recorded hands one after another, round after round.

    ``replay`` replays one record and returns how many player actions it took; each run starts
    again from the first record, so every run replays the same hands in the same order.
    """

    def run(min_seconds: float) -> Trial:
        pending = itertools.cycle(records)
        return hands_run(lambda: replay(next(pending)), min_seconds)

    return run


def interleave(
    suites: Mapping[str, Suite],
    settings: Settings,
    report: Callable[[str], None] = lambda _: None,
) -> dict[str, dict[str, Any]]:
    """Time every run of every suite round-robin and return each suite's summary.

    Each round runs everything once, so a change in the machine's load during the benchmark
    touches every row alike and the ratios between rows stay fair; the summaries then take
    the median over the rounds. Every run is warmed up once first.
    """
    for name, suite in suites.items():
        report(f"warming up {name}")
        for run in suite.runs.values():
            run(settings.warmup_seconds)
    trials: dict[str, dict[str, list[Trial]]] = {
        name: {key: [] for key in suite.runs} for name, suite in suites.items()
    }
    for round_number in range(1, settings.repeats + 1):
        report(f"round {round_number} of {settings.repeats}")
        for name, suite in suites.items():
            for key, run in suite.runs.items():
                trials[name][key].append(run(settings.min_seconds))
    return {name: suite.summarize(trials[name]) for name, suite in suites.items()}


def as_json(trials: list[Trial]) -> list[dict[str, Any]]:
    """Return trials as JSON-ready dicts."""
    return [{"seconds": trial.seconds, "counts": trial.counts} for trial in trials]


def median_rate(trials: list[Trial], unit: str) -> float:
    """Return the median over the runs of ``unit`` per second."""
    return statistics.median(trial.counts[unit] / trial.seconds for trial in trials)


def median_cost_us(trials: list[Trial], unit: str) -> float:
    """Return the median over the runs of microseconds per ``unit``."""
    return statistics.median(trial.seconds / trial.counts[unit] * 1e6 for trial in trials)


def clock() -> float:
    """Return the time in seconds from a monotonic high-resolution clock."""
    return time.perf_counter()


def utc_now() -> str:
    """Return the current time as an ISO 8601 UTC timestamp, to the second."""
    return dt.datetime.now(tz=dt.UTC).replace(microsecond=0).isoformat()


def _cpu_model() -> str:
    """Return the processor's model name, as Linux reports it, or the platform's guess."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    return platform.processor() or "unknown"


def _memory_gib() -> float | None:
    """Return the machine's memory in GiB, or None where /proc/meminfo is missing."""
    meminfo = Path("/proc/meminfo")
    if not meminfo.exists():
        return None
    for line in meminfo.read_text(encoding="utf-8").splitlines():
        if line.startswith("MemTotal:"):
            return round(int(line.split()[1]) / 1024**2, 1)
    return None


def machine() -> dict[str, Any]:
    """Describe the machine and interpreter the numbers come from."""
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memory_gib": _memory_gib(),
        "system": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }
