"""The peers, timed the way ``measure_cardgames`` times this library.

* OpenSpiel ``skat``, ``hearts`` and ``gin_rummy`` driven from Python: one hand is one episode
  from ``new_initial_state()`` to a terminal state; chance nodes (the deal, draws from the stock)
  are sampled in Python and timed but not counted as player actions, each player action is one
  ``legal_actions()`` + one ``apply_action()`` with a uniformly random choice.
* The same episodes as a learner's loop plays them, where the game provides observation tensors
  (``skat``, ``gin_rummy``): each player action is ``observation_tensor()`` of the player to
  move, then ``legal_actions()`` and ``apply_action()``.
* A server's step, where the game provides observations: recorded episodes replayed, each player
  action one ``apply_action()`` and then ``observation_string()`` of every player (or
  ``observation_tensor()`` where the game has no strings); chance actions are applied and timed,
  not counted, and not observed.
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


Act = Callable[[Any, timing.Choice], None]
"""One player action of an OpenSpiel episode: given the (mutable) state and the choice."""


def _play(state: Any, choice: timing.Choice) -> None:  # noqa: ANN401  # a pyspiel.State
    """Apply a random legal action: the random episodes' player action."""
    state.apply_action(choice(state.legal_actions()))


def _learner_step(state: Any, choice: timing.Choice) -> None:  # noqa: ANN401  # a pyspiel.State
    """Observe as the player to move, then apply a random legal action: a learner's step."""
    state.observation_tensor(state.current_player())
    state.apply_action(choice(state.legal_actions()))


def _episode(
    pyspiel_game: Any,  # noqa: ANN401  # a pyspiel.Game
    rng: random.Random,
    *,
    uniform: bool,
    act: Act,
) -> tuple[Any, int]:
    """Play one random episode; return its terminal state and how many player actions it took.

    Chance outcomes are drawn with ``rng`` (uniformly, or by weight where the game's are not
    uniform); each player action is ``act``.
    """
    choice = rng.choice
    actions = 0
    state = pyspiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if uniform:
                state.apply_action(choice(outcomes)[0])
            else:
                ids, weights = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(ids, weights)[0])
        else:
            act(state, choice)
            actions += 1
    return state, actions


def _open_spiel_run(
    pyspiel_game: Any,  # noqa: ANN401  # a pyspiel.Game
    seed: int,
    *,
    uniform: bool,
    act: Act,
) -> Callable[[float], timing.Trial]:
    """Return a timed run of random OpenSpiel episodes driven from Python, ``act`` per action."""

    def run(min_seconds: float) -> timing.Trial:
        rng = random.Random(seed)
        return timing.hands_run(
            lambda: _episode(pyspiel_game, rng, uniform=uniform, act=act)[1], min_seconds
        )

    return run


Script = tuple[list[tuple[int, range | tuple[()]]], int]
"""A recorded episode: each action with the players to observe after it, and its player actions."""


def _server_run(
    pyspiel_game: Any,  # noqa: ANN401  # a pyspiel.Game
    seed: int,
    *,
    uniform: bool,
    observe: str,
    episodes: int = 60,
) -> Callable[[float], timing.Trial]:
    """Return a timed replay of recorded random episodes as a server plays them.

    Each player action is one ``apply_action()`` and then ``observe`` (the name of the state's
    method, ``"observation_string"`` or ``"observation_tensor"``) for every player; a chance
    action is applied and timed, not counted, and not observed.
    """
    rng = random.Random(seed)
    players = range(pyspiel_game.num_players())
    scripts: list[Script] = []
    for _ in range(episodes):
        state, actions = _episode(pyspiel_game, rng, uniform=uniform, act=_play)
        steps = [
            (step.action, players if step.player >= 0 else ()) for step in state.full_history()
        ]
        scripts.append((steps, actions))
    new_initial_state = pyspiel_game.new_initial_state

    def replay(script: Script) -> int:
        steps, actions = script
        state = new_initial_state()
        apply_action = state.apply_action
        view = getattr(state, observe)
        for action, viewed in steps:
            apply_action(action)
            for player in viewed:
                view(player)
        return actions

    return timing.replays_run(scripts, replay)


def _summary(label: str, trials: dict[str, list[timing.Trial]], **extra: object) -> Result:
    """Return a peer's results from its trials: its playout's rates and costs, the raw runs."""
    playout = trials["playout"]
    result: Result = {
        "status": "ok",
        "label": label,
        "hands_per_s": timing.median_rate(playout, "hands"),
    }
    if "actions" in playout[0].counts:
        result["actions_per_s"] = timing.median_rate(playout, "actions")
        result["us_per_action"] = timing.median_cost_us(playout, "actions")
        result["actions_per_hand"] = sum(trial.counts["actions"] for trial in playout) / sum(
            trial.counts["hands"] for trial in playout
        )
    runs = {key: timing.as_json(value) for key, value in trials.items()}
    return {**result, **extra, "runs": runs}


def _observer(provides: Any) -> str | None:  # noqa: ANN401  # a pyspiel.GameType
    """Return the state's method a server's step observes with: strings, else tensors, else None."""
    if provides.provides_observation_string:
        return "observation_string"
    return "observation_tensor" if provides.provides_observation_tensor else None


def _open_spiel_python(name: str, seed: int) -> timing.Suite:
    """Prepare OpenSpiel's ``name`` driven from Python: its episodes, and its steps if it has them.

    A game that provides observation tensors gets the learner's step too; one that provides
    observation strings or tensors, the server's step.
    """
    pyspiel = _import("pyspiel")
    pyspiel_game = pyspiel.load_game(name)
    uniform = _uniform_chance(pyspiel_game, seed)
    provides = pyspiel_game.get_type()
    runs = {"playout": _open_spiel_run(pyspiel_game, seed, uniform=uniform, act=_play)}
    if provides.provides_observation_tensor:
        runs["rl step"] = _open_spiel_run(pyspiel_game, seed, uniform=uniform, act=_learner_step)
    observe = _observer(provides)
    if observe is not None:
        runs["server step"] = _server_run(pyspiel_game, seed, uniform=uniform, observe=observe)

    def summarize(trials: dict[str, list[timing.Trial]]) -> Result:
        steps: Result = {}
        if "rl step" in trials:
            steps["rl_step_us"] = timing.median_cost_us(trials["rl step"], "actions")
        if "server step" in trials:
            steps["server_step_us"] = timing.median_cost_us(trials["server step"], "actions")
            steps["server_seats"] = pyspiel_game.num_players()
            steps["server_view"] = observe
        return _summary(
            f"OpenSpiel {name} (Python loop)",
            trials,
            chance="uniform choice" if uniform else "weighted choice",
            **steps,
        )

    return timing.Suite(runs=runs, summarize=summarize)


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
        summarize=lambda trials: _summary(f"OpenSpiel {name} (C++ loop, evaluate_bots)", trials),
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
        summarize=lambda trials: _summary("RLCard gin rummy (Python game loop)", trials),
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
