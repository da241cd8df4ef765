"""``cardgames simulate``: many matches between agents, here, on a process pool or on Dask.

Internal to :mod:`cardgames.cli`: :func:`add_arguments` adds the command's options and
:func:`run` plays the matches (through :func:`cardgames.simulate.run`) and prints the summary.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import json
from collections.abc import Iterator
from typing import Final, TextIO

import attrs
import tqdm

import cardgames
from cardgames import _cli_shared as shared
from cardgames import dealing, errors, simulate

__all__ = ["HANDS_UP_DOWN", "add_arguments", "run"]


def add_arguments(run: argparse.ArgumentParser, names: str) -> None:
    """Add the options of ``simulate`` (beside the match-playing ones)."""
    budget = run.add_mutually_exclusive_group()
    budget.add_argument(
        "-n", "--matches", type=int, default=None, help="how many matches (100 unless --hands)"
    )
    budget.add_argument(
        "--hands", type=int, default=None, help="play matches until they take this many hands"
    )
    run.add_argument(
        "--agents",
        default="random",
        help=f"agents laid round the table, again and again (rule,random alternates): {names}",
    )
    where = run.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1: play here)"
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the extra cluster)",
    )
    run.add_argument("--json", action="store_true", help="print the summary as JSON")


HANDS_UP_DOWN: Final = {
    "kalter-schlag": (
        "hands that charged the seat penalty points: bad, the highest total loses",
        "none (penalties only add up)",
    ),
    "gin-rummy": ("hands the seat won", "none (the loser of a hand scores nothing)"),
    "staekske-rape": (
        "contracts the seat made as declarer",
        "contracts it lost (only the declarer wins or loses game points)",
    ),
    "mariage": ("hands in which the seat won chips", "hands in which it paid chips"),
}
"""What the table's last two columns count, game by game."""


@contextlib.contextmanager
def _executor(parsed: argparse.Namespace) -> Iterator[concurrent.futures.Executor | None]:
    """Yield where ``simulate`` plays: here, on a process pool (``--jobs``) or on Dask."""
    if type(parsed.jobs) is not int or parsed.jobs < 1:
        raise errors.RulesError(f"--jobs must be 1 or more, not {parsed.jobs}")
    if parsed.scheduler is None:
        if parsed.jobs == 1:
            yield None
            return
        with concurrent.futures.ProcessPoolExecutor(parsed.jobs) as pool:
            yield pool
        return
    try:
        import distributed  # noqa: PLC0415  # the extra cluster, only for --scheduler
    except ImportError:
        raise errors.RulesError(
            "--scheduler needs Dask: pip install 'python-cardgames[cluster]'"
        ) from None
    try:
        client = distributed.Client(parsed.scheduler, timeout=5)
    except (OSError, ValueError, TypeError) as error:
        raise errors.RulesError(
            f"--scheduler: no Dask scheduler at {errors.quote(parsed.scheduler)} ({error})"
        ) from None
    with client:
        yield client.get_executor()


def run(parsed: argparse.Namespace, out: shared.Out, progress: TextIO) -> int:
    """Play many matches between agents and print the summary (a progress bar on a terminal)."""
    entry = cardgames.GAMES[parsed.game]
    rules = shared.rules_from(entry, parsed.rules, parsed.max_hands)
    lineup = [name.strip() for name in parsed.agents.split(",") if name.strip()]
    if parsed.hands is None:
        what, budget = "matches", 100 if parsed.matches is None else parsed.matches
    else:
        what, budget = "hands", parsed.hands
    if type(budget) is not int or budget < 1:
        raise errors.RulesError(f"--{what} must be 1 or more, not {budget}")
    seed = parsed.seed if parsed.seed is not None else dealing.new_seed()
    seated = simulate.seating(entry, lineup, 0, players=parsed.players)  # the lineup, checked
    with (
        _executor(parsed) as executor,
        tqdm.tqdm(
            total=budget, unit=what[:-1], file=progress, disable=not progress.isatty()
        ) as bar,
    ):

        def advance(summary: simulate.Summary) -> None:
            bar.update(min(budget, summary.hands if what == "hands" else summary.matches) - bar.n)

        total = simulate.run(
            entry,
            lineup,
            seed=seed,
            players=parsed.players,
            rules=rules,
            executor=executor,
            progress=advance,
            **{what: budget},
        )
    if parsed.json:
        out(json.dumps({"seed": seed, "lineup": seated, **attrs.asdict(total)}, ensure_ascii=False))
        return 0
    out(f"{entry.title}: {total.matches} matches, {total.hands} hands, seed {seed}")
    out(
        f"{'agent':<10} {'seats':>6} {'wins':>6} {'win rate':>9} {'mean total':>11}"
        f" {'hands up':>9} {'hands down':>11}"
    )
    for result in total.agents:
        out(
            f"{result.name:<10} {result.seats:>6} {result.wins:>6} {result.win_rate:>9.1%}"
            f" {result.mean_points:>11.1f} {result.hands_up:>9} {result.hands_down:>11}"
        )
    up, down = HANDS_UP_DOWN.get(
        entry.name, ("hands in which the seat's total rose", "hands in which it fell")
    )
    out(f"hands up:   {up}")
    out(f"hands down: {down}")
    return 0
