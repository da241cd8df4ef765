"""Measure what compiling the engines' hot modules with mypyc would buy, before choosing it.

The package is copied to a scratch directory and the modules named by ``--modules`` (by
default :data:`HOT_MODULES`: each game's engine, its play of a trick or a turn, its auction
and its encoding, where mypyc compiles them as they are) are compiled there with mypyc, which
ships with mypy. Then ``bench.py --no-peers`` runs round after round on the source tree and on
the compiled one in turn (``PYTHONPATH``), so that a change in the machine's load touches both
alike; the medians over the rounds of each row, and the speed-up (the interpreted time over
the compiled one), go to ``benchmarks/compiled.json``, which ``render_docs.py`` puts on the
Performance page beside the targets. Before timing, both trees play the same seeded random
hands of every game and must reach the same states (a digest of their views): a compiled
module that changed behaviour would time other work.

Run from the repository root, with the package installed with its ``typing`` extra (mypy)::

    python benchmarks/compiled.py [--rounds 3] [--seconds 0.3] [--output benchmarks/compiled.json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import timing

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "src"
DEFAULT_OUTPUT = HERE / "compiled.json"

HOT_MODULES = (
    "cardgames/gin_rummy/_engine.py",
    "cardgames/gin_rummy/_turns.py",
    "cardgames/gin_rummy/_melds/count.py",
    "cardgames/kalter_schlag/_engine.py",
    "cardgames/kalter_schlag/_play.py",
    "cardgames/kalter_schlag/_encoding.py",
    "cardgames/mariage/_engine.py",
    "cardgames/mariage/_play.py",
    "cardgames/mariage/_encoding.py",
    "cardgames/staekske_rape/_engine.py",
    "cardgames/staekske_rape/_auction.py",
    "cardgames/staekske_rape/_play.py",
    "cardgames/staekske_rape/_encoding.py",
)
"""The modules compiled unless told: where the by-kind table and cProfile put the time. Gin
Rummy's encoding is left out: mypyc cannot type its ``PACK``, read through an import cycle. The
attrs classes (states, moves, views) stay interpreted: they live in other modules."""

ROWS = ("us_per_action", "apply_us", "legal_moves_us", "view_us", "rl_step_us", "server_step_us")
"""The rows of ``bench.py``'s results compared, in µs (lower is better)."""

_DIGEST = """
import hashlib, random, sys
import cardgames
digest = hashlib.sha256()
for name in sorted(cardgames.GAMES):
    game = cardgames.GAMES[name]
    for seed in range(40):
        choose = random.Random(seed)
        state = game.new_game(seed=seed)
        for _ in range(400):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, choose.choice(moves))
            for seat in range(game.players[0]):
                digest.update(repr(game.view(state, seat)).encode())
compiled = sorted(
    name for name, module in sys.modules.items()
    if name.startswith("cardgames") and (getattr(module, "__file__", "") or "").endswith(".so")
)
print(digest.hexdigest(), len(compiled))
"""
"""The check both trees must pass alike: seeded random play of every game, every view digested;
and the count of the package's modules loaded compiled."""


def _environment(tree: Path) -> dict[str, str]:
    """Return the environment that imports ``cardgames`` from ``tree``."""
    return {**os.environ, "PYTHONPATH": str(tree)}


def compile_tree(modules: list[str], scratch: Path) -> Path:
    """Copy the package into ``scratch``, compile ``modules`` there, and return its root."""
    tree = scratch / "src"
    shutil.copytree(SOURCE, tree, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    subprocess.run(
        [sys.executable, "-m", "mypyc", *modules],
        cwd=tree,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return tree


def digest(tree: Path) -> tuple[str, int]:
    """Return the digest of seeded play with ``cardgames`` from ``tree``, and its compiled count."""
    found = subprocess.run(
        [sys.executable, "-c", _DIGEST],
        env=_environment(tree),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return found[0], int(found[1])


def bench_round(tree: Path, seconds: float, scratch: Path) -> dict[str, dict[str, float]]:
    """Run ``bench.py --no-peers`` once with ``cardgames`` from ``tree``; return its rows."""
    output = scratch / "round.json"
    subprocess.run(
        [
            sys.executable,
            str(HERE / "bench.py"),
            "--no-peers",
            "--repeats",
            "1",
            "--seconds",
            str(seconds),
            "--output",
            str(output),
        ],
        env=_environment(tree),
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    games = json.loads(output.read_text(encoding="utf-8"))["games"]
    return {name: {row: game[row] for row in ROWS} for name, game in games.items()}


def measure(modules: list[str], rounds: int, seconds: float) -> dict[str, Any]:
    """Compile, check and time both trees; return what goes to the JSON."""
    with tempfile.TemporaryDirectory(prefix="cardgames-mypyc-") as name:
        scratch = Path(name)
        compiled = compile_tree(modules, scratch)
        source_digest, none_compiled = digest(SOURCE)
        compiled_digest, count = digest(compiled)
        if source_digest != compiled_digest:
            sys.exit("the compiled tree plays differently from the source: nothing is timed")
        if none_compiled or count != len(modules):
            sys.exit(f"{count} compiled modules loaded of {len(modules)} (source: {none_compiled})")
        timed: dict[str, list[dict[str, dict[str, float]]]] = {"source": [], "compiled": []}
        for number in range(rounds):
            for label, tree in (("source", SOURCE), ("compiled", compiled)):
                print(f"round {number + 1} of {rounds}: {label}", file=sys.stderr, flush=True)
                timed[label].append(bench_round(tree, seconds, scratch))
    games: dict[str, Any] = {}
    for game in timed["source"][0]:
        rows = {}
        for row in ROWS:
            interpreted = statistics.median(each[game][row] for each in timed["source"])
            fast = statistics.median(each[game][row] for each in timed["compiled"])
            rows[row] = {"source": interpreted, "compiled": fast, "speedup": interpreted / fast}
        games[game] = rows
    return {
        "date": timing.utc_now(),
        "machine": timing.machine(),
        "modules": modules,
        "rounds": rounds,
        "seconds": seconds,
        "digest": source_digest,
        "command": "python benchmarks/compiled.py " + " ".join(sys.argv[1:]),
        "games": games,
    }


def main() -> None:
    """Measure, print the speed-ups and write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", nargs="+", default=list(HOT_MODULES))
    parser.add_argument("--rounds", type=int, default=3, help="bench runs per tree (median)")
    parser.add_argument("--seconds", type=float, default=0.3, help="least length of each row")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    options = parser.parse_args()
    measured = measure(options.modules, options.rounds, options.seconds)
    for game, rows in measured["games"].items():
        speedups = ", ".join(f"{row} {found['speedup']:.2f}x" for row, found in rows.items())
        print(f"{game}: {speedups}")
    options.output.write_text(json.dumps(measured, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {options.output}")


if __name__ == "__main__":
    main()
