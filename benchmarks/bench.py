"""Run the benchmarks: every registered game, then the peers; print a table and save JSON.

Usage (from the repository root, with the package and the peers installed; ``nox -s bench``
does both)::

    python benchmarks/bench.py                    # everything, median of 5 runs
    python benchmarks/bench.py --quick            # a rough pass in a few seconds per row
    python benchmarks/bench.py --games kalter-schlag --no-peers
    python benchmarks/bench.py --profile kalter-schlag   # cProfile of random hands

The results go to ``benchmarks/results.json``; ``render_docs.py`` turns them into
``docs/performance.rst``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib.metadata
import json
import pstats
import random
import sys
from pathlib import Path
from typing import Any

import measure_cardgames
import measure_peers
import results
import timing

import cardgames

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "results.json"


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row (median)")
    parser.add_argument("--seconds", type=float, default=0.6, help="minimum length of each run")
    parser.add_argument("--quick", action="store_true", help="3 runs of 0.2 s: a rough pass")
    parser.add_argument(
        "--games", nargs="*", default=None, help="registered games to run (default: all)"
    )
    parser.add_argument("--no-peers", action="store_true", help="skip OpenSpiel and RLCard")
    parser.add_argument(
        "--peers",
        nargs="*",
        default=None,
        help=f"peer rows to run (default: all of {', '.join(measure_peers.PEERS)})",
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random hands")
    parser.add_argument(
        "--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the JSON results"
    )
    parser.add_argument(
        "--profile", metavar="GAME", help="profile random hands of GAME with cProfile and stop"
    )
    return parser.parse_args(argv)


def _profile(name: str, hands: int = 3000) -> None:
    """Print the cProfile of ``hands`` random full hands of a game, by own time."""
    match_game = cardgames.GAMES[name]
    rng = random.Random(1)

    def play() -> None:
        state = match_game.new_game(seed=rng.getrandbits(48))
        for _ in range(hands):
            if match_game.is_over(state):
                state = match_game.new_game(seed=rng.getrandbits(48))
            state = match_game.apply(state, rng.choice(match_game.legal_moves(state)))
            while not state.hand_over:
                state = match_game.apply(state, rng.choice(match_game.legal_moves(state)))

    profiler = cProfile.Profile()
    profiler.runcall(play)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def run(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmarks the command line asks for; print the report; return the results."""
    options = _arguments(argv)
    if options.profile:
        _profile(options.profile)
        return {}
    settings = (
        timing.Settings(repeats=3, min_seconds=0.2, warmup_seconds=0.05)
        if options.quick
        else timing.Settings(repeats=options.repeats, min_seconds=options.seconds)
    )
    names = options.games if options.games is not None else sorted(cardgames.GAMES)
    unknown = sorted(set(names) - set(cardgames.GAMES))
    if unknown:
        sys.exit(f"unknown games: {', '.join(unknown)} (registered: {', '.join(cardgames.GAMES)})")

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    suites: dict[str, timing.Suite] = {}
    for name in names:
        progress(f"recording hands of {name}")
        suites[f"cardgames/{name}"] = measure_cardgames.prepare_game(name, seed=options.seed)
    skipped: dict[str, Any] = {}
    if not options.no_peers:
        wanted = options.peers
        peer_suites, skipped = measure_peers.prepare_peers(
            seed=options.seed, only=lambda key: wanted is None or key in wanted
        )
        suites.update(peer_suites)
    # The recorded hands and the peers' modules are set up for good: keep the collector from
    # walking them again and again, so that each row pays only for its own garbage.
    gc.collect()
    gc.freeze()
    summaries = timing.interleave(suites, settings, report=progress)
    games = {name: summaries[f"cardgames/{name}"] for name in names}
    peers = {
        key: summaries.get(key) or skipped[key]
        for key in measure_peers.PEERS
        if key in summaries or key in skipped
    }
    versions = measure_peers.peer_versions() if not options.no_peers else {}
    measured: dict[str, Any] = {
        "schema": 2,
        "date": timing.utc_now(),
        "machine": timing.machine(),
        "settings": {
            "repeats": settings.repeats,
            "min_seconds": settings.min_seconds,
            "seed": options.seed,
        },
        "versions": {
            "cardgames": cardgames.__version__,
            "attrs": importlib.metadata.version("attrs"),
            **versions,
        },
        "games": games,
        "peers": peers,
    }
    measured["targets"] = results.targets(measured)
    print(results.describe(measured))
    options.output.write_text(json.dumps(measured, indent=2, ensure_ascii=False) + "\n", "utf-8")
    progress(f"results written to {options.output}")
    return measured


if __name__ == "__main__":
    run()
