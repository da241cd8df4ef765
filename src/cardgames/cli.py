"""The ``cardgames`` command: watch bots play a seeded match.

``cardgames watch kalter-schlag --seed 7`` plays a match between random bots and prints each
deal, double and trick as it happens and the score sheet after each hand. ``cardgames games``
lists the games. ``python -m cardgames`` is the same command.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

import cardgames
from cardgames import agents, errors, game, simulate

__all__ = ["DEFAULT_MAX_HANDS", "main"]

DEFAULT_MAX_HANDS = 100
"""The hand limit of ``cardgames watch`` unless ``--max-hands`` says otherwise."""


def _parser() -> argparse.ArgumentParser:
    """Build the argument parser."""
    parser = argparse.ArgumentParser(
        prog="cardgames", description="Traditional card games: rules engines and bots."
    )
    parser.add_argument("--version", action="version", version=f"cardgames {cardgames.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the games")
    watch = commands.add_parser("watch", help="watch random bots play a seeded match")
    watch.add_argument(
        "game",
        choices=cardgames.GAMES,  # accepts "kalter_schlag" as well as "kalter-schlag"
        metavar="game",
        help=f"the game to play: {', '.join(cardgames.GAMES)} (or with _ for -)",
    )
    watch.add_argument("--seed", type=int, default=None, help="the match seed (random if left out)")
    watch.add_argument("--players", type=int, default=None, help="number of seats (game's usual)")
    watch.add_argument(
        "--max-hands",
        type=int,
        default=DEFAULT_MAX_HANDS,
        help=(
            f"end the match after this many hands (default {DEFAULT_MAX_HANDS}: random bots "
            "seldom make a Staekske Rape contract, so its matches can run for ever); 0 for no limit"
        ),
    )
    return parser


def _score_sheet(score: game.Score[game.HandScore]) -> str:
    """Return the last hand's line and the totals, one row."""
    last = score.hands[-1]
    totals = "  ".join(f"seat {seat}: {total:>5}" for seat, total in enumerate(score.totals))
    return f"  {last.explanation}\n  totals  {totals}"


def watch(name: str, *, seed: int | None, players: int | None, max_hands: int) -> int:
    """Play and print a match between random bots; return the exit status.

    Args:
        name: The game's registry name.
        seed: The match seed, None for a random one.
        players: The number of seats, None for the game's usual number.
        max_hands: End the match after this many hands; 0 for no limit.
    """
    chosen = cardgames.GAMES[name]
    rules = chosen.rules_type(max_hands=max_hands or None)
    probe = chosen.new_game(rules, seed=seed, players=players)
    print(f"{chosen.title}, seed {probe.seed}, {probe.players} random bots")

    def observe(before: Any, move: Any, after: Any) -> None:  # noqa: ANN401  # any game's types
        line = chosen.narrate(before, move, after)
        if line is not None:
            print(line)
        if after.hand_over and not before.hand_over:
            print(_score_sheet(chosen.score(after)))

    final = simulate.play_match(
        chosen,
        [agents.RandomAgent()] * probe.players,
        rules=rules,
        seed=probe.seed,
        observe=observe,
    )
    result = chosen.score(final)
    losers = ", ".join(map(str, result.losers)) or "none"
    winners = ", ".join(map(str, result.winners)) or "none"
    hands = f"{final.hand_number} hand{'' if final.hand_number == 1 else 's'}"
    print(f"match over after {hands}: won by seat(s) {winners}; lost by {losers}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad arguments)."""
    arguments = _parser().parse_args(argv)
    if arguments.command == "games":
        for name, entry in sorted(cardgames.GAMES.items()):
            counts = "/".join(map(str, entry.players))
            print(f"{name:<16} {entry.title} ({counts} players)")
        return 0
    try:
        return watch(
            arguments.game,
            seed=arguments.seed,
            players=arguments.players,
            max_hands=arguments.max_hands,
        )
    except errors.CardgamesError as error:
        print(f"cardgames: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early, as `cardgames watch … | head` does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 0
