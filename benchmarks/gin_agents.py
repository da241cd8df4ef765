"""Gin Rummy's search agent against its rule agent, over whole matches with the seats rotated.

Usage (from the repository root)::

    python benchmarks/gin_agents.py --probe 20            # the cost of a match, nothing written
    python benchmarks/gin_agents.py --matches 1000        # the measurement, written to the docs

The matches are played by :func:`cardgames.simulate.run` with the lineup
``[SearchAgent(turns=T, ...), "rule"]``: match *i* turns the table by *i*, so each agent sits at
each seat, and deals first, in half the matches. The search agent is given a budget of turns of
play-outs (or of worlds), not of seconds, so the run is a pure function of its arguments (the
same on a loaded machine as on a quiet one); the CPU time each of its moves took
(``time.process_time``) is measured beside it: the median, the 99th percentile and the largest
over every move it made. Beside the wins come the points: each agent's mean final total a match
and its mean points a hand (its final totals over the hands played), so that a win rate bought
with a loss of points would show.

Two rule agents win half the seats they play by symmetry, so parity is 50 %; the win rate comes
with its 95 % Wilson interval. A match is won by the seat the score names as its winner (the
first to 100, the settlement's receiver).

A full run writes ``benchmarks/gin_agents.json`` and, as an RST table, the file
``docs/_generated/gin_agents.txt``, which the Gin Rummy page includes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import intervals
import timing

import cardgames
from cardgames import agents, gin_rummy, protocols, simulate

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "gin_agents.json"
DEFAULT_TABLE = HERE.parent / "docs" / "_generated" / "gin_agents.txt"
GAME = cardgames.GAMES["gin-rummy"]
DEFAULTS = gin_rummy.SearchAgent()
"""The registered agent, whose settings are the run's defaults."""
PARITY = 0.5
"""What either of two equal players wins."""
TARGET = 0.10
"""The margin over parity the search agent is to win by, its interval excluding parity."""
MOVE_LIMIT_MS = 200.0
"""The most CPU time a move of it may take, in milliseconds."""


@attrs.define
class Timed:
    """The search agent, with the CPU time of each of its moves kept.

    The times are measured here, not used: the agent plays by its budget of turns or worlds.
    """

    agent: gin_rummy.SearchAgent
    times: list[float] = attrs.Factory(list)

    @property
    def name(self) -> str:
        """The name the summary gives it."""
        return self.agent.name

    def choose(self, view: protocols.PlayerView[agents.MoveT], rng: random.Random) -> agents.MoveT:
        """Return the agent's move, timing it in CPU seconds."""
        start = time.process_time()
        move = self.agent.choose(view, rng)
        self.times.append(time.process_time() - start)
        return move


def percentile(times: list[float], share: float) -> float:
    """Return the value below which ``share`` of ``times`` lie (the nearest rank), 0 if none."""
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="matches to play")
    parser.add_argument("--probe", type=int, default=0, help="play this many, print the cost")
    parser.add_argument("--seed", type=int, default=2026, help="the run's seed")
    parser.add_argument("--turns", type=int, default=DEFAULTS.turns, help="play-out turns a move")
    parser.add_argument(
        "--worlds", type=int, default=DEFAULTS.worlds, help="worlds per move at most"
    )
    parser.add_argument(
        "--discards", type=int, default=DEFAULTS.discards, help="cheapest discards weighed"
    )
    parser.add_argument("--no-draws", action="store_true", help="weigh no draws")
    parser.add_argument("--uniform", action="store_true", help="uniform worlds, not read ones")
    parser.add_argument(
        "--margin", type=float, default=DEFAULTS.margin, help="standard errors to deviate"
    )
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--table", type=Path, default=DEFAULT_TABLE)
    parser.add_argument(
        "--render", action="store_true", help="rewrite the table from the output file, play none"
    )
    return parser


def run(argv: list[str] | None = None) -> dict[str, Any]:
    """Play the matches the arguments ask for and return what was measured."""
    args = _parser().parse_args(argv)
    agent = gin_rummy.SearchAgent(
        seconds=None,
        worlds=args.worlds,
        turns=args.turns,
        draws=not args.no_draws,
        discards=args.discards,
        margin=args.margin,
        read=not args.uniform,
    )
    timed = Timed(agent)
    matches = args.probe or args.matches
    started = time.perf_counter()
    cpu = time.process_time()
    summary = simulate.run(
        GAME,
        [timed, "rule"],
        seed=args.seed,
        matches=matches,
        chunk=10,
        progress=lambda so_far: _report(so_far, timed.times, started),
    )
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    search = summary.agent(agent.name)
    rule = summary.agent("rule")
    low, high = intervals.wilson(search.wins, search.seats)
    command = "python benchmarks/gin_agents.py " + " ".join(
        argv if argv is not None else sys.argv[1:]
    )
    return {
        "command": command.strip(),
        "agent": repr(agent),
        "seed": args.seed,
        "matches": summary.matches,
        "hands": summary.hands,
        "capped": summary.capped,
        "wins": search.wins,
        "seats": search.seats,
        "win_rate": search.win_rate,
        "interval": [low, high],
        "rule_wins": rule.wins,
        "points": search.points,
        "rule_points": rule.points,
        "mean_points": search.mean_points,
        "rule_mean_points": rule.mean_points,
        "points_per_hand": search.points / summary.hands,
        "rule_points_per_hand": rule.points / summary.hands,
        "hands_won": search.hands_up,
        "rule_hands_won": rule.hands_up,
        "moves": len(timed.times),
        "median_move_ms": 1000 * percentile(timed.times, 0.5),
        "p99_move_ms": 1000 * percentile(timed.times, 0.99),
        "most_move_ms": 1000 * max(timed.times, default=0.0),
        "mean_move_ms": 1000 * sum(timed.times) / max(len(timed.times), 1),
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "seconds_per_match": elapsed / summary.matches,
        "when": timing.utc_now(),
        "machine": timing.machine(),
        "probe": bool(args.probe),
        "table": _shown(args.table),
        "output": _shown(args.output),
    }


def _report(summary: simulate.Summary, times: list[float], started: float) -> None:
    """Print the run so far to standard error: a line a chunk, to follow a long run."""
    search = summary.agent("pimc")
    rule = summary.agent("rule")
    low, high = intervals.wilson(search.wins, search.seats)
    print(
        f"{summary.matches} matches, {summary.hands} hands: pimc {search.wins} wins "
        f"({search.win_rate:.1%}, {low:.1%} to {high:.1%}), points a hand "
        f"{search.points / summary.hands:.2f} against {rule.points / summary.hands:.2f}; "
        f"CPU a move median {1000 * percentile(times, 0.5):.0f} ms, "
        f"p99 {1000 * percentile(times, 0.99):.0f} ms, most {1000 * max(times):.0f} ms; "
        f"{time.perf_counter() - started:.0f} s",
        file=sys.stderr,
        flush=True,
    )


def _shown(path: Path) -> str:
    """Return a path relative to the repository when it is inside it."""
    try:
        return str(path.resolve().relative_to(HERE.parent))
    except ValueError:
        return str(path)


def render(measured: dict[str, Any]) -> str:
    """Return the RST table of a run, with the call that reproduces it."""
    low, high = measured["interval"]
    return "\n".join(
        [
            (
                f"{measured['matches']} matches ({measured['hands']} hands), seats rotated, "
                f"seed {measured['seed']}: ``{measured['agent']}`` against the rule agent, "
                f"{measured['when']} (UTC), {measured['seconds']:.0f} s of wall-clock time "
                f"({measured['seconds_per_match']:.2f} s a match) and "
                f"{measured['cpu_seconds']:.0f} s of CPU on a shared machine. Reproduce with "
                f"``{measured['command']}``."
            ),
            "",
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - agent",
            "     - matches won",
            "     - win rate (95 % interval)",
            "     - points a match (a hand)",
            "     - hands won",
            "     - CPU time a move (median, 99th percentile, most)",
            "   * - search (``pimc``)",
            f"     - {measured['wins']} of {measured['seats']}",
            f"     - {measured['win_rate']:.1%} ({low:.1%} to {high:.1%})",
            f"     - {measured['mean_points']:.1f} ({measured['points_per_hand']:.2f})",
            f"     - {measured['hands_won']}",
            (
                f"     - {measured['median_move_ms']:.1f} ms, {measured['p99_move_ms']:.0f} ms, "
                f"{measured['most_move_ms']:.0f} ms over {measured['moves']} moves"
            ),
            "   * - rule",
            f"     - {measured['rule_wins']} of {measured['seats']}",
            f"     - {measured['rule_wins'] / measured['seats']:.1%}",
            f"     - {measured['rule_mean_points']:.1f} ({measured['rule_points_per_hand']:.2f})",
            f"     - {measured['rule_hands_won']}",
            "     - (its own moves are not timed)",
            "",
            _verdict(measured),
            "",
        ]
    )


def _verdict(measured: dict[str, Any]) -> str:
    """Return what the run shows against the targets: the margin over parity, the slowest move."""
    low, _ = measured["interval"]
    margin = measured["win_rate"] - PARITY
    met = margin >= TARGET and low > PARITY
    in_time = measured["most_move_ms"] <= MOVE_LIMIT_MS
    said = [
        (
            f"The margin over parity is {100 * margin:+.1f} percentage points, its interval "
            f"{'excluding' if low > PARITY else 'including'} parity: the target of "
            f"+{100 * TARGET:.0f} points is {'met' if met else 'not met'}."
        ),
        (
            f"The slowest move took {measured['most_move_ms']:.0f} ms of CPU, "
            f"{'within' if in_time else 'over'} the {MOVE_LIMIT_MS:.0f} ms a move may take."
        ),
    ]
    if (
        measured["hands_won"] < measured["rule_hands_won"]
        and measured["points_per_hand"] > measured["rule_points_per_hand"]
    ):
        said.append("The search agent wins fewer hands than the rule agent, but more points.")
    return " ".join(said)


def main() -> None:
    """Run from the command line: print the result, and write it unless probing."""
    args = _parser().parse_args()
    if args.render:
        measured = json.loads(args.output.read_text(encoding="utf-8"))
        args.table.write_text(render(measured), encoding="utf-8")
        return
    measured = run()
    print(json.dumps({key: measured[key] for key in measured if key != "machine"}, indent=2))
    if not measured["probe"]:
        (HERE.parent / measured["output"]).write_text(
            json.dumps(measured, indent=2) + "\n", encoding="utf-8"
        )
        (HERE.parent / measured["table"]).write_text(render(measured), encoding="utf-8")


if __name__ == "__main__":
    main()
