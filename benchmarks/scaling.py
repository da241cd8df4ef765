"""Throughput of ``simulate.run`` here and on a process pool of 1 and 2 workers.

Each round plays the same seeded matches three ways, one after another: in this process
(``executor=None``), on ``ProcessPoolExecutor(1)`` and on ``ProcessPoolExecutor(2)``; the pool is
started inside the timed run, as a user's would be. The three summaries must be equal. The
speed-up of a round is its in-process time over its 2-worker time; the table gives the median
of the rounds and their spread, with the machine's load average, since other programs share
its cores. The CPU time the workers used, against the in-process run's, shows what the pool
costs apart from waiting for a core.

The results go to ``benchmarks/scaling.json``, and the table between the markers of
``docs/scaling.rst`` is rewritten from them (``--no-docs`` leaves the page alone)::

    python benchmarks/scaling.py [--games kalter-schlag gin-rummy] [--matches 60]
                                 [--repeats 9] [--chunk 50] [--no-docs]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import resource
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import timing

import cardgames
from cardgames import simulate

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "scaling.json"
DOCS = HERE.parent / "docs" / "scaling.rst"
START = ".. scaling-table-start"
END = ".. scaling-table-end"
LINEUP = ("rule", "random")
"""Who plays: the game's rule agent and the random one, alternating round the table."""
WAYS = ("here", "1 worker", "2 workers")
LOOP = 2_000_000
"""Steps of the plain loop that each round also times, here and on 2 workers, eight times."""


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", nargs="+", default=["kalter-schlag", "gin-rummy"])
    parser.add_argument("--matches", type=int, default=60, help="matches per run (60)")
    parser.add_argument("--repeats", type=int, default=9, help="rounds per game (9)")
    parser.add_argument("--chunk", type=int, default=None, help="matches per task (run's own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--no-docs", action="store_true", help="leave docs/scaling.rst alone")
    return parser.parse_args(argv)


def _children_cpu() -> float:
    """Return the CPU seconds (user and system) of the finished child processes so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _own_cpu() -> float:
    """Return this process's CPU seconds so far."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def _loop(steps: int) -> int:
    """Add up squares: plain Python work, without cardgames, to see what the machine allows."""
    total = 0
    for step in range(steps):
        total += step * step
    return total


def _reference() -> float:
    """Return how many times faster 2 workers ran eight plain loops than this process did."""
    began = time.perf_counter()
    for _ in range(8):
        _loop(LOOP)
    here = time.perf_counter() - began
    began = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        list(pool.map(_loop, [LOOP] * 8))
    return here / (time.perf_counter() - began)


def _timed(
    name: str, workers: int, settings: argparse.Namespace
) -> tuple[dict[str, Any], simulate.Summary]:
    """Play one run, in this process (``workers`` 0) or on a pool; return its figures."""
    entry = cardgames.GAMES[name]
    load = os.getloadavg()[0]
    cpu, children = _own_cpu(), _children_cpu()
    began = time.perf_counter()
    if workers:
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            summary = simulate.run(
                entry,
                LINEUP,
                matches=settings.matches,
                seed=settings.seed,
                chunk=settings.chunk,
                executor=pool,
            )
    else:
        summary = simulate.run(
            entry, LINEUP, matches=settings.matches, seed=settings.seed, chunk=settings.chunk
        )
    seconds = time.perf_counter() - began
    used = _own_cpu() - cpu + _children_cpu() - children
    figures = {
        "seconds": seconds,
        "cpu_seconds": used,
        "load_before": load,
        "matches": summary.matches,
        "hands": summary.hands,
    }
    return figures, summary


def measure(settings: argparse.Namespace) -> dict[str, Any]:
    """Measure every game's rounds; fail if the three ways disagree on a summary."""
    games: dict[str, list[dict[str, Any]]] = {}
    for name in settings.games:
        rounds = games.setdefault(name, [])
        for number in range(settings.repeats):
            runs = {}
            summaries = []
            for way, workers in zip(WAYS, (0, 1, 2), strict=True):
                runs[way], summary = _timed(name, workers, settings)
                summaries.append(summary)
            if any(summary != summaries[0] for summary in summaries):
                raise SystemExit(f"{name}: the summaries differ between the executors")
            runs["reference"] = {"speedup": _reference()}
            rounds.append(runs)
            speedup = runs["here"]["seconds"] / runs["2 workers"]["seconds"]
            print(
                f"{name} round {number + 1}: "
                + ", ".join(f"{way} {runs[way]['seconds']:.2f} s" for way in WAYS)
                + f"; speed-up {speedup:.2f}"
            )
    return {
        "date": timing.utc_now(),
        "machine": timing.machine(),
        "cardgames": cardgames.__version__,
        "settings": {
            "matches": settings.matches,
            "repeats": settings.repeats,
            "chunk": settings.chunk,
            "seed": settings.seed,
            "lineup": list(LINEUP),
        },
        "games": games,
    }


def _spread(values: Sequence[float], digits: int) -> str:
    """Return ``median (least–greatest)`` of some figures."""
    return (
        f"{statistics.median(values):.{digits}f} "
        f"({min(values):.{digits}f}–{max(values):.{digits}f})"
    )


def _chunks(chunk: int | None) -> str:
    """Say how the runs were cut into tasks."""
    if chunk is None:
        return "in ``simulate.run``'s own chunks (a sixteenth of the run each)"
    return f"in chunks of {chunk} matches"


def render(measured: dict[str, Any]) -> str:
    """Return the RST that goes between the page's markers: the machine and the table."""
    machine = measured["machine"]
    settings = measured["settings"]
    lines = [
        START,
        "",
        (
            f"Measured {measured['date']} (UTC) by ``benchmarks/scaling.py`` on {machine['cpu']}, "
            f"{machine['cores']} cores, {machine['python']}, cardgames {measured['cardgames']}: "
            f"{settings['matches']} matches a run between the ``rule`` and ``random`` agents, "
            f"{_chunks(settings['chunk'])}, {settings['repeats']} rounds a game. Each cell is "
            "the median of the rounds, with the least and greatest in brackets."
        ),
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - game",
        "     - where",
        "     - hands/s",
        "     - speed-up",
        "     - CPU s",
        "     - load",
    ]
    games = measured["games"].values()
    for name, rounds in measured["games"].items():
        for way in WAYS:
            runs = [each[way] for each in rounds]
            rates = [run["hands"] / run["seconds"] for run in runs]
            speedups = [each["here"]["seconds"] / each[way]["seconds"] for each in rounds]
            lines += [
                f"   * - {cardgames.GAMES[name].title}",
                f"     - {way}",
                f"     - {_spread(rates, 0)}",
                f"     - {_spread(speedups, 2)}",
                f"     - {_spread([run['cpu_seconds'] for run in runs], 2)}",
                f"     - {_spread([run['load_before'] for run in runs], 1)}",
            ]
    references = [each["reference"]["speedup"] for rounds in games for each in rounds]
    lines += [
        "",
        (
            "In the same rounds, eight runs of a plain Python loop (no cardgames) went "
            f"{_spread(references, 2)} times as fast on 2 workers as in one process: the "
            "speed-up the machine allowed at the time."
        ),
        "",
        END,
    ]
    return "\n".join(lines)


def write_docs(measured: dict[str, Any], page: Path) -> None:
    """Replace the table between the page's markers."""
    text = page.read_text(encoding="utf-8")
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    if START not in text or END not in rest:
        raise SystemExit(f"{page} lacks the markers {START!r} and {END!r}")
    page.write_text(before + render(measured) + after, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    """Measure, save the JSON, and rewrite the docs table unless told not to."""
    settings = _arguments(argv)
    measured = measure(settings)
    settings.output.write_text(json.dumps(measured, indent=2) + "\n", encoding="utf-8")
    if not settings.no_docs:
        write_docs(measured, DOCS)


if __name__ == "__main__":
    main()
