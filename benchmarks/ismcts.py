"""OpenSpiel's IS-MCTS playing Kalter Schlag against the rule bots, through the OpenSpiel adapter.

Usage (from the repository root, with the package's ``adapters`` extra installed)::

    python benchmarks/ismcts.py                          # 200 hands, 40 simulations a move
    python benchmarks/ismcts.py --hands 20 --simulations 10   # a rough pass

Each hand is one match of one hand (``python_cardgames_kalter_schlag`` as registered, with
``max_hands=1``), dealt by the adapter's chance nodes from a seeded ``random.Random``. One seat,
the hand's number modulo 4, is played by ``open_spiel.python.algorithms.ismcts.ISMCTSBot``
(random-rollout evaluator, UCT constant 2, the given simulations per move, worlds drawn by the
adapter's ``resample_from_infostate``); the other three by Kalter Schlag's rule bot
(``cardgames.GAMES["kalter-schlag"].bots["rule"]``). The same deal is then played again with the
rule bot in that seat too: the baseline, on the same cards.

A seat *wins* a hand when it is among the score's ``winners``: it is not the one charged the
hand's penalty (or one of those tied for it), so four rule bots win three hands in four. The
win rate comes with its 95 % Wilson interval, the mean return (penalty points, negated) with
its 95 % normal interval.

The results go to ``benchmarks/ismcts.json`` and, as an RST table, to
``docs/_generated/ismcts.txt``, which the Integrations page includes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import intervals
import numpy as np
import pyspiel
import timing
from open_spiel.python.algorithms import ismcts, mcts

import cardgames
from cardgames.integrations import openspiel

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "ismcts.json"
DEFAULT_TABLE = HERE.parent / "docs" / "_generated" / "ismcts.txt"
GAME = "kalter-schlag"

Chooser = Callable[[Any, random.Random], int]
"""How a seat picks its action: given the OpenSpiel state (that seat to move) and a stream."""


def _rule_chooser() -> Chooser:
    """Return the rule bot as a chooser of actions: its move's one action."""
    entry = cardgames.GAMES[GAME]
    bot = entry.bots["rule"]()

    def choose(state: Any, rng: random.Random) -> int:  # noqa: ANN401  # a pyspiel state
        move = bot.choose(state.view(state.current_player()), rng)
        return entry.move_to_index(move)

    return choose


def _ismcts_chooser(spiel_game: Any, simulations: int, seed: int) -> Chooser:  # noqa: ANN401
    """Return OpenSpiel's IS-MCTS bot as a chooser of actions."""
    numbers = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        spiel_game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=numbers,
    )

    def choose(state: Any, rng: random.Random) -> int:  # noqa: ANN401  # a pyspiel state
        del rng  # the bot draws from its own numbers
        return int(bot.step(state))

    return choose


def play_hand(spiel_game: Any, choosers: Sequence[Chooser], seed: int) -> Any:  # noqa: ANN401
    """Play one hand (a match of one hand) with each seat's chooser; return the last state.

    The chance nodes draw from a stream of ``seed`` alone, so the same seed deals the same
    cards whoever plays.
    """
    deals, moves = random.Random(seed), random.Random(seed + 1)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(deals.choice(state.legal_actions()))
        else:
            state.apply_action(choosers[state.current_player()](state, moves))
    return state


def _won(state: Any, seat: int) -> bool:  # noqa: ANN401  # a pyspiel state
    """Return whether ``seat`` is among the hand's winners (not charged its penalty)."""
    return seat in state.view(seat).winners


def run(argv: list[str] | None = None) -> dict[str, Any]:
    """Play the hands the command line asks for; print and save the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands to play")
    parser.add_argument("--simulations", type=int, default=40, help="IS-MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deals")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the JSON to write")
    parser.add_argument("--table", type=Path, default=DEFAULT_TABLE, help="the RST to write")
    options = parser.parse_args(argv)
    spiel_game = pyspiel.load_game(openspiel.game_name(cardgames.GAMES[GAME]))
    rule = _rule_chooser()
    search = _ismcts_chooser(spiel_game, options.simulations, options.seed)
    outcomes: dict[str, list[tuple[bool, float]]] = {"IS-MCTS": [], "rule bot": []}
    start = timing.clock()
    for hand in range(options.hands):
        seat = hand % spiel_game.num_players()
        seed = options.seed * 1_000_003 + hand
        for label, chooser in (("IS-MCTS", search), ("rule bot", rule)):
            choosers = [chooser if place == seat else rule for place in range(4)]
            final = play_hand(spiel_game, choosers, seed)
            outcomes[label].append((_won(final, seat), final.returns()[seat]))
        print(f"hand {hand + 1} of {options.hands}", file=sys.stderr, flush=True)
    seconds = timing.clock() - start
    players: dict[str, Any] = {}
    for label, results in outcomes.items():
        wins = sum(won for won, _ in results)
        low, high = intervals.wilson(wins, len(results))
        mean, mean_low, mean_high = intervals.mean_interval([value for _, value in results])
        players[label] = {
            "wins": wins,
            "win_rate": wins / len(results),
            "win_rate_95": [low, high],
            "mean_return": mean,
            "mean_return_95": [mean_low, mean_high],
        }
    measured = {
        "date": timing.utc_now(),
        "machine": timing.machine(),
        "versions": {"cardgames": cardgames.__version__, "open-spiel": _open_spiel_version()},
        "settings": {
            "hands": options.hands,
            "simulations": options.simulations,
            "seed": options.seed,
            "uct_c": 2.0,
            "evaluator": "random rollouts, 1 a leaf",
        },
        "seconds": seconds,
        "players": players,
    }
    options.output.write_text(json.dumps(measured, indent=2) + "\n", "utf-8")
    options.table.parent.mkdir(parents=True, exist_ok=True)
    options.table.write_text(render(measured), "utf-8")
    print(render(measured))
    return measured


def _open_spiel_version() -> str:
    """Return the installed OpenSpiel's version."""
    import importlib.metadata  # noqa: PLC0415  # only for the record

    return importlib.metadata.version("open-spiel")


def render(measured: dict[str, Any]) -> str:
    """Return the results as an RST fragment: a sentence on the run, then a table."""
    settings = measured["settings"]
    lines = [
        (
            f"{settings['hands']} hands, seeded from {settings['seed']}; IS-MCTS with "
            f"{settings['simulations']} simulations a move ({settings['evaluator']}, UCT constant "
            f"{settings['uct_c']}), OpenSpiel {measured['versions']['open-spiel']}, "
            f"{measured['date']} (UTC), {measured['seconds']:.0f} s on "
            f"{measured['machine']['cores']} cores."
        ),
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - the seat played by",
        "     - hands won",
        "     - win rate (95 % interval)",
        "     - mean return (95 % interval)",
    ]
    for label, result in measured["players"].items():
        low, high = result["win_rate_95"]
        mean_low, mean_high = result["mean_return_95"]
        lines += [
            f"   * - {label}",
            f"     - {result['wins']} of {settings['hands']}",
            f"     - {result['win_rate']:.1%} ({low:.1%} to {high:.1%})",
            f"     - {result['mean_return']:.1f} ({mean_low:.1f} to {mean_high:.1f})",
        ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    run()
