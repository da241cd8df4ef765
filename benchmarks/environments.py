"""Environment steps per second: every game's PettingZoo AEC step beside the peers' RL environments.

Usage (from the repository root, with the package's ``adapters`` extra and the peers installed;
``nox -s bench`` does both)::

    python benchmarks/environments.py              # median of 5 interleaved rounds
    python benchmarks/environments.py --quick      # 3 rounds of 0.2 s: a rough pass

The rows, each timed in every round, one after the other, so that a change in the machine's
load touches them alike (``timing.interleave``), in the processor time of this process
(``time.process_time``): on a machine shared with other work the wall clock also counts the
time the process waited for a core, which swings several times over from one run to the next.

* ``cardgames <game>``: :func:`cardgames.integrations.pettingzoo.env` of the game with its usual
  seats and one hand an episode. A step is one agent's turn: ``last()``, a uniformly random
  action among the ones of the observation's ``action_mask`` (``numpy.flatnonzero``, then
  ``random.Random.choice``), ``step(action)``; the steps of the agents already terminated at
  the episode's end (``step(None)``) are timed but not counted. A new episode (a seeded
  ``reset``) is timed too.
* ``OpenSpiel gin_rummy rl_environment``: ``rl_environment.Environment("gin_rummy")``; a step
  is one ``step([action])`` with a random choice among the time step's ``legal_actions`` of
  the player to move (the environment samples chance itself, inside the step), ``reset``
  timed too.
* ``RLCard gin-rummy env``: ``rlcard.make("gin-rummy")``; a step is one ``step(action)`` with a
  random choice among the state's ``legal_actions``, ``reset`` timed too.

The results go to ``benchmarks/environments.json``; ``render_docs.py`` puts them on the
Performance page.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import timing

import cardgames
from cardgames.integrations import pettingzoo

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "environments.json"

Result = dict[str, Any]
Episode = Callable[[], int]
"""One timed episode: it plays an episode to its end and returns the steps it counted."""


def _cardgames_episode(name: str, seed: int) -> Episode:
    """Return one seeded random episode of a game's AEC environment, counting its steps."""
    table = pettingzoo.env(name)
    rng = random.Random(seed)
    choice, flatnonzero = rng.choice, np.flatnonzero

    def episode() -> int:
        table.reset(seed=rng.getrandbits(48))
        steps = 0
        last, step = table.last, table.step
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = last()
            if terminated or truncated:
                step(None)
                continue
            step(int(choice(flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return episode


def _open_spiel_episode(seed: int) -> Episode:
    """Return one random episode of OpenSpiel's gin_rummy ``rl_environment``."""
    rl_environment = importlib.import_module("open_spiel.python.rl_environment")
    environment = rl_environment.Environment("gin_rummy")
    environment.seed(seed)
    choice = random.Random(seed).choice

    def episode() -> int:
        time_step = environment.reset()
        steps = 0
        while not time_step.last():
            observations = time_step.observations
            legal = observations["legal_actions"][observations["current_player"]]
            time_step = environment.step([choice(legal)])
            steps += 1
        return steps

    return episode


def _rlcard_episode(seed: int) -> Episode:
    """Return one random episode of RLCard's gin-rummy environment."""
    rlcard = importlib.import_module("rlcard")
    environment = rlcard.make("gin-rummy", config={"seed": seed})
    choice = random.Random(seed).choice

    def episode() -> int:
        state, _ = environment.reset()
        steps = 0
        while not environment.is_over():
            state, _ = environment.step(choice(list(state["legal_actions"])))
            steps += 1
        return steps

    return episode


def _suite(label: str, episode: Episode) -> timing.Suite:
    """Return the timed run of an environment's random episodes, summarised as steps/s."""

    def run(min_seconds: float) -> timing.Trial:
        return timing.hands_run(episode, min_seconds, timer=time.process_time)

    def summarize(trials: dict[str, list[timing.Trial]]) -> Result:
        steps = trials["steps"]
        return {
            "status": "ok",
            "label": label,
            "steps_per_s": timing.median_rate(steps, "actions"),
            "us_per_step": timing.median_cost_us(steps, "actions"),
            "steps_per_episode": sum(trial.counts["actions"] for trial in steps)
            / sum(trial.counts["hands"] for trial in steps),
            "runs": timing.as_json(steps),
        }

    return timing.Suite({"steps": run}, summarize)


PEERS: dict[str, tuple[str, Callable[[int], Episode]]] = {
    "open_spiel/gin_rummy": ("OpenSpiel gin_rummy rl_environment", _open_spiel_episode),
    "rlcard/gin-rummy": ("RLCard gin-rummy env", _rlcard_episode),
}
"""The peers' environments: each one's label and how to build its episode."""


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed rounds (median)")
    parser.add_argument("--seconds", type=float, default=0.6, help="minimum length of each run")
    parser.add_argument("--quick", action="store_true", help="3 runs of 0.2 s: a rough pass")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the episodes")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the JSON to write")
    return parser.parse_args(argv)


def target(measured: Result) -> Result:
    """Check issue 18's target: gin rummy's AEC step rate at least OpenSpiel's rl_environment's."""
    ours = measured["environments"].get("cardgames/gin-rummy", {}).get("steps_per_s")
    peer = measured["environments"].get("open_spiel/gin_rummy", {})
    theirs = peer.get("steps_per_s") if peer.get("status") == "ok" else None
    ratio = ours / theirs if ours is not None and theirs else None
    return {"ratio": ratio, "met": None if ratio is None else ratio >= 1.0}


def run(argv: list[str] | None = None) -> Result:
    """Time every environment the command line asks for; print and save the results."""
    options = _arguments(argv)
    settings = (
        timing.Settings(repeats=3, min_seconds=0.2, warmup_seconds=0.05)
        if options.quick
        else timing.Settings(repeats=options.repeats, min_seconds=options.seconds)
    )
    suites = {
        f"cardgames/{name}": _suite(
            f"cardgames {name} (PettingZoo AEC)", _cardgames_episode(name, options.seed)
        )
        for name in sorted(cardgames.GAMES)
    }
    skipped: dict[str, Result] = {}
    for key, (label, build) in PEERS.items():
        try:
            suites[key] = _suite(label, build(options.seed))
        except ImportError as error:
            skipped[key] = {"status": "skipped", "label": label, "reason": str(error)}

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    summaries = timing.interleave(suites, settings, report=progress)
    measured: Result = {
        "date": timing.utc_now(),
        "machine": timing.machine(),
        "settings": {
            "repeats": settings.repeats,
            "min_seconds": settings.min_seconds,
            "seed": options.seed,
        },
        "environments": {**summaries, **skipped},
    }
    measured["target"] = target(measured)
    for entry in measured["environments"].values():
        rate = f"{entry['steps_per_s']:,.0f} steps/s" if entry["status"] == "ok" else "skipped"
        print(f"{entry['label']:<50} {rate}")
    print(f"target (gin AEC / OpenSpiel rl_environment >= 1): {measured['target']}")
    options.output.write_text(json.dumps(measured, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return measured


if __name__ == "__main__":
    run()
