"""The peers, timed the way ``measure_cardgames`` times this library.

* OpenSpiel ``skat``, ``hearts`` and ``gin_rummy`` driven from Python: one hand is one episode
  from ``new_initial_state()`` to a terminal state; chance nodes (the deal, draws from the stock)
  are sampled in Python and timed but not counted as player actions, each player action is one
  ``legal_actions()`` + one ``apply_action()`` with a uniformly random choice.
* OpenSpiel's own C++ loop: ``pyspiel.evaluate_bots`` with uniform random bots, per hand.
* RLCard's gin rummy game: ``judge.get_legal_actions()`` + ``game.step()`` from ``init_game()``
  until ``is_over()``.

A peer that is not installed is reported as skipped, with the reason.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import random
from collections.abc import Callable
from typing import Any

import timing

__all__ = ["PEERS", "peer_versions", "prepare_peers"]

Result = dict[str, Any]


def _import(module: str) -> Any:  # noqa: ANN401  # the peers ship no type information
    """Import a peer's module by name (raises ImportError if it is not installed)."""
    return importlib.import_module(module)


def _version(distribution: str) -> str | None:
    """Return an installed distribution's version, or None."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _uniform_chance(pyspiel_game: Any, seed: int) -> bool:  # noqa: ANN401  # a pyspiel.Game
    """Return whether every chance node met in a few random episodes is uniform."""
    rng = random.Random(seed)
    for _ in range(5):
        state = pyspiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                first = outcomes[0][1]
                if any(abs(probability - first) > 1e-12 for _, probability in outcomes):
                    return False
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return True


def _open_spiel_run(
    pyspiel_game: Any,  # noqa: ANN401  # a pyspiel.Game
    seed: int,
    *,
    uniform: bool,
) -> Callable[[float], timing.Trial]:
    """Return a timed run of random OpenSpiel episodes driven from Python."""

    def run(min_seconds: float) -> timing.Trial:
        rng = random.Random(seed)
        choice = rng.choice
        choices = rng.choices

        def play_hand() -> int:
            actions = 0
            state = pyspiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    if uniform:
                        state.apply_action(choice(outcomes)[0])
                    else:
                        ids, weights = zip(*outcomes, strict=True)
                        state.apply_action(choices(ids, weights)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                    actions += 1
            return actions

        return timing.hands_run(play_hand, min_seconds)

    return run


def _summary(label: str, trials: list[timing.Trial], **extra: object) -> Result:
    """Return a peer's results from its trials: rates, costs, and the raw runs."""
    result: Result = {
        "status": "ok",
        "label": label,
        "hands_per_s": timing.median_rate(trials, "hands"),
    }
    if "actions" in trials[0].counts:
        result["actions_per_s"] = timing.median_rate(trials, "actions")
        result["us_per_action"] = timing.median_cost_us(trials, "actions")
        result["actions_per_hand"] = sum(trial.counts["actions"] for trial in trials) / sum(
            trial.counts["hands"] for trial in trials
        )
    return {**result, **extra, "runs": timing.as_json(trials)}


def _open_spiel_python(name: str, seed: int) -> timing.Suite:
    """Prepare OpenSpiel's ``name`` driven from Python."""
    pyspiel = _import("pyspiel")
    pyspiel_game = pyspiel.load_game(name)
    uniform = _uniform_chance(pyspiel_game, seed)
    return timing.Suite(
        runs={"playout": _open_spiel_run(pyspiel_game, seed, uniform=uniform)},
        summarize=lambda trials: _summary(
            f"OpenSpiel {name} (Python loop)",
            trials["playout"],
            chance="uniform choice" if uniform else "weighted choice",
        ),
    )


def _open_spiel_bots(name: str, seed: int) -> timing.Suite:
    """Prepare OpenSpiel's C++ episode loop, ``evaluate_bots``, with uniform random bots."""
    pyspiel = _import("pyspiel")
    pyspiel_game = pyspiel.load_game(name)
    bots = [
        pyspiel.make_uniform_random_bot(player, seed + player)
        for player in range(pyspiel_game.num_players())
    ]
    evaluate_bots = pyspiel.evaluate_bots

    def run(min_seconds: float) -> timing.Trial:
        episodes = 0

        def play_hand() -> int:
            nonlocal episodes
            evaluate_bots(pyspiel_game.new_initial_state(), bots, seed + episodes)
            episodes += 1
            return 0  # the C++ loop does not report its actions

        return timing.hands_run(play_hand, min_seconds, count_actions=False)

    return timing.Suite(
        runs={"playout": run},
        summarize=lambda trials: _summary(
            f"OpenSpiel {name} (C++ loop, evaluate_bots)", trials["playout"]
        ),
    )


def _rlcard_gin_rummy(seed: int) -> timing.Suite:
    """Prepare RLCard's gin rummy game loop."""
    numpy = _import("numpy")
    game_module = _import("rlcard.games.gin_rummy.game")
    rlcard_game = game_module.GinRummyGame()
    rlcard_game.np_random = numpy.random.RandomState(seed)

    def run(min_seconds: float) -> timing.Trial:
        rng = random.Random(seed)
        choice = rng.choice
        judge = rlcard_game.judge

        def play_hand() -> int:
            actions = 0
            rlcard_game.init_game()
            while not rlcard_game.is_over():
                rlcard_game.step(choice(judge.get_legal_actions()))
                actions += 1
            return actions

        return timing.hands_run(play_hand, min_seconds)

    return timing.Suite(
        runs={"playout": run},
        summarize=lambda trials: _summary("RLCard gin rummy (Python game loop)", trials["playout"]),
    )


PEERS: dict[str, tuple[str, Callable[[int], timing.Suite]]] = {
    "open_spiel/skat": ("open-spiel", lambda seed: _open_spiel_python("skat", seed)),
    "open_spiel/hearts": ("open-spiel", lambda seed: _open_spiel_python("hearts", seed)),
    "open_spiel/gin_rummy": ("open-spiel", lambda seed: _open_spiel_python("gin_rummy", seed)),
    "open_spiel/gin_rummy/evaluate_bots": (
        "open-spiel",
        lambda seed: _open_spiel_bots("gin_rummy", seed),
    ),
    "rlcard/gin_rummy": ("rlcard", _rlcard_gin_rummy),
}
"""Each peer benchmark by key: the distribution it needs, and the function that prepares it."""


def prepare_peers(
    *, seed: int = 2024, only: Callable[[str], bool] = lambda _: True
) -> tuple[dict[str, timing.Suite], dict[str, Result]]:
    """Prepare every peer benchmark that ``only`` accepts.

    Returns the suites to time, and the results of the peers that cannot run (``status:
    skipped`` with the reason: the package is not installed, or the game is missing from it).
    """
    suites: dict[str, timing.Suite] = {}
    skipped: dict[str, Result] = {}
    for key, (distribution, prepare) in PEERS.items():
        if not only(key):
            continue
        try:
            suites[key] = prepare(seed)
        except ImportError as error:
            reason = f"{distribution} is not installed ({error})"
            skipped[key] = {"status": "skipped", "label": key, "reason": reason}
        except Exception as error:  # noqa: BLE001  # pyspiel raises its own error for a missing game
            reason = f"{distribution} cannot run it ({type(error).__name__}: {error})"
            skipped[key] = {"status": "skipped", "label": key, "reason": reason}
    return suites, skipped


def peer_versions() -> dict[str, str | None]:
    """Return the installed versions of the peers (None where not installed)."""
    return {name: _version(name) for name in ("open-spiel", "rlcard", "numpy")}
