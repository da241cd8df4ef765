"""Time the double-dummy solvers: the median over random deals of one ``solve``.

For each trick game with a ``solve`` (found in :data:`cardgames.GAMES`), each deal is seeded
(deal ``i`` is the match ``new_game(seed=i)``'s first hand), played by uniformly random legal
moves (a ``random.Random(i)``) to the start of a trick with the given number of tricks left,
and solved once; the median and the worst of the times are printed (the CPU time of the
process, which a shared machine's other work does not inflate as it does the wall clock), with
the call that reproduces them. ``--limit`` stops a solve after that many seconds (a meter's
deadline, as a search agent's): the median then counts an unfinished solve as the limit, and
the line says how many finished.

Each line is also kept in ``benchmarks/solver.json`` (``--output``), one entry per game,
number of tricks left and build, with its date, the machine and the call: ``render_docs.py``
puts them on the Performance page beside the solver's targets. The build is the package's as
imported: ``"compiled"`` when Kalter Schlag's search is (:func:`cardgames.analysis.compiled`,
a platform wheel's install), else ``"pure Python"``.

Run from the repository root, with the package installed::

    python benchmarks/measure_solver.py [--deals 100] [--tricks 4 8] [--games kalter-schlag]
        [--limit 60] [--output benchmarks/solver.json]

and for the compiled build, with a platform wheel built from the checkout and installed (nox's
``compiled`` session leaves one installed in ``.nox/compiled``)::

    HATCH_BUILD_HOOK_ENABLE_MYPYC=true python -m build --outdir dist .
    pip install dist/python_cardgames-*-cp3*.whl
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import timing

import cardgames
from cardgames import _solving, analysis

Solver = Callable[[Any], Any]

DEFAULT_OUTPUT = Path(__file__).resolve().parent / "solver.json"


def _solver(name: str) -> Solver | None:
    """Return the game's ``solve``, or None for a game without one."""
    module = importlib.import_module(f"cardgames.{name.replace('-', '_')}")
    solve: Solver | None = getattr(module, "solve", None)
    return solve


def _position(name: str, seed: int, tricks_left: int) -> Any:  # noqa: ANN401  # any game's state
    """Return the first hand of ``seed`` played at random to a trick's start, ``tricks_left`` left.

    None when the hand ends first (a game whose hands may stop early).
    """
    game = cardgames.GAMES[name]
    choose = random.Random(seed)
    state = game.new_game(seed=seed)
    state = game.apply(state, game.legal_moves(state)[0])  # the deal
    while True:
        seen = game.view(state, 0)
        between_tricks = getattr(seen, "trick", None) is None
        if between_tricks and _in_play(state, game) and _tricks_left(state, game) == tricks_left:
            return state
        if seen.hand_number > 1 or game.is_over(state) or _tricks_left(state, game) < tricks_left:
            return None
        state = game.apply(state, choose.choice(game.legal_moves(state)))


def _tricks_left(state: Any, game: Any) -> int:  # noqa: ANN401  # any game's state
    """Return how many tricks the hand has left: the most cards any seat holds."""
    return int(max(game.view(state, 0).hand_sizes))


def _in_play(state: Any, game: Any) -> bool:  # noqa: ANN401  # any game's state
    """Return whether the next move plays a card to a trick."""
    return any(type(move).__name__ == "Play" for move in game.legal_moves(state))


def measure(
    name: str, tricks_left: int, deals: int, limit: float | None = None
) -> tuple[float, float, int]:
    """Return the median and worst CPU seconds of one solve, and how many solves finished."""
    solve = _solver(name)
    if solve is None:
        raise SystemExit(f"{name} has no solve")
    times: list[float] = []
    finished = 0
    seed = 0
    while len(times) < deals:
        state = _position(name, seed, tricks_left)
        seed += 1
        if state is None:
            continue
        start = time.process_time()
        deadline = None if limit is None else time.perf_counter() + limit
        try:
            with _solving.metered(_solving.Meter(deadline=deadline)):
                solve(state)
        except _solving.Exhausted:
            assert limit is not None  # noqa: S101  # only a deadline stops a solve here
            times.append(max(limit, time.process_time() - start))
            continue
        finished += 1
        times.append(time.process_time() - start)
    return statistics.median(times), max(times), finished


def main() -> None:
    """Parse the arguments, time each game and number of tricks, print and keep one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--tricks", type=int, nargs="+", default=[4])
    parser.add_argument("--games", nargs="+", default=sorted(cardgames.GAMES))
    parser.add_argument("--limit", type=float, default=None)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    arguments = parser.parse_args()
    kept = json.loads(arguments.output.read_text()) if arguments.output.exists() else {}
    build = "compiled" if analysis.compiled() else "pure Python"
    for name in arguments.games:
        if _solver(name) is None:
            continue
        for tricks_left in arguments.tricks:
            median, worst, solved = measure(name, tricks_left, arguments.deals, arguments.limit)
            limit = "" if arguments.limit is None else f" --limit {arguments.limit:g}"
            command = (
                f"python benchmarks/measure_solver.py --games {name} --tricks {tricks_left} "
                f"--deals {arguments.deals}{limit}"
            )
            print(
                f"{name} ({build}): {tricks_left} tricks left: median {median * 1000:.1f} ms, "
                f"worst {worst * 1000:.1f} ms CPU; {solved} of {arguments.deals} deals solved "
                f"({command})"
            )
            suffix = "/compiled" if build == "compiled" else ""
            kept[f"{name}/{tricks_left}{suffix}"] = {
                "game": name,
                "tricks_left": tricks_left,
                "build": build,
                "deals": arguments.deals,
                "solved": solved,
                "limit_seconds": arguments.limit,
                "median_seconds": median,
                "worst_seconds": worst,
                "date": timing.utc_now(),
                "machine": timing.machine(),
                "command": command,
            }
            arguments.output.write_text(json.dumps(kept, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
