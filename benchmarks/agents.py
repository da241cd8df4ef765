"""The search agents against the rule agents: win rates with 95 % intervals, seats rotated.

Usage (from the repository root, with the package installed)::

    python benchmarks/agents.py --games kalter-schlag --matches 1000
    python benchmarks/agents.py --games kalter-schlag --matches 20 --hands 1   # a rough pass
    python benchmarks/agents.py --games kalter-schlag --matches 1000 --agent rollout
    python benchmarks/agents.py --games staekske-rape --matches 1000 --hands 50 --agent search

For each game, :func:`cardgames.simulate.run` plays ``--matches`` matches of the lineup
``[agent, "rule", "rule", ...]`` (one search agent, the rule agent in every other seat), which
it rotates round the seats, so the search agent meets every seat as often. ``--hands`` sets the
rules' ``max_hands`` (1 by default: a match of one hand, as ``benchmarks/ismcts.py`` plays, so
that the results count deals rather than whole sessions); ``--hands 0`` plays whole matches. The
search agent is the game's registered ``--agent`` (``"pimc"`` by default, a
``cardgames.search.PimcAgent``; ``"rollout"``, a ``cardgames.search.RolloutAgent``; or a game's
own, such as Staekske Rape's ``"search"``, a ``cardgames.staekske_rape.SearchAgent``; each with
a budget of positions or deals a move, reproducible), or one with ``--nodes`` positions a move
(a pimc agent's solves), ``--positions`` (a rollout or search agent's play-outs) or ``--deals``
(a Staekske Rape search agent's judgements) if told; every move it makes is timed.
``--workers N`` plays the run in N processes, each a slice of consecutive matches: the results
are the same as one process's, and each move's CPU time is still its own (the matches' seconds
are the workers' seconds added up). ``--measure penalty`` has Kalter Schlag's pimc
agent solve its worlds in the hand's penalty rather than card points; ``--aim top`` has a
rollout agent rank its moves by how often the play-outs leave it with the best result of the
table.

The baseline is the same run with the rule agent in the search agent's seat too: the same seeds,
so the same deals. A seat *wins* a match when it is among the score's ``winners``: in Kalter
Schlag that is every seat but the loser (the one charged the penalty, or the one who passes
2000), so four equal players win three matches in four, and the margin is measured against
that 75 %, not 50 %. The win rate comes with its 95 % Wilson interval.

The results go to ``benchmarks/agents.json`` (one entry a game and agent, with the command): the
pimc agent's under the game's name, another agent's under the game's name and the agent's;
a run with ``--measure M`` adds ``, measure M`` to its key, a run of whole matches
(``--hands 0``) ``, whole matches``, a run of N hands a match ``, N hands a match``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import itertools
import json
import operator
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import intervals

import cardgames
from cardgames import agents, protocols, search, simulate

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "agents.json"


@attrs.define
class Timed:
    """An agent that times each move of the agent it wraps (the runs are played here)."""

    agent: agents.Agent
    name: str = "pimc"
    seconds: list[float] = attrs.field(factory=list)
    cpu: list[float] = attrs.field(factory=list)

    def choose(self, view: protocols.PlayerView[Any], rng: random.Random) -> Any:  # noqa: ANN401
        """Return the wrapped agent's move, keeping the time it took (wall clock and CPU)."""
        start, used = time.perf_counter(), time.process_time()
        move = self.agent.choose(view, rng)
        self.seconds.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - used)
        return move


def _rate(result: simulate.AgentResult, hands_per_match: float) -> dict[str, Any]:
    """Return an agent's wins over its seats, with the rate's 95 % interval and mean points.

    ``mean_points`` is a seat's mean final total; ``mean_points_per_hand`` that over the hands
    its matches took (``hands_per_match`` on average).
    """
    return {
        "seats": result.seats,
        "wins": result.wins,
        "win_rate": result.wins / result.seats,
        "interval_95": list(intervals.wilson(result.wins, result.seats)),
        "mean_points": result.mean_points,
        "mean_points_per_hand": result.mean_points / hands_per_match,
    }


def _spread(seconds: list[float]) -> dict[str, float]:
    """Return the median, the 99th percentile and the longest of the moves' times."""
    ordered = sorted(seconds)
    return {
        "median": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max": ordered[-1],
    }


@attrs.frozen
class Budget:
    """What the measured agent is told beside its registered budget (None: as registered).

    Attributes:
        nodes: A pimc agent's positions solved a move.
        positions: A rollout agent's positions played out a move.
        measure: A pimc agent's solve measure.
        aim: A rollout agent's aim.
        deals: A Staekske Rape search agent's deals a judgement.
    """

    nodes: int | None = None
    positions: int | None = None
    measure: str | None = None
    aim: str | None = None
    deals: int | None = None


def _agent(name: str, kind: str, budget: Budget) -> Any:  # noqa: ANN401  # any attrs agent
    """Return the game's registered search agent ``kind``, with the budget's changes made."""
    agent = cardgames.GAMES[name].bots[kind]()
    changes = {
        "nodes": budget.nodes,
        "measure": budget.measure,
        "positions": budget.positions,
        "aim": budget.aim,
        "deals": budget.deals,
    }
    told: dict[str, Any] = {field: value for field, value in changes.items() if value is not None}
    unknown = sorted(set(told) - {field.name for field in attrs.fields(type(agent))})
    if unknown:
        raise SystemExit(f"the {kind} agent has no {', '.join(unknown)} to set")
    return attrs.evolve(agent, **told)


@attrs.frozen
class Played:
    """What one slice of a run of the search agent shows: its summary and its moves' times."""

    summary: simulate.Summary
    seconds: list[float]
    cpu: list[float]
    spent: float


@attrs.frozen
class Slice:
    """Matches ``start`` to ``start + matches`` of a game's run of one search agent.

    Attributes:
        name: The game's registry name.
        kind: The search agent's registered name.
        budget: What the agent is told beside its registered budget.
        hands: The rules' ``max_hands`` (0: whole matches).
        seed: The run's seed.
        start: The number of the slice's first match.
        matches: How many matches the slice plays.
    """

    name: str
    kind: str
    budget: Budget
    hands: int
    seed: int
    start: int
    matches: int


def _play_slice(part: Slice) -> Played:
    """Play one slice of the search agent's run, timing each of its moves."""
    entry = cardgames.GAMES[part.name]
    rules = entry.rules_type(max_hands=part.hands or None)
    timed = Timed(_agent(part.name, part.kind, part.budget), name=part.kind)
    lineup: list[simulate.Entrant] = [timed, *["rule"] * (entry.players[0] - 1)]
    begun = time.perf_counter()

    def report(so_far: simulate.Summary) -> None:
        """Tell the terminal how far the slice has got (a long run takes hours)."""
        wins = so_far.agent(part.kind).wins if so_far.matches else 0
        print(
            f"  matches {part.start} + {so_far.matches} of {part.matches}: {wins} won, "
            f"{time.perf_counter() - begun:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    summary = simulate.run(
        entry,
        lineup,
        matches=part.matches,
        seed=part.seed,
        rules=rules,
        start=part.start,
        progress=report,
    )
    return Played(summary, timed.seconds, timed.cpu, time.perf_counter() - begun)


def _slices(matches: int, workers: int) -> list[tuple[int, int]]:
    """Cut matches ``0`` to ``matches`` into ``workers`` runs of consecutive matches."""
    bounds = [matches * part // workers for part in range(workers + 1)]
    return [(low, high - low) for low, high in itertools.pairwise(bounds) if high > low]


def measure(
    name: str,
    matches: int,
    hands: int,
    *,
    seed: int,
    kind: str = "pimc",
    budget: Budget = Budget(),
    workers: int = 1,
) -> dict[str, Any]:
    """Play the search agent's run and the baseline's of one game; return what they show.

    With ``workers`` above 1 the run is cut into that many slices of consecutive matches, each
    played in a process of its own (:func:`cardgames.simulate.run`'s ``start``): the summary is
    the same as one process's, and each move is still timed in the process that made it.
    """
    entry = cardgames.GAMES[name]
    rules = entry.rules_type(max_hands=hands or None)
    agent = _agent(name, kind, budget)
    start = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        slices = [
            Slice(name, kind, budget, hands, seed, first, count)
            for first, count in _slices(matches, workers)
        ]
        parts = list(pool.map(_play_slice, slices))
        spent = time.perf_counter() - start
        baseline = simulate.run(
            entry, "rule", matches=matches, seed=seed, rules=rules, executor=pool
        )
    played = functools.reduce(operator.add, (part.summary for part in parts))
    seconds = [move for part in parts for move in part.seconds]
    cpu = [move for part in parts for move in part.cpu]
    own, rule = played.agent(kind), baseline.agent("rule")
    if isinstance(agent, search.PimcAgent):
        told = {"nodes_per_move": agent.nodes, "measure": agent.measure}
    elif isinstance(agent, search.RolloutAgent):
        told = {"positions_per_move": agent.positions, "aim": agent.aim}
    else:  # a game's own search agent: its budgets as they are named
        told = {field.name: getattr(agent, field.name) for field in attrs.fields(type(agent))}
    return {
        "game": name,
        "agent": kind,
        "matches": matches,
        "hands_per_match": hands or None,
        "hands": played.hands,
        "baseline_hands": baseline.hands,
        **told,
        kind: _rate(own, played.hands / matches),
        "baseline_rule": _rate(rule, baseline.hands / matches),
        "margin_points": 100 * (own.wins / own.seats - rule.wins / rule.seats),
        "move_seconds": {"moves": len(seconds), **_spread(seconds)},
        "move_cpu_seconds": _spread(cpu),
        "workers": workers,
        "seconds": spent,
        "seconds_per_match": sum(part.spent for part in parts) / matches,
        "command": " ".join(["python benchmarks/agents.py", *sys.argv[1:]]),
    }


def main() -> None:
    """Parse the arguments, measure each game, print and save the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["kalter-schlag"])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=1, help="max_hands; 0 for whole matches")
    parser.add_argument("--agent", choices=["pimc", "rollout", "search"], default="pimc")
    parser.add_argument("--nodes", type=int, default=None, help="a pimc agent's positions")
    parser.add_argument("--positions", type=int, default=None, help="a rollout or search agent's")
    parser.add_argument("--deals", type=int, default=None, help="a search agent's judgements")
    parser.add_argument("--aim", default=None, help="a rollout agent's aim (points, top)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--measure", default=None, help="the solve's measure (Kalter Schlag)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--workers", type=int, default=1, help="processes to play the run in")
    arguments = parser.parse_args()
    results = json.loads(arguments.output.read_text()) if arguments.output.exists() else {}
    for name in arguments.games:
        kind = arguments.agent
        budget = Budget(
            nodes=arguments.nodes,
            positions=arguments.positions,
            measure=arguments.measure,
            aim=arguments.aim,
            deals=arguments.deals,
        )
        found = measure(
            name,
            arguments.matches,
            arguments.hands,
            seed=arguments.seed,
            kind=kind,
            budget=budget,
            workers=arguments.workers,
        )
        key = name if kind == "pimc" else f"{name}, {kind}"
        if arguments.measure is not None:
            key += f", measure {arguments.measure}"
        if arguments.hands == 0:
            key += ", whole matches"
        elif arguments.hands != 1:
            key += f", {arguments.hands} hands a match"
        results[key] = found
        own, base = found[kind], found["baseline_rule"]
        print(
            f"{name}: {kind} wins {own['win_rate']:.1%} "
            f"[{own['interval_95'][0]:.1%}, {own['interval_95'][1]:.1%}] of {own['seats']} "
            f"seats; rule in its seat {base['win_rate']:.1%}; game points a hand "
            f"{own['mean_points_per_hand']:+.2f} against {base['mean_points_per_hand']:+.2f}; "
            f"margin "
            f"{found['margin_points']:+.1f} points; moves: median "
            f"{found['move_seconds']['median'] * 1000:.0f} ms, max "
            f"{found['move_seconds']['max'] * 1000:.0f} ms (CPU: max "
            f"{found['move_cpu_seconds']['max'] * 1000:.0f} ms, 99th percentile "
            f"{found['move_cpu_seconds']['p99'] * 1000:.0f} ms); "
            f"{found['seconds_per_match']:.2f} s "
            f"a match ({found['command']})"
        )
        arguments.output.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
