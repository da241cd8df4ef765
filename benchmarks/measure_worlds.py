"""Time ``worlds(view, rng)``: median times of the first world of a view and of the next.

For each game with a ``worlds`` (found in :data:`cardgames.GAMES`), view ``i`` is seat 0's view of
the match ``new_game(seed=i)`` after a random number (5 to 39) of uniformly random legal moves (a
``random.Random(i)``). The first world pays for the counting of the deals; the next ten reuse it.
The machine is whatever runs it: on a shared one the numbers vary.

Run from the repository root, with the package installed::

    python benchmarks/measure_worlds.py [--views 20] [--players 6]
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import random
import statistics
import sys
import time
from typing import Any

import cardgames

_NEXT = 10
"""How many worlds after the first are timed, per view."""


def _times(package: Any, views: int, players: int | None) -> tuple[float, float]:  # noqa: ANN401  # any game's package
    """Return the median seconds of a view's first world and of each next one."""
    first: list[float] = []
    more: list[float] = []
    for seed in range(views):
        choose = random.Random(seed)
        state = package.new_game(seed=seed, players=players)
        for _ in range(choose.randrange(5, 40)):
            if package.is_over(state):
                break
            state = package.apply(state, choose.choice(package.legal_moves(state)))
        seen = package.view(state, 0)
        start = time.perf_counter()
        drawn = package.worlds(seen, random.Random(seed))
        next(drawn)
        middle = time.perf_counter()
        for _ in itertools.islice(drawn, _NEXT):
            pass
        first.append(middle - start)
        more.append((time.perf_counter() - middle) / _NEXT)
    return statistics.median(first), statistics.median(more)


def main(argv: list[str] | None = None) -> None:
    """Print one line per game: the median times and the call that reproduces them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=20)
    parser.add_argument("--players", type=int, default=None, help="None: each game's usual")
    options = parser.parse_args(argv)
    for name, entry in sorted(cardgames.GAMES.items()):
        package = importlib.import_module(f"cardgames.{name.replace('-', '_')}")
        if not hasattr(package, "worlds"):
            continue
        players = options.players if options.players in entry.players else None
        first, more = _times(package, options.views, players)
        sys.stdout.write(
            f"{name}: first world {first * 1000:.2f} ms, each next {more * 1000:.2f} ms "
            f"(median of {options.views} views; python benchmarks/measure_worlds.py "
            f"--views {options.views} --players {options.players})\n"
        )


if __name__ == "__main__":
    main()
